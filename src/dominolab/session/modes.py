"""A table's mode: what kind of game the table runs, in one object it is given.

The table (:mod:`.table`, its intents and its parts) runs the turn loop, the intents, the
snapshot and the threads the same way for every game; what differs between an ordinary match
and a classroom tournament is asked of its :class:`TableMode`:

- which settings are fixed (``locked``), whether the coach may show the search's verdicts
  (``coaching``), whether the table's thinker moves the computer seats (``thinks``), which
  intents are refused and why (``refusals``);
- where matches and deals come from (:meth:`~TableMode.new_match`, :meth:`~TableMode.deal`),
  what a person's move and "Next hand" do (:meth:`~TableMode.play`,
  :meth:`~TableMode.next_hand`), what is said once it is all over (:meth:`~TableMode.over_text`);
- what the mode adds at each change and to the snapshot (:meth:`~TableMode.sync`,
  :meth:`~TableMode.show_pending`, :meth:`~TableMode.state`), what the table's record and
  match are (:meth:`~TableMode.record`, :meth:`~TableMode.match`), and what the mode adds to
  the table's reads (``reads``, :meth:`~TableMode.read`: a tournament table's ``entry``).

:class:`MatchMode` is the ordinary table: matches to a target, the thinker moves the
computer players, undo, hints and the coach as the settings say, records and autosave.  The
tournament's mode is :class:`~dominolab.session.tournament.TournamentMode`.  Once the table
is built, a mode's hooks are called with the table's lock held (except
:meth:`~TableMode.show_pending` and :meth:`~TableMode.read`, which take it); they may use the
table's own methods and start no threads.  A new kind of table is a new mode, not a subclass of the table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Optional, Protocol

from ..i18n import _
from ..match import Match
from ..moves import Move
from ..playout import derive_seed
from ..round import Round
from .persist import table_record
from .state import IntentError, TableState

if TYPE_CHECKING:
    from .table import TableSession


class TableMode(Protocol):
    """What kind of game a table runs (see the module's note)."""

    #: Settings the mode fixes: changing one raises.
    locked: frozenset[str]
    #: False where the search's verdicts must not be shown (no review, no puzzles).
    coaching: bool
    #: True when the table's thinker moves the computer seats (else the mode moves them).
    thinks: bool
    #: Intents the mode refuses, each with what the table says.
    refusals: Mapping[str, str]
    #: Names the mode adds to the table's reads (``session.<name>``, answered by :meth:`read`).
    reads: frozenset[str]

    def new_match(self, table: TableSession, number: int) -> Any:
        """The match object for match ``number`` (its ``rounds``, ``scores``, ``is_over``, …)."""
        ...

    def deal(self, table: TableSession, match: Any) -> Round:
        """The next hand of ``match``."""
        ...

    def play(self, table: TableSession, move: Move, seat: int) -> Optional[str]:
        """Carry out a person's legal ``move``; returns a message to show, or None."""
        ...

    def next_hand(self, table: TableSession) -> Optional[str]:
        """Deal the next hand (the hand in play is over, the match is not)."""
        ...

    def over_text(self, table: TableSession) -> str:
        """What the table says to a move or "Next hand" once the match is over."""
        ...

    def sync(self, table: TableSession) -> None:
        """At the start of every change (``_changed``), before the table reads its match."""
        ...

    def show_pending(self, table: TableSession) -> None:
        """Show what the mode has still to show, one change each (no lock held on entry)."""
        ...

    def state(self, table: TableSession, state: TableState) -> TableState:
        """The snapshot, with what the mode adds."""
        ...

    def record(self, table: TableSession) -> dict:
        """The table's record (``TableSession.record``)."""
        ...

    def match(self, table: TableSession) -> Match:
        """The public copy of the match (``TableSession.match``)."""
        ...

    def read(self, table: TableSession, name: str) -> Any:
        """``session.<name>`` for a name in ``reads``."""
        ...


class MatchMode:
    """The ordinary table: matches to a target dealt from the table's seed, the thinker
    moves the computer players, undo, hints and the coach as the settings say, the table's
    record and autosave (:mod:`.persist`)."""

    locked: frozenset[str] = frozenset()
    coaching = True
    thinks = True
    refusals: Mapping[str, str] = {}
    reads: frozenset[str] = frozenset()

    def new_match(self, table: TableSession, number: int) -> Match:
        seed = table.seed if (table.seed is None or number == 1) else derive_seed(table.seed, number)
        return Match(table.rules, table._seats, seed=seed, target=table.target)

    def deal(self, table: TableSession, match: Any) -> Round:
        return match.deal_next()

    def play(self, table: TableSession, move: Move, seat: int) -> Optional[str]:
        table._round.play(move, seat=seat)
        table._changed()
        return None

    def next_hand(self, table: TableSession) -> Optional[str]:
        try:
            r = table._deal_next(table._match)
        except ValueError as exc:
            raise IntentError(_("The next hand could not be dealt: {reason}.").format(reason=exc)) from None
        table._round = r
        table._changed(new_hand=True)
        return None

    def over_text(self, table: TableSession) -> str:
        return _("The match is over; start a new match.")

    def sync(self, table: TableSession) -> None:
        return None

    def show_pending(self, table: TableSession) -> None:
        return None

    def state(self, table: TableSession, state: TableState) -> TableState:
        return state

    def record(self, table: TableSession) -> dict:
        return table_record(table)

    def match(self, table: TableSession) -> Match:
        return Match.from_record(table._match.to_record())

    def read(self, table: TableSession, name: str) -> Any:
        raise AttributeError(name)
