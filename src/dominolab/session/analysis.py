"""The analysis board on the table: a hand as one seat saw it, to step through, branch and
value move by move (:class:`~dominolab.analysis.AnalysisBoard`).

The board sits over the table as the coach does, without touching the game: while it is
open the game's own intents are refused, and closing it (``analysis_close``) shows the
table (or the review it was opened from) again.  Its intents:

- ``analysis_play`` (``move``: text such as "6-4 left", "lead 6-6", "draw 3-3" for the
  analysed seat, "draws 2" or "pass" for another): a move for the seat to move;
- ``analysis_undo``, ``analysis_redo``, ``analysis_go`` (``path``: the variation taken at
  each move from the start, as the snapshot gives it): step through the hand and its
  branches;
- ``analysis_evaluate``: every legal move of the analysed seat valued by the hint's search
  (within the hint's time, :data:`~dominolab.players.HINT_SECONDS`), as the hint is: the
  intent answers at once (the snapshot says the board is ``evaluating``), a worker (its own
  thread, started by the table's :class:`~.threads.Threads`; the caller's, after the intent,
  where threads cannot start) values a copy of the board without the lock and writes the
  values back for the position they are of, while the board is still on screen;
- ``analysis_load`` (``text``): a hand pasted as text (:mod:`dominolab.analysis_text`);
  bad text is refused with the library's own error, and the board stays as it was;
- ``analysis_new`` (``tiles``, ``leader``: a seat): a new hand with the board's rules and
  seats, from the tiles the person picked.

Every intent that changes the board quotes the board's ``rev`` (as a move quotes the
table's version), so a double click cannot play twice.  None of them bump the table's
version: they are not moves of the game.  Values already worked out are kept per position,
so stepping back shows them again.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Optional

from ..analysis import Analysis, AnalysisBoard, AnalysisError, Node
from ..analysis_text import MAX_TEXT
from ..i18n import _, pgettext
from ..players import HINT_SECONDS
from ..tiles import Tile
from ..validate import excerpt, is_int
from ..view import View
from .state import IntentError, _gentle
from .threads import Worker


@dataclass(frozen=True)
class AnalysisState:
    """The analysis board on screen, for the presenter: ``view`` what the analysed seat
    (``seat``) knows at the current position, ``names`` the seats as the table's sentences
    name them ("You" for the analysed seat), ``line`` the moves from the start to the end of
    the line being looked at (each ``(path, event, current)``; the current position is the
    last with ``current`` True, or none at the start), ``branches`` the moves already played
    from the current position (each ``(path, event)``, the main line first), ``values`` the
    evaluation of the current position when asked for, ``text`` the board as text
    (:meth:`~dominolab.analysis.AnalysisBoard.to_text`), ``rev`` its revision (intents quote
    it) and ``error`` why the last pasted text was refused."""

    view: View
    seat: int
    names: tuple[str, ...]
    line: tuple[tuple[tuple[int, ...], Any, bool], ...]
    branches: tuple[tuple[tuple[int, ...], Any], ...]
    at: int
    can_undo: bool
    can_redo: bool
    values: Optional[Analysis]
    text: str
    rev: int
    rules_name: str
    error: str = ""
    #: Another seat to move: the tiles the analysed seat has not seen (it could play one),
    #: each with the ends it matches (``("lead",)`` before the first tile).
    unseen: tuple[tuple[Tile, tuple[str, ...]], ...] = ()
    #: Every tile of the set and how many the analysed seat is dealt (to set up a new hand).
    tiles: tuple[Tile, ...] = ()
    deal: int = 0
    #: True while the current position's moves are being valued.
    evaluating: bool = False


@dataclass(eq=False)
class _EvalRun:
    """One evaluation asked for: a copy of the board at the position (made under the lock),
    the position's node on the board on screen, and the board it is of."""

    copy: AnalysisBoard
    node: Node
    of: AnalysisBoard
    started: bool = False


def _path_of(node: Node) -> tuple[int, ...]:
    """The variation taken at each move from the start to ``node``."""
    out = []
    for step in node.path():
        assert step.parent is not None
        out.append(step.parent.variations.index(step))
    return tuple(out)


class Analyst(Worker[_EvalRun]):
    """The table's analysis board (the session holds it as ``_analysis``): the board open on
    screen (``board``, ``None`` when closed), the values worked out for its positions
    (``values``), the evaluation under way (``run``), and its intents.  Its intents are
    called with the table's ``lock`` held; ``emit`` and ``tell`` are the table's, ``start``
    starts the evaluation's worker thread (False: not started, :meth:`here` runs it)."""

    def __init__(self, lock: Any = None, emit: Optional[Callable[[], None]] = None,
                 tell: Optional[Callable[[str, str], None]] = None,
                 start: Optional[Callable[[Callable[[Any], None], Any], bool]] = None) -> None:
        self._lock = threading.RLock() if lock is None else lock
        self._emit = emit or (lambda: None)
        self._tell = tell or (lambda kind, text: None)
        self._start = start or (lambda worker, run: False)
        self.run: Optional[_EvalRun] = None
        self.idle = threading.Condition(self._lock)
        self.board: Optional[AnalysisBoard] = None
        self.values: dict[Node, Analysis] = {}
        self.rev = 0
        self.error = ""
        #: The search's wall-clock limit, seconds (the hint's); ``None``: the search's own
        #: budget only, so that the figures do not depend on the machine (the tests' fixtures).
        self.time_limit: Optional[float] = HINT_SECONDS
        self._state: Optional[AnalysisState] = None
        self.actions: dict[str, Callable[[dict], Optional[str]]] = {
            "analysis_play": self.act_play, "analysis_undo": self.act_undo, "analysis_redo": self.act_redo,
            "analysis_go": self.act_go, "analysis_evaluate": self.act_evaluate, "analysis_load": self.act_load,
            "analysis_close": self.act_close, "analysis_new": self.act_new,
        }

    @property
    def open(self) -> bool:
        return self.board is not None

    def show(self, board: AnalysisBoard) -> None:
        """Open ``board`` on the table (a copy: the caller's board is not changed)."""
        if not isinstance(board, AnalysisBoard):
            raise ValueError(_("expected an AnalysisBoard, got {given}").format(given=excerpt(board)))
        self._install(board.copy())

    def _install(self, board: AnalysisBoard) -> None:
        self._drop()
        self.board = board
        self.values = {}
        self._bump()

    def _bump(self) -> None:
        self.rev += 1
        self.error = ""
        self._state = None

    def copy(self) -> Optional[AnalysisBoard]:
        """A copy of the board on screen, or ``None``."""
        return None if self.board is None else self.board.copy()

    # ------------------------------------------------------------------ intents
    def _board(self, intent: dict) -> AnalysisBoard:
        board = self.board
        if board is None:
            raise IntentError(_("The analysis board is not open."))
        rev = intent.get("rev")
        if rev is not None and (not is_int(rev) or rev != self.rev):
            raise _gentle(_("The board had changed when that arrived, so nothing was changed."))
        return board

    def act_play(self, intent: dict) -> Optional[str]:
        board = self._board(intent)
        move = intent.get("move")
        if not isinstance(move, str) or not move.strip() or len(move) > 200:
            raise IntentError(_("Write a move, such as '6-4 left', 'draws 2' or 'pass'; nothing was changed."))
        try:
            board.play(move.strip())
        except AnalysisError as exc:
            raise IntentError(_("That move cannot be added: {reason}. Nothing was changed.")
                              .format(reason=exc)) from None
        self._bump()
        return None

    def act_undo(self, intent: dict) -> Optional[str]:
        board = self._board(intent)
        try:
            board.undo()
        except AnalysisError:
            raise _gentle(_("This is the start of the hand: there is no move before it.")) from None
        self._bump()
        return None

    def act_redo(self, intent: dict) -> Optional[str]:
        board = self._board(intent)
        try:
            board.redo()
        except AnalysisError:
            raise _gentle(_("This is the last move entered: add the next one.")) from None
        self._bump()
        return None

    def act_go(self, intent: dict) -> Optional[str]:
        board = self._board(intent)
        path = intent.get("path")
        if not isinstance(path, list) or len(path) > 10_000 or not all(is_int(i) and i >= 0 for i in path):
            raise IntentError(_("analysis_go needs the path of a position (a list of whole numbers); "
                                "nothing was changed."))
        node = board.root
        for i in path:
            if i >= len(node.variations):
                raise IntentError(_("There is no such position on this board; nothing was changed."))
            node = node.variations[i]
        board.go(node)
        self._bump()
        return None

    def act_evaluate(self, intent: dict) -> Optional[str]:
        board = self._board(intent)
        self.error, self._state = "", None  # a pasted text refused before is put aside
        if board.node in self.values or (self.run is not None and self.run.node is board.node):
            return None
        view = board.view()
        if view.is_over:
            raise IntentError(_("The hand is over: there is no decision to study."))
        if view.turn != board.seat:
            raise IntentError(_("It is {name}'s turn: the board values your decisions, so add {name}'s move first.")
                              .format(name=board.names[view.turn]))
        self._drop()
        self.run = _EvalRun(board.copy(), board.node, board)
        self.run.started = self._start(self.worker, self.run)
        return None

    def _drop(self) -> None:
        """Forget the evaluation under way (its values, when they come, are not kept)."""
        if self.run is not None:
            self.run = None
            self.idle.notify_all()

    def worker(self, run: _EvalRun) -> None:
        """Value ``run``'s position without the lock; write back while its board is on screen."""
        values: Optional[Analysis] = None
        error = None
        try:
            values = run.copy.evaluate(time_limit=self.time_limit)
        except Exception as exc:  # the search's failure must not break the table
            error = _("The moves could not be valued: {reason}").format(reason=exc)

        def keep() -> None:
            if values is not None and self.board is run.of:
                self.values[run.node] = values
            elif error is not None:
                self._tell("error", error)
            self._state = None

        self.write_back(run, keep)

    def act_load(self, intent: dict) -> Optional[str]:
        self._board(intent)
        text = intent.get("text")
        if not isinstance(text, str) or not text.strip():
            raise IntentError(_("Paste a hand as text first (see the example); nothing was changed."))
        if len(text) > MAX_TEXT:
            raise IntentError(_("That text is too long for a hand ({count} characters); nothing was changed.")
                              .format(count=f"{len(text):,}".replace(",", pgettext("thousands mark", ","))))
        try:
            board = AnalysisBoard.from_text(text)
        except AnalysisError as exc:
            self.error = _("The hand could not be read: {reason}. The board is as it was.").format(reason=exc)
            self._state = None
            raise IntentError(self.error) from None
        self._install(board)
        return _("The hand is on the board.")

    def act_new(self, intent: dict) -> Optional[str]:
        """A new hand with the board's rules and seats, from the tiles the person picked."""
        board = self._board(intent)
        tiles = intent.get("tiles")
        if not (isinstance(tiles, list) and len(tiles) <= 100
                and all(isinstance(t, str) and len(t) <= 7 for t in tiles)):
            raise IntentError(_("A new hand needs your tiles, such as ['6-4', '5-5']; nothing was changed."))
        leader = intent.get("leader")
        if leader is not None and (not is_int(leader) or not 0 <= leader < board.players):
            raise IntentError(_("The seat that leads must be a seat of this board, not {given}.")
                              .format(given=excerpt(leader, 12)))
        try:
            fresh = AnalysisBoard(board.rules, board.names, tiles, first_hand=board.first_hand, match=board.match,
                                  leader=leader)
        except (AnalysisError, ValueError) as exc:
            raise IntentError(_("That hand cannot be set up: {reason}. Nothing was changed.")
                              .format(reason=exc)) from None
        self._install(fresh)
        return _("A new hand is on the board: add the moves as they were made.")

    def act_close(self, intent: dict) -> Optional[str]:
        self._drop()
        self.board = None
        self.values = {}
        self._bump()
        return None

    # ------------------------------------------------------------------ the snapshot
    def state(self) -> Optional[AnalysisState]:
        """The board on screen, for the snapshot (kept until the board changes)."""
        board = self.board
        if board is None:
            return None
        if self._state is not None:  # every change to the board, its values or error drops it
            return self._state
        current = board.node
        here = current.path()
        tail: list[Node] = []
        node = current
        while node.variations:  # the line goes on as redo() would
            nxt = node._next if node._next in node.variations else node.variations[0]
            tail.append(nxt)
            node = nxt
        line = tuple((_path_of(n), n.event, n is current) for n in [*here, *tail])
        branches = tuple((_path_of(n), n.event) for n in current.variations)
        speaking = tuple(pgettext("seat", "You") if s == board.seat else name for s, name in enumerate(board.names))
        view = board.view()
        unseen: list[tuple[Tile, tuple[str, ...]]] = []
        if not view.is_over and view.turn != board.seat:
            seen = set(board.tiles) | {e.tile for e in board.events if e.tile is not None}
            unseen = [(tile, sides) for tile in board.rules.tiles
                      if tile not in seen and (sides := view.ends_for(tile))]
        self._state = AnalysisState(
            view=view, seat=board.seat, names=speaking, line=line, branches=branches, at=len(here),
            can_undo=current.parent is not None, can_redo=bool(current.variations),
            values=self.values.get(current), text=board.to_text(), rev=self.rev, rules_name=board.rules.name,
            error=self.error, unseen=tuple(unseen), tiles=tuple(board.rules.tiles),
            deal=board.rules.hand_size(board.players),
            evaluating=self.run is not None and self.run.node is current)
        return self._state
