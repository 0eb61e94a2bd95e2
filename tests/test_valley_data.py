"""Wonderland Valley data: the designed composition, the effect vocabulary, and broken files named precisely."""

import statistics
from collections import Counter

import pytest
import yaml

from wonderland_games.core.data import DataError
from wonderland_games.core.paths import data_dir
from wonderland_games.games.valley import effects as fx
from wonderland_games.games.valley.cards import CARDS_FILE, load_cards
from wonderland_games.games.valley.data import BOARD_FILE, RULES_FILE, load_valley

# The published composition the issue measures ours against: role -> (kinds, copies).
REFERENCE = {"travel": (8, 19), "production": (16, 52), "destination": (8, 18), "governance": (8, 21),
             "prosperity": (8, 18)}


def copies(kinds):
    return [k for k in kinds for _ in range(k.copies)]


def test_composition_per_role_matches_the_reference():
    cards = load_cards()
    for role, (kinds, count) in REFERENCE.items():
        of_role = [k for k in cards.kinds.values() if k.role == role]
        assert (len(of_role), sum(k.copies for k in of_role)) == (kinds, count), role
    assert len(cards.deck()) == 128 and len(cards.kinds) == 48
    assert Counter(cards.deck()) == {k.id: k.copies for k in cards.kinds.values()}


def test_half_critters_half_constructions_and_their_costs():
    deck = copies(load_cards().kinds.values())
    critters = [k for k in deck if k.is_critter]
    constructions = [k for k in deck if not k.is_critter]
    assert 60 <= len(critters) <= 68 and len(critters) + len(constructions) == 128
    assert all(set(dict(k.cost.items())) == {"berry"} for k in critters)
    assert all(k.cost.berry == 0 and k.cost.total for k in constructions)
    assert 2.4 <= statistics.mean(k.cost.total for k in critters) <= 2.8  # reference ~2.6
    assert 3.1 <= statistics.mean(k.cost.total for k in constructions) <= 3.5  # reference ~3.3
    assert sum(2 <= k.cost.total <= 4 for k in deck) >= 0.9 * len(deck)  # mostly 2-4
    assert any(len(k.cost.items()) >= 2 for k in constructions)  # often mixed


def test_points_average_about_one_and_a_half_and_rise_with_cost():
    deck = copies(load_cards().kinds.values())
    assert all(0 <= k.points <= 5 for k in deck)
    assert 1.3 <= statistics.mean(k.points for k in deck) <= 1.7
    by_cost = sorted({k.cost.total for k in deck})
    means = [statistics.mean(k.points for k in deck if k.cost.total == c) for c in by_cost]
    assert means == sorted(means), dict(zip(by_cost, means))


def test_unique_common_and_the_one_staple():
    kinds = load_cards().kinds.values()
    for kind in kinds:
        allowed = (2, 3) if kind.unique else (6, 9) if kind.staple else (3, 4)
        assert allowed[0] <= kind.copies <= allowed[1], kind.id
    (staple,) = [k for k in kinds if k.staple]
    assert staple.role == "production" and staple.copies == 8
    assert 20 <= sum(k.unique for k in kinds) <= 28


def test_design_notes_state_the_measured_figures():
    deck = copies(load_cards().kinds.values())
    critters = [k for k in deck if k.is_critter]
    constructions = [k for k in deck if not k.is_critter]
    notes = (data_dir() / "valley" / "DESIGN.md").read_text(encoding="utf-8")
    assert " | ".join(f"{k} / {c}" for k, c in REFERENCE.values()) + " | 48 / 128 |" in notes
    assert f"{len(critters)} critter cards cost {statistics.mean(k.cost.total for k in critters):.2f} berries" in notes
    assert f"{len(constructions)} construction cards cost {statistics.mean(k.cost.total for k in constructions):.2f}" \
        in notes
    assert f"averaging {statistics.mean(k.points for k in deck):.2f}" in notes


def test_every_critter_has_its_own_construction_host():
    cards = load_cards()
    critters = [k for k in cards.kinds.values() if k.is_critter]
    hosts = [k.host for k in critters]
    assert len(set(hosts)) == len(hosts) == 24
    assert all(not cards.kinds[h].is_critter for h in hosts)
    assert set(cards.hosted_by) == {k.id for k in cards.kinds.values() if not k.is_critter}
    assert all(k.host is None for k in cards.kinds.values() if not k.is_critter)


def test_every_card_effect_is_of_a_kind_its_role_can_use():
    cards = load_cards()
    named = []
    for kind in cards.kinds.values():
        assert kind.effects, kind.id
        assert {e.kind for e in kind.effects} <= fx.ALLOWED[kind.role], kind.id
        for effect in fx.walk(kind.effects):
            assert effect.kind in fx.VOCABULARY
            if isinstance(effect, fx.Named):
                named.append((kind.id, effect.name))
        assert kind.text["zh"] and kind.text["en"] and kind.name["zh"] and kind.name["en"]
    assert sorted(named) == [("cheshire_cat", "copy_production"), ("looking_glass", "copy_location")]
    assert all(len(k.effects) == 1 and isinstance(k.effects[0], fx.Spot)
               for k in cards.kinds.values() if k.role == "destination")
    assert {r.symbol for r in cards.roles.values()} == {"boot", "sprout", "door", "key", "crown"}
    assert len({r.rgb for r in cards.roles.values()}) == 5


def test_the_board_and_designed_numbers():
    valley = load_valley()
    assert (len(valley.locations), len(valley.forest)) == (8, 11)
    assert {loc.exclusive for loc in valley.locations.values()} == {True, False}
    assert sorted(e.season for e in valley.basic_events.values()) == ["autumn", "final_winter", "spring", "summer"]
    assert len(valley.special_events) == 16 and all(e.season is None for e in valley.special_events.values())
    numbers = valley.numbers
    assert (numbers.hand_limit, numbers.starting_hand, numbers.mulligans, numbers.city_limit) == (8, 5, 1, 15)
    assert (numbers.start_workers, numbers.total_workers, numbers.event_markers) == (2, 6, 20)
    assert numbers.forest_revealed == {1: 3, 2: 3, 3: 4, 4: 4} and numbers.special_events_revealed == 4
    assert numbers.starting_berries == {1: (0,), 2: (0, 1), 3: (0, 1, 2), 4: (0, 1, 2, 2)}
    assert numbers.supply == fx.Bundle(30, 30, 25, 20)
    gains = {s.id: (s.workers, s.effects) for s in valley.seasons}
    assert gains["spring"] == gains["autumn"] == (1, (fx.Produce(),))
    assert gains["summer"] == (1, (fx.Draw(2),))
    assert gains["winter"] == gains["final_winter"] == (0, ())
    unlock = [k.id for k in valley.cards.kinds.values() if fx.Worker() in k.effects]
    assert unlock == ["white_rabbit"]  # the sixth worker: 2 + spring + summer + autumn + this card


def test_event_conditions_name_real_kinds():
    valley = load_valley()
    pairs = [e.condition.kinds for e in valley.special_events.values() if e.condition.test == "has"]
    assert len(pairs) == 6 and all(set(p) <= set(valley.cards.kinds) for p in pairs)
    assert {e.condition.test for e in valley.basic_events.values()} == {"most", "at_least"}


W = fx.Where("test.yaml", "card 'x'", frozenset({"berry_garden"}))


@pytest.mark.parametrize("raw, ctx, value", [
    ({"gain": {"berry": 2}}, "location", fx.Gain(fx.Bundle(berry=2))),
    ({"choose": {"count": 2}}, "location", fx.Choose(2, fx.RESOURCES)),
    ({"choose": {"count": 1, "from": ["pebble", "resin"]}}, "spot", fx.Choose(1, ("resin", "pebble"))),
    ({"draw": 3}, "travel", fx.Draw(3)),
    ({"points": 1}, "production", fx.Points(1)),
    ({"gain_per": {"count": {"cards": {"kind": "berry_garden"}}, "resources": {"berry": 1}, "max": 3}},
     "production", fx.GainPer(fx.Count("cards", fx.Match(kind="berry_garden")), 1, fx.Bundle(berry=1), 0, 3)),
    ({"trade": {"pay": {"cards": 1}, "get": [{"points": 1}], "times": 3}}, "spot",
     fx.Trade(fx.Bundle(), 1, (fx.Points(1),), 3)),
    ("worker", "travel", fx.Worker()),
    ("produce", "season", fx.Produce()),
    ({"spot": {"effects": [{"draw": 3}], "open": True, "toll": {"berry": 1}}}, "destination",
     fx.Spot((fx.Draw(3),), True, (), fx.Bundle(berry=1))),
    ({"discount": {"cards": {"category": "critter"}, "amount": 1, "resource": "berry"}}, "governance",
     fx.Discount(fx.Match(category="critter"), 1, "berry")),
    ({"play_bonus": {"cards": {"role": "travel"}, "effects": [{"draw": 1}]}}, "governance",
     fx.PlayBonus(fx.Match(role="travel"), (fx.Draw(1),))),
    ({"end_points": {"count": {"resources": ["pebble"]}, "points": 1, "max": 4}}, "prosperity",
     fx.EndPoints(fx.Count("resources", resources=("pebble",)), 1, 1, 4)),
    ({"end_if": {"condition": {"at_least": 2, "count": {"roles": True}}, "points": 4}}, "prosperity",
     fx.EndIf(fx.Condition("at_least", fx.Count("roles"), 2), 4)),
    ({"named": "copy_location"}, "spot", fx.Named("copy_location")),
])
def test_each_vocabulary_kind_parses(raw, ctx, value):
    assert fx.parse_effect(raw, "effects[0]", W, ctx) == value


@pytest.mark.parametrize("raw, ctx, field, words", [
    ({"teleport": 2}, "travel", "effects[0]", "unknown effect kind 'teleport'"),
    ({"discount": {"cards": {}, "amount": 1, "resource": "any"}}, "location", "effects[0]", "cannot be used here"),
    ("worker", "production", "effects[0]", "cannot be used here"),
    ({"draw": 0}, "travel", "effects[0].draw", "1-5"),
    ({"draw": True}, "travel", "effects[0].draw", "whole number"),
    ({"gain": {"gold": 1}}, "travel", "effects[0].gain.gold", "unknown parameter"),
    ({"gain": {}}, "travel", "effects[0].gain", "at least one resource"),
    ({"choose": {"count": 1, "from": ["salt"]}}, "travel", "effects[0].choose.from[0]", "unknown resource"),
    ({"choose": {"from": ["twig"]}}, "travel", "effects[0].choose.count", "missing"),
    ({"trade": {"pay": {}, "get": [{"draw": 1}]}}, "spot", "effects[0].trade.pay", "must cost something"),
    ({"trade": {"pay": {"cards": 1}, "get": [{"trade": {}}]}}, "spot", "effects[0].trade.get[0]",
     "cannot be used here"),
    ({"spot": {"effects": [{"draw": 1}], "toll": {"berry": 1}}}, "destination", "effects[0].spot.open", "only an open"),
    ({"gain_per": {"count": {"cards": {"kind": "unicorn"}}, "points": 1}}, "production",
     "effects[0].gain_per.count.cards.kind", "unknown kind"),
    ({"gain_per": {"count": {"cards": {}, "roles": True}, "points": 1}}, "production",
     "effects[0].gain_per.count", "exactly one"),
    ({"end_if": {"condition": {"has": ["unicorn"]}, "points": 3}}, "prosperity",
     "effects[0].end_if.condition.has[0]", "unknown card kind"),
    ({"named": "fly_away"}, "production", "effects[0].named", "unknown named effect"),
    ({"named": "copy_location"}, "production", "effects[0].named", "only works on a spot"),
    ({"draw": 1, "points": 1}, "travel", "effects[0]", "an effect is"),
])
def test_a_bad_effect_names_its_field(raw, ctx, field, words):
    with pytest.raises(DataError) as info:
        fx.parse_effect(raw, "effects[0]", W, ctx)
    assert (info.value.file, info.value.entry, info.value.field) == ("test.yaml", "card 'x'", field)
    assert words in info.value.problem


def edit(root, file, change):
    path = root / file
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(raw)
    path.write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")


def card(raw, kid):
    return next(c for c in raw["cards"] if c["id"] == kid)


def first(raw, key):
    return raw[key][0]


def without_the_mole(raw):
    """The mole's three copies go to three unique kinds, so only the quarry's host is missing."""
    raw["cards"].remove(card(raw, "mole"))
    for kid in ("caterpillar", "gryphon", "balloon"):
        card(raw, kid)["copies"] = 3


CASES = {
    "card: critter pays twigs": (CARDS_FILE, lambda r: card(r, "dormouse").update(cost={"twig": 2}),
                                 "card 'dormouse'", "cost.twig", "unknown parameter"),
    "card: construction pays berries": (CARDS_FILE, lambda r: card(r, "quarry").update(cost={"berry": 3}),
                                        "card 'quarry'", "cost.berry", "unknown parameter"),
    "card: host is a critter": (CARDS_FILE, lambda r: card(r, "dormouse").update(host="mole"), "card 'dormouse'",
                                "host", "not a construction"),
    "card: host missing": (CARDS_FILE, lambda r: card(r, "dormouse").pop("host"), "card 'dormouse'", "host",
                           "missing"),
    "card: host shared": (CARDS_FILE, lambda r: card(r, "mole").update(host="tea_table"), "card 'mole'", "host",
                          "already hosts 'dormouse'"),
    "card: construction unhosted": (CARDS_FILE, without_the_mole, "card 'quarry'", "host", "no critter"),
    "card: construction with host": (CARDS_FILE, lambda r: card(r, "quarry").update(host="tea_table"),
                                     "card 'quarry'", "host", "only a critter"),
    "card: unique with 4 copies": (CARDS_FILE, lambda r: card(r, "balloon").update(copies=4), "card 'balloon'",
                                   "copies", "a unique kind has 2-3"),
    "card: common with 2 copies": (CARDS_FILE, lambda r: card(r, "mole").update(copies=2), "card 'mole'", "copies",
                                   "a common kind has 3-4"),
    "card: 127 cards": (CARDS_FILE, lambda r: card(r, "berry_garden").update(copies=7), "cards", "copies",
                        "add up to 127"),
    "card: two staples": (CARDS_FILE, lambda r: card(r, "mole").update(staple=True, copies=6), "cards", "copies",
                          "add up to 131"),
    "card: staple unique": (CARDS_FILE, lambda r: card(r, "caterpillar").update(staple=True), "card 'caterpillar'",
                            "staple", "common production"),
    "card: duplicate id": (CARDS_FILE, lambda r: card(r, "mole").update(id="beaver"), "card 'beaver'", "id",
                           "duplicate"),
    "card: same english name": (CARDS_FILE, lambda r: card(r, "mole")["name"].update(en="Bookworm"), "card 'bookworm'",
                                "name.en", "same name"),
    "card: missing zh text": (CARDS_FILE, lambda r: card(r, "mole")["text"].pop("zh"), "card 'mole'", "text.zh",
                              "missing"),
    "card: unknown role": (CARDS_FILE, lambda r: card(r, "mole").update(role="magic"), "card 'mole'", "role",
                           "unknown role"),
    "card: points 6": (CARDS_FILE, lambda r: card(r, "mole").update(points=6), "card 'mole'", "points", "0-5"),
    "card: spot on a travel card": (CARDS_FILE, lambda r: card(r, "carrier_pigeon").update(
        effects=[{"spot": {"effects": [{"draw": 1}]}}]), "card 'carrier_pigeon'", "effects[0]", "cannot be used here"),
    "card: bad nested effect": (CARDS_FILE, lambda r: card(r, "march_hare")["effects"][0]["trade"].update(times=9),
                                "card 'march_hare'", "effects[0].trade.times", "1-5"),
    "card: destination of two spots": (CARDS_FILE, lambda r: card(r, "gryphon")["effects"].append(
        card(r, "gryphon")["effects"][0]), "card 'gryphon'", "effects", "exactly one spot"),
    "card: no effects": (CARDS_FILE, lambda r: card(r, "mole").update(effects=[]), "card 'mole'", "effects",
                         "at least one"),
    "card: bad role colour": (CARDS_FILE, lambda r: r["roles"][0].update(rgb="orange"), "role 'travel'", "rgb",
                              "#rrggbb"),
    "card: roles out of order": (CARDS_FILE, lambda r: r["roles"].reverse(), "roles", "-", "in that order"),
    "board: 7 locations": (BOARD_FILE, lambda r: r["locations"].pop(), "locations", "-", "found 7"),
    "board: location gives a worker": (BOARD_FILE, lambda r: first(r, "locations").update(effects=["worker"]),
                                       "location 'twig_grove'", "effects[0]", "cannot be used here"),
    "board: exclusive not a bool": (BOARD_FILE, lambda r: first(r, "locations").update(exclusive="yes"),
                                    "location 'twig_grove'", "exclusive", "expected bool"),
    "board: all shared": (BOARD_FILE, lambda r: [loc.update(exclusive=False) for loc in r["locations"]],
                          "locations", "exclusive", "both exclusive and shared"),
    "board: forest duplicate": (BOARD_FILE, lambda r: r["forest"][1].update(id="fairy_ring"),
                                "forest card 'fairy_ring'", "id", "duplicate"),
    "board: forest id of a location": (BOARD_FILE, lambda r: r["forest"][1].update(id="twig_grove"),
                                       "forest card 'twig_grove'", "id", "already the id"),
    "board: location id of a card": (BOARD_FILE, lambda r: first(r, "locations").update(id="quarry"),
                                     "location 'quarry'", "id", "already the id of a card kind"),
    "board: forest missing en": (BOARD_FILE, lambda r: r["forest"][2]["name"].pop("en"),
                                 "forest card 'babbling_brook'", "name.en", "missing"),
    "board: two spring events": (BOARD_FILE, lambda r: r["basic_events"][1].update(season="spring"),
                                 "basic_events", "season", "one basic event per season"),
    "board: event in the first winter": (BOARD_FILE, lambda r: r["basic_events"][3].update(season="winter"),
                                         "basic event 'winter_tales'", "season", "a season a player enters"),
    "board: event names no card": (BOARD_FILE, lambda r: first(r, "special_events").update(
        condition={"has": ["dormouse", "unicorn"]}), "special event 'unbirthday_party'", "condition.has[1]",
        "unknown card kind"),
    "board: event bad threshold": (BOARD_FILE, lambda r: r["special_events"][6]["condition"].update(at_least=0),
                                   "special event 'full_valley'", "condition.at_least", "1-15"),
    "board: event without points": (BOARD_FILE, lambda r: first(r, "special_events").pop("points"),
                                    "special event 'unbirthday_party'", "points", "missing"),
    "rules: hand limit below the hand": (RULES_FILE, lambda r: r.update(starting_hand=9), "starting_hand",
                                         "starting_hand", "1-8"),
    "rules: variant without the default": (RULES_FILE, lambda r: r.update(starting_hand_options=[4, 6]),
                                           "starting_hand_options", "-", "include the starting hand 5"),
    "rules: too few markers": (RULES_FILE, lambda r: r.update(event_markers=12), "event_markers", "event_markers",
                               "at least 16"),
    "rules: workers do not add up": (RULES_FILE, lambda r: r["workers"].update(total=5), "workers", "total",
                                     "must make 5"),
    "rules: season out of order": (RULES_FILE, lambda r: r["seasons"].reverse(), "season 'final_winter'", "id",
                                   "in that order"),
    "rules: season discount": (RULES_FILE, lambda r: r["seasons"][1].update(effects=["worker"]), "season 'spring'",
                               "effects[0]", "cannot be used here"),
    "rules: forest for 3 missing": (RULES_FILE, lambda r: r["forest_revealed"].pop(3), "forest_revealed", "3",
                                    "missing"),
    "rules: supply without pebbles": (RULES_FILE, lambda r: r["supply"].pop("pebble"), "supply", "pebble",
                                      "missing"),
    "rules: deck of 100": (RULES_FILE, lambda r: r.update(deck_size=100), "deck_size", "deck_size", "128"),
    "rules: starting berries for 3 of 2": (RULES_FILE, lambda r: r["starting_berries"][3].pop(),
                                           "starting_berries", "3", "must list 3"),
    "rules: negative starting berries": (RULES_FILE, lambda r: r["starting_berries"][4].__setitem__(1, -1),
                                         "starting_berries", "4[1]", "must be 0-5"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_broken_data_names_file_entry_and_field(data_copy, case):
    file, change, entry, field, words = CASES[case]
    edit(data_copy, file, change)
    with pytest.raises(DataError) as info:
        load_valley(root=data_copy)
    err = info.value
    assert (err.file, err.entry, err.field) == (file, entry, field), str(err)
    assert words in err.problem, str(err)
    assert str(err).startswith(f"{file}: entry '{entry}', field '{field}'")


@pytest.mark.parametrize("file", [CARDS_FILE, BOARD_FILE, RULES_FILE])
def test_bad_yaml_and_missing_files_name_the_file(data_copy, file):
    (data_copy / file).write_text("cards: [\n  - id: x\n  bad: : :\n", encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_valley(root=data_copy)
    assert info.value.file == file and "not valid YAML" in str(info.value)
    (data_copy / file).unlink()
    with pytest.raises(DataError, match="missing"):
        load_valley(root=data_copy)
