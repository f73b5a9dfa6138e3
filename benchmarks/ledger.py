"""Runs that outlast a sitting: a long simulation played in parts, each part kept as it ends.

A 1,000-deal row at 640 ms a decision takes hours of a 2-core machine.  ``run`` plays it in
parts of ``part`` deals (``simulate(start=...)`` plays the same deals, hand for hand, as one
long run would) and appends each finished part to a JSON-lines file; run again with the same
file, it plays only the parts not yet there, then joins them all
(``SimulationResult.combine``).  The file's first line names what is being measured and a
digest of the engine's code and the benchmarks: a file written by other code, or for another
pairing, seed or size, is refused rather than mixed in.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import dominolab as dl

HERE = Path(__file__).resolve().parent


def code_digest() -> str:
    """A digest of the engine's source and of these benchmarks: results from other code differ."""
    h = hashlib.sha256()
    roots = [Path(dl.__file__).resolve().parent, HERE]
    for root in roots:
        for path in sorted(root.rglob("*.py")):
            h.update(str(path.relative_to(root)).encode())
            h.update(path.read_bytes())
    return h.hexdigest()[:16]


def _read(path: Path, head: dict[str, Any]) -> list[dict[str, Any]]:
    """The parts already in the ledger at ``path``, after checking it measures ``head``."""
    lines = path.read_text(encoding="utf-8").splitlines()
    if not lines:
        return []
    try:
        found = json.loads(lines[0])
    except json.JSONDecodeError as exc:
        raise SystemExit(f"{path}: line 1 is not a ledger's heading ({exc})") from exc
    if found != head:
        differs = sorted(k for k in head.keys() | found.keys() if head.get(k) != found.get(k))
        raise SystemExit(f"{path} measures something else ({', '.join(differs)} differ): "
                         "remove it, or name another ledger")
    parts = []
    for number, line in enumerate(lines[1:], start=2):
        try:
            parts.append(json.loads(line))
        except json.JSONDecodeError:
            if number == len(lines):  # a part cut short when the run was stopped: play it again
                break
            raise SystemExit(f"{path}: line {number} is not a part of a run") from None
    return parts


def run(rules: dl.Rules, seats: Sequence[Any], deals: int, seed: int, *, ledger: Path | None,
        what: str, workers: int = 1, part: int = 50) -> tuple[dl.SimulationResult, float]:
    """``deals`` duplicate deals between ``seats``, resumed from ``ledger`` when it has parts.

    Returns the joined result and the seconds its parts took to play (in whichever sittings).
    """
    per_deal = len(seats)  # hands a deal: one per rotation of the players round the seats
    if ledger is None:
        t0 = time.perf_counter()
        result = dl.simulate(rules, list(seats), rounds=deals * per_deal, seed=seed, workers=workers,
                             progress=False)
        return result, time.perf_counter() - t0
    head = {"ledger": 1, "what": what, "rules": rules.to_dict(), "seed": seed, "deals": deals, "part": part,
            "code": code_digest()}
    ledger.parent.mkdir(parents=True, exist_ok=True)
    done = _read(ledger, head) if ledger.exists() else []
    if not done:
        ledger.write_text(json.dumps(head) + "\n", encoding="utf-8")
    starts = {p["start"] for p in done}
    for start in range(0, deals, part):
        if start in starts:
            continue
        t0 = time.perf_counter()
        res = dl.simulate(rules, list(seats), rounds=min(part, deals - start) * per_deal, seed=seed,
                          workers=workers, progress=False, start=start)
        entry = {"start": start, "labels": list(res.labels), "records": res.to_records(), "times": res.times,
                 "seconds": time.perf_counter() - t0}
        with ledger.open("a", encoding="utf-8") as f:
            f.write(json.dumps(entry) + "\n")  # one write a part: a stopped run loses at most the part it was in
        done.append(entry)
    done.sort(key=lambda p: p["start"])
    results = [dl.SimulationResult(rules=rules, labels=tuple(p["labels"]), records=p["records"], duplicate=True,
                                   seed=seed, times=p["times"]) for p in done]
    return dl.SimulationResult.combine(results), sum(p["seconds"] for p in done)
