"""The dream's sand-glass clock, in real seconds (pure: the scene feeds it frame times).

The engine only hears the clock as actions (state.py): `report(state_clock)` gives the
`("clock", s)` the scene applies before every other action of the dream and when it
pauses, and the scene applies `("time_up",)` once `left` reaches 0. Between reports the clock keeps
fractions of a second, so a frame's dt is never lost; a report rounds up, so a saved
round resumes with at least the time the table still had (never a second less).
"""

from __future__ import annotations

import math

TICK_FROM = 10  # a tick as each of the last ten seconds begins


class SandClock:
    def __init__(self, seconds: int, left: float | None = None) -> None:
        self.seconds = seconds
        self.left = float(seconds if left is None else left)
        self.running = False

    def shown(self) -> int:
        """Whole seconds on the face (rounded up: "0:01" until the sand is out)."""
        return max(0, math.ceil(self.left - 1e-9))

    def share(self) -> float:
        """How much sand is still in the top bulb (1.0 full, 0.0 empty)."""
        return max(0.0, min(1.0, self.left / self.seconds)) if self.seconds else 0.0

    def advance(self, dt: float) -> list:
        """Let `dt` seconds of sand run (when running); the sounds that fall due: "tick" as
        each of the last TICK_FROM seconds begins, "alarm" when the sand runs out."""
        if not self.running or self.left <= 0 or dt <= 0:
            return []
        before = self.shown()
        self.left = max(0.0, self.left - dt)
        after = self.shown()
        sounds = ["tick" for second in range(before - 1, after - 1, -1) if 1 <= second <= TICK_FROM]
        if self.left <= 0:
            self.running = False
            sounds.append("alarm")
        return sounds

    def report(self, state_clock: int):
        """The `("clock", s)` that tells the engine the time left, or None when it knows it
        already (the engine's clock only runs down, and 0 is `time_up`'s to say)."""
        s = self.shown()
        return ("clock", s) if 1 <= s < state_clock else None
