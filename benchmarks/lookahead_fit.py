"""Fit the weights of :func:`dominolab.search.lookahead.linear_value` (issue 46).

Run: ``python benchmarks/lookahead_fit.py [preset] [positions]`` (standard, 20,000: about
10 seconds).  Positions come from greedy play to a random move (1-19) of seeded hands; each
position's target is the seat to move's net points over four play-outs with the search's
policy from there (every hand known, as in a sampled deal).  Prints the least-squares
weights in :data:`~dominolab.search.lookahead.WEIGHTS`'s order and the share of the
targets' variance they explain (R²) for nested sets of features.  Needs numpy.
"""

from __future__ import annotations

import random
import sys

import numpy as np

import dominolab as dl
from dominolab import search
from dominolab.search.lookahead import FEATURES, features


def main() -> None:
    rules = dl.Rules.preset(sys.argv[1] if len(sys.argv) > 1 else "standard")
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 20_000
    rng = random.Random(7)
    policy = search.Policy(rules)
    utility = search.net_utility(2)
    xs, ys = [], []
    while len(xs) < count:
        r = dl.Round.deal(rules, 2, seed=rng.randrange(10**9))
        players = [dl.GreedyPlayer(rng.randrange(9999)), dl.GreedyPlayer(rng.randrange(9999))]
        stop = rng.randrange(1, 20)
        moves = 0
        while not r.is_over and moves < stop:
            r.play(players[r.turn].choose(r.view(r.turn)))
            moves += 1
        if r.is_over:
            continue
        me = rules.side_of(r._turn, 2)
        xs.append(features(r))
        saved = r._fast_save()
        total = 0.0
        for _ in range(4):
            r._fast_load(saved)
            pick, _counter = policy.picker([rng.random() for _ in range(32)])
            r._fast_rollout(pick)
            total += utility(r._fast_points())[me]
        r._fast_load(saved)
        ys.append(total / 4)
    x, y = np.array(xs), np.array(ys)
    for cols in ([0, 1, 2], [0, 1, 2, 3, 4], list(range(7)), list(range(13))):
        w, *_ = np.linalg.lstsq(x[:, cols], y, rcond=None)
        r2 = 1 - ((y - x[:, cols] @ w) ** 2).mean() / y.var()
        weights = ", ".join(f"{FEATURES[c]} {v:+.3f}" for c, v in zip(cols, w, strict=True))
        print(f"{len(cols):2d} features: R² {r2:.3f}; {weights}")


if __name__ == "__main__":
    main()
