"""The search player as it was before issue 12, frozen as a baseline for benchmarks/search.py.

A verbatim copy of ``SearchPlayer`` (and its play-out and reward) from
``src/dominolab/players.py`` at commit da4952e: it counts a won hand as 1 and a lost one as
0, plays one greedy-ish play-out per sampled deal and move, and builds a ``Round`` object
for each.  Importable by the benchmarks only; nothing in the package uses it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import ClassVar, Optional

from dominolab.inference import infer
from dominolab.moves import Move, Play
from dominolab.round import Round
from dominolab.view import View

__all__ = ["BaselineSearchPlayer"]


def _rollout(r, rng: random.Random, greed: float) -> None:
    """Play ``r`` to the end: each seat plays its heaviest playable tile with probability
    ``greed``, else a random playable tile; draws or passes only when it must."""
    legal_moves, play = r.legal_moves, r.play
    while not r.is_over:
        moves = legal_moves()
        last = moves[-1]
        n = len(moves)
        if last.__class__ is not Play:
            if n == 1:
                play(last)
                continue
            n -= 1
        if n == 1 or rng.random() >= greed:
            play(moves[rng.randrange(n)])
        else:
            best = moves[0]
            for m in moves[1:n]:
                if m.tile.pips > best.tile.pips:
                    best = m
            play(best)


def _reward(result, seat: int, sides: Sequence[Sequence[int]]) -> float:
    """1 for a won hand, 0 for a lost one, 0.5 when nobody wins; nudged by the points."""
    mine = next(i for i, members in enumerate(sides) if seat in members)
    side = result.winning_side
    base = 0.5 if side is None else (1.0 if side == mine else 0.0)
    return base + 0.001 * (result.points[mine] - max(p for i, p in enumerate(result.points) if i != mine))


def _sides(view: View) -> list[tuple[int, ...]]:
    if view.partner is not None:
        return [(0, 2), (1, 3)]
    return [(s,) for s in range(view.players)]


class BaselineSearchPlayer:
    """Sampled-deal search (the pre-issue-12 version).  For each decision it draws
    ``worlds`` deals of the unseen tiles uniformly among those that fit everything public,
    plays every legal move out in each deal with a fast greedy-ish policy for all seats,
    and keeps the move with the best average (a won hand counts 1, a lost one 0)."""

    name = "baseline"
    LEVELS: ClassVar[dict[str, int]] = {"easy": 12, "medium": 48, "hard": 160}

    def __init__(self, seed: Optional[int] = None, *, level: str = "medium", worlds: Optional[int] = None,
                 time_limit: Optional[float] = None, greed: float = 0.8):
        if worlds is None:
            if level not in self.LEVELS:
                raise ValueError(f"level must be one of {', '.join(self.LEVELS)}, got {level!r}")
            worlds = self.LEVELS[level]
        if isinstance(worlds, bool) or not isinstance(worlds, int) or worlds < 1:
            raise ValueError(f"worlds must be a whole number >= 1, got {worlds!r}")
        if time_limit is not None and not time_limit > 0:
            raise ValueError(f"time_limit must be a positive number of seconds, got {time_limit!r}")
        self.seed = seed
        self.level = level
        self.worlds = worlds
        self.time_limit = time_limit
        self.greed = greed
        self._rng = random.Random(seed)
        self.last_worlds: list = []
        self.last_values: dict[Move, float] = {}

    def reseed(self, seed: Optional[int]) -> None:
        """Start the player's random choices afresh from ``seed``."""
        self.seed = seed
        self._rng = random.Random(seed)

    def evaluate(self, view: View) -> dict[Move, float]:
        """Each legal move's average reward over the sampled deals (higher is better)."""
        moves = list(view.legal)
        knowledge = infer(view, probabilities=False)
        totals = dict.fromkeys(moves, 0.0)
        sides = _sides(view)
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        self.last_worlds = []
        done = 0
        for _ in range(self.worlds):
            world = knowledge.sample(self._rng)
            self.last_worlds.append(world)
            base = Round.from_view(view, world.hands, world.boneyard)
            rollout_seed = self._rng.randrange(2**32)
            for move in moves:
                r = base.copy()
                r.play(move)
                _rollout(r, random.Random(rollout_seed), self.greed)  # same luck for every move
                totals[move] += _reward(r.result, view.seat, sides)
            done += 1
            if deadline is not None and time.perf_counter() > deadline:
                break
        self.last_values = {m: totals[m] / done for m in moves}
        return self.last_values

    def choose(self, view: View) -> Move:
        moves = view.legal
        if len(moves) == 1:
            self.last_worlds, self.last_values = [], {moves[0]: 1.0}
            return moves[0]
        values = self.evaluate(view)
        return max(moves, key=lambda m: values[m])  # first of equals: stable

    def __repr__(self) -> str:
        return f"BaselineSearchPlayer(seed={self.seed!r}, worlds={self.worlds})"
