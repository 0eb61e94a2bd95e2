"""A broken data/parade/deck.yaml gives one DataError naming the file, the entry and the field."""


import pytest
import yaml

from wonderland_games.core.data import DataError
from wonderland_games.games.parade.deck import DECK_FILE, load_deck


def edit(root, change):
    path = root / DECK_FILE
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(raw)
    path.write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")


def colour(raw, cid):
    return next(c for c in raw["colours"] if c["id"] == cid)


def test_the_copy_loads(data_copy):
    deck = load_deck(root=data_copy)
    assert deck.size == 66 and len(deck.colours) == 6


CASES = {
    "missing field": (lambda raw: colour(raw, "purple").pop("symbol"), "colour 'purple'", "symbol", "missing"),
    "missing english name": (lambda raw: colour(raw, "blue")["name"].pop("en"), "colour 'blue'", "name.en", "missing"),
    "wrong type": (lambda raw: raw.update(hand_size="five"), "hand_size", "hand_size", "expected int"),
    "bool is not an int": (lambda raw: raw.update(parade_size=True), "parade_size", "parade_size", "expected int"),
    "wrong colour count": (lambda raw: raw["colours"].pop(), "colours", "-", "6 colours, found 5"),
    "bad rgb": (lambda raw: colour(raw, "orange").update(rgb="#zzzzzz"), "colour 'orange'", "rgb", "#rrggbb"),
    "short rgb": (lambda raw: colour(raw, "red").update(rgb="#fff"), "colour 'red'", "rgb", "#rrggbb"),
    "unknown symbol": (lambda raw: colour(raw, "green").update(symbol="star"), "colour 'green'", "symbol", "star"),
    "duplicate id": (lambda raw: colour(raw, "white").update(id="blue"), "colour 'blue'", "id", "duplicate"),
    "colour not a mapping": (lambda raw: raw["colours"].__setitem__(2, "orange"), "colours[2]", "id", "mapping"),
    "values backwards": (lambda raw: raw.update(values={"min": 0, "max": 0}), "values", "min/max", "0 to"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_broken_deck_names_file_entry_and_field(data_copy, case):
    change, entry, field, words = CASES[case]
    edit(data_copy, change)
    with pytest.raises(DataError) as info:
        load_deck(root=data_copy)
    err = info.value
    assert (err.file, err.entry, err.field) == (DECK_FILE, entry, field)
    assert words in err.problem
    assert str(err).startswith(f"{DECK_FILE}: entry '{entry}', field '{field}'")


@pytest.mark.parametrize("text", ["colours: [\n  - id: blue\n  bad: : :\n", "values: {min: 0, max: 10\n",
                                  "\tcolours: []\n"])
def test_bad_yaml_names_the_file(data_copy, text):
    (data_copy / DECK_FILE).write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_deck(root=data_copy)
    assert info.value.file == DECK_FILE and "not valid YAML" in str(info.value)


def test_not_utf8_and_missing_file(data_copy):
    (data_copy / DECK_FILE).write_bytes(b"\xff\xfe\x00\x01")
    with pytest.raises(DataError, match="not valid YAML"):
        load_deck(root=data_copy)
    (data_copy / DECK_FILE).unlink()
    with pytest.raises(DataError, match="missing"):
        load_deck(root=data_copy)  # failures are not cached
