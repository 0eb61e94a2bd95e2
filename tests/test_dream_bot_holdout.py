"""The held-out split the bot dreamer is tuned on (benchmarks/dream_holdout.py), not the blind set."""

import random

from benchmarks import dream_holdout
from wonderland_games.games.dream import bots
from wonderland_games.games.dream.clues import fold
from wonderland_games.games.dream.lexicon import load_lexicon

LEX = load_lexicon()


def test_a_fold_holds_each_words_associations_out_of_what_the_reader_knows():
    lexicon, held = dream_holdout.holdout(LEX, 4, 1)
    for lang in ("zh", "en"):
        listed = LEX.words["sun"].associations[lang]
        assert held["sun"][lang] == list(listed[1::4])
        assert set(lexicon.words["sun"].associations[lang]) == set(listed) - set(listed[1::4])
        for clue in held["sun"][lang]:
            assert "sun" not in [w for w, _ in lexicon.index[lang].get(fold(clue), ())]


def test_chains_mix_known_and_unseen_clues_and_a_lure_leads_the_second():
    lexicon, held = dream_holdout.holdout(LEX, 4, 0)
    plain, lured = dream_holdout.chains(lexicon, held, "sun", "en", random.Random(1))
    assert lured[2:] == plain and len(plain) == dream_holdout.CHAIN and len(lured) == len(plain) + 2
    own = {fold(c) for c in LEX.words["sun"].associations["en"]}
    assert all(fold(c) in own for c in plain)


def test_confidence_reads_the_features_of_a_ranking():
    read = bots.reader(LEX, "en")
    ranked = read.ranked([(1, "moon"), (2, "stars")], {}, set())
    x = dream_holdout.features(ranked, 2)
    assert len(x) == len(dream_holdout.CONFIDENCE) - 1 and 0 < dream_holdout.confidence_of(x) < 1
    assert abs(dream_holdout.confidence_of(x, (0.0, 1.0, 0.0, 0.0, 0.0)) - ranked[0][0]) < 1e-6  # the share itself
