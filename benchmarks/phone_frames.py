"""Phones at the table (issue 28): `benchmarks/run.py --phones` prints these.

- Tap to redraw: a Parade table of six phone seats at 1920x1080 on the loopback, each phone a
  WebSocket client in a thread of its own that confirms its first choice the moment its turn
  comes. The figure is from the client's send to the end of the first frame the table drew
  with that move applied (fast-forward on, so no move's motion holds the next one back: it is
  the path a tap takes, not the animation). The table's loop runs as the app's does, a frame
  every 1/60 s. Yardstick: a bare WebSocket echo's round trip on the same loopback, same run.
- Frames with ten phones: a Dream Teller table game of ten phone seats, all connected, at
  1920x1080 while the sand runs, timed through `App.step` (wall and main-thread CPU); the
  yardstick is the same table with no phones, in the same run.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import threading
import time

import sandbox  # noqa: F401  (this folder: checkout on the path, no window, throwaway user dirs)
from wonderland_games.core.game import Seat  # noqa: E402

SIZE = (1920, 1080)
FRAME = 1 / 60


def _p(samples: list, q: float) -> float:
    ordered = sorted(samples)
    return round(ordered[min(len(ordered) - 1, int(len(ordered) * q))], 2) if ordered else None


def _table(game: str, players: int, phones: list, seed: int, options=None):
    from wonderland_games.core.session import Session
    from wonderland_games.scenes.launch import scene_class
    from wonderland_games.ui import phone_link
    from wonderland_games.ui.app import App

    phone_link.PhoneLink.__init__.__defaults__ = (0, "127.0.0.1")
    app = App(size=SIZE)
    app.settings.sound = False
    session = Session.new(game, [Seat(f"P{i + 1}") for i in range(players)], seed=seed, options=options or {})
    session.autosave = False
    session.phones = list(phones)
    app.running = True
    scene = scene_class(game)(app, session)
    app.push(scene)
    for _ in range(3):
        app.step(FRAME)
    while app.top is not scene:  # the Phones box opens with the table
        app.pop()
    return app, session, scene


class Phones(threading.Thread):
    """Phone clients on one event loop: each confirms its first choice when its turn comes and
    notes when it sent it (`sent`, read by the table's thread)."""

    def __init__(self, urls: list, act: bool = True):
        super().__init__(daemon=True)
        self.urls, self.act = urls, act
        self.sent = None
        self.joined = threading.Event()
        self.done = False

    def run(self):
        asyncio.run(self._all())

    async def _all(self):
        import aiohttp

        async with aiohttp.ClientSession() as http:
            sockets = [await http.ws_connect(url) for url in self.urls]
            self.joined.set()
            await asyncio.gather(*(self._one(ws) for ws in sockets))

    async def _one(self, ws):
        import aiohttp

        while not self.done:
            try:
                msg = await ws.receive(timeout=0.2)
            except asyncio.TimeoutError:
                continue
            if msg.type != aiohttp.WSMsgType.TEXT:
                return
            view = json.loads(msg.data)
            if view["type"] == "view" and view["yours"] and self.act:
                self.sent = time.perf_counter()
                await ws.send_str(json.dumps({"type": "act", "version": view["version"],
                                              "choice": view["groups"][0]["choices"][0]["i"]}))


def _urls(scene) -> list:
    link = scene.phones
    return [link.server.base.replace("http://", "ws://") + "/ws/" + link.host.codes[s] for s in link.seats]


def tap_to_redraw_ms(moves: int = 60) -> list:
    """See the module docstring."""
    import pygame

    app, session, scene = _table("parade", 6, list(range(6)), seed=2)
    app.settings.fast_forward = True
    phones = Phones(_urls(scene))
    phones.start()
    phones.joined.wait(10)
    taken = scene.phones.take
    pending = []
    scene.phones.take = lambda seat: (lambda action: (pending.append(phones.sent), action)[1]
                                      if action is not None else None)(taken(seat))
    out = []
    end = time.perf_counter() + 60
    while len(out) < moves and not session.state.is_over() and time.perf_counter() < end:
        start = time.perf_counter()
        app.step(FRAME)
        if pending:
            out.append((time.perf_counter() - pending.pop()) * 1000)
        time.sleep(max(0.0, FRAME - (time.perf_counter() - start)))
    phones.done = True
    scene.on_exit()
    pygame.display.quit()
    return out


def echo_round_trip_ms(count: int = 200) -> list:
    """The yardstick: a WebSocket echo on the loopback, aiohttp both ends."""
    import aiohttp
    from aiohttp import web

    async def go():
        async def echo(request):
            ws = web.WebSocketResponse()
            await ws.prepare(request)
            async for msg in ws:
                await ws.send_str(msg.data)
            return ws

        app = web.Application()
        app.router.add_get("/", echo)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]
        out = []
        async with aiohttp.ClientSession() as http:
            async with http.ws_connect(f"http://127.0.0.1:{port}/") as ws:
                for _ in range(count):
                    start = time.perf_counter()
                    await ws.send_str('{"type": "act", "version": 1, "choice": 0}')
                    await ws.receive()
                    out.append((time.perf_counter() - start) * 1000)
        await runner.cleanup()
        return out

    return asyncio.run(go())


def dream_frames(phones: int, frames: int = 400) -> tuple:
    """(wall ms, CPU ms) of each frame of a ten-seat Dream table game while the sand runs."""
    import pygame

    app, session, scene = _table("dream", 10, list(range(phones)), seed=4)
    clients = None
    if phones:
        clients = Phones(_urls(scene), act=False)
        clients.start()
        clients.joined.wait(10)
    view = scene.view
    for _ in range(60):  # through the role reveal, then the sand starts
        if view.stage == "dream":
            break
        name = "show" if view.stage == "reveal" and not view.showing else "hide" if view.stage == "reveal" else "start"
        getattr(view, {"show": "show_role", "hide": "hide_role", "start": "start"}[name])()
        app.step(FRAME)
    wall, cpu = [], []
    for _ in range(frames):
        start, used = time.perf_counter(), time.thread_time()
        app.step(FRAME)
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.thread_time() - used) * 1000)
    if clients is not None:
        clients.done = True
    scene.on_exit()
    pygame.display.quit()
    return wall, cpu


def figures(quick: bool = False) -> dict:
    taps = tap_to_redraw_ms(30 if quick else 60)
    echo = echo_round_trip_ms(100 if quick else 300)
    frames = 200 if quick else 500
    wall, cpu = dream_frames(10, frames)
    bare_wall, bare_cpu = dream_frames(0, frames)
    return {
        "phone_tap_to_redraw_ms_p50": _p(taps, 0.5), "phone_tap_to_redraw_ms_p99": _p(taps, 0.99),
        "phone_taps_timed": len(taps),
        "yardstick_ws_echo_ms_p50": _p(echo, 0.5), "yardstick_ws_echo_ms_p99": _p(echo, 0.99),
        "dream_10_phones_frame_ms_p99": _p(wall, 0.99), "dream_10_phones_frame_cpu_ms_p99": _p(cpu, 0.99),
        "dream_10_phones_frame_ms_median": round(statistics.median(wall), 2),
        "yardstick_dream_no_phones_frame_ms_p99": _p(bare_wall, 0.99),
        "yardstick_dream_no_phones_frame_cpu_ms_p99": _p(bare_cpu, 0.99),
    }


if __name__ == "__main__":
    for key, value in figures().items():
        print(f"{key:42} {value}")
