"""Modal message and confirm boxes drawn over the current screen.

Every error the player can hit (broken save, bad seed, failed load) ends in a
`MessageDialog` in the current language, and the game carries on underneath.
Other boxes (yes/no, the save prompt in ui/save_dialog.py) are MessageDialogs
with their own buttons and body, so every box looks and sits the same.
"""

from __future__ import annotations

from typing import Callable

import pygame

from . import text as tx
from . import theme
from .screen import FormScene, button_row
from .widgets import Button


class MessageDialog(FormScene):
    """A message with an OK button. `error=True` gives it a red heading."""

    overlay = True
    box_size = (620, 320)  # unscaled; shrinks with a small window

    def __init__(self, app, message: str, title: str | None = None, on_close: Callable[[], object] | None = None,
                 error: bool = False) -> None:
        super().__init__(app)
        self.message = message
        self.heading = title if title is not None else app.t("dialog.error" if error else "dialog.notice")
        self.error = error
        self.on_close = on_close
        self.buttons = self.make_buttons()
        self.ring.add(*self.buttons)
        self.ring.focus(self.buttons[0], keyboard=True)
        self.box = pygame.Rect(0, 0, 0, 0)

    def make_buttons(self) -> list:
        return [Button(self.app, lambda: self.app.t("dialog.ok"), self.close)]

    def close(self) -> None:
        if self.app.top is self:
            self.app.pop()
        if self.on_close is not None:
            self.on_close()

    back = close

    def layout(self, rect, s) -> None:
        w = min(rect.width - theme.px(80, s), theme.px(self.box_size[0], s))
        h = min(rect.height - theme.px(80, s), theme.px(self.box_size[1], s))
        self.box = pygame.Rect(0, 0, w, h)
        self.box.center = rect.center
        inner = self.box.inflate(-theme.px(48, s), -theme.px(36, s))
        for b, r in zip(self.buttons, button_row(inner, len(self.buttons), theme.px(52, s), theme.px(20, s), theme.px(220, s))):
            b.place(r, s)

    def areas(self, s: float) -> tuple:
        """(heading, body) inside the box; the buttons sit below the body."""
        inner = self.box.inflate(-theme.px(48, s), -theme.px(36, s))
        head = pygame.Rect(inner.left, inner.top, inner.width, theme.px(44, s))
        body = pygame.Rect(inner.left, head.bottom + theme.px(8, s), inner.width,
                           inner.height - head.height - theme.px(84, s))
        return head, body

    def draw_content(self, surface) -> None:
        s = self.s
        theme.scrim(surface)
        theme.panel(surface, self.box, s)
        head, body = self.areas(s)
        tx.draw_line(surface, self.app.fonts, self.heading, head, theme.px(theme.TEXT_LARGE, s),
                     theme.RED if self.error else theme.PLUM, bold=True)
        self.draw_body(surface, body)

    def draw_body(self, surface, body: pygame.Rect) -> None:
        tx.draw_block(surface, self.app.fonts, self.message, body, theme.px(theme.TEXT, self.s), theme.INK)


class ConfirmDialog(MessageDialog):
    """Yes / No. `on_yes` runs after the dialog closes; Esc means No."""

    def __init__(self, app, message: str, on_yes: Callable[[], object], title: str | None = None,
                 yes_text: str | None = None, no_text: str | None = None, danger: bool = False,
                 on_no: Callable[[], object] | None = None) -> None:
        self.on_yes = on_yes
        self.on_no = on_no
        self.yes_text = yes_text
        self.no_text = no_text
        self.danger = danger
        super().__init__(app, message, title if title is not None else app.t("dialog.confirm"))
        self.ring.focus(self.buttons[1], keyboard=True)  # the safe choice first

    def make_buttons(self) -> list:
        yes = Button(self.app, self.yes_text or (lambda: self.app.t("dialog.yes")), self._yes,
                     style="danger" if self.danger else "primary")
        no = Button(self.app, self.no_text or (lambda: self.app.t("dialog.no")), self.close, style="secondary")
        return [yes, no]

    def _yes(self) -> None:
        if self.app.top is self:
            self.app.pop()
        self.on_yes()

    def close(self) -> None:
        if self.app.top is self:
            self.app.pop()
        if self.on_no is not None:
            self.on_no()

    back = close


def show_error(app, message: str, on_close: Callable[[], object] | None = None, title: str | None = None) -> None:
    """A red-headed message; `title` for a player's slip (a name left empty) rather than a failure."""
    app.push(MessageDialog(app, message, title=title, error=True, on_close=on_close))


def show_message(app, message: str, title: str | None = None) -> None:
    app.push(MessageDialog(app, message, title=title))
