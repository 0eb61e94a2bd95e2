"""Wonderland Parade rules, one test per rule clause, mostly on hand-built states."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
import yaml

from wonderland_games.core.data import DataError
from wonderland_games.core.game import IllegalAction, Seat, StateFormatError
from wonderland_games.core.paths import data_dir
from wonderland_games.games.parade import rules
from wonderland_games.games.parade.deck import DECK_FILE, load_deck, parse_deck
from wonderland_games.games.parade.rules import (
    FINAL, KEEP, OVER, PLAY, UNKNOWN, ParadeState, cards_taken, majorities, removal_count, score_breakdown, scores_now,
)

DECK = load_deck()
BLUE, PURPLE, ORANGE, WHITE, GREEN, RED = range(6)


def c(colour: int, value: int) -> int:
    return DECK.card(colour, value)


def seats(n: int) -> list:
    return [Seat(f"P{i}") for i in range(n)]


def build(hands, parade=(), draw=None, collections=None, turn=0, phase=PLAY, final_turns_left=0) -> ParadeState:
    """A state laid out by hand. Unless `draw` is given, every card not placed
    elsewhere goes to the draw pile (so all 66 cards are present)."""
    state = ParadeState(DECK, seats(len(hands)))
    state.hands = [list(h) for h in hands]
    state.parade = tuple(parade)
    state.collections = [tuple(x) for x in collections] if collections else [() for _ in hands]
    placed = set(state.parade).union(*state.hands, *state.collections)
    state.draw_pile = list(draw) if draw is not None else [x for x in range(DECK.size) if x not in placed]
    state.turn = turn
    state.phase = phase
    state.final_turns_left = final_turns_left
    return state


def all_cards(state: ParadeState) -> list:
    return sorted([*state.parade, *state.draw_pile] + [x for h in state.hands for x in h]
                  + [x for h in state.collections for x in h])


def play(state: ParadeState, card: int) -> list:
    return state.apply(("play", card))


def play_first(state: ParadeState) -> list:
    return state.apply(state.legal_actions()[0])


def game(n: int = 3, seed: int = 1) -> ParadeState:
    return rules.new_state(seats(n), seed)


def advance_to(state: ParadeState, phase: str) -> ParadeState:
    while state.phase != phase:
        play_first(state)
    return state


# -- setup -------------------------------------------------------------------

@pytest.mark.parametrize("n", range(2, 7))
def test_setup_deals_five_each_six_in_the_parade_and_keeps_every_card(n):
    state = game(n, seed=n)
    assert [len(h) for h in state.hands] == [5] * n
    assert len(state.parade) == 6
    assert len(state.draw_pile) == 66 - 5 * n - 6
    assert all_cards(state) == list(range(66))
    assert state.phase == PLAY and state.collections == [()] * n
    assert state.current_player() == state.first_player


def test_deck_is_six_colours_of_values_zero_to_ten():
    assert DECK.size == 66
    assert sorted((DECK.colour[x], DECK.value[x]) for x in range(66)) == [(k, v) for k in range(6) for v in range(11)]


def test_first_player_is_random_and_the_seed_replays_the_deal():
    assert {game(3, seed).first_player for seed in range(40)} == {0, 1, 2}
    assert game(3, 7).to_dict() == game(3, 7).to_dict()
    assert game(3, 7).to_dict() != game(3, 8).to_dict()


def test_deal_from_a_known_order():
    state = ParadeState(DECK, seats(2))
    order = list(range(66))
    state.deal(order, first_player=1)
    assert state.hands == [[0, 1, 2, 3, 4], [5, 6, 7, 8, 9]]
    assert state.parade == tuple(range(10, 16))
    assert state.draw_pile[-1] == 16  # the next card drawn
    assert state.turn == state.first_player == 1


# -- playing and taking ------------------------------------------------------

def test_removal_count_is_parade_length_minus_value():
    assert removal_count(6, 2) == 4
    assert removal_count(6, 6) == 0
    assert removal_count(3, 9) == 0
    assert removal_count(6, 0) == 6


def test_value_at_least_parade_length_takes_nothing():
    parade = [c(RED, 0), c(RED, 1), c(RED, 2), c(RED, 3)]
    for value in (4, 5, 10):
        state = build([[c(RED, value)], []], parade=parade)
        events = play(state, c(RED, value))
        assert events[0]["taken"] == [] and state.collections[0] == ()
        assert state.parade == (*parade, c(RED, value))


def test_removal_mode_is_counted_from_the_tail():
    # Eight red cards; a red 3 leaves the three tail-side cards safe and takes the five before them.
    parade = [c(RED, v) for v in (10, 9, 8, 7, 6, 5, 4, 2)]
    state = build([[c(RED, 3)], []], parade=parade)
    play(state, c(RED, 3))
    assert state.collections[0] == tuple(parade[:5])
    assert state.parade == (*parade[5:], c(RED, 3))


def test_one_below_the_boundary_exactly_one_card_is_at_risk():
    parade = [c(BLUE, 1), c(BLUE, 2), c(BLUE, 3)]
    assert cards_taken(DECK, parade, c(GREEN, 2)) == [c(BLUE, 1)]


def test_same_colour_is_taken_whatever_its_value():
    parade = [c(GREEN, 10), c(BLUE, 9), c(RED, 8)]
    state = build([[c(GREEN, 1)], []], parade=parade)
    play(state, c(GREEN, 1))
    assert state.collections[0] == (c(GREEN, 10),)


def test_value_at_most_the_played_value_is_taken_in_any_colour():
    parade = [c(BLUE, 3), c(RED, 4), c(WHITE, 2), c(ORANGE, 0), c(BLUE, 9), c(RED, 9), c(PURPLE, 9), c(WHITE, 9)]
    state = build([[c(GREEN, 3)], []], parade=parade)
    play(state, c(GREEN, 3))  # five at risk: blue 3 (equal) taken, red 4 stays, white 2 and orange 0 taken
    assert state.collections[0] == (c(BLUE, 3), c(WHITE, 2), c(ORANGE, 0))


def test_card_meeting_both_conditions_is_taken_once():
    parade = [c(RED, 1), c(BLUE, 9), c(BLUE, 8), c(BLUE, 7)]
    state = build([[c(RED, 2)], []], parade=parade)
    events = play(state, c(RED, 2))
    assert events[0]["taken"] == [c(RED, 1)]
    assert state.collections[0] == (c(RED, 1),)
    assert all_cards(state) == list(range(66))


def test_safe_cards_are_never_taken_even_when_they_match():
    parade = [c(BLUE, 9), c(RED, 0), c(RED, 10), c(GREEN, 1)]  # the last two are safe from a red 2
    state = build([[c(RED, 2)], []], parade=parade)
    play(state, c(RED, 2))
    assert state.collections[0] == (c(RED, 0),)
    assert state.parade == (c(BLUE, 9), c(RED, 10), c(GREEN, 1), c(RED, 2))


def test_zero_puts_the_whole_parade_in_removal_mode():
    parade = [c(BLUE, 5), c(WHITE, 0), c(RED, 6), c(BLUE, 10), c(GREEN, 3), c(BLUE, 1)]
    state = build([[c(BLUE, 0)], []], parade=parade)
    play(state, c(BLUE, 0))
    assert state.collections[0] == (c(BLUE, 5), c(WHITE, 0), c(BLUE, 10), c(BLUE, 1))
    assert state.parade == (c(RED, 6), c(GREEN, 3), c(BLUE, 0))


def test_played_card_never_takes_itself_and_ends_at_the_tail():
    parade = [c(RED, 9), c(RED, 8)]
    state = build([[c(RED, 0)], []], parade=parade)
    play(state, c(RED, 0))
    assert state.parade == (c(RED, 0),)
    assert c(RED, 0) not in state.collections[0]


def test_played_card_does_not_count_towards_the_parade_length():
    # Five cards and a 5: none at risk; were the played card counted, one would be.
    parade = [c(BLUE, 0), c(BLUE, 1), c(BLUE, 2), c(BLUE, 3), c(BLUE, 4)]
    assert cards_taken(DECK, parade, c(BLUE, 5)) == []


def test_parade_closes_up_in_order():
    parade = [c(BLUE, 9), c(RED, 1), c(GREEN, 9), c(RED, 2), c(WHITE, 9), c(PURPLE, 8), c(ORANGE, 8)]
    state = build([[c(RED, 3)], []], parade=parade)
    play(state, c(RED, 3))
    assert state.parade == (c(BLUE, 9), c(GREEN, 9), c(WHITE, 9), c(PURPLE, 8), c(ORANGE, 8), c(RED, 3))


def test_player_draws_back_to_five_from_the_top_of_the_pile():
    hand = [c(RED, 10), c(BLUE, 10), c(GREEN, 10), c(WHITE, 10), c(PURPLE, 10)]
    state = build([hand, []], parade=[c(ORANGE, 1)])
    top = state.draw_pile[-1]
    events = play(state, c(RED, 10))
    assert len(state.hands[0]) == 5 and state.hands[0][-1] == top
    assert {"type": "draw", "seat": 0, "card": top} in events
    assert state.turn == 1


def test_taken_cards_lie_open_and_are_public():
    state = build([[c(RED, 2)], [c(BLUE, 5)]], parade=[c(RED, 8), c(BLUE, 1), c(BLUE, 2)])
    play(state, c(RED, 2))
    assert state.view(1).collections[0] == (c(RED, 8),)


# -- the end of the game -----------------------------------------------------

def five_colour_collection() -> list:
    return [c(BLUE, 3), c(PURPLE, 3), c(ORANGE, 3), c(WHITE, 3), c(GREEN, 3)]


def test_six_colours_trigger_one_final_round_after_the_trigger_turn():
    hands = [[c(RED, 1), c(BLUE, 10), c(PURPLE, 10), c(ORANGE, 10), c(WHITE, 10)],
             [c(GREEN, 10), c(BLUE, 9), c(PURPLE, 9), c(ORANGE, 9), c(WHITE, 9)],
             [c(GREEN, 9), c(BLUE, 8), c(PURPLE, 8), c(ORANGE, 8), c(WHITE, 8)]]
    state = build(hands, parade=[c(RED, 7), c(WHITE, 7)], collections=[five_colour_collection(), [], []], turn=0)
    pile = len(state.draw_pile)
    events = play(state, c(RED, 1))  # takes red 7: the sixth colour
    assert state.collections[0][-1] == c(RED, 7)
    assert any(e["type"] == "draw" for e in events), "the trigger player still draws"
    assert len(state.hands[0]) == 5 and len(state.draw_pile) == pile - 1
    assert {"type": "last_round", "reason": "colours", "seat": 0} in events
    assert state.phase == FINAL and state.end_reason == "colours"
    order = []
    while state.phase == FINAL:
        order.append(state.turn)
        events = play_first(state)
        assert not any(e["type"] == "draw" for e in events), "no drawing in the final round"
    assert order == [1, 2, 0], "exactly one turn each, the trigger player included, last"
    assert len(state.draw_pile) == pile - 1
    assert state.phase == KEEP and [len(h) for h in state.hands] == [4, 4, 4]


def test_drawing_the_last_card_triggers_one_final_round():
    hands = [[c(RED, 10), c(BLUE, 10), c(PURPLE, 10), c(ORANGE, 10), c(WHITE, 10)],
             [c(GREEN, 10), c(BLUE, 9), c(PURPLE, 9), c(ORANGE, 9), c(WHITE, 9)]]
    state = build(hands, parade=[c(RED, 0)], draw=[c(GREEN, 0)], turn=1)
    events = play(state, c(GREEN, 10))
    assert state.hands[1][-1] == c(GREEN, 0) and state.draw_pile == []
    assert state.phase == FINAL and state.end_reason == "deck"
    assert {"type": "last_round", "reason": "deck", "seat": 1} in events
    order = []
    while state.phase == FINAL:
        order.append(state.turn)
        play_first(state)
    assert order == [0, 1]
    assert state.phase == KEEP and [len(h) for h in state.hands] == [4, 4]


def test_sixth_colour_on_the_turn_the_pile_empties_gives_a_single_final_round():
    hands = [[c(RED, 1), c(BLUE, 10), c(PURPLE, 10), c(ORANGE, 10), c(WHITE, 10)],
             [c(GREEN, 10), c(BLUE, 9), c(PURPLE, 9), c(ORANGE, 9), c(WHITE, 9)]]
    state = build(hands, parade=[c(RED, 7), c(WHITE, 7)], draw=[c(GREEN, 0)],
                  collections=[five_colour_collection(), []])
    play(state, c(RED, 1))
    assert state.phase == FINAL and state.end_reason == "colours" and state.final_turns_left == 2
    play_first(state)
    play_first(state)
    assert state.phase == KEEP


def test_a_sixth_colour_during_the_final_round_changes_nothing():
    hands = [[c(RED, 1), c(BLUE, 10), c(PURPLE, 10), c(ORANGE, 10)],
             [c(GREEN, 10), c(BLUE, 9), c(PURPLE, 9), c(ORANGE, 9), c(WHITE, 9)],
             [c(GREEN, 9), c(BLUE, 8), c(PURPLE, 8), c(ORANGE, 8)]]
    state = build(hands, parade=[c(RED, 7), c(WHITE, 7)], draw=[], collections=[five_colour_collection(), [], []],
                  turn=0, phase=FINAL, final_turns_left=2)
    state.end_reason = "deck"
    events = play(state, c(RED, 1))
    assert not any(e["type"] in ("draw", "last_round") for e in events)
    assert state.end_reason == "deck" and state.final_turns_left == 1 and state.phase == FINAL
    play_first(state)
    assert state.phase == KEEP


def keep_phase_state() -> ParadeState:
    """Three players in the keep phase; seat 2 made the last final turn."""
    hands = [[c(RED, 10), c(RED, 9), c(BLUE, 1), c(BLUE, 2)],
             [c(GREEN, 10), c(GREEN, 9), c(WHITE, 1), c(WHITE, 2)],
             [c(ORANGE, 10), c(ORANGE, 9), c(PURPLE, 1), c(PURPLE, 2)]]
    return build(hands, parade=[c(RED, 0)], draw=[], turn=0, phase=KEEP)


def test_final_round_hands_over_to_the_keep_phase_clockwise():
    hands = [[c(RED, 10), c(RED, 9), c(BLUE, 1), c(BLUE, 2)],
             [c(GREEN, 10), c(GREEN, 9), c(WHITE, 1), c(WHITE, 2)],
             [c(ORANGE, 10), c(ORANGE, 9), c(PURPLE, 1), c(PURPLE, 2), c(PURPLE, 3)]]
    state = build(hands, parade=[], draw=[], turn=2, phase=FINAL, final_turns_left=1)
    events = play(state, c(PURPLE, 3))
    assert {"type": "keep_phase"} in events
    assert state.phase == KEEP and state.current_player() == 0


def test_keep_two_of_four_and_discards_do_not_score():
    state = keep_phase_state()
    assert len(state.legal_actions()) == 6
    order = []
    for pair in [(c(BLUE, 1), c(BLUE, 2)), (c(WHITE, 2), c(WHITE, 1)), (c(PURPLE, 1), c(PURPLE, 2))]:
        order.append(state.turn)
        state.apply(("keep",) + pair)
    assert order == [0, 1, 2]
    assert state.is_over() and state.current_player() is None and state.legal_actions() == []
    assert state.collections == [(c(BLUE, 1), c(BLUE, 2)), (c(WHITE, 2), c(WHITE, 1)), (c(PURPLE, 1), c(PURPLE, 2))]
    assert state.hands[0] == [c(RED, 10), c(RED, 9)]  # the discards
    assert state.result().scores == [2, 2, 2]


def test_keep_choices_stay_hidden_until_everyone_has_chosen():
    state = keep_phase_state()
    events = state.apply(("keep", c(BLUE, 1), c(BLUE, 2)))
    assert events == [{"type": "keep", "seat": 0, "cards": [c(BLUE, 1), c(BLUE, 2)]}]
    assert state.collections[0] == ()
    view = state.view(1)
    assert view.kept[0] == (UNKNOWN, UNKNOWN) and view.hands[0] == [UNKNOWN] * 4
    assert view.to_dict()["kept"][0] == [UNKNOWN, UNKNOWN]
    assert state.view(0).kept[0] == (c(BLUE, 1), c(BLUE, 2))


def test_parade_cards_do_not_score():
    state = keep_phase_state()
    state.parade = (c(GREEN, 8), c(GREEN, 7))
    for _ in range(3):
        play_first(state)
    assert state.result().scores == scores_now(DECK, state.collections)
    assert all(c(GREEN, 8) not in coll for coll in state.collections)


# -- scoring -----------------------------------------------------------------

def test_majority_colour_scores_one_per_card():
    cols = [[c(RED, 10), c(RED, 9)], [c(RED, 3)], []]
    rows = score_breakdown(DECK, cols)
    assert rows[0]["red"] == {"points": 2, "cards": 2, "flipped": True}
    assert rows[1]["red"] == {"points": 3, "cards": 1, "flipped": False}
    assert scores_now(DECK, cols) == [2, 3, 0]
    assert majorities(DECK, cols)[RED] == [0]


def test_tied_majorities_all_flip():
    cols = [[c(RED, 10), c(RED, 9)], [c(RED, 8), c(RED, 7)], [c(RED, 1)]]
    assert majorities(DECK, cols)[RED] == [0, 1]
    assert scores_now(DECK, cols) == [2, 2, 1]


def test_colour_nobody_holds_has_no_majority():
    assert majorities(DECK, [[], [], []]) == [[]] * 6


def test_two_players_need_two_more_cards_for_a_majority():
    one_ahead = [[c(RED, 10), c(RED, 9)], [c(RED, 8)]]
    assert majorities(DECK, one_ahead)[RED] == []
    assert scores_now(DECK, one_ahead) == [19, 8]
    alone = [[c(RED, 10)], []]
    assert scores_now(DECK, alone) == [10, 0]
    two_ahead = [[c(RED, 10), c(RED, 9), c(RED, 7)], [c(RED, 8)]]
    assert majorities(DECK, two_ahead)[RED] == [0]
    assert scores_now(DECK, two_ahead) == [3, 8]
    assert scores_now(DECK, [[c(BLUE, 5), c(BLUE, 6)], []]) == [2, 0]


def finished(collections) -> ParadeState:
    state = build([[] for _ in collections], draw=[], collections=collections, phase=OVER)
    return state


def test_lowest_total_wins():
    # Two players: single cards never flip, so totals are face values.
    result = finished([[c(RED, 5)], [c(BLUE, 3)]]).result()
    assert result.scores == [5, 3] and result.winners == [1] and result.lower_is_better
    assert result.breakdown[1]["blue"] == 3 and sum(result.breakdown[1].values()) == 3
    assert result.extra["colours"][1]["blue"] == {"points": 3, "cards": 1, "flipped": False}


def test_lowest_total_wins_after_majorities_flip():
    result = finished([[c(RED, 10), c(RED, 9)], [c(RED, 4)], [c(GREEN, 3)]]).result()
    assert result.scores == [2, 4, 1] and result.winners == [2]


def test_tied_totals_go_to_fewer_cards():
    result = finished([[c(RED, 2), c(BLUE, 3)], [c(GREEN, 5)]]).result()
    assert result.scores == [5, 5] and result.extra["cards"] == [2, 1] and result.winners == [1]


def test_winners_read_the_card_counts_only_on_a_tied_score():
    """winners_of settles a unique lowest score without the counts (the usual case, at every game's end)."""
    from wonderland_games.games.parade.rules import winners_of

    assert winners_of([3, 5, 4], [9, 1, 0]) == [0]
    assert winners_of([5, 6, 5], [2, 0, 1]) == [2]
    assert winners_of([4, 4, 4], [2, 1, 1]) == [1, 2]


def test_tie_on_score_and_cards_is_a_shared_win():
    state = finished([[c(RED, 5)], [c(RED, 3)], [c(RED, 7), c(BLUE, 9)]])
    result = state.result()
    assert result.scores == [1, 1, 2]
    assert result.winners == [0, 1] and result.win_share(0) == 0.5
    assert state.returns(0) == state.returns(1) > state.returns(2)


# -- illegal actions ---------------------------------------------------------

def assert_refused(state: ParadeState, action) -> None:
    before = state.to_dict()
    with pytest.raises(IllegalAction):
        state.apply(action)
    assert state.to_dict() == before


def test_illegal_actions_raise_and_change_nothing():
    state = game(3, seed=4)
    other = state.hands[(state.turn + 1) % 3][0]
    assert_refused(state, ("play", other))
    assert_refused(state, ("play", 99))
    assert_refused(state, ["play", state.hands[state.turn][0], 1])
    assert_refused(state, ("keep", *state.hands[state.turn][:2]))  # wrong phase
    advance_to(state, KEEP)
    a, b = state.hands[state.turn][:2]
    assert_refused(state, ("play", a))  # wrong phase
    assert_refused(state, ("keep", a, a))
    assert_refused(state, ("keep", a, state.hands[(state.turn + 1) % 3][0]))
    advance_to(state, OVER)
    assert_refused(state, ("keep", *state.hands[0][:2]))
    assert_refused(state, ("play", state.hands[0][0]))


def test_legal_actions_own_tuples_are_checked_as_strictly_as_any_other_action():
    """advance takes one of legal_actions' tuples at a glance: the phase and the hand still count."""
    state = build([[c(BLUE, 1), c(RED, 4), c(RED, 5)], [c(GREEN, 2), c(WHITE, 3), c(WHITE, 6)]],
                  parade=[c(PURPLE, 9)], draw=[c(ORANGE, 7), c(ORANGE, 8)])
    assert_refused(state, state.plays_of[c(GREEN, 2)])  # another seat's card
    assert c(BLUE, 1) == 1
    assert_refused(state, ("play", True))  # True and 1.0 equal card 1
    assert_refused(state, ("play", 1.0))
    assert_refused(state, ("play", -65))  # plays_of[-65] is card 1's tuple; -65 is no card
    fresh = ("play", state.hands[0][0])  # equal to legal_actions' tuple, not the same object
    assert fresh is not state.legal_actions()[0] and state.apply(fresh)[0]["card"] == c(BLUE, 1)
    advance_to(state, KEEP)
    own = state.plays_of[state.hands[state.turn][0]]
    assert_refused(state, own)
    advance_to(state, OVER)
    assert_refused(state, state.plays_of[state.collections[0][0]])


# -- hidden information ------------------------------------------------------

def test_view_hides_other_hands_the_draw_pile_and_the_deal():
    state = game(4, seed=6)
    for _ in range(5):
        play_first(state)
    view = state.view(1)
    assert view.hands[1] == state.hands[1]
    for s in (0, 2, 3):
        assert view.hands[s] == [UNKNOWN] * len(state.hands[s])
    assert view.draw_pile == [UNKNOWN] * len(state.draw_pile)
    assert view.parade == state.parade and view.collections == state.collections
    saved = view.to_dict()
    assert saved["seed"] is None and saved["initial_order"] == []
    assert not hasattr(view, "rng")
    shown = {x for hand in saved["hands"] for x in hand} | set(saved["draw_pile"])
    assert shown - {UNKNOWN} == set(state.hands[1])
    assert state.hands[0] and state.hands[0][0] != UNKNOWN, "the real state is untouched"


def test_a_view_holds_no_hidden_card_until_it_shows_the_placeholders():
    state = game(4, seed=6)
    for _ in range(5):
        play_first(state)
    me, them = state.turn, (state.turn + 1) % 4
    other = state.clone()  # the same public position, another seat's card swapped with the pile's top
    other.hands[them][0], other.draw_pile[-1] = other.draw_pile[-1], other.hands[them][0]
    view, mine = state.view(me), list(state.hands[me])
    assert vars(view) == vars(other.view(me)), "nothing in the view depends on the hidden cards"
    play_first(state)
    assert view.hands[me] == mine != state.hands[me], "the view is the position it was taken in"
    assert view.draw_pile == [UNKNOWN] * len(other.draw_pile) and view.hands[them] == [UNKNOWN] * 5


def test_a_view_of_a_view_hides_as_much_and_full_states_have_no_lazy_attributes():
    state = game(3, seed=5)
    for _ in range(4):
        play_first(state)
    view = state.view(1)
    again = view.view(1)  # before the view's placeholders exist (it used to fail then)
    assert again.hands == view.hands and again.draw_pile == view.draw_pile and again.viewer == 1
    # a __getattr__ slows every attribute read of its class: only views may have one
    for full in (state, state.clone(), view.clone(), view.determinize(random.Random(2))):
        assert not hasattr(type(full), "__getattr__"), type(full)


def test_the_result_works_out_its_breakdown_when_first_read_and_reads_as_a_plain_result():
    state = advance_to(game(4, seed=8), OVER)
    result = state.result()
    assert result.breakdown == [{cid: row[cid]["points"] for cid in row} for row in result.extra["colours"]]
    assert result.extra["colours"] == score_breakdown(DECK, state.collections)
    assert state.result().to_dict() == result.to_dict() and state.result() == result
    changed = dataclasses.replace(state.result(), winners=[3])  # as the results screen's tests do
    assert changed.winners == [3] and changed.extra == result.extra
    with pytest.raises(AttributeError):
        result.no_such_field
    fresh = state.result()  # simulate reads every result's details: they need not build `extra`
    assert fresh.detail("end") is None and fresh.detail("opponent") is None and "extra" not in vars(fresh)
    assert fresh.detail("cards") == result.extra["cards"] and fresh.detail("colours") == result.extra["colours"]


def test_views_and_clones_share_the_seen_cards_and_copy_the_hidden_ones():
    state = game(3, seed=4)
    for _ in range(7):
        play_first(state)
    view, copy = state.view(0), state.clone()
    assert view.parade is state.parade and copy.parade is state.parade
    assert all(a is b for a, b in zip(copy.collections, state.collections))
    assert view.hands[0] is not state.hands[0] and copy.hands[0] is not state.hands[0]
    assert copy.draw_pile is not state.draw_pile
    before = state.to_dict()
    copy.apply(copy.legal_actions()[0])
    view.hands[0].append(99)  # a bot may scribble on its view
    assert state.to_dict() == before


def test_advance_plays_as_apply_does_and_gives_the_events_only_when_asked():
    quiet, told, applied = game(3, seed=9), game(3, seed=9), game(3, seed=9)
    rng = random.Random(9)
    while not applied.is_over():
        action = rng.choice(applied.legal_actions())
        events: list = []
        assert quiet.advance(action) is None
        told.advance(action, events)
        assert events == applied.apply(action) and events
        assert quiet.to_dict() == told.to_dict() == applied.to_dict()
    with pytest.raises(IllegalAction):
        quiet.advance(("play", 0))


@pytest.mark.parametrize("size", [0, 1, 2, 5, 25, 66])
def test_shuffle_gives_the_order_random_shuffle_gives(size):
    for seed in range(40):
        for make in (random.Random, rules.Rng):
            ours, theirs = list(range(size)), list(range(size))
            rng_a, rng_b = make(seed), make(seed)
            rules.shuffle(rng_a, ours)
            rng_b.shuffle(theirs)
            assert ours == theirs and rng_a.getstate() == rng_b.getstate()


def test_view_after_the_game_shows_everything_but_the_seed():
    state = advance_to(game(3, seed=6), OVER)
    view = state.view(0)
    assert view.hands == state.hands and view.seed is None


def test_determinize_after_the_game_keeps_the_draw_pile_the_view_shows():
    state = advance_to(game(2, seed=0), OVER)  # ended on a sixth colour, 35 cards still to draw
    view = state.view(0)
    assert view.draw_pile == state.draw_pile and len(state.draw_pile) == 35
    assert view.determinize(random.Random(1)).draw_pile == state.draw_pile


def test_determinize_is_consistent_with_the_view():
    state = game(4, seed=8)
    for _ in range(9):
        play_first(state)
    view = state.view(2)
    rng = random.Random(0)
    samples = [view.determinize(rng) for _ in range(5)]
    for full in samples:
        assert full.hands[2] == state.hands[2] and all_cards(full) == list(range(66))
    assert len({tuple(f.draw_pile) for f in samples}) > 1, "hidden cards are resampled"


def test_determinize_in_the_keep_phase_fills_hidden_choices():
    state = keep_phase_state()
    state.apply(("keep", c(BLUE, 1), c(BLUE, 2)))
    full = state.view(1).determinize(random.Random(1))
    assert full.kept[0] is not None and set(full.kept[0]) <= set(full.hands[0])
    full.apply(full.legal_actions()[0])
    full.apply(full.legal_actions()[0])
    assert full.is_over()


def test_reveals_hidden_marks_draws_and_the_last_keep():
    state = game(3, seed=2)
    assert state.reveals_hidden(state.legal_actions()[0])
    advance_to(state, FINAL)
    assert not state.reveals_hidden(state.legal_actions()[0])
    advance_to(state, KEEP)
    flags = []
    while not state.is_over():
        flags.append(state.reveals_hidden(state.legal_actions()[0]))
        play_first(state)
    assert flags == [False, False, True]


# -- saving ------------------------------------------------------------------

def damaged_saves():
    good = game(3, seed=11).to_dict()

    def changed(**kw):
        return {**json.loads(json.dumps(good)), **kw}

    yield "not a dict", []
    yield "other game", changed(game="oz")
    yield "old version", changed(version=1)
    missing = changed()
    del missing["parade"]
    yield "missing field", missing
    yield "duplicate card", changed(parade=good["parade"][:-1] + [good["parade"][0]])
    yield "lost card", changed(parade=good["parade"][:-1])
    yield "text card", changed(parade=[str(x) for x in good["parade"]])
    yield "bad phase", changed(phase="nap")
    yield "bad turn", changed(turn=3)
    yield "seat count", changed(hands=good["hands"][:2])
    yield "bad reason", changed(end_reason="boredom")
    yield "keep outside the keep phase", changed(kept=[good["hands"][0][:2], None, None])
    yield "bad seat", changed(seats=[{"name": "x", "kind": "robot"}] * 3)


@pytest.mark.parametrize("label,data", list(damaged_saves()))
def test_from_dict_rejects_damaged_saves(label, data):
    with pytest.raises(StateFormatError):
        rules.from_dict(data)


def test_deck_file_must_leave_a_draw_pile_and_a_keep_choice():
    raw = yaml.safe_load((data_dir() / DECK_FILE).read_text(encoding="utf-8"))
    assert parse_deck(raw) == DECK
    for field, value in (("hand_size", 2), ("parade_size", 36), ("parade_size", -1)):
        with pytest.raises(DataError, match=field):
            parse_deck({**raw, field: value})


def test_actions_read_back_from_json_lists_are_accepted():
    state = game(2, seed=12)
    card = state.hands[state.turn][0]
    assert state.apply(["play", card])[0]["card"] == card
