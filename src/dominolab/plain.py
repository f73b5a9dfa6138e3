"""Plain words first: the one sentence a learner reads before any figure.

Every hint, review sentence and puzzle answer opens with a sentence a 12-year-old reads:
the move, the reason a good player would give, and how sure the engine is, in words.  The
figures with their certainty stay one step away (a "Why?" text, and the Python objects).

This module holds those sentences, each a whole sentence with named placeholders (so that
gettext can later translate them whole), and the one rule that turns figures into words
of certainty (:func:`how_sure`): never surer than the figures.

=================  ==========================================================================
``"clear"``        "clearly better": ahead by :data:`CLEAR_POINTS` or more, the gap's 95%
                   interval wholly above 0
``"little"``       "a little better": ahead by :data:`SAME_POINTS` to under
                   :data:`CLEAR_POINTS`, the interval wholly above 0
``"probably"``     "probably better": ahead by :data:`SAME_POINTS` or more, and a hint's
                   test tells the two apart (:func:`dominolab.players.advise`), but the two
                   moves' intervals overlap
``"unsure"``       "hard to tell apart": ahead by :data:`SAME_POINTS` or more on average, but
                   the interval reaches 0
``"same"``         "about the same: either is fine": ahead by less than :data:`SAME_POINTS`
=================  ==========================================================================

:func:`compare` is the whole rule from two moves' figures, as the hint
(:func:`dominolab.players.advise`) and the analysis board
(:meth:`dominolab.analysis.AnalysisBoard.evaluate`) both apply it: the same figures give
the same words.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

__all__ = ["BANNED", "CLEAR_POINTS", "MAX_WORDS", "SAME_POINTS", "SURE", "TEXTS", "check", "compare", "fit",
           "how_sure", "reasons", "say", "words"]

#: The most words a plain sentence may have.
MAX_WORDS = 25
#: What a plain sentence never says (the figures' words belong to the "Why?" text).
BANNED = ("±", "net", "imagined deals", "margin")
#: A gap of at least this many points, clear of its margin, is "clearly better".
CLEAR_POINTS = 5.0
#: A gap under this many points is "about the same" (the hint's :data:`~dominolab.players.CLOSE_POINTS`).
SAME_POINTS = 2.0

#: Certainty in words, by :func:`how_sure`'s answer.
SURE = {
    "clear": "clearly better",
    "little": "a little better",
    "probably": "probably better",
    "unsure": "hard to tell apart",
    "same": "about the same: either is fine",
}

#: Every plain sentence, whole, with named placeholders (``{move}``, ``{reason}``...).
TEXTS = {
    # hints
    "hint.play": "Play {move}: {reason}. It is {sure} than {other}.",
    "hint.play.only": "Play {move}: {reason}.",
    "hint.draw": "Draw, even though a tile fits: {reason}. It is {sure} than {other}.",
    "hint.same": "{first} and {second} are about the same: either is fine.",
    "hint.unsure": "{first} and {second} are hard to tell apart: either may be the better move.",
    "hint.pass": "You must pass: nothing you hold fits and you may not draw.",
    "hint.must-draw": "Nothing you hold fits {showing}, so you must draw.",
    "hint.only-move": "Play {move}: it is {only}.",
    # the reason when no fact of the position tells the move from the next best
    "reason.tried": "it does best in many tries",
    # reviews
    "review.forced": "Turn {turn}: {who} had only one move, {move}.",
    "review.best": "Turn {turn}: {who} chose {move}, the best move: {sure} than {other}.",
    "review.best.same": "Turn {turn}: {who} chose {move}; {other} was about the same, so either was fine.",
    "review.best.unsure": "Turn {turn}: {who} chose {move}; {other} is hard to tell apart from it.",
    "review.worse": "Turn {turn}: {who} chose {move}; {best} was {sure}: {reason}.",
    "review.worse.short": "Turn {turn}: {who} chose {move}; {best} was {sure}.",
    "review.worse.same": "Turn {turn}: {who} chose {move}; {best} was about the same, so either was fine.",
    "review.worse.unsure": "Turn {turn}: {who} chose {move}; {best} may have been better, but it is hard to tell.",
    # the analysis board (its "about the same" and "hard to tell" are the hint's own sentences)
    "board.better": "{move} is {sure} than {other}.",
    "board.better.exact": "{move} is {sure} than {other}: every tile's place is known, so this is certain.",
    "board.same.exact": "{first} and {second} are about the same: either is fine, and every tile's place is known.",
    "board.equal.exact": "{first} and {second} end the same: every tile's place is known.",
    "board.only": "{move} is your only move.",
    "board.must-draw": "You must draw: nothing you hold fits.",
    "board.must-pass": "You must pass: nothing you hold fits, and you may not draw.",
    # puzzles
    "puzzle.answer": "The best move is {move}: {reason}. It is {sure} than {other}.",
    "puzzle.correct": "Yes: {move} is the best move, {sure} than {other}.",
    "puzzle.incorrect": "Not this one: another move is {sure} than {move}. Try again, or ask for a hint.",
    "puzzle.hint": "One of these {count} moves is clearly best, and it is not your heaviest tile. Look at "
                   "what each move leaves on the ends.",
}


def say(key: str, **parts: object) -> str:
    """The sentence ``key`` of :data:`TEXTS` with its named parts filled in, its first
    letter capitalised."""
    text = TEXTS[key].format(**parts)
    return text[:1].upper() + text[1:]


def words(text: str) -> int:
    """How many words ``text`` has (a tile such as "6-4" is one word)."""
    return len(text.split())


def check(text: str) -> list[str]:
    """What is wrong with ``text`` as a plain sentence (nothing: an empty list)."""
    problems = []
    if words(text) > MAX_WORDS:
        problems.append(f"{words(text)} words (at most {MAX_WORDS})")
    lowered = text.lower()
    for banned in BANNED:
        if re.search(rf"(?<![a-z]){re.escape(banned)}(?![a-z])", lowered):
            problems.append(f"says {banned!r}")
    return problems


def fit(candidates: Sequence[str]) -> str:
    """The first of ``candidates`` (longest first) that is a plain sentence by
    :func:`check`; the last one otherwise."""
    for text in candidates:
        if not check(text):
            return text
    return candidates[-1]


def reasons(parts: Sequence[str]) -> list[str]:
    """The reasons a sentence may give, longest first, for :func:`fit`: every part together,
    then each part alone, then "it does best in many tries" (the search's own reason, when
    no fact of the position tells the moves apart or none fits)."""
    out = [" and ".join(parts)] if len(parts) > 1 else []
    out += list(parts)
    out.append(say("reason.tried").lower())
    return out


def how_sure(gap: float, margin: float, *, told_apart: bool = False) -> str:
    """How sure a move ahead by ``gap`` points is to be better, in a word of :data:`SURE`:
    ``margin`` is half the 95% interval of the gap (0 when exact).  ``told_apart`` is a
    hint's own test (it names a move only when the figures tell the two apart by its
    rule): with it, a gap whose interval reaches 0 is "probably" better, not "unsure"."""
    if gap < SAME_POINTS:
        return "same"
    if gap - margin <= 0:
        return "probably" if told_apart else "unsure"
    return "clear" if gap >= CLEAR_POINTS else "little"


def compare(gap: float, margin: float, other_margin: float, *, ahead: bool = True) -> str:
    """How sure a move ahead of another by ``gap`` points is the better one, a key of
    :data:`SURE`, from both moves' figures (``margin`` and ``other_margin``: half of each
    95% interval, 0 when exact).  The hint's rule, and the analysis board's: the figures
    tell the two apart only when the gap is :data:`SAME_POINTS` or more and larger than the
    two margins together (``sqrt(m1**2 + m2**2)``, the unpaired 95% bound) and, in a match,
    the move is ahead in its chance of winning it (``ahead``); then :func:`how_sure` says how
    sure ("probably" where the intervals overlap).  Otherwise "same" for a gap under
    :data:`SAME_POINTS` either way, "unsure" for a larger one."""
    told = ahead and gap >= SAME_POINTS and gap > math.hypot(margin, other_margin)
    if not told:
        return "same" if abs(gap) < SAME_POINTS else "unsure"
    return how_sure(gap, margin + other_margin, told_apart=True)
