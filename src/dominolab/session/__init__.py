"""The play table's game, with no Jupyter in it: the seats, the match and the hand in play, the
table's settings (undo, hints, open hands), the intents a view sends, and the thread the
computer players think in.

A :class:`TableSession` is what the widget (:mod:`dominolab.widget`) wraps; it runs as well
in a script, a test or Pyodide.  Each job of the table has its own module:

- :mod:`.state`: constants, :class:`Settings`, :class:`LogNote`, the snapshots
  :class:`TableState` and :class:`CoachState`, :class:`IntentError`;
- :mod:`.seats`: who sits where, default seat names (:func:`seat_names`);
- :mod:`.table`: :class:`TableSession` itself: the match, the hand, ``_changed`` (the one
  place the game changes), the snapshot;
- :mod:`.modes`: the table's mode, what kind of game it runs (``MatchMode``: an ordinary
  match);
- :mod:`.intents`: the intents a view sends, checked and carried out;
- :mod:`.undo`: the undo policy;
- :mod:`.coach`: reviews of a finished hand and puzzles on the table;
- :mod:`.threads`: every thread (the thinker, the review worker);
- :mod:`.persist`: records (``record``/``from_record``), autosave and key claims;
- :mod:`.tournament`: the tournament's mode and :class:`TournamentSession`, the table
  given it.
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
