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
* splice: hand ``i`` taken from classmate ``i`` (as many classmates as hands, at random),
  the points added up again so that the file replays.

Each cheat is made twice: as a student edits a file (the copied file keeps the classmate's
key and seals, which no longer match its name or hands), and *disguised*, given a key of its
own and sealed again with Python (``tournament._seal``), which only the statistics of unusual
choices can find.  A cheat counts as caught when the board holds it back (not ranked) with a
finding that names it.  Run: ``nice python benchmarks/tournament_copies.py`` (``--students 30``, about
three minutes on 2 cores with `nice`); ``--quick`` for 8 students.  Prints a table.  (How much
cheating pays, with every kind of cheat in one class: benchmarks/tournament_class.py.)
"""

from __future__ import annotations

import argparse
import copy
import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from dominolab.players import GreedyPlayer, RandomPlayer, SearchPlayer
from dominolab.tournament import PART_BITS, WHOLE_BITS, Checked, Tournament, _seal

sys.path.insert(0, str(Path(__file__).resolve().parent))
from tournament_class import by, flagged, play  # a student's whole tournament, and who the board points at

CONFIGS = [(4, "greedy", 1234), (6, "strategy", 99), (4, "strategy", 7), (6, "greedy", 8)]
KINDS = ["greedy", "strategy", "random"]


def student(kind: str, seed: int) -> Any:
    if kind == "greedy":
        return GreedyPlayer(seed)
    if kind == "random":
        return RandomPlayer(seed)
    return SearchPlayer(seed, level="easy" if seed % 2 else "medium")


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
    """Hand ``i`` from classmate ``i``: as many classmates as hands, chosen at random."""
    donors = rng.sample(range(len(results)), hands)
    out = copy.deepcopy(results[donors[0]])
    out["name"] = name
    out["hands"] = [copy.deepcopy(results[d]["hands"][i]) for i, d in enumerate(donors)]
    out["points"] = sum(h["result"]["points"][0] for h in out["hands"])
    return out


def disguise(result: dict, rng: random.Random) -> dict:
    """The cheat re-sealed with Python under a fresh key: nothing in the file but its play gives it away."""
    out = copy.deepcopy(result)
    tid = Tournament.from_dict(out["tournament"]).id
    out["entry"] = f"{rng.getrandbits(64):016x}"
    out["seals"] = [_seal(out["entry"], tid, out["name"], i, hand) for i, hand in enumerate(out["hands"])]
    return out


def borrowed_bits(checked: list[Checked]) -> float:
    """The most bits any honest result holds in hands that some classmate played alike."""
    most = 0.0
    for i, c in enumerate(checked):
        shared = [h for h, p in enumerate(c.plays)
                  if any(o.plays[h].key == p.key for j, o in enumerate(checked) if j != i)]
        most = max(most, sum(c.plays[h].bits for h in shared))
    return most


def measure(students: int, cheats: int, hands: int, opponents: str, seed: int, kind: str) -> dict:
    t = Tournament.create("standard", hands=hands, opponents=opponents, seed=seed)
    start = time.perf_counter()
    honest = [play(t, f"{kind} {n}", by(student(kind, 1000 * seed + n))) for n in range(students)]
    played = time.perf_counter() - start
    start = time.perf_counter()
    checked = [(r["name"] + ".json", t.check(r)) for r in honest]
    check_s = (time.perf_counter() - start) / students
    board = t.rank(checked)
    assert not board.rejected, board.rejected
    rng = random.Random(seed)
    originals = rng.sample(range(students), min(students, 2 * cheats))
    made = {
        "copy": [{**copy.deepcopy(honest[n]), "name": "cheat"} for n in originals[:cheats]],
        "re-spelled copy": [respell(honest[n], "cheat") for n in originals[cheats:]],
        "splice": [splice(honest, hands, rng, "cheat") for _ in range(3 * cheats)],
    }
    made.update({f"disguised {what}": [disguise(data, rng) for data in files] for what, files in list(made.items())})
    caught = {}
    for what, files in made.items():
        hits = 0
        for data in files:  # one cheat at a time joins the class: no cheat is caught by another
            with_cheat = t.rank([*checked, ("cheat.json", t.check(data))])
            hits += "cheat" in {row["name"] for row in with_cheat.held} and "cheat" in flagged(with_cheat)
        caught[what] = (hits, len(files))
    bits = [sum(p.bits for p in c.plays) for _, c in checked]
    pairs = board.identical
    return {
        "false": len(flagged(board)), "pairs": len(pairs), "pair_bits": max((p.bits for p in pairs), default=0.0),
        "whole_pairs": max((p.bits for p in pairs if len(p.hands) == hands), default=0.0),
        "borrowed": borrowed_bits([c for _, c in checked]),
        "caught": caught, "low_results": sum(b < WHOLE_BITS for b in bits),
        "play_s": played, "check_s": check_s,
    }


def upload(files: int) -> None:
    """The teacher's upload box: the time to add each file, the last one with ``files - 1`` in."""
    from dominolab.widget import ResultsUpload

    t = Tournament.create("standard", hands=4, opponents="greedy", seed=1234)
    results = [play(t, f"student {n}", by(student(KINDS[n % 3], n))) for n in range(files)]
    box = ResultsUpload(t)
    times = []
    for data in results:
        text = json.dumps(data)
        start = time.perf_counter()
        box.add(data["name"] + ".json", text)
        times.append(time.perf_counter() - start)
    print(f"\nResultsUpload, {files} files of a 4-hand tournament added one by one: first add "
          f"{times[0]:.2f} s, median {statistics.median(times):.2f} s, last {times[-1]:.2f} s, "
          f"total {sum(times):.1f} s; {len(box.leaderboard.rows)} ranked, {len(box.leaderboard.held)} held")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--cheats", type=int, default=10, help="copies and re-spelled copies (3x as many splices)")
    parser.add_argument("--quick", action="store_true", help="8 students, 3 cheats of each kind")
    parser.add_argument("--upload", type=int, default=60, help="files for the upload box's timing (0: none)")
    args = parser.parse_args()
    students, cheats = (8, 3) if args.quick else (args.students, args.cheats)
    print(f"Python {platform.python_version()}, {students} honest students a class; a copy is called from "
          f"{WHOLE_BITS:g} bits of unusual choices shared in every hand, or {PART_BITS:g} bits in some hands")
    print("Honest: students held or named in a finding; identical pairs; the most bits two honest results shared "
          "(in some hands / in every hand) and one honest result shared with several classmates.")
    print("Cheats: caught / made, one cheat at a time in the honest class; disguised: re-keyed and re-sealed "
          "with Python, so that only the play can give it away.  Low: honest results "
          f"with < {WHOLE_BITS:g} bits in all (their copies cannot be told from honest play).\n")
    print(f"{'tournament':<20}{'students':<10}{'flagged':>8}{'pairs':>6}{'bits':>6}{'all':>6}{'several':>8}"
          f"{'copies':>8}{'re-spelled':>11}{'splices':>9}   disguised:{'copies':>7}{'re-spelled':>11}"
          f"{'splices':>9}{'low':>7}{'check s':>9}")
    for hands, opponents, seed in CONFIGS:
        for kind in KINDS:
            m = measure(students, cheats, hands, opponents, seed, kind)
            c = m["caught"]
            print(f"{f'{hands} hands v {opponents}':<20}{kind:<10}{m['false']:>5}/{students:<2}{m['pairs']:>6}"
                  f"{m['pair_bits']:>6.1f}{m['whole_pairs']:>6.1f}{m['borrowed']:>8.1f}"
                  + "".join(f"{c[w][0]:>{width - 3}}/{c[w][1]:<2}"
                            for w, width in (("copy", 8), ("re-spelled copy", 11), ("splice", 9)))
                  + " " * 13
                  + "".join(f"{c['disguised ' + w][0]:>{width - 3}}/{c['disguised ' + w][1]:<2}"
                            for w, width in (("copy", 7), ("re-spelled copy", 11), ("splice", 9)))
                  + f"{m['low_results']:>4}/{students:<2}{m['check_s']:>9.3f}", flush=True)
    if args.upload:
        upload(args.upload)


if __name__ == "__main__":
    main()
