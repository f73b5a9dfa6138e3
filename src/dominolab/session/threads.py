"""Every thread the table starts, in one place: the thinker (the computer players' moves)
and the workers' threads: a review's (what it does is the coach's,
:meth:`.coach.Coach.review_worker`) and a hint's (:meth:`.hint.Hints.worker`).

Every change to the game goes through one method, ``TableSession._changed``, called with the
session's lock held: it bumps the version, records a finished hand, decides who is to move
and, if that is a computer player, hands a *job* to the thinker (:meth:`Threads.schedule`).
The thinker only computes a move (``player.choose(view)``) and gives it back; the move is
applied, under the lock, only if the game is still at the version the job was made for.  So
one piece of code owns the turn: there is no moment at which the game says "a computer
player is to move" and nobody has been asked to move it.  Where threads cannot start
(Pyodide), the caller's thread runs the jobs, the reviews and the hints.

A table speaks one language (``TableSession.language``), and a language block
(:func:`dominolab.i18n.language`) does not follow into a new thread: every thread started
here runs its work inside the table's language block (:meth:`Threads.speaking`), so the
sentences a computer move, a hint, a review or an evaluation builds are in the table's
language whatever the kernel's is.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Optional, Protocol, TypeVar

from ..i18n import language as _language


@dataclass
class _Job:
    """A computer player's turn to think about: made under the lock, run by the thinker."""

    version: int
    seat: int
    view: Any
    player: Any
    seed: Optional[int]



class _Run(Protocol):
    started: bool


_R = TypeVar("_R", bound=_Run)


class Worker(Generic[_R]):
    """What the hint and the analysis board share: the work asked for (``run``, ``None``:
    none; ``started`` once a thread or :meth:`here` took it), the table's lock and the worker
    that does one run without the lock."""

    _lock: Any
    _emit: Callable[[], None]
    idle: threading.Condition
    run: Optional[_R]

    def worker(self, run: _R) -> None:
        raise NotImplementedError

    def write_back(self, run: _R, keep: Callable[[], None]) -> None:
        """The worker's end, under the lock: while ``run`` is still the work asked for, end it,
        ``keep`` what it found and redraw the table; wake whoever waits either way."""
        with self._lock:
            if self.run is run:
                self.run = None
                keep()
                self._emit()
            self.idle.notify_all()

    def wait(self, timeout: Optional[float] = 60.0) -> bool:
        """Block until no work is under way; True if so."""
        with self.idle:
            return self.idle.wait_for(lambda: self.run is None, timeout)

    def here(self) -> None:
        """Where no thread works: do the run asked for in the caller's thread."""
        with self._lock:
            run = self.run
            if run is None or run.started:
                return
            run.started = True
        self.worker(run)


class Threads:
    """The thinker and the threads of a table (the session holds one): the job in hand
    (``job``, ``None`` when no computer player is to move), a player's failure (``failure``,
    cleared by the session at every change), whether a thread thinks (``background``) and
    whether the table is closed (``closed``).  It shares the table's lock (``idle`` is told when
    no job is left); ``apply`` applies a chosen move (lock held, the job still current; False
    if it failed: see :meth:`fail`) and ``hook`` is the table's test hook.  ``language`` is
    the table's: every thread started here works in it."""

    def __init__(self, lock: Any, background: bool, apply: Callable[[_Job, Any, Optional[Exception], float], bool],
                 hook: Callable[[str], None], language: Optional[str] = None) -> None:
        self.language = language
        self._lock = lock
        self.idle = threading.Condition(lock)
        self.background = bool(background)
        self._jobs: queue.SimpleQueue = queue.SimpleQueue()
        self._thinker: Optional[threading.Thread] = None
        self.job: Optional[_Job] = None
        self.closed = False
        self.failure: Optional[str] = None
        self._apply = apply
        self._hook = hook

    def schedule(self, job: Optional[_Job]) -> None:
        """Give the computer player to move its job (``None``: nobody's), unless a player has
        failed or the table is closed (lock held)."""
        if job is None or self.failure is not None or self.closed:
            self.job = None
            self.idle.notify_all()
            return
        self.job = job
        if self.background and self._start_thinker():
            self._jobs.put(job)

    def _start_thinker(self) -> bool:
        if self._thinker is not None:
            return True
        try:
            thread = threading.Thread(target=self.speaking(self._think_loop), name="dominolab-table", daemon=True)
            thread.start()
        except RuntimeError:  # no threads here (Pyodide): the caller's thread runs the jobs
            self.background = False
            return False
        self._thinker = thread
        return True

    def speaking(self, work: Callable[..., None]) -> Callable[..., None]:
        """``work`` done in the table's language (what a thread started here runs)."""

        def spoken(*args: Any) -> None:
            with _language(self.language):
                work(*args)

        return spoken

    def _think_loop(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            self._run(job)

    def drain(self) -> None:
        """Without a thinker thread, run the computer players' jobs here, one after another."""
        if self.background:
            return
        while True:
            with self._lock:
                job = self.job
            if job is None or self.background:
                return
            self._run(job)

    def _run(self, job: _Job) -> None:
        """Think about one job without the lock; apply its move only if the game is unchanged."""
        with self._lock:
            if job is not self.job:
                return  # the game moved on (an undo, a new match) before this job started
        self._hook("job-start")
        start = time.perf_counter()
        reseed = getattr(job.player, "reseed", None)
        error: Optional[Exception] = None
        move = None
        try:
            if callable(reseed) and job.seed is not None:
                reseed(job.seed)  # each decision from its own seed: a resumed hand plays on the same
            move = job.player.choose(job.view)
        except Exception as exc:  # a player's bug must not break the table
            error = exc
        took = (time.perf_counter() - start) * 1000
        self._hook("job-chosen")
        with self._lock:
            if job is not self.job:
                return  # stale: the game changed while it thought
            if not self._apply(job, move, error, took):
                return
        self._hook("job-applied")

    def fail(self, error: str) -> None:
        """A computer player failed (lock held): nobody is asked again until the game changes."""
        self.failure = error
        self.job = None
        self.idle.notify_all()

    def wait(self, timeout: Optional[float] = 60.0) -> bool:
        """Block until no computer player is to move (or one has failed); True if so."""
        with self.idle:
            return self.idle.wait_for(lambda: self.job is None, timeout)

    def close(self) -> None:
        """Stop the thinker thread (lock held): the table cannot go on."""
        self.closed = True
        self.job = None
        self.idle.notify_all()
        if self._thinker is not None:
            self._jobs.put(None)

    # ------------------------------------------------------------------ the workers
    def start(self, worker: Callable[[Any], None], run: Any, name: str) -> bool:
        """Run ``worker(run)`` (the coach's review worker, the hint's, the analysis board's) in
        a thread called ``name``; False at a table that does not think in the background or
        where threads cannot start (the caller's thread then runs it)."""
        if not self.background:
            return False
        try:
            threading.Thread(target=self.speaking(worker), args=(run,), name=name, daemon=True).start()
        except RuntimeError:  # no threads here (Pyodide): nor for the thinker
            self.background = False
            return False
        return True
