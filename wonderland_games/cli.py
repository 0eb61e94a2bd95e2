"""`wonderland-games`: the GUI by default, plus headless tools.

    wonderland-games                 start the game
    wonderland-games --smoke         draw the menu once and exit 0 (CI, packaging)
    wonderland-games simulate ...    bot-vs-bot games, figures on stdout
    wonderland-games replay FILE     step through a game record or a save in the GUI
    wonderland-games host GAME --seats phone,bot,...   serve a game to phones with no window
"""

from __future__ import annotations

import argparse
import sys

BAD_FILE = 2  # exit status for a replay FILE that cannot be replayed (as argparse's usage errors)


def main(argv: list | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv and argv[0] == "simulate":
        from .core.simulate import main as simulate_main

        return simulate_main(argv[1:])
    if argv and argv[0] == "host":
        from .net.headless import main as host_main

        return host_main(argv[1:])
    parser = argparse.ArgumentParser(prog="wonderland-games", description="Five tabletop games on one computer.")
    parser.add_argument("--smoke", action="store_true", help="draw the menu once and exit (checks an install)")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("simulate", help="bot-vs-bot games (see `simulate --help`)")
    sub.add_parser("host", help="serve a game to phones with no window (see `host --help`)")
    replay = sub.add_parser("replay", help="step through a game record or a save in the GUI")
    replay.add_argument("file", help="a game record (simulate --record) or a save file")
    args = parser.parse_args(argv)
    path = getattr(args, "file", None)
    if path is not None and not replayable(path):
        return BAD_FILE
    from .ui.main import run

    return run(smoke=args.smoke, replay=path)


def replayable(path: str) -> bool:
    """Check the whole file before any window opens; if it fails, one line on stderr says why."""
    from .core.records import RecordError, load_replay

    try:
        load_replay(path)
    except RecordError as exc:
        print(f"wonderland-games replay: {' '.join(str(exc).split())}", file=sys.stderr)
        return False
    return True


if __name__ == "__main__":
    raise SystemExit(main())
