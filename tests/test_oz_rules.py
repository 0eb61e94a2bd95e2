"""Lost in Oz rules, one test per rule clause, mostly on hand-built states."""

from __future__ import annotations

import random

import pytest
import yaml

from wonderland_games.core import registry
from wonderland_games.core.chance import Tape
from wonderland_games.core.data import DataError
from wonderland_games.core.game import IllegalAction, Seat, StateFormatError
from wonderland_games.core.paths import data_dir
from wonderland_games.core.session import state_digest
from wonderland_games.games.oz import rules
from wonderland_games.games.oz.board import (
    DIRS, TILES_FILE, Board, Tile, cell_name, load_tiles, normalise, parse_cell, parse_tiles,
)
from wonderland_games.games.oz.rules import (
    ACTION, DRAFT_ACT, DRAFT_DIR, OVER, ROUND_DISCARD, SETUP_DISCARD, UNKNOWN, OzState, winners_of,
)
from wonderland_games.games.oz.spells import ACTIONS, CardSet, load_spells

NAME = {"zh": "测试", "en": "Test"}


def seats(n: int) -> list:
    return [Seat(f"P{i}") for i in range(n)]


def c(name: str) -> tuple:
    return parse_cell(name)


def board_with(*walls: str) -> Board:
    """A board whose only purple lines are `walls`, each written like "C4E" (east side of C4)."""
    per_slot: dict = {k: set() for k in range(9)}
    for w in walls:
        x, y = parse_cell(w[:2])
        per_slot[(y // 2) * 3 + x // 2].add(normalise(x % 2, y % 2, w[2], 2))
    tiles = {f"t{k}": Tile(f"t{k}", NAME, frozenset(v)) for k, v in per_slot.items()}
    return Board([(f"t{k}", 0) for k in range(9)], tiles)


def game(n: int = 2, seed: int = 1, **options) -> OzState:
    return rules.new_state(seats(n), seed, options or None)


def in_phase(n: int = 2, seat: int = 0, d: str = "E", points: int = 3, at: str = "A3", board=None,
             holder=None, seed: int = 3) -> OzState:
    """Seat `seat` starting its action phase at `at`, facing `d` with `points`; markers parked out of the way."""
    s = game(n, seed)
    s.board = board if board is not None else board_with()
    s.round = 1
    s.phase, s.queue = ACTION, []
    s.starter = seat
    s.wizard_holder = seat if holder is None else holder
    s.order = s.turn_order(seat)
    s.dir_dice = ["N"] * n
    s.act_dice = [points] * n
    s.dir_owner = s.act_owner = list(range(n))
    s.taken_dir = ["N"] * n
    s.taken_dir[seat] = d
    s.taken_act = [points] * n
    s.tokens = [c("C6")] * n  # others walk north up column C: no book there
    s.tokens[seat] = c(at)
    s.gems = {colour: (5, 5 - i) for i, colour in enumerate(s.colours)}  # F6 upwards
    s.wizard = c("D6")
    s.acting, s.points = seat, points
    return s


def step(s: OzState, times: int = 1) -> list:
    events = []
    for _ in range(times):
        events += s.apply(("step",))
    return events


def types(events) -> list:
    return [e["type"] for e in events]


def all_cards(s: OzState) -> list:
    return sorted(s.deck + s.discard + [x for h in s.hands for x in h])


def landing(s: OzState) -> tuple:
    """Where the next edge crossing will put the token (dice are in the state, so a clone tells)."""
    trial = s.clone()
    trial.apply(("step",))
    return trial.tokens[s.acting]


# -- data and board --------------------------------------------------------------
def test_tiles_data_is_18_different_tiles_with_walls():
    tiles = load_tiles()
    assert len(tiles) == 18
    shapes = set()
    for tile in tiles.values():
        assert tile.walls and tile.name["zh"] and tile.name["en"]
        shapes.add(min(tuple(sorted(tile.turned(r))) for r in (0, 90, 180, 270)))
    assert len(shapes) == 18


def raw_tiles() -> dict:
    return yaml.safe_load((data_dir() / TILES_FILE).read_text(encoding="utf-8"))


@pytest.mark.parametrize("change, entry, field", [
    (lambda d: d["tiles"].pop(), "tiles", "-"),
    (lambda d: d["tiles"][1].update(id="poppy"), "tile 'poppy'", "id"),
    (lambda d: d["tiles"][0].update(walls=["aX"]), "tile 'poppy'", "walls"),
    (lambda d: d["tiles"][0].update(walls=[]), "tile 'poppy'", "walls"),
    (lambda d: d["tiles"][2].update(walls=["aE", "bW"]), "tile 'emerald'", "walls"),
    (lambda d: d["tiles"][2].update(walls=["bE", "dE"]), "tile 'emerald'", "walls"),  # brickroad turned
    (lambda d: d["tiles"][3]["name"].pop("en"), "tile 'crow'", "name.en"),
])
def test_broken_tiles_name_the_file_entry_and_field(change, entry, field):
    data = raw_tiles()
    change(data)
    with pytest.raises(DataError) as err:
        parse_tiles(data)
    assert (err.value.file, err.value.entry, err.value.field) == (TILES_FILE, entry, field)


def test_tile_turns_clockwise():
    tile = Tile("t", NAME, frozenset({normalise(0, 0, "N", 2)}))  # top of a
    assert tile.turned(90) == {((1, 0), "E")}
    assert tile.turned(180) == {((1, 1), "S")}
    assert tile.turned(270) == {((0, 1), "W")}
    inner = Tile("i", NAME, frozenset({((0, 0), "E")}))  # between a and b
    assert inner.turned(90) == {((1, 0), "S")}


def test_cell_names():
    assert cell_name(2, 3) == "C4" and parse_cell("C4") == (2, 3) and parse_cell("A1") == (0, 0)
    assert parse_cell("F6") == (5, 5)
    with pytest.raises(ValueError):
        parse_cell("G1")


def test_layout_puts_tiles_in_row_major_slots():
    tiles = load_tiles()
    layout = [(t, 0) for t in sorted(tiles)[:9]]
    board = Board(layout, tiles)
    for slot, (tid, _) in enumerate(layout):
        ox, oy = 2 * (slot % 3), 2 * (slot // 3)
        for (x, y), d in tiles[tid].walls:
            assert board.blocked(ox + x, oy + y, d)
        assert board.tile_at(ox + 1, oy + 1) == (tid, 0)


def test_blocked_is_the_same_edge_seen_from_both_sides():
    board = Board(game(seed=7).board.layout)
    for x in range(6):
        for y in range(6):
            if x < 5:
                assert board.blocked(x, y, "E") == board.blocked(x + 1, y, "W")
            if y < 5:
                assert board.blocked(x, y, "S") == board.blocked(x, y + 1, "N")
            for d in DIRS:
                target = board.neighbour(x, y, d)
                assert board.crossing(x, y, d) == (target is None or board.blocked(x, y, d))


def test_wall_on_a_tile_side_blocks_the_next_tile_too():
    board = board_with("B3E")  # east side of B3: the boundary between tiles 3 and 4
    assert board.blocked(1, 2, "E") and board.blocked(2, 2, "W")


def test_setup_picks_9_different_tiles_turned_at_random():
    layouts = [game(seed=s).board.layout for s in range(30)]
    for layout in layouts:
        assert len({t for t, _ in layout}) == 9 and {r for _, r in layout} <= {0, 90, 180, 270}
    assert len({tuple(lay) for lay in layouts}) == 30
    assert {r for lay in layouts for _, r in lay} == {0, 90, 180, 270}


# -- setup ---------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup(n):
    s = game(n, seed=11)
    assert s.characters == rules.CHARACTERS[:n]
    assert sorted(s.gems) == sorted(rules.GEM_OF[ch] for ch in s.characters)
    assert s.books == [c("B2"), c("B5"), c("E2"), c("E5")]
    assert [len(h) for h in s.hands] == [3] * n and len(s.deck) == 48 - 3 * n
    assert s.wizard_holder == 0 and s.wizard is not None and s.phase == SETUP_DISCARD
    assert all(0 <= x < 6 and 0 <= y < 6 for x, y in s.tokens + list(s.gems.values()))
    assert s.queue == s.turn_order(0) and s.current_player() == 0
    kinds = types(s.setup_events)
    assert kinds[0] == "wizard_move" and kinds.count("teleport") == n and kinds.count("draw") == n


def test_setup_options_pick_characters_and_starter():
    s = game(3, seed=2, characters=["dorothy", "lion", "tinman"], starting_player=2)
    assert s.colours == ("green", "red", "blue")
    assert s.wizard_holder == 2 and s.queue == [2, 1, 0]
    for bad in ({"characters": ["lion", "lion", "tinman"]}, {"characters": ["toto", "lion", "tinman"]},
                {"starting_player": 3}):
        with pytest.raises(ValueError):
            game(3, **bad)
    with pytest.raises(ValueError):
        game(5)


def test_setup_discard_then_the_first_roll():
    s = game(3, seed=4)
    for seat in (0, 2, 1):
        assert s.current_player() == seat
        card = s.hands[seat][0]
        assert s.apply(("discard", card))[0] == {"type": "discard", "seat": seat, "card": card}
    assert [len(h) for h in s.hands] == [2, 2, 2] and len(s.discard) == 3
    assert s.phase == DRAFT_DIR and s.round == 1
    assert len(s.dir_dice) == 3 and set(s.dir_dice) <= set(DIRS)
    assert len(s.act_dice) == 3 and set(s.act_dice) <= set(range(1, 7))


# -- draft -----------------------------------------------------------------------
def to_draft(n: int, starter: int) -> OzState:
    s = game(n, seed=5, starting_player=starter)
    while s.phase == SETUP_DISCARD:
        s.apply(s.legal_actions()[0])
    return s


@pytest.mark.parametrize("n, starter, dir_order, act_order, phase_order", [
    (2, 0, [0, 1], [1, 0], [0, 1]),
    (3, 0, [0, 2, 1], [1, 2, 0], [0, 2, 1]),
    (3, 1, [1, 0, 2], [2, 0, 1], [1, 0, 2]),
    (4, 0, [0, 3, 2, 1], [1, 2, 3, 0], [0, 3, 2, 1]),
    (4, 2, [2, 1, 0, 3], [3, 0, 1, 2], [2, 1, 0, 3]),
])
def test_draft_and_action_phase_order(n, starter, dir_order, act_order, phase_order):
    s = to_draft(n, starter)
    seen = []
    while s.phase == DRAFT_DIR:
        seen.append(s.current_player())
        s.apply(s.legal_actions()[-1])
    assert seen == dir_order and s.phase == DRAFT_ACT
    seen = []
    while s.phase == DRAFT_ACT:
        seen.append(s.current_player())
        s.apply(s.legal_actions()[0])
    assert seen == act_order and s.phase == ACTION
    assert s.order == phase_order and s.acting == starter


def test_taking_a_die_gives_its_value_and_removes_it():
    s = to_draft(2, 0)
    s.dir_dice = ["S", "W"]
    s.apply(("take_dir", 1))
    assert s.taken_dir[0] == "W" and s.dir_owner == [None, 0]
    assert s.legal_actions() == [("take_dir", 0)]
    before = s.to_dict()
    for bad in [("take_dir", 1), ("take_dir", 2), ("take_dir", -1), ("take_act", 0), ("step",), ("take_dir", "0")]:
        with pytest.raises(IllegalAction):
            s.apply(bad)
    assert s.to_dict() == before
    s.apply(("take_dir", 0))
    s.act_dice = [6, 2]
    s.apply(("take_act", 0))
    assert s.taken_act[1] == 6
    s.apply(("take_act", 1))
    assert s.acting == 0 and s.points == 2 and s.taken_dir[0] == "W"


# -- steps and barriers ------------------------------------------------------------
@pytest.mark.parametrize("d, at, to", [("N", "C3", "C2"), ("E", "C3", "D3"), ("S", "C3", "C4"), ("W", "C3", "B3")])
def test_a_step_moves_one_cell_and_costs_1(d, at, to):
    s = in_phase(d=d, at=at, points=3)
    e = step(s)[0]
    assert s.tokens[0] == c(to) and s.points == 2
    assert (e["type"], e["cost"], e["barrier"], e["edge"], e["stop"]) == ("step", 1, False, False, False)


@pytest.mark.parametrize("wall, d, at, to", [
    ("C3N", "N", "C3", "C2"), ("C3E", "E", "C3", "D3"), ("C3S", "S", "C3", "C4"), ("C3W", "W", "C3", "B3"),
    ("D3W", "E", "C3", "D3"), ("C2S", "N", "C3", "C2"),  # the same lines named from the other cell
    ("B3E", "E", "B3", "C3"), ("B3E", "W", "C3", "B3"),  # tile boundary (slot 3 | slot 4), both ways
    ("A2S", "S", "A2", "A3"), ("A2S", "N", "A3", "A2"),  # tile boundary (slot 0 / slot 3), both ways
])
def test_crossing_a_purple_line_costs_1_more(wall, d, at, to):
    s = in_phase(d=d, at=at, points=4, board=board_with(wall))
    e = step(s)[0]
    assert s.tokens[0] == c(to) and s.points == 2
    assert e["barrier"] and e["cost"] == 2 and not e["edge"]


@pytest.mark.parametrize("d, at", [("N", "C1"), ("E", "F3"), ("S", "C6"), ("W", "A3")])
def test_crossing_the_board_edge_costs_1_more_and_rolls_a_new_cell(d, at):
    s = in_phase(d=d, at=at, points=4)
    where = landing(s)
    events = step(s)
    assert events[0]["edge"] and events[0]["to"] is None and events[0]["cost"] == 2
    assert events[1] == {"type": "teleport", "seat": 0, "to": where, "why": "edge"}
    assert s.tokens[0] == where and s.points == 2


@pytest.mark.parametrize("d, at", [("N", "C1"), ("E", "F3"), ("S", "C6"), ("W", "A3")])
def test_a_purple_line_on_the_board_edge_costs_no_more_than_the_edge(d, at):
    s = in_phase(d=d, at=at, points=4, board=board_with(at + d))
    assert s.board.blocked(*c(at), d)
    step(s)
    assert s.points == 2


def test_the_edge_landing_cell_resolves_nothing():
    s = in_phase(d="W", at="A3", points=4)
    where = landing(s)
    s.gems[s.colours[0]] = where
    s.wizard = where
    events = step(s)
    assert s.scores == [0, 0] and s.wizard == where and "gem" not in types(events)


def test_the_phase_ends_when_points_fall_below_1():
    s = in_phase(d="E", at="A3", points=2)
    step(s)
    assert s.acting == 0 and s.points == 1
    events = step(s)
    assert events[0]["stop"] and types(events)[-2:] == ["phase_end", "phase_start"]
    assert s.acting == 1 and s.points == 2 and s.tokens[0] == c("C3")


def test_a_barrier_can_end_the_phase_early():
    s = in_phase(d="E", at="A3", points=2, board=board_with("A3E"))
    events = step(s)
    assert events[0]["stop"] and s.acting == 1 and s.tokens[0] == c("B3")


def test_the_last_phase_ends_the_round():
    s = in_phase(n=2, seat=0, d="E", at="A3", points=1)
    step(s)
    assert s.acting == 1
    s.taken_dir[1] = "N"
    s.tokens[1] = c("C4")
    events = step(s)
    assert "round_end" in types(events) and s.phase in (DRAFT_DIR, ROUND_DISCARD) and s.round in (1, 2)


# -- passing and stopping: markers -----------------------------------------------------
@pytest.mark.parametrize("points, wall, stop", [(3, None, False), (2, None, False), (1, None, True),
                                                (3, "B3E", False), (2, "B3E", True)])
def test_stop_means_this_step_ends_the_phase(points, wall, stop):
    s = in_phase(d="E", at="B3", points=points, board=board_with(wall) if wall else None)
    assert step(s)[0]["stop"] == stop
    assert (s.acting == 1) == stop


def test_passing_a_book_draws_1_stopping_on_it_draws_2():
    s = in_phase(d="S", at="B1", points=3)
    hand = len(s.hands[0])
    events = step(s)
    assert s.tokens[0] == c("B2") and len(s.hands[0]) == hand + 1
    assert [e for e in events if e["type"] == "book"][0]["cards"] == 1
    s = in_phase(d="S", at="B1", points=1)
    events = step(s)
    assert len(s.hands[0]) == hand + 2
    book = [e for e in events if e["type"] == "book"][0]
    assert book["cards"] == 2 and book["stop"]


@pytest.mark.parametrize("points", [1, 3])
def test_gems_score_when_passed_or_stopped_on_and_then_move(points):
    s = in_phase(n=3, d="E", at="B3", points=points)
    own, other, third = s.colours
    s.gems[own] = s.gems[other] = c("C3")
    events = step(s)
    gems = [e for e in events if e["type"] == "gem"]
    assert [(g["colour"], g["points"]) for g in gems] == [(own, 2), (other, 1)]
    assert s.scores[0] == 3 and s.earned[0] == [2, 1, 0]
    assert s.gems[own] == gems[0]["to"] and s.gems[other] == gems[1]["to"] and s.gems[third] == (5, 3)


def test_stopping_on_the_wizard_takes_it_and_the_card():
    s = in_phase(n=3, d="E", at="B3", points=1, holder=2)
    s.wizard = c("C3")
    events = step(s)
    wiz = [e for e in events if e["type"] == "wizard"][0]
    assert wiz == {"type": "wizard", "seat": 0, "taken": True, "from_seat": 2, "points": 1}
    assert s.wizard is None and s.wizard_holder == 0 and s.scores[0] == 1 and s.earned[0] == [0, 0, 1]


def test_passing_the_wizard_gives_nothing():
    s = in_phase(d="E", at="B3", points=3, holder=1)
    s.wizard = c("C3")
    step(s)
    assert s.wizard == c("C3") and s.wizard_holder == 1 and s.scores[0] == 0


def test_resolution_order_wizard_own_gem_other_gems_book():
    s = in_phase(n=4, d="S", at="E1", points=1, holder=3)
    own = s.colours[0]
    for colour in reversed(s.colours):  # the dict order must not matter
        s.gems[colour] = c("E2")
    s.wizard = c("E2")
    events = step(s)
    order = [(e["type"], e.get("colour")) for e in events if e["type"] in ("wizard", "gem", "book")]
    others = [col for col in rules.COLOURS if col != own]
    assert order == [("wizard", None), ("gem", own)] + [("gem", col) for col in others] + [("book", None)]
    assert s.scores[0] == 1 + 2 + 3


def test_markers_under_you_at_the_start_of_your_phase_give_nothing():
    s = in_phase(d="E", at="C3", points=3)
    s.gems[s.colours[0]] = c("C3")
    s.wizard = c("C3")
    step(s)
    assert s.scores[0] == 0 and s.gems[s.colours[0]] == c("C3") and s.wizard == c("C3")


def test_markers_moved_onto_you_by_dice_give_nothing_until_you_step_onto_them():
    s = in_phase(d="W", at="A3", points=6)
    where = landing(s)
    step(s)  # off the edge, onto `where`
    s.gems[s.colours[0]] = where  # as if a roll put it here
    s.taken_dir[0] = "E" if where[0] < 5 else "W"
    step(s)
    assert s.scores[0] == 0
    s.taken_dir[0] = {"E": "W", "W": "E"}[s.taken_dir[0]]
    step(s)  # back onto it: found
    assert s.scores[0] == 2


# -- the Wizard card and the guide ------------------------------------------------------
def test_wizard_card_holder_may_adjust_once_before_the_first_step():
    s = in_phase(points=3, holder=0)
    assert ("adjust", 1) in s.legal_actions() and ("adjust", -1) in s.legal_actions()
    assert s.apply(("adjust", 1))[0]["points"] == [3, 4]
    assert not any(a[0] == "adjust" for a in s.legal_actions())
    s = in_phase(points=3, holder=0)
    step(s)
    assert not any(a[0] == "adjust" for a in s.legal_actions())
    s = in_phase(points=3, holder=1)
    assert not any(a[0] == "adjust" for a in s.legal_actions())
    with pytest.raises(IllegalAction):
        s.apply(("adjust", 1))


@pytest.mark.parametrize("points, allowed", [(1, [("adjust", 1)]), (6, [("adjust", -1)]),
                                             (4, [("adjust", 1), ("adjust", -1)])])
def test_action_points_stay_within_1_and_6(points, allowed):
    s = in_phase(points=points, holder=0)
    assert [a for a in s.legal_actions() if a[0] == "adjust"] == allowed
    before = s.to_dict()
    for bad in {("adjust", 1), ("adjust", -1)} - set(allowed) | {("adjust", 2), ("adjust", 0)}:
        with pytest.raises(IllegalAction):
            s.apply(bad)
    assert s.to_dict() == before


def test_guide_turns_the_die_for_1_point_once_per_round():
    s = in_phase(d="E", at="C3", points=3)
    assert [a for a in s.legal_actions() if a[0] == "guide"] == [("guide", d) for d in DIRS]
    events = s.apply(("guide", "S"))
    assert events[0] == {"type": "guide", "seat": 0, "dir": ["E", "S"], "points": 2}
    assert s.taken_dir[0] == "S" and s.guide_used[0]
    assert not any(a[0] == "guide" for a in s.legal_actions())
    step(s)
    assert s.tokens[0] == c("C4")


def test_guide_needs_more_than_1_point():
    s = in_phase(points=1)
    assert not any(a[0] == "guide" for a in s.legal_actions())
    with pytest.raises(IllegalAction):
        s.apply(("guide", "S"))
    s = in_phase(points=2)
    s.apply(("guide", "S"))
    assert s.points == 1


def test_guide_is_ready_again_next_round():
    s = in_phase(n=2, points=2)
    s.apply(("guide", "E"))
    s.guide_used[1] = True
    step(s)
    step(s, 2)  # seat 1's phase, then the round ends
    while s.phase == ROUND_DISCARD:
        s.apply(s.legal_actions()[0])
    assert s.phase == DRAFT_DIR and s.guide_used == [False, False]


# -- round end --------------------------------------------------------------------------
def finish_round(s: OzState) -> list:
    events = []
    while s.phase == ACTION:
        events += step(s)
    return events


def test_round_end_draws_moves_the_wizard_and_cuts_hands():
    s = in_phase(n=3, points=1, holder=1)
    s.wizard = None  # someone took it this round
    s.hands = [s.hands[0][:3], s.hands[1][:2], s.hands[2][:3]]
    s.deck = [x for x in range(1, 49) if x not in sum(s.hands, [])]
    s.discard = []
    events = finish_round(s)
    assert [e["seat"] for e in events if e["type"] == "draw"] == [0, 2, 1]  # starting player, then to the right
    move = [e for e in events if e["type"] == "wizard_move"][0]
    assert move["seat"] == 1 and s.wizard == move["to"] is not None
    assert s.phase == ROUND_DISCARD and s.queue == [0, 2] and [len(h) for h in s.hands] == [4, 3, 4]
    assert s.current_player() == 0 and all(a[0] == "discard" for a in s.legal_actions())
    s.apply(("discard", s.hands[0][0]))
    assert s.current_player() == 2
    with pytest.raises(IllegalAction):
        s.apply(("discard", s.hands[0][0]))
    s.apply(("discard", s.hands[2][-1]))
    assert s.phase == DRAFT_DIR and s.round == 2 and s.starter == 1 and s.current_player() == 1
    assert [len(h) for h in s.hands] == [3, 3, 3] and all_cards(s) == list(range(1, 49))


def test_hand_cut_keeps_3_spells_and_the_wizard_card_does_not_count():
    s = in_phase(n=2, points=1, holder=0)
    s.hands = [s.hands[0][:3], s.hands[1][:3]]
    s.hands[0] += [x for x in s.deck[:2]]
    s.deck = s.deck[2:]
    finish_round(s)
    assert s.queue == [0, 1] and len(s.hands[0]) == 6
    for _ in range(3):
        assert s.current_player() == 0
        s.apply(s.legal_actions()[0])
    assert s.current_player() == 1 and len(s.hands[0]) == 3
    s.apply(s.legal_actions()[0])
    assert s.phase == DRAFT_DIR and s.starter == 0


def test_taking_the_wizard_makes_you_starting_player_from_next_round():
    s = in_phase(n=3, seat=0, points=1, holder=0, d="E", at="B3")
    s.order = [0, 2, 1]
    s.apply(("step",))  # seat 0 stops on nothing
    s.wizard = s.board.neighbour(*s.tokens[2], s.taken_dir[2])
    s.points = 1
    s.apply(("step",))  # seat 2 stops on the wizard
    assert s.wizard_holder == 2 and s.acting == 1  # this round's order stands
    finish_round(s)
    while s.phase == ROUND_DISCARD:
        s.apply(s.legal_actions()[0])
    assert s.starter == 2 and s.current_player() == 2 and s.queue == [2, 1, 0]


def test_empty_deck_reshuffles_the_discard_pile():
    s = in_phase(d="S", at="B1", points=3)
    s.discard = s.deck[:]
    s.deck = []
    events = step(s)
    assert "reshuffle" in types(events) and len(s.deck) == len(s.discard) + len(s.deck) and all_cards(s) == list(
        range(1, 49))
    s = in_phase(d="S", at="B1", points=3)
    s.hands[0] += s.deck
    s.deck = []
    hand = len(s.hands[0])
    step(s)
    assert len(s.hands[0]) == hand  # nothing left anywhere: nothing drawn


# -- the end ------------------------------------------------------------------------------
def test_reaching_20_ends_the_game_after_the_round_end():
    s = in_phase(n=2, d="E", at="B3", points=1)
    s.scores[0] = s.earned[0][0] = 19
    s.gems[s.colours[1]] = c("C3")
    step(s)
    assert s.scores[0] == 20 and s.phase == ACTION and s.acting == 1  # the round goes on
    hands = [len(h) for h in s.hands]
    events = finish_round(s)
    assert types(events)[-3:] == ["wizard_move", "round_end", "game_over"]
    assert s.is_over() and s.current_player() is None and s.legal_actions() == []
    assert [len(h) for h in s.hands] == [h + 1 for h in hands]
    assert s.result().winners == [0]
    with pytest.raises(IllegalAction):
        s.apply(("step",))


def test_winners_highest_score_then_fewer_cards_played_then_shared():
    assert winners_of([20, 21], [0, 9]) == [1]
    assert winners_of([21, 21, 5], [3, 2, 0]) == [1]
    assert winners_of([21, 21, 21], [2, 2, 3]) == [0, 1]


def test_result_breakdown_sums_to_the_scores_and_returns_are_in_range():
    s = in_phase(n=3)
    s.earned = [[4, 3, 1], [10, 2, 0], [0, 0, 0]]
    s.scores = [8, 12, 0]
    s.cards_played = [1, 2, 3]
    r = s.result()
    assert r.breakdown[0] == {"own_gems": 4, "other_gems": 3, "wizard": 1}
    assert [sum(b.values()) for b in r.breakdown] == r.scores and r.winners == [1]
    assert r.extra["cards_played"] == [1, 2, 3] and not r.lower_is_better
    assert all(0 <= s.returns(seat) <= 1 for seat in range(3)) and s.returns(1) > s.returns(0) > s.returns(2)
    s.phase = OVER
    assert s.returns(1) > 0.75 and s.returns(0) < 0.25


# -- illegal actions, views, saves ------------------------------------------------------------
@pytest.mark.parametrize("action", [("step", 1), ("guide", "X"), ("guide",), ("cast", 999), ("cast",),
                                    ("discard", 1), ("take_dir", 0), ("adjust", 1), "step"])
def test_illegal_actions_change_nothing(action):
    s = in_phase(points=3, holder=1)
    before = s.to_dict()
    with pytest.raises(IllegalAction):
        s.apply(action)
    assert s.to_dict() == before


@pytest.mark.parametrize("action", [("adjust", True), ("adjust", 1.0), ("adjust", -1.0)])
def test_actions_equal_to_a_legal_one_but_not_whole_numbers_change_nothing(action):
    s = in_phase(points=3)  # seat 0 holds the Wizard card: ("adjust", 1) is legal
    before = s.to_dict()
    with pytest.raises(IllegalAction):
        s.apply(action)
    assert s.to_dict() == before


@pytest.mark.parametrize("action", [("step", 1), ("guide", "X"), ("cast", 999), ("adjust", True), "step"])
def test_advance_refuses_what_apply_refuses_and_changes_nothing(action):
    s = in_phase(points=3)
    before = s.to_dict()
    with pytest.raises(IllegalAction):
        s.advance(action)
    with pytest.raises(IllegalAction):
        s.view(0).advance(rules.STEP)
    assert s.to_dict() == before


@pytest.mark.parametrize("players, seed", [(2, 11), (3, 12), (4, 13), (4, 14)])
def test_advance_plays_as_apply_and_gives_its_events_when_asked(players, seed):
    """Three copies of one random game: apply, advance with a list, advance without; every
    action leaves the three alike, and the list gets exactly apply's events."""
    rng = random.Random(seed)
    applied = rules.new_state(seats(players), seed, {})
    listed, silent = applied.clone(), applied.clone()
    while not applied.is_over():
        action = rng.choice(applied.legal_actions())
        if rng.random() < 0.1:
            action = list(action)  # as a record gives it: played all the same
        events: list = []
        listed.advance(action, events)
        assert events == applied.apply(action)
        assert silent.advance(action) is None
        assert state_digest(silent) == state_digest(listed) == state_digest(applied)
    assert silent.result() == applied.result()


def test_discard_must_name_a_card_in_hand():
    s = game(2)
    before = s.to_dict()
    other = s.hands[1][0]
    for bad in [("discard", other), ("discard", 0), ("discard", "1"), ("step",), ("take_dir", 0)]:
        with pytest.raises(IllegalAction):
            s.apply(bad)
    assert s.to_dict() == before


def test_view_hides_other_hands_the_deck_and_the_dice():
    s = game(3, seed=8)
    v = s.view(1)
    assert v.hands[1] == s.hands[1] and v.hands[0] == [UNKNOWN] * 3 and v.hands[2] == [UNKNOWN] * 3
    assert v.deck == [UNKNOWN] * len(s.deck) and v.rng is None and v.seed is None
    assert v.discard == s.discard and v.tokens == s.tokens and v.gems == s.gems


def test_determinize_resamples_hidden_cards_and_gives_fresh_dice():
    import random

    s = game(3, seed=8)
    while s.phase != ACTION:
        s.apply(s.legal_actions()[0])
    v = s.view(0)
    full = v.determinize(random.Random(1))
    assert full.hands[0] == s.hands[0] and [len(h) for h in full.hands] == [len(h) for h in s.hands]
    assert all_cards(full) == list(range(1, 49)) and full.rng is not None and full.viewer is None
    other = v.determinize(random.Random(2))
    assert (other.hands[1], other.deck, other.rng) != (full.hands[1], full.deck, full.rng)


def test_a_clone_a_view_and_a_determinized_view_share_no_list_that_play_changes():
    rng = random.Random(5)
    s = game(4, seed=5)
    for _ in range(200):
        s.apply(rng.choice(s.legal_actions()))
    v = s.view(1)
    before, seen = s.to_dict(), v.to_dict()
    for copy in (s.clone(), v.determinize(random.Random(3)), v.determinize(random.Random(4)).clone()):
        while not copy.is_over():
            copy.advance(rng.choice(copy.legal_actions()))
    assert s.to_dict() == before and v.to_dict() == seen


def test_every_field_is_a_slot_and_a_clone_copies_each_one():
    """Fields live in slots (a method call on a state with a full instance dict is slow in
    Python 3.11): nothing goes to the dict, and a clone has every field, its lists its own."""
    rng = random.Random(6)
    s = rules.new_state(seats(4), 6, tape=Tape())
    for _ in range(300):
        s.advance(rng.choice(s.legal_actions()))
    copy = s.clone()
    assert vars(s) == {} and vars(copy) == {}
    for name in OzState.__slots__:
        mine, theirs = getattr(s, name), getattr(copy, name)
        assert mine == theirs, name
        assert (mine is theirs) == (name not in ("hands", "deck", "gems", "earned") + rules._LISTS), name
    assert all(a is not b for a, b in zip(s.hands + s.earned, copy.hands + copy.earned))
    assert copy.tape is s.tape and copy.tape_at == s.tape_at > 0


def test_the_card_set_keeps_its_tables_in_fields():
    """Plain fields, not properties: legal_actions reads `cast_actions` once a call."""
    cards = load_spells()
    assert not hasattr(CardSet, "cast_actions") and not hasattr(CardSet, "effects")
    assert cards.cast_actions[5] is ACTIONS[cards[5].kind] and len(cards.effects) == 49
    assert cards == CardSet(cards.wizard, cards.spells)


@pytest.mark.parametrize("damage", [
    lambda d: d.update(game="parade"),
    lambda d: d.update(version=99),
    lambda d: d.pop("deck"),
    lambda d: d["deck"].append(1),
    lambda d: d["tokens"].__setitem__(0, [6, 0]),
    lambda d: d.update(phase="dancing"),
    lambda d: d["scores"].__setitem__(0, 5),
    lambda d: d.update(characters=["lion", "lion"]),
    lambda d: d["layout"].__setitem__(0, ["nowhere", 0]),
    lambda d: d.update(queue=[]),
])
def test_damaged_saves_are_refused(damage):
    data = game(2, seed=3).to_dict()
    damage(data)
    with pytest.raises(StateFormatError):
        OzState.from_dict(data)


def test_reveals_hidden_is_true_for_rolls_and_draws_only():
    s = in_phase(d="E", at="A3", points=4)
    assert not s.reveals_hidden(("step",))
    s.tokens[0] = c("A2")  # next to the book on B2
    assert s.reveals_hidden(("step",))
    s.tokens[0] = c("F3")  # facing the edge
    assert s.reveals_hidden(("step",))
    assert not s.reveals_hidden(("guide", "N"))
    assert not s.reveals_hidden(("nonsense",))
    d = to_draft(2, 0)
    assert not d.reveals_hidden(("take_dir", 0))


def test_turn_number_is_the_round():
    s = to_draft(2, 0)
    assert s.turn_number() == 1


def test_registered_with_the_registry():
    info = registry.get("oz")
    assert info.available and (info.min_players, info.max_players) == (2, 4)
    assert info.scene == "wonderland_games.games.oz.scene:OzScene"
    assert info.new_state(seats(2), 1).game_id == "oz"
    assert info.make_bot("easy").choose is not None


def test_a_save_from_before_the_spell_limit_was_dropped_keeps_it_and_plays_to_the_end():
    """tests/fixtures/oz_save_with_the_spell_limit.json: an unfinished 3-player game (400 random
    actions, round 21) saved by the app while one spell per phase was the rule. It loads as it
    was (its digest still matches), keeps the limit through saving again, and finishes."""
    import json
    import random
    from pathlib import Path

    from wonderland_games.core.session import Session

    path = Path(__file__).resolve().parent / "fixtures" / "oz_save_with_the_spell_limit.json"
    session = Session.from_save(json.loads(path.read_text(encoding="utf-8")), autosave=False)
    assert session.state.spell_limit and not session.state.is_over() and len(session.actions) == 400
    again = Session.from_save(session.to_save(), autosave=False)
    assert again.state.spell_limit and "spell_limit" not in again.to_save()["initial"]
    rng = random.Random(1)
    while not again.state.is_over():
        state = again.state
        if state.phase == ACTION and state.cast_this_phase:
            assert not any(a[0] == "cast" for a in state.legal_actions())
        again.apply(rng.choice(state.legal_actions()))


def random_actions(seed: int, n: int, options: dict) -> list:
    state, rng, actions = rules.new_state(seats(n), seed, options), random.Random(seed), []
    while not state.is_over():
        actions.append(rng.choice(state.legal_actions()))
        state.apply(actions[-1])
    return actions


def test_a_record_that_names_no_edition_replays_by_edition_1_as_it_was_played():
    """Records written before edition 2 name none in their options: they replay discarding a spell
    before its effect. In this one (seed 34) action 359 casts draw card 37 with one card left in the
    pile, and 37 draws itself back; by edition 2 its recorded draws would not fit."""
    from wonderland_games.core.records import RecordError, make_record, record_from_dict, replay_states

    record = make_record("oz", 34, seats(2), {"edition": 1}, random_actions(34, 2, {"edition": 1}))
    old = record_from_dict(record.to_dict() | {"options": None})  # as such records were written
    states = list(replay_states(old))
    assert states[359].edition == 1 and states[-1].is_over() and old.actions[359] == ("cast", 37)
    assert 37 in states[359].hands[states[358].acting]
    with pytest.raises(RecordError):
        list(replay_states(record_from_dict(record.to_dict() | {"options": {"edition": 2}})))


def test_a_new_game_s_record_names_its_edition_and_replays_by_it():
    from wonderland_games.core.records import make_record, record_from_dict, replay_states

    record = make_record("oz", 34, seats(2), None, random_actions(34, 2, {}))
    assert record.to_dict()["options"] == {"edition": rules.EDITION}
    states = list(replay_states(record_from_dict(record.to_dict())))
    assert states[-1].is_over() and states[-1].edition == rules.EDITION


def test_a_save_from_before_the_spell_limit_was_dropped_replays_as_a_record():
    """`wonderland-games replay` of tests/fixtures/oz_save_with_the_spell_limit.json: its record
    names the rules it began by (edition 1, the limit), so it starts where the save did."""
    from pathlib import Path

    from wonderland_games.core.records import load_replay

    record = load_replay(Path(__file__).resolve().parent / "fixtures" / "oz_save_with_the_spell_limit.json")
    assert record.options == {"edition": 1, "spell_limit": True} and len(record.actions) == 400
