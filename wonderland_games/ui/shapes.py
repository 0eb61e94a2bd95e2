"""Small plain shapes that go with a colour wherever the colour means something.

About one man in twelve cannot tell red from green (or orange from brown), so a
seat, a region or a card colour is never told by colour alone: each also has a
shape, drawn in white with a dark edge on its colour. Seats take theirs from
SEAT_SHAPES (the same order as score_chart.SEAT_COLOURS); a game's data names the
others (Voyage's regions and card colours). Below 7 px across a shape loses its edge
(white on its colour reads better there).
"""

from __future__ import annotations

import math

import pygame

MARK = (255, 255, 255)
MARK_EDGE = (30, 24, 20)
SEAT_SHAPES = ("circle", "triangle", "square", "diamond", "star", "cross")


def _star(points: int, inner: float) -> list:
    return [((inner if k % 2 else 1.0) * math.sin(math.pi * k / points),
             -(inner if k % 2 else 1.0) * math.cos(math.pi * k / points)) for k in range(2 * points)]


# each shape as a polygon of points within the unit circle (y down); "circle" and "ring" are drawn round
POLYGONS = {
    "triangle": [(0, -1), (0.92, 0.72), (-0.92, 0.72)],
    "triangle_down": [(0, 1), (0.92, -0.72), (-0.92, -0.72)],
    "square": [(-0.78, -0.78), (0.78, -0.78), (0.78, 0.78), (-0.78, 0.78)],
    "diamond": [(0, -1), (0.8, 0), (0, 1), (-0.8, 0)],
    "star": _star(5, 0.45),
    "cross": [(-0.3, -1), (0.3, -1), (0.3, -0.3), (1, -0.3), (1, 0.3), (0.3, 0.3), (0.3, 1), (-0.3, 1),
              (-0.3, 0.3), (-1, 0.3), (-1, -0.3), (-0.3, -0.3)],
    "bowtie": [(-0.95, -0.8), (0, -0.1), (0.95, -0.8), (0.95, 0.8), (0, 0.1), (-0.95, 0.8)],
    "bar": [(-1, -0.38), (1, -0.38), (1, 0.38), (-1, 0.38)],
    "hexagon": [(math.cos(math.pi * k / 3), math.sin(math.pi * k / 3)) for k in range(6)],
}
SHAPES = ("circle", "ring", *POLYGONS)


def seat_shape(seat: int) -> str:
    return SEAT_SHAPES[seat % len(SEAT_SHAPES)]


def draw(surface: pygame.Surface, shape: str, centre, radius: float, fill=MARK, edge=MARK_EDGE) -> None:
    """`shape` in `fill` with an `edge` (None: none) round `centre`, within `radius` pixels."""
    if radius < 1:
        return
    cx, cy = centre
    width = max(1, round(radius / 5))
    if radius < 3.5:  # an edge would fill a shape this small: white on its colour reads better
        edge = None
    if shape in ("circle", "ring"):
        r = radius * 0.8
        if edge is not None:
            pygame.draw.circle(surface, edge, (cx, cy), round(r + width))
        pygame.draw.circle(surface, fill, (cx, cy), round(r), round(r * 0.45) if shape == "ring" else 0)
        if shape == "ring" and edge is not None:
            pygame.draw.circle(surface, edge, (cx, cy), max(1, round(r * 0.55)))
        return
    points = [(cx + x * radius, cy + y * radius) for x, y in POLYGONS[shape]]
    pygame.draw.polygon(surface, fill, points)
    if edge is not None:
        pygame.draw.polygon(surface, edge, points, width)
