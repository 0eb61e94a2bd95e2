"""Is an English word built on another one (cats, catty, catfish, unhappy on cat and happy)?

The rule text forbids a word derived from the dream word; English has no characters to
compare, so the checker asks whether the clue is the base plus endings (spelled as English
spells them: a dropped e, y turned i, a doubled consonant), a prefix plus the base, or a
compound of the base and another known word. Without a dictionary, "known word" means the
lexicon's own English words plus the short list in clue_rules.yaml. So catch (cat + ch) and
category (cat + egory) are not built on cat, nor cater (cat + er would be catter), while
cats, catty, catfish and wildcat are. `Morphology` holds the data; `built_on` answers.
The bot dreamer reads clues through the same forms (`peel`, `splits`; clue_links.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

_SHORT = re.compile(r"[^aeiou]*[aeiou][^aeiouwxy]")  # sun, cat, swim: doubles its last letter before -y, -ing
_PLURAL_ES = ("s", "x", "z", "ch", "sh", "o")  # buses, boxes, dishes, potatoes: where -es follows the root as it is
DEPTH = 3  # endings peeled at most: sunniest -> sunny -> sun


@dataclass(frozen=True)
class Morphology:
    suffixes: tuple  # endings that make a new word from a word, longest first
    prefixes: tuple
    words: frozenset  # known English words: what may stand beside the base in a compound
    not_built_on: frozenset  # look built on a word but are not (belly is no bell + y), nor are their forms
    irregular: dict  # a form no ending explains -> its word (teeth -> tooth, flew -> fly, asleep -> sleep)
    min_part: int  # the other word of a compound has at least this many letters

    def __hash__(self) -> int:
        return id(self)


def _roots(word: str, suffix: str, known: frozenset) -> set:
    """The words `word` may be made of by adding `suffix`, spelled as English adds it."""
    root = word[: -len(suffix)]
    if not word.endswith(suffix) or len(root) < 2:
        return set()
    vowel = suffix[0] in "aeiouy"
    if suffix == "es":
        found = {root} if root.endswith(_PLURAL_ES) else set()
    elif vowel and _SHORT.fullmatch(root):
        found = set()  # cat + er would be catter: cater is no cat
    else:
        found = {root}
    if vowel and suffix != "es" and root[-1] not in "aeiou":
        found.add(root + "e")  # dancing, icy, rosy (but being is no bee + ing)
        if len(root) >= 3 and root[-1] == root[-2] and root[-1] not in "aeiou" and _SHORT.fullmatch(root[:-1]):
            found.add(root[:-1])  # swimmer, catty, sunny
    if root.endswith("i") and suffix[0] != "i" and root not in known:
        found.add(root[:-1] + "y")  # fairies, happiness, cried (but skier is ski + er)
    if suffix in ("s", "es") and word.endswith("ves"):
        found |= {word[:-3] + "f", word[:-3] + "fe"}  # wolves, knives
    return found


@lru_cache(maxsize=16384)
def peel(word: str, morph: Morphology) -> dict:
    """{stem: the endings peeled to reach it, outermost first} for the word ((), itself) and
    every word it is made of by peeling endings (cats -> cat ("s",), sunniest -> sunny ("est",),
    sun ("est", "y")) or by the irregular forms (teeth -> tooth ("",)); a word listed as not built
    on anything is not peeled (carry, so carriage is no car)."""
    found, layer = {word: ()}, (word,)
    for _ in range(DEPTH):
        new: dict = {}
        for w in layer:
            if w in morph.not_built_on:
                continue
            for s in morph.suffixes:
                if w.endswith(s):
                    for root in _roots(w, s, morph.words):
                        if root not in found and root not in new:
                            new[root] = found[w] + (s,)
        for w in (*found, *new):
            base = morph.irregular.get(w)
            if base is not None and base not in found and base not in new:
                new[base] = (found[w] if w in found else new[w]) + ("",)
        found.update(new)
        layer = tuple(new)
    return MappingProxyType(found)


@lru_cache(maxsize=16384)
def stems(word: str, morph: Morphology) -> frozenset:
    """The word and every word it is made of (`peel`'s stems)."""
    return frozenset(peel(word, morph))


def _peeled(word: str, morph: Morphology) -> bool:
    """True if `word` is a known word plus endings: seeking is seek + ing, so no see + king."""
    return any(stem in morph.words for stem in stems(word, morph) if stem != word)


def _is_word(text: str, morph: Morphology) -> bool:
    return len(text) >= morph.min_part and any(s in morph.words for s in stems(text, morph))


@lru_cache(maxsize=16384)
def splits(word: str, morph: Morphology) -> tuple:
    """The ways `word` is two known words joined ((snow, flake) for snowflake; catch has none, nor
    has a known word with endings: barking is bark + ing, no bar + king)."""
    if _peeled(word, morph):
        return ()
    return tuple((word[:i], word[i:]) for i in range(morph.min_part, len(word) - morph.min_part + 1)
                 if _is_word(word[:i], morph) and _is_word(word[i:], morph))


def built_on(clue: str, base: str, morph: Morphology) -> bool:
    """True if `clue` (folded, one word) is `base` with endings, a prefix, or another word joined to it."""
    if clue == base:
        return False
    for stem in stems(clue, morph):
        if stem in morph.not_built_on:
            continue
        if stem == base:
            return True
        if _peeled(stem, morph):
            continue  # its root is among the stems, and is tried itself
        if stem.startswith(base) and _is_word(stem[len(base):], morph):
            return True  # catfish, sunflower
        if stem.endswith(base) and stem != base:
            head = stem[: -len(base)]
            if head in morph.prefixes or _is_word(head, morph):
                return True  # unhappy, wildcat
    return False
