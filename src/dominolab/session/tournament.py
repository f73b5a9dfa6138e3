"""The table in tournament mode: a classroom tournament's fixed deals, played through a
:class:`~dominolab.tournament.Entry`, with undo, hints and the coach locked off."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any, Optional, Union

from ..match import Match
from ..moves import IllegalMoveError, Move
from ..round import Round
from ..tournament import Entry, TournamentError
from ..validate import excerpt
from .state import HUMAN, IntentError, TableState, _gentle
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


class TournamentSession(TableSession):
    """The table in tournament mode: one student, in seat 0, plays a tournament
    :class:`~dominolab.tournament.Entry`'s hands in order against its computer opponents.

    The entry is the one source of truth: it deals and it moves the opponents.  The table
    shows the entry's hand; what the opponents did after a move of the student's is shown
    move by move (one snapshot each, ``pace`` apart in the browser, as at an ordinary table)
    by replaying the entry's own moves on the table's copy, which then becomes the entry's.
    Undo, hints and open hands are off and cannot be turned on; there is no new match.
    When the last hand ends the result file is written into ``save_to`` (a folder;
    ``None``: not written, as when only a browser download is wanted), and the snapshot
    carries the result's JSON text for a "Download result" link.
    """

    locked = frozenset({"open_hands", "hints", "undo"})
    coaching = False  # no review, no puzzles: a tournament must not show the search's verdicts

    def __init__(
        self,
        entry: Entry,
        *,
        save_to: Union[str, Path, None] = ".",
        highlight_playable: bool = True,
        pace: float = 0.6,
        scale: float = 1.0,
        background: bool = False,
    ) -> None:
        if not isinstance(entry, Entry):
            raise ValueError(f"a tournament table plays a tournament Entry (t.entry(name)), got {excerpt(entry)}")
        if entry.is_finished:
            raise ValueError(f"{entry.name} has already played every hand of this tournament")
        self._entry = entry
        self._steps: list[Move] = []  # the opponents' moves the entry made, still to show
        self._final: Optional[Round] = None  # the entry's hand once they are shown
        self._save_dir = None if save_to is None else Path(save_to)
        self._saved: Optional[Path] = None
        self._save_error: Optional[str] = None
        t = entry.tournament
        super().__init__(t.rules, seats=[HUMAN, *t.opponents], open_hands=False, hints=False, undo="off",
                         highlight_playable=highlight_playable, pace=pace, scale=scale, background=background)
        self.actions.update(undo=self._act_refuse_undo, hint=self._act_refuse_hint,
                            new_match=self._act_refuse_new_match)
        if self._round.is_over and self._is_last_hand():  # pragma: no cover - a hand needs the student
            self._save_result()

    @property
    def entry(self) -> Entry:
        """The student's run through the tournament (its ``result()`` is the result file)."""
        return self._entry

    @property
    def saved_to(self) -> Optional[Path]:
        """Where the result file was written, once the last hand is over."""
        return self._saved

    @property
    def is_finished(self) -> bool:
        """True once the last hand of the tournament is over."""
        with self._lock:
            return self._round.is_over and self._is_last_hand()

    @property
    def match(self) -> Match:
        raise ValueError("a tournament table plays a tournament's hands, not a match: read session.entry")

    def record(self) -> dict:
        """The result file's content so far (:meth:`Entry.result`): a tournament table is not
        carried on from a record."""
        with self._lock:
            return self._entry.result()

    def result_text(self) -> str:
        """The result file's text, as :meth:`Entry.save` writes it."""
        with self._lock:
            return json.dumps(self._entry.result(), indent=1) + "\n"

    # ------------------------------------------------------------------ the entry decides
    def _new_match_object(self, number: int) -> Any:
        return _TournamentHands(self._entry)

    def _deal_next(self, match: Any) -> Round:
        return self._entry.round

    def _decision_seed(self, seat: int, r: Round) -> Optional[int]:  # pragma: no cover - nothing is scheduled
        return None  # the entry's opponents keep their own streams

    def _schedule(self) -> None:
        """Nobody is asked to move here: the entry has moved the opponents already."""
        self._job = None
        self._idle.notify_all()

    def _drain(self) -> None:
        """Show the opponents' moves that the entry made, one change (one snapshot) each."""
        while True:
            with self._lock:
                if not self._steps or self._closed:
                    return
                self._round.play(self._steps.pop(0))
                if not self._steps:
                    final = self._final
                    assert final is not None and final.history == self._round.history
                    self._round, self._final = final, None
                    if final.is_over and self._is_last_hand():
                        self._save_result()
                self._changed()

    def _changed(self, *, new_hand: bool = False, moved: bool = True) -> None:
        hands = self._match
        assert isinstance(hands, _TournamentHands)  # what _new_match_object made
        hands.sync(self._entry, self._round)
        super()._changed(new_hand=new_hand, moved=moved)

    def _is_last_hand(self) -> bool:
        return self._entry.index == self._entry.tournament.hands - 1

    def _act_move(self, intent: dict) -> Optional[str]:
        r = self._round
        if r.is_over:
            raise IntentError(self._over_text() if self._is_last_hand() else "The hand is over; press Next hand.")
        if r.turn not in self.humans:  # pragma: no cover - the entry moves the opponents at once
            raise _gentle(self._whose_turn_sentence())
        move = self._read_move(intent)
        try:
            self._entry.play(move)
        except (TournamentError, IllegalMoveError) as exc:  # pragma: no cover - _read_move checked it
            raise IntentError(f"Not allowed: {exc}.") from None
        trouble = self._save_progress()
        r.play(move, seat=0)
        self._show_from(r)
        return trouble

    def _act_next_hand(self, intent: dict) -> Optional[str]:
        if not self._round.is_over:
            raise IntentError("The hand is still being played; finish it first.")
        if self._is_last_hand():
            raise IntentError(self._over_text())
        self._entry.next_hand()
        trouble = self._save_progress()
        self._show_from(self._entry.tournament.deal(self._entry.index), new_hand=True)
        return trouble

    def _show_from(self, shown: Round, *, new_hand: bool = False) -> None:
        """Show ``shown`` (the table's copy, as far as the student has seen), then, through
        :meth:`_drain`, the moves the entry has made since, up to the entry's own hand."""
        final = self._entry.round
        done = len(shown.history)
        assert final.history[:done] == shown.history
        self._steps = list(final.moves[done:])
        if self._steps:
            self._round, self._final = shown, final
        else:
            self._round = final
            if final.is_over and self._is_last_hand():
                self._save_result()
        self._changed(new_hand=new_hand)

    def _save_progress(self) -> Optional[str]:
        """Keep the student's moves in the folder after every change, so that a restarted
        kernel carries on (``Tournament.entry(name, folder)``) instead of dealing again.
        Returns what to tell the student if that failed."""
        if self._save_dir is None:
            return None
        try:
            self._entry.save_progress(self._save_dir)
        except OSError as exc:
            return (f"Your progress could not be saved in {self._save_dir} ({exc.strerror}): "
                    "if the kernel restarts, tell your teacher.")
        return None

    def _save_result(self) -> None:
        if self._save_dir is None:
            return
        try:
            self._save_dir.mkdir(parents=True, exist_ok=True)
            self._saved = self._entry.save(self._save_dir)
        except OSError as exc:
            self._save_error = (f"The result could not be saved in {self._save_dir} ({exc.strerror}); "
                                "use Download result and hand the file in.")

    def _over_text(self) -> str:
        where = f" Your result is saved as {self._saved}." if self._saved is not None else ""
        return f"That was the last hand of the tournament.{where}"

    def _act_refuse_undo(self, intent: dict) -> Optional[str]:
        raise IntentError("Undo is off in a tournament: every move is final, as at a real table.")

    def _act_refuse_hint(self, intent: dict) -> Optional[str]:
        raise IntentError("Hints are off in a tournament: the score has to be your own play.")

    def _act_refuse_new_match(self, intent: dict) -> Optional[str]:
        raise IntentError("A tournament plays its own hands, in order: there is no new match. "
                          "To play another tournament, open a new table.")

    # ------------------------------------------------------------------ what the view shows
    def _state(self) -> TableState:
        state = super()._state()
        info = self._tournament_info()
        # the student's moves are kept in the folder (see _save_progress): a restart carries on
        return replace(state, tournament=info, in_progress=not info["finished"], saving=self._save_dir is not None)

    def _tournament_info(self) -> dict:
        entry = self._entry
        t = entry.tournament
        finished = self._round.is_over and self._is_last_hand()
        return {
            "id": t.id,
            "title": t.title,
            "name": entry.name,
            "hand": entry.index + 1,
            "hands": t.hands,
            # from the hands shown: while the opponents' moves are still being shown one by
            # one, the entry may already have scored a hand the student has not seen end
            "points": self._match.scores[self.rules.side_of(0, self.players)],
            "finished": finished,
            "saved_to": None if self._saved is None else str(self._saved),
            "save_error": self._save_error,
            "filename": entry.filename(),
            "result": json.dumps(entry.result(), indent=1) + "\n" if finished else None,
        }
