"""The Wonderland Valley side panels and the words the table shows.

The players panel (season, workers out and at home, resources as icons with
counts, hand size, live score), the tooltips (a card's, a place's or an event's
full text, a player's score breakdown), and the words of previews and
why-nots. Texts of cards, places and events come from the data in the
player's language (`app.i18n.pick`).
"""

from __future__ import annotations

import pygame

from ...ui import surfaces, theme
from ...ui import text as tx
from ...ui.seat_words import seat_label
from ...ui.theme import px
from . import art
from .board_view import draw_icons, event_holders
from .effects import RESOURCES, Produce, Trade
from .narrate import counted, resources_text, season_in_text, simple_text
from .rules import BREAKDOWN



def effect_words(app, effects: tuple) -> str:
    """What a place gives, in words: the narrator's words, and a trade's."""
    parts = []
    for effect in effects:
        if isinstance(effect, Trade):
            give = [counted(app, "cards", effect.cards)] if effect.cards else []
            if effect.pay.total:
                give.append(resources_text(app, effect.pay.items()))
            parts.append(app.t("valley.table.trade", give=app.i18n.join(give), gets=simple_text(app, effect.get),
                               n=effect.times))
        else:
            parts.append(simple_text(app, (effect,)))
    return app.i18n.join(parts)


# -- tooltips ------------------------------------------------------------------------------
def card_lines(app, state, kind_id: str) -> list:
    """A card's full text: name, role and kind, cost and points, host, effect text."""
    t, pick, cards = app.t, app.i18n.pick, state.cards
    kind = cards.kinds[kind_id]
    role = cards.roles[kind.role]
    sort = t("valley.table.unique") if kind.unique else t("valley.table.common")
    lines = [(pick(kind.name), True),
             (f"{pick(role.name)}{t('sep')}{pick(cards.categories[kind.category].name)}{t('sep')}{sort}", False),
             (t("valley.table.tip.cost", cost=resources_text(app, kind.cost.items()),
                points=counted(app, "points", kind.points)), False)]
    if kind.is_critter:
        lines.append((t("valley.table.tip.host", card=pick(cards.kinds[kind.host].name)), False))
    else:
        lines.append((t("valley.table.tip.hosts", card=pick(cards.kinds[cards.hosted_by[kind.id]].name)), False))
    lines.append((pick(kind.text), False))
    lines.append((pick(role.text), False))
    return lines


def place_lines(app, state, place_id: str) -> list:
    valley, t = state.valley, app.t
    place = valley.locations.get(place_id) or valley.forest[place_id]
    if place_id in valley.locations:
        sort = t("valley.table.exclusive" if place.exclusive else "valley.table.shared")
    else:
        sort = t("valley.table.forest_card")
    return [(app.i18n.pick(place.name), True), (sort, False),
            (t("valley.table.tip.gives", what=effect_words(app, place.effects)), False)]


def event_lines(app, state, event_id: str, special: bool) -> list:
    valley, t = state.valley, app.t
    event = (valley.special_events if special else valley.basic_events)[event_id]
    head = t("valley.table.special_event_long") if special else t(
        "valley.table.basic_event_long", season=season_in_text(app, valley, event.season))
    holders = [state.seats[s].name for s in event_holders(state, event_id, special)]
    key = "valley.table.tip.meets" if special else "valley.table.tip.claimed"
    who = t(key, names=app.i18n.join(holders)) if holders else t("valley.table.tip.nobody")
    return [(app.i18n.pick(event.name), True), (head, False), (app.i18n.pick(event.text), False),
            (t("valley.table.tip.points", n=event.points), False), (who, False)]


def breakdown_lines(app, state, seat: int) -> list:
    """A player's score by part; seat -1: the solo opponent's (its pile's points and its tokens)."""
    if seat < 0:
        parts = state.opponent_breakdown()
        name = app.i18n.pick(state.solo.name)
        keys = [("cards", "pile"), ("tokens", "tokens")]
    else:
        parts = state.breakdown(seat)
        name = state.seats[seat].name
        keys = [(key, key) for key in BREAKDOWN]
    lines = [(app.t("valley.table.tip.score_of", name=name, n=sum(parts.values())), True)]
    lines += [(app.t(f"valley.table.breakdown.{label}", n=parts[key]), False) for key, label in keys]
    if seat < 0:
        lines.append((pile_text(app, state), False))
    return lines


def pile_text(app, state) -> str:
    """The solo opponent's pile, face up as it is public: each kind with its copies and points."""
    pile, kinds = state.opponent.pile, state.cards.kinds
    if not pile:
        return app.t("valley.qa.pile_empty")
    entries = []
    for kind_id in dict.fromkeys(pile):  # in the order taken
        copies = pile.count(kind_id)
        entries.append(app.t("valley.qa.pile_card" if copies == 1 else "valley.qa.pile_cards",
                             card=app.i18n.pick(kinds[kind_id].name), k=copies,
                             points=counted(app, "points", copies * kinds[kind_id].points)))
    return app.t("valley.qa.pile", n=len(pile), cards=app.t("list.sep").join(entries))


def tooltip(app, s: float, lines: list, width: int) -> pygame.Surface:
    """A paper box at most `width` wide with the lines wrapped in it, the first bold and larger;
    the padding keeps every line clear of the trim and the rounded corners."""
    pad = px(14, s)
    rows = []
    for i, (text, bold) in enumerate(lines):
        font = app.font(px(19 if i == 0 else 16, s), bold)
        rows += [(font, line) for line in tx.wrap(font, text, width - 2 * pad)]
    w = max(font.size(line)[0] for font, line in rows) + 2 * pad
    h = sum(font.get_linesize() for font, _ in rows) + 2 * pad
    surf = surfaces.new((w, h), alpha=True)
    theme.panel(surf, surf.get_rect(), s, with_shadow=False, border=theme.GOLD_DARK, radius=px(8, s))
    y = pad
    for font, line in rows:
        surf.blit(tx.render(font, line, theme.INK), (pad, y))
        y += font.get_linesize()
    return surf


# -- the players panel -----------------------------------------------------------------------
def draw_players(surface, lay, app, state, current, scores: list, hover=None, kinds=None) -> None:
    """A row per player, and the solo opponent's (hover -1) last."""
    s = lay.s
    theme.panel(surface, lay.players, s, with_shadow=False)
    tx.draw_line(surface, app.fonts, app.t("valley.table.players_title"), lay.title_line(lay.players), px(16, s),
                 theme.PLUM, bold=True, align="left")
    rows = lay.player_rows(len(state.seats) + (state.opponent is not None))
    for seat, row in enumerate(rows[:len(state.seats)]):
        kind = kinds[seat] if kinds else seat_label(app, state.seats[seat])  # the table's: "Phone" too
        _player_row(surface, row, s, app, state, seat, seat == current, scores[seat], seat == hover, kind)
    if state.opponent is not None:
        _opponent_row(surface, rows[-1], s, app, state, hover == -1)


def _opponent_row(surface, row, s, app, state, hover: bool) -> None:
    """The solo opponent: its name and level, its workers out of how many, its face-up pile, its tokens
    and its total."""
    opponent = state.opponent
    if hover:
        pygame.draw.rect(surface, theme.WHITE, row, border_radius=px(8, s))
    top, _, bottom = _seat_lines(row, s)  # the lines of a player's row, for the names and icons to line up
    size = max(8, top.height)
    surface.blit(art.meeple(-1, size), (top.left, top.top))
    score_w = px(54, s)
    tx.draw_line(surface, app.fonts, str(state.opponent_score()), pygame.Rect(top.right - score_w, row.top, score_w,
                 row.height), int(row.height * 0.5), theme.INK_SOFT, bold=True, align="right")
    name = app.t("valley.table.opponent", name=app.i18n.pick(state.solo.name),
                 level=app.t(f"valley.table.level.{opponent.level}"))
    x = top.left + size + px(4, s)
    tx.draw_line(surface, app.fonts, name, pygame.Rect(x, top.top, top.right - score_w - x, top.height),
                 int(top.height * 0.8), theme.INK, bold=True, align="left")
    msize = max(6, bottom.height - 2)
    step = max(3, msize * 2 // 3)
    x = bottom.left
    limit = state.solo.levels[opponent.level].workers
    for i in range(limit):
        surface.blit(art.meeple(-1, msize, ghost=i >= limit - len(opponent.workers)), (x, bottom.top))
        x += step
    x += msize // 2
    draw_icons(surface, app, pygame.Rect(x, bottom.top + 1, bottom.right - score_w - x, bottom.height - 2),
               [("card", len(opponent.pile)), ("point", opponent.tokens)], align="left")


def _player_row(surface, row, s, app, state, seat, current: bool, score: int, hover: bool, label: str) -> None:
    if current:
        pygame.draw.rect(surface, (255, 236, 170), row, border_radius=px(8, s))
        pygame.draw.rect(surface, theme.GOLD, row, max(1, px(2, s)), border_radius=px(8, s))
    elif hover:
        pygame.draw.rect(surface, theme.WHITE, row, border_radius=px(8, s))
    top, kind, bottom = _seat_lines(row, s)
    size = max(8, top.height)
    surface.blit(art.meeple(seat, size), (top.left, top.top))
    score_w = px(54, s)
    tx.draw_line(surface, app.fonts, str(score), pygame.Rect(top.right - score_w, row.top, score_w, row.height),
                 int(row.height * 0.5), theme.RED, bold=True, align="right")
    season = state.valley.seasons[state.season[seat]]
    x = top.left + size + px(4, s)
    season_w = px(104, s)
    name = pygame.Rect(x, top.top, top.right - score_w - x - season_w, top.height)
    used = tx.draw_line(surface, app.fonts, state.seats[seat].name, name, int(top.height * 0.8), theme.INK, bold=True,
                        align="left")
    tx.draw_line(surface, app.fonts, label,
                 pygame.Rect(x, kind.top, top.right - score_w - x, kind.height), kind.height * 9 // 10, theme.INK_SOFT,
                 align="left")
    spot = pygame.Rect(max(used.right, name.left) + px(6, s), top.top, season_w, top.height)
    icon = max(6, top.height - 2)
    surface.blit(art.season_art(season.id, icon), (spot.left, spot.top + 1))
    label = app.i18n.pick(season.name) if not state.finished[seat] else app.t("valley.table.finished")
    tx.draw_line(surface, app.fonts, label, pygame.Rect(spot.left + icon + 2, spot.top, spot.width - icon - 2,
                 spot.height), int(top.height * 0.7), theme.INK_SOFT, align="left")
    # workers at home (solid) and out (faint), then resources, hand, tokens
    x = bottom.left
    msize = max(6, bottom.height - 2)
    out = len(state.placed[seat])
    step = max(3, msize * 2 // 3)
    for i in range(state.workers[seat]):
        surface.blit(art.meeple(seat, msize, ghost=i >= state.workers[seat] - out), (x, bottom.top))
        x += step
    x += msize // 2
    icons = [(r, state.resources[seat][j]) for j, r in enumerate(RESOURCES)]
    icons += [("card", len(state.hands[seat])), ("point", state.tokens[seat])]
    row_rect = pygame.Rect(x, bottom.top + 1, bottom.right - score_w - x, bottom.height - 2)
    draw_icons(surface, app, row_rect, [(i, n) for i, n in icons], align="left")


def _seat_lines(row: pygame.Rect, s: float) -> tuple:
    """A player row's three lines: the name, season and score; who plays the seat ("Human",
    "Bot – Normal"); workers and belongings."""
    inner = pygame.Rect(row.left + px(4, s), row.top + 1, row.width - px(8, s), row.height - 3)
    top_h, kind_h = inner.height * 3 // 8, inner.height * 2 // 7
    return (pygame.Rect(inner.left, inner.top, inner.width, top_h),
            pygame.Rect(inner.left, inner.top + top_h, inner.width, kind_h),
            pygame.Rect(inner.left, inner.top + top_h + kind_h, inner.width, inner.height - top_h - kind_h))


def prepare_label(app, state, seat) -> str:
    """The Prepare button: the season it enters and what that gives (a worker, production, cards),
    or that the player's game then ends."""
    nxt = state.season[seat] + 1 if seat is not None else 1
    if nxt >= len(state.valley.seasons):
        return app.t("valley.buttons.prepare_none")
    season = state.valley.seasons[nxt]
    name = season_in_text(app, state.valley, season.id)
    gives = [app.t("valley.table.gives_worker", n=season.workers)] if season.workers else []
    for effect in season.effects:
        gives.append(app.t("valley.table.gives_production") if isinstance(effect, Produce)
                     else simple_text(app, (effect,)))
    if not gives:
        return app.t("valley.buttons.prepare_last", season=name)
    return app.t("valley.buttons.prepare", season=name, gives=app.t("list.sep").join(gives))


def icons_of(outcome) -> list:
    """The preview's gains as icons with signed counts."""
    out = [(r, f"{n:+d}") for r, n in zip(RESOURCES, outcome.resources) if n]
    if outcome.cards:
        out.append(("card", f"{outcome.cards:+d}"))
    if outcome.points:
        out.append(("point", f"{outcome.points:+d}"))
    return out
