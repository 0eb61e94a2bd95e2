"""A save file: its format and versions, atomic writes, and where each game's autosave goes.

A save is a snapshot plus an action log (see `session.py`). Whatever is wrong
with a file on disk, the app reports it as a `SaveError` and leaves the file
exactly as it was, so a newer or damaged save is never lost by looking at it.

Each game has its own autosave (`autosave-<game>.json`), so starting one game
never touches another's unfinished one. Before a session first overwrites its
game's autosave, anything there that is not this same game (a broken file, a
newer version, another unfinished game) is moved untouched into `kept/`, which
the load list shows too. The single `autosave.json` of older versions is moved
to its game's autosave (or kept, when that exists already); a broken one stays.

This is all a Session needs to save itself; listing, loading and the named slots
are `saves.py`, which builds Sessions. Neither imports the other's importer, so
the two never import each other.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from datetime import datetime
from pathlib import Path
from typing import Callable, Optional

from .paths import saves_dir

FORMAT = "wonderland-save"
VERSION = 1
# version -> function turning a save of that version into one of version + 1.
UPGRADERS: dict = {}
LEGACY_AUTOSAVE = "autosave.json"  # the single autosave of versions before per-game autosaves
AUTOSAVE_PREFIX = "autosave-"
TUTORIAL_SUFFIX = "-tutorial"  # a guided first game's autosave: autosave-<game>-tutorial.json
KEPT_DIR = "kept"  # autosaves set aside instead of overwritten
_GAME_ID = re.compile(r"[a-z][a-z0-9_]{0,31}")
KINDS = ("missing", "corrupt", "truncated", "wrong_game", "newer_version", "invalid")


class SaveError(Exception):
    """A save that cannot be used. `kind` (one of KINDS) lets the UI translate it."""

    def __init__(self, message: str, kind: str = "invalid", path: Optional[Path] = None):
        if kind not in KINDS:
            raise ValueError(f"unknown save error kind {kind!r}")
        self.message, self.kind, self.path = message, kind, path
        super().__init__(f"{path.name}: {message}" if path else message)


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


# -- autosaves and kept files ---------------------------------------------------

def autosave_path(game_id: str, tutorial: bool = False) -> Path:
    """The autosave of one game (ids are registry ids: lower-case letters, digits, _), or of its
    guided first game (`autosave-<game>-tutorial.json`: a lesson never replaces a real game)."""
    if not isinstance(game_id, str) or not _GAME_ID.fullmatch(game_id):
        raise ValueError(f"not a game id: {game_id!r}")
    return saves_dir() / f"{AUTOSAVE_PREFIX}{game_id}{TUTORIAL_SUFFIX if tutorial else ''}.json"


def autosave_paths() -> dict:
    """key -> path of every autosave on disk: a game's id, or "<id>-tutorial" for its lesson."""
    found = {}
    for path in saves_dir().glob(f"{AUTOSAVE_PREFIX}*.json"):
        key = path.stem[len(AUTOSAVE_PREFIX):]
        game_id = key[:-len(TUTORIAL_SUFFIX)] if key.endswith(TUTORIAL_SUFFIX) else key
        if path.is_file() and _GAME_ID.fullmatch(game_id):
            found[key] = path
    return found


def kept_dir() -> Path:
    path = saves_dir() / KEPT_DIR
    path.mkdir(parents=True, exist_ok=True)
    return path


def set_aside(path, game_id: Optional[str]) -> Path:
    """Move a save, byte for byte, into `kept/` under a new name; returns where it went."""
    path = Path(path)
    stamp = datetime.now().strftime("%Y-%m-%d %H%M%S")
    base = f"{game_id if game_id and _GAME_ID.fullmatch(game_id) else 'autosave'} {stamp}"
    target, n = kept_dir() / f"{base}.json", 1
    while target.exists():
        n += 1
        target = kept_dir() / f"{base} ({n}).json"
    os.replace(path, target)
    _fsync_dir(target.parent)
    return target


def upgrade_legacy_autosave() -> None:
    """Move an old single `autosave.json` to its game's autosave (kept if that exists).

    A broken or newer-version one is left where it is, untouched (the load list shows it).
    """
    legacy = saves_dir() / LEGACY_AUTOSAVE
    if not legacy.is_file():
        return
    try:
        game_id = upgrade(read_json(legacy)).get("game")
        target = autosave_path(game_id)
    except (SaveError, ValueError):
        return
    if target.exists():
        set_aside(legacy, game_id)
    else:
        os.replace(legacy, target)
        _fsync_dir(target.parent)


def write_autosave(session) -> Path:
    """Overwrite the session's game autosave; anything else there is first set aside."""
    lesson = session.tutorial is not None
    path = autosave_path(session.game_id, tutorial=lesson)
    if not session._autosave_checked:
        upgrade_legacy_autosave()
        if not lesson:  # a lesson started afresh replaces the one before: nothing to keep of it
            _keep_unless_same_game(path, session)
        session._autosave_checked = True
    atomic_write_json(path, session.to_save())
    return path


def _keep_unless_same_game(path: Path, session) -> None:
    """Set aside the file at `path` unless it is a finished game, or this session's game at a
    point the session has reached (an earlier named save of it, just loaded, must not wipe
    the moves played after it). Replayed with the session's own class: no Session import."""
    if not path.exists():
        return
    try:
        other = type(session).from_save(read_json(path), autosave=False)
    except (SaveError, TypeError, ValueError, AttributeError):
        set_aside(path, session.game_id)
        return
    reached = other.actions == session.actions[:len(other.actions)]
    if not (other.state.is_over() or (_identity(path) == (session.created, session.seed) and reached)):
        set_aside(path, session.game_id)


def _identity(path: Path) -> Optional[tuple]:
    """(created, seed) of a readable save: one game keeps both from its first move on."""
    try:
        data = read_json(path)
    except SaveError:
        return None
    return data.get("created"), data.get("seed")
