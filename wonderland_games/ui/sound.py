"""Short sound effects; silent when sound is off or no audio device exists."""

from __future__ import annotations

import pygame

from ..core.paths import assets_dir

NAMES = ("play", "take", "draw", "click", "end", "curtain", "tick", "alarm")  # tick, alarm: the sand glass


class Sound:
    def __init__(self, settings) -> None:
        self.enabled = False
        self.volume = 1.0
        self._sounds: dict = {}
        self._ready = False
        self.configure(settings)

    def configure(self, settings) -> None:
        self.enabled = bool(settings.sound)
        self.volume = float(settings.volume)
        for snd in self._sounds.values():
            snd.set_volume(self.volume)

    def _load(self) -> None:
        self._ready = True
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
        except pygame.error:
            return  # no audio device: play() stays silent
        for name in NAMES:
            try:
                snd = pygame.mixer.Sound(str(assets_dir() / "sounds" / f"{name}.wav"))
            except (pygame.error, FileNotFoundError):
                continue
            snd.set_volume(self.volume)
            self._sounds[name] = snd

    def play(self, name: str) -> None:
        if not self.enabled:
            return
        if not self._ready:
            self._load()
        snd = self._sounds.get(name)
        if snd is not None:
            snd.play()
