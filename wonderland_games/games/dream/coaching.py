"""The shared coach (ui/coach.py) at Dream Teller's table, with the one thing Dream needs more:
its bots' scripted clues and guesses are words, said in the lesson's language.

A script's bot step names a clue or a guess from the engine's own menu, where a dream
word is its id (`bot: [clue, 1, star]`, `bot: [guess, moon]`): so the script plays the
same in both languages and through the engine alone. At the table the bot says the word's
name in the clue language (星星 / star); the lesson hears it as the step's action.
Likewise a step may wait for the learner to guess a given word (`do: [guess, cake]`):
any text that names it (蛋糕, cake, cakes) is that guess.
"""

from __future__ import annotations

from ...ui.coach import Coach
from .guess import matches


class DreamCoach(Coach):
    def __init__(self, scene, session) -> None:
        super().__init__(scene, session)
        self._said: dict = {}  # the action as said -> the script's action (its word ids)

    def bot_action(self, legal: list):
        scripted = super().bot_action(legal)
        if scripted is None or scripted[0] not in ("clue", "guess"):
            return scripted
        words, lang = self.scene.lexicon.words, self.scene.state.lang
        said = tuple(words[x].name[lang] if isinstance(x, str) and x in words and i == len(scripted) - 1 else x
                     for i, x in enumerate(scripted))
        self._said[said] = scripted
        return said

    def allows(self, action, legal: list) -> bool:
        return super().allows(self._heard(action), legal)

    def acted(self, action, by_learner: bool, legal: list) -> None:
        action = self._heard(action) if by_learner else self._said.pop(tuple(action), action)
        super().acted(action, by_learner, legal)

    def _heard(self, action):
        """The learner's guess as the step names it: a text naming the step's word is its id."""
        step, lexicon = self.lesson.step, self.scene.lexicon
        pattern = step.pattern if step is not None and step.wait == "do" else None
        if (pattern and len(pattern) == 2 and pattern[0] == "guess" and action[0] == "guess"
                and pattern[1] in lexicon.words and matches(lexicon, pattern[1], action[1])):
            return ("guess", pattern[1])
        return action
