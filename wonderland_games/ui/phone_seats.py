"""The phone seats of a table (issue 28, docs/phones.md), mixed into `TableScene`.

A game with seats in `session.phones` serves them while its table is open (ui/phone_link.py): the
table waits for such a seat's move as for a bot's (`TableScene._update_turn`), counts only the
people at the big screen as its humans (so no curtain ever waits for a phone, and no phone seat's
hand is shown), puts a Phones button at the end of the top bar's status line, opens the Phones box
(scenes/phones.py) when it first shows, and says in the status line, in red, when the phone it
waits for is not there.
"""

from __future__ import annotations

import pygame

from ..net.host import BOT, PHONE, TABLE
from . import text as tx
from . import theme
from .phone_link import PhoneLink
from .seat_words import kind_label, seat_label
from .widgets import Button


class PhoneSeats:
    def _init_phones(self, session, replay) -> None:
        self.phones = PhoneLink(session, self.app.lang) if replay is None and session.phones \
            and session.tutorial is None else None
        self.phones_button = Button(self.app, self._phones_label, self.open_phones, style="secondary")
        self.phones_button.visible = self.phones is not None
        self._phones_fitted = None  # the layout whose status line gave the Phones button its place
        self._phones_opened = False  # the Phones box opens by itself once, when the table first shows

    def phone_moment(self):
        """What the table shows now, for phones that must keep in step with it (None: the game's
        state says all; Dream: the table's stage, so the word reaches no phone before the dream)."""
        return None

    def seat_kinds(self) -> list:
        """Each seat's kind in words as the players panels say it: "Phone" for a seat its phone plays
        ("Phone lost" while it is gone), a bot's level for a bot (one standing in for a phone too),
        else "Human"."""
        phones = self.phones
        return [(self.app.t("phone.away") if phones.status(i) == "reconnecting" else kind_label(self.app, "phone"))
                if phones is not None and phones.who(i) == PHONE else
                kind_label(self.app, "bot-normal") if phones is not None and phones.who(i) == BOT else
                seat_label(self.app, seat) for i, seat in enumerate(self.seats)]

    def _table_humans(self) -> list:
        """The people at the big screen: no bots, no seat played from a phone (or a bot standing in)."""
        return [i for i, seat in enumerate(self.seats)
                if not seat.is_bot and not (self.phones is not None and self.phones.remote(i))]

    def phone_hands(self) -> tuple:
        """Who may play a phone seat here (the Phones box goes round them): its phone, this screen
        or a bot; a game whose bots cannot stand in for a person leaves BOT out (Dream's table mode)."""
        return PHONE, TABLE, BOT

    def hand_phone_seat(self, seat: int, who: str) -> None:
        """The host gives a phone seat to its phone, the big screen or a bot (the Phones box)."""
        self.phones.hand(seat, who)
        if self.runner is not None and self.state.current_player() == seat:
            self.runner.cancel()
            self.runner = None
        self.humans = self._table_humans()
        if len(self.humans) == 1:
            self.viewer = self.humans[0]
        elif self.viewer not in self.humans:
            self.viewer = None
        self.dirty = True

    def _update_phones(self) -> None:
        if not self._phones_opened and self.app.top is self:
            self._phones_opened = True
            self.open_phones(auto=True)
        if self.phones.update(self.session, self.phone_moment()):
            self.dirty = True
            self._frame = None  # the Phones button's count and a seat's state are drawn anew

    def _phones_label(self) -> str:
        """"Phones n/m": n joined of the m seats their phones play now (a seat handed to this screen
        or a bot is no phone's); "Phones: none" once none is, the box still a click away to hand one back."""
        phones = self.phones
        if phones is None:
            return ""
        played = [s for s in phones.seats if phones.who(s) == PHONE]
        if not played:
            return self.app.t("phone.table.button_none")
        joined = sum(phones.status(s) == "connected" for s in played)
        return self.app.t("phone.table.button", n=joined, total=len(played))

    def open_phones(self, auto: bool = False) -> None:
        """The Phones box (`auto`: opened at the start, it closes once every phone has joined)."""
        from ..scenes.phones import PhonesScene

        self.app.push(PhonesScene(self.app, self, auto))

    def _fit_phones_button(self) -> None:
        """The Phones button takes the right end of the top bar's status line (every game's
        layout has one), once a layout."""
        layout = self.layout
        if self.phones is None or layout is None or self._phones_fitted is layout:
            return
        self._phones_fitted = layout
        s = layout.s
        status = layout.status
        width = min(theme.px(150, s), status.width // 3)
        status.width -= width + theme.px(8, s)
        rect = pygame.Rect(status.right + theme.px(8, s), status.top + theme.px(6, s), width,
                           status.height - theme.px(12, s))
        self.phones_button.place(rect, s)
        self._frame = None

    def _draw_phones(self, surface: pygame.Surface) -> list:
        """The Phones button, lit while a phone seat waits for its phone to come back."""
        if self.phones is None:
            return []
        self._fit_phones_button()
        waiting = any(self.phones.who(s) == PHONE and self.phones.status(s) != "connected" for s in self.phones.seats)
        self.phones_button.style = "primary" if waiting else "secondary"
        self.phones_button.draw(surface)
        drawn = [self.phones_button.rect]
        seat = self.state.current_player()
        status = self.phones.status(seat) if seat is not None and self.phones.awaited(seat) else "connected"
        if status != "connected":
            s = self.layout.s
            text = self.app.t(f"phone.table.turn_{status}", name=self.seats[seat].name)
            box = pygame.Rect(self.layout.status).inflate(0, -theme.px(10, s))  # over the status line: it says
            pygame.draw.rect(surface, theme.RED, box, border_radius=theme.px(10, s))  # whose turn; this, why it waits
            tx.draw_line(surface, self.app.fonts, text, box.inflate(-theme.px(16, s), 0),
                         theme.px(theme.TEXT_SMALL, s), (255, 255, 255), bold=True)
            drawn.append(box)
        return drawn

