"""What a Parade move looks like: the shared motion layer's beats (ui/motion.py, from
data/parade/motion.yaml) with what one line of that table cannot say.

A card another player's hand hid turns over where it lands; the cards a play takes light
up, then slide one after another to the taker's piles; a card drawn into a hand on show
turns over there; at the end every kept card goes to its player's piles and shows its face.
The table a move starts from is `opening`; each group's `done` moves what the scene shows
on by one `Stage`, so a card is never drawn where the motion has not yet brought it (the
scene's `_finish_timeline` lands the real state whenever the motion is cut short).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...ui.motion import Beat, beats_for
from . import rules

FLIP = 0.3  # seconds a revealed card takes to turn over
LOOK = 0.5  # seconds the taken cards stay lit before they go
SLIDE = 0.5  # seconds a taken card takes to its pile
STAGGER = 0.07  # seconds between cards setting off together


@dataclass(frozen=True)
class Stage:
    """What the table shows at one point of a move."""

    display: object  # the state drawn
    hidden: frozenset = frozenset()  # cards in the air: their places stay empty
    taken: frozenset = frozenset()  # parade cards lit (and lifted) as taken
    boundary: int | None = None  # where the parade's cards at risk end, while the played card waits


def opening(before, after, events: list) -> Stage:
    """The table as a move starts: as it was, the cards about to leave a hand away from it
    (at the end, the piles already hold the kept cards they are about to receive)."""
    for e in events:
        if e["type"] == "play":
            return Stage(before, frozenset([e["card"]]))
        if e["type"] == "game_over":
            shown = before.clone()
            shown.collections = after.collections[:]
            return Stage(shown, frozenset(c for pair in e["kept"] for c in pair))
    return Stage(after)


def beats(scene, event: dict) -> list:
    """The beats of one event of the move the scene is showing (its `before`, `after` and
    `events`), each group's end moving the table on."""
    kind = event["type"]
    if kind == "play":
        return _play(scene, event)
    if kind == "draw":
        return _draw(scene, event)
    if kind == "game_over":
        return _reveal(scene, event)
    return _yaml(scene, event)


def _yaml(scene, event: dict) -> list:
    out = beats_for(rules.GAME_ID, event, scene.motion_sprite, scene.layout.s)
    for beat in out:
        beat.fit = beat.sprite is not None
    return out


def _flip(scene, part: str, card: int, with_previous: bool = False) -> Beat:
    face, back = scene.card_sprite(card), scene.card_sprite(None)
    return Beat("flip", FLIP, [part], face, back, with_previous=with_previous, fit=True)


def _play(scene, event: dict) -> list:
    seat, card, taken = event["seat"], event["card"], frozenset(event["taken"])
    before, after = scene.move_before, scene.state
    out = _yaml(scene, event)
    if not out:
        return out
    if not scene.shows_hand(seat):  # its back travelled: it shows its face at the tail
        out.append(_flip(scene, "row:next", card))
    landed = before.clone()
    landed.hands[seat].remove(card)
    landed.parade = (*landed.parade, card)
    boundary = rules.removal_count(len(before.parade), scene.deck.value_of(card))
    then = _drawn(scene, seat)
    sound = "draw" if then.hidden else None
    if not taken:
        out[-1].done.append(scene.stage_setter(then, sound))
        return out
    out[-1].done.append(scene.stage_setter(Stage(landed, taken=taken, boundary=boundary)))
    sliding = landed.clone()
    sliding.collections = after.collections[:]
    out.append(Beat("pause", LOOK, done=[scene.stage_setter(Stage(sliding, taken, taken, boundary), "take")]))
    for i, c in enumerate(event["taken"]):  # head first, as they leave the parade
        out.append(Beat("travel", SLIDE, [f"row:{c}", f"collection:{c}"], scene.card_sprite(c), arc=24 * scene.layout.s,
                        delay=STAGGER * i, with_previous=i > 0, fit=True))
    out[-1].done.append(scene.stage_setter(then, sound))
    return out


def _drawn(scene, seat: int) -> Stage:
    """The table once a play has gone where it goes: with the card it drew in the air, if any."""
    draw = next((e for e in scene.move_events if e["type"] == "draw" and e["seat"] == seat), None)
    if draw is None:
        return Stage(scene.state)
    return Stage(scene.state, frozenset([draw["card"]]))


def _draw(scene, event: dict) -> list:
    out = _yaml(scene, event)
    if out and scene.shows_hand(event["seat"]):  # its owner sees what came
        out.append(_flip(scene, f"held:{event['seat']}:{event['card']}", event["card"]))
    if out:
        out[-1].done.append(scene.stage_setter(Stage(scene.state)))
    return out


def _reveal(scene, event: dict) -> list:
    """Every player's two kept cards to their piles, then the hidden ones turn over there."""
    out, hidden = [], []
    for seat, pair in enumerate(event["kept"]):
        for card in pair:
            for beat in _yaml(scene, {"type": "game_over", "seat": seat, "card": card}):
                beat.delay, beat.with_previous = STAGGER * len(out), bool(out)
                out.append(beat)
            if not scene.shows_hand(seat):
                hidden.append(card)
    if not out:
        return out
    flips = [_flip(scene, f"collection:{c}", c, with_previous=i > 0) for i, c in enumerate(hidden)]
    if flips:  # in their piles, face down until they have turned
        out[-1].done.append(scene.stage_setter(Stage(scene.state, frozenset(hidden))))
    out += flips
    out[-1].done.append(scene.stage_setter(Stage(scene.state)))
    return out
