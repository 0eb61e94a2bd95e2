"""The saves list: load or delete. Broken saves are listed in red with the reason.

It lists every game's autosave (labelled by game), the named slots and the
kept saves (abandoned games, autosaves set aside). A row names its players
with their kinds in the words of setup and the tables (`ui.seat_words`), and
how far the game got in the table's own word for a turn or round. A save from
a newer app is not damaged: its row says to update. Broken files are never
loaded, changed or hidden; the player may delete them. Saving under a name
happens from the table.
"""

from __future__ import annotations

import pygame

from ..ui import text as tx
from ..ui import theme
from ..ui.dialogs import ConfirmDialog, show_error
from ..ui.seat_words import players_forms
from ..ui.screen import FormScene
from ..ui.widgets import Button, ListView
from .launch import game_title, listed_progress, open_game, save_error_text


class LoadScene(FormScene):
    music = "menu"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.list = ListView(app, [], self.draw_row, row_height=78, on_activate=self.load,
                             on_select=lambda _: self._update_buttons())
        self.load_button = Button(app, lambda: app.t("load.load"), lambda: self.load(self.list.item))
        self.delete_button = Button(app, lambda: app.t("load.delete"), self.ask_delete, style="danger")
        self.back_button = Button(app, lambda: app.t("load.back"), self.back, style="secondary")
        self.ring.add(self.list, self.load_button, self.delete_button, self.back_button)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.refresh()
        self.ring.focus(self.list if self.list.items else self.back_button, keyboard=False)

    def title(self) -> str:
        return self.app.t("load.title")

    def refresh(self) -> None:
        from ..core.saves import list_saves

        try:
            saves = list_saves()
        except OSError as exc:
            saves = []
            show_error(self.app, self.app.t("load.failed", error=exc))
        self.list.set_items(saves)
        self._update_buttons()

    def _update_buttons(self) -> None:
        item = self.list.item
        self.load_button.enabled = item is not None and not item.error
        self.delete_button.enabled = item is not None

    # -- actions -------------------------------------------------------------------
    def load(self, info) -> None:
        from ..core.saves import SaveError, load_session

        if info is None or info.error:
            return
        try:
            session = load_session(info.path)
        except (SaveError, OSError, ValueError) as exc:
            show_error(self.app, self.app.t("load.failed", error=save_error_text(self.app, exc)))
            self.refresh()
            return
        open_game(self.app, session, replace=True)

    def ask_delete(self) -> None:
        info = self.list.item
        if info is None:
            return
        self.app.push(ConfirmDialog(self.app, self.app.t("load.delete_confirm", name=self.name_of(info)),
                                    lambda: self.delete(info), yes_text=lambda: self.app.t("load.delete"),
                                    danger=True))

    def delete(self, info) -> None:
        from ..core.saves import delete_save

        try:
            delete_save(info.path)
        except (OSError, ValueError) as exc:
            show_error(self.app, self.app.t("load.delete_failed", error=exc))
        self.refresh()

    def name_of(self, info) -> str:
        if info.slot:
            return info.slot
        if info.tutorial is not None:
            return self.app.t("load.lesson")
        return self.app.t("saves.kept" if info.where == "kept" else "load.autosave")

    # -- drawing -------------------------------------------------------------------
    def layout(self, rect, s) -> None:
        w, h = rect.size
        top = self.title_rect().bottom + theme.px(8, s)
        button_h = theme.px(56, s)
        bottom = h - theme.px(28, s)
        pw = min(w - theme.px(80, s), theme.px(1000, s))
        self.panel = pygame.Rect((w - pw) // 2, top, pw, bottom - button_h - theme.px(24, s) - top)
        self.list.place(self.panel.inflate(-theme.px(20, s), -theme.px(20, s)), s)
        bw = min(theme.px(220, s), (pw - theme.px(40, s)) // 3)
        gap = theme.px(20, s)
        x = w // 2 - (bw * 3 + gap * 2) // 2
        for i, b in enumerate((self.back_button, self.delete_button, self.load_button)):
            b.place((x + i * (bw + gap), bottom - button_h, bw, button_h), s)

    def draw_content(self, surface) -> None:
        theme.panel(surface, self.panel, self.s)
        if not self.list.items:
            tx.draw_block(surface, self.app.fonts, self.app.t("load.empty"), self.panel.inflate(-theme.px(60, self.s), 0),
                          theme.px(theme.TEXT, self.s), theme.INK_SOFT)

    def draw_row(self, surface, rect, info, selected: bool) -> None:
        s = self.s
        broken = bool(info.error) and info.error_kind != "newer_version"
        fill = theme.GOLD_LIGHT if selected else theme.CREAM_DARK
        pygame.draw.rect(surface, fill, rect, border_radius=theme.px(10, s))
        if broken:
            pygame.draw.rect(surface, theme.RED, rect, width=max(1, theme.px(2, s)), border_radius=theme.px(10, s))
        pad = theme.px(14, s)
        inner = rect.inflate(-pad * 2, -theme.px(8, s))
        top = pygame.Rect(inner.left, inner.top, inner.width, inner.height // 2)
        low = pygame.Rect(inner.left, top.bottom, inner.width, inner.height - top.height)
        left_w = int(inner.width * 0.62)
        name = self.name_of(info)
        head = f"{name}{self.app.t('sep')}{game_title(self.app, info.game_id)}" if info.game_id else name
        tx.draw_line(surface, self.app.fonts, head, pygame.Rect(top.left, top.top, left_w, top.height),
                     theme.px(theme.TEXT, s), theme.INK, bold=True, align="left")
        when = info.saved.strftime("%Y-%m-%d %H:%M")
        tx.draw_line(surface, self.app.fonts, when, pygame.Rect(top.left + left_w, top.top, inner.width - left_w, top.height),
                     theme.px(theme.TEXT_SMALL, s), theme.INK_SOFT, align="right")
        size = theme.px(theme.TEXT_SMALL, s)
        if info.error_kind == "newer_version":
            tx.draw_line(surface, self.app.fonts, self.app.t("saves.newer"), low, size, theme.PLUM, align="left")
        elif broken:
            reason = self.app.t(f"load.errors.{info.error_kind}") if info.error_kind else info.error
            tx.draw_line(surface, self.app.fonts, self.app.t("load.broken", error=reason), low, size, theme.RED,
                         align="left")
        else:
            progress = self.app.t("load.over") if info.over else listed_progress(self.app, info)
            font = self.app.fonts.get(size)
            pw = min(font.size(progress)[0], low.width // 3)
            tx.draw_line(surface, self.app.fonts, progress, pygame.Rect(low.right - pw, low.top, pw, low.height), size,
                         theme.INK_SOFT, align="right")
            room = pygame.Rect(low.left, low.top, low.width - pw - pad, low.height)
            tx.draw_line(surface, self.app.fonts, self.players_line(info, font, room.width), room, size, theme.INK_SOFT,
                         align="left")

    def players_line(self, info, font, width: int) -> str:
        """The players in the longest form that fits the row (`seat_words.players_forms`)."""
        forms = players_forms(self.app, info)
        return next((text for text in forms if font.size(text)[0] <= width), forms[-1])
