"""Players: anything with ``choose(view) -> move``.

A player sees only a :class:`~dominolab.round.View` (its own hand and the public facts)
and returns one of ``view.legal_moves()``.
"""

from __future__ import annotations

import random
from typing import Optional, Protocol, runtime_checkable

from .moves import Move, Play
from .view import View

__all__ = ["Player", "PlayerError", "RandomPlayer"]


@runtime_checkable
class Player(Protocol):
    """The player protocol: given what one seat may know, pick a legal move."""

    def choose(self, view: View) -> Move: ...


class PlayerError(RuntimeError):
    """A player failed: it raised, or returned something that is not a legal move.

    ``seat`` is the player's seat, ``move`` what it returned (``None`` if it raised) and
    ``reason`` what was wrong.  The round it was playing is left unchanged.
    """

    def __init__(self, seat: int, move: object, reason: str):
        super().__init__(f"player in seat {seat} failed: {reason}")
        self.seat = seat
        self.move = move
        self.reason = reason


class RandomPlayer:
    """Plays a random playable tile; draws or passes only when it has none to play.

    Deterministic for a given ``seed``.
    """

    name = "random"

    def __init__(self, seed: Optional[int] = None):
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, view: View) -> Move:
        moves = view.legal
        plays = [m for m in moves if m.__class__ is Play]
        if plays:
            return plays[self._rng.randrange(len(plays))]
        return moves[0]

    def __repr__(self) -> str:
        return f"RandomPlayer(seed={self.seed!r})"
