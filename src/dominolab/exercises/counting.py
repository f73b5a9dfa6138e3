"""Exercises for lesson 5, counting and inference.  Expected answers come from the engine."""

from __future__ import annotations

import dataclasses
import math

from ..inference import infer, known_voids
from ..moves import DRAW, PASS, Play
from ..round import Round
from ..rules import Rules
from ..view import View
from .core import Exercise

__all__ = ["position", "q1", "q2", "q3", "q4", "q5"]


def position() -> Round:
    """The lesson's position: seat 0 to play against ends 6 and 3; seat 1 holds 5 tiles."""
    return Round.from_position(
        "standard",
        hands=[["6-2", "5-5", "4-1", "3-0"], ["5-4", "2-2", "1-1", "2-0", "6-5"]],
        line=["6-6", "6-4", "4-3"],
        seed=5,
    )


def _view() -> View:
    return position().view(0)


def _fit_share() -> float:
    view = _view()
    fits = [t for t in view.unseen if view.fits(t)]
    return len(fits) / len(view.unseen)


def _two_draws() -> float:
    view = _view()
    unseen = len(view.unseen)
    fits = sum(1 for t in view.unseen if view.fits(t))
    return 1 - math.comb(unseen - fits, 2) / math.comb(unseen, 2)


def _row(preset: str):
    return dataclasses.replace(Rules.preset(preset), draw_from="row-end")


def _after_pass() -> set[int]:
    r = Round.from_position(_row("basic"), hands=[["6-1", "5-5"], ["3-3", "2-0"], ["4-5", "6-6"]],
                            line=["6-4"], boneyard=[])
    r.play(Play("6-1", "left"))  # ends 1 and 4
    r.play(PASS)  # seat 1 has neither
    return set(known_voids(r.view(2))[1])


def _after_draw() -> bool:
    r = Round.from_position(_row("basic"), hands=[["5-5", "1-0"], ["6-6", "2-1"]], line=["5-4"],
                            boneyard=["3-3", "5-2", "0-0"])
    r.play(Play("5-5", "left"))  # ends 5 and 4; seat 1 holds neither
    while r.legal_moves() == [DRAW]:
        r.play(DRAW)  # 3-3 does not fit, 5-2 does
    r.play(r.legal_moves()[0])  # and must be played
    return 5 not in known_voids(r.view(0))[1]


q1 = Exercise(
    1,
    "In the lesson's position (ends 6 and 3), what share of the tiles seat 0 cannot see fit an end? "
    "Give a number between 0 and 1.",
    expected=_fit_share,
    hint="Count view.unseen, then the unseen tiles that fit (view.fits(tile)).",
    solution="8 of the 21 unseen tiles fit: 8 / 21 = 0.381\n\n"
             "fits = [t for t in view.unseen if view.fits(t)]\n"
             "len(fits) / len(view.unseen)",
    wrong=8 / 28,
    nudge="divide by the tiles seat 0 cannot see, not by the whole set.",
)

q2 = Exercise(
    2,
    "Same position: if seat 0 draws two tiles, what is the chance that at least one of them fits? "
    "(Every unseen tile is equally likely to be in the boneyard.)",
    expected=_two_draws,
    hint="It is easier to count the chance that neither fits: choose 2 of the 13 that do not fit, "
         "out of 2 of the 21 unseen.",
    solution="1 - comb(13, 2) / comb(21, 2) = 1 - 78 / 210 = 0.629\n\n"
             "import math\n1 - math.comb(21 - 8, 2) / math.comb(21, 2)",
    wrong=2 * 8 / 21,
    nudge="adding the chances of each draw counts some cases twice; work out the chance that neither fits.",
)

q3 = Exercise(
    3,
    "Basic rules. The line is 6-4; seat 0 plays 6-1 on the left, so the ends are 1 and 4, and seat 1 "
    "passes. Which numbers is seat 1 now known to lack? Give a set.",
    expected=_after_pass,
    hint="A player passes only when nothing he holds fits either end.",
    solution="{1, 4}\n\ninference.known_voids(r.view(2))[1]",
    wrong={1},
    nudge="a pass says something about both ends.",
)

q4 = Exercise(
    4,
    "Basic rules (no drawing while able): seat 1 drew against ends 5 and 4 until a tile fitted, "
    "then played it. Can seat 1 still hold a 5? Answer True or False.",
    expected=_after_draw,
    hint="Under these rules a player may only draw when nothing fits; and the tile that fitted was played.",
    solution="False: every tile he kept lacked 5 and 4, and the tile that fitted was the one he played.",
    wrong=True,
    nudge="think about which tiles he kept: could any of them have fitted?",
)

q5 = Exercise(
    5,
    "Use infer(view) on the lesson's position: what is the probability that seat 1 holds at least one 6?",
    expected=lambda: infer(_view()).suit_probabilities[1][6],
    hint="infer(view).suit_probabilities[seat][number]",
    solution="from dominolab.inference import infer\ninfer(view).suit_probabilities[1][6]",
    wrong=5 / 21,
    judge=lambda answer, expected: None if abs(float(answer) - expected) < 0.005 else
    "read it off infer(view).suit_probabilities[1][6].",
)
