"""Where the Dream Teller table goes, computed from the window size (pure geometry).

    +------------------------------------------------------------+
    | status                          [ff hint undo save rules menu]
    +----------------------------------------------+-------------+
    | the mode view (table mode: the role reveal,  | players:    |
    |   the dream word, the sand glass, buttons;   | totals,     |
    |   bot mode: dbots' view)                     | penalties   |
    |                                              +-------------+
    |                                              | log         |
    +----------------------------------------------+-------------+

The scene paints the top bar and the side column as cached regions; the mode
view draws its own area every frame (the sand runs there).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...ui.table_layout import TOP_BUTTONS, top_bar, union
from ...ui.theme import px, scale

TITLE = 24  # a side panel's title line (unscaled)
ROW = 30  # a player's row in the side panel (unscaled)
REPLAY_BUTTONS = ("prev", "play", "next")


@dataclass
class Layout:
    size: tuple
    s: float
    top: pygame.Rect
    status: pygame.Rect
    buttons: dict
    main: pygame.Rect
    players: pygame.Rect
    log: pygame.Rect
    seats: int
    replay: dict  # a replay's Prev / Play / Next, at the foot of the main area

    def player_rows(self) -> list:
        """One row per seat under the players panel's title."""
        inner = self.players.inflate(-px(16, self.s), -px(10, self.s))
        top = inner.top + px(TITLE, self.s)
        h = (inner.bottom - top) // max(1, self.seats)
        return [pygame.Rect(inner.left, top + i * h, inner.width, h) for i in range(self.seats)]

    def players_title(self) -> pygame.Rect:
        inner = self.players.inflate(-px(16, self.s), -px(10, self.s))
        return pygame.Rect(inner.left, inner.top, inner.width, px(TITLE, self.s) - px(2, self.s))

    def regions(self) -> dict:
        """Disjoint areas the scene repaints when what they show changes."""
        buttons = union(list(self.buttons.values()), px(12, self.s))
        buttons.top = max(buttons.top, 0)
        buttons.height = min(buttons.height, self.main.top - buttons.top)
        return {"status": self.status, "buttons": buttons, "players": self.players, "log": self.log}


def bar_buttons(table: bool) -> tuple:
    """The top-bar buttons Dream shows: no Suggest (the shared adviser cannot think up a clue
    or a guess), and no fast-forward at a table of people, where no bot moves."""
    return tuple(n for n in TOP_BUTTONS if n != "hint" and not (table and n == "ff"))


def compute(size: tuple, seats: int, replay: bool = False, table: bool = False) -> Layout:
    w, h = size
    s = scale(size)
    m = px(10, s)
    top, buttons, status = top_bar(w, s, m, px(100, s), bar_buttons(table))
    body_top = top.bottom + m
    body = pygame.Rect(m, body_top, w - 2 * m, h - m - body_top)
    side_w = max(px(260, s), int(w * 0.24))
    main = pygame.Rect(body.left, body.top, body.width - side_w - m, body.height)
    players_h = px(TITLE + 16, s) + seats * px(ROW, s)
    players = pygame.Rect(main.right + m, body.top, side_w, min(players_h, body.height // 2))
    log = pygame.Rect(players.left, players.bottom + m, side_w, body.bottom - players.bottom - m)
    steps = {}
    if replay:
        foot = main.inflate(-px(24, s), -px(20, s))
        w, h, gap = min(px(180, s), foot.width // 3), px(46, s), px(12, s)
        left = foot.centerx - (3 * w + 2 * gap) // 2
        for i, name in enumerate(REPLAY_BUTTONS):
            steps[name] = pygame.Rect(left + i * (w + gap), foot.bottom - h, w, h)
    return Layout(tuple(size), s, top, status, buttons, main, players, log, seats, steps)
