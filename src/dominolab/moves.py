"""Moves a seat can make, the error raised for an illegal one, and public events.

``Play``, ``Draw`` and ``Pass`` are interned value objects: ``Play("6-4", "left")`` is the
very object that ``Round.legal_moves()`` returns, so checking a move is an identity test.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Literal, NamedTuple, Optional, TypeVar, Union

from .tiles import Tile, TileLike
from .validate import excerpt
from .words import is_you, plural

__all__ = [
    "ILLEGAL_CODES",
    "AmbiguousMoveError",
    "Draw",
    "End",
    "Event",
    "IllegalMoveError",
    "InvalidMoveError",
    "Move",
    "Pass",
    "Play",
    "move_from_text",
    "read_move_text",
]

End = Literal["left", "right"]
ENDS = ("left", "right")


class Play:
    """Put ``tile`` on the ``end`` ("left" or "right") of the line.

    For the first tile of a hand the end does not matter; ``legal_moves()`` lists it as
    "left" and ``play()`` accepts either.
    """

    __slots__ = ("end", "side", "tile")
    #: Interned plays by (tile, end), plus the spellings callers used ("6-4", "4-6", ...).
    #: The spellings are bounded: past ``SPELLINGS`` of them no new one is remembered (a
    #: spelling not remembered is parsed again, which gives the same interned play).
    _cache: ClassVar[dict[tuple[object, str], Play]] = {}
    SPELLINGS: ClassVar[int] = 4096

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
        if cacheable and (tile.__class__ is Tile or len(cls._cache) < cls.SPELLINGS):
            cls._cache[tile, end] = move
        return move

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("moves are immutable")

    def __reduce__(self) -> tuple[type[Play], tuple[Tile, End]]:
        return (Play, (self.tile, self.end))

    def __copy__(self) -> Play:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Play:
        return self

    def __repr__(self) -> str:
        return f"Play({str(self.tile)!r}, {self.end!r})"

    def __str__(self) -> str:
        return f"play {self.tile} {self.end}"


_S = TypeVar("_S", bound="_Singleton")


class _Singleton:
    __slots__ = ()
    _instance: Optional[_Singleton] = None

    def __new__(cls: type[_S]) -> _S:
        if cls._instance is None:
            cls._instance = object.__new__(cls)
        return cls._instance  # type: ignore[return-value]

    def __reduce__(self) -> tuple[type[_Singleton], tuple[()]]:
        return (type(self), ())

    def __copy__(self: _S) -> _S:
        return self

    def __deepcopy__(self: _S, memo: dict[int, object]) -> _S:
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


#: The longest move text :func:`move_from_text` reads.
MAX_MOVE_TEXT = 64

_END_WORDS = {"left": "left", "l": "left", "right": "right", "r": "right"}
#: Verbs before a play's tile, as a learner or the engine's narration writes them.
_PLAY_WORDS = frozenset({"play", "plays", "lead", "leads"})
_OTHER_WORDS = {"draw": "draw", "draws": "draw", "pass": "pass", "passes": "pass", "go": "pass"}


def same_move(a: Move, b: Move, ends: Optional[tuple[int, int]]) -> bool:
    """Are ``a`` and ``b`` one move on a line with open ``ends``: equal, or one tile played
    on either of two equal ends (the same line either way)?"""
    if a == b:
        return True
    return (isinstance(a, Play) and isinstance(b, Play) and a.tile == b.tile
            and ends is not None and ends[0] == ends[1])


def read_move_text(text: str) -> tuple[str, Optional[Tile], Optional[End]]:
    """The parts of a move written as text: ``("play", tile, end or None)``,
    ``("draw", None, None)`` or ``("pass", None, None)``.

    Reads "6-4", "6-4 left", "play 6-4 r", "lead 6-4", "draw", "pass" and "go" (what a
    player says when unable to play), and the engine's own wording: "6-4 on the left",
    "plays 6-4 on the right", "to draw", "passes".  Raises :class:`InvalidMoveError` for anything else; nothing
    here knows the position (see ``Round.parse_move``)."""
    if not isinstance(text, str):
        raise InvalidMoveError(f"expected a move written as text, got {excerpt(text)}", text)
    if len(text) > MAX_MOVE_TEXT:
        raise InvalidMoveError(f"cannot read {excerpt(text)} as a move: it is too long", text)
    words = text.strip().lower().replace(",", " ").rstrip(".!").split()
    if words[:1] == ["to"]:  # the review's "the best was to draw"
        words = words[1:]
    if words and words[0] in _PLAY_WORDS:
        words = words[1:]
    if len(words) == 1 and words[0] in _OTHER_WORDS:
        return (_OTHER_WORDS[words[0]], None, None)
    end: Optional[End] = None
    if len(words) >= 3 and words[-1] in ("end", "side") and words[-2] in ("left", "right"):
        words = words[:-1]  # "6-4 on the left end"
    if len(words) >= 2 and words[-1] in _END_WORDS:
        end = _END_WORDS[words[-1]]  # type: ignore[assignment]
        words = words[:-1]
        if len(words) >= 3 and words[-1] == "the" and words[-2] in ("on", "at", "to"):
            words = words[:-2]  # the engine's own "6-4 on the left"
    if words:
        try:
            return ("play", Tile.parse(" ".join(words)), end)
        except ValueError:
            pass
    raise InvalidMoveError(
        f"cannot read {excerpt(text)} as a move; write '6-4', '6-4 left', 'draw' or 'pass'", text)


def move_from_text(text: str) -> Move:
    """A move from text such as ``"6-4 left"``, ``"play 6-4 right"``, ``"draw"``, ``"pass"``.

    Without a position to look at, a play with no end is put on the "left"; use
    ``Round.parse_move`` to have the end worked out (and the move checked)."""
    action, tile, end = read_move_text(text)
    if action == "draw":
        return DRAW
    if action == "pass":
        return PASS
    return Play(tile, end or "left")  # type: ignore[arg-type]


class InvalidMoveError(ValueError):
    """Text (or an object) that cannot be read as a move at all: "6-x", "jump".

    ``given`` is what was passed."""

    def __init__(self, message: str, given: object = None):
        super().__init__(message)
        self.given = given

    def __reduce__(self) -> tuple[type[InvalidMoveError], tuple[str, None]]:
        return (type(self), (str(self), None))


#: Why a move is illegal: the ``code`` of an :class:`IllegalMoveError`.
ILLEGAL_CODES = (
    "hand-over",          # the hand has ended
    "not-your-turn",      # another seat is to move
    "not-a-move",         # not a Play, Draw or Pass
    "not-in-hand",        # the tile is not in the mover's hand
    "lead-restricted",    # the rules say which tile(s) may lead (R5)
    "no-match",           # the tile matches neither end (or not the end named)
    "draw-before-lead",   # nobody draws before the first tile
    "no-drawing",         # these rules have no drawing (the Block game)
    "boneyard-floor",     # only the tiles that must stay are left (R9)
    "boneyard-empty",     # nothing left to draw
    "draw-limit",         # the most a turn may draw has been drawn (R7)
    "draw-when-able",     # holding a playable tile, and the rules forbid drawing (R8)
    "pass-on-lead",       # the leader must lead
    "pass-playable",      # holding a playable tile
    "pass-must-draw",     # no playable tile, but a tile may be drawn
)


class _Words:
    """Who is meant by a seat in a sentence: "seat 2" by default, or a name; the name
    "You" speaks to the reader ("you hold", "your hand")."""

    def __init__(self, names: Optional[Sequence[str]]):
        self.names = names

    def _name(self, seat: Optional[int]) -> str:
        if seat is None:
            return "the player"
        if self.names is not None and 0 <= seat < len(self.names):
            return self.names[seat]
        return f"seat {seat}"

    def you(self, seat: Optional[int]) -> bool:
        return is_you(self._name(seat))

    def who(self, seat: Optional[int]) -> str:
        return "you" if self.you(seat) else self._name(seat)

    def whose(self, seat: Optional[int]) -> str:
        return "your" if self.you(seat) else f"{self._name(seat)}'s"

    def verb(self, seat: Optional[int], third: str, second: str) -> str:
        return second if self.you(seat) else third


def _tiles_text(tiles: Sequence[Tile]) -> str:
    return ", ".join(str(t) for t in tiles)


class IllegalMoveError(ValueError):
    """A move that the rules do not allow in this position.  The round is unchanged.

    ``code`` says why, as one of :data:`ILLEGAL_CODES` (so callers never read the English);
    ``move`` is the offending move (or whatever was passed), ``seat`` the seat it was for,
    ``ends`` the open ends at the time (``None`` before the first tile) and ``facts`` the
    numbers behind the reason (the tiles held, the floor...).  ``reason`` (and ``str()``)
    is the explanation about "seat N"; :meth:`explain` says it with the table's names,
    speaking to the reader when a name is "You".
    """

    def __init__(self, code: str, move: object = None, ends: Optional[tuple[int, int]] = None,
                 seat: Optional[int] = None, **facts: Any):
        if code not in ILLEGAL_CODES:
            raise ValueError(f"unknown illegal-move code {code!r}")
        self.code = code
        self.move = move
        self.ends = ends
        self.seat = seat
        self.facts = facts
        self.reason = self.explain()
        super().__init__(self.reason)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (_rebuild_illegal, (self.code, self.move, self.ends, self.seat, self.facts))

    def explain(self, names: Optional[Sequence[str]] = None) -> str:
        """The reason in words; ``names`` (one per seat) replaces "seat N"."""
        w = _Words(names)
        seat, f = self.seat, self.facts
        who = w.who(seat)
        code = self.code
        if code == "hand-over":
            return "the hand is over; no more moves"
        if code == "not-your-turn":
            yours = "yours" if w.you(seat) else w.whose(seat)
            return f"it is {w.whose(f['turn'])} turn, not {yours}"
        if code == "not-a-move":
            return (f"expected a move (Play(tile, end), Draw() or Pass()), got {excerpt(self.move)} "
                    f"of type {type(self.move).__name__}")
        if code == "not-in-hand":
            return f"{f['tile']} is not in {w.whose(seat)} hand ({_tiles_text(f['hand']) or 'empty'})"
        if code == "lead-restricted":
            return (f"{who} must lead with {_tiles_text(f['allowed'])} ({f['rule']}), "
                    f"not {f['tile']}")
        if code == "no-match":
            left, right = self.ends  # type: ignore[misc]
            if f.get("end") is None:
                return f"{f['tile']} matches neither end (the ends are {left} left and {right} right)"
            shows = left if f["end"] == "left" else right
            return (f"{f['tile']} does not match the {f['end']} end, which shows {shows} "
                    f"(the ends are {left} left and {right} right)")
        if code.startswith("draw") or code in ("no-drawing", "boneyard-floor", "boneyard-empty"):
            return f"{who} cannot draw: " + self._draw_reason(w)
        if code == "pass-on-lead":
            return f"{who} must lead; nobody passes on the lead"
        if code == "pass-playable":
            left, right = self.ends  # type: ignore[misc]
            return (f"{who} cannot pass while holding a playable tile ({_tiles_text(f['playable'])}); "
                    f"the ends are {left} left and {right} right")
        # pass-must-draw
        return (f"{who} cannot pass: {w.verb(seat, 'it has', 'you have')} no playable tile but must draw "
                f"({plural(f['drawable'], 'tile', words=False)} may still be drawn)")

    def _draw_reason(self, w: _Words) -> str:
        code, f, seat = self.code, self.facts, self.seat
        if code == "draw-before-lead":
            return "nobody draws before the first tile is led"
        if code == "no-drawing":
            return "these rules have no drawing"
        if code == "boneyard-floor":
            return f"the boneyard is down to the {plural(f['floor'], 'tile')} that must stay there"
        if code == "boneyard-empty":
            return "the boneyard is empty"
        if code == "draw-limit":
            return (f"{w.who(seat)} {w.verb(seat, 'has', 'have')} already drawn {f['drawn']}, "
                    "the most a turn allows")
        return (f"{w.who(seat)} {w.verb(seat, 'holds', 'hold')} a playable tile ({_tiles_text(f['playable'])}) "
                "and these rules forbid drawing when able to play")


def _rebuild_illegal(code: str, move: object, ends: Any, seat: Any, facts: dict[str, Any]) -> IllegalMoveError:
    return IllegalMoveError(code, move, ends, seat, **facts)


class AmbiguousMoveError(ValueError):
    """A play named without an end, for a tile that fits both ends differently: say which.

    ``tile`` is the tile and ``ends`` the open ends; ``moves`` the two plays it could be."""

    def __init__(self, tile: Tile, ends: tuple[int, int], moves: Sequence[Play]):
        super().__init__(f"{tile} fits both ends: choose the left end ({ends[0]}) or the right end ({ends[1]})")
        self.tile = tile
        self.ends = ends
        self.moves = tuple(moves)

    def __reduce__(self) -> tuple[type[AmbiguousMoveError], tuple[Any, ...]]:
        return (type(self), (self.tile, self.ends, self.moves))


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
