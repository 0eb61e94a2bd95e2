"""The guided first game's deal (data/parade/tutorial.yaml, `setup.deal`).

The script names the cards it needs where it needs them: each hand, the parade (head first)
and the first cards drawn, in the order they come off the pile; the rest of the deck lies
under them in the order the script's seed shuffles it. The state is dealt like any other
(`ParadeState.deal`), so the tutorial is a real game: only the shuffle is arranged.

A card is named "<colour id> <value>" ("red 3"), the table's own words for it, also in the
scene's part names ("hand:red-3").
"""

from __future__ import annotations

from typing import Sequence

from ...core.data import DataError
from ...core.game import Seat
from ...core.rng import Rng
from .deck import Deck, load_deck
from .rules import ParadeState, shuffle

FILE = "parade/tutorial.yaml"


def card_named(deck: Deck, name: str) -> int:
    """The card called "red 3" (or "red-3", as part names write it); ValueError if there is none."""
    colour, _, value = str(name).replace("-", " ").partition(" ")
    ids = deck.colour_ids
    if colour not in ids or not value.strip().isdigit() or not deck.min_value <= int(value) <= deck.max_value:
        raise ValueError(f"no card is called {name!r}")
    return deck.card(ids.index(colour), int(value))


def _cards(deck: Deck, names, entry: str) -> list:
    if not isinstance(names, list):
        raise DataError(FILE, "setup.deal", entry, "expected a list of cards like 'red 3'")
    try:
        return [card_named(deck, n) for n in names]
    except ValueError as exc:
        raise DataError(FILE, "setup.deal", entry, str(exc)) from None


def deal_order(deck: Deck, deal: dict, players: int, seed: int) -> list:
    """The whole deck in dealing order (as `ParadeState.deal` takes it) for the script's deal."""
    if not isinstance(deal, dict):
        raise DataError(FILE, "setup", "deal", "expected a mapping")
    hands = deal.get("hands")
    if not isinstance(hands, list) or len(hands) != players:
        raise DataError(FILE, "setup.deal", "hands", f"expected one hand for each of the {players} players")
    order = []
    for i, hand in enumerate(hands):
        cards = _cards(deck, hand, f"hands[{i}]")
        if len(cards) != deck.hand_size:
            raise DataError(FILE, "setup.deal", f"hands[{i}]", f"a hand has {deck.hand_size} cards")
        order += cards
    parade = _cards(deck, deal.get("parade"), "parade")
    if len(parade) != deck.parade_size:
        raise DataError(FILE, "setup.deal", "parade", f"the parade starts with {deck.parade_size} cards")
    order += parade + _cards(deck, deal.get("draws", []), "draws")
    if len(set(order)) != len(order):
        raise DataError(FILE, "setup.deal", "-", "a card is named twice")
    named = set(order)
    rest = [c for c in range(deck.size) if c not in named]
    shuffle(Rng(seed), rest)
    return order + rest


def tutorial_state(seats: Sequence[Seat], setup: dict) -> ParadeState:
    """The guided game's state: the script's deal, the script's first player (a script that
    arranges no deal gets the seed's, as a new game would)."""
    if "deal" not in setup:
        return ParadeState.new(seats, setup["seed"], setup.get("options"))
    deck = load_deck()
    deal = setup["deal"]
    first = deal.get("first", 0) if isinstance(deal, dict) else 0
    if not isinstance(first, int) or not 0 <= first < len(seats):
        raise DataError(FILE, "setup.deal", "first", "expected a seat number")
    state = ParadeState(deck, seats, setup["seed"])
    state.deal(deal_order(deck, deal, len(seats), setup["seed"]), first_player=first)
    return state
