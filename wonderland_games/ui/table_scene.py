"""What every game's table scene shares.

A table shows either a live session or a replayed record; it cancels its bot
when it leaves the stack, opens the save prompt, the game's rules page and the
menu, and plays a replay back at the animation speed. Subclasses set `game_id`
and provide `replay_next()` and `replay_goto(step)`.
"""

from __future__ import annotations

from .app import Scene
from .save_dialog import SaveDialog

REPLAY_PAUSE = 0.5  # seconds between replayed actions at animation speed 1


class TableScene(Scene):
    game_id = ""

    @property
    def state(self):
        return self.replay_state if self.record is not None else self.session.state

    @property
    def replay(self) -> bool:
        return self.record is not None

    def on_exit(self) -> None:
        if self.runner is not None:
            self.runner.cancel()
            self.runner = None

    def _speed(self) -> float:
        return max(0.1, float(self.app.settings.animation_speed))

    def open_save(self) -> None:
        if self.replay:
            return
        self.app.push(SaveDialog(self.app, self.session))

    def open_rules(self) -> None:
        from ..scenes.rules import RulesScene

        self.app.push(RulesScene(self.app, self.game_id))

    def to_menu(self) -> None:
        from ..scenes.launch import back_to_menu

        back_to_menu(self.app)

    def _update_replay(self, dt: float) -> None:
        if not self.replay_playing:
            return
        self.replay_wait += dt * self._speed()
        if self.replay_wait >= REPLAY_PAUSE:
            self.replay_wait = 0.0
            if self.replay_step >= len(self.record.actions):
                self.replay_playing = False
            else:
                self.replay_next()

    def replay_prev(self) -> None:
        if not self.replay or self.replay_step == 0:
            return
        self.replay_playing = False
        self.replay_goto(self.replay_step - 1)

    def replay_toggle(self) -> None:
        self.replay_playing = not self.replay_playing
        self.replay_wait = REPLAY_PAUSE
