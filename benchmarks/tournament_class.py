"""A simulated class in a classroom tournament: are honest students ever flagged as copies,
and are copies, re-spelled copies and splices caught?

For each configuration (hands, opponents) and each kind of student (greedy: always the
heaviest tile; strategy: SearchPlayer "easy" and "medium", half each; random: any tile that
fits), a class of ``--students`` honest students plays the tournament, each with a seed of
their own.  The leaderboard checks the class alone: every honest student it holds back or
names in a finding is a false flag.  Then cheats join the same class and the leaderboard
runs again:

* copy: a classmate's result with another name;
* re-spelled copy: the same, with every tile the student played spelt the other way round
  ("2-1" for "1-2") in the file;
* splice: hand ``i`` taken from classmate ``i`` (the one who scored most in that hand among
  those not used yet), the points added up again so that the file replays.

A cheat counts as caught when the board holds it back (not ranked) with a finding that
names it.  Run: ``nice python benchmarks/tournament_class.py`` (``--students 30``, about
three minutes on 2 cores with `nice`); ``--quick`` for 8 students.  Prints a table.
"""

from __future__ import annotations

import argparse
import copy
import platform
import random
import statistics
import time
from typing import Any

from dominolab.players import GreedyPlayer, RandomPlayer, SearchPlayer
from dominolab.tournament import PART_BITS, WHOLE_BITS, Leaderboard, Tournament

CONFIGS = [(4, "greedy", 1234), (6, "strategy", 99), (4, "strategy", 7), (6, "greedy", 8)]
KINDS = ["greedy", "strategy", "random"]


def student(kind: str, seed: int) -> Any:
    if kind == "greedy":
        return GreedyPlayer(seed)
    if kind == "random":
        return RandomPlayer(seed)
    return SearchPlayer(seed, level="easy" if seed % 2 else "medium")


def play(t: Tournament, name: str, player: Any) -> dict:
    entry = t.entry(name)
    while not entry.is_finished:
        while not entry.view().is_over:
            entry.play(player.choose(entry.view()))
        entry.next_hand()
    return entry.result()


def respell(result: dict, name: str) -> dict:
    """A copy with every tile the student played written the other way round."""
    out = copy.deepcopy(result)
    out["name"] = name
    for hand in out["hands"]:
        for move in hand["moves"]:
            if move["seat"] == 0 and "play" in move:
                a, b = move["play"].split("-")
                move["play"] = f"{b}-{a}"
    return out


def splice(results: list[dict], hands: int, rng: random.Random, name: str) -> dict:
    """Each hand from a different classmate: the best-scoring one not used yet."""
    used: set[int] = set()
    taken = []
    for i in range(hands):
        def score(n: int, i: int = i) -> tuple[int, float]:
            return (results[n]["hands"][i]["result"]["points"][0], rng.random())
        best = max((n for n in range(len(results)) if n not in used), key=score)
        used.add(best)
        taken.append(copy.deepcopy(results[best]["hands"][i]))
    out = copy.deepcopy(results[0])
    out["name"] = name
    out["hands"] = taken
    out["points"] = sum(h["result"]["points"][0] for h in taken)
    return out


def flagged(board: Leaderboard) -> set[str]:
    names = {row["name"] for row in board.held}
    for finding in board.findings:
        names.update(finding.names)
    return names


def measure(students: int, cheats: int, hands: int, opponents: str, seed: int, kind: str) -> dict:
    t = Tournament.create("standard", hands=hands, opponents=opponents, seed=seed)
    start = time.perf_counter()
    honest = [play(t, f"{kind} {n}", student(kind, 1000 * seed + n)) for n in range(students)]
    played = time.perf_counter() - start
    start = time.perf_counter()
    board = t.leaderboard([(r["name"] + ".json", r) for r in honest])
    checked = time.perf_counter() - start
    assert not board.rejected, board.rejected
    false = flagged(board)
    rng = random.Random(seed)
    cheats_made: dict[str, list[str]] = {"copy": [], "re-spelled copy": [], "splice": []}
    extra = []
    for c in range(cheats):
        original = honest[rng.randrange(students)]
        extra.append({**copy.deepcopy(original), "name": f"copier {c}"})
        cheats_made["copy"].append(f"copier {c}")
        extra.append(respell(honest[rng.randrange(students)], f"respeller {c}"))
        cheats_made["re-spelled copy"].append(f"respeller {c}")
        extra.append(splice(honest[rng.randrange(students):] + honest, hands, rng, f"splicer {c}"))
        cheats_made["splice"].append(f"splicer {c}")
    with_cheats = t.leaderboard([(r["name"] + ".json", r) for r in honest + extra])
    rejected = {label for label, _ in with_cheats.rejected}
    held = {row["name"] for row in with_cheats.held}
    named = flagged(with_cheats)
    caught = {what: sum(n in held and n in named for n in names) for what, names in cheats_made.items()}
    bits = [sum(p.bits for p in t.check(r).plays) for r in honest]
    pairs = [p for p in board.identical]
    return {
        "false": len(false), "pairs": len(pairs), "pair_bits": max((p.bits for p in pairs), default=0.0),
        "whole_pairs": max((p.bits for p in pairs if len(p.hands) == hands), default=0.0),
        "caught": caught, "made": cheats, "rejected": len(rejected),
        "result_bits": (min(bits), statistics.median(bits)), "zero_bit_results": sum(b < WHOLE_BITS for b in bits),
        "play_s": played, "check_s": checked / students,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--cheats", type=int, default=5, help="copies, re-spelled copies and splices, each")
    parser.add_argument("--quick", action="store_true", help="8 students, 2 cheats of each kind")
    args = parser.parse_args()
    students, cheats = (8, 2) if args.quick else (args.students, args.cheats)
    print(f"Python {platform.python_version()}, {students} honest students a class; thresholds: "
          f"{WHOLE_BITS:g} bits identical in every hand, {PART_BITS:g} bits in some hands")
    print(f"{'tournament':<22}{'students':<10}{'honest flagged':>15}{'identical pairs':>16}{'max bits':>9}"
          f"{'(all hands)':>12}"
          f"{'copies':>8}{'re-spelled':>11}{'splices':>8}{'results < ' + format(WHOLE_BITS, 'g') + ' bits':>18}"
          f"{'check s/file':>13}")
    for hands, opponents, seed in CONFIGS:
        for kind in KINDS:
            m = measure(students, cheats, hands, opponents, seed, kind)
            c = m["caught"]
            print(f"{f'{hands} hands v {opponents}':<22}{kind:<10}{m['false']:>8}/{students:<6}{m['pairs']:>16}"
                  f"{m['pair_bits']:>9.1f}{m['whole_pairs']:>12.1f}"
                  f"{c['copy']:>5}/{m['made']:<2}{c['re-spelled copy']:>8}/{m['made']:<2}"
                  f"{c['splice']:>5}/{m['made']:<2}{m['zero_bit_results']:>15}/{students:<2}{m['check_s']:>13.3f}",
                  flush=True)


if __name__ == "__main__":
    main()
