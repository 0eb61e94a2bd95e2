"""The souvenir markets on the World Voyage table say what they are (QA: six coloured cubes with
counts on the Travellers title line, and nothing said which region each is or what it is for).

Pointing at a market's cube or count shows a tooltip under the title line: the region's name,
how many souvenirs are left there and what taking one costs and needs (Collect, rules.py). The
markets are measured apart from painting, so the tips find them exactly where they are drawn."""

import pygame
import pytest

from test_voyage_row_tips import NAMES, SIZES, point, start
from wonderland_games.core.game import Seat
from wonderland_games.core.session import Session
from wonderland_games.games.voyage import panels, rules
from wonderland_games.games.voyage.layout import compute
from wonderland_games.games.voyage.narrate import counted
from wonderland_games.ui import text as tx
from wonderland_games.ui.fonts import MISSING, glyph_bitmap


@pytest.fixture
def app(table_app):
    return table_app


def drawn_markets(app, scene, monkeypatch) -> list:
    """[(cube rect, its region)] of the cubes painted on the Travellers title line, left to right."""
    cubes, real = [], panels.cube
    monkeypatch.setattr(panels, "cube", lambda surface, rect, region: cubes.append((pygame.Rect(rect), region))
                        or real(surface, rect, region))
    scene._frame = None
    app.step(1 / 60)
    monkeypatch.setattr(panels, "cube", real)
    title_bottom = scene.layout.row_rects(len(scene.seats))[0].top
    return sorted([c for c in cubes if scene.layout.players.contains(c[0]) and c[0].bottom <= title_bottom],
                  key=lambda c: c[0].left)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_pointing_at_each_market_names_its_region_count_and_price(app, monkeypatch, lang):
    """Each of the six cubes on the title line, found where it is drawn, shows its own tip: the
    region's name (drawable in the bundled font), how many are left and what Collect costs."""
    state, scene = start(app, (1280, 800), 3, lang)
    state.supply = [0, 1, 2, 3, 4, 5]
    cubes = drawn_markets(app, scene, monkeypatch)
    assert [region for _, region in cubes] == list(state.world.regions)
    texts, real = [], tx.render
    monkeypatch.setattr(tx, "render", lambda font, text, *a: texts.append((font, text)) or real(font, text, *a))
    t, price = app.t, counted(app, "money", rules.SOUVENIR_PRICE)
    for i, (rect, _) in enumerate(cubes):
        region = app.i18n.pick(state.world.regions[i].name)
        for where in (rect.center, (rect.right + 2, rect.centery)):  # the cube, then its count
            texts.clear()
            scene._tips.clear()  # the cube's tip again, for its count: made anew, not taken from the cache
            point(app, where)
            shown = "".join(text for _, text in texts).replace(" ", "")  # the tip's lines wrap
            want = [t("voyage.market_tip.title", region=region, n=i),
                    t("voyage.market_tip.use", region=region, price=price,
                      button=t("voyage.buttons.collect", price=rules.SOUVENIR_PRICE))]
            assert all(line.replace(" ", "") in shown for line in want), (i, want, texts)
            assert region in want[0] and str(i) in want[0]
            font = next(font for font, text in texts if region in text)
            assert all(glyph_bitmap(font, ch) != glyph_bitmap(font, MISSING) for ch in region), region
    texts.clear()
    point(app, (cubes[0][0].left - 6, cubes[0][0].centery))  # the label before the cubes: no market's tip
    assert not any(text.startswith(t("voyage.market_tip.title", region=app.i18n.pick(region.name), n=i))
                   for _, text in texts for i, region in enumerate(state.world.regions))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_market_tip_stays_in_the_window_whole_below_the_markets(app, monkeypatch, size, players, lang):
    """Each market pointed at shows its tip inside the window, no line cut with "…", and the
    title line with all the markets left in sight."""
    state, scene = start(app, size, players, lang)
    state.supply = [0, 9, 3, 12, 1, 7]
    cubes = drawn_markets(app, scene, monkeypatch)
    assert len(cubes) == len(state.world.regions)
    window = pygame.Rect((0, 0), size)
    markets = cubes[0][0].unionall([rect for rect, _ in cubes])
    cut, real = [], tx.render
    monkeypatch.setattr(tx, "render", lambda font, text, *a: (text.endswith(tx.ELLIPSIS) and cut.append(text))
                        or real(font, text, *a))
    for rect, _ in cubes:
        point(app, rect.center)
        box = scene._draw_tooltip(app.screen)
        assert box is not None, rect
        assert window.contains(box), (rect, box)
        assert not box.colliderect(markets), (rect, box, markets)
    assert cut == []


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_market_spots_are_where_the_markets_are_painted(app, monkeypatch, size, players, lang):
    """The measured markets are the painted ones: each cube where `cube` draws it, each count in
    its own box, the spots side by side without overlapping, all on the title line."""
    app.i18n.set_language(lang)
    state = Session.new("voyage", [Seat(n) for n in NAMES[:players]], seed=3, autosave=False).state
    state.supply = [0, 9, 3, 12, 1, 7]
    lay = compute(size, players)
    cubes, counts, real = [], {}, tx.draw_line

    def spy(surface, fonts, text, rect, *a, **k):
        counts[str(pygame.Rect(rect))] = text
        return real(surface, fonts, text, rect, *a, **k)

    monkeypatch.setattr(panels, "cube", lambda surface, rect, rgb: cubes.append(pygame.Rect(rect)))
    monkeypatch.setattr(tx, "draw_line", spy)
    panels.draw_players(pygame.Surface(size), lay, app, state, 0, [0] * players)
    spots = panels.market_spots(app, lay, state)[1]
    assert [spot.what for spot in spots] == [("market", i) for i in range(len(state.world.regions))]
    assert [spot.icon for spot in spots] == cubes[:len(spots)]
    title = lay.row_rects(players)[0].top
    for i, spot in enumerate(spots):
        assert counts[str(spot.count)] == str(state.supply[i])
        assert spot.rect.contains(spot.icon) and spot.rect.bottom <= title and lay.players.contains(spot.rect)
        assert not any(spot.rect.colliderect(other.rect) for other in spots[i + 1:]), spot
