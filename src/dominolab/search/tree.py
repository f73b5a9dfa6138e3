"""The deeper search the hard and expert levels play by: a tree over what the seat will see.

:func:`tree_evaluate` deals the hidden tiles afresh each iteration, as :func:`~.evaluation.evaluate`
does, and walks a tree whose nodes are what the seat has seen since the decision, so that its
own later decisions are searched too (information-set Monte Carlo tree search).  Leaves are
played out (:class:`~.policy.Policy`) or, near the end of the hand, solved
(:class:`~.solver.Solver`).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Optional

from .. import i18n
from ..moves import Move
from ..round import FAST_DRAW, Round
from ..view import View
from .evaluation import NODE_COST, Evaluation, MoveValue, Objective, Utility, _utilities, exact_evaluation
from .policy import Policy
from .solver import _INF, Solver, _OutOfBudget
from .worlds import Dealer, _code_of, _distinct, _first_round, _mirror, _next_deal


class _Node:
    """One node of :func:`tree_evaluate`'s tree: what the searching seat has seen since the
    decision (the moves made, and the tiles it drew itself).  ``side`` is the side of the
    seat whose move led here, and ``total`` sums that side's value over the visits."""

    __slots__ = ("avail", "children", "side", "total", "visits")

    def __init__(self, side: int):
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.side = side


#: UCB's constant in :func:`tree_evaluate`, in quarters of the range of the values seen
#: (for net points, about one standard deviation of a hand's outcome); half of it did
#: worse (benchmarks/README.md).
EXPLORATION = 0.7

#: At the root every move is tried at least this share as often as the move tried most, so
#: that one unlucky first value cannot shut a move out (UCB alone may never return to it
#: when the values' range is wide), and the chosen move is the one with the best value.
ROOT_FLOOR = 0.2

#: The key of the searching seat's own draw of tile ``t`` (which it sees) is ``_SEEN - t``.
_SEEN = -16

#: :func:`tree_evaluate` values a leaf exactly (:class:`Solver`, in that deal) instead of
#: playing it out when at most this many tiles are left in the hands and the boneyard...
LEAF_TILES = 18
#: ... and the solver settles it within 1/LEAF_SHARE of the budget in nodes (with a table
#: shared by the whole search, so later visits to the same deal cost little).
LEAF_SHARE = 64
#: The shared table is emptied past this many entries.
LEAF_TABLE = 200_000
#: The most solver nodes one exact leaf, and one exact try at the root, may take.
LEAF_MAX = 5_000
ROOT_MAX = 50_000
#: With ``weighting``, the most deals :func:`tree_evaluate` draws for one iteration (the
#: last is kept whatever its weight).
WEIGHT_TRIES = 16
#: :func:`tree_evaluate` first tries to solve the whole decision exactly
#: (:func:`dominolab.exact.solve`, every deal that fits the view) within 1/ROOT_SHARE of
#: its budget in solver nodes.
ROOT_SHARE = 2


def tree_evaluate(
    view: View,
    *,
    budget: int,
    rng: random.Random,
    deadline: Optional[float] = None,
    match: Optional[tuple[Sequence[int], int]] = None,
    policy: Optional[Policy] = None,
    exploration: float = EXPLORATION,
    exact_leaves: Optional[int] = None,
    exact_root: Optional[int] = None,
    root_floor: float = ROOT_FLOOR,
    stop: Optional[Callable[[], bool]] = None,
    others: str = "tree",
    weighting: float = 0.0,
) -> Evaluation:
    """Value every legal move of ``view`` by a search tree over what the seat will see
    (information-set Monte Carlo tree search, one observer).

    :func:`evaluate` values each move by playing the rest of the hand out with a fixed
    policy, so it assumes that the seat's own later decisions are made by that policy; here
    they are searched too, each one choice for every deal that looks the same to the seat,
    as in a real hand (how: :class:`_Search`).

    ``budget`` is counted as in :func:`evaluate` (moves made in the tree and in the
    play-outs); ``exploration`` is UCB's constant in quarters of the range of the values
    seen.  At the root, every move is tried at least ``root_floor`` times as often as the
    move tried most, and the chosen move is the one with the best value; each move's
    ``value`` is its mean over the iterations that began with it (as backed up), and
    ``deals`` how many those were.  The same arguments and ``rng`` state give the same
    result when there is no deadline.

    Near the end of the hand a play-out's luck is most of what a leaf's value measures, so
    a leaf with at most :data:`LEAF_TILES` tiles left is valued exactly in its deal instead
    (:class:`Solver`; net points only, not in a match), when that takes at most
    ``exact_leaves`` solver nodes (by default ``budget / (NODE_COST * LEAF_SHARE)``, at most
    :data:`LEAF_MAX`; 0: never); after more such leaves fail than succeed (past eight), the rest are played out.
    The evaluation's ``exact`` counts the iterations that ended in an exact leaf.

    Off by default, two arms of issue 46's ablation (benchmarks/README.md): ``others="policy"``,
    the others choose in the tree as in the play-outs (:meth:`_Search._policy_move`), not by
    UCB; ``weighting``, deals weighed by their past plays, as in :func:`evaluate` (:func:`_dealer`).

    Before any of that, when few tiles are hidden, the decision itself is solved exactly
    (:func:`dominolab.exact.solve`: every deal that fits the view, each to the end, every
    deal alike; net points only, and only without a ``deadline``) if that takes at most
    ``exact_root`` solver nodes (by default ``budget / (NODE_COST * ROOT_SHARE)``, at most
    :data:`ROOT_MAX`; 0: never).  Then no tree is searched:
    the evaluation's ``tree`` is false, each move's figures are exact (``margin`` 0) and
    ``deals`` and ``exact`` are the number of deals that fit.  A try that fails costs its
    nodes out of the tree's budget.
    """
    moves = list(view.legal)
    if not moves:
        raise ValueError(i18n._("it is not this seat's turn, so there is no move to evaluate"))
    if others not in ("tree", "policy"):
        raise ValueError(f'others must be "tree" or "policy", not {others!r}')
    points_utility, utility = _utilities(view, match)
    objective: Objective = "match" if match is not None else "points"
    root_limit = min(budget // (NODE_COST * ROOT_SHARE), ROOT_MAX) if exact_root is None else exact_root
    spent = 0
    if match is None and deadline is None and root_limit > 0:
        at_root, spent = exact_evaluation(view, root_limit)
        if at_root is not None:
            return at_root
    policy = policy or Policy(view.rules)
    dealer = Dealer(view, weighting)
    r, hands, _stock = _first_round(view, dealer, rng)
    saved = r._fast_save()
    leaf_limit = min(budget // (NODE_COST * LEAF_SHARE), LEAF_MAX) if exact_leaves is None else exact_leaves
    solver = Solver(r, utility, limit=leaf_limit) if leaf_limit > 0 and match is None else None
    search = _Search(view, r, rng.random, policy, utility, points_utility, solver, exploration, root_floor,
                     others == "policy")
    search.spent = spent
    deal = _dealer(search, saved, dealer, rng, dealer.weight(hands) if weighting else None)
    iterations = _iterations(search, deal, budget, deadline, stop)
    values = search.move_values(moves)
    best_move = max(values, key=lambda m: (m.value, m.deals)).move
    return Evaluation(view.seat, tuple(values), best_move, iterations, search.solved, search.spent, objective,
                      tree=True)


def _dealer(search: _Search, saved: tuple[object, ...], dealer: Dealer, rng: random.Random,
            first_weight: Optional[float]) -> Callable[[], object]:
    """What loads each new iteration's deal on ``search``'s round (its state ``saved``).

    With weighting (``first_weight``, the first deal's weight), a deal is kept with a
    chance of its weight over the highest weight seen so far, so the deals kept follow the
    weights; at most :data:`WEIGHT_TRIES` are drawn an iteration (the last is kept), each
    counting one unit of work."""
    r = search.r
    if first_weight is None:
        return lambda: _next_deal(r, saved, dealer, rng)
    highest = first_weight

    def weighed() -> None:
        nonlocal highest
        for _ in range(WEIGHT_TRIES):
            hands, _ = _next_deal(r, saved, dealer, rng)
            search.spent += 1
            w = dealer.weight(hands)
            if w > highest:
                highest = w
            if rng.random() * highest <= w:
                return

    return weighed


def _iterations(search: _Search, deal: Callable[[], object], budget: int, deadline: Optional[float],
                stop: Optional[Callable[[], bool]]) -> int:
    """Run ``search``'s iterations, each but the first on a new ``deal()``, until the budget is
    spent, the deadline passes or ``stop()`` says so, and every root move was tried at least
    once; returns how many were run."""
    tries = len(search.root_codes)
    iterations = 0
    while search.spent < budget or iterations < tries:
        if iterations >= tries and ((deadline is not None and time.perf_counter() > deadline)
                                    or (stop is not None and stop())):
            break
        if iterations:
            deal()
        iterations += 1
        search.iterate()
    return iterations


class _Search:
    """One run of :func:`tree_evaluate` on the round ``r`` (each iteration's deal loaded on
    it): the tree, each root move's net points (sum, deals ahead, squares), the range of the
    values backed up so far, the exact leaves solved and failed, and the work spent.

    Each iteration deals the hidden tiles afresh (as :func:`evaluate` does) and walks a
    tree whose nodes are what the seat has *seen* since this decision: every move made (the
    tile and the end of a play, but only "drew" for another seat's draw) and the tiles the
    seat drew itself.  So a node for one of the seat's own later decisions gathers every
    deal that looks the same to it, and its choice there is one choice for all of them, as
    in a real hand.  At each node the move is picked by UCB among the moves legal in this
    deal (each seat by its side's value), one new node is added, and the rest of the hand
    is played out with the policy.  Values are backed up greedily above the seat's own
    later decisions: a try of a move that is not the best there so far passes up the best
    move's mean, not its own outcome, so a move is not judged by the seat's exploring after
    it (a draw, say, followed by a poor play tried once)."""

    def __init__(self, view: View, r: Round, rand: Callable[[], float], policy: Policy, utility: Utility,
                 points_utility: Utility, solver: Optional[Solver], exploration: float, root_floor: float,
                 others_by_policy: bool = False):
        rules = view.rules
        self.others_by_policy = others_by_policy
        self.pick: Optional[Callable[[int, int, int, int, int], int]] = None  # this iteration's
        self.r = r
        self.rand = rand
        self.policy = policy
        self.utility = utility
        self.points_utility = points_utility
        self.solver = solver
        self.exploration = exploration
        self.root_floor = root_floor
        self.sides = rules.sides(view.players)
        self.side_of = [rules.side_of(s, view.players) for s in range(view.players)]
        self.seat = view.seat
        self.me = self.side_of[view.seat]
        self.ends = view.ends
        self.root = _Node(self.me)
        self.root_codes = _distinct([_code_of(m) for m in view.legal], view.ends)  # mirror images count once
        self.stats = {code: [0.0, 0.0, 0.0] for code in self.root_codes}  # net points, ahead, squares
        self.highest, self.lowest = -_INF, _INF
        self.solved = self.failed = self.spent = 0

    def iterate(self) -> None:
        """One iteration on the deal loaded: down the tree to a new node, the rest of the hand
        played out (or solved), the value backed up, and the root move's figures counted."""
        if self.r._fast_turn() < 0:  # no live deal was found (see _first_round): count the try
            self.spent += 1
        # UCB's constant in the units of the values: a quarter of their range so far (for
        # net points, about one standard deviation of a hand's outcome).
        highest, lowest = self.highest, self.lowest
        c = self.exploration * ((highest - lowest) / 4 if highest > lowest else 1.0)
        self.pick = None
        path, chooser, first_code = self._descend(c)
        values, net_me = self._leaf()
        backed = self._back_up(path, chooser, values)
        me = self.me
        if self.utility is self.points_utility:
            net_me = backed[me]
        first = self.stats[first_code]
        first[0] += net_me
        first[1] += net_me > 0
        first[2] += net_me * net_me
        if backed[me] > self.highest:
            self.highest = backed[me]
        if backed[me] < self.lowest:
            self.lowest = backed[me]

    def _descend(self, c: float) -> tuple[list[_Node], list[Optional[_Node]], int]:
        """Walk down from the root, making each node's chosen move on the round, until a new
        node is added or the hand ends.  At each node the move is one not tried there yet
        (:meth:`_expand`), at the root one tried too seldom (:func:`_lagging`), else the best
        by UCB (``c`` its constant).  Returns the nodes passed, for each the node the seat
        chose it at (when it was one of its own later decisions, else None), and the root move."""
        r = self.r
        root = self.root
        root_codes = self.root_codes
        seat = self.seat
        log = math.log
        sqrt = math.sqrt
        node = root
        path: list[_Node] = []
        chooser: list[Optional[_Node]] = []  # per node of the path: its parent when the seat chose it
        first_code = root_codes[0]
        steps = 0
        while True:
            turn = r._fast_turn()
            if turn < 0:
                break
            codes = _distinct(r._fast_moves(), r._fast_ends()) if node is not root else root_codes
            children = node.children
            chosen = None
            fresh = [code for code in codes if code not in children]
            if turn != seat and self.others_by_policy:
                code = self._policy_move(codes)
                chosen = children.get(code)
                if chosen is None:
                    chosen = children[code] = _Node(self.side_of[turn])
                    fresh = [code]
                else:
                    fresh = []
            elif fresh:
                chosen, code = self._expand(children, fresh, codes, turn)
            elif node is root and (low := _lagging(children, codes, self.root_floor)) is not None:
                chosen, code = children[low], low
                for code_ in codes:
                    children[code_].avail += 1
            else:
                best = -_INF
                for code_ in codes:
                    child = children[code_]
                    child.avail += 1
                    score = child.total / child.visits + c * sqrt(log(child.avail) / child.visits)
                    if score > best:
                        best, chosen, code = score, child, code_
            assert chosen is not None
            if node is root:
                first_code = code
            path.append(chosen)
            chooser.append(node if turn == seat and node is not root else None)
            steps += 1
            if code == FAST_DRAW:
                tid = r._fast_draw()
                if turn == seat:  # the seat sees what it drew: one node for each tile
                    seen = chosen.children.get(_SEEN - tid)
                    if seen is None:
                        seen = chosen.children[_SEEN - tid] = _Node(self.side_of[turn])
                    path.append(seen)
                    chooser.append(None)
                    chosen = seen
            else:
                r._fast_play(code)
            node = chosen
            if fresh:
                break
        self.spent += steps
        return path, chooser, first_code

    def _policy_move(self, codes: list[int]) -> int:
        """The move the play-outs' policy makes for the seat to move in this deal (one of
        ``codes``, as the tree counts it): a play when it has one, else its only move.
        With ``others="policy"`` the other seats choose so inside the tree: a node is what
        the *searching* seat has seen, so UCB there picks another seat's move without regard
        to the hand it holds in the deal, where the policy sees that hand."""
        r = self.r
        playable = r._fast_playable()
        if not playable:
            return codes[0]
        if self.pick is None:
            self.pick, _ = self.policy.picker([self.rand() for _ in range(32)])
        left, right = r._fast_ends()
        code = _mirror(self.pick(r._fast_turn(), r._fast_hand(), playable, left, right), (left, right))
        assert code in codes, (code, codes)
        return code

    def _expand(self, children: dict[int, _Node], fresh: list[int], codes: list[int],
                turn: int) -> tuple[_Node, int]:
        """A new child for one of the moves ``fresh`` not tried yet at a node (at random among
        them) for the seat ``turn``, and its move; every move legal there (``codes``) that
        has a child counts one more time available."""
        code = fresh[int(self.rand() * len(fresh))] if len(fresh) > 1 else fresh[0]
        chosen = children[code] = _Node(self.side_of[turn])
        for other in codes:
            known = children.get(other)
            if known is not None:
                known.avail += 1
        return chosen, code

    def _leaf(self) -> tuple[tuple[float, ...], float]:
        """The value to every side of the rest of the hand from the round's state (solved
        exactly near the end, else played out with the policy), and the searching side's net
        points."""
        r = self.r
        leaf_values = None
        if r._fast_turn() >= 0:
            if self.solver is not None and sum(r.hand_counts) + r.boneyard_count <= LEAF_TILES:
                leaf_values = self._exact_leaf()
            if leaf_values is None:
                pick = self.pick or self.policy.picker([self.rand() for _ in range(32)])[0]
                self.spent += r._fast_rollout(pick)
        if leaf_values is not None:
            return leaf_values, leaf_values[self.me]  # net points: exact leaves are only tried outside a match
        points = r._fast_points()
        values = self.utility(points)
        net_me = self.points_utility(points)[self.me] if self.utility is not self.points_utility else values[self.me]
        return values, net_me

    def _exact_leaf(self) -> Optional[tuple[float, ...]]:
        """The leaf's exact value to every side (:class:`Solver`, in this deal; tried when at
        most :data:`LEAF_TILES` tiles are left) when it takes at most the solver's limit; else
        None (after more failures than successes, past eight, the solver is no longer tried)."""
        r = self.r
        solver = self.solver
        if solver is None:
            return None
        leaf = r._fast_save()
        solver.nodes = 0
        values: Optional[tuple[float, ...]] = None
        try:
            values = solver._vector()
            self.solved += 1
        except _OutOfBudget:
            r._fast_load(leaf)
            self.failed += 1
        self.spent += solver.nodes * NODE_COST
        if len(solver.table) > LEAF_TABLE:
            solver.table.clear()
        if self.failed > 8 and self.failed > self.solved:
            self.solver = None
        return values

    def _back_up(self, path: list[_Node], chooser: list[Optional[_Node]],
                 values: tuple[float, ...]) -> list[float]:
        """Count the leaf's ``values`` in every node of ``path``, from the leaf up; returns the
        values that reach the root.

        Above one of the seat's own decisions, a move it tried that is not (yet) its best
        there does not count against what led to it: the value passed up is the best move's
        mean instead (a greedy backup), so a line whose later choices are still being
        explored is not judged by its worst tries."""
        me = self.me
        sides = self.sides
        backed = list(values)
        for i in range(len(path) - 1, -1, -1):
            visited = path[i]
            visited.visits += 1
            visited.total += backed[visited.side]
            parent = chooser[i]
            if parent is not None and len(parent.children) > 1:
                best = max(child.total / child.visits for child in parent.children.values() if child.visits)
                if best > visited.total / visited.visits:
                    if sides == 2:
                        backed = [best, -best] if me == 0 else [-best, best]
                    else:  # zero-sum: the others share the difference
                        share = (best - backed[me]) / (sides - 1)
                        backed = [best if j == me else v - share for j, v in enumerate(backed)]
        return backed

    def move_values(self, moves: list[Move]) -> list[MoveValue]:
        """Each legal move's :class:`MoveValue`: its mean over the iterations that began with
        it (as backed up), its net points' mean, share ahead and spread."""
        values = []
        for move in moves:
            code = _mirror(_code_of(move), self.ends)
            child = self.root.children[code]  # each move began an iteration: the first ones try them all
            visits = child.visits
            net, ahead, squares = self.stats[code]
            mean = net / visits
            variance = max(0.0, squares / visits - mean * mean) * visits / max(1, visits - 1)
            values.append(MoveValue(move, child.total / visits, mean, ahead / visits, math.sqrt(variance), visits))
        return values


def _lagging(children: dict[int, _Node], codes: list[int], floor: float) -> Optional[int]:
    """The root move tried least, when it has been tried less than ``floor`` times as often
    as the move tried most (:data:`ROOT_FLOOR`); otherwise None."""
    if floor <= 0.0:
        return None
    low = min(codes, key=lambda code: children[code].visits)
    if children[low].visits < floor * max(child.visits for child in children.values()):
        return low
    return None
