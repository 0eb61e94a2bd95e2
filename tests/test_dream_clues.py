"""Dream Teller's clue checker and guess matcher, on a small hand-built lexicon (the real one is checked whole in
test_dream_lexicon)."""

import pytest

from wonderland_games.core.data import load_yaml
from wonderland_games.games.dream.clues import check_clue
from wonderland_games.games.dream.guess import matcher, matches, mentions
from wonderland_games.games.dream.lexicon import RULES_FILE, Lexicon, Word, parse_rules


def word(wid, zh, en, syn_zh=(), syn_en=(), sounds_en=(), sounds_zh=()):
    return Word(wid, {"zh": zh, "en": en}, {"zh": tuple(syn_zh), "en": tuple(syn_en)}, "test",
                {"zh": (), "en": ()}, (), {"zh": tuple(sounds_zh), "en": tuple(sounds_en)})


WORDS = [word("sun", "太阳", "sun", sounds_en=["son"]), word("moon", "月亮", "moon", syn_zh=["月", "月球"]),
         word("rainbow", "彩虹", "rainbow"), word("dance", "跳舞", "dance"), word("cry", "哭", "cry"),
         word("sky", "天空", "sky"), word("swimming", "游泳", "swimming"), word("fairy", "仙女", "fairy"),
         word("ice_cream", "冰淇淋", "ice cream", syn_en=["gelato"]), word("fish", "鱼", "fish", sounds_zh=["雨"]),
         word("wolf", "狼", "wolf"), word("cup_of_tea", "一杯茶", "cup of tea")]


@pytest.fixture(scope="module")
def lex():
    return Lexicon({w.id: w for w in WORDS}, {"test": {"zh": "测试", "en": "test"}},
                   parse_rules(load_yaml(RULES_FILE)), {})


CHINESE = [
    ("sun", "光明", None), ("sun", "向日葵", None), ("moon", "嫦娥", None), ("ice_cream", "甜筒", None),
    ("sun", "阳光", "shares_char"), ("sun", "太空", "shares_char"), ("rainbow", "彩色", "shares_char"),
    ("moon", "地球", "shares_char"),  # 球 is in the synonym 月球
    ("moon", "月球", "synonym"),
    ("sun", "sun", "translation"), ("sun", "Sun", "translation"), ("sun", "ｓｕｎ", "translation"),
    ("ice_cream", "gelato", "translation"),
    ("sun", "光明 白天", "multi_word"), ("sun", "光明\u3000白天", "multi_word"),  # a full-width space
    ("sun", "光明！", "punctuation"), ("sun", "光，明", "punctuation"), ("sun", "“光明”", "punctuation"),
    ("sun", "", "empty"), ("sun", "   ", "empty"), ("sun", "\u3000", "empty"),
    ("sun", "bright", "script"), ("sun", "光明1", "script"),
    ("sun", "一二三四五六七", "too_long"),
    ("fish", "雨", "sounds_alike"),
]

ENGLISH = [
    ("sun", "bright", None), ("sun", "Bright", None), ("sun", "ｂｒｉｇｈｔ", None), ("moon", "crescent", None),
    ("cup_of_tea", "of", None),  # a little word of the name is no part of the word
    ("cup_of_tea", "o'clock", None),
    ("sun", "sun", "same_word"), ("sun", "SUN", "same_word"), ("sun", "ｓｕｎ", "same_word"),
    ("sun", "sunny", "contains_word"), ("sun", "sunflower", "contains_word"), ("sun", "suns", "contains_word"),
    ("dance", "dancer", "contains_word"), ("dance", "danced", "contains_word"), ("fish", "fishes", "contains_word"),
    ("ice_cream", "creamy", "contains_word"), ("cup_of_tea", "teapot", "contains_word"),
    ("rainbow", "rain", "part_of_word"), ("rainbow", "bow", "part_of_word"), ("rainbow", "rains", "part_of_word"),
    ("dance", "dancing", "same_stem"),  # -ing
    ("cry", "cries", "same_stem"), ("fairy", "fairies", "same_stem"),  # -s / -es after y
    ("cry", "cried", "same_stem"), ("swimming", "swims", "same_stem"), ("swimming", "swimmer", "same_stem"),
    ("sky", "skier", "same_stem"),  # -er
    ("wolf", "wolves", "same_stem"),
    ("sun", "very bright", "multi_word"), ("sun", "bright\tday", "multi_word"),
    ("sun", "太阳", "translation"), ("moon", "月球", "translation"),
    ("sun", "光明", "script"), ("sun", "brightα", "script"),
    ("ice_cream", "gelato", "synonym"), ("ice_cream", "Gelatos", "synonym"),
    ("sun", "bright!", "punctuation"), ("sun", "light-year", "punctuation"), ("sun", "'bright", "punctuation"),
    ("sun", "", "empty"), ("sun", " \t", "empty"),
    ("sun", "son", "sounds_alike"),
]


@pytest.mark.parametrize("wid,clue,reason", CHINESE, ids=[f"zh-{w}-{c}" for w, c, _ in CHINESE])
def test_chinese_clues(lex, wid, clue, reason):
    assert check_clue(lex, wid, clue, "zh") == reason


@pytest.mark.parametrize("wid,clue,reason", ENGLISH, ids=[f"en-{w}-{c}" for w, c, _ in ENGLISH])
def test_english_clues(lex, wid, clue, reason):
    assert check_clue(lex, wid, clue, "en") == reason


def test_every_reason_has_a_text_in_both_languages(lex):
    reasons = {r for _, _, r in CHINESE + ENGLISH if r}
    assert reasons <= set(lex.rules.reasons)
    assert all(lex.rules.reasons[r]["zh"] and lex.rules.reasons[r]["en"] for r in lex.rules.reasons)


GUESSES = [
    ("sun", "sun", True), ("sun", "SUN", True), ("sun", "  Sun ", True), ("sun", "ｓｕｎ", True),
    ("sun", "suns", True), ("sun", "太阳", True), ("sun", "太 阳", True), ("sun", "太阳 ", True),
    ("ice_cream", "ice cream", True), ("ice_cream", "icecream", True), ("ice_cream", "Ice  Cream", True),
    ("ice_cream", "ice-cream", True), ("ice_cream", "ice creams", True), ("ice_cream", "ＩＣＥ　ＣＲＥＡＭ", True),
    ("ice_cream", "冰淇淋", True), ("ice_cream", "gelato", True), ("ice_cream", "gelatos", True),
    ("moon", "月球", True), ("moon", "月", True), ("moon", "Moons", True),
    ("fairy", "fairies", True), ("wolf", "wolves", True), ("fish", "fishes", True), ("dance", "dances", True),
    ("sun", "moon", False), ("sun", "", False), ("sun", "   ", False), ("sun", "sunny", False),
    ("sun", "son", False), ("sun", "太", False), ("moon", "月亮们", False), ("ice_cream", "ice", False),
]


@pytest.mark.parametrize("wid,guess,expected", GUESSES, ids=[f"{w}-{g}" for w, g, _ in GUESSES])
def test_guess_matcher(lex, wid, guess, expected):
    assert matches(lex, wid, guess) is expected


def test_the_engine_matcher_takes_the_guess_first(lex):
    judge = matcher(lex)
    assert judge("Suns", "sun") and not judge("sun", "moon")


def test_a_story_mentions_a_word_or_its_synonym_in_either_language(lex):
    story = "I danced under the Suns, ate two ICE CREAMS and met wolves."
    assert all(mentions(lex, w, story) for w in ("sun", "ice_cream", "wolf"))
    assert not mentions(lex, "moon", story)
    assert not mentions(lex, "sun", "It was Sunday and sunny.")  # a word inside another word is no mention
    assert mentions(lex, "moon", "我梦见月球上有一只兔子")  # a synonym
    assert mentions(lex, "sun", "我在 太 阳下吃ｇｅｌａｔｏ") and mentions(lex, "ice_cream", "我在太阳下吃ｇｅｌａｔｏ")
    assert mentions(lex, "cup_of_tea", "She poured a cup of teas.")
    assert not mentions(lex, "cup_of_tea", "a cup, then tea")
