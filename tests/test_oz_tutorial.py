"""Lost in Oz's guided first game: the arranged position, what its dice promise, and the parts
its script points at."""

import pytest

from wonderland_games.core import registry
from wonderland_games.core.data import load_yaml
from wonderland_games.core.game import BOT, StateFormatError, Seat
from wonderland_games.games.oz import rules
from wonderland_games.games.oz.board import parse_cell
from wonderland_games.games.oz.tutorial import arranged_state, tutorial_state

SCRIPT = load_yaml("oz/tutorial.yaml")
SEATS = [Seat("You"), Seat("Lion", BOT, "easy")]


def fresh():
    return tutorial_state(SEATS, SCRIPT["setup"])


def matches(pattern, action) -> bool:
    return len(pattern) <= len(action) and all(p == "*" or p == a for p, a in zip(pattern, action))


def play_script(state, pick=None):
    """Yield (step, state before it) along the script, playing its actions as the coach would:
    a `do` or `bot` step's first matching action (or the `pick[step id]`-th)."""
    pick = pick or {}
    for step in SCRIPT["steps"]:
        yield step, state
        pattern = step.get("do") or step.get("bot")
        if pattern is None:
            continue
        assert state.current_player() == (0 if "do" in step else 1), step["id"]
        found = [a for a in state.legal_actions() if matches(pattern, a)]
        assert found, (step["id"], pattern, state.legal_actions())
        state.apply(found[pick.get(step["id"], 0) % len(found)])


def test_the_hook_is_registered_and_deterministic():
    info = registry.get("oz")
    assert info.tutorial_state is tutorial_state
    a, b = fresh(), fresh()
    assert a.to_dict() == b.to_dict()
    again = rules.from_dict(a.to_dict())
    assert again.to_dict() == a.to_dict()
    assert again.legal_actions() == a.legal_actions()


def test_the_position_is_laid_out_as_the_script_says():
    state = fresh()
    deal = SCRIPT["setup"]["deal"]
    assert state.phase == rules.DRAFT_DIR and state.round == 7
    assert state.current_player() == 1 and state.wizard_holder == state.starter == 1
    assert state.characters == ("dorothy", "lion")
    assert state.tokens == [parse_cell("A2"), parse_cell("E4")]
    assert state.gems == {"red": parse_cell("F3"), "green": parse_cell("C2")}
    assert state.wizard == parse_cell("D2")
    assert state.scores == [16, 17]
    assert state.dir_dice == ["N", "E"] and state.act_dice == [4, 2]
    assert state.hands == [[22, 23], []] and sorted(state.deck) == sorted(deck := deal["deck"]) and deck
    assert len(state.discard) == 48 - 2 - len(deck)
    board = state.board  # the rule text's example: a line between B2 and C2, none on the walks
    assert board.crossing(*parse_cell("B2"), "E")
    for cell, d in (("A2", "E"), ("C2", "E"), ("D2", "E"), ("E2", "E"), ("E4", "N"), ("E3", "N")):
        assert not board.crossing(*parse_cell(cell), d), (cell, d)


def test_bad_deals_are_refused():
    deal = dict(SCRIPT["setup"]["deal"])
    with pytest.raises(StateFormatError):  # a card both in a hand and in the deck
        arranged_state(SEATS, deal | {"deck": deal["deck"] + [22]}, options={"characters": ["dorothy", "lion"]})
    with pytest.raises(ValueError):
        arranged_state(SEATS, deal | {"dice": {"direction": ["N"], "action": [4, 2]}})
    with pytest.raises(ValueError):
        arranged_state(SEATS, deal | {"tokens": ["Z9", "E4"]})
    with pytest.raises(ValueError):
        arranged_state(SEATS, {k: v for k, v in deal.items() if k != "rng"})


def test_the_dice_to_come_do_what_the_script_says():
    """The texts name what the generator brings: the green gem leaves the walks, round 8 rolls
    S S / 4 2, the edge drops Dorothy on the wizard's cell (for nothing), and 20 points end it."""
    state = fresh()
    seen = {}
    for step, now in play_script(state):
        seen[step["id"]] = now.clone()
    at = seen["order_of_markers"]  # just after the stop on D2
    assert at.wizard_holder == 0 and at.scores == [19, 17] and at.phase == rules.ROUND_DISCARD
    assert at.gems["green"] not in {parse_cell(c) for c in ("D2", "E2", "F2", "F3", "E3", "E4")}
    assert len(at.hands[0]) == 4 and len(at.hands[1]) == 3  # only you cut your hand
    at = seen["you_take_direction"]
    assert at.dir_dice == ["S", "S"] and at.act_dice == [4, 2] and at.starter == 0
    at = seen["lion_last"]
    assert at.scores == [20, 17] and at.tokens[0] == at.wizard and at.wizard_holder == 0
    assert state.is_over() and state.result().winners == [0]


@pytest.mark.parametrize("discard", range(4))
def test_any_discard_leads_to_the_same_end(discard):
    """The hand cut is a free choice: whichever card goes, a gem card is first in the hand for
    the spell step, and the game ends as the texts say."""
    state = fresh()
    for step, now in play_script(state, {"hand_limit": discard}):
        if step["id"] == "spell":
            assert now.cards[now.hands[0][0]].kind == "move_gem"
    assert state.is_over() and state.scores == [20, 17]


def test_every_clause_names_a_step_that_teaches_it():
    steps = {s["id"]: set(s.get("teaches", [])) for s in SCRIPT["steps"]}
    for clause in SCRIPT["clauses"]:
        assert clause["id"] in steps[clause["step"]], clause["id"]


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_pointed_parts_are_on_screen_and_clicking_them_plays_the_step(size):
    """At each step, as the table shows the position: every part it points at is inside the
    window, and clicking them in order (real events) plays the step's action."""
    import pygame

    from wonderland_games.core.session import Session
    from wonderland_games.games.oz.scene import OzScene
    from wonderland_games.ui.testing import click, make_app, step

    app = make_app(size, "en")
    window = pygame.Rect((0, 0), size)
    initial, played = fresh().to_dict(), []
    state = fresh()
    apply = state.apply
    state.apply = lambda action: played.append(action) or apply(action)
    for script_step, _ in play_script(state):
        if not script_step.get("point"):
            continue
        session = Session("oz", SEATS, 26, SCRIPT["setup"]["options"], autosave=False, initial=initial)
        for action in played:
            session.apply(action)
        scene = OzScene(app, session)
        app.push(scene)
        step(app, 2)
        for name in script_step["point"]:
            rect = scene.target_rect(name)
            assert rect is not None and rect.width > 0 and window.contains(rect), (script_step["id"], name, rect)
            if "do" in script_step:
                click(app, rect.center, frames=2)
        if "do" in script_step:
            assert len(session.actions) == len(played) + 1, script_step["id"]
            assert matches(script_step["do"], session.actions[-1]), (script_step["id"], session.actions[-1])
        scene.on_exit()
        app.stack.clear()


def test_part_names_follow_the_table_and_bad_ones_give_none():
    """A wall is the band over the line between two cells, at every size; a name the table does
    not know, or a part not on show, is None rather than an error."""
    from wonderland_games.core.session import Session
    from wonderland_games.games.oz.scene import OzScene
    from wonderland_games.ui.testing import make_app, step

    for size in ((1024, 640), (1920, 1080)):
        app = make_app(size, "en")
        session = Session("oz", SEATS, 26, SCRIPT["setup"]["options"], autosave=False, initial=fresh().to_dict())
        scene = OzScene(app, session)
        app.push(scene)
        step(app, 2)
        wall, b2, c2 = (scene.target_rect(n) for n in ("wall:B2E", "cell:B2", "cell:C2"))
        assert wall.centerx == b2.right == c2.left and wall.centery == b2.centery
        assert wall.colliderect(b2) and wall.colliderect(c2) and wall.width < b2.width // 2
        assert scene.target_rect("wall:C2W") == wall
        assert scene.target_rect("gem:green").center == c2.center  # alone on its cell
        assert scene.target_rect("player:1").bottom <= scene.target_rect("region:players").bottom
        for name in ("wall:Z9E", "wall:B2Q", "cell:G7", "hand:5", "token:x", "option:red", "wizard:card",
                     "player:2", "nothing:1"):
            assert scene.target_rect(name) is None, name
        scene.on_exit()


def _lesson_at(step_id, size=(1280, 800), fast=True):
    """The lesson's table at the start of step `step_id`, the table still when `fast` (animations
    off), played as the script says."""
    from wonderland_games.core import tutorial as core_tutorial
    from wonderland_games.scenes.lesson import open_lesson
    from wonderland_games.scenes.menu import MenuScene
    from wonderland_games.ui.testing import click_widget, make_app, step

    app = make_app(size, "en", fast_forward=fast, bot_think_seconds=0.05)
    app.running = True
    app.push(MenuScene(app))
    open_lesson(app, "oz")
    step(app, 2)
    table = app.top
    coach = table.coach
    for _ in range(4000):
        lesson = coach.lesson
        if lesson.step.id == step_id and not lesson.then and (
                not fast or lesson.waits_for() != "do" or table.still() and not table.timeline):
            return app, table
        if lesson.waits_for() == "next":
            step(app, 1)
            if not table.timeline:
                click_widget(app, coach.next_button, frames=1)
            continue
        if lesson.waits_for() == "do" and table.my_turn() and table.still() and not table.timeline:
            legal = table.state.legal_actions()
            table.apply(next(a for a in legal if core_tutorial.matches(lesson.step.pattern, a)))
        step(app, 1)
    raise AssertionError(f"never reached {step_id}")


def _close(app):
    for scene in reversed(app.stack):
        scene.on_exit()
    app.stack.clear()


@pytest.mark.parametrize("step_id", ["your_first_step", "barrier", "wizard_visit"])
def test_go_is_refused_where_the_coach_wants_one_step(user_dirs, step_id):
    """Go! walked the whole path over the coach's One step steps and past their words (QA): now it
    is refused with the step's gentle word, and One step still plays the step."""
    from wonderland_games.ui.testing import click, click_widget

    app, table = _lesson_at(step_id)
    coach, done = table.coach, len(table.session.actions)
    click_widget(app, table.buttons["go"], frames=3)
    assert len(table.session.actions) == done and not table.walking
    assert coach.lesson.step.id == step_id and coach.wrong is not None and "Go!" in coach.wrong()
    click(app, table.target_rect("button:step").center, frames=3)
    assert len(table.session.actions) == done + 1 and coach.lesson.then or coach.lesson.step.id != step_id
    _close(app)


def test_a_walk_stops_at_the_first_step_the_coach_refuses(user_dirs):
    """A walk under way asks the coach at each step; one refused ends the walk (it asked again every frame)."""
    from wonderland_games.ui.testing import step

    app, table = _lesson_at("your_first_step")
    table.apply(("step",))  # the step the coach waits for; its then words now hold the game
    done = len(table.session.actions)
    table.walking = True
    step(app, 3)
    assert len(table.session.actions) == done and not table.walking
    _close(app)


def test_the_words_after_a_move_wait_until_the_table_shows_it(user_dirs):
    """The round end's words came while the wizard still stood on its old cell, and the Lion's ×0
    stayed after he drew two (QA): the coach's words and dim wait for the move's animation."""
    import pygame
    from wonderland_games.ui.testing import step

    app, table = _lesson_at("lion_stops", fast=False)
    coach = table.coach
    for _ in range(600):
        step(app, 1)
        if coach.lesson.then:
            break
    assert coach.lesson.then and table.timeline, "the then words come while the step is animated"
    surface = pygame.Surface(app.screen.get_size())
    assert table._draw_coach(surface) == [] and table._draw_coach_dim(surface) == []
    table.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    assert coach.lesson.then and coach.lesson.step.id == "lion_stops", "Enter cannot answer words not shown"
    for _ in range(600):
        if not table.timeline:
            break
        step(app, 1)
    assert table.display.hands[1] == table.state.hands[1] and len(table.display.hands[1]) == 2
    assert table._draw_coach(surface) != []
    _close(app)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_the_words_keep_off_what_they_speak_of(user_dirs, size):
    """The words sat on the board while naming its pieces, on the red gem they asked to pull, and
    on three of five cards while asking for a discard (QA)."""
    from wonderland_games.ui.testing import click, step

    app, table = _lesson_at("pieces", size=size)
    step(app, 2)
    coach = table.coach
    assert not coach.bubble.colliderect(table.layout.board), coach.bubble
    assert {table.target_rect(n).topleft for n in ("tile:4", "cell:C3")} == {table.target_rect("cell:C3").topleft}
    _close(app)
    app, table = _lesson_at("hand_limit", size=size)
    step(app, 2)
    coach = table.coach
    for card, rect in table.hand_slots():
        assert not coach.bubble.colliderect(rect), (card, rect, coach.bubble)
    _close(app)
    app, table = _lesson_at("spell", size=size)
    click(app, table.target_rect("hand:0").center, frames=2)
    click(app, table.target_rect("option:red").center, frames=3)
    coach = table.coach
    for name in ("gem:red", "cell:F2", "option:N"):
        assert not coach.bubble.colliderect(table.target_rect(name)), (name, coach.bubble)
    _close(app)
