"""The Phones box over a table with phone seats: each seat's QR code, address and code, whether its
phone is here, and who plays it now — its phone, this screen or a bot (the host may hand a seat over
at any time and take it back: a phone that will not come back never holds the game up).

It opens by itself when such a game starts (and then closes by itself a moment after the last phone
has joined) and from the table's Phones button. While it is open the phones are still heard, so a
seat's state changes as its phone joins.
"""

from __future__ import annotations

import math
from functools import partial

import pygame

from ..net.host import BOT, PHONE, TABLE, shown_code
from ..ui import text as tx
from ..ui import theme
from ..ui.qr import qr_surface
from ..ui.screen import FormScene
from ..ui.widgets import Button

NEXT = {PHONE: TABLE, TABLE: BOT, BOT: PHONE}  # the order the "played on" button goes round
ALL_IN = 1.2  # seconds the box opened at the start stays once every phone has joined


class PhonesScene(FormScene):
    overlay = True

    def __init__(self, app, table, auto: bool = False) -> None:
        super().__init__(app)
        self.table = table
        self.auto = auto  # opened by the table at the start: it goes once everyone is in
        self.all_in = 0.0
        self.link = table.phones
        self.seats = list(self.link.seats)
        self.who = {seat: Button(app, partial(self._who_label, seat), partial(self._hand, seat), style="secondary")
                    for seat in self.seats}
        self.close_button = Button(app, lambda: app.t("phone.table.close"), self.back, style="primary")
        self.ring.add(*self.who.values(), self.close_button)
        self.ring.focus(self.close_button, keyboard=True)
        self.box = pygame.Rect(0, 0, 0, 0)
        self.cards: list = []  # (seat, card rect, qr rect)
        self._codes: dict = {}  # (seat, size) -> its QR surface

    def still(self) -> bool:
        return False  # a phone may join any moment

    def update(self, dt: float) -> None:
        self.table._update_phones()
        if self.auto and all(self.link.status(seat) == "connected" or self.link.who(seat) != PHONE
                             for seat in self.seats):
            self.all_in += dt
            if self.all_in >= ALL_IN and self.app.top is self:
                self.back()
        else:
            self.all_in = 0.0

    def _who_label(self, seat: int) -> str:
        return self.app.t(f"phone.table.by_{self.link.who(seat)}")

    def _hand(self, seat: int) -> None:
        who, allowed = self.link.who(seat), self.table.phone_hands()
        for _ in NEXT:  # the next one round the ring this table allows
            who = NEXT[who]
            if who in allowed and not (who == PHONE and self.link.error is not None):
                self.table.hand_phone_seat(seat, who)
                return

    def layout(self, rect, s) -> None:
        margin = theme.px(24, s)
        self.box = rect.inflate(-2 * margin, -2 * margin)
        inner = self.box.inflate(-theme.px(32, s), -theme.px(24, s))
        head = theme.px(96, s)
        foot = theme.px(64, s)
        area = pygame.Rect(inner.left, inner.top + head, inner.width, inner.height - head - foot)
        count = len(self.seats)
        best = None
        for cols in range(1, count + 1):  # the column count that gives the biggest codes
            rows = math.ceil(count / cols)
            w = (area.width - (cols - 1) * theme.px(12, s)) // cols
            h = (area.height - (rows - 1) * theme.px(12, s)) // rows
            side = min(w - theme.px(16, s), h - theme.px(150, s))
            if best is None or side > best[0]:
                best = (side, cols, rows, w, h)
        side, cols, rows, w, h = best
        side = max(theme.px(60, s), min(side, theme.px(260, s)))
        w = min(w, max(side + theme.px(40, s), theme.px(240, s)))  # a card no wider than its code needs
        left = area.centerx - (cols * w + (cols - 1) * theme.px(12, s)) // 2
        self.cards = []
        for i, seat in enumerate(self.seats):
            col, row = i % cols, i // cols
            card = pygame.Rect(left + col * (w + theme.px(12, s)), area.top + row * (h + theme.px(12, s)), w, h)
            qr = pygame.Rect(0, 0, side, side)
            qr.midtop = (card.centerx, card.top + theme.px(34, s))
            self.cards.append((seat, card, qr))
            button = pygame.Rect(card.left + theme.px(8, s), card.bottom - theme.px(48, s), card.width - theme.px(16, s),
                                 theme.px(40, s))
            self.who[seat].place(button, s)
        close = pygame.Rect(0, 0, theme.px(200, s), theme.px(48, s))
        close.midbottom = (self.box.centerx, self.box.bottom - theme.px(14, s))
        self.close_button.place(close, s)

    def _code_image(self, seat: int, side: int):
        address = self.link.address(seat)
        if address is None:
            return None
        key = (seat, side)
        if key not in self._codes:
            self._codes[key] = qr_surface(address, side)
        return self._codes[key]

    def draw_content(self, surface) -> None:
        s, t, fonts = self.s, self.app.t, self.app.fonts
        theme.scrim(surface)
        theme.panel(surface, self.box, s)
        inner = self.box.inflate(-theme.px(32, s), -theme.px(24, s))
        tx.draw_line(surface, fonts, t("phone.table.title"), pygame.Rect(inner.left, inner.top, inner.width, theme.px(36, s)),
                     theme.px(theme.TEXT_LARGE, s), theme.PLUM, bold=True)
        link = self.link
        how = t("phone.table.failed", error=link.error) if link.error is not None else \
            t("phone.table.how", address=link.server.base)
        tx.draw_block(surface, fonts, how, pygame.Rect(inner.left, inner.top + theme.px(38, s), inner.width, theme.px(54, s)),
                      theme.px(theme.TEXT_SMALL, s), theme.RED if link.error else theme.INK)
        small = theme.px(theme.TEXT_SMALL, s)
        for seat, card, qr in self.cards:
            pygame.draw.rect(surface, (255, 252, 244), card, border_radius=theme.px(10, s))
            pygame.draw.rect(surface, theme.INK_SOFT, card, 1, border_radius=theme.px(10, s))
            name = self.table.seats[seat].name
            tx.draw_line(surface, fonts, name, pygame.Rect(card.left + 6, card.top + 4, card.width - 12, theme.px(28, s)),
                         theme.px(theme.TEXT, s), theme.INK, bold=True)
            image = self._code_image(seat, qr.width)
            if image is not None:
                surface.blit(image, image.get_rect(center=qr.center))
            y = qr.bottom + theme.px(4, s)
            if link.error is None:
                tx.draw_line(surface, fonts, shown_code(link.host.codes[seat]),
                             pygame.Rect(card.left + 6, y, card.width - 12, theme.px(26, s)), small, theme.INK, bold=True)
            status = link.status(seat)
            colour = theme.TEAL if status == "connected" else theme.RED if status == "reconnecting" else theme.INK_SOFT
            tx.draw_line(surface, fonts, t(f"phone.table.{status}"),
                         pygame.Rect(card.left + 6, y + theme.px(26, s), card.width - 12, theme.px(24, s)), small, colour)
