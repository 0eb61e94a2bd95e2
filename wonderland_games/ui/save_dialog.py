"""A game table's Save button: ask for a slot name, save the session, say so.

Every game saves the same way (core.saves named slots), so the prompt and its
strings (`save.*` in data/i18n) are shared rather than kept by one game.
"""

from __future__ import annotations

from datetime import datetime

import pygame

from ..core.saves import SaveError, save_slot
from . import text as tx
from . import theme
from .dialogs import MessageDialog, show_error, show_message
from .widgets import Button, TextInput


class SaveDialog(MessageDialog):
    """The name starts as the session's slot, or the date and time for a first save."""

    box_size = (560, 280)

    def __init__(self, app, session) -> None:
        self.session = session
        default = session.slot or datetime.now().strftime("%m-%d %H:%M")
        self.field = TextInput(app, default, max_len=24, on_submit=self.save)
        super().__init__(app, app.t("save.prompt"), app.t("save.title"))
        self.ring.set_widgets([self.field, *self.buttons])
        self.ring.focus(self.field, keyboard=True)

    def make_buttons(self) -> list:
        return [Button(self.app, lambda: self.app.t("save.ok"), self.save),
                Button(self.app, lambda: self.app.t("save.cancel"), self.close, style="secondary")]

    def layout(self, rect, s) -> None:
        super().layout(rect, s)
        body = self.areas(s)[1]
        self.field.place(pygame.Rect(body.left, body.top + theme.px(34, s), body.width, theme.px(46, s)), s)

    def draw_body(self, surface, body: pygame.Rect) -> None:
        prompt = pygame.Rect(body.left, body.top, body.width, theme.px(30, self.s))
        tx.draw_line(surface, self.app.fonts, self.message, prompt, theme.px(theme.TEXT, self.s), theme.INK, align="left")

    def save(self) -> None:
        name = self.field.text.strip()
        if not name:
            self.field.error = True
            return
        self.close()
        try:
            save_slot(self.session, name)
        except (OSError, SaveError, ValueError) as exc:
            show_error(self.app, self.app.t("save.failed", error=exc))
            return
        show_message(self.app, self.app.t("save.done", name=name), self.app.t("save.title"))
