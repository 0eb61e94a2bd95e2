"""Dream Teller's strings: both languages hold the same keys with the same placeholders, and
every role the engine deals has a name."""

import string

import yaml

from wonderland_games.core.paths import data_dir
from wonderland_games.games.dream.rules import ROLES
from wonderland_games.ui.i18n import I18n


def _flat(tree: dict, prefix: str = "") -> dict:
    out = {}
    for key, value in tree.items():
        if isinstance(value, dict):
            out.update(_flat(value, f"{prefix}{key}."))
        else:
            out[prefix + key] = str(value)
    return out


def test_both_languages_have_the_same_keys_and_placeholders():
    tree = yaml.safe_load((data_dir() / "dream" / "strings.yaml").read_text(encoding="utf-8"))
    zh, en = _flat(tree["zh"]), _flat(tree["en"])
    assert set(zh) == set(en)
    fields = string.Formatter()
    for key in zh:
        assert {f for _, f, _, _ in fields.parse(zh[key]) if f} == {f for _, f, _, _ in fields.parse(en[key]) if f}, key


def test_every_role_has_a_name_in_both_languages():
    names = {}
    for lang in ("zh", "en"):
        i18n = I18n(lang)
        names[lang] = [i18n.t(f"dream.role.{role}") for role in ROLES]
        assert all(not n.startswith("dream.") for n in names[lang])
        assert len(set(names[lang])) == len(ROLES)
    assert names["zh"] == ["做梦者", "好精灵", "坏精灵", "捣蛋精灵"]  # the rule text's names
