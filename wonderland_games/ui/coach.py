"""The coach of a guided first game: the one for every game's table (docs/tutorials.md).

It speaks in a bubble, rings the part of the table the step names, dims the rest, and waits:
for Next, for the learner's action (refusing others with a gentle word), for a bot's move,
for the end or a scene's signal. It only ever asks the scene where a part is
(`scene.target_rect(name)`), every frame, so its pointers follow the layout on resize.
The step logic is `core.tutorial.Lesson`; the coach keeps its place in `session.tutorial`
and saves it, so a lesson left with Esc resumes at the same step.
"""

from __future__ import annotations

import math

import pygame

from ..core import stats, tutorial
from . import surfaces, theme
from . import text as tx
from .widgets import Button

DIM = (8, 10, 26, 150)  # over everything but the part pointed at
BUBBLE_W = 430  # unscaled width of the bubble
GAP = 14  # unscaled space between the ring and the bubble
READ_LEAST, READ_MOST = 1.0, 5.0  # seconds a bot waits on a step that speaks of its move
READ_SECONDS_PER_CHAR = {"zh": 0.12, "en": 0.04}  # a calm reading pace: ~8 characters, ~25 letters a second
NEXT_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class Coach:
    def __init__(self, scene, session) -> None:
        self.scene, self.app, self.session = scene, scene.app, session
        self.script = tutorial.load_script(session.game_id)
        self.lesson = tutorial.Lesson(self.script, session.tutorial)
        self.pointer = 0  # which of the step's pointed parts is next to click
        self.wrong = None  # the gentle word for a refused action (a function giving it), until the step changes
        self.time = 0.0
        self.bubble = pygame.Rect(0, 0, 0, 0)
        self.closed = False  # the closing words were answered: the results open, the coach is quiet
        t = self.app.t
        self.next_button = Button(self.app, lambda: t("tutorial.next"), self.next)
        self.real_button = Button(self.app, lambda: t("tutorial.real_game"), self.real_game)
        self.scores_button = Button(self.app, lambda: t("tutorial.scores"), self.see_scores, style="secondary")
        self.menu_button = Button(self.app, lambda: t("tutorial.menu"), self.scene.to_menu, style="secondary")
        if self.lesson.finished:
            self._learned()

    # -- what the table asks -------------------------------------------------------------
    def holds(self) -> bool:
        """The game waits while the coach talks, its closing words too: the results open (or a
        game the script left before its end plays on) once they are answered."""
        return not self.closed and (self.lesson.holds() or self.lesson.finished)

    def allows(self, action, legal: list) -> bool:
        """May the learner play `action`? A refused one gets the step's gentle word."""
        if self.lesson.allows(action, legal):
            return True
        self._say_wrong()
        return False

    def _say_wrong(self) -> None:
        """The step's gentle word (a talk step's: read first), with the soft "no"."""
        own = self.lesson.step.wrong if self.lesson.waits_for() == "do" else None
        if own is not None:
            self.wrong = lambda: own[self.app.lang]
        else:
            key = "tutorial.ring" if self.lesson.waits_for() == "do" else "tutorial.wait"
            self.wrong = lambda: self.app.t(key)
        self.scene.dirty = True
        self.app.sound.play("no")

    def bot_action(self, legal: list):
        return self.lesson.bot_action(legal)

    def reading_seconds(self) -> float:
        """How long a bot waits on a step that speaks of its move: time to read the words first
        (they flashed by in a bot's usual second, QA); nothing on other steps."""
        if self.lesson.waits_for() != "bot":
            return 0.0
        words = self.lesson.words()[self.app.lang]
        per_char = READ_SECONDS_PER_CHAR[self.app.lang]
        return min(READ_MOST, READ_LEAST + per_char * len(words))

    def acted(self, action, by_learner: bool, legal: list) -> None:
        if self.lesson.acted(action, by_learner, legal):
            self._moved()

    def signal(self, name: str) -> None:
        if self.lesson.signalled(name):
            self._moved()

    def next(self) -> None:
        if self.lesson.next():
            self._moved()

    def update(self, dt: float) -> None:
        self.time += dt
        if self.scene.state.is_over() and self.lesson.ended():
            self._moved()

    def _moved(self) -> None:
        """A new step (or its then words): a fresh pointer, no old word; the place is saved."""
        self.pointer, self.wrong = 0, None
        self.session.tutorial = {**self.session.tutorial, **self.lesson.position()}
        self.session.save_dealt()
        self.scene.dirty = True
        if self.lesson.finished:
            self._learned()

    def _learned(self) -> None:
        try:
            stats.record_learned(self.session.game_id)
        except OSError:
            pass  # the tile just does not show the mark

    # -- the closing choices -------------------------------------------------------------
    def real_game(self) -> None:
        from ..scenes.launch import open_game

        try:
            session = tutorial.real_game(self.session.game_id, self.app.lang, self.session.seats[0].name)
        except (ValueError, KeyError, OSError) as exc:
            from .dialogs import show_error

            show_error(self.app, self.app.t("setup.failed", error=exc))
            return
        open_game(self.app, session, replace=True)

    def see_scores(self) -> None:
        """The closing words answered: the table's results open as after any game."""
        self.closed = True
        self.scene.dirty = True

    def _buttons(self) -> list:
        if not self.lesson.finished:
            return [self.next_button] if self.lesson.waits_for() == "next" else []
        if self.closed:
            return []
        return [self.real_button, self.scores_button, self.menu_button]

    # -- events --------------------------------------------------------------------------
    def handle_event(self, event) -> bool:
        """True when the coach took the event: its buttons, Enter or Space for Next, a click on
        the bubble. A click on the part pointed at moves the pointer on and goes to the table."""
        if self._waits_for_table():  # words not yet shown cannot be answered, by a click or Enter
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) or (
                event.type == pygame.KEYDOWN and event.key in NEXT_KEYS)
        buttons = self._buttons()
        if event.type == pygame.KEYDOWN and event.key in NEXT_KEYS:
            if buttons and buttons[0] is self.next_button:
                self.next()
                return True
            return False
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            return False
        for button in buttons:
            if button.handle_mouse(event):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.wrong is not None:
                self.wrong = None  # a new try: the old word goes (on the press: a table that acts on it says anew)
                self.scene.dirty = True
            if self._strays(event.pos):
                self._say_wrong()
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            target = self.target()
            if target is not None and target.collidepoint(event.pos):
                self.pointer += 1
                self.scene.dirty = True
        return event.type != pygame.MOUSEMOTION and self._shown() and self.bubble.collidepoint(event.pos)

    def _strays(self, pos) -> bool:
        """A click on the learner's turn, on a "do" step that points, away from the ring, the words
        and the table's buttons: picking another card or city is no action the coach could refuse,
        so it answers the click (Voyage: a wrong card picked went unremarked, QA). A step that lets
        the learner choose among a few points at one way only: there no click strays."""
        lesson, scene = self.lesson, self.scene
        if lesson.waits_for() != "do" or not lesson.pointing() or lesson.step.others or not scene.my_turn():
            return False
        target = self.target()
        if target is None or target.collidepoint(pos) or self.bubble.collidepoint(pos):
            return False
        return not any(b.visible and b.rect.collidepoint(pos) for b in scene.buttons.values())

    # -- drawing -------------------------------------------------------------------------
    def target(self):
        """The rect of the part pointed at now, or None."""
        names = self.lesson.pointing()
        if not names or self.closed:
            return None
        return self.scene.target_rect(names[min(self.pointer, len(names) - 1)])

    def _rings(self) -> list:
        """Every rect ringed now: the part to click next, and those the step shows."""
        if self.closed:
            return []
        rects = [self.scene.target_rect(name) for name in self.lesson.showing()]
        return [r for r in [self.target(), *rects] if r is not None]

    def _waits_for_table(self) -> bool:
        """Words to say while a move is still being shown wait until the table is current (Oz's round
        end spoke with the wizard still on its old cell, QA)."""
        return bool(self.scene.timeline) and self.holds()

    def _shown(self) -> bool:
        return not self.closed and not self._waits_for_table() and (
            self.lesson.words() is not None or self.lesson.finished)

    def _lines(self) -> list:
        """(text, colour, bold) paragraphs of the bubble."""
        lang = self.app.lang
        if self.lesson.finished:
            return [(self._verdict(), theme.PLUM, True), (self.script.closing[lang], theme.INK, False)]
        out = [(self.lesson.words()[lang], theme.INK, False)]
        if self.wrong is not None:
            out.append((self.wrong(), theme.PLUM, True))
        return out

    def dim(self, surface: pygame.Surface) -> list:
        """Everything but the rings dimmed, over the table and what moves on it; the rects drawn on
        (a table that copies only what changed wipes them next frame)."""
        rings = self._rings() if self._shown() else []
        if not rings:
            return []
        s = theme.scale(surface.get_size())
        veil = surfaces.new(surface.get_size(), alpha=True)
        veil.fill(DIM)
        for hole in self._holes(rings, s):
            pygame.draw.rect(veil, (0, 0, 0, 0), hole, border_radius=theme.px(10, s))
        surface.blit(veil, (0, 0))
        return [surface.get_rect()]

    def _verdict(self) -> str:
        """The closing words' first line: who won (the learner did not always), and that every
        rule is known now."""
        state, t = self.scene.state, self.app.t
        if not state.is_over():
            return t("tutorial.done")
        winners = state.result().winners
        if 0 in winners:
            return t("tutorial.done_won")
        return t("tutorial.done_lost", winner=self.app.i18n.join([self.session.seats[i].name for i in winners]))

    def draw(self, surface: pygame.Surface) -> list:
        """The rings and the bubble, over the table and what moves on it, under its tips (a card's
        detail asked for by hovering shows whole); the rects drawn on."""
        if not self._shown():
            return []
        s = theme.scale(surface.get_size())
        rings = self._rings()
        holes = self._holes(rings, s)
        pulse = 0.5 + 0.5 * math.sin(self.time * 4.0)
        for hole in holes:
            ring = hole.inflate(int(theme.px(6, s) * pulse), int(theme.px(6, s) * pulse))
            pygame.draw.rect(surface, theme.GOLD_LIGHT, ring, max(3, theme.px(4, s)), border_radius=theme.px(12, s))
        self._draw_bubble(surface, rings, s)
        grow = theme.px(12, s)
        return [self.bubble.inflate(grow, grow)] + [hole.inflate(grow, grow) for hole in holes]

    @staticmethod
    def _holes(rings: list, s: float) -> list:
        return [rect.inflate(theme.px(12, s), theme.px(12, s)) for rect in rings]

    def _draw_bubble(self, surface, rings: list, s) -> None:
        font, bold = self.app.font(theme.px(theme.TEXT_SMALL, s)), self.app.font(theme.px(theme.TEXT_SMALL, s), True)
        pad = theme.px(16, s)
        home = self.scene.coach_home() if not rings and not self.lesson.finished else None
        width = theme.px(BUBBLE_W, s) if home is None else max(theme.px(300, s), min(home.width, theme.px(BUBBLE_W, s)))
        width = max(1, min(width, surface.get_width() - pad * 4))
        inner = width - pad * 2
        paragraphs = [(tx.wrap(bold if b else font, text, inner), colour, bold if b else font)
                      for text, colour, b in self._lines()]
        line_h = font.get_linesize()
        text_h = sum(len(lines) for lines, _, _ in paragraphs) * line_h + theme.px(8, s) * (len(paragraphs) - 1)
        buttons = self._buttons()
        button_h = theme.px(44, s)
        rows = len(buttons) if self.lesson.finished else min(1, len(buttons))
        height = pad * 2 + text_h + rows * (button_h + theme.px(10, s))
        self.bubble = self._place(surface.get_rect(), pygame.Rect(0, 0, width, height), rings,
                                  self.scene.coach_keep_clear() if rings else [], home, s)
        theme.panel(surface, self.bubble, s, color=theme.CREAM, border=theme.GOLD)
        y = self.bubble.top + pad
        for lines, colour, used in paragraphs:
            for line in lines:
                surface.blit(tx.render(used, line, colour), (self.bubble.left + pad, y))
                y += line_h
            y += theme.px(8, s)
        y = self.bubble.bottom - pad - rows * (button_h + theme.px(10, s)) + theme.px(10, s)
        if self.lesson.finished:
            for button in buttons:
                button.place((self.bubble.left + pad, y, inner, button_h), s)
                button.draw(surface)
                y += button_h + theme.px(10, s)
        elif buttons:
            wide = min(inner, theme.px(160, s))
            buttons[0].place((self.bubble.right - pad - wide, y, wide, button_h), s)
            buttons[0].draw(surface)

    def _place(self, window: pygame.Rect, box: pygame.Rect, rings: list, clear: list, home, s) -> pygame.Rect:
        """Beside the part pointed at (the first ring), over none of the rings nor what the table
        keeps clear (`clear`: Parade's preview of a take): below, above, right or left, the first
        that fits the window, else where it covers least (the rings count most); with nothing
        pointed at, in the table's home for it (its log, the part a lesson needs least), else
        low in the middle."""
        margin = theme.px(12, s)
        room = window.inflate(-margin * 2, -margin * 2)
        if not rings:
            if home is not None:
                box.topright = home.topright
            else:
                box.midbottom = (room.centerx, room.bottom - theme.px(90, s))
            return box.clamp(room)
        target, gap = rings[0], theme.px(GAP + 12, s)
        spots = [dict(midtop=(target.centerx, target.bottom + gap)), dict(midbottom=(target.centerx, target.top - gap)),
                 dict(midleft=(target.right + gap, target.centery)), dict(midright=(target.left - gap, target.centery))]
        best = None
        for spot in spots:
            placed = box.copy()
            for anchor, point in spot.items():
                setattr(placed, anchor, point)
            placed = placed.clamp(room)
            covered = sum(_area(placed.clip(ring.inflate(gap, gap))) for ring in rings) * 4 + sum(
                _area(placed.clip(rect)) for rect in clear)
            if not covered:
                return placed
            if best is None or covered < best[0]:
                best = (covered, placed)
        return best[1]


def _area(rect: pygame.Rect) -> int:
    return rect.width * rect.height
