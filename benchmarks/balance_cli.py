"""The balance scripts' shared command line: the same options, and per player count a report
printed as soon as that count is done (long runs show progress) or one JSON list at the end."""

from __future__ import annotations

import argparse
import json


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
