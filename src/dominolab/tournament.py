"""A classroom tournament: the teacher deals, every student plays the same hands against the
same computer opponents, and the results come back as records that replay.

* The teacher: ``t = dl.Tournament.create("standard", hands=8, opponents="strategy")``,
  then ``t.save("class.json")`` or ``t.code`` (a short code to write on the board).
* A student: an :class:`Entry` plays the tournament's hands in order, from seat 0; the
  entry (and the play table's tournament mode, which wraps one) offers no undo and no hints.
  At the end ``entry.result()`` is one JSON object (``entry.save(folder)`` writes it, under a
  file name of its own for every student: :meth:`Entry.filename`).
* A kernel restart loses nothing: given a folder, the entry saves the student's moves there
  after every move (a hidden ``.name-FINGERPRINT-ID.progress.json``), and ``t.entry(name, folder)``
  carries on from them.
* The teacher again: ``t.leaderboard(files_or_folder)`` replays every result against the
  tournament's own deals and opponents.  A file that cannot be read, or was edited, forged,
  played with other deals or rules, unfinished, or handed in twice is rejected with the
  reason; results whose seals no longer match (a classmate's file renamed, re-spelled or
  spliced) or identical to others' where chance does not explain it are held back and
  described; the rest are ranked
  by total points and by *duplicate* score (the student's points minus what the computer
  player scored from the same seat on the same deals).

**An honour system.**  Everything is decided by the tournament's seed, and the seed travels
with the tournament (in its code and its file), because each student's own kernel deals the
hands and moves the opponents: hand ``i`` is dealt from ``derive_seed(seed, i)`` and each
opponent is a fresh player seeded from ``derive_seed(seed, i, seat)``.  So a student can see
every deal in advance (``t.deal(i)``), read the opponents' tiles during play, let an engine
player choose the moves, and go back in a hand by editing the progress file or copying the
entry.  What the replay does establish: every ranked hand is one of the tournament's deals,
every move in it is legal, every opponent's move is the one that opponent makes, and the
points are the hands' points.  Each entry has a random key and seals each hand of its result
(:func:`_seal`), so a file copied, re-spelled or spliced by hand breaks its seals; a file
sealed again with Python is found only when the hands it shares hold enough unusual choices
to rule out chance (:data:`WHOLE_BITS`, :data:`PART_BITS`).
"""

from __future__ import annotations

import csv
import hashlib
import hmac
import io
import json
import math
import os
import random
import secrets
import stat
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple, Optional, Union

from .moves import Move, Play
from .players import OPPONENTS, Player, PlayerError, SearchPlayer, StrategyPlayer, create
from .playout import derive_seed, play_out
from .records import RecordError, round_from_record, rules_from_record
from .round import Round
from .rules import Rules
from .validate import check_int, excerpt, is_int
from .view import View

__all__ = ["PROGRESS_FORMAT", "RESULT_FORMAT", "TOURNAMENT_FORMAT", "Checked", "Entry", "Finding", "HandPlay",
           "Identical", "Leaderboard", "Tournament", "TournamentError", "check_source"]

TOURNAMENT_FORMAT = "dominolab-tournament"
RESULT_FORMAT = "dominolab-tournament-result"
PROGRESS_FORMAT = "dominolab-tournament-progress"
VERSION = 1
#: Result files: version 2 added the entry's key and a seal per hand (:func:`_seal`).
RESULT_VERSION = 2
#: The computer players a tournament may use: deterministic for a seed, so results can be checked.
KINDS = tuple(OPPONENTS)
#: The largest result file the leaderboard reads (a 40-hand tournament is far smaller).
MAX_FILE_BYTES = 2_000_000
_CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base 32: no I, L, O, U


class TournamentError(ValueError):
    """A tournament, code or result that cannot be used; the message says why."""


def _int(value: Any, name: str, low: int, high: int) -> int:
    """``check_int`` with the tournament's own error type."""
    try:
        return check_int(value, name, low, high)
    except ValueError as exc:
        raise TournamentError(str(exc)) from None


#: The most seats a tournament table has.
MAX_PLAYERS = 10


def _canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def _digest(data: Any) -> str:
    return hashlib.sha256(_canonical(data).encode()).hexdigest()


def _seal(key: str, tournament_id: str, name: str, index: int, record: Any) -> str:
    """The seal of hand ``index`` of a result: an HMAC, keyed by the entry's random key, of
    the tournament, the student's name (as :func:`_normal_name` reads it) and the hand's
    record as written.  Copying a classmate's file and changing its name, re-spelling its
    moves, or taking hands from other files breaks the seals.  It is tamper evidence, not
    security: the key is in the file, so a student who runs this function can re-seal."""
    text = _canonical([tournament_id, _normal_name(name), index, record])
    return hmac.new(key.encode("ascii"), text.encode("utf-8"), hashlib.sha256).hexdigest()[:16]


def _check_key(key: Any, what: str) -> str:
    if not isinstance(key, str) or len(key) != 16 or any(ch not in "0123456789abcdef" for ch in key):
        raise TournamentError(f"{what} must be 16 lower-case hex digits, got {excerpt(key, 30)}")
    return key


def _encode(value: int, digits: int) -> str:
    out = []
    for _ in range(digits):
        out.append(_CODE_ALPHABET[value % 32])
        value //= 32
    return "".join(reversed(out))


def _decode(text: str) -> int:
    value = 0
    for ch in text:
        if ch not in _CODE_ALPHABET:
            raise TournamentError(f"{ch!r} cannot appear in a tournament code")
        value = value * 32 + _CODE_ALPHABET.index(ch)
    return value


@dataclass(frozen=True)
class Tournament:
    """The hands every student plays: rules, seats, opponents, how many hands, the seed.

    ``opponents`` holds one kind per opponent seat (seats 1, 2, ...: the student sits in
    seat 0); ``baseline`` is the computer player the duplicate score compares with.
    """

    rules: Rules
    hands: int
    opponents: tuple[str, ...]
    seed: int
    baseline: str = "strategy"
    title: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise TournamentError(f"rules must be a Rules object, got {excerpt(self.rules)}")
        _int(self.hands, "hands", 1, 100)
        _int(self.seed, "seed", 0, 2**40 - 1)
        if not isinstance(self.opponents, tuple):
            raise TournamentError(f"opponents must be a tuple of kinds, got {excerpt(self.opponents)}")
        players = len(self.opponents) + 1
        if players not in self.rules.player_counts:
            raise TournamentError(f"these rules ({self.rules.name}) are for {self.rules.player_counts} players, "
                                  f"not {players} (the student and {len(self.opponents)} opponents)")
        if self.rules.partnerships and players != 4:
            raise TournamentError("partnership rules need 4 players")
        for kind in (*self.opponents, self.baseline):
            if not isinstance(kind, str) or kind not in KINDS:
                raise TournamentError(f"no computer player named {excerpt(kind)}; choose one of {', '.join(KINDS)}")
        if not isinstance(self.title, str) or len(self.title) > 80:
            raise TournamentError("title must be text of at most 80 characters")

    # ------------------------------------------------------------------ making one
    @classmethod
    def create(
        cls,
        rules: Union[Rules, str] = "standard",
        hands: int = 8,
        opponents: Union[str, Sequence[str]] = "strategy",
        seed: Optional[int] = None,
        *,
        players: int = 2,
        baseline: Optional[str] = None,
        title: str = "",
    ) -> Tournament:
        """A new tournament.  ``opponents`` is a kind ("random", "greedy", "strategy",
        "search") for every opponent seat, or one kind per seat; ``players`` counts the
        student too.  ``seed=None`` picks a fresh seed (kept in the tournament)."""
        try:
            rules = Rules.coerce(rules)
        except ValueError as exc:
            raise TournamentError(str(exc)) from None
        _int(players, "players", 2, MAX_PLAYERS)
        kinds = (opponents,) * (players - 1) if isinstance(opponents, str) else tuple(opponents)
        if len(kinds) != players - 1:
            raise TournamentError(f"give one opponent kind for each of the {players - 1} opponent seats")
        if seed is None:
            seed = random.SystemRandom().getrandbits(30)
        return cls(rules, hands, kinds, seed, baseline or (kinds[0] if len(set(kinds)) == 1 else "strategy"), title)

    @property
    def players(self) -> int:
        """Seats at each table (the student and the opponents)."""
        return len(self.opponents) + 1

    @property
    def id(self) -> str:
        """A short fingerprint of everything that decides the hands (rules, seats, seed...)."""
        return _digest(self._identity())[:12]

    def _identity(self) -> dict[str, Any]:
        return {"rules": self.rules.to_dict(), "hands": self.hands, "opponents": list(self.opponents),
                "seed": self.seed, "baseline": self.baseline}

    # ------------------------------------------------------------------ the hands
    def deal(self, index: int) -> Round:
        """Hand ``index`` (0 for the first), as dealt: the same for every student."""
        check_int(index, "index", 0, self.hands - 1)
        return Round.deal(self.rules, self.players, seed=derive_seed(self.seed, index))

    def opponent(self, index: int, seat: int) -> Player:
        """The computer player in ``seat`` (1 or more) for hand ``index``: fresh, seeded."""
        check_int(seat, "seat", 1, self.players - 1)
        player: Player = create(self.opponents[seat - 1], seed=derive_seed(self.seed, index, seat))
        return player

    def seats(self, index: int, student: Player) -> list[Player]:
        """The players of hand ``index`` with ``student`` in seat 0."""
        return [student, *(self.opponent(index, seat) for seat in range(1, self.players))]

    def baseline_points(self, index: int) -> int:
        """What the baseline computer player scores from the student's seat in hand ``index``."""
        computer = create(self.baseline, seed=derive_seed(self.seed, index, 0))
        r = play_out(self.deal(index), self.seats(index, computer))
        return _points_of_seat(r, 0)

    # ------------------------------------------------------------------ files and codes
    def to_dict(self) -> dict[str, Any]:
        return {"format": TOURNAMENT_FORMAT, "version": VERSION, "title": self.title, **self._identity(),
                "id": self.id}

    @classmethod
    def from_dict(cls, data: Any) -> Tournament:
        """The tournament a dict (:meth:`to_dict`) stands for; anything else raises
        :class:`TournamentError` naming the first field that is wrong."""
        if not isinstance(data, dict) or data.get("format") != TOURNAMENT_FORMAT:
            raise TournamentError("not a Domino Lab tournament file")
        if data.get("version") != VERSION or not is_int(data.get("version")):
            raise TournamentError(f"unknown tournament version {excerpt(data.get('version'))}")
        keys = {"format", "version", "title", "rules", "hands", "opponents", "seed", "baseline", "id"}
        if set(data) != keys:
            raise TournamentError("the tournament file's fields are not the ones Domino Lab writes: "
                                  + ", ".join(sorted(set(data) ^ keys)))
        try:
            rules = rules_from_record(data["rules"])
        except RecordError as exc:
            raise TournamentError(str(exc)) from None
        opponents = data["opponents"]
        if not isinstance(opponents, list) or len(opponents) >= MAX_PLAYERS:
            raise TournamentError(f"opponents must be a list of at most {MAX_PLAYERS - 1} kinds")
        try:
            t = cls(rules, data["hands"], tuple(opponents), data["seed"], data["baseline"], data["title"])
        except TournamentError:
            raise
        except (ValueError, TypeError) as exc:  # a check deeper down (the rules): still ours
            raise TournamentError(str(exc)) from None
        if data["id"] != t.id:
            raise TournamentError("the tournament file was changed after it was made (its id does not match)")
        return t

    def save(self, path: Union[str, Path]) -> Path:
        """Write the tournament file to hand out; returns its path."""
        path = Path(path)
        path.write_text(json.dumps(self.to_dict(), indent=1) + "\n", encoding="utf-8")
        return path

    @property
    def code(self) -> str:
        """A short code to type instead of handing out a file, e.g. ``standard-2-strategy-8-0K7M4Q2X``.

        Codes exist for presets with one kind of opponent and the default baseline;
        other tournaments are handed out as files."""
        is_preset = self.rules.name in Rules.presets() and Rules.preset(self.rules.name) == self.rules
        if not is_preset:
            raise TournamentError("custom rules cannot be written as a code: hand out the file (t.save(...))")
        if len(set(self.opponents)) != 1 or self.baseline != self.opponents[0] or self.title:
            raise TournamentError("only a tournament with one kind of opponent (and no title) has a code")
        body = f"{self.rules.name}-{self.players}-{self.opponents[0]}-{self.hands}"
        seed = _encode(self.seed, 8)
        check = _encode(int(_digest(body + seed)[:4], 16) % 32, 1)
        return f"{body}-{seed}{check}"

    @classmethod
    def from_code(cls, code: str) -> Tournament:
        """The tournament a code stands for (case and spaces do not matter)."""
        if not isinstance(code, str) or len(code) > 80:
            raise TournamentError(f"not a tournament code: {excerpt(code)}")
        parts = "".join(code.split()).lower().split("-")
        # preset names may contain a hyphen (puerto-rico): the last four parts are fixed
        if len(parts) < 5:
            raise TournamentError(f"not a tournament code: {excerpt(code)} "
                                  "(expected e.g. standard-2-strategy-8-0K7M4Q2X)")
        preset = "-".join(parts[:-4])
        players_text, kind, hands_text, tail = parts[-4:]
        tail = tail.upper().replace("O", "0").replace("I", "1").replace("L", "1")  # letters read as digits
        if len(tail) != 9 or not _is_small_number(players_text) or not _is_small_number(hands_text):
            raise TournamentError(f"not a tournament code: {excerpt(code)}")
        body = f"{preset}-{players_text}-{kind}-{hands_text}"
        seed_text, check = tail[:8], tail[8]
        if _encode(int(_digest(body + seed_text)[:4], 16) % 32, 1) != check:
            raise TournamentError(f"the code {excerpt(code)} has a typo (its last character does not match)")
        try:
            rules = Rules.preset(preset)
        except ValueError as exc:
            raise TournamentError(str(exc)) from None
        players = _int(int(players_text), "players", 2, MAX_PLAYERS)
        return cls(rules, int(hands_text), (kind,) * (players - 1), _decode(seed_text), kind)

    @classmethod
    def load(cls, source: Union[str, Path, dict[str, Any], Tournament]) -> Tournament:
        """A tournament from a file path, a code, its dict, or itself."""
        if isinstance(source, Tournament):
            return source
        if isinstance(source, dict):
            return cls.from_dict(source)
        if isinstance(source, Path) or (isinstance(source, str) and (source.endswith(".json") or "/" in source)):
            path = Path(source)
            if not os.path.lexists(path):
                raise TournamentError(f"no tournament file at {path}")
            try:
                return cls.from_dict(_parse(_read_file(path, follow_links=True)))
            except TournamentError as exc:
                raise TournamentError(f"{path.name} is not a usable tournament file: {exc}") from None
        if not isinstance(source, str):
            raise TournamentError(f"a tournament is a file, a code, a dict or a Tournament, not {excerpt(source)}")
        return cls.from_code(source)

    # ------------------------------------------------------------------ results
    def entry(self, name: str, folder: Union[str, Path, None] = None) -> Entry:
        """A student's run through the tournament.  With ``folder``, it carries on from the
        progress saved there (:meth:`Entry.save_progress`), if there is any."""
        if folder is not None:
            path = Path(folder) / Entry.progress_name(self, _check_name(name))
            if path.exists():
                try:
                    return Entry.resume(self, name, _read_progress(path))
                except TournamentError as exc:
                    raise TournamentError(f"the progress saved in {path} does not fit this tournament: {exc}") from None
        return Entry(self, name)

    def check(self, result: Any) -> Checked:
        """Replay one result (a dict, as ``Entry.result()`` gives, its file's bytes or path)
        against this tournament's deals and opponents; raise :class:`TournamentError` saying
        what is wrong."""
        return check_source(self, result)

    def leaderboard(self, results: Union[str, Path, Iterable[Any]], *, accept: Iterable[str] = ()) -> Leaderboard:
        """Check and rank results: a folder of result files, or an iterable of paths,
        dicts or ``(name, bytes)`` pairs (what an upload widget gives).

        Every file that cannot be read or checked is listed in ``rejected`` with the
        reason.  Results identical to another's where chance does not explain it (a copy,
        or hands taken from several classmates) are held back from the ranking and
        described in ``findings``; ``accept`` names students the teacher has cleared,
        whose results are then ranked."""
        return _leaderboard(self, results, accept)

    def rank(self, checked: Iterable[tuple[str, Union[Checked, str]]], *, accept: Iterable[str] = ()) -> Leaderboard:
        """The leaderboard of results checked already (:meth:`check`): ``(label, Checked)``
        pairs, or ``(label, reason)`` for a file that was refused.  An upload box keeps each
        file's check and ranks again, so adding a file replays that file only."""
        return _rank(self, checked, accept)

    def __str__(self) -> str:
        kinds = ", ".join(self.opponents)
        return (f"{self.title + ': ' if self.title else ''}{self.hands} hands of {self.rules.title}, "
                f"{self.players} players (the student against {kinds}), id {self.id}")


def _points_of_seat(r: Round, seat: int) -> int:
    result = r.result
    assert result is not None
    return result.points[r.rules.side_of(seat, r.players)]


def _normal_name(name: str) -> str:
    """Who a name stands for: two names are the same student when they differ only in case,
    in spacing, or in Unicode's compatibility forms ("Ana  B", "ana b", "ＡＮＡ Ｂ").
    Punctuation and accents count: "Ana B", "Ana-B", "Ana.B" and "Chloé"/"Chloe" are
    different students (a class may hold both), so each gets a file of their own."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return " ".join(folded.split())


def _is_small_number(text: str) -> bool:
    return 1 <= len(text) <= 3 and all(ch in "0123456789" for ch in text)


def _read_file(path: Path, *, follow_links: bool = False) -> bytes:
    """The bytes of a regular file of at most :data:`MAX_FILE_BYTES`, read in time
    proportional to that limit.  Folders, FIFOs, devices, sockets (and, unless
    ``follow_links``, symbolic links) are never opened: each raises
    :class:`TournamentError` saying what it is, as does a file that cannot be read."""
    try:
        info = os.stat(path) if follow_links else os.lstat(path)
    except FileNotFoundError:
        raise TournamentError("the link points to nothing (a broken link)" if os.path.islink(path)
                              else "the file is gone") from None
    except OSError as exc:
        raise TournamentError(f"it cannot be read ({exc.strerror or exc})") from None
    what = _not_a_file(info.st_mode)
    if what and stat.S_ISLNK(info.st_mode) and not os.path.exists(path):
        what = "a broken symbolic link (it points to nothing)"
    if what:
        raise TournamentError(f"{what}: not read")
    if info.st_size > MAX_FILE_BYTES:
        raise TournamentError(f"the file is too large to be a result ({info.st_size:,} bytes; "
                              f"the limit is {MAX_FILE_BYTES:,})")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    if not follow_links:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise TournamentError(f"it cannot be read ({exc.strerror or exc})") from None
    try:
        what = _not_a_file(os.fstat(fd).st_mode)  # swapped for something else since the look
        if what:
            raise TournamentError(f"{what}: not read")
        chunks: list[bytes] = []
        size = 0
        while size <= MAX_FILE_BYTES:
            chunk = os.read(fd, MAX_FILE_BYTES + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise TournamentError(f"it cannot be read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
    if size > MAX_FILE_BYTES:
        raise TournamentError(f"the file is too large to be a result (the limit is {MAX_FILE_BYTES:,} bytes)")
    return b"".join(chunks)


def _not_a_file(mode: int) -> str:
    """What a file of ``mode`` is when it is not a regular file ("" when it is one)."""
    if stat.S_ISREG(mode):
        return ""
    if stat.S_ISLNK(mode):
        return "a symbolic link (copy the file itself into the folder)"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _parse(data: Union[bytes, bytearray, memoryview]) -> Any:
    """JSON from a file's bytes; what is not JSON (or nests too deeply, or holds a number
    too long for Python to read) raises :class:`TournamentError` saying so."""
    if len(data) > MAX_FILE_BYTES:
        raise TournamentError(f"the file is too large to be a result ({len(data):,} bytes; "
                              f"the limit is {MAX_FILE_BYTES:,})")
    try:
        text = bytes(data).decode("utf-8")
    except UnicodeDecodeError:
        raise TournamentError("it is not a JSON file (not UTF-8 text)") from None
    try:
        return json.loads(text)
    except RecursionError:
        raise TournamentError("it is not a result file (its JSON nests too deeply)") from None
    except json.JSONDecodeError as exc:
        raise TournamentError(f"it is not a JSON file ({exc.msg}, line {exc.lineno})") from None
    except ValueError as exc:  # e.g. an integer with more digits than Python converts
        raise TournamentError(f"it is not a result file ({excerpt(str(exc), 80)})") from None


def _check_name(given: Any) -> str:
    if not isinstance(given, str) or not given.strip():
        raise TournamentError("a name is needed (e.g. name=\"Ana\")")
    name = " ".join(given.split())
    if len(name) > 40 or not all(ch.isprintable() for ch in name):
        raise TournamentError(f"a name must be at most 40 printable characters, got {excerpt(name)}")
    return name


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


def _slug(name: str) -> str:
    """A readable, file-system-safe part of a file name for ``name``: its letters and digits
    with accents taken off (ASCII, lower case), at most 24 characters, else "student".
    Not unique on its own ("Ana B" and "Ana-B" share ``ana-b``): :func:`_file_stem` adds a
    fingerprint of the exact name."""
    plain = unicodedata.normalize("NFKD", _normal_name(name))
    kept = "".join(ch if ch.isascii() and ch.isalnum() else "-" for ch in plain if not unicodedata.combining(ch))
    return "-".join(part for part in kept.split("-") if part)[:24].strip("-") or "student"


def _file_stem(name: str) -> str:
    """The part of a student's file names that stands for the student: a readable slug and
    10 hex digits of the SHA-256 of the normalised name (:func:`_normal_name`).  Names that
    are the same student give the same stem; different students give different stems, also
    on a file system that ignores case (the stem is all lower case)."""
    key = hashlib.sha256(_normal_name(name).encode("utf-8")).hexdigest()[:10]
    return f"{_slug(name)}-{key}"


def _read_progress(path: Path) -> Any:
    try:
        return _parse(_read_file(path))
    except TournamentError as exc:
        raise TournamentError(f"the progress file {path} cannot be read ({exc}); "
                              "ask your teacher before deleting it") from None


class _Nobody:
    def choose(self, view: View) -> Move:  # pragma: no cover - play_out stops before seat 0
        raise RuntimeError("the student's moves come from the student")


# ---------------------------------------------------------------------- copies: the evidence in a hand
#: How many bits of unusual choices two results must share before identical play is called
#: improbable (benchmarks/tournament_class.py measures them on simulated classes).
#: Two results identical in *every* hand: in 12 simulated classes of 30 honest students no
#: two results that held any unusual choice were identical in every hand, so a few bits do.
WHOLE_BITS = 4.0
#: Identical in some hands only, with one classmate or with several (a splice): honest
#: students reached at most 11.6 bits with one classmate and 16.9 with several.
PART_BITS = 20.0


def _canonical_move(view: View, move: Move) -> tuple[Any, ...]:
    """A move as the game sees it: a tile (``Tile`` already reads "1-2" and "2-1" as one)
    and the number it was laid against, not which end that number was on (when both
    ends show the same number the two plays are one choice; on an empty line, a lead)."""
    if isinstance(move, Play):
        if view.ends is None:
            return ("play", move.tile.high, move.tile.low)
        matched = view.ends[0] if move.end == "left" else view.ends[1]
        return ("play", move.tile.high, move.tile.low, matched)
    return (str(move),)


_USUAL: dict[tuple[Any, ...], frozenset[tuple[Any, ...]]] = {}


def _usual_moves(t: Tournament, index: int, view: View, move: tuple[Any, ...]) -> frozenset[tuple[Any, ...]]:
    """The moves many students would make here (canonical): every move the engine's
    greedy and strategy players may pick and, when ``move`` is none of those, the easy
    search player's move.  Kept per position (the same for every student who reaches it)."""
    key = (t.id, index, view.history, view.hand, move)
    known = _USUAL.get(key)
    if known is not None:
        return known
    value = view.rules.tile_value
    plays = [m for m in view.legal if isinstance(m, Play)]
    usual: set[tuple[Any, ...]] = set()
    if plays:
        top = max(value(m.tile) for m in plays)
        usual |= {_canonical_move(view, m) for m in plays if value(m.tile) == top}
    strategist = StrategyPlayer(0)
    totals = {m: sum(strategist.weights[n] * v for n, v in parts.items())
              for m, parts in strategist.scores(view).items()}
    best = max(totals.values())
    usual |= {_canonical_move(view, m) for m in view.legal if totals[m] >= best - 1e-9}
    if move not in usual:
        usual.add(_canonical_move(view, SearchPlayer(derive_seed(t.seed, index, 97), level="easy").choose(view)))
    if len(_USUAL) >= 100_000:
        _USUAL.clear()
    found = _USUAL[key] = frozenset(usual)
    return found


class _Replay:
    """Plays back recorded moves for the student's seat, and weighs each of them as
    evidence against a coincidence: a decision with more than one (canonical) legal move is
    a *real choice*; a real choice whose move is none of the usual ones
    (:func:`_usual_moves`) is an *unusual choice*, worth log2(options) bits (the chance
    that another student makes it too, were the options equally likely)."""

    def __init__(self, moves: list[Move], t: Optional[Tournament] = None, index: int = 0):
        self.moves = iter(moves)
        self.tournament = t
        self.index = index
        self.played: list[tuple[Any, ...]] = []
        self.real = 0
        self.unusual = 0
        self.bits = 0.0
        self.node = ""  # where the student is in the hand: a digest of the moves so far
        self.choices: list[Choice] = []

    def choose(self, view: View) -> Move:
        move = next(self.moves)
        canonical = _canonical_move(view, move)
        options = {_canonical_move(view, m) for m in view.legal}
        text = "/".join(str(part) for part in canonical)
        if self.tournament is not None and len(options) > 1 and canonical in options:
            self.real += 1
            usual = _usual_moves(self.tournament, self.index, view, canonical)
            is_usual = canonical in usual
            if not is_usual:
                self.unusual += 1
                self.bits += math.log2(len(options))
            self.choices.append(Choice(self.node, text, len(options), len(usual & options), is_usual))
        self.played.append(canonical)
        self.node = hashlib.sha256(f"{self.node}|{text}".encode()).hexdigest()[:16]
        return move


class Choice(NamedTuple):
    """One real choice of a student's: where (``node``, the same for every student who
    played the same moves before it), the move (canonical text), how many moves there were,
    how many of them were usual, and whether the one played was."""

    node: str
    move: str
    options: int
    usual_options: int
    usual: bool


@dataclass(frozen=True)
class HandPlay:
    """How a student played one hand, for comparing results: the student's moves in
    canonical form (``key``), the real choices, the unusual ones, and their bits."""

    key: str
    real: int
    unusual: int
    bits: float
    choices: tuple[Choice, ...] = ()


@dataclass(frozen=True)
class Checked:
    """A result that replayed cleanly."""

    name: str
    points: int
    hand_points: tuple[int, ...]
    hands_won: int
    digest: str
    plays: tuple[HandPlay, ...] = ()
    #: The entry's key (:attr:`Entry.key`) and the hands whose seal does not match (0-based).
    entry: str = ""
    unsealed: tuple[int, ...] = ()


def _check_result(t: Tournament, data: Any) -> Checked:
    if not isinstance(data, dict) or data.get("format") != RESULT_FORMAT:
        raise TournamentError("not a Domino Lab tournament result")
    version = data.get("version")
    if version == 1 and is_int(version):
        raise TournamentError("it was written by an older Domino Lab (result version 1, without seals): "
                              "ask the student to update Domino Lab and save the result again")
    if version != RESULT_VERSION or not is_int(version):
        raise TournamentError(f"unknown result version {excerpt(version)}")
    keys = {"format", "version", "name", "tournament", "hands", "points", "entry", "seals"}
    if set(data) != keys:
        raise TournamentError("its fields are not the ones Domino Lab writes: " + ", ".join(sorted(set(data) ^ keys)))
    name = _check_name(data["name"])
    tour = data["tournament"]
    if not isinstance(tour, dict) or tour.get("id") != t.id:
        raise TournamentError("it is a result of another tournament (other deals, rules or opponents)")
    try:
        if Tournament.from_dict(tour) != t:
            raise TournamentError("it is a result of another tournament (other deals, rules or opponents)")
    except TournamentError as exc:
        raise TournamentError(f"its tournament is not this one: {exc}") from None
    hands = data["hands"]
    if not isinstance(hands, list):
        raise TournamentError("hands must be a list of hand records")
    if len(hands) != t.hands:
        raise TournamentError(f"it has {len(hands)} of the {t.hands} hands: unfinished")
    key = _check_key(data["entry"], "its entry key")
    seals = data["seals"]
    if not isinstance(seals, list) or len(seals) != len(hands) or not all(isinstance(x, str) for x in seals):
        raise TournamentError(f"seals must be a list of {len(hands)} texts, one per hand")
    unsealed = tuple(i for i, (seal, record) in enumerate(zip(seals, hands, strict=True))
                     if not hmac.compare_digest(seal.encode("utf-8", "replace"),
                                                _seal(key, t.id, name, i, record).encode("ascii")))
    points = []
    plays: list[HandPlay] = []
    won = 0
    for i, record in enumerate(hands):
        try:
            r = round_from_record(record)
        except RecordError as exc:
            raise TournamentError(f"hand {i + 1}: the record does not replay ({exc})") from None
        if r.rules != t.rules or r.start != t.deal(i).start:
            raise TournamentError(f"hand {i + 1} was not dealt by this tournament (edited or from other deals)")
        if not r.is_over:
            raise TournamentError(f"hand {i + 1} is not finished")
        student = _student_moves(r)
        replay = _Replay(student, t, i)
        try:
            again = play_out(t.deal(i), t.seats(i, replay))
        except PlayerError:  # the student's moves no longer fit: the others played otherwise
            again = None
        if again is None or again.moves != r.moves:
            raise TournamentError(f"hand {i + 1}: the computer players' moves are not the ones they make "
                                  "(the record was edited)")
        points.append(_points_of_seat(again, 0))
        plays.append(HandPlay(_digest(replay.played)[:16], replay.real, replay.unusual, round(replay.bits, 2),
                              tuple(replay.choices)))
        result = again.result
        assert result is not None
        won += result.winning_side == r.rules.side_of(0, r.players)
    if data["points"] != sum(points) or not is_int(data["points"]):
        raise TournamentError(f"it claims {excerpt(data['points'])} points, but its hands score {sum(points)}")
    games = _digest([p.key for p in plays])
    return Checked(name, sum(points), tuple(points), won, games, tuple(plays), key, unsealed)


def _hand_list(hands: Iterable[int]) -> str:
    """0-based hand indices as a reader says them: "hand 3", "hands 2-4 and 6"."""
    numbers = sorted(h + 1 for h in hands)
    runs: list[list[int]] = []
    for n in numbers:
        if runs and runs[-1][-1] == n - 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    parts = [f"{run[0]}" if len(run) == 1 else f"{run[0]}-{run[-1]}" for run in runs]
    text = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return f"hand{'s' if len(numbers) > 1 else ''} {text}"


@dataclass(frozen=True)
class Identical:
    """Two results whose student played some hands move for move alike (moves compared
    in canonical form).  ``improbable`` when the shared hands hold enough unusual choices
    that honest students do not play them alike by chance (see :data:`WHOLE_BITS`)."""

    names: tuple[str, str]
    files: tuple[str, str]
    hands: tuple[int, ...]
    real: int
    unusual: int
    bits: float
    improbable: bool

    def __str__(self) -> str:
        a, b = self.names
        verdict = ("identical play this unusual is improbable" if self.improbable
                   else "usual play: honest students often play alike")
        return (f"{a}'s and {b}'s {_hand_list(self.hands)} {'are' if len(self.hands) > 1 else 'is'} identical "
                f"({self.real} real choices, {self.unusual} unusual: {self.bits:.1f} bits; {verdict})")


@dataclass(frozen=True)
class Finding:
    """Something the teacher should look at before trusting the standings: a ``"copy"``
    (two results identical where chance does not explain it, or a file carrying another
    result's key), a ``"splice"`` (a result whose hands are identical to different
    classmates' hands) or an ``"edited"`` result (its seals do not match, see :func:`_seal`).
    ``names`` are every student concerned, the one held first; ``text`` says what was found."""

    kind: str
    names: tuple[str, ...]
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass
class Leaderboard:
    """Ranked, checked results; the results held back for the teacher (copies, splices:
    see :attr:`findings`); the files turned away (with the reason); and every pair of
    results that played some hands identically (:attr:`identical`, most of them honest)."""

    tournament: Tournament
    rows: list[dict[str, Any]] = field(default_factory=list)
    rejected: list[tuple[str, str]] = field(default_factory=list)
    held: list[dict[str, Any]] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    identical: list[Identical] = field(default_factory=list)

    def table(self, by: str = "points") -> str:
        """The standings as text: ``by`` "points" (total) or "duplicate"."""
        rows = self.ranked(by)
        lines = [f"{self.tournament}", f"{'rank':>4}  {'name':<20}{'points':>8}{'duplicate':>11}{'won':>6}"]
        for rank, row in rows:
            lines.append(f"{rank:>4}  {_one_line(row['name'])[:20]:<20}{row['points']:>8}{row['duplicate']:>+11}"
                         f"{row['hands_won']:>4}/{self.tournament.hands}")
        for row in self.held:
            lines.append(f"held for the teacher: {_one_line(row['name'])} ({row['file']}), "
                         f"{row['points']} points: {row['held']}")
        for finding in self.findings:
            lines.append(f"look at: {finding}")
        usual = sum(not pair.improbable for pair in self.identical)
        if usual:
            lines.append(f"{usual} pair{'s' if usual > 1 else ''} of results played some hands identically "
                         "with usual moves only (see .identical): common among honest students")
        for source, reason in self.rejected:
            lines.append(f"rejected {_one_line(source)}: {reason}")
        return "\n".join(lines)

    def ranked(self, by: str = "points") -> list[tuple[int, dict[str, Any]]]:
        """(rank, row) pairs, best first; equal scores share a rank."""
        if by not in ("points", "duplicate"):
            raise TournamentError(f"rank by 'points' or 'duplicate', not {excerpt(by)}")
        rows = sorted(self.rows, key=lambda row: (-row[by], _normal_name(row["name"])))
        out: list[tuple[int, dict[str, Any]]] = []
        for i, row in enumerate(rows):
            rank = out[-1][0] if out and out[-1][1][by] == row[by] else i + 1
            out.append((rank, row))
        return out

    def to_csv(self, path: Union[str, Path, None] = None) -> str:
        """The standings as CSV (written to ``path`` when given); returns the text.  A name
        that a spreadsheet would read as a formula (it starts with = + - @, a tab or a
        carriage return) is written with a ' in front, so it shows as text."""
        buffer = io.StringIO()
        writer = csv.writer(buffer)
        writer.writerow(["rank", "name", "points", "duplicate", "hands_won",
                         *(f"hand_{i + 1}" for i in range(self.tournament.hands))])
        for rank, row in self.ranked():
            writer.writerow([rank, _csv_text(row["name"]), row["points"], row["duplicate"], row["hands_won"],
                             *row["hand_points"]])
        text = buffer.getvalue()
        if path is not None:
            Path(path).write_text(text, encoding="utf-8")
        return text

    def plot(self, by: str = "points", ax: Any = None) -> Any:
        """A bar chart of the standings (matplotlib); returns the axes.  Names are drawn
        as typed (a $ or a backslash is not read as mathematics)."""
        import matplotlib.pyplot as plt

        rows = self.ranked(by)
        if ax is None:
            _, ax = plt.subplots(figsize=(7, 0.45 * max(len(rows), 2) + 1.2))
        values = [row[by] for _, row in rows][::-1]
        positions = list(range(len(values)))
        ax.barh(positions, values, color=["#2e7d32" if v >= 0 else "#c62828" for v in values])
        ax.set_yticks(positions)
        ax.set_yticklabels([_plain(row["name"]) for _, row in rows][::-1], usetex=False)
        label = "total points" if by == "points" else "duplicate score (points minus the computer's, same deals)"
        ax.set_xlabel(label)
        ax.set_title(f"{_plain(self.tournament.title) or 'Tournament'}: {len(rows)} students, "
                     f"{self.tournament.hands} hands each", usetex=False)
        if by == "duplicate":
            ax.axvline(0, color="#555", linewidth=1)
        return ax

    def _repr_html_(self) -> str:
        from html import escape

        head = "".join(f"<th>{h}</th>" for h in ("rank", "name", "points", "duplicate", "hands won"))
        body = "".join(
            f"<tr><td>{rank}</td><td>{escape(row['name'])}</td><td>{row['points']}</td>"
            f"<td>{row['duplicate']:+d}</td><td>{row['hands_won']}/{self.tournament.hands}</td></tr>"
            for rank, row in self.ranked())
        held = "".join(f"<li>{escape(row['name'])} ({escape(row['file'])}), {row['points']} points: "
                       f"{escape(row['held'])}</li>" for row in self.held)
        look = "".join(f"<li>{escape(str(f))}</li>" for f in self.findings)
        rejected = "".join(f"<li>{escape(s)}: {escape(r)}</li>" for s, r in self.rejected)
        extra = f"<p>Held for the teacher (not ranked):</p><ul>{held}</ul>" if held else ""
        extra += f"<p>Look at:</p><ul>{look}</ul>" if look else ""
        extra += f"<p>Rejected:</p><ul>{rejected}</ul>" if rejected else ""
        return f"<table><caption>{escape(str(self.tournament))}</caption><tr>{head}</tr>{body}</table>{extra}"

    def __repr__(self) -> str:
        return self.table()


def _one_line(text: str) -> str:
    """``text`` with its control characters shown as spaces (a name on one line)."""
    return "".join(ch if ch.isprintable() else " " for ch in text)


def _plain(text: str) -> str:
    """``text`` for a matplotlib label, drawn as typed: a $ would start mathematics
    ("$\\frac$" raises), so each is escaped; control characters become spaces."""
    return _one_line(text).replace("$", r"\$")


def _csv_text(text: str) -> str:
    """A cell a spreadsheet shows as text: a leading = + - @ tab or CR would start a formula
    (CSV injection), so such a cell gets a ' in front, as spreadsheets themselves do."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def _sources(results: Union[str, Path, Iterable[Any]]) -> list[tuple[str, Any]]:
    """(label, source) for every result given: a folder's visible ``.json`` entries (all of
    them: folders, links and pipes too, so that each is listed with the reason it is not
    read), or the paths, dicts and ``(name, bytes)`` pairs of an iterable."""
    if isinstance(results, (str, Path)):
        folder = Path(results)
        if not folder.is_dir():
            raise TournamentError(f"no folder at {folder}")
        names = sorted(n for n in os.listdir(folder) if n.lower().endswith(".json") and not n.startswith("."))
        return [(n, folder / n) for n in names]
    out: list[tuple[str, Any]] = []
    for i, item in enumerate(results):
        if isinstance(item, (str, Path)):
            out.append((Path(item).name, Path(item)))
        elif isinstance(item, tuple) and len(item) == 2:
            out.append((str(item[0]), item[1]))
        else:
            out.append((f"result {i + 1}", item))
    return out


def _load(source: Any) -> Any:
    """A result's data from a path (a regular file only), bytes, or the data itself."""
    if isinstance(source, Path):
        return _parse(_read_file(source))
    if isinstance(source, (bytes, bytearray, memoryview)):
        return _parse(source)
    return source


def check_source(t: Tournament, source: Any) -> Checked:
    """Read and check one result (a path, bytes or its data): a :class:`Checked`, or
    :class:`TournamentError` with the reason.  Nothing a file holds makes it raise anything
    else: an unforeseen failure is turned into a reason too, so one file never stops a board."""
    try:
        return _check_result(t, _load(source))
    except TournamentError:
        raise
    except RecursionError:
        raise TournamentError("it nests too deeply to be a result") from None
    except Exception as exc:  # a board must render whatever a file holds
        raise TournamentError(f"it could not be checked ({type(exc).__name__}: {excerpt(str(exc), 60)})") from None


_BASELINES: dict[Tournament, tuple[int, ...]] = {}


def _baseline(t: Tournament) -> tuple[int, ...]:
    """The baseline player's points in each hand (kept for the last few tournaments)."""
    if t not in _BASELINES:
        if len(_BASELINES) >= 8:
            _BASELINES.pop(next(iter(_BASELINES)))
        _BASELINES[t] = tuple(t.baseline_points(i) for i in range(t.hands))
    return _BASELINES[t]


def _leaderboard(t: Tournament, results: Union[str, Path, Iterable[Any]], accept: Iterable[str] = ()) -> Leaderboard:
    checked: list[tuple[str, Union[Checked, str]]] = []
    for label, source in _sources(results):
        try:
            checked.append((label, check_source(t, source)))
        except TournamentError as exc:
            checked.append((label, str(exc)))
    return _rank(t, checked, accept)


def _rank(t: Tournament, checked: Iterable[tuple[str, Union[Checked, str]]],
          accept: Iterable[str] = ()) -> Leaderboard:
    """The board of results already checked: ``(label, Checked or the reason it was refused)``."""
    board = Leaderboard(t)
    baseline = sum(_baseline(t))
    cleared = {_normal_name(name) for name in accept if isinstance(name, str)}
    names: dict[str, tuple[str, str]] = {}
    kept: list[tuple[str, Checked]] = []
    for label, item in checked:
        if isinstance(item, str):
            board.rejected.append((label, item))
            continue
        key = _normal_name(item.name)
        if key in names:
            first, digest = names[key]
            again = "the same result again" if digest == item.digest else "a second result, with other games"
            board.rejected.append((label, f"{again} for {item.name} (the first was {first}, which is kept)"))
            continue
        names[key] = (label, item.digest)
        kept.append((label, item))
    held = _compare(t, kept, board)
    for n, (label, item) in enumerate(kept):
        row = {
            "name": item.name,
            "points": item.points,
            "duplicate": item.points - baseline,
            "hands_won": item.hands_won,
            "hand_points": list(item.hand_points),
            "file": label,
        }
        reason = held.get(n)
        if reason and _normal_name(item.name) not in cleared:
            board.held.append({**row, "held": reason})
        else:
            board.rows.append(row)
    return board


def _check_seals(kept: list[tuple[str, Checked]], same: dict[tuple[int, str], list[int]],
                 board: Leaderboard) -> dict[int, str]:
    """Findings from the seals (:func:`_seal`): a result whose seals do not match its name and
    hands was changed after Domino Lab wrote it (a classmate's file renamed or re-spelled,
    hands taken from other files); two results with one entry's key come from one entry.
    Honest files always match and never share a key (64 random bits each)."""
    held: dict[int, str] = {}
    by_key: dict[str, list[int]] = {}
    for n, (_, item) in enumerate(kept):
        by_key.setdefault(item.entry, []).append(n)
    for n, (_, item) in enumerate(kept):
        sharing = [m for m in by_key[item.entry] if m != n]
        if not item.unsealed:
            if sharing and all(not kept[m][1].unsealed for m in sharing) and n < min(sharing):
                names = (item.name, *(kept[m][1].name for m in sharing))
                whose = " and ".join(f"{x}'s" for x in names)
                board.findings.append(Finding("copy", names, (
                    f"{whose} results carry the key of one entry and all their seals match: "
                    "one was re-sealed from the other (a copy made with Python)")))
                for m in (n, *sharing):
                    held.setdefault(m, "its entry's key is another result's too (see findings)")
            continue
        owners = [kept[m][1].name for m in sharing if not kept[m][1].unsealed]
        donors: dict[int, list[str]] = {}
        for h, play in enumerate(item.plays):
            donors[h] = sorted({kept[m][1].name for m in same[(h, play.key)] if m != n}, key=_normal_name)
        every = len(item.unsealed) == len(item.plays)
        text = (f"{item.name}'s result was changed after Domino Lab wrote it: the seal"
                f"{'s' if len(item.unsealed) > 1 else ''} of {'every hand' if every else _hand_list(item.unsealed)} "
                f"do{'' if len(item.unsealed) > 1 else 'es'} not match its name and moves")
        if owners:
            text += f"; it carries the key of {' and '.join(owners)}'s entry"
        copied: dict[str, list[int]] = {}
        for h, who in donors.items():
            if who:
                copied.setdefault(" or ".join(f"{x}'s" for x in who[:3]), []).append(h)
        if copied:
            text += "; " + "; ".join(f"{_hand_list(hs)} identical to {who}" for who, hs in copied.items())
        whole = bool(owners) and all(owners[0] in donors[h] for h in range(len(item.plays)))
        sources = {name for who in donors.values() for name in who}
        if whole:
            kind, text = "copy", text + f": a copy of {owners[0]}'s result?"
        elif len(copied) > 1:
            kind, text = "splice", text + ": a result put together from others' results?"
        else:
            kind, text = "edited", text + ": a copy, or a file edited by hand?"
        names = (item.name, *owners, *sorted(sources - set(owners), key=_normal_name))
        board.findings.append(Finding(kind, names, text))
        held[n] = "its seals do not match its name and moves (see findings)"
    return held


def _compare(t: Tournament, kept: list[tuple[str, Checked]], board: Leaderboard) -> dict[int, str]:
    """Find the hands played identically (canonical moves) by two results, say which pairs
    and which results of several classmates' hands are improbable as chance, put them in
    ``board`` and return the results to hold (their places in ``kept``) with the reason."""
    same: dict[tuple[int, str], list[int]] = {}
    for n, (_, item) in enumerate(kept):
        for h, play in enumerate(item.plays):
            same.setdefault((h, play.key), []).append(n)
    shared: dict[tuple[int, int], list[int]] = {}
    for (h, _), members in same.items():
        for a_i, a in enumerate(members):
            for b in members[a_i + 1:]:
                shared.setdefault((a, b), []).append(h)
    sealed = _check_seals(kept, same, board)
    held = dict(sealed)
    hands = t.hands
    for (a, b), hs in sorted(shared.items()):
        (la, x), (lb, y) = kept[a], kept[b]
        plays = [x.plays[h] for h in hs]
        bits = round(sum(p.bits for p in plays), 2)
        improbable = (len(hs) == hands and bits >= WHOLE_BITS) or bits >= PART_BITS
        pair = Identical((x.name, y.name), (la, lb), tuple(hs), sum(p.real for p in plays),
                         sum(p.unusual for p in plays), bits, improbable)
        board.identical.append(pair)
        if improbable and a not in sealed and b not in sealed:  # else the seals' finding says it
            board.findings.append(Finding("copy", pair.names, f"{pair}: one may be a copy of the other"))
            for place, other in ((a, y.name), (b, x.name)):
                held.setdefault(place, f"identical to {other}'s result in {_hand_list(hs)} (see findings)")
    for n, (_, item) in enumerate(kept):
        sources = {h: [kept[m][1].name for m in same[(h, play.key)] if m != n] for h, play in enumerate(item.plays)}
        borrowed = [h for h, who in sources.items() if who]
        if not borrowed or n in sealed:
            continue
        bits = round(sum(item.plays[h].bits for h in borrowed), 2)
        if bits < PART_BITS:  # honest students meet one classmate in one hand, another in the next
            continue
        partners = {name for h in borrowed for name in sources[h]}
        if any(all(name in sources[h] for h in borrowed) for name in partners):
            continue  # one classmate has all these hands: a pair, found above
        by_source: dict[str, list[int]] = {}
        for h in borrowed:
            by_source.setdefault(" or ".join(sorted(sources[h], key=_normal_name)[:3]), []).append(h)
        parts = "; ".join(f"{_hand_list(hs)} as {who}'s" for who, hs in by_source.items())
        text = (f"{item.name}'s {_hand_list(borrowed)} are identical to different classmates' hands ({parts}; "
                f"{bits:.1f} bits of unusual choices): a result put together from others' results?")
        board.findings.append(Finding("splice", (item.name, *sorted(partners, key=_normal_name)), text))
        held.setdefault(n, "its hands are identical to several classmates' hands (see findings)")
    return held
