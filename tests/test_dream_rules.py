"""Dream Teller rules: one test per clause of the rule text (the role table row by row, every scoring case)."""

from __future__ import annotations

from collections import Counter

import pytest

from wonderland_games.games.dream import rules
from wonderland_games.games.dream.rules import BOOGEYMAN, DREAMER, FAIRY, SANDMAN


@pytest.mark.parametrize("players, fairies, boogeymen, sandmen", [
    (4, 1, 1, 2),
    (5, 2, 1, 2),
    (6, 3, 2, 1),
    (7, 3, 2, 2),
    (8, 4, 3, 1),
    (9, 4, 3, 2),
    (10, 5, 4, 1),
])
def test_each_role_table_row_takes_the_listed_cards_one_more_than_the_spirits(players, fairies, boogeymen, sandmen):
    cards = rules.role_cards(players)
    assert Counter(cards) == {FAIRY: fairies, BOOGEYMAN: boogeymen, SANDMAN: sandmen}
    assert len(cards) == players  # players - 1 spirits, one card left out


@pytest.mark.parametrize("players", [0, 3, 11])
def test_player_counts_off_the_table_are_refused(players):
    with pytest.raises(ValueError):
        rules.role_cards(players)


def test_dreamer_scores_one_per_correct_card():
    assert rules.dreamer_points(3, False) == (3, rules.DREAMER_CARDS)


def test_dreamer_story_mentioning_every_correct_word_adds_two():
    assert rules.dreamer_points(3, True) == (5, rules.DREAMER_STORY)


def test_dreamer_with_no_correct_card_has_no_story_bonus():
    assert rules.dreamer_points(0, True) == (0, rules.DREAMER_CARDS)


def test_fairy_scores_the_correct_pile():
    assert rules.round_points(FAIRY, 4, 7, False) == (4, FAIRY)


def test_boogeyman_scores_the_wrong_pile():
    assert rules.round_points(BOOGEYMAN, 4, 7, True) == (7, BOOGEYMAN)


@pytest.mark.parametrize("correct, wrong, points, case", [
    (3, 3, 5, rules.SANDMAN_EQUAL),  # equal piles: the correct count + 2
    (0, 0, 2, rules.SANDMAN_EQUAL),
    (4, 3, 4, rules.SANDMAN_ONE),  # a difference of exactly 1: the larger pile
    (3, 4, 4, rules.SANDMAN_ONE),
    (5, 3, 3, rules.SANDMAN_APART),  # a difference of 2 or more: the smaller pile
    (1, 6, 1, rules.SANDMAN_APART),
    (0, 9, 0, rules.SANDMAN_APART),
])
def test_sandman_scores_by_the_balance_of_the_piles(correct, wrong, points, case):
    assert rules.sandman_points(correct, wrong) == (points, case)
    assert rules.round_points(SANDMAN, correct, wrong, False) == (points, case)


def test_round_points_gives_the_dreamer_the_story_bonus_only_when_told():
    assert rules.round_points(DREAMER, 2, 5, True) == (4, rules.DREAMER_STORY)
    assert rules.round_points(DREAMER, 2, 5, False) == (2, rules.DREAMER_CARDS)
    with pytest.raises(ValueError):
        rules.round_points("wizard", 1, 1, False)


def test_penalties_are_subtracted_from_the_total():
    assert rules.final_scores([10, 8, 3], [2, 0, 4]) == [8, 8, -1]


def test_the_best_total_wins():
    assert rules.winners([8, 9, 3], [0, 3, 0]) == [1]


def test_a_tie_goes_to_fewer_penalties():
    assert rules.winners([8, 8, 3], [2, 1, 0]) == [1]


def test_a_tie_on_penalties_too_is_a_shared_win():
    assert rules.winners([8, 8, 8, 3], [1, 1, 2, 0]) == [0, 1]
