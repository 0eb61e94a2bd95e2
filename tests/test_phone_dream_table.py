"""Dream Teller's table mode with phone seats (games/dream/table_view.py, phone.py): each spirit on a
phone sees their role and the dream word there, over a real socket; the big screen's reveal asks
only the people at it and never draws a phone seat's role; the dreamer's phone never gets the word.
A table of phones only plays through from the big screen's controls; bot mode takes no phones."""

import asyncio
import json
import threading
import time

import aiohttp
import pygame
import pytest

from wonderland_games.core import registry
from wonderland_games.core.game import BOT, Seat
from wonderland_games.core.session import Session
from wonderland_games.games.dream import rules
from wonderland_games.games.dream.scene import DreamScene
from wonderland_games.games.dream.table_view import reveal_order
from wonderland_games.net.host import PHONE, TABLE
from wonderland_games.scenes.phones import PhonesScene
from wonderland_games.scenes.results import ResultsScene
from wonderland_games.ui import text as tx
from wonderland_games.ui.dialogs import MessageDialog
from wonderland_games.ui.testing import click, run_until, step

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]
OPENED = []  # the phones a test opened, hung up after it


class Phone(threading.Thread):
    """A phone that only looks: every text message it receives, kept whole."""

    def __init__(self, url):
        super().__init__(daemon=True)
        self.url, self.texts, self.stop = url, [], False

    def run(self):
        try:
            asyncio.run(self._listen())
        except aiohttp.ClientError:
            pass  # the table closed before this phone got through: nothing to hear

    async def _listen(self):
        async with aiohttp.ClientSession() as http:
            async with http.ws_connect(self.url) as ws:
                while not self.stop:
                    try:
                        msg = await ws.receive(timeout=0.1)
                    except asyncio.TimeoutError:
                        continue
                    if msg.type != aiohttp.WSMsgType.TEXT:
                        return
                    self.texts.append(msg.data)

    def views(self) -> list:
        return [v for v in map(json.loads, list(self.texts)) if v["type"] == "view"]


@pytest.fixture
def app(table_app, monkeypatch):
    monkeypatch.setattr("wonderland_games.ui.phone_link.PhoneLink.__init__.__defaults__", (0, "127.0.0.1"))
    table_app.i18n.set_language("en")
    yield table_app
    for device in OPENED:  # the phones hang up, then each table's phone server stops with it
        device.stop = True
        device.join(5)
    OPENED.clear()
    while table_app.stack:
        table_app.pop()


@pytest.fixture
def drawn(monkeypatch):
    texts = []
    for name in ("draw_line", "draw_block"):
        real = getattr(tx, name)
        monkeypatch.setattr(tx, name, lambda surface, fonts, text, *a, _real=real, **k: texts.append(text) or
                            _real(surface, fonts, text, *a, **k))
    return texts


def start(app, phones, players=5, seed=9):
    session = Session.new("dream", [Seat(n) for n in NAMES[:players]], seed=seed, autosave=False)
    session.phones = list(phones)
    scene = DreamScene(app, session)
    app.push(scene)
    step(app, 2)
    if isinstance(app.top, PhonesScene):
        app.top.back()
        step(app)
    assert app.top is scene
    devices = {}
    for seat in phones:
        server = scene.phones.server
        devices[seat] = Phone(server.base.replace("http://", "ws://") + "/ws/" + scene.phones.host.codes[seat])
        devices[seat].start()
        OPENED.append(devices[seat])
    return session, scene, devices


def settle(app, scene, until=lambda: True, seconds=5.0):
    """Frames with a little real time between them, for the phones' messages to go both ways."""
    end = time.time() + seconds
    while time.time() < end:
        step(app, 1)
        time.sleep(0.01)
        if until():
            return
    raise AssertionError("the phones never caught up")


def run_out_the_sand(app, scene):
    """A second a frame until the sand is out and the last guess is asked."""
    for _ in range(scene.state.seconds + 5):
        if scene.view.stage == "last":
            return
        app.step(1.0)


def press(app, scene, name):
    button = scene.view.buttons[name]
    assert button.visible and button.enabled, (name, scene.view.stage)
    click(app, button.rect.center)


def last_view(device, version):
    views = [v for v in device.views() if v["version"] >= version]
    return views[-1] if views else None


def cards(view, kind):
    return [c for section in view["sections"] for c in section.get("cards", []) if c.get("kind") == kind]


def word_names(scene, word):
    entry = scene.lexicon.words[word]
    return {entry.name["zh"], entry.name["en"]}


def test_the_reveal_asks_only_the_big_screen_and_each_phone_gets_its_own_role_and_the_word(app, drawn):
    session, scene, devices = start(app, phones=[1, 3])
    state = session.state
    in_play = {seat: set() for seat in devices}  # the words in play while a phone seat dreamed
    for number in range(len(NAMES)):
        if number:
            press(app, scene, "next")
        dreamer = state.dreamer()
        at_table = [s for s in reveal_order(state) if s not in devices]
        version = scene.phones.host.version
        settle(app, scene, lambda: all(last_view(d, version) is not None for d in devices.values()))
        for seat, device in devices.items():  # before the reveal: each phone already has its role
            view = last_view(device, version)
            roles = [c["role"] for c in cards(view, "role")]
            assert roles == [state.roles[seat]]
        looked, shown_roles = [], []
        for seat in at_table:
            assert scene.view.stage == "reveal"
            drawn.clear()
            step(app)
            on_phones = [scene.name(s) for s in reveal_order(state) if s in devices]
            assert scene.name(seat) in drawn and app.t("dream.table.roles_on_phones",
                                                       names=app.i18n.join(on_phones)) in drawn
            press(app, scene, "show")
            drawn.clear()
            step(app)
            you = [s for s in range(len(NAMES)) if app.t("dream.table.you_are", name=scene.name(s)) in drawn]
            shown_roles += [r for r in rules.SPIRITS if app.t(f"dream.role.{r}") in drawn]
            looked += you
            press(app, scene, "hide")
        assert looked == at_table, "the screen asks the people at it, in order, and nobody on a phone"
        assert len(shown_roles) == len(at_table)
        assert scene.view.stage == "eyes"
        press(app, scene, "start")
        app.step(2.0)
        for outcome in ("wrong", "skip", "wrong") if dreamer in devices else ("correct", "wrong"):
            word = state.current
            if dreamer in devices:
                in_play[dreamer].add(word)
            version = scene.phones.host.version
            settle(app, scene, lambda: all(last_view(d, version) is not None for d in devices.values()))
            for seat, device in devices.items():
                view = last_view(device, version)
                if seat != dreamer:
                    assert [c["label"] for c in cards(view, "word")] == [scene.word_name(word)], \
                        "a spirit's phone shows the word in play"
                    assert [c["role"] for c in cards(view, "role")] == [state.roles[seat]]
                else:
                    assert cards(view, "word") == []
            press(app, scene, outcome)
        if dreamer in devices:
            in_play[dreamer].add(state.current)
        run_out_the_sand(app, scene)
        press(app, scene, "wrong")
        if scene.view.stage == "story":
            press(app, scene, "no")
        assert scene.view.stage == "scores"
    assert state.is_over()
    settle(app, scene, lambda: all(d.views() and d.views()[-1]["over"] for d in devices.values()))
    for seat, device in devices.items():
        assert in_play[seat], "each phone seat dreamed a round"
        for text in device.texts:  # every message it got, the whole game long
            for word in in_play[seat]:
                for name in word_names(scene, word):
                    assert name not in text, (seat, word, name)
        spirit_rounds = [w for other, words in in_play.items() if other != seat for w in words]
        assert any(scene.word_name(w) in t for w in spirit_rounds for t in device.texts), \
            "the scan would see a word: the other phone's dream words reached this phone as a spirit"


def test_the_big_screen_never_draws_a_phone_seats_role(app, monkeypatch):
    from wonderland_games.games.dream import table_view

    session, scene, devices = start(app, phones=[0, 2, 4])
    drawn_for = []
    real = table_view.TableModeView._draw_shown
    monkeypatch.setattr(table_view.TableModeView, "_draw_shown",
                        lambda view, surface: drawn_for.append(view.order[view.looking]) or real(view, surface))
    for number in range(2):
        if number:
            press(app, scene, "next")
        while scene.view.stage == "reveal":
            press(app, scene, "show")
            step(app)
            press(app, scene, "hide")
        press(app, scene, "start")
        run_out_the_sand(app, scene)
        press(app, scene, "correct")
        if scene.view.stage == "story":
            press(app, scene, "yes")
    assert drawn_for and not set(drawn_for) & {0, 2, 4}


def test_a_table_of_phones_only_plays_through_from_the_big_screen(app, drawn):
    session, scene, devices = start(app, phones=range(5))
    state = session.state
    assert scene.humans == []
    for number in range(5):
        if number:
            assert scene.view.stage == "scores"
            press(app, scene, "next")
        assert scene.view.stage == "eyes", "no reveal on the screen: every role is on a phone"
        drawn.clear()
        step(app)
        assert app.t("dream.table.roles_all_on_phones") in drawn
        assert app.t("dream.table.pass_to") not in drawn
        assert not any(app.t(f"dream.role.{r}") in drawn for r in rules.SPIRITS)
        press(app, scene, "start")
        assert scene.clock_running()
        app.step(2.0)
        press(app, scene, "correct")
        press(app, scene, "wrong")
        run_out_the_sand(app, scene)
        press(app, scene, "correct")
        assert scene.view.stage == "story"
        press(app, scene, "yes")
        assert scene.view.stage == "scores" and len(state.history) == number + 1
    assert state.is_over()
    press(app, scene, "next")
    run_until(app, lambda: isinstance(app.top, ResultsScene))


def test_a_phone_seat_handed_to_the_screen_is_asked_at_the_reveal_and_no_bot_stands_in(app, drawn):
    session, scene, devices = start(app, phones=[1, 2, 3, 4])
    state = session.state
    order = reveal_order(state)
    assert scene.view.stage == "eyes" if 0 == state.dreamer() else scene.view.stage == "reveal"
    spirit = next(s for s in order if s in devices)
    scene.open_phones()
    step(app)
    box = app.top
    assert isinstance(box, PhonesScene)
    box._hand(spirit)  # the phone dropped: the host hands the seat to the screen
    assert scene.phones.who(spirit) == TABLE and scene.view.stage == "reveal" and spirit in scene.view.order
    box._hand(spirit)  # and back to its phone: table mode has no bot to stand in
    assert scene.phones.who(spirit) == PHONE and spirit not in scene.view.order
    box.back()
    step(app)


def test_a_dropped_dreamers_phone_holds_nothing_up_at_the_table(app):
    session = Session.new("dream", [Seat(n) for n in NAMES], seed=9, autosave=False)
    dreamer = session.state.dreamer()
    session.phones = [dreamer]
    scene = DreamScene(app, session)
    app.push(scene)
    step(app, 2)
    app.top.back()  # the Phones box
    step(app, 2)
    assert scene.phones.status(dreamer) != "connected" and session.state.current_player() == dreamer
    assert scene._draw_phones(app.screen) == [scene.phones_button.rect], "no banner: the table never waits for it"


def test_bot_mode_takes_no_phone_seat(app, user_dirs):
    from wonderland_games.scenes.setup import SetupScene

    setup = SetupScene(app, registry.get("dream"))
    app.push(setup)
    step(app, 2)
    row = setup.rows[1]
    click(app, (row.kind.rect.right - 4, row.kind.rect.centery))  # a bot
    other = setup.rows[2]
    for _ in range(4):  # easy, normal, hard, then a person on a phone
        click(app, (other.kind.rect.right - 4, other.kind.rect.centery))
    assert row.kind.value.startswith("bot") and other.kind.value == "phone"
    click(app, setup.start_button.rect.center)
    step(app, 2)
    assert isinstance(app.top, MessageDialog)
    assert app.top.message == app.t("setup.phones_with_bots", game=app.i18n.pick(registry.game_name("dream")))
    app.pop()
    step(app)
    assert app.top is setup
    click(app, (other.kind.rect.right - 4, other.kind.rect.centery))  # a person at the screen: it starts
    assert other.kind.value == "human"
    click(app, setup.start_button.rect.center)
    step(app, 2)
    assert isinstance(app.top, (DreamScene,)) and app.top.phones is None
    app.stack.clear()


def test_a_bot_mode_save_with_a_phone_seat_plays_at_the_screen():
    from wonderland_games.ui.testing import make_app

    app = make_app((1024, 640), "en")
    session = Session.new("dream", [Seat("Ann"), Seat("Bob", BOT), Seat("Cy", BOT), Seat("Dee", BOT)], seed=2,
                          autosave=False)
    session.phones = [0]
    loaded = Session.from_save(session.to_save(), autosave=False)
    assert loaded.phones == [0]
    scene = DreamScene(app, loaded)
    assert scene.phones is None and loaded.phones == [] and scene.viewer == 0
    pygame.event.clear()


LONG = ["Wilhelmina", "Bartholomew", "Christabel", "Dorotheaaaa", "Evangelinee", "Fitzwilliam", "Gwendolynne",
        "Hildebrandt", "Isambardddd", "Josephineeee"]


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("phones", [range(1, 9), range(10)])
def test_the_reveal_and_the_eyes_say_whose_roles_are_on_phones_whole_at_every_size(app, size, lang, phones,
                                                                                   monkeypatch, drawn):
    app.i18n.set_language(lang)
    app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    session = Session.new("dream", [Seat(n) for n in LONG], seed=5, autosave=False)
    session.phones = list(phones)
    scene = DreamScene(app, session)
    app.push(scene)
    step(app, 2)
    app.top.back()  # the Phones box
    cut = []
    real = tx.ellipsize
    monkeypatch.setattr(tx, "ellipsize", lambda font, text, width: (lambda out: (out != text and cut.append(text))
                                                                    or out)(real(font, text, width)))
    stages = []
    while True:
        drawn.clear()
        step(app)
        stages.append(scene.view.stage)
        note = scene.view._phones_note()
        assert note and note in drawn, (scene.view.stage, note)
        assert not cut, (scene.view.stage, size, lang, cut)
        if scene.view.stage == "eyes":
            break
        press(app, scene, "show")
        step(app)
        press(app, scene, "hide")
    assert stages[0] == ("eyes" if len(phones) == 10 else "reveal")


def test_the_players_panel_says_who_plays_from_a_phone(app, drawn):
    session, scene, devices = start(app, phones=[2])
    scene._frame = None
    drawn.clear()
    step(app)
    assert drawn.count(app.t("setup.phone")) == 1 and drawn.count(app.t("setup.human")) == 4
    scene.hand_phone_seat(2, TABLE)
    step(app, 2)
    scene._frame = None
    drawn.clear()
    step(app)
    assert app.t("setup.phone") not in drawn and drawn.count(app.t("setup.human")) == 5


def test_the_word_reaches_a_spirits_phone_with_the_dream_and_a_screen_of_phones_never_shows_it(app, drawn):
    """QA: the spirits' phones showed the next round's word while the screen still showed the last
    round's scores, and the screen showed the word large although every spirit had it on a phone."""
    session, scene, devices = start(app, phones=range(5))
    state = session.state
    for number in range(2):
        if number:
            version = scene.phones.host.version
            settle(app, scene, lambda: all(last_view(d, version) for d in devices.values()))
            assert scene.view.stage == "scores" and state.current is not None  # the next word is dealt
            assert all(cards(last_view(d, version), "word") == [] for d in devices.values())
            press(app, scene, "next")
        assert scene.view.stage == "eyes"
        spirit = next(s for s in devices if s != state.dreamer())
        version = scene.phones.host.version
        settle(app, scene, lambda: last_view(devices[spirit], version) is not None)
        assert cards(last_view(devices[spirit], version), "word") == [], "no word before the dream begins"
        drawn.clear()
        step(app)
        assert any("not on this screen" in text for text in drawn)
        press(app, scene, "start")
        version = scene.phones.host.version
        settle(app, scene, lambda: cards(last_view(devices[spirit], version) or {"sections": []}, "word"))
        assert [c["label"] for c in cards(last_view(devices[spirit], version), "word")] == [scene.word_name(state.current)]
        drawn.clear()
        step(app)
        assert app.t("dream.table.word_on_phones") in drawn and scene.word_name(state.current) not in drawn
        run_out_the_sand(app, scene)
        press(app, scene, "wrong")
        if scene.view.stage == "story":
            press(app, scene, "no")
        assert scene.view.stage == "scores"
