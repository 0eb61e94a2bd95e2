"""What a World Voyage seat's phone shows (net/hands.py): its itinerary cards, its money, tokens,
score and where it stands, and the destinations on display (public, but what every move aims at);
its choices in the table's words: moves grouped by card (a city each, short: a card reaches dozens),
visits, the frequent flyer, what money or a token buys, and ending the turn.
"""

from __future__ import annotations

from . import rules
from .cards import FLY, PLAIN
from .narrate import card_name, city_name, colour_name, counted, describe, dest_name, region_name

SYMBOLS = {"triangle": "▲", "square": "■", "circle": "●", "star": "★"}  # a colour's shape, never colour alone
HERE = "⚑"  # a city with a destination on display (the map marks it with a flag)


def card(words, view, c: int) -> dict:
    it = view.cards.itineraries[c]
    colour = view.cards.colours[it.colour]
    face = str(it.steps) if it.kind == PLAIN else words.i18n.pick(view.cards.specials[it.kind].name)
    return {"label": card_name(words, view.cards, c), "rgb": colour.rgb, "symbol": SYMBOLS.get(colour.symbol, ""),
            "face": face, "plain": it.kind == PLAIN, "fare": it.money}


def _dest_line(words, view, d: int) -> str:
    dest = view.cards.destinations[d]
    colour = view.cards.colours[dest.colour]
    reward = words.i18n.pick(dest.reward.text) if dest.reward is not None else ""
    text = words.t("voyage.phone.dest", symbol=SYMBOLS.get(colour.symbol, ""), name=dest_name(words, view.cards, d),
                   city=city_name(words, view.world, dest.city), colour=colour_name(words, dest.colour),
                   points=counted(words, "points", dest.points))
    return text + words.t("sep") + reward if reward else text


def sections(view, seat: int, words, moment=None) -> list:
    t = words.t
    hand = [card(words, view, c) for c in view.hands[seat]]
    here = view.positions[seat]
    you = [t("voyage.phone.at", city=city_name(words, view.world, here),
             region=region_name(words, view.world, view.world.region_of[here])),
           t("voyage.phone.purse", money=counted(words, "money", view.money[seat]), tokens=view.tokens[seat],
             score=counted(words, "points", view.scores()[seat]))]
    if view.visited[seat]:
        you.append(t("voyage.phone.visited", names=t("list.sep").join(
            dest_name(words, view.cards, d) for d in view.visited[seat])))
    if view.phase == rules.TURN and view.current == seat:
        you.append(t("voyage.phone.actions", n=counted(words, "actions", view.actions_left), round=view.round,
                     limit=rules.ROUND_LIMIT))
    return [
        {"title": t("voyage.phone.hand", n=len(hand)), "cards": hand} if hand else
        {"title": t("voyage.phone.hand", n=0), "lines": [t("voyage.phone.no_cards")]},
        {"title": t("voyage.phone.you"), "lines": you, "top": True},  # where you are, actions left
        {"title": t("voyage.phone.display"), "lines": [_dest_line(words, view, d) for d in view.display]
         or [t("voyage.phone.none")]},
    ]


def choices(view, seat: int, legal: list, words) -> list:
    t = words.t
    out = []
    for action in legal:
        kind = action[0]
        if kind == "move":
            out.append(_move(words, view, seat, action))
        elif kind == "visit":
            out.append(_visit(words, view, seat, action))
        elif kind == "discard":
            out.append({"group": t("voyage.phone.discard"), "text": describe(words, view, action),
                        "card": card(words, view, action[1])})
        else:
            group = {"flyer": "flyer", "end": "end"}.get(kind, "shop")
            out.append({"group": t(f"voyage.phone.{group}"), "text": describe(words, view, action), "rank": 2})
    return out


def _move(words, view, seat: int, action) -> dict:
    """One card's group ("Green 3 to…"), a city a choice: its name, ★ where a destination waits;
    the detail names the card, says how far, the fare and that destination (the page puts the
    city first: card and city read as the Suggest's "Green 3 to Rome")."""
    t, c, city = words.t, action[1], action[2]
    it = view.cards.itineraries[c]
    parts = [card_name(words, view.cards, c)]
    if it.kind != FLY:
        parts.append(t("voyage.steps_away", steps=counted(words, "steps", view.world.dist[view.positions[seat]][city])))
    if it.money:
        parts.append(t("voyage.phone.fare", money=counted(words, "money", it.money)))
    dest = view.cards.dest_at.get(city)
    shown = dest in view.display
    if shown:
        parts.append(_dest_line(words, view, dest))
    name = city_name(words, view.world, city)
    return {"group": t("voyage.phone.move", card=card_name(words, view.cards, c)), "chip": True,
            "text": f"{HERE} {name}" if shown else name, "detail": t("sep").join(parts)}


def _visit(words, view, seat: int, action) -> dict:
    dest = view.cards.destinations[action[1]]
    points = counted(words, "points", dest.points)
    detail = words.t("voyage.phone.visit_gain", points=points)
    if dest.reward is not None:
        detail += words.t("sep") + words.i18n.pick(dest.reward.text)
    out = {"group": words.t("voyage.phone.visit", name=dest_name(words, view.cards, action[1]), points=points),
           "text": describe(words, view, action), "detail": detail, "rank": 0}  # first: the point of arriving
    if action[2] == "card":
        out["card"] = card(words, view, action[3])
    return out
