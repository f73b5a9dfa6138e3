"""Every lesson exercise accepts its solution, rejects a wrong answer, and never raises."""

import importlib
import json
import re
from pathlib import Path

import pytest

from dominolab.exercises import Exercise, Feedback

LESSONS = {
    "rules": "01-the-rules.ipynb",
    "drawing": "02-drawing-and-blocked-games.ipynb",
    "scoring": "03-scoring.ipynb",
    "strategy": "04-strategy.ipynb",
    "counting": "05-counting-and-inference.ipynb",
}
NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def exercises(module_name):
    module = importlib.import_module(f"dominolab.exercises.{module_name}")
    return [getattr(module, name) for name in module.__all__ if isinstance(getattr(module, name), Exercise)]


ALL = [(m, q) for m in LESSONS for q in exercises(m)]


@pytest.mark.parametrize(("module_name", "exercise"), ALL, ids=[f"{m}-q{q.number}" for m, q in ALL])
def test_solution_is_accepted_and_a_wrong_answer_rejected(module_name, exercise):
    assert exercise.evaluate(exercise.expected()).correct
    wrong = exercise.evaluate(exercise.wrong)
    assert wrong.status == "incorrect" and wrong.message
    assert exercise.evaluate(...).status == "not attempted"


@pytest.mark.parametrize(("module_name", "exercise"), ALL, ids=[f"{m}-q{q.number}" for m, q in ALL])
def test_garbage_answers_never_raise(module_name, exercise):
    for garbage in ("nonsense", object(), [1, "x"], -1, {"a": 1}):
        assert exercise.evaluate(garbage).status in ("incorrect", "correct")


@pytest.mark.skipif(not NOTEBOOKS.is_dir(), reason="the notebooks are not next to the tests (e.g. under Pyodide)")
@pytest.mark.parametrize("module_name", LESSONS)
def test_each_lesson_has_at_least_four_exercises_all_used_in_its_notebook(module_name):
    qs = exercises(module_name)
    assert len(qs) >= 4
    assert [q.number for q in qs] == list(range(1, len(qs) + 1))
    source = "\n".join("".join(c["source"]) for c in json.loads((NOTEBOOKS / LESSONS[module_name]).read_text())["cells"])
    used = {int(n) for n in re.findall(r"ex\.q(\d+)\.check\(answer\)", source)}
    assert used == {q.number for q in qs}


def test_check_hint_and_solution_show_feedback(capsys, monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_ipython(name, *args, **kwargs):
        if name.startswith("IPython"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_ipython)
    q = exercises("scoring")[0]
    q.check(...)
    q.check(q.expected())
    q.hint()
    q.solution()
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Not attempted") and out[1] == "Correct: well done."
    assert out[2].startswith("Hint: ") and out[3].startswith("Solution: ")


def test_feedback_html():
    html = Feedback("incorrect", "look <again>")._repr_html_()
    assert "Incorrect" in html and "&lt;again&gt;" in html
