"""Issue 25: the travellers' rows have a legend. "●10 ▬2 ▌5 ●0 □0" meant nothing to a new player
until they pointed at each icon; a line under the rows names every icon, in both languages, whole
at every size with five travellers, clear of the rows; the rows' tooltips stay."""

import pytest

from wonderland_games.games.voyage import panels
from wonderland_games.ui import theme

from test_voyage_row_tips import fill_suitcases, point, start

SIZES = [(1024, 640), (1280, 800), (1920, 1080)]


@pytest.fixture
def app(table_app):
    return table_app


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("players", [2, 5])
def test_a_legend_under_the_rows_names_every_icon_whole(app, size, lang, players):
    state, scene = start(app, size, players, lang)
    fill_suitcases(state)
    lay = scene.layout
    size_px, items = panels.legend_items(app, lay, state)
    assert [item.kind for item in items] == list(panels.LEGEND)
    words = {item.text for item in items}
    assert words <= {app.t(f"voyage.{key}.{kind}") for key in ("legend", "legend_short") for kind in panels.LEGEND}
    assert size_px >= 9 * lay.s, size_px  # readable
    font = app.fonts.get(size_px)
    rows = lay.row_rects(players)
    taken = [item.icon for item in items] + [item.box for item in items]
    for item in items:
        assert font.size(item.text)[0] <= item.box.width  # whole
        assert lay.players.contains(item.box) and lay.players.contains(item.icon)
        assert lay.legend.contains(item.box.inflate(0, -2)) and lay.legend.contains(item.icon)
        assert item.box.collidelist(rows) < 0 and item.icon.collidelist(rows) < 0
    assert not any(a.colliderect(b) for i, a in enumerate(taken) for b in taken[i + 1:])
    # the rows' own icons keep their room and their tips
    for seat in range(players):
        for spot in panels.row_spots(app, lay, state, seat):
            assert not spot.rect.colliderect(lay.legend)
    app.pop()


def test_the_legend_is_drawn_and_a_rows_tip_still_shows(app):
    state, scene = start(app, (1024, 640), 5, "en")
    app.step(1 / 60)
    frame = app.screen.copy()
    _, items = panels.legend_items(app, scene.layout, state)
    coin = items[0].icon
    assert frame.get_at(coin.center)[:3] == theme.GOLD  # the coin of the legend's "money"
    ink = sum(1 for x in range(items[0].box.left, items[0].box.right)
              for y in range(items[0].box.top, items[0].box.bottom)
              if sum(frame.get_at((x, y))[:3]) < 300)
    assert ink > 10  # its word is written
    spot = panels.row_spots(app, scene.layout, state, 0)[0]
    point(app, spot.icon.center)
    assert scene._draw_tooltip(app.screen) is not None
    app.pop()
