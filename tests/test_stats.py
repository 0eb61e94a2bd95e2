"""Stats: counts per game and seat kind, best scores, broken files."""

import json

import pytest

from wonderland_games.core.game import BOT, HUMAN, Result, Seat
from wonderland_games.core.stats import SEAT_KINDS, load_stats, record_game, stats_path


@pytest.fixture(autouse=True)
def user_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("WONDERLAND_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("WONDERLAND_CONFIG_DIR", str(tmp_path / "config"))


SEATS = [Seat("Ann"), Seat("Easy", BOT, "easy"), Seat("Hard", BOT, "hard")]


def parade_result(scores, winners):
    return Result(scores=scores, winners=winners, breakdown=[{}] * len(scores), lower_is_better=True)


def test_empty_stats():
    stats = load_stats()
    assert stats["games"] == {} and stats["totals"]["played"] == 0
    assert list(stats["totals"]["seats"]) == list(SEAT_KINDS)


def test_counts_wins_and_best_scores_lower_is_better():
    record_game("parade", SEATS, parade_result([12, 30, 20], [0]))
    record_game("parade", SEATS, parade_result([25, 9, 20], [1]))
    record_game("parade", SEATS, parade_result([7, 7, 40], [0, 1]))  # shared win counts for both
    game = load_stats()["games"]["parade"]
    assert game["played"] == 3 and game["lower_is_better"] is True
    assert game["seats"]["human"] == {"played": 3, "won": 2, "best": 7}
    assert game["seats"]["bot-easy"] == {"played": 3, "won": 2, "best": 7}
    assert game["seats"]["bot-hard"] == {"played": 3, "won": 0, "best": 20}
    assert game["seats"]["bot-normal"] == {"played": 0, "won": 0, "best": None}
    assert game["best"]["score"] == 7 and game["best"]["name"] == "Ann" and game["best"]["kind"] == "human"


def test_higher_is_better_and_totals_across_games():
    record_game("parade", SEATS, parade_result([1, 2, 3], [0]))
    two_humans = [Seat("A"), Seat("B", HUMAN)]
    record_game("valley", two_humans, Result(scores=[40, 55], winners=[1], breakdown=[{}, {}]))
    record_game("valley", two_humans, Result(scores=[61, 50], winners=[0], breakdown=[{}, {}]))
    stats = load_stats()
    valley = stats["games"]["valley"]
    assert valley["best"]["score"] == 61 and valley["best"]["name"] == "A"
    assert valley["seats"]["human"] == {"played": 4, "won": 2, "best": 61}
    assert stats["totals"]["played"] == 3
    assert stats["totals"]["seats"]["human"] == {"played": 5, "won": 3}


def test_accepts_seat_dicts_and_is_json_on_disk():
    record_game("parade", [s.to_dict() for s in SEATS], parade_result([1, 2, 3], [0]))
    on_disk = json.loads(stats_path().read_text(encoding="utf-8"))
    assert on_disk["version"] == 1 and on_disk["games"]["parade"]["played"] == 1
    assert "totals" not in on_disk  # computed on load, not stored
    assert [p.name for p in stats_path().parent.iterdir()] == ["stats.json"]


@pytest.mark.parametrize("content", [b"{truncated", b"\x00\x01\x02", b"[]", b'{"version": 1, "games": []}',
                                     b'{"version": 99, "games": {}}',
                                     b'{"version": 1, "games": {"parade": {"played": -4}}}'])
def test_broken_file_reads_empty_and_is_kept_as_bak(content):
    stats_path().write_bytes(content)
    assert load_stats()["games"] == {}
    assert stats_path().read_bytes() == content  # reading never rewrites
    record_game("parade", SEATS, parade_result([1, 2, 3], [0]))
    assert stats_path().with_name("stats.json.bak").read_bytes() == content
    assert load_stats()["games"]["parade"]["played"] == 1


def test_good_file_makes_no_bak():
    record_game("parade", SEATS, parade_result([1, 2, 3], [0]))
    record_game("parade", SEATS, parade_result([1, 2, 3], [0]))
    assert not stats_path().with_name("stats.json.bak").exists()
    assert load_stats()["games"]["parade"]["played"] == 2
