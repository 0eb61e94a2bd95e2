"""Lost in Oz magic cards: data/oz/spells.yaml checked, and one function per effect kind.

Card ids are ints: 0 is the Wizard card (never in a hand list; the state keeps
`wizard_holder`), 1-48 are spells. A spell is cast as ("cast", card, *choices)
only in the caster's own action phase, before the first step or between steps
(any number, or one per phase in games saved under that limit); every legal choice is its own action, and a spell that
would change nothing (a boost at 6 points, a draw with no cards left, moving
the wizard while someone holds it) is not offered.

Each kind has `choices(state, seat, spell) -> [tuple]` and
`effect(state, seat, spell, choice, events)` (events None: the caller wants
none, as bots' playouts); both only use the state's public fields and its
helpers `roll_cell`, `draw`, `resolve` and `choose`. While an effect runs, its
card is in neither the hand nor the discard pile: the rules discard it after
(before, in rules edition 1 games), so a draw cannot bring the spell back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Optional

from ...core.data import DataError, bilingual, load_yaml, require
from .board import DELTA, DIRS, SIZE

SPELLS_FILE = "oz/spells.yaml"
WIZARD_CARD = 0
SPELL_COUNT = 48
MAX_POINTS = 6
DIE = (1, 2, 3, 4, 5, 6)  # an action die's faces (rolled by the rules, rerolled by a spell)

# kind -> {param: allowed values}; a kind not listed takes no params
PARAMS = {"boost": {"amount": (1, 2, 3)}, "draw": {"count": (1, 2, 3)}}


@dataclass(frozen=True)
class Card:
    id: int
    kind: str
    params: dict
    name: dict
    text: dict

    def param(self, key: str) -> int:
        return self.params[key]


@dataclass(frozen=True)
class CardSet:
    wizard: Card
    spells: tuple  # index = card id (0 is the Wizard card)

    # Per card id, its kind's `ACTIONS` function (legal_actions calls it for each card in hand) and
    # its effect `(state, seat, card, choice, events)` (a cast calls it). Fields set once, not cached
    # properties: Python 3.11 does not specialise loading an attribute behind a descriptor.
    cast_actions: tuple = field(init=False, repr=False, compare=False)
    effects: tuple = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        spells = self.spells
        object.__setattr__(self, "cast_actions", tuple(ACTIONS.get(c.kind) or _no_actions(c.kind) for c in spells))
        object.__setattr__(self, "effects", tuple(KINDS[c.kind][1] if c.kind in KINDS else _no_actions(c.kind)
                                                  for c in spells))

    @property
    def spell_ids(self) -> range:
        return range(1, len(self.spells))

    def __getitem__(self, card_id: int) -> Card:
        return self.spells[card_id]


# -- where a one-cell move may go (spells ignore barriers but not the board edge) --
def _neighbours(x: int, y: int) -> dict:
    out = {}
    for d in DIRS:
        nx, ny = x + DELTA[d][0], y + DELTA[d][1]
        if 0 <= nx < SIZE and 0 <= ny < SIZE:
            out[d] = (nx, ny)
    return out


_NEIGHBOURS = {(x, y): _neighbours(x, y) for x in range(SIZE) for y in range(SIZE)}


def _inside(cell, d) -> Optional[tuple]:
    return _NEIGHBOURS[cell].get(d)


def _dirs_inside(cell) -> list:
    return list(_NEIGHBOURS[cell])


# -- kinds -----------------------------------------------------------------------
def boost_choices(state, seat, card):
    return [()] if state.points < MAX_POINTS else []


def boost(state, seat, card, choice, events):
    before = state.points
    state.points = min(MAX_POINTS, before + card.param("amount"))
    if events is not None:
        events.append({"type": "spell", "seat": seat, "card": card.id, "kind": "boost",
                       "points": [before, state.points]})


def turn_choices(state, seat, card):
    return [(d,) for d in DIRS if d != state.taken_dir[seat]]


def turn(state, seat, card, choice, events):
    (d,) = choice
    if events is not None:
        events.append({"type": "spell", "seat": seat, "card": card.id, "kind": "turn",
                       "dir": [state.taken_dir[seat], d]})
    state.taken_dir[seat] = d


def phase_choices(state, seat, card):
    return [] if state.through else [()]


def phase(state, seat, card, choice, events):
    state.through = True
    if events is not None:
        events.append({"type": "spell", "seat": seat, "card": card.id, "kind": "phase"})


def move_gem_choices(state, seat, card):
    return [(colour, d) for colour, cell in state.gems.items() for d in _dirs_inside(cell)]


def move_gem(state, seat, card, choice, events):
    colour, d = choice
    start = state.gems[colour]
    state.gems[colour] = _inside(start, d)
    if events is not None:
        events.append({"type": "spell", "seat": seat, "card": card.id, "kind": "move_gem", "colour": colour,
                       "from": start, "to": state.gems[colour]})


def reroll_choices(state, seat, card):
    return [()]


def reroll(state, seat, card, choice, events):
    before = state.points
    state.points = DIE[state.choose("reroll", DIE)]
    if events is not None:
        events.append({"type": "spell", "seat": seat, "card": card.id, "kind": "reroll",
                       "points": [before, state.points]})


def push_choices(state, seat, card):
    return [(other, d) for other, cell in enumerate(state.tokens) if other != seat for d in _dirs_inside(cell)]


def push(state, seat, card, choice, events):
    other, d = choice
    start = state.tokens[other]
    state.tokens[other] = _inside(start, d)
    if events is not None:
        events.append({"type": "spell", "seat": seat, "card": card.id, "kind": "push", "target": other,
                       "from": start, "to": state.tokens[other]})


def draw_choices(state, seat, card):
    return [()] if state.deck or state.discard else []


def draw(state, seat, card, choice, events):
    if events is not None:
        events.append({"type": "spell", "seat": seat, "card": card.id, "kind": "draw"})
    state.draw(seat, card.param("count"), events)


def teleport_choices(state, seat, card):
    return [()]


def teleport(state, seat, card, choice, events):
    start = state.tokens[seat]
    state.tokens[seat] = state.roll_cell()
    if events is not None:
        events.append({"type": "spell", "seat": seat, "card": card.id, "kind": "teleport",
                       "from": start, "to": state.tokens[seat]})


def move_wizard_choices(state, seat, card):
    return [] if state.wizard is None else [(d,) for d in _dirs_inside(state.wizard)]


def move_wizard(state, seat, card, choice, events):
    (d,) = choice
    start = state.wizard
    state.wizard = _inside(start, d)
    if events is not None:
        events.append({"type": "spell", "seat": seat, "card": card.id, "kind": "move_wizard",
                       "from": start, "to": state.wizard})


def sidestep_choices(state, seat, card):
    return [(d,) for d in _dirs_inside(state.tokens[seat])]


def sidestep(state, seat, card, choice, events):
    (d,) = choice
    start = state.tokens[seat]
    state.tokens[seat] = _inside(start, d)
    if events is not None:
        events.append({"type": "spell", "seat": seat, "card": card.id, "kind": "sidestep",
                       "from": start, "to": state.tokens[seat]})
    state.resolve(seat, state.tokens[seat], False, events)


KINDS = {
    "boost": (boost_choices, boost),
    "turn": (turn_choices, turn),
    "phase": (phase_choices, phase),
    "move_gem": (move_gem_choices, move_gem),
    "reroll": (reroll_choices, reroll),
    "push": (push_choices, push),
    "draw": (draw_choices, draw),
    "teleport": (teleport_choices, teleport),
    "move_wizard": (move_wizard_choices, move_wizard),
    "sidestep": (sidestep_choices, sidestep),
}
RANDOM_KINDS = frozenset({"reroll", "draw", "teleport"})  # casting these reveals something


def choices(state, seat: int, card: Card) -> list:
    return KINDS[card.kind][0](state, seat, card)


# -- cast actions, as legal_actions lists them ----------------------------------------
# The same actions ("cast", card, *choice) in the same order as `choices` gives, but
# looked up in tables of shared tuples: legal_actions runs once per action played, so
# building these afresh each time was most of a random game's cost.
class _Table(dict):
    """card id -> {what the choices depend on -> tuple of cast actions}, each built on first use."""

    def __init__(self, make):
        super().__init__()
        self.make = make  # key -> choices

    def __missing__(self, card):
        make = self.make
        table = self[card] = _Row(lambda key: tuple(("cast", card) + choice for choice in make(key)))
        return table


class _Row(dict):
    def __init__(self, build):
        super().__init__()
        self.build = build

    def __missing__(self, key):
        found = self[key] = self.build(key)
        return found


_PLAIN = _Row(lambda card: (("cast", card),))  # card id -> the one action of a spell without choices
_TURN = _Table(lambda taken: [(d,) for d in DIRS if d != taken])
_MOVE_GEM = _Table(lambda at: [(at[0], d) for d in _dirs_inside(at[1])])  # key (colour, cell)
_PUSH = _Table(lambda at: [(at[0], d) for d in _dirs_inside(at[1])])  # key (seat, cell)
_ONE_CELL = _Table(lambda cell: [(d,) for d in _dirs_inside(cell)])


def _boost_actions(state, seat, card):
    return _PLAIN[card] if state.points < MAX_POINTS else ()


def _turn_actions(state, seat, card):
    return _TURN[card][state.taken_dir[seat]]


def _phase_actions(state, seat, card):
    return () if state.through else _PLAIN[card]


def _move_gem_actions(state, seat, card):
    row = _MOVE_GEM[card]
    out = []
    for at in state.gems.items():
        out += row[at]
    return out


def _push_actions(state, seat, card):
    row = _PUSH[card]
    out = []
    for at in enumerate(state.tokens):
        if at[0] != seat:
            out += row[at]
    return out


def _draw_actions(state, seat, card):
    return _PLAIN[card] if state.deck or state.discard else ()


def _always(state, seat, card):
    return _PLAIN[card]


def _move_wizard_actions(state, seat, card):
    return () if state.wizard is None else _ONE_CELL[card][state.wizard]


def _sidestep_actions(state, seat, card):
    return _ONE_CELL[card][state.tokens[seat]]


def _no_actions(kind: str):
    def unknown(state, seat, card):
        raise KeyError(kind)
    return unknown


# kind -> (state, seat, card id) -> the legal cast actions of that card
ACTIONS = {
    "boost": _boost_actions, "turn": _turn_actions, "phase": _phase_actions, "move_gem": _move_gem_actions,
    "reroll": _always, "push": _push_actions, "draw": _draw_actions, "teleport": _always,
    "move_wizard": _move_wizard_actions, "sidestep": _sidestep_actions,
}


# -- data ------------------------------------------------------------------------
def _card(entry, file: str, label: str, kinds) -> Card:
    cid = require(entry, "id", int, file, label)
    kind = require(entry, "kind", str, file, label)
    if kind not in kinds:
        raise DataError(file, label, "kind", f"unknown kind {kind!r} (known: {', '.join(sorted(kinds))})")
    params = entry.get("params", {}) if isinstance(entry, dict) else {}
    if not isinstance(params, dict):
        raise DataError(file, label, "params", f"expected a mapping, got {params!r}")
    wanted = PARAMS.get(kind, {})
    for key in params:
        if key not in wanted:
            raise DataError(file, label, f"params.{key}", f"kind {kind!r} takes no parameter {key!r}")
    for key, allowed in wanted.items():
        if params.get(key) not in allowed:
            raise DataError(file, label, f"params.{key}", f"expected one of {list(allowed)}, got {params.get(key)!r}")
    return Card(cid, kind, dict(params), bilingual(entry, "name", file, label), bilingual(entry, "text", file, label))


def parse_spells(raw, file: str = SPELLS_FILE) -> CardSet:
    if not isinstance(raw, dict):
        raise DataError(file, "-", "-", "top level must be a mapping")
    wizard = _card(require(raw, "wizard", dict, file, "wizard"), file, "wizard", {"wizard"})
    if wizard.id != WIZARD_CARD:
        raise DataError(file, "wizard", "id", f"the Wizard card must have id {WIZARD_CARD}")
    entries = require(raw, "spells", list, file, "spells")
    if len(entries) != SPELL_COUNT:
        raise DataError(file, "spells", "-", f"the deck needs {SPELL_COUNT} spells, found {len(entries)}")
    cards = [wizard]
    names: dict = {}
    for i, entry in enumerate(entries):
        label = f"spells[{i}]"
        card = _card(entry, file, label, KINDS)
        label = f"spell {card.id}"
        if card.id != i + 1:
            raise DataError(file, label, "id", f"spells are numbered 1-{SPELL_COUNT} in order; expected {i + 1}")
        for lang in ("zh", "en"):
            other = names.setdefault((lang, card.name[lang]), card.id)
            if other != card.id:
                raise DataError(file, label, f"name.{lang}", f"same name as spell {other}")
        cards.append(card)
    return CardSet(wizard, tuple(cards))


@lru_cache(maxsize=None)
def _cached(root: Optional[Path]) -> CardSet:
    return parse_spells(load_yaml(SPELLS_FILE, root))


def load_spells(root: Optional[Path] = None) -> CardSet:
    return _cached(root)
