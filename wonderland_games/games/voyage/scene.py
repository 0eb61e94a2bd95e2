"""The World Voyage table: the map, the destination display, the hand, actions and bots.

The scene never changes the game except through `session.apply(legal action)`.
Planning a move: click an itinerary card, the cities it reaches light up;
point at one to see the route with numbered steps, click it to fix the plan,
then confirm (the button, Enter, or a second click on that city). Pointing at
a displayed destination lights its city and the shortest route there.

What is drawn is the state itself, but for what is still on its way: a move's events
become the shared motion layer's beats (ui/motion.py, data/voyage/motion.yaml) — the
traveller walks its route city by city (off one edge of the map and in at the other over
the Pacific) or jumps a flight, points fly to the score, cubes to a row, a new destination
turns face up — and a piece on its way (`arriving`) is left out of the table until its beat
lands. While a move plays the table names its mover as the one whose turn it is
(`turn_seat`): the header, the players' rows and the ring under a traveller always agree.

Drawing stays within a few milliseconds: the table is one cached frame split
into disjoint regions (map, display, hand, players, controls, log, ...); a
region is repainted only when its key (everything it shows) changed. The map
itself (sea, land, routes, names) is one surface made once per window size; while
the window is being resized (sizes in quick succession) the last one is stretched,
and the map is made anew once the size has held for RESIZE_SETTLE seconds.

Hot-seat: hands are private, so the base class shows a curtain when the turn
passes to another human; only the looking player's hand is ever drawn.

The parts a guided game's coach may point at (`_part_rect`, docs/tutorials.md), beside the
base's button:<name> and region:<name>: card:<itinerary id> (a card in the looking
player's hand), city:<city id> (its dot on the map), dest:<destination id> (a card on
display), visit:both (the two Visit buttons, a choice of payment), market:<region id> (its
souvenir market on the Travellers title line), fare:<itinerary id> (the fare coin on a hand
card), flag:<destination id> (a displayed destination's flag on the map), star:<region id>
(its starting city's star), edge:west and edge:east (the map's edges, where the Pacific routes wrap),
row:<seat>, score:<seat>, money:<seat>, tokens:<seat>, hand:<seat> (the row's count of
cards), visited:<seat>:<colour id> and souvenirs:<seat>:<region id> (a traveller's row); and for
the motion only wrap:<city>,<city>,<0|1>, where a route over the Pacific leaves the map (0) and
comes back in (1).
"""

from __future__ import annotations

import copy
from functools import partial

import pygame

from ...ui import hint as hints
from ...ui import text as tx
from ...ui import theme
from ...ui.log_panel import LogPanel
from ...ui.motion import Beat, draw_beat, draw_marks
from ...ui.table_keys import KeyTarget
from ...ui.seat_words import hand_title
from ...ui.table_scene import TableScene, button_look
from ...ui.theme import px
from ...ui.widgets import Button
from . import moving, rules, tip_spot
from .cards import FLY, PLAIN
from .layout import compute
from .map_view import MapView, rgb_of
from .narrate import Narrator, card_name, describe, city_name, colour_name, counted, dest_name, region_name
from .panels import (breakdown_text, card_tooltip, destination_tooltip, draw_display, draw_hand, draw_players,
                     fare_badge, market_spots, pawn, row_spots, score_rect, spot_tooltip, tooltip)

RESIZE_SETTLE = 0.25  # seconds a new window size holds before the map is drawn anew for it
ROW_TIP_WIDTH = 300  # a row icon's or a market's tooltip wraps its sentences to this width (unscaled)


class VoyageScene(TableScene):
    game_id = rules.GAME_ID

    def __init__(self, app, session=None, replay=None):
        super().__init__(app, session, replay)
        state = self.state
        self.world, self.cards = state.world, state.cards
        self.map_view = MapView(app, self.world)
        self.narrator = Narrator(app, self.seats, self.world, self.cards)
        self.selected = None  # a hand card picked to move with (or to discard)
        self.target = None  # the city the planned move goes to
        self.notice = ""  # why the last click on the map moved nothing (a city before a card, out of reach)
        self.hover_city = None
        self.hover_dest = None  # a displayed destination under the mouse (card or city)
        self.hover_card = None
        self.hover_seat = None
        self.mouse = None
        self._legal = (None, [])
        self._tips: dict = {}
        self.resizing = 0.0  # seconds left before a resized window's map is drawn anew
        self._before = None  # the state before the last move
        self.shown = None  # what the rows show while a move is shown (panel_state)
        self.arriving: set = set()  # ("pawn", seat), ("card", id), ("dest", id): on their way, not drawn yet
        self.log = LogPanel(app, lambda: app.t("voyage.log.title"))
        self.buttons = self._make_buttons()
        self._rebuild_log()

    # -- controls ---------------------------------------------------------------------
    def _make_buttons(self) -> dict:
        t = self.app.t
        b = self._table_buttons()
        b.update({
            "visit_card": Button(self.app, self._visit_card_label, self.visit_with_card),
            "visit_money": Button(self.app, self._visit_money_label, partial(self.visit, "money")),
            "collect": Button(self.app, self._collect_label, partial(self.apply, rules.COLLECT), style="secondary"),
            "buy_money": Button(self.app, lambda: t("voyage.buttons.buy_money", price=rules.BUY_PRICE,
                                                    n=rules.BUY_CARDS), partial(self.apply, rules.BUY_MONEY),
                                style="secondary"),
            "buy_token": Button(self.app, lambda: t("voyage.buttons.buy_token"), partial(self.apply, rules.BUY_TOKEN),
                                style="secondary"),
            "flyer": Button(self.app, lambda: t("voyage.buttons.flyer"), partial(self.apply, rules.FLYER),
                            style="secondary"),
            "end": Button(self.app, lambda: t("voyage.buttons.end"), partial(self.apply, rules.END), style="secondary"),
            "confirm": Button(self.app, self._confirm_label, self.confirm),
        })
        b["visit_card"].why_not = partial(self._visit_why_not, "card")
        b["visit_money"].why_not = partial(self._visit_why_not, "money")
        for name in ("collect", "buy_money", "buy_token", "flyer"):
            b[name].why_not = partial(self._spend_why_not, name)
        return b

    def _spend_why_not(self, button: str) -> str:
        """Why a greyed Souvenir, Buy or Frequent-flyer button cannot be pressed on your turn: no
        token, too little money, an empty market or draw pile (QA: with no token left "Buy 1 card"
        and "Frequent flyer" greyed out without a word). "" when no action is left: the panel says."""
        state, t, app = self.state, self.app.t, self.app
        seat = state.current_player()
        if not self.my_turn() or state.phase != rules.TURN:
            return ""
        if button == "flyer":
            return t("voyage.spend_why.no_token") if not state.tokens[seat] else ""
        if not state.actions_left or state.flyer_pending:
            return ""
        if button == "collect":
            region = self.world.region_of[state.positions[seat]]
            if not state.supply[rules.REGION_INDEX[region]]:
                return t("voyage.spend_why.market_empty", region=region_name(app, self.world, region))
            price = rules.SOUVENIR_PRICE
        else:
            if not (state.deck or state.discard):
                return t("voyage.spend_why.no_cards")
            if button == "buy_token":
                return t("voyage.spend_why.no_token") if not state.tokens[seat] else ""
            price = rules.BUY_PRICE
        if state.money[seat] < price:
            return t("voyage.spend_why.no_money", n=counted(app, "money", price),
                     have=counted(app, "money", state.money[seat]))
        return ""

    def _visit_why_not(self, paid: str) -> str:
        """Why a greyed Visit button cannot be pressed while the traveller stands on a displayed
        destination with a visit still allowed: no card of its colour, or too little money."""
        state, t = self.state, self.app.t
        seat = state.current_player()
        if not self.my_turn() or state.phase != rules.TURN or not (state.actions_left or state.flyer_pending):
            return ""
        dest = state.visitable(seat)
        if dest is None:
            return ""
        fee, have = state.visit_fee(seat), state.money[seat]
        name = dest_name(self.app, self.cards, dest)
        if paid == "card" and have >= fee:
            colour = self.cards.destinations[dest].colour
            return t("voyage.visit_why.no_card", dest=name, colour=t(f"voyage.colours.{colour}"))
        cost = fee if paid == "card" else rules.VISIT_PRICE + fee
        return t("voyage.visit_why.no_money", dest=name, n=counted(self.app, "money", cost),
                 have=counted(self.app, "money", have))

    def _visit_card_label(self) -> str:
        t, act = self.app.t, self.visit_card_action()
        if act is None:
            return t("voyage.buttons.visit_card_none")
        fee = self.state.visit_fee(self.state.current)
        label = t("voyage.buttons.visit_card", card=card_name(self.app, self.cards, act[3]))
        return label + (t("voyage.buttons.fee", n=fee) if fee else "")

    def _visit_money_label(self) -> str:
        state = self.state
        seat = self.viewer if self.viewer is not None else state.current_player()  # the fee the looker would pay
        fee = state.visit_fee(seat) if seat is not None else 0
        return self.app.t("voyage.buttons.visit_money", n=rules.VISIT_PRICE + fee)

    def _collect_label(self) -> str:
        return describe(self.app, self.state, rules.COLLECT)

    def _confirm_label(self) -> str:
        if self.state.phase == rules.DISCARD:
            return self.app.t("voyage.buttons.discard")
        return self.app.t("voyage.buttons.confirm")

    # -- Scene hooks ----------------------------------------------------------------
    def on_resize(self, size: tuple) -> None:
        super().on_resize(size)
        self.resizing = RESIZE_SETTLE

    def update(self, dt: float) -> None:
        self.resizing = max(0.0, self.resizing - dt)
        super().update(dt)

    def still(self) -> bool:
        return super().still() and not self.resizing

    def _ensure_layout(self, size: tuple) -> None:
        if self.layout is not None and self.layout.size == tuple(size):
            return
        lay = self.layout = compute(tuple(size), len(self.seats), replay=self.replay)
        for group in (lay.buttons, lay.actions, lay.replay):
            for name, rect in group.items():
                self.buttons[name].place(rect, lay.s)
        for b in self.buttons.values():
            b.size = theme.TEXT_SMALL
        self._regions = lay.regions()
        self._frame = None
        self._tips.clear()

    # -- turn logic -------------------------------------------------------------------
    def legal(self) -> list:
        """The looking player's legal actions now ([] when it is not their move)."""
        if not self.my_turn():
            return []
        key = (id(self.session.state), len(self.session.actions))
        if self._legal[0] != key:
            self._legal = (key, self.session.state.legal_actions())
        return self._legal[1]

    # -- applying moves ---------------------------------------------------------------
    def _after_action(self, before, events: list) -> None:
        self.log.entries.extend(self.narrator.lines(events))
        self.log.offset = 0
        self._sound(events)
        self._before = before

    def _sound(self, events: list) -> None:
        self._play_events(events)

    # -- motion (data/voyage/motion.yaml, moving.py) -----------------------------------------
    ARRIVES = {"move": "pawn", "fly": "pawn", "refill": "dest"}  # event kind -> what it brings, unseen till it lands
    # a beat landing on a traveller's row (or a market) brings these fields of the state to the rows
    ROW_FIELDS = {"score": ("visited", "money"), "money": ("money",), "tokens": ("tokens",), "hand": ("hands",),
                  "card": ("hands",), "souvenirs": ("souvenirs", "supply", "stock"), "market": ("supply", "stock")}

    def _show_move(self, seat, events: list) -> None:
        """As every table, and what the move brings is left off the table until its beat lands:
        a traveller, a card, and on the rows what the state was before (`shown`) until each
        gain or cost arrives there."""
        super()._show_move(seat, events)
        self.arriving = {change.args for group in self.timeline.groups for beat in group for change in beat.done
                         if isinstance(change, partial) and change.func == self._landed}
        self.shown = self._before.clone() if self.timeline and self._before is not None else None
        for beat in (b for group in self.timeline.groups for b in group):
            end = beat.path[-1] if beat.path else None
            fields = self.ROW_FIELDS.get(end.partition(":")[0]) if isinstance(end, str) else None
            if fields:
                beat.done.append(partial(self._to_rows, fields))

    def _to_rows(self, fields: tuple) -> None:
        """What a beat brought reaches the rows: they show those fields as they are now."""
        if self.shown is not None:
            for name in fields:
                setattr(self.shown, name, copy.deepcopy(getattr(self.state, name)))
        self.dirty = True

    def panel_state(self):
        """The state the travellers' rows and markets show: behind the real one while a move
        is shown, until what it brings lands there."""
        return self.shown if self.shown is not None and self.timeline else self.state

    def motion_beats(self, event: dict) -> list:
        """The table's beats, with a walk cut at the Pacific edge, a draw into the hand on show
        turning each card face up in its place, and each beat landing what it brings."""
        event = moving.with_places(event, self.cards)
        kind = event["type"]
        if kind == "draw" and event["seat"] == self.hand_owner()[0]:
            return self._card_flips(event["cards"])
        beats = super().motion_beats(event)
        if kind == "move" and beats and not self.app.settings.reduced_motion:
            beats = moving.over_the_edge(self, beats[0], event["path"])
        what = self.ARRIVES.get(kind)
        if what is not None and beats:
            beats[-1].done.append(partial(self._landed, what, event["seat"] if what == "pawn" else event["dest"]))
        for beat in beats:
            beat.arc = min(beat.arc, self._headroom(beat))
        return beats

    def _headroom(self, beat: Beat) -> float:
        """How high `beat` may lift on its way and keep itself and its gain below the top bar: a
        visit's card or a souvenir flying to the first traveller's row arced over the header's
        words (QA)."""
        lay = self.layout
        ends = [r for r in (self.target_rect(p) if isinstance(p, str) else None for p in beat.path) if r is not None]
        if not ends:
            return beat.arc
        above = (beat.sprite.get_height() if beat.sprite is not None else px(28, lay.s)) / 2
        if beat.text:  # it rides above the piece, rising a little as it lands (ui/motion.draw_beat)
            above += self._gain_font().get_height() + px(12, lay.s)
        return max(0.0, min(r.centery for r in ends) - lay.top.bottom - px(4, lay.s) - above)

    def _gain_font(self):
        return self.app.font(max(12, px(20, self.layout.s)), bold=True)  # as TableScene._draw_motion's

    MOVING = ("travel", "walk", "jump", "fly")  # beats that go somewhere: under the top bar, never over it

    def _draw_motion(self, surface: pygame.Surface) -> list:
        """As every table's, but what travels goes under the top bar: a flight the window leaves no
        headroom for (a resize mid-flight) is hidden there rather than covering the header's words.
        A pulse on the header (the round moving on) is drawn there as ever."""
        lay = self.layout
        drawn = draw_marks(surface, self.mark_rects(), lay.s)
        below = pygame.Rect(0, lay.top.bottom, lay.size[0], lay.size[1] - lay.top.bottom)
        for beat, q in self.timeline.now():
            surface.set_clip(below if beat.motion in self.MOVING else None)
            rect = draw_beat(surface, beat, q, self.target_rect, lay.s, self.app.settings.reduced_motion,
                             self._gain_font())
            surface.set_clip(None)
            if rect is not None:
                drawn.append(rect)
        return drawn

    def _card_flips(self, cards: list) -> list:
        """The drawn cards turning face up in the hand, all at once."""
        rects = dict(self.hand_rects())
        beats = []
        for card in cards:
            rect = rects.get(card)
            if rect is None:
                continue
            face = {"type": "draw", "card": card, "rect": pygame.Rect((0, 0), rect.size)}
            beats.append(Beat("flip", 0.45, [f"card:{card}"], self.motion_sprite("itinerary", face),
                              self.motion_sprite("itinerary_back", face), with_previous=bool(beats),
                              done=[partial(self._landed, "card", card)]))
        return beats

    def motion_marks(self, event: dict) -> list:
        return super().motion_marks(moving.with_places(event, self.cards))

    def motion_sprite(self, name: str, event: dict):
        return moving.sprite(self, name, event)

    def mark_rects(self) -> list:
        """The marks over the table but the cities': those are painted with the map, under the
        travellers (over them, a walked route's gold rings hid the pawns standing there, QA)."""
        everything, self.marks = self.marks, [m for m in self.marks if not m.startswith("city:")]
        try:
            return super().mark_rects()
        finally:
            self.marks = everything

    def _marked_cities(self) -> tuple:
        """The cities marked now (the map paints them), when the marks are on show."""
        cities = tuple(m.partition(":")[2] for m in self.marks if m.startswith("city:"))
        return cities if cities and TableScene.mark_rects(self) else ()

    def _landed(self, what: str, key) -> None:
        self.arriving.discard((what, key))
        if what == "pawn":
            self._to_rows(("positions",))  # the row names the city it stands in
        self.dirty = True

    def _finish_timeline(self) -> None:
        super()._finish_timeline()
        self.arriving.clear()
        self.shown = None
        self.dirty = True

    # -- the human's choices ------------------------------------------------------------
    def _clear_selection(self) -> None:
        self.selected = None
        self.target = None
        self.notice = ""

    def move_targets(self, card) -> dict:
        """city -> legal move action for `card` now (empty when it is not the looking player's move)."""
        return {a[2]: a for a in self.legal() if a[0] == "move" and a[1] == card}

    def preview_path(self, card, city) -> list:
        """The cities the planned move passes, as the rules will walk them (a flight: the two ends)."""
        here = self.state.positions[self.state.current]
        if self.cards.itineraries[card].kind == FLY:
            return [here, city]
        return self.world.shortest_path(here, city)

    def pick_card(self, card: int) -> None:
        """A click on a hand card: pick it (to move or discard), or drop the pick; a discard is
        confirmed by clicking the picked card again."""
        if not self.my_turn():
            return
        if self.state.phase == rules.DISCARD:
            if self.selected == card:
                self.apply(("discard", card))
            else:
                self.selected, self.target = card, None
                self.app.sound.play("click")
            return
        if self.selected == card:
            self._clear_selection()
            return
        self.notice = ""
        if self.move_targets(card):
            self.selected, self.target = card, None
            self.app.sound.play("click")
        elif self.visit_card_action(card) is not None:
            self.selected, self.target = card, None  # picked to pay a visit with

    def pick_city(self, city: str) -> None:
        """A click on the map: the planned move's end, or the move itself on a second click."""
        if not self.my_turn() or self.state.phase == rules.DISCARD:
            return
        if self.selected is None:
            if any(a[0] == "move" for a in self.legal()):
                self.notice = self.app.t("voyage.hint.card_first", city=city_name(self.app, self.world, city))
            return
        targets = self.move_targets(self.selected)
        if city not in targets:
            self.notice = self._out_of_reach(self.selected, city)
            return
        self.notice = ""
        if self.target == city:
            self.apply(targets[city])
        else:
            self.target = city
            self.app.sound.play("click")

    def _out_of_reach(self, card: int, city: str) -> str:
        """Why `card` cannot take the traveller to `city` (said in the panel: a click that moved
        nothing once said nothing, and the greyed Confirm left the newcomer guessing)."""
        app, state = self.app, self.state
        t, name, here = app.t, city_name(app, self.world, city), state.positions[state.current]
        it = self.cards.itineraries[card]
        if not self.move_targets(card):
            return t("voyage.hint.no_move", card=card_name(app, self.cards, card))
        if city == here:
            return t("voyage.hint.already_here", city=name)
        if it.kind == FLY:
            return t("voyage.hint.fly_only", card=card_name(app, self.cards, card), city=name,
                     colour=colour_name(app, it.colour))
        steps = len(self.world.shortest_path(here, city)) - 1
        return t("voyage.hint.too_far", city=name, steps=counted(app, "steps", steps),
                 card=card_name(app, self.cards, card), reach=counted(app, "steps", it.steps + state.bonus))

    def confirm(self) -> None:
        if not self.my_turn() or self.selected is None:
            return
        if self.state.phase == rules.DISCARD:
            self.apply(("discard", self.selected))
        elif self.target is not None:
            action = self.move_targets(self.selected).get(self.target)
            if action is not None:
                self.apply(action)

    def visit_card_action(self, prefer=None):
        """The legal card-paid visit: with the picked card when it matches, else the least useful match."""
        legal = [a for a in self.legal() if a[0] == "visit" and a[2] == "card"]
        if not legal:
            return None
        prefer = self.selected if prefer is None else prefer
        for a in legal:
            if a[3] == prefer:
                return a
        its = self.cards.itineraries
        return min(legal, key=lambda a: (its[a[3]].kind != PLAIN, its[a[3]].steps, a[3]))

    def visit_with_card(self) -> None:
        action = self.visit_card_action()
        if action is not None:
            self.apply(action)

    def visit(self, paid: str) -> None:
        action = next((a for a in self.legal() if a[0] == "visit" and a[2] == paid), None)
        if action is not None:
            self.apply(action)

    # -- the Suggest button ---------------------------------------------------------------
    BUTTON_OF = {rules.COLLECT: "collect", rules.BUY_MONEY: "buy_money", rules.BUY_TOKEN: "buy_token",
                 rules.FLYER: "flyer", rules.END: "end"}

    def describe_action(self, action) -> str:
        """In the words of the button that does it, or the planned move's card and city."""
        return describe(self.app, self.state, action)

    def hint_shortlist(self, view, legal: list, count: int) -> list:
        """Normal's best few, the ones Voyage's Hard bot compares too."""
        from .bots import ranked

        return [a for _, a in ranked(view, legal)[:count]]

    def _show_hint(self, action) -> None:
        """A suggested move is planned as two clicks would (card, then city: its route on the map);
        a discard or a card-paid visit has its card picked; a button gets a gold ring."""
        if action[0] in ("move", "discard"):
            self.selected, self.target = action[1], (action[2] if action[0] == "move" else None)
        elif action[0] == "visit" and action[2] == "card":
            self.selected, self.target = action[3], None

    def _hint_rects(self) -> list:
        action = self.hinted()
        if action is None or action[0] in ("move", "discard"):
            return []
        name = ("visit_" + action[2]) if action[0] == "visit" else self.BUTTON_OF.get(tuple(action))
        button = self.buttons.get(name)
        return [button.rect] if button is not None and button.visible else []

    # -- buttons ----------------------------------------------------------------------
    def results_scene(self):
        from .results import VoyageResultsScene

        return VoyageResultsScene

    def _update_buttons(self) -> None:
        b, state = self.buttons, self.state
        legal = set(self.legal())
        b["undo"].enabled = self.can_undo()
        b["undo"].visible = b["save"].visible = not self.replay
        b["ff"].style = "primary" if self.app.settings.fast_forward else "secondary"
        mine = self.my_turn()
        seated = not self.replay and bool(self.humans)  # the actions stay in place, greyed while not yours to use:
        names = ("visit_card", "visit_money", "collect", "buy_money", "buy_token", "flyer", "end", "confirm")
        for name in names:  # hidden while a move played, the panel jumped under the player's eyes (QA)
            b[name].visible = seated
            b[name].enabled = False
        b["end"].style = "secondary"
        if not mine:
            return
        b["visit_card"].enabled = self.visit_card_action() is not None
        b["visit_money"].enabled = any(a[0] == "visit" and a[2] == "money" for a in legal)
        for name, action in (("collect", rules.COLLECT), ("buy_money", rules.BUY_MONEY),
                             ("buy_token", rules.BUY_TOKEN), ("flyer", rules.FLYER), ("end", rules.END)):
            b[name].enabled = action in legal
        done = state.phase == rules.TURN and not state.actions_left and not state.flyer_pending
        b["end"].style = "primary" if done else "secondary"  # both actions used: ending is the usual next step
        if state.phase == rules.DISCARD:
            b["confirm"].enabled = self.selected is not None
        else:
            b["confirm"].enabled = self.selected is not None and self.target is not None

    # -- input -------------------------------------------------------------------------------
    def hand_owner(self):
        """(seat, cards) of the hand on show: the looking player's, or the current seat's in a replay."""
        state = self.state
        seat = state.current_player() if self.replay else self.viewer
        if seat is None:
            return None, []
        return seat, list(state.hands[seat])

    def hand_rects(self) -> list:
        """[(card, rect)] of the hand on show (tests click these)."""
        seat, cards = self.hand_owner()
        if seat is None or self.layout is None or not cards:
            return []
        return [(c, r) for c, r in zip(cards, self.layout.hand_slots(len(cards))) if c != rules.UNKNOWN]

    def display_rects(self) -> list:
        """[(destination, rect)] of the cards on display."""
        if self.layout is None:
            return []
        display = self.state.display
        return list(zip(display, self.layout.display_slots(len(display))))

    def city_rect(self, city: str) -> pygame.Rect:
        """A small square round a city's dot (tests click its centre)."""
        x, y = self.map_view.city_px(self.layout.map, city)
        r = self.map_view.dot_radius(self.layout.map)
        return pygame.Rect(x - r, y - r, 2 * r, 2 * r)

    def _part_rect(self, kind: str, arg: str):
        """The rect of a named part on screen now (the module docstring lists them), or None."""
        lay, state = self.layout, self.state
        if lay is None:
            return None
        if kind == "card":
            return next((r for c, r in self.hand_rects() if str(c) == arg), None)
        if kind == "city":
            return self.city_rect(arg) if arg in self.world.city else None
        if kind == "wrap":
            return moving.wrap_point(self, arg)
        if kind == "fare":  # the coin on a plain card: its fare
            rect = next((r for c, r in self.hand_rects() if str(c) == arg), None)
            return fare_badge(rect, lay.s) if rect is not None and self.cards.itineraries[int(arg)].money else None
        if kind == "flag":  # a displayed destination's flag on the map, with its points
            dest = next((d for d in state.display if str(d) == arg), None)
            if dest is None:
                return None
            pieces = self.map_view.piece_rects(lay.map, self.cards.destinations[dest].city)
            return pieces[1].unionall(pieces[2:]) if len(pieces) > 1 else None
        if kind == "star":  # a region's starting city
            city = self.world.starts.get(arg)
            if city is None:
                return None
            x, y = self.map_view.city_px(lay.map, city)
            r = self.map_view.mark_radius(lay.map, True)
            return pygame.Rect(x - r, y - r, 2 * r, 2 * r)
        if kind == "edge" and arg in ("west", "east"):  # where the routes over the Pacific leave and come back
            strip = pygame.Rect(lay.map.left, lay.map.top, max(px(24, lay.s), lay.map.width // 30), lay.map.height)
            if arg == "east":
                strip.right = lay.map.right
            return strip
        if kind == "dest":
            return next((r for d, r in self.display_rects() if str(d) == arg), None)
        if kind == "visit" and arg == "both":  # the two ways to pay for a visit, side by side
            shown = [self.buttons[n].rect for n in ("visit_card", "visit_money") if self.buttons[n].visible]
            return shown[0].unionall(shown[1:]) if shown else None
        if kind == "market":
            spots = market_spots(self.app, lay, self.panel_state())[1]
            return next((sp.rect for sp in spots if self.world.regions[sp.what[1]].id == arg), None)
        seat, _, which = arg.partition(":")
        if not seat.isdigit() or int(seat) >= len(self.seats):
            return None
        seat = int(seat)
        if kind == "row":
            return lay.row_rects(len(self.seats))[seat]
        if kind == "score":
            return score_rect(self.app, lay, self.panel_state(), seat)
        what = {"money": ("money",), "tokens": ("tokens",), "hand": ("hand",),
                "visited": ("destinations", which)}.get(kind)
        if kind == "souvenirs" and which in rules.REGION_INDEX:
            what = ("souvenirs", rules.REGION_INDEX[which])
        return next((sp.rect for sp in row_spots(self.app, lay, self.panel_state(), seat) if sp.what == what), None)

    def coach_keep_clear(self) -> list:
        """While a card is picked, the cities it reaches and the traveller (the learner reads the
        map there to pick the city: the bubble once sat on London's tangle of names)."""
        if self.selected is None or self.layout is None or not self.my_turn():
            return []
        state = self.state
        cities = [*self.move_targets(self.selected), state.positions[state.current]]
        area = self.city_rect(cities[0]).unionall([self.city_rect(c) for c in cities[1:]])
        return [area.inflate(px(60, self.layout.s), px(40, self.layout.s)).clip(self.layout.map)]

    def _city_under(self, pos):
        lay = self.layout
        if not lay.map.collidepoint(pos):
            return None
        return self.map_view.city_at(lay.map, pos, max(px(14, lay.s), self.map_view.dot_radius(lay.map) * 2))

    def _mouse(self, event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self._clear_selection()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._hover(event.pos)
            card = next((c for c, r in self.hand_rects() if r.collidepoint(event.pos)), None)
            if card is not None:
                self.pick_card(card)
                return
            city = self._city_under(event.pos)
            if city is not None:
                self.pick_city(city)

    def _hover(self, pos) -> None:
        self.mouse = pos
        self.hover_card = next((c for c, r in self.hand_rects() if r.collidepoint(pos)), None)
        self.hover_city = self._city_under(pos)
        dest = next((d for d, r in self.display_rects() if r.collidepoint(pos)), None)
        if dest is None and self.hover_city is not None:
            found = self.cards.dest_at.get(self.hover_city)
            dest = found if found in self.state.display else None
        self.hover_dest = dest
        self.hover_seat = next((i for i, r in enumerate(self.layout.row_rects(len(self.seats))) if r.collidepoint(pos)),
                               None)

    def _has_choice(self) -> bool:
        return self.selected is not None

    def _key_targets(self) -> list:
        """Your hand's cards, then the cities the picked card reaches: Enter picks a card, then a
        city (its route shows), again moves there; a picked discard again discards it. Enter with
        no focus on show confirms."""
        if not self.my_turn():
            return []
        app = self.app
        out = [KeyTarget(("card", card), rect, partial(self.pick_card, card), partial(card_name, app, self.cards, card))
               for card, rect in self.hand_rects()]
        if self.selected is not None and self.state.phase != rules.DISCARD:
            out += [KeyTarget(("city", city), self.city_rect(city).inflate(4, 4), partial(self.pick_city, city),
                              partial(self.describe_action, action))
                    for city, action in self.move_targets(self.selected).items()]
        return out

    # -- what the table says -----------------------------------------------------------------
    def _status(self) -> str:
        t, state = self.app.t, self.state
        fixed = self._replay_or_over_status("voyage.status")
        if fixed is not None:
            return fixed
        seat = self.turn_seat()
        name = self.seats[seat].name
        moving = seat != state.current_player() and self._before is not None  # a passed turn's last move
        shown = self._before if moving else state  # its round too, not the one it led into (QA)
        prefix = t("voyage.status.round", n=shown.round, limit=rules.ROUND_LIMIT) + t("sep")
        if seat != state.current_player():  # the last move of a turn that has passed, still being shown
            return prefix + t("voyage.status.moving", name=name)
        if self.seats[seat].is_bot and not self.timeline:
            return prefix + t("voyage.status.thinking", name=name)
        if state.phase == rules.DISCARD:
            return prefix + t("voyage.status.discard", name=name)
        return prefix + t("voyage.status.turn", name=name, n=counted(self.app, "actions", state.actions_left))

    def _controls_lines(self) -> list:
        """The controls panel's lines: the suggestion, this game's own (a planned move first), then
        the suggestion's other options, the first to go when the panel is full: they came before
        the planned move and pushed it off (QA, 1280x800)."""
        hint = self.hint_lines()
        return hint[:1] + self._hint_lines() + hint[1:]

    def _hint_lines(self) -> list:
        """What the controls panel says: what to do now, or the move being planned."""
        t, state, app = self.app.t, self.state, self.app
        mover = self.turn_seat()
        if not self.replay and mover is not None and mover != state.current_player():  # as the header says
            return [] if mover == self.viewer else [(t("voyage.hint.wait", name=self.seats[mover].name), 16,
                                                     theme.INK_SOFT, False)]
        waiting = self._waiting_lines("voyage.status.over", "voyage.hint.wait")
        if waiting is not None:
            return waiting
        seat = state.current_player()
        if state.phase == rules.DISCARD:
            over = len(state.hands[seat]) - rules.HAND_LIMIT
            key = "voyage.hint.discard_picked" if self.selected is not None else "voyage.hint.discard"
            card = card_name(app, self.cards, self.selected) if self.selected is not None else ""
            return [(t(key, n=over, limit=rules.HAND_LIMIT, card=card), 16, theme.PLUM, True)]
        out = [(self.notice, 16, theme.RED, True)] if self.notice else []
        if state.flyer_pending:
            out.append((t("voyage.hint.flyer_due"), 15, theme.PLUM, True))
        if self.selected is not None and self.target is not None:
            path = self.preview_path(self.selected, self.target)
            how = t("voyage.hint.fly") if len(path) == 2 and self.cards.itineraries[self.selected].kind == FLY \
                else counted(app, "steps", len(path) - 1)
            fare = self.cards.itineraries[self.selected].money
            if fare:
                how += t("voyage.hint.fare", money=counted(app, "money", fare))
            if self.cards.dest_at.get(self.target) in state.display:
                how += self._crowding(seat, self.target, "voyage.hint.planned_crowded")
            out.append((t("voyage.hint.planned", city=city_name(app, self.world, self.target), how=how), 16,
                        theme.PLUM, True))
        elif self.selected is not None:
            it = self.cards.itineraries[self.selected]
            if self.move_targets(self.selected):
                reach = t("voyage.hint.fly_where") if it.kind == FLY else \
                    t("voyage.hint.reach", steps=counted(app, "steps", it.steps + state.bonus))
                out.append((t("voyage.hint.pick_city", card=card_name(app, self.cards, self.selected), reach=reach), 16,
                            theme.PLUM, True))
            else:
                out.append((t("voyage.hint.pay_with", card=card_name(app, self.cards, self.selected)), 16, theme.PLUM,
                            True))
        if state.bonus:
            out.append((t("voyage.hint.bonus", steps=counted(app, "steps", state.bonus)), 14, theme.TEAL, False))
        dest = state.visitable(seat)
        if dest is not None and any(a[0] == "visit" for a in self.legal()):
            text = t("voyage.hint.can_visit", dest=dest_name(app, self.cards, dest))
            out.append((text + self._crowding(seat, state.positions[seat], "voyage.hint.crowded"), 14, theme.GREEN,
                        True))
        if rules.COLLECT in self.legal():
            region = self.world.region_of[state.positions[seat]]
            out.append((t("voyage.hint.can_collect", region=region_name(app, self.world, region),
                          n=state.supply[rules.REGION_INDEX[region]]), 14, theme.INK_SOFT, False))
        if self.selected is None and not state.flyer_pending:  # the general advice goes last: it is the first to go
            if state.actions_left:
                out.append((t("voyage.hint.turn", n=counted(app, "actions", state.actions_left)), 15, theme.INK, False))
            else:  # both actions done, a token left: one more Move or Visit, or the end
                out.append((t("voyage.hint.flyer_after"), 15, theme.PLUM, True))
        return out

    def _crowding(self, seat: int, city: str, key: str) -> str:
        """Who makes `seat`'s visit from `city` cost the crowding fee, said by `key`; "" when nobody
        does. The rule counts the whole region, so a player who sees no one on the city itself
        needs the names to know why a visit costs more."""
        state, app = self.state, self.app
        others = state.crowders(seat, city)
        if not others:
            return ""
        place = city_name(app, self.world, city) if state.edition < 2 else \
            region_name(app, self.world, self.world.region_of[city])
        return app.t(key, names=app.i18n.join([self.seats[o].name for o in others]), place=place,
                     fee=counted(app, "money", rules.CROWDING_FEE))

    # -- drawing -----------------------------------------------------------------------------
    def _draw_overlay(self, surface: pygame.Surface) -> None:
        for rect in self._hint_rects():
            hints.ring(surface, rect, self.layout.s)

    def _draw_tips(self, surface: pygame.Surface) -> list:
        """What is pointed at, over everything else (the marks and what moves too)."""
        box = self._draw_tooltip(surface)
        return super()._draw_tips(surface) + ([box] if box is not None else [])

    def _parts(self):
        """(region, key, paint) of every part of the table; a key holds all that its region shows."""
        lay, s, state, lang = self.layout, self.layout.s, self.state, self.app.lang
        status = self._status()
        yield "status", (status, lang), lambda f: tx.draw_line(f, self.app.fonts, status, lay.status, px(21, s),
                                                               theme.GOLD_LIGHT, bold=True, align="left")
        top = [self.buttons[n] for n in lay.buttons]
        yield "buttons", tuple(map(button_look, top)), lambda f: [b.draw(f) for b in top]
        arriving = frozenset(self.arriving)
        marks = self._map_marks()
        quick = self.resizing > 0
        turn = self.turn_seat()
        walked = self._marked_cities()
        yield "map", (lay.size, lang, tuple(state.positions), tuple(state.display), arriving, marks, turn, quick,
                      walked), partial(self._paint_map, arriving, marks, quick, walked)
        here = state.visitable(state.current) if state.phase == rules.TURN else None
        unseen = frozenset(key for what, key in arriving if what == "dest")
        yield "display", (lang, tuple(state.display), len(state.dest_deck), self.hover_dest, here, unseen), \
            lambda f: draw_display(f, lay, self.app, state, self.hover_dest, here, len(state.dest_deck), unseen)
        seat, cards = self.hand_owner()
        title = self._hand_title(seat, cards)
        playable = self._playable()
        coming = frozenset(key for what, key in arriving if what == "card")
        yield "hand", (lang, tuple(cards), title, self.selected, playable, self.hover_card, coming), \
            lambda f: draw_hand(f, lay, self.app, state, cards, title, self.selected, playable, self.hover_card,
                                "" if seat is None or cards else self.app.t("voyage.hand_empty"), coming)
        panel = self.panel_state()
        scores = panel.scores()
        yield "players", (lang, tuple(scores), tuple(panel.money), tuple(panel.tokens), tuple(map(len, panel.hands)),
                          tuple(map(tuple, panel.visited)), tuple(map(tuple, panel.souvenirs)), tuple(panel.supply),
                          tuple(panel.positions), turn), \
            lambda f: draw_players(f, lay, self.app, panel, turn, scores, self.seat_kinds())
        lines = self._controls_lines()
        widgets = [self.buttons[n] for n in list(lay.actions) + list(lay.replay)]
        yield "controls", (lang, tuple(lines), tuple(map(button_look, widgets))), partial(self._paint_controls, lines, widgets)
        entries = self.log.entries
        yield "log", (lang, len(entries), entries[-1] if entries else None, self.log.offset), \
            lambda f: self.log.draw(f, lay.log, s)

    def _hand_title(self, seat, cards) -> str:
        t = self.app.t
        if seat is None:
            return t("voyage.hand_hidden")
        return hand_title(self, seat, "voyage.hand_title", "voyage.hand_title_of", n=len(cards),
                          limit=rules.HAND_LIMIT)

    def _playable(self):
        """Hand cards that can do something now (others are dimmed), or None when not choosing."""
        legal = self.legal()
        if not legal:
            return None
        if self.state.phase == rules.DISCARD:
            return frozenset(a[1] for a in legal)
        return frozenset(a[1] for a in legal if a[0] == "move") | frozenset(
            a[3] for a in legal if a[0] == "visit" and a[2] == "card")

    def _map_marks(self) -> tuple:
        """What the map highlights beyond the pieces: (reachable cities, path, path colour, hovered destination
        city, route to it)."""
        state = self.state
        reach, path = (), ()
        if self.selected is not None and state.phase == rules.TURN:
            targets = self.move_targets(self.selected)
            reach = tuple(sorted(targets))
            focused = self.keys.focused_id()
            pointed = focused[1] if isinstance(focused, tuple) and focused[0] == "city" else self.hover_city
            end = self.target or (pointed if pointed in targets else None)
            if end is not None:
                path = tuple(self.preview_path(self.selected, end))
        dest_city, route = None, ()
        if self.hover_dest is not None and not path and self.hover_dest in state.display:
            dest_city = self.cards.destinations[self.hover_dest].city
            seat = self._focus_seat()
            if seat is not None and dest_city != state.positions[seat]:
                route = tuple(self.world.shortest_path(state.positions[seat], dest_city))
        return reach, path, self.target, dest_city, route

    def _focus_seat(self):
        """Whose traveller distances are measured from: the looking player's, else the one to move."""
        if self.viewer is not None and not self.replay:
            return self.viewer
        return self.state.current_player()

    def _paint_map(self, arriving, marks, quick, walked, frame) -> None:
        lay, s, state, mv = self.layout, self.layout.s, self.state, self.map_view
        theme.panel(frame, lay.map_box, s, color=(24, 58, 92), border=theme.PAPER_EDGE, with_shadow=False)
        area = lay.map
        frame.blit(mv.base(area, quick), area)
        reach, path, target, dest_city, route = marks
        for dest in state.display:  # where the displayed destinations are: a flag in their colour
            if ("dest", dest) in arriving:
                continue  # still being turned face up
            d = self.cards.destinations[dest]
            self._flag(frame, area, d.city, rgb_of(self.cards.colours[d.colour].rgb), d.points)
        for city in reach:
            mv.ring(frame, area, city, theme.GOLD_LIGHT, s, width=2)
        if route:
            mv.draw_path(frame, area, list(route), (90, 90, 200), s)
        if dest_city is not None:
            colour = rgb_of(self.cards.colours[self.cards.destinations[self.hover_dest].colour].rgb)
            mv.ring(frame, area, dest_city, colour, s, width=4)
        if path:
            mv.draw_path(frame, area, list(path), (214, 70, 52), s)
            if target is not None:
                mv.ring(frame, area, target, theme.RED, s, width=4)
        draw_marks(frame, [self.city_rect(c) for c in walked if c in self.world.city], s)  # under the travellers
        self._draw_pawns(frame, area, {key for what, key in arriving if what == "pawn"})

    def _flag(self, frame, area, city: str, colour: tuple, points: int) -> None:
        x, y = self.map_view.city_px(area, city)
        h = self.map_view.flag_height(area)
        pole = (x + max(2, h // 6), y)
        pygame.draw.line(frame, theme.INK, pole, (pole[0], y - h), max(1, h // 10))
        cloth = [(pole[0], y - h), (pole[0] + int(h * 0.8), y - h + h // 4), (pole[0], y - h + h // 2)]
        pygame.draw.polygon(frame, colour, cloth)
        pygame.draw.polygon(frame, theme.INK, cloth, 1)
        font = self.app.font(max(9, int(h * 0.42)), True)
        img = tx.render(font, str(points), theme.WHITE)
        frame.blit(img, img.get_rect(center=(pole[0] + int(h * 0.3), y - h + h // 4)))

    def pawn_size(self) -> int:
        return self.map_view.pawn_size(self.layout.map)

    def _draw_pawns(self, frame, area, hidden) -> None:
        """The travellers but those on their way (`hidden`), the one whose turn it is on a gold ring."""
        state = self.state
        size = self.pawn_size()
        by_city: dict = {}
        for seat, city in enumerate(state.positions):
            if seat not in hidden:
                by_city.setdefault(city, []).append(seat)
        current = self.turn_seat()
        for city, seats in by_city.items():
            x, y = self.map_view.city_px(area, city)
            for i, seat in enumerate(seats):
                dx = int((i - (len(seats) - 1) / 2) * size * 0.55)
                spot = (x + dx, y)
                if seat == current:
                    pygame.draw.ellipse(frame, theme.GOLD_LIGHT, pygame.Rect(0, 0, int(size * 0.9), size // 3).move(
                        spot[0] - int(size * 0.45), spot[1] - size // 6), max(2, size // 9))
                frame.blit(pawn(seat, size), (spot[0] - size // 2, spot[1] - size + size // 10))

    def _paint_controls(self, lines, widgets, frame) -> None:
        lay, s = self.layout, self.layout.s
        theme.panel(frame, lay.controls, s, with_shadow=False)
        area = lay.hint
        y = area.top
        for text, size, colour, bold in lines:
            size = px(size, s)
            font, wrapped = tx.fit_block(self.app.fonts, text, area.width, area.bottom - y, size, bold, min_ratio=0.8)
            if y > area.top and len(tx.wrap(font, text, area.width)) > len(wrapped):
                break  # a later line that no longer fits whole (fit_block cut it) is left out
            for line in wrapped:
                if y + font.get_linesize() > area.bottom:
                    break
                frame.blit(tx.render(font, line, colour), (area.left, y))
                y += font.get_linesize()
        for w in widgets:
            w.draw(frame)

    def _draw_tooltip(self, surface):
        """What is pointed at, in words beside it: a row icon's or a market's meaning, a player's score
        breakdown, a displayed destination or a hand card in full; the rect drawn, or None."""
        if self.mouse is None or self.layout is None:
            return None
        spot = self._hover_spot()
        content = self._tip_content(spot)
        if content is None:
            return None
        img = self._tips.get(content)
        if img is None:
            if len(self._tips) > 64:
                self._tips.clear()
            lines, note, width = content
            img = self._tips[content] = tooltip(self.app, self.layout.s, list(lines), note, width)
        margin = px(4, self.layout.s)  # clear of the window's edge, as a button's tip is
        window = pygame.Rect((0, 0), self.layout.size).inflate(-2 * margin, -2 * margin)
        box = self._place_tip(img.get_rect(), spot).clamp(window)
        surface.blit(img, box)
        return box

    def _hover_spot(self):
        """The icon with its count under the mouse on a traveller's row or among the markets on
        the Travellers title line, or None."""
        if self.hover_seat is not None:
            spots = row_spots(self.app, self.layout, self.state, self.hover_seat)
        elif self.layout.players.collidepoint(self.mouse):
            spots = market_spots(self.app, self.layout, self.state)[1]
        else:
            return None
        return next((spot for spot in spots if spot.rect.collidepoint(self.mouse)), None)

    def _tip_content(self, spot):
        """(lines, note, wrap width) of the tooltip for what is pointed at, or None."""
        lay, state, app = self.layout, self.state, self.app
        if spot is not None:
            return tuple(spot_tooltip(app, state, self.hover_seat, spot)), "", px(ROW_TIP_WIDTH, lay.s)
        if self.hover_seat is not None:
            return tuple(breakdown_text(app, state, self.hover_seat)), app.t("voyage.breakdown.as_if_over"), 0
        if self.hover_dest is not None and self.hover_dest in state.display:
            seat = self._focus_seat()
            city = self.cards.destinations[self.hover_dest].city
            steps = None if seat is None else self.world.distance(state.positions[seat], city)
            return tuple(destination_tooltip(app, state, self.hover_dest, steps)), "", 0
        if self.hover_card is not None:
            return tuple(card_tooltip(app, self.cards, self.hover_card)), "", 0
        return None

    def _place_tip(self, box: pygame.Rect, spot) -> pygame.Rect:
        """A row icon's tip under its row (above it at the window's foot), like a button's, so
        the whole row stays in sight; a market's under the title line, so all the markets do;
        a score breakdown left of the mouse; a display card's above the card; else right of the mouse."""
        s, (x, y) = self.layout.s, self.mouse
        if spot is not None:
            band = spot.rect if self.hover_seat is None else self.layout.row_rects(len(self.seats))[self.hover_seat]
            box.midtop = (spot.rect.centerx, band.bottom + px(6, s))
            if box.bottom > self.layout.size[1]:
                box.midbottom = (spot.rect.centerx, band.top - px(6, s))
        elif self.hover_seat is not None:
            box.topright = (x - px(14, s), y + px(8, s))
        else:
            box.bottomleft = (x + px(14, s), y - px(8, s))
            card = next((r for d, r in self.display_rects() if d == self.hover_dest and r.collidepoint(self.mouse)),
                        None)
            if card is not None:  # above the card, leaving it in sight
                box.midbottom = (card.centerx, card.top - px(4, s))
            elif self.layout.map.collidepoint(self.mouse):  # a city's: clear of the move being planned
                margin = px(4, s)
                window = pygame.Rect((0, 0), self.layout.size).inflate(-2 * margin, -2 * margin)
                box = tip_spot.clear_spot(box.size, self.mouse, px(12, s), self._plan_rects(), window, px(16, s))
        return box

    def _plan_rects(self) -> list:
        """What a city's tooltip leaves in sight: the planned path or the route to the pointed
        destination, their stops, the target and the cities lit for the picked card."""
        area, mv, s = self.layout.map, self.map_view, self.layout.s
        reach, path, target, dest_city, route = self._map_marks()
        radius = mv.dot_radius(area) + px(12, s)
        cities = [c for c in (*reach, *path, *route, target, dest_city) if c is not None]
        lines = [seg for stops in (path, route) for a, b in zip(stops, stops[1:]) for seg in mv.route_segments(area, a, b)]
        return (tip_spot.keep_in_sight([mv.city_px(area, c) for c in dict.fromkeys(cities)], radius)
                + tip_spot.along(lines, px(6, s), px(8, s)))
