"""Lesson 7 as a teacher would check it: its claims hold under a different method than the
one that made them (a larger search with other seeds), the exercises' hand is one the lesson
never prints, and the nudges' keys are that hand's own figures."""

import json
import re
from pathlib import Path

import pytest

import dominolab as dl
from dominolab.exercises import coach as ex
from dominolab.review import judge

LESSON = Path(__file__).resolve().parent.parent / "notebooks" / "07-learn-from-your-games.ipynb"


def _cells(kind):
    cells = json.loads(LESSON.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == kind]


@pytest.mark.skipif(not LESSON.exists(), reason="the notebooks are not here (the Pyodide run copies only tests)")
def test_the_exercises_hand_is_never_printed_before_the_exercises():
    text = "\n".join(_cells("code") + _cells("markdown"))
    before = text.split("## Exercises")[0]
    assert "exercise_hand" not in before and "exercise_review" not in before
    assert ex.EXERCISE_SEED != ex.HAND_SEED


def test_the_nudges_keys_are_the_exercise_hands_own_figures():
    rv = ex.exercise_review()
    assert ex.q1.expected() == rv.worst().turn == 19
    assert rv.worst().index == 29  # q1's "counted from 0" nudge (and 30, the moves counted from 1)
    assert [d.turn for d in rv if d.clear] == [17, 19]  # q1's "but not the most" nudge
    assert (len(rv), rv.forced, rv.counts()["best"]) == (18, 8, 4)  # q3's nudges
    assert ex.q3.expected() == 10


def test_the_lesson_hand_has_real_decisions_and_sure_mistakes():
    rv = ex.lesson_review()
    real = [d for d in rv if not d.forced]
    assert len(real) >= 8
    assert [d.label for d in rv if d.clear] == ["mistake", "inaccuracy"]
    assert any(d.label == "good" and not d.clear for d in rv)  # the "perhaps" the lesson looks at again


def test_a_larger_search_with_other_seeds_confirms_the_lessons_sure_losses():
    """The lesson says the larger searches agree with a loss beyond the margin: check it with
    seeds neither the review nor the lesson's cell used."""
    for decision in ex.lesson_review():
        if decision.clear:
            again = judge(decision.view, decision.played, decision.index, level="hard", seed=303)
            assert again.best.move == decision.best.move and again.clear and again.loss >= 2, decision.index


def test_exercise_one_names_a_loss_other_searches_confirm_as_the_largest():
    """The worst decision of the exercises' hand stays the worst, clearly, for other seeds."""
    rv = ex.exercise_review()
    worst = rv.worst()
    for seed in (303, 404):
        again = judge(worst.view, worst.played, worst.index, level="hard", seed=seed)
        assert again.clear and again.loss >= max(d.loss for d in rv if d is not worst) + 2


def test_exercise_four_accepts_every_move_a_larger_search_may_rank_first():
    """The review cannot tell the draw from 4-0 at that decision, and a larger search ranks
    either first depending on its seed: both answers are right, the move played is not."""
    worst = ex.exercise_review().worst()
    right = {ex.q4.expected(), *ex._as_good_as_best(worst)}
    assert len(right) == 2
    for seed in (404, 505):
        again = judge(worst.view, worst.played, worst.index, level="hard", seed=seed)
        assert again.best.move in right and again.clear
        assert all(ex.q4.evaluate(move).correct for move in right)
    assert not ex.q4.evaluate(worst.played).correct


def test_exercise_six_is_checked_on_a_review_where_a_big_loss_is_not_sure():
    """So a function that keeps every loss of two points or more cannot pass by luck."""
    assert any(d.loss >= 2 and not d.clear for d in ex._check_review())
    assert not ex.q6.evaluate(lambda rv: [d.index + 1 for d in rv if d.loss >= 2]).correct


def test_exercise_seven_is_the_hand_its_question_tells_and_other_searches_agree():
    """The question tells the hand in words; the text the key reads is that hand. The best
    move is clearly best for other seeds and a larger search too, and each nudge's claim holds."""
    question = ex.q7.question
    board = ex.kitchen_board()
    assert ", ".join(str(t) for t in board.tiles).replace(",", "") in question
    for event in board.events:
        if event.action == "play":
            assert str(event.tile) in question
    assert not board.is_over and board.turn == board.seat
    analysis = ex.kitchen_analysis()
    assert analysis.sure == "clear" and not ex._as_good_as_the_boards_best()
    for seed, level in ((303, "expert"), (404, "hard")):
        again = board.evaluate(seed=seed, level=level)
        assert again.best == analysis.best and again.sure == "clear"
    values = {str(m.move): m for m in analysis}
    heaviest = max((m for m in board.legal_moves() if hasattr(m, "tile")), key=lambda m: m.tile.pips)
    assert str(heaviest) == "play 6-2 right" and values["play 6-2 right"].verdict == "worse"  # its nudge
    assert values["play 2-0 left"].points < analysis[0].points - 5  # "worth much less"
    assert analysis[-1].move == dl.Draw()  # "drawing lowest of all"
    assert ex.q7.evaluate("2-0 right").correct and ex.q7.evaluate("2-0 on the right").correct
    assert ex.q7.evaluate("2-0 r").correct and not ex.q7.evaluate("6-2 right").correct


@pytest.mark.skipif(not LESSON.exists(), reason="the notebooks are not here (the Pyodide run copies only tests)")
def test_the_lessons_hand_from_a_real_table_is_another_hand_than_the_exercises():
    text = "\n".join(_cells("code"))
    assert "my tiles: 4-2 0-0 5-4 3-0 5-0 6-0 4-4" in text
    assert "6-4 1-1 4-1 6-2 0-0 2-0 4-4" not in text.split("ex.q7")[0].replace("my tiles: ...", "")


SPANISH = LESSON.parent / "es" / "07-aprende-de-tus-partidas.ipynb"


@pytest.mark.skipif(not SPANISH.exists(), reason="the notebooks are not here (the Pyodide run copies only tests)")
def test_the_spanish_exercise_seven_tells_the_same_hand_and_accepts_spanish_moves():
    """The Spanish lesson tells exercise 7's hand in its own words: the same tiles dealt, the
    same tiles played on the same ends, the same draws; and the answer is checked in Spanish."""
    cells = json.loads(SPANISH.read_text(encoding="utf-8"))["cells"]
    (question,) = ["".join(c["source"]) for c in cells if "".join(c["source"]).startswith("**Ejercicio 7.**")]
    board = ex.kitchen_board()
    assert " ".join(str(t) for t in board.tiles) in question
    words = {"left": "a la izquierda", "right": "a la derecha"}
    for event in board.events:
        if event.action == "play" and event.end is not None:
            assert f"{event.tile} {words[event.end]}" in question, str(event.tile)
        elif event.action == "play":
            assert f"Saliste con el {event.tile}" in question
    assert "Sam robó una ficha" in question and "el 6-3, luego el 5-3, luego el 4-0" in question
    assert "'6-4 a la izquierda', 'robar' o 'pasar'" in question
    with dl.language("es"):
        assert ex.q7.evaluate("2-0 a la derecha").correct and ex.q7.evaluate("2-0 der").correct
        assert ex.q7.evaluate("0-2 derecha").correct
        assert not ex.q7.evaluate("6-2 a la derecha").correct and not ex.q7.evaluate("robar").correct
        assert "izquierda" in ex.q7.evaluate("2-0").message  # which end, asked in Spanish


def test_exercise_sevens_spanish_hint_quotes_the_words_the_board_writes_in_spanish():
    with dl.language("es"):
        code = dl.i18n.said(ex.q7.hint_code)
        hint = dl.i18n.said(ex.q7.hint_text)
        written = ex.kitchen_board().to_text()
        namespace = {"dl": dl}
        exec(compile(code, "<q7 hint>", "exec"), namespace)
        start = code.split('"""')[1].lstrip("\\\n")
        assert written.startswith(start) and namespace["board"].to_text() == start
    assert start.startswith("reglas: standard\nasientos: yo, Sam\nmis fichas: ")
    for quoted in re.findall(r"`([^`]*)`", hint):
        if ":" in quoted and not quoted.endswith("..."):
            assert quoted in written.splitlines() or quoted in written, quoted
    assert "`yo: robo 3 (6-3, 5-3, 4-0), 4-0 a la izquierda`" in hint
    assert dl.i18n.said(ex.q7.hint_code) == ex.q7.hint_code and "rules: standard" in ex.q7.hint_code  # English kept
