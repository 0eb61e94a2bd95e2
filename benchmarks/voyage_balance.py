"""World Voyage balance figures over Normal-bot games; printed, never asserted.

    python benchmarks/voyage_balance.py                    1000 games of 3 players
    python benchmarks/voyage_balance.py --games 200 --players 2,4 --json

Per player count: the mean points of each scoring part for all players and
for the winners, the share of the winners' points that souvenir sets give and
the share of winners holding at least one set, the share of actions (Move,
Visit, Collect, Buy) of each kind, mean rounds, how games end, and the win
rate by turn position (1 = the first player) with its largest gap from a fair
share. Game i with n players is seeded from (seed, n, i), so every figure is
reproducible.
"""

from __future__ import annotations

import sys
from collections import Counter

import sandbox  # noqa: F401  (this folder: checkout on the path, no window, throwaway user dirs)
from balance_cli import bot_table, each_player_count, options  # noqa: E402  (this folder)

from wonderland_games.games.voyage.rules import BREAKDOWN  # noqa: E402

ACTION_KINDS = ("move", "visit", "collect", "buy")  # what spends an action (or a token's extra one)


def play(n: int, seed: int, index: int, level: str = "normal") -> dict:
    """One game's figures: per seat its win share, score and breakdown; actions by kind."""
    state, bots, rngs = bot_table("voyage", n, seed, index, level)
    actions: Counter = Counter()
    while not state.is_over():
        seat = state.current_player()
        action = bots[seat].choose(state.view(seat), state.legal_actions(), rngs[seat])
        state.apply(action)
        if action[0] in ACTION_KINDS:
            actions[action[0]] += 1
    result = state.result()
    return {"first": state.first, "rounds": state.round, "end": result.extra["end"],
            "shares": [result.win_share(s) for s in range(n)], "scores": result.scores,
            "winners": result.winners, "breakdown": result.breakdown,
            "sets": result.extra["souvenir_sets"], "actions": dict(actions)}


def summarise(n: int, games: list, level: str = "normal") -> dict:
    count, players = len(games), len(games) * n
    won = [(g, w) for g in games for w in g["winners"]]
    mean_all = {p: round(sum(b[p] for g in games for b in g["breakdown"]) / players, 2) for p in BREAKDOWN}
    mean_won = {p: round(sum(g["breakdown"][w][p] for g, w in won) / len(won), 2) for p in BREAKDOWN}
    won_points = sum(g["scores"][w] for g, w in won)
    actions = Counter()
    for g in games:
        actions.update(g["actions"])
    total_actions = sum(actions.values())
    position = [0.0] * n
    for g in games:
        for s in range(n):
            position[(s - g["first"]) % n] += g["shares"][s]
    position = [p / count for p in position]
    return {
        "players": n, "games": count, "level": level,
        "mean_score": round(sum(sum(g["scores"]) for g in games) / players, 2),
        "mean_winning_score": round(sum(max(g["scores"]) for g in games) / count, 2),
        "breakdown_all": mean_all, "breakdown_winners": mean_won,
        "winners_souvenir_share": round(sum(g["breakdown"][w]["souvenirs"] for g, w in won) / won_points, 3),
        "winners_with_a_set": round(sum(g["sets"][w] > 0 for g, w in won) / len(won), 3),
        "players_with_a_set": round(sum(s > 0 for g in games for s in g["sets"]) / players, 3),
        "action_shares": {k: round(actions[k] / total_actions, 3) for k in ACTION_KINDS},
        "actions_per_game": round(total_actions / count, 1),
        "mean_rounds": round(sum(g["rounds"] for g in games) / count, 2),
        "endings": dict(Counter(g["end"] for g in games)),
        "win_rate_by_position": [round(p, 3) for p in position],
        "seat_gap": round(max(abs(p - 1 / n) for p in position), 3),
    }


def report(s: dict) -> str:
    def parts(b: dict) -> str:
        return ", ".join(f"{k} {v}" for k, v in b.items())
    return "\n".join([
        f"== {s['players']} players, {s['games']} {s['level']} games ==",
        f"mean score {s['mean_score']} (winner {s['mean_winning_score']}); {s['mean_rounds']} rounds, "
        f"{s['actions_per_game']} actions a game; endings {s['endings']}",
        "mean points, all players: " + parts(s["breakdown_all"]),
        "mean points, winners:     " + parts(s["breakdown_winners"]),
        f"souvenir sets give {s['winners_souvenir_share']:.1%} of the winners' points; "
        f"{s['winners_with_a_set']:.1%} of winners (and {s['players_with_a_set']:.1%} of all players) hold a set",
        "actions: " + ", ".join(f"{k} {v:.1%}" for k, v in s["action_shares"].items()),
        "win rate by turn position (1st first): " + " ".join(f"{r:.1%}" for r in s["win_rate_by_position"])
        + f" (fair {1 / s['players']:.1%}; largest gap {s['seat_gap']:.1%})",
    ])


def main(argv=None) -> int:
    parser = options(__doc__, players="3")
    parser.add_argument("--level", default="normal", help="the bots' level (all seats)")
    args = parser.parse_args(argv)
    return each_player_count(args, lambda n: summarise(
        n, [play(n, args.seed, i, args.level) for i in range(args.games)], args.level), report)


if __name__ == "__main__":
    sys.exit(main())
