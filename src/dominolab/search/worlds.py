"""The worlds a search looks at: the hidden tiles dealt in ways that fit a seat's view.

:class:`Dealer` deals the tiles a seat cannot see, uniformly among the deals that fit
everything public, and weighs a deal by how likely the other seats' plays were in it.
:func:`_first_round` and :func:`_next_deal` put a deal on the round at the decision (a deal
in which the hand would already have ended is drawn again).  Moves travel as the round's
fast move codes (:func:`_code_of`, :func:`_move_of`); a tile played on either of two equal
ends is one move to a search (:func:`_mirror`, :func:`_distinct`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any, Optional, Union

from ..inference import BONEYARD, infer
from ..moves import DRAW, PASS, Move, Play
from ..round import FAST_DRAW, FAST_PASS, Round
from ..shuffling import shuffle
from ..tiles import TILE_BY_ID
from ..view import View

# ---------------------------------------------------------------------------- move codes


def _move_of(code: int) -> Move:
    """The move a fast move code stands for (a play's code is the tile's id and the end, left 0)."""
    if code == FAST_DRAW:
        return DRAW
    if code == FAST_PASS:
        return PASS
    return Play(TILE_BY_ID[code >> 1], "left" if code & 1 == 0 else "right")


def _code_of(move: Move) -> int:
    """The fast move code of ``move``, as the round's fast play-out interface takes it."""
    if move is DRAW:
        return FAST_DRAW
    if move is PASS:
        return FAST_PASS
    return (move.tile.id << 1) | move.side  # type: ignore[union-attr]


def _mirror(code: int, ends: Optional[tuple[int, int]]) -> int:
    """The move ``code`` as a search counts it: on two equal ends a tile played at the
    right end leaves the line as it would at the left, so it is the left-end play."""
    if code >= 0 and code & 1 and ends is not None and ends[0] == ends[1]:
        return code & ~1
    return code


def _distinct(codes: list[int], ends: Optional[tuple[int, int]]) -> list[int]:
    """``codes`` (in :meth:`Round._fast_moves`' order) without their mirror images (see
    :func:`_mirror`): each left-end play comes before its right-end twin."""
    if ends is None or ends[0] != ends[1]:
        return codes
    return [code for code in codes if code < 0 or not code & 1]


# ---------------------------------------------------------------------------- dealing


class Dealer:
    """Deals the tiles ``view.seat`` cannot see, uniformly among the deals that fit the
    view (hand sizes, boneyard size, the numbers each seat is known to lack), and weighs a
    deal by how likely the other seats' plays were in it.

    The weight of a deal is the product, over each play another seat made since its last
    draw (before that, its hand is not known even in the deal), of the chance that a
    player who favours heavy tiles would pick that tile among those it could play then:
    ``exp(b * value) / sum(exp(b * value'))`` with ``b = weighting``.  ``weighting=0``
    weighs every deal alike.
    """

    def __init__(self, view: View, weighting: float = 0.0):
        rules = view.rules
        self.view = view
        self.players = view.players
        self.seat = view.seat
        self.knowledge = infer(view, probabilities=False)
        self.unseen = [t.id for t in self.knowledge.unseen]
        self.places: list[Union[int, str]] = list(self.knowledge.places)
        self.capacity = list(self.knowledge.capacity)
        suit = [0] * (rules.max_pip + 1)
        for t in rules.tiles:
            suit[t.high] |= t.bit
            suit[t.low] |= t.bit
        self.suit = suit
        self.void_mask: dict[Union[int, str], int] = {}
        for seat, numbers in self.knowledge.voids.items():
            mask = 0
            for n in numbers:
                mask |= suit[n]
            self.void_mask[seat] = mask
        self.constrained = any(self.void_mask.get(p, 0) & _mask(self.unseen)
                               for p in self.places if p != BONEYARD)
        self.mine = 0
        for t in view.hand:
            self.mine |= t.bit
        self._accepted = 0
        self._tried = 0
        self.weighting = weighting
        self.evidence = self._evidence(view) if weighting else []
        value = [0.0] * len(TILE_BY_ID)
        for t in rules.tiles:
            value[t.id] = math.exp(weighting * rules.tile_value(t))
        self.likelihood = value

    @staticmethod
    def _evidence(view: View) -> list[tuple[int, int, int, int]]:
        """(seat, tile id played, that tile and the tiles the seat played later, mask of
        the open ends) for each play by another seat since that seat's last draw."""
        rules = view.rules
        suit = [0] * (rules.max_pip + 1)
        for t in rules.tiles:
            suit[t.high] |= t.bit
            suit[t.low] |= t.bit
        last_draw: dict[int, int] = {}
        for i, event in enumerate(view.history):
            if event.action == "draw":
                last_draw[event.seat] = i
        out = []
        later: dict[int, int] = {}
        for i in range(len(view.history) - 1, -1, -1):
            event = view.history[i]
            seat = event.seat
            if seat == view.seat or event.action != "play" or i < last_draw.get(seat, -1):
                continue
            tile = event.tile
            assert tile is not None  # a play names its tile
            if event.ends is not None:
                a, b = event.ends
                out.append((seat, tile.id, later.get(seat, 0) | tile.bit, suit[a] | suit[b]))
            later[seat] = later.get(seat, 0) | tile.bit
        return out

    def deal(self, rng: random.Random) -> tuple[list[int], list[int]]:
        """One deal: every seat's hand as a mask (this seat's own included) and the
        boneyard as tile ids, the next tile to draw last."""
        hands = [0] * self.players
        hands[self.seat] = self.mine
        tiles = self.unseen[:]
        if not self.constrained or self._tried < 8 or self._accepted * 4 >= self._tried:
            for _ in range(3 if self.constrained else 1):
                shuffle(rng, tiles)
                start = 0
                ok = True
                stock: list[int] = []
                for place, size in zip(self.places, self.capacity, strict=True):
                    part = tiles[start:start + size]
                    start += size
                    if place == BONEYARD:
                        stock = part
                        continue
                    mask = 0
                    for tid in part:
                        mask |= 1 << tid
                    if mask & self.void_mask.get(place, 0):
                        ok = False
                        break
                    hands[place] = mask  # type: ignore[index]  # every place but the boneyard is a seat
                if self.constrained:
                    self._tried += 1
                if ok:
                    if self.constrained:
                        self._accepted += 1
                    return hands, stock
        world = self.knowledge.sample(rng)
        for seat, hand in world.hands.items():
            mask = 0
            for t in hand:
                mask |= t.bit
            hands[seat] = mask
        return hands, [t.id for t in reversed(world.boneyard)]

    def weight(self, hands: list[int]) -> float:
        """How likely the other seats' plays were in this deal (relative; 1 without
        weighting)."""
        if not self.evidence:
            return 1.0
        value = self.likelihood
        w = 1.0
        for seat, tid, later, open_mask in self.evidence:
            playable = (hands[seat] | later) & open_mask
            total = 0.0
            while playable:
                low = playable & -playable
                total += value[low.bit_length() - 1]
                playable ^= low
            w *= value[tid] / total
        return w


def _mask(ids: Sequence[int]) -> int:
    """The bitmask of the tiles ``ids``."""
    m = 0
    for tid in ids:
        m |= 1 << tid
    return m


def _round_for(view: View, hands: list[int], stock: list[int]) -> Round:
    from ..tiles import tiles_of

    return Round.from_view(
        view,
        {seat: tuple(tiles_of(mask)) for seat, mask in enumerate(hands) if seat != view.seat and mask},
        [TILE_BY_ID[t] for t in reversed(stock)],
    )


#: Deals a search draws, at most, looking for one in which the hand goes on (see _first_round).
LIVE_TRIES = 200


def _first_round(view: View, dealer: Dealer, rng: random.Random) -> tuple[Round, list[int], list[int]]:
    """The view's position on a deal of the hidden tiles in which the hand goes on.

    The public facts do not rule out every deal the real position rules out: under
    ``stuck_end="at-once"`` a deal in which nobody may play or draw would already have ended
    (R11, decided by the round's ``_after_move``), but which seat holds the playable tile is
    not public.  Such deals are drawn again (up to :data:`LIVE_TRIES`; the true deal goes on,
    so some deal does).  Returns the round and the deal."""
    for _ in range(LIVE_TRIES):
        hands, stock = dealer.deal(rng)
        r = _round_for(view, hands, stock)
        if not r.is_over:
            break
    return r, hands, stock


def _next_deal(r: Round, saved: tuple[Any, ...], dealer: Dealer, rng: random.Random) -> tuple[list[int], list[int]]:
    """Deal the hidden tiles again and load the deal into ``r`` from ``saved`` (its
    :func:`_first_round` state), drawing again a deal in which the hand would already be
    over (see :func:`_first_round`).  Returns the deal."""
    for _ in range(LIVE_TRIES):
        hands, stock = dealer.deal(rng)
        r._fast_load(saved, hands, stock)
        if r._over:
            break  # the first round found no live deal: take what comes
        r._after_move(r._turn, placed=False)  # would this deal have ended the hand?
        if not r._over:
            break
        r._fast_load(saved, hands, stock)
    return hands, stock
