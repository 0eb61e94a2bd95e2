"""The phone page in a real (headless) browser, beside the GUI table under SDL dummy: a whole game
of each game with one seat played only by taps on its phone's page, the page's every control on a
phone's screen, and a phone closed mid-turn that comes back on a new browser (tests/browser.py)."""

from __future__ import annotations

import json
import time

import pytest

from browser import Phone, open_browser, set_viewport, shots_dir
from wonderland_games.core.game import BOT, Seat
from wonderland_games.core.session import Session
from wonderland_games.net.host import RECONNECTING
from wonderland_games.scenes.curtain import CurtainScene
from wonderland_games.scenes.launch import scene_class
from wonderland_games.scenes.phones import PhonesScene
from wonderland_games.ui.testing import click, make_app, step

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


def host_at_the_screen(app, scene) -> None:
    """Dream's bot mode: the round's Begin and the scores' Next are the big screen's buttons (the
    sand's, no seat's move), pressed there by a click."""
    buttons = getattr(getattr(scene, "view", None), "buttons", {})
    for name in ("begin", "next"):
        button = buttons.get(name)
        if button is not None and button.visible and button.enabled and button.rect.width:
            click(app, button.rect.center)
            return


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
        host_at_the_screen(app, scene)
        step(app, 1, 1 / 60 if waiting else dt)
        never_shows_the_phone_seat(app, scene)
        time.sleep(0.0005)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_with_one_seat_played_only_from_a_phone_s_page(game, browser, tables):
    app, session, scene = tables(game)
    assert PHONE_SEAT not in scene.humans
    phone = Phone(browser, scene.phones.address(PHONE_SEAT))
    play(app, session, scene, phone, dt=0.25 if game == "dream" else 1 / 60)
    assert PHONE_SEAT in session.actors and phone.taps >= 2  # the seat moved, from its page
    if game != "dream":  # (Dream's sand reports time-ups and refused clues' penalties for the seat)
        assert phone.taps >= 2 * session.actors.count(PHONE_SEAT) - 2  # each move a choice and Confirm
    for _ in range(50):
        if phone.look()["over"]:
            break
        step(app, 1)
        time.sleep(0.02)
    assert phone.look()["over"]


LAYOUT = """
const w = document.documentElement.clientWidth, out = [];
for (const n of document.querySelectorAll('button, input')) {
  const r = n.getBoundingClientRect();
  if (n.hidden || !r.width) continue;
  if (r.left < 0 || r.right > w + 0.5) out.push([n.id || n.className, (n.textContent || n.placeholder).slice(0, 40), r.left, r.right]);
}
return {out: out, scroll: document.documentElement.scrollWidth, width: w,
        choices: document.querySelectorAll('button.choice').length};
"""


def until_yours(app, session, scene, phone, seconds=30.0) -> None:
    """Play on (the phone's first choices) until the page shows the seat's turn with choices."""
    end = time.monotonic() + seconds
    while not (session.state.current_player() == PHONE_SEAT and not scene.timeline
               and phone.look()["choices"]):
        assert time.monotonic() < end and not session.state.is_over()
        host_at_the_screen(app, scene)
        step(app, 1, 0.25 if session.game_id == "dream" else 1 / 60)
        time.sleep(0.001)


@pytest.mark.parametrize("size", [(360, 740), (768, 1024)], ids=["360x740", "768x1024"])
def test_every_control_of_each_game_lies_inside_a_phone_s_screen(size, browser, tables):
    folder = shots_dir()
    try:
        set_viewport(browser, size)
        for game in GAMES:
            app, session, scene = tables(game)
            phone = Phone(browser, scene.phones.address(PHONE_SEAT))
            until_yours(app, session, scene, phone)
            if game == "dream":  # a turn whose choice asks for a line of text
                while not any("input" in c for g in json.loads(scene.phones.host.view_text(PHONE_SEAT))["groups"]
                              for c in g["choices"]):
                    phone.play(lambda: "moon")
                    step(app, 3, 1 / 60)
                    until_yours(app, session, scene, phone)
                index = next(i for i, c in enumerate(c for g in json.loads(scene.phones.host.view_text(PHONE_SEAT))
                                                     ["groups"] for c in g["choices"]) if "input" in c)
            else:
                index = 0
            name = f"{game}-{size[0]}x{size[1]}"
            browser.save_screenshot(str(folder / f"{name}-turn.png"))
            seen = browser.execute_script(LAYOUT)
            assert seen["choices"] and not seen["out"] and seen["scroll"] <= seen["width"], (game, seen)
            phone.tap("button.choice", index)
            assert phone.look()["bar"]
            browser.save_screenshot(str(folder / f"{name}-picked.png"))
            seen = browser.execute_script(LAYOUT)
            assert not seen["out"] and seen["scroll"] <= seen["width"], (game, seen)
            bar = browser.execute_script(
                "return ['confirm', 'cancel'].map((id) => document.getElementById(id).getBoundingClientRect())"
                ".map((r) => [r.left, r.right, r.top, r.bottom]);")
            for left, right, top, bottom in bar:
                assert 0 <= left < right <= seen["width"] and 0 <= top < bottom <= size[1], (game, bar)
            phone.tap("#cancel")
    finally:
        set_viewport(browser, (360, 740))


def test_a_phone_closed_mid_turn_comes_back_on_a_new_browser_and_finishes(browser, tables):
    app, session, scene = tables("parade")
    first = Phone(open_browser(), scene.phones.address(PHONE_SEAT))
    try:
        until_yours(app, session, scene, first)
        first.tap("button.choice")  # mid-turn: a choice picked, not confirmed
    finally:
        first.quit()
    seen = []
    for _ in range(200):
        step(app, 1)
        seen.append(scene.phones.status(PHONE_SEAT))
        never_shows_the_phone_seat(app, scene)
        if seen[-1] == RECONNECTING:
            break
        time.sleep(0.01)
    assert seen[-1] == RECONNECTING and scene._phones_label().startswith("Phones 0")
    assert len(scene._draw_phones(app.screen)) == 2  # the Phones button lit and the table's banner
    moves = len(session.actions)
    step(app, 30)
    assert len(session.actions) == moves  # the seat waits for its phone
    again = Phone(browser, scene.phones.address(PHONE_SEAT))
    play(app, session, scene, again)
    assert scene.phones.status(PHONE_SEAT) == "connected" and again.taps >= 2
