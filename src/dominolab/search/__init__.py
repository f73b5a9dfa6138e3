"""The search behind :class:`~dominolab.players.SearchPlayer` and the hints.

For one decision of one seat it

1. **deals the tiles the seat cannot see** in ways that fit everything public (how many
   tiles each seat holds, and the numbers each seat has shown it lacks by passing or
   drawing), uniformly among such deals, and weighs each deal by how likely the other
   seats' plays were in it (a seat that held a heavier playable tile seldom plays a light
   one; see :class:`Dealer`);
2. **values every legal move in each deal**: exactly when the deal is small enough
   (:class:`Solver`: expectimax over what the boneyard gives, alpha-beta between draws, a
   transposition table on the round's bitmask state), otherwise by playing the hand out
   once with a fast policy for every seat, the same luck for every move;
3. **averages** over the deals: :class:`Evaluation` holds each move's expected value, and
   the search keeps the best.

The value of a move is the **expected net points** it brings the side: the points the side
scores in the hand minus the points the other side scores (with more than two sides, minus
their average), so a hand won by 20 counts +20 and one lost by 35 counts -35.  In a match
(``match=(scores, target)``) it is instead the side's **chance of winning the match**,
given the scores before the hand and the target (see :func:`match_win_chance`).

Play-outs run on the round's bitmask state through its fast play-out interface (move
codes, no objects); every rule question is answered by the round's own methods.

:func:`tree_evaluate` is the deeper search the hard and expert levels play by: the same deals and
play-outs, under a tree over what the seat will see, so that its own later decisions are
searched too (information-set Monte Carlo tree search).  Its value is the same expected
net points (or chance of winning the match).

The parts, each readable alone:

* :mod:`.worlds`: :class:`Dealer` (dealing the hidden tiles), the round for a deal, and
  moves as the round's fast codes;
* :mod:`.policy`: :class:`Policy`, how every seat plays in a play-out;
* :mod:`.solver`: :class:`Solver`, the exact values of a deal, and the utilities
  :func:`net_utility`, :func:`match_utility` and :func:`match_win_chance`;
* :mod:`.evaluation`: :class:`MoveValue`, :class:`Evaluation`, :func:`evaluate` (and its
  valuations of one deal), :func:`exact_evaluation` and :func:`rollout_values`;
* :mod:`.tree`: :func:`tree_evaluate` and its tree.

Everything is imported from here, ``dominolab.search``, as before the parts were split out.
"""

from __future__ import annotations

# Each name as itself ("X as X"): re-exported, for the players, the exact solver, the
# tests and the benchmarks that import them from here.
from .evaluation import EXACT_SHARE as EXACT_SHARE
from .evaluation import NODE_COST as NODE_COST
from .evaluation import Evaluation as Evaluation
from .evaluation import MoveValue as MoveValue
from .evaluation import Objective as Objective
from .evaluation import evaluate as evaluate
from .evaluation import exact_evaluation as exact_evaluation
from .evaluation import rollout_values as rollout_values
from .policy import Policy as Policy
from .solver import Solver as Solver
from .solver import _OutOfBudget as _OutOfBudget
from .solver import match_utility as match_utility
from .solver import match_win_chance as match_win_chance
from .solver import net_utility as net_utility
from .tree import EXPLORATION as EXPLORATION
from .tree import LEAF_MAX as LEAF_MAX
from .tree import LEAF_SHARE as LEAF_SHARE
from .tree import LEAF_TABLE as LEAF_TABLE
from .tree import LEAF_TILES as LEAF_TILES
from .tree import ROOT_FLOOR as ROOT_FLOOR
from .tree import ROOT_MAX as ROOT_MAX
from .tree import ROOT_SHARE as ROOT_SHARE
from .tree import tree_evaluate as tree_evaluate
from .worlds import LIVE_TRIES as LIVE_TRIES
from .worlds import Dealer as Dealer
from .worlds import _code_of as _code_of
from .worlds import _distinct as _distinct
from .worlds import _first_round as _first_round
from .worlds import _mirror as _mirror
from .worlds import _move_of as _move_of
from .worlds import _next_deal as _next_deal

__all__ = ["Dealer", "Evaluation", "MoveValue", "Solver", "evaluate", "match_win_chance", "tree_evaluate"]

# The classes say they are dominolab.search's, where they are imported from (and where a
# pickle of one looks for it, as before the split).
for _public in (Dealer, Evaluation, MoveValue, Policy, Solver, _OutOfBudget):
    _public.__module__ = __name__
del _public

