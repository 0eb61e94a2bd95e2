"""Wonderland Valley rules, first part: counts, conditions, payments, free plays, bonuses and scoring."""

import pytest

from wonderland_games.games.valley import rules
from wonderland_games.games.valley.data import load_valley
from wonderland_games.games.valley.effects import Bundle, Condition, Count, Draw, Match, Points
from wonderland_games.games.valley.rules import Holdings

VALLEY = load_valley()
CARDS = VALLEY.cards


def test_counts_read_cards_resources_and_roles():
    who = Holdings(("berry_garden", "berry_garden", "dormouse", "magpie"), Bundle(berry=2, pebble=3))
    assert rules.count_of(Count("cards", Match(kind="berry_garden")), who, CARDS) == 2
    assert rules.count_of(Count("cards", Match(category="critter")), who, CARDS) == 2
    assert rules.count_of(Count("cards", Match(unique=True)), who, CARDS) == 0
    assert rules.count_of(Count("cards"), who, CARDS) == 4
    assert rules.count_of(Count("resources", resources=("berry", "pebble")), who, CARDS) == 5
    assert rules.count_of(Count("roles"), who, CARDS) == 2  # production, prosperity


def test_most_counts_every_other_player_and_ties_share():
    most = Condition("most", Count("resources", resources=("berry",)))
    me, rival, poor = (Holdings((), Bundle(berry=n)) for n in (3, 3, 1))
    assert rules.meets(most, me, [rival, poor], CARDS) and rules.meets(most, rival, [me, poor], CARDS)
    assert not rules.meets(most, poor, [me, rival], CARDS)
    nobody = Holdings(())
    assert not rules.meets(most, nobody, [nobody], CARDS)  # at least one berry
    assert rules.meets(most, me, [], CARDS)  # solo


def test_at_least_and_has():
    city = ("dormouse", "tea_table", "berry_garden")
    who = Holdings(city)
    assert rules.meets(VALLEY.special_events["unbirthday_party"].condition, who, [], CARDS)
    assert not rules.meets(VALLEY.special_events["lobster_dance"].condition, who, [], CARDS)
    harvest = VALLEY.basic_events["harvest_festival"].condition
    assert not rules.meets(harvest, who, [], CARDS)
    assert rules.meets(harvest, Holdings(city + ("quarry",)), [], CARDS)


def test_a_full_city_and_a_second_unique_are_refused_with_a_reason():
    limit = VALLEY.numbers.city_limit
    assert rules.unplayable_reason("balloon", ("quarry",), CARDS, limit) is None
    assert rules.unplayable_reason("balloon", ("balloon",), CARDS, limit) == rules.UNIQUE_HELD
    assert rules.unplayable_reason("berry_garden", ("berry_garden",), CARDS, limit) is None  # common
    assert rules.unplayable_reason("berry_garden", ("quarry",) * 15, CARDS, limit) == rules.FULL


def test_payments_without_discounts_need_the_full_cost():
    plenty = Bundle(5, 5, 5, 5)
    assert rules.payments("quarry", (), plenty, CARDS) == [Bundle(twig=1, resin=2, pebble=1)]
    assert rules.payments("quarry", (), Bundle(twig=1, resin=1, pebble=1), CARDS) == []
    assert rules.payments("dormouse", (), Bundle(berry=2), CARDS) == [Bundle(berry=2)]


def test_a_resource_discount_and_an_any_discount():
    sheep = ("knitting_sheep",)
    assert rules.payments("dormouse", sheep, Bundle(berry=1), CARDS) == [Bundle(berry=1)]
    assert rules.payments("quarry", sheep, Bundle(5, 5, 5, 5), CARDS) == [Bundle(twig=1, resin=2, pebble=1)]
    hall = ("market_hall",)  # constructions: 1 fewer resource of your choice
    assert rules.payments("quarry", hall, Bundle(5, 5, 5, 5), CARDS) == [
        Bundle(resin=2, pebble=1), Bundle(twig=1, resin=1, pebble=1), Bundle(twig=1, resin=2)]
    assert rules.payments("quarry", hall, Bundle(twig=1, resin=2), CARDS) == [Bundle(twig=1, resin=2)]


def test_discounts_add_up_and_never_go_below_free():
    city = ("market_hall", "market_hall", "craft_guild")  # three 'any' discounts on a production construction
    assert rules.payments("twig_mill", city, Bundle(), CARDS) == [Bundle()]
    two_sheep = ("knitting_sheep", "knitting_sheep")
    assert rules.payments("carrier_pigeon", two_sheep, Bundle(), CARDS) == [Bundle()]
    forge = ("tin_forge",)  # destinations: 2 fewer of your choice
    assert rules.payments("emerald_gate", forge, Bundle(resin=1, pebble=1), CARDS) == [Bundle(resin=1, pebble=1)]


def test_a_critter_comes_in_free_through_an_unoccupied_host():
    city = ("quarry", "berry_garden", "berry_garden")
    assert rules.free_host("squirrel", city, frozenset(), CARDS) == 1
    assert rules.free_host("squirrel", city, frozenset({1}), CARDS) == 2
    assert rules.free_host("squirrel", city, frozenset({1, 2}), CARDS) is None
    assert rules.free_host("mole", city, frozenset(), CARDS) == 0
    assert rules.free_host("dormouse", city, frozenset(), CARDS) is None


def test_play_bonuses_come_from_the_city_already_there():
    assert rules.play_bonuses("quarry", ("badger_judge",), CARDS) == (Points(1),)
    assert rules.play_bonuses("dormouse", ("badger_judge",), CARDS) == ()
    assert rules.play_bonuses("quarry", ("owl_scribe", "badger_judge"), CARDS) == (Draw(1), Points(1))
    assert rules.play_bonuses("badger_judge", (), CARDS) == ()


@pytest.mark.parametrize("city, resources, points", [
    (("magpie",), Bundle(berry=3, twig=2, pebble=4), 4),  # 9 resources -> 4
    (("magpie",), Bundle(5, 5, 5, 5), 5),  # at most 5
    (("peacock", "magpie", "pebble_vault"), Bundle(), 3),
    (("pebble_vault",), Bundle(pebble=6), 4),
    (("tortoise", "carrier_pigeon", "signpost"), Bundle(), 2),
    (("walrus", "toadstool_inn"), Bundle(), 0),
    (("walrus", "toadstool_inn", "gryphon"), Bundle(), 4),
    (("heart_palace", "balloon", "quarry"), Bundle(), 2),
    (("emerald_castle", "quarry", "dormouse"), Bundle(), 2),
    (("moon_theatre", "quarry", "dormouse", "balloon"), Bundle(), 3),
])
def test_prosperity_conditions(city, resources, points):
    assert rules.condition_points(Holdings(city, resources), [], CARDS) == points


def test_breakdown_adds_every_part():
    who = Holdings(("dormouse", "tea_table", "peacock"), Bundle(berry=1))
    specials = [VALLEY.special_events[e] for e in ("unbirthday_party", "lobster_dance")]
    parts = rules.breakdown(who, [], tokens=7, basic_points=5, special_events=specials, cards=CARDS)
    assert tuple(parts) == rules.BREAKDOWN
    assert parts == {"cards": 1 + 1 + 3, "conditions": 1, "basic_events": 5, "special_events": 4, "tokens": 7}


def test_ties_go_to_resources_then_city_size_then_are_shared():
    a = Holdings(("quarry",), Bundle(berry=2))
    b = Holdings(("quarry", "quarry"), Bundle(berry=1, twig=1))
    c = Holdings(("quarry",), Bundle(berry=1))
    assert rules.winners([20, 20, 20], [a, b, c]) == [1]  # same resources as a, more cards
    assert rules.winners([20, 20, 20], [a, a, c]) == [0, 1]
    assert rules.winners([19, 20, 20], [a, c, c]) == [1, 2]
    assert rules.winners([20, 19, 19], [c, a, b]) == [0]
