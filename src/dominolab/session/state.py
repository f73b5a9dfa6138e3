"""The table's vocabulary: its constants, its settings, the notes in its log, and the
frozen snapshots (:class:`TableState`, :class:`CoachState`) the presenter reads.  Nothing
here changes the game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Optional

from ..i18n import N_, _
from ..moves import AmbiguousMoveError, Event, IllegalMoveError, InvalidMoveError, Move
from ..records import RecordError
from ..round import Round
from ..rules import Rules
from ..validate import check_number, excerpt, is_int

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


class IntentError(ValueError):
    """An intent the table refused; the message is what the table shows.  Nothing changed."""



def _gentle(text: str) -> IntentError:
    """A refusal that is not a mistake (a click while someone else plays): shown as information."""
    error = IntentError(text)
    error.gentle = True  # type: ignore[attr-defined]
    return error


def _parse_intent_move(r: Round, text: Any, end: Any, names: Sequence[str]) -> Move:
    """The legal move ``text`` and ``end`` mean in ``r``, through the engine's parser, or an
    IntentError that says in the table's words why not (nothing is changed)."""
    try:
        return r.parse_move(text, end)
    except AmbiguousMoveError as exc:
        raise IntentError(_("{tile} fits both ends: choose the left end ({left}) or the right end ({right}).")
                          .format(tile=exc.tile, left=exc.ends[0], right=exc.ends[1])) from None
    except IllegalMoveError as exc:
        raise IntentError(_("Not allowed: {reason}.").format(reason=exc.explain(names))) from None
    except InvalidMoveError:
        raise IntentError(_("{given} is not a tile; nothing was changed.").format(given=excerpt(text, 12))) from None


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
                raise ValueError(_("{name} must be True or False, got {given}").format(
                    name=name, given=excerpt(getattr(self, name))))
        if self.undo not in UNDO_POLICIES:
            raise ValueError(_("undo must be one of {policies}, got {given}").format(
                policies=", ".join(repr(p) for p in UNDO_POLICIES), given=excerpt(self.undo)))
        pace = check_number(self.pace, "pace")
        if pace > 10:
            raise ValueError(_("pace must be a number of seconds from 0 to 10, got {given}").format(
                given=excerpt(self.pace)))
        scale = check_number(self.scale, "scale", positive=True)
        if not 0.5 <= scale <= 3:
            raise ValueError(_("scale must be a number from 0.5 to 3, got {given}").format(given=excerpt(self.scale)))

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
    feedback: Optional[tuple[str, str, str]] = None  # status, the plain words, the figures (why)
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
    #: In tournament mode (:func:`TournamentSession`): where the student is in the tournament.
    tournament: Optional[dict] = None
    #: The review or puzzle on screen, if any.
    coach: Optional[CoachState] = None
    #: True when "Review this hand" is offered: the hand is over and the table coaches.
    can_review: bool = False
    #: False when the hint could not separate the two best moves: no tile is marked.
    hint_marks: bool = True
    #: The hint's figures, behind its plain sentence ("Why?").
    hint_why: str = ""
    #: True while a hint is being searched for this position (the table says it is thinking).
    hinting: bool = False
    #: The analysis board on screen (:class:`~dominolab.session.analysis.AnalysisState`), if open.
    analysis: Any = None
    #: The language the table speaks ("en", "es"): the presenter builds the snapshot in it
    #: (``None``: the language of the moment).
    language: Optional[str] = None


def heard_by(events: Sequence[Event], seat: Optional[int]) -> list[Event]:
    """``events`` as ``seat`` may hear them: only that seat's own drawn tiles are named
    (``seat=None``: nobody's)."""
    return [e if e.action != "draw" or e.seat == seat else e._replace(tile=None) for e in events]


#: The log's note for each change of a setting: kept in English in the log and the record (a
#: record reads the same in any language), said in the table's language when shown.
_SETTING_TEXTS = {
    ("undo", "off"): N_("Undo turned off."), ("undo", "last"): N_("Undo of the last move turned on."),
    ("undo", "free"): N_("Undo turned on."),
    ("open_hands", True): N_("Open hands turned on."), ("open_hands", False): N_("Open hands turned off."),
    ("hints", True): N_("Hints turned on."), ("hints", False): N_("Hints turned off."),
}


def _setting_text(name: str, value: Any) -> str:
    return _SETTING_TEXTS[(name, value if name == "undo" else bool(value))]
