"""Lost in Oz's end screen: the shared results plus where every point came from.

Per player: the character, points from their own gem, from the other gems,
from visiting the wizard, the total, and the magic cards played (the first
tie-break), with a note when a tie was decided or shared. The score chart
draws each player's line in their gem colour (points are earned for good in
Oz, so a line never falls).
"""

from __future__ import annotations

from functools import partial

import pygame

from ...scenes.results import ResultsScene
from .art import GEM_RGB, OzArt
from .rules import BREAKDOWN


class OzResultsScene(ResultsScene):
    details_share = 0.5

    def __init__(self, app, session, record_stats: bool = True, log: list | None = None) -> None:
        super().__init__(app, session, record_stats, log)
        self.state = session.state
        self.art = OzArt(app.font)

    def seat_colour(self, seat: int) -> tuple:
        return GEM_RGB[self.session.state.colours[seat]]

    def chart_unit(self) -> str:
        return self.app.t("oz.results.chart_round")

    def details_height(self, s: float) -> int:
        return self.score_table_height(len(self.notes()), s)

    def notes(self) -> list:
        res, t = self.result, self.app.t
        best = max(res.scores)
        tied = [s for s, v in enumerate(res.scores) if v == best]
        out = [t("oz.results.rounds", n=res.extra.get("rounds", self.state.round))]
        if len(tied) > 1:
            out.append(t("oz.results.tie_shared" if len(res.winners) > 1 else "oz.results.tie_cards"))
        return out

    def draw_details(self, surface, rect: pygame.Rect) -> None:
        t, n = self.app.t, len(self.session.seats)
        columns = list(BREAKDOWN) + ["total", "played"]
        played = self.result.extra.get("cards_played", [0] * n)
        rows = []
        for seat in range(n):
            character, colour = self.state.characters[seat], self.state.colours[seat]
            label = f"{self.session.seats[seat].name}{t('sep')}{t('oz.characters.' + character)}"
            values = [self.result.breakdown[seat].get(k, 0) for k in BREAKDOWN]
            rows.append((partial(self.art.token, character, colour), label,
                         values + [self.result.scores[seat], played[seat]]))
        self.draw_score_table(surface, rect, [t(f"oz.results.{k}") for k in columns], rows, self.notes(),
                              name_share=0.34, bold_col=len(BREAKDOWN))
