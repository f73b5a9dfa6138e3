"""The coach on the table: reviews of a finished hand and puzzles.

The coach sits over the table without touching the game: "Review this hand" (``review``)
values the person's decisions with :func:`dominolab.review` in a thread of its own (the
caller's where threads cannot start; the worker is in :mod:`.threads`), reporting progress;
the review writes back only while it is still the table's coach, so closing it
(``coach_close``) or a new hand simply drops it.  ``review_step`` moves through the
decisions.  :meth:`Coach.start_puzzles` shows ``dl.puzzles`` positions, answered with
``puzzle_answer`` and judged by the puzzle itself.  None of these bump the version: they are
not moves.  A tournament has no coach.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Optional, Union

from ..i18n import _, pgettext
from ..playout import derive_seed
from ..review import Review, decision_views, review
from ..round import Round
from ..validate import check_seed, excerpt, is_int
from ..words import seat_name
from .state import REVIEW_LEVEL, CoachState, IntentError, _gentle, _parse_intent_move


@dataclass(eq=False)
class _ReviewRun:
    """A review of a finished hand: made under the lock, valued by a worker (its own thread,
    or the caller's where threads cannot start), which writes back only while this run is
    still the table's coach (``Coach.run is self``)."""

    hand: Round
    seat: int
    seed: int
    key: tuple[int, int]  # (match number, hand number)
    total: int
    cancel: threading.Event = field(default_factory=threading.Event)
    done: int = 0
    status: str = "running"
    result: Optional[Review] = None
    index: int = 0
    started: bool = False
    who: str = ""  # the reviewed seat in the review's sentences ("you", or the seat's name)

    def state(self) -> CoachState:
        decisions = self.result.decisions if self.result is not None else ()
        return CoachState("review", self.status, done=self.done, total=self.total, index=self.index,
                          decisions=decisions, who=self.who,
                          summary=self.result.summary(self.who or None) if self.result is not None else "")



@dataclass(eq=False)
class _PuzzleRun:
    """Puzzles at the table: the set being worked through and the answer given to the
    current one.  Answers are judged by the puzzle (``Puzzle.evaluate``); the game at the
    table is not touched."""

    puzzles: tuple[Any, ...]
    position: int
    round: Round
    status: str = "asking"
    feedback: Optional[tuple[str, str, str]] = None  # status, the plain words, the figures (why)
    hint: bool = False

    @property
    def puzzle(self) -> Any:
        return self.puzzles[self.position]

    def state(self) -> CoachState:
        return CoachState("puzzle", self.status, puzzle=self.puzzle, round=self.round.copy(),
                          feedback=self.feedback, number=self.position + 1, count=len(self.puzzles),
                          hint=self.hint)



def _who(names: Sequence[str], seat: int) -> str:
    """A seat as the coach's sentences name it: "you" at a one-person table (the seat named
    "You", or "Tú" at a Spanish table: the coach's sentences say "you" in their language),
    else its name."""
    name = names[seat]
    return "you" if name in ("You", pgettext("seat", "You")) else name


class Coach:
    """Reviews and puzzles at the table (the session holds one): ``run``, the review or the
    puzzles on screen (``None``: the table itself), and ``reviewed``, the last finished review.
    It shares the table's lock (``idle`` is told when a review stops) and never touches the
    game: the session passes what a review needs; ``emit``, ``hook`` and ``tell`` (set the
    table's message) are the session's."""

    def __init__(self, lock: Any, emit: Callable[[], None], hook: Callable[[str], None],
                 tell: Callable[[str, str], None]) -> None:
        self._lock = lock
        self.run: Union[_ReviewRun, _PuzzleRun, None] = None
        self.reviewed: Optional[tuple[tuple[int, int, int], Review]] = None  # the last finished review
        self.idle = threading.Condition(lock)
        self._emit = emit
        self._hook = hook
        self._tell = tell

    # ------------------------------------------------------------------ the coach: reviews
    def state(self) -> Optional[CoachState]:
        """The review or puzzle on screen (``None``: the table itself)."""
        return None if self.run is None else self.run.state()

    def refusal(self, coaching: bool, hand_over: bool) -> Optional[str]:
        """Why "Review this hand" cannot start now (lock held), or None."""
        if not coaching:
            return _("Reviews are off in a tournament: the search's verdicts would help mid-event.")
        if not hand_over:
            return _("A hand is reviewed once it is over; finish it first.")
        if self.run is not None:
            return _("The coach is already on screen; close it first.")
        return None

    def review(self, intent: dict, *, coaching: bool, hand: Round, viewer: Optional[int], humans: Sequence[int],
               names: Sequence[str], key: tuple[int, int], seed: Optional[int]) -> _ReviewRun:
        """Put a review of ``hand`` (match and hand number ``key``) on screen (the ``review``
        intent); the session starts its worker (:meth:`review_worker`) unless it is done."""
        refusal = self.refusal(coaching, hand.is_over)
        if refusal is not None:
            raise IntentError(refusal)
        seat = intent.get("seat", viewer if viewer is not None else humans[0])
        if not is_int(seat) or seat not in humans:
            raise IntentError(_("A review is of a person's seat; seat {seat} is not one.")
                              .format(seat=excerpt(seat, 12)))
        hand = hand.copy()
        run = _ReviewRun(hand, seat, derive_seed(seed or 0, *key, seat) % 2**31, key,
                         total=len(decision_views(hand, seat)), who=_who(names, seat))
        if self.reviewed is not None and self.reviewed[0] == (*key, seat):
            run.result, run.done, run.status, run.started = self.reviewed[1], run.total, "done", True
        elif run.total == 0:
            raise IntentError(_("There is nothing to review: you made no move in this hand."))
        self.run = run
        return run

    def act_review_step(self, intent: dict) -> Optional[str]:
        run = self.run
        if not isinstance(run, _ReviewRun):
            raise IntentError(_("No review is on screen."))
        if run.status == "running":
            raise _gentle(_("The review is still running ({done} of {total} decisions).").format(
                done=run.done, total=run.total))
        assert run.result is not None
        to = intent.get("to")
        if to is None:
            step = intent.get("step")
            if step not in (-1, 1) or isinstance(step, bool):
                raise IntentError(_("A review step is 'step': 1 or -1, or 'to': a decision's number from 0."))
            to = run.index + step
        count = len(run.result.decisions)
        if not is_int(to) or not 0 <= to < count:
            if is_int(to) and to == count:
                raise _gentle(_("That was the last decision reviewed."))
            if is_int(to) and to == -1:
                raise _gentle(_("This is the first decision of the hand."))
            raise IntentError(_("There is no decision {number}: this review has {count}.").format(
                number=excerpt(to, 12), count=count))
        run.index = to
        return None

    def act_coach_close(self, intent: dict) -> Optional[str]:
        run = self.run
        if run is None:
            raise _gentle(_("The table is already showing the game."))
        self.end()
        if isinstance(run, _ReviewRun) and run.status == "running":
            return _("Review cancelled.")
        return None

    def end(self) -> None:
        """Put the coach away (lock held): a running review is told to stop and its figures,
        when they come, are dropped."""
        run = self.run
        if isinstance(run, _ReviewRun):
            run.cancel.set()
        self.run = None
        self.idle.notify_all()

    # ------------------------------------------------------------------ the review worker
    def review_here(self) -> None:
        """Where no thread reviews: value a review that was asked for in the caller's thread."""
        with self._lock:
            run = self.run
            if not isinstance(run, _ReviewRun) or run.started:
                return
            run.started = True
        self.review_worker(run)

    def review_worker(self, run: _ReviewRun) -> None:
        """Value the hand's decisions without the lock; write back only while ``run`` is the coach."""

        def progress(done: int, total: int) -> None:
            self._hook("review-progress")
            with self._lock:
                if self.run is run:
                    run.done, run.total = done, total
                    self._emit()

        result: Optional[Review] = None
        error = None
        try:
            result = review(run.hand, run.seat, REVIEW_LEVEL, run.seed, progress=progress, cancel=run.cancel)
        except Exception as exc:  # the review's failure must not break the table
            error = _("The review failed: {error}").format(error=repr(exc))
        with self._lock:
            if self.run is run:
                if result is None:
                    self.run = None
                    self._tell("error", error or _("The review failed."))
                else:
                    run.result = result
                    run.status = "done" if result.complete else "stopped"
                    if result.complete:
                        self.reviewed = ((*run.key, run.seat), result)
                    if not result.decisions:
                        self.run = None
                        self._tell("info", _("The review was stopped before its first decision."))
                self._emit()
            self.idle.notify_all()
        self._hook("review-done")

    def wait(self, timeout: Optional[float] = 60.0) -> bool:
        """Block until no review is being valued; True if so."""
        with self.idle:
            return self.idle.wait_for(
                lambda: not (isinstance(self.run, _ReviewRun) and self.run.status == "running"), timeout)

    # ------------------------------------------------------------------ the coach: puzzles
    def start_puzzles(self, puzzle_or_id: Any = None, grade: Optional[str] = None,
                      seed: Optional[int] = None, *, coaching: bool = True) -> None:
        """Show puzzles on this table (see :mod:`dominolab.puzzles`): ``puzzle_or_id`` one
        puzzle (or its id), else the shipped puzzles of ``grade`` (all grades when None) in
        an order shuffled by ``seed``.  Answers are judged by the puzzle and change nothing
        at the table; "Next puzzle" moves on and Close returns to the game."""
        from .. import puzzles as _puzzles

        if not coaching:
            raise ValueError(_("puzzles are off in a tournament"))
        check_seed(seed)
        if puzzle_or_id is not None:
            if grade is not None:
                raise ValueError(_("give a puzzle or a grade, not both"))
            if isinstance(puzzle_or_id, _puzzles.Puzzle):
                chosen = [puzzle_or_id]
            elif isinstance(puzzle_or_id, str):
                try:
                    chosen = [_puzzles.get(puzzle_or_id)]
                except KeyError:
                    raise ValueError(_("no puzzle named {given}; dl.puzzles.load() lists them").format(
                        given=excerpt(puzzle_or_id, 30))) from None
            else:
                raise ValueError(_("expected a Puzzle or a puzzle's id, got {given}").format(
                    given=excerpt(puzzle_or_id)))
        else:
            chosen = _puzzles.select(grade=grade)
            if not chosen:
                raise ValueError(_("there are no puzzles of grade {grade}").format(grade=excerpt(grade)))
            if seed is not None:
                random.Random(seed).shuffle(chosen)
        first = chosen[0].round()  # raises PuzzleError if it does not replay
        with self._lock:
            self.end()
            self.run = _PuzzleRun(tuple(chosen), 0, first)
            self._emit()

    def _puzzle(self) -> _PuzzleRun:
        run = self.run
        if not isinstance(run, _PuzzleRun):
            raise IntentError(_("No puzzle is on the table."))
        return run

    def act_puzzle_answer(self, intent: dict) -> Optional[str]:
        run = self._puzzle()
        if run.status in ("correct", "solution"):
            raise _gentle(_("This puzzle is done: press Next puzzle."))
        action = intent.get("move", "play")
        r = run.round
        text: Any = action
        end: Any = None
        if action in ("draw", "pass"):
            pass
        elif action == "play":
            text, end = intent.get("tile"), intent.get("end")
            if not isinstance(text, str) or len(text) > 12:
                raise IntentError(_("An answer names a tile such as '6-4'; nothing was changed."))
            if end is not None and end not in ("left", "right"):
                raise IntentError(_("The end must be 'left' or 'right', not {given}; nothing was changed.")
                                  .format(given=excerpt(end, 12)))
        else:
            raise IntentError(_("An answer's move is 'play', 'draw' or 'pass', not {given}.")
                              .format(given=excerpt(action, 12)))
        move = _parse_intent_move(r, text, end, self._puzzle_names(run))
        feedback = run.puzzle.evaluate(move)
        run.status = "correct" if feedback.correct else "incorrect"
        run.feedback = (feedback.status, feedback.message, feedback.why)
        return None

    def _puzzle_names(self, run: _PuzzleRun) -> list[str]:
        return [seat_name(s) if s != run.puzzle.seat else pgettext("name", "you")
                for s in range(run.round.players)]

    def board_here(self, names: Sequence[str]) -> Any:
        """The position on screen as an :class:`~dominolab.analysis.AnalysisBoard` (the
        engine's :meth:`Decision.analysis <dominolab.review.Decision.analysis>` and
        :meth:`Puzzle.analysis <dominolab.puzzles.Puzzle.analysis>`): the review's decision
        (before the move was made) or the answered puzzle; IntentError when there is none."""
        from ..analysis import AnalysisError

        run = self.run
        try:
            if isinstance(run, _ReviewRun) and run.result is not None and run.result.decisions:
                decision = run.result.decisions[run.index]
                try:
                    return decision.analysis(names=names)
                except AnalysisError:  # names the board cannot take ("you" for another seat): its own
                    return decision.analysis()
            if isinstance(run, _PuzzleRun) and run.status != "asking":
                return run.puzzle.analysis()
        except AnalysisError as exc:
            raise IntentError(_("This position cannot be opened in analysis: {reason}.").format(reason=exc)) from None
        raise IntentError(_("Open in analysis works on a review's decision or an answered puzzle."))

    def act_puzzle_hint(self, intent: dict) -> Optional[str]:
        self._puzzle().hint = True
        return None

    def act_puzzle_solution(self, intent: dict) -> Optional[str]:
        run = self._puzzle()
        run.status = "solution"
        return None

    def act_puzzle_next(self, intent: dict) -> Optional[str]:
        run = self._puzzle()
        position = (run.position + 1) % len(run.puzzles)
        r = run.puzzles[position].round()
        run.position, run.round, run.status, run.feedback, run.hint = position, r, "asking", None, False
        return None
