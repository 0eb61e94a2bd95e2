"""New game: how many seats, who sits in each (human or bot level), names, an optional seed.

Names start as "Player N" for people and a storybook name for bots; a name
the player typed is never overwritten when the seat kind changes. The last
setup per game is remembered for this run, so a second game is one click.
"""

from __future__ import annotations

from functools import partial

import pygame

from ..core.game import BOT, HUMAN, Seat
from ..ui import text as tx
from ..ui import theme
from ..ui.dialogs import show_error
from ..ui.screen import FormScene
from ..ui.widgets import Button, Choice, TextInput
from .launch import open_game

KINDS = ("human", "bot-easy", "bot-normal", "bot-hard")
MAX_SEED_DIGITS = 9
NAME_LEN = 12


def kind_label(app, kind: str) -> str:
    """A seat kind from KINDS in the current language, such as "Bot – Normal"."""
    if kind == "human":
        return app.t("setup.human")
    return app.t("setup.bot_level", level=app.t("setup." + kind.split("-", 1)[1]))


def _digit(ch: str) -> bool:
    return ch in "0123456789"


class SeatRow:
    """The widgets of one seat: its kind and its name."""

    def __init__(self, scene: "SetupScene", index: int, kind: str, name: str | None) -> None:
        self.scene = scene
        self.index = index
        app = scene.app
        self.kind = Choice(app, [(k, partial(kind_label, app, k)) for k in KINDS], kind, on_change=self._kind_changed)
        self.auto_name = self.default_name(kind)
        self.name = TextInput(app, name or self.auto_name, max_len=NAME_LEN,
                              placeholder=lambda: app.t("setup.name"), on_submit=scene.start)

    def default_name(self, kind: str) -> str:
        app = self.scene.app
        if kind == "human":
            return app.t("setup.default_name", n=self.index + 1)
        bots = [n.strip() for n in app.t("setup.bot_names").split(",") if n.strip()] or ["Bot"]
        return bots[self.index % len(bots)]

    def _kind_changed(self, kind: str) -> None:
        if self.name.text.strip() in ("", self.auto_name):
            self.auto_name = self.default_name(kind)
            self.name.set_text(self.auto_name)
        else:
            self.auto_name = self.default_name(kind)

    def seat(self) -> Seat:
        kind = self.kind.value
        if kind == "human":
            return Seat(self.name.text.strip(), HUMAN)
        return Seat(self.name.text.strip(), BOT, kind.split("-", 1)[1])


class SetupScene(FormScene):
    def __init__(self, app, info) -> None:
        super().__init__(app)
        self.info = info
        remembered = getattr(app, "last_setup", {}).get(info.id)
        count = len(remembered) if remembered else min(max(3, info.min_players), info.max_players)
        counts = list(range(info.min_players, info.max_players + 1))
        self.count = Choice(app, [(n, (lambda n=n: app.t("setup.seat_count", n=n))) for n in counts], count,
                            on_change=lambda _: self._count_changed())
        self.rows = []
        for i in range(info.max_players):
            kind, name = ("human" if i == 0 else "bot-normal"), None
            if remembered and i < len(remembered):
                kind, name = remembered[i]
            self.rows.append(SeatRow(self, i, kind, name))
        self.seed = TextInput(app, "", max_len=MAX_SEED_DIGITS, allowed=_digit, placeholder="",
                              on_submit=self.start, on_reject=self._seed_rejected,
                              on_change=lambda _: setattr(self, "seed_error", False))
        self.seed_error = False
        self.back_button = Button(app, lambda: app.t("setup.back"), self.back, style="secondary")
        self.start_button = Button(app, lambda: app.t("setup.start"), self.start)
        self.labels: list = []  # (rect, text-getter)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._rebuild_ring()
        self.ring.focus(self.start_button, keyboard=False)

    def title(self) -> str:
        return self.app.t("setup.title", game=self.app.i18n.pick(self.info.name))

    def _seat_count(self) -> int:
        return self.count.value

    def _rebuild_ring(self) -> None:
        widgets = [self.count]
        for i, row in enumerate(self.rows):
            shown = i < self._seat_count()
            row.kind.visible = row.name.visible = shown
            if shown:
                widgets += [row.kind, row.name]
        widgets += [self.seed, self.back_button, self.start_button]
        self.ring.set_widgets(widgets)

    def _count_changed(self) -> None:
        self._rebuild_ring()
        self.on_resize(self.size)

    def _seed_rejected(self) -> None:
        self.seed_error = True

    # -- start ---------------------------------------------------------------------
    def start(self) -> None:
        from ..core.session import Session

        seats = [row.seat() for row in self.rows[: self._seat_count()]]
        for i, seat in enumerate(seats):
            if not seat.name:
                show_error(self.app, self.app.t("setup.name_empty", n=i + 1))
                return
        names = [s.name for s in seats]
        dup = next((n for n in names if names.count(n) > 1), None)
        if dup is not None:
            show_error(self.app, self.app.t("setup.name_dup", name=dup))
            return
        text = self.seed.text.strip()
        if text and (not all(_digit(c) for c in text) or len(text) > MAX_SEED_DIGITS):
            self.seed_error = True
            show_error(self.app, self.app.t("setup.seed_bad"))
            return
        seed = int(text) if text else None
        try:
            session = Session.new(self.info.id, seats, seed=seed)
        except (ValueError, KeyError, OSError) as exc:
            show_error(self.app, self.app.t("setup.failed", error=exc))
            return
        if not hasattr(self.app, "last_setup"):
            self.app.last_setup = {}
        self.app.last_setup[self.info.id] = [(r.kind.value, r.name.text.strip()) for r in self.rows[: len(seats)]]
        open_game(self.app, session, replace=True)

    # -- layout --------------------------------------------------------------------
    def layout(self, rect, s) -> None:
        w, h = rect.size
        top = self.title_rect().bottom + theme.px(8, s)
        button_h = theme.px(56, s)
        bottom = h - theme.px(28, s)
        pw = min(w - theme.px(80, s), theme.px(920, s))
        self.panel = pygame.Rect((w - pw) // 2, top, pw, bottom - button_h - theme.px(24, s) - top)
        inner = self.panel.inflate(-theme.px(48, s), -theme.px(32, s))
        rows = 2 + self.info.max_players + 1  # count, header, seats, seed
        gap = theme.px(8, s)
        row_h = min(theme.px(52, s), (inner.height - gap * (rows - 1)) // rows)
        shown = self._seat_count()
        # the visible rows sit together in the middle of the panel
        inner.top += (rows - 3 - shown) * (row_h + gap) // 2
        label_w = int(inner.width * 0.2)
        kind_w = int(inner.width * 0.32)
        col = theme.px(16, s)
        y = inner.top
        self.labels = [(pygame.Rect(inner.left, y, label_w, row_h), lambda: self.app.t("setup.seats"))]
        self.count.place((inner.left + label_w + col, y, kind_w, row_h), s)
        y += row_h + gap
        name_x = inner.left + label_w + col * 2 + kind_w
        name_w = inner.right - name_x
        self.labels.append((pygame.Rect(name_x, y, name_w, row_h), lambda: self.app.t("setup.name")))
        y += row_h + gap
        for row in self.rows:
            self.labels.append((pygame.Rect(inner.left, y, label_w, row_h),
                                lambda row=row: self.app.t("setup.seat", n=row.index + 1)))
            row.kind.place((inner.left + label_w + col, y, kind_w, row_h), s)
            row.name.place((name_x, y, name_w, row_h), s)
            if row.index < shown:
                y += row_h + gap
        y += gap
        self.labels.append((pygame.Rect(inner.left, y, label_w, row_h), lambda: self.app.t("setup.seed")))
        self.seed.place((inner.left + label_w + col, y, kind_w, row_h), s)
        self.seed_hint = pygame.Rect(name_x, y, name_w, row_h)
        bw = min(theme.px(240, s), (pw - theme.px(20, s)) // 2)
        gap_b = theme.px(24, s)
        self.back_button.place((w // 2 - gap_b // 2 - bw, bottom - button_h, bw, button_h), s)
        self.start_button.place((w // 2 + gap_b // 2, bottom - button_h, bw, button_h), s)

    def draw_content(self, surface) -> None:
        s = self.s
        theme.panel(surface, self.panel, s)
        shown = self._seat_count()
        for i, (rect, label) in enumerate(self.labels):
            seat_row = i - 2
            if 0 <= seat_row < len(self.rows) and seat_row >= shown:
                continue
            bold = i in (0, 1) or i == len(self.labels) - 1
            tx.draw_line(surface, self.app.fonts, label(), rect, theme.px(theme.TEXT, s),
                         theme.INK_SOFT if i == 1 else theme.INK, bold=bold, align="left")
        hint = self.app.t("setup.seed_bad" if self.seed_error else "setup.seed_hint")
        tx.draw_block(surface, self.app.fonts, hint, self.seed_hint, theme.px(theme.TEXT_SMALL, s),
                      theme.RED if self.seed_error else theme.INK_SOFT, align="left")
