"""Exercises for lesson 7, learn from your games.  Expected answers come from the engine.

The lesson's hand is a real one: dealt from a seed and played by a greedy novice (seat 0)
against the search player at level "easy"; the review is ``dl.review`` at its defaults.  The
exercises use another hand of the same kind (:func:`exercise_hand`), which the lesson never
prints, so that each answer comes from the student's own review, not from an output above it.
The puzzles are three of the shipped set (:mod:`dominolab.puzzles`), one of each grade.

Exercise 7's hand is told in words, as a player remembers a hand played away from the
computer (:data:`KITCHEN_HAND` is the text a student writes for it); the answer is the
analysis board's best move (:meth:`dominolab.analysis.AnalysisBoard.evaluate`, at its
defaults, as the student's own cell asks it).
"""

from __future__ import annotations

import functools
from typing import Any, Optional

from .. import puzzles
from ..analysis import Analysis, AnalysisBoard
from ..i18n import LANGUAGES, N_, _, language
from ..players import GreedyPlayer, SearchPlayer
from ..playout import play_out
from ..review import LABELS, Decision, Review, label_for, label_words, move_words, review
from ..round import Round
from .answers import PASSES, Boolean, Choice, Code, Failed, Integer, MoveAnswer, call, describe, whole_number
from .core import Exercise

__all__ = ["EXERCISE_SEED", "HAND_SEED", "KITCHEN_HAND", "PUZZLES", "exercise_hand", "exercise_review",
           "kitchen_analysis", "kitchen_board", "label_for", "lesson_hand", "lesson_review", "puzzle",
           "q1", "q2", "q3", "q4", "q5", "q6", "q7"]

#: The seed of the lesson's hand: ten real choices, two mistakes a larger search confirms.
HAND_SEED = 49
#: The seed of the exercises' hand (never printed in the lesson).
EXERCISE_SEED = 59
#: A third hand of the same kind, for checking exercise 6's function only: its review has a
#: loss of two points or more that is within the margin of error.
CHECK_SEED = 62
#: The lesson's puzzles, by id: one of each grade (easiest first), from three rule sets.
#: Each is solved exactly over every deal that fits the seat's view, and the same best move
#: came out of paired play-outs by search players at level medium (80 deals, another seed).
PUZZLES = ("family-2p-010", "partnership-4p-011", "standard-3p-003")


#: Exercise 7's hand, told in words in its question, as text the analysis board reads.
KITCHEN_HAND = """\
rules: standard
seats: me, Sam
my tiles: 6-4 1-1 4-1 6-2 0-0 2-0 4-4
me: lead 6-4
Sam: 6-1 left
me: 4-4 right
Sam: 1-0 left
me: 4-1 right
Sam: 3-0 left
me: 1-1 right
Sam: draws 1, 4-3 left
me: draws 3 (6-3, 5-3, 4-0), 4-0 left
Sam: 2-1 right
"""


def kitchen_board() -> AnalysisBoard:
    """Exercise 7's hand on the analysis board, at the decision the exercise asks about."""
    return AnalysisBoard.from_text(KITCHEN_HAND)


@functools.cache
def kitchen_analysis() -> Analysis:
    """``kitchen_board().evaluate()``, computed once: every move valued, best first."""
    return kitchen_board().evaluate()


def _as_good_as_the_boards_best() -> dict[Any, str]:
    """The moves the board cannot tell from its best (verdict "about as good")."""
    analysis = kitchen_analysis()
    return {m.move: _("the board cannot tell it from {best}: {says} Either answer is right.").format(
                best=move_words(analysis.best), says=analysis.says)
            for m in analysis.moves[1:] if m.verdict == "about as good"}


def _novice_hand(seed: int) -> Round:
    r = Round.deal("standard", 2, seed=seed)
    return play_out(r, [GreedyPlayer(seed), SearchPlayer(seed, level="easy")])


def lesson_hand() -> Round:
    """The lesson's finished hand: standard rules, a greedy novice in seat 0 against the
    search player at level "easy" in seat 1."""
    return _novice_hand(HAND_SEED)


def exercise_hand() -> Round:
    """The exercises' finished hand, played like the lesson's from another deal."""
    return _novice_hand(EXERCISE_SEED)


@functools.cache
def lesson_review() -> Review:
    """``dl.review(lesson_hand(), seat=0)``, computed once."""
    return review(lesson_hand(), seat=0)


@functools.cache
def exercise_review() -> Review:
    """``dl.review(exercise_hand(), seat=0)``, computed once."""
    return review(exercise_hand(), seat=0)


@functools.cache
def _check_review() -> Review:
    return review(_novice_hand(CHECK_SEED), seat=0)


def puzzle(number: int) -> puzzles.Puzzle:
    """The lesson's puzzle ``number`` (1 to 3)."""
    return puzzles.get(PUZZLES[number - 1])


def _worst() -> Decision:
    """The exercise review's decision that gave up the most points."""
    worst = exercise_review().worst()
    assert worst is not None  # the hand has decisions
    return worst


def _within_margin() -> Decision:
    """The exercise review's first decision labelled good or worse whose loss is within the
    search's margin of error."""
    decisions: list[Decision] = list(exercise_review())
    return next(d for d in decisions if not d.forced and d.label != "best" and not d.clear)


def _as_good_as_best(decision: Decision) -> dict[Any, str]:
    """The moves the review cannot tell from the best at ``decision`` (their 95% intervals
    overlap the best's), each with the sentence that says so."""
    best = decision.best
    return {c.move: _("the review values it at {value}, and the best, {best}, at {best_value}: the intervals "
                      "overlap, so the search cannot tell the two apart and either answer is right.").format(
                value=c.words(), best=move_words(best.move, decision.view), best_value=best.words())
            for c in decision.choices[1:] if c.interval[1] >= best.interval[0]}


def _sure_moves(rv: Review) -> tuple[int, ...]:
    return tuple(d.turn for d in rv if d.clear)


def _test_sure_losses(sure_losses: Any) -> Optional[str]:
    """Try ``sure_losses(rv)`` on the lesson's and the exercises' reviews; each decision's
    ``clear`` says what is right."""
    for name, rv in ((N_("the lesson's review"), lesson_review()), (N_("the exercises' review"), exercise_review()),
                     (N_("another hand's review"), _check_review())):
        shown = f"sure_losses(<{_(name)}>)"
        try:
            got = call(sure_losses, rv, shown=shown)
        except Failed as failed:
            return failed.message
        numbers = [whole_number(n) for n in got] if isinstance(got, (list, tuple)) else [None]
        given = [n for n in numbers if n is not None]
        if len(given) != len(numbers):
            return _("{call} returned {given}; it should return a list of turn numbers (whole numbers).").format(
                call=shown, given=describe(got))
        right = _sure_moves(rv)
        if tuple(given) != right:
            if tuple(sorted(given)) == right:
                return _("{call} returned the right moves in another order: list them as the hand goes.").format(
                    call=shown)
            if tuple(d.index for d in rv if d.clear) in (tuple(given), tuple(n - 1 for n in given)):
                return _("{call} returned {given}: those count the hand's moves (`d.index`); the turn numbers are "
                         "`d.turn`, as in the log and the table's `turn` column.").format(call=shown, given=list(given))
            return _("{call} returned {given}, but the losses beyond the margin of error are at turns {right}: a "
                     "loss is sure when it is larger than its margin of error, `decision.loss > "
                     "decision.paired`.").format(call=shown, given=list(given), right=list(right))
    return None


q1 = Exercise(
    1,
    "Review seat 0 in the exercises' hand, `hand = ex.exercise_hand()`, with `rv = dl.review(hand, seat=0)`. "
    "At which turn of the hand (the number in the table's `turn` column) did seat 0 give up the most "
    "expected points? Give a whole number.",
    answer=Integer(example="7"),
    expected=lambda: _worst().turn,
    nudges={0: N_("0 is not a turn of the hand: the `turn` column counts the hand's turns from 1, as the log does. "
               "Look down the `lost` column for its largest value."),
            # the keys below are the hand's figures (tests/test_lesson7.py checks them against its review)
            29: N_("that is the decision's `index`, which counts the hand's moves (every draw too) from 0; the "
                "table's `turn` column counts turns as the log does: a seat's draws and its play are one turn."),
            30: N_("that counts the hand's moves, every draw one of them; the table's `turn` column counts turns as "
                "the log does: a seat's draws and its play are one turn."),
            17: N_("turn 17 gave up points too, but not the most: look down the whole `lost` column.")},
    hint=N_("Print `rv.table()` and look down the `lost` column, or ask the review: `rv.worst()`."),
    solution=N_("The review's `worst()` is the decision with the largest loss; its `turn` is the hand's turn as "
             "the log and the table number it."),
    code="rv = dl.review(ex.exercise_hand(), seat=0)\nrv.worst().turn",
)

def _label_aliases() -> dict[str, str]:
    """The labels as the review writes them in every language ("error", "la mejor",
    "imprecisión"), each read as the label it names."""
    aliases = {}
    for code in LANGUAGES:
        with language(code):
            for name, _bound in LABELS:
                aliases[label_words(name)] = name
    return aliases


q2 = Exercise(
    2,
    "A move gives up 6 expected points against the best move. Which label does the review give it? "
    "Give one of 'best', 'good', 'inaccuracy', 'mistake' or 'blunder'.",
    answer=Choice([name for name, _ in LABELS], aliases=_label_aliases(), words=label_words),
    expected=lambda: label_for(6),
    nudges={"blunder": N_("a blunder gives up 10 points or more: half a typical won hand."),
            "inaccuracy": N_("an inaccuracy gives up from 2 to under 5 points.")},
    hint=N_("The labels' thresholds are in section 3: best under 0.5, good under 2, inaccuracy "
         "under 5, mistake under 10."),
    solution=N_("6 points is at least 5 and under 10."),
    code="ex.label_for(6)",
)

q3 = Exercise(
    3,
    "In the exercises' hand, how many of seat 0's decisions were real choices, with more than one legal "
    "move? Give a whole number.",
    answer=Integer(example="4"),
    expected=lambda: sum(1 for d in exercise_review() if not d.forced),
    nudges={18: N_("that counts every decision, the forced ones too: a decision with only one legal move was no "
                "choice."),
            8: N_("that is the number of forced decisions, the ones with no choice."),
            4: N_("that counts only the choices labelled best; a good move or a mistake was a choice too.")},
    hint=N_("A decision is forced when `len(decision.choices) == 1`; the review's summary counts them apart."),
    solution=N_("Every decision with more than one legal move was a choice, whatever its label."),
    code="rv = dl.review(ex.exercise_hand(), seat=0)\nsum(1 for d in rv if not d.forced)",
)

q4 = Exercise(
    4,
    "At the decision of exercise 1, the one where seat 0 gave up the most points, which move does the review "
    "recommend instead? Give a move written like '6-4 left', 'draw' or 'pass'.",
    answer=MoveAnswer(position=lambda: _worst().view),
    expected=lambda: _worst().best.move,
    also_right=lambda: _as_good_as_best(_worst()),
    nudges={"5-4 left": N_("that is the move seat 0 played there, the one that gave up the points.")},
    hint=N_("The `best` column of the table, on the row of exercise 1's move; or `rv.worst().best.move`."),
    solution=N_("The review ranks every legal move by its expected net points; the first is the best. A move whose "
             "interval overlaps the best one's is about as good: the review cannot tell them apart, and either "
             "answer is right."),
    code="rv = dl.review(ex.exercise_hand(), seat=0)\nrv.worst().best.move",
)

q5 = Exercise(
    5,
    "In the exercises' review, find the first decision labelled 'good' or worse whose loss is 'within the "
    "search's margin of error' (its `why()` says so). Is the review sure that the move seat 0 played there was "
    "worse than the one it calls best? Answer True or False.",
    answer=Boolean(),
    expected=lambda: _within_margin().clear,
    nudges={True: N_("the label counts the expected points given up, but 'within the margin of error' means the "
                  "difference between the two moves is no larger than the search's uncertainty about it: the "
                  "search cannot tell them apart for sure.")},
    hint=N_("Print `decision.why()` for that decision: does it say 'within' or 'more than' the margin of error?"),
    solution=N_("Within the margin of error, the best move may not be better at all. Only a loss beyond the margin is "
             "one the search is sure of, and even then a larger search can revise it."),
    code="rv = dl.review(ex.exercise_hand(), seat=0)\n"
         "d = next(d for d in rv if not d.forced and d.label != 'best' and not d.clear)\n"
         "print(d.why())\nd.clear",
)

q6 = Exercise(
    6,
    "Write a function `sure_losses(rv)` that returns the list of turn numbers (as in the table's `turn` "
    "column and the log, in the order of the hand) of the decisions where the review is sure points were "
    "given up: the loss is larger than its margin of error. Each decision `d` of the review has `d.turn`, "
    "`d.loss` and `d.paired`, the loss's margin of error from comparing the two moves on the "
    "same deals (`None` when nothing was given up). Check it with `ex.q6.check(sure_losses)`: the engine tries "
    "it on the reviews of three hands.",
    answer=Code(_test_sure_losses, what=N_("a function sure_losses(rv) that returns a list of turn numbers"),
                example="def sure_losses(rv): ..."),
    expected=lambda: PASSES,
    hint=N_("Loop over the review's decisions; keep `d.turn` when `d.paired is not None and d.loss > d.paired`."),
    solution=N_("A loss is sure when it is larger than the margin of error of the difference between the two moves."),
    code="def sure_losses(rv):\n"
         "    return [d.turn for d in rv if d.paired is not None and d.loss > d.paired]\n\n"
         "sure_losses",
)

q7 = Exercise(
    7,
    "You played the first hand of a standard game at home with Sam, away from the computer. You were dealt "
    "6-4 1-1 4-1 6-2 0-0 2-0 4-4. You led 6-4. Sam played 6-1 on the left. You played 4-4 on the right. Sam "
    "played 1-0 on the left. You played 4-1 on the right. Sam played 3-0 on the left. You played 1-1 on the "
    "right. Sam drew one tile and played 4-3 on the left. You drew 6-3, then 5-3, then 4-0, and played 4-0 on "
    "the left. Sam played 2-1 on the right. Now it is your turn. Write the hand down as text, read it with "
    "`AnalysisBoard.from_text` and ask the board's `evaluate()`: which move is best? Give a move written like "
    "'6-4 left', 'draw' or 'pass'.",
    answer=MoveAnswer(position=lambda: kitchen_board().view()),
    expected=lambda: kitchen_analysis().best,
    also_right=_as_good_as_the_boards_best,
    nudges={"6-2 right": N_("6-2 is your heaviest tile that fits, the one a greedy player lays down, but the board "
                         "values it clearly lower than the best move. Look at every move's value."),
            "2-0 left": N_("2-0 is a good tile to play, but on the left end it is worth much less: look at the "
                        "board's value for each end."),
            "draw": N_("you may draw here, but the board values drawing lowest of all: a tile that fits is better.")},
    hint=N_("Start the text with three lines: `rules: standard`, `seats: me, Sam` and `my tiles: ...`. Then write one "
         "line per turn, such as `Sam: 6-1 left` or `Sam: draws 1, 4-3 left`; your own draws name their tiles: "
         "`me: draws 3 (6-3, 5-3, 4-0), 4-0 left`. The board's first move in `evaluate()` is the best one."),
    # The code's text is the board's words and its comment words for people: translated whole.
    hint_code=N_('text = """\\\nrules: standard\nseats: me, Sam\nmy tiles: 6-4 1-1 4-1 6-2 0-0 2-0 4-4\n'
                 'me: lead 6-4\nSam: 6-1 left\n"""  # go on, one line per turn\n'
                 'board = dl.AnalysisBoard.from_text(text)\nboard'),
    solution=N_("The board keeps only what you knew: your tiles, and what each player did. It values every move you "
             "could make over many ways the tiles you could not see may lie, with the hint's search, and lists "
             "the best first."),
    code="board = dl.AnalysisBoard.from_text(ex.KITCHEN_HAND)\n"
         "analysis = board.evaluate()\n"
         "print(analysis.says)\n"
         "analysis.best",
)
