"""Loading YAML data files into checked values.

A broken file must give one clear message naming the file, the entry and the
field — never a traceback on screen — so every check goes through `DataError`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from .paths import data_dir

# libyaml's safe parser is ~8x faster than the pure-Python one (start-up path);
# both only build plain data, never objects.
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class DataError(ValueError):
    def __init__(self, file: str, entry: str, field: str, problem: str):
        self.file, self.entry, self.field, self.problem = file, entry, field, problem
        super().__init__(f"{file}: entry '{entry}', field '{field}': {problem}")


def load_yaml(relative: str, root: Path | None = None) -> Any:
    path = (root or data_dir()) / relative
    try:
        with open(path, encoding="utf-8") as fh:
            loader = _SAFE_LOADER(fh)
            try:
                return loader.get_single_data()
            finally:
                loader.dispose()
    except FileNotFoundError:
        raise DataError(relative, "-", "-", "file is missing") from None
    except UnicodeDecodeError:
        raise DataError(relative, "-", "-", "not valid YAML (not UTF-8 text)") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise DataError(relative, "-", "-", f"not valid YAML ({where}{problem})") from None


def require(data: dict, key: str, kind: type | tuple, file: str, entry: str) -> Any:
    """The value at `key`, checked to be of `kind`."""
    if not isinstance(data, dict):
        raise DataError(file, entry, key, "entry is not a mapping")
    if key not in data:
        raise DataError(file, entry, key, "missing")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        names = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
        raise DataError(file, entry, key, f"expected {names}, got {value!r}")
    return value


def bilingual(data: dict, key: str, file: str, entry: str) -> dict:
    """A {zh, en} name; both languages are required."""
    value = require(data, key, dict, file, entry)
    for lang in ("zh", "en"):
        text = value.get(lang)
        if not isinstance(text, str) or not text.strip():
            raise DataError(file, entry, f"{key}.{lang}", "missing text")
    return {"zh": value["zh"], "en": value["en"]}
