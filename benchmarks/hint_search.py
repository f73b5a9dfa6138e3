"""The hint against a search with 32 times its deals (issue 21).

Measure (builds the references it lacks first, caching them in benchmarks/hint_search.jsonl;
prints the figures kept in benchmarks/README.md)::

    nice python benchmarks/hint_search.py [--quick] [--count N] [--list] [--hint-level medium]

``--quick`` measures the first 9 positions; ``--list`` lists the separated positions the
hint does not agree on; ``--hint-level`` asks the hint at another level than the table's
(:data:`dominolab.players.HINT_LEVEL`; medium, then hard, were the hint's levels before).

**The positions.**  Hands are dealt with a seed and played to the end by real players (seat
``s`` of hand ``seed``: GreedyPlayer, SearchPlayer "easy" or RandomPlayer in turn, by
``seed + s``), in standard 2-player, family 2-player and standard 3-player rules.  Of each
hand's decisions with at least two distinct legal moves (a tile on either of two equal ends
is one move, :func:`dominolab.moves.same_move`), :data:`PER_HAND` are picked at random (by
the hand's seed).  Under the standard rules a player may draw although a tile fits, so
many of them have drawing beside plays.  The position of issue 21 (standard, 2 players,
seed 935555325316, after 6-6 on the left) comes first.  Each is stored as its preset,
player count, seed and the moves that replay it.

**The reference** is the hint's own evaluation (:func:`dominolab.search.evaluate` as
``SearchPlayer(level="medium").analyse(view, tree=False)`` calls it: the same play-out
policy, weighting and per-deal solver limit) with :data:`FACTOR` times medium's budget and
another random stream (seeded from the position's key, where the hint uses seed 0).  It
keeps every deal's net points for every move, so each other move is compared with the
reference's best *paired*, on the same deals (:meth:`Evaluation.paired`).  The reference
**separates** its best move when, against every other distinct move, the paired gap is at
least :data:`SEPARATION` points and its 95% interval lies wholly above 0.

**The hint** is :func:`dominolab.players.advise` at :data:`~dominolab.players.HINT_LEVEL`
("expert": its budget, every move over the same deals), seed 0, as the table asks it.  On a
separated position it *agrees* when it names the reference's best move (the same move by
``same_move``), *names another move*, or says *about equal* (kind "close": not wrong, not
agreeing).  On the other positions it says about equal or names one move.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Optional

import dominolab as dl
from dominolab import search
from dominolab.moves import DRAW, Move, Play, same_move
from dominolab.players import CLOSE_POINTS, HINT_LEVEL, Advice, GreedyPlayer, RandomPlayer, SearchPlayer, advise

sys.path.insert(0, str(Path(__file__).resolve().parent))
from known_answers import decode, encode, replay  # one move notation and replay for both sets

CACHE = Path(__file__).with_name("hint_search.jsonl")
VERSION = 1
#: The reference's budget, in multiples of the hint's (medium).
FACTOR = 32
MEDIUM = SearchPlayer.LEVELS["medium"]
#: The reference separates its best move when ahead of every other by at least this much.
SEPARATION = 2.0
#: (preset, players, first seed, hands)
GROUPS: list[tuple[str, int, int, int]] = [
    ("standard", 2, 21_000, 300),
    ("family", 2, 22_000, 300),
    ("standard", 3, 23_000, 300),
]
PER_HAND = 2
#: The position issue 21 reported: the hint said draw where a 32x search ranked 6-2 first.
ISSUE = {"preset": "standard", "players": 2, "seed": 935555325316, "moves": "6-6l"}


# ---------------------------------------------------------------------------- positions
def key_of(position: dict[str, Any]) -> str:
    return f"{position['preset']} {position['players']} {position['seed']} {position['moves']}"


def distinct(view: dl.View) -> int:
    """How many distinct moves ``view`` has (a tile on either of two equal ends is one)."""
    kept: list[Move] = []
    for m in view.legal:
        if not any(same_move(m, k, view.ends) for k in kept):
            kept.append(m)
    return len(kept)


def _seat_player(seed: int, seat: int) -> Any:
    kind = (seed + seat) % 3
    if kind == 0:
        return GreedyPlayer(seed * 10 + seat)
    if kind == 1:
        return SearchPlayer(seed * 10 + seat, level="easy")
    return RandomPlayer(seed * 10 + seat)


def hand_positions(preset: str, players: int, seed: int) -> list[dict[str, Any]]:
    """:data:`PER_HAND` decisions with a choice from one hand played by real players."""
    r = dl.Round.deal(preset, players, seed=seed)
    seats = [_seat_player(seed, s) for s in range(players)]
    played: list[str] = []
    choices: list[str] = []
    while not r.is_over:
        view = r.view(r.turn)
        if distinct(view) > 1:
            choices.append(" ".join(played))
        move = seats[r.turn].choose(view)
        played.append(encode(move))
        r.play(move)
    picked = sorted(random.Random(seed).sample(range(len(choices)), min(PER_HAND, len(choices))))
    return [{"preset": preset, "players": players, "seed": seed, "moves": choices[i]} for i in picked]


def positions(count: Optional[int] = None) -> list[dict[str, Any]]:
    """The issue's position, then the groups' positions interleaved hand by hand (so
    that any first ``count`` are a mix of the three rule sets)."""
    out = [dict(ISSUE)]
    for i in range(max(hands for *_, hands in GROUPS)):
        for preset, players, first, hands in GROUPS:
            if i < hands:
                out += hand_positions(preset, players, first + i)
        if count is not None and len(out) >= count:
            break
    return out[:count] if count is not None else out


# ---------------------------------------------------------------------------- the reference
def reference(view: dl.View, key: str) -> dict[str, Any]:
    """The 32x search's figures for ``view``: every legal move's expected net points and
    margin, the best move, and each move's paired gap to the best (with its margin)."""
    rng = random.Random(f"hint_search {FACTOR}x {key}")
    policy = search.Policy(view.rules, **SearchPlayer.POLICY)
    start = time.perf_counter()
    evaluation = search.evaluate(
        view, budget=FACTOR * MEDIUM, rng=rng, policy=policy, weighting=SearchPlayer.WEIGHTING,
        exact_limit=MEDIUM // (search.NODE_COST * SearchPlayer.EXACT_SHARE), keep_worlds=True)
    seconds = time.perf_counter() - start
    best = evaluation.best
    paired = [evaluation.paired(best, m.move) for m in evaluation.moves]
    return {
        "version": VERSION, "factor": FACTOR, "key": key,
        "legal": [encode(m.move) for m in evaluation.moves],
        "points": [round(m.points, 4) for m in evaluation.moves],
        "margin": [round(m.margin, 4) for m in evaluation.moves],
        "best": encode(best),
        "paired": [[round(d, 4), round(e, 4)] for d, e in paired],
        "deals": evaluation.deals, "exact": evaluation.exact, "work": evaluation.work,
        "seconds": round(seconds, 3),
    }


def load_cache(path: Path) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            if line.strip():
                entry = json.loads(line)
                if entry.get("version") == VERSION and entry.get("factor") == FACTOR:
                    out[entry["key"]] = entry  # the last line for a key counts
    return out


def separation(ref: dict[str, Any], ends: Optional[tuple[int, int]]) -> tuple[float, float]:
    """The reference best's smallest paired gap to another distinct move, and the smallest
    lower end of those gaps' 95% intervals."""
    best = decode(ref["best"])
    gaps = [(d, d - e) for text, (d, e) in zip(ref["legal"], ref["paired"], strict=True)
            if not same_move(decode(text), best, ends)]
    return min(g for g, _ in gaps), min(low for _, low in gaps)


# ---------------------------------------------------------------------------- measure
def _share(hits: int, total: int) -> str:
    return f"{hits}/{total} ({100 * hits / total:.1f}%)" if total else "-"


def _quantile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def _wilson(hits: int, total: int) -> str:
    if not total:
        return "-"
    z = 1.96
    p = hits / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return f"{100 * (centre - half):.1f}-{100 * (centre + half):.1f}%"


def _hint_words(advice: Advice) -> str:
    if advice.kind == "close":
        assert advice.runner_up is not None
        return f"about equal: {encode(advice.move)} / {encode(advice.runner_up.move)}"
    return f"{advice.kind} {encode(advice.move)}"


#: Ways the hint could decide to name its top move rather than say "about equal", all from
#: its own evaluation (the shipped one and alternatives, for the report; the hint is unchanged).
RULES = {
    "shipped": f"as shipped: gap >= {CLOSE_POINTS:g} and above the unpaired bound sqrt(m1^2 + m2^2)",
    "one": "gap >= 1 and above the unpaired bound (shipped until 2026-11-26)",
    "paired": f"gap >= {CLOSE_POINTS:g} and above its paired margin (the same deals)",
    "gap": f"gap >= {CLOSE_POINTS:g} alone",
    "always": "always name the top move",
}


def _named(advice: Advice) -> dict[str, bool]:
    """Whether each of :data:`RULES` names the hint's top move (over its runner-up)."""
    ev, chosen, runner = advice.evaluation, advice.chosen, advice.runner_up
    assert ev is not None and chosen is not None and runner is not None
    close = CLOSE_POINTS
    d, e = ev.paired(ev.best, runner.move)
    gap = chosen.points - runner.points
    return {"shipped": advice.kind != "close", "one": gap >= 1.0 and gap > math.hypot(chosen.margin, runner.margin),
            "paired": d >= close and d > e, "gap": gap >= close, "always": True}


def measure(count: Optional[int], cache: Path, listing: bool, level: str = HINT_LEVEL) -> dict[str, Any]:
    """Build the missing references, ask the hint (at ``level``), print the figures;
    returns the counts."""
    chosen = positions(count)
    refs = load_cache(cache)
    built = 0
    build_seconds: list[float] = []
    hint_seconds: list[float] = []
    ratio: list[float] = []
    rows: list[dict[str, Any]] = []
    draws = 0
    for index, position in enumerate(chosen):
        key = key_of(position)
        r = replay(position)
        view = r.view(r.turn)
        ref = refs.get(key)
        if ref is not None and ref["legal"] != [encode(m) for m in view.legal]:
            ref = None  # the position replays to other moves: value it again
        if ref is None:
            ref = reference(view, key)
            refs[key] = ref
            built += 1
            build_seconds.append(ref["seconds"])
            with cache.open("a") as f:
                f.write(json.dumps(ref, separators=(",", ":")) + "\n")
            if built % 50 == 0:
                print(f"... {built} references built ({index + 1}/{len(chosen)} positions, "
                      f"{sum(build_seconds):.0f} s)", file=sys.stderr, flush=True)
        draws += DRAW in view.legal and any(isinstance(m, Play) for m in view.legal)
        start = time.perf_counter()
        advice = advise(view, level=level, seed=0)
        hint_seconds.append(time.perf_counter() - start)
        ev, top, runner = advice.evaluation, advice.chosen, advice.runner_up
        assert ev is not None and top is not None and runner is not None
        ratio.append(ref["deals"] / ev.deals)
        gap, low = separation(ref, view.ends)
        d, e = ev.paired(ev.best, runner.move)
        rows.append({
            "key": key, "group": f"{position['preset']} {position['players']}p",
            "separated": gap >= SEPARATION and low > 0, "gap": gap, "low": low, "best": ref["best"],
            "hit": same_move(advice.move, decode(ref["best"]), view.ends), "named": _named(advice),
            "words": _hint_words(advice),
            "figures": f"{top.points:+.2f} ± {top.margin:.2f} v {runner.points:+.2f} ± {runner.margin:.2f} "
                       f"(unpaired bound {math.hypot(top.margin, runner.margin):.2f}; paired {d:+.2f} ± {e:.2f})",
            "deals": ev.deals,
        })
    n = len(rows)
    sep = [row for row in rows if row["separated"]]
    rest = [row for row in rows if not row["separated"]]
    all_build = [refs[key_of(p)]["seconds"] for p in chosen]
    sizes = ", ".join(f"{g}: {sum(row['group'] == g for row in rows)}" for g in dict.fromkeys(r["group"] for r in rows))
    print(f"{n} positions ({sizes}); {draws} with drawing beside a play; {built} references built now "
          f"({sum(build_seconds):.0f} s), {n - built} from {cache.name}")
    print(f"reference ({FACTOR}x medium's budget): median {_quantile(all_build, 0.5):.2f} s, "
          f"p90 {_quantile(all_build, 0.9):.2f} s, {sum(all_build) / 60:.1f} min in all (as built); "
          f"median {statistics.median(ratio):.1f}x the hint's deals")
    print(f"hint (advise, {level}): median {1000 * _quantile(hint_seconds, 0.5):.1f} ms, "
          f"p90 {1000 * _quantile(hint_seconds, 0.9):.1f} ms a decision\n")

    def agree(row: dict[str, Any], rule: str = "shipped") -> bool:
        return bool(row["named"][rule] and row["hit"])

    def close(row: dict[str, Any], rule: str = "shipped") -> bool:
        return not row["named"][rule]

    def other(row: dict[str, Any], rule: str = "shipped") -> bool:
        return bool(row["named"][rule] and not row["hit"])

    a = sum(agree(row) for row in sep)
    print(f"| the hint, on the {len(sep)} positions the {FACTOR}x search separates | positions |")
    print("|---|---|")
    print(f"| names the {FACTOR}x best move (agrees) | {_share(a, len(sep))} (95% CI {_wilson(a, len(sep))}) |")
    print(f"| says about equal | {_share(sum(close(row) for row in sep), len(sep))} |")
    print(f"| names another move | {_share(sum(other(row) for row in sep), len(sep))} |")
    print(f"| its top move is the {FACTOR}x best (named or not) | {_share(sum(row['hit'] for row in sep), len(sep))} |")
    print(f"\n| the hint, on the {len(rest)} other positions | positions |\n|---|---|")
    print(f"| says about equal | {_share(sum(close(row) for row in rest), len(rest))} |")
    print(f"| names the {FACTOR}x best move | {_share(sum(agree(row) for row in rest), len(rest))} |")
    print(f"| names another move | {_share(sum(other(row) for row in rest), len(rest))} |")

    print("\n| rules | positions | separated | agrees | about equal (separated) | about equal (others) |")
    print("|---|---|---|---|---|---|")
    for g in dict.fromkeys(row["group"] for row in rows):
        gs = [row for row in sep if row["group"] == g]
        gr = [row for row in rest if row["group"] == g]
        print(f"| {g} | {len(gs) + len(gr)} | {len(gs)} | {_share(sum(agree(row) for row in gs), len(gs))} | "
              f"{_share(sum(close(row) for row in gs), len(gs))} | {_share(sum(close(row) for row in gr), len(gr))} |")

    print(f"\n| {FACTOR}x gap (separated) | positions | agrees | about equal | names another move |")
    print("|---|---|---|---|---|")
    for lo, hi in ((SEPARATION, 3.0), (3.0, 5.0), (5.0, math.inf)):
        band = [row for row in sep if lo <= row["gap"] < hi]
        label = f"{lo:g} to {hi:g}" if hi < math.inf else f"{lo:g} or more"
        print(f"| {label} | {len(band)} | {_share(sum(agree(row) for row in band), len(band))} | "
              f"{_share(sum(close(row) for row in band), len(band))} | "
              f"{_share(sum(other(row) for row in band), len(band))} |")

    print("\n| the hint's deals (separated positions) | positions | agrees | about equal | names another move |")
    print("|---|---|---|---|---|")
    for lo, hi in ((0, 100), (100, 200), (200, 400), (400, math.inf)):
        band = [row for row in sep if lo <= row["deals"] < hi]
        label = f"{lo} to {hi - 1}" if hi < math.inf else f"{lo} or more"
        print(f"| {label} | {len(band)} | {_share(sum(agree(row) for row in band), len(band))} | "
              f"{_share(sum(close(row) for row in band), len(band))} | "
              f"{_share(sum(other(row) for row in band), len(band))} |")

    print("\n| when the hint names its top move (its own figures; only 'shipped' is the hint) | "
          "agrees, separated | names another, separated | about equal, others | names another, others |")
    print("|---|---|---|---|---|")
    for rule, words in RULES.items():
        print(f"| {words} | {_share(sum(agree(row, rule) for row in sep), len(sep))} | "
              f"{_share(sum(other(row, rule) for row in sep), len(sep))} | "
              f"{_share(sum(close(row, rule) for row in rest), len(rest))} | "
              f"{_share(sum(other(row, rule) for row in rest), len(rest))} |")
    if listing:
        misses = [row for row in sep if not agree(row)]
        print(f"\n| separated position where the hint does not agree | {FACTOR}x best (smallest paired gap; "
              f"its interval's low end) | hint | hint's figures: top v runner-up | hint's deals |")
        print("|---|---|---|---|---|")
        for row in misses:
            print(f"| `{row['key']}` | {row['best']} by {row['gap']:+.2f} ({row['low']:+.2f}) | {row['words']} | "
                  f"{row['figures']} | {row['deals']} |")
    return {"positions": n, "separated": len(sep), "agree": a, "built": built,
            "close_others": sum(close(row) for row in rest), "others": len(rest)}


def main(argv: Optional[list[str]] = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a small run: the first --count positions (9)")
    parser.add_argument("--count", type=int, default=None, help="measure only the first N positions")
    parser.add_argument("--cache", type=Path, default=CACHE, help="the references' jsonl file")
    parser.add_argument("--list", action="store_true", help="list the separated positions the hint misses")
    parser.add_argument("--hint-level", default=HINT_LEVEL, choices=list(SearchPlayer.LEVELS),
                        help=f"ask the hint at another level (the table's hint is {HINT_LEVEL})")
    args = parser.parse_args(argv)
    count = args.count if args.count is not None else (9 if args.quick else None)
    return measure(count, args.cache, args.list, args.hint_level)


if __name__ == "__main__":
    main()
