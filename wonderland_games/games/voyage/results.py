"""World Voyage's end screen: the shared results plus where every point came from.

Per player: their traveller, points from destinations, colour sets,
souvenir sets, money and tokens, the total, and the tie-break counts
(destinations visited, souvenir sets, money) with a note saying how the game
ended and how a tie was settled or shared.
"""

from __future__ import annotations

import pygame

from ...scenes.results import ResultsScene
from ...ui import text as tx
from ...ui import theme
from ...ui.theme import px
from .panels import pawn
from .rules import BREAKDOWN


class VoyageResultsScene(ResultsScene):
    details_share = 0.55

    def __init__(self, app, session, record_stats: bool = True) -> None:
        super().__init__(app, session, record_stats)
        self.state = session.state

    def notes(self) -> list:
        """How the game ended, and which tie-break decided (or shared) first place."""
        res, t, extra = self.result, self.app.t, self.result.extra
        out = [t(f"voyage.results.end_{extra.get('end') or 'rounds'}", n=extra.get("rounds", self.state.round))]
        best = max(res.scores)
        tied = [s for s, v in enumerate(res.scores) if v == best]
        if len(tied) > 1:
            if len(res.winners) > 1:
                out.append(t("voyage.results.tie_shared"))
            else:
                keys = [(extra["destinations"][s], extra["souvenir_sets"][s], extra["money"][s]) for s in tied]
                level = next(i for i in range(3) if len({k[i] for k in keys}) > 1)
                out.append(t(("voyage.results.tie_destinations", "voyage.results.tie_sets",
                              "voyage.results.tie_money")[level]))
        return out

    def draw_details(self, surface, rect: pygame.Rect) -> None:
        s, t = self.s, self.app.t
        notes = self.notes()
        note_h = px(22, s) * len(notes)
        n = len(self.session.seats)
        head_h = px(28, s)
        row_h = max(px(20, s), min(px(44, s), (rect.height - head_h - note_h) // n))
        columns = list(BREAKDOWN) + ["total", "visited", "sets"]
        name_w = int(rect.width * 0.24)
        col_w = (rect.width - name_w) // len(columns)
        for i, key in enumerate(columns):
            head = pygame.Rect(rect.left + name_w + i * col_w, rect.top, col_w, head_h)
            tx.draw_line(surface, self.app.fonts, t(f"voyage.results.{key}"), head, px(14, s), theme.TEAL, bold=True)
        extra = self.result.extra
        for seat in range(n):
            y = rect.top + head_h + seat * row_h
            row = pygame.Rect(rect.left, y, rect.width, row_h)
            if seat % 2:
                pygame.draw.rect(surface, theme.CREAM_DARK, row, border_radius=px(6, s))
            size = row_h - px(4, s)
            surface.blit(pawn(seat, size), (row.left + px(4, s), y + px(2, s)))
            won = seat in self.result.winners
            tx.draw_line(surface, self.app.fonts, self.session.seats[seat].name,
                         pygame.Rect(row.left + size + px(10, s), y, name_w - size - px(12, s), row_h),
                         px(17, s), theme.PLUM if won else theme.INK, bold=won, align="left")
            values = [self.result.breakdown[seat].get(k, 0) for k in BREAKDOWN]
            values += [self.result.scores[seat], extra["destinations"][seat], extra["souvenir_sets"][seat]]
            for i, value in enumerate(values):
                cell = pygame.Rect(rect.left + name_w + i * col_w, y, col_w, row_h)
                bold = columns[i] == "total"
                tx.draw_line(surface, self.app.fonts, str(value), cell, px(19 if bold else 17, s),
                             theme.RED if bold else (theme.INK_SOFT if i > len(BREAKDOWN) else theme.INK), bold=bold)
        y = rect.top + head_h + n * row_h + px(2, s)
        for note in notes:
            tx.draw_line(surface, self.app.fonts, note, pygame.Rect(rect.left, y, rect.width, px(22, s)), px(14, s),
                         theme.INK_SOFT, align="left")
            y += px(22, s)
