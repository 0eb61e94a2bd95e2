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
from ..ui.theme import px
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
        """The score breakdown; games override this, most through `draw_score_table`."""
        keys = list(dict.fromkeys(k for entry in self.result.breakdown or [] for k in entry or {}))
        if not keys:
            return
        game = self.session.game_id
        heads = [self.app.t(f"{game}.breakdown.{k}") for k in keys]
        rows = [(None, seat.name, [_num((self.result.breakdown[i] or {}).get(k, "")) for k in keys])
                for i, seat in enumerate(self.session.seats)]
        self.draw_score_table(surface, rect, heads, rows, [], bold_col=None)

    def draw_score_table(self, surface, rect: pygame.Rect, heads: list, rows: list, notes: list,
                         name_share: float = 0.3, bold_col: int | None = None, faint_from: int | None = None) -> None:
        """One row per seat under a heading row, then notes. `rows` are (icon, label, values):
        `icon(size)` gives the seat's piece (or None); the winners' names are bold, the
        `bold_col` column (the total) bold red, columns from `faint_from` on grey."""
        s, fonts = self.s, self.app.fonts
        n = len(rows)
        note_h = px(24, s)
        head_h = px(28, s)
        row_h = max(px(20, s), min(px(48, s), (rect.height - head_h - note_h * len(notes)) // max(1, n)))
        name_w = int(rect.width * name_share)
        col_w = (rect.width - name_w) // max(1, len(heads))
        for i, head in enumerate(heads):
            box = pygame.Rect(rect.left + name_w + i * col_w, rect.top, col_w, head_h)
            tx.draw_line(surface, fonts, head, box, px(15, s), theme.TEAL, bold=True)
        for seat, (icon, label, values) in enumerate(rows):
            y = rect.top + head_h + seat * row_h
            row = pygame.Rect(rect.left, y, rect.width, row_h)
            if seat % 2:
                pygame.draw.rect(surface, theme.CREAM_DARK, row, border_radius=px(6, s))
            size = row_h - px(4, s) if icon is not None else 0
            if icon is not None:
                surface.blit(icon(size), (row.left + px(4, s), y + px(2, s)))
            won = seat in self.result.winners
            tx.draw_line(surface, fonts, label, pygame.Rect(row.left + size + px(10, s), y, name_w - size - px(12, s),
                                                            row_h),
                         px(17, s), theme.PLUM if won else theme.INK, bold=won, align="left")
            for i, value in enumerate(values):
                cell = pygame.Rect(rect.left + name_w + i * col_w, y, col_w, row_h)
                bold = i == bold_col
                faint = faint_from is not None and i >= faint_from
                tx.draw_line(surface, fonts, str(value), cell, px(19 if bold else 17, s),
                             theme.RED if bold else (theme.INK_SOFT if faint else theme.INK), bold=bold)
        y = rect.top + head_h + n * row_h + px(2, s)
        for note in notes:
            tx.draw_line(surface, fonts, note, pygame.Rect(rect.left, y, rect.width, note_h), px(15, s),
                         theme.INK_SOFT, align="left")
            y += note_h
