"""Dream Teller lexicon: load time and memory; printed, never asserted.

    python benchmarks/dream_lexicon.py

Loading reads the YAML and runs the clue checker over every association, so it
is the price of starting a Dream Teller game (paid once; the lexicon is cached).
"""

from __future__ import annotations

import statistics
import time
import tracemalloc

from wonderland_games.games.dream import clues, derived, lexicon

_CACHES = (lexicon._cached, derived.stems, derived.peel, derived.splits, clues.name_parts)


def cold_load() -> lexicon.Lexicon:
    for cache in _CACHES:
        cache.cache_clear()
    return lexicon.load_lexicon()


def main() -> None:
    wall, cpu = [], []
    for _ in range(5):
        start, start_cpu = time.perf_counter(), time.process_time()
        lex = cold_load()
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    tracemalloc.start()
    lex = cold_load()
    kept, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    clue_count = sum(len(w.associations[lang]) for w in lex.words.values() for lang in lexicon.LANGS)
    print(f"dream lexicon: {len(lex.words)} words, {clue_count} associations checked")
    print(f"load: median {statistics.median(wall) * 1000:.0f} ms wall, {statistics.median(cpu) * 1000:.0f} ms CPU")
    print(f"memory: {kept / 2**20:.1f} MiB kept, {peak / 2**20:.1f} MiB peak while loading")


if __name__ == "__main__":
    main()
