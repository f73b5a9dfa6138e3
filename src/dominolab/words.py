"""Numbers in words, in one place: what tiles, rules, explanations and narration say.

The engine's sentences are read by learners and screen readers, so counts are words
("two tiles"), suits are plurals ("6s", "blanks") and tile halves have names ("six").

The first functions below are English only, for the texts not yet translated; the ones
after "In the current language" (:func:`number_word`, :func:`count_in_words`,
:func:`list_or`, :func:`list_and`, :func:`tiles_count`, :func:`points_count`,
:func:`suit_plural`, :func:`decimal`) speak the language of :mod:`dominolab.i18n` and give the
same words as the English ones in English.
"""

from __future__ import annotations

import re

from .i18n import N_, NP_, _, get_language, ngettext, npgettext, pgettext

__all__ = [
    "conjugate",
    "contract",
    "count_in_words",
    "count_word",
    "decimal",
    "is_you",
    "join_and",
    "join_or",
    "list_and",
    "list_or",
    "number_plural",
    "number_word",
    "pip_word",
    "plural",
    "points_count",
    "seat_name",
    "suit_plural",
    "tiles_count",
]

#: The name of each number a tile half may show (double-18 is the largest set).
PIP_WORDS = (
    NP_("pip", "blank"),
    NP_("pip", "one"),
    NP_("pip", "two"),
    NP_("pip", "three"),
    NP_("pip", "four"),
    NP_("pip", "five"),
    NP_("pip", "six"),
    NP_("pip", "seven"),
    NP_("pip", "eight"),
    NP_("pip", "nine"),
    NP_("pip", "ten"),
    NP_("pip", "eleven"),
    NP_("pip", "twelve"),
    NP_("pip", "thirteen"),
    NP_("pip", "fourteen"),
    NP_("pip", "fifteen"),
    NP_("pip", "sixteen"),
    NP_("pip", "seventeen"),
    NP_("pip", "eighteen"),
)


def pip_word(n: int) -> str:
    """A tile half in words: "blank", "one" ... "eighteen"."""
    return PIP_WORDS[n]


def count_word(n: int) -> str:
    """A count in words up to thirteen ("one", "two"), digits above and for zero."""
    return PIP_WORDS[n] if 1 <= n <= 13 else str(n)


def plural(n: int, word: str, words: bool = True) -> str:
    """``n`` and ``word`` agreeing: "one tile", "2 tiles" (digits when ``words`` is False)."""
    number = count_word(n) if words else str(n)
    return f"{number} {word}" + ("" if n == 1 else "s")


def number_plural(n: int) -> str:
    """A number as a suit name in the plural: "blanks", "1s", "6s"."""
    return "blanks" if n == 0 else f"{n}s"


def join_or(items: object) -> str:
    """ "2, 3 or 4" """
    parts = [str(i) for i in items]  # type: ignore[attr-defined]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " or " + parts[-1]


def join_and(items: object) -> str:
    """ "2, 3 and 4" """
    parts = [str(i) for i in items]  # type: ignore[attr-defined]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


#: The names that speak to the reader: English "You" and Spanish "Tú" (any case).
YOU_NAMES = frozenset({"you", "tú", "tu"})


def is_you(name: str) -> bool:
    """True when a seat's name speaks to the reader: "You", "you", "Tú" (any case, spaces aside)."""
    return isinstance(name, str) and name.strip().lower() in YOU_NAMES


def conjugate(name: str, base: str, third: str = "") -> str:
    """The verb agreeing with ``name``: ``base`` for "you" ("you play"), else the third
    person (``third``, or ``base`` + "s": "West plays")."""
    return base if is_you(name) else (third or base + "s")


# ---------------------------------------------------------------------- in the current language
def number_word(n: int) -> str:
    """A tile half in words in the current language: "blank", "one" ... ("blanco", "uno")."""
    return pgettext("pip", PIP_WORDS[n])


def count_in_words(n: int) -> str:
    """A count in words up to thirteen, digits above and for zero, in the current language."""
    return number_word(n) if 1 <= n <= 13 else str(n)


def _listed(items: object, joined: str) -> str:
    parts = [str(i) for i in items]  # type: ignore[attr-defined]
    if len(parts) == 1:
        return parts[0]
    return _(joined).format(items=", ".join(parts[:-1]), last=parts[-1])


def list_or(items: object) -> str:
    """ "2, 3 or 4" in the current language."""
    return _listed(items, N_("{items} or {last}"))


def list_and(items: object) -> str:
    """ "2, 3 and 4" in the current language."""
    return _listed(items, N_("{items} and {last}"))


def tiles_count(n: int, words: bool = True) -> str:
    """ "one tile", "two tiles" (or "1 tile", "2 tiles" without ``words``), in the current
    language."""
    if words:
        return ngettext("one tile", "{count} tiles", n).format(count=count_in_words(n))
    return ngettext("{count} tile", "{count} tiles", n).format(count=n)


def points_count(n: int, words: bool = False) -> str:
    """ "1 point", "12 points" (or "one point" with ``words``), in the current language."""
    if words:
        return npgettext("count", "one point", "{count} points", n).format(count=count_in_words(n))
    return ngettext("{count} point", "{count} points", n).format(count=n)



def suit_plural(n: int) -> str:
    """A number as a suit in the plural, in the current language: "blanks", "6s" (in
    Spanish the number a tile shows, after "las fichas con": "blanco", "6")."""
    return pgettext("tiles showing", "blanks") if n == 0 else pgettext("tiles showing", "{number}s").format(number=n)


def decimal(value: float, spec: str = "") -> str:
    """``value`` formatted with ``spec`` (``".1f"``, ``"+.2f"``) and the current language's
    decimal mark: "0.38" in English, "0,38" in Spanish."""
    text = format(value, spec)
    mark = pgettext("decimal mark", ".")
    return text if mark == "." else text.replace(".", mark)


def seat_name(seat: int) -> str:
    """A seat without a name as a sentence names it, in the current language: "seat 2", in
    Spanish with its article, "el asiento 2" (gender-neutral: the seat, not the person), so
    that "la mano es para el asiento 2" reads as written.  A label ("Asiento 2: 5 fichas")
    is the plain ``_("seat {seat}")``; a sentence that puts a name after "a" or "de" joins
    them with :func:`contract`."""
    return pgettext("name", "seat {seat}").format(seat=seat)


#: Spanish joins "a" and "de" with the article "el" of a name such as "el asiento 2".
_CONTRACTED = re.compile(r"\b([Aa]|[Dd]e) el (?=asiento\b)")


def contract(text: str) -> str:
    """``text`` with the contractions of the current language where a name with its article
    (:func:`seat_name`) follows a preposition: Spanish "le toca a el asiento 1" becomes "le
    toca al asiento 1", "el turno de el asiento 2" "el turno del asiento 2"; other languages
    unchanged."""
    if get_language() != "es":
        return text
    return _CONTRACTED.sub(lambda m: ("A" if m.group(1)[0].isupper() else "a") + "l "
                           if m.group(1).lower() == "a" else ("D" if m.group(1)[0].isupper() else "d") + "el ", text)
