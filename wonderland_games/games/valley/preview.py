"""What a worker spot, a card or preparing would bring, and why one cannot be used now, before confirming.

The yield is the rules' own: the action is applied to a copy of what the acting
player may see (`bots.playable(view)`: a card drawn there is an unknown card),
so discounts, play bonuses, tolls and production count exactly, and the cards
drawn are only counted, never shown or made up. Where a choice follows (resources to
pick, a trade, a copy) the copy stops and says so. Why-nots are (key, fields)
for the table's strings. Pure Python: the rules tests may use it too.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import rules
from .bots import playable
from .effects import RESOURCES, Bundle


@dataclass(frozen=True)
class Outcome:
    resources: tuple  # change per resource, in RESOURCES order (a payment is negative)
    cards: int  # change in hand size (the card played not counted)
    points: int  # point tokens gained
    workers: int  # workers gained
    card_points: int  # the played card's own points
    choice: bool  # a decision of the acting player follows
    discount: Bundle  # what the city's discounts took off the cost
    host: str  # the construction a free critter comes in through ("" when paid)


def outcome(state, seat: int, action: tuple) -> Outcome:
    """The change `action` makes for `seat`, played out on a made-up copy of the seat's view."""
    sim = playable(state.view(seat))
    before_res, before_hand = list(sim.resources[seat]), len(sim.hands[seat])
    before_tokens, before_workers = sim.tokens[seat], sim.workers[seat]
    sim.apply(action)
    played = action[0] == "play"
    kind = state.cards.kinds[action[1]] if played else None
    choice = sim.decision() is not None and sim.current_player() == seat
    discount, host = Bundle(), ""
    if played and action[2] == "free":
        host = kind.host
    elif played:
        paid = Bundle(*action[2:])
        discount = Bundle(*(max(0, kind.cost.get(r) - paid.get(r)) for r in RESOURCES))
    return Outcome(tuple(a - b for a, b in zip(sim.resources[seat], before_res)),
                   len(sim.hands[seat]) - before_hand + (1 if played else 0),
                   sim.tokens[seat] - before_tokens, sim.workers[seat] - before_workers,
                   kind.points if played else 0, choice, discount, host)


def unplaced(state, seat: int) -> int:
    """The workers `seat` could still place this season: what preparing now gives up."""
    if not state.place_actions(seat):
        return 0
    return state.workers[seat] - len(state.placed[seat])


def turn_why_not(state, seat):
    """Why `seat` cannot act at all now, or None."""
    if state.is_over():
        return ("over", {})
    if state.current_player() != seat:
        return ("not_your_turn", {})
    if state.decision() is not None:
        return ("decide_first", {})
    return None


def spot_why_not(state, seat: int, where: tuple):
    """Why `seat` cannot place a worker at `where` (a board id, or (owner, index)), or None."""
    if ("place",) + tuple(where) in state.place_actions(seat) and turn_why_not(state, seat) is None:
        return None
    found = turn_why_not(state, seat)
    if found is not None:
        return found
    if len(state.placed[seat]) >= state.workers[seat]:
        return ("no_worker", {})
    key = where[0] if len(where) == 1 else f"{where[0]}/{where[1]}"
    for other, spots in enumerate(state.placed):
        if key in spots:
            return ("taken", {"seat": other})
    if state.opponent is not None and key in state.opponent.workers:
        return ("taken", {"seat": -1})  # the solo opponent
    if len(where) == 1:
        return ("unavailable", {})
    owner, index = where
    spot = state.spot_of(state.cities[owner][index])
    if not spot.open:
        return ("closed", {"seat": owner})
    return ("toll", {"toll": spot.toll})


def card_why_not(state, seat: int, kind_id: str):
    """Why `seat` cannot play this hand card now, or None."""
    found = turn_why_not(state, seat)
    if found is not None:
        return found
    if state.plays_of(seat, kind_id):
        return None
    reason = rules.unplayable_reason(kind_id, state.cities[seat], state.cards, state.numbers.city_limit)
    if reason is not None:
        return (reason, {})
    return ("cost", {"cost": cheapest(state, seat, kind_id)})


def cheapest(state, seat: int, kind_id: str) -> Bundle:
    """The card's cost after the discounts in the seat's city."""
    return rules.payments(kind_id, state.cities[seat], Bundle(99, 99, 99, 99), state.cards)[0]
