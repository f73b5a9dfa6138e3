"""The analysis board: a hand as one seat saw it, to study any decision of it.

An :class:`AnalysisBoard` holds what one player knew at a real table: the rules and the
seats, that player's own tiles (as dealt, and those they drew) and the public turns (the
lead, each play with its end, how many tiles each seat drew, the passes).  Nothing else:
no other hand, no boneyard tile.  Build one from a round played here
(:meth:`AnalysisBoard.from_round`), from a record at any move
(:meth:`AnalysisBoard.from_record`), from a seat's view with the tiles it was dealt and
drew (:meth:`AnalysisBoard.from_view`: a review's decision, a puzzle), or from text a person types after a game
(:meth:`AnalysisBoard.from_text`; the format is :mod:`dominolab.analysis_text`):

>>> import dominolab as dl
>>> board = dl.AnalysisBoard.from_text('''
...     rules: standard
...     seats: me, North
...     my tiles: 6-4 5-5 3-1 2-2 6-0 4-1 1-0
...     North: lead 6-6
...     me: 6-4 right
...     North: draws 2, 4-2 right
... ''')
>>> board.legal_moves()
[Play('6-0', 'left'), Play('2-2', 'right'), Draw()]
>>> print(board.evaluate().says)     # every legal move valued; plain words first
2-2 on the right and 6-0 on the left are about the same: either is fine.

**How it is checked.**  The board never guesses a rule: it looks for a way the hidden tiles
could have lain (the other hands as dealt, and which tile each of their draws gave) under
which every turn is legal, and then replays the whole hand through
:class:`~dominolab.round.Round`, which answers every rule question.  Looking for that
deal is a matching of the hidden tiles to the places they could have been (a hand as
dealt, or one of its seat's draws), where a place is barred to a tile when the seat
showed it lacked one of the tile's numbers while holding it (a pass, or a draw where the
rules forbid drawing while able to play) or when the lead rule rules it out.  No such
deal: the turns cannot have happened, and the error names the first turn that breaks
them.  The position reached is checked by :func:`dominolab.reachable.check` too.  These
checks are :mod:`dominolab.analysis_deal`'s.

**How moves are valued.**  :meth:`AnalysisBoard.evaluate` asks the hint's search
(:class:`~dominolab.players.SearchPlayer` at :data:`~dominolab.players.HINT_LEVEL`, every
move over the same deals) for the analysed seat's decision; when nothing is hidden from
anyone (every hidden tile in one hand, an empty boneyard) it asks
:func:`dominolab.exact.solve` instead, and the values are exact.  With ``face_up=True`` it
also gives each move's value with every hand face up, averaged over every deal that fits
(:mod:`dominolab.exact`): labelled as such, because a player who cannot see the hands
cannot always reach it.

**Moves for any seat.**  :meth:`AnalysisBoard.play` adds a turn for the seat to move: the
analysed seat plays from its tiles (and says which tile it drew: ``"draw 3-3"`` or
``play(Draw(), tile="3-3")``, one of :meth:`~AnalysisBoard.drawable`), another seat plays an
unseen tile, draws or passes, each checked against what is known.  Every move
:meth:`~AnalysisBoard.legal_moves` lists is one :meth:`~AnalysisBoard.play` takes.  :meth:`undo` and
:meth:`redo` step through the hand; a move played where another was played before starts
a variation, kept as a tree (:attr:`AnalysisBoard.variations`), as in a chess game's
notation, and :meth:`to_text` writes them in brackets.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Optional, Union

# The checks of the turns are analysis_deal.py's; the names imported from here before still are.
from .analysis_deal import ALIVE_TRIES as ALIVE_TRIES
from .analysis_deal import LEAD_KEYS as LEAD_KEYS
from .analysis_deal import WHERE as WHERE
from .analysis_deal import DealChecks
from .analysis_deal import _Bad as _Bad
from .analysis_deal import _NoDeal as _NoDeal
from .i18n import NP_, _, ngettext, pgettext
from .moves import DRAW, DRAW_WORDS, Draw, End, Event, IllegalMoveError, Move, Pass, Play
from .round import Round
from .rules import Rules
from .tiles import Tile, TileLike, parse_tiles
from .validate import check_int, check_seat, excerpt
from .view import View
from .words import list_or

__all__ = ["Analysis", "AnalysisBoard", "AnalysisError", "AnalysisTextError", "MoveAnalysis", "Node"]

#: The name of the analysed seat in the board's text and sentences.
ME = "me"
#: What a line may call the analysed seat ("yo" and "tú" in Spanish, read in any language).
ME_ALIASES = ("me", "you", "i", "yo", "tú")


class AnalysisError(ValueError):
    """A move or a position the board cannot take: it names what is wrong.  The board is
    left as it was.  ``field`` names the header line of the text a wrong value came from
    ("my tiles", "match", "seats"), when it came from one."""

    field: Optional[str] = None


def _field_error(field: str, message: str) -> AnalysisError:
    """An :class:`AnalysisError` about the value of a header line (``field``)."""
    error = AnalysisError(message)
    error.field = field
    return error


class AnalysisTextError(AnalysisError):
    """Text that does not describe a hand: ``line`` is the number of the first line that is
    wrong (1 for the first line of the text) and ``problem`` what is wrong with it."""

    def __init__(self, line: int, problem: str):
        super().__init__(_("line {line}: {problem}").format(line=line, problem=problem))
        self.line = line
        self.problem = problem

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.line, self.problem))


#: Each verdict in words (translated when said: :attr:`MoveAnalysis.verdict_words`).
_VERDICT_WORDS = {"best": NP_("verdict", "best"), "about as good": NP_("verdict", "about as good as the best"),
                  "worse": NP_("verdict", "worse")}


# ---------------------------------------------------------------------------- the tree
class Node:
    """One public event of the hand (``event``; ``None`` at the start), with the events
    that were played after it: ``variations[0]`` is the main line, the others
    alternatives (as python-chess's ``GameNode.variations``).  ``line`` is the number of the
    text line it was read from, when it was read from text."""

    __slots__ = ("_after", "_next", "_solved", "depth", "event", "line", "parent", "variations")

    def __init__(self, parent: Optional[Node], event: Optional[Event], line: Optional[int] = None):
        self.parent = parent
        self.event = event
        self.variations: list[Node] = []
        self.line = line
        self._next: Optional[Node] = None  # the child redo() goes to
        self._solved: Optional[Round] = None
        #: How many events lead here from the start.
        self.depth: int = 0 if parent is None else parent.depth + 1
        if event is None:
            self._after: Optional[tuple[int, int]] = None
        elif event.action == "play":
            tile = event.tile
            assert tile is not None  # a play names its tile
            if event.ends is None:
                self._after = (tile.high, tile.low)
            elif event.end == "left":
                self._after = (tile.other(event.ends[0]), event.ends[1])
            else:
                self._after = (event.ends[0], tile.other(event.ends[1]))
        else:
            self._after = event.ends

    @property
    def ends(self) -> Optional[tuple[int, int]]:
        """The open ends after this node's event (``None`` before the lead)."""
        return self._after

    def path(self) -> list[Node]:
        """The nodes from the first event to this one."""
        out = []
        node: Optional[Node] = self
        while node is not None and node.event is not None:
            out.append(node)
            node = node.parent
        out.reverse()
        return out

    def child(self, event: Event) -> Optional[Node]:
        """The variation that begins with ``event``, if there is one."""
        for node in self.variations:
            if _same_event(node.event, event):
                return node
        return None

    def __repr__(self) -> str:
        return f"<Node {self.event!r}, {len(self.variations)} variation(s)>"


def _same_event(a: Optional[Event], b: Event) -> bool:
    return a is not None and (a.seat, a.action, a.tile, a.end) == (b.seat, b.action, b.tile, b.end)


# ---------------------------------------------------------------------------- evaluation
@dataclass(frozen=True)
class MoveAnalysis:
    """One legal move's value for the analysed seat.

    ``points`` is the expected net points for the seat's side (its points in the hand minus
    the other side's; past two sides minus their average), ``margin`` half the width of a
    95% interval for it (0 when ``exact``), ``chance`` the chance of winning the match when
    a match is on (else ``None``), ``ahead`` the share of the imagined deals the move came
    out ahead in, ``verdict`` in words ("best", "about as good", "worse") and ``face_up``
    the move's value with every hand face up averaged over every deal that fits, when
    asked for (a player who cannot see the hands may not reach it)."""

    move: Move
    points: float
    margin: float
    chance: Optional[float] = None
    ahead: float = 0.0
    exact: bool = False
    verdict: str = "best"
    face_up: Optional[float] = None

    @property
    def verdict_words(self) -> str:
        """The verdict in words, in the language of the moment: "best", "about as good as the
        best", "worse" (as the table shows them)."""
        return pgettext("verdict", _VERDICT_WORDS.get(self.verdict, self.verdict))


@dataclass(frozen=True)
class Analysis(Sequence[MoveAnalysis]):
    """Every legal move's :class:`MoveAnalysis` (best first), ``says`` the verdict in plain
    words (no figures), ``why`` the figures behind it, ``method`` "exact" (nothing hidden
    from anyone: the values are the game's own) or "search" (the hint's search over
    ``deals`` imagined deals of the hidden tiles)."""

    moves: tuple[MoveAnalysis, ...]
    says: str
    why: str
    method: str
    deals: int
    #: How sure the best move beats the next best, a key of :data:`dominolab.plain.SURE`
    #: (:func:`dominolab.plain.compare`, as the hint's ``Advice.sure``; "" with one move).
    sure: str = ""

    def __len__(self) -> int:
        return len(self.moves)

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, (int, slice)):
            return self.moves[key]
        for item in self.moves:
            if item.move == key:
                return item
        raise KeyError(key)

    def __iter__(self) -> Iterator[MoveAnalysis]:
        return iter(self.moves)

    @property
    def best(self) -> Move:
        """The move valued highest."""
        return self.moves[0].move

    def __str__(self) -> str:
        return f"{self.says}\n{self.why}"


# ---------------------------------------------------------------------------- the board
class AnalysisBoard(DealChecks):
    """A hand as seat ``seat`` saw it, with its variations (see the module's text).

    ``names`` names every seat in turn order (the analysed seat is "me"), ``tiles`` are the
    analysed seat's tiles as dealt, ``first_hand`` says whether the hand is the first of a
    match, where the rules' first-lead rule applies (``None``: not known), and
    ``match=(scores, target)`` the match score before the hand, one score per side, and
    ``leader`` the seat that leads (by default the analysed seat; a first move says it)."""

    def __init__(self, rules: Union[Rules, str], names: Sequence[str], tiles: Union[str, Sequence[TileLike]], *,
                 first_hand: Optional[bool] = None,
                 match: Optional[tuple[Sequence[int], int]] = None, leader: Optional[int] = None):
        self.rules = Rules.coerce(rules)
        if isinstance(names, str) or not isinstance(names, Sequence):
            raise AnalysisError(_("names must list every seat in turn order, got {given}").format(given=excerpt(names)))
        players = len(names)
        try:
            size = self.rules.hand_size(players)
            if self.rules.partnerships and players != 4:
                raise ValueError(_("partnership rules need 4 players, got {players}").format(players=players))
        except ValueError as exc:
            raise AnalysisError(str(exc)) from None
        clean = [_check_name(name) for name in names]
        mine = [i for i, name in enumerate(clean) if name.lower() in ME_ALIASES]
        if len(mine) != 1:
            raise AnalysisError(_("exactly one seat must be 'me' (the seat whose tiles are known), got {seats}")
                                .format(seats=", ".join(clean)))
        lowered = [name.lower() for name in clean]
        if len(set(lowered)) != len(lowered):
            raise AnalysisError(_("two seats have the same name: {seats}").format(seats=", ".join(clean)))
        self.seat = mine[0]
        clean[self.seat] = ME
        self.names: tuple[str, ...] = tuple(clean)
        self.players = players
        try:
            dealt = parse_tiles(tiles)
        except ValueError as exc:
            raise _field_error("my tiles", _("my tiles: {problem}").format(problem=exc)) from None
        in_set = set(self.rules.tiles)
        for tile in dealt:
            if tile not in in_set:
                raise _field_error("my tiles", _("my tiles: {tile} is not in this set").format(tile=tile))
        if len(set(dealt)) != len(dealt):
            twice = next(t for t in dealt if dealt.count(t) > 1)
            raise _field_error("my tiles", _("my tiles: {tile} is given twice").format(tile=twice))
        if len(dealt) != size:
            raise _field_error("my tiles", ngettext(
                "my tiles: {count} tiles, but these rules deal {size} to each of {players} players",
                "my tiles: {count} tiles, but these rules deal {size} to each of {players} players", len(dealt))
                .format(count=len(dealt), size=size, players=players))
        self.tiles: tuple[Tile, ...] = tuple(dealt)
        if first_hand is not None and not isinstance(first_hand, bool):
            raise AnalysisError(_("first_hand must be True, False or None, got {given}")
                                .format(given=excerpt(first_hand)))
        self.first_hand = first_hand
        if leader is not None:
            check_seat(leader, players, "leader")
        #: The seat that leads, as the table knew before the first tile (the first move
        #: says it once made; by default the analysed seat).
        self.leader = leader
        self.match: Optional[tuple[tuple[int, ...], int]] = None
        if match is not None:
            scores, target = match
            sides = self.rules.sides(players)
            if isinstance(scores, (str, bytes)) or not isinstance(scores, Sequence) or len(scores) != sides:
                raise _field_error("match", _("match: give one score per side ({sides}), got {given}")
                                   .format(sides=sides, given=excerpt(scores)))
            try:
                for i, score in enumerate(scores):
                    check_int(score, f"match score {i}", 0)
                check_int(target, "match target", 1)
            except ValueError as exc:
                raise _field_error("match", str(exc)) from None
            won = [score for score in scores if score >= target]
            if won:  # the match ended when a side reached the target: no hand comes after it
                raise _field_error("match", _("match: a side already has {score} points of the {target} the match "
                                              "is played to, so the match is over: give the scores before this "
                                              "hand").format(score=max(won), target=target))
            self.match = (tuple(int(s) for s in scores), int(target))
        self.root = Node(None, None)
        self.node = self.root
        #: The text lines of the path being checked, event by event (see :meth:`_line_of`).
        self._lines: list[Optional[int]] = []
        #: Exact solutions of positions of the tree (see :meth:`_solved_once`).
        self._exact: dict[tuple[str, Node], Any] = {}

    # ------------------------------------------------------------------ building
    @classmethod
    def from_round(cls, round: Round, seat: int, *, names: Optional[Sequence[str]] = None,
                   match: Optional[tuple[Sequence[int], int]] = None) -> AnalysisBoard:
        """The board of ``round`` (dealt, as far as it has gone) as ``seat`` saw it: its
        tiles as dealt, the public turns and the tiles it drew.  ``names`` (one per seat)
        default to "me" and "seat N"."""
        if not isinstance(round, Round):
            raise AnalysisError(_("from_round needs a Round, got {given}").format(given=excerpt(round)))
        check_seat(seat, round.players)
        start = round.start
        if start.kind != "deal":
            raise AnalysisError(_("the board studies hands from their deal; this round starts from a built position"))
        if start.hunt_first is not None:
            raise AnalysisError(_("the lead procedure of this hand drew tiles (the top double was not dealt); "
                                  "the board cannot show those draws"))
        events = []
        for event in round.history:
            if event.action == "draw" and event.seat != seat:
                event = event._replace(tile=None)
            events.append(event)
        return cls._from_events(round.rules, round.players, seat, start.hands[seat], events,
                                first_hand=start.leader is None, leader=round.leader, names=names, match=match)

    @classmethod
    def from_view(cls, view: View, dealt: Optional[Sequence[TileLike]] = None, drawn: Sequence[TileLike] = (), *,
                  first_hand: Optional[bool] = None, names: Optional[Sequence[str]] = None,
                  match: Optional[tuple[Sequence[int], int]] = None) -> AnalysisBoard:
        """The board of what ``view``'s seat knew at that moment (a review's decision, a
        puzzle): the public turns of ``view.history``, the seat's tiles as ``dealt`` and the
        tiles it ``drew``, in order (its draws in the history hide them).  Without ``dealt``,
        a seat that has drawn nothing was dealt its hand and the tiles it played."""
        if not isinstance(view, View):
            raise AnalysisError(_("from_view needs a View (round.view(seat)), got {given}").format(given=excerpt(view)))
        seat = view.seat
        history = list(view.history)
        mine = [e for e in history if e.seat == seat and e.action == "draw"]
        if dealt is None:
            if mine:
                raise AnalysisError(_("the seat drew tiles: say which tiles it was dealt (dealt=...) and which it "
                                      "drew (drawn=...)"))
            dealt = [*view.hand, *(e.tile for e in history if e.seat == seat and e.action == "play"
                                   and e.tile is not None)]
        try:
            got = parse_tiles(drawn)
        except ValueError as exc:
            raise AnalysisError(_("drawn: {problem}").format(problem=exc)) from None
        if len(got) != len(mine):
            draws = ngettext("{count} draw", "{count} draws", len(mine)).format(count=len(mine))
            tiles = ngettext("{count} tile", "{count} tiles", len(got)).format(count=len(got))
            raise AnalysisError(_("the view's history has {draws} by the seat, but drawn names {tiles}")
                                .format(draws=draws, tiles=tiles))
        filled = iter(got)
        events = [e._replace(tile=next(filled)) if e.seat == seat and e.action == "draw" else e for e in history]
        return cls._from_events(view.rules, view.players, seat, dealt, events, first_hand=first_hand,
                                leader=view.leader, names=names, match=match)

    @classmethod
    def _from_events(cls, rules: Rules, players: int, seat: int, dealt: Union[str, Sequence[TileLike]],
                     events: Sequence[Event], *, first_hand: Optional[bool], leader: Optional[int],
                     names: Optional[Sequence[str]], match: Optional[tuple[Sequence[int], int]]) -> AnalysisBoard:
        """The board of ``events`` (other seats' draws without their tiles) as ``seat`` saw them."""
        if names is None:
            names = [ME if s == seat else _("seat {seat}").format(seat=s) for s in range(players)]
        else:
            names = [ME if s == seat else name for s, name in enumerate(names)]
        board = cls(rules, names, dealt, first_hand=first_hand, match=match, leader=leader)
        node = board.root
        for event in events:
            node = board._attach(node, event)
        try:
            board._solve_path(node.path())
        except _Bad as bad:
            raise AnalysisError(bad.why(lambda i: _("at move {move}").format(move=i + 1))) from None
        board.node = node
        return board

    @classmethod
    def from_record(cls, record: dict[str, Any], seat: int, *, move: Optional[int] = None,
                    names: Optional[Sequence[str]] = None) -> AnalysisBoard:
        """The board of a saved hand (:meth:`Round.to_record`) as ``seat`` saw it after its
        first ``move`` moves (every move when ``None``; a draw is a move)."""
        full = Round.from_record(record)
        moves = full.moves
        if move is None:
            move = len(moves)
        check_int(move, "move", 0, len(moves))
        r = Round.from_start(full.rules, full.start)
        for m in moves[:move]:
            r.play(m)
        return cls.from_round(r, seat, names=names)

    @classmethod
    def from_text(cls, text: str) -> AnalysisBoard:
        """The board a text describes (see :mod:`dominolab.analysis_text`); bad text raises
        :class:`AnalysisTextError` naming the first wrong line."""
        from .analysis_text import read

        return read(text)

    def to_text(self) -> str:
        """The board as text, variations in brackets: :meth:`from_text` reads it back."""
        from .analysis_text import write

        return write(self)

    def copy(self) -> AnalysisBoard:
        """The same board, with a tree of its own."""
        from .analysis_text import read

        other = read(self.to_text())
        node = other.root
        for step in self.node.path():
            assert step.event is not None
            found = node.child(step.event)
            assert found is not None
            node = found
        other.node = node
        return other

    # ------------------------------------------------------------------ the position
    @property
    def events(self) -> list[Event]:
        """The public events up to the current position (the analysed seat's draws show
        their tiles)."""
        return [node.event for node in self.node.path() if node.event is not None]

    @property
    def variations(self) -> list[Node]:
        """The moves played from the current position: the main line first."""
        return list(self.node.variations)

    def view(self) -> View:
        """What the analysed seat knows now, as the engine's :class:`View` (what players
        and hints receive).  No result: the other hands are not known."""
        view = self._round().view(self.seat)
        return dataclasses.replace(view, result=None)

    @property
    def turn(self) -> int:
        """The seat to move."""
        return self._round().turn

    @property
    def is_over(self) -> bool:
        """True once the hand has ended (a seat went out, or it is blocked or stuck for
        every way the hidden tiles could lie)."""
        return self._round().is_over

    @property
    def hand(self) -> tuple[Tile, ...]:
        """The analysed seat's tiles now."""
        return tuple(self.view().hand)

    def legal_moves(self) -> list[Move]:
        """The analysed seat's legal moves when it is to move (else empty): each one
        :meth:`play` takes.  Its ``Draw()`` is the choice to draw; which tile came is not a
        choice, so :meth:`play` takes it with the tile as ``tile=`` (one of
        :meth:`drawable`), or alone when only one tile can be drawn."""
        return list(self.view().legal)

    def drawable(self) -> tuple[Tile, ...]:
        """The tiles the analysed seat could draw now, in the set's order: the unseen tiles
        that some deal fitting every turn so far leaves in the boneyard.  Empty unless
        that seat is to move and may draw."""
        r = self._round()
        if r.is_over or r.turn != self.seat or DRAW not in r.legal_moves():
            return ()
        return self._drawable(self.node)

    def _drawable(self, node: Node) -> tuple[Tile, ...]:
        """The tiles the analysed seat could draw after ``node`` (its turn, a draw legal):
        each unseen tile tried as the drawn one, on a node not added to the tree."""
        seen = set(self.tiles)
        seen.update(step.event.tile for step in node.path() if step.event is not None and step.event.tile is not None)
        lines = self._lines
        found = []
        try:
            for tile in self.rules.tiles:
                if tile in seen:
                    continue
                trial = Node(node, Event(self.seat, "draw", tile, None, node.ends))
                try:
                    self._solve_path(trial.path())
                except (AnalysisError, _Bad):
                    continue
                found.append(tile)
        finally:
            self._lines = lines
        return tuple(found)

    def _round(self) -> Round:
        node = self.node
        if node._solved is None:
            self._solve_path(node.path())
        assert node._solved is not None
        return node._solved

    def __repr__(self) -> str:
        r = self._round()
        who = "over" if r.is_over else f"{self.names[r.turn]} to move"
        return (f"<AnalysisBoard {self.rules.name}, {', '.join(self.names)}; {len(self.events)} events, "
                f"{who}, line {r.line}>")

    # ------------------------------------------------------------------ moves
    def play(self, move: Union[str, Move, TileLike], end: Optional[End] = None, *,
             tile: Optional[TileLike] = None) -> None:
        """Add a move for the seat to move.

        The analysed seat plays from its tiles and names the tile it draws ("draw 3-3", or
        ``Draw()`` with ``tile="3-3"``; a bare ``Draw()`` when only one tile can be drawn,
        see :meth:`drawable`), so every move of :meth:`legal_moves` is taken; another seat
        plays a tile nobody has seen ("6-6 left", ``Play("6-6", "left")``), draws ("draw",
        ``Draw()``) or passes ("pass").  Text may give several moves of one
        turn ("draws 2, passes").  Each is checked against what is known (the tiles seen,
        the numbers a seat has shown it lacks, the counts) and by the rules; a move that
        cannot be made raises :class:`AnalysisError` and nothing changes.  A move played
        where another was played before begins a variation."""
        from .analysis_text import moves_of

        r = self._round()
        if r.is_over:
            raise AnalysisError(_("the hand is over: no more moves"))
        seat = r.turn
        drawn: Optional[Tile] = None
        if tile is not None:
            if not (move is DRAW or (isinstance(move, str) and move.strip().lower() in DRAW_WORDS)):
                raise AnalysisError(_("tile= names the tile you drew: give it with Draw() or 'draw', got {given}")
                                    .format(given=excerpt(move)))
            try:
                drawn = Tile.coerce(tile)
            except ValueError as exc:
                raise AnalysisError(_("tile: {problem}").format(problem=exc)) from None
            move = DRAW
        if isinstance(move, (Play, Draw, Pass)):
            if end is not None and isinstance(move, Play):
                move = Play(move.tile, end)
            parts: list[tuple[str, Optional[Tile], Optional[End]]] = [
                (("play", move.tile, move.end) if isinstance(move, Play)
                 else ("draw", drawn, None) if move is DRAW else ("pass", None, None))]
        elif isinstance(move, str):
            try:
                parts = moves_of(move, mine=seat == self.seat)
            except ValueError as exc:
                raise AnalysisError(str(exc)) from None
            if end is not None:
                parts = [(a, t, end if a == "play" else e) for a, t, e in parts]
        else:
            try:
                parts = [("play", Tile.coerce(move), end)]
            except ValueError as exc:
                raise AnalysisError(str(exc)) from None
        node = self.node
        made: list[Node] = []
        try:
            for action, tile, side in parts:
                event = self._event(node, seat, action, tile, side)
                found = node.child(event)
                if found is None:
                    found = self._attach(node, event)
                    made.append(found)
                node = found
            self._solve_path(node.path())
        except (AnalysisError, _Bad) as exc:
            for fresh in reversed(made):
                assert fresh.parent is not None
                fresh.parent.variations.remove(fresh)
            if isinstance(exc, _Bad):
                raise AnalysisError(exc.why(lambda i: pgettext("where", "earlier"))) from None
            raise
        step: Optional[Node] = node
        while step is not None and step is not self.node:
            if step.parent is not None:
                step.parent._next = step
            step = step.parent
        self.node = node

    def _event(self, node: Node, seat: int, action: str, tile: Optional[Tile], end: Optional[End]) -> Event:
        """The event of ``seat``'s move after ``node``: a play's end worked out when not
        given (where the tile fits)."""
        ends = node.ends
        who = self._who(seat)
        if action == "lead":
            if ends is not None:
                raise AnalysisError(_("the hand has already been led: write the tile and its end, as '6-4 right'"))
            action = "play"
        if action == "play":
            assert tile is not None
            if tile not in set(self.rules.tiles):
                raise AnalysisError(_("{tile} is not in this set").format(tile=tile))
            if ends is None:
                return Event(seat, "play", tile, "left", None)
            fits = [side for side, number in zip(("left", "right"), ends, strict=True) if tile.has(number)]
            if not fits or (end is not None and end not in fits):  # the engine's own words for it
                wrong = Play(tile, end or "left")
                raise AnalysisError(IllegalMoveError("no-match", wrong, ends, seat, tile=tile, end=end).reason)
            if end is None:
                if len(fits) == 2 and ends[0] != ends[1]:
                    raise AnalysisError(_("{tile} fits both ends: say which, '{tile} left' ({left}) or "
                                          "'{tile} right' ({right})").format(tile=tile, left=ends[0], right=ends[1]))
                end = fits[0]  # type: ignore[assignment]
            return Event(seat, "play", tile, end, ends)
        if action == "draw":
            if seat == self.seat and tile is None:
                refused = self._solve_path(node.path()).why_illegal(DRAW, seat)
                if refused is not None:  # the engine's own words for it
                    raise AnalysisError(refused.explain(self._speaking()))
                options = self._drawable(node)
                if len(options) != 1:
                    raise AnalysisError(_("say which tile you drew, as in 'draw 3-3' or play(Draw(), tile='3-3'): "
                                          "it could be {tiles}").format(tiles=list_or(options)))
                tile = options[0]
            if seat != self.seat and tile is not None:
                raise AnalysisError(_("{who} cannot know which tile {seat} drew; write 'draw'")
                                    .format(who=who, seat=self.names[seat]))
            return Event(seat, "draw", tile, None, ends)
        return Event(seat, "pass", None, None, ends)

    def _attach(self, node: Node, event: Event, line: Optional[int] = None) -> Node:
        """``node``'s child for ``event``, made when new (not checked: see _solve_path)."""
        found = node.child(event)
        if found is None:
            most = MOST_EVENTS * self.rules.set_size * self.players
            if node.depth >= most:
                raise AnalysisError(_("more than {most} moves: no hand of these rules is that long").format(most=most))
            found = Node(node, event, line)
            node.variations.append(found)
        node._next = node._next or found
        return found

    def undo(self) -> Event:
        """Step back one event (kept: :meth:`redo` steps forward again); returns it."""
        node = self.node
        if node.parent is None or node.event is None:
            raise AnalysisError(_("there is no move to undo"))
        node.parent._next = node
        self.node = node.parent
        return node.event

    def redo(self) -> Event:
        """Step forward to the event last undone from here (else the main line's); returns it."""
        node = self.node
        nxt = node._next if node._next in node.variations else (node.variations[0] if node.variations else None)
        if nxt is None or nxt.event is None:
            raise AnalysisError(_("there is no move to redo"))
        self.node = nxt
        return nxt.event

    def go(self, node: Node) -> None:
        """Make ``node`` (a node of this board's tree) the current position."""
        step: Optional[Node] = node
        while step is not None and step is not self.root:
            step = step.parent
        if step is not self.root:
            raise AnalysisError(_("that node is not on this board"))
        self.node = node

    # ------------------------------------------------------------------ values
    def evaluate(self, *, level: Optional[str] = None, seed: int = 0, face_up: bool = False,
                 time_limit: Optional[float] = None) -> Analysis:
        """Every legal move of the analysed seat, valued (best first), with the verdict in
        plain words (``says``) and the figures behind it (``why``).

        The values are the hint's search (:func:`dominolab.players.hint_evaluation`, as
        :func:`~dominolab.players.advise` asks it: every move over the same imagined deals of
        the hidden tiles, at ``level``, by default :data:`~dominolab.players.HINT_LEVEL`, from
        ``seed``), and the words of certainty the hint's (:func:`dominolab.plain.compare`):
        for the same figures the board and the hint say the same.  Exact when nothing is
        hidden from anyone (:mod:`dominolab.exact`).  In a match each move also gets its chance of
        winning the match.  ``face_up=True`` adds each move's value with every hand face up,
        averaged over every deal that fits (when that takes under a second or so).
        ``time_limit`` (seconds) also stops the search at that wall-clock time, as the
        table's hint does (then the figures depend on the machine's speed).  Raises
        :class:`AnalysisError` when the hand is over or another seat is to move."""
        from . import exact
        from .analysis_text import judge
        from .players import HINT_LEVEL, SearchPlayer, _honest, hint_evaluation

        view = self.view()
        if view.is_over:
            raise AnalysisError(_("the hand is over: there is no decision to study"))
        if view.turn != self.seat:
            name = self.names[view.turn]
            raise AnalysisError(_("it is {name}'s turn: the board values your decisions, so add {name}'s move "
                                  "first (board.play(...))").format(name=name))
        rules = view.rules
        sides = rules.sides(view.players)
        fair = 1.0 / sides
        rows: list[tuple[Move, float, float, Optional[float], float, bool]] = []
        honest: dict[Move, float] = {}
        solved = None
        if self.match is None and _complete(view):
            solved = self._solved_once(("exact", self.node), lambda: exact.try_solve(view, max_deals=1,
                                                                                     limit=EXACT_NODES))
        if solved is not None and solved.perfect:
            method, deals = "exact", 1
            rows = [(m.move, m.value, 0.0, None, float(m.value > 0), True) for m in solved.moves]
        else:
            player = SearchPlayer(seed, level=level or HINT_LEVEL)
            if self.match is not None:
                player.observe_match(*self.match)
            found = hint_evaluation(view, player, time_limit=time_limit)
            method, deals = "search", found.deals
            rows = [(m.move, m.points, m.margin, m.value + fair if self.match is not None else None, m.ahead,
                     m.exact) for m in found.moves]
            honest = {m.move: _honest(m) for m in found.moves}
        faces: dict[Move, float] = {}
        if face_up:
            every = self._solved_once(("face up", self.node), lambda: exact.try_solve(view, limit=FACE_UP_NODES,
                                                                                      project=True))
            if every is not None:
                faces = every.values
        order = sorted(rows, key=lambda row: -(row[3] if row[3] is not None else row[1]))
        return judge(view, order, method, deals, faces, self._who, honest)

    def _solved_once(self, key: tuple[str, Node], solve: Callable[[], Any]) -> Any:
        """An exact solution of a position (which depends on the position alone, not on the
        level, seed or language of an evaluation), worked out once per position of the tree."""
        if key not in self._exact:
            self._exact[key] = solve()
        return self._exact[key]

    # ------------------------------------------------------------------ consistency
    def _solve_path(self, path: list[Node]) -> Round:
        """The engine's round for the events of ``path`` on a deal of the hidden tiles under
        which every one of them is legal; cached on the last node.  Raises :class:`_Bad` for
        the first event that cannot have happened (the checks are :mod:`dominolab.analysis_deal`'s)."""
        events = [node.event for node in path if node.event is not None]
        self._lines = [node.line for node in path if node.event is not None]
        r = self._checked(events)
        self._check_reachable(r, len(events) - 1)
        if path:
            path[-1]._solved = r
        else:
            self.root._solved = r
        return r


#: A hand has fewer events than this many per tile of the set and seat (each tile is
#: drawn and played at most once, and passes in a row end the hand or come between them).
MOST_EVENTS = 3

#: Solver nodes :meth:`AnalysisBoard.evaluate` spends, at most, on an exact value (nothing
#: hidden: one deal, solved in well under a second on CPython) and on the face-up values.
EXACT_NODES = 400_000
FACE_UP_NODES = 200_000


def _complete(view: View) -> bool:
    """Nothing is hidden from anyone: the boneyard is empty and every tile the seat cannot
    see is in one other hand."""
    holding = [s for s in range(view.players) if s != view.seat and view.hand_counts[s]]
    return view.boneyard_count == 0 and len(holding) <= 1


def _check_name(name: Any) -> str:
    if not isinstance(name, str) or not name.strip():
        raise AnalysisError(_("a seat's name must be some text, got {given}").format(given=excerpt(name)))
    clean = " ".join(name.split())
    if any(c in clean for c in ":,[]()#") or len(clean) > 40:
        raise AnalysisError(_("a seat's name has at most 40 characters and none of : , [ ] ( ) #, got {given}")
                            .format(given=excerpt(clean)))
    return clean
