"""The exercise machinery: an answer in, feedback out, and help on request.

An exercise declares the *kind* of answer it expects (see :mod:`.answers`); the same kind
reads the learner's answer, the engine's expected answer and the wrong answers that have
their own nudge, so all three are compared in one way.

Code in hints and solutions lives in its own field (``hint_code=``, ``code=``), shown under
the text.  It runs as it stands in the lesson's notebook, where ``dl`` is ``dominolab``,
``ex`` is the exercise module and ``dataclasses`` is imported; a solution's code ends with an
expression whose value is the answer.  In texts, code is written between backticks
(`` `dl.tile_set(9)` ``) and is runnable too, after the hint's and solution's code.  The
tests run all of it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from html import escape
from typing import Any, Optional, Union

from ..i18n import N_, SOURCE_LANGUAGE, _, get_language, said
from . import settings
from .answers import Kind, Unreadable, describe

__all__ = ["Exercise", "Feedback"]

_STYLE = {
    "correct": ("#1b7f3b", N_("Correct")),
    "incorrect": ("#b3261e", N_("Incorrect")),
    "not attempted": ("#6b6b6b", N_("Not attempted")),
    "hint": ("#3559a8", N_("Hint")),
    "solution": ("#3559a8", N_("Solution")),
}

_INLINE_CODE = re.compile(r"`([^`]+)`")


@dataclass(frozen=True)
class Feedback:
    """What a check, hint or solution says, with optional code under it.  Shows as coloured
    text in a notebook."""

    status: str
    message: str
    code: str = ""
    #: The figures behind a plain ``message`` ("Why?"), shown under it.
    why: str = ""

    @property
    def correct(self) -> bool:
        return self.status == "correct"

    def __str__(self) -> str:
        title = _(_STYLE[self.status][1])
        text = f"{title}: {self.message}" if self.message else title
        if self.why:
            text += "\n" + _("Why? {figures}").format(figures=self.why)
        return f"{text}\n\n{self.code}" if self.code else text

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        colour, title = _STYLE[self.status]
        title = _(title)
        body = _INLINE_CODE.sub(r"<code>\1</code>", escape(self.message)).replace("\n", "<br>")
        code = f'<pre style="margin:4px 0">{escape(self.code)}</pre>' if self.code else ""
        why = (f'<details style="margin:4px 0"><summary>{escape(_("Why?"))}</summary>{escape(self.why)}</details>'
               if self.why else "")
        return (f'<div style="border-left:4px solid {colour};padding:2px 8px;margin:4px 0">'
                f'<strong style="color:{colour}">{title}</strong>'
                f'{": " if body else ""}{body}{why}{code}</div>')


_UNSET = object()
#: What a wrong answer without a nudge of its own gets.
_DEFAULT_NUDGE = N_("not the answer yet. Check what you typed; `ex.q{number}.hint()` gives a nudge.")


class _AlsoRight(Exception):
    """Raised by the judging of an answer that is right too, with what to say."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def show(feedback: Feedback) -> None:
    """Display ``feedback`` in a notebook (its HTML), or print it in plain Python."""
    try:
        from IPython.display import display
    except ImportError:  # plain Python: print instead
        print(feedback)
        return
    display(feedback)  # type: ignore[no-untyped-call]  # IPython.display is untyped


Nudges = Union[Mapping[Any, str], Iterable[tuple[Any, str]]]


class Exercise:
    """One question.

    ``answer`` is the kind of answer expected (``Integer()``, ``Number(places=3)``, ...).
    ``expected`` computes the right answer with the engine; it must be instant, as a check
    calls it.  ``nudges`` maps plausible wrong answers to what each one suggests; a nudge is
    shown only when the answer given reads the same as its key.  Any other wrong answer gets
    the kind's remark on its form (too few decimals, wrong order) or else the generic
    ``nudge``, which blames no one (``{answer}`` in it stands for the answer given).
    ``also_right`` gives the other answers that are right too, where the engine cannot tell
    them from the expected one (two moves whose figures overlap), each with its sentence: a
    learner is never told "Incorrect" for an answer as good as the key.
    """

    def __init__(
        self,
        number: int,
        question: str,
        *,
        answer: Kind,
        expected: Callable[[], Any],
        hint: str,
        solution: str,
        hint_code: str = "",
        code: str = "",
        nudges: Nudges = (),
        nudge: Optional[str] = None,
        also_right: Optional[Callable[[], Mapping[Any, str]]] = None,
    ):
        self.number = number
        self.question = question
        self.answer_kind = answer
        self._expected = expected
        self.hint_text = hint
        self.hint_code = hint_code
        self.solution_text = solution
        self.solution_code = code
        pairs = nudges.items() if isinstance(nudges, Mapping) else nudges
        #: The wrong answers with their own nudge, as written: ``((key, message), ...)``.
        self.nudges: tuple[tuple[Any, str], ...] = tuple((key, message) for key, message in pairs)
        self._nudge_values = [(answer.read(key), message) for key, message in self.nudges]
        #: The message for a wrong answer with no nudge of its own (English; said in the
        #: language of the check).
        self.nudge = nudge if nudge is not None else \
            _DEFAULT_NUDGE.format(number=number)
        self._default_nudge = nudge is None
        self._cache: Any = _UNSET
        #: Other answers that are right too (the engine cannot tell them from the expected
        #: one), each with what to say: computed when first needed, like ``expected``.
        self._also_right = also_right

    def expected(self) -> Any:
        """The right answer, computed by the engine (once: it never changes)."""
        if self._cache is _UNSET:
            self._cache = self._expected()
        return self._cache

    def _judge(self, answer: Any) -> Optional[str]:
        kind = self.answer_kind
        try:
            given = kind.read(answer)
        except Unreadable as problem:
            return problem.message
        if given == kind.read(self.expected()):
            return None
        if self._also_right is not None:
            for key, message in self._also_right().items():
                if given == kind.read(key):
                    raise _AlsoRight(said(message))
        for value, message in self._nudge_values:
            if given == value:
                return said(message)
        near = kind.near(answer, self.expected())
        if near:
            return near
        if self._default_nudge:
            return _(_DEFAULT_NUDGE).format(number=self.number)
        nudge = said(self.nudge)
        return nudge.replace("{answer}", kind.show(given)) if "{answer}" in nudge else nudge

    def evaluate(self, answer: Any = ...) -> Feedback:
        """Judge ``answer`` without displaying anything (the tests use this).  Never raises."""
        if answer is ...:
            return Feedback("not attempted", _("replace the ... with your answer, then run the cell again."))
        if answer is None:
            return Feedback("incorrect", _("the answer is None, which is what `print(...)` gives back after it "
                                           "shows something. Write the value itself, as in `answer = 12`, not "
                                           "`answer = print(12)`."))
        if not self.answer_kind.attempted(answer):
            return Feedback("not attempted", _("write your code in place of the ..., then run the cell again."))
        try:
            problem = self._judge(answer)
        except _AlsoRight as right:
            return Feedback("correct", right.message)
        except Exception:  # a malformed answer must not break the lesson, nor show a Python error
            problem = _("expected {expects}; got {given}.").format(
                expects=self.answer_kind.expects, given=describe(answer))
        if problem is None:
            return Feedback("correct", _("well done."))
        return Feedback("incorrect", problem)

    def check(self, answer: Any = ...) -> None:
        """Say whether ``answer`` is right (never raises).  On a JupyterHub with the class
        service, the lesson, the exercise, the verdict and the answer as typed also go to the
        teacher's page (:func:`dominolab.hub.client.report_check`); elsewhere nothing is sent."""
        feedback = self.evaluate(answer)
        show(feedback)
        from ..hub.client import report_check  # the table session's layer: imported when called

        report_check(self, answer, feedback.status)

    def hint(self) -> None:
        """A nudge towards the answer."""
        show(Feedback("hint", said(self.hint_text), said(self.hint_code)))

    def solution(self) -> None:
        """The answer, why, and the code that finds it; or, while a teacher's class setting
        keeps the solutions for later (:mod:`.settings`), a word saying so."""
        withheld = settings.shown(self)
        if withheld is not None:
            show(Feedback("solution", withheld))
            return
        kind = self.answer_kind
        try:
            shown = kind.show(kind.read(self.expected()))
        except Exception:
            shown = ""
        text = said(self.solution_text)
        text = _("{answer}. {why}").format(answer=shown, why=text) if shown else text
        show(Feedback("solution", text, said(self.solution_code)))

    def __repr__(self) -> str:
        """The exercise and its question in the language of the moment; where the question has
        no translation (the lesson itself asks it in that language), how to answer it."""
        question = said(self.question)
        if question == self.question and get_language() != SOURCE_LANGUAGE:
            return _("Exercise {number}: check your answer with ex.q{number}.check(answer); ex.q{number}.hint() "
                     "gives a nudge.").format(number=self.number)
        return _("Exercise {number}: {question}").format(number=self.number, question=question)
