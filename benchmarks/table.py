"""The play table's Python side: what one of your moves costs before it reaches the browser.

For each of your moves in complete hands: the time ``TableSession.handle_intent`` takes
(check the intent, apply it through the engine, let the computer players move, synchronously
here) and the time the presenter takes to turn the state into a snapshot, with the size of
that snapshot as JSON.  The browser's own figures (click to render, opponent reply, both with
the kernel round trip) are printed by ``pytest tests/browser/test_lab.py``.

Run: ``python benchmarks/table.py`` (``--hands 30`` per configuration by default).
Prints a table; nothing here is asserted by the tests.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time

import dominolab as dl
from dominolab.presenter import present
from dominolab.session import TableSession

CONFIGS = [
    ("standard, 2 players, greedy", "standard", 2, "greedy"),
    ("standard, 2 players, strategy", "standard", 2, "strategy"),
    ("standard, 4 players, greedy, hints", "standard", 4, "greedy"),
]


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, round(q * (len(values) - 1)))]


def measure(rules: str, players: int, opponents: str, hands: int, seed: int) -> dict:
    intent_ms: list[float] = []
    present_ms: list[float] = []
    sizes: list[int] = []
    rng = random.Random(seed)
    t = TableSession(rules, players=players, opponents=opponents, seed=seed, hints=players == 4)
    for _ in range(hands):
        while not t.round.is_over:
            move = rng.choice(t.round.legal_moves())
            fields = {"tile": str(move.tile), "end": move.end} if isinstance(move, dl.Play) else {}
            intent = {"action": "play" if fields else str(move), "version": t.version, **fields}
            start = time.perf_counter()
            t.handle_intent(intent)
            intent_ms.append((time.perf_counter() - start) * 1000)
            state = t.state()
            start = time.perf_counter()
            snapshot = present(state)
            present_ms.append((time.perf_counter() - start) * 1000)
            sizes.append(len(json.dumps(snapshot)))
        t.handle_intent({"action": "next_hand" if not t.state().match_over else "new_match", "version": t.version})
    return {"moves": len(intent_ms), "intent": intent_ms, "present": present_ms, "bytes": sizes}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=30)
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, {args.hands} hands per configuration")
    print(f"{'configuration':38} {'moves':>6} {'intent median/p95 ms':>22} {'present median/p95 ms':>23} "
          f"{'snapshot median/max KB':>23}")
    for name, rules, players, opponents in CONFIGS:
        m = measure(rules, players, opponents, args.hands, seed=1)
        print(f"{name:38} {m['moves']:>6} "
              f"{statistics.median(m['intent']):>11.2f} / {percentile(m['intent'], 0.95):>7.2f} "
              f"{statistics.median(m['present']):>12.2f} / {percentile(m['present'], 0.95):>7.2f} "
              f"{statistics.median(m['bytes']) / 1024:>12.1f} / {max(m['bytes']) / 1024:>7.1f}")


if __name__ == "__main__":
    main()
