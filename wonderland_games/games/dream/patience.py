"""When a bot dreamer guesses: what it knows of the clock and of the table's roles.

Guessing now scores the best word with the chance c it is right; listening to one more clue
clears a part k of the doubt, gaining k(1 - c), but spends a clue turn worth V to the round's
next card. A level's bar b (`bots.GUESS_AT`) is where those balance while the round has time
for another card: k(1 - b) = V. With t < `CARD_TURNS` clue turns left a turn buys only t /
CARD_TURNS of a next card, so the balance moves to 1 - c = (1 - b) t / CARD_TURNS (`bar`):
late in a round the dreamer listens on, and the time-up's last guess, which costs nothing,
takes the card it is unsure of. Measured (benchmarks/dream_clue_eval.py, calibration): the
share a bot guesses on is about the chance it is right (0.6-0.7: 64-68%, 0.9-1.0: 94-95%).
Turns left are the bot-mode clue limit's, or the sand's at the pace this round has had
(`TURN_SECONDS` until two turns have gone).

The table's roles are dealt from the rule text's table (`rules.ROLE_TABLE`): a spirit is a
fairy, a boogeyman or a sandman (who helps about half the time) with the chance of its
cards, so a four-player table is misled twice as often as a ten-player one. The dreamer's
trust in a speaker it knows nothing of is that honest chance, scaled so the six-player
table, which the bots' constants were measured at, keeps `bots.TRUST` (`prior_trust`).
"""

from __future__ import annotations

import math

from .rules import ROLE_TABLE

CARD_TURNS = 3  # clue turns a card takes, about (fairy clues: 2.2 before a right guess)
TURN_SECONDS = 4  # a clue turn's seconds before the round has shown its pace (bots' pause)
NOMINAL_PLAYERS = 6  # the table `bots.TRUST` was measured at


def turns_left(view) -> float:
    """Clue turns the round still has: the clue limit's, and the sand's at this round's pace."""
    turns = view.clue_limit - view.clue_turns if view.clue_limit else math.inf
    spent = view.seconds - view.clock
    pace = spent / view.clue_turns if view.clue_turns >= 2 and spent > 0 else TURN_SECONDS
    return max(0.0, min(turns, view.clock / pace))


def bar(level_bar: float, turns: float) -> float:
    """The share to guess on with `turns` clue turns left: the level's own while another card
    fits, rising toward 1 as the turns left buy less of one."""
    return 1 - (1 - level_bar) * min(1.0, turns / CARD_TURNS)


def honest_chance(players: int) -> float:
    """The chance a spirit's clue is honest at a table of `players`: a fairy's card, or a
    sandman's half the time (he helps while the correct pile is behind)."""
    fairies, boogeymen, sandmen = ROLE_TABLE.get(players, ROLE_TABLE[NOMINAL_PLAYERS])
    return (fairies + sandmen / 2) / (fairies + boogeymen + sandmen)


def prior_trust(players: int, nominal_trust: float) -> float:
    """A speaker's trust before its clues have shown anything: the table's honest chance, scaled
    so the nominal table keeps `nominal_trust` (capped below 1: nobody is beyond doubt)."""
    return min(0.95, nominal_trust * honest_chance(players) / honest_chance(NOMINAL_PLAYERS))
