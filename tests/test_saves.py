"""Saves: every kind of broken file is reported and left untouched; atomic writes; slots."""

import json
import os
import random
import time
from pathlib import Path

import pytest

from wonderland_games.core import savefile, saves
from wonderland_games.core.game import BOT, Seat
from wonderland_games.core.paths import saves_dir
from wonderland_games.core.saves import SaveError
from wonderland_games.core.session import Session

OLD = 1_600_000_000  # a fixed past mtime, so any write would show


@pytest.fixture(autouse=True)
def user_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("WONDERLAND_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("WONDERLAND_CONFIG_DIR", str(tmp_path / "config"))


def mid_game(seed=1, players=4, plays=12, autosave=False):
    session = Session.new("parade", [Seat("爱丽丝")] + [Seat(f"Bot {i}", BOT) for i in range(1, players)],
                          seed=seed, autosave=autosave)
    rng = random.Random(seed)
    for _ in range(plays):
        session.apply(rng.choice(session.state.legal_actions()))
    return session


def snapshot(path):
    return path.read_bytes(), path.stat().st_mtime_ns


def folder_files():
    return sorted(p.relative_to(saves_dir()) for p in saves_dir().rglob("*") if p.is_file())


def save_text(**changes):
    data = mid_game().to_save()
    for key, value in changes.items():
        if value is KeyError:
            del data[key]
        else:
            data[key] = value
    return json.dumps(data).encode()


def with_action(action):
    data = mid_game().to_save()
    data["actions"][5] = action
    return json.dumps(data).encode()


def duplicated_card():
    data = mid_game().to_save()
    data["initial"]["parade"][0] = data["initial"]["parade"][1]
    return json.dumps(data).encode()


def valid():
    return json.dumps(mid_game().to_save()).encode()


BROKEN = {
    "truncated": (lambda: valid()[: len(valid()) // 2], "truncated", "cut off"),
    "random bytes": (lambda: random.Random(3).randbytes(2000), "corrupt", "not text"),
    "nul bytes": (lambda: b"\x00" * 64, "corrupt", "not text"),
    "empty": (lambda: b"", "truncated", "empty"),
    "blank": (lambda: b"  \n", "truncated", "empty"),
    "bad json": (lambda: b'{"format": "wonderland-save",, "version": 1}', "corrupt", "not valid JSON"),
    "json list": (lambda: b"[1, 2, 3]", "invalid", "JSON object"),
    "wrong format": (lambda: save_text(format="chess-save"), "invalid", "not a Wonderland Games save"),
    "no format": (lambda: save_text(format=KeyError), "invalid", "not a Wonderland Games save"),
    "unknown game": (lambda: save_text(game="chess"), "wrong_game", "chess"),
    "unbuilt game": (lambda: save_text(game="oz"), "wrong_game", "oz"),
    "newer version": (lambda: save_text(version=2), "newer_version", "newer version"),
    "bad version": (lambda: save_text(version="one"), "invalid", "version"),
    "missing actions": (lambda: save_text(actions=KeyError), "invalid", "'actions'"),
    "missing initial": (lambda: save_text(initial=KeyError), "invalid", "'initial'"),
    "seats of wrong type": (lambda: save_text(seats="Alice"), "invalid", "'seats'"),
    "bad seat": (lambda: save_text(seats=[{"name": "A", "kind": "alien"}, {"name": "B"}]), "invalid", "player"),
    "illegal action": (lambda: with_action(["play", 999]), "invalid", "action 6 of 12"),
    "action not a list": (lambda: with_action(7), "invalid", "action 6 of 12"),
    "duplicated card": (duplicated_card, "invalid", "exactly once"),
    "too many actions": (lambda: save_text(actions=[["play", 1]] * 500), "invalid", "cannot be played"),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_broken_save_is_reported_and_left_untouched(case):
    make, kind, words = BROKEN[case]
    path = saves.slots_dir() / f"{case}.json"
    path.write_bytes(make())
    os.utime(path, ns=(OLD * 10 ** 9, OLD * 10 ** 9))
    before, files = snapshot(path), folder_files()

    with pytest.raises(SaveError) as info:
        saves.load_session(path)
    assert info.value.kind == kind
    assert words in info.value.message
    assert path.name in str(info.value)
    listed = [i for i in saves.list_saves() if i.path == path]
    assert len(listed) == 1 and listed[0].error == info.value.message and listed[0].error_kind == kind

    assert snapshot(path) == before
    assert folder_files() == files


def test_missing_file():
    with pytest.raises(SaveError) as info:
        saves.load_session(saves.slots_dir() / "nope.json")
    assert info.value.kind == "missing"


def test_slot_round_trip_and_listing_newest_first():
    first = mid_game(seed=1, autosave=True)
    saves.save_slot(first, "早上")
    second = mid_game(seed=2, plays=20)
    path = saves.save_slot(second, "晚上")
    (saves.slots_dir() / "junk.json").write_bytes(b"\xff\xfe")
    infos = saves.list_saves()
    assert [i.slot for i in infos if not i.error] == ["晚上", "早上", None]
    assert [i.slot for i in infos if i.error] == ["junk"]
    assert infos[0].slot == "junk"  # broken files sort by their file time: written last
    top = infos[1]
    assert top.path == path and top.game_id == "parade" and top.players[0] == "爱丽丝"
    assert top.turn == 21 and top.over is False  # 20 plays done: the 21st turn under way
    loaded = saves.load_session(path)
    assert loaded.slot == "晚上" and loaded.state.to_dict() == second.state.to_dict()
    auto, = saves.unfinished_games()
    assert auto.slot is None and auto.turn == 13 and auto.error is None and auto.where == "autosave"


@pytest.mark.parametrize("name", ["第一局 存档", "../../escape", "a/b\\c:d*?", "..", "", "   ", "CON", "nul.txt",
                                  "仙" * 200, "tab\tnew\nline", "/etc/passwd"])
def test_slot_names_stay_inside_the_slots_folder(name):
    session = mid_game(plays=3)
    path = saves.save_slot(session, name)
    assert path.parent.resolve() == saves.slots_dir().resolve()
    assert path.is_file() and len(path.name.encode()) <= 255
    assert saves.load_session(path).slot == (name.strip() or "save")
    assert folder_files() == [Path("slots") / path.name]


def test_chinese_slot_name_is_kept_readable():
    assert saves.safe_file_name("第一局：疯帽匠") == "第一局：疯帽匠"  # a full-width colon is allowed
    assert saves.safe_file_name(" 第一局/疯帽匠? ") == "第一局_疯帽匠_"


def test_atomic_write_leaves_no_temp_files_and_survives_a_failure(monkeypatch):
    path = saves.slots_dir() / "x.json"
    saves.atomic_write_json(path, {"a": "旧"})
    assert [p.name for p in path.parent.iterdir()] == ["x.json"]
    old = path.read_bytes()

    def broken_dump(*args, **kwargs):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(json, "dump", broken_dump)
    with pytest.raises(RuntimeError):
        saves.atomic_write_json(path, {"a": "new"})
    assert path.read_bytes() == old
    assert [p.name for p in path.parent.iterdir()] == ["x.json"]


def test_failed_autosave_does_not_stop_the_game(monkeypatch):
    session = mid_game(plays=1, autosave=True)

    def full_disk(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(savefile, "atomic_write_json", full_disk)
    session.apply(session.state.legal_actions()[0])
    assert "No space left" in session.autosave_error
    assert len(session.actions) == 2


def test_broken_or_newer_autosave_is_kept_before_being_overwritten():
    path = saves.autosave_path("parade")
    newer = save_text(version=9)
    path.write_bytes(newer)
    session = mid_game(plays=2, autosave=True)
    kept = list(saves.kept_dir().glob("parade *.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == newer
    assert saves.load_session(path).actions == session.actions
    session.apply(session.state.legal_actions()[0])  # later autosaves do not copy again
    assert len(list(saves.kept_dir().iterdir())) == 1
    listed = next(i for i in saves.list_saves() if i.path == kept[0])
    assert listed.where == "kept" and listed.error_kind == "newer_version" and listed.game_id == "parade"


def test_delete_save_only_inside_the_saves_folder(tmp_path):
    path = saves.save_slot(mid_game(plays=1), "gone")
    saves.delete_save(path)
    assert not path.exists()
    outside = tmp_path / "keep.json"
    outside.write_text("{}")
    with pytest.raises(ValueError):
        saves.delete_save(outside)
    assert outside.exists()


def test_older_versions_are_upgraded_step_by_step(monkeypatch):
    data = mid_game(plays=2).to_save()
    monkeypatch.setattr(savefile, "VERSION", 3)
    steps = {1: lambda d: {**d, "one": True}, 2: lambda d: {**d, "two": d["one"]}}
    upgraded = saves.upgrade(data, steps)
    assert upgraded["version"] == 3 and upgraded["two"] is True
    with pytest.raises(SaveError) as info:
        saves.upgrade(data, {1: steps[1]})
    assert info.value.kind == "invalid" and "version 2" in info.value.message


def test_measure_autosave_write_and_load():
    session = mid_game(seed=4, players=4, plays=20)
    runs = 50
    start = time.perf_counter()
    for _ in range(runs):
        path = saves.write_autosave(session)
    write_ms = (time.perf_counter() - start) / runs * 1000
    start = time.perf_counter()
    for _ in range(runs):
        loaded = saves.load_session(path)
    load_ms = (time.perf_counter() - start) / runs * 1000
    assert loaded.state.to_dict() == session.state.to_dict()
    print(f"\nautosave of a 4-player game after 20 plays ({path.stat().st_size} bytes): "
          f"write {write_ms:.2f} ms (fsync included), load {load_ms:.2f} ms")


@pytest.mark.parametrize("game, players", [("parade", 4), ("oz", 3), ("voyage", 5)])
def test_every_game_continues_exactly_where_its_autosave_left_it(game, players):
    """Continue rebuilds the same state, with the same hidden cards and dice still to come."""
    from wonderland_games.core import registry

    session = Session.new(game, [Seat(f"P{i}", BOT) for i in range(players)], seed=5, autosave=False)
    bot, rng = registry.get(game).make_bot("random"), random.Random(5)
    for _ in range(30):
        state = session.state
        session.apply(bot.choose(state.view(state.current_player()), state.legal_actions(), rng))
    loaded = saves.load_session(saves.write_autosave(session))
    assert loaded.state.to_dict() == session.state.to_dict()
    for _ in range(20):  # the same future: both play on identically
        if session.state.is_over():
            break
        action = session.state.legal_actions()[0]
        assert loaded.apply(action) == session.apply(action)


# -- one autosave per game --------------------------------------------------------------
def first_moves(game, plays=3, seed=7):
    """A game of `game` with a few moves, autosaving after each."""
    from wonderland_games.core import registry

    info = registry.get(game)
    session = Session.new(game, [Seat("Ann"), Seat("Bob", BOT, "easy")], seed=seed)
    bot, rng = info.make_bot("easy"), random.Random(seed)
    for _ in range(plays):
        state = session.state
        session.apply(bot.choose(state.view(state.current_player()), state.legal_actions(), rng))
    return session


def test_starting_another_game_keeps_the_first_ones_unfinished_game():
    oz = first_moves("oz")
    oz_bytes = saves.autosave_path("oz").read_bytes()
    voyage = first_moves("voyage")
    assert saves.autosave_path("oz").read_bytes() == oz_bytes
    unfinished = saves.unfinished_games()
    assert [i.game_id for i in unfinished] == ["voyage", "oz"]  # the most recent first
    assert saves.load_session(unfinished[1].path).actions == oz.actions
    assert saves.load_session(unfinished[0].path).actions == voyage.actions
    assert {i.game_id for i in saves.list_saves() if i.where == "autosave"} == {"oz", "voyage"}
    assert not list(saves.kept_dir().iterdir())


def test_a_new_game_of_the_same_kind_sets_the_unfinished_one_aside():
    old = mid_game(seed=1, plays=5, autosave=True)
    old_bytes = saves.autosave_path("parade").read_bytes()
    new = mid_game(seed=2, plays=1, autosave=True)
    kept, = saves.kept_dir().iterdir()
    assert kept.read_bytes() == old_bytes  # moved byte for byte
    assert saves.load_session(saves.autosave_path("parade")).actions == new.actions
    listed = next(i for i in saves.list_saves() if i.path == kept)
    assert listed.where == "kept" and listed.slot is None and listed.game_id == "parade" and listed.unfinished
    assert saves.load_session(kept).actions == old.actions


def test_continuing_the_same_game_overwrites_its_autosave():
    first = mid_game(seed=1, plays=5, autosave=True)
    again = saves.load_session(saves.autosave_path("parade"))
    again.apply(again.state.legal_actions()[0])
    assert len(saves.load_session(saves.autosave_path("parade")).actions) == len(first.actions) + 1
    assert not list(saves.kept_dir().iterdir())


def test_a_finished_autosave_is_not_unfinished_and_is_replaced_without_keeping():
    session = mid_game(seed=3, plays=0, autosave=True)
    rng = random.Random(3)
    while not session.state.is_over():
        session.apply(rng.choice(session.state.legal_actions()))
    assert saves.unfinished_games() == []
    assert [i.over for i in saves.list_saves()] == [True]
    mid_game(seed=4, plays=1, autosave=True)
    assert not list(saves.kept_dir().iterdir()) and len(saves.unfinished_games()) == 1


def test_a_failed_set_aside_never_overwrites_the_old_game(monkeypatch):
    mid_game(seed=1, plays=5, autosave=True)
    old_bytes = saves.autosave_path("parade").read_bytes()

    def no_move(*args):
        raise PermissionError(13, "Permission denied")

    with monkeypatch.context() as patched:
        patched.setattr(savefile.os, "replace", no_move)
        new = mid_game(seed=2, plays=1, autosave=True)
    assert "Permission denied" in new.autosave_error
    assert saves.autosave_path("parade").read_bytes() == old_bytes
    new.apply(new.state.legal_actions()[0])  # the next autosave tries again, and keeps the old game
    assert new.autosave_error is None and len(list(saves.kept_dir().iterdir())) == 1


def test_set_aside_never_replaces_a_kept_file():
    paths = []
    for seed in range(3):
        path = saves.slots_dir() / f"{seed}.json"
        path.write_bytes(valid())
        paths.append(saves.set_aside(path, "parade"))
    assert len(set(paths)) == 3 and all(p.is_file() for p in paths)


@pytest.mark.parametrize("game_id", ["../x", "", "Oz", "a/b", None, "oz.json"])
def test_autosave_path_takes_only_game_ids(game_id):
    with pytest.raises(ValueError):
        saves.autosave_path(game_id)


# -- the single autosave of older versions ---------------------------------------------------
def legacy():
    return saves_dir() / saves.LEGACY_AUTOSAVE


def test_old_single_autosave_moves_to_its_games_autosave():
    old = valid()
    legacy().write_bytes(old)
    unfinished, = saves.unfinished_games()
    assert unfinished.game_id == "parade" and unfinished.path == saves.autosave_path("parade")
    assert saves.autosave_path("parade").read_bytes() == old and not legacy().exists()


def test_old_single_autosave_is_kept_when_its_game_has_an_autosave_already():
    current = mid_game(seed=5, plays=2, autosave=True)
    old = valid()
    legacy().write_bytes(old)
    infos = saves.list_saves()
    kept, = saves.kept_dir().iterdir()
    assert kept.read_bytes() == old and not legacy().exists()
    assert {i.where for i in infos} == {"autosave", "kept"}
    assert saves.load_session(saves.autosave_path("parade")).actions == current.actions


@pytest.mark.parametrize("case", ["truncated", "newer version", "json list", "random bytes"])
def test_broken_old_autosave_stays_untouched_and_listed(case):
    make, kind, _ = BROKEN[case]
    legacy().write_bytes(make())
    os.utime(legacy(), ns=(OLD * 10 ** 9, OLD * 10 ** 9))
    before = snapshot(legacy())
    mid_game(seed=6, plays=1, autosave=True)  # a new game autosaves beside it
    listed = [i for i in saves.list_saves() if i.path == legacy()]
    assert len(listed) == 1 and listed[0].error_kind == kind and listed[0].where == "autosave"
    assert snapshot(legacy()) == before


@pytest.mark.parametrize("game_id", ["parade", "oz", "voyage", "valley", "dream"])
def test_the_listed_turn_is_the_one_under_way_from_one(game_id):
    """"Turn 3" in the load list is the third turn, in every game (Parade once counted plays done)."""
    from wonderland_games.core import registry

    players = 4 if game_id == "dream" else 2
    state = registry.get(game_id).new_state([Seat(f"P{i}") for i in range(players)], 4)
    assert state.turn_number() == 1
    if game_id == "parade":
        for _ in range(2):
            state.apply(state.legal_actions()[0])
        assert state.turn_number() == 3 and state.turns_done() == 2
