"""Bot mode's table (the mode view `scene.DreamScene` picks when a seat is a bot): one person
and bots, clues and guesses typed.

When the person dreams, the bot spirits give their clues in turn, each in a
speech bubble by the speaker's seat. After each clue the person has a few
seconds (`LISTEN_AFTER`) to type a guess (the TextInput takes the input
method's Chinese too), skip the card or ask for the next clue; if they do
nothing (and are not typing) the view listens for them, so a clue comes about
every 3 to 5 seconds. A guess sent or Skip pressed while a spirit is still
thinking is taken as soon as its clue is given (the engine hears the dreamer
after each clue; for Skip the line over the field says so). At time-up the one
last guess; then the person types the story and each correct word is looked
for in it (`guess.mentions`) for the +2.

When a bot dreams, the person is a spirit: their role is shown to them alone,
the dream word is on the card, and on their turn they type a one-word clue
within `CLUE_SECONDS`, counted on the sand glass (with less sand left the turn
ends with it, so the seconds shown never outrun the glass). The clue checker
judges it first: a refused clue is a `("penalty", seat)` with the reason shown,
and the person may try again while their time lasts; time out is `("pass",)`.
The bot dreamer's guesses show in its bubble and its story (made from its
correct words) at the round's end.

The scene runs the bots; `bot_pause` tells it how long each seems to think (a
spirit's clue `SPIRIT_PAUSE` after the last thing said, the dreamer's decision
`DREAMER_PAUSE`), and `holds()` keeps it from moving while the round waits for
the person: while the sand does not run (before the round begins, or stopped
by Pause, a save, the rules or a loaded save: the scene's one clock, and Go on
starts it again) and while the round's scores are on show. Drawing is
`bot_draw.py`; where the seats sit and their speech bubbles, `bot_seats.py`.
"""

from __future__ import annotations

import math
import random

import pygame

from ...ui import text as tx
from ...ui import theme
from ...ui.table_keys import widget_target
from ...ui.theme import px
from ...ui.widgets import Button, TextInput
from . import bot_draw
from .clues import check_clue
from .guess import mentions
from .state import CLUE, CORRECT, DREAM, DROPPED, GUESS, LAST, LISTEN, OVER, PASS, SKIP, SKIP_A, STORY, WRONG

CLUE_GAP = (3, 5)  # seconds from one bot spirit's clue to the next, as the rules pages say
LISTEN_AFTER = (2.5, 4.0)  # seconds the dreaming person has after a clue before the next one is asked for
SPIRIT_PAUSE = {"person": 0.8, "bot": (2.0, 3.5)}  # a bot spirit's clue after: the person dreams / a bot dreams
NEW_CARD_PAUSE = 1.0  # more, when a new card was just turned up
DREAMER_PAUSE = 1.0  # a bot dreamer's decision
CLUE_SECONDS = 20  # the person's clue turn
GUESS_LEN, STORY_LEN = 24, 160


class BotModeView:
    def __init__(self, scene) -> None:
        self.scene = scene
        self.app = scene.app
        self.rng = random.Random()
        self.rect = self.stage = self.card = self.bar = self.message_rect = self.top = pygame.Rect(0, 0, 0, 0)
        self.s = 1.0
        self.t = 0.0
        self.begun = False  # this round's sand was turned: a stopped sand is a pause, not the start
        self.summary = None  # the finished round on show (its number), or None
        self.message = ("", theme.INK)
        self.listen_in = 0.0  # seconds until the view listens for the dreaming person
        self.turn_ends = 0.0  # the sand's time left at which the person's clue turn passes (0: with the sand)
        self.pending = False  # a guess typed before the clue came: said as soon as it may be
        self.skip_pending = False  # Skip pressed while a spirit thought: taken after its clue
        self.story_check = None  # (found, missed) of the person's story
        self.bot_story = ""
        t = self.app.t
        self.field = TextInput(self.app, "", max_len=GUESS_LEN, placeholder=self._placeholder,
                               on_submit=self.submit)
        self.buttons = {
            "send": Button(self.app, self._send_label, self.submit),
            "skip": Button(self.app, self._skip_label, self.skip, style="secondary"),
            "listen": Button(self.app, lambda: t("dream.bots.listen"), self.listen, style="secondary"),
            "begin": Button(self.app, self._begin_label, self.begin),
            "pause": Button(self.app, lambda: t("dream.bots.pause"), self.pause, style="secondary"),
            "next": Button(self.app, self._next_label, self.next_round),
        }
        self.typing = False  # the field is on show: it takes the typing when it comes
        self.on_events([])

    # -- where the round stands --------------------------------------------------------
    @property
    def state(self):
        return self.scene.state

    @property
    def me(self) -> int:
        """The person at the screen: the one person, or with several the one the curtain let in."""
        viewer = self.scene.viewer
        return viewer if viewer is not None else (self.scene.humans[0] if self.scene.humans else 0)

    def _follow_viewer(self) -> None:
        """Several people: the log is told again for the eyes of the one the curtain let in."""
        narrator = self.scene.narrator
        if narrator.viewer != self.me and self.scene.viewer is not None:
            narrator.viewer = self.me
            self.scene._rebuild_log()

    def dreaming(self) -> bool:
        """Is the person this round's dreamer?"""
        return self.state.phase != OVER and self.state.dreamer() == self.me

    def my_clue_turn(self) -> bool:
        state = self.state
        return state.phase == DREAM and state.awaiting == CLUE and state.speaker == self.me

    def my_guess(self) -> bool:
        """The dreaming person may guess, skip or listen now."""
        state = self.state
        return self.dreaming() and (state.phase == LAST or (state.phase == DREAM and state.awaiting == GUESS))

    @property
    def waiting(self) -> bool:
        """The round waits for the person: its sand does not run (not begun yet, or stopped)."""
        return self.scene.sand_stopped()

    @property
    def paused(self) -> bool:
        """The sand was stopped mid-dream (Pause, a save, the rules, a loaded save): Go on."""
        return self.waiting and self.begun

    def holds(self) -> bool:
        """The bots wait: the sand does not run, or the round's scores are on show."""
        return self.waiting or self.summary is not None

    def round_on_show(self):
        """The finished round whose scores are on screen (its index), or None."""
        return self.summary

    def on_events(self, events: list) -> None:
        """Bubbles, messages and the round's stage after the engine's events (none: read the state)."""
        state, t = self.state, self.app.t
        ends = [e["dreamer"] for e in events if e["type"] == "round_end"]
        dreamer = ends[0] if ends else state.dreamer() if state.phase != OVER else None  # the events' round
        if not events:  # a new view, a loaded save, an undo
            self.summary = None
            self.begun = bool(state.cards or state.clues or state.clock < state.seconds)
            self.skip_pending = False
            self._reset_turn()
            if self.coached():
                self._resume_lesson()
        for e in events:
            kind = e["type"]
            if kind == "clue":
                self._reset_turn()
                if e["seat"] != self.me:
                    self.message = ("", theme.INK)
            elif kind == "card":
                self._card(e, dreamer)
            elif kind == "time_up":
                self.skip_pending = False  # a new choice now: the last guess, or letting it go
                self.message = (t("dream.bots.time_up_me" if self.dreaming() else "dream.bots.time_up"), theme.PLUM)
            elif kind == "story_time" and dreamer != self.me:
                self.bot_story = self.make_story(e["words"])
            elif kind == "round_end":
                self.summary = e["round"]
            elif kind == "round":
                self.begun = self.skip_pending = False
                self.message = ("", theme.INK)
        self._show_widgets()

    def _resume_lesson(self) -> None:
        """A guided game opened again: its sand goes on by itself (the coach says when it runs), and
        the last round's scores show again while the lesson is still on them."""
        state, lesson = self.state, self.scene.coach.lesson
        step = lesson.step
        self.begun = self.begun or self._lesson_began(lesson)  # before its first clue the sand is still full
        if self.begun:
            self.scene.start_clock()
        elif state.history and (state.is_over() or step is None or step.signal == "next_round"
                                or "scores:table" in step.point):
            self.summary = len(state.history) - 1

    def _lesson_began(self, lesson) -> bool:
        """The lesson is past the Start of the round under way (one Start heard per round): a
        lesson left after a refused clue, before anything else happened, resumes begun (it showed
        Start again, newcomer check)."""
        passed = lesson.script.steps[:lesson.index + (1 if lesson.then else 0)]
        return sum(step.signal == "dream_begun" for step in passed) > self.state.round

    def _reset_turn(self) -> None:
        self.listen_in = self.rng.uniform(*LISTEN_AFTER)
        self.turn_ends = max(0.0, self.scene.clock.left - CLUE_SECONDS)

    def turn_left(self) -> int:
        """Whole seconds of the person's clue turn, read off the sand glass (never more than it shows)."""
        return max(0, math.ceil(self.scene.clock.left - self.turn_ends - 1e-9))

    def _card(self, e: dict, dreamer: int) -> None:
        """What the person hears of a card's outcome: their own guess judged (a wrong card stays
        unnamed), or the bot dreamer's."""
        t, word, guess = self.app.t, self.scene.word_name(e["word"]), e["guess"]
        outcome = e["outcome"]
        colour = theme.TEAL if outcome == CORRECT else theme.INK_SOFT if outcome == DROPPED else theme.RED
        if dreamer == self.me:
            key = {CORRECT: "right", WRONG: "wrong", SKIP: "skipped", DROPPED: "let_go_me"}[outcome]
            self.message = (t(f"dream.bots.{key}", word=word), colour)
        else:  # a let-go last guess is no skip: it counts on neither pile (it read "skipped clock", QA)
            key = {CORRECT: "bot_right", WRONG: "bot_wrong", SKIP: "bot_skip", DROPPED: "bot_let_go"}[outcome]
            self.message = (t(f"dream.bots.{key}", name=self.scene.name(dreamer), guess=guess, word=word), colour)
        self.field.set_text("")
        self.pending = self.skip_pending = False
        self._reset_turn()

    # -- the person's moves -------------------------------------------------------------
    def coached(self) -> bool:
        """A guided game: the coach leads, so the view takes no move for the person by itself."""
        return self.scene.coach is not None

    def coach_talks(self) -> bool:
        """A guided game's coach is talking: the table waits for its Next."""
        return self.coached() and self.scene.coach.holds()

    def begin(self) -> None:
        """Begin the round, or go on after the sand was stopped (a clue turn keeps its seconds)."""
        if not self.waiting or self.coach_talks():
            return
        if self.begun:
            self.listen_in = self.rng.uniform(*LISTEN_AFTER)  # a few fresh seconds after the pause
        else:
            self._reset_turn()
        self.begun = True
        self.scene.start_clock()
        self._show_widgets()
        self.scene.coach_signal("dream_begun")

    def pause(self) -> None:
        if self.state.phase != DREAM or self.waiting:
            return
        self.scene.pause_clock()
        self._show_widgets()

    def next_round(self) -> None:
        """Leave the round's scores: the next round's start, or the results after the last."""
        if self.coach_talks():
            return
        self.summary, self.story_check, self.bot_story = None, None, ""
        if self.state.is_over():
            self.scene.finish()
        self._show_widgets()
        self.scene.coach_signal("next_round")

    def submit(self) -> None:
        """Enter or the send button: the person's guess, story or clue."""
        text = self.field.text.strip()
        if not text or self.holds():
            return
        state = self.state
        if self.dreaming() and state.phase == STORY:
            self.tell(text)
        elif self.dreaming():
            if self.my_guess():
                self.scene.apply(("guess", text))
            else:
                self.pending = True  # the next clue is on its way: the guess follows it
        elif self.my_clue_turn():
            self.give_clue(text)

    def give_clue(self, text: str) -> None:
        """The person's clue, judged by the clue checker first: a refused one is a penalty. What a
        guided game's coach refuses (not the step's) leaves the text to mend, and its gentle word
        says why: the refusal's "a penalty" would be untrue then."""
        state, t = self.state, self.app.t
        reason = check_clue(self.scene.lexicon, state.current, text, state.lang)
        action = ("clue", self.me, text) if reason is None else ("penalty", self.me)
        if not self._took(action):
            self.message = ("", theme.INK)  # an earlier refusal's words would read as this one's
            return
        self.field.set_text("")
        if reason is None:
            self.message = ("", theme.INK)
            return
        why = self.app.i18n.pick(self.scene.lexicon.rules.reasons[reason])
        self.message = (t("dream.bots.refused", reason=why), theme.RED)
        self.field.error = True  # the edge turns red until the next word is typed
        self.scene.coach_signal("clue_refused")

    def _took(self, action) -> bool:
        """Apply `action`; was it taken (a guided game's coach may refuse it)?"""
        actions = self.scene.session.actions
        before = len(actions)
        self.scene.apply(action)
        return len(actions) > before and actions[-1] == action

    def tell(self, story: str) -> None:
        """The person's story: each correct word looked for in it; all of them is the +2."""
        words = self.state.correct_words()
        found = [w for w in words if w in self.scene.lexicon.words and mentions(self.scene.lexicon, w, story)]
        self.story_check = (found, [w for w in words if w not in found])
        self.field.set_text("")
        self.scene.apply(("story", 1 if len(found) == len(words) else 0))

    def skip(self) -> None:
        """Skip the card now, or (a spirit still thinking) as soon as its clue is given."""
        if self.my_guess():
            self.scene.apply(SKIP_A)
        elif self.dreaming() and self.state.phase == DREAM and not self.holds():
            self.skip_pending = True
            self.message = (self.app.t("dream.clock.skip_after", name=self.scene.name(self.state.speaker)),
                            theme.INK_SOFT)
        self._back_to_field()

    def listen(self) -> None:
        if self.my_guess() and self.state.phase == DREAM:
            self.scene.apply(LISTEN)
        self._back_to_field()

    def _back_to_field(self) -> None:
        """After Skip or Listen by keys the focus goes back to the field: the next guess is typed."""
        if self.field.visible:
            self.scene.keys.focus(self.field)

    def make_story(self, words: list) -> str:
        """The bot dreamer's story: its correct words, in the order it guessed them, strung together."""
        t = self.app.t
        names = [self.scene.word_name(w) for w in words]
        parts = [t("dream.bots.story.open", word=names[0])]
        parts += [t(f"dream.bots.story.then{i % 3}", word=n) for i, n in enumerate(names[1:-1])]
        if len(names) > 1:
            parts.append(t("dream.bots.story.last", word=names[-1]))
        return t("dream.bots.story.sep").join(parts)

    # -- pacing (the scene asks) ----------------------------------------------------------
    def bot_pause(self, level: str, legal: list, seconds: float) -> float:
        """How long the bot to act seems to think: a spirit's clue a few seconds after the last
        thing said (sooner while the person dreams: their own time comes after each clue)."""
        state = self.state
        if state.phase != DREAM or state.awaiting != CLUE:
            return DREAMER_PAUSE
        fresh = NEW_CARD_PAUSE if not any(card == len(state.cards) for card, _, _ in state.clues) else 0.0
        if self.dreaming():
            return SPIRIT_PAUSE["person"] + fresh
        return self.rng.uniform(*SPIRIT_PAUSE["bot"]) + fresh

    # -- mode view interface ----------------------------------------------------------------
    def still(self) -> bool:
        """Nothing counts down: the round waits for the person, or it is their story or last guess."""
        if self.holds() or (self.coached() and not self.scene.clock_running()):
            return True  # a guided game's sand stops while the coach talks or waits for the person
        return self.dreaming() and self.state.phase in (LAST, STORY)

    def update(self, dt: float) -> None:
        self.t += dt
        self._follow_viewer()
        if self.scene.replay or self.holds():  # a move on show holds nothing (scene.py)
            self._show_widgets()
            return
        state = self.state
        speed = max(0.1, float(self.app.settings.animation_speed))
        if self.my_guess() and state.phase == DREAM:
            if self.skip_pending:
                self.skip_pending = False  # said once (a guided game's coach may refuse it)
                self.scene.apply(SKIP_A)
            elif self.pending and self.field.text.strip():
                self.pending = False
                self.scene.apply(("guess", self.field.text.strip()))
            elif not self.coached() and not self.field.text and not self.field.composition:
                self.listen_in -= dt * speed  # a guided game's coach waits for the person instead
                if self.listen_in <= 0:
                    self.scene.apply(LISTEN)
        elif self.my_clue_turn() and not self.coached() and self.turn_ends > 0 and \
                self.scene.clock.left <= self.turn_ends:
            self.message = (self.app.t("dream.bots.passed"), theme.INK_SOFT)
            self.field.set_text("")
            self.scene.apply(PASS)
        self._show_widgets()

    def _show_widgets(self) -> None:
        """Which field and buttons the person has now, and whether the field keeps the focus."""
        b, state = self.buttons, self.state
        live = not self.scene.replay and state.phase != OVER
        typing = live and not self.holds() and (self.dreaming() or self.my_clue_turn())
        self.field.visible = typing
        self.field.max_len = STORY_LEN if state.phase == STORY else GUESS_LEN
        b["send"].visible = typing
        b["send"].enabled = bool(self.field.text.strip())
        b["skip"].visible = typing and self.dreaming() and state.phase in (DREAM, LAST)
        b["skip"].enabled = not self.skip_pending and (self.my_guess() or state.phase == DREAM)
        b["listen"].visible = typing and self.dreaming() and state.phase == DREAM
        b["listen"].enabled = self.my_guess()
        b["begin"].visible = live and self.waiting and self.summary is None
        b["pause"].visible = live and not self.holds() and state.phase == DREAM
        b["next"].visible = not self.scene.replay and self.summary is not None
        keys = self.scene.keys
        if typing and (not self.typing or keys.focused() is None):
            keys.focus(self.field)  # the field comes, or the focus was on a button now gone
        self.typing = typing

    def key_targets(self) -> list:
        """What the table's keys visit (ui/table_keys.py): the field (Enter sends), then the buttons."""
        widgets = [self.field] + [self.buttons[n] for n in ("send", "skip", "listen", "begin", "next", "pause")]
        return [widget_target(w) for w in widgets if w.can_focus]

    def handle_event(self, event) -> bool:
        """The mouse on the field and buttons; Enter or Space with no focus begins or goes on. Other
        keys and the typing are the table's keys' (the field takes them while focused)."""
        if self.scene.replay:
            return False
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            for widget in [self.field, *self.buttons.values()]:
                if widget.visible and widget.handle_mouse(event):
                    if widget is self.field and event.type == pygame.MOUSEBUTTONDOWN:
                        self.scene.keys.focus(self.field, shown=False)
                    return True
            return False
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) \
                and self.scene.keys.focused() is None:
            for name in ("next", "begin"):
                if self.buttons[name].visible:
                    self.buttons[name].activate()
                    return True
        return False

    # -- labels ------------------------------------------------------------------------------
    def _placeholder(self) -> str:
        if self.state.phase == STORY:
            return self.app.t("dream.bots.placeholder_story")
        return self.app.t("dream.bots.placeholder_guess" if self.dreaming() else "dream.bots.placeholder_clue")

    def _begin_label(self) -> str:
        if self.paused:
            return self.app.t("dream.bots.resume")
        return self.app.t("dream.bots.begin" if self.dreaming() else "dream.bots.begin_spirit")

    def _send_label(self) -> str:
        if self.state.phase == STORY:
            return self.app.t("dream.bots.tell")
        return self.app.t("dream.bots.guess" if self.dreaming() else "dream.bots.give_clue")

    def _skip_label(self) -> str:
        return self.app.t("dream.bots.let_go" if self.state.phase == LAST else "dream.bots.skip")

    def _next_label(self) -> str:
        return self.app.t("dream.bots.see_results" if self.state.is_over() else "dream.bots.next_round")

    # -- layout --------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect, s: float) -> None:
        self.rect, self.s = pygame.Rect(rect), s
        inner = self.rect.inflate(-px(24, s), -px(20, s))
        gap = px(10, s)
        row_h = px(52, s)
        self.bar = pygame.Rect(inner.left, inner.bottom - row_h, inner.width, row_h)
        self.message_rect = pygame.Rect(inner.left, self.bar.top - gap - px(30, s), inner.width, px(30, s))
        self.top = pygame.Rect(inner.left, inner.top, inner.width, px(34, s))
        self.stage = pygame.Rect(inner.left, self.top.bottom + gap, inner.width,
                                 self.message_rect.top - gap - self.top.bottom - gap)
        card = pygame.Rect(0, 0, int(self.stage.width * 0.34), int(self.stage.height * 0.42))
        card.center = (self.stage.centerx, self.stage.centery - px(14, s))
        self.card = card
        b = self.buttons
        small = min(px(150, s), inner.width // 6)
        send_w = min(px(170, s), inner.width // 5)
        field_w = self.bar.width - send_w - 2 * small - 3 * gap
        self.field.place(pygame.Rect(self.bar.left, self.bar.top, field_w, row_h), s)
        x = self.bar.left + field_w + gap
        b["send"].place(pygame.Rect(x, self.bar.top, send_w, row_h), s)
        b["skip"].place(pygame.Rect(x + send_w + gap, self.bar.top, small, row_h), s)
        b["listen"].place(pygame.Rect(x + send_w + small + 2 * gap, self.bar.top, small, row_h), s)
        one = pygame.Rect(0, 0, min(px(360, s), inner.width), row_h)
        one.midbottom = self.bar.midbottom
        b["begin"].place(one, s)
        b["next"].place(one, s)
        pause_w = min(px(120, s), inner.width // 6)
        b["pause"].place(pygame.Rect(self.top.right - pause_w, self.top.top, pause_w, self.top.height), s)
        for button in b.values():
            button.size = theme.TEXT_SMALL

    # -- the guided game's parts ---------------------------------------------------------
    def part_rect(self, kind: str, arg: str):
        """The rect of a part a guided game's coach points at (scene.py lists them), or None
        while it is not on screen."""
        if kind == "control":
            button = self.buttons.get(arg)
            return pygame.Rect(button.rect) if button is not None and button.visible else None
        if kind == "field" and arg == "text":
            return pygame.Rect(self.field.rect) if self.field.visible else None
        if kind == "pile":  # the round's piles: under the card, or beside a round's scores
            placed = bot_draw.pile_chips(self).get(arg)
            return None if placed is None else pygame.Rect(placed[0])
        if self.summary is not None or self.state.phase == OVER:
            return bot_draw.summary_rect(self) if (kind, arg) == ("scores", "table") and self.summary is not None else None
        if (kind, arg) == ("card", "word"):
            return pygame.Rect(self.card)
        if (kind, arg) == ("role", "me"):
            return bot_draw.top_text_rect(self)
        if (kind, arg) == ("sand", "glass"):
            return bot_draw.sand_glass(self)
        return self._seat_part(kind, arg)

    def panel_text(self) -> list:
        """The rects of the words on a panel that covers the table (a finished round's scores),
        which what moves passes under (scene.py); [] while none shows."""
        return [] if self.summary is None else bot_draw.summary_text(self)

    def _seat_part(self, kind: str, arg: str):
        """`seat:N` (a seat's token round the table) or `bubble:N` (its speech bubble, while shown)."""
        if kind not in ("seat", "bubble") or not arg.isdigit() or int(arg) >= len(self.state.seats):
            return None
        seat = int(arg)
        centres, token = bot_draw.seats(self)
        if kind == "seat":
            return pygame.Rect(centres[seat][0] - token, centres[seat][1] - token, 2 * token, 2 * token)
        return next((pygame.Rect(rect) for who, _, rect, _, _ in bot_draw.bubbles(self, centres) if who == seat), None)

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self.rect.width < 60 or self.rect.height < 60:
            return
        theme.panel(surface, self.rect, self.s, with_shadow=False)
        if self.summary is not None:
            bot_draw.draw_summary(self, surface)
        else:
            bot_draw.draw_top(self, surface)
            bot_draw.draw_table(self, surface)
        text, colour = self.status()
        tx.draw_line(surface, self.app.fonts, text, self.message_rect, px(18, self.s), colour, align="left")
        self.field.draw(surface)
        for button in self.buttons.values():
            button.draw(surface)

    def status(self) -> tuple:
        """(text, colour) over the field: the round's start, the last outcome or refusal, whose turn."""
        t, state = self.app.t, self.state
        if self.summary is not None or state.phase == OVER:
            return "", theme.INK
        if self.waiting:
            if self.paused:
                return t("dream.bots.paused"), theme.INK
            if self.dreaming():
                return t("dream.bots.intro_dream"), theme.INK
            return t("dream.bots.intro_spirit", name=self.scene.name(state.dreamer())), theme.INK
        if self.my_clue_turn():  # the turn's seconds always show, after a refusal too (none in a lesson)
            n = self.turn_left()
            if self.message[0] and self.field.error:  # refused, and nothing typed since
                return self.message[0] + ("" if self.coached() else t("dream.bots.seconds_left", n=n)), theme.RED
            return (t("dream.bots.your_turn_untimed") if self.coached() else t("dream.bots.your_turn", n=n)), \
                theme.PLUM
        if self.message[0]:
            return self.message
        if state.phase == DREAM and state.awaiting == CLUE:
            return t("dream.bots.thinking_clue", name=self.scene.name(state.speaker)), theme.INK_SOFT
        if not self.dreaming():
            return t("dream.bots.thinking_guess", name=self.scene.name(state.dreamer())), theme.INK_SOFT
        return "", theme.INK
