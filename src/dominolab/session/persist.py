"""Persistence: the table's record (:func:`table_record`, ``TableSession.record`` and
``TableSession.from_record``), autosave into a folder with the keys a live session claims, and
the offer to carry on with an unfinished match saved by the same browser (:class:`Persistence`)."""

from __future__ import annotations

import hashlib
import json
import os
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

from .. import players as _players
from ..i18n import _
from ..match import Match
from ..moves import IllegalMoveError
from ..records import RecordError
from ..round import Round
from ..rules import Rules
from ..validate import excerpt, is_int
from .state import HUMAN, TABLE_FORMAT, TABLE_VERSION, LogNote, Settings

if TYPE_CHECKING:
    from .table import TableSession


@dataclass
class _Offer:
    path: Path
    data: dict
    text: str



_OWNED: set[str] = set()
_OWNED_LOCK = threading.Lock()


def table_record(table: TableSession) -> dict:
    """The table as JSON-safe data (``TableSession.record`` of an ordinary table)."""
    current = None if table._round_in_match() else table._round.to_record()
    return {
        "format": TABLE_FORMAT,
        "version": TABLE_VERSION,
        "seats": list(table._kinds),
        "names": list(table.names),
        "seed": table.seed,
        "target": table.target,
        "settings": table.settings.to_dict(),
        "match_number": table._match_number,
        "match": table._match.to_record(),
        "current": current,
        "undo_floor": table._undo.floor,
        "log": [n.to_dict() for n in table._notes],
        "fingerprint": table_fingerprint(table),
        "saved_at": time.strftime("%Y-%m-%d %H:%M"),
    }


def table_fingerprint(table: TableSession) -> str:
    """What makes two tables the same for autosave: rules, seats, names, seed and target."""
    identity = {"rules": table.rules.to_dict(), "seats": table._kinds, "names": list(table.names),
                "seed": table.seed, "target": table.target}
    text = json.dumps(identity, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:12]


class Persistence:
    """Autosave at a table (the session holds one): the folder (``folder``; ``None``: no
    autosave), the browser that said who it is (``client``), the file key this table claimed
    (``key``) and the offer to carry on with a saved match (``offer``).  The session passes what
    a save needs: whether a person has moved (``started``), the table's fingerprint and record."""

    def __init__(self, folder: Optional[Path]) -> None:
        self.folder = folder
        self.client: Optional[str] = None
        self.offer: Optional[_Offer] = None
        self.key: Optional[str] = None

    @property
    def saving(self) -> bool:
        """True once autosave is on and a browser has said who it is."""
        return self.folder is not None and self.client is not None

    # ------------------------------------------------------------------ autosave
    def autosave(self, started: Callable[[], bool], fingerprint: Callable[[], str],
                 record: Callable[[], dict]) -> Optional[str]:
        """Save the match (lock held) once a browser has said who it is and a person has moved;
        returns what to tell the table if that failed."""
        if self.folder is None or self.client is None or self.offer is not None:
            return None
        if not started():
            return None
        if self.key is None:
            self.claim_key(f"{fingerprint()}-{self.client}")
        path = self.folder / f"{self.key}.json"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            temporary = path.with_suffix(".tmp")
            temporary.write_text(json.dumps(record()), encoding="utf-8")
            os.replace(temporary, path)
        except OSError as exc:  # a read-only folder must not stop the game
            return _("The match could not be saved in {folder}: {reason}.").format(folder=self.folder,
                                                                                    reason=exc.strerror)
        return None

    def claim_key(self, base: str) -> None:
        with _OWNED_LOCK:
            self._release_key_locked()
            key, n = base, 1
            while key in _OWNED:
                n += 1
                key = f"{base}-{n}"
            _OWNED.add(key)
            self.key = key

    def release_key(self) -> None:
        with _OWNED_LOCK:
            self._release_key_locked()

    def _release_key_locked(self) -> None:
        if self.key is not None:
            _OWNED.discard(self.key)
            self.key = None

    def look_for_saved_match(self, started: Callable[[], bool], fingerprint: Callable[[], str],
                             names: Sequence[str], seating: Sequence[Sequence[int]]) -> bool:
        """After ``hello``: offer an unfinished match saved by this browser with these settings;
        True if an offer is made."""
        if self.folder is None or self.client is None:
            return False
        if started():
            return False  # this table is already being played
        key = f"{fingerprint()}-{self.client}"
        with _OWNED_LOCK:
            if key in _OWNED:
                return False  # a live table here is writing it
        path = self.folder / f"{key}.json"
        try:
            if not path.is_file() or path.stat().st_size > 2_000_000:
                return False
            data = json.loads(path.read_text(encoding="utf-8"))
            _check_table_record(data)
        except (OSError, ValueError):
            return False
        if data.get("fingerprint") != fingerprint():
            return False
        match = data["match"]
        if match.get("winner") is not None:
            return False  # a finished match: nothing to carry on with
        hand = len(match.get("rounds", [])) + 1
        scores = match.get("scores", [])
        if not isinstance(scores, list) or not all(is_int(s) for s in scores):
            return False
        sides = [" & ".join(names[s] for s in side) for side in seating]
        score_text = ", ".join(f"{label} {points}" for label, points in zip(sides, scores, strict=False))
        when = excerpt(data["saved_at"], 20)[1:-1] if isinstance(data.get("saved_at"), str) else _("earlier")
        self.offer = _Offer(path, data, _("A match at this table was left unfinished (saved {when}: hand {hand}, "
                                          "{scores}). Carry on with it?").format(when=when, hand=hand,
                                                                                 scores=score_text))
        return True


def table_from_record(cls: Callable[..., TableSession], data: Any, seats: Optional[Sequence[Any]],
                      options: dict[str, Any]) -> TableSession:
    """``TableSession.from_record``: check the record, build the table, replay its match."""
    _check_table_record(data)
    specs = list(data["seats"]) if seats is None else list(seats)
    if seats is None:
        for seat, kind in enumerate(specs):
            if kind != HUMAN and kind not in _players.OPPONENTS:
                raise RecordError(f"seats[{seat}]", f"{excerpt(kind)} is not a player this table can create; "
                                                    "give seats=[...] with that player")
    saved = dict(data["settings"])
    settings = {k: options.pop(k) if k in options else saved[k] for k in Settings.__dataclass_fields__}
    match_data = data["match"]
    rules = Rules.coerce(_rules_of(match_data))
    try:
        session = cls(rules, seats=specs, names=data["names"], seed=data["seed"], target=data["target"],
                      **settings, **options)
    except ValueError as exc:
        raise RecordError("", str(exc)) from None
    restored = _Restored.read(data, session._seats, session)
    with session._lock:
        session._install(restored)
    session._drain()
    return session


def _rules_of(match_data: Any) -> Any:
    from ..records import rules_from_record

    if not isinstance(match_data, dict):
        raise RecordError("match", f"expected an object, got {type(match_data).__name__}")
    return rules_from_record(match_data.get("rules"), "match.rules")


_TABLE_KEYS = ("format", "version", "seats", "names", "seed", "target", "settings", "match_number", "match",
               "current", "undo_floor", "log", "fingerprint", "saved_at")


def _check_table_record(data: Any) -> None:
    """The shape of a table record; the match and the hand are checked when they are replayed."""
    if not isinstance(data, dict):
        raise RecordError("", f"a table record is a JSON object (dict), got {type(data).__name__}")
    if data.get("format") != TABLE_FORMAT:
        raise RecordError("format", f"expected {TABLE_FORMAT!r}, got {excerpt(data.get('format'))}")
    if data.get("version") != TABLE_VERSION or not is_int(data.get("version")):
        raise RecordError("version", f"unknown table record version {excerpt(data.get('version'))}; "
                                     f"this Domino Lab reads version {TABLE_VERSION}")
    for key in _TABLE_KEYS:
        if key not in data:
            raise RecordError(key, "missing")
    extra = set(data) - set(_TABLE_KEYS)
    if extra:
        raise RecordError(excerpt(sorted(map(str, extra))[0], 20), "unknown field")
    if not isinstance(data["seats"], list) or not 2 <= len(data["seats"]) <= 4:
        raise RecordError("seats", f"expected a list of 2 to 4 seats, got {excerpt(data['seats'])}")
    for seat, kind in enumerate(data["seats"]):
        if not isinstance(kind, str) or not kind:
            raise RecordError(f"seats[{seat}]", f"expected {HUMAN!r} or a player's kind (text), got {excerpt(kind)}")
    if not isinstance(data["names"], list) or not all(isinstance(name, str) for name in data["names"]):
        raise RecordError("names", f"expected a list of the seats' names, got {excerpt(data['names'])}")
    for key in ("fingerprint", "saved_at"):
        if not isinstance(data[key], str):
            raise RecordError(key, f"expected text, got {excerpt(data[key])}")
    if not isinstance(data["settings"], dict) or set(data["settings"]) != set(Settings.__dataclass_fields__):
        raise RecordError("settings", f"expected the settings {', '.join(Settings.__dataclass_fields__)}")
    if not is_int(data["match_number"]) or data["match_number"] < 1:
        raise RecordError("match_number", f"expected a whole number >= 1, got {excerpt(data['match_number'])}")
    if not is_int(data["undo_floor"]) or data["undo_floor"] < 0:
        raise RecordError("undo_floor", f"expected a whole number >= 0, got {excerpt(data['undo_floor'])}")
    if not isinstance(data["log"], list):
        raise RecordError("log", "expected a list")


@dataclass
class _Restored:
    match: Match
    round: Round
    match_number: int
    notes: list[LogNote] = field(default_factory=list)
    undo_floor: int = 0

    @classmethod
    def read(cls, data: dict, seats: list[Any], session: Any) -> _Restored:
        """Replay a table record's match and hand in play with ``seats``' players."""
        _check_table_record(data)
        try:
            match = Match.from_record(data["match"], seats=seats)
        except RecordError as exc:
            raise exc.inside("match") from None
        if match.rules != session.rules:
            raise RecordError("match.rules", "the match was played under other rules than this table's")
        current = data["current"]
        if current is None:
            if match.is_over:
                if not match.rounds:
                    raise RecordError("match", "a finished match must have hands")
                r = match.rounds[-1]
            else:
                r = match.deal_next()
        else:
            if match.is_over:
                raise RecordError("current", "the match is over, so no hand can be in play")
            try:
                saved = Round.from_record(current)
            except RecordError as exc:
                raise exc.inside("current") from None
            r = match.deal_next()
            if saved.start != r.start:
                raise RecordError("current", "the hand in play is not the match's next deal")
            for i, move in enumerate(saved.moves):
                try:
                    r.play(move)
                except IllegalMoveError as exc:  # pragma: no cover - from_record already replayed them
                    raise RecordError(f"current.moves[{i}]", exc.reason) from None
            if r.is_over:
                match.record_round(r)
        notes = [LogNote.from_dict(entry, f"log[{i}]") for i, entry in enumerate(data["log"])]
        return cls(match, r, data["match_number"], notes, data["undo_floor"])
