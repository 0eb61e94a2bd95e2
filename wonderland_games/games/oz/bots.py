"""Lost in Oz bots: Easy plays at random, Normal plans its path, Hard samples.

Normal plans the rest of its action phase exactly where the rules are
deterministic: a depth-first search with memo over (cell, direction, points,
guide / spell / Wizard-card adjust still unused, purple lines free, gems and
wizard left, hand, cards drawn). A step collects what the rules give; a gem
found is taken off the board (it goes to a random cell); a step off the board
and the teleport spell count the average worth of a step from a random cell;
a re-roll averages its six outcomes. The phase ends in a position worth:
points scored, the hand (its best three cards by kind worth, unknown draws at
the deck average), the Wizard card, and gems within reach for next round.
Pushes and draws do not depend on when they are cast, so the search only
tries them now (the root). The draft picks the die whose best plan is worth
most (for a direction die, the plan with the action die we can expect to be
left); discards drop the card of the least worth.

Hard is determinized Monte Carlo (core.bots.MonteCarloBot): each sample deals
the unseen cards and the dice afresh, plays a candidate, then plays on with a
cheap policy to the end of the round and scores the position with the same
worths. Candidates are the legal actions with equivalent ones merged (two
copies of a spell kind with the same choice, two dice of equal value), and in
an action phase only Normal's best few plans are sampled.
"""

from __future__ import annotations

from typing import Optional

from ...core.bots import Bot, MonteCarloBot, RandomBot
from .board import DELTA, DIRS, SIZE
from .rules import (
    ACTION, BOOKS, DRAFT_ACT, DRAFT_DIR, HAND_LIMIT, MAX_POINTS, MIN_POINTS, OTHER_GEM, OVER, OWN_GEM,
    ROUND_DISCARD, SETUP_DISCARD, STEP, WIZARD_VISIT,
)

# What holding one card of a kind is worth, in points (tuned by self-play with `simulate`).
KIND_WORTH = {
    ("boost", 1): 0.5, ("boost", 2): 0.8, ("boost", 3): 1.0, ("turn", None): 0.7, ("phase", None): 0.35,
    ("move_gem", None): 0.55, ("reroll", None): 0.35, ("push", None): 0.25, ("draw", 1): 0.3,
    ("draw", 2): 0.55, ("draw", 3): 0.75, ("teleport", None): 0.35, ("move_wizard", None): 0.4,
    ("sidestep", None): 0.6,
}
UNKNOWN_WORTH = 0.55  # a card not yet seen: about the deck's average
EXTRA_CARD = 0.1  # a fourth card or more: only a better choice at the hand cut
WIZARD_CARD_WORTH = 0.6  # starting player and the +-1 adjust, for a while
POSITION = 0.35  # weight of gems within reach at the end of the phase
REACH = (0.0, 1.0, 0.85, 0.7, 0.55, 0.4, 0.25, 0.15, 0.1, 0.05, 0.0, 0.0)  # by distance
PUSH_DENIAL = 0.6  # a point another player will not score is worth this much to us
CAST = 0.02  # a spell played breaks ties against us: cast only for a gain
GUIDE = 0.01
TOP_PLANS = 4  # Hard samples at most this many of Normal's best action-phase moves
HARD_ITERATIONS = 120
RIVALS = 0.5
_INSIDE = {(x, y): tuple((d, (x + DELTA[d][0], y + DELTA[d][1])) for d in DIRS
                         if 0 <= x + DELTA[d][0] < SIZE and 0 <= y + DELTA[d][1] < SIZE)
           for x in range(SIZE) for y in range(SIZE)}


def card_key(card) -> tuple:
    """Cards that play alike: their kind and the size of their effect."""
    params = card.params
    return card.kind, params.get("amount", params.get("count"))


def hand_worth(keys, drawn: int) -> float:
    """The best three cards count in full, the rest a little (the hand is cut to 3)."""
    worths = sorted([KIND_WORTH[k] for k in keys] + [UNKNOWN_WORTH] * drawn, reverse=True)
    return sum(worths[:HAND_LIMIT]) + EXTRA_CARD * sum(worths[HAND_LIMIT:])


def _distance(a, b) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


class Planner:
    """Best worth of the rest of one seat's action phase, on one view (memoised per decision)."""

    def __init__(self, view, seat: int, light: bool = False, rivals: float = 0.0):
        self.view = view
        self.seat = seat
        self.light = light  # plan without spells (cheaper)
        self.rivals = rivals  # weight of what the gems left are worth to the others
        self._threat: dict = {}
        self.moves = view.board.moves
        self.books = frozenset(view.books)
        own = view.colours[seat]
        self.gems = tuple(sorted((cell, OWN_GEM if c == own else OTHER_GEM, c) for c, cell in view.gems.items()))
        self.wizard_bonus = WIZARD_VISIT + (0.0 if view.wizard_holder == seat else WIZARD_CARD_WORTH)
        spells = view.cards.spells
        self.key_of = {card: card_key(spells[card]) for card in view.hands[seat] if card > 0}
        self.hand = tuple(sorted(self.key_of.values()))
        self.can_draw = bool(view.deck or view.discard)
        per_step = sum(v for _, v, _ in self.gems) / (SIZE * SIZE)
        self.step_worth = per_step + len(self.books) * UNKNOWN_WORTH / (SIZE * SIZE)
        self.memo: dict = {}
        self._push: Optional[dict] = None

    # -- states: (cell, dir, points, guide, cast, adjust, through, gems, wizard, hand, drawn) --
    def root(self, cell=None, d=None, points=None, fresh=False) -> tuple:
        """The seat's state now, or (fresh) at the start of a phase with this die pair."""
        v, seat = self.view, self.seat
        if fresh:
            guide, cast, adjust, through = True, True, v.wizard_holder == seat, False
        else:
            cell, d, points = v.tokens[seat], v.taken_dir[seat], v.points
            guide, cast, through = not v.guide_used[seat], not v.cast_this_phase, v.through
            adjust = seat == v.wizard_holder and not v.moved_this_phase and not v.adjusted
        wizard = v.wizard
        return (cell, d, points, guide, cast, adjust, through, self.gems, wizard, self.hand, 0)

    def end_worth(self, cell, gems, hand, drawn) -> float:
        worth = hand_worth(hand, drawn + 1)  # everyone draws one at round end
        if cell is None:
            return worth + self.step_worth * 3
        position = 0.0
        for at, value, _ in gems:
            dist = _distance(cell, at)
            if dist:
                position += value * REACH[dist] * (1.0 if cell[0] == at[0] or cell[1] == at[1] else 0.5)
        worth += POSITION * position
        if self.rivals:
            worth -= self.rivals * sum(self.threat(at, colour) for at, _, colour in gems)
        return worth

    def threat(self, cell, colour) -> float:
        """What a gem here is worth to the other seats (mean): found on the path of one still to act
        this round, or within its reach next round."""
        key = (cell, colour)
        got = self._threat.get(key)
        if got is not None:
            return got
        v = self.view
        total = 0.0
        others = [o for o in range(len(v.seats)) if o != self.seat]
        for o in others:
            value = OWN_GEM if v.colours[o] == colour else OTHER_GEM
            if o in v.order[1:] and cell in self.path(o):
                total += value
                continue
            at = v.tokens[o]
            dist = _distance(at, cell)
            if dist:
                total += POSITION * value * REACH[dist] * (1.0 if at[0] == cell[0] or at[1] == cell[1] else 0.5)
        got = self._threat[key] = total / len(others)
        return got

    def path(self, seat: int) -> list:
        """Cells a seat still to act this round walks through with its drafted die and no option."""
        v = self.view
        d, points, cell = v.taken_dir[seat], v.taken_act[seat], v.tokens[seat]
        cells = []
        while points >= MIN_POINTS:
            target, purple = self.moves[cell][d]
            points -= 2 if target is None or purple else 1
            if target is None:
                break
            cells.append(target)
            cell = target
        return cells

    def value(self, s) -> float:
        """Best worth from state s on, trying every option at every point of the phase."""
        memo = self.memo
        got = memo.get(s)
        if got is not None:
            return got
        best = self.step(s)
        cell, d, points, guide, cast, adjust, through, gems, wizard, hand, drawn = s
        if adjust:
            for delta in (1, -1):
                if MIN_POINTS <= points + delta <= MAX_POINTS:
                    w = self.value((cell, d, points + delta, guide, cast, False, through, gems, wizard, hand, drawn))
                    if w > best:
                        best = w
        if guide and points > 1:
            for nd in DIRS:
                w = self.value((cell, nd, points - 1, False, cast, adjust, through, gems, wizard, hand, drawn)) - GUIDE
                if w > best:
                    best = w
        if cast and hand and not self.light:
            for key in set(hand):
                for w in self.cast_outcomes(s, key, None):
                    if w > best:
                        best = w
        memo[s] = best
        return best

    def step(self, s) -> float:
        """Worth of taking the next step from s (then planning on)."""
        cell, d, points, guide, cast, adjust, through, gems, wizard, hand, drawn = s
        target, purple = self.moves[cell][d]
        cost = 2 if target is None or (purple and not through) else 1
        left = points - cost
        if target is None:  # off the edge, to a random cell
            if left < MIN_POINTS:
                return self.end_worth(None, gems, hand, drawn)
            return self.step_worth * left + self.end_worth(None, gems, hand, drawn)
        gained = 0.0
        stop = left < MIN_POINTS
        if stop and wizard == target:
            gained += self.wizard_bonus
            wizard = None
        if gems:
            kept = tuple(g for g in gems if g[0] != target)
            if len(kept) != len(gems):
                gained += sum(g[1] for g in gems if g[0] == target)
                gems = kept
        if target in self.books:
            drawn += 2 if stop else 1
        if stop:
            return gained + self.end_worth(target, gems, hand, drawn)
        return gained + self.value((target, d, left, guide, cast, False, through, gems, wizard, hand, drawn))

    def cast_outcomes(self, s, key, choice) -> list:
        """Worths of casting a card of `key` (every useful choice, or the one given) from s."""
        cell, d, points, guide, cast, adjust, through, gems, wizard, hand, drawn = s
        rest = list(hand)
        rest.remove(key)
        rest = tuple(rest)
        kind, size = key
        value = self.value
        at_root = choice is not None

        def then(**change) -> float:
            t = dict(cell=cell, d=d, points=points, gems=gems, wizard=wizard, drawn=drawn, through=through)
            t.update(change)
            return value((t["cell"], t["d"], t["points"], guide, False, adjust, t["through"], t["gems"],
                          t["wizard"], rest, t["drawn"])) - CAST

        if kind == "boost":
            return [then(points=min(MAX_POINTS, points + size))] if points < MAX_POINTS else []
        if kind == "turn":
            return [then(d=nd) for nd in DIRS if nd != d and (choice is None or choice == (nd,))]
        if kind == "phase":
            return [] if through else [then(through=True)]
        if kind == "reroll":
            return [sum(then(points=r) for r in range(1, 7)) / 6.0]
        if kind == "teleport":
            return [self.step_worth * points + self.end_worth(None, gems, rest, drawn) - CAST]
        if kind == "sidestep":
            out = []
            for nd, target in _INSIDE[cell]:
                if choice is not None and choice != (nd,):
                    continue
                gained, kept, more = 0.0, gems, drawn
                if any(g[0] == target for g in gems):
                    gained = sum(g[1] for g in gems if g[0] == target)
                    kept = tuple(g for g in gems if g[0] != target)
                if target in self.books:
                    more += 1
                out.append(gained + then(cell=target, gems=kept, drawn=more))
            return out
        if kind == "move_gem":
            out = []
            for i, (at, worth, colour) in enumerate(gems):
                if choice is None and _distance(at, cell) > points + 1:
                    continue
                for nd, to in _INSIDE[at]:
                    if choice is not None and choice != (colour, nd):
                        continue
                    moved = tuple(sorted(gems[:i] + ((to, worth, colour),) + gems[i + 1:]))
                    out.append(then(gems=moved))
            if choice is not None and not out:  # a gem already collected in this plan: no gain
                out.append(then())
            return out
        if kind == "move_wizard":
            if wizard is None or (choice is None and _distance(wizard, cell) > points + 1):
                return [then()] if at_root else []
            return [then(wizard=to) for nd, to in _INSIDE[wizard] if choice is None or choice == (nd,)]
        if not at_root:  # push and draw do not depend on when: tried at the root only
            return []
        if kind == "draw":
            return [then(drawn=drawn + size)] if self.can_draw else []
        if kind == "push":
            return [then() + self.push_gain(choice)]
        return [then()]

    def push_gain(self, choice) -> float:
        """Points a player still to act this round loses if pushed this way (walking straight)."""
        if self._push is None:
            self._push = {}
        if choice in self._push:
            return self._push[choice]
        v = self.view
        other, d = choice
        gain = 0.0
        if other in v.order[1:] and v.taken_dir[other] is not None:
            start = v.tokens[other]
            to = dict(_INSIDE[start])[d]
            gain = PUSH_DENIAL * (self.straight(other, start) - self.straight(other, to))
        self._push[choice] = gain
        return gain

    def straight(self, seat: int, cell) -> float:
        """Gem points a seat collects walking its drafted die without any option."""
        v = self.view
        d, points = v.taken_dir[seat], v.taken_act[seat]
        own = v.colours[seat]
        got, taken = 0.0, set()
        while points >= MIN_POINTS and cell is not None:
            target, purple = self.moves[cell][d]
            points -= 2 if target is None or purple else 1
            if target is None:
                break
            for colour, at in v.gems.items():
                if at == target and colour not in taken:
                    taken.add(colour)
                    got += OWN_GEM if colour == own else OTHER_GEM
            cell = target
        return got

    # -- the seat's choices -------------------------------------------------------------
    def action_worth(self, s, action) -> float:
        """Worth of one legal action-phase action from state s."""
        if action == STEP:
            return self.step(s)
        cell, d, points, guide, cast, adjust, through, gems, wizard, hand, drawn = s
        kind = action[0]
        if kind == "adjust":
            return self.value((cell, d, points + action[1], guide, cast, False, through, gems, wizard, hand, drawn))
        if kind == "guide":
            return self.value((cell, action[1], points - 1, False, cast, adjust, through, gems, wizard, hand,
                               drawn)) - GUIDE
        outcomes = self.cast_outcomes(s, self.key_of[action[1]], tuple(action[2:]))
        return max(outcomes) if outcomes else float("-inf")

    def phase_worths(self, legal) -> dict:
        """Worth of each distinct legal action (equivalent casts share one entry)."""
        s = self.root()
        worths: dict = {}
        for action in legal:
            key = merge_key(self.view, action)
            if key not in worths:
                worths[key] = (self.action_worth(s, action), action)
        return worths

    def die_pair_worth(self, d: str, points: int) -> float:
        return self.value(self.root(self.view.tokens[self.seat], d, points, fresh=True))


def merge_key(view, action) -> tuple:
    """Actions that play alike share a key: a spell kind and size with the same choice, equal dice."""
    kind = action[0]
    if kind == "cast":
        return ("cast", card_key(view.cards.spells[action[1]])) + tuple(action[2:])
    if kind == "take_dir":
        return ("take_dir", view.dir_dice[action[1]])
    if kind == "take_act":
        return ("take_act", view.act_dice[action[1]])
    if kind == "discard":
        return ("discard", card_key(view.cards.spells[action[1]]))
    return tuple(action)


def merged(view, legal) -> list:
    """The first legal action of each group of equivalent ones, in listed order."""
    seen, out = set(), []
    for action in legal:
        key = merge_key(view, action)
        if key not in seen:
            seen.add(key)
            out.append(action)
    return out


def act_order(view) -> list:
    """Seats in the order they will take action dice this round."""
    n = len(view.seats)
    if view.phase == DRAFT_ACT:
        return list(view.queue)
    last = view.queue[-1]
    return [(last + i) % n for i in range(n)]


def draft_worths(view, legal, planner: Optional[Planner] = None) -> list:
    """Worth of each legal draft action for the seat to choose."""
    seat = view.current_player()
    planner = planner or Planner(view, seat)
    if view.phase == DRAFT_ACT:
        d = view.taken_dir[seat]
        return [planner.die_pair_worth(d, view.act_dice[a[1]]) for a in legal]
    rank = min(act_order(view).index(seat), len(view.act_dice) - 1)
    out = []
    cache: dict = {}
    for action in legal:
        d = view.dir_dice[action[1]]
        if d not in cache:
            worths = sorted((planner.die_pair_worth(d, p) for p in view.act_dice), reverse=True)
            # others choose first: expect the rank-th best of the action dice (ties in dice kept)
            cache[d] = 0.5 * worths[rank] + 0.5 * sum(worths) / len(worths)
        out.append(cache[d])
    return out


def discard_worths(view, legal) -> list:
    spells = view.cards.spells
    return [-KIND_WORTH[card_key(spells[a[1]])] for a in legal]


class PlannerBot(Bot):
    """Normal: the action with the best planned worth (ties: the first listed)."""

    level = "normal"

    def choose(self, view, legal_actions, rng, budget=None):
        if len(legal_actions) == 1:
            return legal_actions[0]
        return best_action(view, legal_actions)


def best_action(view, legal) -> tuple:
    ranked = ranked_actions(view, legal)
    return ranked[0][1]


def ranked_actions(view, legal) -> list:
    """(worth, action) for each distinct legal action, best first (stable for ties)."""
    phase = view.phase
    if phase == ACTION:
        worths = Planner(view, view.current_player()).phase_worths(legal)
        pairs = list(worths.values())
    else:
        actions = merged(view, legal)
        if phase in (DRAFT_DIR, DRAFT_ACT):
            values = draft_worths(view, actions)
        elif phase in (SETUP_DISCARD, ROUND_DISCARD):
            values = discard_worths(view, actions)
        else:
            values = [0.0] * len(actions)
        pairs = list(zip(values, actions))
    order = sorted(range(len(pairs)), key=lambda i: (-pairs[i][0], i))
    return [pairs[i] for i in order]


class HardBot(MonteCarloBot):
    """Hard: Monte Carlo over dice and hidden cards among Normal's best few choices.

    A sample plays on to the end of the round: our own phase as Normal plans
    it, the others with a light plan (no spells), then scores the position.
    """

    level = "hard"

    def __init__(self, iterations: Optional[int] = HARD_ITERATIONS, time_limit: Optional[float] = None,
                 top: int = TOP_PLANS):
        super().__init__(iterations, time_limit)
        self.top = top
        self.me = 0

    def choose(self, view, legal_actions, rng, budget=None):
        if len(legal_actions) == 1:
            return legal_actions[0]
        ranked = ranked_actions(view, legal_actions)
        if view.phase in (SETUP_DISCARD, ROUND_DISCARD):
            return ranked[0][1]
        candidates = [a for _, a in ranked[:self.top]]
        if len(candidates) == 1:
            return candidates[0]
        self.me = view.current_player()
        return super().choose(view, candidates, rng, budget)

    def _playout(self, state, seat, rng) -> float:
        start = state.round
        while state.phase != OVER and state.round == start:
            state.apply(self.policy(state))
        return outlook(state, seat)

    def policy(self, state) -> tuple:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player()
        phase = state.phase
        if phase == ACTION:
            planner = Planner(state, seat, light=seat != self.me)
            s = planner.root()
            best, choice = None, legal[0]
            for action in legal:
                if planner.light and action[0] == "cast":
                    continue
                w = planner.action_worth(s, action)
                if best is None or w > best:
                    best, choice = w, action
            return choice
        if phase in (DRAFT_DIR, DRAFT_ACT):
            values = draft_worths(state, legal, Planner(state, seat, light=True))
        else:
            values = discard_worths(state, legal)
        return legal[max(range(len(legal)), key=lambda i: (values[i], -i))]


def standing(state, seat: int) -> float:
    """A seat's score plus what its hand, the Wizard card and its position are worth."""
    spells = state.cards.spells
    keys = [card_key(spells[c]) for c in state.hands[seat]]
    worth = state.scores[seat] + hand_worth(keys, 0)
    if state.wizard_holder == seat:
        worth += WIZARD_CARD_WORTH
    cell, own = state.tokens[seat], state.colours[seat]
    for colour, at in state.gems.items():
        dist = _distance(cell, at)
        if dist:
            value = OWN_GEM if colour == own else OTHER_GEM
            worth += POSITION * value * REACH[dist] * (1.0 if cell[0] == at[0] or cell[1] == at[1] else 0.5)
    return worth


def outlook(state, seat: int) -> float:
    """Our standing against the others' (half their mean, half the best of them); a finished game by its result."""
    if state.phase == OVER:
        margin = state.scores[seat] - max(s for i, s in enumerate(state.scores) if i != seat)
        return 100.0 * state.result().win_share(seat) + margin
    mine = standing(state, seat)
    others = [standing(state, s) for s in range(len(state.seats)) if s != seat]
    return mine - 0.5 * (sum(others) / len(others) + max(others))


def worth_table(view, seat: int, light: bool) -> dict:
    """(direction, points) -> worth of the seat's phase above a phase that scores nothing."""
    planner = Planner(view, seat, light=light)
    base = hand_worth(planner.hand, 1)
    table = {}
    for d in set(view.dir_dice):
        for p in set(view.act_dice):
            table[d, p] = planner.die_pair_worth(d, p) - base
    return table


def draft_outcome(view, first: tuple, tables: dict) -> dict:
    """Seat -> (direction, points) once the draft is over, if after `first` everyone picks greedily."""
    n = len(view.seats)
    dir_owner, act_owner = list(view.dir_owner), list(view.act_owner)
    taken_dir, taken_act = list(view.taken_dir), list(view.taken_act)
    queue = list(view.queue)
    phase = view.phase
    action = first
    while True:
        seat = queue.pop(0)
        kind, i = action
        if kind == "take_dir":
            dir_owner[i], taken_dir[seat] = seat, view.dir_dice[i]
        else:
            act_owner[i], taken_act[seat] = seat, view.act_dice[i]
        if not queue:
            if phase == DRAFT_ACT:
                break
            phase = DRAFT_ACT
            queue = [(seat + k) % n for k in range(n)]
        who = queue[0]
        table = tables[who]
        free_act = [i for i, o in enumerate(act_owner) if o is None]
        if phase == DRAFT_DIR:
            free = [i for i, o in enumerate(dir_owner) if o is None]
            rank = min(queue.index(who) if False else 0, len(free_act) - 1)
            def dir_worth(i):
                ws = sorted((table[view.dir_dice[i], view.act_dice[j]] for j in free_act), reverse=True)
                return 0.5 * ws[rank] + 0.5 * sum(ws) / len(ws)
            action = ("take_dir", max(free, key=lambda i: (dir_worth(i), -i)))
        else:
            d = taken_dir[who]
            action = ("take_act", max(free_act, key=lambda i: (table[d, view.act_dice[i]], -i)))
    return {s: (taken_dir[s], taken_act[s]) for s in range(n)}


def rival_margin(me: int, worths: dict) -> float:
    mine = worths[me]
    others = [w for s, w in worths.items() if s != me]
    return mine - 0.5 * (sum(others) / len(others) + max(others))


class DraftBot(PlannerBot):
    """Normal's plans, but a draft pick is judged by the whole draft it leads to (others greedy)."""

    level = "hard"

    def choose(self, view, legal_actions, rng, budget=None):
        if len(legal_actions) == 1:
            return legal_actions[0]
        if view.phase == ACTION:
            worths = Planner(view, view.current_player(), rivals=RIVALS).phase_worths(legal_actions)
            return max(worths.values(), key=lambda p: p[0])[1]
        if view.phase not in (DRAFT_DIR, DRAFT_ACT):
            return best_action(view, legal_actions)
        me = view.current_player()
        tables = {s: worth_table(view, s, light=s != me) for s in range(len(view.seats))}
        best, choice = None, None
        for action in merged(view, legal_actions):
            outcome = draft_outcome(view, action, tables)
            w = rival_margin(me, {s: tables[s][pair] for s, pair in outcome.items()})
            if best is None or w > best:
                best, choice = w, action
        return choice


def make_bot(level: str) -> Bot:
    if level == "easy":
        return RandomBot()
    if level == "normal":
        return PlannerBot()
    if level == "hard":
        return DraftBot()
    raise ValueError(f"unknown bot level {level!r} (easy, normal, hard)")
