"""Wonderland Valley bots: legal choices in every decision, seeded replays, Normal's judgement, the ladder."""

from __future__ import annotations

import math
import random

import pytest

from wonderland_games.core import simulate
from wonderland_games.core.bots import Budget, EasyBot, RandomBot
from wonderland_games.core.game import BOT, Seat
from wonderland_games.core.session import Session
from wonderland_games.games.valley import bots, state as vs
from wonderland_games.games.valley.bots import HardBot, PlannerBot, make_bot, ranked

SMALL = Budget(iterations=2, time_limit=math.inf)  # the count alone decides, however loaded the machine


def play(levels, seed, budget=SMALL, seen=None):
    """One seeded game; checks every choice is legal; returns the actions and the final state."""
    state = vs.new_state([Seat(f"p{i}", BOT, lv) for i, lv in enumerate(levels)], seed)
    players = [make_bot(level) for level in levels]
    rngs = [random.Random(seed * 10 + s) for s in range(len(levels))]
    actions = []
    while not state.is_over():
        seat = state.current_player()
        legal = state.legal_actions()
        action = players[seat].choose(state.view(seat), legal, rngs[seat], budget)
        assert action in legal
        if seen is not None:
            seen.add((levels[seat], action[0]))
        state.apply(action)
        actions.append(action)
    return actions, state


def test_make_bot_gives_each_level():
    assert isinstance(make_bot("random"), RandomBot)
    assert isinstance(make_bot("easy"), EasyBot)
    assert isinstance(make_bot("normal"), PlannerBot)
    assert isinstance(make_bot("hard"), HardBot)
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("expert")


def test_every_level_chooses_legal_actions_in_every_kind_of_decision():
    seen: set = set()
    for seed in range(6):
        play(("normal", "easy", "random"), seed, seen=seen)
        play(("easy", "normal", "normal", "random"), seed + 20, seen=seen)
    play(("hard", "normal"), 3, seen=seen)
    for level in ("normal", "easy"):
        kinds = {kind for lv, kind in seen if lv == level}
        assert {"mulligan", "place", "play", "prepare", "take"} <= kinds, (level, kinds)
    assert {kind for lv, kind in seen if lv == "hard"} >= {"place", "play", "prepare"}


@pytest.mark.parametrize("levels", [("easy", "normal"), ("normal", "normal", "easy"), ("hard", "normal")])
def test_a_seeded_game_replays_exactly(levels):
    assert play(levels, 4)[0] == play(levels, 4)[0]


def test_normal_judges_a_view_without_changing_it_or_seeing_hidden_cards():
    state = vs.new_state([Seat("a", BOT, "normal"), Seat("b", BOT, "normal")], 5)
    while state.decision() is not None:
        state.apply(state.legal_actions()[0])
    view = state.view(state.current)
    before = view.to_dict()
    ranked(view, view.legal_actions())
    assert view.to_dict() == before


def free_play_state():
    """Seat 0 to act, holding a Hedgehog Peddler whose host (the Forest Signpost) is in its city."""
    state = vs.new_state([Seat("a", BOT, "normal"), Seat("b", BOT, "normal")], 1)
    while state.decision() is not None:
        state.apply(("mulligan",))
    seat = state.current
    state.hands[seat] = ["hedgehog_peddler"]
    state.cities[seat] = ["signpost"]
    state.resources[seat] = [2, 0, 0, 0]
    return state, seat


def test_normal_plays_a_free_critter_through_its_host_over_paying_or_passing():
    state, seat = free_play_state()
    view = state.view(seat)
    legal = view.legal_actions()
    free, paid = ("play", "hedgehog_peddler", "free"), ("play", "hedgehog_peddler", 2, 0, 0, 0)
    assert {free, paid, vs.PREPARE} <= set(legal)
    worth = {action: w for w, action in ranked(view, legal)}
    assert worth[free] > worth[paid] > worth[vs.PREPARE]
    assert PlannerBot().choose(view, legal, random.Random(0)) == free


def test_normal_prepares_only_when_its_workers_are_placed_and_nothing_playable_gains():
    state, seat = free_play_state()
    state.hands[seat] = []
    view = state.view(seat)
    assert PlannerBot().choose(view, view.legal_actions(), random.Random(0))[0] == "place"
    state.placed[seat] = ["twig_grove", "amber_spring"][:state.workers[seat]]
    view = state.view(seat)
    assert PlannerBot().choose(view, view.legal_actions(), random.Random(0)) == vs.PREPARE


def test_hard_keeps_to_normals_shortlist():
    state, seat = free_play_state()
    view = state.view(seat)
    legal = view.legal_actions()
    shortlist = [a for _, a in ranked(view, legal)[:bots.HARD_CANDIDATES]]
    assert HardBot().choose(view, legal, random.Random(0), SMALL) in shortlist


LADDER = [  # bots, games, fewest wins for the first bot (an even player makes these once in ~50 tries)
    (("easy", "random"), 30, 21),
    (("normal", "random"), 30, 25),
    (("normal", "easy"), 40, 26),
]


@pytest.mark.parametrize("levels, games, fewest", LADDER)
def test_the_ladder_random_easy_normal(levels, games, fewest):
    wins = sum(o.shares[0] for o in simulate.run(simulate.Config("valley", levels, games, 7)))
    assert wins >= fewest
    if levels[1] == "easy":
        assert wins < games - 1  # Easy takes games off Normal: it is no random clicker


def test_a_playout_skips_the_legality_check_and_ends_where_apply_would(monkeypatch):
    """`advance` (bots' trials and playouts, the Suggest button's samples) trusts an action taken
    from `legal_actions`: the same game as `apply`, without a fifth of a decision's time spent
    checking it again."""
    rng = random.Random(4)
    played = Session.new("valley", [Seat(f"P{i}") for i in range(3)], seed=9, autosave=False).state
    fast = played.clone()
    real = vs.ValleyState._is_legal
    while not played.is_over():
        action = rng.choice(played.legal_actions())
        played.apply(action)
        monkeypatch.setattr(vs.ValleyState, "_is_legal", lambda self, a: pytest.fail("checked again"))
        fast.advance(action)
        monkeypatch.setattr(vs.ValleyState, "_is_legal", real)
        assert fast.scores() == played.scores() and fast.legal_actions() == played.legal_actions()
    assert fast.is_over() and fast.result().winners == played.result().winners
