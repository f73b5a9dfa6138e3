"""Lesson 4's large studies, run once and kept in a small data file the lesson loads.

Run: ``python benchmarks/lesson4_studies.py`` (about 30 minutes on one core of the project's
machine class; ``--workers 2`` halves it).  It plays every study in
:data:`dominolab.exercises.studies.STUDIES` with ``dl.simulate`` at the size given there and
writes the figures (win shares and points margins with their intervals, and what each
study needs besides) to ``src/dominolab/exercises/strategy_studies.json``, with the first
deals' hands as a fingerprint: ``tests/test_lessons.py`` replays those deals and fails if
the engine or the players have changed since, which means: run this script again.

``--scale 0.05`` runs every study at a twentieth of its size (a smoke run; it writes to
``--out`` only when asked).  The lesson itself re-runs a small version of one study live.

Writing the lesson's data also rewrites the table of figures in ``benchmarks/README.md``
(between its ``lesson4-table`` markers) from the file; ``--readme`` rewrites only that
table.  ``tests/test_doc_claims.py`` checks that the README's table is the file's.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path

import dominolab as dl
from dominolab.exercises import studies

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "benchmarks" / "README.md"
START = "<!-- lesson4-table: written by benchmarks/lesson4_studies.py from strategy_studies.json -->"
END = "<!-- lesson4-table: end -->"

#: Each study's name in the table, beside its players (the others need none).
NOTES = {"null": "null control", "floor-2": "two tiles stay", "floor-0": "every tile may be drawn"}
#: Studies the table leaves to the sentences under it.
APART = ("null-repeats", "leader")


def _signed(x: float) -> str:
    return f"{x:+.2f}"


def table(payload: dict) -> str:
    """The README's table of the studies' figures, and the two sentences under it, from the
    data file's ``payload`` (its JSON)."""
    rows = ["| study | hands | margin | win share |", "|---|---|---|---|"]
    by_id = {s["id"]: s for s in payload["studies"]}
    for s in payload["studies"]:
        if s["id"] in APART:
            continue
        c = s["compare"]
        low, high = c["margin_interval"]
        name = " v ".join(s["seats"][:2])
        notes = [NOTES[s["id"]]] if s["id"] in NOTES else []
        if s["preset"] != "standard":
            notes.append(f"{s['preset']}, {len(s['seats'])} players")
        label = f"{name} ({'; '.join(notes)})" if notes else name
        rows.append(f"| {label} | {s['hands']:,} | {_signed(c['margin'])} ({_signed(low)}..{_signed(high)}) "
                    f"| {100 * c['win_share']:.1f}% |")
    repeats = by_id["null-repeats"]
    runs = repeats["repeats"]
    significant = sum(1 for r in runs if r["compare"]["significant"])
    leader = by_id["leader"]
    rate, (low, high) = leader["leader"]["rate"], leader["leader"]["interval"]
    return "\n".join([
        *rows,
        "",
        f"The null control repeated from {len(runs)} seeds at {repeats['hands']:,} hands: {significant} of "
        f"{len(runs)} runs \"significant\". The leader ({' v '.join(leader['seats'])}, {leader['hands']:,} hands) "
        f"won {100 * rate:.1f}% ({100 * low:.1f}-{100 * high:.1f}%).",
    ])


def write_readme(payload: dict, readme: Path = README) -> None:
    """Put :func:`table` between the README's markers."""
    text = readme.read_text(encoding="utf-8")
    head, start, rest = text.partition(START)
    _, end, tail = rest.partition(END)
    if not start or not end:
        raise SystemExit(f"{readme} has no {START!r} ... {END!r} markers")
    readme.write_text(f"{head}{START}\n{table(payload)}\n{END}{tail}", encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every study's size (smoke runs)")
    parser.add_argument("--only", nargs="*", help="study ids to run (the others are kept from the file)")
    parser.add_argument("--out", type=Path, default=studies.DATA)
    parser.add_argument("--readme", action="store_true", help="only rewrite benchmarks/README.md's table from the file")
    args = parser.parse_args()
    if args.readme:
        write_readme(json.loads(studies.DATA.read_text()))
        print(f"wrote the table in {README}")
        return 0
    if args.scale != 1.0 and args.out == studies.DATA:
        parser.error("a scaled run must not overwrite the lesson's data: give --out")

    old = {}
    if args.only and args.out.exists():
        old = {s["id"]: s for s in json.loads(args.out.read_text())["studies"]}
    out = []
    started = time.perf_counter()
    for spec in studies.STUDIES:
        if args.only and spec.id not in args.only:
            out.append(old[spec.id])
            continue
        t0 = time.perf_counter()
        hands = max(spec.players_count() * 2, round(spec.hands * args.scale))
        data = studies.run(spec, hands=hands, workers=args.workers, progress=True)
        took = time.perf_counter() - t0
        figures = data["compare"]
        print(f"{spec.id:<22} {data['hands']:>6} hands  margin {figures['margin']:+.2f} "
              f"({figures['margin_interval'][0]:+.2f}..{figures['margin_interval'][1]:+.2f})  "
              f"win share {figures['win_share']:.3f}  {took:.0f} s", flush=True)
        out.append(data)
    payload = {
        "about": "Lesson 4's studies, written by benchmarks/lesson4_studies.py; do not edit by hand.",
        "python": platform.python_version(),
        "dominolab": dl.__version__,
        "seconds": round(time.perf_counter() - started),
        "studies": out,
    }
    args.out.write_text(json.dumps(payload, indent=1) + "\n")
    print(f"wrote {args.out} ({args.out.stat().st_size // 1024} KB) in {payload['seconds']} s")
    if args.out == studies.DATA:
        write_readme(payload)
        print(f"wrote the table in {README}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
