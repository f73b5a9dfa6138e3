"""Puzzles: positions from the engine's own games where one move is clearly best.

Each puzzle is a moment of a self-play hand (rebuilt from its deal's seed and the moves
made) where the seat to move had a choice and the search found one move **clearly best**:

* its 95% interval of expected net points lies wholly above every other move's, and it
  expects at least :data:`MIN_GAIN` points more than the next best move;
* it is **not the obvious move**: not a play of the heaviest tile the seat could play
  (what a greedy novice does), and not forced.

**Every puzzle is verified** by a method other than the search that found it (whose
play-outs follow a fixed quick policy: its interval measures sampling noise, not that
policy's bias), and stored with that verification (:class:`Verification`):

* **exact** where feasible: :func:`dominolab.exact.solve` over every deal of the hidden
  tiles that fits what the seat can see, at most :data:`EXACT_DEALS` deals and
  :data:`EXACT_LIMIT` solver nodes (each deal solved with every hand visible, so later
  decisions may use what a seat could not see; see that module on strategy fusion);
* otherwise **paired play-outs**: :data:`PAIRED_DEALS` deals sampled uniformly among those
  that fit the view; on each, every legal move is played and the hand finished by
  ``SearchPlayer`` s at level :data:`PAIRED_LEVEL` in every seat, with the same seeds for
  every move (common random numbers).  A gain is the mean paired difference of the seat's
  side's net points; its margin is 1.96 standard errors.  A puzzle whose runner-up is
  clearly close after :data:`PAIRED_SCREEN` deals is dropped there.  (Sizing, measured
  first on three puzzles on the 2-core build machine: a deal with every move played out
  cost 0.15 to 0.27 s at level "easy" and 0.63 to 1.05 s at "medium".  With about an
  hour of one core for 74 puzzles, about half of them solved exactly, 300 deals at
  "easy" fit where only about 80 at "medium" would, with margins twice as wide.  The run
  took 36 minutes; the paired margins came to 0.5 to 6.5 points, median 2.5.)

**The rule** (:data:`RULE`, :func:`passes`): the best move is ahead of every other legal
move (a tile that fits either of two equal ends counts once) by at least :data:`MIN_GAIN`
= 3 expected points, and the 95% interval of each of those gains lies wholly above 0.
A shipped puzzle's figures (``choices``) and grade are the verification's, each gain with
its margin ("exact" when solved exactly).

**The gain a learner sees is the one with hidden hands.**  The exact solver lets every seat
see every hand, so its gain can overstate what a move is worth at a real table
(partnership-4p-009: 34.5 points exact, 19.8 ± 5.8 in paired play-outs where no seat sees
another's tiles).  So an exact puzzle also stores its second check (``hidden``: paired
play-outs by level-medium search players, none seeing another's tiles; ``tools/build_puzzles.py
--second``), and every figure a learner reads first (the answer's certainty, a wrong answer's
feedback) comes from :attr:`Puzzle.hidden_hands`; the exact figures are shown only labelled
"if every hand were face up".

A puzzle is graded by how much the best move gains over the next best (a large gain is
easier to see) and by how many tiles the seat cannot see (more hidden tiles, more to
work out); see :func:`grade`.  Its explanation is written from the verified figures and
from what the seat can infer (the numbers other seats have shown they lack).

The shipped set (``puzzles.json`` next to this module) is built once by
``tools/build_puzzles.py`` (``--verify`` checks it again); loading it needs no search:

.. code-block:: python

    import dominolab as dl

    p = dl.puzzles.load()[0]
    p                                   # the position as a picture, and the question
    p.check("6-4 left")                 # correct / incorrect with a nudge
    p.hint(); p.solution()
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

from . import plain
from .exercises.answers import MoveAnswer, Unreadable, describe
from .exercises.core import Feedback, show
from .i18n import N_, NP_, SOURCE_LANGUAGE, _, get_language, language, ngettext, pgettext
from .moves import Move, Play, move_from_text, same_move
from .review import Choice, move_words
from .round import Round
from .rules import Rules, preset_words
from .validate import check_int, check_number, check_seat, excerpt
from .view import View
from .words import count_word

if TYPE_CHECKING:  # the board is a layer above: imported when asked for
    from .analysis import AnalysisBoard

__all__ = ["GRADES", "MIN_GAIN", "RULE", "Puzzle", "PuzzleError", "Rival", "Verification", "get", "grade", "load",
           "passes", "select", "verify", "with_hidden"]

#: The least a puzzle's best move must gain over the next best, in expected net points.
MIN_GAIN = 3.0
#: The grades, easiest first.
GRADES = ("easy", "medium", "hard")
#: The rule every shipped puzzle's verification meets (see :func:`passes`).
RULE = ("the best move is ahead of every other legal move (a tile that fits either of two equal ends "
        "counts once) by at least 3 expected points, with the 95% interval of each gain wholly above 0")
#: How a puzzle is verified: the exact solver, or paired play-outs.
METHODS = ("exact", "paired")
#: The verification's defaults (see the module's text for how they were sized).
EXACT_DEALS = 5_000
EXACT_LIMIT = 1_000_000
PAIRED_DEALS = 300
PAIRED_LEVEL = "easy"
PAIRED_SCREEN = 60
#: Where the shipped set lives.
DATA = Path(__file__).with_name("puzzles.json")
FORMAT = "dominolab-puzzles"
VERSION = 1



class PuzzleError(ValueError):
    """A puzzle (or the data file) that does not fit the engine: it names the puzzle."""


def grade(gain: float, hidden: int) -> str:
    """The grade of a puzzle whose best move gains ``gain`` points over the next best
    while the seat cannot see ``hidden`` tiles.  Each counts 0, 1 or 2 towards difficulty:
    a gain of 15 points or more 0, 7 to 15 1, less 2; 7 hidden tiles or fewer 0, 8 to 12
    1, more 2.  A total of 0 or 1 is easy, 2 medium, 3 or 4 hard.  (The cuts split the
    shipped set, mined mostly from the later part of hands, into three groups of about
    the same size.)"""
    gain_part = 0 if gain >= 15 else 1 if gain >= 7 else 2
    hidden_part = 0 if hidden <= 7 else 1 if hidden <= 12 else 2
    return GRADES[min(2, max(0, gain_part + hidden_part - 1))]


#: The grades in words, translated when shown (``pgettext("grade", ...)``).
_GRADE_WORDS = (NP_("grade", "easy"), NP_("grade", "medium"), NP_("grade", "hard"))
#: The search levels in words, as a verification names its players.
_LEVEL_WORDS = (NP_("level", "easy"), NP_("level", "medium"), NP_("level", "hard"))
#: A verification's players as the data file stores them (in English, written by the
#: verification below): said again in the language of the moment by :func:`_players_words`.
_EXACT_SOLVER = N_("the exact solver")
_SEARCH_PLAYERS = N_("search players at level {level} in every seat")


def _decimals(text: str) -> str:
    """Figures written by the engine ("+2.3", "0.5") with the decimal sign of the language
    of the moment ("+2,3" in Spanish)."""
    sign = pgettext("decimal separator", ".")
    return text if sign == "." else text.replace(".", sign)


def _players_words(players: str) -> str:
    """A verification's ``players`` (stored in English) in the language of the moment."""
    if players == _EXACT_SOLVER:
        return _(_EXACT_SOLVER)
    for level in _LEVEL_WORDS:
        if players == _SEARCH_PLAYERS.format(level=level):
            return _(_SEARCH_PLAYERS).format(level=pgettext("level", level))
    return players


def _subject(move: Move, view: View) -> str:
    """A move as the object of "better than": "drawing", "6-4 on the left"."""
    from .review import _subject as subject

    return subject(move, view)


def _gain_words(gain: float, margin: float, sampled: bool = False) -> str:
    """ "2.1 points (±0.6)", or "16.5 points (exact)" when the margin is 0 (a ``sampled``
    figure is never exact: "3.0 points (±0.0)")."""
    return _figure(f"{gain:.1f}", margin, not sampled)


def _figure(points: str, margin: Optional[float], exact_when_sure: bool = True) -> str:
    """ "+2.1 points (±0.6)", "16.5 points (exact)" (a margin of 0 when ``exact_when_sure``),
    or "3.0 points" without a margin, the decimals of the language of the moment."""
    points = _decimals(points)
    if margin is None:
        return _("{points} points").format(points=points)
    if margin == 0 and exact_when_sure:
        return _("{points} points (exact)").format(points=points)
    return _("{points} points (±{margin})").format(points=points, margin=_decimals(f"{margin:.1f}"))


@dataclass(frozen=True)
class Rival:
    """How far the best move is ahead of one other legal move: ``gain`` in expected net
    points, ``margin`` half its 95% interval (0 when exact)."""

    move: Move
    gain: float
    margin: float

    @property
    def clear(self) -> bool:
        """Ahead by :data:`MIN_GAIN` points or more, the interval wholly above 0."""
        return self.gain >= MIN_GAIN and self.gain - self.margin > 0


@dataclass(frozen=True)
class Verification:
    """How a puzzle's best move was checked, by a method other than the search that found
    it: ``method`` "exact" (the exact solver over every deal that fits the view; margins
    0) or "paired" (every legal move played out on the same sampled deals by strong
    players in every seat), over ``deals`` deals, the ``players`` in words, and the best
    move's lead over every other legal move (``rivals``, smallest gain first)."""

    method: str
    deals: int
    players: str
    rivals: tuple[Rival, ...]

    @property
    def runner_up(self) -> Rival:
        """The other move closest to the best."""
        return self.rivals[0]

    @property
    def gain(self) -> float:
        """The best move's lead over the runner-up."""
        return self.runner_up.gain

    @property
    def margin(self) -> float:
        """Half the 95% interval of :attr:`gain` (0 when exact)."""
        return self.runner_up.margin

    @property
    def against(self) -> Move:
        """The runner-up move."""
        return self.runner_up.move

    def rival(self, move: Move) -> Optional[Rival]:
        """The figures against ``move`` (``None`` when it is not a rival)."""
        return next((r for r in self.rivals if r.move == move), None)

    def words(self, hidden: bool = False) -> str:
        """How it was verified, in words (``hidden``: saying that no player saw another's
        tiles, as paired play-outs are played)."""
        if self.method == "exact":
            if self.deals == 1:
                return _("solved exactly in the only deal that fits what you can see")
            return _("solved exactly over all {deals} deals that fit what you can see").format(deals=self.deals)
        players = _players_words(self.players)
        if hidden:
            return _("verified over {deals} paired deals played out by {players}, none of them seeing another's "
                     "tiles").format(deals=self.deals, players=players)
        return _("verified over {deals} paired deals played out by {players}").format(deals=self.deals,
                                                                                      players=players)

    def to_data(self) -> dict[str, Any]:
        """Plain JSON-safe data."""
        return {"method": self.method, "deals": self.deals, "players": self.players,
                "gain": round(self.gain, 2), "margin": round(self.margin, 2),
                "against": _move_text(self.against),
                "rivals": [[_move_text(r.move), round(r.gain, 2), round(r.margin, 2)] for r in self.rivals]}

    @classmethod
    def from_data(cls, data: Any) -> Verification:
        """From :meth:`to_data`; ``ValueError`` naming the field (``verified.<key>``) otherwise."""
        keys = {"method", "deals", "players", "gain", "margin", "against", "rivals"}
        if not isinstance(data, dict) or set(data) != keys:
            raise ValueError(f"verified must be an object with the keys {sorted(keys)}, got {excerpt(data)}")
        if data["method"] not in METHODS:
            raise ValueError(f"verified.method must be one of {', '.join(METHODS)}, got {excerpt(data['method'])}")
        deals = check_int(data["deals"], "verified.deals", 1)
        if not isinstance(data["players"], str):
            raise ValueError(f"verified.players must be text, got {excerpt(data['players'])}")
        items = data["rivals"]
        if not isinstance(items, list) or not items:
            raise ValueError(f"verified.rivals must be a non-empty list, got {excerpt(items)}")
        rivals = []
        for item in items:
            if not isinstance(item, list) or len(item) != 3 or not isinstance(item[0], str):
                raise ValueError(f"verified.rivals: each is [move, gain, margin], got {excerpt(item)}")
            gain = _finite(item[1], "verified.rivals gain")
            try:
                move = _move(item[0])
            except ValueError as exc:
                raise ValueError(f"verified.rivals: {exc}") from None
            rivals.append(Rival(move, gain, check_number(item[2], "verified.rivals margin")))
        out = cls(data["method"], deals, data["players"], tuple(rivals))
        for key, value in (("gain", out.gain), ("margin", out.margin)):
            if _finite(data[key], f"verified.{key}") != value:
                raise ValueError(f"verified.{key} must be the first rival's, {value}, got {excerpt(data[key])}")
        if data["against"] != _move_text(out.against):
            raise ValueError(f"verified.against must be the first rival's move, got {excerpt(data['against'])}")
        return out


def _finite(value: Any, name: str) -> float:
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value):
        raise ValueError(f"{name} must be a finite number, got {excerpt(value)}")
    return float(value)


def passes(verification: Optional[Verification]) -> bool:
    """True when ``verification`` meets :data:`RULE`: every other legal move is a rival,
    and the best move is ahead of each by :data:`MIN_GAIN` points or more with the 95%
    interval of that gain wholly above 0."""
    return verification is not None and bool(verification.rivals) and all(r.clear for r in verification.rivals)


def _choice_data(c: Choice) -> list[Any]:
    return [_move_text(c.move), round(c.points, 2), round(c.margin, 2), round(c.ahead, 3)]


def _choice_from_data(item: Any) -> Choice:
    """A :class:`Choice` from its ``[move, points, error, win]`` data (the error ``None`` when
    the search gave none), every figure a finite number."""
    if not isinstance(item, list) or len(item) != 4:
        raise ValueError(f"a choice is [move, points, error, win], got {excerpt(item)}")
    text, points, error, win = item
    if not isinstance(text, str):
        raise ValueError(f"a choice's move must be text, got {excerpt(text)}")
    if not isinstance(points, (int, float)) or isinstance(points, bool) or not math.isfinite(points):
        raise ValueError(f"a choice's points must be a finite number, got {excerpt(points)}")
    return Choice(_move(text), float(points),
                  math.inf if error is None else check_number(error, "a choice's error"),
                  check_number(win, "a choice's win share"))


def _move_text(move: Move) -> str:
    return f"{move.tile} {move.end}" if isinstance(move, Play) else str(move)


def _move(text: str) -> Move:
    return move_from_text(text)


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: the hand (``rules`` preset, ``players``, the deal's ``seed`` and the
    ``moves`` made so far, as text), the ``seat`` to move, every legal move's figures as
    they were verified (``choices``, best first), its ``grade`` and ``explanation``, the
    ``level`` of the search that found it and how it was ``verified`` (``None`` before the
    build verifies it; every shipped puzzle meets :data:`RULE`)."""

    id: str
    rules: str
    players: int
    seed: int
    moves: tuple[str, ...]
    seat: int
    choices: tuple[Choice, ...]
    grade: str
    explanation: str
    level: str = "hard"
    verified: Optional[Verification] = None
    #: For a puzzle verified exactly: its second check, paired play-outs in which no seat
    #: sees another's tiles (the figure a learner sees; see :attr:`hidden_hands`).
    hidden: Optional[Verification] = None

    # -- the position
    def round(self) -> Round:
        """The hand at the puzzle's moment, rebuilt from the deal and the moves."""
        r = Round.deal(self.rules, self.players, seed=self.seed)
        for i, text in enumerate(self.moves):
            try:
                r.play(_move(text))
            except ValueError as exc:
                raise PuzzleError(f"puzzle {self.id}: move {i + 1} ({text!r}) does not replay: {exc}") from None
        if r.is_over or r.turn != self.seat:
            raise PuzzleError(f"puzzle {self.id}: after its moves it is not seat {self.seat}'s turn")
        return r

    def view(self) -> View:
        """What the seat to move knows: the position the puzzle shows."""
        return self.round().view(self.seat)

    def analysis(self) -> AnalysisBoard:
        """An :class:`~dominolab.analysis.AnalysisBoard` at the puzzle's position, from the
        seat to move's point of view (its own tiles, the public turns), to ask "what if"
        after answering: ``board.evaluate()`` values every move, ``board.play(...)`` tries one."""
        from .analysis import AnalysisBoard

        return AnalysisBoard.from_round(self.round(), self.seat)

    @property
    def best(self) -> Move:
        """The clearly best move."""
        return self.choices[0].move

    @property
    def gain(self) -> float:
        """Expected points the best move gains over the next best (as verified, when it was)."""
        if self.verified is not None:
            return self.verified.gain
        return self.choices[0].points - self.choices[1].points

    @property
    def hidden_hands(self) -> Optional[Verification]:
        """The figures with hidden hands, as at a real table: the verification when it was
        paired play-outs, else the second check (``hidden``); ``None`` when there is none."""
        if self.verified is not None and self.verified.method == "paired":
            return self.verified
        return self.hidden

    def _sure(self, move: Optional[Move] = None) -> tuple[str, Move]:
        """How sure (a key of :data:`dominolab.plain.SURE`) the best move beats ``move``
        (the runner-up by default), from the figures with hidden hands, and that move."""
        v = self.hidden_hands or self.verified
        if v is None:
            other = self.choices[1] if move is None else next(c for c in self.choices if c.move == move)
            return plain.how_sure(self.choices[0].points - other.points, self.choices[0].margin + other.margin), \
                other.move
        rival = v.runner_up if move is None else v.rival(move)
        if rival is None:  # a move the check did not name: the closest rival's figures
            rival = v.runner_up
            return plain.how_sure(rival.gain, rival.margin), move if move is not None else rival.move
        return plain.how_sure(rival.gain, rival.margin), rival.move

    def figures(self) -> str:
        """The best move's lead with hidden hands, as at a real table: "gains 19.8 points
        (±5.8) over 5-1 on the left, with hidden hands" (the search's figures when the
        puzzle was never verified)."""
        v = self.hidden_hands
        if v is None:
            return self.choices[0].words()
        return _("gains {gain} over {move}, with hidden hands").format(gain=_gain_words(v.gain, v.margin, True),
                                                                        move=move_words(v.against))

    def answer(self) -> str:
        """The answer in one plain sentence: the best move, a reason from the position, and
        how sure with hidden hands (:meth:`solution` adds the figures)."""
        return self._best_sentence("puzzle.answer")

    def _best_sentence(self, key: str) -> str:
        """The one sentence on the best move, for the answer (``"puzzle.answer"``) and the
        verdict on a right one (``"puzzle.correct"``): the move, a reason from the position
        where one tells it from the next best (else none: the ``.bare`` form), how sure."""
        from .players import reasons

        view = self.view()
        sure, other = self._sure()
        facts = reasons(view, self.best, other)
        options = plain.reasons([f.plain for f in facts])
        parts = {"move": move_words(self.best, view), "sure": plain.SURE[sure], "other": _subject(other, view)}
        # Where the comparison leaves no room for a reason within the plain sentence's length, a
        # clearly best move keeps its reason and says "clearly" instead of naming the other move.
        clear = [plain.say(key + ".clear", reason=r, move=parts["move"]) for r in options] if sure == "clear" else []
        return plain.fit([plain.say(key, reason=r, **parts) for r in options] + clear
                         + [plain.say(key + ".bare", **parts)])

    def _gain_words(self, move: Optional[Move] = None) -> str:
        """The best move's lead over ``move`` (the runner-up by default) with its certainty."""
        v = self.verified
        rival = None if v is None else v.runner_up if move is None else v.rival(move)
        if rival is not None:
            return _gain_words(rival.gain, rival.margin)
        other = self.choices[1] if move is None else next(c for c in self.choices if c.move == move)
        return _figure(f"{self.choices[0].points - other.points:.1f}", None)

    @property
    def question(self) -> str:
        """What the puzzle asks (in the language of the moment)."""
        text = _("{rules} rules, {players} players: you are seat {seat} and it is your turn. Which move is clearly "
                 "best?").format(rules=preset_words(self.rules), players=self.players, seat=self.seat)
        return text[:1].upper() + text[1:]  # "Family rules…", "Reglas familiares…"

    @property
    def grade_words(self) -> str:
        """The grade in words, in the language of the moment ("easy", "fácil")."""
        return pgettext("grade", self.grade)

    def explain(self) -> str:
        """The figures behind the answer, in the language of the moment: the stored
        :attr:`explanation` in English, written again from the puzzle's figures and position
        (:func:`explain`, which writes that English text too) in another language."""
        if get_language() == SOURCE_LANGUAGE:
            return self.explanation
        return explain(self.view(), self.choices, self.verified, self.hidden)

    def __repr__(self) -> str:
        return f"<{_('Puzzle {id}').format(id=self.id)} ({self.grade_words}): {self.question}>"

    def _repr_html_(self) -> str:
        from .render import picture_html

        title = _("Puzzle {id}").format(id=self.id)
        return (f"<div><p><strong>{escape(title)}</strong> ({escape(self.grade_words)}). "
                f"{escape(self.question)}</p>{picture_html(self.view())}</div>")

    def picture(self) -> str:
        """The position as SVG (with alt text), as the seat to move sees it."""
        from .render import view_svg

        return view_svg(self.view())

    # -- answers
    def _same(self, a: Move, b: Move, view: View) -> bool:
        return same_move(a, b, view.ends)

    def _read(self, answer: Any, view: View) -> Move:
        return MoveAnswer(position=lambda: view).read(answer)

    def evaluate(self, answer: Any = ...) -> Feedback:
        """Judge ``answer`` (a move, or text such as "6-4 left") without showing anything.
        Never raises."""
        if answer is ... or answer is None:
            return Feedback("not attempted", _("replace the ... with your move, then run the cell again."))
        try:
            view = self.view()
            try:
                move = self._read(answer, view)
            except Unreadable as problem:
                return Feedback("incorrect", problem.message)
            if self._same(move, self.best, view):
                return Feedback("correct", self._best_sentence("puzzle.correct"), why=self.explain())
            figures = next((c for c in self.choices if self._same(move, c.move, view)), None)
            if figures is None:
                return Feedback("incorrect", _("{move} is not a legal move here; the legal moves are {moves}.").format(
                    move=move_words(move), moves=", ".join(move_words(m) for m in view.legal)))
            sure, _other = self._sure(figures.move)
            return Feedback("incorrect", plain.say("puzzle.incorrect", sure=plain.SURE[sure],
                                                   move=move_words(move, view)),
                            why=self._against_words(figures))
        except Exception:  # an odd answer must not break the lesson
            return Feedback("incorrect", _("expected a move such as '6-4 left', 'draw' or 'pass'; got {given}.")
                            .format(given=describe(answer)))

    def check(self, answer: Any = ...) -> None:
        """Say whether ``answer`` is the best move (never raises); on a JupyterHub with the
        class service, the verdict and the answer as typed also go to the teacher's page."""
        feedback = self.evaluate(answer)
        show(feedback)
        from .hub.client import report_check  # the table session's layer: imported when called

        report_check(self, answer, feedback.status, lesson=f"puzzle-{self.id}")

    def _against_words(self, figures: Choice) -> str:
        """A wrong answer's figures: with hidden hands first, face up labelled as such."""
        parts = []
        hidden = self.hidden_hands
        rival = None if hidden is None else hidden.rival(figures.move)
        if hidden is not None and rival is not None:
            gain = _gain_words(rival.gain, rival.margin, True)
            parts.append(_("With hidden hands, as at a real table, the best move gains {gain} over {move} ({how}).")
                         .format(gain=gain, move=move_words(figures.move), how=hidden.words(hidden=True)))
        v = self.verified
        if v is not None and v.method == "exact":
            parts.append(_("If every hand were face up, {move} would expect {figures}: {gain} less than the best "
                           "move ({how}).").format(move=move_words(figures.move), figures=figures.words(),
                                                   gain=self._gain_words(figures.move), how=v.words()))
        elif not parts and v is not None:
            parts.append(_("{move} expects {figures}: {gain} less than the best move ({how}).").format(
                move=move_words(figures.move), figures=figures.words(), gain=self._gain_words(figures.move),
                how=v.words()))
        elif not parts:
            parts.append(_("{move} expects {figures}: {gain} less than the best move.").format(
                move=move_words(figures.move), figures=figures.words(), gain=self._gain_words(figures.move)))
        return " ".join(parts)

    def hint_text(self) -> str:
        """A nudge in plain words: how many moves there are, and where to look."""
        return plain.say("puzzle.hint", count=count_word(len(self.choices)))

    def hint(self) -> None:
        """Show the hint."""
        show(Feedback("hint", self.hint_text()))

    def solution(self) -> None:
        """Show the best move and why: a plain sentence, then the figures."""
        show(Feedback("solution", self.answer(), why=self.explain()))

    # -- data
    def to_dict(self) -> dict[str, Any]:
        """The puzzle as plain JSON-safe data."""
        return {"id": self.id, "rules": self.rules, "players": self.players, "seed": self.seed,
                "moves": list(self.moves), "seat": self.seat, "level": self.level,
                "choices": [_choice_data(c) for c in self.choices], "grade": self.grade,
                "explanation": self.explanation,
                "verified": None if self.verified is None else self.verified.to_data(),
                "hidden": None if self.hidden is None else self.hidden.to_data()}

    @classmethod
    def from_dict(cls, data: Any) -> Puzzle:
        """A puzzle from :meth:`to_dict` data (checked for shape, not replayed)."""
        keys = {"id", "rules", "players", "seed", "moves", "seat", "level", "choices", "grade", "explanation",
                "verified"}
        if isinstance(data, dict) and "hidden" not in data:  # written before the second check was stored
            data = {**data, "hidden": None}
        if not isinstance(data, dict) or set(data) != keys | {"hidden"}:
            raise PuzzleError(f"a puzzle is an object with the keys {sorted(keys | {'hidden'})}, got {excerpt(data)}")
        name = data["id"] if isinstance(data["id"], str) else excerpt(data["id"])
        try:
            players = check_int(data["players"], "players", 2, 4)
            seat = check_seat(data["seat"], players)
            seed = check_int(data["seed"], "seed")
            for key in ("id", "rules", "level", "explanation"):
                if not isinstance(data[key], str):
                    raise ValueError(f"{key} must be text, got {excerpt(data[key])}")
            if data["rules"] not in Rules.presets():
                raise ValueError(f"rules must be a preset's name, got {excerpt(data['rules'])}")
            if not isinstance(data["moves"], list) or not all(isinstance(m, str) for m in data["moves"]):
                raise ValueError(f"moves must be a list of texts, got {excerpt(data['moves'])}")
            if not isinstance(data["choices"], list):
                raise ValueError(f"choices must be a list, got {excerpt(data['choices'])}")
            choices = tuple(_choice_from_data(c) for c in data["choices"])
            verified = None if data["verified"] is None else Verification.from_data(data["verified"])
            try:
                hidden = None if data["hidden"] is None else Verification.from_data(data["hidden"])
            except ValueError as exc:
                raise ValueError(str(exc).replace("verified", "hidden")) from None
            if hidden is not None and hidden.method != "paired":
                raise ValueError("hidden must be paired play-outs (no seat sees another's tiles)")
        except (TypeError, ValueError) as exc:
            raise PuzzleError(f"puzzle {name}: {exc}") from None
        if len(choices) < 2:
            raise PuzzleError(f"puzzle {name}: a puzzle needs at least two moves to choose from")
        if data["grade"] not in GRADES:
            raise PuzzleError(f"puzzle {name}: grade must be one of {', '.join(GRADES)}")
        return cls(id=data["id"], rules=data["rules"], players=players, seed=seed,
                   moves=tuple(data["moves"]), seat=seat, choices=choices, grade=data["grade"],
                   explanation=data["explanation"], level=data["level"], verified=verified, hidden=hidden)


# ---------------------------------------------------------------------------- building
def explain(view: View, choices: Sequence[Choice], verified: Optional[Verification] = None,
            hidden: Optional[Verification] = None) -> str:
    """The explanation of a puzzle (the figures behind its plain answer), from its figures
    (the verification's, when given), the check with hidden hands (``hidden``, for an exact
    verification: then it comes first and the exact figures are labelled "if every hand
    were face up") and the seat's inferences."""
    from .inference import known_voids
    from .words import list_and

    best, second = choices[0], choices[1]
    move, other = move_words(best.move), move_words(second.move)
    if verified is not None and verified.method == "exact" and hidden is not None:
        parts = [_("The best move is {move}. With hidden hands, as at a real table, it gains {gain} over {other} "
                   "({how}).").format(move=move, gain=_gain_words(hidden.gain, hidden.margin, True),
                                      other=move_words(hidden.against), how=hidden.words(hidden=True)),
                 _("If every hand were face up, it would expect {best}, and the next best, {other}, {figures}: the "
                   "best move gains {gain}, {how}.").format(best=best.words(), other=other, figures=second.words(),
                                                             gain=_gain_words(verified.gain, verified.margin),
                                                             how=verified.words())]
    else:
        parts = [_("The best move is {move}: {figures}.").format(move=move, figures=best.words())]
        if verified is None:
            parts.append(_("The next best, {other}, expects {figures}, so the best move gains {gain}.").format(
                other=other, figures=second.words(), gain=_figure(f"{best.points - second.points:.1f}", None)))
        else:
            parts.append(_("The next best, {other}, expects {figures}, so the best move gains {gain}, {how}.").format(
                other=other, figures=second.words(), gain=_gain_words(verified.gain, verified.margin),
                how=verified.words()))
    plays = [c for c in choices if isinstance(c.move, Play)]
    if plays:
        heaviest = max(plays, key=lambda c: (view.rules.tile_value(c.move.tile), c.points))  # type: ignore[union-attr]
        if heaviest is not best and heaviest is not second:
            figure = _figure(f"{heaviest.points:+.1f}", None if verified is None else heaviest.margin)
            face_up = verified is not None and verified.method == "exact" and hidden is not None
            text = (_("If every hand were face up, the heaviest tile, {move}, expects only {figure}.") if face_up
                    else _("The heaviest tile, {move}, expects only {figure}."))
            parts.append(text.format(move=move_words(heaviest.move), figure=figure))
    for seat, voids in known_voids(view).items():
        if voids:
            lacks = list_and(pgettext("lacks", "no {suit}").format(suit=plain.suit(n)) for n in sorted(voids))
            parts.append(_("Seat {seat} has shown it has {lacks}.").format(seat=seat, lacks=lacks))
    unseen = len(view.unseen)
    parts.append(ngettext("You cannot see {count} tiles.", "You cannot see {count} tiles.", unseen)
                 .format(count=unseen))
    return " ".join(parts)


def _stored(view: View, choices: Sequence[Choice], verified: Optional[Verification] = None,
            hidden: Optional[Verification] = None) -> str:
    """:func:`explain` in English, as the data file stores it whatever the language of the moment."""
    with language(SOURCE_LANGUAGE):
        return explain(view, choices, verified, hidden)


def candidate(view: View, choices: Sequence[Choice]) -> bool:
    """True when ``choices`` (best first) make a puzzle: two moves or more, the best
    clearly above every other (interval wholly above, :data:`MIN_GAIN` points or more
    ahead), and not a play of the heaviest playable tile."""
    if len(choices) < 2:
        return False
    best = choices[0]
    if best.points - choices[1].points < MIN_GAIN:
        return False
    if not all(best.clear_of(c) for c in choices[1:]):
        return False
    plays = [c.move for c in choices if isinstance(c.move, Play)]
    if isinstance(best.move, Play) and plays:
        heaviest = max(view.rules.tile_value(m.tile) for m in plays)
        if view.rules.tile_value(best.move.tile) == heaviest:
            return False
    return True


def make(id: str, rules: str, players: int, seed: int, moves: Sequence[Move], view: View,
         choices: Sequence[Choice], level: str) -> Puzzle:
    """A puzzle from a position and the search's figures on it (rounded as stored)."""
    choices = [Choice(c.move, round(c.points, 2), round(c.margin, 2), round(c.ahead, 3)) for c in choices]
    return Puzzle(id=id, rules=rules, players=players, seed=seed, moves=tuple(_move_text(m) for m in moves),
                  seat=view.seat, choices=tuple(choices), grade=grade(choices[0].points - choices[1].points,
                                                                      len(view.unseen)),
                  explanation=_stored(view, choices), level=level)


# ---------------------------------------------------------------------------- verifying
def _distinct(view: View) -> list[Move]:
    """The legal moves, a tile that fits either of two equal ends once (its left-end play)."""
    out: list[Move] = []
    for m in view.legal:
        if not any(same_move(m, o, view.ends) for o in out):
            out.append(m)
    return out


def _verdict(method: str, deals: int, players: str, moves: Sequence[Move], values: Sequence[float],
             margins: Sequence[float], ahead: Sequence[float],
             pair_margin: Any) -> tuple[Verification, tuple[Choice, ...]]:
    order = sorted(range(len(moves)), key=lambda i: -values[i])
    top = order[0]
    rivals = sorted((Rival(moves[i], round(values[top] - values[i], 2), round(pair_margin(top, i), 2))
                     for i in order[1:]), key=lambda r: (r.gain, -r.margin))
    choices = tuple(Choice(moves[i], round(values[i], 2), round(margins[i], 2), round(ahead[i], 3)) for i in order)
    return Verification(method, deals, players, tuple(rivals)), choices


def verify_exact(view: View, *, max_deals: int = EXACT_DEALS,
                 limit: int = EXACT_LIMIT) -> tuple[Verification, tuple[Choice, ...]]:
    """Every distinct legal move's exact value over every deal that fits ``view``
    (:func:`dominolab.exact.solve`), as a verification and the moves' figures (best
    first, margins 0).  Raises :class:`~dominolab.exact.ExactLimitError` past the caps."""
    from . import exact

    solved = exact.solve(view, max_deals=max_deals, limit=limit, project=True)
    moves = _distinct(view)
    figures = [solved[m] for m in moves]
    return _verdict("exact", solved.deals, _EXACT_SOLVER, moves, [f.value for f in figures],
                    [0.0] * len(moves), [f.ahead for f in figures], lambda i, j: 0.0)


def verify_paired(view: View, *, deals: int = PAIRED_DEALS, level: str = PAIRED_LEVEL, seed: int = 0,
                  screen: Optional[int] = None) -> tuple[Verification, tuple[Choice, ...]]:
    """Paired play-outs: ``deals`` deals of the hidden tiles that fit ``view`` (uniformly,
    as the search deals them), and on each deal every distinct legal move played, then
    the hand finished by ``SearchPlayer`` s at ``level`` in every seat, with the same
    seeds for every move (common random numbers).  A move's value is the mean net points
    of the seat's side; each gain is the mean paired difference, its margin 1.96
    standard errors of it.  With ``screen``, it stops after that many deals when the
    runner-up is clearly within :data:`MIN_GAIN` points (its gain plus twice its margin
    below it): the verification then covers only those deals, and fails :data:`RULE`."""
    from .players import SearchPlayer
    from .search import Dealer, net_utility
    from .tiles import TILE_BY_ID, tiles_of

    rules = view.rules
    me = rules.side_of(view.seat, view.players)
    utility = net_utility(rules.sides(view.players))
    moves = _distinct(view)
    dealer = Dealer(view)
    rng = random.Random(seed)
    nets: list[list[float]] = [[] for _ in moves]

    def spread(xs: Sequence[float]) -> float:
        n = len(xs)
        mean = sum(xs) / n
        return 1.96 * math.sqrt(sum((x - mean) ** 2 for x in xs) / max(1, n - 1) / n)

    def verdict() -> tuple[Verification, tuple[Choice, ...]]:
        n = len(nets[0])
        return _verdict("paired", n, _SEARCH_PLAYERS.format(level=level), moves,
                        [sum(x) / n for x in nets], [spread(x) for x in nets],
                        [sum(v > 0 for v in x) / n for x in nets],
                        lambda i, j: spread([a - b for a, b in zip(nets[i], nets[j], strict=True)]))

    for k in range(deals):
        if screen is not None and k == screen:
            early = verdict()[0]
            if early.gain + 2 * early.margin < MIN_GAIN:
                break
        hands, stock = dealer.deal(rng)
        base = Round.from_view(view, {s: tuple(tiles_of(m)) for s, m in enumerate(hands) if s != view.seat and m},
                               [TILE_BY_ID[t] for t in reversed(stock)])
        for i, move in enumerate(moves):
            r = base.copy()
            r.play(move)
            seats = [SearchPlayer(seed * 7919 + k * 8 + s, level=level) for s in range(view.players)]
            while not r.is_over:
                r.play(seats[r.turn].choose(r.view(r.turn)))
            result = r.result
            assert result is not None
            nets[i].append(utility(result.points)[me])
    return verdict()


def verify(view: View, *, exact_limit: int = EXACT_LIMIT, deals: int = PAIRED_DEALS, level: str = PAIRED_LEVEL,
           seed: int = 0, screen: Optional[int] = PAIRED_SCREEN) -> tuple[Verification, tuple[Choice, ...]]:
    """:func:`verify_exact` where it is feasible (``exact_limit`` solver nodes), else
    :func:`verify_paired`."""
    from .exact import ExactLimitError

    try:
        return verify_exact(view, limit=exact_limit)
    except ExactLimitError:
        return verify_paired(view, deals=deals, level=level, seed=seed, screen=screen)


def verified(puzzle: Puzzle, verification: Verification, choices: Sequence[Choice]) -> Puzzle:
    """``puzzle`` with its figures, grade and explanation from ``verification`` (its best
    move is the verification's, which may differ from the search's)."""
    import dataclasses

    view = puzzle.view()
    return dataclasses.replace(puzzle, choices=tuple(choices), verified=verification,
                               grade=grade(verification.gain, len(view.unseen)),
                               explanation=_stored(view, choices, verification, puzzle.hidden))


def with_hidden(puzzle: Puzzle, check: Verification) -> Puzzle:
    """``puzzle`` with its second check, paired play-outs in which no seat sees another's
    tiles, stored as ``hidden`` when it was verified exactly (a paired verification already
    hides the hands), and its explanation written again from both."""
    import dataclasses

    hidden = check if puzzle.verified is not None and puzzle.verified.method == "exact" else None
    return dataclasses.replace(puzzle, hidden=hidden,
                               explanation=_stored(puzzle.view(), puzzle.choices, puzzle.verified, hidden))


def obvious(view: View, move: Move) -> bool:
    """Is ``move`` a play of the heaviest tile the seat could play (what a greedy novice
    plays)?"""
    plays = [m for m in view.legal if isinstance(m, Play)]
    return isinstance(move, Play) and bool(plays) and \
        view.rules.tile_value(move.tile) == max(view.rules.tile_value(m.tile) for m in plays)


# ---------------------------------------------------------------------------- the shipped set
@lru_cache(maxsize=1)
def _load(path: str) -> tuple[Puzzle, ...]:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
        raise PuzzleError(f"{path}: not a version-{VERSION} {FORMAT} file")
    return tuple(Puzzle.from_dict(p) for p in data["puzzles"])


def load(path: Optional[str] = None) -> tuple[Puzzle, ...]:
    """Every shipped puzzle (or those of the file at ``path``), easiest first."""
    return _load(str(path or DATA))


def get(id: str) -> Puzzle:
    """The shipped puzzle named ``id``."""
    for p in load():
        if p.id == id:
            return p
    raise KeyError(_("no puzzle named {id}").format(id=repr(id)))


def select(rules: Optional[str] = None, grade: Optional[str] = None) -> list[Puzzle]:
    """The shipped puzzles of a rules preset and/or a grade."""
    if grade is not None and grade not in GRADES:
        raise ValueError(_("grade must be one of {grades}, got {given}").format(grades=", ".join(GRADES),
                                                                                given=excerpt(grade)))
    return [p for p in load() if (rules is None or p.rules == rules) and (grade is None or p.grade == grade)]


def save(puzzles: Sequence[Puzzle], path: Path = DATA) -> None:
    """Write puzzles as the data file (used by ``tools/build_puzzles.py``)."""
    data = {"format": FORMAT, "version": VERSION, "puzzles": [p.to_dict() for p in puzzles]}
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
