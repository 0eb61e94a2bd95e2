"""A guided first game: a game's script (`data/<game>/tutorial.yaml`) and where a game is in it.

The script is data (docs/tutorials.md): a fixed setup, steps that each say something, point
at parts of the table by name and wait for something (Next, the learner's action, a bot's
action, the end, a scene's signal), and the table of rule clauses each step teaches.
`Lesson` is the coach's step logic, pure so it is tested without a window: which action
of the learner it lets through, which action a bot plays, when it moves on. Whatever the
learner does, a lesson never leaves a game stuck: an action the script waits for that is
not legal lets any action through.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Optional

from . import registry
from .data import DataError, bilingual, load_yaml, require
from .game import BOT, HUMAN, Seat
from .paths import data_dir

ANY = "*"  # in a pattern: any value
END = "$"  # a pattern's last element: the action ends there (else a pattern fits what starts with it)
WAITS = ("next", "do", "any", "bot", "end", "signal")


def script_file(game_id: str) -> str:
    return f"{game_id}/tutorial.yaml"


def has_script(game_id: str) -> bool:
    return (data_dir() / script_file(game_id)).is_file()


def _plain(value):
    """Tuples as lists, all the way down: a pattern from YAML compares with an action."""
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def matches(pattern, action) -> bool:
    """Does `action` fit `pattern`? "*" fits any value; a shorter pattern fits the actions that
    start with it, unless it ends with "$"."""
    pattern, action = _plain(pattern), _plain(action)
    if not isinstance(pattern, list) or not isinstance(action, list):
        return False
    if pattern and pattern[-1] == END:
        pattern = pattern[:-1]
        if len(pattern) != len(action):
            return False
    if len(pattern) > len(action):
        return False
    return all(p == ANY or p == a for p, a in zip(pattern, action))


@dataclass(frozen=True)
class Step:
    id: str
    say: dict  # {zh, en}
    wait: str = "next"  # one of WAITS
    pattern: Optional[tuple] = None  # "do" / "bot": the action waited for
    others: tuple = ()  # "do: {one_of: [...]}": the other patterns that fit too (a choice among a few)
    signal: str = ""  # "signal": the name the scene says
    point: tuple = ()  # part names, in the order the learner clicks them
    show: tuple = ()  # part names ringed all at once, through the step and its then words
    wrong: Optional[dict] = None
    then: Optional[dict] = None
    type: Optional[dict] = None  # text the learner types
    keys: tuple = ()  # keys pressed after the clicks (pygame key names)
    teaches: tuple = ()

    def fits(self, action) -> bool:
        """Is `action` the one (or one of those) this step waits for?"""
        return any(matches(p, action) for p in (self.pattern, *self.others) if p is not None)


@dataclass(frozen=True)
class Clause:
    id: str
    rule: dict
    step: str


@dataclass(frozen=True)
class Script:
    game_id: str
    setup: dict  # the script's setup mapping (seed, options, seats, and a game's own keys)
    seats: tuple  # {"kind", "level", "name": {zh, en} or None}
    steps: tuple
    clauses: tuple
    closing: dict

    def step_index(self, step_id: str) -> int:
        return next(i for i, step in enumerate(self.steps) if step.id == step_id)


def _optional_text(data: dict, key: str, file: str, entry: str) -> Optional[dict]:
    return bilingual(data, key, file, entry) if key in data else None


def _step(data: dict, file: str, index: int) -> Step:
    entry = f"steps[{index}]"
    step_id = require(data, "id", str, file, entry)
    entry = f"step {step_id}"
    waits = [key for key in ("do", "bot", "until") if key in data]
    if len(waits) > 1:
        raise DataError(file, entry, waits[1], f"a step waits for one thing, not {' and '.join(waits)}")
    wait, pattern, others, signal = "next", None, (), ""
    if "do" in data:
        wait = "any" if data["do"] == "any" else "do"
        if wait == "do":
            patterns = _patterns(data["do"], file, entry)
            pattern, others = patterns[0], patterns[1:]
    elif "bot" in data:
        wait, pattern = "bot", tuple(require(data, "bot", list, file, entry))
    elif "until" in data:
        until = require(data, "until", str, file, entry)
        if until == "end":
            wait = "end"
        elif until.startswith("signal:") and len(until) > len("signal:"):
            wait, signal = "signal", until[len("signal:"):]
        else:
            raise DataError(file, entry, "until", f"expected 'end' or 'signal:NAME', got {until!r}")
    point, show = (_parts(data, key, file, entry) for key in ("point", "show"))
    keys = data.get("keys", [])
    if not isinstance(keys, list) or not all(isinstance(k, str) for k in keys):
        raise DataError(file, entry, "keys", "expected a list of key names")
    teaches = data.get("teaches", [])
    if not isinstance(teaches, list) or not all(isinstance(t, str) for t in teaches):
        raise DataError(file, entry, "teaches", "expected a list of clause ids")
    wrong = _optional_text(data, "wrong", file, entry)
    if wrong is not None and wait != "do":
        raise DataError(file, entry, "wrong", "only a 'do' step refuses actions")
    return Step(step_id, bilingual(data, "say", file, entry), wait, pattern, others, signal, point, show, wrong,
                _optional_text(data, "then", file, entry), _optional_text(data, "type", file, entry),
                tuple(keys), tuple(teaches))


def _patterns(value, file: str, entry: str) -> tuple:
    """`do: [play, 3]`, or `do: {one_of: [[play, 3], [play, 5]]}`: the patterns that fit."""
    if isinstance(value, dict) and set(value) == {"one_of"}:
        value = value["one_of"]
        if not isinstance(value, list) or not value or not all(isinstance(p, list) for p in value):
            raise DataError(file, entry, "do.one_of", "expected a list of action patterns")
        return tuple(tuple(p) for p in value)
    if not isinstance(value, list):
        raise DataError(file, entry, "do", f"expected an action pattern, 'any' or {{one_of: [...]}}, got {value!r}")
    return (tuple(value),)


def _parts(data: dict, key: str, file: str, entry: str) -> tuple:
    parts = data.get(key, [])
    if not isinstance(parts, list) or not all(isinstance(p, str) and ":" in p for p in parts):
        raise DataError(file, entry, key, "expected a list of part names like 'hand:2'")
    return tuple(parts)


def _seat(data, file: str, index: int) -> dict:
    entry = f"setup.seats[{index}]"
    kind = require(data, "kind", str, file, entry)
    if kind not in (HUMAN, BOT) or (index == 0) != (kind == HUMAN):
        raise DataError(file, entry, "kind", "seat 0 is the learner (human), every other seat a bot")
    name = bilingual(data, "name", file, entry) if "name" in data else None
    if kind == BOT and name is None:
        raise DataError(file, entry, "name", "a bot needs a name")
    return {"kind": kind, "level": data.get("level", "easy"), "name": name}


def parse_script(game_id: str, raw) -> Script:
    """A script checked whole: every problem is a DataError naming the entry and the field."""
    file = script_file(game_id)
    if not isinstance(raw, dict):
        raise DataError(file, "-", "-", "the file is not a mapping")
    setup = require(raw, "setup", dict, file, "setup")
    require(setup, "seed", int, file, "setup")
    if not isinstance(setup.get("options", {}), dict):
        raise DataError(file, "setup", "options", "expected a mapping")
    seats = tuple(_seat(s, file, i) for i, s in enumerate(require(setup, "seats", list, file, "setup")))
    steps = tuple(_step(s, file, i) for i, s in enumerate(require(raw, "steps", list, file, "steps")))
    if not steps:
        raise DataError(file, "steps", "-", "a script has steps")
    ids = [s.id for s in steps]
    for step_id in ids:
        if ids.count(step_id) > 1:
            raise DataError(file, f"step {step_id}", "id", "two steps have this id")
    clauses = []
    for i, c in enumerate(require(raw, "clauses", list, file, "clauses")):
        clause_id = require(c, "id", str, file, f"clauses[{i}]")
        step = require(c, "step", str, file, f"clause {clause_id}")
        if step not in ids:
            raise DataError(file, f"clause {clause_id}", "step", f"no step has the id {step!r}")
        clauses.append(Clause(clause_id, bilingual(c, "rule", file, f"clause {clause_id}"), step))
    known = {c.id for c in clauses}
    for step in steps:
        for clause in step.teaches:
            if clause not in known:
                raise DataError(file, f"step {step.id}", "teaches", f"no clause has the id {clause!r}")
    return Script(game_id, setup, seats, steps, tuple(clauses), bilingual(raw, "closing", file, "closing"))


@lru_cache(maxsize=None)
def load_script(game_id: str) -> Script:
    return parse_script(game_id, load_yaml(script_file(game_id)))


def _seats(script: Script, lang: str, learner: str, level: Optional[str] = None) -> list:
    return [Seat(name=learner if s["kind"] == HUMAN else s["name"][lang], kind=s["kind"],
                 level=(level or s["level"]) if s["kind"] == BOT else "normal") for s in script.seats]


def start(game_id: str, lang: str, learner: str, autosave: bool = True):
    """A new guided game of `game_id` at its first step: a Session from the script's fixed setup."""
    from .session import Session  # a session imports this module's users, not this module

    script = load_script(game_id)
    info = registry.get(game_id)
    seats = _seats(script, lang, learner)
    options = dict(script.setup.get("options", {}))
    if info.tutorial_state is not None:  # the setup, and the language the lesson is played in
        state = info.tutorial_state(seats, {**script.setup, "lang": lang})
    else:
        state = info.new_state(seats, script.setup["seed"], options)
    session = Session(game_id, seats, script.setup["seed"], options, autosave=autosave, initial=state.to_dict())
    session.tutorial = {"step": 0, "then": False, "lang": lang}
    return session


def real_game(game_id: str, lang: str, learner: str):
    """A real game after the lesson: the same table, its bots at Easy, a fresh deal, each seat's
    pick as in the lesson and every other option at its default (the setup screen's first values)."""
    from .session import Session

    script, info = load_script(game_id), registry.get(game_id)
    seats = _seats(script, lang, learner, level="easy")
    options = {o.option: o.first_value(lang) for o in info.game_options if len(seats) in o.seats}
    choice = info.seat_choice
    if choice is not None:  # each seat keeps the pick it had in the lesson (Oz: Dorothy stays Dorothy)
        kept = script.setup.get("options", {}).get(choice.option)
        options[choice.option] = choice.picks(kept if isinstance(kept, list) else [], len(seats))
    return Session.new(game_id, seats, options=options or None)


class Lesson:
    """Where a guided game is in its script: step `index`, and `then` once the step's wait is
    over and its `then` words are on show. `position()` is what a save keeps."""

    def __init__(self, script: Script, position: Optional[dict] = None):
        self.script = script
        position = position or {}
        index = position.get("step", 0)
        self.index = index if isinstance(index, int) and 0 <= index <= len(script.steps) else 0
        self.then = bool(position.get("then")) and not self.finished

    def position(self) -> dict:
        return {"step": self.index, "then": self.then}

    @property
    def finished(self) -> bool:
        return self.index >= len(self.script.steps)

    @property
    def step(self) -> Optional[Step]:
        return None if self.finished else self.script.steps[self.index]

    def waits_for(self) -> Optional[str]:
        """What moves the lesson on now: "next" (talk, or the then words), a step's wait, or
        None when it is over."""
        if self.finished:
            return None
        return "next" if self.then else self.step.wait

    def words(self) -> Optional[dict]:
        """The words on show now ({zh, en})."""
        if self.finished:
            return None
        return self.step.then if self.then else self.step.say

    def pointing(self) -> tuple:
        """The parts pointed at now (none while the then words explain)."""
        return () if self.finished or self.then else self.step.point

    def showing(self) -> tuple:
        """The parts ringed all at once now (the step's, its then words too)."""
        return () if self.finished else self.step.show

    def holds(self) -> bool:
        """The game waits (bots too) while the coach talks."""
        return self.waits_for() == "next"

    def next(self) -> bool:
        """Next pressed: on from talk or from the then words. True if it moved."""
        if self.waits_for() != "next":
            return False
        self._move_on()
        return True

    def _move_on(self) -> None:
        self.index += 1
        self.then = False

    def _waited_for_happened(self) -> None:
        if self.step.then is not None:
            self.then = True
        else:
            self._move_on()

    def _none_fits(self, legal: list) -> bool:
        return not any(self.step.fits(a) for a in legal)

    def allows(self, action, legal: list) -> bool:
        """May the learner play `action` now? Their only legal action always; nothing while the
        coach talks; on a "do" step only what fits (anything when nothing legal fits)."""
        if len(legal) <= 1:
            return True
        wait = self.waits_for()
        if wait is None or wait in ("any", "end", "signal"):
            return True
        if wait == "do":
            return self.step.fits(action) or self._none_fits(legal)
        return False  # "next" (talk) or "bot" (not the learner's move)

    def bot_action(self, legal: list):
        """The action the script has a bot play now, or None (the bot plays at Easy)."""
        if self.waits_for() != "bot":
            return None
        return next((a for a in legal if self.step.fits(a)), None)

    def acted(self, action, by_learner: bool, legal: list) -> bool:
        """An action was applied (`legal`: the actions that were legal before it); True when the
        lesson moved on. An action taken because it was the only one is no choice: it moves a
        step on only when it is the very action the step waits for."""
        wait = self.waits_for()
        moves = (wait == "any" and by_learner and len(legal) > 1) or (
            wait == ("do" if by_learner else "bot")
            and (self.step.fits(action) or (len(legal) > 1 and self._none_fits(legal))))
        if moves:
            self._waited_for_happened()
        return moves

    def ended(self) -> bool:
        """The game is over: an "until: end" step has what it waited for. True if it moved."""
        if self.waits_for() == "end":
            self._waited_for_happened()
            return True
        return False

    def signalled(self, name: str) -> bool:
        if self.waits_for() == "signal" and self.step.signal == name:
            self._waited_for_happened()
            return True
        return False
