"""The exercise machinery: an answer in, feedback out, and help on request."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from typing import Any, Optional

__all__ = ["Exercise", "Feedback"]

_STYLE = {
    "correct": ("#1b7f3b", "Correct"),
    "incorrect": ("#b3261e", "Incorrect"),
    "not attempted": ("#6b6b6b", "Not attempted"),
    "hint": ("#3559a8", "Hint"),
    "solution": ("#3559a8", "Solution"),
}


@dataclass(frozen=True)
class Feedback:
    """What a check, hint or solution says.  Shows as coloured text in a notebook."""

    status: str
    message: str

    @property
    def correct(self) -> bool:
        return self.status == "correct"

    def __str__(self) -> str:
        title = _STYLE[self.status][1]
        return f"{title}: {self.message}" if self.message else title

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        colour, title = _STYLE[self.status]
        body = escape(self.message).replace("\n", "<br>")
        if self.status == "solution":
            body = f"<pre>{escape(self.message)}</pre>"
        return (f'<div style="border-left:4px solid {colour};padding:2px 8px;margin:4px 0">'
                f'<strong style="color:{colour}">{title}</strong>'
                f'{": " if body and self.status != "solution" else ""}{body}</div>')


_UNSET = object()


def _show(feedback: Feedback) -> None:
    try:
        from IPython.display import display
    except ImportError:  # plain Python: print instead
        print(feedback)
        return
    display(feedback)


class Exercise:
    """One question.

    ``expected`` computes the right answer with the engine.  ``judge(answer, expected)``
    returns ``None`` when the answer is right, or a nudge saying what is off; by default
    answers are compared for equality (numbers within 1e-6).  ``wrong`` is a plausible
    wrong answer, used by the tests to show that the check can fail.
    """

    def __init__(
        self,
        number: int,
        question: str,
        *,
        expected: Callable[[], Any],
        hint: str,
        solution: str,
        wrong: Any,
        judge: Optional[Callable[[Any, Any], Optional[str]]] = None,
        nudge: str = "not quite; look again at the rule, or ask for a hint.",
    ):
        self.number = number
        self.question = question
        self._expected = expected
        self._hint = hint
        self._solution = solution
        self.wrong = wrong
        self._judge = judge
        self._nudge = nudge
        self._cache: Any = _UNSET

    def expected(self) -> Any:
        """The right answer, computed by the engine (once: it never changes)."""
        if self._cache is _UNSET:
            self._cache = self._expected()
        return self._cache

    def evaluate(self, answer: Any = ...) -> Feedback:
        """Judge ``answer`` without displaying anything (the tests use this)."""
        if answer is ... or answer is None:
            return Feedback("not attempted", "replace the ... with your answer, then run the cell again.")
        try:
            expected = self.expected()
            if self._judge is not None:
                problem = self._judge(answer, expected)
            else:
                problem = None if _same(answer, expected) else self._nudge
        except Exception as exc:  # a malformed answer must not break the lesson
            return Feedback("incorrect", f"that answer could not be checked ({type(exc).__name__}: {exc}).")
        if problem is None:
            return Feedback("correct", "well done.")
        return Feedback("incorrect", problem)

    def check(self, answer: Any = ...) -> None:
        """Say whether ``answer`` is right (never raises)."""
        _show(self.evaluate(answer))

    def hint(self) -> None:
        """A nudge towards the answer."""
        _show(Feedback("hint", self._hint))

    def solution(self) -> None:
        """The answer and the code that finds it."""
        _show(Feedback("solution", self._solution))

    def __repr__(self) -> str:
        return f"Exercise {self.number}: {self.question}"


def _same(answer: Any, expected: Any) -> bool:
    if isinstance(expected, float) or isinstance(answer, float):
        try:
            return math.isclose(float(answer), float(expected), rel_tol=1e-6, abs_tol=1e-9)
        except (TypeError, ValueError):
            return False
    if isinstance(expected, (set, frozenset)):
        try:
            return set(answer) == expected
        except TypeError:
            return False
    return answer == expected
