"""Where the results' score table puts every collected card: pure geometry (Rects only),
from the space, the piles and the size of a card's value corner.

One row a player, one column a colour; a cell holds that pile, fanned to the right, and its
points pill. Every card leaves the value corner of the one before it in sight: a pile too
long for one line of cards goes on in a second or third line below (the corners of a line
show above the next), and a row or column that needs more room takes it from the others
(room left over goes first to short piles in such a row, so that they need not wrap too).
A colour has 11 cards, so a column holds at most one long pile. The cards are the largest
for which all of that fits (or a little narrower, if that spares a line of cards), up to the
size a table of short piles always had: a pile of 6 at 1920x1080 showed half of each value,
and narrower cards everywhere were too small at 1024x640 (QA).
"""

from __future__ import annotations

import functools
import itertools
import math
from dataclasses import dataclass

import pygame

from ...ui.theme import px
from .cards import RATIO, card_height

CARD, ROW, LOWEST_ROW = 40, 86, 18  # unscaled: the widest card, the tallest and lowest even row
SMALLEST = 26  # unscaled: cards get no narrower than this to fit long piles
PILL, MARGIN, GAP = (40, 26), 4, 2  # unscaled: a points pill, a cell's margin (both sides), the gap before its pill
FAN = 0.62  # a pile with room to spare steps by this much of a card's width
LINES = 3  # lines of cards a cell may hold
NARROWER = 0.9  # cards may be this much narrower than the widest that fit if that saves lines of cards


@dataclass
class ScoreTable:
    card_w: int
    corner: tuple  # (width, height) of a card's value corner
    columns: list  # (left, width) of each colour's column
    rows: list  # (top, height) of each player's row
    margin: int
    gap: int
    pill_w: int
    pill_h: int

    def cell(self, seat: int, colour: int) -> pygame.Rect:
        (left, width), (top, height) = self.columns[colour], self.rows[seat]
        return pygame.Rect(left, top, width, height).inflate(-self.margin, -self.margin)

    def room(self, seat: int, colour: int) -> pygame.Rect:
        """The part of a cell the cards lie in, left of the pill."""
        cell = self.cell(seat, colour)
        return pygame.Rect(cell.left, cell.top, cell.width - self.pill_w - self.gap, cell.height)

    def pill(self, seat: int, colour: int) -> pygame.Rect:
        """Where a cell's points go: at its right, halfway down."""
        cell = self.cell(seat, colour)
        pill = pygame.Rect(cell.right - self.pill_w, 0, self.pill_w, min(cell.height, self.pill_h))
        pill.centery = cell.centery
        return pill

    def pile(self, seat: int, colour: int, count: int) -> list:
        """Rects of a pile's `count` cards in drawing order, centred in the cell: in the fewest
        lines of those its row holds that leave every value in sight (a table that could not
        fit its piles, see `plan`, squeezes them into all the lines)."""
        room, w = self.room(seat, colour), self.card_w
        step_x, step_y = self.corner
        most = max(1, min(LINES, 1 + (room.height - card_height(w)) // step_y))
        lines = next((n for n in range(1, most) if _fan_width(count, n, w, step_x) <= room.width), most)
        per_line = math.ceil(count / lines)
        if per_line > 1:
            step_x = max(0, min(max(step_x, int(w * FAN)), (room.width - w) // (per_line - 1)))
        top = room.centery - (card_height(w) + (lines - 1) * step_y) // 2
        return [pygame.Rect(room.left + (i % per_line) * step_x, top + (i // per_line) * step_y, w, card_height(w))
                for i in range(count)]


def plan(area: pygame.Rect, s: float, counts: list, corner) -> ScoreTable:
    """The table in `area` for `counts` (per player, per colour); `corner(width)` is a card's
    value corner. Rows and columns are as even as the piles allow. If even the smallest cards
    cannot show every value, the even table of the widest cards, its long piles squeezed."""
    spacing = px(MARGIN, s), px(GAP, s), px(PILL[0], s), px(PILL[1], s)
    margin, gap, pill_w, _ = spacing
    even = max(px(LOWEST_ROW, s), min(px(ROW, s), area.height // len(counts)))
    widest = max(12, int(min(px(CARD, s), (even - margin) / RATIO)))

    @functools.cache
    def sizes(w: int):
        return _sizes(counts, w, corner(w), area, margin + pill_w + gap, margin)

    smallest = min(widest, px(SMALLEST, s))
    low, high = smallest, widest  # a card fits in less room than a wider one
    if sizes(low) is None:
        colours = len(counts[0])
        return ScoreTable(widest, corner(widest), _runs(area.left, [area.width // colours] * colours),
                          _runs(area.top, [even] * len(counts)), *spacing)
    while low < high:  # the widest cards that fit
        mid = (low + high + 1) // 2
        low, high = (mid, high) if sizes(mid) is not None else (low, mid - 1)
    # up to NARROWER of that if it spares lines of cards: a pile of 3 wrapped for one pixel more (1024x640)
    w = max(range(max(smallest, math.ceil(low * NARROWER)), low + 1), key=lambda w: (-sum(sizes(w)[2]), w))
    widths, heights, lines = sizes(w)
    widths = _unwrap(counts, lines, widths, w, corner(w)[0], margin + pill_w + gap, area.width)
    return ScoreTable(w, corner(w), _runs(area.left, _even_out(widths, area.width)),
                      _runs(area.top, _even_out(heights, area.height, even)), *spacing)


def _sizes(counts: list, w: int, corner: tuple, area: pygame.Rect, extra_w: int, extra_h: int):
    """(column widths, row heights, lines of cards a row) that cards `w` wide need to show
    every value in `area`, with the fewest lines, or None."""
    step_x, step_y = corner
    choices = [range(1, min(LINES, max(1, *row)) + 1) for row in counts]
    for lines in sorted(itertools.product(*choices), key=sum):
        heights = [card_height(w) + (n - 1) * step_y + extra_h for n in lines]
        if sum(heights) > area.height:
            continue
        widths = [max(_fan_width(count, n, w, step_x) + extra_w for count, n in zip(column, lines))
                  for column in zip(*counts)]
        if sum(widths) <= area.width:
            return widths, heights, lines
    return None


def _unwrap(counts: list, lines: tuple, widths: list, w: int, step: int, extra_w: int, total: int) -> list:
    """The columns widened, the cheapest first while the room lasts, so that the short piles
    in a row of several lines (made for its long pile) need not wrap as well."""
    widths, spare = list(widths), total - sum(widths)
    while True:
        costs = [(grown - width, c) for c, (column, width) in enumerate(zip(zip(*counts), widths))
                 for grown in [_unwrapping(column, lines, width, w, step, extra_w)] if grown - width <= spare]
        if not costs:
            return widths
        cost, c = min(costs)
        widths[c] += cost
        spare -= cost


def _unwrapping(column: tuple, lines: tuple, width: int, w: int, step: int, extra_w: int) -> int:
    """The least width above `width` at which one of a column's piles takes a line fewer
    (infinite if none can)."""
    wider = [_fan_width(count, n, w, step) + extra_w for count, most in zip(column, lines) for n in range(1, most)]
    return min((x for x in wider if x > width), default=math.inf)


def _fan_width(count: int, lines: int, w: int, step: int) -> int:
    """Width of `count` cards in `lines` lines, each stepping `step` from the one before."""
    return w + max(0, math.ceil(count / lines) - 1) * step


def _even_out(needs: list, total: int, most: int | None = None) -> list:
    """Sizes of at least `needs` that share `total` as evenly as they allow, each no larger
    than `most` unless it needs to be: the room to spare goes to the smallest first."""
    left, count = total, len(needs)
    for need in sorted(needs, reverse=True):
        if need * count <= left:
            break
        left, count = left - need, count - 1
    level = left // count if count else 0
    if most is not None:
        level = min(level, most)
    return [max(need, level) for need in needs]


def _runs(start: int, sizes: list) -> list:
    """(start, size) of consecutive spans."""
    out = []
    for size in sizes:
        out.append((start, size))
        start += size
    return out
