"""The end-of-game screen every game shares: ranking, winners, scores, rematch.

Games subclass `ResultsScene` and override `draw_details(surface, rect)` to
show their own score breakdown in the lower part; the default draws
`Result.breakdown` as a plain table. Beside the ranking a chart shows every
player's score turn by turn, replayed from the session (any game whose state
has `scores_now()`); games may word its heading and axis (`chart_title`,
`chart_unit`), colour its lines (`seat_colour`) and say how much height their
details fill (`details_height`), leaving the rest to the ranking and chart.
The table hands over its log (`log`), which the Log button reopens.
A solo game against the game's own opponent (`Result.extra["opponent"]`, its
total, and `opponent_name`) ranks the opponent with the seat; when it scores
more, no seat has won and the banner names it.
Statistics are counted once, when the screen first shows (pass
`record_stats=False` for replays and for games that were already over when
loaded).
"""

from __future__ import annotations

import pygame

from ..core import registry
from ..core.game import BOT_LEVELS
from ..ui import text as tx
from ..ui import theme
from ..ui.dialogs import show_error
from ..ui.score_chart import SEAT_COLOURS, ScoreChart, score_series
from ..ui.theme import px
from ..ui.screen import FormScene, button_row
from ..ui.seat_words import kind_label
from ..ui.widgets import Button
from .launch import back_to_menu, open_game


def _num(value) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def ranks(result, tie=lambda seat: ()) -> list:
    """(seat, rank) best first; shared winners and equal scores share a rank, unless the game's
    tie-break (`tie`: a seat's key, smaller ranks higher) parts the equal scores below the win."""
    sign = 1 if result.lower_is_better else -1

    def key(seat) -> tuple:
        return seat not in result.winners, sign * result.scores[seat], tie(seat)

    out, prev, rank = [], None, 0
    for pos, seat in enumerate(sorted(range(len(result.scores)), key=key)):
        here = key(seat)
        if here != prev:
            rank, prev = pos + 1, here
        out.append((seat, rank))
    return out


class ResultsScene(FormScene):
    details_share = 0.42  # part of the panel height given to `draw_details` (0 hides it)
    fanfare = True  # the win flourish as a game's results first open (False: the table's finale played it)

    def __init__(self, app, session, record_stats: bool = True, log: list | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.result = session.state.result()
        self.record_stats = record_stats
        self.log_entries = list(log or [])
        self.rematch_button = Button(app, lambda: app.t("results.rematch"), self.rematch)
        self.menu_button = Button(app, lambda: app.t("results.menu"), lambda: back_to_menu(app), style="secondary")
        self.log_button = Button(app, lambda: app.t("results.log"), self.open_log, style="secondary")
        self.log_button.visible = bool(self.log_entries)
        self.ring.add(self.rematch_button, self.menu_button, self.log_button)
        self.ring.focus(self.rematch_button, keyboard=True)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.ranking_rect = self.chart_rect = self.details_rect = self.panel
        self.chart = self.make_chart()
        self.music = session.game_id  # the game's loop plays on over its results

    def make_chart(self) -> ScoreChart | None:
        """The score chart, replayed from the session's first state (None: the game gives no
        scores before the end)."""
        series = score_series(self.session.initial_state(), self.session.actions)
        if series is None:
            return None
        t, seats = self.app.t, self.session.seats
        return ScoreChart(self.app, series, [seat.name for seat in seats],
                          [self.seat_colour(i) for i in range(len(seats))],
                          [seat for seat, _ in ranks(self.result, self.tie_key)],  # as the table ranks them
                          (self.chart_title, self.chart_unit, lambda: t("results.chart.points")))

    def chart_title(self) -> str:
        """The chart's heading: what a point on it means in this game."""
        return self.app.t("results.chart.title")

    def chart_unit(self) -> str:
        """The x axis: the game's turns or rounds, in the game's own word where it has one."""
        return self.app.t(f"results.chart.{registry.get(self.session.game_id).turn_unit}")

    def seat_colour(self, seat: int) -> tuple:
        """The colour of the seat's line; games with player colours give theirs."""
        return SEAT_COLOURS[seat % len(SEAT_COLOURS)]

    def open_log(self) -> None:
        from .game_log import GameLogScene

        self.app.push(GameLogScene(self.app, self.log_entries))

    def title(self) -> str:
        return self.app.t("results.title")

    def on_enter(self) -> None:
        super().on_enter()
        if self.record_stats:
            self.record_stats = False
            if self.fanfare:
                self.app.sound.play("end")
            from ..core.stats import record_game

            try:
                record_game(self.session.game_id, self.session.seats, self.result, self.session.uid)
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
        fresh.save_dealt()
        back_to_menu(self.app)
        open_game(self.app, fresh)

    # -- layout --------------------------------------------------------------------
    def layout(self, rect, s) -> None:
        w, h = rect.size
        top = self.title_rect().bottom + theme.px(8, s)
        button_h = theme.px(56, s)
        bottom = h - theme.px(28, s)
        pw = min(w - theme.px(80, s), theme.px(1000 if self.chart is None else 1160, s))
        self.panel = pygame.Rect((w - pw) // 2, top, max(0, pw), max(0, bottom - button_h - theme.px(24, s) - top))
        self._place_areas(s)
        buttons = [b for b in (self.log_button, self.menu_button, self.rematch_button) if b.visible]
        row = pygame.Rect(self.panel.left, top, pw, bottom - top)
        for button, box in zip(buttons, button_row(row, len(buttons), button_h, theme.px(24, s), theme.px(240, s))):
            button.place(box, s)

    def _place_areas(self, s: float) -> None:
        """The ranking at the top left, the chart beside it, the details below both."""
        inner = self.panel.inflate(-theme.px(48, s), -theme.px(32, s))
        details_h = int(inner.height * self.details_share)
        needed = self.details_height(s)
        if needed is not None:  # the rest goes to the ranking and the chart
            details_h = min(details_h, needed)
        self.ranking_rect = pygame.Rect(inner.left, inner.top, inner.width, inner.height - details_h)
        self.chart_rect = pygame.Rect(inner.topright, (0, 0))
        if self.chart is not None:
            gap = theme.px(28, s)
            self.ranking_rect.width = int(inner.width * 0.44)
            self.chart_rect = pygame.Rect(self.ranking_rect.right + gap, inner.top,
                                          inner.right - self.ranking_rect.right - gap,
                                          self.ranking_rect.height - theme.px(8, s))
        self.details_rect = pygame.Rect(inner.left, self.ranking_rect.bottom, inner.width, details_h)

    def draw_content(self, surface) -> None:
        s = self.s
        if self.panel.width < theme.px(60, s) or self.panel.height < theme.px(60, s):
            return  # a window too small for anything readable
        theme.panel(surface, self.panel, s)
        if self.chart is not None:
            self.chart.draw(surface, self.chart_rect, s)
        self.draw_ranking(surface, self.ranking_rect)
        if self.details_rect.height > 0:
            details = self.details_rect
            pygame.draw.line(surface, theme.PAPER_EDGE, details.topleft, details.topright, max(1, theme.px(2, s)))
            self.draw_details(surface, details.inflate(0, -theme.px(16, s)))

    def opponent_label(self, name: str) -> str:
        """A solo opponent's ranking row: "The Jabberwock (Hard)" when the game names its level
        (`extra["opponent_level"]`, in the seats' level words, as the game's own table says it)."""
        level = self.result.extra.get("opponent_level")
        if level in BOT_LEVELS:
            return self.app.t("results.opponent_label_level", name=name, level=self.app.t(f"setup.{level}"))
        return self.app.t("results.opponent_label", name=name)

    def solo_opponent(self) -> tuple | None:
        """(name, total) of a solo game's own opponent, or None."""
        extra = self.result.extra
        if "opponent" not in extra:
            return None
        name = extra.get("opponent_name")
        return (self.app.i18n.pick(name) if name else self.app.t("setup.opponent")), extra["opponent"]

    def banner(self) -> str:
        """Who won, over the ranking: the seats, or a solo opponent that scored more (games may
        say it their own way)."""
        t = self.app.t
        names = [self.session.seats[i].name for i in self.result.winners]
        opponent = self.solo_opponent()
        if opponent is not None and not names:
            return t("results.opponent_wins", name=opponent[0], score=_num(opponent[1]))
        if len(names) > 1:
            return t("results.winners_shared", names=self.app.i18n.join(names))
        return t("results.winner", name="".join(names))

    def tie_key(self, seat: int) -> tuple:
        """How the game parts equal scores below the win (smaller first); none by default."""
        return ()

    def draw_ranking(self, surface, rect: pygame.Rect) -> None:
        s, t, res = self.s, self.app.t, self.result
        banner_h = theme.px(52, s)
        opponent = self.solo_opponent()
        tx.draw_line(surface, self.app.fonts, self.banner(), pygame.Rect(rect.left, rect.top, rect.width, banner_h),
                     theme.px(theme.HEADING, s), theme.PLUM, bold=True)
        sense = t("results.lower_better" if res.lower_is_better else "results.higher_better")
        wins, games = self.session.match_standing()
        if games > 1:  # a match of several games counts wins
            standings = ", ".join(f"{seat.name} {w:g}" for seat, w in zip(self.session.seats, wins))
            sense += t("sep") + t("results.match", games=games, standings=standings)
        tx.draw_line(surface, self.app.fonts, sense, pygame.Rect(rect.left, rect.top + banner_h, rect.width, theme.px(26, s)),
                     theme.px(theme.TEXT_SMALL, s), theme.INK_SOFT)
        y = rect.top + banner_h + theme.px(34, s)
        rows = ranks(res, self.tie_key)
        if opponent is not None:  # first when it won, else after the seats
            beat = not res.winners
            rows = [(None, 1)] + [(seat, rank + 1) for seat, rank in rows] if beat else rows + [(None, len(rows) + 1)]
        row_h = min(theme.px(46, s), (rect.bottom - y) // max(1, len(rows)))
        for seat, rank in rows:
            row = pygame.Rect(rect.left, y, rect.width, row_h - theme.px(4, s))
            won = seat in res.winners if seat is not None else not res.winners
            if won:
                pygame.draw.rect(surface, theme.GOLD_LIGHT, row, border_radius=theme.px(8, s))
            if seat is None:
                self.draw_row(surface, row, rank, self.opponent_label(opponent[0]), opponent[1], won)
            else:
                self.draw_seat_row(surface, row, seat, rank, won)
            y += row_h

    def draw_seat_row(self, surface, row: pygame.Rect, seat: int, rank: int, won: bool) -> None:
        info = self.session.seats[seat]
        label = info.name
        if info.is_bot:
            level = kind_label(self.app, f"bot-{info.level}")
            label = self.app.t("results.bot_label", name=label, level=level)
        self.draw_row(surface, row, rank, label, self.result.scores[seat], won)

    def draw_row(self, surface, row: pygame.Rect, rank: int, label: str, score, won: bool) -> None:
        """One line of the ranking: rank, name, score."""
        s = self.s
        size = theme.px(theme.TEXT_LARGE if won else theme.TEXT, s)
        pad = theme.px(14, s)
        tx.draw_line(surface, self.app.fonts, f"{rank}.", pygame.Rect(row.left + pad, row.top, theme.px(50, s), row.height),
                     size, theme.INK, bold=True, align="left")
        name_w = row.width - 2 * pad - theme.px(56 + 130, s)  # all but the rank and the score
        tx.draw_line(surface, self.app.fonts, label, pygame.Rect(row.left + pad + theme.px(56, s), row.top, name_w, row.height),
                     size, theme.INK, bold=won, align="left")
        tx.draw_line(surface, self.app.fonts, _num(score),
                     pygame.Rect(row.right - pad - theme.px(120, s), row.top, theme.px(120, s), row.height),
                     size, theme.PLUM if won else theme.INK, bold=True, align="right")

    def details_height(self, s: float) -> int | None:
        """The most height `draw_details` can use (None: its whole share, `details_share`)."""
        return None

    def score_table_height(self, notes: int, s: float, rows: int | None = None) -> int:
        """What `draw_score_table` fills with `rows` rows (one per seat unless told) and `notes` notes at most."""
        rows = len(self.session.seats) if rows is None else rows
        return px(28 + 16, s) + px(48, s) * rows + px(24, s) * notes

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
