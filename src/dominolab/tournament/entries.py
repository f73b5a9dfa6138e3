"""A student's run through a tournament (:class:`Entry`): the hands in order, its progress
kept after every move, and its result file, never written over another student's."""

from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any, Optional, Union

from ..i18n import N_, _
from ..i18n import language as in_language
from ..moves import Move
from ..players import Player
from ..playout import play_out
from ..round import Round
from ..validate import excerpt, is_int
from ..view import View
from .codes import Tournament, _points_of_seat
from .files import _file_stem, _parse, _read_file
from .seals import (
    PROGRESS_FORMAT,
    RESULT_FORMAT,
    RESULT_VERSION,
    VERSION,
    TournamentError,
    _check_key,
    _check_name,
    _look_alike,
    _normal_name,
    _seal,
)


class Entry:
    """One student's run through a tournament: the hands in order, from seat 0, with the
    computer opponents moving in between.  It has no undo and no hints; it runs in the
    student's kernel, so these are the rules of the game, not locks (see the module notes)."""

    def __init__(self, tournament: Tournament, name: str, *, key: Optional[str] = None):
        self.tournament = tournament
        with in_language(tournament.language):
            self.name = _check_name(name)
            #: A random key of this entry's own (kept in the progress file, so a resumed entry
            #: keeps it): it seals every hand of the result (:func:`_seal`).
            self.key = secrets.token_hex(8) if key is None else _check_key(
                key, N_("an entry's key must be 16 lower-case hex digits, got {got}"))
        #: Which of the files of this name in a folder are this entry's: 1 for the first student
        #: of the name, 2, 3... for another student who typed the same name (never overwritten).
        self.slot = 1
        #: What to tell the student before the first move (another student's game of the same
        #: name is in the folder, so this one is a game of their own), or None; in the language
        #: of the moment the entry was made (a table says it again in its own: :func:`_taken_text`).
        self.notice: Optional[str] = None
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
            with in_language(self.tournament.language):
                raise TournamentError(_("the hand is still being played; finish it first"))
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
        with in_language(self.tournament.language):
            if r is None or r.is_over:
                raise TournamentError(_("the hand is over; deal the next one"))
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

    def filename(self, slot: Optional[int] = None) -> str:
        """The result file's name: one per student and tournament (see :func:`_file_stem`);
        a second student of the same name gets ``-2`` after it (see :attr:`slot`)."""
        slot = self.slot if slot is None else slot
        return f"{_file_stem(self.name)}-{self.tournament.id}{_slot_text(slot)}.json"

    @staticmethod
    def progress_name(tournament: Tournament, name: str, slot: int = 1) -> str:
        """The progress file's name for ``name`` in ``tournament`` (hidden: it starts with a dot,
        so the leaderboard, which reads a folder's visible ``.json`` files, skips it)."""
        return f".{_file_stem(name)}-{tournament.id}{_slot_text(slot)}.progress.json"

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
            "place": _here(),
            "slot": self.slot,
            "moves": [[str(m) for m in _student_moves(r)] for r in hands],
        }

    def save_progress(self, folder: Union[str, Path] = ".") -> Path:
        """Write :meth:`progress` into ``folder`` (made if need be); returns its path.  A
        progress file of another entry (another student who typed the same name) is never
        written over: this entry takes the next free :attr:`slot`."""
        return self._write(Path(folder), json.dumps(self.progress()) + "\n",
                           lambda slot: self.progress_name(self.tournament, self.name, slot))

    @classmethod
    def resume(cls, tournament: Tournament, name: str, progress: Any) -> Entry:
        """The entry as :meth:`progress` left it: the hands dealt again and the student's
        moves replayed (the opponents answer as they did).  Progress of another student or
        tournament, or moves that do not replay, raise :class:`TournamentError` naming them."""
        with in_language(tournament.language):
            return cls._resume(tournament, name, progress)

    @classmethod
    def _resume(cls, tournament: Tournament, name: str, progress: Any) -> Entry:
        if not isinstance(progress, dict) or progress.get("format") != PROGRESS_FORMAT:
            raise TournamentError(_("not a Domino Lab tournament progress file"))
        if progress.get("version") != VERSION or not is_int(progress.get("version")):
            raise TournamentError(_("unknown progress version {version}").format(
                version=excerpt(progress.get("version"))))
        name = _check_name(name)
        if progress.get("tournament") != tournament.id:
            raise TournamentError(_("the progress is of another tournament"))
        saved = progress.get("name")
        if not isinstance(saved, str) or _normal_name(saved) != _normal_name(name):
            raise TournamentError(_("the progress is {saved}'s, not {name}'s").format(saved=excerpt(saved, 30),
                                                                                     name=name))
        key = progress.get("entry")  # absent in progress written before results were sealed
        entry = cls(tournament, saved, key=None if key is None else _check_key(
            key, N_("the progress's entry key must be 16 lower-case hex digits, got {got}")))
        slot = progress.get("slot", 1)
        entry.slot = slot if is_int(slot) and 1 <= slot <= 999 else 1
        hands = progress.get("moves")
        if not isinstance(hands, list) or not 1 <= len(hands) <= tournament.hands:
            raise TournamentError(_("moves must be a list of 1 to {hands} hands' moves").format(hands=tournament.hands))
        for i, moves in enumerate(hands):
            if i > 0:
                if not entry._round_over():
                    raise TournamentError(_("hand {hand} is unfinished, but hand {next} follows it").format(
                        hand=i, next=i + 1))
                entry.next_hand()
            if not isinstance(moves, list):
                raise TournamentError(_("hand {hand}: expected a list of moves").format(hand=i + 1))
            for j, text in enumerate(moves):
                try:
                    if not isinstance(text, str):
                        raise TypeError(_("not a move's text"))
                    entry.play(text)
                except (TournamentError, TypeError, ValueError) as exc:
                    raise TournamentError(_("hand {hand}, move {move} ({text}) does not replay: {reason}").format(
                        hand=i + 1, move=j + 1, text=excerpt(text, 30), reason=exc)) from None
        return entry

    def _round_over(self) -> bool:
        return self._round is not None and self._round.is_over

    def save(self, folder: Union[str, Path] = ".") -> Path:
        """Write the result file into ``folder`` (made if it does not exist yet, as a
        class's shared ``results`` folder may not); returns its path.  Another student's
        result of the same name is never written over: this one takes the next free name.
        Nor is a finished result of this entry's own (its key) with other hands: a progress
        file cut back and played on raises :class:`TournamentError` instead."""
        result = self.result()
        with in_language(self.tournament.language):
            _keep_finished(Path(folder) / self.filename(), self.key, result["hands"])
        return self._write(Path(folder), json.dumps(result, indent=1) + "\n", self.filename)

    def _write(self, folder: Path, text: str, name_of: Callable[[int], str]) -> Path:
        """Write ``text`` into this entry's own file of ``folder``: the first of the names
        ``name_of(slot)``, from :attr:`slot` on, that is free (made here, exclusively) or
        holds this entry's key already; the slot found is kept for the next files."""
        folder.mkdir(parents=True, exist_ok=True)
        slot = self.slot
        while True:
            path = folder / name_of(slot)
            try:
                with open(path, "x", encoding="utf-8") as new:
                    new.write(text)
                break
            except FileExistsError:
                if _key_in(path) == self.key:
                    path.write_text(text, encoding="utf-8")
                    break
            slot += 1
        self.slot = slot
        return path


def _keep_finished(path: Path, key: str, hands: list[Any]) -> None:
    """Raise :class:`TournamentError` when ``path`` holds a result of the entry ``key`` whose
    hands are not ``hands``: a result is written once, when its last hand ends, so one there
    already is finished, and is never written over (a progress file cut back to hand 3 and
    played on under its name would otherwise replace 30 points with 23, its seals valid)."""
    if not path.is_file():
        return
    try:
        data = _parse(_read_file(path))
    except TournamentError:
        return  # not a result this entry wrote: _write takes another name
    if isinstance(data, dict) and data.get("entry") == key and data.get("hands") != hands:
        done = data.get("hands")
        raise TournamentError(_("{path} already holds this game's finished result ({count} hands), and a finished "
                                "result is never written over: this game was changed after it finished (its progress "
                                "file cut back?). Ask your teacher.").format(
            path=path, count=len(done) if isinstance(done, list) else 0))


def _student_moves(r: Round) -> list[Move]:
    """The moves seat 0 (the student) made in ``r``, in order."""
    return [m for m, e in zip(r.moves, r.history, strict=True) if e.seat == 0]


class _Nobody:
    def choose(self, view: View) -> Move:  # pragma: no cover - play_out stops before seat 0
        raise RuntimeError("the student's moves come from the student")


def _slot_text(slot: int) -> str:
    return "" if slot == 1 else f"-{slot}"


def _key_in(path: Path) -> Optional[str]:
    """The entry key a result or progress file holds (None if it holds none or cannot be read)."""
    try:
        data = _parse(_read_file(path))
    except TournamentError:
        return None
    key = data.get("entry") if isinstance(data, dict) else None
    return key if isinstance(key, str) else None


def _here() -> str:
    """Where this Python runs, as a kernel restart keeps it: a digest of the Jupyter kernel's
    connection file (a restarted kernel keeps its id; another student's notebook has a kernel
    of its own), or "" outside a Jupyter kernel (plain Python, JupyterLite)."""
    try:
        from ipykernel.connect import get_connection_file

        connection = get_connection_file()
    except Exception:  # no ipykernel, or not in a running kernel
        return ""
    return hashlib.sha256(os.path.basename(connection).encode("utf-8")).hexdigest()[:16]


def _entry_in(t: Tournament, name: str, folder: Path, carry_on: Optional[bool]) -> Entry:
    """The entry of ``name`` in ``folder`` (see :meth:`Tournament.entry`): the progress of this
    name made here (``carry_on=None``), or the latest one (``carry_on=True``), carried on; else
    a new game of the student's own, told that the name is taken, whose files never replace
    the other student's (:meth:`Entry._write`)."""
    name = _check_name(name)
    pattern = re.compile(re.escape(f".{_file_stem(name)}-{t.id}") + r"(?:-([0-9]{1,3}))?\.progress\.json")
    found = []
    for file in os.listdir(folder) if folder.is_dir() else ():
        match = pattern.fullmatch(file)
        if match:
            path = folder / file
            found.append((path.stat().st_mtime, int(match.group(1) or 1), path))
    if not found:
        _check_look_alike(name, folder)
        return Entry(t, name)
    found.sort()
    progress = {}
    for _mtime, slot, path in found:
        try:
            progress[slot] = _parse(_read_file(path))
        except TournamentError as exc:
            raise TournamentError(_("the progress file {path} cannot be read ({reason}); ask your teacher before "
                                    "deleting it").format(path=path, reason=exc)) from None
    here = _here()
    mine = [slot for _, slot, _ in found if carry_on or (carry_on is None and _place(progress[slot]) == here)]
    if mine:
        slot = mine[-1]  # the latest
        try:
            entry = Entry.resume(t, name, progress[slot])
        except TournamentError as exc:
            raise TournamentError(_("the progress saved in {path} does not fit this tournament: {reason}").format(
                path=folder / Entry.progress_name(t, name, slot), reason=exc)) from None
        entry.slot = slot
        if entry.is_finished or (folder / entry.filename()).is_file():  # a game that finished: never played on
            _keep_finished(folder / entry.filename(), entry.key, entry.result()["hands"])
        return entry
    _check_look_alike(name, folder)
    entry = Entry(t, name)
    entry.slot = max(slot for _, slot, _ in found) + 1
    entry.notice = _taken_text(name)
    return entry


def _check_look_alike(name: str, folder: Path) -> None:
    """Refuse a name that looks like another student's in the folder (one confusable skeleton,
    UTS #39, with the teacher's extra): "Bеn" with a Cyrillic е where Ben plays."""
    for other in _names_in(folder):
        if _look_alike(name, other):
            raise TournamentError(_("{name} looks like {other}, a name already playing in this folder, but is written "
                                    "with other letters (from another alphabet, or signs that look alike): type your "
                                    "own name in plain letters").format(name=name, other=other))


def _names_in(folder: Path) -> list[str]:
    """The students' names in ``folder``'s progress and result files (files that cannot be
    read are skipped: the leaderboard says why)."""
    names = []
    for file in os.listdir(folder) if folder.is_dir() else ():
        if not file.endswith(".json"):
            continue
        try:
            data = _parse(_read_file(folder / file))
        except TournamentError:
            continue
        if isinstance(data, dict) and isinstance(data.get("name"), str):
            names.append(data["name"])
    return names


def _place(progress: Any) -> str:
    place = progress.get("place", "") if isinstance(progress, dict) else ""
    return place if isinstance(place, str) else ""


def _taken_text(name: str) -> str:
    """What a student is told when the name typed is taken in the folder (in the current language)."""
    return _("Someone called {name} has already started this tournament in this folder, so this is a new game "
             "of your own; both games are kept. If that game was yours and your notebook restarted, run the "
             "cell again with carry_on=True to carry on where you were.").format(name=name)
