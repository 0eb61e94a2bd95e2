"""Dream Teller's end screen: the ranking as a table of every round, and why each scored.

The ranking (winners first; a tie on points goes to fewer penalties, then the
win is shared, as `rules.winners` decides) is a table: per seat and round the
role it held (a tint and a short tag) and its points, then its penalties and
its total. Beside it the shared score chart (totals round by round) and, under
the chart, one round in words: who dreamt, the two piles, and per role the
seats that held it, their points and the reason (the story's bonus, the
sandman's case: equal piles, a difference of 1, of 2 or more), the words of
both piles and the points so far. ◀ ▶ or a click on a round's number picks the
round (the last one first).
"""

from __future__ import annotations

import pygame

from ...scenes.results import ResultsScene, ranks
from ...ui import text as tx
from ...ui import theme
from ...ui.theme import px
from ...ui.widgets import Button
from .lexicon import load_lexicon
from .narrate import piles, reason_text, words_text
from .rules import ROLES
from .state import CORRECT, SKIP, WRONG

ROLE_TINTS = {"dreamer": (222, 214, 244), "fairy": (196, 232, 226), "boogeyman": (234, 200, 222),
              "sandman": (248, 228, 168)}
WIDE = 1.7  # the penalties and total columns, in round columns


def tie_note(app, scores: list, penalties: list, winners: list, names: list):
    """How a tie on the best score was settled (fewer penalties) or shared; None without a tie."""
    level = [s for s, v in enumerate(scores) if v == max(scores)]
    if len(level) < 2:
        return None
    if len(winners) == len(level):
        return app.t("dream.results.tie_shared", points=max(scores))
    counts = app.i18n.join([app.t("dream.results.count_of", name=names[s], n=penalties[s]) for s in level])
    return app.t("dream.results.tie_penalties", points=max(scores), counts=counts)


class DreamResultsScene(ResultsScene):
    def __init__(self, app, session, record_stats: bool = True, log: list | None = None) -> None:
        super().__init__(app, session, record_stats=record_stats, log=log)
        self.lexicon = load_lexicon()
        self.history = session.state.history
        self.shown = len(self.history) - 1
        self.prev_button = Button(app, lambda: app.t("dream.results.prev"), lambda: self.show_round(self.shown - 1),
                                  style="secondary", size=theme.TEXT_SMALL)
        self.next_button = Button(app, lambda: app.t("dream.results.next"), lambda: self.show_round(self.shown + 1),
                                  style="secondary", size=theme.TEXT_SMALL)
        self.ring.add(self.prev_button, self.next_button)
        self.round_heads: list = []  # (rect, round) of the table's round numbers, for clicks
        self.show_round(self.shown)

    def show_round(self, number: int) -> None:
        self.shown = max(0, min(len(self.history) - 1, number))
        self.prev_button.enabled = self.shown > 0
        self.next_button.enabled = self.shown < len(self.history) - 1

    def handle_event(self, event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, number in self.round_heads:
                if rect.collidepoint(event.pos):
                    self.show_round(number)
                    return
        super().handle_event(event)

    # -- words -----------------------------------------------------------------------
    def names(self) -> list:
        return [seat.name for seat in self.session.seats]

    def note(self) -> str:
        """Under the banner: how a tie was settled, else which way scores count."""
        res = self.result
        tie = tie_note(self.app, res.scores, res.extra["penalties"], res.winners, self.names())
        return tie or self.app.t("results.higher_better")

    def round_title(self, number: int) -> str:
        record = self.history[number]
        correct, wrong = piles(record["cards"])
        return self.app.t("dream.results.round_title", round=number + 1, name=self.names()[record["dreamer"]],
                          correct=correct, wrong=wrong)

    def round_lines(self, number: int) -> list:
        """One round in words: per role its seats, points and reason; the piles' words; the points so far."""
        app, t, record = self.app, self.app.t, self.history[number]
        names = self.names()
        correct, wrong = piles(record["cards"])
        lines = []
        for role in ROLES:
            seats = [s for s, r in enumerate(record["roles"]) if r == role]
            if not seats:
                continue
            points = record["points"][seats[0]]  # a role's seats score alike
            reason = reason_text(app, record["reasons"][seats[0]], correct, wrong, record["story"])
            lines.append(t("dream.results.role_line", role=t(f"dream.role.{role}"),
                           names=app.i18n.join([names[s] for s in seats]), points=points, reason=reason))
        right = [w for w, o, _ in record["cards"] if o == CORRECT]
        missed = [w for w, o, _ in record["cards"] if o in (WRONG, SKIP)]
        lines.append(t("dream.results.cards", right=words_text(app, self.lexicon, right),
                       wrong=words_text(app, self.lexicon, missed)))
        so_far = [sum(r["points"][s] for r in self.history[:number + 1]) for s in range(len(names))]
        lines.append(t("dream.results.totals", round=number + 1, totals=app.i18n.join(
            [t("dream.results.count_of", name=n, n=p) for n, p in zip(names, so_far)])))
        return lines

    # -- layout ----------------------------------------------------------------------
    def _place_areas(self, s: float) -> None:
        """The ranking table on the left; the chart and the round in words on the right."""
        inner = self.panel.inflate(-px(48, s), -px(32, s))
        gap = px(28, s)
        self.ranking_rect = pygame.Rect(inner.left, inner.top, int(inner.width * 0.56), inner.height)
        right = pygame.Rect(self.ranking_rect.right + gap, inner.top, inner.right - self.ranking_rect.right - gap,
                            inner.height)
        chart_h = int(right.height * 0.46) if self.chart is not None else 0
        self.chart_rect = pygame.Rect(right.left, right.top, right.width, chart_h)
        self.details_rect = pygame.Rect(right.left, right.top + chart_h, right.width, right.height - chart_h)

    def layout(self, rect, s) -> None:
        super().layout(rect, s)
        head = self.details_head()
        w = min(px(44, s), head.width // 6)
        self.next_button.place(pygame.Rect(head.right - w, head.top, w, head.height), s)
        self.prev_button.place(pygame.Rect(head.right - 2 * w - px(8, s), head.top, w, head.height), s)

    def details_head(self) -> pygame.Rect:
        """The row of the round's title and its ◀ ▶ buttons."""
        return pygame.Rect(self.details_rect.left, self.details_rect.top + px(12, self.s), self.details_rect.width,
                           px(34, self.s))

    # -- drawing ---------------------------------------------------------------------
    def draw_ranking(self, surface, rect: pygame.Rect) -> None:
        s, fonts = self.s, self.app.fonts
        banner_h, note_h = px(52, s), px(26, s)
        tx.draw_line(surface, fonts, self.banner(), pygame.Rect(rect.left, rect.top, rect.width, banner_h),
                     px(theme.HEADING, s), theme.PLUM, bold=True)
        tx.draw_line(surface, fonts, self.note(), pygame.Rect(rect.left, rect.top + banner_h, rect.width, note_h),
                     px(theme.TEXT_SMALL, s), theme.INK_SOFT)
        legend_h = px(26, s)
        top = rect.top + banner_h + note_h + px(8, s)
        self.draw_table(surface, pygame.Rect(rect.left, top, rect.width, rect.bottom - legend_h - top))
        self.draw_legend(surface, pygame.Rect(rect.left, rect.bottom - legend_h, rect.width, legend_h))

    def draw_table(self, surface, rect: pygame.Rect) -> None:
        """Rank, name, a tinted cell per round (role tag and points), penalties, total; best first."""
        s, t, fonts, res = self.s, self.app.t, self.app.fonts, self.result
        rounds = len(self.history)
        rank_w, name_w = px(34, s), int(rect.width * 0.2)
        col_w = int((rect.width - rank_w - name_w) / (rounds + 2 * WIDE))
        head_h = px(28, s)
        rows = ranks(res)
        row_h = max(px(18, s), min(px(40, s), (rect.height - head_h) // max(1, len(rows))))
        left = rect.left + rank_w + name_w
        self.round_heads = []
        for number in range(rounds):
            box = pygame.Rect(left + number * col_w, rect.top, col_w, head_h)
            if number == self.shown:
                pygame.draw.rect(surface, theme.GOLD_LIGHT, box.inflate(-px(4, s), 0), border_radius=px(6, s))
            tx.draw_line(surface, fonts, t("dream.results.round_head", n=number + 1), box, px(15, s), theme.TEAL,
                         bold=True)
            self.round_heads.append((box, number))
        wide = int(col_w * WIDE)
        for i, key in enumerate(("penalties", "total")):
            box = pygame.Rect(left + rounds * col_w + i * wide, rect.top, wide, head_h)
            tx.draw_line(surface, fonts, t(f"dream.results.{key}"), box, px(15, s), theme.TEAL, bold=True)
        for line, (seat, rank) in enumerate(rows):
            y = rect.top + head_h + line * row_h
            row = pygame.Rect(rect.left, y, rect.width, row_h)
            won = seat in res.winners
            if won:
                pygame.draw.rect(surface, theme.GOLD_LIGHT, row, border_radius=px(6, s))
            size = px(16, s)
            tx.draw_line(surface, fonts, f"{rank}.", pygame.Rect(row.left + px(4, s), y, rank_w, row_h), size,
                         theme.INK, bold=True, align="left")
            tx.draw_line(surface, fonts, self.session.seats[seat].name,
                         pygame.Rect(row.left + rank_w, y, name_w - px(6, s), row_h), size,
                         theme.PLUM if won else theme.INK, bold=won, align="left")
            for number, record in enumerate(self.history):
                role = record["roles"][seat]
                cell = pygame.Rect(left + number * col_w, y, col_w, row_h).inflate(-px(4, s), -px(4, s))
                pygame.draw.rect(surface, ROLE_TINTS[role], cell, border_radius=px(5, s))
                text = t("dream.results.cell", tag=t(f"dream.results.tag.{role}"), points=record["points"][seat])
                tx.draw_line(surface, fonts, text, cell, px(15, s), theme.INK)
            penalties = res.extra["penalties"][seat]
            tx.draw_line(surface, fonts, f"−{penalties}" if penalties else "0",
                         pygame.Rect(left + rounds * col_w, y, wide, row_h), size,
                         theme.RED if penalties else theme.INK_SOFT)
            tx.draw_line(surface, fonts, str(res.scores[seat]), pygame.Rect(left + rounds * col_w + wide, y, wide, row_h),
                         px(18, s), theme.RED, bold=True)

    def draw_legend(self, surface, rect: pygame.Rect) -> None:
        """A tinted square and the name of each role, then how to pick a round."""
        s, t = self.s, self.app.t
        x = rect.left
        box = px(14, s)
        for role in ROLES:
            pygame.draw.rect(surface, ROLE_TINTS[role], (x, rect.centery - box // 2, box, box), border_radius=px(3, s))
            label = t("dream.results.legend", tag=t(f"dream.results.tag.{role}"), role=t(f"dream.role.{role}"))
            used = tx.draw_line(surface, self.app.fonts, label,
                                pygame.Rect(x + box + px(4, s), rect.top, rect.right - x - box, rect.height),
                                px(14, s), theme.INK_SOFT, align="left")
            x = used.right + px(12, s)
        hint, room = t("dream.results.pick_round"), pygame.Rect(x, rect.top, rect.right - x, rect.height)
        font, shown = tx.fit_line(self.app.fonts, hint, room.width, room.height, px(14, s), min_ratio=1.0)
        if shown == hint:  # whole and no smaller than at 100%, or left to the round arrows
            img = tx.render(font, hint, theme.INK_SOFT)
            surface.blit(img, img.get_rect(midright=room.midright))

    def draw_details(self, surface, rect: pygame.Rect) -> None:
        s = self.s
        head = self.details_head()
        title = pygame.Rect(head.left, head.top, self.prev_button.rect.left - head.left - px(8, s), head.height)
        tx.draw_line(surface, self.app.fonts, self.round_title(self.shown), title, px(16, s), theme.PLUM, bold=True,
                     align="left")
        body = pygame.Rect(rect.left, head.bottom + px(6, s), rect.width, rect.bottom - head.bottom - px(6, s))
        tx.draw_block(surface, self.app.fonts, "\n".join(self.round_lines(self.shown)), body, px(15, s), theme.INK,
                      align="left", valign="top")
