"""Exercises for lesson 3, scoring.  Every expected answer comes from ``dl.score``."""

from __future__ import annotations

import dataclasses

from ..rules import Rules
from ..scoring import score
from ..tiles import Tile
from .core import Exercise

__all__ = ["q1", "q2", "q3", "q4", "q5", "q6"]


def _winner_points(rules: Rules, pips: list[int], went_out=None) -> int:
    result = score(rules, pips=pips, went_out=went_out)
    side = result.winning_side
    return 0 if side is None else result.points[side]


q1 = Exercise(
    1,
    "Standard rules, three players, a blocked hand leaves 9, 15 and 20 pips. How many points does the winner score?",
    expected=lambda: _winner_points(Rules.preset("standard"), [9, 15, 20]),
    hint="The player with the fewest pips wins and scores the others' pips minus his own.",
    solution='(15 + 20) - 9 = 26\n\ndl.score(dl.Rules.preset("standard"), pips=[9, 15, 20]).points[0]',
    wrong=35,
    nudge="that is not it. Who has the fewest pips, and what is subtracted?",
)

q2 = Exercise(
    2,
    "Family rules, a blocked hand leaves 12, 20 and 17 pips. How many points does the winner score?",
    expected=lambda: _winner_points(Rules.preset("family"), [12, 20, 17]),
    hint="The family rules add up the differences between each other hand and the winner's.",
    solution='(20 - 12) + (17 - 12) = 8 + 5 = 13\n\ndl.score(dl.Rules.preset("family"), pips=[12, 20, 17]).points[0]',
    wrong=25,
    nudge="25 would be the standard rule (others minus own). "
          "The family rule subtracts the winner's pips from each other hand.",
)

q3 = Exercise(
    3,
    "Standard rules, two players, a blocked hand leaves 8 pips in each hand. "
    "Give the points of both players as a list, seat 0 first.",
    expected=lambda: list(score(Rules.preset("standard"), pips=[8, 8]).points),
    hint="Look up what the standard rules say about a tie for the fewest pips.",
    solution='[0, 0]: on a tie nobody scores.\n\nlist(dl.score(dl.Rules.preset("standard"), pips=[8, 8]).points)',
    wrong=[8, 0],
    nudge="a tie is not a win for either player under the standard rules.",
)

q4 = Exercise(
    4,
    "Partnership rules: seat 1 dominoes. Seat 0 holds 7 pips, seat 2 holds 12 and seat 3 holds 4. "
    "How many points does seat 1's team score?",
    expected=lambda: score(Rules.preset("partnership"), pips=[7, 0, 12, 4], went_out=1).points[1],
    hint="When a player dominoes, his team scores every pip left in the other three hands, the partner's included.",
    solution='7 + 12 + 4 = 23\n\ndl.score(dl.Rules.preset("partnership"), pips=[7, 0, 12, 4], went_out=1).points[1]',
    wrong=19,
    nudge="19 counts only the opponents' pips. Whose hands are counted after a domino in the partnership game?",
)

q5 = Exercise(
    5,
    "Dutch rules, two players: seat 0 went out; seat 1 still holds 0-0 and 3-1. How many points does seat 0 score?",
    expected=lambda: score(Rules.preset("dutch"), hands=[[], [Tile(0, 0), Tile(3, 1)]], went_out=0).points[0],
    hint="In the Dutch game the double-blank is not worth nothing.",
    solution='13 + 4 = 17\n\ndl.score(dl.Rules.preset("dutch"), hands=[[], ["0-0", "3-1"]], went_out=0).points[0]',
    wrong=4,
    nudge="4 counts the 0-0 as blank. What does it count in the Dutch game?",
)

q6 = Exercise(
    6,
    "Standard rules: to how many points is a three-player match played? And a match on a cribbage board "
    "(set target=121)? Answer with a tuple of two numbers.",
    expected=lambda: (
        Rules.preset("standard").target_for(3),
        dataclasses.replace(Rules.preset("standard"), target=121).target_for(3),
    ),
    hint="rules.target_for(sides) gives the target for a number of sides.",
    solution='(61, 121)\n\nrules = dl.Rules.preset("standard")\n'
             '(rules.target_for(3), dataclasses.replace(rules, target=121).target_for(3))',
    wrong=(100, 121),
    judge=lambda answer, expected: None if tuple(answer) == expected else
    "100 is the two-player target. What do three or four players play to?",
)
