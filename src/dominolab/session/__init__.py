"""The play table's game, with no Jupyter in it: the seats, the match and the hand in play, the
table's settings (undo, hints, open hands), the intents a view sends, and the thread the
computer players think in.

A :class:`TableSession` is what the widget (:mod:`dominolab.widget`) wraps; it runs as well
in a script, a test or Pyodide.  Each job of the table has its own module:

- :mod:`.state`: constants, :class:`Settings`, :class:`LogNote`, the snapshots
  :class:`TableState` and :class:`CoachState`, :class:`IntentError`;
- :mod:`.seats`: who sits where, default seat names (:func:`seat_names`);
- :mod:`.table`: :class:`TableSession` itself: the match, the hand, ``_changed`` (the one
  place the game changes), the snapshot, and the parts it holds (below);
- :mod:`.modes`: the table's mode, what kind of game it runs (``MatchMode``: an ordinary
  match);
- :mod:`.intents`: the intents a view sends, checked and carried out (the session's methods);
- :mod:`.undo`: the undo policy (``Undo``, a part);
- :mod:`.coach`: reviews of a finished hand and puzzles on the table (``Coach``, a part);
- :mod:`.threads`: every thread: the thinker and the review worker's (``Threads``, a part);
- :mod:`.persist`: records (``record``/``from_record``), autosave and key claims
  (``Persistence``, a part);
- :mod:`.tournament`: the tournament's mode and :func:`TournamentSession`, which gives it to
  a table.
"""

from __future__ import annotations

from .seats import seat_names
from .state import (
    HUMAN,
    REVIEW_LEVEL,
    TABLE_FORMAT,
    UNDO_POLICIES,
    CoachState,
    IntentError,
    LogNote,
    Settings,
    TableState,
    heard_by,
)
from .state import (
    TABLE_VERSION as TABLE_VERSION,
)
from .table import TableSession
from .tournament import TournamentSession

__all__ = [
    "HUMAN",
    "REVIEW_LEVEL",
    "TABLE_FORMAT",
    "UNDO_POLICIES",
    "CoachState",
    "IntentError",
    "LogNote",
    "Settings",
    "TableSession",
    "TableState",
    "TournamentSession",
    "heard_by",
    "seat_names",
]
