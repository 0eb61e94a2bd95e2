"""Where everything on the World Voyage table goes, computed from the window size.

Pure geometry (pygame Rects, no drawing), so a test can check that nothing
overlaps or leaves the window from 1024x640 to 2560x1440 with 2 to 5 players.
The map gets the largest map-shaped area that leaves room below it for the
destination display and the hand; the side column takes what is left.

    +------------------------------------------------------------+
    | status                               [ff undo save rules menu]
    +----------------------------------+-------------------------+
    |                                  | travellers: score,      |
    |             world map            | suitcase (money, tokens,|
    |                                  | destinations, souvenirs)|
    |                                  | legend: what icons mean |
    +----------------------------------+-------------------------+
    | destinations on display (5)      | what to do + actions    |
    +----------------------------------+-------------------------+
    | my itinerary cards               | log                     |
    +----------------------------------+-------------------------+
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from ...ui.table_layout import top_bar, union
from ...ui.theme import px, scale
from .world import HEIGHT, WIDTH

ACTION_BUTTONS = ("visit_card", "visit_money", "collect", "buy_money", "buy_token", "flyer", "end", "confirm")
REPLAY_BUTTONS = ("prev", "play", "next")
CARD_RATIO = 1.1  # height / width of an itinerary card in the hand
STRIP = 112  # display and hand strip height (unscaled)
TITLE = 24  # a panel's title line (unscaled)
THREE_LINE_ROW = 66  # a traveller's row at least this tall (unscaled) shows its souvenirs on a line of their own
TWO_LINE_ROW = 42  # a row that cannot have three lines needs no more than two of 17 (name and souvenirs / suitcase)
LOG_ROOM = 200  # the log height (unscaled) three-line rows must leave, else the rows take two lines
LEGEND = 14  # the line under the travellers' rows naming their icons (unscaled), in the panel's foot padding
LEGEND_ROOM = 13  # what the players panel grows by for it (unscaled): the action buttons' rows close up for it


@dataclass
class Layout:
    size: tuple
    s: float
    margin: int
    top: pygame.Rect
    status: pygame.Rect
    buttons: dict
    map_box: pygame.Rect  # the map's panel
    map: pygame.Rect  # the map itself (WIDTH x HEIGHT in proportion)
    display: pygame.Rect
    hand: pygame.Rect
    players: pygame.Rect
    controls: pygame.Rect
    log: pygame.Rect
    hint: pygame.Rect
    actions: dict  # action button rects
    replay: dict = field(default_factory=dict)
    columns: int = 2  # action buttons per row

    def row_rects(self, players: int) -> list:
        """One row per player in the players panel, between its title and the legend."""
        inner = self.players.inflate(-px(12, self.s), -px(10, self.s))
        top = inner.top + px(TITLE, self.s)
        row_h = (self.legend.top - top) // max(1, players)
        return [pygame.Rect(inner.left, top + i * row_h, inner.width, row_h - px(3, self.s)) for i in range(players)]

    @property
    def legend(self) -> pygame.Rect:
        """The line at the foot of the players panel that names the rows' icons."""
        inner = self.players.inflate(-px(12, self.s), 0)
        bottom = inner.bottom - px(5, self.s)  # clear of the panel's border
        return pygame.Rect(inner.left + px(4, self.s), bottom - px(LEGEND, self.s), inner.width - px(8, self.s),
                           px(LEGEND, self.s))

    def display_slots(self, count: int = 5) -> list:
        """Destination card rects across the display strip (always five places: slots never move)."""
        return _row(self.display, self.s, max(5, count))[:count]

    def hand_slots(self, count: int) -> list:
        """Itinerary card rects in the hand strip: card-shaped, overlapping nothing, as wide as fits."""
        inner = self.hand.inflate(-px(16, self.s), -px(10, self.s))
        top = inner.top + px(TITLE, self.s)
        h = inner.bottom - top
        gap = px(6, self.s)
        count = max(1, count)
        w = min(int(h / CARD_RATIO), (inner.width - (count - 1) * gap) // count)
        return [pygame.Rect(inner.left + i * (w + gap), top, w, h) for i in range(count)]

    def regions(self) -> dict:
        """Disjoint areas the scene repaints independently."""
        s = self.s
        buttons = union(list(self.buttons.values()), px(12, s))
        buttons.top = max(buttons.top, 0)
        buttons.height = min(buttons.height, self.map_box.top - buttons.top)
        return {"status": self.status, "buttons": buttons, "map": self.map_box, "display": self.display,
                "hand": self.hand, "players": self.players, "controls": self.controls, "log": self.log}


def _row(panel: pygame.Rect, s: float, count: int) -> list:
    inner = panel.inflate(-px(16, s), -px(10, s))
    top = inner.top + px(TITLE, s)
    gap = px(8, s)
    w = (inner.width - (count - 1) * gap) // count
    return [pygame.Rect(inner.left + i * (w + gap), top, w, inner.bottom - top) for i in range(count)]


def compute(size: tuple, players: int, replay: bool = False) -> Layout:
    w, h = size
    s = scale(size)
    m = px(12, s)
    top, buttons, status = top_bar(w, s, m, px(100, s))
    body_top = top.bottom + m
    body_h = h - m - body_top
    strip = px(STRIP, s)
    map_h = body_h - 2 * strip - 2 * m
    map_w = min(w - 3 * m - max(px(320, s), int(w * 0.25)), int(map_h * WIDTH / HEIGHT))
    map_box = pygame.Rect(m, body_top, map_w, map_h)
    area = map_box.inflate(-px(8, s), -px(8, s))
    k = min(area.width / WIDTH, area.height / HEIGHT)
    fitted = pygame.Rect(0, 0, int(WIDTH * k), int(HEIGHT * k))
    fitted.center = area.center
    display = pygame.Rect(m, map_box.bottom + m, map_w, strip)
    hand = pygame.Rect(m, display.bottom + m, map_w, body_top + body_h - display.bottom - m)

    side = pygame.Rect(map_box.right + m, body_top, w - 2 * m - map_box.right, body_h)
    inner_w = side.width - px(16, s)
    columns = 4 if inner_w >= px(700, s) else 2
    rows = math.ceil(len(ACTION_BUTTONS) / columns)
    button_h, gap, row_gap = px(34, s), px(6, s), px(3, s)
    hint_h = px(70, s)
    controls_h = hint_h + rows * (button_h + row_gap) + px(12, s)
    # Three lines a row (name, suitcase, souvenirs) while the log keeps room to read a turn;
    # else two compact lines, rather than three-line rows squeezed to two with the log cut short.
    room = body_h - controls_h - 2 * m
    players_h = px(TITLE + 10 + LEGEND_ROOM, s) + players * px(THREE_LINE_ROW + 6, s)
    if room - players_h < px(LOG_ROOM, s):
        players_h = px(TITLE + 10 + LEGEND_ROOM, s) + players * px(TWO_LINE_ROW + 3, s)
    players_h = min(players_h, room - px(100, s))
    players_rect = pygame.Rect(side.left, side.top, side.width, players_h)
    controls = pygame.Rect(side.left, players_rect.bottom + m, side.width, controls_h)
    log = pygame.Rect(side.left, controls.bottom + m, side.width, side.bottom - controls.bottom - m)

    inner = controls.inflate(-px(16, s), -px(12, s))
    hint = pygame.Rect(inner.left, inner.top, inner.width, hint_h - px(4, s))
    actions, replay_buttons = {}, {}
    bw = (inner.width - (columns - 1) * gap) // columns
    grid_top = inner.bottom - rows * (button_h + row_gap) + row_gap
    if replay:
        rw = min(px(130, s), (inner.width - 2 * gap) // 3)
        x = inner.centerx - (3 * rw + 2 * gap) // 2
        for name in REPLAY_BUTTONS:
            replay_buttons[name] = pygame.Rect(x, inner.bottom - button_h, rw, button_h)
            x += rw + gap
    else:
        for i, name in enumerate(ACTION_BUTTONS):
            r, c = divmod(i, columns)
            actions[name] = pygame.Rect(inner.left + c * (bw + gap), grid_top + r * (button_h + row_gap), bw, button_h)
    return Layout(size, s, m, top, status, buttons, map_box, fitted, display, hand, players_rect, controls, log,
                  hint, actions, replay_buttons, columns)
