"""Known answers: small endgames solved exactly, and how each search level does on them.

Build the set (about 10 minutes on 2 cores; writes benchmarks/known_answers.json)::

    nice python benchmarks/known_answers.py build

Measure the levels and the hint against it (prints the table kept in benchmarks/README.md)::

    nice python benchmarks/known_answers.py measure [--sample N] [--levels easy,medium,hard,expert]

``--offset K`` seeds each SearchPlayer with the position's index plus K (to see how much a
level's figures owe to its random streams), ``--misses`` names each decisive position a
level misses, ``--no-hint`` leaves the hint out.

**The set.**  Hands are dealt with a seed and played by real players (every seat the same:
GreedyPlayer on even seeds, SearchPlayer "easy" on odd ones) until few tiles are hidden
from the seat to move; each decision from then on with at least two different moves is
solved by :func:`dominolab.exact.solve` (every deal of the hidden tiles that fits the
seat's view, each solved exactly, every deal equally likely).  A position is kept when it
is within the solver's caps and *robust*: one move is best in every consistent deal.  That
does not settle the move at the table: each deal is solved with every hand visible, so a
seat's later choices may use tiles it could not see (strategy fusion, :mod:`dominolab.exact`);
``paired`` checks a position's verdict with play-outs in which every seat sees only its own
view.  At most :data:`PER_HAND` positions are kept per hand.  Each is
stored as its preset, player count, seed and the moves that replay it, with the exact value
of every legal move (net points for the side to move).

**The measures.**  For each level, a SearchPlayer (seed = the position's index) analyses
the position as it plays (expert: its search tree).  Bias is the estimated net points of
the move it chose minus that move's exact value.  Agreement counts a chosen move whose
exact value equals the best (ties count as agreeing), on every position and on the
*decisive* ones (exact best ahead of every other move by at least 3 points).  The hint
(:func:`dominolab.players.advise` at ``players.HINT_LEVEL``, seed = index) is scored by
whether it names the exact best, says "about equal" where the exact gap is under 1 point
(and under its own threshold, ``players.CLOSE_POINTS``), and names a worse move.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path
from typing import Any, Optional

import dominolab as dl
from dominolab import exact
from dominolab.moves import DRAW, PASS, Move, Play, same_move
from dominolab.players import CLOSE_POINTS, HINT_LEVEL, GreedyPlayer, SearchPlayer, advise
from dominolab.tiles import Tile

DATA = Path(__file__).with_name("known_answers.json")
VERSION = 1
#: (preset, players, most hidden tiles, seeds from, hands to try)
GROUPS: list[tuple[str, int, int, int, int]] = [
    ("standard", 2, 8, 1_000, 240),
    ("family", 2, 10, 2_000, 120),
    ("family", 3, 10, 3_000, 60),
    ("standard", 3, 8, 4_000, 40),
]
#: Solver nodes one position may take (summed over its deals).
NODE_LIMIT = 300_000
MAX_DEALS = 400
PER_HAND = 3
#: The exact best move is "decisive" when ahead of every other by at least this many points.
DECISIVE = 3.0
CLOSE = 1.0


# ---------------------------------------------------------------------------- moves as text
def encode(move: Move) -> str:
    """A move as short text: "6-4l", "6-4r", "d" (draw), "p" (pass)."""
    if move is DRAW:
        return "d"
    if move is PASS:
        return "p"
    assert isinstance(move, Play)
    return f"{move.tile}{move.end[0]}"


def decode(text: str) -> Move:
    if text == "d":
        return DRAW
    if text == "p":
        return PASS
    return Play(Tile.parse(text[:-1]), "left" if text[-1] == "l" else "right")


def replay(entry: dict[str, Any]) -> dl.Round:
    """The round of a stored position, at the decision."""
    r = dl.Round.deal(entry["preset"], entry["players"], seed=entry["seed"])
    for text in entry["moves"].split():
        r.play(decode(text))
    return r


def load(path: Path = DATA) -> list[dict[str, Any]]:
    data = json.loads(path.read_text())
    if data.get("version") != VERSION:
        raise ValueError(f"{path}: version {data.get('version')!r}, expected {VERSION}")
    return list(data["positions"])


# ---------------------------------------------------------------------------- build
def _distinct_moves(view: dl.View) -> int:
    ends = view.ends
    seen = set()
    for m in view.legal:
        if isinstance(m, Play) and ends is not None and ends[0] == ends[1]:
            seen.add((m.tile, "left"))
        else:
            seen.add((getattr(m, "tile", None), str(m)))
    return len(seen)


def build_group(preset: str, players: int, hidden: int, first_seed: int, hands: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for seed in range(first_seed, first_seed + hands):
        r = dl.Round.deal(preset, players, seed=seed)
        seats: list[Any] = ([GreedyPlayer(seed * 10 + s) for s in range(players)] if seed % 2 == 0
                            else [SearchPlayer(seed * 10 + s, level="easy") for s in range(players)])
        played: list[str] = []
        kept = 0
        while not r.is_over:
            view = r.view(r.turn)
            if kept < PER_HAND and len(view.unseen) <= hidden and _distinct_moves(view) > 1:
                solved = exact.try_solve(view, max_deals=MAX_DEALS, limit=NODE_LIMIT)
                if solved is not None and solved.robust:
                    kept += 1
                    out.append({
                        "preset": preset, "players": players, "seed": seed, "moves": " ".join(played),
                        "deals": solved.deals, "boneyard": solved.boneyard, "perfect": solved.perfect,
                        "legal": [encode(m.move) for m in solved.moves],
                        "values": [round(m.value, 4) for m in solved.moves],
                    })
            move = seats[r.turn].choose(view)
            played.append(encode(move))
            r.play(move)
    return out


def build() -> None:
    positions: list[dict[str, Any]] = []
    for preset, players, hidden, first, hands in GROUPS:
        start = time.perf_counter()
        group = build_group(preset, players, hidden, first, hands)
        positions += group
        print(f"{preset} {players}p: {len(group)} positions from {hands} hands "
              f"({sum(p['perfect'] for p in group)} with nothing hidden) in {time.perf_counter() - start:.0f} s",
              flush=True)
    text = json.dumps({
        "version": VERSION,
        "about": "Small endgames reached by real play, every legal move valued exactly over every consistent "
                 "deal (dominolab.exact); built by benchmarks/known_answers.py build.",
        "positions": positions,
    }, separators=(",", ":"))
    # One position a line: small diffs when the set is rebuilt.
    text = text.replace('},{"preset"', '},\n{"preset"').replace('"positions":[{', '"positions":[\n{')
    DATA.write_text(text + "\n")
    print(f"{len(positions)} positions written to {DATA}")


# ---------------------------------------------------------------------------- measure
def exact_of(entry: dict[str, Any]) -> dict[Move, float]:
    return {decode(m): v for m, v in zip(entry["legal"], entry["values"], strict=True)}


def gap_of(entry: dict[str, Any], ends: Optional[tuple[int, int]]) -> tuple[Move, float]:
    values = exact_of(entry)
    best = max(values, key=lambda m: values[m])
    others = [v for m, v in values.items() if not same_move(m, best, ends)]
    return best, values[best] - max(others)


def _mean_ci(xs: list[float]) -> str:
    if not xs:
        return "-"
    mean = sum(xs) / len(xs)
    if len(xs) < 2:
        return f"{mean:+.2f}"
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (len(xs) - 1))
    return f"{mean:+.2f} ± {1.96 * sd / math.sqrt(len(xs)):.2f}"


def _share(hits: int, total: int) -> str:
    return f"{hits}/{total} ({100 * hits / total:.0f}%)" if total else "-"


def measure(sample: Optional[int], levels: list[str], seed: int, offset: int = 0, misses: bool = False,
            with_hint: bool = True) -> None:
    positions = load()
    indexed = list(enumerate(positions))
    if sample is not None and sample < len(indexed):
        indexed = sorted(random.Random(seed).sample(indexed, sample))
    decisive = 0
    rows: dict[str, dict[str, Any]] = {lv: {"bias": [], "bias_d": [], "agree": 0, "agree_d": 0, "loss": [],
                                            "time": 0.0} for lv in levels}
    hint = {"best": 0, "close_small": 0, "small": 0, "close_under": 0, "under": 0, "wrong": 0, "wrong1": 0,
            "close_decisive": 0, "n": 0}
    groups: dict[str, int] = {}
    for index, entry in indexed:
        r = replay(entry)
        view = r.view(r.turn)
        values = exact_of(entry)
        if [encode(m) for m in view.legal] != entry["legal"]:
            raise SystemExit(f"position {index} replays to other moves: rebuild the set")
        best, gap = gap_of(entry, view.ends)
        top = values[best]
        is_decisive = gap >= DECISIVE
        decisive += is_decisive
        key = f"{entry['preset']} {entry['players']}p"
        groups[key] = groups.get(key, 0) + 1
        for level in levels:
            row = rows[level]
            start = time.perf_counter()
            evaluation = SearchPlayer(index + offset, level=level).analyse(view)
            row["time"] += time.perf_counter() - start
            chosen = evaluation.best
            error = evaluation[chosen].points - values[chosen]
            agrees = values[chosen] >= top - 1e-6
            row["bias"].append(error)
            row["loss"].append(top - values[chosen])
            row["agree"] += agrees
            if is_decisive:
                row["bias_d"].append(error)
                row["agree_d"] += agrees
                if misses and not agrees:
                    print(f"{level} misses position {index} ({key}): plays {encode(chosen)} "
                          f"(exact {values[chosen]:+.2f}, estimated {evaluation[chosen].points:+.2f}); "
                          f"exact best {encode(best)} {top:+.2f} (estimated {evaluation[best].points:+.2f})",
                          flush=True)
        if not with_hint:
            continue
        advice = advise(view, level=HINT_LEVEL, seed=index)
        hint["n"] += 1
        named = advice.kind != "close"
        if gap < CLOSE:
            hint["small"] += 1
            hint["close_small"] += not named
        if gap < CLOSE_POINTS:
            hint["under"] += 1
            hint["close_under"] += not named
        if named and values[advice.move] >= top - 1e-6:
            hint["best"] += 1
        if named and values[advice.move] < top - 1e-6:
            hint["wrong"] += 1
            hint["wrong1"] += values[advice.move] < top - CLOSE
        if is_decisive and not named:
            hint["close_decisive"] += 1
    n = len(indexed)
    print(f"{n} positions ({', '.join(f'{k}: {v}' for k, v in sorted(groups.items()))}); "
          f"{decisive} decisive (exact best ahead by >= {DECISIVE:g} points)\n")
    print("| level | bias of the chosen move's estimate (net points, 95% CI) | bias, decisive | "
          "agrees with the exact best | agrees, decisive | mean loss (points) | time/decision |")
    print("|---|---|---|---|---|---|---|")
    for level in levels:
        row = rows[level]
        print(f"| {level} | {_mean_ci(row['bias'])} | {_mean_ci(row['bias_d'])} | {_share(row['agree'], n)} | "
              f"{_share(row['agree_d'], decisive)} | {sum(row['loss']) / n:.2f} | "
              f"{1000 * row['time'] / n:.0f} ms |")
    if not with_hint:
        return
    print(f"\n| the hint (advise, {HINT_LEVEL}) | positions |")
    print("|---|---|")
    print(f"| names an exact best move | {_share(hint['best'], hint['n'])} |")
    print(f"| names a worse move | {_share(hint['wrong'], hint['n'])} |")
    print(f"| names a move at least {CLOSE:g} point worse | {_share(hint['wrong1'], hint['n'])} |")
    print(f"| says about equal where the exact gap is under {CLOSE:g} | {_share(hint['close_small'], hint['small'])} |")
    print(f"| says about equal where the exact gap is under {CLOSE_POINTS:g} (the hint's threshold) | "
          f"{_share(hint['close_under'], hint['under'])} |")
    print(f"| says about equal on a decisive position | {_share(hint['close_decisive'], decisive)} |")


def paired(index: int, other: Optional[str], level: str, orders: int, seed: int) -> None:
    """Check position ``index``'s exact verdict by another method: play its exact best move
    and ``other`` (by default the runner-up) on every consistent deal, ``orders`` boneyard
    orders each, and finish both hands with SearchPlayers at ``level`` in every seat, each
    seeing only its own view (the same players and seeds for both moves).  Prints the mean
    paired difference of the mover's side's net points with its 95% margin."""
    entry = load()[index]
    r0 = replay(entry)
    view = r0.view(r0.turn)
    best, _ = gap_of(entry, view.ends)
    values = exact_of(entry)
    if other is None:
        rival = max((m for m in values if not same_move(m, best, view.ends)), key=values.__getitem__)
    else:
        rival = decode(other)
    rules = view.rules
    me = rules.side_of(view.seat, view.players)
    rng = random.Random(seed)
    diffs: list[float] = []
    means = [0.0, 0.0]
    for hands, stock in exact.consistent_deals(view):
        for _ in range(orders):
            order = list(stock)
            rng.shuffle(order)
            nets = []
            for move in (best, rival):
                players = [SearchPlayer(seed + s, level=level) for s in range(view.players)]
                r = dl.Round.from_view(view, hands, order)
                r.play(move)
                while not r.is_over:
                    r.play(players[r.turn].choose(r.view(r.turn)))
                points = r.result.points
                others = [p for side, p in enumerate(points) if side != me]
                nets.append(points[me] - sum(others) / len(others))
            diffs.append(nets[0] - nets[1])
            means[0] += nets[0]
            means[1] += nets[1]
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, n - 1))
    print(f"position {index} ({entry['preset']}, {entry['players']} players): exact best {encode(best)} "
          f"{values[best]:+.2f}, {encode(rival)} {values[rival]:+.2f} (exact gap {values[best] - values[rival]:.2f})")
    print(f"paired play-outs, {level} in every seat, {n} deals ({orders} boneyard orders per consistent deal): "
          f"{encode(best)} {means[0] / n:+.2f}, {encode(rival)} {means[1] / n:+.2f}, "
          f"difference {mean:+.2f} ± {1.96 * sd / math.sqrt(n):.2f}")


def main(argv: Optional[list[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=["build", "measure", "paired"], nargs="?", default="measure")
    parser.add_argument("--index", type=int, default=97, help="paired: the position")
    parser.add_argument("--other", default=None, help="paired: the move to compare (default: the runner-up)")
    parser.add_argument("--level", default="expert", help="paired: the players' level")
    parser.add_argument("--orders", type=int, default=3, help="paired: boneyard orders per consistent deal")
    parser.add_argument("--sample", type=int, default=None, help="measure this many positions, sampled")
    parser.add_argument("--levels", default="easy,medium,hard,expert")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--offset", type=int, default=0,
                        help="measure: each SearchPlayer's seed is the position's index plus this")
    parser.add_argument("--misses", action="store_true", help="measure: name each decisive position a level misses")
    parser.add_argument("--no-hint", dest="with_hint", action="store_false", help="measure: leave the hint out")
    args = parser.parse_args(argv)
    if args.command == "build":
        build()
    elif args.command == "paired":
        paired(args.index, args.other, args.level, args.orders, args.seed)
    else:
        measure(args.sample, args.levels.split(","), args.seed, args.offset, args.misses, args.with_hint)


if __name__ == "__main__":
    sys.setrecursionlimit(10_000)
    main()
