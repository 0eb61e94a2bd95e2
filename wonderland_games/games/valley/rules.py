"""Wonderland Valley (仙境幽谷) rules, as pure Python: the arithmetic.

The engine (turns, legal actions, decisions) is `state.py` and `resolve.py`;
what is here is the arithmetic it stands on, each piece tested on its own:

- what a count or a condition reads off a player (`count_of`, `meets`);
- whether a card may go into a city and, if not, why (`unplayable_reason`);
- every payment that plays a card after the discounts in the city
  (`payments`; empty when the player cannot afford it), and the construction
  a critter would occupy to come in free (`free_host`);
- the bonuses a play sets off (`bonus_sources`, `play_bonuses`);
- the final score with its breakdown and the tie-breaks (`breakdown`, `winners`).

Rule decisions made here (also in data/valley/DESIGN.md):
- A city holds at most `city_limit` cards and one of each unique kind.
- Discounts from every governance card in the city add up; one `any` discount
  of n may take any n resources from the card's cost (the player chooses), a
  resource discount only that resource. A cost never goes below nothing.
- A critter comes in free through a copy of its host that is not yet occupied;
  the first such copy in city order is the one occupied.
- A play bonus comes from the other governance cards already in the city, not
  from the card being played.
- `most`: at least as many as every other player (finished ones included) and
  at least one; ties all qualify.
- Ties: more resources left (all four together), then more cards in the city,
  then a shared win.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations_with_replacement
from typing import Optional, Sequence

from .cards import Cards
from .effects import ANY, RESOURCES, Bundle, Condition, Count, Discount, EndIf, EndPoints, PlayBonus

BREAKDOWN = ("cards", "conditions", "basic_events", "special_events", "tokens")
FULL, UNIQUE_HELD = "city_full", "unique_held"  # why a card cannot be played (i18n keys later)


@dataclass(frozen=True)
class Holdings:
    """What conditions and scores look at: a player's city (kind ids, in play order) and resources."""

    city: tuple
    resources: Bundle = Bundle()


def count_of(count: Count, who: Holdings, cards: Cards) -> int:
    if count.what == "cards":
        return sum(count.match.matches(cards.kinds[k]) for k in who.city)
    if count.what == "resources":
        return sum(who.resources.get(r) for r in count.resources)
    return len({cards.kinds[k].role for k in who.city})


def meets(condition: Condition, who: Holdings, others: Sequence[Holdings], cards: Cards) -> bool:
    if condition.test == "has":
        return set(condition.kinds) <= set(who.city)
    mine = count_of(condition.count, who, cards)
    if condition.test == "at_least":
        return mine >= condition.at_least
    return mine >= 1 and all(mine >= count_of(condition.count, other, cards) for other in others)


def unplayable_reason(kind_id: str, city: Sequence[str], cards: Cards, city_limit: int) -> Optional[str]:
    """Why this card cannot go into the city now (cost aside), or None."""
    if len(city) >= city_limit:
        return FULL
    if cards.kinds[kind_id].unique and kind_id in city:
        return UNIQUE_HELD
    return None


def _discounts(kind_id: str, city: Sequence[str], cards: Cards) -> tuple:
    played = cards.kinds[kind_id]
    return tuple(e for k in city for e in cards.kinds[k].effects
                 if isinstance(e, Discount) and e.cards.matches(played))


_PRICES: dict = {}  # (id of the Cards, kind, discounts) -> (that Cards, the price options)


def prices(kind_id: str, discounts: tuple, cards: Cards) -> tuple:
    """Every distinct bundle that pays for the card after these discounts, cheapest first.
    Cached: the engine asks for every card in every hand at every turn."""
    key = (id(cards), kind_id, discounts)
    found = _PRICES.get(key)
    if found is not None and found[0] is cards:
        return found[1]
    cost = dict(cards.kinds[kind_id].cost.items())
    free_any = 0
    for discount in discounts:
        if discount.resource == ANY:
            free_any += discount.amount
        elif discount.resource in cost:
            cost[discount.resource] = max(0, cost[discount.resource] - discount.amount)
    in_cost = [r for r in RESOURCES if cost.get(r)]
    options = set()
    for taken in combinations_with_replacement(in_cost, min(free_any, sum(cost.values()))):
        left = dict(cost)
        for r in taken:
            left[r] = left[r] - 1
        if min(left.values(), default=0) >= 0:
            options.add(Bundle(**left))
    ordered = tuple(sorted(options, key=lambda b: (b.total, tuple(b.get(r) for r in RESOURCES))))
    _PRICES[key] = (cards, ordered)
    return ordered


def payments(kind_id: str, city: Sequence[str], held: Bundle, cards: Cards) -> list:
    """Every distinct bundle that pays for the card after discounts and that `held` covers, cheapest first."""
    return [b for b in prices(kind_id, _discounts(kind_id, city, cards), cards)
            if b.berry <= held.berry and b.twig <= held.twig and b.resin <= held.resin and b.pebble <= held.pebble]


def free_host(kind_id: str, city: Sequence[str], occupied: frozenset, cards: Cards) -> Optional[int]:
    """The city index of the host copy a critter would occupy to come in free, or None."""
    host = cards.kinds[kind_id].host
    return next((i for i, k in enumerate(city) if k == host and i not in occupied), None)


def bonus_sources(kind_id: str, city: Sequence[str], cards: Cards) -> list:
    """(kind id in the city, effect index, its PlayBonus) for each bonus that playing this card
    into `city` (the city before it arrives) sets off, in city order."""
    played = cards.kinds[kind_id]
    return [(k, i, b) for k in city for i, b in enumerate(cards.kinds[k].effects)
            if isinstance(b, PlayBonus) and b.cards.matches(played)]


def play_bonuses(kind_id: str, city: Sequence[str], cards: Cards) -> tuple:
    """The effects set off by playing this card into `city` (the city before it arrives)."""
    return tuple(e for _, _, b in bonus_sources(kind_id, city, cards) for e in b.effects)


def condition_points(who: Holdings, others: Sequence[Holdings], cards: Cards) -> int:
    """End-game points from the prosperity cards in the city."""
    total = 0
    for kind_id in who.city:
        for effect in cards.kinds[kind_id].effects:
            if isinstance(effect, EndPoints):
                units = count_of(effect.count, who, cards) // effect.each
                total += effect.points * (units if effect.max is None else min(units, effect.max))
            elif isinstance(effect, EndIf) and meets(effect.condition, who, others, cards):
                total += effect.points
    return total


def breakdown(who: Holdings, others: Sequence[Holdings], tokens: int, basic_points: int,
              special_events: Sequence, cards: Cards) -> dict:
    """The final score by part; `special_events` are the revealed ones, scored for whoever meets them."""
    return {
        "cards": sum(cards.kinds[k].points for k in who.city),
        "conditions": condition_points(who, others, cards),
        "basic_events": basic_points,
        "special_events": sum(e.points for e in special_events if meets(e.condition, who, others, cards)),
        "tokens": tokens,
    }


def winners(scores: Sequence[int], holdings: Sequence[Holdings]) -> list:
    """Seats with the best (score, resources left, cards in the city): several means a shared win."""
    keys = [(s, h.resources.total, len(h.city)) for s, h in zip(scores, holdings)]
    best = max(keys)
    return [i for i, key in enumerate(keys) if key == best]
