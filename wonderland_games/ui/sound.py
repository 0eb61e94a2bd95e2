"""Short sound effects; silent when sound is off or no audio device exists.

What a game's events sound like is data (data/sounds.yaml): `play_events` turns the
events of one move into ONE sound, that of the most telling event, so a move that
plays a card, takes three and draws one is heard once, not as a cacophony.
"""

from __future__ import annotations

import logging
from functools import lru_cache

import pygame

from ..core.data import DataError, load_yaml
from ..core.paths import assets_dir

# every effect in assets/sounds/ (tools/make_sounds.py renders them from tools/sounds.yaml)
NAMES = ("play", "take", "draw", "shuffle", "dice", "step", "gem", "coin", "worker", "season", "chime", "round",
         "whoosh", "end", "no", "click", "curtain", "tick", "alarm")
TABLE_FILE = "sounds.yaml"
log = logging.getLogger(__name__)


@lru_cache(maxsize=None)
def event_table() -> dict:
    """{game id: [(event kind, entry)...]} in the file's order, most telling first. A broken
    file leaves the games silent (and says so in the log) rather than stopping them."""
    try:
        data = load_yaml(TABLE_FILE)
    except DataError as exc:
        log.warning("sounds: %s", exc)
        return {}
    if not isinstance(data, dict):
        log.warning("sounds: %s is not a mapping of games", TABLE_FILE)
        return {}
    return {game: list(kinds.items()) for game, kinds in data.items() if isinstance(kinds, dict)}


def entry_sound(entry, event: dict) -> str | None:
    """The sound an entry gives `event`: a name, none, or a choice by one of its fields."""
    if isinstance(entry, str):
        return entry
    if isinstance(entry, dict) and "by" in entry:
        value = event.get(entry["by"])
        choice = entry.get(value if isinstance(value, str) else None, entry.get("else"))
        return choice if isinstance(choice, str) else None
    return None  # {none: why}


def sound_for(game_id: str, events: list) -> str | None:
    """The one sound for a move's `events`: that of the first listed kind among them."""
    by_kind: dict = {}
    for event in events:
        if isinstance(event, dict):
            by_kind.setdefault(event.get("type"), event)
    for kind, entry in event_table().get(game_id, ()):
        if kind in by_kind:
            name = entry_sound(entry, by_kind[kind])
            if name is not None:
                return name
    return None


_mixer_failed = False


def ensure_mixer() -> bool:
    """The mixer, started once; False (for the rest of the run) when no audio device answers."""
    global _mixer_failed
    if pygame.mixer.get_init():
        return True
    if _mixer_failed:
        return False
    try:
        pygame.mixer.init()
    except pygame.error as exc:
        _mixer_failed = True
        log.info("sound: no audio device (%s); playing silently", exc)
        return False
    return True


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
        if not ensure_mixer():
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

    def play_events(self, game_id: str, events: list) -> None:
        """The sound of one move in `game_id` (data/sounds.yaml), if it has one."""
        name = sound_for(game_id, events)
        if name is not None:
            self.play(name)
