"""Starting the GUI: the menu, a one-frame smoke check, or a replay of a game record."""

from __future__ import annotations

import os
import time

START = time.perf_counter()
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on the player's console


def seconds_since_start() -> float:
    """Wall time since the process started (Linux: from /proc; elsewhere since this import)."""
    try:
        with open("/proc/self/stat") as fh:
            ticks = int(fh.read().rsplit(")", 1)[1].split()[19])
        with open("/proc/uptime") as fh:
            uptime = float(fh.read().split()[0])
        return uptime - ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return time.perf_counter() - START


def _start_replay(app, path: str) -> None:
    """Push the game scene of a record or a save in replay mode; a bad file becomes a message
    naming the file, not its whole path (the command line checks the file before any window)."""
    from ..core import records
    from ..core.session import Session
    from ..scenes.launch import open_game
    from .dialogs import show_error

    try:
        record = records.load_replay(path, name=os.path.basename(path))
        first = records.initial_state(record)
        session = Session(record.game, record.seats, record.seed, record.options, autosave=False,
                          initial=first.to_dict())
    except (records.RecordError, ValueError) as exc:
        show_error(app, app.t("replay.failed", error=exc))
        return
    open_game(app, session, replay=record)


def _smoke_phones() -> bool:
    """A packaged app carries the phone server whole: it listens on the loopback, serves a seat's
    page and its script, and draws a QR code (the menu alone imports none of it)."""
    import urllib.request

    from ..net.host import PhoneHost
    from ..net.server import PhoneServer
    from .qr import qr_surface

    server = PhoneServer(PhoneHost([0]), "parade", port=0, bind="127.0.0.1")
    try:
        server.start()
        with urllib.request.urlopen(server.address_of(0), timeout=10) as page, \
                urllib.request.urlopen(server.base + "/c/hand.js", timeout=10) as script:
            ok = b"hand.js" in page.read() and b"WebSocket" in script.read()
        return ok and qr_surface(server.address_of(0), 120).get_width() > 0
    except OSError:
        return False
    finally:
        server.stop()


def run(smoke: bool = False, replay: str | None = None) -> int:
    """Open the window and run until the player quits; `smoke` draws the menu once."""
    from ..core.data import DataError
    from .app import App
    from .dialogs import show_error

    app = App()
    try:
        from ..scenes.menu import MenuScene

        menu = MenuScene(app)
        error = app.i18n.problems[0] if app.i18n.problems else None
    except DataError as exc:
        from .screen import FormScene

        menu, error = FormScene(app), exc  # an empty night sky under the message
    if smoke:
        app.push(menu)
        if error is not None:
            show_error(app, app.t("menu.data_error", error=error))
        app.step(0.0)
        print(f"smoke: menu drawn {seconds_since_start():.2f} s after start")
        phones = _smoke_phones()
        print(f"smoke: phone server {'answered' if phones else 'FAILED'}")
        return 0 if error is None and phones else 1
    app.running = True
    app.push(menu)
    if error is not None:
        show_error(app, app.t("menu.data_error", error=error), on_close=app.quit)
    elif replay:
        _start_replay(app, replay)
    app.run(None)
    return 0
