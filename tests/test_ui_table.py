"""Pieces every game table shares: the save prompt and the game log panel."""

import pygame
import pytest

from wonderland_games.core import saves
from wonderland_games.core.game import Seat
from wonderland_games.core.saves import SaveError
from wonderland_games.core.session import Session
from wonderland_games.ui import save_dialog
from wonderland_games.ui.dialogs import MessageDialog
from wonderland_games.ui.log_panel import LogPanel
from wonderland_games.ui.save_dialog import SaveDialog
from wonderland_games.ui.testing import key, make_app, open_table, step, type_text


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("WONDERLAND_DATA_DIR", str(tmp_path / "data"))
    a = make_app((1280, 800), "en")
    a.running = True
    yield a
    a.stack.clear()


def prompt(app, game="oz"):
    session = Session.new(game, [Seat("Ann"), Seat("Bob", "bot", "random")], seed=5, autosave=False)
    session.apply(session.state.legal_actions()[0])
    dialog = SaveDialog(app, session)
    app.push(dialog)
    step(app)
    dialog.field.set_text("")
    return session, dialog


def test_save_prompt_names_a_slot_in_shared_words(app, drawn):
    session, dialog = prompt(app)
    assert "Save game" in drawn and "Name this save:" in drawn
    key(app, pygame.K_RETURN)  # no name yet: the prompt stays and marks the field
    assert app.top is dialog and dialog.field.error
    type_text(app, "Oz night")
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, MessageDialog) and app.top.message == 'Saved as "Oz night"'
    assert saves.load_session(saves.slots_dir() / "Oz night.json").actions == session.actions


def test_save_prompt_cancels_and_reports_a_failure(app, monkeypatch):
    _, dialog = prompt(app, "parade")
    type_text(app, "kept")
    key(app, pygame.K_ESCAPE)
    assert app.top is None and not (saves.slots_dir() / "kept.json").exists()

    def broken(session, name):
        raise SaveError("disk full")

    monkeypatch.setattr(save_dialog, "save_slot", broken)
    app.i18n.set_language("zh")
    prompt(app, "parade")
    type_text(app, "满了")
    key(app, pygame.K_RETURN)
    assert app.top.error and app.top.message == "存档失败：disk full"


def test_log_panel_shows_the_games_title_in_the_current_language(app, drawn):
    log = LogPanel(app, lambda: app.t("oz.log.title"))
    log.set([("A long line about a walk along the yellow brick road, " * 4, "event"), ("short", "quiet")])
    surface = pygame.Surface((300, 200))
    log.draw(surface, pygame.Rect(0, 0, 300, 120), 1.0)
    assert drawn[-1] == "Game log"
    log.scroll(10_000)  # more text than fits: scrolling stops at the top line
    log.draw(surface, pygame.Rect(0, 0, 300, 120), 1.0)
    assert 0 < log.offset < 10_000
    app.i18n.set_language("zh")
    log.draw(surface, pygame.Rect(0, 0, 300, 120), 1.0)
    assert drawn[-1] == "对局记录"


def test_the_log_shows_whole_entries_at_every_scroll_position(app):
    log = LogPanel(app, "Log")
    log.set([(f"Entry {i}: " + "a sentence long enough to wrap over lines " * (1 + i % 3), "play")
             for i in range(14)])
    rect = pygame.Rect(0, 0, 300, 230)
    body = log.body(rect, 1.0)
    for offset in range(0, 2000, 9):
        log.offset = offset
        shown = log.placed(body, 1.0)
        assert shown, offset
        entries = {entry for _, _, _, (entry, _) in shown}
        for entry in entries:  # every line of each entry shown, inside the log
            lines = [line for _, _, _, (e, line) in shown if e == entry]
            assert lines == list(range(len(lines))) and lines, (offset, entry)
            assert len(lines) == sum(1 for _, img, (e, _) in log._lines if img is not None and e == entry)
        assert all(body.top <= y and y + img.get_height() <= body.bottom + 1 for _, y, img, _ in shown)
    log.offset = 0
    assert max(e for _, _, _, (e, _) in log.placed(body, 1.0)) == 13  # the newest entry at the bottom


def test_an_entry_taller_than_the_log_shows_the_lines_that_fit(app):
    log = LogPanel(app, "Log")
    log.set([("word " * 400, "play")])
    rect = pygame.Rect(0, 0, 300, 150)
    assert log.placed(log.body(rect, 1.0), 1.0)


def test_a_table_waiting_for_the_human_is_still_and_a_bot_turn_is_not(table_app):
    from wonderland_games.games.parade.scene import ParadeScene
    from wonderland_games.ui.testing import run_until

    session = Session.new("parade", [Seat("Ann"), Seat("Bot", "bot", "random")], seed=3, autosave=False)
    scene = ParadeScene(table_app, session)
    table_app.push(scene)
    run_until(table_app, scene.my_turn)
    assert scene.still()
    scene.apply(session.state.legal_actions()[0])
    assert not scene.still()  # the card flies, then the bot thinks


# -- the hot-seat handoff, the same in every game: Done before the curtain --------------------------
HOT_SEAT_GAMES = ("parade", "oz", "voyage", "valley")


def _lift(app):
    from wonderland_games.scenes.curtain import CurtainScene
    from wonderland_games.ui.testing import click

    assert isinstance(app.top, CurtainScene)
    click(app, app.top.button.rect.center)


def _move_until_the_turn_passes(app, scene, rng):
    """The looking human makes random legal moves until another seat is to act; nothing else may
    take the device away meanwhile."""
    from wonderland_games.ui.testing import run_until

    mover = scene.viewer
    while scene.state.current_player() == mover and not scene.state.is_over():
        run_until(app, lambda: scene.my_turn() or scene.state.current_player() != mover)
        if scene.my_turn():
            legal = scene.state.legal_actions()
            scene.apply(legal[rng.randrange(len(legal))])
        assert app.top is scene


@pytest.mark.parametrize("game", HOT_SEAT_GAMES)
def test_in_every_game_the_mover_presses_done_before_the_curtain(table_app, game):
    import random

    from wonderland_games.scenes.curtain import CurtainScene
    from wonderland_games.ui.testing import run_until

    app = table_app
    session, scene = open_table(app, game, [Seat("Ann"), Seat("Ben")], seed=4)
    _lift(app)
    rng = random.Random(1)
    for _ in range(3):  # three handoffs
        mover = scene.viewer
        _move_until_the_turn_passes(app, scene, rng)
        run_until(app, lambda: scene.done_button.visible or isinstance(app.top, CurtainScene)
                  or scene.state.current_player() == mover)
        if scene.state.current_player() == mover:
            continue  # a forced choice of the other player was taken: the mover plays on
        nxt = scene.state.current_player()
        assert app.top is scene and scene.viewer == mover, f"{game}: no curtain before Done"
        step(app, 30)
        assert app.top is scene and scene.done_button.visible and scene.still()
        name = session.seats[nxt].name  # Oz names a choice it took for the next person (its only one)
        assert scene._status() in (app.t("handoff.status", next=name), app.t("oz.status.handoff_forced", name=name))
        assert scene.done_button.rect.width and app.screen.get_rect().contains(scene.done_button.rect)
        assert not scene.can_hint(), "no suggestions for a turn that is over"
        key(app, pygame.K_RETURN)
        assert isinstance(app.top, CurtainScene) and app.top.name == session.seats[nxt].name
        _lift(app)
        assert scene.viewer == nxt and not scene.done_button.visible


@pytest.mark.parametrize("game", HOT_SEAT_GAMES)
def test_a_save_made_at_the_done_moment_loads_to_the_curtain(table_app, game):
    import random

    from wonderland_games.scenes.curtain import CurtainScene
    from wonderland_games.scenes.launch import scene_class
    from wonderland_games.ui.testing import run_until

    app = table_app
    session, scene = open_table(app, game, [Seat("Ann"), Seat("Ben")], seed=4)
    _lift(app)
    _move_until_the_turn_passes(app, scene, random.Random(2))
    run_until(app, lambda: scene.done_button.visible)
    loaded = Session.from_save(session.to_save(), autosave=False)
    assert loaded.actions == session.actions
    app.stack.clear()
    again = scene_class(game)(app, loaded)
    app.push(again)
    step(app, 2)
    assert isinstance(app.top, CurtainScene) and app.top.name == loaded.seats[loaded.state.current_player()].name
    assert not again.done_button.visible


@pytest.mark.parametrize("game", HOT_SEAT_GAMES)
def test_a_single_human_table_never_shows_done(table_app, game):
    import random

    from wonderland_games.scenes.curtain import CurtainScene
    from wonderland_games.ui.testing import run_until

    app = table_app
    session, scene = open_table(app, game, [Seat("Ann"), Seat("Bot", "bot", "random")], seed=4)
    rng = random.Random(3)
    for _ in range(4):
        run_until(app, lambda: scene.my_turn() or scene.state.is_over())
        if scene.state.is_over():
            break
        _move_until_the_turn_passes(app, scene, rng)
        for _ in range(20):
            step(app)
            assert not scene.done_button.visible and not any(isinstance(s, CurtainScene) for s in app.stack)


@pytest.mark.parametrize("lang, name", [("en", "Wwwwwwwwwwww"), ("zh", "爱丽丝梦游仙境的柴郡猫咪")])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_the_done_moment_is_said_whole_with_the_longest_names(monkeypatch, lang, name, size):
    """The status line and the Done button, with two 12-character names, at every window size."""
    from wonderland_games.scenes.launch import scene_class
    from wonderland_games.ui import text as tx
    from wonderland_games.ui.testing import make_app

    cut = []
    real = tx.ellipsize
    monkeypatch.setattr(tx, "ellipsize", lambda font, text, width: (lambda out: out if out == text else cut.append(
        text) or out)(real(font, text, width)))
    app = make_app(size, lang)
    app.running = True
    for game in HOT_SEAT_GAMES:
        session = Session.new(game, [Seat(name), Seat(name[:-1] + "2")], seed=1, autosave=False)
        scene = scene_class(game)(app, session)
        app.stack[:] = [scene]
        scene.viewer = 1 - session.state.current_player()  # the mover, the next to act is the other one
        scene.handoff_to = session.state.current_player()
        step(app, 2)
        assert scene.done_button.visible
        said = [scene._status(), scene.done_button.text()]
        assert not [t for t in cut if t in said], f"{game}: {cut}"
