"""Parade's end screen: the shared results plus a per-colour breakdown.

For every player and colour it shows the collected cards, whether they were
flipped (majority: 1 point each) or count face value, the totals, and why a
tie on points was decided the way it was.
"""

from __future__ import annotations

import pygame

from ...scenes.results import ResultsScene
from ...ui import text as tx
from ...ui import theme
from ...ui.theme import px
from . import rules
from .cards import CardPainter, card_height, hex_rgb
from .panels import draw_crown


class ParadeResultsScene(ResultsScene):
    details_share = 0.58

    def __init__(self, app, session, record_stats: bool = True) -> None:
        super().__init__(app, session, record_stats)
        self.state = session.state
        self.deck = self.state.deck
        self.painter = CardPainter(self.deck, app.font)

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
        breakdown = rules.score_breakdown(deck, self.state.collections)
        notes = self.notes()
        note_h = px(24, s) * len(notes)
        n = len(self.session.seats)
        head_h = px(26, s)
        row_h = max(px(18, s), (rect.height - head_h - note_h) // n)
        name_w = int(rect.width * 0.16)
        total_w = int(rect.width * 0.1)
        cell_w = (rect.width - name_w - total_w) // len(deck.colours)
        for colour, info in enumerate(deck.colours):
            head = pygame.Rect(rect.left + name_w + colour * cell_w, rect.top, cell_w, head_h)
            chip = head.inflate(-px(6, s), -px(6, s))
            pygame.draw.rect(surface, hex_rgb(info.rgb), chip, border_radius=px(6, s))
            label = self.app.i18n.pick(info.colour_name)
            tx.draw_line(surface, self.app.fonts, label, chip, px(15, s), theme.INK if info.id == "white" else theme.WHITE, bold=True)
        total_head = pygame.Rect(rect.right - total_w, rect.top, total_w, head_h)
        tx.draw_line(surface, self.app.fonts, t("parade.results.total"), total_head, px(16, s), theme.TEAL, bold=True, align="right")
        for seat in range(n):
            y = rect.top + head_h + seat * row_h
            row = pygame.Rect(rect.left, y, rect.width, row_h)
            if seat % 2:
                pygame.draw.rect(surface, theme.CREAM_DARK, row, border_radius=px(6, s))
            name = self.session.seats[seat].name
            won = seat in self.result.winners
            tx.draw_line(surface, self.app.fonts, name, pygame.Rect(row.left + px(6, s), y, name_w - px(8, s), row_h),
                         px(17, s), theme.PLUM if won else theme.INK, bold=won, align="left")
            cards = self.state.collections[seat]
            for colour, info in enumerate(deck.colours):
                cell = pygame.Rect(rect.left + name_w + colour * cell_w, y, cell_w, row_h).inflate(-px(4, s), -px(2, s))
                self._draw_cell(surface, cell, [c for c in cards if deck.colour_of(c) == colour], breakdown[seat][info.id])
            total = sum(v["points"] for v in breakdown[seat].values())
            text = t("parade.results.points", n=total)
            sub = t("parade.results.cards", n=len(cards))
            box = pygame.Rect(rect.right - total_w, y, total_w, row_h)
            top, bottom = box.copy(), box.copy()
            top.height = bottom.height = row_h // 2 + px(2, s)
            bottom.top = box.centery
            if row_h >= px(34, s):
                tx.draw_line(surface, self.app.fonts, text, top.move(0, px(2, s)), px(17, s), theme.RED, bold=True, align="right")
                tx.draw_line(surface, self.app.fonts, sub, bottom, px(13, s), theme.INK_SOFT, align="right")
            else:
                tx.draw_line(surface, self.app.fonts, text, box, px(16, s), theme.RED, bold=True, align="right")
        y = rect.top + head_h + n * row_h + px(2, s)
        for note in notes:
            tx.draw_line(surface, self.app.fonts, note, pygame.Rect(rect.left, y, rect.width, px(24, s)), px(15, s),
                         theme.INK_SOFT, align="left")
            y += px(24, s)

    def _draw_cell(self, surface, cell: pygame.Rect, cards: list, entry: dict) -> None:
        """The colour's cards in a tight row and their points (crown when flipped)."""
        s = self.s
        if not cards:
            tx.draw_line(surface, self.app.fonts, "·", cell, px(16, s), theme.INK_SOFT)
            return
        label_w = px(40, s)
        room = pygame.Rect(cell.left, cell.top, cell.width - label_w, cell.height)
        w = max(12, min(int(room.height / 1.4), px(40, s)))
        step = min(w * 0.62, (room.width - w) / max(1, len(cards) - 1)) if len(cards) > 1 else 0
        y = room.centery - card_height(w) // 2
        for i, card in enumerate(sorted(cards, key=self.deck.value_of)):
            surface.blit(self.painter.face(card, w), (room.left + int(i * step), y))
        points = pygame.Rect(cell.right - label_w, cell.top, label_w, cell.height)
        if entry["flipped"]:
            pill = points.inflate(-px(2, s), -max(2, cell.height // 4))
            pygame.draw.rect(surface, theme.GOLD_LIGHT, pill, border_radius=pill.height // 2)
            draw_crown(surface, (pill.left + px(9, s), pill.centery), px(12, s))
            tx.draw_line(surface, self.app.fonts, str(entry["points"]), pill.inflate(-px(14, s), 0).move(px(8, s), 0),
                         px(15, s), theme.INK, bold=True)
        else:
            tx.draw_line(surface, self.app.fonts, str(entry["points"]), points, px(15, s), theme.INK, bold=True)
