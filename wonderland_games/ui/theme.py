"""Colours, sizes and the few drawing primitives every screen shares.

One warm storybook look (deep indigo-teal night, cream paper panels, gold
trim) for forms and game tables alike. Sizes are given for a 1280x800 window
and multiplied by `scale(size)`, so layouts reflow from 1024x640 to 2560x1440.
"""

from __future__ import annotations

import random

import pygame

from . import surfaces

# -- palette -------------------------------------------------------------------
NIGHT_TOP = (22, 30, 68)  # deep indigo
NIGHT_BOTTOM = (14, 78, 92)  # deep teal
STAR = (255, 236, 170)
CREAM = (250, 241, 218)
CREAM_DARK = (236, 220, 186)
PAPER_EDGE = (196, 160, 96)
INK = (48, 36, 30)
INK_SOFT = (110, 92, 76)
GOLD = (226, 176, 64)
GOLD_LIGHT = (250, 214, 120)
GOLD_DARK = (150, 104, 30)
TEAL = (36, 120, 128)
TEAL_LIGHT = (70, 160, 164)
PLUM = (120, 56, 104)
RED = (190, 52, 48)
RED_LIGHT = (222, 96, 80)
GREEN = (58, 140, 84)
DISABLED = (170, 160, 146)
DISABLED_INK = (120, 112, 104)
WHITE = (255, 255, 255)
SHADOW = (0, 0, 0, 90)
SCRIM = (8, 10, 24, 170)  # darkens the scene under a dialog

BASE_SIZE = (1280, 800)

# font sizes at scale 1
TEXT_SMALL = 18
TEXT = 22
TEXT_LARGE = 28
HEADING = 36
TITLE = 60


def _fast(surf: pygame.Surface, alpha: bool = False) -> pygame.Surface:
    """The surface in the display's pixel format, so blits need no conversion."""
    if pygame.display.get_surface() is None:
        return surf
    return surf.convert_alpha() if alpha else surf.convert()


def scale(size: tuple) -> float:
    """Layout factor for a window size: 1.0 at 1280x800, clamped to a sane range."""
    w, h = size
    return max(0.7, min(w / BASE_SIZE[0], h / BASE_SIZE[1], 2.2))


def px(value: float, s: float) -> int:
    return max(1, int(round(value * s)))


# -- backgrounds -----------------------------------------------------------------
_bg_cache: dict = {}


def draw_background(surface: pygame.Surface) -> None:
    """Night-sky gradient with a few fixed stars, cached per window size."""
    size = surface.get_size()
    bg = _bg_cache.get(size)
    if bg is None:
        _bg_cache.clear()
        bg = surfaces.new(size)
        w, h = size
        strip = surfaces.new((1, 2))
        strip.set_at((0, 0), NIGHT_TOP)
        strip.set_at((0, 1), NIGHT_BOTTOM)
        bg.blit(surfaces.scaled(strip, (w, h)), (0, 0))
        rng = random.Random(7)
        s = scale(size)
        for _ in range(int(w * h / 9000)):
            x, y = rng.randrange(w), rng.randrange(int(h * 0.8))
            r = rng.choice((1, 1, 1, 2)) * max(1, round(s))
            a = rng.randrange(60, 200)
            dot = surfaces.new((r * 2 + 1, r * 2 + 1), alpha=True)
            pygame.draw.circle(dot, (*STAR, a), (r, r), r)
            bg.blit(dot, (x - r, y - r))
        _bg_cache[size] = _fast(bg)
    surface.blit(bg, (0, 0))


_veils: dict = {}


def scrim(surface: pygame.Surface, color: tuple = SCRIM) -> None:
    """Darken everything drawn so far (under a modal dialog)."""
    key = (surface.get_size(), tuple(color))
    veil = _veils.get(key)
    if veil is None:
        _veils.clear()
        veil = _fast(surfaces.new(surface.get_size()))
        veil.fill(color[:3])
        # one surface alpha (much faster than per-pixel), set after `_fast`: convert() drops it
        veil.set_alpha(color[3] if len(color) > 3 else 160)
        _veils[key] = veil
    surface.blit(veil, (0, 0))


# -- panels ----------------------------------------------------------------------
def radius_for(rect: pygame.Rect, s: float) -> int:
    return min(px(14, s), rect.height // 2, rect.width // 2)


_shadows: dict = {}


def shadow(surface: pygame.Surface, rect: pygame.Rect, radius: int, offset: int, alpha: int = 90) -> None:
    """Soft-ish drop shadow: two translucent rounded rects, offset down-right (cached per shape)."""
    key = (rect.width, rect.height, radius, offset, alpha)
    layer = _shadows.get(key)
    if layer is None:
        if len(_shadows) > 300:
            _shadows.clear()
        layer = surfaces.new((rect.width + offset * 4, rect.height + offset * 4), alpha=True)
        for grow, a in ((offset, alpha // 3), (0, alpha)):
            r = pygame.Rect(offset * 2 - grow // 2, offset * 2 - grow // 2, rect.width + grow, rect.height + grow)
            pygame.draw.rect(layer, (0, 0, 0, a), r, border_radius=radius + grow // 2)
        _shadows[key] = layer = _fast(layer, alpha=True)
    surface.blit(layer, (rect.x - offset, rect.y - offset))


def panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    s: float,
    color: tuple = CREAM,
    border: tuple | None = PAPER_EDGE,
    with_shadow: bool = True,
    radius: int | None = None,
) -> None:
    """A rounded paper panel with a thin trim and a drop shadow."""
    rect = pygame.Rect(rect)
    r = radius_for(rect, s) if radius is None else radius
    if with_shadow:
        shadow(surface, rect, r, px(5, s))
    pygame.draw.rect(surface, color, rect, border_radius=r)
    if border is not None:
        pygame.draw.rect(surface, border, rect, width=max(1, px(2, s)), border_radius=r)


def translucent_panel(surface: pygame.Surface, rect: pygame.Rect, s: float, color: tuple = (10, 16, 40, 150)) -> None:
    """A see-through dark panel for text over the night sky."""
    rect = pygame.Rect(rect)
    layer = surfaces.new(rect.size, alpha=True)
    pygame.draw.rect(layer, color, layer.get_rect(), border_radius=radius_for(rect, s))
    surface.blit(layer, rect.topleft)


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, s: float, color: tuple = GOLD_LIGHT) -> None:
    """Keyboard-focus outline drawn just outside a widget."""
    grow = px(4, s)
    ring = pygame.Rect(rect).inflate(grow * 2, grow * 2)
    pygame.draw.rect(surface, color, ring, width=max(2, px(3, s)), border_radius=radius_for(ring, s))


def table_focus(surface: pygame.Surface, rect: pygame.Rect, s: float) -> pygame.Rect:
    """The keys' focus on a game table: a white ring edged in ink, seen on any card, die or map
    (gold rings there already mean "you may take this"); the rect it covers."""
    grow, width = px(5, s), max(3, px(4, s))
    ring = pygame.Rect(rect).inflate(grow * 2, grow * 2)
    edge = ring.inflate(4, 4)
    pygame.draw.rect(surface, INK, edge, width=width + 4, border_radius=radius_for(edge, s))
    pygame.draw.rect(surface, WHITE, ring, width=width, border_radius=radius_for(ring, s))
    return edge
