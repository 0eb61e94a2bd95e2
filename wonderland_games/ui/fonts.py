"""The bundled CJK font, cached per size.

pygame's default font has no Chinese glyphs, so every text goes through the
bundled Noto Sans SC subset (see assets/fonts/README.md).
"""

from __future__ import annotations

import pygame

from ..core.paths import assets_dir

FILES = {False: "NotoSansSC-Regular.otf", True: "NotoSansSC-Bold.otf"}


class Fonts:
    def __init__(self) -> None:
        self._cache: dict = {}
        self._draws: dict = {}

    def draws(self, ch: str) -> bool:
        """Whether the bundled font has a glyph for `ch`: an emoji or a rare character typed into a
        name would otherwise show as a box (the missing glyph) on every table."""
        known = self._draws.get(ch)
        if known is None:
            font = self.get(16)
            box = pygame.image.tobytes(font.render("\ue000", False, (0, 0, 0)), "RGB")  # the missing glyph
            known = self._draws[ch] = pygame.image.tobytes(font.render(ch, False, (0, 0, 0)), "RGB") != box
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
