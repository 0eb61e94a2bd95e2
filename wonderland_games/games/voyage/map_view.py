"""The World Voyage map: Natural Earth's land, regions as a tint, routes and cities.

The land comes from assets/voyage/world_land.json (built by
tools/make_world_map.py) in the projection of world.py; a ring that runs past
the Pacific seam is drawn again one map-width over, so its two halves meet the
edges. An anti-aliased coastline smooths the land's edge; a region's colour
is a soft wash over the land round its cities and land routes.
Everything that never changes during a game (sea, land, routes, city dots and
names) is one cached surface per size; the scene draws travellers,
highlights and previews on top each frame.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache

import pygame

from ...core.paths import assets_dir
from ...ui import text as tx
from ...ui import shapes, surfaces, theme
from ...ui.theme import px
from . import labels as placer
from .world import HEIGHT, WIDTH, World, project

SEA_TOP = (46, 104, 150)
SEA_BOTTOM = (30, 78, 124)
SHALLOWS = (92, 152, 192)
SEA_LANE = (214, 236, 248)
LAND_ROUTE = (120, 84, 50)
LAND = (228, 216, 174)
COASTLINE = (150, 128, 92)
LEADER = theme.INK
PLATE_ALPHA = 200  # a name's plate: the land and sea under it still show a little
TINT_RADIUS = 34  # map units of land round each city washed in its region's colour
TINT_BAND = 26  # map units: the width of the wash along a land route
TINT_ALPHA = 120
CORE = 0.5  # of TINT_RADIUS: the wash right round a city, plainly its region's whatever the land
WASH = 4  # the wash is drawn this many times smaller, then scaled up smoothly (soft edges)
SHALLOWS_BLUR = 10  # how far the pale shallows spread off the coast (the mask blurred this much)
LAND_FILE = "voyage/world_land.json"
SMALLEST_MAP = 660  # px wide, about the map at the smallest window: its names are 11 px; a smaller map's
# (a platform may insist on a smaller window) shrink with its width squared, as dots, halos and gaps keep their
LEAST_NAME_PX = 9  # pixels, but not below this (the next, 8, is the fonts' least)
LEAST_FONT_PX = 8  # a last resort for a name with no other spot near its dot
LEADER_REACH = 4  # dot diameters: the longest leader line from a dot to its name, where the map has room


@lru_cache(maxsize=1)
def land_polygons() -> tuple:
    """Each land polygon as rings (outer first, then holes) of canvas points, wrapped whole."""
    raw = json.loads((assets_dir() / LAND_FILE).read_text(encoding="utf-8"))
    return tuple(tuple(_canvas_ring(ring) for ring in polygon) for polygon in raw["polygons"])


def _canvas_ring(flat: list) -> tuple:
    """A lon/lat ring on the canvas, its x continuous and its west end inside 0..WIDTH."""
    points = [project(lon, lat) for lon, lat in zip(flat[0::2], flat[1::2])]
    out = [points[0]]
    for x, y in points[1:]:
        x += WIDTH * round((out[-1][0] - x) / WIDTH)
        out.append((x, y))
    shift = -WIDTH * math.floor(min(x for x, _ in out) / WIDTH)
    return tuple((x + shift, y) for x, y in out)


def rgb_of(text: str) -> tuple:
    return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))


class MapView:
    """Where each city is in a window rect, and the static map drawn there."""

    def __init__(self, app, world: World):
        self.app = app
        self.world = world
        self._cache: dict = {}
        self._last = None  # the last map made, whatever its size
        self._names: dict = {}  # (size, language) -> the names as placed (clicks read them too)
        self._foreign: dict = {}  # size -> region -> land its names keep off

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
        """The city whose name is under `pos`, or else whose dot is nearest it within `radius`
        pixels: in Europe at 1024x640 a name may sit a leader line away from its dot, next to
        another's (QA: a click on "Rome" planned a trip to Füssen)."""
        local = (pos[0] - area.left, pos[1] - area.top)
        for city, label in self.labels(area.size).items():
            if label.box.collidepoint(local):
                return city
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
    def base(self, area: pygame.Rect, quick: bool = False) -> pygame.Surface:
        """Sea, land, routes, cities and their names at `area`'s size (cached); `quick`, while a
        window is being resized: the last map made, stretched to the size (a stand-in)."""
        key = (area.size, self.app.i18n.language)
        surf = self._cache.get(key)
        if surf is None and quick and self._last is not None:
            return surfaces.scaled(self._last, area.size)
        if surf is None:
            self._cache.clear()
            surf = self._cache[key] = self._last = self._render(area.size)
        return surf

    def labels(self, size: tuple) -> dict:
        """city -> labels.Label: each name placed clear of the others and of every dot (cached)."""
        key = (tuple(size), self.app.i18n.language)
        placed = self._names.get(key)
        if placed is None:
            self._names.clear()
            placed = self._names[key] = self._place(size)
        return placed

    def _place(self, size: tuple) -> dict:
        world = self.world
        area = pygame.Rect((0, 0), size)
        starts = set(world.starts.values())
        least = max(LEAST_NAME_PX, min(11, round(11 * (size[0] / SMALLEST_MAP) ** 2)))
        base_px = max(least, round(13 * size[0] / 1000))
        fonts = sorted({base_px, max(least - 1, round(base_px * 0.85)), max(LEAST_FONT_PX, round(base_px * 0.72))},
                       reverse=True)  # the least only where a name has no other spot within a short leader line
        foreign = self.foreign_land(size)
        cities = []
        for c in world.cities:
            name = self.app.i18n.pick(c.name)
            sizes = {}
            for font_px in fonts:
                w, h = self.app.fonts.get(font_px, fixed=True).size(name)
                sizes[font_px] = (w + 2, max(1, h - 2) + 2)
            cities.append(placer.City(c.id, self.point(area, c.x, c.y), self.mark_radius(area, c.id in starts),
                                      sizes, foreign[c.region]))
        routes = [seg for rt in world.routes for seg in self.route_segments(area, rt.a, rt.b)]
        pieces = [rect for c in world.cities for rect in self.piece_rects(area, c.id)]
        return placer.place(area, cities, routes, pieces, self.leader_reach(area))

    def leader_reach(self, area: pygame.Rect, farthest: bool = False) -> float:
        """The longest leader line from a dot's edge to its name, in pixels: a short one, so the
        name is still plainly its city's; `farthest`, where no nearer spot is free."""
        return LEADER_REACH * 2 * self.dot_radius(area) * (placer.FARTHEST if farthest else 1)

    def piece_rects(self, area: pygame.Rect, city: str) -> list:
        """Where a traveller standing on `city` and its destination's flag are drawn (scene.py and
        panels.pawn draw them so) above the city's mark (which no name covers either): rects no
        name may lie under (QA: a flag hid "Dubai")."""
        x, y = self.city_px(area, city)
        size, h = self.pawn_size(area), self.flag_height(area)
        start = city in self.world.starts.values()
        foot = y - self.mark_radius(area, start)
        pole, half = x + self.flag_pole(area), round(0.3 * size)
        traveller = pygame.Rect(x - half, y - round(0.86 * size), 2 * half + 1, max(1, foot - y + round(0.86 * size)))
        if start:
            return [traveller]  # a starting city is no destination: no flag flies there
        return [traveller, pygame.Rect(pole - 1, y - h - 1, int(h * 0.8) + 3, h // 2 + 3),
                pygame.Rect(pole - 1, y - h, max(1, h // 10) + 2, max(1, foot - y + h))]

    def flag_pole(self, area: pygame.Rect) -> int:
        """How far right of its city's centre a flag's pole stands."""
        return max(2, self.flag_height(area) // 6)

    def foreign_land(self, size: tuple) -> dict:
        """region -> a mask of the land a name of that region must not stand on (cached per size):
        another region's land (the outlines in map.yaml, Asia the rest), even where its own wash
        spills over (Athens's reaches Libya) but for the plain colour right round its own cities
        (Istanbul's over the Bosporus, Giza's over Sinai), and its own land under another region's
        wash only, where a reader takes it for theirs."""
        key = tuple(size)
        if key not in self._foreign:
            self._foreign.clear()
            self._foreign[key] = self._foreign_land(key)
        return self._foreign[key]

    def _foreign_land(self, size: tuple) -> dict:
        area = pygame.Rect((0, 0), size)
        land = _mask(size, lambda surf: [pygame.draw.polygon(surf, theme.WHITE, polygon[0]) for polygon in self._rings(area)])
        for polygon in self._rings(area):  # lakes and inland seas (the Caspian) are no one's land
            for hole in polygon[1:]:
                land.erase(_mask(size, lambda surf, ring=hole: pygame.draw.polygon(surf, theme.WHITE, ring)), (0, 0))
        world = self.world
        outlines = {r: _mask(size, lambda surf, ring=ring: pygame.draw.polygon(
            surf, 1, [self.point(area, x, y) for x, y in ring])) for r, ring in world.lands.items()}
        rest = land.copy()
        for mask in outlines.values():
            rest.erase(mask, (0, 0))
        washes = {r.id: self.wash_mask(area, r.id) for r in world.regions}
        out = {}
        for region in world.regions:
            own = land.overlap_mask(outlines[region.id], (0, 0)) if region.id in outlines else rest.copy()
            theirs = land.copy()
            theirs.erase(own, (0, 0))
            for other, wash in washes.items():
                if other != region.id:
                    theirs.draw(wash, (0, 0))
            theirs.erase(washes[region.id].overlap_mask(own, (0, 0)), (0, 0))  # its wash on its land
            theirs.erase(self.wash_mask(area, region.id, CORE), (0, 0))  # and right round its cities
            out[region.id] = theirs.overlap_mask(land, (0, 0))
        return out

    def wash_mask(self, area: pygame.Rect, region: str, reach: float = 0.9) -> pygame.mask.Mask:
        """Where a region's wash shows plainly (round its cities and along its own land roads, as
        _wash draws it, before its soft edge fades): `reach` of its radius."""
        world = self.world
        r = round(reach * TINT_RADIUS * area.width / WIDTH)
        band = max(1, round(0.8 * TINT_BAND * area.width / WIDTH))

        def draw(surf):
            for c in world.cities:
                if c.region == region:
                    pygame.draw.circle(surf, theme.WHITE, self.point(area, c.x, c.y), r)
            for route in world.routes:
                if route.kind == "land" and world.region_of[route.a] == world.region_of[route.b] == region:
                    for p, q in self.route_segments(area, route.a, route.b):
                        pygame.draw.line(surf, theme.WHITE, p, q, band)
        return _mask(area.size, draw)

    def mark_radius(self, area: pygame.Rect, start: bool) -> int:
        """How far a city's mark reaches from its centre: a start's star, else the dot and its ink ring."""
        r = self.dot_radius(area)
        return int(r * 1.9) if start else r + max(1, r // 3)

    def _render(self, size: tuple) -> pygame.Surface:
        w, h = size
        surf = surfaces.new(size)
        for y in range(h):  # the sea darkens towards the south
            t = y / max(1, h - 1)
            pygame.draw.line(surf, [int(a + (b - a) * t) for a, b in zip(SEA_TOP, SEA_BOTTOM)], (0, y), (w, y))
        self._draw_waves(surf)
        for layer in self._land(size):
            surf.blit(layer, (0, 0))
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

    @staticmethod
    def _rings(area: pygame.Rect) -> list:
        """Every land polygon in pixels of `area`: rings, and again one map-width west if it crosses the seam."""
        kx, ky = area.width / WIDTH, area.height / HEIGHT
        out = []
        for polygon in land_polygons():
            shifts = (0, -WIDTH) if max(x for x, _ in polygon[0]) > WIDTH else (0,)
            for shift in shifts:
                out.append([[(area.left + (x + shift) * kx, area.top + y * ky) for x, y in ring] for ring in polygon])
        return out

    def _land(self, size: tuple) -> tuple:
        """(shallows, land): a soft pale band of shallow sea round every coast, and the land in
        parchment with each region's wash, smooth coasts and a thin coastline."""
        rings = self._rings(pygame.Rect((0, 0), size))
        mask = surfaces.new(size, alpha=True)
        mask.fill((255, 255, 255, 0))  # white throughout, so blurring it greys nothing
        for polygon in rings:
            pygame.draw.polygon(mask, (255, 255, 255, 255), polygon[0])
            for hole in polygon[1:]:
                pygame.draw.polygon(mask, (255, 255, 255, 0), hole)
        shallows = blur(mask, SHALLOWS_BLUR)
        shallows.fill((*SHALLOWS, 255), special_flags=pygame.BLEND_RGBA_MULT)
        land = surfaces.new(size, alpha=True)
        land.fill((*LAND, 255))
        land.blit(self._wash(size), (0, 0))
        land.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        for polygon in rings:  # the anti-aliased coastline smooths the edge of the fill
            for ring in polygon:
                pygame.draw.aalines(land, COASTLINE, True, ring)
        return shallows, land

    def _wash(self, size: tuple) -> pygame.Surface:
        """Each region's colour round its cities and along the land routes inside it, soft-edged
        (a road between two regions, Rome-Djenné across the Sahara, is neither's land)."""
        w, h = size
        small = pygame.Rect(0, 0, max(1, w // WASH), max(1, h // WASH))
        layer = surfaces.new(small.size, alpha=True)
        layer.fill((*LAND, 0))
        r = max(2, round(TINT_RADIUS * small.width / WIDTH))
        band = max(2, round(TINT_BAND * small.width / WIDTH))
        world = self.world
        for region in world.regions:
            colour = (*rgb_of(region.rgb), TINT_ALPHA)
            for c in world.cities:
                if c.region == region.id:
                    pygame.draw.circle(layer, colour, self.point(small, c.x, c.y), r)
            for route in world.routes:
                if route.kind == "land" and world.region_of[route.a] == world.region_of[route.b] == region.id:
                    for p, q in self.route_segments(small, route.a, route.b):
                        pygame.draw.line(layer, colour, p, q, band)
        return blur(surfaces.scaled(layer, size), 2 * WASH)

    def _draw_routes(self, surf: pygame.Surface, area: pygame.Rect) -> None:
        width = max(2, area.width // 400)
        for route in self.world.routes:
            for p, q in self.route_segments(area, route.a, route.b):
                if route.kind == "land":
                    pygame.draw.line(surf, LAND_ROUTE, p, q, width)
                else:
                    dashed(surf, SEA_LANE, p, q, width, max(6, area.width // 110))

    def _draw_cities(self, surf: pygame.Surface, area: pygame.Rect) -> None:
        """Leader lines, dots (stars for the starting cities), then every name, so no dot covers a name."""
        world = self.world
        r = self.dot_radius(area)
        starts = set(world.starts.values())
        labels = self.labels(area.size)
        tick = max(1, r // 4)
        for label in labels.values():
            if label.leader:  # hairline in the names' ink with a tick at the name: no road or sea lane looks so
                pygame.draw.aaline(surf, LEADER, *label.leader)
        for c in world.cities:
            x, y = self.point(area, c.x, c.y)
            if c.id in starts:
                star(surf, (x, y), r * 1.9, theme.GOLD, theme.GOLD_DARK)
            else:
                pygame.draw.circle(surf, theme.INK, (x, y), self.mark_radius(area, False))
                pygame.draw.circle(surf, rgb_of(world.region[c.region].rgb), (x, y), r)
                shapes.draw(surf, world.region[c.region].symbol, (x, y), r * 0.72)
        for c in world.cities:
            label = labels[c.id]
            name = self.app.i18n.pick(c.name)
            font = self.app.fonts.get(label.font_px, fixed=True)
            ink, halo = tx.render(font, name, theme.INK), tx.render(font, name, theme.CREAM)
            surf.blit(_plate(label.box.size), label.box)  # no road, sea lane or leader runs through its letters
            if label.leader:
                pygame.draw.circle(surf, LEADER, label.leader[1], tick)
            pos = ink.get_rect(center=label.box.center)
            for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                surf.blit(halo, pos.move(dx, dy))
            surf.blit(ink, pos)

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
            number = tx.render(self.app.fonts.get(max(10, px(12, s)), bold=True, fixed=True), str(i), theme.WHITE)
            surface.blit(number, number.get_rect(center=(x, y)))

    def ring(self, surface: pygame.Surface, area: pygame.Rect, city: str, colour: tuple, s: float,
             width: int = 3) -> None:
        x, y = self.city_px(area, city)
        r = self.dot_radius(area) + px(7, s)
        pygame.draw.circle(surface, theme.WHITE, (x, y), r + 1, max(2, px(width, s)) + 2)
        pygame.draw.circle(surface, colour, (x, y), r, max(2, px(width, s)))


@lru_cache(maxsize=256)
def _plate(size: tuple) -> pygame.Surface:
    """A city name's small plate: cream, the map faintly through it (at 1024x640 Europe's names
    ran into the roads and sea lanes between them, QA)."""
    plate = surfaces.new(size, alpha=True)
    pygame.draw.rect(plate, (*theme.CREAM[:3], PLATE_ALPHA), plate.get_rect(), border_radius=2)
    return plate


def _mask(size: tuple, draw) -> pygame.mask.Mask:
    """A mask of what `draw` paints (in any colour but black) on a black surface of `size`."""
    surf = surfaces.new(size)
    surf.set_colorkey((0, 0, 0))
    draw(surf)
    return pygame.mask.from_surface(surf)


def blur(surf: pygame.Surface, factor: int) -> pygame.Surface:
    """`surf` softened: scaled `factor` times smaller, then smoothly back up."""
    w, h = surf.get_size()
    return surfaces.scaled(surfaces.scaled(surf, (w // factor, h // factor)), (w, h))


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
