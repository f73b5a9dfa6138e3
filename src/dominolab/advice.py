"""The hint's words: what a hint says about its move, and how sure it is.

:func:`dominolab.players.advise` chooses the move (the search) and builds its
:class:`Advice` from here: the facts of the position that tell the move from the next best
(:func:`reasons`, each a :class:`Fact`; the review and the puzzles state them too), the
search's figures in words (each average with its 95% margin, where it comes from, how often
the hand was won), how sure the figures are (:func:`certainty`, with :data:`CLOSE_POINTS`
and margins widened for few deals) and the moves named side by side (:func:`pair_words`).
Every number said is the evaluation's or a count of tiles in the position.  The plain
sentences themselves are :mod:`dominolab.plain`'s.  ``dominolab.players`` re-exports every
name here that was imported from it before (``from dominolab.players import reasons``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Optional

from . import plain, search
from .i18n import _, ngettext, pgettext
from .moves import DRAW, PASS, Move, Play, same_move
from .search import Evaluation
from .tiles import TILE_BY_ID, Tile
from .view import View
from .words import count_in_words, is_you, list_and, points_count

__all__ = ["CLOSE_POINTS", "Advice", "Fact", "certainty", "pair_words", "reasons"]


# ---------------------------------------------------------------------------- the position
def _counts(tiles: Iterable[Tile], max_pip: int) -> list[int]:
    """How many of ``tiles`` show each number."""
    counts = [0] * (max_pip + 1)
    for t in tiles:
        counts[t.high] += 1
        if not t.is_double:
            counts[t.low] += 1
    return counts


def _ends_after(view: View, move: Play) -> tuple[int, int]:
    if view.ends is None:
        return (move.tile.high, move.tile.low)
    left, right = view.ends
    if move.side == 0:
        return (move.tile.other(left), right)
    return (left, move.tile.other(right))


# ---------------------------------------------------------------------------- the advice
@dataclass(frozen=True)
class Fact:
    """One thing a hint says about its move besides the search's figures, true of the
    position and of the move, and not of the next best move (so it is a reason to prefer
    this one).  ``kind`` is one of:

    ``"lead-number"``  it leads ``number``, which the hand holds ``count`` of, more than
                       of any other number (``tied``: as many as of another)
    ``"double"``       it plays a double
    ``"heaviest"``     it sheds ``count`` points, the most of any playable tile
    ``"blocks"``       after it no tile can be added to the line
    ``"keeps-number"`` an end shows ``number``, which the rest of the hand holds
                       ``count`` of (at least two)
    ``"void"``         an end shows ``number``, which the next player (an opponent) has
                       shown they lack
    ``"locked"``       an end shows ``number``, and every other tile with it is in the
                       seat's hand or on the line: no other player can have one
    ``"follow"``       ``count`` of the seat's other tiles fit the ends it leaves (more
                       than after the next best)
    ``"sheds"``        it sheds ``count`` points, more than the next best play, or
                       instead of drawing
    """

    kind: str
    text: str
    number: Optional[int] = None
    count: Optional[int] = None
    tied: bool = False
    #: The same reason in the fewest plain words (what the hint's first sentence says).
    plain: str = ""


@dataclass(frozen=True)
class Advice:
    """The search player's move for a position, and why (see :func:`dominolab.players.advise`).

    ``kind`` is "pass" or "must-draw" (nothing fits), "only-move" (one legal move),
    "draw" (drawing although a tile fits), "play", or "close" (the figures cannot
    separate ``move`` from the runner-up: the reason names both as about equal).  ``evaluation`` is the search that
    chose the move (``None`` when there was no choice), ``runner_up`` the next best
    move's figures, and ``facts`` the reasons stated beyond the figures (at most two).

    ``reason`` is the plain sentence a learner reads first (at most
    :data:`~dominolab.plain.MAX_WORDS` words, no figures: the move, a reason from the
    position and how sure, in words: :func:`dominolab.plain.how_sure`, stored in
    ``sure``); ``why`` says the same with the search's figures, each average with its 95%
    margin.  Every number in ``why`` is one of these: the evaluation's values and shares,
    or counts of tiles in the position.
    """

    move: Move
    reason: str
    kind: str
    evaluation: Optional[Evaluation] = None
    runner_up: Optional[search.MoveValue] = None
    facts: tuple[Fact, ...] = ()
    why: str = ""
    #: How sure the hint is that ``move`` beats the runner-up, a key of :data:`dominolab.plain.SURE`
    #: ("" when there was no choice).
    sure: str = ""

    @property
    def chosen(self) -> Optional[search.MoveValue]:
        """The chosen move's figures (``None`` when there was no choice)."""
        return None if self.evaluation is None else self.evaluation[self.move]


def _facts_words(facts: Sequence[Fact], other: str) -> str:
    """The facts behind a hint, after its figures: " Unlike 5-1, it ..." against the next best
    move, or " It ..." alone when there is none to compare with (nothing, without facts)."""
    if not facts:
        return ""
    said = list_and(f.text for f in facts)
    if not other:
        return " " + _("{facts}.").format(facts=said[:1].upper() + said[1:])
    return " " + _("Unlike {other}, {facts}.").format(other=other, facts=said)


def _placed(move: Move, view: View) -> str:
    """A play as the object of "Play": "6-4 on the left", "6-4 to start the hand" (a lead),
    in the language of the moment."""
    assert isinstance(move, Play)
    if view.ends is None:
        return _("{tile} to start the hand").format(tile=move.tile)
    return (_("{tile} on the left") if move.end == "left" else _("{tile} on the right")).format(tile=move.tile)


def _plain_play(move: str, facts: Sequence[Fact], sure: str, other: str) -> str:
    """The hint's plain sentence for a play: its facts in plain words (both, else one:
    :func:`plain.reasons`), the first that fits in :data:`plain.MAX_WORDS`; with no fact that
    tells the move from the next best, no reason at all ("Play 6-4 on the left. It is ...")."""
    key = "hint.play" if sure else "hint.play.only"
    bare = plain.say("hint.play.bare" if sure else "hint.play.bare.only", move=move,
                     sure=plain.SURE.get(sure, ""), other=other)
    return plain.fit([plain.say(key, move=move, reason=r, sure=plain.SURE.get(sure, ""), other=other)
                      for r in plain.reasons([f.plain for f in facts])] + [bare])


# ---------------------------------------------------------------------------- how sure
def certainty(evaluation: Evaluation, chosen: search.MoveValue, runner: search.MoveValue) -> str:
    """How sure the figures are that ``chosen`` beats ``runner``, a key of
    :data:`dominolab.plain.SURE`: :func:`dominolab.plain.compare` on the two moves' points
    and honest margins (:func:`_honest`); in a match, ``chosen`` must also be ahead in its
    chance of winning it.  The hint's words and the analysis board's come from here.  The
    bound is unpaired: over the same deals the paired difference varies less, so the test
    errs towards calling moves about equal, never towards a false claim."""
    ahead = evaluation.objective != "match" or chosen.value > runner.value
    return plain.compare(chosen.points - runner.points, _honest(chosen), _honest(runner), ahead=ahead)


#: A hint names one move only when it beats the next best by at least this many net
#: points on average, the gap issue 21 measures hints by, so that a named move is one a
#: larger search also puts that far ahead.  With 1 point, a hint at the same level named a
#: move on 40% of the positions where a search with twice its deals puts none 2 points
#: clear (``benchmarks/hint_search.py``).
CLOSE_POINTS = plain.SAME_POINTS


def _bound(chosen: search.MoveValue, runner: search.MoveValue) -> float:
    """The unpaired 95% bound on the gap between two moves' averages: sqrt(m1^2 + m2^2),
    each margin widened for few deals (:func:`_honest`)."""
    return math.hypot(_honest(chosen), _honest(runner))


#: Student's t, 97.5% quantile, by degrees of freedom 1 to 29: a 95% interval over few deals
#: is wider than 1.96 standard errors.
_T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
        2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045)


def _honest(move: search.MoveValue) -> float:
    """A move's 95% margin, honest when few deals were dealt (a hint stopped early by its
    time limit): under 30 deals, Student's t quantile instead of 1.96.  From 30 deals on the
    search's own margin (1.96 standard errors) is kept."""
    if move.exact or not math.isfinite(move.margin) or move.deals >= 30 or move.deals < 2:
        return move.margin
    return move.margin * _T95[move.deals - 2] / 1.96


def _about_equal(view: View, evaluation: Evaluation, chosen: search.MoveValue,
                 runner: search.MoveValue) -> str:
    """The hint when the figures do not put one of the two best moves ahead by
    :data:`CLOSE_POINTS`, clear of their margins: it names both, and says which of the two
    held it back (a gap inside the margins, or a clear gap under :data:`CLOSE_POINTS`)."""
    first, second = pair_words(chosen.move, runner.move, view)
    first = first[0].upper() + first[1:]
    gap = chosen.points - runner.points
    parts = {"first": first, "second": second, "where": _where(evaluation, chosen), "figure": _figure(chosen),
             "other_figure": _figure(runner), "who": _for_whom(view), "close": plain.number(CLOSE_POINTS, "g")}
    if _bound(chosen, runner) < gap < CLOSE_POINTS:
        text = _("{first} and {second} are about equal: {where} they averaged a net {figure} and {other_figure} "
                 "points for {who}, less than {close} points apart, too little for a hint to call one of them "
                 "better.")
    elif chosen.exact and runner.exact:
        text = _("{first} and {second} are about equal: {where} they averaged a net {figure} and {other_figure} "
                 "points for {who}, too close for a hint to call one of them better.")
    else:
        text = _("{first} and {second} are about equal: {where} they averaged a net {figure} and {other_figure} "
                 "points for {who}, too close for these figures to pick one.")
    return text.format(**parts)


# ---------------------------------------------------------------------------- the figures in words
def _where(evaluation: Evaluation, chosen: search.MoveValue) -> str:
    """Where a hint's figures come from, from what was computed: "in 1 imagined deal of the
    hidden tiles", "in 240 imagined deals of the hidden tiles" (sampled), or "over all 6
    deals of the hidden tiles that fit what you know, each solved exactly" (exact)."""
    n = evaluation.deals
    if chosen.exact:
        text = ngettext("in the only deal of the hidden tiles that fits what you know, solved exactly,",
                        "over all {deals} deals of the hidden tiles that fit what you know, each solved exactly,", n)
    else:
        text = ngettext("in {deals} imagined deal of the hidden tiles", "in {deals} imagined deals of the hidden tiles",
                        n)
    return text.format(deals=n)


def _for_whom(view: View) -> str:
    """Whose points a hint's figures are, after "for": "you", or "your team" with a partner."""
    return pgettext("for", "your team") if view.partner is not None else pgettext("for", "you")


# ---------------------------------------------------------------------------- the facts
#: Which facts a hint states first (at most two).
#: A number no other player can have, the ends a move leaves and the points it sheds come
#: last: they fill in where fewer than two
#: of the others tell the moves apart, and never push one of those out.
_FACT_ORDER = ("blocks", "lead-number", "void", "keeps-number", "double", "heaviest", "locked", "follow", "sheds")


def reasons(view: View, move: Move, other: Optional[Move], evaluation: Optional[Evaluation] = None,
            who: str = "you") -> list[Fact]:
    """What is true of ``move`` and not of ``other`` in ``view``, the reasons a good player
    would give for it, most telling first (at most two): the facts a hint states, also
    for a review's or a puzzle's sentence.  ``evaluation`` is only a source of one deal of
    the hidden tiles (the position decides every fact).  ``who`` is the seat as the plain
    words name it ("you", "Ana", "seat 0")."""
    found = _facts(view, evaluation, move, other, who)
    return sorted(found, key=lambda f: _FACT_ORDER.index(f.kind))[:2]


def _runner_up(view: View, evaluation: Evaluation) -> Optional[search.MoveValue]:
    """The best move other than the chosen one that leads somewhere else (a tile played
    on either of two equal ends is the same move twice)."""
    best = evaluation.best
    return next((item for item in evaluation.ranked()[1:] if not same_move(item.move, best, view.ends)), None)


def _move_words(move: Move, view: View) -> str:
    """A move as the subject of a sentence or the thing compared ("than ..."), in the language
    of the moment: "drawing", "passing", "leading 6-4", "6-4 on the left" (where the tile
    fits either end), else "6-4"."""
    if move is DRAW:
        return _("drawing")
    if move is PASS:
        return _("passing")
    assert isinstance(move, Play)
    if view.ends is None:
        return _("leading {tile}").format(tile=move.tile)
    same_tile = sum(1 for m in view.legal if m.__class__ is Play and m.tile is move.tile)
    if same_tile > 1:
        return (_("{tile} on the left") if move.end == "left" else _("{tile} on the right")).format(tile=move.tile)
    return pgettext("subject", "{tile}").format(tile=move.tile)


def _doing(move: Move, view: View) -> str:
    """A move as an action, for a sentence that sets it beside a draw, a pass or a lead:
    "drawing", "leading 6-4", "playing 6-4 on the left" (where the tile fits either end), else
    "playing 6-4"; in Spanish "robar", "salir con el 6-4", "jugar el 6-4 a la izquierda"."""
    if move.__class__ is not Play or view.ends is None:
        return _move_words(move, view)
    assert isinstance(move, Play)
    same_tile = sum(1 for m in view.legal if m.__class__ is Play and m.tile is move.tile)
    if same_tile > 1:
        text = (pgettext("doing", "playing {tile} on the left") if move.end == "left"
                else pgettext("doing", "playing {tile} on the right"))
    else:
        text = pgettext("doing", "playing {tile}")
    return text.format(tile=move.tile)


def pair_words(first: Move, second: Move, view: View,
               words: Optional[Callable[[Move, View], str]] = None) -> tuple[str, str]:
    """Two moves named side by side ("{first} and {second} are about the same"), alike: two
    plays of tiles as ``words`` names them (by default as a hint's subject: "6-2", "5-2"), or,
    when either is a draw, a pass or a lead, both as actions ("drawing" and "playing 3-1",
    never "drawing and 3-1": :func:`_doing`)."""
    if all(m.__class__ is Play for m in (first, second)) and view.ends is not None:
        say = words or _move_words
        return say(first, view), say(second, view)
    return _doing(first, view), _doing(second, view)


def _figures(view: View, evaluation: Evaluation, chosen: search.MoveValue,
             runner: Optional[search.MoveValue]) -> str:
    """The search's figures for the chosen move against the next best, in words, each
    average in points with its 95% margin (none when exact: :func:`_figure`), where they come
    from (:func:`_where`: how many deals, sampled or solved exactly) and how often the hand
    was won with it: a clause that follows "Play 6-4 on the left:" (a whole clause in every
    language)."""
    team = view.partner is not None
    parts: dict[str, object] = {"where": _where(evaluation, chosen), "figure": _figure(chosen),
                                "who": _for_whom(view),
                                "other": _move_words(runner.move, view) if runner is not None else ""}
    if evaluation.objective == "match":
        parts["mine"] = _share(chosen.value + 1 / view.rules.sides(view.players))
        if runner is None:
            text = (_("{where} it gave your team a {mine} chance of winning the match (a net {figure} points in "
                      "this hand on average)") if team
                    else _("{where} it gave you a {mine} chance of winning the match (a net {figure} points in this "
                           "hand on average)"))
            return text.format(**parts)
        parts["theirs"] = _share(runner.value + 1 / view.rules.sides(view.players))
        text = (_("{where} it gave your team a {mine} chance of winning the match, against {theirs} for {other} (a "
                  "net {figure} points in this hand on average)") if team
                else _("{where} it gave you a {mine} chance of winning the match, against {theirs} for {other} (a net "
                       "{figure} points in this hand on average)"))
        return text.format(**parts)
    if runner is None:
        text = _("{where} it averaged a net {figure} points for {who}")
    elif _points(runner.points) == _points(chosen.points):
        text = _("{where} it averaged a net {figure} points for {who}, the same as {other} (a close call)")
    else:
        parts["other_figure"] = _figure(runner)
        text = _("{where} it averaged a net {figure} points for {who}, against {other_figure} for {other}, the next "
                 "best")
    # The share of those deals in which the seat's side won the hand with this move (its net
    # points above 0), never a comparison with the other move.
    if evaluation.deals == 1:  # one deal: the hand was won in it, or not ("100% of them" of one)
        won = ((_("{figures}, and your team wins the hand in it") if team
                else _("{figures}, and you win the hand in it")) if chosen.ahead >= 0.5
               else (_("{figures}, and your team does not win the hand in it") if team
                     else _("{figures}, and you do not win the hand in it")))
    else:
        won = (_("{figures}, and your team won the hand in {share} of them") if team
               else _("{figures}, and you won the hand in {share} of them"))
    return won.format(figures=text.format(**parts), share=_share(chosen.ahead))


def _points(value: float) -> str:
    """Average net points, signed, to a tenth: "+2.3", "0.0" ("+2,3" in Spanish)."""
    text = f"{value:+.1f}"
    return plain.number(0.0, ".1f") if text in ("+0.0", "-0.0") else plain.number(value, "+.1f")


def _figure(move: search.MoveValue) -> str:
    """A move's average net points with its 95% margin: "+2.3 ± 0.8"; exact figures have
    no margin to give ("+2.3", never "± 0.0")."""
    if move.exact:
        return _points(move.points)
    if not math.isfinite(move.margin):  # one deal: no margin can be known
        return f"{_points(move.points)} ± ?"
    return f"{_points(move.points)} ± {plain.number(move.margin, '.1f')}"


def _share(value: float) -> str:
    """A share as a percentage, in the language of the moment ("58%"; "58 %" in Spanish)."""
    return plain.percent(min(1.0, max(0.0, value)))


def _facts(view: View, evaluation: Optional[Evaluation], move: Move, runner: Optional[Move],
           who: str = "you") -> list[Fact]:
    """What is true of ``move`` and not of ``runner`` (any move that is not a play of a
    tile shares none of a play's facts)."""

    mine = _move_facts(view, evaluation, move, who)
    theirs = _move_facts(view, evaluation, runner) if runner is not None and runner.__class__ is Play else []
    out = []
    for fact in mine:
        if any(_same_claim(fact, other) for other in theirs):
            continue
        out.append(fact)
    kinds = {f.kind for f in out}
    if "keeps-number" in kinds or (runner is not None and runner.__class__ is not Play):
        # The same claim about the ends said more precisely; against a draw (which keeps
        # today's ends) the tiles that fit after are no reason.
        out = [f for f in out if f.kind != "follow"]
    shed = _sheds(view, move, runner)
    if shed is not None and "heaviest" not in kinds:
        out.append(shed)
    return out


def _sheds(view: View, move: Move, runner: Optional[Move]) -> Optional[Fact]:
    """The points ``move`` sheds as a reason against ``runner``: more than the next best
    play sheds ("it sheds 9 points, 3 more than 5-1"), or instead of drawing a tile."""
    if move.__class__ is not Play or runner is None:
        return None
    assert isinstance(move, Play)
    value = view.rules.tile_value
    points = points_count(value(move.tile))
    if runner is DRAW:
        return Fact("sheds", _("it sheds {points}").format(points=points), count=value(move.tile),
                    plain=_("it sheds {points} instead of drawing").format(points=points))
    if runner.__class__ is not Play:
        return None
    assert isinstance(runner, Play)
    more = value(move.tile) - value(runner.tile)
    if more <= 0:
        return None
    return Fact("sheds", _("it sheds {points}, {more} more").format(points=points, more=more),
                count=value(move.tile),
                plain=_("it sheds {points}, {more} more than {other}").format(points=points, more=more,
                                                                             other=runner.tile))


def _same_claim(a: Fact, b: Fact) -> bool:
    """Would ``b`` make the same claim as ``a`` (so ``a`` does not tell the moves apart)?"""
    if a.kind != b.kind:
        return False
    if a.kind in ("double", "blocks", "locked"):
        return True
    if a.kind == "heaviest":
        return b.count == a.count
    if a.kind == "keeps-number":
        return b.number == a.number or (b.count or 0) >= (a.count or 0)
    if a.kind == "follow":
        return (b.count or 0) >= (a.count or 0)
    return b.number == a.number


def _move_facts(view: View, evaluation: Optional[Evaluation], move: Move, who: str = "you") -> list[Fact]:
    """The facts a hint may state about the play ``move`` (each true of the position): of
    the tile itself first, then of the ends it leaves (none once it blocks the game)."""
    if move.__class__ is not Play:
        return []
    assert isinstance(move, Play)
    tile = move.tile
    you = is_you(who)
    found = [_lead_fact(view, tile, you) if view.ends is None else None,
             _double_fact(tile, you) if tile.is_double else None,
             _heaviest_fact(view, tile, you)]
    facts = [fact for fact in found if fact is not None]
    after = _ends_after(view, move)
    if view.ends is not None and _blocks(view, evaluation, move):
        facts.append(Fact("blocks", _("it blocks the game: no tile can be added to the line"),
                          plain=_("it blocks the game")))
        return facts  # an end of a blocked line is nothing to keep or to deny
    rest = [t for t in view.hand if t is not tile]
    found = [_kept_fact(view, rest, after, who), _locked_fact(view, after), _follow_fact(rest, after, you),
             _void_fact(view, after)]
    return facts + [fact for fact in found if fact is not None]


def _lead_fact(view: View, tile: Tile, you: bool) -> Optional[Fact]:
    """A lead of the number the hand holds most of ("it leads sixes, your strongest number")."""
    held = _counts(view.hand, view.rules.max_pip)
    strongest = max(held)
    numbers = [n for n in (tile.high, tile.low) if held[n] == strongest]
    if not numbers:
        return None
    n = numbers[0]
    tied = sum(1 for c in held if c == strongest) > 1
    parts = {"suit": plain.suit(n), "count": count_in_words(strongest)}
    if tied:
        text = _("it leads {suit}, one of your strongest numbers (you hold {count})")
        said = (_("it leads {suit}, one of your strongest numbers") if you
                else _("it leads {suit}, one of their strongest numbers"))
    else:
        text = _("it leads {suit}, your strongest number (you hold {count})")
        said = (_("it leads {suit}, your strongest number") if you
                else _("it leads {suit}, their strongest number"))
    return Fact("lead-number", text.format(**parts), number=n, count=strongest, tied=tied,
                plain=said.format(**parts))


def _double_fact(tile: Tile, you: bool) -> Fact:
    """A double played: it leaves the hand."""
    said = _("it gets your double {tile} out") if you else _("it gets their double {tile} out")
    return Fact("double", _("it gets the double {tile} out of your hand").format(tile=tile),
                plain=said.format(tile=tile))


def _heaviest_fact(view: View, tile: Tile, you: bool) -> Optional[Fact]:
    """The heaviest playable tile shed, when some playable tile is lighter."""
    value = view.rules.tile_value
    playable = {m.tile for m in view.legal if m.__class__ is Play}
    heaviest = max(value(t) for t in playable)
    if value(tile) != heaviest or not any(value(t) < heaviest for t in playable):
        return None
    points = points_count(value(tile))
    said = (_("it sheds {points}, your heaviest tile that fits") if you
            else _("it sheds {points}, their heaviest tile that fits"))
    return Fact("heaviest", _("it sheds {points}, your heaviest playable tile").format(points=points),
                count=value(tile), plain=said.format(points=points))


def _kept_fact(view: View, rest: list[Tile], after: tuple[int, int], who: str) -> Optional[Fact]:
    """An end left showing a number the rest of the hand holds at least two more of."""
    counts = _counts(rest, view.rules.max_pip)
    kept = [n for n in sorted(set(after)) if counts[n] >= 2]
    if not kept:
        return None
    n = max(kept, key=lambda k: (counts[k], k))
    parts = {"number": str(n), "count": count_in_words(counts[n]), "suit": plain.suit(n),
             "who": plain.person(who)}
    said = (_("it keeps a {number} showing and {who} hold {count} more {suit}") if is_you(who)
            else _("it keeps a {number} showing and {who} holds {count} more {suit}"))
    return Fact("keeps-number", _("it leaves {number} showing, and you hold {count} more {suit}").format(
                **parts), number=n, count=counts[n], plain=said.format(**parts))


def _locked_fact(view: View, after: tuple[int, int]) -> Optional[Fact]:
    """An end left showing a number no unseen tile has: no other player can follow it."""
    unseen = view.unseen
    locked = [n for n in sorted(set(after)) if not any(t.has(n) for t in unseen)]
    if not locked:
        return None
    n = locked[-1]
    return Fact("locked", _("it leaves {number} showing, and no tile with a {number} is left for the others")
                .format(number=n), number=n,
                plain=_("it leaves a {number} showing, which no other player can have").format(number=n))


def _follow_fact(rest: list[Tile], after: tuple[int, int], you: bool) -> Optional[Fact]:
    """How many of the seat's other tiles fit the ends the move leaves (when any do)."""
    follow = sum(1 for t in rest if after[0] in (t.high, t.low) or after[1] in (t.high, t.low))
    if not follow:
        return None
    parts = {"count": count_in_words(follow)}
    said = (ngettext("one of your other tiles fits the ends it leaves",
                     "{count} of your other tiles fit the ends it leaves", follow) if you
            else ngettext("one of their other tiles fits the ends it leaves",
                          "{count} of their other tiles fit the ends it leaves", follow))
    text = ngettext("it leaves ends that one of your other tiles fits",
                    "it leaves ends that {count} of your other tiles fit", follow)
    return Fact("follow", text.format(**parts), count=follow, plain=said.format(**parts))


def _void_fact(view: View, after: tuple[int, int]) -> Optional[Fact]:
    """An end left showing a number the next player (an opponent) has shown they lack."""
    from .inference import known_voids

    nxt = (view.seat + 1) % view.players
    if nxt == view.partner or not view.hand_counts[nxt]:
        return None
    lacking = known_voids(view).get(nxt, {})
    shut = [n for n in sorted(set(after)) if n in lacking]
    if not shut:
        return None
    return Fact("void", _("it leaves {number} showing, which the next player has shown they lack")
                .format(number=shut[0]), number=shut[0],
                plain=_("it shows a {number}, which the next player has none of").format(number=shut[0]))


def _blocks(view: View, evaluation: Optional[Evaluation], move: Move) -> bool:
    """Is the line blocked after ``move``?  The round decides (any deal of the hidden
    tiles gives the same answer: blocking is about the line alone): a deal the search kept,
    else one dealt here."""
    from .round import Round
    from .tiles import tiles_of

    if evaluation is not None and evaluation.worlds:
        hands, stock = evaluation.worlds[0]
    else:
        hands, stock = search.Dealer(view).deal(random.Random(0))
    r = Round.from_view(view, {s: tuple(tiles_of(m)) for s, m in enumerate(hands) if s != view.seat and m},
                        [TILE_BY_ID[t] for t in reversed(stock)])
    r.play(move)
    return r.is_blocked
