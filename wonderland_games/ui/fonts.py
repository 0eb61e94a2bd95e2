"""The bundled CJK font, cached per size.

pygame's default font has no Chinese glyphs, so every text goes through the
bundled Noto Sans SC subset (see assets/fonts/README.md).
"""

from __future__ import annotations

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

    def get(self, size: int, bold: bool = False) -> pygame.font.Font:
        size = max(8, int(size))
        key = (size, bold)
        font = self._cache.get(key)
        if font is None:
            path = assets_dir() / "fonts" / FILES[bold]
            if not path.exists():
                path = assets_dir() / "fonts" / FILES[False]
            font = pygame.font.Font(str(path), size)
            self._cache[key] = font
        return font
