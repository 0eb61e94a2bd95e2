"""Lost in Oz properties: random legal play from many seeds, checked after every action."""

from __future__ import annotations

import json
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
    assert [sum(e) for e in s.earned] == s.scores
    assert s.result().scores == [sum(b.values()) for b in s.result().breakdown]
    if s.phase == ACTION:
        assert 1 <= s.points <= 6, "points within 1-6 while acting"
        assert s.current_player() == s.acting == s.order[0]
    if s.phase == OVER:
        assert max(s.scores) >= rules.TARGET and s.legal_actions() == []
    else:
        assert max(s.scores) < rules.TARGET or s.phase == ACTION
        assert s.legal_actions()
    for seat in range(n):
        assert 0 <= s.returns(seat) <= 1


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


@settings(max_examples=150, deadline=None)
@given(players, seeds)
def test_random_play_ends_without_error(n, seed):
    s = new_game(n, seed)
    play_out(s, random.Random(seed ^ 0x5EED))
    assert s.is_over() and s.current_player() is None


@settings(max_examples=50, deadline=None)
@given(players, seeds, st.integers(min_value=0, max_value=600))
def test_save_mid_game_and_continue_identically(n, seed, cut):
    s = new_game(n, seed)
    rng = random.Random(seed)
    for _ in range(cut):
        if s.is_over():
            break
        s.apply(rng.choice(s.legal_actions()))
    t = OzState.from_dict(json.loads(json.dumps(s.to_dict())))
    assert t.to_dict() == s.to_dict()
    rng_s, rng_t = random.Random(cut), random.Random(cut)
    for _ in range(300):
        if s.is_over():
            break
        a, b = rng_s.choice(s.legal_actions()), rng_t.choice(t.legal_actions())
        assert a == b and s.apply(a) == t.apply(b)
    assert t.to_dict() == s.to_dict()


@settings(max_examples=50, deadline=None)
@given(players, seeds, st.integers(min_value=0, max_value=600))
def test_views_hide_and_determinize_fills_in(n, seed, cut):
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
    assert v.rng is None and v.legal_actions() == s.legal_actions()
    assert all(h == [UNKNOWN] * len(s.hands[o]) for o, h in enumerate(v.hands) if o != seat)
    full = v.determinize(rng)
    assert full.hands[seat] == s.hands[seat] and full.discard == s.discard
    assert sorted(full.deck + full.discard + [c for h in full.hands for c in h]) == list(range(1, 49))
    play_out(full, rng)  # a determinized state plays to the end
