"""Driving scenes with real pygame events, for tests (headless: SDL_VIDEODRIVER=dummy).

Events go through the SDL queue and `App.step`, exactly as a player's would;
nothing calls scene methods behind the window's back.
"""

from __future__ import annotations

import random
import time

import pygame

from ..core.settings import Settings
from .app import App


def random_record(game_id: str, seed: int = 21, players: int = 3):
    """A whole game of random moves by Random bots, as a game record (for replay tests)."""
    from ..core import registry
    from ..core.game import BOT, Seat
    from ..core.records import make_record

    seats = [Seat(chr(ord("A") + i), BOT, "random") for i in range(players)]
    state = registry.get(game_id).new_state(seats, seed, None)
    rng = random.Random(seed)
    actions = []
    while not state.is_over():
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        state.apply(action)
        actions.append(action)
    return make_record(game_id, seed, seats, None, actions)


def make_app(size: tuple = (1280, 800), language: str = "zh", suggest_lessons: bool = False, **settings) -> App:
    """A window with fresh settings (sound off unless asked; nothing read from disk). A setup
    screen offers no lesson first unless asked (`suggest_lessons`): its dialog would cover it."""
    from ..core.registry import GAME_ORDER

    settings.setdefault("sound", False)
    app = App(Settings(language=language, window_size=size, **settings), size=size)
    if not suggest_lessons:
        app.lessons_suggested.update(GAME_ORDER)
    return app


def open_table(app: App, game_id: str, seats: list, seed: int = 3):
    """A new game's table pushed onto `app` and drawn twice: (session, scene). Not autosaved."""
    from ..core.session import Session
    from ..scenes.launch import scene_class

    session = Session.new(game_id, seats, seed=seed, autosave=False)
    scene = scene_class(game_id)(app, session)
    app.push(scene)
    step(app, 2)
    return session, scene


def step(app: App, frames: int = 1, dt: float = 1 / 60) -> None:
    for _ in range(frames):
        app.step(dt)


def run_until(app: App, condition, seconds: float = 30.0) -> None:
    """Step frames until `condition()` holds; fail after `seconds` of wall time.

    Each frame rests a millisecond, as the real loop rests at its frame cap: a loop
    of frames that never rests starves a thinking worker thread of the GIL (a
    one-second hint took ~50 s)."""
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "timed out"
        app.step(1 / 60)
        time.sleep(0.001)


def click(app: App, pos, button: int = 1, frames: int = 1) -> None:
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    step(app, frames)


def click_widget(app: App, widget, frames: int = 1) -> None:
    click(app, widget.rect.center, frames=frames)


def key(app: App, k: int, mod: int = 0, frames: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    step(app, frames)


def type_text(app: App, text: str, frames: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    step(app, frames)


def compose(app: App, text: str, frames: int = 1) -> None:
    """An IME composition in progress (not yet committed)."""
    pygame.event.post(pygame.event.Event(pygame.TEXTEDITING, text=text, start=len(text), length=0))
    step(app, frames)


MONKEY_KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB, pygame.K_RETURN,
               pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_HOME,
               pygame.K_END, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_a)


def monkey(app: App, count: int, rng: random.Random, keep=None, keys=MONKEY_KEYS, events_per_frame: int = 4) -> None:
    """`count` random clicks, wheel turns, keys and typed text. `keep()` runs after each frame
    (e.g. to push the scene under test back when the monkey left it)."""
    w, h = app.screen.get_size()
    posted = 0
    while posted < count:
        for _ in range(events_per_frame):
            roll = rng.random()
            pos = (rng.randrange(w), rng.randrange(h))
            if roll < 0.45:
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 1, 3))))
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
            elif roll < 0.55:
                pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-3, -1, 1, 3)),
                                                     flipped=False, precise_x=0.0, precise_y=0.0))
            elif roll < 0.9:
                k = rng.choice(keys)
                mod = pygame.KMOD_SHIFT if rng.random() < 0.1 else 0
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
            else:
                pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(("a", "7", "猫", "中文", " ", "Zz9"))))
            posted += 1
        app.step(1 / 60)
        if keep is not None:
            keep()
