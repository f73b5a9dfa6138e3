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

Text is read as a teacher reads it, in English and in Spanish whatever the language of the
moment (:func:`clean`, :func:`bare_number_text`, :func:`tile_words`, :func:`move_text`): a final
full stop, quotes and dashes of every kind ("2–0"); articles and units ("el 23", "23 puntos");
the tiles the program names ("doble dos", "dos-blanco", "double two"); plural suit words ("los
treses"); the glossary's words for drawing and passing ("cojo del montón", "toco la mesa"); a
single item where a list is asked.  Numbers are echoed as the learner wrote them ("0,44").  The
puzzles and the analysis board's text read moves with the same functions.

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
import unicodedata
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
    "as_written",
    "bare_number_text",
    "clean",
    "describe",
    "move_text",
    "suit_number",
    "tile_words",
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


# --- reading text as a teacher does ---------------------------------------------------------
# One place turns what a learner types into the plain form each kind reads: marks a keyboard
# or autocorrect adds (dashes, quotes, odd spaces, a final full stop), the words around an
# answer (articles, units, "número"), the tile names the program itself writes ("doble dos",
# "dos-blanco", "double two"), plural suit words ("los treses") and every word the Spanish
# glossary (docs/teachers/es/glosario.md) lists for drawing and passing.  English and Spanish
# are read whatever the language of the moment, as the move reader does.

#: Every dash a keyboard, a phone or autocorrect may put between a tile's halves.
_DASHES = str.maketrans({mark: "-" for mark in "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\u2043\ufe58\ufe63\uff0d"})
#: Spaces other than the plain one (no-break, thin, narrow no-break, ideographic).
_ODD_SPACES = str.maketrans({mark: " " for mark in "\u00a0\u2007\u2009\u200a\u202f\u3000\t\n\r"})
#: Quotes around a whole answer, typographic or not: opening mark -> closing marks.
_QUOTE_PAIRS = {"'": "'", '"': '"', "\u2018": "\u2019'", "\u201c": "\u201d\"", "\u00ab": "\u00bb", "`": "`",
                "\u2019": "\u2019", "\u201d": "\u201d"}
#: Marks after an answer that say nothing about it: "23.", "¡robar!", "2-0…".
_TRAILING = ".!?¡¿…;: "
_LEADING = "¡¿ "


def clean(text: str) -> str:
    """``text`` with the marks that do not change an answer taken away: dashes of every kind
    written as ``-``, odd spaces as one space, quotes around it, a final full stop (or ``!``,
    ``?``, ``…``), an opening ``¡``/``¿``.  Never raises; linear in the text's length."""
    text = text.translate(_DASHES).translate(_ODD_SPACES)
    text = " ".join(text.split())
    for _round in range(2):  # quotes inside marks: '"23".' or «23».
        if len(text) > 1:
            text = text.rstrip(_TRAILING).lstrip(_LEADING)
        if len(text) >= 2 and text[0] in _QUOTE_PAIRS and text[-1] in _QUOTE_PAIRS[text[0]]:
            text = text[1:-1].strip()
    return text


#: Words before an answer: articles, "el número", "la ficha", "the number", "the tile".
_BEFORE = re.compile(r"^(?:(?:el|la|los|las|un|una|the|a|an)\s+)?(?:(?:n[uú]mero|number|ficha|tile|nro\.?|no\.)\s+)?",
                     re.IGNORECASE)
#: Units after a number: "23 puntos", "66 fichas", "23 points", "2 tiles", "5 turnos".
_UNITS = re.compile(r"\s*(?:puntos?|pts?\.?|tantos?|pintas?|fichas?|piedras?|points?|pips?|tiles?|"
                    r"turnos?|turns?|veces|times|manos|hands|decisiones|decisions|en\s+total|in\s+all|in\s+total|"
                    r"como\s+m[aá]ximo|como\s+mucho|at\s+most)$", re.IGNORECASE)
#: Words a learner puts before a number: "son 66", "hasta 4", "se anota 57", "en el turno 19".
_LEAD_IN = re.compile(r"^(?:(?:son|es|serían|sería|hay|da|suma|vale|valen|hasta|como\s+m[aá]ximo|como\s+mucho|"
                      r"a\s+lo\s+m[aá]s|se\s+anota|se\s+anotan|anota|gana|roba|robas|en\s+el|en|el|turno|"
                      r"it\s+is|it's|that's|there\s+are|at\s+most|up\s+to|scores|draws|on|at|turn)\s+)+(?=\S)",
                      re.IGNORECASE)
#: Words that say an answer is approximate: "aprox. 0,44", "about 0.44", "≈ 0.44".
_ABOUT = re.compile(r"^(?:aprox(?:imadamente|\.)?|alrededor\s+de|unos|unas|cerca\s+de|about|around|"
                    r"approx(?:imately|\.)?|roughly|≈|~)\s*", re.IGNORECASE)


def bare_number_text(text: str) -> str:
    """A number's text without the words a learner puts around it: "el 23" -> "23",
    "23 puntos" -> "23", "unos 0,44" -> "0,44", "44 por ciento" -> "44%"."""
    text = clean(text)
    text = _LEAD_IN.sub("", text)
    text = _ABOUT.sub("", text)
    before = _BEFORE.match(text)
    if before and before.end() < len(text):
        text = text[before.end():]
    text = re.sub(r"\s*(?:por\s+ciento|percent|per\s+cent|pct)$", "%", text, flags=re.IGNORECASE)
    previous = None
    while previous != text:
        previous = text
        text = _UNITS.sub("", text).strip()
    return text


#: The halves in words, English and Spanish: what ``Tile.spoken`` writes and what learners say.
_PIP_NAMES: dict[str, int] = {}
for _value, _words in enumerate((
        "blank blanco blanca blancos blancas cero zero", "one uno una", "two dos", "three tres", "four cuatro",
        "five cinco", "six seis", "seven siete", "eight ocho", "nine nueve", "ten diez", "eleven once",
        "twelve doce")):
    for _word in _words.split():
        _PIP_NAMES[_word] = _value
#: The numbers as suits, in the plural: "los treses", "the threes", "los blancos".
_SUIT_NAMES: dict[str, int] = {}
for _value, _words in enumerate((
        "blancos blancas blanks zeros ceros", "unos ones", "doses dos twos", "treses threes", "cuatros fours",
        "cincos fives", "seises sixes", "sietes sevens", "ochos eights", "nueves nines", "dieces tens")):
    for _word in _words.split():
        _SUIT_NAMES[_word] = _value
#: Doubles and tiles by name: "doble dos", "double-two", "la mula de seis" (México),
#: "chancho de seis" (Chile), and the Cuban "blanquizal" (0-0) and "caja de muerto" (6-6).
_DOUBLE_WORDS = r"(?:doble|double|mula|chancho)"
_PIP_WORD = r"(?:" + "|".join(sorted(_PIP_NAMES, key=len, reverse=True)) + r"|\d{1,2})"
_DOUBLE_NAME = re.compile(rf"\b(?:el\s+|la\s+|the\s+|a\s+|un\s+|una\s+)?{_DOUBLE_WORDS}"
                          rf"(?:\s*-\s*|\s+de\s+|\s+)({_PIP_WORD})\b", re.IGNORECASE)
_PAIR_NAME = re.compile(rf"\b({_PIP_WORD})\s*-\s*({_PIP_WORD})\b", re.IGNORECASE)
_TILE_NICKNAMES = re.compile(r"\b(?:el\s+)?(?:blanquizal|caja\s+de\s+muerto)\b", re.IGNORECASE)


def _pip(word: str) -> int:
    return int(word) if word.isdigit() else _PIP_NAMES[word.casefold()]


def tile_words(text: str) -> str:
    """``text`` with every tile named in words written in figures: "doble dos" -> "2-2",
    "dos-blanco" -> "2-0", "double-six" -> "6-6", "six-four" -> "6-4", "la mula de cinco" ->
    "5-5"; other words are left as they are."""
    text = _TILE_NICKNAMES.sub(lambda m: "0-0" if "blanq" in m.group(0).casefold() else "6-6", text)
    text = _DOUBLE_NAME.sub(lambda m: f"{_pip(m.group(1))}-{_pip(m.group(1))}", text)
    return _PAIR_NAME.sub(lambda m: f"{_pip(m.group(1))}-{_pip(m.group(2))}", text)


def suit_number(text: str) -> Optional[int]:
    """The number a suit word names, in the plural as players say it ("los treses", "treses",
    "the threes", "los blancos") or as a number word ("el tres", "blanco"); else ``None``."""
    words = clean(text).casefold().split()
    if words and words[0] in ("el", "la", "los", "las", "the"):
        words = words[1:]
    if len(words) != 1:
        return None
    word = words[0]
    return _SUIT_NAMES.get(word, _PIP_NAMES.get(word))


# Moves.  What the learner types is rewritten into the move reader's plain words ("2-0 right",
# "draw", "pass"); :func:`dominolab.moves.read_move_text` then reads it.

#: Verbs for drawing in the glossary's regions: robar, coger (España), tomar, agarrar; and
#: "ir al pozo", "pick up", "take".
_DRAW_VERBS = frozenset({
    "robar", "robo", "robas", "roba", "robamos", "robé", "robó",
    "coger", "cojo", "coges", "coge", "cogemos",
    "tomar", "tomo", "tomas", "toma", "tomamos",
    "agarrar", "agarro", "agarras", "agarra", "agarramos",
    "draw", "draws", "drawing", "take", "takes", "pick", "picks"})
#: Words after a draw verb that say only where from: "del pozo", "una ficha del montón", "up".
_DRAW_REST = frozenset({"del", "de", "el", "la", "al", "pozo", "montón", "monton", "una", "un", "ficha", "pieza",
                        "piedra", "a", "the", "tile", "from", "boneyard", "stock", "pile", "up", "one"})
#: Passing: "paso", "¡paso!", "pasar", "toco", "toco la mesa" (tocar la mesa), "knock", "go".
_PASS_VERBS = frozenset({"pasar", "paso", "pasas", "pasa", "pasamos", "pase", "tocar", "toco", "tocas", "toca",
                         "pass", "passes", "knock", "knocks", "go"})
_PASS_REST = frozenset({"la", "mesa", "el", "turno", "my", "turn", "on", "the", "table", "mi", "yo", "me"})
_END_NAMES = {"izquierda": "left", "izquierdo": "left", "izq": "left", "izq.": "left", "i": "left", "left": "left",
              "l": "left", "derecha": "right", "derecho": "right", "der": "right", "der.": "right", "d": "right",
              "right": "right", "r": "right"}
#: Words between a tile and its end: "a la derecha", "por el extremo derecho", "en la punta
#: derecha" (punta, cabeza, brazo: the glossary's words for an end), "on the right end".
_END_FILLER = frozenset({"a", "la", "el", "al", "en", "por", "del", "de", "lado", "extremo", "punta", "cabeza", "brazo",
                         "the", "on", "at", "to", "end", "side", "hacia"})
_PLAY_VERBS = frozenset({"play", "plays", "lead", "leads", "juego", "juegas", "juega", "jugar", "pongo", "pone",
                         "pones", "poner", "salgo", "sales", "sale", "salir", "tiro", "tirar", "tira", "coloco",
                         "colocar", "pego", "pegar", "meto", "meter"})
_SUBJECTS = frozenset({"i", "yo", "you", "tú", "tu"})


def move_text(text: str) -> str:
    """A move as a learner types it, in the move reader's plain words: "el 2-0 a la
    derecha" -> "2-0 right", "el dos-blanco por la punta derecha" -> "2-0 right", "cojo del
    montón" -> "draw", "toco la mesa" -> "pass", "2–0 D." -> "2-0 right".  Text that is not a
    plain move (several moves, a draw with a count) comes back cleaned, with its tiles in
    figures and its verbs for drawing as "robar"."""
    text = tile_words(clean(text))
    words = text.casefold().replace(",", " ").replace(":", " ").split()
    if len(words) > 1 and words[0] in _SUBJECTS and (words[1] in _DRAW_VERBS or words[1] in _PASS_VERBS
                                                     or words[1] in _PLAY_VERBS):
        words = words[1:]  # "I draw", "yo paso"
    if words and words[0] in _DRAW_VERBS:
        if all(w in _DRAW_REST for w in words[1:]):
            return "draw"
        # "cojo 2 (3-3)": the verb said as the reader's "robar", the rest as written
        return re.sub(r"^\s*(?:(?:i|yo|you|tú|tu)\s+)?\S+", "robar", text, count=1, flags=re.IGNORECASE)
    if words[:3] == ["voy", "al", "pozo"] or words[:3] == ["ir", "al", "pozo"] or words == ["al", "pozo"]:
        return "draw" if len(words) <= 3 else text
    if words and words[0] in _PASS_VERBS and all(w in _PASS_REST for w in words[1:]):
        return "pass"
    if words and words[0] in _PLAY_VERBS:
        lead = words[0] in ("lead", "leads", "salgo", "sales", "sale", "salir")
        words = words[1:]
        while len(words) > 1 and words[0] in ("con", "el", "la", "ficha", "the", "with"):
            words = words[1:]
        if lead and len(words) == 1:
            return f"lead {words[0]}"
    while len(words) > 1 and words[0] in ("el", "la", "ficha", "the", "tile", "a", "un", "una"):
        words = words[1:]  # "el 2-0 a la derecha", "la ficha 2-0"
    end = None
    while len(words) > 2 and words[-1] in ("end", "side"):
        words = words[:-1]  # "2-0 right end"
    if len(words) > 1 and words[-1] in _END_NAMES:
        end = _END_NAMES[words[-1]]
        words = words[:-1]
        while len(words) > 1 and words[-1] in _END_FILLER:
            words = words[:-1]
    elif len(words) > 1 and words[0] in _END_NAMES and words[0] not in ("a", "i", "d", "l", "r"):
        end = _END_NAMES[words[0]]  # "derecha: 2-0", "right 2-0"
        words = words[1:]
        while len(words) > 1 and words[0] in _END_FILLER:
            words = words[1:]
    if len(words) == 1 and _TILE_LIKE.fullmatch(words[0]):
        return f"{words[0]} {end}" if end else words[0]
    return text


_TILE_LIKE = re.compile(r"\[?\d{1,2}[-|:/]\d{1,2}\]?")


# --- numbers ------------------------------------------------------------------------------

_DECIMAL_TEXT = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d{1,4})?")
_FRACTION_TEXT = re.compile(r"([+-]?\d{1,30})\s*(?:/|\s(?:de\s+cada|de|en|out\s+of|of|in)\s)\s*(\d{1,30})",
                            re.IGNORECASE)
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
        text = bare_number_text(_text(answer, self))
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
                     "'{value}%'.").format(value=as_written(exact, answer), share=as_written(exact.scaleb(-2), answer))
        exponent = exact.as_tuple().exponent
        places = -exponent if isinstance(exponent, int) and exponent < 0 else 0
        with localcontext() as context:
            context.prec = 80
            if 1 <= places < self.places and \
                    expected.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP) == exact:
                return ngettext("{value} agrees with the answer to {places} decimal place; the question asks "
                                "for {asked}.",
                                "{value} agrees with the answer to {places} decimal places; the question asks "
                                "for {asked}.", places).format(value=as_written(exact, answer), places=places,
                                                               asked=self.places)
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

    def __init__(self, *, example: str = "12", suits: bool = False):
        self.example = example
        #: Numbers that are suits ("which numbers does seat 1 lack?"): their words are read too,
        #: "los treses", "el tres", "blancos", "the sixes".
        self.suits = suits

    def read(self, answer: Any) -> int:
        if isinstance(answer, bool) or _is_numpy_bool(answer):
            raise self.wrong_kind(answer)
        if isinstance(answer, str):
            text = _text(answer, self)
            if self.suits:
                suit = suit_number(text)
                if suit is not None:
                    return suit
            text = bare_number_text(text)
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
            text = clean(_text(answer, self)).casefold()
            value = _BOOLEAN_WORDS.get(text)
            if value is None:
                value = _SPANISH_BOOLEAN_WORDS.get(text.strip("¡!¿?. "))
            if value is None:  # "No, porque…", "Falso: el 6 ya salió", "es verdad"
                segments = [re.sub(r"^(?:es|it\s+is|it's)\s+", "", part.strip())
                            for part in re.split(r"[,;:.!(]", text)]
                for part in (segments[0], segments[-1]):  # "No, porque…"; "no está trancado: falso"
                    value = _BOOLEAN_WORDS.get(part, _SPANISH_BOOLEAN_WORDS.get(part))
                    if value is not None:
                        break
            if value is not None:
                return value
        raise self.wrong_kind(answer)


def _name_key(text: str) -> str:
    """A name as it is compared: no case, no accents, no spaces, marks or brackets."""
    folded = "".join(c for c in unicodedata.normalize("NFKD", clean(text).casefold()) if not unicodedata.combining(c))
    return re.sub(r"[\s_\-'\"`()\[\].,:;¡!¿?«»]+", "", folded)


#: Words a Spanish speaker puts before a choice's letter or name: "la b", "la opción b",
#: "respuesta c", "el blocking".
_SPANISH_BEFORE_CHOICE = re.compile(
    r"^(?:(?:la|el|una|un|es|opci[oó]n|respuesta|letra|the|an|a|it's|option|answer)\s+)+", re.IGNORECASE)


class Choice(Kind):
    """One of a few names, read regardless of case, spaces, hyphens, underscores, quotes and
    brackets: ``"Suit control"`` is ``"suit_control"``, ``"(b)"`` is ``"b"``.

    ``aliases`` maps other names to one of ``names``.  ``unknown`` is the message for a name
    that is not a choice; ``{answer}`` in it stands for the name given, in quotes.  ``what``
    replaces "one of 'a', 'b' or 'c'" in messages, for long lists of names.
    """

    plural = N_("names")

    def __init__(self, names: Iterable[str], *, aliases: Optional[Mapping[str, str]] = None,
                 unknown: Optional[str] = None, what: Optional[str] = None, example: str = "",
                 words: Optional[Callable[[str], str]] = None):
        self.names = tuple(names)
        #: How a name is written in the language of the moment (``show``); None: as it is.
        self.words = words
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
        quoted = [self.show(n) for n in self.names]
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
        return f"'{self.words(value) if self.words is not None else value}'"


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
                return Tile.parse(_bare_tile_text(_text(answer, self)))
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
                text = move_text(_text(answer, self))
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
_LAST_AND = re.compile(r"\s+(?:[ye]|and|&)\s+", re.IGNORECASE)


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
            text = clean(_text(answer, self))
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
            if "," not in text and len(text.split()) > 1 and self._one(text):
                return [text]  # a single item where a list is asked: "6-0 a la izquierda"
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

    def _one(self, text: str) -> bool:
        """Does ``text`` read as one item?"""
        try:
            self.of.read(text)
        except Exception:
            return False
        return True

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


def _bare_tile_text(text: str) -> str:
    """A tile's text without what a learner writes around it: "la ficha 6-4", "el doble
    dos", "6–4."."""
    words = tile_words(clean(text)).split()
    while len(words) > 1 and words[0].casefold() in ("el", "la", "ficha", "the", "tile", "a", "un", "una"):
        words = words[1:]
    return " ".join(words)


def as_written(value: Decimal, answer: Any) -> str:
    """``value`` written as the learner wrote their number: with a decimal comma if they
    used one ("0,44" is echoed "0,44", never "0.44")."""
    text = str(value)
    if isinstance(answer, str) and _DECIMAL_COMMA_TEXT.search(bare_number_text(answer)[:MAX_TEXT].rstrip("%").strip()):
        return text.replace(".", ",")
    return text
