"""Art from assets/, cached per (path, size); a missing or broken file gives a placeholder.

SVGs are rasterised at the exact size asked (pygame-ce `load_sized_svg`), so
cards and tiles stay crisp at every window size. Art being absent must never
stop a game, so failures draw a neutral hatched box instead of raising.
"""

from __future__ import annotations

import pygame

from ..core.paths import assets_dir
from . import surfaces, theme

_cache: dict = {}
_CACHE_MAX = 600
failures: set = set()  # relative paths that could not be loaded (for tests and logs)


def _remember(key, surf: pygame.Surface) -> pygame.Surface:
    if len(_cache) > _CACHE_MAX:
        _cache.clear()
    _cache[key] = surf
    return surf


def _convert(surf: pygame.Surface) -> pygame.Surface:
    return surf.convert_alpha() if pygame.display.get_surface() is not None else surf


def load_svg(relative: str, size) -> pygame.Surface:
    """The SVG at assets/<relative> rendered to `size` (w, h)."""
    size = surfaces.fit(size)
    key = ("svg", relative, size)
    surf = _cache.get(key)
    if surf is None:
        try:
            img = pygame.image.load_sized_svg(str(assets_dir() / relative), size)
            if img.get_size() != size:
                img = surfaces.scaled(img.convert_alpha() if pygame.display.get_surface() else img, size)
            surf = _convert(img)
        except (pygame.error, FileNotFoundError, OSError, ValueError):
            failures.add(relative)
            surf = placeholder(size)
        _remember(key, surf)
    return surf


def grayscale(relative: str, size) -> pygame.Surface:
    """`load_svg(relative, size)` without colour (for things not available yet)."""
    key = ("gray", relative, surfaces.fit(size))
    surf = _cache.get(key)
    if surf is None:
        surf = _remember(key, pygame.transform.grayscale(load_svg(relative, size)))
    return surf


def load_image(relative: str, size=None) -> pygame.Surface:
    """A PNG/JPG from assets/, optionally smooth-scaled to `size`."""
    key = ("img", relative, surfaces.fit(size) if size else None)
    surf = _cache.get(key)
    if surf is None:
        try:
            surf = _convert(pygame.image.load(str(assets_dir() / relative)))
            if size:
                surf = surfaces.scaled(surf, size)
        except (pygame.error, FileNotFoundError, OSError):
            failures.add(relative)
            surf = placeholder(surfaces.fit(size) if size else (64, 64))
        _remember(key, surf)
    return surf


def placeholder(size) -> pygame.Surface:
    """A soft cream box with diagonal hatching: clearly 'art goes here', never ugly."""
    w, h = surfaces.fit(size)
    surf = surfaces.new((w, h), alpha=True)
    r = min(12, w // 6, h // 6)
    pygame.draw.rect(surf, theme.CREAM_DARK, surf.get_rect(), border_radius=r)
    step = max(8, min(w, h) // 6)
    for x in range(-h, w, step):
        pygame.draw.line(surf, (*theme.PAPER_EDGE, 90), (x, h), (x + h, 0), 2)
    pygame.draw.rect(surf, theme.PAPER_EDGE, surf.get_rect(), width=2, border_radius=r)
    return surf


def clear_cache() -> None:
    _cache.clear()
