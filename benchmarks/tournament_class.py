"""A simulated class in a classroom tournament: how many cheats are caught, and how far the
ones that are not caught beat honest play.

Each class is 30 honest students (a mix of play: 8 play any tile that fits, 8 always the
heaviest tile, 8 the engine's strategy player, 6 its easy search) and five of each kind of
cheat, all handing in their results together:

* **splice**: the best hand of six classmates for each deal, put into one file, given a key
  of its own and sealed again with Python (``tournament._seal``);
* **look-ahead**: the student plays on copies of the entry (``copy.deepcopy``): every move is
  tried on a copy, the hand played out greedily, and the move that scored most is played;
* **hard search**: every move chosen by the engine's search player at level "hard";
* **copy**: a classmate's result under another name, given a key of its own and sealed again.

A cheat counts as *caught* when the board holds it for the teacher (never ranked); *alone*
counts the cheats caught when each joins the honest class by itself; an honest
student is *flagged* when held or named in a finding.  For every cheat not caught the table
gives its points against honest play: the honest median and best, and how many honest
students it beats.

Run: ``python benchmarks/tournament_class.py`` (three classes, about 80 seconds of computing
on one core); ``--classes 1`` for one, ``--classes 5`` for all.  Prints a table per class and
the totals.
"""

from __future__ import annotations

import argparse
import copy
import platform
import random
import statistics
import time
from typing import Any

from dominolab.players import GreedyPlayer, RandomPlayer, SearchPlayer, StrategyPlayer
from dominolab.tournament import Entry, Leaderboard, Tournament, _seal
from dominolab.tournament.plausible import FAR_ABOVE, chance_of, computer_points

#: (hands, opponents, seed) of each simulated class's tournament.
CLASSES = [(6, "strategy", 99), (6, "greedy", 8), (4, "strategy", 7), (6, "strategy", 2024), (6, "greedy", 31)]
HONEST = [("random", 8), ("greedy", 8), ("strategy", 8), ("search", 6)]
CHEATS = ("splice", "look-ahead", "hard search", "copy")
PER_CHEAT = 5


def honest_player(kind: str, seed: int) -> Any:
    return {"random": RandomPlayer, "greedy": GreedyPlayer, "strategy": StrategyPlayer}.get(
        kind, lambda s: SearchPlayer(s, level="easy"))(seed)


def play(t: Tournament, name: str, choose: Any) -> dict:
    """``name``'s result when ``choose(entry)`` picks every move."""
    entry = t.entry(name)
    while not entry.is_finished:
        while not entry.view().is_over:
            entry.play(choose(entry))
        entry.next_hand()
    return entry.result()


def by(player: Any) -> Any:
    """Moves chosen by ``player`` (an engine player) for the entry."""
    return lambda entry: player.choose(entry.view())


def look_ahead(rng: random.Random) -> Any:
    """A student who tries every move on a copy of the entry, plays the hand out greedily
    there, and plays the move that scored most (ties broken at random: each student's own)."""
    def choose(entry: Entry) -> Any:
        scored = []
        before = entry.points
        for move in entry.view().legal:
            trial = copy.deepcopy(entry)
            trial.play(move)
            greedy = GreedyPlayer(rng.getrandbits(30))
            while not trial.view().is_over:
                trial.play(greedy.choose(trial.view()))
            scored.append((trial.points - before, rng.random(), move))
        return max(scored, key=lambda s: s[:2])[2]
    return choose


def resealed(data: dict, name: str, rng: random.Random) -> dict:
    """``data`` under ``name``, with a key of its own, sealed again with Python."""
    out = copy.deepcopy(data)
    out["name"] = name
    out["entry"] = f"{rng.getrandbits(64):016x}"
    tid = Tournament.from_dict(out["tournament"]).id
    out["seals"] = [_seal(out["entry"], tid, name, i, hand) for i, hand in enumerate(out["hands"])]
    return out


def best_hands(honest: list[dict], rng: random.Random, name: str) -> dict:
    """Each deal's best hand among six classmates, in one file, sealed again."""
    six = rng.sample(honest, 6)
    out = copy.deepcopy(six[0])
    out["hands"] = [copy.deepcopy(max(six, key=lambda d: d["hands"][i]["result"]["points"][0])["hands"][i])
                    for i in range(len(out["hands"]))]
    out["points"] = sum(h["result"]["points"][0] for h in out["hands"])
    return resealed(out, name, rng)


def simulate(hands: int, opponents: str, seed: int) -> dict:
    t = Tournament.create("standard", hands=hands, opponents=opponents, seed=seed)
    rng = random.Random(seed)
    honest = []
    for kind, count in HONEST:
        for n in range(count):
            player = honest_player(kind, 1000 * seed + len(honest))
            honest.append(play(t, f"{kind} {n}", by(player)))
    cheats: dict[str, list[dict]] = {
        "splice": [best_hands(honest, rng, f"splice {n}") for n in range(PER_CHEAT)],
        "look-ahead": [play(t, f"look-ahead {n}", look_ahead(rng)) for n in range(PER_CHEAT)],
        "hard search": [play(t, f"hard search {n}", by(SearchPlayer(seed + n, level="hard")))
                        for n in range(PER_CHEAT)],
        "copy": [resealed(d, f"copy {n}", rng) for n, d in enumerate(rng.sample(honest, PER_CHEAT))],
    }
    start = time.perf_counter()
    checked = {r["name"]: (r["name"] + ".json", t.check(r)) for r in honest + [c for cs in cheats.values() for c in cs]}
    board = t.rank(checked.values())
    seconds = time.perf_counter() - start
    mine = [checked[r["name"]] for r in honest]
    alone = {kind: sum(r["name"] in {row["name"] for row in t.rank([*mine, checked[r["name"]]]).held} for r in results)
             for kind, results in cheats.items()}  # one cheat at a time in the honest class
    return {"t": t, "honest": honest, "cheats": cheats, "board": board, "check_s": seconds, "alone": alone}


def flagged(board: Leaderboard) -> set[str]:
    names = {row["name"] for row in board.held}
    for finding in board.findings:
        names.update(finding.names)
    return names


def report(sim: dict) -> dict[str, Any]:
    board: Leaderboard = sim["board"]
    t: Tournament = sim["t"]
    honest_names = {r["name"] for r in sim["honest"]}
    honest_points = sorted(r["points"] for r in sim["honest"])
    held = {row["name"] for row in board.held}
    copied = {f.names[1] for f in board.findings if f.kind == "copy" and f.names[0].startswith("copy")}
    copied |= {f.names[0] for f in board.findings if f.kind == "copy" and f.names[1].startswith("copy")}
    out: dict[str, Any] = {"false": len(held & honest_names - copied), "pair": len(held & honest_names & copied),
                           "named": len(flagged(board) & honest_names - held),
                           "median": statistics.median(honest_points),
                           "best": honest_points[-1], "baseline": sum(t.baseline_points(i) for i in range(t.hands))}
    print(f"\n{t}: {len(sim['honest'])} honest students, {PER_CHEAT} of each cheat; checked and ranked in "
          f"{sim['check_s']:.1f} s")
    print(f"  honest points: median {out['median']:g}, best {out['best']}; the computer's own play "
          f"(the baseline, {t.baseline}) {out['baseline']}")
    computers = computer_points(t)
    everyone = [*sim["honest"], *(c for cs in sim["cheats"].values() for c in cs)]
    chances = []
    for r in sim["honest"]:  # what the far-above line measures, for every honest student
        pools = [[o["hands"][h]["result"]["points"][0] for o in everyone if o is not r] + [c[h] for c in computers]
                 for h in range(t.hands)]
        chances.append(chance_of(r["points"], pools))
    out["lowest"] = min(chances)
    print(f"  the lowest chance of an honest total (held below {FAR_ABOVE:g}): {out['lowest']:.3f}")
    print(f"  honest students held: {out['false']}; held as the other half of a copy (the files cannot say which "
          f"is the original): {out['pair']}; named in a finding but ranked (a splice's donors): {out['named']}")
    print(f"  {'cheat':<12}{'caught':>7}{'alone':>8}   points of those not caught (beating how many honest students)")
    for kind, results in sim["cheats"].items():
        caught = [r for r in results if r["name"] in held]
        free = [r for r in results if r["name"] not in held]
        shown = ", ".join(f"{r['points']} ({sum(p < r['points'] for p in honest_points)})" for r in free) or "-"
        print(f"  {kind:<12}{len(caught):>4}/{len(results):<3}{sim['alone'][kind]:>5}/{len(results):<3}  {shown}")
        out[kind] = (len(caught), len(results), [r["points"] for r in free], [r["points"] for r in results],
                     sim["alone"][kind])
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--classes", type=int, default=3, help=f"how many classes (at most {len(CLASSES)})")
    args = parser.parse_args()
    print(f"Python {platform.python_version()}; {sum(c for _, c in HONEST)} honest students a class "
          f"({', '.join(f'{c} {k}' for k, c in HONEST)}), {PER_CHEAT} of each cheat: {', '.join(CHEATS)}")
    start = time.perf_counter()
    totals: dict[str, list[int]] = {kind: [0, 0, 0] for kind in CHEATS}
    false = pair = 0
    lowest = 1.0
    free_gain: list[tuple[str, float, float]] = []
    for hands, opponents, seed in CLASSES[:args.classes]:
        out = report(simulate(hands, opponents, seed))
        false += out["false"]
        pair += out["pair"]
        lowest = min(lowest, out["lowest"])
        for kind in CHEATS:
            caught, made, free, _, alone = out[kind]
            totals[kind][0] += caught
            totals[kind][1] += made
            totals[kind][2] += alone
            free_gain += [(kind, p - out["median"], p - out["best"]) for p in free]
    print(f"\nAll {args.classes} classes: honest students held: {false} of {args.classes * sum(c for _, c in HONEST)} "
          f"(and {pair} held as the original of a copy); the lowest chance of an honest total: {lowest:.3f}")
    for kind in CHEATS:
        gains = [(m, b) for k, m, b in free_gain if k == kind]
        above = (f"; not caught: median {statistics.median(m for m, _ in gains):+.0f} points against the honest "
                 "median, "
                 f"{statistics.median(b for _, b in gains):+.0f} against the best honest student (median), "
                 f"at most {max(b for _, b in gains):+.0f}" if gains else "")
        print(f"  {kind:<12} caught {totals[kind][0]} of {totals[kind][1]} (one at a time in the honest class: "
              f"{totals[kind][2]}){above}")
    print(f"Time: {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
