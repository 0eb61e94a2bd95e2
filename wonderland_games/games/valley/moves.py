"""What a Valley move looks like: its events as the shared motion layer's beats (ui/motion.py).

`data/valley/motion.yaml` says how each event kind moves; this module adds what the data
cannot say. `annotate` names in the events what the engine does not: where a gain comes
from (`origin`: the spot, card, event or row that gave it) and the spots the workers come
home from at a recall (`walked`). `shape` turns one event's beats into what a player
expects to see: each recalled worker walking home on its own, drawn cards dealt one after
another, a card from a hidden hand turned face up where it lands. Each beat comes with
what it carries (a meeple to a spot, a card into a city): the table keeps that off its
place until the beat has played, so the table never shows a move before its motion.
`sprite` draws what moves: a meeple, a card, the resources or points a gain brings, the
solo opponent's die.
"""

from __future__ import annotations

import pygame

from ...ui import surfaces
from ...ui.motion import Beat
from ...ui.theme import px
from . import art
from .board_view import draw_icons
from .city_view import draw_card

OPPONENT = -1  # the solo opponent's seat, as the board and the players panel name it
DEAL_GAP = 0.12  # seconds between two cards dealt, two workers setting off
FLIP_SECONDS = 0.35


def annotate(before, events: list) -> None:
    """Name in the events what showing them needs and the engine does not say (see the module
    docstring); `before` is the state the action was applied to."""
    item = before.decision()
    origin = _origin(before, item[1], item[3]) if item is not None and item[0] in ("fx", "trade") else None
    for e in events:
        kind = e["type"]
        if kind == "place":
            origin = "spot:" + (e["spot"] if "spot" in e else f"{e['owner']}/{e['index']}")
        elif kind in ("play", "copy"):  # a card played or copied is the player's own
            origin = f"spot:{e['location']}" if "location" in e else f"card:{e['seat']}/{e['card']}"
        elif kind == "season":
            origin = f"seat:{e['seat']}"
            e["walked"] = list(before.placed[e["seat"]])
        elif kind == "opponent_recall":
            e["walked"] = list(before.opponent.workers)
        elif kind in ("gain", "points", "worker", "trade") and origin is not None:
            e["origin"] = origin


def _origin(state, key: str, seat: int):
    """The part a pending effect comes from, by its key ("board:<place>", "card:<kind>/...",
    "season:<id>")."""
    kind, _, rest = key.partition(":")
    ident = rest.split("/")[0]
    if kind == "board":
        return f"spot:{ident}"
    if kind == "card":
        return _card(state, seat, ident)
    return f"seat:{seat}"


def _card(state, seat: int, kind_id: str) -> str:
    """`card:<owner>/<kind>` of a card in `seat`'s city, else in the city that holds it (a
    worker's spot on another's card), else the seat's row."""
    owners = [seat] + [o for o in range(len(state.cities)) if o != seat]
    owner = next((o for o in owners if kind_id in state.cities[o]), None)
    return f"seat:{seat}" if owner is None else f"card:{owner}/{kind_id}"


def seat_of(event: dict):
    """Whose piece an event moves (OPPONENT for the solo opponent's)."""
    return OPPONENT if event["type"].startswith("opponent") else event.get("seat")


def shape(beats: list, event: dict, hand_shown: bool, city_index) -> list:
    """[(beat, what it carries or None)] of one event: `beats` from its motion entry; `hand_shown`:
    the mover's hand is on show; `city_index`: the index in the mover's city of the card just
    played. A card travels as its entry's `back` unless it comes from a hand on show. What a beat
    carries: ("worker", seat, spot key), ("card", seat, index) or ("drawn", seat, kind): a card
    dealt into a hand."""
    if not beats:
        return []
    kind, first = event["type"], beats[0]
    seat = seat_of(event)
    if kind in ("season", "opponent_recall") and first.motion == "walk":
        return [(b, None) for b in _homecoming(first)]
    if kind in ("draw", "opponent_take") and first.motion == "travel":
        cards = list(event.get("cards") or ())
        dealt = _dealt(first, len(cards))
        if kind == "opponent_take":
            return [(b, None) for b in dealt]
        return [(b, ("drawn", seat, card)) for b, card in zip(dealt, cards)] + [(b, None) for b in dealt[len(cards):]]
    if kind in ("place", "opponent_place") and first.motion == "walk":
        key = event["spot"] if "spot" in event else f"{event['owner']}/{event['index']}"
        return [(first, ("worker", seat, key))] + [(b, None) for b in beats[1:]]
    if kind == "play" and first.motion == "travel":
        landed = ("card", seat, city_index)
        if hand_shown:
            return [(first, landed)]
        return [(_faced_down(first), landed), (_turned(first), landed)]
    return [(b, None) for b in beats]


def _homecoming(walk: Beat) -> list:
    """One walker from each spot home, setting off one after another; a pulse on the row when
    no worker was out."""
    *spots, home = walk.path
    if not spots:
        return [Beat("pulse", 0.5, [home])]
    return [Beat("walk", walk.duration, [spot, home], walk.sprite, arc=walk.arc, text=walk.text if i == 0 else "",
                 delay=i * DEAL_GAP, with_previous=i > 0) for i, spot in enumerate(spots)]


def _dealt(travel: Beat, count: int) -> list:
    """Each card dealt after the one before, face down (a card with a `back` to show, the solo
    opponent's face-up pile, turns where it lands); a pulse where they would go when there was
    none to draw."""
    if not count:
        return [Beat("pulse", 0.4, travel.path[-1:])]
    out = [Beat("travel", travel.duration, travel.path, travel.back or travel.sprite, arc=travel.arc,
                delay=i * DEAL_GAP, with_previous=i > 0) for i in range(count)]
    return out + ([_turned(travel)] if travel.back is not None and travel.sprite is not None else [])


def _faced_down(travel: Beat) -> Beat:
    return Beat("travel", travel.duration, travel.path, travel.back or travel.sprite, arc=travel.arc,
                text=travel.text)


def _turned(travel: Beat) -> Beat:
    """The card turned face up where it landed."""
    return Beat("flip", FLIP_SECONDS, travel.path[-1:], travel.sprite, travel.back)


# -- what moves ------------------------------------------------------------------------------
def card_size(lay) -> tuple:
    """A card in motion is the size of a card in a city."""
    return lay.city_slots(0)[0].size


def sprite(app, lay, cards, name: str, event: dict):
    """The picture a motion entry's `sprite: name` moves for `event` (None: the shared token);
    `cards`: the game's cards (a face to draw)."""
    s = lay.s
    if name == "meeple":
        seat = seat_of(event)
        return art.meeple(seat if isinstance(seat, int) else OPPONENT, px(34, s))
    if name == "back":
        return art.card_back(card_size(lay))
    if name == "card":
        kind_id = event.get("card") or next(iter(event.get("cards") or ()), None)
        return None if kind_id not in cards.kinds else face(app, lay, cards, kind_id)
    if name == "die":
        return art.die(int(event.get("face", 1)), px(40, s))
    icons = {"resources": lambda: list((event.get("resources") or {}).items()),
             "points": lambda: [("point", event.get("points", 0))],
             "paid": lambda: list((event.get("paid") or {}).items()) + (
                 [("card", len(event["cards"]))] if event.get("cards") else [])}.get(name)
    return None if icons is None else strip(app, s, icons())


def face(app, lay, cards, kind_id: str) -> pygame.Surface:
    """A card face up, as a city shows it."""
    kind = cards.kinds[kind_id]
    img = surfaces.new(card_size(lay), alpha=True)
    draw_card(img, img.get_rect(), lay.s, app, kind, cards.roles[kind.role])
    return img


def strip(app, s: float, icons: list):
    """Counted icons on a paper chip ("2 berries, 1 twig"): what a gain brings."""
    icons = [(icon, n) for icon, n in icons if n]
    if not icons:
        return None
    h = px(30, s)
    w = sum(app.font(int(h * 0.85), True).size(str(n))[0] + h + h // 3 for _, n in icons) + px(12, s)
    img = surfaces.new((w, h + px(6, s)), alpha=True)
    rect = img.get_rect()
    pygame.draw.rect(img, (252, 246, 232, 235), rect, border_radius=rect.height // 2)
    pygame.draw.rect(img, (196, 160, 80, 255), rect, max(1, px(2, s)), border_radius=rect.height // 2)
    draw_icons(img, app, rect.inflate(-px(10, s), -px(8, s)), icons)
    return img
