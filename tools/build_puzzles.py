"""Build the shipped puzzle set (src/dominolab/puzzles.json) from self-play.

    python tools/build_puzzles.py            # the full set (mined, then verified)
    python tools/build_puzzles.py --quick    # a handful, to try the pipeline
    python tools/build_puzzles.py --verify   # verify the shipped set again, keep what passes
    python tools/build_puzzles.py --verify --source old.json   # verify an older set
    python tools/build_puzzles.py --second   # check the shipped set again, stronger players

Hands are dealt from fixed seeds and played by search players at level "easy".  At each
decision with a choice, the search values every move at level "medium" (a screen); a
position that looks like a puzzle (see :func:`dominolab.puzzles.candidate`) is valued again
at level "hard" with another seed, and kept only if it is still a puzzle by those figures.
At most two puzzles come from one hand, at least four moves apart.

**Verification.**  The search's figures come from play-outs with a fixed quick policy:
their interval measures sampling noise, not the policy's bias.  So every puzzle is then
checked by another method (:func:`dominolab.puzzles.verify`): the exact solver over every
deal that fits the view where that takes at most ``--exact-limit`` solver nodes, otherwise
paired play-outs (every legal move on the same ``--deals`` sampled deals, the hand
finished by search players at ``--level`` in every seat, the same seeds for every move).
A puzzle is kept only when its verification meets :data:`dominolab.puzzles.RULE` and its
best move is not a play of the heaviest playable tile; its figures, grade and explanation
are then the verification's.  When the verified best move differs from the search's and
still meets the rule, the puzzle is kept with that move ("fixed").  A paired verdict that
fails only because an interval reaches 0 (every gain 3 points or more, the best move not
the heaviest tile) is settled with ``--extend`` deals instead (the same seed: the first
deals are the same ones), and that verdict counts.  Each verdict is
appended to ``--log`` (JSON lines) as it comes, so a stopped run resumes where it was.

**The second check** (``--second``).  Both verifications rest on a model of the other seats:
the exact solver lets every seat see every hand, and the paired play-outs use level "easy"
players.  So each verified puzzle is checked once more by paired play-outs with stronger
players (level :data:`SECOND_LEVEL` in every seat, another seed): an exact puzzle on
:data:`SECOND_EXACT_DEALS` deals, a paired one on :data:`SECOND_PAIRED_DEALS` deals.  Either
way the check must name the same best move and meet :data:`dominolab.puzzles.RULE` again: an
exact gain assumes every seat sees every hand, so it stands only where play-outs in which no
seat sees another's tiles back it.  A puzzle that fails is dropped.  Each check is
appended to ``--second-log`` (JSON lines; a stopped run resumes) and
``tests/test_puzzles.py`` holds every shipped puzzle to it.  An exact puzzle that passes
stores its check as ``hidden``: the figures a learner sees first (the exact ones only
labelled "if every hand were face up").  With the log complete, ``--second`` searches
nothing and writes the same file again.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, Optional

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

import dominolab as dl  # noqa: E402
from dominolab import puzzles  # noqa: E402
from dominolab.moves import same_move  # noqa: E402
from dominolab.review import judge  # noqa: E402

#: (rules preset, players, puzzles wanted)
CONFIGS = [
    ("standard", 2, 22),
    ("standard", 3, 8),
    ("family", 2, 12),
    ("family", 3, 10),
    ("partnership", 4, 22),
]
PER_HAND = 2
APART = 4

Check = Callable[[puzzles.Puzzle], Optional[puzzles.Puzzle]]


def mine(preset: str, players: int, wanted: int, base_seed: int, check: Optional[Check] = None,
         first: int = 0) -> list[puzzles.Puzzle]:
    """Up to ``wanted`` puzzles of a preset, numbered from ``first + 1``; with ``check``,
    only those it returns (verified), and the numbers count only those."""
    found: list[puzzles.Puzzle] = []
    hand_seed = base_seed
    while len(found) < wanted:
        hand_seed += 1
        r = dl.Round.deal(preset, players, seed=hand_seed)
        seats = [dl.SearchPlayer(hand_seed * 10 + s, level="easy") for s in range(players)]
        taken = 0
        last = -APART
        while not r.is_over:
            seat = r.turn
            view = r.view(seat)
            index = len(r.moves)
            if taken < PER_HAND and index - last >= APART and len(view.legal) >= 2 and len(found) < wanted:
                screen = judge(view, view.legal[0], index, level="medium", seed=hand_seed * 1000 + index)
                if puzzles.candidate(view, screen.choices):
                    sure = judge(view, view.legal[0], index, level="hard", seed=hand_seed * 1000 + index + 500)
                    if puzzles.candidate(view, sure.choices):
                        pid = f"{preset}-{players}p-{first + len(found) + 1:03d}"
                        p: Optional[puzzles.Puzzle] = puzzles.make(pid, preset, players, hand_seed, r.moves,
                                                                   view, sure.choices, "hard")
                        if check is not None and p is not None:
                            p = check(p)
                        if p is not None:
                            found.append(p)
                            taken += 1
                            last = index
            r.play(seats[seat].choose(view))
    return found


def verdict(p: puzzles.Puzzle, args: argparse.Namespace) -> dict[str, Any]:
    """Verify ``p``: the log entry (the verified puzzle's data when it is kept)."""
    t = time.perf_counter()
    view = p.view()
    v, choices = puzzles.verify(view, exact_limit=args.exact_limit, deals=args.deals, level=args.level,
                                seed=p.seed, screen=args.screen)
    best = choices[0].move
    ok = puzzles.passes(v) and not puzzles.obvious(view, best)
    status = "dropped" if not ok else "kept" if same_move(best, p.best, view.ends) else "fixed"
    fixed = puzzles.verified(p, v, choices)
    return {"id": p.id, "status": status, "method": v.method, "deals": v.deals,
            "seconds": round(time.perf_counter() - t, 1), "search_best": puzzles._move_text(p.best),
            "search_gain": round(p.choices[0].points - p.choices[1].points, 2),
            "best": puzzles._move_text(best), "gain": v.gain, "margin": v.margin,
            "against": puzzles._move_text(v.against), "obvious": puzzles.obvious(view, best),
            "puzzle": fixed.to_dict()}


def checked(p: puzzles.Puzzle, args: argparse.Namespace) -> Optional[puzzles.Puzzle]:
    """A newly mined puzzle, verified (``None`` when dropped); its verdict is logged."""
    entry = verdict(p, args)
    with Path(args.log).open("a", encoding="utf-8") as f:
        f.write(json.dumps(entry) + "\n")
    print(f"  mined {p.id}: {entry['status']} ({entry['method']}): {entry['best']} gains {entry['gain']} "
          f"± {entry['margin']} over {entry['against']}", flush=True)
    return None if entry["status"] == "dropped" else puzzles.Puzzle.from_dict(entry["puzzle"])


def logged(path: Path) -> dict[str, dict[str, Any]]:
    if not path.exists():
        return {}
    return {e["id"]: e for e in map(json.loads, path.read_text(encoding="utf-8").splitlines()) if e}


def verify_all(found: list[puzzles.Puzzle], args: argparse.Namespace) -> list[puzzles.Puzzle]:
    """Verify every puzzle (resuming from the log); print and return those kept."""
    log = Path(args.log)
    done = logged(log)
    kept = []
    for p in found:
        entry = done.get(p.id)
        if entry is None:
            entry = verdict(p, args)
            with log.open("a", encoding="utf-8") as f:
                f.write(json.dumps(entry) + "\n")
        if (args.extend and entry["status"] == "dropped" and entry["method"] == "paired"
                and entry["deals"] < args.extend and entry["gain"] >= puzzles.MIN_GAIN and not entry["obvious"]):
            entry = verdict(p, argparse.Namespace(**dict(vars(args), deals=args.extend, screen=None)))
            with log.open("a", encoding="utf-8") as f:
                f.write(json.dumps(entry) + "\n")
        print(f"{p.id}: {entry['status']} ({entry['method']}, {entry['deals']} deals, {entry['seconds']} s): "
              f"{entry['best']} gains {entry['gain']} ± {entry['margin']} over {entry['against']} "
              f"(search said {entry['search_best']} by {entry['search_gain']})", flush=True)
        if entry["status"] != "dropped":
            q = puzzles.Puzzle.from_dict(entry["puzzle"])  # its text as this version words it:
            kept.append(dataclasses.replace(q, explanation=puzzles.explain(q.view(), q.choices, q.verified)))
    summary = Counter((e["id"].rsplit("-", 1)[0], e["method"], e["status"])
                      for e in (logged(log)[p.id] for p in found))
    for key in sorted(summary):
        print(" ".join(key), summary[key])
    return kept


#: The second check's players, and its deals for exact and for paired puzzles.
SECOND_LEVEL = "medium"
SECOND_EXACT_DEALS = 80
SECOND_PAIRED_DEALS = 200
SECOND_SEEDS = {"exact": 7919, "paired": 4243}


def second_verdict(p: puzzles.Puzzle) -> dict[str, Any]:
    """The second check of a verified puzzle (see the module's text), as a log entry."""
    assert p.verified is not None
    t = time.perf_counter()
    view = p.view()
    method = p.verified.method
    deals = SECOND_EXACT_DEALS if method == "exact" else SECOND_PAIRED_DEALS
    v, choices = puzzles.verify_paired(view, deals=deals, level=SECOND_LEVEL, seed=SECOND_SEEDS[method],
                                       screen=None if method == "exact" else puzzles.PAIRED_SCREEN)
    return second_entry(p, v, choices[0].move, time.perf_counter() - t)


def second_entry(p: puzzles.Puzzle, v: puzzles.Verification, best: Any, seconds: float) -> dict[str, Any]:
    """A second check's log entry: whether it agrees with ``p``'s verification."""
    assert p.verified is not None
    view = p.view()
    agrees = same_move(best, p.best, view.ends)
    ok = agrees and puzzles.passes(v)
    return {"id": p.id, "of": p.verified.method, "level": SECOND_LEVEL, "seed": SECOND_SEEDS[p.verified.method],
            "best": puzzles._move_text(best), "agrees": agrees, "passes": puzzles.passes(v), "ok": ok,
            "seconds": round(seconds, 1), "check": v.to_data()}


def second_all(found: list[puzzles.Puzzle], path: Path) -> list[puzzles.Puzzle]:
    """Check every puzzle a second time (resuming from ``path``); return those that pass."""
    done = logged(path)
    kept = []
    for p in found:
        entry = done.get(p.id)
        if entry is None:
            entry = second_verdict(p)
            with path.open("a", encoding="utf-8") as f:
                f.write(json.dumps(entry) + "\n")
        c = entry["check"]
        ok = entry["agrees"] and entry["passes"]
        print(f"{p.id} ({entry['of']}): {'kept' if ok else 'dropped'}: at level {entry['level']}, "
              f"{entry['best']} gains {c['gain']} ± {c['margin']} over {c['against']} ({c['deals']} deals)", flush=True)
        if ok:  # an exact puzzle keeps this check as its figures with hidden hands
            kept.append(puzzles.with_hidden(p, puzzles.Verification.from_data(c)))
    return kept


def source(path: str) -> list[puzzles.Puzzle]:
    """The puzzles of a data file, verified or not (files from before verification lack the key)."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    return [puzzles.Puzzle.from_dict({"verified": None, **item}) for item in data["puzzles"]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="two puzzles per rule set, not written")
    parser.add_argument("--verify", action="store_true", help="verify the shipped set again; write what passes")
    parser.add_argument("--exact-limit", type=int, default=puzzles.EXACT_LIMIT, help="solver nodes for exact")
    parser.add_argument("--deals", type=int, default=puzzles.PAIRED_DEALS, help="paired deals otherwise")
    parser.add_argument("--screen", type=int, default=puzzles.PAIRED_SCREEN, help="give up after these if hopeless")
    parser.add_argument("--level", default=puzzles.PAIRED_LEVEL, help="the players' level in paired play-outs")
    parser.add_argument("--log", default=str(ROOT / "benchmarks" / "puzzle_verification.jsonl"),
                        help="verdicts as JSON lines (resumed from)")
    parser.add_argument("--source", default=str(puzzles.DATA),
                        help="with --verify, the set to verify (an older file without verifications will do)")
    parser.add_argument("--extend", type=int, default=1200,
                        help="paired deals for a puzzle that failed only because its interval reached 0")
    parser.add_argument("--second", action="store_true",
                        help="check the shipped set a second time with stronger players; write what passes")
    parser.add_argument("--second-log", default=str(ROOT / "benchmarks" / "puzzle_second_check.jsonl"),
                        help="second checks as JSON lines (resumed from)")
    parser.add_argument("--more", default="", help="mine more: preset:players:count,... after the highest ids")
    args = parser.parse_args()
    start = time.perf_counter()
    if args.second:
        everything = second_all(list(puzzles.load(args.source)), Path(args.second_log))
    elif args.verify:
        everything = verify_all(source(args.source), args)
        for item in filter(None, args.more.split(",")):
            preset, players, count = item.split(":")
            group = [p for p in source(args.source) if p.rules == preset and p.players == int(players)]
            high = max(int(p.id.rsplit("-", 1)[1]) for p in group)
            extra = mine(preset, int(players), int(count), base_seed=900_000 + 10_000 * high + 100 * int(players),
                         check=lambda p: checked(p, args), first=high)
            print(f"{preset} {players}p: {len(extra)} more: {', '.join(p.id for p in extra)}", flush=True)
            everything += extra
    else:
        everything = []
        for n, (preset, players, wanted) in enumerate(CONFIGS):
            t = time.perf_counter()
            got = mine(preset, players, 2 if args.quick else wanted, base_seed=100_000 * (n + 1))
            print(f"{preset} {players}p: {len(got)} mined in {time.perf_counter() - t:.0f} s", flush=True)
            everything += got
        everything = verify_all(everything, args)
    everything.sort(key=lambda p: (puzzles.GRADES.index(p.grade), p.id))
    grades = Counter(p.grade for p in everything)
    print(f"{len(everything)} puzzles {dict(grades)} in {time.perf_counter() - start:.0f} s")
    if not args.quick:
        puzzles.save(everything)
        print(f"written to {puzzles.DATA.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
