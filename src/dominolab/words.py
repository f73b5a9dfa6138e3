"""Numbers in words, in one place: what tiles, rules, explanations and narration say.

The engine's sentences are read by learners and screen readers, so counts are words
("two tiles"), suits are plurals ("6s", "blanks") and tile halves have names ("six").
"""

from __future__ import annotations

__all__ = ["conjugate", "count_word", "is_you", "join_and", "join_or", "number_plural", "pip_word", "plural"]

#: The name of each number a tile half may show (double-18 is the largest set).
PIP_WORDS = (
    "blank", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
    "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
    "seventeen", "eighteen",
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


def is_you(name: str) -> bool:
    """True when a seat's name speaks to the reader: "You", "you" (any case, spaces aside)."""
    return isinstance(name, str) and name.strip().lower() == "you"


def conjugate(name: str, base: str, third: str = "") -> str:
    """The verb agreeing with ``name``: ``base`` for "you" ("you play"), else the third
    person (``third``, or ``base`` + "s": "West plays")."""
    return base if is_you(name) else (third or base + "s")
