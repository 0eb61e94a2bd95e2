"""World Voyage rules: one test per rule clause, on hand-built states."""

from __future__ import annotations

import random

import pytest

from wonderland_games.core.game import IllegalAction, Seat, StateFormatError
from wonderland_games.games.voyage import rules
from wonderland_games.games.voyage.cards import load_cards
from wonderland_games.games.voyage.rules import (BUY_MONEY, BUY_TOKEN, COLLECT, DISCARD, END, FLYER, OVER, TURN,
                                                 UNKNOWN, VoyageState)
from wonderland_games.games.voyage.world import REGION_IDS, load_world

CARDS = load_cards()
WORLD = load_world()
EUROPE = REGION_IDS.index("europe")


def card(colour: str, kind: str = "plain", steps: int = 0, nth: int = 0) -> int:
    """The nth itinerary card of this colour and kind (and steps, for plain cards)."""
    found = [c.id for c in CARDS.itineraries[1:]
             if c.colour == colour and c.kind == kind and (kind != "plain" or c.steps == steps)]
    return found[nth]


def dest(city: str) -> int:
    return CARDS.dest_at[city]


def game(n: int = 2, seed: int = 7) -> VoyageState:
    s = rules.new_state([Seat(f"P{i}") for i in range(n)], seed)
    s.first = s.current = 0
    return s


def give(s: VoyageState, seat: int, cards: list) -> None:
    """Seat's hand becomes exactly `cards`; the cards come from wherever they were, the old hand goes to the deck."""
    for pile in [s.deck, s.discard] + s.hands:
        pile[:] = [c for c in pile if c not in cards]
    s.deck.extend(s.hands[seat])
    s.hands[seat] = list(cards)


def show(s: VoyageState, dests: list) -> None:
    """The display becomes exactly `dests` (in order); the rest of the unvisited ones form the deck."""
    s.dest_deck = [d for d in s.dest_deck + s.display if d not in dests]
    s.display = list(dests)


def snapshot(s: VoyageState) -> dict:
    return s.to_dict()


# -- setup ---------------------------------------------------------------------------
def test_setup_deals_display_hands_money_tokens_and_cubes():
    s = rules.new_state([Seat("A"), Seat("B"), Seat("C")], 3, {"starts": ["asia", "asia", "oceania"]})
    assert len(s.display) == 5 and len(s.dest_deck) == 43
    assert [len(h) for h in s.hands] == [5, 5, 5] and len(s.deck) == 33
    assert s.money == [10, 10, 10] and s.tokens == [2, 2, 2]
    assert s.positions == ["hong_kong", "hong_kong", "brisbane"]
    assert s.supply == [1] * 6 and s.stock == [8] * 6
    assert s.current == s.first and s.round == 1 and s.actions_left == 2
    s._check()


def test_default_starts_cycle_through_the_regions():
    s = rules.new_state([Seat(str(i)) for i in range(5)], 1)
    assert s.positions == [WORLD.starts[r] for r in REGION_IDS[:5]]


def test_first_player_is_random_but_fixed_by_the_seed():
    firsts = {rules.new_state([Seat("A"), Seat("B"), Seat("C")], seed).first for seed in range(30)}
    assert firsts == {0, 1, 2}
    assert rules.new_state([Seat("A"), Seat("B")], 5).to_dict() == rules.new_state([Seat("A"), Seat("B")], 5).to_dict()


@pytest.mark.parametrize("n, options", [(1, None), (6, None), (2, {"starts": ["europe"]}),
                                        (2, {"starts": ["europe", "atlantis"]})])
def test_bad_setup_is_refused(n, options):
    with pytest.raises(ValueError):
        rules.new_state([Seat(str(i)) for i in range(n)], 1, options)


# -- move ----------------------------------------------------------------------------
def test_move_goes_up_to_the_card_steps_and_discards_it():
    s = game()
    two = card("red", steps=2)
    give(s, 0, [two])
    s.positions[0] = "frankfurt"
    moves = [a for a in s.legal_actions() if a[0] == "move"]
    assert sorted(a[2] for a in moves) == sorted(WORLD.reachable("frankfurt", 2))
    assert ("move", two, "rome") not in moves  # 3 steps away
    events = s.apply(("move", two, "zermatt"))
    assert s.positions[0] == "zermatt" and two in s.discard and two not in s.hands[0]
    assert events[0]["type"] == "move" and events[0]["path"][0] == "frankfurt" and events[0]["path"][-1] == "zermatt"
    assert s.actions_left == 1


def of_edition(s: VoyageState, edition: int) -> VoyageState:
    """`s` as a game begun under an earlier rules edition (saved by an earlier version) loads."""
    data = s.to_dict()
    data["edition"] = edition
    return VoyageState.from_dict(data)


@pytest.mark.parametrize("kind, steps, fare, edition", [
    ("plain", 1, 4, 3), ("plain", 2, 3, 3), ("plain", 3, 2, 3), ("plain", 4, 1, 3), ("express", 0, 0, 3), ("fly", 0, 0, 3),
    ("plain", 1, 3, 2), ("plain", 2, 2, 2), ("plain", 3, 1, 2), ("plain", 4, 0, 2), ("express", 0, 0, 2)])
def test_a_card_played_to_move_pays_its_fare(kind, steps, fare, edition):
    """Fares rose by one with edition 3; a game begun before keeps the fares it was played with."""
    s = of_edition(game(), edition)
    c = card("blue", kind, steps)
    give(s, 0, [c])
    show(s, [dest(d.city) for d in CARDS.destinations[1:] if d.colour == "blue"][:5])
    s.positions[0] = "frankfurt"
    before = s.money[0]
    move = next(a for a in s.legal_actions() if a[0] == "move" and a[1] == c)
    events = s.apply(move)
    assert s.money[0] == before + fare
    assert events[0].get("earned", 0) == fare


def test_staying_put_is_not_a_move():
    s = game()
    give(s, 0, [card("red", steps=4)])
    s.positions[0] = "paris"
    assert all(a[2] != "paris" for a in s.legal_actions() if a[0] == "move")
    with pytest.raises(IllegalAction):
        s.apply(("move", card("red", steps=4), "paris"))


def test_fly_goes_to_any_displayed_destination_of_its_colour():
    s = game()
    fly = card("blue", "fly")
    give(s, 0, [fly])
    s.positions[0] = "london"
    show(s, [dest("london"), dest("singapore"), dest("melbourne"), dest("rome"), dest("giza")])
    targets = {a[2] for a in s.legal_actions() if a[0] == "move"}
    assert targets == {"singapore", "melbourne"}  # blue ones, not the one you stand on
    events = s.apply(("move", fly, "melbourne"))
    assert s.positions[0] == "melbourne" and events[0]["type"] == "fly"


def test_fly_without_a_displayed_destination_of_its_colour_is_not_offered():
    s = game()
    fly = card("green", "fly")
    give(s, 0, [fly])
    show(s, [dest("rome"), dest("athens"), dest("paris"), dest("london"), dest("giza")])
    assert not [a for a in s.legal_actions() if a[0] == "move"]
    with pytest.raises(IllegalAction):
        s.apply(("move", fly, "paris"))


def test_express_adds_two_steps_to_the_next_move_this_turn():
    s = game()
    express, one = card("gold", "express"), card("gold", steps=1)
    give(s, 0, [express, one])
    s.positions[0] = "frankfurt"
    targets = {a[2] for a in s.legal_actions() if a[0] == "move" and a[1] == express}
    assert targets == set(WORLD.reachable("frankfurt", 3))
    s.apply(("move", express, "rome"))
    assert s.bonus == 2
    assert {a[2] for a in s.legal_actions() if a[0] == "move"} == set(WORLD.reachable("rome", 3))
    s.apply(("move", one, "istanbul"))  # 3 steps with a 1-step card
    assert s.positions[0] == "istanbul" and s.bonus == 0


def test_express_bonus_is_used_by_a_flight_and_lost_at_turn_end():
    s = game()
    express, fly, two = card("gold", "express"), card("gold", "fly"), card("red", steps=2)
    give(s, 0, [express, fly, two])
    show(s, [dest("barcelona"), dest("rome"), dest("athens"), dest("paris"), dest("london")])
    s.positions[0] = "frankfurt"
    s.apply(("move", express, "paris"))
    s.apply(("move", fly, "barcelona"))
    assert s.bonus == 0
    s2 = game()
    give(s2, 0, [express])
    s2.apply(("move", express, WORLD.reachable(s2.positions[0], 1)[0]))
    s2.apply(END)
    assert s2.bonus == 0 and s2.current == 1


# -- visit ---------------------------------------------------------------------------
def test_visit_with_a_card_of_its_colour_scores_places_a_cube_and_refills():
    s = game()
    red, blue = card("red", steps=1), card("blue", steps=1)
    give(s, 0, [red, blue])
    s.positions[0] = "athens"
    show(s, [dest("paris"), dest("athens"), dest("london"), dest("rome"), dest("giza")])
    visits = [a for a in s.legal_actions() if a[0] == "visit"]
    assert visits == [("visit", dest("athens"), "card", red), ("visit", dest("athens"), "money")]
    deck_before = len(s.dest_deck)
    s.apply(("visit", dest("athens"), "card", red))
    assert s.visited[0] == [dest("athens")] and red in s.discard and s.money[0] == 10
    assert s.breakdown(0)["destinations"] == CARDS.destinations[dest("athens")].points
    assert s.souvenirs[0][EUROPE] == 2  # the Acropolis's reward: 2 cubes from the stock
    assert s.supply[EUROPE] == 2 and s.stock[EUROPE] == 8 - 2 - 1
    assert len(s.display) == 5 and s.display[1] not in (dest("athens"),) and len(s.dest_deck) == deck_before - 1
    assert s.display[0] == dest("paris") and s.display[2] == dest("london")  # the new card takes the slot


def test_visit_with_money_costs_three():
    s = game()
    give(s, 0, [])
    s.positions[0] = "athens"
    show(s, [dest("athens")])
    s.apply(("visit", dest("athens"), "money"))
    assert s.money[0] == 7 and s.visited[0] == [dest("athens")]


def test_crowding_fee_when_another_traveller_is_there():
    s = game()
    red = card("red", steps=1)
    give(s, 0, [red])
    s.positions = ["athens", "athens"]
    show(s, [dest("athens")])
    events = s.apply(("visit", dest("athens"), "card", red))
    assert s.money[0] == 9 and events[0]["fee"] == 1
    s = game()
    s.positions = ["athens", "athens"]
    show(s, [dest("athens")])
    give(s, 0, [])
    s.apply(("visit", dest("athens"), "money"))
    assert s.money[0] == 6


def test_crowding_fee_when_another_traveller_is_anywhere_in_the_region():
    """地区 is the region everywhere in the rule text (destinations' regions, the markets):
    a traveller in London crowds a visit in Athens; one in Marrakesh does not."""
    for other, fee in (("london", 1), ("istanbul", 1), ("marrakesh", 0)):
        s = game()
        red = card("red", steps=1)
        give(s, 0, [red])
        s.positions = ["athens", other]
        show(s, [dest("athens")])
        assert s.visit_fee(0) == fee, other
        events = s.apply(("visit", dest("athens"), "card", red))
        assert events[0]["fee"] == fee and s.money[0] == 10 - fee, other


def test_the_crowders_are_the_others_in_the_region_of_the_city_asked_about():
    """The table names them: where the player stands, or where a planned move would take them."""
    s = game(3)
    s.positions = ["athens", "london", "marrakesh"]
    assert s.crowders(0) == [1] and s.crowders(1) == [0] and s.crowders(2) == []
    assert s.crowders(0, "marrakesh") == [2] and s.crowders(2, "istanbul") == [0, 1]
    s.positions = ["athens", "athens", "athens"]
    assert s.crowders(1) == [0, 2]  # never the traveller asking


def test_no_visit_without_money_for_the_crowding_fee():
    s = game()
    red = card("red", steps=1)
    give(s, 0, [red])
    s.positions = ["athens", "athens"]
    show(s, [dest("athens")])
    s.money[0] = 0
    assert not [a for a in s.legal_actions() if a[0] == "visit"]
    s.money[0] = 3  # a card visit pays the fee, but 3 money cannot pay 3 + 1
    assert [a for a in s.legal_actions() if a[0] == "visit"] == [("visit", dest("athens"), "card", red)]
    before = snapshot(s)
    with pytest.raises(IllegalAction):
        s.apply(("visit", dest("athens"), "money"))
    assert snapshot(s) == before


def test_visit_needs_the_destination_on_display_and_a_card_of_its_colour():
    s = game()
    blue = card("blue", steps=1)
    give(s, 0, [blue])
    s.positions[0] = "athens"
    show(s, [dest("paris")])
    assert not [a for a in s.legal_actions() if a[0] == "visit"]
    show(s, [dest("athens")])
    s.money[0] = 2
    assert not [a for a in s.legal_actions() if a[0] == "visit"]  # blue cannot pay red, 2 money is short
    with pytest.raises(IllegalAction):
        s.apply(("visit", dest("athens"), "card", blue))


@pytest.mark.parametrize("city, kind", [("rome", "money"), ("paris", "card"), ("djenne", "souvenir")])
def test_rewards_apply_at_once(city, kind):
    s = game()
    d = CARDS.destinations[dest(city)]
    assert d.reward.kind == kind
    give(s, 0, [])
    s.positions[0] = city
    show(s, [d.id])
    region = REGION_IDS.index(d.region)
    s.apply(("visit", d.id, "money"))
    if kind == "money":
        assert s.money[0] == 10 - 3 + d.reward.amount
    elif kind == "card":
        assert len(s.hands[0]) == d.reward.amount
    else:
        gift = d.reward.amount
        assert s.souvenirs[0][region] == gift and s.stock[region] == 8 - gift - 1 and s.supply[region] == 2
    s._check()


def test_a_two_cube_souvenir_reward_gives_what_the_stock_has():
    s = game()
    d = CARDS.destinations[dest("djenne")]
    assert (d.reward.kind, d.reward.amount) == ("souvenir", 2)
    region = REGION_IDS.index(d.region)
    s.souvenirs[1][region], s.stock[region] = s.stock[region] - 1, 1
    give(s, 0, [])
    s.positions[0] = "djenne"
    show(s, [d.id])
    events = s.apply(("visit", d.id, "money"))
    assert s.souvenirs[0][region] == 1 and s.stock[region] == 0 and s.supply[region] == 1  # none left to place
    assert [e for e in events if e["type"] == "reward"][0]["amount"] == 1
    s._check()


@pytest.mark.parametrize("edition", [1, 2])
def test_a_game_begun_before_edition_3_keeps_its_rewards(edition):
    """Edition 3 gave every region a 1-cube and a 2-cube souvenir reward; an earlier game keeps its own."""
    s = of_edition(game(), edition)
    assert s.cards is load_cards(edition=edition) and s.cards is not CARDS
    assert s.cards.destinations[dest("djenne")].reward.amount == 1
    assert s.cards.destinations[dest("athens")].reward is None
    assert sum(d.reward is not None for d in s.cards.destinations[1:]) == 16
    assert VoyageState.from_dict(s.to_dict()).cards is s.cards  # and it stays so
    assert game().edition == rules.EDITION == 3 and game().cards is CARDS


def test_souvenir_reward_and_placement_need_cubes_in_stock():
    s = game()
    d = CARDS.destinations[dest("djenne")]
    region = REGION_IDS.index(d.region)
    s.souvenirs[1][region] = s.stock[region]
    s.stock[region] = 0
    give(s, 0, [])
    s.positions[0] = "djenne"
    show(s, [d.id])
    events = s.apply(("visit", d.id, "money"))
    assert s.souvenirs[0][region] == 0 and s.supply[region] == 1
    assert [e for e in events if e["type"] == "souvenir_placed"][0]["placed"] is False
    s._check()


def test_refill_with_an_empty_deck_leaves_the_display_shorter():
    s = game()
    others = [d for d in CARDS.destination_ids if d not in (dest("athens"), dest("rome"))]
    s.visited[1] = others
    s.dest_deck = []
    s.display = [dest("athens"), dest("rome")]
    s.positions[0] = "athens"
    give(s, 0, [])
    s.apply(("visit", dest("athens"), "money"))
    assert s.display == [dest("rome")]
    s._check()


# -- collect, buy, flyer -------------------------------------------------------------
def test_collect_pays_two_for_a_cube_of_the_region_you_stand_in():
    s = game()
    s.positions[0] = "paris"
    assert COLLECT in s.legal_actions()
    s.apply(COLLECT)
    assert s.money[0] == 8 and s.souvenirs[0][EUROPE] == 1 and s.supply[EUROPE] == 0
    assert COLLECT not in s.legal_actions()  # that supply is empty now
    with pytest.raises(IllegalAction):
        s.apply(COLLECT)


def test_collect_needs_two_money():
    s = game()
    s.positions[0] = "paris"
    s.money[0] = 1
    assert COLLECT not in s.legal_actions()


def test_buy_with_money_draws_two_and_with_a_token_one():
    s = game()
    give(s, 0, [])
    s.apply(BUY_MONEY)
    assert s.money[0] == 7 and len(s.hands[0]) == 2
    s.apply(BUY_TOKEN)
    assert s.tokens[0] == 1 and len(s.hands[0]) == 3
    assert s.current == 0 and s.legal_actions() == [FLYER, END]  # both actions done; the last token may buy a move
    s.apply(END)
    assert s.current == 1


def test_buy_is_not_offered_without_money_token_or_cards():
    s = game()
    s.money[0], s.tokens[0] = 2, 0
    acts = s.legal_actions()
    assert BUY_MONEY not in acts and BUY_TOKEN not in acts
    s = game()
    everything = s.deck + s.discard + s.hands[0]
    give(s, 0, [c for c in everything])
    assert not s.deck and not s.discard
    assert BUY_MONEY not in s.legal_actions() and BUY_TOKEN not in s.legal_actions()


def test_an_empty_deck_reshuffles_the_discard_pile():
    s = game()
    give(s, 0, [])
    s.discard.extend(s.deck[2:])
    del s.deck[2:]
    events = s.apply(BUY_MONEY)
    assert len(s.hands[0]) == 2 and not [e for e in events if e["type"] == "reshuffle"]
    events = s.apply(BUY_MONEY)
    assert [e for e in events if e["type"] == "reshuffle"] and len(s.hands[0]) == 4 and s.discard == []
    s._check()


def test_flyer_gives_an_extra_move_or_visit_outside_the_two_actions():
    s = game()
    one, two = card("red", steps=1), card("red", steps=2)
    give(s, 0, [one, two])
    s.positions[0] = "paris"
    s.apply(FLYER)
    assert s.tokens[0] == 2 and s.flyer_pending and s.actions_left == 2  # the token goes with the extra action
    acts = s.legal_actions()
    assert acts[-1] == END and all(a[0] in ("move", "visit") for a in acts[:-1])
    for not_now in (COLLECT, BUY_MONEY, FLYER):
        with pytest.raises(IllegalAction):
            s.apply(not_now)
    events = s.apply(("move", one, "london"))
    assert not s.flyer_pending and s.actions_left == 2 and s.tokens[0] == 1
    assert events[-1] == {"type": "token_spent", "seat": 0, "tokens": 1}
    s.apply(("move", two, "frankfurt"))
    assert s.actions_left == 1 and s.current == 0


def test_a_flyer_after_both_actions_move_move_then_visit():
    """The rule text puts no order on the token: "move, move, then a token to visit"."""
    s = game()
    one, red = card("red", steps=1), card("red", steps=2)
    give(s, 0, [one, red])
    s.positions[0] = "paris"
    s.money[0] = 10
    show(s, [dest("london")])
    s.apply(BUY_MONEY)
    s.apply(("move", one, "london"))
    assert s.actions_left == 0 and s.current == 0 and s.legal_actions() == [FLYER, END]
    for not_now in (COLLECT, BUY_MONEY, ("visit", dest("london"), "money")):
        with pytest.raises(IllegalAction):
            s.apply(not_now)
    s.apply(FLYER)
    assert ("visit", dest("london"), "money") in s.legal_actions() and END in s.legal_actions()
    s.apply(("visit", dest("london"), "money"))
    assert s.visited[0] == [dest("london")] and s.tokens[0] == 1
    assert s.current == 0 and s.legal_actions() == [FLYER, END]  # one token left, and a move is still possible
    s.apply(END)
    assert s.current == 1 and s.tokens[0] == 1


def test_ending_the_turn_with_a_flyer_called_keeps_the_token():
    s = game()
    give(s, 0, [card("red", steps=1)])
    s.apply(FLYER)
    s.apply(END)
    assert s.current == 1 and s.tokens[0] == 2 and not s.flyer_pending


def test_after_both_actions_the_turn_ends_by_itself_without_a_token():
    s = game()
    give(s, 0, [card("red", steps=1), card("red", steps=1)])
    s.tokens[0] = 0
    s.apply(BUY_MONEY)
    s.apply(BUY_MONEY)
    assert s.current == 1


def test_flyer_is_offered_only_with_a_token_and_a_move_or_visit_possible():
    s = game()
    give(s, 0, [])
    s.positions[0] = "frankfurt"  # no destination, no cards: nothing to move or visit with
    assert FLYER not in s.legal_actions()
    give(s, 0, [card("red", steps=1)])
    assert FLYER in s.legal_actions()
    s.tokens[0] = 0
    assert FLYER not in s.legal_actions()
    with pytest.raises(IllegalAction):
        s.apply(FLYER)


# -- turns, hand limit, round end ----------------------------------------------------
def test_the_turn_ends_after_two_actions_or_on_end():
    s = game(3)
    s.positions[0] = "paris"
    s.tokens[0] = 0  # with a token the turn would wait for a frequent-flyer action
    s.apply(COLLECT)
    assert s.current == 0
    s.apply(BUY_MONEY)
    assert s.current == 1 and s.actions_left == 2
    s.apply(END)
    assert s.current == 2 and s.round == 1
    s.apply(END)
    assert s.current == 0 and s.round == 2


def test_turn_order_starts_from_the_first_player():
    s = game(3)
    s.first = s.current = 2
    s.apply(END)
    s.apply(END)
    assert s.current == 1 and s.round == 1
    s.apply(END)
    assert s.current == 2 and s.round == 2


def test_seven_cards_are_kept_eight_are_cut():
    s = game()
    give(s, 0, s.deck[:7])
    s.apply(END)
    assert s.phase == TURN and s.current == 1
    give(s, 1, s.deck[:8])
    s.apply(END)
    assert s.phase == DISCARD and s.current == 1


def test_hand_limit_seven_discard_one_at_a_time():
    s = game()
    give(s, 0, s.deck[:9])
    s.apply(END)
    assert s.phase == DISCARD and s.current == 0
    acts = s.legal_actions()
    assert acts == [("discard", c) for c in s.hands[0]]
    with pytest.raises(IllegalAction):
        s.apply(END)
    s.apply(acts[0])
    assert s.phase == DISCARD and len(s.hands[0]) == 8
    s.apply(s.legal_actions()[-1])
    assert s.phase == TURN and s.current == 1 and len(s.hands[0]) == 7


def test_the_game_ends_at_the_round_end_when_the_destinations_run_out():
    s = game()
    s.visited[1] = [d for d in CARDS.destination_ids if d != dest("athens")]
    s.dest_deck, s.display = [], [dest("athens")]
    s.positions[0] = "athens"
    give(s, 0, [])
    s.apply(("visit", dest("athens"), "money"))
    s.apply(END)
    assert s.phase == TURN and s.current == 1  # the round is finished first
    events = s.apply(END)
    assert s.is_over() and s.end_reason == "deck" and s.result().extra["end"] == "deck"
    assert events[-1]["type"] == "game_end" and s.legal_actions() == [] and s.current_player() is None


def test_an_empty_deck_with_destinations_on_display_does_not_end_the_game():
    s = game()
    s.visited[1] = [d for d in CARDS.destination_ids if d not in (dest("athens"), dest("rome"))]
    s.dest_deck, s.display = [], [dest("athens"), dest("rome")]
    s.apply(END)
    s.apply(END)
    assert not s.is_over() and s.end_check() is None


def test_the_game_ends_when_nobody_can_pay_for_a_visit():
    s = game()
    show(s, [dest("athens"), dest("rome")])  # red only
    for seat in (0, 1):
        s.money[seat], s.tokens[seat] = 2, 0
    give(s, 0, [card("blue", steps=1)])
    give(s, 1, [card("red", steps=1)])
    s.apply(END)
    s.apply(END)
    assert not s.is_over()  # seat 1 holds a red card
    give(s, 1, [card("gold", steps=1)])
    s.apply(END)
    s.apply(END)
    assert s.is_over() and s.result().extra == {**s.result().extra, "end": "stuck", "rounds": 2}


def test_three_money_still_count_as_a_way_to_pay_but_tokens_do_not():
    """The rule text: the game ends when nobody's money and itinerary cards can pay for a visit."""
    s = game()
    show(s, [dest("athens")])
    give(s, 0, [])
    give(s, 1, [])
    s.money = [3, 0]
    assert s.end_check() is None
    s.money = [2, 2]
    s.tokens = [2, 2]
    assert s.end_check() == "stuck"


def test_the_game_ends_at_the_round_limit():
    s = game()
    s.round = rules.ROUND_LIMIT - 1
    s.apply(END)
    s.apply(END)
    assert not s.is_over() and s.round == rules.ROUND_LIMIT
    s.apply(END)
    s.apply(END)
    assert s.is_over() and s.end_reason == "rounds" and s.result().extra["rounds"] == rules.ROUND_LIMIT


# -- scoring ---------------------------------------------------------------------------
def test_score_breakdown_and_colour_sets():
    s = game()
    greens = [d.id for d in CARDS.destinations[1:] if d.colour == "green"]
    reds = [d.id for d in CARDS.destinations[1:] if d.colour == "red"]
    show(s, [])
    s.visited[0] = greens[:7] + reds[:2]
    s.visited[1] = greens[7:]
    s.dest_deck = [d for d in CARDS.destination_ids if d not in s.visited[0] + s.visited[1]]
    s.souvenirs[0][0], s.stock[0] = 7, 1  # europe: two sets of 3
    s.money[0], s.tokens[0] = 8, 1
    points = sum(CARDS.destinations[d].points for d in s.visited[0])
    assert s.breakdown(0) == {"destinations": points, "colour_sets": 12, "souvenirs": 8, "money": 2, "tokens": 1}
    assert rules.colour_set_points(2) == 0 and rules.colour_set_points(3) == 5
    assert [rules.colour_set_points(n) for n in (6, 9, 12)] == [12, 20, 30]
    s._check()
    result = s.result()
    assert result.scores == [sum(b.values()) for b in result.breakdown]


def _tied(s: VoyageState) -> None:
    """Two seats with equal score from equal parts."""
    s.visited = [[], []]
    s.money = [0, 0]
    s.tokens = [0, 0]


def test_tie_break_more_destinations_first():
    s = game()
    _tied(s)
    ones = [d.id for d in CARDS.destinations[1:] if d.points == 1]
    twos = [d.id for d in CARDS.destinations[1:] if d.points == 2]
    s.visited = [ones[:2], twos[:1]]
    assert s.scores()[0] == s.scores()[1] == 2
    assert s.result().winners == [0]


def test_tie_break_souvenir_sets_then_money_then_shared():
    s = game()
    _tied(s)
    s.souvenirs[0][0] = 3  # one set: 4 points
    s.tokens[1] = 4
    assert s.scores() == [4, 4] and s.result().winners == [0]
    s.tokens[1], s.money[1] = 3, 3  # 4 points and more money, but fewer souvenir sets
    assert s.scores() == [4, 4] and s.result().winners == [0]
    s.souvenirs[0][0], s.tokens[1] = 0, 0
    s.money = [2, 1]  # no point either way
    assert s.scores() == [0, 0] and s.result().winners == [0]
    s.money = [1, 1]
    assert s.result().winners == [0, 1]
    assert s.result().win_share(1) == 0.5


# -- hidden information, saving ------------------------------------------------------
def test_view_hides_other_hands_and_the_decks():
    s = game()
    v = s.view(0)
    assert v.hands[0] == s.hands[0] and v.hands[1] == [UNKNOWN] * len(s.hands[1])
    assert set(v.deck) == {UNKNOWN} and set(v.dest_deck) == {UNKNOWN} and v.rng is None and v.seed is None
    assert v.display == s.display
    assert sorted(v.determinize(random.Random(1)).dest_deck) == sorted(s.dest_deck)


def test_damaged_saves_are_refused():
    s = game(3)
    s.apply(BUY_MONEY)
    data = s.to_dict()
    data["hands"][0].append(data["hands"][1][0])
    with pytest.raises(StateFormatError):
        rules.from_dict(data)
    for key, value in (("version", 99), ("game", "oz"), ("stock", [9] * 6), ("money", "lots")):
        data = s.to_dict()
        data[key] = value
        with pytest.raises(StateFormatError):
            rules.from_dict(data)


def test_reveals_hidden_on_draws_and_new_destinations_only():
    s = game()
    give(s, 0, [card("red", steps=1)])
    s.positions[0] = "athens"
    show(s, [dest("athens"), dest("paris")])
    assert s.reveals_hidden(BUY_MONEY)
    assert not s.reveals_hidden(("move", card("red", steps=1), "rome"))
    assert s.reveals_hidden(("visit", dest("athens"), "money"))  # refills the display
    assert not s.reveals_hidden(COLLECT)
    assert not s.reveals_hidden(("move", 999, "rome"))


def test_returns_and_turn_number():
    s = game(3)
    assert all(0 <= s.returns(seat) <= 1 for seat in range(3))
    assert s.turn_number() == 1


@pytest.mark.parametrize("action", [("fly",), ("move",), ("move", 999, "paris"), ("move", "x", "paris"),
                                    ("visit", 1, "money"), ("visit", 1, "card"), ("discard", 1), ("buy", "gold"),
                                    ("end", 1)])
def test_illegal_actions_are_refused_and_change_nothing(action):
    s = game()
    before = snapshot(s)
    with pytest.raises(IllegalAction):
        s.apply(action)
    assert snapshot(s) == before


def test_actions_with_parts_of_the_wrong_type_are_refused():
    s = game()
    _, card, city = next(a for a in s.legal_actions() if a[0] == "move")
    before = snapshot(s)
    for bad in [("move", card, [city]), ("move", float(card), city), ("move", card, (city,)), ["move", card, [city]]]:
        with pytest.raises(IllegalAction):
            s.apply(bad)
    assert snapshot(s) == before


def test_over_game_refuses_actions():
    s = game()
    s.round = rules.ROUND_LIMIT
    s.apply(END)
    assert s.reveals_hidden(END), "the game ends: every hand is shown, so no undo past it"
    s.apply(END)
    assert s.phase == OVER
    with pytest.raises(IllegalAction):
        s.apply(END)


# -- games saved before the rules changes keep their rules ----------------------------------
def test_a_state_saved_without_an_edition_plays_by_the_first_rules():
    """Saves made before the region fee and the late frequent flyer (no "edition" field) replay
    by the rules they were played with: the fee only on the same city, the turn over at once."""
    s = game()
    data = s.to_dict()
    assert data["edition"] == rules.EDITION == 3
    del data["edition"]
    old = VoyageState.from_dict(data)
    assert old.edition == 1
    red = card("red", steps=1)
    give(old, 0, [red, card("red", steps=2)])
    old.positions = ["athens", "london"]
    show(old, [dest("athens")])
    assert old.visit_fee(0) == 0 and old.crowders(0) == []  # same region, another city: no fee by the first rules
    assert old.crowders(0, "london") == [1]
    old.apply(BUY_MONEY)
    old.apply(("visit", dest("athens"), "card", red))
    assert old.current == 1  # both actions done: the turn passed although a token was left
    assert VoyageState.from_dict(old.to_dict()).edition == 1  # and it stays an edition-1 game


def test_an_unfinished_game_saved_before_the_changes_still_loads(tmp_path, monkeypatch):
    from wonderland_games.core.session import Session

    monkeypatch.setenv("WONDERLAND_DATA_DIR", str(tmp_path))
    session = Session.new("voyage", [Seat("Ann"), Seat("Bo")], seed=4, autosave=False)
    data = session.to_save()
    del data["initial"]["edition"], data["digest"]  # as the app wrote it before (its digest had no edition)
    old = Session.from_save(data, autosave=False)
    assert old.state.edition == 1
    rng = random.Random(2)
    for _ in range(40):  # play on by the first rules, save, load again
        old.apply(rng.choice(old.state.legal_actions()))
    saved = old.to_save()
    assert "edition" not in saved["initial"]  # written as the first version wrote it, digest included
    again = Session.from_save(saved, autosave=False)
    assert again.state.to_dict() == old.state.to_dict() and again.state.edition == 1


def test_a_save_file_written_by_the_app_before_edition_2_loads_and_plays_on():
    """tests/fixtures/voyage_save_before_edition_2.json: an unfinished 3-player game (75 random
    actions) saved by the app before the region fee and the late frequent flyer; under the new
    rules its actions would not replay (12 of 12 such saves were refused)."""
    import json
    from pathlib import Path

    from wonderland_games.core.session import Session

    path = Path(__file__).resolve().parent / "fixtures" / "voyage_save_before_edition_2.json"
    session = Session.from_save(json.loads(path.read_text(encoding="utf-8")), autosave=False)
    assert session.state.edition == 1 and not session.state.is_over() and len(session.actions) == 75
    rng = random.Random(1)
    while not session.state.is_over():
        session.apply(rng.choice(session.state.legal_actions()))


def test_a_save_file_written_by_the_app_in_edition_2_loads_and_plays_on():
    """tests/fixtures/voyage_save_edition_2.json: an unfinished 3-player game (58 Normal-bot
    actions, 7 rounds) saved by the app before edition 3 raised the fares and added souvenir
    rewards. It replays by the numbers it was played with; by the new ones it would not."""
    import json
    from pathlib import Path

    from wonderland_games.core.session import Session

    path = Path(__file__).resolve().parent / "fixtures" / "voyage_save_edition_2.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    session = Session.from_save(data, autosave=False)
    assert session.state.edition == 2 and not session.state.is_over() and len(session.actions) == 58
    assert session.state.cards is load_cards(edition=2) and session.state.money == [5, 3, 0]
    newer = VoyageState.from_dict(data["initial"], cards=CARDS)  # the same actions at the new fares
    for action in data["actions"]:
        newer.apply(action)
    assert newer.money == [12, 9, 5]
    rng = random.Random(1)
    while not session.state.is_over():
        session.apply(rng.choice(session.state.legal_actions()))
