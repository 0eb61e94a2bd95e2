"""Parade's speed yardstick: the same rules as a minimal pure-Python loop (lists and tuples,
no protocol, no events, no views), so the engine's and the simulator's speed read as a share
of what plain Python does with these rules.

    python benchmarks/parade_yardstick.py      # games per second of each, and the two ratios

The loop: shuffle and deal (5 each, 6 in the parade), play a random card (the cards beyond its
value from the tail are at risk: those of its colour or of a value up to its own are taken),
draw; a sixth colour taken or the last card drawn starts the final round (one more turn each,
no drawing); each keeps 2 of the last 4 cards at random; majorities (2 players: 2 more cards)
score 1 a card, other colours their values. `benchmarks/run.py` reports the ratios."""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wonderland_games.core import registry  # noqa: E402
from wonderland_games.core.game import Seat  # noqa: E402
from wonderland_games.core.simulate import Config, play_game  # noqa: E402

COLOURS, VALUES, HAND, PARADE = 6, 11, 5, 6


def yardstick_game(players: int, rng: random.Random, order=None, first=None) -> list:
    """One game by the rules alone, every choice `rng`'s (a card as `rng.choice` of the hand, a
    keep as `rng.choice` of the pairs, in the engine's orders, so a test can replay the engine's
    random game); the scores. `order`/`first`: a given deal instead of a shuffled one."""
    deck = list(order) if order is not None else list(range(COLOURS * VALUES))
    if order is None:
        rng.shuffle(deck)
    hands = [deck[i * HAND:(i + 1) * HAND] for i in range(players)]
    parade = deck[players * HAND:players * HAND + PARADE]
    pile = deck[players * HAND + PARADE:][::-1]  # drawn from the end
    taken_by = [[] for _ in range(players)]
    seat = rng.randrange(players) if first is None else first
    final_left = 0
    while True:
        hand = hands[seat]
        card = hand.pop(rng.randrange(len(hand)))
        colour, value = divmod(card, VALUES)
        risk = len(parade) - value
        if risk > 0:
            keep, take = [], []
            for c in parade[:risk]:
                (take if c // VALUES == colour or c % VALUES <= value else keep).append(c)
            if take:
                taken_by[seat] += take
                parade = keep + parade[risk:]
        parade.append(card)
        seat = (seat + 1) % players
        if final_left:
            final_left -= 1
            if not final_left:
                break
        else:
            if pile:
                hand.append(pile.pop())
            if not pile or len({c // VALUES for c in taken_by[seat - 1]}) == COLOURS:
                final_left = players
    for s in [(seat + i) % players for i in range(players)]:  # the keep, from the next player on
        hand = hands[s]
        pairs = [(a, b) for i, a in enumerate(hand) for b in hand[i + 1:]]
        taken_by[s] += pairs[rng.randrange(len(pairs))]
    counts = [[0] * COLOURS for _ in range(players)]
    sums = [[0] * COLOURS for _ in range(players)]
    for s, cards in enumerate(taken_by):
        for c in cards:
            counts[s][c // VALUES] += 1
            sums[s][c // VALUES] += c % VALUES
    scores = [0] * players
    for colour in range(COLOURS):
        per = [counts[s][colour] for s in range(players)]
        best = max(per)
        for s in range(players):
            if players == 2:
                holds = per[s] >= per[1 - s] + 2
            else:
                holds = best > 0 and per[s] == best
            scores[s] += per[s] if holds else sums[s][colour]
    return scores


def rates(plays: dict, seconds: float, slices: int = 16) -> dict:
    """Games per CPU second of each `plays` entry, measured in alternating slices: CPU time,
    as wall time on a busy machine counts the other jobs' turns too (3-s ratios spread
    0.71-0.81 with the test suite running beside them), and slices so what load is left
    falls on every entry alike."""
    games = dict.fromkeys(plays, 0)
    spent = dict.fromkeys(plays, 0.0)
    for _ in range(slices):
        for name, play in plays.items():
            start = time.process_time()
            while time.process_time() - start < seconds / slices:
                play(games[name])
                games[name] += 1
            spent[name] += time.process_time() - start
    return {name: games[name] / spent[name] for name in plays}


def engine_game(new_state, seats: list, seed: int, rng: random.Random, with_events: bool) -> None:
    """One random game through the protocol: `advance` as bots and `simulate` play, or `apply`
    with the events a table animates."""
    state = new_state(seats, seed, {})
    play = state.apply if with_events else state.advance
    while not state.is_over():
        play(rng.choice(state.legal_actions()))
    state.result()


def figures(seconds: float = 2.0, players: int = 4) -> dict:
    """Games per second of the yardstick, the engine (random play, without and with events)
    and `simulate` (random bots)."""
    rng = random.Random(1)
    new_state = registry.get("parade").new_state
    seats = [Seat(f"P{i + 1}") for i in range(players)]
    config = Config(game="parade", bots=("random",) * players, games=1, seed=1)
    r = rates({"yardstick": lambda i: yardstick_game(players, rng),
               "engine": lambda i: engine_game(new_state, seats, i, rng, False),
               "engine_apply": lambda i: engine_game(new_state, seats, i, rng, True),
               "simulate": lambda i: play_game(config, i)}, seconds)
    return {"parade_yardstick_games_per_s_4p": round(r["yardstick"], 1),
            "parade_engine_games_per_s_4p": round(r["engine"], 1),
            "parade_simulate_games_per_s_4p": round(r["simulate"], 1),
            "parade_engine_vs_yardstick": round(r["engine"] / r["yardstick"], 3),
            "parade_engine_apply_vs_yardstick": round(r["engine_apply"] / r["yardstick"], 3),
            "parade_simulate_vs_yardstick": round(r["simulate"] / r["yardstick"], 3)}


if __name__ == "__main__":
    for key, value in figures().items():
        print(f"{key:40} {value}")
