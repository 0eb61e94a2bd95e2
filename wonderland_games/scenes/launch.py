"""Opening a game's table scene from a Session, and going back to the menu.

The table scene class is named in `GameInfo.scene` ("module:Class") and
imported only here, when a game starts, so the menu opens without loading
any game's drawing code. Any failure becomes a message, not a crash.
"""

from __future__ import annotations

import importlib

from ..core import registry
from ..ui.dialogs import show_error

PROGRESS_UNITS = ("rounds", "turns")  # GameInfo.turn_units with a "saves.progress.<unit>" string


def scene_class(game_id: str):
    """The table Scene class for `game_id` (ImportError/ValueError when it has none)."""
    info = registry.get(game_id)
    if not info.available or not info.scene:
        raise ValueError(f"{game_id} has no table scene")
    module, _, name = info.scene.partition(":")
    return getattr(importlib.import_module(module), name)


def open_game(app, session, replace: bool = False, **kwargs) -> bool:
    """Push (or replace the top with) the table scene for `session`; True on success.

    An unfinished game opened here is autosaved at once, so it is its game's newest autosave:
    the menu's Continue resumes the game last opened, a loaded named save too, even before
    its first move (it went to another game's newer autosave, or was greyed, QA)."""
    try:
        scene = scene_class(session.game_id)(app, session, **kwargs)
    except Exception as exc:  # a broken game module must leave the menu usable
        show_error(app, app.t("game.scene_failed", error=exc))
        return False
    if replace:
        app.replace(scene)
    else:
        app.push(scene)
    app.last_game = session.game_id
    if not session.state.is_over():  # a finished game stays as it is: nothing to continue
        session.save_dealt()
    return True


def back_to_menu(app) -> None:
    """Pop every scene above the menu (the menu is always at the bottom)."""
    while len(app.stack) > 1:
        app.pop()


def game_title(app, game_id) -> str:
    return app.i18n.pick(registry.game_name(game_id)) if game_id else app.t("load.unknown_game")


def progress_text(app, info) -> str:
    """How far a listed save got, in its game's unit: "round 4" / "第4轮"; a game whose own
    words differ (Oz's round is a 回合) gives its "<game>.progress" string."""
    own = f"{info.game_id}.progress"
    if app.i18n.has(own):
        return app.t(own, n=info.turn)
    try:
        unit = registry.get(info.game_id).turn_unit
    except KeyError:
        unit = None
    return app.t(f"saves.progress.{unit if unit in PROGRESS_UNITS else 'turns'}", n=info.turn)


def listed_progress(app, info) -> str:
    """`progress_text` as a column of the load list shows it, on its own beside "Finished":
    "Round 2", where a sentence says "round 2"."""
    text = progress_text(app, info)
    return text[:1].upper() + text[1:]


def save_error_text(app, exc) -> str:
    """A SaveError in the player's language (by its kind), anything else as is."""
    kind = getattr(exc, "kind", None)
    if kind:
        return app.t(f"load.errors.{kind}")
    return str(exc)
