"""The World Voyage panels: travellers' suitcases, the destination display, the hand.

Each paints in window coordinates into the scene's cached table frame, within
its own region, and only when what it shows changed. Pieces (pawns, cubes,
coins) are drawn with plain shapes and cached per size.
"""

from __future__ import annotations

import re
from functools import partial
from typing import NamedTuple

import pygame

from ...ui import text as tx
from ...ui import shapes, surfaces, theme
from ...ui.seat_words import seat_label
from ...ui.theme import px
from .cards import PLAIN
from .layout import THREE_LINE_ROW, TITLE
from .map_view import rgb_of
from .narrate import card_effect, card_name, city_name, colour_name, counted, dest_name, region_name
from .rules import (BREAKDOWN, BUY_CARDS, BUY_PRICE, CROWDING_FEE, HAND_LIMIT, MONEY_PER_POINT, SOUVENIR_PRICE,
                    SOUVENIR_SET, SOUVENIR_SET_POINTS, UNKNOWN, VISIT_PRICE, colour_set_points)

PAWNS = ((214, 58, 52), (44, 104, 214), (34, 150, 78), (244, 186, 32), (246, 244, 238))
PAWN_EDGE = (30, 24, 20)
CURRENT = (255, 236, 170)
SELECTED = (255, 214, 90)
LEAST = 0.85  # a card's or panel's line may shrink this far to stay whole; beyond, it says less
NAME_LEAST = 0.8  # a landmark's name shrinks this far on one line, else it takes two
SCORE_W = 46  # a traveller's score at the right of its first line (unscaled)
SUITCASE = (("money",), ("tokens",), ("hand",))  # then the destinations by colour
LEGEND = ("money", "tokens", "hand", "destinations", "souvenirs")  # what the legend names, in the rows' order
_pawns: dict = {}


def pawn(seat: int, size: int) -> pygame.Surface:
    """A traveller: a round head on a bell-shaped body, in the seat's colour with the seat's
    shape on its chest (cached)."""
    key = (seat, size)
    img = _pawns.get(key)
    if img is None:
        if len(_pawns) > 200:
            _pawns.clear()
        size = max(8, size)
        img = surfaces.new((size, size), alpha=True)
        colour, edge = PAWNS[seat % len(PAWNS)], max(1, size // 14)
        w = size
        body = [(w * 0.2, w * 0.95), (w * 0.8, w * 0.95), (w * 0.66, w * 0.5), (w * 0.34, w * 0.5)]
        pygame.draw.ellipse(img, (0, 0, 0, 70), (w * 0.14, w * 0.86, w * 0.72, w * 0.14))
        pygame.draw.polygon(img, colour, body)
        pygame.draw.polygon(img, PAWN_EDGE, body, edge)
        pygame.draw.circle(img, colour, (w // 2, int(w * 0.3)), int(w * 0.22))
        pygame.draw.circle(img, PAWN_EDGE, (w // 2, int(w * 0.3)), int(w * 0.22), edge)
        pygame.draw.circle(img, (255, 255, 255), (int(w * 0.44), int(w * 0.24)), max(1, w // 16))
        shapes.draw(img, shapes.seat_shape(seat), (w * 0.5, w * 0.74), w * 0.17)
        _pawns[key] = img
    return img


def cube(surface, rect: pygame.Rect, region) -> None:
    """A region's souvenir cube: a square with a lighter top face, the region's shape on it."""
    colour = rgb_of(region.rgb)
    pygame.draw.rect(surface, colour, rect, border_radius=max(1, rect.width // 5))
    top = pygame.Rect(rect.left, rect.top, rect.width, max(1, rect.height // 3))
    light = tuple(min(255, c + 60) for c in colour)
    pygame.draw.rect(surface, light, top, border_top_left_radius=max(1, rect.width // 5),
                     border_top_right_radius=max(1, rect.width // 5))
    pygame.draw.rect(surface, PAWN_EDGE, rect, 1, border_radius=max(1, rect.width // 5))
    shapes.draw(surface, region.symbol, rect.center, rect.width * 0.36)


def colour_chip(surface, rect: pygame.Rect, colour) -> None:
    """A destination colour (cards.Colour) as a rounded square with its shape."""
    pygame.draw.rect(surface, rgb_of(colour.rgb), rect, border_radius=max(1, rect.width // 3))
    shapes.draw(surface, colour.symbol, rect.center, rect.width * 0.4)


def coin(surface, centre: tuple, r: int) -> None:
    pygame.draw.circle(surface, theme.GOLD, centre, r)
    pygame.draw.circle(surface, theme.GOLD_DARK, centre, r, max(1, r // 4))


def ticket(surface, rect: pygame.Rect) -> None:
    """A frequent-flyer token: a teal ticket with a notch."""
    pygame.draw.rect(surface, theme.TEAL, rect, border_radius=max(1, rect.height // 4))
    pygame.draw.circle(surface, theme.CREAM, (rect.left, rect.centery), max(1, rect.height // 4))
    pygame.draw.circle(surface, theme.CREAM, (rect.right, rect.centery), max(1, rect.height // 4))


def card_back(surface, rect: pygame.Rect) -> None:
    pygame.draw.rect(surface, theme.PLUM, rect, border_radius=max(1, rect.width // 6))
    pygame.draw.rect(surface, theme.GOLD_LIGHT, rect, 1, border_radius=max(1, rect.width // 6))


class Spot(NamedTuple):
    """An icon and its count on a traveller's row or a market: what it counts (its hover
    tooltip's subject) and where it is drawn."""

    what: tuple  # ("money",), ("tokens",), ("hand",), ("destinations", colour id), ("souvenirs", region index)
    #               or, on the Travellers title line, ("market", region index)
    rect: pygame.Rect  # the icon, its count and the gap after them: where the pointer finds it
    icon: pygame.Rect
    count: pygame.Rect  # the box the count is fitted into, left-aligned


def _spot(app, what, x: int, line: pygame.Rect, size: int, text: str, gap: int) -> Spot:
    """An icon at `x` then its count, measured as `_paint_count` will draw it."""
    icon = pygame.Rect(x, line.centery - size // 2, size, size)
    box = pygame.Rect(icon.right + max(1, size // 5), line.top, size * 2, line.height)
    right = box.left + _count_width(app, box, text) + gap
    return Spot(what, pygame.Rect(x, line.top, right - x, line.height), icon, box)


def _count_px(box: pygame.Rect) -> int:
    return int(box.height * 0.8)


def _count_width(app, box: pygame.Rect, text: str) -> int:
    return _text_width(app, text, box, _count_px(box), True)


def _text_width(app, text: str, box: pygame.Rect, size: int, bold: bool) -> int:
    """How wide `text` is drawn in `box` (shrunk to fit, as draw_line does): spots are measured
    without painting."""
    font, shown = tx.fit_line(app.fonts, text, box.width, box.height, size, bold)
    return font.size(shown)[0]


def _paint_count(surface, app, spot: Spot, text: str, colour) -> pygame.Rect:
    return tx.draw_line(surface, app.fonts, text, spot.count, _count_px(spot.count), colour, bold=True, align="left")


def _title_line(rect: pygame.Rect, s: float) -> pygame.Rect:
    """A panel's title line, inside its padding."""
    inner = rect.inflate(-px(16, s), -px(10, s))
    return pygame.Rect(inner.left, inner.top, inner.width, px(TITLE, s) - px(2, s))


def _title_px(s: float) -> int:
    return px(16, s)


def panel_title(surface, app, rect: pygame.Rect, s: float, text: str) -> pygame.Rect:
    return tx.draw_line(surface, app.fonts, text, _title_line(rect, s), _title_px(s), theme.PLUM, bold=True,
                        align="left")


# -- travellers --------------------------------------------------------------------------
def draw_players(surface, lay, app, state, current, scores: list, kinds=None) -> None:
    s = lay.s
    theme.panel(surface, lay.players, s, with_shadow=False)
    panel_title(surface, app, lay.players, s, app.t("voyage.players_title"))
    _draw_markets(surface, lay, app, state)
    for seat, row in enumerate(lay.row_rects(len(state.seats))):
        kind = kinds[seat] if kinds else seat_label(app, state.seats[seat])  # the table's: "Phone" too
        _player_row(surface, row, s, app, state, seat, seat == current, scores[seat], kind)
    _draw_legend(surface, lay, app, state)


class LegendItem(NamedTuple):
    kind: str  # one of LEGEND
    icon: pygame.Rect
    text: str
    box: pygame.Rect  # where the text is drawn, whole


def legend_items(app, lay, state) -> tuple:
    """(font px, items): the rows' icons named left to right on the legend line (a new player
    could not tell a coin's count from a ticket's), in full words where they fit, else short
    ones, at the largest size down to LEAST that fits the line whole."""
    line, s = lay.legend, lay.s
    icon = max(6, int(line.height * 0.85))
    gap, space = max(2, icon // 4), px(10, s)
    largest = line.height  # the glyphs, not the font's line, fill it
    for key in ("voyage.legend", "voyage.legend_short"):
        texts = [app.t(f"{key}.{kind}") for kind in LEGEND]
        for size in range(largest, int(largest * LEAST) - 1, -1):
            font = app.fonts.get(size)
            widths = [font.size(text)[0] for text in texts]
            if sum(widths) + len(texts) * (icon + gap) + (len(texts) - 1) * space <= line.width:
                items, x = [], line.left
                for kind, text, w in zip(LEGEND, texts, widths):
                    box = pygame.Rect(x + icon + gap, line.top, w, line.height)
                    items.append(LegendItem(kind, pygame.Rect(x, line.centery - icon // 2, icon, icon), text, box))
                    x = box.right + space
                return size, items
    return 0, []


def _draw_legend(surface, lay, app, state) -> None:
    size, items = legend_items(app, lay, state)
    for item in items:
        _paint_icon(surface, state, item.kind, item.icon, 0)
        img = tx.render(app.fonts.get(size), item.text, theme.INK_SOFT)
        surface.blit(img, img.get_rect(midleft=item.box.midleft))


def market_spots(app, lay, state) -> tuple:
    """(label box, spots) of the six souvenir supplies (what Collect can take), right-aligned on
    the Travellers title line in equal columns (a wide count pushes the next one on); each spot
    reaches to the next, so the pointer finds a market anywhere along it. (None, []) when the
    title leaves no room."""
    s, regions = lay.s, len(state.world.regions)
    line = _title_line(lay.players, s)
    title = _text_width(app, app.t("voyage.players_title"), line, _title_px(s), True)
    left = line.left + title + px(10, s)
    size = px(12, s)
    per = size + px(26, s)
    x = line.right - per * regions
    if x < left:
        return None, []
    label = pygame.Rect(left, line.top, x - left - px(4, s), line.height)
    spots = []
    for i in range(regions):
        spot = _spot(app, ("market", i), x, line, size, str(state.supply[i]), max(3, size // 2))
        x = max(spot.rect.right, line.right - per * (regions - i - 1))
        spots.append(spot._replace(rect=pygame.Rect(spot.rect.left, line.top, x - spot.rect.left, line.height)))
    return label, spots


def _draw_markets(surface, lay, app, state) -> None:
    """The markets' label (shortened, else left out, where it does not fit) and each cube with
    its count, faint when empty."""
    label, spots = market_spots(app, lay, state)
    if label is None:
        return
    size = px(13, lay.s)
    text = next((t for t in (app.t("voyage.markets"), app.t("voyage.markets_short")) if whole(app, t, label, size)),
                None)
    if text is not None:
        tx.draw_line(surface, app.fonts, text, label, size, theme.INK_SOFT, align="right")
    for spot in spots:
        n = held(state, None, spot.what)
        cube(surface, spot.icon, state.world.regions[spot.what[1]])
        _paint_count(surface, app, spot, str(n), theme.INK if n else theme.DISABLED_INK)


class RowLines(NamedTuple):
    top: pygame.Rect  # the name (on three lines, then the kind and city), the score at its right
    suitcase: pygame.Rect
    souvenirs: pygame.Rect
    three: bool


def _row_lines(app, state, row: pygame.Rect, s: float) -> RowLines:
    """Name (and kind, city) / suitcase / souvenirs by region; a row too short for three lines
    puts the souvenirs after the name instead of the kind and city."""
    x = row.left + _pawn_size(row, s) + px(10, s)
    three = row.height >= px(THREE_LINE_ROW, s)
    line_h = (row.height - px(7, s)) // (3 if three else 2)
    top = pygame.Rect(x, row.top + px(2, s), row.right - x - px(SCORE_W, s) - px(6, s), line_h)
    suitcase = pygame.Rect(x, top.bottom + px(2, s), row.right - x - px(6, s), line_h)
    if three:
        return RowLines(top, suitcase, suitcase.move(0, line_h + px(1, s)), True)
    after = top.left + _name_width(app, state, top) + px(8, s)
    return RowLines(top, suitcase, pygame.Rect(after, top.top, top.right - after, top.height), False)


def _pawn_size(row: pygame.Rect, s: float) -> int:
    return min(row.height - px(6, s), px(44, s))


def _player_row(surface, row, s, app, state, seat, current: bool, score: int, kind: str) -> None:
    if current:
        pygame.draw.rect(surface, CURRENT, row, border_radius=px(8, s))
        pygame.draw.rect(surface, theme.GOLD, row, max(1, px(2, s)), border_radius=px(8, s))
    size = _pawn_size(row, s)
    surface.blit(pawn(seat, size), (row.left + px(4, s), row.centery - size // 2))
    lines = _row_lines(app, state, row, s)
    top = lines.top
    tx.draw_line(surface, app.fonts, str(score), _score_box(row, top, s), int(min(top.height * 1.1, row.height * 0.46)),
                 theme.RED, bold=True, align="right")
    info = state.seats[seat]
    name = top if lines.three else pygame.Rect(top.left, top.top, _name_width(app, state, top), top.height)
    used = tx.draw_line(surface, app.fonts, info.name, name, int(top.height * 0.9), theme.INK, bold=True, align="left")
    rest = pygame.Rect(used.right + px(8, s), top.top, top.right - used.right - px(8, s), top.height)
    if lines.three and rest.width > px(40, s):
        where = f"{kind}{app.t('sep')}{city_name(app, state.world, state.positions[seat])}"
        tx.draw_line(surface, app.fonts, where, rest, int(top.height * 0.72), theme.INK_SOFT, align="left")
    souvenirs(surface, lines.souvenirs, s, app, state, seat)
    _suitcase(surface, lines.suitcase, s, app, state, seat)


def _score_box(row: pygame.Rect, top: pygame.Rect, s: float) -> pygame.Rect:
    score_w = px(SCORE_W, s)
    return pygame.Rect(row.right - score_w - px(6, s), row.top, score_w, top.height + px(4, s))


def score_rect(app, lay, state, seat: int) -> pygame.Rect:
    """Where a traveller's score is drawn, at the right of its row's first line."""
    row = lay.row_rects(len(state.seats))[seat]
    return _score_box(row, _row_lines(app, state, row, lay.s).top, lay.s)


def _name_width(app, state, top: pygame.Rect) -> int:
    """The widest traveller's name on a first line (at most 40 % of it): two-line rows start
    their souvenirs there, so the regions line up from row to row."""
    font = app.fonts.get(int(top.height * 0.9), True)
    return min(max(font.size(seat.name)[0] for seat in state.seats), int(top.width * 0.4))


def row_spots(app, lay, state, seat: int) -> list:
    """Every icon with its count on a traveller's row, where it is drawn (hover finds them)."""
    row = lay.row_rects(len(state.seats))[seat]
    lines = _row_lines(app, state, row, lay.s)
    return suitcase_spots(app, state, seat, lines.suitcase, lay.s) + souvenir_spots(state, lines.souvenirs)


def held(state, seat, what: tuple) -> int:
    """How many of a Spot's subject the traveller has; for a market, how many it has left (no
    seat needed)."""
    kind = what[0]
    if kind == "market":
        return state.supply[what[1]]
    if kind == "money":
        return state.money[seat]
    if kind == "tokens":
        return state.tokens[seat]
    if kind == "hand":
        return len(state.hands[seat])
    if kind == "destinations":
        dests = state.cards.destinations
        return sum(dests[d].colour == what[1] for d in state.visited[seat])
    return state.souvenirs[seat][what[1]]


def souvenir_spots(state, line: pygame.Rect) -> list:
    """Each region's column of a souvenirs line, its cube at the left and the count after it."""
    per = line.width // len(state.world.regions)
    icon = max(6, min(int(line.height * 0.75), per // 3))
    gap = max(1, icon // 6)
    out = []
    for i in range(len(state.world.regions)):
        column = pygame.Rect(line.left + i * per, line.top, per, line.height)
        cube_box = pygame.Rect(column.left, line.centery - icon // 2, icon, icon)
        out.append(Spot(("souvenirs", i), column, cube_box,
                        pygame.Rect(cube_box.right + gap, line.top, per - icon - gap, line.height)))
    return out


def souvenirs(surface, line: pygame.Rect, s, app, state, seat) -> pygame.Rect:
    """Each region's cubes: its colour, the count, and three pips for the set being filled (a set
    is SOUVENIR_SET cubes; one just completed shows all three, not none); a region with none is
    drawn faint. Returns the rect used."""
    spots = souvenir_spots(state, line)
    for spot in spots:
        _paint_souvenirs(surface, app, state, seat, spot)
    return spots[0].rect.unionall([spot.rect for spot in spots])


def _paint_souvenirs(surface, app, state, seat, spot: Spot) -> None:
    region = state.world.regions[spot.what[1]]
    n, box = held(state, seat, spot.what), spot.icon
    if n:
        cube(surface, box, region)
    else:
        pygame.draw.rect(surface, rgb_of(region.rgb), box, max(1, box.width // 6), border_radius=max(1, box.width // 5))
        shapes.draw(surface, region.symbol, box.center, box.width * 0.3, rgb_of(region.rgb), None)
    _paint_count(surface, app, spot, str(n), theme.INK if n else theme.DISABLED_INK)
    pip, centres = _pips(app, spot, n)
    filled = (n - 1) % SOUVENIR_SET + 1 if n else 0
    for k, centre in enumerate(centres):
        if k < filled:
            pygame.draw.circle(surface, rgb_of(region.rgb), centre, pip)
        pygame.draw.circle(surface, PAWN_EDGE, centre, pip, 1)


def _pips(app, spot: Spot, n: int) -> tuple:
    """(radius, centres) of the pips after a souvenir count for the set being filled; no centres
    when the column has no room for them (the count stands alone)."""
    pip = max(2, spot.icon.width // 6)
    x0 = spot.count.left + _count_width(app, spot.count, str(n)) + max(2, pip // 2)
    if x0 + SOUVENIR_SET * (pip * 2 + 1) > spot.rect.right:
        return pip, []
    return pip, [(x0 + pip + k * (pip * 2 + 1), spot.rect.centery) for k in range(SOUVENIR_SET)]


def suitcase_spots(app, state, seat: int, line: pygame.Rect, s: float) -> list:
    """Money, tokens and hand size, then the destinations visited of each colour, left to right;
    one with no room left on the line for it whole is left out."""
    size = max(8, int(line.height * 0.8))
    spots, x = [], line.left
    for what in SUITCASE + tuple(("destinations", colour) for colour in state.cards.colours):
        gap = max(3, size // 2) + (px(4, s) if what == ("hand",) else 0)  # the destinations a little apart
        spot = _spot(app, what, x, line, size, str(held(state, seat, what)), gap)
        if spot.rect.right - gap > line.right:
            break
        spots.append(spot._replace(rect=spot.rect.clip(line)))
        x = spot.rect.right
    return spots


def _paint_icon(surface, state, kind: str, r: pygame.Rect, which) -> None:
    """A row's icon: a coin, a ticket, a card back, a destination colour's square (`which`) or a
    souvenir cube (the first region's: the legend's)."""
    if kind == "money":
        coin(surface, r.center, r.width // 2)
    elif kind == "tokens":
        ticket(surface, r.inflate(0, -r.height // 3))
    elif kind == "hand":
        card_back(surface, r.inflate(-r.width // 4, 0))
    elif kind == "destinations":
        colour = which if which in state.cards.colours else next(iter(state.cards.colours))
        colour_chip(surface, r.inflate(-r.width // 6, -r.height // 6), state.cards.colours[colour])
    else:
        cube(surface, r, state.world.regions[0])


def _suitcase(surface, line, s, app, state, seat) -> None:
    """Money, tokens, hand size, destinations by colour."""
    for spot in suitcase_spots(app, state, seat, line, s):
        n, kind = held(state, seat, spot.what), spot.what[0]
        _paint_icon(surface, state, kind, spot.icon, spot.what[1] if kind == "destinations" else 0)
        _paint_count(surface, app, spot, str(n), theme.INK if n or kind != "destinations" else theme.DISABLED_INK)


def breakdown_text(app, state, seat: int) -> list:
    """The lines of a player's score tooltip: each part of the score, then the total (its note,
    `voyage.breakdown.as_if_over`, says money and tokens count from the start)."""
    parts = state.breakdown(seat)
    lines = [state.seats[seat].name]
    lines += [f"{app.t('voyage.breakdown.' + k)}  {parts[k]}" for k in BREAKDOWN]
    lines.append(f"{app.t('voyage.breakdown.total')}  {sum(parts.values())}")
    return lines


def spot_tooltip(app, state, seat, spot: Spot) -> list:
    """A row's icon or a market in words: what it counts, what it is for, what it is worth (a
    new player could only guess at a coin, a ticket and coloured squares); a market needs no seat."""
    return _SPOT_TIPS[spot.what[0]](app, state, spot, held(state, seat, spot.what))


def _money_tip(app, state, spot, n: int) -> list:
    t, money = app.t, partial(counted, app, "money")
    return [t("voyage.row_tip.money", n=money(n)),
            t("voyage.row_tip.money_use" if state.edition >= 2 else "voyage.row_tip.money_use_city",  # fee's reach
              visit=money(VISIT_PRICE), fee=money(CROWDING_FEE),
              souvenir=money(SOUVENIR_PRICE), price=money(BUY_PRICE), cards=BUY_CARDS),
            t("voyage.row_tip.money_worth", per=money(MONEY_PER_POINT),
              points=counted(app, "points", n // MONEY_PER_POINT))]


def _tokens_tip(app, state, spot, n: int) -> list:
    t = app.t
    return [t("voyage.row_tip.tokens", n=n), t("voyage.row_tip.tokens_use"),
            t("voyage.row_tip.tokens_worth", points=counted(app, "points", n))]


def _hand_tip(app, state, spot, n: int) -> list:
    t = app.t
    return [t("voyage.row_tip.hand", n=n), t("voyage.row_tip.hand_use"),
            t("voyage.row_tip.hand_worth", limit=HAND_LIMIT)]


def _destinations_tip(app, state, spot, n: int) -> list:
    t, what = app.t, spot.what
    colour = colour_name(app, what[1])
    most = sum(state.cards.destinations[d].colour == what[1] for d in state.cards.destination_ids)
    steps = [c for c in range(1, most + 1) if colour_set_points(c) > colour_set_points(c - 1)]
    ladder = app.i18n.join([t("voyage.row_tip.set_step", n=c, points=counted(app, "points", colour_set_points(c)))
                            for c in steps])  # 3 -> 5 points, 6 -> 12, ... as the rules count them
    theme_name = app.i18n.pick(state.cards.colours[what[1]].theme)
    return [t("voyage.row_tip.destinations", theme=theme_name, colour=colour, n=n),
            t("voyage.row_tip.destinations_use", ladder=ladder),
            t("voyage.row_tip.destinations_worth", colour=colour, points=counted(app, "points", colour_set_points(n)))]


def _souvenirs_tip(app, state, spot, n: int) -> list:
    t, region = app.t, region_name(app, state.world, state.world.regions[spot.what[1]].id)
    lines = [t("voyage.row_tip.souvenirs", region=region, n=n),
             t("voyage.row_tip.souvenirs_use", set=SOUVENIR_SET, points=counted(app, "points", SOUVENIR_SET_POINTS),
               region=region, price=counted(app, "money", SOUVENIR_PRICE))]
    if _pips(app, spot, n)[1]:  # only where they are drawn
        lines.append(t("voyage.row_tip.souvenirs_dots"))
    return lines + [t("voyage.row_tip.souvenirs_worth", set=SOUVENIR_SET, sets=n // SOUVENIR_SET,
                      points=counted(app, "points", n // SOUVENIR_SET * SOUVENIR_SET_POINTS))]


def _market_tip(app, state, spot, n: int) -> list:
    """Whose market it is, what Collect takes from it and needs (rules.py), and what refills it."""
    i, t = spot.what[1], app.t
    region = region_name(app, state.world, state.world.regions[i].id)
    return [t("voyage.market_tip.title", region=region, n=n),
            t("voyage.market_tip.use", region=region, price=counted(app, "money", SOUVENIR_PRICE),
              button=t("voyage.buttons.collect", price=SOUVENIR_PRICE)),
            t("voyage.market_tip.refill", region=region, stock=state.stock[i])]


_SPOT_TIPS = {"money": _money_tip, "tokens": _tokens_tip, "hand": _hand_tip, "destinations": _destinations_tip,
              "souvenirs": _souvenirs_tip, "market": _market_tip}


def tooltip(app, s: float, lines: list, note: str = "", width: int = 0) -> pygame.Surface:
    """`lines` (the first and last bold), then `note` wrapped in grey to the same width; with a
    `width`, a line wider than that wraps too (a row icon's tooltip explains in sentences)."""
    font, bold = app.font(px(15, s)), app.font(px(15, s), True)
    imgs = []
    for i, line in enumerate(lines):
        face = bold if i in (0, len(lines) - 1) else font
        imgs += [tx.render(face, part, theme.INK) for part in (tx.wrap(face, line, width) if width else [line])]
    pad = px(10, s)
    if note:
        small = app.font(px(13, s))
        width = max(max(i.get_width() for i in imgs), px(240, s))
        imgs += [tx.render(small, line, theme.INK_SOFT) for line in tx.wrap(small, note, width)]
    w = max(i.get_width() for i in imgs) + 2 * pad
    h = sum(i.get_height() for i in imgs) + 2 * pad
    surf = surfaces.new((w, h), alpha=True)
    theme.panel(surf, surf.get_rect(), s, with_shadow=False)
    y = pad
    for img in imgs:
        surf.blit(img, (pad, y))
        y += img.get_height()
    return surf


# -- destination cards ---------------------------------------------------------------------
def draw_display(surface, lay, app, state, hover, here_dest, deck_left: int, unseen=frozenset()) -> None:
    """The destinations on display but those still being turned face up (`unseen`)."""
    s = lay.s
    theme.panel(surface, lay.display, s, with_shadow=False)
    title = app.t("voyage.display_title", n=deck_left)
    panel_title(surface, app, lay.display, s, title)
    for dest, rect in zip(state.display, lay.display_slots(len(state.display))):
        if dest not in unseen:
            draw_destination(surface, rect, s, app, state, dest, hover=dest == hover, here=dest == here_dest)


def draw_destination(surface, rect, s, app, state, dest: int, hover=False, here=False) -> None:
    """A landmark card: its colour band, name, city and region, points and reward."""
    d = state.cards.destinations[dest]
    colour = rgb_of(state.cards.colours[d.colour].rgb)
    r = px(8, s)
    pygame.draw.rect(surface, theme.WHITE if hover else theme.CREAM, rect, border_radius=r)
    band = pygame.Rect(rect.left, rect.top, max(4, px(9, s)), rect.height)
    pygame.draw.rect(surface, colour, band, border_top_left_radius=r, border_bottom_left_radius=r)
    symbol = state.cards.colours[d.colour].symbol  # the band's colour by shape too, not by colour alone
    shapes.draw(surface, symbol, (band.centerx, rect.bottom - band.width), band.width * 0.5)
    edge = theme.GOLD if here else (theme.GOLD_DARK if hover else theme.PAPER_EDGE)
    pygame.draw.rect(surface, edge, rect, max(2, px(3 if here or hover else 1, s)), border_radius=r)
    badge = max(8, min(px(13, s), rect.height // 4))
    centre = (rect.right - badge - px(4, s), rect.top + badge + px(4, s))
    pygame.draw.circle(surface, colour, centre, badge)
    tx.draw_line(surface, app.fonts, str(d.points), pygame.Rect(0, 0, badge * 2, badge * 2).move(
        centre[0] - badge, centre[1] - badge), int(badge * 1.4), theme.WHITE, bold=True)
    inner = pygame.Rect(band.right + px(5, s), rect.top + px(3, s), rect.right - band.right - px(8, s),
                        rect.height - px(6, s))
    title, city = dest_name(app, state.cards, dest), city_name(app, state.world, d.city)
    line_h = inner.height // 3
    name = pygame.Rect(inner.left, inner.top, inner.width - 2 * badge - px(6, s), line_h)
    one_line = whole(app, title, name, int(line_h * 0.8), True, NAME_LEAST)
    # a long name takes two rows of four, so the city and region and the theme keep theirs
    row = line_h if one_line else inner.height // 4
    small = int(line_h * 0.62)
    if one_line:
        tx.draw_line(surface, app.fonts, title, name, int(line_h * 0.8), theme.INK, bold=True, align="left")
    else:
        name = pygame.Rect(name.left, inner.top, name.width, row * 2)
        tx.draw_block(surface, app.fonts, title, name, _two_line_px(app, title, name, int(line_h * 0.72)),
                      theme.INK, bold=True, align="left")
    where = pygame.Rect(inner.left, name.bottom, inner.width, row)
    last = pygame.Rect(inner.left, where.bottom, inner.width, inner.bottom - where.bottom)
    if d.reward is not None:
        last.width -= _reward_badge(surface, app, state, d, last, s).width + px(4, s)
    text = f"{city}{app.t('sep')}{region_name(app, state.world, d.region)}"
    # the region counts (its souvenirs, its crowding fee): shrink more before saying the city alone
    tx.draw_line(surface, app.fonts, text if whole(app, text, where, small, least=0.7) else city, where, small,
                 theme.INK_SOFT, align="left")
    tx.draw_line(surface, app.fonts, app.i18n.pick(state.cards.colours[d.colour].theme), last,
                 small, colour, bold=True, align="left")


def whole(app, text: str, rect: pygame.Rect, size: int, bold: bool = False, least: float = LEAST) -> bool:
    """Whether `text` fits `rect` on one line, shrunk to no less than `least` of `size`."""
    return tx.fit_line(app.fonts, text, rect.width, rect.height, size, bold, least)[1] == text


def _two_line_px(app, title: str, rect: pygame.Rect, size: int) -> int:
    """The largest font size (down to 60%) at which `title` wraps into `rect` with every word
    whole: a word is never broken across the lines ("Neuschwanst-ein")."""
    words = re.findall(r"[^\s\u3000-\u9fff\uff00-\uffef]+", title)  # Chinese may break anywhere
    smallest = max(8, int(size * 0.6))
    for px_size in range(size, smallest, -1):
        font = app.fonts.get(px_size, True)
        if (all(font.size(w)[0] <= rect.width for w in words)
                and len(tx.wrap(font, title, rect.width)) * font.get_linesize() <= rect.height):
            return px_size
    return smallest


def _reward_badge(surface, app, state, d, line: pygame.Rect, s: float) -> pygame.Rect:
    """A destination's instant reward in short, right-aligned on `line`: "+2" and a coin, a card or a
    cube of the region's colour (the tooltip says it in words)."""
    reward = d.reward
    size = max(8, int(line.height * 0.8))
    font = app.font(max(9, int(line.height * 0.78)), True)
    img = tx.render(font, f"+{reward.amount}", theme.TEAL)
    box = pygame.Rect(0, 0, img.get_width() + px(3, s) + size, line.height)
    box.midright = line.midright
    surface.blit(img, img.get_rect(midleft=box.midleft))
    icon = pygame.Rect(box.right - size, line.centery - size // 2, size, size)
    if reward.kind == "money":
        coin(surface, icon.center, size // 2)
    elif reward.kind == "card":
        card_back(surface, icon.inflate(-size // 4, 0))
    else:
        cube(surface, icon.inflate(-2, -2), state.world.region[d.region])
    return box


# -- itinerary cards -----------------------------------------------------------------------
def draw_hand(surface, lay, app, state, cards: list, title: str, selected, playable, hover, empty_note="",
              coming=frozenset()) -> None:
    """The hand on show, its places kept for the cards still being turned face up (`coming`)."""
    s = lay.s
    theme.panel(surface, lay.hand, s, with_shadow=False)
    panel_title(surface, app, lay.hand, s, title)
    if empty_note:
        area = lay.hand_slots(1)[0]
        tx.draw_block(surface, app.fonts, empty_note, pygame.Rect(area.left, area.top, lay.hand.width - px(16, s),
                      area.height), px(16, s), theme.INK_SOFT, align="left")
    for card, rect in zip(cards, lay.hand_slots(len(cards))):
        if card in coming:
            continue
        if card == UNKNOWN:
            card_back(surface, rect)
            continue
        lift = px(4, s) if card == selected else 0
        draw_itinerary(surface, rect.move(0, -lift), s, app, state.cards, card, selected=card == selected,
                       dim=playable is not None and card not in playable, hover=card == hover)


def fare_badge(rect: pygame.Rect, s: float) -> pygame.Rect:
    """Where an itinerary card drawn in `rect` shows its fare coin (a guided game points at it)."""
    face = rect.inflate(-max(4, rect.width // 7), -max(4, rect.width // 7))
    coin = max(px(9, s), rect.width // 6)
    return pygame.Rect(face.right - 2 * coin + px(1, s), face.top - px(1, s), 2 * coin, 2 * coin)


def draw_itinerary(surface, rect, s, app, cards, card: int, selected=False, dim=False, hover=False) -> None:
    """A card in its colour: steps big in the middle, or the special's name."""
    it = cards.itineraries[card]
    colour = rgb_of(cards.colours[it.colour].rgb)
    r = px(8, s)
    if dim:
        colour = tuple((c + 2 * g) // 3 for c, g in zip(colour, theme.DISABLED))
    pygame.draw.rect(surface, colour, rect, border_radius=r)
    face = rect.inflate(-max(4, rect.width // 7), -max(4, rect.width // 7))
    face.height -= rect.height // 5
    pygame.draw.rect(surface, theme.CREAM if not hover else theme.WHITE, face, border_radius=max(2, r // 2))
    edge = SELECTED if selected else PAWN_EDGE
    pygame.draw.rect(surface, edge, rect, max(1, px(4 if selected else 1, s)), border_radius=r)
    ink = theme.DISABLED_INK if dim else theme.INK
    if it.kind == PLAIN:
        tx.draw_line(surface, app.fonts, str(it.steps), face.inflate(-px(4, s), -face.height // 5),
                     int(face.height * 0.62), ink, bold=True)
    else:  # a special says its name on the face; the foot names its colour like every card's
        name, room = app.i18n.pick(cards.specials[it.kind].name), face.inflate(-px(6, s), 0)
        size = int(face.height * 0.3)
        while size > 8 and max(app.fonts.get(size, True).size(word)[0] for word in name.split()) > room.width:
            size -= 1  # each word whole on its line ("Express", not "Expres / s")
        tx.draw_block(surface, app.fonts, name, room, size, ink, bold=True)
    if it.money:  # the fare a move with this card pays, as a coin in the corner
        badge = fare_badge(rect, s)
        coin, centre = badge.width // 2, badge.center
        pygame.draw.circle(surface, theme.GOLD, centre, coin)
        pygame.draw.circle(surface, theme.GOLD_DARK, centre, coin, max(1, px(2, s)))
        tx.draw_line(surface, app.fonts, f"+{it.money}", pygame.Rect(0, 0, coin * 2, coin * 2).move(
            centre[0] - coin, centre[1] - coin), int(coin * 1.1), theme.INK, bold=True)
    foot = pygame.Rect(rect.left + px(2, s), face.bottom, rect.width - px(4, s), rect.bottom - face.bottom)
    tx.draw_line(surface, app.fonts, colour_name(app, it.colour), foot, int(foot.height * 0.7), theme.WHITE, bold=True)


def destination_tooltip(app, state, dest: int, steps) -> list:
    """A displayed destination in full: name, where, theme and points, reward, and how far it is."""
    d = state.cards.destinations[dest]
    lines = [dest_name(app, state.cards, dest),
             f"{city_name(app, state.world, d.city)}{app.t('sep')}{region_name(app, state.world, d.region)}",
             f"{app.i18n.pick(state.cards.colours[d.colour].theme)}{app.t('sep')}{counted(app, 'points', d.points)}"]
    if d.reward is not None:
        lines.append(app.i18n.pick(d.reward.text))
    if steps is not None:
        lines.append(app.t("voyage.steps_away", steps=counted(app, "steps", steps)) if steps else app.t("voyage.here"))
    return lines


def card_tooltip(app, cards, card: int) -> list:
    """A hand card's full description: name and what it does."""
    return [card_name(app, cards, card), card_effect(app, cards, card),
            app.t("voyage.pays_for", colour=colour_name(app, cards.itineraries[card].colour))]
