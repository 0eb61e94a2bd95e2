"""The Lost in Oz side panels: players with the score road, the dice, magic cards.

Each paints in window coordinates into the scene's cached table frame, within
its own region, and only when what it shows changed.
"""

from __future__ import annotations

import pygame

from ...ui.seat_words import seat_label
from ...ui import text as tx
from ...ui import surfaces, theme
from ...ui.theme import px
from .art import OzArt
from .rules import TARGET, UNKNOWN

CURRENT = (255, 236, 170)
DIM = (20, 16, 40, 150)
BRICK = (246, 206, 92)
BRICK_DARK = (196, 146, 42)
BRICK_INK = (120, 80, 20)


def _veil(size: tuple, radius: int) -> pygame.Surface:
    layer = surfaces.new(size, alpha=True)
    pygame.draw.rect(layer, DIM, layer.get_rect(), border_radius=radius)
    return layer


# -- players and the score road ------------------------------------------------------
def draw_players(surface, rect: pygame.Rect, s: float, app, art: OzArt, state, current, kinds=None) -> None:
    """A row a seat. Who plays each seat is said in one form for every row: with the character
    when it fits each row whole at full size with the Wizard and both dice in it, else without
    (rows chose each on its own and shrank the text, so one said "Human" beside "Tin Man – Bot –
    Normal", and the form changed as dice were taken, QA 1260x740)."""
    theme.panel(surface, rect, s, with_shadow=False)
    rows = player_rows(rect, len(state.seats), s)
    marks = _Marks(art, rows[0], s)
    kinds = kinds or [seat_label(app, seat) for seat in state.seats]  # the table's: "Phone" too
    full = all(_subtitle_fits(app, state, seat, row, s, marks, kinds[seat]) for seat, row in enumerate(rows))
    for seat, row in enumerate(rows):
        _player_row(surface, row, s, app, art, state, seat, seat == current, marks, full, kinds[seat])


def player_rows(rect: pygame.Rect, n: int, s: float) -> list:
    """The players panel's row of each seat."""
    inner = rect.inflate(-px(12, s), -px(10, s))
    row_h = inner.height // n
    return [pygame.Rect(inner.left, inner.top + seat * row_h, inner.width, row_h - px(2, s)) for seat in range(n)]


def _taken(state, seat: int) -> list:
    """[(kind, value)] of the dice a seat has taken this round, as its row shows them."""
    return [(kind, value) for kind, value in (("action", state.taken_act[seat]), ("direction", state.taken_dir[seat]))
            if value is not None]


def row_die_rect(rect: pygame.Rect, s: float, art: OzArt, state, seat: int, kind: str, landing: bool = False):
    """Where a seat's row shows the die of `kind` it took (None before it is taken; with
    `landing`, where it goes when taken): a move that takes or turns it is drawn there."""
    row = player_rows(rect, len(state.seats), s)[seat]
    marks = _Marks(art, row, s)
    kinds = [k for k, _ in _taken(state, seat)]
    if landing:
        kinds = [k for k in ("action", "direction") if k in kinds or k == kind]
    if kind not in kinds:
        return None
    return pygame.Rect(marks.name_right(row, kinds.index(kind) + 1, False), row.centery - marks.die // 2,
                       marks.die, marks.die)


def wizard_rect(rect: pygame.Rect, s: float, art: OzArt, state, seat: int) -> pygame.Rect:
    """Where a seat's row shows the Wizard card when it holds it: the Wizard flies there."""
    row = player_rows(rect, len(state.seats), s)[seat]
    marks = _Marks(art, row, s)
    size = marks.wizard.get_size()
    return pygame.Rect((marks.name_right(row, len(_taken(state, seat)), True), row.centery - size[1] // 2), size)


def score_rect(app, rect: pygame.Rect, s: float, art: OzArt, state, seat: int) -> pygame.Rect:
    """Where a seat's row shows its score, the number as drawn: the points it wins fly there and
    its mark hugs it (the width kept for it reached over the hand's "×4", QA)."""
    row = player_rows(rect, len(state.seats), s)[seat]
    return _score_box(app, row, _Marks(art, row, s), state, seat)


def _score_box(app, row, marks, state, seat: int) -> pygame.Rect:
    """The rect a row's score number takes: right-aligned in its place, centred on the row."""
    place = marks.score(row)
    text = str(state.scores[seat])
    font, shown = tx.fit_line(app.fonts, text, place.width, place.height, int(row.height * 0.62), True)
    w, h = font.size(shown)
    box = pygame.Rect(0, 0, w, min(h, place.height))
    box.midright = place.midright
    return box


def draw_road(surface, rect: pygame.Rect, s: float, app, art: OzArt, state) -> None:
    """The score road's panel under the board."""
    theme.panel(surface, rect, s, with_shadow=False)
    draw_score_road(surface, rect.inflate(-px(16, s), -px(6, s)), s, app, art, state)


class _Marks:
    """Where a player row's score, hand count, dice and Wizard go, from the right: one place
    for the drawing and for the room they leave the name."""

    def __init__(self, art: OzArt, row: pygame.Rect, s: float):
        self.s = s
        self.score_w, self.count_w = px(44, s), px(50, s)
        self.die = int(row.height * 0.62)
        self.wizard = art.wizard(int(row.height * 0.7))

    def token(self, row) -> int:
        """The token's size: the row's height, less a small margin."""
        return row.height - px(4, self.s)

    def gem(self, row) -> int:
        """The seat's gem on its token's corner, larger than the token's own (a row's token is
        small): whose gem is whose by shape, not by colour alone."""
        return int(self.token(row) * 0.6)

    def name_left(self, row) -> int:
        return row.left + self.token(row) + self.gem(row) // 3 + px(6, self.s)

    def score(self, row) -> pygame.Rect:
        return pygame.Rect(row.right - self.score_w - px(6, self.s), row.top, self.score_w, row.height)  # clear of the trim

    def count(self, row) -> pygame.Rect:
        return pygame.Rect(self.score(row).left - self.count_w - px(4, self.s), row.top, self.count_w, row.height)

    def name_right(self, row, dice: int, wizard: bool) -> int:
        right = self.count(row).left - px(6, self.s) - dice * (self.die + px(3, self.s))
        return right - (self.wizard.get_width() + px(4, self.s) if wizard else 0)


def _player_row(surface, row, s, app, art, state, seat, current: bool, marks: _Marks, full: bool, label: str) -> None:
    if current:
        pygame.draw.rect(surface, CURRENT, row.inflate(px(4, s), 0), border_radius=px(8, s))
        pygame.draw.rect(surface, theme.GOLD, row.inflate(px(4, s), 0), max(1, px(2, s)), border_radius=px(8, s))
    token = art.token(state.characters[seat], state.colours[seat], marks.token(row))
    surface.blit(token, (row.left + px(2, s), row.top + px(2, s)))
    gem = art.gem(state.colours[seat], marks.gem(row))
    surface.blit(gem, gem.get_rect(bottomright=(row.left + px(2, s) + token.get_width() + gem.get_width() // 3,
                                                row.top + px(2, s) + token.get_height())))
    x = marks.name_left(row)
    tx.draw_line(surface, app.fonts, str(state.scores[seat]), marks.score(row), int(row.height * 0.62), theme.RED,
                 bold=True, align="right")
    # hand count: a small card back and the number
    count = marks.count(row)
    back_h = int(row.height * 0.42)
    back = art.card_back(int(back_h / 0.63), back_h)
    surface.blit(back, back.get_rect(midleft=(count.left, count.centery)))
    tx.draw_line(surface, app.fonts, f"×{len(state.hands[seat])}", count.inflate(-back.get_width(), 0).move(back.get_width() // 2 + px(2, s), 0),
                 int(row.height * 0.42), theme.INK_SOFT, bold=True, align="left")
    # this round's dice, once taken, then the Wizard
    taken = _taken(state, seat)
    for i, (kind, value) in enumerate(taken):
        surface.blit(art.die(kind, value, marks.die), (marks.name_right(row, i + 1, False), row.centery - marks.die // 2))
    holder = state.wizard_holder == seat
    right = marks.name_right(row, len(taken), holder)
    if holder:
        surface.blit(marks.wizard, (right, row.centery - marks.wizard.get_height() // 2))
    name = state.seats[seat].name
    name_rect, sub_rect, sub_size = _text_rects(app, row, s, x, right, name, current)
    tx.draw_line(surface, app.fonts, name, name_rect, _name_size(row, s), theme.INK, bold=current, align="left")
    if sub_rect.width > px(40, s):
        tx.draw_line(surface, app.fonts, _who(app, state, seat, full, label), sub_rect, sub_size, theme.INK_SOFT, align="left")


def _name_size(row, s) -> int:
    return int(row.height * (0.55 if row.height < px(40, s) else 0.45))


def _text_rects(app, row, s, x: int, right: int, name: str, bold: bool) -> tuple:
    """(name rect, subtitle rect, subtitle size): a short row puts who plays after the name in
    grey, a tall one under it."""
    name_rect = pygame.Rect(x, row.top, right - x - px(4, s), row.height)
    if row.height < px(40, s):
        used = min(name_rect.width, app.fonts.get(_name_size(row, s), bold).size(name)[0])
        rest = pygame.Rect(x + used + px(8, s), row.top, name_rect.width - used - px(8, s), row.height)
        return name_rect, rest, max(11, int(row.height * 0.42))
    top = pygame.Rect(x, row.top + px(1, s), name_rect.width, int(row.height * 0.56))
    bottom = pygame.Rect(x, top.bottom - px(2, s), name_rect.width, row.bottom - top.bottom)
    return top, bottom, int(row.height * 0.32)


def _subtitle_fits(app, state, seat: int, row, s, marks: _Marks, label: str) -> bool:
    """Whether "Cowardly Lion – Human" fits this row whole at full size with the name bold and
    both dice and the Wizard in the row (the most they ever take)."""
    right = marks.name_right(row, 2, True)
    _, rect, size = _text_rects(app, row, s, marks.name_left(row), right, state.seats[seat].name, True)
    return app.fonts.get(size).size(_who(app, state, seat, True, label))[0] <= rect.width


def _who(app, state, seat: int, full: bool, label: str) -> str:
    """"Cowardly Lion – Human", or "Human" / "Bot – Normal" alone: the token already shows the
    character, and who plays the seat must not end in "…"."""
    return f"{app.t('oz.characters.' + state.characters[seat])}{app.t('sep')}{label}" if full else label


def draw_score_road(surface, rect: pygame.Rect, s: float, app, art: OzArt, state) -> None:
    """A yellow brick road from 0 to 20 under its name, every fifth brick numbered; each player's
    token stands on their score."""
    label = app.fonts.get(max(12, px(12, s)), False)
    cells = TARGET + 1
    bw = rect.width / cells
    bricks = pygame.Rect(rect.left, rect.top + label.get_linesize(), rect.width, rect.height - label.get_linesize())
    number = app.font(max(10, px(11, s)))
    for i in range(cells):
        b = pygame.Rect(int(rect.left + i * bw) + 1, bricks.top, int(bw) - 1, bricks.height)
        colour = (120, 200, 120) if i == TARGET else BRICK
        pygame.draw.rect(surface, colour, b, border_radius=px(3, s))
        pygame.draw.rect(surface, BRICK_DARK, b, 1, border_radius=px(3, s))
        if i % 5 == 0:
            img = tx.render(number, str(i), BRICK_INK)
            surface.blit(img, img.get_rect(center=b.center))
    surface.blit(tx.render(label, app.t("oz.score_road"), theme.INK_SOFT), rect.topleft)
    by_score: dict = {}
    for seat, score in enumerate(state.scores):
        by_score.setdefault(min(score, TARGET), []).append(seat)
    size = max(8, min(int(bw * 1.1), bricks.height))
    for score, seats in by_score.items():
        half = (len(seats) - 1) * size // 4 + size // 2  # the group's half width, kept on the road
        cx = min(max(int(rect.left + (score + 0.5) * bw), rect.left + half), rect.right - half)
        for k, seat in enumerate(seats):
            token = art.token(state.characters[seat], state.colours[seat], size)
            dx = (k - (len(seats) - 1) / 2) * size * 0.5
            surface.blit(token, token.get_rect(center=(int(cx + dx), bricks.centery)))


# -- dice ------------------------------------------------------------------------------
def draw_dice(surface, s: float, app, art: OzArt, state, lay, clickable: set, hover, rolling: bool = False) -> None:
    """The round's dice in the turn panel: direction dice, then action dice; taken ones dimmed
    with their owner. While they are `rolling` their slots stay empty: each die tumbles into
    its own (ui/motion.py)."""
    if not state.dir_dice:
        return
    dirs, acts = lay.dice_slots(len(state.dir_dice), len(state.act_dice))
    for kind, rects, values, owners in (("direction", dirs, state.dir_dice, state.dir_owner),
                                        ("action", acts, state.act_dice, state.act_owner)):
        for i, (r, value, owner) in enumerate(zip(rects, values, owners)):
            key = (kind, i)
            if rolling:
                continue
            if key in clickable:
                glow = r.inflate(px(10, s), px(10, s))
                pygame.draw.rect(surface, theme.GOLD_LIGHT if key != hover else theme.WHITE, glow, border_radius=px(14, s))
                pygame.draw.rect(surface, theme.GOLD, glow, max(1, px(2, s)), border_radius=px(14, s))
            lift = px(4, s) if key == hover and key in clickable else 0
            img = art.die(kind, value, r.width)
            surface.blit(img, r.move(0, -lift))
            if owner is not None:
                surface.blit(_veil(r.size, px(12, s)), r)
                t = art.token(state.characters[owner], state.colours[owner], int(r.width * 0.5))
                surface.blit(t, t.get_rect(center=(r.right - r.width // 5, r.bottom - r.width // 6)))
    labels = ((dirs, "oz.dice_direction"), (acts, "oz.dice_action"))
    for rects, key in labels:
        if rects:
            area = rects[0].union(rects[-1])
            box = pygame.Rect(area.left - px(10, s), area.bottom + px(3, s), area.width + px(20, s), px(16, s))
            tx.draw_line(surface, app.fonts, app.t(key), box, px(12, s), theme.INK_SOFT)


# -- magic cards -----------------------------------------------------------------------
def card_text(app, card) -> str:
    return app.i18n.pick(card.text)


STRIP_NAME = 15  # a strip's name size (unscaled)
MIN_TEXT = 12  # a strip's text never gets smaller (pixels)


def strip_text(app, card) -> str:
    """What a card in the hand says (strip or framed card): the card text, or a short note for
    the long Wizard card, whose whole rule shrank to two thirds of the spells' size on a framed
    card (a strip's hover detail, `card_detail`, and the rules page keep it)."""
    return app.t("oz.wizard_card_note") if card.id == 0 else card_text(app, card)


def strip_brief(app, card) -> str:
    """A card's one-line form, for a strip with room for one line only: five or more cards at
    1024x640 cut most texts to "…" (QA)."""
    return app.t("oz.wizard_card_brief") if card.id == 0 else app.t(f"oz.spell_brief.{card.kind}", **card.params)


def is_strip(rect: pygame.Rect) -> bool:
    return rect.width > rect.height * 3


def flow_lines(name_font, font, name: str, text: str, width: int) -> list:
    """`text` wrapped to `width`, its first line following `name` on the same line (a text
    starts under the name when the name leaves less than a third of the line)."""
    indent = name_font.size(name + " ")[0]
    head = tx.wrap(font, text, width - indent)[0] if width - indent >= width // 3 else ""
    rest = text[len(head):].lstrip()
    return [head] + (tx.wrap(font, rest, width) if rest else [])


def draw_named_text(surface, app, s: float, name: str, text: str, rect: pygame.Rect, brief: str) -> None:
    """A strip's words: the name in bold, the text running on after it and wrapping, shrunk
    no further than 12 px; lines sit closer than the font's own (tall CJK) spacing, so two fit
    in a strip. A text that does not fit gives way to its `brief`; an ellipsis ends one that
    still does not (a window below its minimum)."""
    name_font = app.fonts.get(px(STRIP_NAME, s), True)
    name = tx.ellipsize(name_font, name, rect.width)
    for words in filter(None, (text, brief)):
        size = max(MIN_TEXT, px(14, s))
        while True:
            font = app.fonts.get(size, False)
            step = max(1, int(app.fonts.pixels(size) * 1.3))
            lines = flow_lines(name_font, font, name, words, rect.width)
            fit = max(1, (rect.height - font.get_linesize()) // step + 1)
            if len(lines) <= fit or size <= app.fonts.asked(MIN_TEXT):
                break
            size -= 1
        if len(lines) <= fit:
            break
    if len(lines) > fit:
        lines = lines[:fit]
        lines[-1] = tx.ellipsize(font, lines[-1] + tx.ELLIPSIS, rect.width)
    y = rect.top + (rect.height - step * (len(lines) - 1) - font.get_linesize()) // 2
    name_img = tx.render(name_font, name, theme.PLUM)
    surface.blit(name_img, (rect.left, y + font.get_ascent() - name_font.get_ascent()))
    x = rect.left + name_font.size(name + " ")[0] if lines[0] else rect.left
    for i, line in enumerate(lines):
        if line:
            surface.blit(tx.render(font, line, theme.INK), (x, y))
        x = rect.left
        y += step


def draw_card(surface, rect: pygame.Rect, s: float, app, art: OzArt, card, *, selected=False, dim=False,
              hover=False) -> None:
    """One magic card: a framed card (roomy slots) or a strip (narrow panels); the hover detail
    (`card_detail`) shows it large."""
    if selected or hover:
        glow = rect.inflate(px(8, s), px(8, s))
        pygame.draw.rect(surface, theme.GOLD_LIGHT if selected else theme.WHITE, glow, border_radius=px(12, s))
    name = app.i18n.pick(card.name)
    if is_strip(rect):
        pygame.draw.rect(surface, (252, 246, 232), rect, border_radius=px(8, s))
        pygame.draw.rect(surface, (110, 60, 170), rect, max(1, px(2, s)), border_radius=px(8, s))
        icon = art.spell_icon(card.kind, rect.height - px(6, s))
        surface.blit(icon, (rect.left + px(4, s), rect.top + px(3, s)))
        x = rect.left + icon.get_width() + px(10, s)
        body = pygame.Rect(x, rect.top + px(2, s), rect.right - x - px(6, s), rect.height - px(4, s))
        draw_named_text(surface, app, s, name, strip_text(app, card), body, strip_brief(app, card))
    else:
        surface.blit(art.card_frame(rect.width, rect.height), rect)
        band = pygame.Rect(rect.left + int(rect.width * 0.08), rect.top + int(rect.height * 0.1),
                           int(rect.width * 0.84), int(rect.height * 0.19))
        tx.draw_line(surface, app.fonts, name, band, int(rect.height * 0.13), theme.PLUM, bold=True)
        icon_size = int(rect.height * 0.34)
        icon = art.spell_icon(card.kind, icon_size)
        surface.blit(icon, (rect.left + int(rect.width * 0.07), band.bottom + px(6, s)))
        body = pygame.Rect(rect.left + int(rect.width * 0.07) + icon_size + px(6, s), band.bottom + px(4, s),
                           int(rect.width * 0.86) - icon_size - px(6, s), rect.bottom - band.bottom - int(rect.height * 0.1))
        tx.draw_block(surface, app.fonts, strip_text(app, card), body, int(rect.height * 0.095), theme.INK, align="left", valign="top")
    if selected:
        pygame.draw.rect(surface, theme.GOLD, rect.inflate(px(4, s), px(4, s)), max(2, px(3, s)), border_radius=px(10, s))
    if dim:
        surface.blit(_veil(rect.size, px(10, s)), rect)


def card_detail(s: float, app, art: OzArt, card, width: int) -> pygame.Surface:
    """A card drawn large with its whole text (shown beside the hand when the mouse is on a strip):
    the name with the spell picture, then the text across the card at a comfortable size."""
    pad = px(16, s)
    icon_size = px(44, s)
    font = app.fonts.get(px(17, s), False)
    lines = tx.wrap(font, card_text(app, card), width - 2 * pad)
    step = font.get_linesize()
    height = pad + icon_size + px(10, s) + step * len(lines) + pad
    surf = surfaces.new((width, height), alpha=True)
    box = surf.get_rect()
    pygame.draw.rect(surf, (0, 0, 0, 90), box.move(px(3, s), px(4, s)).clip(box), border_radius=px(12, s))
    card_rect = box.inflate(-px(3, s), -px(4, s)).move(-px(1, s), -px(2, s))
    pygame.draw.rect(surf, (252, 246, 232), card_rect, border_radius=px(12, s))
    pygame.draw.rect(surf, (110, 60, 170), card_rect, max(2, px(3, s)), border_radius=px(12, s))
    surf.blit(art.spell_icon(card.kind, icon_size), (pad, pad))
    name = pygame.Rect(pad + icon_size + px(10, s), pad, width - 2 * pad - icon_size - px(10, s), icon_size)
    tx.draw_line(surf, app.fonts, app.i18n.pick(card.name), name, px(21, s), theme.PLUM, bold=True, align="left")
    y = pad + icon_size + px(10, s)
    for line in lines:
        surf.blit(tx.render(font, line, theme.INK), (pad, y))
        y += step
    return surf


def draw_hand(surface, rect: pygame.Rect, s: float, app, art: OzArt, state, lay, seat, cards_shown: list,
              title: str, selected=None, playable: set | None = None, hover=None) -> None:
    """The magic cards of `seat` (when they may be seen), the Wizard card last when they hold it."""
    theme.panel(surface, rect, s, with_shadow=False)
    if seat is not None:
        cards = state.cards
        shown = [c for c in cards_shown if c != UNKNOWN]
        holder = state.wizard_holder == seat
        entries = [(c, cards[c]) for c in shown] + ([(0, cards.wizard)] if holder else [])
        if not entries:
            tx.draw_line(surface, app.fonts, app.t("oz.hand_empty"), rect.inflate(-px(20, s), -px(40, s)), px(15, s),
                         theme.INK_SOFT)
        for (cid, card), r in zip(entries, lay.hand_slots(len(entries))):
            dim = playable is not None and cid != 0 and cid not in playable
            draw_card(surface, r, s, app, art, card, selected=cid == selected and cid != 0, dim=dim,
                      hover=cid == hover and cid != 0)
    head = pygame.Rect(rect.left + px(10, s), rect.top + px(4, s), rect.width - px(20, s), px(24, s))
    # the title last: the glow round a hovered or picked first card reaches up into its descenders
    tx.draw_line(surface, app.fonts, title, head, px(16, s), theme.PLUM, bold=True, align="left")

