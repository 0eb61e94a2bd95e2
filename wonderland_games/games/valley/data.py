"""Wonderland Valley board and designed numbers: data/valley/board.yaml and rules.yaml.

`load_valley()` is the one entry point the rules will use: the cards, the 8
basic locations, 11 forest cards, 4 basic events (one per season entered), 16
special events, the seasons with what each change gives, and the numbers the
rule text leaves open (hand limit, city limit, workers, markers). Checks that
span files live here: the worker count adds up only if some card unlocks the
sixth worker; events may name only card kinds that exist.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Optional

from ...core.data import DataError, bilingual, load_yaml, require
from .cards import DECK_SIZE, Cards, load_cards
from .effects import (MAX_AMOUNT, RESOURCES, Bundle, Condition, Where, Worker, parse_bundle, parse_condition,
                      parse_effects, walk, whole)

BOARD_FILE = "valley/board.yaml"
RULES_FILE = "valley/rules.yaml"
LOCATION_COUNT, FOREST_COUNT, BASIC_EVENT_COUNT, SPECIAL_EVENT_COUNT = 8, 11, 4, 16
SEASON_IDS = ("winter", "spring", "summer", "autumn", "final_winter")


@dataclass(frozen=True)
class Location:
    id: str
    name: dict
    exclusive: bool  # one worker in all; otherwise shared by any number
    effects: tuple


@dataclass(frozen=True)
class Forest:
    id: str
    name: dict
    effects: tuple  # one worker per forest card


@dataclass(frozen=True)
class Event:
    id: str
    name: dict
    text: dict
    condition: Condition
    points: int
    season: Optional[str]  # a basic event's season; None for a special event


@dataclass(frozen=True)
class Season:
    id: str
    name: dict
    text: dict
    workers: int  # gained on entering it
    effects: tuple


@dataclass(frozen=True)
class Numbers:
    min_players: int
    max_players: int
    hand_limit: int
    starting_hand: int
    starting_hand_options: tuple
    mulligans: int
    city_limit: int
    start_workers: int
    total_workers: int
    event_markers: int
    point_tokens: dict  # {"ones", "threes"}: denominations; the bank never runs out
    supply: Bundle  # component counts; the supply never runs out
    forest_revealed: dict  # players -> forest cards revealed
    special_events_revealed: int
    starting_berries: dict  # players -> berries each starts with, by turn position (first player first)


@dataclass(frozen=True)
class Valley:
    cards: Cards
    locations: dict  # id -> Location, in file order
    forest: dict
    basic_events: dict
    special_events: dict
    seasons: tuple  # Season, in SEASON_IDS order
    numbers: Numbers


def _entries(raw, key: str, noun: str, count: int, file: str, make) -> dict:
    found: dict = {}
    entries = require(raw, key, list, file, key)
    for i, entry in enumerate(entries):
        eid = require(entry, "id", str, file, f"{key}[{i}]")
        if eid in found:
            raise DataError(file, f"{noun} '{eid}'", "id", "duplicate id")
        found[eid] = make(entry, eid, f"{noun} '{eid}'")
    if len(found) != count:
        raise DataError(file, key, "-", f"need {count} entries, found {len(found)}")
    return found


def _event(entry, eid: str, label: str, file: str, kinds: frozenset, basic: bool) -> Event:
    where = Where(file, label, kinds)
    season = None
    if basic:
        season = require(entry, "season", str, file, label)
        if season not in SEASON_IDS[1:]:
            where.fail("season", f"expected a season a player enters ({', '.join(SEASON_IDS[1:])}), got {season!r}")
    condition = parse_condition(require(entry, "condition", dict, file, label), "condition", where)
    points = whole(require(entry, "points", int, file, label), "points", where, 1, 8)
    return Event(eid, bilingual(entry, "name", file, label), bilingual(entry, "text", file, label), condition,
                 points, season)


def parse_board(raw, cards: Cards, file: str = BOARD_FILE) -> tuple:
    """(locations, forest, basic events, special events), each id -> value in file order."""
    if not isinstance(raw, dict):
        raise DataError(file, "-", "-", "top level must be a mapping")
    kinds = frozenset(cards.kinds)

    def location(entry, eid, label):
        where = Where(file, label, kinds)
        return Location(eid, bilingual(entry, "name", file, label), require(entry, "exclusive", bool, file, label),
                        parse_effects(require(entry, "effects", list, file, label), "effects", where, "location"))

    def forest(entry, eid, label):
        where = Where(file, label, kinds)
        return Forest(eid, bilingual(entry, "name", file, label),
                      parse_effects(require(entry, "effects", list, file, label), "effects", where, "location"))

    locations = _entries(raw, "locations", "location", LOCATION_COUNT, file, location)
    if len({loc.exclusive for loc in locations.values()}) != 2:
        raise DataError(file, "locations", "exclusive", "the board needs both exclusive and shared locations")
    woods = _entries(raw, "forest", "forest card", FOREST_COUNT, file, forest)
    for wid in woods:  # actions will name a spot by its id alone
        if wid in locations or wid in kinds:
            raise DataError(file, f"forest card '{wid}'", "id", "already the id of a location or a card kind")
    for lid in locations:
        if lid in kinds:
            raise DataError(file, f"location '{lid}'", "id", "already the id of a card kind")
    basic = _entries(raw, "basic_events", "basic event", BASIC_EVENT_COUNT, file,
                     lambda e, eid, label: _event(e, eid, label, file, kinds, True))
    seasons = sorted(event.season for event in basic.values())
    if seasons != sorted(SEASON_IDS[1:]):
        raise DataError(file, "basic_events", "season", f"one basic event per season entered, got {seasons}")
    special = _entries(raw, "special_events", "special event", SPECIAL_EVENT_COUNT, file,
                       lambda e, eid, label: _event(e, eid, label, file, kinds, False))
    return locations, woods, basic, special


def _season(entry, i: int, file: str) -> Season:
    sid = require(entry, "id", str, file, f"seasons[{i}]")
    label = f"season '{sid}'"
    where = Where(file, label)
    if i >= len(SEASON_IDS) or sid != SEASON_IDS[i]:
        where.fail("id", f"the seasons are {', '.join(SEASON_IDS)} in that order")
    return Season(sid, bilingual(entry, "name", file, label), bilingual(entry, "text", file, label),
                  whole(require(entry, "workers", int, file, label), "workers", where, 0, 2),
                  parse_effects(require(entry, "effects", list, file, label), "effects", where, "season"))


def _numbers(raw, file: str) -> Numbers:
    def number(key, low: int, high: int, parent: Optional[dict] = None, entry: Optional[str] = None) -> int:
        label, source = entry or key, raw if parent is None else parent
        if key not in source:  # forest_revealed's keys are numbers; the field is named as text
            raise DataError(file, label, str(key), "missing")
        return whole(source[key], str(key), Where(file, label), low, high)

    if number("deck_size", 1, 999) != DECK_SIZE:
        raise DataError(file, "deck_size", "deck_size", f"the rule text's deck has {DECK_SIZE} cards")
    players = require(raw, "players", dict, file, "players")
    low, high = number("min", 1, 1, players, "players"), number("max", 4, 4, players, "players")
    hand_limit = number("hand_limit", 5, 15)
    starting = number("starting_hand", 1, hand_limit)
    options = require(raw, "starting_hand_options", list, file, "starting_hand_options")
    for i, value in enumerate(options):
        if type(value) is not int or not 1 <= value <= hand_limit:
            raise DataError(file, "starting_hand_options", f"[{i}]", f"must be 1-{hand_limit}, got {value!r}")
    if starting not in options:
        raise DataError(file, "starting_hand_options", "-", f"must include the starting hand {starting}")
    workers = require(raw, "workers", dict, file, "workers")
    start = number("start", 1, 6, workers, "workers")
    total = number("total", start, 8, workers, "workers")
    tokens = require(raw, "point_tokens", dict, file, "point_tokens")
    revealed = require(raw, "forest_revealed", dict, file, "forest_revealed")
    for players_count in range(low, high + 1):
        number(players_count, 1, FOREST_COUNT, revealed, "forest_revealed")
    berries = require(raw, "starting_berries", dict, file, "starting_berries")
    for players_count in range(low, high + 1):
        given = berries.get(players_count)
        if not isinstance(given, list) or len(given) != players_count:
            raise DataError(file, "starting_berries", str(players_count), f"must list {players_count} numbers")
        for i, value in enumerate(given):
            whole(value, f"{players_count}[{i}]", Where(file, "starting_berries"), 0, MAX_AMOUNT)
    supply = require(raw, "supply", dict, file, "supply")
    for resource in RESOURCES:
        number(resource, 1, 99, supply, "supply")
    return Numbers(
        low, high, hand_limit, starting, tuple(options), number("mulligan", 0, 3), number("city_limit", 5, 30),
        start, total, number("event_markers", 1, 99),
        {key: number(key, 0, 99, tokens, "point_tokens") for key in ("ones", "threes")},
        parse_bundle(supply, "supply", Where(file, "supply"), high=99),
        {n: revealed[n] for n in range(low, high + 1)},
        number("special_events_revealed", 1, SPECIAL_EVENT_COUNT),
        {n: tuple(berries[n]) for n in range(low, high + 1)})


def parse_rules(raw, cards: Cards, file: str = RULES_FILE) -> tuple:
    """(numbers, seasons) with the cross-checks: markers enough for everyone, workers adding up."""
    if not isinstance(raw, dict):
        raise DataError(file, "-", "-", "top level must be a mapping")
    numbers = _numbers(raw, file)
    seasons = tuple(_season(e, i, file) for i, e in enumerate(require(raw, "seasons", list, file, "seasons")))
    if len(seasons) != len(SEASON_IDS):
        raise DataError(file, "seasons", "-", f"the seasons are {', '.join(SEASON_IDS)}")
    if numbers.event_markers < BASIC_EVENT_COUNT * numbers.max_players:
        raise DataError(file, "event_markers", "event_markers",
                        f"every player may claim every basic event: at least {BASIC_EVENT_COUNT * numbers.max_players}")
    by_card = numbers.total_workers - numbers.start_workers - sum(s.workers for s in seasons)
    unlocking = [k.id for k in cards.kinds.values() if any(isinstance(e, Worker) for e in walk(k.effects))]
    if by_card != (1 if unlocking else 0):
        raise DataError(file, "workers", "total",
                        f"start + season workers + {len(unlocking[:1])} by a card ({unlocking or 'none'}) "
                        f"must make {numbers.total_workers}")
    return numbers, seasons


@lru_cache(maxsize=None)
def _cached(root: Optional[Path]) -> Valley:
    cards = load_cards(root)
    locations, forest, basic, special = parse_board(load_yaml(BOARD_FILE, root), cards)
    numbers, seasons = parse_rules(load_yaml(RULES_FILE, root), cards)
    return Valley(cards, locations, forest, basic, special, seasons, numbers)


def load_valley(root: Optional[Path] = None) -> Valley:
    return _cached(root)
