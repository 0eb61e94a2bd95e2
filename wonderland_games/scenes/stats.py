"""Statistics per game: games played, best score, and per seat kind played / won / rate.

One game at a time (a Choice picks it, first showing the game last played), so the
table stays large and readable however many games get built. Games of bots alone
count for nothing here; a line at the foot says how many were watched.
"""

from __future__ import annotations

import pygame

from ..core import registry
from ..ui import text as tx
from ..ui import theme
from ..ui.screen import FormScene
from ..ui.widgets import Button, Choice
from .setup import KINDS


class StatsScene(FormScene):
    music = "menu"

    def __init__(self, app, game: str | None = None) -> None:
        super().__init__(app)
        from ..core.stats import SEAT_KINDS, load_stats

        self.kinds = SEAT_KINDS
        self.stats = load_stats()
        ids = [g.id for g in registry.games() if g.available or g.id in self.stats["games"]]
        self.game = Choice(app, [(gid, (lambda gid=gid: app.i18n.pick(registry.game_name(gid)))) for gid in ids],
                           value=game)
        self.back_button = Button(app, lambda: app.t("stats.back"), self.back, style="secondary")
        self.ring.add(self.game, self.back_button)
        self.ring.focus(self.game, keyboard=False)
        self.panel = pygame.Rect(0, 0, 0, 0)

    def title(self) -> str:
        return self.app.t("stats.title")

    def layout(self, rect, s) -> None:
        w, h = rect.size
        top = self.title_rect().bottom + theme.px(8, s)
        button_h = theme.px(56, s)
        bottom = h - theme.px(28, s)
        cw = min(w - theme.px(80, s), theme.px(420, s))
        self.game.place(((w - cw) // 2, top, cw, theme.px(52, s)), s)
        pw = min(w - theme.px(80, s), theme.px(920, s))
        ptop = top + theme.px(70, s)
        self.panel = pygame.Rect((w - pw) // 2, ptop, pw, bottom - button_h - theme.px(24, s) - ptop)
        bw = theme.px(220, s)
        self.back_button.place((w // 2 - bw // 2, bottom - button_h, bw, button_h), s)

    def draw_content(self, surface) -> None:
        s = self.s
        theme.panel(surface, self.panel, s)
        inner = self.panel.inflate(-theme.px(56, s), -theme.px(40, s))
        game = self.stats["games"].get(self.game.value) if self.game.options else None
        t = self.app.t
        if game and game["watched"]:
            foot = pygame.Rect(inner.left, inner.bottom - theme.px(30, s), inner.width, theme.px(30, s))
            tx.draw_line(surface, self.app.fonts, t("stats.watched", n=game["watched"]), foot,
                         theme.px(theme.TEXT_SMALL, s), theme.INK_SOFT)
            inner.height -= foot.height
        if not game or not (game["played"] or game["hints"]):
            tx.draw_block(surface, self.app.fonts, t("stats.no_games"), inner, theme.px(theme.TEXT, s), theme.INK_SOFT)
            return
        fonts = self.app.fonts
        kinds = [k for k in self.kinds if k in KINDS or game["seats"][k]["played"]]  # Random: only once played
        line_h = min(theme.px(46, s), inner.height // (5 + len(kinds)))
        y = inner.top
        half = inner.width // 2
        best = game["best"]
        best_text = t("stats.best_by", score=_num(best["score"]), name=best["name"]) if best else t("stats.none")
        rows = ((t("stats.played"), str(game["played"])), (t("stats.best"), best_text), None,
                (t("table.stats_hints"), str(game["hints"])))
        for row in rows:
            if row is None:  # how to read the best score, under it
                sense = t("stats.lower_better" if game.get("lower_is_better") else "stats.higher_better")
                tx.draw_line(surface, fonts, sense, pygame.Rect(inner.left, y, inner.width, line_h * 2 // 3),
                             theme.px(theme.TEXT_SMALL, s), theme.INK_SOFT, align="right")
                y += line_h * 2 // 3
                continue
            label, value = row
            tx.draw_line(surface, fonts, label, pygame.Rect(inner.left, y, half, line_h), theme.px(theme.TEXT, s),
                         theme.INK_SOFT, align="left")
            tx.draw_line(surface, fonts, value, pygame.Rect(inner.left + half, y, half, line_h),
                         theme.px(theme.TEXT_LARGE, s), theme.PLUM, bold=True, align="right")
            y += line_h
        y += line_h // 3
        cols = [0.34, 0.16, 0.16, 0.16, 0.18]
        heads = [t("stats.kind"), t("stats.seats_played"), t("stats.won"), t("stats.rate"), t("stats.best")]
        self._row(surface, inner, y, line_h, cols, heads, theme.TEAL, bold=True)
        y += line_h
        pygame.draw.line(surface, theme.PAPER_EDGE, (inner.left, y), (inner.right, y), max(1, theme.px(2, s)))
        for kind in kinds:
            row = game["seats"][kind]
            rate = f"{100 * row['won'] / row['played']:.0f}%" if row["played"] else "–"
            cells = [t(f"stats.kinds.{kind}"), str(row["played"]), str(row["won"]), rate,
                     _num(row["best"]) if row["best"] is not None else "–"]
            self._row(surface, inner, y + theme.px(4, s), line_h, cols, cells, theme.INK)
            y += line_h

    def _row(self, surface, inner, y, h, cols, cells, color, bold=False) -> None:
        x = inner.left
        for frac, cell in zip(cols, cells):
            w = int(inner.width * frac)
            align = "left" if x == inner.left else "center"
            tx.draw_line(surface, self.app.fonts, cell, pygame.Rect(x, y, w - theme.px(6, self.s), h),
                         theme.px(theme.TEXT, self.s), color, bold=bold, align=align)
            x += w


def _num(value) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)
