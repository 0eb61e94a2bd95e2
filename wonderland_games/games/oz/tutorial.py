"""The guided first game of Lost in Oz: a real game from an arranged position near its end.

A whole game runs to 20 points over many rounds, so the tutorial starts late in
one (data/oz/tutorial.yaml, `setup.deal`): the board, where every piece stands,
the scores, the hands and the deck, and the dice of the round to draft are laid
out as the script needs them. Everything after comes from the engine's own
generator, whose state the deal names (`rng`): the script's moves are fixed, so
the gems' jumps, the cards drawn, the wizard's new cell and the next round's dice
are too, and the deal's `rng` was picked for them to fit the lesson.

The position passes through `to_dict`/`from_dict`, so it is checked as any save
is (every card once, scores that add up, a coherent phase) and saves and replays
as any game.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from ...core.chance import MASK
from ...core.game import Seat
from .board import DIRS, parse_cell
from .rules import BREAKDOWN, COLOURS, DIE, DRAFT_DIR, OzState, new_state


def arranged_state(seats: Sequence[Seat], deal: Mapping, seed: int = 0, options: Mapping | None = None) -> OzState:
    """A game in the direction draft of round `deal["round"]`, laid out as `deal` says.

    deal: layout [[tile, rotation] x 9], round, tokens [cell per seat], gems {colour: cell},
    wizard (cell), wizard_holder (seat: the starting player), earned [[own gems, other gems,
    wizard] per seat], cards_played [per seat], hands [[card ids] per seat], deck [card ids; the
    rest lie on the discard pile], dice {direction: [N/E/S/W per seat], action: [1-6 per seat]},
    rng (the generator's state: the dice and draws to come). Bad data raises ValueError.
    """
    state = new_state(seats, seed, dict(options or {}))
    data = state.to_dict()
    n = len(seats)
    try:
        earned = [[int(v) for v in e] for e in deal["earned"]]
        hands = [[int(c) for c in h] for h in deal["hands"]]
        deck = [int(c) for c in deal["deck"]]
        dirs, acts = list(deal["dice"]["direction"]), list(deal["dice"]["action"])
        holder = int(deal["wizard_holder"])
        gems = {str(c): list(parse_cell(at)) for c, at in deal["gems"].items()}
        data.update({
            "layout": [[str(t), int(r)] for t, r in deal["layout"]],
            "round": int(deal["round"]),
            "tokens": [list(parse_cell(c)) for c in deal["tokens"]],
            "gems": {c: gems[c] for c in COLOURS if c in gems},
            "wizard": list(parse_cell(deal["wizard"])),
            "wizard_holder": holder, "starter": holder,
            "earned": earned, "scores": [sum(e) for e in earned],
            "cards_played": [int(p) for p in deal["cards_played"]],
            "hands": hands, "deck": deck,
            "discard": [c for c in state.cards.spell_ids if c not in deck and all(c not in h for h in hands)],
            "phase": DRAFT_DIR, "queue": state.turn_order(holder),
            "dir_dice": dirs, "act_dice": acts, "dir_owner": [None] * n, "act_owner": [None] * n,
            "taken_dir": [None] * n, "taken_act": [None] * n, "order": [], "acting": None, "points": 0,
            "guide_used": [False] * n, "rng": int(deal["rng"]) & MASK,
        })
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ValueError(f"the Lost in Oz deal is incomplete or wrong ({exc!r})") from None
    if len(dirs) != n or len(acts) != n or not set(dirs) <= set(DIRS) or not set(acts) <= set(DIE):
        raise ValueError(f"the deal needs {n} direction dice (N/E/S/W) and {n} action dice (1-6)")
    if any(len(e) != len(BREAKDOWN) for e in earned):
        raise ValueError(f"each seat's earned points are {len(BREAKDOWN)} numbers: {BREAKDOWN}")
    return OzState.from_dict(data)  # checked as a save is: cards, seats, scores, phase


def tutorial_state(seats: Sequence[Seat], setup: Mapping) -> OzState:
    """GameInfo.tutorial_state: the script's setup (seed, options, deal) as a game."""
    return arranged_state(seats, setup["deal"], int(setup.get("seed", 0)), setup.get("options") or {})
