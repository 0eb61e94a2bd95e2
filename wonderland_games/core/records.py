"""Game records: the start, every chance outcome and every action of one game.

A record replays a game exactly without our random generator (docs/records.md
has the format): version 2 lists every chance outcome in the order the game
uses them ("chance", played back through a `Tape`), and dealt games (states
with `initial_order`, `first_player` and `deal(order, first_player)`, as
Parade) store their deal in "setup". Version 1 records stored only the seed
for Oz and Voyage; they are still read, and replayed from the seed.

`load_replay` is what `wonderland-games replay FILE` uses: it takes a record
or a save (a snapshot plus the action log), and checks that it replays.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from typing import Iterator, Optional

from . import registry, saves
from .chance import ChanceError, ChanceState, Tape
from .game import GameState, IllegalAction, Seat, StateFormatError, as_action

FORMAT = "wonderland-record"
VERSION = 2
SEED_ONLY = 1  # the version whose Oz and Voyage records replay from the seed


class RecordError(ValueError):
    """A record that cannot be read or does not replay; the message says why, on one line."""


@dataclass
class Record:
    game: str
    seed: Optional[int]  # the seed the game was played with; a version-2 replay does not need it
    seats: list  # [Seat]
    setup: dict
    actions: list  # [action tuple]
    result: Optional[dict]  # {"scores", "winners", "breakdown", "lower_is_better"}; None: unfinished
    options: Optional[dict] = None
    chance: Optional[list] = None  # [(kind, *value)] in the order used; None: a version-1 record

    def to_dict(self) -> dict:
        data = {"format": FORMAT, "version": SEED_ONLY if self.chance is None else VERSION, "game": self.game}
        if self.seed is not None:
            data["seed"] = self.seed
        data.update(options=self.options, seats=[s.to_dict() for s in self.seats], setup=self.setup)
        if self.chance is not None:
            data["chance"] = [list(c) for c in self.chance]
        data.update(actions=[list(a) for a in self.actions], result=self.result)
        return data


def setup_of(state: GameState) -> dict:
    """What a record keeps of the start: the deal for dealt games, else nothing."""
    if getattr(state, "initial_order", None):
        return {"order": list(state.initial_order), "first_player": state.first_player}
    return {}


def result_of(state: GameState) -> dict:
    r = state.result()
    return {"scores": list(r.scores), "winners": list(r.winners), "breakdown": r.breakdown,
            "lower_is_better": r.lower_is_better}


def _new_game(game: str, seats, seed, options, tape: Optional[Tape]) -> GameState:
    """`new_state` from the seed; for a game with chance and a tape, again with the tape."""
    info = registry.get(game)
    state = info.new_state(seats, 0 if seed is None else seed, options)
    if tape is not None and isinstance(state, ChanceState):
        state = info.new_state(seats, 0 if seed is None else seed, options, tape=tape)
    return state


def _rules_options(game: str, state: GameState, options: Optional[dict]) -> Optional[dict]:
    """`options` naming each rule of `GameInfo.record_defaults` that `state` plays by a newer value
    of (the state's field of that name), so its record replays by it and older records by theirs."""
    newer = {key: getattr(state, key) for key, old in registry.get(game).record_defaults
             if key not in (options or {}) and getattr(state, key) != old}
    return {**(options or {}), **newer} if newer else options


def _played_options(game: str, options: Optional[dict]) -> Optional[dict]:
    """A record's options with the rules it does not name as records played before they changed."""
    defaults = registry.get(game).record_defaults
    return {**dict(defaults), **(options or {})} if defaults else options


def make_record(game: str, seed: int, seats, options, actions) -> Record:
    """The record of a game played from `seed`: it is played again to write down its chance."""
    tape = Tape()
    state = _new_game(game, list(seats), seed, options, tape)
    options = _rules_options(game, state, options)
    setup = setup_of(state)
    for action in actions:
        state.apply(action)
    return Record(game, seed, list(seats), setup, [tuple(a) for a in actions],
                  result_of(state) if state.is_over() else None, options, tape.outcomes)


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


def _plain_list(raw, least: int) -> bool:
    """A list of at least `least` strings and integers (what actions and chance outcomes are)."""
    return (isinstance(raw, list) and len(raw) >= least
            and all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in raw))


def record_from_dict(data, where: str = "record") -> Record:
    """Validate plain JSON data into a Record (RecordError names the field)."""
    if not isinstance(data, dict):
        raise RecordError(f"{where}: not a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"{where}: not a Wonderland game record (format is {data.get('format')!r})")
    version = _need(data, "version", int, where)
    if version > VERSION:
        raise RecordError(f"{where}: record version {version} is newer than this app reads ({VERSION})")
    if version not in (SEED_ONLY, VERSION):
        raise RecordError(f"{where}: unsupported record version {version}")
    game = _need(data, "game", str, where)
    try:
        info = registry.get(game)
    except KeyError:
        raise RecordError(f"{where}: unknown game '{game}'") from None
    if not info.has_engine:
        raise RecordError(f"{where}: game '{game}' is not playable in this version")
    seed = _need(data, "seed", int, where) if version == SEED_ONLY or "seed" in data else None
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
    chance = None
    if version == VERSION:
        chance = []
        for i, raw in enumerate(_need(data, "chance", list, where)):
            if not _plain_list(raw, 2) or not isinstance(raw[0], str):
                raise RecordError(f"{where}: chance[{i}] must be a kind and its value, not {raw!r}")
            chance.append(tuple(raw))
    actions = []
    for i, raw in enumerate(_need(data, "actions", list, where)):
        if not _plain_list(raw, 1):
            raise RecordError(f"{where}: actions[{i}] must be a non-empty list of strings and integers, not {raw!r}")
        actions.append(as_action(raw))
    unfinished = version == VERSION and "result" in data and data["result"] is None
    result = None if unfinished else _need(data, "result", dict, where)
    for key in () if unfinished else ("scores", "winners"):
        _need(result, key, list, f"{where}: result")
    return Record(game, seed, seats, setup, actions, result, options, chance)


def _read(path, name: str) -> dict:
    """The JSON object in a file; whatever is wrong with it becomes one RecordError line."""
    try:
        return saves.read_json(path)
    except saves.SaveError as exc:
        message = exc.message if exc.kind != "invalid" else "not a game record or a save (not a JSON object)"
        raise RecordError(f"{name}: {message}") from None


def load_record(path) -> Record:
    where = f"record {os.fspath(path)}"
    return record_from_dict(_read(path, where), where)


def record_of_save(data: dict, where: str = "save") -> Record:
    """A save (finished or not) as a record: its seed, seats and actions played again."""
    from .session import Session

    try:
        session = Session.from_save(data, autosave=False)
    except saves.SaveError as exc:
        raise RecordError(f"{where}: {exc.message}") from None
    start = session.initial_state()
    rules = {key: getattr(start, key) for key, _ in registry.get(session.game_id).record_defaults}
    options = {**session.options, **rules}  # the rules its game began by, whichever they are
    record = make_record(session.game_id, session.seed, session.seats, options or None, session.actions)
    if initial_state(record).to_dict() != start.to_dict():
        raise RecordError(f"{where}: its starting position is not the one its seed gives")
    return record


def load_replay(path, name: Optional[str] = None) -> Record:
    """A record or a save from `path`, checked to replay to its end (RecordError: one line saying
    why, naming the file as `name`, by default its path)."""
    name = os.fspath(path) if name is None else name
    data = _read(path, name)
    if data.get("format") == saves.FORMAT:
        record = record_of_save(data, name)
    else:
        record = record_from_dict(data, name)
    try:
        for _ in replay_states(record):
            pass
    except RecordError as exc:
        raise RecordError(f"{name}: {exc}") from None
    return record


def initial_state(record: Record) -> GameState:
    """The game before its first action: from the chance list (version 2) or the seed, and the setup."""
    tape = None if record.chance is None else Tape(record.chance)
    try:
        options = _played_options(record.game, record.options)
        state = _new_game(record.game, record.seats, record.seed, options, tape)
    except (ValueError, TypeError) as exc:
        raise RecordError(f"record cannot start a {record.game} game: {exc}") from None
    if record.chance and getattr(state, "tape", None) is None:
        raise RecordError(f"record lists chance outcomes, but {record.game} games use none")
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
    """Yield the state after each action (each a separate copy), then check the end:
    every chance outcome used and, for a finished game, the result."""
    state = initial_state(record)
    for i, action in enumerate(record.actions):
        try:
            state.apply(action)
        except (IllegalAction, StateFormatError, ChanceError) as exc:
            raise RecordError(f"record action {i} {list(action)} is illegal: {exc}") from None
        yield state.clone()
    if record.result is not None and not state.is_over():
        raise RecordError(f"record ends after {len(record.actions)} actions, before the game is over")
    tape = getattr(state, "tape", None)
    if tape is not None and state.tape_at != len(tape.outcomes):
        raise RecordError(f"record lists {len(tape.outcomes) - state.tape_at} chance outcomes the game never used")
    if record.result is None:
        return
    got = result_of(state)
    for key in ("scores", "winners", "breakdown"):
        if key in record.result and record.result[key] != got[key]:
            raise RecordError(f"record result does not match the replay: {key} {record.result[key]} != {got[key]}")
