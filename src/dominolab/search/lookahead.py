"""Valuing the moves of one sampled deal by searching it: alpha-beta to a depth, then an
evaluation of the position reached.

A play-out values a move as the play-out policy would carry on after it, and more deals
average that policy's mistakes without removing them.  :class:`Lookahead` lets every seat
choose its best for the first ``depth`` moves of the deal instead (the boneyard's draws in
the deal's order), then estimates the rest with :func:`linear_value`, a weighted sum of
what the position shows.  Searched to the end of the hand, with the draws as chance, it
gives the exact solver's values (``tests/test_lookahead.py``).

Two things were learned building it (benchmarks/README.md, the ablation):

* a play-out is no evaluation for a search: its result swings with every move before it,
  so the best of several play-outs is mostly the luckiest, and a search over them values a
  position by whoever chose last (2 moves deep, 6 points a hand worse than play-outs);
* seats draw in the search only when they cannot play: a seat that may draw at will and
  knows the deal's next tile would draw exactly when it helps.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..fastround import FAST_DRAW
from ..tiles import TILE_BY_ID
from .solver import _bounds

if TYPE_CHECKING:
    from ..round import Round

__all__ = ["FEATURES", "WEIGHTS", "Lookahead", "LookaheadLimit", "features", "linear_value"]

_INF = float("inf")
_PIPS = [t.pips for t in TILE_BY_ID]

#: What :func:`linear_value` weighs (:func:`features` computes them), seen from the side of
#: the seat to move.
FEATURES = ("constant", "their pips - mine", "their tiles - mine", "my tiles that fit", "their tiles that fit",
            "boneyard", "tile gap x boneyard", "their pips", "my pips", "none of mine fit", "none of theirs fit",
            "my tiles", "their tiles")

#: The weights of :data:`FEATURES` in :func:`linear_value`, fitted by least squares to the
#: net points of 20,000 positions of standard two-player hands (greedy play to a random move,
#: then the mean of four play-outs; ``benchmarks/lookahead_fit.py``).
WEIGHTS = (1.389, 0.09, 1.723, 0.493, -0.872, -0.044, -0.085, 0.025, -0.065, -5.316, 1.03, -0.634, 1.089)


class LookaheadLimit(Exception):
    """The search of one deal spent the work it was allowed."""


def _totals(r: Round) -> tuple[list[int], list[int], int]:
    """Pips, tiles and tiles that fit the ends, for the side of the seat to move and for
    the others; and that side."""
    side_of = r.rules.side_of
    n = r.players
    me = side_of(r._turn, n)
    suit = r._suit
    left = r._left
    ends = (suit[left] | suit[r._right]) if left >= 0 else r._lead_allowed
    mine = [0, 0, 0]  # pips, tiles, tiles that fit
    theirs = [0, 0, 0]
    for seat, hand in enumerate(r._hands):
        pips = 0
        m = hand
        while m:
            low = m & -m
            pips += _PIPS[low.bit_length() - 1]
            m ^= low
        total = mine if side_of(seat, n) == me else theirs
        total[0] += pips
        total[1] += hand.bit_count()
        total[2] += (hand & ends).bit_count()
    return mine, theirs, me


def features(r: Round) -> list[float]:
    """The numbers :data:`FEATURES` names, for the position of ``r`` (every hand known):
    what :func:`linear_value` weighs, and what ``benchmarks/lookahead_fit.py`` fits."""
    mine, theirs, _me = _totals(r)
    stock = len(r._stock)
    ahead = theirs[1] - mine[1]
    return [1.0, theirs[0] - mine[0], ahead, mine[2], theirs[2], stock, ahead * stock, theirs[0], mine[0],
            float(mine[2] == 0), float(theirs[2] == 0), mine[1], theirs[1]]


def linear_value(r: Round, side: int) -> float:
    """An estimate of ``side``'s net points from what the position shows (every hand
    known, as in a sampled deal): :data:`WEIGHTS` times :func:`features`, seen from the
    side of the seat to move; the other side gets its negative.  Written out, not as a
    dot product, because the search calls it at every leaf."""
    mine, theirs, me = _totals(r)
    stock = len(r._stock)
    w = WEIGHTS
    ahead = theirs[1] - mine[1]
    value = (w[0] + w[1] * (theirs[0] - mine[0]) + w[2] * ahead + w[3] * mine[2] + w[4] * theirs[2]
             + w[5] * stock + w[6] * ahead * stock + w[7] * theirs[0] + w[8] * mine[0]
             + w[9] * (mine[2] == 0) + w[10] * (theirs[2] == 0) + w[11] * mine[1] + w[12] * theirs[1])
    return value if me == side else -value


class Lookahead:
    """The values of moves in one deal of a game between two sides (partners are one side):
    alpha-beta over every seat's moves to ``depth`` moves (a draw counts as one), then
    ``evaluation(round, side)``; a finished hand is worth ``utility(points)``.

    A seat that can play does not draw in the search (see the module's note; with
    ``draw_at_will=True`` it may, where the rules allow), and a draw takes the deal's next
    tile, or with ``chance=True`` is a chance node over every tile the boneyard holds (as
    :class:`~dominolab.search.Solver` does).  ``limit`` caps the
    work, in play-out moves (a node counts ``node_cost``): past it :meth:`values` raises
    :class:`LookaheadLimit` and leaves the round mid-line (the caller loads its deal again).
    """

    def __init__(self, r: Round, utility: Callable[[tuple[int, ...]], tuple[float, ...]],
                 evaluation: Callable[[Round, int], float], depth: int, limit: int, *,
                 node_cost: int = 4, chance: bool = False, draw_at_will: bool = False):
        self.r = r
        self.side_of = [r.rules.side_of(s, r.players) for s in range(r.players)]
        self.utility = utility
        self.evaluation = evaluation
        self.depth = depth
        self.limit = limit
        self.node_cost = node_cost
        self.chance = chance
        self.draw_at_will = draw_at_will
        self.work = 0
        self.table: dict[tuple[Any, ...], tuple[float, float]] = {}

    def values(self, codes: Sequence[int], side: int) -> list[float]:
        """Each move's value to ``side`` (the side of the seat to move) in this deal."""
        r = self.r
        out = []
        for code in codes:
            if code == FAST_DRAW:
                out.append(self._draw(side, self.depth - 1))
                continue
            r._fast_play(code)
            out.append(self._value(side, self.depth - 1, -_INF, _INF))
            r.undo()
        return out

    def _spend(self) -> None:
        self.work += self.node_cost
        if self.work > self.limit:
            raise LookaheadLimit

    def _value(self, side: int, depth: int, alpha: float, beta: float) -> float:
        """The position's value to ``side``, searched ``depth`` more moves."""
        r = self.r
        turn = r._fast_turn()
        if turn < 0:
            return self.utility(r._fast_points())[side]
        if depth <= 0:
            self._spend()
            return self.evaluation(r, side)
        if self.side_of[turn] == side:
            return self._negamax(turn, depth, alpha, beta)
        return -self._negamax(turn, depth, -beta, -alpha)

    def _negamax(self, turn: int, depth: int, alpha: float, beta: float) -> float:
        """Alpha-beta for the side of ``turn``; a table keyed on the position and the depth
        left keeps each line's bounds."""
        r = self.r
        side = self.side_of[turn]
        key = (r._fast_key(), depth)
        hit = self.table.get(key)
        if hit is not None:
            low, high = hit
            if low == high or low >= beta:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
        self._spend()
        start = alpha
        best = -_INF
        codes = r._fast_moves()
        if not self.draw_at_will and len(codes) > 1 and FAST_DRAW in codes:
            codes = [c for c in codes if c != FAST_DRAW]  # no draw while a play is possible
        for code in reversed(codes):
            if code == FAST_DRAW:
                v = self._draw(side, depth - 1)
            else:
                r._fast_play(code)
                v = self._value(side, depth - 1, alpha, beta)
                r.undo()
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        self.table[key] = _bounds(hit, best, start, beta)
        return best

    def _draw(self, side: int, depth: int) -> float:
        """A draw by a seat of ``side``: the deal's next tile, or the mean over every tile
        the boneyard may give."""
        r = self.r
        if not self.chance:
            r._fast_draw()
            v = self._value(side, depth, -_INF, _INF)
            r.undo()
            return v
        ids = r._fast_chances()
        total = 0.0
        for tid in ids:
            r._fast_draw(tid)
            total += self._value(side, depth, -_INF, _INF)
            r.undo()
        return total / len(ids)

