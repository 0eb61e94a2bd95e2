"""A game table's log: every move in words, newest at the bottom, scrolled with the wheel.

Any game can use it: the game words the entries and names the panel (`title`,
a string or a function giving one, so a language switch shows at once); the
panel wraps, caches and draws them.
"""

from __future__ import annotations

from itertools import accumulate

import pygame

from . import text as tx
from . import theme
from .theme import px
from .widgets import resolve

MIN_BODY_W = 60  # unscaled pixels: a narrower log shows nothing
READ_LINES = 14  # larger text grows the log's only while it still holds this many lines (a turn)


class LogPanel:
    """Entries are (text, kind); kind picks the look: "event" bold plum, "quiet" grey."""

    COLORS = {"play": theme.INK, "take": theme.INK, "event": theme.PLUM, "quiet": theme.INK_SOFT}

    def __init__(self, app, title) -> None:
        self.app = app
        self.title = title
        self.entries: list = []  # (text, kind)
        self.offset = 0  # pixels scrolled up from the bottom
        self._lines: list = []  # (indent, image or None for a gap, (entry, line))
        self._laid = None
        self._total = 0  # the height of every line

    def set(self, entries: list) -> None:
        self.entries = list(entries)
        self.offset = 0
        self._laid = None

    def scroll(self, dy: int) -> None:
        self.offset = max(0, self.offset + dy)

    def text_px(self, body: pygame.Rect, s: float) -> int:
        """The entries' size in pixels: the player's text size, but no larger than lets the log
        hold READ_LINES lines (then a turn still reads without scrolling), nor smaller than at 100%."""
        base = px(15, s)
        size = self.app.fonts.pixels(base)
        while size > base and self.app.fonts.get(size, fixed=True).get_linesize() * READ_LINES > body.height:
            size -= 1
        return size

    def _layout(self, width: int, s: float, size: int) -> None:
        """Wrap and render the entries not laid out yet (all of them after `set` or a resize)."""
        if self._laid is None or self._laid[:3] != (width, s, size) or self._laid[3] > len(self.entries):
            self._lines, done = [], 0
        else:
            done = self._laid[3]
        font = self.app.fonts.get(size, fixed=True)
        bold = self.app.fonts.get(size, True, fixed=True)
        for entry, (text, kind) in enumerate(self.entries[done:], done):
            f = bold if kind == "event" else font
            for i, line in enumerate(tx.wrap(f, text, width - px(12, s))):
                self._lines.append(((px(12, s) if i else 0), f.render(line, True, self.COLORS.get(kind, theme.INK)),
                                    (entry, i)))
            self._lines.append((0, None, (entry, -1)))  # a small gap between entries
        self._laid = (width, s, size, len(self.entries))

    def placed(self, body: pygame.Rect, s: float) -> list:
        """(x, y, image, (entry, line)) of each line shown in `body` at the current scroll. An
        entry shows whole or not at all, so the top of the log never starts mid-sentence; only
        an entry taller than the whole log shows the lines of it that fit."""
        size = self.text_px(body, s)
        if self._laid != (body.width, s, size, len(self.entries)):
            self._layout(body.width, s, size)
        gap = px(5, s)
        heights = [img.get_height() if img else gap for _, img, _ in self._lines]
        self._total = total = sum(heights)
        self.offset = min(self.offset, max(0, total - body.height))
        start = body.bottom - total + self.offset if total > body.height else body.top
        tops = list(accumulate([start] + heights[:-1]))
        spans: dict = {}  # entry: (top, bottom) on screen
        for (_, img, (entry, _)), top, h in zip(self._lines, tops, heights):
            if img is not None:
                spans[entry] = (spans.get(entry, (top,))[0], top + h)

        def inside(top: int, bottom: int) -> bool:
            return top >= body.top and bottom <= body.bottom + 1

        out = []
        for (indent, img, where), top, h in zip(self._lines, tops, heights):
            if img is None:
                continue
            first, last = spans[where[0]]
            if inside(first, last) or (last - first > body.height and inside(top, top + h)):
                out.append((body.left + indent, top, img, where))
        return out

    @staticmethod
    def _title(rect: pygame.Rect, s: float) -> pygame.Rect:
        inner = rect.inflate(-px(16, s), -px(12, s))
        return pygame.Rect(inner.left, inner.top, inner.width, px(26, s))

    def body(self, rect: pygame.Rect, s: float) -> pygame.Rect:
        """Where the entries go in a panel of `rect`: below the title."""
        title = self._title(rect, s)
        inner = rect.inflate(-px(16, s), -px(12, s))
        return pygame.Rect(inner.left, title.bottom + px(4, s), inner.width, inner.bottom - title.bottom - px(4, s))

    def draw(self, surface, rect: pygame.Rect, s: float) -> None:
        theme.panel(surface, rect, s, with_shadow=False)
        title = self._title(rect, s)
        tx.draw_line(surface, self.app.fonts, resolve(self.title), title, px(18, s), theme.PLUM, bold=True, align="left")
        body = self.body(rect, s)
        if body.width < MIN_BODY_W * s or body.height <= 0:
            return  # too small to read (a window below its minimum): wrapping a word per line would stall
        clip = surface.get_clip()
        surface.set_clip(body)
        for x, y, img, _ in self.placed(body, s):
            surface.blit(img, (x, y))
        surface.set_clip(clip)
        total = self._total
        if total > body.height:
            bar_h = max(px(24, s), body.height * body.height // total)
            frac = 1 - self.offset / max(1, total - body.height)
            bar_y = body.top + int((body.height - bar_h) * frac)
            pygame.draw.rect(surface, theme.GOLD_DARK, (rect.right - px(8, s), bar_y, px(4, s), bar_h), border_radius=px(2, s))
