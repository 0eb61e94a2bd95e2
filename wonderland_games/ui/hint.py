"""The Suggest button's thinking: the Hard bot's move and the best options' win chances.

`Adviser` has a bot's `choose(view, legal, rng, budget)` so a `BotRunner`
runs it off the render loop like any bot; its answer is an `Advice`, not an
action. It only ever sees the human's view. A Hard bot that can rank its
options (`rank(view, legal, rng, budget)` -> [(action, win chance)] best
first, as core.bots.MonteCarloBot does) answers itself. One that cannot
(Oz's and Voyage's judge moves by game-specific worths that do not read as
chances) is stood in for by the generic Monte Carlo ranking with the game's
Normal bot playing every seat to the end: random rollouts say little in a race
that good play finishes quickly (see games/oz/bots.py). Such a playout takes
20-100 ms, so it compares only a shortlist the table gives (the best few by
its own judge: Voyage's Normal worths, as its Hard bot does; Oz's planner as
Hard plans its phase): over all of Voyage's ~60 moves a second buys one
sample. Either way the move suggested is the one ranked first (by the bot's
own utility, whose main part is the win share shown). Actions in the same
words (two dice of one value) are judged once. A second's playouts are often
too few for a chance to be trusted to a few points (Valley's early turns get
6-12 per option), so `percent` shows a number only when its 95% interval is
within ten points, the range otherwise, and none where the range would span more
than half the scale: a number that jumped from 78% to 33% between two turns was
the noise of a handful of playouts.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Optional

import pygame

from ..core.bots import Budget, MonteCarloBot, WinChance, bot_policy
from . import theme

SECONDS = 1.0  # the whole hint's thinking budget
SHOWN = 3  # options listed: the suggestion and the next best
SHORTLIST = 4  # options compared by playouts when the Hard bot cannot rank
PRECISE = 0.10  # a chance shows as one number only when its 95% interval is this narrow either way
ROUGH = 0.25  # wider than this either way, a range says nothing ("0–100%"): no chance is shown


@dataclass(frozen=True)
class Advice:
    step: int  # the number of actions played when it was asked: it holds only for that position
    options: tuple  # ((action, win chance), ...) the suggestion first, then the best others


class Adviser:
    """A bot-shaped wrapper (see the module docstring). `same` maps every legal action to the
    one that stands for it (the first with the same words), made on the render thread;
    `shortlist(view, legal, count)` gives the actions worth comparing by playouts."""

    def __init__(self, info, step: int, same: dict, shortlist, seconds: float = SECONDS) -> None:
        self.hard = info.make_bot("hard")
        self.normal = info.make_bot("normal")
        self.step = step
        self.same = same
        self.shortlist = shortlist
        self.seconds = seconds

    def choose(self, view, legal, rng, budget=None) -> Advice:
        rank = getattr(self.hard, "rank", None)
        if rank is None:
            rank = MonteCarloBot(iterations=None, rollout=bot_policy(self.normal)).rank
            legal = self.shortlist(view, legal, SHORTLIST)
        candidates = list(dict.fromkeys(self.same[a] for a in legal))
        ranked = rank(view, candidates, rng, Budget(time_limit=self.seconds))
        return Advice(self.step, tuple(ranked[:SHOWN]))


def merge(legal: list, describe) -> dict:
    """action -> the first legal action described in the same words."""
    first: dict = {}
    return {action: first.setdefault(describe(action), action) for action in legal}


def percent(chance: float) -> Optional[str]:
    """A win chance as the hint shows it: "57%" when it is good to PRECISE either way (95%),
    else the range it is likely in, widened to multiples of 5 ("35–80%"), and None when that
    range is wider than ROUGH either way (too few playouts to tell). A plain float is a
    chance known exactly; a `WinChance` knows its playouts (core/bots.py)."""
    margin = chance.margin() if isinstance(chance, WinChance) else 0.0
    if margin > ROUGH:
        return None
    if margin <= PRECISE:
        return f"{round(100 * chance)}%"
    low = math.floor(100 * max(0.0, chance - margin) / 5) * 5
    high = math.ceil(100 * min(1.0, chance + margin) / 5) * 5
    return f"{low}–{high}%"


def ring(surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
    """The outline round a suggested control (a die, a button), in the suggestion line's teal."""
    pygame.draw.rect(surface, theme.TEAL, rect.inflate(theme.px(10, s), theme.px(10, s)),
                     max(3, theme.px(4, s)), border_radius=theme.px(10, s))
