"""Lesson 6 (partnerships): each exercise's right answer in every form a student types, the
likeliest wrong answers with their own nudge, exact numbers, and the lesson's promises (hands
the lesson has not printed, reachable positions, an example whose moves differ, a Draw game)."""

import json
import re
from pathlib import Path

import pytest

import dominolab as dl
from dominolab.exercises import partnership as ex
from dominolab.inference import infer, known_voids

NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "06-partnerships.ipynb"


def correct(exercise, answer):
    feedback = exercise.evaluate(answer)
    return feedback.correct


def says(exercise, answer, words):
    feedback = exercise.evaluate(answer)
    assert not feedback.correct, (answer, feedback)
    assert words in feedback.message, (answer, feedback)


# --- right answers, every form ----------------------------------------------------------------

@pytest.mark.parametrize(("exercise", "forms"), [
    (ex.q1, [[1, 2, 3, 0, 1], (1, 2, 3, 0, 1), "1, 2, 3, 0, 1", "[1, 2, 3, 0, 1]", "1 2 3 0 1", [1.0, 2, 3, 0, 1]]),
    (ex.q2, [[0, 11], (0, 11), "0, 11", "[0, 11]", "(0, 11)", [0.0, 11.0], ["0", "11"]]),
    (ex.q3, [[12, 0], (12, 0), "12, 0", "[12, 0]", [12.0, 0]]),
    (ex.q4, [[30, 0], (30, 0), "30, 0", "[30, 0]", [30.0, 0]]),
    (ex.q5, [{3, 5}, [5, 3], (3, 5), "3, 5", "{3, 5}", "5 3", frozenset({3, 5}), {3: 24, 5: 24}]),
    (ex.q6, [{"6-2 left", "6-0 left"}, ["6-0 left", "6-2 left"], {"2-6 left", "0-6 left"}, ["6-2", "6-0"],
             {dl.Play("6-2", "left"), dl.Play("6-0", "left")}, {"play 6-2 left", "play 6-0 left"},
             {str(m) for m in ex.q6.expected()}]),
])
def test_the_right_answer_in_every_form(exercise, forms):
    assert correct(exercise, exercise.expected())
    for answer in forms:
        assert correct(exercise, answer), (answer, exercise.evaluate(answer))


def test_the_cover_answer_in_the_narrations_words_and_as_tiles():
    assert correct(ex.q6, {"6-2 on the left", "6-0 on the left"})
    assert correct(ex.q6, {dl.Tile(6, 2), dl.Tile(6, 0)})


def test_the_code_exercise_accepts_every_way_of_adding_the_partners():
    for team_pips in (lambda p: [p[0] + p[2], p[1] + p[3]],
                      lambda p: (p[0] + p[2], p[1] + p[3]),
                      lambda p: [sum(p[0::2]), sum(p[1::2])],
                      lambda p: [float(p[0] + p[2]), float(p[1] + p[3])]):
        assert correct(ex.q7, team_pips)


# --- the likeliest wrong answers ----------------------------------------------------------------

@pytest.mark.parametrize(("exercise", "answer", "words"), [
    (ex.q1, [1, 3, 0, 2, 1], "an opponent always plays in between"),
    (ex.q1, [1, 0, 3, 2, 1], "to the left"),
    (ex.q2, [12, 0], "the other team rule"),          # the went-out rule
    (ex.q2, [11, 0], "given to the wrong team"),
    (ex.q2, 11, "expected a list"),                    # only the winners' score
    (ex.q3, [0, 11], "the standard rule of exercise 2"),
    (ex.q3, [0, 12], "given to the wrong team"),
    (ex.q3, [35, 0], "the winners' own pips"),
    (ex.q4, [76, 0], "the partner's hand does not count"),  # everyone else's pips, partner included
    (ex.q4, [0, 16], "team rule of exercise 2"),
    (ex.q4, [42, 0], "subtracted"),
    (ex.q4, [0, 58], "each player wins or loses alone"),
    (ex.q5, {0, 3, 4, 5}, "a draw shows nothing"),
    (ex.q5, {0, 4}, "a draw shows nothing"),
    (ex.q5, {5}, "both ends"),
    (ex.q5, {3}, "both ends"),
    (ex.q6, {"6-2 left", "6-0 left", "6-6 left"}, "a double leaves its own number"),
    (ex.q6, {"6-2 left"}, "one more move"),
])
def test_the_likeliest_wrong_answers_get_their_own_nudge(exercise, answer, words):
    says(exercise, answer, words)


@pytest.mark.parametrize(("exercise", "answer"), [
    (ex.q2, [0, 11.5]), (ex.q2, [0, 10.9]), (ex.q2, "0, 11.5"), (ex.q3, [12.4, 0]), (ex.q4, [30.5, 0]),
    (ex.q5, {3, 5.5}), (ex.q1, [1, 2, 3, 0, 1.5]),
])
def test_numbers_are_compared_exactly(exercise, answer):
    assert not correct(exercise, answer)


@pytest.mark.parametrize(("team_pips", "words"), [
    (lambda p: [p[0] + p[2] + 0.5, p[1] + p[3]], "should be a whole number"),
    (lambda p: [p[0] + p[2] + 0.9, p[1] + p[3]], "should be a whole number"),
    (lambda p: [str(p[0] + p[2]), str(p[1] + p[3])], "should be a whole number"),
    (lambda p: [True, False], "should be a whole number"),
    (lambda p: [p[0] + p[1], p[2] + p[3]], "team 0 is seats 0 and 2"),
    (lambda p: [p[0] + p[2]], "a list of two whole numbers"),
    (lambda p: p[0] + p[2], "a list of two whole numbers"),
    (lambda p: {p[0] + p[2], p[1] + p[3]}, "a list of two whole numbers"),
    (lambda p: [float("nan"), 0], "should be a whole number"),
])
def test_the_code_exercise_is_strict(team_pips, words):
    says(ex.q7, team_pips, words)


# --- what the lesson promises -------------------------------------------------------------------

def notebook_cells():
    return json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]


def source(cell):
    return "".join(cell["source"])


EXERCISE_HANDS = (ex.team_hand, ex.blocked_team_hand, ex.pass_position, ex.cover_position)
LESSON_HANDS = (ex.example_hand, ex.lead_position, ex.partner_position)


def test_every_position_shown_or_asked_about_is_reachable():
    for make in (*EXERCISE_HANDS, *LESSON_HANDS):
        verdict = dl.reachable.check(make())
        assert verdict, (make.__name__, verdict)


@pytest.mark.skipif(not NOTEBOOK.exists(), reason="the notebooks are not next to the tests")
def test_the_exercises_ask_about_hands_the_lesson_has_not_printed():
    cells = notebook_cells()
    first_exercise = next(i for i, c in enumerate(cells) if source(c).startswith("## Exercises")
                          or "\n## Exercises" in source(c))
    before = "\n".join(source(c) for c in cells[:first_exercise] if c["cell_type"] == "code")
    for make in EXERCISE_HANDS:
        assert f"ex.{make.__name__}(" not in before, make.__name__
    shown = {make().state_key() for make in LESSON_HANDS}
    assert not shown & {make().state_key() for make in EXERCISE_HANDS}
    printed = "\n".join("".join(o.get("text", "")) for c in cells[:first_exercise] for o in c.get("outputs", []))
    for make in (ex.team_hand, ex.blocked_team_hand):
        assert str(list(make().result.pips)) not in printed


def test_the_two_scoring_exercises_hand_splits_the_team_rules():
    # the standard rule and the went-out rule give the hand to different teams
    assert ex.q2.expected().index(max(ex.q2.expected())) != ex.q3.expected().index(max(ex.q3.expected()))
    # scoring alone changes the winner of the blocked hand
    assert ex.q4.expected().index(max(ex.q4.expected())) != list(ex.blocked_team_hand().result.points).index(
        max(ex.blocked_team_hand().result.points))


def test_the_pass_exercise_has_a_draw_that_proves_nothing():
    view = ex.pass_position().view(0)
    drew_at = {n for e in view.history if e.seat == 2 and e.action == "draw" for n in e.ends}
    assert view.rules.draw_when_able and drew_at - set(known_voids(view)[2])


def test_the_partner_example_decides_something():
    r = ex.partner_position()
    odds = infer(r.view(0)).suit_probabilities[2]
    best = {}
    for move in r.legal_moves():
        after = r.copy()
        after.play(move)
        best[str(move)] = max(odds[n] for n in after.ends)
    assert max(best.values()) - min(best.values()) > 0.5, best


@pytest.mark.skipif(not NOTEBOOK.exists(), reason="the notebooks are not next to the tests")
def test_the_featured_team_game_is_a_draw_game_and_the_header_is_honest():
    cells = notebook_cells()
    code = "\n".join(source(c) for c in cells if c["cell_type"] == "code")
    assert "DominoTable(teams, players=4" in code and ex.team_rules().can_draw
    header = source(cells[0])
    minutes = int(re.search(r"\*\*Time:\*\* about (\d+) minutes", header).group(1))
    assert minutes >= 60
    text = "\n".join(source(c) for c in cells if c["cell_type"] == "markdown")
    assert "`ends`" in text and "`known_voids`" in text  # the raw engine output printed is explained


def test_the_alone_rule_is_called_the_engines_reading():
    assert "the engine's reading" in ex.q4.question
    assert "each player wins or loses alone" not in ex.q4.question.split("the engine's reading")[0]
