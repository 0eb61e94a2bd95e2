"""The speed yardstick (benchmarks/parade_yardstick.py) plays Parade's rules: given the same deal
and the same random choices it ends every game with the engine's scores."""

import random

import pytest

from benchmarks.parade_yardstick import COLOURS, VALUES, yardstick_game
from wonderland_games.core.game import Seat
from wonderland_games.games.parade.rules import ParadeState


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_the_yardstick_scores_every_game_as_the_engine_does(players):
    for game in range(60):
        order = list(range(COLOURS * VALUES))
        random.Random(game).shuffle(order)
        first = game % players
        state = ParadeState.new([Seat(f"P{i}") for i in range(players)], seed=0)
        state.deal(order, first)
        state.hands = [list(h) for h in state.hands]
        rng = random.Random(1000 + game)
        while not state.is_over():
            state.apply(rng.choice(state.legal_actions()))
        assert yardstick_game(players, random.Random(1000 + game), order, first) == state.result().scores, game
