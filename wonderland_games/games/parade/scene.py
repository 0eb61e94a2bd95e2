"""The Parade table: where people play Wonderland Parade, against each other or bots.

The scene never changes the game except through `session.apply(legal action)`.
What the table shows (`self.display`) lags behind the live state while a move
is shown in motion (moves.py on the shared layer, ui/motion.py: the card travels
to the tail, the cards it takes light up and slide to the taker's piles, a card
is drawn), each step of it moving the shown table on.

Drawing stays within a few milliseconds however much changes: the table is one
cached frame split into disjoint regions (`Layout.regions`: each seat, the
parade row, the hand, the preview panel, ...). Each region has a key holding
everything it shows; a region is repainted (over the static background) only
when its key changed, and only repainted regions are copied to the window.
Moving cards, the marks of another player's move and focus rings are drawn on
the window over the frame and wiped from it the next frame, so a moving card never
repaints the table.

Hot-seat: another human's hand is never on screen. When the turn passes to a
human who is not the one looking (`self.viewer`), a curtain hides the table
until that player confirms.

Parts a guided game's coach may point at (`target_rect`, docs/tutorials.md), besides the
base's `button:<name>` and `region:<name>`; a card is named "<colour id>-<value>":
- `hand:red-3`, `hand:2` (by place, from 0), `hand:lowest` (the lowest value, the leftmost of
  equals), `hand:all`: the looking player's hand as drawn (a picked card lifted), where a click
  picks the card;
- `parade:red-2`: the part of a parade card that shows (the next one overlaps the rest);
- `seat:1`: a player's area; `stack:0:orange`: a colour's pile in a player's area with its
  crown strip (the first card's place while it is empty);
- `pile:draw`: the draw pile with its label; `pile:top` its top card.
What moves names cards by their number, as the events do (data/parade/motion.yaml):
- `held:1:41`: card 41 in player 1's hand, where it shows (the looking hand, a replay's
  open hands), else the small back by the hand count; `held:1` that hand (its count);
- `row:41` a parade card whole (lifted while lit as taken), `row:next` the next place;
- `collection:41` a card in a player's piles, `taken:41` the part of it that shows there.
"""

from __future__ import annotations

import math
import time
from functools import partial

import pygame

from ...ui import text as tx
from ...ui import surfaces, theme
from ...ui.table_keys import KeyTarget
from ...ui.table_scene import TableScene, button_look
from ...ui.log_panel import LogPanel
from ...ui.theme import px
from ...ui.widgets import Button
from . import moves, rules
from .cards import CardPainter, card_height, glow, shade
from .layout import PILE_LAYERS, PILE_STEP, compute
from .moves import Stage
from .panels import (CrownTip, card_list, card_name, crown_tip, draw_live, draw_seat, hand_back, header_rects,
                     landed, replay_hand_slots)
from .tutorial import card_named

TAKEN = (230, 70, 60)
PICKED = theme.GOLD_LIGHT
LAST = (255, 226, 140)
REPAINT_SECONDS = 0.0025  # repainting regions stops for this frame once it took this long
WARM_SECONDS = 0.002  # at most this much of a quiet frame goes to rendering faces ahead


def _score_look(preview: dict):
    """Lower is better: a preview's score in red if it rises, else green."""
    return theme.RED if preview["new"] > preview["old"] else theme.GREEN


class ParadeScene(TableScene):
    game_id = rules.GAME_ID

    def __init__(self, app, session=None, replay=None):
        super().__init__(app, session, replay)
        state = self.state
        self.deck = state.deck
        self.painter = CardPainter(self.deck, app.font)
        self.display = state.clone()  # what the table shows: behind the state while a move plays
        self.hidden: frozenset = frozenset()  # cards in the air, not drawn where they lie
        self.lit: frozenset = frozenset()  # parade cards lit as taken while a move plays
        self.lit_boundary = None  # the end of the cards at risk, while the played card waits
        self.move_before, self.move_events = state, []  # the move being shown (its mover: TableScene.mover)
        self._landing = False  # a move cut short lands at once
        self.selected: list = []
        self.hover = None
        self.preview = None
        self.last_play = None  # (seat, card) of the latest play, glowing in the parade
        self.move_text = ""  # the move being animated, in words (its take said once it lands: `_move_status`)
        self._warm = False
        self._overdraw: list = []  # screen spots drawn over the cached frame last time
        self._partial_ok = False
        self.log = LogPanel(app, lambda: app.t("parade.log.title"))
        self.buttons = self._make_buttons()
        self.crowns = {place: [CrownTip(app, seat, colour, partial(self._crown_tip, colour))
                               for seat in range(len(self.seats)) for colour in range(len(self.deck.colours))]
                       for place in ("live", "seat")}  # the live panel's crowns, those above the seats' piles
        self._rebuild_log()

    # -- controls ---------------------------------------------------------------------
    def _make_buttons(self) -> dict:
        buttons = self._table_buttons()
        buttons["confirm"] = Button(self.app, self._confirm_label, self.confirm)
        if self.replay:
            for name in ("undo", "save", "confirm"):
                buttons[name].visible = False
        return buttons

    def _confirm_label(self) -> str:
        return self.app.t("parade.confirm_keep" if self.state.phase == rules.KEEP else "parade.confirm")

    def _crown_tip(self, colour: int) -> str:
        return crown_tip(self.app, self.display, colour, self.hidden)

    def _widgets(self) -> list:
        """The buttons, then the crowns on show (as the table shows them, in the live panel and
        above the seats' piles), which only answer the mouse with their tooltip."""
        holders = rules.majorities(self.deck, landed(self.display, self.hidden))
        return super()._widgets() + [c for crowns in self.crowns.values() for c in crowns
                                     if c.seat in holders[c.colour]]

    # -- Scene hooks -----------------------------------------------------------------
    def on_enter(self) -> None:
        pygame.key.stop_text_input()
        self.dirty = True
        self._partial_ok = False  # another scene drew over the window: copy the whole frame back

    def _ensure_layout(self, size: tuple) -> None:
        if self.layout is not None and self.layout.size == tuple(size):
            return
        self.layout = compute(tuple(size), len(self.seats), replay=self.replay)
        s = self.layout.s
        for name, rect in self.layout.buttons.items():
            self.buttons[name].place(rect, s)
        self.buttons["confirm"].place(self.layout.confirm, s)
        for name, rect in self.layout.replay.items():
            self.buttons[name].place(rect, s)
        for b in self.buttons.values():
            b.size = theme.TEXT_SMALL
        _, _, rows = self.layout.live_table()
        for crown in self.crowns["live"]:
            crown.place(rows[crown.seat].cells[crown.colour], s)
        for crown in self.crowns["seat"]:
            crown.place(self.layout.seats[crown.seat].crown_spot(crown.colour), s)
        self.painter.clear()
        self._regions = self.layout.regions()
        self._face_widths = self.layout.face_widths(self.deck.size)
        self._warm = False  # every face at those widths is cached
        self._frame = None
        self.dirty = True

    # -- turn logic ------------------------------------------------------------------
    def _update_buttons(self) -> None:
        b = self.buttons
        b["undo"].enabled = self.can_undo()
        b["save"].enabled = not self.replay
        b["ff"].style = "primary" if self.app.settings.fast_forward else "secondary"
        b["confirm"].visible = not self.replay and self.my_turn()
        b["confirm"].enabled = self._selection_complete()

    # -- applying moves ----------------------------------------------------------------
    def _after_action(self, before, events: list) -> None:
        """Log and sound a move; the table starts from where it was (moves.opening) and the
        motion (`_show_move`, moves.py) brings it on."""
        after = self.state
        lines = self._log_lines(events, after)
        self.move_text = lines[0][0] if lines else ""
        self.log.entries.extend(lines)
        self.log.offset = 0
        for e in events:
            if e["type"] == "play":
                self.last_play = (e["seat"], e["card"])
        self.move_before, self.move_events = before, events
        self._set_stage(moves.opening(before, after, events))
        self._play_events(events)  # the take and the draw sound as they move (moves.py)
        self.dirty = True

    def _show_move(self, seat, events: list) -> None:
        super()._show_move(seat, events)
        if not self.timeline:  # fast-forward: nothing moves, the table is where the move left it
            self._finish_timeline()

    def motion_beats(self, event: dict) -> list:
        return moves.beats(self, event)

    def motion_sprite(self, name: str, event: dict):
        """"card": the event's card, face up where its hand is on show, else its back; "back"."""
        if name == "card" and self.shows_hand(event.get("seat")):
            return self.card_sprite(event.get("card"))
        return self.card_sprite(None)

    def card_sprite(self, card):
        """A card's face (None: its back) at the largest size it shows on this table: a moving
        card is scaled to the places it leaves and reaches (ui/motion.py, `fit`)."""
        lay = self.layout
        width = lay.parade_slots(len(self.display.parade) + 1)[0]
        if lay.hand.width:
            width = max(width, lay.hand_slots(self.deck.hand_size)[0])
        return self.painter.back(width) if card is None else self.painter.face(card, width)

    def shows_hand(self, seat) -> bool:
        """Whether `seat`'s hand is on show face up (the looking player's, or any in a replay)."""
        if seat is None or self.layout is None:
            return False
        if self.replay:
            return self.layout.seats[seat].hand.height > 0
        return seat == self.viewer and self.layout.hand.width > 0

    def stage_setter(self, stage: Stage, sound: str | None = None):
        """What a beat's `done` calls to move the shown table on (and sound the next step, unless
        the move is cut short: a click then does not set off every step's sound at once)."""
        def go() -> None:
            self._set_stage(stage)
            if sound and not self._landing:
                self.app.sound.play(sound)
        return go

    def _set_stage(self, stage: Stage) -> None:
        self.display, self.hidden, self.lit, self.lit_boundary = stage.display, stage.hidden, stage.taken, stage.boundary
        self.dirty = True

    def _finish_timeline(self) -> None:
        self._landing = bool(self.timeline)
        super()._finish_timeline()
        self._landing = False
        self._set_stage(Stage(self.state.clone()))

    # -- the human's choice --------------------------------------------------------------
    def _viewer_hand(self) -> list:
        if self.viewer is None or self.replay:
            return []
        return list(self.display.hands[self.viewer])

    def _clear_selection(self) -> None:
        self.selected = []
        self.preview = None
        self.dirty = True

    def _has_choice(self) -> bool:
        """A picked card: Esc drops it before it leaves the table."""
        return bool(self.selected)

    def _selection_complete(self) -> bool:
        need = 2 if self.state.phase == rules.KEEP else 1
        return self.my_turn() and len(self.selected) == need

    def pick(self, card: int) -> None:
        """Click / Enter on a hand card: select (preview) it, or confirm on a second pick."""
        if not self.my_turn() or card not in self.state.hands[self.viewer]:
            return
        if self.state.phase == rules.KEEP:
            if card in self.selected:
                self.selected.remove(card)
            else:
                self.selected = (self.selected + [card])[-2:]
        elif self.selected == [card]:
            self.confirm()
            return
        else:
            self.selected = [card]
        self.app.sound.play("click")
        self.preview = self._compute_preview()
        self.dirty = True

    def confirm(self) -> None:
        if not self._selection_complete():
            return
        if self.state.phase == rules.KEEP:
            a, b = self.selected
            hand = self.state.hands[self.viewer]
            a, b = sorted((a, b), key=hand.index)
            self.apply(("keep", a, b))
        else:
            self.apply(("play", self.selected[0]))

    def _compute_preview(self):
        """What the selection would do: taken cards, boundary, score and majority changes."""
        state, seat, deck = self.state, self.viewer, self.deck
        if not self.selected:
            return None
        if state.phase == rules.KEEP:
            taken, boundary = list(self.selected), None
        else:
            card = self.selected[0]
            taken = rules.cards_taken(deck, state.parade, card)
            boundary = rules.removal_count(len(state.parade), deck.value_of(card))
        now = [list(c) for c in state.collections]
        later = [list(c) for c in state.collections]
        later[seat].extend(taken)
        old, new = rules.scores_now(deck, now)[seat], rules.scores_now(deck, later)[seat]
        before, after = rules.score_breakdown(deck, now)[seat], rules.score_breakdown(deck, later)[seat]
        # colours whose majority changes hands for you: (colour, gained?, its points before, after)
        majorities = [(c, after[info.id]["flipped"], before[info.id]["points"], after[info.id]["points"])
                      for c, info in enumerate(deck.colours) if before[info.id]["flipped"] != after[info.id]["flipped"]]
        return {"taken": taken, "boundary": boundary, "old": old, "new": new, "majorities": majorities}

    # -- the Suggest button ---------------------------------------------------------------
    def describe_action(self, action) -> str:
        """A play in the preview's words (what it takes), a keep by its two cards."""
        t, deck = self.app.t, self.deck
        if action[0] == "keep":
            return t("parade.preview.keep", cards=card_list(self.app, deck, list(action[1:])))
        taken = rules.cards_taken(deck, self.state.parade, action[1])
        return t("parade.preview.takes" if taken else "parade.preview.takes_none",
                 card=card_name(self.app, deck, action[1]), n=len(taken))

    def _show_hint(self, action) -> None:
        """The suggested card(s) picked, as a click would: lifted, glowing, previewed."""
        self.selected = list(action[1:])
        self.preview = self._compute_preview()
        self.dirty = True

    # -- buttons -----------------------------------------------------------------------
    def _reset_view(self) -> None:
        self.last_play = None
        super()._reset_view()

    def results_scene(self):
        from .results import ParadeResultsScene

        return ParadeResultsScene

    # -- log -------------------------------------------------------------------------------
    def _rebuild_log(self) -> None:
        """The log from the first action, so it survives loading, undo and replay jumps."""
        if self.replay:
            state, actions = self.replay_base.clone(), self.record.actions[:self.replay_step]
        else:
            state, actions = self.session.initial_state(), self.session.actions
        lines = [(self.app.t("parade.log.start", name=self.seats[state.first_player].name), "quiet")]
        cut = len(lines)
        for action in actions:
            cut = len(lines)
            events = state.apply(action)
            lines.extend(self._log_lines(events, state))
            for e in events:
                if e["type"] == "play":
                    self.last_play = (e["seat"], e["card"])
        self._set_log(lines, cut)
        self.dirty = True

    def _log_lines(self, events: list, after) -> list:
        t, deck, out = self.app.t, self.deck, []
        for e in events:
            kind = e["type"]
            if kind == "play":
                name = self.seats[e["seat"]].name
                card = card_name(self.app, deck, e["card"])
                if e["taken"]:
                    out.append((t("parade.log.play", name=name, card=card, cards=card_list(self.app, deck, e["taken"])), "take"))
                else:
                    out.append((t("parade.log.play_safe", name=name, card=card), "play"))
            elif kind == "last_round":
                key = "parade.log.last_round_colours" if e["reason"] == "colours" else "parade.log.last_round_deck"
                out.append((t(key, name=self.seats[e["seat"]].name), "event"))
            elif kind == "keep_phase":
                out.append((t("parade.log.keep_phase"), "event"))
            elif kind == "keep" and not after.is_over():
                out.append((t("parade.log.keep", name=self.seats[e["seat"]].name), "quiet"))
            elif kind == "game_over":
                for seat, kept in enumerate(after.kept):
                    out.append((t("parade.log.kept", name=self.seats[seat].name, cards=card_list(self.app, deck, kept)), "play"))
                out.append((t("parade.log.over"), "event"))
        return out

    # -- input -------------------------------------------------------------------------------
    def hand_rects(self) -> list:
        """[(card, rect)] of the looking player's hand as drawn (tests click these)."""
        hand = self._viewer_hand()
        if not hand or self.layout is None or not self.layout.hand.width:
            return []
        _, rects = self.layout.hand_slots(len(hand))
        lift = px(18, self.layout.s)
        return [(c, r.move(0, -lift) if c in self.selected else r) for c, r in zip(hand, rects)]

    # -- the coach's pointers -----------------------------------------------------------------
    def coach_keep_clear(self) -> list:
        """The preview of a take (what the coach asks the learner to read as they play) and the
        "if it ended now" panel."""
        return [self.layout.info, self.layout.live]

    def _part_rect(self, kind: str, arg: str):
        """The parts named in the module docstring, where they are drawn now (None if not shown)."""
        lay = self.layout
        if kind == "hand":
            cards = self.hand_rects()
            if arg == "all":
                return cards[0][1].unionall([r for _, r in cards]) if cards else None
            if arg.isdigit():
                return cards[int(arg)][1].copy() if int(arg) < len(cards) else None
            if arg == "lowest":
                return min(cards, key=lambda cr: self.deck.value_of(cr[0]))[1].copy() if cards else None
            return next((r.copy() for c, r in cards if c == self._card(arg)), None)
        if kind == "parade":
            return self._parade_card_rect(self._card(arg))
        if kind == "pile" and arg in ("draw", "top"):
            return lay.pile.union(lay.pile_label) if arg == "draw" else lay.pile.copy()
        if kind == "row":
            return self._row_rect(arg)
        if kind in ("collection", "taken"):
            return self._collection_rect(arg, whole=kind == "collection")
        if kind == "held":
            return self._held_rect(arg)
        seat, _, colour = arg.partition(":")
        if not seat.isdigit() or int(seat) >= len(self.seats):
            return None
        box = lay.seats[int(seat)]
        if kind == "seat":
            return box.rect.copy()
        if kind == "stack" and colour in self.deck.colour_ids:
            c = self.deck.colour_ids.index(colour)
            count = sum(1 for card in self.display.collections[int(seat)] if self.deck.colour_of(card) == c)
            return box.crown_spot(c).unionall(box.stack_slots(c, max(1, count)))
        return None

    def _card(self, name: str):
        try:
            return card_named(self.deck, name)
        except ValueError:
            return None

    def _number(self, text: str):
        """A card by its number, as events name it (None: no such card)."""
        return int(text) if text.isdigit() and int(text) < self.deck.size else None

    def _row_rect(self, arg: str):
        """`row:next`, the parade's next place; `row:41`, a parade card whole, lifted while lit."""
        parade = self.display.parade
        _, rects = self.layout.parade_slots(len(parade) + 1)
        if arg == "next":
            return rects[len(parade)].copy()
        card = self._number(arg)
        if card not in parade:
            return None
        rect = rects[parade.index(card)]
        return rect.move(0, -self.layout.parade_lift) if self.timeline and card in self.lit else rect.copy()

    def _collection_rect(self, arg: str, whole: bool):
        """A card in a player's piles: whole, or the part that shows (the next card covers the rest)."""
        card = self._number(arg)
        holder = next((i for i, cards in enumerate(self.display.collections) if card in cards), None)
        if holder is None:
            return None
        colour = self.deck.colour_of(card)
        pile = sorted((c for c in self.display.collections[holder] if self.deck.colour_of(c) == colour),
                      key=self.deck.value_of)
        slots = self.layout.seats[holder].stack_slots(colour, len(pile))
        at = pile.index(card)
        rect = slots[at].copy()
        if not whole and at + 1 < len(slots):
            rect.height = max(1, slots[at + 1].top - rect.top)
        return rect

    def _held_rect(self, arg: str):
        """`held:1:41`: where card 41 shows in player 1's hand, else the back by their hand count;
        `held:1`: that hand."""
        seat, _, card = arg.partition(":")
        if not seat.isdigit() or int(seat) >= len(self.seats):
            return None
        seat, lay = int(seat), self.layout
        box = lay.seats[seat]
        count = header_rects(self.app, box, lay.s, self.display, seat, self.hidden)[3]
        if not card:
            if self.shows_hand(seat) and not self.replay:
                return self._part_rect("hand", "all") or count
            return count
        card = self._number(card)
        if card is None:
            return None
        hand = self.display.hands[seat]
        if self.shows_hand(seat) and card in hand:
            if self.replay:
                return replay_hand_slots(box, lay.s, len(hand))[hand.index(card)]
            return next((r.copy() for c, r in self.hand_rects() if c == card), None)
        return hand_back(box, lay.s, count)

    def _parade_card_rect(self, card):
        """The shown part of a parade card: up to where the next card in its row starts."""
        parade = self.display.parade
        if card not in parade:
            return None
        i = parade.index(card)
        _, rects = self.layout.parade_slots(len(parade) + 1)
        rect = rects[i].copy()
        if i + 1 < len(parade) and rects[i + 1].top == rect.top:
            rect.width = min(rect.width, rects[i + 1].left - rect.left)
        return rect

    def _card_at(self, pos):
        for card, rect in reversed(self.hand_rects()):
            if rect.collidepoint(pos):
                return card
        return None

    def _mouse(self, event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._card_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            card = self._card_at(event.pos)
            if card is not None:
                self.pick(card)

    def _key_targets(self) -> list:
        """The hand's cards on your turn: a key onto one picks it (its preview shows), Enter plays
        it; while keeping two, Enter marks and unmarks, Confirm keeps them."""
        if not self.my_turn():
            return []
        return [KeyTarget(("hand", card), rect, partial(self.pick, card), partial(card_name, self.app, self.deck, card),
                          point=partial(self._point, card)) for card, rect in self.hand_rects()]

    def _point(self, card: int) -> None:
        """The keys' focus on a card while playing: picked, so the preview shows what it would take."""
        if self.state.phase != rules.KEEP and self.selected != [card]:
            self.pick(card)

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Keep the cached table frame current region by region and copy to the window only
        what changed; flying cards and focus rings go on top and are wiped the next frame."""
        self._ensure_layout(surface.get_size())
        if self._frame is None:
            self._base = self._render_base(surface.get_size())
            self._frame = self._base.copy()
            self._keys = {}
            self._partial_ok = False
        parts = self._parts() if self.dirty else self._button_parts()
        changed, done = self._repaint(parts, REPAINT_SECONDS if self._partial_ok else math.inf)
        self.dirty = not done
        if not changed and not self._warm:  # a quiet frame: render faces before they are needed
            self._warm = self.painter.warm(self._face_widths, WARM_SECONDS)
        if self._partial_ok and self.app.top is self and surface is self.app.screen:
            for rect in self._overdraw + changed:
                surface.blit(self._frame, rect, rect)
        else:
            surface.blit(self._frame, (0, 0))
        self._overdraw = (self._draw_motion(surface) + self._draw_focus(surface) + self._draw_keys(surface)
                          + self._draw_coach_dim(surface)
                          + self._draw_coach(surface) + self._draw_done(surface) + self._draw_phones(surface)
                          + self._draw_tips(surface))
        self._partial_ok = self.app.top is self and surface is self.app.screen

    def _repaint(self, parts, seconds: float) -> tuple:
        """Repaint into the frame each region whose key changed: (their rects, all done).
        Past `seconds` the rest waits for the next frame, so a change of everything (undo,
        a move's last step) costs a frame or two of lag, never one long frame; a whole
        new frame (first one, after a resize or a dialog) is painted at once."""
        frame, changed = self._frame, []
        end = time.perf_counter() + seconds
        for name, key, paint in parts:
            if self._keys.get(name) == key:
                continue
            if changed and time.perf_counter() > end:
                return changed, False
            self._keys[name] = key
            rect = self._regions[name]
            frame.blit(self._base, rect, rect)
            frame.set_clip(rect)
            paint(frame)
            frame.set_clip(None)
            changed.append(rect)
        return changed, True

    def _button_parts(self):
        """(region, key, paint) of the parts that change without the table being marked dirty:
        buttons (hover, focus, enabled) and the panel holding the confirm button."""
        lay = self.layout
        top = [self.buttons[name] for name in lay.buttons]
        yield "buttons", tuple(map(button_look, top)), lambda frame: [b.draw(frame) for b in top]
        if self.replay:
            row = [self.buttons[name] for name in lay.replay]
            yield "replay", tuple(map(button_look, row)), lambda frame: [b.draw(frame) for b in row]
            status = self._status()
            yield "info", status, lambda frame: tx.draw_line(frame, self.app.fonts, status, lay.info, px(18, lay.s),
                                                             theme.CREAM, align="left")
            return
        state, entries = self.state, self.log.entries
        key = (self.app.lang, tuple(self.selected), repr(self.preview), tuple(self.hint_lines()), self.my_turn(),
               self.handoff_to, self.display.phase,
               self.turn_seat(), state.is_over(), len(entries), entries[-1] if entries else None,
               button_look(self.buttons["confirm"]))
        yield "info", key, self._paint_info

    def _parts(self):
        """(region, key, paint) of every part of the table, the cards first (they answer a click);
        a key holds all that its region shows."""
        lay, s, state, lang = self.layout, self.layout.s, self.display, self.app.lang
        status = self._status()
        yield "status", status, lambda frame: tx.draw_line(frame, self.app.fonts, status, lay.status, px(22, s),
                                                           theme.GOLD_LIGHT, bold=True, align="left")
        current, hidden = self.turn_seat(), self.hidden
        piles = landed(state, hidden)  # what the scores and counts show: the cards that have landed
        holders = rules.majorities(self.deck, piles)
        scores = rules.scores_now(self.deck, piles)
        for i in range(len(self.seats)):
            shown = tuple((c, c in hidden) for c in state.collections[i])
            hand = tuple((c, c in hidden) for c in state.hands[i]) if self.replay else len(state.hands[i])
            key = (lang, shown, hand, i == current, tuple(i in h for h in holders), scores[i])
            yield ("seat", i), key, partial(self._paint_seat, i, state, holders, i == current)
        taken, boundary, ghost = self._parade_marks()
        last = self.last_play[1] if self.last_play else None
        yield "row", (lang, state.phase, tuple((c, c in hidden) for c in state.parade), len(state.draw_pile),
                      tuple(sorted(taken)), boundary, ghost, bool(self.timeline), self._just_played() is not None,
                      last), self._paint_row
        if not self.replay:
            hand = tuple(self._viewer_hand())
            yield "hand", (hand, tuple(c in self.selected for c in hand), tuple(c in hidden for c in hand)), \
                self._paint_hand
        yield from self._button_parts()
        yield "live", (lang, tuple(piles), current), \
            lambda frame: draw_live(frame, lay, self, state, current, hidden=hidden)
        entries = self.log.entries
        yield "log", (lang, len(entries), entries[-1] if entries else None, self.log.offset), \
            lambda frame: self.log.draw(frame, lay.log, s)

    def _status(self) -> str:
        t, state = self.app.t, self.display
        if self.replay:
            return t("parade.status.replay", i=self.replay_step, n=len(self.record.actions))
        if self.timeline and self.move_text:
            return self._move_status()
        if self.state.is_over():
            return t("parade.status.over")
        handoff = self._handoff_status()
        if handoff is not None:
            return handoff
        seat = self.state.current_player()
        name = self.seats[seat].name
        if self.seats[seat].is_bot:
            text = t("parade.status.thinking", name=name)
        elif self.my_turn():
            text = t("parade.status.keep" if state.phase == rules.KEEP else "parade.status.your_turn", name=name)
        else:
            text = t("parade.status.turn", name=name)
        phase = {rules.FINAL: "parade.status.last_round", rules.KEEP: "parade.status.keep_phase"}.get(self.state.phase)
        return f"{t(phase)}{t('sep')}{text}" if phase else text

    def _move_status(self) -> str:
        """The move on show in words, as far as the motion has shown it: who plays what while
        the card travels, what it took (or that it took nothing) once the taken cards have landed in the taker's piles
        (as the log, which is written when the motion ends); at the end, whose keep it was while
        the kept cards go to the piles and turn over."""
        t, mover = self.app.t, self.move_before.current_player()
        for e in self.move_events:
            if e["type"] == "play":
                piles = landed(self.display, self.hidden)[e["seat"]]
                if e["card"] in self.hidden or not set(e["taken"]) <= set(piles):
                    return t("parade.status.plays", name=self.seats[e["seat"]].name,
                             card=card_name(self.app, self.deck, e["card"]))
            elif e["type"] == "game_over" and mover is not None:
                return t("parade.log.keep", name=self.seats[mover].name)
        return self.move_text

    def _render_base(self, size: tuple) -> pygame.Surface:
        """What never changes for a window size: the sky, the top bar, the tray."""
        lay, s = self.layout, self.layout.s
        base = surfaces.new(size).convert()
        theme.draw_background(base)
        theme.translucent_panel(base, lay.top, s)
        theme.translucent_panel(base, lay.tray, s, (10, 16, 40, 120))
        return base

    def _paint_seat(self, i: int, state, holders: list, current: bool, frame) -> None:
        draw_seat(frame, self.layout.seats[i], self.layout.s, i, self, state, holders, current=current,
                  show_hand=self.replay, hidden=self.hidden)

    def _paint_row(self, frame) -> None:
        self._draw_pile(frame, self.display)
        self._draw_parade(frame, self.display)

    def _draw_pile(self, frame, state) -> None:
        lay, s = self.layout, self.layout.s
        pile = lay.pile
        tx.draw_line(frame, self.app.fonts, self.app.t("parade.pile"), lay.pile_label, px(15, s), theme.CREAM, bold=True)
        n = len(state.draw_pile)
        if n:
            back = self.painter.back(pile.width)
            step = px(PILE_STEP, s)
            for k in range(min(PILE_LAYERS, (n + 9) // 10), 0, -1):  # a little depth for a thick pile
                frame.blit(back, pile.move(k * step, -k * step).topleft)
            frame.blit(back, pile)
        else:
            pygame.draw.rect(frame, theme.CREAM_DARK, pile, max(1, px(2, s)), border_radius=px(8, s))
        badge = pygame.Rect(0, 0, px(44, s), px(26, s))
        badge.center = (pile.centerx, pile.bottom)
        pygame.draw.rect(frame, theme.CREAM, badge, border_radius=badge.height // 2)
        pygame.draw.rect(frame, theme.GOLD_DARK, badge, max(1, px(2, s)), border_radius=badge.height // 2)
        tx.draw_line(frame, self.app.fonts, str(n), badge, px(17, s), theme.INK, bold=True)

    def _parade_marks(self):
        """(taken cards, boundary, ghost card) to draw: the preview or the animated move."""
        if self.timeline:
            return self.lit, self.lit_boundary, None
        if self.preview and self.state.phase != rules.KEEP and self.my_turn():
            return frozenset(self.preview["taken"]), self.preview["boundary"], self.selected[0]
        return frozenset(), None, None

    def _draw_parade(self, frame, state) -> None:
        lay, s = self.layout, self.layout.s
        parade = state.parade
        taken, boundary, ghost = self._parade_marks()
        cw, rects = lay.parade_slots(len(parade) + 1)
        ch = card_height(cw)
        slot = rects[len(parade)] if len(rects) > len(parade) else None
        if slot is not None and ghost is None and not self.timeline and state.phase not in (rules.KEEP, rules.OVER):
            self._draw_slot(frame, slot, rects[len(parade) - 1] if parade else None, s)
        dim = shade(cw, card_height(cw))
        lift = lay.parade_lift
        marking = bool(taken) or ghost is not None
        just_played = self._just_played()
        for i, card in enumerate(parade):
            if card in self.hidden:
                continue  # on its way to a pile
            rect = rects[i]
            glow_color = None
            if card in taken:
                rect, glow_color = rect.move(0, -lift), TAKEN
            elif i == just_played or (not marking and self.last_play is not None and card == self.last_play[1]):
                glow_color = LAST
            if glow_color is not None:
                frame.blit(glow(cw, ch, glow_color, px(6, s)), rect.move(-px(6, s), -px(6, s)))
            frame.blit(self.painter.face(card, cw), rect)
            if marking and glow_color is None:
                frame.blit(dim, rect)
        if ghost is not None and slot is not None:
            g = glow(cw, ch, PICKED, px(6, s))
            frame.blit(g, slot.move(-px(6, s), -px(6, s)))
            frame.blit(self.painter.ghost(ghost, cw), slot)
        n_shown = len(parade) - (1 if just_played is not None else 0)
        if boundary is not None and n_shown > 0:
            self._draw_boundary(frame, rects, boundary, n_shown, cw, ch, s)
        if parade:
            self._draw_ends(frame, rects, len(parade))

    def _just_played(self):
        """The place of the card just played while it waits at the tail for what it takes to go."""
        return len(self.display.parade) - 1 if self.timeline and self.lit_boundary is not None else None

    def _draw_ends(self, frame, rects: list, n: int) -> None:
        """"Head" over the first card, "Tail" over the visible part of the last, in the
        strip above their row that lifted cards never reach."""
        lay, s = self.layout, self.layout.s
        w, h, size = px(120, s), lay.parade_label_h, px(15, s)
        first, last = rects[0], rects[n - 1]
        head = pygame.Rect(first.left, first.top - lay.parade_strip, w, h)
        tx.draw_line(frame, self.app.fonts, "▼ " + self.app.t("parade.head"), head, size, theme.GOLD_LIGHT,
                     bold=True, align="left")
        shown = last.width
        if n < len(rects) and rects[n].top == last.top:  # the tail slot overlaps the last card
            shown = min(shown, rects[n].left - last.left)
        tail = pygame.Rect(last.left + shown - w, last.top - lay.parade_strip, w, h)
        if tail.top != head.top or tail.left > head.right:
            tx.draw_line(frame, self.app.fonts, self.app.t("parade.tail") + " ▼", tail, size, theme.GOLD_LIGHT,
                         bold=True, align="right")

    def _draw_slot(self, frame, slot: pygame.Rect, last, s: float) -> None:
        """The dashed place for the next card, its label in the part the last card leaves
        uncovered (a long parade overlaps the two)."""
        layer = surfaces.new(slot.size, alpha=True)
        pygame.draw.rect(layer, (255, 255, 255, 28), layer.get_rect(), border_radius=px(8, s))
        dash = max(4, px(8, s))
        w, h = slot.size
        edge = (*theme.GOLD_LIGHT, 170)
        for x in range(0, w, dash * 2):
            pygame.draw.line(layer, edge, (x, 1), (min(w, x + dash), 1), 2)
            pygame.draw.line(layer, edge, (x, h - 2), (min(w, x + dash), h - 2), 2)
        for y in range(0, h, dash * 2):
            pygame.draw.line(layer, edge, (1, y), (1, min(h, y + dash)), 2)
            pygame.draw.line(layer, edge, (w - 2, y), (w - 2, min(h, y + dash)), 2)
        frame.blit(layer, slot)
        tx.draw_block(frame, self.app.fonts, self.app.t("parade.next_slot"), self.slot_label_rect(slot, last, s),
                      px(14, s), theme.CREAM)

    @staticmethod
    def slot_label_rect(slot: pygame.Rect, last, s: float) -> pygame.Rect:
        left = slot.left if last is None or last.top != slot.top else max(slot.left, last.right)
        return pygame.Rect(left, slot.top, slot.right - left, slot.height).inflate(-px(4, s), 0)

    def _draw_boundary(self, frame, rects, boundary: int, n: int, cw: int, ch: int, s: float) -> None:
        """The line between the removal-mode cards (head side) and the safe ones."""
        gap = max(2, px(4, s))
        if boundary <= 0:
            x, row = rects[0].left - gap, rects[0]
        elif boundary >= n:
            x, row = rects[n - 1].right + gap, rects[n - 1]
        else:
            x, row = rects[boundary].left - gap, rects[boundary]
        top, bottom = row.top - px(6, s), row.bottom + px(4, s)
        pygame.draw.line(frame, TAKEN, (x, top), (x, bottom), max(2, px(3, s)))
        font = self.app.font(px(13, s), True)
        for key, align in (("parade.removal", "right"), ("parade.safe", "left")):
            if (align == "right" and boundary <= 0) or (align == "left" and boundary >= n):
                continue
            img = tx.render(font, self.app.t(key), theme.WHITE)
            pill = img.get_rect().inflate(px(10, s), px(4, s))
            pill.bottom = bottom - px(2, s)
            if align == "right":
                pill.right = x - gap
            else:
                pill.left = x + gap
            pygame.draw.rect(frame, TAKEN if align == "right" else theme.TEAL, pill, border_radius=pill.height // 2)
            frame.blit(img, img.get_rect(center=pill.center))

    def _paint_hand(self, frame) -> None:
        lay, s = self.layout, self.layout.s
        hand = self._viewer_hand()
        if not hand:
            return
        cw, _ = lay.hand_slots(len(hand))
        for card, rect in self.hand_rects():
            if card in self.hidden:
                continue  # on its way out or in
            if card in self.selected:
                g = glow(cw, card_height(cw), PICKED, px(8, s))
                frame.blit(g, rect.move(-px(8, s), -px(8, s)))
            frame.blit(self.painter.face(card, cw), rect)

    def _paint_info(self, frame) -> None:
        lay, s = self.layout, self.layout.s
        theme.panel(frame, lay.info_box, s, with_shadow=False)
        self._draw_info(frame, lay.info, s)
        self.buttons["confirm"].draw(frame)

    def _draw_info(self, frame, rect, s) -> None:
        t, state, deck = self.app.t, self.state, self.deck
        lines = self.hint_lines()  # (text, size, colour, bold)
        seat = self.turn_seat()
        if state.is_over():
            lines.append((t("parade.status.over"), 20, theme.PLUM, True))
        elif not self.my_turn():
            name = self.seats[seat].name if seat is not None else ""
            wait = "parade.hint.wait_keep" if self.display.phase == rules.KEEP else "parade.hint.wait"
            lines.append(self._handoff_line() or (t(wait, name=name), 18, theme.INK_SOFT, False))
            if self.log.entries:
                lines.append((self.log.entries[-1][0], 16, theme.INK, False))
        elif not self.preview:
            lines.append((t("parade.hint.keep" if state.phase == rules.KEEP else "parade.hint.pick"), 17, theme.INK_SOFT, False))
        else:
            p = self.preview
            if state.phase == rules.KEEP:
                lines.append((t("parade.preview.keep_pick", n=len(self.selected)), 18, theme.PLUM, True))
                if len(self.selected) == 2:
                    lines.append((t("parade.preview.keep", cards=card_list(self.app, deck, self.selected)), 17, theme.INK, False))
                    lines.append((t("parade.preview.if_kept", total=p["new"]), 20, _score_look(p), True))
            else:
                card = card_name(self.app, deck, self.selected[0])
                key = "parade.preview.takes" if p["taken"] else "parade.preview.takes_none"
                lines.append((t(key, card=card, n=len(p["taken"])), 19, theme.PLUM, True))
                delta = p["new"] - p["old"]
                lines.append((t("parade.preview.score", old=p["old"], total=p["new"],
                                delta=f"+{delta}" if delta >= 0 else str(delta)), 20, _score_look(p), True))
            for colour, gained, was, will in p["majorities"]:
                # lower is better: a majority that raises your points is bad news, whichever way it goes
                look = theme.GREEN if will < was else theme.RED if will > was else theme.INK
                name = self.app.i18n.pick(deck.colours[colour].colour_name)
                lines.append((t("parade.preview.gain" if gained else "parade.preview.lose", colour=name, old=was,
                                new=will), 16, look, False))
        y = rect.top
        for font, wrapped, color in self._shrunk_to_fit(lines, rect, s):
            for line in wrapped:
                if y + font.get_linesize() > rect.bottom:
                    return
                frame.blit(tx.render(font, line, color), (rect.left, y))
                y += font.get_linesize()
            y += px(4, s)

    def _shrunk_to_fit(self, lines: list, rect: pygame.Rect, s: float) -> list:
        """(font, wrapped lines, colour) of each line, all made smaller together until they fit:
        the score comes last, and a suggestion's three lines on top pushed it off the panel
        (QA, 1024x640 and 1920x1080 keep phase)."""
        each = max(px(16, s), rect.height // max(3, len(lines)))
        gap = px(4, s)
        for shrink in (1.0, 0.9, 0.8, 0.7):
            blocks = []
            for text, size, color, bold in lines:
                size = px(size * shrink, s)
                font, wrapped = tx.fit_block(self.app.fonts, text, rect.width, max(each, size * 2), size, bold)
                blocks.append((font, wrapped, color))
            if sum(len(wrapped) * font.get_linesize() + gap for font, wrapped, _ in blocks) - gap <= rect.height:
                break
        return blocks

    def _draw_focus(self, surface) -> list:
        """The hover outline on the hand (returns the spots drawn)."""
        if not self.my_turn():
            return []
        s = self.layout.s
        drawn = []
        for card, rect in self.hand_rects():
            if card == self.hover and card not in self.selected:
                ring = rect.inflate(px(4, s), px(4, s))
                pygame.draw.rect(surface, theme.WHITE, ring, max(2, px(2, s)), border_radius=px(10, s))
                drawn.append(ring.inflate(4, 4))
        return drawn
