"""Wonderland Valley: resolving effects through a queue of plain work items.

Everything an action sets off (a spot's effects, a card's production, a
season change, the end of the turn) is a work item in `state.queue`, resolved
front first. An item that needs the player's choice stays at the front as the
pending decision; it is put there only when at least one option exists,
otherwise it is skipped. Items are tuples of str and int, so a queue saves as
JSON and a view shows it without showing any hidden card:

- `("fx", key, i, seat)`: effect `i` of the effects tuple `key` (see
  `effect_table`) for `seat`;
- `("trade", key, i, seat, done)`: a trade of which `done` rounds are paid;
- `("mulligan", seat)`: the free redraw of the starting hand;
- `("event", seat)`: the basic event check of the season `seat` just entered;
- `("end_turn", seat)`: the turn is over; the next seat is to act.

Decisions and their actions: a `choose` takes `("take", r, ...)` (the mix, in
RESOURCES order); a trade `("discard", kind, ...)` or `("pay",)`, and
`("done",)` to stop; the Cheshire Cat `("copy", kind)`; the Looking-Glass
Door `("copy", location)`; the mulligan `("mulligan", kind, ...)` (the cards
put back, in kind order; none keeps the hand).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, combinations_with_replacement, product

from .effects import (RESOURCES, Choose, Draw, Gain, GainPer, Named, PlayBonus, Points, Produce, Spot, Trade,
                      Worker)
from .rules import Holdings, count_of, meets

DONE = ("done",)
_TABLES: dict = {}


def effect_table(valley) -> dict:
    """key -> effects tuple for every effects list in the game, nested ones included:
    `card:KIND`, `board:ID` (locations and forest cards), `season:ID`, and `KEY/i` for
    the effects inside effect i of KEY (a trade's get, a spot's effects, a bonus),
    `KEY/i/owner` for a spot's reward to its owner."""
    table = _TABLES.get(id(valley))
    if table is not None:
        return table
    table = {}

    def add(key: str, effects: tuple) -> None:
        table[key] = effects
        for i, effect in enumerate(effects):
            if isinstance(effect, Trade):
                add(f"{key}/{i}", effect.get)
            elif isinstance(effect, Spot):
                add(f"{key}/{i}", effect.effects)
                add(f"{key}/{i}/owner", effect.owner_gets)
            elif isinstance(effect, PlayBonus):
                add(f"{key}/{i}", effect.effects)

    for kind in valley.cards.kinds.values():
        add(f"card:{kind.id}", kind.effects)
    for place in (*valley.locations.values(), *valley.forest.values()):
        add(f"board:{place.id}", place.effects)
    for season in valley.seasons:
        add(f"season:{season.id}", season.effects)
    _TABLES[id(valley)] = table
    return table


def items(key: str, effects: tuple, seat: int) -> list:
    return [("fx", key, i, seat) for i in range(len(effects))]


def sub_multisets(cards: list, size=None) -> list:
    """The distinct groups of cards (kind ids, sorted) from `cards`: every size, or just `size`."""
    if size is not None:
        return sorted(set(combinations(sorted(cards), size)))
    counts = sorted(Counter(cards).items())
    groups = []
    for taken in product(*(range(n + 1) for _, n in counts)):
        groups.append(tuple(k for (k, _), t in zip(counts, taken) for _ in range(t)))
    return sorted(groups)


class Resolver:
    """Mixin for ValleyState: runs the queue and offers and applies its decisions."""

    # -- running the queue -----------------------------------------------------
    def run(self, events: list) -> None:
        """Resolve items until one waits for a decision or the queue is empty."""
        while self.queue:
            if self._step(self.queue[0], events):
                return

    def _step(self, item: tuple, events: list) -> bool:
        """Resolve the front item; True when it waits as the pending decision."""
        tag = item[0]
        if tag == "fx":
            return self._effect(item, events)
        if tag == "trade":
            if self._can_trade(item):
                return True
            self.queue.pop(0)
            if item[4] == 0:
                self._idle(item[1], item[3], "trade", events)
            return False
        if tag == "mulligan":
            return True
        self.queue.pop(0)
        if tag == "event":
            self._event_check(item[1], events)
        else:
            self._end_turn(item[1], events)
        return False

    def _effect(self, item: tuple, events: list) -> bool:
        _, key, i, seat = item
        effect = self.fx[key][i]
        kind = type(effect)
        if kind is Choose:
            return True
        if kind is Trade:
            self.queue[0] = ("trade", key, i, seat, 0)
            return self._step(self.queue[0], events)
        if kind is Named:
            if self._copy_options(effect, seat):
                return True
            self.queue.pop(0)
            self._idle(key, seat, "copy", events)
            return False
        self.queue.pop(0)
        if kind is Gain:
            self.gain(seat, effect.resources.items(), events)
        elif kind is Draw:
            self.draw(seat, effect.count, events)
        elif kind is Points:
            self.score_tokens(seat, effect.count, events)
        elif kind is GainPer:
            units = count_of(effect.count, self.holdings(seat), self.cards) // effect.each
            if effect.max is not None:
                units = min(units, effect.max)
            if units:
                if effect.resources.total:  # a points-only card (the Medal Mint) gains no resources
                    self.gain(seat, [(r, n * units) for r, n in effect.resources.items()], events)
                if effect.points:
                    self.score_tokens(seat, effect.points * units, events)
            else:
                self._idle(key, seat, "count", events)
        elif kind is Worker:
            if self.workers[seat] < self.numbers.total_workers:
                self.workers[seat] += 1
                events.append({"type": "worker", "seat": seat, "workers": self.workers[seat]})
        elif kind is Produce:
            self.queue[0:0] = self.production_items(seat)
        return False

    def _idle(self, key: str, seat: int, why: str, events: list) -> None:
        """A production card's own effect that yields nothing tells so (an "idle" event), so the log
        is not silent: `why` "count" (nothing it counts), "copy" (nothing to copy), "trade" (too little)."""
        kind_id = key[5:] if key.startswith("card:") else ""
        if kind_id in self.cards.kinds and self.cards.kinds[kind_id].role == "production":
            events.append({"type": "idle", "seat": seat, "card": kind_id, "why": why})

    def production_items(self, seat: int) -> list:
        """Every production card in the city produces, in city order."""
        out = []
        for kind_id in self.cities[seat]:
            kind = self.cards.kinds[kind_id]
            if kind.role == "production":
                out += items(f"card:{kind_id}", kind.effects, seat)
        return out

    # -- the decisions ---------------------------------------------------------
    def decision(self):
        """The pending decision (the queue's front item) or None."""
        if self.queue and self.queue[0][0] in ("fx", "trade", "mulligan"):
            return self.queue[0]
        return None

    def decision_actions(self, item: tuple) -> list:
        tag = item[0]
        if tag == "mulligan":
            return [("mulligan",) + group for group in sub_multisets(self.hands[item[1]])]
        seat = item[3]
        effect = self.fx[item[1]][item[2]]
        if tag == "trade":
            if effect.cards:
                pays = [("discard",) + g for g in sub_multisets(self.hands[seat], effect.cards)]
            else:
                pays = [("pay",)]
            return pays + [DONE]
        if type(effect) is Choose:
            return [("take",) + mix for mix in combinations_with_replacement(effect.options, effect.count)]
        return [("copy", option) for option in self._copy_options(effect, seat)]

    def _copy_options(self, effect: Named, seat: int) -> list:
        if effect.name == "copy_location":
            return list(self.valley.locations)
        kinds = self.cards.kinds
        found = []
        for kind_id in self.cities[seat]:
            kind = kinds[kind_id]
            if kind.role == "production" and kind_id not in found and not any(
                    type(e) is Named for e in kind.effects):
                found.append(kind_id)
        return found

    def _can_trade(self, item: tuple) -> bool:
        _, key, i, seat, done = item
        trade = self.fx[key][i]
        held = self.resources[seat]
        return (done < trade.times and len(self.hands[seat]) >= trade.cards
                and all(held[j] >= trade.pay.get(r) for j, r in enumerate(RESOURCES)))

    def decide(self, item: tuple, action: tuple, events: list) -> None:
        """Apply a legal decision action to the front item, then run on."""
        tag = item[0]
        if tag == "mulligan":
            self._mulligan(item[1], list(action[1:]), events)
            self.queue.pop(0)
        elif tag == "trade":
            self._trade(item, action, events)
        else:
            _, key, i, seat = item
            effect = self.fx[key][i]
            self.queue.pop(0)
            if action[0] == "take":
                self.gain(seat, list(Counter(action[1:]).items()), events)
            elif effect.name == "copy_location":
                loc = action[1]
                events.append({"type": "copy", "seat": seat, "location": loc})
                self.queue[0:0] = items(f"board:{loc}", self.valley.locations[loc].effects, seat)
            else:
                kind_id = action[1]
                events.append({"type": "copy", "seat": seat, "card": kind_id})
                self.queue[0:0] = items(f"card:{kind_id}", self.cards.kinds[kind_id].effects, seat)
        self.run(events)

    def _trade(self, item: tuple, action: tuple, events: list) -> None:
        _, key, i, seat, done = item
        self.queue.pop(0)
        if action == DONE:
            return
        trade = self.fx[key][i]
        for kind_id in action[1:]:
            self.hands[seat].remove(kind_id)
            self.discard.append(kind_id)
        paid = trade.pay.items()
        for r, n in paid:
            self.resources[seat][RESOURCES.index(r)] -= n
        events.append({"type": "trade", "seat": seat, "cards": list(action[1:]), "paid": dict(paid)})
        self.queue[0:0] = items(f"{key}/{i}", trade.get, seat) + [("trade", key, i, seat, done + 1)]

    def _mulligan(self, seat: int, back: list, events: list) -> None:
        """Put the cards back, draw as many, then the deck takes them (it is shuffled: order never matters)."""
        hand = self.hands[seat]
        for kind_id in back:
            hand.remove(kind_id)
        events.append({"type": "mulligan", "seat": seat, "count": len(back)})
        self.draw(seat, len(back), events)
        self.deck = sorted(self.deck + back)

    def queue_problem(self):
        """Why the saved queue cannot be this game's, or None: known items, and a front that waits."""
        n = len(self.seats)
        for item in self.queue:
            tag, seat = item[0], item[3] if item[0] in ("fx", "trade") else item[-1]
            shape = {"fx": 4, "trade": 5, "mulligan": 2, "event": 2, "end_turn": 2}.get(tag)
            if shape != len(item) or type(seat) is not int or not 0 <= seat < n:
                return f"unknown work item {list(item)}"
            if tag in ("fx", "trade"):
                effects = self.fx.get(item[1])
                if effects is None or type(item[2]) is not int or not 0 <= item[2] < len(effects):
                    return f"unknown effect in {list(item)}"
                if tag == "trade" and (type(effects[item[2]]) is not Trade or type(item[4]) is not int):
                    return f"not a trade: {list(item)}"
        front = self.queue[0] if self.queue else None
        if front is not None:
            waits = front[0] == "mulligan" or (front[0] == "trade" and self._can_trade(front)) or (
                front[0] == "fx" and type(self.fx[front[1]][front[2]]) in (Choose, Named)
                and bool(self.decision_actions(front)))
            if not waits:
                return f"the first work item {list(front)} is no decision"
        return None

    # -- basic events ----------------------------------------------------------
    def _event_check(self, seat: int, events: list) -> None:
        season = self.valley.seasons[self.season[seat]].id
        event = next(e for e in self.valley.basic_events.values() if e.season == season)
        others = [self.holdings(s) for s in range(len(self.seats)) if s != seat]
        if meets(event.condition, self.holdings(seat), others, self.cards):
            self.claimed[seat].append(event.id)
            events.append({"type": "event", "seat": seat, "event": event.id, "points": event.points})

    def holdings(self, seat: int) -> Holdings:
        return Holdings(tuple(self.cities[seat]), self.bundle(seat))
