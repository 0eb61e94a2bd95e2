"""World Voyage map names over many window sizes: what the placer leaves wrong, by kind; printed.

    python benchmarks/voyage_labels.py                     500 random sizes, 800x500 to 2600x1500
    python benchmarks/voyage_labels.py --smallest 1024x640 from the smallest window up
    python benchmarks/voyage_labels.py --sizes 60 --seed 3

Each size is laid out as the table lays it out for 2 and for 5 players, in Chinese and in
English, and every name is checked as a player would look at it (`problems`):
tests/test_voyage_map.py holds a smaller deterministic sweep to the same checks.
"""

from __future__ import annotations

import argparse
import math
import random
from collections import Counter

try:
    import sandbox  # noqa: F401  (this folder: checkout on the path, no window, throwaway user dirs)
except ImportError:  # imported by the tests as benchmarks.voyage_labels
    pass
import pygame  # noqa: E402

from wonderland_games.core.settings import MIN_SIZE  # noqa: E402
from wonderland_games.games.voyage.layout import compute  # noqa: E402

SMALLEST, LARGEST = (800, 500), (2600, 1500)
KINDS = ("outside", "overlap", "over_dot", "under_piece", "leader_crosses", "astray", "not_own", "long_leader",
         "many_leaders")


def random_sizes(count: int, seed: int = 1, smallest: tuple = SMALLEST) -> list:
    """`count` window sizes of any aspect between `smallest` and LARGEST (the same for a seed)."""
    rng = random.Random(seed)
    return [(rng.randint(smallest[0], LARGEST[0]), rng.randint(smallest[1], LARGEST[1])) for _ in range(count)]


def _gap(box: pygame.Rect, mark: pygame.Rect) -> float:
    """Pixels between a name's box and the edge of a city's (round) mark."""
    dx = max(box.left - mark.centerx, 0, mark.centerx - box.right + 1)
    dy = max(box.top - mark.centery, 0, mark.centery - box.bottom + 1)
    return math.hypot(dx, dy) - mark.width // 2


def _area(rect: pygame.Rect) -> int:
    return rect.width * rect.height


def problems(view, size: tuple) -> list:
    """(kind, city, other or figure) for everything wrong with the names of a map of `size`
    in the view's language: a name off the map, over another name or any city's mark, under
    where a traveller or a flag is drawn, a leader line through another name or mark, a name
    a third or more over another region's land, a touching name nearer another dot than its
    own, a leader line not from its own dot or longer than the view's farthest leader reach,
    and more than two thirds of the names on leader lines (with no name above its dot, where
    travellers and flags go, a crowded map sets more apart)."""
    labels = view.labels(size)
    world = view.world
    bounds = pygame.Rect((0, 0), size)
    starts = set(world.starts.values())
    radius = {c.id: view.mark_radius(bounds, c.id in starts) for c in world.cities}
    marks = {c.id: pygame.Rect(0, 0, 2 * radius[c.id], 2 * radius[c.id]).move(view.point(bounds, c.x, c.y))
             .move(-radius[c.id], -radius[c.id]) for c in world.cities}
    longest = view.leader_reach(bounds, farthest=True)
    pieces = {c.id: view.piece_rects(bounds, c.id) for c in world.cities}
    found = []
    items = list(labels.items())
    for i, (city, label) in enumerate(items):
        box = label.box
        if not bounds.contains(box):
            found.append(("outside", city, None))
        found += [("over_dot", city, other) for other, mark in marks.items()
                  if box.colliderect(mark) if other != city or _gap(box, mark) < 0]
        found += [("under_piece", city, other) for other, rects in pieces.items() if box.collidelist(rects) >= 0]
        for other, label2 in items[i + 1:]:
            if box.colliderect(label2.box):
                found.append(("overlap", city, other))
        if label.leader:
            start, end = label.leader
            found += [("leader_crosses", city, other) for other, label2 in items
                      if other != city and label2.box.clipline(*label.leader)]
            found += [("leader_crosses", city, other) for other, mark in marks.items()
                      if other != city and mark.clipline(*label.leader)]
            if math.dist(start, marks[city].center) > radius[city] + 1 or not box.inflate(2, 2).collidepoint(end):
                found.append(("not_own", city, None))
            if math.dist(start, end) > longest:
                found.append(("long_leader", city, round(math.dist(start, end))))
        else:
            own = _gap(box, marks[city])
            found += [("not_own", city, other) for other, mark in marks.items() if other != city
                      and _gap(box, mark) <= own]
    foreign = view.foreign_land(size)
    for city, label in items:
        box = label.box
        over = foreign[world.region_of[city]].overlap_area(pygame.mask.Mask(box.size, fill=True), box.topleft)
        if 3 * over >= _area(box):
            found.append(("astray", city, round(over / _area(box), 2)))
    if 3 * sum(1 for label in labels.values() if label.leader) > 2 * len(labels):
        found.append(("many_leaders", None, None))
    return found


def sweep(view, sizes: list, languages=("zh", "en"), players=(2, 5)) -> list:
    """(window size, players, language, problems) for every map that has any."""
    out = []
    for lang in languages:
        view.app.i18n.language = lang
        seen: dict = {}  # map size -> its problems (2 and 5 players mostly share one)
        for size in sizes:
            for n in players:
                map_size = compute(size, n).map.size
                if map_size not in seen:
                    seen[map_size] = problems(view, map_size)
                if seen[map_size]:
                    out.append((size, n, lang, seen[map_size]))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--smallest", default="x".join(map(str, SMALLEST)), help="the smallest window, WxH")
    args = parser.parse_args()
    from wonderland_games.games.voyage.map_view import MapView
    from wonderland_games.games.voyage.world import load_world
    from wonderland_games.ui.app import App

    view = MapView(App(size=(1280, 800)), load_world())
    sizes = random_sizes(args.sizes, args.seed, tuple(int(v) for v in args.smallest.split("x")))
    bad = sweep(view, sizes)
    for size, n, lang, found in bad:
        print(f"{size[0]}x{size[1]} {n}p {lang}: " + ", ".join(f"{k} {c or ''}{' ' + str(o) if o else ''}"
                                                           for k, c, o in found))
    kinds = {(size, kind) for size, *_, found in bad for kind, _, _ in found}
    by_kind = Counter(kind for _, kind in kinds)
    sizes_bad = {size for size, *_ in bad}
    below = sum(1 for w, h in sizes_bad if w < MIN_SIZE[0] or h < MIN_SIZE[1])
    print(f"{len(sizes_bad)} of {len(sizes)} window sizes have a problem (2 or 5 players, zh or en), {below} "
          f"of them below the smallest window; sizes with each kind: " + ", ".join(f"{k} {by_kind[k]}" for k in KINDS))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
