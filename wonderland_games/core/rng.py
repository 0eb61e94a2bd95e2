"""A seeded random generator whose whole state is plain JSON.

Randomness lives inside the game state so the same seed and the same actions
always give the same game, and a save restores the cards still to come.
"""

from __future__ import annotations

import random


class Rng(random.Random):
    """`random.Random` that serialises to and from JSON-safe lists."""

    def to_json(self) -> list:
        version, internal, gauss = self.getstate()
        return [version, list(internal), gauss]

    @classmethod
    def from_json(cls, data: list) -> "Rng":
        rng = cls()
        version, internal, gauss = data
        rng.setstate((version, tuple(internal), gauss))
        return rng
