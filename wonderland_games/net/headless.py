"""`wonderland-games host GAME --seats phone,bot,...`: the phone server with no window.

The same `PhoneHost` and `PhoneServer` the table uses, with a loop in place of the table: bots
move at once, a phone seat's confirmed action goes through `Session.apply`, and each seat's
address is printed. It serves tests and anyone who wants to try the phone page without the GUI.
"""

from __future__ import annotations

import argparse
import random
import sys
import threading
import time

from ..core import registry
from ..core.game import BOT, BOT_LEVELS, HUMAN, IllegalAction, Seat
from ..core.session import Session
from .host import PhoneHost
from .server import PORT, PhoneServer

TICK = 0.02  # seconds between two looks at the phones


def parse_seats(text: str) -> list:
    """"phone,bot,bot-hard" -> ["phone", "normal", "hard"] (a bot's level, or "phone")."""
    kinds = []
    for part in text.split(","):
        part = part.strip().lower()
        if part == "phone":
            kinds.append("phone")
        elif part == "bot" or part.startswith("bot-") and part[4:] in BOT_LEVELS:
            kinds.append(part[4:] or "normal")
        else:
            raise ValueError(f"a seat is 'phone', 'bot' or 'bot-LEVEL', not {part!r}")
    return kinds


def first_options(info, count: int, lang: str) -> dict:
    """The setup screen's first picks: each seat's choice in order, each game option's default."""
    options = {}
    if info.seat_choice is not None:
        options[info.seat_choice.option] = info.seat_choice.picks([], count)
    for option in info.game_options:
        if count in option.seats:
            options[option.option] = option.first_value(lang)
    return options


def play(session: Session, host: PhoneHost, bots: dict, stop: threading.Event = None) -> None:
    """Run the game to its end (or until `stop` is set): bots at once, phones as they confirm."""
    rng = random.Random(session.seed)
    while not session.state.is_over() and not (stop is not None and stop.is_set()):
        host.sync(session)
        seat = session.state.current_player()
        if seat in bots:
            legal = session.state.legal_actions()
            action = bots[seat].choose(session.state.view(seat), legal, rng)
            session.apply(action if action in legal else legal[0])
            continue
        action = host.take(seat)
        if action is not None:
            try:
                session.apply(action)
            except IllegalAction:
                pass  # offered for the view on show, so this cannot happen; the phone sees the new view
        else:
            time.sleep(TICK)
    host.sync(session)


def main(argv: list) -> int:
    parser = argparse.ArgumentParser(prog="wonderland-games host",
                                     description="Serve a game to phones with no window (tests, trials).")
    parser.add_argument("game", choices=[g.id for g in registry.games() if g.available])
    parser.add_argument("--seats", required=True, help="e.g. phone,bot,bot-hard (at least one phone)")
    parser.add_argument("--port", type=int, default=PORT, help="0: any free port")
    parser.add_argument("--bind", default="0.0.0.0", help="127.0.0.1 keeps it on this computer")
    parser.add_argument("--lang", choices=("zh", "en"), default="en")
    parser.add_argument("--seed", type=int)
    parser.add_argument("--linger", type=float, default=30.0, help="seconds to keep serving after the end")
    args = parser.parse_args(argv)
    try:
        kinds = parse_seats(args.seats)
    except ValueError as exc:
        parser.error(str(exc))
    if "phone" not in kinds:
        parser.error("at least one seat must be a phone")
    info = registry.get(args.game)
    if not info.min_players <= len(kinds) <= info.max_players:
        parser.error(f"{args.game} takes {info.min_players} to {info.max_players} seats")
    seats = [Seat(f"Phone {i + 1}", HUMAN) if kind == "phone" else Seat(f"Bot {i + 1}", BOT, kind)
             for i, kind in enumerate(kinds)]
    session = Session(args.game, seats, args.seed, first_options(info, len(seats), args.lang), autosave=False)
    phones = [i for i, kind in enumerate(kinds) if kind == "phone"]
    host = PhoneHost(phones, args.lang)
    server = PhoneServer(host, args.game, args.port, args.bind)
    try:
        server.start()
    except OSError as exc:
        print(f"wonderland-games host: cannot listen: {exc}", file=sys.stderr)
        return 1
    print(f"listening on {server.base}", flush=True)
    for seat in phones:
        print(f"seat {seat + 1} {seats[seat].name}: {server.address_of(seat)}", flush=True)
    bots = {i: info.make_bot(kind) for i, kind in enumerate(kinds) if kind != "phone"}
    try:
        play(session, host, bots)
        result = session.state.result()
        print("over: " + ", ".join(f"{seats[s].name} {result.scores[s]}" for s in result.ranking()), flush=True)
        time.sleep(max(0.0, args.linger))
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()
    return 0
