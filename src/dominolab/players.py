"""Players: anything with ``choose(view) -> move``, and a graded ladder of them.

=====================  ======================================================================
``RandomPlayer``       a random playable tile; draws or passes only when it must
``GreedyPlayer``       sheds its heaviest playable tile (the usual novice baseline)
``StrategyPlayer``     the sources' advice as named, switchable components
``SearchPlayer``       samples deals that fit what it has seen, plays each move out in each
                       deal, and keeps the move that wins most (sampled-deal search)
``OmniscientPlayer``   the same search on the true deal: an upper bound for studies only
=====================  ======================================================================

Every player is deterministic for a given ``seed``.  A player sees only its
:class:`~dominolab.view.View`: no other hand, no boneyard tile.  :func:`hint` gives the
search player's move with a one-sentence reason for a learner.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar, Optional, Protocol, runtime_checkable

from .moves import DRAW, PASS, Draw, Move, Pass, Play
from .tiles import Tile
from .view import View
from .words import number_plural

__all__ = [
    "OPPONENTS",
    "GreedyPlayer",
    "OmniscientPlayer",
    "Player",
    "PlayerError",
    "RandomPlayer",
    "SearchPlayer",
    "StrategyPlayer",
    "create",
    "hint",
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

    def __reduce__(self):
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
def _counts(tiles: Iterable[Tile], max_pip: int) -> list[int]:
    """How many of ``tiles`` show each number."""
    counts = [0] * (max_pip + 1)
    for t in tiles:
        counts[t.high] += 1
        if not t.is_double:
            counts[t.low] += 1
    return counts


def _ends_after(view: View, move: Play) -> tuple[int, int]:
    if view.ends is None:
        return (move.tile.high, move.tile.low)
    left, right = view.ends
    if move.side == 0:
        return (move.tile.other(left), right)
    return (left, move.tile.other(right))


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
        leave ends that the next opponent has shown he lacks.
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
        # The partner's "lead suit": the number he opened with (the higher half of his first tile).
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
            left, right = view.ends
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


class SearchPlayer(_Seeded):
    """Sampled-deal search.  For each decision it draws ``worlds`` deals of the unseen
    tiles uniformly among those that fit everything public (the counts, and the numbers
    each seat has shown it lacks by passing or drawing), plays every legal move out in
    each deal with a fast greedy-ish policy for all seats, and keeps the move with the
    best average (a won hand counts 1, a lost one 0).

    Difficulty: ``level`` "easy", "medium" or "hard" (more deals), or ``worlds=N``.
    ``time_limit`` (seconds) stops sampling early; without it the player is fully
    deterministic for a given ``seed``.
    """

    name = "search"
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
        #: The deals sampled for the last decision (for tests and lessons).
        self.last_worlds: list = []
        #: Each move's average reward at the last decision.
        self.last_values: dict[Move, float] = {}

    def evaluate(self, view: View) -> dict[Move, float]:
        """Each legal move's average reward over the sampled deals (higher is better)."""
        from .inference import infer
        from .round import Round

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
        return f"SearchPlayer(seed={self.seed!r}, worlds={self.worlds})"


def _sides(view: View) -> list[tuple[int, ...]]:
    if view.partner is not None:
        return [(0, 2), (1, 3)]
    return [(s,) for s in range(view.players)]


class OmniscientPlayer(_Seeded):
    """The search player given the true deal: it sees every hand and the boneyard order.
    An upper bound for studies (how much does hidden information cost?), never an
    opponent.  The match and the simulator hand it the round, because its
    ``omniscient`` attribute asks for it: ``choose(view, round=...)``."""

    name = "omniscient"
    omniscient = True

    def __init__(self, seed: Optional[int] = None, *, rollouts: int = 48, greed: float = 0.8):
        self.seed = seed
        self.rollouts = rollouts
        self.greed = greed
        self._rng = random.Random(seed)

    def choose(self, view: View, round: Any = None) -> Move:
        moves = view.legal
        if len(moves) == 1:
            return moves[0]
        if round is None:
            raise ValueError("OmniscientPlayer needs the true round: choose(view, round=...)")
        sides = _sides(view)
        totals = dict.fromkeys(moves, 0.0)
        for _ in range(self.rollouts):
            rollout_seed = self._rng.randrange(2**32)
            for move in moves:
                r = round.copy()
                r.play(move)
                _rollout(r, random.Random(rollout_seed), self.greed)
                totals[move] += _reward(r.result, view.seat, sides)
        return max(moves, key=lambda m: totals[m])

    def __repr__(self) -> str:
        return f"OmniscientPlayer(seed={self.seed!r}, rollouts={self.rollouts})"


# ---------------------------------------------------------------------------- registry
#: Opponents a learner can choose, weakest first, with a line for menus.
OPPONENTS: dict[str, str] = {
    "random": "Random: plays any tile that fits",
    "greedy": "Greedy: always sheds its heaviest tile",
    "strategy": "Strategist: follows the classic advice on suits, doubles and blocking",
    "search": "Searcher: imagines the hidden tiles and plays each move out",
}

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
        raise ValueError(f"no player named {kind!r}; choose one of {', '.join(_FACTORIES)}") from None
    return factory(seed, **options)


# ---------------------------------------------------------------------------- hints
def hint(view: View, *, level: str = "medium", seed: int = 0) -> tuple[Move, str]:
    """The move the search player would make, with one sentence saying why, in words a
    learner understands.  Only for the seat whose turn it is."""
    moves = list(view.legal)
    if not moves:
        raise ValueError("it is not this seat's turn, so there is nothing to hint")
    player = SearchPlayer(seed, level=level)
    move = player.choose(view)
    return move, _reason(view, move, player.last_values)


def _reason(view: View, move: Move, values: dict[Move, float]) -> str:
    moves = list(view.legal)
    ends = view.ends
    if move is PASS or move.__class__ is Pass:
        return "Nothing you hold fits either end and you may not draw, so you must pass."
    if move is DRAW or move.__class__ is Draw:
        showing = f"{ends[0]}" if ends[0] == ends[1] else f"{ends[0]} or {ends[1]}"
        if not _plays(moves):
            return f"Nothing you hold fits {showing}, so you must draw."
        best_play = max(values[m] for m in _plays(moves))
        return (f"Draw, although you could play: in the deals it imagined, drawing (perhaps for a "
                f"tile that blocks the game) won {values[move]:.0%} of the time, against "
                f"{best_play:.0%} for your best play.")
    tile = move.tile
    where = "to start the hand" if ends is None else f"on the {move.end}"
    if len({m.tile for m in _plays(moves)}) == 1 and ends is not None and DRAW not in moves:
        return f"Play {tile} {where}: it is the only tile that fits."
    pos = _Position(view)
    rest = [t for t in view.hand if t is not tile]
    counts = _counts(rest, pos.max_pip)
    after = _ends_after(view, move)
    facts = []
    if ends is None:
        held = _counts(view.hand, pos.max_pip)
        suit = tile.high if held[tile.high] >= held[tile.low] else tile.low
        strength = held[suit]
        facts.append(f"it leads from your strongest number, {number_plural(suit)} (you hold {strength})")
    elif pos.blocked_after(after, tile):
        if pos.my_pips - pos.value(tile) < pos.expected_opponent_pips():
            facts.append("it blocks the game while you most likely hold fewer pips")
        else:
            facts.append("it blocks the game")
    lacking = pos.voids.get(pos.next_opponent, {}) if pos.next_opponent is not None else {}
    shut = sorted({n for n in after if n in lacking})
    if shut:
        facts.append(f"it leaves {' and '.join(map(str, shut))} open, which the next player has shown he lacks")
    kept = [n for n in sorted(set(after)) if counts[n] >= 2]
    if kept:
        n = max(kept, key=lambda k: counts[k])
        both = " on both ends" if after[0] == after[1] == n else " on an end"
        facts.append(f"it keeps {number_plural(n)}, which you hold {counts[n]} more of,{both}")
    if tile.is_double and ends is not None:
        facts.append(f"it gets the double {tile} out while it still fits")
    heaviest = max(t.pips for t in view.hand if any(m.tile is t for m in _plays(moves)))
    if tile.pips == heaviest and tile.pips >= 8:
        facts.append(f"it sheds {tile.pips} pips, your heaviest playable tile")
    if not facts:
        ranked = sorted(values.values(), reverse=True)
        if len(ranked) > 1 and move in values:
            facts.append(f"in the deals it imagined it won {values[move]:.0%} of the time, "
                         f"against {ranked[1]:.0%} for the next best move")
        else:
            facts.append("in the deals it imagined, it won most often")
    sentence = " and ".join(facts[:2])
    return f"Play {tile} {where}: {sentence}."
