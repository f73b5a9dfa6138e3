"""What a verdict on a decision shares, sampled (:class:`~.evaluation.Evaluation`) or exact
(:class:`dominolab.exact.ExactEvaluation`): its moves looked up by move, and their values."""

from __future__ import annotations

from typing import Generic, Protocol, TypeVar

from ..moves import Move


class Valued(Protocol):
    """One move's figures in a verdict: at least the move and its value."""

    @property
    def move(self) -> Move: ...

    @property
    def value(self) -> float: ...


V = TypeVar("V", bound=Valued)


class ByMove(Generic[V]):
    """A base for a verdict's dataclass whose ``moves`` hold one item per legal move: look an
    item up by its move, or take every move's value.  No fields or slots of its own, so a
    verdict's fields, repr, equality and pickles are its dataclass's alone."""

    __slots__ = ()
    moves: tuple[V, ...]

    def __getitem__(self, move: Move) -> V:
        for item in self.moves:
            if item.move == move:
                return item
        raise KeyError(move)

    @property
    def values(self) -> dict[Move, float]:
        """Each move's ``value``."""
        return {m.move: m.value for m in self.moves}
