"""Write the snapshots the JS tests render, taken from real table sessions.

Usage: ``python tools/widget_fixtures.py``  (after changing the snapshot's shape).
The vitest tests in ``domino_widget/test/`` draw these, so the front end is always tested
against what Python really sends; ``tests/test_widget.py`` fails when this file is stale.
Measured thinking times are zeroed so that the file is the same on every run.
"""

from __future__ import annotations

import dataclasses
import json
import random
import sys
from pathlib import Path

import dominolab as dl
from dominolab.presenter import present
from dominolab.session import HUMAN, TableSession, TournamentSession
from dominolab.tournament import Entry

OUT = Path(__file__).resolve().parent.parent / "domino_widget" / "test" / "fixtures" / "snapshots.json"


def _snap(t: TableSession) -> dict:
    return _steady(present(t.state()))


def _steady(snapshot: dict) -> dict:
    return {**snapshot, "ai_ms": [0.0 for _ in snapshot["ai_ms"]]}


def _intent(t: TableSession, move) -> dict:
    fields = {"tile": str(move.tile), "end": move.end} if isinstance(move, dl.Play) else {}
    action = "play" if isinstance(move, dl.Play) else str(move)
    return {"action": action, "version": t.version, "id": f"fixture-{t.version}", **fields}


def _move(t: TableSession, move=None) -> None:
    reply = t.handle_intent(_intent(t, move or t.round.legal_moves()[0]))
    assert reply["ok"], reply


def lead() -> dict:
    for seed in range(3, 200):
        t = TableSession("standard", players=2, opponents="greedy", seed=seed)
        if t.round.turn == 0 and not t.round.line:
            return _snap(t)
    raise RuntimeError("no deal where you lead")


def both_ends() -> dict:
    """A tile that fits both ends (showing different numbers) and one that fits one end only."""
    for seed in range(200):
        t = TableSession("standard", players=2, opponents="greedy", seed=seed)
        while not t.round.is_over:
            s = _snap(t)
            if s["your_turn"] and any(len(h["ends"]) == 2 for h in s["hand"]) and any(
                    len(h["ends"]) == 1 for h in s["hand"]):
                return s
            _move(t)
    raise RuntimeError("no position with a tile for both ends in 200 seeds")


def four_player_steps() -> list:
    """Every snapshot published for one of your moves in a four-player game."""
    t = TableSession("standard", players=4, opponents="greedy", seed=5, hints=True)
    published: list = []
    t.subscribe(lambda state: published.append(_steady(present(state))))
    _move(t)
    return published


def error() -> dict:
    t = TableSession("standard", players=2, opponents="greedy", seed=4)
    t.handle_intent({"action": "play", "tile": "9-9", "version": t.version, "id": "t-1"})
    return _snap(t)


def over_partnership() -> dict:
    t = TableSession("partnership", players=4, opponents="strategy", seed=2, open_hands=True, hints=True)
    while not t.round.is_over:
        _move(t)
    return _snap(t)


def long_line() -> dict:
    t = TableSession("standard", players=3, opponents="random", seed=8)
    while not t.round.is_over and len(t.round.line) < 14:
        _move(t)
    return _snap(t)


def drawn() -> dict:
    for seed in range(200):
        t = TableSession("standard", players=2, opponents="greedy", seed=seed)
        while not t.round.is_over and dl.Draw() not in t.round.legal_moves():
            _move(t)
        if not t.round.is_over:
            _move(t, dl.Draw())
            return _snap(t)
    raise RuntimeError("no draw in 200 seeds")


def screen() -> dict:
    return _snap(TableSession("standard", seats=[HUMAN, HUMAN], seed=4))


def over_two_people() -> dict:
    """A hand two people played on one screen, finished: a review button for each."""
    t = TableSession("standard", seats=[HUMAN, HUMAN], names=["Ana", "Ben"], seed=4)
    rng = random.Random(4)
    while not t.round.is_over:
        if t.state().viewer is None:
            assert t.handle_intent({"action": "reveal", "version": t.version})["ok"]
        _move(t, rng.choice(t.round.legal_moves()))
    return _snap(t)


def undone() -> dict:
    for seed in range(100):
        t = TableSession("standard", players=2, opponents="greedy", seed=seed, undo="free")
        if dl.Draw() in t.round.legal_moves():
            continue
        _move(t)
        if not t.round.is_over and t.state().undo_available:
            t.handle_intent({"action": "undo", "version": t.version, "id": "t-undo"})
            return _snap(t)
    raise RuntimeError("no undo in 100 seeds")


def match_over() -> dict:
    t = TableSession("standard", players=2, opponents="greedy", seed=6, target=25)
    rng = random.Random(6)
    while True:
        while not t.round.is_over:
            _move(t, rng.choice(t.round.legal_moves()))
        if t.state().match_over:
            return _snap(t)
        t.handle_intent({"action": "next_hand", "version": t.version})


def offer() -> dict:
    t = TableSession("standard", players=2, opponents="greedy", seed=1)
    state = dataclasses.replace(t.state(), offer="A match at this table was left unfinished (saved 2025-01-01 "
                                                "10:42: hand 3, You 23, North 31). Carry on with it?")
    return _steady(present(state))


def _tournament_table() -> TableSession:
    t = dl.Tournament.create("standard", hands=2, opponents="greedy", seed=3, title="Class 5B")
    return TournamentSession(Entry(t, "Ana", key="0123456789abcdef"), save_to=None)  # a fixed key: stable fixtures


def tournament_playing() -> dict:
    return _snap(_tournament_table())


def tournament_over() -> dict:
    t = _tournament_table()
    rng = random.Random(3)
    while True:
        while not t.round.is_over:
            _move(t, rng.choice(t.round.legal_moves()))
        if t.is_finished:
            return _snap(t)
        t.handle_intent({"action": "next_hand", "version": t.version})


def _finished_hand(seed: int = 3) -> TableSession:
    t = TableSession("standard", players=2, opponents="greedy", seed=seed)
    rng = random.Random(seed)
    while not t.round.is_over:
        _move(t, rng.choice(t.round.legal_moves()))
    return t


def review_steps() -> list:
    """Every snapshot published while a hand is reviewed (in the caller's thread here)."""
    t = _finished_hand()
    published: list = []
    t.subscribe(lambda state: published.append(_steady(present(state))))
    reply = t.handle_intent({"action": "review", "version": t.version, "id": "fixture-review"})
    assert reply["ok"], reply
    return published


def review_worst() -> dict:
    """A finished review showing the play that gave up the most (a play, so that the
    move played and the best one are both drawn as tiles)."""
    t = _finished_hand()
    t.handle_intent({"action": "review", "version": t.version})
    coach = t.coach
    plays = [i for i, d in enumerate(coach.decisions) if isinstance(d.played, dl.Play) and d.played != d.best.move]
    worst = max(plays, key=lambda i: coach.decisions[i].loss)
    t.handle_intent({"action": "review_step", "to": worst, "version": t.version, "id": "fixture-step"})
    return _snap(t)


def _puzzle_table() -> TableSession:
    t = TableSession("standard", players=2, opponents="greedy", seed=1)
    t.start_puzzles(dl.puzzles.select(grade="easy")[0])
    return t


def puzzle_asking() -> dict:
    return _snap(_puzzle_table())


def puzzle_wrong() -> dict:
    """A wrong answer, then the hint asked for."""
    t = _puzzle_table()
    p = t.coach.puzzle
    wrong = next(c.move for c in p.choices[1:] if isinstance(c.move, dl.Play))
    t.handle_intent({"action": "puzzle_answer", "move": "play", "tile": str(wrong.tile), "end": wrong.end,
                     "version": t.version, "id": "fixture-wrong"})
    t.handle_intent({"action": "puzzle_hint", "version": t.version, "id": "fixture-hint"})
    return _snap(t)


def puzzle_right() -> dict:
    t = _puzzle_table()
    best = t.coach.puzzle.best
    fields = {"move": "play", "tile": str(best.tile), "end": best.end} if isinstance(best, dl.Play) else {
        "move": str(best)}
    t.handle_intent({"action": "puzzle_answer", **fields, "version": t.version, "id": "fixture-right"})
    return _snap(t)


def collect() -> dict:
    return {
        "lead": lead(), "both_ends": both_ends(), "four_player_steps": four_player_steps(), "error": error(),
        "over_partnership": over_partnership(), "long_line": long_line(), "drawn": drawn(), "screen": screen(),
        "over_two_people": over_two_people(), "undone": undone(), "match_over": match_over(), "offer": offer(),
        "tournament_playing": tournament_playing(), "tournament_over": tournament_over(),
        "review_steps": review_steps(), "review_worst": review_worst(), "puzzle_asking": puzzle_asking(),
        "puzzle_wrong": puzzle_wrong(), "puzzle_right": puzzle_right(),
    }


def render() -> str:
    return json.dumps(collect(), indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def main() -> int:
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(render(), encoding="utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
