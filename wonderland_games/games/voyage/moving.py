"""What moves on the World Voyage table, beyond what data/voyage/motion.yaml says by itself.

The motion table names the parts a piece passes; here are the pieces (a traveller standing
on the point it passes, a landmark card, a coin, a cube, an itinerary card), the walk cut
where a route crosses the Pacific edge (a piece walking on from the east edge to the west
one would cross the whole map), and the fields a reward or a refill event lacks to name
its parts (its destination's city and region).
"""

from __future__ import annotations

import pygame

from ...ui import surfaces, theme
from ...ui.motion import Beat
from ...ui.theme import px
from .map_view import rgb_of, star
from .panels import card_back, coin, cube, draw_destination, draw_itinerary, pawn


def with_places(event: dict, cards) -> dict:
    """`event` with its destination's `city` and `region` when it names a destination but not them."""
    dest = event.get("dest")
    if dest is None or "region" in event and "city" in event or dest not in cards.destination_ids:
        return event
    d = cards.destinations[dest]
    return {"city": d.city, "region": d.region, **event}


def standing(seat: int, size: int) -> pygame.Surface:
    """A traveller drawn so the sprite's centre is where its feet stand (the map draws it so on
    a city's dot): a walk passes through the cities' centres."""
    img = pawn(seat, size)
    lift = img.get_height() - img.get_height() // 10
    out = surfaces.new((img.get_width(), 2 * lift), alpha=True)
    out.blit(img, (0, 0))
    return out


def sprite(scene, name: str, event: dict):
    """The surface a motion entry's `sprite:` or `back:` name draws for `event`, at the table's size."""
    lay, state, app = scene.layout, scene.state, scene.app
    size, s = scene.pawn_size(), lay.s
    if name == "pawn":
        return standing(event["seat"], size)
    if name == "coin":
        img = surfaces.new((size, size), alpha=True)
        coin(img, (size // 2, size // 2), size // 2 - 1)
        return img
    if name == "cube":
        region = event.get("region")
        shown = state.world.region[region] if region in state.world.region else state.world.regions[0]
        img = surfaces.new((size, size), alpha=True)
        cube(img, img.get_rect().inflate(-size // 4, -size // 4), shown)  # its colour and its shape
        return img
    if name in ("destination", "destination_back"):
        if event["type"] != "refill":
            return _landmark(state, event["dest"], size)
        img = surfaces.new(_slot(lay.display_slots(), event).size, alpha=True)
        if name == "destination":
            draw_destination(img, img.get_rect(), s, app, state, event["dest"])
        else:
            card_back(img, img.get_rect())
        return img
    if name in ("itinerary", "itinerary_back"):
        rect = event.get("rect") or pygame.Rect(0, 0, int(size * 1.3), int(size * 1.45))  # a drawn card: its slot
        img = surfaces.new(rect.size, alpha=True)
        if name == "itinerary" and event.get("card") in state.cards.itinerary_ids:
            draw_itinerary(img, img.get_rect(), s, app, state.cards, event["card"])
        else:
            card_back(img, img.get_rect())
        return img
    return None


def _landmark(state, dest: int, size: int) -> pygame.Surface:
    """A visited landmark on its way to the score: a small card in its colour with a star (its
    points rise beside it as the beat's text)."""
    colour = rgb_of(state.cards.colours[state.cards.destinations[dest].colour].rgb)
    w, h = int(size * 1.1), int(size * 1.4)
    img = surfaces.new((w, h), alpha=True)
    rect = img.get_rect()
    r = max(2, w // 6)
    pygame.draw.rect(img, theme.CREAM, rect, border_radius=r)
    pygame.draw.rect(img, colour, rect.inflate(-max(4, w // 5), -max(4, w // 5)), border_radius=r)
    star(img, rect.center, w * 0.3, theme.GOLD_LIGHT, theme.INK)
    pygame.draw.rect(img, theme.INK, rect, max(1, w // 16), border_radius=r)
    return img


def _slot(slots: list, event: dict) -> pygame.Rect:
    slot = event.get("slot", 0)
    return pygame.Rect(slots[slot if 0 <= slot < len(slots) else 0])


def wrap_point(scene, arg: str):
    """`wrap:<a>,<b>,<0|1>`: a small rect where the route a-b leaves the map (0) or comes back
    in (1) on the way from a to b; None for a route that does not cross the Pacific edge."""
    try:
        a, b, end = arg.split(",")
        segments = scene.map_view.route_segments(scene.layout.map, a, b)
    except (ValueError, KeyError):
        return None
    if len(segments) < 2 or end not in ("0", "1"):
        return None
    first = segments[0][0] == scene.map_view.city_px(scene.layout.map, a)  # a is the east end
    leave, enter = (segments[0][1], segments[1][0]) if first else (segments[1][0], segments[0][1])
    x, y = leave if end == "0" else enter
    r = px(3, scene.layout.s)
    return pygame.Rect(x - r, y - r, 2 * r, 2 * r)


def over_the_edge(scene, beat: Beat, path: list) -> list:
    """A walk along `path` (city ids) as one beat per stretch on the map: a route over the Pacific
    ends one stretch at the edge it leaves by and starts the next at the edge it comes in by."""
    legs = max(1, len(path) - 1)
    per_leg = beat.duration / legs
    stretches, current = [], [f"city:{path[0]}"]
    for a, b in zip(path, path[1:]):
        if wrap_point(scene, f"{a},{b},0") is None:
            current.append(f"city:{b}")
            continue
        stretches.append(current + [f"wrap:{a},{b},0"])
        current = [f"wrap:{a},{b},1", f"city:{b}"]
    stretches.append(current)
    return [Beat("walk", per_leg * max(1, len(points) - 1), points, beat.sprite, arc=beat.arc)
            for points in stretches if len(points) > 1]
