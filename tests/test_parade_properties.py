"""Wonderland Parade properties: random legal play from many seeds, checked after every action.

The engine protocol (saves, views, determinize, clone, results) is checked for
every game in tests/test_protocol.py; here only what is particular to Parade.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from wonderland_games.core.game import Seat
from wonderland_games.games.parade import rules
from wonderland_games.games.parade.deck import load_deck
from wonderland_games.games.parade.rules import FINAL, KEEP, OVER, PLAY, cards_taken, score_breakdown, scores_now

DECK = load_deck()
players = st.integers(min_value=2, max_value=6)
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def new_game(n: int, seed: int) -> rules.ParadeState:
    return rules.new_state([Seat(f"P{i}") for i in range(n)], seed)


def check_invariants(state: rules.ParadeState) -> None:
    n = len(state.seats)
    everything = [*state.parade, *state.draw_pile] + [c for cards in state.hands + state.collections for c in cards]
    assert sorted(everything) == list(range(DECK.size)), "each card exactly once"
    sizes = [len(h) for h in state.hands]
    if state.phase == PLAY:
        assert sizes == [5] * n and state.draw_pile
    elif state.phase == FINAL:
        assert set(sizes) <= {4, 5} and sum(sizes) == 5 * n - (n - state.final_turns_left)
        assert 1 <= state.final_turns_left <= n
    elif state.phase == KEEP:
        assert sizes == [4] * n
    else:
        assert sizes == [2] * n and state.current_player() is None
    if state.phase != OVER:
        assert state.current_player() == state.turn


def play_out(state: rules.ParadeState, rng: random.Random, on_step=None) -> list:
    """Random legal play to the end; returns the actions taken."""
    n = len(state.seats)
    bound = len(state.draw_pile) + 2 * n  # one play per card drawn, a final round, the keeps
    actions = []
    while not state.is_over():
        action = rng.choice(state.legal_actions())
        state.apply(action)
        actions.append(action)
        assert len(actions) <= bound, "the game must end"
        if on_step:
            on_step(state)
    return actions


@settings(max_examples=300, deadline=None)
@given(players, seeds)
def test_random_play_keeps_every_invariant(n, seed):
    state = new_game(n, seed)
    check_invariants(state)
    play_out(state, random.Random(seed), check_invariants)
    assert sum(len(c) for c in state.collections) >= 2 * n
    assert all(len(set(pair)) == 2 and set(pair) <= set(state.collections[s]) for s, pair in enumerate(state.kept))


@settings(max_examples=300, deadline=None)
@given(players, seeds)
def test_final_round_is_one_turn_each_after_the_trigger(n, seed):
    state, rng = new_game(n, seed), random.Random(seed)
    log = []  # (seat, events) per action
    while not state.is_over():
        seat = state.current_player()
        events = state.apply(rng.choice(state.legal_actions()))
        all_colours = len({DECK.colour[c] for c in state.collections[seat]}) == len(DECK.colours)
        log.append((seat, events, all_colours, len(state.draw_pile)))
    [trigger] = [i for i, (_, events, _, _) in enumerate(log) if any(e["type"] == "last_round" for e in events)]
    seat, events, all_colours, pile = log[trigger]
    reason = next(e["reason"] for e in events if e["type"] == "last_round")
    assert reason == ("colours" if all_colours else "deck") and (all_colours or pile == 0)
    assert state.end_reason == reason
    assert not any(has_all for _, _, has_all, _ in log[:trigger]), "no earlier sixth colour went unnoticed"
    final = log[trigger + 1: trigger + 1 + n]
    assert [s for s, _, _, _ in final] == [(seat + k) % n for k in range(1, n + 1)]
    assert all(e["type"] != "draw" for _, events, _, _ in final for e in events)
    assert any(e["type"] == "keep_phase" for e in final[-1][1])
    keeps = log[trigger + 1 + n:]
    assert [s for s, _, _, _ in keeps] == [(seat + k) % n for k in range(1, n + 1)]


@settings(max_examples=300, deadline=None)
@given(players, seeds)
def test_result_follows_the_scoring_and_tie_breaks(n, seed):
    state = new_game(n, seed)
    play_out(state, random.Random(seed ^ 0x5EED))
    result = state.result()
    assert result.scores == scores_now(DECK, state.collections)
    key = list(zip(result.scores, result.extra["cards"]))
    best = min(key)
    assert result.winners == [s for s in range(n) if key[s] == best]
    assert result.extra["cards"] == [len(c) for c in state.collections]


@settings(max_examples=100, deadline=None)
@given(players, seeds, st.floats(min_value=0.0, max_value=1.0))
def test_determinized_views_keep_every_invariant(n, seed, where):
    rng = random.Random(seed)
    state = new_game(n, seed)
    steps = int(where * (len(state.draw_pile) + 2 * n))
    while steps and not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
        steps -= 1
    seat = rng.randrange(n)
    full = state.view(seat).determinize(rng)
    check_invariants(full)
    play_out(full, rng, check_invariants)


def taken_by_the_text(parade: list, card: int) -> list:
    """The rule as the text words it: positions count from the tail (1 = last
    card); a position greater than the played value is in removal mode."""
    value, colour = DECK.value[card], DECK.colour[card]
    if len(parade) <= value:
        return []
    taken = []
    for index, other in enumerate(parade):
        position = len(parade) - index
        in_removal = value == 0 or position > value
        if in_removal and (DECK.colour[other] == colour or DECK.value[other] <= value):
            taken.append(other)
    return taken


@settings(max_examples=400, deadline=None)
@given(st.lists(st.integers(0, 65), min_size=1, max_size=25, unique=True))
def test_cards_taken_matches_the_rule_text(cards):
    card, parade = cards[0], cards[1:]
    assert cards_taken(DECK, parade, card) == taken_by_the_text(parade, card)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.integers(0, 65), min_size=1, max_size=25, unique=True))
def test_a_play_takes_what_the_rule_text_takes(cards):
    """`advance` sorts the cards at risk in its own loop: it takes what the text takes and
    leaves the rest of the parade in order, the played card at the tail."""
    card, parade = cards[0], cards[1:]
    state = rules.ParadeState.new([Seat("A"), Seat("B")], 0)
    state.parade, state.hands[state.turn] = tuple(parade), [card]
    play = state.apply(("play", card))[0]
    taken = taken_by_the_text(parade, card)
    assert play["taken"] == taken
    assert list(state.parade) == [c for c in parade if c not in taken] + [card]


def score_by_the_text(collections: list) -> list:
    n = len(collections)
    totals = [0] * n
    for colour in range(6):
        mine = [[c for c in cards if DECK.colour[c] == colour] for cards in collections]
        counts = [len(m) for m in mine]
        for seat in range(n):
            others = [counts[s] for s in range(n) if s != seat]
            if n == 2:
                majority = counts[seat] >= others[0] + 2
            else:
                majority = counts[seat] > 0 and counts[seat] >= max(others)
            totals[seat] += counts[seat] if majority else sum(DECK.value[c] for c in mine[seat])
    return totals


@settings(max_examples=300, deadline=None)
@given(players, st.permutations(range(66)), st.lists(st.integers(0, 5), min_size=66, max_size=66),
       st.integers(0, 66))
def test_scoring_matches_the_rule_text(n, order, owners, count):
    collections = [[] for _ in range(n)]
    for card, owner in zip(order[:count], owners):
        collections[owner % n].append(card)
    assert scores_now(DECK, collections) == score_by_the_text(collections)
    rows = score_breakdown(DECK, collections)
    assert [sum(v["points"] for v in row.values()) for row in rows] == score_by_the_text(collections)
