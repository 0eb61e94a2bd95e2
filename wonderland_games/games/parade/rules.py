"""Wonderland Parade (仙境梦游) rules, as pure Python.

The parade is a list from head (index 0) to tail (last). Playing a card of
value v onto a parade of n cards (the played card not counted) puts the first
n - v cards (head side) into removal mode; of those, every card of the played
colour or of value <= v is taken. A 0 puts the whole parade in removal mode.

Phases: "play" (normal turns, draw after playing), "final" (one more turn each,
no drawing) and "keep" (each player keeps 2 of their last 4 cards).
"""

from __future__ import annotations

from typing import Optional, Sequence

from ...core.game import Action, GameState, IllegalAction, Result, Seat, StateFormatError, as_action
from ...core.rng import Rng
from .deck import Deck, load_deck

GAME_ID = "parade"
FORMAT_VERSION = 1
UNKNOWN = -1  # a hidden card in a view
PLAY, FINAL, KEEP, OVER = "play", "final", "keep", "over"


def removal_count(parade_len: int, value: int) -> int:
    """How many head-side cards are in removal mode."""
    return max(0, parade_len - value) if value > 0 else parade_len


def cards_taken(deck: Deck, parade: Sequence[int], card: int) -> list:
    """The parade cards that playing `card` would take (the rule, in one place)."""
    colours, values = deck.colour, deck.value
    value, colour = values[card], colours[card]
    at_risk = removal_count(len(parade), value)
    return [c for c in parade[:at_risk] if colours[c] == colour or values[c] <= value]


def colour_counts(deck: Deck, cards: Sequence[int]) -> list:
    counts = [0] * len(deck.colours)
    for c in cards:
        counts[deck.colour_of(c)] += 1
    return counts


def majorities(deck: Deck, collections: Sequence[Sequence[int]]) -> list:
    """For each colour, the seats holding its majority (their cards score 1 each).

    With two players a majority needs at least 2 more cards than the opponent.
    """
    counts = [colour_counts(deck, cards) for cards in collections]
    two_player = len(collections) == 2
    holders = []
    for colour in range(len(deck.colours)):
        per_seat = [row[colour] for row in counts]
        best = max(per_seat)
        if best == 0:
            holders.append([])
        elif two_player:
            a, b = per_seat
            holders.append([0] if a >= b + 2 else [1] if b >= a + 2 else [])
        else:
            holders.append([s for s, n in enumerate(per_seat) if n == best])
    return holders


def score_breakdown(deck: Deck, collections: Sequence[Sequence[int]]) -> list:
    """Per seat, per colour id: points, and whether that colour was flipped."""
    holders = majorities(deck, collections)
    out = []
    for seat, cards in enumerate(collections):
        row = {}
        for colour, info in enumerate(deck.colours):
            mine = [c for c in cards if deck.colour_of(c) == colour]
            flipped = seat in holders[colour]
            points = len(mine) if flipped else sum(deck.value_of(c) for c in mine)
            row[info.id] = {"points": points, "cards": len(mine), "flipped": flipped}
        out.append(row)
    return out


def scores_now(deck: Deck, collections: Sequence[Sequence[int]]) -> list:
    return [sum(v["points"] for v in row.values()) for row in score_breakdown(deck, collections)]


class ParadeState(GameState):
    game_id = GAME_ID

    def __init__(self, deck: Deck, seats: Sequence[Seat], rng: Rng):
        self.deck = deck
        self.seats = tuple(seats)
        self.rng = rng
        self.hands: list = [[] for _ in seats]
        self.collections: list = [[] for _ in seats]
        self.parade: list = []
        self.draw_pile: list = []  # draws pop from the end
        self.first_player = 0
        self.turn = 0
        self.phase = PLAY
        self.final_turns_left = 0
        self.end_reason: Optional[str] = None
        self.kept: list = [None for _ in seats]  # (a, b) once chosen in the keep phase
        self.plays = 0
        self.viewer: Optional[int] = None  # set on views: hidden cards are UNKNOWN

    # -- setup ---------------------------------------------------------------
    @classmethod
    def new(cls, seats: Sequence[Seat], seed: int, options: Optional[dict] = None, deck: Optional[Deck] = None):
        if not 2 <= len(seats) <= 6:
            raise ValueError("Parade is for 2 to 6 players")
        deck = deck or load_deck()
        state = cls(deck, seats, Rng(seed))
        cards = list(range(deck.size))
        state.rng.shuffle(cards)
        state.deal(cards, first_player=state.rng.randrange(len(seats)))
        return state

    def deal(self, order: Sequence[int], first_player: int) -> None:
        """Deal from a known deck order (records replay the same deal)."""
        cards = list(order)
        self.initial_order = list(order)
        n = self.deck.hand_size
        for seat in range(len(self.seats)):
            self.hands[seat] = cards[seat * n:(seat + 1) * n]
        cut = n * len(self.seats)
        self.parade = cards[cut:cut + self.deck.parade_size]
        self.draw_pile = list(reversed(cards[cut + self.deck.parade_size:]))
        self.first_player = self.turn = first_player

    # -- protocol ------------------------------------------------------------
    def current_player(self) -> Optional[int]:
        if self.phase == OVER:
            return None
        return self.turn

    def legal_actions(self) -> list:
        if self.phase == OVER:
            return []
        hand = self.hands[self.turn]
        if self.phase == KEEP:
            return [("keep", a, b) for i, a in enumerate(hand) for b in hand[i + 1:]]
        return [("play", c) for c in hand]

    def apply(self, action: Action) -> list:
        if self.viewer is not None:
            raise IllegalAction("a view cannot be played; determinize it first")
        action = tuple(action)
        if self.phase == OVER:
            raise IllegalAction("the game is over")
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
        if card not in hand:
            raise IllegalAction(f"card {card!r} is not in seat {seat}'s hand")
        taken = cards_taken(self.deck, self.parade, card)
        hand.remove(card)
        if taken:
            gone = set(taken)
            self.parade = [c for c in self.parade if c not in gone]
            self.collections[seat].extend(taken)
        self.parade.append(card)
        self.plays += 1
        events = [{"type": "play", "seat": seat, "card": card, "taken": taken}]
        if self.phase == PLAY:
            if self.draw_pile:
                drawn = self.draw_pile.pop()
                hand.append(drawn)
                events.append({"type": "draw", "seat": seat, "card": drawn})
            reason = None
            if taken and len({self.deck.colour[c] for c in self.collections[seat]}) == len(self.deck.colours):
                reason = "colours"
            elif not self.draw_pile:
                reason = "deck"
            if reason:
                self.phase = FINAL
                self.end_reason = reason
                self.final_turns_left = len(self.seats)
                events.append({"type": "last_round", "reason": reason, "seat": seat})
            self._advance()
        else:
            self.final_turns_left -= 1
            if self.final_turns_left == 0:
                self.phase = KEEP
                self.turn = self.first_player
                events.append({"type": "keep_phase"})
            else:
                self._advance()
        return events

    def _keep(self, a, b) -> list:
        seat = self.turn
        hand = self.hands[seat]
        if a == b or a not in hand or b not in hand:
            raise IllegalAction(f"cards {a!r}, {b!r} are not two cards in seat {seat}'s hand")
        self.kept[seat] = (a, b)
        events = [{"type": "keep", "seat": seat, "cards": [a, b]}]
        self._advance()
        if self.turn == self.first_player:
            for s, (x, y) in enumerate(self.kept):
                discarded = [c for c in self.hands[s] if c not in (x, y)]
                self.collections[s].extend((x, y))
                self.hands[s] = discarded
            self.phase = OVER
            events.append({"type": "game_over"})
        return events

    def _advance(self) -> None:
        self.turn = (self.turn + 1) % len(self.seats)

    def is_over(self) -> bool:
        return self.phase == OVER

    def result(self) -> Result:
        breakdown = score_breakdown(self.deck, self.collections)
        scores = [sum(v["points"] for v in row.values()) for row in breakdown]
        sizes = [len(c) for c in self.collections]
        best = min(zip(scores, sizes))
        winners = [s for s in range(len(self.seats)) if (scores[s], sizes[s]) == best]
        return Result(
            scores=scores,
            winners=winners,
            breakdown=[{k: v["points"] for k, v in row.items()} for row in breakdown],
            lower_is_better=True,
            extra={"colours": breakdown, "cards": sizes},
        )

    def returns(self, seat: int) -> float:
        """Win share, plus a little for beating the others' average score."""
        scores = scores_now(self.deck, self.collections)
        others = [s for i, s in enumerate(scores) if i != seat]
        margin = sum(others) / len(others) - scores[seat]
        share = self.result().win_share(seat) if self.phase == OVER else 0.0
        return 0.75 * share + 0.25 / (1.0 + 2.0 ** (-margin / 4.0))

    def turn_number(self) -> int:
        return self.plays

    def reveals_hidden(self, action: Action) -> bool:
        """A play in the normal phase draws a card; a last keep shows every choice."""
        if self.phase == PLAY:
            return bool(self.draw_pile)
        if self.phase == KEEP:
            return (self.turn + 1) % len(self.seats) == self.first_player
        return False

    # -- hidden information --------------------------------------------------
    def clone(self) -> "ParadeState":
        other = ParadeState.__new__(ParadeState)
        other.__dict__.update(self.__dict__)
        other.hands = [list(h) for h in self.hands]
        other.collections = [list(c) for c in self.collections]
        other.parade = list(self.parade)
        other.draw_pile = list(self.draw_pile)
        other.kept = list(self.kept)
        other.rng = Rng.from_json(self.rng.to_json())
        return other

    def view(self, seat: int) -> "ParadeState":
        """Other hands, their keep choices and the draw pile become UNKNOWN."""
        v = self.clone()
        v.viewer = seat
        v.rng = Rng(0)  # the real generator would predict hidden cards
        v.initial_order = []
        if self.phase != OVER:
            for s in range(len(self.seats)):
                if s != seat:
                    v.hands[s] = [UNKNOWN] * len(self.hands[s])
                    v.kept[s] = None if self.kept[s] is None else (UNKNOWN, UNKNOWN)
            v.draw_pile = [UNKNOWN] * len(self.draw_pile)
        return v

    def unseen_cards(self) -> list:
        """Cards the viewer cannot locate: other hands and the draw pile."""
        seen = set(self.parade)
        for s in range(len(self.seats)):
            seen.update(c for c in self.hands[s] if c != UNKNOWN)
            seen.update(self.collections[s])
        return [c for c in range(self.deck.size) if c not in seen]

    def determinize(self, rng) -> "ParadeState":
        """Fill the UNKNOWN slots with a random arrangement of the unseen cards."""
        full = self.clone()
        full.viewer = None
        pool = self.unseen_cards()
        rng.shuffle(pool)
        it = iter(pool)
        for s in range(len(self.seats)):
            full.hands[s] = [next(it) if c == UNKNOWN else c for c in self.hands[s]]
            if full.kept[s] is not None and UNKNOWN in full.kept[s]:
                full.kept[s] = tuple(full.hands[s][:2])
        full.draw_pile = [next(it) if c == UNKNOWN else c for c in self.draw_pile]
        full.rng = Rng(rng.randrange(2 ** 32))
        return full

    # -- saving --------------------------------------------------------------
    def to_dict(self) -> dict:
        return {
            "game": GAME_ID,
            "version": FORMAT_VERSION,
            "seats": [s.to_dict() for s in self.seats],
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
            "initial_order": list(getattr(self, "initial_order", [])),
            "rng": self.rng.to_json(),
        }

    @classmethod
    def from_dict(cls, data: dict, deck: Optional[Deck] = None) -> "ParadeState":
        if not isinstance(data, dict) or data.get("game") != GAME_ID:
            raise StateFormatError("this is not a Wonderland Parade game")
        if data.get("version") != FORMAT_VERSION:
            raise StateFormatError(f"unsupported Parade state version {data.get('version')!r}")
        try:
            state = cls(deck or load_deck(), [Seat.from_dict(s) for s in data["seats"]], Rng.from_json(data["rng"]))
            n = len(state.seats)
            state.hands = [[int(c) for c in h] for h in data["hands"]]
            state.collections = [[int(c) for c in h] for h in data["collections"]]
            state.parade = [int(c) for c in data["parade"]]
            state.draw_pile = [int(c) for c in data["draw_pile"]]
            state.first_player = int(data["first_player"])
            state.turn = int(data["turn"])
            state.phase = data["phase"]
            state.final_turns_left = int(data["final_turns_left"])
            state.end_reason = data["end_reason"]
            state.kept = [as_action(k) if k else None for k in data["kept"]]
            state.plays = int(data["plays"])
            state.initial_order = [int(c) for c in data.get("initial_order", [])]
        except (KeyError, TypeError, ValueError) as exc:
            raise StateFormatError(f"Parade state is incomplete or damaged ({exc!r})") from None
        state._check(n)
        return state

    def _check(self, n: int) -> None:
        """Every card exactly once, and indices in range: a damaged save is refused."""
        everything = self.parade + self.draw_pile + [c for h in self.hands for c in h] + [c for h in self.collections for c in h]
        if sorted(everything) != list(range(self.deck.size)):
            raise StateFormatError("Parade state does not hold each card exactly once")
        if not (2 <= n <= 6 and len(self.hands) == n and len(self.collections) == n and len(self.kept) == n):
            raise StateFormatError("Parade state has the wrong number of seats")
        if self.phase not in (PLAY, FINAL, KEEP, OVER) or not (0 <= self.turn < n and 0 <= self.first_player < n):
            raise StateFormatError("Parade state has an impossible turn or phase")


def new_state(seats: Sequence[Seat], seed: int, options: Optional[dict] = None) -> ParadeState:
    return ParadeState.new(seats, seed, options)


def from_dict(data: dict) -> ParadeState:
    return ParadeState.from_dict(data)
