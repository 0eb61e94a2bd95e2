"""Wonderland Valley's guided first game: the arranged deal, the game the script plays, the parts
the coach points at, and Prepare without its question in a guided game."""

import copy

import pygame
import pytest

from wonderland_games.core import tutorial
from wonderland_games.core.data import load_yaml
from wonderland_games.core.game import Seat
from wonderland_games.games.valley.state import ValleyState
from wonderland_games.games.valley.tutorial import tutorial_state
from wonderland_games.ui.dialogs import ConfirmDialog
from wonderland_games.ui.testing import click, make_app, step

SEATS = [Seat("You", "human"), Seat("Hatter", "bot", "easy")]


@pytest.fixture(scope="module")
def setup():
    return load_yaml("valley/tutorial.yaml")["setup"]


def test_the_deal_is_the_scripts_and_a_normal_state(setup):
    state = tutorial_state(SEATS, setup)
    deal = setup["deal"]
    assert (state.first, state.current) == (0, 0)
    assert state.forest == deal["forest"] and state.specials == deal["specials"]
    assert state.hands == deal["hands"]
    assert state.resources == [[0, 0, 0, 0], [1, 0, 0, 0]]  # the second player's starting berry
    assert state.decision() is None and state.legal_actions()  # both kept their hands: the learner acts
    again = ValleyState.from_dict(state.to_dict())
    assert again.to_dict() == state.to_dict() == tutorial_state(SEATS, setup).to_dict()


@pytest.mark.parametrize("change", [
    lambda d: d["hands"][0].__setitem__(0, "no_such_card"),
    lambda d: d["hands"][1].__setitem__(slice(0, 5), ["medal_mint"] * 5),  # 2 copies in the deck
    lambda d: d["hands"][0].pop(),
    lambda d: d.__setitem__("forest", ["fairy_ring", "fairy_ring", "old_oak"]),
    lambda d: d.__setitem__("specials", ["every_colour"]),
    lambda d: d.__setitem__("first", 2),
])
def test_a_deal_that_cannot_be_is_refused(setup, change):
    broken = copy.deepcopy(setup)
    change(broken["deal"])
    with pytest.raises(ValueError):
        tutorial_state(SEATS, broken)


LAST_TURN = (("place", "pebble_shore"), ("place", "story_stump"), ("play", "honey_bee", 1, 0, 0, 0))


def _played_to(step_id=None, last=LAST_TURN[0]):
    """A lesson session played as the table plays it (the script's moves; the last turn `last`,
    at the Pebble Shore as the coach points unless told) up to the step `step_id` (None: to the
    end): (session, lesson, {step id: what it saw there})."""
    session = tutorial.start("valley", "en", "You", autosave=False)
    lesson = tutorial.Lesson(tutorial.load_script("valley"))
    state, seen = session.state, {}
    while not lesson.finished and (step_id is None or lesson.step.id != step_id):
        wait = lesson.waits_for()
        if wait == "next":
            lesson.next()
            continue
        if wait == "end":
            assert state.is_over() and lesson.ended()
            continue
        seat, legal = state.current_player(), state.legal_actions()
        seen.setdefault(lesson.step.id, state.clone())
        if seat == 0:
            assert wait in ("do", "any"), f"the learner is to move at {lesson.step.id}"
            fitting = [a for a in legal if lesson.step.fits(a)]
            if lesson.step.id == "last_turn":  # a choice among three
                assert sorted(fitting) == sorted(LAST_TURN) and last in fitting
                action = last
            else:  # one way only: the card (or spot) and Confirm, as the coach points
                assert wait == "do" and len(fitting) == 1, lesson.step.id
                action = fitting[0]
        else:
            action = lesson.bot_action(legal)
            assert action is not None, f"the Hatter would play at Easy at {lesson.step.id}"
        session.apply(action)
        lesson.acted(action, seat == 0, legal)
    session.tutorial = lesson.position()
    return session, lesson, seen


def test_the_game_shows_what_each_step_says():
    """Every bot move is the script's, and the table is as the coach's words describe it."""
    session, lesson, seen = _played_to()
    state = session.state
    assert lesson.finished and state.is_over()
    # the seed's draw at the Resin Hollow is the Pebble Vault the coach then names
    assert "pebble_vault" not in seen["place_hollow"].hands[0] and "pebble_vault" in seen["bot_dormouse"].hands[0]
    assert seen["play_squirrel"].plays_of(0, "squirrel") == [("play", "squirrel", "free")]
    assert seen["play_peddler"].plays_of(0, "hedgehog_peddler") == [("play", "hedgehog_peddler", 1, 0, 0, 0)]
    assert "spring_feast" in seen["prepare_spring"].claimed[1]  # the Hatter claimed it first...
    assert seen["play_sheep"].claimed == [["spring_feast"], ["spring_feast"]]  # ...and the learner too
    assert seen["bot_summer"].claimed[0][-1] == "summer_fair" and seen["play_peddler"].claimed[1] == ["spring_feast"]
    assert ("place", "amber_spring") not in seen["place_hollow"].legal_actions()  # the Hatter holds it
    last = seen["last_turn"]
    assert last.finished == [False, True] and last.endgame and last.season == [3, 4]
    assert len({state.cards.kinds[k].role for k in state.cities[0]}) == 5  # Every Colour
    assert state.breakdown(0)["special_events"] == 3 and state.breakdown(0)["basic_events"] == 5
    assert state.result().winners == [0]


@pytest.mark.parametrize("last", LAST_TURN)
def test_every_last_turn_the_coach_allows_is_worth_the_point_it_says(last):
    """The last turn's words ("each is worth a point") and the next ("that was one more point",
    Every Colour still held) are true whichever of the three the learner picks; the others
    (a card for no points, preparing for nothing) are refused with words."""
    before, lesson, _ = _played_to("last_turn")
    step = lesson.step
    refused = [a for a in before.state.legal_actions() if not step.fits(a)]
    assert ("prepare",) in refused and step.wrong is not None
    assert ("play", "carrier_pigeon", 1, 0, 0, 0) in refused  # 0 points
    base = before.state.scores()[0]
    session, _, _ = _played_to(None, last)
    state = session.state
    assert state.result().scores[0] == base + 1 and state.result().winners == [0]
    assert state.breakdown(0)["special_events"] == 3


def _table(app, session):
    from wonderland_games.scenes.launch import scene_class

    scene = scene_class("valley")(app, session)
    app.push(scene)
    step(app, 3)
    return scene


@pytest.fixture
def sized_app(request, user_dirs):
    app = make_app(request.param, "en", fast_forward=True, bot_think_seconds=0.05)
    app.running = True
    yield app
    for scene in reversed(app.stack):
        scene.on_exit()
    app.stack.clear()


@pytest.mark.parametrize("sized_app", [(1024, 640), (1920, 1080)], indirect=True, ids=str)
def test_the_parts_are_where_the_table_draws_them(sized_app):
    from wonderland_games.games.valley.board_view import board_spots, event_tiles

    app = sized_app
    session, _, _ = _played_to("take_peddler")  # the Peddler's choice is open
    table = _table(app, session)
    window = pygame.Rect((0, 0), app.screen.get_size())
    state = table.state
    hand = dict(table.hand_rects())
    assert table.target_rect("hand:pebble_vault") == hand[state.hands[0].index("pebble_vault")]
    assert table.target_rect("hand:0") == hand[0]
    spots = dict(board_spots(table.layout, state))
    assert table.target_rect("spot:twig_grove") == spots[("twig_grove",)]
    assert table.target_rect("spot:old_oak") == spots[("old_oak",)]
    tiles = {e: r for e, _, r in event_tiles(table.layout, state)}
    assert table.target_rect("event:every_colour") == tiles["every_colour"]
    assert table.target_rect("event:spring_feast") == tiles["spring_feast"]
    assert table.target_rect("city:toadstool_inn") == table.spot_rect("0/3")
    assert table.target_rect("city:1/dormouse") == table.spot_rect("1/1")
    assert table.target_rect("seat:1") == table._player_rows()[1]
    option = table.target_rect("option:take+twig+resin")
    picked = [b for b in table._choice_buttons() if b.visible and b.rect == option]
    assert picked and table.choice()["options"][table._choice_buttons().index(picked[0])][1] == ("take", "twig", "resin")
    for name in ("hand:pebble_vault", "spot:twig_grove", "event:every_colour", "city:toadstool_inn", "seat:0",
                 "option:take+twig+resin"):
        assert window.contains(table.target_rect(name)), name
    for name in ("hand:squirrel", "hand:9", "spot:nowhere", "city:squirrel_king", "city:5/dormouse", "event:x",
                 "seat:7", "option:take+berry", "nothing:here"):
        assert table.target_rect(name) is None, name


@pytest.mark.parametrize("sized_app", [(1024, 640), (1280, 800), (1920, 1080)], indirect=True, ids=str)
def test_the_coach_keeps_off_the_peddlers_choice(sized_app):
    """The coach's words lay over the choice panel's Confirm, the part it points at next (a newcomer's
    screenshot at 1920x1080): the open panel is kept clear."""
    table = _table(sized_app, _played_to("take_peddler")[0])
    assert table.coach.lesson.step.id == "take_peddler"
    panel = table.choice_rects(table.choice())[0]
    assert table.coach_keep_clear() == [panel]
    click(sized_app, table.target_rect("option:take+twig+resin").center, frames=3)
    assert not table.coach.bubble.colliderect(table.target_rect("button:choice_confirm"))
    assert not table.coach.bubble.colliderect(panel)


def test_prepare_asks_nothing_in_a_guided_game(table_app):
    """The coach says what preparing with workers at home gives up; a question would lie over its words."""
    session, _, _ = _played_to("prepare_summer")
    table = _table(table_app, session)
    assert table.state.workers[0] - len(table.state.placed[0]) == 2  # two workers still at home
    for name in ("button:prepare", "button:confirm"):
        click(table_app, table.target_rect(name).center, frames=3)
    assert table_app.top is table and not isinstance(table_app.top, ConfirmDialog)
    assert table.state.season[0] == 2 and table.coach.lesson.step.id == "prepare_summer"  # its then words


def test_a_lesson_left_midway_comes_back_where_it_was(user_dirs):
    """Its save holds the arranged deal as the starting position and replays to the same table."""
    from wonderland_games.core.saves import load_session, unfinished_games

    session, lesson, _ = _played_to("visit_inn")
    session.autosave = True
    session.save_dealt()
    kept = next(i for i in unfinished_games() if i.tutorial is not None)
    again = load_session(kept.path)
    assert again.tutorial == lesson.position() and again.state.to_dict() == session.state.to_dict()
    assert again.initial_state().hands == tutorial_state(SEATS, tutorial.load_script("valley").setup).hands
