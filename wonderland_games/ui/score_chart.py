"""A line chart of every player's score turn by turn, for the results screen.

`score_series` replays a game from its first state and takes each seat's
`scores_now()` whenever a whole turn (or round) ends, by the game's own
`turns_done()`; the final scoring is the last point. `ScoreChart` draws the
series in the players' colours, each line ending in its seat's shape (ui/shapes.py,
also on the legend's swatch, so no line is told by colour alone), with labelled
axes and a legend of names, and draws nothing where the rect is too small to read (never a surface of size 0).
"""

from __future__ import annotations

import math

import pygame

from . import text as tx
from . import shapes, theme
from .theme import px
from .widgets import resolve

# seat colours for games whose players have none of their own (Parade)
SEAT_COLOURS = ((214, 58, 52), (44, 104, 214), (34, 150, 78), (232, 150, 20), (128, 70, 170), (20, 160, 170))


def score_series(state, actions) -> list | None:
    """[(turns done, [score per seat])]: at the start, after each whole turn, and the final
    scores last. `state` is the starting state (it is played through). None when the game
    does not tell its scores before the end."""
    scores = state.scores_now()
    if scores is None:
        return None
    points = [(state.turns_done(), list(scores))]
    for action in actions:
        state.apply(action)
        done = state.turns_done()
        if done != points[-1][0]:
            points.append((done, list(state.scores_now())))
    if actions:  # what the last actions scored within the turn (Parade's kept cards) counts too
        points[-1] = (points[-1][0], list(state.scores_now()))
    return points


def nice_ticks(low: float, high: float, most: int) -> list:
    """Round whole tick values (steps of 1, 2 or 5 times a power of ten) from at or below
    `low` to at or above `high`, about `most` of them, never fewer than two."""
    high = max(high, low + 1)
    raw = (high - low) / (max(2, most) - 1)
    power = 10 ** math.floor(math.log10(raw))
    step = max(1, int(next(m * power for m in (1, 2, 5, 10) if m * power >= raw)))
    ticks = [math.floor(low / step) * step]
    while ticks[-1] < high:
        ticks.append(ticks[-1] + step)
    return ticks


def _light(colour) -> bool:
    r, g, b = colour[:3]
    return 0.3 * r + 0.59 * g + 0.11 * b > 180


class ScoreChart:
    """One game's series drawn into any rect. `order` lists seats bottom to top, each line
    thinner than the one below (the winners first and widest), so lines that run together
    show as stripes; `labels` are (title, x axis, y axis), each a string or a function
    giving one (so a language switch shows at once)."""

    MIN_SIZE = (160, 110)  # unscaled: below this the chart is not drawn at all

    def __init__(self, app, series: list, names: list, colours: list, order: list, labels: tuple) -> None:
        self.app = app
        self.series = series
        self.names = names
        self.colours = colours
        self.order = order
        self.labels = labels
        self.plot = pygame.Rect(0, 0, 0, 0)  # where the lines went, last drawn

    def fits(self, rect: pygame.Rect, s: float) -> bool:
        return rect.width >= px(self.MIN_SIZE[0], s) and rect.height >= px(self.MIN_SIZE[1], s)

    def point_at(self, plot: pygame.Rect, x: float, y: float, xs: tuple, ys: tuple) -> tuple:
        """The pixel of the value (x, y) in `plot` for the axis ranges xs and ys."""
        fx = (x - xs[0]) / max(1e-9, xs[1] - xs[0])
        fy = (y - ys[0]) / max(1e-9, ys[1] - ys[0])
        return plot.left + round(fx * plot.width), plot.bottom - round(fy * plot.height)

    def draw(self, surface, rect: pygame.Rect, s: float) -> None:
        rect = pygame.Rect(rect)
        if not self.series or not self.fits(rect, s):
            self.plot = pygame.Rect(rect.topleft, (0, 0))
            return
        fonts, small = self.app.fonts, px(13, s)
        title, x_label, y_label = (resolve(label) for label in self.labels)
        line_h = px(22, s)
        tx.draw_line(surface, fonts, title, pygame.Rect(rect.left, rect.top, rect.width, line_h), px(15, s),
                     theme.TEAL, bold=True, align="left")
        legend_top = rect.top + line_h
        legend_h = self._draw_legend(surface, pygame.Rect(rect.left, legend_top, rect.width, line_h), s)
        values = [v for _, scores in self.series for v in scores]
        ticks_y = nice_ticks(min(0, min(values)), max(values), max(2, (rect.height - legend_h) // px(34, s)))
        font = self.app.font(small)
        label_w = max(font.size(str(v))[0] for v in ticks_y) + px(8, s)
        top = legend_top + legend_h + px(26, s)  # room for the y axis name above the top tick
        plot = pygame.Rect(rect.left + label_w, top, rect.width - label_w - px(10, s),
                           rect.bottom - top - px(18, s) - line_h)
        if plot.width < px(40, s) or plot.height < px(30, s):
            self.plot = pygame.Rect(rect.topleft, (0, 0))
            return
        self.plot = plot
        xs = (self.series[0][0], max(self.series[-1][0], self.series[0][0] + 1))
        ys = (ticks_y[0], ticks_y[-1])
        tx.draw_line(surface, fonts, y_label, pygame.Rect(rect.left, top - px(28, s), plot.width, px(16, s)),
                     small, theme.INK_SOFT, align="left")
        for v in ticks_y:
            _, y = self.point_at(plot, xs[0], v, xs, ys)
            pygame.draw.line(surface, theme.CREAM_DARK if v else theme.PAPER_EDGE, (plot.left, y), (plot.right, y),
                             max(1, px(1, s)))
            tx.draw_line(surface, fonts, str(v), pygame.Rect(rect.left, y - px(9, s), label_w - px(6, s), px(18, s)),
                         small, theme.INK_SOFT, align="right")
        ticks_x = [v for v in nice_ticks(xs[0], xs[1], max(2, plot.width // px(56, s))) if v <= xs[1]]
        for v in ticks_x:
            x, _ = self.point_at(plot, v, ys[0], xs, ys)
            pygame.draw.line(surface, theme.PAPER_EDGE, (x, plot.bottom), (x, plot.bottom + px(4, s)), max(1, px(1, s)))
            tx.draw_line(surface, fonts, str(v), pygame.Rect(x - px(24, s), plot.bottom + px(4, s), px(48, s), px(16, s)),
                         small, theme.INK_SOFT)
        pygame.draw.line(surface, theme.INK_SOFT, plot.topleft, plot.bottomleft, max(1, px(1, s)))
        tx.draw_line(surface, fonts, x_label, pygame.Rect(plot.left, plot.bottom + px(18, s), plot.width, line_h),
                     small, theme.INK_SOFT, align="right")
        self._draw_lines(surface, plot, xs, ys, s)

    def _draw_lines(self, surface, plot: pygame.Rect, xs: tuple, ys: tuple, s: float) -> None:
        """Each seat's line, in `order`, the lower ones wider."""
        width, step = px(3, s), max(1, px(8, s) // max(1, len(self.order)))
        dots = plot.width / max(1, len(self.series) - 1) >= px(12, s)
        for depth, seat in enumerate(self.order):
            w = width + step * (len(self.order) - 1 - depth)
            colour = self.colours[seat]
            points = [self.point_at(plot, x, scores[seat], xs, ys) for x, scores in self.series]
            if _light(colour):  # a white or yellow line needs an edge on cream paper
                self._polyline(surface, theme.INK_SOFT, points, w + 2, dots)
            self._polyline(surface, colour, points, w, dots)
            end, r = points[-1], max(w // 2 + px(3, s), px(7, s))
            pygame.draw.circle(surface, theme.INK, end, r)
            pygame.draw.circle(surface, colour, end, r - max(1, px(1, s)))
            shapes.draw(surface, shapes.seat_shape(seat), end, r * 0.7)

    @staticmethod
    def _polyline(surface, colour, points: list, width: int, dots: bool) -> None:
        if len(points) > 1:
            pygame.draw.lines(surface, colour, False, points, width)
        if dots or len(points) == 1:
            for p in points:
                pygame.draw.circle(surface, colour, p, max(1, width // 2 + 1))

    def _draw_legend(self, surface, row: pygame.Rect, s: float) -> int:
        """A swatch and name per seat, wrapping onto more rows; returns the height used."""
        font = self.app.font(px(14, s))
        swatch, gap = px(18, s), px(14, s)
        x, y = row.left, row.top
        for seat, name in enumerate(self.names):
            shown = tx.ellipsize(font, name, max(px(40, s), row.width // 2 - swatch))
            w = swatch + px(6, s) + font.size(shown)[0]
            if x > row.left and x + w > row.right:
                x, y = row.left, y + row.height
            mid = y + row.height // 2
            bar = pygame.Rect(x, mid - px(3, s), swatch, px(6, s))
            pygame.draw.rect(surface, theme.INK_SOFT, bar.inflate(2, 2), border_radius=px(3, s))
            pygame.draw.rect(surface, self.colours[seat], bar, border_radius=px(3, s))
            shapes.draw(surface, shapes.seat_shape(seat), bar.center, px(7, s))
            img = tx.render(font, shown, theme.INK)
            surface.blit(img, img.get_rect(midleft=(bar.right + px(6, s), mid)))
            x += w + gap
        return y + row.height - row.top
