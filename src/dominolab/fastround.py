"""The round's bitmask core: the fast play-out interface a search plays thousands of hands
a second through.

:class:`~dominolab.round.Round` keeps its state in machine form (each hand a bitmask of tile
ids, the boneyard a list of ids in draw order, the history as tuples, and the line two stacks
growing outwards from the lead, laid from the history only when something reads the line:
:meth:`FastRound._fold`); :class:`FastRound`, a base of ``Round``, holds the methods
that play on that state directly.  They speak in move codes (:data:`FAST_DRAW`,
:data:`FAST_PASS`, or tile id * 2 + side for a play, side 0 being the left end) instead of
objects, and skip the checks of ``play()``, so the caller must only make the moves
``_fast_moves()`` lists.  They change the state exactly as ``play()`` does (the same history
entries, so ``undo()`` and ``result`` work after them), and every rule question goes to the
one method that decides it everywhere, in :mod:`dominolab.round`: ``_draw_refusal`` (may
this seat draw, R7-R9), ``_after_move`` (does the hand end, R10-R11) and
:func:`dominolab.scoring.score` (who won, what it scores, R12-R16).  ``tests/test_search.py``
checks, by random play under every preset, that they make exactly the moves and the results
of ``legal_moves()``, ``play()`` and ``result``.

Also here: the bitmasks of a tile set (``_SetInfo``) and small mask helpers.

Internal: used by :mod:`dominolab.search`, :mod:`dominolab.exact` and
:mod:`dominolab.playout` (through ``Round``); the public round is :mod:`dominolab.round`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Optional

from .moves import Event
from .rules import Rules
from .scoring import RoundResult, score
from .tiles import TILE_BY_ID, Tile

__all__ = ["FAST_DRAW", "FAST_PASS", "FastRound"]

_PIPS = [t.pips for t in TILE_BY_ID]
_HIGH = [t.high for t in TILE_BY_ID]

#: Move codes of the fast play-out interface (plays are tile id * 2 + side).
FAST_DRAW, FAST_PASS = -1, -2

# History entries (tuples, for speed): the first item says what they are.
#   (_PLAY, seat, tile id, side, left end before, right end before, turn draws, passes)
#   (_DRAW, seat, tile id, turn draws, passes)
#   (_PASS, seat, turn draws, passes)
_PLAY, _DRAW, _PASS = 0, 1, 2

#: Per rules: each tile's counted value (R14) by tile id, and the points of finished hands
#: by their final state and by what scoring reads (see FastRound._fast_points).
#: Both are bounded so a long kernel's memory stays flat: at most ``POINTS_MEMO_RULES`` rule
#: sets are remembered (the least recently used one is forgotten first) and each of a rule
#: set's two tables is emptied when it reaches ``POINTS_MEMO_ENTRIES`` (about 0.5 KB each).
_PointsMemo = tuple[list[int], dict[tuple[Any, ...], tuple[int, ...]], dict[tuple[Any, ...], tuple[int, ...]]]
_POINTS_MEMO: dict[Rules, _PointsMemo] = {}
POINTS_MEMO_RULES = 4
POINTS_MEMO_ENTRIES = 50_000


class _SetInfo:
    """Bitmasks of one tile set, shared by every round that uses it."""

    __slots__ = ("doubles", "ids", "mask", "suit", "suit_size", "top_double")

    def __init__(self, rules: Rules):
        tiles = rules.tiles
        self.ids = sorted(t.id for t in tiles)
        self.mask = 0
        for t in tiles:
            self.mask |= t.bit
        self.suit = [0] * (rules.max_pip + 1)
        for t in tiles:
            self.suit[t.high] |= t.bit
            self.suit[t.low] |= t.bit
        self.suit_size = [bin(m).count("1") for m in self.suit]
        self.doubles = 0
        for t in tiles:
            if t.is_double:
                self.doubles |= t.bit
        self.top_double = Tile(rules.max_pip, rules.max_pip).id if rules.doubles else None


_SETS: dict[tuple[int, bool], _SetInfo] = {}

def _set_info(rules: Rules) -> _SetInfo:
    key = (rules.max_pip, rules.doubles)
    info = _SETS.get(key)
    if info is None:
        info = _SETS[key] = _SetInfo(rules)
    return info


def _mask(tiles: Iterable[Tile]) -> int:
    m = 0
    for t in tiles:
        m |= t.bit
    return m


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _popcount(mask: int) -> int:
    return bin(mask).count("1")


class FastRound:
    """The fast play-out interface and the state it plays on (a base of
    :class:`~dominolab.round.Round`, which sets that state up in ``Round._blank``)."""

    __slots__ = (
        "_draws",
        "_events",
        "_fast_memo",
        "_folded",
        "_hands",
        "_history",
        "_lead_allowed",
        "_left",
        "_line_mask",
        "_lstack",
        "_n",
        "_over",
        "_passes",
        "_result",
        "_right",
        "_rstack",
        "_stock",
        "_suit",
        "_turn",
        "_turn_draws",
        "_went_out",
        "rules",
    )

    # the state this interface reads and changes (Round has the rest)
    rules: Rules
    _n: int
    _suit: list[int]  # per number, the mask of the tiles that carry it
    _hands: list[int]  # one bitmask of tile ids per seat
    _stock: list[int]  # the boneyard's tile ids; pop() takes the next tile
    _left: int  # the numbers at the ends; -1 before the lead
    _right: int
    # The line: (tile id, left half, right half) outwards from the lead, and its tiles' mask,
    # as of the first _folded history entries (see _fold); the ends above are always current.
    _lstack: list[tuple[int, int, int]]
    _rstack: list[tuple[int, int, int]]
    _line_mask: int
    _folded: int
    _turn: int
    _turn_draws: int
    _passes: int
    _history: list[tuple[int, ...]]  # _PLAY / _DRAW / _PASS entries (see above)
    _draws: list[int]
    _over: bool
    _went_out: Optional[int]
    _result: Optional[RoundResult]
    _lead_allowed: int
    _events: list[Event]
    _fast_memo: Optional[_PointsMemo]

    if TYPE_CHECKING:  # decided in dominolab.round, the one place for each rule question
        def _draw_refusal(self, playable: int) -> Optional[tuple[str, dict[str, Any]]]: ...

        def _after_move(self, seat: int, placed: bool) -> None: ...

        def _last_player(self) -> Optional[int]: ...

    def _fast_moves(self) -> list[int]:
        """:meth:`legal_moves` as codes, in the same order."""
        if self._over:
            return []
        hand = self._hands[self._turn]
        left = self._left
        out = []
        if left < 0:
            m = hand & self._lead_allowed
            while m:
                low = m & -m
                out.append((low.bit_length() - 1) << 1)
                m ^= low
            return out
        suit = self._suit
        ml = hand & suit[left]
        mr = hand & suit[self._right]
        m = ml
        while m:
            low = m & -m
            out.append((low.bit_length() - 1) << 1)
            m ^= low
        m = mr
        while m:
            low = m & -m
            out.append(((low.bit_length() - 1) << 1) | 1)
            m ^= low
        if self._draw_refusal(ml | mr) is None:
            out.append(FAST_DRAW)
        elif not out:
            out.append(FAST_PASS)
        return out

    def _fast_playable(self) -> int:
        """The tiles the seat to move could play now, as a mask."""
        left = self._left
        if left < 0:
            return self._hands[self._turn] & self._lead_allowed
        return self._hands[self._turn] & (self._suit[left] | self._suit[self._right])

    def _fast_play(self, code: int) -> None:
        """Make the move ``code`` (one that :meth:`_fast_moves` lists)."""
        if code >= 0:
            self._fast_place(code >> 1, code & 1)
        elif code == FAST_DRAW:
            self._fast_draw()
        else:
            self._fast_pass()

    def _fast_place(self, tid: int, side: int) -> None:
        """Play tile ``tid`` at ``side`` (0 left, 1 right; either for the lead)."""
        turn = self._turn
        self._hands[turn] ^= 1 << tid
        left = self._left
        if left < 0:
            tile = TILE_BY_ID[tid]
            self._left, self._right = tile.high, tile.low
            self._history.append((_PLAY, turn, tid, 0, -1, -1, self._turn_draws, self._passes))
        else:
            right = self._right
            if side == 0:
                self._left = _PIPS[tid] - left
            else:
                self._right = _PIPS[tid] - right
            self._history.append((_PLAY, turn, tid, side, left, right, self._turn_draws, self._passes))
        self._turn_draws = 0
        self._passes = 0
        self._turn = turn + 1 if turn + 1 < self._n else 0
        self._after_move(turn, placed=True)

    def _fast_draw(self, tid: Optional[int] = None) -> int:
        """Draw the next tile of the boneyard, or (for a search that treats the draw as
        chance) the tile ``tid``, which must be in it.  Returns the tile's id."""
        turn = self._turn
        stock = self._stock
        if tid is not None and stock[-1] != tid:
            stock.remove(tid)
            stock.append(tid)
        tid = stock.pop()
        self._hands[turn] |= 1 << tid
        self._history.append((_DRAW, turn, tid, self._turn_draws, self._passes))
        self._turn_draws += 1
        self._draws[turn] += 1
        self._passes = 0
        self._after_move(turn, placed=False)
        return tid

    def _fast_pass(self) -> None:
        """Pass (the seat to move can neither play nor draw)."""
        turn = self._turn
        self._history.append((_PASS, turn, self._turn_draws, self._passes))
        self._turn_draws = 0
        self._passes += 1
        self._turn = turn + 1 if turn + 1 < self._n else 0
        self._after_move(turn, placed=False)

    def _fast_stuck(self) -> None:
        """The move of a seat with nothing to play: draw when the rules let it, else pass."""
        if self._draw_refusal(0) is None:
            self._fast_draw()
        else:
            self._fast_pass()

    def _fast_turn(self) -> int:
        """The seat to move, or -1 once the hand is over."""
        return -1 if self._over else self._turn

    def _fast_hand(self) -> int:
        """The hand of the seat to move, as a mask."""
        return self._hands[self._turn]

    def _fast_ends(self) -> tuple[int, int]:
        """The numbers open at the line's two ends (-1, -1 before the lead)."""
        return self._left, self._right

    def _fast_chances(self) -> list[int]:
        """The tiles the next draw may bring (the boneyard, as ids)."""
        return self._stock[:]

    def _fast_rollout(self, pick: Callable[[int, int, int, int, int], int]) -> int:
        """Play to the end of the hand and return how many moves that took: a seat with a
        playable tile plays the move code ``pick(seat, hand, playable, left, right)``
        returns (a play of one of the ``playable`` tiles; ``left`` is -1 before the lead),
        and a seat without one draws or passes as the rules require.  (The moves are
        made as :meth:`_fast_place`, :meth:`_fast_draw` and :meth:`_fast_pass` make them,
        inlined: this loop is where a search spends its time.)"""
        hands = self._hands
        suit = self._suit
        history = self._history
        append = history.append
        n = self._n
        before = len(history)
        after_move = self._after_move
        while not self._over:
            turn = self._turn
            left = self._left
            hand = hands[turn]
            if left < 0:
                playable = hand & self._lead_allowed
            else:
                right = self._right
                playable = hand & (suit[left] | suit[right])
            if playable:
                code = pick(turn, hand, playable, left, self._right)
                tid = code >> 1
                hands[turn] = hand ^ (1 << tid)
                if left < 0:
                    high = _HIGH[tid]
                    self._left, self._right = high, _PIPS[tid] - high
                    append((_PLAY, turn, tid, 0, -1, -1, self._turn_draws, self._passes))
                else:
                    if code & 1:
                        self._right = _PIPS[tid] - right
                    else:
                        self._left = _PIPS[tid] - left
                    append((_PLAY, turn, tid, code & 1, left, right, self._turn_draws, self._passes))
                self._turn_draws = 0
                self._passes = 0
                self._turn = turn + 1 if turn + 1 < n else 0
                after_move(turn, True)
            elif self._draw_refusal(0) is None:
                self._fast_draw()
            else:
                self._fast_pass()
        return len(history) - before

    def _fast_save(self) -> tuple[Any, ...]:
        """The mutable state, for :meth:`_fast_load` (cheaper than copy() and undo())."""
        return (self._hands[:], self._stock[:], self._left, self._right, self._line_mask, self._turn,
                self._turn_draws, self._passes, self._draws[:], self._over, self._went_out,
                len(self._history), len(self._lstack), len(self._rstack), len(self._events), self._folded)

    def _fast_load(self, saved: tuple[Any, ...], hands: Optional[Sequence[int]] = None,
                   stock: Optional[Sequence[int]] = None) -> None:
        """Go back to a state :meth:`_fast_save` saved from this round (or its copy), with
        the moves made since forgotten.  ``hands`` and ``stock`` (tile ids, the next tile to
        draw last) replace the saved ones: a search deals the hidden tiles another way this
        way; the caller keeps every tile of the set in exactly one place."""
        (h, s, self._left, self._right, self._line_mask, self._turn, self._turn_draws, self._passes,
         d, self._over, self._went_out, nh, nl, nr, ne, self._folded) = saved
        self._hands = list(h if hands is None else hands)
        self._stock = list(s if stock is None else stock)
        self._draws = d[:]
        self._result = None
        del self._history[nh:]
        del self._lstack[nl:]
        del self._rstack[nr:]
        del self._events[ne:]

    def _fold(self) -> None:
        """Lay the plays made since the last fold onto the line (its stacks and mask).  A move
        only records its history entry and the new ends; the line is laid from the history
        when something reads it (``Round.line``, ``is_blocked``, ``state_key``), so the moves
        of a hand nobody looks at do not pay for it."""
        history = self._history
        done = self._folded
        if done == len(history):
            return
        lstack, rstack = self._lstack, self._rstack
        mask = self._line_mask
        for entry in history[done:]:
            if entry[0] == _PLAY:
                tid, side, left, right = entry[2], entry[3], entry[4], entry[5]
                mask |= 1 << tid
                if left < 0:  # the lead, turned high half first
                    high = _HIGH[tid]
                    rstack.append((tid, high, _PIPS[tid] - high))
                elif side:
                    rstack.append((tid, right, _PIPS[tid] - right))
                else:
                    lstack.append((tid, _PIPS[tid] - left, left))
        self._line_mask = mask
        self._folded = len(history)

    def _fast_key(self) -> tuple[Any, ...]:
        """The state as a search's transposition table needs it: the boneyard as a set
        (its order is chance), the rest as in :meth:`state_key` minus the line's layout,
        which the hands and the boneyard imply.  The last seat to play is in it: a tie
        rule may give a blocked hand to the seat that blocked it."""
        stock = 0
        for tid in self._stock:
            stock |= 1 << tid
        return (tuple(self._hands), stock, self._left, self._right, self._turn, self._turn_draws,
                self._passes, tuple(self._draws), self._over, self._last_player())

    def _fast_points(self) -> tuple[int, ...]:
        """``result.points`` of the finished hand, remembered by the final state and by
        what scoring reads (each hand's counted pips, tile count and highest half, who went
        out, who played last, the draws), so a search scores thousands of play-outs for
        the price of a few hundred."""
        shared = self._fast_memo
        if shared is None:
            shared = _POINTS_MEMO.pop(self.rules, None)
            if shared is None:
                while len(_POINTS_MEMO) >= POINTS_MEMO_RULES:
                    del _POINTS_MEMO[next(iter(_POINTS_MEMO))]  # the least recently used
                shared = ([self.rules.tile_value(t) for t in TILE_BY_ID], {}, {})
            _POINTS_MEMO[self.rules] = shared  # (re)inserted last: the most recently used
            self._fast_memo = shared
        value, by_state, by_facts = shared
        blocker = self._last_player()
        state = (tuple(self._hands), self._went_out, blocker, tuple(self._draws))
        points = by_state.get(state)
        if points is not None:
            return points
        pips = []
        counts = []
        heaviest = []
        for mask in self._hands:
            total = 0
            count = 0
            high = -1
            while mask:
                low = mask & -mask
                tid = low.bit_length() - 1
                total += value[tid]
                count += 1
                if _HIGH[tid] > high:
                    high = _HIGH[tid]
                mask ^= low
            pips.append(total)
            counts.append(count)
            heaviest.append(high)
        facts = (tuple(pips), tuple(counts), tuple(heaviest), self._went_out, blocker, tuple(self._draws))
        points = by_facts.get(facts)
        if points is None:
            if len(by_facts) >= POINTS_MEMO_ENTRIES:
                by_facts.clear()
            points = by_facts[facts] = score(self.rules, pips, self._went_out, tile_counts=counts,
                                             heaviest_ends=heaviest, blocker=blocker, draws=self._draws).points
        if len(by_state) >= POINTS_MEMO_ENTRIES:
            by_state.clear()
        by_state[state] = points
        return points
