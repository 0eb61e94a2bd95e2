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

from ...ui.theme import px, scale
from .cards import RATIO, card_height

BUTTONS = ("ff", "undo", "save", "rules", "menu")
REPLAY_BUTTONS = ("prev", "play", "next")
COLOURS = 6
FAN = 0.48  # fanned cards overlap so that each one's value badge shows
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

    def stack_slots(self, colour: int, count: int) -> list:
        """Card rects of one colour stack of `count` cards, fanned downwards."""
        column, mini_w = self.stacks[colour], self.mini_w
        ch = card_height(mini_w)
        top = column.top + self.crown_h
        room = column.bottom - top - ch
        step = min(int(mini_w * FAN), room // max(1, count - 1)) if count > 1 else 0
        x = column.centerx - mini_w // 2
        return [pygame.Rect(x, top + i * max(0, step), mini_w, ch) for i in range(count)]


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
        """(card width, [rect]) for `count` cards, head first; overlaps, then wraps."""
        area = self.parade
        cw, per_row, step, gap = self._parade_grid(count)
        ch = card_height(cw)
        rects = []
        for i in range(max(1, count)):
            r, c = divmod(i, per_row)
            x = area.left + int(c * step)
            y = area.top + self.parade_label_h + r * (ch + gap)
            rects.append(pygame.Rect(x, y, cw, ch))
        return cw, rects

    def _parade_grid(self, count: int) -> tuple:
        """(card width, cards per row, step between cards, gap between rows)."""
        area = self.parade
        avail_h = area.height - self.parade_label_h
        gap = max(4, px(8, self.s))
        count = max(1, count)
        for rows in (1, 2, 3):
            ch = (avail_h - (rows - 1) * gap) // rows
            cw = min(int(ch / RATIO), px(120, self.s))
            per_row = math.ceil(count / rows)
            step = cw + gap if per_row == 1 else min(cw + gap, (area.width - cw) / (per_row - 1))
            if step >= cw * 0.52 or rows == 3:
                break
        return cw, per_row, max(step, 1), gap

    @property
    def parade_label_h(self) -> int:
        return px(24, self.s)

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

    # -- repaint regions -------------------------------------------------------------
    def regions(self) -> dict:
        """Disjoint areas the scene repaints independently, each covering all that its
        part draws (shadows, glows, lifted cards), so repainting one never touches another."""
        s, window = self.s, pygame.Rect((0, 0), self.size)
        out = {"status": self.status, "buttons": _union(self.buttons.values(), px(16, s)).clip(window)}
        seats = [box.rect.inflate(px(8, s), px(8, s)) for box in self.seats]
        out["buttons"].height = max(0, min(out["buttons"].bottom, seats[0].top) - out["buttons"].top)
        for i, rect in enumerate(seats):
            out[("seat", i)] = rect
        seats_bottom = max(r.bottom for r in seats)
        split = self.tray.top - self.margin // 2
        out["row"] = pygame.Rect(self.tray.left, seats_bottom, self.tray.width, split - seats_bottom)
        if self.replay:
            out["info"] = self.info
            out["replay"] = _union(self.replay.values(), px(16, s))
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


def _union(rects, grow: int) -> pygame.Rect:
    rects = [pygame.Rect(r).inflate(grow, grow) for r in rects]
    return rects[0].unionall(rects[1:])


def compute(size: tuple, players: int, replay: bool = False) -> Layout:
    w, h = size
    s = scale(size)
    m = px(12, s)
    top = pygame.Rect(m, m // 2, w - 2 * m, px(50, s))
    bw, bgap = px(104, s), px(8, s)
    buttons, x = {}, top.right
    for name in reversed(BUTTONS):
        width = bw if name != "ff" else px(64, s)
        x -= width
        buttons[name] = pygame.Rect(x, top.top + px(6, s), width, top.height - px(12, s))
        x -= bgap
    status = pygame.Rect(top.left + px(6, s), top.top, x - top.left - px(12, s), top.height)

    body_top = top.bottom + m // 2
    side_w = int(min(max(w * 0.21, px(250, s)), px(380, s)))
    side = pygame.Rect(w - m - side_w, body_top, side_w, h - m - body_top)
    live_h = px(44, s) + px(20, s) * (players + 1) + px(8, s)
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
        col_w = inner_w // COLOURS
        crown_h = px(16, s)
        hand = pygame.Rect(header.left, header.bottom, header.width, 0)
        if replay:
            hand.height = (rect.bottom - header.bottom) // 3
        top = hand.bottom + px(2, s)
        column_h = rect.bottom - pad // 2 - top - crown_h
        # room for a card and two or three more fanned above it, each showing its value
        mini_w = max(16, min(int(col_w * 0.86), px(56, s), int(column_h / (RATIO + 2.5 * FAN))))
        # stacks never need more height than a full fan of 11 cards
        stacks = [pygame.Rect(header.left + i * col_w, top, col_w, rect.bottom - pad // 2 - top) for i in range(COLOURS)]
        boxes.append(SeatBox(rect, header, hand, stacks, mini_w, crown_h))
    return boxes
