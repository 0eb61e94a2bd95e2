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
