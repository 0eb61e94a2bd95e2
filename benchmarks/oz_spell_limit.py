"""Lost in Oz with and without the one-spell-per-phase limit: Normal bots, figures per game.

    python benchmarks/oz_spell_limit.py --games 2000 --players 4 [--limit 1|0] [--casts 2|1] [--processes 2]

The Normal bots plan `--casts` spells ahead: 2 (the default) as Hard plans its phase, which is
how the rules page's figures were taken (a rule is judged by good play); 1 as Normal plays.

Prints one JSON object: rounds, the seat gap (win share by seat to act first), spells cast and
where they came from (book, round end, setup, a draw spell), how often a card drawn from a book
is cast, lead changes, comebacks (won by a seat not leading after half the rounds), shared wins.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from multiprocessing import get_context

from wonderland_games.core import registry
from wonderland_games.core.game import BOT, Seat
from wonderland_games.core.simulate import derive_seed
from wonderland_games.games.oz.bots import PLAN_CASTS, PlannerBot


def play(args) -> dict:
    seed, players, limit, level, casts = args
    info = registry.get("oz")
    seats = [Seat(f"{level} {i}", BOT, level) for i in range(players)]
    state = info.new_state(seats, seed, {"spell_limit": limit})
    bots = [PlannerBot(casts) if level == "normal" else info.make_bot(level) for _ in seats]
    rngs = [random.Random(derive_seed(seed, "bot", s)) for s in range(players)]
    origin = {}  # card -> how its holder got it
    for card in (c for h in state.hands for c in h):
        origin[card] = "setup"
    casts = {"setup": 0, "book": 0, "round_end": 0, "spell": 0}
    book_drawn = book_cast = 0
    leaders, source = [], None
    while not state.is_over():
        seat = state.current_player()
        action = bots[seat].choose(state.view(seat), state.legal_actions(), rngs[seat])
        if action[0] == "cast":
            casts[origin[action[1]]] += 1
            book_cast += origin[action[1]] == "book"
            source = "spell"
        for event in state.apply(action):
            kind = event["type"]
            if kind == "book":
                source = "book"
            elif kind == "phase_end":
                source = "round_end"
            elif kind == "draw":
                for card in event["cards"]:
                    origin[card] = source or "round_end"
                book_drawn += len(event["cards"]) if source == "book" else 0
                source = None
            elif kind == "round_end":
                top = max(event["scores"])
                leaders.append(frozenset(i for i, s in enumerate(event["scores"]) if s == top))
    result = state.result()
    starter_order = [(0 - i) % players for i in range(players)]  # seat 0 starts (the first seat to act)
    half = leaders[len(leaders) // 2 - 1] if len(leaders) >= 2 else leaders[-1]
    changes = sum(1 for a, b in zip(leaders, leaders[1:]) if a != b)
    return {"rounds": state.round, "winners": result.winners, "by_order": [result.win_share(s) for s in starter_order],
            "casts": casts, "book_drawn": book_drawn, "book_cast": book_cast, "changes": changes,
            "comeback": any(w not in half for w in result.winners), "shared": len(result.winners) > 1,
            "margin": sorted(result.scores)[-1] - sorted(result.scores)[-2]}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--limit", type=int, default=1)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--casts", type=int, default=PLAN_CASTS, help="spells a Normal bot's plan looks ahead")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--processes", type=int, default=1)
    args = parser.parse_args()
    jobs = [(derive_seed(args.seed, i), args.players, args.limit, args.level, args.casts) for i in range(args.games)]
    if args.processes > 1:
        with get_context("spawn").Pool(args.processes) as pool:
            games = pool.map(play, jobs, chunksize=20)
    else:
        games = [play(job) for job in jobs]
    n = len(games)
    cast_total = {k: sum(g["casts"][k] for g in games) for k in games[0]["casts"]}
    all_casts = sum(cast_total.values())
    by_order = [sum(g["by_order"][i] for g in games) / n for i in range(args.players)]
    out = {
        "limit": args.limit, "casts": args.casts, "games": n, "players": args.players,
        "rounds_mean": round(statistics.mean(g["rounds"] for g in games), 2),
        "rounds_sd": round(statistics.pstdev(g["rounds"] for g in games), 2),
        "win_share_by_turn_order": [round(x, 3) for x in by_order],
        "seat_gap": round(max(by_order) - min(by_order), 3),
        "casts_per_game": round(all_casts / n, 2),
        "cast_share_by_origin": {k: round(v / max(1, all_casts), 3) for k, v in cast_total.items()},
        "book_cards_cast_share": round(sum(g["book_cast"] for g in games) / max(1, sum(g["book_drawn"] for g in games)), 3),
        "lead_changes_mean": round(statistics.mean(g["changes"] for g in games), 2),
        "comeback_share": round(sum(g["comeback"] for g in games) / n, 3),
        "shared_win_share": round(sum(g["shared"] for g in games) / n, 3),
        "winning_margin_mean": round(statistics.mean(g["margin"] for g in games), 2),
    }
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
