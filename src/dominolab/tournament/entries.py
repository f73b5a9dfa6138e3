"""A student's run through a tournament (:class:`Entry`): the hands in order, its progress
kept after every move, and its result file, never written over another student's."""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Any, Optional, Union

from ..moves import Move
from ..players import Player
from ..playout import play_out
from ..round import Round
from ..validate import excerpt, is_int
from ..view import View
from .codes import Tournament, _points_of_seat
from .files import _file_stem
from .seals import (
    PROGRESS_FORMAT,
    RESULT_FORMAT,
    RESULT_VERSION,
    VERSION,
    TournamentError,
    _check_key,
    _check_name,
    _normal_name,
    _seal,
)


class Entry:
    """One student's run through a tournament: the hands in order, from seat 0, with the
    computer opponents moving in between.  It has no undo and no hints; it runs in the
    student's kernel, so these are the rules of the game, not locks (see the module notes)."""

    def __init__(self, tournament: Tournament, name: str, *, key: Optional[str] = None):
        self.tournament = tournament
        self.name = _check_name(name)
        #: A random key of this entry's own (kept in the progress file, so a resumed entry
        #: keeps it): it seals every hand of the result (:func:`_seal`).
        self.key = secrets.token_hex(8) if key is None else _check_key(key, "an entry's key")
        self.rounds: list[Round] = []
        self._round: Optional[Round] = None
        self._opponents: list[Player] = []
        self.next_hand()

    @property
    def index(self) -> int:
        """The hand being played (0 for the first)."""
        return len(self.rounds)

    @property
    def round(self) -> Round:
        """A copy of the hand being played (change it through :meth:`play` only)."""
        assert self._round is not None
        return self._round.copy()

    @property
    def is_finished(self) -> bool:
        return len(self.rounds) == self.tournament.hands

    def view(self) -> View:
        """What the student may see now."""
        assert self._round is not None
        return self._round.view(0)

    def next_hand(self) -> None:
        """Deal the next hand (after the last one finished); the opponents move first if
        it is their lead."""
        if self._round is not None and not self._round.is_over:
            raise TournamentError("the hand is still being played; finish it first")
        if self._round is not None:
            self.rounds.append(self._round)
            self._round = None
        if self.is_finished:
            return
        t = self.tournament
        self._round = t.deal(self.index)
        self._opponents = [t.opponent(self.index, seat) for seat in range(1, t.players)]
        self._opponents_move()

    def play(self, move: Union[Move, str], end: Optional[str] = None) -> None:
        """The student's move ("6-4 left", a tile, Draw(), "pass"...); then the opponents
        move until it is the student's turn again or the hand is over."""
        r = self._round
        if r is None or r.is_over:
            raise TournamentError("the hand is over; deal the next one")
        chosen = r.parse_move(move, end)  # type: ignore[arg-type]
        r.play(chosen, seat=0)
        self._opponents_move()

    def _opponents_move(self) -> None:
        r = self._round
        assert r is not None
        seats: list[Player] = [_Nobody(), *self._opponents]
        play_out(r, seats, stop=lambda r: r.turn == 0)

    @property
    def points(self) -> int:
        """The student's points in the finished hands."""
        return sum(_points_of_seat(r, 0) for r in self._finished())

    def _finished(self) -> list[Round]:
        done = list(self.rounds)
        if self._round is not None and self._round.is_over:
            done.append(self._round)
        return done

    def result(self) -> dict[str, Any]:
        """The result file's content: who played, the tournament, every finished hand, the
        entry's key and each hand's seal (:func:`_seal`)."""
        hands = [r.to_record() for r in self._finished()]
        t = self.tournament
        return {
            "format": RESULT_FORMAT,
            "version": RESULT_VERSION,
            "name": self.name,
            "tournament": t.to_dict(),
            "hands": hands,
            "points": self.points,
            "entry": self.key,
            "seals": [_seal(self.key, t.id, self.name, i, record) for i, record in enumerate(hands)],
        }

    def filename(self) -> str:
        """The result file's name: one per student and tournament (see :func:`_file_stem`)."""
        return f"{_file_stem(self.name)}-{self.tournament.id}.json"

    @staticmethod
    def progress_name(tournament: Tournament, name: str) -> str:
        """The progress file's name for ``name`` in ``tournament`` (hidden: it starts with a dot,
        so the leaderboard, which reads a folder's visible ``.json`` files, skips it)."""
        return f".{_file_stem(name)}-{tournament.id}.progress.json"

    def progress(self) -> dict[str, Any]:
        """The student's moves so far, one list per hand dealt (the last may be unfinished):
        with the tournament, enough to deal and replay everything (see :meth:`resume`)."""
        hands = [*self.rounds, *([self._round] if self._round is not None else [])]
        return {
            "format": PROGRESS_FORMAT,
            "version": VERSION,
            "name": self.name,
            "tournament": self.tournament.id,
            "entry": self.key,
            "moves": [[str(m) for m in _student_moves(r)] for r in hands],
        }

    def save_progress(self, folder: Union[str, Path] = ".") -> Path:
        """Write :meth:`progress` into ``folder`` (made if need be); returns its path."""
        path = Path(folder) / self.progress_name(self.tournament, self.name)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(self.progress()) + "\n", encoding="utf-8")
        return path

    @classmethod
    def resume(cls, tournament: Tournament, name: str, progress: Any) -> Entry:
        """The entry as :meth:`progress` left it: the hands dealt again and the student's
        moves replayed (the opponents answer as they did).  Progress of another student or
        tournament, or moves that do not replay, raise :class:`TournamentError` naming them."""
        if not isinstance(progress, dict) or progress.get("format") != PROGRESS_FORMAT:
            raise TournamentError("not a Domino Lab tournament progress file")
        if progress.get("version") != VERSION or not is_int(progress.get("version")):
            raise TournamentError(f"unknown progress version {excerpt(progress.get('version'))}")
        name = _check_name(name)
        if progress.get("tournament") != tournament.id:
            raise TournamentError("the progress is of another tournament")
        saved = progress.get("name")
        if not isinstance(saved, str) or _normal_name(saved) != _normal_name(name):
            raise TournamentError(f"the progress is {excerpt(saved, 30)}'s, not {name}'s")
        key = progress.get("entry")  # absent in progress written before results were sealed
        entry = cls(tournament, saved, key=None if key is None else _check_key(key, "the progress's entry key"))
        hands = progress.get("moves")
        if not isinstance(hands, list) or not 1 <= len(hands) <= tournament.hands:
            raise TournamentError(f"moves must be a list of 1 to {tournament.hands} hands' moves")
        for i, moves in enumerate(hands):
            if i > 0:
                if not entry._round_over():
                    raise TournamentError(f"hand {i} is unfinished, but hand {i + 1} follows it")
                entry.next_hand()
            if not isinstance(moves, list):
                raise TournamentError(f"hand {i + 1}: expected a list of moves")
            for j, text in enumerate(moves):
                try:
                    if not isinstance(text, str):
                        raise TypeError("not a move's text")
                    entry.play(text)
                except (TournamentError, TypeError, ValueError) as exc:
                    raise TournamentError(f"hand {i + 1}, move {j + 1} ({excerpt(text, 30)}) does not "
                                          f"replay: {exc}") from None
        return entry

    def _round_over(self) -> bool:
        return self._round is not None and self._round.is_over

    def save(self, folder: Union[str, Path] = ".") -> Path:
        """Write the result file into ``folder`` (made if it does not exist yet, as a
        class's shared ``results`` folder may not); returns its path."""
        path = Path(folder) / self.filename()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(self.result(), indent=1) + "\n", encoding="utf-8")
        return path


def _student_moves(r: Round) -> list[Move]:
    """The moves seat 0 (the student) made in ``r``, in order."""
    return [m for m, e in zip(r.moves, r.history, strict=True) if e.seat == 0]


class _Nobody:
    def choose(self, view: View) -> Move:  # pragma: no cover - play_out stops before seat 0
        raise RuntimeError("the student's moves come from the student")
