"""The network side of the phones: one aiohttp server on a worker thread beside the game's loop.

It serves the join page, the one phone page with its files (`client/`), the game's own card art
(`assets/<game>/`, public pictures only) and one WebSocket a phone, and nothing else. Everything
that arrives is untrusted: a page or socket needs a seat's code (host.py), a wrong code is
answered with the join page and counted against the sender's address, messages are small JSON
of a few known shapes (`parse`), each socket is rate-limited, and the number of sockets is
capped. A phone that opens its seat's address again replaces its old socket (a dropped phone
comes back to the same seat). Nothing is logged: the access log would write the codes.
"""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections import defaultdict
from pathlib import Path
from typing import Optional

from aiohttp import WSMsgType, web

from ..core.paths import assets_dir
from ..ui.i18n import LANGUAGES
from .host import PhoneHost, error_text, shown_code

CLIENT = Path(__file__).with_name("client")
TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
         ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml", ".png": "image/png"}
MESSAGE_BYTES = 2048  # a phone's message at most (the largest real one is under 300)
TEXT_CHARS = 200  # a typed line at most (a clue, a guess, a short story: a game checks its own limit)
RATE, BURST = 10.0, 20  # a socket's messages a second, and at once
SOCKETS = 64  # open phone sockets at most, over all seats
WRONG_CODES = 30  # wrong codes an address may try in `WRONG_WINDOW` seconds
WRONG_WINDOW = 60.0
PORT = 8765
HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",  # the address carries the seat's secret
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self'; "
                               "script-src 'self'; connect-src 'self'; frame-ancestors 'none'",
}


def lan_address() -> str:
    """This computer's address on the local network (no packet is sent), or the loopback."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.254.254.254", 1))
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def parse(text) -> tuple:
    """(message, None) for a message of a known shape, else (None, the error's code)."""
    if not isinstance(text, str) or len(text) > MESSAGE_BYTES:
        return None, "malformed"
    try:
        data = json.loads(text)
    except ValueError:
        return None, "malformed"
    if not isinstance(data, dict):
        return None, "malformed"
    kind = data.get("type")
    if kind == "hello" and data.get("lang") in LANGUAGES:
        return {"type": "hello", "lang": data["lang"]}, None
    if kind == "act":
        version, choice = data.get("version"), data.get("choice")
        if type(version) is int and type(choice) is int and 0 <= version < 2 ** 53 and 0 <= choice < 10_000:
            message = {"type": kind, "version": version, "choice": choice}
            if "text" not in data:
                return message, None
            text = data["text"]  # a typed line (a clue, a guess): short, printable, one line
            if isinstance(text, str) and len(text) <= TEXT_CHARS and text.isprintable():
                return dict(message, text=text), None
    return None, "malformed"


class _Bucket:
    """A token bucket: `RATE` messages a second, `BURST` at once."""

    def __init__(self) -> None:
        self.tokens, self.at = float(BURST), time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.at) * RATE)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def _files(folder: Path, suffixes=tuple(TYPES)) -> dict:
    """{relative path: file} of the files under `folder` that may be served."""
    if not folder.is_dir():
        return {}
    return {p.relative_to(folder).as_posix(): p for p in sorted(folder.rglob("*"))
            if p.is_file() and p.suffix in suffixes}


class PhoneServer:
    """Serves `host`'s phone seats for a game of `game_id`; `start()` returns the base address."""

    def __init__(self, host: PhoneHost, game_id: str, port: int = PORT, bind: str = "0.0.0.0",
                 address: Optional[str] = None) -> None:
        self.host, self.game_id = host, game_id
        self.port, self.bind = port, bind
        self.address = address or (lan_address() if bind == "0.0.0.0" else bind)
        self.client = _files(CLIENT)
        self.art = {f"{game_id}/{name}": path  # "/art/parade/alice.svg"
                    for name, path in _files(assets_dir() / game_id, (".svg", ".png")).items()}
        self.base: Optional[str] = None
        self._loop: Optional[asyncio.AbstractEventLoop] = None
        self._thread: Optional[threading.Thread] = None
        self._runner: Optional[web.AppRunner] = None
        self._sockets: dict = {}  # seat -> its phone's open socket
        self._outboxes: dict = {}  # socket -> (asyncio.Event, [texts to send])
        self._open = 0
        self._wrong: dict = defaultdict(list)  # address -> times of its wrong codes
        self.error: Optional[str] = None

    # -- starting and stopping (the game's thread) -------------------------------------------
    def start(self) -> str:
        """Listen (on `port`, or the next free of 20) and return "http://ADDRESS:PORT"."""
        ready = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(ready,), name="phone-server", daemon=True)
        self._thread.start()
        ready.wait(10)
        if self.base is None:
            raise OSError(self.error or "the phone server did not start")
        self.host.notify = self._notify
        return self.base

    def stop(self) -> None:
        loop = self._loop
        self.host.notify = lambda seat, text: None
        if loop is None or not loop.is_running():
            return
        asyncio.run_coroutine_threadsafe(self._close(), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)
        self._thread.join(10)

    def address_of(self, seat: int) -> str:
        return f"{self.base}/j/{shown_code(self.host.codes[seat])}"

    def _run(self, ready: threading.Event) -> None:
        loop = self._loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(self._listen())
        except OSError as exc:
            self.error = str(exc)
        ready.set()
        if self.base is not None:
            loop.run_forever()
        loop.close()

    async def _listen(self) -> None:
        app = web.Application(client_max_size=4096)
        app.on_response_prepare.append(_headers)
        app.router.add_get("/", self._join)
        app.router.add_get("/j/{code}", self._hand)
        app.router.add_get("/c/{name:[a-z/]+\\.[a-z]+}", self._client_file)
        app.router.add_get("/art/{name:[a-z0-9_/]+\\.[a-z]+}", self._art_file)
        app.router.add_get("/ws/{code}", self._socket)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        last = None
        for port in ([self.port + i for i in range(20)] if self.port else [0]):
            site = web.TCPSite(self._runner, self.bind, port)
            try:
                await site.start()
            except OSError as exc:
                last = exc
                continue
            port = site._server.sockets[0].getsockname()[1]
            self.base = f"http://{self.address}:{port}"
            return
        await self._runner.cleanup()
        raise last or OSError("no port")

    async def _close(self) -> None:
        for ws in list(self._sockets.values()):
            await ws.close(code=4001, message=b"game closed")
        await self._runner.cleanup()

    async def _flush(self, ws) -> None:
        """Send what waits for `ws` now, ahead of its sender (before it is cut off)."""
        _, pending = self._outboxes.get(ws, (None, []))
        while pending and not ws.closed:
            await ws.send_str(pending.pop(0))

    # -- pages and files ------------------------------------------------------------------------
    def _page(self, name: str, status: int = 200) -> web.Response:
        return web.Response(body=self.client[name].read_bytes(), status=status, content_type="text/html",
                            charset="utf-8")

    async def _join(self, request) -> web.Response:
        return self._page("join.html")

    async def _hand(self, request) -> web.Response:
        if self._seat(request) is None:
            return self._page("join.html", status=404)
        return self._page("hand.html")

    async def _client_file(self, request) -> web.Response:
        return self._file(self.client.get(request.match_info["name"]))

    async def _art_file(self, request) -> web.Response:
        return self._file(self.art.get(request.match_info["name"]))

    @staticmethod
    def _file(path: Optional[Path]) -> web.Response:
        if path is None or path.suffix == ".html":
            raise web.HTTPNotFound()
        return web.Response(body=path.read_bytes(), content_type=TYPES[path.suffix].split(";")[0],
                            charset="utf-8" if "charset" in TYPES[path.suffix] else None)

    def _seat(self, request) -> Optional[int]:
        """The seat of the request's code; a wrong one counts against its sender, who is refused
        for a while after `WRONG_CODES` of them."""
        who, now = request.remote or "?", time.monotonic()
        tries = self._wrong[who] = [t for t in self._wrong[who] if now - t < WRONG_WINDOW]
        if len(tries) >= WRONG_CODES:
            raise web.HTTPTooManyRequests()
        seat = self.host.seat_of(request.match_info["code"])
        if seat is None:
            tries.append(now)
        if len(self._wrong) > 10_000:  # a flood from many addresses: forget the oldest
            self._wrong.clear()
        return seat

    # -- the phones' sockets -------------------------------------------------------------------
    async def _socket(self, request) -> web.StreamResponse:
        seat = self._seat(request)
        if seat is None:
            raise web.HTTPNotFound()
        origin = request.headers.get("Origin")
        if origin is not None and origin.split("://", 1)[-1] != request.host:
            raise web.HTTPForbidden()
        if self._open >= SOCKETS:
            raise web.HTTPServiceUnavailable()
        ws = web.WebSocketResponse(max_msg_size=MESSAGE_BYTES, heartbeat=15)
        await ws.prepare(request)
        self._open += 1
        old = self._sockets.get(seat)
        self._sockets[seat] = ws
        if old is not None:
            await old.close(code=4000, message=b"opened elsewhere")
        outbox = self._outboxes[ws] = (asyncio.Event(), [])
        sender = asyncio.ensure_future(self._send_loop(ws, *outbox))
        self.host.joined(seat)
        view = self.host.view_text(seat)
        if view is not None:
            self._queue(ws, view)
        try:
            await self._receive(ws, seat)
        finally:
            self._open -= 1
            sender.cancel()
            self._outboxes.pop(ws, None)
            if self._sockets.get(seat) is ws:
                del self._sockets[seat]
                self.host.left(seat)
        return ws

    async def _receive(self, ws, seat: int) -> None:
        bucket, refused, lang = _Bucket(), 0, self.host.lang(seat)  # errors in the phone's language

        def refuse(code: str) -> None:
            self._queue(ws, error_text(code, lang))

        async for msg in ws:
            if msg.type != WSMsgType.TEXT:
                refuse("malformed")
                continue
            if not bucket.take():
                refused += 1
                if refused > 200:
                    await self._flush(ws)  # the phone is told why before it is cut off
                    await ws.close(code=4008, message=b"too many messages")
                    return
                message, _ = parse(msg.data)
                if refused % 20 == 1 or (message or {}).get("type") == "act":
                    refuse("too_fast")  # a dropped move is always answered: its page lets the person confirm again
                continue
            message, error = parse(msg.data)
            if error is not None:
                refuse(error)
                continue
            if message["type"] == "hello":
                lang = message["lang"]
            self.host.submit(seat, message)

    def _queue(self, ws, text: str) -> None:
        outbox = self._outboxes.get(ws)
        if outbox is not None:
            event, pending = outbox
            pending.append(text)
            del pending[:-8]  # a phone that does not read keeps only the newest
            event.set()

    @staticmethod
    async def _send_loop(ws, event: asyncio.Event, pending: list) -> None:
        """One sender a socket, so its messages go out whole and in order."""
        while not ws.closed:
            await event.wait()
            event.clear()
            while pending:
                await ws.send_str(pending.pop(0))

    def _notify(self, seat: int, text: str) -> None:
        """From the game's thread: send `text` to `seat`'s phone, if it is connected."""
        loop = self._loop
        if loop is not None and loop.is_running():
            loop.call_soon_threadsafe(self._notify_here, seat, text)

    def _notify_here(self, seat: int, text: str) -> None:
        ws = self._sockets.get(seat)
        if ws is not None:
            self._queue(ws, text)


async def _headers(request, response) -> None:
    """Every response, errors and sockets included, says: keep nothing, send no referrer."""
    response.headers.update(HEADERS)
