"""The last new-game setup per game, kept in the user config folder.

A convenience, so it never gets in the way: a missing, broken or unwritable
file just means nothing is remembered. Only the shape is checked here; the
setup screen decides which remembered values still fit the game.
"""

from __future__ import annotations

import json
from pathlib import Path

from .paths import user_config_dir
from .savefile import atomic_write_json

SETUP_FILE = "last_setup.json"
_SCALARS = (str, int, float, bool, type(None))


def setup_path() -> Path:
    return user_config_dir() / SETUP_FILE


def _load() -> dict:
    try:
        data = json.loads(setup_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _seat(entry):
    """One remembered seat {"kind", "name", "pick"}, or None when it is not that shape."""
    if not isinstance(entry, dict) or not isinstance(entry.get("kind"), str) or not isinstance(entry.get("name"), str):
        return None
    pick = entry.get("pick")
    return {"kind": entry["kind"], "name": entry["name"], "pick": pick if isinstance(pick, _SCALARS) else None}


def recall(game_id: str) -> list:
    """The seats of the last setup of `game_id` (a list of dicts), or [] when there is none."""
    seats = _load().get(game_id)
    if not isinstance(seats, list):
        return []
    seats = [_seat(entry) for entry in seats]
    return [] if None in seats else seats


def recall_options(game_id: str) -> dict:
    """The whole-game picks (GameInfo.game_options) of the last setup of `game_id`, or {}."""
    found = _load().get(f"{game_id}:options")
    if not isinstance(found, dict):
        return {}
    return {k: v for k, v in found.items() if isinstance(k, str) and isinstance(v, _SCALARS)}


def remember(game_id: str, seats: list, options: dict | None = None) -> bool:
    """Store the seats (dicts with kind, name, pick) of `game_id` and its whole-game picks
    (given as {} they are forgotten, so each falls back to its default); False when the file
    cannot be written."""
    data = _load()
    data[game_id] = [{"kind": s["kind"], "name": s["name"], "pick": s.get("pick")} for s in seats]
    if options is not None:
        data[f"{game_id}:options"] = dict(options)
    try:
        atomic_write_json(setup_path(), data)
    except OSError:
        return False
    return True
