"""World Voyage properties: random legal play from many seeds, checked after every action.

The engine protocol (saves, views, determinize, clone, results) is checked for
every game in tests/test_protocol.py; here only what is particular to World Voyage.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from wonderland_games.core.game import Seat
from wonderland_games.games.voyage import rules
from wonderland_games.games.voyage.rules import DISCARD, HAND_LIMIT, OVER, UNKNOWN, VoyageState

players = st.integers(min_value=2, max_value=5)
seeds = st.integers(min_value=0, max_value=2**32 - 1)
MAX_ACTIONS = 5000  # far above any random game (about 100 actions for 4 players): the game must end


def new_game(n: int, seed: int) -> VoyageState:
    return rules.new_state([Seat(f"P{i}") for i in range(n)], seed)


def check_invariants(s: VoyageState) -> None:
    cards = sorted(s.deck + s.discard + [c for h in s.hands for c in h])
    assert cards == list(range(1, 49)), "each itinerary card exactly once"
    dests = sorted(s.dest_deck + s.display + [d for v in s.visited for d in v])
    assert dests == list(range(1, 49)), "each destination exactly once"
    assert sum(s.stock) + sum(s.supply) + sum(map(sum, s.souvenirs)) == 54, "souvenir cubes conserved"
    assert min(s.stock + s.supply + [c for row in s.souvenirs for c in row]) >= 0
    assert min(s.money) >= 0 and min(s.tokens) >= 0, "money and tokens never negative"
    assert len(s.display) <= 5 and (len(s.display) == 5 or not s.dest_deck)
    assert s.result().scores == s.scores()
    if s.phase == OVER:
        assert s.end_reason in ("deck", "stuck", "rounds")
    else:
        assert s.round <= rules.ROUND_LIMIT
        if s.phase == DISCARD:
            assert len(s.hands[s.current]) > HAND_LIMIT


def play_out(s: VoyageState, rng: random.Random, on_step=None) -> int:
    actions = 0
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
        actions += 1
        assert actions < MAX_ACTIONS, "the game must end"
        if on_step:
            on_step(s)
    return actions


@settings(max_examples=40, deadline=None)
@given(players, seeds)
def test_random_play_keeps_every_invariant(n, seed):
    s = new_game(n, seed)
    check_invariants(s)
    play_out(s, random.Random(seed), check_invariants)
    assert s.result().extra["rounds"] == s.round


@settings(max_examples=25, deadline=None)
@given(players, seeds)
def test_every_offered_action_can_be_paid_for(n, seed):
    """Each legal action applies on a clone without error and leaves nothing negative."""
    s = new_game(n, seed)
    rng = random.Random(seed)
    step = 0
    while not s.is_over():
        legal = s.legal_actions()
        if step % 7 == 0:
            for action in legal:
                trial = s.clone()
                trial.apply(action)
                assert min(trial.money) >= 0 and min(trial.tokens) >= 0
        s.apply(rng.choice(legal))
        step += 1


@settings(max_examples=25, deadline=None)
@given(players, seeds, st.integers(min_value=0, max_value=60))
def test_view_hides_other_hands_and_the_decks(n, seed, steps):
    s = new_game(n, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_over():
            break
        s.apply(rng.choice(s.legal_actions()))
    seat = rng.randrange(n)
    v = s.view(seat)
    for other in range(n):
        if other != seat and not s.is_over():
            assert v.hands[other] == [UNKNOWN] * len(s.hands[other])
    assert v.hands[seat] == s.hands[seat]
    assert all(c == UNKNOWN for c in v.deck + v.dest_deck)
    check_invariants(v.determinize(random.Random(seed)))

