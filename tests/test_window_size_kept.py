"""Issue 11: the window opens at the size the player last dragged it to (kept on quit and once
a drag settles), fitted to the screen and the minimum; a bad or off-screen size never stops
the start (the log says why, defaults are used)."""

import json
import logging

import pygame
import pytest

from wonderland_games.core.settings import Settings, load_settings, save_settings, settings_path
from wonderland_games.ui import app as app_mod
from wonderland_games.ui.app import App
from wonderland_games.ui.testing import step


@pytest.fixture
def desktop(user_dirs, monkeypatch):
    """A 1920×1080 screen (the dummy driver's is 1024×768)."""
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])
    return (1920, 1080)


def start() -> App:
    """The app as a player starts it: the settings from disk, no size given."""
    app = App()
    app.running = True
    return app


def drag_to(app, size):
    """The player drags the window's corner: the window changes, then SDL says so."""
    app_mod._window().size = size
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    step(app)


def test_a_dragged_size_is_kept_on_quit_and_the_next_start_opens_at_it(desktop, monkeypatch):
    monkeypatch.setattr(app_mod, "SETTLE_SECONDS", 3600)  # still dragging
    app = start()
    assert app.screen.get_size() == (1280, 800)
    drag_to(app, (1500, 900))
    assert load_settings().window_size == (1280, 800), "not yet: the drag goes on"
    app.quit()
    app.run(frames=1)
    assert load_settings().window_size == (1500, 900)
    assert start().screen.get_size() == (1500, 900)


def test_a_drag_that_settles_is_kept_without_quitting(desktop, monkeypatch):
    app = start()
    monkeypatch.setattr(app_mod, "SETTLE_SECONDS", 0.0)
    drag_to(app, (1366, 768))
    step(app)
    assert load_settings().window_size == (1366, 768)


def test_full_screen_keeps_the_windowed_size(desktop):
    save_settings(Settings(window_size=(1100, 700), fullscreen=True))
    app = start()
    app.quit()
    app.run(frames=1)
    assert load_settings().window_size == (1100, 700)


@pytest.mark.parametrize("saved, opened", [([4000, 3000], (1904, 1000)), ([700, 500], (1024, 640))])
def test_a_remembered_size_is_fitted_to_the_screen_and_the_minimum(desktop, caplog, saved, opened):
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(json.dumps({"window_size": saved}))
    with caplog.at_level(logging.WARNING):
        app = start()
    assert app.screen.get_size() == opened
    assert f"{saved[0]}×{saved[1]}" in caplog.text and f"opening at {opened[0]}×{opened[1]}" in caplog.text


def test_the_default_size_fitted_to_a_small_screen_logs_nothing(user_dirs, caplog, monkeypatch):
    """A first start on a 1366×768 laptop: no size was remembered, so there is nothing to warn of."""
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1366, 768)])
    with caplog.at_level(logging.WARNING):
        app = start()
    assert app.screen.get_size() != tuple(Settings().window_size)
    assert "remembered" not in caplog.text


@pytest.mark.parametrize("saved", ['"huge"', "[1500]", "[null, 900]", '[1e999, 900]', '{"w": 1}'])
def test_a_bad_remembered_size_gives_the_default_and_a_line_in_the_log(desktop, caplog, saved):
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text('{"window_size": %s, "language": "en"}' % saved)
    with caplog.at_level(logging.WARNING):
        app = start()
    assert app.screen.get_size() == (1280, 800) and app.settings.language == "en"
    assert "window_size" in caplog.text and "default" in caplog.text


def test_a_size_the_screen_refuses_opens_at_the_default(desktop, caplog, monkeypatch):
    save_settings(Settings(window_size=(1700, 1000)))
    real = pygame.display.set_mode

    def refuse(size, *a, **k):
        if tuple(size) == (1700, 1000):
            raise pygame.error("no such mode")
        return real(size, *a, **k)

    monkeypatch.setattr(pygame.display, "set_mode", refuse)
    with caplog.at_level(logging.WARNING):
        app = start()
    assert app.screen.get_size() == (1280, 800)
    assert "cannot open at 1700×1000 (no such mode); opening at 1280×800" in caplog.text
