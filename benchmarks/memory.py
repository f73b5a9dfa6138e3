"""The memory of a long kernel: many hands over many rule sets, every puzzle, a review of
each hand.  Prints the resident memory after each phase (issue 20's figure: under 300 MB in
all) and the sizes of the engine's bounded caches.

    python benchmarks/memory.py              # 1,000 hands over the 10 presets (about 10 min)
    python benchmarks/memory.py --hands 100  # a quick look
"""

from __future__ import annotations

import argparse
import resource
import time

import dominolab as dl
from dominolab import round as round_module
from dominolab.moves import Play
from dominolab.players import GreedyPlayer, SearchPlayer


def rss_mb() -> float:
    """The peak resident memory of this process so far, in MB (Linux reports KB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--level", default="medium", help="the reviews' and the searcher's level")
    args = parser.parse_args()
    presets = dl.Rules.presets()
    start = time.perf_counter()
    print(f"after import: {rss_mb():.0f} MB")
    hands = []
    for i in range(args.hands):
        name = presets[i % len(presets)]
        players = 4 if name == "partnership" else 2 + i % 2
        r = dl.Round.deal(name, players, seed=i)
        seats = [SearchPlayer(i, level=args.level)] + [GreedyPlayer(i + s) for s in range(1, players)]
        while not r.is_over:
            r.play(seats[r.turn].choose(r.view(r.turn)))
        hands.append(r)
    print(f"after {args.hands} hands over {len(presets)} rule sets: {rss_mb():.0f} MB "
          f"({time.perf_counter() - start:.0f} s)")
    puzzles = dl.puzzles.load()
    for p in puzzles:
        p.evaluate(p.best)
        p.hint_text()
    print(f"after all {len(puzzles)} puzzles: {rss_mb():.0f} MB")
    for i, r in enumerate(hands):
        dl.review(r, seat=0, level=args.level, seed=i)
    print(f"after a review of each hand: {rss_mb():.0f} MB ({time.perf_counter() - start:.0f} s)")
    memo = round_module._POINTS_MEMO
    print(f"points memo: {len(memo)} rule sets (limit {round_module.POINTS_MEMO_RULES}), "
          f"largest table {max((max(len(a), len(b)) for _, a, b in memo.values()), default=0)} "
          f"entries (limit {round_module.POINTS_MEMO_ENTRIES}); "
          f"play spellings {len(Play._cache)} (limit {Play.SPELLINGS} + interned plays)")


if __name__ == "__main__":
    main()
