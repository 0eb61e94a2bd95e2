"""Game records: write, load, replay to the same result; broken records are refused clearly."""

import json

import pytest

from wonderland_games.core import simulate
from wonderland_games.core.records import (
    RecordError, initial_state, load_record, record_from_dict, replay_states, write_record,
)


@pytest.fixture(scope="module")
def record_files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("records")
    simulate.run(simulate.Config("parade", ("normal", "random", "hard"), 3, 9, hard_iterations=6, record_dir=str(folder)))
    simulate.run(simulate.Config("parade", ("easy", "normal"), 3, 2, record_dir=str(folder)))
    return sorted(folder.iterdir())


def raw(path):
    return json.loads(path.read_text(encoding="utf-8"))


def test_one_record_per_game(record_files):
    assert [p.name for p in record_files] == [f"parade-2-0000{i}.json" for i in range(3)] + [f"parade-9-0000{i}.json" for i in range(3)]


def test_replay_reaches_the_recorded_result(record_files):
    for path in record_files:
        record = load_record(path)
        states = list(replay_states(record))
        assert len(states) == len(record.actions)
        final = states[-1]
        assert final.is_over()
        result = final.result()
        assert (result.scores, result.winners, result.breakdown) == (
            record.result["scores"], record.result["winners"], record.result["breakdown"])
        assert states[0] is not final  # every step is its own copy


def test_the_deal_matches_the_seed(record_files):
    record = load_record(record_files[0])
    state = initial_state(record)
    assert list(state.initial_order) == record.setup["order"]
    assert state.first_player == record.setup["first_player"]
    assert sorted(record.setup["order"]) == list(range(66))


def test_write_load_round_trip(record_files, tmp_path):
    record = load_record(record_files[1])
    copy = tmp_path / "copy.json"
    write_record(copy, record)
    assert load_record(copy) == record
    assert raw(copy) == raw(record_files[1])
    assert [p.name for p in tmp_path.iterdir()] == ["copy.json"]  # no temp file left behind


def test_the_recorded_deal_wins_over_the_seed(record_files):
    data = raw(record_files[0])
    data["seed"] += 1  # a different shuffle; the recorded order must still replay
    states = list(replay_states(record_from_dict(data)))
    assert states[-1].result().scores == data["result"]["scores"]


def broken(data, change):
    data = json.loads(json.dumps(data))
    change(data)
    return data


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(format="chess-pgn"), "not a Wonderland game record"),
    (lambda d: d.update(version=7), "version 7 is newer"),
    (lambda d: d.pop("seed"), "missing field 'seed'"),
    (lambda d: d.update(seed="x"), "field 'seed' must be int"),
    (lambda d: d.update(game="chess"), "unknown game 'chess'"),
    (lambda d: d["seats"].__setitem__(0, {"name": "a", "kind": "robot"}), "seats[0] is not a seat"),
    (lambda d: d.update(seats=d["seats"][:1]), "1 seats"),
    (lambda d: d["actions"].__setitem__(3, "play"), "actions[3] must be a non-empty list"),
    (lambda d: d["result"].pop("winners"), "missing field 'winners'"),
])
def test_malformed_records_are_refused(record_files, change, message):
    with pytest.raises(RecordError) as err:
        record_from_dict(broken(raw(record_files[0]), change))
    assert message in str(err.value)


@pytest.mark.parametrize("change, message", [
    (lambda d: d["actions"].__setitem__(0, ["play", 99]), "action 0 ['play', 99] is illegal"),
    (lambda d: d["actions"].pop(), "before the game is over"),
    (lambda d: d["result"]["scores"].__setitem__(0, 999), "result does not match"),
    (lambda d: d["setup"].update(order=[0] * 66), "not a deal of this game's cards"),
])
def test_records_that_do_not_replay_are_refused(record_files, change, message):
    record = record_from_dict(broken(raw(record_files[0]), change))
    with pytest.raises(RecordError) as err:
        list(replay_states(record))
    assert message in str(err.value)


def test_unreadable_files_name_the_file(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(RecordError, match="bad.json: not valid JSON"):
        load_record(bad)
    with pytest.raises(RecordError, match="cannot read"):
        load_record(tmp_path / "missing.json")
