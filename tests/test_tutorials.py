"""Every game's guided first game, checked the same way (docs/tutorials.md): its script loads
and every rule clause names the step that teaches it; the script plays through the engine to
the game's end; and the whole lesson is played by real events (clicks on each pointed part,
keys, typed text, Next) at 1024×640 and 1920×1080 in both languages, each pointed part on
screen, inside the window and not under the coach's bubble."""

import random
import time

import pygame
import pytest

from wonderland_games.core import registry, stats, tutorial
from wonderland_games.scenes.lesson import open_lesson
from wonderland_games.ui import theme
from wonderland_games.ui.testing import click, click_widget, key, make_app, step, type_text

GAMES = [g for g in registry.GAME_ORDER if tutorial.has_script(g)]
SIZES = [(1024, 640), (1920, 1080)]
SECONDS = 240  # a whole lesson at test speed, at most


@pytest.mark.parametrize("game_id", GAMES)
def test_the_script_loads_and_every_clause_has_a_step(game_id):
    script = tutorial.load_script(game_id)
    assert script.clauses, "the coverage table lists the rule text's clauses"
    steps = {s.id for s in script.steps}
    assert [c.id for c in script.clauses if c.step not in steps] == []
    assert all(s.point or s.keys or s.type for s in script.steps if s.wait in ("do", "any", "signal")), \
        "a step that waits for the learner shows them what to click or press"


def _easy(game_id, state, seat, rng):
    return registry.get(game_id).make_bot("easy").choose(state.view(seat), state.legal_actions(), rng, None)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_script_plays_through_the_engine_to_the_end(game_id):
    """As the table plays it: the script's moves, Easy bots where it names none, a forced move
    taken; every step is reached and the game ends."""
    session = tutorial.start(game_id, "en", "You", autosave=False)
    lesson = tutorial.Lesson(tutorial.load_script(game_id))
    state, reached = session.state, []
    for _ in range(5000):
        if lesson.finished:
            break
        reached.append(lesson.step.id)
        wait = lesson.waits_for()
        if wait == "next":
            lesson.next()
            continue
        if state.is_over():
            assert lesson.ended(), f"step {lesson.step.id} waits for {wait} after the end"
            continue
        if wait == "signal":
            lesson.signalled(lesson.step.signal)
            continue
        seat, legal = state.current_player(), state.legal_actions()
        rng = random.Random(session.seed * 1000 + len(session.actions))
        learner = not session.seats[seat].is_bot
        if learner and len(legal) > 1:
            assert wait in ("do", "any"), f"step {lesson.step.id}: the learner moves while it waits for {wait}"
            fits = [a for a in legal if wait == "any" or lesson.step.fits(a)]
            assert fits, f"step {lesson.step.id}: {lesson.step.pattern} is not legal here: {legal[:8]}"
            action = fits[0]
        elif learner:
            action = legal[0]
        else:
            action = lesson.bot_action(legal) or _easy(game_id, state, seat, rng)
        session.apply(action)
        lesson.acted(action, learner, legal)
    assert lesson.finished and state.is_over()
    assert set(reached) == {s.id for s in lesson.script.steps}


def _inside(rect, size) -> bool:
    return rect is not None and rect.width > 0 and pygame.Rect((0, 0), size).contains(rect)


def _check_seen(app, coach, step_id):
    """The bubble is on top, not under a panel the table draws later (Dream's stage hid it, QA):
    its gold edge shows, left and right, above and below the middle."""
    for x in (coach.bubble.left, coach.bubble.right - 1):
        for y in (coach.bubble.top + coach.bubble.height // 3, coach.bubble.bottom - coach.bubble.height // 3):
            assert app.screen.get_at((x, y))[:3] == theme.GOLD, f"step {step_id}: the words are hidden at {(x, y)}"


def _check_points(table, names, size, step_id):
    coach = table.coach
    for name in names:
        rect = table.target_rect(name)
        assert _inside(rect, size), f"step {step_id}: part {name} at {rect} is not inside the {size} window"
        assert not coach.bubble.colliderect(rect), f"step {step_id}: the bubble {coach.bubble} covers {name} {rect}"


@pytest.fixture
def lesson_app(user_dirs, request):
    size, lang = request.param
    app = make_app(size, lang, fast_forward=True, bot_think_seconds=0.05)
    app.running = True
    from wonderland_games.scenes.menu import MenuScene

    app.push(MenuScene(app))
    yield app, size, lang
    for scene in reversed(app.stack):
        scene.on_exit()
    app.stack.clear()


@pytest.mark.parametrize("lesson_app", [(s, lang) for s in SIZES for lang in ("zh", "en")], indirect=True,
                         ids=lambda p: f"{p[0][0]}x{p[0][1]}-{p[1]}")
@pytest.mark.parametrize("game_id", GAMES)
def test_the_lesson_plays_by_real_events(game_id, lesson_app):
    app, size, lang = lesson_app
    open_lesson(app, game_id)
    step(app, 2)
    table = app.top
    coach, end = table.coach, time.monotonic() + SECONDS
    while not coach.lesson.finished:
        assert time.monotonic() < end, f"stuck at step {coach.lesson.step.id} ({coach.lesson.waits_for()})"
        lesson, wait = coach.lesson, coach.lesson.waits_for()
        if wait == "next" and table.timeline:
            step(app, 1)  # the words wait until the move is shown
            continue
        if wait == "next":
            step(app, 2)  # drawn: the bubble has its place
            assert _inside(coach.bubble, size)
            _check_seen(app, coach, lesson.step.id)
            _check_points(table, lesson.pointing() + lesson.showing(), size, lesson.step.id)
            click_widget(app, coach.next_button, frames=2)
            continue
        learner_step = wait in ("do", "any", "signal")
        if learner_step and table.still() and not table.timeline:
            at, s = (lesson.index, lesson.then), lesson.step
            for name in s.point[coach.pointer:]:
                step(app, 2)
                _check_points(table, [name], size, s.id)
                click(app, table.target_rect(name).center, frames=3)
                if (lesson.index, lesson.then) != at:
                    break
            for name in s.keys:
                key(app, pygame.key.key_code(name), frames=2)
            if s.type is not None:
                type_text(app, s.type[lang], frames=2)
                key(app, pygame.K_RETURN, frames=2)
            for _ in range(120):
                if (coach.lesson.index, coach.lesson.then) != at:
                    break
                step(app, 1)
            assert (coach.lesson.index, coach.lesson.then) != at, f"step {s.id}: doing what it shows did not do it"
            continue
        step(app, 1)
        time.sleep(0.001)
    step(app, 3)
    assert _inside(coach.bubble, size)
    assert [b.text() for b in coach._buttons()] == [app.t("tutorial.real_game"), app.t("tutorial.scores"),
                                                    app.t("tutorial.menu")]
    assert table.state.is_over() and game_id in stats.learned()
    winners = table.state.result().winners  # the closing words say who won: the learner may not have
    assert coach._verdict() == (app.t("tutorial.done_won") if 0 in winners else
                                app.t("tutorial.done_lost", winner=app.i18n.join([table.seats[i].name for i in winners])))
    click_widget(app, coach.scores_button, frames=2)
    for _ in range(200):
        if app.top is not table:
            break
        step(app, 1)
    assert app.top is not table, "the results open after the closing words"


def _texts(node):
    """Every (language, text) pair said in a tutorial file, its rule quotes aside."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("zh", "en") and isinstance(value, str):
                yield key, value
            elif key != "rule":
                yield from _texts(value)
    elif isinstance(node, list):
        for item in node:
            yield from _texts(item)


@pytest.mark.parametrize("game_id", ["oz", "voyage"])
def test_the_coach_asks_for_a_choice_not_a_click_where_keys_choose_too(game_id):
    """Oz's and Voyage's coach lets the table's keys through on a step the learner acts on (Tab,
    arrows, Enter, Space: ui/table_keys.py), so it says "pick", "choose", "press", 选 or 按,
    never "click" or 点 (a click)."""
    import re
    from pathlib import Path

    import yaml

    data = yaml.safe_load((Path(__file__).parents[1] / "data" / game_id / "tutorial.yaml").read_text("utf-8"))
    clicks = {"en": re.compile(r"\bclick", re.I), "zh": re.compile(r"(?<![0-9一二两三四五六红圆起挣 ])点(?![数子])")}
    said = [(lang, text) for lang, text in _texts(data) if clicks[lang].search(text)]
    assert not said, said
