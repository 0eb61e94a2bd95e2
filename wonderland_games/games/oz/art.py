"""Lost in Oz sprites: tokens, gems, books, the wizard, dice and magic cards.

Everything is rasterised from assets/oz/*.svg at the exact size asked and
cached (per size, and per colour or value), so the table only blits. Numbers,
letters and the player-colour rings are drawn here by code: pygame's SVG
renderer has no text, and a ring in the seat's gem colour ties a token to its
gem at a glance, as does the gem drawn on the ring. Every piece also has a distinct
shape, never colour alone.
"""

from __future__ import annotations

import math

import pygame

from ...ui import sprites, surfaces, theme

GEM_RGB = {"red": (214, 52, 44), "yellow": (238, 188, 28), "blue": (47, 125, 224), "green": (34, 166, 90)}
DIR_ANGLE = {"N": 90, "E": 0, "S": -90, "W": 180}  # degrees, counter-clockwise from east
PIPS = {1: [(0.5, 0.5)], 2: [(0.28, 0.28), (0.72, 0.72)], 3: [(0.26, 0.26), (0.5, 0.5), (0.74, 0.74)],
        4: [(0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)],
        5: [(0.26, 0.26), (0.74, 0.26), (0.5, 0.5), (0.26, 0.74), (0.74, 0.74)],
        6: [(0.28, 0.24), (0.72, 0.24), (0.28, 0.5), (0.72, 0.5), (0.28, 0.76), (0.72, 0.76)]}
PIP_INK = (60, 36, 24)
TILE_ART = {  # tile id -> background; tiles not named here cycle through all four
    "poppy": "poppies", "brickroad": "brick", "emerald": "brick", "silver": "brick", "china": "brick",
    "bridge": "brick", "tinwood": "forest", "crow": "forest", "kalidah": "forest", "monkeys": "forest",
    "orchard": "forest", "witch": "forest", "munchkin": "meadow", "winkie": "meadow", "glinda": "poppies",
    "balloon": "meadow", "quadling": "meadow", "cyclone": "meadow",
}
TILE_KINDS = ("meadow", "poppies", "forest", "brick")


def arrow_points(center, size: float, direction: str) -> list:
    """A fat arrow pointing `direction` (N/E/S/W), as a polygon around `center`."""
    cx, cy = center
    shape = [(0.5, 0), (0.0, 0.42), (0.0, 0.17), (-0.5, 0.17), (-0.5, -0.17), (0.0, -0.17), (0.0, -0.42)]
    a = math.radians(DIR_ANGLE[direction])
    ca, sa = math.cos(a), math.sin(a)
    return [(cx + (x * ca + y * sa) * size, cy - (x * sa - y * ca) * size) for x, y in shape]


class OzArt:
    """Sprites for one table, cached by what they show and their size."""

    def __init__(self, font):
        self.font = font  # (size, bold) -> pygame Font
        self._cache: dict = {}

    def clear(self) -> None:
        self._cache.clear()

    def _get(self, key, make):
        surf = self._cache.get(key)
        if surf is None:
            if len(self._cache) > 800:
                self._cache.clear()
            surf = self._cache[key] = make()
        return surf

    # -- pieces --------------------------------------------------------------------
    def token(self, character: str, colour: str, size: int) -> pygame.Surface:
        """A round pawn: the character's portrait on cream inside a ring of their gem colour, their
        gem itself on the ring (its shape ties the token to the gem where the colour cannot)."""
        return self._get(("token", character, colour, size), lambda: self._token(character, colour, size))

    def _token(self, character: str, colour: str, size: int) -> pygame.Surface:
        surf = surfaces.new((size, size), alpha=True)
        c = size // 2
        ring = max(2, size // 11)
        pygame.draw.circle(surf, (0, 0, 0, 70), (c + max(1, size // 30), c + max(1, size // 24)), c - 1)
        pygame.draw.circle(surf, GEM_RGB[colour], (c, c), c - 2)
        pygame.draw.circle(surf, (252, 246, 230), (c, c), c - 2 - ring)
        art = sprites.load_svg(f"oz/{character}.svg", (size - 2 * ring - 2, size - 2 * ring - 2))
        surf.blit(art, art.get_rect(center=(c, c)))
        pygame.draw.circle(surf, (40, 30, 30), (c, c), c - 2, max(1, size // 40))
        g = max(4, int(size * 0.42))
        surf.blit(self.gem(colour, g), (size - g, size - g))
        return surf

    def gem(self, colour: str, size: int) -> pygame.Surface:
        return self._get(("gem", colour, size), lambda: sprites.load_svg(f"oz/gem_{colour}.svg", (size, size)))

    def book(self, size: int) -> pygame.Surface:
        return self._get(("book", size), lambda: sprites.load_svg("oz/book.svg", (size, size)))

    def wizard(self, size: int) -> pygame.Surface:
        """The wizard token: his portrait on a gold-rimmed emerald disc."""
        def make():
            surf = surfaces.new((size, size), alpha=True)
            c = size // 2
            pygame.draw.circle(surf, (0, 0, 0, 70), (c + max(1, size // 30), c + max(1, size // 24)), c - 1)
            pygame.draw.circle(surf, theme.GOLD, (c, c), c - 2)
            pygame.draw.circle(surf, (200, 240, 210), (c, c), c - 2 - max(2, size // 12))
            art = sprites.load_svg("oz/wizard.svg", (size - 6, size - 6))
            surf.blit(art, art.get_rect(center=(c, c + 1)))
            pygame.draw.circle(surf, theme.GOLD_DARK, (c, c), c - 2, max(1, size // 36))
            return surf
        return self._get(("wizard", size), make)

    def portrait(self, character: str, size: int) -> pygame.Surface:
        return self._get(("portrait", character, size), lambda: sprites.load_svg(f"oz/{character}.svg", (size, size)))

    # -- board ---------------------------------------------------------------------
    def tile(self, tile_id: str, index: int, size: int, rotation: int) -> pygame.Surface:
        kind = TILE_ART.get(tile_id, TILE_KINDS[index % len(TILE_KINDS)])
        def make():
            surf = sprites.load_svg(f"oz/tile_{kind}.svg", (size, size))
            return pygame.transform.rotate(surf, -rotation) if rotation else surf
        return self._get(("tile", kind, size, rotation), make)

    def barrier(self, length: int, thickness: int, vertical: bool) -> pygame.Surface:
        def make():
            surf = sprites.load_svg("oz/barrier.svg", (length, thickness))
            return pygame.transform.rotate(surf, 90) if vertical else surf
        return self._get(("barrier", length, thickness, vertical), make)

    # -- dice ----------------------------------------------------------------------
    def die(self, kind: str, value, size: int) -> pygame.Surface:
        """A die face: a direction die shows an arrow, an action die its pips."""
        return self._get(("die", kind, value, size), lambda: self._die(kind, value, size))

    def _die(self, kind: str, value, size: int) -> pygame.Surface:
        name = "oz/die_direction.svg" if kind == "direction" else "oz/die_action.svg"
        surf = sprites.load_svg(name, (size, size)).copy()
        face = size * 0.88  # the face without its shadow edge
        if kind == "direction" and value in DIR_ANGLE:
            center = (face * 0.5 + size * 0.02, face * 0.5 + size * 0.02)
            pygame.draw.polygon(surf, (250, 255, 252), arrow_points(center, face * 0.62, value))
            pygame.draw.polygon(surf, (14, 60, 66), arrow_points(center, face * 0.62, value), max(1, size // 30))
        elif kind == "action" and value in PIPS and size > 0:
            # pips drawn on a face at least 64 px wide, then scaled down: on a small die (the seat row's,
            # 12 px at 1024x640) whole-pixel pips of 2 px ran together and a 6 read as a blob
            k = max(1, math.ceil(64 / size))
            big, big_face = size * k, face * k
            layer = surfaces.new((big, big), alpha=True)
            r = max(2, int(big_face * 0.085))
            for px_, py_ in PIPS[value]:
                pygame.draw.circle(layer, PIP_INK, (int(big * 0.04 + px_ * big_face * 0.92),
                                                    int(big * 0.04 + py_ * big_face * 0.92)), r)
            surf.blit(layer if k == 1 else surfaces.scaled(layer, (size, size)), (0, 0))
        return surf

    # -- cards ---------------------------------------------------------------------
    def card_frame(self, w: int, h: int) -> pygame.Surface:
        return self._get(("frame", w, h), lambda: sprites.load_svg("oz/card_frame.svg", (w, h)))

    def card_back(self, w: int, h: int) -> pygame.Surface:
        return self._get(("back", w, h), lambda: sprites.load_svg("oz/card_back.svg", (w, h)))

    def spell_icon(self, kind: str, size: int) -> pygame.Surface:
        """A small picture for each kind of spell, made from the game's own pieces."""
        return self._get(("icon", kind, size), lambda: self._icon(kind, size))

    def _icon(self, kind: str, size: int) -> pygame.Surface:
        surf = surfaces.new((size, size), alpha=True)
        pygame.draw.circle(surf, (236, 222, 250), (size // 2, size // 2), size // 2)
        inner = int(size * 0.7)
        at = ((size - inner) // 2, (size - inner) // 2)
        if kind in ("boost", "reroll"):
            surf.blit(self.die("action", 6 if kind == "boost" else 3, inner), at)
        elif kind in ("turn", "sidestep"):
            surf.blit(self.die("direction", "E" if kind == "turn" else "N", inner), at)
        elif kind == "phase":
            bar = self.barrier(inner, max(4, inner // 4), True)
            surf.blit(bar, bar.get_rect(center=(size // 2, size // 2)))
        elif kind == "move_gem":
            surf.blit(self.gem("green", inner), at)
        elif kind == "move_wizard" or kind == "wizard":
            surf.blit(self.wizard(inner), at)
        elif kind == "draw":
            surf.blit(self.book(inner), at)
        elif kind == "push":
            surf.blit(self.portrait("lion", inner), at)
        else:  # teleport: a swirl of stars
            for i in range(5):
                a = i * 2 * math.pi / 5
                r = inner * 0.32
                pygame.draw.circle(surf, theme.PLUM, (int(size / 2 + r * math.cos(a)), int(size / 2 + r * math.sin(a))),
                                   max(2, inner // 10))
            pygame.draw.circle(surf, theme.GOLD, (size // 2, size // 2), max(2, inner // 6))
        pygame.draw.circle(surf, (120, 80, 170), (size // 2, size // 2), size // 2, max(1, size // 20))
        return surf
