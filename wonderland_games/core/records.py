"""Game records: the seed, the deal and every action of one finished game.

A record replays a game exactly (docs/records.md has the format). Dealt games
(states with `initial_order`, `first_player` and `deal(order, first_player)`,
as Parade) also store the deal, so a record stays playable even if the
shuffle behind a seed ever changed; replay checks the two agree.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from typing import Iterator, Optional

from . import registry
from .game import GameState, IllegalAction, Seat, StateFormatError, as_action

FORMAT = "wonderland-record"
VERSION = 1


class RecordError(ValueError):
    """A record that cannot be read or does not replay; the message says why."""


@dataclass
class Record:
    game: str
    seed: int
    seats: list  # [Seat]
    setup: dict
    actions: list  # [action tuple]
    result: dict  # {"scores", "winners", "breakdown", "lower_is_better"}
    options: Optional[dict] = None

    def to_dict(self) -> dict:
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "seed": self.seed,
            "options": self.options,
            "seats": [s.to_dict() for s in self.seats],
            "setup": self.setup,
            "actions": [list(a) for a in self.actions],
            "result": self.result,
        }


def setup_of(state: GameState) -> dict:
    """What a record keeps of the start: the deal for dealt games, else nothing."""
    if getattr(state, "initial_order", None):
        return {"order": list(state.initial_order), "first_player": state.first_player}
    return {}


def result_of(state: GameState) -> dict:
    r = state.result()
    return {"scores": list(r.scores), "winners": list(r.winners), "breakdown": r.breakdown,
            "lower_is_better": r.lower_is_better}


def make_record(game: str, seed: int, seats, options, first: GameState, actions, final: GameState) -> Record:
    """`first` is the state before any action (e.g. a clone), `final` the finished one."""
    return Record(game, seed, list(seats), setup_of(first), [tuple(a) for a in actions], result_of(final), options)


def write_record(path, record: Record) -> None:
    """Atomic write: a crash leaves the old file or the new one, never half of one."""
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".record-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(record.to_dict(), f, ensure_ascii=False, separators=(",", ":"))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def _need(data: dict, key: str, kind, where: str):
    if key not in data:
        raise RecordError(f"{where}: missing field '{key}'")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise RecordError(f"{where}: field '{key}' must be {names}, not {type(value).__name__}")
    return value


def record_from_dict(data, where: str = "record") -> Record:
    """Validate plain JSON data into a Record (RecordError names the field)."""
    if not isinstance(data, dict):
        raise RecordError(f"{where}: not a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"{where}: not a Wonderland game record (format is {data.get('format')!r})")
    version = _need(data, "version", int, where)
    if version > VERSION:
        raise RecordError(f"{where}: record version {version} is newer than this app reads ({VERSION})")
    if version != VERSION:
        raise RecordError(f"{where}: unsupported record version {version}")
    game = _need(data, "game", str, where)
    try:
        info = registry.get(game)
    except KeyError:
        raise RecordError(f"{where}: unknown game '{game}'") from None
    if not info.available:
        raise RecordError(f"{where}: game '{game}' is not playable in this version")
    seed = _need(data, "seed", int, where)
    options = data.get("options")
    if options is not None and not isinstance(options, dict):
        raise RecordError(f"{where}: field 'options' must be an object or null")
    seats = []
    for i, raw in enumerate(_need(data, "seats", list, where)):
        try:
            seats.append(Seat.from_dict(raw))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise RecordError(f"{where}: seats[{i}] is not a seat ({exc})") from None
    if not info.min_players <= len(seats) <= info.max_players:
        raise RecordError(f"{where}: {len(seats)} seats, but {game} is for {info.min_players}-{info.max_players}")
    setup = _need(data, "setup", dict, where)
    actions = []
    for i, raw in enumerate(_need(data, "actions", list, where)):
        if not isinstance(raw, list) or not raw or not all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in raw):
            raise RecordError(f"{where}: actions[{i}] must be a non-empty list of strings and integers, not {raw!r}")
        actions.append(as_action(raw))
    result = _need(data, "result", dict, where)
    for key in ("scores", "winners"):
        _need(result, key, list, f"{where}: result")
    return Record(game, seed, seats, setup, actions, result, options)


def load_record(path) -> Record:
    where = f"record {os.fspath(path)}"
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except OSError as exc:
        raise RecordError(f"{where}: cannot read ({exc.strerror})") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise RecordError(f"{where}: not valid JSON ({exc})") from None
    return record_from_dict(data, where)


def initial_state(record: Record) -> GameState:
    """The game before its first action, rebuilt from seed and checked against the setup."""
    info = registry.get(record.game)
    try:
        state = info.new_state(record.seats, record.seed, record.options)
    except (ValueError, TypeError) as exc:
        raise RecordError(f"record cannot start a {record.game} game: {exc}") from None
    rebuilt = setup_of(state)
    if record.setup and record.setup != rebuilt:
        if not rebuilt:
            raise RecordError(f"record has a setup, but {record.game} games are not dealt")
        try:
            order = [int(c) for c in record.setup["order"]]
            first = int(record.setup["first_player"])
        except (KeyError, TypeError, ValueError):
            raise RecordError("record setup needs 'order' (card list) and 'first_player'") from None
        if sorted(order) != sorted(rebuilt["order"]) or not 0 <= first < len(record.seats):
            raise RecordError("record setup is not a deal of this game's cards")
        state.deal(order, first)  # the recorded deal wins over the seed's
    return state


def replay_states(record: Record) -> Iterator[GameState]:
    """Yield the state after each action (each a separate copy), then check the result."""
    state = initial_state(record)
    for i, action in enumerate(record.actions):
        try:
            state.apply(action)
        except (IllegalAction, StateFormatError) as exc:
            raise RecordError(f"record action {i} {list(action)} is illegal: {exc}") from None
        yield state.clone()
    if not state.is_over():
        raise RecordError(f"record ends after {len(record.actions)} actions, before the game is over")
    got = result_of(state)
    for key in ("scores", "winners", "breakdown"):
        if key in record.result and record.result[key] != got[key]:
            raise RecordError(f"record result does not match the replay: {key} {record.result[key]} != {got[key]}")
