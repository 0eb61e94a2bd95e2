"""Wonderland Valley engine: one test per rule clause on hand-built states, then seeded random play.

Hand-built states start from a real game (mulligans kept) and move cards out of
the deck into hands and cities, so 128 cards stay conserved and `_check` holds.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from wonderland_games.core.chance import Tape
from wonderland_games.core.game import IllegalAction, Seat
from wonderland_games.games.valley import state as engine
from wonderland_games.games.valley.data import load_valley
from wonderland_games.games.valley.state import FINAL, PREPARE, UNKNOWN, ValleyState

VALLEY = load_valley()
DECK = Counter(VALLEY.cards.deck())
BERRY, TWIG, RESIN, PEBBLE = range(4)


def seats(n: int) -> list:
    return [Seat(f"P{i}") for i in range(n)]


def started(n: int = 2, seed: int = 1, options=None) -> ValleyState:
    """A new game with every mulligan kept."""
    s = engine.new_state(seats(n), seed, options)
    while s.decision():
        s.apply(("mulligan",))
    return s


def table(n: int = 2, seed: int = 1) -> ValleyState:
    """A started game where seat 0 is to act, with empty hands (the cards back in the deck) and no
    resources (not the starting berries)."""
    s = started(n, seed)
    for hand in s.hands:
        s.deck = sorted(s.deck + hand)
        hand.clear()
    s.resources = [[0] * 4 for _ in range(n)]
    s.current = 0
    return s


def give(s: ValleyState, seat: int, *kinds: str) -> None:
    for kind in kinds:
        s.deck.remove(kind)
        s.hands[seat].append(kind)


def build(s: ValleyState, seat: int, *kinds: str) -> None:
    for kind in kinds:
        (s.deck if kind in s.deck else s.discard).remove(kind)
        s.cities[seat].append(kind)


def check(s: ValleyState) -> None:
    """What must hold in every state: cards conserved, nothing negative, a legal action unless over."""
    held = Counter(s.deck + s.discard)
    for cards in (*s.hands, *s.cities):
        held.update(cards)
    assert held == DECK
    assert all(min(r) >= 0 for r in s.resources) and min(s.tokens) >= 0
    assert all(0 <= len(p) <= w <= 6 for p, w in zip(s.placed, s.workers))
    assert all(len(h) <= VALLEY.numbers.hand_limit for h in s.hands)
    assert all(len(c) <= VALLEY.numbers.city_limit for c in s.cities)
    result = s.result()
    assert result.scores == [sum(b.values()) for b in result.breakdown]
    if not s.is_over():
        assert s.legal_actions() and s.current_player() is not None
        assert s.decision() or not s.finished[s.current_player()], "a finished player only decides"


def places(s: ValleyState) -> set:
    return {a[1:] for a in s.legal_actions() if a[0] == "place"}


# -- setup ---------------------------------------------------------------------------
@pytest.mark.parametrize("n, forest", [(2, 3), (3, 4), (4, 4)])
def test_setup_deals_reveals_and_queues_one_mulligan_each(n, forest):
    s = engine.new_state(seats(n), 5)
    check(s)
    assert len(s.forest) == forest and len(set(s.forest)) == forest and set(s.forest) <= set(VALLEY.forest)
    assert len(set(s.specials)) == 4 and set(s.specials) <= set(VALLEY.special_events)
    assert [len(h) for h in s.hands] == [5] * n and len(s.deck) == 128 - 5 * n
    assert s.workers == [2] * n and s.season == [0] * n
    berries = {2: [0, 1], 3: [0, 1, 2], 4: [0, 1, 2, 2]}[n]  # by turn position: the later, the more
    assert [s.resources[(s.first + i) % n] for i in range(n)] == [[b, 0, 0, 0] for b in berries]
    assert [q for q in s.queue] == [("mulligan", (s.first + i) % n) for i in range(n)]
    assert s.current_player() == s.first
    firsts = {engine.new_state(seats(n), seed).first for seed in range(40)}
    assert firsts == set(range(n)), "a random first player"


def test_seat_counts_and_the_starting_hand_variant():
    assert engine.new_state(seats(1), 1).opponent.level == "normal"  # solo: test_valley_solo.py
    for n in (0, 5):
        with pytest.raises(ValueError):
            engine.new_state(seats(n), 1)
    assert [len(h) for h in engine.new_state(seats(2), 1, {"starting_hand": 7}).hands] == [7, 7]
    with pytest.raises(ValueError, match="starting_hand"):
        engine.new_state(seats(2), 1, {"starting_hand": 9})


def test_the_mulligan_offers_every_group_and_redraws_as_many():
    s = engine.new_state(seats(2), 3)
    seat = s.current_player()
    s.deck = sorted(s.deck + s.hands[seat])
    s.hands[seat] = []
    give(s, seat, "dormouse", "dormouse", "quarry", "magpie", "balloon")
    legal = s.legal_actions()
    assert ("mulligan",) in legal and ("mulligan", "dormouse", "dormouse") in legal
    assert len(legal) == 3 * 2 * 2 * 2 and all(a[0] == "mulligan" for a in legal)
    while "dormouse" in s.deck:  # every other dormouse out of the deck: a redraw cannot find one
        s.deck.remove("dormouse")
        s.discard.append("dormouse")
    s.apply(("mulligan", "dormouse", "dormouse"))
    assert len(s.hands[seat]) == 5 and "dormouse" not in s.hands[seat], "new cards, not the same ones"
    assert Counter(s.deck)["dormouse"] == 2, "the discards go back into the deck"
    assert s.current_player() != seat
    check(s)


def test_after_the_mulligans_the_first_player_acts_in_winter():
    s = started(3, 2)
    assert s.current_player() == s.first and PREPARE in s.legal_actions()
    assert {a[0] for a in s.legal_actions()} >= {"place", "prepare"}


# -- placing a worker ----------------------------------------------------------------
def test_exclusive_spots_take_one_worker_shared_ones_any():
    s = table()
    s.apply(("place", "twig_grove"))
    assert s.resources[0][TWIG] == 3 and s.current_player() == 1
    assert ("twig_grove",) not in places(s) and ("berry_bramble",) in places(s)
    s.apply(("place", "berry_bramble"))
    s.apply(("place", "berry_bramble"))  # seat 0 joins seat 1 on the shared spot
    assert s.resources[0][BERRY] == 2 and s.placed[0] == ["twig_grove", "berry_bramble"]


def test_only_revealed_forest_cards_and_one_worker_each():
    s = table()
    hidden = [f for f in VALLEY.forest if f not in s.forest]
    assert {(f,) for f in s.forest} <= places(s) and not {(f,) for f in hidden} & places(s)
    wood = s.forest[0]
    s.apply(("place", wood))
    while s.decision():
        s.apply(s.legal_actions()[0])
    assert (wood,) not in places(s)


def test_no_worker_left_no_placement_but_prepare_stays():
    s = table()
    s.placed[0] = ["berry_bramble", "berry_bramble"]
    legal = s.legal_actions()
    assert not any(a[0] == "place" for a in legal) and legal == [PREPARE]


def test_a_choice_is_a_pending_decision_of_the_placer():
    s = table()
    s.forest = ["hollow_log"] + [f for f in s.forest if f != "hollow_log"][:2]
    s.apply(("place", "hollow_log"))
    assert s.current_player() == 0 and s.decision()
    legal = s.legal_actions()
    assert len(legal) == 6 and ("take", "twig", "pebble") in legal and ("take", "berry", "twig") not in legal
    with pytest.raises(IllegalAction):
        s.apply(PREPARE)
    s.apply(("take", "pebble", "pebble"))
    assert s.resources[0][PEBBLE] == 2 and s.current_player() == 1


def test_a_trade_is_offered_only_when_it_can_be_paid():
    s = table()
    s.forest = ["rose_garden"] + [f for f in s.forest if f != "rose_garden"][:2]
    s.apply(("place", "rose_garden"))  # empty hand: nothing to discard, straight to the draw
    assert len(s.hands[0]) == 1 and s.current_player() == 1
    s = table()
    s.forest = ["rose_garden"] + [f for f in s.forest if f != "rose_garden"][:2]
    give(s, 0, "quarry", "quarry", "magpie")
    s.apply(("place", "rose_garden"))
    assert set(s.legal_actions()) == {("discard", "magpie"), ("discard", "quarry"), ("done",)}
    s.apply(("discard", "quarry"))
    s.apply(("take", "resin"))
    s.apply(("discard", "quarry"))
    s.apply(("take", "pebble"))
    s.apply(("done",))
    assert s.resources[0][RESIN] == s.resources[0][PEBBLE] == 1 and s.discard == ["quarry", "quarry"]
    assert s.hands[0][0] == "magpie" and len(s.hands[0]) == 2 and s.current_player() == 1


def test_destination_spots_own_closed_and_open_with_toll_and_reward():
    s = table()
    build(s, 1, "gryphon", "woodland_post", "toadstool_inn")
    build(s, 0, "emerald_gate")
    own = places(s)
    assert (0, 0) in own and (1, 0) not in own, "a closed spot is its owner's only"
    assert (1, 1) not in own, "the toll cannot be paid"
    assert (1, 2) in own
    s.apply(("place", 1, 2))  # Toadstool Inn: draw 2 and 1 point; the owner 1 point
    assert s.tokens == [1, 1] and len(s.hands[0]) == 2
    s.apply(("place", "berry_bramble"))
    assert (1, 2) not in places(s), "one worker per city spot"
    s.resources[0][BERRY] = 1
    assert (1, 1) in places(s)
    s.apply(("place", 1, 1))
    assert s.resources[0][BERRY] == 0 and s.resources[1][BERRY] == 3 and len(s.hands[0]) == 5


def test_the_looking_glass_copies_any_location_even_taken_and_the_cat_needs_another_production():
    s = table()
    build(s, 0, "looking_glass")
    s.placed[1] = ["twig_grove"]
    s.apply(("place", 0, 0))
    assert len(s.legal_actions()) == 8 and ("copy", "twig_grove") in s.legal_actions()
    s.apply(("copy", "twig_grove"))
    assert s.resources[0][TWIG] == 3
    s = table()
    s.resources[0] = [3, 0, 0, 0]
    give(s, 0, "cheshire_cat")
    s.apply(("play", "cheshire_cat", 3, 0, 0, 0))  # nothing to copy: no decision
    assert s.current_player() == 1
    s = table()
    build(s, 0, "honey_bee", "cheshire_cat")
    s.season[0] = 0
    s.apply(PREPARE)  # spring: both produce; the cat copies the bee
    assert s.legal_actions() == [("copy", "honey_bee")]
    s.apply(("copy", "honey_bee"))
    assert s.resources[0][BERRY] == 4


# -- playing a card ------------------------------------------------------------------
def test_a_card_costs_its_price_and_is_offered_only_when_affordable():
    s = table()
    give(s, 0, "market_hall", "dormouse")
    assert not any(a[0] == "play" for a in s.legal_actions())
    s.resources[0] = [1, 2, 0, 1]
    legal = s.legal_actions()
    assert ("play", "market_hall", 0, 2, 0, 1) in legal and not any(a[:2] == ("play", "dormouse") for a in legal)
    s.apply(("play", "market_hall", 0, 2, 0, 1))
    assert s.cities[0] == ["market_hall"] and s.resources[0] == [1, 0, 0, 0] and s.hands[0] == ["dormouse"]


def test_discounts_lower_the_price():
    s = table()
    build(s, 0, "knitting_sheep", "market_hall")
    give(s, 0, "dormouse", "quarry")
    s.resources[0] = [1, 1, 2, 0]
    legal = s.legal_actions()
    assert ("play", "dormouse", 1, 0, 0, 0) in legal and ("play", "quarry", 0, 1, 2, 0) in legal


def test_a_critter_comes_in_free_through_its_host_once():
    s = table()
    build(s, 0, "berry_garden")
    give(s, 0, "squirrel", "squirrel")
    s.resources[0] = [2, 0, 0, 0]
    assert ("play", "squirrel", "free") in s.legal_actions()
    s.apply(("play", "squirrel", "free"))
    assert s.occupied[0] == [0] and s.resources[0][BERRY] == 2 + 1  # it produced: 1 berry per garden
    s.current = 0
    legal = s.legal_actions()
    assert ("play", "squirrel", "free") not in legal and ("play", "squirrel", 2, 0, 0, 0) in legal


def test_the_city_holds_fifteen_and_a_unique_kind_once():
    s = table()
    build(s, 0, "balloon")
    give(s, 0, "balloon", "dormouse")
    s.resources[0] = [5, 5, 5, 5]
    legal = s.legal_actions()
    assert not any(a[:2] == ("play", "balloon") for a in legal) and ("play", "dormouse", 2, 0, 0, 0) in legal
    build(s, 0, *["berry_garden"] * 8, *["quarry"] * 3, *["twig_mill"] * 3)
    assert len(s.cities[0]) == 15 and not any(a[0] == "play" for a in s.legal_actions())


def test_travel_and_production_resolve_on_arrival_with_the_city_bonuses():
    s = table()
    build(s, 0, "badger_judge", "owl_scribe")
    give(s, 0, "carrier_pigeon", "quarry")
    s.resources[0] = [2, 1, 2, 1]
    s.apply(("play", "quarry", 0, 1, 2, 1))  # bonuses: a point (a construction) and a card (production)
    assert s.tokens[0] == 1 and s.resources[0][PEBBLE] == 1 and len(s.hands[0]) == 2
    s.current = 0
    s.apply(("play", "carrier_pigeon", 2, 0, 0, 0))
    assert len(s.hands[0]) == 1 + 2


def test_the_white_rabbit_unlocks_the_sixth_worker_once():
    s = table()
    s.workers[0] = 5
    give(s, 0, "white_rabbit")
    s.resources[0] = [3, 0, 0, 0]
    s.apply(("play", "white_rabbit", 3, 0, 0, 0))
    assert s.workers[0] == 6


def test_draws_stop_at_the_hand_limit():
    s = table()
    give(s, 0, *s.deck[:7])
    s.apply(("place", "story_stump"))
    assert len(s.hands[0]) == 8 and s.tokens[0] == 1


def test_an_empty_deck_takes_over_the_discard_pile():
    s = table()
    s.discard, s.deck = s.deck, []
    pile = len(s.discard)
    s.apply(("place", "story_stump"))
    assert len(s.hands[0]) == 2 and len(s.deck) == pile - 2 and not s.discard
    check(s)


# -- preparing for a season ----------------------------------------------------------
def test_spring_recalls_adds_a_worker_produces_and_checks_its_event():
    s = table()
    build(s, 0, "honey_bee")
    s.apply(("place", "twig_grove"))
    s.apply(("place", "orchard_gate"))
    s.apply(("place", "amber_spring"))
    s.apply(("place", "berry_bramble"))  # seat 1: 1 + 2 berries
    s.apply(PREPARE)  # seat 0 into spring: 2 berries from the bee, 2 < 3: no event
    assert s.placed[0] == [] and s.workers[0] == 3 and s.season[0] == 1
    assert s.resources[0][BERRY] == 2 and s.claimed[0] == []
    assert "twig_grove" not in s.taken()
    s.apply(PREPARE)  # seat 1: 3 berries, the most
    assert s.claimed[1] == ["spring_feast"]


def test_summer_draws_two_and_autumn_produces():
    s = table()
    s.season[0] = 1
    s.apply(PREPARE)
    assert s.season[0] == 2 and len(s.hands[0]) == 2 and s.workers[0] == 3
    s = table()
    build(s, 0, "twig_mill")
    s.season[0] = 2
    s.apply(PREPARE)
    assert s.resources[0][TWIG] == 2 and s.season[0] == 3


def test_the_second_winter_ends_that_players_game_and_the_others_get_one_turn():
    s = table(3)
    s.season = [3, 3, 0]
    s.apply(PREPARE)  # seat 0 enters the second winter and stops
    assert s.finished == [True, False, False] and s.endgame and s.current_player() == 1
    s.apply(("place", "berry_bramble"))  # seat 1's one more turn
    assert s.finished == [True, True, False] and s.current_player() == 2
    assert not s.is_over()
    s.apply(PREPARE)  # seat 2 may prepare: into spring; its turn was still the last
    assert s.is_over() and s.current_player() is None and s.legal_actions() == []


def test_turns_go_clockwise_from_the_first_player_and_skip_finished_players():
    s = table(4)
    s.current = 2
    order = []
    for _ in range(5):
        order.append(s.current_player())
        s.apply(("place", "berry_bramble"))
    assert order == [2, 3, 0, 1, 2]
    s = table(3)
    s.finished[1] = s.endgame = True
    s.season[1] = FINAL
    s.apply(("place", "berry_bramble"))
    assert s.current_player() == 2


def test_summer_and_autumn_events_count_cities_and_production():
    s = table()
    build(s, 0, "quarry", "quarry", "twig_mill", "berry_garden")
    build(s, 1, "dormouse")
    s.season[0] = 1
    s.apply(PREPARE)  # summer: 4 cards against 1
    assert s.claimed[0] == ["summer_fair"]
    s.current = 0
    s.apply(PREPARE)  # autumn: 4 production cards
    assert s.claimed[0] == ["summer_fair", "harvest_festival"]


def test_a_finished_owner_still_takes_the_reward_of_its_open_spot():
    s = table()
    build(s, 0, "toadstool_inn")
    s.season[0], s.finished[0], s.endgame, s.current = FINAL, True, True, 1
    s.apply(("place", 0, 0))
    assert s.tokens == [1, 1] and s.is_over()


def test_the_second_winter_checks_its_event_before_stopping():
    s = table()
    build(s, 0, *["berry_garden"] * 8, "quarry", "quarry")
    s.season[0] = 3
    s.apply(PREPARE)
    assert s.claimed[0] == ["winter_tales"] and s.season[0] == FINAL and s.finished[0]


def test_final_scores_add_up_their_breakdown():
    s = table()
    build(s, 0, "dormouse", "tea_table", "peacock")
    s.specials = ["unbirthday_party", "lobster_dance", "full_valley", "pebble_hoard"]
    s.tokens[0], s.claimed[0] = 2, ["summer_fair"]
    s.season = [3, 3]
    s.apply(PREPARE)
    s.apply(PREPARE)
    result = s.result()
    assert s.is_over()
    assert result.breakdown[0] == {"cards": 5, "conditions": 1, "basic_events": 3, "special_events": 4,
                                   "tokens": 2}
    assert result.scores[0] == 15 and result.winners == [0]


# -- saves, views, records -----------------------------------------------------------
def test_a_view_hides_other_hands_and_the_deck_and_cannot_be_played():
    s = started(3, 4)
    for seat in range(3):
        v = s.view(seat)
        assert v.hands[seat] == s.hands[seat] and v.rng is None and v.seed is None
        assert all(set(v.hands[o]) == {UNKNOWN} for o in range(3) if o != seat)
        assert set(v.deck) == {UNKNOWN} and len(v.deck) == len(s.deck)
        full = v.determinize(random.Random(seat))
        assert full.view(seat).to_dict() == v.to_dict()
        check(full)
    with pytest.raises(IllegalAction):
        s.view(s.current).apply(PREPARE)
    s.season = [FINAL - 1] * 3
    for _ in range(3):
        s.apply(PREPARE)
    assert s.is_over() and s.view(0).hands == s.hands, "a finished game shows every hand"


def test_a_damaged_save_is_refused():
    data = started().to_dict()
    data["deck"] = data["deck"][1:]
    with pytest.raises(engine.StateFormatError):
        engine.from_dict(data)
    data = started().to_dict()
    data["resources"][0][2] = -1
    with pytest.raises(engine.StateFormatError):
        engine.from_dict(data)


@pytest.mark.parametrize("queue", [[["fx", "card:nobody", 0, 0]], [["fx", "board:twig_grove", 0, 0]],
                                   [["trade", "board:twig_grove", 0, 0, 0]], [["end_turn", 7]], [["dance", 0]]])
def test_a_save_with_an_impossible_work_queue_is_refused(queue):
    data = started().to_dict()
    data["queue"] = queue
    with pytest.raises(engine.StateFormatError):
        engine.from_dict(data)


def test_a_taped_game_replays_without_the_generator():
    tape = Tape()
    live = engine.new_state(seats(3), 11, tape=tape)
    rng = random.Random(2)
    actions = []
    while not live.is_over():
        actions.append(rng.choice(live.legal_actions()))
        live.apply(actions[-1])
    replay = engine.new_state(seats(3), 999, tape=Tape(tape.outcomes))
    for action in actions:
        replay.apply(action)
    assert replay.result() == live.result()


# -- random play ---------------------------------------------------------------------
def policy(rng: random.Random, legal: list):
    """Random, but preparing only now and then while something else is open (longer games)."""
    others = [a for a in legal if a != PREPARE]
    if others and rng.random() < 0.9:
        return rng.choice(others)
    return rng.choice(legal)


def test_random_play_never_sticks_and_keeps_every_invariant():
    games = 0
    for seed in range(240):
        n = 2 + seed % 3
        s = engine.new_state(seats(n), seed)
        rng = random.Random(seed)
        steps, seen = 0, []
        while not s.is_over():
            check(s)
            if steps % 37 == 5:
                data = json.loads(json.dumps(s.to_dict()))
                loaded = engine.from_dict(data)
                assert loaded.to_dict() == s.to_dict() and loaded.legal_actions() == s.legal_actions()
                twin_rng = random.Random(seed * 7 + steps)
                probe = random.Random(seed * 7 + steps)
                a, b = s.clone(), loaded
                for _ in range(15):
                    if a.is_over():
                        break
                    assert a.apply(policy(twin_rng, a.legal_actions())) == b.apply(policy(probe, b.legal_actions()))
                assert a.to_dict() == b.to_dict()
                before, legal = s.to_dict(), s.legal_actions()
                for stale in seen[-12:] + [("place", 9, 0), ("play", "quarry", 9, 9, 9, 9), ("take",), (), ("x",)]:
                    if stale not in legal:
                        with pytest.raises(IllegalAction):
                            s.apply(stale)
                assert s.to_dict() == before, "an illegal action changes nothing"
                seat = s.current_player()
                view = s.view((seat + 1) % n)
                assert all(set(view.hands[o]) <= {UNKNOWN} for o in range(n) if o != (seat + 1) % n)
            seen.append(policy(rng, s.legal_actions()))
            s.apply(seen[-1])
            steps += 1
            assert steps < 3000, "the game must end"
        check(s)
        assert all(s.finished) and any(season == FINAL for season in s.season)
        games += 1
    assert games == 240
