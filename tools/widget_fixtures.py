"""Write the snapshots the JS tests render, taken from real ``DominoTable`` games.

Usage: ``python tools/widget_fixtures.py``  (after changing the snapshot's shape).
The vitest tests in ``domino_widget/test/`` draw these, so the front end is always tested
against what Python really sends; ``tests/test_widget.py`` fails when this file is stale.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from dominolab.moves import Play
from dominolab.widget import DominoTable

OUT = Path(__file__).resolve().parent.parent / "domino_widget" / "test" / "fixtures" / "snapshots.json"


def _human_move(table: DominoTable):
    """The first legal move, preferring a play (enough to move a game along)."""
    return table.round.legal_moves()[0]


def _do(table: DominoTable, move) -> None:
    if isinstance(move, Play):
        table.play(move.tile, move.end)
    elif str(move) == "draw":
        table.draw()
    else:
        table.pass_()


def both_ends() -> dict:
    """A position where one of the human's tiles fits both ends (which show different numbers)
    and another fits one end only."""
    for seed in range(200):
        table = DominoTable("standard", players=2, opponents="greedy", seed=seed, background=False)
        while not table.round.is_over:
            snap = table.snapshot
            fits_both = any(len(t["ends"]) == 2 for t in snap["hand"])
            fits_one = any(len(t["ends"]) == 1 for t in snap["hand"])
            if snap["your_turn"] and fits_both and fits_one and snap["ends"][0] != snap["ends"][1]:
                return snap
            _do(table, _human_move(table))
    raise RuntimeError("no position with a tile for both ends in 200 seeds")


def collect() -> dict:
    data: dict = {}
    lead = DominoTable("standard", players=2, opponents="greedy", seed=3, background=False)
    while lead.round.turn != 0 or lead.round.line:
        lead = DominoTable("standard", players=2, opponents="greedy", seed=lead.seed + 1, background=False)
    data["lead"] = lead.snapshot
    data["both_ends"] = both_ends()

    # One human move in a 4-player game: every snapshot published on the way.
    table = DominoTable("standard", players=4, opponents="greedy", seed=5, hints=True, background=False)
    published: list = []
    table.observe(lambda change: published.append(change["new"]), names="snapshot")
    _do(table, _human_move(table))
    data["four_player_steps"] = published

    bad = DominoTable("standard", players=2, opponents="greedy", seed=4, background=False)
    bad.handle_intent({"action": "play", "tile": "9-9", "version": bad.version, "id": "t-1"})
    data["error"] = bad.snapshot

    teach = DominoTable("partnership", players=4, opponents="strategy", seed=2, open_hands=True, hints=True,
                        background=False)
    while not teach.round.is_over:
        _do(teach, _human_move(teach))
    data["over_partnership"] = teach.snapshot

    narrow = DominoTable("standard", players=3, opponents="random", seed=8, background=False)
    while not narrow.round.is_over and len(narrow.round.line) < 14:
        _do(narrow, _human_move(narrow))
    data["long_line"] = narrow.snapshot
    return data


def render() -> str:
    return json.dumps(collect(), indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def main() -> int:
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(render(), encoding="utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
