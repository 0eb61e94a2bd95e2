"""Dream Teller in words: every event and every kind of action has a clean sentence in both
languages, and the log keeps the word in play, the wrong pile and the roles hidden."""

import random
import re
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

import pytest

from wonderland_games.core.game import Seat
from wonderland_games.games.dream import new_state as lexicon_state
from wonderland_games.games.dream import rules
from wonderland_games.games.dream import state as state_module
from wonderland_games.games.dream.lexicon import load_lexicon
from wonderland_games.games.dream.narrate import Narrator, describe_action, reason_text
from wonderland_games.games.dream.state import BOTS, CORRECT, TABLE, DreamState
from wonderland_games.ui.i18n import I18n

LANGS = ("zh", "en")
NAMES = ("Ann", "Bob", "Cy", "Di", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")


@pytest.fixture(scope="module")
def words():
    """Per language, the part of the app a narrator uses: t() and i18n."""
    tables = {lang: I18n(lang) for lang in LANGS}
    return {lang: SimpleNamespace(i18n=i18n, t=i18n.t, lang=lang) for lang, i18n in tables.items()}


def seats(n: int) -> list:
    return [Seat(name) for name in NAMES[:n]]


def clean(text: str) -> bool:
    return bool(text) and "{" not in text and "}" not in text and "dream." not in text


def emitted_types() -> set:
    source = Path(state_module.__file__).read_text(encoding="utf-8")
    return set(re.findall(r'"type": "(\w+)"', source))


def pick(rng, legal: list):
    """A random action, its kind first: the clock and the clue menu would crowd out the rest."""
    kinds = sorted({a[0] for a in legal})
    kind = rng.choice(kinds)
    return rng.choice([a for a in legal if a[0] == kind])


def random_games(count: int = 24, words=None):
    """(state before, action, state after, events) over seeded random games of both modes;
    a small deck now and then, so it reshuffles (used cards and the table's)."""
    for game in range(count):
        rng = random.Random(game)
        n = 4 + game % 7
        deck = [f"dream{i:02d}" for i in range(1, 4 + game % 3 * 20)]
        options = {"mode": (TABLE, BOTS)[game % 2], "words": words or deck, "clue_limit": 12}
        state = DreamState.new(seats(n), game, options)
        while not state.is_over():
            before = state.clone()
            action = pick(rng, state.legal_actions())
            yield before, action, state, state.apply(action)


def test_every_event_and_action_kind_has_a_clean_line_in_both_languages(words):
    told, kinds = Counter(), set()
    narrators = {}
    for before, action, after, events in random_games():
        for lang, app in words.items():
            narrator, _ = narrators.get((id(after), lang), (None, None))
            if narrator is None:  # one per game (the dict keeps the game alive, so its id stays its own)
                narrator = Narrator(app, after.seats, None)
                narrators[(id(after), lang)] = narrator, after
                assert all(clean(text) for text, _ in narrator.setup(before))
            said = describe_action(app, before, action)
            assert clean(said), (action, said)
            for e in events:
                lines = narrator.event(after, e)
                for text, kind in lines:
                    assert clean(text), (e, text)
                    assert kind in ("event", "quiet", "play", "take")
                told[e["type"]] += bool(lines)
        kinds.add(action[0])
    assert set(told) == emitted_types()
    assert {k for k, n in told.items() if not n} == {"clock", "listen"}  # said by nothing: they change nothing seen
    assert kinds == {"correct", "wrong", "skip", "time_up", "story", "penalty", "clue", "pass", "guess", "listen",
                     "clock"}


def hidden_words(state) -> set:
    """The words the dreamer must not read: the word in play and the wrong or let-go cards."""
    hidden = {w for w, outcome, _ in state.cards if outcome != CORRECT}
    hidden |= {state.current} if state.current else set()
    return hidden - set(state.correct_words())  # after a reshuffle of the table a word may come back


def test_the_dreamers_log_names_no_hidden_word_and_nobody_s_role_before_the_reveal(words):
    role_names = {app.t(f"dream.role.{r}") for app in words.values() for r in rules.SPIRITS}
    checked = 0
    for before, action, after, events in random_games(40):
        for app in words.values():
            narrator = Narrator(app, before.seats, None, viewer=before.dreamer())
            told = narrator.setup(before)
            for e in events:
                if e["type"] == "round_end":
                    break  # the reveal
                told += narrator.event(after, e)
            forbidden = hidden_words(before) | (hidden_words(after) if after.round == before.round else set())
            forbidden -= {e["word"] for e in events if e.get("outcome") == CORRECT}
            for text, _ in told:
                typed = [e.get("guess") or e.get("text") for e in events if e.get("guess") or e.get("text")]
                for said in typed:  # the dreamer's own guess, a spirit's clue: words anyone may say
                    text = text.replace(f"「{said}」", "").replace(f"“{said}”", "").replace(f"\"{said}\"", "")
                named = set(re.findall(r"dream\d\d", text))
                assert not named & forbidden, text
                assert not any(r in text for r in role_names), text
                checked += 1
    assert checked > 2000


def test_a_spirit_or_a_shared_screen_reads_every_word(words):
    en = words["en"]
    state = lexicon_state(seats(5), 3, {"mode": TABLE})
    word = state.current
    narrator = Narrator(en, state.seats, load_lexicon())
    name = load_lexicon().words[word].name["en"]
    assert (f"New dream word: {name}.", "quiet") in narrator.setup(state)
    events = state.apply(("wrong",))
    said = [text for text, _ in narrator.lines(events, state)]
    assert said[0] == f"Ann guessed wrong: {name}. (0 correct, 1 wrong)".replace("Ann", state.seats[state.dreamer()].name)
    dreamer_eyes = Narrator(en, state.seats, load_lexicon(), viewer=state.dreamer())
    dreamer_eyes.setup(lexicon_state(seats(5), 3, {"mode": TABLE}))
    assert [text for text, _ in dreamer_eyes.lines(events, state)][0].endswith("guessed wrong. (0 correct, 1 wrong)")


def test_a_whole_round_reads_as_written(words):
    zh = words["zh"]
    state = DreamState.new(seats(4), 1, {"mode": BOTS, "clue_limit": 3})
    narrator = Narrator(zh, state.seats, None, viewer=state.dreamer())
    opening = [text for text, _ in narrator.setup(state)]
    dreamer = state.seats[state.dreamer()].name
    assert opening[:3] == ["4 位玩家，共 4 轮，每人做一次梦。", "对战电脑：线索用中文打字给出。",
                           f"第 1 轮：{dreamer} 做梦，精灵们暗中领取身份。"]
    assert opening[3] == "第 1 个梦境词翻开了。"
    speaker = state.seats[state.speaker].name
    log = narrator.lines(state.apply(("clue", state.speaker, "月光")), state)
    assert log == [(f"{speaker}：「月光」", "play")]
    first = state.current
    log = narrator.lines(state.apply(("guess", first)), state)
    # the test lexicon's words are Latin ("dream3"): a space parts them from the Chinese text
    assert log[0] == (f"{dreamer} 猜「{first}」：对了！是 {first}。（正确 1 · 错误 0）", "take")
    assert log[1] == ("第 2 个梦境词翻开了。", "quiet")
    state.apply(("clue", state.speaker, "太阳"))
    log = narrator.lines(state.apply(("guess", "nothing")), state)
    assert log[0] == (f"{dreamer} 猜「nothing」：不对。（正确 1 · 错误 1）", "play")
    log = [text for text, _ in narrator.lines(state.apply(("clue", state.speaker, "星")), state)]
    assert log[-1] == f"沙漏漏完了：{dreamer} 对当前的词还有最后一次猜测。"  # the clue limit stands in for the sand
    log = [text for text, _ in narrator.lines(state.apply(("skip",)), state)]
    assert log == [f"{dreamer} 放弃最后一猜：这个词不计入任何一侧。", f"{dreamer} 讲梦的故事，要提到：{first}。"]
    record_roles = list(state.roles)
    log = [text for text, _ in narrator.lines(state.apply(("story", 1)), state)]
    assert log[:2] == ["第 1 轮结束：正确 1 张，错误 1 张。", "故事提到了全部猜对的词：做梦者加 2 分。"]
    assert log[2].startswith(f"正确：{first}；错误：dream")  # revealed at the end, to the dreamer too
    names = [s.name for s in state.seats]
    assert log[3] == "身份揭晓：" + zh.i18n.join(
        [f"{n} {zh.t('dream.role.' + r)}" for n, r in zip(names, record_roles)]) + "。"
    assert log[4].startswith("本轮得分：") and log[5].startswith("总分：")
    assert log[6].startswith("第 2 轮：")


@pytest.mark.parametrize("role, correct, wrong, story, text", [
    (rules.DREAMER, 3, 1, True, "3 correct, 1 point each; the story mentioned them all, +2"),
    (rules.DREAMER, 3, 1, False, "3 correct, 1 point each; the story missed a correct word, no bonus"),
    (rules.DREAMER, 0, 4, False, "0 correct, 1 point each"),
    (rules.FAIRY, 3, 1, True, "3 on the correct pile"),
    (rules.BOOGEYMAN, 3, 1, True, "1 on the wrong pile"),
    (rules.SANDMAN, 2, 2, True, "equal piles (2 to 2): the correct count +2"),
    (rules.SANDMAN, 2, 3, True, "piles 1 apart (2 to 3): the larger pile"),
    (rules.SANDMAN, 5, 1, True, "piles 2 or more apart (5 to 1): the smaller pile"),
])
def test_each_scoring_case_has_its_reason_in_words(words, role, correct, wrong, story, text):
    _, reason = rules.round_points(role, correct, wrong, story)
    assert reason_text(words["en"], reason, correct, wrong, story) == text
    assert clean(reason_text(words["zh"], reason, correct, wrong, story))


def test_actions_read_as_written(words):
    en, zh = words["en"], words["zh"]
    state = DreamState.new(seats(4), 2, {"mode": BOTS})
    assert describe_action(en, state, ("clue", state.speaker, "night")) == "Give the clue \"night\""
    assert describe_action(zh, state, ("pass",)) == "不给线索"
    assert describe_action(en, state, ("penalty", 1)) == "Give Bob a penalty"
    state.apply(("time_up",))
    assert describe_action(en, state, ("skip",)) == "Let the last guess go"
    assert describe_action(zh, state, ("guess", "月亮")) == "猜「月亮」"
