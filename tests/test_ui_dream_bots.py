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
from wonderland_games.games.dream.bot_seats import seat_centres
from wonderland_games.games.dream.bot_view import BotModeView
from wonderland_games.games.dream.results import DreamResultsScene
from wonderland_games.games.dream.scene import DreamScene
from wonderland_games.games.dream.state import CORRECT, DREAM, LAST, STORY
from wonderland_games.scenes.curtain import CurtainScene
from wonderland_games.ui import text as tx
from wonderland_games.ui.finale import Finale
from wonderland_games.ui.testing import click, compose, key, step, type_text
from wonderland_games.ui.theme import px

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
        if isinstance(top, Finale):  # the winners' moment over the table, then the results
            step(app)
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
    def gaps():  # seconds between two clues in a row on one card
        return [b[0] - a[0] for a, b in zip(times, times[1:]) if a[2] == b[2] and a[3] and b[3]]

    while len(times) < 24 and len(gaps()) < 3 and state.phase == DREAM:  # a quick dreamer guesses after two or three
        if scene.view.my_clue_turn():
            turn = scene.view.turn_left()  # the whole turn (less the last move's animation), or the sand left
            assert bot_view.CLUE_SECONDS - 2 <= turn <= bot_view.CLUE_SECONDS or scene.view.turn_ends == 0, turn
            step(app, int(turn / 0.25) + 1, 0.25)  # nothing typed: the turn passes
            assert scene.view.message[0] == app.t("dream.bots.passed") and times[-1][1:] == (0, None, False)
            continue
        if scene.view.my_guess():
            break
        step(app, 1, 0.1)
        time.sleep(0.001)  # the bots think in a thread, as in the real loop, which rests between frames
    assert len(gaps()) >= 3 and all(2.9 <= g <= 5.2 for g in gaps()), (gaps(), times)
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


def make_bot(app, row) -> None:
    """Click the seat's kind on to a bot (person, then easy, normal, hard)."""
    click(app, (row.kind.rect.right - 4, row.kind.rect.centery))
    assert row.kind.value.startswith("bot")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_game_against_bots_from_the_setup_screen_takes_clues_in_the_app_s_language(app, user_dirs, lang):
    from wonderland_games.core import registry
    from wonderland_games.scenes.setup import SetupScene

    app.i18n.set_language(lang)
    setup = SetupScene(app, registry.get("dream"))
    app.push(setup)
    step(app, 2)
    assert app.top is setup
    picks = {option.option: choice for option, choice in setup.options}
    assert picks["lang"].value == lang and not picks["lang"].visible, "no clue language at a table of people"
    make_bot(app, setup.rows[1])
    assert picks["lang"].visible
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
    assert app.top is setup
    picks = {option.option: choice for option, choice in setup.options}
    make_bot(app, setup.rows[1])
    picks["lang"].set_options(picks["lang"].options, other)
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


def word_band(view) -> pygame.Rect:
    """The band of the dream card its word is written in (bot_draw._draw_card)."""
    inner = view.card.inflate(-px(20, view.s), -px(16, view.s))
    return pygame.Rect(inner.left, inner.top + inner.height // 4, inner.width, inner.height // 2)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("app_lang,clues", [("zh", "en"), ("en", "zh")])
def test_a_card_s_gloss_is_never_cut_and_its_word_fits_the_card(app, rendered, size, app_lang, clues):
    """The card's word in the clue language with its gloss in the app's: the gloss stays whole on a
    line (QA at 1920x1080: "music box（八 / 音盒）", "earthquake（地 / 震）", "getting lost（迷 / 路）"),
    every word of the lexicon inside the card's band."""
    app.i18n.set_language(app_lang)
    app.screen = pygame.display.set_mode(size)
    session, scene = start(app, players=4, seed=3, lang=clues)
    view, state = scene.view, session.state
    band = word_band(view)
    for word in scene.lexicon.words.values():
        state.current = word.id
        gloss = word.name[app_lang]
        font, lines = bot_draw.card_lines(view, band, px(44, view.s))
        assert any(gloss in line for line in lines), (word.id, lines)
        assert len(lines) * font.get_linesize() <= band.height, (word.id, lines)
        assert max(font.size(line)[0] for line in lines) <= band.width, (word.id, lines)
    until(app, scene, lambda: not view.dreaming() and not view.holds(), dt=0.25)
    for word in ("music_box", "earthquake", "getting_lost"):  # as drawn on the card
        state.current = word
        rendered.clear()
        scene.draw(app.screen)
        gloss = scene.lexicon.words[word].name[app_lang]
        assert any(gloss in text for text in rendered), (word, rendered)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("players,lang", [(4, "zh"), (6, "en")])
def test_the_dreamer_s_guess_bubble_stays_off_the_card(app, size, players, lang):
    """A bot dreamer's guess ('Is it "thorn"?') shows in its bubble by its seat, clear of the dream
    card's edge (QA: it covered the card's top edge)."""
    from wonderland_games.games.dream.state import GUESS, PASS

    app.i18n.set_language(lang)
    app.screen = pygame.display.set_mode(size)
    session, scene = start(app, players=players, seed=3, lang=lang)
    view, state = scene.view, session.state
    until(app, scene, lambda: not view.dreaming() and not view.holds(), dt=0.25)
    scene._update_turn = lambda dt: None  # the test plays the bots' moves
    while state.awaiting != GUESS:
        scene.apply(PASS if state.speaker == view.me else ("clue", state.speaker, "提示" if lang == "zh" else "hint"))
    scene.apply(("guess", "thorn"))
    step(app)
    dreamer = state.dreamer()
    bubble = scene.target_rect(f"bubble:{dreamer}")
    assert bubble is not None and state.cards[-1][2] == "thorn"
    assert not bubble.colliderect(view.card), (bubble, view.card)
    assert view.stage.contains(bubble)


def test_no_suggest_in_bot_mode(app):
    """The shared adviser cannot say a clue in words (it knows the clue menu's word ids only)."""
    session, scene = start(app, players=4, seed=3)
    until(app, scene, lambda: scene.view.my_clue_turn() and not scene.view.holds(), dt=0.25)
    press(app, scene, "pause")
    assert not scene.buttons["hint"].visible and not scene.can_hint()
    key(app, pygame.K_h)
    assert scene.hint_runner is None


# -- one clock for both modes: whatever stops the sand says so and how to go on (issue 25) --------

def leave_and_come_back(app, scene, how: str) -> None:
    """Open the Save box (and press OK or Cancel) or the Rules page (and Esc), by real events."""
    click(app, scene.buttons["rules" if how == "rules" else "save"].rect.center)
    dialog = app.top
    assert dialog is not scene
    if how == "rules":
        key(app, pygame.K_ESCAPE)
    else:
        ok, cancel = dialog.buttons
        click(app, (ok if how == "save_ok" else cancel).rect.center)
        if app.top is not scene:  # "saved": its OK
            key(app, pygame.K_RETURN)
    assert app.top is scene


def assert_stopped_until_go_on(app, scene) -> None:
    """The sand is stopped, says so, and Go on (nothing else) lets it run again."""
    view, state = scene.view, scene.state
    said, left = len(state.clues), scene.clock.shown()
    step(app, 40, 0.25)  # ten seconds
    assert scene.clock.shown() == left and not scene.clock_running() and state.clock == left
    assert len(state.clues) == said and view.holds(), "the bots wait while the sand is stopped"
    assert view.status()[0] == app.t("dream.bots.paused")
    assert view.buttons["begin"].visible and view.buttons["begin"].text() == app.t("dream.bots.resume")
    assert not view.buttons["pause"].visible, "no Pause on a sand glass that is not running"
    press(app, scene, "begin")
    step(app, 8, 0.25)
    assert scene.clock_running() and scene.clock.shown() <= left - 1


@pytest.mark.parametrize("how", ["save_ok", "save_cancel", "rules"])
def test_save_or_rules_mid_dream_stop_the_sand_and_go_on_means_go_on(app, user_dirs, how):
    session, scene = start(app, players=4, seed=3)
    state = session.state
    until(app, scene, lambda: state.phase == DREAM and not scene.view.holds() and len(state.clues) >= 1)
    step(app, 8, 0.25)
    leave_and_come_back(app, scene, how)
    assert_stopped_until_go_on(app, scene)


def test_the_person_s_clue_turn_counts_down_again_after_the_rules(app):
    app.settings.fast_forward = False
    session, scene = start(app, players=4, seed=3)
    view = scene.view
    until(app, scene, lambda: view.my_clue_turn() and not view.holds(), dt=0.25, most=20000)
    step(app, 8, 0.25)
    leave_and_come_back(app, scene, "rules")
    assert_stopped_until_go_on(app, scene)
    passes = sum(1 for a in session.actions if a == ("pass",))
    step(app, 4 * bot_view.CLUE_SECONDS, 0.25)
    assert sum(1 for a in session.actions if a == ("pass",)) == passes + 1, "the turn left alone passes"


def test_the_autosave_keeps_the_time_left_after_a_bot_s_clue_too(app, user_dirs):
    from wonderland_games.core.saves import autosave_path, load_session

    app.settings.fast_forward = False  # a clue every few seconds, as at a table
    seats = [Seat("Ann")] + [Seat(n, BOT, "normal") for n in NAMES[1:4]]
    session = Session("dream", seats, 3, {"mode": "bots", "lang": "zh"})
    scene = DreamScene(app, session)
    app.push(scene)
    step(app, 2)
    state = session.state
    until(app, scene, lambda: state.phase == DREAM and not scene.view.holds())
    bot_clues = 0
    for _ in range(400):
        said = len(state.clues)
        step(app, 1, 0.25)
        if len(state.clues) > said and state.clues[-1][1] != 0:
            assert state.clock == scene.clock.shown(), "the time left as the bot spoke"
            assert load_session(autosave_path("dream")).state.clock == state.clock
            bot_clues += 1
        if bot_clues >= 3 or state.phase != DREAM or scene.view.holds():
            break
        if scene.view.my_clue_turn():
            enter(app, scene.lexicon.words[state.current].associations["zh"][0])
    assert bot_clues >= 3 and state.clock < state.seconds - 5


def test_a_bot_thinking_when_the_sand_runs_out_thinks_again_in_the_new_position(app):
    """The time-up changes the position under a bot that is thinking: its answer is dropped and it
    thinks again (a stale one was refused and the engine's first legal move taken instead: the bot
    dreamer let its last guess go unthought)."""
    app.settings.fast_forward = False
    seats = [Seat("Ann")] + [Seat(n, BOT, "normal") for n in NAMES[1:5]]
    session = Session("dream", seats, 3, {"mode": "bots", "lang": "zh", "seconds": 10}, autosave=False)
    scene = DreamScene(app, session)
    app.push(scene)
    step(app, 2)
    refused, real = [], scene._accepts
    scene._accepts = lambda action, legal: real(action, legal) or refused.append(action)
    caught = 0
    while caught < 2 and not session.state.is_over():
        thinking, done = scene.runner is not None, len(session.actions)
        view = scene.view
        for name in ("next", "begin"):
            if view.buttons[name].visible:
                press(app, scene, name)
        if view.dreaming() and session.state.phase in (LAST, STORY):  # the person's last guess, story
            enter(app, "梦")
        elif view.my_clue_turn():  # at once: the sand runs out on a bot's thinking, not on the person's turn
            enter(app, scene.lexicon.words[session.state.current].associations["zh"][0])
        step(app, 1, 0.25)
        caught += thinking and ("time_up",) in session.actions[done:]
    assert caught >= 2 and not refused, (caught, refused)


def test_skip_while_a_spirit_thinks_says_it_waits_and_is_taken_after_the_clue(app):
    app.settings.fast_forward = False
    session, scene = start(app, players=4, seed=2)
    state, view = session.state, scene.view
    until(app, scene, lambda: view.dreaming() and view.my_guess(), dt=0.25, most=20000)
    press(app, scene, "listen")  # the next spirit thinks of a clue
    assert state.awaiting == "clue" and scene.runner is not None
    cards, speaker = len(state.cards), scene.name(state.speaker)
    press(app, scene, "skip")
    assert view.status()[0] == app.t("dream.clock.skip_after", name=speaker), "it says why it waits"
    assert not view.buttons["skip"].enabled and len(state.cards) == cards
    until(app, scene, lambda: len(state.cards) > cards, dt=0.25)
    assert state.cards[-1][1] == "skip" and state.clues[-1][0] == cards, "the spirit's clue, then the skip"


def test_the_clue_turn_s_seconds_never_outrun_the_sand_glass(app):
    app.settings.fast_forward = False
    seats = [Seat("Ann")] + [Seat(n, BOT, "normal") for n in NAMES[1:4]]
    session = Session("dream", seats, 3, {"mode": "bots", "lang": "en", "seconds": 40}, autosave=False)
    app.i18n.set_language("en")
    scene = DreamScene(app, session)
    app.push(scene)
    step(app, 2)
    state, view = session.state, scene.view
    for _ in range(4000):
        if view.my_clue_turn() and not view.holds():
            if scene.clock.left > bot_view.CLUE_SECONDS + 1:
                enter(app, scene.lexicon.words[state.current].associations["en"][0])
                continue
            step(app, 4, 0.25)
            shown = scene.clock.shown()
            assert view.status()[0] == app.t("dream.bots.your_turn", n=shown), "the sand glass's own seconds"
            assert view.turn_left() == shown
            return
        for name in ("next", "begin"):
            if view.buttons[name].visible:
                press(app, scene, name)
        if view.dreaming() and state.phase in (LAST, STORY):
            enter(app, "dream")
        step(app, 1, 0.25)
    raise AssertionError("no clue turn with less sand than a turn's seconds")


def test_the_top_bar_names_the_round_whose_scores_are_on_show(app):
    session, scene = start(app, players=4, seed=3)
    view, state = scene.view, session.state
    until(app, scene, lambda: view.summary is not None and not state.is_over(), dt=0.25, most=20000)
    record = state.history[view.summary]
    assert scene._status() == app.t("dream.clock.status_scores", round=view.summary + 1, rounds=4,
                                     name=scene.name(record["dreamer"]))
    assert not any(row[3] for row in scene._player_lines()), "nobody dreams while the scores show"
    press(app, scene, "next")
    assert scene._status() == app.t("dream.table.status.round", round=state.round + 1, rounds=4,
                                     name=scene.name(state.dreamer()))


def test_the_clue_language_is_offered_only_while_a_seat_is_a_bot(app, user_dirs, monkeypatch):
    """It is the bots' language and the typed clues': at a table of people it does nothing."""
    from wonderland_games.core import registry
    from wonderland_games.scenes.setup import SetupScene

    setup = SetupScene(app, registry.get("dream"))
    app.push(setup)
    step(app, 2)
    assert app.top is setup
    lang = {option.option: choice for option, choice in setup.options}["lang"]
    assert not lang.visible and lang not in setup.ring.widgets
    drawn, real = [], tx.draw_line
    monkeypatch.setattr(tx, "draw_line", lambda surface, fonts, text, *a, **k: drawn.append(text) or
                        real(surface, fonts, text, *a, **k))
    step(app)
    assert app.t("dream.bots.lang") not in drawn
    make_bot(app, setup.rows[2])
    drawn.clear()
    step(app)
    assert lang.visible and lang in setup.ring.widgets and app.t("dream.bots.lang") in drawn
    for _ in range(3):  # easy, normal, hard, then a person on a phone: a person, no bot
        click(app, (setup.rows[2].kind.rect.right - 4, setup.rows[2].kind.rect.centery))
    step(app)
    assert setup.rows[2].kind.value == "phone" and not lang.visible
    click(app, (setup.rows[2].kind.rect.right - 4, setup.rows[2].kind.rect.centery))  # a person again
    assert setup.rows[2].kind.value == "human" and not lang.visible
    valley = SetupScene(app, registry.get("valley"))
    valley.count.set_options(valley.count.options, 1)
    valley._count_changed()
    assert all(choice.visible for option, choice in valley.options if 1 in option.seats), "Valley's solo picks"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_dreamer_s_token_is_no_seat_s_initial(app, monkeypatch, lang):
    """English's "D" for the dreamer read as Dormouse's initial; the default names in both languages."""
    app.i18n.set_language(lang)
    names = [n.strip() for n in app.t("setup.bot_names").split(",")]
    seats = [Seat(app.t("setup.default_name", n=1))] + [Seat(n, BOT, "normal") for n in names[:5]]
    session = Session("dream", seats, 3, {"mode": "bots", "lang": lang}, autosave=False)
    scene = DreamScene(app, session)
    app.push(scene)
    step(app, 2)
    view = scene.view
    drawn, real = [], tx.draw_line
    monkeypatch.setattr(tx, "draw_line", lambda surface, fonts, text, rect, *a, **k: drawn.append(
        (text, pygame.Rect(rect).center)) or real(surface, fonts, text, rect, *a, **k))
    step(app)
    centres = seat_centres(view.stage, len(seats), view.me, px(22, view.s))
    marks = {centre: text for text, centre in drawn if centre in centres}
    dreamer = marks[centres[session.state.dreamer()]]
    assert len(marks) == len(seats) and dreamer not in [seat.name[:1] for seat in seats], (dreamer, names)
    assert dreamer == app.t("dream.clock.dreamer_mark")


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_sand_glass_stands_clear_of_the_panel_frame(app, size, monkeypatch):
    """Seen in the window at 1920x1080: the glass's top cap sat on the stage panel's frame."""
    from wonderland_games.games.dream import hourglass

    app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    session, scene = start(app)
    drawn = []
    real = hourglass.draw
    monkeypatch.setattr(hourglass, "draw", lambda surface, area, *a: drawn.append(hourglass.glass_rect(area))
                        or real(surface, area, *a))
    scene._frame = None
    step(app, 2)
    assert drawn, "the glass is drawn"
    view = scene.view
    frame = view.rect.top + px(10, view.s)  # the panel's frame and its padding
    assert all(glass.top >= frame for glass in drawn), (drawn, view.rect)
