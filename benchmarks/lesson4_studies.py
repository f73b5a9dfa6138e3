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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every study's size (smoke runs)")
    parser.add_argument("--only", nargs="*", help="study ids to run (the others are kept from the file)")
    parser.add_argument("--out", type=Path, default=studies.DATA)
    args = parser.parse_args()
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
