"""Table mode: a real table of 4 to 10 people around one screen.

The table speaks the clues aloud; the screen runs the round and keeps score.
A round, as the players see it (`stage`):

- "reveal": the roles, one player after another, from the dreamer's left. A
  curtain names the next player; they tap to see their role and tap to hide it,
  then pass the screen on. Nobody else sees it. A spirit played from a phone
  (docs/phones.md) sees their role there, so the screen passes them over and
  never draws it; with every spirit on a phone the round goes straight to the
  eyes, which say the roles are on the phones.
- "eyes": "NAME, close your eyes"; Start lets the sand run.
- "dream": the dream word large for the spirits, the sand glass and the time;
  Correct / Wrong / Skip (a skip counts wrong), each moving to the next word;
  Pause (Space) stops the sand.
- "last": time is up: one last guess on the word in play (a skip counts nowhere).
- "story": the correct words; did the dreamer's story mention them all (+2)?
- "scores": the roles revealed, each player's points with the reason and the
  running totals; Next round (or, after the last, the results).

A Penalty button names the player at any time but the private reveal (and
once the game is over, when a penalty can no longer count). A save
resumes in the stage its state allows: a round not begun at its reveal (after
the last round's scores), a dream under way paused with the time it had.
"""

from __future__ import annotations

from functools import partial

import pygame

from ...ui import text as tx
from ...ui import theme
from ...ui.table_keys import widget_target
from ...ui.theme import px
from ...ui.widgets import Button
from . import hourglass, piles
from .narrate import piles as narrate_piles
from .rules import BOOGEYMAN, FAIRY, SANDMAN
from ...net.host import PHONE
from .state import CORRECT, CORRECT_A, DREAM, LAST, OVER, SKIP, SKIP_A, STORY, WRONG, WRONG_A

ROLE_COLOURS = {FAIRY: theme.TEAL, BOOGEYMAN: theme.RED, SANDMAN: theme.PLUM}
STAGE_BUTTONS = {  # the buttons each stage shows in its main row
    "scores": ("next",), "reveal": ("show",), "shown": ("hide",), "eyes": ("start",),
    "dream": ("correct", "wrong", "skip"), "last": ("correct", "wrong", "skip"), "story": ("yes", "no"),
}
PRIMARY = {"next": "next_round", "show": "show_role", "hide": "hide_role", "start": "start", "yes": "story_yes"}
PENALTY_COLUMNS = 2
OUTCOMES = ("correct", "wrong", "skip")


def reveal_order(state) -> list:
    """The spirits from the dreamer's left, clockwise: who looks at a role in turn."""
    seat, order = state.dreamer(), []
    for _ in range(len(state.seats) - 1):
        seat = state.next_spirit(seat)
        order.append(seat)
    return order


def on_phone(scene, seat: int) -> bool:
    """The seat is played from its phone now, where it sees its role (the host may hand it back to
    the screen, scenes/phones.py)."""
    return scene.phones is not None and scene.phones.who(seat) == PHONE


class TableModeView:
    def __init__(self, scene) -> None:
        self.scene = scene
        self.app = scene.app
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.s = 1.0
        self.t = 0.0  # seconds on show, for the falling sand
        self.stage = "reveal"
        self.order: list = []
        self.looking = 0  # index into `order` of the player at the reveal
        self.showing = False  # their role is on screen
        self.resumed = False  # a save was opened in the middle of this dream
        self.choosing = False  # the penalty panel is open
        self.parts: dict = {}
        t = self.app.t
        b = self.buttons = {
            "next": Button(self.app, self._next_label, self.next_round),
            "show": Button(self.app, lambda: t("dream.table.show_role", name=self._looker()), self.show_role),
            "hide": Button(self.app, lambda: t("dream.table.hide_role"), self.hide_role),
            "start": Button(self.app, lambda: t("dream.table.start"), self.start),
            "correct": Button(self.app, lambda: t("dream.table.correct"), partial(self.outcome, CORRECT_A),
                              sound=""),
            "wrong": Button(self.app, lambda: t("dream.table.wrong"), partial(self.outcome, WRONG_A),
                            style="danger", sound=""),
            "skip": Button(self.app, self._skip_label, partial(self.outcome, SKIP_A), style="secondary", sound=""),
            "yes": Button(self.app, lambda: t("dream.table.story_yes"), partial(self.outcome, ("story", 1))),
            "no": Button(self.app, lambda: t("dream.table.story_no"), partial(self.outcome, ("story", 0)),
                         style="secondary"),
            "pause": Button(self.app, self._pause_label, self.toggle_pause, style="secondary"),
            "penalty": Button(self.app, lambda: t("dream.table.penalty"), self.open_penalty, style="secondary"),
            "cancel": Button(self.app, lambda: t("dream.table.cancel"), self.close_penalty, style="secondary"),
        }
        self.pen = [Button(self.app, partial(scene.name, i), partial(self.give_penalty, i), style="secondary")
                    for i in range(len(scene.seats))]
        b["hide"].style = "secondary"
        self._from_state()

    # -- where the round stands ---------------------------------------------------------
    @property
    def state(self):
        return self.scene.state

    def _from_state(self) -> None:
        """The stage the state allows (a new view, a loaded save, a replay jump)."""
        state = self.state
        self.choosing = self.showing = False
        self.looking, self.order = 0, []
        if state.phase != OVER:
            self.arrange_reveal()
        if state.phase == OVER:
            self.stage = "scores"
        elif state.phase in (LAST, STORY):
            self.stage = "last" if state.phase == LAST else "story"
        elif self.scene.replay:
            self.stage = "dream"
        elif not state.cards and state.clock == state.seconds:
            self.stage = "scores" if state.history else "reveal" if self.order else "eyes"
        else:
            self.stage, self.resumed = "dream", True

    def on_events(self, events: list) -> None:
        kinds = [e["type"] for e in events]
        if "round_end" in kinds:
            self._from_state()
            self.stage = "scores"
        elif "time_up" in kinds:
            self.stage = "last"
        elif "story_time" in kinds:
            self.stage = "story"
        elif self.scene.replay or not self._fits():  # a replay shows each step's dream; an undo may leave a stage
            self._from_state()

    def _fits(self) -> bool:
        """The stage on show still fits the state (after an undo)."""
        phase = self.state.phase
        wanted = {DREAM: ("reveal", "eyes", "dream", "scores"), LAST: ("last",), STORY: ("story",),
                  OVER: ("scores",)}[phase]
        return self.stage in wanted

    @property
    def paused(self) -> bool:
        """The dream is on but its sand stopped (Pause, a save or the rules opened, a resumed save)."""
        return self.stage == "dream" and self.scene.sand_stopped()

    def round_on_show(self):
        """The finished round whose scores are on screen (its index), or None."""
        return len(self.state.history) - 1 if self.stage == "scores" and self.state.history else None

    def arrange_reveal(self) -> None:
        """Who looks at the screen for a role: those who looked already this round, then the spirits
        still to look who are not on a phone. Called as a round's reveal begins and when the host
        hands a seat over: a phone that dropped hands its role back to the screen, and the reveal
        comes back for it if the dream has not begun."""
        seen, looker = self.order[:self.looking], self._looking_at()
        rest = [seat for seat in reveal_order(self.state) if seat not in seen and not on_phone(self.scene, seat)]
        self.order = seen + rest
        if self._looking_at() != looker:
            self.showing = False  # the one looking went to their phone: the next one is not let in
        if self.stage == "reveal" and not rest:
            self.stage = "eyes"
        elif self.stage == "eyes" and rest:
            self.stage = "reveal"

    def _looking_at(self):
        """The seat at the reveal now, or None."""
        return self.order[self.looking] if self.looking < len(self.order) else None

    def word_on_phones(self) -> bool:
        """Every spirit sees the word on their phone: the screen keeps it to itself (a dreamer who
        peeks, or is not yet in place, sees nothing there)."""
        return len(self.phone_spirits()) == len(reveal_order(self.state))

    def phone_spirits(self) -> list:
        """The spirits who see their role on their phone this round, from the dreamer's left."""
        return [seat for seat in reveal_order(self.state) if on_phone(self.scene, seat)]

    def _looker(self) -> str:
        seat = self._looking_at()
        return "" if seat is None else self.scene.name(seat)

    # -- the table's taps ------------------------------------------------------------------
    def next_round(self) -> None:
        if self.state.is_over():
            self.scene.finish()
            return
        self.stage, self.looking, self.showing, self.order = "reveal", 0, False, []
        self.arrange_reveal()

    def show_role(self) -> None:
        self.showing = True

    def hide_role(self) -> None:
        self.showing = False
        self.looking += 1
        if self.looking >= len(self.order):
            self.stage = "eyes"
        self.app.sound.play("curtain")

    def start(self) -> None:
        self.stage, self.resumed = "dream", False
        self.scene.start_clock()

    def outcome(self, action) -> None:
        if not self.paused:
            self.scene.apply(action)

    def toggle_pause(self) -> None:
        if self.stage != "dream":
            return
        if self.paused:
            self.resumed = False
            self.scene.start_clock()
        else:
            self.scene.pause_clock()

    def open_penalty(self) -> None:
        self.choosing = True

    def close_penalty(self) -> None:
        self.choosing = False

    def give_penalty(self, seat: int) -> None:
        self.choosing = False
        self.scene.apply(("penalty", seat))

    # -- mode view interface ----------------------------------------------------------------
    def still(self) -> bool:
        return not self.scene.clock_running()

    def update(self, dt: float) -> None:
        self.t += dt
        live = not self.scene.replay
        stage = "shown" if self.stage == "reveal" and self.showing else self.stage
        shown = STAGE_BUTTONS.get(stage, ()) if live else ()
        for name, button in self.buttons.items():
            button.visible = name in shown
        b = self.buttons
        b["pause"].visible = live and self.stage == "dream"
        b["penalty"].visible = live and self.stage != "reveal" and not self.choosing and not self.state.is_over()
        b["cancel"].visible = live and self.choosing
        for button in self.pen:
            button.visible = live and self.choosing
        held = self.paused  # no outcome while the sand is stopped
        for name in shown:
            b[name].enabled = not self.choosing and not (held and name in OUTCOMES)
        b["pause"].enabled = not self.choosing

    def _widgets(self) -> list:
        if self.choosing:
            return [b for b in self.pen + [self.buttons["cancel"]] if b.visible]
        return [b for b in self.buttons.values() if b.visible]

    def key_targets(self) -> list:
        """The buttons on show (the penalty panel's while it is open), for the table's keys."""
        return [widget_target(b) for b in self._widgets() if b.can_focus]

    def handle_event(self, event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            for button in self._widgets():
                if button.handle_mouse(event):
                    return True
            return self.choosing and event.type != pygame.MOUSEMOTION and self.rect.collidepoint(event.pos)
        if event.type != pygame.KEYDOWN or self.scene.replay:
            return False
        if event.key == pygame.K_ESCAPE and self.choosing:
            self.close_penalty()
            return True
        if self.choosing or self.scene.keys.focused_id() is not None:
            return False  # the table's keys choose the focused button
        if event.key == pygame.K_SPACE and self.stage == "dream":
            self.toggle_pause()
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            stage = "shown" if self.stage == "reveal" and self.showing else self.stage
            name = next((n for n in STAGE_BUTTONS.get(stage, ()) if n in PRIMARY), None)
            if name is not None and self.buttons[name].visible and self.buttons[name].enabled:
                self.buttons[name].activate()
                return True
        return False

    # -- layout --------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect, s: float) -> None:
        self.rect, self.s = pygame.Rect(rect), s
        gap = px(12, s)
        inner = self.rect.inflate(-px(24, s), -px(20, s))
        small_h, big_h = px(46, s), px(70, s)
        low = pygame.Rect(inner.left, inner.bottom - small_h, inner.width, small_h)
        row = pygame.Rect(inner.left, low.top - gap - big_h, inner.width, big_h)
        header = pygame.Rect(inner.left, inner.top, inner.width, px(40, s))
        body = pygame.Rect(inner.left, header.bottom + gap, inner.width, row.top - gap - header.bottom - gap)
        self.parts = {"panel": self.rect, "header": header, "body": body, "row": row, "low": low}
        b = self.buttons
        one_w = min(inner.width, px(520, s))
        one = pygame.Rect(0, 0, one_w, big_h)
        one.center = row.center
        for name in ("next", "show", "hide", "start"):
            b[name].place(one, s)
        for names in (("correct", "wrong", "skip"), ("yes", "no")):
            w = min(px(300, s), (row.width - gap * (len(names) - 1)) // len(names))
            left = row.centerx - (w * len(names) + gap * (len(names) - 1)) // 2
            for i, name in enumerate(names):
                b[name].place((left + i * (w + gap), row.top, w, big_h), s)
        side_w = min(px(220, s), (low.width - gap) // 2)
        b["pause"].place((low.left, low.top, side_w, small_h), s)
        b["penalty"].place((low.right - side_w, low.top, side_w, small_h), s)
        for button in list(b.values()) + self.pen:
            button.size = theme.TEXT
        for name in ("pause", "penalty", "cancel"):
            b[name].size = theme.TEXT_SMALL
        self._layout_penalty()

    def penalty_panel(self) -> pygame.Rect:
        s = self.s
        rows = -(-len(self.pen) // PENALTY_COLUMNS) + 1
        h = min(self.rect.height - px(20, s), px(100, s) + rows * px(58, s))
        w = min(self.rect.width - px(20, s), px(560, s))
        panel = pygame.Rect(0, 0, max(1, w), max(1, h))
        panel.center = self.rect.center
        return panel

    def _layout_penalty(self) -> None:
        s, panel = self.s, self.penalty_panel()
        inner = panel.inflate(-px(28, s), -px(20, s))
        title_h, gap = px(60, s), px(10, s)
        rows = -(-len(self.pen) // PENALTY_COLUMNS) + 1
        bh = max(1, min(px(48, s), (inner.height - title_h - gap * rows) // rows))
        bw = (inner.width - gap * (PENALTY_COLUMNS - 1)) // PENALTY_COLUMNS
        for i, button in enumerate(self.pen):
            r, c = divmod(i, PENALTY_COLUMNS)
            button.place((inner.left + c * (bw + gap), inner.top + title_h + r * (bh + gap), bw, bh), s)
            button.size = theme.TEXT_SMALL
        cw = min(inner.width, px(220, s))
        self.buttons["cancel"].place((inner.centerx - cw // 2, inner.bottom - bh, cw, bh), s)
        self.parts["penalty_title"] = pygame.Rect(inner.left, inner.top, inner.width, title_h - gap)

    # -- labels ------------------------------------------------------------------------------
    def _next_label(self) -> str:
        state, t = self.state, self.app.t
        if state.is_over():
            return t("dream.table.to_results")
        return t("dream.table.next_round", name=self.scene.name(state.dreamer()))

    def _skip_label(self) -> str:
        return self.app.t("dream.table.skip_last" if self.stage == "last" else "dream.table.skip")

    def _pause_label(self) -> str:
        return self.app.t("dream.table.resume" if self.paused else "dream.table.pause")

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self.rect.width < 40 or self.rect.height < 40:
            return
        theme.panel(surface, self.rect, self.s, with_shadow=False)
        stage = "shown" if self.stage == "reveal" and self.showing else self.stage
        getattr(self, f"_draw_{stage}")(surface)
        for button in self.buttons.values():
            if button.visible and button is not self.buttons["cancel"]:
                button.draw(surface)
        if self.choosing:
            self._draw_penalty(surface)

    def _line(self, surface, text, rect, size, colour, bold=False, align="center") -> None:
        tx.draw_line(surface, self.app.fonts, text, rect, px(size, self.s), colour, bold=bold, align=align)

    def _block(self, surface, text, rect, size, colour, bold=False) -> None:
        tx.draw_block(surface, self.app.fonts, text, rect, px(size, self.s), colour, bold=bold)

    def _rows(self, rect: pygame.Rect, *shares) -> list:
        """`rect` cut into horizontal bands, each its share of the height."""
        out, y, total = [], rect.top, sum(shares)
        for share in shares:
            h = int(rect.height * share / total)
            out.append(pygame.Rect(rect.left, y, rect.width, h))
            y += h
        return out

    def _header(self, surface, text: str) -> None:
        """The stage's title; where the round's piles show, they flank it (`pile_chips`)."""
        header, chips = self.parts["header"], self.pile_chips()
        if chips:
            room = max(r.width for r, _ in chips.values()) + px(12, self.s)
            header = header.inflate(-2 * room, 0)
            piles.draw(surface, self.app, chips, self.s)
        self._line(surface, text, header, 24, theme.PLUM, bold=True)

    def pile_chips(self) -> dict:
        """The round's piles at the header's two ends while the dream, its last guess, its story or
        its scores show (a finished round's own piles); {} at the reveal and before the dream."""
        state = self.state
        if self.stage in ("dream", "last", "story"):
            counts = {"correct": state.pile(CORRECT), "wrong": state.pile(WRONG)}
        elif self.stage == "scores" and state.history:
            correct, wrong = narrate_piles(state.history[-1]["cards"])
            counts = {"correct": correct, "wrong": wrong}
        else:
            return {}
        return piles.chips(self.app, self.parts["header"], self.s, counts, "ends")

    def part_rect(self, kind: str, arg: str):
        """Where a part a move names is on screen now (scene.py lists them), or None while it is not
        shown: the dream card (or the card the stage shows), the piles, the sand glass."""
        if not self.parts:
            return None
        if kind == "pile":
            placed = self.pile_chips().get(arg)
            return None if placed is None else pygame.Rect(placed[0])
        if (kind, arg) == ("card", "word"):
            if self.stage in ("dream", "last"):
                return pygame.Rect(self._dream_areas()[0])
            if self.stage == "story":
                return self._story_box()
            return None if self.stage == "scores" else self._card()
        if (kind, arg) == ("sand", "glass") and self.stage in ("dream", "last"):
            return hourglass.glass_rect(self._dream_areas()[1])
        return None

    def panel_text(self) -> list:
        """The rects of the words on a panel that covers the table (a finished round's scores: its
        title between the piles, its table), which what moves passes under (scene.py); [] else."""
        if self.stage != "scores" or not self.state.history or not self.parts:
            return []
        chips = self.pile_chips()
        room = max(r.width for r, _ in chips.values()) + px(12, self.s) if chips else 0
        return [self.parts["header"].inflate(-2 * room, 0), pygame.Rect(self.parts["body"])]

    def _draw_reveal(self, surface) -> None:
        t, state = self.app.t, self.state
        self._header(surface, t("dream.table.reveal_title", round=state.round + 1,
                                name=self.scene.name(state.dreamer())))
        card = self._card()
        theme.panel(surface, card, self.s, color=theme.CREAM_DARK)
        phones = self._phones_note()
        a, b, c, d, e = self._rows(card.inflate(-px(30, self.s), -px(24, self.s)), 2, 3, 2, 2, 2 if phones else 0)
        self._line(surface, t("dream.table.pass_to"), a, 26, theme.INK_SOFT)
        self._line(surface, self._looker(), b, 64, theme.PLUM, bold=True)
        self._block(surface, t("dream.table.only_you", name=self._looker()), c, 20, theme.INK_SOFT)
        self._line(surface, t("dream.table.reveal_count", i=self.looking + 1, n=len(self.order)), d, 18,
                   theme.INK_SOFT)
        if phones:
            self._block(surface, phones, e, 18, theme.TEAL)

    def _phones_note(self) -> str:
        """Whose roles are on their phones this round ("" when nobody's is)."""
        seats, t = self.phone_spirits(), self.app.t
        if not seats:
            return ""
        if len(seats) == len(self.state.seats) - 1:
            return t("dream.table.roles_all_on_phones")
        return t("dream.table.roles_on_phones", names=self.app.i18n.join([self.scene.name(s) for s in seats]))

    def _draw_shown(self, surface) -> None:
        t, state = self.app.t, self.state
        seat = self.order[self.looking]
        role = state.roles[seat]
        self._header(surface, t("dream.table.reveal_title", round=state.round + 1,
                                name=self.scene.name(state.dreamer())))
        card = self._card()
        theme.panel(surface, card, self.s, border=ROLE_COLOURS.get(role, theme.PAPER_EDGE))
        a, b, c, d = self._rows(card.inflate(-px(30, self.s), -px(24, self.s)), 2, 3, 3, 2)
        self._line(surface, t("dream.table.you_are", name=self.scene.name(seat)), a, 26, theme.INK_SOFT)
        self._line(surface, t(f"dream.role.{role}"), b, 64, ROLE_COLOURS.get(role, theme.INK), bold=True)
        self._block(surface, t(f"dream.table.aim.{role}"), c, 22, theme.INK)
        self._block(surface, t("dream.table.hide_first"), d, 18, theme.INK_SOFT)

    def _card(self) -> pygame.Rect:
        body = self.parts["body"]
        w, h = min(body.width, px(760, self.s)), min(body.height, px(420, self.s))
        card = pygame.Rect(0, 0, w, h)
        card.center = body.center
        return card

    def _draw_eyes(self, surface) -> None:
        t, state = self.app.t, self.state
        dreamer = self.scene.name(state.dreamer())
        self._header(surface, t("dream.table.round_title", round=state.round + 1, rounds=len(state.seats)))
        card = self._card()
        theme.panel(surface, card, self.s, color=theme.CREAM_DARK)
        phones = self._phones_note()
        a, b, e, c = self._rows(card.inflate(-px(30, self.s), -px(24, self.s)), 4, 3, 2 if phones else 0, 3)
        self._block(surface, t("dream.table.close_eyes", name=dreamer), a, 52, theme.PLUM, bold=True)
        first = self.scene.name(state.next_spirit(state.dreamer()))
        said = "dream.table.spirits_clue_phones" if self.word_on_phones() else "dream.table.spirits_clue"
        self._block(surface, t(said, name=dreamer, first=first), b, 22, theme.INK)
        if phones:
            self._block(surface, phones, e, 20, theme.TEAL, bold=True)
        self._block(surface, t("dream.table.start_when", time=_mmss(state.seconds)), c, 20, theme.INK_SOFT)

    def _dream_areas(self) -> tuple:
        """(word card, sand glass, time) in the body."""
        body, s = self.parts["body"], self.s
        gap = px(16, s)
        glass_w = max(px(120, s), body.width // 4)
        word = pygame.Rect(body.left, body.top, body.width - glass_w - gap, body.height)
        time_h = px(56, s)
        glass = pygame.Rect(word.right + gap, body.top, glass_w, body.height - time_h)
        clock = pygame.Rect(glass.left, glass.bottom, glass_w, time_h)
        return word, glass, clock

    def _draw_dream(self, surface) -> None:
        t, state, scene = self.app.t, self.state, self.scene
        self._header(surface, t("dream.table.card_n", n=len(state.cards) + 1))
        word, glass, clock = self._dream_areas()
        theme.panel(surface, word, self.s, color=theme.WHITE, border=theme.GOLD_DARK)
        a, b, c = self._rows(word.inflate(-px(24, self.s), -px(20, self.s)), 2, 5, 2)
        self._line(surface, t("dream.table.word_caption"), a, 20, theme.INK_SOFT)
        if self.resumed:  # whoever opened the save may be the dreamer: the word waits for Resume
            self._block(surface, t("dream.table.resume_eyes", name=scene.name(state.dreamer())), b, 40, theme.PLUM,
                        bold=True)
        elif self.word_on_phones():
            self._block(surface, t("dream.table.word_on_phones"), b, 40, theme.PLUM, bold=True)
        else:
            self._block(surface, scene.word_name(state.current or ""), b, 96, theme.INK, bold=True)
        note = ""
        if self.stage == "last":
            note = t("dream.table.last_guess")
        elif self.resumed:
            note = t("dream.table.resumed", time=_mmss(scene.clock.shown()))
        elif self.paused:
            note = t("dream.table.paused")
        self._block(surface, note or t("dream.table.dreamer_guesses", name=scene.name(state.dreamer())), c, 22,
                    theme.RED if note else theme.INK_SOFT, bold=bool(note))
        hourglass.draw(surface, glass, scene.clock.share(), scene.clock_running(), self.t, self.s)
        shown = scene.clock.shown()
        colour = theme.RED if shown <= 10 else theme.INK
        self._line(surface, _mmss(shown), clock, 44, colour, bold=True)

    _draw_last = _draw_dream

    def _draw_story(self, surface) -> None:
        t, state, scene = self.app.t, self.state, self.scene
        self._header(surface, t("dream.table.story_title"))
        body = self.parts["body"]
        a, b, c = self._rows(body, 2, 5, 2)
        self._block(surface, t("dream.table.story_tell", name=scene.name(state.dreamer())), a, 22, theme.INK)
        words = self.app.i18n.join([scene.word_name(w) for w in state.correct_words()])
        box = self._story_box()
        theme.panel(surface, box, self.s, color=theme.WHITE, border=theme.GOLD_DARK)
        self._block(surface, words, box.inflate(-px(24, self.s), -px(16, self.s)), 44, theme.TEAL, bold=True)
        self._block(surface, t("dream.table.story_ask"), c, 22, theme.PLUM, bold=True)

    def _story_box(self) -> pygame.Rect:
        """The story stage's box of the correct words."""
        return self._rows(self.parts["body"], 2, 5, 2)[1].inflate(-px(20, self.s), -px(8, self.s))

    def _draw_scores(self, surface) -> None:
        t, state, scene = self.app.t, self.state, self.scene
        if not state.history:
            return
        record, number = state.history[-1], len(state.history)
        self._header(surface, t("dream.table.scores_title", round=number, name=scene.name(record["dreamer"])))
        body, s = self.parts["body"], self.s
        correct = [scene.word_name(w) for w, o, _ in record["cards"] if o == CORRECT]
        wrong = [scene.word_name(w) for w, o, _ in record["cards"] if o in (WRONG, SKIP)]
        pile_c, pile_w = narrate_piles(record["cards"])
        n = len(state.seats)
        words_h = px(56, s)
        self._block(surface, t("dream.table.round_words", correct=self._words(correct), wrong=self._words(wrong)),
                    pygame.Rect(body.left, body.top, body.width, words_h), 18, theme.INK_SOFT)
        row_h = max(1, min(px(40, s), (body.height - words_h - px(8, s)) // (n + 1)))
        top = body.top + words_h + px(8, s)
        cols = self._score_columns(body)
        heads = (t("dream.table.col.player"), t("dream.table.col.role"), t("dream.table.col.points"),
                 t("dream.table.col.why"), t("dream.table.col.total"))
        for (x, w, align), head in zip(cols, heads):
            self._line(surface, head, pygame.Rect(x, top, w, row_h), 17, theme.INK_SOFT, bold=True, align=align)
        totals = state.scores()
        for seat in range(n):
            y = top + (seat + 1) * row_h
            if seat % 2 == 0:
                pygame.draw.rect(surface, theme.CREAM_DARK, (body.left, y, body.width, row_h),
                                 border_radius=px(6, s))
            role = record["roles"][seat]
            reason = t(f"dream.table.reason.{record['reasons'][seat]}", correct=pile_c, wrong=pile_w)
            total = str(totals[seat]) if not state.penalties[seat] else t(
                "dream.table.total_penalties", total=totals[seat], n=state.penalties[seat])
            cells = (scene.name(seat), t(f"dream.role.{role}"), f"+{record['points'][seat]}", reason, total)
            colours = (theme.INK, ROLE_COLOURS.get(role, theme.GOLD_DARK), theme.INK, theme.INK_SOFT, theme.INK)
            for (x, w, align), text, colour in zip(cols, cells, colours):
                self._line(surface, text, pygame.Rect(x, y, w, row_h), 17, colour,
                           bold=text is cells[0] or text is cells[4], align=align)

    def _words(self, words: list) -> str:
        return self.app.i18n.join(words) if words else self.app.t("dream.table.none")

    def _score_columns(self, body: pygame.Rect) -> list:
        """(x, width, align) of the player, role, points, reason and total columns."""
        pad = px(8, self.s)
        shares = (0.19, 0.14, 0.09, 0.41, 0.17)
        x, out = body.left + pad, []
        width = body.width - 2 * pad
        for i, share in enumerate(shares):
            w = int(width * share)
            right = i in (2, 4)
            out.append((x + (0 if right else pad), w - 2 * pad, "right" if right else "left"))
            x += w
        return out

    def _draw_penalty(self, surface) -> None:
        theme.scrim(surface.subsurface(self.rect))
        panel = self.penalty_panel()
        theme.panel(surface, panel, self.s, border=theme.RED)
        self._block(surface, self.app.t("dream.table.penalty_who"), self.parts["penalty_title"], 22, theme.RED,
                    bold=True)
        for button in self.pen + [self.buttons["cancel"]]:
            button.draw(surface)


def _mmss(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}"
