"""Dream Teller's bot mode driven with real events (headless, see conftest.py): a whole game by
clicks and typed text (the input method's Chinese too), a refused clue's penalty, the story's
check, the pace of the clues, the person's short clock, saves mid-round and two window sizes."""

from __future__ import annotations

import time

import pygame
import pytest

from wonderland_games.core.game import BOT, Seat
from wonderland_games.core.session import Session
from wonderland_games.games.dream import bot_draw, bot_view
from wonderland_games.games.dream.bot_view import BotModeView
from wonderland_games.games.dream.results import DreamResultsScene
from wonderland_games.games.dream.scene import DreamScene
from wonderland_games.games.dream.state import CORRECT, DREAM, LAST, STORY
from wonderland_games.scenes.curtain import CurtainScene
from wonderland_games.ui import text as tx
from wonderland_games.ui.testing import click, compose, key, step, type_text

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"]


@pytest.fixture
def app(table_app):
    return table_app


def start(app, players=4, seed=3, lang="zh", level="normal", people=1):
    """People in the first `people` seats (the person in seat 0), bots in the others; clues in `lang`."""
    seats = [Seat(n) for n in NAMES[:people]] + [Seat(n, BOT, level) for n in NAMES[people:players]]
    session = Session("dream", seats, seed, {"mode": "bots", "lang": lang}, autosave=False)
    scene = DreamScene(app, session)
    app.push(scene)
    step(app, 2)
    assert isinstance(scene.view, BotModeView)
    return session, scene


def press(app, scene, name: str) -> None:
    button = scene.view.buttons[name]
    assert button.visible and button.enabled, name
    click(app, button.rect.center)


def enter(app, text: str, ime: bool = False) -> None:
    """Type `text` (through an input method's composition first, as Chinese is typed) and press Enter."""
    if ime:
        compose(app, "yue")
    type_text(app, text)
    key(app, pygame.K_RETURN)


def idle(app) -> None:
    """A quarter second of play, then a millisecond's rest: a loop that never rests starves the
    bots' worker thread of the GIL (ui/testing.run_until), and how far a game got in a fixed
    number of steps then hung on the machine's thread timing (seen failing once in CI)."""
    step(app, 1, 0.25)
    time.sleep(0.001)


def name_of(scene, word: str, lang: str) -> str:
    return scene.lexicon.words[word].name[lang]


def play_out(app, session, scene, lang="zh", seen=None):
    """The person's every move by real events until the results: refuse one clue of theirs, then
    give legal ones; as the dreamer guess right, wrong, skip, listen, take the last guess, tell the
    story. Returns what was seen happen."""
    seen = seen if seen is not None else {}
    view, state = scene.view, session.state
    for _ in range(20000):
        top = app.stack[-1]
        if isinstance(top, CurtainScene):  # several people: the screen passes to the one to act
            seen["curtains"] = seen.get("curtains", 0) + 1
            click(app, top.button.rect.center)
            assert scene.narrator.viewer == view.me == scene.viewer, "the log is for the eyes at the screen"
            continue
        if top is not scene:
            return seen
        if view.buttons["next"].visible:
            record = state.history[view.summary]
            if record["dreamer"] != 0 and record["story"]:
                seen["bot_story"] = bot_draw.story_lines(view, record)
            press(app, scene, "next")
        elif view.buttons["begin"].visible:
            press(app, scene, "begin")
        elif view.my_clue_turn():
            word = scene.lexicon.words[state.current]
            if "refused" not in seen:
                before = state.penalties[view.me]
                enter(app, word.name[lang])  # the dream word itself: never a clue
                seen["refused"] = view.message[0]
                assert state.penalties[view.me] == before + 1 and view.my_clue_turn(), "a penalty; the turn goes on"
                assert not scene.can_undo(), "the checker's penalty cannot be taken back"
                seen["status"] = view.status()[0]
            said = {text for _, _, text in state.clues}
            clue = next(c for c in word.associations[lang] if c not in said)
            enter(app, clue)
            assert state.clues[-1][1:] == [view.me, clue]
            seen["clues"] = seen.get("clues", 0) + 1
        elif view.my_guess():
            clues = len([c for c in state.clues if c[0] == len(state.cards)])
            right = name_of(scene, state.current, lang)
            if state.phase == LAST:
                enter(app, right, ime=lang == "zh")
                seen["last"] = state.cards[-1][1]
            elif clues == 1 and "listen" not in seen:
                seen["listen"] = True
                press(app, scene, "listen")
            elif clues == 1 and "skip" not in seen:
                seen["skip"] = True
                press(app, scene, "skip")
            elif clues == 2 and "wrong" not in seen:
                enter(app, "nothing" if lang == "en" else "没有")
                seen["wrong"] = state.cards[-1][1]
            elif clues >= 2:
                enter(app, right, ime=lang == "zh")
                seen.setdefault("right", state.cards[-1][1])
            else:
                idle(app)
        elif state.phase == STORY and view.dreaming():
            words = [name_of(scene, w, lang) for w in state.correct_words()]
            enter(app, (" " if lang == "en" else "，").join(["Once"] + words))
            seen["story"] = session.state.history[-1]["story"]
        else:
            idle(app)
    raise AssertionError("the game did not end")


def test_a_whole_bot_mode_game_by_clicks_and_typed_text(app):
    session, scene = start(app)
    assert scene.narrator.viewer == 0, "the side log is for the person's eyes"
    seen = play_out(app, session, scene)
    state = session.state
    assert state.is_over() and isinstance(app.stack[-1], DreamResultsScene)
    assert seen["refused"].startswith("线索被拒绝：线索")
    assert seen["status"].startswith(seen["refused"]) and seen["status"].endswith("秒）"), "the turn's seconds show"
    assert seen["clues"] >= 3 and state.penalties[0] == 1 and sum(state.penalties) == 1, "bots never break the rules"
    assert seen["right"] == CORRECT and seen["wrong"] == "wrong" and seen["skip"] and seen["listen"]
    mine = next(r for r in state.history if r["dreamer"] == 0)
    assert seen["story"] is True and mine["reasons"][0] == "dreamer_story"
    assert any(o == "skip" for _, o, _ in mine["cards"]) and any(o == CORRECT for _, o, _ in mine["cards"])
    assert len(state.history) == 4
    told, = seen["bot_story"]
    record = next(r for r in reversed(state.history) if r["dreamer"] != 0 and r["story"])
    assert told.startswith(f"{NAMES[record['dreamer']]} 讲的梦：我梦见了")
    assert all(name_of(scene, w, "zh") in told for w, o, _ in record["cards"] if o == CORRECT), "its correct words"


def test_an_english_game_refuses_a_clue_with_its_reason_and_plays_to_the_end(app):
    app.i18n.set_language("en")
    session, scene = start(app, players=5, seed=8, lang="en")
    seen = play_out(app, session, scene, lang="en")
    assert seen["refused"] == "Clue refused: The clue is the dream word itself. That is a penalty; you may " \
                              "try another word"
    assert seen["status"] == seen["refused"] + f" ({bot_view.CLUE_SECONDS} s left)"
    assert isinstance(app.stack[-1], DreamResultsScene) and session.state.penalties[0] == 1


def test_two_people_and_bots_share_the_screen_behind_the_curtain(app):
    session, scene = start(app, players=4, seed=4, people=2)
    seen = play_out(app, session, scene)
    state = session.state
    assert isinstance(app.stack[-1], DreamResultsScene) and seen["curtains"] >= 2
    assert {r["dreamer"] for r in state.history} == {0, 1, 2, 3}
    assert all(r["story"] for r in state.history if r["dreamer"] in (0, 1) and any(
        o == CORRECT for _, o, _ in r["cards"])), "each person told a story naming their words"


def until(app, scene, condition, dt=0.1, most=4000):
    for _ in range(most):
        if condition():
            return
        view = scene.view
        if view.buttons["next"].visible:
            press(app, scene, "next")
        elif view.buttons["begin"].visible:
            press(app, scene, "begin")
        else:
            step(app, 1, dt)
    raise AssertionError("never happened")


def test_the_clues_come_every_three_to_five_seconds_and_a_turn_left_alone_passes(app):
    app.settings.fast_forward = False
    session, scene = start(app, players=6, seed=3)
    state, times, clock = session.state, [], [0.0]
    real_events, real_update = scene.view.on_events, scene.update

    def timed(events):  # (seconds into the game, the seat that spoke or passed, the card, a clue?)
        times.extend((clock[0], e["seat"], e.get("card"), e["type"] == "clue") for e in events
                     if e["type"] in ("clue", "pass"))
        real_events(events)

    def ticking(dt):
        clock[0] += dt
        real_update(dt)

    scene.view.on_events, scene.update = timed, ticking
    until(app, scene, lambda: state.phase == DREAM and not scene.view.holds())
    while len(times) < 8 and state.phase == DREAM:
        if scene.view.my_clue_turn():
            step(app, 2, 0.25)
            assert scene.view.turn_left > bot_view.CLUE_SECONDS - 1
            step(app, int(bot_view.CLUE_SECONDS / 0.25), 0.25)  # nothing typed: the turn passes
            assert scene.view.message[0] == app.t("dream.bots.passed") and times[-1][1:] == (0, None, False)
            continue
        if scene.view.my_guess():
            break
        step(app, 1, 0.1)
    gaps = [b[0] - a[0] for a, b in zip(times, times[1:]) if a[2] == b[2] and a[3] and b[3]]
    assert len(gaps) >= 3 and all(2.9 <= g <= 5.2 for g in gaps), gaps  # a quick dreamer guesses after two or three
    assert any(not clue for _, _, _, clue in times), "the person's turn, left alone, passed"


def test_the_dreaming_person_has_a_few_seconds_after_each_clue_before_the_next(app):
    app.settings.fast_forward = False
    session, scene = start(app, players=4, seed=2)
    state = session.state
    until(app, scene, lambda: scene.view.dreaming() and scene.view.my_guess(), dt=0.25, most=20000)
    clues = len(state.clues)
    step(app, 8, 0.25)  # two seconds: still the person's time
    assert len(state.clues) == clues and scene.view.my_guess()
    type_text(app, "月")
    step(app, 40, 0.25)  # typing holds the next clue back
    assert len(state.clues) == clues
    key(app, pygame.K_BACKSPACE)
    step(app, 40, 0.25)
    assert len(state.clues) > clues, "left alone, the person listens on"


def test_a_round_paused_or_saved_midway_waits_for_the_person(app):
    session, scene = start(app, players=4, seed=3)
    state = session.state
    until(app, scene, lambda: state.phase == DREAM and not scene.view.holds() and len(state.clues) >= 2)
    press(app, scene, "pause")
    clues, left = len(state.clues), state.clock
    step(app, 40, 0.25)
    assert len(state.clues) == clues and scene.view.holds() and not scene.clock_running()
    assert state.clock <= left
    again = DreamScene(app, Session.from_save(session.to_save(), autosave=False))
    assert again.view.waiting and again.view.paused, "a loaded round waits for the person to go on"
    assert again.state.clock == state.clock
    press(app, scene, "begin")
    assert scene.clock_running()


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_view_fits_the_window_with_nothing_overlapping_or_cut(app, monkeypatch, size, lang):
    app.i18n.set_language(lang)
    app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    session, scene = start(app, players=10, seed=4, lang=lang)
    drawn, real = [], tx.draw_line

    def spy(surface, fonts, text, rect, size, color, bold=False, align="center"):
        drawn.append((text, pygame.Rect(rect), size, bold))
        return real(surface, fonts, text, rect, size, color, bold, align)

    monkeypatch.setattr(tx, "draw_line", spy)
    cut, ellipsize = [], tx.ellipsize
    monkeypatch.setattr(tx, "ellipsize", lambda font, text, width: (lambda out: (out != text and cut.append(text))
                                                                    or out)(ellipsize(font, text, width)))
    view = scene.view
    checked = set()
    for _turn in range(10000):  # seat 0 dreams in round 9 of 10: eight bot rounds come first (~1,000 steps)
        state = session.state
        stage = ("summary" if view.summary is not None else "waiting" if view.waiting else
                 "clue" if view.my_clue_turn() else "guess" if view.my_guess() else "story"
                 if state.phase == STORY and view.dreaming() else None)
        if stage and stage not in checked:
            drawn.clear()
            cut.clear()
            step(app, 1)
            assert not cut, f"{cut} cut short at {size} ({stage})"
            widgets = [w for w in [view.field, *view.buttons.values()] if w.visible]
            assert widgets and all(view.rect.contains(w.rect) for w in widgets), stage
            assert all(not a.rect.colliderect(b.rect) for i, a in enumerate(widgets) for b in widgets[i + 1:]), stage
            for text, rect, font_size, bold in drawn:
                if rect.colliderect(view.rect):
                    _, shown = tx.fit_line(app.fonts, text, rect.width, rect.height, font_size, bold)
                    assert shown == text, f"{text!r} cut short at {size} ({stage})"
            checked.add(stage)
        if checked >= {"summary", "waiting", "clue", "guess", "story"} or state.is_over():
            break
        if view.buttons["next"].visible:
            press(app, scene, "next")
        elif view.buttons["begin"].visible:
            press(app, scene, "begin")
        elif view.my_clue_turn():
            enter(app, scene.lexicon.words[state.current].associations[lang][0])
        elif view.my_guess() and state.phase in (DREAM, LAST):
            enter(app, name_of(scene, state.current, lang))
        elif state.phase == STORY and view.dreaming():
            enter(app, name_of(scene, state.correct_words()[0], lang))
        else:
            idle(app)
    assert checked >= {"summary", "waiting", "clue", "guess"}, checked


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_game_against_bots_from_the_setup_screen_takes_clues_in_the_app_s_language(app, user_dirs, lang):
    from wonderland_games.core import registry
    from wonderland_games.scenes.setup import SetupScene

    app.i18n.set_language(lang)
    setup = SetupScene(app, registry.get("dream"))
    app.push(setup)
    step(app, 2)
    picks = {option.option: choice for option, choice in setup.options}
    assert picks["lang"].value == lang and picks["lang"].visible
    row = setup.rows[1]
    row.kind.set_options(row.kind.options, "bot-normal")
    click(app, setup.start_button.rect.center)
    step(app, 2)
    scene = app.stack[-1]
    assert isinstance(scene, DreamScene) and isinstance(scene.view, BotModeView)
    assert scene.state.lang == lang and scene.state.mode == "bots"
    other = "en" if lang == "zh" else "zh"
    app.i18n.set_language(other)
    again = SetupScene(app, registry.get("dream"))
    assert {o.option: c for o, c in again.options}["lang"].value == other, \
        "a clue language left at the app's default follows the app's language"


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_clue_language_picked_apart_from_the_app_s_is_remembered_across_a_language_change(app, user_dirs, lang):
    from wonderland_games.core import registry
    from wonderland_games.scenes.setup import SetupScene

    other = "en" if lang == "zh" else "zh"
    app.i18n.set_language(lang)
    setup = SetupScene(app, registry.get("dream"))
    app.push(setup)
    step(app, 2)
    picks = {option.option: choice for option, choice in setup.options}
    picks["lang"].set_options(picks["lang"].options, other)
    setup.rows[1].kind.set_options(setup.rows[1].kind.options, "bot-normal")
    click(app, setup.start_button.rect.center)
    step(app, 2)
    assert app.stack[-1].state.lang == other
    for app_lang in (lang, other):
        app.i18n.set_language(app_lang)
        again = SetupScene(app, registry.get("dream"))
        assert {o.option: c for o, c in again.options}["lang"].value == other


def test_monkey_clicks_keys_text_and_resizes_never_crash(app):
    import random

    from wonderland_games.ui.testing import monkey

    session, scene = start(app, players=5, seed=6)
    rng = random.Random(5)

    def keep():
        if app.top is not scene:
            app.stack[:] = [scene]
        if rng.random() < 0.02:
            scene.on_resize((rng.randrange(1024, 2560), rng.randrange(640, 1440)))
        if rng.random() < 0.05:
            app.step(rng.choice((0.5, 2.0, 9.0)))  # the sand and the bots run on meanwhile

    monkey(app, 2500, rng, keep=keep, keys=(pygame.K_RETURN, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_TAB,
                                            pygame.K_z, pygame.K_h, pygame.K_f, pygame.K_a, pygame.K_BACKSPACE))
    assert len(session.actions) > 10, "the monkey played"
    again = Session.from_save(session.to_save(), autosave=False)  # every action it took replays
    assert again.state.to_dict() == session.state.to_dict()



def test_a_spirit_s_card_names_the_word_in_the_clue_language(app):
    session, scene = start(app, players=4, seed=3, lang="en")  # a Chinese app, English clues
    until(app, scene, lambda: not scene.view.dreaming() and not scene.view.holds(), dt=0.25)
    word = scene.lexicon.words[session.state.current]
    assert bot_draw.card_word(scene.view) == f"{word.name['en']}（{word.name['zh']}）"
    app.i18n.set_language("en")
    assert bot_draw.card_word(scene.view) == word.name["en"]


def test_no_suggest_in_bot_mode(app):
    """The shared adviser cannot say a clue in words (it knows the clue menu's word ids only)."""
    session, scene = start(app, players=4, seed=3)
    until(app, scene, lambda: scene.view.my_clue_turn() and not scene.view.holds(), dt=0.25)
    press(app, scene, "pause")
    assert not scene.buttons["hint"].visible and not scene.can_hint()
    key(app, pygame.K_h)
    assert scene.hint_runner is None
