"""Environment steps a second: random legal play through ``dominolab.env``, on one core.

Each configuration plays whole hands through the wrapped AEC environment (``env()``, with
PettingZoo's wrappers) the way a learning loop does: ``last()`` for the agent to move, a
random action among those its ``action_mask`` allows, ``step()``.  Beside it, in the same
run, two loops of the engine's own, counted in moves a second:

* **play_out**: ``dominolab.playout.play_out`` with one ``RandomPlayer`` per seat, the
  engine's play-out loop between players (each move asks a player for its move from its
  ``View``), as the simulator and matches run it;
* **public API**: ``Round.legal_moves`` and ``Round.play`` with no views at all, as
  ``benchmarks/throughput.py`` times it (the engine's raw speed).

Targets (issue 47): at least 20,000 environment steps a second, and within 3x of the
engine's play-out loop.  The figure is the median of five timed runs.

Run: ``python benchmarks/env_throughput.py`` (``--seconds 2`` per configuration); ``--cpu``
times by the process's CPU time (what one core does when busy neighbours share the machine);
``--profile`` prints where 2,000 hands of the environment spend their time (cProfile).
Prints tables; nothing here is asserted by the tests.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from pathlib import Path

import dominolab as dl
from dominolab.env import env
from dominolab.playout import play_out

sys.path.insert(0, str(Path(__file__).resolve().parent))
from throughput import play_rounds

CONFIGS = [
    ("standard, 2 players", "standard", 2),
    ("standard, 4 players", "standard", 4),
    ("partnership, 4 players", "partnership", 4),
]


def env_hands(game, hands: int, seed: int) -> int:
    """Play ``hands`` hands through ``game`` with random legal actions; returns the steps."""
    rng = random.Random(seed)
    randrange = rng.randrange
    steps = 0
    for hand in range(hands):
        game.reset(seed=seed + hand)
        last, step = game.last, game.step
        for _agent in game.agent_iter():
            observation, _reward, termination, truncation, _info = last()
            if termination or truncation:
                step(None)
                continue
            legal = observation["action_mask"].nonzero()[0]
            step(int(legal[randrange(len(legal))]))
            steps += 1
    return steps


def playout_hands(rules: dl.Rules, players: int, hands: int, seed: int) -> int:
    """Play ``hands`` hands with ``play_out`` and random players; returns the moves."""
    seats = [dl.RandomPlayer(seed=seed + s) for s in range(players)]
    moves = 0
    rng = random.Random(seed)
    for _ in range(hands):
        r = play_out(dl.Round.deal(rules, players, seed=rng), seats)
        r.result  # noqa: B018  (scored, as the simulator and a match score every hand)
        moves += len(r.moves)
    return moves


CLOCK = time.perf_counter


def rate(run, seconds: float, batch: int, repeats: int = 5) -> float:
    """Steps (or moves) a second: the median of ``repeats`` timed runs of whole batches."""
    run(batch // 4 or 1, 999)  # warm up
    rates = []
    seed = 0
    for _ in range(repeats):
        start = CLOCK()
        count = 0
        while True:
            count += run(batch, seed)
            seed += batch
            elapsed = CLOCK() - start
            if elapsed >= seconds / repeats:
                break
        rates.append(count / elapsed)
    return statistics.median(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per configuration and loop")
    parser.add_argument("--profile", action="store_true", help="profile 2,000 hands of the environment instead")
    parser.add_argument("--cpu", action="store_true",
                        help="time by the process's CPU time instead of the wall clock: on a machine shared "
                             "with busy neighbours, the figure of a core to itself")
    args = parser.parse_args()
    global CLOCK
    if args.cpu:
        CLOCK = time.process_time
    if args.profile:
        import cProfile
        import pstats

        game = env(rules="standard", players=2)
        env_hands(game, 100, 0)
        profiler = cProfile.Profile()
        profiler.runcall(env_hands, game, 2000, 1)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(18)
        return
    clock = "CPU time" if args.cpu else "wall clock"
    print(f"Domino Lab {dl.__version__}, Python {platform.python_version()} on {platform.machine()}, one core, "
          f"timed by the {clock}")
    print(f"{'configuration':<24}{'env steps/s':>13}{'play_out moves/s':>18}{'ratio':>7}"
          f"{'public API moves/s':>20}{'ratio':>7}")
    for label, preset, players in CONFIGS:
        rules = dl.Rules.preset(preset)
        game = env(rules=preset, players=players)
        env_rate = rate(lambda hands, seed, game=game: env_hands(game, hands, seed), args.seconds, 50)
        loop_rate = rate(lambda hands, seed, rules=rules, players=players: playout_hands(rules, players, hands, seed),
                         args.seconds, 50)
        api_rate = rate(lambda hands, seed, rules=rules, players=players: play_rounds(rules, players, hands, seed),
                        args.seconds, 200)
        print(f"{label:<24}{env_rate:>13,.0f}{loop_rate:>18,.0f}{loop_rate / env_rate:>6.2f}x"
              f"{api_rate:>20,.0f}{api_rate / env_rate:>6.2f}x")
    print("ratio: how many times faster the engine's loop makes moves than the environment makes steps")


if __name__ == "__main__":
    main()
