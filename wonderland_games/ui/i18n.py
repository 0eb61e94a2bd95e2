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

from string import Formatter

from ..core.data import DataError, load_yaml
from ..core.paths import data_dir

LANGUAGES = ("zh", "en")
SPACED_BY_SCRIPT = ("zh",)  # languages whose fields meet their text by the rule in `_joined`


class _Fields(dict):
    """Format fields where a placeholder nobody filled stays as written."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _ideograph(char: str) -> bool:
    return "\u3400" <= char <= "\u9fff"


def _edge(literal: str, value: str, literal_first: bool) -> str:
    """The literal beside a field as Chinese spacing has it: where the literal's Chinese character
    meets the value, a space if the value's edge is a digit or Latin letter, none if it is a
    Chinese character; any other edge stays as written."""
    stripped = literal.rstrip(" ") if literal_first else literal.lstrip(" ")
    if not stripped or not value or len(literal) - len(stripped) > 1:
        return literal
    char, touching = (stripped[-1], value[0]) if literal_first else (stripped[0], value[-1])
    if not _ideograph(char):
        return literal
    if _ideograph(touching):
        gap = ""
    elif touching.isascii() and touching.isalnum():
        gap = " "
    else:
        return literal
    return stripped + gap if literal_first else gap + stripped


def _joined(text: str, fields: dict) -> str:
    """`text` formatted, each field meeting the Chinese text around it with a space only beside
    a digit or Latin letter ("睡鼠的回合", "Ann 的回合", "第 3 轮"), however the string was written."""
    parts = _parsed(text)
    values = [None if field is None else field.format_map(fields) for _, field in parts]
    out = []
    for i, (literal, _) in enumerate(parts):
        if i and values[i - 1] is not None:
            literal = _edge(literal, values[i - 1], literal_first=False)
        if values[i] is not None:
            literal = _edge(literal, values[i], literal_first=True)
        out += [literal, values[i] or ""]
    return "".join(out)


_PARSED: dict = {}


def _parsed(text: str) -> list:
    """(literal, its field alone as a format string or None), each literal before its field."""
    got = _PARSED.get(text)
    if got is None:
        got = _PARSED[text] = [
            (literal, None if name is None else
             "{" + name + ("!" + conversion if conversion else "") + (":" + spec if spec else "") + "}")
            for literal, name, spec, conversion in Formatter().parse(text)]
    return got


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
        fields = _Fields({"sep": self._get("sep"), **fmt})
        try:
            if self.language in SPACED_BY_SCRIPT:
                return _joined(text, fields)
            return text.format_map(fields)
        except (IndexError, ValueError, KeyError, AttributeError):
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
        """Names as prose: "Ann, Bob and Cy" / "安、鲍勃和西"; "和" meets the names as a field
        meets Chinese text ("红桃皇后 31 和 Ann 2", see `_edge`)."""
        names = [str(n) for n in names]
        if len(names) < 2:
            return "".join(names)
        head, last = self._get("list.sep").join(names[:-1]), self._get("list.last")
        return head + _edge(_edge(last, names[-1], literal_first=True), head, literal_first=False) + names[-1]

    def pick(self, names: dict) -> str:
        """Choose from a {zh, en} pair in data files."""
        return names.get(self.language) or names.get("en") or ""
