"""Dream Teller's clue checker and guess matcher, on a small hand-built lexicon (the real one is checked whole in
test_dream_lexicon), and the refusal texts at the window sizes."""

import pytest

from wonderland_games.core.data import load_yaml
from wonderland_games.core.game import BOT, Seat
from wonderland_games.core.session import Session
from wonderland_games.games.dream.clues import Refusal, check_clue, name_parts
from wonderland_games.games.dream.guess import matcher, matches, mentions
from wonderland_games.games.dream.lexicon import LANGS, REASONS, RULES_FILE, Lexicon, Word, load_lexicon, parse_rules
from wonderland_games.games.dream.scene import DreamScene
from wonderland_games.ui import text as tx
from wonderland_games.ui.testing import make_app, step
from wonderland_games.ui.theme import px


def word(wid, zh, en, syn_zh=(), syn_en=(), sounds_en=(), sounds_zh=(), roots=()):
    return Word(wid, {"zh": zh, "en": en}, {"zh": tuple(syn_zh), "en": tuple(syn_en)}, "test",
                {"zh": (), "en": ()}, (), {"zh": tuple(sounds_zh), "en": tuple(sounds_en)}, tuple(roots))


WORDS = [word("sun", "太阳", "sun", sounds_en=["son"]), word("moon", "月亮", "moon", syn_zh=["月", "月球"]),
         word("rainbow", "彩虹", "rainbow", roots=["rain", "bow"]), word("dance", "跳舞", "dance"),
         word("cry", "哭", "cry"), word("sky", "天空", "sky"), word("fairy", "仙女", "fairy"),
         word("swimming", "游泳", "swimming", syn_en=["swim"], roots=["swim"]),
         word("ice_cream", "冰淇淋", "ice cream", syn_en=["gelato"]), word("fish", "鱼", "fish", sounds_zh=["雨"]),
         word("wolf", "狼", "wolf"), word("cup_of_tea", "一杯茶", "cup of tea"),
         word("cat", "猫", "cat", syn_zh=["猫咪"], syn_en=["kitty"]), word("tree", "树", "tree", syn_zh=["树木"]),
         word("mountain", "山", "mountain", syn_zh=["高山", "山峰"]),
         word("cemetery", "墓地", "cemetery", syn_zh=["坟地", "墓园"], syn_en=["graveyard"]),
         word("caterpillar", "毛毛虫", "caterpillar"), word("bell", "铃", "bell"), word("ice", "冰", "ice"),
         word("tooth", "牙齿", "tooth")]


@pytest.fixture(scope="module")
def lex():
    return Lexicon({w.id: w for w in WORDS}, {"test": {"zh": "测试", "en": "test"}},
                   parse_rules(load_yaml(RULES_FILE)), {})


# (word, clue, reason, the character or word the reason names)
CHINESE = [
    ("sun", "光明", None, ""), ("sun", "向日葵", None, ""), ("moon", "嫦娥", None, ""), ("ice_cream", "甜筒", None, ""),
    # a synonym's characters, or the synonym itself, are no character of the word's own name
    ("tree", "木头", None, ""), ("mountain", "高", None, ""), ("mountain", "珠峰", None, ""),
    ("moon", "地球", None, ""), ("cat", "咪咪", None, ""), ("cemetery", "坟墓", "shares_char", "墓"),
    ("sun", "太阳", "same_word", "太阳"),
    ("sun", "阳光", "shares_char", "阳"), ("sun", "太空", "shares_char", "太"), ("rainbow", "彩色", "shares_char", "彩"),
    ("mountain", "山顶", "shares_char", "山"), ("moon", "月球", "shares_char", "月"),
    ("tree", "树叶", "shares_char", "树"), ("mountain", "高山", "shares_char", "山"),
    ("sun", "sun", "translation", "sun"), ("sun", "Sun", "translation", "Sun"), ("sun", "ｓｕｎ", "translation", "ｓｕｎ"),
    ("ice_cream", "ice cream", "translation", "ice cream"), ("ice_cream", "ice-cream", "translation", "ice-cream"),
    ("ice_cream", "gelato", "not_hanzi", "g"),  # an English synonym is no translation of 冰淇淋, but no hanzi
    ("sun", "光明 白天", "multi_word", "光明 白天"), ("sun", "光明\u3000白天", "multi_word", "光明 白天"),
    ("sun", "光明！", "punctuation", "!"), ("sun", "光，明", "punctuation", ","), ("sun", "“光明”", "punctuation", "“"),
    ("sun", "", "empty", ""), ("sun", "   ", "empty", ""), ("sun", "\u3000", "empty", ""),
    ("sun", "bright", "not_hanzi", "b"), ("sun", "光明1", "not_hanzi", "1"),
    ("sun", "一二三四五六七", "too_long", "一二三四五六七"),
    ("fish", "雨", "sounds_alike", "雨"),
]

ENGLISH = [
    ("sun", "bright", None, ""), ("sun", "Bright", None, ""), ("sun", "ｂｒｉｇｈｔ", None, ""),
    ("moon", "crescent", None, ""),
    ("cup_of_tea", "of", None, ""),  # a little word of the name is no part of the word
    ("cup_of_tea", "o'clock", None, ""),
    # not built on cat: what is left is no word and no ending (cater would be catter)
    ("cat", "catch", None, ""), ("cat", "category", None, ""), ("cat", "cater", None, ""), ("cat", "scat", None, ""),
    ("ice", "justice", None, ""),
    ("caterpillar", "cat", None, ""),  # caterpillar is no cat + erpillar
    ("sky", "skier", None, ""),  # ski + er
    ("bell", "belly", None, ""), ("bell", "bellies", None, ""),  # listed: belly only looks built on bell
    # synonyms are no part of the rule
    ("cemetery", "graves", None, ""), ("cemetery", "grave", None, ""), ("ice_cream", "gelato", None, ""),
    ("ice_cream", "gelatos", None, ""), ("cat", "kittens", None, ""), ("moon", "月球", "not_letters", "月"),
    ("sun", "sun", "same_word", "sun"), ("sun", "SUN", "same_word", "sun"), ("sun", "ｓｕｎ", "same_word", "sun"),
    ("ice_cream", "icecream", "same_word", "ice cream"),
    ("cat", "cats", "derived", "cat"), ("cat", "catty", "derived", "cat"), ("cat", "catfish", "derived", "cat"),
    ("cat", "catfishes", "derived", "cat"), ("cat", "cat's", "same_word", "cat"),
    ("cat", "wildcat's", "derived", "cat"), ("cat", "wildcat", "derived", "cat"), ("cat", "Cats", "derived", "cat"),
    ("sun", "sunny", "derived", "sun"), ("sun", "sunflower", "derived", "sun"), ("sun", "suns", "derived", "sun"),
    ("sun", "sunniest", "derived", "sun"),
    ("dance", "dancer", "derived", "dance"), ("dance", "danced", "derived", "dance"),
    ("dance", "dancing", "derived", "dance"), ("fish", "fishes", "derived", "fish"),
    ("cry", "cries", "derived", "cry"), ("cry", "cried", "derived", "cry"), ("fairy", "fairies", "derived", "fairy"),
    ("wolf", "wolves", "derived", "wolf"), ("ice", "icy", "derived", "ice"),
    ("tooth", "teeth", "derived", "tooth"), ("swimming", "swam", "derived_part", "swim"),  # irregular forms
    ("ice_cream", "cream", "part_of_word", "cream"), ("ice_cream", "ice", "part_of_word", "ice"),
    ("cup_of_tea", "tea", "part_of_word", "tea"), ("rainbow", "rain", "part_of_word", "rain"),
    ("rainbow", "bow", "part_of_word", "bow"), ("swimming", "swim", "part_of_word", "swim"),
    ("ice_cream", "creamy", "derived_part", "cream"), ("cup_of_tea", "teapot", "derived_part", "tea"),
    ("rainbow", "rains", "derived_part", "rain"), ("rainbow", "rainy", "derived_part", "rain"),
    ("swimming", "swims", "derived_part", "swim"), ("swimming", "swimmer", "derived_part", "swim"),
    ("sun", "very bright", "multi_word", "very bright"), ("sun", "bright\tday", "multi_word", "bright day"),
    ("sun", "太阳", "translation", "太阳"), ("sun", "太 阳", "translation", "太 阳"),
    ("sun", "光明", "not_letters", "光"), ("sun", "brightα", "not_letters", "α"),
    ("sun", "bright!", "punctuation", "!"), ("sun", "light-year", "punctuation", "-"),
    ("sun", "'bright", "punctuation", "'"),
    ("sun", "", "empty", ""), ("sun", " \t", "empty", ""),
    ("sun", "son", "sounds_alike", "son"),
]


@pytest.mark.parametrize("wid,clue,reason,offender", CHINESE, ids=[f"zh-{w}-{c}" for w, c, _, _ in CHINESE])
def test_chinese_clues(lex, wid, clue, reason, offender):
    refusal = check_clue(lex, wid, clue, "zh")
    assert refusal == reason and (refusal is None or refusal.offender == offender)


@pytest.mark.parametrize("wid,clue,reason,offender", ENGLISH, ids=[f"en-{w}-{c}" for w, c, _, _ in ENGLISH])
def test_english_clues(lex, wid, clue, reason, offender):
    refusal = check_clue(lex, wid, clue, "en")
    assert refusal == reason and (refusal is None or refusal.offender == offender)


def test_every_reason_has_a_text_in_both_languages(lex):
    reasons = {r for _, _, r, _ in CHINESE + ENGLISH if r}
    assert reasons == set(lex.rules.reasons) == set(REASONS)
    assert all(lex.rules.reasons[r]["zh"] and lex.rules.reasons[r]["en"] for r in lex.rules.reasons)


SHOWN = [  # (word, clue, lang, the zh text, the en text)
    ("mountain", "山顶", "zh", "线索用了梦境词里的字「山」", "The clue uses 山, a character of the dream word"),
    ("cat", "catfish", "en", "线索是梦境词「cat」的引申词", "The clue is built on the dream word cat"),
    ("rainbow", "rainy", "en", "线索是梦境词「rainbow」里「rain」的引申词",
     "The clue is built on rain, a part of the dream word rainbow"),
    ("rainbow", "rain", "en", "线索「rain」是梦境词「rainbow」的一部分", "The clue is rain, a part of the dream word rainbow"),
    ("sun", "son", "en", "「son」与梦境词「sun」发音相近", "The clue son sounds like the dream word sun"),
    ("sun", "太阳", "en", "「太阳」是梦境词的直接翻译", "The clue 太阳 is the dream word in another language"),
    ("sun", "光明！", "zh", "线索里不能有标点或符号「!」", "A clue may not contain punctuation or symbols (!)"),
    ("sun", "光明1", "zh", "中文局的线索只用汉字，「1」不是汉字", "A clue in a Chinese game is hanzi only, and 1 is not one"),
]


@pytest.mark.parametrize("wid,clue,lang,zh,en", SHOWN, ids=[f"{w}-{c}" for w, c, *_ in SHOWN])
def test_a_refusal_names_what_broke_the_rule_in_both_languages(lex, wid, clue, lang, zh, en):
    assert lex.rules.reasons[check_clue(lex, wid, clue, lang)] == {"zh": zh, "en": en}


def test_every_refusal_text_names_its_offender(lex):
    """Each text names it, but the empty clue's and the dream word's own (that text says the clue is the word)."""
    for lang, cases in (("zh", CHINESE), ("en", ENGLISH)):
        for wid, clue, reason, offender in cases:
            if reason in (None, "empty", "same_word"):
                continue
            texts = lex.rules.reasons[check_clue(lex, wid, clue, lang)]
            assert offender in texts["zh"] and offender in texts["en"], (wid, clue, texts)


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


def longest_refusals(lex):
    """Per reason, the longest text the shipped lexicon can make (typed offenders at a usual length)."""
    words = lex.words.values()
    parts = [(part, w.name["en"]) for w in words for part in name_parts(w.name["en"], w.roots, lex.rules.en_stop_words)]
    sounds = [(h, w.name[lang]) for w in words for lang in LANGS for h in w.homophones[lang]]
    names = [w.name[lang] for w in words for lang in LANGS]
    longest = lambda pairs: max(pairs, key=lambda p: len(p[0]) + len(p[1]))  # noqa: E731
    return [Refusal("empty"), Refusal("multi_word", "very bright"), Refusal("too_long", "一二三四五六七"),
            Refusal("punctuation", "!"), Refusal("not_hanzi", "a"), Refusal("not_letters", "光"),
            Refusal("same_word", "x", "x"), Refusal("shares_char", "山", "山"),
            Refusal("part_of_word", *longest(parts)), Refusal("derived", max(names, key=len)),
            Refusal("derived_part", *longest(parts)), Refusal("translation", max(names, key=len)),
            Refusal("sounds_alike", *longest(sounds))]


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("language", LANGS)
def test_every_refusal_fits_whole_on_the_spirit_s_status_line(size, language):
    app = make_app(size, language=language)
    lex = load_lexicon()
    seats = [Seat("P")] + [Seat(f"B{i}", BOT, "normal") for i in range(3)]
    scene = DreamScene(app, Session("dream", seats, 3, {"mode": "bots", "lang": language}, autosave=False))
    app.push(scene)
    step(app, 2)
    view = scene.view
    for refusal in longest_refusals(lex):
        why = app.i18n.pick(lex.rules.reasons[refusal])
        line = app.t("dream.bots.refused", reason=why) + app.t("dream.bots.seconds_left", n=20)
        _, shown = tx.fit_line(app.fonts, line, view.message_rect.width, view.message_rect.height, px(18, view.s))
        assert shown == line, (size, line)
