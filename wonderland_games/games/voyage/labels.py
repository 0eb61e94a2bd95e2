"""City names on the World Voyage map, placed so that none overlap (pure geometry).

On a true-to-life map Europe's cities sit a few pixels apart on a laptop, so
each name tries spots round its dot: touching it first (below, beside, the
lower diagonals; above is where travellers stand and flags fly), then the
same directions and those between farther out (half a name height at a time,
then whole ones) with a leader line back to the dot, and at last smaller fonts. A spot must
lie inside the map, clear of every dot and of every place a traveller or a
flag is drawn, no farther from its dot than a short leader line, less than a
third over another region's land (it would read as theirs: QA saw "Athens"
in Libya and "Giza" in Arabia), and (while placing) clear of every name and
leader line already placed; a name touching its dot must also be nearer that
dot than any other, or it would read as the neighbour's. Among those the
cheapest wins (nearer, in a better direction, crossing fewer routes, over less
of another region's land); a leader line up to half as long again is amiss, a
last resort priced BEYOND any other (Athens, Rome, Istanbul and Füssen at some
sizes all need the Balkans).
What depends only on the map is worked out once per size, so a pass is
cheap: the cities with the most neighbours choose first; a name with no free
spot may take one from a single neighbour that can move to another, and a city
left without one (or, for a pass or two more, amiss) moves up the order for the
next pass (by how often it missed). The best pass is then settled: each name
moves to a cheaper spot the others left free, and a name amiss (or over another)
to a sound spot it makes room for by pushing up to SHOVE names to sound spots of
theirs, which may push others in turn (SHOVE_DEPTH deep): Barcelona, Zermatt and
Paris at a short window make room for each other only so. The names placed so
far are kept with their grown boxes and lines (_Taken), so testing a spot is a
few calls of pygame's C code. Deterministic; benchmarks/voyage_labels.py
sweeps window sizes for what is left wrong.
"""

from __future__ import annotations

import functools
import heapq
import itertools
import math
from typing import NamedTuple

import pygame

# (anchor of the name's box, direction from the dot), best first
BEST = (("midtop", (0, 1)), ("midleft", (1, 0)), ("midright", (-1, 0)), ("topleft", (1, 1)),
        ("topright", (-1, 1)), ("midbottom", (0, -1)), ("bottomleft", (1, -1)), ("bottomright", (-1, -1)))


def _between() -> tuple:
    """Every 15 degrees between those, for a leader line out of a crowd (Athens between Rome,
    Istanbul, Giza and Libya): the box's corner or side nearest the dot anchored there."""
    out = []
    for step in range(24):
        if step % 3:
            ux, uy = round(math.cos(math.radians(15 * step)), 3), round(math.sin(math.radians(15 * step)), 3)
            row = "top" if uy > 0.38 else "bottom" if uy < -0.38 else "mid"
            col = "left" if ux > 0.38 else "right" if ux < -0.38 else "mid"
            out.append(((row + col).replace("topmid", "midtop").replace("bottommid", "midbottom"), (ux, uy)))
    return tuple(out)


DIRECTIONS = BEST + _between()
# where each anchor is on a box, in half widths and half heights from its top left (as pygame sets it)
ANCHORS = {"midtop": (1, 0), "midleft": (0, 1), "midright": (2, 1), "topleft": (0, 0), "topright": (2, 0),
           "midbottom": (1, 2), "bottomleft": (0, 2), "bottomright": (2, 2)}
LEVELS = (0, 0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 6)  # name heights from the dot: touching, then with a leader line
PASSES = 24
FAR_PASSES = 2  # passes tried, once every name has a spot, to bring too long leader lines in
SPACING = 2  # pixels kept free between two names (half that up and down)
SHOVE = 3  # names an amiss name may push to other spots while settling
SHOVE_DEPTH = 5  # and those names may push names of their own
BUMP_TRIES = 30  # a name's cheapest spots it may take from a neighbour that can move
SETTLE_ROUNDS = 4  # rounds of settling at most (the first few do nearly all the good)
FOREIGN_PIXELS = 1  # a name's pixels over another region's land that cost as much as one unit
FARTHEST = 1.5  # times the longest leader line asked for: a name no spot nearer is free for may go so far
BEYOND = 1000  # the cost of a leader line longer than asked: taken only where nothing else is free


class Label(NamedTuple):
    font_px: int
    box: pygame.Rect  # the name with its one-pixel halo
    leader: tuple | None  # (from, to): a line from the dot's edge to the name, for a name set apart
    amiss: bool = False  # a leader line longer than asked (FARTHEST at most), or no spot was free at all


class City(NamedTuple):
    id: str
    spot: tuple  # the dot's centre in pixels
    radius: int  # the dot's drawn radius (its ink ring or star included)
    sizes: dict  # font px -> (width, height) of its name, largest font first
    foreign: pygame.mask.Mask | None = None  # the map's land where its name would read as another region's


def place(area: pygame.Rect, cities: list, routes: list, pieces: list = (), longest: float = math.inf) -> dict:
    """city id -> Label. `routes` are pixel segments; `pieces` rects where travellers and flags
    are drawn, which no name may lie under; a leader line longer than `longest` pixels is a
    last resort, and none is longer than FARTHEST times that."""
    dots = {c.id: pygame.Rect(c.spot[0] - c.radius, c.spot[1] - c.radius, 2 * c.radius, 2 * c.radius)
            for c in cities}
    route_boxes = [_span(line) for line in routes]

    def cost(box: pygame.Rect) -> int:
        return 20 * sum(1 for i in box.collidelistall(route_boxes) if box.clipline(*routes[i]))

    near = {c.id: _near(c, cities, dots) for c in cities}
    spots = {c.id: _Spots(c, area, near[c.id], [pieces[i] for i in _reach(c).collidelistall(pieces)], cost,
                          longest) for c in cities}
    misses = dict.fromkeys(spots, 0)
    best: tuple = ((len(cities) + 1, 0), {})
    spare = FAR_PASSES
    for _ in range(PASSES):
        order = sorted(cities, key=lambda c: (-misses[c.id], -len(near[c.id]), c.id))
        result, failed = _pass(order, spots)
        far = {cid for cid, label in result.items() if label.amiss}
        score = (len(failed), len(far))
        if score < best[0]:
            best = (score, result)
        spare -= not best[0][0]
        if not failed | far or spare < 0:
            break
        for cid in failed | far:
            misses[cid] += 1
    return _settle(spots, best[1])


def _near(city: City, cities: list, dots: dict) -> list:
    """The other cities' dots that any spot of `city` could reach."""
    reach = city.radius + LEVELS[-1] * max(h for _, h in city.sizes.values()) + max(w for w, _ in city.sizes.values())
    return [dots[o.id] for o in cities if o.id != city.id and math.dist(o.spot, city.spot) < reach + o.radius]


def _reach(city: City) -> pygame.Rect:
    """The rect any spot of `city` lies in."""
    reach = 2 + round(city.radius + LEVELS[-1] * max(h for _, h in city.sizes.values())
                  + max(w for w, _ in city.sizes.values()))
    return pygame.Rect(city.spot[0] - reach, city.spot[1] - reach, 2 * reach, 2 * reach)


def _spot_order(fonts: int = 3) -> tuple:
    """Every (base cost, minus the font's place largest first, level, anchor, direction),
    cheapest first: the same for every city, so sorted once."""
    return tuple(sorted(
        ((0, 60, 200)[shrink] + 30 * (level > 0) + 25 * level + 3 * rank, -shrink, level, anchor, direction)
        for shrink in range(fonts) for level in LEVELS for rank, (anchor, direction) in enumerate(DIRECTIONS)))


_ORDER = _spot_order()


class _Spots:
    """A city's sound spots (inside the map, clear of other dots and of travellers and flags, a
    short leader line at most, not over another region's land) as Labels, cheapest first, worked
    out only as far as asked (most names take one of their first few). A smaller font costs
    more than moving out a level, which costs more than a worse direction; crossing routes
    and standing on foreign land add to that, so a spot is priced once its base is reached."""

    def __init__(self, city: City, area: pygame.Rect, dots: list, pieces: list, cost, longest: float):
        self.city, self.area, self.dots, self.pieces, self.cost, self.longest = city, area, dots, pieces, cost, longest
        fonts = list(city.sizes.items())
        self.todo = ((base, *fonts[-less], level, anchor, direction)
                     for base, less, level, anchor, direction in _ORDER if -less < len(fonts))
        self.next = next(self.todo, None)
        self.priced: list = []  # heap of (cost, order priced, Label) not yet handed out
        self.count = 0
        self.ready: list = []

    def __iter__(self):
        yield from self.ready
        while True:
            while self.next is not None and (not self.priced or self.priced[0][0] > self.next[0]):
                self._price(self.next)
                self.next = next(self.todo, None)
            if not self.priced:
                return
            label = heapq.heappop(self.priced)[2]
            self.ready.append(label)
            yield label

    def _price(self, spot: tuple) -> None:
        base, font_px, (w, h), level, anchor, direction = spot
        box, leader = _candidate(self.city, w, h, level, anchor, direction)
        if not self.area.contains(box) or box.collidelist(self.dots) >= 0 or box.collidelist(self.pieces) >= 0:
            return
        amiss = leader is not None and math.dist(*leader) > self.longest
        if amiss and math.dist(*leader) > self.longest * FARTHEST:
            return
        if leader is None:
            own = _gap(box, self.city.spot, self.city.radius)
            reach = box.inflate(4 * (self.city.radius + 1 + round(own)), 4 * (self.city.radius + 1 + round(own)))
            if any(_gap(box, self.dots[i].center, self.dots[i].width // 2) <= own
                   for i in reach.collidelistall(self.dots)):
                return  # nearer another city's dot: it would read as that city's name
        elif any(self.dots[i].clipline(*leader) for i in _span(leader).collidelistall(self.dots)):
            return
        foreign = 0 if self.city.foreign is None else self.city.foreign.overlap_area(_solid(box.size), box.topleft)
        if 3 * foreign >= box.width * box.height:
            return  # it would read as theirs
        self.count += 1
        cost = base + foreign // FOREIGN_PIXELS + BEYOND * amiss + self.cost(box)
        heapq.heappush(self.priced, (cost, self.count, Label(font_px, box, leader, amiss)))

    def first(self) -> Label:
        """The cheapest spot whatever else is placed (or, with none on the map, below the dot)."""
        label = next(iter(self), None)
        if label is None:
            font_px, (w, h) = next(iter(self.city.sizes.items()))
            label = Label(font_px, *_candidate(self.city, w, h, 0, "midtop", (0, 1)))
        return label


def _candidate(city: City, w: int, h: int, level: int, anchor: str, direction: tuple) -> tuple:
    """The box at one spot and, set apart from the dot, its leader line."""
    (x, y), (ux, uy), (ax, ay) = city.spot, direction, ANCHORS[anchor]
    norm = math.hypot(ux, uy)
    gap = (city.radius + 1 + round(level * h)) / norm  # a diagonal spot's corner touches the dot's circle
    box = pygame.Rect(round(x + ux * gap) - w * ax // 2, round(y + uy * gap) - h * ay // 2, w, h)
    if level == 0:
        return box, None
    edge = (round(x + ux / norm * city.radius), round(y + uy / norm * city.radius))
    return box, (edge, (min(max(edge[0], box.left), box.right - 1), min(max(edge[1], box.top), box.bottom - 1)))


def _gap(box: pygame.Rect, centre: tuple, radius: int) -> float:
    """How far `box` is from the edge of a dot (negative: over it)."""
    x, y = centre
    dx = max(box.left - x, 0, x - box.right + 1)
    dy = max(box.top - y, 0, y - box.bottom + 1)
    return math.hypot(dx, dy) - radius


def _span(line: tuple) -> pygame.Rect:
    """The rect a segment runs through."""
    (x1, y1), (x2, y2) = line
    return pygame.Rect(min(x1, x2), min(y1, y2), abs(x2 - x1) + 1, abs(y2 - y1) + 1)


def _pass(order: list, spots: dict) -> tuple:
    """One greedy pass in `order`: each name takes its cheapest spot still free, or one that a
    single placed name can give up by moving to another free spot of its own."""
    placed: dict = {}
    taken = _Taken()
    failed = set()
    for city in order:
        label = _first_free(spots[city.id], taken)
        if label is None:
            swap = _bump(city.id, spots, taken)
            if swap is not None:
                label = swap[0]
                _take(placed, taken, swap[1])
        if label is None:
            failed.add(city.id)
            label = spots[city.id].first()._replace(amiss=True)  # over another name: settling may mend it
        placed[city.id] = label
        taken.put(city.id, label)
    return placed, failed


def _settle(spots: dict, placed: dict) -> dict:
    """Each name in turn moves to a cheaper spot that the others left free, or, amiss, to a sound
    one it makes room for (_bump), for a few rounds or until none can (a name placed early in a
    crowded pass may have taken a far spot it no longer needs)."""
    placed = dict(placed)
    taken = _Taken()
    for city, label in placed.items():
        taken.put(city, label)
    for _ in range(SETTLE_ROUNDS):
        moved = False
        for city in list(placed):
            label = placed[city]
            taken.drop(city)
            better, swap = _first_free(spots[city], taken), None
            if better in (None, label) or better.amiss > label.amiss:
                swap = _bump(city, spots, taken, True, SHOVE, SHOVE_DEPTH) if label.amiss else None
                if swap is None:
                    taken.put(city, label)
                    continue
                better = swap[0]
            del placed[city]  # a name that moves goes to the end of the order
            if swap is not None:
                _take(placed, taken, swap[1])
            placed[city] = better
            taken.put(city, better)
            moved = True
        if not moved:
            break
    return placed


def _take(placed: dict, taken: "_Taken", moves: dict) -> None:
    """Put the names a bump displaced at their new spots."""
    for name, label in moves.items():
        placed[name] = label
        taken.put(name, label)


def _first_free(spots, taken: "_Taken", sound: bool = False) -> Label | None:
    """The cheapest spot clear of the names placed (with `sound`, of those not amiss: they come
    after every other, as they cost BEYOND more)."""
    if sound:
        spots = itertools.takewhile(lambda label: not label.amiss, spots)
    return next((label for label in spots if taken.free(label)), None)


def _bump(city: str, spots: dict, taken: "_Taken", sound: bool = False, most: int = 1, depth: int = 1,
          fixed: frozenset = frozenset()) -> tuple | None:
    """(a spot for `city`, {name it displaces: that name's new spot}) with `city`'s cheapest spot
    among its first BUMP_TRIES that displaces at most `most` names (none of `fixed`), each able to
    move to a free spot or, `depth` over 1, to bump names of its own in turn (with `sound`, no
    spot amiss), or None; `taken` is left as it was."""
    fixed |= {city}
    for label in itertools.islice(spots[city], BUMP_TRIES):
        if sound and label.amiss:
            break  # the rest are amiss too
        clashing = taken.clashes(label)
        if not 0 < len(clashing) <= most or fixed.intersection(clashing):
            continue
        saved = {name: taken.labels[name] for name in clashing}
        for name in clashing:
            taken.drop(name)
        taken.put(city, label)
        moves: dict = {}
        for name in clashing:
            moved = _first_free(spots[name], taken, sound)
            swap = None if moved or depth == 1 else _bump(name, spots, taken, sound, most, depth - 1,
                                                          fixed.union(clashing))
            if swap:
                moved, more = swap
                for other, spot in more.items():
                    saved.setdefault(other, taken.labels[other])
                    taken.put(other, spot)
                moves.update(more)
            if moved is None:
                break
            moves[name] = moved
            taken.put(name, moved)
        taken.drop(city)
        for name in moves:
            if name in taken.labels:
                taken.drop(name)
        for name, was in saved.items():
            taken.put(name, was)
        if all(name in moves for name in clashing):
            return label, moves
    return None


class _Taken:
    """The names placed so far, each kept with its box grown by SPACING, its leader line and the
    rects they cover, so that a spot is tested against them in a few calls of pygame's C code
    (the placer tests thousands of spots a pass) instead of against lists built anew each time."""

    def __init__(self):
        self.labels: dict = {}
        self.boxes: dict = {}  # city -> its name's box grown by SPACING: two names never touch
        self.spans: dict = {}  # city -> the rect its leader line runs through
        self.reach: dict = {}  # city -> its grown box and leader line's rect together

    def put(self, city: str, label: Label) -> None:
        self.labels[city] = label
        box = self.boxes[city] = label.box.inflate(2 * SPACING, SPACING)
        if label.leader:
            self.spans[city] = _span(label.leader)
            self.reach[city] = box.union(self.spans[city])
        else:
            self.spans.pop(city, None)
            self.reach[city] = box

    def drop(self, city: str) -> Label:
        self.boxes.pop(city)
        self.spans.pop(city, None)
        self.reach.pop(city)
        return self.labels.pop(city)

    def free(self, label: Label) -> bool:
        """Whether a spot is clear of every name and leader line placed."""
        box, leader = label.box, label.leader
        if box.collidedict(self.boxes, True) is not None or any(
                box.clipline(*self.labels[k].leader) for k, _ in box.collidedictall(self.spans, True)):
            return False
        if leader is None:
            return True
        span = _span(leader)
        return not any(b.clipline(*leader) for _, b in span.collidedictall(self.boxes, True)) and not any(
            _cross(leader, self.labels[k].leader) for k, _ in span.collidedictall(self.spans, True))

    def clashes(self, label: Label) -> list:
        """The placed names a spot would collide with (its box or leader line with theirs)."""
        box, leader = label.box, label.leader
        area = box.union(_span(leader)) if leader else box
        out = []
        for k, _ in area.collidedictall(self.reach, True):
            other, grown = self.labels[k], self.boxes[k]
            if (box.colliderect(grown) or (other.leader and box.clipline(*other.leader))
                    or leader and (grown.clipline(*leader) or other.leader and _cross(leader, other.leader))):
                out.append(k)
        return out


def _cross(s: tuple, t: tuple) -> bool:
    """Whether segments s and t cross (touching ends count; two on one line only where they meet)."""
    if not _span(s).colliderect(_span(t)):
        return False

    def side(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    (p, q), (r, u) = s, t
    return side(r, u, p) * side(r, u, q) <= 0 and side(p, q, r) * side(p, q, u) <= 0


@functools.lru_cache(maxsize=512)
def _solid(size: tuple) -> pygame.mask.Mask:
    """A filled mask of a name's box (a few sizes per map: cached)."""
    return pygame.mask.Mask(size, fill=True)
