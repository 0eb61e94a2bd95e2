"""Game records: write, load, replay to the same result from the recorded chance alone;
version-1 records still replay from their seed; broken records and saves are refused clearly."""

import json

import pytest

from wonderland_games.core import simulate
from wonderland_games.core.game import Seat
from wonderland_games.core.records import (
    RecordError, initial_state, load_record, load_replay, make_record, record_from_dict, replay_states, write_record,
)
from wonderland_games.core.session import Session


@pytest.fixture(scope="module")
def record_files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("records")
    simulate.run(simulate.Config("parade", ("normal", "random", "hard"), 3, 9, hard_iterations=6, record_dir=str(folder)))
    simulate.run(simulate.Config("parade", ("easy", "normal"), 3, 2, record_dir=str(folder)))
    for game in ("oz", "voyage"):
        simulate.run(simulate.Config(game, ("easy", "normal", "easy"), 2, 4, record_dir=str(folder)))
    return sorted(folder.iterdir())


def raw(path):
    return json.loads(path.read_text(encoding="utf-8"))


def of_game(record_files, game):
    return [p for p in record_files if p.name.startswith(game)]


def final_result(record):
    result = list(replay_states(record))[-1].result()
    return result.scores, result.winners, result.breakdown


def test_one_record_per_game(record_files):
    assert [p.name for p in record_files] == (
        ["oz-4-00000.json", "oz-4-00001.json"] + [f"parade-2-0000{i}.json" for i in range(3)]
        + [f"parade-9-0000{i}.json" for i in range(3)] + ["voyage-4-00000.json", "voyage-4-00001.json"])


def test_replay_reaches_the_recorded_result(record_files):
    for path in record_files:
        record = load_record(path)
        states = list(replay_states(record))
        assert len(states) == len(record.actions)
        final = states[-1]
        assert final.is_over()
        assert final_result(record) == (
            record.result["scores"], record.result["winners"], record.result["breakdown"])
        assert states[0] is not final  # every step is its own copy


@pytest.mark.parametrize("change", [lambda d: d.pop("seed"), lambda d: d.update(seed=d["seed"] + 1)],
                         ids=["no seed", "another seed"])
def test_records_replay_without_their_seed(record_files, change):
    for path in record_files:
        data = raw(path)
        assert data["version"] == 2
        change(data)
        assert list(final_result(record_from_dict(data))) == [data["result"][k] for k in ("scores", "winners", "breakdown")]


def test_every_chance_outcome_is_listed_in_the_order_used(record_files):
    oz = raw(of_game(record_files, "oz")[0])
    kinds = [c[0] for c in oz["chance"]]
    assert kinds[:9] == ["tile"] * 9 and kinds[9:16] == ["cell"] * 7  # the wizard, then token + gem per seat
    assert kinds[16:25] == ["draw"] * 9 and kinds[25:31] == ["direction"] * 3 + ["action"] * 3
    assert initial_state(record_from_dict(oz)).board.layout == [tuple(c[1:]) for c in oz["chance"][:9]]
    voyage = raw(of_game(record_files, "voyage")[0])
    assert [c[0] for c in voyage["chance"][:11]] == ["first"] + ["destination"] * 5 + ["draw"] * 5
    state = initial_state(record_from_dict(voyage))
    assert state.first == voyage["chance"][0][1] and state.display == [c[1] for c in voyage["chance"][1:6]]
    assert raw(of_game(record_files, "parade")[0])["chance"] == []  # all its chance is the deal in setup


def test_the_recorded_chance_is_what_the_replay_uses(record_files):
    """Another (possible) outcome is played back as recorded, not as the seed would give it."""
    data = raw(of_game(record_files, "oz")[0])
    data["chance"][0][2] = (data["chance"][0][2] + 90) % 360  # the first tile turned once more
    data["chance"][9] = ["cell", 5, 5]  # the wizard elsewhere
    state = initial_state(record_from_dict(data))
    assert state.board.layout[0] == tuple(data["chance"][0][1:]) and state.wizard == (5, 5)


def test_version_1_records_replay_from_their_seed(record_files):
    for path in of_game(record_files, "oz") + of_game(record_files, "voyage"):
        data = raw(path)
        del data["chance"]
        data["version"] = 1
        record = record_from_dict(data)
        assert record.chance is None and record.to_dict() == data  # written back as version 1
        assert list(final_result(record)) == [data["result"][k] for k in ("scores", "winners", "breakdown")]
        data["seed"] += 1
        with pytest.raises(RecordError):
            list(replay_states(record_from_dict(data)))  # without a chance list, the seed is the game


def test_write_load_round_trip(record_files, tmp_path):
    for path in (record_files[1], record_files[3]):
        record = load_record(path)
        copy = tmp_path / "copy.json"
        write_record(copy, record)
        assert load_record(copy) == record
        assert raw(copy) == raw(path)
    assert [p.name for p in tmp_path.iterdir()] == ["copy.json"]  # no temp file left behind


def test_the_recorded_deal_wins_over_the_seed(record_files):
    path = of_game(record_files, "parade")[0]
    record = load_record(path)
    state = initial_state(record)
    assert list(state.initial_order) == record.setup["order"] and state.first_player == record.setup["first_player"]
    data = raw(path)
    data["seed"] += 1  # a different shuffle; the recorded order must still replay
    assert list(replay_states(record_from_dict(data)))[-1].result().scores == data["result"]["scores"]


def broken(data, change):
    data = json.loads(json.dumps(data))
    change(data)
    return data


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(format="chess-pgn"), "not a Wonderland game record"),
    (lambda d: d.update(version=7), "version 7 is newer"),
    (lambda d: d.update(version=0), "unsupported record version 0"),
    (lambda d: (d.update(version=1), d.pop("seed")), "missing field 'seed'"),
    (lambda d: d.update(seed="x"), "field 'seed' must be int"),
    (lambda d: d.update(game="chess"), "unknown game 'chess'"),
    (lambda d: d["seats"].__setitem__(0, {"name": "a", "kind": "robot"}), "seats[0] is not a seat"),
    (lambda d: d.update(seats=d["seats"][:1]), "1 seats"),
    (lambda d: d["actions"].__setitem__(3, "play"), "actions[3] must be a non-empty list"),
    (lambda d: d["result"].pop("winners"), "missing field 'winners'"),
    (lambda d: d.pop("chance"), "missing field 'chance'"),
    (lambda d: d["chance"].__setitem__(2, ["cell", True, 1]), "chance[2] must be a kind and its value"),
    (lambda d: d["chance"].__setitem__(2, [3]), "chance[2] must be a kind and its value"),
])
def test_malformed_records_are_refused(record_files, change, message):
    with pytest.raises(RecordError) as err:
        record_from_dict(broken(raw(record_files[0]), change))
    assert message in str(err.value)


@pytest.mark.parametrize("game, change, message", [
    ("parade", lambda d: d["actions"].__setitem__(0, ["play", 99]), "action 0 ['play', 99] is illegal"),
    ("parade", lambda d: d["actions"].pop(), "before the game is over"),
    ("parade", lambda d: d["result"]["scores"].__setitem__(0, 999), "result does not match"),
    ("parade", lambda d: d["setup"].update(order=[0] * 66), "not a deal of this game's cards"),
    ("parade", lambda d: d["chance"].append(["draw", 1]), "parade games use none"),
    ("oz", lambda d: d["chance"].__setitem__(9, ["cell", 6, 0]), "chance[9] is ['cell', 6, 0]"),
    ("oz", lambda d: d["chance"].__setitem__(1, list(d["chance"][0])), "chance[1] is"),  # a tile twice
    ("oz", lambda d: d["chance"].__setitem__(9, ["draw", 3]), "needs a cell"),
    ("oz", lambda d: d.update(chance=d["chance"][:-1]), "chance ends after"),
    ("oz", lambda d: d["chance"].append(["cell", 1, 1]), "1 chance outcomes the game never used"),
    ("voyage", lambda d: d["chance"].__setitem__(0, ["first", 7]), "chance[0] is ['first', 7]"),
    ("voyage", lambda d: d["chance"].__setitem__(6, ["draw", 999]), "chance[6] is ['draw', 999]"),
])
def test_records_that_do_not_replay_are_refused(record_files, game, change, message):
    with pytest.raises(RecordError) as err:
        list(replay_states(record_from_dict(broken(raw(of_game(record_files, game)[0]), change))))
    assert message in str(err.value)


def test_unreadable_files_name_the_file(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(RecordError, match="bad.json: the file is damaged"):
        load_record(bad)
    with pytest.raises(RecordError, match="missing.json: the file does not exist"):
        load_record(tmp_path / "missing.json")


def played_session(game, seed, moves=None):
    import random

    seats = [Seat("甲", "bot", "easy"), Seat("乙"), Seat("丙", "bot", "hard")]
    session = Session.new(game, seats, seed=seed, autosave=False)
    rng = random.Random(seed)
    while not session.state.is_over() and (moves is None or len(session.actions) < moves):
        session.apply(rng.choice(session.state.legal_actions()))
    return session


@pytest.mark.parametrize("game", ["parade", "oz", "voyage"])
def test_a_save_replays_finished_or_not(tmp_path, game):
    from wonderland_games.core.session import state_digest

    for moves in (None, 25):
        session = played_session(game, 31, moves)
        path = tmp_path / f"{game}-{moves}.json"
        path.write_text(json.dumps(session.to_save()), encoding="utf-8")
        record = load_replay(path)
        assert record.actions == session.actions and record.seats == session.seats
        assert (record.result is None) == (moves is not None)
        assert state_digest(list(replay_states(record))[-1]) == state_digest(session.state)
        data = record.to_dict()
        data.pop("seed")  # the record made from a save is self-contained too: all but the generator agrees
        assert without_generator(list(replay_states(record_from_dict(data)))[-1]) == without_generator(session.state)


def without_generator(state):
    return {k: v for k, v in state.to_dict().items() if k not in ("seed", "rng")}


def test_a_save_whose_log_was_altered_is_refused(tmp_path):
    data = played_session("oz", 5, 30).to_save()
    data["actions"][3] = ["step"]
    path = tmp_path / "altered.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError, match=r"altered.json: action 4 of 30 .* cannot be played"):
        load_replay(path)


def test_make_record_of_an_unfinished_game_has_no_result():
    session = played_session("voyage", 8, 10)
    record = make_record("voyage", 8, session.seats, None, session.actions)
    assert record.result is None and record.to_dict()["result"] is None
    assert record_from_dict(record.to_dict()) == record


@pytest.mark.parametrize("game, seed, kinds", [
    ("oz", 22, {"tile", "cell", "draw", "direction", "action", "reroll"}),
    ("voyage", 23, {"first", "destination", "draw"}),  # a random game whose itinerary deck runs out
])
def test_random_games_with_a_reshuffle_replay_without_their_seed(game, seed, kinds):
    from wonderland_games.ui.testing import random_record

    record = random_record(game, seed=seed, players=3)
    assert {c[0] for c in record.chance} == kinds
    data = record.to_dict()
    del data["seed"]
    state, reshuffles = initial_state(record_from_dict(data)), 0
    for action in record.actions:
        reshuffles += sum(e["type"] == "reshuffle" for e in state.apply(action))
    assert reshuffles and state.result().scores == record.result["scores"]
