"""Wonderland Valley (仙境幽谷): the engine state, as pure Python.

Seats are listed clockwise; a random first player starts and turns go in seat
order, skipping players whose game has ended. First every player, from the
first player on, decides the free mulligan of the starting hand. A turn is
one action (then whatever it sets off, with its decisions, see resolve.py):

- place a worker `("place", spot)` on a basic location or a revealed forest
  card, or `("place", owner, index)` on the destination card at `index` in
  `owner`'s city (your own, or another's open one whose toll you can pay);
  an exclusive location, a forest card and a city card hold one worker in all,
  a shared location any number;
- play a card `("play", kind, berry, twig, resin, pebble)` paying that bundle
  (one of `rules.payments`: the cost after the city's discounts), or
  `("play", kind, "free")` through an unoccupied copy of its host
  construction, which becomes occupied; not into a full city (15) nor a
  second copy of a unique kind. Travel and production cards resolve their
  effects as they arrive; the city's play bonuses come first;
- prepare for season `("prepare",)`, always open to a player still playing:
  recall every worker, enter the next season, gain its worker, resolve its
  effect (spring and autumn: production; summer: 2 cards), then check its
  basic event. Entering the second winter ends that player's game.

The end (the rule text): when the first player enters the second winter,
every other player still playing gets exactly one more turn (any action;
whoever enters the second winter then stops too), then the game is scored.

Decisions this engine makes where the rule text is silent (DESIGN.md):
- Draws stop at the hand limit (8): the rest is not drawn, so a hand never
  has to be cut down.
- Discarded cards (trades) go to a face-up discard pile; an empty deck takes
  it over (reshuffled) when a card must be drawn. Mulligan discards go back
  into the deck after the new cards are drawn.
- The bank never runs out, so nothing is placed on the spots at setup: every
  spot pays from the supply; the 20 event markers always suffice.
- A departure from the rule text, for fairness: the players after the first
  start with berries by their place in turn order (rules.yaml
  `starting_berries`; the figures are in DESIGN.md).

Solo (one seat): `opponent` is the die-driven Jabberwock of solo.py (its
level from the option `{"opponent": "easy" | "normal" | "hard"}`), None with
more seats. It acts at the end of each of the player's turns but the last,
and recalls its workers when the player prepares; the spots it holds are in
`taken()`. The result: the player wins unless the opponent's total is higher
(`Result.winners` is then empty; `extra["opponent"]` holds that total).

All chance comes from a SplitMix64 generator kept as one int (core/chance.py):
`["first", seat]`, the revealed `["forest", id]`s and `["special", id]`s,
then `["draw", kind]` for every card drawn, the solo opponent's too (a random
card of the face-down pile, the same odds as a shuffle), and `["die", face]` for
every roll of the solo opponent's die. With a tape every outcome is recorded or
played back, so records are self-contained.
"""

from __future__ import annotations

from collections import Counter
from typing import Optional, Sequence

from ...core.chance import MASK, ChanceState, Tape, mix
from ...core.game import (Action, GameState, IllegalAction, Result, Seat, StateFormatError, optional_whole,
                          plain, seat_utility, whole, whole_list)
from . import rules, solo
from .data import SEASON_IDS, Valley, load_valley
from .effects import RESOURCES, Bundle, Spot
from .resolve import Resolver, effect_table, items

GAME_ID = "valley"
FORMAT_VERSION = 1
UNKNOWN = "?"  # a hidden card in a view
MIN_PLAYERS, MAX_PLAYERS = 1, 4
FINAL = len(SEASON_IDS) - 1  # the second winter
PREPARE = ("prepare",)
# The state's lists by what they hold (clone, to_dict and from_dict go through them).
TEXT_LISTS = ("deck", "discard", "forest", "specials")
WHOLE_LISTS = ("tokens", "workers", "season")
TEXT_NESTED = ("hands", "cities", "placed", "claimed")  # one list per seat
WHOLE_NESTED = ("occupied", "resources")


class ValleyState(Resolver, ChanceState, GameState):
    game_id = GAME_ID

    def __init__(self, seats: Sequence[Seat], valley: Valley, starting_hand: int):
        n = len(seats)
        self.seats = tuple(seats)
        self.valley = valley
        self.cards = valley.cards
        self.numbers = valley.numbers
        self.fx = effect_table(valley)
        self.starting_hand = starting_hand
        self.seed: Optional[int] = None
        self.rng: Optional[int] = None  # None on views: the cards to come are hidden
        self.chance = 0
        self.viewer: Optional[int] = None
        self.first = self.current = 0
        self.turns = 0
        self.over = False
        self.endgame = False  # someone has entered the second winter
        self.deck: list = []
        self.discard: list = []
        self.forest: list = []  # revealed forest card ids
        self.specials: list = []  # revealed special event ids
        self.hands: list = [[] for _ in range(n)]
        # the cards each seat drew since it last acted, for its phone to say (a view keeps only its
        # own seat's); not saved: replaying a save's actions makes it again
        self.drawn: list = [[] for _ in range(n)]
        self.cities: list = [[] for _ in range(n)]  # kind ids in play order
        self.occupied: list = [[] for _ in range(n)]  # city indices of hosts a critter came in through
        self.resources: list = [[0] * len(RESOURCES) for _ in range(n)]
        self.tokens: list = [0] * n
        self.workers: list = [self.numbers.start_workers] * n
        self.placed: list = [[] for _ in range(n)]  # spot keys: a board id or "owner/index"
        self.season: list = [0] * n  # index into SEASON_IDS
        self.finished: list = [False] * n
        self.claimed: list = [[] for _ in range(n)]  # basic event ids
        self.queue: list = []
        self.opponent: Optional[solo.Opponent] = None  # solo only
        self.solo: Optional[solo.SoloRules] = None  # the opponent's rules, with it

    # -- setup -----------------------------------------------------------------
    @classmethod
    def new(cls, seats: Sequence[Seat], seed: int, options: Optional[dict] = None,
            valley: Optional[Valley] = None, tape: Optional[Tape] = None) -> "ValleyState":
        valley = valley or load_valley()
        numbers = valley.numbers
        n = len(seats)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise ValueError(f"Wonderland Valley is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
        hand = (options or {}).get("starting_hand", numbers.starting_hand)
        if type(hand) is not int or hand not in numbers.starting_hand_options:
            raise ValueError(f"starting_hand must be one of {list(numbers.starting_hand_options)}, got {hand!r}")
        state = cls(seats, valley, hand)
        if n == 1:
            state.solo = solo.load_solo()
            state.opponent = solo.new_opponent(options, state.solo)
        elif "opponent" in (options or {}):
            raise ValueError("the opponent option is for the solo game (one player)")
        state.seed = seed
        state.rng = mix(int(seed) & MASK)
        state.tape = tape
        state.setup()
        return state

    def setup(self) -> list:
        """The deck, the forest and special events revealed, the hands dealt, the mulligans queued."""
        n = len(self.seats)
        self.first = self.current = self.choose("first", range(n))
        self.deck = sorted(self.cards.deck())
        self.forest = self._reveal("forest", list(self.valley.forest), self.numbers.forest_revealed[n])
        self.specials = self._reveal("special", list(self.valley.special_events),
                                     self.numbers.special_events_revealed)
        events: list = []
        order = self.turn_order()
        for seat, berries in zip(order, self.numbers.starting_berries[n]):
            self.draw(seat, self.starting_hand, events)
            if berries:
                self.gain(seat, [("berry", berries)], events)
        self.queue = [("mulligan", seat) for seat in order]
        self.drawn = [[] for _ in range(n)]  # the deal is no news
        return events

    def _reveal(self, kind: str, pool: list, count: int) -> list:
        shown = []
        for _ in range(count):
            shown.append(pool.pop(self.choose(kind, pool)))
        return shown

    def turn_order(self) -> list:
        n = len(self.seats)
        return [(self.first + i) % n for i in range(n)]

    # -- chance and small gains ------------------------------------------------
    def draw(self, seat: int, count: int, events: list) -> list:
        """Up to `count` cards, never past the hand limit; an empty deck takes over the discard pile.
        The deck is kept sorted: its order never matters (a draw takes a random card of it), and
        a tape names only the kind drawn, so any copy of that kind must leave the same deck."""
        hand = self.hands[seat]
        drawn = []
        for _ in range(min(count, self.numbers.hand_limit - len(hand))):
            card = self.draw_card(events)
            if card is None:
                break
            drawn.append(card)
        hand.extend(drawn)
        self.drawn[seat].extend(drawn)
        events.append({"type": "draw", "seat": seat, "cards": drawn})
        return drawn

    def draw_card(self, events: list) -> Optional[str]:
        """One random card off the deck (None: deck and discard are empty)."""
        if not self.deck:
            if not self.discard:
                return None
            self.deck, self.discard = sorted(self.discard), []
            events.append({"type": "reshuffle", "cards": len(self.deck)})
        return self.deck.pop(self.choose("draw", self.deck))

    def gain(self, seat: int, pairs, events: list) -> None:
        held = self.resources[seat]
        for r, n in pairs:
            held[RESOURCES.index(r)] += n
        events.append({"type": "gain", "seat": seat, "resources": dict(pairs)})

    def score_tokens(self, seat: int, points: int, events: list) -> None:
        self.tokens[seat] += points
        events.append({"type": "points", "seat": seat, "points": points})

    def bundle(self, seat: int) -> Bundle:
        return Bundle(*self.resources[seat])

    # -- what a seat can do ----------------------------------------------------
    def current_player(self) -> Optional[int]:
        if self.over:
            return None
        item = self.decision()
        if item is None:
            return self.current
        return item[1] if item[0] == "mulligan" else item[3]

    def legal_actions(self) -> list:
        if self.over:
            return []
        item = self.decision()
        if item is not None:
            return self.decision_actions(item)
        seat = self.current
        return self.place_actions(seat) + self.play_actions(seat) + [PREPARE]

    def taken(self) -> set:
        """Spots holding a worker (the solo opponent's too)."""
        taken = {spot for spots in self.placed for spot in spots}
        if self.opponent is not None:
            taken.update(self.opponent.workers)
        return taken

    def place_actions(self, seat: int) -> list:
        if len(self.placed[seat]) >= self.workers[seat]:
            return []
        taken = self.taken()
        actions = [("place", loc.id) for loc in self.valley.locations.values()
                   if not (loc.exclusive and loc.id in taken)]
        actions += [("place", f) for f in self.forest if f not in taken]
        for owner, city in enumerate(self.cities):
            for index, kind_id in enumerate(city):
                spot = self.spot_of(kind_id)
                if spot is None or f"{owner}/{index}" in taken:
                    continue
                if owner == seat or (spot.open and self._can_pay(seat, spot.toll)):
                    actions.append(("place", owner, index))
        return actions

    def spot_of(self, kind_id: str) -> Optional[Spot]:
        effects = self.cards.kinds[kind_id].effects
        return effects[0] if effects and type(effects[0]) is Spot else None

    def _can_pay(self, seat: int, cost: Bundle) -> bool:
        held = self.resources[seat]
        return all(held[j] >= cost.get(r) for j, r in enumerate(RESOURCES))

    def play_actions(self, seat: int) -> list:
        actions = []
        for kind_id in dict.fromkeys(self.hands[seat]):
            actions += self.plays_of(seat, kind_id)
        return actions

    def plays_of(self, seat: int, kind_id: str) -> list:
        """The ways to play this card from the hand now: free through its host, or each payment."""
        city, cards = self.cities[seat], self.cards
        if rules.unplayable_reason(kind_id, city, cards, self.numbers.city_limit) is not None:
            return []
        actions = []
        if cards.kinds[kind_id].is_critter and rules.free_host(
                kind_id, city, frozenset(self.occupied[seat]), cards) is not None:
            actions.append(("play", kind_id, "free"))
        return actions + [("play", kind_id, b.berry, b.twig, b.resin, b.pebble)
                          for b in rules.payments(kind_id, city, self.bundle(seat), cards)]

    def _is_legal(self, action: tuple) -> bool:
        """`action in self.legal_actions()`, without listing every card's payments."""
        item = self.decision()
        if item is not None:
            return action in self.decision_actions(item)
        if action == PREPARE:
            return True
        seat = self.current
        if len(action) >= 3 and action[0] == "play" and action[1] in self.hands[seat]:
            return action in self.plays_of(seat, action[1])
        return action in self.place_actions(seat)

    # -- applying --------------------------------------------------------------
    def advance(self, action: Action) -> None:
        """`apply` for a legal action the caller took from `legal_actions` (bots' trials and
        playouts), without checking it again: a fifth of a Normal decision's time, which the
        Suggest button's playouts (ui/hint.py) spend on more samples."""
        if self.viewer is not None or self.over:
            raise IllegalAction("a view or a finished game cannot be played")
        self._carry_out(action)

    def apply(self, action: Action) -> list:
        """Apply one action; an illegal one raises IllegalAction and changes nothing."""
        if self.viewer is not None:
            raise IllegalAction("a view cannot be played; determinize it first")
        if self.over:
            raise IllegalAction("the game is over")
        if type(action) is not tuple:
            if not isinstance(action, list):
                raise IllegalAction(f"an action is a tuple, not {action!r}")
            action = tuple(action)
        if not action or not plain(action) or not self._is_legal(action):
            raise IllegalAction(f"{action!r} is not legal for seat {self.current_player()} now")
        self.drawn[self.current_player()] = []
        return self._carry_out(action)

    def _carry_out(self, action: tuple) -> list:
        """A legal action's changes; its events."""
        events: list = []
        item = self.decision()
        if item is not None:
            self.decide(item, action, events)
            return events
        seat = self.current
        if action == PREPARE:
            self._prepare(seat, events)
        elif action[0] == "place":
            self._place(seat, action[1:], events)
        else:
            self._play(seat, action[1], action[2:], events)
        self.run(events)
        return events

    def _place(self, seat: int, where: tuple, events: list) -> None:
        if len(where) == 1:
            spot_id = where[0]
            self.placed[seat].append(spot_id)
            events.append({"type": "place", "seat": seat, "spot": spot_id})
            place = self.valley.locations.get(spot_id) or self.valley.forest[spot_id]
            work = items(f"board:{spot_id}", place.effects, seat)
        else:
            owner, index = where
            kind_id = self.cities[owner][index]
            spot = self.spot_of(kind_id)
            self.placed[seat].append(f"{owner}/{index}")
            events.append({"type": "place", "seat": seat, "owner": owner, "card": kind_id, "index": index})
            key = f"card:{kind_id}/0"
            work = items(key, spot.effects, seat)
            if owner != seat:
                toll = spot.toll.items()
                if toll:
                    for r, n in toll:
                        self.resources[seat][RESOURCES.index(r)] -= n
                        self.resources[owner][RESOURCES.index(r)] += n
                    events.append({"type": "toll", "seat": seat, "owner": owner, "resources": dict(toll)})
                work += items(f"{key}/owner", spot.owner_gets, owner)
        self.queue = work + [("end_turn", seat)]

    def _play(self, seat: int, kind_id: str, how: tuple, events: list) -> None:
        kind = self.cards.kinds[kind_id]
        city = self.cities[seat]
        self.hands[seat].remove(kind_id)
        if how == ("free",):
            host = rules.free_host(kind_id, city, frozenset(self.occupied[seat]), self.cards)
            self.occupied[seat].append(host)
            paid: dict = {}
        else:
            paid = {r: n for r, n in zip(RESOURCES, how) if n}
            for j, n in enumerate(how):
                self.resources[seat][j] -= n
        work = []
        for k, i, bonus in rules.bonus_sources(kind_id, city, self.cards):
            work += items(f"card:{k}/{i}", bonus.effects, seat)
        city.append(kind_id)
        events.append({"type": "play", "seat": seat, "card": kind_id, "paid": paid, "free": how == ("free",)})
        if kind.role in ("travel", "production"):
            work += items(f"card:{kind_id}", kind.effects, seat)
        self.queue = work + [("end_turn", seat)]

    def _prepare(self, seat: int, events: list) -> None:
        recalled = self.placed[seat]
        self.placed[seat] = []
        self.season[seat] += 1
        season = self.valley.seasons[self.season[seat]]
        self.workers[seat] += season.workers
        events.append({"type": "season", "seat": seat, "season": season.id, "recalled": len(recalled),
                       "workers": self.workers[seat]})
        if self.opponent is not None:
            solo.recall(self, events)
        self.queue = items(f"season:{season.id}", season.effects, seat) + [("event", seat), ("end_turn", seat)]

    def _end_turn(self, seat: int, events: list) -> None:
        """The turn is over: a player in the second winter or on the last turn stops; the next one acts."""
        self.turns += 1
        if self.season[seat] == FINAL or self.endgame:
            self.finished[seat] = True
            events.append({"type": "finished", "seat": seat})
        if self.season[seat] == FINAL:
            self.endgame = True
        if self.opponent is not None and not self.finished[seat]:
            solo.act(self, events)
        n = len(self.seats)
        for step in range(1, n + 1):
            nxt = (seat + step) % n
            if not self.finished[nxt]:
                self.current = nxt
                events.append({"type": "turn", "seat": nxt, "last": self.endgame})
                return
        self.over = True
        result = self.result()
        events.append({"type": "game_end", "scores": result.scores, "winners": result.winners})

    # -- scoring ---------------------------------------------------------------
    def breakdown(self, seat: int) -> dict:
        n = len(self.seats)
        others = [self.holdings(s) for s in range(n) if s != seat]
        basic = sum(self.valley.basic_events[e].points for e in self.claimed[seat])
        specials = [self.valley.special_events[e] for e in self.specials]
        return rules.breakdown(self.holdings(seat), others, self.tokens[seat], basic, specials, self.cards)

    def scores(self) -> list:
        return [sum(self.breakdown(s).values()) for s in range(len(self.seats))]

    def scores_now(self) -> list:
        """Each seat's score were the game scored now: the results chart, turn by turn."""
        return self.scores()

    def is_over(self) -> bool:
        return self.over

    def opponent_breakdown(self) -> dict:
        """The solo opponent's total by part (solo.BREAKDOWN); solo games only."""
        return solo.breakdown(self.opponent, self.cards, UNKNOWN)

    def opponent_score(self) -> int:
        return sum(self.opponent_breakdown().values())

    def winners(self, scores: list) -> list:
        """The tie-breaks of rules.winners; solo: the player, unless the opponent scores more."""
        if self.opponent is not None:
            return [0] if scores[0] >= self.opponent_score() else []
        return rules.winners(scores, [self.holdings(s) for s in range(len(scores))])

    def result(self) -> Result:
        n = len(self.seats)
        breakdown = [self.breakdown(s) for s in range(n)]
        scores = [sum(b.values()) for b in breakdown]
        holdings = [self.holdings(s) for s in range(n)]
        extra = {"resources": [h.resources.total for h in holdings], "city": [len(h.city) for h in holdings],
                 "turns": self.turns}
        if self.opponent is not None:
            extra.update(opponent=self.opponent_score(), opponent_level=self.opponent.level,
                         opponent_name=dict(self.solo.name), opponent_breakdown=self.opponent_breakdown())
        return Result(scores=scores, winners=self.winners(scores), breakdown=breakdown, extra=extra)

    def returns(self, seat: int) -> float:
        """Win share (at the end), plus a little for leading the others' average score
        (solo: the opponent's total)."""
        scores = self.scores()
        winners = self.winners(scores) if self.over else None
        if self.opponent is not None:
            return seat_utility(0, scores + [self.opponent_score()], winners)
        return seat_utility(seat, scores, winners)

    def turn_number(self) -> int:
        return self.turns if self.is_over() else self.turns + 1

    def turns_done(self) -> int:
        return self.turns

    # -- hidden information ----------------------------------------------------
    def clone(self) -> "ValleyState":
        other = ValleyState.__new__(ValleyState)
        d = self.__dict__.copy()
        for key in TEXT_LISTS + WHOLE_LISTS + ("finished", "queue"):
            d[key] = d[key][:]
        for key in TEXT_NESTED + WHOLE_NESTED + ("drawn",):
            d[key] = [x[:] for x in d[key]]
        if self.opponent is not None:
            d["opponent"] = self.opponent.copy()
        other.__dict__ = d
        return other

    def view(self, seat: int) -> "ValleyState":
        """Other hands and draws, and the deck (its order and so its content) become hidden, and the generator."""
        v = self.clone()
        v.drawn = [cards if s == seat else [] for s, cards in enumerate(v.drawn)]
        v.viewer = seat
        v.seed = v.rng = v.tape = None
        if not self.over:
            for s, hand in enumerate(self.hands):
                if s != seat:
                    v.hands[s] = [UNKNOWN] * len(hand)
        v.deck = [UNKNOWN] * len(self.deck)
        return v

    def determinize(self, rng) -> "ValleyState":
        """A full state: hidden hands get random unseen cards, the rest form the deck; a fresh generator."""
        full = self.clone()
        full.viewer = None
        full.rng = rng.getrandbits(64)
        unseen = Counter(self.cards.deck())
        unseen.subtract(self.discard)
        if self.opponent is not None:
            unseen.subtract(self.opponent.pile)
        for cards in (*self.cities, *self.hands):
            unseen.subtract(c for c in cards if c != UNKNOWN)
        pool = sorted(unseen.elements())
        rng.shuffle(pool)
        for s, hand in enumerate(self.hands):
            if hand and hand[0] == UNKNOWN:
                full.hands[s], pool = pool[:len(hand)], pool[len(hand):]
        full.deck = sorted(pool)
        return full

    # -- saving ----------------------------------------------------------------

    def to_dict(self) -> dict:
        data = {"game": GAME_ID, "version": FORMAT_VERSION, "seats": [s.to_dict() for s in self.seats],
                "seed": self.seed, "rng": self.rng, "chance": self.chance, "starting_hand": self.starting_hand,
                "first": self.first, "current": self.current, "turns": self.turns, "over": self.over,
                "endgame": self.endgame, "finished": list(self.finished), "queue": [list(q) for q in self.queue],
                "opponent": None if self.opponent is None else self.opponent.to_dict()}
        for key in TEXT_LISTS + WHOLE_LISTS:
            data[key] = list(getattr(self, key))
        for key in TEXT_NESTED + WHOLE_NESTED:
            data[key] = [list(x) for x in getattr(self, key)]
        return data

    @classmethod
    def from_dict(cls, data: dict, valley: Optional[Valley] = None) -> "ValleyState":
        if not isinstance(data, dict) or data.get("game") != GAME_ID:
            raise StateFormatError("this is not a Wonderland Valley game")
        if data.get("version") != FORMAT_VERSION:
            raise StateFormatError(f"unsupported Wonderland Valley state version {data.get('version')!r}")
        try:
            seats = [Seat.from_dict(s) for s in data["seats"]]
            state = cls(seats, valley or load_valley(), whole(data["starting_hand"]))
            state.seed = optional_whole(data["seed"])
            state.rng = optional_whole(data["rng"])
            for key in ("chance", "first", "current", "turns"):
                setattr(state, key, whole(data[key]))
            state.over, state.endgame = data["over"] is True, data["endgame"] is True
            state.finished = [f is True for f in data["finished"]]
            for key in TEXT_LISTS:
                setattr(state, key, _texts(data[key]))
            for key in WHOLE_LISTS:
                setattr(state, key, whole_list(data[key]))
            for key in TEXT_NESTED:
                setattr(state, key, [_texts(x) for x in data[key]])
            for key in WHOLE_NESTED:
                setattr(state, key, [whole_list(x) for x in data[key]])
            state.queue = [tuple(_plain_item(q)) for q in data["queue"]]
            if len(seats) == 1:
                state.solo = solo.load_solo()
                state.opponent = solo.from_dict(data["opponent"], state.solo)
            elif data.get("opponent") is not None:
                raise ValueError("a solo opponent in a game of several players")
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise StateFormatError(f"Wonderland Valley state is incomplete or damaged ({exc!r})") from None
        state._check()
        return state

    def _check(self) -> None:
        """Every card once, no negative resources or workers, a coherent turn: a damaged save is refused."""
        n = len(self.seats)
        per_seat = (self.hands, self.cities, self.occupied, self.resources, self.placed, self.claimed,
                    self.tokens, self.workers, self.season, self.finished)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS or any(len(x) != n for x in per_seat):
            raise StateFormatError("Wonderland Valley state has the wrong number of seats")
        held = Counter(self.deck + self.discard + (self.opponent.pile if self.opponent else []))
        for cards in (*self.hands, *self.cities):
            held.update(cards)
        if held != Counter(self.cards.deck()) or self.deck != sorted(self.deck):
            raise StateFormatError("Wonderland Valley state does not hold each card exactly once")
        if any(len(r) != len(RESOURCES) or min(r) < 0 for r in self.resources) or min(self.tokens) < 0:
            raise StateFormatError("Wonderland Valley state has negative resources or points")
        if any(not len(p) <= w <= self.numbers.total_workers for p, w in zip(self.placed, self.workers)):
            raise StateFormatError("Wonderland Valley state has an impossible worker count")
        if self.starting_hand not in self.numbers.starting_hand_options:
            raise StateFormatError("Wonderland Valley state has an impossible starting hand")
        if any(not 0 <= s <= FINAL for s in self.season) or not 0 <= self.current < n or not 0 <= self.first < n:
            raise StateFormatError("Wonderland Valley state has an impossible season or seat")
        if not set(self.forest) <= set(self.valley.forest) or not set(self.specials) <= set(
                self.valley.special_events):
            raise StateFormatError("Wonderland Valley state has an unknown forest card or event")
        if self.over != all(self.finished) or (not self.over and self.finished[self.current]):
            raise StateFormatError("Wonderland Valley state has an impossible end")
        problem = self.queue_problem() or self._opponent_problem()
        if problem:
            raise StateFormatError(f"Wonderland Valley state: {problem}")

    def _opponent_problem(self):
        """Why the solo opponent cannot be this game's, or None."""
        if self.opponent is None:
            return None
        held = self.opponent.workers
        spots = [loc for loc, place in self.valley.locations.items() if place.exclusive] + self.forest
        if (len(set(held)) != len(held) or not set(held) <= set(spots) or set(held) & set(self.placed[0])
                or len(held) > self.solo.levels[self.opponent.level].workers or self.opponent.tokens < 0):
            return "the solo opponent holds impossible spots or points"
        return None


def _texts(values) -> list:
    if not isinstance(values, list) or not all(type(v) is str for v in values):
        raise TypeError(f"expected a list of text, got {values!r}")
    return list(values)


def _plain_item(value) -> list:
    if not isinstance(value, list) or not value or not plain(tuple(value)):
        raise TypeError(f"expected a work item, got {value!r}")
    return value


def new_state(seats: Sequence[Seat], seed: int, options: Optional[dict] = None,
              tape: Optional[Tape] = None) -> ValleyState:
    return ValleyState.new(seats, seed, options, tape=tape)


def from_dict(data: dict) -> ValleyState:
    return ValleyState.from_dict(data)
