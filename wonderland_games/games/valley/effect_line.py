"""A Valley card's effect as one short line of icons and numbers, read off its effect data.

Players had to hover every card to learn what it does. `effect_line(kind)` maps each effect
kind of the vocabulary (effects.VOCABULARY; one function each in GLYPHS) to glyphs: "+2 [berry]"
a gain, "+2 [card]" a draw, "+2 [?]" a choice of any resources (the board's teal "?"; among some,
their icons on pale teal), "≤3× [card] → [?]" a trade, "[card of a role] : +[point]" a bonus,
"[card of a role] −1 [?]" a discount, "+[point] ×[card of a role] ≤4" a count. A leading mark says
when it acts: the role's symbol on its colour for once on play (travel), at each production and at
the end (prosperity); a worker for a spot (two of two colours: an open one, then "| [owner] [point]"
for what its owner gets). Drawn with the board's and the cost row's icons; the hover text keeps
the full wording.

A glyph is ("t", text) or ("i", icon), with a third item MARK or OWNER when a narrow card may
leave it out. An icon is a resource, "point", "card", "choose", "worker", "workers", "owner",
"sep", "unique", "roles" (distinct roles), "location", "critter", "construction", "role:ID",
"kind:ID" (that card's emblem), "or:RES,RES" (one of these) or "mark:ROLE".
"""

from __future__ import annotations

import pygame

from ...ui import text as tx
from ...ui import theme
from . import art
from .board_view import draw_icon
from .cards import load_cards
from .effects import ANY, RESOURCES, VOCABULARY

_MARKED = ("travel", "production", "prosperity")  # when these act is not in the line itself
_PALE_TEAL = (200, 230, 228)
MARK, OWNER = 2, 1  # a glyph's third item: what a narrow card leaves out first (the mark), then next


def _n(sign: str, n: int) -> list:
    """"+2", or just "+" for one (the icon says the rest)."""
    text = sign + (str(n) if n != 1 else "")
    return [("t", text)] if text else []


def _bundle(sign: str, bundle) -> list:
    out = []
    for i, (res, n) in enumerate(bundle.items()):
        out += _n(sign if i == 0 else "", n) if n != 1 or i == 0 else []
        out.append(("i", res))
    return out


def _match(match) -> list:
    """The cards a count, a bonus or a discount is about, as one icon."""
    if match.kind is not None:
        return [("i", f"kind:{match.kind}")]
    if match.role is not None:
        return [("i", f"role:{match.role}")]
    if match.category is not None:
        return [("i", match.category)]
    if match.unique:
        return [("i", "unique")]
    return [("i", "card")]


def _count(count) -> list:
    if count.what == "cards":
        return _match(count.match)
    if count.what == "roles":
        return [("i", "roles")]
    if tuple(count.resources) == RESOURCES:
        return [("i", "choose")]
    return [("i", r) for r in count.resources]


def _per(gives: list, count, each: int, cap) -> list:
    """"+[point] ×[card]" (or "/2[?]" when it takes two), "≤4" the cap."""
    out = gives + ([("t", "×")] if each == 1 else [("t", f"/{each}")]) + _count(count)
    return out + ([("t", f"≤{cap}")] if cap is not None else [])


def _gain(e) -> list:
    return _bundle("+", e.resources)


def _choose(e) -> list:
    if e.options == RESOURCES:
        return _n("+", e.count) + [("i", "choose")]
    return _n("+", e.count) + [("i", "or:" + ",".join(e.options))]


def _draw(e) -> list:
    return _n("+", e.count) + [("i", "card")]


def _points(e) -> list:
    return _n("+", e.count) + [("i", "point")]


def _gain_per(e) -> list:
    gives = _bundle("+", e.resources) if e.resources.total else []
    gives += _n("+" if not gives else "", e.points) + [("i", "point")] if e.points else []
    return _per(gives, e.count, e.each, e.max)


def _trade(e) -> list:
    pay = (_bundle("", e.pay) if e.pay.total else []) + (_n("", e.cards) + [("i", "card")] if e.cards else [])
    get = _unsigned([g for effect in e.get for g in glyphs(effect)])  # the arrow says it is gained
    return ([("t", f"≤{e.times}×")] if e.times > 1 else []) + pay + [("t", "→")] + get


def _unsigned(line: list) -> list:
    """The glyphs without the "+" of what they gain (an arrow or the owner's mark says it)."""
    return [(what, value.lstrip("+"), *rest) for what, value, *rest in line
            if not (what == "t" and value == "+")]


def _worker(e) -> list:
    return [("t", "+"), ("i", "worker")]


def _produce(e) -> list:
    return [("i", "role:production")]


def _spot(e) -> list:
    out = [("i", "workers" if e.open else "worker")]
    if e.toll.total:
        out += _bundle("−", e.toll) + [("t", ":")]
    out += [g for effect in e.effects for g in glyphs(effect)]
    if e.owner_gets:  # the owner's share: dropped on a card too narrow for it (the hover text says it)
        owner = [("i", "sep"), ("i", "owner")] + _unsigned([g for effect in e.owner_gets for g in glyphs(effect)])
        out += [(what, value, OWNER) for what, value in owner]
    return out


def _discount(e) -> list:
    resource = "choose" if e.resource == ANY else e.resource
    return _match(e.cards) + [("t", f"−{e.amount}"), ("i", resource)]


def _play_bonus(e) -> list:
    return _match(e.cards) + [("t", ":")] + [g for effect in e.effects for g in glyphs(effect)]


def _end_points(e) -> list:
    return _per(_n("+", e.points) + [("i", "point")], e.count, e.each, e.max)


def _end_if(e) -> list:
    cond = e.condition
    if cond.test == "at_least":
        head = [("t", f"≥{cond.at_least}")] + _count(cond.count)
    elif cond.test == "most":
        head = [("t", "★")] + _count(cond.count)
    else:
        head = [("i", f"kind:{k}") for k in cond.kinds]
    return head + [("t", ":")] + _n("+", e.points) + [("i", "point")]


_NAMED = {
    "copy_production": [("t", "⇄"), ("i", "role:production")],
    "copy_location": [("t", "⇄"), ("i", "location")],
}


def _named(e) -> list:
    return list(_NAMED[e.name])


GLYPHS = {
    "gain": _gain, "choose": _choose, "draw": _draw, "points": _points, "gain_per": _gain_per,
    "trade": _trade, "worker": _worker, "produce": _produce, "spot": _spot, "discount": _discount,
    "play_bonus": _play_bonus, "end_points": _end_points, "end_if": _end_if, "named": _named,
}
assert set(GLYPHS) == set(VOCABULARY), "every effect kind needs its glyphs"


def glyphs(effect) -> list:
    return GLYPHS[effect.kind](effect)


def effect_line(kind) -> list:
    """The glyphs of a card kind: its trigger mark (travel, production, prosperity), then each effect."""
    out = [("i", f"mark:{kind.role}", MARK)] if kind.role in _MARKED else []
    for i, effect in enumerate(kind.effects):
        out += ([("t", " ")] if i else []) + glyphs(effect)
    return out


# ---- drawing -----------------------------------------------------------------------------------

def _widths(app, line: list, size: int) -> tuple:
    """(font, [width of each glyph], total) at icon size `size`; glyphs sit 1/8 of it apart."""
    font = app.font(max(8, size * 9 // 10), True)
    widths = [font.size(g[1])[0] if g[0] == "t" else _icon_width(g[1], size) for g in line]
    return font, widths, sum(widths) + (len(line) - 1) * max(1, size // 8)


def _icon_width(name: str, size: int) -> int:
    """Square, but a choice among some resources (their icons a little overlapped) and a separator."""
    if name == "sep":
        return max(1, size // 4)
    return size + (len(name.split(",")) - 1) * size * 2 // 3 if name.startswith("or:") else size


def fit(app, line: list, width: int, height: int, smallest: int) -> tuple:
    """(size, glyphs): the largest icon size up to `height` at which the line fits `width`, not below
    `smallest`; then without its trigger mark; then without the owner's share of a spot; then
    smaller still, down to 8 px; else (the narrow city cards of four players) what fits of it, then
    "…" (a line cut at both ends, as drawn clipped, read as a different effect)."""
    for floor, keep in ((smallest, MARK), (smallest, OWNER), (smallest, 0), (8, 0)):
        shown = [g[:2] for g in line if len(g) < 3 or g[2] <= keep]
        for size in range(max(floor, height), floor - 1, -1):
            if _widths(app, shown, size)[2] <= width:
                return size, shown
    size = min(max(8, smallest), max(8, height))
    while len(shown) > 1 and _widths(app, shown + [("t", "…")], size)[2] > width:
        shown = shown[:-1]
    return size, shown + [("t", "…")]


def draw(surface, app, rect: pygame.Rect, line: list, smallest: int, colour=theme.INK) -> int:
    """The line centred in `rect`; returns the icon size it was drawn at."""
    size, shown = fit(app, line, rect.width, rect.height, smallest)
    font, widths, total = _widths(app, shown, size)
    x = rect.centerx - total // 2
    for (what, value), w in zip(shown, widths):
        box = pygame.Rect(x, rect.centery - size // 2, size, size)
        if what == "t":
            img = tx.render(font, value, colour)  # its ink centred on the icons' (a "/" descends)
            ink = img.get_bounding_rect()
            surface.blit(img, (box.left + (w - ink.width) // 2, box.centery - ink.height // 2), ink)
        else:
            icon(surface, app, value, box.inflate(w - size, 0).move((w - size) // 2, 0))
        x += w + max(1, size // 8)
    return size


def icon(surface, app, name: str, box: pygame.Rect) -> None:
    """One icon of a line in a square `box`."""
    size = box.height
    kind, _, arg = name.partition(":")
    if kind == "or":  # the options side by side on a pale teal (the board's "?" is a choice)
        pygame.draw.rect(surface, _PALE_TEAL, box, border_radius=size // 3)
        pygame.draw.rect(surface, theme.TEAL, box, 1, border_radius=size // 3)
        step = (box.width - size) // max(1, len(arg.split(",")) - 1)
        for i, res in enumerate(arg.split(",")):
            surface.blit(art.resource(res, max(4, size - 2)), (box.left + 1 + i * step, box.top + 1))
    elif kind in ("mark", "role"):  # the role's symbol in white on its colour: a card, or a round mark
        role = load_cards().roles[arg]
        if kind == "role":
            card = pygame.Rect(0, 0, max(3, size * 4 // 5), size)
            card.center = box.center
            pygame.draw.rect(surface, art.role_rgb(role), card, border_radius=max(1, size // 6))
            sym = art.role_symbol_light(role.symbol, max(4, card.width - 1))
        else:
            pygame.draw.circle(surface, art.role_rgb(role), box.center, size // 2)
            sym = art.role_symbol_light(role.symbol, max(4, size * 4 // 5))
        surface.blit(sym, sym.get_rect(center=box.center))
    elif name == "sep":  # between what the user of a spot gets and what its owner gets
        pygame.draw.line(surface, theme.INK_SOFT, (box.centerx, box.top + 1), (box.centerx, box.bottom - 2))
    elif kind == "kind":
        card = box.inflate(-max(0, size // 8), 0)
        pygame.draw.rect(surface, theme.CREAM, card, border_radius=max(1, size // 6))
        pygame.draw.rect(surface, theme.INK_SOFT, card, 1, border_radius=max(1, size // 6))
        surface.blit(art.emblem(arg, max(4, size - 2)), box.move(1, 1))
    elif name in ("worker", "workers", "owner"):
        _workers(surface, name, box)
    elif name == "unique":  # a plum diamond (gold circles are points)
        c, h = box.center, (size - 1) // 2
        x, y = c
        pygame.draw.polygon(surface, theme.PLUM, [(x, y - h), (x + h, y), (x, y + h), (x - h, y)])
    elif name == "roles":
        stripe = max(1, size // 5)
        for i, role in enumerate(load_cards().roles.values()):
            pygame.draw.rect(surface, art.role_rgb(role), (box.left + i * size // 5, box.top, stripe, size))
    elif name == "location":
        pygame.draw.rect(surface, theme.CREAM, box, border_radius=max(1, size // 5))
        pygame.draw.rect(surface, (92, 160, 96), box, max(1, size // 8), border_radius=max(1, size // 5))
        tree = [(box.centerx, box.top + size // 5), (box.left + size // 5, box.bottom - size // 4),
                (box.right - size // 5, box.bottom - size // 4)]
        pygame.draw.polygon(surface, (92, 160, 96), tree)
    elif name in ("critter", "construction"):
        _category(surface, name, box)
    else:
        draw_icon(surface, app, name, box)


def _workers(surface, name: str, box: pygame.Rect) -> None:
    """A worker (a spot you place one on); two, the second in another colour (anyone's: an open spot);
    the owner's (gold) for what the card's owner gets."""
    size = box.width
    if name == "workers":
        small = max(4, size * 4 // 5)
        surface.blit(art.meeple(1, small, marked=False), (box.right - small, box.top))
        surface.blit(art.meeple(0, small, marked=False), (box.left, box.bottom - small))
    else:
        surface.blit(art.meeple(2 if name == "owner" else -1, size, marked=False), box)


def _category(surface, name: str, box: pygame.Rect) -> None:
    """A paw (a critter) or a little house (a construction), in ink."""
    s, (x, y) = box.width, box.topleft
    if name == "critter":
        pygame.draw.ellipse(surface, theme.INK, (x + s * 3 // 10, y + s * 5 // 10, s * 2 // 5, s * 2 // 5))
        for dx, dy in ((0.12, 0.38), (0.32, 0.14), (0.56, 0.14), (0.76, 0.38)):
            pygame.draw.circle(surface, theme.INK, (x + int(s * dx) + s // 10, y + int(s * dy) + s // 10),
                               max(1, s // 9))
    else:
        pygame.draw.polygon(surface, theme.INK, [(x + s // 2, y + s // 10), (x + s * 9 // 10, y + s * 9 // 20),
                                                 (x + s // 10, y + s * 9 // 20)])
        pygame.draw.rect(surface, theme.INK, (x + s // 5, y + s * 9 // 20, s * 3 // 5, s * 9 // 20))
        pygame.draw.rect(surface, theme.CREAM, (x + s * 2 // 5, y + s * 3 // 5, s // 5, s * 3 // 10))
