"""Wonderland Valley's guided first game: the arranged deal, the game the script plays, the parts
the coach points at, and Prepare without its question in a guided game."""

import copy

import pytest

from wonderland_games.core.data import load_yaml
from wonderland_games.core.game import Seat
from wonderland_games.games.valley.state import ValleyState
from wonderland_games.games.valley.tutorial import tutorial_state

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
