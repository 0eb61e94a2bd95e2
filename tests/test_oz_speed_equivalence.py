"""The fast Lost in Oz engine plays exactly as the engine before it was tuned.

The digests below were recorded from the engine before its speed work (those games
play by the one-spell-per-phase limit of that time, spell_limit=1; the rows with 0
were recorded when the limit was dropped), all by rules edition 1 (a cast spell
discarded before its effect): for each seeded random game, every legal-action list,
every event list, the actions, and the final state (plus views, determinized copies,
reveals_hidden and step_preview along the way). Any change in order, events or dice
use shows here. EDITION_2 pins the same games by edition 2 (the spell discarded after
its effect), recorded when that edition came: the events after a draw that empties
the pile differ, and the final state names its edition.
"""

from __future__ import annotations

import hashlib
import random

import pytest

from wonderland_games.core.game import Seat
from wonderland_games.core.session import state_digest
from wonderland_games.games.oz import rules
from wonderland_games.games.oz import spells as spellbook
from wonderland_games.games.oz.board import DELTA, DIRS, SIZE, Board, load_tiles, on_board

RECORDED = [  # spell limit, players, seed, actions, legal lists, events, final state digest (sha256 prefixes)
    (1, 2, 0, 909, "33b9fa545223", "bd9c6146ae00", "87d09601e383", "1382d689610e"),
    (1, 3, 1, 1737, "06f65d0d375f", "7e433714be26", "0ff1edcee693", "65e4b110feae"),
    (1, 4, 2, 1500, "9185e6578556", "03ff7e97a99d", "f171f5095916", "a4e80a8add0e"),
    (1, 4, 3, 1289, "02e84e81934f", "dcd811b39baf", "05e970ee3fa4", "3a3f710efa18"),
    (0, 2, 0, 1608, "ae6c55d93dcd", "a628b020b3d1", "008d2cc8bc1f", "8b6409489b50"),
    (0, 4, 2, 1007, "06a21ead8bc7", "34d0d9deb184", "fd106e2f5068", "1f2dadf63295"),
]
EDITION_2 = [  # the same columns, recorded by edition 2 (new games' rules: no limit)
    (1, 3, 1, 1546, "89b0f716497a", "bb7a51e8fc26", "31d2881668b7", "f0364d3c0518"),
    (0, 2, 0, 1886, "765487e8b01d", "ce158a86d60a", "bb096a7a57b4", "70ecd0428cda"),
    (0, 3, 1, 1313, "0786a2e32cb4", "00c7e8b17ebc", "bacc9a02dab2", "8a04caa49b78"),
    (0, 4, 2, 1007, "06a21ead8bc7", "f13c5e299cd4", "fd106e2f5068", "5cbc8f1bc6ac"),
]


def play(limit: int, players: int, seed: int, edition: int = 1) -> tuple:
    state = rules.new_state([Seat(f"P{i}", "human") for i in range(players)], seed,
                            {"spell_limit": limit, "edition": edition})
    rng = random.Random(seed * 7 + players)
    legal_hash, event_hash, actions = hashlib.sha256(), hashlib.sha256(), []
    event_hash.update(repr(state.setup_events).encode())
    while not state.is_over():
        legal = state.legal_actions()
        legal_hash.update(repr(legal).encode())
        action = rng.choice(legal)
        if len(actions) % 37 == 0:
            full = state.view(state.current_player()).determinize(random.Random(len(actions)))
            legal_hash.update(repr((full.legal_actions(), state_digest(full), state.reveals_hidden(action),
                                    state.step_preview() if state.phase == rules.ACTION else None)).encode())
            state.clone().apply(action)
        event_hash.update(repr(state.apply(action)).encode())
        actions.append(action)
    return (limit, players, seed, len(actions), hashlib.sha256(repr(actions).encode()).hexdigest()[:12],
            legal_hash.hexdigest()[:12], event_hash.hexdigest()[:12], state_digest(state)[:12])


@pytest.mark.parametrize("recorded", RECORDED, ids=lambda r: f"limit{r[0]}-{r[1]}p-seed{r[2]}")
def test_random_games_replay_as_recorded_before_the_speed_work(recorded):
    assert play(*recorded[:3]) == recorded


@pytest.mark.parametrize("recorded", EDITION_2, ids=lambda r: f"limit{r[0]}-{r[1]}p-seed{r[2]}")
def test_random_games_by_edition_2_replay_as_recorded(recorded):
    assert play(*recorded[:3], edition=2) == recorded


def reference_legal(state) -> list:
    """legal_actions as the rules read, built from the spells' public `choices`."""
    if state.phase != rules.ACTION:
        return None
    seat, points = state.acting, state.points
    out = [rules.STEP]
    if not state.moved_this_phase and not state.adjusted and seat == state.wizard_holder:
        out += [rules.ADJUST_UP] * (points < rules.MAX_POINTS) + [rules.ADJUST_DOWN] * (points > rules.MIN_POINTS)
    if points > 1 and not state.guide_used[seat]:
        out += list(rules.GUIDES)
    if not state.cast_this_phase or not state.spell_limit:
        for card in state.hands[seat]:
            out += [("cast", card) + c for c in spellbook.choices(state, seat, state.cards.spells[card])]
    return out


@pytest.mark.parametrize("seed", range(6))
def test_action_phase_lists_match_the_spells_choices_even_after_edits(seed):
    rng = random.Random(seed)
    state = rules.new_state([Seat(f"P{i}", "human") for i in range(4)], seed, {})
    checked = 0
    while not state.is_over():
        if state.phase == rules.ACTION:
            if rng.random() < 0.3:  # edit the state by hand, as tests and tools do: no stale answers
                state.points = rng.randint(0, 7)
                state.through = rng.random() < 0.5
                state.tokens[rng.randrange(4)] = (rng.randrange(SIZE), rng.randrange(SIZE))
                state.wizard = rng.choice([None, (rng.randrange(SIZE), rng.randrange(SIZE))])
            assert state.legal_actions() == reference_legal(state)
            checked += 1
        legal = state.legal_actions()
        legal.append("junk")  # the caller's list is its own
        assert "junk" not in state.legal_actions()
        state.apply(rng.choice(legal[:-1]))
    assert checked > 100


def test_board_moves_agree_with_its_barriers():
    tiles = load_tiles()
    rng = random.Random(4)
    for _ in range(50):
        board = Board([(t, rng.choice((0, 90, 180, 270))) for t in rng.sample(sorted(tiles), 9)], tiles)
        assert list(board.moves) == [(x, y) for x in range(SIZE) for y in range(SIZE)]
        for (x, y), row in board.moves.items():
            assert list(row) == list(DIRS)
            for d, (target, purple) in row.items():
                step = (x + DELTA[d][0], y + DELTA[d][1])
                assert target == (step if on_board(*step) else None)
                assert purple == board.blocked(x, y, d)
