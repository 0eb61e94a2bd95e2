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


def test_the_chinese_table_calls_the_card_word_what_the_log_and_the_rules_page_call_it():
    """The table mode once said 梦境元素 on the card while the log beside it said 梦境词."""
    texts = [text for key, text in I18n("zh").tables["zh"].items() if key.startswith("dream.")]
    assert any("梦境词" in text for text in texts) and not any("梦境元素" in text for text in texts)
