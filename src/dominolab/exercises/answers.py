"""Reading a learner's answer: one fair reader for every exercise.

Each exercise says what kind of answer it expects, for example ``Number(places=3)`` or
``Set(of=TileAnswer())``.  The kind *reads* whatever the learner typed into a plain value
(a rounded number, a bool, a tile, a tuple, a frozenset), so that the expected answer, the
learner's answer and the wrong answers that have their own nudge are all compared in the
same way:

* numbers as numbers or as text (``23``, ``"23"``, ``" 0.381 "``, ``"8/21"``, and
  ``"38.1%"`` where a share is asked), compared at the precision the question states;
* booleans as ``True``/``False`` or as text (``"true"``, ``"No"``);
* names regardless of case, spaces, hyphens and underscores (``"Suit control"``);
* tiles as ``Tile(6, 4)``, ``"6-4"``, ``"4-6"`` or ``(6, 4)``; moves as ``Play`` or text;
* sequences as a list, a tuple or text; sets (where order does not matter) also as a set;
* code (a function or a class the learner writes) by running it on cases the engine answers.

An answer of the wrong kind gets a plain sentence ("expected a whole number, such as 12; got
a list"), never a Python error.  Reading never raises anything but :class:`Unreadable`
(the exercise turns any other failure into the same plain sentence) and never hangs:
iterables are read up to :data:`MAX_ITEMS` items, texts longer than :data:`MAX_TEXT`
characters are refused before they are looked at, and huge numbers are never converted to
text.
"""

from __future__ import annotations

import ast
import itertools
import math
import numbers
import operator
import re
import types
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Optional

from ..i18n import N_, _, ngettext, pgettext, said
from ..moves import DRAW, PASS, Draw, Move, Pass, Play, move_from_text, read_move_text
from ..tiles import Tile
from ..words import list_or

if TYPE_CHECKING:
    from ..view import View

__all__ = [
    "MAX_ITEMS",
    "MAX_TEXT",
    "PASSES",
    "Boolean",
    "Choice",
    "Code",
    "Integer",
    "Kind",
    "MoveAnswer",
    "Number",
    "Sequence",
    "Set",
    "TileAnswer",
    "Unreadable",
    "describe",
    "whole_number",
]

#: The most items read from a list, set or other iterable (``itertools.repeat(True)`` is endless).
MAX_ITEMS = 100
#: The longest text read as an answer.
MAX_TEXT = 1000
#: Ints longer than this many bits are too big to be an answer; they are never turned into text.
_MAX_BITS = 256


class Unreadable(Exception):
    """An answer of the wrong kind.  ``message`` is a sentence for the learner."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


# --- describing what the learner gave, safely -------------------------------------------

_CONTAINERS = {list: N_("a list"), tuple: N_("a tuple"), set: N_("a set"), frozenset: N_("a set"),
               dict: N_("a dict"), range: N_("a range")}


def _name_of(thing: Any) -> str:
    name = getattr(thing, "__name__", "")
    return name if isinstance(name, str) and name.isidentifier() and len(name) <= 40 else "(unnamed)"


def describe(answer: Any) -> str:
    """A short phrase for an answer ("the text 'abc'", "a list"), safe for any object.

    It never calls the answer's own ``__repr__``, ``__str__`` or ``__eq__`` (they may raise
    or take forever), except for the engine's tiles and moves.
    """
    try:
        if answer is True or answer is False or answer is None:
            return repr(answer)
        cls = type(answer)
        if cls is int or (isinstance(answer, int) and not isinstance(answer, bool)):
            value = int(answer)
            if value.bit_length() > 64:
                return _("a number with about {digits} digits").format(digits=int(value.bit_length() * 0.30103) + 1)
            return _("the number {value}").format(value=value)
        if isinstance(answer, float):
            if math.isnan(answer):
                return _("nan (not a number)")
            return _("the number {value}").format(value=float.__repr__(float(answer)))
        if isinstance(answer, (Decimal, Fraction)):
            text = str(answer)
            return _("the number {value}").format(value=text) if len(text) <= 40 else _("a very long number")
        if isinstance(answer, str):
            text = str.__str__(answer)
            if not text.strip():
                return _("an empty text") if not text else _("a text of spaces")
            if len(text) <= 40:
                return _("the text {text}").format(text=repr(text))
            return _("a text of {count} characters").format(count=len(text))
        if isinstance(answer, (bytes, bytearray)):
            return _("bytes")
        if isinstance(answer, Tile):
            return _("the tile {tile}").format(tile=answer)
        if isinstance(answer, (Play, Draw, Pass)):
            return _("the move '{move}'").format(move=_move_words(answer))
        for container, name in _CONTAINERS.items():
            if isinstance(answer, container):
                return _(name)
        if isinstance(answer, type):
            return _("the class {name}").format(name=_name_of(answer))
        if isinstance(answer, (types.FunctionType, types.BuiltinFunctionType, types.MethodType)):
            return _("the function {name} itself; to use its result, call it with ( )").format(name=_name_of(answer))
        if cls is object:
            return _("a plain object")
        return _("an object of type {name}").format(name=_name_of(cls))
    except Exception:
        return _("an answer of an unknown kind")


def _move_words(move: Move) -> str:
    """A move as :class:`Play`'s ``str`` writes it ("play 6-4 left", "draw"), in the current language."""
    if isinstance(move, Draw):
        return pgettext("move", "draw")
    if isinstance(move, Pass):
        return pgettext("move", "pass")
    if move.end == "left":
        return pgettext("move", "play {tile} left").format(tile=move.tile)
    return pgettext("move", "play {tile} right").format(tile=move.tile)


def _show_move(move: Move) -> str:
    """A move in quotes as a learner types it: '6-4 left', 'draw', in the current language."""
    if move is DRAW or isinstance(move, Draw):
        return pgettext("move", "'draw'")
    if move is PASS or isinstance(move, Pass):
        return pgettext("move", "'pass'")
    if move.end == "left":
        return pgettext("move", "'{tile} left'").format(tile=move.tile)
    return pgettext("move", "'{tile} right'").format(tile=move.tile)


# --- reading helpers ----------------------------------------------------------------------

def _text(answer: str, kind: Kind) -> str:
    """The text of an answer, stripped of spaces and of quotes around it (never empty)."""
    if len(answer) > MAX_TEXT:
        raise Unreadable(_("that text is too long to be an answer ({count} characters).").format(count=len(answer)))
    text = str(answer).strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        text = text[1:-1].strip()
    if not text:
        raise Unreadable(_("expected {expects}; got {given}: write the answer between the quotes.").format(
            expects=kind.expects, given=describe(answer)))
    return text


def _quoted(text: str) -> str:
    """A learner's text in quotes, cut short if long."""
    return repr(text) if len(text) <= 40 else repr(text[:37] + "...")


def _items(answer: Any, kind: Kind) -> list[Any]:
    """At most MAX_ITEMS items of an iterable answer."""
    try:
        iterator = iter(answer)
    except Exception:
        raise kind.wrong_kind(answer) from None
    try:
        items = list(itertools.islice(iterator, MAX_ITEMS + 1))
    except Exception:
        raise kind.wrong_kind(answer) from None
    if len(items) > MAX_ITEMS:
        raise Unreadable(_("expected {what}; got {given} with more than {count} items.").format(
            what=kind.said_what, given=describe(answer), count=MAX_ITEMS))
    return items


def _is_numpy_bool(answer: Any) -> bool:
    cls = type(answer)
    return getattr(cls, "__module__", "") == "numpy" and getattr(cls, "__name__", "") in ("bool_", "bool")


class Kind:
    """What an exercise expects.  Subclasses say how to read an answer and show a value.

    ``read(answer)`` returns a plain value to compare with ``==`` (and to hash), or raises
    :class:`Unreadable`.  ``show(value)`` writes a value back as a learner would type it.
    ``near(answer, expected_answer)`` may return a nudge about the *form* of a readable answer
    that is not right (too few decimal places, the right items in the wrong order); it blames
    nobody and never gives the right answer away.
    """

    #: What the kind is, after "expected": "a whole number" (English; said translated).
    what = N_("an answer")
    #: The same in the plural, for lists of them: "whole numbers".
    plural = N_("answers")
    #: An example answer, after "such as"; "" for none.
    example = ""

    def read(self, answer: Any) -> Any:
        raise NotImplementedError

    def show(self, value: Any) -> str:
        return str(value)

    def near(self, answer: Any, expected_answer: Any) -> Optional[str]:
        return None

    def attempted(self, answer: Any) -> bool:
        """False for an answer that is still the lesson's blank (beyond ``...``): an
        unwritten function, for one.  Never raises."""
        return True

    @property
    def said_what(self) -> str:
        """:attr:`what` in the current language."""
        return _(self.what)

    @property
    def said_plural(self) -> str:
        """:attr:`plural` in the current language."""
        return _(self.plural)

    @property
    def expects(self) -> str:
        """What follows "expected" in a message: 'a whole number, such as 12'."""
        if not self.example:
            return self.said_what
        return _("{what}, such as {example}").format(what=self.said_what, example=_(self.example))

    def wrong_kind(self, answer: Any) -> Unreadable:
        return Unreadable(_("expected {expects}; got {given}.").format(expects=self.expects, given=describe(answer)))


# --- numbers ------------------------------------------------------------------------------

_DECIMAL_TEXT = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d{1,4})?")
_FRACTION_TEXT = re.compile(r"([+-]?\d{1,30})\s*/\s*(\d{1,30})")
#: A number written with a decimal comma: "0,38", "12,5".  Not "1,000" nor "2,125", which may be
#: a thousands separator: those stay unreadable, as they were.
_DECIMAL_COMMA_TEXT = re.compile(r"[+-]?(?:0?,\d+|\d+,(?:\d{1,2}|\d{4,}))")


class Number(Kind):
    """A number, compared after rounding to ``places`` decimal places (half up).

    Any answer that rounds to the same value is right, so an answer with more digits is
    right too.  With ``percent=True`` (a share) the text ``"38.1%"`` reads as 0.381.
    """

    plural = N_("numbers")

    def __init__(self, places: int, *, percent: bool = False, example: Optional[str] = None):
        if isinstance(places, bool) or not isinstance(places, int) or not 0 <= places <= 12:
            raise ValueError(f"places must be a whole number from 0 to 12, got {places!r}")
        self.places = places
        self.percent = percent
        self.quantum = Decimal(1).scaleb(-places)
        self.what = "a number" if places == 0 else \
            f"a number to {places} decimal place{'s' if places != 1 else ''}"
        self._example = example
        self.example = self._default_example() if example is None else example

    def _default_example(self) -> str:
        example = "0.125"[:2 + self.places] if self.places else "12"
        if self.percent and self.places >= 3:
            return _("{example} or '12.5%'").format(example=example)
        return example

    @property
    def said_what(self) -> str:
        if self.places == 0:
            return _("a number")
        return ngettext("a number to {places} decimal place", "a number to {places} decimal places",
                        self.places).format(places=self.places)

    @property
    def expects(self) -> str:
        example = self._default_example() if self._example is None else _(self._example)
        if not example:
            return self.said_what
        return _("{what}, such as {example}").format(what=self.said_what, example=example)

    def exact(self, answer: Any) -> Decimal:
        """The answer as a finite Decimal, not yet rounded."""
        if isinstance(answer, bool) or _is_numpy_bool(answer):
            raise self.wrong_kind(answer)
        if isinstance(answer, str):
            return self._from_text(answer)
        if isinstance(answer, Decimal):
            value = answer
        elif isinstance(answer, numbers.Integral):
            whole = operator.index(answer)
            if whole.bit_length() > _MAX_BITS:
                raise Unreadable(_("{given} is far too large to be the answer.").format(given=describe(answer)))
            value = Decimal(whole)
        elif isinstance(answer, numbers.Rational):
            value = self._divide(operator.index(answer.numerator), operator.index(answer.denominator))
        elif isinstance(answer, numbers.Real):
            real = float(answer)
            if not math.isfinite(real):
                raise self.wrong_kind(answer)
            value = Decimal(float.__repr__(real))
        else:
            raise self.wrong_kind(answer)
        if not value.is_finite():
            raise self.wrong_kind(answer)
        return value

    def _divide(self, top: int, bottom: int) -> Decimal:
        if bottom == 0:
            raise Unreadable(_("a fraction cannot have 0 below the line."))
        if max(top.bit_length(), bottom.bit_length()) > _MAX_BITS:
            raise Unreadable(_("that fraction is far too large to be the answer."))
        with localcontext() as context:
            context.prec = 60
            return Decimal(top) / Decimal(bottom)

    def _from_text(self, answer: str) -> Decimal:
        text = _text(answer, self)
        share = text.endswith("%")
        if share:
            text = text[:-1].strip()
            if not self.percent:
                raise Unreadable(_("expected {expects}, without a {sign} sign; got {given}.").format(
                    expects=self.expects, sign="%", given=describe(answer)))
        if _DECIMAL_COMMA_TEXT.fullmatch(text):
            text = text.replace(",", ".")  # "0,38": the decimal comma of Spanish and most of the world
        fraction = _FRACTION_TEXT.fullmatch(text)
        if fraction:
            value = self._divide(int(fraction.group(1)), int(fraction.group(2)))
        elif _DECIMAL_TEXT.fullmatch(text):
            value = Decimal(text)
        else:
            raise self.wrong_kind(answer)
        if share:
            value = value.scaleb(-2)
        return value

    def _round(self, value: Decimal) -> Decimal:
        if abs(value) >= 10**30:  # far from any answer; quantize would need too many digits
            return value
        with localcontext() as context:
            context.prec = 80
            return value.quantize(self.quantum, rounding=ROUND_HALF_UP)

    def read(self, answer: Any) -> Decimal:
        try:
            return self._round(self.exact(answer))
        except (ArithmeticError, ValueError, TypeError, OverflowError):
            raise self.wrong_kind(answer) from None

    def show(self, value: Decimal) -> str:
        return str(value)

    def near(self, answer: Any, expected_answer: Any) -> Optional[str]:
        try:
            exact, expected = self.exact(answer), self.exact(expected_answer)
        except Exception:
            return None
        if self.percent and 1 < exact <= 100:
            return _("a share is a number between 0 and 1: if you meant {value}%, write {share} or the text "
                     "'{value}%'.").format(value=exact, share=exact.scaleb(-2))
        exponent = exact.as_tuple().exponent
        places = -exponent if isinstance(exponent, int) and exponent < 0 else 0
        with localcontext() as context:
            context.prec = 80
            if 1 <= places < self.places and \
                    expected.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP) == exact:
                return ngettext("{value} agrees with the answer to {places} decimal place; the question asks "
                                "for {asked}.",
                                "{value} agrees with the answer to {places} decimal places; the question asks "
                                "for {asked}.", places).format(value=exact, places=places, asked=self.places)
            if places == self.places and abs(exact) < 10**30 and abs(expected) < 10**30 and \
                    exact.quantize(self.quantum, rounding=ROUND_DOWN) == \
                    expected.quantize(self.quantum, rounding=ROUND_DOWN):
                return _("close: round to {places} decimal places rather than cutting the number short.").format(
                    places=self.places)
        return None


# --- whole numbers, booleans, names ------------------------------------------------------

_INTEGER_TEXT = re.compile(r"[+-]?\d{1,100}(?:\.0*|,0{1,2})?")
#: A seat named before its number: "seat 2", "asiento 2", "el asiento 2" (the number is read).
_SEAT_TEXT = re.compile(r"(?:seat|(?:el\s+)?asiento)(?:\s+|(?=[+-]?\d))(?=\S)", re.IGNORECASE)


#: Numbers a Spanish speaker may write in words where figures are read ("dos"): nudged to figures.
_SPANISH_NUMBER_WORDS = {word: n for n, word in enumerate(
    "cero uno dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince".split())}
_SPANISH_NUMBER_WORDS.update({"un": 1, "una": 1, "blanco": 0})


class Integer(Kind):
    """A whole number, compared exactly: ``23``, ``23.0``, ``"23"``; also ``"23,0"`` (a decimal
    comma) and a seat's number with its name, ``"seat 2"`` or ``"asiento 2"``."""

    what = N_("a whole number")
    plural = N_("whole numbers")

    def __init__(self, *, example: str = "12"):
        self.example = example

    def read(self, answer: Any) -> int:
        if isinstance(answer, bool) or _is_numpy_bool(answer):
            raise self.wrong_kind(answer)
        if isinstance(answer, str):
            text = _text(answer, self)
            seat = _SEAT_TEXT.match(text)
            if seat:
                text = text[seat.end():]
            if not _INTEGER_TEXT.fullmatch(text):
                spelled = _SPANISH_NUMBER_WORDS.get(text.strip().casefold())
                if spelled is not None:
                    raise Unreadable(_("write the number in figures: {number}, not {given}.").format(
                        number=spelled, given=_quoted(text)))
                raise self.wrong_kind(answer)
            return int(re.split(r"[.,]", text)[0])
        if isinstance(answer, numbers.Integral):
            whole = operator.index(answer)
            if whole.bit_length() > _MAX_BITS:
                raise Unreadable(_("{given} is far too large to be the answer.").format(given=describe(answer)))
            return whole
        if isinstance(answer, (numbers.Real, Decimal)):
            try:
                exact = Number(places=0).exact(answer)
            except Unreadable:
                raise self.wrong_kind(answer) from None
            if exact != exact.to_integral_value():
                raise Unreadable(_("expected {expects}; {given} is not a whole number.").format(
                    expects=self.expects, given=describe(answer)))
            if abs(exact) >= 10**30:
                raise Unreadable(_("{given} is far too large to be the answer.").format(given=describe(answer)))
            return int(exact)
        raise self.wrong_kind(answer)


_BOOLEAN_WORDS = {"true": True, "yes": True, "false": False, "no": False,
                  "sí": True, "si": True, "verdadero": True, "cierto": True, "falso": False}
#: The Spanish words alone, also read with the marks around them: "¡Sí!", "no.".
_SPANISH_BOOLEAN_WORDS = {"sí": True, "si": True, "no": False, "verdadero": True, "cierto": True,
                          "falso": False, "verdad": True}


class Boolean(Kind):
    """``True`` or ``False``; also the text "true", "false", "yes" or "no" in any case, and in
    Spanish "sí" (or "si"), "no", "verdadero", "cierto", "verdad", "falso" (also "¡Sí!", "no.")."""

    what = N_("True or False")
    plural = N_("True/False values")

    def read(self, answer: Any) -> bool:
        if answer is True or answer is False:
            return answer
        if isinstance(answer, bool) or _is_numpy_bool(answer):
            return bool(answer)
        if isinstance(answer, str):
            text = _text(answer, self).casefold()
            value = _BOOLEAN_WORDS.get(text)
            if value is None:
                value = _SPANISH_BOOLEAN_WORDS.get(text.strip("¡!¿?. "))
            if value is not None:
                return value
        raise self.wrong_kind(answer)


def _name_key(text: str) -> str:
    return re.sub(r"[\s_\-'\"`()\[\].,:;]+", "", text.casefold())


#: Words a Spanish speaker puts before a choice's letter or name: "la b", "la opción b",
#: "respuesta c", "el blocking".
_SPANISH_BEFORE_CHOICE = re.compile(r"^(?:(?:la|el|una|un|opci[oó]n|respuesta|letra)\s+)+", re.IGNORECASE)


class Choice(Kind):
    """One of a few names, read regardless of case, spaces, hyphens, underscores, quotes and
    brackets: ``"Suit control"`` is ``"suit_control"``, ``"(b)"`` is ``"b"``.

    ``aliases`` maps other names to one of ``names``.  ``unknown`` is the message for a name
    that is not a choice; ``{answer}`` in it stands for the name given, in quotes.  ``what``
    replaces "one of 'a', 'b' or 'c'" in messages, for long lists of names.
    """

    plural = N_("names")

    def __init__(self, names: Iterable[str], *, aliases: Optional[Mapping[str, str]] = None,
                 unknown: Optional[str] = None, what: Optional[str] = None, example: str = ""):
        self.names = tuple(names)
        if not self.names:
            raise ValueError("a choice needs at least one name")
        self._lookup: dict[str, str] = {}
        for name, official in [*((n, n) for n in self.names), *(aliases or {}).items()]:
            key = _name_key(name)
            if official not in self.names:
                raise ValueError(f"alias {name!r} is for {official!r}, which is not a choice")
            if self._lookup.get(key, official) != official:
                raise ValueError(f"{name!r} reads the same as {self._lookup[key]!r}")
            self._lookup[key] = official
        quoted = [f"'{n}'" for n in self.names]
        listing = quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]
        self._given_what = what
        self.what = what or (f"one of {listing}" if len(quoted) > 1 else listing)
        self.example = example
        self.unknown = unknown

    @property
    def said_what(self) -> str:
        if self._given_what:
            return _(self._given_what)
        quoted = [f"'{n}'" for n in self.names]
        return _("one of {names}").format(names=list_or(quoted)) if len(quoted) > 1 else quoted[0]

    def read(self, answer: Any) -> str:
        if not isinstance(answer, str):
            raise Unreadable(_("expected {expects} (as text, in quotes); got {given}.").format(
                expects=self.expects, given=describe(answer)))
        text = _text(answer, self)
        official = self._lookup.get(_name_key(text))
        if official is None and _SPANISH_BEFORE_CHOICE.match(text):
            official = self._lookup.get(_name_key(_SPANISH_BEFORE_CHOICE.sub("", text)))
        if official is None:
            if self.unknown is not None:
                raise Unreadable(said(self.unknown).replace("{answer}", _quoted(text)))
            raise self.wrong_kind(answer)
        return official

    def show(self, value: str) -> str:
        return f"'{value}'"


# --- tiles and moves ----------------------------------------------------------------------

class TileAnswer(Kind):
    """A tile: ``Tile(6, 4)``, ``"6-4"``, ``"4-6"``, ``"6|4"``, ``(6, 4)`` or ``[6, 4]``."""

    what = N_("a tile")
    plural = N_("tiles")

    def __init__(self, *, example: str = N_("'6-4' or (6, 4)")):
        self.example = example

    def read(self, answer: Any) -> Tile:
        if isinstance(answer, Tile):
            return answer
        try:
            if isinstance(answer, str):
                return Tile.parse(_text(answer, self))
            if isinstance(answer, (tuple, list)) and len(answer) == 2:
                if not any(isinstance(h, bool) for h in answer):
                    halves = [operator.index(h) for h in answer]
                    if all(h.bit_length() < 16 for h in halves):
                        return Tile(*halves)
        except (ValueError, TypeError):
            pass
        raise self.wrong_kind(answer)

    def show(self, value: Tile) -> str:
        return f"'{value}'"

    def wrong_kind(self, answer: Any) -> Unreadable:
        return _wrong_kind_unquoted(self, answer)


def _wrong_kind_unquoted(kind: Kind, answer: Any) -> Unreadable:
    """Expected a tile or a move, got something else; a whole number gets its own remark."""
    if _unquoted(answer):
        return Unreadable(_("expected {expects}; got {given}. A tile typed without quotes, such as 5-1, is a "
                            "subtraction in Python: put it in quotes, '5-1'.").format(
            expects=kind.expects, given=describe(answer)))
    return Unreadable(_("expected {expects}; got {given}.").format(expects=kind.expects, given=describe(answer)))


def _unquoted(answer: Any) -> str:
    """A remark for a whole number given where a tile is expected: ``5-1`` typed without
    quotes is a subtraction, and Python hands over its result."""
    if isinstance(answer, int) and not isinstance(answer, bool) and -20 <= answer <= 20:
        return (" A tile typed without quotes, such as 5-1, is a subtraction in Python: "
                "put it in quotes, '5-1'.")
    return ""


class MoveAnswer(Kind):
    """A move: ``Play("6-4", "left")``, ``Draw()``, ``Pass()``, a ``Tile``, or the text
    ``"6-4 left"``, ``"lead 6-4"``, ``"draw"``, ``"pass"`` and the engine's own wording
    (``"6-4 on the left"``).

    Given the ``position`` the move is made in (a function returning the view), a tile
    written without an end goes where it fits, if it fits only one end, and a lead or a
    play on equal ends counts the same on either end: the engine's legal moves decide."""

    what = N_("a move")
    plural = N_("moves")

    def __init__(self, *, example: str = N_("'6-4 left', 'draw' or 'pass'"),
                 position: Optional[Callable[[], View]] = None):
        self.example = example
        self.position = position

    def read(self, answer: Any) -> Move:
        if isinstance(answer, (Play, Draw, Pass)):
            return self._placed(answer, answer.end if isinstance(answer, Play) else None)
        if isinstance(answer, Tile):  # the tile alone, as "6-4" would be
            return self._placed(Play(answer, "left"), None)
        if isinstance(answer, str):
            try:
                text = _text(answer, self)
                action, _, end = read_move_text(text)
                move = move_from_text(text)
            except (ValueError, TypeError):
                pass
            else:
                return self._placed(move, end if action == "play" else None)
        raise self.wrong_kind(answer)

    def _placed(self, move: Move, end: Optional[str]) -> Move:
        """The move as the position's legal moves write it (see the class docstring)."""
        if self.position is None or not isinstance(move, Play):
            return move
        view = self.position()
        same_tile = [m for m in view.legal if isinstance(m, Play) and m.tile == move.tile]
        if not same_tile:
            return move  # not legal here: judged (and nudged) as given
        if view.ends is None or view.ends[0] == view.ends[1]:
            return same_tile[0]  # a lead, or equal ends: either end makes the same line
        if end is None:
            if len(same_tile) > 1:
                raise Unreadable(_("{tile} fits both ends here: write '{tile} left' or '{tile} right'.").format(
                    tile=move.tile))
            return same_tile[0]
        return move

    def wrong_kind(self, answer: Any) -> Unreadable:
        return _wrong_kind_unquoted(self, answer)

    def show(self, value: Any) -> str:
        return _show_move(value)


def whole_number(value: Any) -> Optional[int]:
    """``value`` as a whole number when it is exactly one (``25``, ``25.0``), else ``None``.

    For the results of a learner's code: text (``"25"``), booleans and numbers with a
    fraction (``25.5``) are not whole numbers, so a function that returns them is not right
    by accident of a conversion."""
    if isinstance(value, bool) or _is_numpy_bool(value):
        return None
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, (numbers.Real, Decimal)):
        try:
            exact = Fraction(value)  # type: ignore[arg-type]
        except (TypeError, ValueError, OverflowError):
            return None
        return int(exact) if exact.denominator == 1 else None
    return None


# --- sequences and sets -------------------------------------------------------------------

#: The Spanish "and" before a list's last item: "5-1, 2-2 y 2-0" ("e" before an "i" sound).
_LAST_AND = re.compile(r"\s+[ye]\s+", re.IGNORECASE)


class Sequence(Kind):
    """Several answers of one kind ``of``.

    ``ordered=True``: a list or tuple (or text such as ``"0, 0"``), compared item by item;
    a set is refused because it has no order.  ``ordered=False``: a set, list or tuple (a
    dict counts by its keys), compared as a set.  ``length`` fixes the number of items of an
    ordered answer; ``order`` says in words what comes first ("seat 0 first").
    """

    def __init__(self, of: Kind, *, ordered: bool = True, length: Optional[int] = None,
                 order: str = "", example: str = ""):
        self.of = of
        self.ordered = ordered
        self.length = length
        self.order = order
        count = f"{length} " if length is not None else ""
        if ordered:
            self.what = f"a list or tuple of {count}{of.plural}" + (f" ({order})" if order else "")
        else:
            self.what = f"a set of {of.plural}"
        self.plural = f"{'lists' if ordered else 'sets'} of {of.plural}"
        self.example = example

    @property
    def said_what(self) -> str:
        of = self.of.said_plural
        if not self.ordered:
            return _("a set of {plural}").format(plural=of)
        if self.length is None:
            text = _("a list or tuple of {plural}").format(plural=of)
        else:
            text = _("a list or tuple of {count} {plural}").format(count=self.length, plural=of)
        return _("{what} ({order})").format(what=text, order=_(self.order)) if self.order else text

    @property
    def said_plural(self) -> str:
        of = self.of.said_plural
        return (_("lists of {plural}") if self.ordered else _("sets of {plural}")).format(plural=of)

    def _collection(self, answer: Any) -> list[Any]:
        if isinstance(answer, str):
            text = _text(answer, self)
            if text[:1] in "[({" and text[-1:] in "])}":
                try:
                    value = ast.literal_eval(text)
                except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                    value = None
                if isinstance(value, (list, tuple, set, frozenset, dict)):
                    return self._collection(value)
                text = text[1:-1]
            if isinstance(self.of, Number) and re.search(r"\d,\d", text):
                text = re.sub(r",\s+", ";", text)  # "0,5, 0,25": decimal commas, items apart by ", "
                text = _LAST_AND.sub(";", text)
            else:
                text = _LAST_AND.sub(";" if ";" in text else ",", text)  # "5-1, 2-2 y 2-0"
            if ";" in text:  # "0,5; 0,25": decimal commas, items apart by semicolons
                return [part for part in text.split(";") if part.strip()]
            parts = text.split(",") if "," in text else text.split()
            return [part for part in parts if part.strip()]
        if isinstance(answer, (bytes, bytearray)):
            raise self.wrong_kind(answer)
        if isinstance(answer, Mapping) or isinstance(answer, dict):
            if self.ordered:
                raise self.wrong_kind(answer)
            return _items(answer, self)
        if self.ordered and isinstance(answer, (set, frozenset)):
            raise Unreadable(_("order matters here, and a set has none: expected {expects}.").format(
                expects=self.expects))
        return _items(answer, self)

    def _read_items(self, items: list[Any]) -> list[Any]:
        values = []
        for number, item in enumerate(items, 1):
            try:
                values.append(self.of.read(item))
            except Unreadable as problem:
                where = (_("item {number}: {problem}") if self.ordered
                         else _("one of the items: {problem}"))
                raise Unreadable(where.format(number=number, problem=problem.message)) from None
        return values

    def read(self, answer: Any) -> Any:
        items: list[Any] = []
        try:
            items = self._collection(answer)
            values = self._read_items(items)
        except Unreadable as problem:
            if isinstance(answer, str) and len(items) == 1:
                raise self.wrong_kind(answer) from None  # "xyz" is not a list of one bad item
            if isinstance(answer, (str, bytes, bytearray)):
                raise
            # A lone item where a set or list was expected: (6, 1) for a set of tiles.
            try:
                values = [self.of.read(answer)]
            except Exception:
                raise problem from None
        if not self.ordered:
            return frozenset(values)
        if self.length is not None and len(values) != self.length:
            raise Unreadable(ngettext("expected {expects}; got {count} item.", "expected {expects}; got {count} items.",
                                      len(values)).format(expects=self.expects, count=len(values)))
        return tuple(values)

    def show(self, value: Any) -> str:
        if self.ordered:
            shown = [self.of.show(v) for v in value]
            return "(" + ", ".join(shown) + ("," if len(shown) == 1 else "") + ")"
        try:
            ordered = sorted(value)
        except TypeError:  # moves have no order: sort by how they are shown, so the text is stable
            ordered = sorted(value, key=self.of.show)
        return "{" + ", ".join(self.of.show(v) for v in ordered) + "}" if ordered else "set()"

    def near(self, answer: Any, expected_answer: Any) -> Optional[str]:
        given, expected = self.read(answer), self.read(expected_answer)
        if self.ordered and given != expected and Counter(given) == Counter(expected):
            if self.order:
                return _("those are the right values, but in the wrong order: {order}.").format(order=_(self.order))
            return _("those are the right values, but in the wrong order.")
        return None


class Set(Sequence):
    """Several answers of one kind where order does not matter: ``Sequence(of, ordered=False)``."""

    def __init__(self, of: Kind, *, example: str = ""):
        super().__init__(of, ordered=False, example=example)


# --- code the learner writes ----------------------------------------------------------------

#: What :class:`Code` reads a function or class that passes every case as (and what an
#: exercise's ``expected`` returns for it).
PASSES: str = N_("passes every case")


class Code(Kind):
    """A function or a class the learner writes, checked by running it.

    ``tester(answer)`` tries the answer on cases whose right results come from the engine;
    it returns ``None`` when every case passes, or a sentence naming the first case that
    does not (what was called, what came back, what the engine says).  Exceptions raised by
    the learner's code are caught by :func:`call` and reported as a sentence too.
    ``what`` says what to write: "a function fits(tile, ends)".
    """

    plural = N_("functions")

    def __init__(self, tester: Any, *, what: str, example: str = "", classes: bool = False):
        self.tester = tester
        self.what = what
        self.example = example
        self.classes = classes

    def read(self, answer: Any) -> str:
        if answer is PASSES:  # the expected value itself
            return str(answer)
        if isinstance(answer, type) and not self.classes:
            raise Unreadable(_("expected {expects}; got {given}: define a function with def.").format(
                expects=self.expects, given=describe(answer)))
        if self.classes:
            if not isinstance(answer, type) and not callable(getattr(answer, "choose", None)):
                raise self.wrong_kind(answer)
        elif not callable(answer):
            raise self.wrong_kind(answer)
        problem = self.tester(answer)
        if problem:
            raise Unreadable(_(problem))
        return PASSES

    def show(self, value: Any) -> str:
        return _("code that passes every case") if value == PASSES else f"code that {value}"

    def attempted(self, answer: Any) -> bool:
        """A function (or a class's ``choose``) whose body is still only ``...`` is not attempted."""
        try:
            function = getattr(answer, "choose", None) if isinstance(answer, type) else answer
            code = getattr(function, "__code__", None)
            return code is None or (code.co_code, code.co_consts, code.co_names) != _EMPTY_BODY
        except Exception:
            return True


def _blank(*args: Any) -> None:
    ...


#: A function whose body is only ``...`` (or ``pass``): its bytecode, constants and names.
#: All three, since from Python 3.14 ``return False`` differs from it in its constants only.
_EMPTY_BODY = (_blank.__code__.co_code, _blank.__code__.co_consts, _blank.__code__.co_names)


class Failed(Exception):
    """Raised by :func:`call` when the learner's code raised; ``message`` says how."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def call(function: Any, *args: Any, shown: str = "") -> Any:
    """``function(*args)``, turning an exception in the learner's code into :class:`Failed`
    with a sentence naming the call (``shown``) and the kind of problem."""
    try:
        return function(*args)
    except Exception as exc:  # the learner's code: any failure is theirs to see, in words
        kind = type(exc).__name__ if type(exc).__name__.isidentifier() else "an exception"
        try:
            text = str(exc)
        except Exception:  # an exception whose text cannot be made
            text = ""
        text = text if len(text) <= 120 else text[:117] + "..."
        if shown and text:
            message = _("calling {call} stopped with {kind}: {text}.")
        elif shown:
            message = _("calling {call} stopped with {kind}.")
        elif text:
            message = _("calling it stopped with {kind}: {text}.")
        else:
            message = _("calling it stopped with {kind}.")
        raise Failed(message.format(call=shown, kind=kind, text=text)) from None
