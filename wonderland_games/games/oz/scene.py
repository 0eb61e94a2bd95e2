"""The Lost in Oz table: the board, the dice draft, walking, spells, and the bots.

The scene never changes the game except through `session.apply(legal action)`.
What the table shows (`self.display`, a copy of the state) lags behind the
live state while a move is animated: the events of an action become beats of
the shared timeline (ui/motion.py, data/oz/motion.yaml: a token walks one cell,
a gem jumps away, the dice tumble), each piece hidden from the board while it
moves and landing in `display` when its beat ends. While a move plays, the
header, the players panel and the turn panel all speak of its mover.

What another player changed stays marked until the next person acts; on the board the
marks are shapes the path preview never has (told apart without colour): footprints in
a cell walked into (`walked:x,y`), bracketed corners where something else changed.

Drawing stays within a few milliseconds: the table is one cached frame split
into disjoint regions (board, players, dice, controls, hand, log, ...). A
region is repainted only when its key (everything it shows) changed; pieces
in motion are drawn over the frame each frame. The board itself (tiles,
barriers, axes) is one surface made once per window size.

Hot-seat: magic cards are private, so when the turn passes to a human who is
not the one looking (`self.viewer`), a curtain hides the table until that
player confirms.

Parts a guided game's coach may point at (`target_rect`, docs/tutorials.md),
besides `button:` and `region:`: cell:<A1-F6>, wall:<cell><N/E/S/W> (a side of a
cell, where a barrier may be drawn: wall:B2E), token:<seat>, gem:<colour>,
wizard:board (its token), wizard:card (the Wizard card in the hand on show),
direction_die:<i> and action_die:<i> (the draft's dice), hand:<i> (the i-th
magic card in the hand on show, the Wizard card not counted), option:<value>
(a spell's choice button: a colour, a direction, a seat; option:cast and
option:back), player:<seat> (a row of the players panel), tile:<0-8> (one of the
nine 2x2 tiles, row by row: its pictures are only scenery).

In a guided game Go! is a choice of its own for the coach, `WALK`: a walk of
several steps would play the coach's "One step" steps and pass their words by,
so a step that waits for One step refuses Go! with its gentle word, and a walk
stops at the first step the coach refuses. The coach's words wait while pieces
move (the coach's own rule): said at once, they spoke of a board not yet there.
"""

from __future__ import annotations

import math
import random
from functools import partial

import pygame

from ...ui import hint as hints
from ...ui import text as tx
from ...ui import surfaces, theme
from ...ui.motion import Beat, beats_for
from ...ui.table_keys import KeyTarget
from ...ui.seat_words import hand_title
from ...ui.table_scene import TableScene, button_look
from ...ui.log_panel import LogPanel
from ...ui.theme import px
from ...ui.widgets import Button
from . import preview, rules
from .art import OzArt
from .board import DELTA, DIRS, cell_name, parse_cell
from .board_view import BoardView
from .layout import compute
from .narrate import Narrator, counted, describe, spell_name, value_label
from .panels import (card_detail, draw_card, draw_dice, draw_hand, draw_players, draw_road, is_strip, player_rows,
                     row_die_rect, score_rect, wizard_rect)
from .spells import RANDOM_KINDS

FORCED_PAUSE = 0.12  # a bot's pause before a step it cannot avoid
WALK = ("go",)  # Go! as the coach of a guided game judges it (no engine action: the walk's steps are)
CARRIED = {"step": "seat", "teleport": "seat", "gem": "colour", "wizard": None, "wizard_move": None}
SPELL_CARRIED = {"move_gem": "colour", "push": "target", "sidestep": "seat", "teleport": "seat", "move_wizard": None}
BOARD_PARTS = ("cell", "token", "gem", "wizard", "beyond")  # parts on the board: an arc stays under its letters


class OzScene(TableScene):
    game_id = rules.GAME_ID
    main_button = "go"

    def __init__(self, app, session=None, replay=None):
        super().__init__(app, session, replay)
        state = self.state
        self.art = OzArt(app.font)
        self.board_view = BoardView(app, self.art)
        self.narrator = Narrator(app, self.seats, state.cards)
        self.display = state.clone()
        self._shown = None  # the state before the move on show: whose turn the table speaks of while it plays
        self._carried: dict = {}  # id(beat) -> the board piece it carries, hidden on the board while it moves
        self._cards: dict = {}  # (card, width, language) -> a discarded card turning face up
        self.walking = False
        self.selected = None  # a magic card picked in the hand
        self.choice: tuple = ()  # spell parameters chosen so far
        self.hover_die = None
        self.hover_card = None
        self._details: dict = {}  # (card, language, width) -> the card drawn large
        self._path_cache = (None, [])
        self._flash = (None, None)  # (key, surface) of the spell card shown big
        self.log = LogPanel(app, lambda: app.t("oz.log.title"))
        self.buttons = self._make_buttons()
        self.options: list = []  # (Button, value) for the spell choice shown
        self._rebuild_log()

    # -- controls ---------------------------------------------------------------------
    def _make_buttons(self) -> dict:
        t = self.app.t
        b = self._table_buttons()
        b.update({
            "go": Button(self.app, self._go_label, self.go),
            "step": Button(self.app, lambda: t("oz.buttons.step"), self.step_once, style="secondary"),
            "minus": Button(self.app, "−1", lambda: self.apply(rules.ADJUST_DOWN), style="secondary"),
            "plus": Button(self.app, "+1", lambda: self.apply(rules.ADJUST_UP), style="secondary"),
        })
        b["minus"].tip = lambda: t("oz.adjust_tip", n=self.state.points - 1)
        b["plus"].tip = lambda: t("oz.adjust_tip", n=self.state.points + 1)
        for d in DIRS:
            b["guide_" + d] = Button(self.app, partial(self._dir_label, d), partial(self.apply, ("guide", d)),
                                     style="secondary")
            b["guide_" + d].tip = partial(self._guide_tip, d)
        return b

    def _guide_tip(self, d: str) -> str:
        """What a guide button does: its own direction too, which keeps the way and spends a point."""
        state, t = self.state, self.app.t
        same = state.acting is not None and state.taken_dir[state.acting] == d
        return t("oz.guide_tip_same" if same else "oz.guide_tip", dir=t(f"oz.dir_arrows.{d}"))

    def _dir_label(self, d: str) -> str:
        return {"N": "↑", "E": "→", "S": "↓", "W": "←"}[d]

    def _go_label(self) -> str:
        if self.state.phase in (rules.SETUP_DISCARD, rules.ROUND_DISCARD):
            return self.app.t("oz.buttons.discard")
        return self.app.t("oz.buttons.go")

    # -- Scene hooks ----------------------------------------------------------------
    def _ensure_layout(self, size: tuple) -> None:
        if self.layout is not None and self.layout.size == tuple(size):
            return
        lay = self.layout = compute(tuple(size), len(self.seats), replay=self.replay)
        s = lay.s
        for name, rect in lay.buttons.items():
            self.buttons[name].place(rect, s)
        for name, rect in lay.control_buttons.items():
            self.buttons[name].place(rect, s)
        for d, rect in lay.guide_buttons.items():
            self.buttons["guide_" + d].place(rect, s)
        for name, rect in lay.replay.items():
            self.buttons[name].place(rect, s)
        for b in self.buttons.values():
            b.size = theme.TEXT_SMALL
        self.art.clear()
        self._warm(lay)
        self._regions = lay.regions()
        self._frame = None
        self._place_options()

    def _warm(self, lay) -> None:
        """Rasterise every piece at the sizes the board and animations use, now rather than
        in the middle of a move (an SVG drawn for the first time costs a frame)."""
        d = self.display
        full = int(lay.cell * 0.74)
        for size in (full, int(lay.cell * 0.47), int(lay.cell * 0.32)):
            for seat in range(len(self.seats)):
                self.board_view.sprite(d, "token", seat, size)
            for colour in d.gems:
                self.board_view.sprite(d, "gem", colour, size)
                self.board_view.sprite(d, "gem", colour, int(size * 0.8))
            self.board_view.sprite(d, "wizard", 0, size)
        for shared in (False, True):
            self.art.book(int(self.board_view.book_rect(lay, (0, 0), shared).width * 0.9))
        kinds = {card.kind for card in d.cards.spells}
        w = int(lay.board.width * 0.6)  # a cast spell shown big
        self.art.card_frame(w, int(w * 0.63))
        for kind in kinds:
            self.art.spell_icon(kind, int(int(w * 0.63) * 0.34))
        for count in range(1, 7):  # card frames and spell pictures for hands of 1 to 6 cards
            rect = lay.hand_slots(count)[0]
            if rect.width > rect.height * 3:
                icons = rect.height - px(6, lay.s)
            else:
                self.art.card_frame(rect.width, rect.height)
                icons = int(rect.height * 0.34)
            for kind in kinds:
                self.art.spell_icon(kind, icons)

    # -- turn logic -------------------------------------------------------------------
    def still(self) -> bool:
        return super().still() and not self.walking

    def _update_turn(self, dt: float) -> None:
        if not self.my_turn() or (self.coach is not None and self.coach.holds()):
            self.walking = False  # a walk never carries over to someone else's turn, nor past the coach's words
        super()._update_turn(dt)

    def _own_turn(self, seat: int) -> None:
        if self.walking:
            if self.state.phase == rules.ACTION and self.state.acting == seat:
                self._walk_on()
            else:
                self.walking = False

    def _walk_on(self) -> None:
        """One step of Go!'s walk; a step the coach refuses ends the walk (else it would ask again every frame)."""
        done = len(self.session.actions)
        self.apply(("step",))
        if len(self.session.actions) == done:
            self.walking = False

    def _done_rect(self) -> pygame.Rect:
        """Over Go; in the draft across the line above the dice (the dice show the pick just made,
        and the button says what the line would)."""
        dice = [r for _, r in self.die_rects()]
        if not dice:
            return super()._done_rect()
        lay = self.layout
        top = lay.controls.top + px(4, lay.s)
        bottom = min(r.top for r in dice) - px(4, lay.s)
        return pygame.Rect(lay.draft_hint.left, top, lay.draft_hint.width, min(bottom - top, px(40, lay.s)))

    def forced_reveals_nothing(self, action) -> bool:
        """The last die of a draft: no choice, and a die on the table hides nothing."""
        return action[0] in ("take_dir", "take_act")

    def _bot_pause(self, level: str, legal: list, seconds: float):
        if legal == [("step",)]:
            return FORCED_PAUSE
        return super()._bot_pause(level, legal, seconds)

    # -- applying moves ---------------------------------------------------------------
    def _after_action(self, before, events: list) -> None:
        self.log.entries.extend(self.narrator.lines(events))
        self.log.offset = 0
        self._play_events(events)
        self._shown = before

    # -- motion (ui/motion.py, data/oz/motion.yaml) --------------------------------------
    def _show_move(self, seat, events: list) -> None:
        """The shared motion, a draw after a book flying from that book; a move with nothing to
        show lands at once."""
        super()._show_move(seat, _sourced(events))
        if not self.timeline:
            self._finish_timeline()

    def motion_beats(self, event: dict) -> list:
        """The table's beats of one event: the data's, and what data cannot say — each piece lands
        in `display` when its beat ends and hides from the board while it moves, a cast card
        flips open first, a found gem's or Wizard's points rise from the finder (a gem's fly on to
        its score: a gain drawn at a row rose into the row above), each rolled die tumbles on its own."""
        e, kind, lay = _derived(event), event.get("type"), self.layout
        if kind == "roll":
            return self._roll_beats(e)
        if kind == "step" and e.get("to") is None:
            path = [f"cell:{_pair(e['from'])}", f"beyond:{_pair(e['from'])},{e['dir']}"]
            beats = [Beat("walk", 0.3, path, self.motion_sprite("token", e), arc=14 * lay.s)]
        else:
            beats = beats_for(self.game_id, e, self.motion_sprite, lay.s)
        if kind == "wizard" and beats:
            beats = self._wizard_route(beats[0], e["seat"])
        piece = self._carried_piece(e)
        for beat in beats:
            if piece is not None and beat.motion != "pulse":
                self._carried[id(beat)] = piece
            beat.arc = self._arc(beat)
        if kind in ("gem", "wizard") and beats:  # "+2" rises from the finder as the points go to its score
            found = f"token:{e['seat']}"
            beats.insert(1, Beat("pulse", 0.55, [found], text=f"+{e['points']}", with_previous=True))
            if kind == "gem":
                beats.append(Beat("fly", 0.55, [found, f"score:{e['seat']}"], arc=40 * lay.s, with_previous=True))
        if kind == "spell" and e.get("card") in self.display.cards.spell_ids:
            card = self._flash_card(e["card"])
            back = self.art.card_back(card.get_width(), card.get_height())
            beats.insert(0, Beat("flip", 0.9, ["region:board"], card, back))
        change = self._landing(e)
        if change is not None and beats:
            beats[-1].done.append(partial(self._land, change))
        return beats

    def _wizard_route(self, beat: Beat, seat: int) -> list:
        """The Wizard taken off the board: it flies to the foot of the players panel under its
        taker's row, shrinking to the row's size, then rises into its place there (straight at the
        row, the board's big Wizard crossed the players' names, QA)."""
        up = f"under_rows:{seat}"
        first = Beat("fly", beat.duration * 0.7, [beat.path[0], up], beat.sprite, arc=beat.arc, fit=True)
        return [first, Beat("travel", beat.duration * 0.4, [up, beat.path[-1]], beat.sprite, fit=True)]

    def motion_marks(self, event: dict) -> list:
        """The data's marks; a step off the edge marks no cell (its teleport marks where it lands)."""
        return [] if event.get("type") == "step" and event.get("to") is None else super().motion_marks(event)

    def _roll_beats(self, e: dict) -> list:
        """The dice land in the turn panel (a beat of no length), then each tumbles in its slot,
        a little after the one before, and settles on its face."""
        beats = [Beat("pause", 0.0, done=[partial(self._land, partial(_set_dice, e))])]
        n = len(e["dir_dice"])
        dirs, acts = self.layout.dice_slots(n, len(e["act_dice"]))
        for i, (kind, value, rect) in enumerate([("direction", v, r) for v, r in zip(e["dir_dice"], dirs)] +
                                                [("action", v, r) for v, r in zip(e["act_dice"], acts)]):
            beat = Beat("tumble", 0.8, [f"{kind}_die:{i % n if kind == 'direction' else i - n}"],
                        self.art.die(kind, value, rect.width), delay=0.06 * i, with_previous=i > 0)
            self._carried[id(beat)] = ("dice", 0)
            beats.append(beat)
        return beats

    def _carried_piece(self, e: dict):
        """The board piece an event moves, (kind, arg) as `BoardView.pieces` names it, or None."""
        kind = e.get("type")
        table = SPELL_CARRIED if kind == "spell" else CARRIED
        key = e.get("kind") if kind == "spell" else kind
        if key not in table:
            return None
        field = table[key]
        if field is None:
            return "wizard", 0
        return ("gem" if field == "colour" else "token"), e.get(field)

    def _arc(self, beat: Beat) -> float:
        """How high a piece moving on the board is lifted at mid-move: never over the letters
        above the board (a wizard moved in row 1 sat on the "F", QA)."""
        if not beat.path or not all(isinstance(p, str) and p.split(":")[0] in BOARD_PARTS for p in beat.path):
            return beat.arc
        ends = [self.target_rect(p) for p in (beat.path[0], beat.path[-1])]
        if None in ends:
            return beat.arc
        half = (beat.sprite.get_height() if beat.sprite is not None else 0) / 2
        room = min(r.centery for r in ends) - self.layout.board.top - half
        return max(0.0, min(beat.arc, room))

    def _landing(self, e: dict):
        """What an event changes on the table on show once its motion ends (a function of the
        display), or None: the rest lands with the live state when the move ends."""
        kind = e.get("type")
        if kind in ("step", "teleport") and e.get("to") is not None:
            return partial(_set_token, e["seat"], tuple(e["to"]))
        if kind == "gem":
            return partial(_take_gem, e["seat"], e["colour"], tuple(e["to"]), e["points"])
        if kind == "wizard":
            return partial(_take_wizard, e["seat"], e["points"])
        if kind == "wizard_move":
            return partial(_set_wizard, tuple(e["to"]))
        if kind == "take_die":
            return partial(_take_die, e)
        if kind == "draw":
            return partial(_draw, e["seat"], list(e["cards"]))
        if kind == "discard":
            return partial(_discard, e["seat"], e["card"])
        if kind == "adjust" or (kind == "spell" and e.get("kind") in ("boost", "reroll")):
            return partial(_set_points, e["points"][1])
        if kind == "guide":
            return partial(_turn, e["seat"], e["dir"][1], e["points"])
        if kind != "spell":
            return None
        sk, to = e.get("kind"), tuple(e["to"]) if e.get("to") is not None else None
        if sk == "turn":
            return partial(_turn, e["seat"], e["dir"][1], None)
        if sk == "move_gem":
            return partial(_set_gem, e["colour"], to)
        if sk == "move_wizard":
            return partial(_set_wizard, to)
        if sk in ("push", "sidestep", "teleport"):
            return partial(_set_token, e["target"] if sk == "push" else e["seat"], to)
        return None

    def _land(self, change) -> None:
        change(self.display)
        self.dirty = True

    def motion_sprite(self, name: str, event: dict):
        """What moves for a motion entry's `sprite:` name, sized as the table shows it."""
        lay, d, e = self.layout, self.display, event
        size = int(lay.cell * 0.74)
        if name in ("token", "target_token"):
            seat = e.get("target" if name == "target_token" else "seat")
            return self.board_view.sprite(d, "token", seat, size) if isinstance(seat, int) else None
        if name == "gem":
            return self.board_view.sprite(d, "gem", e.get("colour"), int(size * 0.8))
        if name == "wizard":
            return self.board_view.sprite(d, "wizard", 0, size)
        if name == "card_back":
            w = max(8, int(lay.cell * 0.5))
            return self.art.card_back(w, int(w * 0.63))
        if name == "die":  # as large as where it lands in the taker's row
            rect = self._part_rect("lands", f"{e.get('seat')},{e.get('die')}")
            return None if rect is None else self.art.die(e.get("die"), e.get("value"), rect.width)
        if name in ("new_direction", "old_direction"):
            rect = row_die_rect(lay.players, lay.s, self.art, d, e["seat"], "direction")
            size = rect.width if rect is not None else px(28, lay.s)
            return self.art.die("direction", e["dir"][1 if name == "new_direction" else 0], size)
        if name == "new_points":
            rect = self._part_rect("points", str(e.get("seat")))
            size = min(rect.height, px(44, lay.s)) if rect is not None else px(44, lay.s)
            return self.art.die("action", max(1, min(6, e["points"][1])), size)
        if name in ("card_small", "card_small_back"):
            card = self._small_card(e.get("card"))
            if card is None or name == "card_small":
                return card
            return self.art.card_back(card.get_width(), card.get_height())
        return None

    def _small_card(self, card):
        """A discarded card as it turns face up by its owner's row: its name and words readable."""
        if card not in self.display.cards.spell_ids:
            return None
        size = self._small_size()
        key = (card, size, self.app.lang)
        if key not in self._cards:
            if len(self._cards) > 32:
                self._cards.clear()
            surf = surfaces.new(size, alpha=True)
            draw_card(surf, surf.get_rect(), self.layout.s, self.app, self.art, self.display.cards[card])
            self._cards[key] = surf
        return self._cards[key]

    def _small_size(self) -> tuple:
        w = min(px(240, self.layout.s), int(self.layout.players.width * 0.7))
        return w, int(w * 0.63)

    def _moving(self) -> set:
        """The pieces moving now: the board leaves them out, the turn panel its dice while they roll."""
        return {self._carried[id(b)] for b, _ in self.timeline.now() if id(b) in self._carried}

    def _turn_state(self):
        """The state whose turn the table speaks of: while a move plays, the one it was played in."""
        return self._shown if self.timeline and self._shown is not None else self.state

    def _finish_timeline(self) -> None:
        """Every beat's change, then the table exactly as the live state is."""
        super()._finish_timeline()
        self._carried.clear()
        self._shown = None
        self.display = self.state.clone()
        self.dirty = True

    # -- the human's choices ------------------------------------------------------------
    def _clear_selection(self) -> None:
        self.selected = None
        self.choice = ()
        self._set_options([])

    def _castable(self) -> dict:
        """card -> [params] of every legal cast now."""
        out: dict = {}
        if not self.my_turn() or self.state.phase != rules.ACTION:
            return out
        for a in self.state.legal_actions():
            if a[0] == "cast":
                out.setdefault(a[1], []).append(tuple(a[2:]))
        return out

    def pick_card(self, card: int) -> None:
        """Click on a hand card: pick it to discard or to cast, or confirm a discard."""
        if not self.my_turn():
            return
        phase = self.state.phase
        if phase in (rules.SETUP_DISCARD, rules.ROUND_DISCARD):
            if self.selected == card:
                self.apply(("discard", card))
            else:
                self.selected = card
                self.app.sound.play("click")
            return
        casts = self._castable()
        if card not in casts or self.walking:
            return
        if self.selected == card:
            self._clear_selection()
            return
        self.selected, self.choice = card, ()
        self.app.sound.play("click")
        self._offer_choices()

    def _offer_choices(self) -> None:
        """The next parameter the picked spell needs, as buttons (one button when it needs none)."""
        params = [p for p in self._castable().get(self.selected, []) if p[:len(self.choice)] == self.choice]
        if not params:
            self._clear_selection()
            return
        if all(len(p) == len(self.choice) for p in params):
            self._set_options([(lambda: self.app.t("oz.buttons.cast"), self.choice)])
            return
        values = list(dict.fromkeys(p[len(self.choice)] for p in params))
        self._set_options([(partial(self._value_label, v), self.choice + (v,)) for v in values])

    def _value_label(self, value) -> str:
        return value_label(self.app, self.state, value)

    def _set_options(self, options: list) -> None:
        self.options = [(Button(self.app, label, partial(self.choose, value), style="primary"), value)
                        for label, value in options]
        for button, value in self.options:
            if self._previews(value):
                button.tip = partial(self._choice_tip, value)
        if options:
            self.options.append((Button(self.app, lambda: self.app.t("oz.buttons.back"), self._clear_selection,
                                        style="secondary"), None))
        self._place_options()

    def _previews(self, value) -> bool:
        """Whether a spell choice button completes a cast whose walk the board shows when pointed
        at (`_pointed_action`): not a first choice of two, nor a spell the dice decide."""
        card = self.selected
        if card is None or value is None or self.state.cards[card].kind in RANDOM_KINDS:
            return False
        return ("cast", card, *value) in self.state.legal_actions()

    def _choice_tip(self, value: tuple) -> str:
        t, name = self.app.t, spell_name(self.app, self.state.cards, self.selected)
        if not value:
            return t("oz.cast_tip", card=name)
        return t("oz.choice_tip", card=name, choice=self._value_label(value[-1]))

    def _place_options(self) -> None:
        if self.layout is None or not self.options:
            return
        lay, s = self.layout, self.layout.s
        area = lay.choice_area
        n = len(self.options)
        gap = px(6, s)
        h = min(px(40, s), area.height)
        per_row = n if area.height < 2 * h + gap else min(n, 4)
        rows = math.ceil(n / per_row)
        h = min(h, (area.height - (rows - 1) * gap) // rows)
        w = (area.width - (per_row - 1) * gap) // per_row
        for i, (button, _) in enumerate(self.options):
            r, c = divmod(i, per_row)
            button.place((area.left + c * (w + gap), area.bottom - (rows - r) * (h + gap) + gap, w, h), s)
            button.size = theme.TEXT_SMALL

    def choose(self, value) -> None:
        if value is None or self.selected is None:
            return
        params = self._castable().get(self.selected, [])
        if value in params:
            self.apply(("cast", self.selected) + tuple(value))
            return
        self.choice = value
        self._offer_choices()

    def go(self) -> None:
        """Walk the whole path (action phase) or discard the picked card."""
        if not self.my_turn():
            return
        if self.state.phase in (rules.SETUP_DISCARD, rules.ROUND_DISCARD):
            if self.selected is not None:
                self.apply(("discard", self.selected))
            return
        if self.state.phase == rules.ACTION:
            if self.coach is not None and not self.coach.allows(WALK, self.state.legal_actions()):
                return  # the coach wants One step here: its gentle word says so
            self._clear_selection()
            self.walking = True
            self._walk_on()

    def step_once(self) -> None:
        if self.my_turn() and self.state.phase == rules.ACTION:
            self._clear_selection()
            self.apply(("step",))

    def take_die(self, kind: str, index: int) -> None:
        if self.my_turn():
            self.apply(("take_dir" if kind == "direction" else "take_act", index))

    def path(self) -> list:
        """The walk ahead of the acting player (shown to everyone: it uses only public facts);
        while a guide, Wizard ±1 or spell choice button is pointed at, the walk it would give."""
        state, pointed = self.state, self._pointed_action()
        key = (id(state), self.session and len(self.session.actions), self.replay and self.replay_step,
               state.phase, state.acting, state.points, tuple(state.tokens), state.taken_dir[state.acting]
               if state.acting is not None else None, tuple(sorted(state.gems.items())), state.wizard, state.through,
               pointed)
        if self._path_cache[0] != key:
            if pointed is not None:  # played on the acting player's view: hands and dice to come stay hidden
                state = state.view(state.acting).determinize(random.Random(0))
                state.advance(pointed)
            self._path_cache = (key, preview.walk(state) if state.phase == rules.ACTION else [])
        return self._path_cache[1]

    def _pointed_action(self):
        """The legal action of the button under the mouse or focus whose walk the board may show:
        a guide turn, a Wizard ±1, or a full spell choice that rolls no dice (a reroll or a
        teleport shown would be made up, so those keep the walk as it is)."""
        state = self.state
        if state.phase != rules.ACTION or not self.my_turn():
            return None
        b = self.buttons
        candidates = [(b["guide_" + d], ("guide", d)) for d in DIRS] + \
            [(b["minus"], rules.ADJUST_DOWN), (b["plus"], rules.ADJUST_UP)]
        candidates += [(button, ("cast", self.selected, *value)) for button, value in self.options
                       if value is not None and button.tip is not None]  # the choices that preview
        pointed = [action for button, action in candidates
                   if button.visible and button.enabled and (button.hover or button.focused)]
        return pointed[0] if pointed and pointed[0] in state.legal_actions() else None

    # -- the Suggest button ---------------------------------------------------------------
    def describe_action(self, action) -> str:
        return describe(self.app, self.state, action)

    def hint_shortlist(self, view, legal: list, count: int) -> list:
        """The best few distinct actions (equivalent dice and spells merged), planned as Hard plans
        its phase: spells combined, not only Normal's one spell ahead."""
        from .bots import PLAN_CASTS, ranked_actions

        return [a for _, a in ranked_actions(view, legal, casts=PLAN_CASTS)[:count]]

    def _show_hint(self, action) -> None:
        """A suggested discard or spell is picked as a click would (a spell with its choices made,
        the Cast button ready); dice and buttons get a gold ring (`_hint_rects`)."""
        if action[0] == "discard":
            self.selected = action[1]
        elif action[0] == "cast":
            self.selected, self.choice = action[1], tuple(action[2:])
            self._offer_choices()

    def _hint_rects(self) -> list:
        """What the suggestion on show points at: a die or a control button."""
        action = self.hinted()
        if action is None:
            return []
        kind = action[0]
        if kind in ("take_dir", "take_act"):
            want = ("direction" if kind == "take_dir" else "action", action[1])
            return [r for k, r in self.die_rects() if k == want]
        if kind == "cast":
            return [b.rect for b, value in self.options if value == tuple(action[2:])]
        if kind == "adjust":
            name = "minus" if action[1] < 0 else "plus"
        else:
            name = "guide_" + action[1] if kind == "guide" else kind  # "step", "discard" (no button)
        button = self.buttons.get(name)
        return [button.rect] if button is not None and button.visible else []

    # -- buttons ----------------------------------------------------------------------
    def _reset_view(self) -> None:
        self.walking = False
        super()._reset_view()

    def results_scene(self):
        from .results import OzResultsScene

        return OzResultsScene

    def _update_buttons(self) -> None:
        b, state = self.buttons, self.state
        mine = self.my_turn() and not self.walking
        legal = set(map(tuple, state.legal_actions())) if mine else set()
        b["undo"].enabled = self.can_undo()
        b["undo"].visible = b["save"].visible = not self.replay
        b["ff"].style = "primary" if self.app.settings.fast_forward else "secondary"
        acting = mine and state.phase == rules.ACTION
        discarding = mine and state.phase in (rules.SETUP_DISCARD, rules.ROUND_DISCARD)
        choosing = bool(self.options)
        b["go"].visible = (acting or discarding) and not choosing
        b["go"].enabled = acting or self.selected is not None
        b["step"].visible = acting and not choosing
        b["minus"].visible = acting and not choosing and ("adjust", -1) in legal
        b["plus"].visible = acting and not choosing and ("adjust", 1) in legal
        for d in DIRS:
            b["guide_" + d].visible = acting and not choosing and ("guide", d) in legal

    # -- input -------------------------------------------------------------------------------
    def hand_slots(self) -> list:
        """[(card, rect)] of the hand on show, the Wizard card (0) last when its owner holds it."""
        seat, cards, _ = self._hand_owner()
        if seat is None or self.layout is None:
            return []
        cards = [c for c in cards if c != rules.UNKNOWN] + ([0] if self.display.wizard_holder == seat else [])
        return list(zip(cards, self.layout.hand_slots(len(cards)))) if cards else []

    def hand_rects(self) -> list:
        """[(card, rect)] of the clickable cards in the hand on show (tests click these)."""
        return [(c, r) for c, r in self.hand_slots() if c != 0]

    def _part_rect(self, kind: str, arg: str):
        """The rect of a part the coach names (listed in the module docstring) as drawn now,
        or None when it is not on show."""
        lay, d = self.layout, self.display
        if lay is None:
            return None
        if kind in ("cell", "walked"):
            cell = _cell(arg)
            return None if cell is None else lay.cell_rect(*cell)
        if kind == "beyond":  # past a cell's side, off the board: where a step off the edge walks to
            cell, _, d = arg.rpartition(",")
            cell = _cell(cell)
            if cell is None or d not in DELTA:
                return None
            return lay.cell_rect(*cell).move(int(DELTA[d][0] * lay.cell * 0.7), int(DELTA[d][1] * lay.cell * 0.7))
        if kind == "wall":
            return self._wall_rect(arg)
        if kind == "token" and arg.isdigit():
            return self.board_view.piece_rect(lay, d, "token", int(arg))
        if kind == "gem":
            return self.board_view.piece_rect(lay, d, "gem", arg)
        if (kind, arg) == ("wizard", "board"):
            return self.board_view.piece_rect(lay, d, "wizard", 0)
        if kind in ("direction_die", "action_die") and arg.isdigit():
            want = (kind.split("_")[0], int(arg))
            return next((r for k, r in self.die_rects() if k == want), None)
        if kind == "hand" and arg.isdigit():
            cards = self.hand_rects()
            return cards[int(arg)][1] if int(arg) < len(cards) else None
        if (kind, arg) == ("wizard", "card"):
            return next((r for c, r in self.hand_slots() if c == 0), None)
        if kind == "option":
            return next((b.rect for b, value in self.options if b.visible and self._option_name(value) == arg), None)
        if kind == "tile" and arg.isdigit() and int(arg) < 9:
            corner = lay.cell_rect(int(arg) % 3 * 2, int(arg) // 3 * 2)
            return pygame.Rect(corner.topleft, (lay.cell * 2, lay.cell * 2))
        if kind == "player" and arg.isdigit() and int(arg) < len(self.seats):
            return player_rows(lay.players, len(self.seats), lay.s)[int(arg)]
        return self._motion_part(kind, arg)

    def _motion_part(self, kind: str, arg: str):
        """The parts only motion names (data/oz/motion.yaml), by seat:
        score:<seat>              its number in the players panel
        row_die:<seat>,<kind>     a die it took, in its row (the row once the dice are gone)
        lands:<seat>,<kind>       where that die goes in its row when taken
        picked:<kind>,<i>,<seat>  that die in the draft while the draft shows, else in its row
        wizard:<seat>             the Wizard on the board, else in the row of <seat>, who holds it
        wizard_slot:<seat>        where the row of <seat> shows the Wizard
        shown_by:<seat>           a card turned face up at the foot of the players panel, clear of the names
        under_rows:<seat>         under the panel, below where the row of <seat> shows the Wizard
        points:<seat>             the acting player's points: big in a wide turn panel, else the header
        """
        lay, d = self.layout, self.display
        args = arg.split(",")
        seat = int(args[-1]) if args[-1].isdigit() and int(args[-1]) < len(self.seats) else None
        if kind == "score" and seat is not None:
            return score_rect(self.app, lay.players, lay.s, self.art, d, seat)
        rows = player_rows(lay.players, len(self.seats), lay.s)
        if kind == "row_die" and len(args) == 2 and args[0].isdigit() and int(args[0]) < len(self.seats):
            owner = int(args[0])
            return row_die_rect(lay.players, lay.s, self.art, d, owner, args[1]) or rows[owner]
        below = pygame.Rect(0, lay.top.bottom, lay.size[0], lay.size[1] - lay.top.bottom)
        if kind == "shown_by" and seat is not None:  # a card turned face up at the foot of the players panel, by
            box = pygame.Rect((0, 0), self._small_size())  # its row's hand count: over the row it hid the names (QA)
            box.topright = (rows[seat].right, lay.players.bottom + px(4, lay.s))
            return box.clamp(below)
        if kind == "under_rows" and seat is not None:  # where the Wizard rises into its taker's row from
            box = wizard_rect(lay.players, lay.s, self.art, d, seat)
            box.top = lay.players.bottom + px(4, lay.s)
            return box.clamp(below)
        if kind == "lands" and len(args) == 2 and args[0].isdigit() and int(args[0]) < len(self.seats):
            return row_die_rect(lay.players, lay.s, self.art, d, int(args[0]), args[1], landing=True)
        if kind == "picked" and len(args) == 3 and seat is not None and args[1].isdigit():
            drafted = self._part_rect(f"{args[0]}_die", args[1]) if self._drafting() else None
            return drafted or row_die_rect(lay.players, lay.s, self.art, d, seat, args[0]) or rows[seat]
        if kind == "wizard" and seat is not None:  # on the board, else in the row of the one who holds it
            return self._part_rect("wizard", "board") or wizard_rect(lay.players, lay.s, self.art, d, seat)
        if kind == "wizard_slot" and seat is not None:
            return wizard_rect(lay.players, lay.s, self.art, d, seat)
        if kind == "points" and seat is not None:
            if lay.wide and d.phase == rules.ACTION and d.acting == seat and not self.options:
                size = min(px(44, lay.s), lay.hint.height)  # the die and the points, as _paint_controls draws them
                return pygame.Rect(lay.hint.left, lay.hint.top, 2 * size + px(6, lay.s), size)
            return pygame.Rect(self._regions["status"])
        return None

    def coach_keep_clear(self) -> list:
        """What the coach's words should leave in sight: the hand and its Discard button while the
        learner cuts their hand (the words sat on three of five cards, QA), else the board, which
        nearly every word of a lesson speaks of (they sat on the cells they named, QA)."""
        lay = self.layout
        if lay is None:
            return []
        if self.my_turn() and self.state.phase in (rules.SETUP_DISCARD, rules.ROUND_DISCARD):
            return [lay.hand, self.buttons["go"].rect.copy()]
        return [pygame.Rect(lay.board)]


    def _wall_rect(self, name: str):
        """A side of a cell ("B2E": the east side of B2), as a band a little wider than the line."""
        try:
            x, y = parse_cell(name[:2])
            d = name[2:]
            dx, dy = DELTA[d]
        except (ValueError, KeyError):
            return None
        lay = self.layout
        cell, band = lay.cell_rect(x, y), max(6, lay.cell // 6)
        if dx:
            edge = cell.right if dx > 0 else cell.left
            return pygame.Rect(edge - band // 2, cell.top, band, cell.height)
        edge = cell.bottom if dy > 0 else cell.top
        return pygame.Rect(cell.left, edge - band // 2, cell.width, band)

    def _option_name(self, value) -> str:
        """A spell choice button's part name: its last choice (red, N, 1), cast or back."""
        if value is None:
            return "back"
        if value == self.choice:
            return "cast"
        return str(value[-1])

    def _drafting(self) -> bool:
        """True while the turn panel shows the dice: the table on show is in the draft (a roll's
        tumble puts it there before the live state's timeline ends)."""
        return self.display.phase in (rules.DRAFT_DIR, rules.DRAFT_ACT) and bool(self.display.dir_dice)

    def die_rects(self) -> list:
        """[((kind, index), rect)] of the draft dice (none while the turn panel shows the controls)."""
        if self.layout is None or not self._drafting():
            return []
        dirs, acts = self.layout.dice_slots(len(self.display.dir_dice), len(self.display.act_dice))
        return [(("direction", i), r) for i, r in enumerate(dirs)] + [(("action", i), r) for i, r in enumerate(acts)]

    def _clickable_dice(self) -> set:
        if not self.my_turn():
            return set()
        out = set()
        for a in self.state.legal_actions():
            if a[0] == "take_dir":
                out.add(("direction", a[1]))
            elif a[0] == "take_act":
                out.add(("action", a[1]))
        return out

    def _widgets(self) -> list:
        return super()._widgets() + [b for b, _ in self.options]

    def _refresh_hover(self) -> None:
        """The die and card under a still mouse too: a cast or a bot's pick changes what lies there."""
        super()._refresh_hover()
        pos = self.pointer
        self.hover_die = None if pos is None else next((k for k, r in self.die_rects() if r.collidepoint(pos)), None)
        self.hover_card = None if pos is None else next((c for c, r in self.hand_rects() if r.collidepoint(pos)), None)

    def _mouse(self, event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self._refresh_hover()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            die = next((k for k, r in self.die_rects() if r.collidepoint(event.pos)), None)
            if die is not None and die in self._clickable_dice():
                self.take_die(*die)
                return
            card = next((c for c, r in self.hand_rects() if r.collidepoint(event.pos)), None)
            if card is not None:
                self.pick_card(card)

    def _has_choice(self) -> bool:
        """A card picked to discard or cast (its choices on show): Esc drops it before it leaves."""
        return self.selected is not None or bool(self.options)

    def _key_targets(self) -> list:
        """The dice you may take, then the cards you may discard or cast: Enter takes or picks (a
        picked discard again discards it); Enter with no focus on show is Go!."""
        if not self.my_turn() or self.walking:
            return []
        clickable = self._clickable_dice()  # a die says what it is on its face: no tip over the others
        out = [KeyTarget(("die",) + die, rect, partial(self.take_die, *die))
               for die, rect in self.die_rects() if die in clickable]
        discarding = self.state.phase in (rules.SETUP_DISCARD, rules.ROUND_DISCARD)
        casts = self._castable()
        out += [KeyTarget(("card", card), rect, partial(self.pick_card, card),
                          partial(self.describe_action, ("discard" if discarding else "cast", card)))
                for card, rect in self.hand_rects() if discarding or card in casts]
        return out

    # -- drawing -----------------------------------------------------------------------------
    def _draw_overlay(self, surface: pygame.Surface) -> None:
        for rect in self._hint_rects():
            hints.ring(surface, rect, self.layout.s)
        self._draw_detail(surface)

    def _parts(self):
        """(region, key, paint) of every part of the table; a key holds all that its region shows."""
        lay, s, d, lang = self.layout, self.layout.s, self.display, self.app.lang
        status = self._status()
        yield "status", status, lambda f: tx.draw_line(f, self.app.fonts, status, lay.status, px(21, s),
                                                       theme.GOLD_LIGHT, bold=True, align="left")
        top = [self.buttons[n] for n in lay.buttons]
        yield "buttons", tuple(map(button_look, top)), lambda f: [b.draw(f) for b in top]
        moving = self._moving()
        hidden = frozenset(p for p in moving if p[0] != "dice")
        path = self.path() if not self.timeline and (self.my_turn() or self.replay) else []
        marks = self._choice_cells()
        changed = self._board_marks()
        yield "board", (lay.size, lang, tuple(d.tokens), tuple(sorted(d.gems.items())), tuple(d.books), d.wizard,
                        hidden, tuple((p.target, p.points_left, p.score, p.book) for p in path), marks, changed), \
            partial(self._paint_board, hidden, path, marks, changed=changed)
        current = self._turn_state().current_player()
        yield "players", (lang, tuple(d.scores), tuple(map(len, d.hands)), tuple(d.taken_dir), tuple(d.taken_act),
                          d.wizard_holder, current), \
            lambda f: draw_players(f, lay.players, s, self.app, self.art, d, current, self.seat_kinds())
        yield "road", (lang, tuple(d.scores)), lambda f: draw_road(f, lay.road, s, self.app, self.art, d)
        lines = self.hint_lines() + self._hint_lines()
        widgets = [b for n, b in self.buttons.items() if n not in lay.buttons] + [b for b, _ in self.options]
        looks = (lang, tuple(lines), tuple(map(button_look, widgets)))
        if self._drafting():
            rolling = ("dice", 0) in moving
            clickable = self._clickable_dice()
            yield "controls", looks + (tuple(d.dir_dice), tuple(d.act_dice), tuple(d.dir_owner), tuple(d.act_owner),
                                       frozenset(clickable), self.hover_die, rolling), \
                partial(self._paint_draft, lines, widgets, clickable, rolling)
        else:
            yield "controls", looks + (self._acting_key(),), partial(self._paint_controls, lines, widgets)
        seat, cards, title = self._hand_owner()
        playable = set(self._castable()) if self.my_turn() and self.state.phase == rules.ACTION else None
        yield "hand", (lang, seat, tuple(cards), title, d.wizard_holder == seat, self.selected,
                       None if playable is None else frozenset(playable), self.hover_card), \
            partial(self._paint_hand, seat, cards, title, playable)
        entries = self.log.entries
        yield "log", (lang, len(entries), entries[-1] if entries else None, self.log.offset), \
            lambda f: self.log.draw(f, lay.log, s)

    def _paint_board(self, hidden, path, marks, frame, changed=((), ())) -> None:
        lay, d = self.layout, self.display
        frame.blit(self.board_view.static(lay, d.board), lay.board_box)
        walked, cells = changed  # under the path being planned and the pieces
        self.board_view.draw_walked(frame, lay, walked)
        self.board_view.draw_corners(frame, lay, cells)
        if path:
            self.board_view.draw_path(frame, lay, path)
        lit = {("token", d.acting)} if d.phase == rules.ACTION and d.acting is not None and not self.timeline else set()
        self.board_view.draw_pieces(frame, lay, d, hidden, lit)
        self.board_view.draw_path_badges(frame, lay, path)
        if marks:
            self.board_view.draw_cell_marks(frame, lay, marks, theme.GOLD_LIGHT)

    BOARD_MARKS = ("walked", "cell")  # marks the board paints itself, each in its own shape

    def mark_rects(self) -> list:
        """The marks over the table but the board's cells, which the board paints under its pieces:
        footprints where a walk went, bracketed corners where something else changed."""
        everything, self.marks = self.marks, [m for m in self.marks if m.partition(":")[0] not in self.BOARD_MARKS]
        try:
            return super().mark_rects()
        finally:
            self.marks = everything

    def _board_marks(self) -> tuple:
        """(cells walked into, other cells changed) while the marks are on show, each once."""
        on = [m.partition(":") for m in self.marks if m.partition(":")[0] in self.BOARD_MARKS]
        if not on or not TableScene.mark_rects(self):
            return (), ()
        cells = {kind: tuple(dict.fromkeys(c for k, _, a in on if k == kind and (c := _cell(a)) is not None))
                 for kind in self.BOARD_MARKS}
        return cells["walked"], tuple(c for c in cells["cell"] if c not in cells["walked"])

    def _choice_cells(self) -> tuple:
        """Cells the spell choice on offer would move something to (outlined on the board)."""
        if not self.options or self.selected is None:
            return ()
        cells = []
        state = self.state
        kind = state.cards[self.selected].kind
        if kind not in ("move_gem", "push", "move_wizard", "sidestep"):
            return ()
        for _, value in self.options:
            if not value or value[-1] not in DIRS:
                continue
            origin = {"move_gem": lambda: state.gems.get(value[0]), "push": lambda: state.tokens[value[0]],
                      "move_wizard": lambda: state.wizard}.get(kind, lambda: state.tokens[state.acting])()
            if origin is not None:
                dx, dy = DELTA[value[-1]]
                cells.append((origin[0] + dx, origin[1] + dy))
        return tuple(cells)

    def _hand_owner(self) -> tuple:
        """(seat, cards, title) of the hand on show: the viewer's, or the current seat's in replays;
        the title says whose (`seat_words.hand_title`)."""
        d, t = self.display, self.app.t
        seat = d.current_player() if self.replay else self.viewer
        if seat is None:
            return None, [], t("oz.hand_hidden")
        return seat, list(d.hands[seat]), hand_title(self, seat, "oz.hand_title", "oz.hand_title_of")

    def _paint_hand(self, seat, cards, title, playable, frame) -> None:
        lay = self.layout
        draw_hand(frame, lay.hand, lay.s, self.app, self.art, self.display, lay, seat, cards, title, self.selected,
                  playable, self.hover_card)

    def _acting_key(self):
        d = self.display
        if d.phase != rules.ACTION or d.acting is None:
            return None
        return d.acting, d.taken_dir[d.acting], d.points

    def _paint_draft(self, lines, widgets, clickable, rolling, frame) -> None:
        """The turn panel in the draft: the most pressing line (a suggestion, what to pick, who
        picks), the dice under it, and a replay's buttons."""
        lay, s = self.layout, self.layout.s
        theme.panel(frame, lay.controls, s, with_shadow=False)
        if lines:
            text, size, colour, bold = lines[0]
            tx.draw_line(frame, self.app.fonts, text, lay.draft_hint, px(size, s), colour, bold=bold, align="left")
        draw_dice(frame, s, self.app, self.art, self.display, lay, clickable, self.hover_die, rolling)
        for w in widgets:
            w.draw(frame)

    def _paint_controls(self, lines, widgets, frame) -> None:
        lay, s = self.layout, self.layout.s
        theme.panel(frame, lay.controls, s, with_shadow=False)
        area = lay.hint
        acting = self._acting_key()
        if acting is not None and not self.options and lay.wide:  # the acting player's die and points, big
            seat, direction, points = acting
            size = min(px(44, s), area.height)
            x = area.left
            for kind, value in (("direction", direction), ("action", max(1, min(6, points)))):
                frame.blit(self.art.die(kind, value, size), (x, area.top))
                x += size + px(6, s)
            label = pygame.Rect(x, area.top, area.right - x, size)
            tx.draw_line(frame, self.app.fonts, f"{self.app.t('oz.dice_points')} {points}", label, px(17, s), theme.PLUM,
                         bold=True, align="left")
            area = pygame.Rect(area.left, area.top + size + px(4, s), area.width, area.bottom - area.top - size - px(4, s))
        def height() -> int:
            return sum(len(tx.wrap(font, text, area.width)) * font.get_linesize() for text, font in
                       ((text, self.app.fonts.get(px(size, s), bold)) for text, size, _, bold in lines))

        with self.app.fonts.largest_fitting(lambda: height() <= area.height):
            y = area.top
            for text, size, colour, bold in lines:
                size = px(size, s)
                font, wrapped = tx.fit_block(self.app.fonts, text, area.width, max(size * 2, area.bottom - y), size, bold)
                for line in wrapped:
                    if y + font.get_linesize() > area.bottom:
                        break
                    frame.blit(tx.render(font, line, colour), (area.left, y))
                    y += font.get_linesize()
        guide = self.buttons["guide_N"]
        if lay.wide and guide.visible:
            label = pygame.Rect(lay.hint.left, guide.rect.top, guide.rect.left - lay.hint.left - px(8, s), guide.rect.height)
            tx.draw_block(frame, self.app.fonts, self.app.t("oz.hint.guide"), label, px(14, s), theme.INK_SOFT,
                          align="right")
        for w in widgets:
            w.draw(frame)

    def _hint_lines(self) -> list:
        """What the controls panel says: the walk ahead, or what to do now."""
        t, state = self.app.t, self.state
        if self.timeline and not self.replay:  # a move playing out: its mover is the one we wait for
            seat = self._turn_state().current_player()
            if seat is None or seat == self.viewer:
                return []
            return [(t("oz.hint.wait", name=self.seats[seat].name), 16, theme.INK_SOFT, False)]
        waiting = self._waiting_lines("oz.status.over", "oz.hint.wait")
        if waiting is not None:
            return waiting
        phase = state.phase
        if phase in (rules.SETUP_DISCARD, rules.ROUND_DISCARD):
            if self.selected is not None:
                return [(t("oz.hint.discard_picked", card=spell_name(self.app, state.cards, self.selected)), 16,
                         theme.PLUM, True)]
            return [(t("oz.hint.discard"), 16, theme.INK, False)]
        if phase in (rules.DRAFT_DIR, rules.DRAFT_ACT):
            return [(t("oz.hint.draft"), 16, theme.INK, False)]
        if self.options:
            return [(self._choice_title(), 16, theme.PLUM, True)]
        out = self._walk_lines()
        why = self._why_not_cast(self.hover_card)
        if why is not None:  # a greyed card pointed at says why first
            out.insert(0, (why, 15, theme.PLUM, True))
        legal = state.legal_actions()
        if any(a[0] == "adjust" for a in legal):  # under the summary: the walk's cell lines may run out of room
            out.insert(min(1, len(out)), (t("oz.hint.adjust"), 14, theme.INK_SOFT, False))
        if any(a[0] == "guide" for a in legal) and not self.layout.wide:  # wide: a caption beside the arrows
            out.append((t("oz.hint.guide_line"), 14, theme.INK_SOFT, False))
        if any(a[0] == "cast" for a in legal):
            out.append((t("oz.hint.pick_spell_one" if state.spell_limit else "oz.hint.pick_spell"), 14,
                        theme.INK_SOFT, False))
        return out

    def _why_not_cast(self, card) -> str | None:
        """Why a card of the acting player's hand is greyed out (None for one that may be cast):
        a spell with no legal cast said nothing, so "Green Spectacles" went dark with no reason
        once the wizard was taken (QA)."""
        if card is None or card in self._castable():
            return None
        state, t = self.state, self.app.t
        key = f"oz.why_not.{state.cards[card].kind}"
        if state.spell_limit and state.cast_this_phase:
            key = "oz.why_not.one_per_phase"
        elif not self.app.i18n.has(key):
            key = "oz.hint.no_spell"
        return t(key, card=spell_name(self.app, state.cards, card))

    def _choice_title(self) -> str:
        t, state = self.app.t, self.state
        card = state.cards[self.selected]
        what = "oz.hint.choose_dir"
        values = [v for _, v in self.options if v is not None]  # () is a card cast with no choice
        if values and values[0] and values[0][-1] in rules.COLOURS:
            what = "oz.hint.choose_gem"
        elif values and values[0] and isinstance(values[0][-1], int):
            what = "oz.hint.choose_player"
        title = t("oz.hint.choose", card=spell_name(self.app, state.cards, card.id))
        return title if values == [self.choice] else f"{title}{t('sep')}{t(what)}"

    def _walk_lines(self) -> list:
        t = self.app.t
        path = self.path()
        if not path:
            return []
        score = sum(p.score for p in path)
        cards = sum(p.book for p in path)
        out = [(t("oz.hint.walk", steps=counted(self.app, "steps", len(path)), score=counted(self.app, "score", score),
                  cards=counted(self.app, "cards", cards)), 17, theme.PLUM, True)]
        if self.layout is not None and self.layout.wide:
            # where the walk ends first (the panel has room for a line or two under the summary), then the
            # cells passed that score or teach: a plain step or a barrier is on the board's numbers already,
            # and listing every step left the stop line below the panel's foot (QA: "4 steps", "C4: 4 left")
            told = path[-1:] + [p for p in path[:-1] if p.gems or p.book or p.wizard]
            for p in told:
                out.append((self._path_line(p), 14, theme.INK, False))
        if path[-1].edge:
            out.append((t("oz.hint.walk_edge"), 13, theme.INK_SOFT, False))
        return out

    def _path_line(self, p) -> str:
        t = self.app.t
        if p.edge:
            return t("oz.path.edge")
        parts = [t("oz.path.stop" if p.stop else "oz.path.step", cell=cell_name(*p.target), points=p.points_left)]
        if p.barrier:
            parts.append(t("oz.path.barrier" if p.cost > 1 else "oz.path.barrier_free"))
        for colour, points in p.gems:
            parts.append(t("oz.path.gem", colour=t(f"oz.colours.{colour}"), points=points))
        if p.book:
            parts.append(t("oz.path.book", cards=counted(self.app, "cards", p.book)))
        if p.wizard:
            parts.append(t("oz.path.wizard", points=p.wizard))
        return t("sep").join(parts)

    def _moved_since(self):
        """The seat whose move the one holding the device last saw, when it is not their own (bots
        moved after them, or an only choice was taken for the next): the hand-over then speaks of
        it, not of "your move", which the holder made before theirs. None otherwise."""
        mover = self.mover
        if self.handoff_to is None or self.viewer is None or mover is None or mover == self.viewer:
            return None
        return mover

    def _handoff_status(self):
        mover = self._moved_since()
        if mover is None:
            return super()._handoff_status()
        key = "oz.status.handoff_forced" if mover == self.handoff_to else "oz.status.handoff_after"
        return self.app.t(key, name=self.seats[mover].name, next=self.seats[self.handoff_to].name)

    def _handoff_line(self):
        mover = self._moved_since()
        if mover is None:
            return super()._handoff_line()
        return (self.app.t("oz.hint.handoff_after", name=self.seats[mover].name, next=self.seats[self.handoff_to].name),
                16, theme.PLUM, True)

    def _status(self) -> str:
        t, state = self.app.t, self._turn_state()
        fixed = self._replay_or_over_status("oz.status")
        if fixed is not None and (self.replay or state is self.state):  # a move playing out: its mover's turn
            return fixed
        seat = state.current_player()
        name = self.seats[seat].name
        prefix = t("oz.status.round", n=max(1, state.round)) + t("sep")
        if self.seats[seat].is_bot and not self.timeline and state.phase != rules.ACTION:
            return prefix + t("oz.status.thinking", name=name)
        phase = state.phase
        if phase == rules.ACTION:
            return prefix + t("oz.status.action", name=name, dir=t(f"oz.dir_arrows.{state.taken_dir[seat]}"),
                              points=counted(self.app, "points", state.points))
        key = {rules.SETUP_DISCARD: "setup_discard", rules.ROUND_DISCARD: "round_discard",
               rules.DRAFT_DIR: "draft_dir", rules.DRAFT_ACT: "draft_act"}[phase]
        return prefix + t(f"oz.status.{key}", name=name, n=len(state.hands[seat]) - rules.HAND_LIMIT)

    def detail_rect(self):
        """(card, rect) of the card shown large beside the hand, in the side column (never over
        the board, where a spell's target may be chosen): the one whose strip is under the mouse,
        or None, and None under a curtain or dialog or while a spell's choices are on offer (the
        detail would cover their buttons in the turn panel). It opens below the hand, over the
        log, where it fits, so the dice and the Go button above the hand stay in sight while the
        player reads a spell; else above."""
        if self.pointer is None or self.layout is None or self.app.top is not self or self.options:
            return None
        card = next((c for c, r in self.hand_slots() if r.collidepoint(self.pointer) and is_strip(r)), None)
        if card is None:
            return None
        lay = self.layout
        width = min(px(420, lay.s), lay.hand.width)
        key = (card, self.app.lang, width)
        if key not in self._details:
            if len(self._details) > 64:
                self._details.clear()
            self._details[key] = card_detail(lay.s, self.app, self.art, self.display.cards[card], width)
        side = pygame.Rect(lay.board_box.right + lay.margin, 0, lay.size[0] - lay.board_box.right - lay.margin,
                           lay.size[1]).inflate(0, -2 * lay.margin)
        box = self._details[key].get_rect(midtop=(lay.hand.centerx, lay.hand.bottom + lay.margin))
        if not side.contains(box):
            box = self._details[key].get_rect(midbottom=(lay.hand.centerx, lay.hand.top - lay.margin))
        return card, box.clamp(side)

    def _draw_detail(self, surface) -> None:
        shown = self.detail_rect()
        if shown is not None:
            card, box = shown
            surface.blit(self._details[(card, self.app.lang, box.width)], box)

    def _flash_card(self, card: int) -> pygame.Surface:
        """A cast spell shown big over the board, drawn once per card and size."""
        lay = self.layout
        key = (card, lay.size, self.app.lang)
        if self._flash[0] != key:
            w = int(lay.board.width * 0.6)
            surf = surfaces.new((w, int(w * 0.63)), alpha=True)
            draw_card(surf, surf.get_rect(), lay.s, self.app, self.art, self.state.cards[card])
            self._flash = (key, surf)
        return self._flash[1]


# -- events as motion reads them -----------------------------------------------------------------
def _pair(cell) -> str:
    """A cell as motion part names write it: "2,3"."""
    return ",".join(map(str, cell))


def _cell(arg: str):
    """A cell part's argument, "C4" (the coach's) or "2,3" (motion's), as (x, y); None if neither."""
    try:
        return parse_cell(arg)
    except ValueError:
        pass
    x, _, y = arg.partition(",")
    if x.isdigit() and y.isdigit() and int(x) < 6 and int(y) < 6:
        return int(x), int(y)
    return None


def _derived(event: dict) -> dict:
    """The event with what its motion entry says that it does not hold: a change of points as
    "+1" (`gain`) and where a draw's cards come from (`source`)."""
    out = dict(event)
    points = event.get("points")
    if isinstance(points, (list, tuple)) and len(points) == 2:
        out["gain"] = f"{points[1] - points[0]:+d}"
    if event.get("type") == "draw":
        out.setdefault("source", "region:board")
    return out


def _sourced(events: list) -> list:
    """The events of a move, a draw from a magic book knowing the book's cell (the cards fly
    from there; other draws come from over the board, where the deck would be)."""
    out, book = [], None
    for e in events:
        if e.get("type") == "book":
            book = e.get("cell")
        elif e.get("type") == "draw" and book is not None:
            e, book = dict(e, source=f"cell:{_pair(book)}"), None
        out.append(e)
    return out


# -- display updates run when a beat ends ------------------------------------------------------
def _set_token(seat, cell, display) -> None:
    display.tokens[seat] = cell


def _set_gem(colour, cell, display) -> None:
    display.gems[colour] = cell


def _take_gem(seat, colour, cell, points, display) -> None:
    display.gems[colour] = cell
    display.scores[seat] += points


def _set_wizard(cell, display) -> None:
    display.wizard = cell


def _take_wizard(seat, points, display) -> None:
    display.wizard = None
    display.wizard_holder = seat
    display.scores[seat] += points


def _set_points(points, display) -> None:
    display.points = points


def _turn(seat, direction, points, display) -> None:
    display.taken_dir[seat] = direction
    if points is not None:
        display.points = points


def _draw(seat, cards, display) -> None:
    display.hands[seat].extend(cards)


def _discard(seat, card, display) -> None:
    if card in display.hands[seat]:
        display.hands[seat].remove(card)


def _set_dice(event, display) -> None:
    n = len(event["dir_dice"])
    display.phase = rules.DRAFT_DIR
    display.round = event["round"]
    display.dir_dice, display.act_dice = list(event["dir_dice"]), list(event["act_dice"])
    display.dir_owner, display.act_owner = [None] * n, [None] * n
    display.taken_dir, display.taken_act = [None] * n, [None] * n


def _take_die(event, display) -> None:
    owners = display.dir_owner if event["die"] == "direction" else display.act_owner
    taken = display.taken_dir if event["die"] == "direction" else display.taken_act
    if event["index"] < len(owners):
        owners[event["index"]] = event["seat"]
        taken[event["seat"]] = event["value"]
