"""Wonderland Valley's end screen: the shared results plus where every point came from.

Per player: the engine's breakdown (card base points, prosperity conditions,
basic events, special events, point tokens), the total, and the two
tie-break counts (resources left, all four together, and cards in the city),
with a note saying how long the game ran and, when first place was tied on
points, which tie-break decided it or that the win is shared. The same
tie-breaks place equal points below the win.

Solo: the opponent has a row of its own (the printed points of the cards it
took and its tokens, its total), a line on the chart (grey, as its workers),
the banner says when it won, and a note compares the two totals (a tie is
the player's).
"""

from __future__ import annotations

import pygame

from ...scenes.results import ResultsScene
from ...ui.score_chart import score_series
from .art import seat_colour
from .narrate import TIE_BREAKS, tie_note
from .rules import BREAKDOWN

NONE = "–"  # a column the solo opponent has nothing in


class _WithOpponent:
    """A solo game's state whose scores_now adds the opponent's total, for its line on the chart."""

    def __init__(self, state):
        self.state = state

    def scores_now(self) -> list:
        return self.state.scores_now() + [self.state.opponent_score()]

    def apply(self, action) -> None:
        self.state.apply(action)

    def turns_done(self) -> int:
        return self.state.turns_done()


class ValleyResultsScene(ResultsScene):
    details_share = 0.5

    @property
    def solo(self) -> bool:
        return "opponent" in self.result.extra

    def tie_key(self, seat: int) -> tuple:
        """Equal points below the win are placed by the win's tie-breaks too (more resources
        left, then more cards in the city): two players on 1 point both showed "2."."""
        return tuple(-self.result.extra[key][seat] for key in TIE_BREAKS)

    def opponent(self) -> str:
        """"The Jabberwock (Normal)": the solo opponent with its level."""
        extra = self.result.extra
        return self.app.t("valley.results.opponent", opponent=self.app.i18n.pick(extra["opponent_name"]),
                          level=self.app.t(f"valley.words.level.{extra['opponent_level']}"))

    def make_chart(self):
        """Solo: the opponent's line beside the player's, so the chart shows the race it was."""
        chart = super().make_chart()
        if chart is None or not self.solo:
            return chart
        chart.series = score_series(_WithOpponent(self.session.initial_state()), self.session.actions)
        chart.names = chart.names + [self.opponent()]
        chart.colours = chart.colours + [seat_colour(-1)]
        chart.order = [0, 1] if self.result.winners else [1, 0]
        return chart

    def banner(self) -> str:
        if self.solo and not self.result.winners:
            return self.app.t("valley.results.opponent_wins", opponent=self.opponent())
        return super().banner()

    def details_height(self, s: float) -> int:
        return self.score_table_height(len(self.notes()), s, len(self.session.seats) + self.solo)

    def notes(self) -> list:
        """How long the game ran, and how a tie on points was settled or shared (solo: how the
        player's total compares with the opponent's)."""
        res, t, extra = self.result, self.app.t, self.result.extra
        out = [t("valley.results.turns", n=extra["turns"])]
        if self.solo:
            mine, theirs = res.scores[0], extra["opponent"]
            key = "solo_win" if mine > theirs else "solo_tie" if mine == theirs else "solo_loss"
            out.append(t(f"valley.results.{key}", name=self.session.seats[0].name, opponent=self.opponent(),
                         points=mine, theirs=theirs))
            return out
        note = tie_note(t, [seat.name for seat in self.session.seats], res.scores, extra)
        if note:
            out.append(note)
        return out

    def rows(self) -> list:
        """(icon, label, values) per seat, then the solo opponent's."""
        res = self.result
        rows = []
        for seat, info in enumerate(self.session.seats):
            values = [res.breakdown[seat][k] for k in BREAKDOWN] + [res.scores[seat]]
            rows.append((None, info.name, values + [res.extra[k][seat] for k in TIE_BREAKS]))
        if self.solo:
            parts = res.extra["opponent_breakdown"]
            values = [parts.get(k, NONE) for k in BREAKDOWN] + [res.extra["opponent"]]
            rows.append((None, self.opponent(), values + [NONE] * len(TIE_BREAKS)))
        return rows

    def draw_details(self, surface, rect: pygame.Rect) -> None:
        columns = list(BREAKDOWN) + ["total", *TIE_BREAKS]
        self.draw_score_table(surface, rect, [self.app.t(f"valley.results.{k}") for k in columns], self.rows(),
                              self.notes(), name_share=0.2, bold_col=len(BREAKDOWN), faint_from=len(BREAKDOWN) + 1)
