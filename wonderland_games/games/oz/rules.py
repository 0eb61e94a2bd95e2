"""Lost in Oz (仙境迷踪) rules, as pure Python (rule text 1.1).

Seats are listed clockwise round the table, so "the player to the right"
(counter-clockwise) is the seat before: seat - 1.

A round: the starting player (the Wizard-card holder when the round begins)
rolls every die; the draft gives out direction dice (starting player, then
counter-clockwise) and action dice (the last to take a direction die first,
then clockwise); action phases run from the starting player to the right;
the round end draws, moves the wizard and cuts hands to 3.

A step: the token enters the next cell in its die's direction, the markers
there resolve, then the points fall by 1 and by 1 more for a barrier crossed.
Whether the step passes or stops is settled first: it stops when, after this
step's costs, fewer than 1 point would be left (so it ends the phase).

A spell: the card leaves the hand, its effect resolves, then it goes to the
discard pile (rule text 五.5), so a draw that empties the pile cannot draw the
spell back. Games begun before (rules edition 1: `edition` absent from their
saves and records) discarded it first, and replay so.

Decisions where the rule text leaves a gap (shown on the in-app rules page):
- Tiles: 9 of the 18 are drawn and each is turned a random quarter turn.
- The board edge is a barrier whether or not a purple line is drawn on it:
  crossing it costs exactly 1 extra point, and the token goes to a
  coordinate-dice roll; as anything moved by dice, it resolves nothing there.
- Points may fall below 1 only by a step's own costs (that ends the phase);
  every modifier (Wizard card, guide, spells) keeps them within 1-6, and a
  modifier that could not is not offered.
- Gems in play are the players' own (one per player, as in the box setup).
- The Wizard card may be used any time before the first step of the phase.
  The guide may turn the die to any direction, its own included (spending a
  point to end a path shorter is allowed).
- Taking the Wizard card mid-round makes you the starting player from the
  next round; this round's order stays as drafted.
- A spell may be cast in your own action phase, before the first step or
  between steps, any number of them. We first allowed one per phase; with it
  most cards drawn from books were thrown away at the hand cut (see the rules
  page). Games saved under that limit keep it (`spell_limit`, absent from
  their saves); the option spell_limit=1 plays by it.
- An empty draw pile is refilled by shuffling the discard pile; with both
  empty, nothing is drawn. (The pile is never shuffled in memory: each draw
  picks a random card of it, which gives the same odds.)
- Seats with more than 3 spells at round end discard one card at a time,
  starting player first; when the game is ending there is no cut (it changes
  nothing).

All chance (tiles, draws, dice) comes from a small generator whose whole
state is one int inside the state: clones are free, saves restore the dice
to come, and a view drops it so a bot cannot foresee a roll. Every outcome
also passes a tape when there is one (core/chance.py): that is how a game
record stores them and replays without the generator (docs/records.md).

`apply` gives the events a table animates; `advance(action, events=None)`
plays the same action and builds them only when given a list (bots and
`simulate` call it: a random game spends a quarter of its time on events).
"""

from __future__ import annotations

from operator import attrgetter
from typing import Optional, Sequence

from ...core.chance import MASK, ChanceState, Tape, next_state
from ...core.game import (Action, GameState, IllegalAction, Result, Seat, StateFormatError, optional_whole,
                          plain, seat_utility, whole, whole_list)
from .board import DIRS, ROTATIONS, SIZE, Board, load_tiles
from .spells import DIE, CardSet, load_spells

GAME_ID = "oz"
FORMAT_VERSION = 1
# The rules edition a game is played by, kept in its state (a save replays its actions by it) and
# named in a record's options: 2 discards a cast spell after its effect; 1 (states and records
# without it: games played before) discarded it before, so a draw spell could draw itself back.
EDITION = 2
UNKNOWN = -1  # a hidden card in a view
CHARACTERS = ("lion", "scarecrow", "tinman", "dorothy")
GEM_OF = {"lion": "red", "scarecrow": "yellow", "tinman": "blue", "dorothy": "green"}
COLOURS = ("red", "yellow", "blue", "green")
BOOKS = ((1, 1), (1, 4), (4, 1), (4, 4))  # B2, B5, E2, E5
SETUP_DISCARD, DRAFT_DIR, DRAFT_ACT, ACTION, ROUND_DISCARD, OVER = (
    "setup_discard", "draft_direction", "draft_action", "action", "round_discard", "over")
PHASES = (SETUP_DISCARD, DRAFT_DIR, DRAFT_ACT, ACTION, ROUND_DISCARD, OVER)
TARGET = 20
SETUP_DRAW = 3
HAND_LIMIT = 3
MIN_POINTS, MAX_POINTS = 1, 6
OWN_GEM, OTHER_GEM, WIZARD_VISIT = 2, 1, 1
BREAKDOWN = ("own_gems", "other_gems", "wizard")
STEP = ("step",)
ADJUST_UP, ADJUST_DOWN = ("adjust", 1), ("adjust", -1)
GUIDES = tuple(("guide", d) for d in DIRS)
CELLS = frozenset((x, y) for x in range(SIZE) for y in range(SIZE))
_BOOK_CELLS = frozenset(BOOKS)  # books never move: a step tests this set, views show the list
# player count -> per first seat, the seats in turn order: to the right (round order) and clockwise (action draft)
_TO_THE_RIGHT = tuple(tuple(tuple((first - i) % n for i in range(n)) for first in range(n)) for n in range(5))
_CLOCKWISE = tuple(tuple(tuple((first + i) % n for i in range(n)) for first in range(n)) for n in range(5))


# Listing the legal actions builds no tuples: they come from these tables of shared ones.
class _Untaken(dict):
    """Draft owners (as a tuple) -> the take actions for the dice nobody has taken, built on first use."""

    def __init__(self, kind: str):
        super().__init__()
        self.kind = kind

    def __missing__(self, owners: tuple) -> tuple:
        found = self[owners] = tuple((self.kind, i) for i, o in enumerate(owners) if o is None)
        return found


_UNTAKEN_DIR, _UNTAKEN_ACT = _Untaken("take_dir"), _Untaken("take_act")
_DISCARDS = {c: ("discard", c) for c in range(UNKNOWN, 49)}  # card id -> its discard action
# points -> the Wizard-card holder's adjusts (up while below 6, down while above 1)
_ADJUSTS = {p: (ADJUST_UP,) * (p < MAX_POINTS) + (ADJUST_DOWN,) * (p > MIN_POINTS) for p in range(0, 8)}


def _random_layout(rng: int, tiles: dict) -> tuple:
    """(generator state, 9 (tile id, rotation)): 9 of the tiles in random slots and turns."""
    ids = sorted(tiles)
    for i in range(len(ids) - 1, 0, -1):
        rng, bits = next_state(rng)
        j = bits % (i + 1)
        ids[i], ids[j] = ids[j], ids[i]
    layout = []
    for tid in ids[:9]:
        rng, bits = next_state(rng)
        layout.append((tid, ROTATIONS[bits % 4]))
    return rng, layout


def winners_of(scores: Sequence[int], played: Sequence[int]) -> list:
    """Highest score; ties go to fewer magic cards played; then a shared win."""
    best = max((s, -p) for s, p in zip(scores, played))
    return [i for i, key in enumerate(zip(scores, played)) if (key[0], -key[1]) == best]


# A state's fields, copied by reference in a clone; the lists and dicts below are its own.
_SHARED = ("seats", "board", "cards", "characters", "colours", "seed", "rng", "chance", "viewer", "tape", "tape_at",
           "books", "wizard", "wizard_holder", "round", "phase", "starter", "dir_dice", "act_dice", "acting",
           "points", "adjusted", "moved_this_phase", "cast_this_phase", "spell_limit", "through", "setup_events", "edition")
_LISTS = ("tokens", "scores", "cards_played", "discard", "queue", "dir_owner", "act_owner", "taken_dir",
          "taken_act", "order", "guide_used")
_shared_of = attrgetter(*_SHARED)
_lists_of = attrgetter(*_LISTS)


class OzState(ChanceState, GameState):
    """Fields are slots: a state has more than an instance dict keeps inline (30 in Python 3.11),
    and a method looked up on an object with a full dict is not specialised, which cost a random
    game a tenth of its time (every `state.legal_actions()`, `self.roll_cell()`...)."""

    __slots__ = _SHARED + _LISTS + ("hands", "deck", "gems", "earned")
    game_id = GAME_ID

    def __init__(self, seats: Sequence[Seat], board: Board, cards: CardSet, characters: Sequence[str]):
        n = len(seats)
        self.seats = tuple(seats)
        self.board = board
        self.cards = cards
        self.characters = tuple(characters)
        self.colours = tuple(GEM_OF[c] for c in self.characters)
        self.seed: Optional[int] = None
        self.rng: Optional[int] = None  # None on views: the dice to come are hidden
        self.chance = 0  # counts rolls and draws: reveals_hidden compares it
        self.tape: Optional[Tape] = None  # set on states built from or for a record
        self.tape_at = 0
        self.viewer: Optional[int] = None
        self.tokens: list = [(0, 0)] * n
        self.gems: dict = {}
        self.books: list = list(BOOKS)
        self.wizard: Optional[tuple] = None
        self.wizard_holder = 0
        self.scores: list = [0] * n
        self.earned: list = [[0, 0, 0] for _ in range(n)]  # per seat, points by BREAKDOWN
        self.cards_played: list = [0] * n
        self.hands: list = [[] for _ in range(n)]
        self.deck: list = []  # draws pop from the end
        self.discard: list = []
        self.round = 0
        self.phase = SETUP_DISCARD
        self.starter = 0  # the starting player of this round
        self.queue: list = []  # seats to act in a draft or discard, in order
        self.dir_dice: list = []
        self.act_dice: list = []
        self.dir_owner: list = []  # per die: seat that took it, or None
        self.act_owner: list = []
        self.taken_dir: list = [None] * n
        self.taken_act: list = [None] * n
        self.order: list = []  # action phases still to come this round, acting first
        self.acting: Optional[int] = None
        self.points = 0
        self.guide_used: list = [False] * n
        self.adjusted = False
        self.moved_this_phase = False
        self.cast_this_phase = False
        self.spell_limit = True  # at most one spell per action phase: games saved before it was dropped
        self.through = False  # purple lines free for the rest of the phase (a spell)
        self.edition = EDITION
        self.setup_events: list = []

    # -- chance ----------------------------------------------------------------
    def roll_cell(self) -> tuple:
        """The coordinate dice: a letter die (A-F) and a number die (1-6)."""
        bits = self._bits()
        self.chance += 2
        cell = bits % SIZE, (bits >> 32) % SIZE
        if self.tape is not None:
            cell = self.taped("cell", cell, CELLS)
        return cell

    def draw(self, seat: int, count: int, events: Optional[list]) -> list:
        """Draw up to `count` cards, turning the discard pile into the deck when it runs out
        (events added to `events` unless it is None).

        The deck is a face-down pile whose next card is picked by the dice when
        it is drawn: the same odds as shuffling, and a determinized view need
        not shuffle it.
        """
        drawn = []
        deck = self.deck
        for _ in range(count):
            if not deck:
                if not self.discard:
                    break
                deck = self.deck = self.discard
                self.discard = []
                if events is not None:
                    events.append({"type": "reshuffle", "cards": len(deck)})
            i = self.choose("draw", deck)
            drawn.append(deck[i])
            deck[i] = deck[-1]
            deck.pop()
        self.hands[seat].extend(drawn)
        if events is not None:
            events.append({"type": "draw", "seat": seat, "cards": drawn})
        return drawn

    # -- setup -----------------------------------------------------------------
    @classmethod
    def new(cls, seats: Sequence[Seat], seed: int, options: Optional[dict] = None,
            tiles: Optional[dict] = None, cards: Optional[CardSet] = None, tape: Optional[Tape] = None) -> "OzState":
        """A new game; with a `tape`, every chance outcome is recorded on it or played back from it."""
        options = options or {}
        n = len(seats)
        if not 2 <= n <= 4:
            raise ValueError("Lost in Oz is for 2 to 4 players")
        characters = list(options.get("characters") or CHARACTERS[:n])
        if len(characters) != n or len(set(characters)) != n or not set(characters) <= set(CHARACTERS):
            raise ValueError(f"need {n} different characters from {CHARACTERS}, got {characters!r}")
        spell_limit = options.get("spell_limit", 0)
        if spell_limit not in (0, 1):
            raise ValueError(f"spell_limit must be 1 (one spell per action phase) or 0 (no limit), got {spell_limit!r}")
        edition = options.get("edition", EDITION)
        if type(edition) is not int or not 1 <= edition <= EDITION:
            raise ValueError(f"edition must be a rules edition 1-{EDITION}, got {edition!r}")
        starter = options.get("starting_player", 0)
        if type(starter) is not int or not 0 <= starter < n:
            raise ValueError(f"starting_player must be a seat 0-{n - 1}, got {starter!r}")
        tiles = tiles if tiles is not None else load_tiles()
        cards = cards if cards is not None else load_spells()
        rng, layout = _random_layout(next_state(int(seed) & MASK)[1], tiles)
        state = cls(seats, None, cards, characters)
        state.seed, state.rng, state.tape = seed, rng, tape
        state.spell_limit = bool(spell_limit)
        state.edition = edition
        if tape is not None:
            layout = state._taped_layout(layout, tiles)
        state.board = Board(layout, tiles)
        state.setup(starter)
        return state

    def _taped_layout(self, layout: list, tiles: dict) -> list:
        """The 9 (tile, rotation) through the tape; a recorded board may use each tile once."""
        free = {(tid, r) for tid in tiles for r in ROTATIONS}
        out = []
        for tile in layout:
            tid, rotation = self.taped("tile", tile, free)
            free.difference_update((tid, r) for r in ROTATIONS)
            out.append((tid, rotation))
        return out

    def setup(self, starter: int) -> None:
        """Deck, 3 cards each, the wizard, then each player's token and gem (starting player first)."""
        events = self.setup_events
        self.deck = list(self.cards.spell_ids)
        self.wizard_holder = self.starter = starter
        self.wizard = self.roll_cell()
        events.append({"type": "wizard_move", "seat": starter, "to": self.wizard})
        order = self.turn_order(starter)
        for seat in order:
            self.tokens[seat] = self.roll_cell()
            events.append({"type": "teleport", "seat": seat, "to": self.tokens[seat], "why": "setup"})
            colour = self.colours[seat]
            self.gems[colour] = self.roll_cell()
            events.append({"type": "gem_move", "colour": colour, "to": self.gems[colour]})
        self.gems = {c: self.gems[c] for c in COLOURS if c in self.gems}
        for seat in order:
            self.draw(seat, SETUP_DRAW, events)
        self.queue = order
        self.phase = SETUP_DISCARD

    def turn_order(self, first: int) -> list:
        """`first`, then each player to the right (counter-clockwise)."""
        return list(_TO_THE_RIGHT[len(self.seats)][first])

    def _start_round(self, events: Optional[list]) -> None:
        n = len(self.seats)
        self.round += 1
        self.starter = starter = self.wizard_holder
        choose = self.choose
        dirs = [DIRS[choose("direction", DIRS)] for _ in range(n)]
        dice = [DIE[choose("action", DIE)] for _ in range(n)]
        self.dir_dice, self.act_dice = dirs, dice
        self.dir_owner = [None] * n
        self.act_owner = [None] * n
        self.taken_dir = [None] * n
        self.taken_act = [None] * n
        self.guide_used = [False] * n
        self.queue = self.turn_order(starter)
        self.phase = DRAFT_DIR
        if events is not None:
            events.append({"type": "roll", "seat": starter, "round": self.round,
                           "dir_dice": dirs[:], "act_dice": dice[:]})

    # -- protocol --------------------------------------------------------------
    def current_player(self) -> Optional[int]:
        if self.phase == ACTION:
            return self.acting
        if self.phase == OVER:
            return None
        return self.queue[0]

    def legal_actions(self) -> list:
        phase = self.phase
        if phase == ACTION:  # two thirds of the calls; cast actions come from the spells' tables
            seat, points = self.acting, self.points
            if self.moved_this_phase or self.adjusted or seat != self.wizard_holder:
                actions = [STEP, *GUIDES] if points > 1 and not self.guide_used[seat] else [STEP]
            else:
                adjusts = _ADJUSTS.get(points)
                if adjusts is None:
                    adjusts = (ADJUST_UP,) * (points < MAX_POINTS) + (ADJUST_DOWN,) * (points > MIN_POINTS)
                actions = [STEP, *adjusts]
                if points > 1 and not self.guide_used[seat]:
                    actions += GUIDES
            hand = self.hands[seat]  # empty in 4 of 10 action phase calls of a random game
            if hand and (not self.cast_this_phase or not self.spell_limit):
                builders = self.cards.cast_actions
                for card in hand:
                    actions += builders[card](self, seat, card)
            return actions
        if phase == DRAFT_DIR:
            return list(_UNTAKEN_DIR[tuple(self.dir_owner)])
        if phase == DRAFT_ACT:
            return list(_UNTAKEN_ACT[tuple(self.act_owner)])
        if phase == OVER:
            return []
        hand = self.hands[self.queue[0]]
        try:
            return [_DISCARDS[c] for c in hand]
        except (KeyError, TypeError):
            return [("discard", c) for c in hand]

    def _option_legal(self, action: tuple) -> bool:
        """Whether `action` is one of the adjust and guide actions legal_actions lists."""
        if len(action) != 2 or type(action[0]) is not str:
            return False
        kind, arg = action
        seat, points = self.acting, self.points
        if kind == "adjust":
            return (type(arg) is int and not self.moved_this_phase and not self.adjusted and seat == self.wizard_holder
                    and ((arg == 1 and points < MAX_POINTS) or (arg == -1 and points > MIN_POINTS)))
        return kind == "guide" and type(arg) is str and points > 1 and not self.guide_used[seat] and arg in DIRS

    def _cast_legal(self, action: tuple) -> bool:
        """Whether `action` is one of the cast actions legal_actions lists. Those are shared tuples,
        so one found by identity needs no check that its parts are exactly str or int."""
        card, seat = action[1], self.acting
        if type(card) is not int or card not in self.hands[seat]:
            return False
        listed = self.cards.cast_actions[card](self, seat, card)
        try:
            found = listed[listed.index(action)]
        except ValueError:
            return False
        return found is action or plain(action)

    def apply(self, action: Action) -> list:
        """Apply one action; an illegal one raises IllegalAction and changes nothing."""
        events: list = []
        self.advance(action, events)
        return events

    def advance(self, action: Action, events: Optional[list] = None) -> None:
        """`apply` without the events, unless a list `events` is given to add them to.

        Every random game, bot game and playout comes through here once an action, so the
        common actions come first (a step is found by identity: legal actions are shared
        tuples) and a step, a cast and a draft pick are played out right here."""
        if self.viewer is not None:
            raise IllegalAction("a view cannot be played; determinize it first")
        if type(action) is not tuple:
            if not isinstance(action, (list, tuple)):
                raise IllegalAction(f"an action is a tuple, not {action!r}")
            action = tuple(action)
        phase = self.phase
        if phase == ACTION:
            if action is STEP or action == STEP:
                seat = self.acting
                tokens = self.tokens
                start = tokens[seat]
                d = self.taken_dir[seat]
                target, purple = self.board.moves[start][d]  # as step_preview, inlined: the hottest path
                self.moved_this_phase = True
                if target is None:
                    points = self.points - 2
                    stop = points < MIN_POINTS
                    self.points = points if points > 0 else 0
                    tokens[seat] = cell = self.roll_cell()
                    if events is not None:
                        events.append({"type": "step", "seat": seat, "from": start, "to": None, "dir": d,
                                       "barrier": purple, "edge": True, "cost": 2, "stop": stop})
                        events.append({"type": "teleport", "seat": seat, "to": cell, "why": "edge"})
                else:
                    cost = 2 if purple and not self.through else 1
                    points = self.points - cost
                    stop = points < MIN_POINTS
                    tokens[seat] = target
                    if events is not None:
                        events.append({"type": "step", "seat": seat, "from": start, "to": target, "dir": d,
                                       "barrier": purple, "edge": False, "cost": cost, "stop": stop})
                    # resolve only when something is there; it never changes the points
                    if target in _BOOK_CELLS or target in self.gems.values() or (stop and self.wizard == target):
                        self.resolve(seat, target, stop, events)
                    self.points = points if points > 0 else 0
                if stop:
                    self._end_phase(events)
                return
            kind = action[0] if action else None
            if kind == "cast":
                if len(action) >= 2 and (not self.cast_this_phase or not self.spell_limit) and \
                        self._cast_legal(action):
                    seat, card = self.acting, action[1]
                    self.hands[seat].remove(card)
                    self.cards_played[seat] += 1
                    self.cast_this_phase = True
                    cards = self.cards
                    if self.edition == 1:  # discarded before its effect, as edition 1 games were played
                        self.discard.append(card)
                        cards.effects[card](self, seat, cards.spells[card], action[2:], events)
                    else:
                        cards.effects[card](self, seat, cards.spells[card], action[2:], events)
                        self.discard.append(card)
                    return
            elif self._option_legal(action):
                if kind == "guide":
                    self._guide(action[1], events)
                else:
                    self._adjust(action[1], events)
                return
            raise IllegalAction(f"{action!r} is not legal in seat {self.acting}'s action phase")
        if phase == OVER:
            raise IllegalAction("the game is over")
        if len(action) != 2 or type(action[1]) is not int:
            raise IllegalAction(f"not an action for the {phase} phase: {action!r}")
        kind, index = action
        if phase == DRAFT_DIR and kind == "take_dir":
            dice, owner, taken = self.dir_dice, self.dir_owner, self.taken_dir
        elif phase == DRAFT_ACT and kind == "take_act":
            dice, owner, taken = self.act_dice, self.act_owner, self.taken_act
        elif kind == "discard" and phase in (SETUP_DISCARD, ROUND_DISCARD):
            self._discard(index, events)
            return
        else:
            raise IllegalAction(f"not an action for the {phase} phase: {action!r}")
        queue = self.queue  # a die taken in the draft
        seat = queue[0]
        if not 0 <= index < len(dice) or owner[index] is not None:
            raise IllegalAction(f"die {index!r} is not there to take")
        owner[index] = seat
        taken[seat] = value = dice[index]
        del queue[0]
        if events is not None:
            events.append({"type": "take_die", "seat": seat, "die": "direction" if phase == DRAFT_DIR else "action",
                           "index": index, "value": value})
        if queue:
            return
        n = len(self.seats)
        if phase == DRAFT_DIR:
            self.phase = DRAFT_ACT
            self.queue = list(_CLOCKWISE[n][seat])
        else:
            self.order = list(_TO_THE_RIGHT[n][self.starter])
            self._begin_phase(events)

    # -- action phase ----------------------------------------------------------
    def _begin_phase(self, events: Optional[list]) -> None:
        self.phase = ACTION
        self.acting = seat = self.order[0]
        self.points = self.taken_act[seat]
        self.adjusted = self.moved_this_phase = self.cast_this_phase = self.through = False
        if events is not None:
            events.append({"type": "phase_start", "seat": seat, "dir": self.taken_dir[seat], "points": self.points})

    def _adjust(self, delta: int, events: Optional[list]) -> None:
        before = self.points
        self.points += delta
        self.adjusted = True
        if events is not None:
            events.append({"type": "adjust", "seat": self.acting, "points": [before, self.points]})

    def _guide(self, d: str, events: Optional[list]) -> None:
        seat = self.acting
        before = self.taken_dir[seat]
        self.guide_used[seat] = True
        self.points -= 1
        self.taken_dir[seat] = d
        if events is not None:
            events.append({"type": "guide", "seat": seat, "dir": [before, d], "points": self.points})

    def step_preview(self, seat: Optional[int] = None) -> tuple:
        """(target cell or None past the edge, purple line crossed, cost, stops) of the next step."""
        seat = self.acting if seat is None else seat
        start = self.tokens[seat]
        target, purple = self.board.moves[start][self.taken_dir[seat]]
        cost = 1 + (1 if target is None or (purple and not self.through) else 0)
        return target, purple, cost, self.points - cost < MIN_POINTS

    def resolve(self, seat: int, cell: tuple, stop: bool, events: Optional[list]) -> None:
        """Markers on the cell just entered: wizard (stop only), own gem, other gems, book."""
        if stop and self.wizard == cell:
            self.wizard = None
            before = self.wizard_holder
            self.wizard_holder = seat
            self._score(seat, 2, WIZARD_VISIT)
            if events is not None:
                events.append({"type": "wizard", "seat": seat, "taken": True, "from_seat": before,
                               "points": WIZARD_VISIT})
        gems = self.gems
        if cell in gems.values():
            own = self.colours[seat]
            found = [c for c, at in gems.items() if at == cell]
            if own in found:
                found.remove(own)
                found.insert(0, own)
            for colour in found:
                points = OWN_GEM if colour == own else OTHER_GEM
                self._score(seat, 0 if colour == own else 1, points)
                gems[colour] = self.roll_cell()
                if events is not None:
                    events.append({"type": "gem", "seat": seat, "colour": colour, "points": points,
                                   "to": gems[colour]})
        if cell in _BOOK_CELLS:
            count = 2 if stop else 1
            if events is not None:
                events.append({"type": "book", "seat": seat, "cell": cell, "cards": count, "stop": stop})
            self.draw(seat, count, events)

    def _score(self, seat: int, kind: int, points: int) -> None:
        self.scores[seat] += points
        self.earned[seat][kind] += points

    def _end_phase(self, events: Optional[list]) -> None:
        if events is not None:
            events.append({"type": "phase_end", "seat": self.acting})
        order = self.order
        del order[0]
        self.acting = None
        self.points = 0
        if order:
            self._begin_phase(events)
        else:
            self._end_round(events)

    # -- round end -------------------------------------------------------------
    def _end_round(self, events: Optional[list]) -> None:
        order = _TO_THE_RIGHT[len(self.seats)][self.starter]
        for seat in order:
            self.draw(seat, 1, events)
        before = self.wizard
        self.wizard = self.roll_cell()
        if events is not None:
            events.append({"type": "wizard_move", "seat": self.wizard_holder, "from": before, "to": self.wizard})
            events.append({"type": "round_end", "round": self.round, "scores": list(self.scores)})
        if max(self.scores) >= TARGET:
            self.phase = OVER
            self.queue = []
            if events is not None:
                result = self.result()
                events.append({"type": "game_over", "winners": result.winners, "scores": result.scores})
            return
        hands = self.hands
        self.queue = [s for s in order if len(hands[s]) > HAND_LIMIT]
        if self.queue:
            self.phase = ROUND_DISCARD
        else:
            self._start_round(events)

    def _discard(self, card: int, events: Optional[list]) -> None:
        seat = self.queue[0]
        hand = self.hands[seat]
        if card not in hand:
            raise IllegalAction(f"card {card!r} is not in seat {seat}'s hand")
        hand.remove(card)
        self.discard.append(card)
        if events is not None:
            events.append({"type": "discard", "seat": seat, "card": card})
        if self.phase == SETUP_DISCARD or len(hand) <= HAND_LIMIT:
            self.queue.pop(0)
        if not self.queue:
            self._start_round(events)

    # -- outcome ---------------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == OVER

    def result(self) -> Result:
        return Result(
            scores=list(self.scores),
            winners=winners_of(self.scores, self.cards_played),
            breakdown=[dict(zip(BREAKDOWN, e)) for e in self.earned],
            extra={"cards_played": list(self.cards_played), "rounds": self.round,
                   "characters": list(self.characters)},
        )

    def returns(self, seat: int) -> float:
        """Win share, plus a little for leading the others' average score."""
        winners = winners_of(self.scores, self.cards_played) if self.phase == OVER else None
        return seat_utility(seat, self.scores, winners)

    def turn_number(self) -> int:
        return max(1, self.round)  # the setup's discards belong to the first round

    def scores_now(self) -> list:
        """The points earned so far (Oz scores as it goes)."""
        return list(self.scores)

    def turns_done(self) -> int:
        """Rounds finished: `round` is the one under way until the game is over."""
        return self.round if self.phase == OVER else max(0, self.round - 1)

    # -- hidden information ----------------------------------------------------
    def clone(self) -> "OzState":
        return self._copy(list(map(list.copy, self.hands)), self.deck[:])

    def _copy(self, hands: list, deck: list) -> "OzState":
        """A state with its own lists (`hands` and `deck` as given): a view and a determinized
        state pass the ones they make, so nothing is copied only to be replaced."""
        other = OzState.__new__(OzState)
        for name, value in zip(_SHARED, _shared_of(self)):
            setattr(other, name, value)
        for name, value in zip(_LISTS, _lists_of(self)):
            setattr(other, name, value[:])
        other.hands = hands
        other.deck = deck
        other.gems = self.gems.copy()
        other.earned = list(map(list.copy, self.earned))
        return other

    def view(self, seat: int) -> "OzState":
        """Other hands, the deck order and the dice generator become hidden."""
        shown = self.phase == OVER
        v = self._copy([h[:] if shown or s == seat else [UNKNOWN] * len(h) for s, h in enumerate(self.hands)],
                       [UNKNOWN] * len(self.deck))
        v.viewer = seat
        v.seed = v.rng = v.tape = None
        return v

    def unseen_cards(self) -> list:
        """Spells the viewer cannot locate: other hands and the deck."""
        seen = set(self.discard).union(*self.hands)
        return [c for c in self.cards.spell_ids if c not in seen]

    def determinize(self, rng) -> "OzState":
        """A full state: hidden hands get random unseen cards, the rest is the deck; fresh dice."""
        dice = rng.getrandbits(64)
        pool = self.unseen_cards()
        size, random = len(pool), rng.random
        hands, taken = [], 0
        for hand in self.hands:
            if hand and hand[0] == UNKNOWN:
                for i in range(taken, taken + len(hand)):  # a partial Fisher-Yates shuffle
                    j = i + int(random() * (size - i))
                    pool[i], pool[j] = pool[j], pool[i]
                hands.append(pool[taken:taken + len(hand)])
                taken += len(hand)
            else:
                hands.append(hand[:])
        full = self._copy(hands, pool[taken:])  # the deck's order is no secret: draws pick from it by the dice
        full.viewer = None
        full.rng = dice
        return full

    # -- saving ----------------------------------------------------------------
    def to_dict(self) -> dict:
        return {
            "game": GAME_ID,
            "version": FORMAT_VERSION,
            "seats": [s.to_dict() for s in self.seats],
            "characters": list(self.characters),
            "layout": [list(t) for t in self.board.layout],
            "seed": self.seed,
            "rng": self.rng,
            "chance": self.chance,
            "tokens": [list(t) for t in self.tokens],
            "gems": {c: list(at) for c, at in self.gems.items()},
            "wizard": None if self.wizard is None else list(self.wizard),
            "wizard_holder": self.wizard_holder,
            "scores": list(self.scores),
            "earned": [list(e) for e in self.earned],
            "cards_played": list(self.cards_played),
            "hands": [list(h) for h in self.hands],
            "deck": list(self.deck),
            "discard": list(self.discard),
            "round": self.round,
            "phase": self.phase,
            "starter": self.starter,
            "queue": list(self.queue),
            "dir_dice": list(self.dir_dice),
            "act_dice": list(self.act_dice),
            "dir_owner": list(self.dir_owner),
            "act_owner": list(self.act_owner),
            "taken_dir": list(self.taken_dir),
            "taken_act": list(self.taken_act),
            "order": list(self.order),
            "acting": self.acting,
            "points": self.points,
            "guide_used": list(self.guide_used),
            "adjusted": self.adjusted,
            "moved_this_phase": self.moved_this_phase,
            "cast_this_phase": self.cast_this_phase,
            "through": self.through,
        } | ({} if self.spell_limit else {"spell_limit": False}) \
            | ({"edition": self.edition} if self.edition != 1 else {})  # older games as they were saved

    @classmethod
    def from_dict(cls, data: dict, tiles: Optional[dict] = None, cards: Optional[CardSet] = None) -> "OzState":
        if not isinstance(data, dict) or data.get("game") != GAME_ID:
            raise StateFormatError("this is not a Lost in Oz game")
        if data.get("version") != FORMAT_VERSION:
            raise StateFormatError(f"unsupported Lost in Oz state version {data.get('version')!r}")
        try:
            seats = [Seat.from_dict(s) for s in data["seats"]]
            board = Board([tuple(t) for t in data["layout"]], tiles if tiles is not None else load_tiles())
            state = cls(seats, board, cards if cards is not None else load_spells(), data["characters"])
            state.seed = optional_whole(data["seed"])
            state.rng = optional_whole(data["rng"])
            state.chance = whole(data["chance"])
            state.tokens = [_cell(t) for t in data["tokens"]]
            state.gems = {str(c): _cell(at) for c, at in data["gems"].items()}
            state.wizard = None if data["wizard"] is None else _cell(data["wizard"])
            state.wizard_holder = whole(data["wizard_holder"])
            state.scores = whole_list(data["scores"])
            state.earned = [whole_list(e) for e in data["earned"]]
            state.cards_played = whole_list(data["cards_played"])
            state.hands = [whole_list(h) for h in data["hands"]]
            state.deck = whole_list(data["deck"])
            state.discard = whole_list(data["discard"])
            state.round = whole(data["round"])
            state.phase = data["phase"]
            state.starter = whole(data["starter"])
            state.queue = whole_list(data["queue"])
            state.dir_dice = [str(d) for d in data["dir_dice"]]
            state.act_dice = whole_list(data["act_dice"])
            state.dir_owner = [optional_whole(o) for o in data["dir_owner"]]
            state.act_owner = [optional_whole(o) for o in data["act_owner"]]
            state.taken_dir = [None if d is None else str(d) for d in data["taken_dir"]]
            state.taken_act = [optional_whole(a) for a in data["taken_act"]]
            state.order = whole_list(data["order"])
            state.acting = optional_whole(data["acting"])
            state.points = whole(data["points"])
            state.guide_used = [bool(g) for g in data["guide_used"]]
            state.adjusted = bool(data["adjusted"])
            state.moved_this_phase = bool(data["moved_this_phase"])
            state.cast_this_phase = bool(data["cast_this_phase"])
            state.through = bool(data["through"])
            state.spell_limit = data.get("spell_limit", True)
            if type(state.spell_limit) is not bool:
                raise ValueError(f"spell_limit {state.spell_limit!r}")
            state.edition = data.get("edition", 1)
            if type(state.edition) is not int or not 1 <= state.edition <= EDITION:
                raise ValueError(f"unknown rules edition {state.edition!r}")
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise StateFormatError(f"Lost in Oz state is incomplete or damaged ({exc!r})") from None
        state._check()
        return state

    def _check(self) -> None:
        """Every card once, markers on the board, a coherent phase: a damaged save is refused."""
        n = len(self.seats)
        per_seat = (self.tokens, self.scores, self.earned, self.cards_played, self.hands, self.taken_dir,
                    self.taken_act, self.guide_used)
        if not 2 <= n <= 4 or any(len(x) != n for x in per_seat) or len(self.characters) != n:
            raise StateFormatError("Lost in Oz state has the wrong number of seats")
        if not set(self.characters) <= set(CHARACTERS) or len(set(self.characters)) != n:
            raise StateFormatError("Lost in Oz state has unknown or repeated characters")
        cards = sorted(self.deck + self.discard + [c for h in self.hands for c in h])
        if cards != list(self.cards.spell_ids):
            raise StateFormatError("Lost in Oz state does not hold each magic card exactly once")
        if sorted(self.gems) != sorted(self.colours):
            raise StateFormatError("Lost in Oz state has the wrong gems")
        if self.phase not in PHASES or not 0 <= self.wizard_holder < n or not 0 <= self.starter < n:
            raise StateFormatError("Lost in Oz state has an impossible phase or holder")
        if any(not 0 <= s < n for s in self.queue + self.order) or [sum(e) for e in self.earned] != self.scores:
            raise StateFormatError("Lost in Oz state has impossible seats or scores")
        if self.phase == ACTION and (self.acting not in range(n) or not self.order or self.order[0] != self.acting):
            raise StateFormatError("Lost in Oz state has an impossible action phase")
        if self.phase in (SETUP_DISCARD, DRAFT_DIR, DRAFT_ACT, ROUND_DISCARD) and not self.queue:
            raise StateFormatError("Lost in Oz state is waiting for nobody")


def _cell(value) -> tuple:
    x, y = whole_list(value)
    if not (0 <= x < SIZE and 0 <= y < SIZE):
        raise ValueError(f"cell {value!r} is off the board")
    return x, y


def new_state(seats: Sequence[Seat], seed: int, options: Optional[dict] = None,
              tape: Optional[Tape] = None) -> OzState:
    return OzState.new(seats, seed, options, tape=tape)


def from_dict(data: dict) -> OzState:
    return OzState.from_dict(data)
