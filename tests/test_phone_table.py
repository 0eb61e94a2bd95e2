"""A table with phone seats (ui/phone_link.py, scenes/phones.py): a phone plays its seat over a real
socket, the big screen never shows that seat's hand nor waits behind a curtain for it, and the host
can hand the seat to the screen or a bot and back."""

import asyncio
import json
import threading
import time

import aiohttp
import pytest

from wonderland_games.core.game import BOT, Seat
from wonderland_games.core.session import Session
from wonderland_games.net.host import BOT as BY_BOT, PHONE, TABLE
from wonderland_games.scenes.curtain import CurtainScene
from wonderland_games.scenes.launch import scene_class
from wonderland_games.scenes.phones import PhonesScene
from wonderland_games.ui.table_scene import TableScene
from wonderland_games.ui.testing import make_app, step


class PhonePlayer(threading.Thread):
    """A phone that confirms its first choice at every turn, from its own thread."""

    def __init__(self, url):
        super().__init__(daemon=True)
        self.url, self.views, self.stop = url, [], False

    def run(self):
        asyncio.run(self._play())

    async def _play(self):
        async with aiohttp.ClientSession() as http:
            async with http.ws_connect(self.url) as ws:
                while not self.stop:
                    try:
                        msg = await ws.receive(timeout=0.2)
                    except asyncio.TimeoutError:
                        continue
                    if msg.type != aiohttp.WSMsgType.TEXT:
                        return
                    view = json.loads(msg.data)
                    if view["type"] != "view":
                        continue
                    self.views.append(view)
                    if view["over"]:
                        return
                    if view["yours"]:
                        choice = view["groups"][0]["choices"][0]
                        await ws.send_str(json.dumps({"type": "act", "version": view["version"], "choice": choice["i"]}))


def socket_url(scene, seat):
    server = scene.phones.server
    return server.base.replace("http://", "ws://") + "/ws/" + scene.phones.host.codes[seat]


def open_phone_table(monkeypatch, game="parade", size=(1024, 640)):
    """Ann at the screen, Bob on a phone (seat 1), a bot: (app, session, scene), the Phones box on top.
    The phone server listens on the loopback, on a free port."""
    monkeypatch.setattr("wonderland_games.ui.phone_link.PhoneLink.__init__.__defaults__", (0, "127.0.0.1"))
    app = make_app(size, "en")
    session = Session.new(game, [Seat("Ann"), Seat("Bob"), Seat("Cy", BOT)], seed=3, autosave=False)
    session.phones = [1]
    scene = scene_class(game)(app, session)
    app.push(scene)
    step(app, 2)
    return app, session, scene


def until_status(app, scene, status, frames=400):
    """Frames with a little real time between them until Bob's phone is `status`; asserted."""
    for _ in range(frames):
        if scene.phones.status(1) == status:
            break
        step(app, 1)
        time.sleep(0.002)
    assert scene.phones.status(1) == status


@pytest.fixture
def table(monkeypatch):
    app, session, scene = open_phone_table(monkeypatch)
    yield app, session, scene
    while len(app.stack) > 0:
        app.pop()


def play_on(app, session, scene, frames=30000, check=lambda: None):
    for _ in range(frames):
        if session.state.is_over():
            return
        if isinstance(app.top, PhonesScene):
            app.top.back()
        if scene.my_turn():
            scene.apply(session.state.legal_actions()[0])
        check()
        step(app, 1)
        time.sleep(0.0005)


def test_the_phones_box_opens_with_the_table_and_says_each_seats_code(table):
    app, session, scene = table
    assert isinstance(app.top, PhonesScene)
    assert app.top.seats == [1] and scene.phones.address(1).endswith(
        "/j/" + "-".join(scene.phones.host.codes[1][i:i + 4] for i in (0, 4, 8)))
    app.top.back()
    step(app, 1)
    assert app.top is scene and scene.phones_button.visible and scene.phones_button.rect.width > 0
    assert not scene.phones_button.rect.colliderect(scene.buttons["ff"].rect)
    assert scene.layout.status.right <= scene.phones_button.rect.left  # the status line gave it room


def test_a_phone_plays_its_seat_and_the_screen_never_shows_its_hand(table):
    app, session, scene = table
    assert scene.humans == [0] and scene.viewer == 0
    phone = PhonePlayer(socket_url(scene, 1))
    phone.start()

    def check():
        assert scene.viewer != 1  # whose hand the table shows
        assert not any(isinstance(s, CurtainScene) for s in app.stack)

    play_on(app, session, scene, check=check)
    assert session.state.is_over() and 1 in session.actors
    phone.join(10)
    assert phone.views[-1]["over"]


def test_a_seat_handed_to_a_bot_plays_on_without_its_phone_and_comes_back(table):
    app, session, scene = table
    app.top.back()
    scene.hand_phone_seat(1, BY_BOT)
    play_on(app, session, scene, frames=400)
    assert 1 in session.actors or session.state.current_player() == 1
    scene.hand_phone_seat(1, PHONE)
    assert scene.phones.who(1) == PHONE
    scene.hand_phone_seat(1, TABLE)  # now the big screen has two people: the curtain comes between them
    assert scene.humans == [0, 1]


def test_a_missing_phone_is_shown_on_the_table_when_its_turn_comes(table):
    app, session, scene = table
    app.top.back()
    for _ in range(3000):
        if session.state.current_player() == 1 and not scene.timeline:
            break
        if scene.my_turn():
            scene.apply(session.state.legal_actions()[0])
        step(app, 1)
        time.sleep(0.0005)
    step(app, 2)
    assert session.state.current_player() == 1
    drawn = scene._draw_phones(app.screen)
    assert len(drawn) == 2 and scene.phones_button.style == "primary"  # the button lit, the banner shown



def test_the_phones_button_counts_only_the_seats_phones_play_and_says_when_none_does(table):
    """QA: a seat handed to this screen still counted as a phone ("Phones 0/1")."""
    from wonderland_games.ui.testing import click_widget

    app, session, scene = table
    app.top.back()
    step(app, 1)
    assert scene._phones_label() == "Phones 0/1"
    phone = PhonePlayer(socket_url(scene, 1))
    phone.start()
    until_status(app, scene, "connected")
    assert scene._phones_label() == "Phones 1/1"
    for who in (TABLE, BY_BOT):
        scene.hand_phone_seat(1, who)
        step(app, 1)
        assert scene._phones_label() == "Phones: none"
    click_widget(app, scene.phones_button)  # it still opens the box, to hand the seat back
    assert isinstance(app.top, PhonesScene)
    app.top.back()
    scene.hand_phone_seat(1, PHONE)
    step(app, 1)
    assert scene._phones_label() == "Phones 1/1"
    phone.stop = True

def test_phone_seats_survive_a_save_and_a_damaged_list_costs_only_the_phones():
    session = Session.new("parade", [Seat("Ann"), Seat("Bob")], seed=1, autosave=False)
    session.phones = [1]
    data = session.to_save()
    assert Session.from_save(data, autosave=False).phones == [1]
    for bad in ([5], ["1"], [True], 3, [-1]):
        assert Session.from_save(dict(data, phones=bad), autosave=False).phones == []
    bots = Session.new("parade", [Seat("Ann"), Seat("Bob", BOT)], seed=1, autosave=False)
    assert Session.from_save(dict(bots.to_save(), phones=[1]), autosave=False).phones == []  # a bot is no phone


def test_the_setup_screen_offers_phone_seats_and_starts_a_game_with_them(monkeypatch):
    from wonderland_games.core import registry
    from wonderland_games.scenes.setup import SetupScene

    monkeypatch.setattr("wonderland_games.ui.phone_link.PhoneLink.__init__.__defaults__", (0, "127.0.0.1"))
    monkeypatch.setattr(Session, "save_dealt", lambda self: None)
    app = make_app((1280, 800), "zh")
    scene = SetupScene(app, registry.get("parade"))
    app.push(scene)
    step(app, 2)
    kind = scene.rows[1].kind
    while kind.value != "phone":
        kind.step(1)
    assert kind.options[[v for v, _ in kind.options].index("phone")][1]() == "手机"
    scene.start()
    step(app, 2)
    table = next(s for s in app.stack if isinstance(s, TableScene))
    assert table.session.phones == [1] and table.phones is not None and isinstance(app.top, PhonesScene)
    while app.stack:
        app.pop()


def test_the_box_opened_at_the_start_goes_once_every_phone_is_in_and_the_buttons_box_stays(table):
    app, session, scene = table
    box = app.top
    assert isinstance(box, PhonesScene) and box.auto
    step(app, 30)
    assert app.top is box  # nobody has joined
    phone = PhonePlayer(socket_url(scene, 1))
    phone.start()
    for _ in range(400):
        step(app, 1)
        time.sleep(0.002)
        if app.top is not box:
            break
    assert app.top is scene and scene.phones.status(1) == "connected"
    scene.open_phones()
    step(app, 120)
    assert isinstance(app.top, PhonesScene) and not app.top.auto  # opened by hand: it stays
    phone.stop = True


@pytest.mark.parametrize("game", ["parade", "oz", "voyage", "valley"])
def test_the_players_panel_says_which_seat_its_phone_plays(game, monkeypatch):
    from wonderland_games.ui import text as tx

    app, session, scene = open_phone_table(monkeypatch, game, (1920, 1080))
    app.top.back()
    drawn, real = [], tx.draw_line
    monkeypatch.setattr(tx, "draw_line", lambda surface, fonts, text, *a, **k: drawn.append(text) or
                        real(surface, fonts, text, *a, **k))
    def says_phone() -> bool:  # "Phone", "Cowardly Lion – Phone", "Phone – Paris"; not "Phones 0/1"
        return any(app.t("setup.phone") in text.split(app.t("sep")) for text in drawn)

    try:
        step(app, 2)
        assert says_phone(), game
        scene.hand_phone_seat(1, TABLE)
        drawn.clear()
        step(app, 2)
        assert drawn and not says_phone(), game
    finally:
        while app.stack:
            app.pop()


def test_a_lost_phone_says_so_in_the_players_panel_until_it_is_back(table):
    app, session, scene = table
    app.top.back()
    phone = PhonePlayer(socket_url(scene, 1))
    phone.start()
    until_status(app, scene, "connected")
    assert scene.seat_kinds()[1] == app.t("setup.phone")
    phone.stop = True
    phone.join(5)
    until_status(app, scene, "reconnecting")
    assert scene.seat_kinds()[1] == app.t("phone.away") == "Phone lost"


def test_undo_at_the_screen_keeps_the_phones_served(monkeypatch):
    """QA: Undo during a phone's turn closed the phone server for good (it stopped the table as
    leaving it does). Oz: a die taken reveals nothing, so the screen's player may take it back."""
    app, session, scene = open_phone_table(monkeypatch, "oz")
    app.top.back()
    try:
        for _ in range(5000):  # until the phone is to move and the screen's player may undo
            if session.state.current_player() == 1 and not scene.timeline and scene.can_undo():
                break
            if session.state.current_player() == 1 and not scene.timeline:
                session.apply(session.state.legal_actions()[0])  # the phone's move, as if tapped
            elif scene.my_turn():
                scene.apply(session.state.legal_actions()[0])
            step(app, 1)
        assert session.state.current_player() == 1 and scene.can_undo()
        scene.undo()
        step(app, 2)
        phone = PhonePlayer(socket_url(scene, 1))
        phone.start()
        until_status(app, scene, "connected")
        phone.stop = True
    finally:
        while app.stack:
            app.pop()


HAND_TITLES = {  # a game's hand panel: (the key for one person with bots, the key naming the seat)
    "oz": ("oz.hand_title", "oz.hand_title_of"),
    "voyage": ("voyage.hand_title", "voyage.hand_title_of"),
    "valley": ("valley.table.hand", "valley.table.hand_of"),
}


def hand_titles(app, key):
    """Every form of `key`'s text in the app's language, the count and limit left out: "My hand ("."""
    return app.t(key, name="Ann", n=0, limit=0).split("0")[0]


@pytest.mark.parametrize("game", sorted(HAND_TITLES))
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_hand_panel_names_whose_hand_it_shows_when_more_than_one_person_plays(monkeypatch, drawn, game, lang):
    """QA: with Ann at the screen and Bob on a phone, the screen's hand panel said "My magic cards"
    ("My itinerary cards", "Your hand"); it names the seat now ("Ann's magic cards"), and says
    "My ..." only to one person playing with bots (`seat_words.hand_title`, one rule for all three)."""
    from wonderland_games.ui.testing import open_table

    mine_key, named_key = HAND_TITLES[game]
    app, session, scene = open_phone_table(monkeypatch, game)
    try:
        app.i18n.set_language(lang)
        app.top.back()
        drawn.clear()
        step(app, 2)
        mine, ann = hand_titles(app, mine_key), hand_titles(app, named_key)
        assert scene.viewer == 0
        assert any(text.startswith(ann) for text in drawn) and not any(text.startswith(mine) for text in drawn)
    finally:
        while app.stack:
            app.pop()
    app = make_app((1024, 640), lang)
    drawn.clear()
    open_table(app, game, [Seat("Ann"), Seat("Cy", BOT), Seat("Di", BOT)])
    try:
        mine, ann = hand_titles(app, mine_key), hand_titles(app, named_key)
        assert any(text.startswith(mine) for text in drawn) and not any(text.startswith(ann) for text in drawn)
    finally:
        while app.stack:
            app.pop()
