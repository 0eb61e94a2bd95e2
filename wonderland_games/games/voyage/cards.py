"""World Voyage cards: destinations and itineraries from data/voyage, checked against the map.

Both decks use int ids 1-48 (a destination and an itinerary card may share a
number; actions always say which deck they mean). Colours are the four
themes (nature green, heritage red, city blue, wonder gold) and belong to the
destination file; the itinerary file refers to them.

Fares and rewards changed with rules edition 3 (NUMBERS_EDITION). A saved game
replays its actions from the start, so a game begun under an earlier edition
keeps the numbers it was played with: both files list them under
`before_edition_3`, and `load_cards(edition=...)` gives the cards of an edition.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Optional

from ...core.data import DataError, bilingual, load_yaml, require
from .world import RGB, World, load_world

DESTINATIONS_FILE = "voyage/destinations.yaml"
ITINERARIES_FILE = "voyage/itineraries.yaml"
COLOUR_IDS = ("green", "red", "blue", "gold")
DESTINATION_COUNT = ITINERARY_COUNT = 48
PER_COLOUR = 12
PER_REGION = 8
MIN_POINTS, MAX_POINTS = 1, 5
REWARD_KINDS = {"money": (1, 2, 3, 4, 5), "card": (1, 2), "souvenir": (1, 2)}
PLAIN, FLY, EXPRESS = "plain", "fly", "express"
PLAIN_STEPS = (1, 2, 3, 4)
MAX_FARE = 4
NUMBERS_EDITION = 3  # the rules edition these fares and rewards came with
EARLIER = "before_edition_3"


@dataclass(frozen=True)
class Colour:
    id: str
    theme: dict  # {"zh", "en"}: Nature, Heritage, City, Wonder
    name: dict
    rgb: str
    symbol: str  # the ui.shapes shape drawn on its colour (the suitcase, the cards): never colour alone


@dataclass(frozen=True)
class Reward:
    id: str
    kind: str  # money, card, souvenir
    amount: int
    text: dict


@dataclass(frozen=True)
class Destination:
    id: int
    name: dict
    city: str
    region: str
    colour: str
    points: int
    reward: Optional[Reward]


@dataclass(frozen=True)
class Special:
    id: str
    name: dict
    text: dict
    steps: int  # 0 for a flight
    bonus: int  # steps added to the next move this turn


@dataclass(frozen=True)
class Itinerary:
    id: int
    colour: str
    kind: str  # plain, fly, express
    steps: int  # route steps it moves (0 for a flight)
    bonus: int
    money: int = 0  # paid to the traveller when the card is played to move (short hops pay most)


@dataclass(frozen=True)
class Cards:
    colours: dict  # id -> Colour, in COLOUR_IDS order
    rewards: dict
    destinations: tuple  # index = id (0 unused)
    specials: dict
    itineraries: tuple  # index = id (0 unused)
    dest_at: dict  # city -> destination id

    @property
    def destination_ids(self) -> range:
        return range(1, len(self.destinations))

    @property
    def itinerary_ids(self) -> range:
        return range(1, len(self.itineraries))


def _colour(entry, i: int, file: str) -> Colour:
    cid = require(entry, "id", str, file, f"colours[{i}]")
    label = f"colour '{cid}'"
    rgb = require(entry, "rgb", str, file, label)
    if not RGB.match(rgb):
        raise DataError(file, label, "rgb", f"expected #rrggbb, got {rgb!r}")
    return Colour(cid, bilingual(entry, "theme", file, label), bilingual(entry, "name", file, label), rgb,
                  require(entry, "symbol", str, file, label))


def _reward(entry, i: int, file: str) -> Reward:
    rid = require(entry, "id", str, file, f"rewards[{i}]")
    label = f"reward '{rid}'"
    kind = require(entry, "kind", str, file, label)
    if kind not in REWARD_KINDS:
        raise DataError(file, label, "kind", f"unknown kind {kind!r} (known: {', '.join(REWARD_KINDS)})")
    amount = require(entry, "amount", int, file, label)
    if amount not in REWARD_KINDS[kind]:
        raise DataError(file, label, "amount", f"expected one of {list(REWARD_KINDS[kind])}, got {amount}")
    return Reward(rid, kind, amount, bilingual(entry, "text", file, label))


def _destination(entry, i: int, file: str, world: World, colours: dict, rewards: dict) -> Destination:
    did = require(entry, "id", int, file, f"destinations[{i}]")
    label = f"destination {did}"
    if did != i + 1:
        raise DataError(file, label, "id",
                        f"destinations are numbered 1-{DESTINATION_COUNT} in order; expected {i + 1}")
    city = require(entry, "city", str, file, label)
    if city not in world.city:
        raise DataError(file, label, "city", f"unknown city {city!r}")
    if city in world.starts.values():
        raise DataError(file, label, "city", f"{city!r} is a starting city (no destination there)")
    region = require(entry, "region", str, file, label)
    if region != world.region_of[city]:
        raise DataError(file, label, "region", f"{city!r} is in {world.region_of[city]!r}, not {region!r}")
    colour = require(entry, "colour", str, file, label)
    if colour not in colours:
        raise DataError(file, label, "colour", f"unknown colour {colour!r}")
    points = require(entry, "points", int, file, label)
    if not MIN_POINTS <= points <= MAX_POINTS:
        raise DataError(file, label, "points", f"must be {MIN_POINTS}-{MAX_POINTS}, got {points}")
    reward = None
    if isinstance(entry, dict) and entry.get("reward") is not None:
        rid = require(entry, "reward", str, file, label)
        if rid not in rewards:
            raise DataError(file, label, "reward", f"unknown reward {rid!r}")
        reward = rewards[rid]
    return Destination(did, bilingual(entry, "name", file, label), city, region, colour, points, reward)


def parse_destinations(raw, world: World, file: str = DESTINATIONS_FILE) -> tuple:
    """(colours, rewards, destinations with None at index 0, city -> destination id,
    destination id -> its reward or None before edition 3)."""
    if not isinstance(raw, dict):
        raise DataError(file, "-", "-", "top level must be a mapping")
    colours = {}
    for i, entry in enumerate(require(raw, "colours", list, file, "colours")):
        colour = _colour(entry, i, file)
        colours[colour.id] = colour
    if tuple(colours) != COLOUR_IDS:
        raise DataError(file, "colours", "-", f"expected the colours {list(COLOUR_IDS)} in that order")
    rewards = {}
    for i, entry in enumerate(require(raw, "rewards", list, file, "rewards")):
        reward = _reward(entry, i, file)
        if reward.id in rewards:
            raise DataError(file, f"reward '{reward.id}'", "id", "duplicate id")
        rewards[reward.id] = reward
    entries = require(raw, "destinations", list, file, "destinations")
    if len(entries) != DESTINATION_COUNT:
        raise DataError(file, "destinations", "-", f"need {DESTINATION_COUNT} destinations, found {len(entries)}")
    dests: list = [None]
    dest_at, names = {}, {}
    for i, entry in enumerate(entries):
        dest = _destination(entry, i, file, world, colours, rewards)
        label = f"destination {dest.id}"
        if dest.city in dest_at:
            raise DataError(file, label, "city", f"destination {dest_at[dest.city]} is already there")
        for lang in ("zh", "en"):
            other = names.setdefault((lang, dest.name[lang]), dest.id)
            if other != dest.id:
                raise DataError(file, label, f"name.{lang}", f"same name as destination {other}")
        dest_at[dest.city] = dest.id
        dests.append(dest)
    for colour in colours:
        count = sum(d.colour == colour for d in dests[1:])
        if count != PER_COLOUR:
            raise DataError(file, "destinations", "colour", f"{PER_COLOUR} per colour needed, {colour!r} has {count}")
    for region in world.region:
        count = sum(d.region == region for d in dests[1:])
        if count != PER_REGION:
            raise DataError(file, "destinations", "region", f"{PER_REGION} per region needed, {region!r} has {count}")
    return colours, rewards, tuple(dests), dest_at, _earlier_rewards(raw, rewards, file)


def _earlier_rewards(raw: dict, rewards: dict, file: str) -> dict:
    changed = require(require(raw, EARLIER, dict, file, EARLIER), "rewards", dict, file, EARLIER)
    out = {}
    for did, rid in changed.items():
        if type(did) is not int or not 1 <= did <= DESTINATION_COUNT:
            raise DataError(file, EARLIER, "rewards", f"{did!r} is not a destination id 1-{DESTINATION_COUNT}")
        if rid is not None and rid not in rewards:
            raise DataError(file, EARLIER, "rewards", f"destination {did}: unknown reward {rid!r}")
        out[did] = None if rid is None else rewards[rid]
    return out


def _special(entry, i: int, file: str) -> Special:
    sid = require(entry, "id", str, file, f"specials[{i}]")
    label = f"special '{sid}'"
    name, text = bilingual(entry, "name", file, label), bilingual(entry, "text", file, label)
    if sid == FLY:
        return Special(sid, name, text, 0, 0)
    if sid == EXPRESS:
        steps, bonus = require(entry, "steps", int, file, label), require(entry, "bonus", int, file, label)
        if not 1 <= steps <= 4:
            raise DataError(file, label, "steps", f"must be 1-4, got {steps}")
        if not 1 <= bonus <= 2:
            raise DataError(file, label, "bonus", f"must be 1-2, got {bonus}")
        return Special(sid, name, text, steps, bonus)
    raise DataError(file, label, "id", f"unknown special {sid!r} (known: {FLY}, {EXPRESS})")


def _itinerary(entry, i: int, file: str, specials: dict) -> Itinerary:
    cid = require(entry, "id", int, file, f"cards[{i}]")
    label = f"card {cid}"
    if cid != i + 1:
        raise DataError(file, label, "id", f"cards are numbered 1-{ITINERARY_COUNT} in order; expected {i + 1}")
    colour = require(entry, "colour", str, file, label)
    if colour not in COLOUR_IDS:
        raise DataError(file, label, "colour", f"unknown colour {colour!r}")
    has_steps, has_special = "steps" in entry, "special" in entry
    if has_steps == has_special:
        raise DataError(file, label, "steps", "give either steps or special, not both or neither")
    if has_special:
        sid = require(entry, "special", str, file, label)
        if sid not in specials:
            raise DataError(file, label, "special", f"unknown special {sid!r}")
        special = specials[sid]
        return Itinerary(cid, colour, sid, special.steps, special.bonus)
    steps = require(entry, "steps", int, file, label)
    if steps not in PLAIN_STEPS:
        raise DataError(file, label, "steps", f"must be 1-4, got {steps}")
    return Itinerary(cid, colour, PLAIN, steps, 0, _fare(entry.get("money", 0), file, label, "money"))


def _fare(money, file: str, entry: str, field: str) -> int:
    """A plain card's fare, this edition's or an earlier one's: a whole number 0-MAX_FARE."""
    if type(money) is not int or not 0 <= money <= MAX_FARE:
        raise DataError(file, entry, field, f"must be 0-{MAX_FARE}, got {money!r}")
    return money


def parse_itineraries(raw, file: str = ITINERARIES_FILE) -> tuple:
    """(specials, itinerary cards with None at index 0, steps -> a plain card's fare before edition 3)."""
    if not isinstance(raw, dict):
        raise DataError(file, "-", "-", "top level must be a mapping")
    specials = {}
    for i, entry in enumerate(require(raw, "specials", list, file, "specials")):
        special = _special(entry, i, file)
        if special.id in specials:
            raise DataError(file, f"special '{special.id}'", "id", "duplicate id")
        specials[special.id] = special
    for sid in (FLY, EXPRESS):
        if sid not in specials:
            raise DataError(file, "specials", "-", f"the special {sid!r} is missing")
    entries = require(raw, "cards", list, file, "cards")
    if len(entries) != ITINERARY_COUNT:
        raise DataError(file, "cards", "-", f"need {ITINERARY_COUNT} cards, found {len(entries)}")
    cards = [None] + [_itinerary(entry, i, file, specials) for i, entry in enumerate(entries)]
    for colour in COLOUR_IDS:
        count = sum(c.colour == colour for c in cards[1:])
        if count != PER_COLOUR:
            raise DataError(file, "cards", "colour", f"{PER_COLOUR} per colour needed, {colour!r} has {count}")
    fares = require(require(raw, EARLIER, dict, file, EARLIER), "fares", dict, file, EARLIER)
    if sorted(fares) != list(PLAIN_STEPS):
        raise DataError(file, EARLIER, "fares", f"one fare 0-{MAX_FARE} for each of the steps {list(PLAIN_STEPS)}")
    return specials, tuple(cards), {steps: _fare(m, file, EARLIER, "fares") for steps, m in fares.items()}


@lru_cache(maxsize=None)
def _cached(root: Optional[Path], earlier: bool) -> Cards:
    world = load_world(root)
    colours, rewards, dests, dest_at, old_rewards = parse_destinations(load_yaml(DESTINATIONS_FILE, root), world)
    specials, itineraries, old_fares = parse_itineraries(load_yaml(ITINERARIES_FILE, root))
    if earlier:
        dests = tuple(replace(d, reward=old_rewards[d.id]) if d and d.id in old_rewards else d for d in dests)
        itineraries = tuple(replace(c, money=old_fares[c.steps]) if c and c.kind == PLAIN else c for c in itineraries)
    return Cards(colours, rewards, dests, specials, itineraries, dest_at)


def load_cards(root: Optional[Path] = None, edition: Optional[int] = None) -> Cards:
    """The cards of rules `edition` (None: the newest)."""
    return _cached(root, edition is not None and edition < NUMBERS_EDITION)
