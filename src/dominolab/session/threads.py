"""Every thread the table starts, in one place: the thinker (the computer players' moves)
and the review worker.

Every change to the game goes through one method, ``TableSession._changed``, called with the
session's lock held: it bumps the version, records a finished hand, decides who is to move
and, if that is a computer player, hands a *job* to the thinker (:meth:`Threads._schedule`).
The thinker only computes a move (``player.choose(view)``) and gives it back; the move is
applied, under the lock, only if the game is still at the version the job was made for.  So
one piece of code owns the turn: there is no moment at which the game says "a computer
player is to move" and nobody has been asked to move it.  Where threads cannot start
(Pyodide), the caller's thread runs the jobs and the reviews.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Any, Optional

from ..moves import IllegalMoveError
from ..review import Review, review
from ..validate import excerpt
from .coach import _ReviewRun
from .core import TableCore
from .state import REVIEW_LEVEL


@dataclass
class _Job:
    """A computer player's turn to think about: made under the lock, run by the thinker."""

    version: int
    seat: int
    view: Any
    player: Any
    seed: Optional[int]



class Threads(TableCore):
    """The thinker and the review worker (a mixin of :class:`~dominolab.session.TableSession`)."""

    def _schedule(self) -> None:
        """Give the computer player to move its job, or none (lock held)."""
        r = self._round
        if (not self._mode.thinks or r.is_over or r.turn in self.humans or self._failure is not None
                or self._closed):
            self._job = None
            self._idle.notify_all()
            return
        seat = r.turn
        self._job = job = _Job(self._version, seat, r.view(seat), self._seats[seat], self._decision_seed(seat, r))
        if self._background and self._start_thinker():
            self._jobs.put(job)

    def _start_thinker(self) -> bool:
        if self._thinker is not None:
            return True
        try:
            thread = threading.Thread(target=self._think_loop, name="dominolab-table", daemon=True)
            thread.start()
        except RuntimeError:  # no threads here (Pyodide): the caller's thread runs the jobs
            self._background = False
            return False
        self._thinker = thread
        return True

    def _think_loop(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            self._run(job)

    def _drain(self) -> None:
        """Show what the mode has still to show; then, without a thinker thread, run the
        computer players' jobs here, one after another."""
        self._mode.show_pending(self)
        if self._background:
            return
        while True:
            with self._lock:
                job = self._job
            if job is None or self._background:
                return
            self._run(job)

    def _run(self, job: _Job) -> None:
        """Think about one job without the lock; apply its move only if the game is unchanged."""
        with self._lock:
            if job is not self._job:
                return  # the game moved on (an undo, a new match) before this job started
        self._hook("job-start")
        start = time.perf_counter()
        reseed = getattr(job.player, "reseed", None)
        error = None
        move = None
        try:
            if callable(reseed) and job.seed is not None:
                reseed(job.seed)  # each decision from its own seed: a resumed hand plays on the same
            move = job.player.choose(job.view)
        except Exception as exc:  # a player's bug must not break the table
            error = f"{self.names[job.seat]}'s player failed: {exc!r}"
        took = (time.perf_counter() - start) * 1000
        self._hook("job-chosen")
        with self._lock:
            if job is not self._job:
                return  # stale: the game changed while it thought
            r = self._round
            if error is None:
                try:
                    r.play(move, seat=job.seat)  # type: ignore[arg-type]
                except (IllegalMoveError, ValueError) as exc:
                    reason = exc.explain(self.names) if isinstance(exc, IllegalMoveError) else str(exc)
                    error = f"{self.names[job.seat]}'s player chose {excerpt(move)}, which is not allowed: {reason}"
            if error is not None:
                self._failure = error
                self._message = ("error", error)
                self._job = None
                self._idle.notify_all()
                self._emit()
                return
            self._ai_ms = [*self._ai_ms[-499:], took]
            self._changed()
        self._hook("job-applied")

    def wait(self, timeout: Optional[float] = 60.0) -> bool:
        """Block until no computer player is to move (or one has failed); True if so."""
        self._drain()
        with self._idle:
            return self._idle.wait_for(lambda: self._job is None, timeout)

    def close(self) -> None:
        """Stop the thinker thread and give up the autosave file (the table cannot go on)."""
        with self._lock:
            self._closed = True
            self._job = None
            self._end_coach()
            self._idle.notify_all()
            self._release_key()
        if self._thinker is not None:
            self._jobs.put(None)

    def _hook(self, point: str) -> None:
        hook = self._test_hook
        if hook is not None:
            hook(point)

    # ------------------------------------------------------------------ the review worker
    def _start_reviewer(self, run: _ReviewRun) -> bool:
        try:
            threading.Thread(target=self._review_worker, args=(run,), name="dominolab-review", daemon=True).start()
        except RuntimeError:  # no threads here (Pyodide): the caller's thread reviews
            return False
        return True

    def _review_here(self) -> None:
        """Where no thread reviews: value a review that was asked for in the caller's thread."""
        with self._lock:
            run = self._coach
            if not isinstance(run, _ReviewRun) or run.started:
                return
            run.started = True
        self._review_worker(run)

    def _review_worker(self, run: _ReviewRun) -> None:
        """Value the hand's decisions without the lock; write back only while ``run`` is the coach."""

        def progress(done: int, total: int) -> None:
            self._hook("review-progress")
            with self._lock:
                if self._coach is run:
                    run.done, run.total = done, total
                    self._emit()

        result: Optional[Review] = None
        error = None
        try:
            result = review(run.hand, run.seat, REVIEW_LEVEL, run.seed, progress=progress, cancel=run.cancel)
        except Exception as exc:  # the review's failure must not break the table
            error = f"The review failed: {exc!r}"
        with self._lock:
            if self._coach is run:
                if result is None:
                    self._coach = None
                    self._message = ("error", error or "The review failed.")
                else:
                    run.result = result
                    run.status = "done" if result.complete else "stopped"
                    if result.complete:
                        self._reviewed = ((*run.key, run.seat), result)
                    if not result.decisions:
                        self._coach = None
                        self._message = ("info", "The review was stopped before its first decision.")
                self._emit()
            self._coach_idle.notify_all()
        self._hook("review-done")

    def wait_review(self, timeout: Optional[float] = 60.0) -> bool:
        """Block until no review is being valued; True if so."""
        self._review_here()
        with self._coach_idle:
            return self._coach_idle.wait_for(
                lambda: not (isinstance(self._coach, _ReviewRun) and self._coach.status == "running"), timeout)
