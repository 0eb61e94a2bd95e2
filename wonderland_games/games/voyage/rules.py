"""World Voyage (世界奇旅) rules, as pure Python.

Seats are listed clockwise, so turn order is seat order from a random first
player; a round ends after the seat before the first player has had its turn.

A turn: up to two actions (repeats allowed), chosen from
- Move ("move", card, city): play an itinerary card to the discard pile and go
  to any city 1..steps routes away, passing or stopping anywhere, occupied or
  not (staying put is not a move).
- Visit ("visit", dest, "card", card) or ("visit", dest, "money"): on the city of
  a displayed destination, pay one itinerary card of its colour or 3 money,
  plus a 1 money crowding fee when another traveller stands in the same
  region (地区, as the rule text says: anywhere in it, not only on that
  city; no money for the fee, no visit). Its points score at once, its reward is
  applied, a souvenir cube of its region goes from the stock to that region's
  supply (if the stock has one), and the display is refilled to 5 from the
  deck (fewer when the deck is empty).
- Collect ("collect",): pay 2 money for one cube from the supply of the region
  you stand in (only when that supply has a cube).
- Buy ("buy", "money"): 3 money for 2 itinerary cards; ("buy", "token"): one
  frequent-flyer token for 1 card. The deck reshuffles its discard pile when
  it runs out; with both empty, buying is not offered.
- Frequent flyer ("flyer",): a token for one extra Move or Visit that does
  not count as one of the two actions (the rule text puts no order on it:
  before, between or after them). It is offered while the player has a token
  and a Move or Visit is possible; the extra action must come next, and the
  token is spent when it is made (ending the turn instead keeps it).
- End ("end",): stop (always offered).
After the second action the turn ends by itself unless a token could still
buy a Move or Visit (then only Frequent flyer and End are offered); a hand
over 7 cards is then cut one ("discard", card) at a time, by its owner,
before the next turn.
No action that cannot be paid for is offered.

Decisions where the rule text leaves a gap (shown on the in-app rules page):
- Regions are the six continents; each has a souvenir colour, a supply (a
  market that starts with 1 cube) and a starting city. Souvenir stock: 9
  cubes per region colour, so cubes in stock + supplies + suitcases = 54.
- Destination colours are four themes, separate from regions: nature (green),
  heritage (red), city (blue), wonder (gold); 12 each, 2 per theme in every
  region. Itinerary cards carry these colours.
- Itinerary cards, per colour: steps 1 x2, 2 x3, 3 x3, 4 x2, plus
  Direct flight: go straight to the city of any displayed destination of the
  card's colour (not the city you are on); and
  Express: move up to 3 steps; your next Move this turn may go 2 steps further.
  The bonus is used up by the next Move of any kind (a flight wastes it) and
  lost at the end of the turn.
- Fares: a plain card played to move pays its traveller money, the shorter the
  hop the more (1 step 4, 2 steps 3, 3 steps 2, 4 steps 1). The rule text says
  some itinerary cards give money; this is the game's only steady income —
  without it money and cards only run down, and bot games ended after ~9
  rounds with about 4 visits each, nearly always because nobody could pay.
- Rewards (half the destinations): money +2/+3, draw 1 card, or souvenirs of
  the destination's region from the stock (as many as it has); every region
  has one landmark giving 1 cube and one giving 2. A reward is applied before
  the visit's cube goes to the region's supply.
- Edition 3 (benchmarks/voyage_balance.py, 1000 Normal games of 3 players):
  with fares one lower and four 1-cube souvenir rewards, souvenir sets gave
  2.7% of the winners' points and 18% of the winners held one; a set costs 6
  money and 3 actions for 4 points, which visits beat, so Normal rightly left
  them (a Normal that valued cubes more won 18.5% against it). Free cubes make
  a set a by-product of visiting a region, and the richer fares leave money
  for the third cube: now 13.2% of the winners' points, 80% of the winners
  hold a set, money is worth 1.6 points to a winner (0.3 before) and 2% of the
  games end stuck (17%). Games begun before edition 3 keep the old numbers.
- The game ends when a round ends and: (a) the destination deck and display
  are empty ("deck"), or (b) no player can pay for a visit any more: every
  player has under 3 money and no card of a displayed colour ("stuck"; the
  rule text names money and cards, so tokens do not count), or (c) ROUND_LIMIT rounds have been played ("rounds").
- Score: destination points; colour sets per colour, by its destinations:
  3 -> 5, 6 -> 12, 9 -> 20, 12 -> 30; each 3 souvenirs of one colour 4; 1 per
  3 money; 1 per unused token. Ties: more destinations, then more souvenir
  sets, then more money, then a shared win.

All chance (the first player, every draw) comes from a SplitMix64 generator
whose whole state is one int in the state, as in Lost in Oz: draws pick a
random card of the face-down pile (the same odds as shuffling), clones are
cheap, a save restores the cards to come and a view drops the generator.
With a tape (core/chance.py) every outcome is also recorded or played back,
which is how a game record replays without the generator (docs/records.md).
"""

from __future__ import annotations

from typing import Optional, Sequence

from ...core.chance import MASK, ChanceState, Tape, mix
from ...core.game import (Action, GameState, IllegalAction, Result, Seat, StateFormatError, optional_whole,
                          plain, seat_utility, whole, whole_list)
from .cards import FLY, Cards, load_cards
from .world import REGION_IDS, World, load_world

GAME_ID = "voyage"
FORMAT_VERSION = 1
# The rules edition a game is played by, kept in its state (a save replays its actions by it):
# 3 brought the fares and rewards of the data files (cards.NUMBERS_EDITION; earlier games keep
# the ones listed there as before_edition_3); 2 charges the crowding fee for a traveller anywhere
# in the region and lets a token buy a Move or Visit after both actions; 1 (states without the
# field: games saved before these changes) charged it for one on the same city, spent the token
# when called on, and ended the turn the moment the second action was done.
EDITION = 3
UNKNOWN = -1  # a hidden card in a view
TURN, DISCARD, OVER = "turn", "discard", "over"
PHASES = (TURN, DISCARD, OVER)
END_DECK, END_STUCK, END_ROUNDS = "deck", "stuck", "rounds"
MIN_PLAYERS, MAX_PLAYERS = 2, 5
ROUND_LIMIT = 12
ACTIONS_PER_TURN = 2
HAND_LIMIT = 7
START_HAND = 5
START_MONEY = 10
START_TOKENS = 2
DISPLAY_SIZE = 5
VISIT_PRICE = 3
CROWDING_FEE = 1
SOUVENIR_PRICE = 2
BUY_PRICE, BUY_CARDS = 3, 2
TOKEN_CARDS = 1
CUBES_PER_COLOUR = 9
SUPPLY_START = 1
SOUVENIR_SET, SOUVENIR_SET_POINTS = 3, 4
MONEY_PER_POINT = 3
SET_BONUS = (0, 5, 12, 20, 30)  # by the number of full sets of 3 destinations of one colour
BREAKDOWN = ("destinations", "colour_sets", "souvenirs", "money", "tokens")
REGION_INDEX = {r: i for i, r in enumerate(REGION_IDS)}
END, COLLECT, FLYER = ("end",), ("collect",), ("flyer",)
BUY_MONEY, BUY_TOKEN = ("buy", "money"), ("buy", "token")


def colour_set_points(count: int) -> int:
    return SET_BONUS[min(count // 3, len(SET_BONUS) - 1)]


def winners_of(keys: Sequence[tuple]) -> list:
    """Seats whose (score, destinations, souvenir sets, money) is best: a tie is a shared win."""
    best = max(keys)
    return [i for i, k in enumerate(keys) if k == best]


class VoyageState(ChanceState, GameState):
    game_id = GAME_ID

    def __init__(self, seats: Sequence[Seat], world: World, cards: Cards):
        n = len(seats)
        self.seats = tuple(seats)
        self.world = world
        self.cards = cards
        self.seed: Optional[int] = None
        self.rng: Optional[int] = None  # None on views: the cards to come are hidden
        self.chance = 0  # counts draws: reveals_hidden compares it
        self.viewer: Optional[int] = None
        self.first = 0
        self.round = 1
        self.current = 0
        self.phase = TURN
        self.actions_left = ACTIONS_PER_TURN
        self.edition = EDITION
        self.flyer_pending = False  # a token was called on: a Move or Visit must come next
        self.bonus = 0  # Express steps waiting for the next Move this turn
        self.positions: list = [""] * n
        self.money: list = [START_MONEY] * n
        self.tokens: list = [START_TOKENS] * n
        self.hands: list = [[] for _ in range(n)]
        self.visited: list = [[] for _ in range(n)]  # destination ids, in visit order
        self.souvenirs: list = [[0] * len(REGION_IDS) for _ in range(n)]  # per region
        self.deck: list = []  # itinerary cards, face down
        self.discard: list = []
        self.dest_deck: list = []
        self.display: list = []  # destination ids face up, slot order kept
        self.stock: list = [CUBES_PER_COLOUR] * len(REGION_IDS)
        self.supply: list = [0] * len(REGION_IDS)
        self.end_reason: Optional[str] = None
        self.setup_events: list = []

    # -- chance ----------------------------------------------------------------
    def draw(self, seat: int, count: int, events: list) -> list:
        """Up to `count` itinerary cards; an empty deck takes over the discard pile first."""
        drawn = []
        for _ in range(count):
            if not self.deck:
                if not self.discard:
                    break
                self.deck, self.discard = self.discard, []
                events.append({"type": "reshuffle", "cards": len(self.deck)})
            deck = self.deck
            i = self.choose("draw", deck)
            deck[i], deck[-1] = deck[-1], deck[i]
            drawn.append(deck.pop())
        self.hands[seat].extend(drawn)
        events.append({"type": "draw", "seat": seat, "cards": drawn})
        return drawn

    def _reveal_destination(self) -> Optional[int]:
        deck = self.dest_deck
        if not deck:
            return None
        i = self.choose("destination", deck)
        deck[i], deck[-1] = deck[-1], deck[i]
        return deck.pop()

    # -- setup -----------------------------------------------------------------
    @classmethod
    def new(cls, seats: Sequence[Seat], seed: int, options: Optional[dict] = None,
            world: Optional[World] = None, cards: Optional[Cards] = None, tape: Optional[Tape] = None) -> "VoyageState":
        """A new game; with a `tape`, every chance outcome is recorded on it or played back from it."""
        options = options or {}
        n = len(seats)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise ValueError(f"World Voyage is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
        starts = options.get("starts")
        starts = [REGION_IDS[i % len(REGION_IDS)] for i in range(n)] if starts is None else list(starts)
        if len(starts) != n or not set(starts) <= set(REGION_IDS):
            raise ValueError(f"starts needs one region per seat from {REGION_IDS}, got {starts!r}")
        state = cls(seats, world or load_world(), cards or load_cards())
        state.seed = seed
        state.rng = mix(int(seed) & MASK)
        state.tape = tape
        state.setup(starts)
        return state

    def setup(self, starts: Sequence[str]) -> None:
        """Display 5 destinations, deal 5 cards each from the first player, travellers on their hubs."""
        events = self.setup_events
        n = len(self.seats)
        self.first = self.current = self.choose("first", range(n))
        self.positions = [self.world.starts[r] for r in starts]
        self.dest_deck = list(self.cards.destination_ids)
        self.deck = list(self.cards.itinerary_ids)
        for i in range(len(REGION_IDS)):
            self.stock[i] -= SUPPLY_START
            self.supply[i] += SUPPLY_START
        self.display = [self._reveal_destination() for _ in range(DISPLAY_SIZE)]
        events.append({"type": "setup", "first": self.first, "positions": list(self.positions),
                       "display": list(self.display)})
        for seat in self.turn_order():
            self.draw(seat, START_HAND, events)
        events.append({"type": "turn", "seat": self.current, "round": self.round})

    def turn_order(self) -> list:
        n = len(self.seats)
        return [(self.first + i) % n for i in range(n)]

    # -- what a seat can do ----------------------------------------------------
    def current_player(self) -> Optional[int]:
        return None if self.phase == OVER else self.current

    def legal_actions(self) -> list:
        if self.phase == TURN:
            seat = self.current
            if not self.actions_left and not self.flyer_pending:  # both done: a token may buy one more
                return [FLYER, END]
            actions = self._move_actions(seat) + self._visit_actions(seat)
            if self.flyer_pending:
                return actions + [END] if self.edition >= 2 else actions
            if actions and self.tokens[seat]:
                actions.append(FLYER)
            if self._can_collect(seat):
                actions.append(COLLECT)
            if self._can_buy(seat, "money"):
                actions.append(BUY_MONEY)
            if self._can_buy(seat, "token"):
                actions.append(BUY_TOKEN)
            actions.append(END)
            return actions
        if self.phase == DISCARD:
            return [("discard", c) for c in self.hands[self.current]]
        return []

    def flight_targets(self, colour: str, here: str) -> list:
        """Cities of displayed destinations of `colour`, other than `here`."""
        dests = self.cards.destinations
        return [d.city for d in (dests[i] for i in self.display) if d.colour == colour and d.city != here]

    def move_targets(self, seat: int, card: int) -> list:
        """Cities `card` can take `seat` to now (for the UI preview and the rules)."""
        it = self.cards.itineraries[card]
        here = self.positions[seat]
        if it.kind == FLY:
            return self.flight_targets(it.colour, here)
        return list(self.world.reachable(here, it.steps + self.bonus))

    def _move_actions(self, seat: int) -> list:
        here, bonus = self.positions[seat], self.bonus
        its, reachable = self.cards.itineraries, self.world.reachable
        actions: list = []
        for card in self.hands[seat]:
            it = its[card]
            if it.kind == FLY:
                targets = self.flight_targets(it.colour, here)
            else:
                targets = reachable(here, it.steps + bonus)
            actions += [("move", card, city) for city in targets]
        return actions

    def visit_fee(self, seat: int) -> int:
        """The crowding fee: due when another traveller stands anywhere in this region."""
        return CROWDING_FEE if self.crowders(seat) else 0

    def crowders(self, seat: int, city: Optional[str] = None) -> list:
        """The other travellers who make a visit from `city` (default: where `seat` stands) cost
        the crowding fee: those in its region (on the city itself in edition 1 saves). The table
        names them, so a player sees why a visit costs more, or will after a planned move."""
        here = self.positions[seat] if city is None else city
        if self.edition < 2:
            return [s for s, p in enumerate(self.positions) if s != seat and p == here]
        region_of = self.world.region_of
        region = region_of[here]
        return [s for s, p in enumerate(self.positions) if s != seat and region_of[p] == region]

    def visitable(self, seat: int) -> Optional[int]:
        """The displayed destination on `seat`'s city, if any."""
        dest = self.cards.dest_at.get(self.positions[seat])
        return dest if dest in self.display else None

    def _visit_actions(self, seat: int) -> list:
        dest = self.visitable(seat)
        if dest is None:
            return []
        fee, money = self.visit_fee(seat), self.money[seat]
        actions: list = []
        if money >= fee:
            colour, its = self.cards.destinations[dest].colour, self.cards.itineraries
            actions = [("visit", dest, "card", c) for c in self.hands[seat] if its[c].colour == colour]
        if money >= VISIT_PRICE + fee:
            actions.append(("visit", dest, "money"))
        return actions

    def _can_collect(self, seat: int) -> bool:
        region = REGION_INDEX[self.world.region_of[self.positions[seat]]]
        return self.supply[region] > 0 and self.money[seat] >= SOUVENIR_PRICE

    def _can_buy(self, seat: int, using: str) -> bool:
        if not (self.deck or self.discard):
            return False
        return self.money[seat] >= BUY_PRICE if using == "money" else self.tokens[seat] > 0

    def can_pay_a_visit(self, seat: int) -> bool:
        """3 money or a card of a displayed colour: what "stuck" rules out. The rule text names
        money and itinerary cards only, so frequent-flyer tokens do not count."""
        if self.money[seat] >= VISIT_PRICE:
            return True
        dests, its = self.cards.destinations, self.cards.itineraries
        shown = {dests[d].colour for d in self.display}
        return any(its[c].colour in shown for c in self.hands[seat])

    # -- applying --------------------------------------------------------------
    def apply(self, action: Action) -> list:
        """Apply one action; an illegal one raises IllegalAction and changes nothing."""
        if self.viewer is not None:
            raise IllegalAction("a view cannot be played; determinize it first")
        if self.phase == OVER:
            raise IllegalAction("the game is over")
        if type(action) is not tuple:
            if not isinstance(action, list):
                raise IllegalAction(f"an action is a tuple, not {action!r}")
            action = tuple(action)
        if not plain(action):
            raise IllegalAction(f"an action holds only text and whole numbers, not {action!r}")
        kind = action[0] if action else None
        seat = self.current
        if self.phase == DISCARD:
            if kind == "discard" and len(action) == 2 and type(action[1]) is int and action[1] in self.hands[seat]:
                return self._discard(seat, action[1])
            raise IllegalAction(f"seat {seat} must discard down to {HAND_LIMIT} cards, not {action!r}")
        acting = self.actions_left > 0 or self.flyer_pending
        if acting and kind == "move" and len(action) == 3 and self._move_legal(seat, action[1], action[2]):
            return self._move(seat, action[1], action[2])
        if acting and kind == "visit" and action in self._visit_actions(seat):
            return self._visit(seat, action)
        if action == END and (self.edition >= 2 or not self.flyer_pending):
            events: list = []
            self._end_turn(seat, events)
            return events
        if not self.flyer_pending:
            if self.actions_left and action == COLLECT and self._can_collect(seat):
                return self._collect(seat)
            if self.actions_left and action in (BUY_MONEY, BUY_TOKEN) and self._can_buy(seat, action[1]):
                return self._buy(seat, action[1])
            if action == FLYER and self._flyer_possible(seat):
                return self._flyer(seat)
        due = " (a frequent-flyer Move or Visit is due)" if self.flyer_pending else ""
        raise IllegalAction(f"{action!r} is not legal for seat {seat} now{due}")

    def _move_legal(self, seat: int, card, city) -> bool:
        if type(card) is not int or card not in self.hands[seat] or city not in self.world.city:
            return False
        it = self.cards.itineraries[card]
        here = self.positions[seat]
        if it.kind == FLY:
            return city in self.flight_targets(it.colour, here)
        return 0 < self.world.dist[here][city] <= it.steps + self.bonus

    def _spend_action(self, seat: int, events: list) -> list:
        """One action done: a flyer's extra action costs its token, not an action. Once both are
        done the turn ends, unless a token could still buy a Move or Visit."""
        if self.flyer_pending:
            self.flyer_pending = False
            if self.edition >= 2:
                self.tokens[seat] -= 1
                events.append({"type": "token_spent", "seat": seat, "tokens": self.tokens[seat]})
        else:
            self.actions_left -= 1
        if self.actions_left == 0 and (self.edition < 2 or not self._flyer_possible(seat)):
            self._end_turn(seat, events)
        return events

    def _flyer_possible(self, seat: int) -> bool:
        if self.edition < 2 and not self.actions_left:
            return False
        return self.tokens[seat] > 0 and bool(self._move_actions(seat) or self._visit_actions(seat))

    def _move(self, seat: int, card: int, city: str) -> list:
        it = self.cards.itineraries[card]
        here = self.positions[seat]
        self.hands[seat].remove(card)
        self.discard.append(card)
        self.positions[seat] = city
        self.bonus = it.bonus
        self.money[seat] += it.money
        if it.kind == FLY:
            event = {"type": "fly", "seat": seat, "card": card, "from": here, "to": city}
        else:
            event = {"type": "move", "seat": seat, "card": card, "from": here, "to": city,
                     "path": self.world.shortest_path(here, city), "bonus": it.bonus, "earned": it.money}
        return self._spend_action(seat, [event])

    def _visit(self, seat: int, action: tuple) -> list:
        dest_id = action[1]
        dest = self.cards.destinations[dest_id]
        fee = self.visit_fee(seat)
        paid = fee
        if action[2] == "card":
            self.hands[seat].remove(action[3])
            self.discard.append(action[3])
        else:
            paid += VISIT_PRICE
        self.money[seat] -= paid
        slot = self.display.index(dest_id)
        self.visited[seat].append(dest_id)
        events = [{"type": "visit", "seat": seat, "dest": dest_id, "city": dest.city, "paid": action[2],
                   "card": action[3] if action[2] == "card" else None, "money": paid, "fee": fee,
                   "points": dest.points}]
        region = REGION_INDEX[dest.region]
        reward = dest.reward
        if reward is not None:
            event = {"type": "reward", "seat": seat, "dest": dest_id, "kind": reward.kind, "amount": reward.amount}
            events.append(event)
            if reward.kind == "money":
                self.money[seat] += reward.amount
            elif reward.kind == "card":
                self.draw(seat, reward.amount, events)
            else:
                given = min(reward.amount, self.stock[region])
                self.stock[region] -= given
                self.souvenirs[seat][region] += given
                event["amount"] = given
        placed = self.stock[region] > 0
        if placed:
            self.stock[region] -= 1
            self.supply[region] += 1
        events.append({"type": "souvenir_placed", "region": dest.region, "placed": placed})
        new = self._reveal_destination()
        if new is None:
            self.display.pop(slot)
        else:
            self.display[slot] = new
        events.append({"type": "refill", "slot": slot, "dest": new})
        return self._spend_action(seat, events)

    def _collect(self, seat: int) -> list:
        region_id = self.world.region_of[self.positions[seat]]
        region = REGION_INDEX[region_id]
        self.money[seat] -= SOUVENIR_PRICE
        self.supply[region] -= 1
        self.souvenirs[seat][region] += 1
        events = [{"type": "collect", "seat": seat, "region": region_id, "money": SOUVENIR_PRICE}]
        return self._spend_action(seat, events)

    def _buy(self, seat: int, using: str) -> list:
        if using == "money":
            self.money[seat] -= BUY_PRICE
            count = BUY_CARDS
        else:
            self.tokens[seat] -= 1
            count = TOKEN_CARDS
        events = [{"type": "buy", "seat": seat, "with": using}]
        self.draw(seat, count, events)
        return self._spend_action(seat, events)

    def _flyer(self, seat: int) -> list:
        self.flyer_pending = True
        if self.edition < 2:
            self.tokens[seat] -= 1
        return [{"type": "flyer", "seat": seat, "tokens": self.tokens[seat]}]

    # -- turn and round end ----------------------------------------------------
    def _end_turn(self, seat: int, events: list) -> None:
        # "idle": a turn ended before any action, which the log says (else it shows nothing)
        idle = self.actions_left == ACTIONS_PER_TURN and not self.flyer_pending
        self.bonus = 0
        self.flyer_pending = False
        self.actions_left = 0
        events.append({"type": "end_turn", "seat": seat, "idle": idle})
        if len(self.hands[seat]) > HAND_LIMIT:
            self.phase = DISCARD
        else:
            self._next_turn(seat, events)

    def _discard(self, seat: int, card: int) -> list:
        self.hands[seat].remove(card)
        self.discard.append(card)
        events = [{"type": "discard", "seat": seat, "card": card}]
        if len(self.hands[seat]) <= HAND_LIMIT:
            self.phase = TURN
            self._next_turn(seat, events)
        return events

    def _next_turn(self, seat: int, events: list) -> None:
        n = len(self.seats)
        if seat == (self.first - 1) % n:
            events.append({"type": "round_end", "round": self.round, "scores": self.scores()})
            reason = self.end_check()
            if reason is not None:
                self.end_reason = reason
                self.phase = OVER
                result = self.result()
                events.append({"type": "game_end", "reason": reason, "rounds": self.round,
                               "winners": result.winners, "scores": result.scores})
                return
            self.round += 1
        self.current = (seat + 1) % n
        self.actions_left = ACTIONS_PER_TURN
        events.append({"type": "turn", "seat": self.current, "round": self.round})

    def end_check(self) -> Optional[str]:
        """Why the game ends at this round end, or None (checked in the order deck, stuck, rounds)."""
        if not self.dest_deck and not self.display:
            return END_DECK
        if not any(self.can_pay_a_visit(s) for s in range(len(self.seats))):
            return END_STUCK
        if self.round >= ROUND_LIMIT:
            return END_ROUNDS
        return None

    # -- scoring ---------------------------------------------------------------
    def breakdown(self, seat: int) -> dict:
        dests = self.cards.destinations
        visited = [dests[d] for d in self.visited[seat]]
        per_colour: dict = {}
        for d in visited:
            per_colour[d.colour] = per_colour.get(d.colour, 0) + 1
        return {
            "destinations": sum(d.points for d in visited),
            "colour_sets": sum(colour_set_points(c) for c in per_colour.values()),
            "souvenirs": self.souvenir_sets(seat) * SOUVENIR_SET_POINTS,
            "money": self.money[seat] // MONEY_PER_POINT,
            "tokens": self.tokens[seat],
        }

    def souvenir_sets(self, seat: int) -> int:
        return sum(c // SOUVENIR_SET for c in self.souvenirs[seat])

    def scores(self) -> list:
        return [sum(self.breakdown(s).values()) for s in range(len(self.seats))]

    def _rank_keys(self, scores: list) -> list:
        return [(scores[s], len(self.visited[s]), self.souvenir_sets(s), self.money[s])
                for s in range(len(self.seats))]

    def is_over(self) -> bool:
        return self.phase == OVER

    def result(self) -> Result:
        n = len(self.seats)
        breakdown = [self.breakdown(s) for s in range(n)]
        scores = [sum(b.values()) for b in breakdown]
        return Result(
            scores=scores,
            winners=winners_of(self._rank_keys(scores)),
            breakdown=breakdown,
            extra={"end": self.end_reason, "rounds": self.round,
                   "destinations": [len(v) for v in self.visited],
                   "souvenir_sets": [self.souvenir_sets(s) for s in range(n)],
                   "money": list(self.money)},
        )

    def returns(self, seat: int) -> float:
        """Win share, plus a little for leading the others' average score."""
        scores = self.scores()
        winners = winners_of(self._rank_keys(scores)) if self.phase == OVER else None
        return seat_utility(seat, scores, winners)

    def turn_number(self) -> int:
        return self.round

    def scores_now(self) -> list:
        """What each seat would score if the journey ended now (money and tokens included)."""
        return self.scores()

    def turns_done(self) -> int:
        """Rounds finished: `round` is the one under way until the game is over."""
        return self.round if self.phase == OVER else max(0, self.round - 1)

    # -- hidden information ----------------------------------------------------
    def clone(self) -> "VoyageState":
        other = VoyageState.__new__(VoyageState)
        d = self.__dict__.copy()
        d["positions"] = self.positions[:]
        d["money"] = self.money[:]
        d["tokens"] = self.tokens[:]
        d["hands"] = [h[:] for h in self.hands]
        d["visited"] = [v[:] for v in self.visited]
        d["souvenirs"] = [s[:] for s in self.souvenirs]
        d["deck"] = self.deck[:]
        d["discard"] = self.discard[:]
        d["dest_deck"] = self.dest_deck[:]
        d["display"] = self.display[:]
        d["stock"] = self.stock[:]
        d["supply"] = self.supply[:]
        other.__dict__ = d
        return other

    def view(self, seat: int) -> "VoyageState":
        """Other hands, the order (and so the content) of both decks and the generator become hidden."""
        v = self.clone()
        v.viewer = seat
        v.seed = v.rng = v.tape = None
        if self.phase != OVER:
            for s, hand in enumerate(self.hands):
                if s != seat:
                    v.hands[s] = [UNKNOWN] * len(hand)
        v.deck = [UNKNOWN] * len(self.deck)
        v.dest_deck = [UNKNOWN] * len(self.dest_deck)
        return v

    def determinize(self, rng) -> "VoyageState":
        """A full state: hidden hands get random unseen cards, the rest form the decks; a fresh generator."""
        full = self.clone()
        full.viewer = None
        full.rng = rng.getrandbits(64)
        seen = set(self.discard).union(*self.hands)
        pool = [c for c in self.cards.itinerary_ids if c not in seen]
        rng.shuffle(pool)
        for s, hand in enumerate(self.hands):
            if hand and hand[0] == UNKNOWN:
                full.hands[s], pool = pool[:len(hand)], pool[len(hand):]
        full.deck = pool
        out = set(self.display).union(*self.visited)
        full.dest_deck = [d for d in self.cards.destination_ids if d not in out]
        return full

    # -- saving ----------------------------------------------------------------
    def to_dict(self) -> dict:
        return {
            "game": GAME_ID,
            "version": FORMAT_VERSION,
            "seats": [s.to_dict() for s in self.seats],
            "seed": self.seed,
            "rng": self.rng,
            "chance": self.chance,
            "first": self.first,
            "round": self.round,
            "current": self.current,
            "phase": self.phase,
            "actions_left": self.actions_left,
            "flyer_pending": self.flyer_pending,
            "bonus": self.bonus,
            "positions": list(self.positions),
            "money": list(self.money),
            "tokens": list(self.tokens),
            "hands": [list(h) for h in self.hands],
            "visited": [list(v) for v in self.visited],
            "souvenirs": [list(s) for s in self.souvenirs],
            "deck": list(self.deck),
            "discard": list(self.discard),
            "dest_deck": list(self.dest_deck),
            "display": list(self.display),
            "stock": list(self.stock),
            "supply": list(self.supply),
            "end_reason": self.end_reason,
        } | ({"edition": self.edition} if self.edition != 1 else {})  # an edition-1 state as it was saved

    @classmethod
    def from_dict(cls, data: dict, world: Optional[World] = None, cards: Optional[Cards] = None) -> "VoyageState":
        if not isinstance(data, dict) or data.get("game") != GAME_ID:
            raise StateFormatError("this is not a World Voyage game")
        if data.get("version") != FORMAT_VERSION:
            raise StateFormatError(f"unsupported World Voyage state version {data.get('version')!r}")
        try:
            seats = [Seat.from_dict(s) for s in data["seats"]]
            edition = whole(data.get("edition", 1))
            state = cls(seats, world or load_world(), cards or load_cards(edition=edition))
            state.edition = edition
            state.seed = optional_whole(data["seed"])
            state.rng = optional_whole(data["rng"])
            state.chance = whole(data["chance"])
            state.first = whole(data["first"])
            state.round = whole(data["round"])
            state.current = whole(data["current"])
            state.phase = data["phase"]
            state.actions_left = whole(data["actions_left"])
            state.flyer_pending = bool(data["flyer_pending"])
            state.bonus = whole(data["bonus"])
            state.positions = [str(p) for p in data["positions"]]
            state.money = whole_list(data["money"])
            state.tokens = whole_list(data["tokens"])
            state.hands = [whole_list(h) for h in data["hands"]]
            state.visited = [whole_list(v) for v in data["visited"]]
            state.souvenirs = [whole_list(s) for s in data["souvenirs"]]
            state.deck = whole_list(data["deck"])
            state.discard = whole_list(data["discard"])
            state.dest_deck = whole_list(data["dest_deck"])
            state.display = whole_list(data["display"])
            state.stock = whole_list(data["stock"])
            state.supply = whole_list(data["supply"])
            state.end_reason = data["end_reason"]
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise StateFormatError(f"World Voyage state is incomplete or damaged ({exc!r})") from None
        state._check()
        return state

    def _check(self) -> None:
        """Every card and cube once, known cities, a coherent phase: a damaged save is refused."""
        n = len(self.seats)
        per_seat = (self.positions, self.money, self.tokens, self.hands, self.visited, self.souvenirs)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS or any(len(x) != n for x in per_seat):
            raise StateFormatError("World Voyage state has the wrong number of seats")
        cards = sorted(self.deck + self.discard + [c for h in self.hands for c in h])
        if cards != list(self.cards.itinerary_ids):
            raise StateFormatError("World Voyage state does not hold each itinerary card exactly once")
        dests = sorted(self.dest_deck + self.display + [d for v in self.visited for d in v])
        if dests != list(self.cards.destination_ids):
            raise StateFormatError("World Voyage state does not hold each destination exactly once")
        r = len(REGION_IDS)
        if len(self.stock) != r or len(self.supply) != r or any(len(s) != r for s in self.souvenirs):
            raise StateFormatError("World Voyage state has the wrong souvenir colours")
        for i in range(r):
            held = self.stock[i] + self.supply[i] + sum(s[i] for s in self.souvenirs)
            if held != CUBES_PER_COLOUR or min([self.stock[i], self.supply[i]] + [s[i] for s in self.souvenirs]) < 0:
                raise StateFormatError("World Voyage state does not hold each souvenir cube exactly once")
        if any(p not in self.world.city for p in self.positions) or min(self.money + self.tokens) < 0:
            raise StateFormatError("World Voyage state has an unknown city or negative money")
        if self.phase not in PHASES or not 0 <= self.first < n or not 0 <= self.current < n:
            raise StateFormatError("World Voyage state has an impossible phase or seat")
        if self.phase == TURN and not (0 < self.actions_left <= ACTIONS_PER_TURN or (
                self.actions_left == 0 and (self.flyer_pending or self._flyer_possible(self.current)))):
            raise StateFormatError("World Voyage state has an impossible action count")
        if not 1 <= self.edition <= EDITION:
            raise StateFormatError(f"World Voyage state has an unknown rules edition {self.edition!r}")
        if self.flyer_pending and self.edition >= 2 and not (self.phase == TURN and self.tokens[self.current] > 0):
            raise StateFormatError("World Voyage state has a frequent-flyer action due without a token")
        if self.phase == DISCARD and len(self.hands[self.current]) <= HAND_LIMIT:
            raise StateFormatError("World Voyage state is waiting for a discard nobody owes")
        if self.end_reason not in (None, END_DECK, END_STUCK, END_ROUNDS) or (self.phase == OVER) != (
                self.end_reason is not None):
            raise StateFormatError("World Voyage state has an impossible end")


def new_state(seats: Sequence[Seat], seed: int, options: Optional[dict] = None,
              tape: Optional[Tape] = None) -> VoyageState:
    return VoyageState.new(seats, seed, options, tape=tape)


def from_dict(data: dict) -> VoyageState:
    return VoyageState.from_dict(data)
