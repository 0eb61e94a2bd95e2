"""The hot-seat curtain: an opaque screen "pass the device to NAME" until they confirm.

It is not an overlay, so nothing of the table below is drawn while it shows.
Esc does nothing here: leaving must not uncover someone else's hand.
"""

from __future__ import annotations

import pygame

from ..ui import text as tx
from ..ui import surfaces, theme
from ..ui.screen import FormScene
from ..ui.widgets import Button


class CurtainScene(FormScene):
    def __init__(self, app, name: str, on_confirm=None) -> None:
        super().__init__(app)
        self.name = name
        self.on_confirm = on_confirm
        self.button = Button(app, lambda: app.t("curtain.ready", name=name), self.confirm, sound="")
        self.ring.add(self.button)
        self.ring.focus(self.button, keyboard=True)
        self.card = pygame.Rect(0, 0, 0, 0)
        self._sounded = False

    def on_enter(self) -> None:
        super().on_enter()
        if not self._sounded:
            self._sounded = True
            self.app.sound.play("curtain")

    def back(self) -> None:
        pass  # see the module docstring

    def confirm(self) -> None:
        if self.app.top is self:
            self.app.pop()
        if self.on_confirm is not None:
            self.on_confirm()

    def layout(self, rect, s) -> None:
        w = min(rect.width - theme.px(80, s), theme.px(640, s))
        h = min(rect.height - theme.px(80, s), theme.px(380, s))
        self.card = pygame.Rect(0, 0, w, h)
        self.card.center = rect.center
        bw = min(w - theme.px(60, s), theme.px(360, s))
        bh = theme.px(60, s)
        self.button.place((self.card.centerx - bw // 2, self.card.bottom - theme.px(36, s) - bh, bw, bh), s)

    def draw_content(self, surface) -> None:
        s = self.s
        w, h = surface.get_size()
        # curtain folds: darker vertical bands over the night sky
        fold = max(1, w // 14)
        for i in range(0, w, fold * 2):
            band = surfaces.new((fold, h), alpha=True)
            band.fill((60, 10, 40, 70))
            surface.blit(band, (i, 0))
        theme.panel(surface, self.card, s)
        inner = self.card.inflate(-theme.px(48, s), -theme.px(40, s))
        line = pygame.Rect(inner.left, inner.top, inner.width, theme.px(40, s))
        tx.draw_line(surface, self.app.fonts, self.app.t("curtain.pass_to"), line, theme.px(theme.TEXT_LARGE, s),
                     theme.INK_SOFT)
        name = pygame.Rect(inner.left, line.bottom + theme.px(12, s), inner.width, theme.px(90, s))
        tx.draw_line(surface, self.app.fonts, self.name, name, theme.px(theme.TITLE, s), theme.PLUM, bold=True)
        hint = pygame.Rect(inner.left, name.bottom + theme.px(8, s), inner.width, theme.px(34, s))
        tx.draw_line(surface, self.app.fonts, self.app.t("curtain.hint"), hint, theme.px(theme.TEXT, s), theme.INK_SOFT)
