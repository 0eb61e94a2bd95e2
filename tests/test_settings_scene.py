"""The settings screen shows the window's size now, not the one it started with."""

import pygame
import pytest

from wonderland_games.core.settings import load_settings
from wonderland_games.scenes.settings import SettingsScene
from wonderland_games.ui import app as app_mod
from wonderland_games.ui.testing import make_app, step


@pytest.fixture
def app(user_dirs, monkeypatch):
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(2560, 1440)])  # the dummy's is 1024×768
    a = make_app((1280, 800), "en")
    yield a
    a.stack.clear()


def drag_to(app, size):
    """The player drags the window's corner: the window changes, then SDL says so."""
    app_mod._window().size = size
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    step(app)


def size_row(app):
    return dict(app.top.rows)["settings.window_size"]


def test_settings_opened_after_a_resize_shows_the_new_size(app):
    drag_to(app, (1500, 900))
    app.push(SettingsScene(app))
    step(app)
    assert size_row(app).value == (1500, 900)
    assert "1500 × 900" in [label for _, label in size_row(app).options]


def test_a_resize_while_settings_is_open_shows_at_once(app):
    app.push(SettingsScene(app))
    step(app)
    assert size_row(app).value == (1280, 800)
    drag_to(app, (1100, 700))
    assert size_row(app).value == (1100, 700)
    size_row(app).step(1)  # on to the next preset from the size the window has now
    step(app)
    assert app.screen.get_size() == (1280, 800) and load_settings().window_size == (1280, 800)


def test_full_screen_and_back_returns_to_the_size_shown(app):
    drag_to(app, (1100, 700))
    app.push(SettingsScene(app))
    step(app)
    display = dict(app.top.rows)["settings.display"]
    display.step(1)  # full screen
    step(app)
    assert app.settings.fullscreen and app.settings.window_size == (1100, 700)
    assert dict(app.top.rows)["settings.window_size"].value == (1100, 700)  # full screen shows the size to go back to
    display.step(1)  # windowed again
    step(app)
    assert app.screen.get_size() == (1100, 700)


def test_a_text_size_chosen_shows_at_once_on_every_screen_and_is_kept(app, monkeypatch):
    """150% from the settings: the menu under it draws its game names larger at once (laid out
    again), and the next start opens with it."""
    from wonderland_games.scenes.menu import MenuScene
    from wonderland_games.ui import text as tx

    heights, real = {}, tx.render
    monkeypatch.setattr(tx, "render", lambda font, text, *a: heights.__setitem__(text, font.get_height()) or
                        real(font, text, *a))
    app.settings.language = "zh"  # a game's name in Chinese has room to grow on its tile
    app.i18n.set_language("zh")
    app.push(MenuScene(app))
    name = app.top.tiles[0].name()
    step(app)
    before = heights.pop(name)
    app.push(SettingsScene(app))
    step(app)
    row = dict(app.top.rows)["settings.text_size"]
    assert [label for _, label in row.options] == ["100%", "125%", "150%"]
    row.step(1)
    row.step(1)
    step(app)
    assert load_settings().text_scale == 1.5 and app.fonts.scale == 1.5
    app.pop()
    step(app)
    assert heights[name] >= before * 1.4, (before, heights[name])  # the name's box grew with it
