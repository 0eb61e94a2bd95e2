"""The clue checker: is a one-word clue legal for the current dream word?

The rule text forbids a character of the word (or a word derived from it), a
similar-sounding word, a direct translation, and more than one word. Chinese
clues share no hanzi with the word's name or synonyms; English clues are not
the word, do not contain it or a part of it at either end, and share no stem
with it (plural, -ing, -er, -ed), after `data/dream/clue_rules.yaml`.
`check_clue` returns None for a legal clue, else a reason key of that file.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Optional

_WORD_SPLIT = re.compile(r"[\s\-]+")


def fold(text: str) -> str:
    """Full-width forms to half-width, case and outer spaces ignored: how clues and guesses compare."""
    return unicodedata.normalize("NFKC", text).strip().casefold()


def _is_hanzi(ch: str) -> bool:
    return "\u4e00" <= ch <= "\u9fff" or "\u3400" <= ch <= "\u4dbf"


def _is_latin(ch: str) -> bool:
    return ch.isalpha() and ord(ch) < 0x250


def _punctuation(text: str, lang: str) -> bool:
    inner = text[1:-1] if lang == "en" else text  # o'clock: an apostrophe inside an English word
    return any(unicodedata.category(ch)[0] in "PS" and not (ch == "'" and ch in inner) for ch in text)


@lru_cache(maxsize=8192)  # the loader checks thousands of clues against a few hundred names
def stems(word: str, suffixes: tuple) -> frozenset:
    """The word and the roots it may come from by one ending: flies -> fly, swimmer -> swim, dancing -> dance, leaves -> leaf."""
    found = {word}
    for suffix in suffixes:
        root = word[: -len(suffix)]
        y_to_i = suffix.startswith("ie")  # flies, cried, skier: the y became an i
        if not word.endswith(suffix) or len(root) < (2 if y_to_i else 3):
            continue
        found |= {root, root + "e"}
        if y_to_i:
            found.add(root + "y")
        if len(root) >= 4 and root[-1] == root[-2] and root[-1] not in "aeiou":
            found.add(root[:-1])
    if word.endswith("ves"):  # leaves -> leaf, knives -> knife
        found |= {word[:-3] + "f", word[:-3] + "fe"}
    return frozenset(found)


def _english_relation(clue: str, form: str, rules) -> Optional[str]:
    """How a one-word English clue relates to one word of the dream word's name, if it does."""
    if clue == form:
        return "same_word"
    if len(form) >= rules.en_min_part and form in clue:
        return "contains_word"
    clue_stems = stems(clue, rules.en_suffixes)
    if clue_stems & stems(form, rules.en_suffixes):
        return "same_stem"
    if any(len(s) >= rules.en_min_part and (form.startswith(s) or form.endswith(s)) for s in clue_stems):
        return "part_of_word"  # rain or rains for rainbow
    return None


@lru_cache(maxsize=4096)
def _folded(texts: tuple) -> frozenset:
    return frozenset(fold(t) for t in texts)


@lru_cache(maxsize=4096)
def _name_parts(form: str, stop_words: frozenset) -> tuple:
    """The words of an English name a clue may not touch (not its little words), and the name as one word."""
    parts = [p for p in _WORD_SPLIT.split(fold(form)) if p]
    content = [p for p in parts if p not in stop_words] or parts
    return tuple(dict.fromkeys(content + ["".join(parts)]))


def _english(word, clue: str, rules) -> Optional[str]:
    if not all(_is_latin(ch) or ch == "'" for ch in clue):
        return "script"
    for i, form in enumerate(word.forms("en")):
        for part in _name_parts(form, rules.en_stop_words):
            relation = _english_relation(clue, part, rules)
            if relation:
                return relation if i == 0 else "synonym"
    return None


def _chinese(word, clue: str, rules) -> Optional[str]:
    if not all(_is_hanzi(ch) for ch in clue):
        return "script"
    if len(clue) > rules.zh_max_chars:
        return "too_long"
    if clue in _folded(word.synonyms["zh"]):
        return "synonym"
    if set(clue) & set("".join(word.forms("zh"))):
        return "shares_char"
    return None


def check_clue(lexicon, word_id: str, clue: str, lang: str) -> Optional[str]:
    """None if `clue` is a legal clue for the dream word in a `lang` ("zh"/"en") game, else the reason key."""
    word, rules = lexicon.words[word_id], lexicon.rules
    text = fold(clue)
    if not text:
        return "empty"
    if any(ch.isspace() for ch in text):
        return "multi_word"
    if _punctuation(text, lang):
        return "punctuation"
    other = "en" if lang == "zh" else "zh"
    if text in _folded(word.forms(other)):
        return "translation"
    if text in _folded(word.homophones[lang]):
        return "sounds_alike"
    return (_chinese if lang == "zh" else _english)(word, text, rules)
