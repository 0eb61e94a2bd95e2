"""The window, the main loop and the scene stack.

Scenes are pushed, popped and replaced; only the top scene gets events and
updates, but a scene may ask to have the one below drawn first (`overlay`), so
dialogs and the hot-seat curtain sit on top of a table.
"""

from __future__ import annotations

import logging
import time
import warnings

import pygame

from ..core.settings import Settings, fit_window, load_settings, minimum_window, save_settings
from .fonts import Fonts
from .i18n import I18n
from .music import Music
from .sound import Sound

STILL_AFTER = 1.0  # seconds without input before a still scene is drawn less often
STILL_FPS = 15
STILL_REDRAW = 0.5  # seconds between redraws of a still screen: a text caret blinks at this rate
INSIST_SECONDS = 1.0  # a too-small size back this soon after we grew the window is the platform's
TITLE = "仙境游戏 · Wonderland Games"
MAX_DESKTOP = (7680, 4320)  # assumed when no screen reports its size
SETTLE_SECONDS = 0.5  # a dragged window this long without another resize has settled: its size is kept
log = logging.getLogger(__name__)


def _window() -> "pygame.Window":
    """The display module's window (pygame-ce >= 2.5), to size it and set its minimum."""
    get = getattr(pygame.display, "get_window", None)  # newer pygame-ce
    if get is not None:
        return get()
    with warnings.catch_warnings():  # pygame-ce 2.5 warns against drawing through it; we only size it
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()


class Scene:
    """Base class for every screen. Lay out from the surface size each frame."""

    overlay = False  # draw the scene below first
    music = None  # the loop it plays (ui/music.py): "menu", a game id; None keeps the one below's

    def __init__(self, app: "App"):
        self.app = app

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def update(self, dt: float) -> None:
        pass

    def still(self) -> bool:
        """True while nothing on screen moves until the user acts: the loop slows down and
        redraws only on input (and every STILL_REDRAW seconds), so an idle window costs no CPU."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def on_resize(self, size: tuple) -> None:
        pass

    def on_enter(self) -> None:
        """Called when the scene becomes the top of the stack (again)."""

    def on_exit(self) -> None:
        """Called when the scene leaves the stack for good."""


class App:
    def __init__(self, settings: Settings | None = None, size: tuple | None = None):
        pygame.init()
        self.settings = settings or load_settings()
        self.i18n = I18n(self.settings.language)
        self.fonts = Fonts()
        self.fonts.scale = self.settings.text_scale
        self.sound = Sound(self.settings)
        self.music = Music(self.settings)
        self.stack: list = []
        self.last_game: str | None = None  # the game of the last table opened: the menu's Rules open on it
        self.lessons_suggested: set = set()  # games whose setup screen offered the lesson this run
        self.running = False
        self.clock = pygame.time.Clock()
        self._drawn_top: Scene | None = None  # the top scene when a frame was last drawn
        self._grown = (None, 0.0)  # the too-small size we last grew the window from, and when
        self._resized_at: float | None = None  # the last resize not yet remembered in the settings
        self.screen = self._open_window(size)
        pygame.key.stop_text_input()

    # -- window ----------------------------------------------------------------
    def _open_window(self, size: tuple | None) -> pygame.Surface:
        pygame.display.set_caption(TITLE)
        try:
            from ..core.paths import assets_dir

            pygame.display.set_icon(pygame.image.load(str(assets_dir() / "ui" / "icon.png")))
        except (FileNotFoundError, pygame.error):
            pass  # a missing icon must not stop the game
        if self.settings.fullscreen and size is None:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)  # (0, 0): the desktop's size
        if size is None:  # a saved size from a larger monitor must not hang off this screen
            size = self.settings.window_size = self._fitted(self.settings.window_size)
        try:
            screen = pygame.display.set_mode(self._at_least_minimum(size), pygame.RESIZABLE)
        except pygame.error as exc:  # a size this screen refuses must not stop the app from starting
            default = fit_window(Settings().window_size, self.desktop_size())
            log.warning("window: cannot open at %d×%d (%s); opening at %d×%d", *size, exc, *default)
            size = self.settings.window_size = default
            screen = pygame.display.set_mode(self._at_least_minimum(size), pygame.RESIZABLE)
        _window().minimum_size = self.minimum_size()  # the window manager stops a drag there
        return screen

    def _fitted(self, size: tuple) -> tuple:
        """A remembered size fitted to this screen and the minimum, saying so in the log when it
        had to change (a size from a larger monitor, or below the minimum). The default size
        fitted to a small screen (a first start on a laptop) is no news: nothing is logged."""
        desktop = self.desktop_size()
        fitted = fit_window(size, desktop)
        if fitted != tuple(size) and tuple(size) != tuple(Settings().window_size):
            log.warning("window: the remembered size %d×%d does not fit this %d×%d screen with its title bar, or is "
                        "below the smallest window (%d×%d); opening at %d×%d", *size, *desktop, *self.minimum_size(),
                        *fitted)
        return fitted

    def desktop_size(self) -> tuple:
        """The size of the screen the window opens on (display 0)."""
        sizes = pygame.display.get_desktop_sizes()
        return tuple(sizes[0]) if sizes and min(sizes[0]) > 0 else MAX_DESKTOP

    def minimum_size(self) -> tuple:
        return minimum_window(self.desktop_size())

    def _at_least_minimum(self, size: tuple) -> tuple:
        return tuple(max(side, low) for side, low in zip(size, self.minimum_size()))

    def _resized(self, size: tuple) -> None:
        """The player resized the window. Below the minimum (a platform that ignores the hint)
        it grows back to it; a platform that at once shrinks it again gets its way (no tug of war),
        as drawing copes with any size."""
        size, now = tuple(size), time.monotonic()
        insists = self._grown[0] == size and now - self._grown[1] < INSIST_SECONDS
        if not self.settings.fullscreen and self._at_least_minimum(size) != size and not insists:
            self._grown = (size, now)
            _window().size = self._at_least_minimum(size)  # the same window (set_mode makes a new one)
        self.screen = pygame.display.get_surface()
        if not self.settings.fullscreen:
            self._resized_at = now
        for scene in self.stack:
            scene.on_resize(self.screen.get_size())

    def remember_window_size(self) -> None:
        """Keep the windowed size the player dragged to, so the next start opens at it (on quit,
        and once a drag settles). A settings file that cannot be written is said in the log."""
        self._resized_at = None
        size = tuple(self.screen.get_size())
        if self.settings.fullscreen or size == tuple(self.settings.window_size):
            return
        self.settings.window_size = size
        try:
            save_settings(self.settings)
        except OSError as exc:
            log.warning("settings: cannot keep the window size %d×%d: %s", *size, exc)

    def apply_display_settings(self) -> None:
        self.screen = self._open_window(None)
        for scene in self.stack:
            scene.on_resize(self.screen.get_size())

    def save_settings(self) -> None:
        """Persist and apply at once (language, sound, text size; display via apply_display_settings)."""
        save_settings(self.settings)
        self.i18n.set_language(self.settings.language)
        self.set_text_scale(self.settings.text_scale)
        self.sound.configure(self.settings)
        self.music.configure(self.settings)

    # -- text ------------------------------------------------------------------
    def set_text_scale(self, scale: float) -> None:
        """The player's text size, on every screen at once: each lays out again."""
        if self.fonts.scale != scale:
            self.settings.text_scale = self.fonts.scale = scale
            for scene in self.stack:
                scene.on_resize(self.screen.get_size())

    def t(self, key: str, **fmt) -> str:
        return self.i18n.t(key, **fmt)

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        return self.fonts.get(size, bold)

    @property
    def lang(self) -> str:
        return self.i18n.language

    # -- stack -----------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        pygame.key.stop_text_input()  # a covered text field must not keep typing
        self.stack.append(scene)
        scene.on_resize(self.screen.get_size())
        scene.on_enter()

    def pop(self) -> None:
        pygame.key.stop_text_input()
        if self.stack:
            self.stack.pop().on_exit()
        if not self.stack:
            self.running = False
        else:
            self.stack[-1].on_enter()

    def replace(self, scene: Scene) -> None:
        if self.stack:
            self.stack.pop().on_exit()
        self.push(scene)

    def quit(self) -> None:
        self.running = False

    def music_track(self) -> str | None:
        """The loop the screens want: the top one's, or, where it keeps what plays (a dialog,
        the rules), the one below it's."""
        return next((scene.music for scene in reversed(self.stack) if scene.music is not None), None)

    # -- loop ------------------------------------------------------------------
    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type == pygame.VIDEORESIZE:
            self._resized((event.w, event.h))
        elif self.top is not None:
            self.top.handle_event(event)

    def draw(self) -> None:
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].overlay:
            first -= 1
        for scene in self.stack[first:]:
            scene.draw(self.screen)
        self._drawn_top = self.top

    def step(self, dt: float, draw: bool = True) -> bool:
        """One frame: events, update, draw (without `draw`, only if input came or another
        scene came on top). Tests call this directly. True if input came."""
        events = pygame.event.get()
        for event in events:
            self.dispatch(event)
        if self._resized_at is not None and time.monotonic() - self._resized_at >= SETTLE_SECONDS:
            self.remember_window_size()
        if self.top is not None:
            self.top.update(dt)
        self.music.update(dt, self.music_track())
        if (draw or events or self.top is not self._drawn_top) and (self.running or self.top is not None):
            self.draw()
            pygame.display.flip()
        return bool(events)

    def run(self, first: Scene | None = None, frames: int | None = None) -> None:
        """Loop until quit; `first` is pushed unless the stack is already set up."""
        self.running = True
        if first is not None:
            self.push(first)
        count = 0
        quiet = 0.0  # seconds since the last input
        undrawn = 0.0  # seconds since the last drawn frame
        while self.running and self.stack:
            still = quiet >= STILL_AFTER and self.top is not None and self.top.still()
            dt = self.clock.tick(STILL_FPS if still else 60) / 1000.0
            undrawn += dt
            draw = not still or undrawn >= STILL_REDRAW
            came = self.step(min(dt, 0.1), draw)
            if draw or came:
                undrawn = 0.0
            quiet = 0.0 if came else quiet + dt
            count += 1
            if frames is not None and count >= frames:
                break
        self.remember_window_size()
        self.music.stop()
        for scene in reversed(self.stack):
            scene.on_exit()
        self.stack.clear()
