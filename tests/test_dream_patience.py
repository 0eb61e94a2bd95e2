"""Issue 29: the bot dreamer's guess knows the clock and the table's roles; Hard picks what
more clues agree on; a clue's evidence flows, less, to the words nearest the ones it fits."""

import math
import random

from wonderland_games.core import registry
from wonderland_games.core.game import BOT, Seat
from wonderland_games.games.dream import bots, patience
from wonderland_games.games.dream.bots import DreamBot
from wonderland_games.games.dream.lexicon import load_lexicon
from wonderland_games.games.dream.rules import FAIRY, ROLE_TABLE

LEX = load_lexicon()


def on_word(word, players=6, **options):
    s = registry.get("dream").new_state([Seat(f"B{i}", BOT, "normal") for i in range(players)], 1, options)
    s.fresh = sorted(set(s.fresh + [s.current]) - {word})
    s.current = word
    seat = s.next_spirit(s.dreamer())
    for _ in range(players - 1):
        s.roles[seat], seat = FAIRY, s.next_spirit(seat)
    return s


def test_turns_left_are_the_clue_limits_or_the_sands_at_the_rounds_pace():
    s = on_word("sun", clue_limit=30)
    assert patience.turns_left(s) == 30
    s.clue_turns = 28
    assert patience.turns_left(s) == 2
    s = on_word("sun", clue_limit=0)
    assert patience.turns_left(s) == s.seconds / patience.TURN_SECONDS
    s.clue_turns, s.clock = 4, s.seconds - 40  # ten seconds a turn so far: 8 turns in the 80 s left
    assert math.isclose(patience.turns_left(s), 8.0)


def test_the_bar_is_the_levels_while_a_card_fits_and_rises_to_certainty_as_the_round_ends():
    assert patience.bar(0.6, 30) == patience.bar(0.6, patience.CARD_TURNS) == 0.6
    assert 0.6 < patience.bar(0.6, 2) < patience.bar(0.6, 1) < patience.bar(0.6, 0) == 1.0


def test_late_in_a_round_the_dreamer_listens_on_a_share_it_guesses_on_early():
    """With too few clue turns left for another card, listening costs nothing: the last guess
    at time-up still takes the card."""
    read = bots.reader(LEX, "zh")
    trust = DreamBot.trust(on_word("sun").view(0), read, False)
    speaker = on_word("sun").speaker
    clue, word = next((c, r[0][1]) for c in sorted(LEX.index["zh"]) for r in [read.ranked([(speaker, c)], trust, set())]
                      if r and 0.65 < r[0][0] < patience.bar(0.6, 1) and not DreamBot.rival(LEX, r))
    actions = []
    for turns in (0, 28):
        s = on_word(word, clue_limit=30)
        s.clue_turns = turns
        s.apply(("clue", s.speaker, clue))
        view = s.view(s.dreamer())
        actions.append(DreamBot("normal").choose(view, s.legal_actions(), random.Random(0))[0])
    assert actions == ["guess", "listen"], (clue, word)


def test_the_prior_trust_follows_the_role_mix_and_keeps_trust_at_six_players():
    chances = {n: patience.honest_chance(n) for n in ROLE_TABLE}
    assert chances[4] == 0.5 and chances[4] < chances[10] < chances[5]
    assert math.isclose(patience.prior_trust(6, bots.TRUST), bots.TRUST)
    assert patience.prior_trust(4, bots.TRUST) < bots.TRUST < patience.prior_trust(5, bots.TRUST) <= 0.95
    read = bots.reader(LEX, "en")
    clues = [(1, "crescent")]
    four, six = (read.ranked(clues, DreamBot.trust(on_word("moon", n).view(0), read, False), set())[0]
                 for n in (4, 6))
    assert four[1] == six[1] == "moon" and four[0] < six[0]


def test_a_hard_dreamer_picks_of_two_close_words_the_one_more_clues_agree_on():
    assert DreamBot.agreed([(0.5, "moon", 1.0), (0.4, "sun", 3.0), (0.05, "star", 4.0)])[1] == "sun"
    assert DreamBot.agreed([(0.8, "moon", 1.0), (0.15, "sun", 3.0)])[1] == "moon"
    assert DreamBot.agreed([(0.5, "moon", 2.0), (0.45, "sun", 2.0)])[1] == "moon"


def test_a_clues_evidence_reaches_the_words_nearest_the_ones_it_fits(monkeypatch):
    """A clue the lexicon never lists for a word, nor any form of it, still speaks a little for
    it when it fits the word's kin; without the links between words it would not at all."""
    read = bots.Reader(LEX, "en")
    word, kin = "kitchen", dict(read.kin["kitchen"])
    clue = next(c for c, hits in sorted(LEX.index["en"].items())
                if "kitchen" not in read.links.links(c) and {w for w, _ in hits} & set(kin)
                and len(hits) == 1 and word not in read.refused(c))
    ranked = {w: share for share, w, _ in read.ranked([(1, clue)], {}, set())}
    assert ranked.get(word, 0) > 0 and ranked[word] < max(ranked.values()), clue
    monkeypatch.setattr(bots, "KIN", 0.0)
    assert word not in {w for _, w, _ in bots.Reader(LEX, "en").ranked([(1, clue)], {}, set())}


def test_kin_are_a_few_near_words_each():
    kin = bots.kin_words(LEX, "zh")
    assert all(len(found) <= bots.KIN_COUNT and all(0 < near <= 1 for _, near in found) for found in kin.values())
    assert "wolf" in dict(kin["werewolf"]) or "werewolf" in dict(kin["wolf"])
