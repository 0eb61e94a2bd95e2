"""The Suggest button's thinking: what the Hard bot would play, and the best options' win chances.

`Adviser` has a bot's `choose(view, legal, rng, budget)` so a `BotRunner`
runs it off the render loop like any bot; its answer is an `Advice`, not an
action. It only ever sees the human's view. The move suggested is the
game's own Hard bot's choice (given half the budget); the win chances come
from `core.bots.win_chances` with the game's Normal bot playing every seat to
the end (the other half): Hard bots judge moves by game-specific worths that
do not read as chances, and random rollouts say little in a race that good
play finishes quickly (see games/oz/bots.py). Equivalent actions (the same
words, e.g. two dice of one value) are judged once.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..core.bots import Budget, bot_policy, win_chances
from . import theme

SECONDS = 1.0  # the whole hint's thinking budget
SHOWN = 3  # options listed: the suggestion and the next best


@dataclass(frozen=True)
class Advice:
    step: int  # the number of actions played when it was asked: it holds only for that position
    options: tuple  # ((action, win chance), ...) the suggestion first, then the best others


class Adviser:
    """A bot-shaped wrapper (see the module docstring). `same` maps every legal action to the
    one that stands for it (the first with the same words), made on the render thread."""

    def __init__(self, info, step: int, same: dict, seconds: float = SECONDS) -> None:
        self.hard = info.make_bot("hard")
        self.normal = info.make_bot("normal")
        self.step = step
        self.same = same
        self.seconds = seconds

    def choose(self, view, legal, rng, budget=None) -> Advice:
        half = Budget(time_limit=self.seconds / 2)
        best = self.same[self.hard.choose(view, legal, rng, half)]
        ranked = win_chances(view, list(dict.fromkeys(self.same.values())), rng, half, bot_policy(self.normal))
        chance = dict(ranked)
        others = [pair for pair in ranked if pair[0] != best]
        return Advice(self.step, ((best, chance[best]),) + tuple(others[:SHOWN - 1]))


def merge(legal: list, describe) -> dict:
    """action -> the first legal action described in the same words."""
    first: dict = {}
    return {action: first.setdefault(describe(action), action) for action in legal}


def percent(chance: float) -> str:
    return f"{round(100 * chance)}%"


def ring(surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
    """The gold outline round a suggested control (a die, a button, a card)."""
    pygame.draw.rect(surface, theme.GOLD_LIGHT, rect.inflate(theme.px(8, s), theme.px(8, s)),
                     max(2, theme.px(3, s)), border_radius=theme.px(10, s))
