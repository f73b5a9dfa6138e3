"""The analysis board: how long evaluate() and reading a hand take, and its values checked
by other methods.

Run: ``python benchmarks/analysis.py`` (about a minute on 2 cores), or with
``--positions 60 --texts 40``; ``--verify`` adds the checks by other methods (a few
minutes more).

1. **evaluate() time.**  Standard hands with two players (search players at level "easy"
   in both seats, seeds 1, 2, ...); at every decision of seat 0 with two or more legal
   moves the board ``AnalysisBoard.from_round(round, 0)`` is evaluated at its defaults (the
   hint's level).  Prints wall-clock seconds: median, 90th percentile and maximum.
   Target (issue 35): p90 at most 1 s on CPython.
2. **Reading a hand.**  The same hands written as text (``to_text``) and read back
   (``from_text``), for texts of 20 turn lines or more; prints milliseconds per text
   (median, 90th percentile, maximum; each the best of three readings).  Target: at most
   100 ms for a 20-turn hand.
3. **Checks by other methods** (``--verify``):

   a. positions with nothing hidden (Basic rules, two players, empty boneyard): every
      move's value from ``evaluate()`` against a plain minimax over the round's own moves
      (every hand known: no search, no pruning), and against :func:`dominolab.exact.solve`;
   b. positions with hidden tiles: ``evaluate()``'s best move against its runner-up by
      paired play-outs: deals of the hidden tiles that fit the view, both moves played on
      each, the hands finished by search players in every seat (each seeing only its own
      view, the same players for both moves).  Prints each position's gap from
      ``evaluate()`` and the paired difference with its 95% margin.

Nothing here is asserted by the tests.
"""

from __future__ import annotations

import argparse
import math
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import dominolab as dl
from dominolab import exact
from dominolab.analysis import AnalysisBoard
from dominolab.inference import infer


def p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.9 * len(ordered)) - 1)]


def decisions(count: int) -> list[dl.Round]:
    """Rounds at seat 0's decisions (two or more legal moves) of standard 2-player hands."""
    out: list[dl.Round] = []
    seed = 0
    while len(out) < count:
        seed += 1
        r = dl.Round.deal("standard", 2, seed=seed)
        players = [dl.SearchPlayer(seed * 2, level="easy"), dl.SearchPlayer(seed * 2 + 1, level="easy")]
        while not r.is_over and len(out) < count:
            if r.turn == 0 and len(r.legal_moves()) > 1:
                out.append(r.copy())
            r.play(players[r.turn].choose(r.view(r.turn)))
    return out


def hands(count: int, least_turns: int = 20) -> list[str]:
    """Texts of standard 2-player hands with at least ``least_turns`` turn lines, each
    without its last line (so the hand is still going on, and the position is checked)."""
    out: list[str] = []
    seed = 1000
    while len(out) < count:
        seed += 1
        r = dl.Round.deal("standard", 2, seed=seed)
        dl.play_out(r, [dl.SearchPlayer(seed, level="easy"), dl.GreedyPlayer(seed)])
        text = AnalysisBoard.from_round(r, 0, names=["me", "North"]).to_text()
        turns = sum(1 for line in text.splitlines() if line.startswith(("me:", "North:")))
        if turns > least_turns:
            out.append("\n".join(text.splitlines()[:-1]) + "\n")
    return out


def brute_force(r: dl.Round, side: int) -> float:
    if r.is_over:
        points = r.result.points  # type: ignore[union-attr]
        return float(points[side] - points[1 - side])
    values = []
    for move in r.legal_moves():
        r.play(move)
        values.append(brute_force(r, side))
        r.undo()
    return max(values) if r.turn == side else min(values)


def complete_positions(count: int, most_tiles: int) -> list[dl.Round]:
    found: list[dl.Round] = []
    seed = 0
    while len(found) < count:
        seed += 1
        r = dl.Round.deal("basic", 2, seed=seed)
        players = [dl.GreedyPlayer(seed), dl.RandomPlayer(seed)]
        while not r.is_over:
            if (r.boneyard_count == 0 and r.turn == 0 and len(r.legal_moves()) > 1
                    and sum(r.hand_counts) <= most_tiles):
                found.append(r)
                break
            r.play(players[r.turn].choose(r.view(r.turn)))
    return found


def verify_exact(count: int) -> None:
    agree = moves = 0
    worst = 0.0
    for r in complete_positions(count, 10):
        analysis = AnalysisBoard.from_round(r, 0).evaluate()
        solved = exact.solve(r.view(0))
        for move in r.legal_moves():
            r.play(move)
            truth = brute_force(r, 0)
            r.undo()
            moves += 1
            worst = max(worst, abs(analysis[move].points - truth), abs(solved[move].value - truth))
            agree += abs(analysis[move].points - truth) < 1e-9 and analysis.method == "exact"
    print(f"nothing hidden (basic, 2 players, empty boneyard): {count} positions, {moves} moves; evaluate() "
          f"equals plain minimax on {agree} of {moves} (largest difference {worst:.3g}, exact.solve included)")


def verify_paired(count: int, deals: int, level: str, seed: int) -> None:
    rng = random.Random(seed)
    rounds = [r for r in decisions(count * 6) if r.boneyard_count > 4][::6][:count]
    print(f"hidden tiles (standard, 2 players): paired play-outs, {deals} deals of the hidden tiles a position, "
          f"search players at {level!r} finishing both hands")
    for r in rounds:
        board = AnalysisBoard.from_round(r, 0)
        analysis = board.evaluate()
        best, runner = analysis.moves[0], analysis.moves[1]
        view = board.view()
        knowledge = infer(view, probabilities=False)
        diffs = []
        for k in range(deals):
            world = knowledge.sample(rng)
            nets = []
            for move in (best.move, runner.move):
                players = [dl.SearchPlayer(seed + 7 * k + s, level=level) for s in range(2)]
                game = dl.Round.from_view(view, world.hands, list(world.boneyard))
                game.play(move)
                while not game.is_over:
                    game.play(players[game.turn].choose(game.view(game.turn)))
                points = game.result.points  # type: ignore[union-attr]
                nets.append(points[0] - points[1])
            diffs.append(nets[0] - nets[1])
        mean = statistics.fmean(diffs)
        margin = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))
        print(f"  {best.move!s:>16} vs {runner.move!s:<16} evaluate() gap {best.points - runner.points:+5.2f} "
              f"({best.verdict}/{runner.verdict}); paired play-outs {mean:+5.2f} ± {margin:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--texts", type=int, default=30)
    parser.add_argument("--verify", action="store_true")
    parser.add_argument("--paired", type=int, default=4, help="--verify: positions checked by paired play-outs")
    parser.add_argument("--deals", type=int, default=60, help="--verify: deals a position")
    parser.add_argument("--level", default="easy", help="--verify: the level finishing the hands")
    args = parser.parse_args()
    print(f"Python {platform.python_implementation()} {platform.python_version()} on {platform.machine()}")

    walls, cpus = [], []
    exact_count = 0
    for r in decisions(args.positions):
        board = AnalysisBoard.from_round(r, 0)
        wall, cpu = time.perf_counter(), time.process_time()
        analysis = board.evaluate()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        exact_count += analysis.method == "exact"
    print(f"evaluate(), standard 2 players, {len(walls)} positions ({exact_count} exact): wall median "
          f"{statistics.median(walls):.2f} s, p90 {p90(walls):.2f} s, max {max(walls):.2f} s; "
          f"CPU median {statistics.median(cpus):.2f} s, p90 {p90(cpus):.2f} s")

    reads = []
    lines = []
    for text in hands(args.texts):
        best = math.inf
        for _ in range(3):
            start = time.perf_counter()
            AnalysisBoard.from_text(text)
            best = min(best, time.perf_counter() - start)
        reads.append(best * 1000)
        lines.append(sum(1 for line in text.splitlines() if ":" in line) - 4)
    print(f"from_text(), {len(reads)} hands of {min(lines)} to {max(lines)} turns: median "
          f"{statistics.median(reads):.1f} ms, p90 {p90(reads):.1f} ms, max {max(reads):.1f} ms")

    if args.verify:
        verify_exact(12)
        verify_paired(args.paired, args.deals, args.level, 1)


if __name__ == "__main__":
    main()
