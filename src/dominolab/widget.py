"""The play table in Jupyter: a thin anywidget around a :class:`~dominolab.session.TableSession`.

Python holds the game.  The browser (``domino_widget/src/widget.js``) draws one JSON
``snapshot`` (made by :func:`dominolab.presenter.present`) and sends *intents* (play a tile at
an end, draw, pass, undo, hint, next hand, new match) as messages; the session checks each one
against the position it was made for and applies it through the engine.  The browser never
writes the widget's state: a write from a view is undone at once.

The settings are traitlets (``open_hands``, ``hints``, ``undo``, ``highlight_playable``,
``pace``, ``scale``), so a teacher can change them live or link them to other widgets.

One table, one language: ``DominoTable(..., language="es")`` builds every text at that table
in Spanish (by default, the kernel's language when it is made: ``dl.set_language``), so
tables in two languages can sit side by side in one notebook.

A classroom tournament: ``DominoTable.tournament(code, name="Ana")`` is a student's table
(undo and hints off, the result saved and offered as a download at the end), and
:class:`ResultsUpload` is the teacher's upload box that ranks the result files.

>>> from dominolab.widget import DominoTable
>>> table = DominoTable("standard", players=2, opponents="greedy", seed=1)
>>> table.move(table.round.legal_moves()[0])   # the teacher's API: the same path as a click
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Optional, Union
from urllib.parse import quote

import anywidget
import ipywidgets
import traitlets

from .i18n import _
from .i18n import language as _language
from .moves import Move
from .players import player_name
from .presenter import present
from .round import Round
from .rules import Rules
from .session import (
    HUMAN,
    TABLE_FORMAT,
    UNDO_POLICIES,
    IntentError,
    Settings,
    TableSession,
    TournamentSession,
    seat_names,
)
from .session.table import table_language
from .session.tournament import TournamentMode
from .table_words import words as table_words
from .tiles import Tile
from .tournament import Leaderboard, Tournament
from .validate import excerpt

__all__ = ["HUMAN", "TABLE_FORMAT", "DominoTable", "IntentError", "ResultsUpload", "frontend_file", "seat_names"]

#: Where the front end's source lives in a checkout (an editable install reads it from here).
SOURCE = Path(__file__).resolve().parents[2] / "domino_widget" / "src"
#: Where a built wheel puts it (``force-include`` in pyproject.toml).
PACKAGED = Path(__file__).resolve().parent / "static"


def frontend_file(name: str) -> Path:
    """The front end's ``name`` (``widget.js``, ``widget.css``): from the installed package,
    or from the checkout's ``domino_widget/src/`` in an editable install."""
    for folder in (PACKAGED, SOURCE):
        path = folder / name
        if path.is_file():
            return path
    raise FileNotFoundError(f"the play table's {name} is neither in {PACKAGED} nor in {SOURCE}")


def _in_kernel() -> bool:
    """True when running inside a Jupyter kernel (threads and autosave help there)."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


class DominoTable(anywidget.AnyWidget):
    """Play Draw Dominoes in a notebook against the engine's computer players.

    ``rules`` is a :class:`~dominolab.Rules` or a preset name, ``players`` 2 to 4 seats,
    ``opponents`` a kind from ``dl.players.OPPONENTS`` ("random", "greedy", "strategy",
    "search"), a player object, or one per opponent seat; you sit in seat 0.  Or give
    ``seats``, one entry per seat ("human", a kind, a player), for people sharing a screen:
    the table then shows only the hand of the person to play, behind a "pass the screen"
    page.  ``names`` names the seats; ``seed`` makes the deals and the computer players
    repeatable; ``target`` overrides the match target.

    Teaching mode: ``open_hands`` shows the computer players' tiles, ``hints`` adds a hint
    (move and reason) and the numbers each opponent is known to lack.  ``undo`` is "off",
    "last" or "free" (default: "free" in teaching mode, else "off"; :meth:`take_back` and the
    Undo button use it); draws are never taken back.  ``highlight_playable``, ``pace``
    (seconds each computer move stays on screen) and ``scale`` (1.5 for a projector) change
    the look.  ``background`` lets the computer
    players think in a thread (default: on inside a kernel).  ``autosave`` (default: on inside
    a kernel, in ``.dominolab/autosave/``; or a folder; False for off) keeps the match on disk,
    so after a kernel restart the re-run cell offers to carry on.  ``language`` ("en", "es";
    default: the kernel's, ``dl.set_language``) is the language of every text at this table;
    an unknown one raises ``dl.UnknownLanguageError`` before anything is built.

    The coach: when a hand ends, "Review this hand" (or :meth:`review_hand`) values each of
    your decisions with :func:`dominolab.review` in the background and steps through them on
    the table; :meth:`puzzle` opens a table on ``dl.puzzles`` positions; :meth:`analysis`
    opens the analysis board (a hand as one seat saw it, pasted as text or set up by
    clicking, every move valued), which a review's decision and an answered puzzle open too
    ("Open in analysis").  All are off in tournament mode.
    """

    _esm = frontend_file("widget.js")
    _css = frontend_file("widget.css")

    #: The viewer's table as JSON, everything the browser draws.  Only Python writes it.
    snapshot = traitlets.Dict().tag(sync=True)
    #: The front end's fixed labels in the table's language: each English label and its text
    #: (:func:`dominolab.table_words.words`).  Only Python writes it.
    words = traitlets.Dict().tag(sync=True)
    #: Show the computer players' tiles face up (teaching mode).
    open_hands = traitlets.Bool(False)
    #: Offer the hint and the known-voids overlay (teaching mode).
    hints = traitlets.Bool(False)
    #: Undo: "off", "last" (your last move only) or "free" (as far back in the hand as you like).
    undo = traitlets.Enum(UNDO_POLICIES, default_value="off")
    #: Mark the tiles in your hand that fit an end.
    highlight_playable = traitlets.Bool(True)
    #: Seconds each computer move stays on screen before the next (0 to 10).
    pace = traitlets.Float(0.6)
    #: Size of the table: 1 is normal, 1.5 suits a projector (0.5 to 3).
    scale = traitlets.Float(1.0)
    #: The projector's layout: the log beside the line instead of under the table, so a large
    #: table fits a screen (``notebooks/projector.ipynb``).  Only how the browser lays it out.
    projector = traitlets.Bool(False).tag(sync=True)

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
        background: Optional[bool] = None,
        autosave: Union[bool, str, Path, None] = True,
        language: Optional[str] = None,
        _session: Optional[TableSession] = None,
    ) -> None:
        if _session is not None and language is not None:
            raise ValueError("give the language to the session the table wraps, not to the table")
        code = table_language(language) if _session is None else _session.language  # before anything is built
        super().__init__()
        in_kernel = _in_kernel()
        if _session is None:
            if autosave is True:
                folder: Optional[Path] = Path.cwd() / ".dominolab" / "autosave" if in_kernel else None
            elif autosave is False or autosave is None:
                folder = None
            else:
                folder = Path(autosave)
            _session = TableSession(
                rules, players, opponents, seed, target, open_hands, hints, seats=seats, names=names,
                undo=undo, highlight_playable=highlight_playable, pace=pace, scale=scale,
                background=in_kernel if background is None else bool(background), autosave=folder,
                language=code)
        self._session = _session
        settings = _session.settings
        with self.hold_trait_notifications():
            self.open_hands = settings.open_hands
            self.hints = settings.hints
            self.undo = settings.undo
            self.highlight_playable = settings.highlight_playable
            self.pace = settings.pace
            self.scale = settings.scale
        self.observe(self._setting_changed, names=["open_hands", "hints", "undo", "highlight_playable", "pace",
                                                    "scale"])
        _session.subscribe(self._publish)
        self.on_msg(self._on_msg)
        self.words = table_words(getattr(self, "language", None))
        self.snapshot = present(_session.state())

    # ------------------------------------------------------------------ settings
    @traitlets.validate("pace")
    def _valid_pace(self, proposal: Any) -> float:
        with _language(self.language):
            Settings(pace=proposal["value"])  # raises ValueError with the reason, in the table's language
        return proposal["value"]

    @traitlets.validate("scale")
    def _valid_scale(self, proposal: Any) -> float:
        with _language(self.language):
            Settings(scale=proposal["value"])
        return proposal["value"]

    def _setting_changed(self, change: Any) -> None:
        try:
            self._session.configure(**{change["name"]: change["new"]})
        except ValueError:
            self.set_trait(change["name"], change["old"])
            raise

    # ------------------------------------------------------------------ the browser
    def _publish(self, state: Any) -> None:
        self.snapshot = present(state)

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        self._session.handle_intent(content)

    def set_state(self, sync_data: dict) -> None:
        """The browser never writes the table's state (it sends intents): a write from a view,
        a stale one or a console, is undone by sending the true snapshot back."""
        self.send_state("snapshot")

    # ------------------------------------------------------------------ the game, for teachers
    @property
    def language(self) -> str:
        """The language of every text at this table ("en", "es"), fixed when it was made."""
        return self._session.language

    @property
    def session(self) -> TableSession:
        """The table's game, without Jupyter (see :class:`~dominolab.session.TableSession`)."""
        return self._session

    @property
    def rules(self) -> Rules:
        return self._session.rules

    @property
    def players(self) -> int:
        return self._session.players

    @property
    def names(self) -> tuple[str, ...]:
        return self._session.names

    @property
    def seed(self) -> Optional[int]:
        return self._session.seed

    @property
    def round(self) -> Round:
        """A copy of the hand in play (changing it changes nothing at the table)."""
        return self._session.round

    @property
    def match(self) -> Any:
        """A copy of the match so far: its hands, scores and winner."""
        return self._session.match

    @property
    def version(self) -> int:
        """Changes with every change to the game; intents must quote it."""
        return self._session.version

    @property
    def message(self) -> Optional[str]:
        """The message the table shows (why the last intent was refused, and the like)."""
        return self._session.message

    def handle_intent(self, intent: Any) -> dict:
        """Check and carry out one intent, as a click sends it (see :class:`TableSession`)."""
        return self._session.handle_intent(intent)

    def play(self, tile: Union[Tile, str], end: Optional[str] = None) -> None:
        """Play ``tile`` at ``end`` ("left" or "right"; optional unless it fits both ends
        differently).  Raises :class:`IntentError` for a move the rules refuse."""
        with self._session.speaking():  # a tile that cannot be read is said in the table's language
            text = str(Tile.coerce(tile))
        self._session.act("play", tile=text, end=end)

    def move(self, move: Union[Move, str]) -> None:
        """Make a move for the person to play: a ``Play``/``Draw``/``Pass`` or text such as
        "6-4 left", "draw", "pass" (so ``table.move(table.round.legal_moves()[0])`` works)."""
        self._session.act_move(move)

    def draw(self) -> None:
        """Draw a tile from the boneyard."""
        self._session.act("draw")

    def pass_(self) -> None:
        """Pass (only when you may neither play nor draw)."""
        self._session.act("pass")

    def take_back(self) -> None:
        """Undo: take back your last move and what the others did after it (never a draw;
        allowed by the ``undo`` setting)."""
        self._session.act("undo")

    def next_hand(self) -> None:
        """Deal the next hand of the match once this one is over."""
        self._session.act("next_hand")

    def next_round(self) -> None:
        """Deprecated name of :meth:`next_hand`."""
        warnings.warn("DominoTable.next_round() is now next_hand()", DeprecationWarning, stacklevel=2)
        self.next_hand()

    def new_match(self) -> None:
        """Start a new match (new deal, scores back to zero)."""
        self._session.act("new_match")

    def hint(self) -> tuple[Move, str]:
        """The suggested move for the person to play, with its reason (needs ``hints=True``)."""
        return self._session.ask_hint()

    def wait(self, timeout: Optional[float] = 60.0) -> bool:
        """Block until no computer player is thinking; True if so."""
        return self._session.wait(timeout)

    def record(self) -> dict:
        """The table as JSON-safe data: seats, settings, every hand, the log of undos."""
        return self._session.record()

    @classmethod
    def from_record(cls, data: dict, seats: Optional[Sequence[Any]] = None, **options: Any) -> DominoTable:
        """A table that carries on from :meth:`record` data (a finished match loads too);
        ``seats`` for player objects, ``options`` as in the constructor (``language`` too)."""
        options["language"] = table_language(options.get("language"))
        in_kernel = _in_kernel()
        options.setdefault("background", in_kernel)
        options.pop("autosave", None)
        session = TableSession.from_record(data, seats=seats, **options)
        return cls(_session=session)

    @classmethod
    def tournament(
        cls,
        source: Union[str, Path, dict, Tournament],
        name: Optional[str] = None,
        folder: Union[str, Path, None] = ".",
        *,
        pace: float = 0.6,
        scale: float = 1.0,
        highlight_playable: bool = True,
        background: Optional[bool] = None,
        carry_on: Optional[bool] = None,
        language: Optional[str] = None,
        hub: Optional[bool] = None,
    ) -> DominoTable:
        """A table in tournament mode: ``name`` plays the tournament ``source`` (its file, its
        code, or the :class:`~dominolab.tournament.Tournament`) hand by hand, against its
        opponents, with undo and hints off.  After the last hand the result file is written
        into ``folder`` (``None``: not written) and the table offers it as a download.  The
        student's moves are kept in ``folder`` as they go, so after a kernel restart the same
        call carries on where the student was (``carry_on``: see :meth:`Tournament.entry`).
        ``language``: as in the constructor (the student's errors about the name in it too).

        On a JupyterHub whose class service is set up (docs/teachers/hub.md), ``source`` is the
        key the teacher gives (``dl-7F3K-9Q2X``): the service referees the game, the student is
        who the hub says (``name`` and ``folder`` are not needed), and a kernel restart, a second
        notebook or a restart of the service carries on the same game at the same move.  Off a
        hub nothing is sent.  ``hub``: True or False to choose; None: on a hub for a key."""
        from .hub.client import HubEntry, on_hub

        use_hub = hub if hub is not None else (on_hub() and isinstance(source, str) and source.strip().lower()
                                               .startswith("dl-"))
        if use_hub:
            with _language(table_language(language)):
                game = HubEntry.join(str(source))  # raises HubError with the service's words
                in_kernel = _in_kernel()
                session = TournamentSession(game, save_to=None, pace=pace, scale=scale,
                                            highlight_playable=highlight_playable,
                                            background=in_kernel if background is None else bool(background))
            return cls(_session=session)
        if name is None:
            raise TypeError(_("a tournament table needs the student's name off a hub, e.g. name=\"Ana\""))
        with _language(table_language(language)):  # the tournament's table takes this language
            t = Tournament.load(source)
            entry = t.entry(name, folder, carry_on=carry_on)  # raises TournamentError naming what is wrong
            in_kernel = _in_kernel()
            session = TournamentSession(entry, save_to=folder, pace=pace, scale=scale,
                                        highlight_playable=highlight_playable,
                                        background=in_kernel if background is None else bool(background))
        return cls(_session=session)

    @classmethod
    def puzzle(
        cls,
        puzzle_or_id: Any = None,
        grade: Optional[str] = None,
        seed: Optional[int] = None,
        *,
        scale: float = 1.0,
        background: Optional[bool] = None,
        language: Optional[str] = None,
    ) -> DominoTable:
        """A table in puzzle mode: the position of a puzzle from ``dl.puzzles`` (one puzzle
        or its id, else the shipped puzzles of ``grade``, shuffled by ``seed``), with the seat
        to move's tiles to click.  A click (and an end, when the tile fits both) answers;
        the table shows the puzzle's verdict and offers "Next puzzle".  Answers change
        nothing in the game; Close leaves the puzzles for an ordinary table (strategy
        opponents, seeded by ``seed``).  Any table can show puzzles too:
        ``table.session.start_puzzles(...)``.  ``language``: as in the constructor."""
        from . import puzzles as _puzzles

        language = table_language(language)
        first = puzzle_or_id if isinstance(puzzle_or_id, _puzzles.Puzzle) else None
        if first is None and isinstance(puzzle_or_id, str):
            try:
                first = _puzzles.get(puzzle_or_id)
            except KeyError:
                with _language(language):
                    message = _("no puzzle named {given}; dl.puzzles.load() lists them").format(
                        given=excerpt(puzzle_or_id, 30))
                raise ValueError(message) from None
        rules, players = (first.rules, first.players) if first is not None else ("standard", 2)
        in_kernel = _in_kernel()
        session = TableSession(rules, players, "strategy", seed, scale=scale,
                               background=in_kernel if background is None else bool(background), language=language)
        try:
            session.start_puzzles(puzzle_or_id, grade=grade, seed=seed)
        except ValueError:
            session.close()
            raise
        return cls(_session=session)

    @classmethod
    def analysis(cls, board: Any = None, *, seed: Optional[int] = None, scale: float = 1.0,
                 background: Optional[bool] = None, language: Optional[str] = None) -> DominoTable:
        """A table in analysis mode: ``board`` (a :class:`~dominolab.AnalysisBoard`, copied;
        ``None``: a hand of standard rules for two, dealt from ``seed``, at its first move)
        on screen to step through, branch, value move by move and copy as text, or a hand
        pasted as text.  Close returns to an ordinary table (strategy opponents).  ``language``:
        as in the constructor."""
        from .analysis import AnalysisBoard

        language = table_language(language)
        if board is None:
            with _language(language):  # the other seat's default name, in the table's language
                board = AnalysisBoard.from_round(Round.deal("standard", 2, seed=seed), 0,
                                                 names=["me", seat_names(2)[1]])
        elif not isinstance(board, AnalysisBoard):
            with _language(language):
                message = _("expected an AnalysisBoard or None, got {given}").format(given=type(board).__name__)
            raise ValueError(message)
        in_kernel = _in_kernel()
        session = TableSession(board.rules, board.players, "strategy", seed, scale=scale,
                               background=in_kernel if background is None else bool(background), language=language)
        session.open_analysis(board)
        return cls(_session=session)

    @property
    def board(self) -> Any:
        """A copy of the analysis board on screen (an :class:`~dominolab.AnalysisBoard`), or None."""
        return self._session.analysis

    def review_hand(self, wait: bool = True) -> Any:
        """Review the hand just played, as the "Review this hand" button does: the search
        values each of your decisions (in the background in a kernel), and the table steps
        through them.  With ``wait``, returns once the review is done.  Returns :attr:`coach`."""
        self._session.act("review")
        if wait:
            self._session.wait_review()
        return self.coach

    @property
    def coach(self) -> Any:
        """The review or puzzle on screen (a :class:`~dominolab.session.CoachState`), or None."""
        return self._session.coach

    def close(self) -> None:
        session = getattr(self, "_session", None)  # None: the constructor refused its arguments
        if session is not None:
            session.close()
        super().close()

    def __repr__(self) -> str:
        s = self._session
        mode = s.mode
        with s.speaking():  # in the table's language: the players' and the rules' names are words
            if isinstance(mode, TournamentMode):
                return _("<DominoTable tournament {id}: {name}>").format(id=mode.entry.tournament.id,
                                                                          name=mode.entry.name)
            # No game state here: in a kernel the computer players may still be moving when this is shown.
            if len(s.humans) == 1:
                others = ", ".join(player_name(s.kinds[seat]) for seat in range(s.players) if seat not in s.humans)
                return _("<DominoTable {rules}, {players} players: you vs {others}>").format(
                    rules=s.rules.said_name, players=s.players, others=others)
            seats = ", ".join(_("{name} ({kind})").format(name=s.names[seat], kind=player_name(s.kinds[seat]))
                              for seat in range(s.players))
            return _("<DominoTable {rules}, {players} players: {seats}>").format(
                rules=s.rules.said_name, players=s.players, seats=seats)


class ResultsUpload(ipywidgets.VBox):  # type: ignore[misc]  # ipywidgets is untyped
    """The teacher's upload box for a tournament's result files (Binder, JupyterLite, or any
    set-up without a shared folder): every file added is checked and the leaderboard below
    is redrawn, each rejected file with its reason.  ``leaderboard`` holds the latest one.

    Any upload is taken: a file that is not a result is listed as rejected and the box
    carries on.  Each file is checked once, by the SHA-256 of its bytes, so adding a file
    replays that file only; ``remove(name)`` (or the Remove button) takes one out.  A file
    is never replaced: one of the same name with other bytes is kept as "name (2)", and the
    box says so.  Results held back (possible copies, two claims for one student, totals far
    above the class) are ranked once the teacher clears the student or the file:
    ``accept(name)``.

    >>> from dominolab.tournament import Tournament
    >>> t = Tournament.create("standard", hands=2, opponents="greedy", seed=5)
    >>> box = ResultsUpload(t)      # then, in code: box.add("Ana.json", data)
    """

    def __init__(self, tournament: Union[str, Path, dict, Tournament]):
        self.tournament = Tournament.load(tournament)
        self._files: dict[str, str] = {}  # file name -> digest of its bytes
        self._checked: dict[str, Any] = {}  # digest -> Checked, or the reason it was refused
        self.accepted: list[str] = []  # students or files the teacher has cleared (see Tournament.leaderboard)
        self.notes: list[str] = []  # what the box tells the teacher about the files added
        self._upload = ipywidgets.FileUpload(accept=".json", multiple=True, description="Add result files")
        self._choice = ipywidgets.Dropdown(options=[], description="File")
        self._remove = ipywidgets.Button(description="Remove file", disabled=True)
        self._remove.on_click(lambda _button: self._remove_chosen())
        self._board = ipywidgets.HTML()
        self._upload.observe(self._uploaded, names="value")
        self.leaderboard: Leaderboard = self.tournament.rank([])
        super().__init__([self._upload, self._board, ipywidgets.HBox([self._choice, self._remove])])
        self._show()

    @property
    def files(self) -> list[str]:
        """The names of the files added so far."""
        return list(self._files)

    def add(self, name: str, content: Union[bytes, bytearray, memoryview, str]) -> Leaderboard:
        """Add one result file (its name and bytes).  A file is never replaced: a second file
        of the same name with other bytes is kept too, as "name (2)", and the box says so.
        Returns the new leaderboard."""
        if not isinstance(name, str) or not name:
            raise ValueError(_("a file needs a name, got {given}").format(given=excerpt(name)))
        self._take(name, content)
        return self._refresh()

    def remove(self, name: str) -> Leaderboard:
        """Take the file ``name`` out (its check is kept, should it come back); returns the
        new leaderboard."""
        if name not in self._files:
            raise ValueError(_("no file named {given} was added; the files are: {files}").format(
                given=excerpt(name), files=", ".join(self._files) or _("none")))
        del self._files[name]
        return self._refresh()

    def accept(self, student: str) -> Leaderboard:
        """Rank ``student``'s result even if it was held back as a possible copy (the
        teacher has looked and cleared it), or, given a file's name, that file's result (the
        one to rank when two results claim one student); returns the new leaderboard."""
        if not isinstance(student, str) or not student.strip():
            raise ValueError(_("accept a student by name, got {given}").format(given=excerpt(student)))
        self.accepted.append(student)
        return self._refresh()

    def _take(self, name: str, content: Any) -> None:
        import hashlib

        from .tournament import MAX_FILE_BYTES

        try:
            data = content.encode("utf-8") if isinstance(content, str) else bytes(content)
        except (TypeError, ValueError, UnicodeError):
            digest = "unreadable:" + name
            self._checked[digest] = "the upload could not be read as bytes"
        else:
            digest = hashlib.sha256(data).hexdigest()
            if digest not in self._checked:
                if len(data) > MAX_FILE_BYTES:
                    self._checked[digest] = (f"the file is too large to be a result ({len(data):,} bytes; "
                                             f"the limit is {MAX_FILE_BYTES:,})")
                else:
                    try:
                        self._checked[digest] = self.tournament.check(data)
                    except ValueError as exc:  # TournamentError: the reason to show
                        self._checked[digest] = str(exc)
        if self._files.get(name) == digest:  # the same file again: nothing changes
            return
        label, n = name, 1
        while label in self._files:
            n += 1
            label = f"{name} ({n})"
        if label != name:
            self.notes.append(f"A second file named {name} was added. Both are kept: the new one is "
                              f"listed as {label}. Remove the one you do not want.")
        self._files[label] = digest

    def _uploaded(self, change: Any) -> None:
        for i, item in enumerate(change["new"] or ()):
            try:
                name = str(item["name"]) or f"upload {i + 1}"
                content = item["content"]
            except (TypeError, KeyError, IndexError):
                name, content = f"upload {i + 1}", None
            self._take(name, content)
        self._refresh()

    def _remove_chosen(self) -> None:
        if self._choice.value in self._files:
            self.remove(self._choice.value)

    def _refresh(self) -> Leaderboard:
        self.leaderboard = self.tournament.rank([(name, self._checked[d]) for name, d in self._files.items()],
                                                accept=self.accepted)
        self._show()
        return self.leaderboard

    def _show(self) -> None:
        count = len(self._files)
        head = (f"<p>{count} file{'' if count == 1 else 's'} added.</p>" if count
                else "<p>No result files yet: add them with the button above.</p>")
        csv = ""
        if self.leaderboard.rows:  # a download, for set-ups whose files live in the browser (JupyterLite)
            href = "data:text/csv;charset=utf-8," + quote(self.leaderboard.to_csv())
            name = f"standings-{self.tournament.id}.csv"
            csv = f'<p><a href="{href}" download="{name}">Download the standings (CSV)</a></p>'
        from html import escape

        notes = "".join(f"<p>{escape(note)}</p>" for note in self.notes)
        self._board.value = head + notes + self.leaderboard._repr_html_() + csv
        self._choice.options = list(self._files)
        self._remove.disabled = not self._files
