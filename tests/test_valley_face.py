"""A Valley card's face shows its effect as a line of icons (effect_line.py).

Players had to hover every card to learn what it did.
"""

import pygame
import pytest

from wonderland_games.core.game import BOT, Seat
from wonderland_games.core.session import Session
from wonderland_games.games.valley import city_view, effect_line
from wonderland_games.games.valley.cards import load_cards
from wonderland_games.games.valley.effects import VOCABULARY, walk
from wonderland_games.games.valley.scene import ValleyScene
from wonderland_games.ui import surfaces

KINDS = list(load_cards().kinds.values())


@pytest.fixture
def app(table_app):
    return table_app


def table(app, size, lang, players=2):
    app.i18n.set_language(lang)
    seats = [Seat("Ann")] + [Seat(f"Bot {i}", BOT, "random") for i in range(players - 1)]
    session = Session.new("valley", seats, seed=5, autosave=False)
    app.screen = pygame.display.set_mode(size)
    scene = ValleyScene(app, session)
    app.push(scene)
    app.step(1 / 60)
    return session, scene


def test_every_effect_kind_and_every_card_has_an_effect_line():
    """A card kind whose effect has no glyphs would show an empty strip: every kind of the
    vocabulary is mapped, and every card's line (and each effect in it, nested ones too) says something."""
    assert set(effect_line.GLYPHS) == set(VOCABULARY)
    for kind in KINDS:
        line = effect_line.effect_line(kind)
        assert any(what == "i" for what, *_ in line), kind.id
        for effect in walk(kind.effects):
            assert effect_line.glyphs(effect), (kind.id, effect.kind)


def test_lines_read_as_designed():
    """A few lines spelled out: a gain, a draw, a choice among some, a trade, a spot, a bonus, a count."""
    def spelled(kind_id):
        line = effect_line.effect_line(load_cards().kinds[kind_id])
        return " ".join(v if w == "t" else f"[{v}]" for w, v, *_ in line)

    assert spelled("honey_bee") == "[mark:production] +2 [berry]"
    assert spelled("carrier_pigeon") == "[mark:travel] +2 [card]"
    assert spelled("hedgehog_peddler") == "[mark:travel] +2 [or:twig,resin]"
    assert spelled("march_hare") == "[mark:travel] ≤3× [card] → [choose]"
    assert spelled("timid_lion") == "[workers] + [pebble] + [card] [sep] [owner] [point]"
    assert spelled("woodland_post") == "[workers] − [berry] : +3 [card]"
    assert spelled("dodo") == "[role:travel] : + [point]"
    assert spelled("tin_forge") == "[role:destination] −2 [choose]"
    assert spelled("magpie") == "[mark:prosperity] + [point] /2 [choose] ≤5"


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_effect_line_fits_inside_the_card_clear_of_band_name_and_cost(app, size, lang):
    """Every kind (the longest effects too) on a city card and a hand card: the strip lies inside the
    card below the role band and above the name; the icons are 10 px or more at 1024x640 (the numbers
    9/10 of them); what is painted stays inside the strip and off the points badge's digit. At
    1920x1080 the whole line shows; at 1024x640 a narrow card may leave out the trigger mark or a
    spot owner's share (the hover text says them)."""
    session, scene = table(app, size, lang)
    lay, s = scene.layout, scene.layout.s
    smallest = city_view.line_smallest(s)
    for rect, cost in ((lay.city_slots(0)[0], False), (lay.hand_slots(8)[0], True)):
        band = city_view._band_height(rect, s)
        for kind in KINDS:
            font, lines, top, bottom, strip = city_view._face(rect, s, app, kind, cost)
            assert rect.contains(strip) and strip.top >= rect.top + band + 1, (kind.id, strip)
            assert strip.bottom <= top and bottom <= rect.bottom, (kind.id, strip, top)
            line = effect_line.effect_line(kind)
            inner = strip.inflate(-2, -1)
            icon, shown = effect_line.fit(app, line, inner.width, inner.height, smallest)
            assert icon >= smallest and effect_line._widths(app, shown, icon)[2] <= inner.width, kind.id
            kept = {g[:2] for g in line if len(g) < 3}
            assert kept <= set(shown), kind.id
            if size == (1920, 1080):
                assert len(shown) == len(line), kind.id
            ink = surfaces.new(rect.size, alpha=True)
            effect_line.draw(ink, app, inner.move(-rect.left, -rect.top), line, smallest)
            painted = ink.get_bounding_rect().move(rect.topleft)
            assert inner.contains(painted), (kind.id, painted, inner)
            if kind.points:
                (x, y), radius = city_view.badge(rect, s, app, kind)
                clear = painted.right <= x - radius * 7 // 10 or painted.top >= y + radius * 7 // 10
                assert clear, (kind.id, painted, (x, y, radius))  # the badge's digit stays whole


def test_a_card_is_painted_once_then_blitted(app, monkeypatch):
    """The effect line is part of the cached card: a second frame of the same card paints nothing."""
    session, scene = table(app, (1024, 640), "en")
    painted = []
    real = city_view._paint_card
    monkeypatch.setattr(city_view, "_paint_card", lambda *a: painted.append(a[4].id) or real(*a))
    city_view.art._pieces.clear()
    frame = surfaces.new((1024, 640))
    rect = scene.layout.hand_slots(8)[0]
    roles = session.state.cards.roles
    for _ in range(3):
        city_view.draw_card(frame, rect, scene.layout.s, app, KINDS[0], roles[KINDS[0].role], cost=True)
    assert painted == [KINDS[0].id]


def test_a_line_too_long_for_a_tiny_card_ends_in_an_ellipsis_inside_it(app):
    """Four players at 1024x640: city cards 41 px wide drew lines past both edges, clipped into
    something else ("×[emblem]≤3" without its "+[berry]"). What does not fit ends in "…", inside."""
    session, scene = table(app, (1024, 640), "en", players=4)
    lay, s = scene.layout, scene.layout.s
    rect = lay.city_slots(0)[0]
    cut = 0
    for kind in KINDS:
        inner = city_view.line_rect(rect, s, app, kind, False).inflate(-2, -1)
        line = effect_line.effect_line(kind)
        size, shown = effect_line.fit(app, line, inner.width, inner.height, city_view.line_smallest(s))
        assert effect_line._widths(app, shown, size)[2] <= inner.width, kind.id
        if shown[-1] == ("t", "…"):
            cut += 1
            assert shown[:-1] == [g[:2] for g in line if len(g) < 3][:len(shown) - 1], kind.id
    assert cut  # the case this is about
