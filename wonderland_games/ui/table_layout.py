"""Layout pieces every game table shares: the top bar and rect unions."""

from __future__ import annotations

import pygame

from .theme import px

TOP_BUTTONS = ("ff", "hint", "undo", "save", "rules", "menu")


def union(rects, grow: int) -> pygame.Rect:
    """The smallest rect holding every rect, each grown by `grow` (shadows, glows)."""
    rects = [pygame.Rect(r).inflate(grow, grow) for r in rects]
    return rects[0].unionall(rects[1:])


def top_bar(width: int, s: float, margin: int, button_w: int, names: tuple = TOP_BUTTONS) -> tuple:
    """(bar, {name: button rect}, status rect): the buttons `names` (TOP_BUTTONS, or those of
    them a game shows) right-aligned in that order (fast-forward narrower), the status line
    filling the rest, so a button a game never shows leaves no gap."""
    top = pygame.Rect(margin, margin // 2, width - 2 * margin, px(50, s))
    gap = px(8, s)
    buttons, x = {}, top.right
    for name in reversed(names):
        w = button_w if name != "ff" else px(64, s)
        x -= w
        buttons[name] = pygame.Rect(x, top.top + px(6, s), w, top.height - px(12, s))
        x -= gap
    status = pygame.Rect(top.left + px(6, s), top.top, x - top.left - px(12, s), top.height)
    return top, buttons, status
