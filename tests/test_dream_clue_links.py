"""Dream Teller clue links: a clue reaches the words whose associations it is a form or a part of."""

import random

import pytest

from wonderland_games.core import registry
from wonderland_games.core.game import BOT, Seat
from wonderland_games.games.dream import bots, clue_links
from wonderland_games.games.dream.bots import DreamBot
from wonderland_games.games.dream.clues import check_clue
from wonderland_games.games.dream.lexicon import load_lexicon
from wonderland_games.games.dream.state import CORRECT, LISTEN

LEX = load_lexicon()
EN, ZH = clue_links.clue_links(LEX, "en"), clue_links.clue_links(LEX, "zh")


def weight(links, clue, word):
    """The surest link from `clue` to `word` (0 if none)."""
    return max((w for _, w in links.links(clue).get(word, ())), default=0.0)


@pytest.mark.parametrize("links, clue, association, word", [
    (EN, "flakes", "flake", "snow"), (EN, "barking", "bark", "dog"), (EN, "salty", "salt", "ocean"),
    (EN, "leaves", "leaf", "snail"), (EN, "mice", "mouse", "cheese"),
    (ZH, "鳞", "鳞片", "fish"), (ZH, "河", "河流", "bridge"), (ZH, "拱", "拱形", "bridge")])
def test_a_form_or_part_of_a_listed_association_reaches_its_word(links, clue, association, word):
    lang = "en" if links is EN else "zh"
    assert word in {w for w, _ in LEX.index[lang][association]}
    assert word not in {w for w, _ in LEX.index[lang].get(clue, ())}  # the lexicon does not list the clue for it
    assert 0 < weight(links, clue, word) < 1


def test_link_weights_are_ordered_as_designed():
    exact = weight(EN, "flake", "snow")
    inflection, irregular, derivation = weight(EN, "flakes", "snow"), weight(EN, "mice", "cheese"), \
        weight(EN, "salty", "ocean")
    assert exact == 1.0 > inflection == clue_links.INFLECTION > irregular > derivation == clue_links.DERIVATION
    # Chinese containment by length ratio (鳞 is half of 鳞片), discounted by how many associations
    # have the part: the order is the design, not the figure, which more data may lower
    assert derivation > weight(ZH, "鳞", "fish") > weight(ZH, "河", "bridge") and weight(ZH, "鳞", "fish") <= 0.5
    assert weight(ZH, "消防", "fire") > weight(ZH, "河", "bridge")  # 2 of 3 characters: 消防 ~ 消防员


def test_a_common_character_links_weakly_and_a_shared_part_more_weakly_still():
    common = ZH.associations("水")
    parts = [a for a in common if a != "水"]
    assert len(parts) >= 20  # 水 is in many associations
    assert max(common[a] for a in parts) < weight(ZH, "河", "bridge") < weight(ZH, "鳞", "fish")
    shared = ZH.associations("泉水")  # shares 水 with 水面, 溺水 ... but contains none of them
    assert 0 < shared["水面"] < 0.05


def test_a_compound_is_no_split_of_a_word_with_an_ending():
    assert "bar" not in EN.associations("barking") and "king" not in EN.associations("barking")


def test_links_are_built_once_per_lexicon_and_language():
    assert clue_links.clue_links(LEX, "en") is EN and bots.reader(LEX, "zh").links is ZH


@pytest.mark.parametrize("lang, word, clues", [
    ("en", "dog", ["barking", "bones", "puppies"]),  # bark, bone, puppy
    ("zh", "bridge", ["河", "拱", "栏"]),  # 河流, 拱形, 栏杆
])
def test_a_chain_of_unlisted_but_related_clues_leads_the_dreamer_to_the_word(lang, word, clues):
    listed = LEX.words[word].associations[lang]
    assert not set(clues) & set(listed) and all(check_clue(LEX, word, c, lang) is None for c in clues)
    info = registry.get("dream")
    s = info.new_state([Seat(f"B{i}", BOT, "normal") for i in range(4)], 1,
                       {"lang": lang, "words": [word], "clue_limit": 0})
    dreamer = s.dreamer()
    for clue in clues:
        s.apply(("clue", s.speaker, clue))
        action = DreamBot("normal").choose(s.view(dreamer), s.legal_actions(), random.Random(0))
        s.apply(action)
        if action != LISTEN:
            break
    assert s.cards[0][:2] == [word, CORRECT], s.cards


def test_a_weak_link_is_weak_evidence():
    """One clue sharing only a common character leaves the dreamer far from sure; a clue that is a
    plain form of a word's association is nearly as good as the association."""
    read = bots.reader(LEX, "zh")
    weak = read.ranked([(1, "泉水")], {}, set())
    assert not weak or weak[0][0] < bots.GUESS_AT["easy"]
    en = bots.reader(LEX, "en")
    assert en.share("dog", [(1, "barking")], set()) > 0.8 * en.share("dog", [(1, "bark")], set())
