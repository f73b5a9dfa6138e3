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

:func:`tree_evaluate` is the deeper search the expert level plays by: the same deals and
play-outs, under a tree over what the seat will see, so that its own later decisions are
searched too (information-set Monte Carlo tree search).  Its value is the same expected
net points (or chance of winning the match).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal, Optional, Union

from . import i18n
from .inference import BONEYARD, infer
from .moves import DRAW, PASS, Move, Play
from .round import FAST_DRAW, FAST_PASS, Round
from .shuffling import shuffle
from .tiles import TILE_BY_ID
from .view import View

if TYPE_CHECKING:
    from .rules import Rules

__all__ = ["Dealer", "Evaluation", "MoveValue", "Solver", "evaluate", "match_win_chance", "tree_evaluate"]

Objective = Literal["points", "match"]

_INF = float("inf")
_HIGH = [t.high for t in TILE_BY_ID]
_LOW = [t.low for t in TILE_BY_ID]

#: Work units (see :func:`evaluate`) one node of the exact solver costs: about the time of
#: this many moves of a play-out.
NODE_COST = 4
#: With a budget, one deal may take this share of it in solver nodes before the search
#: plays it out instead: exact values are worth having only for many deals.
EXACT_SHARE = 16


def _move_of(code: int) -> Move:
    if code == FAST_DRAW:
        return DRAW
    if code == FAST_PASS:
        return PASS
    return Play(TILE_BY_ID[code >> 1], "left" if code & 1 == 0 else "right")


def _code_of(move: Move) -> int:
    if move is DRAW:
        return FAST_DRAW
    if move is PASS:
        return FAST_PASS
    return (move.tile.id << 1) | move.side  # type: ignore[union-attr]


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
class Evaluation:
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

    def __getitem__(self, move: Move) -> MoveValue:
        for item in self.moves:
            if item.move == move:
                return item
        raise KeyError(move)

    @property
    def values(self) -> dict[Move, float]:
        """Each move's ``value``."""
        return {m.move: m.value for m in self.moves}

    def ranked(self) -> list[MoveValue]:
        """The moves best first (the chosen move first; ties keep the legal order)."""
        order = sorted(self.moves, key=lambda m: -m.value)
        best = next(m for m in order if m.move == self.best)
        return [best] + [m for m in order if m is not best]


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


# ---------------------------------------------------------------------------- dealing
class Dealer:
    """Deals the tiles ``view.seat`` cannot see, uniformly among the deals that fit the
    view (hand sizes, boneyard size, the numbers each seat is known to lack), and weighs a
    deal by how likely the other seats' plays were in it.

    The weight of a deal is the product, over each play another seat made since its last
    draw (before that, its hand is not known even in the deal), of the chance that a
    player who favours heavy tiles would pick that tile among those it could play then:
    ``exp(b * value) / sum(exp(b * value'))`` with ``b = weighting``.  ``weighting=0``
    weighs every deal alike.
    """

    def __init__(self, view: View, weighting: float = 0.0):
        rules = view.rules
        self.view = view
        self.players = view.players
        self.seat = view.seat
        self.knowledge = infer(view, probabilities=False)
        self.unseen = [t.id for t in self.knowledge.unseen]
        self.places: list[Union[int, str]] = list(self.knowledge.places)
        self.capacity = list(self.knowledge.capacity)
        suit = [0] * (rules.max_pip + 1)
        for t in rules.tiles:
            suit[t.high] |= t.bit
            suit[t.low] |= t.bit
        self.suit = suit
        self.void_mask: dict[Union[int, str], int] = {}
        for seat, numbers in self.knowledge.voids.items():
            mask = 0
            for n in numbers:
                mask |= suit[n]
            self.void_mask[seat] = mask
        self.constrained = any(self.void_mask.get(p, 0) & _mask(self.unseen)
                               for p in self.places if p != BONEYARD)
        self.mine = 0
        for t in view.hand:
            self.mine |= t.bit
        self._accepted = 0
        self._tried = 0
        self.weighting = weighting
        self.evidence = self._evidence(view) if weighting else []
        value = [0.0] * len(TILE_BY_ID)
        for t in rules.tiles:
            value[t.id] = math.exp(weighting * rules.tile_value(t))
        self.likelihood = value

    @staticmethod
    def _evidence(view: View) -> list[tuple[int, int, int, int]]:
        """(seat, tile id played, that tile and the tiles the seat played later, mask of
        the open ends) for each play by another seat since that seat's last draw."""
        rules = view.rules
        suit = [0] * (rules.max_pip + 1)
        for t in rules.tiles:
            suit[t.high] |= t.bit
            suit[t.low] |= t.bit
        last_draw: dict[int, int] = {}
        for i, event in enumerate(view.history):
            if event.action == "draw":
                last_draw[event.seat] = i
        out = []
        later: dict[int, int] = {}
        for i in range(len(view.history) - 1, -1, -1):
            event = view.history[i]
            seat = event.seat
            if seat == view.seat or event.action != "play" or i < last_draw.get(seat, -1):
                continue
            tile = event.tile
            assert tile is not None  # a play names its tile
            if event.ends is not None:
                a, b = event.ends
                out.append((seat, tile.id, later.get(seat, 0) | tile.bit, suit[a] | suit[b]))
            later[seat] = later.get(seat, 0) | tile.bit
        return out

    def deal(self, rng: random.Random) -> tuple[list[int], list[int]]:
        """One deal: every seat's hand as a mask (this seat's own included) and the
        boneyard as tile ids, the next tile to draw last."""
        hands = [0] * self.players
        hands[self.seat] = self.mine
        tiles = self.unseen[:]
        if not self.constrained or self._tried < 8 or self._accepted * 4 >= self._tried:
            for _ in range(3 if self.constrained else 1):
                shuffle(rng, tiles)
                start = 0
                ok = True
                stock: list[int] = []
                for place, size in zip(self.places, self.capacity, strict=True):
                    part = tiles[start:start + size]
                    start += size
                    if place == BONEYARD:
                        stock = part
                        continue
                    mask = 0
                    for tid in part:
                        mask |= 1 << tid
                    if mask & self.void_mask.get(place, 0):
                        ok = False
                        break
                    hands[place] = mask  # type: ignore[index]  # every place but the boneyard is a seat
                if self.constrained:
                    self._tried += 1
                if ok:
                    if self.constrained:
                        self._accepted += 1
                    return hands, stock
        world = self.knowledge.sample(rng)
        for seat, hand in world.hands.items():
            mask = 0
            for t in hand:
                mask |= t.bit
            hands[seat] = mask
        return hands, [t.id for t in reversed(world.boneyard)]

    def weight(self, hands: list[int]) -> float:
        """How likely the other seats' plays were in this deal (relative; 1 without
        weighting)."""
        if not self.evidence:
            return 1.0
        value = self.likelihood
        w = 1.0
        for seat, tid, later, open_mask in self.evidence:
            playable = (hands[seat] | later) & open_mask
            total = 0.0
            while playable:
                low = playable & -playable
                total += value[low.bit_length() - 1]
                playable ^= low
            w *= value[tid] / total
        return w


def _mask(ids: Sequence[int]) -> int:
    m = 0
    for tid in ids:
        m |= 1 << tid
    return m


# ---------------------------------------------------------------------------- play-outs
class Policy:
    """How every seat plays in a play-out: the heaviest playable tile (by the rules' tile
    values), or with chance ``noise`` a random one; doubles count ``double_bonus`` extra.
    Cheap on purpose: strength at a fixed time is play-outs per second."""

    def __init__(self, rules: Rules, noise: float = 0.2, double_bonus: float = 0.0, keep_bonus: float = 0.0):
        self.noise = noise
        self.double_bonus = double_bonus
        self.keep_bonus = keep_bonus
        score = [0.0] * len(TILE_BY_ID)
        for t in rules.tiles:
            score[t.id] = rules.tile_value(t) + (double_bonus if t.is_double else 0.0)
        self.score = score
        suit = [0] * (rules.max_pip + 1)
        for t in rules.tiles:
            suit[t.high] |= t.bit
            suit[t.low] |= t.bit
        self.suit = suit

    def picker(self, luck: Sequence[float]) -> tuple[Callable[[int, int, int, int, int], int], list[int]]:
        """A pick function for ``Round._fast_rollout`` that takes its luck from ``luck``
        (32 numbers in [0, 1)), in order, and the counter to set to 0 to replay it."""
        if self.keep_bonus:
            return self._keeping_picker(luck)
        score = self.score
        suit = self.suit
        noise = self.noise
        counter = [0]

        def pick(seat: int, hand: int, playable: int, left: int, right: int) -> int:
            i = counter[0]
            counter[0] = i + 1
            u = luck[i & 31]
            if playable & (playable - 1) == 0:
                tid = playable.bit_length() - 1
            elif u < noise:
                # A random playable tile: the k-th of them.
                m = playable
                for _ in range(int(u / noise * playable.bit_count())):
                    m &= m - 1
                tid = (m & -m).bit_length() - 1
            else:
                best = -1.0
                tid = 0
                m = playable
                while m:
                    low = m & -m
                    t = low.bit_length() - 1
                    if score[t] > best:
                        best = score[t]
                        tid = t
                    m ^= low
            if left < 0 or not (suit[left] >> tid) & 1:
                return (tid << 1) | (0 if left < 0 else 1)
            if left != right and (suit[right] >> tid) & 1 and u * 7.0 % 1.0 < 0.5:
                return (tid << 1) | 1
            return tid << 1

        return pick, counter


    def _keeping_picker(self, luck: Sequence[float]) -> tuple[Callable[[int, int, int, int, int], int], list[int]]:
        """Like :meth:`picker`, but a play also scores ``keep_bonus`` for each tile the
        seat keeps that matches the number the play leaves showing (so it keeps options),
        and a tile that fits both ends goes where it leaves the better number."""
        score = self.score
        suit = self.suit
        noise = self.noise
        keep = self.keep_bonus
        counter = [0]

        def pick(seat: int, hand: int, playable: int, left: int, right: int) -> int:
            i = counter[0]
            counter[0] = i + 1
            u = luck[i & 31]
            if u < noise and playable & (playable - 1):
                m = playable
                for _ in range(int(u / noise * playable.bit_count())):
                    m &= m - 1
                tid = (m & -m).bit_length() - 1
                if left < 0 or not (suit[left] >> tid) & 1:
                    return (tid << 1) | (0 if left < 0 else 1)
                return tid << 1
            best = -1e9
            code = 0
            m = playable
            while m:
                low = m & -m
                t = low.bit_length() - 1
                m ^= low
                rest = hand ^ low
                high_half = _HIGH[t]
                low_half = _LOW[t]
                if left < 0:
                    value = score[t] + keep * max((rest & suit[high_half]).bit_count(),
                                                  (rest & suit[low_half]).bit_count())
                    if value > best:
                        best, code = value, t << 1
                    continue
                if (suit[left] >> t) & 1:
                    shown = low_half if high_half == left else high_half
                    value = score[t] + keep * (rest & suit[shown]).bit_count()
                    if value > best:
                        best, code = value, t << 1
                if (suit[right] >> t) & 1:
                    shown = low_half if high_half == right else high_half
                    value = score[t] + keep * (rest & suit[shown]).bit_count()
                    if value > best:
                        best, code = value, (t << 1) | 1
            return code

        return pick, counter


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
        low, high = hit if hit is not None else (-_INF, _INF)
        if best <= start:
            high = min(high, best)
        elif best >= beta:
            low = max(low, best)
        else:
            low = high = best
        self.table[key] = (low, high)
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


# ---------------------------------------------------------------------------- evaluation
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
    """
    moves = list(view.legal)
    if not moves:
        raise ValueError(i18n._("it is not this seat's turn, so there is no move to evaluate"))
    rules = view.rules
    sides_count = rules.sides(view.players)
    me = rules.side_of(view.seat, view.players)
    points_utility = net_utility(sides_count)
    if match is not None:
        objective = "match"
        utility = match_utility(match[0], match[1])
    else:
        utility = points_utility
    policy = policy or Policy(rules)
    rand = rng.random
    dealer = Dealer(view, weighting)

    # Moves that lead to mirror images (a tile played on either of two equal ends) share
    # one evaluation.
    codes = [_code_of(m) for m in moves]
    unique = _distinct(codes, view.ends)
    alias = [unique.index(_mirror(code, view.ends)) for code in codes]
    n = len(unique)

    root, first_hands, first_stock = _first_round(view, dealer, rng)
    saved = root._fast_save()
    total_w = 0.0
    sum_value = [0.0] * n
    sum_points = [0.0] * n
    sum_ahead = [0.0] * n
    sum_squares = [0.0] * n
    spent = 0
    dealt = 0
    exact = 0
    if exact_limit is None:
        exact_limit = budget // (NODE_COST * EXACT_SHARE)
    exact_ok = exact_limit > 0
    too_large = 0
    worlds = []
    nets: list[tuple[float, tuple[float, ...]]] = []
    pending: Optional[tuple[list[int], list[int]]] = (first_hands, first_stock)
    while True:
        if pending is not None:
            hands, stock = pending
            pending = None
        else:
            if deals is not None:
                if dealt >= deals:
                    break
            elif spent >= budget:
                break
            if deadline is not None and time.perf_counter() > deadline:
                break
            if stop is not None and stop():
                break
            hands, stock = _next_deal(root, saved, dealer, rng)
        w = dealer.weight(hands)
        dealt += 1
        if keep_worlds:
            worlds.append((tuple(hands), tuple(stock)))
        root._fast_load(saved, hands, stock)
        results: Optional[list[tuple[float, ...]]] = None
        if exact_ok:
            solver = Solver(root, utility, limit=exact_limit)
            try:
                results = solver.values(unique)
            except OverflowError:
                too_large += 1
                exact_ok = too_large < 2  # the next deals would be as large: play out instead
                root._fast_load(saved, hands, stock)
            spent += max(solver.nodes * NODE_COST, n)  # a deal costs at least a move each
            if results is not None:
                exact += 1
                if utility is not points_utility:
                    net = Solver(root, points_utility, limit=exact_limit).values(unique)
                else:
                    net = results
                for i in range(n):
                    sum_value[i] += w * results[i][me]
                    sum_points[i] += w * net[i][me]
                    sum_ahead[i] += w * (net[i][me] > 0)
                    sum_squares[i] += w * net[i][me] * net[i][me]
                if keep_worlds:
                    nets.append((w, tuple(net[a][me] for a in alias)))
        if results is None:
            luck = [rand() for _ in range(32)]
            pick, counter = policy.picker(luck)
            deal_nets = [0.0] * n
            for i, code in enumerate(unique):
                root._fast_load(saved, hands, stock)
                counter[0] = 0  # the same luck for every move
                root._fast_play(code)
                spent += 1 + root._fast_rollout(pick)
                points = root._fast_points()
                net_me = points_utility(points)[me]
                sum_value[i] += w * (utility(points)[me] if utility is not points_utility else net_me)
                sum_points[i] += w * net_me
                sum_ahead[i] += w * (net_me > 0)
                sum_squares[i] += w * net_me * net_me
                deal_nets[i] = net_me
            if keep_worlds:
                nets.append((w, tuple(deal_nets[a] for a in alias)))
        total_w += w
    if total_w <= 0:
        total_w = 1.0
    values = []
    for move, a in zip(moves, alias, strict=True):
        mean = sum_points[a] / total_w
        variance = max(0.0, sum_squares[a] / total_w - mean * mean) * dealt / max(1, dealt - 1)
        values.append(MoveValue(move, sum_value[a] / total_w, mean, sum_ahead[a] / total_w,
                                math.sqrt(variance), dealt))
    best = max(values, key=lambda m: m.value).move  # the first of equals: stable
    return Evaluation(view.seat, tuple(values), best, dealt, exact, spent, objective, tuple(worlds),
                      nets=tuple(nets))


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
#: :func:`tree_evaluate` first tries to solve the whole decision exactly
#: (:func:`dominolab.exact.solve`, every deal that fits the view) within 1/ROOT_SHARE of
#: its budget in solver nodes.
ROOT_SHARE = 2


def exact_evaluation(view: View, limit: int) -> tuple[Optional[Evaluation], int]:
    """Every legal move's exact expected net points over every deal that fits ``view``
    (:func:`dominolab.exact.solve`, each deal alike, each solved with every hand visible as
    :func:`evaluate` solves a sampled deal), when that takes at most ``limit`` solver
    nodes: then the evaluation (margins 0, ``exact`` true) and the work spent; else
    ``None`` and the work spent finding out."""
    from .exact import ExactLimitError, solve  # exact builds on this module

    try:
        solved = solve(view, max_deals=max(1, limit // 16), limit=limit, project=True)
    except ExactLimitError as error:
        return None, error.nodes * NODE_COST
    values = tuple(MoveValue(m.move, m.value, m.value, m.ahead, 0.0, solved.deals, exact=True)
                   for m in solved.moves)
    work = max(solved.nodes * NODE_COST, len(values))
    return Evaluation(view.seat, values, solved.best, solved.deals, solved.deals, work, "points"), work


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
) -> Evaluation:
    """Value every legal move of ``view`` by a search tree over what the seat will see
    (information-set Monte Carlo tree search, one observer).

    :func:`evaluate` values each move by playing the rest of the hand out with a fixed
    policy, so it assumes that the seat's own later decisions are made by that policy.
    Here each iteration deals the hidden tiles afresh (as :func:`evaluate` does) and walks
    a tree whose nodes are what the seat has *seen* since this decision: every move made
    (the tile and the end of a play, but only "drew" for another seat's draw) and the
    tiles the seat drew itself.  So a node for one of the seat's own later decisions
    gathers every deal that looks the same to it, and its choice there is one choice for
    all of them, as in a real hand.  At each node the move is picked by UCB among the moves
    legal in this deal (each seat by its side's value), one new node is added, and the rest
    of the hand is played out with ``policy``.  Values are backed up greedily above the
    seat's own later decisions: a try of a move that is not the best there so far passes
    up the best move's mean, not its own outcome, so a move is not judged by the seat's
    exploring after it (a draw, say, followed by a poor play tried once).

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
    rules = view.rules
    players = view.players
    sides_count = rules.sides(players)
    side_of = [rules.side_of(s, players) for s in range(players)]
    seat = view.seat
    me = side_of[seat]
    points_utility = net_utility(sides_count)
    if match is not None:
        objective: Objective = "match"
        utility = match_utility(match[0], match[1])
    else:
        objective = "points"
        utility = points_utility
    root_limit = min(budget // (NODE_COST * ROOT_SHARE), ROOT_MAX) if exact_root is None else exact_root
    spent = 0
    if match is None and deadline is None and root_limit > 0:
        at_root, spent = exact_evaluation(view, root_limit)
        if at_root is not None:
            return at_root
    policy = policy or Policy(rules)
    rand = rng.random
    dealer = Dealer(view)
    r, _hands, _stock = _first_round(view, dealer, rng)
    saved = r._fast_save()

    leaf_limit = min(budget // (NODE_COST * LEAF_SHARE), LEAF_MAX) if exact_leaves is None else exact_leaves
    solver = Solver(r, utility, limit=leaf_limit) if leaf_limit > 0 and match is None else None
    solved = failed = 0

    root = _Node(me)
    ends = view.ends
    root_codes = _distinct([_code_of(m) for m in moves], ends)  # mirror images count once
    stats = {code: [0.0, 0.0, 0.0] for code in root_codes}  # net points, ahead, squares
    log = math.log
    sqrt = math.sqrt
    highest, lowest = -_INF, _INF
    iterations = 0
    while spent < budget or iterations < len(root_codes):  # every move is tried at least once
        if deadline is not None and iterations >= len(root_codes) and time.perf_counter() > deadline:
            break
        if stop is not None and iterations >= len(root_codes) and stop():
            break
        if iterations:
            _next_deal(r, saved, dealer, rng)
        iterations += 1
        if r._fast_turn() < 0:  # no live deal was found (see _first_round): count the try
            spent += 1
        # UCB's constant in the units of the values: a quarter of their range so far (for
        # net points, about one standard deviation of a hand's outcome).
        c = exploration * ((highest - lowest) / 4 if highest > lowest else 1.0)
        node = root
        path: list[_Node] = []
        chooser: list[Optional[_Node]] = []  # per node of the path: its parent when the seat chose it
        first_code = root_codes[0]
        while True:
            turn = r._fast_turn()
            if turn < 0:
                break
            codes = _distinct(r._fast_moves(), r._fast_ends()) if node is not root else root_codes
            children = node.children
            chosen = None
            fresh = [code for code in codes if code not in children]
            if fresh:
                code = fresh[int(rand() * len(fresh))] if len(fresh) > 1 else fresh[0]
                chosen = children[code] = _Node(side_of[turn])
                for other in codes:
                    known = children.get(other)
                    if known is not None:
                        known.avail += 1
            elif node is root and (low := _lagging(children, codes, root_floor)) is not None:
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
            spent += 1
            if code == FAST_DRAW:
                tid = r._fast_draw()
                if turn == seat:  # the seat sees what it drew: one node for each tile
                    seen = chosen.children.get(_SEEN - tid)
                    if seen is None:
                        seen = chosen.children[_SEEN - tid] = _Node(side_of[turn])
                    path.append(seen)
                    chooser.append(None)
                    chosen = seen
            else:
                r._fast_play(code)
            node = chosen
            if fresh:
                break
        leaf_values: Optional[tuple[float, ...]] = None
        if r._fast_turn() >= 0:
            if solver is not None and sum(r.hand_counts) + r.boneyard_count <= LEAF_TILES:
                leaf = r._fast_save()
                solver.nodes = 0
                try:
                    leaf_values = solver._vector()
                    solved += 1
                except _OutOfBudget:
                    r._fast_load(leaf)
                    failed += 1
                spent += solver.nodes * NODE_COST
                if len(solver.table) > LEAF_TABLE:
                    solver.table.clear()
                if failed > 8 and failed > solved:
                    solver = None
            if leaf_values is None:
                pick, _ = policy.picker([rand() for _ in range(32)])
                spent += r._fast_rollout(pick)
        if leaf_values is not None:
            values = leaf_values  # net points: exact leaves are only tried outside a match
            net_me = values[me]
        else:
            points = r._fast_points()
            values = utility(points)
            net_me = points_utility(points)[me] if utility is not points_utility else values[me]
        # Back up from the leaf.  Above one of the seat's own decisions, a move it tried
        # that is not (yet) its best there does not count against what led to it: the
        # value passed up is the best move's mean instead (a greedy backup), so a line
        # whose later choices are still being explored is not judged by its worst tries.
        backed = list(values)
        for i in range(len(path) - 1, -1, -1):
            visited = path[i]
            visited.visits += 1
            visited.total += backed[visited.side]
            parent = chooser[i]
            if parent is not None and len(parent.children) > 1:
                best = max(child.total / child.visits for child in parent.children.values() if child.visits)
                if best > visited.total / visited.visits:
                    if sides_count == 2:
                        backed = [best, -best] if me == 0 else [-best, best]
                    else:  # zero-sum: the others share the difference
                        share = (best - backed[me]) / (sides_count - 1)
                        backed = [best if j == me else v - share for j, v in enumerate(backed)]
        if utility is points_utility:
            net_me = backed[me]
        first = stats[first_code]
        first[0] += net_me
        first[1] += net_me > 0
        first[2] += net_me * net_me
        if backed[me] > highest:
            highest = backed[me]
        if backed[me] < lowest:
            lowest = backed[me]

    values_out = []
    for move in moves:
        code = _mirror(_code_of(move), ends)
        child = root.children[code]  # each move began an iteration: the first ones try them all
        visits = child.visits
        net, ahead, squares = stats[code]
        mean = net / visits
        variance = max(0.0, squares / visits - mean * mean) * visits / max(1, visits - 1)
        values_out.append(MoveValue(move, child.total / visits, mean, ahead / visits, math.sqrt(variance), visits))
    best_move = max(values_out, key=lambda m: (m.value, m.deals)).move
    return Evaluation(seat, tuple(values_out), best_move, iterations, solved, spent, objective, tree=True)


def _lagging(children: dict[int, _Node], codes: list[int], floor: float) -> Optional[int]:
    """The root move tried least, when it has been tried less than ``floor`` times as often
    as the move tried most (:data:`ROOT_FLOOR`); otherwise None."""
    if floor <= 0.0:
        return None
    low = min(codes, key=lambda code: children[code].visits)
    if children[low].visits < floor * max(child.visits for child in children.values()):
        return low
    return None


def _mirror(code: int, ends: Optional[tuple[int, int]]) -> int:
    """The move ``code`` as a search counts it: on two equal ends a tile played at the
    right end leaves the line as it would at the left, so it is the left-end play."""
    if code >= 0 and code & 1 and ends is not None and ends[0] == ends[1]:
        return code & ~1
    return code


def _distinct(codes: list[int], ends: Optional[tuple[int, int]]) -> list[int]:
    """``codes`` (in :meth:`Round._fast_moves`' order) without their mirror images (see
    :func:`_mirror`): each left-end play comes before its right-end twin."""
    if ends is None or ends[0] != ends[1]:
        return codes
    return [code for code in codes if code < 0 or not code & 1]


def _round_for(view: View, hands: list[int], stock: list[int]) -> Round:
    from .tiles import tiles_of

    return Round.from_view(
        view,
        {seat: tuple(tiles_of(mask)) for seat, mask in enumerate(hands) if seat != view.seat and mask},
        [TILE_BY_ID[t] for t in reversed(stock)],
    )


#: Deals a search draws, at most, looking for one in which the hand goes on (see _first_round).
LIVE_TRIES = 200


def _first_round(view: View, dealer: Dealer, rng: random.Random) -> tuple[Round, list[int], list[int]]:
    """The view's position on a deal of the hidden tiles in which the hand goes on.

    The public facts do not rule out every deal the real position rules out: under
    ``stuck_end="at-once"`` a deal in which nobody may play or draw would already have ended
    (R11, decided by the round's ``_after_move``), but which seat holds the playable tile is
    not public.  Such deals are drawn again (up to :data:`LIVE_TRIES`; the true deal goes on,
    so some deal does).  Returns the round and the deal."""
    for _ in range(LIVE_TRIES):
        hands, stock = dealer.deal(rng)
        r = _round_for(view, hands, stock)
        if not r.is_over:
            break
    return r, hands, stock


def _next_deal(r: Round, saved: tuple[Any, ...], dealer: Dealer, rng: random.Random) -> tuple[list[int], list[int]]:
    """Deal the hidden tiles again and load the deal into ``r`` from ``saved`` (its
    :func:`_first_round` state), drawing again a deal in which the hand would already be
    over (see :func:`_first_round`).  Returns the deal."""
    for _ in range(LIVE_TRIES):
        hands, stock = dealer.deal(rng)
        r._fast_load(saved, hands, stock)
        if r._over:
            break  # the first round found no live deal: take what comes
        r._after_move(r._turn, placed=False)  # would this deal have ended the hand?
        if not r._over:
            break
        r._fast_load(saved, hands, stock)
    return hands, stock


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
