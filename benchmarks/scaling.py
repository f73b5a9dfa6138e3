"""Does more time buy more strength?  The search player at a budget against itself at half it.

Run:

* ``python benchmarks/scaling.py doubling --deals 1000``: for each budget T (10, 20, ...
  640 ms by default) the search player given T against the same player given T/2, over
  ``--deals`` duplicate deals (each played twice, the players swapping seats); prints the
  mean gain a hand with its 95% interval, paired by deal.
* ``python benchmarks/scaling.py ladder --deals 1000``: each level against the level below.

By default a budget of T ms is the work a quiet 2-core machine does in T ms
(:data:`dominolab.players.SearchPlayer.WORK_PER_SECOND` units a second), so the result does
not depend on what else the machine is running and the same seed plays the same moves;
``--clock`` gives each decision T of wall-clock time instead (``time_limit``), which is
what a player at a real table gets.  ``--ledger DIR`` keeps each row's deals as they end, so a
row of hours can be stopped and resumed (``ledger.py``).  ``--tree-from WORK`` plays a player
that searches a tree from WORK units a decision up (the levels' player: from hard's).
Nothing here is asserted by the tests; the measured tables are kept in benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import platform
import re
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import ledger

import dominolab as dl


class TreeFrom(dl.SearchPlayer):
    """The search player searching a tree from ``tree_work`` units a decision up instead of
    :attr:`~dominolab.SearchPlayer.TREE_WORK` (the ablation's candidate for the levels)."""

    def __init__(self, seed: int | None = None, *, tree_work: int, **options):
        super().__init__(seed, **options)
        self.TREE_WORK = tree_work


def searcher(ms: float, clock: bool, tree_from: int | None = None):
    """A factory (taking a seed) of the search player with a budget of ``ms`` milliseconds."""
    budget = {"time_limit": ms / 1000} if clock else {"work": round(ms / 1000 * dl.SearchPlayer.WORK_PER_SECOND)}
    if tree_from is not None:
        return functools.partial(TreeFrom, level=None, tree_work=tree_from, **budget)
    return functools.partial(dl.SearchPlayer, level=None, **budget)


def row(label: str, a, b, preset: str, deals: int, seed: int, workers: int, ledgers: Path | None = None) -> None:
    rules = dl.Rules.preset(preset)
    seats = [a, b] * (2 if rules.partnerships else 1)
    slug = re.sub(r"[^A-Za-z0-9.]+", "", label.replace("tree from", "tree"))
    where = ledgers / f"scaling-{slug}-{preset}-seed{seed}-{deals}deals.jsonl" if ledgers else None
    result, took = ledger.run(rules, seats, deals, seed, ledger=where, what=f"scaling.py {label} {preset}",
                              workers=workers)
    c = result.compare(0, 1)
    low, high = c.margin_interval
    ms = [statistics.median(t) * 1000 if t else float("nan") for t in result.times[:2]]
    sa, sb = result.stats[0], result.stats[1]
    above = "yes" if low > 0 else "no"
    print(f"| {label} | {result.hands // len(seats):,} | {c.margin:+.2f} ({low:+.2f}..{high:+.2f}) | {above} "
          f"| {100 * sa.win_rate:.1f} / {100 * sb.win_rate:.1f} | {ms[0]:.1f} / {ms[1]:.1f} | {took:.0f} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["doubling", "ladder"])
    parser.add_argument("--times", type=float, nargs="+", default=[10, 20, 40, 80, 160, 320, 640],
                        help="the budgets T in ms (each against T/2)")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=4600)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--clock", action="store_true", help="wall-clock time limits instead of work")
    parser.add_argument("--tree-from", type=int, metavar="WORK",
                        help="search a tree from WORK units a decision up (default: SearchPlayer.TREE_WORK)")
    parser.add_argument("--ledger", type=Path, metavar="DIR",
                        help="keep each 50 deals as they end in a file in DIR, and resume from it (ledger.py)")
    args = parser.parse_args()
    print(f"Domino Lab {dl.__version__}, Python {platform.python_version()}; "
          f"{dl.SearchPlayer.WORK_PER_SECOND:,} units of work a second; "
          f"{'wall-clock limits' if args.clock else 'work budgets'}; {args.preset}; seed {args.seed}")
    print("\n| A v B | deals | A's gain a hand (95% CI) | above 0 | hands won A / B % | median ms A / B | seconds |")
    print("|---|---|---|---|---|---|---|")
    if args.what == "doubling":
        for t in args.times:
            tree = "" if args.tree_from is None else f", tree from {args.tree_from:,}"
            row(f"{t:g} ms v {t / 2:g} ms{tree}", searcher(t, args.clock, args.tree_from),
                searcher(t / 2, args.clock, args.tree_from),
                args.preset, args.deals, args.seed, args.workers, args.ledger)
    else:
        levels = list(dl.SearchPlayer.LEVELS)
        for low, high in itertools.pairwise(levels):
            row(f"{high} v {low}", functools.partial(dl.SearchPlayer, level=high),
                functools.partial(dl.SearchPlayer, level=low), args.preset, args.deals, args.seed, args.workers,
                args.ledger)


if __name__ == "__main__":
    main()
