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
from ..ui.qr import qr_modules, qr_surface
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
        self.box = self.how_rect = pygame.Rect(0, 0, 0, 0)  # laid out on every resize (push does one)
        self.heights: dict = {}  # the title's, a seat's name's, code's and status's lines
        self.cards: list = []  # (seat, card rect, qr rect)
        self.code_fonts: dict = {}  # seat -> the font its code is drawn in (`_code_font`), laid out
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

    def _how(self) -> str:
        link = self.link
        return self.app.t("phone.table.failed", error=link.error) if link.error is not None else \
            self.app.t("phone.table.how", address=link.server.base)

    def layout(self, rect, s) -> None:
        """The box as big as its seats need, centred: each seat a card (name, QR code, the code to
        type, whether its phone is here, who plays it), in the columns that give the biggest codes;
        its lines as tall as the player's text size makes them, or as at 100% where they would leave
        no room for the QR codes or not fit."""
        room = rect.inflate(-2 * theme.px(24, s), -2 * theme.px(24, s))
        plan = self._plan(room, s, False)
        if plan[0].height > room.height or not plan[-1]:  # too tall, or the QR codes left out
            smaller = self._plan(room, s, True)
            if plan[0].height > room.height or smaller[-1]:
                plan = smaller
        self.box, self.heights, cols, w, h, side = plan
        self.box.center = rect.center
        px = partial(theme.px, s=s)
        inner = self.box.inflate(-2 * px(16), -2 * px(12))
        self.how_rect = pygame.Rect(inner.left, inner.top + self.heights["head"], inner.width, self.heights["how"])
        top = self.how_rect.bottom + px(8)
        self.cards, self.code_fonts = [], {}
        for i, seat in enumerate(self.seats):
            col, row = i % cols, i // cols
            in_row = min(cols, len(self.seats) - row * cols)  # a last row short of seats is centred too
            left = inner.centerx - (in_row * w + (in_row - 1) * px(12)) // 2
            card = pygame.Rect(left + col * (w + px(12)), top + row * (h + px(12)), w, h)
            qr = pygame.Rect(0, 0, side, side)  # none when too small to be read: the code is typed
            qr.midtop = (card.centerx, card.top + px(6) + self.heights["name"])
            self.cards.append((seat, card, qr))
            for code in self._shown_codes([seat]):
                self.code_fonts[seat] = self._code_font(code, card.width - 2 * px(8))
            self.who[seat].place(pygame.Rect(card.left + px(8), card.bottom - px(48), card.width - px(16), px(40)), s)
        close = pygame.Rect(0, 0, px(200), px(48))
        close.midbottom = (self.box.centerx, self.box.bottom - px(14))
        self.close_button.place(close, s)

    def _plan(self, room, s, at_100: bool) -> tuple:
        """(box, line heights, columns, card width, card height, QR side) for the seats in `room`."""
        fonts, px = self.app.fonts, partial(theme.px, s=s)
        gap, pad, edge = px(12), px(8), px(16)  # pad: within a card
        widest = max(1, room.width - 2 * edge)

        def font(size: int, bold: bool = False):
            return fonts.get(px(size), bold, fixed=at_100)

        small = font(theme.TEXT_SMALL)
        heights = {"title": font(theme.TEXT_LARGE, True).get_linesize(), "name": font(theme.TEXT, True).get_linesize(),
                   "code": font(theme.TEXT_LARGE, True).get_linesize(), "status": small.get_linesize()}
        heights["head"] = heights["title"] + px(8)
        codes = self._shown_codes()
        if not codes:
            heights["code"] = 0  # no server to type a code into
        fixed = heights["name"] + heights["code"] + heights["status"] + px(40) + px(6 + 6 + 8 + 8)  # a card but its QR
        least = max([code_width(fonts.get(px(theme.TEXT), True, fixed=True), c) + 2 * pad for c in codes] + [px(200)])
        most = max([code_width(font(theme.TEXT_LARGE, True), c) + 4 * pad for c in codes] + [px(220)])
        addresses = [a for a in map(self.link.address, self.seats) if a is not None]
        readable = 2 * max(map(qr_modules, addresses)) if addresses else None  # else no QR codes at all
        narrowest = min(widest, px(560))  # the box's least width, for the words above the cards

        def how_height(width: int) -> int:
            return len(tx.wrap(small, self._how(), width)) * small.get_linesize()

        foot = px(12 + 48 + 14)
        count = max(1, len(self.seats))
        how = how_height(narrowest)  # first as tall as it can be, then for the box's width
        for _ in range(2):
            height = room.height - 2 * px(12) - heights["head"] - how - px(8) - foot
            best = None
            for cols in range(1, count + 1):  # the column count that gives the biggest codes, codes whole
                rows = math.ceil(count / cols)
                w = (widest - (cols - 1) * gap) // cols
                side = min(w - 2 * pad, (height - (rows - 1) * gap) // rows - fixed)
                rank = (w >= least, readable is not None and side >= readable, side)
                if best is None or rank > best[0]:
                    best = (rank, cols, rows, w, side)
            _, cols, rows, w, side = best
            side = min(side, px(260)) if readable is not None and side >= readable else 0  # else typed
            w = min(w, max(side + 2 * pad, most))
            inner_w = max(cols * w + (cols - 1) * gap, narrowest)
            how = how_height(inner_w)
        heights["how"] = how
        h = fixed + side
        box = pygame.Rect(0, 0, inner_w + 2 * edge,
                          2 * px(12) + heights["head"] + how + px(8) + rows * h + (rows - 1) * gap + foot)
        return box, heights, cols, w, h, side

    def _code_image(self, seat: int, side: int):
        address = self.link.address(seat)
        if address is None:
            return None
        key = (seat, side)
        if key not in self._codes:
            self._codes[key] = qr_surface(address, side)
        return self._codes[key]

    def draw_content(self, surface) -> None:
        s, t, fonts, heights = self.s, self.app.t, self.app.fonts, self.heights
        px = partial(theme.px, s=s)
        theme.scrim(surface)
        theme.panel(surface, self.box, s)
        inner = self.box.inflate(-2 * px(16), -2 * px(12))
        tx.draw_line(surface, fonts, t("phone.table.title"), pygame.Rect(inner.left, inner.top, inner.width, heights["title"]),
                     px(theme.TEXT_LARGE), theme.PLUM, bold=True)
        link = self.link
        tx.draw_block(surface, fonts, self._how(), self.how_rect, px(theme.TEXT_SMALL),
                      theme.RED if link.error else theme.INK)
        for seat, card, qr in self.cards:
            pygame.draw.rect(surface, (255, 252, 244), card, border_radius=px(10))
            pygame.draw.rect(surface, theme.INK_SOFT, card, 1, border_radius=px(10))
            text = card.inflate(-2 * px(8), 0)
            name = self.table.seats[seat].name
            tx.draw_line(surface, fonts, name, pygame.Rect(text.left, card.top + px(3), text.width, heights["name"]),
                         px(theme.TEXT), theme.INK, bold=True)
            image = self._code_image(seat, qr.width) if qr.width else None
            if image is not None:
                surface.blit(image, image.get_rect(center=qr.center))
            y = qr.bottom + px(6)
            if link.error is None:
                code = self._shown_codes([seat])[0]
                draw_code(surface, self.code_fonts[seat], code,
                          (card.centerx, y + heights["code"] // 2), theme.INK)
            status = link.status(seat)
            colour = theme.TEAL if status == "connected" else theme.RED if status == "reconnecting" else theme.INK_SOFT
            tx.draw_line(surface, fonts, t(f"phone.table.{status}"),
                         pygame.Rect(text.left, y + heights["code"], text.width, heights["status"]),
                         px(theme.TEXT_SMALL), colour)

    def _shown_codes(self, seats=None) -> list:
        """The codes to type, as shown (none while there is no server to type them into)."""
        return [] if self.link.error is not None else \
            [shown_code(self.link.host.codes[seat]) for seat in (self.seats if seats is None else seats)]

    def _code_font(self, code: str, width: int):
        """The largest font from the title's size down to the body text's at 100% that draws the
        code whole in `width`: a code is typed on a phone from across the table."""
        fonts = self.app.fonts
        size, least = fonts.pixels(theme.px(theme.TEXT_LARGE, self.s)), theme.px(theme.TEXT, self.s)
        font = fonts.get(size, True, fixed=True)
        while size > least and (code_width(font, code) > width or font.get_linesize() > self.heights["code"]):
            size -= 1
            font = fonts.get(size, True, fixed=True)
        return font


def code_width(font, code: str) -> int:
    return sum(font.size(c)[0] for c in code) + _tracking(font) * (len(code) - 1)


def _tracking(font) -> int:
    """The room between a code's characters: set apart, each reads on its own when typed across
    the table (the bundled font has no fixed-width face)."""
    return max(1, font.get_height() // 12)


def draw_code(surface, font, code: str, center: tuple, colour) -> None:
    x = center[0] - code_width(font, code) // 2
    for c in code:
        image = tx.render(font, c, colour)
        surface.blit(image, image.get_rect(midleft=(x, center[1])))
        x += font.size(c)[0] + _tracking(font)
