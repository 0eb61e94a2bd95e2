"""A table's phones: the host and server for its phone seats (net/), from the table's side.

Started with the table when its game has phone seats and stopped when the table closes. Every
frame `update(session)` tells the phones about any change and takes in what they sent; the
table asks `who(seat)` who plays a phone seat now (its phone, the big screen, or a bot: the
host hands it over from the Phones box, scenes/phones.py) and `take(seat)` for a phone's move.
If the server cannot listen (the port is taken, no network), the seats are played on the big
screen and `error` says why.
"""

from __future__ import annotations

from typing import Optional

from ..net.host import PHONE, TABLE, PhoneHost
from ..net.server import PhoneServer


class PhoneLink:
    def __init__(self, session, lang: str, port: int = 8765, bind: str = "0.0.0.0") -> None:
        self.seats = list(session.phones)
        self.host = PhoneHost(self.seats, lang)
        self.server = PhoneServer(self.host, session.game_id, port=port, bind=bind)
        self.error: Optional[str] = None
        try:
            self.server.start()
        except OSError as exc:
            self.error = str(exc)
            for seat in self.seats:
                self.host.set_control(seat, TABLE)
        self._seen = None  # the statuses the table last drew

    def who(self, seat: int) -> Optional[str]:
        """PHONE, TABLE or BOT for a phone seat; None for any other seat."""
        return self.host.control.get(seat)

    def remote(self, seat: int) -> bool:
        """Played away from the big screen (its phone, or a bot standing in)."""
        return self.who(seat) not in (None, TABLE)

    def hand(self, seat: int, who: str) -> None:
        if self.error is None or who != PHONE:
            self.host.set_control(seat, who)

    def update(self, session, moment=None) -> bool:
        """Tell the phones, hear them; True when what the table shows of them changed."""
        self.host.sync(session, moment)
        seen = tuple((self.host.status(s), self.who(s)) for s in self.seats)
        changed, self._seen = seen != self._seen, seen
        return changed

    def awaited(self, seat: int) -> bool:
        """The table waits for `seat`'s phone: it plays the seat and has a move to choose."""
        return self.who(seat) == PHONE and self.host.offers(seat)

    def take(self, seat: int):
        return self.host.take(seat) if self.who(seat) == PHONE else None

    def status(self, seat: int) -> str:
        return self.host.status(seat)

    def address(self, seat: int) -> Optional[str]:
        return None if self.error is not None else self.server.address_of(seat)

    def stop(self) -> None:
        self.server.stop()
