"""How long does a review take, and how many points does a won hand bring?

Run: ``python benchmarks/review.py`` (about a minute on 2 cores), or
``python benchmarks/review.py --reviews 10 --hands 100 --level medium``.

1. **Review time.**  Finished standard hands with two players (search players at level
   "easy" in both seats, seeds 1, 2, ...) are reviewed for seat 0 at ``--level`` (the
   default of ``dl.review``, "medium"); prints the wall-clock and CPU seconds per review
   (median and maximum) and the decisions per hand.  Target (the coach issue): at most
   10 s for a finished 2-player hand at the default level.
2. **Points of a won hand.**  The mean points the winner scores in a won standard hand
   with two players (the same players), the yardstick for the review's labels (see
   :mod:`dominolab.review`).

Nothing here is asserted by the tests.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import dominolab as dl


def hand(seed: int, preset: str = "standard") -> dl.Round:
    r = dl.Round.deal(preset, 2, seed=seed)
    return dl.play_out(r, [dl.SearchPlayer(seed * 2, level="easy"), dl.SearchPlayer(seed * 2 + 1, level="easy")])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reviews", type=int, default=10)
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--level", default="medium")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}")

    walls, cpus, counts = [], [], []
    for seed in range(1, args.reviews + 1):
        r = hand(seed)
        wall, cpu = time.perf_counter(), time.process_time()
        result = dl.review(r, 0, level=args.level, seed=seed)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        counts.append(len(result))
    print(f"review of seat 0, standard 2 players, level {args.level}, {args.reviews} hands: "
          f"wall median {statistics.median(walls):.2f} s, max {max(walls):.2f} s; "
          f"CPU median {statistics.median(cpus):.2f} s, max {max(cpus):.2f} s; "
          f"decisions per hand median {statistics.median(counts)}, max {max(counts)}")

    won = []
    for seed in range(10_001, 10_001 + args.hands):
        result = hand(seed).result
        if result.winner is not None:
            won.append(max(result.points))
    mean = statistics.mean(won)
    sd = statistics.stdev(won)
    print(f"won standard 2-player hands: {len(won)} of {args.hands}; winner's points mean {mean:.1f} "
          f"(±{1.96 * sd / len(won) ** 0.5:.1f}), median {statistics.median(won)}")


if __name__ == "__main__":
    main()
