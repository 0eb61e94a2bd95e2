"""Where bundled files and user files live.

Bundled assets and data sit inside the installed package (wheel), at the
repository top (source checkout / editable install), or beside a PyInstaller
executable. User files always go to platformdirs locations, never beside the
program, so a read-only install keeps working.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import platformdirs

APP_NAME = "WonderlandGames"
_PACKAGE_DIR = Path(__file__).resolve().parent.parent


def _bundled(name: str) -> Path:
    candidates = []
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        candidates.append(Path(frozen) / "wonderland_games" / name)
    candidates.append(_PACKAGE_DIR / name)
    candidates.append(_PACKAGE_DIR.parent / name)
    for path in candidates:
        if path.is_dir():
            return path
    raise FileNotFoundError(f"bundled folder '{name}' not found (looked in {', '.join(map(str, candidates))})")


def assets_dir() -> Path:
    return _bundled("assets")


def data_dir() -> Path:
    return _bundled("data")


def _user_dir(env: str, default: str) -> Path:
    """An env override lets tests and benchmarks use a throwaway folder."""
    path = Path(os.environ.get(env) or default)
    path.mkdir(parents=True, exist_ok=True)
    return path


def user_data_dir() -> Path:
    return _user_dir("WONDERLAND_DATA_DIR", platformdirs.user_data_dir(APP_NAME, appauthor=False))


def user_config_dir() -> Path:
    return _user_dir("WONDERLAND_CONFIG_DIR", platformdirs.user_config_dir(APP_NAME, appauthor=False))


def saves_dir() -> Path:
    path = user_data_dir() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path
