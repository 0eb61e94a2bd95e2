"""What a Lost in Oz seat's phone shows (net/hands.py): its magic cards, the dice on offer, where
it stands and its score; and its choices in the Suggest button's words: the dice to take, the walk
(a step, the guide, the Wizard card's ±1), spells to cast (one group a spell with choices to make,
each choice short) or to discard. Where the table previews a walk, the detail says where it goes.
"""

from __future__ import annotations

import random

from . import preview, rules
from .board import cell_name
from .narrate import counted, describe, spell_name, value_label
from .panels import strip_brief
from .spells import RANDOM_KINDS

DICE_TAKES = ("take_dir", "take_act")
WALKS = ("step", "adjust", "guide")


def _cap(text: str) -> str:
    """A choice starts with a capital (the Suggest's words are mid-sentence ones)."""
    return text[:1].upper() + text[1:]


def spell_card(words, view, card: int) -> dict:
    info = view.cards[card]
    return {"label": spell_name(words, view.cards, card), "text": strip_brief(words, info), "kind": info.kind}


def die_card(words, view, kind: str, index: int) -> dict:
    """A die of the draft: its face, and who took it (empty while on offer)."""
    direction = kind == "direction"
    value = (view.dir_dice if direction else view.act_dice)[index]
    owner = (view.dir_owner if direction else view.act_owner)[index]
    return {"label": words.t(f"oz.dir_arrows.{value}") if direction else str(value), "die": kind,
            "face": words.t(f"oz.phone.die_face.{value}") if direction else str(value),
            "owner": "" if owner is None else view.seats[owner].name}


def sections(view, seat: int, words, moment=None) -> list:
    t = words.t
    hand = [spell_card(words, view, c) for c in view.hands[seat]]
    if view.wizard_holder == seat:
        hand.insert(0, spell_card(words, view, 0))
    out = [{"title": t("oz.hand_title"), "cards": hand} if hand else
           {"title": t("oz.hand_title"), "lines": [t("oz.hand_empty")]}]
    if view.dir_dice and view.phase in (rules.DRAFT_DIR, rules.DRAFT_ACT):
        dice = [die_card(words, view, "direction", i) for i in range(len(view.dir_dice))]
        dice += [die_card(words, view, "action", i) for i in range(len(view.act_dice))]
        out.append({"title": t("oz.phone.dice", round=view.round), "cards": dice})
    out.append({"title": t("oz.phone.you"), "lines": _you(view, seat, words)})
    out.append({"title": t("oz.phone.table"), "lines": _others(view, seat, words)})
    return out


def _you(view, seat: int, words) -> list:
    t = words.t
    colour = view.colours[seat]
    gem = view.gems.get(colour)
    lines = [t("oz.phone.character", character=t(f"oz.characters.{view.characters[seat]}"),
               colour=t(f"oz.colours.{colour}"), cell=cell_name(*view.tokens[seat])),
             t("oz.phone.score", score=counted(words, "score", view.scores[seat]), target=rules.TARGET)]
    if gem is not None:
        lines.append(t("oz.phone.gem", colour=t(f"oz.colours.{colour}"), cell=cell_name(*gem)))
    dice = [t(f"oz.dir_arrows.{view.taken_dir[seat]}") if view.taken_dir[seat] is not None else None,
            str(view.taken_act[seat]) if view.taken_act[seat] is not None else None]
    if any(dice):
        lines.append(t("oz.phone.your_dice", dice=t("list.sep").join(d for d in dice if d)))
    if view.phase == rules.ACTION and view.acting == seat:
        lines.append(t("oz.phone.points", points=counted(words, "points", view.points)))
    return lines


def _others(view, seat: int, words) -> list:
    """The public facts a choice weighs: the others' tokens and scores, and the wizard."""
    t = words.t
    lines = [t("oz.phone.other", name=s.name, character=t(f"oz.characters.{view.characters[i]}"),
               cell=cell_name(*view.tokens[i]), score=counted(words, "score", view.scores[i]),
               cards=counted(words, "magic_cards", len(view.hands[i])))
             for i, s in enumerate(view.seats) if i != seat]
    if view.wizard is not None:
        lines.append(t("oz.phone.wizard", cell=cell_name(*view.wizard)))
    return lines


def walk_text(words, view, path: list) -> str:
    """"Walk: C3 → C4 → D4 – +2 points": where the walk ahead goes and what it finds."""
    t = words.t
    if not path:
        return ""
    cells = [cell_name(*p.target) if p.target is not None else t("oz.phone.edge_cell") for p in path]
    parts = [t("oz.phone.walk", cells=" → ".join(cells))]
    score = sum(p.score for p in path)
    books = sum(p.book for p in path)
    if score:
        parts.append(t("oz.phone.gain", score=counted(words, "score", score)))
    if books:
        parts.append(t("oz.phone.book", cards=counted(words, "magic_cards", books)))
    return t("sep").join(parts)


def _walk_after(words, view, action) -> str:
    """The walk the table shows for `action`, played on the seat's own view (hands and dice to come
    made up, as the table's preview does: nothing they decide is told); for a spell that moves a
    piece, first which piece goes where ("Bob: C3 → C2")."""
    if action == rules.STEP:
        return walk_text(words, view, preview.walk(view))
    sim = view.determinize(random.Random(0))
    events = sim.apply(action)
    moved = [_moved(words, view, e) for e in events if e["type"] == "spell" and e["kind"] in MOVERS]
    walk = walk_text(words, sim, preview.walk(sim)) if sim.phase == rules.ACTION else ""
    return words.t("sep").join(part for part in moved + [walk] if part)


MOVERS = ("move_gem", "push", "move_wizard", "sidestep")  # spells that move one piece a cell


def _moved(words, view, e: dict) -> str:
    t, kind = words.t, e["kind"]
    if kind == "move_gem":
        what = t("oz.phone.gem_piece", colour=t(f"oz.colours.{e['colour']}"))
    elif kind == "push":
        what = view.seats[e["target"]].name
    else:
        what = t(f"oz.phone.{kind}_piece")
    return t("oz.phone.moved", what=what, a=cell_name(*e["from"]), b=cell_name(*e["to"]))


def choices(view, seat: int, legal: list, words) -> list:
    t = words.t
    out = []
    for action in legal:
        kind = action[0]
        text = _cap(describe(words, view, action))
        if kind in DICE_TAKES:
            die = "direction" if kind == "take_dir" else "action"
            group = t(f"oz.phone.take_{die}")
            out.append({"group": group, "text": text, "card": die_card(words, view, die, action[1])})
        elif kind == "discard":
            card = spell_card(words, view, action[1])
            out.append({"group": t("oz.phone.discard"), "text": text, "detail": card["text"], "card": card})
        elif kind == "cast":
            out.append(_cast(words, view, action, text))
        else:
            out.append({"group": t("oz.phone.walk_group"), "text": text, "detail": _walk_after(words, view, action)})
    return [{k: v for k, v in c.items() if v != ""} for c in out]  # no detail rather than an empty one


def _cast(words, view, action, text: str) -> dict:
    """A spell with choices has a group of its own, each choice its values alone ("Red – ↑ N");
    the detail is the walk after it, or what the spell does where the dice decide."""
    t, card = words.t, view.cards[action[1]]
    brief = strip_brief(words, card)
    detail = brief if card.kind in RANDOM_KINDS else _walk_after(words, view, action) or brief
    if len(action) == 2:
        return {"group": t("oz.phone.cast"), "text": text, "detail": detail}
    values = t("sep").join(value_label(words, view, v) for v in action[2:])
    return {"group": _cap(t("oz.suggest.cast", card=spell_name(words, view.cards, action[1]))), "text": values,
            "detail": detail}
