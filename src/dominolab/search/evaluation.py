"""Valuing every legal move of one decision over sampled deals.

:func:`evaluate` deals the hidden tiles again and again (:mod:`.worlds`), values every move
in each deal (exactly with the :class:`~.solver.Solver` when the deal is small enough,
otherwise by one play-out with the :class:`~.policy.Policy`, the same luck for every move)
and averages: each move's :class:`MoveValue` in an :class:`Evaluation`.
:func:`exact_evaluation` solves every deal that fits the view instead, when that is cheap;
:func:`rollout_values` is the omniscient player's search.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal, Optional

from .. import i18n
from ..moves import Move
from ..round import Round
from ..view import View
from .lookahead import Lookahead, LookaheadLimit, linear_value
from .policy import Policy
from .solver import Solver, match_utility, net_utility
from .verdict import ByMove
from .worlds import Dealer, _code_of, _distinct, _first_round, _mirror, _next_deal

_INF = float("inf")

Objective = Literal["points", "match"]


#: Work units (see :func:`evaluate`) one node of the exact solver costs: about the time of
#: this many moves of a play-out.
NODE_COST = 4
#: With a budget, one deal may take this share of it in solver nodes before the search
#: plays it out instead: exact values are worth having only for many deals.
EXACT_SHARE = 16


# ---------------------------------------------------------------------------- values
@dataclass(frozen=True)
class MoveValue:
    """What the search found for one move.

    ``value`` is what the search maximises: expected net points for the side (or, in a
    match, the chance of winning the match).  ``points`` is the expected net points even
    in a match.  ``ahead`` is the share (0 to 1) of the weighted deals in which the move
    came out ahead: the side scored more than the others in the play-out, or its exact
    expected net points were positive.  ``spread`` is the standard deviation of the net
    points from deal to deal, and ``deals`` how many deals the figures average over, so
    :attr:`margin` is the margin of error of ``points``.
    """

    move: Move
    value: float
    points: float
    ahead: float
    spread: float = 0.0
    deals: int = 0
    #: Whether ``points`` is exact over every deal that fits the view (no sampling).
    exact: bool = False

    @property
    def margin(self) -> float:
        """Half the width of a 95% interval for ``points`` (1.96 standard errors): the
        estimate's margin of error from sampling a finite number of deals (0 when exact)."""
        if self.exact:
            return 0.0
        return 1.96 * self.spread / math.sqrt(self.deals) if self.deals > 1 else math.inf


@dataclass(frozen=True)
class Evaluation(ByMove[MoveValue]):
    """The search's verdict on one decision of ``seat``: each legal move's
    :class:`MoveValue` (in the order of ``view.legal``), the move chosen, how many deals were dealt and how many of
    them were solved exactly, the work spent (play-out moves plus solver nodes weighted by
    :data:`NODE_COST`), and what ``value`` measures ("points" or "match")."""

    seat: int
    moves: tuple[MoveValue, ...]
    best: Move
    deals: int
    exact: int
    work: int
    objective: Objective
    worlds: tuple[tuple[Sequence[int], Sequence[int]], ...] = field(default=(), repr=False)
    #: Whether a search tree chose the move (:func:`tree_evaluate`): then each move's
    #: figures average over the deals that began with it, and the best is the move whose
    #: value is best (every move tried at least :data:`ROOT_FLOOR` as often as the most tried).
    tree: bool = False
    #: With ``keep_worlds``, each deal's weight and every move's net points in it (in the
    #: order of ``moves``): what :meth:`paired` compares two moves on.
    nets: tuple[tuple[float, tuple[float, ...]], ...] = field(default=(), repr=False)

    def paired(self, a: Move, b: Move) -> tuple[float, float]:
        """How many more net points move ``a`` expects than move ``b``, and the margin of
        error (half a 95% interval) of that difference, from the two moves' results on the
        same deals.  Paired, the deal's luck cancels out, so the margin is the difference's
        own (often far narrower than the two moves' margins together).  Needs ``nets``
        (the search kept its worlds); a tree's figures are not paired (``math.inf``)."""
        i = next(k for k, m in enumerate(self.moves) if m.move == a)
        j = next(k for k, m in enumerate(self.moves) if m.move == b)
        if not self.nets or self.tree:
            return self.moves[i].points - self.moves[j].points, math.inf
        total = sum(w for w, _ in self.nets)
        if total <= 0 or len(self.nets) < 2:
            return self.moves[i].points - self.moves[j].points, math.inf
        mean = sum(w * (v[i] - v[j]) for w, v in self.nets) / total
        square = sum(w * (v[i] - v[j]) ** 2 for w, v in self.nets) / total
        count = len(self.nets)
        variance = max(0.0, square - mean * mean) * count / (count - 1)
        return mean, 1.96 * math.sqrt(variance / count)

    def ranked(self) -> list[MoveValue]:
        """The moves best first (the chosen move first; ties keep the legal order)."""
        order = sorted(self.moves, key=lambda m: -m.value)
        best = next(m for m in order if m.move == self.best)
        return [best] + [m for m in order if m is not best]


# ---------------------------------------------------------------------------- evaluation


#: What a search maximises, from a finished hand's points (per side): each side's value.
Utility = Callable[[tuple[int, ...]], tuple[float, ...]]
#: One deal's valuation of a decision's distinct moves (in the order of their codes): each
#: move's value to the searching side (what the search maximises) and its net points.
DealValues = tuple[list[float], list[float]]


def _utilities(view: View, match: Optional[tuple[Sequence[int], int]]) -> tuple[Utility, Utility]:
    """Net points per side, and the utility the search maximises: the same function, or in a
    match (``match=(scores, target)``) each side's chance of winning it."""
    points_utility = net_utility(view.rules.sides(view.players))
    if match is None:
        return points_utility, points_utility
    return points_utility, match_utility(match[0], match[1])


class _Decision:
    """The decision a search values, as each valuation of one deal needs it: the round at
    the decision and its saved state (loaded again with each deal's tiles), the distinct
    move codes, the searching side ``me``, the net points utility and the one maximised
    (the same function outside a match)."""

    __slots__ = ("codes", "me", "points_utility", "round", "saved", "utility")

    def __init__(self, r: Round, codes: list[int], me: int, utility: Utility, points_utility: Utility):
        self.round = r
        self.saved = r._fast_save()
        self.codes = codes
        self.me = me
        self.utility = utility
        self.points_utility = points_utility

    def load(self, hands: Sequence[int], stock: Sequence[int]) -> None:
        """Put the deal (every seat's hand as a mask, the boneyard) on the round at the decision."""
        self.round._fast_load(self.saved, hands, stock)


def _values_by_solver(decision: _Decision, hands: Sequence[int], stock: Sequence[int],
                      limit: int) -> tuple[Optional[DealValues], int]:
    """Each distinct move's value and net points in one deal, exactly (:class:`Solver`: every
    tile's place known, the boneyard's order left to chance), and the work spent; no values
    when the deal needs more than ``limit`` solver nodes."""
    decision.load(hands, stock)
    codes = decision.codes
    me = decision.me
    solver = Solver(decision.round, decision.utility, limit=limit)
    try:
        results = solver.values(codes)
    except OverflowError:
        decision.load(hands, stock)
        return None, max(solver.nodes * NODE_COST, len(codes))
    work = max(solver.nodes * NODE_COST, len(codes))  # a deal costs at least a move each
    if decision.utility is not decision.points_utility:
        # The net points take a search of their own, pruned differently: it may not fit.
        net_solver = Solver(decision.round, decision.points_utility, limit=limit)
        try:
            net = net_solver.values(codes)
        except OverflowError:
            decision.load(hands, stock)
            return None, work + net_solver.nodes * NODE_COST
    else:
        net = results
    return ([value[me] for value in results], [value[me] for value in net]), work


def _values_by_playout(decision: _Decision, hands: Sequence[int], stock: Sequence[int], policy: Policy,
                       rand: Callable[[], float]) -> tuple[DealValues, int]:
    """Each distinct move's value and net points in one deal, by playing the hand out once
    after it with ``policy`` for every seat (the same luck for every move), and the work
    spent (the moves made)."""
    r = decision.round
    saved = decision.saved
    me = decision.me
    utility = decision.utility
    points_utility = decision.points_utility
    pick, counter = policy.picker([rand() for _ in range(32)])
    values: list[float] = []
    nets: list[float] = []
    work = 0
    for code in decision.codes:
        r._fast_load(saved, hands, stock)
        counter[0] = 0  # the same luck for every move
        r._fast_play(code)
        work += 1 + r._fast_rollout(pick)
        points = r._fast_points()
        net_me = points_utility(points)[me]
        values.append(utility(points)[me] if utility is not points_utility else net_me)
        nets.append(net_me)
    return (values, nets), work


def _values_by_lookahead(decision: _Decision, hands: Sequence[int], stock: Sequence[int], depth: int,
                         limit: int) -> tuple[Optional[DealValues], int]:
    """Each distinct move's net points in one deal by searching it ``depth`` moves deep
    (:class:`~dominolab.search.lookahead.Lookahead`, then :func:`linear_value`), and the
    work spent; no values when that needs more than ``limit`` work."""
    decision.load(hands, stock)
    search = Lookahead(decision.round, decision.points_utility, linear_value, depth, limit, node_cost=NODE_COST)
    try:
        nets = search.values(decision.codes, decision.me)
    except LookaheadLimit:
        decision.load(hands, stock)
        return None, search.work
    return (nets, nets), max(search.work, len(nets))


class _DealValuer:
    """Values one deal's moves the best way that fits: exactly (until two deals in a row
    prove too large for ``exact_limit`` solver nodes), else by a search ``look`` moves deep
    (until three deals prove too large for ``look_limit`` work), else by a play-out."""

    def __init__(self, decision: _Decision, exact_limit: int, look: int, look_limit: int, policy: Policy,
                 rand: Callable[[], float]):
        self.decision = decision
        self.exact_limit = exact_limit
        self.exact_ok = exact_limit > 0
        self.too_large = 0
        self.look = look
        self.look_limit = look_limit
        self.look_failed = 0
        self.policy = policy
        self.rand = rand

    def value(self, hands: Sequence[int], stock: Sequence[int]) -> tuple[DealValues, int, int]:
        """The deal's values, the work spent and whether it was solved exactly (1 or 0)."""
        spent = 0
        if self.exact_ok:
            found, work = _values_by_solver(self.decision, hands, stock, self.exact_limit)
            spent += work
            if found is not None:
                return found, spent, 1
            self.too_large += 1
            self.exact_ok = self.too_large < 2  # the next deals would be as large: play out instead
        if self.look:
            found, work = _values_by_lookahead(self.decision, hands, stock, self.look, self.look_limit)
            spent += work
            if found is not None:
                return found, spent, 0
            self.look_failed += 1
            if self.look_failed >= 3:
                self.look = 0  # the deals are too large for it: play out
        found, work = _values_by_playout(self.decision, hands, stock, self.policy, self.rand)
        return found, spent + work, 0


class _Tally:
    """What :func:`evaluate` adds up over the deals: each distinct move's weighted sums of
    value, net points, deals ahead and squared net points; the deals dealt, solved and kept,
    and the work spent."""

    def __init__(self, moves: int, keep_worlds: bool, paired: bool = False):
        self.weight = 0.0
        self.value = [0.0] * moves
        self.points = [0.0] * moves
        self.ahead = [0.0] * moves
        self.squares = [0.0] * moves
        self.dealt = self.exact = self.spent = 0
        self.keep_worlds = keep_worlds
        self.worlds: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        self.nets: list[tuple[float, tuple[float, ...]]] = []
        #: With ``paired`` (for :meth:`clear`), running sums over the deals counted alike:
        #: each move's net points and, for moves i < j, their squared differences.
        self.paired = paired
        self.counted = 0
        self.sums = [0.0] * moves
        self.pair_squares = [[0.0] * moves for _ in range(moves)] if paired else []

    def add(self, w: float, found: DealValues, alias: list[int]) -> None:
        """Count one deal of weight ``w``, valued as ``found``; ``alias`` maps each legal
        move to its distinct move."""
        values, nets = found
        for i, net in enumerate(nets):
            self.value[i] += w * values[i]
            self.points[i] += w * net
            self.ahead[i] += w * (net > 0)
            self.squares[i] += w * net * net
        if self.keep_worlds:
            self.nets.append((w, tuple(nets[a] for a in alias)))
        if self.paired:
            self.counted += 1
            for i, net in enumerate(nets):
                self.sums[i] += net
                row = self.pair_squares[i]
                for j in range(i + 1, len(nets)):
                    row[j] += (net - nets[j]) ** 2
        self.weight += w

    def clear(self) -> float:
        """How many standard errors the best move's mean net points lead the next best's,
        paired by deal (infinite when one move is left or the two never differ)."""
        lead, spread = self.lead()
        return _INF if spread == 0 else lead / math.sqrt(spread / self.counted)

    def lead(self) -> tuple[float, float]:
        """The best move's lead in mean net points over the next best and the sample variance
        of their difference by deal, from the running sums ((0, 0) under two deals or moves)."""
        count = self.counted
        if count < 2 or len(self.sums) < 2:
            return 0.0, 0.0
        means = [total / count for total in self.sums]
        first, second = sorted(range(len(means)), key=lambda i: -means[i])[:2]
        lead = means[first] - means[second]
        squares = self.pair_squares[min(first, second)][max(first, second)]
        return lead, max(0.0, squares - count * lead * lead) / (count - 1)

    def move_values(self, moves: list[Move], alias: list[int]) -> list[MoveValue]:
        """Each legal move's :class:`MoveValue`: the weighted means, the spread of net points."""
        total_w = self.weight if self.weight > 0 else 1.0
        dealt = self.dealt
        values = []
        for move, a in zip(moves, alias, strict=True):
            mean = self.points[a] / total_w
            variance = max(0.0, self.squares[a] / total_w - mean * mean) * dealt / max(1, dealt - 1)
            values.append(MoveValue(move, self.value[a] / total_w, mean, self.ahead[a] / total_w,
                                    math.sqrt(variance), dealt))
        return values


#: An adaptive search (``evaluate(most=...)``) stops once the best move leads the next by
#: this many standard errors, after a quarter of its budget; short of it, it goes on past
#: the budget up to ``most``.  It checks every :data:`CHECK_EVERY` deals, from the 16th.
CLEAR = 3.0
CHECK_EVERY = 8


def _enough(tally: _Tally, budget: int, most: Optional[int]) -> bool:
    """Whether the work done is enough: the budget, or with ``most`` (an adaptive search)
    a clear best move after a quarter of it, or ``most`` itself."""
    if most is None:
        return tally.spent >= budget
    if tally.spent >= most:
        return True
    if tally.dealt < 16 or tally.dealt % CHECK_EVERY or tally.spent < budget // 4:
        return False
    return tally.clear() > CLEAR


def _dealing_goes_on(tally: _Tally, budget: int, deals: Optional[int], deadline: Optional[float],
                     stop: Optional[Callable[[], bool]], most: Optional[int] = None) -> bool:
    """Whether :func:`evaluate` deals again: until ``deals`` deals (or else the budget, see
    :func:`_enough`) are done, the deadline passes or ``stop()`` says so."""
    if deals is not None:
        if tally.dealt >= deals:
            return False
    elif _enough(tally, budget, most):
        return False
    if deadline is not None and time.perf_counter() > deadline:
        return False
    return not (stop is not None and stop())


def evaluate(
    view: View,
    *,
    budget: int,
    rng: random.Random,
    deals: Optional[int] = None,
    deadline: Optional[float] = None,
    objective: Objective = "points",
    match: Optional[tuple[Sequence[int], int]] = None,
    exact_limit: Optional[int] = None,
    weighting: float = 0.0,
    policy: Optional[Policy] = None,
    keep_worlds: bool = False,
    stop: Optional[Callable[[], bool]] = None,
    depth: int = 0,
    most: Optional[int] = None,
) -> Evaluation:
    """Value every legal move of ``view`` (its seat to move) over sampled deals.

    ``budget`` is the work allowed, in play-out moves (a solver node counts
    :data:`NODE_COST`); dealing stops when it is spent, or after ``deals`` deals when that
    is given, or at the ``deadline`` (a ``time.perf_counter()`` value) if that comes first.
    The same arguments and ``rng`` state give the same result when there is no deadline.
    ``exact_limit`` is the most solver nodes one deal may take before the search plays
    it out instead (0: never solve; by default ``budget / (NODE_COST * EXACT_SHARE)``, so
    that at least :data:`EXACT_SHARE` deals are solved); after two deals too large for it,
    the rest are played out.  ``match=(scores, target)`` makes the value the chance
    of winning the match.  ``stop()`` returning True stops dealing too (checked between
    deals, like the deadline: every move is still valued over the same deals).

    ``depth`` > 0 values a deal too large to solve by searching it that many moves deep
    (:mod:`~dominolab.search.lookahead`, when the value is net points and two sides play)
    instead of playing it out, while a deal takes at most 1/:data:`EXACT_SHARE` of the
    budget.  ``most`` makes the search adaptive: it stops once the best move is clear
    (:data:`CLEAR`) and goes on past ``budget``, up to ``most``, while it is not.
    """
    moves = list(view.legal)
    if not moves:
        raise ValueError(i18n._("it is not this seat's turn, so there is no move to evaluate"))
    points_utility, utility = _utilities(view, match)
    if match is not None:
        objective = "match"
    policy = policy or Policy(view.rules)
    dealer = Dealer(view, weighting)
    # Moves that lead to mirror images (a tile played on either of two equal ends) share
    # one evaluation.
    codes = [_code_of(m) for m in moves]
    unique = _distinct(codes, view.ends)
    alias = [unique.index(_mirror(code, view.ends)) for code in codes]
    root, hands, stock = _first_round(view, dealer, rng)
    decision = _Decision(root, unique, view.rules.side_of(view.seat, view.players), utility, points_utility)
    if exact_limit is None:
        exact_limit = budget // (NODE_COST * EXACT_SHARE)
    look = depth if depth > 0 and utility is points_utility and view.rules.sides(view.players) == 2 else 0
    valuer = _DealValuer(decision, exact_limit, look, max(len(unique), budget // EXACT_SHARE), policy, rng.random)
    tally = _Tally(len(unique), keep_worlds, paired=most is not None)
    while True:
        tally.dealt += 1
        if keep_worlds:
            tally.worlds.append((tuple(hands), tuple(stock)))
        found, work, solved = valuer.value(hands, stock)
        tally.spent += work
        tally.exact += solved
        tally.add(dealer.weight(hands), found, alias)
        if not _dealing_goes_on(tally, budget, deals, deadline, stop, most):
            break
        hands, stock = _next_deal(root, decision.saved, dealer, rng)
    values = tally.move_values(moves, alias)
    best = max(values, key=lambda m: m.value).move  # the first of equals: stable
    return Evaluation(view.seat, tuple(values), best, tally.dealt, tally.exact, tally.spent, objective,
                      tuple(tally.worlds), nets=tuple(tally.nets))


def exact_evaluation(view: View, limit: int) -> tuple[Optional[Evaluation], int]:
    """Every legal move's exact expected net points over every deal that fits ``view``
    (:func:`dominolab.exact.solve`, each deal alike, each solved with every hand visible as
    :func:`evaluate` solves a sampled deal), when that takes at most ``limit`` solver
    nodes: then the evaluation (margins 0, ``exact`` true) and the work spent; else
    ``None`` and the work spent finding out."""
    from ..exact import ExactLimitError, solve  # exact builds on this package

    try:
        solved = solve(view, max_deals=max(1, limit // 16), limit=limit, project=True)
    except ExactLimitError as error:
        return None, error.nodes * NODE_COST
    values = tuple(MoveValue(m.move, m.value, m.value, m.ahead, 0.0, solved.deals, exact=True)
                   for m in solved.moves)
    work = max(solved.nodes * NODE_COST, len(values))
    return Evaluation(view.seat, values, solved.best, solved.deals, solved.deals, work, "points"), work


def rollout_values(r: Round, rollouts: int, rng: random.Random) -> tuple[Move, dict[Move, float]]:
    """The best move for the seat to move in ``r`` by ``rollouts`` play-outs of each legal
    move on the round as it is (every tile's place and the boneyard's order known): the
    omniscient player's search.  Returns the move and each move's mean net points."""
    moves = r.legal_moves()
    rules = r.rules
    me = rules.side_of(r.turn, r.players)
    utility = net_utility(rules.sides(r.players))
    policy = Policy(rules)
    codes = [_code_of(m) for m in moves]
    saved = r._fast_save()
    totals = [0.0] * len(codes)
    rand = rng.random
    for _ in range(rollouts):
        pick, counter = policy.picker([rand() for _ in range(32)])
        for i, code in enumerate(codes):
            r._fast_load(saved)
            counter[0] = 0
            r._fast_play(code)
            r._fast_rollout(pick)
            totals[i] += utility(r._fast_points())[me]
    r._fast_load(saved)
    values = {m: t / rollouts for m, t in zip(moves, totals, strict=True)}
    return max(moves, key=lambda m: values[m]), values
