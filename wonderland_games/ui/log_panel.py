"""A game table's log: every move in words, newest at the bottom, scrolled with the wheel.

Any game can use it: the game words the entries and names the panel (`title`,
a string or a function giving one, so a language switch shows at once); the
panel wraps, caches and draws them.
"""

from __future__ import annotations

import pygame

from . import text as tx
from . import theme
from .theme import px
from .widgets import resolve

MIN_BODY_W = 60  # unscaled pixels: a narrower log shows nothing


class LogPanel:
    """Entries are (text, kind); kind picks the look: "event" bold plum, "quiet" grey."""

    COLORS = {"play": theme.INK, "take": theme.INK, "event": theme.PLUM, "quiet": theme.INK_SOFT}

    def __init__(self, app, title) -> None:
        self.app = app
        self.title = title
        self.entries: list = []  # (text, kind)
        self.offset = 0  # pixels scrolled up from the bottom
        self._lines: list = []
        self._laid = None

    def set(self, entries: list) -> None:
        self.entries = list(entries)
        self.offset = 0
        self._laid = None

    def scroll(self, dy: int) -> None:
        self.offset = max(0, self.offset + dy)

    def _layout(self, width: int, s: float) -> None:
        """Wrap and render the entries not laid out yet (all of them after `set` or a resize)."""
        if self._laid is None or self._laid[:2] != (width, s) or self._laid[2] > len(self.entries):
            self._lines, done = [], 0
        else:
            done = self._laid[2]
        font = self.app.font(px(15, s))
        bold = self.app.font(px(15, s), True)
        for text, kind in self.entries[done:]:
            f = bold if kind == "event" else font
            for i, line in enumerate(tx.wrap(f, text, width - px(12, s))):
                self._lines.append(((px(12, s) if i else 0), f.render(line, True, self.COLORS.get(kind, theme.INK))))
            self._lines.append((0, None))  # a small gap between entries
        self._laid = (width, s, len(self.entries))

    def draw(self, surface, rect: pygame.Rect, s: float) -> None:
        theme.panel(surface, rect, s, with_shadow=False)
        inner = rect.inflate(-px(16, s), -px(12, s))
        title = pygame.Rect(inner.left, inner.top, inner.width, px(26, s))
        tx.draw_line(surface, self.app.fonts, resolve(self.title), title, px(18, s), theme.PLUM, bold=True, align="left")
        body = pygame.Rect(inner.left, title.bottom + px(4, s), inner.width, inner.bottom - title.bottom - px(4, s))
        if body.width < MIN_BODY_W * s or body.height <= 0:
            return  # too small to read (a window below its minimum): wrapping a word per line would stall
        if self._laid != (body.width, s, len(self.entries)):
            self._layout(body.width, s)
        gap = px(5, s)
        heights = [img.get_height() if img else gap for _, img in self._lines]
        total = sum(heights)
        self.offset = min(self.offset, max(0, total - body.height))
        y = body.bottom - total + self.offset if total > body.height else body.top
        clip = surface.get_clip()
        surface.set_clip(body)
        for (indent, img), h in zip(self._lines, heights):
            if img is not None and y >= body.top and y + h <= body.bottom + 1:
                surface.blit(img, (body.left + indent, y))
            y += h
        surface.set_clip(clip)
        if total > body.height:
            bar_h = max(px(24, s), body.height * body.height // total)
            frac = 1 - self.offset / max(1, total - body.height)
            bar_y = body.top + int((body.height - bar_h) * frac)
            pygame.draw.rect(surface, theme.GOLD_DARK, (rect.right - px(8, s), bar_y, px(4, s), bar_h), border_radius=px(2, s))
