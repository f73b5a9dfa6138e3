"""A player that scores each legal move with a weighted sum of features, and the
cross-entropy method that learns its weights by self-play (lesson 8, "Teach the computer").

Each feature is something the lessons taught a person to look at, read from the
environment's observation (what the seat may know, :mod:`dominolab.env.observation`):

================== ==========================================================================
feature            for a play of a tile
================== ==========================================================================
pips               the tile's pips, over 12: shedding weight (lesson 3)
double             1 for a double: doubles are hard to place later (lesson 4)
playable_next      my tiles that would fit the ends after the play, over 7 (lesson 4)
suit_held          my tiles showing the number the play opens, over 7: keep a number you
                   hold many of on the ends (lesson 4)
next_lacks         how many of the new ends' numbers the next seat is known to lack (lesson 5)
partner_lacks      the same for my partner, in partnership play (lesson 6)
unseen_on_ends     unseen tiles that show the new ends' numbers, over 14 (lesson 5)
endgame_pips       the tile's pips over 12 when another seat holds two tiles or fewer
draw               1 for drawing when drawing is a choice (0 for every play)
================== ==========================================================================

The move with the highest score is played (the first in the engine's order on a tie); a
lone legal move is played at once.  The weights ``(1, 0, 0, ...)`` make the greedy player
(the heaviest tile first).  :func:`cross_entropy` learns weights by playing the current
player against itself on duplicate deals through the environment, numpy only.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Optional, Union

import numpy as np

from ..moves import DRAW, Move, Play
from ..rules import Rules
from ..tiles import TILE_BY_ID
from ..view import View
from .aec import move_of, raw_env
from .observation import Layout, observation_of

__all__ = ["FEATURES", "GREEDY", "LinearPlayer", "Training", "cross_entropy", "features", "load_weights",
           "play_hands"]

FEATURES = ("pips", "double", "playable_next", "suit_held", "next_lacks", "partner_lacks", "unseen_on_ends",
            "endgame_pips", "draw")
#: The weights of the greedy player: the heaviest tile first, nothing else counted.
GREEDY = tuple(1.0 if name == "pips" else 0.0 for name in FEATURES)
WEIGHTS_FILE = Path(__file__).with_name("weights.json")


@cache
def _layout(rules: Rules, players: int) -> Layout:
    return Layout(rules, players)


@cache
def _set_tables(rules: Rules) -> tuple[list[tuple[int, int]], list[int]]:
    """Each tile id's halves, and how many tiles of the set show each number."""
    halves = [(t.high, t.low) for t in TILE_BY_ID[:_layout(rules, 2).tiles]]
    shows = [0] * (rules.max_pip + 1)
    for tile in rules.tiles:
        shows[tile.high] += 1
        if not tile.is_double:
            shows[tile.low] += 1
    return halves, shows


def features(observation: Sequence[float], actions: Sequence[int], layout: Layout) -> list[list[float]]:
    """The features (:data:`FEATURES`) of each of ``actions`` (legal action numbers) from the
    seat's ``observation`` (an array from the environment, or a list)."""
    o = observation.tolist() if isinstance(observation, np.ndarray) else list(observation)
    L: Any = layout
    S, P, n = L.tiles, L.numbers, L.players
    halves, shows = _set_tables(layout.rules)
    hand = [t for t in range(S) if o[L.hand + t]]
    held = [0] * P  # my tiles showing each number
    unseen = shows[:]  # tiles showing each number that I cannot see
    for t in hand:
        a, b = halves[t]
        held[a] += 1
        unseen[a] -= 1
        if b != a:
            held[b] += 1
            unseen[b] -= 1
    for t in range(S):
        if o[L.line + t]:
            a, b = halves[t]
            unseen[a] -= 1
            if b != a:
                unseen[b] -= 1
    left = next((x for x in range(P) if o[L.left + x]), -1)
    right = next((x for x in range(P) if o[L.right + x]), -1)
    next_lacks = o[L.lacks + P:L.lacks + 2 * P]
    partner = layout.rules.partner_of(0, n) is not None
    partner_lacks = o[L.lacks + 2 * P:L.lacks + 3 * P] if partner else [0.0] * P
    endgame = min(o[L.counts + k] for k in range(1, n)) <= 2
    out = []
    for action in actions:
        if action >= 2 * S:
            out.append([0.0] * 8 + [1.0 if action == 2 * S else 0.0])
            continue
        t, side = action >> 1, action & 1
        a, b = halves[t]
        if left < 0:
            ends = (a, b)
        elif side == 0:
            ends = (a + b - left if a == left or b == left else -1, right)
        else:
            ends = (left, a + b - right if a == right or b == right else -1)
        y, z = ends
        after = held[:]
        after[a] -= 1
        if b != a:
            after[b] -= 1
        numbers = (y,) if y == z else (y, z)
        fits = after[y] + (after[z] if z != y else 0) - (1 if z != y and _holds(hand, t, y, z, halves) else 0)
        pips = (a + b) / 12
        out.append([
            pips,
            1.0 if a == b else 0.0,
            fits / 7,
            after[y] / 7,
            float(sum(next_lacks[x] for x in numbers)),
            float(sum(partner_lacks[x] for x in numbers)),
            sum(unseen[x] for x in numbers) / 14,
            pips if endgame else 0.0,
            0.0,
        ])
    return out


def _holds(hand: list[int], played: int, y: int, z: int, halves: list[tuple[int, int]]) -> bool:
    """True when a tile left in ``hand`` (less ``played``) shows both ``y`` and ``z`` (it was
    counted twice)."""
    for t in hand:
        if t != played and {y, z} == set(halves[t]):
            return True
    return False


def choose_action(weights: Sequence[float], observation: Any, actions: Sequence[int], layout: Layout) -> int:
    """The action among ``actions`` whose features score highest under ``weights``."""
    if len(actions) == 1:
        return actions[0]
    best, chosen = -float("inf"), actions[0]
    for action, values in zip(actions, features(observation, actions, layout), strict=True):
        score = sum(w * v for w, v in zip(weights, values, strict=True))
        if score > best:
            best, chosen = score, action
    return chosen


class LinearPlayer:
    """A player that plays the legal move whose features score highest under ``weights``
    (one per name in :data:`FEATURES`; by default the shipped weights, :func:`load_weights`).
    It sees only its view: its features come from the environment's observation of it."""

    name = "linear"

    def __init__(self, weights: Optional[Sequence[float]] = None, name: Optional[str] = None):
        values = load_weights() if weights is None else [float(w) for w in weights]
        if len(values) != len(FEATURES):
            raise ValueError(f"weights needs {len(FEATURES)} numbers, one per feature {FEATURES}; got {len(values)}")
        self.weights = tuple(values)
        if name is not None:
            self.name = name

    def choose(self, view: View) -> Move:
        legal = view.legal_moves()
        if len(legal) == 1:
            return legal[0]
        layout = _layout(view.rules, view.players)
        actions = [_action(m, layout) for m in legal]
        action = choose_action(self.weights, observation_of(view, layout), actions, layout)
        return move_of(action, view.rules)

    def reseed(self, seed: int) -> None:
        """Nothing to reseed: the player is deterministic."""

    def __repr__(self) -> str:
        pairs = ", ".join(f"{name}={w:+.2f}" for name, w in zip(FEATURES, self.weights, strict=True))
        return f"LinearPlayer({pairs})"


def _action(move: Move, layout: Layout) -> int:
    if isinstance(move, Play):
        return 2 * move.tile.id + move.side
    return 2 * layout.tiles + (0 if move is DRAW else 1)


def load_weights(path: Union[str, Path, None] = None) -> list[float]:
    """The weights in ``path`` (by default the ones shipped with Domino Lab, made by
    ``benchmarks/env_train.py``)."""
    data = json.loads(Path(path or WEIGHTS_FILE).read_text(encoding="utf-8"))
    if data.get("features") != list(FEATURES):
        raise ValueError(f"{path or WEIGHTS_FILE} has weights for the features {data.get('features')}, "
                         f"not {list(FEATURES)}")
    return [float(w) for w in data["weights"]]


# ---------------------------------------------------------------------------- learning
def play_hands(weights: Sequence[Sequence[float]], deals: Sequence[int], rules: Union[Rules, str] = "standard",
               game: Optional[raw_env] = None) -> float:
    """The mean net points a hand of the player with ``weights[0]`` against the players with
    the others (one per remaining seat), over ``deals`` (seeds) each played once per seat for
    the first player (duplicate deals: the luck of the deal cancels out)."""
    players = len(weights)
    game = game or raw_env(rules=rules, players=players)
    layout = game.layout
    total = 0.0
    count = 0
    for deal in deals:
        for rotation in range(players):
            seats = [weights[(seat - rotation) % players] for seat in range(players)]
            game.reset(seed=deal)
            r = game.round
            assert r is not None
            while not r.is_over:
                actions = game.legal_actions()
                seat = r.turn
                if len(actions) == 1:
                    game.step(actions[0])
                else:
                    game.step(choose_action(seats[seat], game.tracker.arrays[seat], actions, layout))
            total += game.rewards[game.possible_agents[rotation]]
            count += 1
    return total / count


@dataclass
class Training:
    """A run of :func:`cross_entropy`: the mean weights after each generation, each
    generation's best and mean fitness (net points a hand against the current player), and
    the mean weights' net points a hand against the yardstick (greedy) after each generation."""

    weights: list[list[float]] = field(default_factory=list)
    best: list[float] = field(default_factory=list)
    mean: list[float] = field(default_factory=list)
    against_yardstick: list[float] = field(default_factory=list)

    @property
    def final(self) -> list[float]:
        return self.weights[-1]


def cross_entropy(generations: int = 8, population: int = 12, elite: int = 3, deals: int = 12, *,
                  rules: Union[Rules, str] = "standard", players: int = 2, seed: int = 0,
                  start: Optional[Sequence[float]] = None, spread: float = 1.0,
                  yardstick: Sequence[float] = GREEDY, yardstick_deals: int = 40,
                  on_generation: Optional[Callable[[int, Training], None]] = None) -> Training:
    """Learn weights by the cross-entropy method, numpy only.

    Each generation draws ``population`` weight vectors from a normal distribution around
    the current mean, plays each against the current mean player on the same ``deals`` new
    duplicate deals (self-play), keeps the ``elite`` best and moves the mean and spread to
    theirs.  After each generation the mean is also played against ``yardstick`` (the greedy
    weights) on fixed deals, the curve a learner watches."""
    rng = np.random.default_rng(seed)
    mean = np.zeros(len(FEATURES)) if start is None else np.asarray(start, dtype=float)
    std = np.full(len(FEATURES), spread)
    game = raw_env(rules=rules, players=players)
    run = Training()
    test_deals = [10**9 + d for d in range(yardstick_deals)]
    for generation in range(generations):
        candidates = mean + std * rng.standard_normal((population, len(FEATURES)))
        batch = [int(x) for x in rng.integers(0, 2**31, size=deals)]
        opponents = [list(mean)] * (players - 1)
        fitness = np.array([play_hands([list(c), *opponents], batch, game=game) for c in candidates])
        order = np.argsort(fitness)[::-1][:elite]
        best = candidates[order]
        mean = best.mean(axis=0)
        std = best.std(axis=0) + 0.05 * spread / (1 + generation)
        run.weights.append([float(w) for w in mean])
        run.best.append(float(fitness[order[0]]))
        run.mean.append(float(fitness.mean()))
        run.against_yardstick.append(play_hands([list(mean)] + [list(yardstick)] * (players - 1), test_deals,
                                                game=game))
        if on_generation is not None:
            on_generation(generation, run)
    return run
