"""A game being played: seats, seed, options, the live state and the action log.

The starting state is stored once (its `to_dict`) and every action after it;
loading, undo and replay all rebuild the live state by replaying the log from
that snapshot, so a save is small and can never disagree with the rules.
Undo never crosses an action that revealed hidden information (a draw, the
last keep choice): an "undo barrier" index marks the first undoable action.
"""

from __future__ import annotations

import copy
import hashlib
import json
import secrets
from datetime import datetime
from typing import Optional

from . import registry
from . import savefile as saves  # the format and the autosave (saves.py lists and loads, importing this)
from .game import HUMAN, GameState, IllegalAction, Seat, StateFormatError, as_action


def _now() -> str:
    # Milliseconds: saves made in the same second still list in order.
    return datetime.now().astimezone().isoformat(timespec="milliseconds")


def state_digest(state: GameState) -> str:
    """A fingerprint of a full state; a loaded save must replay to the same one."""
    text = json.dumps(state.to_dict(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _playable(game_id: str):
    try:
        info = registry.get(game_id)
    except KeyError:
        raise ValueError(f"unknown game {game_id!r}") from None
    if not info.available or info.new_state is None or info.from_dict is None:
        raise ValueError(f"the game {game_id!r} is not available yet")
    return info


class Session:
    """One game from its first action to its result; see the module docstring."""

    def __init__(self, game_id: str, seats, seed: Optional[int] = None, options: Optional[dict] = None, *,
                 autosave: bool = True, created: Optional[str] = None, slot: Optional[str] = None,
                 initial: Optional[dict] = None):
        self._info = _playable(game_id)
        self.game_id = game_id
        self.seats = [s if isinstance(s, Seat) else Seat.from_dict(s) for s in seats]
        if not self._info.min_players <= len(self.seats) <= self._info.max_players:
            raise ValueError(f"{game_id} needs {self._info.min_players} to {self._info.max_players} players, "
                             f"not {len(self.seats)}")
        self.seed = secrets.randbelow(2 ** 31) if seed is None else seed
        if not isinstance(self.seed, int) or isinstance(self.seed, bool):
            raise ValueError(f"the seed must be an integer, not {self.seed!r}")
        self.options = dict(options or {})
        self.created = created or _now()
        self.slot = slot
        self.autosave = autosave
        self.autosave_error: Optional[str] = None  # last failed autosave, for the UI to show
        self._autosave_checked = False  # saves.write_autosave looked at the file it replaces
        if initial is None:
            self.state = self._info.new_state(self.seats, self.seed, self.options)
            initial = self.state.to_dict()
        else:
            initial = copy.deepcopy(initial)  # the caller's dict may change later
            self.state = self._info.from_dict(initial)
        self._initial = initial
        self.actions: list = []
        self.actors: list = []  # the seat that chose each action
        self._barrier = 0  # actions before this index can never be undone
        # A match of several games (rematches) counts wins: earlier games' win
        # shares per seat, and how many games they were.
        self.match_wins: list = [0.0] * len(self.seats)
        self.match_games = 0
        # a guided first game (core/tutorial.py): where it is in its script, {"step", "then", "lang"};
        # None for a real game. It has its own autosave, so a lesson never replaces a real game.
        self.tutorial: Optional[dict] = None
        # the seats played from a phone's browser (net/): people, so the engine, undo and the
        # statistics count them as humans; the table shows them no hand and lets no curtain wait
        self.phones: list = []

    @property
    def uid(self) -> str:
        """This game's id, the same in every save of it (its game, start time and seed): the
        statistics count a game once, however often it is finished again from a save."""
        return hashlib.sha256(f"{self.game_id}|{self.created}|{self.seed}".encode("utf-8")).hexdigest()[:16]

    @classmethod
    def new(cls, game_id: str, seats, seed: Optional[int] = None, options: Optional[dict] = None,
            autosave: bool = True) -> "Session":
        return cls(game_id, seats, seed, options, autosave=autosave)

    # -- playing -------------------------------------------------------------
    def apply(self, action) -> list:
        """Apply a legal action (IllegalAction leaves everything unchanged), log it, autosave."""
        try:
            action = as_action(action)
        except StateFormatError as exc:
            raise IllegalAction(str(exc)) from None
        events = self._step(action)
        if self.autosave:
            self._autosave()
        return events

    def _step(self, action: tuple) -> list:
        actor = self.state.current_player()
        reveals = self.state.reveals_hidden(action) if actor is not None else False
        events = self.state.apply(action)
        self.actions.append(action)
        self.actors.append(actor)
        if reveals:
            self._barrier = len(self.actions)
        return events

    def save_dealt(self) -> None:
        """Autosave the game as it stands, before its next move: a table left at once (Esc on its
        first curtain, a Dream table whose roles were all seen) comes back with the same deal,
        and a game just opened from a save is the one Continue resumes."""
        if self.autosave:
            self._autosave()

    def _autosave(self) -> None:
        try:
            saves.write_autosave(self)
            self.autosave_error = None
        except OSError as exc:
            # A full disk must not stop the game; the UI may show this message.
            self.autosave_error = f"autosave failed: {exc.strerror or exc}"

    def undo_targets(self):
        """The indices of the human actions undo can still reach, newest first: each undo takes
        back the first (and the bots' actions after it). A game whose own reports are human
        actions (Dream's sand) looks past them for a real move."""
        for i in range(len(self.actions) - 1, self._barrier - 1, -1):
            actor = self.actors[i]
            if actor is not None and self.seats[actor].kind == HUMAN:
                yield i

    def _undo_target(self) -> Optional[int]:
        return next(self.undo_targets(), None)

    def can_undo(self) -> bool:
        """True when the last human action, and everything after it, revealed nothing hidden."""
        return self._undo_target() is not None

    def undo_seat(self) -> Optional[int]:
        """The seat whose action `undo()` would take back (None: nothing to undo)."""
        target = self._undo_target()
        return None if target is None else self.actors[target]

    def undo_blocker(self) -> Optional[str]:
        """Why nothing can be undone: "revealed" (a human action lies before the barrier, behind
        something hidden that came to light), "nothing" (no human action yet), None (undo works)."""
        if self.can_undo():
            return None
        human = any(a is not None and self.seats[a].kind == HUMAN for a in self.actors[:self._barrier])
        return "revealed" if human else "nothing"

    def undo(self) -> None:
        """Take back the last human action and the bot actions that followed it."""
        target = self._undo_target()
        if target is None:
            raise ValueError("nothing to undo: no human action since hidden information was revealed")
        kept = self.actions[:target]
        self.state = self._info.from_dict(self._initial)
        self.actions, self.actors, self._barrier = [], [], 0
        for action in kept:
            self._step(action)
        if self.autosave:
            self._autosave()

    def rematch(self) -> "Session":
        """The same seats and options with a fresh deal; the match tally goes on."""
        seed = self.seed
        while seed == self.seed:
            seed = secrets.randbelow(2 ** 31)
        fresh = Session(self.game_id, self.seats, seed, self.options, autosave=self.autosave)
        fresh.match_wins, fresh.match_games = self.match_standing()
        fresh.phones = list(self.phones)
        return fresh

    def match_standing(self) -> tuple:
        """(wins per seat, games) of the match so far, this game included once it is over."""
        wins, games = list(self.match_wins), self.match_games
        if self.state.is_over():
            result = self.state.result()
            wins = [w + result.win_share(seat) for seat, w in enumerate(wins)]
            games += 1
        return wins, games

    def initial_state(self) -> GameState:
        """A fresh copy of the starting state (for replays and the log)."""
        return self._info.from_dict(self._initial)

    # -- saving --------------------------------------------------------------
    def to_save(self) -> dict:
        return {
            "format": saves.FORMAT,
            "version": saves.VERSION,
            "game": self.game_id,
            "seats": [s.to_dict() for s in self.seats],
            "seed": self.seed,
            "options": self.options,
            "created": self.created,
            "saved": _now(),
            "slot": self.slot,
            "initial": copy.deepcopy(self._initial),
            "actions": [list(a) for a in self.actions],
            "summary": {
                "turn": self.state.turn_number(),
                "players": [s.name for s in self.seats],
                "over": self.state.is_over(),
            },
            "digest": state_digest(self.state),
            "match": {"wins": list(self.match_wins), "games": self.match_games},
            **({"tutorial": dict(self.tutorial)} if self.tutorial is not None else {}),
            **({"phones": list(self.phones)} if self.phones else {}),
        }

    @classmethod
    def from_save(cls, data: dict, autosave: bool = True) -> "Session":
        """Rebuild a session by replaying the log; anything wrong raises SaveError."""
        data = saves.upgrade(data)
        for key, kind in (("game", str), ("seats", list), ("seed", int), ("options", dict),
                          ("initial", dict), ("actions", list)):
            if key not in data:
                raise saves.SaveError(f"the save is missing its '{key}' field", "invalid")
            if not isinstance(data[key], kind) or isinstance(data[key], bool):
                raise saves.SaveError(f"the save's '{key}' field has the wrong type", "invalid")
        game_id = data["game"]
        try:
            _playable(game_id)
        except ValueError as exc:
            raise saves.SaveError(f"the save is for a game this app cannot play ({exc})", "wrong_game") from None
        if data["initial"].get("game", game_id) != game_id:
            raise saves.SaveError(f"the starting position is for '{data['initial'].get('game')}', "
                                  f"not '{game_id}'", "wrong_game")
        try:
            seats = [Seat.from_dict(s) for s in data["seats"]]
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise saves.SaveError(f"the save's player list is damaged ({exc})", "invalid") from None
        created, slot = data.get("created"), data.get("slot")
        try:
            session = cls(game_id, seats, data["seed"], data["options"], autosave=autosave,
                          created=created if isinstance(created, str) else None,
                          slot=slot if isinstance(slot, str) else None, initial=data["initial"])
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise saves.SaveError(f"the starting position is damaged: {exc}", "invalid") from None
        if list(getattr(session.state, "seats", seats)) != seats:
            raise saves.SaveError("the players in the save do not match its starting position", "invalid")
        session._read_match(data.get("match"))
        session._read_tutorial(data.get("tutorial"))
        session._read_phones(data.get("phones"))
        session._replay(data["actions"])
        digest = data.get("digest")
        if digest is not None and digest != state_digest(session.state):
            raise saves.SaveError("replaying the saved actions does not reproduce the saved game "
                                  "(the file was altered or made with different rules)", "invalid")
        return session

    def _read_match(self, match) -> None:
        """The optional match tally of a save (older saves have none)."""
        if match is None:
            return
        try:
            wins, games = [float(w) for w in match["wins"]], int(match["games"])
        except (KeyError, TypeError, ValueError) as exc:
            raise saves.SaveError(f"the save's match tally is damaged ({exc!r})", "invalid") from None
        if len(wins) != len(self.seats) or games < 0 or min(wins) < 0 or sum(wins) > games + 1e-9:
            raise saves.SaveError("the save's match tally does not fit its players", "invalid")
        self.match_wins, self.match_games = wins, games

    def _read_tutorial(self, tutorial) -> None:
        """A guided game's place in its script (core/tutorial.Lesson checks its range)."""
        if tutorial is None:
            return
        if not isinstance(tutorial, dict) or not isinstance(tutorial.get("step"), int) \
                or isinstance(tutorial.get("step"), bool):
            raise saves.SaveError("the save's lesson step is damaged", "invalid")
        lang = tutorial.get("lang")
        self.tutorial = {"step": tutorial["step"], "then": bool(tutorial.get("then")),
                         **({"lang": lang} if isinstance(lang, str) else {})}

    def _read_phones(self, phones) -> None:
        """The seats played from phones: a damaged list only costs the phones (the seats are
        played on the big screen), never the game."""
        if isinstance(phones, list) and all(type(p) is int and 0 <= p < len(self.seats)
                                            and not self.seats[p].is_bot for p in phones):
            self.phones = sorted(set(phones))

    def _replay(self, actions: list) -> None:
        total = len(actions)
        for number, raw in enumerate(actions, 1):
            try:
                action = as_action(raw)
                if self.state.current_player() is None:
                    raise ValueError("the game was already over")
                self._step(action)
            except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
                raise saves.SaveError(f"action {number} of {total} ({raw!r}) cannot be played: {exc}",
                                      "invalid") from None
