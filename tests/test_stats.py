"""Stats: counts per game and seat kind, best scores, broken files."""

import json

import pygame
import pytest

from wonderland_games.core.game import BOT, HUMAN, Result, Seat
from wonderland_games.core.session import Session
from wonderland_games.core.stats import SEAT_KINDS, load_stats, record_game, stats_path
from wonderland_games.ui.testing import click_widget, key, step


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


# -- bots alone, a game counted once, the page on the game last played -------------------------
BOTS = [Seat("Easy", BOT, "easy"), Seat("Hard", BOT, "hard")]


def test_a_game_of_bots_alone_sets_no_record_and_counts_only_as_watched():
    record_game("parade", SEATS, parade_result([12, 30, 20], [0]))
    record_game("parade", BOTS, parade_result([0, 3], [0]))  # a better score than Ann's, by bots alone
    game = load_stats()["games"]["parade"]
    assert game["best"]["score"] == 12 and game["best"]["name"] == "Ann"
    assert game["played"] == 1 and game["watched"] == 1
    assert game["seats"]["bot-easy"] == {"played": 1, "won": 0, "best": 30}
    assert load_stats()["totals"]["played"] == 1


def test_a_game_finished_again_from_a_save_counts_once():
    session = Session.new("parade", SEATS, seed=4, autosave=False)
    loaded = Session.from_save(session.to_save(), autosave=False)
    again = Session.from_save(loaded.to_save(), autosave=False)
    assert session.uid == loaded.uid == again.uid and session.rematch().uid != session.uid
    record_game("parade", SEATS, parade_result([12, 30, 20], [0]), session.uid)
    stats = record_game("parade", SEATS, parade_result([2, 30, 20], [0]), loaded.uid)
    assert stats["games"]["parade"]["played"] == 1 and stats["games"]["parade"]["best"]["score"] == 12
    other = Session.new("parade", SEATS, seed=5, autosave=False)
    assert record_game("parade", SEATS, parade_result([2, 30, 20], [0]), other.uid)["games"]["parade"]["played"] == 2
    assert json.loads(stats_path().read_text(encoding="utf-8"))["finished"] == [session.uid, other.uid]


def test_files_from_before_game_ids_and_watched_games_still_read():
    stats_path().parent.mkdir(parents=True, exist_ok=True)
    stats_path().write_text(json.dumps({"version": 1, "games": {"parade": {
        "played": 2, "lower_is_better": True, "best": None, "seats": {}}}}), encoding="utf-8")
    game = load_stats()["games"]["parade"]
    assert game["played"] == 2 and game["watched"] == 0 and load_stats()["finished"] == []
    record_game("parade", SEATS, parade_result([1, 2, 3], [0]), "abc")
    assert not stats_path().with_name("stats.json.bak").exists() and load_stats()["games"]["parade"]["played"] == 3


def test_the_results_of_a_game_loaded_again_and_finished_count_once(menu_app):
    """Driven through the results screen, which counts a game as it opens."""
    from wonderland_games.scenes.results import ResultsScene

    app = menu_app
    session = Session.new("parade", SEATS, seed=3, autosave=False)
    loaded = Session.from_save(session.to_save(), autosave=False)
    for each in (session, loaded):
        while not each.state.is_over():
            each.apply(each.state.legal_actions()[0])
        app.push(ResultsScene(app, each))
        step(app)
        app.pop()
    assert load_stats()["games"]["parade"]["played"] == 1


def test_the_stats_page_opens_on_the_game_last_played(menu_app):
    from wonderland_games.scenes.launch import open_game
    from wonderland_games.scenes.stats import StatsScene

    app = menu_app
    menu = app.top
    open_game(app, Session.new("oz", [Seat("甲"), Seat("乙", BOT, "easy")], seed=2))
    key(app, pygame.K_ESCAPE)  # leave the table for the menu
    assert app.top is menu
    click_widget(app, menu.buttons[2])  # Statistics
    assert isinstance(app.top, StatsScene) and app.top.game.value == "oz"


def test_the_stats_page_says_games_of_bots_alone_count_for_nothing(menu_app, monkeypatch):
    from wonderland_games.scenes.stats import StatsScene
    from wonderland_games.ui import text as tx

    record_game("parade", BOTS, parade_result([0, 3], [0]))
    app = menu_app
    app.i18n.set_language("en")
    drawn, real = [], tx.draw_line
    monkeypatch.setattr(tx, "draw_line", lambda surface, fonts, text, *a, **k: drawn.append(text) or
                        real(surface, fonts, text, *a, **k))
    app.push(StatsScene(app, "parade"))
    step(app)
    assert "Games of bots alone, watched: 1. They count for nothing here." in drawn
