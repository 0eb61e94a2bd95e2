"""Wonderland Valley solo: the Jabberwock's die faces, blocking, recall, its score, the end,
saves, records, views, simulate, stats, and seeded random solo play."""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter

import pytest

from wonderland_games.core import simulate, stats
from wonderland_games.core.game import BOT, IllegalAction, Seat
from wonderland_games.core.records import load_record, make_record, record_from_dict, replay_states
from wonderland_games.games.valley import solo
from wonderland_games.games.valley import state as engine
from wonderland_games.games.valley.data import load_valley
from wonderland_games.games.valley.state import FINAL, PREPARE, ValleyState

VALLEY = load_valley()
RULES = solo.load_solo()
DECK = Counter(VALLEY.cards.deck())
LOCATION_FACES = {1: "twig_grove", 2: "amber_spring", 3: "pebble_shore", 4: "orchard_gate"}


def started(level=None, seed: int = 1) -> ValleyState:
    """A solo game at `level` (None: the default) with the mulligan kept; the player to act."""
    s = engine.new_state([Seat("Alice")], seed, None if level is None else {"opponent": level})
    s.apply(("mulligan",))
    return s


def places(s: ValleyState) -> set:
    return {a[1] for a in s.legal_actions() if a[0] == "place" and len(a) == 2}


def check(s: ValleyState) -> None:
    """Every card once (the opponent's pile too), the opponent's spots the player's to lose."""
    held = Counter(s.deck + s.discard + s.opponent.pile)
    for cards in (*s.hands, *s.cities):
        held.update(cards)
    assert held == DECK
    assert not set(s.opponent.workers) & places(s)
    assert len(s.opponent.workers) <= RULES.levels[s.opponent.level].workers
    if not s.is_over():
        assert s.legal_actions() and s.current_player() == 0


# -- the data ----------------------------------------------------------------------
def test_the_die_has_eight_faces_and_three_levels_harder_each_step():
    assert len(RULES.faces) == len(solo.FACES) == 8 and RULES.default == "normal"
    assert set(RULES.levels) == {"easy", "normal", "hard"}
    easy, normal, hard = (RULES.levels[k] for k in solo.LEVELS)
    assert easy.start_points <= normal.start_points <= hard.start_points
    assert easy.workers <= normal.workers <= hard.workers
    assert RULES.name == {"zh": "炸脖龙", "en": "The Jabberwock"}


def test_broken_solo_data_is_refused_with_its_field():
    raw = {"solo": {"name": {"zh": "炸脖龙", "en": "J"}, "default": "normal", "faces": list(RULES.faces),
                    "levels": {k: dataclasses.asdict(v) for k, v in RULES.levels.items()}}}
    assert solo.parse_solo(raw, VALLEY) == dataclasses.replace(RULES, name={"zh": "炸脖龙", "en": "J"})
    for change, field in [(("faces", ["card"] * 7), "faces"), (("faces", ["berry_bramble"] + ["card"] * 7), "faces[0]"),
                          (("default", "mad"), "default"), (("levels", {"easy": {}}), "levels")]:
        broken = json.loads(json.dumps(raw))
        broken["solo"][change[0]] = change[1]
        with pytest.raises(ValueError, match=field.replace("[", r"\[")):
            solo.parse_solo(broken, VALLEY)


def test_the_level_is_a_game_option_default_normal_solo_only():
    assert started().opponent.level == "normal"
    for level in solo.LEVELS:
        s = started(level)
        assert s.opponent.level == level and s.opponent.tokens == RULES.levels[level].start_points
        assert s.opponent.workers == [] and s.opponent.pile == []
    with pytest.raises(ValueError, match="opponent"):
        started("impossible")
    with pytest.raises(ValueError, match="solo"):
        engine.new_state([Seat("A"), Seat("B")], 1, {"opponent": "hard"})
    assert engine.new_state([Seat("A"), Seat("B")], 1).opponent is None


# -- each face ---------------------------------------------------------------------
@pytest.mark.parametrize("face", sorted(LOCATION_FACES))
def test_a_location_face_blocks_that_exclusive_location(face):
    s = started()
    spot = LOCATION_FACES[face]
    assert RULES.faces[face - 1] == spot and spot in places(s)
    events = []
    solo.carry_out(s, face, events)
    assert s.opponent.workers == [spot] and spot in s.taken() and spot not in places(s)
    assert events == [{"type": "opponent_roll", "face": face, "does": spot},
                      {"type": "opponent_place", "spot": spot, "workers": 1}]
    check(s)


@pytest.mark.parametrize("face", [5, 6])
def test_a_forest_face_blocks_the_first_free_forest_card(face):
    s = started()
    first, second, third = s.forest
    solo.carry_out(s, face, [])
    assert s.opponent.workers == [first] and first not in places(s)
    s.placed[0].append(second)  # the player holds the second one
    solo.carry_out(s, face, [])
    assert s.opponent.workers == [first, third]
    check(s)


@pytest.mark.parametrize("face", [7, 8])
def test_a_card_face_takes_a_card_from_the_deck_onto_its_pile(face):
    s = started()
    deck = len(s.deck)
    events = []
    solo.carry_out(s, face, events)
    assert len(s.deck) == deck - 1 and len(s.opponent.pile) == 1 and s.opponent.workers == []
    assert events[-1] == {"type": "opponent_take", "cards": s.opponent.pile, "instead": False}
    check(s)


def test_a_face_it_cannot_carry_out_takes_a_card_instead():
    s = started()
    s.placed[0].append("twig_grove")  # taken by the player
    events = []
    solo.carry_out(s, 1, events)
    assert s.opponent.workers == [] and len(s.opponent.pile) == 1 and events[-1]["instead"] is True
    limit = RULES.levels["normal"].workers
    for face in (2, 3, 4, 5)[:limit]:
        solo.carry_out(s, face, [])
    assert len(s.opponent.workers) == limit
    solo.carry_out(s, 6, [])  # a free forest card, but no worker left
    assert len(s.opponent.workers) == limit and len(s.opponent.pile) == 2
    s.deck, s.discard = [], []  # nothing left to take: it takes nothing
    events = []
    solo.carry_out(s, 7, events)
    assert events[-1]["cards"] == [] and len(s.opponent.pile) == 2


# -- its turn in the game ------------------------------------------------------------
def test_it_rolls_after_each_turn_of_the_player_on_the_tape():
    s = started(seed=3)
    before = s.chance
    events = s.apply(("place", "berry_bramble"))
    kinds = [e["type"] for e in events]
    roll = kinds.index("opponent_roll")
    assert kinds[roll + 1] in ("opponent_place", "opponent_take") and kinds[-1] == "turn"
    assert s.chance > before and s.current_player() == 0 and s.turns == 1


def test_recall_when_the_player_prepares_scores_its_points():
    s = started("hard")
    solo.carry_out(s, 1, [])
    solo.carry_out(s, 5, [])
    tokens = s.opponent.tokens
    events = s.apply(PREPARE)
    recall = next(e for e in events if e["type"] == "opponent_recall")
    assert recall == {"type": "opponent_recall", "workers": 2, "points": 2 * RULES.levels["hard"].recall_points}
    assert s.opponent.tokens == tokens + recall["points"]
    # the roll after that prepare may have placed one again, but the old two are back
    assert len(s.opponent.workers) <= 1


def test_no_roll_after_the_turn_that_ends_the_players_game():
    s = started()
    s.season[0] = FINAL - 1
    s.placed[0] = []
    events = s.apply(PREPARE)
    assert s.is_over() and "opponent_roll" not in [e["type"] for e in events]
    assert events[-1]["type"] == "game_end"


# -- score and result --------------------------------------------------------------
def test_its_score_is_its_piles_printed_points_plus_its_tokens():
    s = started("easy")
    s.opponent.pile = ["quarry", "dormouse"]
    for kind in s.opponent.pile:
        s.deck.remove(kind)
    s.opponent.tokens = 5
    kinds = VALLEY.cards.kinds
    expected = {"cards": kinds["quarry"].points + kinds["dormouse"].points, "tokens": 5}
    assert s.opponent_breakdown() == expected and s.opponent_score() == sum(expected.values())
    assert tuple(expected) == solo.BREAKDOWN


def over(player: int, opponent: int) -> ValleyState:
    """A finished solo game with these totals (as point tokens)."""
    s = started()
    s.opponent.tokens = opponent
    s.tokens[0] = player - sum(s.breakdown(0).values())
    s.season[0] = FINAL - 1
    s.apply(PREPARE)
    assert s.is_over()
    return s


@pytest.mark.parametrize("player, opponent, winners", [(30, 31, []), (30, 30, [0]), (31, 30, [0])])
def test_the_result_the_opponent_winning_losing_or_tying(player, opponent, winners):
    s = over(player, opponent)
    result = s.result()
    total = result.extra["opponent"]
    assert result.winners == winners and result.scores == [player]
    assert total == s.opponent_score() and result.extra["opponent_level"] == "normal"
    assert result.extra["opponent_name"] == RULES.name
    assert result.extra["opponent_breakdown"] == s.opponent_breakdown()
    assert (result.winners == []) == (total > result.scores[0])
    assert (s.returns(0) >= 0.75) == bool(winners)


# -- saves, records, views -----------------------------------------------------------
def play(level: str, seed: int, policy=None):
    """A seeded random solo game; yields each state before its action."""
    s = started(level, seed)
    rng = random.Random(seed)
    while not s.is_over():
        action = rng.choice(s.legal_actions())
        yield s, action
        s.apply(action)
    yield s, None


def test_save_round_trip_keeps_the_opponent_and_damage_is_refused():
    for s, _ in play("hard", 11):
        data = json.loads(json.dumps(s.to_dict()))
        assert engine.from_dict(data).to_dict() == s.to_dict()
    assert data["opponent"]["level"] == "hard" and data["opponent"]["pile"]
    for damage in (lambda d: d["opponent"].update(level="mad"),
                   lambda d: d["opponent"]["pile"].append(d["opponent"]["pile"][0]),
                   lambda d: d["opponent"].update(workers=["berry_bramble"]),
                   lambda d: d["opponent"].update(tokens=-1),
                   lambda d: d.update(opponent=None)):
        broken = json.loads(json.dumps(data))
        damage(broken)
        with pytest.raises(ValueError):
            engine.from_dict(broken)


def test_a_record_replays_from_its_tape_with_the_dice():
    moves = list(play("easy", 5))
    actions = [("mulligan",)] + [a for _, a in moves if a is not None]
    record = make_record("valley", 5, [Seat("Alice")], {"opponent": "easy"}, actions)
    data = json.loads(json.dumps(record.to_dict()))
    assert any(entry[0] == "die" for entry in data["chance"])
    data.pop("seed")  # the tape alone replays it
    final = list(replay_states(record_from_dict(data)))[-1]
    assert final.is_over() and final.result() == moves[-1][0].result()
    assert final.opponent.to_dict() == moves[-1][0].opponent.to_dict()


def test_views_show_the_opponent_and_determinize_keeps_its_pile():
    for s, _ in play("normal", 9):
        if len(s.opponent.pile) >= 2:
            break
    view = s.view(0)
    assert view.opponent.to_dict() == s.opponent.to_dict() and view.opponent_score() == s.opponent_score()
    full = view.determinize(random.Random(1))
    assert full.opponent.pile == s.opponent.pile and full.view(0).to_dict() == view.to_dict()
    check(full)
    with pytest.raises(IllegalAction):
        view.apply(s.legal_actions()[0])


def test_random_solo_play_never_sticks_over_ten_thousand_states():
    states = games = 0
    seed = 0
    while states < 10_000:
        level = solo.LEVELS[seed % 3]
        for s, action in play(level, 1000 + seed):
            states += 1
            if action is not None:
                assert action in s.legal_actions()
            else:
                check(s)
                assert s.result().scores[0] == sum(s.breakdown(0).values())
        games += 1
        seed += 1
    assert games >= 10


# -- the foundation: simulate and stats ----------------------------------------------
def test_simulate_plays_solo_at_normal_and_takes_the_level_as_an_option(capsys, tmp_path):
    args = ["valley", "--players", "1", "--bots", "normal", "--games", "3", "--seed", "2", "--json"]
    assert simulate.main(args) == 0
    summary = json.loads(capsys.readouterr().out)
    opponent = summary["opponent"]
    assert summary["options"] == {} and 0 <= opponent["win_rate"] <= 1 and opponent["mean_score"] > 0
    assert opponent["win_rate"] == pytest.approx(1 - summary["seats"][0]["win_rate"])
    assert simulate.main(args + ["--option", "opponent=hard"]) == 0
    hard = json.loads(capsys.readouterr().out)
    assert hard["options"] == {"opponent": "hard"} and hard["opponent"] != opponent
    assert simulate.main(args[:-1] + ["--option", "opponent=hard", "--record", str(tmp_path)]) == 0
    assert "opponent" in capsys.readouterr().out
    records = [load_record(p) for p in sorted(tmp_path.iterdir())]
    assert len(records) == 3 and all(r.options == {"opponent": "hard"} for r in records)
    assert list(replay_states(records[0]))[-1].opponent.level == "hard"
    assert simulate.main(args + ["--option", "opponent=mad"]) == 2
    assert "opponent" in capsys.readouterr().err
    assert simulate.main(args + ["--option", "nonsense"]) == 2


def test_a_game_the_opponent_wins_counts_as_played_not_won(monkeypatch, tmp_path):
    monkeypatch.setenv("WONDERLAND_DATA_DIR", str(tmp_path))
    s = over(20, 40)
    counted = stats.record_game("valley", [Seat("Alice")], s.result())
    row = counted["games"]["valley"]["seats"]["human"]
    assert (row["played"], row["won"], row["best"]) == (1, 0, 20)
    counted = stats.record_game("valley", [Seat("Alice")], over(41, 40).result())
    assert counted["games"]["valley"]["seats"]["human"]["won"] == 1


def test_normal_and_hard_bots_play_solo_to_the_end():
    from wonderland_games.games.valley.bots import make_bot

    for level in ("normal", "hard"):
        s = engine.new_state([Seat("b", BOT, level)], 4, {"opponent": "hard"})
        bot, rng = make_bot(level), random.Random(4)
        while not s.is_over() and s.turns < 8:
            s.apply(bot.choose(s.view(0), s.legal_actions(), rng))
        assert s.turns == 8 or s.is_over()


# -- the rules page ------------------------------------------------------------------
PAGE = {"en": {"heading": "Playing alone: the solo opponent", "forest": "forest card", "card": "top card of the deck",
               "level": "{level}: {w} workers, {r} point{s} for each worker it takes back, {p} points to start with."},
        "zh": {"heading": "单人游戏：自动对手", "forest": "森林卡", "card": "牌库顶",
               "level": "{level}：{w} 个工人，每收回一个工人得 {r} 分，起始 {p} 分。"}}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_rules_page_tells_every_face_and_level_as_the_data_has_them(lang):
    import re

    from wonderland_games.core.paths import data_dir
    from wonderland_games.ui.i18n import I18n

    words, t = PAGE[lang], I18n(lang).t
    text = (data_dir() / "valley" / f"rules.{lang}.md").read_text(encoding="utf-8")
    solo_part = text[text.index(f"\n## {words['heading']}\n"):]
    assert RULES.name[lang].lower() in solo_part.lower()
    bullets = [line for line in solo_part.splitlines() if re.match(r"- \d", line)]
    for face, what in zip(solo.FACES, RULES.faces):
        [line] = [b for b in bullets if str(face) in re.split("[:：]", b)[0]]
        expected = VALLEY.locations[what].name[lang] if what in VALLEY.locations else words[what]
        assert expected in line, (face, line)
    for level_id, level in RULES.levels.items():
        line = words["level"].format(level=t(f"setup.{level_id}"), w=level.workers, r=level.recall_points,
                                     s="" if level.recall_points == 1 else "s", p=level.start_points)
        assert f"- {line}" in solo_part.splitlines(), line
