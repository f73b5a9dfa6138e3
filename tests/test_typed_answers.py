"""Answers typed as students type them, judged as a teacher would (tests/data/typed_answers.tsv).

Each line is an answer cell's expression (a text in quotes, a number, a tuple, a function
written as a lambda...) for one exercise of lessons 1-7, in Spanish or English, with the verdict a teacher gives it.  The
exercise must give the same verdict, in the student's language: a wrong answer gets a
sentence in that language, never a Python error nor the English reader's words."""

from __future__ import annotations

import ast
import importlib
from collections import Counter
from pathlib import Path

import pytest

import dominolab as dl

DATA = Path(__file__).with_name("data") / "typed_answers.tsv"
#: The lessons' exercise modules, lessons 1 to 7.
LESSONS = ("rules", "drawing", "scoring", "strategy", "counting", "partnership", "coach")


def _rows() -> list[tuple[str, str, str, str, str]]:
    lines = [line for line in DATA.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    assert lines[0] == "lesson\texercise\tlanguage\tverdict\tanswer"
    return [tuple(line.split("\t")) for line in lines[1:]]  # type: ignore[misc]


ROWS = _rows()


def _exercise(lesson: str, name: str):
    return getattr(importlib.import_module(f"dominolab.exercises.{lesson}"), name)


def test_the_list_covers_every_exercise_in_both_languages_with_right_and_wrong_answers():
    assert len(ROWS) >= 500
    seen = Counter((lesson, name, language, verdict) for lesson, name, language, verdict, _ in ROWS)
    for lesson in LESSONS:
        module = importlib.import_module(f"dominolab.exercises.{lesson}")
        for name in (n for n in dir(module) if n[:1] == "q" and n[1:].isdigit()):
            for language in ("es", "en"):
                for verdict in ("right", "wrong"):
                    assert seen[lesson, name, language, verdict] >= 1, (lesson, name, language, verdict)
    assert sum(1 for row in ROWS if row[2] == "es") >= 500


_ENGLISH_READER = ("expected ", "; got ", "not the answer yet", "well done")


@pytest.mark.parametrize("lesson, name, language, verdict, typed", ROWS,
                         ids=[f"{r[0]}-{r[1]}-{r[2]}-{i}" for i, r in enumerate(ROWS)])
def test_a_typed_answer_gets_the_teachers_verdict(lesson, name, language, verdict, typed):
    # A cell's expression: a literal, arithmetic such as 4 / 9, or a student's function written as
    # a lambda (a class made with type()), which may use dl (the test's own data)
    answer = eval(compile(ast.parse(typed, mode="eval"), "<answer>", "eval"), {"dl": dl})
    with dl.language(language):
        feedback = _exercise(lesson, name).evaluate(answer)
    assert feedback.status == ("correct" if verdict == "right" else "incorrect"), (typed, str(feedback))
    if language == "es":
        assert not any(words in feedback.message for words in _ENGLISH_READER), str(feedback)
