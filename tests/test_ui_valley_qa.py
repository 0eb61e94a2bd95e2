"""Lessons of a player-eyes pass over the Valley table in a real window (helper vqa): tooltips that
hide nothing, greyed-out Undo that says why (a bot moving, solo), driven by real events."""

import random

import pygame
import pytest

from wonderland_games.core.game import BOT, Seat
from wonderland_games.core.session import Session
from wonderland_games.games.valley import panels
from wonderland_games.games.valley.scene import ValleyScene
from wonderland_games.ui.testing import click, run_until
from wonderland_games.ui.theme import px


@pytest.fixture
def app(table_app):
    return table_app


def opened(app, seats, size=(1024, 640), lang="en", until=None, seed=5):
    """A scene on a seeded game played at random until `until(state)` (or from its start)."""
    app.i18n.set_language(lang)
    session = Session.new("valley", seats, seed=seed, autosave=False)
    rng = random.Random(seed)
    while until is not None and not until(session.state):
        session.apply(rng.choice(session.state.legal_actions()))
    app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    scene = ValleyScene(app, session)
    app.push(scene)
    app.step(1 / 60)
    return session, scene


def move(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(map(int, pos)), rel=(0, 0), buttons=(0, 0, 0)))
    app.step(1 / 60)


def my_turn(state) -> bool:
    return state.current_player() == 0 and state.decision() is None and len(state.cities[0]) >= 2


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_tooltip_hides_neither_what_is_pointed_at_nor_its_neighbours(app, size, lang):
    """QA: the hand cards' tooltips covered the next card, a location's covered the tiles beside it.
    Every tooltip (hand, board, city, event, seat) lies inside the window and over no spot or card."""
    session, scene = opened(app, [Seat("Ann"), Seat("Bot", BOT, "random")], size, lang, my_turn)
    targets = scene._targets()
    kinds = {kind for kind, _, _ in targets}
    assert {"hand", "spot", "city", "event"} <= kinds
    picks = [next(t for t in targets if t[0] == kind) for kind in sorted(kinds)]
    picks += [("seat", 0, scene._player_rows()[0])]
    window = pygame.Rect((0, 0), size)
    for kind, what, rect in picks:
        move(app, rect.center)
        assert scene.hover is not None and scene.tip_rect is not None, kind
        assert window.contains(scene.tip_rect), kind
        hidden = [(k, w) for k, w, r in targets if r.colliderect(scene.tip_rect)]
        assert not hidden, (kind, hidden)
        assert not scene.tip_rect.colliderect(scene.layout.board.union(scene.layout.hand)), kind


def test_a_tooltips_text_keeps_clear_of_its_border(app, monkeypatch):
    """QA: a location tooltip's last line touched the trim: every line is inside a padding."""
    drawn = []
    real = panels.tx.render
    monkeypatch.setattr(panels.tx, "render", lambda font, text, *a, **k: drawn.append((font, text)) or
                        real(font, text, *a, **k))
    s = 0.8
    img = panels.tooltip(app, s, [("Amber Spring", True), ("Exclusive location: one worker only", False),
                                  ("Gives: 2 resin", False)], 260)
    widest = max(font.size(text)[0] for font, text in drawn)
    tall = sum(font.get_linesize() for font, _ in drawn)
    assert img.get_width() <= 260
    assert img.get_width() >= widest + 2 * px(14, s) and img.get_height() >= tall + 2 * px(14, s)


def test_a_greyed_out_top_button_says_why_over_the_status_line_not_over_the_board(app):
    """QA: the Suggest and Undo reasons hung under their buttons over the board's top row."""
    session, scene = opened(app, [Seat("Ann"), Seat("Bot", BOT, "random")])
    undo = scene.buttons["undo"]
    assert not undo.enabled and scene.undo_why_not()  # nothing to take back yet
    move(app, undo.rect.center)
    frame = app.screen.copy()
    [box] = scene._draw_tips(frame)
    assert not box.colliderect(scene.layout.board) and pygame.Rect((0, 0), (1024, 640)).contains(box)


def test_undo_clicked_while_a_bot_moves_says_whom_to_wait_for(app):
    app.settings.fast_forward = False
    session, scene = opened(app, [Seat("Ann"), Seat("Bot", BOT, "random")],
                            until=lambda st: st.current_player() == 1 and st.decision() is None)
    run_until(app, lambda: scene.timeline and scene.mover == 1, seconds=20)
    undo = scene.buttons["undo"]
    assert not undo.enabled
    assert scene.undo_why_not() == app.t("valley.qa.undo_wait", name="Bot")
    click(app, undo.rect.center)
    move(app, scene.layout.cities.center)  # the mouse leaves: the reason stays a while
    assert scene.notice is not None and "Bot" in scene.notice[0]
    assert len(scene._draw_tips(app.screen.copy())) == 1


def test_solo_undo_says_the_jabberwocks_roll_stops_it(app):
    session, scene = opened(app, [Seat("Ann")], until=lambda st: st.current_player() == 0 and
                            st.decision() is None and st.opponent.workers)
    run_until(app, lambda: not scene.timeline)
    assert not scene.can_undo()
    why = scene.undo_why_not()
    assert why == app.t("valley.qa.undo_solo", name=app.i18n.pick(session.state.solo.name))
    assert "Jabberwock" in why


@pytest.mark.parametrize("lang, shown", [
    ("en", "Its pile (3 cards, face up): Honey Bee (1 point), Pebble Vault ×2 (2 points)"),
    ("zh", "它的牌堆（3 张，公开）：采蜜蜂（1 分）、卵石宝库 ×2（2 分）")])
def test_the_jabberwocks_pile_shows_face_up_on_its_row(app, lang, shown):
    """QA: the opponent's pile was a bare count; it is public, so its row's tooltip lists it with
    the points, under its total."""
    session, scene = opened(app, [Seat("Ann")], lang=lang)
    state = session.state
    state.opponent.pile = ["honey_bee", "pebble_vault", "pebble_vault"]
    scene.version += 1
    move(app, scene._player_rows()[1].center)
    assert scene.hover == ("seat", -1) and scene.tip_rect is not None
    lines = [text for text, _ in scene._tip_lines(("seat", -1))]
    assert str(state.opponent_score()) in lines[0] and shown in lines


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_a_meeple_on_a_city_card_stands_above_its_name(app, size):
    """A real-window game: the bot's meeple on its Gryphon Ferryman hid the name's second line. It
    stands above the card's words (its effect line, then its name), 8 px or more."""
    from wonderland_games.games.valley.city_view import name_top, workers_rect

    session, scene = opened(app, [Seat("Ann"), Seat("Bot", BOT, "random")], size)
    lay, kinds = scene.layout, session.state.cards.kinds
    slot = lay.city_slots(1)[3]
    spots = [kind for kind in kinds.values() if session.state.spot_of(kind.id) is not None]
    assert len(spots) >= 5
    for kind in spots:  # the cards a worker can go to
        stand = workers_rect(slot, lay.s, app, kind)
        assert slot.contains(stand) and stand.bottom <= name_top(slot, lay.s, app, kind), kind.id
        assert stand.height >= 10


def test_a_tooltip_leaves_the_newest_log_lines_readable(app):
    """Screenshot: a hand card's tooltip sat at the log's foot and hid the newest lines (the log's
    newest entries are at the bottom). It hangs from the log's top; at 1920×1080 the foot stays clear."""
    session, scene = opened(app, [Seat("Ann"), Seat("Bot", BOT, "random")], (1920, 1080), "en", my_turn)
    hand = next(t for t in scene._targets() if t[0] == "hand")
    move(app, hand[2].center)
    log = scene.layout.log
    assert scene.tip_rect is not None and scene.tip_rect.top == log.top
    assert scene.tip_rect.bottom < log.bottom - log.height // 4
