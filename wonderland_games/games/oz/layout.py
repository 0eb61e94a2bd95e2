"""Where everything on the Lost in Oz table goes, computed from the window size.

Pure geometry (pygame Rects, no drawing), so tests can check that nothing
overlaps or leaves the window from 1024x640 to 2560x1440 with 2 to 4 players.
The board is the largest square that fits above its score road and beside the
panels; the panels stack in one column, or in two when the window is wide
enough (1366x768 and up).

One panel, the turn panel, shows what the table asks for now: the dice while
they are drafted, the walk and the spell choices after (a die once taken is
shown in its owner's player row), so the log keeps the room for a whole turn.

    +-----------------------------------------------------------+
    | status                               [ff undo save rules menu]
    +--------------------------+--------------------------------+
    |    A  B  C  D  E  F      | players              | hand     |
    | 1 [board 6x6       ]     | turn: dice/controls  |          |
    | ...                      | hand (one column)    |          |
    | [score road        ]     | log                  |          |
    +--------------------------+--------------------------------+
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from ...ui.table_layout import top_bar, union
from ...ui.theme import px, scale

REPLAY_BUTTONS = ("prev", "play", "next")
CONTROL_BUTTONS = ("go", "step", "minus", "plus")
GUIDE_DIRS = ("N", "E", "S", "W")
CARD_RATIO = 220 / 350  # height / width of a (landscape) magic card
SIZE = 6
ROAD_H = 54  # the score road's panel under the board (unscaled)
STRIP_H = 46  # a card strip: the name and two lines of text (unscaled)
HAND_ROWS = 4  # strips a one-column hand is as tall as: three cards and the Wizard
HAND_HEAD = 27  # the hand's title row (unscaled)
HAND_FOOT = 6
STRIP_GAP = 5
LOG_MIN = 60  # a one-column log never gets less (unscaled), even if the hand must give way


@dataclass
class Layout:
    size: tuple
    s: float
    margin: int
    top: pygame.Rect
    status: pygame.Rect
    buttons: dict
    board_box: pygame.Rect  # board, frame and coordinate gutters
    board: pygame.Rect  # the 6x6 cells exactly
    cell: int
    road: pygame.Rect  # the score road under the board
    players: pygame.Rect
    controls: pygame.Rect  # the turn panel
    dice: pygame.Rect  # where the drafted dice go inside the turn panel
    draft_hint: pygame.Rect  # the line above the dice
    hand: pygame.Rect
    log: pygame.Rect
    control_buttons: dict
    guide_buttons: dict
    choice_area: pygame.Rect  # spell parameter choices
    hint: pygame.Rect  # text line(s) above the control buttons
    replay: dict = field(default_factory=dict)
    wide: bool = False

    # -- board cells -------------------------------------------------------------
    def cell_rect(self, x: int, y: int) -> pygame.Rect:
        return pygame.Rect(self.board.left + x * self.cell, self.board.top + y * self.cell, self.cell, self.cell)

    def cell_at(self, pos) -> tuple | None:
        if not self.board.collidepoint(pos):
            return None
        return ((pos[0] - self.board.left) // self.cell, (pos[1] - self.board.top) // self.cell)

    # -- dice ----------------------------------------------------------------------
    def dice_slots(self, n_dir: int, n_act: int) -> tuple:
        """([direction die rects], [action die rects]), a label's room under each row: wide panels
        give each kind a row, narrow ones put all the dice in one row with a gap between the kinds."""
        s, area = self.s, self.dice
        gap = px(10, s)
        label = px(24 if self.wide else 20, s)
        if self.wide:
            count = max(n_dir, n_act, 1)
            size = min(px(64, s), (area.height - 2 * label) // 2, (area.width - gap * (count - 1)) // count)
            top = area.top + (area.height - 2 * (size + label)) // 2
            rows = []
            for row, n in enumerate((n_dir, n_act)):
                x = area.centerx - (n * size + (n - 1) * gap) // 2
                rows.append([pygame.Rect(x + i * (size + gap), top + row * (size + label), size, size)
                             for i in range(n)])
            return rows[0], rows[1]
        count = n_dir + n_act
        split = px(26, s)
        size = min(px(64, s), area.height - label,
                   (area.width - split - gap * max(0, count - 2)) // max(1, count))
        total = count * size + (count - 2) * gap + split if count > 1 else size
        x = area.centerx - total // 2
        y = area.top + (area.height - size - label) // 2
        dirs, acts = [], []
        for i in range(count):
            rect = pygame.Rect(x, y, size, size)
            (dirs if i < n_dir else acts).append(rect)
            x += size + (split if i == n_dir - 1 else gap)
        return dirs, acts

    # -- magic cards ------------------------------------------------------------------
    def hand_slots(self, count: int) -> list:
        """Card rects for `count` cards: a grid of cards when the panel is roomy, else one strip
        per card across the panel (its name, then its text on two lines)."""
        s = self.s
        area = self.hand.inflate(-px(16, s), 0)
        top = area.top + px(HAND_HEAD, s)
        height = self.hand.bottom - px(HAND_FOOT, s) - top
        gap = px(STRIP_GAP, s)
        count = max(1, count)
        if not self.wide:  # one strip per card; two side by side once strips would get too thin
            cols = 1 if (height - (count - 1) * gap) // count >= px(26, s) else 2
            rows = math.ceil(count / cols)
            row = min(px(STRIP_H, s), (height - (rows - 1) * gap) // rows)
            w = (area.width - (cols - 1) * gap) // cols
            return [pygame.Rect(area.left + (i // rows) * (w + gap), top + (i % rows) * (row + gap), w, row)
                    for i in range(count)]
        best = None
        for cols in range(1, count + 1):
            rows = math.ceil(count / cols)
            w = (area.width - (cols - 1) * gap) // cols
            h = (height - (rows - 1) * gap) // rows
            w = min(w, int(h / CARD_RATIO), px(300, s))
            if best is None or w > best[0]:
                best = (w, cols)
        w, cols = best
        h = int(w * CARD_RATIO)
        x0 = area.centerx - (cols * w + (cols - 1) * gap) // 2
        return [pygame.Rect(x0 + (i % cols) * (w + gap), top + (i // cols) * (h + gap), w, h) for i in range(count)]

    # -- repaint regions ------------------------------------------------------------
    def regions(self) -> dict:
        """Disjoint areas the scene repaints independently."""
        out = {"status": self.status, "buttons": union(list(self.buttons.values()), px(12, self.s)),
               "board": self.board_box, "road": self.road, "players": self.players, "controls": self.controls,
               "hand": self.hand, "log": self.log}
        out["buttons"].top = max(out["buttons"].top, 0)
        out["buttons"].height = min(out["buttons"].height, self.board_box.top - out["buttons"].top)
        return out


def _hand_height(s: float) -> int:
    return px(HAND_HEAD, s) + px(HAND_FOOT, s) + HAND_ROWS * px(STRIP_H, s) + (HAND_ROWS - 1) * px(STRIP_GAP, s)


def compute(size: tuple, players: int, replay: bool = False) -> Layout:
    w, h = size
    s = scale(size)
    m = px(12, s)
    top, buttons, status = top_bar(w, s, m, px(100, s))
    bgap = px(8, s)

    body_top = top.bottom + m
    body_h = h - m - body_top
    road_h = px(ROAD_H, s)
    side_min = px(400, s)
    box = min(body_h - road_h - bgap, w - 3 * m - side_min, int(w * 0.58))
    gutter = px(22, s)
    frame = px(8, s)
    cell = (box - gutter - 2 * frame) // SIZE
    box = gutter + 2 * frame + cell * SIZE
    board_box = pygame.Rect(m, body_top + (body_h - box - bgap - road_h) // 2, box, box)
    board = pygame.Rect(board_box.left + gutter + frame, board_box.top + gutter + frame, cell * SIZE, cell * SIZE)
    road = pygame.Rect(board_box.left, board_box.bottom + bgap, box, road_h)

    right = pygame.Rect(board_box.right + m, body_top, w - m - board_box.right - m, body_h)
    wide = right.width >= px(620, s)
    if wide:
        col_w = (right.width - m) // 2
        col_a = pygame.Rect(right.left, right.top, col_w, right.height)
        col_b = pygame.Rect(col_a.right + m, right.top, right.right - col_a.right - m, right.height)
    else:
        col_a = col_b = right
    row_h = px(44 if wide else 28, s)
    players_rect = pygame.Rect(col_a.left, col_a.top, col_a.width, row_h * players + px(10, s))
    button_h = px(38, s)
    gap = px(6, s)
    rows = 2 if wide else 1  # wide: the guide's arrows get a row of their own
    replay_row = button_h + gap if replay else 0  # a replay keeps its buttons under the dice
    controls = pygame.Rect(col_a.left, players_rect.bottom + m, col_a.width,
                           px(200 if wide else 106, s) + replay_row)
    if wide:  # the hand gets a whole column; the log fills column A below the turn panel
        hand = col_b.copy()
        log = pygame.Rect(col_a.left, controls.bottom + m, col_a.width, col_a.bottom - controls.bottom - m)
    else:
        rest = col_b.bottom - controls.bottom - m
        hand_h = max(0, min(_hand_height(s), rest - m - px(LOG_MIN, s)))
        hand = pygame.Rect(col_b.left, controls.bottom + m, col_b.width, hand_h)
        log = pygame.Rect(col_b.left, hand.bottom + m, col_b.width, col_b.bottom - hand.bottom - m)

    inner = controls.inflate(-px(16, s), -px(12, s))
    hint = pygame.Rect(inner.left, inner.top, inner.width, inner.height - rows * (button_h + gap))
    draft_hint = pygame.Rect(inner.left, inner.top, inner.width, px(22, s))
    dice = pygame.Rect(inner.left, draft_hint.bottom + px(6, s), inner.width,
                       inner.bottom - replay_row - draft_hint.bottom - px(6, s))
    row_y = inner.bottom - button_h
    control_buttons, guide_buttons, replay_buttons = {}, {}, {}
    if replay:
        rw = min(px(130, s), (inner.width - 2 * bgap) // 3)
        x = inner.centerx - (3 * rw + 2 * bgap) // 2
        for name in REPLAY_BUTTONS:
            replay_buttons[name] = pygame.Rect(x, row_y, rw, button_h)
            x += rw + bgap
    else:
        small = px(38, s)  # wide enough for "−1" at every size
        x = inner.right - 4 * small - 3 * gap
        guide_y = row_y - button_h - gap if wide else row_y
        for d in GUIDE_DIRS:
            guide_buttons[d] = pygame.Rect(x, guide_y, small, button_h)
            x += small + gap
        right = inner.right if wide else guide_buttons["N"].left - gap
        room = right - inner.left - 2 * small - 3 * gap  # Go and Step share what the -1/+1 leave
        widths = {"go": room * 3 // 5, "step": room - room * 3 // 5, "minus": small, "plus": small}
        x = inner.left
        for name in CONTROL_BUTTONS:
            control_buttons[name] = pygame.Rect(x, row_y, widths[name], button_h)
            x += widths[name] + gap
    choice_area = pygame.Rect(inner.left, inner.top + px(26, s), inner.width, inner.height - px(26, s))
    return Layout(size, s, m, top, status, buttons, board_box, board, cell, road, players_rect, controls, dice,
                  draft_hint, hand, log, control_buttons, guide_buttons, choice_area, hint, replay_buttons, wide)
