"""Exercises for lesson 5, counting and inference.  Expected answers come from the engine."""

from __future__ import annotations

import dataclasses
import math

from ..inference import infer, known_voids
from ..moves import DRAW, PASS, Play
from ..round import Round
from ..rules import Rules
from ..view import View
from .answers import Boolean, Integer, Number, Set
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


def _counts() -> tuple[int, int, int]:
    """Tiles seat 0 cannot see, how many of them fit an end, and tiles in the whole set."""
    view = _view()
    return len(view.unseen), sum(1 for t in view.unseen if view.fits(t)), len(view.rules.tiles)


def _fit_share() -> float:
    unseen, fits, _ = _counts()
    return fits / unseen


def _two_draws() -> float:
    unseen, fits, _ = _counts()
    return 1 - math.comb(unseen - fits, 2) / math.comb(unseen, 2)


def _six_odds() -> dict[int, float]:
    return infer(_view()).suit_probabilities[1]


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


_UNSEEN, _FITS, _SET = _counts()
_SHARE = _FITS / _UNSEEN

q1 = Exercise(
    1,
    "In the lesson's position (ends 6 and 3), what share of the tiles seat 0 cannot see fit an end? "
    "Give a number between 0 and 1, to 3 decimal places (or a percentage as text, such as '12.5%').",
    answer=Number(places=3, percent=True),
    expected=_fit_share,
    nudges={
        _FITS / _SET: "divide by the tiles seat 0 cannot see, not by the whole set.",
        1 - _SHARE: "that is the share that does not fit.",
    },
    hint="`view.unseen` lists the tiles seat 0 cannot see, and `view.fits` tells whether a tile fits an end.",
    hint_code="view = ex.position().view(0)",
    solution="8 of the 21 unseen tiles fit: 8 / 21.",
    code="view = ex.position().view(0)\n"
         "fits = [t for t in view.unseen if view.fits(t)]\n"
         "len(fits) / len(view.unseen)",
)

q2 = Exercise(
    2,
    "Same position: if seat 0 draws two tiles, what is the chance that at least one of them fits? "
    "(Every unseen tile is equally likely to be in the boneyard.) Give a number between 0 and 1, "
    "to 3 decimal places (or a percentage as text, such as '12.5%').",
    answer=Number(places=3, percent=True),
    expected=_two_draws,
    nudges={
        2 * _SHARE: "adding the chances of each draw counts some cases twice; work out the chance that neither fits.",
        _SHARE: "that is the chance for one draw; with two draws there are two chances to find a fit.",
        _FITS * (_FITS - 1) / (_UNSEEN * (_UNSEEN - 1)): "that is the chance that both fit; "
                                                          "the question asks for at least one.",
        1 - (1 - _SHARE) ** 2: "that treats the second draw as if the first tile went back. "
                               "After a tile that does not fit, one fewer is left of each kind.",
    },
    hint="It is easier to count the chance that neither fits: choose 2 of the 13 that do not fit, "
         "out of 2 of the 21 unseen. `math.comb(21, 2)` counts the ways to choose 2 of 21.",
    solution="1 - comb(13, 2) / comb(21, 2) = 1 - 78 / 210.",
    code="import math\n\n1 - math.comb(21 - 8, 2) / math.comb(21, 2)",
)

q3 = Exercise(
    3,
    "Basic rules. The line is 6-4; seat 0 plays 6-1 on the left, so the ends are 1 and 4, and seat 1 "
    "passes. Which numbers is seat 1 now known to lack? Give a set of whole numbers.",
    answer=Set(Integer(), example="{2, 5}"),
    expected=_after_pass,
    nudges=[
        (frozenset({1}), "a pass says something about both ends."),
        (frozenset({4}), "a pass says something about both ends."),
    ],
    hint="A player passes only when nothing he holds fits either end.",
    solution="Seat 1 passed against ends 1 and 4, so he holds neither number.",
    code="from dominolab.inference import known_voids\n\n"
         'game = dl.Round.from_position("basic", hands=[["6-1", "5-5"], ["3-3", "2-0"], ["4-5", "6-6"]],\n'
         '                              line=["6-4"], boneyard=[])\n'
         'game.play(dl.Play("6-1", "left"))  # the ends are now 1 and 4\n'
         "game.play(dl.Pass())               # seat 1 has neither\n"
         "set(known_voids(game.view(2))[1])  # what seat 2 knows about seat 1",
)

q4 = Exercise(
    4,
    "Basic rules (no drawing while able): seat 1 drew against ends 5 and 4 until a tile fitted, "
    "then played it. Can seat 1 still hold a 5? Answer True or False.",
    answer=Boolean(),
    expected=_after_draw,
    nudges={True: "think about which tiles he kept: could any of them have fitted?"},
    hint="Under these rules a player may only draw when nothing fits; and the tile that fitted was played.",
    solution="Every tile he kept lacked 5 and 4, and the tile that fitted was the one he played.",
    code="import dataclasses\n\nfrom dominolab.inference import known_voids\n\n"
         'rules = dataclasses.replace(dl.Rules.preset("basic"), draw_from="row-end")\n'
         'r = dl.Round.from_position(rules, hands=[["5-5", "1-0"], ["6-6", "2-1"]], line=["5-4"],\n'
         '                           boneyard=["3-3", "5-2", "0-0"])\n'
         'r.play(dl.Play("5-5", "left"))  # the ends are 5 and 4; seat 1 holds neither\n'
         "while r.legal_moves() == [dl.Draw()]:\n"
         "    r.play(dl.Draw())           # 3-3 does not fit, 5-2 does\n"
         "r.play(r.legal_moves()[0])      # and he must play it\n"
         "5 not in known_voids(r.view(0))[1]",
)

def _q5_nudges() -> dict[float, str]:
    odds = _six_odds()
    nudges = {p: "that is the chance for another number; the probabilities are indexed by seat, then by number."
              for p in odds.values() if round(p, 3) != round(odds[6], 3)}
    nudges[1 - odds[6]] = "that is the chance that seat 1 holds no 6."
    return nudges


q5 = Exercise(
    5,
    "Use infer(view) on the lesson's position: what is the probability that seat 1 holds at least one 6? "
    "Give a number between 0 and 1, to 3 decimal places (or a percentage as text, such as '12.5%').",
    answer=Number(places=3, percent=True),
    expected=lambda: _six_odds()[6],
    nudges=_q5_nudges(),
    hint="`infer(view).suit_probabilities` maps each seat to the chance it holds each number.",
    hint_code="from dominolab.inference import infer\n\nview = ex.position().view(0)",
    solution="The inference counts every deal of the unseen tiles that fits what seat 0 has seen.",
    code="from dominolab.inference import infer\n\n"
         "view = ex.position().view(0)\n"
         "infer(view).suit_probabilities[1][6]",
)
