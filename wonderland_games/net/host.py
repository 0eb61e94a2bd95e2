"""The table's side of the phones: a secret a phone seat, each seat's latest view, what the phones sent.

Two threads meet here and nowhere else. The server's thread (server.py) looks codes up, hands in
the messages it has checked for shape (`submit`) and reads the latest view text; the game's own
thread calls `sync(session)` every frame, which rebuilds the views after any change and judges
the messages against what each seat was offered, and `take(seat)` for a phone's chosen action.
Only the game's thread touches the session, so a phone's action goes through `Session.apply`
exactly as a click does.

A seat's code is its secret: twelve characters from an alphabet without look-alikes (~59 bits),
new for every game, shown grouped by four ("K7QF-M2XA-9RTD") so it can be typed.
"""

from __future__ import annotations

import json
import secrets
import threading
from collections import deque
from typing import Callable, Optional

from .hands import Typed, seat_view
from .words import words

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"  # no 0/O, 1/I/L
CODE_LENGTH = 12
INBOX = 256  # messages waiting for the game's thread at most; older ones are dropped

WAITING, CONNECTED, RECONNECTING = "waiting", "connected", "reconnecting"
PHONE, TABLE, BOT = "phone", "table", "bot"  # who plays a phone seat now: the host may take it over


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text) -> Optional[str]:
    """A code as typed ("k7qf-m2xa 9rtd") in its stored form, or None if it cannot be one."""
    if not isinstance(text, str) or len(text) > 40:
        return None
    code = text.upper().replace("-", "").replace(" ", "")
    return code if len(code) == CODE_LENGTH and all(c in ALPHABET for c in code) else None


def shown_code(code: str) -> str:
    return "-".join(code[i:i + 4] for i in range(0, len(code), 4))


class PhoneHost:
    """See the module docstring. `seats`: the phone seats; `lang`: a phone's language until it
    says its own."""

    def __init__(self, seats, lang: str = "zh") -> None:
        self.codes = {seat: new_code() for seat in seats}
        self._seat_of = {code: seat for seat, code in self.codes.items()}
        self._lock = threading.Lock()
        self._views: dict = {}  # seat -> the latest view, as JSON text
        self._status = {seat: WAITING for seat in self.codes}
        self._langs = {seat: lang for seat in self.codes}
        self._stale: set = set(self.codes)  # seats whose view must be built again
        self._inbox: deque = deque(maxlen=INBOX)
        self._offers: dict = {}  # seat -> (version, [the actions its choices stand for])
        self._ready: dict = {}  # seat -> the action its phone confirmed
        self.control = {seat: PHONE for seat in self.codes}
        self.version = 0
        self._key = None
        self.notify: Callable = lambda seat, text: None  # the server's: send `text` to `seat`'s phone
        self.changed = False  # a phone's status changed since the table last looked (it redraws)

    # -- the server's thread ----------------------------------------------------------------
    def seat_of(self, code) -> Optional[int]:
        code = normal_code(code)
        return None if code is None else self._seat_of.get(code)

    def view_text(self, seat: int) -> Optional[str]:
        with self._lock:
            return self._views.get(seat)

    def lang(self, seat: int) -> str:
        """The language `seat`'s phone is told in (the table's until the phone says its own)."""
        with self._lock:
            return self._langs[seat]

    def joined(self, seat: int) -> None:
        self._set_status(seat, CONNECTED)

    def left(self, seat: int) -> None:
        self._set_status(seat, RECONNECTING)

    def _set_status(self, seat: int, status: str) -> None:
        with self._lock:
            self._status[seat] = status
            self.changed = True

    def submit(self, seat: int, message: dict) -> None:
        """A message the server checked for shape: {"type": "act", "version", "choice", "text"?}
        (an act may carry "text", for a choice that asks for it) or {"type": "hello", "lang"}."""
        with self._lock:
            self._inbox.append((seat, message))

    # -- the game's thread ------------------------------------------------------------------
    def status(self, seat: int) -> str:
        with self._lock:
            return self._status[seat]

    def set_control(self, seat: int, who: str) -> None:
        """Hand a phone seat to the big screen or a bot, or back to its phone."""
        self.control[seat] = who
        self._ready.pop(seat, None)

    def sync(self, session, moment=None) -> None:
        """After any change to the game (a move, undo, a load, a seat taken over, the table's
        `moment`), every phone gets its new view; then the phones' messages are judged."""
        key = (id(session.state), len(session.actions), tuple(self.control.values()), moment)
        if key != self._key:
            self._key = key
            self.version += 1  # only a change of the game makes a new version: a choice of the
            self._stale.update(self.codes)  # old one is refused, one of a re-told view is not
            self._ready.clear()
        with self._lock:
            inbox = list(self._inbox)
            self._inbox.clear()
        for seat, message in inbox:
            if message["type"] == "hello" and message["lang"] != self._langs[seat]:
                self._langs[seat] = message["lang"]
                self._stale.add(seat)
        if self._stale:
            self._publish(session.state, sorted(self._stale), moment)
        for seat, message in inbox:
            if message["type"] != "hello":
                self._judge(seat, message)

    def _publish(self, state, seats: list, moment) -> None:
        self._stale.clear()
        for seat in seats:
            view, actions = seat_view(state, seat, words(self._langs[seat]), self.version,
                                      playing=self.control[seat] == PHONE, moment=moment)
            self._offers[seat] = (self.version, actions)
            text = json.dumps(view, ensure_ascii=False, separators=(",", ":"))
            with self._lock:
                self._views[seat] = text
            self.notify(seat, text)

    def _judge(self, seat: int, message: dict) -> None:
        version, actions = self._offers.get(seat, (None, []))
        if message["version"] != version:
            return self._error(seat, "stale")  # the table moved on: the new view is on its way
        if not 0 <= message["choice"] < len(actions) or self.control[seat] != PHONE:
            return self._error(seat, "bad_choice")
        action = actions[message["choice"]]
        if isinstance(action, Typed):  # text to make the action
            if not message.get("text", "").strip():
                return self._error(seat, "bad_text")
            action, note = action.fill(message["text"], words(self._langs[seat]))
            if note:
                self.notify(seat, json.dumps({"type": "error", "error": "note", "message": note}, ensure_ascii=False))
            if action is None:
                return None if note else self._error(seat, "bad_text")
        self._ready[seat] = action

    def _error(self, seat: int, code: str) -> None:
        self.notify(seat, error_text(code, self._langs[seat]))

    def offers(self, seat: int) -> bool:
        """Whether `seat`'s phone has a move to choose now (Dream's table mode offers none)."""
        return bool(self._offers.get(seat, (None, []))[1])

    def take(self, seat: int):
        """The action `seat`'s phone confirmed for the view on show, or None (not yet)."""
        return self._ready.pop(seat, None)


def error_text(code: str, lang: str) -> str:
    """An error reply for a phone, in its language."""
    return json.dumps({"type": "error", "error": code, "message": words(lang).t(f"phone.errors.{code}")},
                      ensure_ascii=False)
