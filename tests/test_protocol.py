"""The engine protocol (docs/architecture.md), checked once for every playable game.

Parametrized over the registry: a new game gets every check here just by
registering, and its own test modules keep only what is particular to it.
Every check plays seeded random games at every player count the game allows,
so a failure names the game (the test id), the player count and the seed.
"""

from __future__ import annotations

import functools
import json
import random
import re

import pytest

from wonderland_games.core import registry
from wonderland_games.core.game import IllegalAction, Seat
from wonderland_games.core.records import make_record, record_from_dict, replay_states

GAMES = [info for info in registry.games() if info.has_engine]  # on the menu or not yet
SEEDS = [2**20 + 7919 * k for k in range(6)]  # large, so a leaked seed cannot pass for a card id
MAX_ACTIONS = 20000  # far above any random game: the game must end
GENERATOR_KEYS = ("seed", "rng")  # where a state's to_dict keeps its generator
GARBAGE = [(), None, 7, "end", ("nonsense",), ("nonsense", 1), (None,), ({},), ((1, 2),), ("",)]


@pytest.fixture(params=GAMES, ids=lambda info: info.id)
def game(request):
    return request.param


def seats(n: int) -> list:
    return [Seat(f"P{i}") for i in range(n)]


def counts(info) -> range:
    return range(info.min_players, info.max_players + 1)


def new_game(info, n: int, seed: int):
    return info.new_state(seats(n), seed, None)


def is_action(action) -> bool:
    """What records and saves can hold: a non-empty tuple of exactly str and int parts."""
    return type(action) is tuple and bool(action) and all(type(x) is str or type(x) is int for x in action)


@functools.lru_cache(maxsize=None)
def random_game(game_id: str, n: int, seed: int) -> tuple:
    """The actions of one seeded random game to its end (cached: most checks replay one)."""
    state = new_game(registry.get(game_id), n, seed)
    rng = random.Random(seed)
    actions = []
    while not state.is_over():
        actions.append(rng.choice(state.legal_actions()))
        state.apply(actions[-1])
        assert len(actions) < MAX_ACTIONS, "the game must end"
    return tuple(actions)


def walk(info, n: int, seed: int, samples: int):
    """About `samples` states along a cached random game, the final one included, as
    (state, the action played next or None). The state is the live one: change a clone."""
    actions = random_game(info.id, n, seed)
    every = max(1, len(actions) // samples)
    state = new_game(info, n, seed)
    for i, action in enumerate(actions):
        if i % every == 0:
            yield state, action
        state.apply(action)
    yield state, None


def played(info, n: int, seed: int):
    """The finished state of a cached random game."""
    state = new_game(info, n, seed)
    for action in random_game(info.id, n, seed):
        state.apply(action)
    return state


def numbers(data) -> set:
    """Every whole number anywhere in plain JSON data."""
    return {int(x) for x in re.findall(r"\d+", json.dumps(data))}


def as_json(data) -> str:
    return json.dumps(data, sort_keys=True)


# -- playing ---------------------------------------------------------------------
def test_random_play_always_offers_a_legal_action_until_the_end(game):
    for n in counts(game):
        for seed in SEEDS:
            state, rng = new_game(game, n, seed), random.Random(seed + 1)  # not the cached games
            for step in range(MAX_ACTIONS):
                result = state.result()
                assert result.scores == [sum(row.values()) for row in result.breakdown], (n, seed, step)
                assert all(0.0 <= state.returns(s) <= 1.0 for s in range(n))
                if state.is_over():
                    break
                legal = state.legal_actions()
                assert legal and state.current_player() in range(n), (n, seed, step)
                assert all(map(is_action, legal)) and len(set(legal)) == len(legal), legal
                events = state.apply(rng.choice(legal))
                assert isinstance(events, list) and all(isinstance(e, dict) and "type" in e for e in events)
                json.dumps(events)
            assert state.is_over(), f"{n} players, seed {seed}: the game must end"
            assert state.current_player() is None and state.legal_actions() == []
            with pytest.raises(IllegalAction):
                state.apply(random_game(game.id, n, seed)[-1])


def test_player_counts_outside_the_range_are_refused(game):
    for n in (game.min_players - 1, game.max_players + 1):
        with pytest.raises(ValueError):
            new_game(game, n, SEEDS[0])


def test_the_same_seed_and_actions_give_the_same_game(game):
    for n in counts(game):
        random.seed(1)  # the game's chance must not come from the global generator
        a = new_game(game, n, SEEDS[0])
        random.seed(2)
        b = new_game(game, n, SEEDS[0])
        assert a.to_dict() == b.to_dict()
        for action in random_game(game.id, n, SEEDS[0]):
            assert a.apply(action) == b.apply(action)
        assert a.to_dict() == b.to_dict() and a.result() == b.result()
        starts = {as_json(new_game(game, n, seed).to_dict()) for seed in SEEDS}
        assert len(starts) == len(SEEDS), "each seed gives its own game"


def test_advance_plays_as_apply_does_and_views_keep_the_position_they_were_taken_in(game):
    """`advance` (apply without the events: simulate, bots' playouts) changes a state as `apply`
    does; a view taken on the way still shows its own moment after the game has moved on."""
    for n in counts(game):
        quiet, loud = new_game(game, n, SEEDS[2]), new_game(game, n, SEEDS[2])
        views = []
        for i, action in enumerate(random_game(game.id, n, SEEDS[2])):
            if i % 7 == 0:
                seat = quiet.current_player()
                views.append((quiet.view(seat), as_json(quiet.view(seat).to_dict())))
            assert quiet.advance(action) is None
            loud.apply(action)
        assert quiet.to_dict() == loud.to_dict() and quiet.result() == loud.result()
        assert all(as_json(view.to_dict()) == then for view, then in views)


def mutations(action: tuple) -> list:
    """Near misses of a legal action: wrong arity, and parts of the wrong type
    (True and 1.0 compare equal to 1, so a plain membership test lets them in)."""
    out = [action[:-1], action + (0,), action + ("x",)]
    for i, part in enumerate(action):
        swaps = [[part], (part,), None]
        if type(part) is int:
            swaps += [float(part), str(part), part == 1]
        out += [action[:i] + (swap,) + action[i + 1:] for swap in swaps]
    return out


def test_illegal_actions_raise_and_change_nothing(game):
    for n in counts(game):
        seed = SEEDS[n % len(SEEDS)]
        rng = random.Random(seed)
        seen = sorted({a for state, _ in walk(game, n, seed, 10**6) for a in state.legal_actions()}, key=repr)
        for state, _ in walk(game, n, seed, 150):
            legal = state.legal_actions()
            allowed = {repr(a) for a in legal}
            others = [a for a in seen if repr(a) not in allowed]  # legal for another seat, phase or time
            tries = GARBAGE + rng.sample(others, min(20, len(others)))
            tries += [m for a in rng.sample(legal, min(3, len(legal))) for m in mutations(a)]
            before = state.to_dict()
            for action in tries:
                if repr(action) in allowed:
                    continue
                with pytest.raises(IllegalAction):
                    state.apply(action)
                    pytest.fail(f"{n} players, seed {seed}: {action!r} is not legal now, yet applied")
                assert state.to_dict() == before, f"{n} players, seed {seed}: {action!r} changed the state"


def test_clone_is_independent_of_the_original(game):
    for n in counts(game):
        rng = random.Random(n)
        kept = []  # (clone, its to_dict) from earlier states; the original has played on since
        for state, action in walk(game, n, SEEDS[1], 25):
            assert all(copy.to_dict() == data for copy, data in kept), "playing on the original changed a clone"
            if action is None:
                continue
            before = state.to_dict()
            copy = state.clone()
            assert copy.to_dict() == before and copy.legal_actions() == state.legal_actions()
            copy.apply(rng.choice(copy.legal_actions()))
            assert state.to_dict() == before, "playing on the clone changed the original"
            kept.append((state.clone(), before))


# -- saving ----------------------------------------------------------------------
def test_to_dict_round_trips_at_every_action_and_play_continues_identically(game):
    for n, seed in [(n, seed) for n in counts(game) for seed in SEEDS[2:4]]:
        actions = random_game(game.id, n, seed)
        reference = new_game(game, n, seed)
        events = [reference.apply(a) for a in actions]
        live = new_game(game, n, seed)
        for i, action in enumerate(actions):
            data = live.to_dict()
            assert json.loads(json.dumps(data)) == data, "to_dict is plain JSON data"
            loaded = game.from_dict(json.loads(json.dumps(data)))
            assert loaded.to_dict() == data
            assert loaded.legal_actions() == live.legal_actions()
            assert loaded.current_player() == live.current_player()
            assert loaded.apply(action) == events[i], f"{n} players, seed {seed}, action {i}"
            live = loaded
        assert live.to_dict() == reference.to_dict() and live.result() == reference.result()
        assert game.from_dict(json.loads(json.dumps(live.to_dict()))).is_over()


def test_a_record_of_a_random_game_replays_to_the_same_result(game):
    for n in counts(game):
        seed = SEEDS[3]
        actions = random_game(game.id, n, seed)
        final = played(game, n, seed)
        data = json.loads(json.dumps(make_record(game.id, seed, seats(n), None, actions).to_dict()))
        unseeded = {k: v for k, v in data.items() if k != "seed"}
        for record in (data, unseeded):  # its chance outcomes replay it without the seed
            states = list(replay_states(record_from_dict(record)))
            assert len(states) == len(actions)
            assert states[-1].result() == final.result(), f"{n} players, seed kept: {'seed' in record}"


# -- hidden information ----------------------------------------------------------
def test_a_view_hides_the_generator_keeps_the_public_and_cannot_be_played(game):
    for n in counts(game):
        for state, _ in walk(game, n, SEEDS[4], 20):
            full = state.to_dict()
            secret = {full[k] for k in GENERATOR_KEYS if full.get(k) is not None}
            assert secret, "the state keeps its generator (or seed) in to_dict"
            for seat in range(n):
                view = state.view(seat)
                assert state.to_dict() == full, "view() changes nothing"
                seen = view.to_dict()
                assert all(seen.get(k) is None for k in GENERATOR_KEYS)
                assert not secret & numbers(seen), "no trace of the generator"
                assert (view.current_player(), view.is_over(), view.turn_number()) == (
                    state.current_player(), state.is_over(), state.turn_number())
                if seat == state.current_player():
                    assert view.legal_actions() == state.legal_actions()
                if state.is_over():
                    assert view.result() == state.result()
                for action in state.legal_actions()[:2]:
                    with pytest.raises(IllegalAction):
                        view.apply(action)
                    assert view.to_dict() == seen


def test_determinizations_of_a_view_have_that_view(game):
    """Full states differing only in what the seat cannot see give the seat the same view."""
    for n in counts(game):
        for state, _ in walk(game, n, SEEDS[4], 20):
            for seat in range(n):
                view = state.view(seat)
                seen = view.to_dict()
                for k in range(2):
                    full = view.determinize(random.Random(k))
                    assert view.to_dict() == seen, "determinize() changes nothing"
                    assert full.view(seat).to_dict() == seen, f"{n} players, seat {seat}"
                    assert full.current_player() == state.current_player()
                    if seat == state.current_player():
                        assert full.legal_actions() == state.legal_actions()
                    assert game.from_dict(json.loads(json.dumps(full.to_dict()))).to_dict() == full.to_dict()
                again = view.determinize(random.Random(7)).to_dict()
                assert again == view.determinize(random.Random(7)).to_dict(), "the rng alone decides"


def test_determinized_states_are_resampled_and_play_to_the_end(game):
    for n in counts(game):
        state = new_game(game, n, SEEDS[5])
        view = state.view(0)
        fulls = [view.determinize(random.Random(k)) for k in range(4)]
        if view.to_dict() != state.to_dict():  # something is hidden: determinizations differ
            assert len({as_json(f.to_dict()) for f in fulls}) > 1
        for state, action in walk(game, n, SEEDS[5], 4):
            if action is None:
                continue
            rng = random.Random(n)
            full = state.view(state.current_player()).determinize(rng)
            for _ in range(MAX_ACTIONS):
                if full.is_over():
                    break
                full.apply(rng.choice(full.legal_actions()))
            assert full.is_over()


def test_reveals_hidden_is_true_for_every_action_that_can_show_something(game):
    """An action reveals something when, applied to full states the seat cannot tell
    apart, it can leave that seat with different views; undo must stop there."""
    for n in counts(game):
        rng = random.Random(n)
        for state, _ in walk(game, n, SEEDS[0], 100):
            legal = state.legal_actions()
            for action in rng.sample(legal, min(4, len(legal))):
                for seat in range(n):
                    view = state.view(seat)
                    members = [state] + [view.determinize(random.Random(k)) for k in range(2)]
                    after = set()
                    for member in members:
                        if action in member.legal_actions():
                            trial = member.clone()
                            trial.apply(action)
                            after.add(as_json(trial.view(seat).to_dict()))
                    if len(after) > 1:
                        before = state.to_dict()
                        assert state.reveals_hidden(action), f"{n} players: {action!r} shows seat {seat} something"
                        assert state.to_dict() == before


# -- the outcome -----------------------------------------------------------------
def test_scores_are_the_breakdown_sums_and_winners_have_the_best_score(game):
    """Winners hold the best score, unless a solo game's own opponent (`extra["opponent"]`,
    its total) beats every seat: then no seat wins."""
    for n in counts(game):
        for seed in SEEDS:
            state = played(game, n, seed)
            result = state.result()
            assert len(result.scores) == len(result.breakdown) == n
            assert result.scores == [sum(row.values()) for row in result.breakdown]
            assert len({tuple(row) for row in result.breakdown}) == 1, "every seat has the same labels"
            assert json.loads(json.dumps(result.to_dict())) == result.to_dict()
            returns = [state.returns(s) for s in range(n)]
            assert all(0.0 <= r <= 1.0 for r in returns)
            best = (min if result.lower_is_better else max)(result.scores)
            opponent = result.extra.get("opponent")  # a solo game's own opponent: its total
            if opponent is not None and (opponent < best if result.lower_is_better else opponent > best):
                assert result.winners == [], f"{n} players, seed {seed}: the opponent's {opponent} beats {best}"
                assert all(r < 0.75 for r in returns), "no win share when the opponent wins"
                continue
            assert result.winners and result.winners == sorted(set(result.winners))
            assert all(result.scores[w] == best for w in result.winners), (n, seed, result)
            assert sorted(result.ranking()[:len(result.winners)]) == result.winners
            if len(result.winners) == 1:
                [w] = result.winners
                assert all(returns[w] > returns[s] for s in range(n) if s != w)
