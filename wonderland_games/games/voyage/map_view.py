"""The World Voyage map drawn from data/voyage/map.yaml: sea, continents, routes, cities.

The continents are not drawn by hand: each region's land is grown from its
cities (a disc round each) and its land routes (a broad band along each),
drawn small and scaled up smoothly, so the coasts come out soft and follow the
data wherever a city moves. Everything that never changes during a game (sea,
land, routes, city dots and names) is one cached surface per size; the scene
draws travellers, highlights and previews on top each frame.
"""

from __future__ import annotations

import math

import pygame

from ...ui import text as tx
from ...ui import surfaces, theme
from ...ui.theme import px
from .world import HEIGHT, WIDTH, World

SEA_TOP = (46, 104, 150)
SEA_BOTTOM = (30, 78, 124)
SEA_LANE = (214, 236, 248)
LAND_ROUTE = (120, 84, 50)
COAST = (238, 224, 186)
LAND_RADIUS = 46  # map units round each city
BAND = 44  # map units: the width of land along a land route
SHORE = 7  # map units of pale coast round the land
BLUR = 2  # the land is drawn this many times smaller, then scaled up smoothly


def tint(rgb: str, amount: float, base: tuple = (226, 214, 170)) -> tuple:
    """A region's colour mixed into the parchment land colour."""
    r, g, b = (int(rgb[i:i + 2], 16) for i in (1, 3, 5))
    return tuple(int(c0 + (c1 - c0) * amount) for c0, c1 in zip(base, (r, g, b)))


def rgb_of(text: str) -> tuple:
    return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))


class MapView:
    """Where each city is in a window rect, and the static map drawn there."""

    def __init__(self, app, world: World):
        self.app = app
        self.world = world
        self._cache: dict = {}

    # -- geometry --------------------------------------------------------------------
    @staticmethod
    def fit(rect: pygame.Rect) -> pygame.Rect:
        """The largest map-shaped rect centred in `rect`."""
        k = min(rect.width / WIDTH, rect.height / HEIGHT)
        w, h = int(WIDTH * k), int(HEIGHT * k)
        return pygame.Rect(rect.centerx - w // 2, rect.centery - h // 2, w, h)

    @staticmethod
    def point(area: pygame.Rect, x: float, y: float) -> tuple:
        return (area.left + round(x * area.width / WIDTH), area.top + round(y * area.height / HEIGHT))

    def city_px(self, area: pygame.Rect, city: str) -> tuple:
        c = self.world.city[city]
        return self.point(area, c.x, c.y)

    def city_at(self, area: pygame.Rect, pos, radius: int) -> str | None:
        """The city whose dot is nearest `pos`, within `radius` pixels."""
        best, best_d = None, radius * radius
        for c in self.world.cities:
            x, y = self.point(area, c.x, c.y)
            d = (x - pos[0]) ** 2 + (y - pos[1]) ** 2
            if d <= best_d:
                best, best_d = c.id, d
        return best

    def route_segments(self, area: pygame.Rect, a: str, b: str) -> list:
        """Screen segments of the route a-b: one, or two halves leaving and entering at the
        map's left and right edges for a route across the Pacific."""
        ca, cb = self.world.city[a], self.world.city[b]
        if abs(ca.x - cb.x) <= WIDTH // 2:
            return [(self.point(area, ca.x, ca.y), self.point(area, cb.x, cb.y))]
        left, right = (ca, cb) if ca.x < cb.x else (cb, ca)
        span = left.x + WIDTH - right.x
        y_edge = right.y + (left.y - right.y) * (WIDTH - right.x) / span
        return [(self.point(area, right.x, right.y), self.point(area, WIDTH, y_edge)),
                (self.point(area, 0, y_edge), self.point(area, left.x, left.y))]

    def dot_radius(self, area: pygame.Rect) -> int:
        return max(4, area.width // 120)

    @staticmethod
    def pawn_size(area: pygame.Rect) -> int:
        """A traveller's height: it stands on its city's dot, rising above it."""
        return max(14, area.width // 34)

    @staticmethod
    def flag_height(area: pygame.Rect) -> int:
        """A displayed destination's flag: its pole rises from the dot, the cloth points right."""
        return max(12, int(26 * area.width / 1000))

    # -- the static map --------------------------------------------------------------
    def base(self, area: pygame.Rect) -> pygame.Surface:
        """Sea, land, routes, cities and their names at `area`'s size (cached)."""
        key = (area.size, self.app.i18n.language)
        surf = self._cache.get(key)
        if surf is None:
            self._cache.clear()
            surf = self._cache[key] = self._render(area.size)
        return surf

    def labels(self, size: tuple) -> dict:
        """city -> (font px, rect) of its name on a map of `size`, placed where it covers least.

        Each name tries below its dot first, then beside it, above it and the
        diagonals; the first clean spot wins, else the one covering the least
        of other names, dots and the space above each dot where travellers
        stand and flags fly (a smaller font is tried for crowded cities).
        Cities with the most neighbours choose first.
        """
        world, w = self.world, size[0]
        area = pygame.Rect((0, 0), size)
        r = self.dot_radius(area)
        starts = set(world.starts.values())
        base_px = max(11, round(13 * w / 1000))
        pawn, flag = self.pawn_size(area), self.flag_height(area)
        above_h = max(pawn, flag)
        spots = {c.id: self.point(area, c.x, c.y) for c in world.cities}
        dots, zones = [], []
        for c in world.cities:
            x, y = spots[c.id]
            dr = int(r * 1.9) if c.id in starts else r + max(1, r // 3)
            dots.append(pygame.Rect(x - dr, y - dr, 2 * dr, 2 * dr))
            zones.append(pygame.Rect(x - pawn // 2, y - above_h, pawn // 2 + max(pawn // 2, flag), above_h - dr))
        routes = [seg for rt in world.routes for seg in self.route_segments(area, rt.a, rt.b)]
        route_boxes = [pygame.Rect(min(p[0], q[0]), min(p[1], q[1]), abs(p[0] - q[0]) + 1, abs(p[1] - q[1]) + 1)
                       for p, q in routes]

        def crowd(c):
            return -sum((c.x - o.x) ** 2 + (c.y - o.y) ** 2 < 70 ** 2 for o in world.cities)

        placed, taken = {}, []
        for c in sorted(world.cities, key=crowd):
            x, y = spots[c.id]
            dr = int(r * 1.9) if c.id in starts else r + max(1, r // 3)
            name = self.app.i18n.pick(c.name)
            best = None
            for shrink, font_px in enumerate(sorted({base_px, max(11, round(base_px * 0.82))}, reverse=True)):
                lw, lh = self.app.fonts.get(font_px).size(name)
                lh = max(1, lh - 2)
                candidates = (dict(midtop=(x, y + dr)), dict(midleft=(x + dr + 2, y)), dict(midright=(x - dr - 2, y)),
                              dict(topleft=(x + dr // 2, y + dr // 2)), dict(topright=(x - dr // 2, y + dr // 2)),
                              dict(midbottom=(x, y - dr)), dict(bottomright=(x - dr // 2, y - dr // 2)),
                              dict(bottomleft=(x + dr // 2, y - dr // 2)))
                for rank, anchor in enumerate(candidates):
                    box = pygame.Rect(0, 0, lw + 2, lh + 2)
                    setattr(box, *next(iter(anchor.items())))
                    box.clamp_ip(area)
                    cost = 40 * shrink + 12 * rank
                    cost += 12 * sum(_overlap(box, taken[i]) for i in box.collidelistall(taken))
                    cost += 20 * sum(_overlap(box, dots[i]) for i in box.collidelistall(dots))
                    cost += 3 * sum(_overlap(box, zones[i]) for i in box.collidelistall(zones))
                    cost += 15 * sum(1 for i in box.collidelistall(route_boxes) if box.clipline(*routes[i]))
                    if best is None or cost < best[0]:
                        best = (cost, font_px, box)
                if best[0] < 40:  # clean enough at the full size
                    break
            placed[c.id] = (best[1], best[2])
            taken.append(best[2])
        return placed

    def _render(self, size: tuple) -> pygame.Surface:
        w, h = size
        surf = surfaces.new(size)
        for y in range(h):  # the sea darkens towards the south
            t = y / max(1, h - 1)
            pygame.draw.line(surf, [int(a + (b - a) * t) for a, b in zip(SEA_TOP, SEA_BOTTOM)], (0, y), (w, y))
        self._draw_waves(surf)
        surf.blit(self._land(size), (0, 0))
        area = pygame.Rect(0, 0, w, h)
        self._draw_routes(surf, area)
        self._draw_cities(surf, area)
        return surf

    def _draw_waves(self, surf: pygame.Surface) -> None:
        w, h = surf.get_size()
        step = max(18, w // 40)
        colour = (70, 130, 176)
        for row, y in enumerate(range(step // 2, h, step)):
            for x in range((row % 2) * step // 2, w, step * 2):
                pygame.draw.arc(surf, colour, (x, y, step // 2, step // 4), 0.2, math.pi - 0.2, 1)

    def _land(self, size: tuple) -> pygame.Surface:
        """Each region's land: discs and bands drawn small, scaled up smooth, with a pale coast."""
        w, h = size
        sw, sh = max(1, w // BLUR), max(1, h // BLUR)
        small = pygame.Rect(0, 0, sw, sh)
        r = max(2, round(LAND_RADIUS * sw / WIDTH))
        band = max(2, round(BAND * sw / WIDTH))
        shore = max(1, round(SHORE * sw / WIDTH))
        coast = surfaces.new((sw, sh), alpha=True)
        land = surfaces.new((sw, sh), alpha=True)
        world = self.world
        for region in world.regions:
            colour = tint(region.rgb, 0.28)
            cities = [c for c in world.cities if c.region == region.id]
            for layer, grow, fill in ((coast, shore, COAST), (land, 0, colour)):
                for c in cities:
                    pygame.draw.circle(layer, fill, self.point(small, c.x, c.y), r + grow)
                for route in world.routes:
                    if route.kind != "land" or world.region_of[route.a] != region.id:
                        continue
                    for p, q in self.route_segments(small, route.a, route.b):
                        pygame.draw.line(layer, fill, p, q, band + 2 * grow)
        coast.blit(land, (0, 0))
        return surfaces.scaled(coast, (w, h))

    def _draw_routes(self, surf: pygame.Surface, area: pygame.Rect) -> None:
        width = max(2, area.width // 400)
        for route in self.world.routes:
            for p, q in self.route_segments(area, route.a, route.b):
                if route.kind == "land":
                    pygame.draw.line(surf, LAND_ROUTE, p, q, width)
                else:
                    dashed(surf, SEA_LANE, p, q, width, max(6, area.width // 110))

    def _draw_cities(self, surf: pygame.Surface, area: pygame.Rect) -> None:
        """Dots (stars for the starting cities) first, then every name, so no dot covers a name."""
        world = self.world
        r = self.dot_radius(area)
        starts = set(world.starts.values())
        for c in world.cities:
            x, y = self.point(area, c.x, c.y)
            if c.id in starts:
                star(surf, (x, y), r * 1.9, theme.GOLD, theme.GOLD_DARK)
            else:
                pygame.draw.circle(surf, theme.INK, (x, y), r + max(1, r // 3))
                pygame.draw.circle(surf, rgb_of(world.region[c.region].rgb), (x, y), r)
        labels = self.labels(area.size)
        for c in world.cities:
            font_px, box = labels[c.id]
            name = self.app.i18n.pick(c.name)
            label = tx.render(self.app.fonts.get(font_px), name, theme.INK)
            halo = tx.render(self.app.fonts.get(font_px), name, theme.CREAM)
            pos = label.get_rect(center=box.center)
            for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                surf.blit(halo, pos.move(dx, dy))
            surf.blit(label, pos)

    # -- what changes ----------------------------------------------------------------
    def draw_path(self, surface: pygame.Surface, area: pygame.Rect, path: list, colour: tuple, s: float) -> None:
        """A planned path: a bright line along its routes with a dot at each step."""
        width = max(3, px(5, s))
        for a, b in zip(path, path[1:]):
            for p, q in self.route_segments(area, a, b):
                pygame.draw.line(surface, theme.WHITE, p, q, width + max(2, px(3, s)))
                pygame.draw.line(surface, colour, p, q, width)
        for i, city in enumerate(path[1:], 1):
            x, y = self.city_px(area, city)
            pygame.draw.circle(surface, colour, (x, y), max(5, px(9, s)))
            number = tx.render(self.app.fonts.get(max(10, px(12, s)), bold=True), str(i), theme.WHITE)
            surface.blit(number, number.get_rect(center=(x, y)))

    def ring(self, surface: pygame.Surface, area: pygame.Rect, city: str, colour: tuple, s: float,
             width: int = 3) -> None:
        x, y = self.city_px(area, city)
        r = self.dot_radius(area) + px(7, s)
        pygame.draw.circle(surface, theme.WHITE, (x, y), r + 1, max(2, px(width, s)) + 2)
        pygame.draw.circle(surface, colour, (x, y), r, max(2, px(width, s)))


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    clip = a.clip(b)
    return clip.width * clip.height


def dashed(surface: pygame.Surface, colour: tuple, p: tuple, q: tuple, width: int, dash: int) -> None:
    dx, dy = q[0] - p[0], q[1] - p[1]
    length = math.hypot(dx, dy)
    if length == 0:
        return
    count = max(1, int(length // dash))
    for i in range(0, count, 2):
        a, b = i / count, min(1.0, (i + 1) / count)
        pygame.draw.line(surface, colour, (p[0] + dx * a, p[1] + dy * a), (p[0] + dx * b, p[1] + dy * b), width)


def star(surface: pygame.Surface, centre: tuple, radius: float, fill: tuple, edge: tuple) -> None:
    """A five-pointed star: the starting cities."""
    x, y = centre
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        points.append((x + r * math.cos(a), y + r * math.sin(a)))
    pygame.draw.polygon(surface, fill, points)
    pygame.draw.polygon(surface, edge, points, max(1, int(radius // 6)))
