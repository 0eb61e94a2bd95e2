"""The hot-seat curtain: an opaque screen "pass the device to NAME" until they confirm.

It is not an overlay, so nothing of the table below is drawn while it shows.
Menu and Save work from here without uncovering anything (the save prompt
draws over the curtain); Esc goes to the menu too, never to the hidden hand.
"""

from __future__ import annotations

import pygame

from ..ui import text as tx
from ..ui import surfaces, theme
from ..ui.screen import FormScene
from ..ui.widgets import Button


class CurtainScene(FormScene):
    def __init__(self, app, name: str, on_confirm=None, session=None) -> None:
        super().__init__(app)
        self.name = name
        self.on_confirm = on_confirm
        self.session = session
        self.button = Button(app, lambda: app.t("curtain.ready", name=name), self.confirm, sound="")
        self.menu_button = Button(app, lambda: app.t("table.curtain_menu"), self.back, style="secondary")
        self.save_button = Button(app, lambda: app.t("table.curtain_save"), self.save, style="secondary")
        self.save_button.visible = session is not None
        self.ring.add(self.button, self.save_button, self.menu_button)
        self.ring.focus(self.button, keyboard=True)
        self.card = pygame.Rect(0, 0, 0, 0)
        self._sounded = False

    def on_enter(self) -> None:
        super().on_enter()
        if not self._sounded:
            self._sounded = True
            self.app.sound.play("curtain")

    def back(self) -> None:
        """Esc and Menu: to the main menu (the game is autosaved), the hand still hidden."""
        from .launch import back_to_menu

        back_to_menu(self.app)

    def save(self) -> None:
        from ..ui.save_dialog import SaveDialog

        if self.session is not None:
            self.app.push(SaveDialog(self.app, self.session))

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
        sw, sh, gap = theme.px(160, s), theme.px(48, s), theme.px(16, s)
        top = min(self.card.bottom + theme.px(20, s), rect.bottom - sh - theme.px(10, s))
        self.save_button.place((self.card.centerx - gap // 2 - sw, top, sw, sh), s)
        self.menu_button.place((self.card.centerx + gap // 2, top, sw, sh), s)
        if not self.save_button.visible:
            self.menu_button.place((self.card.centerx - sw // 2, top, sw, sh), s)

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
