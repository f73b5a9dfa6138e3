"""How strong is each player?  A round-robin of the ladder in duplicate format.

Run: ``python benchmarks/strength.py`` (about 15 minutes on 2 cores with the defaults),
or ``--quick`` for a short smoke run.  Every figure comes with a 95% interval: win rates
use Wilson intervals; each pairing is also compared deal by deal (``compare``), which is
what "significantly" means below.  The measured tables are kept in benchmarks/README.md.

Targets (2-player standard): SearchPlayer wins at least 60% of hands against GreedyPlayer
over at least 2,000 duplicate hands, lower interval bound above 55%, at no more than 200 ms
per decision; StrategyPlayer beats GreedyPlayer and GreedyPlayer beats RandomPlayer,
each significantly.  The omniscient player shows what the hidden information costs.
"""

from __future__ import annotations

import argparse
import platform
import time

import dominolab as dl

TWO_PLAYER = [
    ("greedy", "random"),
    ("strategy", "greedy"),
    ("search", "greedy"),
    ("search", "strategy"),
    ("omniscient", "greedy"),
    ("omniscient", "search"),
]
PARTNERSHIP = [
    ("greedy", "random"),
    ("strategy", "greedy"),
    ("search", "greedy"),
]


def run(rules: str, a: str, b: str, hands: int, seed: int, workers: int, partnership: bool) -> dl.SimulationResult:
    players = [a, b, a, b] if partnership else [a, b]
    return dl.simulate(rules, players, rounds=hands, seed=seed, workers=workers, progress=True)


def report(title: str, result: dl.SimulationResult, took: float) -> None:
    a, b = result.stats[0], result.stats[1]
    c = result.compare(0, 1)
    ms_a = "-" if a.ms_per_decision is None else f"{a.ms_per_decision:.1f}"
    ms_b = "-" if b.ms_per_decision is None else f"{b.ms_per_decision:.1f}"
    print(f"| {title} | {result.hands} | {100 * a.win_rate:.1f} ({100 * a.win_interval[0]:.1f}-"
          f"{100 * a.win_interval[1]:.1f}) | {100 * b.win_rate:.1f} | {c.margin:+.2f} "
          f"({c.margin_interval[0]:+.2f}..{c.margin_interval[1]:+.2f}) | "
          f"{'yes' if c.significant else 'no'} | {ms_a} / {ms_b} | {took:.0f} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per 2-player pairing")
    parser.add_argument("--partnership-hands", type=int, default=800, help="hands per partnership pairing")
    parser.add_argument("--cheap-hands", type=int, default=20000,
                        help="hands for pairings without a searching player (they are fast)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--quick", action="store_true", help="a short smoke run (100 hands a pairing)")
    args = parser.parse_args()
    if args.quick:
        args.hands = args.partnership_hands = args.cheap_hands = 100
    print(f"Domino Lab {dl.__version__}, Python {platform.python_version()}, {args.workers} workers, "
          f"seed {args.seed}; SearchPlayer level 'medium' ({dl.SearchPlayer.LEVELS['medium']} sampled deals)")
    header = ("| pairing (A v B) | hands | A wins % (95% CI) | B wins % | A's points margin a hand (95% CI) "
              "| significant | ms/decision A / B | seconds |")
    rule = "|---|---|---|---|---|---|---|---|"
    for rules, pairs, hands, partnership in (
        ("standard", TWO_PLAYER, args.hands, False),
        ("partnership", PARTNERSHIP, args.partnership_hands, True),
    ):
        print(f"\n{rules}{' (teams of two, partners opposite)' if partnership else ', 2 players'}, duplicate deals\n")
        print(header)
        print(rule)
        for a, b in pairs:
            start = time.perf_counter()
            searching = {"search", "omniscient"} & {a, b}
            count = hands if searching else max(hands, args.cheap_hands)
            result = run(rules, a, b, count, args.seed, args.workers, partnership)
            report(f"{a} v {b}", result, time.perf_counter() - start)


if __name__ == "__main__":
    main()
