"""The end-of-game screen every game shares: ranking, winners, scores, rematch.

Games subclass `ResultsScene` and override `draw_details(surface, rect)` to
show their own score breakdown in the lower part; the default draws
`Result.breakdown` as a plain table. Statistics are counted once, when the
screen first shows (pass `record_stats=False` for replays and for games that
were already over when loaded).
"""

from __future__ import annotations

import pygame

from ..ui import text as tx
from ..ui import theme
from ..ui.dialogs import show_error
from ..ui.screen import FormScene
from ..ui.widgets import Button
from .launch import back_to_menu, open_game
from .setup import kind_label


def _num(value) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def ranks(result) -> list:
    """(seat, rank) best first; shared winners and equal scores share a rank."""
    out, prev, rank = [], None, 0
    for pos, seat in enumerate(result.ranking()):
        key = (seat in result.winners, result.scores[seat])
        if key != prev:
            rank, prev = pos + 1, key
        out.append((seat, rank))
    return out


class ResultsScene(FormScene):
    details_share = 0.42  # part of the panel height given to `draw_details` (0 hides it)

    def __init__(self, app, session, record_stats: bool = True) -> None:
        super().__init__(app)
        self.session = session
        self.result = session.state.result()
        self.record_stats = record_stats
        self.rematch_button = Button(app, lambda: app.t("results.rematch"), self.rematch)
        self.menu_button = Button(app, lambda: app.t("results.menu"), lambda: back_to_menu(app), style="secondary")
        self.ring.add(self.rematch_button, self.menu_button)
        self.ring.focus(self.rematch_button, keyboard=True)
        self.panel = pygame.Rect(0, 0, 0, 0)

    def title(self) -> str:
        return self.app.t("results.title")

    def on_enter(self) -> None:
        super().on_enter()
        if self.record_stats:
            self.record_stats = False
            self.app.sound.play("end")
            from ..core.stats import record_game

            try:
                record_game(self.session.game_id, self.session.seats, self.result)
            except OSError as exc:
                show_error(self.app, self.app.t("results.stats_failed", error=exc))

    def back(self) -> None:
        back_to_menu(self.app)

    def rematch(self) -> None:
        try:
            fresh = self.session.rematch()
        except (ValueError, OSError) as exc:
            show_error(self.app, self.app.t("results.rematch_failed", error=exc))
            return
        back_to_menu(self.app)
        open_game(self.app, fresh)

    # -- layout --------------------------------------------------------------------
    def layout(self, rect, s) -> None:
        w, h = rect.size
        top = self.title_rect().bottom + theme.px(8, s)
        button_h = theme.px(56, s)
        bottom = h - theme.px(28, s)
        pw = min(w - theme.px(80, s), theme.px(1000, s))
        self.panel = pygame.Rect((w - pw) // 2, top, pw, bottom - button_h - theme.px(24, s) - top)
        bw = min(theme.px(240, s), (pw - theme.px(24, s)) // 2)
        gap = theme.px(24, s)
        self.menu_button.place((w // 2 - gap // 2 - bw, bottom - button_h, bw, button_h), s)
        self.rematch_button.place((w // 2 + gap // 2, bottom - button_h, bw, button_h), s)

    def draw_content(self, surface) -> None:
        s = self.s
        theme.panel(surface, self.panel, s)
        inner = self.panel.inflate(-theme.px(48, s), -theme.px(32, s))
        details_h = int(inner.height * self.details_share)
        ranking = pygame.Rect(inner.left, inner.top, inner.width, inner.height - details_h)
        self.draw_ranking(surface, ranking)
        if details_h > 0:
            details = pygame.Rect(inner.left, ranking.bottom, inner.width, details_h)
            pygame.draw.line(surface, theme.PAPER_EDGE, details.topleft, details.topright, max(1, theme.px(2, s)))
            self.draw_details(surface, details.inflate(0, -theme.px(16, s)))

    def draw_ranking(self, surface, rect: pygame.Rect) -> None:
        s, t, res = self.s, self.app.t, self.result
        banner_h = theme.px(52, s)
        names = [self.session.seats[i].name for i in res.winners]
        if len(names) > 1:
            banner = t("results.winners_shared", names=self.app.i18n.join(names))
        else:
            banner = t("results.winner", name="".join(names))
        tx.draw_line(surface, self.app.fonts, banner, pygame.Rect(rect.left, rect.top, rect.width, banner_h),
                     theme.px(theme.HEADING, s), theme.PLUM, bold=True)
        sense = t("results.lower_better" if res.lower_is_better else "results.higher_better")
        wins, games = self.session.match_standing()
        if games > 1:  # a match of several games counts wins
            standings = ", ".join(f"{seat.name} {w:g}" for seat, w in zip(self.session.seats, wins))
            sense += t("sep") + t("results.match", games=games, standings=standings)
        tx.draw_line(surface, self.app.fonts, sense, pygame.Rect(rect.left, rect.top + banner_h, rect.width, theme.px(26, s)),
                     theme.px(theme.TEXT_SMALL, s), theme.INK_SOFT)
        y = rect.top + banner_h + theme.px(34, s)
        rows = ranks(res)
        row_h = min(theme.px(46, s), (rect.bottom - y) // max(1, len(rows)))
        for seat, rank in rows:
            row = pygame.Rect(rect.left, y, rect.width, row_h - theme.px(4, s))
            won = seat in res.winners
            if won:
                pygame.draw.rect(surface, theme.GOLD_LIGHT, row, border_radius=theme.px(8, s))
            self.draw_seat_row(surface, row, seat, rank, won)
            y += row_h

    def draw_seat_row(self, surface, row: pygame.Rect, seat: int, rank: int, won: bool) -> None:
        s = self.s
        info = self.session.seats[seat]
        size = theme.px(theme.TEXT_LARGE if won else theme.TEXT, s)
        pad = theme.px(14, s)
        tx.draw_line(surface, self.app.fonts, f"{rank}.", pygame.Rect(row.left + pad, row.top, theme.px(50, s), row.height),
                     size, theme.INK, bold=True, align="left")
        name_w = int(row.width * 0.5)
        label = info.name
        if info.is_bot:
            level = kind_label(self.app, f"bot-{info.level}")
            label += f"（{level}）" if self.app.lang == "zh" else f" ({level})"
        tx.draw_line(surface, self.app.fonts, label, pygame.Rect(row.left + pad + theme.px(56, s), row.top, name_w, row.height),
                     size, theme.INK, bold=won, align="left")
        tx.draw_line(surface, self.app.fonts, _num(self.result.scores[seat]),
                     pygame.Rect(row.right - pad - theme.px(120, s), row.top, theme.px(120, s), row.height),
                     size, theme.PLUM if won else theme.INK, bold=True, align="right")

    def draw_details(self, surface, rect: pygame.Rect) -> None:
        """The score breakdown; games override this with their own drawing."""
        rows = self.result.breakdown or []
        labels = []
        for entry in rows:
            for key in entry or {}:
                if key not in labels:
                    labels.append(key)
        if not labels:
            return
        s = self.s
        n = len(self.session.seats)
        cols = len(labels) + 1
        cell_w = rect.width // cols
        line_h = min(theme.px(36, s), rect.height // (n + 1))
        for c, label in enumerate(labels):
            text = self.app.t(f"{self.session.game_id}.breakdown.{label}")
            if text == f"{self.session.game_id}.breakdown.{label}":
                text = str(label)
            tx.draw_line(surface, self.app.fonts, text, pygame.Rect(rect.left + (c + 1) * cell_w, rect.top, cell_w, line_h),
                         theme.px(theme.TEXT_SMALL, s), theme.TEAL, bold=True)
        for r in range(n):
            y = rect.top + (r + 1) * line_h
            tx.draw_line(surface, self.app.fonts, self.session.seats[r].name, pygame.Rect(rect.left, y, cell_w, line_h),
                         theme.px(theme.TEXT_SMALL, s), theme.INK, align="left")
            entry = rows[r] if r < len(rows) else {}
            for c, label in enumerate(labels):
                value = (entry or {}).get(label, "")
                tx.draw_line(surface, self.app.fonts, _num(value), pygame.Rect(rect.left + (c + 1) * cell_w, y, cell_w, line_h),
                             theme.px(theme.TEXT_SMALL, s), theme.INK)
