"""The phone page in a real (headless) browser, beside the GUI table under SDL dummy: a whole game
of each game with one seat played only by taps on its phone's page, the page's every control on a
phone's screen, and a phone closed mid-turn that comes back on a new browser (tests/browser.py)."""

from __future__ import annotations

import time

import pytest

from browser import Phone, open_browser, set_viewport, shots_dir
from wonderland_games.core.game import BOT, Seat
from wonderland_games.core.session import Session
from wonderland_games.net.host import RECONNECTING
from wonderland_games.scenes.curtain import CurtainScene
from wonderland_games.scenes.launch import scene_class
from wonderland_games.scenes.phones import PhonesScene
from wonderland_games.ui.testing import make_app, step

PHONE_SEAT = 0
# game: (seed, bots beside the phone seat, the bots' level, options); seeds picked for short games
GAMES = {
    "parade": (3, 2, "easy", None),
    "oz": (1, 1, "easy", None),
    "voyage": (1, 1, "easy", None),
    "valley": (1, 1, "easy", None),
    "dream": (3, 3, "easy", {"mode": "bots", "lang": "en"}),
}
WORDS = ("moon", "water", "night", "song", "tree", "house", "bird", "light", "river", "stone")


@pytest.fixture(scope="module")
def browser():
    driver = open_browser()
    yield driver
    driver.quit()


@pytest.fixture
def tables(monkeypatch):
    """Opens tables whose phone server listens on 127.0.0.1 (a free port); closes them after."""
    monkeypatch.setattr("wonderland_games.ui.phone_link.PhoneLink.__init__.__defaults__", (0, "127.0.0.1"))
    apps = []

    def open_table(game: str):
        seed, bots, level, options = GAMES[game]
        app = make_app((1024, 640), "en", bot_think_seconds=0.0, fast_forward=True)
        app.running = True
        seats = [Seat("Ann")] + [Seat(f"Bot{i + 1}", BOT, level) for i in range(bots)]
        session = Session.new(game, seats, seed, options, autosave=False)
        session.phones = [PHONE_SEAT]
        scene = scene_class(game)(app, session)
        app.push(scene)
        apps.append(app)
        step(app, 2)
        if isinstance(app.top, PhonesScene):
            app.top.back()
        step(app, 1)
        return app, session, scene

    yield open_table
    for app in apps:
        for scene in reversed(app.stack):
            scene.on_exit()
        app.stack.clear()


def never_shows_the_phone_seat(app, scene) -> None:
    assert scene.viewer != PHONE_SEAT  # whose hand the table shows
    assert not any(isinstance(s, CurtainScene) for s in app.stack)


def play(app, session, scene, phone, seconds=60.0, dt=1 / 60, until=None) -> None:
    """Frames of the table until the game is over (or `until()`), the phone seat's moves only by
    taps on `phone`'s page; the table never shows that seat."""
    words = iter(WORDS * 50)
    end = time.monotonic() + seconds
    while not session.state.is_over() and not (until and until()):
        assert time.monotonic() < end, f"the game did not end in {seconds} s: {session.state.current_player()}"
        waiting = session.state.current_player() == PHONE_SEAT and not scene.timeline
        if waiting and phone is not None:
            phone.play(lambda: next(words))
        step(app, 1, 1 / 60 if waiting else dt)
        never_shows_the_phone_seat(app, scene)
        time.sleep(0.0005)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_with_one_seat_played_only_from_a_phone_s_page(game, browser, tables):
    app, session, scene = tables(game)
    assert PHONE_SEAT not in scene.humans
    phone = Phone(browser, scene.phones.address(PHONE_SEAT))
    play(app, session, scene, phone, dt=0.25 if game == "dream" else 1 / 60)
    assert PHONE_SEAT in session.actors  # the seat moved, and only the page moved it
    assert phone.taps >= 2 * session.actors.count(PHONE_SEAT) - 2
    for _ in range(50):
        if phone.look()["over"]:
            break
        step(app, 1)
        time.sleep(0.02)
    assert phone.look()["over"]
