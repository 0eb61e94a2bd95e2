"""Chance as one int: a SplitMix64 generator carried inside a game state, and tapes.

Lost in Oz and World Voyage keep their generator's whole state as one int in
the game state: a clone copies it for free, a save restores the rolls and
draws to come, and a view drops it (`rng = None`) so bots must determinize.
`chance` counts what was drawn, which is how an action is known to reveal
something hidden.

A `Tape` makes a game record self-contained: every chance outcome (a tile, a
die, a card drawn) passes through `ChanceState.taped`, which either writes it
down (recording) or replaces it by the recorded one (playback), so a record
replays without our generator. The tape's list is shared by clones, but each
state keeps its own place on it (`tape_at`), so a clone can be stepped on its
own; states without a tape pay one `is None` test per roll or draw.
"""

from __future__ import annotations

from typing import Optional

from .game import IllegalAction

MASK = (1 << 64) - 1
STEP = 0x9E3779B97F4A7C15


def mix(state: int) -> int:
    """The 64 random bits SplitMix64 gives for a generator state."""
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def next_state(state: int) -> tuple:
    """(new state, 64 random bits)."""
    state = (state + STEP) & MASK
    return state, mix(state)


class ChanceError(ValueError):
    """A recorded chance outcome that this game cannot use (missing, of another kind, impossible)."""


class Tape:
    """Chance outcomes in the order a game uses them, each `(kind, *value)` as in a record's "chance".

    `Tape()` records (outcomes are appended as they happen); `Tape(outcomes)` plays them back.
    """

    def __init__(self, outcomes: Optional[list] = None):
        self.recording = outcomes is None
        self.outcomes = [] if outcomes is None else [tuple(o) for o in outcomes]

    def outcome(self, at: int, kind: str, value, allowed):
        """Outcome number `at`: `value` (just drawn) when recording, else the recorded one,
        which must be of `kind` and `in allowed`."""
        if self.recording:
            if at != len(self.outcomes):
                raise ChanceError("two states write to one recording tape")
            self.outcomes.append((kind, *value) if type(value) is tuple else (kind, value))
            return value
        if at >= len(self.outcomes):
            raise ChanceError(f"chance ends after {len(self.outcomes)} outcomes, but the game needs a {kind}")
        entry = self.outcomes[at]
        got = entry[1] if len(entry) == 2 else entry[1:]
        if entry[0] != kind or got not in allowed or type(got) is bool:
            raise ChanceError(f"chance[{at}] is {list(entry)}, but the game needs a {kind} it can have now")
        return got


class ChanceState:
    """Mixin for a GameState with `self.rng` (int, None in a view) and `self.chance` (draws so far)."""

    no_chance = "a view has no dice or deck order; determinize it first"
    tape: Optional[Tape] = None  # set on states built from or for a record
    tape_at = 0  # this state's place on the tape

    def _bits(self) -> int:
        """64 random bits; `mix` inlined, as every roll and draw comes through here."""
        state = self.rng
        if state is None:
            raise IllegalAction(self.no_chance)
        state = self.rng = (state + STEP) & MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def taped(self, kind: str, value, allowed):
        """`value` as the tape has it (call only with a tape): see `Tape.outcome`."""
        at = self.tape_at
        self.tape_at = at + 1
        return self.tape.outcome(at, kind, value, allowed)

    def choose(self, kind: str, options) -> int:
        """The index of a random one of `options` (a die's faces, a pile, range(seats))."""
        i = self._bits() % len(options)
        self.chance += 1
        if self.tape is not None:
            i = options.index(self.taped(kind, options[i], options))
        return i

    def reveals_hidden(self, action) -> bool:
        """True when the action draws or rolls anything, or ends the game (a finished game's
        views show every hand); found by trying it on a clone."""
        if self.rng is None:
            return True
        trial = self.clone()
        try:
            trial.apply(action)
        except IllegalAction:
            return False
        return trial.chance != self.chance or trial.is_over()
