"""The music: one calm loop per game and one for the menu (assets/music/<track>.ogg, made by
tools/make_music.py), streamed by pygame.mixer.music.

Each frame the app says which track its screens want (`Scene.music`: "menu", a game id,
or None to keep what plays, as a dialog or the rules do). A change fades the old loop
out and the new one in, so nothing cuts off mid-note. No audio device, a missing or
broken file: the music stays silent, the game goes on.
"""

from __future__ import annotations

import logging

import pygame

from ..core.paths import assets_dir
from .sound import ensure_mixer

FADE_OUT = 0.8  # seconds to fade a loop out before the next one starts
FADE_IN = 1.6  # seconds for the next one to come up
log = logging.getLogger(__name__)


def track_path(track: str):
    return assets_dir() / "music" / f"{track}.ogg"


class Music:
    def __init__(self, settings) -> None:
        self.volume = 0.0
        self.enabled = False
        self.playing: str | None = None  # the loop loaded into the mixer now
        self.level = 0.0  # the fade, 0 (silent) to 1 (at the music volume)
        self._broken: set = set()  # tracks that failed to load: not tried again
        self.configure(settings)

    def configure(self, settings) -> None:
        self.enabled = bool(settings.sound) and settings.music_volume > 0
        self.volume = float(settings.music_volume)
        self._set_volume()

    def update(self, dt: float, wanted: str | None) -> None:
        """Move the fades one frame on towards `wanted` (None: keep what plays)."""
        target = (wanted if wanted is not None else self.playing) if self.enabled else None
        if target in self._broken:
            target = None
        if self.playing != target:
            self.level = max(0.0, self.level - dt / FADE_OUT) if self.playing else 0.0
            if self.level <= 0.0:
                self._start(target)
        elif self.playing is not None and self.level < 1.0:
            self.level = min(1.0, self.level + dt / FADE_IN)
        self._set_volume()

    def _start(self, track: str | None) -> None:
        """Stop what plays and start `track` from silence (or just stop, for None)."""
        if self.playing is not None and pygame.mixer.get_init():
            pygame.mixer.music.stop()
        self.playing, self.level = None, 0.0
        if track is None or not ensure_mixer():
            return
        try:
            pygame.mixer.music.load(str(track_path(track)))
            pygame.mixer.music.set_volume(0.0)
            pygame.mixer.music.play(loops=-1)
        except (pygame.error, OSError) as exc:
            log.warning("music: cannot play %s: %s", track_path(track), exc)
            self._broken.add(track)
            return
        self.playing = track

    def _set_volume(self) -> None:
        if self.playing is not None and pygame.mixer.get_init():
            pygame.mixer.music.set_volume(self.volume * self.level)

    def stop(self) -> None:
        self._start(None)
