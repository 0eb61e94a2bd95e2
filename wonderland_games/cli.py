"""`wonderland-games`: the GUI by default, plus headless tools.

    wonderland-games                 start the game
    wonderland-games --smoke         draw the menu once and exit 0 (CI, packaging)
    wonderland-games simulate ...    bot-vs-bot games, figures on stdout
    wonderland-games replay FILE     step through a game record in the GUI
"""

from __future__ import annotations

import argparse
import sys


def main(argv: list | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv and argv[0] == "simulate":
        from .core.simulate import main as simulate_main

        return simulate_main(argv[1:])
    parser = argparse.ArgumentParser(prog="wonderland-games", description="Five tabletop games on one computer.")
    parser.add_argument("--smoke", action="store_true", help="draw the menu once and exit (checks an install)")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("simulate", help="bot-vs-bot games (see `simulate --help`)")
    replay = sub.add_parser("replay", help="step through a game record in the GUI")
    replay.add_argument("file")
    args = parser.parse_args(argv)
    from .ui.main import run

    return run(smoke=args.smoke, replay=getattr(args, "file", None))


if __name__ == "__main__":
    raise SystemExit(main())
