"""World Voyage's end screen: the shared results plus where every point came from.

Per player: their traveller, points from destinations, colour sets,
souvenir sets, money and tokens, the total, and the tie-break counts
(destinations visited, souvenir sets, money) with a note saying how the game
ended and how a tie was settled or shared. The score chart shows what each
player would have scored had the journey ended after that round (money
included, so a line dips when money is spent), in their pawn's colour.
"""

from __future__ import annotations

from functools import partial

import pygame

from ...scenes.results import ResultsScene
from .panels import PAWNS, pawn
from .rules import BREAKDOWN


class VoyageResultsScene(ResultsScene):
    details_share = 0.55

    def __init__(self, app, session, record_stats: bool = True, log: list | None = None) -> None:
        super().__init__(app, session, record_stats, log)
        self.state = session.state

    def seat_colour(self, seat: int) -> tuple:
        return PAWNS[seat % len(PAWNS)]

    def chart_title(self) -> str:
        """Money and tokens count as they stood: spending money can lower a line."""
        return self.app.t("results.chart.if_ended")

    def details_height(self, s: float) -> int:
        return self.score_table_height(len(self.notes()), s)

    def notes(self) -> list:
        """How the game ended, and which tie-break decided (or shared) first place."""
        res, t, extra = self.result, self.app.t, self.result.extra
        out = [t(f"voyage.results.end_{extra.get('end') or 'rounds'}", n=extra.get("rounds", self.state.round))]
        best = max(res.scores)
        tied = [s for s, v in enumerate(res.scores) if v == best]
        if len(tied) > 1:
            if len(res.winners) > 1:
                out.append(t("voyage.results.tie_shared"))
            else:
                keys = [(extra["destinations"][s], extra["souvenir_sets"][s], extra["money"][s]) for s in tied]
                level = next(i for i in range(3) if len({k[i] for k in keys}) > 1)
                out.append(t(("voyage.results.tie_destinations", "voyage.results.tie_sets",
                              "voyage.results.tie_money")[level]))
        return out

    def draw_details(self, surface, rect: pygame.Rect) -> None:
        t, extra = self.app.t, self.result.extra
        columns = list(BREAKDOWN) + ["total", "visited", "sets"]
        rows = []
        for seat, info in enumerate(self.session.seats):
            values = [self.result.breakdown[seat].get(k, 0) for k in BREAKDOWN]
            values += [self.result.scores[seat], extra["destinations"][seat], extra["souvenir_sets"][seat]]
            rows.append((partial(pawn, seat), info.name, values))
        self.draw_score_table(surface, rect, [t(f"voyage.results.{k}") for k in columns], rows, self.notes(),
                              name_share=0.24, bold_col=len(BREAKDOWN), faint_from=len(BREAKDOWN) + 1)
