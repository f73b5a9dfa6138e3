"""The class's progress in the lessons, from the checks the kernels reported: per exercise,
how many students tried it and got it, and the most common wrong answers with the nudge each
gets (worked out here by the lesson's own exercise, from the answer as typed); per student,
what they did.  A student sees only their own records."""

from __future__ import annotations

import importlib
import pkgutil
from collections import Counter, defaultdict
from functools import cache, lru_cache
from typing import Any, Optional

from ..i18n import language
from .store import Store

#: How many of the most common wrong answers the teacher sees per exercise.
TOP_WRONG = 5


@cache
def _lessons() -> frozenset[str]:
    from .. import exercises

    return frozenset(m.name for m in pkgutil.iter_modules(exercises.__path__)
                     if m.name not in ("core", "answers", "studies", "coach"))


@lru_cache(maxsize=4096)  # bounded: answers are whatever students type
def nudge(lesson: str, exercise: int, answer: str) -> Optional[str]:
    """What the lesson's exercise says to ``answer`` (as typed) when it is wrong, in English;
    None for a lesson or exercise this Domino Lab does not have, or an answer it takes."""
    if lesson.startswith("puzzle-"):  # a puzzle: what the shipped puzzle says to that answer
        from .. import puzzles

        try:
            puzzle = puzzles.get(lesson[len("puzzle-"):])
        except KeyError:
            return None
        with language("en"):
            feedback = puzzle.evaluate(answer)
        return str(feedback.message) if feedback.status == "incorrect" else None
    if lesson not in _lessons():
        return None
    module = importlib.import_module(f"dominolab.exercises.{lesson}")
    question = getattr(module, f"q{exercise}", None)
    evaluate = getattr(question, "evaluate", None)
    if evaluate is None:
        return None
    with language("en"):
        feedback = evaluate(answer)
    return str(feedback.message) if feedback.status == "incorrect" else None


def progress(store: Store) -> dict[str, Any]:
    """Everything the teacher's page shows of the lessons."""
    reports = store.reports()
    released = store.released()
    by_exercise: dict[tuple[str, int], list[dict[str, Any]]] = defaultdict(list)
    for r in reports:
        by_exercise[(r["lesson"], r["exercise"])].append(r)
    exercises = []
    for (lesson, number), rows in sorted(by_exercise.items()):
        tried = {r["student"] for r in rows if r["verdict"] != "not attempted"}
        got = {r["student"] for r in rows if r["verdict"] == "correct"}
        wrong = Counter(r["answer"] for r in rows if r["verdict"] == "incorrect")
        exercises.append({
            "lesson": lesson, "exercise": number, "tried": len(tried), "got": len(got),
            "released": (lesson, number) in released,
            "wrong": [{"answer": a, "count": n, "nudge": nudge(lesson, number, a)}
                      for a, n in wrong.most_common(TOP_WRONG)],
        })
    students: dict[str, dict[str, Any]] = {}
    for r in reports:
        mine = students.setdefault(r["student"], {"student": r["student"], "exercises": {}})
        label = f"{r['lesson']} q{r['exercise']}"
        before = mine["exercises"].get(label)
        # what shows is the best verdict so far (got it once: got it)
        if before != "correct":
            mine["exercises"][label] = r["verdict"]
    return {"exercises": exercises, "students": sorted(students.values(), key=lambda s: s["student"]),
            "released": sorted([lesson, n] for lesson, n in released)}


def student_records(store: Store, student: str) -> dict[str, Any]:
    """Everything the service keeps of one student's lessons (what they may see and delete)."""
    return {"student": student, "records": [
        {"lesson": r["lesson"], "exercise": r["exercise"], "verdict": r["verdict"], "answer": r["answer"],
         "at": r["at"]} for r in store.reports(student)]}
