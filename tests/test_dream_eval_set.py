"""The Dream Teller evaluation set (benchmarks/dream_eval/chains.yaml, issue 29): its shape,
the rule text's letter for every clue, that it stays out of the lexicon, and that the
measuring script plays it through the real bot dreamer.

Whether the game's clue checker accepts every clue is reported by the script
(`--refused`), not asserted: the checker also refuses clues the rule text allows
(a synonym, a character of a synonym)."""

import pytest

from benchmarks import dream_clue_eval
from wonderland_games.games.dream.clues import fold
from wonderland_games.games.dream.lexicon import load_lexicon

LEX = load_lexicon()
CHAINS = dream_clue_eval.load_chains()
LANGS = ("zh", "en")


def test_the_set_covers_at_least_150_dream_words_once_each():
    words = [entry["word"] for entry in CHAINS]
    assert len(words) >= 150
    assert len(set(words)) == len(words)
    assert set(words) <= set(LEX.words)


@pytest.mark.parametrize("lang", LANGS)
def test_every_chain_has_four_one_word_clues_and_a_two_clue_decoy(lang):
    for entry in CHAINS:
        clues, decoy = entry[lang], entry["decoy"]
        assert len(clues) == 4 and len({fold(str(c)) for c in clues}) == 4, entry["word"]
        assert decoy["word"] in LEX.words and decoy["word"] != entry["word"], entry["word"]
        assert len(decoy[lang]) == 2, entry["word"]
        for clue in clues + decoy[lang]:
            assert isinstance(clue, str) and clue.strip() == clue and clue and " " not in clue, (entry["word"], clue)


def test_no_clue_says_a_character_of_the_chinese_name_or_the_english_name():
    """The rule text's letter: no character of the word; not the word or a word built on it."""
    for entry in CHAINS:
        name = LEX.words[entry["word"]].name
        for clue in entry["zh"] + entry["decoy"]["zh"]:
            assert not set(clue) & set(name["zh"]), (entry["word"], clue)
        for clue in entry["en"] + entry["decoy"]["en"]:
            for part in fold(name["en"]).split():  # crying: not crying, cryings nor cry
                assert part not in fold(clue) and not (len(clue) > 2 and part.startswith(fold(clue))), (
                    entry["word"], clue)


def test_the_set_is_not_merged_into_the_lexicon():
    """Written blind, a good share of its clues are ones the lexicon does not list for the word;
    merged, none would be, and the script would measure memory instead of understanding."""
    for lang in LANGS:
        clues = [(entry["word"], fold(c)) for entry in CHAINS for c in entry[lang]]
        unlisted = [w for w, c in clues if c not in {fold(a) for a in LEX.words[w].associations[lang]}]
        assert len(unlisted) >= 0.05 * len(clues), lang  # today: zh 45%, en 21%


def test_the_script_plays_chains_through_the_bot_dreamer():
    report = dream_clue_eval.evaluate(CHAINS[::60], levels=("normal",), langs=("en",))
    figures = report["runs"]["normal/en"]["figures"]
    assert set(figures) >= {"full", "decoy"}
    full = figures["full"]
    assert full["n"] == len(CHAINS[::60])
    assert full["right"] + full["wrong"] + full["skip"] + full["silent"] == pytest.approx(100, abs=0.5)
    assert 0 < full["right@3"] <= full["right"]
    assert "lured" in figures["decoy"]
    assert full["1-clue"] == 0 and 0 <= figures["unlisted"]["1-clue"] <= 100  # full chains have four clues
