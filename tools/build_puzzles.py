"""Build the shipped puzzle set (src/dominolab/puzzles.json) from self-play.

    python tools/build_puzzles.py            # the full set (a few minutes of one core)
    python tools/build_puzzles.py --quick    # a handful, to try the pipeline

Hands are dealt from fixed seeds and played by search players at level "easy".  At each
decision with a choice, the search values every move at level "medium" (a screen); a
position that looks like a puzzle (see :func:`dominolab.puzzles.candidate`) is valued again
at level "hard" with another seed, and kept only if it is still a puzzle by those figures,
which are the ones stored.  At most two puzzles come from one hand, at least four moves apart.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

import dominolab as dl  # noqa: E402
from dominolab import puzzles  # noqa: E402
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


def mine(preset: str, players: int, wanted: int, base_seed: int) -> list[puzzles.Puzzle]:
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
                        pid = f"{preset}-{players}p-{len(found) + 1:03d}"
                        found.append(puzzles.make(pid, preset, players, hand_seed, r.moves, view,
                                                  sure.choices, "hard"))
                        taken += 1
                        last = index
            r.play(seats[seat].choose(view))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="two puzzles per rule set, not written")
    args = parser.parse_args()
    start = time.perf_counter()
    everything: list[puzzles.Puzzle] = []
    for n, (preset, players, wanted) in enumerate(CONFIGS):
        t = time.perf_counter()
        got = mine(preset, players, 2 if args.quick else wanted, base_seed=100_000 * (n + 1))
        grades = {g: sum(p.grade == g for p in got) for g in puzzles.GRADES}
        print(f"{preset} {players}p: {len(got)} puzzles in {time.perf_counter() - t:.0f} s {grades}", flush=True)
        everything += got
    everything.sort(key=lambda p: (puzzles.GRADES.index(p.grade), p.id))
    print(f"{len(everything)} puzzles in {time.perf_counter() - start:.0f} s")
    if not args.quick:
        puzzles.save(everything)
        print(f"written to {puzzles.DATA.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
