"""Train lesson 8's linear player by self-play (the cross-entropy method, numpy only) and
measure it against the engine's ladder on duplicate deals.

``python benchmarks/env_train.py --train`` runs the longer learning run whose weights ship as
``src/dominolab/env/weights.json`` (the lesson runs a short one in under a minute) and
writes them there, with the command and the curve.  ``python benchmarks/env_train.py
--against greedy --deals 400`` plays the shipped weights (``dl.env.linear.LinearPlayer()``)
against the engine's player on 400 duplicate deals (each deal played once from each seat,
through ``dl.simulate``) and prints the comparison with its 95% intervals: the figure the
issue asks for.  Both runs are seeded: the same command prints the same figures.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

import dominolab as dl
from dominolab.env.linear import FEATURES, WEIGHTS_FILE, LinearPlayer, cross_entropy


def train(args: argparse.Namespace) -> None:
    start = time.perf_counter()

    def report(generation: int, run) -> None:
        print(f"generation {generation + 1:>3}: best {run.best[-1]:+6.2f}, population mean {run.mean[-1]:+6.2f}, "
              f"against greedy {run.against_yardstick[-1]:+6.2f} net points a hand "
              f"({time.perf_counter() - start:.0f} s)", flush=True)

    run = cross_entropy(args.generations, args.population, args.elite, args.train_deals, seed=args.seed,
                        yardstick_deals=args.yardstick_deals, on_generation=report)
    # The weights kept: the generation's mean that did best against the yardstick, over the
    # last third of the run (the curve is noisy; this picks a good point of it, not the last).
    tail = range(len(run.weights) * 2 // 3, len(run.weights))
    keep = max(tail, key=lambda g: run.against_yardstick[g])
    data = {
        "features": list(FEATURES),
        "weights": [round(w, 4) for w in run.weights[keep]],
        "rules": "standard",
        "players": 2,
        "made_by": "python benchmarks/env_train.py --train " + " ".join(
            f"--{k.replace('_', '-')} {getattr(args, k)}" for k in
            ("generations", "population", "elite", "train_deals", "yardstick_deals", "seed")),
        "generation": keep + 1,
        "curve": {"against_greedy": [round(v, 3) for v in run.against_yardstick],
                  "best": [round(v, 3) for v in run.best], "mean": [round(v, 3) for v in run.mean]},
    }
    WEIGHTS_FILE.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"kept generation {keep + 1}'s weights: {data['weights']}\nwrote {WEIGHTS_FILE}")


def against(args: argparse.Namespace) -> None:
    player = LinearPlayer(name="linear")
    result = dl.simulate("standard", [player, args.against], rounds=2 * args.deals, seed=args.seed, progress=False)
    print(result.table())
    print(result.compare(0, 1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--train", action="store_true", help="run the learning and write weights.json")
    parser.add_argument("--generations", type=int, default=30)
    parser.add_argument("--population", type=int, default=24)
    parser.add_argument("--elite", type=int, default=6)
    parser.add_argument("--train-deals", type=int, default=60, help="new duplicate deals per generation")
    parser.add_argument("--yardstick-deals", type=int, default=200, help="fixed deals against greedy per generation")
    parser.add_argument("--against", default="greedy", help="the ladder's player to measure the weights against")
    parser.add_argument("--deals", type=int, default=400, help="duplicate deals of the measurement")
    parser.add_argument("--seed", type=int, default=47)
    args = parser.parse_args()
    if args.train:
        train(args)
    else:
        against(args)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
