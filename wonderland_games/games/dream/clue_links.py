"""How sure is it that a clue means one of a word's associations? Links through forms and parts.

The lexicon lists each word's associations (and synonyms, read as its strongest
association) as exact text, but players say "flakes" for flake, "barking" for bark, 鳞 for
鳞片, 消防员 for 消防. `ClueLinks.links(clue)` answers
{word: ((rank of the association, weight), ...)} where the weight says how sure the link
is: the exact association 1.0; in English a form that shares a stem with it, each ending
peeled on either side costing a little (an inflection, `INFLECTION`, less than a
derivation, `DERIVATION`; mice -> mouse is `IRREGULAR`), or a compound of it and another
word (`COMPOUND`); in Chinese a word that contains it or is contained in it, by the share
of the longer word's characters they have in common (`CONTAIN`), and a word that only
shares a part with it (`SHARED`, the share of characters again). A Chinese part that many
words' associations contain says little about any one of them (海, 水), so its links are
divided by how many associations have it: by its fourth root for a containment (`SPREAD`:
水 is in 34, so 水 ~ 水面 weighs 0.21 where 鳞 ~ 鳞片 weighs 0.5), wholly for a shared part
(an IDF-like discount). A harsher discount on containment read fewer of the blind set's
Chinese chains right (benchmarks/dream_clue_eval.py, unlisted clues: square root 45.5%,
fourth root 46.8%, none 47.8%), but none would let 水 pull as hard as 鳞. English stems come
from derived.py, the clue checker's morphology, so both read a word's forms alike.

`clue_links(lexicon, lang)` builds the index from every stem or part to the associations
that have it once per lexicon and language; each clue's links are then cached.
"""

from __future__ import annotations

import math
from collections import defaultdict

from .clues import fold
from .derived import peel, splits

INFLECTION = 0.9  # per inflectional ending peeled (flakes ~ flake, barking ~ bark)
DERIVATION = 0.7  # per derivational ending peeled (salty ~ salt, swimmer ~ swim)
IRREGULAR = 0.85  # an irregular form (mice ~ mouse, flew ~ fly)
INFLECTIONS = frozenset({"s", "es", "ed", "ing", "est"})
COMPOUND = 0.5  # English: a compound of the association and another word (snowflake ~ flake)
CONTAIN = 1.0  # Chinese: one contains the other, times the length ratio (鳞 ~ 鳞片 0.5)
SHARED = 1.0  # Chinese: a shared part only, times its share of the longer word (鱼鳞 ~ 鳞片)
SPREAD = 0.25  # Chinese containment: divided by (associations with the part) ** SPREAD
CACHE = 20000  # clues whose links are kept


def ending_weight(endings: tuple) -> float:
    """How sure a stem is of a word peeled to it by `endings` (`derived.peel`'s path)."""
    return math.prod(IRREGULAR if e == "" else INFLECTION if e in INFLECTIONS else DERIVATION for e in endings)


class ClueLinks:
    """The index from stems (English) or parts (Chinese) to associations, and each clue's links."""

    def __init__(self, lexicon, lang: str):
        self.lang, self.exact = lang, dict(lexicon.index[lang])  # association -> ((word, rank), ...)
        for word in lexicon.words.values():  # a synonym is as telling as the strongest association
            for synonym in word.synonyms[lang]:
                self.exact[fold(synonym)] = self.exact.get(fold(synonym), ()) + ((word.id, 0),)
        self.morph = lexicon.rules.morphology
        self.parts: dict = defaultdict(dict)  # stem or part -> {association: weight of the association to it}
        for text in self.exact:
            for part, weight in (self._stems(text) if lang == "en" else self._substrings(text)):
                self.parts[part][text] = max(weight, self.parts[part].get(text, 0.0))
        self.reach = {part: len(found) for part, found in self.parts.items()}  # associations with the part
        self._cache: dict = {}

    def links(self, clue: str) -> dict:
        """{word: ((rank, weight), ...)}: the associations `clue` may mean, with how sure each is."""
        text = fold(clue)
        if text not in self._cache:
            if len(self._cache) >= CACHE:
                self._cache.clear()
            found: dict = {}
            for association, weight in self.associations(text).items():
                for word, rank in self.exact[association]:
                    found.setdefault(word, []).append((rank, weight))
            self._cache[text] = {w: tuple(pairs) for w, pairs in found.items()}
        return self._cache[text]

    def associations(self, text: str) -> dict:
        """{association: weight} for a folded clue, the exact one at 1.0."""
        found = {text: 1.0} if text in self.exact else {}
        for association, weight in (self._english(text) if self.lang == "en" else self._chinese(text)):
            if weight > found.get(association, 0.0):
                found[association] = weight
        return found

    # -- English: shared stems, compounds -----------------------------------------
    def _stems(self, text: str):
        """(stem, weight) of an association: itself, and the known words its endings peel to."""
        yield from self._known_stems(text)
        for head, tail in splits(text, self.morph):
            yield ("+", head), COMPOUND
            yield ("+", tail), COMPOUND

    def _english(self, text: str):
        for stem, mine in self._known_stems(text):
            for association, theirs in self.parts.get(stem, {}).items():
                yield association, mine * theirs  # barking ~ bark ~ barked
            for association, theirs in self.parts.get(("+", stem), {}).items():
                yield association, mine * theirs  # flakes ~ snowflake
            for part in {p for split in splits(stem, self.morph) for p in split}:
                for association, weight in self._english_part(part):
                    yield association, mine * COMPOUND * weight  # snowflakes ~ flake

    def _known_stems(self, text: str):
        """(stem, weight): the word itself, and the known words its endings peel to."""
        for stem, endings in peel(text, self.morph).items():
            if not endings or stem in self.morph.words:
                yield stem, ending_weight(endings)

    def _english_part(self, part: str):
        for stem, mine in self._known_stems(part):
            for association, theirs in self.parts.get(stem, {}).items():
                yield association, mine * theirs

    # -- Chinese: containment, shared parts ---------------------------------------
    @staticmethod
    def _substrings(text: str):
        for i in range(len(text)):
            for j in range(i + 1, len(text) + 1):
                yield text[i:j], 1.0

    def _chinese(self, text: str):
        best: dict = {}  # association -> its longest common part with the clue
        for part, _ in self._substrings(text):
            for association in self.parts.get(part, ()):
                if len(part) > len(best.get(association, "")):
                    best[association] = part
        for association, part in best.items():
            if association == text:
                continue
            longer = max(len(text), len(association))
            if part == text or part == association:  # one contains the other: 鳞 ~ 鳞片, 消防员 ~ 消防
                yield association, CONTAIN * len(part) / longer / self.reach[part] ** SPREAD
            else:
                yield association, SHARED * len(part) / longer / self.reach[part]


_LINKS: dict = {}  # (lexicon id, lang) -> (lexicon, ClueLinks)


def clue_links(lexicon, lang: str) -> ClueLinks:
    """The links for `lexicon` in `lang`, built once."""
    key = (id(lexicon), lang)
    if key not in _LINKS or _LINKS[key][0] is not lexicon:
        _LINKS[key] = (lexicon, ClueLinks(lexicon, lang))
    return _LINKS[key][1]
