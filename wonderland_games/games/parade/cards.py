"""Parade card sprites, drawn at runtime and cached per card and width.

A face is a rounded card in its colour with the character portrait, and the
value with its colour-blind symbol in the top-left and (upside down) the
bottom-right corner, on a cream badge so the number stays legible on every
colour and at every size. Fans and overlapping rows only show the top-left
corner, so that corner alone identifies the card.
"""

from __future__ import annotations

import time
from functools import lru_cache

import pygame

from ...ui import sprites, surfaces, theme

RATIO = 1.4  # height / width
PORTRAIT = 0.8  # portrait size / card width: clear of the corner badges and the edge
GHOST_ALPHA = 170  # opacity of a card previewed at the parade's tail
KEY = (255, 0, 255)  # transparent corners of a finished card
BADGE = (250, 244, 226)
BADGE_INK = (40, 30, 26)


def card_height(width: int) -> int:
    return int(round(width * RATIO))


def _corner_pad(width: int) -> int:
    """How far the value corner sits from a face's top-left edge."""
    return max(2, width // 20)


def hex_rgb(text: str) -> tuple:
    return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))


def mix(a: tuple, b: tuple, t: float) -> tuple:
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a, b))


def _svg(relative: str, size: tuple):
    """A rasterised SVG from the shared sprite cache, or None when the file is missing."""
    surf = sprites.load_svg(relative, size)
    return None if relative in sprites.failures else surf


def draw_symbol(surface: pygame.Surface, name: str, rect: pygame.Rect, color: tuple) -> None:
    """Fallback shapes for the colour-blind symbols when no SVG is bundled."""
    r = pygame.Rect(rect)
    cx, cy, rad = r.centerx, r.centery, max(2, min(r.w, r.h) // 2)
    if name == "circle":
        pygame.draw.circle(surface, color, (cx, cy), rad)
    elif name == "diamond":
        pygame.draw.polygon(surface, color, [(cx, cy - rad), (cx + rad * 0.8, cy), (cx, cy + rad), (cx - rad * 0.8, cy)])
    elif name == "crescent":
        pygame.draw.circle(surface, color, (cx, cy), rad)
        pygame.draw.circle(surface, (0, 0, 0, 0), (cx + rad // 2, cy - rad // 3), int(rad * 0.85))
    elif name == "clock":
        width = max(1, rad // 3)
        pygame.draw.circle(surface, color, (cx, cy), rad, width)
        pygame.draw.line(surface, color, (cx, cy), (cx, cy - rad * 0.6), width)
        pygame.draw.line(surface, color, (cx, cy), (cx + rad * 0.45, cy), width)
    elif name == "egg":
        pygame.draw.ellipse(surface, color, pygame.Rect(cx - rad * 0.72, cy - rad, rad * 1.44, rad * 2))
    else:  # hat
        pygame.draw.rect(surface, color, pygame.Rect(cx - rad * 0.55, cy - rad, rad * 1.1, rad * 1.5))
        pygame.draw.rect(surface, color, pygame.Rect(cx - rad, cy + rad * 0.4, rad * 2, max(2, rad * 0.5)))


def keyed(surf: pygame.Surface) -> pygame.Surface:
    """A card with a colour key instead of per-pixel alpha: the same look (its corners
    are fully in or out), several times faster to blit, which keeps frames short."""
    if pygame.display.get_surface() is None:
        return surf
    out = surfaces.new(surf.get_size()).convert()
    out.fill(KEY)
    out.blit(surf, (0, 0))
    out.set_colorkey(KEY, pygame.RLEACCEL)
    return out


class CardPainter:
    """Card faces and backs for one deck, cached by (card, width)."""

    def __init__(self, deck, font):
        self.deck = deck
        self.font = font  # (size, bold) -> pygame Font
        self._faces: dict = {}
        self._backs: dict = {}
        self._art: dict = {}
        self._symbols: dict = {}
        self._masks: dict = {}
        self._ghosts: dict = {}

    def clear(self) -> None:
        for cache in (self._faces, self._backs, self._art, self._symbols, self._masks, self._ghosts):
            cache.clear()

    def warm(self, widths, seconds: float) -> bool:
        """Render faces not cached yet at `widths` for about `seconds`; True once all are.
        The table calls this in quiet frames, so no card seen for the first time mid-game
        makes a frame wait for its portrait to be rasterised."""
        end = time.perf_counter() + seconds
        for width in widths:
            for card in range(self.deck.size):
                if (card, width) not in self._faces:
                    self.face(card, width)
                    if time.perf_counter() >= end:
                        return False
        return True

    # -- public ------------------------------------------------------------------
    def face(self, card: int, width: int) -> pygame.Surface:
        key = (card, width)
        surf = self._faces.get(key)
        if surf is None:
            surf = self._faces[key] = keyed(self._render_face(card, width))
        return surf

    def ghost(self, card: int, width: int) -> pygame.Surface:
        """The face see-through (per-pixel alpha: a quick blit, unlike key plus surface alpha)."""
        key = (card, width)
        surf = self._ghosts.get(key)
        if surf is None:
            face = self.face(card, width)
            surf = face.convert_alpha() if pygame.display.get_surface() is not None else face.copy()
            surf.fill((255, 255, 255, GHOST_ALPHA), special_flags=pygame.BLEND_RGBA_MULT)
            self._ghosts[key] = surf
        return surf

    def back(self, width: int) -> pygame.Surface:
        surf = self._backs.get(width)
        if surf is None:
            surf = self._backs[width] = keyed(self._render_back(width))
        return surf

    def symbol(self, colour: int, size: int) -> pygame.Surface:
        key = (colour, size)
        surf = self._symbols.get(key)
        if surf is None:
            info = self.deck.colours[colour]
            surf = _svg(f"parade/symbols/{info.symbol}.svg", (size, size))
            if surf is None:
                surf = surfaces.new((size, size), alpha=True)
                ink = mix(hex_rgb(info.rgb), (0, 0, 0), 0.35) if info.id != "white" else (90, 84, 76)
                draw_symbol(surf, info.symbol, surf.get_rect().inflate(-2, -2), ink)
            self._symbols[key] = surf
        return surf

    # -- drawing -------------------------------------------------------------------
    def _mask(self, width: int) -> pygame.Surface:
        mask = self._masks.get(width)
        if mask is None:
            h = card_height(width)
            mask = surfaces.new((width, h), alpha=True)
            pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(2, width // 11))
            self._masks[width] = mask
        return mask

    def _portrait(self, colour: int, size: int):
        key = (colour, size)
        if key not in self._art:
            self._art[key] = _svg(f"parade/{self.deck.colours[colour].art}", (size, size))
        return self._art[key]

    def _render_face(self, card: int, w: int) -> pygame.Surface:
        h = card_height(w)
        colour = self.deck.colour_of(card)
        value = self.deck.value_of(card)
        info = self.deck.colours[colour]
        base = hex_rgb(info.rgb)
        white = info.id == "white"
        surf = surfaces.new((w, h), alpha=True)
        surf.fill((*base, 255))
        # a soft lighter window behind the portrait
        window = pygame.Rect(0, 0, w - 2 * max(2, w // 12), int(h * 0.66))
        window.center = (w // 2, int(h * 0.54))
        pygame.draw.ellipse(surf, mix(base, (255, 250, 235), 0.45 if not white else 0.7), window)
        art = self._portrait(colour, int(w * PORTRAIT))
        if art is not None:
            surf.blit(art, art.get_rect(center=(w // 2, int(h * 0.56))))
        else:
            big = self.symbol(colour, int(w * 0.5))
            surf.blit(big, big.get_rect(center=(w // 2, int(h * 0.56))))
        corner = self._corner(value, colour, w)
        pad = _corner_pad(w)
        surf.blit(corner, (pad, pad))
        surf.blit(pygame.transform.rotate(corner, 180), (w - pad - corner.get_width(), h - pad - corner.get_height()))
        surf.blit(self._mask(w), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        edge = mix(base, (0, 0, 0), 0.45) if not white else (120, 108, 92)
        pygame.draw.rect(surf, edge, surf.get_rect(), width=max(1, w // 40), border_radius=max(2, w // 11))
        return surf

    def value_corner(self, w: int) -> tuple:
        """(width, height) of the top-left of a face that holds its value (the symbol beside
        it aside), for the widest value: a card covering less of the one before it in a pile
        leaves that card's value readable."""
        _, bw, bh, _ = self._badge(self.deck.max_value, w)
        pad = _corner_pad(w)
        return pad + bw, pad + int(bh)

    def _badge(self, value: int, w: int) -> tuple:
        """(value text, number badge width, badge height, gap) of a corner at card width `w`."""
        size = max(10, int(w * (0.3 if w >= 80 else 0.36)))
        text = self.font(size, True).render(str(value), True, BADGE_INK)
        if value in (6, 9):  # underlined, so an upside-down corner cannot be misread
            tw, th = text.get_size()
            pygame.draw.line(text, BADGE_INK, (1, int(th * 0.86)), (tw - 2, int(th * 0.86)), max(1, size // 12))
        tw, th = text.get_size()
        bh = max(th * 0.86, size * 1.15)
        gap = max(1, w // 50)
        return text, max(tw + 2 * gap + 2, int(bh * 0.9)), bh, gap

    def _corner(self, value: int, colour: int, w: int) -> pygame.Surface:
        """Cream badge with the value, the symbol right beside it."""
        text, bw, bh, gap = self._badge(value, w)
        sym = max(6, int(bh * 0.62))
        out = surfaces.new((bw + gap + sym + 2 * gap, int(bh)), alpha=True)
        pygame.draw.rect(out, BADGE, pygame.Rect(0, 0, out.get_width(), out.get_height()), border_radius=int(bh // 2.6))
        out.blit(text, text.get_rect(center=(bw // 2 + 1, int(bh) // 2)))
        glyph = self.symbol(colour, sym)
        out.blit(glyph, glyph.get_rect(center=(bw + gap + sym // 2, int(bh) // 2)))
        return out

    def _render_back(self, w: int) -> pygame.Surface:
        h = card_height(w)
        surf = _svg("parade/card_back.svg", (w, h))
        if surf is None:
            surf = surfaces.new((w, h), alpha=True)
            surf.fill((*theme.PLUM, 255))
            step = max(4, w // 6)
            light = mix(theme.PLUM, theme.GOLD, 0.35)
            for i in range(-h, w + h, step):
                pygame.draw.line(surf, light, (i, 0), (i + h, h), max(1, w // 40))
            r = max(3, w // 5)
            pygame.draw.circle(surf, theme.GOLD_LIGHT, (w // 2, h // 2), r)
            pygame.draw.circle(surf, theme.PLUM, (w // 2, h // 2), int(r * 0.6))
        else:
            surf = surf.copy()
        surf.blit(self._mask(w), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        pygame.draw.rect(surf, theme.GOLD_DARK, surf.get_rect(), width=max(1, w // 35), border_radius=max(2, w // 11))
        return surf


@lru_cache(maxsize=64)
def glow(width: int, height: int, color: tuple, thickness: int) -> pygame.Surface:
    """A rounded outline used to mark selected or taken cards."""
    surf = surfaces.new((width + 2 * thickness, height + 2 * thickness), alpha=True)
    for i in range(thickness):
        a = int(255 * (1 - i / thickness) ** 1.5)
        pygame.draw.rect(surf, (*color[:3], a), surf.get_rect().inflate(-2 * i, -2 * i),
                         width=1, border_radius=max(3, width // 11 + thickness - i))
    return surf


@lru_cache(maxsize=16)
def shade(width: int, height: int) -> pygame.Surface:
    """A dark veil over cards a preview leaves alone."""
    surf = surfaces.new((width, height), alpha=True)
    pygame.draw.rect(surf, (10, 14, 30, 130), surf.get_rect(), border_radius=max(2, width // 11))
    return surf
