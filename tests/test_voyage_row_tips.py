"""A traveller's row on the World Voyage table says what its icons mean (QA: a coin, a ticket, a
card back, coloured squares and cubes, and nothing said what they count or are worth).

Pointing at an icon or its count shows a tooltip under the row: what it counts, what it is for
and what it is worth; the name, pawn and score keep the score breakdown. The tips stay in the
window and clear of the row at every size, and the row's icons never overlap each other."""

import pygame
import pytest

from wonderland_games.core.game import Seat
from wonderland_games.core.session import Session
from wonderland_games.games.voyage import panels, rules
from wonderland_games.games.voyage.layout import compute
from wonderland_games.games.voyage.narrate import counted
from wonderland_games.games.voyage.scene import VoyageScene
from wonderland_games.ui import text as tx
from wonderland_games.ui.testing import run_until

SIZES = [(1024, 640), (1280, 800), (1920, 1080)]
NAMES = ["Mary Ann Longname", "柴郡猫先生", "Queen of Hearts", "Hatter", "Dormouse"]


@pytest.fixture
def app(table_app):
    return table_app


def start(app, size, players, lang):
    app.i18n.set_language(lang)
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app.screen = pygame.display.get_surface()
    seats = [Seat(NAMES[0])] + [Seat(n, "bot", "random") for n in NAMES[1:players]]
    session = Session.new("voyage", seats, seed=11, autosave=False)
    scene = VoyageScene(app, session)
    app.push(scene)
    run_until(app, scene.my_turn)
    return session.state, scene


def point(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.step(1 / 60)


def fill_suitcases(state) -> None:
    """Counts of every kind, two digits where the game allows them."""
    players = len(state.seats)
    by_colour: dict = {}
    for d in state.cards.destination_ids:
        if d not in state.display:
            by_colour.setdefault(state.cards.destinations[d].colour, []).append(d)
    state.money = [99, 56, 8, 0, 34][:players]
    state.visited = [[d for ids in by_colour.values() for d in ids[seat::players][:10]] for seat in range(players)]
    state.souvenirs = [[9, 8, 7, 3, 2, 1] for _ in range(players)]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_pointing_at_a_rows_icon_says_what_it_counts_and_is_worth(app, monkeypatch, lang):
    """The coin, the ticket, the card back and each region's cube of a row, found where they are
    drawn, each show their own tooltip (before, the whole row showed the score breakdown)."""
    state, scene = start(app, (1280, 800), 3, lang)
    state.money[0], state.souvenirs[0] = 13, [1, 2, 3, 4, 5, 6]
    row = scene.layout.row_rects(3)[0]
    icons = []
    for name in ("coin", "ticket", "card_back", "cube"):
        real = getattr(panels, name)
        monkeypatch.setattr(panels, name, lambda surface, where, *a, name=name, real=real: icons.append(
            (name, pygame.Rect(where).center if name != "coin" else where, a)) or real(surface, where, *a))
    scene._frame = None
    app.step(1 / 60)
    icons = [icon for icon in icons if row.collidepoint(icon[1])]
    assert sorted({name for name, _, _ in icons}) == ["card_back", "coin", "cube", "ticket"]
    texts, real_render = [], tx.render
    monkeypatch.setattr(tx, "render", lambda font, text, *a: texts.append(text) or real_render(font, text, *a))
    t, points = app.t, lambda n: counted(app, "points", n)
    regions = list(state.world.regions)
    for name, centre, args in icons:
        texts.clear()
        point(app, centre)
        if name == "coin":
            want = [t("voyage.row_tip.money", n=counted(app, "money", 13)),
                    t("voyage.row_tip.money_worth", per=counted(app, "money", rules.MONEY_PER_POINT), points=points(4))]
        elif name == "ticket":
            want = [t("voyage.row_tip.tokens", n=rules.START_TOKENS),
                    t("voyage.row_tip.tokens_worth", points=points(rules.START_TOKENS))]
        elif name == "card_back":
            want = [t("voyage.row_tip.hand", n=rules.START_HAND),
                    t("voyage.row_tip.hand_worth", limit=rules.HAND_LIMIT)]
        else:
            i = regions.index(args[0])
            n = state.souvenirs[0][i]
            region = app.i18n.pick(state.world.regions[i].name)
            want = [t("voyage.row_tip.souvenirs", region=region, n=n),
                    t("voyage.row_tip.souvenirs_worth", set=rules.SOUVENIR_SET, sets=n // 3, points=points(n // 3 * 4))]
        shown = "".join(texts).replace(" ", "")  # the tip's lines wrap
        assert all(line.replace(" ", "") in shown for line in want), (name, want, texts)
        assert t("voyage.breakdown.total") not in " ".join(texts), "an icon shows its own tip, not the breakdown"
    texts.clear()
    point(app, (row.left + 8, row.centery))  # the pawn
    assert any(text.startswith(t("voyage.breakdown.total")) for text in texts), "the pawn keeps the score breakdown"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_row_tip_stays_in_the_window_whole_and_clear_of_its_row(app, monkeypatch, size, players, lang):
    """Each icon of each row, pointed at, shows its own tip: inside the window, no line cut with
    "…", and its row left in sight."""
    state, scene = start(app, size, players, lang)
    fill_suitcases(state)
    window = pygame.Rect((0, 0), size)
    cut, real = [], tx.render
    monkeypatch.setattr(tx, "render", lambda font, text, *a: (text.endswith(tx.ELLIPSIS) and cut.append(text))
                        or real(font, text, *a))
    for seat, row in enumerate(scene.layout.row_rects(players)):
        spots = panels.row_spots(app, scene.layout, state, seat)
        assert len(spots) == len(panels.SUITCASE) + len(state.cards.colours) + len(state.world.regions)
        for spot in spots:
            point(app, spot.rect.center)
            box = scene._draw_tooltip(app.screen)
            assert box is not None and scene._tip_content(spot)[0] == tuple(
                panels.spot_tooltip(app, state, seat, spot)), spot.what
            assert window.contains(box), (spot.what, box)
            assert not box.colliderect(row), (spot.what, box, row)
    assert cut == []


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_rows_icons_and_counts_never_overlap(app, monkeypatch, size, players, lang):
    """Nothing drawn on a row touches anything else drawn there: each icon and the ink of each
    text (counts, name, kind and city, score); every icon with its count lies in its own spot."""
    app.i18n.set_language(lang)
    state = Session.new("voyage", [Seat(n) for n in NAMES[:players]], seed=3, autosave=False).state
    fill_suitcases(state)
    lay = compute(size, players)
    inks, real = [], tx.draw_line

    def spy(surface, fonts, text, rect, size, colour, bold=False, align="center"):
        used = real(surface, fonts, text, rect, size, colour, bold, align)
        font, shown = tx.fit_line(fonts, text, pygame.Rect(rect).width, pygame.Rect(rect).height, size, bold)
        inks.append((pygame.Rect(rect), tx.render(font, shown, colour).get_bounding_rect().move(used.topleft)))
        return used

    monkeypatch.setattr(tx, "draw_line", spy)
    panels.draw_players(pygame.Surface(size), lay, app, state, 0, [123] * players)
    for seat, row in enumerate(lay.row_rects(players)):
        spots = panels.row_spots(app, lay, state, seat)
        texts = {str(box): ink for box, ink in inks if row.contains(box)}
        for i, spot in enumerate(spots):
            assert row.contains(spot.rect) and spot.rect.contains(spot.icon), spot
            assert spot.rect.contains(texts[str(spot.count)]), spot  # its count, drawn in its box
            assert not any(spot.rect.colliderect(other.rect) for other in spots[i + 1:]), spot
        things = [spot.icon for spot in spots] + list(texts.values())
        for i, a in enumerate(things):
            assert not any(a.colliderect(b) for b in things[i + 1:]), (seat, a)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_money_tip_tells_of_the_crowding_fee_where_the_game_charges_it(app, lang):
    """The Visit button said "pay 4 coins" beside a money tip that said a visit costs 3 (QA): the
    tip names the fee, due for a traveller in the region (on the city in edition 1 saves)."""
    app.i18n.set_language(lang)
    state = Session.new("voyage", [Seat("Ann"), Seat("Bo")], seed=1, autosave=False).state
    money = next(spot for spot in panels.row_spots(app, compute((1280, 800), 2), state, 0) if spot.what == ("money",))
    fee = counted(app, "money", rules.CROWDING_FEE)
    where = {"en": ("region", "city"), "zh": ("同一地区", "同一座城市")}[lang]
    for edition, said in ((rules.EDITION, where[0]), (1, where[1])):
        state.edition = edition
        text = " ".join(panels.spot_tooltip(app, state, 0, money))
        assert fee in text and said in text, (edition, text)
