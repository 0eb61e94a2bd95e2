"""`wonderland-games simulate`: JSON shape, seeded reproducibility, fair seats, errors."""

import json

import pytest

from wonderland_games.core import simulate
from wonderland_games.core.records import load_record

ARGS = ["parade", "--players", "3", "--bots", "normal,easy,hard", "--games", "6", "--seed", "5",
        "--hard-iterations", "10", "--json"]
TIMINGS = ("games_per_second",)
SEAT_TIMINGS = ("mean_decision_ms", "p99_decision_ms")


def run_json(capsys, args):
    assert simulate.main(args) == 0
    out = capsys.readouterr().out
    return json.loads(out)


def without_timings(summary):
    summary = {k: v for k, v in summary.items() if k not in TIMINGS}
    summary["seats"] = [{k: v for k, v in s.items() if k not in SEAT_TIMINGS} for s in summary["seats"]]
    return summary


def test_json_output_shape(capsys):
    summary = run_json(capsys, ARGS)
    assert {"game", "players", "games", "seed", "games_per_second", "seats"} <= set(summary)
    assert (summary["game"], summary["players"], summary["games"], summary["seed"]) == ("parade", 3, 6, 5)
    assert [s["bot"] for s in summary["seats"]] == ["normal", "easy", "hard"]
    for seat in summary["seats"]:
        assert {"bot", "wins", "win_rate", "mean_score"} <= set(seat)
        assert seat["win_rate"] == pytest.approx(seat["wins"] / 6, abs=1e-5)
    assert sum(s["wins"] for s in summary["seats"]) == pytest.approx(6)  # shared wins split 1/k
    assert summary["games_per_second"] > 0 and summary["mean_turns"] > 10


def test_seeded_runs_are_identical(capsys):
    first = without_timings(run_json(capsys, ARGS))
    assert without_timings(run_json(capsys, ARGS)) == first
    other = without_timings(run_json(capsys, ARGS[:-4] + ["6", "--hard-iterations", "10", "--json"]))
    assert other != first


def test_processes_do_not_change_results():
    config = simulate.Config("parade", ("normal", "easy"), 8, 3)
    one = [(o.shares, o.scores, o.turns) for o in simulate.run(config, 1)]
    two = [(o.shares, o.scores, o.turns) for o in simulate.run(config, 2)]
    assert one == two


def test_bots_rotate_round_the_table(tmp_path):
    config = simulate.Config("parade", ("normal", "random"), 2, 4, record_dir=str(tmp_path))
    simulate.run(config)
    names = [[s.name for s in load_record(p).seats] for p in sorted(tmp_path.iterdir())]
    assert names == [["normal 1", "random 2"], ["random 2", "normal 1"]]


def test_fixed_seats_keep_each_bot_in_its_seat(tmp_path):
    config = simulate.Config("parade", ("normal", "random"), 2, 4, record_dir=str(tmp_path), fixed_seats=True)
    simulate.run(config)
    names = [[s.name for s in load_record(p).seats] for p in sorted(tmp_path.iterdir())]
    assert names == [["normal 1", "random 2"], ["normal 1", "random 2"]]


def test_fixed_seats_print_the_gap_from_a_fair_share(capsys):
    args = ["parade", "--players", "2", "--bots", "random,random", "--games", "10", "--seed", "1", "--fixed-seats"]
    summary = run_json(capsys, args + ["--json"])
    rates = [s["win_rate"] for s in summary["seats"]]
    assert summary["fixed_seats"] is True
    assert summary["fair_gap_points"] == pytest.approx(100 * max(abs(r - 0.5) for r in rates), abs=1e-3)
    assert simulate.main(args) == 0
    out = capsys.readouterr().out
    assert "seats fixed" in out and "largest gap from a fair share" in out and "1 random" in out


def test_random_is_a_level_simulate_accepts(capsys):
    summary = run_json(capsys, ["voyage", "--players", "2", "--bots", "random,easy", "--games", "2", "--json"])
    assert [s["bot"] for s in summary["seats"]] == ["random", "easy"]


def test_endings_are_counted_when_the_game_names_them():
    config = simulate.Config("parade", ("random", "random"), 3, 0)
    outcomes = [simulate.GameOutcome([1.0, 0.0], [1, 0], 5, [[], []], end) for end in ("deck", "rounds", "deck")]
    summary = simulate.summarise(config, outcomes, 1.0)
    assert summary["endings"] == {"deck": 2, "rounds": 1}
    assert "endings: deck 66.7%, rounds 33.3%" in simulate.format_table(summary)


def test_oz_game_length_is_in_rounds(capsys):
    assert simulate.main(["oz", "--players", "2", "--bots", "normal,normal", "--games", "1"]) == 0
    assert "rounds;" in capsys.readouterr().out


def test_text_output(capsys):
    assert simulate.main(ARGS[:-1]) == 0
    out = capsys.readouterr().out
    assert "win rate" in out and "games/s" in out and "turns" in out


@pytest.mark.parametrize("args, message", [
    (["chess", "--players", "2", "--bots", "random,random"], "unknown game 'chess'"),
    (["parade", "--players", "3", "--bots", "random,random"], "2 bots for 3 players"),
    (["parade", "--players", "2", "--bots", "random,genius"], "unknown bot level 'genius'"),
    (["parade", "--players", "7", "--bots", "random,random,random,random,random,random,random"], "2 to 6 players"),
    (["parade", "--players", "2", "--bots", "random,random", "--games", "0"], "at least 1"),
    (["parade", "--players", "two", "--bots", "random,random"], "invalid int value"),
])
def test_errors_are_one_clear_line(capsys, args, message):
    assert simulate.main(args) == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err


def test_one_level_seats_a_bot_of_that_level_at_every_place(capsys):
    summary = run_json(capsys, ["dream", "--players", "6", "--bots", "random", "--games", "2", "--json"])
    assert [s["bot"] for s in summary["seats"]] == ["random"] * 6


def test_a_game_registered_without_its_engine_is_one_clear_line(capsys, monkeypatch):
    from wonderland_games.core import registry
    from wonderland_games.core.game import GameInfo

    bare = GameInfo(id="dream", name=registry.game_name("dream"), min_players=4, max_players=10, available=False)
    monkeypatch.setitem(registry._REGISTRY, "dream", bare)
    assert simulate.main(["dream", "--players", "4", "--bots", "random,random,random,random"]) == 2
    err = capsys.readouterr().err
    assert "has no rules engine and bots yet" in err and "Traceback" not in err


def test_cli_dispatches_to_simulate(capsys):
    from wonderland_games.cli import main

    assert main(["simulate"] + ARGS[:-2] + ["1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 6


@pytest.mark.parametrize("game, players", [("parade", 3), ("oz", 2), ("voyage", 3)])
def test_a_random_game_is_the_rules_played_with_each_seats_own_generator(game, players):
    """simulate's game i, played out by hand: the game seeded from (seed, i), seat s choosing with
    random.Random seeded from (seed, i, "bot", s), bots rotating round the table."""
    import random

    from wonderland_games.core import registry
    from wonderland_games.core.game import BOT, Seat

    config = simulate.Config(game, ("random",) * players, 3, 21)
    for index, outcome in enumerate(simulate.run(config)):
        seats = [Seat(f"random {(s - index) % players + 1}", BOT, "random") for s in range(players)]
        state = registry.get(game).new_state(seats, simulate.derive_seed(21, index), None)
        rngs = [random.Random(simulate.derive_seed(21, index, "bot", s)) for s in range(players)]
        while not state.is_over():
            state.apply(rngs[state.current_player()].choice(state.legal_actions()))
        result = state.result()
        assert outcome.scores == [result.scores[(j + index) % players] for j in range(players)], index
        assert outcome.turns == state.turn_number()


def test_only_bots_that_read_a_view_are_given_one(monkeypatch):
    """Building a view is most of a Random decision's cost, and Random reads only the legal actions."""
    from wonderland_games.core.bots import RandomBot
    from wonderland_games.games.parade.bots import HeuristicBot
    from wonderland_games.games.parade.rules import ParadeState

    views, real_view = [], ParadeState.view
    monkeypatch.setattr(ParadeState, "view", lambda self, seat: views.append(seat) or real_view(self, seat))
    outcome = simulate.play_game(simulate.Config("parade", ("random", "random"), 1, 3), 0)
    assert views == [] and sum(map(len, outcome.decision_times)) > 10
    assert not RandomBot.needs_view and HeuristicBot.needs_view
    outcome = simulate.play_game(simulate.Config("parade", ("normal", "random"), 1, 3), 0)
    assert views and set(views) == {0} and len(views) == len(outcome.decision_times[0])


def test_parade_makes_its_bots_without_an_import_a_seat():
    """simulate makes a bot a seat and game: Parade registers its bots module's own maker, not a
    wrapper that runs an import statement at every call (it cost more than a Random move)."""
    from wonderland_games.core import registry
    from wonderland_games.games.parade import bots

    assert registry.get("parade").make_bot is bots.make_bot
