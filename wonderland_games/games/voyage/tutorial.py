"""The guided first game's fixed setup: a journey arranged late in the game (docs/tutorials.md).

A whole World Voyage takes 45-60 minutes; the guided game starts from a prepared, legal
position at round 10 of 12, so the learner meets every rule in three turns and the game
reaches its real end (the round limit) and scoring. The position is data: the script's
`setup.deal` names each traveller's city, money, tokens, hand, suitcase and souvenirs, the
destinations on display, the markets and the round. Every other card lies face down in its
deck (the draw pile and the destination deck), drawn from by the seed as in any game.

The result is a normal state, checked as a loaded save is (`VoyageState._check`): each card
and cube exactly once, so a script naming a card twice fails here, not in play.
"""

from __future__ import annotations

from typing import Sequence

from ...core.game import Seat, StateFormatError
from . import rules
from .world import REGION_IDS, load_world


def tutorial_state(seats: Sequence[Seat], setup: dict) -> rules.VoyageState:
    """A new game from the script's seed, then every piece moved to where `setup.deal` puts it."""
    deal = setup.get("deal") or {}
    travellers = deal.get("travellers") or []
    if len(travellers) != len(seats):
        raise ValueError(f"the deal places {len(travellers)} travellers for {len(seats)} seats")
    region_of = load_world().region_of
    starts = [region_of[t["at"]] for t in travellers]
    state = rules.new_state(seats, int(setup.get("seed", 0)), dict(setup.get("options") or {}, starts=starts))
    state.setup_events = []
    state.round = int(deal.get("round", 1))
    state.first = state.current = int(deal.get("first", 0))
    for seat, t in enumerate(travellers):
        state.positions[seat] = t["at"]
        state.money[seat] = int(t.get("money", rules.START_MONEY))
        state.tokens[seat] = int(t.get("tokens", rules.START_TOKENS))
        state.hands[seat] = [int(c) for c in t.get("hand", [])]
        state.visited[seat] = [int(d) for d in t.get("visited", [])]
        state.souvenirs[seat] = _per_region(t.get("souvenirs"), 0)
    in_hands = {c for h in state.hands for c in h}
    state.deck = [c for c in state.cards.itinerary_ids if c not in in_hands]
    state.discard = []
    state.display = [int(d) for d in deal["display"]]
    out = set(state.display).union(*state.visited)
    state.dest_deck = [d for d in state.cards.destination_ids if d not in out]
    state.supply = _per_region(deal.get("supply"), rules.SUPPLY_START)
    for i in range(len(REGION_IDS)):
        state.stock[i] = rules.CUBES_PER_COLOUR - state.supply[i] - sum(s[i] for s in state.souvenirs)
    try:
        state._check()
    except StateFormatError as exc:
        raise ValueError(f"the tutorial's deal is not a legal position: {exc}") from None
    return state


def _per_region(counts, default: int) -> list:
    """{region: n} as a list in REGION_IDS order; regions not named get `default`."""
    counts = counts or {}
    unknown = set(counts) - set(REGION_IDS)
    if unknown:
        raise ValueError(f"unknown regions in the tutorial's deal: {sorted(unknown)}")
    return [int(counts.get(r, default)) for r in REGION_IDS]
