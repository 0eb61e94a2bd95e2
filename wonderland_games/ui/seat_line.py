"""A seat's name with who plays it after it on one line ("Knave（做梦） 人类"), for tables whose
player rows have no room for a second line (Dream Teller's ten seats at 1024×640)."""

from __future__ import annotations

import pygame

from . import text as tx
from . import theme


def draw_name_and_kind(surface, fonts, name: str, kind: str, rect: pygame.Rect, size: int,
                       bold: bool = False) -> pygame.Rect:
    """The name, then the kind in grey; the kind stays whole and the name is cut ("…") when the
    two do not fit, as who plays a seat must never end in "…". Returns the kind's rect."""
    kind_size = max(11, size * 13 // 16)
    font, _ = tx.fit_line(fonts, kind, rect.width, rect.height, kind_size)
    gap = max(4, size // 2)
    kind_w = font.size(kind)[0]
    name_rect = pygame.Rect(rect.left, rect.top, max(1, rect.width - kind_w - gap), rect.height)
    used = tx.draw_line(surface, fonts, name, name_rect, size, theme.INK, bold=bold, align="left")
    left = min(used.right, name_rect.right) + gap
    return tx.draw_line(surface, fonts, kind, pygame.Rect(left, rect.top, rect.right - left, rect.height), kind_size,
                        theme.INK_SOFT, align="left")
