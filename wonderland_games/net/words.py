"""The game's words in one language, for a phone that reads another than the app.

The games' naming functions take an `app` for `t` and `i18n` alone; `Words` is that much of an
app, so a phone's view is told in the phone's language without touching the table's.
"""

from __future__ import annotations

from functools import lru_cache

from ..ui.i18n import LANGUAGES, I18n


class Words:
    def __init__(self, lang: str) -> None:
        self.i18n = I18n(lang)
        self.lang = self.i18n.language
        self.t = self.i18n.t


@lru_cache(maxsize=None)
def words(lang: str) -> Words:
    """One `Words` a language (reading the string files once)."""
    return Words(lang if lang in LANGUAGES else "en")
