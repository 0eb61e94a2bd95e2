"""Parade bots: Easy is Normal with noise, Normal looks one card ahead, Hard samples.

Normal scores each legal action by what the game would look like if it ended
right after it (rules.cards_taken plus the majority scoring), measured against
the other seats, plus a glance at its own next turn.

Hard is determinized Monte Carlo with uniformly random rollouts. Measured
against Normal at equal thinking time, greedy or epsilon-greedy rollouts
(the Evaluator, or a cheaper "take the least face value" rule) were no
stronger: they cost 2-8 times more per rollout, and the many more random
playouts that time buys judge a card better than fewer careful ones.

Easy samples Normal's Evaluator through a softmax (core.bots.EasyBot,
EASY_NOISE points): it takes Normal's card about half the time, a nearly
as cheap one often, a costly one rarely. Measured (2 players, seats
rotating, 1000 games, `simulate parade ... --seed 7`): Normal beats Easy in
70.7%, Easy beats Random in 83.5%, at ~0.5 ms a decision.
"""

from __future__ import annotations

from typing import Optional

from ...core.bots import Bot, EasyBot, MonteCarloBot, level_bot, random_policy
from .rules import FINAL, KEEP, cards_taken

HARD_ITERATIONS = 800  # rollouts per decision: ~0.2 s mean, under 1 s at worst on 2 cores
EASY_NOISE = 3.0  # Easy: softmax temperature over Normal's costs (points); see the docstring


def tally(deck, collections) -> tuple:
    """Per colour, per seat: card counts and value sums."""
    colour, value = deck.colour, deck.value
    n_colours, n = len(deck.colours), len(collections)
    counts = [[0] * n for _ in range(n_colours)]
    sums = [[0] * n for _ in range(n_colours)]
    for seat, cards in enumerate(collections):
        for c in cards:
            k = colour[c]
            counts[k][seat] += 1
            sums[k][seat] += value[c]
    return counts, sums


class Evaluator:
    """One-step lookahead for the seat to act; lower cost is better.

    cost = change in (own score - others_weight * mean score of the others),
    so taking a colour's majority away from someone counts in our favour;
    plus lookahead * the cheapest next play with the cards left (the parade
    grows, so a hand of only low cards is a trap); plus value_weight per point
    of the card played (positive: spend low cards while they are safe and keep
    high ones, which take little from a long parade). In the final round the
    four cards left go straight into the keep choice, so that is scored exactly.
    Weights tuned by self-play with `simulate` against the plain one-step
    version (others 0.5, value -0.1, no lookahead). Only the
    colours an action touches are rescored, which keeps a decision well under 1 ms.
    """

    def __init__(self, others_weight: float = 0.5, value_weight: float = 0.1, lookahead: float = 0.5):
        self.others_weight = others_weight
        self.value_weight = value_weight
        self.lookahead = lookahead

    def _colour_cost(self, cnt, sm, me) -> float:
        """One colour's share of the cost (majority cards score 1; two players need +2)."""
        if len(cnt) == 2:
            a, b = cnt
            pa = a if a >= b + 2 else sm[0]
            pb = b if b >= a + 2 else sm[1]
            return pa - self.others_weight * pb if me == 0 else pb - self.others_weight * pa
        best = max(cnt)
        total = mine = 0
        for s, x in enumerate(cnt):
            points = x if x == best else sm[s]
            total += points
            if s == me:
                mine = points
        return mine - self.others_weight * (total - mine) / (len(cnt) - 1)

    def delta(self, deck, counts, sums, me, cards) -> float:
        """How much the cost changes when `me` collects `cards`."""
        colour, value = deck.colour, deck.value
        added: dict = {}
        for c in cards:
            k = colour[c]
            n, v = added.get(k, (0, 0))
            added[k] = (n + 1, v + value[c])
        change = 0.0
        for k, (n, v) in added.items():
            cnt, sm = counts[k], sums[k]
            before = self._colour_cost(cnt, sm, me)
            cnt2, sm2 = cnt[:], sm[:]
            cnt2[me] += n
            sm2[me] += v
            change += self._colour_cost(cnt2, sm2, me) - before
        return change

    def next_turn(self, deck, counts, sums, me, parade, hand, others) -> float:
        """Cheapest cost of our next play, after each other seat adds one card we cannot take."""
        colour, value = deck.colour, deck.value
        best = None
        for card in hand:
            v, k = value[card], colour[card]
            at_risk = max(0, len(parade) + others - v)
            taken = [c for c in parade[:at_risk] if colour[c] == k or value[c] <= v]
            cost = self.delta(deck, counts, sums, me, taken) if taken else 0.0
            if best is None or cost < best:
                best = cost
        return best or 0.0

    def costs(self, state, actions) -> list:
        deck = state.deck
        me = state.current_player()
        counts, sums = tally(deck, state.collections)
        if state.phase == KEEP:
            return [self.delta(deck, counts, sums, me, a[1:]) for a in actions]
        final = state.phase == FINAL
        hand, parade = state.hands[me], state.parade
        costs = []
        for action in actions:
            card = action[1]
            taken = cards_taken(deck, parade, card)
            if final:  # the other four cards go straight into the keep choice
                rest = [c for c in hand if c != card]
                costs.append(min((self.delta(deck, counts, sums, me, taken + [a, b])
                                  for i, a in enumerate(rest) for b in rest[i + 1:]), default=0.0))
            else:
                cost = self.delta(deck, counts, sums, me, taken) if taken else 0.0
                if self.lookahead:
                    stay = [c for c in parade if c not in taken] + [card]
                    rest = [c for c in hand if c != card]
                    others = len(state.seats) - 1
                    cost += self.lookahead * self.next_turn(deck, counts, sums, me, stay, rest, others)
                costs.append(cost + self.value_weight * deck.value[card])
        return costs


class HeuristicBot(Bot):
    """Normal: the cheapest action by the Evaluator (ties: first listed)."""

    level = "normal"

    def __init__(self, evaluator: Optional[Evaluator] = None):
        self.evaluator = evaluator or Evaluator()

    def choose(self, view, legal_actions, rng, budget=None):
        if len(legal_actions) == 1:
            return legal_actions[0]
        costs = self.evaluator.costs(view, legal_actions)
        return legal_actions[min(range(len(costs)), key=costs.__getitem__)]


def worths(view, legal) -> list:
    """(worth, action) by Normal's Evaluator: its costs, negated (Easy's judgement)."""
    return [(-cost, action) for cost, action in zip(Evaluator().costs(view, legal), legal)]


MAKERS = {  # level -> a function making its bot (simulate makes a bot per seat and game)
    "easy": lambda: EasyBot(worths, EASY_NOISE),
    "normal": HeuristicBot,
    "hard": lambda: MonteCarloBot(iterations=HARD_ITERATIONS, rollout=random_policy),
}


def make_bot(level: str) -> Bot:
    return level_bot(level, MAKERS)
