"""Parade's guided first game: its arranged deal, the story the script tells, the table's part names."""

import copy
import itertools

import pygame
import pytest

from wonderland_games.core.data import DataError, load_yaml
from wonderland_games.core.game import Seat
from wonderland_games.core.session import Session
from wonderland_games.games.parade import rules
from wonderland_games.games.parade.deck import load_deck
from wonderland_games.games.parade.scene import ParadeScene
from wonderland_games.games.parade.tutorial import card_named, tutorial_state
from wonderland_games.ui.testing import click, make_app, step

SEATS = [Seat("你"), Seat("红心王后", "bot", "easy")]
DECK = load_deck()


@pytest.fixture(scope="module")
def script():
    return load_yaml("parade/tutorial.yaml")


def cards(*names):
    return [card_named(DECK, n) for n in names]


def count(collection, colour):
    return sum(1 for c in collection if DECK.colour_ids[DECK.colour_of(c)] == colour)


def test_the_deal_is_the_scripts_every_time_and_a_normal_state(script):
    deal = script["setup"]["deal"]
    state = tutorial_state(SEATS, script["setup"])
    assert state.hands == [cards(*hand) for hand in deal["hands"]]
    assert list(state.parade) == cards(*deal["parade"])
    assert state.draw_pile[::-1][:len(deal["draws"])] == cards(*deal["draws"])  # draws pop from the end
    assert state.turn == state.first_player == 0 and state.phase == rules.PLAY
    assert tutorial_state(SEATS, script["setup"]).to_dict() == state.to_dict()
    again = rules.from_dict(state.to_dict())  # its own checks: every card once, a coherent turn
    assert again.to_dict() == state.to_dict()
    assert sorted(state.initial_order) == list(range(DECK.size))


def test_a_script_that_arranges_no_deal_gets_the_seeds_as_a_new_game_would(script):
    setup = {k: v for k, v in script["setup"].items() if k != "deal"}
    assert tutorial_state(SEATS, setup).to_dict() == rules.new_state(SEATS, setup["seed"]).to_dict()


@pytest.mark.parametrize("change, field", [
    (lambda d: d["hands"][0].__setitem__(0, "red 3"), "a card is named twice"),
    (lambda d: d["hands"][1].pop(), "a hand has 5 cards"),
    (lambda d: d["parade"].__setitem__(0, "pink 3"), "no card is called"),
    (lambda d: d["draws"].__setitem__(0, "red 11"), "no card is called"),
    (lambda d: d.__setitem__("first", 2), "expected a seat number"),
])
def test_a_damaged_deal_is_refused_with_what_is_wrong(script, change, field):
    setup = copy.deepcopy(script["setup"])
    change(setup["deal"])
    with pytest.raises(DataError, match=field):
        tutorial_state(SEATS, setup)


def play_script(script, choices=()):
    """The script's actions through the engine: `do` steps on the learner's turn, `bot` steps on
    the Queen's, each `do: any` taking the next of `choices` (an index into the legal actions).
    Yields (step id, state after it)."""
    state = tutorial_state(SEATS, script["setup"])
    choices = iter(choices)
    for s in script["steps"]:
        pattern = s.get("do", s.get("bot"))
        if pattern is not None:
            assert state.current_player() == (0 if "do" in s else 1), s["id"]
            legal = state.legal_actions()
            if pattern == "any":
                action = legal[next(choices, 0) % len(legal)]
            else:
                action = next(a for a in legal if list(a[:len(pattern)]) == pattern)  # legal, as scripted
            state.apply(action)
        yield s["id"], state.clone()


def test_the_story_the_script_tells_is_what_the_engine_does(script):
    at = {}
    for step_id, state in play_script(script):
        at[step_id] = state
        if step_id == "count":  # the Red 3 meets 6 cards: 3 at risk, the Red 2 among the safe ones
            assert len(state.parade) == 6 and card_named(DECK, "red 2") in state.parade[3:]
            assert rules.cards_taken(DECK, state.parade, card_named(DECK, "red 3")) == cards("red 5", "orange 1")
    assert at["play_safe"].collections[0] == () and len(at["play_safe"].hands[0]) == 5
    assert at["collection"].scores_now()[0] == 6
    assert rules.majorities(DECK, at["majority"].collections)[DECK.colour_ids.index("orange")] == [0]
    assert at["majority"].scores_now()[0] == 7
    assert len({DECK.colour_of(c) for c in at["six_colours"].collections[1]}) == 5
    sixth = at["queen_sixth"]
    assert sixth.phase == rules.FINAL and sixth.end_reason == rules.COLOURS and len(sixth.hands[1]) == 5
    assert (count(sixth.collections[0], "orange"), count(sixth.collections[1], "orange")) == (2, 1)
    assert rules.majorities(DECK, sixth.collections)[DECK.colour_ids.index("orange")] == []


def test_every_choice_the_learner_has_still_ends_the_game_as_the_script_says(script):
    """The Queen's sixth colour comes whatever cards the learner chooses to play (the two
    `do: any` turns, then the keep), and keeping the Orange 10 (when still in hand) wins orange
    back, 3 against 1."""
    orange, blue = DECK.colour_ids.index("orange"), DECK.colour_ids.index("blue")
    for choices in itertools.product(range(5), range(5), range(6)):
        states = dict(play_script(script, choices))
        end = states["scoring"]
        assert end.is_over() and end.end_reason == rules.COLOURS, choices
        assert states["queen_sixth"].phase == rules.FINAL, choices
        held = rules.majorities(DECK, end.collections)
        assert held[blue] == [1], choices  # "she kept two blues"
        if card_named(DECK, "orange 10") in end.kept[0]:
            assert held[orange] == [0], choices


PARTS = ["hand:orange-8", "hand:all", "hand:0", "hand:4", "parade:red-2", "parade:green-3", "seat:0", "seat:1",
         "stack:0:orange", "stack:1:blue", "pile:draw", "button:confirm", "region:row", "region:hand", "region:live"]


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_every_part_the_script_names_is_inside_the_window_and_a_click_there_picks_the_card(script, size):
    app = make_app(size, "en", fast_forward=True)
    app.running = True
    state = tutorial_state(SEATS, script["setup"])
    session = Session("parade", SEATS, script["setup"]["seed"], autosave=False, initial=state.to_dict())
    scene = ParadeScene(app, session)
    app.push(scene)
    step(app, 2)
    window = pygame.Rect((0, 0), size)
    for name in PARTS:
        rect = scene.target_rect(name)
        assert rect is not None and rect.width > 0 and window.contains(rect), name
    assert scene.target_rect("hand:all").contains(scene.target_rect("hand:4"))
    assert scene.target_rect("parade:green-3").right <= scene.target_rect("parade:purple-9").left  # its shown part
    for name in ("hand:red-10", "hand:9", "parade:orange-8", "seat:2", "stack:0:pink", "hand:pink-3", "pile:discard", "nothing:1"):
        assert scene.target_rect(name) is None, name
    click(app, scene.target_rect("hand:orange-8").center)
    assert scene.selected == cards("orange 8")
    lifted = scene.target_rect("hand:orange-8")  # the pointer follows the picked card up
    assert lifted == scene.target_rect("hand:0") and lifted.top < scene.target_rect("hand:1").top
    before = scene.target_rect("parade:red-2")
    other = (2560, 1440) if size[0] < 1500 else (1280, 800)
    pygame.display.set_mode(other, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=other, w=other[0], h=other[1]))
    step(app, 2)
    after = scene.target_rect("parade:red-2")  # the pointers follow the layout
    assert after != before and pygame.Rect((0, 0), other).contains(after)
    for s in reversed(app.stack):
        s.on_exit()
