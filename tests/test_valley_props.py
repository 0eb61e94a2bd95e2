"""Wonderland Valley property tests: seeded games checked at every action.

test_valley_state.py's random-play test already checks, every step, that the
128 cards are conserved, nothing goes negative, the score is its breakdown
and a legal action exists (its `check`, reused here), with a save round trip
every 37 steps. What this adds: resources, points and cards move only as the
events say; workers are conserved (available + placed + locked = 6, each
gained from a season or a card); a save round trip at every action; views
whose hidden parts are independent of the real ones; and games played by
uniformly random and by Normal players, which take other paths.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from test_valley_state import check, seats

from wonderland_games.games.valley import state as engine
from wonderland_games.games.valley.bots import make_bot
from wonderland_games.games.valley.data import load_valley
from wonderland_games.games.valley.effects import RESOURCES, Worker
from wonderland_games.games.valley.state import UNKNOWN

VALLEY = load_valley()
KINDS = VALLEY.cards.kinds
TOTAL = VALLEY.numbers.total_workers
NORMAL = make_bot("normal")


def uniform(state, rng):
    return rng.choice(state.legal_actions())


def normal(state, rng):
    seat = state.current_player()
    return NORMAL.choose(state.view(seat), state.legal_actions(), rng)


def games(count: int, policy, first_seed: int = 0):
    """(state before, action, state after, events) for every action of `count` seeded games, 2-4 players."""
    for seed in range(first_seed, first_seed + count):
        s = engine.new_state(seats(2 + seed % 3), seed)
        rng = random.Random(seed)
        steps = 0
        while not s.is_over():
            before = s.clone()
            action = policy(s, rng)
            events = s.apply(action)
            yield before, action, s, events
            steps += 1
            assert steps < 3000, "the game must end"


def flows(events: list, n: int) -> tuple:
    """Resource, point and hand-size changes per seat, as the events tell them."""
    res = [[0] * len(RESOURCES) for _ in range(n)]
    points, hand = [0] * n, [0] * n
    for e in events:
        kind = e["type"]
        if kind == "gain":
            for r, k in e["resources"].items():
                res[e["seat"]][RESOURCES.index(r)] += k
        elif kind in ("play", "trade"):
            for r, k in e["paid"].items():
                res[e["seat"]][RESOURCES.index(r)] -= k
            hand[e["seat"]] -= 1 if kind == "play" else len(e["cards"])
        elif kind == "toll":
            for r, k in e["resources"].items():
                res[e["seat"]][RESOURCES.index(r)] -= k
                res[e["owner"]][RESOURCES.index(r)] += k
        elif kind == "points":
            points[e["seat"]] += e["points"]
        elif kind == "draw":
            hand[e["seat"]] += len(e["cards"])
        elif kind == "mulligan":
            hand[e["seat"]] -= e["count"]
    return res, points, hand


def earned_workers(s, seat: int) -> int:
    """The start, the workers of the seasons entered, and one for each card in the city that unlocks one."""
    seasons = sum(season.workers for season in VALLEY.seasons[1:s.season[seat] + 1])
    cards = sum(any(type(e) is Worker for e in KINDS[k].effects) for k in s.cities[seat])
    return min(TOTAL, VALLEY.numbers.start_workers + seasons + cards)


def check_workers(s) -> None:
    for seat in range(len(s.seats)):
        placed = len(s.placed[seat])
        available, locked = s.workers[seat] - placed, TOTAL - s.workers[seat]
        assert min(available, placed, locked) >= 0 and available + placed + locked == TOTAL
        assert s.workers[seat] == earned_workers(s, seat)
    spots = Counter(spot for spots in s.placed for spot in spots)
    for spot, workers in spots.items():
        shared = spot in VALLEY.locations and not VALLEY.locations[spot].exclusive
        assert shared or workers == 1, f"{spot} holds {workers} workers"


def check_flows(before, after, events) -> None:
    n = len(after.seats)
    res, points, hand = flows(events, n)
    for seat in range(n):
        assert [a - b for a, b in zip(after.resources[seat], before.resources[seat])] == res[seat], events
        assert after.tokens[seat] - before.tokens[seat] == points[seat], events
        assert len(after.hands[seat]) - len(before.hands[seat]) == hand[seat], events
        assert min(after.resources[seat]) >= 0
    played = sum(e["type"] == "play" for e in events)
    assert sum(map(len, after.cities)) - sum(map(len, before.cities)) == played


@pytest.mark.parametrize("policy, count", [(uniform, 45), (normal, 6)])
def test_every_action_keeps_cards_resources_workers_and_scores(policy, count):
    ended = 0
    for before, _, after, events in games(count, policy, first_seed=500):
        check(after)
        check_workers(after)
        check_flows(before, after, events)
        ended += after.is_over()
    assert ended == count


def test_a_save_round_trip_at_every_action_plays_on_the_same():
    for before, action, after, events in games(6, uniform, first_seed=900):
        loaded = engine.from_dict(json.loads(json.dumps(before.to_dict())))
        assert loaded.to_dict() == before.to_dict()
        assert loaded.legal_actions() == before.legal_actions()
        assert loaded.apply(action) == events
        assert loaded.to_dict() == after.to_dict()


def unfinished(count: int, policy, first_seed: int):
    """Every state before the end of `count` seeded games."""
    return (s for _, _, s, _ in games(count, policy, first_seed) if not s.is_over())


def redealt(s, rng: random.Random, seat: int):
    """The same game with every card hidden from `seat` dealt anew (and a fresh generator)."""
    other = s.clone()
    hidden = [o for o in range(len(s.seats)) if o != seat]
    pool = list(s.deck) + [k for o in hidden for k in s.hands[o]]
    rng.shuffle(pool)
    for o in hidden:
        size = len(s.hands[o])
        other.hands[o], pool = pool[:size], pool[size:]
    other.deck = sorted(pool)
    other.rng = rng.getrandbits(64)
    return other


def test_views_hide_other_hands_and_the_deck_and_do_not_depend_on_them():
    rng = random.Random(3)
    changed = 0
    for s in unfinished(8, uniform, first_seed=1200):
        for seat in range(len(s.seats)):
            v = s.view(seat)
            assert v.hands[seat] == s.hands[seat] and v.rng is None and v.seed is None
            assert all(v.hands[o] == [UNKNOWN] * len(s.hands[o]) for o in range(len(s.seats)) if o != seat)
            assert v.deck == [UNKNOWN] * len(s.deck)
            twin = redealt(s, rng, seat)
            changed += twin.hands != s.hands
            assert twin.view(seat).to_dict() == v.to_dict()
    assert changed > 1000, "the re-dealt games must differ from the real ones"


def test_normal_decides_the_same_on_games_that_differ_only_in_what_it_cannot_see():
    rng = random.Random(4)
    compared = 0
    for s in unfinished(3, normal, first_seed=1300):
        seat = s.current_player()
        twin = redealt(s, rng, seat)
        legal = s.legal_actions()
        assert twin.legal_actions() == legal
        assert NORMAL.choose(twin.view(seat), legal, rng) == NORMAL.choose(s.view(seat), legal, rng)
        compared += 1
    assert compared > 100
