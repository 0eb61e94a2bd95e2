"""The Lost in Oz board: 9 turned tiles of 2x2 cells on a 6x6 grid.

Cells are (x, y): columns A-F are x = 0..5 left to right, rows 1-6 are
y = 0..5 top to bottom, so (2, 3) is "C4". Directions are "N" (up), "E",
"S", "W". An edge is stored once, normalised to the cell on its north/west
side with direction "S"/"E"; a board-edge side keeps its own cell and
direction. `blocked(x, y, dir)` says whether a purple line is drawn on that
side; for the rules the board edge is always a barrier (`crossing(...)`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Optional, Sequence

from ...core.data import DataError, bilingual, load_yaml, require

TILES_FILE = "oz/tiles.yaml"
SIZE = 6
TILE_SLOTS = 3  # 3x3 tile slots of 2x2 cells
TILE_COUNT = 18
ROTATIONS = (0, 90, 180, 270)  # clockwise
DIRS = ("N", "E", "S", "W")
DELTA = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
_CLOCKWISE = {"N": "E", "E": "S", "S": "W", "W": "N"}
_LOCAL = {"a": (0, 0), "b": (1, 0), "c": (0, 1), "d": (1, 1)}
COLUMNS = "ABCDEF"
_OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}


def cell_name(x: int, y: int) -> str:
    return f"{COLUMNS[x]}{y + 1}"


def parse_cell(name: str) -> tuple:
    """"C4" -> (2, 3)."""
    if len(name) != 2 or name[0].upper() not in COLUMNS or name[1] not in "123456":
        raise ValueError(f"not a cell name: {name!r}")
    return COLUMNS.index(name[0].upper()), int(name[1]) - 1


def on_board(x: int, y: int) -> bool:
    return 0 <= x < SIZE and 0 <= y < SIZE


def normalise(x: int, y: int, d: str, size: int = SIZE) -> tuple:
    """One name per edge: ((x, y), dir) with an inner edge seen from its N/W cell."""
    if d == "W" and x > 0:
        return (x - 1, y), "E"
    if d == "N" and y > 0:
        return (x, y - 1), "S"
    return (x, y), d


@lru_cache(maxsize=None)
def _rotate(edges: frozenset, quarter_turns: int) -> frozenset:
    """Edges of a 2x2 tile turned clockwise; cell (x, y) goes to (1 - y, x)."""
    for _ in range(quarter_turns % 4):
        edges = frozenset(normalise(1 - y, x, _CLOCKWISE[d], 2) for (x, y), d in edges)
    return edges


@dataclass(frozen=True)
class Tile:
    id: str
    name: dict  # {"zh", "en"}
    walls: frozenset  # local edges ((x, y), dir) in 0..1, normalised

    def turned(self, rotation: int) -> frozenset:
        return _rotate(self.walls, rotation // 90)


def parse_tiles(raw, file: str = TILES_FILE) -> dict:
    """Tile id -> Tile, checked: 18 tiles, each with walls, no two alike even when turned."""
    if not isinstance(raw, dict):
        raise DataError(file, "-", "-", "top level must be a mapping")
    entries = require(raw, "tiles", list, file, "tiles")
    if len(entries) != TILE_COUNT:
        raise DataError(file, "tiles", "-", f"the board needs {TILE_COUNT} tiles, found {len(entries)}")
    tiles: dict = {}
    shapes: dict = {}
    for i, entry in enumerate(entries):
        tid = require(entry, "id", str, file, f"tiles[{i}]")
        label = f"tile '{tid}'"
        if tid in tiles:
            raise DataError(file, label, "id", "duplicate id")
        walls = require(entry, "walls", list, file, label)
        if not walls:
            raise DataError(file, label, "walls", "a tile needs at least one wall")
        edges = set()
        for w in walls:
            if not (isinstance(w, str) and len(w) == 2 and w[0] in _LOCAL and w[1] in DELTA):
                raise DataError(file, label, "walls", f"{w!r} is not a cell a-d followed by N/E/S/W")
            edge = normalise(*_LOCAL[w[0]], w[1], 2)
            if edge in edges:
                raise DataError(file, label, "walls", f"{w!r} names a segment already listed")
            edges.add(edge)
        tile = Tile(tid, bilingual(entry, "name", file, label), frozenset(edges))
        shape = min(tuple(sorted(tile.turned(r))) for r in ROTATIONS)
        if shape in shapes:
            raise DataError(file, label, "walls", f"same walls as tile '{shapes[shape]}' (turned)")
        shapes[shape] = tid
        tiles[tid] = tile
    return tiles


@lru_cache(maxsize=None)
def _cached(root: Optional[Path]) -> dict:
    return parse_tiles(load_yaml(TILES_FILE, root))


def load_tiles(root: Optional[Path] = None) -> dict:
    return _cached(root)


def _open_target(x: int, y: int, d: str) -> Optional[tuple]:
    target = (x + DELTA[d][0], y + DELTA[d][1])
    return target if on_board(*target) else None


# The moves table of a board without purple lines, in the order Board.moves keeps.
_OPEN_MOVES = {(x, y): {d: (_open_target(x, y, d), False) for d in DIRS} for x in range(SIZE) for y in range(SIZE)}


class Board:
    """Barriers of one laid-out board, with a move table the rules look up per step."""

    def __init__(self, layout: Sequence[tuple], tiles: Optional[dict] = None):
        tiles = tiles if tiles is not None else load_tiles()
        if len(layout) != TILE_SLOTS * TILE_SLOTS:
            raise ValueError(f"a board has {TILE_SLOTS * TILE_SLOTS} tiles, got {len(layout)}")
        self.layout = [(str(t), int(r)) for t, r in layout]
        barriers = set()
        for slot, (tid, rotation) in enumerate(self.layout):
            if tid not in tiles or rotation not in ROTATIONS:
                raise ValueError(f"unknown tile or rotation: {tid!r} {rotation!r}")
            ox, oy = 2 * (slot % TILE_SLOTS), 2 * (slot // TILE_SLOTS)
            for (x, y), d in tiles[tid].turned(rotation):
                barriers.add(normalise(ox + x, oy + y, d))
        self.barriers = frozenset(barriers)
        # (x, y) -> {dir: (target cell or None off the board, crossing a purple line)}: the open
        # board's table, then each barrier marked from both sides (boards are made once a game)
        self.moves = moves = {cell: row.copy() for cell, row in _OPEN_MOVES.items()}
        for cell, d in barriers:
            row = moves[cell]
            target = row[d][0]
            row[d] = (target, True)
            if target is not None:
                moves[target][_OPPOSITE[d]] = (cell, True)

    def blocked(self, x: int, y: int, d: str) -> bool:
        """A purple line on this side of cell (x, y)."""
        return normalise(x, y, d) in self.barriers

    def neighbour(self, x: int, y: int, d: str) -> Optional[tuple]:
        """The adjacent cell, or None past the board edge."""
        return self.moves[(x, y)][d][0]

    def crossing(self, x: int, y: int, d: str) -> bool:
        """Whether stepping this way crosses a barrier (a purple line or the board edge)."""
        target, purple = self.moves[(x, y)][d]
        return purple or target is None

    def tile_at(self, x: int, y: int) -> tuple:
        """(tile id, rotation) of the tile holding cell (x, y)."""
        return self.layout[(y // 2) * TILE_SLOTS + x // 2]
