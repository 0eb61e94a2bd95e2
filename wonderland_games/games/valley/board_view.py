"""The Wonderland Valley board: the 8 basic locations, the revealed forest cards, the 4
basic and the 4 special events, with the workers standing on them.

Painted into the table's cached frame when what it shows changes. Each place is
a tile: its name, its picture, what it gives as icons, and the meeples on it;
an event tile shows its points and a marker in the colour of each player who
claimed it (basic) or meets it now (special, scored at the end).
"""

from __future__ import annotations

import pygame

from ...ui import text as tx
from ...ui import shapes, theme
from ...ui.theme import px
from . import art
from .effects import Choose, Draw, Gain, Points, Trade
from .names import draw_name, legible
from .rules import meets

LEGAL = (92, 160, 96)  # the edge of a spot the player may use now


def board_spots(lay, state) -> list:
    """[(where, rect)]: ((location id,), rect) and ((forest id,), rect) of every spot on the board."""
    out = [((loc,), rect) for loc, rect in zip(state.valley.locations, lay.location_slots())]
    forest, _, _ = lay.lower_slots(len(state.forest))
    return out + [((f,), rect) for f, rect in zip(state.forest, forest)]


def event_tiles(lay, state) -> list:
    """[(event id, special, rect)] of the 4 basic then the 4 revealed special events."""
    _, basic, special = lay.lower_slots(len(state.forest))
    out = [(e, False, r) for e, r in zip(state.valley.basic_events, basic)]
    return out + [(e, True, r) for e, r in zip(state.specials, special)]


def effect_icons(effects: tuple) -> list:
    """[(icon, count)] of what a place gives: a resource or "point", "card", "choose", "trade"."""
    out = []
    for effect in effects:
        kind = type(effect)
        if kind is Gain:
            out += list(effect.resources.items())
        elif kind is Draw:
            out.append(("card", effect.count))
        elif kind is Points:
            out.append(("point", effect.count))
        elif kind is Choose:
            out.append(("choose", effect.count))
        elif kind is Trade:
            out.append(("trade", effect.times))
    return out


def draw_icon(surface, app, icon: str, rect: pygame.Rect) -> None:
    """One icon of `effect_icons` in a square rect."""
    size = rect.width
    if icon in ("berry", "twig", "resin", "pebble", "point"):
        surface.blit(art.resource(icon, size), rect)
    elif icon == "card":
        back = art.card_back((int(size * 0.72), size))
        surface.blit(back, back.get_rect(center=rect.center))
    else:
        pygame.draw.circle(surface, theme.TEAL if icon == "choose" else theme.PLUM, rect.center, size // 2)
        tx.draw_line(surface, app.fonts, "?" if icon == "choose" else "⇄", rect, int(size * 0.8), theme.WHITE,
                     bold=True)


def draw_icons(surface, app, row: pygame.Rect, icons: list, align: str = "center", smallest: int = 8) -> None:
    """Icons with their counts ("3" then a twig) across a row, shrunk to fit: the pictures first,
    the counts no smaller than `smallest`."""
    if not icons:
        return
    size = max(6, row.height)
    font = app.font(max(smallest, int(size * 0.85)), True)
    widths = [font.size(str(n))[0] + size + size // 3 for _, n in icons]
    total = sum(widths) + (len(icons) - 1) * (size // 3)
    while total > row.width and size > 6:
        size = max(6, min(size - 1, int(size * row.width / total)))
        font = app.font(max(smallest, int(size * 0.85)), True)
        widths = [font.size(str(n))[0] + size + size // 4 for _, n in icons]
        total = sum(widths) + (len(icons) - 1) * (size // 4)
    x = row.left if align == "left" else row.centerx - total // 2
    for (icon, n), w in zip(icons, widths):
        img = tx.render(font, str(n), theme.INK)
        surface.blit(img, img.get_rect(midleft=(x, row.centery)))
        box = pygame.Rect(x + img.get_width() + 1, row.centery - size // 2, size, size)
        draw_icon(surface, app, icon, box)
        x += w + size // 4


def draw_workers(surface, rect: pygame.Rect, seats: list) -> None:
    """The meeples standing on a spot, in a row at its foot, overlapping when many."""
    if not seats:
        return
    size = max(8, min(rect.height // 2, rect.width // 2))
    step = min(size, (rect.width - size) // max(1, len(seats) - 1)) if len(seats) > 1 else size
    x = rect.right - size - step * (len(seats) - 1) - 2
    for seat in seats:
        surface.blit(art.meeple(seat, size), (x, rect.bottom - size - 2))
        x += step


def occupants(state, key: str) -> list:
    """The seats with a worker on the spot `key` (solo: -1 for the opponent)."""
    out = [seat for seat, spots in enumerate(state.placed) for spot in spots if spot == key]
    opponent = getattr(state, "opponent", None)
    if opponent is not None:
        out += [-1 for spot in opponent.workers if spot == key]
    return out


def arrived(state, key: str, marks: dict) -> list:
    """`occupants` of a spot but the meeples still walking to it (`marks["hidden"]`)."""
    seats = occupants(state, key)
    for seat, spot in marks.get("hidden", ()):
        if spot == key and seat in seats:
            seats.remove(seat)
    return seats


def draw_board_panel(surface, lay, app) -> None:
    """The board's panel and title (part of the table's static base)."""
    theme.panel(surface, lay.board, lay.s, with_shadow=False, color=(238, 230, 200))
    tx.draw_line(surface, app.fonts, app.t("valley.table.board_title"), lay.title_line(lay.board), px(16, lay.s),
                 theme.PLUM, bold=True, align="left")


def draw_board(surface, lay, app, state, marks: dict, holders: dict) -> None:
    """marks: "legal" (set of wheres), "selected" (a where or None), "hover" (a where, an event id or None),
    "hidden" ((seat, key) of meeples still on their way, not drawn at rest); holders: event id -> `event_holders`."""
    s = lay.s
    valley = state.valley
    for where, rect in board_spots(lay, state):
        place = valley.locations.get(where[0]) or valley.forest[where[0]]
        folder = "locations" if where[0] in valley.locations else "forest"
        seats = arrived(state, where[0], marks)
        draw_place(surface, rect, s, app, place, folder, seats, legal=where in marks.get("legal", ()),
                   selected=where == marks.get("selected"), hover=where == marks.get("hover"))
    for event_id, special, rect in event_tiles(lay, state):
        draw_event(surface, rect, s, app, state, event_id, special, holders[event_id],
                   hover=event_id == marks.get("hover"))


def _tile(rect, s) -> tuple:
    """(name line, picture, icons line) of a place tile."""
    inner = rect.inflate(-px(6, s), -px(4, s))
    name_h = max(8, min(px(18, s), inner.height // 5))
    icons_h = max(6, min(px(24, s), inner.height // 5))
    name = pygame.Rect(inner.left, inner.top, inner.width, name_h)
    icons = pygame.Rect(inner.left, inner.bottom - icons_h, inner.width, icons_h)
    return name, pygame.Rect(inner.left, name.bottom + 1, inner.width, icons.top - name.bottom - 2), icons


def draw_place(surface, rect, s, app, place, folder: str, seats: list, legal=False, selected=False,
               hover=False) -> None:
    """A place tile (cached as a piece), its highlight and the meeples on it: under its name, which
    stays on top of them on its own ground (a meeple on a long name hid it, QA)."""
    key = ("place", place.id, s, app.lang)
    tile = art.piece(key, rect.size, lambda img, r: _paint_place(img, r, s, app, place, folder))
    surface.blit(tile, rect)
    edge, width = None, 1
    if selected:
        edge, width = theme.RED, 4
    elif legal:
        edge, width = LEGAL, 3
    elif hover:
        edge, width = theme.GOLD_DARK, 3
    if edge is not None:
        pygame.draw.rect(surface, edge, rect, max(1, px(width, s)), border_radius=px(8, s))
    if not seats:
        return
    name, pic, _ = _tile(tile.get_rect(), s)  # within the tile
    used = _NAME_HEIGHTS.get((key, tile.get_size()), name.height)
    below = name.top + used + 1  # the picture under the name, however many lines it took
    draw_workers(surface, pygame.Rect(pic.left, below, pic.width, pic.bottom - below).move(rect.topleft), seats)
    band = pygame.Rect(name.left, name.top, name.width, used)
    surface.blit(tile, band.move(rect.topleft), band)  # the name over any meeple that still reaches it


_NAME_HEIGHTS: dict = {}  # (a place tile's piece key, size) -> the height its name took when painted


def _paint_place(surface, rect, s, app, place, folder: str) -> None:
    r = px(8, s)
    pygame.draw.rect(surface, theme.CREAM, rect, border_radius=r)
    name, pic, icons = _tile(rect, s)
    area = pygame.Rect(name.left, name.top, name.width, icons.top - name.top - px(10, s))  # a strip of picture
    used = draw_name(surface, app.fonts, app.i18n.pick(place.name), area, max(legible(s), int(name.height * 0.85)),
                     legible(s), theme.INK)
    if len(_NAME_HEIGHTS) > 600:
        _NAME_HEIGHTS.clear()
    _NAME_HEIGHTS[(("place", place.id, s, app.lang), rect.size)] = used
    pic = pygame.Rect(pic.left, name.top + used + 1, pic.width, pic.bottom - name.top - used - 1)
    side = max(1, min(pic.width, pic.height))
    img = art.place_art(folder, place.id, (side, side))
    surface.blit(img, img.get_rect(center=pic.center))
    if folder == "locations" and getattr(place, "exclusive", False):
        lock = pygame.Rect(pic.left, pic.top, max(px(16, s), side // 4), max(px(16, s), side // 4))
        pygame.draw.circle(surface, theme.PLUM, lock.center, lock.width // 2)
        one = tx.render(app.font(max(legible(s), lock.height * 4 // 5), True), "1", theme.WHITE)
        surface.blit(one, one.get_rect(center=lock.center))
    draw_icons(surface, app, icons, effect_icons(place.effects), smallest=legible(s))
    pygame.draw.rect(surface, theme.PAPER_EDGE, rect, max(1, px(1, s)), border_radius=r)


def event_holders(state, event_id: str, special: bool) -> list:
    """Basic: the seats that claimed it. Special: the seats that meet it now (it scores at the end)."""
    if not special:
        return [seat for seat, claimed in enumerate(state.claimed) if event_id in claimed]
    event = state.valley.special_events[event_id]
    n = len(state.seats)
    return [seat for seat in range(n) if meets(event.condition, state.holdings(seat),
                                               [state.holdings(o) for o in range(n) if o != seat], state.cards)]


def draw_event(surface, rect, s, app, state, event_id: str, special: bool, holders: tuple, hover=False) -> None:
    """An event tile (cached as a piece, its markers part of the key)."""
    key = ("event", event_id, s, app.lang, holders)
    surface.blit(art.piece(key, rect.size, lambda img, r: _paint_event(img, r, s, app, state, event_id, special,
                                                                        holders)), rect)
    if hover:
        pygame.draw.rect(surface, theme.GOLD_DARK, rect, max(1, px(3, s)), border_radius=px(8, s))


def _paint_event(surface, rect, s, app, state, event_id: str, special: bool, holders) -> None:
    events = state.valley.special_events if special else state.valley.basic_events
    event = events[event_id]
    r = px(8, s)
    pygame.draw.rect(surface, (246, 236, 214), rect, border_radius=r)
    inner = rect.inflate(-px(4, s), -px(4, s))
    name_h = max(8, min(px(18, s), inner.height // 5))
    small = legible(s)
    markers_h = max(6, min(px(16, s), inner.height // 6))  # the picture's foot they may overlap
    marker = max(small, min(px(24, s), inner.height // 4))  # who claimed it, readable at a glance
    top = inner.top
    room = pygame.Rect(inner.left, top, inner.width, inner.bottom - markers_h - px(12, s) - top)
    if not special:  # a basic event says its season; the special ones' star says what they are
        tag_h = max(6, min(px(16, s), inner.height // 6))
        top += draw_name(surface, app.fonts, app.t(f"valley.table.season_tag.{event.season}"), room,
                         max(small, int(tag_h * 0.9)), small, theme.TEAL)
    room = pygame.Rect(inner.left, top, inner.width, room.bottom - top)
    top += draw_name(surface, app.fonts, app.i18n.pick(event.name), room, max(small, int(name_h * 0.8)), small,
                     theme.INK)
    pic = pygame.Rect(inner.left, top + 1, inner.width, inner.bottom - markers_h - top - 2)
    side = max(1, min(pic.width, pic.height))
    img = art.event_art(special, side)
    surface.blit(img, img.get_rect(center=pic.center))
    # the points legible however small the picture (a long name leaves little): at its corner, else the tile's
    digits = tx.render(app.font(max(small, min(px(12, s), side // 3) * 7 // 5), True), str(event.points), theme.INK)
    badge = max(min(px(12, s), side // 3), digits.get_width() // 2 + px(4, s), small * 2 // 3)
    centre = (pic.right - badge, pic.top + badge) if side >= 2 * badge else (inner.right - badge, inner.bottom - badge)
    pygame.draw.circle(surface, theme.GOLD, centre, badge)
    pygame.draw.circle(surface, theme.GOLD_DARK, centre, badge, max(1, badge // 5))
    surface.blit(digits, digits.get_rect(center=centre))
    x = inner.left
    rad = max(3, marker // 2 - 1)
    step = 2 * rad + max(1, px(2, s))
    if len(holders) > 1:  # overlapping on a narrow tile, as meeples on a spot do
        step = min(step, (inner.width - 2 * rad) // (len(holders) - 1))
    for seat in holders:
        centre = (x + rad, inner.bottom - rad - 1)
        pygame.draw.circle(surface, art.seat_colour(seat), centre, rad)
        pygame.draw.circle(surface, theme.INK, centre, rad, max(1, px(1, s)))
        if seat >= 0:  # whose it is by shape too, as on the seat's meeples
            shapes.draw(surface, shapes.seat_shape(seat), centre, rad * 0.72)
        x += step
    pygame.draw.rect(surface, theme.PLUM if special else theme.TEAL, rect, max(1, px(1, s)), border_radius=r)


def season_of(state, season_id: str):
    return next(season for season in state.valley.seasons if season.id == season_id)
