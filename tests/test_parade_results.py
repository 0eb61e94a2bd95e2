"""The Parade results screen's score table, drawn for real (headless, see conftest.py)."""

import random

import pygame
import pytest

from wonderland_games.core.game import Seat
from wonderland_games.core.session import Session
from wonderland_games.games.parade.cards import BADGE
from wonderland_games.games.parade.results import ParadeResultsScene
from wonderland_games.ui.testing import make_app

SIZES = [(1024, 640), (1280, 800), (1920, 1080)]
NAMES = ["爱丽丝", "Bob", "Cheshire", "Dinah", "MadHatMM", "睡鼠"]


def finished(players: int, piles: dict, seed: int = 3) -> Session:
    """A game of random moves to its end, then each (seat, colour) in `piles` given a pile of
    that many of the colour's highest cards, taken from wherever they were."""
    session = Session.new("parade", [Seat(NAMES[0])] + [Seat(n, "bot", "random") for n in NAMES[1:players]],
                          seed=seed, autosave=False)
    rng = random.Random(seed)
    while not session.state.is_over():
        session.apply(rng.choice(session.state.legal_actions()))
    state, deck = session.state, session.state.deck
    for (seat, colour), n in piles.items():
        pile = [deck.card(colour, v) for v in range(deck.max_value, deck.max_value - n, -1)]
        state.collections = [tuple(c for c in cards if c not in pile and (s != seat or deck.colour_of(c) != colour))
                             + (tuple(pile) if s == seat else ()) for s, cards in enumerate(state.collections)]
    return session


class Spy(pygame.Surface):
    """A window-sized surface that notes every blit: (source, the rect it covered), in order."""

    def __init__(self, size):
        super().__init__(size)
        self.blits = []

    def blit(self, source, dest, area=None, special_flags=0):
        rect = super().blit(source, dest, area, special_flags)
        self.blits.append((source, rect))
        return rect


_NUMBERS: dict = {}


def number_area(painter, deck, value: int, width: int) -> pygame.Rect:
    """Where a face shows its number: the dark brown ink (BADGE_INK; the symbol beside it is
    grey) that every colour's card of that value has in its cream corner badge."""
    key = value, width
    if key not in _NUMBERS:
        faces = [painter.face(deck.card(colour, value), width) for colour in range(len(deck.colours))]
        top = faces[0].get_height() // 3
        badge = [(x, y) for y in range(top) for x in range(width) if faces[0].get_at((x, y))[:3] == BADGE]
        left, right = min(x for x, _ in badge), max(x for x, _ in badge)
        ink = [(x, y) for y in range(min(y for _, y in badge), max(y for _, y in badge) + 1)
               for x in range(left, right + 1) if all(_ink(face.get_at((x, y))) for face in faces)]
        xs, ys = [x for x, _ in ink], [y for _, y in ink]
        _NUMBERS[key] = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
    return _NUMBERS[key]


def _ink(pixel) -> bool:
    r, g, b = pixel[:3]
    return r + g + b < 450 and r - b >= 14  # the symbol's grey edges blend to r - b < 14 that dark


def check_every_value_shows(size, lang, players, piles):
    """The results of `finished(players, piles)` drawn on a Spy: every collected card is drawn
    once, inside the panel, with its number under nothing drawn after it, and lies under no
    text, no points pill and no other pile."""
    app = make_app(size, lang)
    session = finished(players, piles)
    scene = ParadeResultsScene(app, session, record_stats=False)
    app.push(scene)
    app.step(1 / 60)
    deck, pills = session.state.deck, []
    points = scene._points
    scene._points = lambda surface, box, *a: pills.append(pygame.Rect(box)) or points(surface, box, *a)
    spy = Spy(app.screen.get_size())
    scene.draw(spy)
    faces = {id(surf): card for (card, _), surf in scene.painter._faces.items()}
    drawn = [(faces.get(id(source)), rect) for source, rect in spy.blits]
    cards = [(card, rect) for card, rect in drawn if card is not None]
    pile_of = {card: (seat, deck.colour_of(card)) for seat, held in enumerate(session.state.collections) for card in held}
    assert sorted(card for card, _ in cards) == sorted(pile_of), "every collected card, once"
    texts = [rect for card, rect in drawn if card is None and scene.details_rect.contains(rect)]  # not the sky, the panel
    assert all(scene.details_rect.contains(pill) for pill in pills)
    for i, (card, rect) in enumerate(drawn):
        if card is None:
            continue
        assert scene.details_rect.contains(rect) and scene.panel.contains(rect), (card, rect)
        number = number_area(scene.painter, deck, deck.value_of(card), rect.width).move(rect.topleft)
        assert number.collidelist([r for _, r in drawn[i + 1:]]) == -1, f"the value of {card} {pile_of[card]} is covered"
        assert rect.collidelist(texts + pills) == -1, f"card {card} under a text or a points pill"
        others = [r for c, r in cards if pile_of[c] != pile_of[card]]
        assert rect.collidelist(others) == -1, f"card {card} over another pile"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("pile", [6, 10])
def test_every_value_of_a_long_pile_shows(size, lang, players, pile):
    """A pile of 6 or more showed half of each value at 1920x1080 (QA); narrower cards for all
    were too small at 1024x640. Every card's value must show, nothing over a text, a pill or
    another pile, nothing out of the panel."""
    check_every_value_shows(size, lang, players, {(players - 1, 2): pile})


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_value_shows_with_two_long_piles(size, players):
    """Two long piles (of two colours: a colour has 11 cards) in rows and columns of their own."""
    check_every_value_shows(size, "en", players, {(0, 0): 10, (players - 1, 5): 8})


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_cards_get_narrower_only_for_long_piles_and_never_tiny(size, players):
    """Narrower cards for everyone were too small at 1024x640: short piles keep the table's
    widest cards, and long ones shrink them no further than SMALLEST."""
    from wonderland_games.games.parade.cards import CardPainter
    from wonderland_games.games.parade.deck import load_deck
    from wonderland_games.games.parade.score_table import CARD, SMALLEST, plan
    from wonderland_games.ui.theme import px, scale

    app = make_app(size, "en")
    painter, s = CardPainter(load_deck(), app.font), scale(size)
    area = pygame.Rect(0, 0, int(size[0] * 0.62), int(size[1] * 0.3))
    short = plan(area, s, [[2, 1, 2, 0, 1, 2]] * players, painter.value_corner)
    even = min(px(86, s), area.height // players)
    assert short.card_w == int(min(px(CARD, s), (even - short.margin) / 1.4))  # as before long piles counted
    assert {w for _, w in short.columns} == {area.width // 6} and {h for _, h in short.rows} == {even}
    long = plan(area, s, [[10, 1, 2, 0, 1, 2]] + [[0, 2, 1, 3, 2, 1]] * (players - 1), painter.value_corner)
    assert short.card_w >= long.card_w >= min(short.card_w, px(SMALLEST, s))


def test_a_short_pile_does_not_wrap_to_keep_the_cards_a_pixel_wider():
    """Seen in the window at 1024x640: a pile of 3 went on in a second line so that every card
    could be one pixel wider; slightly narrower cards keep every pile of this table in one line."""
    from wonderland_games.games.parade.cards import CardPainter
    from wonderland_games.games.parade.deck import load_deck
    from wonderland_games.games.parade.score_table import plan
    from wonderland_games.ui.theme import scale

    app = make_app((1024, 640), "en")
    counts = [[3, 3, 1, 5, 2, 4], [0, 0, 2, 0, 2, 0], [2, 2, 3, 0, 0, 2]]
    painter = CardPainter(load_deck(), app.font)
    table = plan(pygame.Rect(209, 306, 659, 209), scale((1024, 640)), counts, painter.value_corner)  # as on that screen
    for seat, row in enumerate(counts):
        for colour, count in enumerate(row):
            assert len({r.top for r in table.pile(seat, colour, count)}) <= 1, (seat, colour)
