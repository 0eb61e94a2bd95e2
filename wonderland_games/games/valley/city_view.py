"""Wonderland Valley cards as drawn: every player's city (up to 15, grouped by role) and the hand.

A card shows its role by colour and by symbol (colour-blind safe), its emblem,
its effect as a line of icons (effect_line.py), its name and points; a hand card
also its cost. A destination card in a city holds
the meeples placed on it; a construction a critter came in through is marked
occupied.
"""

from __future__ import annotations

import pygame

from ...ui import text as tx
from ...ui import theme
from ...ui.theme import px
from . import art, effect_line
from .board_view import LEGAL, arrived, draw_icons
from .effects import ROLES
from .names import draw_lines, legible, line_step, name_fit, name_lines

CARD = (252, 246, 232)


def city_order(state, seat: int) -> list:
    """The city's indices grouped by role (in ROLES order), in play order within a role."""
    city, kinds = state.cities[seat], state.cards.kinds
    return sorted(range(len(city)), key=lambda i: (ROLES.index(kinds[city[i]].role), i))


def city_cards(lay, state) -> list:
    """[((owner, index), rect)] of every card in every city, as drawn."""
    out = []
    for seat in range(min(len(state.seats), lay.seats)):
        slots = lay.city_slots(seat)
        out += [((seat, i), slot) for i, slot in zip(city_order(state, seat), slots)]
    return out


def draw_card(surface, rect, s, app, kind, role, *, cost=False, dim=False, occupied=False, edge=None) -> None:
    """One card (cached as a piece: a full city is 60 blits, not 60 cards drawn); `edge` a highlight."""
    key = ("card", kind.id, s, app.lang, cost, dim, occupied)
    surface.blit(art.piece(key, rect.size, lambda img, r: _paint_card(img, r, s, app, kind, role, cost, dim,
                                                                       occupied)), rect)
    if edge is not None:
        pygame.draw.rect(surface, edge, rect, max(1, px(3, s)), border_radius=max(2, min(px(7, s), rect.width // 6)))


def _band_height(rect, s) -> int:
    return max(6, min(rect.height // 5, px(22, s), rect.width // 2))


def _line_height(rect, s) -> int:
    """The effect line's strip: its icons 12 px at 1024x640, never more than a quarter of the card."""
    return max(8, min(px(16, s), rect.height // 4))


def _face(rect, s, app, kind, cost: bool) -> tuple:
    """(font, lines, top, bottom, strip) of a card's words: the name whole (two lines, more if it must)
    above the cost line, the effect line's strip right above it; the emblem takes what is left up to
    the role band. On a card too short for both the strip gives way (down to 8 px) to a whole name."""
    name_h = max(6, min(px(17, s), rect.height // 5))
    bottom = rect.bottom - 2 - (px(19, s) if cost else 0)  # the cost's counts 12 px at 1024x640
    for h in range(_line_height(rect, s), 7, -1):
        room = bottom - rect.top - _band_height(rect, s) - 2 - h - 1
        args = (app.fonts, app.i18n.pick(kind.name), rect.width - 4, room, max(legible(s), int(name_h * 0.85)),
                legible(s))
        if name_fit(*args) is not None or h == 8:
            break
    font, lines = name_lines(*args)
    top = bottom - len(lines) * line_step(font)
    return font, lines, top, bottom, pygame.Rect(rect.left + 2, top - h - 1, rect.width - 4, h)


def _name_block(rect, s, app, kind, cost: bool) -> tuple:
    """(font, lines, top, bottom) of a card's name."""
    return _face(rect, s, app, kind, cost)[:4]


def line_rect(rect, s, app, kind, cost: bool) -> pygame.Rect:
    """The strip of the card's effect line, right above its name."""
    return _face(rect, s, app, kind, cost)[4]


def name_top(rect, s, app, kind) -> int:
    """Where a city card's words begin (its effect line): the meeples on it stand above."""
    return line_rect(rect, s, app, kind, False).top


def _paint_card(surface, rect, s, app, kind, role, cost, dim, occupied) -> None:
    """Role band with its symbol, emblem, effect line, name (and the cost in the hand), points badge."""
    colour = art.role_rgb(role)
    r = max(2, min(px(7, s), rect.width // 6))
    pygame.draw.rect(surface, (226, 220, 206) if dim else CARD, rect, border_radius=r)
    band_h = _band_height(rect, s)
    band = pygame.Rect(rect.left, rect.top, rect.width, band_h)
    pygame.draw.rect(surface, colour, band, border_top_left_radius=r, border_top_right_radius=r)
    sym = max(4, band_h - 2)
    surface.blit(art.role_symbol(role.symbol, sym), (band.left + 2, band.top + 1))
    font, lines, top, bottom, strip = _face(rect, s, app, kind, cost)
    pic = pygame.Rect(rect.left, band.bottom + 1, rect.width, strip.top - band.bottom - 2)
    side = min(pic.width - 4, pic.height)
    if side >= px(10, s):  # else the role's colour and symbol alone
        img = art.emblem(kind.id, side)
        if dim:
            img = img.copy()
            img.set_alpha(110)
        surface.blit(img, img.get_rect(center=pic.center))
    pygame.draw.rect(surface, _tint(colour, 0.82), strip, border_radius=max(1, strip.height // 3))
    effect_line.draw(surface, app, strip.inflate(-2, -1), effect_line.effect_line(kind), line_smallest(s),
                     theme.DISABLED_INK if dim else theme.INK)
    draw_lines(surface, font, lines, (rect.centerx, top), theme.DISABLED_INK if dim else theme.INK)
    if cost:
        draw_icons(surface, app, pygame.Rect(rect.left + 2, bottom, rect.width - 4, rect.bottom - 2 - bottom),
                   list(kind.cost.items()), smallest=legible(s))
    if occupied:  # in the band, after the role's symbol
        dot = max(3, band_h // 3)
        pygame.draw.circle(surface, theme.INK, (band.left + sym + 4 + dot, band.centery), dot)
        pygame.draw.circle(surface, theme.CREAM, (band.left + sym + 4 + dot, band.centery), max(1, dot - 2))
    if kind.points:  # the points as legible as a name, over the band and the strip's corner if it must
        digits = tx.render(app.font(max(legible(s), band_h * 4 // 5), True), str(kind.points), theme.INK)
        centre, radius = badge(rect, s, app, kind)
        pygame.draw.circle(surface, theme.GOLD_LIGHT, centre, radius)
        surface.blit(digits, digits.get_rect(center=centre))
    pygame.draw.rect(surface, colour, rect, max(1, px(1, s)), border_radius=r)


def badge(rect, s, app, kind) -> tuple:
    """(centre, radius) of a card's points badge, at the right of its role band."""
    band_h = _band_height(rect, s)
    digits = app.font(max(legible(s), band_h * 4 // 5), True).size(str(kind.points))[0]
    radius = max(band_h // 2, digits // 2 + 2, legible(s) * 3 // 5)
    return (rect.right - radius - 1, rect.top + radius), radius


def line_smallest(s) -> int:
    """The effect line's smallest icon (its numbers 9/10 of it): 10 px at 1024x640."""
    return px(13, s)


def _tint(rgb: tuple, pale: float) -> tuple:
    """The role's colour washed towards the card's cream: the effect line's ground."""
    return tuple(int(c + (w - c) * pale) for c, w in zip(rgb, CARD))


def draw_cities_panel(surface, lay, app, limit: int) -> None:
    """The cities' panel and title (part of the table's static base)."""
    s = lay.s
    theme.panel(surface, lay.cities, s, with_shadow=False, color=(236, 228, 206))
    tx.draw_line(surface, app.fonts, app.t("valley.table.cities_title", n=limit), lay.title_line(lay.cities), px(16, s),
                 theme.PLUM, bold=True, align="left")


def draw_city(surface, lay, app, state, seat: int, marks: dict) -> None:
    """One player's city row. marks: "legal" (set of (owner, index) spots usable now), "selected",
    "hover", "current" (seat), "hidden" ((seat, key) of meeples on their way), "unlanded" ((seat,
    index) of cards on their way: an empty slot until they land)."""
    s = lay.s
    limit = state.numbers.city_limit
    kinds = state.cards.kinds
    label, _ = lay.city_rows()[seat]
    if seat == marks.get("current"):
        pygame.draw.rect(surface, (255, 236, 170), label.inflate(px(4, s), 0), border_radius=px(6, s))
    size = max(8, min(label.height // 2, px(30, s)))
    surface.blit(art.meeple(seat, size), (label.left + 2, label.top + 2))
    name = pygame.Rect(label.left + size + px(4, s), label.top, label.width - size - px(6, s), size + 4)
    tx.draw_line(surface, app.fonts, state.seats[seat].name, name, px(15, s), theme.INK, bold=True, align="left")
    count = pygame.Rect(label.left + 2, name.bottom, label.width - 4, app.font(legible(s)).get_linesize())
    tx.draw_line(surface, app.fonts, f"{len(state.cities[seat])}/{limit}", count, legible(s), theme.INK_SOFT,
                 align="left")
    occupied = set(state.occupied[seat])
    slots = lay.city_slots(seat)
    for slot in slots[len(state.cities[seat]):]:
        pygame.draw.rect(surface, (224, 214, 188), slot, 1, border_radius=max(2, px(6, s)))
    unlanded = marks.get("unlanded", ())
    for index, slot in zip(city_order(state, seat), slots):
        where = (seat, index)
        if where in unlanded:
            pygame.draw.rect(surface, (224, 214, 188), slot, 1, border_radius=max(2, px(6, s)))
            continue
        kind = kinds[state.cities[seat][index]]
        draw_card(surface, slot, s, app, kind, state.cards.roles[kind.role], occupied=index in occupied,
                  edge=edge_of(where, marks))
        _draw_workers(surface, workers_rect(slot, s, app, kind), arrived(state, f"{seat}/{index}", marks))


def workers_rect(slot, s, app, kind) -> pygame.Rect:
    """Where the meeples on a city card stand: above its effect line and name (one on a two-line name
    hid it in a screenshot), over the band and the emblem."""
    return pygame.Rect(slot.left, slot.top, slot.width, name_top(slot, s, app, kind) - slot.top)


def _draw_workers(surface, rect: pygame.Rect, seats: list) -> None:
    """The meeples on a city card in a row from its left (the points badge at its right stays in
    sight), as tall as the room above the words, overlapping when many."""
    if not seats:
        return
    size = max(8, min(rect.height - 2, rect.width // 2))
    step = min(size, (rect.width * 2 // 3 - size) // max(1, len(seats) - 1)) if len(seats) > 1 else size
    for i, seat in enumerate(seats):
        surface.blit(art.meeple(seat, size), (rect.left + 2 + i * step, rect.bottom - size - 1))


def edge_of(where, marks: dict):
    """The highlight round a spot: picked (red), usable now (green), pointed at (gold), or None."""
    if where == marks.get("selected"):
        return theme.RED
    if where in marks.get("legal", ()):
        return LEGAL
    if where == marks.get("hover"):
        return theme.GOLD_DARK
    return None


def draw_hand(surface, lay, app, state, cards: list, title: str, marks: dict) -> None:
    """marks: "playable" (set of kinds, or None when not choosing), "selected" (hand index),
    "hover" (hand index), "marked" (hand indices picked for a mulligan or trade)."""
    s = lay.s
    tx.draw_line(surface, app.fonts, title, lay.title_line(lay.hand), px(16, s), theme.PLUM, bold=True, align="left")
    playable = marks.get("playable")
    marked = marks.get("marked", ())
    slots = lay.hand_slots(len(cards))
    kinds = state.cards.kinds
    for i, (kind_id, slot) in enumerate(zip(cards, slots)):
        if kind_id not in kinds:  # a hidden card
            surface.blit(art.card_back(slot.size), slot)
            continue
        lift = px(6, s) if i == marks.get("selected") or i in marked else 0
        rect = slot.move(0, -lift)
        edge = None
        if i in marked:
            edge = theme.TEAL
        elif i == marks.get("selected"):
            edge = theme.RED
        elif playable is not None and kind_id in playable:
            edge = LEGAL
        elif i == marks.get("hover"):
            edge = theme.GOLD_DARK
        draw_card(surface, rect, s, app, kinds[kind_id], state.cards.roles[kinds[kind_id].role], cost=True,
                  dim=playable is not None and kind_id not in playable and i not in marked, edge=edge)
