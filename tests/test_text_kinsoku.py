"""Chinese line breaking (ui/text.py): closing punctuation never starts a line, opening
punctuation never ends one, and a paragraph never ends on one lone character."""

import pytest

from wonderland_games.ui import text as tx
from wonderland_games.ui.testing import make_app


@pytest.fixture
def font():
    app = make_app((1280, 800), "zh")
    yield app.font(24)
    app.stack.clear()


def test_a_lone_last_character_takes_the_one_before_it_along(font):
    """The resume dialog at 1920×1080 ended on a line of just "局。）"."""
    head = "一二三四五六七八九十"
    lines = tx.wrap(font, head + "局。）", font.size(head)[0] + 2)
    assert lines == ["一二三四五六七八九", "十局。）"]


def test_an_opening_bracket_goes_to_the_next_line_with_what_it_opens(font):
    head = "一二三四五六七八九"
    lines = tx.wrap(font, head + "（十一）", font.size(head + "（")[0] + 2)
    assert lines == [head, "（十一）"]


@pytest.mark.parametrize("width", range(100, 420, 7))  # from four characters (the longest run here)
def test_no_line_starts_with_closing_or_ends_with_opening_punctuation(font, width):
    text = "仙境迷踪还有一局没玩完（第 4 回合；爱丽丝（人类）、柴郡猫（电脑 · 普通）和帽匠（人类））。要继续吗？「好」、『不』！"
    lines = tx.wrap(font, text, width)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    assert all(font.size(line)[0] <= width for line in lines)
    for line in lines[1:]:
        assert line[0] not in "，。、；：！？）」』》·"
    for line in lines[:-1]:
        assert line[-1] not in "（「『《"
    assert len(lines) == 1 or len(lines[-1].rstrip("，。、；：！？）」』》")) > 1


def test_english_is_unchanged_by_the_chinese_rules(font):
    text = "Alice (Human), Cheshire Cat (Bot – Normal) and Bob (Human)"
    lines = tx.wrap(font, text, 200)
    assert " ".join(lines) == text


def test_a_word_too_long_for_the_line_is_cut_where_its_punctuation_stays_on(font):
    word = "Supercalifragilisticexpialidocious"
    lines = tx.wrap(font, word + "!", font.size(word)[0] + 1)
    assert "".join(lines) == word + "!" and len(lines) == 2 and lines[1][0] != "!"


@pytest.mark.parametrize("width", range(100, 400, 9))  # from the widest "count word" here
def test_a_count_stays_on_the_line_of_what_it_counts(font, width):
    """The ten-player resume box at 1024 px put "4" at a line's end and "humans" on the next."""
    text = "Dream Teller is not finished: round 2, with 4 humans and 6 bots. 第 2 轮，10 位玩家"
    lines = tx.wrap(font, text, width)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    for line in lines[:-1]:
        assert not line.split()[-1].isdigit()


@pytest.mark.parametrize("extra", range(0, 340, 9))  # from the widest card with its comma
def test_a_card_colour_stays_on_the_line_of_its_number(font, extra):
    """The Parade log at 1280×800 broke "…绿" / "2" across two lines."""
    text = "爱丽丝打出蓝10，收走蓝2、绿2"
    width = font.size("蓝10，")[0] + extra
    lines = tx.wrap(font, text, width)
    assert "".join(lines) == text
    for line in lines[1:]:
        assert not line[0].isdigit(), lines


@pytest.mark.parametrize("lang_text", ["点数 ±1，最多到 6", "your points ±1, never above 6"])
def test_plus_or_minus_stays_with_its_number(font, lang_text):
    """The Wizard card in a narrow box broke "±" / "1" (QA, 1920×1080)."""
    for width in range(font.size("±1，")[0], font.size(lang_text)[0], 5):
        lines = tx.wrap(font, lang_text, width)
        assert not any(line.endswith("±") for line in lines), (width, lines)
