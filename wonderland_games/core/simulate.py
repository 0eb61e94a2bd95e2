"""Headless bot-vs-bot games: `wonderland-games simulate GAME ...`.

Every figure is reproducible: game i is seeded from (seed, i) and each bot's
generator from (seed, i, seat), so a seeded run prints the same results with
one process or many. The listed bots rotate round the table (bot j sits at
seat (j + i) mod n in game i), so no bot keeps a favoured position; per-bot
figures are summed over all the seats it sat in. With `--fixed-seats` bot j
always sits at seat j, so the figures are per seat: equal bots there show
whether a seat is favoured (the largest gap from a fair share is printed).
When a game's result names how it ended (`Result.extra["end"]`), the
summary counts each ending. `--option KEY=VALUE` passes game options to every
game (Valley: `--option opponent=hard`). A solo game against the game's own
opponent (`Result.extra["opponent"]`: its total; no winner when it wins) adds
the opponent's win rate and mean score to the summary.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import sys
import time
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Optional

from . import registry
from .bots import Budget
from .game import BOT, BOT_LEVELS, Seat


class SimulateError(ValueError):
    """A bad command line (unknown game, wrong number of bots, bad level)."""


def derive_seed(*parts) -> int:
    """A 53-bit seed (exact in any JSON reader) from any parts, stable everywhere."""
    return _seed_of("/".join(map(str, parts)))


def _seed_of(text: str) -> int:
    """derive_seed of the parts joined as `text` ("/" between their str()): `play_game` words out
    the game's parts once and adds each seat's to them, as it seeds five generators a game."""
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 11


@dataclass(frozen=True)
class Config:
    game: str
    bots: tuple  # levels, in listed order
    games: int
    seed: int
    hard_iterations: Optional[int] = None
    record_dir: Optional[str] = None
    fixed_seats: bool = False
    options: tuple = ()  # (key, value) pairs for new_state's options

    def game_options(self) -> Optional[dict]:
        return dict(self.options) or None


@dataclass
class GameOutcome:
    """One game, reported per listed bot (not per table seat)."""

    shares: list
    scores: list
    turns: int
    decision_times: list = field(default_factory=list)  # per listed bot: seconds
    end: Optional[str] = None  # how the game ended, when the game says
    opponent: Optional[int] = None  # a solo game's opponent total, when the game has one


def play_game(config: Config, index: int) -> GameOutcome:
    info = registry.get(config.game)
    n = len(config.bots)
    shift = 0 if config.fixed_seats else index
    at_seat = [(seat - shift) % n for seat in range(n)]  # table seat -> listed bot
    seats = list(_seats(config.bots, tuple(at_seat)))
    parts = f"{config.seed!s}/{index!s}"  # derive_seed(config.seed, index)'s text
    game_seed = _seed_of(parts)
    state = info.new_state(seats, game_seed, config.game_options())
    budget = Budget(iterations=config.hard_iterations) if config.hard_iterations else None
    times = [[] for _ in range(n)]
    turns = []  # per table seat: what its decisions need, looked up once a game
    for s, seat in enumerate(seats):
        bot = info.make_bot(seat.level)
        rng = random.Random(_seed_of(f"{parts}/bot/{s}"))  # derive_seed(config.seed, index, "bot", s)
        turns.append((bot.choose, rng, times[at_seat[s]].append, bot.needs_view))
    actions = []
    clock, record = time.perf_counter, actions.append
    # the state's methods bound once: a Random decision costs little more than these calls
    is_over, current_player, legal_actions, view, advance = (
        state.is_over, state.current_player, state.legal_actions, state.view, state.advance)
    while not is_over():
        seat = current_player()
        choose, rng, timed, needs_view = turns[seat]
        legal = legal_actions()
        started = clock()
        action = choose(view(seat) if needs_view else None, legal, rng, budget)
        timed(clock() - started)
        advance(action)
        record(action)
    result = state.result()
    if config.record_dir:
        from .records import make_record, write_record

        record = make_record(config.game, game_seed, seats, config.game_options(), actions)
        write_record(os.path.join(config.record_dir, f"{config.game}-{config.seed}-{index:05d}.json"), record)
    shares, scores = [0.0] * n, [0] * n
    for seat in range(n):
        shares[at_seat[seat]] = result.win_share(seat)
        scores[at_seat[seat]] = result.scores[seat]
    return GameOutcome(shares, scores, state.turn_number(), times, result.detail("end"), result.detail("opponent"))


@lru_cache(maxsize=None)
def _seats(bots: tuple, at_seat: tuple) -> tuple:
    """The table's seats, bot `at_seat[s]` at seat s, made once per arrangement: seats are
    frozen, and the games of a run take turns among n arrangements."""
    return tuple(Seat(name=f"{bots[j]} {j + 1}", kind=BOT, level=bots[j]) for j in at_seat)


def _play_chunk(args) -> list:
    config, indices = args
    return [play_game(config, i) for i in indices]


def run(config: Config, processes: int = 1) -> list:
    """All games' outcomes, in game order (the same for any process count)."""
    indices = list(range(config.games))
    if processes <= 1 or config.games < 2:
        return [play_game(config, i) for i in indices]
    import multiprocessing

    size = max(1, min(50, config.games // (processes * 4)))
    chunks = [(config, indices[i:i + size]) for i in range(0, len(indices), size)]
    with multiprocessing.get_context("spawn").Pool(processes) as pool:
        return [outcome for chunk in pool.imap(_play_chunk, chunks) for outcome in chunk]


def summarise(config: Config, outcomes: list, seconds: float) -> dict:
    n = len(config.bots)
    count = len(outcomes)
    seats = []
    for j, level in enumerate(config.bots):
        wins = sum(o.shares[j] for o in outcomes)
        times = sorted(t for o in outcomes for t in o.decision_times[j])
        seats.append({
            "bot": level,
            "wins": round(wins, 6),
            "win_rate": round(wins / count, 6) if count else 0.0,
            "mean_score": round(sum(o.scores[j] for o in outcomes) / count, 6) if count else 0.0,
            "mean_decision_ms": round(1000 * sum(times) / len(times), 3) if times else 0.0,
            "p99_decision_ms": round(1000 * times[min(len(times) - 1, int(0.99 * len(times)))], 3) if times else 0.0,
        })
    endings: dict = {}
    for o in outcomes:
        if o.end is not None:
            endings[o.end] = endings.get(o.end, 0) + 1
    solo = [o for o in outcomes if o.opponent is not None]
    opponent = None
    if solo:  # its wins are the games no seat won
        opponent = {"win_rate": round(sum(1 - sum(o.shares) for o in solo) / len(solo), 6),
                    "mean_score": round(sum(o.opponent for o in solo) / len(solo), 6)}
    return {
        "game": config.game,
        "players": n,
        "games": count,
        "seed": config.seed,
        "games_per_second": round(count / seconds, 3) if seconds > 0 else 0.0,
        "mean_turns": round(sum(o.turns for o in outcomes) / count, 3) if count else 0.0,
        "turn_unit": registry.get(config.game).turn_unit,
        "hard_iterations": config.hard_iterations,
        "fixed_seats": config.fixed_seats,
        "fair_gap_points": round(100 * max(abs(s["win_rate"] - 1 / n) for s in seats), 3),
        "endings": dict(sorted(endings.items())),
        "seats": seats,
        "options": dict(config.options),
        "opponent": opponent,
    }


def format_table(summary: dict) -> str:
    fixed = summary["fixed_seats"]
    lines = [
        f"{summary['game']}: {summary['games']} games, {summary['players']} players, seed {summary['seed']}"
        + (", seats fixed" if fixed else ", bots rotate round the table"),
        f"{'seat' if fixed else 'bot':<12}{'wins':>10}{'win rate':>10}{'mean score':>12}{'ms/move':>10}{'p99 ms':>10}",
    ]
    for i, s in enumerate(summary["seats"]):
        label = f"{i + 1} {s['bot']}" if fixed else s["bot"]
        lines.append(f"{label:<12}{s['wins']:>10.2f}{s['win_rate']:>10.1%}{s['mean_score']:>12.2f}"
                     f"{s['mean_decision_ms']:>10.2f}{s['p99_decision_ms']:>10.2f}")
    if summary["opponent"] is not None:
        o = summary["opponent"]
        lines.append(f"{'opponent':<12}{'':>10}{o['win_rate']:>10.1%}{o['mean_score']:>12.2f}")
    if summary["options"]:
        lines.append("options: " + ", ".join(f"{k}={v}" for k, v in summary["options"].items()))
    if fixed:
        lines.append(f"largest gap from a fair share: {summary['fair_gap_points']:.1f} points")
    lines.append(f"mean game length {summary['mean_turns']:.1f} {summary['turn_unit']}; "
                 f"{summary['games_per_second']:.1f} games/s")
    if summary["endings"]:
        count = summary["games"]
        lines.append("endings: " + ", ".join(f"{end} {n / count:.1%}" for end, n in summary["endings"].items()))
    return "\n".join(lines)


def parse_config(argv: list) -> tuple:
    parser = argparse.ArgumentParser(prog="wonderland-games simulate", description="Bot-vs-bot games; win rates and scores.")
    parser.add_argument("game", help="game id, e.g. parade")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--bots", required=True,
                        help="comma-separated levels, one per player (or one for every player): "
                             "easy, normal, hard or random (any legal move)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    parser.add_argument("--record", metavar="DIR", help="write one game record per game into DIR")
    parser.add_argument("--hard-iterations", type=int, help="rollouts per Hard decision (default: the game's)")
    parser.add_argument("--processes", type=int, default=1, help="worker processes (results do not change)")
    parser.add_argument("--fixed-seats", action="store_true",
                        help="bot j always sits at seat j (figures per seat, to see seat effects)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option for every game (repeatable; whole numbers stay numbers), "
                             "e.g. valley's opponent=hard")
    args = parser.parse_args(argv)
    try:
        info = registry.get(args.game)
    except KeyError:
        known = ", ".join(g.id for g in registry.games() if g.has_engine and g.make_bot)
        raise SimulateError(f"unknown game '{args.game}' (playable: {known})") from None
    if not info.has_engine or info.make_bot is None:
        raise SimulateError(f"'{args.game}' has no rules engine and bots yet")
    if not info.min_players <= args.players <= info.max_players:
        raise SimulateError(f"{args.game} is for {info.min_players} to {info.max_players} players, not {args.players}")
    bots = tuple(b.strip().lower() for b in args.bots.split(","))
    if len(bots) == 1:
        bots *= args.players
    if len(bots) != args.players:
        raise SimulateError(f"--bots lists {len(bots)} bots for {args.players} players")
    for level in bots:
        if level not in BOT_LEVELS:
            raise SimulateError(f"unknown bot level '{level}' (choose from {', '.join(BOT_LEVELS)})")
    if args.games < 1:
        raise SimulateError("--games must be at least 1")
    if args.hard_iterations is not None and args.hard_iterations < 1:
        raise SimulateError("--hard-iterations must be at least 1")
    if args.processes < 1:
        raise SimulateError("--processes must be at least 1")
    if args.record:
        try:
            os.makedirs(args.record, exist_ok=True)
        except OSError as exc:
            raise SimulateError(f"cannot create record folder {args.record}: {exc.strerror}") from None
    options = tuple(_option(text) for text in args.option)
    config = Config(info.id, bots, args.games, args.seed, args.hard_iterations, args.record, args.fixed_seats,
                    options)
    try:  # a bad option fails here, with the game's own message, not inside a worker process
        info.new_state([Seat(level, BOT, level) for level in bots], 0, config.game_options())
    except (ValueError, KeyError) as exc:
        raise SimulateError(f"bad --option for {args.game}: {exc}") from None
    return config, args


def _option(text: str) -> tuple:
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise SimulateError(f"--option takes KEY=VALUE, not '{text}'")
    value = value.strip()
    return key.strip(), int(value) if value.lstrip("-").isdigit() else value


def main(argv: list) -> int:
    try:
        config, args = parse_config(list(argv))
    except SimulateError as exc:
        print(f"simulate: {exc}", file=sys.stderr)
        return 2
    except SystemExit as exc:  # argparse has already printed its message
        return 0 if exc.code == 0 else 2
    started = time.perf_counter()
    outcomes = run(config, args.processes)
    summary = summarise(config, outcomes, time.perf_counter() - started)
    print(json.dumps(summary) if args.json else format_table(summary))
    return 0
