"""Dream Teller's strings: every role the engine deals has a name (test_game_strings.py checks
that both languages hold the same keys and placeholders)."""

from wonderland_games.games.dream.rules import ROLES
from wonderland_games.ui.i18n import I18n


def test_every_role_has_a_name_in_both_languages():
    names = {}
    for lang in ("zh", "en"):
        i18n = I18n(lang)
        names[lang] = [i18n.t(f"dream.role.{role}") for role in ROLES]
        assert all(not n.startswith("dream.") for n in names[lang])
        assert len(set(names[lang])) == len(ROLES)
    assert names["zh"] == ["做梦者", "好精灵", "坏精灵", "捣蛋精灵"]  # the rule text's names
