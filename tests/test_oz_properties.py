"""Lost in Oz properties: random legal play from many seeds, checked after every action.

The engine protocol (saves, views, determinize, clone, results) is checked for
every game in tests/test_protocol.py; here only what is particular to Lost in Oz.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from wonderland_games.core.game import Seat
from wonderland_games.games.oz import rules
from wonderland_games.games.oz.rules import ACTION, OVER, UNKNOWN, OzState

players = st.integers(min_value=2, max_value=4)
seeds = st.integers(min_value=0, max_value=2**32 - 1)
MAX_ACTIONS = 20000  # far above any random game (about 1500 for 4 players): the game must end


def new_game(n: int, seed: int) -> OzState:
    return rules.new_state([Seat(f"P{i}") for i in range(n)], seed)


def check_invariants(s: OzState) -> None:
    n = len(s.seats)
    cards = sorted(s.deck + s.discard + [c for h in s.hands for c in h])
    assert cards == list(range(1, 49)), "each spell exactly once; the Wizard card is held"
    assert 0 <= s.wizard_holder < n
    assert sorted(s.gems) == sorted(s.colours) and len(s.gems) == n
    assert s.books == list(rules.BOOKS)
    assert s.wizard is not None or s.phase == ACTION
    for x, y in s.tokens + list(s.gems.values()) + ([s.wizard] if s.wizard else []):
        assert 0 <= x < 6 and 0 <= y < 6
    assert [sum(e) for e in s.earned] == s.scores == s.result().scores
    if s.phase == ACTION:
        assert 1 <= s.points <= 6, "points within 1-6 while acting"
        assert s.current_player() == s.acting == s.order[0]
    if s.phase == OVER:
        assert max(s.scores) >= rules.TARGET
    else:
        assert max(s.scores) < rules.TARGET or s.phase == ACTION


def play_out(s: OzState, rng: random.Random, on_step=None) -> int:
    actions = 0
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
        actions += 1
        assert actions < MAX_ACTIONS, "the game must end"
        if on_step:
            on_step(s)
    return actions


@settings(max_examples=60, deadline=None)
@given(players, seeds)
def test_random_play_keeps_every_invariant(n, seed):
    s = new_game(n, seed)
    check_invariants(s)
    play_out(s, random.Random(seed), check_invariants)
    result = s.result()
    assert result.winners and max(result.scores) >= rules.TARGET
    assert result.extra["rounds"] == s.round


@settings(max_examples=50, deadline=None)
@given(players, seeds, st.integers(min_value=0, max_value=600))
def test_views_hide_other_hands_and_determinize_keeps_every_card(n, seed, cut):
    s = new_game(n, seed)
    rng = random.Random(seed)
    for _ in range(cut):
        if s.is_over():
            break
        s.apply(rng.choice(s.legal_actions()))
    if s.is_over():
        return
    seat = s.current_player()
    v = s.view(seat)
    assert all(h == [UNKNOWN] * len(s.hands[o]) for o, h in enumerate(v.hands) if o != seat)
    assert v.deck == [UNKNOWN] * len(s.deck)
    full = v.determinize(rng)
    check_invariants(full)
    play_out(full, rng)  # plays to the end
