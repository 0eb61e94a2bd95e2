"""The guided first game's fixed setup (docs/tutorials.md): a real game of Wonderland Valley
from its start, with the deal arranged so that every rule comes up in a short game.

The script's `setup.deal` (data/valley/tutorial.yaml) names who goes first, the forest
cards and special events turned up, and each seat's starting hand. Everything else is
the engine's own setup from the script's seed: the rest of the deck (draws come from it
at random, so the seed fixes which cards turn up later), the starting berries by turn
order. Both players have kept their hands: the free change of cards is told, not played,
as a change would undo the arranged hand.
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from ...core.game import Seat
from .state import ValleyState


def tutorial_state(seats: Sequence[Seat], setup: dict) -> ValleyState:
    """A normal state whose deal is the one `setup["deal"]` names (ValueError if it cannot be)."""
    state = ValleyState.new(seats, setup["seed"], setup.get("options") or None)
    deal = setup.get("deal") or {}
    valley, n = state.valley, len(seats)
    first = deal.get("first", 0)
    if type(first) is not int or not 0 <= first < n:
        raise ValueError(f"deal.first must be a seat, got {first!r}")
    forest = list(deal.get("forest", state.forest))
    specials = list(deal.get("specials", state.specials))
    if len(forest) != state.numbers.forest_revealed[n] or not set(forest) <= set(valley.forest) \
            or len(set(forest)) != len(forest):
        raise ValueError(f"deal.forest must name {state.numbers.forest_revealed[n]} different forest cards")
    if len(specials) != state.numbers.special_events_revealed or len(set(specials)) != len(specials) \
            or not set(specials) <= set(valley.special_events):
        raise ValueError(f"deal.specials must name {state.numbers.special_events_revealed} different special events")
    hands = [list(h) for h in deal.get("hands", state.hands)]
    if len(hands) != n or any(len(h) != state.starting_hand for h in hands):
        raise ValueError(f"deal.hands must give each of the {n} seats {state.starting_hand} cards")
    pool = Counter(state.cards.deck())
    pool.subtract(c for h in hands for c in h)
    if any(k not in state.cards.kinds for h in hands for k in h) or min(pool.values()) < 0:
        raise ValueError("deal.hands name an unknown card or more copies than the deck holds")
    state.first = state.current = first
    state.forest, state.specials, state.hands = forest, specials, hands
    state.deck = sorted(pool.elements())
    state.resources = [[0] * len(r) for r in state.resources]
    for seat, berries in zip(state.turn_order(), state.numbers.starting_berries[n]):
        state.resources[seat][0] = berries
    state.queue = []  # both kept their hands
    return state
