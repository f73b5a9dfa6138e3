"""Exercises for lesson 7, learn from your games.  Expected answers come from the engine.

The lesson's hand is a real one: dealt from a seed and played by a greedy novice (seat 0)
against the search player at level "easy"; the review is ``dl.review`` at its defaults.
The puzzles are three of the shipped set (:mod:`dominolab.puzzles`), one of each grade.
"""

from __future__ import annotations

import functools

from .. import puzzles
from ..players import GreedyPlayer, SearchPlayer
from ..playout import play_out
from ..review import LABELS, Decision, Review, label_for, review
from ..round import Round
from .answers import Choice, Integer, MoveAnswer
from .core import Exercise

__all__ = ["HAND_SEED", "PUZZLES", "label_for", "lesson_hand", "lesson_review", "puzzle", "q1", "q2", "q3", "q4"]

#: The seed of the lesson's hand.
HAND_SEED = 5
#: The lesson's puzzles, by id: one of each grade, from three rule sets.
PUZZLES = ("standard-2p-017", "family-3p-003", "partnership-4p-017")


def lesson_hand() -> Round:
    """The lesson's finished hand: standard rules, a greedy novice in seat 0 against the
    search player at level "easy" in seat 1."""
    r = Round.deal("standard", 2, seed=HAND_SEED)
    return play_out(r, [GreedyPlayer(HAND_SEED), SearchPlayer(HAND_SEED, level="easy")])


@functools.cache
def lesson_review() -> Review:
    """``dl.review(lesson_hand(), seat=0)``, computed once."""
    return review(lesson_hand(), seat=0)


def puzzle(number: int) -> puzzles.Puzzle:
    """The lesson's puzzle ``number`` (1 to 3)."""
    return puzzles.get(PUZZLES[number - 1])


q1 = Exercise(
    1,
    "In `hand = ex.lesson_hand()`, review seat 0 with `dl.review(hand, seat=0)`. At which move of the "
    "hand (the number in the table's `move` column) did seat 0 give up the most expected points? "
    "Give a whole number.",
    answer=Integer(example="7"),
    expected=lambda: lesson_review().worst().index + 1,  # type: ignore[union-attr]
    hint="Look down the `lost` column of `print(rv.table())`, or ask the review: `rv.worst()`.",
    solution="The review's `worst()` is the decision with the largest loss; its `index` counts the "
             "hand's moves from 0, the table from 1.",
    code="rv = dl.review(ex.lesson_hand(), seat=0)\nrv.worst().index + 1",
)

q2 = Exercise(
    2,
    "A move gives up 6 expected points against the best move. Which label does the review give it? "
    "Give one of 'best', 'good', 'inaccuracy', 'mistake' or 'blunder'.",
    answer=Choice([name for name, _ in LABELS]),
    expected=lambda: label_for(6),
    nudges={"blunder": "a blunder gives up 10 points or more: half a typical won hand.",
            "inaccuracy": "an inaccuracy gives up from 2 to under 5 points."},
    hint="The labels' thresholds are in the table above: best under 0.5, good under 2, inaccuracy "
         "under 5, mistake under 10.",
    solution="6 points is at least 5 and under 10.",
    code="ex.label_for(6)",
)

q3 = Exercise(
    3,
    "How many of seat 0's decisions in the lesson's hand did the review label 'best'? Give a whole number.",
    answer=Integer(example="4"),
    expected=lambda: lesson_review().counts()["best"],
    hint="`rv.counts()` counts the decisions of each label; a forced move is not a 'best' one.",
    solution="Only decisions with a choice count: a forced move (a draw, a pass or the only tile "
             "that fits, with nothing else legal) is labelled 'forced', not 'best'.",
    code="rv = dl.review(ex.lesson_hand(), seat=0)\nrv.counts()['best']",
)

def _worst() -> Decision:
    """The lesson review's decision that gave up the most points."""
    worst = lesson_review().worst()
    assert worst is not None  # the lesson's hand has decisions
    return worst


q4 = Exercise(
    4,
    "At that same decision, the one where seat 0 gave up the most points, which move did the review "
    "find best? Give a move written like '6-4 left'.",
    answer=MoveAnswer(position=lambda: _worst().view),
    expected=lambda: _worst().best.move,
    hint="The `best` column of the table, on the row of exercise 1's move; or `rv.worst().best.move`.",
    solution="The review ranks every legal move by its expected net points; the first is the best.",
    code="rv = dl.review(ex.lesson_hand(), seat=0)\nrv.worst().best.move",
)
