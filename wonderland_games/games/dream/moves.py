"""What Dream Teller's moves look like on the shared motion layer (ui/motion.py), beyond what
data/dream/motion.yaml says.

- The judged card's sprite shows its word only to whoever may see it (never a card the dreaming
  person missed; a table of people sees the screen's word). It leaves from the card's edge by its
  pile and the next card only rings: the word in play is never covered, the spirits clue from it.
- A part a move names that is not on show falls back: bot mode's seats and bubbles are a
  player's row at a table of people (`seat:2` -> `player:2`), anything else the stage's centre.
- A round's first word is turned up while the last round's scores still show: its card is
  dealt face down to the new dreamer's row instead of ringing a card that is not there.
- A round's end: each player's points fly from the stage to their total, and the totals
  wait for them (`DreamScene.score_lag`).
"""

from __future__ import annotations

import pygame

from ...ui import text as tx
from ...ui import surfaces, theme
from ...ui.motion import Beat, beats_for
from ...ui.theme import px
from .state import CORRECT, TABLE

FALLBACK = {"bubble": "seat", "seat": "player"}  # the part a move moves to when its own is not on show
CENTRE = "stage:centre"
FLIGHT = 0.55  # seconds of one player's points flying to their row
STAGGER = 0.12  # seconds between two players' flights


def shown(scene, name: str) -> str:
    """`name`, or what stands for it when it is not on show (FALLBACK, then the stage's centre)."""
    while scene.target_rect(name) is None:
        kind, _, arg = name.partition(":")
        name = f"{FALLBACK[kind]}:{arg}" if kind in FALLBACK else CENTRE
        if name == CENTRE:
            break
    return name


def beats(scene, event: dict) -> list:
    """The beats of one of Dream's events, their parts as shown now."""
    if event["type"] == "round_end":
        return _points(scene, event)
    if event["type"] == "word" and scene.target_rect("card:word") is None:
        return [Beat("travel", 0.45, [CENTRE, shown(scene, f"player:{scene.state.dreamer()}")],
                     sprite(scene, "card_back", event), arc=24 * scene.layout.s)]
    out = beats_for(scene.game_id, event, lambda name, e: sprite(scene, name, e), scene.layout.s)
    for beat in out:
        beat.path = [shown(scene, p) if isinstance(p, str) else p for p in beat.path]
        beat.with_previous = event["type"] == "word"  # rings as the judged card leaves: nobody waits for it
        if event["type"] == "card":
            beat.arc = 0.0  # straight from the card's edge onto its pile, clear of the word
    return out


def marks(scene, names: list) -> list:
    return [shown(scene, name) for name in names]


def _points(scene, event: dict) -> list:
    """Every player's points of the round fly from the stage to their row (a 0 too: it is said);
    the rows' totals show the points once all have landed."""
    totals, points = event["totals"], event["points"]
    scene.score_lag = [total - gain for total, gain in zip(totals, points)]
    out = [Beat("fly", FLIGHT, [CENTRE, f"score:{seat}"], text=f"+{gain}", arc=40 * scene.layout.s,
                delay=seat * STAGGER, with_previous=seat > 0) for seat, gain in enumerate(points)]
    out[-1].done.append(scene.land_scores)
    return out


def may_see(scene, event: dict) -> bool:
    """Whether the one at the screen may see this card's word: a table of people sees the screen's
    word (the dreamer's eyes are closed); in bot mode a spirit does, the dreamer only a word they
    got right."""
    if scene.state.mode == TABLE:
        return True
    return not scene.view.dreaming() or event.get("outcome") == CORRECT


def sprite(scene, name: str, event: dict):
    """What a motion entry's `sprite: name` draws: "card" the judged card travelling to its pile
    (its word for whoever may see it), "card_back" a card dealt face down, "penalty" a red badge."""
    s = scene.layout.s
    if name == "penalty":
        r = px(14, s)
        surf = surfaces.new((2 * r, 2 * r), alpha=True)
        pygame.draw.circle(surf, theme.RED, (r, r), r)
        pygame.draw.circle(surf, theme.WHITE, (r, r), r, max(1, px(2, s)))
        return surf
    word = scene.word_name(event["word"]) if name == "card" and may_see(scene, event) else None
    return card(scene, (px(84, s), px(52, s)), word, event.get("outcome"))


def card(scene, size: tuple, word, outcome) -> pygame.Surface:
    """A small dream card: its face with `word`, edged in its pile's colour, or (word None) its
    plum back."""
    s, fonts = scene.layout.s, scene.app.fonts
    surf = surfaces.new(size, alpha=True)
    rect = surf.get_rect()
    radius = px(8, s)
    edge = theme.TEAL if outcome == CORRECT else theme.RED
    pygame.draw.rect(surf, theme.WHITE if word else theme.PLUM, rect, border_radius=radius)
    pygame.draw.rect(surf, edge if word else theme.GOLD, rect, width=max(2, px(3, s)), border_radius=radius)
    if word:
        tx.draw_block(surf, fonts, word, rect.inflate(-px(10, s), -px(8, s)), px(20, s), theme.PLUM, bold=True)
    else:
        pygame.draw.rect(surf, theme.GOLD_LIGHT, rect.inflate(-px(12, s), -px(12, s)), width=max(1, px(1, s)),
                         border_radius=radius // 2)
    return surf
