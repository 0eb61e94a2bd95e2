"""Easing curves and interpolation for what moves (ui/motion.py and the games' own drawing)."""

from __future__ import annotations


def ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return 4 * t ** 3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def lerp(a, b, t: float):
    """Numbers or equal-length tuples (positions, colours)."""
    if isinstance(a, (tuple, list)):
        return tuple(x + (y - x) * t for x, y in zip(a, b))
    return a + (b - a) * t
