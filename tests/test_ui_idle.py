"""An idle window costs no CPU: a still screen is redrawn only on input and now and then
(the caret's blink), while a moving one is drawn every frame."""

import pygame

from wonderland_games.scenes.menu import MenuScene
from wonderland_games.ui import app as app_module
from wonderland_games.ui.screen import FormScene


def _count_draws(app, monkeypatch) -> list:
    draws = []
    real = app.draw
    monkeypatch.setattr(app, "draw", lambda: (draws.append(1), real()))
    return draws


def _fast_still_loop(monkeypatch) -> None:
    """Still at once, a fast loop, a redraw every 0.1 s: the rule, without waiting seconds."""
    monkeypatch.setattr(app_module, "STILL_AFTER", 0.0)
    monkeypatch.setattr(app_module, "STILL_FPS", 400)
    monkeypatch.setattr(app_module, "STILL_REDRAW", 0.1)


def test_forms_are_still():
    assert FormScene.still(object.__new__(MenuScene))


def test_a_still_screen_is_redrawn_only_now_and_then(menu_app, monkeypatch):
    _fast_still_loop(monkeypatch)
    draws = _count_draws(menu_app, monkeypatch)
    menu_app.run(frames=100)  # about a quarter of a second
    assert 1 <= len(draws) <= 10, len(draws)


def test_a_frame_left_undrawn_is_drawn_on_input_or_a_new_scene(menu_app, monkeypatch):
    draws = _count_draws(menu_app, monkeypatch)
    menu_app.step(0.01, draw=False)
    assert draws == []  # nothing happened: the last frame still stands
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0)))
    menu_app.step(0.01, draw=False)
    assert draws == [1]
    menu_app.push(MenuScene(menu_app))
    menu_app.step(0.01, draw=False)
    assert draws == [1, 1]


def test_a_moving_screen_is_drawn_every_frame(menu_app, monkeypatch):
    _fast_still_loop(monkeypatch)
    monkeypatch.setattr(MenuScene, "still", lambda self: False)
    monkeypatch.setattr(app_module, "STILL_FPS", 60)
    draws = _count_draws(menu_app, monkeypatch)
    menu_app.run(frames=30)
    assert len(draws) == 30
