"""The end of a game's moment (ui/finale.py): the winner's name over the table, then the results."""

import random

import pygame
import pytest

from wonderland_games.core.game import Seat
from wonderland_games.core.records import make_record
from wonderland_games.core.session import Session
from wonderland_games.core.stats import load_stats
from wonderland_games.scenes.launch import scene_class
from wonderland_games.scenes.results import ResultsScene
from wonderland_games.ui.finale import FINALE_SECONDS, Finale
from wonderland_games.ui.testing import click, key, make_app, run_until, step

SEATS = [Seat("Alice", "bot", "random"), Seat("柴郡猫", "bot", "random"), Seat("Bob", "bot", "random")]


def _ends(state, action) -> bool:
    trial = state.clone()
    trial.apply(action)
    return trial.is_over()


def near_end(game_id="parade", seed=5) -> Session:
    """A session whose every next move ends the game (so any bot's choice ends it)."""
    for tries in range(50):
        session = Session.new(game_id, SEATS, seed=seed + tries, autosave=False)
        rng = random.Random(seed + tries)
        while not session.state.is_over():
            legal = session.state.legal_actions()
            enders = [a for a in legal if _ends(session.state, a)]
            if enders and len(enders) == len(legal):
                return session
            session.apply(rng.choice([a for a in legal if a not in enders] or legal))
    raise AssertionError("no position where every move ends the game")


def _open(app, session):
    table = scene_class(session.game_id)(app, session)
    app.push(table)
    step(app, 2)
    return table


def _winner_line(app, session) -> str:
    names = [session.seats[i].name for i in session.state.result().winners]
    return app.t("results.winner", name=names[0]) if len(names) == 1 else app.t(
        "results.winners_shared", names=app.i18n.join(names))


@pytest.fixture
def app(paced_app):
    return paced_app


def test_a_game_that_ends_shows_its_winner_then_the_results_and_counts_once(app, rendered, monkeypatch):
    heard = []
    monkeypatch.setattr(app.sound, "play", lambda name, *a, **k: heard.append((name, type(app.top).__name__)))
    session = near_end()
    table = _open(app, session)
    run_until(app, lambda: app.top is not table)
    assert isinstance(app.top, Finale), "the end's moment comes before the results"
    assert ("end", "Finale") in heard, "the win flourish plays with the winner's name"
    rendered.clear()
    step(app, 3)
    assert _winner_line(app, session) in "".join(rendered), "the winner's name is written over the table"
    assert app.stack[-2] is table  # drawn over the final table
    step(app, int(FINALE_SECONDS * 60 * 0.5))
    assert isinstance(app.top, Finale), "it lasts a moment, not a flash"
    step(app, int(FINALE_SECONDS * 60 * 0.5) + 10)
    assert isinstance(app.top, ResultsScene) and app.stack[-2] is table
    step(app, 2)
    assert load_stats()["games"]["parade"]["watched"] == 1
    after = [sound for sound in heard if sound[1] != type(table).__name__]  # the last move's own sound aside
    assert after == [("end", "Finale")], "the flourish once, with the name, not again on the results"


def test_a_click_or_a_key_skips_to_the_results(app):
    for skip in (lambda: click(app, (640, 400)), lambda: key(app, pygame.K_SPACE)):
        table = _open(app, near_end())
        run_until(app, lambda: app.top is not table)
        assert isinstance(app.top, Finale)
        skip()
        assert isinstance(app.top, ResultsScene), "one click or key: the results at once"
        app.stack.clear()
    assert load_stats()["games"]["parade"]["watched"] == 2


def test_animation_speed_and_fast_forward_shorten_it(app):
    app.settings.animation_speed = 4.0
    table = _open(app, near_end())
    run_until(app, lambda: app.top is not table)
    assert isinstance(app.top, Finale)
    step(app, int(FINALE_SECONDS * 60 / 4) + 2)
    assert isinstance(app.top, ResultsScene), "four times the speed: a quarter of the time"
    app.stack.clear()
    app.settings.animation_speed = 1.0
    app.settings.fast_forward = True
    table = _open(app, near_end(seed=9))
    run_until(app, lambda: app.top is not table)
    flash = app.top
    assert isinstance(flash, Finale) and not flash.stars, "fast-forward: the name alone, briefly"
    step(app, 40)
    assert isinstance(app.top, ResultsScene)


def test_a_replay_and_a_reopened_finished_game_show_no_moment(app):
    session = near_end()
    table = _open(app, session)
    run_until(app, lambda: app.top is not table)
    assert isinstance(app.top, Finale)  # this same game, ended here, has its moment
    app.top.finish()
    app.stack.clear()
    reopened = _open(app, Session.from_save(session.to_save(), autosave=False))
    run_until(app, lambda: app.top is not reopened)
    assert isinstance(app.top, ResultsScene), "a finished save opens on its results, no moment"
    app.stack.clear()
    record = make_record("parade", session.seed, session.seats, session.options, session.actions)
    replay = scene_class("parade")(app, replay=record)
    app.push(replay)
    key(app, pygame.K_SPACE)  # play it all
    run_until(app, lambda: replay.replay_step == len(record.actions) and not replay.timeline)
    step(app, 200)
    assert app.top is replay
    assert load_stats()["games"]["parade"]["watched"] == 1


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_ten_long_names_sharing_the_win_fit_whole(size, lang):
    from wonderland_games.ui import text as tx
    from wonderland_games.ui.theme import px, scale

    app = make_app(size, lang)
    names = [f"{'长名字的玩家' if lang == 'zh' else 'Bartholomew-Longname'}{i}" for i in range(10)]
    line = app.t("results.winners_shared", names=app.i18n.join(names))
    finale = Finale(app, line, ResultsScene)
    area = app.screen.get_rect()
    s = scale(area.size)
    rect = finale.name_rect(area, s)
    font, lines = tx.fit_block(app.fonts, line, rect.width, rect.height, px(72, s), bold=True, min_ratio=0.3)
    assert "".join(lines).replace(" ", "") == line.replace(" ", ""), "no name cut off"
    assert font.get_height() >= 18
    finale.draw(app.screen)


@pytest.mark.parametrize("size", [(1, 1), (300, 200), (5000, 3000)])
def test_it_draws_at_any_window_size(size):
    app = make_app((1280, 800), "en")
    finale = Finale(app, "Bartholomew-Longname and Alice share the win!", ResultsScene)
    finale.age = 1.0
    finale.draw(pygame.Surface(size))


def test_with_reduced_motion_the_stars_stay_where_they_appear_and_fade():
    from wonderland_games.ui.finale import star_pose

    area, star = pygame.Rect(0, 0, 1280, 800), (0.5, 0.1, 0.5, 1.0, 0.4)
    moving = [star_pose(star, age, area, 1.0) for age in (0.3, 0.9)]
    assert moving[0][0] != moving[1][0], "without it they fall"
    still = [star_pose(star, age, area, 1.0, still=True) for age in (0.2, 0.5, 0.9, 1.6)]
    assert len({pose[0] for pose in still}) == 1 and len({pose[2] for pose in still}) == 1
    alphas = [pose[3] for pose in still]
    assert alphas[0] < alphas[1] and alphas[-1] < alphas[1], "it fades in, then out"
