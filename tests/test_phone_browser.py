"""The phone page in a real (headless) browser, beside the GUI table under SDL dummy: a whole game
of each game with one seat played only by taps on its phone's page (Dream Teller: a table game in
which the phone shows its seat's role and, to a spirit, the word, and never the word to its dreamer:
the table judges every move aloud, so a Dream phone has none to tap), the page's every control on a
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
from wonderland_games.ui.testing import click, make_app, step

PHONE_SEAT = 0
# game: (seed, bots beside the phone seat, the bots' level, options); seeds picked for short games
GAMES = {
    "parade": (3, 2, "easy", None),
    "oz": (1, 1, "easy", None),
    "voyage": (1, 1, "easy", None),
    "valley": (1, 1, "easy", None),
}


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
    end = time.monotonic() + seconds
    while not session.state.is_over() and not (until and until()):
        assert time.monotonic() < end, f"the game did not end in {seconds} s: {session.state.current_player()}"
        waiting = session.state.current_player() == PHONE_SEAT and not scene.timeline
        if waiting and phone is not None:
            phone.play()
        step(app, 1, dt)
        never_shows_the_phone_seat(app, scene)
        time.sleep(0.0005)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_with_one_seat_played_only_from_a_phone_s_page(game, browser, tables):
    app, session, scene = tables(game)
    assert PHONE_SEAT not in scene.humans
    phone = Phone(browser, scene.phones.address(PHONE_SEAT))
    play(app, session, scene, phone)
    assert PHONE_SEAT in session.actors and phone.taps >= 2  # the seat moved, from its page
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
        step(app, 1)
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


def test_a_dream_table_game_shows_a_phone_its_role_and_a_spirit_the_word_never_its_dreamer(browser, monkeypatch):
    """Dream Teller's table mode, Ann on a phone and three people at the screen: the page shows her
    role every round and, while she is a spirit, the word in play; while she dreams, never any of
    the words in play (zh and en names); the whole game is played from the big screen's controls."""
    from wonderland_games.games.dream.scene import DreamScene

    monkeypatch.setattr("wonderland_games.ui.phone_link.PhoneLink.__init__.__defaults__", (0, "127.0.0.1"))
    app = make_app((1024, 640), "en")
    app.running = True
    session = Session.new("dream", [Seat(n) for n in ("Ann", "Bob", "Cy", "Dee")], seed=9, autosave=False)
    session.phones = [PHONE_SEAT]
    scene = DreamScene(app, session)
    app.push(scene)
    step(app, 2)
    if isinstance(app.top, PhonesScene):
        app.top.back()
    phone = Phone(browser, scene.phones.address(PHONE_SEAT))
    state, view, folder = session.state, scene.view, shots_dir()

    def page() -> str:
        for _ in range(100):  # the page has the table's latest view
            step(app, 1)
            if browser.execute_script("return Number(document.body.dataset.version)") == scene.phones.host.version:
                break
            time.sleep(0.02)
        return browser.execute_script("return document.body.innerText")

    def press(name):
        button = view.buttons[name]
        assert button.visible and button.enabled, (name, view.stage)
        click(app, button.rect.center)

    def names(word):
        entry = scene.lexicon.words[word]
        return {entry.name["zh"], entry.name["en"]}

    try:
        dreamed = False
        for number in range(len(session.seats)):
            if number:
                press("next")
            dreamer = state.dreamer()
            while view.stage == "reveal":
                press("hide" if view.showing else "show")
            assert app.t(f"dream.role.{state.roles[PHONE_SEAT]}") in page()
            press("start")
            for outcome in ("correct", "wrong", "skip"):
                text, word = page(), state.current
                if dreamer == PHONE_SEAT:
                    dreamed = True
                    assert not any(n in text for n in names(word)), "the dreamer's phone shows no word"
                else:
                    assert scene.word_name(word) in text, "a spirit's phone shows the word in play"
                if number == 0 and outcome == "correct":
                    browser.save_screenshot(str(folder / "dream-table-phone.png"))
                    seen = browser.execute_script(LAYOUT)
                    assert not seen["out"] and seen["scroll"] <= seen["width"], seen
                press(outcome)
            for _ in range(state.seconds + 5):
                if view.stage == "last":
                    break
                app.step(1.0)
            press("wrong")
            if view.stage == "story":
                press("no")
            assert view.stage == "scores"
        assert state.is_over() and dreamed and phone.taps == 0
        for _ in range(100):
            if phone.look()["over"]:
                break
            step(app, 1)
            time.sleep(0.02)
        assert phone.look()["over"]
    finally:
        for scene_ in reversed(app.stack):
            scene_.on_exit()
        app.stack.clear()


def test_a_page_whose_seat_opened_elsewhere_says_so_and_takes_no_taps(browser, tables):
    """QA: the first phone still said "Your turn" and let its person pick after a second device
    took the seat."""
    app, session, scene = tables("parade")
    phone = Phone(browser, scene.phones.address(PHONE_SEAT))
    until_yours(app, session, scene, phone)
    second = Phone(open_browser(), scene.phones.address(PHONE_SEAT))
    try:
        for _ in range(100):
            step(app, 1)
            time.sleep(0.02)
            if "gone" in browser.execute_script("return document.getElementById('turn').className"):
                break
        seen = browser.execute_script(
            "return {turn: document.getElementById('turn').textContent,"
            " live: Array.from(document.querySelectorAll('button')).filter((b) => !b.disabled).length}")
        assert seen == {"turn": app.t("phone.gone"), "live": 0}, seen
        assert second.look()["yours"]  # the seat plays on from the second device
    finally:
        second.quit()
