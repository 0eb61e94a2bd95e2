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
"""

from __future__ import annotations

from typing import Optional, Sequence

from ...core.game import (Action, GameState, IllegalAction, Result, Seat, StateFormatError, seat_utility,
                          whole, whole_list)
from ...core.rng import Rng
from .deck import Deck, load_deck

GAME_ID = "parade"
FORMAT_VERSION = 2
UNKNOWN = -1  # a hidden card in a view
PLAY, FINAL, KEEP, OVER = "play", "final", "keep", "over"
PHASES = (PLAY, FINAL, KEEP, OVER)
COLOURS, DECK_EMPTY = "colours", "deck"  # end reasons
KEEP_CARDS = 2


def removal_count(parade_len: int, value: int) -> int:
    """How many head-side cards are in removal mode (all of them for a 0)."""
    return max(0, parade_len - value)


def _split(deck: Deck, parade: list, card: int) -> tuple:
    """(taken, remaining parade in order) when `card` is played; `card` not added.

    With nothing at risk the remaining parade is `parade` itself, not a copy.
    """
    colours, values = deck.colour, deck.value
    value, colour = values[card], colours[card]
    at_risk = removal_count(len(parade), value)
    if not at_risk:
        return [], parade
    head = parade[:at_risk]
    taken = [c for c in head if colours[c] == colour or values[c] <= value]
    if not taken:
        return taken, parade
    stay = [c for c in head if colours[c] != colour and values[c] > value]
    stay += parade[at_risk:]
    return taken, stay


def cards_taken(deck: Deck, parade: Sequence[int], card: int) -> list:
    """The parade cards that playing `card` would take (the rule, in one place)."""
    return _split(deck, parade, card)[0]


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
    holders = []
    for per_seat in zip(*counts):
        best = max(per_seat)
        if best == 0:
            holders.append(())
        elif len(per_seat) == 2:
            a, b = per_seat
            holders.append((0,) if a >= b + 2 else (1,) if b >= a + 2 else ())
        else:
            holders.append(tuple(s for s, n in enumerate(per_seat) if n == best))
    return holders


def majorities(deck: Deck, collections: Sequence[Sequence[int]]) -> list:
    """For each colour, the seats holding its majority (their cards score 1 each)."""
    return [list(h) for h in _holders(_tally(deck, collections)[0])]


def score_breakdown(deck: Deck, collections: Sequence[Sequence[int]]) -> list:
    """Per seat, per colour id: points, card count, and whether the colour was flipped."""
    counts, sums = _tally(deck, collections)
    holders = _holders(counts)
    out = []
    for seat in range(len(collections)):
        row = {}
        for colour, info in enumerate(deck.colours):
            flipped = seat in holders[colour]
            n = counts[seat][colour]
            row[info.id] = {"points": n if flipped else sums[seat][colour], "cards": n, "flipped": flipped}
        out.append(row)
    return out


def scores_now(deck: Deck, collections: Sequence[Sequence[int]]) -> list:
    """Each seat's total if the game were scored now (lower is better)."""
    counts, sums = _tally(deck, collections)
    holders = _holders(counts)
    return [
        sum(counts[seat][c] if seat in h else sums[seat][c] for c, h in enumerate(holders))
        for seat in range(len(collections))
    ]


def winners_of(scores: Sequence[int], sizes: Sequence[int]) -> list:
    """Lowest score wins; ties go to fewer cards; a tie on both is a shared win."""
    best = min(zip(scores, sizes))
    return [s for s, key in enumerate(zip(scores, sizes)) if key == best]


class ParadeState(GameState):
    game_id = GAME_ID

    def __init__(self, deck: Deck, seats: Sequence[Seat], seed: Optional[int] = None):
        self.deck = deck
        self.seats = tuple(seats)
        self.seed = seed  # None on views and determinized states
        self.hands: list = [[] for _ in self.seats]
        self.collections: list = [[] for _ in self.seats]
        self.parade: list = []
        self.draw_pile: list = []  # draws pop from the end
        self.first_player = 0
        self.turn = 0
        self.phase = PLAY
        self.final_turns_left = 0
        self.end_reason: Optional[str] = None
        self.kept: list = [None for _ in self.seats]  # (a, b) once chosen in the keep phase
        self.plays = 0
        self.initial_order: tuple = ()  # the dealt order, for records; empty on views
        self.viewer: Optional[int] = None  # set on views: hidden cards are UNKNOWN

    # -- setup ---------------------------------------------------------------
    @classmethod
    def new(cls, seats: Sequence[Seat], seed: int, options: Optional[dict] = None, deck: Optional[Deck] = None):
        if not 2 <= len(seats) <= 6:
            raise ValueError("Parade is for 2 to 6 players")
        state = cls(deck or load_deck(), seats, seed)
        rng = Rng(seed)
        cards = list(range(state.deck.size))
        rng.shuffle(cards)
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
        self.parade = cards[cut:cut + self.deck.parade_size]
        self.draw_pile = cards[cut + self.deck.parade_size:][::-1]
        self.first_player = self.turn = first_player

    # -- protocol ------------------------------------------------------------
    def current_player(self) -> Optional[int]:
        return None if self.phase == OVER else self.turn

    def legal_actions(self) -> list:
        if self.phase == OVER:
            return []
        hand = self.hands[self.turn]
        if self.phase == KEEP:
            return [("keep", a, b) for i, a in enumerate(hand) for b in hand[i + 1:]]
        return [("play", c) for c in hand]

    def apply(self, action: Action) -> list:
        """Apply one action; an illegal one raises IllegalAction and changes nothing."""
        if self.viewer is not None:
            raise IllegalAction("a view cannot be played; determinize it first")
        if self.phase == OVER:
            raise IllegalAction("the game is over")
        if type(action) is not tuple:
            if not isinstance(action, (list, tuple)):
                raise IllegalAction(f"an action is a tuple, not {action!r}")
            action = tuple(action)
        kind = action[0] if action else None
        if self.phase == KEEP:
            if kind != "keep" or len(action) != 3:
                raise IllegalAction(f"choose two cards to keep, not {action!r}")
            return self._keep(action[1], action[2])
        if kind != "play" or len(action) != 2:
            raise IllegalAction(f"play one card, not {action!r}")
        return self._play(action[1])

    def _play(self, card) -> list:
        seat = self.turn
        hand = self.hands[seat]
        if type(card) is not int or card not in hand:
            raise IllegalAction(f"card {card!r} is not in seat {seat}'s hand")
        taken, self.parade = _split(self.deck, self.parade, card)
        hand.remove(card)
        self.parade.append(card)
        self.plays += 1
        events = [{"type": "play", "seat": seat, "card": card, "taken": taken}]
        if taken:
            self.collections[seat].extend(taken)
        if self.phase == PLAY:
            if self.draw_pile:
                drawn = self.draw_pile.pop()
                hand.append(drawn)
                events.append({"type": "draw", "seat": seat, "card": drawn})
            reason = COLOURS if taken and self.has_all_colours(seat) else DECK_EMPTY if not self.draw_pile else None
            if reason:
                self.phase = FINAL
                self.end_reason = reason
                self.final_turns_left = len(self.seats)
                events.append({"type": "last_round", "reason": reason, "seat": seat})
        else:
            self.final_turns_left -= 1
            if self.final_turns_left == 0:
                self.phase = KEEP
                events.append({"type": "keep_phase"})
        self.turn = (seat + 1) % len(self.seats)
        return events

    def _keep(self, a, b) -> list:
        seat = self.turn
        hand = self.hands[seat]
        if type(a) is not int or type(b) is not int or a == b or a not in hand or b not in hand:
            raise IllegalAction(f"cards {a!r}, {b!r} are not two cards in seat {seat}'s hand")
        self.kept[seat] = (a, b)
        self.turn = (seat + 1) % len(self.seats)
        events = [{"type": "keep", "seat": seat, "cards": [a, b]}]
        if None not in self.kept:
            for s, pair in enumerate(self.kept):
                self.collections[s].extend(pair)
                self.hands[s] = [c for c in self.hands[s] if c not in pair]
            self.phase = OVER
            events.append({"type": "game_over", "kept": [list(k) for k in self.kept]})
        return events

    def has_all_colours(self, seat: int) -> bool:
        cards, k = self.collections[seat], len(self.deck.colours)
        return len(cards) >= k and len(set(map(self.deck.colour.__getitem__, cards))) == k

    def is_over(self) -> bool:
        return self.phase == OVER

    def result(self) -> Result:
        breakdown = score_breakdown(self.deck, self.collections)
        scores = [sum(v["points"] for v in row.values()) for row in breakdown]
        sizes = [len(c) for c in self.collections]
        return Result(
            scores=scores,
            winners=winners_of(scores, sizes),
            breakdown=[{k: v["points"] for k, v in row.items()} for row in breakdown],
            lower_is_better=True,
            extra={"colours": breakdown, "cards": sizes},
        )

    def returns(self, seat: int) -> float:
        """Win share, plus a little for beating the others' average score."""
        scores = scores_now(self.deck, self.collections)
        winners = winners_of(scores, [len(c) for c in self.collections]) if self.phase == OVER else None
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
        other = ParadeState.__new__(ParadeState)
        d = self.__dict__.copy()
        d["hands"] = [h[:] for h in self.hands]
        d["collections"] = [c[:] for c in self.collections]
        d["parade"] = self.parade[:]
        d["draw_pile"] = self.draw_pile[:]
        d["kept"] = self.kept[:]
        other.__dict__ = d
        return other

    def view(self, seat: int) -> "ParadeState":
        """Other hands, their keep choices, the draw pile and the deal become hidden."""
        v = self.clone()
        v.viewer = seat
        v.seed = None
        v.initial_order = ()
        if self.phase != OVER:
            for s, hand in enumerate(self.hands):
                if s != seat:
                    v.hands[s] = [UNKNOWN] * len(hand)
                    if self.kept[s] is not None:
                        v.kept[s] = (UNKNOWN, UNKNOWN)
            v.draw_pile = [UNKNOWN] * len(self.draw_pile)
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
        rng.shuffle(pool)
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
            state.collections = [whole_list(c) for c in data["collections"]]
            state.parade = whole_list(data["parade"])
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
        everything = self.parade + self.draw_pile
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


def new_state(seats: Sequence[Seat], seed: int, options: Optional[dict] = None) -> ParadeState:
    return ParadeState.new(seats, seed, options)


def from_dict(data: dict) -> ParadeState:
    return ParadeState.from_dict(data)
