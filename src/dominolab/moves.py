"""Moves a seat can make, the error raised for an illegal one, and public events.

``Play``, ``Draw`` and ``Pass`` are interned value objects: ``Play("6-4", "left")`` is the
very object that ``Round.legal_moves()`` returns, so checking a move is an identity test.
"""

from __future__ import annotations

from typing import ClassVar, Literal, NamedTuple, Optional, Union

from .tiles import Tile, TileLike

__all__ = ["Draw", "End", "Event", "IllegalMoveError", "Move", "Pass", "Play", "move_from_text"]

End = Literal["left", "right"]
ENDS = ("left", "right")


class Play:
    """Put ``tile`` on the ``end`` ("left" or "right") of the line.

    For the first tile of a hand the end does not matter; ``legal_moves()`` lists it as
    "left" and ``play()`` accepts either.
    """

    __slots__ = ("end", "side", "tile")
    _cache: ClassVar[dict] = {}

    tile: Tile
    end: End
    side: int  # 0 for left, 1 for right

    def __new__(cls, tile: TileLike, end: End = "left") -> Play:
        # Fast path for the common keys; other tile-likes are parsed (and checked) first.
        cacheable = tile.__class__ is Tile or tile.__class__ is str
        if cacheable and end.__class__ is str:
            move = cls._cache.get((tile, end))
            if move is not None:
                return move
        tile_obj = Tile.coerce(tile)
        if end not in ENDS:
            raise ValueError(f"a play's end must be 'left' or 'right', got {end!r}")
        move = cls._cache.get((tile_obj, end))
        if move is None:
            move = object.__new__(cls)
            object.__setattr__(move, "tile", tile_obj)
            object.__setattr__(move, "end", end)
            object.__setattr__(move, "side", ENDS.index(end))
            cls._cache[tile_obj, end] = move
        if cacheable:
            cls._cache[tile, end] = move
        return move

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("moves are immutable")

    def __reduce__(self):
        return (Play, (self.tile, self.end))

    def __copy__(self) -> Play:
        return self

    def __deepcopy__(self, memo: dict) -> Play:
        return self

    def __repr__(self) -> str:
        return f"Play({str(self.tile)!r}, {self.end!r})"

    def __str__(self) -> str:
        return f"play {self.tile} {self.end}"


class _Singleton:
    __slots__ = ()
    _instance: Optional[_Singleton] = None

    def __new__(cls):
        if cls._instance is None:
            cls._instance = object.__new__(cls)
        return cls._instance

    def __reduce__(self):
        return (type(self), ())

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class Draw(_Singleton):
    """Take one tile from the boneyard (the turn stays with the drawer)."""

    __slots__ = ()
    _instance = None

    def __str__(self) -> str:
        return "draw"


class Pass(_Singleton):
    """End the turn without playing: allowed only when no play and no draw is possible."""

    __slots__ = ()
    _instance = None

    def __str__(self) -> str:
        return "pass"


DRAW = Draw()
PASS = Pass()

Move = Union[Play, Draw, Pass]


def move_from_text(text: str) -> Move:
    """A move from text such as ``"6-4 left"``, ``"play 6-4 right"``, ``"draw"``, ``"pass"``."""
    if not isinstance(text, str):
        raise ValueError(f"expected a move written as text, got {text!r}")
    words = text.strip().lower().split()
    if words and words[0] == "play":
        words = words[1:]
    if words == ["draw"]:
        return DRAW
    if words == ["pass"] or words == ["go"]:
        return PASS
    if len(words) in (1, 2):
        end = words[1] if len(words) == 2 else "left"
        return Play(words[0], end)  # type: ignore[arg-type]
    raise ValueError(f"cannot read {text!r} as a move; write '6-4 left', 'draw' or 'pass'")


class IllegalMoveError(ValueError):
    """A move that the rules do not allow in this position.  The round is unchanged.

    ``move`` is the offending move (or whatever was passed), ``ends`` the open ends at the
    time (``None`` before the first tile) and ``reason`` the explanation in words.
    """

    def __init__(self, reason: str, move: object = None, ends: Optional[tuple[int, int]] = None,
                 seat: Optional[int] = None):
        super().__init__(reason)
        self.reason = reason
        self.move = move
        self.ends = ends
        self.seat = seat


class Event(NamedTuple):
    """One public action in a round's history.

    ``action`` is "play", "draw" or "pass".  ``tile`` is the tile played (a drawn tile is
    hidden: ``None``), ``end`` where it went, and ``ends`` the open ends *before* the
    action, which is what makes a pass or a draw informative ("seat 2 had no 4 and no 6").
    """

    seat: int
    action: Literal["play", "draw", "pass"]
    tile: Optional[Tile] = None
    end: Optional[End] = None
    ends: Optional[tuple[int, int]] = None

    def describe(self, names: Optional[list[str]] = None) -> str:
        who = names[self.seat] if names else f"Seat {self.seat}"
        if self.action == "play":
            if self.ends is None:
                return f"{who} leads {self.tile}"
            return f"{who} plays {self.tile} on the {self.end}"
        if self.action == "draw":
            return f"{who} draws a tile"
        return f"{who} passes"
