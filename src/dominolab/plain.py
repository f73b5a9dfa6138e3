"""Plain words first: the one sentence a learner reads before any figure.

Every hint, review sentence and puzzle answer opens with a sentence a 12-year-old reads:
the move, the reason a good player would give, and how sure the engine is, in words.  The
figures with their certainty stay one step away (a "Why?" text, and the Python objects).

This module holds those sentences, each a whole sentence with named placeholders, said in
the language of the moment they are built (:mod:`dominolab.i18n`: :data:`TEXTS` and
:data:`SURE` give each text in that language when it is read), and the one rule that turns
figures into words of certainty (:func:`how_sure`): never surer than the figures.
:func:`number` writes a figure with the language's decimal mark ("0,38" in Spanish).

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
from collections.abc import Iterator, Mapping, Sequence
from typing import Optional

from .i18n import N_, NP_, _, get_language, pgettext
from .words import is_you

__all__ = ["BANNED", "CLEAR_POINTS", "MAX_WORDS", "SAME_POINTS", "SURE", "TEXTS", "Said", "check", "compare", "fit",
           "how_sure", "number", "percent", "person", "reasons", "say", "suit", "words"]


class Said(Mapping[str, str]):
    """English texts by key, each read in the language of the moment (:func:`dominolab.i18n._`):
    ``SURE["clear"]`` is "clearly better" in English and "claramente mejor" in Spanish.
    :attr:`english` holds the source texts themselves; ``context`` tells them apart from the
    same English words elsewhere (:func:`dominolab.i18n.pgettext`)."""

    def __init__(self, texts: Mapping[str, str], context: Optional[str] = None):
        self.english = dict(texts)
        self.context = context

    def __getitem__(self, key: str) -> str:
        text = self.english[key]
        return _(text) if self.context is None else pgettext(self.context, text)

    def __iter__(self) -> Iterator[str]:
        return iter(self.english)

    def __len__(self) -> int:
        return len(self.english)

    def __repr__(self) -> str:
        return repr(dict(self))

#: The most words a plain sentence may have.
MAX_WORDS = 25
#: What a plain sentence never says (the figures' words belong to the "Why?" text).
BANNED = ("±", "net", "imagined deals", "margin")
#: The same words in the other languages, by code (a translator adds a line here).
BANNED_IN = {"es": ("±", "neto", "netos", "repartos imaginados", "margen")}
#: A gap of at least this many points, clear of its margin, is "clearly better".
CLEAR_POINTS = 5.0
#: A gap under this many points is "about the same" (the hint's :data:`~dominolab.players.CLOSE_POINTS`).
SAME_POINTS = 2.0

#: Certainty in words, by :func:`how_sure`'s answer, in the language of the moment.
SURE: Said = Said({
    "clear": N_("clearly better"),
    "little": N_("a little better"),
    "probably": N_("probably better"),
    "unsure": N_("hard to tell apart"),
    "same": N_("about the same: either is fine"),
})

#: Every plain sentence, whole, with named placeholders (``{move}``, ``{reason}``...), in the
#: language of the moment.  A sentence about a seat ("review.*") has a second form for
#: "you" (:func:`say` picks it when ``who`` speaks to the reader), with the same English.
TEXTS: Said = Said({
    # hints
    "hint.play": N_("Play {move}: {reason}. It is {sure} than {other}."),
    "hint.play.only": N_("Play {move}: {reason}."),
    "hint.play.bare": N_("Play {move}. It is {sure} than {other}."),
    "hint.play.bare.only": N_("Play {move}."),
    "hint.draw": N_("Draw, even though a tile fits. It is {sure} than {other}."),
    "hint.draw.only": N_("Draw, even though a tile fits."),
    "hint.same": N_("{first} and {second} are about the same: either is fine."),
    "hint.unsure": N_("{first} and {second} are hard to tell apart: either may be the better move."),
    "hint.pass": N_("You must pass: nothing you hold fits and you may not draw."),
    "hint.must-draw": N_("Nothing you hold fits {showing}, so you must draw."),
    "hint.must-draw.ends": N_("Nothing you hold fits {left} or {right}, so you must draw."),
    "hint.only-move": N_("Play {move}: it is {only}."),
    "hint.only-tile": N_("Play {move}: it is the only tile that fits."),
    "hint.only-lead": N_("Play {move}: it is the only tile you may lead."),
    # reviews
    "review.forced": N_("Turn {turn}: {who} had only one move, {move}."),
    "review.best": N_("Turn {turn}: {who} chose {move}, the best move: {sure} than {other}."),
    "review.best.same": N_("Turn {turn}: {who} chose {move}; {other} was about the same, so either was fine."),
    "review.best.unsure": N_("Turn {turn}: {who} chose {move}; {other} is hard to tell apart from it."),
    "review.worse": N_("Turn {turn}: {who} chose {move}; {best} was {sure}: {reason}."),
    "review.worse.short": N_("Turn {turn}: {who} chose {move}; {best} was {sure}."),
    "review.worse.same": N_("Turn {turn}: {who} chose {move}; {best} was about the same, so either was fine."),
    "review.worse.unsure": N_("Turn {turn}: {who} chose {move}; {best} may have been better, but it is hard to tell."),
    # the analysis board (its "about the same" and "hard to tell" are the hint's own sentences)
    "board.better": N_("{move} is {sure} than {other}."),
    "board.better.exact": N_("{move} is {sure} than {other}: every tile's place is known, so this is certain."),
    "board.same.exact": N_("{first} and {second} are about the same: either is fine, and every tile's place is known."),
    "board.equal.exact": N_("{first} and {second} end the same: every tile's place is known."),
    "board.only": N_("{move} is your only move."),
    "board.must-draw": N_("You must draw: nothing you hold fits."),
    "board.must-pass": N_("You must pass: nothing you hold fits, and you may not draw."),
    # puzzles
    "puzzle.answer": N_("The best move is {move}: {reason}. It is {sure} than {other}."),
    "puzzle.answer.bare": N_("The best move is {move}. It is {sure} than {other}."),
    # a puzzle's best move when it is clearly best and the comparison leaves no room for its reason
    "puzzle.answer.clear": N_("Clearly the best move is {move}: {reason}."),
    # a puzzle's verdict: the title above it says "Correct" or "Not this time" (never twice)
    "puzzle.correct": N_("{move} is the best move: {reason}. It is {sure} than {other}."),
    "puzzle.correct.bare": N_("{move} is the best move. It is {sure} than {other}."),
    "puzzle.correct.clear": N_("{move} is clearly the best move: {reason}."),
    "puzzle.incorrect": N_("Another move is {sure} than {move}. Try again, or ask for a hint."),
    "puzzle.hint": N_("One of these {count} moves is clearly best, and it is not your heaviest tile. Look at "
                      "what each move leaves on the ends."),
})


#: The review's sentences as said to "you" (a verb agrees with its person in Spanish: "elegiste",
#: "eligió"): the same English as :data:`TEXTS`, told apart by the context "you".
YOU_FORMS = {
    "review.forced": NP_("you", "Turn {turn}: {who} had only one move, {move}."),
    "review.best": NP_("you", "Turn {turn}: {who} chose {move}, the best move: {sure} than {other}."),
    "review.best.same": NP_("you", "Turn {turn}: {who} chose {move}; {other} was about the same, so either was "
                                   "fine."),
    "review.best.unsure": NP_("you", "Turn {turn}: {who} chose {move}; {other} is hard to tell apart from it."),
    "review.worse": NP_("you", "Turn {turn}: {who} chose {move}; {best} was {sure}: {reason}."),
    "review.worse.short": NP_("you", "Turn {turn}: {who} chose {move}; {best} was {sure}."),
    "review.worse.same": NP_("you", "Turn {turn}: {who} chose {move}; {best} was about the same, so either was "
                                    "fine."),
    "review.worse.unsure": NP_("you", "Turn {turn}: {who} chose {move}; {best} may have been better, but it is "
                                      "hard to tell."),
}


def person(who: str) -> str:
    """A seat's name as a sentence says it: a name that speaks to the reader ("you", "You",
    "Tú") is the language's own word for it ("tú"), except where that word is the English
    "you" itself (English keeps the name as given); any other name is kept."""
    if not is_you(who):
        return who
    word = pgettext("person", "you")
    return who if word == "you" else word


def say(key: str, **parts: object) -> str:
    """The sentence ``key`` of :data:`TEXTS` in the language of the moment, with its named
    parts filled in, its first letter capitalised.  Where ``who`` speaks to the reader
    (:func:`dominolab.words.is_you`) and the sentence has a form for "you"
    (:data:`YOU_FORMS`), that form is said, with ``who`` as :func:`person` says it."""
    who = parts.get("who")
    if key in YOU_FORMS and isinstance(who, str) and is_you(who):
        text = pgettext("you", YOU_FORMS[key]).format(**{**parts, "who": person(who)})
    else:
        text = TEXTS[key].format(**parts)
    return text[:1].upper() + text[1:]


def percent(share: float, spec: str = ".0f") -> str:
    """``share`` (0 to 1) as a percentage written by ``spec``, in the language of the moment:
    "58%" in English, "58 %" in Spanish (its space), with :func:`number`'s marks."""
    return _("{number}%").format(number=number(100 * share, spec))


def number(value: float, spec: str) -> str:
    """``value`` written by the format ``spec`` (as :func:`format`: "+.1f", ".0%", ",") with
    the marks of the language of the moment: "+2.3" and "4,764" in English, "+2,3" and
    "4 764" in Spanish (a decimal comma; thousands apart by a no-break space, never a point
    or a comma that could be read as the other mark)."""
    text = format(value, spec)
    decimal = pgettext("decimal mark", ".")
    thousands = pgettext("thousands mark", ",")
    if (decimal, thousands) == (".", ","):
        return text
    return text.translate({ord("."): decimal, ord(","): thousands})


#: The numbers as suits, in the plural ("two more 6s"): translated when said (:func:`suit`).
SUITS = (NP_("suit", "blanks"), NP_("suit", "1s"), NP_("suit", "2s"), NP_("suit", "3s"), NP_("suit", "4s"),
         NP_("suit", "5s"), NP_("suit", "6s"), NP_("suit", "7s"), NP_("suit", "8s"), NP_("suit", "9s"),
         NP_("suit", "10s"), NP_("suit", "11s"), NP_("suit", "12s"), NP_("suit", "13s"), NP_("suit", "14s"),
         NP_("suit", "15s"), NP_("suit", "16s"), NP_("suit", "17s"), NP_("suit", "18s"))


def suit(n: int) -> str:
    """A number as a suit in the plural, in the language of the moment: "blanks", "6s"
    (:func:`dominolab.words.number_plural`'s English) or "blancos", "seises"."""
    return pgettext("suit", SUITS[n])


def words(text: str) -> int:
    """How many words ``text`` has (a tile such as "6-4" is one word)."""
    return len(text.split())


def check(text: str) -> list[str]:
    """What is wrong with ``text`` as a plain sentence (nothing: an empty list)."""
    problems = []
    if words(text) > MAX_WORDS:
        problems.append(f"{words(text)} words (at most {MAX_WORDS})")
    lowered = text.lower()
    for banned in BANNED + BANNED_IN.get(get_language(), ()):
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
    then each part alone.  Nothing when no fact of the position tells the moves apart: the
    sentence then gives no reason (its caller adds a form without one), never an empty one
    such as "it does best in many tries"."""
    out = [_join(parts)] if len(parts) > 1 else []
    out += list(parts)
    return out


def _join(parts: Sequence[str]) -> str:
    """Reasons one after another, "a and b" ("a y b"; "a and b and c" for three)."""
    text = parts[0]
    for part in parts[1:]:
        text = pgettext("reasons", "{first} and {second}").format(first=text, second=part)
    return text


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
