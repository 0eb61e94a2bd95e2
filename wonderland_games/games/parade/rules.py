"""Wonderland Parade (仙境梦游) rules, as pure Python.

The parade is a list from head (index 0) to tail (last). Playing a card of
value v onto a parade of n cards (the played card not counted) puts the first
n - v cards (head side) into removal mode; of those, every card of the played
colour or of value <= v is taken. A 0 therefore puts the whole parade at risk.

Phases: "play" (normal turns, draw after playing), "final" (one more turn each,
no drawing), "keep" (each player keeps 2 of their last 4 cards) and "over".

Decisions where the rule text leaves a gap (shown on the in-app rules page):
- Either trigger (a sixth colour, or drawing the last card) ends the turn
  normally, draw included; the final round is then exactly one turn for each
  player, starting with the next player and ending with the triggering one.
- If both triggers happen on the same turn there is still one final round;
  `end_reason` is "colours". A sixth colour during the final round changes
  nothing.
- The keep phase goes on clockwise from the player after the last final
  turn; choices stay hidden until everyone has chosen, so order gives no edge.
  At "over" each hand holds that player's two discards, which score nothing.
- A tie on score and on card count is a shared win (the rule text says to
  play another game; the app leaves that to the players).

All chance is the shuffle at the deal: the draw pile's order is part of the
state, so the state keeps the seed (for records) rather than a live generator,
which makes clones, views and saves cheap.

Bots and `simulate` take a view at every decision and Hard clones thousands of
times a move, so the cards everyone sees (the parade, each collection, the keep
choices) are tuples, shared by a state, its clones and its views and replaced,
never changed, by a move; only the hidden cards (hands, draw pile) are lists,
which a clone copies and a view replaces by UNKNOWN. `advance` plays a move
without building its events.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Optional, Sequence

from ...core.game import (Action, GameState, IllegalAction, Result, Seat, StateFormatError, seat_utility,
                          whole, whole_list)
from ...core.rng import Rng
from .deck import Deck, load_deck

GAME_ID = "parade"
FORMAT_VERSION = 2
UNKNOWN = -1  # a hidden card in a view
HIDDEN_PAIR = (UNKNOWN, UNKNOWN)  # another seat's keep choice, in a view
PLAY, FINAL, KEEP, OVER = "play", "final", "keep", "over"
PHASES = (PLAY, FINAL, KEEP, OVER)
COLOURS, DECK_EMPTY = "colours", "deck"  # end reasons
KEEP_CARDS = 2


def shuffle(rng, cards: list) -> None:
    """`rng.shuffle(cards)` for a `random.Random`: the same order from the same generator state
    (it draws as CPython's shuffle does, getrandbits until below i + 1) without that method's
    call per card. Every deal and every Hard sample shuffles; a test holds it to rng.shuffle."""
    getrandbits = rng.getrandbits
    for i, n, k in _shuffle_steps(len(cards)):
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


@lru_cache(maxsize=None)
def _shuffle_steps(size: int) -> tuple:
    """Fisher-Yates's steps for `size` cards, worked out once: (i, i + 1, its bit length) for i
    from the last index down to 1."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


@lru_cache(maxsize=None)
def _pairs(size: int) -> tuple:
    """Index pairs (i, j), i < j, into a hand of `size` cards, in the keep choices' order."""
    return tuple((i, j) for i in range(size) for j in range(i + 1, size))


@lru_cache(maxsize=None)
def _play_actions(size: int) -> tuple:
    """Every ("play", card) action of a deck of `size` cards, built once: legal_actions
    hands out these tuples rather than new ones at every call."""
    return tuple(("play", card) for card in range(size))


def removal_count(parade_len: int, value: int) -> int:
    """How many head-side cards are in removal mode (all of them for a 0)."""
    return max(0, parade_len - value)


def cards_taken(deck: Deck, parade: Sequence[int], card: int) -> list:
    """The parade cards that playing `card` would take (`advance` sorts the same cards out in
    its own loop, as it also rebuilds the parade; a property test holds the two together)."""
    takes = deck.takes[card]
    return [c for c in parade[:removal_count(len(parade), deck.value[card])] if takes[c]]


def colour_counts(deck: Deck, cards: Sequence[int]) -> list:
    counts = [0] * len(deck.colours)
    for c in cards:
        counts[deck.colour[c]] += 1
    return counts


def _tally(deck: Deck, collections: Sequence[Sequence[int]]) -> tuple:
    """Per seat and colour: card counts and face-value sums."""
    colour, value, k = deck.colour, deck.value, len(deck.colours)
    counts, sums = [], []
    for cards in collections:
        n, s = [0] * k, [0] * k
        for c in cards:
            col = colour[c]
            n[col] += 1
            s[col] += value[c]
        counts.append(n)
        sums.append(s)
    return counts, sums


def _holders(counts: list) -> list:
    """Per colour, the seats with the majority (ties all hold it; 2 players need +2)."""
    if len(counts) == 2:
        return [(0,) if a >= b + 2 else (1,) if b >= a + 2 else () for a, b in zip(*counts)]
    holders = []
    for per_seat in zip(*counts):  # one pass a colour: cheaper than max, count and index
        best, seats = 0, ()
        for seat, n in enumerate(per_seat):
            if n > best:
                best, seats = n, (seat,)
            elif n == best and n:
                seats += (seat,)
        holders.append(seats)
    return holders


def _totals(counts: list, sums: list, holders: list) -> list:
    """Each seat's score: its cards' values, but 1 a card in the colours it holds."""
    scores = list(map(sum, sums))
    for colour, seats in enumerate(holders):
        for seat in seats:
            scores[seat] += counts[seat][colour] - sums[seat][colour]
    return scores


def _breakdown(deck: Deck, counts: list, sums: list, holders: list) -> tuple:
    """score_breakdown's rows, and beside them each seat's {colour id: points} (Result.breakdown)."""
    rows, points = [], []
    for seat, (per_count, per_sum) in enumerate(zip(counts, sums)):
        row, row_points = {}, {}
        for cid, n, total, seats in zip(deck.colour_ids, per_count, per_sum, holders):
            flipped = seat in seats
            row_points[cid] = p = n if flipped else total
            row[cid] = {"points": p, "cards": n, "flipped": flipped}
        rows.append(row)
        points.append(row_points)
    return rows, points


def majorities(deck: Deck, collections: Sequence[Sequence[int]]) -> list:
    """For each colour, the seats holding its majority (their cards score 1 each)."""
    return [list(h) for h in _holders(_tally(deck, collections)[0])]


def score_breakdown(deck: Deck, collections: Sequence[Sequence[int]]) -> list:
    """Per seat, per colour id: points, card count, and whether the colour was flipped."""
    counts, sums = _tally(deck, collections)
    return _breakdown(deck, counts, sums, _holders(counts))[0]


def scores_now(deck: Deck, collections: Sequence[Sequence[int]]) -> list:
    """Each seat's total if the game were scored now (lower is better)."""
    counts, sums = _tally(deck, collections)
    return _totals(counts, sums, _holders(counts))


def winners_of(scores: Sequence[int], sizes: Sequence[int]) -> list:
    """Lowest score wins; ties go to fewer cards; a tie on both is a shared win."""
    best = min(scores)
    if scores.count(best) == 1:  # nearly always: the card counts are not needed
        return [scores.index(best)]
    keys = list(zip(scores, sizes))
    best = min(keys)
    return [s for s, key in enumerate(keys) if key == best]


class ParadeResult(Result):
    """A Result that works out its per-colour breakdown (`breakdown`, `extra`) when first read:
    `simulate` and Hard's playouts read only the scores and the winners, at the end of every
    game, and the breakdown's two dozen dicts cost more than the scoring itself."""

    @classmethod
    def of(cls, deck: Deck, collections: Sequence[Sequence[int]]) -> "ParadeResult":
        counts, sums = _tally(deck, collections)
        holders = _holders(counts)
        scores = _totals(counts, sums, holders)
        sizes = list(map(len, collections))
        result = cls.__new__(cls)
        result.__dict__.update(scores=scores, winners=winners_of(scores, sizes), lower_is_better=True,
                               _parts=(deck, counts, sums, holders, sizes))
        return result

    def detail(self, key: str):
        return super().detail(key) if key in ("colours", "cards") else None  # all that `extra` holds

    def __getattr__(self, name: str):
        """Called only for a missing attribute: `breakdown` and `extra` before their first read."""
        parts = self.__dict__.pop("_parts", None) if name in ("breakdown", "extra") else None
        if parts is None:
            raise AttributeError(f"'ParadeResult' object has no attribute '{name}'")
        deck, counts, sums, holders, sizes = parts
        rows, self.breakdown = _breakdown(deck, counts, sums, holders)
        self.extra = {"colours": rows, "cards": sizes}
        return self.__dict__[name]


class ParadeState(GameState):
    game_id = GAME_ID

    def __init__(self, deck: Deck, seats: Sequence[Seat], seed: Optional[int] = None):
        self.deck = deck
        self.seats = tuple(seats)
        self.seed = seed  # None on views and determinized states
        self.hands: list = [[] for _ in self.seats]  # lists: hidden, copied by clones
        self.collections: list = [()] * len(self.seats)  # tuples: seen by all, shared
        self.parade: tuple = ()
        self.draw_pile: list = []  # draws pop from the end
        self.first_player = 0
        self.turn = 0
        self.phase = PLAY
        self.final_turns_left = 0
        self.end_reason: Optional[str] = None
        self.kept: list = [None] * len(self.seats)  # (a, b) once chosen in the keep phase
        self.plays = 0
        self.initial_order: tuple = ()  # the dealt order, for records; empty on views
        self.viewer: Optional[int] = None  # set on views: hidden cards are UNKNOWN
        self.plays_of = _play_actions(self.deck.size)  # card -> its ("play", card) action

    # -- setup ---------------------------------------------------------------
    @classmethod
    def new(cls, seats: Sequence[Seat], seed: int, options: Optional[dict] = None, deck: Optional[Deck] = None):
        if not 2 <= len(seats) <= 6:
            raise ValueError("Parade is for 2 to 6 players")
        state = cls(deck or load_deck(), seats, seed)
        rng = Rng(seed)
        cards = list(range(state.deck.size))
        shuffle(rng, cards)
        state.deal(cards, first_player=rng.randrange(len(seats)))
        return state

    def deal(self, order: Sequence[int], first_player: int) -> None:
        """Deal from a known deck order (records replay the same deal)."""
        cards = list(order)
        self.initial_order = tuple(cards)
        n = self.deck.hand_size
        for seat in range(len(self.seats)):
            self.hands[seat] = cards[seat * n:(seat + 1) * n]
        cut = n * len(self.seats)
        self.parade = tuple(cards[cut:cut + self.deck.parade_size])
        self.draw_pile = cards[cut + self.deck.parade_size:][::-1]
        self.first_player = self.turn = first_player

    # -- protocol ------------------------------------------------------------
    def current_player(self) -> Optional[int]:
        return None if self.phase == OVER else self.turn

    def legal_actions(self) -> list:
        phase = self.phase
        if phase == PLAY or phase == FINAL:  # asked at every move: a loop costs less than a comprehension
            plays, legal = self.plays_of, []
            for card in self.hands[self.turn]:
                legal.append(plays[card])
            return legal
        if phase == OVER:
            return []
        hand, legal = self.hands[self.turn], []
        for i, j in _pairs(len(hand)):
            legal.append(("keep", hand[i], hand[j]))
        return legal

    def apply(self, action: Action) -> list:
        """Apply one action; an illegal one raises IllegalAction and changes nothing."""
        events: list = []
        self.advance(action, events)
        return events

    def advance(self, action: Action, events: Optional[list] = None) -> None:
        """`apply` without the events, unless a list `events` is given to add them to.

        Every bot game and Hard playout runs through here, so the play is written out in this
        one method, as plainly as the yardstick's loop (benchmarks/parade_yardstick.py): an action
        that is one of legal_actions' tuples skips the checks of its form, the hand's own `remove`
        is the membership check, and the cards at risk are sorted in one pass."""
        if self.viewer is not None:
            raise IllegalAction("a view cannot be played; determinize it first")
        phase = self.phase
        try:  # one of legal_actions' own tuples in a play phase: well formed at a glance
            checked = (phase == PLAY or phase == FINAL) and self.plays_of[action[1]] is action
        except (TypeError, IndexError, KeyError):
            checked = False
        if not checked:
            if phase == OVER:
                raise IllegalAction("the game is over")
            if type(action) is not tuple:
                if not isinstance(action, (list, tuple)):
                    raise IllegalAction(f"an action is a tuple, not {action!r}")
                action = tuple(action)
            if phase == KEEP:
                if len(action) != 3 or action[0] != "keep":
                    raise IllegalAction(f"choose two cards to keep, not {action!r}")
                self._keep(action[1], action[2], events)
                return
            if len(action) != 2 or action[0] != "play":
                raise IllegalAction(f"play one card, not {action!r}")
        card, seat = action[1], self.turn
        hand = self.hands[seat]
        try:
            if not checked and type(card) is not int:  # True and 1.0 equal 1: remove would take them
                raise ValueError
            hand.remove(card)  # the membership check too
        except ValueError:
            raise IllegalAction(f"card {card!r} is not in seat {seat}'s hand") from None
        deck = self.deck
        colours, values = deck.colour, deck.value
        parade = self.parade
        value = values[card]
        at_risk = len(parade) - value  # removal_count, inlined
        taken = ()
        if at_risk > 0:
            takes = deck.takes[card]
            stay, taken = [], []
            for c in parade[:at_risk]:
                (taken if takes[c] else stay).append(c)
            if taken:
                stay += parade[at_risk:]
                stay.append(card)
                self.parade = tuple(stay)
                collection = self.collections[seat] = (*self.collections[seat], *taken)
        if not taken:
            self.parade = parade + (card,)
        self.plays += 1
        if events is not None:
            events.append({"type": "play", "seat": seat, "card": card, "taken": list(taken)})
        if phase == PLAY:
            pile = self.draw_pile
            if pile:
                drawn = pile.pop()
                hand.append(drawn)
                if events is not None:
                    events.append({"type": "draw", "seat": seat, "card": drawn})
            k = len(deck.colours)
            if taken and len(collection) >= k and len({colours[c] for c in collection}) == k:
                reason = COLOURS  # a sixth colour
            else:
                reason = DECK_EMPTY if not pile else None
            if reason:
                self.phase = FINAL
                self.end_reason = reason
                self.final_turns_left = len(self.seats)
                if events is not None:
                    events.append({"type": "last_round", "reason": reason, "seat": seat})
        else:
            self.final_turns_left -= 1
            if self.final_turns_left == 0:
                self.phase = KEEP
                if events is not None:
                    events.append({"type": "keep_phase"})
        self.turn = (seat + 1) % len(self.seats)

    def _keep(self, a, b, events: Optional[list]) -> None:
        seat = self.turn
        hand = self.hands[seat]
        if type(a) is not int or type(b) is not int or a == b or a not in hand or b not in hand:
            raise IllegalAction(f"cards {a!r}, {b!r} are not two cards in seat {seat}'s hand")
        self.kept[seat] = (a, b)
        self.turn = (seat + 1) % len(self.seats)
        if events is not None:
            events.append({"type": "keep", "seat": seat, "cards": [a, b]})
        if None not in self.kept:
            for s, pair in enumerate(self.kept):
                self.collections[s] += pair
                hand = self.hands[s]
                for card in pair:
                    hand.remove(card)
            self.phase = OVER
            if events is not None:
                events.append({"type": "game_over", "kept": [list(k) for k in self.kept]})

    def is_over(self) -> bool:
        return self.phase == OVER

    def result(self) -> Result:
        return ParadeResult.of(self.deck, self.collections)

    def returns(self, seat: int) -> float:
        """Win share, plus a little for beating the others' average score."""
        scores = scores_now(self.deck, self.collections)
        winners = winners_of(scores, list(map(len, self.collections))) if self.phase == OVER else None
        return seat_utility(seat, scores, winners, lower_is_better=True)

    def turn_number(self) -> int:
        return self.plays if self.phase == OVER else self.plays + 1

    def turns_done(self) -> int:
        return self.plays

    def scores_now(self) -> list:
        """The cards taken so far scored as at the end, majorities flipped (the kept cards
        join the collections only when the game ends)."""
        return scores_now(self.deck, self.collections)

    def reveals_hidden(self, action: Action) -> bool:
        """A play in the normal phase draws a card; the last keep shows every choice."""
        if self.phase == PLAY:
            return bool(self.draw_pile)
        if self.phase == KEEP:
            return self.kept.count(None) == 1 and self.kept[self.turn] is None
        return False

    # -- hidden information --------------------------------------------------
    def clone(self) -> "ParadeState":
        """Copies the hidden lists; the seen cards' tuples are shared (see the module docstring)."""
        hands = self.hands  # first, so that a view's placeholders exist (see ParadeView)
        other = ParadeState.__new__(ParadeState)
        d = self.__dict__.copy()
        d["hands"] = [h[:] for h in hands]
        d["collections"] = self.collections[:]
        d["draw_pile"] = self.draw_pile[:]
        d["kept"] = self.kept[:]
        other.__dict__ = d
        return other

    def view(self, seat: int) -> "ParadeState":
        """Other hands, their keep choices, the draw pile and the deal become hidden; only the
        viewer's own hand is copied, the seen cards are shared with the state.

        A view holds no hidden card at all: just its own hand and the sizes of the others and
        of the draw pile, from which a `ParadeView` makes the UNKNOWN placeholders when they are
        first asked for (a Random bot never asks, Hard once per sample)."""
        if self.phase == OVER:
            v = self.clone()
            d = v.__dict__
        else:
            v = ParadeView.__new__(ParadeView)
            hands = self.hands  # first: a view's own placeholders, if it is one
            d = self.__dict__.copy()
            del d["hands"], d["draw_pile"]
            d["_unseen"] = (seat, hands[seat][:], [len(h) for h in hands], len(self.draw_pile))
            d["collections"] = self.collections[:]
            kept = self.kept
            d["kept"] = kept[:] if self.phase != KEEP else [
                k if s == seat or k is None else HIDDEN_PAIR for s, k in enumerate(kept)]
            v.__dict__ = d
        d["viewer"], d["seed"], d["initial_order"] = seat, None, ()
        return v

    def unseen_cards(self) -> list:
        """Cards the viewer cannot locate: other hands and the draw pile (shown once the game is over)."""
        seen = bytearray(self.deck.size)
        for c in self.parade:
            seen[c] = 1
        for c in self.draw_pile:
            if c != UNKNOWN:
                seen[c] = 1
        for hand in self.hands:
            for c in hand:
                if c != UNKNOWN:
                    seen[c] = 1
        for cards in self.collections:
            for c in cards:
                seen[c] = 1
        return [c for c, s in enumerate(seen) if not s]

    def determinize(self, rng) -> "ParadeState":
        """A full state: the UNKNOWN slots get a random arrangement of the unseen cards."""
        full = self.clone()
        full.viewer = None
        pool = self.unseen_cards()
        if not pool:
            return full
        shuffle(rng, pool)
        for s, hand in enumerate(self.hands):
            if hand and hand[0] == UNKNOWN:
                full.hands[s] = [pool.pop() for _ in hand]
                if self.kept[s] is not None:
                    full.kept[s] = tuple(full.hands[s][:KEEP_CARDS])
        full.draw_pile = pool
        return full

    # -- saving --------------------------------------------------------------
    def to_dict(self) -> dict:
        return {
            "game": GAME_ID,
            "version": FORMAT_VERSION,
            "seats": [s.to_dict() for s in self.seats],
            "seed": self.seed,
            "hands": [list(h) for h in self.hands],
            "collections": [list(c) for c in self.collections],
            "parade": list(self.parade),
            "draw_pile": list(self.draw_pile),
            "first_player": self.first_player,
            "turn": self.turn,
            "phase": self.phase,
            "final_turns_left": self.final_turns_left,
            "end_reason": self.end_reason,
            "kept": [list(k) if k else None for k in self.kept],
            "plays": self.plays,
            "initial_order": list(self.initial_order),
        }

    @classmethod
    def from_dict(cls, data: dict, deck: Optional[Deck] = None) -> "ParadeState":
        if not isinstance(data, dict) or data.get("game") != GAME_ID:
            raise StateFormatError("this is not a Wonderland Parade game")
        if data.get("version") != FORMAT_VERSION:
            raise StateFormatError(f"unsupported Parade state version {data.get('version')!r}")
        try:
            seed = None if data["seed"] is None else whole(data["seed"])
            state = cls(deck or load_deck(), [Seat.from_dict(s) for s in data["seats"]], seed)
            state.hands = [whole_list(h) for h in data["hands"]]
            state.collections = [tuple(whole_list(c)) for c in data["collections"]]
            state.parade = tuple(whole_list(data["parade"]))
            state.draw_pile = whole_list(data["draw_pile"])
            state.first_player = whole(data["first_player"])
            state.turn = whole(data["turn"])
            state.phase = data["phase"]
            state.final_turns_left = whole(data["final_turns_left"])
            state.end_reason = data["end_reason"]
            state.kept = [None if k is None else tuple(whole_list(k)) for k in data["kept"]]
            state.plays = whole(data["plays"])
            state.initial_order = tuple(whole_list(data["initial_order"]))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise StateFormatError(f"Parade state is incomplete or damaged ({exc!r})") from None
        state._check()
        return state

    def _check(self) -> None:
        """Every card exactly once, and a coherent phase: a damaged save is refused."""
        n = len(self.seats)
        if not (2 <= n <= 6 and len(self.hands) == n and len(self.collections) == n and len(self.kept) == n):
            raise StateFormatError("Parade state has the wrong number of seats")
        everything = [*self.parade, *self.draw_pile]
        for cards in self.hands + self.collections:
            everything += cards
        if sorted(everything) != list(range(self.deck.size)):
            raise StateFormatError("Parade state does not hold each card exactly once")
        if self.initial_order and sorted(self.initial_order) != list(range(self.deck.size)):
            raise StateFormatError("Parade state has a damaged deal order")
        if self.phase not in PHASES or not (0 <= self.turn < n and 0 <= self.first_player < n):
            raise StateFormatError("Parade state has an impossible turn or phase")
        if self.end_reason not in (None, COLOURS, DECK_EMPTY) or not 0 <= self.final_turns_left <= n:
            raise StateFormatError("Parade state has an impossible final round")
        for seat, pair in enumerate(self.kept):
            if pair is None and self.phase != OVER:
                continue
            holder = self.hands[seat] if self.phase == KEEP else self.collections[seat] if self.phase == OVER else ()
            if pair is None or len(set(pair)) != KEEP_CARDS or not set(pair) <= set(holder):
                raise StateFormatError("Parade state has an impossible keep choice")


class ParadeView(ParadeState):
    """A seat's view (`ParadeState.view`) whose hidden cards nobody has asked for yet: the
    UNKNOWN placeholders of the other hands and of the draw pile are made on first read. A
    class of its own because a `__getattr__` slows every attribute read on its class (Python
    no longer specialises them), and full states are what bots play thousands of moves on."""

    def __getattr__(self, name: str):
        """Called only for a missing attribute: `hands` and `draw_pile`."""
        unseen = self.__dict__.get("_unseen") if name in ("hands", "draw_pile") else None
        if unseen is None:
            raise AttributeError(f"'ParadeView' object has no attribute '{name}'")
        seat, own, sizes, pile = unseen
        hands = [[UNKNOWN] * n for n in sizes]
        hands[seat] = own
        d = self.__dict__
        d["hands"], d["draw_pile"] = hands, [UNKNOWN] * pile
        del d["_unseen"]
        return d[name]


def new_state(seats: Sequence[Seat], seed: int, options: Optional[dict] = None) -> ParadeState:
    return ParadeState.new(seats, seed, options)


def from_dict(data: dict) -> ParadeState:
    return ParadeState.from_dict(data)
