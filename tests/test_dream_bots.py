"""Dream Teller bots: legal play, clues by role, the dreamer's reading, and views only."""

import random

import pytest

from wonderland_games.core import registry
from wonderland_games.core.bots import RandomBot
from wonderland_games.core.game import BOT, Seat
from wonderland_games.games.dream import bots, patience
from wonderland_games.games.dream.bots import DreamBot, card_clues
from wonderland_games.games.dream.clues import check_clue
from wonderland_games.games.dream.lexicon import load_lexicon
from wonderland_games.games.dream.rules import BOOGEYMAN, DREAMER, FAIRY, SANDMAN
from wonderland_games.games.dream.state import CORRECT, DROPPED, HIDDEN, LISTEN, PASS, WRONG

INFO = registry.get("dream")
LEX = load_lexicon()


def table(n=6, seed=1, level="normal", **options):
    return INFO.new_state([Seat(f"B{i}", BOT, level) for i in range(n)], seed, options)


def on_word(word, roles, seed=1, lang="zh"):
    """A fresh bot-mode round with `word` in play and the spirits, from the dreamer's left, in `roles`."""
    s = table(len(roles) + 1, seed, lang=lang)
    s.fresh = sorted(set(s.fresh + [s.current]) - {word})
    s.current = word
    seat = s.next_spirit(s.dreamer())
    for role in roles:
        s.roles[seat], seat = role, s.next_spirit(seat)
    return s


def act(s, bot, rng=None):
    seat = s.current_player()
    action = bot.choose(s.view(seat), s.legal_actions(), rng or random.Random(0))
    s.apply(action)
    return action


def test_make_bot_gives_each_level():
    assert isinstance(INFO.make_bot("random"), RandomBot)
    assert [INFO.make_bot(level).level for level in ("easy", "normal", "hard")] == ["easy", "normal", "hard"]


@pytest.mark.parametrize("lang, levels", [("zh", ("easy", "normal", "hard")), ("en", ("hard", "normal", "easy"))])
def test_bots_play_whole_games_legally_and_never_say_an_illegal_clue(lang, levels):
    s = INFO.new_state([Seat(f"B{i}", BOT, levels[i % 3]) for i in range(5)], 3, {"lang": lang, "clue_limit": 12})
    players = [INFO.make_bot(seat.level) for seat in s.seats]
    rng, clues = random.Random(3), 0
    while not s.is_over():
        seat = s.current_player()
        action = players[seat].choose(s.view(seat), s.legal_actions(), rng)
        assert action[0] in ("clue", "pass", "guess", "skip", "listen", "story"), action
        if action[0] == "clue":
            assert action[1] == seat and check_clue(LEX, s.current, action[2], lang) is None, action
            clues += 1
        s.apply(action)  # raises if illegal
    assert clues > 40 and sum(r["points"][r["roles"].index(DREAMER)] for r in s.history) > 0


def test_a_fairy_gives_one_of_the_strongest_clues_left_never_repeating_and_not_always_the_same_first():
    """Issue 29: fairies' clues lead to the word and are varied, most often the strongest."""
    normal, firsts = DreamBot("normal"), []
    for seed in range(40):
        s, said = on_word("sun", [FAIRY, FAIRY, FAIRY]), []
        for _ in range(4):
            echo = bots.Said(LEX, "zh", said)
            left = [c for c in LEX.words["sun"].associations["zh"] if c not in echo]
            said.append(act(s, normal, random.Random(seed))[2])
            assert said[-1] in left[:len(bots.VARY)], (said, left[:3])
            s.apply(LISTEN)
        assert len(set(said)) == len(said)
        firsts.append(said[0])
    strongest = LEX.words["sun"].associations["zh"][0]
    assert len(set(firsts)) >= 2 and max(set(firsts), key=firsts.count) == strongest, firsts


def test_an_easy_fairy_gives_weaker_clues_and_a_hard_fairy_the_telling_ones():
    word = LEX.words["moon"]
    for seed in range(5):
        s = on_word("moon", [FAIRY, FAIRY, FAIRY])
        clue = act(s, DreamBot("easy"), random.Random(seed))[2]
        assert word.associations["zh"].index(clue) >= bots.EASY_SKIP
    read, telling = bots.reader(LEX, "zh"), set()
    for seed in range(8):
        s = on_word("moon", [FAIRY, FAIRY, FAIRY])
        clue = act(s, DreamBot("hard"), random.Random(seed))[2]
        seat = card_clues(s)[0][0]
        shares = sorted((read.share("moon", [(seat, c)], set()) for c in word.associations["zh"]), reverse=True)
        assert read.share("moon", [(seat, clue)], set()) >= shares[len(bots.VARY) - 1], clue
        telling.add(clue)
    strongest = read.share("moon", [(1, word.associations["zh"][0])], set())
    assert max(read.share("moon", [(1, c)], set()) for c in telling) > strongest


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_boogeyman_leads_toward_a_decoy_with_legal_clues(level):
    for word in ("sun", "dog", "owl", "flying"):
        s = on_word(word, [BOOGEYMAN, FAIRY, FAIRY], lang="en")
        clue = act(s, DreamBot(level))[2]
        decoys = [d for d in LEX.words[word].decoys if clue in LEX.words[d].associations["en"]]
        assert decoys and check_clue(LEX, word, clue, "en") is None, (word, clue)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_boogeyman_takes_the_decoy_the_clues_so_far_make_believable(level):
    """Normal too (issue 29): with a dreamer that reads a lure as one, a boogeyman that changed decoy
    from the card's clues would only lose it; so it follows the decoy they lean to (star, not moon)."""
    assert LEX.words["sun"].decoys[0] != "star"
    s = on_word("sun", [FAIRY, BOOGEYMAN, FAIRY], lang="en")
    s.apply(("clue", s.speaker, "twinkle"))  # a star clue, said by the first spirit
    s.apply(LISTEN)
    view = s.view(s.current_player())
    options = DreamBot(level).boogeyman_clues(view, LEX.words["sun"], bots.Said(LEX, "en", ["twinkle"]), LEX)
    assert set(options) <= set(LEX.words["star"].associations["en"]), options
    clue = act(s, DreamBot(level))[2]
    assert clue in LEX.words["star"].associations["en"], clue


def test_a_sandman_helps_while_the_correct_pile_is_behind_and_misleads_when_it_is_ahead():
    word = LEX.words["sun"]
    for outcome, helps in ((WRONG, True), (CORRECT, False)):
        s = on_word("sun", [SANDMAN, FAIRY, FAIRY])
        s.cards = [["moon", outcome, ""]]
        clue = act(s, DreamBot("normal"))[2]
        assert (clue in word.associations["zh"]) == helps, clue


@pytest.mark.parametrize("lang, said, echoes, new", [
    ("en", ["shaking"], ["shake", "shakes", "Shaking"], ["quake", "shock"]),
    ("en", ["hoot"], ["hooting", "hooted"], ["owl", "shoot"]),
    ("zh", ["朦朦胧胧"], ["朦胧", "朦朦胧胧"], ["模糊"]),
    ("zh", ["水"], ["水面", "喝水"], ["河流"]),
])
def test_a_spirit_never_echoes_a_clue_said_on_the_card_in_another_form(lang, said, echoes, new):
    """QA (issue 29): a bot said "shake" right after "shaking", 朦胧 after 朦朦胧胧."""
    heard = bots.Said(LEX, lang, said)
    assert all(e in heard for e in echoes) and not any(n in heard for n in new)


def test_a_fairy_says_no_form_of_a_clue_already_said():
    word = LEX.words["skeleton"]
    first = word.associations["en"][0]
    forms = [c for c in word.associations["en"][1:] if c in bots.Said(LEX, "en", [first])]
    assert forms, "skeleton lists forms of its first clue, bones (bone, bony): the case this guards"
    s = on_word("skeleton", [FAIRY, FAIRY, FAIRY], lang="en")
    s.apply(("clue", s.speaker, first))
    s.apply(LISTEN)
    options = DreamBot("normal").fairy_clues(s.view(s.speaker), word, bots.Said(LEX, "en", [first]), LEX)
    assert options and not set(options) & set(forms)
    assert act(s, DreamBot("normal"))[2] not in forms


def test_a_spirit_with_nothing_left_to_say_passes():
    s = on_word("sun", [FAIRY, FAIRY, FAIRY])
    s.clues = [[0, 1, c] for c in LEX.words["sun"].associations["zh"]]
    assert act(s, DreamBot("normal")) == PASS


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_dreamer_guesses_the_word_after_strong_fairy_clues(level):
    s = on_word("elephant", [FAIRY, FAIRY, FAIRY])
    for clue in LEX.words["elephant"].associations["zh"][:3]:
        s.apply(("clue", s.speaker, clue))
        action = act(s, DreamBot(level))
        if action != LISTEN:
            break
    assert s.cards[0][:2] == ["elephant", CORRECT], (action, s.cards)


def test_the_dreamer_listens_while_unsure_and_skips_clues_that_contradict_each_other():
    s = on_word("sun", [FAIRY, FAIRY, FAIRY])
    dreamer = DreamBot("normal")
    unrelated, seen, links = [], {"sun"}, bots.reader(LEX, "zh").links
    for clue, hits in sorted(LEX.index["zh"].items()):  # vague clues of several words, no word reached twice
        words = set(links.links(clue))
        if len(words) >= 3 and min(r for _, r in hits) >= 3 and not words & seen and (
                len(unrelated) < bots.CONFUSED_AFTER):
            unrelated.append(clue)
            seen |= words
    actions = []
    for clue in unrelated:
        s.apply(("clue", s.speaker, clue))
        actions.append(act(s, dreamer))
        if actions[-1] != LISTEN:
            break
    assert actions[-1] == ("skip",) and LISTEN in actions


def test_a_hard_dreamer_trusts_less_who_backed_a_wrong_guess():
    s = on_word("sun", [FAIRY, BOOGEYMAN, FAIRY], lang="en")
    s.clues = [[0, 2, "night"], [0, 1, "summer"], [1, 1, "hot"], [1, 3, "shine"]]
    s.cards = [["sun", WRONG, "moon"], ["fire", CORRECT, "fire"]]
    trust = DreamBot.trust(s.view(s.dreamer()), bots.reader(LEX, "en"))
    assert trust[2] < bots.TRUST < trust[1], trust


def test_bots_read_only_their_view():
    """The dreamer's choice is the same whatever the word; a spirit's whatever the others' roles."""
    dreamer = DreamBot("hard")
    choices = set()
    for word in ("sun", "moon", "dog"):
        s = on_word(word, [FAIRY, FAIRY, FAIRY])
        s.apply(("clue", s.speaker, "夜晚"))
        view = s.view(s.dreamer())
        assert view.current == HIDDEN and view.rng is None
        choices.add(dreamer.choose(view, s.legal_actions(), random.Random(0)))
    assert len(choices) == 1
    said = set()
    for others in ([FAIRY, FAIRY], [BOOGEYMAN, SANDMAN], [SANDMAN, BOOGEYMAN]):
        s = on_word("sun", [BOOGEYMAN] + others)
        view = s.view(s.current_player())
        assert view.roles.count(HIDDEN) == 2
        said.add(DreamBot("hard").choose(view, s.legal_actions(), random.Random(0)))
    assert len(said) == 1


def test_the_lang_option_is_checked_and_kept():
    with pytest.raises(ValueError, match="lang must be"):
        table(lang="fr")
    s = table(lang="en")
    assert INFO.from_dict(s.to_dict()).lang == "en"


def share_correct(roles, games=3):
    """The correct share of decided cards over `games` normal-bot games with every round's
    spirits forced to `roles` (the benchmark's forced table)."""
    from benchmarks.dream_bots import play

    cards = [o for i in range(games) for r in play(len(roles) + 1, "normal", 5, i, roles).history
             for _, o, _ in r["cards"] if o != DROPPED]
    return cards.count(CORRECT) / len(cards)


def test_fairy_clues_alone_get_most_words_right_and_each_boogeyman_lowers_the_share():
    shares = [share_correct([FAIRY] * (5 - b) + [BOOGEYMAN] * b, games=2) for b in range(3)]
    assert shares[0] >= 0.75 and shares[0] > shares[1] + 0.05 > shares[2] + 0.1, shares


def test_an_easy_dreamer_guesses_where_a_normal_one_listens():
    read, trust = bots.reader(LEX, "zh"), {3: patience.prior_trust(4, bots.TRUST)}  # a four-player table's trust
    clue, word = next((c, r[0][1]) for c in sorted(LEX.index["zh"]) for r in [read.ranked([(3, c)], trust, set())]
                      if r and bots.GUESS_AT["easy"] < r[0][0] < bots.GUESS_AT["normal"] and not DreamBot.rival(LEX, r))
    actions = []
    for level in ("easy", "normal"):
        s = on_word(word, [FAIRY, FAIRY, FAIRY])
        assert s.speaker == 3
        s.apply(("clue", s.speaker, clue))
        actions.append(act(s, DreamBot(level))[0])
    assert actions == ["guess", "listen"]


def test_a_legal_synonym_clue_leaves_its_word_in_the_running_and_a_name_rules_its_word_out():
    """graveyard is a legal clue for cemetery (synonyms are no part of the clue rule), so a dreamer who
    hears it must not strike cemetery off; 墓地 or cemetery itself would be refused for it."""
    read = bots.reader(LEX, "en")
    assert check_clue(LEX, "cemetery", "graveyard", "en") is None
    clues = [(1, "graveyard"), (2, "tombstone"), (3, "ghost")]
    assert "cemetery" in [w for _, w, _ in read.ranked(clues, {}, set())]
    for name in ("cemetery", "墓地"):
        assert "cemetery" not in [w for _, w, _ in read.ranked([(1, name), (2, "tombstone")], {}, set())]


def test_the_dreamer_waits_for_a_third_clue_while_a_word_and_its_decoy_both_fit():
    """A boogeyman leads toward a decoy with clues that fit both words, so with a word's decoy still
    in the running a share that would do for a guess does not do on one or two clues."""
    read = bots.reader(LEX, "zh")
    clue, word = next((c, r[0][1]) for c in sorted(LEX.index["zh"])
                      for r in [read.ranked([(1, c)], {}, set())]
                      if r and r[0][0] >= bots.GUESS_AT["normal"] and DreamBot.rival(LEX, r))
    s = on_word(word, [FAIRY, FAIRY, FAIRY])
    s.apply(("clue", s.speaker, clue))
    assert act(s, DreamBot("normal")) == LISTEN
    for more in [c for c in LEX.words[word].associations["zh"] if c != clue][:2]:
        s.apply(("clue", s.speaker, more))
        if act(s, DreamBot("normal")) != LISTEN:
            break
    assert s.cards[0][:2] == [word, CORRECT], s.cards


def test_a_clue_the_checker_refuses_for_a_word_rules_that_word_out():
    """鱼鳞 links to 鱼 through 鳞片 but shares 鱼's character, so no spirit could say it for 鱼."""
    read = bots.reader(LEX, "zh")
    assert "fish" in read.links.links("鱼鳞") and check_clue(LEX, "fish", "鱼鳞", "zh")
    assert "fish" not in [w for _, w, _ in read.ranked([(1, "鱼鳞"), (2, "鳃")], {}, set())]
    assert "fish" in [w for _, w, _ in read.ranked([(1, "鳞"), (2, "鳃")], {}, set())]


def test_a_decoys_clues_keep_the_words_it_is_the_decoy_of_in_the_running():
    """Issue 29: a misleading clue is not any word at all but, as often as `LURE` says, one of a
    decoy's associations; so two of the moon's clues also speak, less, for the sun (moon is its
    decoy), which a dreamer then does not rule out as it rules out an unrelated word."""
    read = bots.Reader(LEX, "en")
    clues = [(1, "crescent"), (2, "tide")]
    assert "moon" in LEX.words["sun"].decoys
    assert not any("sun" in read.links.links(text) for _, text in clues)  # neither clue is the sun's
    ranked = {w: share for share, w, _ in read.ranked(clues, {}, set())}
    lured = [w for w in LEX.words if "moon" in LEX.words[w].decoys]
    assert "sun" in ranked and all(w in ranked for w in lured)
    unrelated = 1 - sum(ranked.values())  # every word no clue reaches, together
    assert ranked["sun"] > unrelated / (len(LEX.words) - len(ranked))
