"""The balance scripts' shared command line and table: the same options, per player count a report
printed as soon as that count is done (long runs show progress) or one JSON list at the end, and
the bots seated and seeded per game and seat (derive_seed), so a run replays game by game."""

from __future__ import annotations

import argparse
import json
import random

import sandbox  # noqa: F401  (this folder: checkout on the path, no window, throwaway user dirs)

from wonderland_games.core import registry  # noqa: E402
from wonderland_games.core.game import BOT, Seat  # noqa: E402
from wonderland_games.core.simulate import derive_seed  # noqa: E402


def options(doc: str, players: str) -> argparse.ArgumentParser:
    """--games, --players (default `players`), --seed and --json; a script adds its own."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per player count")
    parser.add_argument("--players", default=players, help="comma-separated player counts")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    return parser


def each_player_count(args, summary_of, report) -> int:
    """`summary_of(n)` for every count in `args.players`, shown by `report` (or as JSON)."""
    out = []
    for n in (int(p) for p in args.players.split(",")):
        out.append(summary_of(n))
        if not args.json:
            print(report(out[-1]), flush=True)
    if args.json:
        print(json.dumps(out))
    return 0


def bot_table(game: str, n: int, seed: int, index: int, level: str) -> tuple:
    """(state, bots, rngs) for game `index` of a run with `n` bots of `level`: the game and each
    seat's generator seeded from (seed, n, index), so a figure can be checked game by game."""
    info = registry.get(game)
    seats = [Seat(f"{level} {s + 1}", BOT, level) for s in range(n)]
    state = info.new_state(seats, derive_seed(seed, n, index), None)
    bots = [info.make_bot(level) for _ in range(n)]
    return state, bots, [random.Random(derive_seed(seed, n, index, "bot", s)) for s in range(n)]
