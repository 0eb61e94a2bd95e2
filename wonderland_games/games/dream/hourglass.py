"""The sand glass, drawn from the share of sand left (our own drawing, no image files).

Both bulbs are triangles meeting at the neck, so the sand's height follows from its
area: the top bulb holding `share` of the sand is filled to sqrt(share) of its
height, and the bottom bulb's heap rises to 1 - sqrt(share). While the sand runs a
thin stream falls through the neck, its grains moving with `t` (seconds).
"""

from __future__ import annotations

import math

import pygame

from ...ui import surfaces, theme
from ...ui.theme import px

WOOD = (122, 78, 44)
WOOD_DARK = (84, 50, 26)
GLASS = (226, 240, 246, 90)
GLASS_EDGE = (200, 226, 236)
SAND = (232, 184, 84)
SAND_DARK = (196, 146, 60)


def glass_rect(area: pygame.Rect) -> pygame.Rect:
    """The sand glass's own rect inside `area`: portrait, about 3 : 5, centred."""
    h = min(area.height, int(area.width * 5 / 3))
    w = min(area.width, int(h * 3 / 5))
    rect = pygame.Rect(0, 0, w, h)
    rect.center = area.center
    return rect


def draw(surface: pygame.Surface, area: pygame.Rect, share: float, running: bool, t: float, s: float) -> pygame.Rect:
    """Draw the glass in `area` (`share`: sand left on top, 0..1); the rect it took."""
    rect = glass_rect(area)
    if rect.width < 8 or rect.height < 16:
        return rect
    bar = max(2, rect.height // 14)
    top_bar = pygame.Rect(rect.left, rect.top, rect.width, bar)
    bottom_bar = pygame.Rect(rect.left, rect.bottom - bar, rect.width, bar)
    cx, neck_y = rect.centerx, rect.centery
    hw = int(rect.width * 0.40)  # half the width of a bulb at its widest
    y0, y1 = top_bar.bottom, bottom_bar.top
    height = neck_y - y0  # each bulb's height
    neck = max(1, rect.width // 30)
    # the glass, see-through, then its edge
    layer = surfaces.new(rect.size, alpha=True)
    ox, oy = rect.left, rect.top
    bulbs = ([(cx - hw - ox, y0 - oy), (cx + hw - ox, y0 - oy), (cx + neck - ox, neck_y - oy),
              (cx - neck - ox, neck_y - oy)],
             [(cx - neck - ox, neck_y - oy), (cx + neck - ox, neck_y - oy), (cx + hw - ox, y1 - oy),
              (cx - hw - ox, y1 - oy)])
    for bulb in bulbs:
        pygame.draw.polygon(layer, GLASS, bulb)
    surface.blit(layer, rect.topleft)
    share = max(0.0, min(1.0, share))
    root = math.sqrt(share)
    top_h = int(height * root)
    if top_h > 0:
        half = hw * top_h / height
        pygame.draw.polygon(surface, SAND, [(cx - half, neck_y - top_h), (cx + half, neck_y - top_h),
                                            (cx + neck, neck_y), (cx - neck, neck_y)])
    heap_h = int(height * (1 - root))
    if heap_h > 0:
        half = hw * (height - heap_h) / height
        crest = min(heap_h // 5, height - heap_h)  # a little mound where the stream lands, never past the neck
        pygame.draw.polygon(surface, SAND, [(cx - hw, y1), (cx + hw, y1), (cx + half, y1 - heap_h),
                                            (cx, y1 - heap_h - crest), (cx - half, y1 - heap_h)])
        pygame.draw.line(surface, SAND_DARK, (cx - half, y1 - heap_h), (cx, y1 - heap_h - crest), max(1, px(2, s)))
        pygame.draw.line(surface, SAND_DARK, (cx, y1 - heap_h - crest), (cx + half, y1 - heap_h), max(1, px(2, s)))
    if running and share > 0:
        landing = y1 - heap_h - min(heap_h // 5, height - heap_h)
        pygame.draw.line(surface, SAND, (cx, neck_y), (cx, landing), max(1, px(2, s)))
        step = max(4, px(12, s))
        phase = int(t * 90 * s) % step
        for y in range(neck_y + phase, landing, step):  # grains falling down the stream
            pygame.draw.circle(surface, SAND_DARK, (cx, y), max(1, px(2, s)))
    edge = max(1, px(2, s))
    _edges(surface, cx, hw, neck, y0, neck_y, y1, edge)
    for wood in (top_bar, bottom_bar):
        pygame.draw.rect(surface, WOOD, wood, border_radius=bar // 3)
        pygame.draw.rect(surface, WOOD_DARK, wood, width=max(1, px(2, s)), border_radius=bar // 3)
    post = max(2, rect.width // 22)
    for x in (rect.left + post, rect.right - 2 * post):  # the frame's two posts
        pygame.draw.rect(surface, WOOD_DARK, (x, y0, post, y1 - y0))
    return rect


def _edges(surface, cx, hw, neck, y0, neck_y, y1, width) -> None:
    """The glass's outline: each side goes in to the neck and out again."""
    for sign in (-1, 1):
        pygame.draw.lines(surface, GLASS_EDGE, False, [(cx + sign * hw, y0), (cx + sign * neck, neck_y),
                                                       (cx + sign * hw, y1)], width)
    pygame.draw.line(surface, theme.WHITE, (cx - hw // 2, y0 + (neck_y - y0) // 6),
                     (cx - hw // 5, y0 + (neck_y - y0) // 2), max(1, width // 2))
