"""A QR code as a pygame surface (segno makes the code; we only paint its modules)."""

from __future__ import annotations

import pygame
import segno

from . import surfaces

QUIET = 2  # modules of white around the code (phones read 2 well on a screen's white card)


def qr_modules(text: str) -> int:
    """How many modules wide `text`'s code is, its white border included: a phone reads a code
    whose modules are two pixels or more."""
    return segno.make(text, error="m").symbol_size(scale=1, border=QUIET)[0]


def qr_surface(text: str, size: int) -> pygame.Surface:
    """`text` as a black-on-white QR code about `size` pixels square, each module whole pixels."""
    code = segno.make(text, error="m")
    matrix = list(code.matrix_iter(scale=1, border=QUIET))
    modules = len(matrix)
    cell = max(1, size // modules)
    surface = surfaces.new((modules * cell, modules * cell))
    surface.fill((255, 255, 255))
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                surface.fill((0, 0, 0), (x * cell, y * cell, cell, cell))
    return surface
