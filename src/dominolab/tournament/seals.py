"""Codes and seals: the tournament's error, formats and limits, the canonical digests, the
seal of a result's hand (:func:`_seal`), tournament codes' base 32, and who a name stands for."""

from __future__ import annotations

import hashlib
import hmac
import json
import unicodedata
from collections.abc import Iterable
from typing import Any

from ..players import OPPONENTS
from ..validate import check_int, excerpt

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


def _check_key(key: Any, what: str) -> str:
    if not isinstance(key, str) or len(key) != 16 or any(ch not in "0123456789abcdef" for ch in key):
        raise TournamentError(f"{what} must be 16 lower-case hex digits, got {excerpt(key, 30)}")
    return key


def _encode(value: int, digits: int) -> str:
    out = []
    for _ in range(digits):
        out.append(_CODE_ALPHABET[value % 32])
        value //= 32
    return "".join(reversed(out))


def _decode(text: str) -> int:
    value = 0
    for ch in text:
        if ch not in _CODE_ALPHABET:
            raise TournamentError(f"{ch!r} cannot appear in a tournament code")
        value = value * 32 + _CODE_ALPHABET.index(ch)
    return value


def _normal_name(name: str) -> str:
    """Who a name stands for: two names are the same student when they differ only in case,
    in spacing, or in Unicode's compatibility forms ("Ana  B", "ana b", "ＡＮＡ Ｂ").
    Punctuation and accents count: "Ana B", "Ana-B", "Ana.B" and "Chloé"/"Chloe" are
    different students (a class may hold both), so each gets a file of their own."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return " ".join(folded.split())


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
        raise TournamentError("a name is needed (e.g. name=\"Ana\")")
    name = " ".join(given.split())
    shows = any(unicodedata.category(ch)[0] in "LNPS" and ch not in _BLANK_LOOKING for ch in name)
    if len(name) > 40 or not shows or any(not ch.isprintable() or ch in _BLANK_LOOKING for ch in name):
        raise TournamentError(f"a name must be at most 40 printable characters, letters or signs that show on "
                              f"screen, got {excerpt(name)}")
    return name


def _hand_list(hands: Iterable[int]) -> str:
    """0-based hand indices as a reader says them: "hand 3", "hands 2-4 and 6"."""
    numbers = sorted(h + 1 for h in hands)
    runs: list[list[int]] = []
    for n in numbers:
        if runs and runs[-1][-1] == n - 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    parts = [f"{run[0]}" if len(run) == 1 else f"{run[0]}-{run[-1]}" for run in runs]
    text = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return f"hand{'s' if len(numbers) > 1 else ''} {text}"
