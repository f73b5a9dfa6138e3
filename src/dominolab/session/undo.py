"""The undo policy: which moves a person may take back, and taking them back.

Undo never takes back a draw.  A drawn tile that went back into the boneyard would come out
again on the next draw, so undoing a draw (yours, or an opponent's that was then played) shows
what the boneyard hides; keeping draws final keeps every hand exactly the match's deal, so
records replay and check.  Undo is off unless the table is in teaching mode, and every undo
is written in the log and in the record.  The policies are :data:`~.state.UNDO_POLICIES`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional

from ..i18n import _
from ..narration import narrate
from ..round import Round
from .state import IntentError, heard_by


class Undo:
    """The undo policy of a table (the session holds one): ``floor`` is the history length
    below which a person may not go back in this hand (under ``"last"``, where their last undo
    went back to; 0 in a new hand).  The session passes the policy, the hand and its people."""

    def __init__(self) -> None:
        self.floor = 0

    def take_back(self, policy: str, r: Round, humans: Sequence[int], names: Sequence[str],
                  seat: Optional[int]) -> tuple[int, tuple[str, ...]]:
        """Take back ``seat``'s moves in ``r`` (the ``undo`` intent): the history length gone
        back to and the turns taken back, in words; raises IntentError, changing nothing."""
        reason, mark = self.check(policy, r, humans, seat)
        if mark is None:
            raise IntentError(reason)
        history = r.history
        taken = narrate(heard_by(history[mark:], seat), names)
        for _step in range(len(history) - mark):
            r.undo()
        if policy == "last":
            self.floor = mark
        return mark, tuple(taken)

    def check(self, policy: str, r: Round, humans: Sequence[int], seat: Optional[int]) -> tuple[str, Optional[int]]:
        """(why not, None) or ("", the history length to go back to) for an undo by ``seat``."""
        if policy == "off":
            return _("Undo is off at this table."), None
        if r.is_over:
            return _("The hand is over and scored; undo works during a hand."), None
        if seat is None:
            return _("Nobody's tiles are showing; undo works for the person whose tiles are showing."), None
        history = r.history
        decisions = [(i, e.seat) for i, e in enumerate(history) if e.seat in humans and e.action != "draw"]
        mine = [i for i, s in decisions if s == seat and i >= self.floor]
        if not mine:
            if policy == "last" and any(s == seat for _, s in decisions):
                return _("This table lets you take back only your last move, and you have."), None
            return _("There is no move of yours to take back in this hand."), None
        mark = mine[-1]
        if any(s != seat for i, s in decisions if i > mark):
            return _("Someone else has moved since your last move, so it cannot be taken back."), None
        if any(e.action == "draw" for e in history[mark:]):
            return _("A tile has been drawn since your last move, and a draw is never taken back "
                     "(the boneyard would give away what it hides)."), None
        return "", mark
