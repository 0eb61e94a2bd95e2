"""World Voyage map: data/voyage/map.yaml checked, with distances worked out once.

The map never changes during a game, so all-pairs route distances (BFS, one
step per route) are computed when the map is loaded; the rules then answer
"can this card reach that city" with one lookup, and `reachable(city, steps)`
hands out a cached tuple, which keeps legal_actions cheap.

Cities are given by their true longitude and latitude and projected once onto
a 1000 x 560 canvas (x right, y down): Mercator, so coasts keep their shapes,
cropped to 78 N - 58.5 S, with the seam at 169 W in the Pacific (both edges are
that meridian). A route whose ends are more than half the canvas apart crosses
the seam: `Route.wraps` tells the map view to draw it leaving one side and
entering the other. Cities nearer each other than `GAP` (Auckland and Waitomo
are a pixel apart on a laptop) are nudged apart, equally and as little as
needed, so every dot can be seen and clicked.
"""

from __future__ import annotations

import math
import re
from collections import deque
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Optional

from ...core.data import DataError, bilingual, load_yaml, require

MAP_FILE = "voyage/map.yaml"
WIDTH, HEIGHT = 1000, 560
SEAM = -169.0  # the meridian at the map's left and right edges (Bering Strait, mid-Pacific)
NORTH = 78.0  # the latitude at the top edge; the bottom (SOUTH) follows from HEIGHT


def _mercator(lat: float) -> float:
    return math.log(math.tan(math.pi / 4 + math.radians(lat) / 2))


SOUTH = -math.degrees(2 * math.atan(math.exp(HEIGHT * 2 * math.pi / WIDTH - _mercator(NORTH))) - math.pi / 2)
GAP = 25  # canvas units: the least distance between two cities' dots after nudging
REGION_IDS = ("europe", "asia", "africa", "north_america", "south_america", "oceania")
ROUTE_KINDS = ("land", "sea")
_ID = re.compile(r"^[a-z][a-z0-9_]*$")
RGB = re.compile(r"^#[0-9a-fA-F]{6}$")


@dataclass(frozen=True)
class Region:
    id: str
    name: dict  # {"zh", "en"}
    rgb: str  # souvenir cubes and the map tint
    start: str  # the starting city (a hub without a destination)
    symbol: str  # the ui.shapes shape drawn on its colour (cubes, city dots, markets): never colour alone


@dataclass(frozen=True)
class City:
    id: str
    name: dict
    region: str
    lon: float
    lat: float
    x: float  # on the canvas, nudged apart from close neighbours
    y: float


@dataclass(frozen=True)
class Route:
    a: str
    b: str
    kind: str  # "land" or "sea"
    wraps: bool  # drawn across the map's left/right edge


class World:
    """Regions, cities and routes, with distances between every pair of cities."""

    def __init__(self, regions: tuple, cities: tuple, routes: tuple, lands: dict | None = None):
        self.regions = regions
        self.lands = lands or {}  # region -> its outline on the canvas (Asia: land in none), for map names
        self.region = {r.id: r for r in regions}
        self.cities = cities
        self.city = {c.id: c for c in cities}
        self.routes = routes
        self.region_of = {c.id: c.region for c in cities}
        self.starts = {r.id: r.start for r in regions}
        neighbours: dict = {c.id: [] for c in cities}
        for route in routes:
            neighbours[route.a].append(route.b)
            neighbours[route.b].append(route.a)
        self.neighbours = {c: tuple(sorted(n)) for c, n in neighbours.items()}
        self.dist = {c: self._bfs(c) for c in self.city}
        self._reach: dict = {}

    def _bfs(self, start: str) -> dict:
        dist = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for nxt in self.neighbours[here]:
                if nxt not in dist:
                    dist[nxt] = dist[here] + 1
                    queue.append(nxt)
        return dist

    def distance(self, a: str, b: str) -> int:
        return self.dist[a][b]

    def reachable(self, city: str, steps: int) -> tuple:
        """Cities 1..steps routes away (not `city` itself), in map order; cached."""
        key = (city, steps)
        found = self._reach.get(key)
        if found is None:
            row = self.dist[city]
            found = self._reach[key] = tuple(c.id for c in self.cities if 0 < row[c.id] <= steps)
        return found

    def shortest_path(self, a: str, b: str) -> list:
        """Cities from a to b inclusive along one shortest route (neighbours in name order)."""
        to_b = self.dist[b]
        path = [a]
        while path[-1] != b:
            here = path[-1]
            path.append(next(n for n in self.neighbours[here] if to_b[n] == to_b[here] - 1))
        return path


def project(lon: float, lat: float) -> tuple:
    """(x, y) on the canvas, x in 0..WIDTH from the seam eastwards."""
    return (lon - SEAM) % 360 * WIDTH / 360, WIDTH / (2 * math.pi) * (_mercator(NORTH) - _mercator(lat))


def declutter(points: dict, gap: float = GAP, rounds: int = 60) -> dict:
    """Points pushed apart pairwise until none are nearer than `gap` (deterministic)."""
    pos = {k: list(p) for k, p in points.items()}
    keys = sorted(pos)
    for _ in range(rounds):
        moved = False
        for i, a in enumerate(keys):
            for b in keys[i + 1:]:
                (ax, ay), (bx, by) = pos[a], pos[b]
                d = math.hypot(bx - ax, by - ay)
                if d >= gap:
                    continue
                ux, uy = ((bx - ax) / d, (by - ay) / d) if d else (0.0, 1.0)
                push = (gap - d) / 2 + 0.01
                pos[a] = [ax - ux * push, ay - uy * push]
                pos[b] = [bx + ux * push, by + uy * push]
                moved = True
        if not moved:
            break
    return {k: tuple(p) for k, p in pos.items()}


def _region(entry, i: int, file: str) -> Region:
    rid = require(entry, "id", str, file, f"regions[{i}]")
    label = f"region '{rid}'"
    rgb = require(entry, "rgb", str, file, label)
    if not RGB.match(rgb):
        raise DataError(file, label, "rgb", f"expected #rrggbb, got {rgb!r}")
    return Region(rid, bilingual(entry, "name", file, label), rgb, require(entry, "start", str, file, label),
                  require(entry, "symbol", str, file, label))


def _city(entry, i: int, file: str, regions: dict) -> City:
    cid = require(entry, "id", str, file, f"cities[{i}]")
    label = f"city '{cid}'"
    if not _ID.match(cid):
        raise DataError(file, label, "id", "use lower-case letters, digits and _")
    region = require(entry, "region", str, file, label)
    if region not in regions:
        raise DataError(file, label, "region", f"unknown region {region!r}")
    lon, lat = require(entry, "lon", (int, float), file, label), require(entry, "lat", (int, float), file, label)
    if not -180 <= lon <= 180:
        raise DataError(file, label, "lon", f"must be -180 to 180, got {lon}")
    if not SOUTH < lat < NORTH:
        raise DataError(file, label, "lat", f"must be between {SOUTH:.1f} and {NORTH:.0f} to be on the map, got {lat}")
    x, y = project(lon, lat)
    return City(cid, bilingual(entry, "name", file, label), region, lon, lat, x, y)


def _route(entry, i: int, file: str, cities: dict) -> Route:
    label = f"routes[{i}]"
    a, b = require(entry, "a", str, file, label), require(entry, "b", str, file, label)
    for key, cid in (("a", a), ("b", b)):
        if cid not in cities:
            raise DataError(file, label, key, f"unknown city {cid!r}")
    if a == b:
        raise DataError(file, label, "b", "a route needs two different cities")
    kind = require(entry, "kind", str, file, label)
    if kind not in ROUTE_KINDS:
        raise DataError(file, label, "kind", f"expected one of {list(ROUTE_KINDS)}, got {kind!r}")
    return Route(a, b, kind, abs(cities[a].x - cities[b].x) > WIDTH // 2)


def parse_world(raw, file: str = MAP_FILE) -> World:
    """A checked World: six regions, unique ids, known cities, one connected map."""
    if not isinstance(raw, dict):
        raise DataError(file, "-", "-", "top level must be a mapping")
    regions: dict = {}
    for i, entry in enumerate(require(raw, "regions", list, file, "regions")):
        region = _region(entry, i, file)
        if region.id in regions:
            raise DataError(file, f"region '{region.id}'", "id", "duplicate id")
        regions[region.id] = region
    if tuple(regions) != REGION_IDS:
        raise DataError(file, "regions", "-", f"expected the regions {list(REGION_IDS)} in that order")
    cities: dict = {}
    for i, entry in enumerate(require(raw, "cities", list, file, "cities")):
        city = _city(entry, i, file, regions)
        if city.id in cities:
            raise DataError(file, f"city '{city.id}'", "id", "duplicate id")
        cities[city.id] = city
    for region in regions.values():
        start = cities.get(region.start)
        if start is None or start.region != region.id:
            raise DataError(file, f"region '{region.id}'", "start", f"{region.start!r} is not a city of this region")
    nudged = declutter({c.id: (c.x, c.y) for c in cities.values()})
    cities = {cid: replace(c, x=nudged[cid][0], y=nudged[cid][1]) for cid, c in cities.items()}
    routes, pairs = [], set()
    for i, entry in enumerate(require(raw, "routes", list, file, "routes")):
        route = _route(entry, i, file, cities)
        pair = frozenset((route.a, route.b))
        if pair in pairs:
            raise DataError(file, f"routes[{i}]", "b", f"{route.a}-{route.b} is listed twice")
        pairs.add(pair)
        routes.append(route)
    world = World(tuple(regions.values()), tuple(cities.values()), tuple(routes), _lands(raw.get("lands", {}), file))
    first = next(iter(cities))
    cut_off = [c for c in cities if c not in world.dist[first]]
    if cut_off:
        raise DataError(file, f"city '{cut_off[0]}'", "routes", f"cannot be reached from {first!r}")
    return world


def _lands(raw, file: str) -> dict:
    """region -> its outline as canvas points: where a map name reads as standing on its land."""
    if not isinstance(raw, dict):
        raise DataError(file, "lands", "-", "expected a mapping of region to outline")
    out = {}
    for region, corners in raw.items():
        if region not in REGION_IDS:
            raise DataError(file, "lands", region, "unknown region")
        if not isinstance(corners, list) or len(corners) < 3 or not all(
                isinstance(p, list) and len(p) == 2 and all(isinstance(v, (int, float)) for v in p) for p in corners):
            raise DataError(file, "lands", region, "expected three or more [lon, lat] corners")
        out[region] = tuple(project(lon, lat) for lon, lat in corners)
    return out


@lru_cache(maxsize=None)
def _cached(root: Optional[Path]) -> World:
    return parse_world(load_yaml(MAP_FILE, root))


def load_world(root: Optional[Path] = None) -> World:
    return _cached(root)
