"""Keyboard navigation shared by every screen.

The ring owns a scene's widgets: it hands mouse events to them, keeps one
focused, and turns keys into moves — Tab / Shift+Tab in order, arrows by
geometry (the nearest widget in that direction, so tile grids work), Enter or
Space activates, Esc calls `on_back`. The focused widget sees each key first
(a text field keeps Left/Right, a Choice turns them into previous/next).
The focus outline shows only after a key was used, as players expect.
"""

from __future__ import annotations

from typing import Callable

import pygame

from .widgets import TextInput, Widget

DIRS = {pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1), pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0)}
ACTIVATE = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def nearest(rect: pygame.Rect, rects: list, direction: tuple):
    """The index of the rect nearest to `rect` in `direction` ((dx, dy), one of them 0), preferring
    those straight ahead (overlap on the cross axis counts as aligned), or None. A None rect is skipped."""
    dx, dy = direction
    cx, cy = rect.center
    best, best_score = None, None
    for i, other in enumerate(rects):
        if other is None:
            continue
        wx, wy = other.center
        along = (wx - cx) * dx + (wy - cy) * dy
        if along <= 0:
            continue
        across = abs((wx - cx) * dy) + abs((wy - cy) * dx)
        overlap = (other.left < rect.right and rect.left < other.right) if dy else \
                  (other.top < rect.bottom and rect.top < other.bottom)
        score = along + (0 if overlap else across * 3)
        if best_score is None or score < best_score:
            best, best_score = i, score
    return best


class FocusRing:
    def __init__(self, widgets: list | None = None, on_back: Callable[[], object] | None = None) -> None:
        self.widgets: list = list(widgets or [])
        self.on_back = on_back
        self.current: Widget | None = None
        self.keyboard = False  # show the focus outline

    def add(self, *widgets: Widget) -> None:
        self.widgets.extend(widgets)

    def set_widgets(self, widgets: list) -> None:
        keep = self.current if self.current in widgets else None
        self.widgets = list(widgets)
        if keep is None:
            self.focus(None)

    def focus(self, widget: Widget | None, keyboard: bool | None = None) -> None:
        if keyboard is not None:
            self.keyboard = keyboard
        if widget is self.current:
            self._mark()
            return
        if self.current is not None:
            self.current.focused = False
            self.current.on_blur()
        self.current = widget
        if widget is not None:
            widget.on_focus()
        self._mark()

    def _mark(self) -> None:
        for w in self.widgets:
            w.focused = w is self.current and (self.keyboard or isinstance(w, TextInput))

    def resume(self) -> None:
        """The scene is on top again: a focused text field turns text input back on."""
        if isinstance(self.current, TextInput):
            self.current.on_focus()

    def suspend(self) -> None:
        if isinstance(self.current, TextInput):
            self.current.on_blur()

    # -- events -------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL):
            return self._mouse(event)
        if event.type in (pygame.TEXTINPUT, pygame.TEXTEDITING):
            if self.current is not None and self.current.can_focus:
                self.current.text_event(event)
                return True
            return False
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _mouse(self, event) -> bool:
        consumed = False
        for w in reversed(self.widgets):
            if not w.visible:
                continue
            if w.handle_mouse(event):
                consumed = True
                if event.type == pygame.MOUSEBUTTONDOWN:
                    self.focus(w if w.can_focus else None, keyboard=False)
                break
        if event.type == pygame.MOUSEBUTTONDOWN and not consumed and isinstance(self.current, TextInput):
            self.focus(None, keyboard=False)  # clicking elsewhere leaves the field
        return consumed

    def _key(self, event) -> bool:
        cur = self.current if self.current is not None and self.current.can_focus else None
        if cur is not None and cur.key(event):
            return True
        k = event.key
        if k == pygame.K_ESCAPE:
            if self.on_back is not None:
                self.on_back()
                return True
            return False
        if k == pygame.K_TAB:
            self.move_order(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if k in DIRS:
            self.move_dir(DIRS[k])
            return True
        if k in ACTIVATE:
            if cur is None:
                return False
            if not self.keyboard and not isinstance(cur, TextInput):
                self.focus(cur, keyboard=True)  # first key after the mouse: show where we are
            cur.activate()
            return True
        return False

    def focusable(self) -> list:
        return [w for w in self.widgets if w.can_focus]

    def move_order(self, step: int) -> None:
        items = self.focusable()
        if not items:
            return
        if self.current not in items:
            self.focus(items[0] if step > 0 else items[-1], keyboard=True)
            return
        if not self.keyboard:  # the first key after the mouse shows where focus is
            self.focus(self.current, keyboard=True)
            return
        i = items.index(self.current)
        self.focus(items[(i + step) % len(items)], keyboard=True)

    def move_dir(self, direction: tuple) -> None:
        items = self.focusable()
        if not items:
            return
        cur = self.current if self.current in items else None
        if cur is None or not self.keyboard:
            self.focus(cur or items[0], keyboard=True)
            return
        best = nearest(cur.rect, [w.rect if w is not cur else None for w in items], direction)
        if best is not None:
            self.focus(items[best], keyboard=True)

    def draw(self, surface: pygame.Surface) -> None:
        for w in self.widgets:
            w.draw(surface)
