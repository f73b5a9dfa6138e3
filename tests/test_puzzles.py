"""The shipped puzzles: the data file loads, every position rebuilds from its deal and
moves, can arise in a real hand, and its stored verification (exact, or paired play-outs)
meets the rule against every legal move; exact ones solve again to the stored figures;
answers are read like the exercises read them and quote only verified figures."""

import copy
import dataclasses
import json
import re
from pathlib import Path

import pytest

import dominolab as dl
from dominolab import exact, plain, puzzles, reachable
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
    assert puzzle.grade == puzzles.grade(puzzle.gain, len(view.unseen))
    assert puzzle.explanation == puzzles.explain(view, puzzle.choices, puzzle.verified, puzzle.hidden)
    assert puzzle.evaluate(puzzle.best).correct
    assert puzzle.evaluate(MoveAnswer().show(puzzle.best).strip("'")).correct


def distinct(view):
    """The legal moves, a tile on either of two equal ends once."""
    return puzzles._distinct(view)


@pytest.mark.parametrize("puzzle", ALL, ids=[p.id for p in ALL])
def test_each_puzzle_is_verified_against_every_legal_move_and_meets_the_rule(puzzle):
    view = puzzle.view()
    v = puzzle.verified
    assert v is not None and v.method in ("exact", "paired")
    assert puzzles.passes(v)
    assert all(r.gain >= puzzles.MIN_GAIN and r.gain - r.margin > 0 for r in v.rivals)
    assert not puzzles.obvious(view, puzzle.best)
    # every other legal move is a rival, mirror images once, and the figures agree
    moves = distinct(view)
    assert [c.move for c in puzzle.choices] == [c.move for c in puzzle.choices if c.move in moves]
    assert sorted(map(str, (c.move for c in puzzle.choices))) == sorted(map(str, moves))
    assert {r.move for r in v.rivals} == set(moves) - {puzzle.best}
    assert v.gain == min(r.gain for r in v.rivals) and v.against == v.rivals[0].move
    for c in puzzle.choices[1:]:
        assert abs(puzzle.choices[0].points - c.points - v.rival(c.move).gain) <= 0.011
    if v.method == "exact":
        assert v.margin == 0 and all(c.margin == 0 for c in puzzle.choices)
        assert ("solved exactly in the only deal" if v.deals == 1 else f"solved exactly over all {v.deals} deals") \
            in puzzle.explanation
    else:
        assert v.deals >= 100 and "in every seat" in v.players
        assert f"verified over {v.deals} paired deals" in puzzle.explanation
    assert f"gains {v.gain:.1f} points" in puzzle.explanation


EXACT = [p for p in ALL if p.verified is not None and p.verified.method == "exact"]
CHEAP = [p for p in EXACT if p.verified.deals <= 100]


@pytest.mark.parametrize("puzzle", CHEAP, ids=[p.id for p in CHEAP])
def test_exact_puzzles_solve_again_to_the_stored_figures(puzzle):
    solved = exact.solve(puzzle.view(), max_deals=puzzles.EXACT_DEALS, limit=puzzles.EXACT_LIMIT)
    assert solved.deals == puzzle.verified.deals
    for c in puzzle.choices:
        assert solved[c.move].value == pytest.approx(c.points, abs=0.006)
    assert solved.best == puzzle.best or puzzles.Puzzle._same(puzzle, solved.best, puzzle.best, puzzle.view())
    assert solved.gap == pytest.approx(puzzle.gain, abs=0.011)


@pytest.mark.slow
@pytest.mark.parametrize("puzzle", EXACT[::4], ids=[p.id for p in EXACT[::4]])
def test_more_exact_puzzles_solve_again(puzzle):
    solved = exact.solve(puzzle.view(), max_deals=puzzles.EXACT_DEALS, limit=puzzles.EXACT_LIMIT)
    assert solved.gap == pytest.approx(puzzle.gain, abs=0.011)


PAIRED = [p for p in ALL if p.verified is not None and p.verified.method == "paired"]


@pytest.mark.slow
@pytest.mark.parametrize("puzzle", PAIRED[:2], ids=[p.id for p in PAIRED[:2]])
def test_paired_puzzles_hold_on_fresh_deals(puzzle):
    """Forty fresh paired deals (another seed) do not put any move clearly above the best."""
    fresh, choices = puzzles.verify_paired(puzzle.view(), deals=40, seed=987654)
    if choices[0].move != puzzle.best:
        against = fresh.rival(puzzle.best)
        assert against is not None and against.gain - against.margin <= 0


def test_the_four_reported_puzzles_are_fixed_or_gone():
    """Issue 21: these claimed gains that paired play-outs or the exact solver did not back."""
    shipped = {p.id: p for p in ALL}
    for pid in ("family-2p-008", "standard-2p-018", "standard-2p-008", "family-2p-012"):
        if pid in shipped:
            assert puzzles.passes(shipped[pid].verified)


def test_answers_are_read_as_the_exercises_read_them():
    p = ALL[0]
    best, other = p.choices[0].move, p.choices[1].move
    assert p.evaluate(best).correct
    if isinstance(best, dl.Play):
        assert p.evaluate(f"{best.tile} {best.end}").correct
        assert p.evaluate(f"play {best.tile} {best.end}").correct
    wrong = p.evaluate(other)
    rival = p.hidden_hands.rival(other)
    assert wrong.status == "incorrect" and f"{rival.gain:.1f} points (" in wrong.why
    assert p.hidden_hands.words() in wrong.why and not plain.check(wrong.message)
    assert not re.search(r"\d", p.hint_text().replace(str(len(p.choices)), ""))  # a nudge, no figures
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
    ("verified", "exact"), ("verified", {}), ("verified", [1]),
])
def test_from_dict_names_each_bad_field_with_the_librarys_error(key, bad):
    data = copy.deepcopy(dl.puzzles.load()[0].to_dict())
    data[key] = bad
    with pytest.raises(PuzzleError, match=key if key in ("players", "seat", "seed", "rules", "moves", "id",
                                                          "level", "explanation", "verified") else "choice|move"):
        Puzzle.from_dict(data)


@pytest.mark.parametrize("key, bad", [
    ("method", "guess"), ("method", None), ("deals", 0), ("deals", 1.5), ("deals", "x"), ("players", 3),
    ("gain", float("nan")), ("gain", 999.0), ("gain", True), ("margin", 99.0), ("against", "pass"),
    ("rivals", []), ("rivals", None), ("rivals", [["draw", 1]]), ("rivals", [[1, 1, 1]]),
    ("rivals", [["x", 1, 1]]), ("rivals", [["draw", float("inf"), 1]]), ("rivals", [["draw", 1, -1]]),
])
def test_a_bad_verification_is_named_with_the_librarys_error(key, bad):
    data = copy.deepcopy(dl.puzzles.load()[0].to_dict())
    data["verified"][key] = bad
    with pytest.raises(PuzzleError, match="verified"):
        Puzzle.from_dict(data)


def test_the_verification_round_trips_and_its_words_say_how():
    for p in (EXACT[:1] + PAIRED[:1]):
        data = json.loads(json.dumps(p.to_dict()))
        assert Puzzle.from_dict(data) == p
        assert p.verified.words() in p.explanation
    v = puzzles.Verification("paired", 400, "search players at level easy in every seat",
                             (puzzles.Rival(dl.Draw(), 2.1, 0.6),))
    assert v.words() == "verified over 400 paired deals played out by search players at level easy in every seat"
    assert not puzzles.passes(v)  # a gain of 2.1 is under the 3 points the rule asks
    assert puzzles.passes(dataclasses.replace(v, rivals=(puzzles.Rival(dl.Draw(), 3.0, 2.9),)))
    assert not puzzles.passes(dataclasses.replace(v, rivals=(puzzles.Rival(dl.Draw(), 4.0, 4.0),)))
    assert not puzzles.passes(None)


SECOND_CHECKS = Path(__file__).resolve().parents[1] / "benchmarks" / "puzzle_second_check.jsonl"


def test_every_shipped_puzzle_passed_a_second_check_with_stronger_players():
    """tools/build_puzzles.py --second: paired play-outs by level-medium players in every
    seat name each puzzle's best move again and meet the rule again (an exact puzzle too:
    its exact gain lets every seat see every hand)."""
    if not SECOND_CHECKS.exists():
        pytest.skip("the benchmarks are not next to the tests (the Pyodide run copies only tests)")
    rows = {}
    for line in SECOND_CHECKS.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        rows[row["id"]] = row
    for puzzle in puzzles.load():
        row = rows[puzzle.id]
        check = puzzles.Verification.from_data(row["check"])
        assert row["ok"] and row["agrees"] and row["of"] == puzzle.verified.method, puzzle.id
        assert row["level"] == "medium" and check.deals >= 80 and "level medium" in check.players
        view = puzzle.view()
        assert [r.move for r in check.rivals if puzzle._same(r.move, puzzle.best, view)] == []
        assert row["passes"] and puzzles.passes(check), puzzle.id


def test_the_gain_a_learner_sees_is_the_one_with_hidden_hands():
    """Issue 33: partnership-4p-009 stated 34.5 points "exact", a figure that lets every seat
    see every hand.  Every exact puzzle now stores its second check (paired play-outs where
    no seat sees another's tiles, the same as benchmarks/puzzle_second_check.jsonl), every
    figure a learner reads first comes from it, and an exact figure is only said as "if every
    hand were face up"."""
    rows = {}
    if SECOND_CHECKS.exists():
        for line in SECOND_CHECKS.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            rows[row["id"]] = row
    for p in puzzles.load():
        v = p.hidden_hands
        assert v is not None and v.method == "paired", p.id
        if p.verified.method == "exact":
            assert p.hidden is v
            if rows:
                assert v == puzzles.Verification.from_data(rows[p.id]["check"]), p.id
            exact = f"{p.verified.gain:.1f} points (exact)"
            head, _, face_up = p.explanation.partition("If every hand were face up")
            assert exact not in head and exact in face_up, p.id
            assert f"gains {v.gain:.1f} points (±{v.margin:.1f}) over" in head
        else:
            assert p.hidden is None
        assert "exact" not in p.figures() and f"{v.gain:.1f} points (±{v.margin:.1f})" in p.figures()
        for text in (p.answer(), p.evaluate(p.best).message, p.hint_text()):
            assert not plain.check(text), (p.id, text)
            assert not re.search(r"\d\.\d|%|exact", text), (p.id, text)
        sure, _ = p._sure()
        # As sure as the figures: the certainty word, or "Clearly the best move is ..." for a
        # clearly best move whose reason left no room to name the other move.
        assert plain.SURE[sure] in p.answer() or (sure == "clear" and p.answer().startswith("Clearly the best move"))
        if sure == "clear":  # clear by the figures with hidden hands
            assert v.runner_up.gain - v.runner_up.margin > 0 and v.runner_up.gain >= plain.CLEAR_POINTS
    p = puzzles.get("partnership-4p-009")
    assert "34.5 points (exact)" in p.explanation.partition("If every hand were face up")[2]
    assert p.figures() == "gains 19.8 points (±5.8) over 5-1 on the left, with hidden hands"
    data = json.loads(json.dumps(p.to_dict()))
    assert Puzzle.from_dict(data) == p
    with pytest.raises(PuzzleError, match="hidden"):
        Puzzle.from_dict({**data, "hidden": {**data["hidden"], "method": "exact", "margin": 0.0,
                                             "rivals": [[data["hidden"]["rivals"][0][0], 19.76, 0.0]]}})


@pytest.mark.parametrize("puzzle", ALL[::3], ids=[p.id for p in ALL[::3]])
def test_an_answered_puzzle_opens_on_the_board_as_the_seat_saw_it(puzzle):
    board = puzzle.analysis()
    view, seen = puzzle.view(), board.view()
    for name in ("seat", "hand", "ends", "hand_counts", "boneyard_count", "turn", "history", "legal"):
        assert getattr(seen, name) == getattr(view, name), name
    assert board.seat == puzzle.seat and board.turn == puzzle.seat


@pytest.mark.parametrize("puzzle", CHEAP[:4], ids=[p.id for p in CHEAP[:4]])
def test_the_boards_face_up_values_are_the_puzzles_exact_figures(puzzle):
    analysis = puzzle.analysis().evaluate(level="easy", face_up=True)
    for c in puzzle.choices:
        assert analysis[c.move].face_up == pytest.approx(c.points, abs=0.006)


def test_puzzle_answers_give_a_reason_from_the_position():
    """Issue 44: an answer gives a reason a player would use (the ends it leaves, a number no
    one else can have, a double, ...) or none, never the search's "it does best in many tries";
    where the comparison leaves no room, a clearly best move keeps its reason."""
    answers = [p.answer() for p in puzzles.load()]
    assert not [a for a in answers if "many tries" in a]
    with_reason = [a for a in answers if ": " in a]
    assert len(with_reason) >= 45, len(with_reason)  # 31 of 60 before the new facts and the "clearly" form
