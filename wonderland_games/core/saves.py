"""Save files: atomic JSON writes, the autosave, named slots and the listing.

A save is a snapshot plus an action log (see `session.py`). Whatever is wrong
with a file on disk, the app reports it as a `SaveError` and leaves the file
exactly as it was, so a newer or damaged save is never lost by looking at it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
import unicodedata
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, Optional

from .paths import saves_dir

FORMAT = "wonderland-save"
VERSION = 1
# version -> function turning a save of that version into one of version + 1.
UPGRADERS: dict = {}
AUTOSAVE_NAME = "autosave.json"
SLOTS_DIR = "slots"
KINDS = ("missing", "corrupt", "truncated", "wrong_game", "newer_version", "invalid")
_MAX_NAME_BYTES = 120  # file systems allow 255 bytes; Chinese takes 3 per character


class SaveError(Exception):
    """A save that cannot be used. `kind` (one of KINDS) lets the UI translate it."""

    def __init__(self, message: str, kind: str = "invalid", path: Optional[Path] = None):
        if kind not in KINDS:
            raise ValueError(f"unknown save error kind {kind!r}")
        self.message, self.kind, self.path = message, kind, path
        super().__init__(f"{path.name}: {message}" if path else message)


@dataclass
class SaveInfo:
    """One line of the load screen. `saved` is an aware datetime (file time for broken files)."""

    path: Path
    slot: Optional[str]  # None for the autosave
    game_id: Optional[str]
    saved: datetime
    players: list
    turn: int
    over: bool
    error: Optional[str] = None
    error_kind: Optional[str] = None


# -- files ---------------------------------------------------------------------

def atomic_write_json(path, data) -> None:
    """Write via a temp file in the same folder + fsync + os.replace: all or nothing."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, ensure_ascii=False, separators=(",", ":"))
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable (POSIX only; Windows cannot open folders)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def read_json(path) -> dict:
    """The JSON object in `path`, or a SaveError saying what is wrong with the file."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SaveError("the file does not exist", "missing", path) from None
    except OSError as exc:
        raise SaveError(f"the file cannot be read ({exc.strerror or exc})", "missing", path) from None
    if not raw.strip():
        raise SaveError("the file is empty (it was probably cut off while being written)", "truncated", path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError("the file is not text (binary or damaged data)", "corrupt", path) from None
    if "\x00" in text:
        raise SaveError("the file is not text (binary or damaged data)", "corrupt", path)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        if exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated"):
            raise SaveError("the file ends too early (it was probably cut off)", "truncated", path) from None
        raise SaveError(f"the file is damaged (not valid JSON at line {exc.lineno}, column {exc.colno})",
                        "corrupt", path) from None
    if not isinstance(data, dict):
        raise SaveError("the file does not hold a save (expected a JSON object)", "invalid", path)
    return data


# -- versions ------------------------------------------------------------------

def upgrade(data: dict, upgraders: Optional[dict] = None) -> dict:
    """Bring an older save up to VERSION one step at a time; refuse newer ones."""
    upgraders = UPGRADERS if upgraders is None else upgraders
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("this file is not a Wonderland Games save", "invalid")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError(f"the save has no valid version number (found {version!r})", "invalid")
    if version > VERSION:
        raise SaveError(f"the save was made by a newer version of the app (save version {version}, "
                        f"this app reads up to {VERSION}); please update the app", "newer_version")
    while version < VERSION:
        step: Optional[Callable] = upgraders.get(version)
        if step is None:
            raise SaveError(f"saves of version {version} can no longer be read", "invalid")
        data = step(dict(data))
        version += 1
        data["version"] = version
    return data


# -- autosave and slots --------------------------------------------------------

def autosave_path() -> Path:
    return saves_dir() / AUTOSAVE_NAME


def slots_dir() -> Path:
    path = saves_dir() / SLOTS_DIR
    path.mkdir(parents=True, exist_ok=True)
    return path


def write_autosave(session) -> Path:
    """Overwrite the single autosave; an unreadable one is first kept as a slot."""
    path = autosave_path()
    if not getattr(session, "_autosave_checked", False):
        _keep_if_unusable(path)
        session._autosave_checked = True
    atomic_write_json(path, session.to_save())
    return path


def _keep_if_unusable(path: Path) -> None:
    """A broken or newer-version autosave is copied to the slots before we overwrite it."""
    if not path.exists():
        return
    try:
        upgrade(read_json(path))
        return
    except SaveError:
        pass
    stamp = datetime.now().strftime("%Y-%m-%d %H%M%S")
    shutil.copy2(path, slots_dir() / f"autosave (kept {stamp}).json")


def latest_autosave() -> Optional[SaveInfo]:
    """The autosave's listing entry (with `error` set if it is broken), or None."""
    path = autosave_path()
    return save_info(path, None) if path.exists() else None


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

def save_info(path: Path, slot: Optional[str], validate: bool = True) -> SaveInfo:
    """Read one save for the listing; problems go into `.error`, never raised."""
    try:
        data = read_json(path)
        session = None
        if validate:
            from .session import Session

            session = Session.from_save(data, autosave=False)
        data = upgrade(data)
        summary = data.get("summary") or {}
        return SaveInfo(
            path=path,
            slot=(data.get("slot") or path.stem) if slot is not None else None,
            game_id=data.get("game"),
            saved=_parse_time(data.get("saved")) or _mtime(path),
            players=[s.name for s in session.seats] if session else list(summary.get("players", [])),
            turn=session.state.turn_number() if session else int(summary.get("turn", 0)),
            over=session.state.is_over() if session else bool(summary.get("over", False)),
        )
    except SaveError as exc:
        return SaveInfo(path=path, slot=path.stem if slot is not None else None, game_id=None, saved=_mtime(path),
                        players=[], turn=0, over=False, error=exc.message, error_kind=exc.kind)
    except (TypeError, ValueError, AttributeError) as exc:
        return SaveInfo(path=path, slot=path.stem if slot is not None else None, game_id=None, saved=_mtime(path),
                        players=[], turn=0, over=False, error=f"the save is damaged ({exc})", error_kind="invalid")


def list_saves(validate: bool = True) -> list:
    """The autosave and every slot, newest first. `validate` replays each one."""
    infos = []
    auto = autosave_path()
    if auto.exists():
        infos.append(save_info(auto, None, validate))
    for path in slots_dir().glob("*.json"):
        if path.is_file():
            infos.append(save_info(path, path.stem, validate))
    infos.sort(key=lambda info: info.saved, reverse=True)
    return infos


def load_session(path):
    """The Session stored in `path`. Raises SaveError; never changes the file."""
    from .session import Session

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
