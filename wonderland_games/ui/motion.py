"""What a move looks like: every game's events shown in motion, once for all games.

Each game says in `data/<game>/motion.yaml` how each event kind it emits moves — a card
*travels* from a hand to the table, *flips* where it is revealed, a pawn *walks* cell by
cell or *jumps*, dice *tumble*, points *fly* to a score, a spot *pulses* — or why it
does not move (`none: why`). An entry names the table's parts by the names the scene
already gives them for the coach (`hand:2`, `city:paris`: `TableScene.target_rect`),
filled in from the event's fields. `beats_for` turns one event into `Beat`s; a game may
add its own beats through a hook, but the pacing, drawing, reduced motion and skipping
are all here, in `Timeline` and `draw_beat`.

After another player's turn the parts an entry names as `mark` stay outlined
(`draw_marks`) until the next player acts: what just happened stays visible.
"""

from __future__ import annotations

import logging
import math
import string
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable

import pygame

from ..core.data import DataError, load_yaml
from . import surfaces, theme
from .anim import ease_in_out, ease_out, lerp

MOTIONS = ("travel", "flip", "walk", "jump", "tumble", "fly", "pulse", "pause")
TABLE_FILE = "motion.yaml"
OWN_PACE = 0.5  # a human's own move animates this much quicker: it never holds them up
REDUCED_SECONDS = 0.15  # with reduced motion every beat is a fade this long at most
TEXT_SHADOW = (60, 34, 12)  # under a gain's gold figures
MARK_EDGE = (90, 60, 10)  # the dark edge that keeps a mark's gold readable on a light ground
log = logging.getLogger(__name__)


# -- the table ------------------------------------------------------------------------------
@lru_cache(maxsize=None)
def motion_table(game_id: str) -> dict:
    """{event kind: entry} of data/<game>/motion.yaml; a broken file shows every move at once
    (and says so in the log) rather than stopping the game."""
    try:
        data = load_yaml(f"{game_id}/{TABLE_FILE}")
    except DataError as exc:
        log.warning("motion: %s", exc)
        return {}
    if not isinstance(data, dict):
        log.warning("motion: %s/%s is not a mapping of event kinds", game_id, TABLE_FILE)
        return {}
    return {kind: entry for kind, entry in data.items() if isinstance(entry, dict)}


def entry_for(game_id: str, event: dict):
    """The entry that shows `event`: its kind's, or the branch its `by:` field picks (a text, or
    true, false or null: the YAML keys of those values); None for a kind that does not move (or
    is missing: the tests catch that)."""
    entry = motion_table(game_id).get(event.get("type"))
    if entry is not None and "by" in entry:
        value = event.get(entry["by"])
        key = value if isinstance(value, (str, bool)) or value is None else "else"
        entry = entry.get(key, entry.get("else"))
    return entry if isinstance(entry, dict) and entry.get("motion") in MOTIONS else None


def _written(value):
    """A field as a part name writes it: lists and tuples with commas and no spaces (a cell
    [2, 3] is "2,3")."""
    return ",".join(map(str, value)) if isinstance(value, (list, tuple)) else value


def fill(template, event: dict):
    """`template` ("hand:{seat}") with the event's fields, or None when one is missing."""
    if not isinstance(template, str):
        return None
    values = {k: _written(v) for k, v in event.items()}
    try:
        return string.Formatter().vformat(template, (), values)
    except (KeyError, IndexError, ValueError, AttributeError):
        return None


def _names(template, event: dict) -> list:
    """One part name, or several when the template is a list (every cell of a route)."""
    if isinstance(template, list):
        return [name for t in template for name in _names(t, event)]
    if isinstance(template, dict):  # {each: field, part: "city:{}"}: a part per item of a list field
        items = event.get(template.get("each"))
        part = template.get("part")
        if not isinstance(items, (list, tuple)) or not isinstance(part, str):
            return []
        return [part.format(_written(i)) for i in items]
    name = fill(template, event)
    return [] if name is None else [name]


def marks_for(game_id: str, event: dict) -> list:
    """The part names that stay marked after `event`."""
    entry = entry_for(game_id, event)
    return [] if entry is None else _names(entry.get("mark"), event)


# -- beats -----------------------------------------------------------------------------------
@dataclass
class Beat:
    """One thing moving for `duration` seconds: along `path` (pixel points, rects or part
    names, resolved when drawn so a resize never leaves it behind)."""

    motion: str
    duration: float
    path: list = field(default_factory=list)
    sprite: pygame.Surface | None = None
    back: pygame.Surface | None = None  # a flip shows this first
    text: str = ""  # a gain floating up from where it lands
    arc: float = 0.0  # how high it lifts on the way, in pixels
    delay: float = 0.0  # after the start of its group
    with_previous: bool = False  # plays at once with the beat before it
    done: list = field(default_factory=list)  # callables run when its group ends
    fit: bool = False  # the sprite takes the size of the parts it leaves and reaches (a card
    # from a big hand to a small pile grows smaller on the way), not its own


def beats_for(game_id: str, event: dict, sprite: Callable | None = None, s: float = 1.0) -> list:
    """The beats of one event from its entry: `sprite(name, event)` gives what moves (None: a
    glowing token)."""
    entry = entry_for(game_id, event)
    if entry is None:
        return []
    motion = entry["motion"]
    path = _names(entry.get("from"), event) + _names(entry.get("via"), event) + _names(entry.get("to"), event)
    if motion != "pause" and not path:
        return []
    seconds = float(entry.get("seconds", _SECONDS[motion]))
    if motion == "walk":
        seconds *= max(1, len(path) - 1)
    image = sprite(entry.get("sprite"), event) if sprite is not None and entry.get("sprite") else None
    back = sprite(entry.get("back"), event) if sprite is not None and entry.get("back") else None
    arc = {"jump": 90, "fly": 40, "travel": 24, "walk": 14}.get(motion, 0) * s
    return [Beat(motion, seconds, path, image, back, fill(entry.get("text"), event) or "", arc)]


_CARRIED = ("travel", "walk", "jump", "fly")  # motions whose piece goes somewhere: its gain goes with it
_SECONDS = {"travel": 0.45, "flip": 0.4, "walk": 0.28, "jump": 0.5, "tumble": 0.8, "fly": 0.55, "pulse": 0.5,
            "pause": 0.3}


class Timeline:
    """Beats in groups played one after another (a group's beats at once); truthy while any
    is left. `advance` runs at the given pace; `finish` ends it at once, running every
    group's `done` so the table arrives where the move left it."""

    def __init__(self) -> None:
        self.groups: list = []
        self.time = 0.0
        self.pace = 1.0

    def __bool__(self) -> bool:
        return bool(self.groups)

    def __len__(self) -> int:
        return len(self.groups)

    def add(self, beat: Beat) -> None:
        if beat.with_previous and self.groups:
            self.groups[-1].append(beat)
        else:
            self.groups.append([beat])

    @staticmethod
    def length(group: list) -> float:
        return max(b.delay + b.duration for b in group)

    def advance(self, seconds: float) -> None:
        self.time += seconds * self.pace
        while self.groups and self.time >= self.length(self.groups[0]):
            self.time -= self.length(self.groups[0])
            self._end(self.groups.pop(0))
        if not self.groups:
            self.time = 0.0

    def finish(self) -> None:
        while self.groups:
            self._end(self.groups.pop(0))
        self.time = 0.0

    @staticmethod
    def _end(group: list) -> None:
        for beat in group:
            for change in beat.done:
                change()

    def now(self) -> list:
        """(beat, progress 0..1) of what moves at this moment."""
        if not self.groups:
            return []
        return [(b, min(1.0, max(0.0, (self.time - b.delay) / b.duration)) if b.duration > 0 else 1.0)
                for b in self.groups[0]]


# -- drawing -----------------------------------------------------------------------------------
def _point(item, resolve: Callable) -> tuple | None:
    if isinstance(item, str):
        item = resolve(item)
    if isinstance(item, pygame.Rect):
        return item.center
    if isinstance(item, (tuple, list)) and len(item) == 2:
        return float(item[0]), float(item[1])
    return None


def _along(points: list, q: float, arc: float, hops: bool) -> tuple:
    """Where a piece is at `q` of its way through `points`: one arc, or a hop per segment."""
    if len(points) == 1:
        return points[0]
    if hops:
        legs = len(points) - 1
        at = min(legs - 1e-9, q * legs)
        i, t = int(at), at - int(at)
        x, y = lerp(points[i], points[i + 1], ease_in_out(t))
        return x, y - math.sin(math.pi * t) * arc
    x, y = lerp(points[0], points[-1], ease_in_out(q))
    return x, y - math.sin(math.pi * q) * arc


@lru_cache(maxsize=8)
def token(size: int) -> pygame.Surface:
    """What moves when a game names no sprite: a small gold glow (made once per size: drawing
    it took a dozen circles a beat a frame)."""
    surf = surfaces.new((size, size), alpha=True)
    r = size // 2
    for i in range(r, 0, -1):
        alpha = int(220 * (1 - i / r) ** 0.6)
        pygame.draw.circle(surf, (*theme.GOLD_LIGHT[:3], alpha), (r, r), i)
    return surf


def draw_beat(surface: pygame.Surface, beat: Beat, q: float, resolve: Callable, s: float,
              reduced: bool = False, font=None) -> pygame.Rect | None:
    """Draw `beat` at progress `q`; with `reduced` motion nothing travels: the piece fades in
    where it lands. The rect drawn on, or None."""
    points = [p for p in (_point(item, resolve) for item in beat.path) if p is not None]
    if not points or beat.motion == "pause":
        return None
    sprite = beat.sprite or token(max(12, int(28 * s)))
    back = beat.back
    if beat.fit:
        size = _fitted_size(beat.path, 1.0 if reduced else q, resolve)
        if size is not None:
            sprite = _scale_within(sprite, size)
            back = None if back is None else _scale_within(back, size)
    drawn = None
    if beat.motion == "pulse" or (reduced and beat.motion != "flip"):
        spot = points[-1]
        if beat.motion == "pulse":  # its gain, if any, floats up from it as any beat's
            rect = resolve(beat.path[-1]) if isinstance(beat.path[-1], str) else None
            drawn = _pulse(surface, rect, spot, q, s, reduced)
        else:
            drawn = _blit(surface, sprite, spot, alpha=int(255 * min(1.0, q * 1.5)))
    elif beat.motion == "flip":
        face = sprite if q >= 0.5 or back is None else back
        width = max(1, int(face.get_width() * (1.0 if reduced else abs(math.cos(math.pi * q)))))
        drawn = _blit(surface, _scale(face, (width, face.get_height())), points[-1])
    elif beat.motion == "tumble":
        wobble = (1 - ease_out(q))
        angle = wobble * 540 * (1 if hash(id(beat)) % 2 else -1)
        x, y = points[-1]
        spot = (x + math.sin(q * 25) * 6 * s * wobble, y - abs(math.sin(q * 9)) * 16 * s * wobble)
        drawn = _blit(surface, pygame.transform.rotate(sprite, angle), spot)
    else:
        drawn = _blit(surface, sprite, _along(points, q, beat.arc, beat.motion == "walk"))
    if beat.text and font is not None:  # a gain rides on the piece that brings it, then rises where it lands
        carried = beat.motion in _CARRIED and not reduced
        rise = int((12 if carried else 30) * s * ease_out(max(0.0, q - 0.6) / 0.4 if carried else q))
        x, y = drawn.midtop if drawn is not None else points[-1]
        alpha = int(255 * (1 - max(0.0, q - 0.7) / 0.3))
        half = font.get_height() // 2
        centre = (int(x), max(half, int(y) - rise - half))  # never off the window's top (a part in the top bar)
        edge = max(1, int(2 * s))  # a dark rim: the gold reads on a pale panel too
        shade, img = _gain_images(font, beat.text)
        shade.set_alpha(alpha)
        for dx, dy in ((-edge, 0), (edge, 0), (0, -edge), (0, edge)):
            surface.blit(shade, shade.get_rect(center=(centre[0] + dx, centre[1] + dy)))
        img.set_alpha(alpha)
        surface.blit(img, img.get_rect(center=centre))
    return drawn


@lru_cache(maxsize=64)
def _gain_images(font, text: str) -> tuple:
    """(its dark rim, the gold) of a gain's text, rendered once, not every frame."""
    return font.render(text, True, TEXT_SHADOW), font.render(text, True, theme.GOLD_LIGHT)


def _fitted_size(path: list, q: float, resolve: Callable) -> tuple | None:
    """The size a fitted sprite has at `q` of its way: its first part's, growing to its last's."""
    ends = [resolve(p) if isinstance(p, str) else p for p in (path[:1] + path[-1:])]
    if not ends or not all(isinstance(r, pygame.Rect) for r in ends):
        return None
    t = ease_in_out(q)
    return lerp(ends[0].size, ends[-1].size, t)


def _scale_within(sprite: pygame.Surface, size: tuple) -> pygame.Surface:
    """`sprite` as large as fits in `size`, its shape kept."""
    w, h = sprite.get_size()
    k = min(size[0] / w, size[1] / h)
    return sprite if abs(k - 1) < 0.01 else _scale(sprite, (max(1, round(w * k)), max(1, round(h * k))))


def _scale(sprite: pygame.Surface, size: tuple) -> pygame.Surface:
    """Scaled smoothly, or plainly when a colour key cuts its corners (smoothing would fringe
    them with the key colour)."""
    key = sprite.get_colorkey()
    out = surfaces.scaled(sprite, size, smooth=key is None)
    if key is not None:
        out.set_colorkey(key)
    return out


def _blit(surface, sprite, centre, alpha: int = 255) -> pygame.Rect:
    if alpha < 255:
        sprite = sprite.copy()
        sprite.set_alpha(alpha)
    return surface.blit(sprite, sprite.get_rect(center=(int(centre[0]), int(centre[1]))))


def _pulse(surface, rect, spot, q: float, s: float, reduced: bool) -> pygame.Rect:
    base = rect if rect is not None else pygame.Rect(0, 0, int(40 * s), int(40 * s))
    grow = 0 if reduced else int(10 * s * ease_out(q))
    ring = base.inflate(grow * 2, grow * 2)
    ring.size = max(1, ring.width), max(1, ring.height)  # a part squeezed to nothing by a tiny window
    ring.center = (int(spot[0]), int(spot[1]))
    alpha = int(230 * (1 - q)) if not reduced else 200
    layer = surfaces.new(ring.size, alpha=True)
    pygame.draw.rect(layer, (*theme.GOLD_LIGHT[:3], alpha), layer.get_rect(), max(2, int(3 * s)),
                     border_radius=max(4, int(8 * s)))
    return surface.blit(layer, ring)


def draw_marks(surface: pygame.Surface, rects: list, s: float) -> list:
    """What just happened: each changed part outlined in solid gold edged in brown both sides (the
    gold alone vanished on a cream panel; no layer to make each frame) with a small star at its corner."""
    drawn = []
    width, edge = max(3, int(3.5 * s)), max(1, int(1.5 * s))
    radius = max(4, int(6 * s))
    for rect in rects:
        ring = rect.inflate(int(8 * s), int(8 * s))
        if ring.width <= 0 or ring.height <= 0:
            continue  # a part squeezed to nothing by a tiny window
        drawn.append(pygame.draw.rect(surface, MARK_EDGE, ring.inflate(2 * edge, 2 * edge), width + 2 * edge,
                                      border_radius=radius + edge))
        pygame.draw.rect(surface, theme.GOLD_LIGHT, ring, width, border_radius=radius)
        r = max(4, int(5 * s))
        corner = (ring.right - r, ring.top + r)
        pygame.draw.circle(surface, theme.GOLD_LIGHT, corner, r)
        pygame.draw.circle(surface, MARK_EDGE, corner, r, max(1, width // 2))
    return drawn
