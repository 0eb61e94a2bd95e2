"""World Voyage bots: legal choices everywhere, sensible Normal plans, Hard's budget, seeded replays."""

from __future__ import annotations

import math
import random
import time

import pytest

from test_voyage_rules import card, dest, game, give, show
from wonderland_games.core.bots import Budget
from wonderland_games.core.game import BOT, Seat
from wonderland_games.games.voyage import rules
from wonderland_games.games.voyage.bots import HardBot, PlannerBot, make_bot
from wonderland_games.games.voyage.rules import DISCARD, END, FLYER, TURN
from wonderland_games.games.voyage.world import load_world

SMALL = Budget(iterations=2, time_limit=math.inf)  # the count alone decides, however loaded the machine


def play(levels, seed, budget=SMALL, phases=None):
    """One seeded game; checks every choice is legal; returns the actions and the final state."""
    state = rules.new_state([Seat(f"p{i}", BOT, lv) for i, lv in enumerate(levels)], seed)
    bots = [make_bot(level) for level in levels]
    rngs = [random.Random(seed * 10 + s) for s in range(len(levels))]
    actions = []
    while not state.is_over():
        seat = state.current_player()
        legal = state.legal_actions()
        action = bots[seat].choose(state.view(seat), legal, rngs[seat], budget)
        assert action in legal
        if phases is not None:
            phases.add((levels[seat], state.phase, action[0]))
        state.apply(action)
        actions.append(action)
    return actions, state


def test_every_level_chooses_legal_actions():
    seen: set = set()
    for seed in range(3):
        play(("hard", "normal", "easy"), seed, phases=seen)
        play(("normal", "hard"), seed + 5, phases=seen)
    for level in ("normal", "hard"):
        kinds = {kind for lv, _, kind in seen if lv == level}
        assert {"move", "visit", "end"} <= kinds, (level, kinds)
    assert {lv for lv, _, _ in seen} == {"easy", "normal", "hard"}


@pytest.mark.parametrize("levels", [("easy", "normal"), ("normal", "normal", "normal"), ("hard", "normal")])
def test_a_seeded_game_replays_exactly(levels):
    assert play(levels, 4)[0] == play(levels, 4)[0]


def test_unknown_level_is_refused():
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("expert")


def test_normal_beats_random_in_a_seeded_sample():
    wins = 0.0
    for seed in range(10):
        levels = ("normal", "random") if seed % 2 == 0 else ("random", "normal")
        wins += play(levels, seed)[1].result().win_share(levels.index("normal"))
    assert wins >= 9


# -- Normal's plans ----------------------------------------------------------------------
FAR = [dest(c) for c in ("waitomo", "milford", "auckland", "pohnpei")]  # Oceania: far from Europe


def on_destination(city="rome", money=10, hand=None, display=None):
    """Seat 0 to act on `city`; shown: `display`, or that city's destination and four far ones."""
    s = game()
    d = dest(city)
    show(s, display or [d] + FAR)
    s.positions[0] = city
    s.positions[1] = "sao_paulo"
    s.money[0] = money
    if hand is not None:
        give(s, 0, hand)
    return s, d


def choose(bot, s):
    return bot.choose(s.view(s.current_player()), s.legal_actions(), random.Random(0))


def test_normal_visits_the_destination_it_stands_on_when_it_can_pay():
    s, d = on_destination("melbourne", hand=[card("green", steps=1), card("red", steps=1)])
    assert choose(PlannerBot(), s) == ("visit", d, "money")


def test_normal_pays_with_a_card_of_the_colour_rather_than_money():
    blue = card("blue", steps=4)  # no fare: a card that pays 3 coins when moving is better spent moving
    s, d = on_destination("melbourne", hand=[blue, card("green", steps=4)])
    assert choose(PlannerBot(), s) == ("visit", d, "card", blue)


def test_normal_moves_onto_a_destination_in_reach_and_visits_it_next():
    target = dest("athens")
    s, _ = on_destination("rome", hand=[card("green", steps=1), card("gold", steps=2)], display=[target] + FAR)
    assert load_world().distance("rome", "athens") <= 2
    action = choose(PlannerBot(), s)
    assert action[0] == "move" and action[2] == "athens"
    s.apply(action)
    assert choose(PlannerBot(), s)[:2] == ("visit", target)


def test_normal_spends_a_token_when_it_finishes_a_visit_and_not_otherwise():
    athens = dest("athens")
    red = card("red", steps=2)
    s, _ = on_destination("rome", hand=[card("green", steps=4), red], display=[athens] + FAR)
    s.round, s.actions_left = rules.ROUND_LIMIT, 1  # last turn, one action: a token adds the visit
    assert FLYER in s.legal_actions()
    assert choose(PlannerBot(), s) == FLYER
    s.apply(FLYER)
    assert choose(PlannerBot(), s) == ("move", card("green", steps=4), "athens")
    s.apply(("move", card("green", steps=4), "athens"))
    assert choose(PlannerBot(), s) == ("visit", athens, "card", red)
    s2, _ = on_destination("rome", hand=[card("green", steps=1)], display=FAR + [dest("sydney")])
    s2.actions_left = 1  # nothing shown within reach: an extra move finishes no visit
    assert FLYER in s2.legal_actions() and choose(PlannerBot(), s2) != FLYER


def test_normal_discards_its_least_useful_card():
    s = game()
    keep = [card(colour, steps=4) for colour in ("green", "red", "blue", "gold")]
    keep += [card(colour, "fly") for colour in ("green", "red", "blue", "gold")]
    give(s, 0, keep[:7] + [card("red", steps=1)])
    show(s, [dest(c) for c in ("waitomo", "milford", "auckland", "pohnpei", "sydney")])  # every colour
    s.phase = DISCARD
    assert choose(PlannerBot(), s) == ("discard", card("red", steps=1))


def test_normal_ends_the_turn_rather_than_waste_cards_in_the_last_round():
    s, _ = on_destination("rome", money=0, hand=[card("green", steps=1)], display=FAR + [dest("sydney")])
    s.round = rules.ROUND_LIMIT
    s.tokens[0] = 0
    assert choose(PlannerBot(), s) == END


def test_normal_buys_no_souvenir_short_of_a_set_in_the_last_round():
    """Single cubes score nothing at the end: in the last round only a cube that completes a set is worth 2 money."""
    s, _ = on_destination("rome", money=10, hand=[], display=FAR + [dest("sydney")])
    s.positions[0] = "frankfurt"  # Europe's starting city: nothing to visit, no card to move with
    s.round, s.tokens[0] = rules.ROUND_LIMIT, 0
    europe = rules.REGION_INDEX["europe"]
    s.souvenirs[0][europe], s.stock[europe] = 1, s.stock[europe] - 1
    assert rules.COLLECT in s.legal_actions()
    assert choose(PlannerBot(), s) == END
    s.souvenirs[0][europe], s.stock[europe] = 2, s.stock[europe] - 1
    assert choose(PlannerBot(), s) == rules.COLLECT


# -- Hard ---------------------------------------------------------------------------------
def busy_state():
    s = rules.new_state([Seat("a"), Seat("b"), Seat("c")], 9)
    while s.phase != TURN or len(s.legal_actions()) < 10:
        s.apply(s.legal_actions()[0])
    return s


def test_hard_counts_sets_begun_in_the_positions_it_compares():
    """Two cubes of a region are most of a set to Normal; Hard's playouts must see them too (not at the end)."""
    from wonderland_games.games.voyage.bots import SOUVENIR_PARTIAL, position_worth

    s = game()
    europe = rules.REGION_INDEX["europe"]
    before = position_worth(s, 0)
    s.souvenirs[0][europe], s.stock[europe] = 2, s.stock[europe] - 2
    assert position_worth(s, 0) == pytest.approx(before + SOUVENIR_PARTIAL[2])
    s.round = rules.ROUND_LIMIT
    with_cubes = position_worth(s, 0)
    s.souvenirs[0][europe], s.stock[europe] = 0, s.stock[europe] + 2
    assert position_worth(s, 0) == pytest.approx(with_cubes)  # the last round: cubes short of a set score nothing


def test_hard_stops_at_its_time_limit():
    s = busy_state()
    seat = s.current_player()
    bot = HardBot(iterations=None, time_limit=0.2)
    started = time.perf_counter()
    action = bot.choose(s.view(seat), s.legal_actions(), random.Random(1), Budget(time_limit=0.2))
    assert time.perf_counter() - started < 3.0, "unbounded rollouts would never stop; the margin is for a loaded machine"
    assert action in s.legal_actions()


def test_hard_with_an_iteration_budget_is_reproducible():
    s = busy_state()
    seat = s.current_player()
    picks = {HardBot().choose(s.view(seat), s.legal_actions(), random.Random(3), Budget(iterations=3))
             for _ in range(2)}
    assert len(picks) == 1
