"""Exact values and what a search maximises.

:class:`Solver` values a hand with every tile's place known exactly (expectimax over what
the boneyard gives, alpha-beta between draws, a transposition table).  The utilities turn a
finished hand's points into each side's value: :func:`net_utility` (net points) and
:func:`match_utility` (the chance of winning the match, from :func:`match_win_chance`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, Optional

from ..round import FAST_DRAW, Round

_INF = float("inf")


# ---------------------------------------------------------------------------- matches
#: Points are counted in steps of this many by the match model with two sides (a finer grid
#: changes little); twice and four times as many with three and more sides.
_STEP = 5


def match_win_chance(need: Sequence[int], mean_hand: float = 20.0) -> list[float]:
    """Each side's chance of winning a match when side ``i`` still needs ``need[i]`` points
    (0 or less: it has reached the target), if each later hand is won by every side alike
    and the winner's points are spread about ``mean_hand`` (exponentially).  A coarse model
    of the future: its purpose is to weigh a hand's points by what they do for the match
    (points past the target are worth nothing; a side near it needs only a small win)."""
    sides = len(need)
    if any(n <= 0 for n in need):
        best = min(need)
        winners = [i for i, n in enumerate(need) if n == best]
        return [1.0 / len(winners) if i in winners else 0.0 for i in range(sides)]
    step = _STEP * (1 if sides == 2 else 2 if sides == 3 else 4)  # keeps the table small
    units = tuple(min(-(-int(n) // step), 200) for n in need)
    return list(_chances(units, max(1, round(mean_hand / step))))


@lru_cache(maxsize=100_000)
def _outcomes(mean_units: int) -> tuple[tuple[int, float], ...]:
    """The winner's points (in steps) and their chances: geometric with the given mean."""
    q = 1.0 - 1.0 / mean_units
    out = [(k, (1 - q) * q ** (k - 1)) for k in range(1, 12 * mean_units)]
    total = sum(p for _, p in out)
    return tuple((k, p / total) for k, p in out)


@lru_cache(maxsize=200_000)
def _chances(need: tuple[int, ...], mean_units: int) -> tuple[float, ...]:
    """Each side's chance of winning when each still needs ``need`` steps (memoised: the
    recursion over each later hand's winner and points meets the same needs often)."""
    sides = len(need)
    result = [0.0] * sides
    for winner in range(sides):
        for k, p in _outcomes(mean_units):
            p /= sides
            if k >= need[winner]:
                result[winner] += p
                continue
            after = (*need[:winner], need[winner] - k, *need[winner + 1:])
            sub = _chances(after, mean_units)
            for i in range(sides):
                result[i] += p * sub[i]
    return tuple(result)


# ---------------------------------------------------------------------------- exact endgames
class _OutOfBudget(Exception):
    pass


class Solver:
    """Exact values of a hand with every tile's place known but the boneyard's order left
    to chance: each draw is a chance node over the tiles the boneyard holds; between draws,
    two sides search by alpha-beta (negamax), more sides by max-n.  A transposition table
    keyed on the round's bitmask state (the boneyard as a set) shares work between lines.

    ``utility(points) -> tuple`` turns a finished hand's points (per side) into each
    side's value; with two sides it must be zero-sum.  ``limit`` caps the nodes visited:
    :meth:`values` raises ``OverflowError`` past it (the caller then plays out instead).
    """

    def __init__(self, r: Round, utility: Callable[[tuple[int, ...]], tuple[float, ...]],
                 limit: int = 1_000_000):
        self.r = r
        self.side_of = [r.rules.side_of(s, r.players) for s in range(r.players)]
        self.sides = r.rules.sides(r.players)
        self.utility = utility
        self.limit = limit
        self.nodes = 0
        # Negamax keeps (low, high) bounds, max-n a value per side.
        self.table: dict[tuple[Any, ...], tuple[float, ...]] = {}

    def values(self, codes: Sequence[int]) -> list[tuple[float, ...]]:
        """Each move's value to every side (a tuple per move), the seat to move making it."""
        try:
            return [self._after(code) for code in codes]
        except _OutOfBudget:
            raise OverflowError(f"the exact search needs more than {self.limit} nodes") from None

    def _after(self, code: int) -> tuple[float, ...]:
        """The value to every side of making move ``code`` now."""
        r = self.r
        if code == FAST_DRAW:
            return self._chance_vector()
        r._fast_play(code)
        try:
            return self._vector()
        finally:
            r.undo()

    def _vector(self) -> tuple[float, ...]:
        """The value of the current state to every side."""
        r = self.r
        turn = r._fast_turn()
        if turn < 0:
            return self.utility(r._fast_points())
        if self.sides == 2:
            v = self._negamax(turn, -_INF, _INF)
            return (v, -v) if self.side_of[turn] == 0 else (-v, v)
        return self._maxn(turn)

    def _chance_vector(self) -> tuple[float, ...]:
        r = self.r
        ids = r._fast_chances()
        total = [0.0] * self.sides
        for tid in ids:
            r._fast_draw(tid)
            v = self._vector()
            r.undo()
            for i in range(self.sides):
                total[i] += v[i]
        return tuple(t / len(ids) for t in total)

    # -- two sides: negamax with alpha-beta, values for the side of the seat to move
    def _negamax(self, turn: int, alpha: float, beta: float) -> float:
        r = self.r
        side_of = self.side_of
        side = side_of[turn]
        key = r._fast_key()
        hit = self.table.get(key)
        if hit is not None:
            low, high = hit
            if low == high or low >= beta:
                return low
            if high <= alpha:
                return high
            if low > alpha:
                alpha = low
            if high < beta:
                beta = high
        self.nodes += 1
        if self.nodes > self.limit:
            raise _OutOfBudget
        start = alpha
        best = -_INF
        for code in reversed(r._fast_moves()):
            if code == FAST_DRAW:
                v = self._chance(side)
            else:
                r._fast_play(code)
                nxt = r._fast_turn()
                if nxt < 0:
                    v = self.utility(r._fast_points())[side]
                elif side_of[nxt] != side:
                    v = -self._negamax(nxt, -beta, -alpha)
                else:
                    v = self._negamax(nxt, alpha, beta)
                r.undo()
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        self.table[key] = _bounds(hit, best, start, beta)
        return best

    def _chance(self, side: int) -> float:
        """A draw: the mean value over the tiles the boneyard may give (for ``side``)."""
        r = self.r
        ids = r._fast_chances()
        total = 0.0
        for tid in ids:
            r._fast_draw(tid)
            nxt = r._fast_turn()
            if nxt < 0:
                total += self.utility(r._fast_points())[side]
            elif self.side_of[nxt] != side:
                total -= self._negamax(nxt, -_INF, _INF)
            else:
                total += self._negamax(nxt, -_INF, _INF)
            r.undo()
        return total / len(ids)

    # -- more sides: max-n
    def _maxn(self, turn: int) -> tuple[float, ...]:
        r = self.r
        key = r._fast_key()
        hit = self.table.get(key)
        if hit is not None:
            return hit
        self.nodes += 1
        if self.nodes > self.limit:
            raise _OutOfBudget
        side = self.side_of[turn]
        best: Optional[tuple[float, ...]] = None
        for code in reversed(r._fast_moves()):
            if code == FAST_DRAW:
                v = self._chance_vector()
            else:
                r._fast_play(code)
                v = self._vector()
                r.undo()
            if best is None or v[side] > best[side]:
                best = v
        assert best is not None  # a hand that is not over has a legal move
        self.table[key] = best
        return best


def _bounds(hit: tuple[float, ...] | None, best: float, alpha: float, beta: float) -> tuple[float, float]:
    """The bounds on a position's value that a search of window (``alpha``, ``beta``)
    finding ``best`` proves, joined with what the table knew (``hit``): an upper bound when
    every move failed low, a lower bound when one failed high, else the exact value."""
    low, high = hit if hit is not None else (-_INF, _INF)
    if best <= alpha:
        return low, min(high, best)
    if best >= beta:
        return max(low, best), high
    return best, best


# ---------------------------------------------------------------------------- utilities


def net_utility(sides: int) -> Callable[[tuple[int, ...]], tuple[float, ...]]:
    """Net points per side: its points minus the others' (their mean, past two sides)."""
    if sides == 2:
        return lambda p: (p[0] - p[1], p[1] - p[0])
    share = 1.0 / (sides - 1)

    def utility(points: tuple[int, ...]) -> tuple[float, ...]:
        total = sum(points)
        return tuple(p - (total - p) * share for p in points)

    return utility


def match_utility(scores: Sequence[int], target: int,
                  mean_hand: float = 20.0) -> Callable[[tuple[int, ...]], tuple[float, ...]]:
    """Each side's chance of winning the match after the hand, less its fair share (so
    that with two sides the values are zero-sum)."""
    sides = len(scores)
    fair = 1.0 / sides
    memo: dict[tuple[int, ...], tuple[float, ...]] = {}

    def utility(points: tuple[int, ...]) -> tuple[float, ...]:
        value = memo.get(points)
        if value is None:
            need = [target - s - p for s, p in zip(scores, points, strict=True)]
            value = memo[points] = tuple(c - fair for c in match_win_chance(need, mean_hand))
        return value

    return utility
