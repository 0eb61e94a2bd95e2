"""Where everything on the Parade table goes, computed from the window size.

Pure geometry (pygame Rects only, no drawing), so tests can check that nothing
overlaps or leaves the window from 1024x640 to 2560x1440 with 2 to 6 players.

    +-------------------------------------------+-----------+
    | status                        [buttons ...]            |
    +-------------------------------------------+-----------+
    | seat panels (1 row up to 3 players, 2 rows beyond)    | live    |
    +-------------------------------------------+  panel    |
    | draw pile | Head  parade ...  Tail | slot |-----------|
    +-------------------------------------------+  game log |
    | hand tray (current human) | preview + OK  |           |
    +-------------------------------------------+-----------+
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from ...ui.table_layout import top_bar, union
from ...ui.theme import px, scale
from .cards import RATIO, card_height

REPLAY_BUTTONS = ("prev", "play", "next")
COLOURS = 6
FAN = 0.48  # fanned cards overlap so that each one's value badge shows
LIVE_TITLE, LIVE_CHIPS, LIVE_BLOCK = 28, 22, 46  # live panel: title, colour chips, one player (unscaled)
ROW_SHOWS = 0.5  # each parade card shows at least this much of its width (a whole "10")
SHRINK = 0.8  # a long parade's cards get narrower by this factor at a time
SPREAD = 1.25  # a collection card may be this much wider than its colour's column step,
# the next colour covering a sliver of its right edge (never the value corner)
PILE_LAYERS = 3  # a thick draw pile shows up to three backs behind the top one,
PILE_STEP = 2  # each this many (unscaled) pixels up and to the right


@dataclass
class SeatBox:
    rect: pygame.Rect
    header: pygame.Rect  # name, kind, score, hand count
    hand: pygame.Rect  # face-up hand in replays (empty height otherwise)
    stacks: list  # one column rect per colour (crown strip on top)
    mini_w: int  # collection card width
    crown_h: int

    def moved(self, dx: int, dy: int) -> "SeatBox":
        """The same box drawn with its top-left at an offset (panels render off-screen)."""
        return SeatBox(self.rect.move(dx, dy), self.header.move(dx, dy), self.hand.move(dx, dy),
                       [c.move(dx, dy) for c in self.stacks], self.mini_w, self.crown_h)

    def pile(self, colour: int) -> pygame.Rect:
        """Where the colour's first card sits (its crown is above it, crown_spot)."""
        return self.stack_slots(colour, 1)[0]

    def crown_spot(self, colour: int) -> pygame.Rect:
        """The strip above the colour's first card where its majority crown sits (centred),
        no wider than the column so that neighbouring spots never overlap."""
        pile, column = self.pile(colour), self.stacks[colour]
        spot = pygame.Rect(0, 0, min(self.mini_w, column.width), self.crown_h)
        spot.midtop = (pile.centerx, column.top)
        return spot

    def stack_slots(self, colour: int, count: int) -> list:
        """Card rects of one colour stack of `count` cards, fanned downwards so that each card's
        value shows. A pile too long for the column (late in a game with many players at a
        small size: its values overlapped into a smear, QA) packs its lowest cards (`packed`)
        close together at the top, their edges showing, and fans the rest readably."""
        column, mini_w = self.stacks[colour], self.mini_w
        ch = card_height(mini_w)
        top = column.top + self.crown_h
        room = max(0, column.bottom - top - ch)
        reads = max(1, int(mini_w * FAN))
        x = column.left + (column.width - mini_w) // 2 if mini_w <= column.width else column.left
        packed = self.packed(colour, count)
        if not packed:
            step = min(reads, room // max(1, count - 1)) if count > 1 else 0
            return [pygame.Rect(x, top + i * step, mini_w, ch) for i in range(count)]
        tight = self._tight(packed, count)
        tops = [top + i * tight for i in range(packed)]
        tops += [tops[-1] + (i + 1) * reads for i in range(count - packed)]
        return [pygame.Rect(x, y, mini_w, ch) for y in tops]

    def packed(self, colour: int, count: int) -> int:
        """How many of a pile's lowest cards lie packed at its top (0: every value shows)."""
        column = self.stacks[colour]
        room = max(0, column.bottom - column.top - self.crown_h - card_height(self.mini_w))
        reads = max(1, int(self.mini_w * FAN))
        if count <= 1 + room // reads:
            return 0
        return next((p for p in range(2, count + 1) if (p - 1) * self._tight(p, count) + (count - p) * reads <= room),
                    count)

    def _tight(self, packed: int, count: int) -> int:
        """The step between packed cards: a visible edge each."""
        return max(1, self.mini_w // 12) if packed < count else 0

    def count_chip(self, colour: int, count: int):
        """Where a packed pile says how many cards it holds: on its last card's picture, which
        shows whole; None for a pile whose every value shows."""
        if not self.packed(colour, count):
            return None
        last = self.stack_slots(colour, count)[-1]
        chip = pygame.Rect(0, 0, last.width, max(10, int(self.mini_w * FAN)))
        chip.center = (last.centerx, last.top + last.height * 11 // 20)
        return chip


@dataclass
class LiveRow:
    block: pygame.Rect  # both lines, highlighted for the player to move
    name: pygame.Rect
    score: pygame.Rect
    cells: list  # one per colour: count, or a crown and count for the majority


@dataclass
class Layout:
    size: tuple
    s: float
    margin: int
    top: pygame.Rect
    status: pygame.Rect
    buttons: dict
    side: pygame.Rect
    live: pygame.Rect
    log: pygame.Rect
    seats: list
    parade: pygame.Rect  # the row itself (labels above it inside)
    pile: pygame.Rect
    pile_label: pygame.Rect  # "Deck", clear of the stacked backs
    tray: pygame.Rect
    hand: pygame.Rect  # where the hand cards sit
    info: pygame.Rect  # preview text
    confirm: pygame.Rect
    replay: dict = field(default_factory=dict)  # Prev/Play/Next in replays

    # -- rows of cards -------------------------------------------------------------
    def parade_slots(self, count: int) -> tuple:
        """(card width, [rect]) for `count` cards, head first; overlaps, then wraps.
        Above every row is a strip for the Head/Tail labels and the lift of taken cards."""
        area = self.parade
        cw, per_row, step, gap = self._parade_grid(count)
        ch = card_height(cw)
        rects = []
        for i in range(max(1, count)):
            r, c = divmod(i, per_row)
            x = area.left + int(c * step)
            y = area.top + self.parade_strip + r * (ch + gap)
            rects.append(pygame.Rect(x, y, cw, ch))
        return cw, rects

    def _parade_grid(self, count: int) -> tuple:
        """(card width, cards per row, step between cards, gap between rows): the largest
        cards for which every card still shows its value, in as few rows as that allows."""
        area, s = self.parade, self.s
        strip = self.parade_strip
        gap = strip  # a wrapped row has its own strip for the Tail label and lifted cards
        count = max(1, count)
        best = None
        for rows in (1, 2, 3):
            ch = (area.height - strip - (rows - 1) * gap) // rows
            per_row = math.ceil(count / rows)
            tall = max(1.0, min(ch / RATIO, px(120, s)))  # a tiny window must not make it zero
            wide = max(1.0, area.width / (1 + ROW_SHOWS * (per_row - 1)))
            # narrower in a few steps, not one width per count: each width's faces are cached
            shrink = 0 if wide >= tall else math.ceil(math.log(wide / tall) / math.log(SHRINK))
            cw = int(tall * SHRINK ** shrink)
            if best is None or cw > best[0]:
                best = (cw, per_row)
        cw, per_row = best
        step = cw + px(8, s) if per_row == 1 else min(cw + px(8, s), (area.width - cw) / (per_row - 1))
        return cw, per_row, max(step, 1), gap

    @property
    def parade_label_h(self) -> int:
        return px(22, self.s)

    @property
    def parade_lift(self) -> int:
        """How far taken cards rise in a preview: into the strip, below the labels."""
        return px(10, self.s)

    @property
    def parade_strip(self) -> int:
        return self.parade_label_h + self.parade_lift

    def hand_slots(self, count: int) -> tuple:
        """(card width, [rect]) for the current hand, centred in the hand area."""
        area = self.hand
        lift = px(18, self.s)
        gap = px(12, self.s)
        count = max(1, count)
        cw = min(int((area.height - lift) / RATIO), px(150, self.s), (area.width - (count - 1) * gap) // count)
        total = count * cw + (count - 1) * gap
        x0 = area.centerx - total // 2
        top = area.bottom - card_height(cw)
        return cw, [pygame.Rect(x0 + i * (cw + gap), top, cw, card_height(cw)) for i in range(count)]

    def stack_slots(self, seat: int, colour: int, count: int) -> list:
        return self.seats[seat].stack_slots(colour, count)

    def face_widths(self, cards: int) -> list:
        """Every width card faces are drawn at with up to `cards` in the parade, the likeliest first."""
        parade = [self._parade_grid(n)[0] for n in range(1, cards + 1)]
        hand = [self.hand_slots(n)[0] for n in range(5, 0, -1)] if self.hand.width else []
        return list(dict.fromkeys(parade[:1] + [self.seats[0].mini_w] + hand + parade))

    # -- live score table ------------------------------------------------------------
    def live_table(self) -> tuple:
        """(title, colour chips, [LiveRow]) of the "if it ended now" panel: every player
        takes two lines, the name and score above, the six colour cells below, so names
        get the panel's whole width and the cells are large enough to read."""
        s, rect = self.s, self.live
        inner = rect.inflate(-px(16, s), -px(10, s))
        title = pygame.Rect(inner.left, inner.top, inner.width, px(LIVE_TITLE, s))
        players = len(self.seats)
        room = inner.bottom - title.bottom
        chip_h = min(px(LIVE_CHIPS, s), room // (2 * players + 1))
        block = (room - chip_h) // players
        cell_w = inner.width // COLOURS
        left = inner.left + (inner.width - cell_w * COLOURS) // 2
        chips = [pygame.Rect(left + c * cell_w, title.bottom, cell_w, chip_h) for c in range(COLOURS)]
        score_w = px(54, s)
        rows = []
        for i in range(players):
            top = title.bottom + chip_h + i * block
            line = block * 9 // 20
            name = pygame.Rect(inner.left + px(4, s), top, inner.width - score_w - px(8, s), line)
            score = pygame.Rect(name.right, top, inner.right - name.right - px(4, s), line)
            cells = [pygame.Rect(chip.left, top + line, cell_w, block - line - px(3, s)) for chip in chips]
            rows.append(LiveRow(pygame.Rect(inner.left, top, inner.width, block - px(1, s)), name, score, cells))
        return title, chips, rows

    # -- repaint regions -------------------------------------------------------------
    def regions(self) -> dict:
        """Disjoint areas the scene repaints independently, each covering all that its
        part draws (shadows, glows, lifted cards), so repainting one never touches another."""
        s, window = self.s, pygame.Rect((0, 0), self.size)
        out = {"status": self.status, "buttons": union(self.buttons.values(), px(16, s)).clip(window)}
        seats = [box.rect.inflate(px(8, s), px(8, s)) for box in self.seats]
        out["buttons"].height = max(0, min(out["buttons"].bottom, seats[0].top) - out["buttons"].top)
        for i, rect in enumerate(seats):
            out[("seat", i)] = rect
        seats_bottom = max(r.bottom for r in seats)
        split = self.tray.top - self.margin // 2
        out["row"] = pygame.Rect(self.tray.left, seats_bottom, self.tray.width, split - seats_bottom)
        if self.replay:
            out["info"] = self.info
            out["replay"] = union(self.replay.values(), px(16, s))
        else:
            box = self.info_box
            out["hand"] = pygame.Rect(self.tray.left, split, box.left - self.tray.left, self.tray.bottom - split)
            out["info"] = box.union(self.confirm.inflate(px(16, s), px(16, s)))
        out["live"], out["log"] = self.live, self.log
        return out

    @property
    def info_box(self) -> pygame.Rect:
        """The cream panel behind the preview text and the confirm button."""
        grow = px(8, self.s)
        return self.info.inflate(grow, grow).union(self.confirm.inflate(grow, grow))


def compute(size: tuple, players: int, replay: bool = False) -> Layout:
    w, h = size
    s = scale(size)
    m = px(12, s)
    top, buttons, status = top_bar(w, s, m, px(104, s))
    bgap = px(8, s)

    body_top = top.bottom + m // 2
    side_w = int(min(max(w * 0.21, px(250, s)), px(380, s)))
    side = pygame.Rect(w - m - side_w, body_top, side_w, h - m - body_top)
    live_h = px(10 + LIVE_TITLE + LIVE_CHIPS + LIVE_BLOCK * players + 4, s)
    live = pygame.Rect(side.left, side.top, side.width, min(live_h, side.height // 2))
    log = pygame.Rect(side.left, live.bottom + m, side.width, side.bottom - live.bottom - m)

    left = pygame.Rect(m, body_top, side.left - 2 * m, side.height)
    rows = 1 if players <= 3 else 2
    cols = math.ceil(players / rows)
    tray_h = px(64, s) if replay else int(left.height * (0.27 if rows == 2 else 0.30))
    parade_h = int(left.height * (0.25 if rows == 2 else 0.30))
    seats_h = left.height - tray_h - parade_h - 2 * m
    seat_area = pygame.Rect(left.left, left.top, left.width, seats_h)
    seats = _seat_boxes(seat_area, players, rows, cols, s, m, replay)

    row = pygame.Rect(left.left, seat_area.bottom + m, left.width, parade_h)
    depth = PILE_LAYERS * px(PILE_STEP, s)
    pile_w = min(int((parade_h - px(24, s) - depth) / RATIO * 0.8), px(100, s))
    pile = pygame.Rect(row.left + px(8, s), row.top + px(24, s) + depth, pile_w, card_height(pile_w))
    pile_label = pygame.Rect(pile.left - px(6, s), row.top, pile.width + px(12, s), px(22, s))
    parade = pygame.Rect(pile.right + px(26, s), row.top, row.right - pile.right - px(34, s), row.height)

    tray = pygame.Rect(left.left, row.bottom + m, left.width, left.bottom - row.bottom - m)
    info_w = int(min(max(tray.width * 0.32, px(240, s)), px(360, s)))
    info = pygame.Rect(tray.right - info_w - px(8, s), tray.top + px(8, s), info_w, tray.height - px(16, s))
    confirm = pygame.Rect(0, 0, min(info.width - px(16, s), px(200, s)), px(44, s))
    confirm.midbottom = (info.centerx, info.bottom - px(8, s))
    info.height = confirm.top - info.top - px(4, s)
    hand = pygame.Rect(tray.left + px(12, s), tray.top + px(6, s),
                       info.left - tray.left - px(24, s), tray.height - px(12, s))
    replay_buttons = {}
    if replay:
        rw = px(120, s)
        x = tray.centerx - (3 * rw + 2 * bgap) // 2
        for name in REPLAY_BUTTONS:
            replay_buttons[name] = pygame.Rect(x, tray.top + px(10, s), rw, tray.height - px(20, s))
            x += rw + bgap
        info = pygame.Rect(tray.left + px(12, s), tray.top, replay_buttons["prev"].left - tray.left - px(24, s), tray.height)
        hand = pygame.Rect(tray.left, tray.top, 0, 0)
        confirm = pygame.Rect(tray.right - 1, tray.top, 0, 0)
    return Layout(size, s, m, top, status, buttons, side, live, log, seats, parade, pile, pile_label, tray, hand, info,
                  confirm, replay_buttons)


def _seat_boxes(area: pygame.Rect, players: int, rows: int, cols: int, s: float, m: int, replay: bool) -> list:
    gap = px(10, s)
    bw = (area.width - (cols - 1) * gap) // cols
    bh = (area.height - (rows - 1) * gap) // rows
    boxes = []
    for seat in range(players):
        r, c = divmod(seat, cols)
        rect = pygame.Rect(area.left + c * (bw + gap), area.top + r * (bh + gap), bw, bh)
        pad = px(8, s)
        header = pygame.Rect(rect.left + pad, rect.top + px(4, s), rect.width - 2 * pad, px(30, s))
        inner_w = rect.width - 2 * pad
        crown_h = px(16, s)
        hand = pygame.Rect(header.left, header.bottom, header.width, 0)
        if replay:
            hand.height = (rect.bottom - header.bottom) // 3
        top = hand.bottom + px(2, s)
        bottom = rect.bottom - pad // 2
        # as wide as the columns allow (the next colour may cover a sliver of the right edge),
        # as tall as a card with two or three more fanned below it, each value showing; longer
        # piles overlap more (stack_slots), down to 11 cards
        widest = int(inner_w * SPREAD / (COLOURS - 1 + SPREAD))
        mini_w = max(16, min(widest, px(72, s), int((bottom - top - crown_h) / (RATIO + 2.5 * FAN))))
        col_w = (inner_w - mini_w) // (COLOURS - 1) if mini_w * COLOURS > inner_w else inner_w // COLOURS
        stacks = [pygame.Rect(header.left + i * col_w, top, col_w, bottom - top) for i in range(COLOURS)]
        boxes.append(SeatBox(rect, header, hand, stacks, mini_w, crown_h))
    return boxes
