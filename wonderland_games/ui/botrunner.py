"""Bot moves thought out on a worker thread, shown at a pace people can follow.

`BotRunner` starts `bot.choose(view, legal, rng, budget)` on a daemon thread
the moment it is made, so the window keeps drawing while a Hard bot thinks.
The scene calls `update(dt)` each frame and applies `action` once `done`:
that is when the bot has answered *and* at least the pause has passed
(`settings.bot_think_seconds / animation_speed`, none with fast-forward).
Pass a view the bot may freely mutate (`state.view(seat)` is already a copy).
"""

from __future__ import annotations

import threading


class BotRunner:
    def __init__(self, bot, view, legal: list, rng, settings, budget=None, pause: float | None = None) -> None:
        speed = max(0.1, float(getattr(settings, "animation_speed", 1.0)))
        if getattr(settings, "fast_forward", False):
            self.pause = 0.0
        else:
            base = getattr(settings, "bot_think_seconds", 1.0) if pause is None else pause
            self.pause = max(0.0, float(base)) / speed
        self.action = None
        self.error: BaseException | None = None
        self.waited = 0.0
        self.cancelled = False
        self._finished = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(bot, view, list(legal), rng, budget),
                                        name="bot", daemon=True)
        self._thread.start()

    def _run(self, bot, view, legal, rng, budget) -> None:
        try:
            self.action = bot.choose(view, legal, rng, budget)
        except BaseException as exc:  # shown by the scene, never kills the app
            self.error = exc
        finally:
            self._finished.set()

    @property
    def thinking(self) -> bool:
        return not self._finished.is_set()

    def update(self, dt: float) -> None:
        self.waited += dt

    @property
    def done(self) -> bool:
        return self._finished.is_set() and (self.waited >= self.pause or self.error is not None)

    def cancel(self) -> None:
        """Forget the answer (the scene left or undid); the thread ends on its own."""
        self.cancelled = True

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the bot answered (tests and headless use only)."""
        return self._finished.wait(timeout)
