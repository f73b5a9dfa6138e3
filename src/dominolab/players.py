"""Players: anything with ``choose(view) -> move``, and a graded ladder of them.

=====================  ======================================================================
``RandomPlayer``       a random playable tile; draws or passes only when it must
``GreedyPlayer``       sheds its heaviest playable tile (the usual novice baseline)
``StrategyPlayer``     the sources' advice as named, switchable components
``SearchPlayer``       deals the hidden tiles in ways that fit what it has seen, values each
                       move in each deal (exactly near the end of the hand, else by playing
                       it out) and keeps the move worth most points on average
``OmniscientPlayer``   play-outs on the true deal: an upper bound for studies only
=====================  ======================================================================

Every player is deterministic for a given ``seed``.  A player sees only its
:class:`~dominolab.view.View`: no other hand, no boneyard tile.  :func:`hint` gives the
search player's move with a reason for a learner (:func:`advise`: with the figures); what
a hint says, and how sure, is built in :mod:`dominolab.advice`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Optional, Protocol, runtime_checkable

# The hint's words and facts live in advice.py; the names imported from here before still are.
from . import plain, search
from .advice import CLOSE_POINTS as CLOSE_POINTS
from .advice import Advice as Advice
from .advice import Fact as Fact
from .advice import _about_equal, _counts, _ends_after, _facts_words, _figures, _move_words, _placed, _runner_up
from .advice import _honest as _honest
from .advice import _plain_play as _plain_play
from .advice import _points as _points
from .advice import _share as _share
from .advice import certainty as certainty
from .advice import pair_words as pair_words
from .advice import reasons as reasons
from .i18n import N_, NP_, _
from .moves import DRAW, PASS, Move, Play
from .search import Evaluation
from .tiles import TILE_BY_ID, Tile
from .validate import check_cancel, check_int, check_number, check_seed, excerpt
from .view import View

if TYPE_CHECKING:
    from .inference import World

__all__ = [
    "HINT_SECONDS",
    "OPPONENTS",
    "PLAYER_NAMES",
    "Advice",
    "Fact",
    "GreedyPlayer",
    "HintCancelled",
    "OmniscientPlayer",
    "Player",
    "PlayerError",
    "RandomPlayer",
    "SearchPlayer",
    "StrategyPlayer",
    "advise",
    "create",
    "hint",
    "player_name",
    "reasons",
]


@runtime_checkable
class Player(Protocol):
    """The player protocol: given what one seat may know, pick a legal move."""

    def choose(self, view: View) -> Move: ...


class PlayerError(RuntimeError):
    """A player failed: it raised, returned something that is not a legal move, or took
    longer than allowed.

    ``seat`` is the player's seat, ``move`` what it returned (``None`` if it raised) and
    ``reason`` what was wrong.  The round it was playing is left unchanged.
    """

    def __init__(self, seat: int, move: object, reason: str):
        super().__init__(f"player in seat {seat} failed: {reason}")
        self.seat = seat
        self.move = move
        self.reason = reason

    def __reduce__(self) -> tuple[Any, ...]:
        # Picklable (a worker process sends it back whole), with the move as text if the
        # move itself cannot be pickled.
        import pickle

        move = self.move
        try:
            pickle.dumps(move)
        except Exception:
            move = repr(move)
        return (type(self), (self.seat, move, self.reason))


class _Seeded:
    """Players with their own random generator, which the simulator reseeds per hand."""

    seed: Optional[int]
    _rng: random.Random

    def reseed(self, seed: Optional[int]) -> None:
        """Start the player's random choices afresh from ``seed``."""
        self.seed = seed
        self._rng = random.Random(seed)


def _plays(moves: Sequence[Move]) -> list[Play]:
    return [m for m in moves if m.__class__ is Play]


def _forced(moves: Sequence[Move]) -> Move:
    """The Draw or Pass a seat must make when it has no play (Draw first)."""
    return DRAW if DRAW in moves else PASS


class RandomPlayer(_Seeded):
    """Plays a random playable tile; draws or passes only when it has none to play."""

    name = "random"

    def __init__(self, seed: Optional[int] = None):
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, view: View) -> Move:
        plays = _plays(view.legal)
        if plays:
            return plays[self._rng.randrange(len(plays))]
        return _forced(view.legal)

    def __repr__(self) -> str:
        return f"RandomPlayer(seed={self.seed!r})"


class GreedyPlayer(_Seeded):
    """Sheds the heaviest playable tile (ties broken at random); draws or passes only
    when it must.  The common novice strategy, and the baseline the others must beat."""

    name = "greedy"

    def __init__(self, seed: Optional[int] = None):
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, view: View) -> Move:
        plays = _plays(view.legal)
        if not plays:
            return _forced(view.legal)
        value = view.rules.tile_value
        best = max(value(m.tile) for m in plays)
        top = [m for m in plays if value(m.tile) == best]
        return top[self._rng.randrange(len(top))]

    def __repr__(self) -> str:
        return f"GreedyPlayer(seed={self.seed!r})"


# ---------------------------------------------------------------------------- strategy
class _Position:
    """Facts about a decision that several strategy components share."""

    def __init__(self, view: View):
        from .inference import known_voids

        self.view = view
        self.max_pip = view.rules.max_pip
        self.unseen = view.unseen
        self.voids = known_voids(view)
        self.value = view.rules.tile_value
        self.my_pips = sum(self.value(t) for t in view.hand)
        others = [s for s in range(view.players) if s != view.seat and s != view.partner]
        self.opponents = others
        self.next_opponent = next(
            ((view.seat + k) % view.players for k in range(1, view.players)
             if (view.seat + k) % view.players in others), None)
        unseen_value = sum(self.value(t) for t in self.unseen)
        hidden = len(self.unseen) or 1
        self.mean_unseen_value = unseen_value / hidden
        self.on_line = {p.tile for p in view.line}

    def blocked_after(self, ends: tuple[int, int], played: Tile) -> bool:
        """Would the layout be blocked (no tile off the line matches either end)?"""
        line = self.on_line | {played}
        return not any(t.has(ends[0]) or t.has(ends[1]) for t in self.view.rules.tiles if t not in line)

    def expected_opponent_pips(self) -> float:
        counts = [self.view.hand_counts[s] for s in self.opponents]
        return min(counts, default=0) * self.mean_unseen_value


class StrategyPlayer(_Seeded):
    """The advice of the rule sources made concrete.  Each piece of advice is a named
    component that scores every legal move; the best total wins (ties at random).
    Turn components off with ``StrategyPlayer(disable=["suit_control"])`` to measure
    what each is worth.

    Components (see :attr:`COMPONENTS` for their default weights):

    ``lead_strong_suit``
        lead from the number you hold most of, preferably with its double.
    ``suit_control``
        keep numbers you hold many of on the ends (more options next turn).
    ``exploit_voids``
        leave ends that the next opponent has shown they lack.
    ``partner_suit``
        in partnerships, keep your partner's lead number open; do not cover it.
    ``blocking``
        block the layout when you hold fewer pips, never when you hold more; where the
        rules allow drawing when able, draw hunting for a blocking tile when ahead.
    ``shed_heavy``
        get rid of heavy tiles (the greedy instinct, as a tie-breaker).
    ``doubles_early``
        play doubles while they still fit: a double matches only one number.
    """

    name = "strategy"
    COMPONENTS: ClassVar[dict[str, float]] = {
        "lead_strong_suit": 3.0,
        "suit_control": 2.0,
        "exploit_voids": 2.5,
        "partner_suit": 2.0,
        "blocking": 20.0,
        "shed_heavy": 0.3,
        "doubles_early": 1.5,
    }

    def __init__(self, seed: Optional[int] = None, *, disable: Iterable[str] = (),
                 weights: Optional[dict[str, float]] = None):
        self.seed = seed
        self._rng = random.Random(seed)
        unknown = (set(disable) | set(weights or {})) - set(self.COMPONENTS)
        if unknown:
            raise ValueError(f"unknown strategy component(s): {', '.join(sorted(unknown))}; "
                             f"choose from {', '.join(self.COMPONENTS)}")
        self.weights = {**self.COMPONENTS, **(weights or {})}
        for name in disable:
            self.weights[name] = 0.0
        self.disabled = tuple(disable)

    def scores(self, view: View) -> dict[Move, dict[str, float]]:
        """Each legal move's score from each component (before weighting)."""
        pos = _Position(view)
        out: dict[Move, dict[str, float]] = {}
        for move in view.legal:
            out[move] = {name: getattr(self, f"_{name}")(pos, move) for name, w in self.weights.items() if w}
        return out

    def choose(self, view: View) -> Move:
        moves = view.legal
        if len(moves) == 1:
            return moves[0]
        if not _plays(moves):
            return _forced(moves)
        scored = self.scores(view)
        totals = {m: sum(self.weights[n] * v for n, v in parts.items()) for m, parts in scored.items()}
        best = max(totals.values())
        top = [m for m in moves if totals[m] >= best - 1e-9]
        return top[self._rng.randrange(len(top))]

    # -- components: each returns a number for one move (higher is better) ------------
    def _lead_strong_suit(self, pos: _Position, move: Move) -> float:
        if pos.view.ends is not None or move.__class__ is not Play:
            return 0.0
        counts = _counts(pos.view.hand, pos.max_pip)
        tile = move.tile
        strength = max(counts[tile.high], counts[tile.low])
        return strength + (1.0 if tile.is_double else 0.0)

    def _suit_control(self, pos: _Position, move: Move) -> float:
        if move.__class__ is not Play:
            return 0.0
        left, right = _ends_after(pos.view, move)
        rest = [t for t in pos.view.hand if t is not move.tile]
        counts = _counts(rest, pos.max_pip)
        return counts[left] + (counts[right] if right != left else 0)

    def _exploit_voids(self, pos: _Position, move: Move) -> float:
        if move.__class__ is not Play or pos.next_opponent is None:
            return 0.0
        lacking = pos.voids.get(pos.next_opponent, {})
        left, right = _ends_after(pos.view, move)
        if left in lacking and right in lacking:
            return 2.0
        return 0.5 * ((left in lacking) + (right in lacking))

    def _partner_suit(self, pos: _Position, move: Move) -> float:
        partner = pos.view.partner
        if partner is None or move.__class__ is not Play:
            return 0.0
        suit = next((e.tile for e in pos.view.history if e.seat == partner and e.action == "play"), None)
        if suit is None:
            return 0.0
        # The partner's "lead suit": the number they opened with (the higher half of their first tile).
        number = suit.high
        before = pos.view.ends or ()
        after = _ends_after(pos.view, move)
        score = 1.0 if number in after else 0.0
        if number in before and number not in after:
            score -= 1.0
        return score

    def _blocking(self, pos: _Position, move: Move) -> float:
        view = pos.view
        ahead = pos.my_pips - (move.tile.pips if move.__class__ is Play else 0) < pos.expected_opponent_pips()
        if move.__class__ is Play:
            ends = _ends_after(view, move)
            if view.ends is not None and pos.blocked_after(ends, move.tile):
                return 1.0 if ahead else -1.0
            return 0.0
        if move is DRAW and view.rules.draw_when_able and _plays(view.legal):
            # Drawing while able: only to hunt for a tile that would block while ahead.
            left, right = view.ends  # type: ignore[misc]  # a leader never draws, so the line has ends
            could_block = any(
                pos.blocked_after((t.other(left), right) if t.has(left) else (left, t.other(right)), t)
                for t in pos.unseen if t.has(left) or t.has(right))
            return 0.5 if (ahead and could_block) else -1.0
        return 0.0

    def _shed_heavy(self, pos: _Position, move: Move) -> float:
        return float(pos.value(move.tile)) if move.__class__ is Play else 0.0

    def _doubles_early(self, pos: _Position, move: Move) -> float:
        return 1.0 if move.__class__ is Play and move.tile.is_double else 0.0

    def __repr__(self) -> str:
        off = f", disable={list(self.disabled)!r}" if self.disabled else ""
        return f"StrategyPlayer(seed={self.seed!r}{off})"


# ---------------------------------------------------------------------------- search
class SearchPlayer(_Seeded):
    """The strongest player: a search over deals of the tiles it cannot see.

    For each decision it deals the hidden tiles in ways that fit everything public (each
    seat's tile count, the numbers a seat has shown it lacks), every such deal alike;
    values every legal move in each deal, exactly (an endgame search over the boneyard's
    draws) when the deal is small enough and otherwise by playing the hand out with a fast
    policy (shed the heaviest tile, one move in five at random); and plays the move with
    the best average (see :mod:`dominolab.search`).  Weighing deals by the others' past
    plays, and play-outs without the random moves, were measured and did not help; what
    was measured is in benchmarks/README.md.

    **Hard and expert look further ahead.**  Valuing moves by play-outs takes the
    player's own later decisions to be the play-out policy's, and past medium's budget more
    deals pay little.  At the levels in :attr:`TREE_LEVELS` ("hard" and "expert") it
    searches a tree over
    what it will see instead (information-set Monte Carlo tree search,
    :func:`dominolab.search.tree_evaluate`): each of its own later decisions is one
    choice for all the deals that look alike to it, as at a real table; it tries every
    move a fair share of the time and plays the one whose value is best.  Hints and
    reviews still value every move over the same deals (``analyse(view, tree=False)``),
    so their figures compare side by side.

    **What it maximises.**  By default, the **expected net points** of its side: the
    points the side scores in the hand minus what the other side scores (past two sides,
    minus their average).  A hand won by 20 counts +20 and a hand lost by 35 counts -35,
    so it weighs how much it can win or lose, not only how often.  Told the match score
    (``match=(scores, target)``, or :meth:`observe_match`), it maximises instead its
    side's **chance of winning the match**.

    **Levels are time.**  ``level`` is a budget of work per decision ("easy", "medium",
    "hard" or "expert"; :attr:`LEVELS` gives the play-out moves, :attr:`LEVEL_TIMES` about
    the time each takes on a 2-core machine), so the same seed always plays the
    same moves.  ``time_limit`` (seconds) also stops a decision at that wall-clock time:
    then the moves depend on the machine's speed.  **Any budget**: with ``level=None`` the
    player spends ``work`` units, or else as much as ``time_limit`` allows (about
    :attr:`WORK_PER_SECOND` units a second), and searches as the levels do at that budget:
    a tree from :attr:`TREE_WORK` units up.  ``worlds=N`` deals exactly N deals a decision
    instead of a budget.
    """

    name = "search"
    #: Work per decision, in play-out moves (a solver node counts as :data:`~dominolab.search.NODE_COST`).
    LEVELS: ClassVar[dict[str, int]] = {"easy": 3_000, "medium": 12_000, "hard": 48_000, "expert": 192_000}
    #: About the median time per decision each level takes: a quiet 2-core machine, CPython
    #: 3.11, as measured in benchmarks/README.md (``search.py timing``, 2026-11-24 and -28).
    LEVEL_TIMES: ClassVar[dict[str, str]] = {"easy": "6 ms", "medium": "18 ms", "hard": "120 ms",
                                             "expert": "525 ms"}
    #: How strongly a deal is weighed by the other seats' plays (0: not at all).
    WEIGHTING = 0.0
    #: The play-out policy (see :class:`dominolab.search.Policy`).  ``keep_bonus=2`` won
    #: head to head but did worse against Greedy; not adopted (benchmarks/README.md).
    POLICY: ClassVar[dict[str, float]] = {"noise": 0.2}
    #: With a budget, one deal may take 1/EXACT_SHARE of it in solver nodes.
    EXACT_SHARE = search.EXACT_SHARE
    #: The levels that search a tree over the seat's later decisions
    #: (:func:`dominolab.search.tree_evaluate`) instead of valuing each move by play-outs.
    TREE_LEVELS: ClassVar[frozenset[str]] = frozenset({"hard", "expert"})
    #: UCB's constant for the tree (see :data:`dominolab.search.EXPLORATION`).
    EXPLORATION = search.EXPLORATION
    #: How the other seats choose inside the tree: ``"tree"`` (by UCB) or ``"policy"`` (as in
    #: the play-outs); see :func:`dominolab.search.tree_evaluate`.
    TREE_OTHERS = "tree"
    #: A player with no level searches a tree from this much work a decision up (hard's).
    TREE_WORK = 48_000
    #: Units of work a second on the machine the levels were calibrated on (2 cores,
    #: CPython 3.11: medium's 12,000 in 18 ms, hard's 48,000 in 71 ms): a ``time_limit``
    #: without a level or ``work`` becomes that much work, and the deadline still holds.
    WORK_PER_SECOND = 650_000
    #: Each deal too large to solve is searched this many moves deep with an evaluation
    #: (``search.evaluate(depth=...)``) instead of played out: 0, play-outs.  The ablation
    #: (benchmarks/README.md) has not shown the search to pay yet.
    DEPTH = 0
    #: ``True``: a decision whose best move is clear stops early, and the work it saves goes
    #: to later decisions whose top moves are close (``search.evaluate(most=...)``).
    ADAPTIVE = False

    work: Optional[int] = None
    _bank = 0

    def __init__(self, seed: Optional[int] = None, *, level: Optional[str] = "medium", worlds: Optional[int] = None,
                 time_limit: Optional[float] = None, match: Optional[tuple[Sequence[int], int]] = None,
                 work: Optional[int] = None):
        if level is not None and (not isinstance(level, str) or level not in self.LEVELS):
            raise ValueError(f"level must be one of {', '.join(self.LEVELS)}, got {excerpt(level)}")
        if worlds is not None:
            check_int(worlds, "worlds", 1)
        if time_limit is not None:
            time_limit = check_number(time_limit, "time_limit", positive=True)
        if work is not None:
            check_int(work, "work", 1)
            if level is not None:
                raise ValueError(f"give a level or work, not both (level={level!r}, work={work})")
        elif level is None and time_limit is None:
            raise ValueError("a player with no level needs work or a time_limit")
        check_seed(seed)
        self.seed = seed
        self.level = level
        self.work = work
        self._bank = 0  # work saved by clear decisions (ADAPTIVE)
        self.worlds = worlds
        self.time_limit = time_limit
        self.match: Optional[tuple[tuple[int, ...], int]] = None
        if match is not None:
            self.observe_match(*match)
        self._rng = random.Random(seed)
        #: The search's verdict at the last decision (``None`` before the first, or when
        #: the decision had one legal move).
        self.last_evaluation: Optional[Evaluation] = None

    @property
    def budget(self) -> int:
        """The work this player may spend on one decision (play-out moves)."""
        if self.level is not None:
            return self.LEVELS[self.level]
        if self.work is not None:
            return self.work
        assert self.time_limit is not None  # checked when made
        return max(1, round(self.time_limit * self.WORK_PER_SECOND))

    def reseed(self, seed: Optional[int]) -> None:
        """Start afresh from ``seed``, with no work saved from earlier decisions."""
        super().reseed(seed)
        self._bank = 0

    def _tree(self) -> bool:
        """Whether this player's own decisions search a tree (hard's and expert's way) by default."""
        if self.worlds is not None:
            return False
        if self.level is not None:
            return self.level in self.TREE_LEVELS
        return self.budget >= self.TREE_WORK

    def observe_match(self, scores: Sequence[int], target: int) -> None:
        """Play the next decisions for the match: ``scores`` (one per side, as
        ``Match.scores``) before this hand and the ``target``.  ``observe_match(None, 0)``
        is not needed: make a new player, or set ``player.match = None``."""
        if isinstance(scores, (str, bytes)) or not isinstance(scores, Sequence) or not scores:
            raise ValueError(f"scores must give one score per side, got {excerpt(scores)}")
        for i, value in enumerate(scores):
            check_int(value, f"scores[{i}]", 0)
        check_int(target, "target", 1)
        self.match = (tuple(scores), target)

    def analyse(self, view: View, *, tree: Optional[bool] = None, time_limit: Optional[float] = None,
                cancel: Optional[Callable[[], bool]] = None) -> Evaluation:
        """The search's verdict on ``view``'s decision: every legal move's expected value
        (and expected net points, and the share of deals its side won the hand in).

        ``tree`` says how: ``None`` as the level plays (a search tree over the seat's later
        decisions at the levels in :attr:`TREE_LEVELS`, see
        :func:`~dominolab.search.tree_evaluate`); ``False`` values every move over the
        same deals, the figures a hint or a review quotes side by side; ``True`` the tree.
        ``time_limit`` (seconds) stops this decision's search at that time too (the sooner of
        it and the player's own), and ``cancel()`` returning True stops it between deals.
        """
        if not view.legal:
            raise ValueError("it is not this seat's turn, so there is nothing to search")
        limits = [t for t in (self.time_limit, time_limit) if t is not None]
        deadline = None if not limits else time.perf_counter() + min(limits)
        match = self.match
        if match is not None and len(match[0]) != view.rules.sides(view.players):
            raise ValueError(f"the match scores give {len(match[0])} sides; this hand has "
                             f"{view.rules.sides(view.players)}")
        policy = search.Policy(view.rules, **self.POLICY)
        if tree is None:
            tree = self._tree()
        if tree:
            evaluation = search.tree_evaluate(view, budget=self.budget, rng=self._rng, deadline=deadline,
                                              match=match, policy=policy, exploration=self.EXPLORATION,
                                              stop=cancel, others=self.TREE_OTHERS, weighting=self.WEIGHTING)
        else:
            budget = self.budget
            most = budget + self._bank if self.ADAPTIVE and self.worlds is None else None
            evaluation = search.evaluate(
                view, budget=budget, rng=self._rng, deals=self.worlds, deadline=deadline, match=match,
                weighting=self.WEIGHTING, policy=policy,
                exact_limit=None if self.EXACT_SHARE is None else budget // (search.NODE_COST * self.EXACT_SHARE),
                keep_worlds=True, stop=cancel, depth=self.DEPTH, most=most)
            if most is not None:
                self._bank = max(0, min(4 * budget, self._bank + budget - evaluation.work))
        self.last_evaluation = evaluation
        return evaluation

    def evaluate(self, view: View) -> dict[Move, float]:
        """Each legal move's expected value over the sampled deals (higher is better):
        net points for the side, or the chance of winning the match when one is known."""
        return self.analyse(view).values

    @property
    def last_values(self) -> dict[Move, float]:
        """Each move's value at the last decision (empty before one)."""
        return {} if self.last_evaluation is None else self.last_evaluation.values

    @property
    def last_worlds(self) -> list[World]:
        """The deals dealt for the last decision, as :class:`~dominolab.inference.World` s
        (none after a search tree's decision: it deals thousands and keeps none)."""
        from .inference import World
        from .tiles import tiles_of

        if self.last_evaluation is None:
            return []
        seat_to_move = self.last_evaluation.seat
        out = []
        for hands, stock in self.last_evaluation.worlds:
            out.append(World(
                hands={s: tuple(tiles_of(m)) for s, m in enumerate(hands) if s != seat_to_move and m},
                boneyard=tuple(TILE_BY_ID[t] for t in reversed(stock))))
        return out

    def choose(self, view: View) -> Move:
        moves = view.legal
        if len(moves) == 1:
            self.last_evaluation = None
            return moves[0]
        return self.analyse(view).best

    def __repr__(self) -> str:
        extra = f", worlds={self.worlds}" if self.worlds is not None else ""
        extra += f", work={self.work}" if self.work is not None else ""
        limit = f", time_limit={self.time_limit:g}" if self.time_limit is not None else ""
        return f"SearchPlayer(seed={self.seed!r}, level={self.level!r}{extra}{limit})"


class OmniscientPlayer(_Seeded):
    """The search player's play-outs on the true deal: it sees every hand and the
    boneyard's order.  An upper bound for studies (how much does hidden information
    cost?), never an opponent.  The match and the simulator hand it the round, because its
    ``omniscient`` attribute asks for it: ``choose(view, round=...)``.  It maximises
    expected net points, like the search player."""

    name = "omniscient"
    omniscient = True

    def __init__(self, seed: Optional[int] = None, *, rollouts: int = 200):
        check_int(rollouts, "rollouts", 1)
        check_seed(seed)
        self.seed = seed
        self.rollouts = rollouts
        self._rng = random.Random(seed)

    def choose(self, view: View, round: Any = None) -> Move:
        moves = view.legal
        if len(moves) == 1:
            return moves[0]
        if round is None:
            raise ValueError("OmniscientPlayer needs the true round: choose(view, round=...)")
        return search.rollout_values(round.copy(), self.rollouts, self._rng)[0]

    def __repr__(self) -> str:
        return f"OmniscientPlayer(seed={self.seed!r}, rollouts={self.rollouts})"


# ---------------------------------------------------------------------------- registry
#: Opponents a learner can choose, weakest first, with a line for menus (in the language of
#: the moment; the kinds themselves are code values).
OPPONENTS: plain.Said = plain.Said({
    "random": N_("Random: plays any tile that fits"),
    "greedy": N_("Greedy: always sheds its heaviest tile"),
    "strategy": N_("Strategist: follows the classic advice on suits, doubles and blocking"),
    "search": N_("Searcher: imagines the hidden tiles and plays each move out"),
})

#: The computer players' names in the language of the moment: in English the kind itself, as
#: the code and the lessons write it ("greedy"); in Spanish a name a player would use
#: ("Botagorda", the glossary's word for one who sheds the heaviest tiles first).  The kinds
#: stay the code values.
PLAYER_NAMES: plain.Said = plain.Said({
    "random": NP_("player", "random"),
    "greedy": NP_("player", "greedy"),
    "strategy": NP_("player", "strategy"),
    "search": NP_("player", "search"),
    "omniscient": NP_("player", "omniscient"),
    "search (easy)": NP_("player", "search (easy)"),
    "human": NP_("player", "human"),
}, context="player")


def player_name(kind: str) -> str:
    """A computer player's name in the language of the moment ("greedy"; "Botagorda" in
    Spanish); a name that is not a kind (a learner's own player) as it is."""
    return PLAYER_NAMES[kind] if isinstance(kind, str) and kind in PLAYER_NAMES.english else str(kind)


_FACTORIES: dict[str, Callable[..., Any]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "strategy": StrategyPlayer,
    "search": SearchPlayer,
    "omniscient": OmniscientPlayer,
}


def create(kind: str, seed: Optional[int] = None, **options: Any) -> Any:
    """A player by name: "random", "greedy", "strategy", "search" (or "omniscient",
    for studies).  ``options`` go to the class, e.g. ``create("search", level="hard")``."""
    try:
        factory = _FACTORIES[kind]
    except (KeyError, TypeError):
        raise ValueError(_("no player named {given}; choose one of {kinds}").format(
            given=excerpt(kind), kinds=", ".join(_FACTORIES))) from None
    return factory(seed, **options)


# ---------------------------------------------------------------------------- hints
#: The level :func:`hint`, :func:`advise` and the table's Hint button search at, every move
#: over the same deals (expert's budget, not its tree).  Measured against a search with 32
#: times medium's budget (``benchmarks/hint_search.py``, 1,801 positions): where that search
#: puts one move ahead by 2 points or more, clear of its interval, the hint names that move in
#: 90.6% of positions and another in 0.7%; where it does not, the hint says "about equal" in
#: 93.1%.  A median 382 ms a hint on CPython (at "hard": 110 ms, but "about equal" in only 74.9%
#: of the positions without a clear best once it named gaps of 1 point).  Near the end of a
#: hand the hint solves every deal that fits at once (:func:`dominolab.search.exact_evaluation`,
#: at most :data:`HINT_EXACT_NODES` nodes), and the table bounds its wait by
#: :data:`HINT_SECONDS` (``benchmarks/hint_time.py`` measures both).
HINT_LEVEL = "expert"


def hint(view: View, *, level: str = HINT_LEVEL, seed: int = 0) -> tuple[Move, str]:
    """The move the search player would make (valuing every move over the same deals, at
    every level), with a reason a learner understands (one or two sentences).  Only for
    the seat whose turn it is.  See :func:`advise` for the figures and facts behind the
    words."""
    advice = advise(view, level=level, seed=seed)
    return advice.move, advice.reason


def advise(view: View, *, level: str = HINT_LEVEL, seed: int = 0, player: Optional[SearchPlayer] = None,
           time_limit: Optional[float] = None, cancel: Any = None) -> Advice:
    """The search player's move for ``view`` (its seat to move) and why, as
    :class:`Advice`.  The reason quotes the search that chose the move (the move's
    expected net points, or match-winning chance, against the next best move's, and the
    share of imagined deals its side won the hand in) and adds what is true of this move and
    not of the next best: the number it leads, a double, the heaviest tile, a block, a
    number kept on an end, a number the next player lacks.  ``player`` (a
    :class:`SearchPlayer`) searches instead of a new one of ``level`` and ``seed``.
    The figures always compare every move over the same deals: at a level that plays by
    a search tree (hard, expert), the advice is that level's budget spent that way, and its move
    may differ from the one the tree would play.

    ``time_limit`` (seconds) bounds the wait on a busy machine: the search stops dealing at
    that time (:data:`HINT_SECONDS` is the table's), and its figures, over fewer deals,
    carry wider margins, so the hint says "about the same" more often, never more
    surely.  ``cancel`` (a ``threading.Event``, or a function returning True) is checked
    between deals: once set, :class:`HintCancelled` is raised and nothing is kept."""
    if not isinstance(view, View):
        raise ValueError(f"advise needs a View (round.view(seat)), got {excerpt(view)}")
    if player is None:
        player = SearchPlayer(seed, level=level)  # checks the level and the seed
    elif not isinstance(player, SearchPlayer):
        raise ValueError(f"player must be a SearchPlayer, got {excerpt(player)}")
    moves = list(view.legal)
    if not moves:
        raise ValueError("it is not this seat's turn, so there is nothing to hint")
    ends = view.ends
    if len(moves) == 1:
        move = moves[0]
        if move is PASS:
            text = plain.say("hint.pass")
            return Advice(move, text, "pass", why=_("Nothing you hold fits either end and you may not draw."))
        if move is DRAW:
            assert ends is not None
            text = (plain.say("hint.must-draw", showing=ends[0]) if ends[0] == ends[1]
                    else plain.say("hint.must-draw.ends", left=ends[0], right=ends[1]))
            return Advice(move, text, "must-draw", why=text)
        text = plain.say("hint.only-lead" if ends is None else "hint.only-tile", move=_placed(move, view))
        return Advice(move, text, "only-move", why=text)
    stop = check_cancel(cancel)
    evaluation = hint_evaluation(view, player, time_limit=time_limit, cancel=stop)
    if stop():
        raise HintCancelled("the hint was cancelled")
    move = evaluation.best
    chosen = evaluation[move]
    runner = _runner_up(view, evaluation)
    sure = "" if runner is None else certainty(evaluation, chosen, runner)
    if sure in ("same", "unsure"):
        assert runner is not None
        why = _about_equal(view, evaluation, chosen, runner)
        first, second = pair_words(chosen.move, runner.move, view)
        # A gap under CLOSE_POINTS is "about the same"; a larger one the figures cannot
        # separate is "hard to tell apart".
        key = "hint.same" if sure == "same" else "hint.unsure"
        return Advice(move, plain.say(key, first=first, second=second), "close", evaluation, runner,
                      why=why, sure=sure)
    figures = _figures(view, evaluation, chosen, runner)
    other = _move_words(runner.move, view) if runner is not None else ""
    if move is DRAW:
        # No fact of the position is said for a draw (a hint names one only where it is true):
        # the figures are the reason, one step away.
        text = (plain.say("hint.draw", sure=plain.SURE[sure], other=other) if runner is not None
                else plain.say("hint.draw.only"))
        return Advice(move, text, "draw", evaluation, runner,
                      why=_("Draw, although you could play: {figures}.").format(figures=figures), sure=sure)
    placed = _placed(move, view)
    facts = tuple(reasons(view, move, runner.move if runner is not None else None, evaluation))
    why = _("Play {move}: {figures}.").format(move=placed, figures=figures) + _facts_words(facts, other)
    return Advice(move, _plain_play(placed, facts, sure, other), "play", evaluation, runner,
                  facts, why=why, sure=sure)


def hint_evaluation(view: View, player: SearchPlayer, *, time_limit: Optional[float] = None,
                    cancel: Any = None) -> Evaluation:
    """The hint's search of ``view``: every legal move valued over the same deals by
    ``player`` (near the end of a hand, every deal that fits solved once, at most
    :data:`HINT_EXACT_NODES` nodes), stopped at ``time_limit`` seconds or by ``cancel``.
    :func:`advise` and the analysis board both value moves with it."""
    if time_limit is not None:
        time_limit = check_number(time_limit, "time_limit", positive=True)
    stop = check_cancel(cancel)
    start = time.perf_counter()
    evaluation = None
    if player.match is None and player.worlds is None:
        # Near the end of a hand few deals fit the view: every one of them solved once is
        # exact, and quicker than sampling the same few thousands of times.
        evaluation = search.exact_evaluation(view, min(player.budget // (search.NODE_COST * search.ROOT_SHARE),
                                                       HINT_EXACT_NODES))[0]
    if evaluation is None:
        left = None if time_limit is None else max(0.01, time_limit - (time.perf_counter() - start))
        evaluation = player.analyse(view, tree=False, time_limit=left, cancel=stop)  # the same deals for all
    return evaluation


class HintCancelled(RuntimeError):
    """A hint's search was cancelled (``advise(..., cancel=event)``) before it finished."""


#: The table's bound on a hint's wait, in seconds (``advise(time_limit=...)``): on a quiet
#: machine the hint's work budget ends first (benchmarks/hint_time.py measures both).
HINT_SECONDS = 1.0
#: The most solver nodes a hint spends trying to solve every deal that fits the view
#: before it samples deals instead (a try that fails is cut short: see exact.solve's project).
HINT_EXACT_NODES = 8_000
