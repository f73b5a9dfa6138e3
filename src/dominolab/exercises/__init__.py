"""Self-checking exercises for the lessons, in the style of Kaggle's learntools.

In a lesson:

.. code-block:: python

    from dominolab.exercises import scoring as ex

    answer = ...          # the learner replaces ... with an answer
    ex.q1.check(answer)   # correct / incorrect with a nudge / not attempted
    ex.q1.hint()
    ex.q1.solution()

``check`` never raises, so an untouched notebook still runs top to bottom.  Every
expected answer is computed by the engine: a lesson can never disagree with the game.
Every exercise reads answers with the same reader (:mod:`.answers`): ``"23"`` is 23,
``"suit control"`` is ``"suit_control"``, ``(0, 0)`` is ``[0, 0]``.
"""

from .answers import (
    PASSES,
    Boolean,
    Choice,
    Code,
    Integer,
    Kind,
    MoveAnswer,
    Number,
    Sequence,
    Set,
    TileAnswer,
    Unreadable,
)
from .core import Exercise, Feedback

__all__ = [
    "PASSES",
    "Boolean",
    "Choice",
    "Code",
    "Exercise",
    "Feedback",
    "Integer",
    "Kind",
    "MoveAnswer",
    "Number",
    "Sequence",
    "Set",
    "TileAnswer",
    "Unreadable",
]
