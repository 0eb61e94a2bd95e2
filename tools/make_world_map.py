"""Build World Voyage's land asset from Natural Earth coastlines (via world-atlas).

The npm package world-atlas ships Natural Earth's land as TopoJSON: arcs of
quantised, delta-encoded points shared between polygons. This script decodes
them by hand (no geo libraries), makes rings that cross the antimeridian
continuous (their longitudes may run past 180), drops Antarctica (south of the
map), thins each ring with Douglas-Peucker and writes lon/lat polygons, two
decimals, to assets/voyage/world_land.json. The game projects them itself (world.py), so
the asset stays independent of the window and of the projection's crop.

Build tool only, standard library only (not run by the game):

    /work/venv/bin/python tools/make_world_map.py [path/to/land-110m.json]

Without a path it downloads world-atlas@2.0.2 from the npm registry (the file
is inside the package's .tgz, as `npm pack world-atlas@2.0.2` also gives it);
the same input always gives the same asset.
"""

from __future__ import annotations

import io
import json
import sys
import tarfile
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "voyage" / "world_land.json"
PACKAGE = "https://registry.npmjs.org/world-atlas/-/world-atlas-2.0.2.tgz"
MEMBER = "package/land-110m.json"
TOLERANCE = 0.12  # degrees: well under a pixel at 1920x1080
SOUTH = -60  # rings entirely south of this (Antarctica) are left out
MIN_POINTS = 4  # a closed ring with fewer is too small to draw


def download() -> dict:
    with urllib.request.urlopen(PACKAGE, timeout=60) as reply:
        blob = reply.read()
    with tarfile.open(fileobj=io.BytesIO(blob), mode="r:gz") as tar:
        return json.load(tar.extractfile(MEMBER))


def decode_arcs(topology: dict) -> list:
    """Every arc as a list of (lon, lat): running sums of the deltas, then the transform."""
    (sx, sy), (tx, ty) = topology["transform"]["scale"], topology["transform"]["translate"]
    arcs = []
    for arc in topology["arcs"]:
        x = y = 0
        points = []
        for dx, dy in arc:
            x, y = x + dx, y + dy
            points.append((x * sx + tx, y * sy + ty))
        arcs.append(points)
    return arcs


def ring_points(ring: list, arcs: list) -> list:
    """A ring's points from its arc indices (~i is arc i reversed); shared ends appear once."""
    points: list = []
    for index in ring:
        arc = arcs[index] if index >= 0 else arcs[~index][::-1]
        points.extend(arc if not points else arc[1:])
    return points


def unwrap(points: list) -> list:
    """A ring crossing the antimeridian made continuous: longitudes may pass 180 (Chukotka, Fiji)."""
    out = [points[0]]
    for lon, lat in points[1:]:
        prev = out[-1][0]
        lon += 360 * round((prev - lon) / 360)
        out.append((lon, lat))
    shift = 360 * -((min(lon for lon, _ in out) + 180) // 360)  # its west end in -180..180
    return [(lon + shift, lat) for lon, lat in out]


def simplify(points: list, tolerance: float) -> list:
    """Douglas-Peucker on a closed ring (first point == last point), iterative."""
    keep = {0, len(points) - 1}
    stack = [(0, len(points) - 1)]
    while stack:
        a, b = stack.pop()
        (ax, ay), (bx, by) = points[a], points[b]
        dx, dy = bx - ax, by - ay
        norm = (dx * dx + dy * dy) ** 0.5
        best, best_d = None, tolerance
        for i in range(a + 1, b):
            px, py = points[i]
            d = abs(dy * (px - ax) - dx * (py - ay)) / norm if norm else ((px - ax) ** 2 + (py - ay) ** 2) ** 0.5
            if d > best_d:
                best, best_d = i, d
        if best is not None:
            keep.add(best)
            stack += [(a, best), (best, b)]
    return [points[i] for i in sorted(keep)]


def polygons(topology: dict) -> list:
    """Land polygons as [outer ring, hole, ...], each ring a flat [lon, lat, lon, lat, ...]."""
    arcs = decode_arcs(topology)
    out = []
    for geometry in topology["objects"]["land"]["geometries"]:
        parts = geometry["arcs"] if geometry["type"] == "MultiPolygon" else [geometry["arcs"]]
        for polygon in parts:
            rings = []
            for ring in polygon:
                points = ring_points(ring, arcs)
                if max(lat for _, lat in points) < SOUTH:
                    break  # Antarctica: below the map
                points = simplify(unwrap(points), TOLERANCE)
                if len(points) >= MIN_POINTS:
                    rings.append([round(v, 2) for point in points[:-1] for v in point])
                elif not rings:
                    break  # the outer ring vanished: so does the polygon
            if rings:
                out.append(rings)
    return out


def main(argv: list) -> None:
    topology = json.loads(Path(argv[0]).read_text()) if argv else download()
    land = polygons(topology)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"source": "Natural Earth 1:110m land via world-atlas 2.0.2 (land-110m.json)",
                       "licence": "public domain (Natural Earth); world-atlas ISC", "polygons": land},
                      separators=(",", ":"))
    OUT.write_text(text + "\n")
    points = sum(len(ring) // 2 for polygon in land for ring in polygon)
    print(f"{OUT.relative_to(ROOT)}: {len(land)} polygons, {points} points, {len(text) // 1024} KB")


if __name__ == "__main__":
    main(sys.argv[1:])
