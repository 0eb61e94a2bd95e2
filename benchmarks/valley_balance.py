"""Wonderland Valley balance figures over Normal-bot games; printed, never asserted.

    python benchmarks/valley_balance.py                    1000 games per player count 2-4
    python benchmarks/valley_balance.py --games 200 --players 4 --json

Per player count: mean final score and its breakdown, game length (actions,
counting every decision, and turns), the win rate by turn position (1 = the
first player), how often each basic event is claimed and each revealed
special event is met, and for each card kind the win rate of the cities
holding it against those without it ("lift", in points; over BAR is flagged).
Game i with n players is seeded from (seed, n, i), so every figure is
reproducible.
"""

from __future__ import annotations

import sys
from collections import defaultdict

import sandbox  # noqa: F401  (this folder: checkout on the path, no window, throwaway user dirs)
from balance_cli import bot_table, each_player_count, options  # noqa: E402  (this folder)

from wonderland_games.core import registry  # noqa: E402
from wonderland_games.core.game import Seat  # noqa: E402
from wonderland_games.games.valley.rules import BREAKDOWN, meets  # noqa: E402

BAR = 15.0  # points of win rate a kind's holders may lead its non-holders by
MIN_HOLDERS = 30  # fewer holding cities than this: too few to judge the kind


def play(n: int, seed: int, index: int, level: str = "normal") -> dict:
    """One game's figures: per seat its city, win share, score and breakdown."""
    state, bots, rngs = bot_table("valley", n, seed, index, level)
    actions = 0
    while not state.is_over():
        seat = state.current_player()
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rngs[seat]))
        actions += 1
    result = state.result()
    holdings = [state.holdings(s) for s in range(n)]
    specials = {}
    for event_id in state.specials:
        event = state.valley.special_events[event_id]
        specials[event_id] = [meets(event.condition, holdings[s], holdings[:s] + holdings[s + 1:], state.cards)
                              for s in range(n)]
    return {
        "first": state.first, "actions": actions, "turns": state.turns,
        "shares": [result.win_share(s) for s in range(n)], "scores": result.scores,
        "breakdown": result.breakdown, "cities": [list(c) for c in state.cities],
        "claimed": [list(c) for c in state.claimed], "specials": specials,
    }


def summarise(n: int, games: list, kinds: list, basic_events: list) -> dict:
    count, cities = len(games), len(games) * n
    position = [0.0] * n
    for g in games:
        for s in range(n):
            position[(s - g["first"]) % n] += g["shares"][s]
    breakdown = {part: round(sum(b[part] for g in games for b in g["breakdown"]) / cities, 2) for part in BREAKDOWN}
    basic = {e: round(sum(e in c for g in games for c in g["claimed"]) / cities, 3) for e in basic_events}
    met, shown = defaultdict(int), defaultdict(int)
    for g in games:
        for event_id, who in g["specials"].items():
            shown[event_id] += n
            met[event_id] += sum(who)
    specials = {e: {"revealed_in": shown[e] // n, "met": round(met[e] / shown[e], 3)} for e in sorted(shown)}
    lift = {}
    for kind in kinds:
        held = [g["shares"][s] for g in games for s in range(n) if kind in g["cities"][s]]
        other = [g["shares"][s] for g in games for s in range(n) if kind not in g["cities"][s]]
        with_rate = sum(held) / len(held) if held else 0.0
        without = sum(other) / len(other) if other else 0.0
        lift[kind] = {"held_by": round(len(held) / cities, 3), "win_with": round(with_rate, 3),
                      "win_without": round(without, 3),
                      "lift": round(100 * (with_rate - without), 1) if len(held) >= MIN_HOLDERS and other else None}
    return {
        "players": n, "games": count,
        "mean_score": round(sum(sum(g["scores"]) for g in games) / cities, 2),
        "mean_winning_score": round(sum(max(g["scores"]) for g in games) / count, 2),
        "mean_actions": round(sum(g["actions"] for g in games) / count, 1),
        "mean_turns": round(sum(g["turns"] for g in games) / count, 1),
        "breakdown": breakdown,
        "win_rate_by_position": [round(p / count, 3) for p in position],
        "win_rate_by_seat": [round(sum(g["shares"][s] for g in games) / count, 3) for s in range(n)],
        "basic_events_claimed": basic, "special_events_met": specials, "kinds": lift,
        "over_bar": sorted(k for k, v in lift.items() if v["lift"] is not None and v["lift"] > BAR),
    }


def report(summary: dict) -> str:
    n = summary["players"]
    lines = [f"== {n} players, {summary['games']} Normal games ==",
             f"mean score {summary['mean_score']} (winner {summary['mean_winning_score']}); "
             f"{summary['mean_actions']} actions, {summary['mean_turns']} turns a game",
             "breakdown: " + ", ".join(f"{k} {v}" for k, v in summary["breakdown"].items()),
             "win rate by turn position (1st first): "
             + " ".join(f"{r:.1%}" for r in summary["win_rate_by_position"]) + f" (fair {1 / n:.1%})",
             "win rate by seat: " + " ".join(f"{r:.1%}" for r in summary["win_rate_by_seat"]),
             "basic events claimed (share of players): "
             + ", ".join(f"{k} {v:.1%}" for k, v in summary["basic_events_claimed"].items()),
             "special events met when revealed (share of players):"]
    lines += [f"  {k:<18} {v['met']:>6.1%}  (revealed in {v['revealed_in']})"
              for k, v in sorted(summary["special_events_met"].items(), key=lambda kv: -kv[1]["met"])]
    lines.append(f"{'kind':<18}{'held':>7}{'win with':>10}{'without':>9}{'lift':>7}")
    ordered = sorted(summary["kinds"].items(), key=lambda kv: -(kv[1]["lift"] if kv[1]["lift"] is not None else -99))
    for kind, v in ordered:
        lift = "  n/a" if v["lift"] is None else f"{v['lift']:+.1f}"
        flag = "  << over the bar" if kind in summary["over_bar"] else ""
        lines.append(f"{kind:<18}{v['held_by']:>7.1%}{v['win_with']:>10.1%}{v['win_without']:>9.1%}{lift:>7}{flag}")
    return "\n".join(lines)


def main(argv=None) -> int:
    args = options(__doc__, players="2,3,4").parse_args(argv)
    valley = registry.get("valley").new_state([Seat("a"), Seat("b")], 0, None).valley
    kinds, basic = sorted(valley.cards.kinds), list(valley.basic_events)
    return each_player_count(args, lambda n: summarise(
        n, [play(n, args.seed, i) for i in range(args.games)], kinds, basic), report)


if __name__ == "__main__":
    sys.exit(main())
