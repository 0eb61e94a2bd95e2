"""The guess matcher: does what the dreamer typed name the dream word?

A guess matches the word's name or a listed synonym in either language,
ignoring case, spacing (and hyphens), full-width/half-width forms and an
English plural. `mentions` is the same test inside a story, for the +2 the
dreamer earns by weaving every correctly guessed word into it.
"""

from __future__ import annotations

import re

from .clues import fold

_GAPS = re.compile(r"[\s\-_'’·・]+")
_WORD = re.compile(r"[a-z0-9]+")


def _squash(text: str) -> str:
    return _GAPS.sub("", fold(text))


def singulars(text: str) -> set:
    """The text and what it may be the English plural of: foxes -> fox, fairies -> fairy, wolves -> wolf."""
    found = {text}
    if text.endswith("s") and len(text) > 2:
        found.add(text[:-1])
        if text.endswith("es"):
            found.add(text[:-2])
        if text.endswith("ies"):
            found.add(text[:-3] + "y")
        if text.endswith("ves"):
            found |= {text[:-3] + "f", text[:-3] + "fe"}
    return found


def _targets(word) -> set:
    return {_squash(form) for lang in ("zh", "en") for form in word.forms(lang)}


def matches(lexicon, word_id: str, guess: str) -> bool:
    """True if `guess` names the dream word `word_id`."""
    text = _squash(guess)
    return bool(text) and bool(singulars(text) & _targets(lexicon.words[word_id]))


def matcher(lexicon):
    """The engine's matcher, (guess text, word id) -> right?, over this lexicon."""
    return lambda guess, word_id: matches(lexicon, word_id, guess)


def mentions(lexicon, word_id: str, story: str) -> bool:
    """True if the story names the dream word (or a synonym) somewhere, as a guess would."""
    word = lexicon.words[word_id]
    squashed = _squash(story)
    if any(_squash(form) in squashed for form in word.forms("zh")):
        return True
    tokens = _WORD.findall(fold(story))
    for form in word.forms("en"):
        parts = _WORD.findall(fold(form))
        for start in range(len(tokens) - len(parts) + 1):
            window = tokens[start:start + len(parts)]
            if window[:-1] == parts[:-1] and parts[-1] in singulars(window[-1]):
                return True
    return False
