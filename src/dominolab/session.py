"""The play table's game, with no Jupyter in it: the seats, the match and the hand in play, the
table's settings (undo, hints, open hands), the intents a view sends, and the thread the
computer players think in.

A :class:`TableSession` is what the widget (:mod:`dominolab.widget`) wraps; it runs as well
in a script, a test or Pyodide.  Every change to the game goes through one method,
:meth:`TableSession._changed`, called with the session's lock held: it bumps the version,
records a finished hand, decides who is to move and, if that is a computer player, hands a
*job* to the thinker.  The thinker only computes a move (``player.choose(view)``) and gives it
back; the move is applied, under the lock, only if the game is still at the version the job
was made for.  So one piece of code owns the turn: there is no moment at which the game says
"a computer player is to move" and nobody has been asked to move it.

Intents are small dicts (what a click or a key sends): ``{"action": "play", "tile": "6-4",
"end": "left", "version": 12, "id": "v1-7"}``.  An intent must quote the version it was made
for, so a double click, a second view, or a click on a position that has since changed cannot
act twice or on the wrong position.  A refused intent changes nothing but the message shown.

Undo never takes back a draw.  A drawn tile that went back into the boneyard would come out
again on the next draw, so undoing a draw (yours, or an opponent's that was then played) shows
what the boneyard hides; keeping draws final keeps every hand exactly the match's deal, so
records replay and check.  Undo is off unless the table is in teaching mode, and every undo
is written in the log and in the record.

Modes build on this class: the settings a mode fixes go in :attr:`TableSession.locked`, new
actions in :attr:`TableSession.actions`, the deals come from :meth:`TableSession._deal_next`
and the computer players' seeds from :meth:`TableSession._decision_seed`.
:class:`TournamentSession` is one: a classroom tournament's fixed deals, played through a
:class:`~dominolab.tournament.Entry`, with undo and hints locked off.

The coach sits over the table without touching the game: "Review this hand" (``review``)
values the person's decisions with :func:`dominolab.review` in a thread of its own (the
caller's where threads cannot start), reporting progress; the review writes back only while
it is still the table's coach, so closing it (``coach_close``) or a new hand simply drops it.
``review_step`` moves through the decisions.  :meth:`TableSession.start_puzzles` shows
``dl.puzzles`` positions, answered with ``puzzle_answer`` and judged by the puzzle itself.
None of these bump the version: they are not moves.  A tournament has no coach.
"""

from __future__ import annotations

import hashlib
import json
import os
import queue
import random
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Optional, Union

from . import players as _players
from .match import Match
from .moves import (
    DRAW,
    PASS,
    AmbiguousMoveError,
    Event,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Play,
    read_move_text,
)
from .narration import narrate
from .playout import derive_seed
from .records import RecordError
from .review import Review, decision_views, review
from .round import Round
from .rules import Rules
from .tournament import Entry, TournamentError
from .validate import check_int, check_number, check_seed, excerpt, is_int

__all__ = [
    "HUMAN",
    "REVIEW_LEVEL",
    "TABLE_FORMAT",
    "UNDO_POLICIES",
    "CoachState",
    "IntentError",
    "LogNote",
    "Settings",
    "TableSession",
    "TableState",
    "TournamentSession",
    "heard_by",
    "seat_names",
]

#: In ``seats=[...]``, a seat played by a person at the screen.
HUMAN = "human"
#: The ``format`` field of a table record (:meth:`TableSession.record`).
TABLE_FORMAT = "dominolab-table"
TABLE_VERSION = 2
#: The search level a table review uses: a two-player hand's review takes well under a
#: second at "medium" (about 0.25 s for 11 decisions on a 2-core machine).
REVIEW_LEVEL = "medium"
#: ``undo="off"``: no undo; ``"last"``: take back your last move only; ``"free"``: as far back
#: in the hand as you like.  Draws are never taken back.
UNDO_POLICIES = ("off", "last", "free")

_ONE_PERSON = {2: ("You", "North"), 3: ("You", "East", "West"), 4: ("You", "East", "North", "West")}
_COMPASS = {2: ("South", "North"), 3: ("South", "East", "West"), 4: ("South", "East", "North", "West")}
_MAX_NAME = 24
_CLIENT_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")


def seat_names(players: int, humans: Sequence[int] = (0,)) -> list[str]:
    """Default names for the seats.  With one person at the table, that seat is "You" and the
    others are named from it going round to the left (North opposite in a four-hand game);
    with several people every seat gets a compass name (South, East, North, West)."""
    check_int(players, "players", 2)
    if len(humans) == 1:
        you = humans[0]
        names = _ONE_PERSON.get(players)
        if names is None:
            return ["You" if s == you else f"Player {(s - you) % players}" for s in range(players)]
        return [names[(s - you) % players] for s in range(players)]
    names = _COMPASS.get(players)
    return list(names) if names is not None else [f"Player {s + 1}" for s in range(players)]


class IntentError(ValueError):
    """An intent the table refused; the message is what the table shows.  Nothing changed."""


@dataclass(frozen=True)
class Settings:
    """How the table plays and looks.  ``undo`` is one of :data:`UNDO_POLICIES`; ``open_hands``
    shows the computer players' tiles; ``hints`` offers the hint and the known-voids overlay;
    ``highlight_playable`` marks the tiles that fit; ``pace`` is the seconds each computer
    move stays on screen before the next; ``scale`` enlarges the table (projectors)."""

    open_hands: bool = False
    hints: bool = False
    undo: str = "off"
    highlight_playable: bool = True
    pace: float = 0.6
    scale: float = 1.0

    def __post_init__(self) -> None:
        for name in ("open_hands", "hints", "highlight_playable"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be True or False, got {excerpt(getattr(self, name))}")
        if self.undo not in UNDO_POLICIES:
            raise ValueError(f"undo must be one of {', '.join(repr(p) for p in UNDO_POLICIES)}, "
                             f"got {excerpt(self.undo)}")
        pace = check_number(self.pace, "pace")
        if pace > 10:
            raise ValueError(f"pace must be a number of seconds from 0 to 10, got {excerpt(self.pace)}")
        scale = check_number(self.scale, "scale", positive=True)
        if not 0.5 <= scale <= 3:
            raise ValueError(f"scale must be a number from 0.5 to 3, got {excerpt(self.scale)}")

    #: Settings that change what a player may learn or do (logged when changed mid-match).
    POLICY = ("open_hands", "hints", "undo")

    def to_dict(self) -> dict:
        return {"open_hands": self.open_hands, "hints": self.hints, "undo": self.undo,
                "highlight_playable": self.highlight_playable, "pace": self.pace, "scale": self.scale}


@dataclass(frozen=True)
class LogNote:
    """Something the table did that is not a move: an undo (``kind="undo"``, ``turns`` the turns
    taken back, as the log had said them) or a change of a setting (``kind="setting"``).
    ``hand`` is the hand's number in the match (1 for the first) and ``at`` the length of the
    hand's history when it happened, so the log can show it in its place."""

    kind: str
    hand: int
    at: int
    seat: Optional[int] = None
    turns: tuple[str, ...] = ()
    text: str = ""

    def to_dict(self) -> dict:
        return {"kind": self.kind, "hand": self.hand, "at": self.at, "seat": self.seat,
                "turns": list(self.turns), "text": self.text}

    @classmethod
    def from_dict(cls, data: Any, path: str) -> LogNote:
        if not isinstance(data, dict) or set(data) != {"kind", "hand", "at", "seat", "turns", "text"}:
            raise RecordError(path, "expected an object with kind, hand, at, seat, turns and text")
        if data["kind"] not in ("undo", "setting"):
            raise RecordError(f"{path}.kind", f"expected 'undo' or 'setting', got {excerpt(data['kind'])}")
        for key in ("hand", "at"):
            if not is_int(data[key]) or data[key] < 0:
                raise RecordError(f"{path}.{key}", f"expected a whole number, got {excerpt(data[key])}")
        if data["seat"] is not None and not is_int(data["seat"]):
            raise RecordError(f"{path}.seat", f"expected a seat or null, got {excerpt(data['seat'])}")
        turns = data["turns"]
        if not isinstance(turns, list) or not all(isinstance(t, str) and len(t) <= 200 for t in turns):
            raise RecordError(f"{path}.turns", "expected a list of sentences")
        if not isinstance(data["text"], str) or len(data["text"]) > 200:
            raise RecordError(f"{path}.text", "expected a sentence")
        return cls(data["kind"], data["hand"], data["at"], data["seat"], tuple(turns), data["text"])


@dataclass(frozen=True)
class CoachState:
    """The coach over the table, for the presenter: a review of the hand just played
    (``kind="review"``) or a puzzle (``kind="puzzle"``).

    A review's ``status`` is "running" (``done`` of ``total`` decisions valued so far),
    "done", or "stopped" (cancelled or cut short: ``decisions`` holds those done);
    ``index`` is the decision on screen.  A puzzle's ``status`` is "asking", "correct",
    "incorrect" (``feedback`` is the puzzle's own verdict) or "solution" (the answer shown),
    ``hint`` whether the puzzle's hint was asked for;
    ``round`` is the puzzle's position (a copy) and ``number`` of ``count`` its place in
    the set being worked through."""

    kind: str
    status: str
    done: int = 0
    total: int = 0
    index: int = 0
    decisions: tuple[Any, ...] = ()
    summary: str = ""
    puzzle: Any = None
    round: Optional[Round] = None
    feedback: Optional[tuple[str, str]] = None
    number: int = 0
    count: int = 0
    hint: bool = False
    who: str = ""


@dataclass(frozen=True)
class TableState:
    """One consistent moment of a session: everything the presenter
    (:func:`dominolab.presenter.present`) turns into a snapshot.  ``round`` is a copy."""

    rules: Rules
    names: tuple[str, ...]
    humans: tuple[int, ...]
    viewer: Optional[int]
    screen: Optional[int]
    round: Round
    lead_tile: Any
    match_number: int
    hand_number: int
    target: int
    scores: tuple[int, ...]
    hand_points: tuple[tuple[int, ...], ...]
    match_over: bool
    winner: Optional[int]
    in_progress: bool
    settings: Settings
    thinking: Optional[int]
    version: int
    seq: int
    ack: Optional[str]
    message: Optional[tuple[str, str]]
    hint: Optional[tuple[Move, str]]
    undo_available: bool
    undo_reason: str
    notes: tuple[LogNote, ...]
    undos: int
    offer: Optional[str]
    saving: bool = False
    ai_ms: tuple[float, ...] = ()
    #: In tournament mode (:class:`TournamentSession`): where the student is in the tournament.
    tournament: Optional[dict] = None
    #: The review or puzzle on screen, if any.
    coach: Optional[CoachState] = None
    #: True when "Review this hand" is offered: the hand is over and the table coaches.
    can_review: bool = False
    #: False when the hint could not separate the two best moves: no tile is marked.
    hint_marks: bool = True


class _Person:
    """Stands in the match for a seat played by a person at the screen."""

    def __init__(self, seat: int):
        self.seat = seat

    def choose(self, view: Any) -> Move:
        raise RuntimeError(f"seat {self.seat} is played by a person at the table")

    def __repr__(self) -> str:
        return "<person>"


@dataclass
class _Job:
    """A computer player's turn to think about: made under the lock, run by the thinker."""

    version: int
    seat: int
    view: Any
    player: Any
    seed: Optional[int]


@dataclass
class _Offer:
    path: Path
    data: dict
    text: str


@dataclass(eq=False)
class _ReviewRun:
    """A review of a finished hand: made under the lock, valued by a worker (its own thread,
    or the caller's where threads cannot start), which writes back only while this run is
    still the table's coach (``TableSession._coach is self``)."""

    hand: Round
    seat: int
    seed: int
    key: tuple[int, int]  # (match number, hand number)
    total: int
    cancel: threading.Event = field(default_factory=threading.Event)
    done: int = 0
    status: str = "running"
    result: Optional[Review] = None
    index: int = 0
    started: bool = False
    who: str = ""  # the reviewed seat in the review's sentences ("you", or the seat's name)

    def state(self) -> CoachState:
        decisions = self.result.decisions if self.result is not None else ()
        return CoachState("review", self.status, done=self.done, total=self.total, index=self.index,
                          decisions=decisions, who=self.who,
                          summary=self.result.summary(self.who or None) if self.result is not None else "")


@dataclass(eq=False)
class _PuzzleRun:
    """Puzzles at the table: the set being worked through and the answer given to the
    current one.  Answers are judged by the puzzle (``Puzzle.evaluate``); the game at the
    table is not touched."""

    puzzles: tuple[Any, ...]
    position: int
    round: Round
    status: str = "asking"
    feedback: Optional[tuple[str, str]] = None
    hint: bool = False

    @property
    def puzzle(self) -> Any:
        return self.puzzles[self.position]

    def state(self) -> CoachState:
        return CoachState("puzzle", self.status, puzzle=self.puzzle, round=self.round.copy(),
                          feedback=self.feedback, number=self.position + 1, count=len(self.puzzles),
                          hint=self.hint)


# Keys (autosave files) that a live session in this process writes to.
_OWNED: set[str] = set()
_OWNED_LOCK = threading.Lock()


def _kind_of(spec: Any) -> str:
    if isinstance(spec, str):
        return spec
    return str(getattr(spec, "name", type(spec).__name__))


def _make_player(spec: Any, seat: int) -> Any:
    if isinstance(spec, str):
        if spec not in _players.OPPONENTS:
            raise ValueError(f"seat {seat}: no player named {spec!r}; choose {HUMAN!r} or one of "
                             f"{', '.join(_players.OPPONENTS)}")
        return _players.create(spec)
    if isinstance(spec, type) or not callable(getattr(spec, "choose", None)):
        raise ValueError(f"seat {seat}: a player is {HUMAN!r}, a kind name or an object with choose(view); "
                         f"got {excerpt(spec)}")
    return spec


def _seat_specs(rules: Rules, players: Any, opponents: Any, seats: Any) -> list[Any]:
    """One entry per seat: HUMAN, a kind name or a player object."""
    if seats is not None:
        if players is not None and players != (len(seats) if isinstance(seats, Sequence) else None):
            raise ValueError("give either players= and opponents=, or seats=[...] (one entry per seat)")
        if isinstance(seats, (str, bytes)) or not isinstance(seats, Sequence):
            raise ValueError(f"seats must be a list with one entry per seat, got {excerpt(seats)}")
        specs = list(seats)
    else:
        count = 2 if players is None else players
        if not is_int(count) or count not in rules.player_counts:
            counts = " or ".join(str(n) for n in rules.player_counts)
            raise ValueError(f"these rules ({rules.name}) are for {counts} players; got players={excerpt(players)}")
        if isinstance(opponents, str) or callable(getattr(opponents, "choose", None)):
            others = [opponents] * (count - 1)
        elif isinstance(opponents, Sequence) and len(opponents) == count - 1:
            others = list(opponents)
        else:
            raise ValueError(f"opponents must be a kind ({', '.join(_players.OPPONENTS)}), a player, "
                             f"or a list of {count - 1} of those; got {excerpt(opponents)}")
        specs = [HUMAN, *others]
    if len(specs) not in rules.player_counts:
        counts = " or ".join(str(n) for n in rules.player_counts)
        raise ValueError(f"these rules ({rules.name}) are for {counts} players; seats has {len(specs)}")
    if HUMAN not in specs:
        raise ValueError(f"a table needs a person: put {HUMAN!r} in seats=[...] for each seat a person plays")
    return specs


def _check_names(names: Any, players: int) -> list[str]:
    if isinstance(names, (str, bytes)) or not isinstance(names, Sequence) or len(names) != players:
        raise ValueError(f"names must be a list of {players} names, one per seat; got {excerpt(names)}")
    out = []
    for seat, name in enumerate(names):
        if not isinstance(name, str) or not name.strip() or len(name) > _MAX_NAME or not name.isprintable():
            raise ValueError(f"names[{seat}] must be a short name (1 to {_MAX_NAME} printable characters), "
                             f"got {excerpt(name)}")
        out.append(" ".join(name.split()))
    if len(set(out)) != len(out):
        raise ValueError(f"every seat needs its own name; got {excerpt(out)}")
    return out



def _parse_intent_move(r: Round, text: Any, end: Any, names: Sequence[str]) -> Move:
    """The legal move ``text`` and ``end`` mean in ``r``, through the engine's parser, or an
    IntentError that says in the table's words why not (nothing is changed)."""
    try:
        return r.parse_move(text, end)
    except AmbiguousMoveError as exc:
        raise IntentError(f"{exc.tile} fits both ends: choose the left end ({exc.ends[0]}) "
                          f"or the right end ({exc.ends[1]}).") from None
    except IllegalMoveError as exc:
        raise IntentError(f"Not allowed: {exc.explain(names)}.") from None
    except InvalidMoveError:
        raise IntentError(f"{excerpt(text, 12)} is not a tile; nothing was changed.") from None

class TableSession:
    """A table where people play Draw Dominoes against computer players, seat by seat.

    ``rules`` is a :class:`~dominolab.Rules` or a preset name.  Either ``players`` (2 to 4)
    and ``opponents`` (a kind from ``dl.players.OPPONENTS``, a player object, or one per
    opponent seat: the person sits in seat 0), or ``seats``: one entry per seat, each
    :data:`HUMAN` ("human"), a kind, or a player object, so two people can share a screen
    (``seats=["human", "human"]``).  ``names`` names the seats.  ``seed`` makes the deals and
    the computer players repeatable; ``target`` overrides the match target.

    Settings (see :class:`Settings`): ``open_hands``, ``hints``, ``undo`` (``None``: "free" in
    teaching mode, when ``open_hands`` or ``hints`` is on, else "off"), ``highlight_playable``,
    ``pace``, ``scale``.  ``background`` lets the computer players think in a thread (where
    threads can start) so that a slow one does not hold up the caller.  ``autosave`` is a
    folder: once a view has said who it is (``hello``) and a person has moved, the match is
    saved there after every change, and a new table with the same settings, opened from the
    same browser, offers to carry on with an unfinished one.
    """

    #: Settings a mode fixes: changing one raises (a tournament locks undo, hints, open_hands).
    locked: frozenset = frozenset()

    def __init__(
        self,
        rules: Union[Rules, str] = "standard",
        players: Optional[int] = None,
        opponents: Any = "strategy",
        seed: Optional[int] = None,
        target: Optional[int] = None,
        open_hands: bool = False,
        hints: bool = False,
        *,
        seats: Optional[Sequence[Any]] = None,
        names: Optional[Sequence[str]] = None,
        undo: Optional[str] = None,
        highlight_playable: bool = True,
        pace: float = 0.6,
        scale: float = 1.0,
        background: bool = False,
        autosave: Union[str, Path, None] = None,
    ) -> None:
        rules = Rules.coerce(rules)
        specs = _seat_specs(rules, players, opponents, seats)
        count = len(specs)
        rules.hand_size(count)
        if rules.partnerships and count != 4:
            raise ValueError(f"partnership rules need 4 players, got {count}")
        check_seed(seed)
        if target is not None:
            check_int(target, "target", 1)
        if undo is None:
            undo = "free" if (open_hands is True or hints is True) else "off"
        self.settings = Settings(open_hands=open_hands, hints=hints, undo=undo,
                                 highlight_playable=highlight_playable, pace=pace, scale=scale)
        self.rules = rules
        self.players = count
        self.humans: tuple[int, ...] = tuple(s for s, spec in enumerate(specs) if spec == HUMAN)
        self._kinds = [HUMAN if spec == HUMAN else _kind_of(spec) for spec in specs]
        self._seats = [_Person(s) if spec == HUMAN else _make_player(spec, s) for s, spec in enumerate(specs)]
        self.names: tuple[str, ...] = tuple(
            _check_names(names, count) if names is not None else seat_names(count, self.humans))
        self.seed = seed
        self.target = target
        self._lock = threading.RLock()
        self._idle = threading.Condition(self._lock)
        self._background = bool(background)
        self._jobs: queue.SimpleQueue = queue.SimpleQueue()
        self._thinker: Optional[threading.Thread] = None
        self._job: Optional[_Job] = None
        self._closed = False
        self._version = 0
        self._seq = 0
        self._ack: Optional[str] = None
        self._message: Optional[tuple[str, str]] = None
        self._hint: Optional[tuple[Move, str]] = None
        self._hint_marks = True
        self._failure: Optional[str] = None
        self._ai_ms: list[float] = []
        self._listeners: list[Callable[[TableState], None]] = []
        self._quiet = 0
        self._notes: list[LogNote] = []
        self._undo_floor = 0
        self._viewer: Optional[int] = None
        self._client: Optional[str] = None
        self._offer: Optional[_Offer] = None
        self._autosave_dir = None if autosave is None else Path(autosave)
        self._autosave_key: Optional[str] = None
        self._coach: Union[_ReviewRun, _PuzzleRun, None] = None
        self._reviewed: Optional[tuple[tuple[int, int, int], Review]] = None  # the last finished review
        self._coach_idle = threading.Condition(self._lock)
        #: Called at named points of the thinker and of intents ("job-start", "job-chosen",
        #: "job-applied", "intent-applied", "review-progress", "review-done"): tests inject delays here to probe races.
        self._test_hook: Optional[Callable[[str], None]] = None
        self.actions: dict[str, Callable[[dict], Optional[str]]] = {
            "play": self._act_move, "draw": self._act_move, "pass": self._act_move,
            "undo": self._act_undo, "hint": self._act_hint, "next_hand": self._act_next_hand,
            "new_match": self._act_new_match, "reveal": self._act_reveal,
            "resume": self._act_resume, "discard": self._act_discard,
            "review": self._act_review, "review_step": self._act_review_step, "coach_close": self._act_coach_close,
            "puzzle_answer": self._act_puzzle_answer, "puzzle_next": self._act_puzzle_next,
            "puzzle_solution": self._act_puzzle_solution, "puzzle_hint": self._act_puzzle_hint,
        }
        self._match_number = 1
        self._match = self._new_match_object(1)
        self._round = self._deal_next(self._match)
        with self._lock:
            self._changed(new_hand=True)
        self._drain()

    # ------------------------------------------------------------------ reading the game
    @property
    def round(self) -> Round:
        """A copy of the hand in play: read it freely; change the game through the table."""
        with self._lock:
            return self._round.copy()

    @property
    def match(self) -> Match:
        """A copy of the match so far (its finished hands and scores), rebuilt from its record."""
        with self._lock:
            data = self._match.to_record()
        return Match.from_record(data)

    @property
    def kinds(self) -> tuple[str, ...]:
        """What sits in each seat: "human", or the computer player's kind (or class name)."""
        return tuple(self._kinds)

    @property
    def scores(self) -> list[int]:
        with self._lock:
            return list(self._match.scores)

    @property
    def version(self) -> int:
        """Changes with every change to the game; intents must quote it."""
        return self._version

    @property
    def message(self) -> Optional[str]:
        """The message the table shows (why the last intent was refused, and the like)."""
        message = self._message
        return None if message is None else message[1]

    @property
    def viewer(self) -> Optional[int]:
        """The seat whose hand the table shows, or ``None`` while the screen asks to pass it on."""
        return self._viewer

    @property
    def hand_number(self) -> int:
        """The hand being played, counted from 1 within the match."""
        return len(self._match.rounds) + (0 if self._round_in_match() else 1)

    def state(self) -> TableState:
        """The table at this moment, consistent (taken under the lock)."""
        with self._lock:
            return self._state()

    def subscribe(self, listener: Callable[[TableState], None]) -> None:
        """Call ``listener(state)`` after every change (with the lock held, in order)."""
        self._listeners.append(listener)

    # ------------------------------------------------------------------ settings
    def configure(self, **changes: Any) -> None:
        """Change settings (see :class:`Settings`).  A change to ``open_hands``, ``hints`` or
        ``undo`` is written in the log, since it changes what a player may learn."""
        unknown = set(changes) - set(Settings.__dataclass_fields__)
        if unknown:
            raise ValueError(f"unknown setting {sorted(unknown)[0]!r}; the settings are "
                             f"{', '.join(Settings.__dataclass_fields__)}")
        with self._lock:
            fixed = [name for name, value in changes.items()
                     if name in self.locked and value != getattr(self.settings, name)]
            if fixed:
                raise ValueError(f"{fixed[0]} is fixed at this table")
            new = replace(self.settings, **changes)
            if new == self.settings:
                return
            old, self.settings = self.settings, new
            for name in Settings.POLICY:
                if getattr(old, name) != getattr(new, name):
                    self._note("setting", text=_setting_text(name, getattr(new, name)))
            if old.hints != new.hints:
                self._hint = None
            self._emit()

    # ------------------------------------------------------------------ intents
    def handle_intent(self, intent: Any) -> dict:
        """Check and carry out one intent (what a click or a key sends).

        Returns ``{"ok": bool, "message": str}``; a refused intent changes nothing but the
        message shown.  The computer players then move (in the background when enabled)."""
        ack = None
        if isinstance(intent, dict):
            ident = intent.get("id")
            if isinstance(ident, (str, int)) and not isinstance(ident, bool):
                ack = str(ident)[:64]
        with self._lock:
            self._quiet += 1  # one snapshot per intent, sent below with its answer
            refused: Optional[IntentError] = None
            try:
                info = self._apply(intent)
            except IntentError as exc:
                refused = exc
            finally:
                self._quiet -= 1
            self._ack = ack
            if refused is not None:
                self._message = ("info" if getattr(refused, "gentle", False) else "error", str(refused))
                self._emit()
                return {"ok": False, "message": str(refused)}
            if not (isinstance(intent, dict) and intent.get("action") == "hello"):
                self._message = None if info is None else ("info", info)
            self._emit()
        self._hook("intent-applied")
        self._drain()
        self._review_here()
        return {"ok": True, "message": info or ""}

    def _apply(self, intent: Any) -> Optional[str]:
        """Check ``intent`` and carry it out (lock held).  Raises IntentError, changing nothing."""
        if not isinstance(intent, dict):
            raise IntentError(f"The table was sent something that is not an intent "
                              f"({type(intent).__name__}); nothing was changed.")
        action = intent.get("action")
        if action == "next_round":  # the name the first version of the table used
            action = "next_hand"
        if action == "hello":
            return self._act_hello(intent)
        if not isinstance(action, str) or action not in self.actions:
            raise IntentError(f"Unknown action {excerpt(action, 30)}; nothing was changed.")
        ident = intent.get("id")
        if ident is not None and (isinstance(ident, bool) or not isinstance(ident, (str, int))):
            raise IntentError("The intent's id must be text or a number; nothing was changed.")
        version = intent.get("version")
        if not is_int(version):
            raise IntentError("The intent did not say which position it was for; nothing was changed.")
        if version != self._version:
            raise _gentle("The table had moved on when that arrived, so nothing was changed. "
                          + self._whose_turn_sentence())
        if self._offer is not None and action not in ("resume", "discard"):
            raise _gentle("First choose: carry on with the saved match, or start a new one.")
        if isinstance(self._coach, _PuzzleRun) and action in ("play", "draw", "pass", "undo", "hint"):
            raise _gentle("A puzzle is on the table: answer it, or close the puzzles to play on.")
        return self.actions[action](intent)

    # ------------------------------------------------------------------ the same, from code
    def act(self, action: str, **fields: Any) -> str:
        """Do what a click does, for the person to play, from code: wait for the computer
        players, send the intent for the current position, wait again.  A refusal raises
        :class:`IntentError` with the table's message; returns the message otherwise."""
        self.wait()
        with self._lock:
            screen = self._screen()
            if screen is not None and action in ("play", "draw", "pass", "hint", "undo"):
                self._viewer = screen  # code acts for the person to play: no screen to pass
                self._changed(moved=False)
            intent = {"action": action, "version": self._version, **fields}
        reply = self.handle_intent(intent)
        self.wait()
        if not reply["ok"]:
            raise IntentError(reply["message"])
        return reply["message"]

    def act_move(self, move: Union[Move, str]) -> None:
        """:meth:`act` for a move object or move text ("6-4 left", "draw", "pass")."""
        if isinstance(move, str):
            try:
                action, tile, end = read_move_text(move)
            except InvalidMoveError as exc:
                raise IntentError(str(exc)) from None
        elif isinstance(move, Play):
            action, tile, end = "play", move.tile, move.end
        elif move is DRAW or move is PASS:
            action, tile, end = str(move), None, None
        else:
            raise IntentError(f"expected a move (Play, Draw, Pass or text like '6-4 left'), got {excerpt(move)}")
        if action == "play":
            self.act("play", tile=str(tile), end=end)
        else:
            self.act(action)

    def ask_hint(self) -> tuple[Move, str]:
        """The hint for the person to play: the suggested move and its reason."""
        self.act("hint")
        with self._lock:
            if self._hint is None:
                raise IntentError("The position changed before the hint was ready; ask again.")
            return self._hint

    def _act_hello(self, intent: dict) -> Optional[str]:
        """A view says which browser it is in (its ``client`` id): autosaves are kept per
        browser, so a class on one Voilà server never sees each other's matches."""
        client = intent.get("client")
        if not isinstance(client, str) or not 1 <= len(client) <= 40 or not set(client) <= _CLIENT_CHARS:
            raise IntentError("The view's client id must be 1 to 40 letters, digits or dashes.")
        if self._client is None:
            self._client = client
            self._look_for_saved_match()
        return None

    def _act_move(self, intent: dict) -> Optional[str]:
        r = self._round
        if r.is_over:
            raise IntentError("The hand is over; press Next hand." if not self._match.is_over
                              else "The match is over; start a new match.")
        seat = r.turn
        if seat not in self.humans:
            raise _gentle(self._whose_turn_sentence())
        if self._viewer != seat:
            raise _gentle(f"Pass the screen to {self.names[seat]} first.")
        move = self._read_move(intent)
        r.play(move, seat=seat)
        self._changed()
        return None

    def _read_move(self, intent: dict) -> Move:
        """The legal move an intent means, through the engine's own parser."""
        action = intent["action"]
        r = self._round
        if action in ("draw", "pass"):
            text: Any = action
            end = None
        else:
            text = intent.get("tile")
            if not isinstance(text, str):
                raise IntentError("A play must name a tile such as '6-4'; nothing was changed.")
            if len(text) > 12:
                raise IntentError(f"{excerpt(text, 12)} is not a tile; nothing was changed.")
            end = intent.get("end")
            if end is not None and end not in ("left", "right"):
                raise IntentError(f"The end must be 'left' or 'right', not {excerpt(end, 12)}; nothing was changed.")
        return _parse_intent_move(r, text, end, self.names)

    def _act_undo(self, intent: dict) -> Optional[str]:
        seat = self._viewer
        reason, mark = self._undo_check(seat)
        if mark is None:
            raise IntentError(reason)
        r = self._round
        history = r.history
        taken = narrate(heard_by(history[mark:], seat), self.names)
        for _ in range(len(history) - mark):
            r.undo()
        if self.settings.undo == "last":
            self._undo_floor = mark
        self._note("undo", seat=seat, turns=tuple(taken), at=mark)
        self._changed()
        return None

    def _undo_check(self, seat: Optional[int]) -> tuple[str, Optional[int]]:
        """(why not, None) or ("", the history length to go back to) for an undo by ``seat``."""
        policy = self.settings.undo
        if policy == "off":
            return "Undo is off at this table.", None
        r = self._round
        if r.is_over:
            return "The hand is over and scored; undo works during a hand.", None
        if seat is None:
            return "Nobody's tiles are showing; undo works for the person whose tiles are showing.", None
        history = r.history
        decisions = [(i, e.seat) for i, e in enumerate(history) if e.seat in self.humans and e.action != "draw"]
        mine = [i for i, s in decisions if s == seat and i >= self._undo_floor]
        if not mine:
            if policy == "last" and any(s == seat for _, s in decisions):
                return "This table lets you take back only your last move, and you have.", None
            return "There is no move of yours to take back in this hand.", None
        mark = mine[-1]
        if any(s != seat for i, s in decisions if i > mark):
            return "Someone else has moved since your last move, so it cannot be taken back.", None
        if any(e.action == "draw" for e in history[mark:]):
            return ("A tile has been drawn since your last move, and a draw is never taken back "
                    "(the boneyard would give away what it hides)."), None
        return "", mark

    def _act_hint(self, intent: dict) -> Optional[str]:
        if not self.settings.hints:
            raise IntentError("Hints are off at this table.")
        r = self._round
        if r.is_over or r.turn not in self.humans or self._viewer != r.turn:
            raise _gentle(self._whose_turn_sentence())
        advice = _players.advise(r.view(r.turn))
        self._hint = (advice.move, advice.reason)
        # A hint that cannot separate the two best moves names both in words and marks
        # no tile: the table must not point at one of them as if it were the best.
        self._hint_marks = advice.kind != "close"
        return None

    def _act_next_hand(self, intent: dict) -> Optional[str]:
        if not self._round.is_over:
            raise IntentError("The hand is still being played; finish it first.")
        if self._match.is_over:
            raise IntentError("The match is over; start a new match.")
        try:
            r = self._deal_next(self._match)
        except ValueError as exc:
            raise IntentError(f"The next hand could not be dealt: {exc}.") from None
        self._round = r
        self._changed(new_hand=True)
        return None

    def _act_new_match(self, intent: dict) -> Optional[str]:
        number = self._match_number + 1
        try:  # build everything first: a deal these rules cannot make leaves the old match as it was
            match = self._new_match_object(number)
            r = self._deal_next(match)
        except ValueError as exc:
            raise IntentError(f"A new match could not be dealt: {exc}.") from None
        self._match, self._round, self._match_number = match, r, number
        self._notes = []
        self._changed(new_hand=True)
        return None

    def _act_reveal(self, intent: dict) -> Optional[str]:
        screen = self._screen()
        if screen is None:
            raise _gentle("The tiles are already showing.")
        self._viewer = screen
        self._changed(moved=False)
        return None

    def _act_resume(self, intent: dict) -> Optional[str]:
        offer = self._offer
        if offer is None:
            raise IntentError("There is no saved match to carry on with.")
        try:
            restored = _Restored.read(offer.data, self._seats, self)
        except (RecordError, ValueError) as exc:
            self._offer = None
            raise IntentError(f"The saved match could not be read ({exc}); this table starts afresh.") from None
        self._offer = None
        self._install(restored)
        self._claim_key(offer.path.stem)
        return "Carried on with your saved match."

    def _act_discard(self, intent: dict) -> Optional[str]:
        if self._offer is None:
            raise IntentError("There is no saved match to set aside.")
        self._claim_key(self._offer.path.stem)
        self._offer = None
        self._changed(moved=False)
        return None

    # ------------------------------------------------------------------ the coach: reviews
    #: False in a mode that must not show the search's verdicts (a tournament).
    coaching: bool = True

    @property
    def coach(self) -> Optional[CoachState]:
        """The review or puzzle on screen (``None``: the table itself)."""
        with self._lock:
            return None if self._coach is None else self._coach.state()

    def _review_refusal(self) -> Optional[str]:
        """Why "Review this hand" cannot start now (lock held), or None."""
        if not self.coaching:
            return "Reviews are off in a tournament: the search's verdicts would help mid-event."
        if not self._round.is_over:
            return "A hand is reviewed once it is over; finish it first."
        if self._coach is not None:
            return "The coach is already on screen; close it first."
        return None

    def _act_review(self, intent: dict) -> Optional[str]:
        refusal = self._review_refusal()
        if refusal is not None:
            raise IntentError(refusal)
        seat = intent.get("seat", self._viewer if self._viewer is not None else self.humans[0])
        if not is_int(seat) or seat not in self.humans:
            raise IntentError(f"A review is of a person's seat; seat {excerpt(seat, 12)} is not one.")
        key = (self._match_number, self.hand_number)
        hand = self._round.copy()
        run = _ReviewRun(hand, seat, derive_seed(self.seed or 0, *key, seat) % 2**31, key,
                         total=len(decision_views(hand, seat)), who=self._who(seat))
        if self._reviewed is not None and self._reviewed[0] == (*key, seat):
            run.result, run.done, run.status, run.started = self._reviewed[1], run.total, "done", True
        elif run.total == 0:
            raise IntentError("There is nothing to review: you made no move in this hand.")
        self._coach = run
        if not run.started and self._background:
            run.started = self._start_reviewer(run)
        return None

    def _who(self, seat: int) -> str:
        """A seat as the coach's sentences name it: "you" at a one-person table, else its name."""
        name = self.names[seat]
        return "you" if name == "You" else name

    def _start_reviewer(self, run: _ReviewRun) -> bool:
        try:
            threading.Thread(target=self._review_worker, args=(run,), name="dominolab-review", daemon=True).start()
        except RuntimeError:  # no threads here (Pyodide): the caller's thread reviews
            return False
        return True

    def _review_here(self) -> None:
        """Where no thread reviews: value a review that was asked for in the caller's thread."""
        with self._lock:
            run = self._coach
            if not isinstance(run, _ReviewRun) or run.started:
                return
            run.started = True
        self._review_worker(run)

    def _review_worker(self, run: _ReviewRun) -> None:
        """Value the hand's decisions without the lock; write back only while ``run`` is the coach."""

        def progress(done: int, total: int) -> None:
            self._hook("review-progress")
            with self._lock:
                if self._coach is run:
                    run.done, run.total = done, total
                    self._emit()

        result: Optional[Review] = None
        error = None
        try:
            result = review(run.hand, run.seat, REVIEW_LEVEL, run.seed, progress=progress, cancel=run.cancel)
        except Exception as exc:  # the review's failure must not break the table
            error = f"The review failed: {exc!r}"
        with self._lock:
            if self._coach is run:
                if result is None:
                    self._coach = None
                    self._message = ("error", error or "The review failed.")
                else:
                    run.result = result
                    run.status = "done" if result.complete else "stopped"
                    if result.complete:
                        self._reviewed = ((*run.key, run.seat), result)
                    if not result.decisions:
                        self._coach = None
                        self._message = ("info", "The review was stopped before its first decision.")
                self._emit()
            self._coach_idle.notify_all()
        self._hook("review-done")

    def wait_review(self, timeout: Optional[float] = 60.0) -> bool:
        """Block until no review is being valued; True if so."""
        self._review_here()
        with self._coach_idle:
            return self._coach_idle.wait_for(
                lambda: not (isinstance(self._coach, _ReviewRun) and self._coach.status == "running"), timeout)

    def _act_review_step(self, intent: dict) -> Optional[str]:
        run = self._coach
        if not isinstance(run, _ReviewRun):
            raise IntentError("No review is on screen.")
        if run.status == "running":
            raise _gentle(f"The review is still running ({run.done} of {run.total} decisions).")
        assert run.result is not None
        to = intent.get("to")
        if to is None:
            step = intent.get("step")
            if step not in (-1, 1) or isinstance(step, bool):
                raise IntentError("A review step is 'step': 1 or -1, or 'to': a decision's number from 0.")
            to = run.index + step
        count = len(run.result.decisions)
        if not is_int(to) or not 0 <= to < count:
            if is_int(to) and to == count:
                raise _gentle("That was the last decision reviewed.")
            if is_int(to) and to == -1:
                raise _gentle("This is the first decision of the hand.")
            raise IntentError(f"There is no decision {excerpt(to, 12)}: this review has {count}.")
        run.index = to
        return None

    def _act_coach_close(self, intent: dict) -> Optional[str]:
        run = self._coach
        if run is None:
            raise _gentle("The table is already showing the game.")
        self._end_coach()
        if isinstance(run, _ReviewRun) and run.status == "running":
            return "Review cancelled."
        return None

    def _end_coach(self) -> None:
        """Put the coach away (lock held): a running review is told to stop and its figures,
        when they come, are dropped."""
        run = self._coach
        if isinstance(run, _ReviewRun):
            run.cancel.set()
        self._coach = None
        self._coach_idle.notify_all()

    # ------------------------------------------------------------------ the coach: puzzles
    def start_puzzles(self, puzzle_or_id: Any = None, grade: Optional[str] = None,
                      seed: Optional[int] = None) -> None:
        """Show puzzles on this table (see :mod:`dominolab.puzzles`): ``puzzle_or_id`` one
        puzzle (or its id), else the shipped puzzles of ``grade`` (all grades when None) in
        an order shuffled by ``seed``.  Answers are judged by the puzzle and change nothing
        at the table; "Next puzzle" moves on and Close returns to the game."""
        from . import puzzles as _puzzles

        if not self.coaching:
            raise ValueError("puzzles are off in a tournament")
        check_seed(seed)
        if puzzle_or_id is not None:
            if grade is not None:
                raise ValueError("give a puzzle or a grade, not both")
            if isinstance(puzzle_or_id, _puzzles.Puzzle):
                chosen = [puzzle_or_id]
            elif isinstance(puzzle_or_id, str):
                try:
                    chosen = [_puzzles.get(puzzle_or_id)]
                except KeyError:
                    raise ValueError(f"no puzzle named {excerpt(puzzle_or_id, 30)}; "
                                     "dl.puzzles.load() lists them") from None
            else:
                raise ValueError(f"expected a Puzzle or a puzzle's id, got {excerpt(puzzle_or_id)}")
        else:
            chosen = _puzzles.select(grade=grade)
            if not chosen:
                raise ValueError(f"there are no puzzles of grade {grade!r}")
            if seed is not None:
                random.Random(seed).shuffle(chosen)
        first = chosen[0].round()  # raises PuzzleError if it does not replay
        with self._lock:
            self._end_coach()
            self._coach = _PuzzleRun(tuple(chosen), 0, first)
            self._emit()

    def _puzzle(self) -> _PuzzleRun:
        run = self._coach
        if not isinstance(run, _PuzzleRun):
            raise IntentError("No puzzle is on the table.")
        return run

    def _act_puzzle_answer(self, intent: dict) -> Optional[str]:
        run = self._puzzle()
        if run.status in ("correct", "solution"):
            raise _gentle("This puzzle is done: press Next puzzle.")
        action = intent.get("move", "play")
        r = run.round
        text: Any = action
        end: Any = None
        if action in ("draw", "pass"):
            pass
        elif action == "play":
            text, end = intent.get("tile"), intent.get("end")
            if not isinstance(text, str) or len(text) > 12:
                raise IntentError("An answer names a tile such as '6-4'; nothing was changed.")
            if end is not None and end not in ("left", "right"):
                raise IntentError(f"The end must be 'left' or 'right', not {excerpt(end, 12)}; nothing was changed.")
        else:
            raise IntentError(f"An answer's move is 'play', 'draw' or 'pass', not {excerpt(action, 12)}.")
        move = _parse_intent_move(r, text, end, self._puzzle_names(run))
        feedback = run.puzzle.evaluate(move)
        run.status = "correct" if feedback.correct else "incorrect"
        run.feedback = (feedback.status, feedback.message)
        return None

    def _puzzle_names(self, run: _PuzzleRun) -> list[str]:
        return [f"seat {s}" if s != run.puzzle.seat else "you" for s in range(run.round.players)]

    def _act_puzzle_hint(self, intent: dict) -> Optional[str]:
        self._puzzle().hint = True
        return None

    def _act_puzzle_solution(self, intent: dict) -> Optional[str]:
        run = self._puzzle()
        run.status = "solution"
        return None

    def _act_puzzle_next(self, intent: dict) -> Optional[str]:
        run = self._puzzle()
        position = (run.position + 1) % len(run.puzzles)
        r = run.puzzles[position].round()
        run.position, run.round, run.status, run.feedback, run.hint = position, r, "asking", None, False
        return None

    # ------------------------------------------------------------------ the game's one owner
    def _changed(self, *, new_hand: bool = False, moved: bool = True) -> None:
        """The game changed (lock held): new version; a finished hand goes into the match;
        decide whose tiles show and who is to move, and give a computer player its job."""
        self._version += 1
        self._hint = None
        self._failure = None  # a player that failed is asked again after any change
        r = self._round
        if new_hand:
            self._undo_floor = 0
            if isinstance(self._coach, _ReviewRun):
                self._end_coach()  # a review is of the hand just played: a new hand ends it
        if r.is_over and not self._round_in_match():
            self._match.record_round(r)
        self._update_viewer(new_hand)
        self._schedule()
        if moved:
            self._autosave()
        self._emit()

    def _update_viewer(self, new_hand: bool) -> None:
        r = self._round
        if len(self.humans) == 1:
            self._viewer = self.humans[0]
            return
        if r.is_over:
            self._viewer = None  # everyone looks at the result
            return
        nxt = self._next_person()
        if new_hand or (self._viewer is not None and self._viewer != nxt):
            self._viewer = None  # the screen goes up: pass it to the next person

    def _next_person(self) -> int:
        """The person who moves next: the first person's seat from the seat to move, going round."""
        r = self._round
        for step in range(self.players):
            seat = (r.turn + step) % self.players
            if seat in self.humans:
                return seat
        raise AssertionError("a table has a person")  # pragma: no cover

    def _screen(self) -> Optional[int]:
        """The seat the screen asks to be passed to, or None when someone's tiles show."""
        if self._viewer is not None or self._round.is_over or len(self.humans) == 1:
            return None
        return self._next_person()

    def _schedule(self) -> None:
        """Give the computer player to move its job, or none (lock held)."""
        r = self._round
        if r.is_over or r.turn in self.humans or self._failure is not None or self._closed:
            self._job = None
            self._idle.notify_all()
            return
        seat = r.turn
        self._job = job = _Job(self._version, seat, r.view(seat), self._seats[seat], self._decision_seed(seat, r))
        if self._background and self._start_thinker():
            self._jobs.put(job)

    def _decision_seed(self, seat: int, r: Round) -> Optional[int]:
        """The seed a computer player's decision starts from (``None``: leave its random
        stream alone): the match's seed, the hand and the move number, so that a table loaded
        from its record plays on exactly the same.  A mode whose players keep streams of their
        own (a tournament's, checked by asking them again) returns ``None``."""
        return derive_seed(self._match.seed, len(self._match.rounds), seat + 1, len(r.history))

    def _start_thinker(self) -> bool:
        if self._thinker is not None:
            return True
        try:
            thread = threading.Thread(target=self._think_loop, name="dominolab-table", daemon=True)
            thread.start()
        except RuntimeError:  # no threads here (Pyodide): the caller's thread runs the jobs
            self._background = False
            return False
        self._thinker = thread
        return True

    def _think_loop(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            self._run(job)

    def _drain(self) -> None:
        """Without a thinker thread: run the computer players' jobs here, one after another."""
        if self._background:
            return
        while True:
            with self._lock:
                job = self._job
            if job is None or self._background:
                return
            self._run(job)

    def _run(self, job: _Job) -> None:
        """Think about one job without the lock; apply its move only if the game is unchanged."""
        with self._lock:
            if job is not self._job:
                return  # the game moved on (an undo, a new match) before this job started
        self._hook("job-start")
        start = time.perf_counter()
        reseed = getattr(job.player, "reseed", None)
        error = None
        move = None
        try:
            if callable(reseed) and job.seed is not None:
                reseed(job.seed)  # each decision from its own seed: a resumed hand plays on the same
            move = job.player.choose(job.view)
        except Exception as exc:  # a player's bug must not break the table
            error = f"{self.names[job.seat]}'s player failed: {exc!r}"
        took = (time.perf_counter() - start) * 1000
        self._hook("job-chosen")
        with self._lock:
            if job is not self._job:
                return  # stale: the game changed while it thought
            r = self._round
            if error is None:
                try:
                    r.play(move, seat=job.seat)  # type: ignore[arg-type]
                except (IllegalMoveError, ValueError) as exc:
                    reason = exc.explain(self.names) if isinstance(exc, IllegalMoveError) else str(exc)
                    error = f"{self.names[job.seat]}'s player chose {excerpt(move)}, which is not allowed: {reason}"
            if error is not None:
                self._failure = error
                self._message = ("error", error)
                self._job = None
                self._idle.notify_all()
                self._emit()
                return
            self._ai_ms = [*self._ai_ms[-499:], took]
            self._changed()
        self._hook("job-applied")

    def wait(self, timeout: Optional[float] = 60.0) -> bool:
        """Block until no computer player is to move (or one has failed); True if so."""
        self._drain()
        with self._idle:
            return self._idle.wait_for(lambda: self._job is None, timeout)

    def close(self) -> None:
        """Stop the thinker thread and give up the autosave file (the table cannot go on)."""
        with self._lock:
            self._closed = True
            self._job = None
            self._end_coach()
            self._idle.notify_all()
            self._release_key()
        if self._thinker is not None:
            self._jobs.put(None)

    def _hook(self, point: str) -> None:
        hook = self._test_hook
        if hook is not None:
            hook(point)

    # ------------------------------------------------------------------ deals and matches
    def _new_match_object(self, number: int) -> Match:
        seed = self.seed if (self.seed is None or number == 1) else derive_seed(self.seed, number)
        return Match(self.rules, self._seats, seed=seed, target=self.target)

    def _deal_next(self, match: Match) -> Round:
        """The next hand of ``match`` (a mode with other deals overrides this)."""
        return match.deal_next()

    def _round_in_match(self) -> bool:
        return any(r is self._round for r in self._match.rounds)

    # ------------------------------------------------------------------ the state, and the log
    def _emit(self) -> None:
        if not self._listeners or self._quiet:
            return
        state = self._state()
        for listener in list(self._listeners):
            listener(state)

    def _state(self) -> TableState:
        self._seq += 1
        r = self._round
        match = self._match
        reason, mark = self._undo_check(self._viewer)
        lead = None
        for e in r.history:
            if e.action == "play":
                lead = e.tile if e.ends is None else None
                break
        if lead is None and r.start.line:
            lead = r.start.line[0]
        in_progress = (not match.is_over) and (bool(match.rounds) or any(
            e.seat in self.humans for e in r.history))
        thinking = self._job.seat if self._job is not None else None
        return TableState(
            rules=self.rules, names=self.names, humans=self.humans, viewer=self._viewer,
            screen=self._screen(), round=r.copy(), lead_tile=lead, match_number=self._match_number,
            hand_number=self.hand_number, target=match.target, scores=tuple(match.scores),
            hand_points=tuple(tuple(done.result.points) for done in match.rounds),  # type: ignore[union-attr]
            match_over=match.is_over, winner=match.winner, in_progress=in_progress,
            settings=self.settings, thinking=thinking, version=self._version, seq=self._seq, ack=self._ack,
            message=self._message, hint=self._hint, hint_marks=self._hint_marks,
            undo_available=mark is not None, undo_reason=reason,
            notes=tuple(n for n in self._notes if n.hand == self.hand_number),
            undos=sum(1 for n in self._notes if n.kind == "undo"),
            offer=None if self._offer is None else self._offer.text,
            saving=self._autosave_dir is not None and self._client is not None,
            ai_ms=tuple(self._ai_ms[-(self.players - 1):]),
            coach=None if self._coach is None else self._coach.state(),
            can_review=self._review_refusal() is None,
        )

    def _note(self, kind: str, *, seat: Optional[int] = None, turns: tuple[str, ...] = (), text: str = "",
              at: Optional[int] = None) -> None:
        r = self._round
        self._notes.append(LogNote(kind, self.hand_number, len(r.history) if at is None else at, seat, turns, text))

    def _whose_turn_sentence(self) -> str:
        r = self._round
        if r.is_over:
            return "The hand is over."
        seat = r.turn
        if seat in self.humans:
            if self._viewer == seat:
                return "It is your turn." if self.names[seat] == "You" else f"It is {self.names[seat]}'s turn."
            return f"It is {self.names[seat]}'s turn: pass the screen to {self.names[seat]}."
        doing = "is thinking" if self._job is not None and self._job.seat == seat else "is to play"
        return f"Wait: {self.names[seat]} {doing}."

    # ------------------------------------------------------------------ records
    def record(self) -> dict:
        """The table as JSON-safe data: seats, settings, the match (every hand), the hand in
        play, and the log of undos and setting changes.  :meth:`from_record` carries on."""
        with self._lock:
            return self._record()

    def _record(self) -> dict:
        current = None if self._round_in_match() else self._round.to_record()
        return {
            "format": TABLE_FORMAT,
            "version": TABLE_VERSION,
            "seats": list(self._kinds),
            "names": list(self.names),
            "seed": self.seed,
            "target": self.target,
            "settings": self.settings.to_dict(),
            "match_number": self._match_number,
            "match": self._match.to_record(),
            "current": current,
            "undo_floor": self._undo_floor,
            "log": [n.to_dict() for n in self._notes],
            "fingerprint": self._fingerprint(),
            "saved_at": time.strftime("%Y-%m-%d %H:%M"),
        }

    @classmethod
    def from_record(cls, data: Any, seats: Optional[Sequence[Any]] = None, **options: Any) -> TableSession:
        """A table that carries on from :meth:`record` data, every hand replayed and checked.

        ``seats`` replaces the recorded seats (needed for player objects, which a record names
        but cannot hold).  ``options`` are settings and constructor keywords (``background``,
        ``autosave``).  A finished match loads too: it shows its last hand, ready for a new match."""
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

    def _install(self, restored: _Restored) -> None:
        """Carry on from a record (lock held)."""
        self._match, self._round = restored.match, restored.round
        self._match_number = restored.match_number
        self._notes = list(restored.notes)
        self._changed(new_hand=True, moved=False)
        self._undo_floor = restored.undo_floor

    # ------------------------------------------------------------------ autosave
    def _fingerprint(self) -> str:
        identity = {"rules": self.rules.to_dict(), "seats": self._kinds, "names": list(self.names),
                    "seed": self.seed, "target": self.target}
        text = json.dumps(identity, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:12]

    def _autosave(self) -> None:
        """Save the match (lock held) once a browser has said who it is and a person has moved."""
        if self._autosave_dir is None or self._client is None or self._offer is not None:
            return
        if not self._match.rounds and not any(e.seat in self.humans for e in self._round.history):
            return
        if self._autosave_key is None:
            self._claim_key(f"{self._fingerprint()}-{self._client}")
        path = self._autosave_dir / f"{self._autosave_key}.json"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            temporary = path.with_suffix(".tmp")
            temporary.write_text(json.dumps(self._record()), encoding="utf-8")
            os.replace(temporary, path)
        except OSError as exc:  # a read-only folder must not stop the game
            self._message = ("error", f"The match could not be saved in {self._autosave_dir}: {exc.strerror}.")

    def _claim_key(self, base: str) -> None:
        with _OWNED_LOCK:
            self._release_key_locked()
            key, n = base, 1
            while key in _OWNED:
                n += 1
                key = f"{base}-{n}"
            _OWNED.add(key)
            self._autosave_key = key

    def _release_key(self) -> None:
        with _OWNED_LOCK:
            self._release_key_locked()

    def _release_key_locked(self) -> None:
        if self._autosave_key is not None:
            _OWNED.discard(self._autosave_key)
            self._autosave_key = None

    def _look_for_saved_match(self) -> None:
        """After ``hello``: offer an unfinished match saved by this browser with these settings."""
        if self._autosave_dir is None or self._client is None:
            return
        if self._match.rounds or any(e.seat in self.humans for e in self._round.history):
            return  # this table is already being played
        key = f"{self._fingerprint()}-{self._client}"
        with _OWNED_LOCK:
            if key in _OWNED:
                return  # a live table here is writing it
        path = self._autosave_dir / f"{key}.json"
        try:
            if not path.is_file() or path.stat().st_size > 2_000_000:
                return
            data = json.loads(path.read_text(encoding="utf-8"))
            _check_table_record(data)
        except (OSError, ValueError):
            return
        if data.get("fingerprint") != self._fingerprint():
            return
        match = data["match"]
        if match.get("winner") is not None:
            return  # a finished match: nothing to carry on with
        hand = len(match.get("rounds", [])) + 1
        scores = match.get("scores", [])
        if not isinstance(scores, list) or not all(is_int(s) for s in scores):
            return
        sides = [" & ".join(self.names[s] for s in side) for side in self.rules.seating(self.players)]
        score_text = ", ".join(f"{label} {points}" for label, points in zip(sides, scores, strict=False))
        when = data.get("saved_at") if isinstance(data.get("saved_at"), str) else "earlier"
        self._offer = _Offer(path, data, f"A match at this table was left unfinished (saved {excerpt(when, 20)[1:-1]}: "
                                         f"hand {hand}, {score_text}). Carry on with it?")
        self._changed(moved=False)


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


def heard_by(events: Sequence[Event], seat: Optional[int]) -> list[Event]:
    """``events`` as ``seat`` may hear them: only that seat's own drawn tiles are named
    (``seat=None``: nobody's)."""
    return [e if e.action != "draw" or e.seat == seat else e._replace(tile=None) for e in events]


def _gentle(text: str) -> IntentError:
    """A refusal that is not a mistake (a click while someone else plays): shown as information."""
    error = IntentError(text)
    error.gentle = True  # type: ignore[attr-defined]
    return error


def _setting_text(name: str, value: Any) -> str:
    if name == "undo":
        return {"off": "Undo turned off.", "last": "Undo of the last move turned on.",
                "free": "Undo turned on."}[value]
    what = {"open_hands": "Open hands", "hints": "Hints"}[name]
    return f"{what} turned {'on' if value else 'off'}."


def _rules_of(match_data: Any) -> Any:
    from .records import rules_from_record

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
    def read(cls, data: dict, seats: list[Any], session: TableSession) -> _Restored:
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
