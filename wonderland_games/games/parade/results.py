"""Parade's end screen: the shared results plus a per-colour breakdown.

For every player and colour it shows the collected cards (every value in
sight, score_table.py), whether they were flipped (majority: 1 point each) or
count face value, the totals, and why a tie on points was decided the way it
was. The score chart shows, after each turn, the points a player would have
had if the game had ended then: the cards taken so far, majorities flipped;
the last point is the final score, the two kept cards included.
"""

from __future__ import annotations

import pygame

from ...scenes.results import ResultsScene
from ...ui import text as tx
from ...ui import theme
from ...ui.theme import px
from . import rules
from .cards import CardPainter, hex_rgb
from .panels import draw_crown
from .score_table import ScoreTable, plan


class ParadeResultsScene(ResultsScene):
    details_share = 0.58

    def __init__(self, app, session, record_stats: bool = True, log: list | None = None) -> None:
        super().__init__(app, session, record_stats, log)
        self.state = session.state
        self.deck = self.state.deck
        self.painter = CardPainter(self.deck, app.font)
        self._table = None  # (its area and scale, the score table's geometry)

    def chart_title(self) -> str:
        """Points are only counted at the end: the chart scores the cards taken so far."""
        return self.app.t("results.chart.if_ended")

    def notes(self) -> list:
        """Tie-break and two-player explanations that apply to this result."""
        res, t = self.result, self.app.t
        best = min(res.scores)
        tied = [s for s, v in enumerate(res.scores) if v == best]
        out = []
        if len(tied) > 1:
            out.append(t("parade.results.tie_shared" if len(res.winners) > 1 else "parade.results.tie_cards"))
        if len(res.scores) == 2:
            out.append(t("parade.results.two_player"))
        return out

    def draw_details(self, surface, rect: pygame.Rect) -> None:
        s, t, deck = self.s, self.app.t, self.deck
        collections = self.state.collections
        breakdown = rules.score_breakdown(deck, collections)
        notes = self.notes()
        line_h = px(24, s)
        foot_h = line_h * (len(notes) + 1)  # the legend, then the notes
        head_h = px(26, s)
        name_w = int(rect.width * 0.16)
        total_w = int(rect.width * 0.1)
        cells = pygame.Rect(rect.left + name_w, rect.top + head_h, rect.width - name_w - total_w,
                            rect.height - head_h - foot_h)
        table = self.score_table(cells)
        for colour, info in enumerate(deck.colours):
            left, width = table.columns[colour]
            head = pygame.Rect(left, rect.top, width, head_h)
            chip = head.inflate(-px(6, s), -px(6, s))
            pygame.draw.rect(surface, hex_rgb(info.rgb), chip, border_radius=px(6, s))
            label = self.app.i18n.pick(info.colour_name)
            tx.draw_line(surface, self.app.fonts, label, chip, px(15, s), theme.INK if info.id == "white" else theme.WHITE, bold=True)
        total_head = pygame.Rect(rect.right - total_w, rect.top, total_w, head_h)
        tx.draw_line(surface, self.app.fonts, t("parade.results.total"), total_head, px(16, s), theme.TEAL, bold=True, align="right")
        for seat, (y, row_h) in enumerate(table.rows):
            row = pygame.Rect(rect.left, y, rect.width, row_h)
            if seat % 2:
                pygame.draw.rect(surface, theme.CREAM_DARK, row, border_radius=px(6, s))
            name = self.session.seats[seat].name
            won = seat in self.result.winners
            tx.draw_line(surface, self.app.fonts, name, pygame.Rect(row.left + px(6, s), y, name_w - px(8, s), row_h),
                         px(17, s), theme.PLUM if won else theme.INK, bold=won, align="left")
            cards = collections[seat]
            for colour, info in enumerate(deck.colours):
                self._draw_cell(surface, table, seat, colour, [c for c in cards if deck.colour_of(c) == colour],
                                breakdown[seat][info.id])
            total = sum(v["points"] for v in breakdown[seat].values())
            box = pygame.Rect(rect.right - total_w, y, total_w - px(6, s), row_h)
            if row_h >= px(34, s):  # the card count too: it breaks ties
                half = min(px(22, s), row_h // 2)
                top = pygame.Rect(box.left, box.centery - half, box.width, half)
                tx.draw_line(surface, self.app.fonts, t("parade.results.points", n=total), top, px(17, s), theme.RED,
                             bold=True, align="right")
                tx.draw_line(surface, self.app.fonts, t("parade.results.cards", n=len(cards)), top.move(0, half),
                             px(13, s), theme.INK_SOFT, align="right")
            else:
                tx.draw_line(surface, self.app.fonts, t("parade.results.points", n=total), box, px(16, s), theme.RED,
                             bold=True, align="right")
        y = sum(table.rows[-1]) + px(4, s)
        self._draw_legend(surface, pygame.Rect(rect.left, y, rect.width, line_h))
        for note in notes:
            y += line_h
            tx.draw_line(surface, self.app.fonts, note, pygame.Rect(rect.left, y, rect.width, line_h), px(15, s),
                         theme.INK_SOFT, align="left")

    def score_table(self, cells: pygame.Rect) -> ScoreTable:
        """Where the score table's cards go in `cells` (score_table.plan), worked out once a
        window size: its search takes a few milliseconds, too long for every frame."""
        key = (tuple(cells), self.s)
        if self._table is None or self._table[0] != key:
            counts = [rules.colour_counts(self.deck, cards) for cards in self.state.collections]
            self._table = key, plan(cells, self.s, counts, self.painter.value_corner)
        return self._table[1]

    def _draw_legend(self, surface, line: pygame.Rect) -> None:
        """How a colour scores: the crowned pill for a majority, plain face values otherwise."""
        s, t = self.s, self.app.t
        pill = pygame.Rect(line.left, line.top + px(2, s), px(40, s), line.height - px(4, s))
        self._points(surface, pill, "n", True)
        font = self.app.font(px(15, s))
        text = tx.render(font, t("parade.results.flipped"), theme.INK_SOFT)
        surface.blit(text, text.get_rect(midleft=(pill.right + px(6, s), line.centery)))
        rest = tx.render(font, t("parade.results.face"), theme.INK_SOFT)
        surface.blit(rest, rest.get_rect(midleft=(pill.right + px(6, s) + text.get_width() + px(24, s), line.centery)))

    def _points(self, surface, box: pygame.Rect, text: str, flipped: bool) -> None:
        s = self.s
        if flipped:
            pygame.draw.rect(surface, theme.GOLD_LIGHT, box, border_radius=box.height // 2)
            pygame.draw.rect(surface, theme.GOLD_DARK, box, max(1, px(1, s)), border_radius=box.height // 2)
            crown = min(px(14, s), box.height - px(6, s))
            draw_crown(surface, (box.left + px(4, s) + crown // 2, box.centery), crown)
            box = pygame.Rect(box.left + px(4, s) + crown, box.top, box.width - px(4, s) - crown, box.height)
        tx.draw_line(surface, self.app.fonts, text, box, px(15, s), theme.INK, bold=True)

    def _draw_cell(self, surface, table: ScoreTable, seat: int, colour: int, cards: list, entry: dict) -> None:
        """The colour's cards, every value in sight (score_table), and their points (crown when
        flipped)."""
        if not cards:
            return
        rects = table.pile(seat, colour, len(cards))
        for card, rect in zip(sorted(cards, key=self.deck.value_of), rects):
            surface.blit(self.painter.face(card, table.card_w), rect)
        self._points(surface, table.pill(seat, colour), str(entry["points"]), entry["flipped"])
