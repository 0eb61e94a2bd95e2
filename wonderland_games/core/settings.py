"""Player settings, kept as JSON in the user config folder.

Loading never fails: a missing or broken file gives the defaults, and each
value that is out of range or of the wrong type is clamped or defaulted on its
own, so one bad entry does not reset the rest.
"""

from __future__ import annotations

import json
import locale
import logging
import math
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from .paths import user_config_dir
from .savefile import atomic_write_json

SETTINGS_FILE = "settings.json"
LANGUAGES = ("zh", "en")
MIN_WINDOW, MAX_WINDOW = (640, 400), (7680, 4320)  # what a settings file may hold
MIN_SIZE = (1024, 640)  # the window never gets smaller, unless the screen itself is
WINDOW_SIZES = ((1024, 640), (1280, 800), (1440, 900), (1600, 1000), (1920, 1080), (2560, 1440))
# the title bar, borders and a desktop panel: a window fits a screen this much larger
WINDOW_FRAME = (16, 80)
RANGES = {"animation_speed": (0.5, 3.0), "volume": (0.0, 1.0), "music_volume": (0.0, 1.0),
          "bot_think_seconds": (0.0, 5.0)}
TEXT_SCALES = (1.0, 1.25, 1.5)  # the text size setting: 100, 125 and 150%
log = logging.getLogger(__name__)


def system_language() -> str:
    """zh when the system locale is Chinese, else en."""
    names = [os.environ.get(key, "") for key in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")]
    try:
        names.append(locale.getlocale()[0] or "")
    except ValueError:
        pass
    for name in names:
        if name and name not in ("C", "POSIX") and not name.startswith("C."):
            return "zh" if name.lower().startswith(("zh", "chinese")) else "en"
    return "en"


@dataclass
class Settings:
    language: str = field(default_factory=system_language)
    fullscreen: bool = False
    window_size: tuple = (1280, 800)
    animation_speed: float = 1.0
    fast_forward: bool = False
    sound: bool = True  # False: muted, effects and music alike
    volume: float = 0.8  # the effects' volume
    music_volume: float = 0.5
    bot_think_seconds: float = 1.0
    reduced_motion: bool = False  # nothing travels on the table: moves fade in where they land
    text_scale: float = 1.0  # one of TEXT_SCALES: every text drawn this much larger

    def to_dict(self) -> dict:
        data = asdict(self)
        data["window_size"] = list(self.window_size)
        return data

    @classmethod
    def from_dict(cls, data) -> "Settings":
        """Take every usable value from `data`; fix or drop the rest, saying so in the log. A
        file from before the music had one volume: the music is then never louder than it."""
        settings = cls()
        if not isinstance(data, dict):
            return settings
        for f in fields(cls):
            if f.name in data:
                value = _clean(f.name, data[f.name])
                if value is None:
                    log.warning("settings: %s %r is not usable; using the default %r", f.name, data[f.name],
                                getattr(settings, f.name))
                    continue
                if f.name == "window_size" and value != tuple(data[f.name]):
                    log.warning("settings: window_size %r is out of range; using %r", data[f.name], value)
                setattr(settings, f.name, value)
        if "music_volume" not in data and "volume" in data:  # a file from before the music
            settings.music_volume = min(cls.music_volume, settings.volume)
        return settings


def _number(value):
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return None
    return value


def _clean(name: str, value):
    """A usable value for setting `name`, or None to keep the default."""
    if name == "language":
        return value if value in LANGUAGES else None
    if name in ("fullscreen", "fast_forward", "sound", "reduced_motion"):
        return value if isinstance(value, bool) else None
    if name == "window_size":
        if not isinstance(value, (list, tuple)) or len(value) != 2 or any(_number(v) is None for v in value):
            return None
        return tuple(int(min(max(v, low), high)) for v, low, high in zip(value, MIN_WINDOW, MAX_WINDOW))
    number = _number(value)
    if number is None:
        return None
    if name == "text_scale":  # a hand-edited 1.4 is the nearest size offered
        return min(TEXT_SCALES, key=lambda allowed: abs(allowed - number))
    low, high = RANGES[name]
    return float(min(max(number, low), high))


def settings_path() -> Path:
    return user_config_dir() / SETTINGS_FILE


def load_settings() -> Settings:
    try:
        data = json.loads(settings_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Settings()
    return Settings.from_dict(data)


def save_settings(settings: Settings) -> Path:
    path = settings_path()
    atomic_write_json(path, Settings.from_dict(settings.to_dict()).to_dict())
    return path


# -- window size against the screen -------------------------------------------------
def minimum_window(desktop: tuple) -> tuple:
    """The smallest window: MIN_SIZE, or the whole screen where that is smaller."""
    return tuple(min(low, side) for low, side in zip(MIN_SIZE, desktop))


def largest_window(desktop: tuple) -> tuple:
    """The largest window whose frame still fits on a `desktop`-sized screen."""
    return tuple(max(low, side - frame) for low, side, frame in zip(minimum_window(desktop), desktop, WINDOW_FRAME))


def fit_window(size: tuple, desktop: tuple) -> tuple:
    """`size` made to fit `desktop` (a saved size from a larger monitor shrinks), never below
    the minimum."""
    return tuple(min(max(side, low), high)
                 for side, low, high in zip(size, minimum_window(desktop), largest_window(desktop)))


def window_sizes(desktop: tuple, current: tuple | None = None) -> list:
    """The preset sizes that fit `desktop` (at least the smallest window), and `current`."""
    high = largest_window(desktop)
    sizes = {size for size in WINDOW_SIZES if size[0] <= high[0] and size[1] <= high[1]}
    sizes.add(fit_window(WINDOW_SIZES[0], desktop))
    if current is not None:
        sizes.add(tuple(current))
    return sorted(sizes)
