"""Checking one result: it replays against the tournament's deals and opponents, its seals
are read, and each hand's real and unusual choices are weighed (the evidence the findings use)."""

from __future__ import annotations

import hashlib
import hmac
import math
from dataclasses import dataclass
from typing import Any, NamedTuple, Optional

from ..i18n import N_, _
from ..moves import Move, Play
from ..players import PlayerError, SearchPlayer, StrategyPlayer
from ..playout import derive_seed, play_out
from ..records import RecordError, round_from_record
from ..validate import excerpt, is_int
from ..view import View
from .codes import Tournament, _points_of_seat
from .entries import _student_moves
from .files import _load
from .seals import RESULT_FORMAT, RESULT_VERSION, TournamentError, _check_key, _check_name, _digest, _seal

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
    #: A digest of the student's moves as the progress file writes them (:meth:`Entry.progress`).
    moves: str = ""


def _check_result(t: Tournament, data: Any) -> Checked:
    if not isinstance(data, dict) or data.get("format") != RESULT_FORMAT:
        raise TournamentError(_("not a Domino Lab tournament result"))
    version = data.get("version")
    if version == 1 and is_int(version):
        raise TournamentError(_("it was written by an older Domino Lab (result version 1, without seals): "
                                "ask the student to update Domino Lab and save the result again"))
    if version != RESULT_VERSION or not is_int(version):
        raise TournamentError(_("unknown result version {version}").format(version=excerpt(version)))
    keys = {"format", "version", "name", "tournament", "hands", "points", "entry", "seals"}
    if set(data) != keys:
        raise TournamentError(_("its fields are not the ones Domino Lab writes: {fields}").format(
            fields=", ".join(sorted(set(data) ^ keys))))
    name = _check_name(data["name"])
    tour = data["tournament"]
    another = N_("it is a result of another tournament (other deals, rules or opponents)")
    if not isinstance(tour, dict) or tour.get("id") != t.id:
        raise TournamentError(_(another))
    try:
        if Tournament.from_dict(tour) != t:
            raise TournamentError(_(another))
    except TournamentError as exc:
        raise TournamentError(_("its tournament is not this one: {reason}").format(reason=exc)) from None
    hands = data["hands"]
    if not isinstance(hands, list):
        raise TournamentError(_("hands must be a list of hand records"))
    if len(hands) != t.hands:
        raise TournamentError(_("it has {count} of the {hands} hands: unfinished").format(count=len(hands),
                                                                                          hands=t.hands))
    key = _check_key(data["entry"], N_("its entry key must be 16 lower-case hex digits, got {got}"))
    seals = data["seals"]
    if not isinstance(seals, list) or len(seals) != len(hands) or not all(isinstance(x, str) for x in seals):
        raise TournamentError(_("seals must be a list of {count} texts, one per hand").format(count=len(hands)))
    unsealed = tuple(i for i, (seal, record) in enumerate(zip(seals, hands, strict=True))
                     if not hmac.compare_digest(seal.encode("utf-8", "replace"),
                                                _seal(key, t.id, name, i, record).encode("ascii")))
    points = []
    plays: list[HandPlay] = []
    moved: list[list[str]] = []
    won = 0
    for i, record in enumerate(hands):
        try:
            r = round_from_record(record)
        except RecordError as exc:
            raise TournamentError(_("hand {hand}: the record does not replay ({reason})").format(
                hand=i + 1, reason=exc)) from None
        if r.rules != t.rules or r.start != t.deal(i).start:
            raise TournamentError(_("hand {hand} was not dealt by this tournament (edited or from other deals)").format(
                hand=i + 1))
        if not r.is_over:
            raise TournamentError(_("hand {hand} is not finished").format(hand=i + 1))
        student = _student_moves(r)
        moved.append([str(m) for m in student])
        replay = _Replay(student, t, i)
        try:
            again = play_out(t.deal(i), t.seats(i, replay))
        except PlayerError:  # the student's moves no longer fit: the others played otherwise
            again = None
        if again is None or again.moves != r.moves:
            raise TournamentError(_("hand {hand}: the computer players' moves are not the ones they make "
                                    "(the record was edited)").format(hand=i + 1))
        points.append(_points_of_seat(again, 0))
        plays.append(HandPlay(_digest(replay.played)[:16], replay.real, replay.unusual, round(replay.bits, 2),
                              tuple(replay.choices)))
        result = again.result
        assert result is not None
        won += result.winning_side == r.rules.side_of(0, r.players)
    if data["points"] != sum(points) or not is_int(data["points"]):
        raise TournamentError(_("it claims {claimed} points, but its hands score {points}").format(
            claimed=excerpt(data["points"]), points=sum(points)))
    games = _digest([p.key for p in plays])
    return Checked(name, sum(points), tuple(points), won, games, tuple(plays), key, unsealed, _digest(moved))


def check_source(t: Tournament, source: Any) -> Checked:
    """Read and check one result (a path, bytes or its data): a :class:`Checked`, or
    :class:`TournamentError` with the reason.  Nothing a file holds makes it raise anything
    else: an unforeseen failure is turned into a reason too, so one file never stops a board."""
    try:
        return _check_result(t, _load(source))
    except TournamentError:
        raise
    except RecursionError:
        raise TournamentError(_("it nests too deeply to be a result")) from None
    except Exception as exc:  # a board must render whatever a file holds
        raise TournamentError(_("it could not be checked ({error}: {problem})").format(
            error=type(exc).__name__, problem=excerpt(str(exc), 60))) from None
