"""The play-outs' picker: how every seat plays when a search plays a hand out.

:class:`Policy` makes a pick function for the round's fast play-out loop
(``Round._fast_rollout``): the heaviest playable tile, now and then a random one.  Cheap on
purpose: a search's strength at a fixed time is play-outs per second.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..tiles import TILE_BY_ID

if TYPE_CHECKING:
    from ..rules import Rules


_HIGH = [t.high for t in TILE_BY_ID]
_LOW = [t.low for t in TILE_BY_ID]


class Policy:
    """How every seat plays in a play-out: the heaviest playable tile (by the rules' tile
    values), or with chance ``noise`` a random one; doubles count ``double_bonus`` extra.
    Cheap on purpose: strength at a fixed time is play-outs per second."""

    def __init__(self, rules: Rules, noise: float = 0.2, double_bonus: float = 0.0, keep_bonus: float = 0.0):
        self.noise = noise
        self.double_bonus = double_bonus
        self.keep_bonus = keep_bonus
        score = [0.0] * len(TILE_BY_ID)
        for t in rules.tiles:
            score[t.id] = rules.tile_value(t) + (double_bonus if t.is_double else 0.0)
        self.score = score
        suit = [0] * (rules.max_pip + 1)
        for t in rules.tiles:
            suit[t.high] |= t.bit
            suit[t.low] |= t.bit
        self.suit = suit

    def picker(self, luck: Sequence[float]) -> tuple[Callable[[int, int, int, int, int], int], list[int]]:
        """A pick function for ``Round._fast_rollout`` that takes its luck from ``luck``
        (32 numbers in [0, 1)), in order, and the counter to set to 0 to replay it."""
        if self.keep_bonus:
            return self._keeping_picker(luck)
        score = self.score
        suit = self.suit
        noise = self.noise
        counter = [0]

        def pick(seat: int, hand: int, playable: int, left: int, right: int) -> int:
            i = counter[0]
            counter[0] = i + 1
            u = luck[i & 31]
            if playable & (playable - 1) == 0:
                tid = playable.bit_length() - 1
            elif u < noise:
                # A random playable tile: the k-th of them.
                m = playable
                for _ in range(int(u / noise * playable.bit_count())):
                    m &= m - 1
                tid = (m & -m).bit_length() - 1
            else:
                best = -1.0
                tid = 0
                m = playable
                while m:
                    low = m & -m
                    t = low.bit_length() - 1
                    if score[t] > best:
                        best = score[t]
                        tid = t
                    m ^= low
            if left < 0 or not (suit[left] >> tid) & 1:
                return (tid << 1) | (0 if left < 0 else 1)
            if left != right and (suit[right] >> tid) & 1 and u * 7.0 % 1.0 < 0.5:
                return (tid << 1) | 1
            return tid << 1

        return pick, counter


    def _keeping_picker(self, luck: Sequence[float]) -> tuple[Callable[[int, int, int, int, int], int], list[int]]:
        """Like :meth:`picker`, but a play also scores ``keep_bonus`` for each tile the
        seat keeps that matches the number the play leaves showing (so it keeps options),
        and a tile that fits both ends goes where it leaves the better number."""
        score = self.score
        suit = self.suit
        noise = self.noise
        keep = self.keep_bonus
        counter = [0]

        def pick(seat: int, hand: int, playable: int, left: int, right: int) -> int:
            i = counter[0]
            counter[0] = i + 1
            u = luck[i & 31]
            if u < noise and playable & (playable - 1):
                m = playable
                for _ in range(int(u / noise * playable.bit_count())):
                    m &= m - 1
                tid = (m & -m).bit_length() - 1
                if left < 0 or not (suit[left] >> tid) & 1:
                    return (tid << 1) | (0 if left < 0 else 1)
                return tid << 1
            best = -1e9
            code = 0
            m = playable
            while m:
                low = m & -m
                t = low.bit_length() - 1
                m ^= low
                rest = hand ^ low
                high_half = _HIGH[t]
                low_half = _LOW[t]
                if left < 0:
                    value = score[t] + keep * max((rest & suit[high_half]).bit_count(),
                                                  (rest & suit[low_half]).bit_count())
                    if value > best:
                        best, code = value, t << 1
                    continue
                if (suit[left] >> t) & 1:
                    shown = low_half if high_half == left else high_half
                    value = score[t] + keep * (rest & suit[shown]).bit_count()
                    if value > best:
                        best, code = value, t << 1
                if (suit[right] >> t) & 1:
                    shown = low_half if high_half == right else high_half
                    value = score[t] + keep * (rest & suit[shown]).bit_count()
                    if value > best:
                        best, code = value, (t << 1) | 1
            return code

        return pick, counter
