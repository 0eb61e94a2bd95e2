"""After loading a save, the menu's Continue resumes that game where it was loaded, even before
a move was made: it once went to another game's newer autosave, or was greyed (QA)."""

import pygame

from wonderland_games.core import saves
from wonderland_games.core.game import Seat
from wonderland_games.core.session import Session
from wonderland_games.scenes.launch import scene_class
from wonderland_games.scenes.load import LoadScene
from wonderland_games.scenes.menu import MenuScene
from wonderland_games.ui import theme
from wonderland_games.ui.testing import click, click_widget, key, step


def played(game, moves=2, seed=5, autosave=True):
    session = Session.new(game, [Seat("甲"), Seat("乙", "bot", "easy")], seed=seed, autosave=autosave)
    for _ in range(moves):
        session.apply(session.state.legal_actions()[0])
    return session


def load_row(app, path) -> None:
    """Click the load list's row of `path`, then Load."""
    load = app.top
    assert isinstance(load, LoadScene)
    index = next(i for i, info in enumerate(load.list.items) if info.path == path)
    row_h = theme.px(load.list.row_height, load.s)
    click(app, (load.list.rect.centerx, load.list.rect.top + index * row_h + row_h // 2 - load.list.offset))
    click_widget(app, load.load_button)


def test_continue_resumes_the_named_save_just_loaded_not_a_newer_autosave(menu_app):
    app = menu_app
    mine = played("parade", moves=2, autosave=False)  # never autosaved: only the named save has it
    slot = saves.save_slot(mine, "Parade night")
    other = played("oz", moves=3)  # a newer autosave of another game
    app.top.on_enter()
    click_widget(app, app.top.buttons[1])  # Load
    load_row(app, slot)
    table = app.top
    assert type(table) is scene_class("parade") and table.session.actions == mine.actions
    key(app, pygame.K_ESCAPE)  # back to the menu without a move
    menu = app.top
    assert isinstance(menu, MenuScene) and menu.continue_button.enabled
    click_widget(app, menu.continue_button)
    assert type(app.top) is scene_class("parade") and app.top.session.actions == mine.actions
    assert saves.load_session(saves.autosave_path("oz")).actions == other.actions  # Oz is untouched


def test_loading_an_earlier_save_of_the_same_game_keeps_the_later_moves(menu_app):
    """Opening an earlier named save makes it the game's autosave at once; the autosave it replaces,
    further on in the same game, is set aside in kept/, not wiped."""
    app = menu_app
    session = played("parade", moves=2)
    slot = saves.save_slot(session, "early")
    for _ in range(2):
        session.apply(session.state.legal_actions()[0])
    later = list(session.actions)
    app.top.on_enter()
    click_widget(app, app.top.buttons[1])
    load_row(app, slot)
    assert saves.load_session(saves.autosave_path("parade")).actions == later[:2]
    kept, = saves.kept_dir().glob("parade *.json")
    assert saves.load_session(kept).actions == later


def test_resuming_the_autosave_itself_sets_nothing_aside(menu_app):
    app = menu_app
    played("parade", moves=2)
    app.top.on_enter()
    click_widget(app, app.top.continue_button)
    assert type(app.top) is scene_class("parade")
    step(app)
    assert list(saves.kept_dir().iterdir()) == []
