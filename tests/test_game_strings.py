"""Every game's strings (data/<game>/strings.yaml): the same keys and the same placeholders in
both languages, so a switch of language never shows a key or an unfilled field."""

import string

import pytest
import yaml

from wonderland_games.core.paths import data_dir

FILES = sorted(data_dir().glob("*/strings.yaml"))


def _flat(tree: dict, prefix: str = "") -> dict:
    out = {}
    for key, value in tree.items():
        if isinstance(value, dict):
            out.update(_flat(value, f"{prefix}{key}."))
        else:
            out[prefix + key] = str(value)
    return out


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.parent.name)
def test_both_languages_have_the_same_keys_and_placeholders(path):
    tree = yaml.safe_load(path.read_text(encoding="utf-8"))
    zh, en = _flat(tree["zh"]), _flat(tree["en"])
    assert set(zh) == set(en)
    fields = string.Formatter()
    for key in zh:
        assert {f for _, f, _, _ in fields.parse(zh[key]) if f} == {f for _, f, _, _ in fields.parse(en[key]) if f}, key


def test_every_game_with_a_table_has_its_strings():
    assert {p.parent.name for p in FILES} >= {"parade", "oz", "voyage", "valley", "dream"}


@pytest.mark.parametrize("path", FILES + [data_dir() / "i18n" / "en.yaml"], ids=lambda p: p.parent.name)
def test_english_texts_use_straight_quotes(path):
    """The bundled font is a Chinese one: its curly quotes are full-width, so an English
    'casts “Seven-League Boots”' showed a wide gap on each side of the name (seen in the Oz log)."""
    tree = yaml.safe_load(path.read_text(encoding="utf-8"))
    english = _flat(tree if path.name == "en.yaml" else tree["en"])
    curly = {key: text for key, text in english.items() if any(q in text for q in "“”")}
    assert not curly


KEYED = {"oz": ("hint.discard", "hint.discard_picked", "hint.draft", "hint.pick_spell", "hint.pick_spell_one"),
         "voyage": ("hint.card_first", "hint.turn", "hint.pick_city", "hint.planned", "hint.discard",
                    "hint.discard_picked")}


@pytest.mark.parametrize("game", sorted(KEYED))
def test_what_a_key_does_too_is_not_told_as_a_click(game):
    """A die, a card or a city is picked by the mouse or by Tab and Enter alike: the table's
    words say "pick" ("选"), not "click" ("点"), where a key works too."""
    tree = yaml.safe_load((data_dir() / game / "strings.yaml").read_text(encoding="utf-8"))
    en, zh = _flat(tree["en"]), _flat(tree["zh"])
    for name in KEYED[game]:
        assert "click" not in en[name].lower(), en[name]
        assert "点" not in zh[name], zh[name]
