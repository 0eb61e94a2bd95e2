"""The main menu and starting a game, driven by real clicks and keys."""

import json

import pygame
import pytest

from wonderland_games.core.game import Seat
from wonderland_games.core.session import Session
from wonderland_games.scenes.launch import scene_class
from wonderland_games.scenes.menu import GameTile, MenuScene
from wonderland_games.scenes.setup import SetupScene
from wonderland_games.ui.dialogs import ConfirmDialog, MessageDialog
from wonderland_games.ui.main import run
from wonderland_games.ui.testing import click, click_widget, key, make_app, step, type_text


@pytest.fixture
def app(menu_app):
    return menu_app


def tile(app, game_id):
    return next(t for t in app.top.tiles if t.info.id == game_id)


def test_smoke_run_draws_the_menu(user_dirs):
    assert run(smoke=True) == 0
    screen = pygame.display.get_surface()
    colours = {screen.get_at((x, y))[:3] for x in range(0, screen.get_width(), 37) for y in range(0, screen.get_height(), 29)}
    assert len(colours) > 20  # tiles, text and the sky, not a blank frame


def test_unbuilt_games_are_marked_and_not_clickable(app):
    menu = app.top
    assert [t.info.id for t in menu.tiles] == ["parade", "oz", "voyage", "valley", "dream"]
    click_widget(app, tile(app, "valley"))
    assert app.top is menu
    assert not tile(app, "valley").can_focus and tile(app, "parade").can_focus


def test_menu_to_setup_to_game(app):
    click_widget(app, tile(app, "parade"))
    setup = app.top
    assert isinstance(setup, SetupScene)
    click_widget(app, setup.start_button)
    cls = scene_class("parade")
    assert type(app.top) is cls and app.top.session.game_id == "parade"
    assert len(app.top.session.seats) == 3


def test_keyboard_only_reaches_setup_and_back(app):
    key(app, pygame.K_RIGHT)  # first key shows focus on the first tile
    assert isinstance(app.top.ring.current, GameTile) and app.top.ring.current.info.id == "parade"
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, SetupScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)


def test_escape_asks_before_quitting(app):
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, ConfirmDialog)
    key(app, pygame.K_ESCAPE)  # no
    assert isinstance(app.top, MenuScene) and app.running
    key(app, pygame.K_ESCAPE)
    click_widget(app, app.top.buttons[0])  # yes
    assert not app.running


def test_continue_follows_the_autosave(app):
    assert not app.top.continue_button.enabled
    session = Session.new("parade", [Seat("甲"), Seat("乙", "bot", "easy")], seed=5)
    session.apply(session.state.legal_actions()[0])  # autosaves
    app.top.on_enter()
    assert app.top.continue_button.enabled
    click_widget(app, app.top.continue_button)
    assert type(app.top) is scene_class("parade") and app.top.session.actions == session.actions


def test_setup_rejects_bad_seed_and_names(app):
    click_widget(app, tile(app, "parade"))
    setup = app.top
    click_widget(app, setup.seed)
    type_text(app, "12ab")
    assert setup.seed.text == "12" and setup.seed_error
    first = setup.rows[0].name
    click_widget(app, first)
    for _ in range(10):
        key(app, pygame.K_BACKSPACE)
    click_widget(app, setup.start_button)
    assert isinstance(app.top, MessageDialog) and "1" in app.top.message
    key(app, pygame.K_RETURN)
    assert app.top is setup
    click_widget(app, first)
    type_text(app, "爱丽丝")
    click_widget(app, setup.start_button)
    assert app.top.session.seed == 12 and app.top.session.seats[0].name == "爱丽丝"


def test_setup_seat_count_and_bot_names(app):
    click_widget(app, tile(app, "parade"))
    setup = app.top
    setup.count.step(1)  # 4 seats
    step(app)
    row = setup.rows[3]
    assert row.kind.visible and row.name.text == "帽匠"
    click_widget(app, row.kind)  # right part: next kind (bot-hard)
    click_widget(app, row.kind)  # human
    assert row.kind.value == "human" and row.name.text == "玩家4"
    click_widget(app, setup.start_button)  # two people now: the table may show a curtain first
    table = next(sc for sc in app.stack if type(sc) is scene_class("parade"))
    seats = table.session.seats
    assert len(seats) == 4 and seats[3] == Seat("玩家4") and seats[1].level == "normal"


def test_oz_seats_pick_distinct_characters_that_reach_the_game(app):
    click_widget(app, tile(app, "oz"))
    setup = app.top
    assert isinstance(setup, SetupScene)
    setup.count.step(1)  # 4 seats
    step(app)
    picks = [row.pick for row in setup.rows]
    assert [p.value for p in picks] == ["lion", "scarecrow", "tinman", "dorothy"]
    assert all(p.visible and p in setup.ring.widgets for p in picks)
    first = picks[0]
    click(app, (first.rect.left + 4, first.rect.centery))  # left part: back one, to Dorothy
    assert first.value == "dorothy" and picks[3].value == "lion", "the seat that had Dorothy takes the Lion"
    click_widget(app, picks[1])  # right part: Scarecrow -> Tin Man, who leaves seat 3 for the Scarecrow
    assert [p.value for p in picks] == ["dorothy", "tinman", "scarecrow", "lion"]
    click_widget(app, setup.start_button)
    table = next(sc for sc in app.stack if type(sc) is scene_class("oz"))
    assert table.session.state.characters == ("dorothy", "tinman", "scarecrow", "lion")
    app.stack[:] = app.stack[:1]
    click_widget(app, tile(app, "oz"))  # the picks are remembered for the next game
    assert [row.pick.value for row in app.top.rows] == ["dorothy", "tinman", "scarecrow", "lion"]


def test_parade_setup_has_no_per_seat_pick(app):
    click_widget(app, tile(app, "parade"))
    assert all(row.pick is None for row in app.top.rows)
    assert len(app.top.ring.widgets) == 1 + 2 * 3 + 3  # count, 3 x (kind, name), seed, back, start


def test_replay_of_a_broken_record_shows_a_message(user_dirs, monkeypatch):
    bad = user_dirs / "bad.json"
    bad.write_text(json.dumps({"format": "nope"}), encoding="utf-8")
    from wonderland_games.ui import main as ui_main

    a = make_app()
    a.push(MenuScene(a))
    ui_main._start_replay(a, str(bad))
    assert isinstance(a.top, MessageDialog) and a.top.error
    a.stack.clear()


def test_replay_of_a_good_record_opens_the_table_without_autosave(user_dirs):
    import random

    from wonderland_games.core import records
    from wonderland_games.core.saves import autosave_path
    from wonderland_games.ui import main as ui_main

    session = Session.new("parade", [Seat("甲", "bot", "easy"), Seat("乙", "bot", "easy")], seed=11, autosave=False)
    rng = random.Random(0)
    while not session.state.is_over():
        session.apply(rng.choice(session.state.legal_actions()))
    path = user_dirs / "game.json"
    records.write_record(path, records.make_record("parade", 11, session.seats, None, session.actions))
    a = make_app()
    a.push(MenuScene(a))
    ui_main._start_replay(a, str(path))
    assert type(a.top) is scene_class("parade") and a.top.record is not None
    assert a.top.session.autosave is False and not autosave_path().exists()
    a.stack.clear()


def test_broken_data_at_start_is_a_message_not_a_traceback(user_dirs, monkeypatch):
    from wonderland_games.core.data import DataError
    from wonderland_games.scenes import menu

    def broken(self, app):
        raise DataError("parade/deck.yaml", "card 7", "value", "expected int, got 'x'")

    monkeypatch.setattr(menu.MenuScene, "__init__", broken)
    seen = []
    monkeypatch.setattr("wonderland_games.ui.app.App.step", lambda self, dt: seen.append(self.top))
    assert run(smoke=True) == 1
    assert isinstance(seen[-1], MessageDialog) and "deck.yaml" in seen[-1].message
