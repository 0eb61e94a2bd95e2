"""Every surface the app builds, from sizes that layout math may push to zero or below.

A window can be smaller than its minimum (a platform that ignores it, a test,
a window being dragged), and then a card, panel or map computed from it can
come out zero or negative wide. pygame raises on a negative size and many
drawing steps misbehave on an empty one, so all drawing code builds and scales
surfaces here, where each side is at least one pixel (a test checks that no
other module calls `pygame.Surface` or `pygame.transform.*scale` itself).
"""

from __future__ import annotations

import pygame


def fit(size) -> tuple:
    """`size` as whole pixels, each side at least 1."""
    return (max(1, int(size[0])), max(1, int(size[1])))


def new(size, alpha: bool = False) -> pygame.Surface:
    """A blank surface of `size` (clamped by `fit`); `alpha` gives per-pixel alpha."""
    return pygame.Surface(fit(size), pygame.SRCALPHA) if alpha else pygame.Surface(fit(size))


def scaled(img: pygame.Surface, size, smooth: bool = True) -> pygame.Surface:
    """`img` scaled to `size` (clamped by `fit`), smoothly unless `smooth` is False."""
    scale = pygame.transform.smoothscale if smooth else pygame.transform.scale
    return scale(img, fit(size))
