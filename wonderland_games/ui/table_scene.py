"""What every game's table scene shares.

A table shows either a live session or a replayed record. The base class runs
the turn loop every game has: bots think on a worker thread, the device passes
between humans behind a curtain (never with a single human), the results open
after a short pause (a game that ended here shows its winner first, ui/finale.py),
undo goes back to the last hidden reveal, and a replay steps forward, back or plays
at the animation speed.

Subclasses set `game_id`, and provide `_ensure_layout(size)`,
`_update_buttons()`, `_after_action(before, events)` (log, sound — see
`_play_events`; the lines it adds to `self.log.entries` are held back and written when
the move's motion ends, `_act`), `_clear_selection()`,
`results_scene()`,
and a `narrator` and `log` for `_rebuild_log()` (or their own); they may
override the small hooks `_reset_view()`, `_own_turn(seat)`,
`_bot_pause(level, legal, seconds)`, `_has_choice()`, `_play_key(event)`,
`_mouse(event)`, `_widgets()` and `_key_targets()`. Every move is shown in motion by `_show_move`
(ui/motion.py, docs/motion.md): its events become beats in `self.timeline`, played
at the animation speed by `_advance(dt)`; `_finish_timeline()` ends it at once, and
what another player changed stays marked until the next acts. A game supplies part
names (`_part_rect`), sprites (`motion_sprite`) and, where data cannot say it,
`motion_beats`.
`_table_buttons()` makes the top bar's buttons (and a replay's) for them.

Keyboard play (ui/table_keys.py): a game lists its table's choosable things as key targets
(`_key_targets()`: cards, spots, dice, cities); the table adds its buttons on show, the game's
own first, and draws the focus. Tab / arrows move it, Enter or Space chooses; Enter with no
focus on show presses the game's main button (`main_button`), Esc drops a half-made choice,
then leaves.

A guided first game (`session.tutorial`) has a coach (ui/coach.py) over the table: it
takes events first, lets through only the learner's actions its step allows, names the
action a bot plays, holds the game while it talks and the results until it is done. It
asks where the table's parts are with `target_rect(name)`: the base knows `button:<name>`
and `region:<name>`, a game adds its own in `_part_rect(kind, arg)`; a scene tells it what
happened that is no action with `coach_signal(name)`. Undo and Suggest are off there.

Phone seats (ui/phone_seats.py, docs/phones.md): a seat played from a phone's browser is waited
for as a bot is, never behind a curtain, and its hand is never shown here.

Hot-seat handoff: the curtain never cuts off the result of a player's own move.
When the turn comes to another human, the one who holds the device first sees
the table as their move (and any bots' after it) left it, with a "Done — pass
to NAME" button (Enter) where the game's main button sits (`main_button`);
Undo still works there. Only then the curtain. Bots play before the Done, while
the device is still in the mover's hands: after Done it goes to the next human,
and a hand on show while bots play would be shown to them. A choice with one
option that the game says reveals nothing (`forced_reveals_nothing`) is taken
for its human at once, curtain or not, and the log says so.

Suggest (the Hint button, key H) asks the Hard bot on the human's view on a
worker thread (ui/hint.py); the game says an action in words with
`describe_action(action)`, shows the suggested one with `_show_hint(action)`
(its own selection or preview, or `ui.hint.ring` round the control that does
`hinted()`) and puts
`hint_lines()` (the suggestion and the best options' win chances) in its panel;
`hint_shortlist(view, legal, count)` picks what a Hard bot that cannot rank compares.
A greyed-out Undo or Suggest says why on hover (`undo_why_not()`, `hint_why_not()`).

Drawing stays cheap however much the table shows: the table is one cached
frame split into disjoint regions (`self._regions`, name -> rect). A subclass
yields `(region, key, paint)` from `_parts()`, the key holding all that the
region shows; `draw` repaints a region over the static base only when its key
changed, then the subclass draws what moves on top in `_draw_overlay`.
"""

from __future__ import annotations

import random
import time

import pygame

from ..core import registry, stats
from ..core.bots import Budget
from ..core.game import IllegalAction
from ..net.host import BOT, PHONE
from . import hint as hints
from . import surfaces, theme
from .app import Scene
from .botrunner import BotRunner
from .coach import Coach
from .finale import Finale
from .motion import OWN_PACE, REDUCED_SECONDS, Timeline, beats_for, draw_beat, draw_marks, marks_for
from .phone_seats import PhoneSeats
from .save_dialog import SaveDialog
from .table_keys import TableKeys, widget_target
from .widgets import Button, draw_tip, resolve

REPLAY_PAUSE = 0.5  # seconds between replayed actions at animation speed 1
END_PAUSE = 0.9  # seconds the final table stays up before the results
REPAINT_SECONDS = 0.003  # repainting regions stops for this frame once it took this long


def button_look(button: Button) -> tuple:
    """All that decides how a button is drawn: a region key part."""
    return (resolve(button.text), button.rect.topleft, button.rect.size, button.hover, button.pressed,
            button.enabled, button.visible, button.focused, button.style)


class TableScene(PhoneSeats, Scene):
    game_id = ""
    main_button = "confirm"  # the game's main action button: the Done button takes its place
    done_before_curtain = True  # False: the game's own view paces the handoff (Dream)
    coach_class = Coach  # a guided game's coach (a game with more to say gives a subclass: Dream)
    turn_regions: tuple = ()  # regions that show whose turn it is: repainted in the same frame, never one late

    def __init__(self, app, session=None, replay=None):
        super().__init__(app)
        self.session = session
        self.record = replay
        if replay is not None:
            from ..core.records import initial_state

            self.replay_base = initial_state(replay)
            self.replay_step = 0
            self.replay_state = self.replay_base.clone()
            self.replay_playing = False
            self.replay_wait = 0.0
        state = self.state
        # statistics count a game once, when it ends at this table: not in a
        # replay, nor when a finished save is opened again
        self.ends_here = replay is None and not state.is_over()  # the end's moment (ui/finale.py) plays then
        self.counts_for_stats = self.ends_here and session.tutorial is None  # a lesson is no real game
        self.seats = list(state.seats)
        self._init_phones(session, replay)
        self.humans = self._table_humans()
        self.viewer = self.humans[0] if len(self.humans) == 1 else None
        self.timeline = Timeline()  # what the last move shows in motion (ui/motion.py)
        self.marks: list = []  # part names of what the others changed since a human last acted, outlined
        self.mover = None  # whose move the timeline shows
        self._held: list = []  # the log lines of the move on show: written when its motion ends
        self._marks_seat = None  # whose actions the marks show
        self.runner = None
        self.hint_runner = None  # the Suggest button's thinking
        self.advice = None  # the suggestion on show (hints.Advice), for the position it was asked in
        self.bots: dict = {}
        self.end_wait = 0.0
        self.results_shown = False
        self.curtain_for = None
        self.handoff_to = None  # the human the Done button passes the device to, while it shows
        self.done_button = Button(app, self._handoff_label, self.hand_over)
        self.done_button.visible = False
        self._forced: set = set()  # indices of the actions taken for a human (their only choice)
        self._forced_at = (None, 0, None)  # (the session's action list, its length, the forced action then)
        self._undo_at = (None, 0, None)  # (the same, _undo_plan() then)
        self.layout = None
        self._bar: list = []  # the top bar's buttons (`_table_buttons`)
        self.dirty = True  # the table must be drawn again
        self._frame = None  # the table as last painted, region by region
        self._base = None  # what lies under every region
        self._regions: dict = {}
        self._keys: dict = {}  # region -> the key it showed when last painted
        self.pointer = None  # where the mouse last moved over this scene, None since another scene was on top
        self.coach = self.coach_class(self, session) if replay is None and session.tutorial is not None else None
        self.keys = TableKeys(app, self.key_targets)

    @property
    def state(self):
        return self.replay_state if self.record is not None else self.session.state

    @property
    def replay(self) -> bool:
        return self.record is not None

    def on_exit(self) -> None:
        """Leaving the table for good: its thinking stops and its phones are let go."""
        if self.phones is not None:
            self.phones.stop()
        self._stop_thinking()

    def _stop_thinking(self) -> None:
        """A bot or a hint thinking about a position that is gone (undo) stops."""
        if self.runner is not None:
            self.runner.cancel()
            self.runner = None
        self.cancel_hint()

    def _speed(self) -> float:
        return max(0.1, float(self.app.settings.animation_speed))

    def _table_buttons(self) -> dict:
        """The top bar's buttons every table has, and a replay's Prev / Play / Next, labelled
        from the game's strings ("<game>.buttons.<name>")."""
        t, game = self.app.t, self.game_id

        def button(name, action, style="secondary"):
            return Button(self.app, lambda: t(f"{game}.buttons.{name}"), action, style=style)

        out = {"ff": button("ff", self.toggle_fast_forward), "undo": button("undo", self.undo),
               "save": button("save", self.open_save), "rules": button("rules", self.open_rules),
               "menu": button("menu", self.to_menu),
               "hint": Button(self.app, lambda: t("table.hint_thinking" if self.hint_runner else "table.hint"),
                              self.ask_hint, style="secondary")}
        out["ff"].tip = lambda: t("table.ff_tip_on" if self.app.settings.fast_forward else "table.ff_tip")  # its face is "▶▶"
        out["undo"].why_not = self.undo_why_not
        out["hint"].why_not = self.hint_why_not
        out["hint"].visible = not self.replay
        self._bar = list(out.values())  # last in the keys' ring: the game's own controls come first
        if self.replay:
            out["prev"] = button("prev", self.replay_prev)
            out["next"] = button("next", self.replay_next)
            out["play"] = Button(self.app, lambda: t(f"{game}.buttons.{'pause' if self.replay_playing else 'play'}"),
                                 self.replay_toggle)
        return out

    # -- Scene hooks -------------------------------------------------------------------
    def on_resize(self, size: tuple) -> None:
        self.layout = None
        self.dirty = True

    def on_enter(self) -> None:
        pygame.key.stop_text_input()
        self._frame = None  # another scene drew over the window: paint every region again
        self.dirty = True
        self.pointer = None  # it moved over the other scene unseen: no hover until it moves (a curtain lifted
        # over the next player's card under the old spot opened its detail, Oz)
        self.keys.resume()

    def update(self, dt: float) -> None:
        """Animate what just happened; once it is shown, the replay or the game moves on."""
        if self.layout is None:
            self._ensure_layout(self.app.screen.get_size())
        if self.phones is not None:
            self._update_phones()
        if self.coach is not None:
            self.coach.update(dt)
        if self.timeline:
            self._advance(dt)
        if not self.timeline:
            if self.replay:
                self._update_replay(dt)
            else:
                self._update_turn(dt)
                self._update_hint()
        self._update_buttons()
        self.buttons["hint"].enabled = self.can_hint()
        self._place_done()
        self._refresh_hover()
        self.keys.sync()

    def _refresh_hover(self) -> None:
        """Each button knows whether the mouse is over it now, not when it last moved: a button
        that came back under a still mouse showed no tooltip, and one hidden while pointed at came
        back lit with its tooltip and its path preview of a state gone by (QA, Oz after a cast)."""
        pos = self.pointer
        for button in self.buttons.values():
            button.hover = False
        for widget in self._widgets():
            widget.hover = pos is not None and widget.rect.collidepoint(pos)
        done = self.done_button
        done.hover = done.visible and pos is not None and done.rect.collidepoint(pos)

    def handle_event(self, event) -> None:
        """Keys go to `_key`, the mouse to the buttons first, the wheel over the log scrolls it;
        any other mouse event goes to the game's `_mouse`."""
        if self.coach is not None and self.coach.handle_event(event):
            return
        if self.timeline and not self.replay and (event.type == pygame.KEYDOWN or (
                event.type == pygame.MOUSEBUTTONDOWN and event.button == 1)):
            self._finish_timeline()  # a click during an animation ends it, and is taken
            self.dirty = True
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        if event.type in (pygame.TEXTINPUT, pygame.TEXTEDITING):
            self.keys.text(event)
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.pointer = event.pos
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.keys.hide()
            if self.done_button.handle_mouse(event):  # it lies over the game's own controls
                return
            if self.phones is not None and self.phones_button.handle_mouse(event):
                return
            for button in self._widgets():
                if button.handle_mouse(event):
                    return
        if self.layout is None:
            return
        if event.type == pygame.MOUSEWHEEL:
            if self.layout.log.collidepoint(pygame.mouse.get_pos()):
                self.log.scroll(event.y * theme.px(40, self.layout.s))
                self.dirty = True
        else:
            self._mouse(event)

    def _widgets(self) -> list:
        """The buttons that take the mouse now."""
        return [b for b in self.buttons.values() if b.visible]

    def _mouse(self, event) -> None:
        """A mouse event no button took: the game's hover and clicks."""

    def key_targets(self) -> list:
        """Everything the keys' focus visits now, in Tab order: the Done button while it shows, the
        game's targets, its buttons, then the top bar's."""
        buttons = [b for b in self._widgets() if isinstance(b, Button) and b.can_focus]
        bar = [b for b in buttons if b in self._bar]
        done = [widget_target(self.done_button)] if self.done_button.can_focus else []
        phones = [widget_target(self.phones_button)] if self.phones is not None and self.phones_button.can_focus else []
        return done + self._key_targets() + [widget_target(b) for b in buttons if b not in bar] + \
            phones + [widget_target(b) for b in bar]

    def _key_targets(self) -> list:
        """The table's own choosable things as `KeyTarget`s (cards, spots, dice), in Tab order."""
        return []

    def _key(self, event) -> None:
        """A focused text field's keys first; Esc drops a half-made choice or leaves, F fast-forwards
        (where its button shows), Ctrl+Z undoes, H suggests, Enter passes the device on (Done); in
        a replay Left/Right/Space step and play; Tab, arrows, Enter and Space move and choose
        (`self.keys`); Enter with no focus on show presses the main button; other keys go to
        `_play_key`."""
        key = event.key
        field = self.keys.focused()
        if field is not None and field.widget is not None and not isinstance(field.widget, Button) \
                and key != pygame.K_ESCAPE and self.keys.key(event):
            return  # a text field's letters are no shortcuts
        if key == pygame.K_ESCAPE:
            if self._has_choice():
                self._drop_choice()
            else:
                self.to_menu()
        elif key == pygame.K_f and self.buttons["ff"].visible:
            self.toggle_fast_forward()
        elif key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
        elif key == pygame.K_h:
            self.ask_hint()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.handoff_to is not None:
            self.done_button.activate()
        elif self.replay and key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_SPACE):
            {pygame.K_LEFT: self.replay_prev, pygame.K_RIGHT: self.replay_next,
             pygame.K_SPACE: self.replay_toggle}[key]()
        elif self.keys.key(event):
            self.dirty = True
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self._main() is not None:
            self._main().activate()
        elif not self.replay:
            self._play_key(event)

    def _main(self):
        """The game's main button while it can be pressed (Enter presses it when nothing shows focused)."""
        button = self.buttons.get(self.main_button)
        return button if button is not None and button.can_focus else None

    def _has_choice(self) -> bool:
        """A choice under way that Esc should drop before it leaves the table."""
        return False

    def _drop_choice(self) -> None:
        """What Esc drops when `_has_choice`: by default the selection."""
        self._clear_selection()

    def _play_key(self, event) -> None:
        """A key on a live table that the game gives a meaning (Enter confirms, ...)."""

    # -- turns -------------------------------------------------------------------------
    def _replay_or_over_status(self, keys: str):
        """The status line of a replay ("<keys>.replay": step i of n) or a finished game
        ("<keys>.over"), or None while a live game goes on."""
        if self.replay:
            return self.app.t(f"{keys}.replay", i=self.replay_step, n=len(self.record.actions))
        if self.state.is_over():
            return self.app.t(f"{keys}.over")
        return self._handoff_status()

    def _waiting_lines(self, over_key: str, wait_key: str):
        """The controls panel's lines when there is nothing for the viewer to plan, else None:
        a replay's step, the end, or whose turn it is (nothing while the viewer's own move plays out)."""
        if self.replay:
            return [(self._status(), 16, theme.INK, False)]
        if self.state.is_over():
            return [(self.app.t(over_key), 20, theme.PLUM, True)]
        handoff = self._handoff_line()
        if handoff is not None:
            return [handoff]
        if self.my_turn():
            return None
        seat = self.state.current_player()
        if seat == self.viewer:
            return []
        return [(self.app.t(wait_key, name=self.seats[seat].name), 16, theme.INK_SOFT, False)]

    def my_turn(self) -> bool:
        """True when the looking human may act now."""
        seat = self.state.current_player()
        return (not self.replay and not self.timeline and seat is not None and seat == self.viewer
                and not self.seats[seat].is_bot)

    def still(self) -> bool:
        """Waiting for the looking human (to move, or to press Done) with nothing animating (nor a
        hint thinking)."""
        return (self.my_turn() or self.handoff_to is not None) and not self.timeline and self.hint_runner is None

    def _update_turn(self, dt: float) -> None:
        """Between animations of a live game: results, a bot's move, a forced choice taken, the
        Done button or the curtain."""
        state = self.state
        if self.coach is not None and self.coach.holds():
            self.handoff_to = None
            return  # the coach talks; the results open from its closing words
        if state.is_over():
            self.handoff_to = None
            if not self.results_shown:
                self.end_wait += dt * self._speed()
                if self.end_wait >= END_PAUSE or self.app.settings.fast_forward:
                    self.results_shown = True
                    self.show_results()
            return
        seat = state.current_player()
        forced = self._forced_now()
        away = None if self.phones is None else self.phones.who(seat)
        if self.seats[seat].is_bot or away == BOT:
            self._update_bot(seat, dt)
        elif forced is not None:
            self._take_for(seat, forced)
        elif away == PHONE:
            self.handoff_to = None
            action = self.phones.take(seat)
            if action is not None:
                self.apply(action)
        elif seat != self.viewer:
            self._pass_to(seat)
        else:
            self.handoff_to = None
            self._own_turn(seat)

    def _own_turn(self, seat: int) -> None:
        """The looking human's turn, each frame (Oz walks a path step by step here)."""

    def _pass_to(self, seat: int) -> None:
        """Hand the device to another human: behind a curtain (never with a single human), once
        the one holding it has pressed Done."""
        if len(self.humans) < 2:
            self.viewer = seat
            self.dirty = True
            return
        if self.curtain_for == seat or self.app.top is not self:
            return
        if self.viewer is not None and self.done_before_curtain:
            if self.handoff_to != seat:
                self.handoff_to = seat
                self.cancel_hint()
                self._clear_selection()
                self.dirty = True
            return
        self.curtain_for = seat
        self.cancel_hint()
        self._clear_selection()
        from ..scenes.curtain import CurtainScene

        self.app.push(CurtainScene(self.app, self.seats[seat].name, lambda: self._reveal(seat), self.session))

    def _reveal(self, seat: int) -> None:
        self.viewer = seat
        self.curtain_for = None
        self.dirty = True

    def hand_over(self) -> None:
        """Done: the mover has seen their move; the curtain comes for the next human."""
        seat = self.handoff_to
        if seat is None or self.timeline or self.app.top is not self:
            return
        self.handoff_to = None
        self.done_button.visible = False
        self.viewer = None  # the device has left the mover's hands
        self.dirty = True
        self._pass_to(seat)

    def _handoff_label(self) -> str:
        seat = self.handoff_to
        return self.app.t("handoff.done", name=self.seats[seat].name if seat is not None else "")

    def _handoff_status(self):
        """The status line while the Done button shows, or while a bot waits for a guided game's
        coach to finish speaking (it is not thinking then); else None."""
        seat = self.state.current_player()
        if self.coach is not None and self.coach.holds() and seat is not None and self.seats[seat].is_bot:
            return self.app.t("tutorial.status_talk", name=self.seats[seat].name)
        if self.handoff_to is None or self.viewer is None:
            return None
        return self.app.t("handoff.status", next=self.seats[self.handoff_to].name)

    def _handoff_line(self):
        """The controls panel's line while the Done button shows, as (text, size, colour, bold), else None."""
        if self.handoff_to is None:
            return None
        return self.app.t("handoff.hint", next=self.seats[self.handoff_to].name), 16, theme.PLUM, True

    def _done_rect(self) -> pygame.Rect:
        """Where the Done button goes: over the game's main action button, widened rightwards to
        hold its label, inside the window; the window's bottom middle when the game has none placed."""
        s = self.layout.s
        w, h = self.app.screen.get_size()
        main = self.buttons.get(self.main_button)
        spot = main.rect.copy() if main is not None and main.rect.width else \
            pygame.Rect(w // 2, h - theme.px(80, s), 0, theme.px(48, s))
        rect = spot.copy()
        rect.width = max(spot.width, self._done_width())
        if not spot.width:
            rect.centerx = spot.left
        rect.width = min(rect.width, w - theme.px(16, s))
        return rect.clamp(pygame.Rect(0, 0, w, h))

    def _done_width(self) -> int:
        """The Done button's width at least: its label and some room."""
        s = self.layout.s
        return self.app.font(theme.px(theme.TEXT_SMALL, s), True).size(self._handoff_label())[0] + theme.px(36, s)

    def _place_done(self) -> None:
        button = self.done_button
        button.visible = self.handoff_to is not None and not self.timeline and self.layout is not None
        if button.visible:
            button.size = theme.TEXT_SMALL
            button.place(self._done_rect(), self.layout.s)

    def _draw_done(self, surface: pygame.Surface) -> list:
        """The Done button over the table, each frame; the rects drawn (a table that copies back
        only what changed wipes them next frame, or the translucent shadow darkens frame by frame)."""
        if not self.done_button.visible:
            return []
        self.done_button.draw(surface)
        room = 2 * theme.px(12, self.layout.s)  # its drop shadow reaches 3 offsets right and down
        return [self.done_button.rect.inflate(room, room)]

    # -- forced choices ------------------------------------------------------------------
    def forced_reveals_nothing(self, action) -> bool:
        """Whether `action`, when it is a human's only legal one, asks them nothing and shows
        nothing hidden, so it is taken for them in hot-seat rather than behind a curtain."""
        return False

    def _forced_in(self, state):
        """The action taken for a human in `state` (hot-seat only), or None."""
        if len(self.humans) < 2 or state.is_over():
            return None
        seat = state.current_player()
        if seat is None or self.seats[seat].is_bot:
            return None
        legal = state.legal_actions()
        return legal[0] if len(legal) == 1 and self.forced_reveals_nothing(legal[0]) else None

    def _forced_now(self):
        """`_forced_in` the live state, worked out once per position."""
        if not self._for_now(self._forced_at):
            self._forced_at = (self.session.actions, len(self.session.actions), self._forced_in(self.state))
        return self._forced_at[2]

    def _for_now(self, entry: tuple) -> bool:
        """Whether a (action list, length, value) cache entry is for the position now: an undo
        makes a new list (the entry holds the old one, so its id is never reused) and a move
        makes it longer."""
        return entry[0] is self.session.actions and entry[1] == len(self.session.actions)

    def _take_for(self, seat: int, action) -> None:
        """Take a human's only choice for them; the log says so."""
        index, told = len(self.session.actions), len(self.log.entries)
        self.apply(action)
        if len(self.session.actions) > index:
            self._forced.add(index)
            self._undo_at = (None, 0, None)  # Undo now passes over it
            line = self._forced_line(seat)  # said first, then what it did
            if self.timeline:
                self._held.insert(0, line)
            else:
                self.log.entries.insert(told, line)
            self.dirty = True

    def _forced_line(self, seat: int) -> tuple:
        return self.app.t("handoff.forced", name=self.seats[seat].name), "quiet"

    def _bot_pause(self, level: str, legal: list, seconds: float):
        """How long a bot seems to think at least (None: as long as it takes)."""
        return None if level == "hard" else min(0.6, seconds)

    def _update_bot(self, seat: int, dt: float) -> None:
        state = self.state
        legal = state.legal_actions()
        if self.runner is None:
            level = self.seats[seat].level
            bot = self.bots.get(seat)
            if bot is None:
                bot = self.bots[seat] = registry.get(self.game_id).make_bot(level)
            seconds = float(self.app.settings.bot_think_seconds)
            pause = self._bot_pause(level, legal, seconds)
            if self.coach is not None:
                reading = self.coach.reading_seconds()  # the coach's words on the move come first
                pause = pause if not reading else max(pause or 0.0, reading)
                scripted = self.coach.bot_action(legal)
                if scripted is not None:
                    bot = _Scripted(scripted)
            budget = Budget(time_limit=max(0.05, seconds)) if level == "hard" else None
            rng = random.Random(self.session.seed * 1000 + len(self.session.actions))
            self.runner = BotRunner(bot, state.view(seat), legal, rng, self.app.settings, budget=budget, pause=pause)
            self.dirty = True  # status line: "thinking"
            return
        self.runner.update(dt)
        if not self.runner.done:
            return
        runner, self.runner = self.runner, None
        action = runner.action if runner.error is None and self._accepts(runner.action, legal) else legal[0]
        self.apply(action)

    def _accepts(self, action, legal: list) -> bool:
        """Is a bot's answer legal now? (A game whose actions carry free text, which `legal` only
        samples, checks its own way.)"""
        return action in legal

    def apply(self, action) -> None:
        """Apply a legal action through the session, then show it."""
        if self.replay or self.timeline:
            return
        self.cancel_hint()
        coached = self._coached(action)
        if coached is not None and coached[0] and not self.coach.allows(action, coached[1]):
            self._clear_selection()  # refused: nothing stays picked as if it might go through
            self.dirty = True
            return
        before = self.state.clone()
        try:
            events = self.session.apply(action)
        except IllegalAction:
            return
        if coached is not None:
            self.coach.acted(action, *coached)
        self._clear_selection()
        self._act(before, events)

    def _act(self, before, events: list) -> None:
        """Tell and show a move just applied: the lines `_after_action` logs are held back until
        its motion ends (`_finish_timeline`), so the log never tells what the table has not yet shown."""
        told = len(self.log.entries)
        self._after_action(before, events)
        self._held.extend(self.log.entries[told:])
        del self.log.entries[told:]
        self._show_move(before.current_player(), events)
        if not self.timeline:
            self._write_held()

    def _coached(self, action):
        """(by the learner?, the legal actions) of the action about to be applied in a guided
        game; None in any other, and for what the table applies on its own (`_is_choice`)."""
        if self.coach is None or not self._is_choice(action):
            return None
        seat = self.state.current_player()
        return seat is not None and not self.seats[seat].is_bot, self.state.legal_actions()

    def _is_choice(self, action) -> bool:
        """Is `action` someone's choice, or something the table applies on its own (Dream's sand
        glass reporting the time)? A guided game's coach judges only choices."""
        return True

    def target_rect(self, name: str):
        """Where the part called `name` is on screen now (a copy), or None when it is not shown:
        the coach's pointers ask each frame, so they follow the layout."""
        if self.layout is None:
            return None
        kind, _, arg = name.partition(":")
        if kind == "button":
            button = self.done_button if arg == "done" else self.buttons.get(arg)
            return button.rect.copy() if button is not None and button.visible else None
        if kind == "region":
            rect = self._regions.get(arg)
            return None if rect is None else pygame.Rect(rect)
        return self._part_rect(kind, arg)

    def coach_home(self):
        """Where the coach speaks when it points at nothing: over the log, which a lesson needs least."""
        log = getattr(self.layout, "log", None)
        return None if log is None else pygame.Rect(log)

    def coach_keep_clear(self) -> list:
        """Rects the coach's words should not cover when it can help it (what the learner reads
        while doing a step: Parade's preview of a take)."""
        return []

    def _part_rect(self, kind: str, arg: str):
        """A game's own part names (`hand:2`, `city:paris`, ...) for `target_rect`."""
        return None

    def coach_signal(self, name: str) -> None:
        """Something happened that is no action (a clue refused): a guided game's step may wait for it."""
        if self.coach is not None:
            self.coach.signal(name)

    def can_undo(self) -> bool:
        """Only the looking human may take back, and only their own move: in hot-seat, one
        player must not undo another's (nor see the table as it was on the other's turn). Only
        while a person is to act, not while the bots move: Undo blinked on between their moves
        as each one's motion ended (QA)."""
        if self.replay or self.timeline or self.viewer is None or self.coach is not None or self._bots_on():
            return False
        return self._undo_plan()[0] == self.viewer

    def _bots_on(self) -> bool:
        """Whether the bots have the game now: a bot to move, or a choice the table takes for a
        person (hot-seat), so no one may act yet."""
        seat = self.state.current_player()
        return seat is not None and (self.seats[seat].is_bot or self._forced_now() is not None
                                     or self.phones is not None and self.phones.who(seat) == BOT)

    def undo_why_not(self) -> str:
        """Why Undo is greyed out now, in words ("" while it works or is hidden)."""
        if self.replay or self.can_undo():
            return ""
        t = self.app.t
        if self.coach is not None:
            return t("tutorial.no_undo")
        if self.timeline:
            return t("table.undo_why.moving")
        if self._bots_on():
            return t("table.undo_why.bots")
        seat, _, blocker = self._undo_plan()
        if seat is not None:
            return t("table.undo_why.not_yours", name=self.seats[seat].name)
        return t(f"table.undo_why.{blocker}")

    def undo(self) -> None:
        if not self.can_undo():
            return
        self._stop_thinking()
        for _ in range(self._undo_plan()[1]):
            self.session.undo()
        self.handoff_to = None
        self.done_button.visible = False
        self._reset_view()

    def _undo_plan(self) -> tuple:
        """(seat, session undos, blocker) of the last human choice Undo takes back: a forced choice
        taken for someone is no choice, so Undo goes on past it to the move before (Ann's die
        pick, not Ben's last die taken for him); seat None when there is none (blocker says why,
        as `Session.undo_blocker`). Worked out once per position."""
        session = self.session
        if self._for_now(self._undo_at):
            return self._undo_at[2]
        humans = [i for i, a in enumerate(session.actors) if a is not None and not self.seats[a].is_bot]
        if not session.can_undo():
            plan = (None, 0, session.undo_blocker())
        elif not humans or humans[-1] not in self._forced:
            plan = (session.undo_seat(), 1, None)
        else:  # undo a copy to see how far back the last real choice lies
            from ..core.session import Session

            trial, count, plan = Session.from_save(session.to_save(), autosave=False), 0, None  # replays the game
            while plan is None:
                if not trial.can_undo():
                    plan = (None, 0, trial.undo_blocker())
                    continue
                seat = trial.undo_seat()
                trial.undo()
                count += 1
                if len(trial.actions) not in self._forced:
                    plan = (seat, count, None)
        self._undo_at = (session.actions, len(session.actions), plan)
        return plan

    # -- motion: what a move looks like (ui/motion.py, data/<game>/motion.yaml) ---------------
    def _show_move(self, seat, events: list) -> None:
        """Mark what `seat` changed unless the looking human made the move themselves, and set
        its beats moving: at the bot pace, quicker for one's own move, as fades with reduced
        motion, not at all when fast-forwarding. The marks gather every bot's move until a person
        acts (at a table of bots alone, until another seat acts). In hot-seat a human's own move is
        marked too, unseen until the device has passed (`mark_rects`)."""
        own = seat is not None and seat == self.viewer and not self.seats[seat].is_bot and not self.replay
        unmarked = own and len(self.humans) < 2  # the lone human's own move: they saw it made
        names = [] if unmarked else [name for e in events for name in self.motion_marks(e)]
        human = seat is not None and not self.seats[seat].is_bot
        if seat != self._marks_seat and (human or not self.humans):
            self.marks = []  # a person acts: every bot's move since the last person's is marked until then
        self.mover = seat
        self.marks.extend(name for name in names if name not in self.marks)
        self._marks_seat = seat
        if self.app.settings.fast_forward or self.layout is None:
            return
        reduced = self.app.settings.reduced_motion
        for e in events:
            for beat in self.motion_beats(e):
                if reduced:
                    beat.duration, beat.delay = min(beat.duration, REDUCED_SECONDS), 0.0
                self.timeline.add(beat)
        self.timeline.pace = 1 / OWN_PACE if own else 1.0
        self.dirty = True

    def turn_seat(self):
        """Whose turn the table shows: the mover while their move is still being shown (a bot's
        last move of its turn is its turn), then the one to move. The header, the side panel and
        the turn marks all ask here, so they always agree."""
        if self.timeline and self.mover is not None:
            return self.mover
        return self.state.current_player()

    def motion_beats(self, event: dict) -> list:
        """The beats of one event: by default from the game's motion table."""
        return beats_for(self.game_id, event, self.motion_sprite, self.layout.s)

    def motion_sprite(self, name: str, event: dict):
        """What a motion entry's `sprite: name` draws for `event` (None: a glowing token)."""
        return None

    def motion_marks(self, event: dict) -> list:
        """The part names that stay marked after `event`: by default its entry's `mark`."""
        return marks_for(self.game_id, event)

    def mark_rects(self) -> list:
        """Where the marks are now (a part no longer shown is skipped); none while a move plays, nor
        for the human who made it (in hot-seat the next human sees them)."""
        seat = self._marks_seat
        if self.timeline or self.layout is None or seat is not None and seat == self.viewer \
                and not self.seats[seat].is_bot:
            return []
        return [rect for rect in map(self.target_rect, self.marks) if rect is not None]

    def _advance(self, dt: float) -> None:
        """Play the timeline at the bot pace setting."""
        self.timeline.advance(dt * self._speed())
        if not self.timeline:
            self._finish_timeline()

    def _finish_timeline(self) -> None:
        """End what moves at once: the table shows the state as it is, the log tells it."""
        self.timeline.finish()
        self._write_held()

    def _write_held(self) -> None:
        """The held log lines of the move just shown, into the log."""
        if self._held:
            self.log.entries.extend(self._held)
            self._held = []
            self.log.offset = 0
            self.dirty = True

    def _draw_motion(self, surface: pygame.Surface) -> list:
        """The marks of what just happened and the beats in motion, over the table: rects drawn on."""
        lay = self.layout
        drawn = draw_marks(surface, self.mark_rects(), lay.s)
        font = self.app.font(max(12, theme.px(20, lay.s)), bold=True)
        for beat, q in self.timeline.now():
            rect = draw_beat(surface, beat, q, self.target_rect, lay.s, self.app.settings.reduced_motion, font)
            if rect is not None:
                drawn.append(rect)
        return drawn

    @property
    def music(self) -> str:
        """The game's own loop at its table (ui/music.py)."""
        return self.game_id

    def _play_events(self, events: list) -> None:
        """The one sound of a move's events, as data/sounds.yaml gives it for this game."""
        self.app.sound.play_events(self.game_id, events)

    def _reset_view(self) -> None:
        """After an undo or a replay jump: the table shows the state as it is now, nothing marked."""
        self._finish_timeline()
        self.marks, self._marks_seat = [], None
        self._clear_selection()
        self._rebuild_log()

    def _rebuild_log(self) -> None:
        """The log from the first action, so it survives loading, undo and replay jumps.
        Told by `self.narrator` (`setup(state)` and `lines(events)`, both lists of log lines)."""
        if self.replay:
            state, actions = self.replay_base.clone(), self.record.actions[:self.replay_step]
        else:
            state, actions = self.session.initial_state(), self.session.actions
        lines = self.narrator.setup(state)
        self._forced = set()
        cut = len(lines)
        for i, action in enumerate(actions):
            cut = len(lines)
            if self._forced_in(state) is not None:  # as the table took it (hot-seat)
                self._forced.add(i)
                lines.append(self._forced_line(state.current_player()))
            lines.extend(self._log_lines(state.apply(action), state))
        self._set_log(lines, cut)

    def _set_log(self, lines: list, last: int) -> None:
        """The log told again (`lines`; the last action's from `last` on): while that action's
        motion still plays, its lines stay held until it ends, as they were."""
        self._held = lines[last:] if self.timeline else []
        self.log.set(lines[:last] if self.timeline else lines)

    def _log_lines(self, events: list, state) -> list:
        """The log lines for the events of one action (`state`: the state after it, for a
        narrator that reads it)."""
        return self.narrator.lines(events)

    # -- the Suggest button ------------------------------------------------------------------
    def can_hint(self) -> bool:
        """Only for the looking human, on their own turn, once per position."""
        return not self.replay and self.coach is None and self.my_turn() and self.still() and self.advice is None

    def hint_why_not(self) -> str:
        """Why Suggest is greyed out now, in words ("" while it works, thinks (its label says
        so) or is hidden)."""
        if self.replay or self.can_hint() or self.hint_runner is not None:
            return ""
        t = self.app.t
        if self.coach is not None:
            return t("tutorial.no_hint")
        if self.timeline:
            return t("table.undo_why.moving")
        if not self.my_turn():
            return t("table.hint_why.not_yours")
        return t("table.hint_why.shown")

    def ask_hint(self) -> None:
        """Start the Hard bot thinking about the human's view (ui/hint.py)."""
        if not self.can_hint():
            return
        state, step = self.state, len(self.session.actions)
        legal = state.legal_actions()
        adviser = hints.Adviser(registry.get(self.game_id), step, hints.merge(legal, self.describe_action),
                                self.hint_shortlist)
        rng = random.Random(self.session.seed * 1000 + step + 500)
        self.hint_runner = BotRunner(adviser, state.view(self.viewer), legal, rng, self.app.settings, pause=0.0)
        self.dirty = True

    def cancel_hint(self) -> None:
        """Forget the hint on show or in flight (the human acted, undid, or the turn passed)."""
        if self.hint_runner is not None:
            self.hint_runner.cancel()
            self.hint_runner = None
        if self.advice is not None:
            self.advice = None
            self.dirty = True

    def _update_hint(self) -> None:
        runner = self.hint_runner
        if runner is None or not runner.done:
            return
        self.hint_runner = None
        self.dirty = True
        advice = runner.action
        if runner.error is not None or advice.step != len(self.session.actions) or not self.still():
            return
        self.advice = advice
        try:
            stats.record_hint(self.game_id)
        except OSError:
            pass  # the hint still shows; only its count is lost
        self._show_hint(advice.options[0][0])

    def _advice(self):
        """The suggestion on show, while it still holds for the position (else None)."""
        advice = self.advice
        if advice is None or self.replay or advice.step != len(self.session.actions) or not self.my_turn():
            return None
        return advice

    def hint_lines(self) -> list:
        """The suggestion and the best other options with their win chances, as
        (text, size, colour, bold) lines for the game's panel; [] when none is on show."""
        advice, t = self._advice(), self.app.t
        if advice is None:
            return []
        def line(key: str, action, chance) -> str:
            shown = hints.percent(chance)  # None: too few playouts to tell
            return t(f"{key}_unsure" if shown is None else key, move=self.describe_action(action), chance=shown)

        (best, chance), others = advice.options[0], advice.options[1:]
        out = [(line("table.hint_best", best, chance), 16, theme.TEAL, True)]
        out += [(line("table.hint_other", a, c), 14, theme.INK_SOFT, False) for a, c in others]
        return out

    def hinted(self):
        """The suggested action on show, or None."""
        advice = self._advice()
        return None if advice is None else advice.options[0][0]

    def describe_action(self, action) -> str:
        """An action in words for the hint (games say it their way)."""
        return " ".join(map(str, action))

    def hint_shortlist(self, view, legal: list, count: int) -> list:
        """The few actions worth comparing by playouts when the game's Hard bot cannot rank
        (ui/hint.py); runs on the hint's thread, so it reads only `view`. Games give their
        Normal bot's best `count`."""
        return legal

    def _show_hint(self, action) -> None:
        """Show the suggested action on the table (the game's selection or preview)."""

    def _draw_tips(self, surface: pygame.Surface) -> list:
        """A greyed-out button's reason under the mouse; the spots drawn."""
        return [r for r in (draw_tip(surface, b) for b in self._widgets()) if r is not None]

    def toggle_fast_forward(self) -> None:
        self.app.settings.fast_forward = not self.app.settings.fast_forward
        try:
            self.app.save_settings()
        except OSError:
            pass  # the toggle still works for this session
        self.dirty = True

    def show_results(self) -> None:
        """The results over the table; a game that ended here first has its moment: the winner's
        name (the results' own banner) and a short celebration over the final table."""
        results = self.results_scene()(self.app, self.session, record_stats=self.counts_for_stats,
                                       log=self.log.entries)
        self.counts_for_stats = False
        if not self.ends_here:
            self.app.push(results)
            return
        self.ends_here = False
        results.fanfare = False  # the moment plays the flourish
        self.app.push(Finale(self.app, results.banner(), results, seed=self.session.seed,
                             keep_clear=self.finale_keep_clear()))

    def finale_keep_clear(self):
        """A rect the end's stars keep clear of (ui/finale.py), or None: a game whose log tells
        the end gives its log."""
        return None

    # -- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Repaint the regions whose key changed into the cached frame, copy it to the window,
        and draw what moves on top."""
        self._ensure_layout(surface.get_size())
        fresh = self._frame is None
        if fresh:
            self._base = self._render_base(surface.get_size())
            self._frame = self._base.copy()
            self._keys = {}
        end = time.perf_counter() + REPAINT_SECONDS
        painted = False
        for name, key, paint in self._parts():
            if self._keys.get(name) == key:
                continue
            if painted and not fresh and time.perf_counter() > end and name not in self.turn_regions:
                continue  # it waits a frame: one long change never makes one long frame
            painted = True
            self._keys[name] = key
            rect = self._regions[name]
            self._frame.blit(self._base, rect, rect)
            self._frame.set_clip(rect)
            paint(self._frame)
            self._frame.set_clip(None)
        surface.blit(self._frame, (0, 0))
        self._draw_overlay(surface)
        self._draw_motion(surface)
        self._draw_keys(surface)
        self._draw_coach_dim(surface)
        self._draw_coach(surface)
        self._draw_done(surface)
        self._draw_phones(surface)
        self._draw_tips(surface)

    def _draw_keys(self, surface: pygame.Surface) -> list:
        """The keys' focus outline over the table and what moves on it: the rects drawn."""
        return self.keys.draw(surface, self.layout.s)

    def _draw_coach_dim(self, surface: pygame.Surface) -> list:
        """A guided game's dim, over the table and what moves on it (Dream's whole stage is drawn
        as its overlay: under it, the words went unseen, QA), under the rings and words: the rects
        drawn on (none without a coach)."""
        return [] if self.coach is None else self.coach.dim(surface)

    def _draw_coach(self, surface: pygame.Surface) -> list:
        """A guided game's rings and words, over the table and what moves on it, under its tips
        (a game draws a hovered card's detail there: under the words it was half hidden, QA): the
        rects drawn on."""
        return [] if self.coach is None else self.coach.draw(surface)

    def _render_base(self, size: tuple) -> pygame.Surface:
        """What lies under every region: the sky and the top bar."""
        base = surfaces.new(size).convert()
        theme.draw_background(base)
        theme.translucent_panel(base, self.layout.top, self.layout.s)
        return base

    def _draw_overlay(self, surface: pygame.Surface) -> None:
        """Things in motion, drawn on the window over the cached frame each frame."""

    # -- menu buttons --------------------------------------------------------------------
    def open_save(self) -> None:
        if self.replay:
            return
        self.app.push(SaveDialog(self.app, self.session))

    def open_rules(self) -> None:
        from ..scenes.rules import RulesScene

        self.app.push(RulesScene(self.app, self.game_id))

    def to_menu(self) -> None:
        from ..scenes.launch import back_to_menu

        back_to_menu(self.app)

    # -- replays -------------------------------------------------------------------------
    def _update_replay(self, dt: float) -> None:
        if not self.replay_playing:
            return
        self.replay_wait += dt * self._speed()
        if self.replay_wait >= REPLAY_PAUSE:
            self.replay_wait = 0.0
            if self.replay_step >= len(self.record.actions):
                self.replay_playing = False
            else:
                self.replay_next()

    def replay_next(self) -> None:
        if not self.replay or self.replay_step >= len(self.record.actions):
            return
        if self.timeline:
            self._finish_timeline()
        before = self.replay_state.clone()
        events = self.replay_state.apply(self.record.actions[self.replay_step])
        self.replay_step += 1
        self._act(before, events)  # a step forward plays; a jump (replay_goto) does not

    def replay_goto(self, step: int) -> None:
        """Rebuild the state by replaying the record from the start."""
        step = max(0, min(step, len(self.record.actions)))
        state = self.replay_base.clone()
        for action in self.record.actions[:step]:
            state.apply(action)
        self.replay_state, self.replay_step = state, step
        self._reset_view()

    def replay_prev(self) -> None:
        if not self.replay or self.replay_step == 0:
            return
        self.replay_playing = False
        self.replay_goto(self.replay_step - 1)

    def replay_toggle(self) -> None:
        self.replay_playing = not self.replay_playing
        self.replay_wait = REPLAY_PAUSE


class _Scripted:
    """A bot that plays the action a guided game's script names (on the bot's worker thread,
    with its usual pause)."""

    def __init__(self, action) -> None:
        self.action = action

    def choose(self, view, legal, rng, budget=None):
        return self.action
