"""Dream Teller (说梦人): the engine state, as pure Python, in both of its modes.

Seats are listed clockwise. A random first dreamer; each round the next seat
clockwise dreams, and there are as many rounds as players. A round:

1. The dreamer's spirit cards (`rules.role_cards`) are shuffled and one is
   dealt to each other seat from the dreamer's left; the card left over is
   never shown, so the state does not even keep it. The top word is revealed.
2. The dream. Each outcome puts the word on the correct pile or the wrong
   pile (a skip counts wrong); the next word is revealed. At time-up the
   dreamer has one last guess on the word in play, where a skip counts on
   neither pile. A spirit's penalty may be given at any time.
3. The story: with at least one correct card, whether it mentioned every
   correct word (+2 for the dreamer). Then the roles are revealed, each seat
   scores (`rules.round_points`) and the next round is dealt.

Table mode (a real table around one screen; the default when every seat is a
person): the table speaks the clues aloud, so the engine only hears the
outcomes. The scene applies `("correct",)`, `("wrong",)`, `("skip",)`,
`("time_up",)`, then `("story", 1 or 0)`, and `("penalty", seat)` whenever
the table gives one. The acting seat is always the dreamer: every outcome is
the dreamer's guess (judged by the spirits), so a hot-seat curtain never
falls between outcomes, and bots are never asked to act for the table.

Bot mode (the default when a seat is a bot): clues and guesses are typed.
From the dreamer's left, clockwise and skipping the dreamer, each spirit in
turn gives `("clue", seat, text)` (one word; whether it is a legal clue is the
clue checker's to say before it is applied: a refused clue is a
`("penalty", seat)` on that turn) or `("pass",)` (the person's short clock ran
out). After each clue the dreamer acts: `("guess", text)` (right when
`matcher(text, word id)`: `same_word` until the lexicon's guess matcher is
passed to `DreamState.new`/`from_dict`), `("skip",)`, or `("listen",)` to hear
the next clue. Clues carry on from the next spirit after
a guess. `clue_limit` clue turns (clues and passes) stand in for the clock
(0: only the clock ends the dream). Clues are public (`clues`: the card's
number in the round, the seat, the text). Free text cannot be listed, so
`legal_actions` lists a menu (each word id as a clue, except the word in play
in any case, and as a guess) and `apply` accepts any other one-word clue and any guess too.

Time is an input: the state keeps `clock`, the seconds left at the scene's last
report. The scene applies `("clock", seconds)` (fewer than now, at least 1)
when it pauses and before it applies an outcome, and `("time_up",)` when the
sand runs out; the log holds them, so a saved round resumes with the time it
had at the last report. Both are legal for whoever is to act; bots never
choose them. The clock only runs down, so a round has finitely many reports.

The deck: `fresh` is the face-down part not seen since the last shuffle (its
order is hidden: a reveal takes a random card of it, as a shuffled deck would);
`used` is the bottom of the deck, where a round's cards go when it ends. When
`fresh` runs out, the deck is exhausted: `used` is reshuffled (a reshuffle has
no chance entry, as in every game), or if it is empty too (a round longer than
the deck), the cards on the table (`cards[table_from:]`; the piles keep their
count) are, as the rule text says for a deck that runs out. The rule text
puts a used card back under the deck after each guess and again "all cards on
the table" at the round's end: both are the same bottom here, so the round's
cards (a dropped last guess too) stay on the table until it ends, which is
also what lets the dreamer's view hide them. Reaching the bottom reshuffles it
rather than bringing back the words in the order they were used.

Chance (core/chance.py, so records are self-contained): `["first", seat]`,
then per round `["role", role]` per spirit from the dreamer's left and
`["word", id]` for every word revealed.

An arranged game (a guided first game's stacked deck): `arranged` maps a kind
of chance ("first", "role", "word") to outcomes fixed in advance, taken in
order before the generator is asked: the first dreamer, the role cards as they
are dealt, the words from the top of the deck. An outcome that cannot be had
when its turn comes (a word already seen) is passed over. The arrangement is
kept in saves, and hidden from every view like the rest of the deck.

Views: a spirit's own role only (the dreamer is public); the dreamer, until
the round ends, sees neither the word in play nor the words of the wrong
pile, and so not the face-down words either (they would give the rest away).
"""

from __future__ import annotations

from collections import Counter
from typing import Callable, Optional, Sequence

from ...core.chance import MASK, ChanceState, Tape, mix
from ...core.game import (Action, GameState, IllegalAction, Result, Seat, StateFormatError, optional_whole,
                          plain, seat_utility, whole, whole_list)
from . import rules
from .rules import DREAMER, MAX_PLAYERS, MIN_PLAYERS, ROLES, SPIRITS

GAME_ID = "dream"
FORMAT_VERSION = 1
TABLE, BOTS = "table", "bots"
DREAM, LAST, STORY, OVER = "dream", "last", "story", "over"
PHASES = (DREAM, LAST, STORY, OVER)
CLUE, GUESS = "clue", "guess"  # bot mode: whom the dream waits for
CORRECT, WRONG, SKIP, DROPPED = "correct", "wrong", "skip", "dropped"  # a card's outcome
OUTCOMES = (CORRECT, WRONG, SKIP, DROPPED)
HIDDEN = "?"
# The box's 38 cards: the deck when no words are given (the registered game gives the lexicon's).
DEFAULT_WORDS = tuple(f"dream{i:02d}" for i in range(1, 39))
ROUND_SECONDS = 120
CLUE_LIMIT = 30  # bot mode: clue turns a round (about one every 4 s of a 2-minute dream)
MAX_TEXT = 40
LANGS = ("zh", "en")  # the clue language (bot mode): what bots say and the clue checker judges
OPTIONS = ("mode", "words", "seconds", "clue_limit", "lang")

CORRECT_A, WRONG_A, SKIP_A = ("correct",), ("wrong",), ("skip",)
TIME_UP, PASS, LISTEN = ("time_up",), ("pass",), ("listen",)
STORIES = [("story", 1), ("story", 0)]
QUIET = ("clue", "pass", "listen", "clock", "penalty", "time_up")  # kinds of action that reveal nothing
Matcher = Callable[[str, str], bool]  # (guess text, word id) -> right?


def same_word(text: str, word: str) -> bool:
    """The stand-in guess matcher: the word id itself, ignoring case (the lexicon's matcher
    adds names and synonyms)."""
    return text.casefold() == word.casefold()


def is_clue_text(text) -> bool:
    """One word: some text without any space (the clue checker judges the rest)."""
    return type(text) is str and 0 < len(text) <= MAX_TEXT and not any(c.isspace() for c in text)


def is_guess_text(text) -> bool:
    return type(text) is str and 0 < len(text) <= MAX_TEXT and text == text.strip()


def read_options(seats: Sequence[Seat], options: Optional[dict]) -> tuple:
    """(mode, words, seconds, clue_limit, lang) from `options`, each checked (ValueError says which).

    `lang` is the language the clues are given in ("zh" unless the app plays in English): the
    scene checks a person's clue in it and the bots speak it; the engine only keeps it."""
    options = dict(options or {})
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise ValueError(f"Dream Teller has no option {unknown[0]!r} (options: {', '.join(OPTIONS)})")
    mode = options.get("mode", BOTS if any(s.is_bot for s in seats) else TABLE)
    if mode not in (TABLE, BOTS):
        raise ValueError(f"mode must be {TABLE!r} or {BOTS!r}, not {mode!r}")
    words = options.get("words", DEFAULT_WORDS)
    if not isinstance(words, (list, tuple)) or not words or not all(map(is_clue_text, words)):
        raise ValueError("words must be a non-empty list of word ids (one word each)")
    if HIDDEN in words or len(set(words)) != len(words):
        raise ValueError(f"words lists a word id twice or {HIDDEN!r}")
    seconds = options.get("seconds", ROUND_SECONDS)
    if type(seconds) is not int or not 10 <= seconds <= 600:
        raise ValueError(f"seconds must be a whole number from 10 to 600, not {seconds!r}")
    limit = options.get("clue_limit", CLUE_LIMIT)
    if type(limit) is not int or not 0 <= limit <= 1000:
        raise ValueError(f"clue_limit must be a whole number from 0 to 1000, not {limit!r}")
    lang = options.get("lang", LANGS[0])
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {LANGS}, not {lang!r}")
    return mode, tuple(words), seconds, limit, lang


class DreamState(ChanceState, GameState):
    game_id = GAME_ID

    def __init__(self, seats: Sequence[Seat], mode: str, words: Sequence[str], seconds: int, clue_limit: int,
                 lang: str = LANGS[0], matcher: Optional[Matcher] = None):
        n = len(seats)
        self.seats = tuple(seats)
        self.seat_data = tuple(s.to_dict() for s in self.seats)  # to_dict's, made once (asdict is slow)
        self.mode = mode
        self.words = tuple(words)
        self.seconds = seconds
        self.clue_limit = clue_limit
        self.lang = lang
        self.matcher = matcher or same_word
        self.seed: Optional[int] = None
        self.rng: Optional[int] = None  # None on views: the words to come are hidden
        self.chance = 0
        self.viewer: Optional[int] = None
        self.first = 0  # the first round's dreamer
        self.round = 0  # rounds finished
        self.phase = DREAM
        self.roles: list = [HIDDEN] * n  # this round's; the dreamer's is DREAMER
        self.fresh: list = sorted(self.words)  # face-down, not seen since the last shuffle (sorted)
        self.used: list = []  # the bottom of the deck (sorted)
        self.current: Optional[str] = None  # the word in play
        self.cards: list = []  # this round's cards: [word, outcome, guess text ("" in table mode)]
        self.table_from = 0  # cards[table_from:] are still on the table
        self.clues: list = []  # this round's clues: [card number, seat, text]
        self.speaker = 0  # bot mode: the spirit to give the next clue
        self.awaiting = CLUE  # bot mode: a clue, or the dreamer's decision
        self.clue_turns = 0
        self.clock = seconds
        self.penalties: list = [0] * n
        self.history: list = []  # finished rounds, all public (see `_end_round`)
        self.arranged: dict = {}  # kind of chance -> the outcomes fixed in advance (see the module docstring)

    # -- setup -----------------------------------------------------------------
    @classmethod
    def new(cls, seats: Sequence[Seat], seed: int, options: Optional[dict] = None,
            tape: Optional[Tape] = None, matcher: Optional[Matcher] = None,
            arranged: Optional[dict] = None) -> "DreamState":
        """A new game; `arranged` stacks its chance (see the module docstring; ValueError if it
        names an outcome this game can never have)."""
        n = len(seats)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise ValueError(f"Dream Teller is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
        state = cls(seats, *read_options(seats, options), matcher=matcher)
        state.seed = seed
        state.rng = mix(int(seed) & MASK)
        state.tape = tape
        state.arranged = _arranged(arranged or {}, n, state.words)
        state.first = state.choose("first", range(n))
        state._start_round([])
        return state

    def choose(self, kind: str, options) -> int:
        """The next arranged outcome of `kind` when it can be had now, else a random one."""
        queue = self.arranged.get(kind)
        while queue:
            value = queue.pop(0)
            if value in options:
                self.chance += 1
                i = options.index(value)
                return options.index(self.taped(kind, value, options)) if self.tape is not None else i
        return super().choose(kind, options)

    def dreamer(self) -> int:
        return (self.first + self.round) % len(self.seats)

    def next_spirit(self, seat: int) -> int:
        """The seat after `seat` clockwise, passing over the dreamer."""
        n = len(self.seats)
        seat = (seat + 1) % n
        return (seat + 1) % n if seat == self.dreamer() else seat

    def _start_round(self, events: list) -> None:
        """Deal the spirit cards from the dreamer's left (the one left over stays unknown), reveal a word."""
        dreamer = self.dreamer()
        cards = rules.role_cards(len(self.seats))
        self.roles = [DREAMER] * len(self.seats)
        seat = self.next_spirit(dreamer)
        for _ in range(len(self.seats) - 1):
            self.roles[seat] = cards.pop(self.choose("role", cards))
            seat = self.next_spirit(seat)
        self.phase, self.awaiting = DREAM, CLUE
        self.cards, self.clues, self.table_from = [], [], 0
        self.speaker, self.clue_turns, self.clock = self.next_spirit(dreamer), 0, self.seconds
        events.append({"type": "round", "round": self.round, "dreamer": dreamer})
        self._reveal(events)

    def _reveal(self, events: list) -> None:
        if not self.fresh:
            if self.used:
                self.fresh, self.used = self.used, []
                events.append({"type": "reshuffle", "cards": len(self.fresh), "table": False})
            else:
                self.fresh = sorted(word for word, _, _ in self.cards[self.table_from:])
                self.table_from = len(self.cards)
                events.append({"type": "reshuffle", "cards": len(self.fresh), "table": True})
        self.current = self.fresh.pop(self.choose("word", self.fresh))
        events.append({"type": "word", "word": self.current, "card": len(self.cards)})

    # -- what a seat can do ----------------------------------------------------
    def current_player(self) -> Optional[int]:
        if self.phase == OVER:
            return None
        if self.mode == BOTS and self.phase == DREAM and self.awaiting == CLUE:
            return self.speaker
        return self.dreamer()

    def _fixed(self) -> list:
        """The legal actions that are not a menu (clocks, penalties, clue and guess texts)."""
        if self.phase == STORY:
            return list(STORIES)
        if self.mode == TABLE:
            return [CORRECT_A, WRONG_A, SKIP_A] + ([TIME_UP] if self.phase == DREAM else [])
        if self.phase == LAST:
            return [SKIP_A]
        return [PASS, TIME_UP] if self.awaiting == CLUE else [SKIP_A, LISTEN, TIME_UP]

    def legal_actions(self) -> list:
        if self.phase == OVER:
            return []
        actions = self._fixed()
        if self.mode == BOTS and self.phase != STORY:
            if self.awaiting == GUESS or self.phase == LAST:
                actions += [("guess", word) for word in self.words]
            else:
                word = self.current.casefold()
                actions += [("clue", self.speaker, w) for w in self.words if w.casefold() != word]
        actions += [("penalty", seat) for seat in self._penalisable()]
        if self.phase == DREAM:
            actions += [("clock", s) for s in range(self.clock - 1, 0, -1)]
        return actions

    def _penalisable(self) -> list:
        """Table mode: anyone, at any time. Bot mode: the spirit whose clue was just refused."""
        if self.mode == TABLE:
            return list(range(len(self.seats)))
        return [self.speaker] if self.phase == DREAM and self.awaiting == CLUE else []

    def _is_legal(self, action: tuple) -> bool:
        """`action in self.legal_actions()`, plus any clue or guess text (see the module docstring)."""
        kind, rest = action[0], action[1:]
        if kind == "clue":
            return (self.mode == BOTS and self.phase == DREAM and self.awaiting == CLUE and len(rest) == 2
                    and rest[0] == self.speaker and is_clue_text(rest[1])
                    and not same_word(rest[1], self.current))  # the word's id in any case: never a clue
        if kind == "guess":
            return (self.mode == BOTS and len(rest) == 1 and is_guess_text(rest[0])
                    and (self.phase == LAST or (self.phase == DREAM and self.awaiting == GUESS)))
        if kind == "clock":
            return self.phase == DREAM and len(rest) == 1 and type(rest[0]) is int and 0 < rest[0] < self.clock
        if kind == "penalty":
            return len(rest) == 1 and type(rest[0]) is int and rest[0] in self._penalisable()
        return action in self._fixed()

    # -- applying --------------------------------------------------------------
    def apply(self, action: Action) -> list:
        """Apply one action; an illegal one raises IllegalAction and changes nothing."""
        if self.viewer is not None:
            raise IllegalAction("a view cannot be played; determinize it first")
        action = tuple(action) if isinstance(action, list) else action
        if type(action) is not tuple or not action or not plain(action) or self.phase == OVER or (
                not self._is_legal(action)):
            raise IllegalAction(f"{action!r} is not legal for seat {self.current_player()} now")
        events: list = []
        kind = action[0]
        if kind == "correct":
            self._outcome(CORRECT, "", events)
        elif kind == "wrong":
            self._outcome(WRONG, "", events)
        elif kind == "skip":
            self._outcome(SKIP if self.phase == DREAM else DROPPED, "", events)
        elif kind == "guess":
            self._outcome(CORRECT if self.matcher(action[1], self.current) else WRONG, action[1], events)
        elif kind == "time_up":
            self._time_up(events)
        elif kind == "clock":
            self.clock = action[1]
            events.append({"type": "clock", "seconds": self.clock})
        elif kind == "penalty":
            self.penalties[action[1]] += 1
            events.append({"type": "penalty", "seat": action[1], "penalties": self.penalties[action[1]]})
        elif kind == "listen":
            self.awaiting = CLUE
            events.append({"type": "listen", "seat": self.dreamer()})
        elif kind == "story":
            self._end_round(action[1] == 1, events)
        else:
            self._clue_turn(action, events)
        return events

    def _clue_turn(self, action: tuple, events: list) -> None:
        """A clue (the dreamer decides next) or a pass; the turn goes to the next spirit."""
        seat = self.speaker
        if action[0] == "clue":
            self.clues.append([len(self.cards), seat, action[2]])
            self.awaiting = GUESS
            events.append({"type": "clue", "seat": seat, "text": action[2], "card": len(self.cards)})
        else:
            events.append({"type": "pass", "seat": seat})
        self.clue_turns += 1
        self.speaker = self.next_spirit(seat)
        if self.clue_turns == self.clue_limit:
            self._time_up(events)

    def _time_up(self, events: list) -> None:
        self.phase, self.clock = LAST, 0
        events.append({"type": "time_up", "word": self.current})

    def _outcome(self, outcome: str, guess: str, events: list) -> None:
        """The word in play onto its pile (or, dropped, onto none); then the next word, or the story."""
        word, self.current = self.current, None
        self.cards.append([word, outcome, guess])
        events.append({"type": "card", "word": word, "outcome": outcome, "guess": guess,
                       "correct": self.pile(CORRECT), "wrong": self.pile(WRONG)})
        if self.phase == DREAM:
            self.awaiting = CLUE
            self._reveal(events)
        elif self.pile(CORRECT):
            self.phase = STORY
            events.append({"type": "story_time", "words": self.correct_words()})
        else:
            self._end_round(False, events)

    def pile(self, which: str) -> int:
        """This round's correct pile or wrong pile (a skip counts wrong)."""
        wanted = (CORRECT,) if which == CORRECT else (WRONG, SKIP)
        return sum(outcome in wanted for _, outcome, _ in self.cards)

    def correct_words(self) -> list:
        return [word for word, outcome, _ in self.cards if outcome == CORRECT]

    def _end_round(self, story_all: bool, events: list) -> None:
        """Score the round, reveal its roles and words (kept in `history`), deal the next or end."""
        correct, wrong = self.pile(CORRECT), self.pile(WRONG)
        scored = [rules.round_points(role, correct, wrong, story_all) for role in self.roles]
        record = {"dreamer": self.dreamer(), "roles": list(self.roles), "cards": [c[:] for c in self.cards],
                  "clues": [c[:] for c in self.clues], "story": story_all,
                  "points": [p for p, _ in scored], "reasons": [r for _, r in scored]}
        self.history.append(record)
        self.used = sorted(self.used + [word for word, _, _ in self.cards[self.table_from:]])
        events.append({"type": "round_end", **{k: record[k] for k in ("dreamer", "roles", "story", "points",
                                                                      "reasons")},
                       "round": self.round, "correct": correct, "wrong": wrong, "totals": self.scores()})
        self.round += 1
        if self.round < len(self.seats):
            self._start_round(events)
            return
        self.phase, self.roles, self.cards, self.clues, self.table_from = OVER, [], [], [], 0
        self.clock = self.clue_turns = 0
        result = self.result()
        events.append({"type": "game_end", "scores": result.scores, "winners": result.winners})

    def reveals_hidden(self, action: Action) -> bool:
        """Every outcome and the story can show something (the next word, a correct word or a
        verdict to the dreamer, the roles); clues, passes, the clock and penalties show nothing."""
        return not (type(action) is tuple and action and action[0] in QUIET)

    # -- scoring ---------------------------------------------------------------
    def breakdown(self, seat: int) -> dict:
        row = dict.fromkeys(rules.BREAKDOWN, 0)
        for record in self.history:
            row[record["roles"][seat]] += record["points"][seat]
        row["penalties"] = -self.penalties[seat]
        return row

    def scores(self) -> list:
        return [sum(self.breakdown(s).values()) for s in range(len(self.seats))]

    def is_over(self) -> bool:
        return self.phase == OVER

    def result(self) -> Result:
        breakdown = [self.breakdown(s) for s in range(len(self.seats))]
        scores = [sum(row.values()) for row in breakdown]
        return Result(scores=scores, winners=rules.winners(scores, self.penalties), breakdown=breakdown,
                      extra={"penalties": list(self.penalties), "rounds": self.round})

    def scores_now(self) -> list:
        return self.scores()

    def returns(self, seat: int) -> float:
        """Win share (at the end), plus a little for leading the others' average score."""
        scores = self.scores()
        winners = rules.winners(scores, self.penalties) if self.is_over() else None
        return seat_utility(seat, scores, winners)

    def turn_number(self) -> int:
        """The round under way, from 1 (a save's "round 2"); the rounds played once over."""
        return self.round + (self.phase != OVER)

    def turns_done(self) -> int:
        return self.round

    # -- hidden information ----------------------------------------------------
    def clone(self) -> "DreamState":
        other = DreamState.__new__(DreamState)
        d = self.__dict__.copy()
        for key in ("roles", "fresh", "used", "penalties", "history"):
            d[key] = d[key][:]
        d["arranged"] = {kind: queue[:] for kind, queue in self.arranged.items()}
        for key in ("cards", "clues"):
            d[key] = [x[:] for x in d[key]]
        other.__dict__ = d
        return other

    def view(self, seat: int) -> "DreamState":
        """Only `seat`'s own role; the dreamer, until the round ends, no word but the correct ones."""
        v = self.clone()
        v.viewer = seat
        v.seed = v.rng = v.tape = None
        v.arranged = {}  # the stacked deck is as hidden as the rest of it
        if self.phase == OVER:
            return v
        v.roles = [role if s == seat or role == DREAMER else HIDDEN for s, role in enumerate(self.roles)]
        if seat == self.dreamer():
            v.current = None if self.current is None else HIDDEN
            v.fresh = [HIDDEN] * len(self.fresh)
            v.cards = [[word if outcome == CORRECT else HIDDEN, outcome, guess]
                       for word, outcome, guess in self.cards]
        return v

    def determinize(self, rng) -> "DreamState":
        """A full state: the hidden roles dealt from the cards not seen, the hidden words from the
        words not seen; a fresh generator."""
        full = self.clone()
        full.viewer = None
        full.rng = rng.getrandbits(64)
        hidden = [s for s, role in enumerate(self.roles) if role == HIDDEN]
        if hidden:
            pool = rules.role_cards(len(self.seats))
            for role in self.roles:
                if role in SPIRITS:
                    pool.remove(role)
            rng.shuffle(pool)
            for seat, role in zip(hidden, pool):
                full.roles[seat] = role
        if self.current == HIDDEN or HIDDEN in self.fresh:
            seen = set(self.used) | {word for word, _, _ in self.cards[self.table_from:]}
            pool = sorted(set(self.words) - seen)
            rng.shuffle(pool)
            for i, card in enumerate(full.cards):
                if card[0] == HIDDEN:
                    source = pool if i >= self.table_from else rng.sample(self.words, len(self.words))
                    card[0] = self._unlike(source, card[2])
            if self.current == HIDDEN:
                full.current = pool.pop()
            full.fresh = sorted(pool)
        return full

    def _unlike(self, pool: list, guess: str) -> str:
        """A word taken from `pool` (from its end) that the wrong `guess` does not name: the
        dreamer told "wrong" knows the word was not what they said."""
        for i in range(len(pool) - 1, -1, -1):
            if not guess or not self.matcher(guess, pool[i]):
                return pool.pop(i)
        return pool.pop()

    # -- saving ----------------------------------------------------------------
    def to_dict(self) -> dict:
        return {"game": GAME_ID, "version": FORMAT_VERSION, "seats": [dict(s) for s in self.seat_data],
                "mode": self.mode, "words": list(self.words), "seconds": self.seconds,
                "clue_limit": self.clue_limit, "lang": self.lang, "seed": self.seed, "rng": self.rng,
                "chance": self.chance,
                "first": self.first, "round": self.round, "phase": self.phase, "roles": list(self.roles),
                "fresh": list(self.fresh), "used": list(self.used), "current": self.current,
                "cards": [list(c) for c in self.cards], "table_from": self.table_from,
                "clues": [list(c) for c in self.clues], "speaker": self.speaker, "awaiting": self.awaiting,
                "clue_turns": self.clue_turns, "clock": self.clock, "penalties": list(self.penalties),
                "history": [_copy_round(r) for r in self.history],
                "arranged": {kind: list(queue) for kind, queue in self.arranged.items()}}

    @classmethod
    def from_dict(cls, data: dict, matcher: Optional[Matcher] = None) -> "DreamState":
        if not isinstance(data, dict) or data.get("game") != GAME_ID:
            raise StateFormatError("this is not a Dream Teller game")
        if data.get("version") != FORMAT_VERSION:
            raise StateFormatError(f"unsupported Dream Teller state version {data.get('version')!r}")
        try:
            seats = [Seat.from_dict(s) for s in data["seats"]]
            options = {k: data[k] for k in OPTIONS}
            state = cls(seats, *read_options(seats, options), matcher=matcher)
            state.seed = optional_whole(data["seed"])
            state.rng = optional_whole(data["rng"])
            for key in ("chance", "first", "round", "table_from", "speaker", "clue_turns", "clock"):
                setattr(state, key, whole(data[key]))
            state.phase, state.awaiting = _one_of(data["phase"], PHASES), _one_of(data["awaiting"], (CLUE, GUESS))
            state.roles = [_one_of(r, ROLES) for r in data["roles"]]
            state.fresh, state.used = _texts(data["fresh"]), _texts(data["used"])
            state.current = None if data["current"] is None else _texts([data["current"]])[0]
            state.cards = [_card(c) for c in data["cards"]]
            state.clues = [_clue(c) for c in data["clues"]]
            state.penalties = whole_list(data["penalties"])
            state.history = [_round(r) for r in data["history"]]
            state.arranged = _arranged(data.get("arranged", {}), len(seats), state.words)  # older saves: none
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise StateFormatError(f"Dream Teller state is incomplete or damaged ({exc!r})") from None
        state._check()
        return state

    def _check(self) -> None:
        """Every word once, a deal of this table's cards, a coherent round: a damaged save is refused."""
        n = len(self.seats)
        problem = None
        over = self.phase == OVER
        on_table = [word for word, _, _ in self.cards[self.table_from:]]
        in_play = [] if self.current is None else [self.current]
        spirits = sorted(r for r in self.roles if r != DREAMER)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS or len(self.penalties) != n or min(self.penalties) < 0:
            problem = "the wrong number of seats or a negative penalty"
        elif Counter(self.fresh + self.used + on_table + in_play) != Counter(self.words) or any(
                x != sorted(x) for x in (self.fresh, self.used)):
            problem = "a deck that does not hold each word exactly once"
        elif not 0 <= self.first < n or len(self.history) != self.round or (over and self.round != n):
            problem = "an impossible round"
        elif not over and (self.round >= n or len(self.roles) != n or self.roles[self.dreamer()] != DREAMER
                           or len(spirits) != n - 1 or Counter(spirits) - Counter(rules.role_cards(n))):
            problem = "roles that are not a deal of this table's spirit cards"
        elif not 0 <= self.table_from <= len(self.cards) or not 0 <= self.clock <= self.seconds or (
                (self.current is None) != (over or self.phase == STORY)):
            problem = "an impossible dream"
        elif not over and (self.speaker == self.dreamer() or not 0 <= self.speaker < n):
            problem = "a clue turn for the dreamer"
        if problem:
            raise StateFormatError(f"Dream Teller state has {problem}")


def _texts(values) -> list:
    if not isinstance(values, list) or not all(type(v) is str for v in values):
        raise TypeError(f"expected a list of text, got {values!r}")
    return list(values)


def _one_of(value, allowed):
    if value not in allowed or type(value) is not str:
        raise ValueError(f"expected one of {allowed}, got {value!r}")
    return value


def _card(value) -> list:
    word, outcome, guess = _texts(value)
    return [word, _one_of(outcome, OUTCOMES), guess]


def _clue(value) -> list:
    if not isinstance(value, list) or len(value) != 3 or type(value[2]) is not str:
        raise TypeError(f"expected a clue, got {value!r}")
    return [whole(value[0]), whole(value[1]), value[2]]


def _arranged(data, players: int, words: Sequence[str]) -> dict:
    """An arrangement checked: each kind's outcomes are ones this game can have."""
    allowed = {"first": range(players), "role": SPIRITS, "word": words}
    if not isinstance(data, dict):
        raise ValueError(f"expected the arranged chance as a mapping, got {data!r}")
    out = {}
    for kind, queue in data.items():
        if kind not in allowed or not isinstance(queue, list):
            raise ValueError(f"arranged chance has no kind {kind!r} (kinds: {', '.join(allowed)})")
        for value in queue:
            if type(value) not in (int, str) or value not in allowed[kind]:
                raise ValueError(f"arranged {kind} {value!r} is not one this game can have")
        out[kind] = list(queue)
    return out


def _copy_round(r: dict) -> dict:
    """A copy of a finished round's plain data (to_dict runs it for every round, so field by field)."""
    return {"dreamer": r["dreamer"], "roles": r["roles"][:], "cards": [c[:] for c in r["cards"]],
            "clues": [c[:] for c in r["clues"]], "story": r["story"], "points": r["points"][:],
            "reasons": r["reasons"][:]}


def _round(data) -> dict:
    """A finished round read from a save, checked."""
    if type(data["story"]) is not bool:
        raise TypeError(f"expected the story as true or false, got {data['story']!r}")
    return {"dreamer": whole(data["dreamer"]), "roles": [_one_of(r, ROLES) for r in data["roles"]],
            "cards": [_card(c) for c in data["cards"]], "clues": [_clue(c) for c in data["clues"]],
            "story": data["story"], "points": whole_list(data["points"]), "reasons": _texts(data["reasons"])}


def new_state(seats: Sequence[Seat], seed: int, options: Optional[dict] = None,
              tape: Optional[Tape] = None) -> DreamState:
    return DreamState.new(seats, seed, options, tape=tape)


def from_dict(data: dict) -> DreamState:
    return DreamState.from_dict(data)
