"""Dream Teller (说梦人) rules, as pure Python: the role cards and the scoring.

The engine (rounds, the deck, clues and guesses) is `state.py`; what is here is
the rule text's arithmetic, each clause tested on its own:

- the spirit cards taken for each player count (三、夜晚准备): one card more
  than there are spirits, so one is always left out (and never revealed);
- a round's points by role (圆梦与结算): the dreamer 1 per correct card, +2
  when the story mentioned every correct word; a fairy the correct count; a
  boogeyman the wrong count; a sandman by the balance of the piles;
- the final score (五): the rounds' points minus the penalties; the best
  score wins, ties go to fewer penalties, then the win is shared.

One decision where the text is silent: with no correct card there is no
story to tell, so no +2 (the bonus rewards recalling the guessed words).
"""

from __future__ import annotations

from typing import Sequence

DREAMER, FAIRY, BOOGEYMAN, SANDMAN = "dreamer", "fairy", "boogeyman", "sandman"
SPIRITS = (FAIRY, BOOGEYMAN, SANDMAN)
ROLES = (DREAMER,) + SPIRITS
MIN_PLAYERS, MAX_PLAYERS = 4, 10
STORY_BONUS = 2  # the dreamer's story mentioned every correct word
BALANCE_BONUS = 2  # a sandman's piles are equal

# Players -> (fairies, boogeymen, sandmen), as the rule text lists them.
ROLE_TABLE = {
    4: (1, 1, 2),
    5: (2, 1, 2),
    6: (3, 2, 1),
    7: (3, 2, 2),
    8: (4, 3, 1),
    9: (4, 3, 2),
    10: (5, 4, 1),
}

# Why a seat scored what it did in a round (the results screen names the case).
DREAMER_CARDS, DREAMER_STORY = "dreamer", "dreamer_story"
SANDMAN_EQUAL, SANDMAN_ONE, SANDMAN_APART = "sandman_equal", "sandman_one", "sandman_apart"
BREAKDOWN = ROLES + ("penalties",)


def role_cards(players: int) -> list:
    """The spirit cards the dreamer shuffles for `players` (sorted; one more than the spirits)."""
    if players not in ROLE_TABLE:
        raise ValueError(f"Dream Teller is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    cards = []
    for role, count in zip(SPIRITS, ROLE_TABLE[players]):
        cards += [role] * count
    return sorted(cards)


def dreamer_points(correct: int, story_all: bool) -> tuple:
    """(points, reason): 1 per correct card, +2 when the story mentioned every correct word."""
    if story_all and correct > 0:
        return correct + STORY_BONUS, DREAMER_STORY
    return correct, DREAMER_CARDS


def sandman_points(correct: int, wrong: int) -> tuple:
    """(points, reason): equal piles give the correct count + 2; a difference of exactly 1 the
    larger pile; a difference of 2 or more the smaller pile."""
    if correct == wrong:
        return correct + BALANCE_BONUS, SANDMAN_EQUAL
    if abs(correct - wrong) == 1:
        return max(correct, wrong), SANDMAN_ONE
    return min(correct, wrong), SANDMAN_APART


def round_points(role: str, correct: int, wrong: int, story_all: bool) -> tuple:
    """(points, reason) of one seat for one round, by its role."""
    if role == DREAMER:
        return dreamer_points(correct, story_all)
    if role == FAIRY:
        return correct, FAIRY
    if role == BOOGEYMAN:
        return wrong, BOOGEYMAN
    if role == SANDMAN:
        return sandman_points(correct, wrong)
    raise ValueError(f"unknown role {role!r}")


def final_scores(points: Sequence[int], penalties: Sequence[int]) -> list:
    """Each seat's rounds' points minus its penalties."""
    return [p - k for p, k in zip(points, penalties)]


def winners(scores: Sequence[int], penalties: Sequence[int]) -> list:
    """The best score wins; a tie goes to fewer penalties; still tied, the win is shared."""
    best = max(scores)
    fewest = min(k for s, k in zip(scores, penalties) if s == best)
    return [seat for seat, (s, k) in enumerate(zip(scores, penalties)) if s == best and k == fewest]
