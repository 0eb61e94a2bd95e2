"""Where everything on the Lost in Oz table goes, computed from the window size.

Pure geometry (pygame Rects, no drawing), so tests can check that nothing
overlaps or leaves the window from 1024x640 to 2560x1440 with 2 to 4 players.
The board is the largest square that fits beside the panels; the panels stack
in one column, or in two when the window is wide enough (1920x1080 and up).

    +-----------------------------------------------------------+
    | status                               [ff undo save rules menu]
    +--------------------------+--------------------------------+
    |    A  B  C  D  E  F      | players + score road | hand     |
    | 1 [board 6x6       ]     | dice (draft)         |          |
    | 2 [                ]     | action controls      | log      |
    | ...                      |  (one column: all stacked)     |
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
TRACK_H = 46  # the score road under the player rows (unscaled)


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
    players: pygame.Rect
    dice: pygame.Rect
    controls: pygame.Rect
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
        """([direction die rects], [action die rects]). Wide panels (a column of their own) give
        each kind a row under the title; narrow ones put all the dice in one row, a gap between
        the kinds, with the title's row too (the status line names the round)."""
        area = self.dice.inflate(-px(16, self.s), 0)
        gap = px(10, self.s)
        label = px(22, self.s)
        if self.wide:
            top = area.top + px(36, self.s)  # under the title, clear of a glowing die's halo
            count = max(n_dir, n_act, 1)
            size = min(px(64, self.s), (area.bottom - top - 2 * label) // 2,
                       (area.width - gap * (count - 1)) // count)
            rows = []
            for row, n in enumerate((n_dir, n_act)):
                x = area.centerx - (n * size + (n - 1) * gap) // 2
                y = top + row * (size + label)
                rows.append([pygame.Rect(x + i * (size + gap), y, size, size) for i in range(n)])
            return rows[0], rows[1]
        title = px(4, self.s)
        count = n_dir + n_act
        split = px(26, self.s)
        size = min(px(64, self.s), (area.height - title - px(22, self.s)),
                   (area.width - split - gap * max(0, count - 2)) // max(1, count))
        total = count * size + (count - 2) * gap + split if count > 1 else size
        x = area.centerx - total // 2
        y = area.top + title + (area.height - title - size - px(18, self.s)) // 2
        dirs, acts = [], []
        for i in range(count):
            rect = pygame.Rect(x, y, size, size)
            (dirs if i < n_dir else acts).append(rect)
            x += size + (split if i == n_dir - 1 else gap)
        return dirs, acts

    # -- magic cards ------------------------------------------------------------------
    def hand_slots(self, count: int) -> list:
        """Card rects for `count` cards: a grid of cards when the panel is roomy, else one row
        per card across the panel (name and text on one line), so the text stays readable."""
        area = self.hand.inflate(-px(16, self.s), 0)
        top = area.top + px(30, self.s)
        height = self.hand.bottom - px(8, self.s) - top
        gap = px(6, self.s)
        count = max(1, count)
        if not self.wide:  # one strip per card; two side by side once strips would get too thin
            cols = 1 if (height - (count - 1) * gap) // count >= px(26, self.s) else 2
            rows = math.ceil(count / cols)
            row = min(px(48, self.s), (height - (rows - 1) * gap) // rows)
            w = (area.width - (cols - 1) * gap) // cols
            return [pygame.Rect(area.left + (i // rows) * (w + gap), top + (i % rows) * (row + gap), w, row)
                    for i in range(count)]
        best = None
        for cols in range(1, count + 1):
            rows = math.ceil(count / cols)
            w = (area.width - (cols - 1) * gap) // cols
            h = (height - (rows - 1) * gap) // rows
            w = min(w, int(h / CARD_RATIO), px(300, self.s))
            if best is None or w > best[0]:
                best = (w, cols)
        w, cols = best
        h = int(w * CARD_RATIO)
        x0 = area.centerx - (cols * w + (cols - 1) * gap) // 2
        return [pygame.Rect(x0 + (i % cols) * (w + gap), top + (i // cols) * (h + gap), w, h) for i in range(count)]

    # -- repaint regions ------------------------------------------------------------
    def regions(self) -> dict:
        """Disjoint areas the scene repaints independently."""
        s = self.s
        out = {"status": self.status, "buttons": union(list(self.buttons.values()), px(12, s)),
               "board": self.board_box, "players": self.players, "dice": self.dice, "hand": self.hand,
               "log": self.log}
        out["buttons"].top = max(out["buttons"].top, 0)
        out["buttons"].height = min(out["buttons"].height, self.board_box.top - out["buttons"].top)
        out["controls"] = self.controls
        if self.replay:
            out["controls"] = self.controls.union(union(list(self.replay.values()), px(4, s)))
        return out


def compute(size: tuple, players: int, replay: bool = False) -> Layout:
    w, h = size
    s = scale(size)
    m = px(12, s)
    top, buttons, status = top_bar(w, s, m, px(100, s))
    bgap = px(8, s)

    body_top = top.bottom + m
    body_h = h - m - body_top
    side_min = px(400, s)
    box = min(body_h, w - 3 * m - side_min, int(w * 0.58))
    gutter = px(22, s)
    frame = px(8, s)
    cell = (box - gutter - 2 * frame) // SIZE
    box = gutter + 2 * frame + cell * SIZE
    board_box = pygame.Rect(m, body_top + (body_h - box) // 2, box, box)
    board = pygame.Rect(board_box.left + gutter + frame, board_box.top + gutter + frame, cell * SIZE, cell * SIZE)

    right = pygame.Rect(board_box.right + m, body_top, w - m - board_box.right - m, body_h)
    wide = right.width >= px(620, s)
    if wide:
        col_w = (right.width - m) // 2
        col_a = pygame.Rect(right.left, right.top, col_w, right.height)
        col_b = pygame.Rect(col_a.right + m, right.top, right.right - col_a.right - m, right.height)
    else:
        col_a = col_b = right
    row_h = px(44 if wide else 30, s)
    players_rect = pygame.Rect(col_a.left, col_a.top, col_a.width, row_h * players + px(TRACK_H + 14, s))
    dice = pygame.Rect(col_a.left, players_rect.bottom + m, col_a.width, px(162 if wide else 84, s))
    controls = pygame.Rect(col_a.left, dice.bottom + m, col_a.width, px(190 if wide else 110, s))
    if wide:  # the hand gets a whole column; the log fills column A below the controls
        hand = col_b.copy()
        log = pygame.Rect(col_a.left, controls.bottom + m, col_a.width, col_a.bottom - controls.bottom - m)
    else:
        rest = col_b.bottom - controls.bottom - m
        log_h = max(px(92, s), int(rest * 0.3))
        hand = pygame.Rect(col_b.left, controls.bottom + m, col_b.width, rest - log_h - m)
        log = pygame.Rect(col_b.left, hand.bottom + m, col_b.width, col_b.bottom - hand.bottom - m)

    inner = controls.inflate(-px(16, s), -px(12, s))
    button_h = px(38, s)
    gap = px(6, s)
    rows = 2 if wide else 1  # wide: the guide's arrows get a row of their own
    hint = pygame.Rect(inner.left, inner.top, inner.width, inner.height - rows * (button_h + gap))
    row_y = inner.bottom - button_h
    control_buttons, guide_buttons, replay_buttons = {}, {}, {}
    if replay:
        rw = min(px(130, s), (inner.width - 2 * bgap) // 3)
        x = inner.centerx - (3 * rw + 2 * bgap) // 2
        for name in REPLAY_BUTTONS:
            replay_buttons[name] = pygame.Rect(x, row_y, rw, button_h)
            x += rw + bgap
    else:
        small = px(34, s)
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
    return Layout(size, s, m, top, status, buttons, board_box, board, cell, players_rect, dice, controls, hand, log,
                  control_buttons, guide_buttons, choice_area, hint, replay_buttons, wide)
