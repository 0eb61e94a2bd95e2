"""Opening a game's guided first game (its lesson) from the menu or the setup screen.

A lesson left unfinished is kept in its own autosave and resumed where it was; a finished
one starts afresh. The setup screen of a game never played nor learned suggests the lesson
once per run.
"""

from __future__ import annotations

from ..core import registry, setup_memory, stats, tutorial
from ..core.data import DataError
from ..ui.dialogs import ConfirmDialog, show_error
from .launch import game_title, open_game, save_error_text


def offers_lesson(game_id: str) -> bool:
    return tutorial.has_script(game_id)


def kept_lesson(unfinished: list, game_id: str, lang: str):
    """The unfinished lesson of `game_id` among SaveInfos (`saves.unfinished_games()`) played in
    `lang`, or None: one begun in the other language starts afresh in this one (its bots' names
    and Dream's typed clues are in the language it began in)."""
    return next((info for info in unfinished if info.game_id == game_id and info.tutorial is not None
                 and info.tutorial.get("lang", lang) == lang), None)


def open_lesson(app, game_id: str, kept=None, replace: bool = False) -> None:
    """Resume the kept lesson (a SaveInfo), else start a new one; any failure is a message."""
    from ..core.saves import SaveError, load_session

    try:
        if kept is not None:
            session = load_session(kept.path)
        else:
            session = tutorial.start(game_id, app.lang, learner_name(app, game_id))
    except (SaveError, DataError, OSError, ValueError, KeyError) as exc:
        show_error(app, app.t("game.scene_failed", error=save_error_text(app, exc)))
        return
    open_game(app, session, replace=replace)


def learner_name(app, game_id: str) -> str:
    """The name the learner last played under (this game's setup first, then any game's), else
    the setup's first default: a name, as the log and results speak of every player in the
    third person ("You plays" would not do)."""
    for game in (game_id, *registry.GAME_ORDER):
        for seat in setup_memory.recall(game):
            if seat["kind"] == "human" and seat["name"].strip():
                return seat["name"]
    return app.t("setup.default_name", n=1)


def suggest_lesson(app, game_id: str) -> None:
    """Over a game's setup screen, the first time this run: a game never finished nor learned
    offers its lesson (No, the focused choice, stays on the setup)."""
    if game_id in app.lessons_suggested or not offers_lesson(game_id):
        return
    app.lessons_suggested.add(game_id)
    record = stats.load_stats()  # one read: its games played and its games learned
    known = record["games"].get(game_id, {}).get("played", 0) > 0 or game_id in record["learned"]
    if known:
        return
    app.push(ConfirmDialog(app, app.t("tutorial.suggest", game=game_title(app, game_id)),
                           lambda: open_lesson(app, game_id, replace=True), title=app.t("tutorial.learn"),
                           yes_text=lambda: app.t("tutorial.learn"), no_text=lambda: app.t("tutorial.not_now")))
