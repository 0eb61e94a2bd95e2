"""Games played and won, per game and per kind of seat, and best scores.

Stored as JSON in the user data folder (`stats.json`). `load_stats()` returns:

    {
      "version": 1,
      "games": {
        "parade": {
          "played": 7,                       # finished games
          "hints": 3,                        # Suggest presses answered (finished game or not)
          "watched": 1,                      # finished games with bots only: counted nowhere else
          "lower_is_better": true,           # how to read the scores
          "best": {"score": 9, "name": "Alice", "kind": "human", "date": "2025-05-01T20:14:03+08:00"} | None,
          "seats": {                         # always all four kinds, in SEAT_KINDS order
            "human":      {"played": 9, "won": 4, "best": 9 | None},
            "bot-easy":   {"played": 3, "won": 0, "best": 31 | None},
            "bot-normal": {...}, "bot-hard": {...},
          },
        },
      },
      "totals": {"played": 7, "hints": 3, "seats": {kind: {"played", "won"}}},   # over all games
      "finished": ["3f1c…", …],              # ids of the games counted (`Session.uid`)
      "learned": ["parade", …],              # games whose guided first game was played to its end
    }

`played`/`won` per kind count seats: a hot-seat game with two humans adds 2 to
human "played" and 1 to "won" if one of them wins; shared wins count as wins.
A game with no human seat (bots playing each other) sets no record and counts
in no row: the page is the players' record, so it only says how many were
watched. A game is counted once, by its id, however often it is finished again
from a save. A broken file reads as empty stats and is copied to `stats.json.bak` before the
next recorded game overwrites it, so nothing is lost silently.
"""

from __future__ import annotations

import json
import math
import shutil
from datetime import datetime
from pathlib import Path
from typing import Optional

from .game import BOT_LEVELS, HUMAN, Seat
from .paths import user_data_dir
from .savefile import atomic_write_json

STATS_FILE = "stats.json"
VERSION = 1
SEAT_KINDS = (HUMAN,) + tuple(f"bot-{level}" for level in BOT_LEVELS)


def seat_kind(seat: Seat) -> str:
    return f"bot-{seat.level}" if seat.is_bot else HUMAN


def stats_path() -> Path:
    return user_data_dir() / STATS_FILE


def _empty_game(lower_is_better: bool = False) -> dict:
    return {"played": 0, "hints": 0, "watched": 0, "lower_is_better": lower_is_better, "best": None,
            "seats": {kind: {"played": 0, "won": 0, "best": None} for kind in SEAT_KINDS}}


def _count(value) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"bad count {value!r}")
    return value


def _score(value):
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ValueError(f"bad score {value!r}")
    return value


def _normalise(raw) -> dict:
    """Checked stored stats (ValueError/TypeError/KeyError when the file is damaged)."""
    if not isinstance(raw, dict) or raw.get("version") != VERSION or not isinstance(raw.get("games"), dict):
        raise ValueError("not a stats file of this version")
    games = {}
    for game_id, entry in raw["games"].items():
        game = _empty_game(bool(entry.get("lower_is_better", False)))
        game["played"] = _count(entry["played"])
        game["hints"] = _count(entry.get("hints", 0))  # files from before hints have none
        game["watched"] = _count(entry.get("watched", 0))
        best = entry.get("best")
        if best is not None:
            game["best"] = {"score": _score(best["score"]), "name": str(best.get("name", "")),
                            "kind": str(best.get("kind", HUMAN)), "date": str(best.get("date", ""))}
        for kind, row in entry.get("seats", {}).items():
            if kind in game["seats"]:
                game["seats"][kind] = {"played": _count(row["played"]), "won": _count(row["won"]),
                                       "best": _score(row.get("best"))}
        games[str(game_id)] = game
    finished = raw.get("finished", [])  # files from before game ids have none
    if not isinstance(finished, list) or not all(isinstance(uid, str) for uid in finished):
        raise ValueError("bad list of finished games")
    learned = raw.get("learned", [])  # files from before the guided games have none
    if not isinstance(learned, list) or not all(isinstance(game_id, str) for game_id in learned):
        raise ValueError("bad list of learned games")
    return {"version": VERSION, "games": games, "finished": finished, "learned": learned}


def _read() -> tuple:
    """(stats, broken): broken is True when a file exists but cannot be used."""
    path = stats_path()
    if not path.exists():
        return {"version": VERSION, "games": {}, "finished": [], "learned": []}, False
    try:
        return _normalise(json.loads(path.read_text(encoding="utf-8"))), False
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return {"version": VERSION, "games": {}, "finished": [], "learned": []}, True


def _with_totals(stats: dict) -> dict:
    totals = {"played": 0, "hints": 0, "seats": {kind: {"played": 0, "won": 0} for kind in SEAT_KINDS}}
    for game in stats["games"].values():
        totals["played"] += game["played"]
        totals["hints"] += game["hints"]
        for kind, row in game["seats"].items():
            totals["seats"][kind]["played"] += row["played"]
            totals["seats"][kind]["won"] += row["won"]
    return {**stats, "totals": totals}


def load_stats() -> dict:
    """The structure in the module docstring; never raises (broken file -> empty)."""
    return _with_totals(_read()[0])


def _better(new, old, lower_is_better: bool) -> bool:
    return old is None or (new < old if lower_is_better else new > old)


def _writable() -> dict:
    """The stored stats to change; a broken file is copied to stats.json.bak first."""
    stats, broken = _read()
    path = stats_path()
    if broken:
        shutil.copy2(path, path.with_name(STATS_FILE + ".bak"))
    return stats


def record_hint(game_id: str) -> dict:
    """Count one hint shown at a table of `game_id`; returns the updated stats."""
    stats = _writable()
    stats["games"].setdefault(game_id, _empty_game())["hints"] += 1
    atomic_write_json(stats_path(), stats)
    return _with_totals(stats)


def record_learned(game_id: str) -> None:
    """Mark `game_id` learned: its guided first game reached its end (a guided game counts in no
    other figure: it is no real game)."""
    stats = _writable()
    if game_id not in stats["learned"]:
        stats["learned"].append(game_id)
        atomic_write_json(stats_path(), stats)


def learned() -> set:
    """The games whose guided first game was played to its end; never raises."""
    return set(_read()[0]["learned"])


def record_game(game_id: str, seats, result, game_key: Optional[str] = None) -> dict:
    """Count one finished game; returns the updated stats (as `load_stats`).

    `game_key` (the session's `uid`) makes it count once: a game already counted under it,
    finished again from a save, changes nothing. Bots alone add only to `watched`."""
    stats = _writable()
    if game_key is not None:
        if game_key in stats["finished"]:
            return _with_totals(stats)
        stats["finished"].append(game_key)
    path = stats_path()
    seats = [seat if isinstance(seat, Seat) else Seat.from_dict(seat) for seat in seats]
    lower = bool(result.lower_is_better)
    game = stats["games"].setdefault(game_id, _empty_game(lower))
    game["lower_is_better"] = lower
    if all(seat.is_bot for seat in seats):
        game["watched"] += 1
        atomic_write_json(path, stats)
        return _with_totals(stats)
    game["played"] += 1
    now = datetime.now().astimezone().isoformat(timespec="seconds")
    for index, seat in enumerate(seats):
        kind, score = seat_kind(seat), result.scores[index]
        row = game["seats"][kind]
        row["played"] += 1
        row["won"] += int(index in result.winners)
        if _better(score, row["best"], lower):
            row["best"] = score
        best: Optional[dict] = game["best"]
        if _better(score, best and best["score"], lower):
            game["best"] = {"score": score, "name": seat.name, "kind": kind, "date": now}
    atomic_write_json(path, stats)
    return _with_totals(stats)
