"""Dream Teller bots: the correct share by role mix and each role's points a round; printed,
never asserted (tests/test_dream_bots.py asserts a small version).

    PYTHONPATH=. python benchmarks/dream_bots.py [--games N] [--players N] [--level normal] [--seed S] [--lang zh]

Dealt: bot-only games as `simulate dream` plays them (same seeds), each round counted
under the roles it dealt. Forced: the same games with every round's spirits re-dealt
from a fixed mix (all fairies, then one boogeyman more each row), to see what each
boogeyman costs the dreamer; a forced table is not a rule-text deal, so it is only
used for that comparison.
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import defaultdict
from typing import Optional

from wonderland_games.core import registry
from wonderland_games.core.game import BOT, Seat
from wonderland_games.core.simulate import derive_seed
from wonderland_games.games.dream.rules import BOOGEYMAN, FAIRY, ROLES, SANDMAN
from wonderland_games.games.dream.state import CORRECT, DROPPED


def play(players: int, level: str, seed: int, index: int, forced: Optional[list] = None, lang: str = "zh"):
    """One bot game (seeded as `simulate` seeds game `index`); with `forced`, every round's
    spirits get those roles from the dreamer's left. Returns the finished state."""
    info = registry.get("dream")
    seats = [Seat(f"{level} {s + 1}", BOT, level) for s in range(players)]
    state = info.new_state(seats, derive_seed(seed, index), {"lang": lang})
    bots = [info.make_bot(level) for _ in seats]
    rngs = [random.Random(derive_seed(seed, index, "bot", s)) for s in range(players)]
    dealt = -1
    while not state.is_over():
        if forced and state.round != dealt:
            dealt, seat = state.round, state.next_spirit(state.dreamer())
            for role in forced:
                state.roles[seat], seat = role, state.next_spirit(seat)
        seat = state.current_player()
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rngs[seat]))
    return state


def mix_name(roles: list) -> str:
    return " ".join(f"{roles.count(r)}{r[0].upper()}" for r in (FAIRY, BOOGEYMAN, SANDMAN))


def tally(states: list) -> tuple:
    """({mix: [correct, decided]}, {role: [points of each round played in it]})."""
    mixes, points = defaultdict(lambda: [0, 0]), defaultdict(list)
    for state in states:
        for record in state.history:
            cards = [o for _, o, _ in record["cards"] if o != DROPPED]
            mix = mixes[mix_name(record["roles"])]
            mix[0] += cards.count(CORRECT)
            mix[1] += len(cards)
            for role, p in zip(record["roles"], record["points"]):
                points[role].append(p)
    return mixes, points


def first_clues(states: list, lang: str) -> tuple:
    """(cards a fairy opened, % opened with the word's strongest association, words opened by a
    fairy 3+ times, % of those opened with more than one clue): how varied fairies start a word."""
    from wonderland_games.games.dream.lexicon import load_lexicon

    lexicon, opened = load_lexicon(), defaultdict(list)
    for state in states:
        for record in state.history:
            for number, (word, _, _) in enumerate(record["cards"]):
                first = next(((seat, text) for card, seat, text in record["clues"] if card == number), None)
                if first and record["roles"][first[0]] == FAIRY:
                    opened[word].append(first[1])
    cards = sum(len(c) for c in opened.values())
    strongest = sum(c == lexicon.words[w].associations[lang][0] for w, cs in opened.items() for c in cs)
    often = [cs for cs in opened.values() if len(cs) >= 3]
    varied = sum(len(set(cs)) > 1 for cs in often)
    return cards, 100 * strongest / max(1, cards), len(often), 100 * varied / max(1, len(often))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--forced-games", type=int, default=50)
    parser.add_argument("--lang", default="zh")
    args = parser.parse_args()
    states = [play(args.players, args.level, args.seed, i, lang=args.lang) for i in range(args.games)]
    mixes, points = tally(states)
    print(f"dealt: {args.games} games of {args.players} {args.level} bots, seed {args.seed}, clues in {args.lang}")
    for mix, (correct, decided) in sorted(mixes.items()):
        print(f"  {mix}: {correct}/{decided} correct = {correct / decided:.1%}")
    means = {r: statistics.mean(points[r]) for r in ROLES if points[r]}
    for role, mean in means.items():
        print(f"  {role}: {mean:.2f} points a round ({len(points[role])} rounds)")
    print(f"  highest / lowest role mean: {max(means.values()) / min(means.values()):.2f}")
    cards, strongest, words, varied = first_clues(states, args.lang)
    print(f"  fairies opened {cards} cards, {strongest:.1f}% with the word's strongest association; "
          f"of {words} words a fairy opened 3+ times, {varied:.1f}% were opened with more than one clue")
    spirits = args.players - 1
    print(f"forced: {args.forced_games} games per mix")
    for boogeymen in range(0, 4 if args.forced_games else 0):
        forced = [FAIRY] * spirits
        for k in range(boogeymen):  # spread round the table: seats 2, 4, then 1 from the dreamer's left
            forced[(2 * k + 1) % spirits] = BOOGEYMAN
        (mix, (correct, decided)), = tally([play(args.players, args.level, args.seed, i, forced, args.lang)
                                           for i in range(args.forced_games)])[0].items()
        print(f"  {mix} (seats from the dreamer's left: {''.join(r[0].upper() for r in forced)}): "
              f"{correct}/{decided} correct = {correct / decided:.1%}")


if __name__ == "__main__":
    main()
