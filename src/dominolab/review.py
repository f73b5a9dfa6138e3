"""Review a finished (or unfinished) hand: how good was each decision of one seat?

:func:`review` replays a hand from its start and, at every decision of ``seat`` (plays,
draws and passes), asks the search (:class:`~dominolab.players.SearchPlayer`) to value
every legal move **from that seat's view at that moment** (``Round.view(seat)``: its own
hand, the line, the counts and the public history; never a hidden hand, never the
boneyard's order).  A move's figures are its expected net points for the seat's side
(points the side scores in the hand minus the others'), the margin of error of that
estimate (a 95% interval) and the share of sampled deals in which its side won the hand.

Each decision gets a label by the **points the move played gave up** against the best
move, ``loss = best.points - played.points``:

=============  ==================  ===============================================
label          points lost         why this cut
=============  ==================  ===============================================
best           less than 0.5       scores come in whole points: a half point is a tie
good           0.5 to under 2      up to about a tenth of a typical won hand
inaccuracy     2 to under 5        up to about a quarter of a typical won hand
mistake        5 to under 10       up to about half a typical won hand
blunder        10 or more          more than half a typical won hand
=============  ==================  ===============================================

A decision where only one move was legal is labelled ``"forced"`` (:data:`FORCED`, shown
as "only move"): there was nothing to choose, so it is neither best nor anything else.

A "typical won hand" is what the winner scores in a won standard hand with two players
between search players at level "easy": 17.6 points on average (95% interval ±2.6, median
15, over 100 hands; ``python benchmarks/review.py`` measures it).  Between two greedy
novices it is smaller, about 12.  The label compares two *estimates*; a
decision's :attr:`Decision.clear` says whether the best move's interval lies wholly above
the played move's, i.e. the loss is larger than the search's margin of error.

Every sentence a review writes is built from these figures only.  The review can be
followed (``progress(done, total)``) and stopped (``cancel``: a ``threading.Event`` or a
function returning True), so that a table can run it in the background; a stopped review
holds the decisions done so far and ``complete=False``.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any, Optional, Union

from . import plain
from .i18n import NP_, _, ngettext, npgettext, pgettext
from .moves import DRAW, PASS, Move, Play
from .narration import next_turn
from .round import Round
from .tiles import Tile
from .validate import check_cancel, check_int, check_seed, excerpt
from .view import View
from .words import count_in_words, is_you, seat_name

if TYPE_CHECKING:  # the board is a layer above: imported when asked for
    from .analysis import AnalysisBoard

__all__ = ["FORCED", "LABELS", "LABEL_WORDS", "Choice", "Decision", "Review", "label_for", "label_words", "move_words",
           "review"]

#: The labels by points lost: a decision that gave up less than the bound gets the label.
LABELS: tuple[tuple[str, float], ...] = (
    ("best", 0.5),
    ("good", 2.0),
    ("inaccuracy", 5.0),
    ("mistake", 10.0),
    ("blunder", math.inf),
)


#: The label of a decision with one legal move (nothing to choose): shown as "only move".
FORCED = "forced"
#: Each label as a learner reads it (a forced move is the "only move", never "best"), in
#: the language of the moment.
LABEL_WORDS: plain.Said = plain.Said({
    "best": NP_("label", "best"), "good": NP_("label", "good"), "inaccuracy": NP_("label", "inaccuracy"),
    "mistake": NP_("label", "mistake"), "blunder": NP_("label", "blunder"), FORCED: NP_("label", "only move")},
    context="label")


def label_words(label: str) -> str:
    """A label (:data:`LABELS` or :data:`FORCED`) as a learner reads it, in the language of
    the moment: "good" is "buena" in Spanish, "forced" is "only move" ("obligada").  An
    unknown label raises a ValueError that lists the labels there are."""
    if label not in LABEL_WORDS:
        raise ValueError(f"no label {excerpt(label)}; the labels are {', '.join(LABEL_WORDS)}")
    return LABEL_WORDS[label]


def label_for(loss: float) -> str:
    """The label of a decision that gave up ``loss`` expected points (see :data:`LABELS`)."""
    if isinstance(loss, bool) or not isinstance(loss, (int, float)) or math.isnan(loss):
        raise ValueError(f"loss must be a number of points, got {excerpt(loss)}")
    for name, bound in LABELS:
        if loss < bound:
            return name
    return LABELS[-1][0]


def move_words(move: Move, view: Optional[View] = None) -> str:
    """A move in a few words, in the language of the moment: "6-4 on the left", "draw",
    "pass"; given the ``view`` it was made in, the first tile of a hand is "lead 6-4" (a lead
    has no end)."""
    if move is DRAW:
        return pgettext("move", "draw")
    if move is PASS:
        return pgettext("move", "pass")
    assert isinstance(move, Play)
    if view is not None and view.ends is None:
        return pgettext("move", "lead {tile}").format(tile=move.tile)
    return (pgettext("move", "{tile} on the left") if move.end == "left"
            else pgettext("move", "{tile} on the right")).format(tile=move.tile)


def _placed(move: Play) -> str:
    """A play on an end as a sentence names it: "6-4 on the left" ("el 6-4 a la izquierda")."""
    return (_("{tile} on the left") if move.end == "left" else _("{tile} on the right")).format(tile=move.tile)


def _phrase(move: Move, view: View) -> str:
    """A move as the object of "chose" or "the best was": "to draw", "to lead 6-4", "6-4 on the left"."""
    if move is DRAW:
        return _("to draw")
    if move is PASS:
        return _("to pass")
    assert isinstance(move, Play)
    return _("to lead {tile}").format(tile=move.tile) if view.ends is None else _placed(move)


def _subject(move: Move, view: View) -> str:
    """A move as the subject of a sentence: "drawing", "leading 6-4", "6-4 on the left"."""
    if move is DRAW:
        return _("drawing")
    if move is PASS:
        return _("passing")
    assert isinstance(move, Play)
    return _("leading {tile}").format(tile=move.tile) if view.ends is None else _placed(move)


def _signed(x: float) -> str:
    return plain.number(x, "+.1f")


def _about(who: str, other: str, you: str, **parts: object) -> str:
    """A sentence about a seat: ``other``, or where ``who`` speaks to the reader ``you`` (the
    same English, whose verbs agree with "you" in Spanish), ``who`` as :func:`plain.person` says it."""
    if is_you(who):
        return you.format(who=plain.person(who), **parts)
    return other.format(who=who, **parts)


#: The search levels as a review's summary names them (translated when said).
LEVEL_WORDS = (NP_("level", "easy"), NP_("level", "medium"), NP_("level", "hard"), NP_("level", "expert"))
#: The table's columns as a learner reads them (translated when shown).
COLUMNS = (NP_("column", "turn"), NP_("column", "played"), NP_("column", "expected"), NP_("column", "best"),
           NP_("column", "best expected"), NP_("column", "lost"), NP_("column", "label"))
#: A label as the table and the chart show it, "forced" among them (translated when shown).
LABEL_CELLS = (NP_("label", "best"), NP_("label", "good"), NP_("label", "inaccuracy"), NP_("label", "mistake"),
               NP_("label", "blunder"), NP_("label", "forced"))


def _counted(label: str, n: int) -> str:
    """``n`` decisions with ``label``, as the summary counts them: "3 best", "2 only moves"."""
    if label == "best":
        text = npgettext("decisions", "{count} best", "{count} best", n)
    elif label == "good":
        text = npgettext("decisions", "{count} good", "{count} good", n)
    elif label == "inaccuracy":
        text = npgettext("decisions", "{count} inaccuracy", "{count} inaccuracy", n)
    elif label == "mistake":
        text = npgettext("decisions", "{count} mistake", "{count} mistake", n)
    elif label == "blunder":
        text = npgettext("decisions", "{count} blunder", "{count} blunder", n)
    else:
        text = ngettext("{count} only move", "{count} only moves", n)
    return text.format(count=n)


@dataclass(frozen=True)
class Choice:
    """One legal move at a decision, as the search valued it: expected net points
    (``points``) with their margin of error (``margin``, half a 95% interval) and the
    share of deals in which the seat's side won the hand with the move (``ahead``, 0 to 1)."""

    move: Move
    points: float
    margin: float
    ahead: float

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval of the expected net points."""
        return (self.points - self.margin, self.points + self.margin)

    def clear_of(self, other: Choice) -> bool:
        """True when this move's 95% interval lies wholly above ``other``'s."""
        return self.interval[0] > other.interval[1]

    def figure(self) -> str:
        """The expected points with their margin: "+4.2 points (±1.3)" (in the language of the moment)."""
        margin = (pgettext("margin", "exact") if self.margin == 0
                  else f"±{plain.number(self.margin, '.1f')}" if math.isfinite(self.margin) else "±?")
        return _("{points} points ({margin})").format(points=_signed(self.points), margin=margin)

    def words(self) -> str:
        """The figures in words: "+4.2 points (±1.3), winning the hand in 58% of deals" (the
        share of deals the seat's side won the hand with this move, never a comparison with
        another move)."""
        return _("{figure}, winning the hand in {share} of deals").format(figure=self.figure(),
                                                                           share=plain.percent(self.ahead))


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat.

    ``index`` is the move's place in the hand's list of moves (0 = the hand's first move;
    :attr:`turn` is the number a learner reads, the log's), ``view`` what the seat knew
    then, ``played`` the move it made, ``choices`` every legal move's figures (best first;
    moves that mirror each other on a line with equal ends appear once), ``loss`` the
    expected points the move played gave up against the best, ``label`` the word for it
    (:data:`LABELS`, or :data:`FORCED` when only one move was legal), ``deals`` and
    ``exact`` how many deals the search dealt and solved exactly."""

    index: int
    view: View
    played: Move
    choices: tuple[Choice, ...]
    loss: float
    label: str
    deals: int
    exact: int
    #: The margin of error of ``loss`` from a paired comparison (the played move and the
    #: best on the same deals, so the deals' luck cancels), or ``None`` when there was none.
    paired: Optional[float] = None
    #: What the seat knew beyond its view, for :meth:`analysis`: its tiles as dealt, the
    #: tiles it drew before this decision (in order) and whether the hand was the first of
    #: a match (the first-lead rule applies); empty and ``None`` when not known.
    dealt: tuple[Tile, ...] = ()
    drawn: tuple[Tile, ...] = ()
    first_hand: Optional[bool] = None

    def analysis(self, names: Optional[Sequence[str]] = None) -> AnalysisBoard:
        """An :class:`~dominolab.analysis.AnalysisBoard` at this decision, from the seat's
        point of view (whatever it knew then), to ask "what if": ``board.evaluate()`` values
        every move, ``board.play(...)`` tries another.  ``names`` as the board's (the seat
        is "me")."""
        from .analysis import AnalysisBoard

        return AnalysisBoard.from_view(self.view, self.dealt or None, self.drawn, first_hand=self.first_hand,
                                       names=names)

    @property
    def best(self) -> Choice:
        """The best move's figures."""
        return self.choices[0]

    @property
    def chosen(self) -> Choice:
        """The figures of the move played."""
        return _find(self.choices, self.played, self.view)

    @property
    def forced(self) -> bool:
        """True when only one move was legal (then there was nothing to choose)."""
        return len(self.choices) == 1

    @property
    def turn(self) -> int:
        """The turn of the hand this decision was made in, counted from 1 as the table's log
        and :func:`dominolab.narration.turn_numbers` count them (a seat's draws and the
        play or pass that ends them are one turn)."""
        return next_turn(self.view.history, self.view.seat)

    @property
    def sure(self) -> str:
        """How sure the review is, a key of :data:`dominolab.plain.SURE`: that the best
        move beat the one played (a loss), or, when the best was played, that it beat the
        next best ("" when forced).  Never surer than :attr:`clear` and the intervals."""
        if self.forced:
            return ""
        if self.best.move == self.chosen.move and self.loss == 0:
            runner = self.choices[1]
            return plain.how_sure(self.best.points - runner.points, self.best.margin + runner.margin)
        margin = self.paired if self.paired is not None else self.best.margin + self.chosen.margin
        return plain.how_sure(self.loss, margin)

    @property
    def clear(self) -> bool:
        """True when the loss is more than the search's margin of error: more than the paired
        comparison's margin where there was one, else the best move's interval lies wholly
        above the played move's."""
        if self.loss <= 0:
            return False
        if self.paired is not None:
            return self.loss > self.paired
        return self.best.clear_of(self.chosen)

    def sentence(self, who: Optional[str] = None) -> str:
        """What happened at this decision in one plain sentence: the move, the better move
        and a reason from the position, and how sure in words (:attr:`sure`); the figures
        are in :meth:`why`.  ``who`` names the seat ("you", "Ana"); by default "seat N"."""
        seat = who if who is not None else seat_name(self.view.seat)
        view = self.view
        move = _phrase(self.played, view)
        if self.forced:
            return plain.say("review.forced", turn=self.turn, who=seat, move=move)
        sure = self.sure
        if self.best.move == self.chosen.move and self.loss == 0:
            other = _subject(self.choices[1].move, view)
            key = {"same": "review.best.same", "unsure": "review.best.unsure"}.get(sure, "review.best")
            return plain.say(key, turn=self.turn, who=seat, move=move, other=other, sure=plain.SURE[sure])
        best = _subject(self.best.move, view)
        if sure in ("same", "unsure"):
            return plain.say(f"review.worse.{sure}", turn=self.turn, who=seat, move=move, best=best)
        from .players import reasons

        facts = reasons(view, self.best.move, self.played, who=seat)
        options = plain.reasons([f.plain for f in facts])
        return plain.fit([plain.say("review.worse", turn=self.turn, who=seat, move=move, best=best,
                                    sure=plain.SURE[sure], reason=r) for r in options]
                         + [plain.say("review.worse.short", turn=self.turn, who=seat, move=move, best=best,
                                      sure=plain.SURE[sure])])

    def why(self, who: Optional[str] = None) -> str:
        """The figures behind :meth:`sentence`: every figure with its margin of error, the
        points given up and the label.  ``who`` as in :meth:`sentence`."""
        seat = who if who is not None else seat_name(self.view.seat)
        played = self.chosen
        if self.forced:
            return _about(seat, _("Turn {turn}: {who} had one legal move, {move}; expected {figures}."),
                          pgettext("you", "Turn {turn}: {who} had one legal move, {move}; expected {figures}."),
                          turn=self.turn, move=move_words(self.played, self.view), figures=played.words())
        text = _about(seat, _("Turn {turn}: {who} chose {move}, expected {figures}."),
                      pgettext("you", "Turn {turn}: {who} chose {move}, expected {figures}."),
                      turn=self.turn, move=_phrase(self.played, self.view), figures=played.words())
        label = pgettext("label", self.label)
        if self.label == "best" and self.best.move == played.move:
            # The search's best, said only as surely as its figures tell it from the next best.
            runner = self.choices[1]
            name = (_("drawing") if runner.move is DRAW else _("passing") if runner.move is PASS
                    else move_words(runner.move, self.view))
            parts = {"count": count_in_words(len(self.choices)), "name": name, "figure": runner.figure(),
                     "label": label}
            if self.best.clear_of(runner):
                return text + " " + _("That was the best of the {count} moves, ahead of the next best, {name}, at "
                                      "{figure}, by more than the search's margin of error; label: {label}.").format(
                                          **parts)
            return text + " " + _("That was the best of the {count} moves by the search's figures, but the next "
                                  "best, {name}, at {figure}, is within the search's margin of error of it; label: "
                                  "{label}.").format(**parts)
        best = self.best
        parts = {"best": _phrase(best.move, self.view), "figures": best.words(), "label": label,
                 "loss": plain.number(self.loss, ".1f")}
        if self.label == "best":
            # Not the search's best, but close enough to share its label: said as such, never
            # "the best was X ... label: best" (which contradicts itself).
            return text + " " + _("By the figures {best} was ahead, {figures}, but by only {loss} points: a move "
                                  "this close to the best counts as best too (label: {label}).").format(**parts)
        if self.clear:
            return text + " " + _("The best was {best}, {figures}: {loss} points given up (more than the search's "
                                  "margin of error); label: {label}.").format(**parts)
        return text + " " + _("The best was {best}, {figures}: {loss} points given up (within the search's "
                              "margin of error); label: {label}.").format(**parts)

    def row(self) -> dict[str, Any]:
        """The decision as plain data (for a table or a data frame)."""
        return {
            "turn": self.turn,
            "played": move_words(self.played, self.view),
            "expected": round(self.chosen.points, 1),
            "best": move_words(self.best.move, self.view),
            "best expected": round(self.best.points, 1),
            "lost": round(self.loss, 1),
            "label": self.label,
            "choices": len(self.choices),
        }


def _find(choices: Sequence[Choice], move: Move, view: View) -> Choice:
    for choice in choices:
        if choice.move == move:
            return choice
    if isinstance(move, Play) and view.ends is not None and view.ends[0] == view.ends[1]:
        for choice in choices:
            if isinstance(choice.move, Play) and choice.move.tile == move.tile:
                return choice
    raise KeyError(move)


@dataclass(frozen=True)
class Review:
    """The review of one seat's decisions in one hand (see :func:`review`).

    ``complete`` is False when the review was stopped before the last decision."""

    seat: int
    level: str
    seed: int
    decisions: tuple[Decision, ...]
    complete: bool = True

    def __len__(self) -> int:
        return len(self.decisions)

    def __iter__(self) -> Any:
        return iter(self.decisions)

    def __getitem__(self, i: int) -> Decision:
        return self.decisions[i]

    @property
    def total_loss(self) -> float:
        """Expected points given up over all the seat's decisions."""
        return sum(d.loss for d in self.decisions)

    def counts(self) -> dict[str, int]:
        """How many decisions got each label, :data:`FORCED` last (a forced move, the only
        legal one, was no choice to judge: it is counted apart, never as best)."""
        out = {name: 0 for name, _ in LABELS}
        out[FORCED] = 0
        for d in self.decisions:
            out[d.label] += 1
        return out

    @property
    def forced(self) -> int:
        """How many of the seat's moves were the only legal one."""
        return sum(1 for d in self.decisions if d.forced)

    def worst(self) -> Optional[Decision]:
        """The decision that gave up the most points (``None`` if nothing was reviewed)."""
        return max(self.decisions, key=lambda d: d.loss, default=None)

    def sentences(self, who: Optional[str] = None) -> list[str]:
        """One plain sentence per decision (``who`` names the seat, as in :meth:`Decision.sentence`)."""
        return [d.sentence(who) for d in self.decisions]

    def whys(self, who: Optional[str] = None) -> list[str]:
        """The figures behind each decision's sentence (:meth:`Decision.why`)."""
        return [d.why(who) for d in self.decisions]

    def summary(self, who: Optional[str] = None) -> str:
        """The review in one sentence (``who`` names the seat; by default "Seat N")."""
        counts = self.counts()
        parts = [_counted(name, n) for name, n in counts.items() if n and name != FORCED]
        if self.forced:
            parts.append(_counted(FORCED, self.forced))
        name = _("Seat {seat}").format(seat=self.seat) if who is None else plain.person(who)
        n = len(self.decisions)
        said = {"name": name[:1].upper() + name[1:], "count": n,
                "level": pgettext("level", self.level) if self.level in LEVEL_WORDS else self.level,
                "points": plain.number(self.total_loss, ".1f"),
                "parts": ", ".join(parts) or pgettext("decisions", "none")}
        if self.complete:
            text = ngettext("{name}: {count} decision reviewed at level {level}, {points} expected points given up "
                            "in all ({parts}).",
                            "{name}: {count} decisions reviewed at level {level}, {points} expected points given up "
                            "in all ({parts}).", n)
        else:
            text = ngettext("{name}: {count} decision reviewed at level {level} (stopped before the end), {points} "
                            "expected points given up in all ({parts}).",
                            "{name}: {count} decisions reviewed at level {level} (stopped before the end), {points} "
                            "expected points given up in all ({parts}).", n)
        return text.format(**said)

    def rows(self) -> list[dict[str, Any]]:
        """Each decision as plain data."""
        return [d.row() for d in self.decisions]

    def table(self) -> str:
        """The review as a plain-text table (stable: the same review gives the same text)."""
        rows = self.rows()
        heads = ["turn", "played", "expected", "best", "best expected", "lost", "label"]
        shown = [pgettext("column", h) for h in heads]
        cells = [[pgettext("label", r[h]) if h == "label" else _cell(r[h]) for h in heads] for r in rows]
        widths = [max(len(s), *(len(c[i]) for c in cells)) if cells else len(s) for i, s in enumerate(shown)]
        numeric = {"turn", "expected", "best expected", "lost"}

        def line(items: Sequence[str]) -> str:
            return "  ".join(s.rjust(w) if h in numeric else s.ljust(w)
                             for s, w, h in zip(items, widths, heads, strict=True)).rstrip()

        out = [line(shown), line(["-" * w for w in widths])]
        out += [line(c) for c in cells]
        out.append(self.summary())
        return "\n".join(out)

    def __str__(self) -> str:
        return self.table()

    def __repr__(self) -> str:
        n = len(self.decisions)
        return ngettext("<Review of seat {seat}: {count} decisions, {points} points lost>",
                        "<Review of seat {seat}: {count} decisions, {points} points lost>", n).format(
                            seat=self.seat, count=n, points=plain.number(self.total_loss, ".1f"))

    def _repr_html_(self) -> str:
        colours = {"best": "#1b7f3b", "good": "#3c8d5a", "inaccuracy": "#a86b00",
                   "mistake": "#c2410c", "blunder": "#b3261e", "forced": "#6b6b6b"}
        heads = ["turn", "played", "expected", "best", "best expected", "lost", "label"]
        body = []
        for d, r in zip(self.decisions, self.rows(), strict=True):
            tds = "".join(f"<td>{escape(_cell(r[h]))}</td>" for h in heads[:-1])
            colour = colours[r["label"]]
            shown = LABEL_WORDS.get(r["label"], r["label"])
            tds += f'<td style="color:{colour};font-weight:bold">{escape(shown)}</td>'
            body.append(f'<tr title="{escape(d.sentence())} {escape(d.why())}">{tds}</tr>')
        head = "".join(f"<th>{escape(pgettext('column', h))}</th>" for h in heads)
        return (f"<table><caption>{escape(self.summary())}</caption>"
                f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>")

    def plot(self, ax: Any = None) -> Any:
        """A matplotlib chart of the seat's expected net points at each of its decisions
        (the move played, with its interval, and the best move), mistakes and blunders
        marked.  Returns the axes."""
        import matplotlib.pyplot as plt

        if ax is None:
            ax = plt.subplots(figsize=(8, 3.5))[1]
        xs = [d.turn for d in self.decisions]
        played = [d.chosen.points for d in self.decisions]
        errors = [d.chosen.margin if math.isfinite(d.chosen.margin) else 0.0 for d in self.decisions]
        ax.errorbar(xs, played, yerr=errors, marker="o", capsize=3,
                    label=_("move played ({level} interval)").format(level="95%"))
        ax.plot(xs, [d.best.points for d in self.decisions], linestyle=":", marker=".", color="grey",
                label=_("best move"))
        for name, marker, colour in (("inaccuracy", "^", "#a86b00"), ("mistake", "s", "#c2410c"),
                                     ("blunder", "X", "#b3261e")):
            marked = [(x, y) for x, y, d in zip(xs, played, self.decisions, strict=True)
                      if d.label == name and not d.forced]
            if marked:
                ax.scatter([m[0] for m in marked], [m[1] for m in marked], s=120, marker=marker,
                           color=colour, zorder=3, label=pgettext("label", name))
        ax.axhline(0, color="black", linewidth=0.5)
        ax.set_xlabel(_("turn of the hand"))
        ax.set_ylabel(_("expected net points"))
        ax.set_title(_("Seat {seat}'s expected points across the hand").format(seat=self.seat))
        ax.legend(loc="best", fontsize="small")
        return ax


def _cell(value: Any) -> str:
    return plain.number(value, ".1f") if isinstance(value, float) else str(value)


Cancel = Union[Callable[[], bool], Any]


def decision_views(hand: Round, seat: int) -> list[tuple[int, View, Move]]:
    """Each decision of ``seat`` in ``hand``: the move's place in the hand, what the seat
    knew then (its view) and the move it made.  Built by replaying the hand from its start."""
    replay = Round.from_start(hand.rules, hand.start)
    out = []
    for index, move in enumerate(hand.moves):
        if replay.turn == seat and not replay.is_over:
            out.append((index, replay.view(seat), move))
        replay.play(move)
    return out


#: A review lets one deal take this share of the level's work in exact solving (the player
#: takes 1/16): an exact answer in the endgame is worth more to a learner than to a player
#: against the clock.
REVIEW_EXACT_SHARE = 4


def _searcher(seed: int, level: str) -> Any:
    from .players import SearchPlayer

    class ReviewSearch(SearchPlayer):
        EXACT_SHARE = REVIEW_EXACT_SHARE
        TREE_LEVELS = frozenset()  # every move valued over the same deals, at every level

    return ReviewSearch(seed, level=level)


def _seed_for(seed: int, index: int) -> int:
    # Each decision has its own stream, so a decision's figures do not depend on the others.
    return seed * 10_007 + index


def review(
    record_or_round: Union[Round, Mapping[str, Any]],
    seat: int,
    level: str = "medium",
    seed: int = 0,
    *,
    progress: Optional[Callable[[int, int], Any]] = None,
    cancel: Cancel = None,
) -> Review:
    """Review every decision ``seat`` made in a hand (a :class:`Round` or its record).

    Each decision is valued by a :class:`~dominolab.players.SearchPlayer` of ``level``
    from the seat's view at that moment only; the same hand, seat, level and ``seed``
    give the same review.  ``progress(done, total)`` is called after each decision;
    ``cancel`` (a ``threading.Event``, or a function returning True) stops the review
    between decisions, and the review returned holds what was done (``complete=False``).
    """
    from .players import SearchPlayer

    if isinstance(record_or_round, Round):
        hand = record_or_round
    elif isinstance(record_or_round, Mapping):
        hand = Round.from_record(dict(record_or_round))
    else:
        raise ValueError(f"review needs a Round or a round record (dict), got {excerpt(record_or_round)}")
    check_int(seat, "seat", 0, hand.players - 1)
    if not isinstance(level, str) or level not in SearchPlayer.LEVELS:
        raise ValueError(f"level must be one of {', '.join(SearchPlayer.LEVELS)}, got {excerpt(level)}")
    check_seed(seed)
    if seed is None:
        raise ValueError("seed must be a whole number, got None: a review is always seeded")
    if progress is not None and not callable(progress):
        raise ValueError(f"progress must be a function of (done, total), got {excerpt(progress)}")
    stop = check_cancel(cancel)

    todo = decision_views(hand, seat)
    decisions: list[Decision] = []
    complete = True
    start = hand.start
    known = start.kind == "deal" and start.hunt_first is None  # the seat's own tiles, from its deal
    history = hand.history
    for done, (index, view, played) in enumerate(todo):
        if stop():
            complete = False
            break
        decision = judge(view, played, index, level=level, seed=_seed_for(seed, index))
        if known:
            drawn = tuple(e.tile for e in history[:index] if e.seat == seat and e.action == "draw"
                          and e.tile is not None)
            decision = dataclasses.replace(decision, dealt=tuple(start.hands[seat]), drawn=drawn,
                                           first_hand=start.leader is None)
        decisions.append(decision)
        if progress is not None:
            progress(done + 1, len(todo))
    return Review(seat=seat, level=level, seed=seed, decisions=tuple(decisions), complete=complete)


#: A loss of this many points or more is looked at again, with other deals, at the next level
#: (four times the work), and labelled from that second look, whose margin comes from a
#: paired comparison: so an "inaccuracy", "mistake" or "blunder" a learner reads rests on an
#: independent, firmer estimate, not on a re-run of the first one.
LOOK_AGAIN_FROM = 2.0
_NEXT_LEVEL = {"easy": "medium", "medium": "hard", "hard": "expert"}
#: The second look's deals come from another random stream than the first look's.
_SECOND_STREAM = 0x5EC0_4D


def judge(view: View, played: Move, index: int = 0, *, level: str = "medium", seed: int = 0) -> Decision:
    """One decision: every legal move of ``view`` valued by the search, and the move
    ``played`` labelled by the points it gave up.  A loss of :data:`LOOK_AGAIN_FROM` points
    or more is valued again at the next level over other deals, and labelled from there."""
    decision = _judge_once(view, played, index, level, seed)
    if decision.loss >= LOOK_AGAIN_FROM and (level in _NEXT_LEVEL or not decision.clear):
        decision = _judge_once(view, played, index, _NEXT_LEVEL.get(level, level), seed ^ _SECOND_STREAM)
    return decision


def _judge_once(view: View, played: Move, index: int, level: str, seed: int) -> Decision:
    if played not in view.legal:
        raise ValueError(_("{move} is not a legal move in this view").format(move=move_words(played)))
    evaluation = _searcher(seed, level).analyse(view)
    choices: list[Choice] = []
    mirrored = view.ends is not None and view.ends[0] == view.ends[1]
    seen_tiles = set()
    for item in evaluation.ranked():
        move = item.move
        if mirrored and isinstance(move, Play):
            if move.tile in seen_tiles:
                continue  # the same move on the other (equal) end
            seen_tiles.add(move.tile)
        choices.append(Choice(move, item.points, item.margin, item.ahead))
    chosen = _find(choices, played, view)
    loss = max(0.0, choices[0].points - chosen.points)
    if chosen is choices[0]:
        loss = 0.0
    if chosen.move != played:  # show the move as the seat made it
        choices = [Choice(played, c.points, c.margin, c.ahead) if c is chosen else c for c in choices]
    paired = None
    if loss > 0:
        margin = evaluation.paired(choices[0].move, chosen.move)[1]
        paired = margin if math.isfinite(margin) else None
    return Decision(index=index, view=view, played=played, choices=tuple(choices), loss=loss,
                    label=FORCED if len(choices) == 1 else label_for(loss), deals=evaluation.deals,
                    exact=evaluation.exact, paired=paired)
