"""Wonderland Valley bots: Easy is Normal with noise, Normal looks one action ahead, Hard samples.

Normal tries every legal action on a copy of its view (hidden cards stay
hidden: a card drawn there is an unknown card) and judges the position it
leads to, in points: the score the city would have now, plus what the rest
of the game can still make of what the seat holds. Resources and hand cards
are worth most early and nothing once the game is over for the seat (a
resource a hand card needs is worth more); a production card is worth its
output once per spring and autumn still to come, a destination, a governance
card and a worker not yet placed by the seasons left to use them, and the
workers of the seasons ahead count too. So Normal builds production early,
plays points late and prepares for the season when its workers are placed
and nothing it can play gains. A choice left waiting after the action (the
resources a card gives) counts at its best option.

Hard is determinized Monte Carlo over the hidden hands and the deck: it
keeps Normal's best few actions and, for each sample, plays each of them and
then HARD_TURNS turns with Normal in every seat, and compares the position
(Normal's worth, ours against the best other seat). `iterations` counts
samples; with a time limit too, whichever ends first.

Easy samples Normal's worths through a softmax (core.bots.EasyBot,
EASY_NOISE points): a fair player who now and then takes a weaker spot or play.

The worths were set by hand, then tuned by Normal against Normal with one
group changed (200 two-player games each): resources worth 0.65 then 0.8 a
unit early won 67% and 64% against the step before; a spare resource at a
quarter, hand cards at about half a resource, a worker at 0.8 each won 56-60%.
Measured (2 players, seats rotating, 1000 games, `simulate valley ... --seed 7
--processes 2`) on the cards as balanced on 1 December: Normal beats Easy in 76.6%
(scores 35.5 to 29.8) and Random in 97.2%; Hard beats Normal in 69.9% of 400 games
(scores 40.0 to 35.2) at ~0.18 s a decision (p99 0.52 s). Before that balance:
Easy beat Random in 91.1%; Normal took ~2.5 ms a decision (p99 18 ms on a busy
machine); Hard with four players ~0.26 s (p99 0.95 s, the 1 s limit).

Trials and playouts `advance` (no second legality check, a fifth of Normal's time): the
Suggest button's second (ui/hint.py: Normal plays every seat to the end, 4 options) got
5.5 playouts per option on average before and 6.7 after, over 2-4 players at the start and
ten moves in, on a shared 2-core machine (3-4 with four players, 6-13 with two). What limits
it is the playout itself: ~60 Normal decisions to the end, each trying every legal action.
"""

from __future__ import annotations

from typing import Optional

from ...core.bots import Bot, EasyBot, best_by_samples, level_bot, thinking_limits
from .effects import RESOURCES, Choose, Draw, Gain, GainPer, Named, Points, Trade
from .rules import count_of
from .state import FINAL, UNKNOWN

# Worths in points, by the season a seat is in (winter, spring, summer, autumn, the end).
RESOURCE = (0.8, 0.75, 0.65, 0.5, 0.0)  # one resource, before its scarcity
SCARCITY = {"berry": 1.0, "twig": 1.0, "resin": 1.25, "pebble": 1.5}
SPARE = 0.25  # share of its worth for a resource beyond what the hand's cards cost together
CARD = (0.35, 0.35, 0.3, 0.15, 0.0)  # one hand card (an unknown one)
CARD_POINT = 0.08  # a known hand card: more per base point above the average
HAND_SOFT = 6  # hand cards beyond this count half
WORKER = 0.8  # a worker still to place this season or in one to come
PRODUCTIONS_LEFT = (2, 1, 1, 0, 0)  # productions still to come after this season's
SPOT = 0.6  # an own destination, per season left
GOVERNANCE = 0.6  # a governance card, per season left
TRADE_WORTH = 0.2  # a trade effect's option
COPY_WORTH = 0.8  # the Cheshire Cat or the Looking-Glass Door's choice
EASY_NOISE = 0.6  # Easy: softmax temperature over Normal's worths (points)
HARD_SAMPLES = 8  # Hard: hidden-card samples per decision
HARD_CANDIDATES = 4  # Hard: Normal's best actions compared
HARD_TURNS = 6  # Hard: turns played out with Normal after the candidate
HARD_CLEAR = 2.0  # Hard: no sampling when Normal's best leads the next by this many points


class Judge:
    """Worth of positions for one seat (built per decision)."""

    def __init__(self, state, seat: int):
        self.seat = seat
        self.cards = state.cards
        self.seasons = state.valley.seasons

    def position(self, state) -> float:
        seat = self.seat
        score = sum(state.breakdown(seat).values())
        if state.finished[seat] or state.over:
            return score
        season = state.season[seat]
        worth = {r: RESOURCE[season] * SCARCITY[r] for r in RESOURCES}
        held = state.resources[seat]
        hand = state.hands[seat]
        kinds = self.cards.kinds
        need = dict.fromkeys(RESOURCES, 0)
        for k in hand:
            if k != UNKNOWN:
                for r, n in kinds[k].cost.items():
                    need[r] += n
        total = score
        for j, r in enumerate(RESOURCES):
            useful = min(held[j], need[r])
            total += worth[r] * (useful + SPARE * (held[j] - useful))
        cards = sorted((self.card_worth(k, season) for k in hand), reverse=True)
        total += sum(cards[:HAND_SOFT]) + 0.5 * sum(cards[HAND_SOFT:])
        seasons_left = FINAL - season
        total += WORKER * (state.workers[seat] - len(state.placed[seat]) + self.placements_ahead(state))
        productions = PRODUCTIONS_LEFT[season]
        for k in state.cities[seat]:
            kind = kinds[k]
            if kind.role == "production" and productions:
                total += productions * self.effects_worth(state, kind.effects, worth, season)
            elif kind.role == "destination":
                total += SPOT * seasons_left
            elif kind.role == "governance":
                total += GOVERNANCE * seasons_left
        return total + self.pending(state, worth, season)

    def placements_ahead(self, state) -> int:
        """Workers the seasons still to come will give to place (each season recalls them all)."""
        workers, ahead = state.workers[self.seat], 0
        for season in self.seasons[state.season[self.seat] + 1:FINAL]:
            workers += season.workers
            ahead += workers
        return ahead

    def card_worth(self, kind_id: str, season: int) -> float:
        if kind_id == UNKNOWN:
            return CARD[season]
        return CARD[season] * (1 + CARD_POINT * (self.cards.kinds[kind_id].points - 1.5))

    def effects_worth(self, state, effects: tuple, worth: dict, season: int) -> float:
        total = 0.0
        for e in effects:
            kind = type(e)
            if kind is Gain:
                total += sum(worth[r] * n for r, n in e.resources.items())
            elif kind is Choose:
                total += e.count * max(worth[r] for r in e.options)
            elif kind is Draw:
                total += e.count * CARD[season]
            elif kind is Points:
                total += e.count
            elif kind is GainPer:
                units = count_of(e.count, state.holdings(self.seat), self.cards) // e.each
                units = units if e.max is None else min(units, e.max)
                total += units * (e.points + sum(worth[r] * n for r, n in e.resources.items()))
            elif kind is Trade:
                total += TRADE_WORTH
            elif kind is Named:
                total += COPY_WORTH
        return total

    def pending(self, state, worth: dict, season: int) -> float:
        """A choice of ours left waiting after the action counts at its best option."""
        item = state.decision()
        if item is None or item[0] != "fx" or item[3] != self.seat:
            return 0.0
        return self.effects_worth(state, (state.fx[item[1]][item[2]],), worth, season)


def playable(view):
    """A copy of the view that actions can be tried on: hidden cards stay hidden (a draw gives an
    unknown card) and the fixed generator makes the trial the same every time."""
    trial = view.clone()
    trial.viewer = None
    trial.rng = 0
    trial.tape = None
    return trial


def ranked(view, legal) -> list:
    """(worth, action) for every legal action, best first (ties: the first listed)."""
    seat = view.current_player()
    judge = Judge(view, seat)
    base = playable(view)
    worths = []
    for action in legal:
        trial = base.clone()
        trial.advance(action)
        worths.append(judge.position(trial))
    order = sorted(range(len(legal)), key=lambda i: (-worths[i], i))
    return [(worths[i], legal[i]) for i in order]


def best_action(view, legal):
    if len(legal) == 1:
        return legal[0]
    return ranked(view, legal)[0][1]


class PlannerBot(Bot):
    """Normal: the action whose position is worth most (see the module docstring)."""

    level = "normal"

    def choose(self, view, legal_actions, rng, budget=None):
        return best_action(view, legal_actions)


def margin(state, me: int) -> float:
    """Our worth against the best other seat's, each judged by Normal (solo: against the
    opponent's total so far)."""
    worths = [Judge(state, s).position(state) for s in range(len(state.seats))]
    if state.opponent is not None:
        return worths[me] - state.opponent_score()
    return worths[me] - max(w for s, w in enumerate(worths) if s != me)


class HardBot(Bot):
    """Hard: Normal's best few actions compared by determinized playouts (module docstring)."""

    level = "hard"

    def __init__(self, iterations: Optional[int] = HARD_SAMPLES, time_limit: Optional[float] = 1.0,
                 candidates: int = HARD_CANDIDATES, turns: int = HARD_TURNS):
        self.iterations = iterations
        self.time_limit = time_limit
        self.candidates = candidates
        self.turns = turns

    def choose(self, view, legal_actions, rng, budget=None):
        if len(legal_actions) == 1:
            return legal_actions[0]
        ranking = ranked(view, legal_actions)
        if ranking[0][0] - ranking[1][0] > HARD_CLEAR:
            return ranking[0][1]
        candidates = [a for _, a in ranking[:self.candidates]]
        iterations, deadline = thinking_limits(self.iterations, self.time_limit, budget)
        me = view.current_player()
        return best_by_samples(view, candidates, rng, iterations, deadline,
                               lambda state: self._playout(state, me))

    def _playout(self, state, me: int) -> float:
        stop = state.turns + self.turns
        while not state.is_over() and state.turns < stop:
            state.advance(best_action(state, state.legal_actions()))
        return margin(state, me)


def make_bot(level: str) -> Bot:
    return level_bot(level, {
        "easy": lambda: EasyBot(ranked, EASY_NOISE),
        "normal": PlannerBot,
        "hard": HardBot,
    })
