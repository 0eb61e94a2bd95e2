"""Wonderland Valley: one test for every designed part, as its text says it works.

Every card kind, basic location, forest card, basic and special event has an
entry below, written from its card or board text (not from its effects in the
data), and a test plays it through the engine. The tables must name exactly
the parts in the data, so a new kind, spot or event without an entry fails.

A gain is written as a dict of changes for the seat: resources, `cards` in
hand, `points` in tokens and `workers`; `choices` are the decisions taken in
order, `offers` the resources the first choice may take.
"""

from __future__ import annotations

import pytest
from test_valley_state import build, give, table

from wonderland_games.games.valley.data import load_valley
from wonderland_games.games.valley.effects import RESOURCES
from wonderland_games.games.valley.state import PREPARE

VALLEY = load_valley()
KINDS = VALLEY.cards.kinds
FILLER = "knitting_sheep"  # hand cards to discard: a critter with no effect on play
HAND = (FILLER,) * 3
RICH = [9, 9, 9, 9]


def case(gets=None, city=(), choices=(), offers=None, spring=None):
    return {"gets": gets or {}, "city": city, "choices": choices, "offers": offers, "spring": spring}


def take(*resources):
    return ("take",) + resources


# Travel and production: what playing the card gives (production: again on entering spring).
PLAYS = {
    "white_rabbit": [case({"workers": 1})],
    "carrier_pigeon": [case({"cards": 2})],
    "hedgehog_peddler": [case({"twig": 1, "resin": 1}, choices=[take("twig", "resin")], offers={"twig", "resin"})],
    "march_hare": [case({"cards": -2, "pebble": 1, "berry": 1},
                        choices=[("discard", FILLER), take("pebble"), ("discard", FILLER), take("berry"), ("done",)])],
    "wishing_well": [case({"resin": 1, "pebble": 1}, choices=[take("resin", "pebble")], offers=set(RESOURCES))],
    "signpost": [case({"cards": 2, "berry": 1})],
    "balloon": [case({"cards": 3})],
    "brick_road": [case({"points": 2})],
    "dormouse": [case({"cards": 1, "berry": 1})],
    "caterpillar": [case({"pebble": 1}, choices=[take("pebble")], offers=set(RESOURCES))],
    "beaver": [case({"twig": 1, "resin": 1})],
    "mole": [case({"resin": 1}, choices=[take("resin")], offers={"resin", "pebble"})],
    "squirrel": [case({"berry": 2}, city=["berry_garden"] * 2, spring={"berry": 2 + 2}),
                 case({"berry": 3}, city=["berry_garden"] * 4, spring={"berry": 3 + 4})],
    "bookworm": [case({"cards": 2})],
    "cheshire_cat": [case({"berry": 2}, city=["honey_bee"], choices=[("copy", "honey_bee")],
                          spring={"berry": 2 + 2}),
                     case({}, city=["magpie"])],
    "honey_bee": [case({"berry": 2})],
    "berry_garden": [case({"berry": 1})],
    "twig_mill": [case({"twig": 2})],
    "amber_workshop": [case({"resin": 1})],
    "quarry": [case({"pebble": 1})],
    "tea_table": [case({"berry": -2, "pebble": 1, "twig": 1},
                       choices=[("pay",), take("pebble"), ("pay",), take("twig")])],
    "medal_mint": [case({"points": 1}, city=["magpie"]),
                   case({"points": 4}, city=["magpie"] * 3 + ["pebble_vault"] * 2)],
    "clock_tower": [case({"points": 1})],
    "mushroom_patch": [case({"berry": 1, "twig": 1})],
}

# Destinations: what a worker on it gives its owner; open ones what a visitor gets and pays and the owner takes.
SPOTS = {
    "gryphon": dict(own=case({"berry": 1, "pebble": 1}, choices=[take("berry", "pebble")])),
    "mock_turtle": dict(own=case({"cards": -2, "points": 2},
                                 choices=[("discard", FILLER), ("discard", FILLER), ("done",)])),
    "timid_lion": dict(own=case({"pebble": 1, "cards": 1}), visitor={"pebble": 1, "cards": 1}, owner={"points": 1}),
    "fox_shopkeeper": dict(own=case({"cards": 2, "berry": 1}), visitor={"cards": 2, "berry": 1},
                           owner={"berry": 1}),
    "toadstool_inn": dict(own=case({"cards": 2, "points": 1}), visitor={"cards": 2, "points": 1},
                          owner={"points": 1}),
    "emerald_gate": dict(own=case({"resin": 1, "pebble": 1})),
    "looking_glass": dict(own=case({"berry": 1, "cards": 2}, choices=[("copy", "orchard_gate")])),
    "woodland_post": dict(own=case({"cards": 3}), visitor={"cards": 3, "berry": -1}, owner={"berry": 1}),
}

# Governance: a later matching play costs `cheapest` resources in all, or gives `gets` beside its own effects;
# `other` is a card it does not touch.
GOVERNANCE = {
    "badger_judge": dict(then="pebble_vault", gets={"points": 1}, other=FILLER),
    "dodo": dict(then="brick_road", gets={"points": 2 + 1}, other=FILLER),
    "owl_scribe": dict(then="honey_bee", gets={"berry": 2, "cards": 1}, other=FILLER),
    "card_court": dict(then="pebble_vault", gets={"points": 1}, other=FILLER),
    "knitting_sheep": dict(then="magpie", cheapest={"berry": 2}, other="pebble_vault"),
    "market_hall": dict(then="emerald_castle", cheapest=5, other="magpie"),
    "craft_guild": dict(then="quarry", cheapest=3, other="pebble_vault"),
    "tin_forge": dict(then="emerald_gate", cheapest=2, other="pebble_vault"),
}

# Prosperity: (the city, the card included; resources left; its end-game points).
PROSPERITY = {
    "magpie": [(["magpie"], [2, 2, 2, 1], 3), (["magpie"], [5, 5, 5, 5], 5)],
    "peacock": [(["peacock", "magpie", "pebble_vault"], [0] * 4, 3)],
    "tortoise": [(["tortoise", "signpost", "balloon", "brick_road"], [0] * 4, 3)],
    "walrus": [(["walrus", "gryphon"], [0] * 4, 0), (["walrus", "gryphon", "toadstool_inn"], [0] * 4, 4)],
    "heart_palace": [(["heart_palace", "gryphon", "dormouse"], [0] * 4, 2),
                     (["heart_palace", "gryphon", "dodo", "balloon", "signpost"], [0] * 4, 3)],
    "emerald_castle": [(["emerald_castle", "quarry", "dormouse"], [0] * 4, 2),
                       (["emerald_castle", "quarry", "tea_table", "twig_mill", "balloon", "signpost"], [0] * 4, 3)],
    "pebble_vault": [(["pebble_vault"], [3, 3, 3, 2], 2), (["pebble_vault"], [0, 0, 0, 6], 4)],
    "moon_theatre": [(["moon_theatre", "dormouse", "gryphon"], [0] * 4, 3),
                     (["moon_theatre", "dormouse", "gryphon", "dodo", "signpost", "magpie"], [0] * 4, 4)],
}

# Basic locations: (exclusive, what a worker there gives).
LOCATIONS = {
    "twig_grove": (True, {"twig": 3}),
    "twig_path": (False, {"twig": 2, "cards": 1}),
    "amber_spring": (True, {"resin": 2}),
    "resin_hollow": (False, {"resin": 1, "cards": 1}),
    "pebble_shore": (True, {"pebble": 1}),
    "berry_bramble": (False, {"berry": 2}),
    "orchard_gate": (True, {"berry": 1, "cards": 2}),
    "story_stump": (False, {"cards": 2, "points": 1}),
}

FOREST = {
    "fairy_ring": case({"berry": 3}),
    "old_oak": case({"twig": 2, "resin": 1}),
    "babbling_brook": case({"resin": 1, "pebble": 1}),
    "hollow_log": case({"twig": 1, "pebble": 1}, choices=[take("twig", "pebble")], offers={"twig", "resin", "pebble"}),
    "owl_tree": case({"cards": 3}),
    "moon_pond": case({"cards": 2, "berry": 1}, choices=[take("berry")], offers=set(RESOURCES)),
    "rose_garden": case({"cards": -2 + 1, "resin": 1, "pebble": 1},
                        choices=[("discard", FILLER), take("resin"), ("discard", FILLER), take("pebble"), ("done",)]),
    "berry_hill": case({"berry": 2, "twig": 1}),
    "standing_stones": case({"pebble": 1, "points": 1}),
    "wishing_tree": case({"berry": 2, "resin": 1}, choices=[take("berry", "berry", "resin")],
                         offers={"berry", "twig", "resin"}),
    "crossroads": case({"berry": 1, "twig": 1, "resin": 1}),
}

# Basic events: (the season left for it, its points, (city, resources) of seat 0 and seat 1 when seat 0
# meets it, and when it does not).
BASIC = {
    "spring_feast": (0, 2, [([], [3, 0, 0, 0]), ([], [3, 0, 0, 0])], [([], [3, 0, 0, 0]), ([], [4, 0, 0, 0])]),
    "summer_fair": (1, 3, [(["dormouse"] * 2, RICH), (["dormouse"] * 2, RICH)],
                    [(["dormouse"], RICH), (["dormouse"] * 2, RICH)]),
    "harvest_festival": (2, 3, [(["berry_garden"] * 4, RICH), ([], RICH)], [(["berry_garden"] * 3, RICH), ([], RICH)]),
    "winter_tales": (3, 3, [(["berry_garden"] * 8 + ["quarry"] * 2, RICH), ([], RICH)],
                     [(["berry_garden"] * 8 + ["quarry"], RICH), ([], RICH)]),
}

# Special events: (points, a city and resources that meet it); without the city's last card (or, with no
# city, one pebble fewer) it is not met.
SPECIAL = {
    "unbirthday_party": (4, ["tea_table", "dormouse"], [0] * 4),
    "lobster_dance": (5, ["mock_turtle", "gryphon"], [0] * 4),
    "road_to_emerald": (5, ["brick_road", "timid_lion"], [0] * 4),
    "royal_croquet": (5, ["heart_palace", "card_court"], [0] * 4),
    "vanishing_grin": (4, ["looking_glass", "cheshire_cat"], [0] * 4),
    "late_for_tea": (4, ["clock_tower", "white_rabbit"], [0] * 4),
    "full_valley": (4, ["berry_garden"] * 8 + ["quarry"] * 3 + ["twig_mill"] * 3 + ["dormouse"], [0] * 4),
    "every_colour": (3, ["signpost", "dormouse", "gryphon", "dodo", "magpie"], [0] * 4),
    "far_travellers": (4, ["signpost", "balloon", "brick_road", "wishing_well"], [0] * 4),
    "bountiful_fields": (4, ["berry_garden"] * 6, [0] * 4),
    "grand_council": (4, ["dodo", "owl_scribe", "knitting_sheep"], [0] * 4),
    "visitors_welcome": (4, ["gryphon", "mock_turtle", "toadstool_inn"], [0] * 4),
    "laurel_crown": (4, ["magpie", "peacock", "tortoise"], [0] * 4),
    "pebble_hoard": (3, [], [0, 0, 0, 4]),
    "critter_chorus": (4, ["dormouse"] * 4 + ["squirrel"] * 4, [0] * 4),
    "master_builders": (4, ["berry_garden"] * 8, [0] * 4),
}


# -- helpers -----------------------------------------------------------------------------
def holding(s, seat: int) -> dict:
    return {**dict(zip(RESOURCES, s.resources[seat])), "cards": len(s.hands[seat]), "points": s.tokens[seat],
            "workers": s.workers[seat]}


def change(before: dict, after: dict, paid=None) -> dict:
    """The non-zero changes, with a payment added back."""
    out = {k: after[k] - before[k] + (paid or {}).get(k, 0) for k in before}
    return {k: v for k, v in out.items() if v}


def decide(s, seat: int, spec: dict) -> None:
    """Take the case's choices in order; the first one's offers must be the case's."""
    for i, action in enumerate(spec["choices"]):
        assert s.current_player() == seat and s.decision(), f"no decision for {action}"
        legal = s.legal_actions()
        if i == 0 and spec["offers"] is not None:
            assert {r for a in legal for r in a[1:]} == spec["offers"]
        s.apply(action)
    assert not s.decision() or s.current_player() != seat, "a decision is left"


def seated(seat0=([], RICH), seat1=([], [0] * 4)):
    s = table()
    for seat, (city, resources) in enumerate((seat0, seat1)):
        build(s, seat, *city)
        s.resources[seat] = list(resources)
    return s


def cost_action(kind_id: str) -> tuple:
    cost = KINDS[kind_id].cost
    return ("play", kind_id) + tuple(cost.get(r) for r in RESOURCES)


# -- the tables name every part --------------------------------------------------------------
def test_every_part_in_the_data_has_its_test():
    by_role = {"travel": set(), "production": set(), "destination": set(), "governance": set(), "prosperity": set()}
    for kind in KINDS.values():
        by_role[kind.role].add(kind.id)
    assert set(PLAYS) == by_role["travel"] | by_role["production"]
    assert set(SPOTS) == by_role["destination"]
    assert set(GOVERNANCE) == by_role["governance"]
    assert set(PROSPERITY) == by_role["prosperity"]
    assert set(LOCATIONS) == set(VALLEY.locations)
    assert set(FOREST) == set(VALLEY.forest)
    assert set(BASIC) == set(VALLEY.basic_events)
    assert set(SPECIAL) == set(VALLEY.special_events)


# -- cards ---------------------------------------------------------------------------------
@pytest.mark.parametrize("kind_id, spec", [(k, c) for k, cases in PLAYS.items() for c in cases])
def test_playing_a_travel_or_production_card(kind_id, spec):
    s = seated((spec["city"], RICH), ([], [99, 0, 0, 0]))  # seat 1 holds the most berries: no spring event
    give(s, 0, kind_id, *HAND)
    before = holding(s, 0)
    action = cost_action(kind_id)
    s.apply(action)
    decide(s, 0, spec)
    got = change(before, holding(s, 0), {**dict(KINDS[kind_id].cost.items()), "cards": 1})
    assert got == spec["gets"]
    assert s.cities[0][-1] == kind_id
    if KINDS[kind_id].role == "production":
        s.current, before = 0, holding(s, 0)
        s.apply(PREPARE)  # into spring: every production card produces again
        decide(s, 0, spec)
        assert change(before, holding(s, 0)) == {**(spec["spring"] or spec["gets"]), "workers": 1}


@pytest.mark.parametrize("kind_id", sorted(SPOTS))
def test_a_destination_spot_for_its_owner_and_for_visitors(kind_id):
    spec = SPOTS[kind_id]
    own = spec["own"]
    s = seated((["cheshire_cat"], RICH))  # a card before it: the spot's index is the card's own
    s.placed[1] = ["orchard_gate"]  # the Looking-Glass Door copies even a taken location
    build(s, 0, kind_id)
    give(s, 0, *HAND)
    before = holding(s, 0)
    s.apply(("place", 0, 1))
    decide(s, 0, own)
    assert change(before, holding(s, 0)) == own["gets"], "the owner pays no toll"
    s = seated(seat1=([], RICH))
    build(s, 0, kind_id)
    s.current = 1
    visit = ("place", 0, 0)
    if "visitor" not in spec:
        assert visit not in s.legal_actions(), "a closed spot is its owner's only"
        return
    owner, visitor = holding(s, 0), holding(s, 1)
    s.apply(visit)
    assert change(visitor, holding(s, 1)) == spec["visitor"]
    assert change(owner, holding(s, 0)) == spec["owner"]


def cheapest(s, kind_id: str) -> dict:
    paid = [a[2:] for a in s.legal_actions() if a[:2] == ("play", kind_id) and a[2] != "free"]
    best = min(paid, key=sum)
    return {r: n for r, n in zip(RESOURCES, best) if n}


@pytest.mark.parametrize("kind_id", sorted(GOVERNANCE))
def test_a_governance_card_on_later_plays(kind_id):
    spec = GOVERNANCE[kind_id]
    s = seated(([kind_id], RICH))
    then, other = spec["then"], spec["other"]
    give(s, 0, then, other)
    assert cheapest(s, other) == dict(KINDS[other].cost.items()), "an unmatched card pays its full cost"
    if "cheapest" in spec:
        want = spec["cheapest"]
        got = cheapest(s, then)
        assert (got if isinstance(want, dict) else sum(got.values())) == want
        return
    before = holding(s, 0)
    s.apply(cost_action(then))
    assert change(before, holding(s, 0), {**dict(KINDS[then].cost.items()), "cards": 1}) == spec["gets"]
    s.current, before = 0, holding(s, 0)
    s.apply(cost_action(other))
    assert change(before, holding(s, 0), {**dict(KINDS[other].cost.items()), "cards": 1}) == {}


@pytest.mark.parametrize("kind_id, city, resources, points",
                         [(k, *c) for k, cases in PROSPERITY.items() for c in cases])
def test_a_prosperity_card_scores_its_condition(kind_id, city, resources, points):
    s = seated((city, resources))
    assert s.breakdown(0)["conditions"] == points
    assert s.breakdown(0)["cards"] == sum(KINDS[k].points for k in city)


@pytest.mark.parametrize("kind_id", sorted(k for k in KINDS if KINDS[k].is_critter))
def test_every_critter_comes_in_free_through_its_host(kind_id):
    host = KINDS[kind_id].host
    s = seated(([host], [0] * 4))
    give(s, 0, kind_id)
    assert s.legal_actions().count(("play", kind_id, "free")) == 1
    s.apply(("play", kind_id, "free"))
    assert s.occupied[0] == [0] and s.cities[0] == [host, kind_id]


# -- the board -----------------------------------------------------------------------------
@pytest.mark.parametrize("location", sorted(LOCATIONS))
def test_a_basic_location(location):
    exclusive, gets = LOCATIONS[location]
    s = table()
    before = holding(s, 0)
    s.apply(("place", location))
    assert change(before, holding(s, 0)) == gets
    assert (("place", location) in s.legal_actions()) is not exclusive, "exclusive: one worker in all"


@pytest.mark.parametrize("forest", sorted(FOREST))
def test_a_forest_card(forest):
    spec = FOREST[forest]
    s = table()
    s.forest = [forest]
    give(s, 0, *HAND)
    before = holding(s, 0)
    s.apply(("place", forest))
    decide(s, 0, spec)
    assert change(before, holding(s, 0)) == spec["gets"]
    assert s.current_player() == 1 and ("place", forest) not in s.legal_actions(), "one worker each"


@pytest.mark.parametrize("event_id", sorted(BASIC))
def test_a_basic_event_is_claimed_on_entering_its_season(event_id):
    season, points, meet, miss = BASIC[event_id]
    for seat_setups, claimed in ((meet, True), (miss, False)):
        s = seated(*seat_setups)
        s.season[0] = season
        s.apply(PREPARE)
        assert VALLEY.seasons[s.season[0]].id == VALLEY.basic_events[event_id].season
        assert (event_id in s.claimed[0]) is claimed
        assert s.breakdown(0)["basic_events"] == (points if claimed else 0)


@pytest.mark.parametrize("event_id", sorted(SPECIAL))
def test_a_special_event_scores_for_whoever_meets_it(event_id):
    points, city, resources = SPECIAL[event_id]
    short = (city[:-1], resources) if city else (city, resources[:3] + [resources[3] - 1])
    for setup, scored in (((city, resources), points), (short, 0)):
        s = seated(setup, ([], setup[1]))  # seat 1 holds the same resources and no city
        s.specials = [event_id]
        assert s.breakdown(0)["special_events"] == scored
        assert s.breakdown(1)["special_events"] == (0 if city else scored)
