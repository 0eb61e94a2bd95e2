"""Wonderland Valley sprites: card emblems, role symbols, resources, board art, meeples.

Everything comes from assets/valley/*.svg, rasterised at the exact size asked
and cached per size (ui/sprites.py), so the table only blits. The meeple is
drawn white in its SVG and tinted here with the seat's colour (the same
colours as the results chart) and marked with the seat's shape (ui/shapes.py), so
no player's workers are told by colour alone; the solo opponent's is a plain grey.
"""

from __future__ import annotations

import pygame

from ...ui import shapes, sprites, surfaces
from ...ui.score_chart import SEAT_COLOURS

NEUTRAL = (150, 146, 140)  # the solo opponent's meeples
_tinted: dict = {}
_pieces: dict = {}


def piece(key, size: tuple, paint) -> pygame.Surface:
    """A drawn piece (a card, a tile) cached by `key` (all that it shows) and size: `paint(surface,
    rect)` draws it once into a transparent surface, then the table only blits it."""
    size = surfaces.fit(size)
    img = _pieces.get((key, size))
    if img is None:
        if len(_pieces) > 600:
            _pieces.clear()
        img = surfaces.new(size, alpha=True)
        paint(img, img.get_rect())
        _pieces[(key, size)] = img = _fast(img)
    return img


def _fast(img: pygame.Surface) -> pygame.Surface:
    """In the display's pixel format (a blit then needs no conversion), once a window exists."""
    return img.convert_alpha() if pygame.display.get_surface() is not None else img


def seat_colour(seat: int) -> tuple:
    return NEUTRAL if seat < 0 else SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def role_rgb(role) -> tuple:
    """A Role's #rrggbb as an RGB tuple."""
    return tuple(int(role.rgb[i:i + 2], 16) for i in (1, 3, 5))


def emblem(kind_id: str, size: int) -> pygame.Surface:
    return sprites.load_svg(f"valley/cards/{kind_id}.svg", (size, size))


def role_symbol(symbol: str, size: int) -> pygame.Surface:
    return sprites.load_svg(f"valley/roles/{symbol}.svg", (size, size))


def role_symbol_light(symbol: str, size: int) -> pygame.Surface:
    """A role symbol in white, for a small mark on the role's colour (the ink one drowns in it)."""
    key = ("light", symbol, size)
    img = _tinted.get(key)
    if img is None:
        img = role_symbol(symbol, size).copy()
        img.fill((255, 255, 255), special_flags=pygame.BLEND_RGB_MAX)
        _tinted[key] = img = _fast(img)
    return img


def resource(name: str, size: int) -> pygame.Surface:
    """A resource icon (berry, twig, resin, pebble) or the point token ("point")."""
    return sprites.load_svg(f"valley/resources/{name}.svg", (size, size))


def place_art(folder: str, place_id: str, size: tuple) -> pygame.Surface:
    """A location's or a forest card's picture (folder "locations" or "forest")."""
    return sprites.load_svg(f"valley/{folder}/{place_id}.svg", size)


def event_art(special: bool, size: int) -> pygame.Surface:
    return sprites.load_svg(f"valley/events/{'special' if special else 'basic'}.svg", (size, size))


def season_art(season_id: str, size: int) -> pygame.Surface:
    return sprites.load_svg(f"valley/seasons/{'winter' if season_id == 'final_winter' else season_id}.svg",
                            (size, size))


def card_back(size: tuple) -> pygame.Surface:
    return sprites.load_svg("valley/card_back.svg", size)


def meeple(seat: int, size: int, ghost: bool = False, marked: bool = True) -> pygame.Surface:
    """A worker in the seat's colour with the seat's shape on its chest (seat -1: the solo
    opponent, plain grey); `ghost`: one placed elsewhere; not `marked`: a plain worker, for
    the effect lines' "a worker", "anyone's" which mean no seat in particular."""
    size = max(6, int(size))
    key = (seat, size, ghost, marked)
    img = _tinted.get(key)
    if img is None:
        if len(_tinted) > 200:
            _tinted.clear()
        img = surfaces.new((size, size), alpha=True)
        img.blit(sprites.load_svg("valley/worker.svg", (size, size)), (0, 0))
        img.fill((*seat_colour(seat), 255), special_flags=pygame.BLEND_RGBA_MULT)
        if marked and seat >= 0:
            shapes.draw(img, shapes.seat_shape(seat), (size * 0.5, size * 0.6), size * 0.17)
        img = _fast(img)
        if ghost:
            img.set_alpha(70)
        _tinted[key] = img
    return img


PIPS = {1: ((1, 1),), 2: ((0, 0), (2, 2)), 3: ((0, 0), (1, 1), (2, 2)), 4: ((0, 0), (2, 0), (0, 2), (2, 2)),
        5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)), 6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2))}


def die(face: int, size: int) -> pygame.Surface:
    """The solo opponent's die showing `face` (1-6), in its neutral colour."""
    size = max(8, int(size))
    key = ("die", face, size)
    img = _tinted.get(key)
    if img is None:
        img = surfaces.new((size, size), alpha=True)
        rect = img.get_rect().inflate(-2, -2)
        pygame.draw.rect(img, (250, 246, 236), rect, border_radius=size // 5)
        pygame.draw.rect(img, NEUTRAL, rect, max(1, size // 14), border_radius=size // 5)
        cell, r = rect.width / 4, max(2, size // 11)
        for col, row in PIPS.get(face, PIPS[1]):
            centre = (int(rect.left + cell * (col + 1)), int(rect.top + cell * (row + 1)))
            pygame.draw.circle(img, (60, 52, 48), centre, r)
        _tinted[key] = img = _fast(img)
    return img
