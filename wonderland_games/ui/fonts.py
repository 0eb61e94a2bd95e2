"""The bundled CJK font, cached per size.

pygame's default font has no Chinese glyphs, so every text goes through the
bundled Noto Sans SC subset (see assets/fonts/README.md).

`scale` is the player's text size (settings.text_scale): every size asked for is
multiplied by it here, once, so each screen's text grows and layouts measured
from fonts follow.
"""

from __future__ import annotations

from contextlib import contextmanager

import pygame

from ..core.paths import assets_dir

FILES = {False: "NotoSansSC-Regular.otf", True: "NotoSansSC-Bold.otf"}
MISSING = "\ue000"  # a private-use character the font lacks: it draws the missing glyph's box


def glyph_bitmap(font: pygame.font.Font, ch: str) -> bytes:
    """How `ch` draws; equal to MISSING's when the font has no glyph for it (`metrics` gives
    one for every character, so it cannot tell)."""
    return pygame.image.tobytes(font.render(ch, False, (0, 0, 0)), "RGB")


class Fonts:
    def __init__(self) -> None:
        self._cache: dict = {}
        self._draws: dict = {}
        self._box: bytes | None = None
        self.scale = 1.0

    def draws(self, ch: str) -> bool:
        """Whether the bundled font has a glyph for `ch`: an emoji or a rare character typed into a
        name would otherwise show as a box (the missing glyph) on every table."""
        known = self._draws.get(ch)
        if known is None:
            font = self.get(16)
            if self._box is None:
                self._box = glyph_bitmap(font, MISSING)
            known = self._draws[ch] = glyph_bitmap(font, ch) != self._box
        return known

    def pixels(self, size: float) -> int:
        """How tall text asked at `size` draws, at the player's text size."""
        return max(8, int(size * self.scale + 1e-6))  # asked(n) draws at n, not n - 1

    def asked(self, pixels: float) -> float:
        """The size to ask for text `pixels` tall whatever the text size: a fitting loop's floor,
        so a text shrinks back as far as at 100% where its box has no room to grow."""
        return pixels / self.scale

    @contextmanager
    def largest_fitting(self, fits):
        """Text drawn within at the largest size from the player's down to 100% at which `fits()`
        holds (100% if none): a box of lines that all must show (a table's turn panel) gives its
        text no more than the room it has."""
        scale = self.scale
        while self.scale > 1.0 and not fits():
            self.scale = max(1.0, self.scale - 0.05)
        try:
            yield
        finally:
            self.scale = scale

    def get(self, size: int, bold: bool = False, fixed: bool = False) -> pygame.font.Font:
        """The font for text of `size` at 100%, at the player's text size; `fixed`: at `size` whatever
        the text size (a map's city names, placed clear of each other at the map's own scale)."""
        size = max(8, int(size)) if fixed else self.pixels(size)
        key = (size, bold)
        font = self._cache.get(key)
        if font is None:
            path = assets_dir() / "fonts" / FILES[bold]
            if not path.exists():
                path = assets_dir() / "fonts" / FILES[False]
            font = pygame.font.Font(str(path), size)
            self._cache[key] = font
        return font
