"""Rules viewer: the games whose rules are written, each shown as scrolling text.

Rules live in data/<game>/rules.<lang>.md (a small markdown subset, see
`ui.widgets.parse_markdown`). A game table can open this scene on its own
game with `RulesScene(app, game_id)`.
"""

from __future__ import annotations


from ..core import registry
from ..core.paths import data_dir
from ..ui import theme
from ..ui.screen import FormScene
from ..ui.widgets import Button, ScrollText, parse_markdown


def rules_path(game_id: str, lang: str):
    """The rules file for `game_id` in `lang` (English, then Chinese, as fallbacks) or None."""
    key = game_id
    try:
        key = registry.get(game_id).rules_key or game_id
    except KeyError:
        pass
    for candidate in (lang, "en", "zh"):
        path = data_dir() / key / f"rules.{candidate}.md"
        if path.is_file():
            return path
    return None


class RulesScene(FormScene):
    def __init__(self, app, game_id: str | None = None) -> None:
        super().__init__(app)
        self.games = [g.id for g in registry.games() if rules_path(g.id, app.lang)]
        self.game_id = game_id if game_id in self.games else (self.games[0] if self.games else None)
        self.tabs = [Button(app, (lambda gid=gid: app.i18n.pick(registry.game_name(gid))), (lambda gid=gid: self.show(gid)),
                            style="secondary") for gid in self.games]
        self.text = ScrollText(app)
        self.back_button = Button(app, lambda: app.t("rules.back"), self.back, style="secondary")
        self.ring.add(*self.tabs, self.text, self.back_button)
        self.ring.focus(self.text, keyboard=False)
        self.loaded = None
        self.show(self.game_id)

    def title(self) -> str:
        if self.game_id is None:
            return self.app.t("rules.title")
        return f"{self.app.t('rules.title')}{self.app.t('sep')}{self.app.i18n.pick(registry.game_name(self.game_id))}"

    def show(self, game_id) -> None:
        self.game_id = game_id
        for gid, tab in zip(self.games, self.tabs):
            tab.style = "primary" if gid == game_id else "secondary"
        self._load()

    def _load(self) -> None:
        path = rules_path(self.game_id, self.app.lang) if self.game_id else None
        if path is None:
            blocks = [("p", self.app.t("rules.missing"))]
        else:
            try:
                blocks = parse_markdown(path.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError) as exc:
                blocks = [("p", f"{self.app.t('rules.missing')} ({exc})")]
        self.text.set_blocks(blocks)
        self.loaded = (self.game_id, self.app.lang)

    def update(self, dt: float) -> None:
        if self.loaded != (self.game_id, self.app.lang):
            self._load()  # the language changed while we were open

    def layout(self, rect, s) -> None:
        w, h = rect.size
        top = self.title_rect().bottom + theme.px(8, s)
        button_h = theme.px(56, s)
        bottom = h - theme.px(28, s)
        margin = theme.px(40, s)
        tab_w = theme.px(240, s) if len(self.tabs) > 1 else 0
        gap = theme.px(20, s) if tab_w else 0
        tw = min(w - margin * 2 - tab_w - gap, theme.px(980, s))
        left = (w - tw - tab_w - gap) // 2
        for i, tab in enumerate(self.tabs):
            tab.place((left, top + i * (button_h + theme.px(10, s)), tab_w, button_h), s)
            tab.visible = bool(tab_w)
        self.text.place((left + tab_w + gap, top, tw, bottom - button_h - theme.px(24, s) - top), s)
        bw = theme.px(220, s)
        self.back_button.place((w // 2 - bw // 2, bottom - button_h, bw, button_h), s)
