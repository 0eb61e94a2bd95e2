"""The Wonderland Valley table: the board, every city, the hand, previews, choices and bots.

The scene never changes the game except through `session.apply(legal action)`.
A turn by clicks: point at a worker spot (a location, a forest card, a
destination card in a city) or a hand card and the controls panel previews
what it would bring, or says why it cannot be used now; click it to pick it,
then confirm (the button, Enter, or a second click). A card with several ways
to pay opens a panel of those ways. Pending decisions of the engine (resources
to choose, a trade, the Cheshire Cat's copy, the Looking-Glass Door, the
mulligan) open the same panel over the cities, so the board and the hand stay
in sight; cards to put back or trade in are picked in the hand, an option in
the panel, then confirmed (or the option clicked again). Preparing for the next
season is picked the same way (the button, or P): it previews what the season
brings and the workers it gives up, and Confirm asks first while workers are
still unplaced or the season is the player's last. Keys (ui/table_keys.py): Tab /
arrows move a focus over the hand, the board, the cities, the events and the
buttons (the focused thing's text shows as on hover), Enter picks or confirms,
P picks Prepare.

What is drawn is the state itself; an action's events become the shared motion
layer's beats (data/valley/motion.yaml, moves.py): a meeple walks to its spot and
home at a recall, a card travels into a city, gains fly to their owner's row. What
a beat carries stays off its place until it lands, and the players panel shows the
table as it was until the move has played; header, players panel and city rows
name the mover while its move plays (`turn_seat`). Hands are private: only the
looking player's hand is drawn, and the base class raises the curtain between humans.

A guided first game's coach (docs/tutorials.md) points at these parts by name
(`_part_rect`), besides the base's `button:` and `region:` ones:
`hand:<kind or index>` (a card in the looking player's hand), `spot:<id>` (a
basic location or forest card), `city:<kind>` (a card in the looking player's
city; `city:<seat>/<kind>` in another's), `event:<id>` (a basic or special event
tile), `seat:<n>` (a row of the players panel, `seat:opponent` the solo opponent's) and
`option:<action>` (a button of the choice panel, the action's parts joined by "+", e.g.
`option:take+twig+resin`). The motions also name `spot:<owner>/<index>` (a card in a city as a
worker's spot), `card:<seat>/<kind>` (the last such card in a city: the one just played),
`held:<seat>` and `held:<seat>/<kind>` (the hand on show when it is that seat's, the card's
slot in it as the move began; else the seat's row), `held:<seat>/+<n>` (the slot the n-th card dealt
takes: a drawn card shows in the hand when it lands, `shown_hand`) and `deck` (where cards come from).
In a guided game Prepare does not ask first: the coach has said what it gives up; the coach's
words keep clear of an open choice panel (`coach_keep_clear`).
"""

from __future__ import annotations

import itertools
import time
from functools import partial

import pygame

from ...ui import hint as hints
from ...ui import text as tx
from ...ui import theme
from ...ui.dialogs import ConfirmDialog
from ...ui.log_panel import LogPanel
from ...ui.motion import OWN_PACE
from ...ui.table_keys import KeyTarget
from ...ui.seat_words import hand_title
from ...ui.table_scene import TableScene, button_look
from ...ui.theme import px
from ...ui.widgets import Button, draw_tip, resolve
from . import moves, preview
from .board_view import board_spots, draw_board, draw_board_panel, draw_icons, event_holders, event_tiles
from .city_view import city_cards, draw_cities_panel, draw_city, draw_hand
from .effects import Choose, Named, Trade
from .layout import compute
from .narrate import (Narrator, describe_action, kind_name, place_name, resources_text, season_in_text, season_name,
                      simple_text)
from .panels import (breakdown_lines, card_lines, draw_players, event_lines, icons_of, place_lines, prepare_label,
                     tooltip)
from .state import FINAL, GAME_ID, PREPARE, UNKNOWN

PREPARING = ("prepare", None)  # Prepare picked (self.selected), or pointed at (a preview target)
OPTION_BUTTONS = 24  # the most options a choice panel shows at once
NOTICE_SECONDS = 4.0  # a greyed-out top button clicked: its reason stays this long over the status line


class ValleyScene(TableScene):
    game_id = GAME_ID
    turn_regions = ("status", "players", "controls", "city0", "city1", "city2", "city3")  # all name the mover

    def __init__(self, app, session=None, replay=None):
        super().__init__(app, session, replay)
        state = self.state
        self.valley = state.valley
        self.narrator = Narrator(app, self.seats, self.valley)
        self.narrator.viewer = self.viewer if len(self.humans) == 1 else None
        self.version = 0  # grows with every change of the state on show (region keys, caches)
        self.selected = None  # ("spot", where), ("card", hand index) or PREPARING
        self.marked: list = []  # hand indices picked for a mulligan or a trade
        self.option = None  # the choice panel's option picked, an action
        self.hover = None  # ("spot", where), ("city", (owner, index)), ("hand", i), ("event", (id, special)),
        #                    ("seat", seat)
        self.mouse = None
        self.before = None  # the state the move on show was made in: the players panel's while it plays
        self._carried: dict = {}  # id(beat) -> (whose piece it moves, what it carries or None), this move
        self._tickets = itertools.count()  # numbers the cards dealt, in the order they are dealt
        self._focus_resting = False  # the keys' focus is put away for a bot's turn (`_rest_focus`)
        self.notice = None  # (why a greyed-out top button was clicked, until when)
        self.tip_rect = None  # where the tooltip was drawn last
        self._cache: dict = {}
        self._tips: dict = {}
        self.log = LogPanel(app, lambda: app.t("valley.log.title"))
        self.buttons = self._make_buttons()
        self._rebuild_log()

    # -- controls ---------------------------------------------------------------------
    def _make_buttons(self) -> dict:
        t = self.app.t
        b = self._table_buttons()
        b["prepare"] = Button(self.app, lambda: prepare_label(self.app, self.state, self.state.current_player()),
                              self.prepare, style="secondary")
        b["prepare"].why_not = self._prepare_why_not
        b["confirm"] = Button(self.app, lambda: t("valley.buttons.confirm"), self.confirm)
        b["cancel"] = Button(self.app, lambda: t("valley.buttons.cancel"), self._clear_selection, style="secondary")
        b["choice_done"] = Button(self.app, self._done_label, partial(self._footer, "choice_done"), style="secondary")
        b["choice_confirm"] = Button(self.app, self._confirm_label, partial(self._footer, "choice_confirm"))
        for i in range(OPTION_BUTTONS):
            b[f"opt{i}"] = Button(self.app, partial(self._option_label, i), partial(self._option, i),
                                  style="secondary")
        return b

    # -- Scene hooks ----------------------------------------------------------------
    def _ensure_layout(self, size: tuple) -> None:
        if self.layout is not None and self.layout.size == tuple(size):
            return
        lay = self.layout = compute(tuple(size), len(self.seats), replay=self.replay,
                                    opponent=self.state.opponent is not None)
        for group in (lay.buttons, lay.actions, lay.replay):
            for name, rect in group.items():
                self.buttons[name].place(rect, lay.s)
        for b in self.buttons.values():
            b.size = theme.TEXT_SMALL
        self._regions = lay.regions()
        self._frame = None
        self._tips.clear()

    def results_scene(self):
        from .results import ValleyResultsScene

        return ValleyResultsScene

    # -- what the looking player may do ---------------------------------------------------
    def _cached(self, key, make):
        """`make()` once per state on show, looking player and `key`."""
        key = (self.version, self.viewer, key)
        found = self._cache.get(key, self)
        if found is self:
            if len(self._cache) > 400:
                self._cache.clear()
            found = self._cache[key] = make()
        return found

    def legal(self) -> list:
        """The looking player's legal actions now ([] when it is not their move)."""
        if not self.my_turn():
            return []
        return self._cached("legal", self.state.legal_actions)

    def scores(self) -> list:
        return self._cached("scores", self.state.scores)

    def hand_owner(self):
        """(seat, cards) of the hand on show: the looking player's, or the current seat's in a replay."""
        state = self.state
        seat = state.current_player() if self.replay else self.viewer
        if seat is None:
            return None, []
        return seat, list(state.hands[seat])

    def decision(self):
        """The engine's pending decision when it is the looking player's, else None."""
        return self.state.decision() if self.my_turn() else None

    def spot_action(self, where: tuple) -> tuple:
        return ("place",) + tuple(where)

    def card_ways(self, index: int) -> list:
        """The legal plays of the hand card at `index` (free first, then each payment)."""
        seat, cards = self.hand_owner()
        if seat is None or index >= len(cards) or self.decision() is not None:
            return []
        kind_id = cards[index]
        return [a for a in self.legal() if a[0] == "play" and a[1] == kind_id]

    # -- applying moves ---------------------------------------------------------------
    def _after_action(self, before, events: list) -> None:
        """Log and sound the move, and keep who made it from what for the motion (moves.py)."""
        self.version += 1
        self.log.entries.extend(self._log_lines(events, self.state))
        self.log.offset = 0
        self._sound(events)
        self.before = before
        moves.annotate(before, events)

    def _log_lines(self, events: list, state) -> list:
        """Valley's narrator reads the state after the action (a draw stopped by the hand limit)."""
        return self.narrator.lines(events, state)

    def _sound(self, events: list) -> None:
        self._play_events(events)

    def _reset_view(self) -> None:
        self.version += 1
        super()._reset_view()

    # -- motion: what a move looks like (data/valley/motion.yaml, moves.py) ---------------------
    def _own_move(self) -> bool:
        mover = self.mover
        return mover is not None and mover == self.viewer and not self.seats[mover].is_bot

    def _show_move(self, seat, events: list) -> None:
        """As every table, but the solo opponent's turn after the player's own stays marked: it
        is another's move."""
        super()._show_move(seat, events)
        if seat is not None and seat == self.viewer and not self.seats[seat].is_bot:
            found = [n for e in events if e["type"].startswith("opponent") for n in self.motion_marks(e)]
            self.marks.extend(n for n in found if n not in self.marks)

    def motion_beats(self, event: dict) -> list:
        """The entry's beats shaped as moves.py says; the solo opponent's at a bot's pace even
        after the player's own quicker move."""
        seat = moves.seat_of(event)
        city = self.state.cities[seat] if event["type"] == "play" else ()
        index = len(city) - 1 - city[::-1].index(event["card"]) if event.get("card") in city else None
        out = []
        shown = self.hand_owner()[0] == seat
        for beat, carried in moves.shape(super().motion_beats(event), event, shown, index):
            if seat == moves.OPPONENT and self._own_move():
                beat.duration, beat.delay = beat.duration / OWN_PACE, beat.delay / OWN_PACE
            if carried is not None and carried[0] == "drawn":
                ticket = next(self._tickets)
                carried += (ticket,)
                if shown:  # to the slot it will take in the hand on show
                    beat.path = beat.path[:-1] + [f"held:{seat}/+{ticket}"]
            self._carried[id(beat)] = (seat, carried)
            out.append(beat)
        return out

    def motion_sprite(self, name: str, event: dict):
        return moves.sprite(self.app, self.layout, self.state.cards, name, event)

    def _finish_timeline(self) -> None:
        super()._finish_timeline()
        self._carried.clear()
        self.before = None

    def _in_flight(self) -> list:
        """What the beats not yet landed carry (`moves.shape`; a drawn card with its ticket): kept
        off its place until it lands, each beat of a group on its own (a dealt card shows in the
        hand as it lands, not when the last one does)."""
        landed = {id(b) for b, q in self.timeline.now() if q >= 1}
        beats = (b for group in self.timeline.groups for b in group if id(b) not in landed)
        return [c for c in (self._carried.get(id(b), (None, None))[1] for b in beats) if c is not None]

    def shown_hand(self) -> tuple:
        """(seat, cards) of the hand as drawn: `hand_owner`'s but the cards still being dealt into it
        (drawn last, so the shown hand is the real one's first cards and its indices hold)."""
        seat, cards = self.hand_owner()
        for _, owner, kind_id, _ in sorted((c for c in self._in_flight() if c[0] == "drawn"), key=lambda c: -c[3]):
            if owner == seat and kind_id in cards:
                del cards[len(cards) - 1 - cards[::-1].index(kind_id)]
        return seat, cards

    def panel_state(self):
        """The state the players panel shows: as it was until the move on show has played."""
        return self.before if self.timeline and self.before is not None else self.state

    def _moving(self) -> bool:
        """A live game's move on show: the table names its mover, even once it ended the game."""
        return bool(self.timeline) and self.mover is not None and not self.replay

    def _waiting_lines(self, over_key: str, wait_key: str):
        """As every table's, but while a move plays naming its mover (the base names the player
        after them, whom the header does not name yet), or nothing while it is the viewer's own."""
        if not self._moving():
            return super()._waiting_lines(over_key, wait_key)
        seat = self.mover
        return [] if seat == self.viewer else [(self.app.t(wait_key, name=self.seats[seat].name), 16, theme.INK_SOFT,
                                                False)]

    def spot_rect(self, key: str):
        """The rect of the spot `key` (a board id or "owner/index") as drawn (a copy), or None."""
        rect = self._cached(("spots", self.layout.size), self._spot_rects).get(key)
        return None if rect is None else rect.copy()

    def _spot_rects(self) -> dict:
        """{spot key: rect} of every board spot and city card: motion asks for them every frame."""
        lay, state = self.layout, self.state
        out = {where[0]: rect for where, rect in board_spots(lay, state)}
        out.update((f"{owner}/{index}", rect) for (owner, index), rect in city_cards(lay, state))
        return out

    def _held_rect(self, arg: str):
        """`held:<seat>[/<kind>]`: the card's slot in the hand on show as the move began (the hand's
        last card without a kind) when it is that seat's hand, else the seat's row."""
        seat, _, kind_id = arg.partition("/")
        owner, cards = self.hand_owner()
        if str(owner) != seat:
            return self._part_rect("seat", "opponent" if seat == str(moves.OPPONENT) else seat)
        if kind_id.startswith("+") and kind_id[1:].isdigit():  # a card being dealt: the slot after the cards shown and dealt before it
            _, shown = self.shown_hand()
            ticket = int(kind_id[1:])
            ahead = [c for c in self._in_flight() if c[0] == "drawn" and c[1] == owner and c[3] < ticket]
            return self.layout.hand_slots(len(cards))[min(len(cards) - 1, len(shown) + len(ahead))].copy() \
                if cards else pygame.Rect(self.layout.hand)
        before = self.before.hands[owner] if self.before is not None else cards
        if kind_id in before:
            return self.layout.hand_slots(len(before))[before.index(kind_id)].copy()
        return self.layout.hand_slots(len(cards))[len(cards) - 1].copy() if cards else pygame.Rect(self.layout.hand)

    def _part_rect(self, kind: str, arg: str):
        """The coach's part names (see the module docstring): the rect drawn now, or None."""
        state, lay = self.state, self.layout
        if kind == "hand":
            _, cards = self.hand_owner()
            rects = dict(self.hand_rects())
            index = int(arg) if arg.isdigit() else (cards.index(arg) if arg in cards else None)
            return rects.get(index)
        if kind == "spot":
            return self.spot_rect(arg)
        if kind == "card":
            owner, _, kind_id = arg.partition("/")
            city = state.cities[int(owner)] if owner.isdigit() and int(owner) < len(state.cities) else []
            return self.spot_rect(f"{owner}/{len(city) - 1 - city[::-1].index(kind_id)}") if kind_id in city else None
        if kind == "held":
            return self._held_rect(arg)
        if kind == "deck":
            title = lay.title_line(lay.board)
            w = px(30, lay.s)
            return pygame.Rect(title.right - w, title.top, w, title.height)
        if kind == "city":
            owner, _, kind_id = arg.rpartition("/")
            seat = int(owner) if owner.isdigit() else self.viewer
            city = state.cities[seat] if seat is not None and 0 <= seat < len(state.cities) else []
            if kind_id not in city:
                return None
            return self.spot_rect(f"{seat}/{city.index(kind_id)}")
        if kind == "event":
            return next((r for e, _, r in event_tiles(lay, state) if e == arg), None)
        if kind == "seat":
            rows = self._player_rows()
            if arg == "opponent":
                return rows[-1] if state.opponent is not None else None
            return rows[int(arg)] if arg.isdigit() and int(arg) < len(rows) else None
        if kind == "option":
            choice = self.choice() if self.my_turn() else None
            want = tuple(int(p) if p.isdigit() else p for p in arg.split("+"))
            for i, (_, action) in enumerate(choice["options"] if choice is not None else ()):
                if tuple(action) == want and i < OPTION_BUTTONS:
                    return self.buttons[f"opt{i}"].rect.copy()
        return None

    def coach_keep_clear(self) -> list:
        """The choice panel while it is open: its Confirm, pointed at after an option, stays in sight."""
        choice = self.choice() if self.my_turn() else None
        return [] if choice is None else [self.choice_rects(choice)[0]]

    # -- the human's choices ------------------------------------------------------------
    def _clear_selection(self) -> None:
        self.selected = None
        self.marked = []
        self.option = None

    def _has_choice(self) -> bool:
        return self.selected is not None or bool(self.marked)

    def pick_spot(self, where: tuple) -> None:
        """A click on a worker spot: pick it (its preview shows), or place on a second click."""
        if not self.my_turn() or self.decision() is not None:
            return
        if self.selected == ("spot", where) and self.spot_action(where) in self.legal():
            self.apply(self.spot_action(where))
            return
        self.selected = ("spot", where)
        self.app.sound.play("click")

    def pick_card(self, index: int) -> None:
        """A click on a hand card: mark it for a mulligan or trade, or pick it to play (a second
        click plays it when there is only one way to)."""
        if not self.my_turn():
            return
        need = self._marking()
        if need is not None:
            if index in self.marked:
                self.marked.remove(index)
            elif need == "any" or len(self.marked) < need:
                self.marked.append(index)
            self.app.sound.play("click")
            return
        if self.decision() is not None:
            return
        ways = self.card_ways(index)
        if self.selected == ("card", index) and len(ways) == 1:
            self.apply(ways[0])
            return
        self.selected = ("card", index)
        self.app.sound.play("click")

    def confirm_action(self):
        """What Confirm would apply now, or None."""
        if self.selected is None:
            return None
        kind, what = self.selected
        if kind == "prepare":
            return PREPARE if PREPARE in self.legal() and self.decision() is None else None
        if kind == "spot":
            action = self.spot_action(what)
            return action if action in self.legal() else None
        ways = self.card_ways(what)
        return ways[0] if len(ways) == 1 else None

    def confirm(self) -> None:
        choice = self.choice()
        if choice is not None and choice["confirm"] is not None:
            self.apply(choice["confirm"])
            return
        action = self.confirm_action()
        if action == PREPARE:
            self._ask_then_prepare()
        elif action is not None:
            self.apply(action)

    def prepare(self) -> None:
        """The Prepare button (or P): pick preparing as a spot is picked, so its preview shows and
        Confirm applies it; a second press confirms."""
        if PREPARE not in self.legal() or self.decision() is not None:
            return
        if self.selected == PREPARING:
            self.confirm()
            return
        self._clear_selection()
        self.selected = PREPARING
        self.app.sound.play("click")

    def _ask_then_prepare(self) -> None:
        """Prepare, but ask first what cannot be undone once the season's cards are drawn: entering
        the last season ends the player's game (while anything else is still open to them), and
        any other season gives up the workers not yet placed. Not in a guided game: the dialog
        would lie over the coach's words, which say it already."""
        legal, state, t = self.legal(), self.state, self.app.t
        seat = state.current_player()
        nxt = state.season[seat] + 1
        season = season_in_text(self.app, self.valley, self.valley.seasons[nxt].id)
        left = preview.unplaced(state, seat)
        asks = self.coach is None  # a guided game's coach has said it in its own words
        if asks and nxt == FINAL and len(legal) > 1:
            question, yes, no = (t("valley.qa.prepare_last", season=season), "valley.qa.prepare_last_yes",
                                 "valley.qa.prepare_last_no")
        elif asks and nxt != FINAL and left:
            question, yes, no = (t("valley.flow.ask_unplaced", n=left, season=season), "valley.flow.ask_yes",
                                 "valley.qa.prepare_last_no")
        else:
            self.apply(PREPARE)
            return
        self.app.push(ConfirmDialog(self.app, question, self._prepare_now, yes_text=lambda: t(yes),
                                    no_text=lambda: t(no)))

    def _prepare_now(self) -> None:
        if PREPARE in self.legal() and self.decision() is None:
            self.apply(PREPARE)

    def undo_why_not(self) -> str:
        """As every table says, but naming the bot (or the Jabberwock) to wait for, and saying that
        solo has no undo: the die rolls after each of the player's turns and undo stops at chance."""
        if self.replay or self.can_undo():
            return ""
        name = self._moving_name()
        if name is not None:
            return self.app.t("valley.qa.undo_wait", name=name)
        if self.state.opponent is not None and self.session.undo_blocker() == "revealed":
            return self.app.t("valley.qa.undo_solo", name=self.app.i18n.pick(self.state.solo.name))
        return super().undo_why_not()

    def _moving_name(self):
        """The bot or solo opponent whose move is being made or shown now, or None."""
        state = self.state
        if self.timeline:
            seat = self._carried.get(id(self.timeline.groups[0][0]), (self.mover,))[0]
        elif not state.is_over() and self.seats[state.current_player()].is_bot:
            seat = state.current_player()
        else:
            return None
        if seat == -1:
            return self.app.i18n.pick(state.solo.name)
        return self.seats[seat].name if seat is not None and self.seats[seat].is_bot else None

    def _prepare_why_not(self) -> str:
        seat = self.state.current_player()
        found = preview.turn_why_not(self.state, self.viewer) if seat is not None else ("over", {})
        return self._why_text(found) if found else ""

    # -- the choice panel: the engine's decisions, and how to pay ---------------------------
    def _marking(self):
        """How many hand cards the pending decision asks to pick ("any" for the mulligan), or None."""
        item = self.decision()
        if item is None:
            return None
        if item[0] == "mulligan":
            return "any"
        if item[0] == "trade":
            cards = self.state.fx[item[1]][item[2]].cards
            return cards or None
        return None

    def _marked_kinds(self) -> tuple:
        _, cards = self.hand_owner()
        return tuple(sorted(cards[i] for i in self.marked if i < len(cards)))

    def choice(self):
        """The panel on show: {"title", "options" [(label, action)], "done", "confirm"} or None."""
        return self._cached(("choice", tuple(self.marked), self.selected, self.option), self._make_choice)

    def _make_choice(self):
        item = self.decision()
        app = self.app
        if item is None:
            if self.selected is None or self.selected[0] != "card":
                return None
            ways = self.card_ways(self.selected[1])
            if len(ways) < 2:
                return None
            title = app.t("valley.table.choice.pay", card=kind_name(app, self.valley, ways[0][1]))
            return self._options(title, ways, None)
        legal = self.legal()
        if item[0] == "mulligan":
            return {"title": app.t("valley.table.choice.mulligan"), "options": [], "done": None,
                    "confirm": ("mulligan",) + self._marked_kinds()}
        source = self._source_name(item)
        effect = self.state.fx[item[1]][item[2]]
        if isinstance(effect, Trade):
            done = ("done",)
            if effect.cards:
                picked = ("discard",) + self._marked_kinds()
                title = app.t("valley.table.choice.trade_cards", source=source, n=effect.cards,
                              gets=simple_text(app, effect.get), left=effect.times - item[4])
                return {"title": title, "options": [], "done": done,
                        "confirm": picked if picked in legal else None}
            title = app.t("valley.table.choice.trade_pay", source=source, left=effect.times - item[4])
            return self._options(title, [a for a in legal if a != done], done)
        if isinstance(effect, Choose) or isinstance(effect, Named) and effect.name == "copy_location":
            key = "valley.table.choice.choose" if isinstance(effect, Choose) else "valley.table.choice.copy_location"
            return self._options(app.t(key, source=source), legal, None)
        return dict(self._options(app.t("valley.table.choice.copy_card", source=source), legal, None),
                    over="board")  # the cards to copy are in the player's city

    def _options(self, title: str, actions: list, done) -> dict:
        """A panel of options, each said in words; Confirm applies the one picked."""
        return {"title": title, "options": [(self.describe_action(a), a) for a in actions], "done": done,
                "confirm": self.option if self.option in actions else None}

    def choice_rects(self, choice) -> tuple:
        """The layout's `choice_panel` for `choice`: over the cities unless it says "over"."""
        return self.layout.choice_panel(min(len(choice["options"]), OPTION_BUTTONS), choice.get("over", "cities"))

    def _source_name(self, item: tuple) -> str:
        """The place, card or season a decision comes from, by name."""
        kind, _, rest = item[1].partition(":")
        ident = rest.split("/")[0]
        if kind == "board":
            return place_name(self.app, self.valley, ident)
        if kind == "season":
            return season_name(self.app, self.valley, ident)
        return kind_name(self.app, self.valley, ident)

    def _option_label(self, i: int) -> str:
        choice = self.choice()
        return choice["options"][i][0] if choice is not None and i < len(choice["options"]) else ""

    def _option(self, i: int) -> None:
        """Pick an option; a second click on the picked one applies it."""
        choice = self.choice()
        if choice is None or i >= len(choice["options"]):
            return
        action = choice["options"][i][1]
        if self.option == action:
            self.apply(action)
        else:
            self.option = action

    def _footer(self, name: str) -> None:
        choice = self.choice()
        action = None if choice is None else choice["done" if name == "choice_done" else "confirm"]
        if action is not None:
            self.apply(action)

    def _done_label(self) -> str:
        choice = self.choice()
        if choice is not None and choice["done"] is None:
            return self.app.t("valley.buttons.cancel")
        return self.app.t("valley.act.done")

    def _confirm_label(self) -> str:
        item = self.decision()
        if item is not None and item[0] == "mulligan":
            marked = len(self.marked)
            return self.app.t("valley.buttons.put_back", n=marked) if marked else self.app.t("valley.act.keep")
        return self.app.t("valley.buttons.confirm")

    # -- the Suggest button ---------------------------------------------------------------
    def describe_action(self, action) -> str:
        return describe_action(self.app, self.state, action)

    def hint_shortlist(self, view, legal: list, count: int) -> list:
        from .bots import ranked

        return [a for _, a in ranked(view, legal)[:count]]

    def _show_hint(self, action) -> None:
        """A suggested placement, play or Prepare is picked as a click would (Confirm then takes it);
        other actions get a ring."""
        if action == PREPARE:
            self._clear_selection()
            self.selected = PREPARING
        elif action[0] == "place":
            self.selected = ("spot", tuple(action[1:]))
        elif action[0] == "play":
            _, cards = self.hand_owner()
            if action[1] in cards:
                self.selected = ("card", cards.index(action[1]))

    def _hint_rects(self) -> list:
        action = self.hinted()
        if action is None:
            return []
        if action == PREPARE:
            return [self.buttons["prepare"].rect]
        choice = self.choice()
        if choice is not None:
            return [self.buttons[f"opt{i}"].rect for i, (_, a) in enumerate(choice["options"])
                    if a == action and i < OPTION_BUTTONS]
        return []

    # -- buttons ----------------------------------------------------------------------
    def _update_buttons(self) -> None:
        b = self.buttons
        b["undo"].enabled = self.can_undo()
        b["undo"].visible = b["save"].visible = not self.replay
        b["ff"].style = "primary" if self.app.settings.fast_forward else "secondary"
        mine = self.my_turn()
        choice = self.choice() if mine else None
        for name in ("prepare", "confirm", "cancel"):
            b[name].visible = mine and not self.replay
        if mine:
            deciding = self.decision() is not None
            b["prepare"].visible = not deciding
            b["prepare"].enabled = not deciding and PREPARE in self.legal()
            b["prepare"].style = "primary" if self.selected == PREPARING else "secondary"
            b["confirm"].enabled = self.confirm_action() is not None or (
                choice is not None and choice["confirm"] is not None)
            b["cancel"].enabled = self.selected is not None or bool(self.marked)
        self._place_choice(choice)

    def _place_choice(self, choice) -> None:
        b, lay = self.buttons, self.layout
        options = [] if choice is None else choice["options"]
        panel = self.choice_rects(choice) if choice is not None else None
        for i in range(OPTION_BUTTONS):
            button = b[f"opt{i}"]
            button.visible = i < len(options)
            if button.visible:
                button.place(panel[2][i], lay.s)
                button.style = "primary" if options[i][1] == self.option else "secondary"
        for name in ("choice_done", "choice_confirm"):
            button = b[name]
            button.visible = choice is not None and (name == "choice_confirm" or choice["done"] is not None
                                                     or self.selected is not None)  # the ways to pay: Cancel
            if button.visible:
                button.place(panel[3][name], lay.s)
        b["choice_confirm"].enabled = choice is not None and choice["confirm"] is not None

    def _widgets(self) -> list:
        """The choice panel's buttons first: they lie over the board."""
        panel = self._choice_buttons()
        return [b for b in panel if b.visible] + [b for b in self.buttons.values() if b.visible and b not in panel]

    def _choice_buttons(self) -> list:
        return [self.buttons[f"opt{i}"] for i in range(OPTION_BUTTONS)] + [self.buttons["choice_done"],
                                                                         self.buttons["choice_confirm"]]

    # -- input -------------------------------------------------------------------------------
    def hand_rects(self) -> list:
        """[(index, rect)] of the hand on show (tests click these)."""
        seat, cards = self.hand_owner()
        if seat is None or self.layout is None:
            return []
        return [(i, r) for i, (c, r) in enumerate(zip(cards, self.layout.hand_slots(len(cards)))) if c != UNKNOWN]

    def _targets(self) -> list:
        """Everything the keyboard focus visits, in order: the hand, the board, the cities, the events."""
        if self.layout is None:
            return []
        return self._cached(("targets", self.layout.size, self.viewer), self._list_targets)

    def _list_targets(self) -> list:
        out = [("hand", i, r) for i, r in self.hand_rects()]
        out += [("spot", where, r) for where, r in board_spots(self.layout, self.state)]
        out += [("city", where, r) for where, r in city_cards(self.layout, self.state)]
        out += [("event", (e, special), r) for e, special, r in event_tiles(self.layout, self.state)]
        return out

    def _under(self, pos):
        """(kind, what) of the thing under the mouse, or None."""
        lay = self.layout
        if lay is None:
            return None
        choice = self.choice() if self.my_turn() else None
        for kind, what, rect in self._targets():
            if rect.collidepoint(pos):
                if choice is not None and kind != "hand" and self.choice_rects(choice)[0].collidepoint(pos):
                    return None
                return kind, what
        rows = self._player_rows()
        for seat, row in enumerate(rows):
            if row.collidepoint(pos):
                return "seat", -1 if seat == len(self.seats) else seat
        return None

    def _player_rows(self) -> list:
        """The players panel's rows: one per seat, then the solo opponent's."""
        return self.layout.player_rows(len(self.seats) + (self.state.opponent is not None))

    def handle_event(self, event) -> None:
        """A click on a greyed-out top button keeps its reason in sight for a while."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._focus_resting = False  # the mouse took over: the focus stays put away
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.layout is not None:
            for name in self.layout.buttons:
                button = self.buttons[name]
                if button.visible and not button.enabled and button.rect.collidepoint(event.pos):
                    why = resolve(button.why_not) if button.why_not is not None else ""
                    self.notice = (why, time.monotonic() + NOTICE_SECONDS) if why else None
        super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self._rest_focus()

    def _rest_focus(self) -> None:
        """The keys' focus outline and its tip go while a bot's turn shows (they stayed over the board
        through the bots' moves, QA) and come back where they were when a person's turn comes; a
        click meanwhile hands over to the mouse, so they stay away."""
        seat = None if self.replay else self.turn_seat()
        if seat is not None and self.seats[seat].is_bot:
            if self.keys.shown:
                self._focus_resting = True
                self.keys.hide()
        elif self._focus_resting:
            self._focus_resting = False
            if self.keys.focused() is not None:
                self.keys.focus(self.keys.current, shown=True)

    def _mouse(self, event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self._clear_selection()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._hover(event.pos)
            self._activate(self.hover)

    def _activate(self, target) -> None:
        if target is None:
            return
        kind, what = target
        if kind == "hand":
            self.pick_card(what)
        elif kind == "spot":
            self.pick_spot(what)
        elif kind == "city" and self.state.spot_of(self.state.cities[what[0]][what[1]]) is not None:
            self.pick_spot(what)

    def _hover(self, pos) -> None:
        self.mouse = pos
        self.hover = self._under(pos)
        if self.hover is not None:
            self.keys.hide()  # its detail follows the mouse

    def _key_targets(self) -> list:
        """The hand, the board, the cities and the events (the focused one's detail shows as on
        hover): Enter picks it, or confirms what is picked (`_enter`)."""
        return [KeyTarget((kind, what), rect, partial(self._enter, (kind, what)))
                for kind, what, rect in self._targets()]

    def _play_key(self, event) -> None:
        if event.key == pygame.K_p:
            self.prepare()

    def _enter(self, target) -> None:
        """Enter on a focused thing picks it unless it is the pick already, or a choice panel is open
        and it is no hand card: then Enter confirms."""
        choice = self.choice() if self.my_turn() else None
        if (choice is None or target[0] == "hand") and self._focus_acts(target):
            self._activate(target)
        else:
            self.confirm()

    def _focus_acts(self, target) -> bool:
        kind, what = target
        if kind == "hand":
            return self._marking() is not None or self.selected != ("card", what) or len(self.card_ways(what)) == 1
        return kind in ("spot", "city") and self.selected != ("spot", what)

    def _focused(self):
        """The table thing the keys' focus is on, (kind, what), or None."""
        focused = self.keys.focused_id()
        return focused if isinstance(focused, tuple) else None

    # -- what the table says -----------------------------------------------------------------
    def _status(self) -> str:
        t = self.app.t
        fixed = None if self._moving() else self._replay_or_over_status("valley.table.status")
        if fixed is not None:
            return fixed
        seat = self.turn_seat()
        name = self.seats[seat].name
        season = self.app.i18n.pick(self.valley.seasons[self.panel_state().season[seat]].name)
        if self.seats[seat].is_bot and not self.timeline:
            return t("valley.table.status.thinking", name=name, season=season)
        key = "valley.table.status.last_turn" if self.panel_state().endgame else "valley.table.status.turn"
        return t(key, name=name, season=season)

    def _why_text(self, found) -> str:
        key, fields = found
        t = self.app.t
        if "seat" in fields:
            seat = fields["seat"]
            fields = {"name": self.seats[seat].name if seat >= 0 else self.app.i18n.pick(self.state.solo.name)}
        elif "toll" in fields:
            fields = {"resources": resources_text(self.app, fields["toll"].items())}
        elif "cost" in fields:
            fields = {"resources": resources_text(self.app, fields["cost"].items())}
        return t(f"valley.table.why.{key}", **fields)

    def _preview_target(self):
        """The spot or hand card the controls panel previews: pointed at or focused, else picked."""
        if self.buttons["prepare"].hover and self.buttons["prepare"].enabled:
            return PREPARING
        for target in (self.hover, self._focused()):
            if target is not None and target[0] in ("spot", "hand"):
                return target
            if target is not None and target[0] == "city" and self.state.spot_of(
                    self.state.cities[target[1][0]][target[1][1]]) is not None:
                return "spot", target[1]
        if self.selected is not None:
            kind, what = self.selected
            return {"card": "hand"}.get(kind, kind), what
        return None

    def _controls_lines(self) -> list:
        """What the controls panel says: [(text, size, colour, bold) or ("icons", [(icon, n)])]."""
        t, state, app = self.app.t, self.state, self.app
        waiting = self._waiting_lines("valley.table.status.over", "valley.table.hint.wait")
        if waiting is not None:
            return waiting
        seat = state.current_player()
        choice = self.choice()
        if self.decision() is not None and choice is not None:
            out = [(choice["title"], 16, theme.PLUM, True)]
            if self._marking() is not None:
                out.append((t("valley.table.hint.mark_in_hand"), 14, theme.INK_SOFT, False))
            return out
        target = self._preview_target()
        out = self._preview_lines(target) if target is not None else []
        if not out:
            nxt = state.season[seat] + 1
            text = app.i18n.pick(self.valley.seasons[nxt].text) if nxt < len(self.valley.seasons) else ""
            out = [(t("valley.table.hint.turn"), 15, theme.INK, True),
                   (t("valley.table.hint.prepare_gives", text=text), 14, theme.INK_SOFT, False)]
        return out

    def _preview_lines(self, target) -> list:
        kind, what = target
        if kind == "prepare":
            return self._prepare_lines()
        seat, cards = self.hand_owner()
        state, t, app = self.state, self.app.t, self.app
        if kind == "hand":
            if what >= len(cards):
                return []
            title = kind_name(app, self.valley, cards[what])
            found = preview.card_why_not(state, seat, cards[what])
            ways = self.card_ways(what)
        else:
            where = tuple(what)
            if len(where) == 1:
                title = place_name(app, self.valley, where[0])
            else:
                title = kind_name(app, self.valley, state.cities[where[0]][where[1]])
            found = preview.spot_why_not(state, seat, where)
            ways = [self.spot_action(where)] if found is None else []
        out = [(title, 16, theme.PLUM, True)]
        if found is not None:
            return out + [(self._why_text(found), 15, theme.RED, False)]
        action = ways[0]
        result = self._cached(("outcome", action), lambda: preview.outcome(state, seat, action))
        if kind == "hand":
            if result.host:
                out.append((t("valley.table.preview.free", host=kind_name(app, self.valley, result.host)), 14,
                            theme.GREEN, True))
            else:
                out.append((t("valley.table.preview.pay", resources=resources_text(app, dict(zip(
                    ("berry", "twig", "resin", "pebble"), action[2:])))), 14, theme.INK, False))
            if result.discount.total:
                out.append((t("valley.table.preview.discount", resources=resources_text(
                    app, result.discount.items())), 14, theme.GREEN, False))
            if len(ways) > 1:
                out.append((t("valley.table.preview.ways", n=len(ways)), 14, theme.INK_SOFT, False))
        icons = icons_of(result)
        if kind == "hand" and result.card_points:
            icons.append(("point", f"+{result.card_points}"))
        if icons:
            out.append(("icons", icons))
        extra = []
        if result.workers:
            extra.append(t("valley.table.preview.worker"))
        if result.choice:
            extra.append(t("valley.table.preview.choice"))
        if not icons and not extra:
            extra.append(t("valley.table.preview.nothing"))
        out += [(text, 14, theme.TEAL, False) for text in extra]
        return out

    def _prepare_lines(self) -> list:
        """What preparing gives up (the workers not yet placed) and brings (the season's worker,
        production or cards, the workers coming home); the title says when the game then ends."""
        state, t, seat = self.state, self.app.t, self.state.current_player()
        if PREPARE not in self.legal():
            return []
        result = self._cached(("outcome", PREPARE), lambda: preview.outcome(state, seat, PREPARE))
        hinted = self.hinted() == PREPARE  # the suggestion's line above names it already
        out = [] if hinted else [(self.describe_action(PREPARE), 16, theme.PLUM, True)]
        left = preview.unplaced(state, seat)
        if left:  # first: in a small window the panel has room for few lines under a suggestion
            out.append((t("valley.flow.give_up", n=left), 14, theme.RED, False))
        icons = icons_of(result)
        if icons:
            out.append(("icons", icons))
        gains = [t("valley.table.preview.worker")] if result.workers else []
        if state.placed[seat]:
            gains.append(t("valley.flow.back_home", n=len(state.placed[seat])))
        if result.choice:
            gains.append(t("valley.table.preview.choice"))
        out += [(text, 14, theme.TEAL, False) for text in gains]
        if not icons and not gains and not left:
            out.append((t("valley.table.preview.nothing"), 14, theme.TEAL, False))
        return out

    def _hand_title(self, seat, cards) -> str:
        t = self.app.t
        limit = self.valley.numbers.hand_limit
        if seat is None:
            return t("valley.table.hand_hidden")
        return hand_title(self, seat, "valley.table.hand", "valley.table.hand_of", n=len(cards), limit=limit)

    def _playable(self):
        """Hand kinds that can be played now (others are dimmed), or None when not choosing."""
        legal = self.legal()
        if not legal or self.decision() is not None:
            return None
        return frozenset(a[1] for a in legal if a[0] == "play")

    # -- drawing -----------------------------------------------------------------------------
    def _marks(self) -> dict:
        legal = self.legal() if self.decision() is None else []
        spots = frozenset(tuple(a[1:]) for a in legal if a[0] == "place")
        selected = self.selected[1] if self.selected is not None and self.selected[0] == "spot" else None
        hover = self.hover or self._focused()
        flying = self._in_flight()
        return {"legal": spots, "selected": selected, "current": self.turn_seat(),
                "hover": hover[1] if hover is not None and hover[0] in ("spot", "city") else (
                    hover[1][0] if hover is not None and hover[0] == "event" else None),
                "hidden": frozenset(c[1:] for c in flying if c[0] == "worker"),
                "unlanded": frozenset(c[1:] for c in flying if c[0] == "card")}

    def _parts(self):
        """(region, key, paint) of every part of the table; a key holds all that its region shows.
        The header, the players panel, the controls and the city rows all say whose turn it is:
        `turn_regions` has them repainted in the same frame."""
        lay, s, state, lang = self.layout, self.layout.s, self.state, self.app.lang
        status = self._status()
        yield "status", (status, lang), lambda f: tx.draw_line(f, self.app.fonts, status, lay.status, px(21, s),
                                                               theme.GOLD_LIGHT, bold=True, align="left")
        marks = self._marks()
        hover = self.hover or self._focused()
        current = marks["current"]
        panel = self.panel_state()
        scores = self.scores() if panel is state else self._cached("scores_before", panel.scores)
        over = hover[1] if hover is not None and hover[0] == "seat" else None
        yield "players", (self.version, lang, current, over, self.layout.size, panel is state), \
            lambda f: draw_players(f, lay, self.app, panel, current, scores, over, self.seat_kinds())
        top = [self.buttons[n] for n in lay.buttons]
        yield "buttons", tuple(map(button_look, top)), lambda f: [b.draw(f) for b in top]
        mkey = tuple(marks.items())
        holders = self._cached("holders", self._holders)
        yield "board", (self.version, lang, mkey), lambda f: draw_board(f, lay, self.app, state, marks, holders)
        for seat in range(len(self.seats)):
            yield f"city{seat}", self._city_key(seat, marks), partial(draw_city, lay=lay, app=self.app, state=state,
                                                                      seat=seat, marks=marks)
        seat, cards = self.shown_hand()
        title = self._hand_title(seat, cards)
        hand_marks = {"playable": self._playable(), "marked": tuple(self.marked),
                      "selected": self.selected[1] if self.selected and self.selected[0] == "card" else None,
                      "hover": hover[1] if hover is not None and hover[0] == "hand" else None}
        yield "hand", (self.version, lang, tuple(cards), title, tuple(sorted(hand_marks.items(), key=str))), \
            lambda f: draw_hand(f, lay, self.app, state, cards, title, hand_marks)
        hint = self.hint_lines()  # the suggestion, then what is picked or pointed at, then the other options
        lines = hint[:1] + self._controls_lines() + hint[1:]
        widgets = [self.buttons[n] for n in list(lay.actions) + list(lay.replay)]
        yield "controls", (lang, repr(lines), tuple(map(button_look, widgets))), \
            partial(self._paint_controls, lines, widgets)
        entries = self.log.entries
        yield "log", (lang, len(entries), entries[-1] if entries else None, self.log.offset), \
            lambda f: self.log.draw(f, lay.log, s)

    def _holders(self) -> dict:
        state = self.state
        return {e: tuple(event_holders(state, e, special)) for e, special, _ in event_tiles(self.layout, state)}

    def _city_key(self, seat: int, marks: dict) -> tuple:
        """All that one city row shows: its cards, the workers on them, and the marks within it."""
        state, mine = self.state, f"{seat}/"
        workers = tuple((s, spot) for s, spots in enumerate(state.placed) for spot in spots if spot.startswith(mine))
        within = tuple((k, v) for k, v in marks.items() if k in ("selected", "hover") and v is not None
                       and len(v) == 2 and v[0] == seat)
        legal = tuple(sorted(w for w in marks["legal"] if len(w) == 2 and w[0] == seat))
        hidden = tuple(sorted(w for w in marks["hidden"] if w[1].startswith(mine)))
        unlanded = tuple(sorted(i for s, i in marks["unlanded"] if s == seat))
        return (self.app.lang, tuple(state.cities[seat]), tuple(state.occupied[seat]), workers, within, legal,
                hidden, unlanded, marks["current"] == seat)

    def _render_base(self, size: tuple):
        """The sky, the top bar, and the panels with their titles, which never change."""
        base = super()._render_base(size)
        lay = self.layout
        draw_board_panel(base, lay, self.app)
        draw_cities_panel(base, lay, self.app, self.valley.numbers.city_limit)
        theme.panel(base, lay.hand, lay.s, with_shadow=False)
        return base

    def _paint_controls(self, lines, widgets, frame) -> None:
        lay, s = self.layout, self.layout.s
        theme.panel(frame, lay.controls, s, with_shadow=False)
        area = lay.hint

        def height() -> int:  # every line whole at the text size tried
            return sum(px(24, s) + px(2, s) if line[0] == "icons" else
                       len(tx.wrap(font, line[0], area.width)) * font.get_linesize()
                       for line, font in ((line, self.app.fonts.get(px(line[1], s), line[3]) if line[0] != "icons"
                                           else None) for line in lines))

        with self.app.fonts.largest_fitting(lambda: height() <= area.height):
            y = area.top
            for line in lines:
                if line[0] == "icons":
                    h = px(24, s)
                    if y + h > area.bottom:
                        break
                    draw_icons(frame, self.app, pygame.Rect(area.left, y, area.width, h), line[1], align="left")
                    y += h + px(2, s)
                    continue
                text, size, colour, bold = line
                font, wrapped = tx.fit_block(self.app.fonts, text, area.width, area.bottom - y, px(size, s), bold,
                                             min_ratio=0.8)
                if y > area.top and len(tx.wrap(font, text, area.width)) > len(wrapped):
                    break  # a later line that no longer fits whole is left out, not cut
                for part in wrapped:
                    if y + font.get_linesize() > area.bottom:
                        break
                    frame.blit(tx.render(font, part, colour), (area.left, y))
                    y += font.get_linesize()
        for w in widgets:
            w.draw(frame)

    def _draw_overlay(self, surface: pygame.Surface) -> None:
        self._draw_choice(surface)
        for rect in self._hint_rects():
            hints.ring(surface, rect, self.layout.s)

    def _draw_choice(self, surface) -> None:
        choice = self.choice() if self.my_turn() else None
        if choice is None:
            return
        lay = self.layout
        panel, title, _, _ = self.choice_rects(choice)
        theme.panel(surface, panel, lay.s, border=theme.GOLD_DARK)
        tx.draw_block(surface, self.app.fonts, choice["title"], title, px(18, lay.s), theme.PLUM, bold=True)
        for button in self._choice_buttons():
            button.draw(surface)

    def _draw_tips(self, surface) -> list:
        """A greyed-out button's reason (an enabled one's tip): under it, but a top button's over the
        status line (under it would hide the board's top), where it also stays a while after a click;
        first a hovered card's, place's or event's detail (a tip too: over a guided game's words)."""
        self._draw_tooltip(surface)
        top = [self.buttons[name] for name in self.layout.buttons]
        out = [r for r in (draw_tip(surface, b) for b in self._widgets() if b not in top) if r is not None]
        said = (b.tip if b.enabled else b.why_not  # an enabled one's tip: the "▶▶" button's
                for b in top if b.visible and (b.hover or b.focused))
        text = next((t for t in map(resolve, filter(None, said)) if t), None)
        if text is None and self.notice is not None and time.monotonic() < self.notice[1]:
            text = self.notice[0]
        if text is None:
            self.notice = None
            return out
        return out + [self._draw_bar_tip(surface, text)]

    def _draw_bar_tip(self, surface, text: str) -> pygame.Rect:
        lay, s = self.layout, self.layout.s
        box = lay.status.inflate(px(4, s), -px(6, s))
        theme.panel(surface, box, s, with_shadow=False, border=theme.GOLD_DARK, radius=px(8, s))
        area = box.inflate(-px(20, s), -px(4, s))
        tx.draw_block(surface, self.app.fonts, text, area, px(16, s), theme.INK, align="left")
        return box

    def _draw_tooltip(self, surface) -> None:
        """A card's, a place's or an event's full text, or a player's score breakdown, over the log, from
        its top down: never over the board, the cities or the hand, so it hides neither the thing pointed
        at nor its neighbours, and the newest log lines (at the foot) stay readable when there is room."""
        lay = self.layout
        target = self.hover or self._focused()
        self.tip_rect = None
        if target is None:
            return
        lines = self._cached(("tip", target), lambda: self._tip_lines(target))
        if not lines:
            return
        key = (tuple(lines), lay.s, self.app.lang, lay.size)
        img = self._tips.get(key)
        if img is None:
            if len(self._tips) > 64:
                self._tips.clear()
            img = self._tips[key] = tooltip(self.app, lay.s, lines, lay.log.width)
        self.tip_rect = img.get_rect(topright=lay.log.topright).clamp(pygame.Rect((0, 0), lay.size))
        surface.blit(img, self.tip_rect)

    def _tip_lines(self, target) -> list:
        kind, what = target
        state = self.state
        if kind == "hand":
            _, cards = self.hand_owner()
            return card_lines(self.app, state, cards[what]) if what < len(cards) else []
        if kind == "city":
            return card_lines(self.app, state, state.cities[what[0]][what[1]])
        if kind == "spot":
            return place_lines(self.app, state, what[0])
        if kind == "event":
            return event_lines(self.app, state, what[0], what[1])
        return breakdown_lines(self.app, state, what)
