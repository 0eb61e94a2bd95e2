"""The clue checker: is a one-word clue legal for the current dream word?

The rule text (线索限制, 一个词原则) forbids exactly this: a character of the dream word or
a word derived from it, a similar-sounding word, a direct translation, more than one word.
In Chinese that is any character of the word's own name (not of its synonyms: they are a
guess's business, not the rule's). In English it is the name, a part of it (a word of a
longer name or a root the lexicon lists: rain for rainbow, swim for swimming) and any word
built on either (derived.py: cats, catty, catfish, but not catch). A translation is the
name in the other language; a similar sound is a listed homophone.

`check_clue` returns None for a legal clue, else a `Refusal`: its reason key (it compares
equal to the key of data/dream/clue_rules.yaml) and the character or word that broke the
rule, so the text shown (`ClueRules.reasons[refusal]`) names it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from functools import lru_cache
from typing import Optional

from .derived import built_on

WORD_SPLIT = re.compile(r"[\s\-]+")


def fold(text: str) -> str:
    """Full-width forms to half-width, case and outer spaces ignored: how clues and guesses compare."""
    return unicodedata.normalize("NFKC", text).strip().casefold()


class Refusal(str):
    """A refused clue: the reason key, with the offending character or word and the dream word it broke."""

    offender: str
    word: str

    def __new__(cls, key: str, offender: str = "", word: str = "") -> "Refusal":
        refusal = super().__new__(cls, key)
        refusal.offender, refusal.word = offender, word
        return refusal


def _squash(text: str) -> str:
    return "".join(WORD_SPLIT.split(text))


def _is_hanzi(ch: str) -> bool:
    return "\u4e00" <= ch <= "\u9fff" or "\u3400" <= ch <= "\u4dbf"


def _is_latin(ch: str) -> bool:
    return ch.isalpha() and ord(ch) < 0x250


def _symbol(text: str, lang: str) -> Optional[str]:
    inner = text[1:-1] if lang == "en" else text  # o'clock: an apostrophe inside an English word
    return next((ch for ch in text if unicodedata.category(ch)[0] in "PS" and not (ch == "'" and ch in inner)),
                None)


@lru_cache(maxsize=4096)
def name_parts(name: str, roots: tuple, stop_words: frozenset) -> tuple:
    """The parts of an English name a clue may not use: its words but the little ones (the "of" of
    "cup of tea"), and the roots the lexicon lists (rain and bow of rainbow)."""
    words = [p for p in WORD_SPLIT.split(fold(name)) if p]
    content = [p for p in words if p not in stop_words] if len(words) > 1 else []
    return tuple(dict.fromkeys(content + [fold(r) for r in roots]))


def _english(word, clue: str, rules) -> Optional[Refusal]:
    bad = next((ch for ch in clue if not (_is_latin(ch) or ch == "'")), None)
    if bad:
        return Refusal("not_letters", bad)
    name = word.name["en"]
    whole = _squash(fold(name))
    clue = clue[:-2] if clue.endswith("'s") else clue  # a possessive is its word: cat's is cat
    if clue == fold(name) or clue == whole:
        return Refusal("same_word", name, name)
    parts = name_parts(name, word.roots, rules.en_stop_words)
    for part in parts:
        if clue == part:
            return Refusal("part_of_word", part, name)
    if built_on(clue, whole, rules.morphology):
        return Refusal("derived", name, name)
    for part in parts:
        if built_on(clue, part, rules.morphology):
            return Refusal("derived_part", part, name)
    return None


def _chinese(word, clue: str, rules) -> Optional[Refusal]:
    bad = next((ch for ch in clue if not _is_hanzi(ch)), None)
    if bad:
        return Refusal("not_hanzi", bad)
    name = word.name["zh"]
    if clue == name:
        return Refusal("same_word", name, name)
    if len(clue) > rules.zh_max_chars:
        return Refusal("too_long", clue)
    shared = next((ch for ch in clue if ch in name), None)
    if shared:
        return Refusal("shares_char", shared, name)
    return None


def check_clue(lexicon, word_id: str, clue: str, lang: str) -> Optional[Refusal]:
    """None if `clue` is a legal clue for the dream word in a `lang` ("zh"/"en") game, else why not."""
    word, rules = lexicon.words[word_id], lexicon.rules
    text = fold(clue)
    if not text:
        return Refusal("empty")
    other = "en" if lang == "zh" else "zh"
    if _squash(text) == _squash(fold(word.name[other])):  # ice cream or ice-cream in a Chinese game
        return Refusal("translation", clue.strip(), word.name[lang])
    if any(ch.isspace() for ch in text):
        return Refusal("multi_word", " ".join(text.split()))
    symbol = _symbol(text, lang)
    if symbol:
        return Refusal("punctuation", symbol)
    if text in {fold(h) for h in word.homophones[lang]}:
        return Refusal("sounds_alike", clue.strip(), word.name[lang])
    return (_chinese if lang == "zh" else _english)(word, text, rules)


class Reasons(Mapping):
    """Reason key -> {zh, en} text; looked up with a `Refusal`, the text names its offender and word."""

    def __init__(self, templates: dict):
        self._templates = templates

    def __getitem__(self, key: str) -> dict:
        offender, word = getattr(key, "offender", ""), getattr(key, "word", "")
        return {lang: text.format(offender=offender, word=word) for lang, text in self._templates[key].items()}

    def __iter__(self):
        return iter(self._templates)

    def __len__(self) -> int:
        return len(self._templates)
