"""Dream Teller's table mode driven with real events (headless, see conftest.py): a whole game
by clicks, the role reveal behind its curtain, the clock, saves mid-round, sizes, a monkey."""

from __future__ import annotations

import random

import pygame
import pytest

from wonderland_games.core import registry
from wonderland_games.core.game import Seat
from wonderland_games.core.saves import load_session, slots_dir
from wonderland_games.core.session import Session
from wonderland_games.games.dream import rules
from wonderland_games.games.dream.layout import compute
from wonderland_games.games.dream.scene import DreamScene
from wonderland_games.games.dream.table_view import reveal_order
from wonderland_games.scenes.results import ResultsScene
from wonderland_games.ui import text as tx
from wonderland_games.ui.finale import Finale
from wonderland_games.ui.testing import click, key, monkey, run_until, step
from wonderland_games.ui.theme import px

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"]


@pytest.fixture
def app(table_app):
    return table_app


@pytest.fixture
def drawn(monkeypatch):
    """Every line and block of text drawn, in order."""
    texts = []
    for name in ("draw_line", "draw_block"):
        real = getattr(tx, name)
        monkeypatch.setattr(tx, name, lambda surface, fonts, text, *a, _real=real, **k: texts.append(text) or
                            _real(surface, fonts, text, *a, **k))
    return texts


@pytest.fixture
def sounds(app, monkeypatch):
    played = []
    monkeypatch.setattr(app.sound, "play", played.append)
    return played


def start(app, players=4, seed=5, autosave=False, names=NAMES):
    session = Session.new("dream", [Seat(n) for n in names[:players]], seed=seed, autosave=autosave)
    scene = DreamScene(app, session)
    app.push(scene)
    step(app, 2)
    return session, scene


def press(app, scene, name: str) -> None:
    button = scene.view.buttons[name]
    assert button.visible and button.enabled, (name, scene.view.stage)
    click(app, button.rect.center)


def reveal_roles(app, scene, drawn=None) -> list:
    """Every spirit in turn: the curtain names them, their role shows, then hides. (seat, role shown)."""
    seen = []
    state = scene.state
    for seat in reveal_order(state):
        assert scene.view.stage == "reveal" and not scene.view.showing
        if drawn is not None:
            drawn.clear()
            step(app)
            assert app.t("dream.table.pass_to") in drawn and scene.name(seat) in drawn
            assert not any(app.t(f"dream.role.{r}") in drawn for r in rules.SPIRITS), "the curtain hides the role"
        press(app, scene, "show")
        if drawn is not None:
            drawn.clear()
            step(app)
            shown = [r for r in rules.SPIRITS if app.t(f"dream.role.{r}") in drawn]
            assert shown == [state.roles[seat]], (shown, state.roles[seat])
        seen.append((seat, state.roles[seat]))
        press(app, scene, "hide")
    return seen


def run_out(app, scene) -> None:
    """Let the sand run out, a second a frame."""
    for _ in range(scene.state.seconds + 5):
        if scene.view.stage == "last":
            return
        app.step(1.0)
    raise AssertionError("the sand never ran out")


def test_a_whole_table_game_by_clicks(app, sounds, drawn):
    app.i18n.set_language("en")
    session, scene = start(app, players=5, seed=9)
    state = session.state
    expected_penalties = [0] * 5
    for number in range(5):
        if number:
            assert scene.view.stage == "scores"
            press(app, scene, "next")
        dreamer = state.dreamer()
        assert not any(scene.word_name(state.current) in text for text, _ in scene.log.entries), \
            "the dreamer, eyes still open, must not read the first word in the log"
        seen = reveal_roles(app, scene, drawn)
        assert sorted(s for s, _ in seen) == sorted(set(range(5)) - {dreamer})
        assert scene.view.stage == "eyes" and not scene.clock_running()
        drawn.clear()
        step(app)
        assert app.t("dream.table.close_eyes", name=scene.name(dreamer)) in drawn
        press(app, scene, "start")
        assert scene.clock_running() and not scene.still()
        app.step(3.0)
        word = state.current
        drawn.clear()
        step(app)
        assert scene.word_name(word) in drawn, "the dream word shows large for the spirits"
        press(app, scene, "correct")
        assert session.actions[-2][0] == "clock" and session.actions[-1] == ("correct",)
        assert state.current != word and sounds[-1] == "take"
        press(app, scene, "wrong")
        assert sounds[-1] == "no"  # a word let go: the gentle no
        press(app, scene, "skip")
        victim = (dreamer + 1 + number) % 5
        press(app, scene, "penalty")
        assert scene.view.choosing
        click(app, scene.view.pen[victim].rect.center)
        expected_penalties[victim] += 1
        assert not scene.view.choosing and state.penalties == expected_penalties
        before = len([s for s in sounds if s == "tick"])
        run_out(app, scene)
        assert len([s for s in sounds if s == "tick"]) - before == 10 and sounds.count("alarm") == number + 1
        assert state.phase == "last" and scene.still()
        last = ("skip" if number == 0 else "correct")
        press(app, scene, last)
        record_cards = None
        if number == 0:
            record_cards = state.history[-1]["cards"] if scene.view.stage == "scores" else state.cards
        if scene.view.stage == "story":
            drawn.clear()
            step(app)
            assert app.i18n.join([scene.word_name(w) for w in state.correct_words()]) in drawn
            press(app, scene, "yes" if number % 2 else "no")
        assert scene.view.stage == "scores"
        record = state.history[-1]
        if record_cards is not None:
            assert record["cards"][-1][1] == "dropped", "a skip at time-up counts nowhere"
        correct = sum(o == "correct" for _, o, _ in record["cards"])
        wrong = sum(o in ("wrong", "skip") for _, o, _ in record["cards"])
        assert (correct, wrong) == ((1, 2) if number == 0 else (2, 2))
        drawn.clear()
        step(app)
        for seat in range(5):
            role = record["roles"][seat]
            points, _ = rules.round_points(role, correct, wrong, record["story"])
            assert record["points"][seat] == points and f"+{points}" in drawn
            assert app.t(f"dream.role.{role}") in drawn
        for seat, total in enumerate(state.scores()):  # the running totals, penalties taken off and named
            penalties = state.penalties[seat]
            assert (app.t("dream.table.total_penalties", total=total, n=penalties) if penalties else str(total)) \
                in drawn
    assert state.is_over() and state.penalties == expected_penalties
    assert scene.buttons["save"].visible
    assert not scene.view.buttons["penalty"].visible, "a penalty after the game did nothing when clicked"
    press(app, scene, "next")
    assert isinstance(app.top, Finale), "the winners' moment over the table first"
    run_until(app, lambda: isinstance(app.top, ResultsScene))


def test_the_sandmans_cases_and_the_dreamers_story_are_said_in_words(app):
    app.i18n.set_language("en")
    session, scene = start(app, players=4, seed=2)
    reveal_roles(app, scene)
    press(app, scene, "start")
    for name in ("correct", "wrong"):
        press(app, scene, name)
    run_out(app, scene)
    press(app, scene, "correct")
    press(app, scene, "yes")
    record = session.state.history[-1]
    reasons = set(record["reasons"])
    assert "dreamer_story" in reasons and record["points"][record["dreamer"]] == 2 + 2
    assert "sandman_one" in reasons  # 2 correct, 1 wrong
    assert app.t("dream.table.reason.sandman_one", correct=2, wrong=1) == "piles 1 apart (2:1): the larger"


def test_pause_stops_the_sand_and_reports_the_time(app):
    session, scene = start(app)
    reveal_roles(app, scene)
    assert scene.still(), "the reveal waits for a tap: the app idles"
    press(app, scene, "start")
    for _ in range(10):
        app.step(1.0)
    assert scene.clock.shown() == 110
    press(app, scene, "pause")
    assert session.actions[-1] == ("clock", 110) and not scene.clock_running() and scene.still()
    assert not scene.view.buttons["correct"].enabled, "no outcome while the sand is stopped"
    app.step(5.0)
    assert scene.clock.shown() == 110
    key(app, pygame.K_SPACE)
    assert scene.clock_running()
    app.step(2.0)
    assert scene.clock.shown() == 108


def test_a_save_mid_round_resumes_paused_with_its_remaining_time(app, user_dirs, drawn):
    session, scene = start(app, autosave=True)
    reveal_roles(app, scene)
    press(app, scene, "start")
    press(app, scene, "correct")
    for _ in range(37):
        app.step(1.0)
    click(app, scene.buttons["save"].rect.center)
    assert app.top is not scene and session.state.clock == 120 - 37
    key(app, pygame.K_RETURN)  # the dialog's suggested name
    key(app, pygame.K_RETURN)  # "saved"
    assert app.top is scene
    [saved] = list(slots_dir().glob("*.json"))
    loaded = load_session(saved)
    assert loaded.state.to_dict() == session.state.to_dict()
    app.stack.clear()
    again = DreamScene(app, loaded)
    app.push(again)
    step(app, 2)
    assert again.view.stage == "dream" and again.view.paused and again.clock.shown() == 83
    assert not again.clock_running()
    word = again.word_name(loaded.state.current)
    drawn.clear()
    step(app)
    assert word not in drawn, "whoever opened the save may be the dreamer"
    assert app.t("dream.table.resume_eyes", name=again.name(loaded.state.dreamer())) in drawn
    press(app, again, "pause")  # "Resume the sand"
    drawn.clear()
    step(app)
    assert word in drawn
    app.step(3.0)
    assert again.clock.shown() == 80
    press(app, again, "wrong")
    assert loaded.actions[-2:] == [("clock", 80), ("wrong",)]


def test_the_rules_opened_mid_dream_stop_the_sand_until_the_table_resumes_it(app):
    session, scene = start(app)
    reveal_roles(app, scene)
    press(app, scene, "start")
    app.step(5.0)
    click(app, scene.buttons["rules"].rect.center)
    assert app.top is not scene and session.actions[-1] == ("clock", 115)
    key(app, pygame.K_ESCAPE)
    assert app.top is scene
    app.step(3.0)
    assert scene.clock.shown() == 115 and scene.view.paused and not scene.view.buttons["wrong"].enabled
    assert scene.view.buttons["pause"].text() == app.t("dream.table.resume")
    press(app, scene, "pause")
    app.step(1.0)
    assert scene.clock.shown() == 114


def test_leaving_for_the_menu_keeps_the_time_in_the_autosave(app, user_dirs):
    from wonderland_games.core.saves import autosave_path

    session, scene = start(app, autosave=True)
    reveal_roles(app, scene)
    press(app, scene, "start")
    for _ in range(20):
        app.step(1.0)
    scene.on_exit()  # what the Menu button and closing the window do
    loaded = load_session(autosave_path("dream"))
    assert loaded.state.clock == 100


def test_undo_takes_back_a_penalty_but_not_the_sand(app):
    session, scene = start(app)
    reveal_roles(app, scene)
    press(app, scene, "start")
    app.step(2.0)
    press(app, scene, "pause")
    assert session.actions == [("clock", 118)] and not scene.buttons["undo"].enabled, "a pause is not a move"
    press(app, scene, "pause")
    app.step(2.0)
    press(app, scene, "penalty")
    click(app, scene.view.pen[2].rect.center)
    press(app, scene, "pause")
    assert session.state.penalties[2] == 1 and scene.buttons["undo"].enabled
    click(app, scene.buttons["undo"].rect.center)
    assert session.state.penalties[2] == 0 and scene.clock.shown() == 116
    press(app, scene, "pause")  # resume
    run_out(app, scene)
    press(app, scene, "penalty")
    click(app, scene.view.pen[1].rect.center)
    click(app, scene.buttons["undo"].rect.center)
    assert session.state.penalties == [0] * 4 and session.state.phase == "last" and scene.view.stage == "last"


def test_escape_closes_the_penalty_panel_and_a_click_outside_does_nothing(app):
    session, scene = start(app)
    reveal_roles(app, scene)
    press(app, scene, "penalty")
    click(app, scene.view.rect.topleft)
    assert scene.view.choosing and session.state.penalties == [0] * 4
    key(app, pygame.K_ESCAPE)
    assert not scene.view.choosing and app.top is scene


def test_setup_starts_every_seat_as_a_person(app):
    from wonderland_games.scenes.setup import SetupScene

    setup = SetupScene(app, registry.get("dream"))
    assert [row.kind.value for row in setup.rows] == ["human"] * 10 and setup.count.value == 4
    valley = SetupScene(app, registry.get("valley"))
    assert valley.rows[1].kind.value == "bot-normal"


def stages(app, session, scene):
    """Walk one round through every stage, yielding each (the penalty panel too)."""
    yield "reveal"
    press(app, scene, "show")
    yield "shown"
    press(app, scene, "hide")
    while scene.view.stage == "reveal":
        press(app, scene, "show")
        press(app, scene, "hide")
    yield "eyes"
    press(app, scene, "start")
    press(app, scene, "correct")
    press(app, scene, "skip")
    yield "dream"
    press(app, scene, "penalty")
    yield "penalty"
    key(app, pygame.K_ESCAPE)
    press(app, scene, "pause")
    yield "paused"
    press(app, scene, "pause")
    run_out(app, scene)
    yield "last"
    press(app, scene, "correct")
    yield "story"
    press(app, scene, "no")
    yield "scores"


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080), (2560, 1440)])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_stage_fits_the_window_without_overlap_or_cut_text(app, size, lang, monkeypatch):
    app.i18n.set_language(lang)
    app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    session, scene = start(app, players=10, names=["Wilhelmina", "Bartholomew", "Christabel", "Dorotheaaaa",
                                                   "Evangelinee", "Fitzwilliam", "Gwendolynne", "Hildebrandt",
                                                   "Isambardddd", "Josephineeee"])
    cut = []
    real = tx.ellipsize
    monkeypatch.setattr(tx, "ellipsize", lambda font, text, width: (lambda out: (out != text and cut.append(text))
                                                                    or out)(real(font, text, width)))
    lay = scene.layout
    window = pygame.Rect((0, 0), size)
    regions = list(lay.regions().items()) + [("main", lay.main)]
    for i, (a, ra) in enumerate(regions):
        assert window.contains(ra), a
        for b, rb in regions[i + 1:]:
            assert not ra.colliderect(rb), (a, b)
    for name in stages(app, session, scene):
        cut.clear()
        step(app)
        view = scene.view
        shown = [b for b in list(view.buttons.values()) + view.pen if b.visible]
        for button in shown:
            assert lay.main.contains(button.rect), (name, button.text)
        panel = view.penalty_panel() if view.choosing else None
        for i, a in enumerate(shown):
            for b in shown[i + 1:]:
                assert not a.rect.colliderect(b.rect), (name, a.text(), b.text())
            if panel is not None and a in view.pen:
                assert panel.contains(a.rect)
        body = view.parts["body"]
        if not view.choosing:
            assert not any(body.colliderect(b.rect) for b in shown), name
        assert not cut, (name, size, lang, cut)


def test_monkey_clicks_keys_and_resizes_never_crash(app):
    session, scene = start(app, players=6, seed=4)
    rng = random.Random(3)

    def keep():
        if app.top is not scene:
            app.stack[:] = [scene]
        if rng.random() < 0.02:
            scene.on_resize((rng.randrange(1024, 2560), rng.randrange(640, 1440)))
        if rng.random() < 0.05:
            app.step(rng.choice((0.5, 2.0, 9.0)))  # the sand runs on meanwhile

    monkey(app, 2500, rng, keep=keep, keys=(pygame.K_RETURN, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_TAB,
                                            pygame.K_z, pygame.K_h, pygame.K_f))
    assert len(session.actions) > 10, "the monkey played"
    again = Session.from_save(session.to_save(), autosave=False)  # every action it took replays
    assert again.state.to_dict() == session.state.to_dict()


def test_a_replay_steps_through_a_table_game_with_its_buttons(app):
    from wonderland_games.core.records import make_record

    session = Session.new("dream", [Seat(n) for n in NAMES[:4]], seed=3, autosave=False)
    rng = random.Random(1)
    while not session.state.is_over():
        if ("clock", 60) in session.state.legal_actions() and rng.random() < 0.3:
            session.apply(("clock", 60))  # a pause at one minute left
        session.apply(rng.choice([a for a in session.state.legal_actions() if a[0] != "clock"]))
    record = make_record("dream", session.seed, session.seats, session.options, session.actions)
    scene = DreamScene(app, replay=record)
    app.push(scene)
    step(app, 2)
    lay = scene.layout
    steps = [scene.buttons[n] for n in ("prev", "play", "next")]
    assert all(b.visible and lay.main.contains(b.rect) for b in steps)
    assert not any(b.visible for b in scene.view.buttons.values()), "a replay is watched, not played"
    stages = set()
    for number in range(len(record.actions)):
        click(app, scene.buttons["next"].rect.center)
        assert scene.replay_step == number + 1
        stages.add(scene.view.stage)
        assert scene.clock.shown() == scene.state.clock
    assert scene.state.is_over() and scene.view.stage == "scores" and {"dream", "scores"} <= stages
    click(app, scene.buttons["prev"].rect.center)
    assert scene.replay_step == len(record.actions) - 1 and scene.view.stage != "reveal"


def test_the_top_bar_shows_no_fast_forward_nor_suggest_at_a_table_and_leaves_no_gap(app):
    """A table of people has no bot to hurry and Dream offers no Suggest: neither button
    keeps a slot, the status line has the room, and F does not toggle a hidden setting."""
    session, scene = start(app)
    lay = scene.layout
    assert set(lay.buttons) == {"undo", "save", "rules", "menu"}
    assert lay.status.right >= lay.buttons["undo"].left - px(24, lay.s)
    before = app.settings.fast_forward
    key(app, pygame.K_f)
    assert app.settings.fast_forward == before
    bots = compute(lay.size, 4, table=False)
    assert set(bots.buttons) == {"ff", "undo", "save", "rules", "menu"}, "bot mode keeps fast-forward"


def test_the_top_bar_names_the_round_whose_scores_are_on_show(app):
    session, scene = start(app)
    reveal_roles(app, scene)
    press(app, scene, "start")
    run_out(app, scene)
    press(app, scene, "skip")  # no correct card: straight to the scores
    assert scene.view.stage == "scores" and session.state.round == 1
    dreamer = scene.name(session.state.history[0]["dreamer"])
    assert scene._status() == app.t("dream.clock.status_scores", round=1, rounds=4, name=dreamer)
    press(app, scene, "next")
    assert scene._status() == app.t("dream.table.status.round", round=2, rounds=4,
                                    name=scene.name(session.state.dreamer()))


def _one_from_the_end(app):
    """A paced table game whose next action ends it, opened at the table: (session, scene, last action, end line)."""
    played = Session.new("dream", [Seat(n) for n in NAMES[:4]], seed=5, autosave=False)
    rng = random.Random(1)
    while not played.state.is_over():
        played.apply(rng.choice(played.state.legal_actions()))
    session = Session.new("dream", [Seat(n) for n in NAMES[:4]], seed=5, autosave=False)
    for action in played.actions[:-1]:
        session.apply(action)
    scene = DreamScene(app, session)
    app.push(scene)
    step(app, 2)
    end = next(e for e in session.state.clone().apply(played.actions[-1]) if e["type"] == "game_end")
    names = app.i18n.join([NAMES[w] for w in end["winners"]])
    line = app.t("dream.log.end_shared" if len(end["winners"]) > 1 else "dream.log.end", names=names,
                 n=end["scores"][end["winners"][0]])
    return session, scene, played.actions[-1], line


def _finale(app, scene, line):
    """Play the last action, let its motion end, and open the end's moment (the view's Results)."""
    run_until(app, lambda: not scene.timeline)
    assert scene.state.is_over() and scene.view.stage == "scores"
    assert line not in [text for text, _ in scene.log.entries], "the log waits for the end's moment"
    press(app, scene, "next")
    assert isinstance(app.top, Finale)
    return app.top


def test_the_log_tells_the_end_with_the_winners_moment_not_before(paced_app):
    app = paced_app
    app.i18n.set_language("en")
    session, scene, last, line = _one_from_the_end(app)
    scene.apply(last)
    _finale(app, scene, line)
    assert scene.log.entries[-1][0] == line, "the end is told as its moment comes"
    assert [text for text, _ in scene.log.entries].count(line) == 1


def test_the_ends_stars_fall_beside_the_log_never_across_its_text(paced_app):
    app = paced_app
    session, scene, last, line = _one_from_the_end(app)
    scene.apply(last)
    finale = _finale(app, scene, line)
    size, log = app.screen.get_size(), scene.layout.log
    stars, crossed, shown = finale.stars, 0, 0
    for age in [i * 0.1 for i in range(22)]:
        finale.age = age
        frames = []
        for falling in (stars, []):
            finale.stars = falling
            frame = pygame.Surface(size)
            finale.draw(frame)
            frames.append(frame)
        finale.stars = stars
        raw = [pygame.image.tobytes(frame.subsurface(log), "RGB") for frame in frames]
        crossed += raw[0] != raw[1]
        shown += pygame.image.tobytes(frames[0], "RGB") != pygame.image.tobytes(frames[1], "RGB")
    assert shown, "the stars fall"
    assert not crossed, "no star crosses the log"
