"""What the table's modules share: the session's state, declared once, and the methods one
module calls in another.  :class:`TableCore` holds no behaviour; ``TableSession``
(:mod:`.table`) sets these attributes in its constructor and gets each method from the
module that owns it, named in the stub's docstring."""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional, Union

from ..match import Match
from ..moves import Move
from ..review import Review
from ..round import Round
from ..rules import Rules
from .state import LogNote, Settings, TableState

if TYPE_CHECKING:
    from .coach import _PuzzleRun, _ReviewRun
    from .modes import TableMode
    from .persist import _Offer, _Restored
    from .threads import _Job


class TableCore:
    """The attributes and cross-module methods of a table session (see the module's note)."""

    # the game
    settings: Settings
    rules: Rules
    players: int
    humans: tuple[int, ...]
    names: tuple[str, ...]
    seed: Optional[int]
    target: Optional[int]
    actions: dict[str, Callable[[dict], Optional[str]]]
    _kinds: list[str]
    _seats: list[Any]
    _match: Match
    _match_number: int
    _round: Round
    _version: int
    _seq: int
    _viewer: Optional[int]
    _notes: list[LogNote]
    _undo_floor: int
    # what the view is told
    _ack: Optional[str]
    _message: Optional[tuple[str, str]]
    _hint: Optional[tuple[Move, str]]
    _hint_marks: bool
    _hint_why: str
    _listeners: list[Callable[[TableState], None]]
    _quiet: int
    # threads (see .threads)
    _lock: threading.RLock
    _idle: threading.Condition
    _coach_idle: threading.Condition
    _background: bool
    _jobs: queue.SimpleQueue
    _thinker: Optional[threading.Thread]
    _job: Optional[_Job]
    _closed: bool
    _failure: Optional[str]
    _ai_ms: list[float]
    _test_hook: Optional[Callable[[str], None]]
    # the coach (see .coach)
    _coach: Union[_ReviewRun, _PuzzleRun, None]
    _reviewed: Optional[tuple[tuple[int, int, int], Review]]
    # persistence (see .persist)
    _client: Optional[str]
    _offer: Optional[_Offer]
    _autosave_dir: Optional[Path]
    _autosave_key: Optional[str]

    # the mode (see .modes): what kind of game the table runs
    _mode: TableMode

    @property
    def hand_number(self) -> int:
        """In :mod:`.table`."""
        raise NotImplementedError

    # .table
    def _changed(self, *, new_hand: bool = False, moved: bool = True) -> None:
        raise NotImplementedError

    def _emit(self) -> None:
        raise NotImplementedError

    def _note(self, kind: str, *, seat: Optional[int] = None, turns: tuple[str, ...] = (), text: str = "",
              at: Optional[int] = None) -> None:
        raise NotImplementedError

    def _screen(self) -> Optional[int]:
        raise NotImplementedError

    def _whose_turn_sentence(self) -> str:
        raise NotImplementedError

    def _new_match_object(self, number: int) -> Match:
        raise NotImplementedError

    def _deal_next(self, match: Match) -> Round:
        raise NotImplementedError

    def _round_in_match(self) -> bool:
        raise NotImplementedError

    def _decision_seed(self, seat: int, r: Round) -> Optional[int]:
        raise NotImplementedError

    # .undo
    def _undo_check(self, seat: Optional[int]) -> tuple[str, Optional[int]]:
        raise NotImplementedError

    # .coach
    def _review_refusal(self) -> Optional[str]:
        raise NotImplementedError

    def _end_coach(self) -> None:
        raise NotImplementedError

    # .threads
    def _schedule(self) -> None:
        raise NotImplementedError

    def _drain(self) -> None:
        raise NotImplementedError

    def _hook(self, point: str) -> None:
        raise NotImplementedError

    def wait(self, timeout: Optional[float] = 60.0) -> bool:
        raise NotImplementedError

    def _start_reviewer(self, run: _ReviewRun) -> bool:
        raise NotImplementedError

    def _review_here(self) -> None:
        raise NotImplementedError

    # .persist
    def _record(self) -> dict:
        raise NotImplementedError

    def _autosave(self) -> None:
        raise NotImplementedError

    def _install(self, restored: _Restored) -> None:
        raise NotImplementedError

    def _claim_key(self, base: str) -> None:
        raise NotImplementedError

    def _release_key(self) -> None:
        raise NotImplementedError

    def _look_for_saved_match(self) -> None:
        raise NotImplementedError
