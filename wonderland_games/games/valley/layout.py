"""Where everything on the Wonderland Valley table goes, computed from the window size.

Pure geometry (pygame Rects, no drawing), so a test can check that nothing
overlaps or leaves the window from 1024x640 to 2560x1440 with 1 to 4 players.

    +------------------------------------------------------------+
    | status                              [ff hint undo save rules menu]
    +--------------------------------------+---------------------+
    | board: 8 locations                   | players: season,    |
    |        forest | basic + special events| workers, resources, |
    +--------------------------------------+ hand, score         |
    | cities: one row per player, up to 15 +---------------------+
    |         cards grouped by role        | what to do + actions|
    +--------------------------------------+---------------------+
    | my hand                              | log                 |
    +--------------------------------------+---------------------+

A pending choice (resources, a trade, a copy, the mulligan, how to pay) opens
as a panel over the cities (`choice_panel`), leaving the board and the hand in sight.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from ...ui.table_layout import top_bar, union
from ...ui.theme import px, scale

ACTION_BUTTONS = ("prepare", "confirm", "cancel")
REPLAY_BUTTONS = ("prev", "play", "next")
TITLE = 22  # a panel's title line (unscaled)
LOCATIONS = 8
CITY_SLOTS = 15
HAND_SLOTS = 8
CHOICE_COLUMNS = 3
CARD_NAME_W = 84  # unscaled: a city card narrower than this cannot show a name on two legible lines
CARD_MIN_H = 58  # unscaled: a city card lower than this has no room for a name and an emblem


@dataclass
class Layout:
    size: tuple
    s: float
    margin: int
    top: pygame.Rect
    status: pygame.Rect
    buttons: dict
    board: pygame.Rect
    cities: pygame.Rect
    hand: pygame.Rect
    players: pygame.Rect
    controls: pygame.Rect
    log: pygame.Rect
    hint: pygame.Rect
    actions: dict
    replay: dict = field(default_factory=dict)
    seats: int = 2

    def inner(self, panel: pygame.Rect) -> pygame.Rect:
        """A panel's area under its title line."""
        inner = panel.inflate(-px(14, self.s), -px(10, self.s))
        top = inner.top + px(TITLE, self.s)
        return pygame.Rect(inner.left, top, inner.width, max(1, inner.bottom - top))

    def title_line(self, panel: pygame.Rect) -> pygame.Rect:
        inner = panel.inflate(-px(14, self.s), -px(10, self.s))
        return pygame.Rect(inner.left, inner.top, inner.width, px(TITLE, self.s) - px(2, self.s))

    # -- the board ---------------------------------------------------------------------
    def board_rows(self) -> tuple:
        """(locations row, lower row) of the board panel."""
        inner = self.inner(self.board)
        gap = px(6, self.s)
        upper = (inner.height - gap) // 2
        return (pygame.Rect(inner.left, inner.top, inner.width, upper),
                pygame.Rect(inner.left, inner.top + upper + gap, inner.width, inner.height - upper - gap))

    def location_slots(self) -> list:
        return _row(self.board_rows()[0], LOCATIONS, px(6, self.s))

    def lower_slots(self, forest: int) -> tuple:
        """(forest slots, basic event slots, special event slots) across the lower row: as many forest
        places as the game reveals (a fixed number), so every tile is as wide as it can be."""
        row = self.board_rows()[1]
        sep, gap = px(8, self.s), px(4, self.s)  # between the three groups, between tiles
        slots = _row(row.inflate(-2 * sep, 0).move(-sep, 0), forest + 4 + 4, gap)
        return (slots[:forest], [r.move(sep, 0) for r in slots[forest:forest + 4]],
                [r.move(2 * sep, 0) for r in slots[forest + 4:]])

    # -- cities and hand -----------------------------------------------------------------
    def city_rows(self) -> list:
        """One row per player: (label rect, cards rect)."""
        inner = self.inner(self.cities)
        gap = px(4, self.s)
        n = max(1, self.seats)
        h = (inner.height - (n - 1) * gap) // n
        label_w = min(px(96, self.s), inner.width // 6)
        rows = []
        for i in range(n):
            row = pygame.Rect(inner.left, inner.top + i * (h + gap), inner.width, h)
            rows.append((pygame.Rect(row.left, row.top, label_w, h),
                         pygame.Rect(row.left + label_w + gap, row.top, row.width - label_w - gap, h)))
        return rows

    def city_slots(self, seat: int) -> list:
        """CITY_SLOTS card rects in a player's row: in one line of cards, or in two when one line would
        leave the cards too narrow for their names and the row is tall enough (one or two players)."""
        cards = self.city_rows()[seat][1]
        gap = max(1, px(3, self.s))
        lines = 1
        if (cards.width - (CITY_SLOTS - 1) * gap) // CITY_SLOTS < px(CARD_NAME_W, self.s) and \
                (cards.height - gap) // 2 >= px(CARD_MIN_H, self.s):
            lines = 2
        per = -(-CITY_SLOTS // lines)
        w = min((cards.width - (per - 1) * gap) // per, int(cards.height / lines * 0.9) if lines == 1 else cards.width)
        h = min((cards.height - (lines - 1) * gap) // lines, int(w * 1.5))  # card-shaped, however tall the row
        return [pygame.Rect(cards.left + (i % per) * (w + gap), cards.top + (i // per) * (h + gap), max(1, w), h)
                for i in range(CITY_SLOTS)]

    def hand_slots(self, count: int) -> list:
        inner = self.inner(self.hand)
        gap = px(6, self.s)
        count = max(HAND_SLOTS, count)
        w = min(int(inner.height * 1.5), (inner.width - (count - 1) * gap) // count)
        return [pygame.Rect(inner.left + i * (w + gap), inner.top, max(1, w), inner.height) for i in range(count)]

    # -- players ---------------------------------------------------------------------------
    def player_rows(self, count: int) -> list:
        inner = self.inner(self.players)
        gap = px(3, self.s)
        h = (inner.height - (max(1, count) - 1) * gap) // max(1, count)
        return [pygame.Rect(inner.left, inner.top + i * (h + gap), inner.width, h) for i in range(count)]

    # -- the choice panel --------------------------------------------------------------------
    def choice_panel(self, options: int, over: str = "cities") -> tuple:
        """(panel, title rect, option rects, footer rects {done, confirm}) over the cities panel, so the
        board (the forest, the events, the locations to copy) and the hand stay in sight; `over` "board"
        for a choice among the cards of the player's own city (the Cheshire Cat's copy)."""
        s = self.s
        area = (self.board if over == "board" else self.cities).inflate(-px(16, s), -px(8, s))
        bh, gap = px(34, s), px(6, s)
        columns = max(1, min(CHOICE_COLUMNS, options))  # one or two options: wide buttons, whole labels
        while columns < 5 and px(TITLE + 40, s) + -(-options // columns) * (bh + gap) + bh > area.height:
            columns += 1  # a long list on a short panel: more, narrower columns
        rows = max(1, -(-options // columns))
        height = min(area.height, px(TITLE + 40, s) + rows * (bh + gap) + bh + px(30, s))
        width = min(area.width, px(760, s))
        panel = pygame.Rect(0, 0, width, height)
        panel.center = area.center
        inner = panel.inflate(-px(24, s), -px(16, s))
        title = pygame.Rect(inner.left, inner.top, inner.width, px(TITLE + 30, s))
        bw = (inner.width - (columns - 1) * gap) // columns
        rects = []
        for i in range(options):
            r, c = divmod(i, columns)
            rects.append(pygame.Rect(inner.left + c * (bw + gap), title.bottom + gap + r * (bh + gap), bw, bh))
        fw = (inner.width - (CHOICE_COLUMNS - 1) * gap) // CHOICE_COLUMNS
        foot_y = inner.bottom - bh
        footer = {"choice_done": pygame.Rect(inner.right - 2 * fw - gap, foot_y, fw, bh),
                  "choice_confirm": pygame.Rect(inner.right - fw, foot_y, fw, bh)}
        return panel, title, rects, footer

    def regions(self) -> dict:
        """Disjoint areas the scene repaints independently."""
        s = self.s
        buttons = union(list(self.buttons.values()), px(12, s))
        buttons.top = max(buttons.top, 0)
        buttons.height = min(buttons.height, self.board.top - buttons.top)
        out = {"status": self.status, "buttons": buttons, "board": self.board, "hand": self.hand,
               "players": self.players, "controls": self.controls, "log": self.log}
        for seat, (label, cards) in enumerate(self.city_rows()):  # one city changes at a time
            out[f"city{seat}"] = label.union(cards).inflate(px(4, s), 0)
        return out


def _row(area: pygame.Rect, count: int, gap: int) -> list:
    w = (area.width - (count - 1) * gap) // count
    return [pygame.Rect(area.left + i * (w + gap), area.top, max(1, w), area.height) for i in range(count)]


def compute(size: tuple, players: int, replay: bool = False, opponent: bool = False) -> Layout:
    """`opponent`: a solo game, whose opponent has a row among the players."""
    w, h = size
    s = scale(size)
    m = px(10, s)
    top, buttons, status = top_bar(w, s, m, px(100, s))
    body_top = top.bottom + m
    body_h = h - m - body_top
    side_w = max(px(300, s), int(w * 0.26))
    left_w = w - 3 * m - side_w
    hand_h = px(130, s)
    board_h = max(px(150, s), int((body_h - hand_h) * 0.42))
    board = pygame.Rect(m, body_top, left_w, board_h)
    hand = pygame.Rect(m, h - m - hand_h, left_w, hand_h)
    cities = pygame.Rect(m, board.bottom + m, left_w, hand.top - m - board.bottom - m)

    side = pygame.Rect(board.right + m, body_top, side_w, body_h)
    row_h = px(76, s)  # three lines: name, who plays the seat, belongings
    rows = max(1, players) + opponent
    players_rect = pygame.Rect(side.left, side.top, side.width, px(TITLE + 12, s) + rows * row_h)
    button_h, gap = px(34, s), px(6, s)
    hint_h = px(118, s)
    controls = pygame.Rect(side.left, players_rect.bottom + m, side.width, hint_h + 2 * (button_h + gap) + px(14, s))
    log = pygame.Rect(side.left, controls.bottom + m, side.width, side.bottom - controls.bottom - m)
    inner = controls.inflate(-px(14, s), -px(12, s))
    hint = pygame.Rect(inner.left, inner.top, inner.width, hint_h - px(4, s))
    actions, replay_buttons = {}, {}
    half = (inner.width - gap) // 2
    lower = inner.bottom - button_h
    upper = lower - gap - button_h
    if replay:
        rw = (inner.width - 2 * gap) // 3
        for i, name in enumerate(REPLAY_BUTTONS):
            replay_buttons[name] = pygame.Rect(inner.left + i * (rw + gap), lower, rw, button_h)
    else:
        actions["prepare"] = pygame.Rect(inner.left, upper, inner.width, button_h)
        actions["confirm"] = pygame.Rect(inner.left, lower, half, button_h)
        actions["cancel"] = pygame.Rect(inner.left + half + gap, lower, inner.width - half - gap, button_h)
    return Layout(size, s, m, top, status, buttons, board, cities, hand, players_rect, controls, log, hint,
                  actions, replay_buttons, max(1, players))
