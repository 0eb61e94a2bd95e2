"""The Dream Teller lexicon: data/dream/words/*.yaml and data/dream/clue_rules.yaml.

`load_lexicon()` is the one entry point. Each words file is one theme; each word
has its names, the synonyms a guess may also say, associations ranked strongest
first (the clues a helpful spirit gives, which bots read), decoys (close but
wrong words a boogeyman steers toward) and, for an English name built of words,
those roots (no clue may use them, as no Chinese clue may use a character of the
name). The whole lexicon is checked at load:
every association must pass the clue checker for its own word, so a bot that
reads the lexicon never breaks the clue rules.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Optional

from ...core.data import DataError, bilingual, load_yaml, require
from ...core.paths import data_dir
from .clues import WORD_SPLIT, Reasons, check_clue, fold
from .derived import Morphology

WORDS_DIR = "dream/words"
RULES_FILE = "dream/clue_rules.yaml"
LANGS = ("zh", "en")
MIN_WORDS, MIN_ASSOCIATIONS, MIN_DECOYS = 300, 10, 2
REASONS = ("empty", "multi_word", "too_long", "punctuation", "not_hanzi", "not_letters", "same_word", "shares_char",
           "part_of_word", "derived", "derived_part", "translation", "sounds_alike")


@dataclass(frozen=True)
class Word:
    id: str
    name: dict  # {"zh", "en"}
    synonyms: dict  # lang -> tuple of other names a guess may say
    theme: str
    associations: dict  # lang -> tuple of clues, strongest first
    decoys: tuple  # ids of close but wrong words
    homophones: dict  # lang -> tuple of words that sound like the name (refused as clues)
    roots: tuple = ()  # English words the English name is built on (rain, bow; swim): no clue may use them

    def forms(self, lang: str) -> tuple:
        """The name and the synonyms in one language."""
        return (self.name[lang],) + self.synonyms[lang]


@dataclass(frozen=True)
class ClueRules:
    zh_max_chars: int
    en_stop_words: frozenset
    morphology: Morphology  # what "built on a word" means in English; its words grow with the lexicon's
    reasons: Reasons  # reason key (or a Refusal, which names its offender) -> {"zh", "en"}


@dataclass(frozen=True)
class Lexicon:
    words: dict  # id -> Word, in file order
    themes: dict  # theme id -> {"zh", "en"}
    rules: ClueRules
    index: dict  # lang -> folded clue -> ((word id, rank), ...): which words a clue points at

    def ids(self, theme: Optional[str] = None) -> tuple:
        return tuple(w.id for w in self.words.values() if theme is None or w.theme == theme)


def _strings(value, file: str, entry: str, field: str) -> tuple:
    if not isinstance(value, list):
        raise DataError(file, entry, field, f"expected a list, got {value!r}")
    for i, text in enumerate(value):
        if not isinstance(text, str) or not text.strip():
            raise DataError(file, entry, f"{field}[{i}]", f"expected text, got {text!r}")
    if len({fold(t) for t in value}) != len(value):
        raise DataError(file, entry, field, "the same text twice")
    return tuple(value)


def _per_lang(data: dict, key: str, file: str, entry: str, required: bool) -> dict:
    if key not in data and not required:
        return {lang: () for lang in LANGS}
    value = require(data, key, dict, file, entry)
    extra = set(value) - set(LANGS)
    if extra:
        raise DataError(file, entry, f"{key}.{sorted(extra)[0]}", "unknown language (zh, en)")
    for lang in LANGS:
        if required and lang not in value:
            raise DataError(file, entry, f"{key}.{lang}", "missing")
    return {lang: _strings(value.get(lang, []), file, entry, f"{key}.{lang}") for lang in LANGS}


def parse_rules(raw, file: str = RULES_FILE) -> ClueRules:
    if not isinstance(raw, dict):
        raise DataError(file, "-", "-", "top level must be a mapping")
    zh, en = require(raw, "zh", dict, file, "zh"), require(raw, "en", dict, file, "en")
    reasons = require(raw, "reasons", dict, file, "reasons")
    for key in REASONS:
        if key not in reasons:
            raise DataError(file, "reasons", key, "missing")

    def words(field: str) -> tuple:
        return tuple(fold(w) for w in _strings(require(en, field, list, file, "en"), file, "en", field))

    irregular = require(en, "irregular", dict, file, "en")
    for form, base in irregular.items():
        if not (isinstance(form, str) and isinstance(base, str) and form.isalpha() and base.isalpha()):
            raise DataError(file, "en", f"irregular.{form}", "a form and its word are single English words")
    morphology = Morphology(suffixes=tuple(sorted(words("suffixes"), key=len, reverse=True)),
                            prefixes=words("prefixes"), words=frozenset(words("words") + words("not_built_on")),
                            not_built_on=frozenset(words("not_built_on")),
                            irregular={fold(f): fold(b) for f, b in irregular.items()},
                            min_part=require(en, "min_part", int, file, "en"))
    return ClueRules(zh_max_chars=require(zh, "max_chars", int, file, "zh"),
                     en_stop_words=frozenset(words("stop_words")), morphology=morphology,
                     reasons=Reasons({k: bilingual(reasons, k, file, "reasons") for k in reasons}))


def _word(entry, theme: str, file: str, index: int) -> Word:
    wid = require(entry, "id", str, file, f"words[{index}]")
    label = f"word '{wid}'"
    if not wid.isascii() or not wid.replace("_", "").isalnum() or wid != wid.lower():
        raise DataError(file, label, "id", "an id is English snake_case")
    name = bilingual(entry, "name", file, label)
    associations = _per_lang(entry, "associations", file, label, required=True)
    for lang in LANGS:
        if len(associations[lang]) < MIN_ASSOCIATIONS:
            raise DataError(file, label, f"associations.{lang}",
                            f"need at least {MIN_ASSOCIATIONS}, found {len(associations[lang])}")
    decoys = _strings(require(entry, "decoys", list, file, label), file, label, "decoys")
    if len(decoys) < MIN_DECOYS:
        raise DataError(file, label, "decoys", f"need at least {MIN_DECOYS}, found {len(decoys)}")
    if wid in decoys:
        raise DataError(file, label, f"decoys[{decoys.index(wid)}]", "a word cannot be its own decoy")
    roots = _strings(entry.get("roots", []), file, label, "roots")
    for i, root in enumerate(roots):
        if not root.isascii() or not root.isalpha() or root != root.lower():
            raise DataError(file, label, f"roots[{i}]", "a root is one English word in small letters")
    return Word(wid, name, _per_lang(entry, "synonyms", file, label, required=False), theme, associations, decoys,
                _per_lang(entry, "homophones", file, label, required=False), roots)


def parse_words(raw, file: str) -> tuple:
    """(theme id, theme name, [Word]) from one words file."""
    if not isinstance(raw, dict):
        raise DataError(file, "-", "-", "top level must be a mapping")
    theme = require(raw, "theme", dict, file, "theme")
    theme_id = require(theme, "id", str, file, "theme")
    entries = require(raw, "words", list, file, "words")
    return theme_id, bilingual(theme, "name", file, "theme"), [_word(e, theme_id, file, i)
                                                               for i, e in enumerate(entries)]


def _check_whole(words: dict, where: dict, lexicon: Lexicon) -> None:
    """Checks that span entries: unique names, decoys that exist, every association a legal clue."""
    for lang in LANGS:
        owner: dict = {}
        for word in words.values():
            key = fold(word.name[lang])
            if key in owner:
                raise DataError(where[word.id], f"word '{word.id}'", f"name.{lang}",
                                f"'{word.name[lang]}' is already the name of '{owner[key]}'")
            owner[key] = word.id
    for word in words.values():
        file, label = where[word.id], f"word '{word.id}'"
        for i, decoy in enumerate(word.decoys):
            if decoy not in words:
                raise DataError(file, label, f"decoys[{i}]", f"'{decoy}' is not a dream word")
        for lang in LANGS:
            for i, clue in enumerate(word.associations[lang]):
                reason = check_clue(lexicon, word.id, clue, lang)
                if reason:
                    raise DataError(file, label, f"associations.{lang}[{i}]",
                                    f"'{clue}' is not a legal clue ({lexicon.rules.reasons[reason]['en']})")


def _index(words: dict) -> dict:
    index: dict = {lang: {} for lang in LANGS}
    for word in words.values():
        for lang in LANGS:
            for rank, clue in enumerate(word.associations[lang]):
                index[lang].setdefault(fold(clue), []).append((word.id, rank))
    return {lang: {clue: tuple(hits) for clue, hits in table.items()} for lang, table in index.items()}


def with_vocabulary(rules: ClueRules, words) -> ClueRules:
    """The rules with every English word of the lexicon known (names, synonyms, roots,
    associations): the other half of a compound must be a word, and these are the words we have."""
    known = {part for w in words
             for text in w.forms("en") + w.associations["en"] + w.roots
             for part in WORD_SPLIT.split(fold(text)) if part}
    morphology = replace(rules.morphology, words=rules.morphology.words | known)
    return replace(rules, morphology=morphology)


def parse_lexicon(files: dict, rules: ClueRules) -> Lexicon:
    """`files` maps a words file's name (relative to data/) to its raw YAML."""
    words: dict = {}
    themes: dict = {}
    where: dict = {}
    for file, raw in files.items():
        theme_id, theme_name, entries = parse_words(raw, file)
        if theme_id in themes:
            raise DataError(file, "theme", "id", f"theme '{theme_id}' is already in another file")
        themes[theme_id] = theme_name
        for word in entries:
            if word.id in words:
                raise DataError(file, f"word '{word.id}'", "id", f"duplicate id (also in {where[word.id]})")
            words[word.id], where[word.id] = word, file
    if len(words) < MIN_WORDS:
        raise DataError(WORDS_DIR, "-", "-", f"need at least {MIN_WORDS} words, found {len(words)}")
    lexicon = Lexicon(words, themes, with_vocabulary(rules, words.values()), _index(words))
    _check_whole(words, where, lexicon)
    return lexicon


@lru_cache(maxsize=None)
def _cached(root: Optional[Path]) -> Lexicon:
    folder = (root or data_dir()) / WORDS_DIR
    names = sorted(p.name for p in folder.glob("*.yaml")) if folder.is_dir() else []
    if not names:
        raise DataError(WORDS_DIR, "-", "-", "no word files (*.yaml) found")
    files = {f"{WORDS_DIR}/{n}": load_yaml(f"{WORDS_DIR}/{n}", root) for n in names}
    return parse_lexicon(files, parse_rules(load_yaml(RULES_FILE, root)))


def load_lexicon(root: Optional[Path] = None) -> Lexicon:
    return _cached(root)
