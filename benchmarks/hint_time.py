"""How long a hint takes: p50 and p90 over real positions, as the table asks it.

    nice python benchmarks/hint_time.py [--count 120] [--limit 1.0] [--no-limit]

The positions are :mod:`hint_search`'s (hands of three rule sets played by real players,
two decisions with a choice a hand), so the figures are comparable with that benchmark's.
Each hint is :func:`dominolab.players.advise` at :data:`~dominolab.players.HINT_LEVEL`,
seed 0, with the table's bound on the wait (``time_limit=HINT_SECONDS``; ``--no-limit``:
the work budget alone, the figures of a quiet machine).  It prints the times, how many
hints the bound stopped early (fewer deals than the budget would deal) and how many hints
were solved exactly (every deal that fits the view, near the end of a hand).  Times depend
on the machine and its load: the bound is what keeps a busy machine's wait short, and a
hint stopped early has wider margins, so it says "about the same" more often.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Optional

from dominolab.players import HINT_LEVEL, HINT_SECONDS, SearchPlayer, advise

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hint_search import positions  # the same positions as the hint's accuracy benchmark
from known_answers import replay


def _quantile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main(argv: Optional[list[str]] = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=120, help="how many positions (default 120)")
    parser.add_argument("--limit", type=float, default=HINT_SECONDS, help="the bound on a hint's wait, seconds")
    parser.add_argument("--no-limit", action="store_true", help="the work budget alone")
    args = parser.parse_args(argv)
    limit = None if args.no_limit else args.limit
    budget = SearchPlayer.LEVELS[HINT_LEVEL]
    seconds: list[float] = []
    kinds: Counter[str] = Counter()
    stopped = exact = 0
    for position in positions(args.count):
        r = replay(position)
        view = r.view(r.turn)
        start = time.perf_counter()
        advice = advise(view, seed=0, time_limit=limit)
        seconds.append(time.perf_counter() - start)
        kinds[advice.kind] += 1
        ev = advice.evaluation
        if ev is not None and ev.exact == ev.deals and all(m.exact for m in ev.moves):
            exact += 1
        elif ev is not None and ev.work < budget:
            stopped += 1
    n = len(seconds)
    p50, p90 = _quantile(seconds, 0.5), _quantile(seconds, 0.9)
    bound = "no bound (the work budget alone)" if limit is None else f"time_limit={limit:g} s"
    print(f"{n} hints at level {HINT_LEVEL}, {bound}: p50 {1000 * p50:.0f} ms, p90 {1000 * p90:.0f} ms, "
          f"max {1000 * max(seconds):.0f} ms, mean {1000 * statistics.mean(seconds):.0f} ms")
    print(f"solved exactly: {exact}; stopped by the bound before the budget: {stopped}; "
          f"kinds: {dict(sorted(kinds.items()))}")
    return {"p50": p50, "p90": p90}


if __name__ == "__main__":
    main()
