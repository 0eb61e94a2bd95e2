"""The Dream Teller rules pages: every number on them is the code's or the data's (the role
table, the bonuses, the clock, the clue rules, the bots' levels, the lexicon's size), and each
page names every role and theme in its own language."""

import pytest

from wonderland_games.core.paths import data_dir
from wonderland_games.games.dream import bot_view, bots, rules, state
from wonderland_games.games.dream.lexicon import MIN_DECOYS, load_lexicon
from wonderland_games.ui.i18n import I18n
from wonderland_games.ui.widgets import parse_markdown

LANGS = ("zh", "en")
LEXICON = load_lexicon()
# What the page says for a role table row and the other numbers, per language.
ROW = {"en": "- {n} players: {f} {fw}, {b} {bw}, {s} {sw}", "zh": "- {n} 人：好精灵 {f}、坏精灵 {b}、捣蛋精灵 {s}"}
PLURALS = {"fairy": ("fairy", "fairies"), "boogeyman": ("boogeyman", "boogeymen"), "sandman": ("sandman", "sandmen")}
FRAGMENTS = {
    "en": ["{low} to {high} players", "a dream lasts {minutes} minutes", "and {story} more when the story",
           "the number of correct cards plus {balance}", "Piles 1 apart: the size of the larger pile",
           "Piles 2 or more apart: the size of the smaller pile", "at most {zh_chars} hanzi",
           "another word of {part} or more letters", "One person plays with {bots_low} to {bots_high} bots",
           "leave out the {easy_skip} strongest clues", "holds {easy}% of the evidence", "Normal waits for {normal}%",
           "a Hard dreamer waits for {hard}%", "{words} words in {themes} themes",
           "at least {associations} associations per language", "at least {decoys} decoys",
           "worth 1 point off", "fewer penalties wins", "a new one every {gap_low} to {gap_high} seconds",
           "type one word within {clue_seconds} seconds", "or after {clue_limit} clue turns"],
    "zh": ["{low} 到 {high} 人", "一场梦 {minutes} 分钟", "再加 {story} 分", "正确张数再加 {balance} 分",
           "相差 1 张：按较多一侧", "相差 2 张及以上：按较少一侧", "最多 {zh_chars} 个字", "{part} 个及以上字母",
           "一个人和 {bots_low} 到 {bots_high} 个电脑", "略过最强的 {easy_skip} 条线索", "占到 {easy}% 的把握",
           "普通要等到 {normal}%", "困难的做梦者要 {hard}%", "{themes} 个主题", "共 {words} 个词",
           "至少 {associations} 个按强弱排好的联想", "至少 {decoys} 个", "扣 1 分", "同分时罚分少的获胜",
           "每 {gap_low} 到 {gap_high} 秒一条", "在 {clue_seconds} 秒内打出一个词", "已经给过 {clue_limit} 轮线索"],
}


def page(lang: str) -> str:
    return (data_dir() / "dream" / f"rules.{lang}.md").read_text(encoding="utf-8")


def fields() -> dict:
    words = LEXICON.words.values()
    return {"low": rules.MIN_PLAYERS, "high": rules.MAX_PLAYERS, "minutes": state.ROUND_SECONDS // 60,
            "story": rules.STORY_BONUS, "balance": rules.BALANCE_BONUS, "zh_chars": LEXICON.rules.zh_max_chars,
            "part": LEXICON.rules.morphology.min_part, "bots_low": rules.MIN_PLAYERS - 1, "bots_high": rules.MAX_PLAYERS - 1,
            "easy_skip": bots.EASY_SKIP, **{level: round(100 * share) for level, share in bots.GUESS_AT.items()},
            "words": len(LEXICON.words), "themes": len(LEXICON.themes),
            "associations": min(len(w.associations[lang]) for w in words for lang in LANGS),
            "decoys": min(len(w.decoys) for w in words), "gap_low": bot_view.CLUE_GAP[0],
            "gap_high": bot_view.CLUE_GAP[1], "clue_seconds": bot_view.CLUE_SECONDS, "clue_limit": state.CLUE_LIMIT}


def test_the_bots_pace_is_the_one_the_page_states():
    """A bot spirit's next clue: its pause plus the dreaming person's time (or the bot dreamer's)."""
    low, high = bot_view.CLUE_GAP
    person = [bot_view.SPIRIT_PAUSE["person"] + t for t in bot_view.LISTEN_AFTER]
    bot = [t + bot_view.DREAMER_PAUSE for t in bot_view.SPIRIT_PAUSE["bot"]]
    assert all(low <= t <= high for t in person + bot), (person, bot)


@pytest.mark.parametrize("lang", LANGS)
def test_the_page_reads_as_headings_paragraphs_and_bullets(lang):
    blocks = parse_markdown(page(lang))
    assert blocks[0][0] == "h1"
    assert {kind for kind, _ in blocks} == {"h1", "h2", "p", "li"}
    assert not any("|" in text or "#" in text for _, text in blocks), "the viewer shows no tables or deeper headings"


@pytest.mark.parametrize("lang", LANGS)
def test_the_role_table_is_the_rules_for_every_table_size(lang):
    text = page(lang)
    assert sorted(rules.ROLE_TABLE) == list(range(rules.MIN_PLAYERS, rules.MAX_PLAYERS + 1))
    for n, (f, b, s) in rules.ROLE_TABLE.items():
        assert f + b + s == n, "one spirit card more than the spirits"
        words = {f"{k[0]}w": PLURALS[role][count != 1] for k, role, count in
                 (("f", "fairy", f), ("b", "boogeyman", b), ("s", "sandman", s))}
        row = ROW[lang].format(n=n, f=f, b=b, s=s, **words)
        assert row in text.splitlines(), f"rules.{lang}.md lacks {row!r}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_numbers_on_the_page_are_the_code_s_and_the_data_s(lang):
    text = page(lang)
    values = fields()
    assert state.ROUND_SECONDS % 60 == 0 and MIN_DECOYS <= values["decoys"]
    assert {"s", "y"} <= set(LEXICON.rules.morphology.suffixes), "the endings the page names"
    missing = [f.format(**values) for f in FRAGMENTS[lang] if f.format(**values) not in text]
    assert not missing, f"rules.{lang}.md does not say {missing}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_role_and_theme_is_named(lang):
    text, i18n = page(lang), I18n(lang)
    for role in rules.ROLES:
        name = i18n.t(f"dream.role.{role}")
        assert (name if lang == "zh" else name.lower()) in (text if lang == "zh" else text.lower()), name
    lexicon_part = text[text.index("\n## " + ("词库" if lang == "zh" else "The lexicon")):]
    for theme in LEXICON.themes.values():
        name = theme[lang] if lang == "zh" else theme[lang].lower()
        assert name in lexicon_part, name
