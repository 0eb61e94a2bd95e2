"""The World Voyage rules page states the numbers the engine and the data use."""

import pytest

from wonderland_games.core.paths import data_dir
from wonderland_games.games.voyage import rules
from wonderland_games.games.voyage.cards import load_cards

CARDS = load_cards()


def page(lang: str) -> str:
    return (data_dir() / "voyage" / f"rules.{lang}.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_special_colour_and_reward_amount_is_named(lang):
    text = page(lang)
    specials = {c.kind for c in CARDS.itineraries[1:] if c.kind != "plain"}
    assert len(specials) == 2
    names = [CARDS.specials[k].name[lang] for k in specials] + [c.theme[lang] for c in CARDS.colours.values()]
    missing = [n for n in names if n not in text]
    assert not missing, f"rules.{lang}.md does not name {missing}"


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_numbers_on_the_page_are_the_engine_s(lang):
    text = page(lang)
    fares = {c.steps: c.money for c in CARDS.itineraries[1:] if c.kind == "plain"}
    assert fares == {1: 4, 2: 3, 3: 2, 4: 1}  # the fares the page describes
    assert (rules.ROUND_LIMIT, rules.VISIT_PRICE, rules.CROWDING_FEE, rules.SOUVENIR_PRICE) == (12, 3, 1, 2)
    assert (rules.HAND_LIMIT, rules.START_MONEY, rules.START_HAND, rules.START_TOKENS) == (7, 10, 5, 2)
    assert rules.SET_BONUS == (0, 5, 12, 20, 30)
    for number in ("12", "7", "10", "5", "30", "20"):
        assert number in text
