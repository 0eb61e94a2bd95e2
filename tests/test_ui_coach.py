"""The coach at a table (ui/coach.py), driven by real events with a small Parade script of our
own: Learn to play on the menu, talk and Next, a scripted bot move, a refused card and its
gentle word, Esc and resuming at the same step, the closing choices and the learned mark."""

import pygame
import pytest

from wonderland_games.core import registry, tutorial
from wonderland_games.core.game import Seat
from wonderland_games.ui.testing import click, click_widget, key, run_until, step

WRONG = {"zh": "不是这张：先出最右边那张。", "en": "Not that one: play the rightmost card first."}


def lesson_script():
    """Seed 7 deals the bot the first move; the learner is then told to play their last card."""
    seats = [Seat("You"), Seat("Rabbit", "bot", "easy")]
    state = registry.get("parade").new_state(seats, 7, {})
    state.apply(state.legal_actions()[0])
    last = state.hands[0][-1]
    say = {"zh": "说明", "en": "Words"}
    raw = {
        "setup": {"seed": 7, "seats": [{"kind": "human"},
                                       {"kind": "bot", "name": {"zh": "白兔", "en": "Rabbit"}}]},
        "steps": [
            {"id": "hello", "say": {"zh": "欢迎", "en": "Welcome"}, "show": ["button:save", "button:rules"]},
            {"id": "bot", "say": say, "bot": ["play"]},
            {"id": "yours", "say": say, "point": ["button:confirm"], "do": ["play", last], "wrong": WRONG,
             "then": {"zh": "看，队伍变长了", "en": "See, the parade grew"}},
            {"id": "free", "say": say, "do": "any"},
        ],
        "clauses": [],
        "closing": {"zh": "完整的游戏还有更多", "en": "The full game adds more"},
    }
    return tutorial.parse_script("parade", raw), last


@pytest.fixture
def coached(menu_app, monkeypatch):
    made, last = lesson_script()
    monkeypatch.setattr(tutorial, "load_script", lambda game_id: made)
    monkeypatch.setattr(tutorial, "has_script", lambda game_id: game_id == "parade")
    menu_app.settings.fast_forward = True
    menu_app.settings.bot_think_seconds = 0.05
    menu = menu_app.top
    menu.on_enter()
    return menu_app, menu, last


def learn_button(menu):
    return menu.learn_buttons[[t.info.id for t in menu.tiles].index("parade")]


def at_your_step(app, menu):
    """The lesson opened from the menu, past its welcome and the bot's move: the learner's step."""
    click_widget(app, learn_button(menu), frames=2)
    table = app.top
    key(app, pygame.K_RETURN)
    run_until(app, lambda: table.coach.lesson.step.id == "yours" and table.my_turn())
    return table


def test_only_games_with_a_script_offer_learn_to_play(coached):
    _, menu, _ = coached
    assert [b.visible for b in menu.learn_buttons] == [t.info.id == "parade" for t in menu.tiles]


def test_a_lesson_talks_lets_the_bot_play_its_move_refuses_a_wrong_card_and_explains(coached):
    app, menu, last = coached
    click_widget(app, learn_button(menu), frames=2)
    table = app.top
    assert table.coach is not None and table.coach.lesson.step.id == "hello"
    assert not table.can_undo() and not table.can_hint()
    step(app, 30)
    assert table.session.actions == []  # the bot waits while the coach talks
    assert table._status() == app.t("tutorial.status_talk", name="白兔")  # and is not said to be thinking
    shown = [table.buttons["save"].rect, table.buttons["rules"].rect]
    assert table.coach._rings() == shown and not any(table.coach.bubble.colliderect(r) for r in shown)
    key(app, pygame.K_RETURN)
    run_until(app, lambda: table.coach.lesson.step.id == "yours" and table.my_turn())
    assert table.session.actors == [1]
    assert table.coach.target() == table.buttons["confirm"].rect  # the part the step points at
    hand = table.state.hands[0]
    key(app, pygame.K_LEFT)  # the focus shows on the first card... and Right to the one before the last
    for _ in range(len(hand) - 2):
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert len(table.session.actions) == 1 and table.state.hands[0] == hand  # refused, nothing changed
    assert table.coach.wrong() == WRONG["zh"]
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert table.session.actions[-1] == ("play", last)
    assert table.coach.lesson.then and table.coach.wrong is None
    assert table.coach.bubble.width > 0 and not table.coach.bubble.colliderect(table.buttons["confirm"].rect)


def test_esc_keeps_the_lesson_and_learn_to_play_resumes_it_at_the_same_step(coached):
    app, menu, last = coached
    table = at_your_step(app, menu)
    key(app, pygame.K_ESCAPE, frames=2)
    assert app.top is menu
    assert learn_button(menu).text() == app.t("tutorial.resume")
    assert menu.tiles[0].unfinished is None  # the lesson is no unfinished real game of the tile
    assert menu.continue_button.enabled
    click_widget(app, learn_button(menu), frames=2)  # resume, or start over?
    resume, over = app.top.buttons
    assert over.text() == app.t("tutorial.start_over")
    click_widget(app, resume, frames=2)
    again = app.top
    assert again is not table and again.coach.lesson.step.id == "yours"
    assert again.session.actions == table.session.actions
    key(app, pygame.K_ESCAPE, frames=2)
    click_widget(app, learn_button(menu), frames=2)
    click_widget(app, app.top.buttons[1], frames=2)  # start over: the kept lesson goes, nothing is set aside
    fresh = app.top
    assert fresh.coach.lesson.step.id == "hello" and fresh.session.actions == []
    from wonderland_games.core.saves import list_saves
    assert [i.tutorial["step"] for i in list_saves()] == [0]


def test_a_lesson_begun_in_the_other_language_starts_afresh_in_this_one(coached):
    app, menu, _ = coached
    click_widget(app, learn_button(menu), frames=2)
    key(app, pygame.K_ESCAPE, frames=2)
    assert learn_button(menu).text() == app.t("tutorial.resume")
    app.i18n.set_language("en")
    menu.on_enter()
    assert learn_button(menu).text() == app.t("tutorial.learn")


def test_the_closing_words_mark_the_game_learned_and_offer_a_real_game_against_easy_bots(coached):
    app, menu, last = coached
    click_widget(app, learn_button(menu), frames=2)
    table = app.top
    table.coach.lesson.index = 3  # the last step: any card
    run_until(app, lambda: table.my_turn())
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    run_until(app, lambda: table.coach.lesson.finished)
    step(app, 2)
    assert [b.text() for b in table.coach._buttons()] == [app.t("tutorial.real_game"), app.t("tutorial.scores"),
                                                          app.t("tutorial.menu")]
    click_widget(app, table.coach.real_button, frames=2)
    real = app.top
    assert real is not table and real.coach is None and real.session.tutorial is None
    assert [s.level for s in real.session.seats if s.is_bot] == ["easy"]
    key(app, pygame.K_ESCAPE, frames=2)
    assert learn_button(menu).text() == app.t("tutorial.learn_again")
    assert [t.learned for t in menu.tiles] == [t.info.id == "parade" for t in menu.tiles]  # the tag on its art


def test_the_setup_screen_suggests_the_lesson_once_to_a_newcomer(coached):
    app, menu, _ = coached
    app.lessons_suggested.clear()  # as in a real start (tests' apps are made with every lesson offered)
    click_widget(app, menu.tiles[0], frames=2)
    assert app.top.message == app.t("tutorial.suggest", game=registry.game_name("parade")["zh"])
    key(app, pygame.K_ESCAPE)
    assert type(app.top).__name__ == "SetupScene"
    key(app, pygame.K_ESCAPE)
    click_widget(app, menu.tiles[0], frames=2)
    assert type(app.top).__name__ == "SetupScene"  # asked once


def test_the_pointer_follows_the_layout_and_the_coach_draws_at_any_size(coached):
    app, menu, last = coached
    click_widget(app, learn_button(menu), frames=2)
    table = app.top
    table.coach.lesson.index = 2  # points at the confirm button
    run_until(app, table.my_turn)
    checked = 0
    for size in [(2560, 1440), (1024, 640), (1, 1), (5000, 3000), (1280, 800)]:
        app.screen = pygame.display.set_mode(size)
        app._resized(size)
        step(app, 2)
        confirm = table.buttons["confirm"].rect
        if min(size) > 100:
            assert table.coach.target() == confirm
            assert not table.coach.bubble.colliderect(confirm)
            checked += 1
    assert checked == 4


def test_a_bot_waits_for_its_steps_words_to_be_read_before_it_moves(coached):
    app, menu, _ = coached
    app.settings.fast_forward = False
    click_widget(app, learn_button(menu), frames=2)
    table = app.top
    key(app, pygame.K_RETURN)  # on to the bot's step
    assert table.coach.lesson.waits_for() == "bot"
    assert table.coach.reading_seconds() >= 1.0
    step(app, 20)  # a third of a second: the bot thinks 0.05 s, yet waits for the words
    assert table.session.actions == []
    run_until(app, lambda: table.session.actions)


def test_a_card_refused_on_the_press_keeps_its_gentle_word_after_the_release(coached):
    """Parade plays a picked card on the mouse press: the word set then must outlive the release."""
    app, menu, last = coached
    table = at_your_step(app, menu)
    first = table.target_rect("hand:0").center
    click(app, first, frames=2)  # picks it
    click(app, first, frames=2)  # plays it: refused on the press
    assert len(table.session.actions) == 1
    assert table.coach.wrong is not None and table.coach.wrong() == WRONG["zh"]


def test_a_click_away_from_the_ring_on_the_learners_step_gets_the_gentle_word(coached):
    """Picking another card is no action the coach could refuse: it answers the click itself."""
    app, menu, last = coached
    table = at_your_step(app, menu)
    click(app, table.target_rect("hand:0").center, frames=2)  # picked, not played
    assert len(table.session.actions) == 1
    assert table.coach.wrong is not None and table.coach.wrong() == WRONG["zh"]
    click(app, table.buttons["rules"].rect.center, frames=2)  # the table's buttons are no stray
    app.pop()
    step(app, 2)
    assert table.coach.wrong is None
