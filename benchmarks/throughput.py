"""Complete rounds per second.

1. Through the public API (``Round.deal``, ``legal_moves``, ``play``), by players who play
   a random playable tile when they have one and otherwise draw or pass as the rules
   require: the engine's raw speed.  Target: 12,000 2-player standard rounds a second.
   Beside it, in the same run, a *bare loop*: the same game (two players, standard rules: a
   random playable tile, else draw one, the last two tiles stay, pass when nothing may be
   drawn; out or blocked ends the hand, counted in pips) written as plain Python lists with
   no checks, history or views.  Its ratio says what the public API's safety costs.
   Target (issue 20): the API at 0.8 of the bare loop or better.  The ratio is also timed in
   alternating pairs of batches, which a busy neighbour skews far less.
2. Through the simulator (``dl.simulate`` with two ``RandomPlayer`` s, which see only
   their views), with 1 and 2 worker processes.

Run: ``python benchmarks/throughput.py`` (``--seconds 3`` per configuration by default; the
figure is the median of five timed runs).  ``--profile`` instead plays 5,000 2-player
standard rounds through the public API under cProfile and prints where the time goes;
``--ratio`` times only the API against the bare loop, in alternating pairs; ``--only api``
(``bare``, ``none``) plays 400 rounds untimed, for counting instructions under valgrind.
Prints tables; nothing here is asserted by the tests.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

import dominolab as dl
from dominolab import Play

CONFIGS = [
    ("standard, 2 players", "standard", 2),
    ("standard, 4 players", "standard", 4),
    ("partnership, 4 players", "partnership", 4),
]


def play_rounds(rules: dl.Rules, players: int, rounds: int, seed: int) -> int:
    """Play ``rounds`` complete hands; returns the number of moves made."""
    rng = random.Random(seed)
    randrange = rng.randrange
    moves_made = 0
    for _ in range(rounds):
        r = dl.Round.deal(rules, players, seed=rng)
        legal_moves, play = r.legal_moves, r.play
        while not r.is_over:
            moves = legal_moves()
            last = moves[-1]
            n = len(moves)
            if last.__class__ is not Play:  # Draw or Pass comes last; prefer a play
                if n == 1:
                    play(last)
                    moves_made += 1
                    continue
                n -= 1
            play(moves[randrange(n)])
            moves_made += 1
    return moves_made


def bare_rounds(rounds: int, seed: int) -> int:
    """The bare loop: ``rounds`` complete 2-player standard hands; returns the moves made."""
    rng = random.Random(seed)
    randrange, shuffle = rng.randrange, rng.shuffle
    tiles = [(a, b) for a in range(7) for b in range(a + 1)]
    moves_made = 0
    for _ in range(rounds):
        stock = tiles[:]
        shuffle(stock)
        hands = [stock[:7], stock[7:14]]
        del stock[:14]
        turn = randrange(2)
        left = right = -1
        passes = 0
        while True:
            hand = hands[turn]
            if left < 0:
                playable = [(t, 0) for t in hand]
            else:
                playable = [(t, 0 if left in t else 1) for t in hand if left in t or right in t]
            if playable:
                tile, side = playable[randrange(len(playable))]
                hand.remove(tile)
                a, b = tile
                if left < 0:
                    left, right = a, b
                elif side == 0:
                    left = b if a == left else a
                else:
                    right = b if a == right else a
                passes = 0
                moves_made += 1
                if not hand:
                    break
            elif len(stock) > 2:
                hand.append(stock.pop())
                moves_made += 1
                continue  # the same player again
            else:
                passes += 1
                moves_made += 1
                if passes == 2:
                    break
            turn ^= 1
        sum(a + b for a, b in hands[0]), sum(a + b for a, b in hands[1])  # the pips, as a score needs
    return moves_made


def measure_bare(seconds: float, seed: int = 1, repeats: int = 5) -> tuple[float, float]:
    """Rounds per second of the bare loop, timed like :func:`measure`."""
    bare_rounds(200, seed)
    rates, total_rounds, total_moves = [], 0, 0
    for _ in range(repeats):
        start = time.perf_counter()
        done = 0
        while True:
            total_moves += bare_rounds(250, seed + total_rounds)
            total_rounds += 250
            done += 250
            elapsed = time.perf_counter() - start
            if elapsed >= seconds / repeats:
                break
        rates.append(done / elapsed)
    return statistics.median(rates), total_moves / total_rounds


def measure_ratio(seconds: float, seed: int = 1, batch: int = 500) -> tuple[float, float, float, int]:
    """The public API's speed over the bare loop's on 2-player standard rounds, timed in
    alternating batches of the same size (API then bare, then bare then API), so
    whatever a neighbour does falls on both sides of a pair.  Returns the median of the
    pairs' ratios, its lower and upper quartiles, and the number of pairs."""
    rules = dl.Rules.preset("standard")
    play_rounds(rules, 2, 200, seed)  # warm up
    bare_rounds(200, seed)
    clock = time.perf_counter

    def api_time(batch_seed: int) -> float:
        t0 = clock()
        play_rounds(rules, 2, batch, batch_seed)
        return clock() - t0

    def bare_time(batch_seed: int) -> float:
        t0 = clock()
        bare_rounds(batch, batch_seed)
        return clock() - t0

    ratios: list[float] = []
    start = clock()
    while clock() - start < seconds or len(ratios) < 4:
        batch_seed = seed + len(ratios) * batch
        if len(ratios) % 2:
            bare = bare_time(batch_seed)
            api = api_time(batch_seed)
        else:
            api = api_time(batch_seed)
            bare = bare_time(batch_seed)
        ratios.append(bare / api)  # rounds/s of the API over rounds/s of the bare loop
    low, median, high = statistics.quantiles(ratios, n=4)
    return median, low, high, len(ratios)


def measure(rules: dl.Rules, players: int, seconds: float, seed: int = 1, repeats: int = 5) -> tuple[float, float]:
    """Rounds per second (the median of ``repeats`` timed runs sharing ``seconds``, so a
    busy neighbour on a shared machine skews one run, not the figure) and moves per round."""
    play_rounds(rules, players, 200, seed)  # warm up
    rates, total_rounds, total_moves = [], 0, 0
    batch = 250
    for _ in range(repeats):
        start = time.perf_counter()
        done = 0
        while True:
            total_moves += play_rounds(rules, players, batch, seed + total_rounds)
            total_rounds += batch
            done += batch
            elapsed = time.perf_counter() - start
            if elapsed >= seconds / repeats:
                break
        rates.append(done / elapsed)
    return statistics.median(rates), total_moves / total_rounds


def measure_simulator(workers: int, hands: int) -> float:
    """Hands a second through dl.simulate (random v random, standard, duplicate deals)."""
    dl.simulate("standard", ["random", "random"], rounds=200, seed=0, workers=workers, progress=False)
    start = time.perf_counter()
    dl.simulate("standard", ["random", "random"], rounds=hands, seed=1, workers=workers, progress=False)
    return hands / (time.perf_counter() - start)


def profile_rounds(rounds: int) -> None:
    """Print the functions the public API's rounds spend their time in (cProfile, by own
    time; the profiler's own cost inflates every call, so read the shares, not the times)."""
    import cProfile
    import pstats

    rules = dl.Rules.preset("standard")
    play_rounds(rules, 2, 200, 0)  # warm up
    profiler = cProfile.Profile()
    profiler.runcall(play_rounds, rules, 2, rounds, 1)
    pstats.Stats(profiler).sort_stats("tottime").print_stats(15)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per configuration")
    parser.add_argument("--profile", action="store_true",
                        help="profile 5,000 2-player standard rounds through the API instead")
    parser.add_argument("--ratio", action="store_true",
                        help="only time the API against the bare loop, in alternating pairs")
    parser.add_argument("--only", choices=["api", "bare", "none"],
                        help="play 400 2-player standard rounds through the API or the bare loop (after "
                             "a warm-up; 'none': the warm-up alone) and print nothing: for counting "
                             "instructions under valgrind, see benchmarks/README.md")
    args = parser.parse_args()
    if args.only:
        rules = dl.Rules.preset("standard")
        play_rounds(rules, 2, 50, 99)
        bare_rounds(50, 99)
        if args.only == "api":
            play_rounds(rules, 2, 400, 5)
        elif args.only == "bare":
            bare_rounds(400, 5)
        return
    if args.ratio:
        ratio, low, high, pairs = measure_ratio(2 * args.seconds)
        print(f"the public API runs 2-player standard rounds at {ratio:.2f} of the bare loop's speed "
              f"({pairs} alternating pairs of batches, quartiles {low:.2f}-{high:.2f})")
        return
    if args.profile:
        profile_rounds(5000)
        return
    print(f"Domino Lab {dl.__version__}, Python {platform.python_version()} on {platform.machine()}")
    print(f"{'configuration':<26}{'rounds/s':>12}{'moves/round':>14}")
    for label, preset, players in CONFIGS:
        rate, moves = measure(dl.Rules.preset(preset), players, args.seconds)
        print(f"{label:<26}{rate:>12,.0f}{moves:>14.1f}")
        if (preset, players) == ("standard", 2):
            api = rate
    bare, moves = measure_bare(args.seconds)
    print(f"{'bare loop, 2 players':<26}{bare:>12,.0f}{moves:>14.1f}")
    print(f"the public API runs 2-player standard rounds at {api / bare:.2f} of the bare loop's speed "
          "(the two medians above)")
    ratio, low, high, pairs = measure_ratio(2 * args.seconds)
    print(f"  timed in {pairs} alternating pairs of batches: {ratio:.2f} (quartiles {low:.2f}-{high:.2f})")
    print()
    print(f"{'simulator (random v random)':<34}{'hands/s':>10}")
    for workers in (1, 2):
        hands = int(4000 * args.seconds)
        print(f"{f'  {workers} worker' + ('s' if workers > 1 else ''):<34}{measure_simulator(workers, hands):>10,.0f}")


if __name__ == "__main__":
    main()
