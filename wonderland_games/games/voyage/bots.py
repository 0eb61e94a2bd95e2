"""World Voyage bots: Easy is Normal with noise, Normal plans routes, Hard samples.

Normal judges every legal action by the position it leads to: what is scored
already (destinations, colour sets, souvenir sets, money, tokens, with a
little for sets half done), what the hand is worth, and the best plan left -
for each displayed destination, its points + colour-set progress + reward,
paid with the cheapest card of its colour or with money (crowding fee
included), less ACTION per action still needed to get there (the fewest hand
cards that cover the map's shortest path; a direct flight of its colour is
one move), and discounted by the chance another traveller takes it first
when it cannot be finished this turn. Moving a card closer gains an action
and costs the card; ending early keeps what is left. Frequent-flyer tokens
are spent only when the extra action finishes a visit this turn, souvenirs
are bought toward a set (in the last round only to complete one: single cubes
score nothing), cards when the hand runs short, and a
discard drops the card whose loss costs least. Moves are tried only to
displayed destinations' cities and to the city nearest each of them, which
keeps a decision near a millisecond.

Hard is determinized Monte Carlo over the hidden cards (other hands, both
decks): unless Normal's best action is clearly ahead (HARD_CLEAR), it keeps
Normal's best few, and for each sample plays each of them, then the rest of
the round and the next one with Normal in every seat, and compares the
position (score plus Normal's worth of hand, money, plans and sets begun;
ours against the best other seat). `iterations` counts samples; with a time limit too,
whichever ends first (checked between playouts; a sample cut short is dropped).

Easy samples Normal's worths through a softmax (core.bots.EasyBot,
EASY_NOISE points): a good traveller who now and then takes the weaker
route, visit or purchase.

Measured (2 players, seats rotating, `simulate voyage ... --seed 7`), rules
edition 3: Normal beats Easy in 84.2% of 1000 games (scores 31.8 to 24.1; by
edition 2 76.5%, 24.5 to 18.8) and Easy beats Random in 100% of 400. Hard
against Normal, on a machine loaded 8-28 times over (so its 1 s limit often
cut its samples short): 68% of 103 games on seed 7, 55% of 42 on seeds 22 and
2024; with the limit off (its 12 samples, as on an idle machine) and sets
begun counted, the first games of each seed's 400: 71.8% of 110 on seed 22,
75.2% of 109 on 2024, 68.8% of 48 on 7 (72.7% of all 267). By edition 2 Hard won 74.5% of 200 at ~0.1 s a
decision (p99 0.28 s); Normal decides in ~1 ms.
"""

from __future__ import annotations

from typing import Optional

from ...core.bots import Bot, EasyBot, best_by_samples, level_bot, thinking_limits
from .cards import EXPRESS, FLY
from .rules import (
    BUY_CARDS, BUY_MONEY, BUY_PRICE, BUY_TOKEN, COLLECT, CROWDING_FEE, DISCARD, END, FLYER,
    MONEY_PER_POINT, REGION_INDEX, ROUND_LIMIT, SOUVENIR_PRICE, SOUVENIR_SET, SOUVENIR_SET_POINTS, TOKEN_CARDS,
    TURN, VISIT_PRICE, colour_set_points,
)

# Worths in points: set by hand, then tuned by Normal against Normal with one weight changed
# (200-300 two-player games each). Cards and money run out long before actions do, so an
# action is cheap: with ACTION 1.4 the plans won 33% against ACTION 0.4.
ACTION = 0.4  # what one action is worth: actions are cheap, cards and money are what runs out
MONEY = 0.45  # per coin while money can still buy visits and cards (1/3 point at the end)
TOKEN = 1.1  # an unused token: 1 point at the end, or a card or an action now
CARD_BASE, CARD_STEP = 0.45, 0.1  # a plain card: base + per step
# per coin of a card's fare: below zero, so short hops are played (and their fare taken) first;
# Normal with -0.3 beat Normal without in 57% of 400 games, +0.15 to +0.45 lost 64-82%
FARE = -0.3
SPECIAL_CARD = 0.9  # a direct flight or an express
SHOWN_COLOUR = 0.25  # extra for a card that could pay for a displayed destination
DRAWN_CARD = 0.75  # a card not seen yet (a buy, a card reward)
DRAWN_STEPS = 2.5  # its mean steps
SPARE_CARD = 0.35  # cards beyond the fifth count this share of their worth
MISSING_CARD = 1.2  # a plan longer than the hand: each further card to be bought
SET_PARTIAL = (0.0, 1.0, 2.6)  # a colour set one or two destinations short, by count % 3
SOUVENIR_PARTIAL = (0.0, 0.5, 1.6)  # souvenirs of one colour, by count % 3
NEAR, NEAR_TAKE, FAR_TAKE = 2, 0.3, 0.08  # chance another seat takes a destination per turn, by distance
IDLE_MOVE = 0.001  # a move that gains nothing is not made (cards are worth 0 in the last round)
SECOND_PLAN = 0.25  # weight of the second-best plan (a fallback if the best is taken)
EASY_NOISE = 0.5  # Easy: softmax temperature over Normal's worths (points); see the docstring
HARD_SAMPLES = 12  # Hard: hidden-card samples per decision
HARD_CANDIDATES = 4  # Hard: Normal's best actions that Hard compares
HARD_ROUNDS = 1  # Hard: rounds played out after the current one
HARD_CLEAR = 1.5  # Hard: no sampling when Normal's best beats the next by this many points


class Evaluator:
    """Worth of positions for the seat to act in one view (built per decision)."""

    def __init__(self, view, seat: int):
        self.view = view
        self.seat = seat
        cards = view.cards
        self.its = cards.itineraries
        self.dests = cards.destinations
        self.dist = view.world.dist
        self.final = view.round >= ROUND_LIMIT or not view.dest_deck
        self.money_worth = 1.0 / MONEY_PER_POINT if self.final else MONEY
        self.action = 0.0 if self.final else ACTION  # actions left at the end are worth nothing
        n = len(view.seats)
        counts: dict = {}
        for d in view.visited[seat]:
            colour = self.dests[d].colour
            counts[colour] = counts.get(colour, 0) + 1
        self.colour_counts = counts
        self.shown = {self.dests[d].colour for d in view.display}
        others = [view.positions[s] for s in range(n) if s != seat]
        self.targets = [self._target(d, others) for d in view.display]
        hand = [c for c in view.hands[seat] if c > 0] + [0]
        self.worth_of = {c: self.card_worth(c) for c in hand}  # per decision: looked up often
        self.steps = {c: self.steps_of(c) for c in hand}

    def _target(self, d: int, others: list) -> tuple:
        """(id, city, colour, gain, fee, survival per turn waited)."""
        dest = self.dests[d]
        gain = dest.points + self.set_gain(dest.colour, 1)
        reward = dest.reward
        if reward is not None:
            if reward.kind == "money":
                gain += reward.amount * self.money_worth
            elif reward.kind == "card":
                gain += 0.0 if self.final else reward.amount * DRAWN_CARD
            else:
                region = REGION_INDEX[dest.region]
                if self.view.stock[region]:
                    have = self.view.souvenirs[self.seat][region]
                    gain += self.souvenir_worth(have + reward.amount) - self.souvenir_worth(have)
        region_of = self.view.world.region_of
        fee = CROWDING_FEE if any(region_of[p] == dest.region for p in others) else 0
        survival = 1.0
        for p in others:
            survival *= 1.0 - (NEAR_TAKE if self.dist[p][dest.city] <= NEAR else FAR_TAKE)
        return d, dest.city, dest.colour, gain, fee, survival

    def set_gain(self, colour: str, more: int) -> float:
        have = self.colour_counts.get(colour, 0)
        return self.set_worth(have + more) - self.set_worth(have)

    def set_worth(self, count: int) -> float:
        partial = 0.0 if self.final else SET_PARTIAL[count % 3]
        return colour_set_points(count) + partial

    def sets_begun(self) -> float:
        """Normal's worth of the colour sets and souvenir sets one or two short (nothing at the end)."""
        if self.final:
            return 0.0
        colours = sum(SET_PARTIAL[c % 3] for c in self.colour_counts.values())
        return colours + sum(SOUVENIR_PARTIAL[c % SOUVENIR_SET] for c in self.view.souvenirs[self.seat])

    def souvenir_worth(self, count: int) -> float:
        """Full sets, and a little for a set begun - nothing in the last round, when only sets score."""
        partial = 0.0 if self.final else SOUVENIR_PARTIAL[count % SOUVENIR_SET]
        return (count // SOUVENIR_SET) * SOUVENIR_SET_POINTS + partial

    # -- the hand --------------------------------------------------------------
    def card_worth(self, card: int) -> float:
        if self.final:
            return 0.0
        if card <= 0:
            return DRAWN_CARD
        it = self.its[card]
        worth = SPECIAL_CARD if it.kind != "plain" else CARD_BASE + CARD_STEP * it.steps + FARE * it.money
        return worth + (SHOWN_COLOUR if it.colour in self.shown else 0.0)

    def hand_worth(self, hand) -> float:
        worths = sorted((self.worth_of[c] for c in hand), reverse=True)
        return sum(worths[:5]) + SPARE_CARD * sum(worths[5:])

    def steps_of(self, card: int) -> float:
        if card <= 0:
            return DRAWN_STEPS
        it = self.its[card]
        return it.steps + it.bonus if it.kind == EXPRESS else it.steps

    def moves_needed(self, dist: int, hand, colour: str, bonus: int) -> tuple:
        """(moves, cards still to buy, worth of the hand cards used) to cover `dist` route steps."""
        if dist == 0:
            return 0, 0, 0.0
        its, worth, steps_of = self.its, self.worth_of, self.steps
        steps = []
        single = None
        for c in hand:
            if c > 0 and its[c].kind == FLY:
                if its[c].colour != colour:
                    continue
                s = dist
            else:
                s = steps_of[c]
                steps.append((s, c))
            if s + bonus >= dist and (single is None or worth[c] < single):
                single = worth[c]
        if single is not None:
            return 1, 0, single
        steps.sort(reverse=True)
        covered, used = bonus, 0.0
        for k, (s, c) in enumerate(steps, 1):
            covered += s
            used += worth[c]
            if covered >= dist:
                return k, 0, used
        missing = int(-(-(dist - covered) // DRAWN_STEPS))
        return len(steps) + missing, missing, used

    # -- plans -----------------------------------------------------------------
    def plan_worth(self, target, pos: str, hand, money: int, left: int, bonus: int) -> Optional[float]:
        """Net worth of going to `target` and visiting it, or None when it cannot be paid for."""
        _, city, colour, gain, fee, survival = target
        dist = self.dist[pos][city]
        best = None
        if money >= VISIT_PRICE + fee:
            moves, missing, used = self.moves_needed(dist, hand, colour, bonus)
            best = (moves, missing, used + (VISIT_PRICE + fee) * self.money_worth)
        if money >= fee:
            payers = [c for c in hand if c > 0 and self.its[c].colour == colour]
            if payers:
                card = min(payers, key=self.worth_of.__getitem__)
                rest = list(hand)
                rest.remove(card)
                moves, missing, used = self.moves_needed(dist, rest, colour, bonus)
                cost = used + fee * self.money_worth + self.worth_of[card]
                if best is None or moves * self.action + cost < best[0] * self.action + best[2]:
                    best = (moves, missing, cost)
        if best is None:
            return None
        moves, missing, cost = best
        needed = moves + 1
        if needed > left:
            if self.final:
                return None
            gain *= survival ** -(-(needed - left) // 2)
        return gain - cost - self.action * needed - MISSING_CARD * missing

    def potential(self, pos: str, hand, money: int, left: int, bonus: int, skip: int = 0) -> float:
        first = second = 0.0
        for target in self.targets:
            if target[0] == skip:
                continue
            worth = self.plan_worth(target, pos, hand, money, left, bonus)
            if worth is not None and worth > second:
                first, second = (worth, first) if worth > first else (first, worth)
        return first + SECOND_PLAN * second

    def finishes(self, pos: str, hand, money: int, left: int, bonus: int) -> bool:
        """Whether some displayed destination can be reached and visited with `left` actions."""
        for target in self.targets:
            _, city, colour, _, fee, _ = target
            if self.plan_worth(target, pos, hand, money, left, bonus) is None:
                continue
            moves, missing, _ = self.moves_needed(self.dist[pos][city], hand, colour, bonus)
            if not missing and moves + 1 <= left:
                return True
        return False

    # -- positions -------------------------------------------------------------
    def base(self, hand, money: int, tokens: int) -> float:
        money_part = money // MONEY_PER_POINT if self.final else money * MONEY
        return self.hand_worth(hand) + money_part + tokens * (1.0 if self.final else TOKEN)

    def worth(self, hand, money: int, tokens: int, pos: str, left: int, bonus: int, skip: int = 0) -> float:
        return self.base(hand, money, tokens) + self.potential(pos, hand, money, left, bonus, skip)

    def action_worths(self, legal) -> list:
        """(worth, action) for the candidates among `legal` (duplicates and far moves left out)."""
        v, seat = self.view, self.seat
        hand, money, tokens = v.hands[seat], v.money[seat], v.tokens[seat]
        pos, bonus = v.positions[seat], v.bonus
        left = v.actions_left if not v.flyer_pending else v.actions_left + 1
        after = left - 1
        # a flyer's Move or Visit spends its token (by the first rules it was spent already); End keeps it
        acted = tokens - 1 if v.flyer_pending and v.edition >= 2 else tokens
        out = []
        wanted = self.wanted_cities(pos)
        seen = set()
        for action in legal:
            kind = action[0]
            if kind == "move":
                card, city = action[1], action[2]
                it = self.its[card]
                key = (it.kind, it.steps, it.colour, city)
                if city not in wanted or key in seen:
                    continue
                seen.add(key)
                rest = list(hand)
                rest.remove(card)
                worth = self.worth(rest, money, acted, city, after, it.bonus) - IDLE_MOVE
            elif kind == "visit":
                worth = self.visit_worth(action, hand, money, acted, pos, after)
            elif action == END:
                worth = self.worth(hand, money, tokens, pos, 0, 0)
            elif action == COLLECT:
                region = REGION_INDEX[v.world.region_of[pos]]
                have = v.souvenirs[seat][region]
                worth = (self.worth(hand, money - SOUVENIR_PRICE, tokens, pos, after, bonus)
                         + self.souvenir_worth(have + 1) - self.souvenir_worth(have))
            elif action == BUY_MONEY:
                if self.final:
                    continue
                worth = self.worth(list(hand) + [0] * BUY_CARDS, money - BUY_PRICE, tokens, pos, after, bonus)
            elif action == BUY_TOKEN:
                if self.final:
                    continue
                worth = self.worth(list(hand) + [0] * TOKEN_CARDS, money, tokens - 1, pos, after, bonus)
            elif action == FLYER:
                if self.finishes(pos, hand, money, left, bonus) or not self.finishes(pos, hand, money, left + 1, bonus):
                    continue
                worth = self.worth(hand, money, tokens - 1, pos, left + 1, bonus) + self.action
            else:
                continue
            out.append((worth, action))
        return out

    def wanted_cities(self, pos: str) -> set:
        """Cities of displayed destinations, and for each the reachable city nearest to it."""
        v = self.view
        dist = self.dist
        cities = {t[1] for t in self.targets}
        steps = set()
        for c in v.hands[self.seat]:
            it = self.its[c]
            if it.kind != FLY:
                steps.add(it.steps + v.bonus)
        for s in steps:
            reach = v.world.reachable(pos, s)
            if not reach:
                continue
            for t in self.targets:
                row = dist[t[1]]
                cities.add(min(reach, key=row.__getitem__))
        return cities

    def visit_worth(self, action, hand, money, tokens, pos, after) -> float:
        d = action[1]
        target = next(t for t in self.targets if t[0] == d)
        _, _, colour, gain, fee, _ = target
        paid = fee
        rest = hand
        if action[2] == "card":
            rest = list(hand)
            rest.remove(action[3])
        else:
            paid += VISIT_PRICE
        reward = self.dests[d].reward
        if reward is not None and reward.kind == "money":
            paid -= reward.amount
            gain -= reward.amount * self.money_worth  # counted in the money below
        return gain + self.worth(rest, money - paid, tokens, pos, after, self.view.bonus, skip=d)

    def discard_worths(self, legal) -> list:
        v, seat = self.view, self.seat
        hand = v.hands[seat]
        out = []
        for action in legal:
            rest = list(hand)
            rest.remove(action[1])
            out.append((self.worth(rest, v.money[seat], v.tokens[seat], v.positions[seat], 0, 0), action))
        return out


def ranked(view, legal) -> list:
    """(worth, action), best first (ties: the first listed)."""
    ev = Evaluator(view, view.current_player())
    worths = ev.discard_worths(legal) if view.phase == DISCARD else ev.action_worths(legal)
    if not worths:
        return [(0.0, legal[0])]
    order = sorted(range(len(worths)), key=lambda i: (-worths[i][0], i))
    return [worths[i] for i in order]


def best_action(view, legal):
    if len(legal) == 1:
        return legal[0]
    return ranked(view, legal)[0][1]


def greedy_policy(state, rng):
    """Normal's choice on a full state (Hard's rollouts)."""
    return best_action(state, state.legal_actions())


class PlannerBot(Bot):
    """Normal: the action whose position is worth most (see the module docstring)."""

    level = "normal"

    def choose(self, view, legal_actions, rng, budget=None):
        return best_action(view, legal_actions)


def position_worth(state, seat: int) -> float:
    """Score so far plus Normal's worth of what the seat holds and plans (its next turn), sets begun
    included: with two-cube rewards, cubes short of a set are often half of one."""
    ev = Evaluator(state, seat)
    left = 0 if state.current != seat else state.actions_left
    return (sum(state.breakdown(seat).values()) - state.money[seat] // MONEY_PER_POINT - state.tokens[seat]
            + ev.worth(state.hands[seat], state.money[seat], state.tokens[seat], state.positions[seat], left,
                       state.bonus if state.current == seat else 0) + ev.sets_begun())


class HardBot(Bot):
    """Hard: Normal's best few actions compared by determinized playouts (module docstring)."""

    level = "hard"

    def __init__(self, iterations: Optional[int] = HARD_SAMPLES, time_limit: Optional[float] = 1.0,
                 candidates: int = HARD_CANDIDATES, rounds: int = HARD_ROUNDS):
        self.iterations = iterations
        self.time_limit = time_limit
        self.candidates = candidates
        self.rounds = rounds

    def choose(self, view, legal_actions, rng, budget=None):
        if len(legal_actions) == 1 or view.phase != TURN:
            return best_action(view, legal_actions)
        ranking = ranked(view, legal_actions)
        if len(ranking) == 1 or ranking[0][0] - ranking[1][0] > HARD_CLEAR:
            return ranking[0][1]
        candidates = [a for _, a in ranking[:self.candidates]]
        iterations, deadline = thinking_limits(self.iterations, self.time_limit, budget)
        me = view.current_player()
        return best_by_samples(view, candidates, rng, iterations, deadline,
                               lambda state: self._playout(state, me, rng))

    def _playout(self, state, me: int, rng) -> float:
        stop = state.round + self.rounds
        while not state.is_over() and state.round <= stop:
            state.apply(greedy_policy(state, rng))
        if state.is_over():
            worths = state.scores()
        else:
            worths = [position_worth(state, s) for s in range(len(state.seats))]
        return worths[me] - max(w for s, w in enumerate(worths) if s != me)


def make_bot(level: str) -> Bot:
    return level_bot(level, {
        "easy": lambda: EasyBot(ranked, EASY_NOISE),
        "normal": PlannerBot,
        "hard": HardBot,
    })
