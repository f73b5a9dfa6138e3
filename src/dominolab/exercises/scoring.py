"""Exercises for lesson 3, scoring.  Every expected answer comes from ``dl.score``."""

from __future__ import annotations

import dataclasses

from ..rules import Rules
from ..scoring import score
from ..tiles import Tile
from .answers import Integer, Sequence
from .core import Exercise

__all__ = ["q1", "q2", "q3", "q4", "q5", "q6"]


def _winner_points(rules: Rules, pips: list[int], went_out=None) -> int:
    result = score(rules, pips=pips, went_out=went_out)
    side = result.winning_side
    return 0 if side is None else result.points[side]


def _standard() -> Rules:
    return Rules.preset("standard")


q1 = Exercise(
    1,
    "Standard rules, three players, a blocked hand leaves 9, 15 and 20 pips. "
    "How many points does the winner score? Give a whole number.",
    answer=Integer(),
    expected=lambda: _winner_points(_standard(), [9, 15, 20]),
    nudges={
        15 + 20: "that is the others' pips; the standard rule then takes off the winner's own.",
        9 + 15 + 20: "that counts every hand, the winner's own included.",
    },
    hint="The player with the fewest pips wins and scores the others' pips minus his own.",
    solution="Seat 0 has the fewest pips and scores (15 + 20) - 9.",
    code='dl.score(dl.Rules.preset("standard"), pips=[9, 15, 20]).points[0]',
)

q2 = Exercise(
    2,
    "Family rules, a blocked hand leaves 12, 20 and 17 pips. How many points does the winner score? "
    "Give a whole number.",
    answer=Integer(),
    expected=lambda: _winner_points(Rules.preset("family"), [12, 20, 17]),
    nudges={
        _winner_points(_standard(), [12, 20, 17]):
            "that would be the standard rule (others minus own). "
            "The family rule subtracts the winner's pips from each other hand.",
        20 + 17: "that is the others' pips; the family rule subtracts the winner's pips from each of them.",
    },
    hint="The family rules add up the differences between each other hand and the winner's.",
    solution="(20 - 12) + (17 - 12) = 8 + 5.",
    code='dl.score(dl.Rules.preset("family"), pips=[12, 20, 17]).points[0]',
)

q3 = Exercise(
    3,
    "Standard rules, two players, a blocked hand leaves 8 pips in each hand. "
    "Give the points of both players as a list (or tuple) of two whole numbers, seat 0 first.",
    answer=Sequence(Integer(), length=2, order="seat 0 first", example="[3, 5]"),
    expected=lambda: list(score(_standard(), pips=[8, 8]).points),
    nudges={
        (8, 0): "a tie is not a win for either player under the standard rules.",
        (0, 8): "a tie is not a win for either player under the standard rules.",
        (8, 8): "8 is what each hand holds; what does the standard rule give on a tie?",
    },
    hint="Look up what the standard rules say about a tie for the fewest pips.",
    solution="On a tie nobody scores.",
    code='list(dl.score(dl.Rules.preset("standard"), pips=[8, 8]).points)',
)

q4 = Exercise(
    4,
    "Partnership rules: seat 1 dominoes. Seat 0 holds 7 pips, seat 2 holds 12 and seat 3 holds 4. "
    "How many points does seat 1's team score? Give a whole number.",
    answer=Integer(),
    expected=lambda: score(Rules.preset("partnership"), pips=[7, 0, 12, 4], went_out=1).points[1],
    nudges={7 + 12: "that counts only the opponents' pips. "
                    "Whose hands are counted after a domino in the partnership game?"},
    hint="When a player dominoes, his team scores every pip left in the other three hands, the partner's included.",
    solution="7 + 12 + 4.",
    code='dl.score(dl.Rules.preset("partnership"), pips=[7, 0, 12, 4], went_out=1).points[1]',
)

_DUTCH_HANDS = [[], [Tile(0, 0), Tile(3, 1)]]

q5 = Exercise(
    5,
    "Dutch rules, two players: seat 0 went out; seat 1 still holds 0-0 and 3-1. "
    "How many points does seat 0 score? Give a whole number.",
    answer=Integer(),
    expected=lambda: score(Rules.preset("dutch"), hands=_DUTCH_HANDS, went_out=0).points[0],
    nudges={score(_standard(), hands=_DUTCH_HANDS, went_out=0).points[0]:
            "that counts the 0-0 as blank. What does it count in the Dutch game?"},
    hint="In the Dutch game the double-blank is not worth nothing.",
    solution="The 0-0 counts 13 in the Dutch game: 13 + 4.",
    code='dl.score(dl.Rules.preset("dutch"), hands=[[], ["0-0", "3-1"]], went_out=0).points[0]',
)

q6 = Exercise(
    6,
    "Standard rules: to how many points is a three-player match played? And a match on a cribbage board "
    "(set target=121)? Answer with a tuple of two whole numbers, the standard target first.",
    answer=Sequence(Integer(), length=2, order="the standard target first, then the cribbage board",
                    example="(50, 100)"),
    expected=lambda: (
        _standard().target_for(3),
        dataclasses.replace(_standard(), target=121).target_for(3),
    ),
    nudges={
        (_standard().target_for(2), dataclasses.replace(_standard(), target=121).target_for(3)):
            "that is the two-player target. What do three or four players play to?",
    },
    hint="A rule book's target_for(sides) method gives the target for a number of sides; "
         "try it on `dl.Rules.preset('standard')`.",
    solution="Three or four players play to a lower target; with target=121 every match plays to 121.",
    code='import dataclasses\n\nrules = dl.Rules.preset("standard")\n'
         '(rules.target_for(3), dataclasses.replace(rules, target=121).target_for(3))',
)
