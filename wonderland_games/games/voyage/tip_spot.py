"""Where a map city's tooltip goes: beside the pointer, clear of the move being planned.

QA: pointing at a city while planning a move put its tooltip over the planned path, the
target and the lit cities round it, the very part of the map the player was reading. The
tip tries the four sides of the pointer, then steps farther out, and takes the first spot
clear of every rect to keep in sight (else the one over the fewest, then the least of them,
then the nearest). Pure geometry.
"""

from __future__ import annotations

import math

import pygame

CORNERS = ("bottomleft", "topleft", "bottomright", "topright")  # right and above the pointer first


def clear_spot(size: tuple, pointer: tuple, gap: int, avoid: list, bounds: pygame.Rect, step: int) -> pygame.Rect:
    """A `size` rect inside `bounds` by `pointer`, `gap` off it, over as little of `avoid` as can be."""
    x, y = pointer
    best, best_key = None, None
    reach = max(bounds.width, bounds.height)
    for far in range(0, reach, max(1, step)):
        for corner in CORNERS:
            sx, sy = (1 if "left" in corner else -1), (-1 if "bottom" in corner else 1)
            for ox, oy in dict.fromkeys(((sx * (gap + far), sy * gap), (sx * gap, sy * (gap + far)))):
                box = pygame.Rect((0, 0), size)
                setattr(box, corner, (x + ox, y + oy))
                box = box.clamp(bounds)
                hits = box.collidelistall(avoid)
                key = (len(hits), sum(_area(box.clip(avoid[i])) for i in hits), box.collidepoint(pointer),
                       math.dist(box.center, pointer))
                if best_key is None or key < best_key:
                    best, best_key = box, key
        if best_key[0] == 0 and not best_key[2]:
            return best
    return best


def keep_in_sight(points: list, radius: int) -> list:
    """Rects of `radius` round each point: a planned path's stops and the cities lit for it."""
    return [pygame.Rect(x - radius, y - radius, 2 * radius, 2 * radius) for x, y in points]


def along(segments: list, radius: int, spacing: int) -> list:
    """Rects every `spacing` pixels along each segment (a path's lines, not their bounding boxes,
    which for a long sea lane would cover half the map)."""
    out = []
    for (x1, y1), (x2, y2) in segments:
        steps = max(1, round(math.dist((x1, y1), (x2, y2)) / max(1, spacing)))
        out += keep_in_sight([(x1 + (x2 - x1) * i / steps, y1 + (y2 - y1) * i / steps) for i in range(steps + 1)],
                             radius)
    return out


def _area(rect: pygame.Rect) -> int:
    return rect.width * rect.height
