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
from dominolab.exercises import Boolean, Code, Exercise, Feedback, Number, Unreadable

LESSONS = {
    "rules": "01-the-rules.ipynb",
    "drawing": "02-drawing-and-blocked-games.ipynb",
    "scoring": "03-scoring.ipynb",
    "strategy": "04-strategy.ipynb",
    "counting": "05-counting-and-inference.ipynb",
    "partnership": "06-partnerships.ipynb",
    "coach": "07-learn-from-your-games.ipynb",
}
NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def exercises(module_name):
    module = importlib.import_module(f"dominolab.exercises.{module_name}")
    return [getattr(module, name) for name in module.__all__ if isinstance(getattr(module, name), Exercise)]


ALL = {f"{m}-q{q.number}": q for m in LESSONS for q in exercises(m)}

GENERIC = object()  # the exercise's generic nudge, and nothing else
NOTHING = object()


# --- code the learner writes: right and wrong versions --------------------------------------

def fits(tile, ends):
    left, right = ends
    return tile.has(left) or tile.has(right)


def fits_by_halves(tile, ends):
    return tile.high in ends or tile.low in ends


def is_blocked(on_line, ends):
    return not any(t not in on_line and (t.has(ends[0]) or t.has(ends[1])) for t in dl.tile_set(6))


def others_minus_own(pips):
    low = min(pips)
    return [sum(pips) - 2 * low if p == low and pips.count(low) == 1 else 0 for p in pips]


class DoublesFirst:
    def choose(self, view):
        plays = [m for m in view.legal_moves() if isinstance(m, dl.Play)]
        if not plays:
            return view.legal_moves()[0]
        doubles = [m for m in plays if m.tile.is_double]
        return max(doubles or plays, key=lambda m: m.tile.pips)


class SeededDoublesFirst(DoublesFirst):
    def __init__(self, seed=None):
        self.seed = seed


class FirstMove:
    def choose(self, view):
        return view.legal_moves()[0]


class AlwaysDraws:
    def choose(self, view):
        return dl.Draw()


def lacks(history, seat):
    known = set()
    for event in history:
        if event.seat == seat and event.action == "draw":
            known = set()
        elif event.seat == seat and event.action == "pass":
            known |= set(event.ends)
    return known


def lacks_forgetting_nothing(history, seat):
    return {n for e in history if e.seat == seat and e.action == "pass" for n in e.ends}


def answer_of(name):
    return ALL[name].expected()


#: The right answer in the forms a learner might type it.
RIGHT = {
    "rules-q1": [66, "66", " 66 ", 66.0, "66.0"],
    "rules-q2": [{"5-1", "2-2", "2-0"}, ["2-0", "5-1", "2-2"], ("1-5", "2-2", "0-2"), [(5, 1), (2, 2), (2, 0)],
                 {dl.Tile(5, 1), dl.Tile(2, 2), dl.Tile(2, 0)}, "5-1, 2-2, 2-0", "{'5-1', '2-2', '2-0'}"],
    "rules-q3": [2, "2", " 2 ", 2.0],
    "rules-q4": [(True, False), [True, False], ("true", "False"), ("yes", "no"), "True, False", "(True, False)"],
    "rules-q5": [23, "23", " 23 ", 23.0],
    "rules-q6": [fits, fits_by_halves, lambda t, e: bool(set(t) & set(e))],
    "drawing-q1": [4, "4"],
    "drawing-q2": [2, "2 "],
    "drawing-q3": [False, "False", "no"],
    "drawing-q4": [4, "4"],
    "drawing-q5": [False, "False", " FALSE ", "no"],
    "drawing-q6": [is_blocked, lambda on, e: all(t in on for t in dl.tile_set(6) if e[0] in t or e[1] in t)],
    "drawing-q7": [False, "false", "No"],
    "scoring-q1": [57, "57"],
    "scoring-q2": [27, "27"],
    "scoring-q3": [[0, 0], (0, 0), "0, 0", "[0, 0]", (0.0, "0")],
    "scoring-q4": [answer_of("scoring-q4"), str(answer_of("scoring-q4"))],
    "scoring-q5": [26, "26"],
    "scoring-q6": [(100, 100), [100, 100], "100, 100", ("100", "100")],
    "scoring-q7": [others_minus_own, lambda p: [0] * len(p) if sorted(p)[0] == sorted(p)[1]
                   else [sum(p) - 2 * x if x == min(p) else 0 for x in p]],
    "strategy-q1": ["b", "B", " b ", "(b)", "'b'"],
    "strategy-q2": [False, "False", "no"],
    "strategy-q3": [0.5, "0.5", "1/2", 0.5000001, "0.50"],
    "strategy-q4": [0.30, "0.30", "30%", 1 - 0.95 ** 7, "0.3017"],
    "strategy-q5": ["suit_control", "suit control", "Suit-Control", "SUIT_CONTROL", "suitcontrol"],
    "strategy-q6": [DoublesFirst, SeededDoublesFirst, DoublesFirst()],
    "counting-q1": [0.444, "0.444", "44.4%", 8 / 18, "8/18", "4/9", 0.44444],
    "counting-q2": [0.853, "0.853", "85.3%", 0.85294],
    "counting-q3": [{1, 6}, [6, 1], (1, 6), "1, 6", "{1, 6}", {1: 34, 6: 34}, frozenset({1, 6})],
    "counting-q4": [False, "false", "No"],
    "counting-q5": [0.838, "0.838", "83.8%", 0.83824],
    "counting-q6": [lacks],
    "partnership-q1": [[1, 2, 3, 0, 1], (1, 2, 3, 0, 1), "1, 2, 3, 0, 1", "[1, 2, 3, 0, 1]", ["1", 2, 3.0, 0, 1]],
    "partnership-q2": [[0, 11], (0, 11), "0, 11", "[0, 11]", (0.0, "11")],
    "partnership-q3": [[12, 0], (12, 0), "12, 0", "(12, 0)"],
    "partnership-q4": [[30, 0], (30, 0), "30, 0", "[30, 0]"],
    "partnership-q5": [{3, 5}, [5, 3], (3, 5), "3, 5", "{3, 5}", "5 3", frozenset({3, 5})],
    "partnership-q6": [{"6-2 left", "6-0 left"}, ["6-0 left", "6-2 left"], {dl.Play("6-2", "left"), dl.Play("6-0", "left")},
                       ["6-2", "6-0"],  # each fits one end only, so no end needs naming
                       {"6-2 on the left", "6-0 on the left"}, {dl.Tile(6, 2), dl.Tile(6, 0)}],
    "partnership-q7": [lambda p: [p[0] + p[2], p[1] + p[3]], lambda p: (p[0] + p[2], p[1] + p[3]),
                       lambda p: [float(p[0] + p[2]), float(p[1] + p[3])]],
    "coach-q1": [19, "19", 19.0, " 19 "],
    "coach-q2": ["mistake", "Mistake", " mistake "],
    "coach-q3": [10, "10", 10.0],
    "coach-q4": ["draw", "Draw", " draw ", "to draw", dl.Draw(),
                 # the review cannot tell 4-0 from the draw (overlapping intervals): right too
                 "4-0 left", "4-0 on the left", "4-0", dl.Tile(4, 0), dl.Play("4-0", "left")],
    "coach-q5": [False, "False", "false", "no", "No"],
    "coach-q6": [lambda rv: [d.turn for d in rv if d.paired is not None and d.loss > d.paired],
                 lambda rv: tuple(d.turn for d in rv if d.clear),
                 lambda rv: [float(d.turn) for d in rv if d.clear]],
    # the forms a student types: with the end in words, the engine's wording, one letter
    "coach-q7": ["2-0 right", "2-0 on the right", "2-0 r", " 2-0 Right ", "play 2-0 right", "2-0 R.",
                 "2-0 on the right end", "0-2 right", dl.Play("2-0", "right"), dl.Play("0-2", "right")],
}

#: Plausible wrong answers, each with (part of) the message it must get.
WRONG = {
    "rules-q1": [(55, "leaves out the doubles"), ("55", "leaves out the doubles"), (121, "same tile"),
                 (65, GENERIC), (78, GENERIC)],
    "rules-q2": [({"5-1"}, "fit the 5"), ("5-1", "fit the 5"), ((5, 1), "fit the 5"), ({"2-2", "2-0"}, "fit the 2"),
                 (["5-1", "2-2", "6-3", "4-0", "2-0", "3-1"], "one of its halves"), ({"5-1", "3-1"}, GENERIC),
                 (set(), GENERIC)],
    "rules-q3": [(3, "numbered from 0"), (0, "highest double"), (1, "highest double")],
    "rules-q4": [((False, False), "disagree"), ((True, True), "disagree"), ((False, True), "wrong order"),
                 ("False, True", "wrong order"), ((True,), "expected a list or tuple of 2")],
    "rules-q5": [(18, "5-5 counts 10"), (13, "not only the higher one"), (22, GENERIC), ("20", GENERIC)],
    "rules-q6": [(lambda t, e: t.has(e[0]), "returned False, but"), (lambda t, e: 1, "returned the number 1"),
                 (lambda t: True, "stopped with TypeError"), (dl.Round, "define a function with def"),
                 (42, "expected a function fits(tile, ends)")],
    "drawing-q1": [(6, "the last tiles"), (2, "must stay"), (5, GENERIC)],
    "drawing-q2": [(6, "limit"), (4, "boneyard floor"), (3, "family rules' limit"), (1, GENERIC)],
    "drawing-q3": [(True, "all seven 1s"), ("yes", "all seven 1s")],
    "drawing-q4": [(0, "drawing goes round"), (9, "by both players"), (5, "come in pairs"), (3, GENERIC)],
    "drawing-q5": [(True, "add the two numbers"), ("yes", "add the two numbers")],
    "drawing-q6": [(lambda on, e: e[0] == e[1], "returned True, but"),
                   (lambda on, e: False, "returned False, but it is blocked"),
                   (lambda on: False, "stopped with TypeError")],
    "drawing-q7": [(True, "eleven halves"), ("yes", "eleven halves")],
    "scoring-q1": [(71, "others' pips"), (85, "every hand"), (43, "family rule"), (56, GENERIC)],
    "scoring-q2": [(40, "standard rule"), (53, "others' pips"), (26, GENERIC)],
    "scoring-q3": [([8, 0], "a tie"), ((0, 8), "a tie"), ([8, 8], "each hand holds"), ([0], "expected a list"),
                   ([4, 4], GENERIC)],
    "scoring-q4": [(answer_of("scoring-q4") + 1000, GENERIC), (27, "partner's pips too"), (15, "subtracts the partner")],
    "scoring-q5": [(13, "as blank"), (9, GENERIC)],
    "scoring-q6": [((61, 61), "standard rules' target"), ((61,), "expected a list"), ((121, 100), "cribbage-board"),
                   ((50, 100), GENERIC)],
    "scoring-q7": [(lambda p: [sum(p) - min(p) if x == min(p) else 0 for x in p], "scores the others'"),
                   (lambda p: [sum(p) - 2 * min(p) if x == min(p) else 0 for x in p], "on a tie nobody scores"),
                   (lambda p: sum(p), "it should return a list"),
                   (lambda p: [float(x) + 0.9 if x == min(p) else 0 for x in p], "it should return a list"),
                   (lambda p: [str(x) for x in p], "it should return a list")],
    "strategy-q1": [("a", "nothing left to measure"), ("C", "blocked hands still happen"),
                    ("d", "expected one of 'a', 'b' or 'c'")],
    "strategy-q2": [(True, "lower end")],
    "strategy-q3": [(0.25, "square root"), (2, "narrower, not wider"), (4, "narrower, not wider"), (0.7, GENERIC)],
    "strategy-q4": [(0.35, "adding the chances"), (0.05, "chance for one test"), (0.70, "none comes out"),
                    (0.2, GENERIC), (0.5, GENERIC)],
    "strategy-q5": [("lead_strong_suit", "'lead_strong_suit' is a component, but not the one"),
                    ("blocking", "'blocking' is a component, but not the one"),
                    ("suits", "there is no component called 'suits'")],
    "strategy-q6": [(FirstMove, "but the rule says"), (AlwaysDraws, "not one of its legal moves"),
                    (lambda view: 1, "expected a player class")],
    "counting-q1": [(8 / 28, "not by the whole set"), (0.286, "not by the whole set"), (0.556, "does not fit"),
                    (0.44, "2 decimal places"), (44.4, "between 0 and 1"), (0.5, GENERIC), (0.445, GENERIC)],
    "counting-q2": [(3 * 8 / 18, "counts some cases twice"), (0.444, "chance for one draw"),
                    (0.829, "went back"), (0.852, "cutting the number short"), (0.85, "2 decimal places"),
                    (0.7, GENERIC)],
    "counting-q3": [({1}, "both ends"), ({6}, "both ends"), (1, "both ends"), ({1, 4, 6}, GENERIC), ({4}, GENERIC)],
    "counting-q4": [(True, "which tiles seat 2 kept")],
    "counting-q5": [(0.162, "holds no 3"), (0.8, "1 decimal place"), (0.5, GENERIC)],
    "counting-q6": [(lacks_forgetting_nothing, "is known to lack"), (lambda h, s: 5, "returned the number 5"),
                    (lambda h: set(), "stopped with TypeError"),
                    (lambda h, s: {n + 0.4 for n in lacks(h, s)}, "set of whole numbers"),
                    (lambda h, s: {str(n) for n in lacks(h, s)}, "set of whole numbers")],
    "partnership-q1": [([1, 3, 0, 2, 1], "an opponent always plays in between"), ([1, 0, 3, 2, 1], "to the left"),
                       ([1, 2, 3, 0, 2], GENERIC)],
    "partnership-q2": [([12, 0], "the other team rule"), ([11, 0], "given to the wrong team"),
                       ([0, 12], "a team's total"), ([0, 10], GENERIC)],
    "partnership-q3": [([0, 11], "the standard rule of exercise 2"), ([0, 12], "given to the wrong team"),
                       ([35, 0], "the winners' own pips"), ([13, 0], GENERIC)],
    "partnership-q4": [([76, 0], "partner's hand does not count"), ([0, 16], "team rule of exercise 2"),
                       ([42, 0], "subtracted"), ([0, 58], "each player wins or loses alone"), ([31, 0], GENERIC)],
    "partnership-q5": [({0, 3, 4, 5}, "a draw shows nothing"), ({0, 4}, "a draw shows nothing"),
                       ({5}, "both ends"), ({3}, "both ends"), ({1, 3, 5}, GENERIC)],
    "partnership-q6": [({"6-2 left", "6-0 left", "6-6 left"}, "a double leaves its own number"),
                       ({"6-2 left"}, "one more move"), ({"4-3 right"}, GENERIC)],
    "partnership-q7": [(lambda p: [p[0] + p[1], p[2] + p[3]], "team 0 is seats 0 and 2"),
                       (lambda p: p[0] + p[2], "it should return a list"),
                       (lambda p: [p[0] + p[2] + 0.5, p[1] + p[3]], "should be a whole number"),
                       (lambda p: [str(p[0] + p[2]), str(p[1] + p[3])], "should be a whole number")],
    "coach-q1": [(0, "counts the hand's turns from 1"), (29, "counts the hand's moves (every draw too) from 0"),
                 (30, "a seat's draws and its play are one turn"), (17, "but not the most"), (14, GENERIC)],
    "coach-q2": [("blunder", "10 points or more"), ("inaccuracy", "from 2 to under 5"), ("good", GENERIC)],
    "coach-q3": [(18, "the forced ones too"), (8, "number of forced decisions"), (4, "only the choices labelled best"),
                 (9, GENERIC)],
    "coach-q4": [("5-4 left", "the move seat 0 played"), ("5-4 on the left", "the move seat 0 played"),
                 ("pass", GENERIC)],
    "coach-q5": [(True, "cannot tell them apart"), ("yes", "cannot tell them apart")],
    "coach-q6": [(lambda rv: [d.index for d in rv if d.clear], "the turn numbers are `d.turn`"),
                 (lambda rv: [d.index + 1 for d in rv if d.clear], "the turn numbers are `d.turn`"),
                 (lambda rv: [d.turn for d in rv if d.loss >= 2], "larger than its margin of error"),
                 (lambda rv: [d.turn for d in reversed(list(rv)) if d.clear], "another order"),
                 (lambda rv: [str(d.turn) for d in rv if d.clear], "list of turn numbers"),
                 (lambda rv: [d.turn + 0.5 for d in rv if d.clear], "list of turn numbers"),
                 (lambda: [], "stopped with TypeError")],
    "coach-q7": [("6-2 right", "your heaviest tile that fits"), ("6-2 on the right", "your heaviest tile that fits"),
                 ("6-2 r", "your heaviest tile that fits"), ("2-0 left", "on the left end"),
                 ("2-0 l", "on the left end"), ("draw", "drawing lowest of all"), ("0-0 left", GENERIC),
                 ("2-0", "fits both ends here"), ("6-3 left", GENERIC)],
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
        # Code the learner writes may name the kind of exception it raised ("TypeError").
        forbidden = r"Traceback| at 0x|<class|__" if isinstance(exercise.answer_kind, Code) else \
            r"Error|Traceback|Exception| at 0x|<class|__"
        assert not re.search(forbidden, feedback.message), feedback.message


@pytest.mark.parametrize("name", ALL)
def test_unanswered_is_not_attempted(name):
    assert ALL[name].evaluate(...).status == "not attempted"


@pytest.mark.parametrize("name", ALL)
def test_none_is_explained_as_what_print_gives_back(name):
    feedback = ALL[name].evaluate(print(end=""))  # answer = print(...)
    assert feedback.status == "incorrect" and "print(...)" in feedback.message


@pytest.mark.parametrize("name", ALL)
def test_the_question_states_the_form_of_the_answer(name):
    exercise = ALL[name]
    kind = exercise.answer_kind
    if isinstance(kind, Number):
        assert f"to {kind.places} decimal place" in exercise.question
    elif isinstance(kind, Boolean):
        assert "True or False" in exercise.question
    elif isinstance(kind, Code):
        assert exercise.question.startswith("Write ")
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
    """Code quoted in a text that is meant to be run: it uses the engine or the lesson's
    exercises (names, signatures and tiles between backticks are only mentioned)."""
    return [f for f in re.findall(r"`([^`]+)`", text) if re.search(r"\b(dl|ex|math)\.|print\(", f)]


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


@pytest.mark.parametrize("name", ALL)
def test_solution_shows_the_engines_answer_and_code(name, capsys, monkeypatch):
    exercise = ALL[name]
    monkeypatch.setattr("dominolab.exercises.core.show", print)
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
    used = {int(n) for n in re.findall(r"ex\.q(\d+)\.check\(", source)}
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
    assert out[3].startswith("Hint: ") and out[4].startswith("Solution: 57. ")
    assert out[-1] == q.solution_code


def test_feedback_html():
    html = Feedback("incorrect", "look <again> at `dl.tile_set(6)`")._repr_html_()
    assert "Incorrect" in html and "&lt;again&gt;" in html and "<code>dl.tile_set(6)</code>" in html
    html = Feedback("solution", "55. Because.", "len(dl.tile_set(9))")._repr_html_()
    assert "<pre" in html and "len(dl.tile_set(9))</pre>" in html
    assert str(Feedback("solution", "55. Because.", "x = 1")) == "Solution: 55. Because.\n\nx = 1"


# --- the same exercises in Spanish (notebooks/es/) ---------------------------------------------
#: The Spanish lessons ask the same exercises; their answers as a Spanish-speaking student
#: types them (a decimal comma, "sí"/"no", "robar", ends in words, ";" or "y" between items).
#: Exercises whose answer is a whole number or code read alike in both languages: their
#: English forms above are checked again under Spanish.
RIGHT_ES = {
    "rules-q2": ["5-1; 2-2; 2-0", "5-1 2-2 2-0", "{'5-1', '2-2', '2-0'}"],
    "rules-q4": [("sí", "no"), "sí, no", "Sí; No", "verdadero, falso", ("Verdadero", "Falso")],
    "drawing-q3": ["no", "No", "falso", "Falso"],
    "drawing-q5": ["no", "falso", " NO "],
    "drawing-q7": ["no", "falso"],
    "scoring-q3": ["0; 0", "0 0"],
    "scoring-q6": ["100; 100"],
    "strategy-q1": ["b", "(b)", " B "],
    "strategy-q2": ["no", "falso"],
    "strategy-q3": ["0,5", "0,50", "1/2", " 0,5 "],
    "strategy-q4": ["0,30", "0,3017", "30 %", "30,17 %", "30,2%"],
    "strategy-q5": ["suit control", "suit_control"],
    "counting-q1": ["0,444", "44,4 %", "44,4%", "4/9", "0,44444"],
    "counting-q2": ["0,853", "85,3 %", "0,85294"],
    "counting-q3": ["1; 6", "6, 1", "6 1"],
    "counting-q4": ["no", "falso"],
    "counting-q5": ["0,838", "83,8 %", "83,8%"],
    "partnership-q1": ["1; 2; 3; 0; 1"],
    "partnership-q2": ["0; 11"],
    "partnership-q3": ["12; 0"],
    "partnership-q4": ["30; 0"],
    "partnership-q5": ["5; 3", "3; 5"],
    "partnership-q6": [{"6-2 izquierda", "6-0 izquierda"}, {"6-2 a la izquierda", "6-0 a la izquierda"},
                       "6-2 a la izquierda; 6-0 a la izquierda", {"6-2 izq", "6-0 izq"}],
    "coach-q4": ["robar", "Robar", " robar ", "robar del pozo", "4-0 a la izquierda", "4-0 izquierda", "4-0 izq",
                 "4-0 por la izquierda"],
    "coach-q5": ["no", "No", "falso"],
    "coach-q7": ["2-0 a la derecha", "2-0 der", "0-2 derecha", "2-0 derecha", "2-0 por la derecha", "2-0 der.",
                 "juego 2-0 a la derecha", "2-0 en el extremo derecho", "0-2 a la derecha"],
}

#: Wrong answers as a Spanish-speaking student types them, each with the English form of the
#: same answer: both must get the same feedback (the same nudge, in Spanish).
WRONG_ES = {
    "rules-q4": [("no, no", (False, False)), ("sí, sí", (True, True)), ("falso, verdadero", (False, True))],
    "drawing-q3": [("sí", True), ("verdadero", True)],
    "drawing-q5": [("sí", True)],
    "drawing-q7": [("Sí", True)],
    "strategy-q2": [("sí", True)],
    "strategy-q3": [("0,25", 0.25), ("0,7", 0.7)],
    "strategy-q4": [("0,35", 0.35), ("0,05", 0.05), ("0,70", 0.70), ("0,2", 0.2)],
    "counting-q1": [("0,286", 0.286), ("0,556", 0.556), ("0,44", 0.44), ("44,4", 44.4), ("0,445", 0.445)],
    "counting-q2": [("0,829", 0.829), ("0,852", 0.852), ("0,85", 0.85), ("0,7", 0.7)],
    "counting-q3": [("1; 4; 6", {1, 4, 6})],
    "counting-q4": [("sí", True)],
    "counting-q5": [("0,162", 0.162), ("0,8", 0.8), ("0,5", 0.5)],
    "partnership-q5": [("0; 3; 4; 5", {0, 3, 4, 5}), ("1; 3; 5", {1, 3, 5})],
    "partnership-q6": [({"6-2 izquierda", "6-0 izquierda", "6-6 izquierda"}, {"6-2 left", "6-0 left", "6-6 left"}),
                       ({"6-2 a la izquierda"}, {"6-2 left"}), ({"4-3 a la derecha"}, {"4-3 right"})],
    "coach-q4": [("5-4 a la izquierda", "5-4 left"), ("5-4 izq", "5-4 left"), ("pasar", "pass")],
    "coach-q5": [("sí", True), ("verdadero", True)],
    "coach-q7": [("6-2 a la derecha", "6-2 right"), ("6-2 der", "6-2 right"), ("6-2 derecha", "6-2 right"),
                 ("2-0 a la izquierda", "2-0 left"), ("2-0 izq", "2-0 left"), ("robar", "draw"),
                 ("0-0 a la izquierda", "0-0 left"), ("6-3 izquierda", "6-3 left"), ("2-0", "2-0")],
}


def test_the_spanish_forms_name_real_exercises():
    assert set(RIGHT_ES) <= set(ALL) and set(WRONG_ES) <= set(ALL)


@pytest.mark.parametrize("name", ALL)
def test_the_right_answer_is_accepted_as_a_spanish_speaking_student_types_it(name):
    exercise = ALL[name]
    with dl.language("es"):
        for answer in [*RIGHT_ES.get(name, []), *RIGHT[name]]:
            feedback = exercise.evaluate(answer)
            assert feedback.correct, (answer, feedback)
        # The answer the Spanish solution shows, typed back as text, is right too.
        kind = exercise.answer_kind
        if not isinstance(kind, Code):
            assert exercise.evaluate(kind.show(kind.read(exercise.expected()))).correct


@pytest.mark.parametrize("name", ALL)
def test_wrong_answers_typed_in_spanish_get_the_same_nudge_as_in_english(name):
    exercise = ALL[name]
    kind = exercise.answer_kind
    with dl.language("es"):
        for spanish, english in WRONG_ES.get(name, []):
            try:
                assert kind.read(spanish) == kind.read(english), (spanish, english)
            except Unreadable:  # "2-0" where it fits both ends: the same remark, in Spanish
                pass
            feedback = exercise.evaluate(spanish)
            assert feedback.status == "incorrect", (spanish, feedback)
            # The same nudge, with a number echoed as the student wrote it ("0,44", never "0.44").
            expected = exercise.evaluate(english).message
            if isinstance(english, float) and "," in spanish:
                expected = re.sub(r"(\d)\.(\d)", r"\1,\2", expected)
            assert feedback.message == expected, (spanish, feedback)
        # The English wrong answers are wrong in Spanish too, with the nudge said in Spanish.
        for answer, _expected in WRONG[name]:
            assert exercise.evaluate(answer).status == "incorrect", answer
    for answer, _expected in WRONG[name]:  # and the language comes back to English
        assert "Incorrect" in str(exercise.evaluate(answer))


ES_NOTEBOOKS = NOTEBOOKS / "es"
#: The Spanish answer key, kept for teachers apart from the notebooks students get.
ES_KEY = NOTEBOOKS.parent / "docs" / "teachers" / "es" / "clave-de-respuestas.ipynb"
ES_LESSONS = {
    "rules": "01-las-reglas.ipynb",
    "drawing": "02-robar-y-tranques.ipynb",
    "scoring": "03-los-puntos.ipynb",
    "strategy": "04-estrategia.ipynb",
    "counting": "05-contar-y-deducir.ipynb",
    "partnership": "06-por-parejas.ipynb",
    "coach": "07-aprende-de-tus-partidas.ipynb",
}


@pytest.mark.skipif(not ES_NOTEBOOKS.is_dir(), reason="the notebooks are not next to the tests (e.g. under Pyodide)")
@pytest.mark.parametrize("module_name", LESSONS)
def test_each_spanish_lesson_checks_every_exercise_of_its_module(module_name):
    """The Spanish twin of each lesson asks and checks every exercise its English twin does:
    a Spanish lesson that lacks one fails here."""
    qs = exercises(module_name)
    cells = json.loads((ES_NOTEBOOKS / ES_LESSONS[module_name]).read_text(encoding="utf-8"))["cells"]
    text = "\n".join("".join(c["source"]) for c in cells)
    assert f"from dominolab.exercises import {module_name} as ex" in text
    assert {int(n) for n in re.findall(r"ex\.q(\d+)\.check\(", text)} == {q.number for q in qs}
    assert [int(n) for n in re.findall(r"^\*\*Ejercicio (\d+)\.\*\*", text, re.MULTILINE)] == [q.number for q in qs]


#: The English answer key, beside the Spanish one.
KEY = NOTEBOOKS.parent / "docs" / "teachers" / "answer-key.ipynb"
#: The lessons the keys answer: these and lesson 8 ("teach"), whose exercises are checked with
#: numpy and PettingZoo (the env extra).  Its module imports without them, but its tests live in
#: tests/test_env_lesson.py, and the key tests below, like every test here that reads the keys,
#: are skipped where the notebooks and keys are not next to the tests (under Pyodide).
KEY_MODULES = [*LESSONS, "teach"]


def _exercise(module_name, number):
    return getattr(importlib.import_module(f"dominolab.exercises.{module_name}"), f"q{number}")


def _solutions_in_the_key(key=ES_KEY):
    """(module, number, the answer the committed key shows) for each exercise."""
    cells = json.loads(key.read_text(encoding="utf-8"))["cells"]
    found = []
    for cell in cells:
        match = re.fullmatch(r'lessons\["(\w+)"\]\.q(\d+)\.solution\(\)', "".join(cell["source"]).strip())
        if match and cell["cell_type"] == "code":
            (output,) = cell["outputs"]
            text = "".join(output["data"]["text/plain"])
            found.append((match[1], int(match[2]), text))
    return found


@pytest.mark.skipif(not ES_NOTEBOOKS.is_dir(), reason="the notebooks are not next to the tests (e.g. under Pyodide)")
@pytest.mark.parametrize("key,language,said", [(KEY, "en", "Solution"), (ES_KEY, "es", "Solución")],
                         ids=["answer-key", "clave-de-respuestas"])
def test_each_answer_the_keys_show_is_right_when_typed_back(key, language, said):
    """The answer keys a teacher reads: each solution they show (as committed, nbval-checked),
    typed into the exercise as a student would copy it, in the key's language, is right; and
    each key has a solution for every exercise of the eight lessons."""
    shown = _solutions_in_the_key(key)
    assert {(m, n) for m, n, _ in shown} == {(m, q.number) for m in KEY_MODULES for q in exercises(m)}
    with dl.language(language):
        for module_name, number, text in shown:
            exercise = _exercise(module_name, number)
            assert text.startswith(f"{said}: "), text
            if isinstance(exercise.answer_kind, Code):
                continue
            answer = re.match(rf"{said}: (.*?)\. ", text, re.DOTALL)[1]
            assert exercise.evaluate(answer).correct, (module_name, number, answer)


def test_lesson7_q2_takes_the_label_the_spanish_review_shows():
    from dominolab.exercises import coach

    with dl.language("es"):
        assert coach.q2.evaluate("error").correct and coach.q2.evaluate("un error").correct
        assert not coach.q2.evaluate("error grave").correct
        assert coach.q2.answer_kind.show("mistake") == "'error'"  # what the solution shows
    assert coach.q2.evaluate("mistake").correct and coach.q2.answer_kind.show("mistake") == "'mistake'"


def test_lesson6_q6_a_single_move_is_not_split_into_words():
    from dominolab.exercises import partnership

    with dl.language("es"):
        feedback = partnership.q6.evaluate("6-2 a la izquierda")
    assert feedback.status == "incorrect"
    with dl.language("es"):  # the nudge for that one move, not a complaint about the word "izquierda"
        assert feedback == partnership.q6.evaluate(("6-2 left",))
