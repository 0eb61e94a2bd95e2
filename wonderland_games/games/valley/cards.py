"""Wonderland Valley cards: data/valley/cards.yaml checked into frozen kinds.

48 kinds make the 128-card deck. The checks are the design's promises:
critters cost berries only and constructions never do; unique kinds come in
2-3 copies, common ones in 3-4, and exactly one staple production kind in
6-9; every critter names a construction as its host and every construction
hosts exactly one critter; each role's effects are of the kinds that role can
use (effects.ALLOWED). A broken entry gives one DataError naming file, entry
and field.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Optional

from ...core.data import DataError, bilingual, load_yaml, require
from .effects import CATEGORIES, RESOURCES, ROLES, Bundle, Where, parse_bundle, parse_effects, whole

CARDS_FILE = "valley/cards.yaml"
DECK_SIZE = 128
UNIQUE_COPIES = (2, 3)
COMMON_COPIES = (3, 4)
STAPLE_COPIES = (6, 9)
MAX_POINTS = 5
_RGB_DIGITS = set("0123456789abcdefABCDEF")


@dataclass(frozen=True)
class Term:
    id: str
    name: dict  # {"zh", "en"}


@dataclass(frozen=True)
class Role:
    id: str
    name: dict
    rgb: str
    symbol: str  # the emblem id drawn beside the colour (colour-blind safe)
    text: dict


@dataclass(frozen=True)
class Kind:
    id: str
    name: dict
    text: dict
    category: str  # critter or construction
    role: str
    unique: bool
    staple: bool
    copies: int
    cost: Bundle
    points: int
    host: Optional[str]  # a critter's construction; None for a construction
    effects: tuple

    @property
    def is_critter(self) -> bool:
        return self.category == "critter"


@dataclass(frozen=True)
class Cards:
    resources: dict  # id -> Term, in RESOURCES order
    categories: dict
    roles: dict  # id -> Role, in ROLES order
    kinds: dict  # id -> Kind, in file order
    hosted_by: dict  # construction id -> the critter it hosts

    def deck(self) -> tuple:
        """The 128 kind ids, one per card, in file order (the rules shuffle them)."""
        return tuple(k.id for k in self.kinds.values() for _ in range(k.copies))


def _named_list(raw, key: str, ids: tuple, file: str) -> dict:
    found = {}
    for i, entry in enumerate(require(raw, key, list, file, key)):
        nid = require(entry, "id", str, file, f"{key}[{i}]")
        found[nid] = Term(nid, bilingual(entry, "name", file, f"{key[:-1]} '{nid}'"))
    if tuple(found) != ids:
        raise DataError(file, key, "-", f"expected {list(ids)} in that order")
    return found


def _role(entry, i: int, file: str) -> Role:
    rid = require(entry, "id", str, file, f"roles[{i}]")
    label = f"role '{rid}'"
    rgb = require(entry, "rgb", str, file, label)
    if len(rgb) != 7 or rgb[0] != "#" or not set(rgb[1:]) <= _RGB_DIGITS:
        raise DataError(file, label, "rgb", f"expected #rrggbb, got {rgb!r}")
    return Role(rid, bilingual(entry, "name", file, label), rgb, require(entry, "symbol", str, file, label),
                bilingual(entry, "text", file, label))


def _flag(entry, key: str, where: Where) -> bool:
    value = entry.get(key, False)
    if not isinstance(value, bool):
        where.fail(key, f"expected true or false, got {value!r}")
    return value


def _kind(entry, kinds: frozenset, file: str) -> Kind:
    kid = entry["id"]
    label = f"card '{kid}'"
    where = Where(file, label, kinds)
    category = require(entry, "category", str, file, label)
    if category not in CATEGORIES:
        where.fail("category", f"expected one of {', '.join(CATEGORIES)}, got {category!r}")
    role = require(entry, "role", str, file, label)
    if role not in ROLES:
        where.fail("role", f"unknown role {role!r}")
    unique, staple = _flag(entry, "unique", where), _flag(entry, "staple", where)
    copies = whole(require(entry, "copies", int, file, label), "copies", where, 1, 10)
    if staple and (unique or role != "production"):
        where.fail("staple", "the staple is a common production kind")
    low, high = UNIQUE_COPIES if unique else STAPLE_COPIES if staple else COMMON_COPIES
    if not low <= copies <= high:
        sort = "a unique" if unique else "the staple" if staple else "a common"
        where.fail("copies", f"{sort} kind has {low}-{high} copies, got {copies}")
    paid_in = ("berry",) if category == "critter" else tuple(r for r in RESOURCES if r != "berry")
    cost = parse_bundle(require(entry, "cost", dict, file, label), "cost", where, paid_in)
    points = whole(require(entry, "points", int, file, label), "points", where, 0, MAX_POINTS)
    host = None
    if category == "critter":
        host = require(entry, "host", str, file, label)
    elif "host" in entry:
        where.fail("host", "only a critter has a host")
    effects = parse_effects(require(entry, "effects", list, file, label), "effects", where, role)
    if not effects:
        where.fail("effects", "a card needs at least one effect")
    if role == "destination" and len(effects) != 1:
        where.fail("effects", "a destination card is exactly one spot")
    return Kind(kid, bilingual(entry, "name", file, label), bilingual(entry, "text", file, label), category, role,
                unique, staple, copies, cost, points, host, effects)


def _hosts(kinds: dict, file: str) -> dict:
    hosted_by: dict = {}
    for kind in kinds.values():
        if kind.host is None:
            continue
        host = kinds.get(kind.host)
        if host is None or host.is_critter:
            raise DataError(file, f"card '{kind.id}'", "host", f"{kind.host!r} is not a construction")
        if kind.host in hosted_by:
            raise DataError(file, f"card '{kind.id}'", "host", f"{kind.host!r} already hosts {hosted_by[kind.host]!r}")
        hosted_by[kind.host] = kind.id
    for kind in kinds.values():
        if not kind.is_critter and kind.id not in hosted_by:
            raise DataError(file, f"card '{kind.id}'", "host", "no critter names this construction as its host")
    return hosted_by


def parse_cards(raw, file: str = CARDS_FILE) -> Cards:
    if not isinstance(raw, dict):
        raise DataError(file, "-", "-", "top level must be a mapping")
    resources = _named_list(raw, "resources", RESOURCES, file)
    categories = _named_list(raw, "categories", CATEGORIES, file)
    roles = {}
    for i, entry in enumerate(require(raw, "roles", list, file, "roles")):
        role = _role(entry, i, file)
        roles[role.id] = role
    if tuple(roles) != ROLES:
        raise DataError(file, "roles", "-", f"expected {list(ROLES)} in that order")
    entries = require(raw, "cards", list, file, "cards")
    ids: list = []
    for i, entry in enumerate(entries):
        kid = require(entry, "id", str, file, f"cards[{i}]")
        if kid in ids:
            raise DataError(file, f"card '{kid}'", "id", "duplicate id")
        ids.append(kid)
    known = frozenset(ids)
    kinds = {kid: _kind(entry, known, file) for kid, entry in zip(ids, entries)}
    names: dict = {}
    for kind in kinds.values():
        for lang in ("zh", "en"):
            other = names.setdefault((lang, kind.name[lang]), kind.id)
            if other != kind.id:
                raise DataError(file, f"card '{kind.id}'", f"name.{lang}", f"same name as {other!r}")
    total = sum(k.copies for k in kinds.values())
    if total != DECK_SIZE:
        raise DataError(file, "cards", "copies", f"the deck needs {DECK_SIZE} cards, the copies add up to {total}")
    staples = [k.id for k in kinds.values() if k.staple]
    if len(staples) != 1:
        raise DataError(file, "cards", "staple", f"exactly one staple kind needed, found {staples}")
    return Cards(resources, categories, roles, kinds, _hosts(kinds, file))


@lru_cache(maxsize=None)
def _cached(root: Optional[Path]) -> Cards:
    return parse_cards(load_yaml(CARDS_FILE, root))


def load_cards(root: Optional[Path] = None) -> Cards:
    return _cached(root)
