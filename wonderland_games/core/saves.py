"""The saves on disk as the load screen and the menu see them: listing, loading, named slots.

Every autosave, slot and kept save is listed, newest first; a broken file is
listed with what is wrong, never changed. The save format, atomic writes and the
autosaves a Session writes itself are in `savefile.py` (re-exported here under
their old names); this module builds Sessions, and `savefile` never does.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Optional

from .data import DataError
from .game import Seat
from .paths import saves_dir
from .savefile import (  # noqa: F401 -- re-exported: callers use saves.<name>
    FORMAT, LEGACY_AUTOSAVE, VERSION, SaveError, atomic_write_json, autosave_path,
    autosave_paths, kept_dir, read_json, set_aside, upgrade, upgrade_legacy_autosave, write_autosave)
from .session import Session

SLOTS_DIR = "slots"
_MAX_NAME_BYTES = 120  # file systems allow 255 bytes; Chinese takes 3 per character


@dataclass
class SaveInfo:
    """One line of the load screen. `saved` is an aware datetime (file time for broken files).
    `players` are the names; `seats` the Seats (name, human or bot and its level) where the
    save says, else empty (the list then shows names only)."""

    path: Path
    slot: Optional[str]  # None for an autosave or a kept one
    game_id: Optional[str]
    saved: datetime
    players: list
    turn: int
    over: bool
    error: Optional[str] = None
    error_kind: Optional[str] = None
    where: str = "slot"  # "autosave", "slot" or "kept"
    seats: list = field(default_factory=list)
    tutorial: Optional[dict] = None  # a guided first game's place in its script (its own autosave)

    @property
    def unfinished(self) -> bool:
        """A game that can be played on: readable and not over; a lesson, until its coach has said
        its last words (its game may be over while they are still to come)."""
        if self.error:
            return False
        return not self.over if self.tutorial is None else not self._lesson_done()

    def _lesson_done(self) -> bool:
        from . import tutorial

        try:
            return self.tutorial["step"] >= len(tutorial.load_script(self.game_id).steps)
        except (DataError, TypeError, KeyError):
            return True


# -- unfinished games and slots ------------------------------------------------

def slots_dir() -> Path:
    path = saves_dir() / SLOTS_DIR
    path.mkdir(parents=True, exist_ok=True)
    return path


def unfinished_games() -> list:
    """SaveInfos of the autosaves that can be played on, the most recent first."""
    upgrade_legacy_autosave()
    infos = [save_info(path, None) for path in autosave_paths().values()]
    return sorted((i for i in infos if i.unfinished), key=lambda i: i.saved, reverse=True)


_UNSAFE = re.compile(r'[\x00-\x1f\x7f/\\:*?"<>|]')
_RESERVED = {"con", "prn", "aux", "nul"} | {f"{p}{i}" for p in ("com", "lpt") for i in range(1, 10)}


def safe_file_name(name: str) -> str:
    """A file name (without .json) from a player's slot name; any language is kept."""
    text = unicodedata.normalize("NFC", str(name))
    text = _UNSAFE.sub("_", text).strip().strip(".").strip()
    if not text:
        text = "save"
    if text.split(".")[0].lower() in _RESERVED:
        text = "_" + text
    while len(text.encode("utf-8")) > _MAX_NAME_BYTES:
        text = text[:-1]
    return text.rstrip(". ") or "save"


def slot_path(name: str) -> Path:
    folder = slots_dir()
    path = folder / f"{safe_file_name(name)}.json"
    if path.resolve().parent != folder.resolve():
        raise ValueError(f"slot name {name!r} would leave the saves folder")
    return path


def save_slot(session, name: str) -> Path:
    """Save to the named slot (an existing slot of the same name is replaced)."""
    name = str(name).strip() or "save"
    path = slot_path(name)
    session.slot = name
    atomic_write_json(path, session.to_save())
    return path


# -- listing, loading, deleting --------------------------------------------------

def save_info(path: Path, slot: Optional[str], validate: bool = True, where: Optional[str] = None) -> SaveInfo:
    """Read one save for the listing; problems go into `.error`, never raised."""
    where = where or ("slot" if slot is not None else "autosave")
    slot = slot if where == "slot" else None
    game_id = None
    try:
        data = read_json(path)
        game_id = data.get("game") if isinstance(data.get("game"), str) else None
        session = None
        if validate:
            session = Session.from_save(data, autosave=False)
        data = upgrade(data)
        summary = data.get("summary") or {}
        seats = list(session.seats) if session else _listed_seats(data)
        return SaveInfo(
            path=path,
            slot=(data.get("slot") or path.stem) if slot is not None else None,
            game_id=game_id,
            saved=_parse_time(data.get("saved")) or _mtime(path),
            players=[s.name for s in seats] if seats else [str(n) for n in summary.get("players", [])],
            turn=session.state.turn_number() if session else int(summary.get("turn", 0)),
            over=session.state.is_over() if session else bool(summary.get("over", False)),
            where=where,
            seats=seats,
            tutorial=session.tutorial if session else _listed_lesson(data),
        )
    except SaveError as exc:
        error, kind = exc.message, exc.kind
    except (TypeError, ValueError, AttributeError) as exc:
        error, kind = f"the save is damaged ({exc})", "invalid"
    return SaveInfo(path=path, slot=path.stem if slot is not None else None, game_id=game_id, saved=_mtime(path),
                    players=[], turn=0, over=False, error=error, error_kind=kind, where=where)


def _listed_lesson(data: dict) -> Optional[dict]:
    """A lesson's place as a save read without replaying it says (None: a real game)."""
    lesson = data.get("tutorial")
    return lesson if isinstance(lesson, dict) else None


def _listed_seats(data: dict) -> list:
    """The Seats of a save read without replaying it; [] when it has no readable list
    (its summary's names are then all there is)."""
    try:
        return [Seat.from_dict(seat) for seat in data["seats"]]
    except (KeyError, TypeError, ValueError, AttributeError):
        return []


def list_saves(validate: bool = True) -> list:
    """Every autosave, slot and kept save, newest first. `validate` replays each one."""
    upgrade_legacy_autosave()
    autos = list(autosave_paths().values())
    legacy = saves_dir() / LEGACY_AUTOSAVE
    if legacy.is_file():  # only a broken one is still here
        autos.append(legacy)
    infos = [save_info(path, None, validate) for path in autos]
    for where, folder in (("slot", slots_dir()), ("kept", kept_dir())):
        for path in folder.glob("*.json"):
            if path.is_file():
                infos.append(save_info(path, path.stem, validate, where))
    infos.sort(key=lambda info: info.saved, reverse=True)
    return infos


def load_session(path):
    """The Session stored in `path`. Raises SaveError; never changes the file."""
    path = Path(path)
    data = read_json(path)
    try:
        return Session.from_save(data)
    except SaveError as exc:
        raise SaveError(exc.message, exc.kind, path) from None


def delete_save(path) -> None:
    """Delete a save; only files inside the saves folder can be deleted this way."""
    path = Path(path)
    root = saves_dir().resolve()
    if root not in path.resolve().parents:
        raise ValueError(f"{path} is not inside the saves folder")
    path.unlink(missing_ok=True)


def _parse_time(text) -> Optional[datetime]:
    if not isinstance(text, str):
        return None
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        return None
    return when if when.tzinfo else when.astimezone()


def _mtime(path: Path) -> datetime:
    try:
        return datetime.fromtimestamp(path.stat().st_mtime, timezone.utc).astimezone()
    except OSError:
        return datetime.now(timezone.utc).astimezone()
