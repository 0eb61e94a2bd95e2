"""The phone server over real sockets on the loopback (net/server.py): what it serves, to whom,
and that nothing a phone sends can crash it, change the game unasked or reveal another seat."""

import asyncio
import json
import threading

import aiohttp
import pytest

from wonderland_games.core import registry
from wonderland_games.core.game import BOT, Seat
from wonderland_games.core.session import Session
from wonderland_games.net import server as serving
from wonderland_games.net.headless import parse_seats, play
from wonderland_games.net.host import PhoneHost, shown_code
from wonderland_games.net.server import PhoneServer


class Table:
    """A Parade game of a phone (seat 0) and a bot, served on the loopback while it lasts."""

    def __init__(self, seed=4):
        self.session = Session("parade", [Seat("Ann"), Seat("Bot", BOT)], seed, autosave=False)
        self.host = PhoneHost([0], "en")
        self.server = PhoneServer(self.host, "parade", port=0, bind="127.0.0.1")
        self.base = self.server.start()
        self.code = self.host.codes[0]
        self.stop = threading.Event()
        self.thread = threading.Thread(target=play, args=(self.session, self.host,
                                                          {1: registry.get("parade").make_bot("easy")}, self.stop),
                                       daemon=True)
        self.thread.start()

    def close(self):
        self.stop.set()
        self.server.stop()
        self.thread.join(10)


@pytest.fixture
def table():
    table = Table()
    yield table
    table.close()


def run(coroutine):
    return asyncio.run(asyncio.wait_for(coroutine, 120))


async def next_view(ws, errors=None):
    while True:
        msg = await ws.receive(timeout=20)
        assert msg.type == aiohttp.WSMsgType.TEXT, msg
        data = json.loads(msg.data)
        if data["type"] == "view":
            return data
        if errors is not None:
            errors.append(data)


async def play_out(ws, pick=lambda choices: choices[0]):
    """Confirm the first choice at every turn to the end; the views seen."""
    views = []
    while True:
        view = await next_view(ws)
        views.append(view)
        if view["over"]:
            return views
        if view["yours"]:
            choice = pick([c for g in view["groups"] for c in g["choices"]])
            await ws.send_str(json.dumps({"type": "act", "version": view["version"], "choice": choice["i"]}))


def test_pages_need_the_seats_code_and_say_keep_nothing(table):
    async def go():
        async with aiohttp.ClientSession() as http:
            page = await http.get(f"{table.base}/j/{shown_code(table.code)}")
            assert page.status == 200 and "hand.js" in await page.text()
            for header in ("Content-Security-Policy", "Referrer-Policy", "Cache-Control"):
                assert header in page.headers
            wrong = await http.get(f"{table.base}/j/AAAABBBBCCCC")
            assert wrong.status == 404 and "join.js" in await wrong.text()  # only the join page
            assert (await http.get(f"{table.base}/")).status == 200
            assert (await http.get(f"{table.base}/c/hand.js")).status == 200
            assert (await http.get(f"{table.base}/art/parade/alice.svg")).status == 200
            for path in ("/c/../host.py", "/art/parade/../../data/parade/deck.yaml", "/art/oz/lion.svg",
                         "/c/hand.html", "/ws/AAAABBBBCCCC", "/static/x", "/c/%2e%2e/server.py"):
                assert (await http.get(table.base + path)).status == 404, path
    run(go())


def test_a_whole_game_from_a_phone(table):
    async def go():
        async with aiohttp.ClientSession() as http:
            async with http.ws_connect(f"{table.base}/ws/{table.code}") as ws:
                await ws.send_str(json.dumps({"type": "hello", "lang": "zh"}))
                views = await play_out(ws)
        assert views[-1]["over"] and "游戏结束" in views[-1]["turn"]
        assert any(v["yours"] for v in views)
    run(go())
    assert table.session.state.is_over()
    assert 0 in table.session.actors


def test_a_dropped_phone_comes_back_to_its_seat_and_a_second_one_replaces_the_first(table):
    async def go():
        async with aiohttp.ClientSession() as http:
            first = await http.ws_connect(f"{table.base}/ws/{table.code}")
            view = await next_view(first)
            while not view["yours"]:  # dropped on its own turn: nothing moves till it is back
                view = await next_view(first)
            await first.close()
            await asyncio.sleep(0.1)
            assert table.host.status(0) == "reconnecting"
            again = await http.ws_connect(f"{table.base}/ws/{shown_code(table.code).lower()}")
            assert (await next_view(again))["version"] == view["version"]  # the view of now
            assert table.host.status(0) == "connected"
            other = await http.ws_connect(f"{table.base}/ws/{table.code}")
            msg = await again.receive(timeout=10)
            assert msg.type == aiohttp.WSMsgType.CLOSE and msg.data == 4000
            views = await play_out(other)
            assert views[-1]["over"]
            await other.close()
    run(go())


def test_ten_thousand_bad_messages_change_nothing(table, monkeypatch):
    monkeypatch.setattr(serving, "RATE", 1e6)
    monkeypatch.setattr(serving, "BURST", 1e6)
    import random

    rng = random.Random(7)

    async def go():
        async with aiohttp.ClientSession() as http:
            async with http.ws_connect(f"{table.base}/ws/{table.code}") as ws:
                view = await next_view(ws)
                while not view["yours"]:  # the phone's turn: the game waits for it alone
                    view = await next_view(ws)
                actions = len(table.session.actions)
                for i in range(10_000):
                    kind = i % 5
                    if kind == 0:
                        await ws.send_str("".join(chr(rng.randrange(1, 0x3000)) for _ in range(rng.randrange(60))))
                    elif kind == 1:
                        await ws.send_bytes(bytes(rng.randrange(256) for _ in range(rng.randrange(40))))
                    elif kind == 2:  # a choice for a view that is gone
                        await ws.send_str(json.dumps({"type": "act", "version": view["version"] - 1 - rng.randrange(9),
                                                      "choice": 0}))
                    elif kind == 3:
                        await ws.send_str(json.dumps({"type": "act", "version": view["version"],
                                                      "choice": 5 + rng.randrange(9000)}))
                    else:
                        await ws.send_str(json.dumps({"type": rng.choice(["act", "preview", "x"]),
                                                      "version": rng.choice([None, "1", -1, 2 ** 60]), "choice": [0]}))
                await asyncio.sleep(0.5)
                assert len(table.session.actions) == actions  # nothing was played for it
                await ws.send_str(json.dumps({"type": "hello", "lang": "en"}))
                big = await ws.receive(timeout=10)
                assert big.type in (aiohttp.WSMsgType.TEXT, aiohttp.WSMsgType.CLOSE)
            async with http.ws_connect(f"{table.base}/ws/{table.code}") as ws:
                assert (await play_out(ws))[-1]["over"]  # and the game plays on
    run(go())


def test_a_flood_is_slowed_then_cut_and_the_host_plays_on(table):
    async def go():
        async with aiohttp.ClientSession() as http:
            async with http.ws_connect(f"{table.base}/ws/{table.code}") as ws:
                for _ in range(400):
                    await ws.send_str('{"type": "hello", "lang": "en"}')
                errors, closed = [], None
                while closed is None:
                    msg = await ws.receive(timeout=10)
                    if msg.type == aiohttp.WSMsgType.TEXT:
                        errors.append(json.loads(msg.data).get("error"))
                    else:
                        closed = msg
                assert "too_fast" in errors and closed.data == 4008, (errors, closed)
            # a flood of sockets to the seat: each replaces the one before, so one stays open
            sockets = [await http.ws_connect(f"{table.base}/ws/{table.code}") for _ in range(serving.SOCKETS + 10)]
            for ws in sockets[:-1]:
                msg = await ws.receive(timeout=10)
                while msg.type == aiohttp.WSMsgType.TEXT:
                    msg = await ws.receive(timeout=10)
                assert msg.data == 4000
            assert (await play_out(sockets[-1]))[-1]["over"]
            for ws in sockets:
                await ws.close()
    run(go())


def test_a_move_dropped_for_speed_is_answered_so_the_page_can_confirm_again(table):
    """Messages sent fast, then Confirm: the dropped act gets its own "too fast" (the page had
    waited for ever, seen in a headless browser playing at machine speed)."""
    async def go():
        async with aiohttp.ClientSession() as http:
            async with http.ws_connect(f"{table.base}/ws/{table.code}") as ws:
                view = await next_view(ws)
                while not view["yours"]:
                    view = await next_view(ws)
                for _ in range(serving.BURST + 1):
                    await ws.send_str(json.dumps({"type": "hello", "lang": "en"}))
                await ws.send_str(json.dumps({"type": "act", "version": view["version"], "choice": 0}))
                errors = []
                while len(errors) < 2:
                    data = json.loads((await ws.receive(timeout=5)).data)
                    if data["type"] == "error":
                        errors.append(data["error"])
                assert errors == ["too_fast", "too_fast"]
    run(go())


def test_wrong_codes_from_one_address_are_refused_after_a_few(table):
    async def go():
        async with aiohttp.ClientSession() as http:
            statuses = [(await http.get(f"{table.base}/j/{'A' * 11}{c}")).status for c in "23456789ABCDEFGHJKMNPQRSTUVWXYZ23"]
            assert statuses[:serving.WRONG_CODES] == [404] * serving.WRONG_CODES and statuses[-1] == 429
            assert (await http.get(f"{table.base}/j/{table.code}")).status == 429  # even the right one, for a while
    run(go())


def test_a_socket_from_another_sites_page_is_refused(table):
    async def go():
        async with aiohttp.ClientSession() as http:
            with pytest.raises(aiohttp.WSServerHandshakeError):
                await http.ws_connect(f"{table.base}/ws/{table.code}", headers={"Origin": "http://evil.example"})
    run(go())


def test_the_seats_option_reads_phones_and_bots():
    assert parse_seats("phone, bot,bot-hard") == ["phone", "normal", "hard"]
    with pytest.raises(ValueError):
        parse_seats("phone,robot")


def test_the_host_command_serves_and_says_each_address(capsys):
    """`wonderland-games host` plays a game whose phone never comes: it serves, prints, and stops."""
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-m", "wonderland_games", "host", "parade", "--seats", "bot,phone",
                             "--port", "0", "--bind", "127.0.0.1", "--seed", "1"], stdout=subprocess.PIPE, text=True)
    try:
        base = proc.stdout.readline().split()[-1]
        line = proc.stdout.readline()
        assert line.startswith("seat 2 Phone 2: " + base + "/j/")
    finally:
        proc.kill()
        proc.wait(10)


def test_a_code_of_a_game_that_ended_opens_nothing_in_the_next():
    first = Table()
    old = first.code
    first.close()
    second = Table()
    try:
        async def go():
            async with aiohttp.ClientSession() as http:
                assert (await http.get(f"{second.base}/j/{old}")).status == 404
                with pytest.raises(aiohttp.WSServerHandshakeError):
                    await http.ws_connect(f"{second.base}/ws/{old}")
                assert (await http.get(f"{second.base}/j/{second.code}")).status == 200
        run(go())
        assert old != second.code
    finally:
        second.close()


def test_the_servers_own_refusals_are_in_the_phones_language(table):
    async def go():
        async with aiohttp.ClientSession() as http:
            async with http.ws_connect(f"{table.base}/ws/{table.code}") as ws:
                await ws.send_str(json.dumps({"type": "hello", "lang": "zh"}))
                await ws.send_str("{not json")
                errors = []
                while not errors:
                    data = json.loads((await ws.receive(timeout=5)).data)
                    if data["type"] == "error":
                        errors.append(data)
                assert errors[0]["error"] == "malformed" and errors[0]["message"] == "无法读取这条消息。"
    run(go())

