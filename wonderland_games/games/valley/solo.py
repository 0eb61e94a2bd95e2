"""Wonderland Valley's solo opponent, the Jabberwock (炸脖龙): its rules, as pure Python.

The rule text's solo game has the player also carry out an automatic
opponent's action each round, driven by an eight-sided die; it takes spots
or cards, and the totals are compared after the seasons. Ours (numbers in
data/valley/rules.yaml under `solo:`, see DESIGN.md):

- After each of the player's turns but the one that ends their game, the
  Jabberwock rolls the die (a chance outcome `["die", face]`) and acts by
  the face: a location face puts one of its workers on that exclusive basic
  location, a forest face on the first free revealed forest card (in the
  order revealed), a card face takes the top card of the deck onto its
  face-up pile (a `["draw", kind]`).
- A location or forest face it cannot carry out (the spot is taken, or all
  its level's workers are out) takes the top card instead. A spot it holds
  is taken for the player too.
- It starts with its level's `start_points` in point tokens; when the player
  prepares for a season (the second winter too), it recalls its workers and
  takes `recall_points` in tokens for each of them.
- Its total: the printed points of the cards in its pile plus its point
  tokens. The player wins unless that total is higher: a tie is the player's.

Nothing of it is hidden: its pile, workers and tokens are in every view.
The opponent is not a player for events: basic and special events look at
the player alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Optional

from ...core.data import DataError, bilingual, load_yaml, require
from .data import RULES_FILE, Valley, load_valley

FACES = (1, 2, 3, 4, 5, 6, 7, 8)
FOREST, CARD = "forest", "card"  # the faces that are not a location id
LEVELS = ("easy", "normal", "hard")
BREAKDOWN = ("cards", "tokens")


@dataclass(frozen=True)
class Level:
    workers: int  # how many spots it can hold at once
    recall_points: int  # points per worker it recalls when the player prepares
    start_points: int  # its point tokens at the start


@dataclass(frozen=True)
class SoloRules:
    name: dict  # {"zh", "en"}
    default: str
    faces: tuple  # what face 1..8 does: a location id, FOREST or CARD
    levels: dict  # level id -> Level


@dataclass
class Opponent:
    """The Jabberwock in one game; plain data, saved with the state."""

    level: str
    workers: list = field(default_factory=list)  # spot keys it holds, as in state.taken()
    pile: list = field(default_factory=list)  # kind ids it took, face up, in order
    tokens: int = 0

    def copy(self) -> "Opponent":
        return Opponent(self.level, self.workers[:], self.pile[:], self.tokens)

    def to_dict(self) -> dict:
        return {"level": self.level, "workers": self.workers[:], "pile": self.pile[:], "tokens": self.tokens}


def parse_solo(raw, valley: Valley, file: str = RULES_FILE) -> SoloRules:
    """The `solo:` block of rules.yaml, checked: eight faces naming exclusive locations,
    the forest or a card, and the three levels with whole numbers."""
    block = require(raw, "solo", dict, file, "solo")
    name = bilingual(block, "name", file, "solo")
    faces = require(block, "faces", list, file, "solo")
    if len(faces) != len(FACES):
        raise DataError(file, "solo", "faces", f"the die has {len(FACES)} faces, found {len(faces)}")
    for i, face in enumerate(faces):
        loc = valley.locations.get(face)
        if face not in (FOREST, CARD) and (loc is None or not loc.exclusive):
            raise DataError(file, "solo", f"faces[{i}]",
                            f"must be an exclusive location, {FOREST} or {CARD}, got {face!r}")
    levels_raw = require(block, "levels", dict, file, "solo")
    if set(levels_raw) != set(LEVELS):
        raise DataError(file, "solo", "levels", f"must be exactly {', '.join(LEVELS)}")
    levels = {}
    for level in LEVELS:
        entry = levels_raw[level]
        values = {key: require(entry, key, int, file, f"solo level '{level}'") for key in Level.__dataclass_fields__}
        if min(values.values()) < 0:
            raise DataError(file, f"solo level '{level}'", "-", "numbers must not be negative")
        levels[level] = Level(**values)
    default = require(block, "default", str, file, "solo")
    if default not in LEVELS:
        raise DataError(file, "solo", "default", f"must be one of {', '.join(LEVELS)}")
    return SoloRules(name, default, tuple(faces), levels)


@lru_cache(maxsize=None)
def load_solo(root: Optional[Path] = None) -> SoloRules:
    return parse_solo(load_yaml(RULES_FILE, root), load_valley(root))


def new_opponent(options: Optional[dict], rules: SoloRules) -> Opponent:
    """The opponent at the difficulty an `{"opponent": level}` option asks for (the default
    without one), with its head start."""
    level = (options or {}).get("opponent", rules.default)
    if level not in rules.levels:
        raise ValueError(f"opponent must be one of {list(LEVELS)}, got {level!r}")
    return Opponent(level, tokens=rules.levels[level].start_points)


# -- what it does ------------------------------------------------------------------
def target(state, face: int) -> Optional[str]:
    """The spot the face sends a worker to, if it can go there now; None: it takes a card."""
    opponent = state.opponent
    what = state.solo.faces[face - 1]
    if what == CARD or len(opponent.workers) >= state.solo.levels[opponent.level].workers:
        return None
    taken = state.taken()
    if what == FOREST:
        return next((f for f in state.forest if f not in taken), None)
    return None if what in taken else what


def act(state, events: list) -> None:
    """One roll of the die and what its face does."""
    carry_out(state, FACES[state.choose("die", FACES)], events)


def carry_out(state, face: int, events: list) -> None:
    opponent = state.opponent
    what = state.solo.faces[face - 1]
    events.append({"type": "opponent_roll", "face": face, "does": what})
    spot = target(state, face)
    if spot is not None:
        opponent.workers.append(spot)
        events.append({"type": "opponent_place", "spot": spot, "workers": len(opponent.workers)})
        return
    card = state.draw_card(events)
    if card is not None:
        opponent.pile.append(card)
    events.append({"type": "opponent_take", "cards": [] if card is None else [card], "instead": what != CARD})


def recall(state, events: list) -> None:
    """The player prepares for a season: the Jabberwock's workers come back, each scoring."""
    opponent = state.opponent
    count = len(opponent.workers)
    points = count * state.solo.levels[opponent.level].recall_points
    opponent.workers = []
    opponent.tokens += points
    events.append({"type": "opponent_recall", "workers": count, "points": points})


def breakdown(opponent: Opponent, cards, unknown: str) -> dict:
    """Its total by part (an unknown card, in a bot's trial of a view, counts nothing)."""
    return {"cards": sum(cards.kinds[k].points for k in opponent.pile if k != unknown), "tokens": opponent.tokens}


def from_dict(data, rules: SoloRules) -> Opponent:
    if not isinstance(data, dict) or data.get("level") not in rules.levels:
        raise ValueError(f"not a solo opponent: {data!r}")
    workers, pile, tokens = data["workers"], data["pile"], data["tokens"]
    if not all(isinstance(x, list) and all(type(v) is str for v in x) for x in (workers, pile)):
        raise TypeError("the opponent's workers and pile are lists of text")
    if type(tokens) is not int:
        raise TypeError("the opponent's tokens are a whole number")
    return Opponent(data["level"], list(workers), list(pile), tokens)
