"""Keyboard play at every game table: one focus ring over what the table lets a player choose.

A game lists its table's choosable things as key targets (`TableScene._key_targets()`): a
card in the hand, a board spot, a die, a city — each its rect, what Enter does and what it
is in words. The table adds its buttons on show, the game's own before the top bar's. Tab /
Shift+Tab go round them in order, arrows to the nearest one that way (as in the menus,
ui/focus.py), Enter or Space chooses the focused one; a target may show what pointing at it
shows when a key moves onto it (`point`: Parade's preview of a take). The focus outline shows
once a key was used and hides on a click, as players expect, with what Enter would do (the
target's label) in a tip beside it, clear of the other targets. A target that is a widget (a
button, a text field) is marked focused instead (its own look and tip show, a field takes the
typing) and sees keys first: a text field keeps its letters and Left / Right.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

from . import theme
from .focus import ACTIVATE, DIRS, nearest
from .widgets import TextInput, Widget, draw_tip_box, resolve


@dataclass
class KeyTarget:
    id: object  # stays focused while the table changes around it: ("hand", 23), a widget
    rect: pygame.Rect
    act: Callable[[], object] | None = None  # Enter / Space; None: only read (the game shows its detail)
    label: object = ""  # what Enter does, in words (str or callable; "": no tip)
    widget: Widget | None = None
    point: Callable[[], object] | None = None  # a key moved the focus onto it: what pointing shows (a preview)


def widget_target(widget: Widget) -> KeyTarget:
    """A button or field as a target: Enter activates it (a field: its on_submit)."""
    act = widget.on_submit if isinstance(widget, TextInput) else widget.activate
    return KeyTarget(widget, widget.rect, act, "", widget)


class TableKeys:
    """The focus over a table's targets (`targets()` lists them now, in Tab order)."""

    def __init__(self, app, targets: Callable[[], list]) -> None:
        self.app = app
        self.targets = targets
        self.current = None  # the focused target's id
        self.shown = False  # a key was used since the last click: the outline shows
        self._marked: Widget | None = None  # the widget told it has the focus

    # -- where the focus is -------------------------------------------------------------
    def focused(self) -> KeyTarget | None:
        """The focused target while it is on the table (shown or not)."""
        if self.current is None:
            return None
        return next((t for t in self.targets() if t.id == self.current), None)

    def focused_id(self):
        """The id of the target the player sees focused, or None."""
        target = self.focused() if self.shown else None
        return None if target is None else target.id

    def focus(self, target_id, shown: bool | None = None) -> None:
        self.current = target_id
        if shown is not None:
            self.shown = shown
        self.sync()

    def _move_to(self, target: KeyTarget) -> None:
        """A key put the focus on `target`: shown, and what pointing at it shows."""
        self.focus(target.id, shown=True)
        if target.point is not None:
            target.point()

    def hide(self) -> None:
        """The mouse took over: no outline until the next key (a field keeps the typing)."""
        if self.shown:
            self.shown = False
            self.sync()

    def sync(self) -> None:
        """Mark the focused widget (its focus look and tip; a field starts or stops text input)."""
        target = self.focused()
        widget = target.widget if target is not None else None
        if widget is not self._marked:
            if self._marked is not None:
                self._marked.focused = False
                self._marked.on_blur()
            if widget is not None:
                widget.on_focus()
            self._marked = widget
        if widget is not None:
            widget.focused = self.shown or isinstance(widget, TextInput)

    def resume(self) -> None:
        """The table is on top again: a focused field takes the typing again."""
        if isinstance(self._marked, TextInput):
            self._marked.on_focus()

    # -- keys -----------------------------------------------------------------------------
    def key(self, event) -> bool:
        """Tab / Shift+Tab, arrows, Enter and Space; True when used. The focused widget sees the
        key first (a field's letters, Backspace, Left / Right)."""
        target = self.focused()
        if target is not None and target.widget is not None and (self.shown or isinstance(target.widget, TextInput)) \
                and target.widget.key(event):
            return True
        k = event.key
        if k == pygame.K_TAB:
            self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if k in DIRS:
            self.move_dir(DIRS[k])
            return True
        if k in ACTIVATE and target is not None and (self.shown or isinstance(target.widget, TextInput)):
            if target.act is not None:
                target.act()
            return True
        return False

    def text(self, event) -> bool:
        """Typed text goes to a focused field."""
        target = self.focused()
        if target is not None and isinstance(target.widget, TextInput):
            target.widget.text_event(event)
            return True
        return False

    def move(self, step: int) -> None:
        items = self.targets()
        if not items:
            return
        ids = [t.id for t in items]
        if self.current not in ids:
            self._move_to(items[0] if step > 0 else items[-1])
        elif not self.shown:  # the first key after the mouse shows where the focus is
            self._move_to(items[ids.index(self.current)])
        else:
            self._move_to(items[(ids.index(self.current) + step) % len(ids)])

    def move_dir(self, direction: tuple) -> None:
        items = self.targets()
        if not items:
            return
        ids = [t.id for t in items]
        if self.current not in ids or not self.shown:
            self._move_to(items[ids.index(self.current)] if self.current in ids else items[0])
            return
        here = items[ids.index(self.current)]
        best = nearest(here.rect, [None if t is here else t.rect for t in items], direction)
        if best is not None:
            self._move_to(items[best])

    # -- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, s: float) -> list:
        """The focus outline round the focused target once a key was used, and its label in a tip
        (a widget draws its own): the rects drawn."""
        target = self.focused() if self.shown else None
        if target is None or not target.rect.width:
            return []
        drawn = [theme.table_focus(surface, target.rect, s)]
        text = resolve(target.label) if target.widget is None else ""
        if text:
            others = [t.rect for t in self.targets() if t.id != target.id]
            drawn.append(draw_tip_box(surface, self.app, pygame.Rect(target.rect).inflate(0, theme.px(8, s)), text, s,
                                      avoid=others))
        return drawn
