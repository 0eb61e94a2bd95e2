"""The event kinds each engine emits: seen in seeded random games at every player count
(and Dream Teller with bots, which has events of its own), and read from the source for
kinds too rare for a few random games. Shared by the sound and motion tables' tests."""

from __future__ import annotations

import functools
import random
import re
from pathlib import Path

from wonderland_games.core import registry
from wonderland_games.core.game import BOT, Seat

GAMES = [info.id for info in registry.games() if info.has_engine]
SOURCE = Path(registry.__file__).parent.parent / "games"


@functools.lru_cache(maxsize=None)
def emitted(game_id: str) -> dict:
    """{event kind: one event of it} from seeded random games at every player count."""
    info = registry.get(game_id)
    found: dict = {}
    tables = [[Seat(f"P{i}") for i in range(n)] for n in range(info.min_players, info.max_players + 1)]
    if game_id == "dream":  # a table with bots plays clue turns
        tables.append([Seat("P0")] + [Seat(f"B{i}", BOT) for i in range(4)])
    for seats in tables:
        for seed in range(3):
            state = info.new_state(seats, seed, None)
            rng = random.Random(seed)
            for _ in range(20000):
                if state.is_over():
                    break
                for event in state.apply(rng.choice(state.legal_actions())) or []:
                    found.setdefault(event["type"], event)
    return found


def in_source(game_id: str) -> set:
    """The event kinds a game's code writes as `{"type": "kind", ...}`."""
    text = "".join(p.read_text(encoding="utf-8") for p in (SOURCE / game_id).glob("*.py"))
    return set(re.findall(r'"type": "([a-z_]+)"', text))


def all_kinds(game_id: str) -> set:
    return set(emitted(game_id)) | in_source(game_id)
