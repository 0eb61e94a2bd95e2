"""Interface strings in Chinese and English.

Shared strings live in data/i18n/<lang>.yaml; each game keeps its own in
data/<game>/strings.yaml (`zh:` and `en:` trees), reached as "<game>.<key>".

A missing key shows the key itself (and the English text as a fallback for a
missing translation) rather than crashing a screen.
"""

from __future__ import annotations

from ..core.data import DataError, load_yaml
from ..core.paths import data_dir

LANGUAGES = ("zh", "en")


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

    def t(self, key: str, **fmt) -> str:
        text = self.tables[self.language].get(key) or self.tables["en"].get(key) or key
        if not fmt:
            return text
        try:
            return text.format(**fmt)
        except (KeyError, IndexError, ValueError):
            return text  # a translation with a wrong placeholder still shows

    def pick(self, names: dict) -> str:
        """Choose from a {zh, en} pair in data files."""
        return names.get(self.language) or names.get("en") or ""
