"""Dream Teller's guided first game (data/dream/tutorial.yaml, games/dream/tutorial.py): the
stacked setup, the script played through the engine in both languages (every scripted clue
legal by the clue checker, the refused one refused, each round scoring as its step says), and
the parts the coach points at, on screen at the smallest and a large window."""

from __future__ import annotations

import json
import time

import pygame
import pytest

from wonderland_games.core import registry
from wonderland_games.core.data import load_yaml
from wonderland_games.core.game import BOT, HUMAN, Seat
from wonderland_games.core.session import Session
from wonderland_games.games.dream.clues import check_clue
from wonderland_games.games.dream.guess import mentions
from wonderland_games.games.dream.lexicon import load_lexicon
from wonderland_games.games.dream.rules import BOOGEYMAN, DREAMER, FAIRY, SANDMAN
from wonderland_games.games.dream.scene import DreamScene
from wonderland_games.games.dream.state import BOTS, OVER
from wonderland_games.games.dream.tutorial import clue_lang
from wonderland_games.ui.testing import click, click_widget, key, make_app, step, type_text

SCRIPT = load_yaml("dream/tutorial.yaml")


def seats(lang: str) -> list:
    return [Seat("Alice", HUMAN)] + [Seat(s["name"][lang], BOT, "easy") for s in SCRIPT["setup"]["seats"][1:]]


def lesson_state(lang: str = "zh"):
    return registry.get("dream").tutorial_state(seats(lang), {**SCRIPT["setup"], "lang": lang})


def said(pattern: list, lang: str) -> tuple:
    """A bot's scripted action as the table says it: a dream word's id as its name in `lang`."""
    words = load_lexicon().words
    if pattern[0] not in ("clue", "guess"):
        return tuple(pattern)
    return (*pattern[:-1], words[pattern[-1]].name[lang])


def learner_action(step_: dict, state, lexicon, lang: str) -> tuple:
    """What the learner's typed text or click makes of a `do` step (as the bot view would)."""
    text = step_.get("type", {}).get(lang)
    do = step_["do"]
    if do == "any" or do[0] == "guess":
        return ("guess", text)
    if do[0] == "penalty":
        assert check_clue(lexicon, state.current, text, lang) is not None, (step_["id"], text)
        return ("penalty", 0)
    if do[0] == "clue":
        assert check_clue(lexicon, state.current, text, lang) is None, (step_["id"], text, state.current)
        return ("clue", 0, text)
    if do[0] == "story":
        return ("story", int(all(mentions(lexicon, w, text) for w in state.correct_words())))
    return tuple(do)


def play(lang: str, until: str = None):
    """The script's actions through the engine up to step `until` (all of them by default):
    (state, the actions applied, {step id: the events of its action})."""
    state, lexicon = lesson_state(lang), load_lexicon()
    actions, events = [], {}
    for step_ in SCRIPT["steps"]:
        if step_["id"] == until:
            break
        if "bot" in step_:
            action = said(step_["bot"], lang)
            assert state.current_player() != 0 and state._is_legal(action), (step_["id"], action)
            if action[0] == "clue":
                assert action[1] == state.speaker
                assert check_clue(lexicon, state.current, action[2], lang) is None, (step_["id"], action)
        elif "do" in step_:
            assert state.current_player() == 0, step_["id"]
            action = learner_action(step_, state, lexicon, lang)
            assert state._is_legal(action), (step_["id"], action)
        else:
            continue
        events[step_["id"]] = state.apply(action)
        actions.append(action)
    return state, actions, events


# -- the setup hook ------------------------------------------------------------------------
def test_the_lesson_is_a_bot_game_of_four_the_hatter_dreams_first_and_the_learner_is_the_fairy():
    state = lesson_state()
    assert state.mode == BOTS and len(state.seats) == 4 and state.clue_limit == 5
    assert state.dreamer() == 3 and state.roles == [FAIRY, SANDMAN, BOOGEYMAN, DREAMER]
    assert state.current == "moon" and len(state.words) > 300  # the whole lexicon: later rounds stay random


def test_the_setup_is_the_same_every_time_and_round_trips_through_a_save():
    a, b = lesson_state(), lesson_state()
    assert a.to_dict() == b.to_dict()
    data = json.loads(json.dumps(a.to_dict()))
    again = registry.get("dream").from_dict(data)
    assert again.to_dict() == a.to_dict() and again.arranged == a.arranged


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_clues_are_given_in_the_language_the_lesson_is_played_in(lang):
    assert lesson_state(lang).lang == lang
    assert clue_lang({**SCRIPT["setup"], "lang": lang}) == lang
    assert clue_lang({**SCRIPT["setup"], "lang": lang, "options": {"lang": "en"}}) == "en"


# -- the script through the engine -----------------------------------------------------------
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_script_plays_the_whole_game_and_every_round_scores_as_its_step_says(lang):
    state, actions, events = play(lang)
    assert state.phase == OVER
    assert [r["dreamer"] for r in state.history] == [3, 0, 1, 2]
    assert [r["roles"][0] for r in state.history] == [FAIRY, DREAMER, BOOGEYMAN, SANDMAN]  # the learner's
    piles = [(sum(o == "correct" for _, o, _ in r["cards"]), sum(o in ("wrong", "skip") for _, o, _ in r["cards"]))
             for r in state.history]
    assert piles == [(2, 1), (2, 2), (4, 1), (2, 2)]  # sandman_scores: 2 to 1; round3: 4 to 1; round4: equal
    reasons = [r["reasons"] for r in state.history]
    assert "sandman_one" in reasons[0] and "sandman_apart" in reasons[2] and reasons[3].count("sandman_equal") == 2
    assert BOOGEYMAN not in state.history[3]["roles"]  # round4_scores: the boogeyman was the card left out
    assert all(r["story"] for r in state.history)
    outcomes = [o for r in state.history for _, o, _ in r["cards"]]
    assert {"correct", "wrong", "skip", "dropped"} <= set(outcomes)
    assert state.penalties == [1, 0, 0, 0]  # the refused clue


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_refused_clue_is_refused_and_the_words_on_the_cards_are_the_ones_the_steps_name(lang):
    lexicon = load_lexicon()
    state, _, _ = play(lang, until="refused")
    step_ = next(s for s in SCRIPT["steps"] if s["id"] == "refused")
    word = lexicon.words[state.current].name[lang]
    assert check_clue(lexicon, state.current, step_["type"][lang], lang) is not None
    for step_id, expected in (("the_word", "moon"), ("second_clue", "rain"), ("lure", "cat"), ("balance", "sun"),
                              ("last_clue", "crown")):
        state, _, _ = play(lang, until=step_id)
        assert state.current == expected
        said = next(s for s in SCRIPT["steps"] if s["id"] == step_id)["say"][lang]
        word = lexicon.words[expected].name[lang]
        assert word in said, (step_id, word)


# -- the parts the coach points at ---------------------------------------------------------------
def pointed() -> dict:
    """Each step's id -> its pointed parts."""
    return {s["id"]: s.get("point", []) for s in SCRIPT["steps"] if s.get("point")}


def presses_before(step_id: str) -> list:
    """The presses the scene's signals stand for that the table shows at `step_id`: Next round
    after the round's last action, Start once the round has begun."""
    pressed, begun = [], False
    for step_ in SCRIPT["steps"]:
        if step_["id"] == step_id:
            break
        if "bot" in step_ or "do" in step_:
            pressed = []
        elif step_.get("until") == "signal:next_round":
            pressed, begun = ["next_round"], False
        elif step_.get("until") == "signal:dream_begun":
            begun = True
    return pressed + ["begin"] * begun


def scene_at(app, lang: str, step_id: str):
    """The lesson's table as it is at `step_id`: the script's actions (the last through the table,
    so its view hears the events: a round's scores) and the presses its signals stand for."""
    state, actions, _ = play(lang, until=step_id)
    session = Session("dream", seats(lang), SCRIPT["setup"]["seed"], {}, autosave=False,
                      initial=lesson_state(lang).to_dict())
    for action in actions[:-1]:
        session.apply(action)
    scene = DreamScene(app, session)
    app.push(scene)
    if actions:
        scene.apply(actions[-1])
    for press in presses_before(step_id):
        getattr(scene.view, press)()
    step(app, 2)
    return scene


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_every_pointed_part_is_on_screen_inside_the_window(size):
    app = make_app(size)
    for step_id, names in pointed().items():
        scene = scene_at(app, "zh", step_id)
        for name in names:
            kind, arg = name.split(":", 1)
            rect = scene._part_rect(kind, arg) if kind != "region" else scene._regions.get(arg)
            assert rect is not None and rect.width > 0 and rect.height > 0, (step_id, name)
            assert app.screen.get_rect().contains(rect), (step_id, name, rect)
        app.pop()


# -- the lesson at the table, by real events ---------------------------------------------------
@pytest.fixture
def lesson(user_dirs, request):
    """The lesson opened as the menu opens it, in `request.param` (zh unless asked): (app, table)."""
    from wonderland_games.scenes.lesson import open_lesson
    from wonderland_games.scenes.menu import MenuScene

    lang = getattr(request, "param", "zh")
    app = make_app((1280, 800), lang, fast_forward=True, bot_think_seconds=0.05)
    app.running = True
    app.push(MenuScene(app))
    open_lesson(app, "dream")
    step(app, 2)
    yield app, app.top
    for scene in reversed(app.stack):
        scene.on_exit()
    app.stack.clear()


def do_step(app, table, lang: str, text=None) -> None:
    """What the step shows: a click on each pointed part, then its text (or `text`) typed and Enter."""
    s = table.coach.lesson.step
    for name in s.point:
        click(app, table.target_rect(name).center, frames=2)
    typed = text if text is not None else (s.type or {}).get(lang)
    if typed is not None:
        type_text(app, typed, frames=2)
        key(app, pygame.K_RETURN, frames=2)


def drive(app, table, until: str, lang: str = "zh", seconds: float = 60) -> None:
    """Play the lesson as the learner would, up to the step `until` (its words on show)."""
    coach, end = table.coach, time.monotonic() + seconds
    while coach.lesson.step.id != until or coach.lesson.then:
        assert time.monotonic() < end, f"stuck at {coach.lesson.step.id}"
        wait = coach.lesson.waits_for()
        if wait == "next":
            click_widget(app, coach.next_button, frames=2)
        elif wait in ("do", "any", "signal") and table.still():
            do_step(app, table, lang)
        step(app, 1)
        time.sleep(0.001)


def test_the_sand_runs_only_while_a_bot_s_move_is_awaited(lesson):
    app, table = lesson
    drive(app, table, "the_word")
    assert table.clock.running and not table.clock_running()  # begun, but the coach talks
    left = table.clock.left
    step(app, 120)
    assert table.clock.left == left
    drive(app, table, "good_clue")
    step(app, 60 * 25)  # longer than a person's clue turn
    assert table.clock.left == left and table.state.speaker == 0 and table.coach.lesson.step.id == "good_clue"
    assert ("pass",) not in table.session.actions
    app.settings.fast_forward = False  # the Hatter thinks a while, as at a real table
    do_step(app, table, "zh")
    assert table.coach.lesson.step.id == "hatter_listens" and table.clock_running()
    step(app, 20)
    assert table.clock.left < left


def test_the_sand_s_reports_are_nobody_s_move(lesson):
    app, table = lesson
    drive(app, table, "second_clue")
    table.clock.left -= 3.5  # the sand ran while the bots played
    do_step(app, table, "zh")
    actions = table.session.actions
    at = actions.index(("clue", 0, "伞"))
    assert actions[at - 1] == ("clock", 117)  # told before the clue, not refused as a move of the learner's


def test_start_and_next_round_wait_for_the_coach_s_next(lesson):
    app, table = lesson
    view = table.view
    assert table.coach.lesson.step.id == "welcome" and view.buttons["begin"].visible
    click(app, view.buttons["begin"].rect.center, frames=2)
    assert not view.begun and table.coach.lesson.step.id == "welcome"
    drive(app, table, "begin")
    do_step(app, table, "zh")
    assert view.begun and table.coach.lesson.step.id == "the_word"
    drive(app, table, "round1_scores")
    click(app, view.buttons["next"].rect.center, frames=2)
    assert view.summary is not None and table.coach.lesson.step.id == "round1_scores"


@pytest.mark.parametrize("lesson", ["zh", "en"], indirect=True)
def test_the_bots_say_their_scripted_words_in_the_lesson_s_language(lesson):
    app, table = lesson
    lang = app.lang
    drive(app, table, "second_clue", lang)
    star, moon = (load_lexicon().words[w].name[lang] for w in ("star", "moon"))
    assert table.state.lang == lang
    assert [c[2] for c in table.state.clues if c[1] == 1] == [star]
    assert table.state.history == [] and table.session.state.cards[0] == ["moon", "correct", moon]


def test_the_dreaming_learner_is_never_listened_for_and_a_guess_naming_the_word_is_it(lesson):
    app, table = lesson
    drive(app, table, "guess_cake")
    step(app, 60 * 8)  # longer than the view waits before it listens on for a person at a real game
    assert table.coach.wrong is None and table.state.awaiting == "guess"
    do_step(app, table, "zh", text="苹果")
    assert table.coach.wrong is not None and table.coach.lesson.step.id == "guess_cake" and not table.state.cards
    assert table.view.field.text == "苹果"  # kept, to be mended
    for _ in "苹果":
        key(app, pygame.K_BACKSPACE)
    do_step(app, table, "zh", text="蛋糕")
    assert table.state.cards[0] == ["cake", "correct", "蛋糕"] and table.coach.lesson.then


def test_the_learner_s_clue_turn_shows_no_seconds_that_never_run(lesson):
    app, table = lesson
    drive(app, table, "refused")
    assert table.view.status()[0] == app.t("dream.bots.your_turn_untimed")
    do_step(app, table, "zh")
    text, _ = table.view.status()
    assert "月" in text and "秒" not in text


def test_enter_is_the_coach_s_next_while_it_talks_and_the_clue_s_while_the_learner_types(lesson):
    app, table = lesson
    assert table.view.buttons["begin"].visible
    key(app, pygame.K_RETURN, frames=2)
    assert table.coach.lesson.step.id == "your_role" and not table.view.begun
    drive(app, table, "good_clue")
    click(app, table.target_rect("field:text").center, frames=2)
    type_text(app, "夜晚", frames=2)
    key(app, pygame.K_RETURN, frames=2)
    assert ("clue", 0, "夜晚") in table.session.actions


@pytest.mark.parametrize("at", ["hatter_listens", "second_clue", "sandman_scores", "next_round1", "guess_cake",
                                "tell_story"])
def test_a_lesson_opened_again_goes_on_where_it_was(lesson, at):
    """Left with Esc and opened again: the sand goes on by itself, a round's scores show while the
    lesson talks about them or waits for Next round, and the lesson plays on to its end."""
    from wonderland_games.scenes.lesson import kept_lesson, open_lesson
    from wonderland_games.core.saves import unfinished_games

    app, table = lesson
    app.settings.fast_forward = at != "hatter_listens"  # stop there while the Hatter thinks
    drive(app, table, at)
    key(app, pygame.K_ESCAPE, frames=3)
    assert app.top is not table
    open_lesson(app, "dream", kept=kept_lesson(unfinished_games(), "dream", app.lang))
    step(app, 2)
    again = app.top
    assert isinstance(again, DreamScene) and again.coach.lesson.step.id == at
    assert not again.view.waiting or again.view.summary is not None or not again.view.begun
    for name in again.coach.lesson.pointing():
        assert again.target_rect(name) is not None, name
    app.settings.fast_forward = True
    end = time.monotonic() + 60
    while not again.coach.lesson.finished:
        assert time.monotonic() < end, f"stuck at {again.coach.lesson.step.id}"
        wait = again.coach.lesson.waits_for()
        if wait == "next":
            click_widget(app, again.coach.next_button, frames=2)
        elif wait in ("do", "any", "signal") and again.still():
            do_step(app, again, "zh")
        step(app, 1)
        time.sleep(0.001)
    assert again.state.is_over()


@pytest.mark.parametrize("then", [False, True])
def test_a_lesson_left_after_the_refused_clue_comes_back_begun_with_its_penalty(lesson, then):
    """Esc after the refused clue (before any clue, the sand still full) and Learn to play again:
    the round is still begun (no Start again), the penalty kept, the same words on show."""
    from wonderland_games.scenes.lesson import kept_lesson, open_lesson
    from wonderland_games.core.saves import unfinished_games

    app, table = lesson
    drive(app, table, "refused")
    do_step(app, table, "zh")
    if not then:
        click_widget(app, table.coach.next_button, frames=2)
    at = table.coach.lesson.position()
    key(app, pygame.K_ESCAPE, frames=3)
    open_lesson(app, "dream", kept=kept_lesson(unfinished_games(), "dream", app.lang))
    step(app, 2)
    again = app.top
    assert again.coach.lesson.position() == at and again.state.penalties == [1, 0, 0, 0]
    assert again.view.begun and not again.view.buttons["begin"].visible
    drive(app, again, "second_clue")  # the lesson goes on from there


@pytest.mark.parametrize("lesson", ["zh", "en"], indirect=True)
def test_a_clue_the_step_does_not_want_gets_its_words_and_no_false_penalty(lesson):
    """A clue the coach refuses (not its step's) gets the step's gentle words, its text kept to
    mend; a broken-rule clue it refuses is no penalty, and the table does not say it is one."""
    app, table = lesson
    lang = app.lang
    drive(app, table, "refused")
    good = {"zh": "夜晚", "en": "night"}[lang]
    do_step(app, table, lang, text=good)  # the refused step wants a broken rule
    step_ = table.coach.lesson.step
    assert step_.id == "refused" and table.coach.wrong() == step_.wrong[lang]
    assert table.state.clues == [] and table.view.field.text == good
    for _ in good:
        key(app, pygame.K_BACKSPACE)
    do_step(app, table, lang)
    drive(app, table, "good_clue", lang)
    do_step(app, table, lang, text={"zh": "月饼", "en": "moonlight"}[lang])  # breaks a rule again
    step_ = table.coach.lesson.step
    assert step_.id == "good_clue" and table.coach.wrong() == step_.wrong[lang]
    assert table.state.penalties == [1, 0, 0, 0] and table.view.message[0] == ""


@pytest.mark.parametrize("lesson", ["zh", "en"], indirect=True)
def test_a_let_go_last_guess_is_said_as_counting_on_neither_pile_not_as_a_skip(lesson):
    app, table = lesson
    drive(app, table, "second_clue", app.lang)
    do_step(app, table, app.lang)
    end = time.monotonic() + 30
    lesson_ = table.coach.lesson
    while not (lesson_.step.id == "hatter_lets_go" and lesson_.then):  # the Hatter let it go
        assert time.monotonic() < end, lesson_.step.id
        if lesson_.waits_for() == "next":
            click_widget(app, table.coach.next_button, frames=2)
        step(app, 1)
    text, colour = table.view.message
    clock = load_lexicon().words["clock"].name[app.lang]
    assert text == app.t("dream.bots.bot_let_go", name=table.name(3), word=clock)
    assert clock in text and app.t("dream.bots.bot_skip", name=table.name(3), word=clock) != text
