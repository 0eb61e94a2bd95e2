"""No table tells anything by colour alone (issue 27): seen through a protanopia and a
deuteranopia simulation (tests/colour_vision.py), every two colour-coded things still look
different — two seats' travellers, workers and tokens, two regions' cubes and city dots, two
card colours, two Valley roles, two Parade colours' empty slots and chips — by the shape, symbol
or gem each carries; and each table draws every one of those marks.

The measure compares shapes, not colours (each simulated greyscale is normalised), so the same
pieces with their marks left out fall below the line (`test_without_their_marks_...`): removing
a symbol makes the first test fail.
"""

from __future__ import annotations

import itertools

import pygame
import pytest

from colour_vision import KINDS, structure_difference
from wonderland_games.core.game import BOT, Seat
from wonderland_games.core.session import Session
from wonderland_games.scenes.launch import scene_class
from wonderland_games.ui import shapes, surfaces
from wonderland_games.ui.testing import step

CLEAR = 0.05  # structure difference two pieces need to be told apart without their colours


@pytest.fixture
def app(paced_app):
    return paced_app


def table(app, game: str, players: int = 4):
    """A new game's table at 1280x800, drawn: (scene, the frame)."""
    seats = [Seat("Ann")] + [Seat(f"Bot {i}", BOT, "easy") for i in range(1, players)]
    session = Session.new(game, seats, seed=5, autosave=False)
    scene = scene_class(game)(app, session)
    app.push(scene)
    step(app, 3)
    frame = surfaces.new((1280, 800))
    scene.draw(frame)
    return scene, frame


def blank(size: int) -> pygame.Surface:
    return surfaces.new((size, size), alpha=True)


# -- the pieces: for each kind of colour-coded thing, one drawing per colour ---------------
def voyage_pieces(app) -> dict:
    from wonderland_games.games.voyage import panels
    from wonderland_games.games.voyage.map_view import MapView

    scene, _ = table(app, "voyage", 5)
    state, world = scene.state, scene.state.world
    panels._pawns.clear()
    pawns = [panels.pawn(seat, 40).copy() for seat in range(5)]
    cubes, chips = [], []
    for region in world.regions:
        cubes.append(blank(24))
        panels.cube(cubes[-1], pygame.Rect(2, 2, 20, 20), region)
    for colour in state.cards.colours.values():
        chips.append(blank(24))
        panels.colour_chip(chips[-1], pygame.Rect(2, 2, 20, 20), colour)
    area = pygame.Rect(0, 0, 1600, 1000)
    view = MapView(app, world)
    base = view.base(area)
    r = int(view.dot_radius(area) * 0.8)  # the dot's inside: its fill and its region's shape
    starts = set(world.starts.values())
    dots = []
    for region in world.regions:
        city = next(c for c in world.cities if c.region == region.id and c.id not in starts)
        x, y = view.city_px(area, city.id)
        dots.append(base.subsurface(pygame.Rect(x - r, y - r, 2 * r, 2 * r)).copy())
    return {"voyage travellers": pawns, "voyage souvenir cubes": cubes, "voyage card colours": chips,
            "voyage city dots": dots}


def valley_pieces(app) -> dict:
    from wonderland_games.games.valley import art, city_view

    scene, _ = table(app, "valley", 4)
    cards = scene.state.cards
    art._tinted.clear()
    meeples = [art.meeple(seat, 40).copy() for seat in range(4)]
    kind = next(iter(cards.kinds.values()))
    bands = []
    for role in cards.roles.values():
        card = surfaces.new((70, 90), alpha=True)
        city_view._paint_card(card, card.get_rect(), 1.0, app, kind, role, False, False, False)
        bands.append(card.subsurface(pygame.Rect(0, 0, 70, city_view._band_height(card.get_rect(), 1.0))).copy())
    return {"valley workers": meeples, "valley roles": bands}


def oz_pieces(app) -> dict:
    from wonderland_games.games.oz.art import GEM_RGB, OzArt

    ozart = OzArt(app.font)
    return {"oz gems on tokens": [ozart.token("lion", colour, 48) for colour in GEM_RGB]}


def parade_pieces(app) -> dict:
    scene, frame = table(app, "parade", 4)
    box = scene.layout.seats[1]  # a bot's area: its collection is empty at the start
    slots = [frame.subsurface(box.pile(c).clip(box.stacks[c])).copy() for c in range(len(scene.deck.colours))]
    size = min(s.get_size() for s in slots)
    slots = [s.subsurface(pygame.Rect((0, 0), size)).copy() for s in slots]
    _, chips, _ = scene.layout.live_table()
    return {"parade empty colour slots": slots,
            "parade score table colours": [frame.subsurface(chip).copy() for chip in chips]}


def seat_marks() -> dict:
    """The seat's shape as every table and the results chart draw it, on each seat colour."""
    from wonderland_games.ui.score_chart import SEAT_COLOURS

    out = []
    for seat, colour in enumerate(SEAT_COLOURS):
        img = blank(24)
        pygame.draw.circle(img, colour, (12, 12), 11)
        shapes.draw(img, shapes.seat_shape(seat), (12, 12), 8)
        out.append(img)
    return {"player colours": out}


PIECES = {"voyage": voyage_pieces, "valley": valley_pieces, "oz": oz_pieces, "parade": parade_pieces,
          "players": lambda app: seat_marks()}


def closest(pieces: list, kind: str) -> float:
    return min(structure_difference(a, b, kind) for a, b in itertools.combinations(pieces, 2))


@pytest.fixture
def unmarked(monkeypatch):
    """Every mark that goes with a colour left out: the ui.shapes shapes, Parade's symbols,
    Valley's role symbols and the gem on an Oz token."""
    from wonderland_games.games.oz.art import OzArt
    from wonderland_games.games.parade.cards import CardPainter
    from wonderland_games.games.valley import art

    monkeypatch.setattr(shapes, "draw", lambda *a, **k: None)
    monkeypatch.setattr(CardPainter, "symbol", lambda self, colour, size: blank(size))
    monkeypatch.setattr(art, "role_symbol", lambda symbol, size: blank(size))
    monkeypatch.setattr(OzArt, "gem", lambda self, colour, size: blank(size))


@pytest.mark.parametrize("game", PIECES)
def test_every_two_colours_still_differ_for_colour_blind_eyes(app, game):
    """Two colour-coded things of a kind, each pair of them, seen without red-green vision, still
    differ clearly by what is drawn on them."""
    for name, pieces in PIECES[game](app).items():
        for kind in KINDS:
            assert closest(pieces, kind) > CLEAR, (name, kind)


@pytest.mark.parametrize("game", PIECES)
def test_without_their_marks_colour_blind_eyes_could_not_tell_them_apart(app, unmarked, game):
    """The measure sees shapes, not colours: with the marks left out, some two of each kind of
    piece look alike to one of the two simulations (so the test above stands on the marks)."""
    for name, pieces in PIECES[game](app).items():
        assert min(closest(pieces, kind) for kind in KINDS) < CLEAR, name


# -- each table draws every mark -----------------------------------------------------------
def drawn_shapes(monkeypatch) -> list:
    calls, real = [], shapes.draw
    monkeypatch.setattr(shapes, "draw", lambda surface, shape, *a, **k: calls.append(shape) or real(
        surface, shape, *a, **k))
    return calls


def test_voyage_draws_every_region_colour_and_travellers_shape(app, monkeypatch):
    from wonderland_games.games.voyage import panels

    panels._pawns.clear()
    calls = drawn_shapes(monkeypatch)
    scene, _ = table(app, "voyage", 5)
    state = scene.state
    for region in state.world.regions:
        assert region.symbol in calls, region.id
    for colour in state.cards.colours.values():
        assert colour.symbol in calls, colour.id
    assert {shapes.seat_shape(seat) for seat in range(5)} <= set(calls)


def test_voyage_symbols_are_shapes_and_tell_regions_and_colours_apart(app):
    """Regions and card colours stand side by side in a traveller's row: no two share a shape."""
    scene, _ = table(app, "voyage", 2)
    state = scene.state
    names = [r.symbol for r in state.world.regions] + [c.symbol for c in state.cards.colours.values()]
    assert set(names) <= set(shapes.SHAPES)
    assert len(set(names)) == len(names)


def test_valley_draws_every_seats_shape_on_its_workers(app, monkeypatch):
    from wonderland_games.games.valley import art

    art._tinted.clear()
    calls = drawn_shapes(monkeypatch)
    table(app, "valley", 4)
    assert {shapes.seat_shape(seat) for seat in range(4)} <= set(calls)


def test_oz_draws_every_players_gem_by_their_token(app, monkeypatch):
    from wonderland_games.games.oz.art import OzArt

    gems, real = [], OzArt.gem
    monkeypatch.setattr(OzArt, "gem", lambda self, colour, size: gems.append(colour) or real(self, colour, size))
    scene, _ = table(app, "oz", 4)
    assert set(scene.state.colours) <= set(gems)


def test_parade_draws_every_colours_symbol_on_the_table(app, monkeypatch):
    from wonderland_games.games.parade.cards import CardPainter

    drawn, real = [], CardPainter.symbol
    monkeypatch.setattr(CardPainter, "symbol", lambda self, colour, size: drawn.append(colour) or real(
        self, colour, size))
    scene, _ = table(app, "parade", 3)
    assert set(drawn) == set(range(len(scene.deck.colours)))


def test_results_chart_marks_every_line_and_legend_with_its_seats_shape(app, monkeypatch):
    from wonderland_games.ui.score_chart import SEAT_COLOURS, ScoreChart

    calls = drawn_shapes(monkeypatch)
    series = [(0, [0, 0, 0, 0]), (1, [3, 1, 2, 5]), (2, [6, 4, 2, 7])]
    chart = ScoreChart(app, series, ["A", "B", "C", "D"], list(SEAT_COLOURS[:4]), [0, 1, 2, 3], ("t", "x", "y"))
    chart.draw(surfaces.new((800, 500)), pygame.Rect(0, 0, 800, 500), 1.0)
    for seat in range(4):
        assert calls.count(shapes.seat_shape(seat)) >= 2, seat  # its legend swatch and its line's end


SHAPE_WORDS = {"cross": ("a cross", "十字"), "ring": ("a ring", "圆环"), "bar": ("a bar", "横条"),
               "triangle_down": ("a triangle pointing down", "倒三角"), "diamond": ("a diamond", "菱形"),
               "bowtie": ("a bow tie", "蝴蝶结"), "triangle": ("a triangle", "三角形"), "square": ("a square", "方形"),
               "circle": ("a circle", "圆形"), "star": ("a star", "星形")}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_voyage_rules_page_names_each_regions_and_colours_shape(app, lang):
    """The rules page says which shape goes with which region and card colour, next to its name."""
    from wonderland_games.core.paths import data_dir

    scene, _ = table(app, "voyage", 2)
    state = scene.state
    page = (data_dir() / "voyage" / f"rules.{lang}.md").read_text(encoding="utf-8")
    named = [(r.name[lang], r.symbol) for r in state.world.regions]
    named += [(c.theme[lang], c.symbol) for c in state.cards.colours.values()]
    for name, symbol in named:
        word = SHAPE_WORDS[symbol][lang == "zh"]
        assert any(word in page[i:i + len(name) + 40] for i in _all(page, name)), (name, word)


def _all(text: str, sub: str) -> list:
    out, i = [], text.find(sub)
    while i >= 0:
        out.append(i)
        i = text.find(sub, i + 1)
    return out
