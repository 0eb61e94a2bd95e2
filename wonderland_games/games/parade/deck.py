"""The Parade deck, read from data/parade/deck.yaml.

Cards are plain ints: `colour_index * values + value`. Ints keep the rules fast
(thousands of simulated games a second) and saves small.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ...core.data import DataError, bilingual, load_yaml, require

DECK_FILE = "parade/deck.yaml"
SYMBOLS = ("circle", "diamond", "crescent", "clock", "egg", "hat")
MAX_PLAYERS = 6


@dataclass(frozen=True)
class Colour:
    id: str
    name: dict
    colour_name: dict
    rgb: str
    symbol: str
    art: str


@dataclass(frozen=True)
class Deck:
    colours: tuple
    min_value: int
    max_value: int
    hand_size: int
    parade_size: int

    def __post_init__(self) -> None:
        # Lookup tables: the rules ask a card's colour and value in hot loops.
        cards = range(len(self.colours) * self.values)
        object.__setattr__(self, "colour", tuple(c // self.values for c in cards))
        object.__setattr__(self, "value", tuple(c % self.values + self.min_value for c in cards))
        object.__setattr__(self, "colour_ids", tuple(colour.id for colour in self.colours))
        # takes[p][c]: whether playing p takes c when c is at risk (its colour, or a value up to
        # p's): the rules' move reads one entry a card at risk
        object.__setattr__(self, "takes", tuple(tuple(self.colour[c] == self.colour[p] or self.value[c] <= self.value[p]
                                                      for c in cards) for p in cards))

    @property
    def values(self) -> int:
        return self.max_value - self.min_value + 1

    @property
    def size(self) -> int:
        return len(self.colours) * self.values

    def colour_of(self, card: int) -> int:
        return self.colour[card]

    def value_of(self, card: int) -> int:
        return self.value[card]

    def card(self, colour: int, value: int) -> int:
        return colour * self.values + value - self.min_value


def parse_deck(raw, file: str = DECK_FILE) -> Deck:
    if not isinstance(raw, dict):
        raise DataError(file, "-", "-", "top level must be a mapping")
    values = require(raw, "values", dict, file, "values")
    low = require(values, "min", int, file, "values")
    high = require(values, "max", int, file, "values")
    if low != 0 or high < 1:
        raise DataError(file, "values", "min/max", "values must run from 0 to at least 1")
    colours = []
    entries = require(raw, "colours", list, file, "colours")
    if len(entries) != 6:
        raise DataError(file, "colours", "-", f"the game needs 6 colours, found {len(entries)}")
    seen = set()
    for i, entry in enumerate(entries):
        label = f"colours[{i}]"
        cid = require(entry, "id", str, file, label)
        label = f"colour '{cid}'"
        if cid in seen:
            raise DataError(file, label, "id", "duplicate id")
        seen.add(cid)
        rgb = require(entry, "rgb", str, file, label)
        if len(rgb) != 7 or rgb[0] != "#":
            raise DataError(file, label, "rgb", f"expected '#rrggbb', got {rgb!r}")
        try:
            int(rgb[1:], 16)
        except ValueError:
            raise DataError(file, label, "rgb", f"expected '#rrggbb', got {rgb!r}") from None
        symbol = require(entry, "symbol", str, file, label)
        if symbol not in SYMBOLS:
            raise DataError(file, label, "symbol", f"unknown symbol {symbol!r} (known: {', '.join(SYMBOLS)})")
        colours.append(Colour(
            id=cid,
            name=bilingual(entry, "name", file, label),
            colour_name=bilingual(entry, "colour_name", file, label),
            rgb=rgb,
            symbol=symbol,
            art=require(entry, "art", str, file, label),
        ))
    hand = require(raw, "hand_size", int, file, "hand_size")
    if hand < 3:
        raise DataError(file, "hand_size", "hand_size", "hands need at least 3 cards (the keep phase keeps 2)")
    parade = require(raw, "parade_size", int, file, "parade_size")
    if parade < 0 or MAX_PLAYERS * hand + parade >= len(colours) * (high - low + 1):
        raise DataError(file, "parade_size", "parade_size",
                        f"a {MAX_PLAYERS}-player deal must leave cards to draw")
    return Deck(tuple(colours), low, high, hand, parade)


@lru_cache(maxsize=None)
def _cached(root: Path | None) -> Deck:
    return parse_deck(load_yaml(DECK_FILE, root))


def load_deck(root: Path | None = None) -> Deck:
    return _cached(root)
