"""The table's Save button: ask for a slot name, save, say so.

The shared dialogs offer messages and yes/no only, so this small prompt lives
with the Parade table (a shared text-prompt dialog could replace it).
"""

from __future__ import annotations

from datetime import datetime

import pygame

from ...core.saves import SaveError, save_slot
from ...ui import text as tx
from ...ui import theme
from ...ui.dialogs import show_error, show_message
from ...ui.screen import FormScene, button_row
from ...ui.widgets import Button, TextInput


class SaveDialog(FormScene):
    overlay = True

    def __init__(self, app, session) -> None:
        super().__init__(app)
        self.session = session
        default = session.slot or datetime.now().strftime("%m-%d %H:%M")
        self.field = TextInput(app, default, max_len=24, on_submit=self.save)
        self.ok = Button(app, lambda: app.t("parade.save.ok"), self.save)
        self.cancel = Button(app, lambda: app.t("parade.save.cancel"), self.back, style="secondary")
        self.ring.add(self.field, self.ok, self.cancel)
        self.ring.focus(self.field, keyboard=True)
        self.box = pygame.Rect(0, 0, 0, 0)

    def layout(self, rect, s) -> None:
        w = min(rect.width - theme.px(80, s), theme.px(560, s))
        h = min(rect.height - theme.px(80, s), theme.px(250, s))
        self.box = pygame.Rect(0, 0, w, h)
        self.box.center = rect.center
        inner = self.box.inflate(-theme.px(48, s), -theme.px(36, s))
        self.field.place(pygame.Rect(inner.left, inner.top + theme.px(76, s), inner.width, theme.px(46, s)), s)
        for b, r in zip((self.ok, self.cancel), button_row(inner, 2, theme.px(48, s), theme.px(20, s), theme.px(200, s))):
            b.place(r, s)

    def save(self) -> None:
        name = self.field.text.strip()
        if not name:
            self.field.error = True
            return
        self.app.pop()
        try:
            save_slot(self.session, name)
        except (OSError, SaveError, ValueError) as exc:
            show_error(self.app, self.app.t("parade.save.failed", error=exc))
            return
        show_message(self.app, self.app.t("parade.save.done", name=name), self.app.t("parade.save.title"))

    def draw_content(self, surface) -> None:
        s = self.s
        theme.scrim(surface)
        theme.panel(surface, self.box, s)
        inner = self.box.inflate(-theme.px(48, s), -theme.px(36, s))
        head = pygame.Rect(inner.left, inner.top, inner.width, theme.px(40, s))
        tx.draw_line(surface, self.app.fonts, self.app.t("parade.save.title"), head, theme.px(theme.TEXT_LARGE, s),
                     theme.PLUM, bold=True)
        prompt = pygame.Rect(inner.left, head.bottom, inner.width, theme.px(32, s))
        tx.draw_line(surface, self.app.fonts, self.app.t("parade.save.prompt"), prompt, theme.px(theme.TEXT, s),
                     theme.INK, align="left")
