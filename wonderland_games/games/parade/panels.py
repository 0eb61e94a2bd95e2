"""The Parade table's panels: seat areas and the live score table (the log is ui.log_panel).

Each draws in window coordinates into the scene's cached table frame, clipped to
its own region, and only when what that region shows changed, so text rendering
here never runs every frame.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from ...ui import text as tx
from ...ui import surfaces, theme
from ...ui.theme import px
from ...ui.widgets import Widget
from . import rules
from .cards import card_height, hex_rgb

PANEL = (250, 241, 218, 232)
CURRENT = theme.GOLD_LIGHT


def card_name(app, deck, card: int) -> str:
    info = deck.colours[deck.colour_of(card)]
    return app.t("parade.card", colour=app.i18n.pick(info.colour_name), value=deck.value_of(card))


def card_list(app, deck, cards) -> str:
    return app.t("list.sep").join(card_name(app, deck, c) for c in cards)


def draw_crown(surface: pygame.Surface, center: tuple, size: int, color: tuple = theme.GOLD) -> None:
    """A small three-point crown: the majority marker."""
    cx, cy = center
    w, h = size, int(size * 0.72)
    left, top = cx - w // 2, cy - h // 2
    points = [(left, top + h), (left, top + h * 0.25), (left + w * 0.28, top + h * 0.58), (cx, top),
              (left + w * 0.72, top + h * 0.58), (left + w, top + h * 0.25), (left + w, top + h)]
    pygame.draw.polygon(surface, color, points)
    pygame.draw.polygon(surface, theme.GOLD_DARK, points, max(1, size // 10))


def landed(state, hidden: frozenset = frozenset()) -> list:
    """Each player's piles as the table counts them: a card in the air counts once it has
    landed, so a score or a count never changes before the card that changes it arrives."""
    return [tuple(c for c in cards if c not in hidden) for cards in state.collections]


# -- seats ---------------------------------------------------------------------------
@lru_cache(maxsize=64)
def rounded(size: tuple, color: tuple, radius: int, edge: tuple | None = None, width: int = 1) -> pygame.Surface:
    """A see-through rounded box, optionally outlined, made once per look."""
    layer = surfaces.new(size, alpha=True)
    pygame.draw.rect(layer, color, layer.get_rect(), border_radius=radius)
    if edge is not None:
        pygame.draw.rect(layer, edge, layer.get_rect(), width, border_radius=radius)
    return layer


def translucent(surface: pygame.Surface, rect: pygame.Rect, color: tuple, radius: int) -> None:
    surface.blit(rounded(tuple(rect.size), tuple(color), radius), rect.topleft)


def draw_seat(surface, box, s: float, seat_index: int, scene, state, holders: list, *, current: bool,
              show_hand: bool, hidden: frozenset = frozenset()) -> None:
    """One player's area: name, kind, score, hand and fanned colour stacks with crowns."""
    app, deck = scene.app, state.deck
    seat = state.seats[seat_index]
    radius = px(12, s)
    if current:
        translucent(surface, box.rect.inflate(px(8, s), px(8, s)), (*CURRENT, 120), radius + px(4, s))
    translucent(surface, box.rect, PANEL if not current else (255, 247, 226, 246), radius)
    pygame.draw.rect(surface, theme.GOLD if current else theme.PAPER_EDGE, box.rect, max(1, px(2, s)), border_radius=radius)

    score = rules.scores_now(deck, landed(state, hidden))[seat_index]
    score_font = app.font(px(20, s), True)
    hand = state.hands[seat_index]
    name_rect, kind_rect, score_rect, count_rect = header_rects(app, box, s, state, seat_index, hidden)
    marker = "▶ " if current else ""
    used = tx.draw_line(surface, app.fonts, marker + seat.name, name_rect, px(19, s),
                        theme.PLUM if current else theme.INK, bold=True, align="left")
    # the kind right after the name, whole or not at all (larger text: a long name leaves it no room)
    kind_rect = pygame.Rect(used.right + px(8, s), kind_rect.top, max(10, kind_rect.right - used.right - px(8, s)),
                            kind_rect.height)
    kind = scene.seat_kinds()[seat_index]
    if tx.fit_line(app.fonts, kind, kind_rect.width, kind_rect.height, px(14, s))[1] == kind:
        tx.draw_line(surface, app.fonts, kind, kind_rect, px(14, s), theme.INK_SOFT, align="left")
    surface.blit(tx.render(score_font, app.t("parade.points", n=score), theme.RED if score else theme.GREEN),
                 (score_rect.left, box.header.centery - score_font.get_height() // 2))
    back = scene.painter.back(hand_back(box, s, count_rect).width)
    surface.blit(back, back.get_rect(midleft=count_rect.midleft))
    tx.draw_line(surface, app.fonts, app.t("parade.hand_count", n=len(hand)),
                 count_rect.inflate(-px(16, s), 0).move(px(9, s), 0), px(14, s), theme.INK_SOFT, align="left")

    if show_hand and box.hand.height > 0 and hand:
        for card, rect in zip(hand, replay_hand_slots(box, s, len(hand))):
            if card not in hidden:
                surface.blit(scene.painter.face(card, rect.width), rect)

    by_colour = [[] for _ in deck.colours]  # a card in the air keeps its place: it lands there
    for card in state.collections[seat_index]:
        by_colour[deck.colour_of(card)].append(card)
    for colour, cards in enumerate(by_colour):  # crowns and empty slots first: cards lie over them
        pile = box.pile(colour)
        if seat_index in holders[colour]:
            draw_crown(surface, box.crown_spot(colour).center, int(box.crown_h * 0.9))
        if not cards:
            slot = pile.copy()
            slot.width = min(slot.width, box.stacks[colour].width - px(3, s))
            tint = hex_rgb(deck.colours[colour].rgb)
            surface.blit(rounded(tuple(slot.size), (*tint, 60), px(5, s), (*slot_edge(tint), 190), max(1, px(2, s))),
                         slot)
            sym = scene.painter.symbol(colour, max(6, min(slot.width, slot.height) * 2 // 3)).copy()
            sym.set_alpha(150)  # which colour's slot, faint as the slot: by its symbol, not colour alone
            surface.blit(sym, sym.get_rect(center=slot.center))
    for colour, cards in enumerate(by_colour):
        cards.sort(key=deck.value_of)
        for card, rect in zip(cards, box.stack_slots(colour, len(cards))):
            if card not in hidden:
                surface.blit(scene.painter.face(card, box.mini_w), rect)
        chip = box.count_chip(colour, len(cards))
        if chip is not None:  # a packed pile says how many it holds (those landed)
            _count_chip(surface, app, chip, sum(1 for c in cards if c not in hidden))


def _count_chip(surface, app, chip: pygame.Rect, count: int) -> None:
    """A pile's card count, "×7", dark on its last card's picture."""
    translucent(surface, chip, (*theme.INK, 225), chip.height // 2)
    font = app.font(max(9, int(chip.height * 0.85)), True)
    text = tx.ellipsize(font, f"×{count}", chip.width - 2)
    img = tx.render(font, text, theme.CREAM)
    surface.blit(img, img.get_rect(center=chip.center))


def header_rects(app, box, s: float, state, seat_index: int, hidden: frozenset = frozenset()) -> tuple:
    """(name, kind, score, hand count) rects of a seat's header line: the score on the right,
    the hand count (a small back and "5 cards") before it, the name and kind in what is left."""
    header = box.header
    score = rules.scores_now(state.deck, landed(state, hidden))[seat_index]
    score_w = app.font(px(20, s), True).size(app.t("parade.points", n=score))[0]
    count_w = app.font(px(14, s)).size(app.t("parade.hand_count", n=len(state.hands[seat_index])))[0] + px(22, s)
    name_w = header.width - score_w - count_w - px(20, s)
    name_rect = pygame.Rect(header.left, header.top, max(10, int(name_w * 0.62)), header.height)
    kind_rect = pygame.Rect(name_rect.right + px(4, s), header.top, max(10, name_w - name_rect.width - px(4, s)),
                            header.height)
    score_rect = pygame.Rect(header.right - score_w, header.top, score_w, header.height)
    count_rect = pygame.Rect(score_rect.left - count_w - px(8, s), header.top, count_w, header.height)
    return name_rect, kind_rect, score_rect, count_rect


def hand_back(box, s: float, count_rect: pygame.Rect) -> pygame.Rect:
    """The small card back before a seat's hand count: where a hidden hand's cards leave and arrive."""
    w = max(8, px(12, s))
    rect = pygame.Rect(0, 0, w, card_height(w))
    rect.midleft = count_rect.midleft
    return rect


def replay_hand_slots(box, s: float, count: int) -> list:
    """Where a replay shows a seat's hand face up, card by card."""
    w = min(int((box.hand.height - px(4, s)) / 1.4), box.hand.width // 3)
    step = min(w + px(4, s), (box.hand.width - w) / max(1, count - 1))
    return [pygame.Rect(box.hand.left + int(i * step), box.hand.top + px(2, s), w, card_height(w)) for i in range(count)]


def luminance(rgb: tuple) -> float:
    """Relative luminance (WCAG) of an sRGB colour, 0 (black) to 1 (white)."""
    def linear(c: int) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = map(linear, rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple, b: tuple) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def slot_edge(tint: tuple) -> tuple:
    """An empty colour slot's outline: its colour, darkened until it stands out on the cream
    panel (White's own colour is nearly the panel's)."""
    edge = tint[:3]
    while contrast(edge, PANEL) < 2.0:
        edge = tuple(int(c * 0.85) for c in edge)
    return edge


# -- live scores ------------------------------------------------------------------------
LIVE_NAME = 15  # unscaled size of the names in the live panel (they get the panel's width)


def draw_live(surface, layout, scene, state, current, hidden: frozenset = frozenset()) -> None:
    """Score of every player if the game ended now, and each colour's majority, counting the
    cards that have landed (`landed`); the row of `current`, whose turn the table shows, lit."""
    app, deck, s = scene.app, state.deck, layout.s
    theme.panel(surface, layout.live, s, with_shadow=False)
    title, chips, rows = layout.live_table()
    tx.draw_line(surface, app.fonts, app.t("parade.live.title"), title, px(18, s), theme.PLUM, bold=True, align="left")
    for colour, chip in enumerate(chips):
        box = chip.inflate(-px(4, s), -px(3, s))
        pygame.draw.rect(surface, hex_rgb(deck.colours[colour].rgb), box, border_radius=px(4, s))
        sym = scene.painter.symbol(colour, max(8, int(box.height * 0.8)))
        surface.blit(sym, sym.get_rect(center=box.center))
    piles = landed(state, hidden)
    scores = rules.scores_now(deck, piles)
    holders = rules.majorities(deck, piles)
    counts = [rules.colour_counts(deck, c) for c in piles]
    best = min(scores) if scores else 0
    name_font = app.font(px(LIVE_NAME, s))
    score_font = app.font(px(LIVE_NAME + 1, s), True)
    for seat_index, (seat, row) in enumerate(zip(state.seats, rows)):
        if seat_index == current:
            translucent(surface, row.block, (*theme.GOLD_LIGHT, 200), px(5, s))
        name = tx.render(name_font, tx.ellipsize(name_font, seat.name, row.name.width), theme.INK)
        surface.blit(name, name.get_rect(midleft=row.name.midleft))
        score = tx.render(score_font, str(scores[seat_index]), theme.GREEN if scores[seat_index] == best else theme.RED)
        surface.blit(score, score.get_rect(midright=row.score.midright))
        for colour, cell in enumerate(row.cells):
            _live_cell(surface, cell, s, app, counts[seat_index][colour], seat_index in holders[colour],
                       hex_rgb(deck.colours[colour].rgb))


def _live_cell(surface, cell: pygame.Rect, s: float, app, count: int, majority: bool, tint: tuple) -> None:
    """A colour's card count on a faint tint of the colour (nothing for none); the majority
    as a gold pill with a crown."""
    box = cell.inflate(-px(4, s), -px(2, s))
    if majority:
        surface.blit(rounded(tuple(box.size), (*theme.GOLD, 255), box.height // 2, (*theme.GOLD_DARK, 255),
                             max(1, px(2, s))), box)
        crown = max(8, int(box.height * 0.62))
        font = app.font(max(9, int(box.height * 0.78)), True)
        digits = font.size(str(count))[0]
        left = box.centerx - (crown + px(2, s) + digits) // 2
        draw_crown(surface, (left + crown // 2, box.centery), crown, theme.CREAM)
        img = tx.render(font, str(count), theme.INK)
        surface.blit(img, img.get_rect(midleft=(left + crown + px(2, s), box.centery)))
        return
    if count:
        surface.blit(rounded(tuple(box.size), (*tint, 70), box.height // 2), box)
        font = app.font(max(9, int(box.height * 0.74)))
        img = tx.render(font, str(count), theme.INK_SOFT)
        surface.blit(img, img.get_rect(center=box.center))


class CrownTip(Widget):
    """Where one majority crown may show, in the live panel or above a seat's pile: it draws
    nothing, and the table's tooltips (widgets.draw_tip, as for the buttons) say its `tip`
    while the mouse is over it; the legend of the crowns was only on the results screen (QA)."""

    focusable = False

    def __init__(self, app, seat: int, colour: int, tip) -> None:
        super().__init__(app)
        self.seat, self.colour, self.tip = seat, colour, tip


def crown_tip(app, state, colour: int, hidden: frozenset = frozenset()) -> str:
    """A crown's meaning: who would hold the colour's majority if the game ended now (a tie
    shares it, rules.majorities), with how many cards, and what it does to their points; short
    enough for the four lines a tooltip holds at full size."""
    deck, t = state.deck, app.t
    piles = landed(state, hidden)
    holders = rules.majorities(deck, piles)[colour]
    count = rules.colour_counts(deck, piles[holders[0]])[colour]
    names = app.i18n.join([state.seats[s].name for s in holders])
    lines = [t("parade.live.tip.shared" if len(holders) > 1 else "parade.live.tip.holder",
               colour=app.i18n.pick(deck.colours[colour].colour_name), names=names, n=count),
             t("parade.live.tip.rule")]
    if len(state.seats) == 2:
        lines.append(t("parade.live.tip.two_player"))
    return "\n".join(lines)
