"""Issue 25, driven with real events: Prepare is picked, previewed and confirmed like any other
choice (and asks first while workers are unplaced), and a suggested Prepare is taken by Confirm."""

import pygame
import pytest

from wonderland_games.core.bots import WinChance
from wonderland_games.core.game import BOT, Seat
from wonderland_games.core.session import Session
from wonderland_games.games.valley.narrate import describe_action, season_in_text
from wonderland_games.games.valley.scene import PREPARING, ValleyScene
from wonderland_games.games.valley.state import PREPARE
from wonderland_games.ui import hint as hints
from wonderland_games.ui.dialogs import ConfirmDialog
from wonderland_games.ui.testing import click, key, run_until


@pytest.fixture
def app(table_app):
    return table_app


def opened(app, lang="en", size=(1280, 800), seed=3):
    """A table on the human's first turn (the mulligans kept), against a random bot."""
    app.i18n.set_language(lang)
    app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    session = Session.new("valley", [Seat("Ann"), Seat("Bot", BOT, "random")], seed=seed, autosave=False)
    scene = ValleyScene(app, session)
    app.push(scene)
    app.step(1 / 60)
    run_until(app, lambda: scene.still() and session.state.decision() is None or keep(app, scene))
    return session, scene


def keep(app, scene) -> bool:
    """Keep the starting hand by clicking (for run_until)."""
    if scene.still() and scene.session.state.decision() is not None:
        click(app, scene.buttons["choice_confirm"].rect.center)
    return False


def texts(scene) -> list:
    return [line[0] for line in scene._controls_lines() if line[0] != "icons"]


def place_every_worker(app, scene) -> None:
    """Place the human's workers one by one by clicks (the bot moves in between)."""
    session = scene.session
    while True:
        run_until(app, lambda: scene.still())
        state = session.state
        places = [a for a in state.legal_actions() if a[0] == "place" and len(a) == 2]
        if not places:
            return
        click(app, scene.spot_rect(places[0][1]).center)
        click(app, scene.buttons["confirm"].rect.center)
        assert session.actions[-1] == places[0]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_clicking_prepare_picks_and_previews_it_and_does_not_apply(app, lang):
    session, scene = opened(app, lang)
    state, before = session.state, len(session.actions)
    seat = state.current_player()
    left = state.workers[seat] - len(state.placed[seat])
    assert left == 2
    click(app, scene.buttons["prepare"].rect.center)
    assert len(session.actions) == before and session.state.season[seat] == 0, "one click only picks"
    assert scene.selected == PREPARING and scene.buttons["prepare"].style == "primary"
    assert scene.buttons["confirm"].enabled and scene.buttons["cancel"].enabled
    shown = texts(scene)
    t = app.t
    assert describe_action(app, state, PREPARE) in shown
    assert t("valley.table.preview.worker") in shown, "what it gives: the season's worker"
    assert t("valley.flow.give_up", n=left) in shown, "what it gives up: the workers not yet placed"
    click(app, scene.buttons["cancel"].rect.center)
    assert scene.selected is None and len(session.actions) == before


def test_pointing_at_prepare_previews_it_without_picking_it(app):
    session, scene = opened(app)
    rect = scene.buttons["prepare"].rect
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(1 / 60)
    assert scene.selected is None
    assert describe_action(app, session.state, PREPARE) in texts(scene)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_confirm_with_workers_unplaced_asks_first_and_keep_playing_changes_nothing(app, lang):
    session, scene = opened(app, lang)
    state = session.state
    seat = state.current_player()
    saved, before = state.to_dict(), len(session.actions)
    click(app, scene.buttons["prepare"].rect.center)
    click(app, scene.buttons["confirm"].rect.center)
    assert isinstance(app.top, ConfirmDialog) and len(session.actions) == before
    valley = state.valley
    assert app.top.message == app.t("valley.flow.ask_unplaced", n=2,
                                    season=season_in_text(app, valley, valley.seasons[1].id))
    click(app, app.top.buttons[1].rect.center)  # Keep playing
    assert app.top is scene and len(session.actions) == before and session.state.to_dict() == saved
    key(app, pygame.K_RETURN)  # Prepare is still picked: Enter confirms, and it asks again
    assert isinstance(app.top, ConfirmDialog)
    key(app, pygame.K_ESCAPE)
    assert app.top is scene and session.state.to_dict() == saved, "Esc keeps playing too"
    click(app, scene.buttons["confirm"].rect.center)
    click(app, app.top.buttons[0].rect.center)  # Prepare now
    assert app.top is scene and session.actions[-1] == PREPARE and session.actors[-1] == seat
    assert session.state.season[seat] == 1


def test_with_every_worker_placed_confirm_prepares_at_once(app):
    session, scene = opened(app)
    place_every_worker(app, scene)
    run_until(app, lambda: scene.still())
    state = session.state
    seat = state.current_player()
    assert len(state.placed[seat]) == state.workers[seat] == 2
    click(app, scene.buttons["prepare"].rect.center)
    shown = texts(scene)
    assert app.t("valley.flow.back_home", n=2) in shown
    assert not any(text == app.t("valley.flow.give_up", n=n) for n in (1, 2) for text in shown)
    click(app, scene.buttons["confirm"].rect.center)
    assert app.top is scene and session.actions[-1] == PREPARE


def test_a_suggested_prepare_is_picked_and_confirm_takes_it(app, monkeypatch):
    """Suggest said Prepare with a ring round the button, but Confirm did nothing: now the
    suggestion is picked as a click would pick it."""
    session, scene = opened(app)
    place_every_worker(app, scene)
    run_until(app, lambda: scene.still())
    monkeypatch.setattr(hints.Adviser, "choose", lambda self, view, legal, rng, budget=None: hints.Advice(
        self.step, ((PREPARE, WinChance(3, 6)),)))
    key(app, pygame.K_h)
    run_until(app, lambda: scene.advice is not None, seconds=20)
    assert scene.selected == PREPARING and scene.buttons["confirm"].enabled
    click(app, scene.buttons["confirm"].rect.center)
    assert session.actions[-1] == PREPARE


def test_a_suggested_prepare_with_workers_unplaced_still_asks(app, monkeypatch):
    session, scene = opened(app)
    monkeypatch.setattr(hints.Adviser, "choose", lambda self, view, legal, rng, budget=None: hints.Advice(
        self.step, ((PREPARE, WinChance(3, 6)),)))
    click(app, scene.buttons["hint"].rect.center)
    run_until(app, lambda: scene.advice is not None, seconds=20)
    before = len(session.actions)
    click(app, scene.buttons["confirm"].rect.center)
    assert isinstance(app.top, ConfirmDialog) and len(session.actions) == before
    click(app, app.top.buttons[0].rect.center)
    assert session.actions[-1] == PREPARE


def painted(app, scene, rendered) -> str:
    """The texts of a frame painted afresh (the table repaints only the regions that changed), with
    no whitespace (a wrapped line is drawn in parts)."""
    scene._frame = None
    rendered.clear()
    app.step(1 / 60)
    return "".join("".join(rendered).split())


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_prepare_preview_and_its_question_fit_whole(app, size, lang, rendered):
    """Picked, every line of the preview is drawn whole; under a suggestion of Prepare (the other
    options' lines after it) too; and the question fits its box."""
    session, scene = opened(app, lang, size)
    click(app, scene.buttons["prepare"].rect.center)
    lines = texts(scene)
    assert len(lines) >= 3
    shown = painted(app, scene, rendered)
    for text in lines:
        assert "".join(text.split()) in shown, text
    scene.advice = hints.Advice(len(session.actions), ((PREPARE, WinChance(3, 6)), (PREPARE, WinChance(2, 6)),
                                                       (PREPARE, WinChance(1, 6))))
    shown = painted(app, scene, rendered)
    under = [scene.hint_lines()[0][0]] + texts(scene)
    assert under[1:] == lines[1:], "the suggestion's line names Prepare in the title's place"
    for text in under:
        assert "".join(text.split()) in shown, text
    click(app, scene.buttons["confirm"].rect.center)
    assert isinstance(app.top, ConfirmDialog)
    rendered.clear()
    app.step(1 / 60)
    assert "".join(app.top.message.split()) in "".join("".join(rendered).split())
    click(app, app.top.buttons[1].rect.center)
