"""The analysis board: building it (from a round, a record, text), reading and writing its
text, moves for any seat with variations, every bad input named by its line, and
evaluate()'s values checked by a different method."""

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dominolab as dl
from dominolab import exact
from dominolab.analysis import AnalysisBoard, AnalysisError, AnalysisTextError

from .budget import examples
from .positions import README_HAND

PRESET_PLAYERS = [(name, n) for name in dl.Rules.presets() for n in dl.Rules.preset(name).player_counts]

#: A Block game (no drawing) as one seat saw it: North passed against two 4s at the end.
BLOCK = """\
rules: block
seats: me, North
my tiles: 6-5 5-1 4-1 4-0 6-2 1-0 2-2
hand: first
North: lead 5-5
me: 6-5 left
North: 5-3 right
me: 6-2 left
North: 5-2 left
me: 5-1 left
North: 4-3 right
me: 4-1 left
North: passes
"""

#: A standard hand with draws on both sides, the analysed seat to move.
STANDARD = """\
rules: standard
seats: me, North
my tiles: 2-0 6-1 5-2 5-0 0-0 6-5 2-1
hand: first
me: lead 6-1
North: draws 1, 3-1 right
me: 6-5 left
North: 5-5 left
me: 5-0 left
North: 4-0 left
me: draws 2 (4-3, 6-3)
"""

#: The first lines of a Basic hand (the holder of the highest double leads it).
BASIC = """\
rules: basic
seats: me, North
my tiles: 2-0 5-5 5-2 5-0 0-0 6-3 2-1
hand: first
"""


def played_round(preset, players, seed, moves):
    rng = random.Random(seed)
    r = dl.Round.deal(preset, players, seed=seed)
    for _ in range(moves):
        if r.is_over:
            break
        r.play(rng.choice(r.legal_moves()))
    return r


# ---------------------------------------------------------------------------- building
@settings(max_examples=examples(80), deadline=None)
@given(st.sampled_from(PRESET_PLAYERS), st.integers(0, 2**32), st.integers(0, 70), st.integers(0, 3))
def test_text_round_trips_and_the_board_sees_what_the_seat_saw(preset_players, seed, moves, seat):
    preset, players = preset_players
    r = played_round(preset, players, seed, moves)
    seat %= players
    board = AnalysisBoard.from_round(r, seat)
    text = board.to_text()
    again = AnalysisBoard.from_text(text)
    assert again.to_text() == text
    assert again.events == board.events
    assert (again.rules, again.names, again.tiles, again.first_hand) == (board.rules, board.names, board.tiles,
                                                                         board.first_hand)
    # Whether a hand in which nobody may draw went stuck is not public (see AnalysisBoard._replay).
    if not (r.is_over and r.result.ending == "stuck"):
        assert again.view() == dataclasses.replace(r.view(seat), result=None)


def test_from_record_at_a_move_is_the_round_after_that_many_moves():
    r = played_round("standard", 3, 11, 25)
    record = r.to_record()
    board = AnalysisBoard.from_record(record, 1, move=9)
    early = dl.Round.from_start(r.rules, r.start)
    for move in r.moves[:9]:
        early.play(move)
    assert board.view() == dataclasses.replace(early.view(1), result=None)
    assert len(board.events) == 9


def test_a_text_reads_narration_lines_and_other_spellings():
    text = BLOCK.replace("North: 5-3 right", "North plays 5-3 on the right").replace(
        "me: 6-2 left", "You play 6-2 on the left")
    assert AnalysisBoard.from_text(text).to_text() == BLOCK


def test_the_board_is_exported():
    assert dl.AnalysisBoard is AnalysisBoard
    assert issubclass(dl.AnalysisTextError, ValueError)


# ---------------------------------------------------------------------------- bad text
def error_of(text):
    with pytest.raises(AnalysisTextError) as info:
        AnalysisBoard.from_text(text)
    return info.value


def test_a_tile_played_twice_is_named_with_its_line():
    error = error_of(BLOCK + "me: 4-0 left\nNorth: 4-3 right\n")
    assert error.line == 15
    assert error.problem == "4-3 was already played at line 11"


def test_a_tile_you_hold_cannot_be_played_by_another_seat():
    error = error_of(BLOCK + "me: 4-0 left\nNorth: 1-0 left\n")
    assert error.line == 15
    assert error.problem == "you were dealt 1-0, so North cannot play it"


def test_a_wrong_line_is_named_before_a_later_line_it_makes_wrong():
    """A tile you hold played by another seat is that line's mistake, though the next line's
    play then no longer matches its end (the reader checks the ends as it reads)."""
    text = README_HAND.replace("North: 4-2 left\n", "North: 2-0 right\nme: 4-3 left\n")
    error = error_of(text)
    assert (error.line, error.problem) == (9, "you were dealt 2-0, so North cannot play it")


def test_a_play_must_match_its_end():
    error = error_of(BLOCK.replace("North: 5-3 right", "North: 3-1 right"))
    assert error.line == 7
    assert "3-1 does not match the right end, which shows 5" in error.problem


def test_a_play_without_an_end_must_fit_one():
    error = error_of(BLOCK.replace("North: 5-3 right", "North: 3-1"))
    assert error.line == 7
    assert error.problem == "3-1 matches neither end (the ends are 6 left and 5 right)"


def test_counts_that_do_not_add_up():
    assert error_of(BLOCK.replace("my tiles: 6-5 5-1", "my tiles: 6-5")).problem == (
        "my tiles: 6 tiles, but these rules deal 7 to each of 2 players")
    for drawn in (12, 15):  # 13 or 16 drawn of 14, two of which must stay
        error = error_of(STANDARD.replace("North: 4-0 left", f"North: draws {drawn}, 4-0 left"))
        assert (error.line, error.problem) == (10, "North cannot draw: the boneyard is down to the two tiles that "
                                                   "must stay there")
    error = error_of(STANDARD.replace("draws 2 (4-3, 6-3)", "draws 3 (4-3, 6-3)"))
    assert error.line == 11 and "says 3 tiles but names 2" in error.problem


def test_a_seat_that_passed_on_a_number_cannot_play_it_without_drawing():
    error = error_of(BLOCK + "me: 4-0 left\nNorth: 6-4 right\n")
    assert error.line == 15
    assert error.problem == ("North cannot have held 6-4: North passed at line 13 against 4, so held no 4, "
                             "and has drawn nothing since")


def test_a_lead_the_rules_forbid_cannot_arise():
    # Under Basic rules the holder of the highest double leads it: with 5-5 in my hand,
    # North cannot have led 4-4 in the first hand.
    error = error_of(BASIC + "North: lead 4-4\n")
    assert error.line == 5
    assert error.problem == "under these rules you would have led this hand, not North"
    # ... but 6-6 is higher: fine.
    assert AnalysisBoard.from_text(BASIC + "North: lead 6-6\n").turn == 0


def test_a_turn_out_of_order_and_other_mistakes():
    error = error_of(BLOCK + "North: 6-4 left\n")  # (North showed it lacks 4s, but the turn comes first)
    assert error.line == 14 and error.problem == "it is your turn, not North's"
    assert error_of(BLOCK + "West: 3-3 left\n").problem.startswith("no seat is called 'West'")
    assert error_of(BLOCK.replace("seats: me, North\n", "")).problem == (
        "the 'seats:' line is missing before the first turn")
    assert error_of(BLOCK + "[\nme: 4-0 left\n").problem == "this '[' is never closed by a ']'"
    assert error_of(BLOCK + "]\n").problem == "']' without a '[' before it"
    assert error_of(STANDARD.replace("draws 2 (4-3, 6-3)", "draws 2")).problem == (
        "say which tiles you drew, as in 'draws 2 (3-3, 5-2)'")
    assert error_of(STANDARD.replace("North: draws 1,", "North: draws 1 (3-3),")).problem.startswith(
        "nobody knows which tiles another seat drew")
    assert error_of(STANDARD.replace("(4-3, 6-3)", "(4-3, 3-1)")).problem == (
        "3-1 was played at line 6, so you cannot draw it")
    assert error_of(BLOCK.replace("rules: block", "rules: blokc")).line == 1
    assert error_of(BLOCK.replace("North: 5-3 right", "North: lead 5-3")).problem.startswith(
        "the hand has already been led")


def test_a_text_longer_than_any_hand_is_refused_at_its_first_wrong_line():
    """Past the most moves a hand can have (168 here), the first wrong line is named (issue
    44: not the line where the text became too long)."""
    error = error_of(BLOCK + "me: passes\nNorth: passes\n" * 200)
    assert error.line == 14
    assert error.problem == "you cannot pass while holding a playable tile (4-0); the ends are 4 left and 4 right"


def test_errors_are_value_errors_and_the_text_is_read_in_one_pass():
    error = error_of(BLOCK + "North: 6-4 left\n")
    assert isinstance(error, ValueError)
    assert str(error) == "line 14: it is your turn, not North's"


# ---------------------------------------------------------------------------- moves
def test_moves_for_any_seat_are_checked_and_a_refused_move_changes_nothing():
    board = AnalysisBoard.from_text(BLOCK)
    board.play("4-0 left")  # mine
    before = board.to_text()
    with pytest.raises(AnalysisError, match="North cannot have held 6-4: North passed earlier against 4"):
        board.play("6-4 right")
    with pytest.raises(AnalysisError, match="you were dealt 1-0"):
        board.play("1-0")
    assert board.to_text() == before
    board.play("6-0 left")  # an unseen tile that fits
    assert board.turn == 0
    assert board.events[-1] == dl.Event(1, "play", dl.Tile(6, 0), "left", (0, 4))


def test_undo_redo_and_variations_are_written_in_brackets():
    board = AnalysisBoard.from_text(BLOCK)
    board.play("4-0 left")
    board.play("pass")  # North
    board.undo()
    board.play("6-0 left")  # North plays instead: a variation
    assert board.variations == []
    board.undo()
    assert [n.event.tile for n in board.variations] == [None, dl.Tile(6, 0)]
    assert board.redo().tile == dl.Tile(6, 0)  # where the last undo came from
    text = board.to_text()
    assert text.endswith("North: passes\nme: 4-0 left\nNorth: passes\n[\nNorth: 6-0 left\n*\n]\n")
    again = AnalysisBoard.from_text(text)
    assert again.to_text() == text
    assert again.events == board.events  # the place in the variation, "*", is kept (issue 44)
    with pytest.raises(AnalysisError, match="no move to undo"):
        AnalysisBoard.from_text(BLOCK.split("North: lead")[0]).undo()


def test_the_lead_can_be_played_for_any_seat():
    board = AnalysisBoard.from_text(BLOCK.split("North: lead")[0] + "leader: North\n")
    assert board.turn == 1
    board.play("lead 5-5")
    assert board.node.ends == (5, 5)
    with pytest.raises(AnalysisError, match="already been led"):
        board.play("lead 6-5")


def test_your_draws_name_their_tile():
    board = AnalysisBoard.from_text(STANDARD)
    board.play("4-3 left")
    board.play("draw")  # North
    board.play("draw")
    board.play("3-2 left")
    with pytest.raises(AnalysisError, match="say which tiles you drew"):
        board.play("draw")
    with pytest.raises(AnalysisError, match="say which tile you drew"):
        board.play(dl.Draw())
    board.play("draw 6-6")
    assert dl.Tile(6, 6) in board.hand


# ---------------------------------------------------------------------------- values
def brute_force(r, side):
    """Net points for ``side`` with every hand known and nothing to draw: plain minimax
    over the round's own moves (no pruning, no table)."""
    if r.is_over:
        points = r.result.points
        return points[side] - points[1 - side]
    values = []
    for move in r.legal_moves():
        r.play(move)
        values.append(brute_force(r, side))
        r.undo()
    return max(values) if r.turn == side else min(values)


def complete_positions(count, most_tiles):
    """Basic-rules positions of two players with an empty boneyard (nothing hidden from
    anyone), seat 0 to choose among two or more moves."""
    found = []
    seed = 0
    while len(found) < count:
        seed += 1
        r = dl.Round.deal("basic", 2, seed=seed)
        players = [dl.GreedyPlayer(seed), dl.RandomPlayer(seed)]
        while not r.is_over:
            if (r.boneyard_count == 0 and r.turn == 0 and len(r.legal_moves()) > 1
                    and sum(r.hand_counts) <= most_tiles):
                found.append(r)
                break
            r.play(players[r.turn].choose(r.view(r.turn)))
    return found


def test_complete_information_values_are_exact_and_agree_with_brute_force():
    for r in complete_positions(6, 9):
        board = AnalysisBoard.from_round(r, 0)
        analysis = board.evaluate()
        assert analysis.method == "exact"
        solved = exact.solve(r.view(0))
        for move in r.legal_moves():
            r.play(move)
            truth = brute_force(r, 0)
            r.undo()
            assert analysis[move].points == pytest.approx(truth)
            assert analysis[move].points == pytest.approx(solved[move].value)
            assert analysis[move].margin == 0 and analysis[move].exact


def test_evaluate_lists_every_legal_move_plain_words_first():
    board = AnalysisBoard.from_text(STANDARD)
    analysis = board.evaluate(level="easy")
    assert {m.move for m in analysis} == set(board.legal_moves())
    assert analysis.method == "search"
    assert analysis.moves[0].verdict == "best"
    points = [m.points for m in analysis]
    assert points == sorted(points, reverse=True)
    for word in ("±", "net", "margin", "%"):
        assert word not in analysis.says
    assert not any(c.isdigit() for c in analysis.says.replace("4-3", "").replace("6-3", ""))
    assert "imagined deals" in analysis.why and "±" in analysis.why


def test_evaluate_in_a_match_gives_each_move_its_chance():
    text = STANDARD.replace("hand: first\n", "hand: first\nmatch: 90, 40 to 100\n")
    analysis = AnalysisBoard.from_text(text).evaluate(level="easy")
    assert all(0.0 <= m.chance <= 1.0 for m in analysis)
    assert "chance of winning the match" in analysis.why


def test_evaluate_refuses_another_seats_turn_and_an_only_move_says_so():
    board = AnalysisBoard.from_text(BLOCK)
    analysis = board.evaluate(level="easy")
    assert analysis.says == "4-0 on the left is your only move." or len(analysis) > 1
    board.play(board.legal_moves()[0])
    with pytest.raises(AnalysisError, match="it is North's turn"):
        board.evaluate()


@settings(max_examples=examples(30), deadline=None)
@given(st.sampled_from(PRESET_PLAYERS), st.integers(0, 2**32), st.integers(4, 40), st.data())
def test_variations_round_trip_through_text(preset_players, seed, moves, data):
    preset, players = preset_players
    r = played_round(preset, players, seed, moves)
    board = AnalysisBoard.from_round(r, 0)
    for _ in range(data.draw(st.integers(1, 3))):
        back = data.draw(st.integers(1, 6))
        for _ in range(min(back, len(board.events))):
            board.undo()
        if board.is_over or board.turn != board.seat:
            continue
        choices = [m for m in board.legal_moves() if isinstance(m, dl.Play)]
        if choices:
            board.play(data.draw(st.sampled_from(choices)))
    text = board.to_text()
    again = AnalysisBoard.from_text(text)
    assert again.to_text() == text
    assert again.copy().to_text() == text


def test_face_up_values_are_labelled_as_such():
    board = AnalysisBoard.from_text(BLOCK.split("me: 4-1 left")[0])  # North holds three tiles
    analysis = board.evaluate(level="easy", face_up=True)
    assert len(analysis) > 1
    assert all(m.face_up is not None for m in analysis)
    solved = exact.solve(board.view())
    assert {m.move: m.face_up for m in analysis} == solved.values
    assert "With every hand face up" in analysis.why and "face up" not in analysis.says
    assert analysis.method == "search"  # the set-aside tiles are hidden: not exact


def test_the_position_reached_is_also_checked_by_reachable(monkeypatch):
    from dominolab import reachable

    problem = reachable.Problem("turns", "a problem only the position shows")
    monkeypatch.setattr(reachable, "check", lambda position, first_hand=None: reachable.Reachability((problem,)))
    error = error_of(BLOCK)
    assert (error.line, error.problem) == (13, "this position cannot arise in a real hand: a problem only the "
                                               "position shows")


def test_you_play_only_tiles_you_hold():
    board = AnalysisBoard.from_text(BLOCK)
    with pytest.raises(AnalysisError, match=r"6-4 is not in your hand \(4-0, 2-2, 1-0\)"):
        board.play("6-4 left")
    error = error_of(BLOCK + "me: 6-4 left\n")
    assert error.line == 14 and error.problem.startswith("6-4 is not in your hand")


# ---------------------------------------------------------------------------- one rule for words
def decision_positions(count):
    """Positions of standard hands, seat 0 to choose among two or more moves."""
    found = []
    seed = 0
    while len(found) < count:
        seed += 1
        r = played_round("standard", 2, seed, 2 + seed % 9)
        if not r.is_over and r.turn == 0 and len(r.legal_moves()) > 1:
            found.append((seed, r))
    return found


@pytest.mark.parametrize("seed, r", decision_positions(6))
def test_the_board_and_the_hint_say_the_same_words_for_the_same_figures(seed, r):
    board = AnalysisBoard.from_round(r, 0)
    analysis = board.evaluate(level="easy", seed=seed)
    advice = dl.players.advise(board.view(), level="easy", seed=seed)
    assert analysis.method == "search"
    assert analysis.sure == advice.sure  # the same figures: the same certainty
    assert [(m.move, m.points) for m in analysis] == sorted(
        ((m.move, m.points) for m in advice.evaluation.moves), key=lambda pair: -pair[1])
    words = dl.plain.SURE[analysis.sure]  # "clearly better", "about the same: either is fine"...
    assert words in analysis.says and words in advice.reason
    if analysis.sure not in ("same", "unsure"):
        assert analysis.best == advice.move


@settings(max_examples=examples(200), deadline=None)
@given(st.floats(0, 30), st.floats(0, 10), st.floats(0, 10))
def test_the_boards_words_are_plain_compare_of_its_figures(gap, margin, other_margin):
    view = AnalysisBoard.from_text(STANDARD).view()
    first, second = view.legal[:2]
    rows = [(first, gap, margin, None, 0.5, False), (second, 0.0, other_margin, None, 0.5, False)]
    from dominolab.analysis_text import judge

    analysis = judge(view, rows, "search", 100, {}, lambda seat: "you")
    sure = dl.plain.compare(gap, margin, other_margin)
    assert analysis.sure == sure
    assert analysis.moves[1].verdict == ("about as good" if sure in ("same", "unsure") else "worse")
    assert dl.plain.SURE[sure] in analysis.says


def test_the_readme_position_is_a_little_better_as_the_hint_says():
    # The gap, 4.3 points clear of its margins, is under plain.CLEAR_POINTS: "a little better".
    assert dl.plain.compare(4.3, 0.9, 0.9) == "little"
    assert dl.plain.compare(5.0, 0.9, 0.9) == "clear"
    assert dl.plain.compare(1.9, 0.0, 0.0) == "same"
    assert dl.plain.compare(3.0, 2.5, 2.5) == "unsure"
    assert dl.plain.compare(3.0, 1.5, 1.5) == "probably"
    assert dl.plain.compare(6.0, 0.5, 0.5, ahead=False) == "unsure"


# ---------------------------------------------------------------------------- issue 44, item 11
def test_a_match_already_won_is_refused_with_the_reason():
    error = error_of(STANDARD.replace("hand: first\n", "hand: first\nmatch: 150, 10 to 100\n"))
    assert error.line == 5 and "150" in error.problem and "the match is over" in error.problem
    with pytest.raises(AnalysisError, match="the match is over"):
        AnalysisBoard("standard", ["me", "North"], "2-0 6-1 5-2 5-0 0-0 6-5 2-1", match=([10, 100], 100))
    assert AnalysisBoard.from_text(STANDARD.replace("hand: first\n", "match: 99, 10 to 100\n")).match == (
        (99, 10), 100)


@pytest.mark.parametrize("dash", ["\u2013", "\u2014", "\u2212", "\u2010", "\uff0d"])
def test_a_dash_in_place_of_the_hyphen_reads_as_the_hyphen(dash):
    """A word processor's en dash ("6–1"), em dash or minus sign reads as "6-1", in the
    tiles and in the moves (every reader of a tile: Tile.parse)."""
    text = STANDARD.replace("6-1", "6" + dash + "1")
    assert AnalysisBoard.from_text(text).to_text() == AnalysisBoard.from_text(STANDARD).to_text()
    assert dl.Tile.parse("6" + dash + "3") == dl.Tile(6, 3)


def test_the_first_wrong_line_is_named_however_long_the_text(monkeypatch):
    """10,000 lines of draws: the line where the boneyard runs out is named, not the line
    where the text became longer than any hand, and the board replays the hand a bounded
    number of times (the text is read in one pass: linear time)."""
    head = "rules: standard\nseats: me, Grandpa\nmy tiles: 6-4 5-5 3-1 2-2 6-0 4-1 1-0\nme: lead 6-4\n"
    solved = []
    real = AnalysisBoard._solve_path
    monkeypatch.setattr(AnalysisBoard, "_solve_path", lambda self, path: solved.append(len(path)) or real(self, path))
    error = error_of(head + "Grandpa: draws 1\n" * 10_000)
    # 14 tiles in the boneyard, 2 of which stay: the 13th draw (line 5 + 12) is the first wrong one
    assert error.line == 17 and "boneyard" in error.problem
    assert len(solved) <= 3
    solved.clear()
    error = error_of(head + "Grandpa: draws 1\n" * 20 + "Grandpa: flies\n")  # a later unreadable line
    assert error.line == 17


def test_past_tenses_and_then_read_as_moves():
    said = ["North: drew 1, then played 4-3 right", "North: draws 1 then 4-3 right",
            "North: draws 1 and then plays 4-3 on the right"]
    base = "rules: standard\nseats: me, North\nmy tiles: 6-4 5-5 3-1 2-2 6-0 4-1 1-0\nme: lead 6-4\n"
    boards = [AnalysisBoard.from_text(base + line + "\n") for line in said]
    events = [board.events for board in boards]
    assert events[0] == events[1] == events[2] and [e.action for e in events[0][-2:]] == ["draw", "play"]
    from dominolab.analysis_text import moves_of

    assert moves_of("drew 1, then passed", mine=False) == [("draw", None, None), ("pass", None, None)]
    assert moves_of("robó 1 y luego pasó", mine=False) == [("draw", None, None), ("pass", None, None)]
    assert dl.moves.read_move_text("passed") == ("pass", None, None)
    assert dl.moves.read_move_text("played 6-4 left") == ("play", dl.Tile(6, 4), "left")


def test_the_place_in_a_variation_survives_the_text():
    """from_text(to_text()) is the same board at the same place: in a variation, within a
    turn (after your draw, before your play) and at the start."""
    board = AnalysisBoard.from_text(STANDARD)
    board.play("4-3 left")
    board.play("draw")  # North
    board.play("draw")
    board.play("3-2 left")
    board.undo()
    board.undo()
    places = []
    todo = [board.root]
    while todo:
        node = todo.pop()
        places.append(node)
        todo.extend(node.variations)
    for node in places:
        board.go(node)
        again = AnalysisBoard.from_text(board.to_text())
        assert again.events == board.events
        assert again.to_text() == board.to_text()
    with pytest.raises(AnalysisTextError, match="given twice"):
        AnalysisBoard.from_text(STANDARD + "*\n*\n")


def test_exact_values_a_point_apart_say_the_exact_difference():
    from dominolab.analysis_text import judge

    view = AnalysisBoard.from_text(STANDARD).view()
    first, second = view.legal[:2]
    rows = [(first, 3.0, 0.0, None, 1.0, True), (second, 2.0, 0.0, None, 0.0, True)]
    says = judge(view, rows, "exact", 1, {}, lambda seat: "you").says
    assert "1 point ahead of" in says and "either is fine" not in says
    rows = [(first, 3.0, 0.0, None, 1.0, True), (second, 1.5, 0.0, None, 0.0, True)]
    assert "1.5 points ahead of" in judge(view, rows, "exact", 1, {}, lambda seat: "you").says
    rows = [(first, 3.0, 0.0, None, 1.0, True), (second, 3.0, 0.0, None, 0.0, True)]
    assert "end the same" in judge(view, rows, "exact", 1, {}, lambda seat: "you").says


def test_an_impossible_deal_says_which_seat_needs_which_tiles():
    """North passed on 6s, 5s, 1s and 2s without drawing (a Block game): its seven tiles as
    dealt would all be among the five unseen tiles with none of those numbers."""
    text = BLOCK.split("me: 6-5 left")[0].replace("North: lead 5-5\n", "") + (
        "me: lead 6-5\nNorth: passes\nme: 5-1 right\nNorth: passes\nme: 6-2 left\nNorth: passes\n")
    error = error_of(text)
    assert error.line == 10
    assert error.problem.endswith("North was dealt 7 tiles, but only 5 of the tiles you could not see can have "
                                  "been among them (4-4, 4-3, 3-3, 3-0, 0-0)")


# ---------------------------------------------------------------------------- legal moves are playable
def every_legal_move_plays(board):
    """Each move of ``board.legal_moves()`` is taken by ``play()`` on a copy: a draw of the
    analysed seat with ``tile=`` (each tile of ``drawable()`` tried at the ends of the
    list), alone when only one tile can come.  Returns how many moves were played."""
    played = 0
    for move in board.legal_moves():
        if isinstance(move, dl.Draw):
            options = board.drawable()
            assert options, "a legal draw with no tile to draw"
            if len(options) == 1:
                copy = board.copy()
                copy.play(move)
                assert options[0] in copy.hand
            else:
                with pytest.raises(AnalysisError, match=r"play\(Draw\(\), tile="):
                    board.copy().play(move)
            for tile in {options[0], options[-1]}:
                copy = board.copy()
                copy.play(move, tile=tile)
                assert tile in copy.hand and copy.events[-1] == dl.Event(board.seat, "draw", tile, None,
                                                                          board.node.ends)
                played += 1
        else:
            copy = board.copy()
            copy.play(move)
            assert copy.events[:-1] == board.events and copy.events[-1].seat == board.seat
            played += 1
    return played


@settings(max_examples=examples(30), deadline=None)
@given(st.sampled_from(PRESET_PLAYERS), st.integers(0, 2**32), st.integers(0, 40), st.integers(1, 6), st.data())
def test_every_legal_move_is_taken_by_play_in_the_main_line_and_a_variation(preset_players, seed, moves, back,
                                                                             data):
    """What legal_moves() lists, play() takes (issue 44): the analysed seat is the one to
    move, at the end of the main line and after stepping back into a variation."""
    preset, players = preset_players
    r = played_round(preset, players, seed, moves)
    if r.is_over:
        return
    board = AnalysisBoard.from_round(r, r.turn)
    assert board.legal_moves() == list(r.legal_moves())
    assert every_legal_move_plays(board) >= 1
    for _ in range(min(back, len(board.events))):
        board.undo()
    if board.is_over or board.turn != board.seat:
        assert board.legal_moves() == [] and board.drawable() == ()
        return
    every_legal_move_plays(board)  # where the main line's move was played before
    move = data.draw(st.sampled_from(board.legal_moves()))
    if isinstance(move, dl.Draw):
        board.play(move, tile=data.draw(st.sampled_from(board.drawable())))
    else:
        board.play(move)
    if not board.is_over and board.turn == board.seat:  # inside the variation
        every_legal_move_plays(board)
    again = AnalysisBoard.from_text(board.to_text())
    assert again.events == board.events and again.to_text() == board.to_text()


def test_tile_names_only_your_draw():
    board = AnalysisBoard.from_text(STANDARD)
    with pytest.raises(AnalysisError, match="tile= names the tile you drew"):
        board.play("4-3 left", tile="6-6")
    with pytest.raises(AnalysisError, match="6-3"):
        board.play(dl.Draw(), tile="6-3")  # already in your hand
    assert board.events[-1].tile == dl.Tile(6, 3)  # nothing changed
    board.play("4-3 left")
    with pytest.raises(AnalysisError, match="cannot know which tile"):
        board.play(dl.Draw(), tile="6-6")  # North's draw
    assert board.drawable() == ()  # not your turn


#: A Basic hand (draw only when unable) where every unseen tile but 2-1 is one seat 1 must
#: hold: 2-1 is the only tile you can draw next.
ONE_TILE_TO_DRAW = """\
rules: basic
seats: me, seat 1
my tiles: 4-3 5-3 2-2 5-0 4-4 3-3 1-1
hand: first
me: lead 4-4
seat 1: 6-4 right
me: 4-3 left
seat 1: 3-1 left
me: 1-1 left
seat 1: 6-1 left
me: draws 1 (6-6), 6-6 left
seat 1: draws 3, 6-5 right
me: 5-0 right
seat 1: 1-0 right
me: draws 1 (6-0), 6-0 left
seat 1: 4-1 right
me: draws 3 (6-3, 5-5, 4-0), 4-0 left
seat 1: 4-2 right
me: 2-2 right
seat 1: 5-4 left
me: 5-5 left
seat 1: 5-1 left
me: draws 1 (3-2), 3-2 right
seat 1: draws 3, 3-0 right
me: draws 1 (6-2)
"""


def test_a_bare_draw_is_taken_when_only_one_tile_can_come():
    board = AnalysisBoard.from_text(ONE_TILE_TO_DRAW)
    assert dl.Draw() in board.legal_moves() and board.drawable() == (dl.Tile(2, 1),)
    other = next(t for t in board.rules.tiles if t not in board.drawable() and t not in board.hand
                 and all(e.tile != t for e in board.events))
    with pytest.raises(AnalysisError, match="no way of dealing"):
        board.play(dl.Draw(), tile=other)  # unseen, but it must be in seat 1's hand
    board.play(dl.Draw())
    assert board.events[-1].tile == dl.Tile(2, 1) and dl.Tile(2, 1) in board.hand


def test_a_draw_the_rules_refuse_says_why_in_your_words():
    board = AnalysisBoard.from_text(BLOCK)
    assert dl.Draw() not in board.legal_moves() and board.drawable() == ()
    for how in ({}, {"tile": "3-3"}):
        with pytest.raises(AnalysisError, match=r"^you cannot draw: these rules have no drawing"):
            board.play(dl.Draw(), **how)
