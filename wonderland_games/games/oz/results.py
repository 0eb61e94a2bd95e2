"""Lost in Oz's end screen: the shared results plus where every point came from.

Per player: the character, points from their own gem, from the other gems,
from visiting the wizard, the total, and the magic cards played (the first
tie-break), with a note when a tie was decided or shared.
"""

from __future__ import annotations

import pygame

from ...scenes.results import ResultsScene
from ...ui import text as tx
from ...ui import theme
from ...ui.theme import px
from .art import OzArt
from .rules import BREAKDOWN


class OzResultsScene(ResultsScene):
    details_share = 0.5

    def __init__(self, app, session, record_stats: bool = True) -> None:
        super().__init__(app, session, record_stats)
        self.state = session.state
        self.art = OzArt(app.font)

    def notes(self) -> list:
        res, t = self.result, self.app.t
        best = max(res.scores)
        tied = [s for s, v in enumerate(res.scores) if v == best]
        out = [t("oz.results.rounds", n=res.extra.get("rounds", self.state.round))]
        if len(tied) > 1:
            out.append(t("oz.results.tie_shared" if len(res.winners) > 1 else "oz.results.tie_cards"))
        return out

    def draw_details(self, surface, rect: pygame.Rect) -> None:
        s, t = self.s, self.app.t
        notes = self.notes()
        note_h = px(24, s) * len(notes)
        n = len(self.session.seats)
        head_h = px(28, s)
        row_h = max(px(20, s), min(px(48, s), (rect.height - head_h - note_h) // n))
        columns = list(BREAKDOWN) + ["total", "played"]
        name_w = int(rect.width * 0.34)
        col_w = (rect.width - name_w) // len(columns)
        for i, key in enumerate(columns):
            head = pygame.Rect(rect.left + name_w + i * col_w, rect.top, col_w, head_h)
            tx.draw_line(surface, self.app.fonts, t(f"oz.results.{key}"), head, px(15, s), theme.TEAL, bold=True)
        played = self.result.extra.get("cards_played", [0] * n)
        for seat in range(n):
            y = rect.top + head_h + seat * row_h
            row = pygame.Rect(rect.left, y, rect.width, row_h)
            if seat % 2:
                pygame.draw.rect(surface, theme.CREAM_DARK, row, border_radius=px(6, s))
            size = row_h - px(4, s)
            token = self.art.token(self.state.characters[seat], self.state.colours[seat], size)
            surface.blit(token, (row.left + px(4, s), y + px(2, s)))
            won = seat in self.result.winners
            label = f"{self.session.seats[seat].name}{t('sep')}{t('oz.characters.' + self.state.characters[seat])}"
            tx.draw_line(surface, self.app.fonts, label, pygame.Rect(row.left + size + px(10, s), y, name_w - size - px(12, s), row_h),
                         px(17, s), theme.PLUM if won else theme.INK, bold=won, align="left")
            values = list(self.result.breakdown[seat].get(k, 0) for k in BREAKDOWN)
            values += [self.result.scores[seat], played[seat]]
            for i, value in enumerate(values):
                cell = pygame.Rect(rect.left + name_w + i * col_w, y, col_w, row_h)
                bold = columns[i] == "total"
                tx.draw_line(surface, self.app.fonts, str(value), cell, px(19 if bold else 17, s),
                             theme.RED if bold else theme.INK, bold=bold)
        y = rect.top + head_h + n * row_h + px(2, s)
        for note in notes:
            tx.draw_line(surface, self.app.fonts, note, pygame.Rect(rect.left, y, rect.width, px(24, s)), px(15, s),
                         theme.INK_SOFT, align="left")
            y += px(24, s)
