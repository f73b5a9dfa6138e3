"""What one seat sees, as a fixed-length array: the environment's observation.

The array is built only from what the seat may know (its :class:`~dominolab.view.View`):
its tiles, the line and its ends, the public history, every seat's tile count, the
boneyard's size and the numbers each other seat is known to lack
(:class:`~dominolab.inference.Voids`).  :func:`observation_of` builds it from a ``View``:
it is the definition.  :class:`Tracker` keeps every seat's array up to date one move at a
time (the environment's fast path) from the same facts, the moves as the table saw them
and each seat's own tiles; ``tests/test_env.py`` checks that the two agree at every step of
random hands under every preset.

Seats are written *relative to the seat that looks*: row 0 is the seat itself, row 1 the
next seat to play after it, and so on; a side's score likewise starts with the seat's own
side.  The blocks, in order (``Layout.blocks`` names them with their offsets):

========== ============ ==================================================================
block      length       what
========== ============ ==================================================================
hand       S            1 for each tile the seat holds (S: the tile ids of the set)
line       S            1 for each tile on the line
played     n × S        row k: the tiles relative seat k has played
left       P            one-hot: the number open at the left end (P = max_pip + 1; zeros
                        before the lead)
right      P            one-hot: the number open at the right end
counts     n            tiles each relative seat holds
boneyard   1            tiles in the boneyard
drawn      n            tiles each relative seat has drawn this hand
passes     n            times each relative seat has passed this hand
lacks      n × P        row k: 1 for each number relative seat k is known to lack (row 0,
                        the seat itself, stays 0: it sees its own tiles)
to_move    n            one-hot: the relative seat to move (zeros once the hand is over)
turn_draws 1            tiles the seat to move has drawn this turn
scores     sides        in a match: each side's score, the seat's own side first (else 0)
target     1            in a match: the target (else 0)
========== ============ ==================================================================
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Optional

import numpy as np

from ..inference import Voids, known_voids
from ..moves import Event
from ..rules import Rules
from ..tiles import TILE_BY_ID
from ..view import View

__all__ = ["Layout", "Tracker", "observation_of"]


class Layout:
    """Where each block of the observation sits, for one rule set and number of seats."""

    def __init__(self, rules: Rules, players: int):
        self.rules = rules
        self.players = n = players
        #: Tile ids run from 0 to S - 1 (the ids of every tile up to the set's top double).
        self.tiles = S = (rules.max_pip + 1) * (rules.max_pip + 2) // 2
        self.numbers = P = rules.max_pip + 1
        self.sides = rules.sides(players)
        sizes = [("hand", S), ("line", S), ("played", n * S), ("left", P), ("right", P), ("counts", n),
                 ("boneyard", 1), ("drawn", n), ("passes", n), ("lacks", n * P), ("to_move", n),
                 ("turn_draws", 1), ("scores", self.sides), ("target", 1)]
        self.blocks: dict[str, tuple[int, int]] = {}
        offset = 0
        for name, size in sizes:
            self.blocks[name] = (offset, size)
            offset += size
        #: The observation's length.
        self.size = offset
        for name, (start, _size) in self.blocks.items():
            setattr(self, name, start)

    def side_order(self, seat: int) -> list[int]:
        """The sides as the seat writes them: its own side first, then in seat order."""
        rules, n = self.rules, self.players
        own = rules.side_of(seat, n)
        return [(own + k) % self.sides for k in range(self.sides)]

    def block(self, observation: Any, name: str) -> Any:
        """The part of ``observation`` that holds block ``name``."""
        start, size = self.blocks[name]
        return observation[start:start + size]


def observation_of(view: View, layout: Optional[Layout] = None, scores: Optional[Sequence[int]] = None,
                   target: Optional[int] = None) -> np.ndarray:
    """The observation of ``view.seat``, from its view alone (and, in a match, the sides'
    ``scores`` and the ``target``, which the whole table knows)."""
    layout = layout or Layout(view.rules, view.players)
    n, S, P = layout.players, layout.tiles, layout.numbers
    me = view.seat
    out = np.zeros(layout.size, dtype=np.float32)
    L: Any = layout
    for tile in view.hand:
        out[L.hand + tile.id] = 1
    for placed in view.line:
        out[L.line + placed.tile.id] = 1
    passes = [0] * n
    for event in view.history:
        if event.action == "play":
            assert event.tile is not None
            out[L.played + ((event.seat - me) % n) * S + event.tile.id] = 1
        elif event.action == "pass":
            passes[event.seat] += 1
    if view.ends is not None:
        out[L.left + view.ends[0]] = 1
        out[L.right + view.ends[1]] = 1
    for seat in range(n):
        k = (seat - me) % n
        out[L.counts + k] = view.hand_counts[seat]
        out[L.drawn + k] = view.draw_counts[seat]
        out[L.passes + k] = passes[seat]
    out[L.boneyard] = view.boneyard_count
    for seat, numbers in known_voids(view).items():
        for number in numbers:
            out[L.lacks + ((seat - me) % n) * P + number] = 1
    if not view.is_over:
        out[L.to_move + (view.turn - me) % n] = 1
        out[L.turn_draws] = view.turn_draws
    if scores is not None:
        for k, side in enumerate(layout.side_order(me)):
            out[L.scores + k] = scores[side]
        out[L.target] = target or 0
    return out


class Tracker:
    """Every seat's observation, kept up to date move by move.

    Start it with each seat's own view of the deal (``Tracker(layout, views)``), then tell
    it each move as the table sees it (:meth:`played`, :meth:`drew`, :meth:`passed`) and, for
    a draw, the tile drawn, which only the drawing seat's array takes in.  ``arrays[seat]``
    is then ``observation_of(round.view(seat))``; :meth:`over` marks the end of the hand."""

    __slots__ = ("arrays", "counts", "ends", "layout", "passes", "to_move", "turn_draws", "voids")

    def __init__(self, layout: Layout, views: Sequence[View], scores: Optional[Sequence[int]] = None,
                 target: Optional[int] = None):
        self.layout = layout
        self.arrays = [observation_of(v, layout, scores, target) for v in views]
        first = views[0]
        self.voids = []
        for v in views:
            voids = Voids(v.rules, v.players, v.seat)
            for event in v.history:
                voids.add(event)
            self.voids.append(voids)
        self.counts = list(first.hand_counts)
        self.ends: Optional[tuple[int, int]] = first.ends
        self.to_move = first.turn
        self.turn_draws = first.turn_draws
        self.passes = [0] * layout.players
        for event in first.history:
            if event.action == "pass":
                self.passes[event.seat] += 1

    def _event(self, event: Event) -> None:
        L: Any = self.layout
        n, P = L.players, L.numbers
        for seat, voids in enumerate(self.voids):
            changed = voids.add(event)
            if changed is not None:
                row = L.lacks + ((changed - seat) % n) * P
                array = self.arrays[seat]
                array[row:row + P] = 0
                for number in voids.known[changed]:
                    array[row + number] = 1

    def _turn(self, mover: int, following: int, turn_draws: int) -> None:
        L: Any = self.layout
        n = L.players
        for seat, array in enumerate(self.arrays):
            array[L.to_move + (mover - seat) % n] = 0
            array[L.to_move + (following - seat) % n] = 1
            array[L.turn_draws] = turn_draws
        self.to_move = following
        self.turn_draws = turn_draws

    def played(self, seat: int, tid: int, ends: tuple[int, int], following: int) -> None:
        """``seat`` played tile ``tid``, leaving ``ends`` open; ``following`` moves next."""
        L: Any = self.layout
        n, S = L.players, L.tiles
        before = self.ends
        self._event(Event(seat, "play", TILE_BY_ID[tid], None, before))
        self.counts[seat] -= 1
        count = self.counts[seat]
        left, right = ends
        for looker, array in enumerate(self.arrays):
            k = (seat - looker) % n
            array[L.played + k * S + tid] = 1
            array[L.line + tid] = 1
            array[L.counts + k] = count
            if before is not None:
                array[L.left + before[0]] = 0
                array[L.right + before[1]] = 0
            array[L.left + left] = 1
            array[L.right + right] = 1
        self.arrays[seat][L.hand + tid] = 0
        self.ends = ends
        self._turn(seat, following, 0)

    def drew(self, seat: int, tid: int) -> None:
        """``seat`` drew tile ``tid`` (the others see a draw, not the tile); it moves again."""
        L: Any = self.layout
        n = L.players
        self._event(Event(seat, "draw", None, None, self.ends))
        self.counts[seat] += 1
        count, drawn_index = self.counts[seat], L.drawn
        for looker, array in enumerate(self.arrays):
            k = (seat - looker) % n
            array[L.counts + k] = count
            array[drawn_index + k] += 1
            array[L.boneyard] -= 1
        self.arrays[seat][L.hand + tid] = 1
        self._turn(seat, seat, self.turn_draws + 1)

    def passed(self, seat: int, following: int) -> None:
        """``seat`` passed; ``following`` moves next."""
        L: Any = self.layout
        n = L.players
        self._event(Event(seat, "pass", None, None, self.ends))
        self.passes[seat] += 1
        passes = self.passes[seat]
        for looker, array in enumerate(self.arrays):
            array[L.passes + (seat - looker) % n] = passes
        self._turn(seat, following, 0)

    def over(self) -> None:
        """The hand has ended: nobody is to move."""
        L: Any = self.layout
        n = L.players
        for seat, array in enumerate(self.arrays):
            array[L.to_move + (self.to_move - seat) % n] = 0
            array[L.turn_draws] = 0
