"""How the table's hint answers and stops: the intent's answer, the hint's arrival, Cancel.

    nice python benchmarks/hint_cancel.py [--count 40] [--after 0.1]

At a table that thinks in the background (as in a Jupyter kernel), for ``--count`` positions
(two-player standard hands against the greedy player, a few random moves in), it asks for a
hint twice from the person's turn and prints p50, p90 and max of:

* *answer*: ``handle_intent({"action": "hint"})`` returning, the snapshot saying the table is
  thinking (what the view waits for before it can send anything else, Cancel included);
* *hint*: from the intent to the hint published (the search, bounded by ``HINT_SECONDS``);
* *cancel answer*: ``cancel_hint`` sent ``--after`` seconds into a second search, returning;
* *stopped*: from ``cancel_hint`` to the search's worker ending (it stops at its next deal);
* *check gap*: the most CPU time the search spends between two checks of its cancel event
  (the same position's search, run to the end with ``advise`` alone; the first check counted
  from the start): how late a Cancel is seen, the search's own work, when the machine runs
  its thread (a busy machine adds its own waits, as in *stopped*).

Times depend on the machine and its load; the table's own tests assert none of them.
"""

from __future__ import annotations

import argparse
import random
import statistics
import threading
import time
from typing import Optional

from dominolab import players
from dominolab.session import TableSession


def _quantile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


class _Watch:
    """The table's test hook, as a stopwatch on the hint's worker."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.ended = threading.Event()
        self.how = ""
        self.at = 0.0

    def reset(self) -> None:
        self.started.clear()
        self.ended.clear()

    def __call__(self, where: str) -> None:
        if where == "hint-start":
            self.started.set()
        elif where in ("hint-done", "hint-cancelled"):
            self.at = time.perf_counter()
            self.how = where
            self.ended.set()


def _send(t: TableSession, action: str) -> tuple[float, dict]:
    start = time.perf_counter()
    reply = t.handle_intent({"action": action, "version": t.version})
    return time.perf_counter() - start, reply


def _check_gap(view: object) -> float:
    """The most CPU time between two checks of the cancel event in one whole hint search."""
    last = time.thread_time()
    worst = 0.0

    def never() -> bool:
        nonlocal last, worst
        now = time.thread_time()
        worst = max(worst, now - last)
        last = now
        return False

    players.advise(view, time_limit=players.HINT_SECONDS, cancel=never)  # type: ignore[arg-type]
    return worst


def main(argv: Optional[list[str]] = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=40, help="how many positions (default 40)")
    parser.add_argument("--after", type=float, default=0.1, help="seconds into the search before Cancel")
    args = parser.parse_args(argv)
    answers: list[float] = []
    hints: list[float] = []
    cancels: list[float] = []
    stops: list[float] = []
    gaps: list[float] = []
    cancelled = positions = 0
    seed = 0
    while positions < args.count:
        seed += 1
        t = TableSession("standard", players=2, opponents="greedy", seed=seed, hints=True, background=True)
        rng = random.Random(seed)
        assert t.wait(30)
        for _ in range(rng.randint(0, 4)):
            if t.round.is_over:
                break
            t.act_move(rng.choice(t.round.legal_moves()))
        if t.round.is_over or len(t.round.legal_moves()) < 2:
            t.close()
            continue
        positions += 1
        gaps.append(_check_gap(t.round.view(t.round.turn)))
        watch = _Watch()
        t._test_hook = watch
        took, reply = _send(t, "hint")
        assert reply["ok"], reply
        answers.append(took)
        start = time.perf_counter() - took
        assert watch.ended.wait(60) and watch.how == "hint-done"
        hints.append(watch.at - start)
        watch.reset()
        assert _send(t, "hint")[1]["ok"] and watch.started.wait(30)
        time.sleep(args.after)  # a person reads "Thinking…", then presses Cancel
        start = time.perf_counter()
        took, reply = _send(t, "cancel_hint")
        assert reply["ok"], reply
        cancels.append(took)
        assert watch.ended.wait(60)
        if watch.how == "hint-cancelled":
            cancelled += 1
            stops.append(watch.at - start)
        t.close()
    figures: dict[str, float] = {}
    for name, xs in (("answer", answers), ("hint", hints), ("cancel answer", cancels), ("stopped", stops),
                     ("check gap", gaps)):
        if not xs:
            continue
        ms = [x * 1000 for x in xs]
        figures[name] = _quantile(ms, 0.9)
        print(f"{name:>14}: n={len(ms)} p50={statistics.median(ms):.1f} ms p90={_quantile(ms, 0.9):.1f} ms "
              f"max={max(ms):.1f} ms")
    print(f"{cancelled} of {positions} searches were still running when cancelled ({args.after} s in)")
    return figures


if __name__ == "__main__":
    main()
