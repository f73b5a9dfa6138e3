"""Moves a seat can make, the error raised for an illegal one, and public events.

``Play``, ``Draw`` and ``Pass`` are interned value objects: ``Play("6-4", "left")`` is the
very object that ``Round.legal_moves()`` returns, so checking a move is an identity test.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Literal, NamedTuple, Optional, TypeVar, Union

from .i18n import _, ngettext, pgettext
from .tiles import Tile, TileLike
from .validate import PicklableError, excerpt
from .words import contract, count_in_words, is_you, seat_name

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

# Move words are read in English and in Spanish whatever the language of the texts, so a
# learner may answer in either and every text the engine writes reads back.
_END_WORDS = {"left": "left", "l": "left", "right": "right", "r": "right",
              "izquierda": "left", "izquierdo": "left", "izq": "left", "i": "left",
              "derecha": "right", "derecho": "right", "der": "right", "d": "right"}
#: Verbs before a play's tile, as a learner or the engine's narration writes them.
#: The words that make a play the lead (a subset of the verbs of a play).
LEAD_WORDS = frozenset({"lead", "leads", "led", "salgo", "sales", "sale", "salir", "salió", "saliste", "salí"})
#: Verbs before a play's tile, as a learner or the engine's narration writes them, in the
#: present and, for a hand told afterwards, the past ("played", "jugó").
_PLAY_WORDS = frozenset({"play", "plays", "played", "juego", "juegas", "juega", "jugar", "jugó", "jugaste", "jugué",
                         "pongo", "pone", "pones", "poner", "puso", "pusiste", "puse", *LEAD_WORDS})
#: Words between a Spanish verb and the tile: "salgo con el 6-4", "juego la 6-4".
_ES_BEFORE_TILE = frozenset({"con", "el", "la", "ficha"})
#: The words of a draw or a pass, in the present and, for a hand told afterwards, the past:
#: the one list every reader of a move (the table, the lessons, the analysis board) uses.
_OTHER_WORDS = {"draw": "draw", "draws": "draw", "drew": "draw", "drawn": "draw",
                "pass": "pass", "passes": "pass", "passed": "pass", "go": "pass",
                "robar": "draw", "robo": "draw", "robas": "draw", "roba": "draw", "robó": "draw",
                "robaste": "draw", "robé": "draw",
                "pasar": "pass", "paso": "pass", "pasas": "pass", "pasa": "pass", "pasó": "pass",
                "pasaste": "pass", "pasé": "pass"}
#: The words that begin a draw.
DRAW_WORDS = frozenset(word for word, action in _OTHER_WORDS.items() if action == "draw")
#: What may follow a Spanish draw: "robar del pozo", "roba del pozo".
_ES_FROM_BONEYARD = (["del", "pozo"], ["una", "ficha"], ["una", "ficha", "del", "pozo"])
#: Words before a Spanish end: "6-4 a la izquierda", "6-4 por el extremo derecho".
_ES_END_PHRASES = (("en", "el", "extremo"), ("por", "el", "extremo"), ("al", "extremo"), ("del", "lado"),
                   ("a", "la"), ("por", "la"), ("en", "la"), ("al", "lado"))


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
    "plays 6-4 on the right", "to draw", "passes"; in Spanish too: "6-4 a la izquierda",
    "juego 6-4 derecha", "salgo con el 6-6", "robar", "robar del pozo", "paso", "¡Paso!".
    Raises :class:`InvalidMoveError` for anything else; nothing here knows the position (see
    ``Round.parse_move``)."""
    if not isinstance(text, str):
        raise InvalidMoveError(_("expected a move written as text, got {given}").format(given=excerpt(text)), text)
    if len(text) > MAX_MOVE_TEXT:
        raise InvalidMoveError(
            _("cannot read {given} as a move: it is too long").format(given=excerpt(text)), text)
    words = text.strip().lower().replace(",", " ").rstrip(".!").lstrip("¡¿").split()
    if words[:1] == ["to"]:  # the review's "the best was to draw"
        words = words[1:]
    if words and words[0] in _PLAY_WORDS:
        spanish = words[0] not in ("play", "plays", "played", "lead", "leads", "led")
        words = words[1:]
        while spanish and len(words) > 1 and words[0] in _ES_BEFORE_TILE:
            words = words[1:]  # "salgo con el 6-6"
    if len(words) == 1 and words[0] in _OTHER_WORDS:
        return (_OTHER_WORDS[words[0]], None, None)
    if len(words) > 1 and _OTHER_WORDS.get(words[0]) == "draw" and words[1:] in _ES_FROM_BONEYARD:
        return ("draw", None, None)
    end: Optional[End] = None
    if len(words) >= 3 and words[-1] in ("end", "side") and words[-2] in ("left", "right"):
        words = words[:-1]  # "6-4 on the left end"
    if len(words) >= 2 and words[-1] in _END_WORDS:
        end = _END_WORDS[words[-1]]  # type: ignore[assignment]
        words = words[:-1]
        if len(words) >= 3 and words[-1] == "the" and words[-2] in ("on", "at", "to"):
            words = words[:-2]  # the engine's own "6-4 on the left"
        else:
            for phrase in _ES_END_PHRASES:  # "6-4 a la izquierda", "6-4 por el extremo derecho"
                if len(words) > len(phrase) and tuple(words[-len(phrase):]) == phrase:
                    words = words[:-len(phrase)]
                    break
    if words:
        try:
            return ("play", Tile.parse(" ".join(words)), end)
        except ValueError:
            pass
    raise InvalidMoveError(
        _("cannot read {given} as a move; write '6-4', '6-4 left', 'draw' or 'pass'").format(given=excerpt(text)),
        text)


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


class InvalidMoveError(PicklableError, ValueError):
    """Text (or an object) that cannot be read as a move at all: "6-x", "jump".

    ``given`` is what was passed."""

    def __init__(self, message: str, given: object = None):
        super().__init__(message)
        self.given = given



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
            return _("the player")
        if self.names is not None and 0 <= seat < len(self.names):
            return self.names[seat]
        return seat_name(seat)

    def you(self, seat: Optional[int]) -> bool:
        return is_you(self._name(seat))

    def who(self, seat: Optional[int]) -> str:
        return self._name(seat)


def _tiles_text(tiles: Sequence[Tile]) -> str:
    return ", ".join(str(t) for t in tiles)


class IllegalMoveError(ValueError):
    """A move that the rules do not allow in this position.  The round is unchanged.

    ``code`` says why, as one of :data:`ILLEGAL_CODES` (so callers never read the English);
    ``move`` is the offending move (or whatever was passed), ``seat`` the seat it was for,
    ``ends`` the open ends at the time (``None`` before the first tile) and ``facts`` the
    numbers behind the reason (the tiles held, the floor...).  ``reason`` (and ``str()``)
    is the explanation about "seat N", in the language of the moment it was raised;
    :meth:`explain` says it with the table's names, speaking to the reader when a name is
    "You", in the current language.
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
        """The reason in words; ``names`` (one per seat) replaces "seat N".  Each case is one
        whole sentence, in a form for "you" and one for a name."""
        w = _Words(names)
        seat, f = self.seat, self.facts
        you = w.you(seat)
        who = w.who(seat)
        code = self.code
        if code == "hand-over":
            return _("the hand is over; no more moves")
        if code == "not-your-turn":
            turn = f["turn"]
            if w.you(turn):
                text = _("it is your turn, not yours") if you else _("it is your turn, not {seat}'s")
            else:
                text = _("it is {turn}'s turn, not yours") if you else _("it is {turn}'s turn, not {seat}'s")
            return contract(text.format(turn=w.who(turn), seat=who))
        if code == "not-a-move":
            return _("expected a move (Play(tile, end), Draw() or Pass()), got {given} of type {kind}").format(
                given=excerpt(self.move), kind=type(self.move).__name__)
        if code == "not-in-hand":
            hand = _tiles_text(f["hand"]) or pgettext("hand", "empty")
            text = _("{tile} is not in your hand ({hand})") if you else _("{tile} is not in {who}'s hand ({hand})")
            return text.format(tile=f["tile"], who=who, hand=hand)
        if code == "lead-restricted":
            text = (_("you must lead with {allowed} ({rule}), not {tile}") if you
                    else _("{who} must lead with {allowed} ({rule}), not {tile}"))
            return text.format(who=who, allowed=_tiles_text(f["allowed"]), rule=f["rule"], tile=f["tile"])
        if code == "no-match":
            left, right = self.ends  # type: ignore[misc]
            if f.get("end") is None:
                return _("{tile} matches neither end (the ends are {left} left and {right} right)").format(
                    tile=f["tile"], left=left, right=right)
            if f["end"] == "left":
                text = _("{tile} does not match the left end, which shows {shows} "
                         "(the ends are {left} left and {right} right)")
            else:
                text = _("{tile} does not match the right end, which shows {shows} "
                         "(the ends are {left} left and {right} right)")
            return text.format(tile=f["tile"], shows=left if f["end"] == "left" else right, left=left, right=right)
        if code.startswith("draw") or code in ("no-drawing", "boneyard-floor", "boneyard-empty"):
            text = _("you cannot draw: {reason}") if you else _("{who} cannot draw: {reason}")
            return text.format(who=who, reason=self._draw_reason(w))
        if code == "pass-on-lead":
            text = (_("you must lead; nobody passes on the lead") if you
                    else _("{who} must lead; nobody passes on the lead"))
            return text.format(who=who)
        if code == "pass-playable":
            left, right = self.ends  # type: ignore[misc]
            text = (_("you cannot pass while holding a playable tile ({tiles}); the ends are {left} left and "
                      "{right} right") if you
                    else _("{who} cannot pass while holding a playable tile ({tiles}); the ends are {left} left "
                           "and {right} right"))
            return text.format(who=who, tiles=_tiles_text(f["playable"]), left=left, right=right)
        # pass-must-draw
        n = f["drawable"]
        if you:
            text = ngettext("you cannot pass: you have no playable tile but must draw ({count} tile may still be "
                            "drawn)",
                            "you cannot pass: you have no playable tile but must draw ({count} tiles may still be "
                            "drawn)", n)
        else:
            text = ngettext("{who} cannot pass: it has no playable tile but must draw ({count} tile may still be "
                            "drawn)",
                            "{who} cannot pass: it has no playable tile but must draw ({count} tiles may still be "
                            "drawn)", n)
        return text.format(who=who, count=n)

    def _draw_reason(self, w: _Words) -> str:
        code, f, seat = self.code, self.facts, self.seat
        you = w.you(seat)
        if code == "draw-before-lead":
            return _("nobody draws before the first tile is led")
        if code == "no-drawing":
            return _("these rules have no drawing")
        if code == "boneyard-floor":
            floor = f["floor"]
            return ngettext("the boneyard is down to the one tile that must stay there",
                            "the boneyard is down to the {count} tiles that must stay there",
                            floor).format(count=count_in_words(floor))
        if code == "boneyard-empty":
            return _("the boneyard is empty")
        if code == "draw-limit":
            text = (_("you have already drawn {drawn}, the most a turn allows") if you
                    else _("{who} has already drawn {drawn}, the most a turn allows"))
            return text.format(who=w.who(seat), drawn=f["drawn"])
        text = (_("you hold a playable tile ({tiles}) and these rules forbid drawing when able to play") if you
                else _("{who} holds a playable tile ({tiles}) and these rules forbid drawing when able to play"))
        return text.format(who=w.who(seat), tiles=_tiles_text(f["playable"]))


def _rebuild_illegal(code: str, move: object, ends: Any, seat: Any, facts: dict[str, Any]) -> IllegalMoveError:
    return IllegalMoveError(code, move, ends, seat, **facts)


class AmbiguousMoveError(ValueError):
    """A play named without an end, for a tile that fits both ends differently: say which.

    ``tile`` is the tile and ``ends`` the open ends; ``moves`` the two plays it could be."""

    def __init__(self, tile: Tile, ends: tuple[int, int], moves: Sequence[Play]):
        super().__init__(_("{tile} fits both ends: choose the left end ({left}) or the right end ({right})").format(
            tile=tile, left=ends[0], right=ends[1]))
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
