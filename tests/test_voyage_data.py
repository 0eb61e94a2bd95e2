"""World Voyage data: the map and both decks load, and a broken entry names its file, entry and field."""


import pytest
import yaml

from wonderland_games.core.data import DataError
from wonderland_games.games.voyage.cards import DESTINATIONS_FILE, ITINERARIES_FILE, load_cards
from wonderland_games.games.voyage.world import MAP_FILE, REGION_IDS, load_world


def test_the_map_is_one_connected_world():
    world = load_world()
    assert [r.id for r in world.regions] == list(REGION_IDS)
    assert 56 <= len(world.cities) <= 64
    for a in world.city:
        assert len(world.dist[a]) == len(world.cities)  # every city reachable
        for b in world.neighbours[a]:
            assert world.distance(a, b) == world.distance(b, a) == 1
    assert {r.kind for r in world.routes} == {"land", "sea"}
    assert all(world.region_of[world.starts[r]] == r for r in REGION_IDS)


def test_reachable_and_shortest_path():
    world = load_world()
    near = world.reachable("frankfurt", 1)
    assert set(near) == set(world.neighbours["frankfurt"]) and "frankfurt" not in near
    assert world.reachable("frankfurt", 2) is world.reachable("frankfurt", 2)  # cached
    path = world.shortest_path("frankfurt", "sydney")
    assert path[0] == "frankfurt" and path[-1] == "sydney" and len(path) == world.distance("frankfurt", "sydney") + 1
    assert all(b in world.neighbours[a] for a, b in zip(path, path[1:]))
    assert any(r.wraps for r in world.routes) and not any(r.wraps for r in world.routes if r.kind == "land")


def test_the_decks_fit_the_map():
    cards = load_cards()
    world = load_world()
    dests = cards.destinations[1:]
    assert len(dests) == 48 and len(cards.itineraries) == 49
    assert set(cards.dest_at) <= set(world.city) and [cards.dest_at[d.city] for d in dests] == list(range(1, 49))
    assert len(cards.dest_at) == 48 and not set(cards.dest_at) & set(world.starts.values())
    for colour in cards.colours:
        assert sum(d.colour == colour for d in dests) == 12
        assert sum(c.colour == colour for c in cards.itineraries[1:]) == 12
        per = [c for c in cards.itineraries[1:] if c.colour == colour]
        assert sorted(c.steps for c in per if c.kind == "plain") == [1, 1, 2, 2, 2, 3, 3, 3, 4, 4]
        assert sorted(c.kind for c in per if c.kind != "plain") == ["express", "fly"]
    assert sum(d.reward is not None for d in dests) == 24  # half, as the data file's header says
    for region in world.region:  # a 1-cube and a 2-cube souvenir reward in every region (souvenir sets)
        gifts = sorted(d.reward.amount for d in dests if d.region == region and d.reward and d.reward.kind == "souvenir")
        assert gifts == [1, 2], region
    for special in cards.specials.values():
        assert special.text["zh"] and special.text["en"]


def edit(root, file, change):
    path = root / file
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(raw)
    path.write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")


def city(raw, cid):
    return next(c for c in raw["cities"] if c["id"] == cid)


def dest(raw, did):
    return raw["destinations"][did - 1]


CASES = {
    "map: unknown region": (MAP_FILE, lambda r: city(r, "paris").update(region="atlantis"), "city 'paris'", "region",
                            "unknown region"),
    "map: missing zh name": (MAP_FILE, lambda r: city(r, "rome")["name"].pop("zh"), "city 'rome'", "name.zh",
                             "missing"),
    "map: off the map": (MAP_FILE, lambda r: city(r, "rome").update(lat=80), "city 'rome'", "lat", "on the map"),
    "map: land of no region": (MAP_FILE, lambda r: r["lands"].update(atlantis=[[0, 0], [1, 0], [1, 1]]), "lands",
                               "atlantis", "unknown region"),
    "map: land of two corners": (MAP_FILE, lambda r: r["lands"].update(europe=[[0, 0], [1, 0]]), "lands", "europe",
                                 "three or more"),
    "map: land corner not a number": (MAP_FILE, lambda r: r["lands"]["africa"].append(["x", 3]), "lands", "africa",
                                      "three or more"),
    "map: no such longitude": (MAP_FILE, lambda r: city(r, "rome").update(lon=200), "city 'rome'", "lon",
                               "-180 to 180"),
    "map: duplicate city": (MAP_FILE, lambda r: city(r, "rome").update(id="paris"), "city 'paris'", "id",
                            "duplicate"),
    "map: route to nowhere": (MAP_FILE, lambda r: r["routes"][0].update(b="atlantis"), "routes[0]", "b",
                              "unknown city"),
    "map: bad route kind": (MAP_FILE, lambda r: r["routes"][1].update(kind="air"), "routes[1]", "kind", "air"),
    "map: route listed twice": (MAP_FILE, lambda r: r["routes"].append(dict(r["routes"][0])), "routes[106]", "b",
                                "twice"),
    "map: cut-off city": (MAP_FILE, lambda r: r["cities"].append(
        {"id": "atlantis", "name": {"zh": "亚特兰蒂斯", "en": "Atlantis"}, "region": "europe", "lon": -30, "lat": 35}),
        "city 'atlantis'", "routes", "cannot be reached"),
    "map: start in another region": (MAP_FILE, lambda r: r["regions"][0].update(start="nairobi"), "region 'europe'",
                                     "start", "not a city of this region"),
    "map: bad rgb": (MAP_FILE, lambda r: r["regions"][2].update(rgb="brown"), "region 'africa'", "rgb", "#rrggbb"),
    "dest: unknown colour": (DESTINATIONS_FILE, lambda r: dest(r, 5).update(colour="pink"), "destination 5",
                             "colour", "unknown colour"),
    "dest: points out of range": (DESTINATIONS_FILE, lambda r: dest(r, 7).update(points=9), "destination 7", "points",
                                  "1-5"),
    "dest: points not a number": (DESTINATIONS_FILE, lambda r: dest(r, 7).update(points="three"), "destination 7",
                                  "points", "expected int"),
    "dest: wrong region": (DESTINATIONS_FILE, lambda r: dest(r, 1).update(region="asia"), "destination 1", "region",
                           "not 'asia'"),
    "dest: on a starting city": (DESTINATIONS_FILE, lambda r: dest(r, 2).update(city="frankfurt"), "destination 2",
                                 "city", "starting city"),
    "dest: two on one city": (DESTINATIONS_FILE, lambda r: dest(r, 2).update(city=dest(r, 1)["city"]),
                              "destination 2", "city", "already there"),
    "dest: unknown reward": (DESTINATIONS_FILE, lambda r: dest(r, 3).update(reward="gold"), "destination 3", "reward",
                             "unknown reward"),
    "dest: bad reward amount": (DESTINATIONS_FILE, lambda r: r["rewards"][0].update(amount=50), "reward 'money2'",
                                "amount", "expected one of"),
    "dest: missing en name": (DESTINATIONS_FILE, lambda r: dest(r, 4)["name"].pop("en"), "destination 4", "name.en",
                              "missing"),
    "dest: numbered out of order": (DESTINATIONS_FILE, lambda r: dest(r, 4).update(id=40), "destination 40", "id",
                                    "expected 4"),
    "dest: 47 cards": (DESTINATIONS_FILE, lambda r: r["destinations"].pop(), "destinations", "-", "found 47"),
    "dest: earlier reward unknown": (DESTINATIONS_FILE, lambda r: r["before_edition_3"]["rewards"].update({5: "gold"}),
                                     "before_edition_3", "rewards", "unknown reward"),
    "dest: earlier reward of no card": (DESTINATIONS_FILE, lambda r: r["before_edition_3"]["rewards"].update({49: None}),
                                        "before_edition_3", "rewards", "not a destination id"),
    "itin: earlier fare missing": (ITINERARIES_FILE, lambda r: r["before_edition_3"]["fares"].pop(4),
                                   "before_edition_3", "fares", "one fare"),
    "itin: earlier fare too high": (ITINERARIES_FILE, lambda r: r["before_edition_3"]["fares"].update({2: 9}),
                                    "before_edition_3", "fares", "must be 0-4, got 9"),
    "itin: fare not a number": (ITINERARIES_FILE, lambda r: r["cards"][0].update(money=True), "card 1", "money",
                                "must be 0-4, got True"),
    "itin: unknown special": (ITINERARIES_FILE, lambda r: r["cards"][10].update(special="teleport"), "card 11",
                              "special", "unknown special"),
    "itin: steps and special": (ITINERARIES_FILE, lambda r: r["cards"][10].update(steps=2), "card 11", "steps",
                                "not both"),
    "itin: five steps": (ITINERARIES_FILE, lambda r: r["cards"][0].update(steps=5), "card 1", "steps", "1-4"),
    "itin: unknown colour": (ITINERARIES_FILE, lambda r: r["cards"][0].update(colour="pink"), "card 1", "colour",
                             "unknown colour"),
    "itin: colour count": (ITINERARIES_FILE, lambda r: r["cards"][0].update(colour="red"), "cards", "colour",
                           "'green' has 11"),
    "itin: special text": (ITINERARIES_FILE, lambda r: r["specials"][1]["text"].pop("zh"), "special 'express'",
                           "text.zh", "missing"),
    "itin: express bonus": (ITINERARIES_FILE, lambda r: r["specials"][1].update(bonus=7), "special 'express'",
                            "bonus", "1-2"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_broken_data_names_file_entry_and_field(data_copy, case):
    file, change, entry, field, words = CASES[case]
    edit(data_copy, file, change)
    with pytest.raises(DataError) as info:
        load_cards(root=data_copy)
    err = info.value
    assert (err.file, err.entry, err.field) == (file, entry, field)
    assert words in err.problem


@pytest.mark.parametrize("file", [MAP_FILE, DESTINATIONS_FILE, ITINERARIES_FILE])
def test_bad_yaml_and_missing_files_name_the_file(data_copy, file):
    (data_copy / file).write_text("cities: [\n  - id: x\n  bad: : :\n", encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_cards(root=data_copy)
    assert info.value.file == file and "not valid YAML" in str(info.value)
    (data_copy / file).unlink()
    with pytest.raises(DataError, match="missing"):
        load_cards(root=data_copy)
