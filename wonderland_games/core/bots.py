"""Bots written once against the engine protocol, so every game gets them.

A bot only ever receives a view (`state.view(seat)`); one that needs a full
state samples one with `view.determinize(rng)`. All randomness comes from the
`rng` passed in, so a seeded game with an iteration budget replays exactly.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Callable, Optional, Sequence

from .game import Action, GameState

Policy = Callable[[GameState, object], Action]  # (full state, rng) -> legal action
Worths = Callable[[GameState, Sequence[Action]], list]  # (view, legal) -> [(worth, action)], higher is better


@dataclass(frozen=True)
class Budget:
    """How long a bot may think, overriding the bot's own limits field by field.

    `iterations` (rollouts) gives reproducible play; `time_limit` (seconds)
    caps thinking on slow machines. With both, whichever ends first wins.
    """

    iterations: Optional[int] = None
    time_limit: Optional[float] = None


class WinChance(float):
    """A win chance estimated from `playouts` playouts that won `wins` (win shares): the float is
    Laplace's (wins + 1) / (playouts + 2), and it knows how far to trust it (`margin`), so the
    Suggest button can say a range rather than a number that the next position's few playouts
    would contradict."""

    playouts: int

    def __new__(cls, wins: float, playouts: int) -> "WinChance":
        chance = super().__new__(cls, (wins + 1) / (playouts + 2))
        chance.playouts = playouts
        return chance

    def margin(self) -> float:
        """The half-width of its 95% interval, 1.96 * sqrt(p (1 - p) / n) (infinite with no playout)."""
        if self.playouts <= 0:
            return math.inf
        p = float(self)
        return 1.96 * math.sqrt(p * (1 - p) / self.playouts)


def thinking_limits(iterations: Optional[int], time_limit: Optional[float], budget: Optional[Budget]) -> tuple:
    """(iterations, deadline) from a bot's own limits overridden field by field by
    `budget`; either may be None (no limit of that kind), but not both."""
    if budget is not None:
        iterations = iterations if budget.iterations is None else budget.iterations
        time_limit = time_limit if budget.time_limit is None else budget.time_limit
    if iterations is None and time_limit is None:
        raise ValueError("a searching bot needs an iteration count or a time limit")
    return iterations, None if time_limit is None else time.perf_counter() + time_limit


class Bot:
    """`choose(view, legal_actions, rng, budget=None) -> action`."""

    level = ""
    needs_view = True  # False: choose reads only the legal actions and the rng (simulate then passes no view)

    def choose(self, view: GameState, legal_actions: Sequence[Action], rng, budget: Optional[Budget] = None) -> Action:
        raise NotImplementedError


class RandomBot(Bot):
    """Random: any legal action, uniformly (fast play for tests, benchmarks and `simulate`)."""

    level = "random"
    needs_view = False

    def choose(self, view, legal_actions, rng, budget=None):
        return pick(rng, legal_actions)


def pick(rng, items: Sequence):
    """`rng.choice(items)` for a `random.Random`, drawn as it draws (getrandbits until below
    len(items)) without the two Python calls it makes: Random bots and random playouts pick at
    every move. A test holds it to rng.choice."""
    n = len(items)
    if not n:
        raise IndexError("cannot choose from an empty sequence")
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return items[r]


class EasyBot(Bot):
    """Easy: a beginner, who sees what an action gains but often misjudges it.

    `worths` is the game's judgement of the legal actions (each game passes
    Normal's, so Easy sees what Normal sees). Easy samples an action with probability
    proportional to exp(worth / noise): a nearly-as-good action is often
    taken, a blunder rarely, and a larger `noise` plays weaker. The scale is
    in the game's worth units, so each game tunes its own against Normal and
    Random.
    """

    level = "easy"

    def __init__(self, worths: Worths, noise: float):
        self.worths = worths
        self.noise = noise

    def choose(self, view, legal_actions, rng, budget=None):
        if len(legal_actions) == 1:
            return legal_actions[0]
        pairs = self.worths(view, legal_actions)
        best = max(worth for worth, _ in pairs)
        weights = [math.exp((worth - best) / self.noise) for worth, _ in pairs]
        return rng.choices([action for _, action in pairs], weights)[0]


def level_bot(level: str, makers: dict) -> Bot:
    """The bot for a seat level: Random is the same for every game, the others come from the
    game's `makers` (level -> a function making its bot)."""
    if level == "random":
        return RandomBot()
    maker = makers.get(level)
    if maker is None:
        raise ValueError(f"unknown bot level {level!r} ({', '.join(['random', *makers])})")
    return maker()


def best_by_samples(view: GameState, candidates: list, rng, iterations: Optional[int],
                    deadline: Optional[float], playout: Callable[[GameState], float]) -> Action:
    """The candidate with the best total `playout(state)` over determinized samples of `view`.

    Each sample plays every candidate on the same hidden cards, so they are compared
    fairly; a sample the deadline cuts off is dropped (the first always completes).
    Ties go to the earliest candidate, so with an iteration budget the choice depends
    only on the rng. For bots whose playouts stop after a few turns (Voyage, Valley).
    """
    totals = [0.0] * len(candidates)
    done = 0
    while iterations is None or done < iterations:
        base = view.determinize(rng)
        sample = []
        for i, action in enumerate(candidates):
            if done and deadline is not None and time.perf_counter() >= deadline:
                break
            state = base.clone() if i < len(candidates) - 1 else base
            state.advance(action)
            sample.append(playout(state))
        if len(sample) < len(candidates):
            break
        totals = [t + x for t, x in zip(totals, sample)]
        done += 1
        if deadline is not None and time.perf_counter() >= deadline:
            break
    return candidates[max(range(len(candidates)), key=lambda i: (totals[i], -i))]


def random_policy(state: GameState, rng) -> Action:
    return pick(rng, state.legal_actions())  # as RandomBot


class MonteCarloBot(Bot):
    """Hard: determinized Monte Carlo over the legal actions.

    Iterations (rollouts) run in rounds: each round samples one determinization
    and plays every candidate action in it, then rolls each out to the end with
    `rollout` and scores `returns(seat)`. Sharing the sample across candidates
    compares them on the same hidden cards (fewer iterations for the same
    confidence) and spreads the budget evenly. The budget is checked between
    rounds, so the last round may overshoot by less than one round. The best
    mean wins; ties go to the earliest candidate, so with an iteration budget
    the choice depends only on the rng.
    """

    level = "hard"

    def __init__(self, iterations: Optional[int] = 400, time_limit: Optional[float] = None,
                 rollout: Policy = random_policy):
        self.iterations = iterations
        self.time_limit = time_limit
        self.rollout = rollout

    def choose(self, view, legal_actions, rng, budget=None):
        if len(legal_actions) == 1:
            return legal_actions[0]
        return self.rank(view, legal_actions, rng, budget)[0][0]

    def rank(self, view, legal_actions, rng, budget=None) -> list:
        """[(action, win chance)] best first as `choose` judges (mean returns, ties to the
        earliest); the chance (a `WinChance`) is the win share of the same playouts, with no
        score margin mixed in, so it reads as one (the Suggest button shows it). It is estimated
        with one win and one loss assumed before the first playout (Laplace's rule), so a slow
        game's two or three playouts in a hint's second never claim 0% or 100%."""
        candidates = list(legal_actions)
        iterations, deadline = thinking_limits(self.iterations, self.time_limit, budget)
        seat = view.current_player()
        totals = [0.0] * len(candidates)
        wins = [0.0] * len(candidates)
        done = rounds = 0
        while iterations is None or done < iterations:
            base = view.determinize(rng)
            for i, action in enumerate(candidates):
                state = base.clone() if i < len(candidates) - 1 else base
                state.advance(action)
                self._playout(state, rng)
                totals[i] += state.returns(seat)
                wins[i] += state.result().win_share(seat)
            done += len(candidates)
            rounds += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
        order = sorted(range(len(candidates)), key=lambda i: (-totals[i], i))
        return [(candidates[i], WinChance(wins[i], rounds)) for i in order]

    def _playout(self, state: GameState, rng) -> None:
        """Play `state` to the end with the rollout policy."""
        rollout = self.rollout
        while not state.is_over():
            state.advance(rollout(state, rng))


def bot_policy(bot: Bot) -> Policy:
    """A rollout policy playing `bot` on a full state (which offers all a view does)."""
    return lambda state, rng: bot.choose(state, state.legal_actions(), rng)

