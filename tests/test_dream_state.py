"""Dream Teller engine: one test per rule clause on seeded states in both modes, then the
conformance suite once more for bot mode (the registry's games start in table mode there,
as every seat of the suite is a person)."""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import test_protocol
from wonderland_games.core import registry
from wonderland_games.core.game import BOT, IllegalAction, Seat, StateFormatError
from wonderland_games.games.dream import rules, state as engine
from wonderland_games.games.dream.rules import BOOGEYMAN, DREAMER, FAIRY, SANDMAN
from wonderland_games.games.dream.state import (BOTS, CLUE, CORRECT, DROPPED, GUESS, HIDDEN, LAST, OVER,
                                                SKIP, STORY, TABLE, WRONG, DreamState)


def people(n: int) -> list:
    return [Seat(f"P{i}") for i in range(n)]


def new(n: int = 4, seed: int = 1, **options) -> DreamState:
    return engine.new_state(people(n), seed, options)


def bots_mode(n: int = 4, seed: int = 1, **options) -> DreamState:
    return new(n, seed, mode=BOTS, **options)


def end_dream(s: DreamState) -> None:
    """Time runs out and the last word is dropped: with no correct card the round ends."""
    s.apply(("time_up",))
    s.apply(("skip",))


def spirit_of(s: DreamState, role: str) -> int:
    return s.roles.index(role)


def reloaded(s: DreamState) -> DreamState:
    return engine.from_dict(json.loads(json.dumps(s.to_dict())))


# -- rounds and roles ------------------------------------------------------------
def test_as_many_rounds_as_players_each_dreams_once_clockwise_from_the_first():
    s = new(5, seed=3)
    dreamers = []
    while not s.is_over():
        dreamers.append(s.dreamer())
        assert s.current_player() == s.dreamer() and s.roles[s.dreamer()] == DREAMER
        end_dream(s)
    assert dreamers == [(s.first + r) % 5 for r in range(5)]
    assert [r["dreamer"] for r in s.history] == dreamers and s.turn_number() == 5


def test_the_first_dreamer_is_chosen_at_random():
    assert len({new(6, seed).first for seed in range(40)}) == 6


@pytest.mark.parametrize("n", range(4, 11))
def test_every_spirit_gets_one_card_of_the_table_and_one_card_is_left_out(n):
    left_out = Counter()
    for seed in range(30):
        s = new(n, seed)
        spirits = Counter(role for role in s.roles if role != DREAMER)
        assert sum(spirits.values()) == n - 1
        rest = Counter(rules.role_cards(n)) - spirits
        assert sum(rest.values()) == 1
        left_out.update(rest)
        assert "left_out" not in json.dumps(s.to_dict())
    assert len(left_out) > 1, "which card is left out is chance"


def test_roles_are_dealt_again_each_round_and_revealed_at_its_end():
    s = new(6, seed=2)
    first = list(s.roles)
    events = s.apply(("time_up",)) + s.apply(("skip",))
    assert s.history[0]["roles"] == first and events[2]["type"] == "round_end" and events[2]["roles"] == first
    while not s.is_over():
        end_dream(s)
    spirits = [[role for role in r["roles"] if role != DREAMER] for r in s.history]
    assert len({tuple(x) for x in spirits}) > 1


def test_a_view_shows_only_the_seats_own_role_and_the_public_dreamer():
    s = new(7, seed=4)
    for seat in range(7):
        roles = s.view(seat).roles
        for other, role in enumerate(roles):
            if other == seat or other == s.dreamer():
                assert role == s.roles[other]
            else:
                assert role == HIDDEN


def test_the_dreamer_sees_no_word_but_the_correct_ones_and_the_spirits_see_the_word():
    s = new(4, seed=5)
    s.apply(("correct",))
    right = s.cards[0][0]
    s.apply(("wrong",))
    wrong = s.cards[1][0]
    dreamer, spirit = s.view(s.dreamer()), s.view(spirit_of(s, FAIRY))
    assert spirit.current == s.current and spirit.fresh == s.fresh
    assert dreamer.current == HIDDEN and set(dreamer.fresh) == {HIDDEN}
    assert [c[0] for c in dreamer.cards] == [right, HIDDEN]
    seen = json.dumps({k: v for k, v in dreamer.to_dict().items() if k != "words"})  # all words are public
    assert f'"{s.current}"' not in seen and f'"{wrong}"' not in seen
    end_dream(s)  # one correct card: the story comes before the round ends
    assert s.phase == STORY and s.view(s.dreamer()).cards[1][0] == HIDDEN
    s.apply(("story", 1))
    assert s.view(s.history[-1]["dreamer"]).history[-1]["cards"][1][0] == wrong  # eyes open: all public


# -- the dream (table mode) ------------------------------------------------------
def test_table_mode_is_the_default_for_a_table_of_people_and_bot_mode_when_a_bot_sits():
    assert new().mode == TABLE
    seats = people(3) + [Seat("B", kind=BOT, level="random")]
    assert engine.new_state(seats, 1).mode == BOTS
    assert engine.new_state(seats, 1, {"mode": TABLE}).mode == TABLE


def test_each_outcome_fills_its_pile_and_reveals_the_next_word():
    s = new(4, seed=6)
    words = []
    for action in (("correct",), ("wrong",), ("skip",)):
        words.append(s.current)
        events = s.apply(action)
        assert s.current not in words and events[-1] == {"type": "word", "word": s.current, "card": len(words)}
    assert s.cards == [[words[0], CORRECT, ""], [words[1], WRONG, ""], [words[2], SKIP, ""]]
    assert (s.pile(CORRECT), s.pile(WRONG)) == (1, 2), "a skip counts wrong"


def test_at_time_up_one_last_guess_where_a_skip_counts_nowhere():
    s = new(4, seed=7)
    s.apply(("correct",))
    s.apply(("time_up",))
    assert s.phase == LAST and s.clock == 0 and set(s.legal_actions()) >= {("correct",), ("wrong",), ("skip",)}
    assert ("time_up",) not in s.legal_actions()
    last = s.current
    s.apply(("skip",))
    assert s.cards[-1] == [last, DROPPED, ""] and (s.pile(CORRECT), s.pile(WRONG)) == (1, 0)
    assert s.phase == STORY and s.current is None


def test_a_correct_last_guess_counts_on_the_correct_pile():
    s = new(4, seed=7)
    s.apply(("time_up",))
    s.apply(("correct",))
    assert s.pile(CORRECT) == 1 and s.phase == STORY


def test_the_story_is_asked_only_with_a_correct_card():
    s = new(4, seed=8)
    s.apply(("wrong",))
    end_dream(s)
    assert s.round == 1 and s.history[0]["story"] is False and s.history[0]["points"][s.history[0]["dreamer"]] == 0


def test_a_round_scores_every_role_by_the_rule_text():
    s = new(4, seed=9)  # 4 players: a fairy, a boogeyman and a sandman deal out of 1/1/2
    for action in ("correct", "correct", "wrong", "skip"):
        s.apply((action,))
    s.apply(("time_up",))
    s.apply(("correct",))  # piles 3 correct, 2 wrong
    s.apply(("story", 1))
    record = s.history[0]
    expect = {DREAMER: (5, rules.DREAMER_STORY), FAIRY: (3, FAIRY), BOOGEYMAN: (2, BOOGEYMAN),
              SANDMAN: (3, rules.SANDMAN_ONE)}
    for seat, role in enumerate(record["roles"]):
        assert (record["points"][seat], record["reasons"][seat]) == expect[role]
        assert s.breakdown(seat)[role] == expect[role][0]


def test_a_story_that_missed_a_word_has_no_bonus():
    s = new(4, seed=9)
    s.apply(("correct",))
    end_dream(s)
    s.apply(("story", 0))
    record = s.history[0]
    assert record["points"][record["dreamer"]] == 1 and record["reasons"][record["dreamer"]] == rules.DREAMER_CARDS


def test_a_penalty_can_be_given_at_any_time_and_is_subtracted_at_the_end():
    s = new(4, seed=10)
    s.apply(("penalty", 2))
    s.apply(("correct",))
    s.apply(("time_up",))
    s.apply(("penalty", 2))
    s.apply(("correct",))
    s.apply(("penalty", 0))
    s.apply(("story", 1))
    while not s.is_over():
        end_dream(s)
    result = s.result()
    assert s.penalties == [1, 0, 2, 0] and result.extra["penalties"] == [1, 0, 2, 0]
    assert [row["penalties"] for row in result.breakdown] == [-1, 0, -2, 0]
    assert result.scores == [sum(r["points"][seat] for r in s.history) - s.penalties[seat] for seat in range(4)]
    assert result.winners == rules.winners(result.scores, s.penalties)


def test_the_game_ends_after_the_last_round_with_nothing_left_to_do():
    s = new(4, seed=11)
    for _ in range(4):
        end_dream(s)
    assert s.phase == OVER and s.current_player() is None and s.legal_actions() == []
    with pytest.raises(IllegalAction):
        s.apply(("penalty", 0))


# -- the deck --------------------------------------------------------------------
def test_the_engine_takes_its_words_as_an_option():
    s = new(4, seed=12, words=["sun", "moon", "star"])
    assert s.words == ("sun", "moon", "star") and s.current in s.words


# -- an arranged game (a guided first game's stacked deck) ---------------------------
def arranged(seed: int = 5, **arrangement) -> DreamState:
    return DreamState.new(people(4), seed, {"words": [f"w{i}" for i in range(8)]}, arranged=arrangement)


def test_an_arranged_game_deals_its_first_dreamer_roles_and_words_in_order_then_chance_takes_over():
    s = arranged(first=[2], role=[SANDMAN, FAIRY, BOOGEYMAN, SANDMAN, SANDMAN, FAIRY], word=["w5", "w1", "w7"])
    assert s.dreamer() == 2 and s.roles == [FAIRY, BOOGEYMAN, DREAMER, SANDMAN] and s.current == "w5"
    s.apply(("correct",))
    assert s.current == "w1"
    s.apply(("wrong",))
    assert s.current == "w7" and s.chance == 1 + 3 + 3
    s.apply(("wrong",))
    assert s.current not in ("w5", "w1", "w7") and not s.arranged["word"]
    end_dream(s)
    s.apply(("story", 1))
    assert s.roles == [SANDMAN, SANDMAN, FAIRY, DREAMER]  # round 2, dealt from the dreamer's left: 0, 1, 2


def test_an_arranged_outcome_that_cannot_be_had_is_passed_over():
    s = arranged(role=[FAIRY, FAIRY, BOOGEYMAN], word=["w3", "w3", "w4"])  # one fairy card only; w3 seen
    spirits = sorted(r for r in s.roles if r != DREAMER)
    assert s.roles[s.next_spirit(s.dreamer())] == FAIRY and BOOGEYMAN in spirits
    assert s.current == "w3"
    s.apply(("wrong",))
    assert s.current == "w4"


def test_an_arrangement_is_saved_and_hidden_from_every_view():
    s = arranged(first=[1], word=["w2", "w6", "w0"])
    again = reloaded(s)
    assert again.arranged == {"first": [], "word": ["w6", "w0"]} and again.to_dict() == s.to_dict()
    again.apply(("correct",))
    assert again.current == "w6"
    assert all(s.view(seat).arranged == {} for seat in range(4))
    old = s.to_dict()
    del old["arranged"]  # a save from before arranged games
    assert engine.from_dict(old).arranged == {}


@pytest.mark.parametrize("arrangement", [{"word": ["nope"]}, {"role": [DREAMER]}, {"first": [4]}, {"dice": [1]},
                                         {"first": [True]}, {"word": "w1"}])
def test_an_arrangement_names_only_outcomes_the_game_can_have(arrangement):
    with pytest.raises(ValueError):
        arranged(**arrangement)
    data = arranged().to_dict()
    data["arranged"] = arrangement
    with pytest.raises(StateFormatError):
        engine.from_dict(data)


def test_used_words_go_to_the_bottom_and_come_back_only_after_every_unseen_word():
    words = [f"w{i}" for i in range(6)]
    s = new(4, seed=13, words=words)
    s.apply(("correct",))
    end_dream(s)
    s.apply(("story", 1))
    first = [c[0] for c in s.history[0]["cards"]]
    assert sorted(s.used) == sorted(first) and s.current not in first
    seen = {s.current}
    while s.fresh:
        s.apply(("wrong",))
        seen.add(s.current)
    assert not seen & set(first) and len(seen) == 4  # the last unseen word is in play now
    events = s.apply(("wrong",))
    assert events[-2] == {"type": "reshuffle", "cards": 2, "table": False}
    assert s.current in first


def test_a_deck_exhausted_within_a_round_reshuffles_the_cards_on_the_table():
    s = new(4, seed=14, words=["a", "b"])
    s.apply(("correct",))
    events = s.apply(("wrong",))
    assert events[-2] == {"type": "reshuffle", "cards": 2, "table": True}
    assert s.table_from == 2 and (s.pile(CORRECT), s.pile(WRONG)) == (1, 1), "the piles keep their count"
    end_dream(s)
    s.apply(("story", 1))
    assert reloaded(s).to_dict() == s.to_dict()


# -- the clock -------------------------------------------------------------------
def test_the_clock_only_runs_down_and_a_saved_round_resumes_with_its_time():
    s = new(4, seed=15, seconds=60)
    assert s.clock == 60
    assert [a for a in s.legal_actions() if a[0] == "clock"] == [("clock", t) for t in range(59, 0, -1)]
    s.apply(("clock", 42))
    for bad in (("clock", 42), ("clock", 50), ("clock", 0)):
        with pytest.raises(IllegalAction):
            s.apply(bad)
    assert reloaded(s).clock == 42
    end_dream(s)
    assert s.clock == 60, "each dream has the whole sand glass"


# -- bot mode --------------------------------------------------------------------
def test_bot_mode_clues_go_clockwise_from_the_dreamers_left_and_carry_on_after_a_guess():
    s = bots_mode(5, seed=16)
    dreamer = s.dreamer()
    order = [(dreamer + k) % 5 for k in range(1, 5)]
    speakers = []
    for k in range(6):
        assert s.awaiting == CLUE and s.current_player() == s.speaker
        speakers.append(s.speaker)
        s.apply(("clue", s.speaker, f"hint{k}"))
        assert s.awaiting == GUESS and s.current_player() == dreamer
        s.apply(("guess", "nonsense") if k == 2 else ("listen",))
    assert speakers == (order * 2)[:6]
    assert [c[1:] for c in s.clues] == [[seat, f"hint{k}"] for k, seat in enumerate(speakers)]
    assert [c[0] for c in s.clues] == [0, 0, 0, 1, 1, 1], "each clue names the card it was for"
    assert s.view(dreamer).clues == s.clues, "clues are public"


def test_bot_mode_guesses_are_judged_by_the_matcher_and_a_skip_counts_wrong():
    s = bots_mode(4, seed=17)
    s.apply(("clue", s.speaker, "bright"))
    word = s.current
    s.apply(("guess", word.upper()))
    assert s.cards[-1] == [word, CORRECT, word.upper()]
    s.apply(("clue", s.speaker, "dark"))
    s.apply(("guess", "a wrong guess"))
    s.apply(("clue", s.speaker, "cold"))
    s.apply(("skip",))
    assert [c[1] for c in s.cards] == [CORRECT, WRONG, SKIP] and s.pile(WRONG) == 2


def test_a_matcher_given_to_the_state_decides_the_guesses():
    s = DreamState.new(people(4), 18, {"mode": BOTS}, matcher=lambda text, word: text == "yes")
    s.apply(("clue", s.speaker, "x"))
    s.apply(("guess", "yes"))
    assert s.cards[-1][1] == CORRECT


def test_bot_mode_refuses_a_clue_of_two_words_the_word_itself_or_out_of_turn():
    s = bots_mode(4, seed=19)
    other = next(seat for seat in range(4) if seat not in (s.speaker, s.dreamer()))
    for bad in (("clue", s.speaker, "two words"), ("clue", s.speaker, s.current),
                ("clue", s.speaker, s.current.upper()), ("clue", s.speaker, ""),
                ("clue", other, "fine"), ("guess", "early"), ("penalty", other)):
        with pytest.raises(IllegalAction):
            s.apply(bad)
    s.apply(("penalty", s.speaker))  # a refused clue counts a penalty; the turn stays
    assert s.penalties[s.speaker] == 1 and s.awaiting == CLUE
    s.apply(("clue", s.speaker, "云朵"))
    assert s.clues[-1][2] == "云朵"


def test_bot_mode_clue_turns_stand_in_for_the_clock():
    s = bots_mode(4, seed=20, clue_limit=3)
    s.apply(("clue", s.speaker, "a"))
    s.apply(("listen",))
    s.apply(("pass",))  # a pass is a clue turn too
    s.apply(("clue", s.speaker, "b"))
    assert s.phase == LAST and s.current_player() == s.dreamer()
    assert ("listen",) not in s.legal_actions() and ("skip",) in s.legal_actions()
    s.apply(("skip",))
    assert s.round == 1 and s.history[0]["cards"][0][1] == DROPPED


def test_bot_mode_stories_and_views_of_the_dreamer():
    s = bots_mode(4, seed=21)
    s.apply(("clue", s.speaker, "a"))
    s.apply(("guess", s.current))
    s.apply(("time_up",))
    s.apply(("guess", "miss"))
    assert s.phase == STORY and s.legal_actions() == [("story", 1), ("story", 0)]
    dreamer = s.view(s.dreamer())
    assert dreamer.cards[0][0] == s.cards[0][0] and dreamer.cards[1][0] == HIDDEN
    s.apply(("story", 1))
    assert s.history[0]["points"][s.history[0]["dreamer"]] == 3


def test_the_dreamers_determinizations_never_make_a_wrong_guess_right():
    s = bots_mode(4, seed=23, words=["a", "b", "c"])
    s.apply(("clue", s.speaker, "x"))
    wrong = next(w for w in s.words if w != s.current)
    s.apply(("guess", wrong))
    view = s.view(s.dreamer())
    fulls = [view.determinize(random.Random(k)) for k in range(20)]
    assert {f.cards[0][0] for f in fulls} == set(s.words) - {wrong}
    assert all(f.view(s.dreamer()).to_dict() == view.to_dict() for f in fulls)


# -- options and saves -----------------------------------------------------------
@pytest.mark.parametrize("options, message", [
    ({"colour": 1}, "no option 'colour'"),
    ({"mode": "online"}, "mode must be"),
    ({"words": []}, "non-empty list"),
    ({"words": ["a", "a"]}, "twice"),
    ({"words": ["a b"]}, "one word each"),
    ({"seconds": 5}, "seconds must be"),
    ({"clue_limit": -1}, "clue_limit must be"),
])
def test_bad_options_are_refused_with_the_reason(options, message):
    with pytest.raises(ValueError, match=message):
        new(4, 1, **options)


def test_a_damaged_save_is_refused():
    s = new(4, seed=22)
    s.apply(("correct",))
    good = s.to_dict()
    twice = dict(good, fresh=sorted(good["fresh"] + [good["current"]]))
    two_dreamers = dict(good, roles=[DREAMER] * 4)
    for data in (twice, two_dreamers, dict(good, phase="nap"), dict(good, clock=999), dict(good, version=99)):
        with pytest.raises(StateFormatError):
            engine.from_dict(json.loads(json.dumps(data)))
    assert engine.from_dict(good).to_dict() == good


@settings(max_examples=30, deadline=None)
@given(st.sampled_from([TABLE, BOTS]), st.integers(4, 10), st.integers(0, 2**32), st.integers(1, 12))
def test_random_play_keeps_every_word_once_and_scores_the_breakdown(mode, n, seed, deck):
    """Small decks, so reshuffles of the bottom and of the table come up often."""
    s = new(n, seed, mode=mode, words=[f"w{i}" for i in range(deck)], clue_limit=8)
    rng = random.Random(seed)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
        reloaded(s)  # from_dict checks the deck, the deal and the round
        assert all(p >= 0 for r in s.history for p in r["points"]), "penalties are the only minus"
    assert sorted(s.used + s.fresh) == sorted(s.words) and len(s.history) == n
    assert s.result().scores == [sum(row.values()) for row in s.result().breakdown]


# -- the conformance suite in bot mode -------------------------------------------
def _bot_mode_state(seats, seed, options=None, tape=None):
    """Bot mode with shorter dreams (12 clue turns), so the suite's many views stay quick."""
    return engine.new_state(seats, seed, {"mode": BOTS, "clue_limit": 12, **(options or {})}, tape)


@pytest.fixture
def game(monkeypatch):
    """Dream Teller in bot mode, registered under its own id so records and the cache keep it apart."""
    info = dataclasses.replace(registry.get("dream"), id="dream_bots", new_state=_bot_mode_state)
    monkeypatch.setitem(registry._REGISTRY, info.id, info)
    return info


test_bot_mode_random_play = test_protocol.test_random_play_always_offers_a_legal_action_until_the_end
test_bot_mode_same_seed = test_protocol.test_the_same_seed_and_actions_give_the_same_game
test_bot_mode_illegal_actions = test_protocol.test_illegal_actions_raise_and_change_nothing
test_bot_mode_clone = test_protocol.test_clone_is_independent_of_the_original
test_bot_mode_round_trip = test_protocol.test_to_dict_round_trips_at_every_action_and_play_continues_identically
test_bot_mode_record = test_protocol.test_a_record_of_a_random_game_replays_to_the_same_result
test_bot_mode_views = test_protocol.test_a_view_hides_the_generator_keeps_the_public_and_cannot_be_played
test_bot_mode_determinize = test_protocol.test_determinizations_of_a_view_have_that_view
test_bot_mode_reveals = test_protocol.test_reveals_hidden_is_true_for_every_action_that_can_show_something
test_bot_mode_scores = test_protocol.test_scores_are_the_breakdown_sums_and_winners_have_the_best_score
