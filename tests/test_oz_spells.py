"""Lost in Oz magic cards: the data file, when a spell may be cast, and every effect kind."""

from __future__ import annotations

import collections

import pytest
import yaml

from test_oz_rules import all_cards, board_with, c, game, in_phase, step, types
from wonderland_games.core.data import DataError
from wonderland_games.core.game import IllegalAction, Seat, StateFormatError
from wonderland_games.core.paths import data_dir
from wonderland_games.games.oz import spells as spellbook
from wonderland_games.games.oz import rules
from wonderland_games.games.oz.rules import ACTION, DRAFT_DIR, OzState
from wonderland_games.games.oz.spells import SPELLS_FILE, WIZARD_CARD, load_spells, parse_spells

CARDS = load_spells()


def first(kind: str, **params) -> int:
    return next(card.id for card in CARDS.spells[1:] if card.kind == kind and all(
        card.params.get(k) == v for k, v in params.items()))


def holding(kind: str, **kw):
    """A state in seat 0's action phase with a spell of `kind` in hand (and cards still all accounted for)."""
    s = in_phase(**kw)
    card = first(kind)
    for pile in [s.deck, s.discard] + s.hands:
        if card in pile:
            pile.remove(card)
    s.hands[0].append(card)
    return s, card


def casts(s, card) -> list:
    return [a for a in s.legal_actions() if a[0] == "cast" and a[1] == card]


# -- data -----------------------------------------------------------------------------
def test_the_deck_is_the_wizard_card_and_48_named_spells():
    assert CARDS.wizard.id == WIZARD_CARD and CARDS.wizard.kind == "wizard"
    assert list(CARDS.spell_ids) == list(range(1, 49))
    for card in CARDS.spells:
        assert card.name["zh"] and card.name["en"] and card.text["zh"] and card.text["en"]
    assert len({card.name["en"] for card in CARDS.spells}) == 49
    assert len({card.name["zh"] for card in CARDS.spells}) == 49


def test_every_kind_is_in_the_deck():
    counts = collections.Counter(card.kind for card in CARDS.spells[1:])
    assert set(counts) == set(spellbook.KINDS)
    assert counts == {"boost": 10, "turn": 6, "phase": 5, "move_gem": 5, "reroll": 4, "push": 4, "draw": 4,
                      "teleport": 3, "move_wizard": 4, "sidestep": 3}


def raw() -> dict:
    return yaml.safe_load((data_dir() / SPELLS_FILE).read_text(encoding="utf-8"))


@pytest.mark.parametrize("change, entry, field", [
    (lambda d: d["spells"].pop(), "spells", "-"),
    (lambda d: d["spells"][0].update(kind="fly"), "spells[0]", "kind"),
    (lambda d: d["spells"][0].update(params={"amount": 9}), "spells[0]", "params.amount"),
    (lambda d: d["spells"][0].pop("params"), "spells[0]", "params.amount"),
    (lambda d: d["spells"][12].update(params={"amount": 1}), "spells[12]", "params.amount"),
    (lambda d: d["spells"][3].update(id=7), "spell 7", "id"),
    (lambda d: d["spells"][5]["name"].update(en="Light Step"), "spell 6", "name.en"),
    (lambda d: d["spells"][5]["text"].pop("zh"), "spells[5]", "text.zh"),
    (lambda d: d["wizard"].update(id=3), "wizard", "id"),
    (lambda d: d.pop("wizard"), "wizard", "wizard"),
])
def test_broken_spells_name_the_file_entry_and_field(change, entry, field):
    data = raw()
    change(data)
    with pytest.raises(DataError) as err:
        parse_spells(data)
    assert (err.value.file, err.value.entry, err.value.field) == (SPELLS_FILE, entry, field)


# -- when ---------------------------------------------------------------------------------
def test_cast_moves_the_card_to_the_discard_pile_and_counts_it():
    s, card = holding("boost", points=3)
    s.apply(("cast", card))
    assert card not in s.hands[0] and s.discard[-1] == card and s.cards_played == [1, 0]
    assert all_cards(s) == list(range(1, 49))


def cast_with_a_short_pile(kind: str, choice: tuple, left: int, edition: int):
    """Seat 0 casts a `kind` spell with `left` cards in the draw pile and none in the discards (the
    rest in seat 1's hand), by rules `edition`. Gives (state, card, hand before, the pile before, events)."""
    s, card = holding(kind, at="A2", points=3)
    s.hands[1] += s.deck[left:] + s.discard
    s.deck, s.discard = s.deck[:left], []
    s.edition = edition
    hand, pile = s.hands[0][:], s.deck[:]
    return s, card, hand, pile, s.apply(("cast", card) + choice)


@pytest.mark.parametrize("kind, choice, left", [
    ("draw", (), 1),  # draws the pile's last card, then finds no other
    ("sidestep", ("E",), 0),  # onto the book on B2: passing it draws 1, and none is left
])
def test_a_spell_goes_to_the_discard_pile_after_its_effect_so_it_cannot_draw_itself_back(kind, choice, left):
    """Rule text 五.5: play the card, resolve its effect, then discard it. A draw that empties the
    pile refills it from the discards, which do not hold the spell yet."""
    s, card, hand, pile, events = cast_with_a_short_pile(kind, choice, left, edition=rules.EDITION)
    assert sorted(s.hands[0]) == sorted([x for x in hand if x != card] + pile)
    assert s.deck == [] and s.discard == [card] and "reshuffle" not in types(events)
    assert all_cards(s) == list(range(1, 49)) and s.cards_played == [1, 0]


@pytest.mark.parametrize("kind, choice, left", [("draw", (), 1), ("sidestep", ("E",), 0)])
def test_a_game_saved_before_edition_2_discards_the_spell_first_as_it_was_played(kind, choice, left):
    s, card, hand, pile, events = cast_with_a_short_pile(kind, choice, left, edition=1)
    assert sorted(s.hands[0]) == sorted([x for x in hand if x != card] + pile + [card])  # drew itself back
    assert s.deck == [] and s.discard == [] and {"type": "reshuffle", "cards": 1} in events
    assert all_cards(s) == list(range(1, 49))


def test_the_rules_edition_is_a_game_option_kept_in_saves():
    new = rules.new_state([Seat("A"), Seat("B")], 1)
    assert new.edition == rules.EDITION == 2 and new.to_dict()["edition"] == 2
    assert OzState.from_dict(new.to_dict()).edition == 2 and new.view(0).edition == new.clone().edition == 2
    old = rules.new_state([Seat("A"), Seat("B")], 1, {"edition": 1}).to_dict()
    assert "edition" not in old and OzState.from_dict(old).edition == 1  # saved as games were before it
    for bad in (0, 3, "2", True):
        with pytest.raises(ValueError):
            rules.new_state([Seat("A"), Seat("B")], 1, {"edition": bad})
        with pytest.raises(StateFormatError):
            OzState.from_dict(new.to_dict() | {"edition": bad})


def test_a_game_saved_under_the_spell_limit_allows_one_spell_per_phase_before_or_between_steps():
    s, card = holding("boost", points=3)
    s.spell_limit = True
    s.hands[0].append(first("turn"))
    s.deck.remove(first("turn")) if first("turn") in s.deck else None
    step(s)
    assert casts(s, card)  # between steps
    s.apply(("cast", card))
    assert not any(a[0] == "cast" for a in s.legal_actions())
    before = s.to_dict()
    with pytest.raises(IllegalAction):
        s.apply(("cast", first("turn"), "S"))
    assert s.to_dict() == before


def test_a_second_spell_may_follow_in_the_same_phase():
    s, card = holding("boost", points=3)
    assert not s.spell_limit  # the rules since the limit was dropped
    turn = first("turn")
    for pile in [s.deck, s.discard] + s.hands:
        if turn in pile:
            pile.remove(turn)
    s.hands[0].append(turn)
    s.apply(("cast", card))
    step(s)
    s.apply(("cast", turn, "S"))
    assert s.taken_dir[0] == "S" and s.points == 3 and s.cards_played == [2, 0]


def test_the_spell_limit_is_a_game_option_kept_in_saves():
    free = rules.new_state([Seat("A"), Seat("B")], 1)
    assert not free.spell_limit and not OzState.from_dict(free.to_dict()).spell_limit
    limited = rules.new_state([Seat("A"), Seat("B")], 1, {"spell_limit": 1}).to_dict()
    assert "spell_limit" not in limited  # saved as games were before the limit was dropped
    assert OzState.from_dict(limited).spell_limit
    for bad in (2, "no", None):
        with pytest.raises(ValueError):
            rules.new_state([Seat("A"), Seat("B")], 1, {"spell_limit": bad})


def test_a_spell_is_ready_again_next_phase():
    s, card = holding("phase", n=2, points=1)
    s.cast_this_phase = True
    step(s)
    assert s.acting == 1 and not s.cast_this_phase


def test_no_casting_outside_your_own_action_phase():
    s = game(2, seed=6)
    card = s.hands[0][0]
    with pytest.raises(IllegalAction):
        s.apply(("cast", card))
    while s.phase != ACTION:
        s.apply(s.legal_actions()[0])
    other = 1 - s.acting
    s.hands[other].append(first("boost")) if first("boost") not in s.hands[other] else None
    for pile in [s.deck, s.discard, s.hands[s.acting]]:
        if first("boost") in pile:
            pile.remove(first("boost"))
    before = s.to_dict()
    with pytest.raises(IllegalAction):
        s.apply(("cast", first("boost")))
    assert s.to_dict() == before


@pytest.mark.parametrize("bad", [("cast", 0), ("cast", "1"), ("cast", True)])
def test_the_wizard_card_and_junk_cannot_be_cast(bad):
    s, card = holding("boost", points=3)
    before = s.to_dict()
    with pytest.raises(IllegalAction):
        s.apply(bad)
    assert s.to_dict() == before


# -- every kind -------------------------------------------------------------------------
def test_boost_adds_points_capped_at_6():
    s, card = holding("boost", points=3)
    amount = CARDS[card].param("amount")
    assert casts(s, card) == [("cast", card)]
    events = s.apply(("cast", card))
    assert s.points == 3 + amount and events[0]["points"] == [3, 3 + amount]
    big = first("boost", amount=2)
    s, card = holding("boost", points=5)
    s.hands[0][-1] = big
    s.deck.remove(big) if big in s.deck else None
    s.apply(("cast", big))
    assert s.points == 6
    s, card = holding("boost", points=6)
    assert casts(s, card) == []
    with pytest.raises(IllegalAction):
        s.apply(("cast", card))


def test_turn_points_the_die_another_way_for_free():
    s, card = holding("turn", d="E", points=3, at="C3")
    assert casts(s, card) == [("cast", card, d) for d in "NSW"]
    s.apply(("cast", card, "S"))
    assert s.taken_dir[0] == "S" and s.points == 3
    step(s)
    assert s.tokens[0] == c("C4")
    with pytest.raises(IllegalAction):
        holding("turn", d="E")[0].apply(("cast", card, "E"))


def test_phase_makes_purple_lines_free_but_not_the_edge():
    s, card = holding("phase", d="E", at="E3", points=4, board=board_with("E3E", "F3E"))
    s.apply(("cast", card))
    e = step(s)[0]
    assert e["barrier"] and e["cost"] == 1 and s.points == 3
    e = step(s)[0]
    assert e["edge"] and e["cost"] == 2 and s.points == 1
    assert casts(*holding("phase")) and not casts(s, card)


def test_phase_wears_off_at_the_end_of_the_phase():
    s, card = holding("phase", n=2, d="E", at="A3", points=1)
    s.apply(("cast", card))
    step(s)
    assert s.acting == 1 and not s.through


def test_move_gem_moves_one_gem_one_cell_on_the_board():
    s, card = holding("move_gem", at="A3")
    colour = s.colours[1]
    s.gems[colour] = c("A1")
    options = casts(s, card)
    assert ("cast", card, colour, "E") in options and ("cast", card, colour, "N") not in options
    assert len([o for o in options if o[2] == colour]) == 2
    s.apply(("cast", card, colour, "S"))
    assert s.gems[colour] == c("A2") and s.scores == [0, 0]


def test_move_gem_onto_your_own_token_gives_nothing():
    s, card = holding("move_gem", at="C3", d="E", points=3)
    s.gems[s.colours[0]] = c("C2")
    s.apply(("cast", card, s.colours[0], "S"))
    assert s.gems[s.colours[0]] == c("C3") and s.scores[0] == 0
    step(s)
    assert s.scores[0] == 0


def test_reroll_makes_the_points_a_fresh_roll():
    seen = set()
    for seed in range(20):
        s, card = holding("reroll", points=3, seed=seed)
        events = s.apply(("cast", card))
        assert 1 <= s.points <= 6 and events[0]["points"] == [3, s.points]
        seen.add(s.points)
    assert len(seen) > 3


def test_push_moves_another_token_one_cell_and_it_resolves_nothing():
    s, card = holding("push", n=3, at="A3")
    s.tokens[1] = c("F6")
    s.tokens[2] = c("B1")
    options = casts(s, card)
    assert {o[2:] for o in options if o[2] == 1} == {(1, "N"), (1, "W")}
    assert not any(o[2] == 0 for o in options)
    hand = len(s.hands[2])
    s.apply(("cast", card, 2, "S"))  # onto the book on B2
    assert s.tokens[2] == c("B2") and len(s.hands[2]) == hand


def test_draw_draws_two_cards():
    s, card = holding("draw", points=3)
    hand = len(s.hands[0])
    events = s.apply(("cast", card))
    assert len(s.hands[0]) == hand - 1 + CARDS[card].param("count") and "draw" in types(events)
    s, card = holding("draw", points=3)
    s.hands[1] += s.deck + s.discard
    s.deck, s.discard = [], []
    assert casts(s, card) == []


def test_teleport_moves_your_token_to_a_coordinate_roll_and_resolves_nothing():
    s, card = holding("teleport", at="A3")
    trial = s.clone()
    trial.apply(("cast", card))
    where = trial.tokens[0]
    s.gems[s.colours[0]] = where
    s.wizard = where
    events = s.apply(("cast", card))
    assert s.tokens[0] == where and events[0]["to"] == where and s.scores[0] == 0 and s.wizard == where


def test_move_wizard_moves_it_one_cell_and_only_while_it_is_on_the_board():
    s, card = holding("move_wizard", at="A3")
    s.wizard = c("F1")
    assert casts(s, card) == [("cast", card, "S"), ("cast", card, "W")]
    s.apply(("cast", card, "W"))
    assert s.wizard == c("E1")
    s, card = holding("move_wizard")
    s.wizard = None
    assert casts(s, card) == []


def test_sidestep_moves_your_token_for_free_and_counts_as_passing():
    s, card = holding("sidestep", at="A2", d="E", points=1)
    s.wizard = c("B2")  # with the book
    s.gems[s.colours[1]] = c("B2")
    hand = len(s.hands[0])
    assert ("cast", card, "N") in casts(s, card) and ("cast", card, "W") not in casts(s, card)
    events = s.apply(("cast", card, "E"))
    assert s.tokens[0] == c("B2") and s.points == 1 and s.acting == 0
    assert s.wizard == c("B2") and s.scores[0] == 1  # passing: the gem, not the wizard
    assert len(s.hands[0]) == hand - 1 + 1 and [e["cards"] for e in events if e["type"] == "book"] == [1]


def test_sidestep_ignores_barriers():
    s, card = holding("sidestep", at="C3", points=2, board=board_with("C3E"))
    s.apply(("cast", card, "E"))
    assert s.tokens[0] == c("D3") and s.points == 2


@pytest.mark.parametrize("kind", sorted(spellbook.KINDS))
def test_each_kind_keeps_points_within_1_and_6_and_the_cards_whole(kind):
    for points in (1, 6):
        s, card = holding(kind, n=3, points=points, at="C3")
        for action in casts(s, card):
            t = s.clone()
            t.apply(action)
            assert 1 <= t.points <= 6 and t.phase == ACTION and t.acting == 0
            assert all_cards(t) == list(range(1, 49))
            assert all(0 <= x < 6 and 0 <= y < 6 for x, y in t.tokens + list(t.gems.values()))


def test_random_kinds_are_the_ones_that_reveal():
    for kind in spellbook.KINDS:
        s, card = holding(kind, points=3, at="C3")
        action = casts(s, card)[0]
        assert s.reveals_hidden(action) == (kind in spellbook.RANDOM_KINDS), kind


def test_cast_with_a_choice_that_is_not_offered_changes_nothing():
    s, card = holding("push", n=2, at="A3")
    s.tokens[1] = c("A1")
    before = s.to_dict()
    assert ("cast", card, 1, "S") in casts(s, card)
    for bad in [("cast", card, 1, "N"), ("cast", card, 0, "S"), ("cast", card, 5, "S"), ("cast", card),
                ("cast", card, 1, "S", "extra"), ("cast", card, True, "S"), ("cast", card, 1.0, "S")]:
        with pytest.raises(IllegalAction):
            s.apply(bad)
    assert s.to_dict() == before


def test_spells_are_not_offered_in_the_draft():
    s = game(2, seed=1)
    while s.phase != DRAFT_DIR:
        s.apply(s.legal_actions()[0])
    assert all(a[0] == "take_dir" for a in s.legal_actions())


def test_a_cast_equal_to_a_listed_one_is_taken_but_not_one_with_true_for_a_seat():
    """A listed cast action is found by identity; one rebuilt equal to it is still legal, but a
    seat given as True (equal to 1) is refused and changes nothing."""
    s, card = holding("push", n=2)
    listed = next(a for a in casts(s, card) if a[2] == 1)
    before = s.to_dict()
    for fake in (("cast", card, True, listed[3]), ("cast", card, 1.0, listed[3])):
        with pytest.raises(IllegalAction):
            s.apply(fake)
        assert s.to_dict() == before
    s.apply(tuple(["cast", card, int("1"), str(listed[3])]))  # equal, not the listed object
    assert s.cards_played == [1, 0]


def test_the_records_page_s_cast_examples_are_legal_casts_of_the_cards_its_rows_name():
    """docs/records.md lists the spells by card id with an example each: every example is a legal
    cast of a card of its row (a hand-built position), and the row's cards are all of one kind."""
    import json
    import re
    from pathlib import Path

    page = (Path(__file__).resolve().parent.parent / "docs" / "records.md").read_text(encoding="utf-8")
    rows = re.findall(r'^\| ([\d, -]+) \| [^|]+ \| `\["cast"[^|]*\| `(\["cast"[^`]*)`', page, re.M)
    assert len(rows) == len(spellbook.KINDS)
    for ids, example in rows:
        cards = [i for part in ids.split(", ") for a, b in [part.split("-")] for i in range(int(a), int(b) + 1)]
        action = json.loads(example)
        assert action[1] in cards and len({CARDS[i].kind for i in cards}) == 1, example
        s, _ = holding(CARDS[action[1]].kind, d="N", at="C3")
        for pile in [s.deck, s.discard] + s.hands:
            if action[1] in pile:
                pile.remove(action[1])
        s.hands[0].append(action[1])
        s.gems["red"], s.tokens[1], s.wizard = c("D3"), c("C4"), c("D5")
        assert tuple(action) in s.legal_actions(), example
        assert s.apply(action)[0]["kind"] == CARDS[action[1]].kind
