"""Codes and seals: the tournament's error, formats and limits, the canonical digests, the
seal of a result's hand (:func:`_seal`), tournament codes' base 32, and who a name stands for."""

from __future__ import annotations

import hashlib
import hmac
import importlib.util
import json
import unicodedata
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Optional

from ..i18n import _, get_language, ngettext
from ..i18n import language as in_language
from ..players import OPPONENTS
from ..validate import check_int, excerpt
from ..words import list_and

TOURNAMENT_FORMAT = "dominolab-tournament"
RESULT_FORMAT = "dominolab-tournament-result"
PROGRESS_FORMAT = "dominolab-tournament-progress"
VERSION = 1
#: Result files: version 2 added the entry's key and a seal per hand (:func:`_seal`).
RESULT_VERSION = 2
#: The computer players a tournament may use: deterministic for a seed, so results can be checked.
KINDS = tuple(OPPONENTS)
#: The largest result file the leaderboard reads (a 40-hand tournament is far smaller).
MAX_FILE_BYTES = 2_000_000
_CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base 32: no I, L, O, U


class TournamentError(ValueError):
    """A tournament, code or result that cannot be used; the message says why."""


def _check_language(code: Any) -> str:
    """``code`` as :mod:`dominolab.i18n` reads it ("ES" is "es"), or its
    :class:`~dominolab.i18n.UnknownLanguageError` listing the languages there are."""
    with in_language(code) as checked:
        return checked


def _int(value: Any, name: str, low: int, high: int) -> int:
    """``check_int`` with the tournament's own error type."""
    try:
        return check_int(value, name, low, high)
    except ValueError as exc:
        raise TournamentError(str(exc)) from None


#: The most seats a tournament table has.
MAX_PLAYERS = 10


def _canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def _digest(data: Any) -> str:
    return hashlib.sha256(_canonical(data).encode()).hexdigest()


def _seal(key: str, tournament_id: str, name: str, index: int, record: Any) -> str:
    """The seal of hand ``index`` of a result: an HMAC, keyed by the entry's random key, of
    the tournament, the student's name (as :func:`_normal_name` reads it) and the hand's
    record as written.  Copying a classmate's file and changing its name, re-spelling its
    moves, or taking hands from other files breaks the seals.  It is tamper evidence, not
    security: the key is in the file, so a student who runs this function can re-seal."""
    text = _canonical([tournament_id, _normal_name(name), index, record])
    return hmac.new(key.encode("ascii"), text.encode("utf-8"), hashlib.sha256).hexdigest()[:16]


def _check_key(key: Any, message: str) -> str:
    """``key`` when it is 16 lower-case hex digits; else :class:`TournamentError` with
    ``message`` (a whole sentence marked with ``N_``, ``{got}`` standing for the key given)."""
    if not isinstance(key, str) or len(key) != 16 or any(ch not in "0123456789abcdef" for ch in key):
        raise TournamentError(_(message).format(got=excerpt(key, 30)))
    return key


def _encode(value: int, digits: int) -> str:
    out = []
    for _digit in range(digits):
        out.append(_CODE_ALPHABET[value % 32])
        value //= 32
    return "".join(reversed(out))


def _decode(text: str) -> int:
    value = 0
    for ch in text:
        if ch not in _CODE_ALPHABET:
            raise TournamentError(_("{character} cannot appear in a tournament code").format(character=repr(ch)))
        value = value * 32 + _CODE_ALPHABET.index(ch)
    return value


def _normal_name(name: str) -> str:
    """Who a name stands for: two names are the same student when they differ only in case,
    in spacing, or in Unicode's compatibility forms ("Ana  B", "ana b", "ＡＮＡ Ｂ").
    Punctuation and accents count: "Ana B", "Ana-B", "Ana.B" and "Chloé"/"Chloe" are
    different students (a class may hold both), so each gets a file of their own."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return " ".join(folded.split())


_PROTOTYPES: Optional[dict[str, str]] = None


def _prototypes() -> dict[str, str]:
    """Each confusable character's prototype, from the Unicode data (confusables.txt) that
    the ``confusable-homoglyphs`` library ships (the teacher's extra); ``{}`` without it.

    The library keeps each line "source → prototype" of confusables.txt in both directions,
    so each group of look-alikes is a star: the prototype (a character, or a sequence such as
    "rn" for "m") joined to each of its sources.  A source is read as the centre of its star;
    where a star has one source and a one-character prototype the two cannot be told apart,
    and the smaller code point stands for both (the same for comparing names, which is the
    only use of a skeleton here)."""
    global _PROTOTYPES
    if _PROTOTYPES is None:
        table: dict[str, str] = {}
        spec = importlib.util.find_spec("confusable_homoglyphs")
        if spec is None or spec.origin is None:
            _PROTOTYPES = table
            return table
        path = Path(spec.origin).with_name("confusables.json")
        data = json.loads(path.read_text(encoding="utf-8"))

        def clean(text: str) -> str:
            return text.replace("\u200e", "").replace("\u200f", "")

        links = {clean(key): [clean(item["c"]) for item in value] for key, value in data.items()}
        for key, others in links.items():
            if len(key) != 1 or len(others) != 1:
                continue  # a prototype (joined to several sources) or a sequence: itself
            other = others[0]
            if len(other) > 1 or len(links.get(other, ())) > 1:
                table[key] = other  # a source: its prototype
            else:
                table[key] = min(key, other)  # a pair: one stands for both
        _PROTOTYPES = table
    return _PROTOTYPES


def _skeleton(name: str) -> str:
    """What a name looks like (the UTS #39 skeleton, case and spacing folded as
    :func:`_normal_name` folds them): "Bеn" with a Cyrillic е and "Ben" have one skeleton,
    "Аna" with a Cyrillic А and "Ana" too.  Without the teacher's extra, the name as
    :func:`_normal_name` reads it."""
    table = _prototypes()
    if not table:
        return _normal_name(name)
    text = unicodedata.normalize("NFD", name)
    text = unicodedata.normalize("NFD", "".join(table.get(ch, ch) for ch in text))
    text = unicodedata.normalize("NFD", "".join(table.get(ch, ch) for ch in _normal_name(text)))
    return " ".join(text.split())


def _look_alike(a: str, b: str) -> bool:
    """Two names of different students (by :func:`_normal_name`) that look the same."""
    return _normal_name(a) != _normal_name(b) and _skeleton(a) == _skeleton(b)


def _is_small_number(text: str) -> bool:
    return 1 <= len(text) <= 3 and all(ch in "0123456789" for ch in text)


#: Characters that print as nothing although Python calls them printable: the Hangul fillers,
#: the combining grapheme joiner, Khmer's inherent vowels, Mongolian variation selectors and
#: the blank Braille pattern.  A name of them looks blank on the board, so they are refused.
_BLANK_LOOKING = frozenset("\u115f\u1160\u3164\uffa0\u034f\u17b4\u17b5\u180b\u180c\u180d\u180f\u2800")


def _check_name(given: Any) -> str:
    """A student's name as the tournament keeps it (spaces folded), or :class:`TournamentError`
    saying why not: no name, too long, or a character that does not show (control characters,
    and characters that print as blank, such as the Hangul filler)."""
    if not isinstance(given, str) or not given.strip():
        raise TournamentError(_("a name is needed (e.g. name=\"Ana\")"))
    name = " ".join(given.split())
    shows = any(unicodedata.category(ch)[0] in "LNPS" and ch not in _BLANK_LOOKING for ch in name)
    if len(name) > 40 or not shows or any(not ch.isprintable() or ch in _BLANK_LOOKING for ch in name):
        raise TournamentError(_("a name must be at most 40 printable characters, letters or signs that show on "
                                "screen, got {name}").format(name=excerpt(name)))
    if any(ch in _MARKUP for ch in unicodedata.normalize("NFKC", name)):
        raise TournamentError(_("a name cannot hold < or > (a page would read them as markup), got {name}")
                              .format(name=excerpt(name)))
    return name


#: Characters that make markup ("<b>Dan</b>"): a name holding one is refused, so no board
#: shows a name that a page could read as anything but text.
_MARKUP = frozenset("<>")


def _hand_list(hands: Iterable[int]) -> str:
    """0-based hand indices as a reader says them, in the current language: "hand 3",
    "hands 2-4 and 6" ("mano 3", "manos 2-4 y 6")."""
    numbers = sorted(h + 1 for h in hands)
    runs: list[list[int]] = []
    for n in numbers:
        if runs and runs[-1][-1] == n - 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    parts = [f"{run[0]}" if len(run) == 1 else f"{run[0]}-{run[-1]}" for run in runs]
    return ngettext("hand {numbers}", "hands {numbers}", len(numbers)).format(numbers=list_and(parts))


#: The languages that write a decimal comma ("0,38") where English writes a point.
_DECIMAL_COMMA = frozenset({"es"})


def _decimal(value: float, places: int = 1) -> str:
    """``value`` to ``places`` decimals as the current language writes it: "16.9" in English,
    "16,9" in Spanish."""
    text = f"{value:.{places}f}"
    return text.replace(".", ",") if get_language() in _DECIMAL_COMMA else text


def _whole(n: int) -> str:
    """A whole number as the current language groups its digits: "2,061" in English; in
    Spanish none in four digits ("2061") and a no-break space from five on ("20\u00a0610")."""
    if get_language() not in _DECIMAL_COMMA:
        return f"{n:,}"
    return str(n) if abs(n) < 10_000 else f"{n:,}".replace(",", "\u00a0")
