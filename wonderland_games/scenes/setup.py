"""New game: how many seats, who sits in each (human or bot level), names, an optional seed,
the game's own per-seat pick when it declares one (`GameInfo.seat_choice`, Oz: characters)
and its picks for the whole game (`GameInfo.game_options`, a row each under the seats, shown
only at the seat counts they apply to: Valley's solo opponent with one seat; and one that
needs a bot only while a seat is one: Dream's clue language; remembered too).

Names start as "Player N" for people and a storybook name for bots; a name
the player typed is never overwritten when the seat kind changes, and typing
past NAME_LEN characters says why the field refuses them. The last setup per
game is remembered on disk (core.setup_memory), so a second game is one click.
A distinct pick swaps: choosing a value another seat holds gives that seat
this seat's old one, so the picks stay different without a dead end.
Every control keeps its place whatever the seat count, so clicking an arrow
again hits it again. Starting a game over an unfinished one of the same game
asks first (No is the default) and keeps the old one in the load list.
"""

from __future__ import annotations

from functools import partial

import pygame

from ..core import setup_memory
from ..core.game import BOT, HUMAN, Seat
from ..ui import text as tx
from ..ui import theme
from ..ui.dialogs import ConfirmDialog, show_error
from ..ui.screen import FormScene
from ..ui.seat_words import kind_label
from ..ui.widgets import Button, Choice, TextInput
from .launch import game_title, open_game, progress_text

KINDS = ("human", "bot-easy", "bot-normal", "bot-hard", "phone")  # phone: a person playing from a browser (net/)
MAX_SEED_DIGITS = 9
NAME_LEN = 12  # longer names are refused with a message saying so (tables lay names out for this)


def _digit(ch: str) -> bool:
    return ch in "0123456789"


class SeatRow:
    """The widgets of one seat: its kind, its name and (when the game has one) its pick."""

    def __init__(self, scene: "SetupScene", index: int, kind: str, name: str | None, pick=None) -> None:
        self.scene = scene
        self.index = index
        app = scene.app
        self.kind = Choice(app, [(k, partial(kind_label, app, k)) for k in KINDS], kind, on_change=self._kind_changed)
        self.auto_name = self.default_name(kind)
        if name in self._defaults_in_any_language(kind):
            name = None  # a default remembered in the other language is still a default: it follows the language
        self.too_long = False  # the last typed characters did not fit
        self.name = TextInput(app, name or self.auto_name, max_len=NAME_LEN,
                              placeholder=lambda: app.t("setup.name"), on_submit=scene.start,
                              on_reject=self._name_refused, on_change=self._name_edited)
        choice = scene.info.seat_choice
        self.pick = None
        self.held = pick  # the pick before a change, for swapping
        if choice is not None:
            options = [(v, partial(lambda v: app.t(choice.value_label.format(v)), v)) for v in choice.values]
            self.pick = Choice(app, options, pick, on_change=partial(scene.picked, self))

    def widgets(self) -> list:
        return [self.kind, self.name] + ([self.pick] if self.pick is not None else [])

    def default_name(self, kind: str) -> str:
        app = self.scene.app
        if kind in ("human", "phone"):
            return app.t("setup.default_name", n=self.index + 1)
        return self._bot_name(app.t("setup.bot_names"))

    def _bot_name(self, names: str) -> str:
        """This seat's bot name from a comma-separated list of names."""
        bots = [n.strip() for n in names.split(",") if n.strip()] or ["Bot"]
        return bots[self.index % len(bots)]

    def _defaults_in_any_language(self, kind: str) -> set:
        """This seat's automatic name for `kind` in every language."""
        i18n = self.scene.app.i18n
        if kind in ("human", "phone"):  # also "玩家1" as remembered before a digit was spaced from Chinese text
            names = i18n.in_every_language("setup.default_name", n=self.index + 1)
            return names | {name.replace(" ", "") for name in names}
        return {self._bot_name(names) for names in i18n.in_every_language("setup.bot_names")}

    def _kind_changed(self, kind: str) -> None:
        if self.name.text.strip() in ("", self.auto_name):
            self.auto_name = self.default_name(kind)
            self.name.set_text(self.auto_name)
        else:
            self.auto_name = self.default_name(kind)
        self.scene._rebuild_ring()  # an option offered only with a bot comes or goes

    def _name_refused(self) -> None:
        self.too_long = len(self.name.text) >= NAME_LEN

    def _name_edited(self, _text: str) -> None:
        self.too_long = False

    def remembered(self) -> dict:
        """This seat for core.setup_memory."""
        return {"kind": self.kind.value, "name": self.name.text.strip(),
                "pick": self.pick.value if self.pick is not None else None}

    def seat(self) -> Seat:
        kind = self.kind.value
        if kind in ("human", "phone"):
            return Seat(self.name.text.strip(), HUMAN)
        return Seat(self.name.text.strip(), BOT, kind.split("-", 1)[1])


class SetupScene(FormScene):
    music = "menu"

    def __init__(self, app, info, replacing=None) -> None:
        """`replacing`: the unfinished game (SaveInfo) the player already chose to replace with
        a new one (the menu's Resume / New game box), so Start does not ask again."""
        super().__init__(app)
        self.info = info
        self.replacing = replacing
        remembered = setup_memory.recall(info.id)
        if not info.min_players <= len(remembered) <= info.max_players:
            remembered = []
        count = len(remembered) or min(max(3, info.min_players), info.max_players)
        counts = list(range(info.min_players, info.max_players + 1))
        self.count = Choice(app, [(n, (lambda n=n: app.t("setup.solo_count" if n == 1 else "setup.seat_count", n=n)))
                                  for n in counts], count,
                            on_change=lambda _: self._count_changed())
        picks = info.seat_choice.picks([seat.get("pick") for seat in remembered], info.max_players) \
            if info.seat_choice else []
        picked = setup_memory.recall_options(info.id)
        self.options = [(option, Choice(app, [(v, partial(lambda o, v: app.t(o.value_label.format(v)), option, v))
                                              for v in option.values],
                                        picked[option.option] if picked.get(option.option) in option.values
                                        else option.first_value(app.lang)))
                        for option in info.game_options]
        self.option_labels: list = []  # (rect, text-getter, its Choice)
        self.rows = []
        for i in range(info.max_players):
            kind, name = ("human" if i == 0 else info.other_seats), None
            if i < len(remembered):
                kind = remembered[i]["kind"] if remembered[i]["kind"] in KINDS else kind
                drawn = "".join(c for c in remembered[i]["name"] if app.fonts.draws(c))  # an emoji from before
                name = drawn.strip()[:NAME_LEN] or None
            self.rows.append(SeatRow(self, i, kind, name, picks[i] if picks else None))
        self.seed = TextInput(app, "", max_len=MAX_SEED_DIGITS, allowed=_digit, placeholder="",
                              on_submit=self.start, on_reject=self._seed_rejected,
                              on_change=lambda _: setattr(self, "seed_error", False))
        self.seed_error = False
        self.back_button = Button(app, lambda: app.t("setup.back"), self.back, style="secondary")
        self.start_button = Button(app, lambda: app.t("setup.start"), self.start)
        self.labels: list = []  # (rect, text-getter, style, seat or None)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._rebuild_ring()
        self.ring.focus(self.start_button, keyboard=False)

    def on_enter(self) -> None:
        super().on_enter()
        from .lesson import suggest_lesson

        suggest_lesson(self.app, self.info.id)

    def title(self) -> str:
        return self.app.t("setup.title", game=self.app.i18n.pick(self.info.name))

    def _seat_count(self) -> int:
        return self.count.value

    def _shown_options(self) -> list:
        """(GameOption, Choice) offered at the current seat count (and with a bot, if it needs one)."""
        bot = any(row.kind.value.startswith("bot") for row in self.rows[: self._seat_count()])
        return [(option, choice) for option, choice in self.options
                if self._seat_count() in option.seats and (bot or not option.needs_bot)]

    def _rebuild_ring(self) -> None:
        widgets = [self.count]
        shown_options = self._shown_options()
        for option, choice in self.options:
            choice.visible = (option, choice) in shown_options
        for i, row in enumerate(self.rows):
            shown = i < self._seat_count()
            for widget in row.widgets():
                widget.visible = shown
            if shown:
                widgets += row.widgets()
        widgets += [choice for _, choice in shown_options]
        widgets += [self.seed, self.back_button, self.start_button]
        self.ring.set_widgets(widgets)

    def _count_changed(self) -> None:
        self._rebuild_ring()
        self.on_resize(self.size)

    def _seed_rejected(self) -> None:
        self.seed_error = True

    def picked(self, row: SeatRow, value) -> None:
        """`row` now holds `value`; with distinct picks the seat that held it takes row's old one."""
        old, row.held = row.held, value
        if not self.info.seat_choice.distinct:
            return
        for other in self.rows:
            if other is not row and other.held == value:
                other.pick.set_options(other.pick.options, old)
                other.held = old

    # -- start ---------------------------------------------------------------------
    def _refuse(self, message: str) -> None:
        """A setting the game cannot start with: said as something to check, not as a failure."""
        show_error(self.app, message, title=self.app.t("setup.check"))

    def start(self) -> None:
        seats = [row.seat() for row in self.rows[: self._seat_count()]]
        for i, seat in enumerate(seats):
            if not seat.name:
                self._refuse(self.app.t("setup.name_empty", n=i + 1))
                return
        names = [s.name for s in seats]
        dup = next((n for n in names if names.count(n) > 1), None)
        if dup is not None:
            self._refuse(self.app.t("setup.name_dup", name=dup))
            return
        kinds = [row.kind.value for row in self.rows[: self._seat_count()]]
        if not self.info.phones_with_bots and "phone" in kinds and any(k.startswith("bot") for k in kinds):
            self._refuse(self.app.t("setup.phones_with_bots", game=game_title(self.app, self.info.id)))
            return
        text = self.seed.text.strip()
        if text and (not all(_digit(c) for c in text) or len(text) > MAX_SEED_DIGITS):
            self.seed_error = True
            self._refuse(self.app.t("setup.seed_bad"))
            return
        seed = int(text) if text else None
        unfinished = self._unfinished()
        if unfinished is None:
            self._launch(seats, seed)
            return
        if self.replacing is not None and self.replacing.path == unfinished.path:
            self._abandon(unfinished, seats, seed)
            return
        t = self.app.t
        message = t("saves.abandon_confirm", game=game_title(self.app, self.info.id),
                    progress=progress_text(self.app, unfinished))
        self.app.push(ConfirmDialog(self.app, message, lambda: self._abandon(unfinished, seats, seed),
                                    yes_text=lambda: t("saves.abandon_yes"), no_text=lambda: t("saves.abandon_no"),
                                    danger=True))

    def _unfinished(self):
        """This game's unfinished autosave (a SaveInfo), or None."""
        from ..core.saves import unfinished_games

        try:
            return next((i for i in unfinished_games() if i.game_id == self.info.id and i.tutorial is None), None)
        except OSError:
            return None  # the session's first autosave still sets aside what it would replace

    def _abandon(self, unfinished, seats, seed) -> None:
        from ..core.saves import set_aside

        try:
            set_aside(unfinished.path, self.info.id)
        except FileNotFoundError:
            pass  # gone since it was listed: nothing left to keep
        except OSError as exc:
            show_error(self.app, self.app.t("saves.abandon_failed", error=exc))
            return
        self._launch(seats, seed)

    def _launch(self, seats, seed) -> None:
        from ..core.session import Session

        rows = self.rows[: len(seats)]
        choice = self.info.seat_choice
        options = {choice.option: [row.pick.value for row in rows]} if choice else {}
        options.update((option.option, picked.value) for option, picked in self._shown_options())
        options = options or None
        try:
            session = Session.new(self.info.id, seats, seed=seed, options=options)
            session.phones = [i for i, row in enumerate(rows) if row.kind.value == "phone"]
        except (ValueError, KeyError, OSError) as exc:
            show_error(self.app, self.app.t("setup.failed", error=exc))
            return
        setup_memory.remember(self.info.id, [row.remembered() for row in rows], self._picks_to_remember())
        session.save_dealt()
        open_game(self.app, session, replace=True)

    def _picks_to_remember(self) -> dict:
        """The whole-game picks, leaving out one that is its language's default: Dream's clue
        language then keeps following the app's language instead of sticking to the last one."""
        return {option.option: picked.value for option, picked in self.options
                if not (callable(option.default) and picked.value == option.first_value(self.app.lang))}

    # -- layout --------------------------------------------------------------------
    def _label(self, rect, text, style: str = "bold", seat: int | None = None) -> None:
        """A text on the panel: style "bold", "head" (column heading) or "plain"; a text given a
        seat hides with that seat."""
        self.labels.append((pygame.Rect(rect), text, style, seat))

    def layout(self, rect, s) -> None:
        w, h = rect.size
        t = self.app.t
        top = self.title_rect().bottom + theme.px(8, s)
        button_h = theme.px(56, s)
        bottom = h - theme.px(28, s)
        columns = 2 if self.info.max_players > 6 else 1  # seats side by side: rows tall enough to read
        pw = min(w - theme.px(80, s), theme.px(920 if columns == 1 else 1100, s))
        self.panel = pygame.Rect((w - pw) // 2, top, pw, bottom - button_h - theme.px(24, s) - top)
        inner = self.panel.inflate(-theme.px(48, s), -theme.px(32, s))
        # count, header, seats, the whole game's picks, seed, name notice
        per_column = -(-self.info.max_players // columns)
        rows = 2 + per_column + len(self.options) + 2
        gap = theme.px(8, s)
        row_h = min(theme.px(52, s), (inner.height - gap * rows) // rows)
        # every row has its place for the most seats, so nothing moves when the count changes
        inner.top += (inner.height - rows * (row_h + gap) - gap) // 2
        choice = self.info.seat_choice
        col = theme.px(16, s)
        label_w, kind_x, kind_w, name_x, name_w, pick_x, pick_w = self._columns(inner.left, inner.width, col, 1)
        y = inner.top
        self.labels = []
        self._label((inner.left, y, label_w, row_h), lambda: t("setup.seats"))
        self.count.place((kind_x, y, kind_w, row_h), s)
        y += row_h + gap
        seats_top = y + row_h + gap
        column_w = (inner.width - 2 * col * (columns - 1)) // columns
        for c in range(columns):
            left = inner.left + c * (column_w + 2 * col)
            seat_label_w, seat_kind_x, seat_kind_w, seat_name_x, seat_name_w, seat_pick_x, seat_pick_w = \
                self._columns(left, column_w, col, columns)
            first = c * per_column  # a column's headings hide with its first seat
            self._label((seat_name_x, y, seat_name_w, row_h), lambda: t("setup.name"), "head", first)
            if choice:
                self._label((seat_pick_x, y, seat_pick_w, row_h), lambda: t(choice.label), "head", first)
            for i, row in enumerate(self.rows[c * per_column:(c + 1) * per_column]):
                row_y = seats_top + i * (row_h + gap)
                self._label((left, row_y, seat_label_w, row_h), lambda row=row: t("setup.seat", n=row.index + 1),
                            "plain", row.index)
                row.kind.place((seat_kind_x, row_y, seat_kind_w, row_h), s)
                row.name.place((seat_name_x, row_y, seat_name_w, row_h), s)
                if row.pick is not None:
                    row.pick.place((seat_pick_x, row_y, seat_pick_w, row_h), s)
        y = seats_top + per_column * (row_h + gap)
        y += gap
        self.option_labels = []
        for option, picked in self.options:  # a row each, shown only at the seat counts it serves
            self.option_labels.append((pygame.Rect(inner.left, y, label_w, row_h), partial(t, option.label), picked))
            picked.place((kind_x, y, kind_w, row_h), s)
            y += row_h + gap
        self._label((inner.left, y, label_w, row_h), lambda: t("setup.seed"))
        self.seed.place((kind_x, y, kind_w, row_h), s)
        self.seed_hint = pygame.Rect(name_x, y, inner.right - name_x, row_h)
        self.name_notice = pygame.Rect(inner.left, y + row_h + gap, inner.width, row_h)
        bw = min(theme.px(240, s), (pw - theme.px(20, s)) // 2)
        gap_b = theme.px(24, s)
        self.back_button.place((w // 2 - gap_b // 2 - bw, bottom - button_h, bw, button_h), s)
        self.start_button.place((w // 2 + gap_b // 2, bottom - button_h, bw, button_h), s)

    def _columns(self, left: int, width: int, col: int, columns: int) -> tuple:
        """(label w, kind x, kind w, name x, name w, pick x, pick w) of a seat column: label, kind,
        name and, for a game with a per-seat pick, the pick at the right; a half-width column gives
        the kind more of its width, so "Bot – Normal" still fits."""
        choice = self.info.seat_choice
        label_w = int(width * (0.17 if choice else 0.2))
        kind_w = int(width * (0.26 if choice else 0.32 if columns == 1 else 0.4))
        pick_w = int(width * 0.25) if choice else 0
        kind_x = left + label_w + col
        name_x = kind_x + kind_w + col
        pick_x = left + width - pick_w
        name_w = (pick_x - col if choice else left + width) - name_x
        return label_w, kind_x, kind_w, name_x, name_w, pick_x, pick_w

    def draw_content(self, surface) -> None:
        s = self.s
        theme.panel(surface, self.panel, s)
        shown = self._seat_count()
        for rect, label, style, seat in self.labels:
            if seat is not None and seat >= shown:
                continue
            tx.draw_line(surface, self.app.fonts, label(), rect, theme.px(theme.TEXT, s),
                         theme.INK_SOFT if style == "head" else theme.INK, bold=style != "plain", align="left")
        for rect, label, picked in self.option_labels:
            if picked.visible:
                tx.draw_line(surface, self.app.fonts, label(), rect, theme.px(theme.TEXT, s), theme.INK, bold=True,
                             align="left")
        hint = self.app.t("setup.seed_bad" if self.seed_error else "setup.seed_hint")
        tx.draw_block(surface, self.app.fonts, hint, self.seed_hint, theme.px(theme.TEXT_SMALL, s),
                      theme.RED if self.seed_error else theme.INK_SOFT, align="left")
        if self.name_too_long():
            tx.draw_line(surface, self.app.fonts, self.app.t("saves.name_too_long", n=NAME_LEN), self.name_notice,
                         theme.px(theme.TEXT, s), theme.RED, bold=True, align="left")

    def name_too_long(self) -> bool:
        """A shown seat's name field just refused characters because it is full."""
        return any(row.too_long and row.name.error for row in self.rows[: self._seat_count()])
