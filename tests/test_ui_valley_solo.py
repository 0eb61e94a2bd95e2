"""The solo opponent on screen: the new-game screen offers its difficulty with one seat only,
and the results name it when it wins (both languages)."""

from __future__ import annotations

import dataclasses
import random

import pygame
import pytest

from wonderland_games.core import registry
from wonderland_games.core.game import Seat
from wonderland_games.core.session import Session
from wonderland_games.scenes import setup as setup_scene
from wonderland_games.scenes.results import ResultsScene
from wonderland_games.scenes.setup import SetupScene
from wonderland_games.ui.testing import click_widget, step


@pytest.fixture
def app(menu_app, monkeypatch):
    """The app, with Valley playable in sessions even before its table is on the menu."""
    monkeypatch.setitem(registry._REGISTRY, "valley", dataclasses.replace(registry.get("valley"), available=True))
    return menu_app


def test_setup_offers_the_opponent_with_one_seat_and_starts_solo_at_it(app, drawn, monkeypatch):
    app.i18n.set_language("en")
    scene = SetupScene(app, registry.get("valley"))
    app.push(scene)
    option, choice = next((o, c) for o, c in scene.options if o.option == "opponent")
    while scene.count.value != 2:
        scene.count.step(1)
    step(app)
    assert not choice.visible and choice not in scene.ring.widgets and "Opponent" not in drawn
    while scene.count.value != 1:
        scene.count.step(-1)
    drawn.clear()
    step(app)
    assert choice.visible and choice in scene.ring.widgets and "Opponent" in drawn
    assert "Jabberwock – Normal" in drawn, "the opponent is named (QA: a new player did not know whom they face)"
    assert "1 player (solo)" in drawn
    label_rect = scene.option_labels[0][0]
    assert not label_rect.colliderect(choice.rect) and not choice.rect.colliderect(scene.count.rect)
    for _ in range(2):
        choice.step(1)  # normal -> hard -> easy
    assert choice.value == "easy"
    started = []
    monkeypatch.setattr(setup_scene, "open_game", lambda app, session, replace=False: started.append(session))
    click_widget(app, scene.start_button)
    [session] = started
    assert session.options == {"opponent": "easy", "starting_hand": 5} and session.state.opponent.level == "easy"
    assert len(session.seats) == 1
    again = SetupScene(app, registry.get("valley"))  # the next new game remembers it all
    assert again.count.value == 1 and again.options[0][1].value == "easy" and again.options[0][1].visible


def test_a_remembered_option_that_no_longer_fits_falls_back_to_the_default(app):
    from wonderland_games.core import setup_memory

    setup_memory.remember("valley", [{"kind": "human", "name": "Ann"}], {"opponent": "impossible"})
    assert SetupScene(app, registry.get("valley")).options[0][1].value == "normal"


def solo_session(player: int, opponent: int) -> Session:
    session = Session.new("valley", [Seat("Alice")], seed=4, autosave=False)
    rng = random.Random(4)
    while not session.state.is_over():
        session.apply(rng.choice(session.state.legal_actions()))
    state = session.state
    state.tokens[0] += player - state.scores()[0]
    state.opponent.tokens += opponent - state.opponent_score()
    return session


@pytest.mark.parametrize("lang, banner, row", [("en", "The Jabberwock wins with 41!", "The Jabberwock (Normal)"),
                                               ("zh", "炸脖龙以 41 分获胜！", "炸脖龙（普通）")])
def test_results_name_the_opponent_when_it_wins(app, drawn, lang, banner, row):
    app.i18n.set_language(lang)
    app.push(ResultsScene(app, solo_session(30, 41), record_stats=False))
    step(app)
    assert banner in drawn and row in drawn and "41" in drawn and "30" in drawn
    assert drawn.index(row) < drawn.index("Alice"), "the opponent ranks first"


def test_results_rank_the_opponent_second_when_the_player_wins_or_ties(app, drawn):
    app.i18n.set_language("en")
    app.push(ResultsScene(app, solo_session(35, 35), record_stats=False))
    step(app)
    assert "Alice wins!" in drawn and drawn.index("Alice") < drawn.index("The Jabberwock (Normal)")
    for size in ((1024, 640), (1920, 1080)):
        app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        step(app)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_opponent_level_on_the_setup_screen_names_the_data_s_opponent(app, lang):
    from wonderland_games.games.valley.solo import LEVELS, load_solo

    app.i18n.set_language(lang)
    name = app.i18n.pick(load_solo().name).lower().removeprefix("the ")
    option = next(o for o in registry.get("valley").game_options if o.option == "opponent")
    for level in LEVELS:
        label = app.t(option.value_label.format(level))
        assert name in label.lower() and app.t(f"setup.{level}") in label, label
