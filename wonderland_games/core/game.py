"""The engine protocol every game implements.

One small surface for five games (in the spirit of OpenSpiel's `State`):
`current_player`, `legal_actions`, `apply`, `view`, `is_over`, `result`,
`clone`, `to_dict`/`from_dict`. Bots, saves, records, the simulator and the
scenes are written once against it.

Actions are tuples of str/int (frozen, hashable, JSON-safe once turned into
lists); events are plain dicts with a "type" key.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Optional, Sequence

Action = tuple
Event = dict

HUMAN = "human"
BOT = "bot"
BOT_LEVELS = ("easy", "normal", "hard", "random")  # random: not offered in the GUI (tests, simulate)


class IllegalAction(ValueError):
    """An action that is not legal now; the state is left unchanged."""


class StateFormatError(ValueError):
    """A serialised state that cannot be read (wrong game, version, fields)."""


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str = HUMAN
    level: str = "normal"

    def __post_init__(self) -> None:
        if self.kind not in (HUMAN, BOT):
            raise ValueError(f"seat kind must be human or bot, not {self.kind!r}")
        if self.level not in BOT_LEVELS:
            raise ValueError(f"bot level must be one of {BOT_LEVELS}, not {self.level!r}")

    @property
    def is_bot(self) -> bool:
        return self.kind == BOT

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> "Seat":
        return cls(name=str(data["name"]), kind=data.get("kind", HUMAN), level=data.get("level", "normal"))


def whole(value) -> int:
    """A whole number read from a saved state (bool is not one)."""
    if type(value) is not int:
        raise ValueError(f"expected a whole number, got {value!r}")
    return value


def optional_whole(value) -> Optional[int]:
    return None if value is None else whole(value)


def whole_list(values) -> list:
    if not isinstance(values, list):
        raise TypeError(f"expected a list, got {values!r}")
    return [whole(v) for v in values]


def plain(action: tuple) -> bool:
    """Whether every part of `action` is exactly a str or an int, as legal actions are:
    True and 1.0 equal 1, so a membership test alone would let them in (and into saves)."""
    return all(type(part) is str or type(part) is int for part in action)


def as_action(value: Any) -> Action:
    """Turn a JSON list back into the tuple form actions use."""
    if isinstance(value, (list, tuple)):
        return tuple(as_action(v) if isinstance(v, list) else v for v in value)
    raise StateFormatError(f"an action must be a list, got {value!r}")


@dataclass
class Result:
    """Final outcome. `scores` use the game's own sense (see `lower_is_better`)."""

    scores: list
    winners: list  # seats sharing the win
    breakdown: list  # per seat: {label: points}
    lower_is_better: bool = False
    extra: dict = field(default_factory=dict)

    def detail(self, key: str):
        """`extra.get(key)`, as simulate reads every result (a game whose `extra` costs much to
        build, Parade's, answers without building it)."""
        return self.extra.get(key)

    def win_share(self, seat: int) -> float:
        return 1.0 / len(self.winners) if seat in self.winners else 0.0

    def ranking(self) -> list:
        """Seats best first (winners first, then by score)."""
        sign = 1 if self.lower_is_better else -1
        return sorted(range(len(self.scores)), key=lambda s: (s not in self.winners, sign * self.scores[s]))

    def to_dict(self) -> dict:
        return asdict(self)


def win_utility(share: float, margin: float) -> float:
    """A bot's utility in [0, 1]: mostly the win share, a little for the score margin
    (so a bot still plays for points when the win is out of reach)."""
    return 0.75 * share + 0.25 / (1.0 + 2.0 ** (-margin / 4.0))


def seat_utility(seat: int, scores: Sequence, winners: Optional[Sequence] = None,
                 lower_is_better: bool = False) -> float:
    """`win_utility` of one seat: its win share (`winners` is None while the game goes on)
    and how far it leads the others' average score."""
    others = (sum(scores) - scores[seat]) / max(1, len(scores) - 1)
    margin = others - scores[seat] if lower_is_better else scores[seat] - others
    share = 1.0 / len(winners) if winners is not None and seat in winners else 0.0
    return win_utility(share, margin)


class GameState:
    """Base class: games override the methods below."""

    game_id: str = ""
    seats: Sequence[Seat] = ()

    def current_player(self) -> Optional[int]:
        raise NotImplementedError

    def legal_actions(self) -> list:
        raise NotImplementedError

    def apply(self, action: Action) -> list:
        raise NotImplementedError

    def advance(self, action: Action) -> None:
        """`apply` for callers that drop the events (`simulate`, bots' playouts); a game may
        override it to skip building them."""
        self.apply(action)

    def view(self, seat: int) -> "GameState":
        """What `seat` may see; the returned object offers `determinize(rng)`."""
        raise NotImplementedError

    def determinize(self, rng) -> "GameState":
        """A full state consistent with this view (hidden cards resampled)."""
        raise NotImplementedError

    def is_over(self) -> bool:
        raise NotImplementedError

    def result(self) -> Result:
        raise NotImplementedError

    def returns(self, seat: int) -> float:
        """Bot utility in [0, 1]: win share plus a small score tiebreak."""
        raise NotImplementedError

    def clone(self) -> "GameState":
        raise NotImplementedError

    def to_dict(self) -> dict:
        raise NotImplementedError

    def reveals_hidden(self, action: Action) -> bool:
        """True when applying `action` shows something hidden (undo stops there)."""
        return True

    def turn_number(self) -> int:
        """The turn (or round: `GameInfo.turn_unit`) under way, counted from 1; the last one once
        the game is over. The load list and the menu's Resume badge show it."""
        return 0

    def scores_now(self) -> Optional[list]:
        """Each seat's score if the game were scored now, in the game's own sense (equal to
        `result().scores` once over); the results chart draws it turn by turn. None: the
        game cannot say before the end."""
        return None

    def turns_done(self) -> int:
        """Whole turns (or rounds: `GameInfo.turn_unit`) finished so far, the results chart's
        x; `turn_number()` unless that counts the turn under way."""
        return self.turn_number()


@dataclass(frozen=True)
class SeatChoice:
    """Something each seat picks on the new-game screen (Oz: a character).

    The picks reach `new_state` as `options[option]`, one value per seat.
    Labels are i18n keys: `label` heads the column, `value_label` has "{}"
    where the value goes. With `distinct`, no two seats hold the same value.
    """

    option: str
    values: tuple
    label: str
    value_label: str
    distinct: bool = True

    def picks(self, wanted: list, count: int) -> list:
        """One value per seat: the `wanted` ones (a remembered setup's, a lesson's) where still
        valid, then the values in order (skipping taken ones when the pick is distinct)."""
        picks = []
        for i in range(count):
            old = wanted[i] if i < len(wanted) else None
            in_order = self.values[i % len(self.values)]
            if old in self.values and not (self.distinct and old in picks):
                picks.append(old)
            elif self.distinct:
                picks.append(next((v for v in self.values if v not in picks), in_order))
            else:
                picks.append(in_order)
        return picks


@dataclass(frozen=True)
class GameOption:
    """Something picked once for the whole game on the new-game screen, offered only at
    the seat counts in `seats` (Valley: the solo opponent's difficulty, with one seat) and,
    with `needs_bot`, only while some seat is a bot (Dream Teller's clue language: the
    bots' and the typed clues', nothing at a table of people).

    The pick reaches `new_state` as `options[option]`. Labels are i18n keys as in
    `SeatChoice`; `default` is the value shown first, or a function of the app's language
    giving it (Dream Teller: the bots' clue language follows the app's).
    """

    option: str
    values: tuple
    default: Any
    label: str
    value_label: str
    seats: tuple
    needs_bot: bool = False

    def first_value(self, lang: str):
        """The value shown first: `default`, or what it gives for the app's language."""
        return self.default(lang) if callable(self.default) else self.default


@dataclass(frozen=True)
class GameInfo:
    """What the menu, simulator and loaders need to know about one game."""

    id: str
    name: dict  # {"zh": ..., "en": ...}
    min_players: int
    max_players: int
    available: bool
    new_state: Optional[Callable] = None  # (seats, seed, options) -> GameState
    from_dict: Optional[Callable] = None  # (dict) -> GameState
    make_bot: Optional[Callable] = None  # (level) -> Bot
    scene: Optional[str] = None  # "module:Class", imported lazily
    rules_key: str = ""
    seat_choice: Optional[SeatChoice] = None  # a per-seat pick on the setup screen
    game_options: tuple = ()  # GameOption: picks for the whole game on the setup screen
    turn_unit: str = "turns"  # what `turn_number()` counts, in the simulator's words
    other_seats: str = "bot-normal"  # what the setup screen's seats after the first start as (a party game: "human")
    # (option, value): rules a game's later editions changed, each with the value a record that does
    # not name it was played by (Oz: ("edition", 1)); records name the newer ones (core/records.py)
    record_defaults: tuple = ()
    # (seats, setup) -> GameState: the fixed setup of the guided first game (docs/tutorials.md),
    # `setup` being the script's setup mapping; None: new_state from its seed and options
    tutorial_state: Optional[Callable] = None
    # False: a phone seat cannot sit with bots (Dream: bot mode's screen shows its person's role and
    # word, so a person on a phone has no screen of their own there); the setup screen refuses it
    phones_with_bots: bool = True

    @property
    def has_engine(self) -> bool:
        """Its rules run (simulate, records, the conformance suite); `available` adds the
        table, so the game is on the menu. A game is built engine first."""
        return self.new_state is not None and self.from_dict is not None
