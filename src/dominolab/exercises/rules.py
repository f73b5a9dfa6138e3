"""Exercises for lesson 1, the rules.  Expected answers come from the engine."""

from __future__ import annotations

import dataclasses

from ..moves import DRAW, Play
from ..pieces import Hand
from ..round import Round
from ..rules import Rules
from ..tiles import Tile, tile_set
from .answers import Boolean, Integer, Sequence, Set, TileAnswer
from .core import Exercise

__all__ = ["LEAD_SEED", "q1", "q2", "q3", "q4", "q5"]

#: The deal used in exercise 3.
LEAD_SEED = 31

_HAND = ["6-1", "4-2", "3-3", "5-0"]
_PIPS_HAND = [Tile.parse(t) for t in ("6-4", "5-5", "2-1")]


def _fitting() -> set[Tile]:
    r = Round.from_position("standard", hands=[_HAND, ["2-2"]], line=["6-6", "6-4"])
    return {m.tile for m in r.legal_moves() if isinstance(m, Play)}


def _fitting_one_end(number: int) -> frozenset[Tile]:
    return frozenset(Tile.parse(t) for t in _HAND if Tile.parse(t).has(number))


def _may_draw() -> tuple[bool, bool]:
    out = []
    for name in ("standard", "basic"):
        rules = dataclasses.replace(Rules.preset(name), boneyard_floor=0)
        r = Round.from_position(rules, hands=[["6-1", "2-2"], ["0-0"]], line=["6-6"])
        out.append(DRAW in r.legal_moves())
    return tuple(out)


def _leader() -> int:
    return Round.deal("basic", 3, seed=LEAD_SEED).leader


q1 = Exercise(
    1,
    "How many tiles are in a double-nine set? Give a whole number.",
    answer=Integer(),
    expected=lambda: len(tile_set(9)),
    nudges={
        sum(not t.is_double for t in tile_set(9)): "that leaves out the doubles: 0-0 to 9-9 are tiles too.",
        10 * 10: "that counts 6-4 and 4-6 as two tiles; they are the same tile.",
    },
    hint="A double-N set has one tile for every pair of numbers from 0 to N, doubles included: (N+1)(N+2)/2 tiles.",
    solution="A double-nine set has (9 + 1) × (9 + 2) / 2 tiles.",
    code="len(dl.tile_set(9))",
)

q2 = Exercise(
    2,
    "The ends show 6 and 4. Your hand is 6-1, 4-2, 3-3 and 5-0. Which tiles can you play? "
    "Give a set (or list) of tiles written like '6-1'.",
    answer=Set(TileAnswer(), example="{'6-6', '5-0'}"),
    expected=_fitting,
    nudges=[
        (_fitting_one_end(6), "that tile fits the 6; check every tile against the 4 on the right end too."),
        (_fitting_one_end(4), "that tile fits the 4; check every tile against the 6 on the left end too."),
        (frozenset(Tile.parse(t) for t in _HAND), "a tile fits only if one of its halves matches an end."),
    ],
    hint="A tile can be played if one of its halves matches either end.",
    solution="6-1 matches the 6 on the left and 4-2 the 4 on the right; 3-3 and 5-0 match neither.",
    code="r = dl.Round.from_position('standard', hands=[['6-1', '4-2', '3-3', '5-0'], ['2-2']], "
         "line=['6-6', '6-4'])\n"
         "{move.tile for move in r.legal_moves() if isinstance(move, dl.Play)}",
)

q3 = Exercise(
    3,
    f"Deal `r = dl.Round.deal('basic', players=3, seed={LEAD_SEED})` and look at the hands "
    "(`for seat, hand in enumerate(r.hands): print(seat, hand)`). Under the basic rules, which seat leads? "
    "Answer with the seat number: 0, 1 or 2 (then check with `r.leader`).",
    answer=Integer(example="0"),
    expected=_leader,
    nudges={_leader() + 1: "seats are numbered from 0: the first hand printed is seat 0."},
    nudge="find the highest double among all three hands; its holder leads.",
    hint="In the basic rules the holder of the highest double leads.",
    solution="Seat 2 holds 6-6, the highest double.",
    code=f"r = dl.Round.deal('basic', players=3, seed={LEAD_SEED})\n"
         "for seat, hand in enumerate(r.hands):\n    print(seat, hand)  # who holds the highest double?\n"
         "r.leader",
)

q4 = Exercise(
    4,
    "You hold a tile that fits, and the boneyard is not empty. May you draw anyway? "
    "Answer with a pair (under the standard rules, under the basic rules), each True or False.",
    answer=Sequence(Boolean(), length=2, order="the standard rules first, then the basic rules"),
    expected=_may_draw,
    nudges={
        (False, False): "the two rule books disagree on this point: compare their draw_when_able.",
        (True, True): "the two rule books disagree on this point: compare their draw_when_able.",
    },
    hint="Compare `dl.Rules.preset('standard').draw_when_able` with the basic preset's.",
    solution="The standard rules let you draw even when you could play; the basic rules do not.",
    code="(dl.Rules.preset('standard').draw_when_able, dl.Rules.preset('basic').draw_when_able)",
)

q5 = Exercise(
    5,
    "How many pips are in the hand 6-4, 5-5, 2-1? Give a whole number.",
    answer=Integer(),
    expected=lambda: Hand(_PIPS_HAND).pips,
    nudges={
        sum(t.high if t.is_double else t.pips for t in _PIPS_HAND):
            "a double has pips on both halves: 5-5 counts 10.",
        sum(t.high for t in _PIPS_HAND): "count both halves of every tile, not only the higher one.",
    },
    hint="Add up the spots on both halves of every tile.",
    solution="10 + 10 + 3.",
    code="dl.Hand(dl.Tile.parse(t) for t in ['6-4', '5-5', '2-1']).pips",
)
