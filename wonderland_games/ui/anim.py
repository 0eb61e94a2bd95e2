"""Small tweens for moving cards and fading things, paced by the player's settings.

A scene keeps one `Animator`, adds `Tween`s and calls `update(dt)` each frame;
`animation_speed` scales time and `fast_forward` finishes every tween at once.
Scenes wait for `animator.busy` to be False before taking the next step.
"""

from __future__ import annotations

import math
from typing import Callable


def linear(t: float) -> float:
    return t


def ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return 4 * t ** 3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    c = 1.70158
    return 1 + (c + 1) * (t - 1) ** 3 + c * (t - 1) ** 2


def lerp(a, b, t: float):
    """Numbers or equal-length tuples (positions, colours)."""
    if isinstance(a, (tuple, list)):
        return tuple(x + (y - x) * t for x, y in zip(a, b))
    return a + (b - a) * t


class Tween:
    """`value` goes from `start` to `end` over `duration` seconds after `delay`."""

    def __init__(self, start, end, duration: float, ease: Callable[[float], float] = ease_out,
                 delay: float = 0.0, on_done: Callable[[], object] | None = None) -> None:
        self.start, self.end = start, end
        self.duration = max(0.0, duration)
        self.ease = ease
        self.delay = delay
        self.on_done = on_done
        self.elapsed = 0.0
        self.done = False

    @property
    def progress(self) -> float:
        if self.duration <= 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    @property
    def value(self):
        return lerp(self.start, self.end, self.ease(self.progress))

    def update(self, dt: float) -> None:
        if self.done:
            return
        self.elapsed += dt
        if self.elapsed >= self.delay + self.duration:
            self.finish()

    def finish(self) -> None:
        if not self.done:
            self.elapsed = self.delay + self.duration
            self.done = True
            if self.on_done is not None:
                self.on_done()


class Animator:
    """Runs tweens at the settings' pace; `busy` while any is running."""

    def __init__(self, settings) -> None:
        self.settings = settings
        self.tweens: list = []

    @property
    def speed(self) -> float:
        return max(0.1, float(getattr(self.settings, "animation_speed", 1.0)))

    @property
    def instant(self) -> bool:
        return bool(getattr(self.settings, "fast_forward", False))

    def add(self, tween: Tween) -> Tween:
        self.tweens.append(tween)
        if self.instant:
            tween.finish()
        return tween

    def tween(self, start, end, duration: float, **kw) -> Tween:
        return self.add(Tween(start, end, duration, **kw))

    @property
    def busy(self) -> bool:
        return any(not t.done for t in self.tweens)

    def update(self, dt: float) -> None:
        scaled = math.inf if self.instant else dt * self.speed
        for t in list(self.tweens):
            if scaled == math.inf:
                t.finish()
            else:
                t.update(scaled)
        self.tweens = [t for t in self.tweens if not t.done]

    def finish_all(self) -> None:
        for t in list(self.tweens):
            t.finish()
        self.tweens.clear()
