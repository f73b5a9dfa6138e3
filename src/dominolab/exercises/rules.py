"""Exercises for lesson 1, the rules.  Expected answers come from the engine."""

from __future__ import annotations

import dataclasses

from ..moves import DRAW, Play
from ..pieces import Hand
from ..round import Round
from ..rules import Rules
from ..tiles import Tile, tile_set
from .core import Exercise

__all__ = ["LEAD_SEED", "q1", "q2", "q3", "q4", "q5"]

#: The deal used in exercise 3.
LEAD_SEED = 31


def _as_tiles(answer) -> set[Tile]:
    if isinstance(answer, str):
        answer = answer.replace(",", " ").split()
    return {Tile.coerce(t) for t in answer}


def _fitting() -> set[Tile]:
    r = Round.from_position("standard", hands=[["6-1", "4-2", "3-3", "5-0"], ["2-2"]], line=["6-6", "6-4"])
    return {m.tile for m in r.legal_moves() if isinstance(m, Play)}


def _may_draw() -> tuple[bool, bool]:
    out = []
    for name in ("standard", "basic"):
        rules = dataclasses.replace(Rules.preset(name), boneyard_floor=0)
        r = Round.from_position(rules, hands=[["6-1", "2-2"], ["0-0"]], line=["6-6"])
        out.append(DRAW in r.legal_moves())
    return tuple(out)


q1 = Exercise(
    1,
    "How many tiles are in a double-nine set?",
    expected=lambda: len(tile_set(9)),
    hint="A double-N set has one tile for every pair of numbers from 0 to N, doubles included: (N+1)(N+2)/2.",
    solution="(9 + 1) × (9 + 2) / 2 = 55\n\nlen(dl.tile_set(9))",
    wrong=45,
    nudge="did you count the doubles? Try the formula (N+1)(N+2)/2.",
)

q2 = Exercise(
    2,
    "The ends show 6 and 4. Your hand is 6-1, 4-2, 3-3 and 5-0. Which tiles can you play? "
    "Give a set of tiles written like '6-1'.",
    expected=_fitting,
    hint="A tile can be played if one of its halves matches either end.",
    solution="{'6-1', '4-2'}\n\nr = dl.Round.from_position('standard', hands=[['6-1', '4-2', '3-3', '5-0'], ['2-2']], "
             "line=['6-6', '6-4'])\nr.legal_moves()",
    wrong={"6-1"},
    judge=lambda answer, expected: None if _as_tiles(answer) == expected else
    "check every tile against both ends: the 6 on the left and the 4 on the right.",
)

q3 = Exercise(
    3,
    f"Deal r = dl.Round.deal('basic', players=3, seed={LEAD_SEED}) and look at the hands "
    "(for seat, hand in enumerate(r.hands): print(seat, hand)). Under the basic rules, which seat leads? "
    "Answer with the seat number (then check with r.leader).",
    expected=lambda: Round.deal("basic", 3, seed=LEAD_SEED).leader,
    hint="In the basic rules the holder of the highest double leads.",
    solution=f"r = dl.Round.deal('basic', players=3, seed={LEAD_SEED})\n"
             "for seat, hand in enumerate(r.hands):\n    print(seat, hand)  # who holds the highest double?\n"
             "r.leader",
    wrong=0,
    nudge="find the highest double among all three hands.",
)

q4 = Exercise(
    4,
    "You hold a tile that fits, and the boneyard is not empty. May you draw anyway? "
    "Answer with a tuple: (under the standard rules, under the basic rules), each True or False.",
    expected=_may_draw,
    hint="Compare rules.draw_when_able for the two presets.",
    solution="(True, False)\n\n"
             "dl.Rules.preset('standard').draw_when_able, dl.Rules.preset('basic').draw_when_able",
    wrong=(False, False),
    judge=lambda answer, expected: None if tuple(answer) == expected else
    "the two rule books disagree on this point: look at draw_when_able.",
)

q5 = Exercise(
    5,
    "How many pips are in the hand 6-4, 5-5, 2-1?",
    expected=lambda: Hand(Tile.parse(t) for t in ("6-4", "5-5", "2-1")).pips,
    hint="Add up the spots on both halves of every tile.",
    solution="10 + 10 + 3 = 23\n\ndl.Hand(dl.Tile.parse(t) for t in ['6-4', '5-5', '2-1']).pips",
    wrong=20,
    nudge="count both halves of every tile.",
)
