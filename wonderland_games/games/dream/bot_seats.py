"""Bot mode's round table: where the seats sit and where their speech bubbles go (pure geometry),
and how a bubble is drawn.

The seats sit on an ellipse round the dream card, clockwise from the person at
the bottom; a seat's bubble sits between it and the card, pulled back inside
the stage, so the clue reads as said toward the dreamer.
"""

from __future__ import annotations

import math

import pygame

from ...ui import text as tx
from ...ui import theme
from ...ui.theme import px

BUBBLE_PULL = 0.4  # how far a bubble sits from its seat toward the centre (share of the way)


def seat_centres(stage: pygame.Rect, seats: int, me: int, token: int) -> list:
    """Each seat's centre on the ellipse inside `stage` (room for a token of radius `token` and its
    name below), the person (`me`) at the bottom, the others clockwise."""
    rx = max(1, stage.width // 2 - token * 2)
    ry = max(1, stage.height // 2 - token - token // 2)
    cx, cy = stage.centerx, stage.centery - token // 3
    out = []
    for seat in range(seats):
        angle = math.pi / 2 + 2 * math.pi * ((seat - me) % seats) / seats
        out.append((int(cx + rx * math.cos(angle)), int(cy + ry * math.sin(angle))))
    return out


def bubble_rect(stage: pygame.Rect, seat: tuple, size: tuple, card: pygame.Rect | None = None) -> pygame.Rect:
    """A bubble of `size` between the seat and the stage's centre, kept inside the stage and off
    the dream card (moved back toward its seat: QA, the dreamer's guess covered the card's top edge)."""
    x = seat[0] + (stage.centerx - seat[0]) * BUBBLE_PULL
    y = seat[1] + (stage.centery - seat[1]) * BUBBLE_PULL
    rect = pygame.Rect(0, 0, *size)
    rect.center = (int(x), int(y))
    rect = rect.clamp(stage)
    if card is not None and rect.colliderect(card):
        if seat[1] <= card.top:
            rect.bottom = card.top - 1
        elif seat[1] >= card.bottom:
            rect.top = card.bottom + 1
        elif seat[0] < card.centerx:
            rect.right = card.left - 1
        else:
            rect.left = card.right + 1
        rect = rect.clamp(stage)
    return rect


def draw_bubble(surface, fonts, text: str, rect: pygame.Rect, towards: tuple, s: float, fresh: bool,
                colour=theme.INK) -> None:
    """A speech bubble with a tail pointing at the speaker's seat; the newest one has a gold edge."""
    tail_base = (rect.centerx, rect.centery)
    tip = (towards[0] + (rect.centerx - towards[0]) // 3, towards[1] + (rect.centery - towards[1]) // 3)
    half = max(3, rect.height // 4)
    dx, dy = tip[0] - tail_base[0], tip[1] - tail_base[1]
    length = max(1.0, math.hypot(dx, dy))
    nx, ny = -dy / length * half, dx / length * half
    pygame.draw.polygon(surface, theme.WHITE, [(tail_base[0] + nx, tail_base[1] + ny), tip,
                                               (tail_base[0] - nx, tail_base[1] - ny)])
    radius = rect.height // 2
    pygame.draw.rect(surface, theme.WHITE, rect, border_radius=radius)
    edge = theme.GOLD_DARK if fresh else theme.PAPER_EDGE
    pygame.draw.rect(surface, edge, rect, width=max(1, px(2 if fresh else 1, s)), border_radius=radius)
    tx.draw_line(surface, fonts, text, rect.inflate(-radius, 0), px(17, s), colour, bold=fresh)


def bubble_size(fonts, text: str, s: float, most: int) -> tuple:
    """A bubble just wide enough for `text` at its font size, at most `most` wide."""
    font = fonts.get(px(17, s), True)
    h = px(34, s)
    return min(most, font.size(text)[0] + h), h
