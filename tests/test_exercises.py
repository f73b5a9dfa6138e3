"""Every lesson exercise: the right answer in each natural form is accepted; plausible wrong
answers are rejected, each with its own nudge (and no other answer's); odd inputs get a
plain message; and the code of every hint and solution runs and finds the answer."""

import ast
import dataclasses
import functools
import importlib
import itertools
import json
import math
import re
from pathlib import Path

import pytest

import dominolab as dl
from dominolab.exercises import Boolean, Exercise, Feedback, Number, Unreadable

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


ALL = {f"{m}-q{q.number}": q for m in LESSONS for q in exercises(m)}

GENERIC = object()  # the exercise's generic nudge, and nothing else
NOTHING = object()

#: The right answer in the forms a learner might type it.
RIGHT = {
    "rules-q1": [55, "55", " 55 ", 55.0, "55.0"],
    "rules-q2": [{"6-1", "4-2"}, ["4-2", "6-1"], ("1-6", "2-4"), [(6, 1), (4, 2)], {dl.Tile(6, 1), dl.Tile(4, 2)},
                 "6-1, 4-2", "{'6-1', '4-2'}"],
    "rules-q3": [2, "2", " 2 ", 2.0],
    "rules-q4": [(True, False), [True, False], ("true", "False"), ("yes", "no"), "True, False", "(True, False)"],
    "rules-q5": [23, "23", " 23 ", 23.0],
    "drawing-q1": [3, "3"],
    "drawing-q2": [3, "3 "],
    "drawing-q3": [True, "True", "true", "yes"],
    "drawing-q4": [12, "12"],
    "drawing-q5": [False, "False", " FALSE ", "no"],
    "scoring-q1": [26, "26"],
    "scoring-q2": [13, "13"],
    "scoring-q3": [[0, 0], (0, 0), "0, 0", "[0, 0]", (0.0, "0")],
    "scoring-q4": [23, "23"],
    "scoring-q5": [17, "17"],
    "scoring-q6": [(61, 121), [61, 121], "61, 121", ("61", "121")],
    "strategy-q1": ["b", "B", " b ", "(b)", "'b'"],
    "strategy-q2": [False, "False", "no"],
    "strategy-q3": [0.551, "0.551", "55.1%", "0.5510", 551 / 1000, 0.5505],
    "strategy-q4": ["suit_control", "suit control", "Suit-Control", "SUIT_CONTROL", "suitcontrol"],
    "strategy-q5": ["strategy", "Strategy", " STRATEGY ", "strategist"],
    "counting-q1": [0.381, "0.381", " 0.381 ", "38.1%", 8 / 21, "8/21", 0.38095, "0.3810"],
    "counting-q2": [0.629, "0.629", "62.9%", 0.62857, 1 - 78 / 210],
    "counting-q3": [{1, 4}, [4, 1], (1, 4), "1, 4", "{1, 4}", {1: 1, 4: 1}, frozenset({1, 4})],
    "counting-q4": [False, "false", "No"],
    "counting-q5": [0.696, "0.696", "69.6%", 0.69591],
}

#: Plausible wrong answers, each with (part of) the message it must get.
WRONG = {
    "rules-q1": [(45, "leaves out the doubles"), ("45", "leaves out the doubles"), (100, "same tile"),
                 (54, GENERIC), (56, GENERIC)],
    "rules-q2": [({"6-1"}, "fits the 6"), ("6-1", "fits the 6"), ((6, 1), "fits the 6"), ({"4-2"}, "fits the 4"),
                 (["6-1", "4-2", "3-3", "5-0"], "one of its halves"), ({"6-1", "3-3"}, GENERIC), (set(), GENERIC)],
    "rules-q3": [(3, "numbered from 0"), (0, GENERIC), (1, GENERIC)],
    "rules-q4": [((False, False), "disagree"), ((True, True), "disagree"), ((False, True), "wrong order"),
                 ("False, True", "wrong order"), ((True,), "expected a list or tuple of 2")],
    "rules-q5": [(18, "5-5 counts 10"), (13, "not only the higher one"), (22, GENERIC), ("20", GENERIC)],
    "drawing-q1": [(5, "the last tiles"), (2, "must stay"), (4, GENERIC)],
    "drawing-q2": [(5, "limit"), (1, GENERIC)],
    "drawing-q3": [(False, "count the 4s"), ("no", "count the 4s")],
    "drawing-q4": [(14, "whole boneyard"), (2, "stay in the boneyard"), (13, GENERIC)],
    "drawing-q5": [(True, "add the three numbers"), ("yes", "add the three numbers")],
    "scoring-q1": [(35, "others' pips"), (44, "every hand"), (25, GENERIC), (11, GENERIC)],
    "scoring-q2": [(25, "standard rule"), (37, "others' pips"), (26, GENERIC)],
    "scoring-q3": [([8, 0], "a tie"), ((0, 8), "a tie"), ([8, 8], "each hand holds"), ([0], "expected a list"),
                   ([4, 4], GENERIC)],
    "scoring-q4": [(19, "only the opponents'"), (16, GENERIC)],
    "scoring-q5": [(4, "as blank"), (13, GENERIC)],
    "scoring-q6": [((100, 121), "two-player target"), ((121, 61), "wrong order"), ((61,), "expected a list"),
                   ((100, 100), GENERIC)],
    "strategy-q1": [("a", "nothing left to measure"), ("C", "blocked hands still happen"),
                    ("d", "expected one of 'a', 'b' or 'c'")],
    "strategy-q2": [(True, "lower end")],
    "strategy-q3": [(0.5, "no advantage"), (0.55, "2 decimal places"), (55.1, "between 0 and 1"),
                    (0.533, GENERIC), (0.552, GENERIC)],
    "strategy-q4": [("lead_strong_suit", "'lead_strong_suit' is a component, but not the one"),
                    ("blocking", "'blocking' is a component, but not the one"),
                    ("suits", "there is no component called 'suits'")],
    "strategy-q5": [("random", "compare `rates`"), ("greedy", "expected one of 'strategy' or 'random'")],
    "counting-q1": [(8 / 28, "not by the whole set"), (0.286, "not by the whole set"), (0.619, "does not fit"),
                    (0.38, "2 decimal places"), (38.1, "between 0 and 1"), (0.5, GENERIC), (0.382, GENERIC)],
    "counting-q2": [(2 * 8 / 21, "counts some cases twice"), (0.381, "chance for one draw"),
                    (0.133, "both fit"), (0.617, "went back"), (0.628, "cutting the number short"),
                    (0.63, "2 decimal places"), (0.7, GENERIC)],
    "counting-q3": [({1}, "both ends"), ({4}, "both ends"), (1, "both ends"), ({1, 4, 6}, GENERIC), ({6}, GENERIC)],
    "counting-q4": [(True, "which tiles he kept")],
    "counting-q5": [(0.304, "holds no 6"), (0.852, "another number"), (0.785, "another number"),
                    (0.7, "1 decimal place"), (0.5, GENERIC)],
}


class Explosive:
    """An answer whose every special method raises."""

    def __eq__(self, other):
        raise RuntimeError("eq")

    __hash__ = None

    def __iter__(self):
        raise RuntimeError("iter")

    def __str__(self):
        raise RuntimeError("str")

    def __repr__(self):
        raise RuntimeError("repr")

    def __len__(self):
        raise RuntimeError("len")


class ExplosiveInt(int):
    def __eq__(self, other):
        raise RuntimeError("eq")

    __hash__ = None

    def __str__(self):
        raise RuntimeError("str")


class ExplosiveStr(str):
    def __eq__(self, other):
        raise RuntimeError("eq")

    __hash__ = None

    def __str__(self):
        raise RuntimeError("str")

    def strip(self, chars=None):
        raise RuntimeError("strip")

    def __len__(self):
        raise RuntimeError("len")


def odd_answers():
    """Fresh odd inputs (iterators are used up once read)."""
    return [itertools.repeat(True), itertools.count(), (n for n in itertools.count()), range(10**12), object(),
            Explosive(), ExplosiveInt(987654), ExplosiveStr("9-9"), "x" * 10**6, float("nan"), float("inf"), {"a": 1}, {}, b"23",
            bytearray(b"1"), 10**100000, -(10**5000), [[]], [None], "", "   ", "None", 1 + 2j, dl.Round,
            print, Ellipsis.__class__]


def nudge_texts(exercise):
    return {message for _, message in exercise.nudges}


def test_every_exercise_has_right_and_wrong_answers_listed():
    assert set(RIGHT) == set(ALL) == set(WRONG)


@pytest.mark.parametrize("name", ALL)
def test_the_right_answer_is_accepted_in_every_natural_form(name):
    exercise = ALL[name]
    assert exercise.evaluate(exercise.expected()).correct
    for answer in RIGHT[name]:
        feedback = exercise.evaluate(answer)
        assert feedback.correct, (answer, feedback)


@pytest.mark.parametrize("name", ALL)
def test_wrong_answers_get_their_own_nudge_and_no_other(name):
    exercise = ALL[name]
    kind = exercise.answer_kind
    for answer, expected in WRONG[name]:
        feedback = exercise.evaluate(answer)
        assert feedback.status == "incorrect", (answer, feedback)
        if expected is GENERIC:
            assert feedback.message == exercise.nudge.replace("{answer}", kind.show(kind.read(answer))), answer
        else:
            assert expected in feedback.message, (answer, feedback)
        # Only the nudges keyed by this very answer may show; never another answer's.
        try:
            given = kind.read(answer)
        except Unreadable:
            given = NOTHING
        own = {message for key, message in exercise.nudges if kind.read(key) == given}
        assert feedback.message in own if own else feedback.message not in nudge_texts(exercise), (answer, feedback)


@pytest.mark.parametrize("name", ALL)
def test_each_nudge_is_shown_for_its_own_answer_which_is_wrong(name):
    exercise = ALL[name]
    kind = exercise.answer_kind
    right = kind.read(exercise.expected())
    read = {}
    for key, message in exercise.nudges:
        value = kind.read(key)
        assert value != right, f"a nudge is keyed by the right answer {key!r}"
        assert read.setdefault(value, message) == message, f"two nudges for answers that read as {key!r}"
        assert exercise.evaluate(key) == Feedback("incorrect", message)
        assert exercise.evaluate(kind.show(value)) == Feedback("incorrect", message)  # the same answer as text


@pytest.mark.parametrize("name", ALL)
def test_odd_answers_get_a_plain_message_and_never_hang(name):
    # Each odd input would hang, raise or print a Python error if read carelessly; reading is
    # capped, so this test finishes (no time is measured).
    exercise = ALL[name]
    for answer in odd_answers():
        feedback = exercise.evaluate(answer)
        assert feedback.status == "incorrect", (answer, feedback)
        assert feedback.message and len(feedback.message) < 400
        assert not re.search(r"Error|Traceback|Exception| at 0x|<class|__", feedback.message), feedback.message


@pytest.mark.parametrize("name", ALL)
def test_unanswered_is_not_attempted(name):
    for answer in (..., None):
        assert ALL[name].evaluate(answer).status == "not attempted"


@pytest.mark.parametrize("name", ALL)
def test_the_question_states_the_form_of_the_answer(name):
    exercise = ALL[name]
    kind = exercise.answer_kind
    if isinstance(kind, Number):
        assert f"to {kind.places} decimal places" in exercise.question
    elif isinstance(kind, Boolean):
        assert "True or False" in exercise.question
    else:
        assert re.search(r"Give|Answer", exercise.question)


# --- code in hints and solutions --------------------------------------------------------------

def lesson_namespace(module_name):
    """What a lesson's notebook has defined before its exercises."""
    return {"__name__": "__lesson__", "dl": dl, "dataclasses": dataclasses,
            "ex": importlib.import_module(f"dominolab.exercises.{module_name}")}


def run(code, namespace, where):
    """Run ``code`` like a notebook cell; return the value of its last line if it is an expression."""
    tree = ast.parse(code, filename=where)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    exec(compile(tree, where, "exec"), namespace)
    if last is not None:
        return eval(compile(ast.Expression(last.value), where, "eval"), namespace)
    return None


@functools.cache
def ran(name):
    """Run an exercise's hint code and solution code, once: (namespace after both, solution's value)."""
    exercise = ALL[name]
    module_name = name.split("-")[0]
    namespace = lesson_namespace(module_name)
    value = NOTHING
    if exercise.hint_code:
        run(exercise.hint_code, namespace, f"<{name} hint>")
    if exercise.solution_code:
        solution = lesson_namespace(module_name)  # the solution's code needs nothing from the hint's
        value = run(exercise.solution_code, solution, f"<{name} solution>")
        namespace.update(solution)
    return namespace, value


@pytest.mark.parametrize("name", ALL)
def test_the_solution_code_runs_and_finds_the_answer(name):
    exercise = ALL[name]
    _, value = ran(name)
    if value is NOTHING:
        assert not exercise.solution_code
        return
    assert exercise.evaluate(value).correct, (value, exercise.evaluate(value))
    if isinstance(exercise.expected(), float):
        assert math.isclose(value, exercise.expected(), rel_tol=1e-9)  # the same figure, not only when rounded


def inline_code(text):
    return re.findall(r"`([^`]+)`", text)


@pytest.mark.parametrize("name", ALL)
def test_code_quoted_in_any_text_runs(name):
    # Code between backticks in a question, hint, solution or nudge runs in the lesson's
    # namespace, after the hint's and the solution's code.
    exercise = ALL[name]
    namespace, _ = ran(name)
    texts = [exercise.question, exercise.hint_text, exercise.solution_text, exercise.nudge,
             *nudge_texts(exercise)]
    for fragment in (f for text in texts for f in inline_code(text)):
        run(fragment, namespace, f"<{name} `{fragment}`>")


def test_recorded_simulation_figures_are_what_the_engine_gives():
    from dominolab.exercises import strategy

    namespace, _ = ran("strategy-q3")
    assert namespace["result"].leader_win_rate()[0] == strategy.RECORDED_LEADER_RATE
    namespace, _ = ran("strategy-q5")
    assert namespace["rates"] == strategy.RECORDED_WIN_RATES


@pytest.mark.parametrize("name", ALL)
def test_solution_shows_the_engines_answer_and_code(name, capsys, monkeypatch):
    exercise = ALL[name]
    monkeypatch.setattr("dominolab.exercises.core._show", print)
    exercise.solution()
    exercise.hint()
    out = capsys.readouterr().out
    kind = exercise.answer_kind
    assert out.startswith(f"Solution: {kind.show(kind.read(exercise.expected()))}. ")
    assert exercise.solution_code in out and exercise.hint_code in out and "\nHint: " in out


# --- the lessons and the display --------------------------------------------------------------

@pytest.mark.skipif(not NOTEBOOKS.is_dir(), reason="the notebooks are not next to the tests (e.g. under Pyodide)")
@pytest.mark.parametrize("module_name", LESSONS)
def test_each_lesson_has_at_least_four_exercises_all_used_in_its_notebook(module_name):
    qs = exercises(module_name)
    assert len(qs) >= 4
    assert [q.number for q in qs] == list(range(1, len(qs) + 1))
    source = "\n".join("".join(c["source"]) for c in json.loads((NOTEBOOKS / LESSONS[module_name]).read_text())["cells"])
    assert f"from dominolab.exercises import {module_name} as ex" in source
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
    q.check(itertools.repeat(True))
    q.hint()
    q.solution()
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Not attempted") and out[1] == "Correct: well done."
    assert out[2] == "Incorrect: expected a whole number, such as 12; got an object of type repeat."
    assert out[3].startswith("Hint: ") and out[4].startswith("Solution: 26. ")
    assert out[-1] == q.solution_code


def test_feedback_html():
    html = Feedback("incorrect", "look <again> at `dl.tile_set(6)`")._repr_html_()
    assert "Incorrect" in html and "&lt;again&gt;" in html and "<code>dl.tile_set(6)</code>" in html
    html = Feedback("solution", "55. Because.", "len(dl.tile_set(9))")._repr_html_()
    assert "<pre" in html and "len(dl.tile_set(9))</pre>" in html
    assert str(Feedback("solution", "55. Because.", "x = 1")) == "Solution: 55. Because.\n\nx = 1"
