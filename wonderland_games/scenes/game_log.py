"""The whole game log, reopened from the results: the table's own log panel, large.

Drawn over the results; the wheel and the arrow, page and Home/End keys
scroll it, Esc or Close goes back. It opens at the end of the game, as the
table left it.
"""

from __future__ import annotations

import pygame

from ..ui import theme
from ..ui.log_panel import LogPanel
from ..ui.screen import FormScene, button_row
from ..ui.widgets import Button

READING = 1.2  # the log reads a little larger here than on the table


class GameLogScene(FormScene):
    overlay = True

    def __init__(self, app, entries: list) -> None:
        super().__init__(app)
        self.log = LogPanel(app, lambda: app.t("results.log_title"))
        self.log.set(entries)
        self.close_button = Button(app, lambda: app.t("results.log_close"), self.back)
        self.ring.add(self.close_button)
        self.ring.focus(self.close_button, keyboard=True)
        self.box = pygame.Rect(0, 0, 0, 0)

    def layout(self, rect, s) -> None:
        margin = theme.px(40, s)
        w = min(rect.width - 2 * margin, theme.px(980, s))
        self.box = pygame.Rect((rect.width - w) // 2, margin, w, rect.height - 2 * margin)
        button_h = theme.px(52, s)
        inner = self.box.inflate(-theme.px(32, s), -theme.px(24, s))
        self.close_button.place(button_row(inner, 1, button_h, 0, theme.px(220, s))[0], s)

    def page(self) -> int:
        return max(theme.px(40, self.s), self.box.height - theme.px(120, self.s))

    def handle_event(self, event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.log.scroll(event.y * theme.px(48, self.s))
            return
        if event.type == pygame.KEYDOWN:
            line, page = theme.px(30, self.s), self.page()
            moves = {pygame.K_UP: line, pygame.K_DOWN: -line, pygame.K_PAGEUP: page, pygame.K_PAGEDOWN: -page}
            if event.key in moves:
                self.log.scroll(moves[event.key])
                return
            if event.key in (pygame.K_HOME, pygame.K_END):
                self.log.offset = 10 ** 9 if event.key == pygame.K_HOME else 0  # the panel clamps it
                return
        super().handle_event(event)

    def draw_content(self, surface) -> None:
        s = self.s
        theme.panel(surface, self.box, s)  # one sheet under the log and Close: the scene's buttons stay hidden
        inner = self.box.inflate(-theme.px(16, s), -theme.px(16, s))
        body = pygame.Rect(inner.left, inner.top, inner.width,
                           self.close_button.rect.top - theme.px(12, s) - inner.top)
        if body.height > theme.px(60, s):
            self.log.draw(surface, body, s * READING)

    def draw(self, surface) -> None:
        theme.scrim(surface)
        super().draw(surface)
