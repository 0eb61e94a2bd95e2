"""Interface strings in Chinese and English.

Shared strings live in data/i18n/<lang>.yaml; each game keeps its own in
data/<game>/strings.yaml (`zh:` and `en:` trees), reached as "<game>.<key>".

A missing key shows the key itself (and the English text as a fallback for a
missing translation) rather than crashing a screen.

`{sep}` in any string is the language's separator between two parts of a
label (the shared `sep` key): the bundled CJK font draws "·" full width, so
English uses a dash while Chinese keeps the dot.
"""

from __future__ import annotations

from ..core.data import DataError, load_yaml
from ..core.paths import data_dir

LANGUAGES = ("zh", "en")


class _Fields(dict):
    """Format fields where a placeholder nobody filled stays as written."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _latin_gap(char: str) -> str:
    """A space beside a digit or Latin letter, none beside a Chinese character."""
    return " " if char.isascii() and char.isalnum() else ""


def _flatten(tree: dict, prefix: str = "") -> dict:
    flat = {}
    for key, value in (tree or {}).items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            flat.update(_flatten(value, name + "."))
        else:
            flat[name] = str(value)
    return flat


class I18n:
    def __init__(self, language: str = "zh"):
        self.problems: list = []  # DataErrors of broken string files, shown by the menu
        self.tables = {lang: self._load(f"i18n/{lang}.yaml") for lang in LANGUAGES}
        for path in sorted(data_dir().glob("*/strings.yaml")):
            game = path.parent.name
            tree = self._load(f"{game}/strings.yaml", flat=False)
            for lang in LANGUAGES:
                self.tables[lang].update(_flatten(tree.get(lang) or {}, game + "."))
        self.language = language if language in LANGUAGES else "en"

    def _load(self, relative: str, flat: bool = True) -> dict:
        """A string file, or {} (with the problem noted) when it is broken."""
        try:
            tree = load_yaml(relative) or {}
            if not isinstance(tree, dict):
                raise DataError(relative, "-", "-", "expected a mapping of strings")
        except DataError as exc:
            self.problems.append(exc)
            tree = {}
        return _flatten(tree) if flat else tree

    def set_language(self, language: str) -> None:
        if language in LANGUAGES:
            self.language = language

    def has(self, key: str) -> bool:
        return key in self.tables[self.language] or key in self.tables["en"]

    def _get(self, key: str) -> str:
        return self.tables[self.language].get(key) or self.tables["en"].get(key) or key

    def t(self, key: str, **fmt) -> str:
        """`key`'s text with `fmt` filled in. A count string kept as {one, other} (English
        "1 point" / "2 points") takes the form for `n`."""
        table = self.tables[self.language] if key in self.tables[self.language] or \
            f"{key}.one" in self.tables[self.language] else self.tables["en"]
        if key not in table and f"{key}.one" in table and "n" in fmt:
            key = f"{key}.{'one' if fmt['n'] == 1 else 'other'}"
        text = self._get(key)
        if "{" not in text:
            return text
        try:
            return text.format_map(_Fields({"sep": self._get("sep"), **fmt}))
        except (IndexError, ValueError):
            return text  # a translation with a broken placeholder still shows

    def in_every_language(self, key: str, **fmt) -> set:
        """`key`'s text in each language, e.g. to recognise a default name written in the
        language the app spoke when it was stored."""
        here = self.language
        try:
            found = set()
            for lang in LANGUAGES:
                self.language = lang
                found.add(self.t(key, **fmt))
            return found
        finally:
            self.language = here

    def join(self, names: list) -> str:
        """Names as prose: "Ann, Bob and Cy" / "安、鲍勃和西"; a bare "和" keeps the space Chinese
        text puts between a character and a digit or Latin letter ("红桃皇后 31 和 Ann 2")."""
        names = [str(n) for n in names]
        if len(names) < 2:
            return "".join(names)
        head, last = self._get("list.sep").join(names[:-1]), self._get("list.last")
        if last == last.strip():
            last = _latin_gap(head[-1:]) + last + _latin_gap(names[-1][:1])
        return head + last + names[-1]

    def pick(self, names: dict) -> str:
        """Choose from a {zh, en} pair in data files."""
        return names.get(self.language) or names.get("en") or ""
