"""The saves list knows each player's kind (human, or bot and its level), for every way a
save is read; a save that does not say still lists, with names only."""

import json

import pytest

from wonderland_games.core import saves
from wonderland_games.core.game import Seat
from wonderland_games.core.session import Session


@pytest.fixture(autouse=True)
def user_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("WONDERLAND_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("WONDERLAND_CONFIG_DIR", str(tmp_path / "config"))


SEATS = [Seat("爱丽丝"), Seat("Cheshire Cat", "bot", "normal"), Seat("帽匠", "bot", "hard")]


def saved(game="parade"):
    session = Session.new(game, SEATS, seed=5)
    session.apply(session.state.legal_actions()[0])
    return saves.save_slot(session, "三人")


@pytest.mark.parametrize("validate", [True, False])
def test_a_listed_save_has_every_seat_with_its_kind_and_level(validate):
    path = saved()
    info, = [i for i in saves.list_saves(validate) if i.path == path]
    assert info.players == ["爱丽丝", "Cheshire Cat", "帽匠"]
    assert info.seats == SEATS


def test_an_autosave_offered_for_resuming_has_its_seats_too():
    session = Session.new("voyage", SEATS, seed=3, autosave=True)
    session.apply(session.state.legal_actions()[0])
    info, = saves.unfinished_games()
    assert info.game_id == "voyage" and info.seats == SEATS


def test_a_save_read_without_replaying_and_no_seat_list_still_lists_its_names():
    data = json.loads(saved().read_text(encoding="utf-8"))
    del data["seats"]
    path = saves.slots_dir() / "old.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    info, = [i for i in saves.list_saves(validate=False) if i.path == path]
    assert info.error is None and info.players == ["爱丽丝", "Cheshire Cat", "帽匠"] and info.seats == []


def test_a_broken_save_lists_no_seats():
    path = saves.slots_dir() / "bad.json"
    path.write_text("{ not json", encoding="utf-8")
    info, = [i for i in saves.list_saves() if i.path == path]
    assert info.error_kind == "corrupt" and info.players == [] and info.seats == []
