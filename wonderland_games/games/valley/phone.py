"""What a Wonderland Valley seat's phone shows (net/hands.py): the hand and what the seat drew
since it last acted, the resources, the workers left and the season, the seat's city, a line on
each other player, the last turns once someone has entered the second winter, and at game over
the seat's final result first, where it said "points now"; and every legal
action in the Suggest's words (narrate.describe_action), grouped as spots to take, cards to play,
and the other decisions, with what it would bring (the table's preview, preview.outcome) as the
detail."""

from __future__ import annotations

from ...net.hands import final_place
from . import preview
from .data import SEASON_IDS
from .state import FINAL
from .effects import RESOURCES
from .narrate import cards_text, counted, describe_action, kind_name, resources_text, season_name, tie_note
from .rules import BREAKDOWN

GROUPS = {"place": "spots", "play": "cards", "prepare": "season"}  # the rest: decisions


def card(words, view, kind_id: str) -> dict:
    """A card on the phone: its emblem, its role's colour and symbol, cost and points."""
    kind = view.cards.kinds[kind_id]
    role = view.cards.roles[kind.role]
    return {"label": kind_name(words, view.valley, kind_id), "art": f"/art/valley/cards/{kind_id}.svg",
            "rgb": role.rgb, "role_art": f"/art/valley/roles/{role.symbol}.svg", "points": kind.points,
            "cost": [[r, n] for r, n in kind.cost.items() if n]}


def sections(view, seat: int, words, moment=None) -> list:
    t, v = words.t, view.valley
    limit, hand = view.numbers.hand_limit, view.hands[seat]
    home = view.workers[seat] - len(view.placed[seat])
    lines = [t("valley.phone.resources", resources=resources_text(words, zip(RESOURCES, view.resources[seat]))),
             t("valley.phone.workers", season=season_name(words, v, SEASON_IDS[view.season[seat]]),
               home=home, n=view.workers[seat]),
             t("valley.phone.final_score" if view.over else "valley.phone.score", n=view.scores_now()[seat],
               tokens=counted(words, "points", view.tokens[seat]))]
    city = view.cities[seat]
    drawn = view.drawn[seat]  # since this seat last acted: the view holds no other seat's
    out = [{"title": t("valley.table.hand", n=len(hand), limit=limit), "cards": [card(words, view, k) for k in hand],
            "lines": [t("valley.phone.drew", cards=cards_text(words, v, drawn))] if drawn else []},
           {"title": t("valley.phone.yours"), "lines": lines},
           {"title": t("valley.phone.city", n=len(city), limit=view.numbers.city_limit),
            "cards": [card(words, view, k) for k in city], "lines": [] if city else [t("valley.words.nothing")]}]
    scores = view.scores_now()
    others = [other_line(words, view, s, scores[s]) for s in range(len(view.seats)) if s != seat]
    if view.opponent is not None:
        others.append(words.t("valley.phone.opponent", name=words.i18n.pick(view.solo.name),
                              score=view.opponent_score()))
    if others:
        out.append({"title": t("valley.phone.others"), "lines": others})
    if view.over:
        out.insert(0, final(view, seat, words))
    elif view.endgame:
        out.insert(0, last_turns(words, view, seat))
    return out


def final(view, seat: int, words) -> dict:
    """The seat's result once the game is over: won, shared or its place with its final score,
    what the score is made of, and how a tie on the most points went (the results screen's note).
    First on the page (`top`): what a player looks for once the game is over."""
    t, result = words.t, view.result()
    parts = [t(f"valley.table.breakdown.{key}", n=n) for key, n in
             ((key, result.breakdown[seat][key]) for key in BREAKDOWN) if n]
    lines = [final_place(result, seat, words)] + ([t("list.sep").join(parts)] if parts else [])
    note = None if view.opponent is not None else tie_note(t, [s.name for s in view.seats], result.scores, result.extra)
    if note:
        lines.append(note)
    return {"title": t("phone.final"), "lines": lines, "top": True}


def last_turns(words, view, seat: int) -> dict:
    """The table's warning once someone has entered the second winter, in the rule text's words:
    who has stopped, the one more turn everyone else has, and whether this seat still has it.
    Shown above the choices (`top`), as it bears on them."""
    t = words.t
    winter = [view.seats[s].name for s in range(len(view.seats)) if view.season[s] == FINAL]
    lines = [t("valley.phone.last.who", names=words.i18n.join(winter))] if winter else []
    lines.append(t("valley.phone.last.rule"))
    lines.append(t("valley.phone.last.stopped" if view.finished[seat] else "valley.phone.last.yours"))
    return {"title": t("valley.phone.last.title"), "lines": lines, "top": True}


def other_line(words, view, s: int, score: int) -> str:
    """"Bob · Summer · 1 of 3 workers at home · 5 cards in hand · city 6 · 12 points" (public only)."""
    return words.t("valley.phone.other", name=view.seats[s].name,
                   season=season_name(words, view.valley, SEASON_IDS[view.season[s]]),
                   home=view.workers[s] - len(view.placed[s]), n=view.workers[s], hand=len(view.hands[s]),
                   city=len(view.cities[s]), score=score)


def choices(view, seat: int, legal: list, words) -> list:
    t = words.t
    out = []
    for action in legal:
        kind = action[0]
        choice = {"group": t(f"valley.phone.group.{GROUPS.get(kind, 'decide')}"),
                  "text": describe_action(words, view, action)}
        if kind in GROUPS and view.decision() is None:
            choice["detail"] = detail(words, view, seat, action)
        if kind == "play":
            choice["card"] = card(words, view, action[1])
        elif kind in ("mulligan", "discard") and 1 < len(action) <= 3:
            choice["cards"] = [card(words, view, k) for k in action[1:]]
        if kind == "mulligan":
            hand = view.hands[seat]
            if 2 < len(action) < len(hand) + 1:
                # the free redraw lists every part of the hand (2^8 of 8 cards): a phone offers keeping
                # it, putting back one card or all; the big screen's redraw panel, marking cards, the rest
                choice["table"] = True
            # keeping first, then each card where the hand shows it (`legal` has them by kind), then all
            choice["order"] = hand.index(action[1]) if len(action) == 2 else -1 if len(action) == 1 else len(hand)
            if len(action) == len(hand) + 1:  # all of them, said in the hand's order
                choice["text"] = describe_action(words, view, ("mulligan", *hand))
        out.append(choice)
    return out


def detail(words, view, seat: int, action: tuple) -> str:
    """What the action brings at once, as the table's preview counts it: resources, cards, points,
    a worker, a choice to follow; preparing also says the workers it gives up."""
    t, result = words.t, preview.outcome(view, seat, action)
    gains = [counted(words, r, n) for r, n in zip(RESOURCES, result.resources) if n > 0]
    if result.cards > 0:
        gains.append(counted(words, "cards", result.cards))
    if result.points:
        gains.append(counted(words, "points", result.points))
    parts = [t("valley.phone.gets", what=words.i18n.join(gains))] if gains else []
    if result.card_points:
        parts.append(t("valley.phone.worth", points=counted(words, "points", result.card_points)))
    if result.workers:
        parts.append(t("valley.table.preview.worker"))
    if result.choice:
        parts.append(t("valley.table.preview.choice"))
    if action[0] == "prepare" and preview.unplaced(view, seat):
        parts.insert(0, t("valley.flow.give_up", n=preview.unplaced(view, seat)))
    if action[0] == "play" and result.discount.total:
        parts.append(t("valley.table.preview.discount", resources=resources_text(words, result.discount.items())))
    return " · ".join(parts) or t("valley.table.preview.nothing")
