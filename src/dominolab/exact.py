"""Exact values of a decision in a small endgame, over every deal the seat cannot rule out.

For the seat to move, :func:`solve` takes what that seat can see (its
:class:`~dominolab.view.View`) and

1. **lists every deal of the hidden tiles that fits the view**: each other seat holds as
   many tiles as the view says, the rest are in the boneyard, and no seat holds a number
   it is known to lack (:func:`dominolab.inference.known_voids`: passes, and draws where
   the rules forbid drawing while able to play).  The boneyard is a *set*: its order is
   left to chance;
2. **solves each deal exactly** with :class:`dominolab.search.Solver`: every seat sees
   every hand, each draw is a chance node over the tiles still in the boneyard (each
   equally likely to come next), and each seat plays to maximise its own side's net
   points (its points minus the others', past two sides minus their mean).  With two
   sides that is minimax (zero-sum); with three or more it is max-n, in which a seat
   indifferent between moves takes the last of them in the round's move order (the
   solver's tie rule), so the value is exact for that rule;
3. **averages** each legal move's value over the deals, **every consistent deal equally
   likely**.  Why equal: the deal was a uniform shuffle, and the public history is
   equally likely under every deal that fits it as long as the other seats' choices among
   their legal moves do not depend on the tiles they hide (forced draws and passes are
   exactly what the known voids encode).  Real players' choices do depend on their hands
   (a seat that played light may have had nothing heavy); weighing deals by that depends
   on how they play, which the view does not say.  The search player samples from the
   same uniform prior (``SearchPlayer.WEIGHTING == 0``), so comparing its estimates with
   these values measures its evaluation, not a difference of prior.

**Strategy fusion.**  Solving each deal with every hand visible lets every seat's *later*
decisions depend on tiles it could not see at the table, so the averaged per-deal values
are not the value of the imperfect-information game: too high where the mover's later
choices need that foresight, too low where the other seats' do.
:attr:`ExactEvaluation.robust` says that some move is best in every single deal.  That
makes its lead a property of the position, not of one deal, but it does not prove the move
best at the table: a move can be best in every deal because the mover then picks, in each
deal, the play that suits that deal, which a seat that cannot see the deal may not manage.
Only a :attr:`ExactEvaluation.perfect` position (one consistent deal and an empty
boneyard: nothing hidden from anyone) is free of this.  The known-answer set
(``benchmarks/known_answers.py``) keeps robust positions, marks the perfect ones, and its
``paired`` command checks a verdict by play-outs in which no seat sees another's tiles.

Feasibility: the work is (consistent deals) x (solver nodes per deal).  ``max_deals`` and
``limit`` (solver nodes summed over the deals) cap it; past either, :func:`solve` raises
:class:`ExactLimitError` and :func:`try_solve` returns ``None``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Optional, Union

from .inference import BONEYARD, hidden_places, infer, known_voids
from .moves import Move, same_move
from .round import Round
from .search import Solver, net_utility
from .search.verdict import ByMove
from .tiles import Tile
from .view import View

__all__ = ["ExactEvaluation", "ExactLimitError", "ExactMove", "consistent_deals", "count_deals", "solve",
           "try_solve"]

#: The most consistent deals :func:`solve` lists by default.
MAX_DEALS = 2_000
#: The most solver nodes :func:`solve` visits by default, summed over the deals.
NODE_LIMIT = 2_000_000

Place = Union[int, str]


class ExactLimitError(ValueError):
    """The exact solution needs more deals or solver nodes than the caps allow.
    ``nodes`` is the solver nodes spent before giving up."""

    def __init__(self, message: str, nodes: int = 0):
        super().__init__(message)
        self.nodes = nodes

    def __reduce__(self) -> tuple[type[ExactLimitError], tuple[str, int]]:
        return (ExactLimitError, (str(self), self.nodes))


@dataclass(frozen=True)
class ExactMove:
    """One legal move's exact figures: ``value`` is the mover's side's net points averaged
    over the consistent deals, ``low`` and ``high`` the least and most over them,
    ``best_in`` the number of deals in which it is a best move (within 1e-9), and ``ahead``
    the share of deals in which its value is positive."""

    move: Move
    value: float
    low: float
    high: float
    best_in: int
    ahead: float = 0.0


@dataclass(frozen=True)
class ExactEvaluation(ByMove[ExactMove]):
    """:func:`solve`'s verdict on ``seat``'s decision: every legal move's :class:`ExactMove`
    (in the order of ``view.legal``), how many deals fit the view, the solver nodes spent,
    the boneyard's size (empty and one deal: nothing is hidden from anyone) and the ends.
    ``verdict[move]`` is a move's :class:`ExactMove`; :attr:`values` each move's exact value
    (mean net points over the deals)."""

    seat: int
    moves: tuple[ExactMove, ...]
    deals: int
    nodes: int
    boneyard: int
    ends: Optional[tuple[int, int]] = None

    @property
    def best(self) -> Move:
        """The move of highest value (the first in legal order among equals)."""
        return max(self.moves, key=lambda m: m.value).move

    @property
    def best_value(self) -> float:
        return max(m.value for m in self.moves)

    @property
    def gap(self) -> float:
        """How far the best move is ahead of the best move that differs from it (a tile on
        either of two equal ends is one move); ``inf`` with only one distinct move."""
        best = self[self.best]
        others = [m.value for m in self.moves if not same_move(m.move, best.move, self.ends)]
        return best.value - max(others) if others else float("inf")

    @property
    def robust(self) -> bool:
        """Some move is best in every consistent deal.  Not a proof that it is best at the
        table, where later decisions cannot see the deal (the module's note on strategy
        fusion)."""
        return any(m.best_in == self.deals for m in self.moves)

    @property
    def perfect(self) -> bool:
        """One consistent deal and an empty boneyard: nothing is hidden from anyone, so
        the values are the game's own (for more than two sides, under max-n's tie rule)."""
        return self.deals == 1 and self.boneyard == 0


def count_deals(view: View) -> int:
    """How many deals of the hidden tiles fit ``view`` (the boneyard as a set).  Raises
    :class:`ExactLimitError` when there are too many to count exactly."""
    knowledge = infer(view, probabilities=False)
    if knowledge.deals is None:
        raise ExactLimitError("too many deals fit this view to count them exactly")
    return knowledge.deals


def consistent_deals(view: View) -> Iterator[tuple[dict[int, tuple[Tile, ...]], tuple[Tile, ...]]]:
    """Every deal of the tiles ``view.seat`` cannot see that fits the view: each other
    seat's hand and the boneyard (as a set, in the rules' tile order)."""
    places, capacity = hidden_places(view)
    unseen = view.unseen
    if sum(capacity) != len(unseen):
        raise ValueError(f"the view does not add up: {len(unseen)} unseen tiles but {sum(capacity)} hidden places")
    voids = known_voids(view)

    def allowed(tile: Tile) -> list[int]:
        return [i for i, place in enumerate(places)
                if not isinstance(place, int) or not (tile.high in voids[place] or tile.low in voids[place])]

    order = sorted(unseen, key=lambda t: (len(allowed(t)), -t.high, -t.low))
    options = [allowed(t) for t in order]
    assigned: list[list[Tile]] = [[] for _ in places]
    caps = list(capacity)
    position = {t: i for i, t in enumerate(view.rules.tiles)}

    def walk(i: int) -> Iterator[tuple[dict[int, tuple[Tile, ...]], tuple[Tile, ...]]]:
        if i == len(order):
            hands = {place: tuple(sorted(assigned[p], key=position.__getitem__))
                     for p, place in enumerate(places) if isinstance(place, int)}
            stock: tuple[Tile, ...] = ()
            if BONEYARD in places:
                stock = tuple(sorted(assigned[places.index(BONEYARD)], key=position.__getitem__))
            yield hands, stock
            return
        for p in options[i]:
            if caps[p]:
                caps[p] -= 1
                assigned[p].append(order[i])
                yield from walk(i + 1)
                assigned[p].pop()
                caps[p] += 1

    yield from walk(0)


def solve(view: View, *, max_deals: int = MAX_DEALS, limit: int = NODE_LIMIT,
          project: bool = False) -> ExactEvaluation:
    """Every legal move's exact value for ``view``'s seat (see the module's text).

    Raises ``ValueError`` when it is not the seat's turn, and :class:`ExactLimitError`
    when more than ``max_deals`` deals fit the view or the deals need more than ``limit``
    solver nodes in all.  With ``project``, it also gives up as soon as the nodes per deal
    so far, times the deals, come to more than twice ``limit`` (a search that only wants
    the answer when it is cheap wastes less on positions that are not)."""
    if not isinstance(view, View):
        raise ValueError(f"solve needs a View (round.view(seat)), got {type(view).__name__}")
    moves = list(view.legal)
    if not moves or not view.is_my_turn:
        raise ValueError("it is not this seat's turn, so there is no move to solve")
    count = count_deals(view)
    if count > max_deals:
        raise ExactLimitError(f"{count} deals fit this view, more than max_deals={max_deals}")
    rules = view.rules
    me = rules.side_of(view.seat, view.players)
    utility = net_utility(rules.sides(view.players))
    n = len(moves)
    total = [0.0] * n
    low = [float("inf")] * n
    high = [float("-inf")] * n
    best_in = [0] * n
    ahead = [0] * n
    nodes = 0
    deals = 0
    dead = 0
    for hands, stock in consistent_deals(view):
        r = Round.from_view(view, hands, stock)
        if r.is_over:
            # Under stuck_end="at-once" a deal in which nobody could move would already have
            # ended the hand (R11); which seat holds the playable tile is not public, so such
            # deals fit the public facts but not the hand going on: they are not counted.
            dead += 1
            continue
        codes = r._fast_moves()  # the engine's move codes, in legal_moves() order
        if len(codes) != n:
            raise AssertionError("the filled-in round's moves differ from the view's")
        solver = Solver(r, utility, limit=max(1, limit - nodes))
        try:
            vectors = solver.values(codes)
        except OverflowError:
            raise ExactLimitError(f"the {count} deals need more than limit={limit} solver nodes",
                                  nodes + solver.nodes) from None
        nodes += solver.nodes
        deals += 1
        if project and nodes * count > 2 * limit * deals:
            raise ExactLimitError(f"the {count} deals would need more than limit={limit} solver nodes", nodes)
        mine = [v[me] for v in vectors]
        top = max(mine)
        for i, value in enumerate(mine):
            total[i] += value
            low[i] = min(low[i], float(value))
            high[i] = max(high[i], float(value))
            ahead[i] += value > 0
            if value >= top - 1e-9:
                best_in[i] += 1
    if deals + dead != count:
        raise AssertionError(f"listed {deals + dead} deals but counted {count}")
    out = tuple(ExactMove(m, total[i] / deals, low[i], high[i], best_in[i], ahead[i] / deals)
                for i, m in enumerate(moves))
    return ExactEvaluation(view.seat, out, deals, nodes, view.boneyard_count, view.ends)


def try_solve(view: View, *, max_deals: int = MAX_DEALS, limit: int = NODE_LIMIT,
              project: bool = False) -> Optional[ExactEvaluation]:
    """:func:`solve`, or ``None`` when the position is past the caps."""
    try:
        return solve(view, max_deals=max_deals, limit=limit, project=project)
    except ExactLimitError:
        return None
