"""The Dream Teller table: the shell both modes share, and the dream's clock.

The scene owns the top bar, the side column (players with their running
totals and penalties, the log) and the sand-glass clock, and hands the rest of
the window to a MODE VIEW picked by `state.mode`: `table_view.TableModeView`
(a real table around one screen) or `bot_view.BotModeView` (one person and
bots). A mode view has `layout(rect, s)`, `draw(surface)` (every frame, over
the cached frame), `handle_event(event) -> bool` (True: used; it sees every
event first), `update(dt)`, `on_events(events)` (the engine events of each
applied action) and `still() -> bool`; the bot view also `holds()` (the bots wait)
and `bot_pause(level, legal, seconds)` (their pace).

The clock (`clock.SandClock`) is one model for both modes: it runs in real
seconds while a view has started it and nothing covers the table; whatever
stops it (Pause, a save, the rules, a loaded save) leaves it stopped, and the
view shows the sand as stopped and how to go on (`sand_stopped`) until the
person or the table starts it again. The engine hears it as actions: before
every other action in the dream, a bot's clue too, the scene applies
`("clock", s)` (also when it pauses, before a save, the rules or leaving), and
`("time_up",)` when the sand runs out; the session autosaves after each, so a
round resumes with the time it had when its last action was taken. Ticks sound
in the last ten seconds and an alarm at the end.

The parts a guided game's coach points at (`_part_rect`; docs/tutorials.md), in bot mode:
`control:begin|send|skip|listen|next|pause` (the view's buttons, while shown),
`field:text` (where clues, guesses and the story are typed), `card:word` (the
dream card), `role:me` (the top line with the person's secret role),
`scores:table` (a finished round's scores), and in both modes `player:N` (a
row of the players panel: total and penalties). What moves (data/dream/motion.yaml, moves.py)
names these too, and `score:N` (a row's total), `pile:correct|wrong` (the round's piles),
`lift:correct|wrong` (the card's edge by its pile),
`sand:glass`, `stage:centre`, and in bot mode `seat:N` and `bubble:N` (a seat's token and its
speech bubble round the table).

Table mode has no curtain of the base class (the view raises its own between
the players who look at their roles), no bots, no Suggest and no fast-forward;
Undo takes back a penalty given by mistake (with the clock reports after it).
A seat played from a phone (ui/phone_link.py) sees its role, and as a spirit the
word, on its phone (phone.py): the reveal passes it over, the host may hand it to
this screen and back but never to a bot, and the table never waits for it. Bot
mode's screen is its person's, so the setup refuses a phone seat there and a
save that has one plays it here.
"""

from __future__ import annotations

import pygame

from ...net.host import PHONE
from ...net.host import TABLE as PHONE_TABLE
from ...ui import text as tx
from ...ui import theme
from ...ui.log_panel import LogPanel
from ...ui.seat_line import draw_name_and_kind
from ...ui.table_scene import TableScene, button_look
from ...ui.theme import px
from . import moves
from .clock import SandClock
from .coaching import DreamCoach
from .layout import compute
from .lexicon import load_lexicon
from .narrate import Narrator, describe_action, word_name
from .state import BOTS, DREAM, GAME_ID, TABLE, TIME_UP

CLOCK_KINDS = ("clock", "time_up")  # what the sand says: never a move to take back on its own


class DreamScene(TableScene):
    game_id = GAME_ID
    done_before_curtain = False  # the sand clock runs on: its views pace the handoff as they always did
    coach_class = DreamCoach  # bots' scripted words said in the lesson's language

    def __init__(self, app, session=None, replay=None):
        if session is not None and session.phones and session.state.mode == BOTS:
            session.phones = []  # bot mode's screen is its person's (the setup refuses phones there): they play here
        super().__init__(app, session, replay)
        state = self.state
        self.lexicon = load_lexicon()
        self.score_lag = None  # the players' totals before a round's points, until they land (moves.py)
        self._piles_of = None  # the round whose piles are marked (`_drop_stale_piles`)
        self.clock = SandClock(state.seconds, state.clock)
        self.narrator = (TableNarrator(app, self.seats, self.lexicon) if state.mode == TABLE else
                         Narrator(app, self.seats, self.lexicon, viewer=self.viewer))
        self.log = LogPanel(app, lambda: app.t("dream.log.title"))
        self._end_lines: list = []  # the end in words, written at the end's moment (`show_results`)
        self.buttons = self._table_buttons()
        self.view = self._make_view()
        self._rebuild_log()

    def _make_view(self):
        if self.state.mode == TABLE:
            from .table_view import TableModeView

            return TableModeView(self)
        from .bot_view import BotModeView

        return BotModeView(self)

    # -- what the views read --------------------------------------------------------
    def word_name(self, word: str) -> str:
        """A dream word in the app's language."""
        return word_name(self.app, self.lexicon, word)

    def name(self, seat: int) -> str:
        return self.seats[seat].name

    # -- phone seats (table mode: each spirit's role and the word on their phone, phone.py) ----------
    def phone_hands(self) -> tuple:
        """Table mode's seats are people round the table: a phone seat is its phone or this screen."""
        return (PHONE, PHONE_TABLE) if self.state.mode == TABLE else super().phone_hands()

    def phone_moment(self):
        """Table mode's stage: a spirit's phone shows the word once the dream has begun, in step
        with the screen (not while the last round's scores still show)."""
        return self.view.stage if self.state.mode == TABLE else None

    def hand_phone_seat(self, seat: int, who: str) -> None:
        """A seat handed to its phone or back to this screen: the reveal asks for it or passes it over."""
        super().hand_phone_seat(seat, who)
        if self.state.mode == TABLE:
            self.view.arrange_reveal()

    # -- the clock --------------------------------------------------------------------
    def clock_running(self) -> bool:
        """The sand runs (started, in the dream); in a guided game only while a bot's scripted move
        is awaited, never while the coach talks or waits for the learner to read and type."""
        return self.clock.running and self.state.phase == DREAM and not self.replay and (
            self.coach is None or self.coach.lesson.waits_for() == "bot")

    def sand_stopped(self) -> bool:
        """The dream is on but its sand does not run: the view says so and offers to go on."""
        return self.state.phase == DREAM and not self.replay and not self.clock.running

    def start_clock(self) -> None:
        """Let the sand run (the dream starts or goes on after a pause)."""
        if not self.replay and self.state.phase == DREAM and self.clock.left > 0:
            self.clock.running = True

    def pause_clock(self) -> None:
        """Stop the sand and tell the engine the time left."""
        self.clock.running = False
        self.report_clock()

    def report_clock(self) -> None:
        if self.replay or self.session is None or self.state.phase != DREAM:
            return
        action = self.clock.report(self.state.clock)
        if action is not None:
            self.apply(action)

    def _is_choice(self, action) -> bool:
        return action[0] not in ("clock", TIME_UP[0])

    def apply(self, action) -> None:
        """Any action but a clock report, the person's or a bot's: the time left first, so the
        autosave after it holds the time as it was (a crash never gives the round extra sand).
        A bot still thinking (the sand ran out under it) thinks again in the new position. A move
        on show never holds an action (the sand's time-up, a guess sent during a bot's clue): it
        lands at once, and the action is taken."""
        if self.timeline and not self.replay:
            self._finish_timeline()
        if action[0] != "clock":
            if self.runner is not None:
                self.runner.cancel()
                self.runner = None
            self.report_clock()
        super().apply(action)

    def _update_clock(self, dt: float) -> None:
        if self.clock_running():
            for sound in self.clock.advance(dt):
                self.app.sound.play(sound)
        if self.clock.left <= 0 and self.state.phase == DREAM and not self.replay:
            self.apply(TIME_UP)  # again next frame if an animation held it back

    # -- motion (ui/motion.py, data/dream/motion.yaml, moves.py) -------------------------
    def _advance(self, dt: float) -> None:
        """Play what moves; a bot to act thinks on meanwhile, so the sand's seconds between clues
        are what they were without motion (a dreaming person never loses clues to it)."""
        super()._advance(dt)
        seat = self.state.current_player()
        if self.timeline and not self.replay and seat is not None and self.seats[seat].is_bot:
            self._update_turn(dt)

    def _show_move(self, seat, events: list) -> None:
        """The sand's own reports are nobody's move: the marks of the last mover stay."""
        if all(e["type"] in CLOCK_KINDS for e in events):
            seat = self._marks_seat
        super()._show_move(seat, events)
        if any(e["type"] == "card" for e in events):  # its round: the one that ended with it, else this one
            self._piles_of = next((e["round"] for e in events if e["type"] == "round_end"), self.state.round)

    def _drop_stale_piles(self) -> None:
        """A pile's mark ends with its round: once the piles on show are another round's (reset for the
        next dream, past a round's scores), it goes, though nobody has acted since (QA: it stayed)."""
        shown = self.view.round_on_show()
        if self._piles_of is not None and self._piles_of != (self.state.round if shown is None else shown):
            self.marks = [m for m in self.marks if not m.startswith("pile:")]
            self._piles_of = None

    def motion_beats(self, event: dict) -> list:
        return moves.beats(self, event)

    def motion_marks(self, event: dict) -> list:
        return moves.marks(self, super().motion_marks(event))

    def land_scores(self) -> None:
        """A round's points have reached the players' rows: their totals show them."""
        self.score_lag = None
        self.dirty = True

    def _finish_timeline(self) -> None:
        super()._finish_timeline()
        self.land_scores()

    def _draw_motion(self, surface: pygame.Surface) -> list:
        """What moves, under the words of a panel that covers the table (a round's scores: the next
        card dealt and the points flying to the rows crossed its story, QA) and under the clue or
        guess being typed: both are put back over anything that crossed them."""
        area = surface.get_rect()
        panel = self.view.panel_text() if self.timeline else []  # (the marks show once nothing moves)
        words = [(rect, surface.subsurface(rect).copy()) for rect in (r.clip(area) for r in panel)
                 if rect.width and rect.height]
        drawn = super()._draw_motion(surface)
        for rect, pixels in words:  # (always: a gain's figure rises above the rect a beat gives)
            surface.blit(pixels, rect)
        field = getattr(self.view, "field", None)
        if field is not None and field.visible and field.rect.collidelist(drawn) >= 0:
            field.draw(surface)
        return drawn

    # -- Scene hooks ------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self._update_clock(dt)  # first: a bot acting this frame reports the sand as it is now
        super().update(dt)
        self._drop_stale_piles()
        self.view.update(dt)

    def handle_event(self, event) -> None:
        """The mode view sees events first (its field and buttons), but a guided game's coach
        before it: Enter is its Next while it talks, and its bubble lies over the view."""
        coach = self.coach
        if coach is not None and event.type == pygame.KEYDOWN and coach.handle_event(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.keys.hide()  # a click on the view's buttons too: the keys' outline goes
        on_bubble = coach is not None and getattr(event, "pos", None) is not None and coach.bubble.collidepoint(
            event.pos)
        if self.layout is not None and not on_bubble and self.view.handle_event(event):
            return
        super().handle_event(event)

    def still(self) -> bool:
        """Idle while nothing moves: not while the sand runs, a bot thinks or results are due."""
        if self.clock_running() or self.timeline or self.hint_runner is not None or self.runner is not None:
            return False
        if self.state.is_over() and not self.results_shown and self.state.mode == BOTS:
            return False
        return self.view.still()

    def on_exit(self) -> None:
        """Leaving the table for good (the menu, quitting): the autosave keeps the time left."""
        super().on_exit()
        self.clock.running = False
        self.report_clock()

    def _ensure_layout(self, size: tuple) -> None:
        if self.layout is not None and self.layout.size == tuple(size):
            return
        lay = self.layout = compute(tuple(size), len(self.seats), replay=self.replay, table=self.state.mode == TABLE)
        for name, rect in list(lay.buttons.items()) + list(lay.replay.items()):
            self.buttons[name].place(rect, lay.s)
            self.buttons[name].size = theme.TEXT_SMALL
        self._regions = lay.regions()
        self._frame = None
        self.view.layout(lay.main, lay.s)

    def results_scene(self):
        from .results import DreamResultsScene

        return DreamResultsScene

    def _clear_selection(self) -> None:
        """Nothing is picked on this table: the views keep their own state."""

    def _has_choice(self) -> bool:
        """A guess, clue or story half typed: Esc clears it first, then leaves (QA: it was lost)."""
        field = getattr(getattr(self, "view", None), "field", None)
        return field is not None and field.visible and bool(field.text)

    def _drop_choice(self) -> None:
        self.view.field.set_text("")

    def _key_targets(self) -> list:
        """The mode view's field and buttons (ui/table_keys.py)."""
        view = getattr(self, "view", None)  # None while the view is being made
        return [] if self.replay or view is None else view.key_targets()

    # -- turns -----------------------------------------------------------------------
    def _update_turn(self, dt: float) -> None:
        """Table mode: the view leads (every action is the table's, said for the dreamer's seat);
        bot mode: the base class's turn loop, unless the view holds the bots."""
        if self.state.mode == TABLE:
            self.viewer = self.state.current_player()
        elif self.coach is not None and self.coach.closed and self.state.is_over():
            self.finish()  # the lesson's closing words answered: its results, as Next would show them
        elif not self.view.holds():
            super()._update_turn(dt)

    def _accepts(self, action, legal: list) -> bool:
        """A bot's clue or guess is free text: the engine's own check, not the sample in `legal`."""
        return action in legal or (isinstance(action, tuple) and bool(action) and self.state._is_legal(action))

    def _bot_pause(self, level: str, legal: list, seconds: float):
        """Bot mode: the view paces the bots (a clue every few seconds, as at a table)."""
        return self.view.bot_pause(level, legal, seconds)

    def finish(self) -> None:
        """The table asked for the results (after the last round's scores)."""
        if self.state.is_over() and not self.results_shown:
            self.results_shown = True
            self.show_results()

    def describe_action(self, action) -> str:
        return describe_action(self.app, self.state, action)

    def can_hint(self) -> bool:
        """No Suggest in either mode: table mode's moves are the table's, and in bot mode the shared
        adviser's playouts of whole dreams took some 30 s and could only offer a word id (the clue
        menu) as a clue, not a word in the game's language."""
        return False

    def can_undo(self) -> bool:
        """Something to take back besides the clock: the move Undo reaches past the sand's reports
        (`_undone`); in table mode a penalty, in bot mode the person's own move, but never a refused
        clue's penalty (the clue checker's verdict, not a move). A pause is a report, not a move:
        after one, Undo stays off unless a move of the person's own lies within reach."""
        if not super().can_undo():
            return False
        found = self._undone()
        if found is None:
            return False
        action, seat = found
        if self.state.mode == TABLE:
            return action[0] == "penalty"
        return seat == self.viewer and action[0] != "penalty"

    def _undone(self):
        """(action, seat) of the first human action Undo can still reach that is no report of the
        sand's, or None: what `undo` would take back."""
        session = self.session
        index = next((i for i in session.undo_targets() if session.actions[i][0] not in CLOCK_KINDS), None)
        return None if index is None else (session.actions[index], session.actors[index])

    def undo_why_not(self) -> str:
        """As every table's, but after a pause (the sand's report is the person's) it says there is
        no move of theirs to take back, not that the move is another's."""
        why = super().undo_why_not()
        if why and super().can_undo():
            return self.app.t("table.undo_why.nothing")
        return why

    def undo(self) -> None:
        """Take back the last penalty, passing over the clock's reports and the time-up after it
        (the time is not a move: the sand that ran out stays out)."""
        if not self.can_undo():
            return
        self._stop_thinking()  # (not the clock's report: the sand that ran out stays out)
        while self.can_undo():
            before = list(self.session.actions)
            self.session.undo()
            if before[len(self.session.actions)][0] not in CLOCK_KINDS:
                break
        self._reset_view()
        if self.state.phase == DREAM and self.clock.left <= 0:
            self.apply(TIME_UP)
        self.clock.left = min(self.clock.left, float(self.state.clock))

    def open_save(self) -> None:
        self.pause_clock()
        super().open_save()

    def open_rules(self) -> None:
        self.pause_clock()
        super().open_rules()

    def _after_action(self, before, events: list) -> None:
        kinds = {e["type"] for e in events}
        if self.replay or "round" in kinds or "time_up" in kinds or "game_end" in kinds:
            self.clock = SandClock(self.state.seconds, self.state.clock)
        self.log.entries.extend(self._log_lines(events, self.state))
        self.log.offset = 0
        self._play_events(events)
        self.view.on_events(events)
        self.dirty = True

    def _log_lines(self, events: list, state) -> list:
        """A live game's end ("Game over: … wins") waits for its moment, when the results come
        (`show_results`): the log said it while the last round's scores were still on show."""
        if self.replay or self.results_shown or not any(e["type"] == "game_end" for e in events):
            return self.narrator.lines(events, state)
        lines = self.narrator.lines([e for e in events if e["type"] != "game_end"], state)
        self._end_lines = self.narrator.lines([e for e in events if e["type"] == "game_end"], state)
        return lines

    def _rebuild_log(self) -> None:
        self._end_lines = []  # an undo may have taken the end back
        super()._rebuild_log()

    def show_results(self) -> None:
        """The end's moment: the log tells the end as the winners' moment and the results come."""
        self._write_held()
        if self._end_lines:
            self.log.entries.extend(self._end_lines)
            self._end_lines = []
            self.log.offset = 0
        super().show_results()

    def finale_keep_clear(self):
        """The end's stars fall beside the log, whose last lines tell how the game ended."""
        return None if self.layout is None else self.layout.log

    def _reset_view(self) -> None:
        super()._reset_view()
        if self.replay:
            self.clock = SandClock(self.state.seconds, self.state.clock)
        self.view.on_events([])

    # -- the guided game's parts -------------------------------------------------------
    def _part_rect(self, kind: str, arg: str):
        """The rect on screen now of a part the coach names (see the module docstring), or None."""
        if self.layout is None:
            return None
        if kind in ("player", "score"):
            rows = self.layout.player_rows()
            if not arg.isdigit() or int(arg) >= len(rows):
                return None
            row = rows[int(arg)]
            return row if kind == "player" else pygame.Rect(row.right - 2 * row.height, row.top, 2 * row.height,
                                                            row.height)
        if kind == "lift":  # the card's edge by its pile, where a judged card leaves from
            pile, card = self.target_rect(f"pile:{arg}"), self.target_rect("card:word")
            if pile is None or card is None:
                return None
            pile.centery = card.bottom if pile.centery > card.centery else card.top
            return pile
        if (kind, arg) == ("stage", "centre"):  # where what has no part of its own moves from
            rect = pygame.Rect(0, 0, px(110, self.layout.s), px(70, self.layout.s))
            rect.center = self.layout.main.center
            return rect
        part = getattr(self.view, "part_rect", None)
        return part(kind, arg) if part is not None else None

    # -- buttons and drawing ------------------------------------------------------------
    def _update_buttons(self) -> None:
        b = self.buttons
        table = self.state.mode == TABLE
        b["undo"].enabled = self.can_undo()
        b["undo"].visible = b["save"].visible = not self.replay
        b["ff"].visible = not table
        b["hint"].visible = False
        b["ff"].style = "primary" if self.app.settings.fast_forward else "secondary"

    def _status(self) -> str:
        t, state = self.app.t, self.state
        fixed = self._replay_or_over_status("dream.table.status")
        if fixed is not None:
            return fixed
        shown = self.view.round_on_show()
        if shown is not None:  # this round's scores, not the next round (its dreamer is named on Next)
            return t("dream.clock.status_scores", round=shown + 1, rounds=len(self.seats),
                     name=self.name(state.history[shown]["dreamer"]))
        return t("dream.table.status.round", round=state.round + 1, rounds=len(self.seats),
                 name=self.name(state.dreamer()))

    def _parts(self):
        lay, s, lang = self.layout, self.layout.s, self.app.lang
        status = self._status()
        yield "status", (status, lang), lambda f: tx.draw_line(f, self.app.fonts, status, lay.status, px(21, s),
                                                               theme.GOLD_LIGHT, bold=True, align="left")
        top = [self.buttons[n] for n in lay.buttons]
        yield "buttons", tuple(map(button_look, top)), lambda f: [b.draw(f) for b in top]
        rows = self._player_lines()
        yield "players", (lang, lay.size, tuple(rows)), lambda f: self._paint_players(f, rows)
        entries = self.log.entries
        yield "log", (lang, len(entries), entries[-1] if entries else None, self.log.offset), \
            lambda f: self.log.draw(f, lay.log, s)

    def _player_lines(self) -> list:
        """(name, total, penalties, dreaming now, kind) per seat: nobody dreams while a round's scores
        show; a seat played from its phone now says so."""
        state = self.state
        dreamer = None if state.is_over() or self.view.round_on_show() is not None else state.dreamer()
        scores = self.score_lag or state.scores()
        kinds = self.seat_kinds()
        return [(self.name(i), scores[i], state.penalties[i], i == dreamer, kinds[i]) for i in range(len(self.seats))]

    def _paint_players(self, frame, rows) -> None:
        lay, s, t, fonts = self.layout, self.layout.s, self.app.t, self.app.fonts
        theme.panel(frame, lay.players, s, with_shadow=False)
        tx.draw_line(frame, fonts, t("dream.table.players"), lay.players_title(), px(18, s), theme.PLUM, bold=True,
                     align="left")
        for rect, (name, total, penalties, dreaming, kind) in zip(lay.player_rows(), rows):
            if dreaming:
                pygame.draw.rect(frame, theme.GOLD_LIGHT, rect.inflate(px(6, s), 0), border_radius=px(6, s))
            score = t("dream.table.total_penalties", total=total, n=penalties) if penalties else str(total)
            score_w = rect.width * 2 // 5
            used = tx.draw_line(frame, fonts, score, pygame.Rect(rect.right - score_w, rect.top, score_w, rect.height),
                                px(16, s), theme.RED if penalties else theme.INK, bold=True, align="right")
            label = t("dream.table.dreaming", name=name) if dreaming else name
            who = pygame.Rect(rect.left, rect.top, used.left - px(8, s) - rect.left, rect.height)
            draw_name_and_kind(frame, fonts, label, kind, who, px(16, s),
                               bold=dreaming)

    def _draw_overlay(self, surface: pygame.Surface) -> None:
        """The mode view, and in a replay its step buttons over the view's empty foot."""
        self.view.draw(surface)
        for name in self.layout.replay:
            self.buttons[name].draw(surface)


class TableNarrator(Narrator):
    """Table mode's log. The whole table reads the one screen, the dreamer too until their eyes
    close (the reveal) and once they open (the scores, with the next word already drawn), so it
    names the word in play and the wrong pile as it would to the dreamer, whoever dreams: never
    before the round's end."""

    def hidden(self) -> bool:
        return True
