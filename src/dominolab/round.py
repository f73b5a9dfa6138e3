"""One round (hand) of Draw Dominoes: the state, its legal moves, play and undo, the result.

The state lives in machine-friendly form: each hand is a bitmask of tile ids, the
boneyard a list of ids in draw order, the line two stacks growing outwards from the lead
(laid from the history when read: a move only records itself and the new ends).
The public properties (``hands``, ``line``, ``legal_moves()``...) build friendly objects
from it on demand, so that a complete 2-player hand through the public API costs a few
dozen microseconds.  The search plays on the same state through the fast play-out
interface of :mod:`dominolab.fastround` (``Round``'s base), which asks this module every
rule question.  How a hand begins (the :class:`Start`, its checks, the deal's steps before
the first move) is :mod:`dominolab.dealing`; the constructors that make a ``Round``
(``deal``, ``from_start``, ``from_position``, ``from_view``) and the first lead are
:mod:`dominolab.roundsetup` (``RoundSetup``, the base between the two).

Every rule question is answered in exactly one method:

=================================  ===========================================
question                           decided in
=================================  ===========================================
who leads, with what (R4-R6)       ``roundsetup``: ``_choose_leader`` /
                                   ``_lead_mask`` (tiles turned up:
                                   ``dealing._turn_up``)
redeal (R17)                       ``dealing._needs_redeal`` (and
                                   ``dealing._hunt``: a top double that cannot
                                   be drawn)
may this seat draw now (R7-R9)     ``_draw_refusal``
which tile comes off (R18)         ``roundsetup``: ``from_position`` (a
                                   shuffled stock)
does the hand end (R10, R11)       ``_after_move``
who won, what it scores (R12-R16)  :func:`dominolab.scoring.score`
=================================  ===========================================
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING, Any, Optional, Union

from .dealing import (
    Start,
    StartError,
    _Dealt,
    _orient_line,
    _turn_up_seats,
)
from .fastround import _DRAW, _PASS, _PIPS, _PLAY, FastRound, _popcount
from .fastround import _POINTS_MEMO as _POINTS_MEMO
from .fastround import FAST_DRAW as FAST_DRAW  # the fast interface's move codes, as search/ reads them
from .fastround import FAST_PASS as FAST_PASS
from .fastround import POINTS_MEMO_ENTRIES as POINTS_MEMO_ENTRIES
from .fastround import POINTS_MEMO_RULES as POINTS_MEMO_RULES
from .i18n import _, ngettext
from .moves import (
    DRAW,
    PASS,
    AmbiguousMoveError,
    Draw,
    End,
    Event,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Pass,
    Play,
    read_move_text,
)
from .pieces import Hand, Line, Placed
from .roundsetup import _BIT, RoundSetup
from .roundsetup import _PLANS as _PLANS  # the deal plans, where tests/test_fast_paths.py reads them
from .roundsetup import _PLANS_MAX as _PLANS_MAX
from .scoring import RoundResult, score
from .tiles import TILE_BY_ID, Tile, TileLike, tiles_of
from .validate import check_seat, excerpt, is_int
from .words import count_in_words, suit_plural, tiles_count

if TYPE_CHECKING:
    from .view import View  # a view is built from a round: view.py sits above this module

__all__ = ["Round", "Start", "StartError"]

_PLAY_LEFT = [Play(t, "left") for t in TILE_BY_ID]
_PLAY_RIGHT = [Play(t, "right") for t in TILE_BY_ID]

#: The plays of a mask's tiles at the left end and at the right end, lightest tile first, by
#: mask: what ``legal_moves`` lists for the tiles of a hand that match one end (and the
#: right end's plays followed by Draw, when the seat may also draw).  Filled as masks are
#: met (subsets of one suit: 7 x 128 of them a table for a double-six set) and emptied past
#: _PLAYS_MAX entries, so bigger sets stay bounded.  Never handed out: callers get a new list.
_LEFT_PLAYS: dict[int, list[Move]] = {}
_RIGHT_PLAYS: dict[int, list[Move]] = {}
_RIGHT_PLAYS_DRAW: dict[int, list[Move]] = {}
_PLAYS_MAX = 8192


def _plays(table: dict[int, list[Move]], plays: list[Play], mask: int, then: tuple[Move, ...] = ()) -> list[Move]:
    """``table``'s row for ``mask`` (``plays`` gives each tile id's play at that end, and
    ``then`` follows them), filled."""
    row = table.get(mask)
    if row is None:
        row = [plays[tile.id] for tile in tiles_of(mask)]  # only when a row is first met
        row.extend(then)
        if len(table) >= _PLAYS_MAX:
            table.clear()
        table[mask] = row
    return row


class Round(RoundSetup):
    """One hand of Draw Dominoes, from the deal (or a built position) to its result.

    Make one with :meth:`deal` or :meth:`from_position`; then ask :meth:`legal_moves`,
    :meth:`play` a move, :meth:`undo` it, and read :attr:`result` once :attr:`is_over`.
    """

    __slots__ = ()  # the state is in the bases' slots: FastRound's and RoundSetup's

    # ------------------------------------------------------------------ construction
    # Round.deal, from_start, from_position and from_view: dominolab.roundsetup.
    def __init__(self) -> None:  # use Round.deal, Round.from_position or Round.from_start
        raise TypeError("make a Round with Round.deal(...), Round.from_position(...) or Round.from_start(...)")

    # ------------------------------------------------------------------ the state
    @property
    def players(self) -> int:
        """Number of seats."""
        return self._n

    @property
    def turn(self) -> int:
        """The seat to move (after the end: the seat that would have moved)."""
        return self._turn

    @property
    def leader(self) -> Optional[int]:
        """The seat that led this hand (``None`` for a position built mid-hand)."""
        return self._leader

    @property
    def seed(self) -> Optional[int]:
        """The seed this hand was dealt with, when it was dealt from one."""
        start = self._start
        return start.seed if isinstance(start, Start) else start.seed_value

    @property
    def start(self) -> Start:
        """How this hand began; ``Round.from_start(rules, round.start)`` rebuilds it."""
        start = self._start
        if isinstance(start, _Dealt):
            by_id = TILE_BY_ID
            start = self._start = Start(
                kind="deal",
                hands=tuple(tuple(by_id[t] for t in hand) for hand in start.hands),
                boneyard=tuple(by_id[t] for t in start.boneyard),
                leader=start.leader,
                turned_up=None if start.turned_up is None else tuple(
                    tuple((seat, by_id[tid]) for seat, tid in zip(seats, tiles, strict=True))
                    for seats, tiles in zip(_turn_up_seats(self.rules, self._n, start.turned_up)[0],
                                            start.turned_up, strict=True)),
                redeals=start.redeals,
                seed=start.seed_value,
                hunt_first=start.hunt_first,
            )
        return start

    @property
    def hands(self) -> list[Hand]:
        """Every seat's tiles (the referee's view; a player should use :meth:`view`)."""
        return [Hand(tiles_of(m)) for m in self._hands]

    @property
    def hand_counts(self) -> list[int]:
        """How many tiles each seat holds."""
        return [_popcount(m) for m in self._hands]

    @property
    def line(self) -> Line:
        """The tiles on the table, left to right."""
        self._fold()
        by_id = TILE_BY_ID
        left = [Placed(by_id[t], a, b) for t, a, b in reversed(self._lstack)]
        right = [Placed(by_id[t], a, b) for t, a, b in self._rstack]
        return Line(left + right)

    @property
    def ends(self) -> Optional[tuple[int, int]]:
        """The numbers open at the (left, right) ends; ``None`` before the lead."""
        return None if self._left < 0 else (self._left, self._right)

    @property
    def boneyard_count(self) -> int:
        """Tiles in the boneyard (including any that must stay there)."""
        return len(self._stock)

    @property
    def drawable_count(self) -> int:
        """Tiles that may still be drawn (the boneyard less its floor)."""
        return self.rules.drawable(len(self._stock))

    @property
    def boneyard(self) -> list[Tile]:
        """The boneyard in draw order (the referee's knowledge: hidden from players)."""
        return [TILE_BY_ID[t] for t in reversed(self._stock)]

    @property
    def set_aside(self) -> list[Tile]:
        """Tiles out of play: named nowhere in a built position (a deal sets none aside)."""
        return [] if isinstance(self._start, _Dealt) else list(self._start.set_aside)

    @property
    def turn_draws(self) -> int:
        """Tiles the seat to move has drawn this turn."""
        return self._turn_draws

    @property
    def draw_counts(self) -> list[int]:
        """Tiles each seat has drawn this hand."""
        return list(self._draws)

    if TYPE_CHECKING:
        @property
        def is_over(self) -> bool:
            """True once the hand has ended (then :attr:`result` says how)."""
    else:  # read once a move in every play loop: a getter in C, without a Python frame
        is_over = property(attrgetter("_over"), doc="True once the hand has ended (then :attr:`result` says how).")

    @property
    def sides(self) -> list[tuple[int, ...]]:
        """The scoring sides: one seat each, or the two partnerships."""
        return list(self.rules.seating(self._n))

    def team_of(self, seat: int) -> Optional[int]:
        """The team of ``seat`` in partnership play, else ``None``."""
        if self.rules.sides(self._n) == self._n:
            return None
        return self.rules.side_of(seat, self._n)

    # ------------------------------------------------------------------ moves
    def legal_moves(self) -> list[Move]:
        """Every move the seat to move may make: plays first, then Draw or Pass.

        The lead is listed at the "left" end; :meth:`play` also takes it at the "right"."""
        if self._over:
            return []
        hand = self._hands[self._turn]
        left = self._left
        if left >= 0:
            suit = self._suit
            ml = hand & suit[left]
            mr = hand & suit[self._right]
            # May draw (R7-R9): inlined copies of _draw_refusal's test, for speed.
            if ml | mr:
                if self._when_able and len(self._stock) > self._floor and self._turn_draws < self._limit:
                    try:
                        return _LEFT_PLAYS[ml] + _RIGHT_PLAYS_DRAW[mr]  # a new list
                    except KeyError:
                        return (_plays(_LEFT_PLAYS, _PLAY_LEFT, ml)
                                + _plays(_RIGHT_PLAYS_DRAW, _PLAY_RIGHT, mr, (DRAW,)))
                try:
                    return _LEFT_PLAYS[ml] + _RIGHT_PLAYS[mr]
                except KeyError:
                    return _plays(_LEFT_PLAYS, _PLAY_LEFT, ml) + _plays(_RIGHT_PLAYS, _PLAY_RIGHT, mr)
            if len(self._stock) > self._floor and self._turn_draws < self._limit:
                return [DRAW]
            return [PASS]
        moves: list[Move] = []
        m = hand & self._lead_allowed
        while m:
            low = m & -m
            moves.append(_PLAY_LEFT[low.bit_length() - 1])
            m ^= low
        return moves

    def is_legal(self, move: object) -> bool:
        """True when :meth:`play` would accept ``move``.  That is exactly the moves of
        :meth:`legal_moves`, plus the lead placed at the "right" end (the first tile has
        no ends, so either end means the same)."""
        if self._over:
            return False
        if self._left < 0 and move.__class__ is Play:
            move = _PLAY_LEFT[move.tile.id]
        return move in self.legal_moves()

    def _draw_refusal(self, playable: int) -> Optional[tuple[str, dict[str, Any]]]:
        """R7-R9: why the seat to move may not draw now (a code and its facts), or ``None``."""
        rules = self.rules
        if self._left < 0:
            return ("draw-before-lead", {})
        if not rules.can_draw:
            return ("no-drawing", {})
        if len(self._stock) <= self._floor:
            if self._floor:
                return ("boneyard-floor", {"floor": self._floor})
            return ("boneyard-empty", {})
        if self._turn_draws >= self._limit:
            return ("draw-limit", {"drawn": self._turn_draws})
        if playable and not self._when_able:
            return ("draw-when-able", {"playable": Hand(tiles_of(playable))})
        return None

    def why_illegal(self, move: object, seat: Optional[int] = None) -> Optional[IllegalMoveError]:
        """The :class:`IllegalMoveError` that :meth:`play` would raise for ``move`` (by
        ``seat``, if given), or ``None`` when the move is legal.  Nothing changes."""
        ends = self.ends
        turn = self._turn
        if self._over:
            return IllegalMoveError("hand-over", move, ends, seat)
        if seat is not None and seat != turn:
            return IllegalMoveError("not-your-turn", move, ends, seat, turn=turn)
        cls = move.__class__
        if cls is Play:
            tile = move.tile  # type: ignore[attr-defined]
            hand = self._hands[turn]
            if not hand & tile.bit:
                return IllegalMoveError("not-in-hand", move, ends, turn, tile=tile, hand=Hand(tiles_of(hand)))
            if ends is None:
                if not self._lead_allowed & tile.bit:
                    return IllegalMoveError("lead-restricted", move, None, turn, tile=tile,
                                            allowed=Hand(tiles_of(self._lead_allowed)),
                                            rule=f"rule lead_tile={self.rules.lead_tile!r}")
                return None
            end = ends[move.side]  # type: ignore[attr-defined]
            if not tile.bit & self._suit[end]:
                return IllegalMoveError("no-match", move, ends, turn, tile=tile, end=move.end)  # type: ignore[attr-defined]
            return None
        if move is DRAW:
            refusal = self._draw_refusal(self._playable(turn))
            return None if refusal is None else IllegalMoveError(refusal[0], move, ends, turn, **refusal[1])
        if move is PASS:
            if ends is None:
                return IllegalMoveError("pass-on-lead", move, None, turn)
            playable = self._playable(turn)
            if playable:
                return IllegalMoveError("pass-playable", move, ends, turn, playable=Hand(tiles_of(playable)))
            if self._draw_refusal(0) is None:
                return IllegalMoveError("pass-must-draw", move, ends, turn, drawable=self.drawable_count)
            return None
        return IllegalMoveError("not-a-move", move, ends, turn)

    def parse_move(self, move: Union[str, Move, TileLike], end: Optional[End] = None) -> Move:
        """The legal move meant by ``move``: text ("6-4", "6-4 left", "draw", "pass", "go"),
        a tile (``"6-4"``, ``Tile(6, 4)``, ``(6, 4)``) with ``end`` optional, or a move object.

        A tile given without an end is played where it fits; when it fits both ends and the
        two plays differ, :class:`AmbiguousMoveError` asks which.  When both ends show the
        same number the two plays are the same move, so no question is asked ("left").
        Raises :class:`InvalidMoveError` for what is not a move at all and
        :class:`IllegalMoveError` (with its ``code``) for a move the rules forbid now.
        Like python-chess's ``parse_san``: callers never guess ends themselves."""
        if end is not None and end not in ("left", "right"):
            raise InvalidMoveError(f"an end must be 'left' or 'right', got {excerpt(end)}", end)
        if isinstance(move, (Play, Draw, Pass)):
            candidate: Move = move
            tile = move.tile if isinstance(move, Play) else None
            if end is not None and tile is not None:
                candidate = Play(tile, end)
        else:
            if isinstance(move, str):
                action, tile, said = read_move_text(move)
                if action != "play":
                    candidate = DRAW if action == "draw" else PASS
                    tile = None
                end = end or said
            else:
                try:
                    tile = Tile.coerce(move)
                except ValueError as exc:
                    raise InvalidMoveError(str(exc), move) from None
            if tile is not None:
                candidate = self._play_for(tile, end)
        error = self.why_illegal(candidate)
        if error is not None:
            raise error
        if candidate.__class__ is Play and self._left < 0:
            return _PLAY_LEFT[candidate.tile.id]
        return candidate

    def _play_for(self, tile: Tile, end: Optional[End]) -> Play:
        """The play of ``tile`` at ``end``, or where it fits when ``end`` is None."""
        if end is not None or self._left < 0 or self._over or not self._hands[self._turn] & tile.bit:
            return Play(tile, end or "left")
        left, right = self._left, self._right
        fits_left = bool(tile.bit & self._suit[left])
        fits_right = bool(tile.bit & self._suit[right])
        if fits_left and fits_right and left != right:
            moves = (_PLAY_LEFT[tile.id], _PLAY_RIGHT[tile.id])
            raise AmbiguousMoveError(tile, (left, right), moves)
        if fits_right and not fits_left:
            return _PLAY_RIGHT[tile.id]
        if not fits_left:  # fits neither: the error names both ends
            raise IllegalMoveError("no-match", Play(tile, "left"), (left, right), self._turn, tile=tile, end=None)
        return _PLAY_LEFT[tile.id]

    def play(self, move: Move, seat: Optional[int] = None) -> None:
        """Make ``move`` for the seat to move (pass ``seat`` to have it checked too).

        An illegal move raises :class:`IllegalMoveError` (see :meth:`why_illegal`) naming
        the move, the ends and the reason; the round is left exactly as it was.
        """
        turn = self._turn
        if self._over or (seat is not None and (seat.__class__ is not int or seat != turn)):
            if seat is not None and not is_int(seat):
                raise ValueError(f"seat must be a whole number or None, got {excerpt(seat)}")
            raise self.why_illegal(move, seat)  # type: ignore[misc]
        if move.__class__ is Play:
            tile = move.tile
            bit = tile.bit
            hands = self._hands
            hand = hands[turn]
            left = self._left
            if left >= 0:
                right = self._right
                side = move.side
                if side:
                    if not hand & bit & self._suit[right]:
                        raise self.why_illegal(move)  # type: ignore[misc]
                    self._right = tile.pips - right
                else:
                    if not hand & bit & self._suit[left]:
                        raise self.why_illegal(move)  # type: ignore[misc]
                    self._left = tile.pips - left
                self._history.append((_PLAY, turn, tile.id, side, left, right, self._turn_draws, self._passes))
            else:
                if not hand & bit & self._lead_allowed:
                    raise self.why_illegal(move)  # type: ignore[misc]
                self._left, self._right = tile.high, tile.low
                self._history.append((_PLAY, turn, tile.id, 0, -1, -1, self._turn_draws, self._passes))
            hands[turn] = hand = hand ^ bit
            self._turn_draws = self._passes = 0
            self._turn = self._next[turn]
            if not hand or len(self._stock) <= self._calm:  # see _after_move
                self._after_move(turn, placed=True)
        elif move is DRAW:
            stock = self._stock
            # _draw_refusal's test, inlined as in legal_moves (why_illegal names the reason).
            if (self._left < 0 or len(stock) <= self._floor or self._turn_draws >= self._limit
                    or (not self._when_able and self._playable(turn))):
                raise self.why_illegal(move)  # type: ignore[misc]
            tid = stock.pop()
            self._hands[turn] |= _BIT[tid]
            self._history.append((_DRAW, turn, tid, self._turn_draws, self._passes))
            self._turn_draws += 1
            self._draws[turn] += 1
            self._passes = 0
            if len(stock) <= self._calm:  # see _after_move
                self._after_move(turn, placed=False)
        elif move is PASS:
            if self._left < 0 or self._playable(turn) or self._draw_refusal(0) is None:
                raise self.why_illegal(move)  # type: ignore[misc]
            self._history.append((_PASS, turn, self._turn_draws, self._passes))
            self._turn_draws = 0
            self._passes += 1
            self._turn = turn + 1 if turn + 1 < self._n else 0
            self._after_move(turn, placed=False)
        else:
            raise self.why_illegal(move)  # type: ignore[misc]

    def _playable(self, seat: int) -> int:
        if self._left < 0:
            return self._hands[seat] & self._lead_allowed
        return self._hands[seat] & (self._suit[self._left] | self._suit[self._right])

    def _after_move(self, seat: int, placed: bool) -> None:
        """R10/R11: end the hand if the last move finished it.

        Its first answer is worked out once, in ``_calm``: when a blocked layout does not
        end the hand, passes are not counted and drawing is allowed, a move that leaves the
        mover holding tiles and more than ``_calm`` (the floor) in the boneyard never ends
        the hand, so :meth:`play` skips the call then (under other rules ``_calm`` is
        larger than any boneyard; ``tests/test_fast_paths.py`` checks the two agree)."""
        if placed:
            if not self._hands[seat]:
                self._finish(seat, "domino")
                return
            if self._ends_hand and self.is_blocked:
                self._finish(None, "blocked")
                return
        if self._after_passes:
            if self._passes >= self._n:
                self._finish(None, "passes")
            return
        # At once: the hand is stuck when nobody can draw and nobody can play.
        if len(self._stock) > self._floor and self._limit:
            return
        open_mask = self._suit[self._left] | self._suit[self._right]
        for hand in self._hands:
            if hand & open_mask:
                return
        self._finish(None, "blocked" if self.is_blocked else "stuck")

    def _finish(self, went_out: Optional[int], ending: str) -> None:
        """End the hand: ``went_out`` is the seat that dominoed; ``ending`` says how it ended
        (see :attr:`RoundResult.ending`)."""
        self._over = True
        self._went_out = went_out
        self._ending = ending
        self._result = None

    def undo(self) -> Move:
        """Take back the last move exactly; returns it.  ``ValueError`` if there is none."""
        if not self._history:
            raise ValueError("there is no move to undo")
        entry = self._history.pop()
        kind = entry[0]
        folded = self._folded > len(self._history)  # the entry is laid on the line (see _fold)
        if folded:
            self._folded = len(self._history)
        self._over = False
        self._went_out = None
        self._result = None
        if len(self._events) > len(self._history):
            del self._events[len(self._history):]
        if kind == _PLAY:
            _, seat, tid, side, left, right, turn_draws, passes = entry
            self._hands[seat] |= 1 << tid
            if folded:
                self._line_mask &= ~(1 << tid)
                if left >= 0 and side == 0:
                    self._lstack.pop()
                else:
                    self._rstack.pop()
            self._left, self._right = left, right
            move: Move = (_PLAY_LEFT if side == 0 else _PLAY_RIGHT)[tid]
        elif kind == _DRAW:
            _, seat, tid, turn_draws, passes = entry
            self._hands[seat] &= ~(1 << tid)
            self._stock.append(tid)
            self._draws[seat] -= 1
            move = DRAW
        else:
            _, seat, turn_draws, passes = entry
            move = PASS
        self._turn = seat
        self._turn_draws = turn_draws
        self._passes = passes
        return move

    @property
    def moves(self) -> list[Move]:
        """The moves made so far, in order."""
        out: list[Move] = []
        for entry in self._history:
            if entry[0] == _PLAY:
                out.append((_PLAY_LEFT if entry[3] == 0 else _PLAY_RIGHT)[entry[2]])
            else:
                out.append(DRAW if entry[0] == _DRAW else PASS)
        return out

    @property
    def history(self) -> list[Event]:
        """Every action so far, drawn tiles included (the referee's history)."""
        return _walk(self._history, 0, self._start_ends(), reveal=True)

    def _start_ends(self) -> Optional[tuple[int, int]]:
        if isinstance(self._start, _Dealt):
            return None
        line = self._start.line
        if not line:
            return None
        placed = _orient_line(list(line))
        return (placed[0].left, placed[-1].right)

    def _public_events(self) -> list[Event]:
        """The public history (drawn tiles hidden), extended incrementally."""
        events = self._events
        done = len(events)
        if done < len(self._history):
            if done:
                last = self._history[done - 1]
                ends = _ends_after_play(last) if last[0] == _PLAY else events[-1].ends
            else:
                ends = self._start_ends()
            events.extend(_walk(self._history, done, ends, reveal=False))
        return events

    # ------------------------------------------------------------------ blocked layouts
    @property
    def is_blocked(self) -> bool:
        """True when the layout is blocked: no tile that is not on the line matches an end."""
        if self._left < 0:
            return False
        self._fold()
        open_mask = self._suit[self._left] | self._suit[self._right]
        return not open_mask & ~self._line_mask & self._info.mask

    def explain_block(self) -> Optional[str]:
        """Why the layout is blocked and what happens next under these rules (or, once the
        hand is over, how it ended), or ``None`` when the layout is not blocked."""
        if not self.is_blocked:
            return None
        info = self._info
        left, right = self._left, self._right
        if left == right:
            why = _("Both ends show {number} and all {count} {suit} are on the table, so no tile can ever "
                    "be added.").format(number=left, count=count_in_words(info.suit_size[left]),
                                        suit=suit_plural(left))
        else:
            why = _("The ends show {left} and {right}, and all {left_suit} and all {right_suit} are on the "
                    "table, so no tile can ever be added.").format(
                left=left, right=right, left_suit=suit_plural(left), right_suit=suit_plural(right))
        rules = self.rules
        drawable = self.drawable_count
        if self._over:
            if self._went_out is not None:
                nxt = _("The hand is over: seat {seat} played their last tile.").format(seat=self._went_out)
            elif self._ending == "blocked" and self._ends_hand:
                nxt = _("Under these rules that ended the hand at once, without drawing, and it has been scored.")
            elif self._ending == "passes":
                nxt = _("Every player passed in turn, so the hand is over and has been scored.")
            elif rules.can_draw:
                nxt = _("Nothing more may be drawn, so the hand is over and has been scored.")
            else:
                nxt = _("There is no drawing, so the hand is over and has been scored.")
            return _("{why} {next}").format(why=why, next=nxt)
        # Not over: the rules let it go on (draw-down, or passes still to come).
        if not drawable:
            if rules.can_draw:
                nxt = _("Nobody can play and nothing more may be drawn, so every player passes in turn and "
                        "the hand is scored.")
            else:
                nxt = _("Nobody can play and there is no drawing, so every player passes in turn and the hand "
                        "is scored.")
        else:
            stay = (ngettext(" (the last {count} stay in the boneyard)", " (the last {count} stay in the boneyard)",
                             self._floor).format(count=count_in_words(self._floor)) if self._floor else "")
            tiles = tiles_count(drawable)
            if rules.draw_limit is None:
                if self._after_passes:
                    text = _("Play goes on: seat {seat} cannot play, so they must draw the {tiles} that may still "
                             "be drawn{stay}; then every player passes in turn and the hand is scored.")
                else:
                    text = _("Play goes on: seat {seat} cannot play, so they must draw the {tiles} that may still "
                             "be drawn{stay}; then the hand ends and is scored.")
                nxt = text.format(seat=self._turn, tiles=tiles, stay=stay)
            else:
                per_turn = (_("one tile a turn") if rules.draw_limit == 1
                            else _("up to {count} a turn").format(count=count_in_words(rules.draw_limit)))
                if self._after_passes:
                    text = _("Play goes on: the players draw in turn, {per_turn}, passing when they may draw no "
                             "more, until the {tiles} that may still be drawn are gone{stay}; then every player "
                             "passes in turn and the hand is scored.")
                else:
                    text = _("Play goes on: the players draw in turn, {per_turn}, passing when they may draw no "
                             "more, until the {tiles} that may still be drawn are gone{stay}; then the hand ends "
                             "and is scored.")
                nxt = text.format(per_turn=per_turn, tiles=tiles, stay=stay)
        return _("{why} {next}").format(why=why, next=nxt)

    # ------------------------------------------------------------------ the result
    @property
    def result(self) -> Optional[RoundResult]:
        """``None`` until the hand is over; then who won, why, and what it scored."""
        if not self._over:
            return None
        if self._result is None:
            hands = [tiles_of(m) for m in self._hands]
            self._result = score(
                self.rules,
                went_out=self._went_out,
                hands=hands,
                blocker=self._last_player(),
                draws=self._draws,
                ending=self._ending,
            )
        return self._result

    def _last_player(self) -> Optional[int]:
        for entry in reversed(self._history):
            if entry[0] == _PLAY:
                return entry[1]
        return None

    # ------------------------------------------------------------------ views
    def view(self, seat: int) -> View:
        """What ``seat`` may know: its own hand, the line, everyone's tile counts, the
        boneyard count and the public history (drawn tiles hidden).  Nothing hidden."""
        from .view import View  # the layer above: imported when first asked, never at load time

        check_seat(seat, self._n)
        legal = tuple(self.legal_moves()) if seat == self._turn and not self._over else ()
        return View(
            rules=self.rules,
            seat=seat,
            players=self._n,
            hand=Hand(tiles_of(self._hands[seat])),
            line=self.line,
            ends=self.ends,
            hand_counts=tuple(_popcount(m) for m in self._hands),
            boneyard_count=len(self._stock),
            turn=self._turn,
            turn_draws=self._turn_draws,
            draw_counts=tuple(self._draws),
            history=tuple(self._public_events()),
            leader=self._leader,
            legal=legal,
            is_over=self._over,
            result=self.result,
            set_aside=tuple(self.set_aside),
            lead=tuple(Hand(tiles_of(self._hands[seat] & self._lead_allowed)))
            if self._left < 0 and seat == self._turn and not self._over else (),
        )

    # ------------------------------------------------------------------ copies, records
    def copy(self) -> Round:
        """An independent copy (for search and what-if analysis)."""
        other = object.__new__(Round)
        for name in _ROUND_SLOTS:
            setattr(other, name, getattr(self, name))
        other._hands = self._hands[:]
        other._stock = self._stock[:]
        other._lstack = self._lstack[:]
        other._rstack = self._rstack[:]
        other._history = self._history[:]
        other._draws = self._draws[:]
        other._events = self._events[:]
        return other

    __copy__ = copy

    def state_key(self) -> tuple[Any, ...]:
        """Everything that defines the position, as one comparable tuple."""
        self._fold()
        return (
            tuple(self._hands), tuple(self._stock), self._left, self._right,
            tuple(self._lstack), tuple(self._rstack), self._turn, self._turn_draws,
            self._passes, tuple(self._draws), self._over, self._went_out, len(self._history),
        )

    def to_record(self) -> dict[str, Any]:
        """The hand as plain JSON-safe data: rules, the deal, every move, the result."""
        from .records import round_to_record

        return round_to_record(self)

    @classmethod
    def from_record(cls, data: dict[str, Any]) -> Round:
        """Rebuild a hand from :meth:`to_record` data, replaying and checking every move.
        A bad record raises :class:`~dominolab.records.RecordError` naming the first bad entry."""
        from .records import round_from_record

        return round_from_record(data)

    # ------------------------------------------------------------------ text and pictures
    def __repr__(self) -> str:
        state = "over" if self._over else f"seat {self._turn} to play"
        return (f"<Round {self.rules.name}, {self._n} players, {state}, "
                f"line {self.line}, boneyard {len(self._stock)}>")

    def __str__(self) -> str:
        if self._left >= 0:
            lines = [_("Line: {line}   ends {left} | {right}").format(line=self.line, left=self._left,
                                                                       right=self._right)]
        else:
            lines = [_("Line: {line}").format(line=_("(empty)"))]
        for seat, hand in enumerate(self.hands):
            value = self.rules.hand_value(hand)
            parts = {"seat": seat, "hand": hand if hand else _("(empty)"), "tiles": tiles_count(len(hand), words=False),
                     "pips": ngettext("{count} pip", "{count} pips", hand.pips).format(count=hand.pips)}
            if value != hand.pips:
                text = _("Seat {seat}: {hand} ({tiles}, {pips}, counting {value})").format(value=value, **parts)
            else:
                text = _("Seat {seat}: {hand} ({tiles}, {pips})").format(**parts)
            if seat == self._turn and not self._over:
                text = _("{seat_line}  <- to play").format(seat_line=text)
            lines.append(text)
        lines.append(self._stock_caption())
        if self._over:
            result = self.result
            assert result is not None  # the hand is over
            lines.append(result.explain())
        return "\n".join(lines)

    def _stock_caption(self) -> str:
        """The undealt tiles in words: a boneyard, or tiles set aside when nobody may draw."""
        count = tiles_count(len(self._stock), words=False)
        if not self.rules.can_draw:
            return _("Set aside (no drawing): {count}").format(count=count)
        if self._floor:
            return ngettext("Boneyard: {count} ({floor} must stay)", "Boneyard: {count} ({floor} must stay)",
                            self._floor).format(count=count, floor=self._floor)
        return _("Boneyard: {count}").format(count=count)

    def _repr_svg_(self) -> str:
        from .render import round_svg

        return round_svg(self)

    def _repr_html_(self) -> str:
        # The picture as an <img> with alt text: shown even where SVG output is not trusted.
        from .render import picture_html

        return picture_html(self)


_ROUND_SLOTS = FastRound.__slots__ + RoundSetup.__slots__ + Round.__slots__


def _walk(history: list[tuple[int, ...]], start: int, ends: Optional[tuple[int, int]], reveal: bool) -> list[Event]:
    """Events for ``history[start:]``, given the ends before it; drawn tiles shown only if
    ``reveal``.  A draw or pass records the ends it faced, which is what makes it informative."""
    out = []
    for entry in history[start:]:
        kind, seat = entry[0], entry[1]
        if kind == _PLAY:
            out.append(Event(seat, "play", TILE_BY_ID[entry[2]], "left" if entry[3] == 0 else "right", ends))
            ends = _ends_after_play(entry)
        elif kind == _DRAW:
            out.append(Event(seat, "draw", TILE_BY_ID[entry[2]] if reveal else None, None, ends))
        else:
            out.append(Event(seat, "pass", None, None, ends))
    return out


def _ends_after_play(entry: tuple[int, ...]) -> tuple[int, int]:
    _, _, tid, side, left, right, _, _ = entry
    tile = TILE_BY_ID[tid]
    if left < 0:
        return (tile.high, tile.low)
    if side == 0:
        return (_PIPS[tid] - left, right)
    return (left, _PIPS[tid] - right)


