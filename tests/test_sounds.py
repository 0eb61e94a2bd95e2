"""Every event a game emits has its sound, or a reason to be silent (data/sounds.yaml).

Random games of every game at every player count (and Dream Teller with bots, which
has events of its own) collect the event kinds the engines really emit; the source is
read too, for kinds too rare for a few random games. A move makes one sound: the one
of its most telling event.
"""

from __future__ import annotations

import random

import pytest

from wonderland_games.core import registry
from wonderland_games.core.game import Seat
from wonderland_games.core.paths import assets_dir
from wonderland_games.ui import sound
from wonderland_games.ui.sound import NAMES, event_table, sound_for

from events_seen import GAMES, emitted, in_source

SOUNDS = assets_dir() / "sounds"


def sound_names(entry) -> list:
    if isinstance(entry, str):
        return [entry]
    return [v for k, v in entry.items() if k != "by"] if "by" in entry else []


@pytest.mark.parametrize("game_id", GAMES)
def test_every_event_kind_has_an_entry(game_id):
    table = dict(event_table()[game_id])
    kinds = set(emitted(game_id)) | in_source(game_id)
    assert len(emitted(game_id)) >= 5, "random games must reach the engine's events"
    missing = sorted(kinds - set(table) - {"right"})  # "right": the Dream scene's own, gone with this table
    assert not missing, f"{game_id}: events with no entry in data/sounds.yaml: {missing}"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_entry_names_a_sound_file_or_says_why_not(game_id):
    for kind, entry in event_table()[game_id]:
        if isinstance(entry, dict) and "none" in entry:
            assert isinstance(entry["none"], str) and len(entry["none"]) > 10, f"{game_id}.{kind}: say why silent"
            continue
        names = sound_names(entry)
        assert names, f"{game_id}.{kind}: {entry!r} is neither a sound, a choice nor none"
        for name in names:
            assert name in NAMES and (SOUNDS / f"{name}.wav").is_file(), f"{game_id}.{kind}: no sound {name!r}"


def test_every_named_sound_has_its_file():
    assert all((SOUNDS / f"{name}.wav").is_file() for name in NAMES)


def test_a_move_makes_one_sound_the_most_telling():
    played = [{"type": "play", "seat": 0, "card": 3, "taken": [1]}, {"type": "draw", "seat": 0, "card": 9},
              {"type": "last_round", "seat": 0}]
    assert sound_for("parade", played) == "chime"
    assert sound_for("parade", played[:2]) == "play"
    assert sound_for("oz", [{"type": "step"}, {"type": "gem", "colour": "red"}, {"type": "gem_move"}]) == "gem"
    assert sound_for("oz", [{"type": "phase_end"}]) is None
    assert sound_for("voyage", [{"type": "visit", "paid": "money"}, {"type": "refill"}]) == "coin"
    assert sound_for("voyage", [{"type": "visit", "paid": "card"}]) == "chime"
    assert sound_for("dream", [{"type": "card", "outcome": "correct"}, {"type": "word"}]) == "take"
    assert sound_for("dream", [{"type": "card", "outcome": "wrong"}]) == "no"
    assert sound_for("dream", [{"type": "card", "outcome": "skip"}]) == "draw"
    assert sound_for("nonsense", played) is None and sound_for("parade", [None, {}, "x"]) is None


def test_play_events_plays_through_play(monkeypatch):
    """The one path: tests and scenes that watch `Sound.play` hear what the table chose."""
    from wonderland_games.core.settings import Settings

    player = sound.Sound(Settings(sound=True))
    heard = []
    monkeypatch.setattr(player, "play", heard.append)
    player.play_events("valley", [{"type": "gain"}, {"type": "place", "spot": "x"}])
    player.play_events("valley", [{"type": "turn"}])
    assert heard == ["worker"]


def test_a_broken_table_leaves_the_games_silent(monkeypatch, tmp_path):
    (tmp_path / "sounds.yaml").write_text("parade: [unclosed", encoding="utf-8")
    monkeypatch.setattr("wonderland_games.core.data.data_dir", lambda: tmp_path)
    event_table.cache_clear()
    try:
        assert event_table() == {} and sound_for("parade", [{"type": "play"}]) is None
    finally:
        event_table.cache_clear()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_table_sounds_each_move_as_the_table_says(game_id, monkeypatch):
    """Each game's table (fast forward: no staged flights) makes the sound data/sounds.yaml
    gives its move's events, and only that one."""
    from wonderland_games.ui import testing

    app = testing.make_app(size=(1280, 800), language="en", fast_forward=True)
    info = registry.get(game_id)
    seats = [Seat(f"P{i}") for i in range(max(2, info.min_players))]
    session, scene = testing.open_table(app, game_id, seats, seed=5)
    heard: list = []
    monkeypatch.setattr(app.sound, "play", heard.append)
    rng = random.Random(5)
    sounded = 0
    for _ in range(40):
        if session.state.is_over() or scene.timeline:
            break
        action = rng.choice(session.state.legal_actions())
        expected = sound_for(game_id, session.state.clone().apply(action))
        heard.clear()
        scene.apply(action)
        assert heard == ([expected] if expected else []), (action, heard, expected)
        sounded += bool(expected)
    assert sounded >= 3
