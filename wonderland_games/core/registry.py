"""The list of games. Each game package registers itself when imported."""

from __future__ import annotations

import importlib

from .game import GameInfo

GAME_ORDER = ("parade", "oz", "voyage", "valley", "dream")
_NAMES = {
    "parade": {"zh": "仙境梦游", "en": "Wonderland Parade"},
    "oz": {"zh": "仙境迷踪", "en": "Lost in Oz"},
    "voyage": {"zh": "世界奇旅", "en": "World Voyage"},
    "valley": {"zh": "仙境幽谷", "en": "Wonderland Valley"},
    "dream": {"zh": "说梦人", "en": "Dream Teller"},
}
_PLAYERS = {"parade": (2, 6), "oz": (2, 4), "voyage": (2, 5), "valley": (1, 4), "dream": (4, 10)}
# How long a game takes, in minutes, as the menu's tiles say. No rule text states one; these
# follow each game's length: Dream Teller plays one round per player, each a two-minute dream
# plus its telling and scoring (4 to 10 rounds).
_MINUTES = {"parade": (20, 30), "oz": (30, 45), "voyage": (45, 60), "valley": (40, 60), "dream": (15, 40)}
_REGISTRY: dict = {}


def register(info: GameInfo) -> None:
    _REGISTRY[info.id] = info


def _load() -> None:
    for game_id in GAME_ORDER:
        if game_id in _REGISTRY:
            continue
        try:
            importlib.import_module(f"wonderland_games.games.{game_id}")
        except ModuleNotFoundError as exc:
            if exc.name != f"wonderland_games.games.{game_id}":
                raise
        if game_id not in _REGISTRY:
            low, high = _PLAYERS[game_id]
            register(GameInfo(id=game_id, name=_NAMES[game_id], min_players=low, max_players=high, available=False))


def games() -> list:
    """All five games in menu order; unbuilt ones have `available=False`."""
    _load()
    return [_REGISTRY[g] for g in GAME_ORDER]


def get(game_id: str) -> GameInfo:
    _load()
    if game_id not in _REGISTRY:
        raise KeyError(f"unknown game '{game_id}'")
    return _REGISTRY[game_id]


def minutes(game_id: str) -> tuple:
    """(shortest, longest) minutes a game of `game_id` takes."""
    return _MINUTES[game_id]


def game_name(game_id: str) -> dict:
    return _NAMES.get(game_id, {"zh": game_id, "en": game_id})
