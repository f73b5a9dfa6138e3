"""The hint at the table: the one shown, and the one being searched.

A hint takes up to :data:`~dominolab.players.HINT_SECONDS` to search, so the table does not
search it inside the intent: ``hint`` makes a *run* (the view of the position shown and a
cancel event) under the lock and answers at once, with the snapshot saying a hint is being
thought about (``TableState.hinting``).  A worker (its own thread, started by
:class:`~.threads.Threads`; the caller's, after the intent, where threads cannot start)
searches without the lock and writes back only while the run is still the table's: a move,
an undo, a new hand or ``cancel_hint`` drops the run (its cancel event set, so the search
stops at its next deal), and the hint that would have come is never shown.  A hint is
always about the position shown.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Optional

from .. import players as _players
from ..i18n import _
from ..moves import Move
from .threads import Worker


@dataclass(eq=False)
class _HintRun:
    """One hint asked for: the asking seat's view, made under the lock; searched by a worker."""

    view: Any
    cancel: threading.Event = field(default_factory=threading.Event)
    started: bool = False


@dataclass(frozen=True)
class _Shown:
    """The hint on the table: the move, its plain sentence, whether a tile is marked (not for
    a hint that cannot separate the two best moves) and its figures (behind "Why?")."""

    move: Move
    text: str
    marks: bool
    why: str


class Hints(Worker[_HintRun]):
    """The table's hint (the session holds one): ``shown``, the hint on the table (``None``:
    none), and ``run``, the hint being searched (``None``: none).  It shares the table's lock
    (``idle`` is told when a search ends) and never touches the game: the session passes the
    view to search; ``emit``, ``hook`` and ``tell`` (set the table's message) are the session's."""

    def __init__(self, lock: Any, emit: Callable[[], None], hook: Callable[[str], None],
                 tell: Callable[[str, str], None]) -> None:
        self._lock = lock
        self.shown: Optional[_Shown] = None
        self.run: Optional[_HintRun] = None
        self.idle = threading.Condition(lock)
        self._emit = emit
        self._hook = hook
        self._tell = tell

    @property
    def thinking(self) -> bool:
        """True while a hint is being searched for the position shown."""
        return self.run is not None

    def ask(self, view: Any) -> Optional[_HintRun]:
        """A hint for ``view`` (lock held; the ``hint`` intent): the run to search, or ``None``
        when one is already being searched for this position."""
        if self.run is not None:
            return None
        self.shown = None
        self.run = _HintRun(view)
        return self.run

    def drop(self) -> None:
        """Take the hint off the table (lock held): the position changed, the hint was
        cancelled or hints were turned off.  A search under way is told to stop."""
        run = self.run
        if run is not None:
            run.cancel.set()
            self.run = None
            self.idle.notify_all()
        self.shown = None

    # ------------------------------------------------------------------ the worker
    def worker(self, run: _HintRun) -> None:
        """Search ``run``'s hint without the lock; write it back only while ``run`` is the table's."""
        self._hook("hint-start")
        advice = None
        error = None
        try:
            advice = _players.advise(run.view, time_limit=_players.HINT_SECONDS, cancel=run.cancel)
        except _players.HintCancelled:
            pass
        except Exception as exc:  # the search's failure must not break the table
            error = _("The hint failed: {error}").format(error=repr(exc))

        def keep() -> None:
            if advice is not None:
                # A hint that cannot separate the two best moves names both in words and
                # marks no tile: the table must not point at one of them as if it were the best.
                self.shown = _Shown(advice.move, advice.reason, advice.kind != "close", advice.why)
            else:
                self._tell("error", error or _("The hint was stopped."))

        self.write_back(run, keep)
        self._hook("hint-cancelled" if advice is None and error is None else "hint-done")

