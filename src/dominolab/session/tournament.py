"""The table in tournament mode: a classroom tournament's fixed deals, played through a
:class:`~dominolab.tournament.Entry`, with undo, hints and the coach locked off.

Everything a tournament changes at the table is :class:`TournamentMode`, the table's mode
(:mod:`.modes`): the entry deals and moves the opponents, the table shows their moves one by
one, progress and the result file are saved, and undo, hints, a new match and the coach are
refused.  :func:`TournamentSession` makes an ordinary :class:`~.table.TableSession` given that
mode; the entry's figures are the mode's reads (``session.entry`` and the like)."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any, Optional, Union

from ..hub.client import HubEntry, HubError
from ..i18n import N_, _
from ..match import Match
from ..moves import IllegalMoveError, Move
from ..round import Round
from ..tournament import Entry, Tournament, TournamentError
from ..tournament.entries import _taken_text
from ..validate import excerpt
from .state import HUMAN, IntentError, TableState
from .table import TableSession


class _TournamentHands:
    """A tournament's finished hands in the shape in which the table reads its match (the
    hands, each side's total): always read from the :class:`~dominolab.tournament.Entry`,
    never kept apart from it.  There is no target: the tournament ends after its last hand."""

    def __init__(self, entry: Entry):
        self.rules = entry.tournament.rules
        self.hands = entry.tournament.hands
        self.target = 0
        self.seed = None
        self.winner = None
        self.rounds: list[Round] = []
        self.scores = [0] * self.rules.sides(entry.tournament.players)

    def sync(self, entry: Entry, current: Round) -> None:
        """Read the finished hands: the entry's, and ``current`` (the table's copy of the
        entry's hand in play) once it is over."""
        self.rounds = [*entry.rounds, *([current] if current.is_over else [])]
        totals = [0] * len(self.scores)
        for r in self.rounds:
            assert r.result is not None
            totals = [a + b for a, b in zip(totals, r.result.points, strict=True)]
        self.scores = totals

    @property
    def is_over(self) -> bool:
        return len(self.rounds) == self.hands


class _Said(Mapping[str, str]):
    """Texts kept as their English messages and said in the language of the moment each is
    read (a table reads its refusals inside its own language)."""

    def __init__(self, messages: Mapping[str, str]) -> None:
        self._messages = dict(messages)

    def __getitem__(self, key: str) -> str:
        return _(self._messages[key])

    def __iter__(self) -> Iterator[str]:
        return iter(self._messages)

    def __len__(self) -> int:
        return len(self._messages)


class TournamentMode:
    """The tournament's mode of the table (see :mod:`.modes`): one student, in seat 0, plays
    an :class:`~dominolab.tournament.Entry`'s hands in order against its computer opponents.

    The entry is the one source of truth: it deals and it moves the opponents.  The table
    shows the entry's hand; what the opponents did after a move of the student's is shown
    move by move (one snapshot each, ``pace`` apart in the browser, as at an ordinary table)
    by replaying the entry's own moves on the table's copy, which then becomes the entry's.
    The student's moves are kept in ``save_dir`` after every change; when the last hand ends
    the result file is written there (``None``: neither is written)."""

    locked = frozenset({"open_hands", "hints", "undo"})
    coaching = False  # no review, no puzzles: a tournament must not show the search's verdicts
    thinks = False  # the entry moves the opponents
    refusals: Mapping[str, str] = _Said({
        "undo": N_("Undo is off in a tournament: every move is final, as at a real table."),
        "hint": N_("Hints are off in a tournament: the score has to be your own play."),
        "new_match": N_("A tournament plays its own hands, in order: there is no new match. "
                        "To play another tournament, open a new table."),
    })
    #: What a tournament table adds to the table's reads (see :meth:`read`).
    reads = frozenset({"entry", "saved_to", "is_finished", "result_text"})

    def __init__(self, entry: Union[Entry, HubEntry], save_dir: Optional[Path]) -> None:
        self.entry: Any = entry  # an Entry, or a HubEntry read and played the same way
        self.save_dir = save_dir
        self.saved: Optional[Path] = None
        self.save_error: Optional[str] = None
        self._steps: list[Move] = []  # the opponents' moves the entry made, still to show
        self._final: Optional[Round] = None  # the entry's hand once they are shown

    # ------------------------------------------------------------------ the entry deals
    def new_match(self, table: TableSession, number: int) -> _TournamentHands:
        return _TournamentHands(self.entry)

    def deal(self, table: TableSession, match: object) -> Round:
        return self.entry.round

    def sync(self, table: TableSession) -> None:
        hands = table._match
        assert isinstance(hands, _TournamentHands)  # what new_match made
        hands.sync(self.entry, table._round)

    def match(self, table: TableSession) -> Match:
        raise ValueError(_("a tournament table plays a tournament's hands, not a match: read session.entry"))

    def record(self, table: TableSession) -> dict:
        """The result file's content so far: a tournament table is not carried on from a record."""
        return self.entry.result()

    def is_last_hand(self) -> bool:
        return self.entry.index == self.entry.tournament.hands - 1

    def over_text(self, table: TableSession) -> str:
        if self.saved is None:
            return _("That was the last hand of the tournament.")
        return _("That was the last hand of the tournament. Your result is saved as {path}.").format(path=self.saved)

    # ------------------------------------------------------------------ the entry moves
    def play(self, table: TableSession, move: Move, seat: int) -> Optional[str]:
        try:
            self.entry.play(move)
        except (TournamentError, IllegalMoveError) as exc:  # pragma: no cover - _read_move checked it
            raise IntentError(_("Not allowed: {reason}.").format(reason=exc)) from None
        trouble = self.save_progress()
        r = table._round
        r.play(move, seat=0)
        self._show_from(table, r)
        return trouble

    def next_hand(self, table: TableSession) -> Optional[str]:
        self.entry.next_hand()
        trouble = self.save_progress()
        self._show_from(table, self.entry.tournament.deal(self.entry.index), new_hand=True)
        return trouble

    def _show_from(self, table: TableSession, shown: Round, *, new_hand: bool = False) -> None:
        """Show ``shown`` (the table's copy, as far as the student has seen), then, through
        :meth:`show_pending`, the moves the entry has made since, up to the entry's own hand."""
        final = self.entry.round
        done = len(shown.history)
        assert final.history[:done] == shown.history
        self._steps = list(final.moves[done:])
        if self._steps:
            table._round, self._final = shown, final
        else:
            table._round = final
            if final.is_over and self.is_last_hand():
                self.save_result()
        table._changed(new_hand=new_hand)

    def show_pending(self, table: TableSession) -> None:
        """Show the opponents' moves that the entry made, one change (one snapshot) each."""
        while True:
            with table._lock:
                if not self._steps or table._threads.closed:
                    return
                table._round.play(self._steps.pop(0))
                if not self._steps:
                    final = self._final
                    assert final is not None and final.history == table._round.history
                    table._round, self._final = final, None
                    if final.is_over and self.is_last_hand():
                        self.save_result()
                table._changed()

    # ------------------------------------------------------------------ files
    def save_progress(self) -> Optional[str]:
        """Keep the student's moves in the folder after every change, so that a restarted
        kernel carries on (``Tournament.entry(name, folder)``) instead of dealing again.
        Returns what to tell the student if that failed."""
        if self.save_dir is None:
            return None
        try:
            self.entry.save_progress(self.save_dir)
        except OSError as exc:
            return _("Your progress could not be saved in {folder} ({reason}): if the kernel restarts, tell your "
                     "teacher.").format(folder=self.save_dir, reason=exc.strerror)
        return None

    def save_result(self) -> None:
        if self.save_dir is None:
            return
        try:
            self.save_dir.mkdir(parents=True, exist_ok=True)
            self.saved = self.entry.save(self.save_dir)
        except TournamentError as exc:  # a finished result of this game is there already: never written over
            self.save_error = str(exc)
        except OSError as exc:
            self.save_error = _("The result could not be saved in {folder} ({reason}); use Download result and "
                                "hand the file in.").format(folder=self.save_dir, reason=exc.strerror)

    # ------------------------------------------------------------------ what the view shows
    def state(self, table: TableSession, state: TableState) -> TableState:
        info = self._info(table)
        # the student's moves are kept in the folder (see save_progress): a restart carries on
        return replace(state, tournament=info, in_progress=not info["finished"], saving=self.save_dir is not None)

    def _info(self, table: TableSession) -> dict:
        entry = self.entry
        t = entry.tournament
        finished = table._round.is_over and self.is_last_hand()
        return {
            # a game refereed by the class hub's service says so (a file tournament's info is as it was)
            **({"kind": "hub"} if isinstance(entry, HubEntry) else {}),
            "id": t.id,
            "code": _code(t),
            "title": t.title,
            "name": entry.name,
            "hand": entry.index + 1,
            "hands": t.hands,
            # from the hands shown: while the opponents' moves are still being shown one by
            # one, the entry may already have scored a hand the student has not seen end
            "points": table._match.scores[table.rules.side_of(0, table.players)],
            "finished": finished,
            "saved_to": None if self.saved is None else str(self.saved),
            "save_error": self.save_error,
            "filename": entry.filename(),
            # the file to hand in; none on the class hub, where the service holds the result
            "result": json.dumps(entry.result(), indent=1) + "\n" if finished and not isinstance(entry, HubEntry)
            else None,
        }


    # ------------------------------------------------------------------ what the table adds
    def read(self, table: TableSession, name: str) -> Any:
        """``session.entry``, ``session.saved_to``, ``session.is_finished`` and
        ``session.result_text()`` of a tournament table."""
        if name == "entry":
            return self.entry
        if name == "saved_to":
            return self.saved
        if name == "is_finished":
            with table._lock:
                return table._round.is_over and self.is_last_hand()
        if name == "result_text":
            return lambda: self.result_text(table)
        raise AttributeError(name)

    def result_text(self, table: TableSession) -> str:
        """The result file's text, as :meth:`Entry.save` writes it."""
        with table._lock:
            return json.dumps(self.entry.result(), indent=1) + "\n"


class HubTournamentMode(TournamentMode):
    """The tournament's mode for a game refereed by the class hub (a
    :class:`~dominolab.hub.client.HubEntry`): each move goes to the service, which answers with
    the opponents' replies and what seat 0 may see; the table shows the position it answered
    (the opponents' replies at once).  Nothing is saved here: the service keeps every move."""

    def play(self, table: TableSession, move: Move, seat: int) -> Optional[str]:
        try:
            self.entry.play(move)
        except HubError as exc:
            table._round = self.entry.round  # where the game stands on the hub
            raise IntentError(_("The class hub did not take the move: {reason}").format(reason=exc.message)) from None
        self._show_from(table, self.entry.round)
        return None

    def next_hand(self, table: TableSession) -> Optional[str]:
        try:
            self.entry.next_hand()
        except HubError as exc:
            raise IntentError(_("The class hub did not deal the next hand: {reason}").format(
                reason=exc.message)) from None
        self._show_from(table, self.entry.round, new_hand=True)
        return None


def TournamentSession(  # a factory named as the class it was, so that callers keep working
    entry: Union[Entry, HubEntry],
    *,
    save_to: Union[str, Path, None] = ".",
    highlight_playable: bool = True,
    pace: float = 0.6,
    scale: float = 1.0,
    background: bool = False,
) -> TableSession:
    """The table in tournament mode: one student, in seat 0, plays a tournament
    :class:`~dominolab.tournament.Entry`'s hands in order against its computer opponents
    (a :class:`~.table.TableSession` whose mode is :class:`TournamentMode`).

    Undo, hints and open hands are off and cannot be turned on; there is no new match and no
    coach.  When the last hand ends the result file is written into ``save_to`` (a folder;
    ``None``: not written, as when only a browser download is wanted), and the snapshot
    carries the result's JSON text for a "Download result" link.  ``record()`` is the result
    file's content so far; ``match`` raises (read ``entry``).  The table adds four reads:
    ``entry`` (the student's run through the tournament; its ``result()`` is the result
    file), ``saved_to`` (where the result file was written, once the last hand is over),
    ``is_finished`` (True once the last hand of the tournament is over) and ``result_text()``
    (the result file's text, as :meth:`Entry.save` writes it).
    """
    if not isinstance(entry, (Entry, HubEntry)):
        raise ValueError(_("a tournament table plays a tournament Entry (t.entry(name)), got {entry}").format(
            entry=excerpt(entry)))
    if entry.is_finished:
        raise ValueError(_("{name} has already played every hand of this tournament").format(name=entry.name))
    if isinstance(entry, HubEntry):  # the service keeps every move: nothing to save here
        mode: TournamentMode = HubTournamentMode(entry, None)
    else:
        mode = TournamentMode(entry, None if save_to is None else Path(save_to))
    t = entry.tournament
    table = TableSession(t.rules, seats=[HUMAN, *t.opponents], open_hands=False, hints=False, undo="off",
                         highlight_playable=highlight_playable, pace=pace, scale=scale, background=background,
                         mode=mode)
    if table._round.is_over and mode.is_last_hand():  # pragma: no cover - a hand needs the student
        mode.save_result()
    if isinstance(entry, HubEntry):  # the table says which kind of tournament it is in
        table._tell("info", _("This tournament is refereed by the class hub: you play as {name}, and every move "
                              "is kept on the hub as you make it (a move made is final).").format(name=entry.name))
    elif entry.notice:  # the name typed is taken in the folder: this is a game of the student's own
        table._tell("info", _taken_text(entry.name))  # said again in the table's language
    return table


def _code(t: Tournament) -> Optional[str]:
    """The short code students type for this tournament (what the board shows), or None when
    it is handed out only as a file (custom rules, a title, mixed opponents)."""
    try:
        return t.code
    except TournamentError:
        return None
