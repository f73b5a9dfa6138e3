"""The shipped puzzles: the data file loads, every position rebuilds from its deal and
moves, can arise in a real hand, and its stored best move is legal and clearly best by
the stored figures; answers are read like the exercises read them."""

import copy
import dataclasses
import json

import pytest

import dominolab as dl
from dominolab import puzzles, reachable
from dominolab.exercises.answers import MoveAnswer
from dominolab.puzzles import Puzzle, PuzzleError
from dominolab.review import Choice, judge

ALL = puzzles.load()


def test_the_shipped_set_is_large_and_covers_the_rule_sets_and_grades():
    assert len(ALL) >= 60
    assert {p.rules for p in ALL} >= {"standard", "family", "partnership"}
    assert {p.grade for p in ALL} == set(puzzles.GRADES)
    assert len({p.id for p in ALL}) == len(ALL)
    assert [puzzles.GRADES.index(p.grade) for p in ALL] == sorted(puzzles.GRADES.index(p.grade) for p in ALL)


@pytest.mark.parametrize("puzzle", ALL, ids=[p.id for p in ALL])
def test_each_puzzle_rebuilds_is_reachable_and_its_best_move_is_legal_and_clearly_best(puzzle):
    r = puzzle.round()
    assert reachable.check(r), reachable.check(r)
    view = r.view(puzzle.seat)
    assert view.is_my_turn
    assert puzzle.best in view.legal
    assert {c.move for c in puzzle.choices} <= set(view.legal)
    assert puzzles.candidate(view, puzzle.choices)
    assert puzzle.grade == puzzles.grade(puzzle.gain, len(view.unseen))
    assert puzzle.explanation == puzzles.explain(view, puzzle.choices)
    assert puzzle.evaluate(puzzle.best).correct
    assert puzzle.evaluate(MoveAnswer().show(puzzle.best).strip("'")).correct


def test_answers_are_read_as_the_exercises_read_them():
    p = ALL[0]
    best, other = p.choices[0].move, p.choices[1].move
    assert p.evaluate(best).correct
    if isinstance(best, dl.Play):
        assert p.evaluate(f"{best.tile} {best.end}").correct
        assert p.evaluate(f"play {best.tile} {best.end}").correct
    wrong = p.evaluate(other)
    assert wrong.status == "incorrect" and f"{p.gain:.1f} points less" in wrong.message
    assert p.evaluate().status == "not attempted"
    for odd in (42, "banana", [1, 2], object()):
        feedback = p.evaluate(odd)
        assert feedback.status == "incorrect" and "expected" in feedback.message
    assert "not a legal move" in p.evaluate("draw" if best != dl.Draw() else "pass").message or \
        p.evaluate("draw").status == "incorrect"


def test_a_tile_named_without_an_end_counts_when_it_fits_only_one_end():
    for p in ALL:
        view = p.view()
        best = p.best
        if isinstance(best, dl.Play) and sum(1 for m in view.legal if isinstance(m, dl.Play) and m.tile == best.tile) == 1:
            assert p.evaluate(str(best.tile)).correct
            return
    pytest.skip("no puzzle whose best tile fits one end only")


def test_a_puzzle_shows_a_picture_with_alt_text_and_its_question():
    p = ALL[-1]
    svg = p.picture()
    assert svg.startswith("<svg") and "aria-label" in svg
    html = p._repr_html_()
    assert p.question in html and "<img" in html


def test_the_data_round_trips_and_bad_data_is_named(tmp_path):
    p = ALL[0]
    assert puzzles.Puzzle.from_dict(json.loads(json.dumps(p.to_dict()))) == p
    with pytest.raises(puzzles.PuzzleError, match="keys"):
        puzzles.Puzzle.from_dict({"id": "x"})
    bad = dict(p.to_dict(), grade="impossible")
    with pytest.raises(puzzles.PuzzleError, match="grade"):
        puzzles.Puzzle.from_dict(bad)
    moved = dataclasses.replace(p, moves=(*p.moves[:-1], "9-9 left"))
    with pytest.raises(puzzles.PuzzleError, match=p.id):
        moved.round()
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"format": "something else"}))
    with pytest.raises(puzzles.PuzzleError, match="not a version"):
        puzzles.load(str(path))


def test_select_and_get():
    assert puzzles.get(ALL[0].id) is ALL[0]
    with pytest.raises(KeyError):
        puzzles.get("no-such-puzzle")
    assert all(p.grade == "hard" for p in puzzles.select(grade="hard"))
    assert all(p.rules == "family" for p in puzzles.select(rules="family"))
    with pytest.raises(ValueError, match="grade"):
        puzzles.select(grade="trivial")


def test_grades_follow_the_documented_rule():
    assert puzzles.grade(20, 5) == "easy"
    assert puzzles.grade(20, 10) == "easy"
    assert puzzles.grade(10, 5) == "easy"
    assert puzzles.grade(10, 10) == "medium"
    assert puzzles.grade(5, 5) == "medium"
    assert puzzles.grade(20, 15) == "medium"
    assert puzzles.grade(5, 10) == "hard"
    assert puzzles.grade(10, 15) == "hard"
    assert puzzles.grade(3, 20) == "hard"


def test_the_heaviest_tile_is_never_a_puzzle():
    p = ALL[0]
    view = p.view()
    plays = [c for c in p.choices if isinstance(c.move, dl.Play)]
    heaviest = max(plays, key=lambda c: view.rules.tile_value(c.move.tile))
    rigged = [Choice(heaviest.move, 100.0, 0.1, 1.0)] + [c for c in p.choices if c is not heaviest]
    assert not puzzles.candidate(view, rigged)


@pytest.mark.slow
@pytest.mark.parametrize("puzzle", ALL[::20], ids=[p.id for p in ALL[::20]])
def test_a_fresh_search_agrees_on_the_best_move(puzzle):
    view = puzzle.view()
    fresh = judge(view, puzzle.best, level="hard", seed=12345)
    assert fresh.best.move == puzzle.best or fresh.loss < puzzles.MIN_GAIN


@pytest.mark.parametrize("key, bad", [
    ("players", None), ("players", float("nan")), ("players", float("inf")), ("players", 9),
    ("seat", 5), ("seed", "x"), ("seed", 1.5), ("rules", "nope"), ("rules", None),
    ("moves", None), ("moves", [1]), ("choices", None), ("choices", [["x", 1, 1, 1]] * 2),
    ("choices", [["draw", float("nan"), 1, 1]] * 2), ("choices", [["draw", 1, -1, 1]] * 2),
    ("choices", [[]] * 2), ("choices", "ab"), ("id", 5), ("level", None), ("explanation", 3),
])
def test_from_dict_names_each_bad_field_with_the_librarys_error(key, bad):
    data = copy.deepcopy(dl.puzzles.load()[0].to_dict())
    data[key] = bad
    with pytest.raises(PuzzleError, match=key if key in ("players", "seat", "seed", "rules", "moves", "id",
                                                          "level", "explanation") else "choice|move"):
        Puzzle.from_dict(data)
