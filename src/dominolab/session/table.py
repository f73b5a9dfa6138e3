"""The table itself: its seats, the match and the hand in play, its settings, the one
method through which the game changes (``_changed``) and the snapshot it shows.

The table holds its other jobs as parts, each an object with its own state that the table
calls: the undo policy (``_undo``, :mod:`.undo`), the coach (``_coach``, :mod:`.coach`), the
hint (``_hints``, :mod:`.hint`), the threads (``_threads``, :mod:`.threads`) and autosave
(``_persist``, :mod:`.persist`, where the record is written and read).  The intents a view
sends (:mod:`.intents`) are the table's own methods, kept in their own module: they dispatch
to the game and to the parts.

What kind of game the table runs is its *mode* (:mod:`.modes`), given to the constructor:
an ordinary match (:class:`~.modes.MatchMode`, the default) or a classroom tournament
(:class:`~.tournament.TournamentMode`).  The table asks its mode where deals come from, what
a person's move and "Next hand" do, which settings are fixed and which intents are refused;
it overrides nothing for a mode.

A table speaks one language (``language``: "en", "es"; by default the kernel's,
:func:`dominolab.set_language`, when the table is made).  Every text it builds, in its
intents, its snapshots, the callbacks it calls and the threads it starts, is built inside
that language's block (:meth:`TableSession.speaking`), so two tables in one kernel can speak
two languages.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional, Union

from ..i18n import _, pgettext
from ..i18n import language as _language
from ..match import Match
from ..moves import IllegalMoveError
from ..playout import derive_seed
from ..round import Round
from ..rules import Rules
from ..validate import check_int, check_seed, excerpt
from . import intents
from .analysis import Analyst
from .coach import Coach, _ReviewRun
from .hint import Hints
from .modes import MatchMode, TableMode
from .persist import Persistence, _Restored, table_fingerprint, table_from_record, table_record
from .seats import _check_names, _kind_of, _make_player, _Person, _seat_specs, seat_names
from .state import HUMAN, CoachState, LogNote, Settings, TableState, _setting_text
from .threads import Threads, _Job
from .undo import Undo


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
    ``pace``, ``scale``.  ``background`` lets the computer players, the hint and the review
    think in threads (where threads can start) so that a slow search does not hold up the
    caller, and a hint can be cancelled while it thinks.  ``autosave`` is a
    folder: once a view has said who it is (``hello``) and a person has moved, the match is
    saved there after every change, and a new table with the same settings, opened from the
    same browser, offers to carry on with an unfinished one.  ``mode`` is what kind of game
    the table runs (:mod:`dominolab.session.modes`; ``None``: an ordinary match).
    ``language`` is the language of every text at the table ("en", "es"; ``None``: the
    kernel's at this moment); an unknown one raises :class:`~dominolab.UnknownLanguageError`.
    """

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
        mode: Optional[TableMode] = None,
        language: Optional[str] = None,
    ) -> None:
        self._language = table_language(language)  # first: an unknown language builds nothing
        # In the table's language: every error about the arguments, the default names ("You", "North")
        with self.speaking():
            rules = Rules.coerce(rules)
            specs = _seat_specs(rules, players, opponents, seats)
            count = len(specs)
            rules.hand_size(count)
            if rules.partnerships and count != 4:
                raise ValueError(_("partnership rules need 4 players, got {count}").format(count=count))
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
        self._mode: TableMode = MatchMode() if mode is None else mode
        self._lock = threading.RLock()
        #: Called at named points of the thinker and of intents ("job-start", "job-chosen",
        #: "job-applied", "intent-applied", "review-progress", "review-done", "hint-start",
        #: "hint-done", "hint-cancelled"): tests inject delays here to probe races.
        self._test_hook: Optional[Callable[[str], None]] = None
        self._threads = Threads(self._lock, background, self._apply_job, self._hook, self._language)
        self._version = 0
        self._seq = 0
        self._ack: Optional[str] = None
        self._message: Optional[tuple[str, str]] = None
        self._ai_ms: list[float] = []  # the computer players' thinking times
        self._listeners: list[Callable[[TableState], None]] = []
        self._quiet = 0
        self._notes: list[LogNote] = []
        self._undo = Undo()
        self._viewer: Optional[int] = None
        self._persist = Persistence(None if autosave is None else Path(autosave))
        self._coach = Coach(self._lock, self._emit, self._hook, self._tell)
        self._hints = Hints(self._lock, self._emit, self._hook, self._tell)
        self.actions: dict[str, Callable[[dict], Optional[str]]] = {
            "play": self._act_move, "draw": self._act_move, "pass": self._act_move,
            "undo": self._act_undo, "hint": self._act_hint, "cancel_hint": self._act_cancel_hint,
            "next_hand": self._act_next_hand,
            "new_match": self._act_new_match, "reveal": self._act_reveal,
            "resume": self._act_resume, "discard": self._act_discard,
            "review": self._act_review, "review_step": self._coach.act_review_step,
            "coach_close": self._coach.act_coach_close,
            "puzzle_answer": self._coach.act_puzzle_answer, "puzzle_next": self._coach.act_puzzle_next,
            "puzzle_solution": self._coach.act_puzzle_solution, "puzzle_hint": self._coach.act_puzzle_hint,
        }
        self._analysis = Analyst(self._lock, self._emit, self._tell,
                                 lambda worker, run: self._threads.start(worker, run, "dominolab-analysis"))
        self.actions.update(self._analysis.actions, analysis_open=self._act_analysis_open)
        self._match_number = 1
        self._match = self._new_match_object(1)
        self._round = self._deal_next(self._match)
        with self._lock:
            self._changed(new_hand=True)
        self._drain()

    # ------------------------------------------------------------------ the intents (see .intents)
    handle_intent = intents.handle_intent
    act = intents.act
    act_move = intents.act_move
    ask_hint = intents.ask_hint
    _apply = intents._apply
    _read_move = intents._read_move
    _act_hello = intents._act_hello
    _act_move = intents._act_move
    _act_hint = intents._act_hint
    _act_cancel_hint = intents._act_cancel_hint
    _act_undo = intents._act_undo
    _act_next_hand = intents._act_next_hand
    _act_new_match = intents._act_new_match
    _act_reveal = intents._act_reveal
    _act_resume = intents._act_resume
    _act_discard = intents._act_discard
    _act_review = intents._act_review
    _act_analysis_open = intents._act_analysis_open

    # ------------------------------------------------------------------ the table's language
    @property
    def language(self) -> str:
        """The language of every text at this table ("en", "es"), fixed when it is made."""
        return self._language

    @contextmanager
    def speaking(self) -> Iterator[str]:
        """A block in the table's language: the table's intents, snapshots, callbacks and
        threads build their texts inside it (a language block does not follow into a thread)."""
        with _language(self._language) as code:
            yield code

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
            return self._mode.match(self)

    @property
    def locked(self) -> frozenset[str]:
        """Settings this table's mode fixes: changing one raises (a tournament fixes undo,
        hints and open hands)."""
        return self._mode.locked

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
        """The table at this moment, consistent (taken under the lock), in the table's language."""
        with self._lock, self.speaking():
            return self._state()

    def subscribe(self, listener: Callable[[TableState], None]) -> None:
        """Call ``listener(state)`` after every change (with the lock held, in order)."""
        self._listeners.append(listener)

    @property
    def mode(self) -> TableMode:
        """What kind of game the table runs (:mod:`dominolab.session.modes`)."""
        return self._mode

    if not TYPE_CHECKING:  # mypy reads a mode's additions through ``mode``
        def __getattr__(self, name: str) -> Any:
            """What the table's mode adds to its reads (a tournament table's ``entry``, …)."""
            mode = self.__dict__.get("_mode")
            if mode is None or name.startswith("_") or name not in mode.reads:
                raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
            return mode.read(self, name)

        def __dir__(self) -> list[str]:
            return sorted({*super().__dir__(), *self._mode.reads})

    # ------------------------------------------------------------------ the coach
    @property
    def coach(self) -> Optional[CoachState]:
        """The review or puzzle on screen (``None``: the table itself)."""
        with self._lock, self.speaking():
            return self._coach.state()

    def start_puzzles(self, puzzle_or_id: Any = None, grade: Optional[str] = None,
                      seed: Optional[int] = None) -> None:
        """Show puzzles on this table (see :mod:`dominolab.puzzles`): ``puzzle_or_id`` one
        puzzle (or its id), else the shipped puzzles of ``grade`` (all grades when None) in
        an order shuffled by ``seed``.  Answers are judged by the puzzle and change nothing
        at the table; "Next puzzle" moves on and Close returns to the game."""
        with self.speaking():  # a bad argument's error, in the table's language
            self._coach.start_puzzles(puzzle_or_id, grade, seed, coaching=self._mode.coaching)

    def wait_review(self, timeout: Optional[float] = 60.0) -> bool:
        """Block until no review is being valued; True if so."""
        with self.speaking():  # where no thread reviews, the review is valued here
            self._coach.review_here()
        return self._coach.wait(timeout)

    # ------------------------------------------------------------------ the analysis board
    def open_analysis(self, board: Any) -> None:
        """Show ``board`` (a :class:`~dominolab.analysis.AnalysisBoard`, copied) over the table:
        see :mod:`dominolab.session.analysis`; ``analysis_close`` returns to the table."""
        with self._lock:
            self._analysis.show(board)
            self._emit()

    @property
    def analysis(self) -> Any:
        """A copy of the analysis board on screen (an AnalysisBoard), or None."""
        with self._lock:
            return self._analysis.copy()

    # ------------------------------------------------------------------ the threads
    def wait(self, timeout: Optional[float] = 60.0) -> bool:
        """Block until no computer player is to move (or one has failed); True if so."""
        self._drain()
        return self._threads.wait(timeout)

    def close(self) -> None:
        """Stop the thinker thread and give up the autosave file (the table cannot go on)."""
        with self._lock:
            self._threads.close()
            self._coach.end()
            self._hints.drop()
            self._persist.release_key()

    def _drain(self) -> None:
        """Show what the mode has still to show; then, without a thinker thread, run the
        computer players' jobs here, one after another (in the table's language)."""
        with self.speaking():
            self._mode.show_pending(self)
            self._threads.drain()

    def _next_job(self) -> Optional[_Job]:
        """The job of the computer player to move, or None (lock held)."""
        r = self._round
        if not self._mode.thinks or r.is_over or r.turn in self.humans:
            return None
        seat = r.turn
        return _Job(self._version, seat, r.view(seat), self._seats[seat], self._decision_seed(seat, r))

    def _apply_job(self, job: _Job, move: Any, failed: Optional[Exception], took: float) -> bool:
        """Apply the move a computer player chose for ``job`` (lock held, the job still the
        thinker's); False, with the table's message saying why, if the player failed."""
        error = None if failed is None else _("{name}'s player failed: {error}").format(name=self.names[job.seat],
                                                                                          error=repr(failed))
        r = self._round
        if error is None:
            try:
                r.play(move, seat=job.seat)
            except (IllegalMoveError, ValueError) as exc:
                reason = exc.explain(self.names) if isinstance(exc, IllegalMoveError) else str(exc)
                error = _("{name}'s player chose {move}, which is not allowed: {reason}").format(
                    name=self.names[job.seat], move=excerpt(move), reason=reason)
        if error is not None:
            self._threads.fail(error)
            self._message = ("error", error)
            self._emit()
            return False
        self._ai_ms = [*self._ai_ms[-499:], took]
        self._changed()
        return True

    def _hook(self, point: str) -> None:
        hook = self._test_hook
        if hook is not None:
            hook(point)

    # ------------------------------------------------------------------ records and autosave
    def record(self) -> dict:
        """The table as JSON-safe data: seats, settings, the match (every hand), the hand in
        play, and the log of undos and setting changes.  :meth:`from_record` carries on."""
        with self._lock:
            return self._mode.record(self)

    def _install(self, restored: _Restored) -> None:
        """Carry on from a record (lock held)."""
        self._match, self._round = restored.match, restored.round
        self._match_number = restored.match_number
        self._notes = list(restored.notes)
        self._changed(new_hand=True, moved=False)
        self._undo.floor = restored.undo_floor

    def _started(self) -> bool:
        """True once the match has a finished hand or a person has moved."""
        return bool(self._match.rounds) or any(e.seat in self.humans for e in self._round.history)

    def _autosave(self) -> None:
        """Save the match (lock held) once a browser has said who it is and a person has moved."""
        trouble = self._persist.autosave(self._started, lambda: table_fingerprint(self), lambda: table_record(self))
        if trouble is not None:
            self._message = ("error", trouble)

    def _look_for_saved_match(self) -> None:
        """After ``hello``: offer an unfinished match saved by this browser with these settings."""
        if self._persist.look_for_saved_match(self._started, lambda: table_fingerprint(self), self.names,
                                              self.rules.seating(self.players)):
            self._changed(moved=False)

    # ------------------------------------------------------------------ settings
    def configure(self, **changes: Any) -> None:
        """Change settings (see :class:`Settings`).  A change to ``open_hands``, ``hints`` or
        ``undo`` is written in the log, since it changes what a player may learn.  A bad
        change raises ValueError, in the table's language."""
        with self.speaking():
            self._configure(changes)

    def _configure(self, changes: dict[str, Any]) -> None:
        unknown = set(changes) - set(Settings.__dataclass_fields__)
        if unknown:
            raise ValueError(_("unknown setting {given}; the settings are {settings}").format(
                given=repr(sorted(unknown)[0]), settings=", ".join(Settings.__dataclass_fields__)))
        with self._lock:
            fixed = [name for name, value in changes.items()
                     if name in self.locked and value != getattr(self.settings, name)]
            if fixed:
                raise ValueError(_("{setting} is fixed at this table").format(setting=fixed[0]))
            new = replace(self.settings, **changes)
            if new == self.settings:
                return
            old, self.settings = self.settings, new
            for name in Settings.POLICY:
                if getattr(old, name) != getattr(new, name):
                    self._note("setting", text=_setting_text(name, getattr(new, name)))
            if old.hints != new.hints:
                self._hints.drop()
            self._emit()

    @classmethod
    def from_record(cls, data: Any, seats: Optional[Sequence[Any]] = None, **options: Any) -> TableSession:
        """A table that carries on from :meth:`record` data, every hand replayed and checked.

        ``seats`` replaces the recorded seats (needed for player objects, which a record names
        but cannot hold).  ``options`` are settings and constructor keywords (``background``,
        ``autosave``).  A finished match loads too: it shows its last hand, ready for a new match."""
        return table_from_record(cls, data, seats, options)

    # ------------------------------------------------------------------ the game's one owner
    def _changed(self, *, new_hand: bool = False, moved: bool = True) -> None:
        """The game changed (lock held): new version; a finished hand goes into the match;
        decide whose tiles show and who is to move, and give a computer player its job."""
        self._mode.sync(self)
        self._version += 1
        self._hints.drop()  # a hint is about the position shown: a search under way stops
        self._threads.failure = None  # a player that failed is asked again after any change
        r = self._round
        if new_hand:
            self._undo.floor = 0
            if isinstance(self._coach.run, _ReviewRun):
                self._coach.end()  # a review is of the hand just played: a new hand ends it
        if r.is_over and not self._round_in_match():
            self._match.record_round(r)
        self._update_viewer(new_hand)
        self._threads.schedule(self._next_job())
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

    def _decision_seed(self, seat: int, r: Round) -> Optional[int]:
        """The seed a computer player's decision starts from: the match's seed, the hand and
        the move number, so that a table loaded from its record plays on exactly the same."""
        return derive_seed(self._match.seed, len(self._match.rounds), seat + 1, len(r.history))

    # ------------------------------------------------------------------ deals and matches (the mode's)
    def _new_match_object(self, number: int) -> Match:
        return self._mode.new_match(self, number)

    def _deal_next(self, match: Match) -> Round:
        """The next hand of ``match``, as the mode deals it."""
        return self._mode.deal(self, match)

    def _round_in_match(self) -> bool:
        return any(r is self._round for r in self._match.rounds)

    # ------------------------------------------------------------------ the state, and the log
    def _emit(self) -> None:
        if not self._listeners or self._quiet:
            return
        with self.speaking():  # the state and whatever the listeners build from it
            state = self._state()
            for listener in list(self._listeners):
                listener(state)

    def _state(self) -> TableState:
        self._seq += 1
        r = self._round
        match = self._match
        reason, mark = self._undo.check(self.settings.undo, r, self.humans, self._viewer)
        lead = None
        for e in r.history:
            if e.action == "play":
                lead = e.tile if e.ends is None else None
                break
        if lead is None and r.start.line:
            lead = r.start.line[0]
        in_progress = not match.is_over and self._started()
        job = self._threads.job
        thinking = job.seat if job is not None else None
        hint = self._hints.shown
        return self._mode.state(self, TableState(
            rules=self.rules, names=self.names, humans=self.humans, viewer=self._viewer,
            screen=self._screen(), round=r.copy(), lead_tile=lead, match_number=self._match_number,
            hand_number=self.hand_number, target=match.target, scores=tuple(match.scores),
            hand_points=tuple(tuple(done.result.points) for done in match.rounds),  # type: ignore[union-attr]
            match_over=match.is_over, winner=match.winner, in_progress=in_progress,
            settings=self.settings, thinking=thinking, version=self._version, seq=self._seq, ack=self._ack,
            message=self._message, hint=None if hint is None else (hint.move, hint.text),
            hint_marks=True if hint is None else hint.marks, hint_why="" if hint is None else hint.why,
            hinting=self._hints.thinking,
            undo_available=mark is not None, undo_reason=reason,
            notes=tuple(n for n in self._notes if n.hand == self.hand_number),
            undos=sum(1 for n in self._notes if n.kind == "undo"),
            offer=None if self._persist.offer is None else self._persist.offer.text,
            saving=self._persist.saving,
            ai_ms=tuple(self._ai_ms[-(self.players - 1):]),
            coach=self._coach.state(),
            can_review=self._coach.refusal(self._mode.coaching, r.is_over) is None,
            analysis=self._analysis.state(), language=self._language,
        ))

    def _note(self, kind: str, *, seat: Optional[int] = None, turns: tuple[str, ...] = (), text: str = "",
              at: Optional[int] = None) -> None:
        r = self._round
        self._notes.append(LogNote(kind, self.hand_number, len(r.history) if at is None else at, seat, turns, text))

    def _whose_turn_sentence(self) -> str:
        r = self._round
        if r.is_over:
            return _("The hand is over.")
        seat = r.turn
        name = self.names[seat]
        if seat in self.humans:
            if self._viewer == seat:
                you = name in ("You", pgettext("seat", "You"))  # the default name of the one person
                return _("It is your turn.") if you else _("It is {name}'s turn.").format(name=name)
            return _("It is {name}'s turn: pass the screen to {name}.").format(name=name)
        job = self._threads.job
        thinking = job is not None and job.seat == seat
        return (_("Wait: {name} is thinking.") if thinking else _("Wait: {name} is to play.")).format(name=name)

    def _tell(self, kind: str, text: str) -> None:
        """Set the message the table shows (lock held; the next snapshot carries it)."""
        self._message = (kind, text)


def table_language(code: Optional[str]) -> str:
    """The language a table is made in: ``code`` checked ("en", "es"), or ``None`` for the
    language of this moment (the kernel's, :func:`dominolab.set_language`).  An unknown code
    raises :class:`~dominolab.UnknownLanguageError`, which lists the languages there are."""
    with _language(code) as checked:
        return checked
