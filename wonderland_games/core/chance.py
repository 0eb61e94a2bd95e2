"""Chance as one int: a SplitMix64 generator carried inside a game state.

Lost in Oz and World Voyage keep their generator's whole state as one int in
the game state: a clone copies it for free, a save restores the rolls and
draws to come, and a view drops it (`rng = None`) so bots must determinize.
`chance` counts what was drawn, which is how an action is known to reveal
something hidden.
"""

from __future__ import annotations

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


class ChanceState:
    """Mixin for a GameState with `self.rng` (int, None in a view) and `self.chance` (draws so far)."""

    no_chance = "a view has no dice or deck order; determinize it first"

    def _bits(self) -> int:
        """64 random bits; `mix` inlined, as every roll and draw comes through here."""
        state = self.rng
        if state is None:
            raise IllegalAction(self.no_chance)
        state = self.rng = (state + STEP) & MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def rand(self, n: int) -> int:
        bits = self._bits()
        self.chance += 1
        return bits % n

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
