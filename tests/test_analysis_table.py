"""The analysis board on the table, without Jupyter: its intents (moves for any seat, undo,
redo, going to a position, evaluating, pasting text), what the snapshot shows of it, and
"Open in analysis" from the coach's review and puzzles."""

from __future__ import annotations

import json
import sys
import threading

import pytest

import dominolab as dl
from dominolab.presenter import SNAPSHOT_KEYS, present
from dominolab.review import move_words
from dominolab.session import TableSession, TournamentSession
from dominolab.tournament import Tournament

from .positions import README_HAND as HAND  # the analysed seat to move


def analysing(text: str = HAND) -> TableSession:
    t = TableSession("standard", players=2, opponents="greedy", seed=4)
    t.open_analysis(dl.AnalysisBoard.from_text(text))
    return t


def send(t: TableSession, action: str, **fields) -> dict:
    rev = snap(t)["analysis"]["rev"] if t.analysis is not None else None
    fields.setdefault("rev", rev)
    return t.handle_intent({"action": action, "version": t.version, **fields})


def snap(t: TableSession) -> dict:
    return present(t.state())


def test_the_snapshot_shows_the_position_as_the_analysed_seat_knows_it():
    t = analysing()
    board = dl.AnalysisBoard.from_text(HAND)
    a = snap(t)["analysis"]
    assert set(snap(t)) == set(SNAPSHOT_KEYS)
    json.dumps(snap(t))  # plain JSON
    view = board.view()
    assert a["mine"] and a["turn"] == 0 and not a["over"]
    assert [p["tile"] for p in a["line"]] == [str(p.tile) for p in view.line]
    assert a["ends"] == list(view.ends)
    assert [h["tile"] for h in a["hand"]] == [str(x) for x in view.hand]
    assert a["others"] == [{"seat": 1, "name": "North", "count": view.hand_counts[1]}]
    assert a["boneyard"] == view.boneyard_count
    assert [m["words"] for m in a["moves"]] == [move_words(m, view) for m in view.legal]
    assert all(m["value"] is None for m in a["moves"]) and not a["evaluated"]
    assert a["text"] == board.to_text()
    assert [h["text"] for h in a["history"]][:2] == ["You lead 5-0", "North plays 5-3 on the left"]
    assert a["history"][-1]["current"] and a["at"] == len(board.events)


def test_evaluate_values_every_legal_move_plain_words_first_and_the_figures_on_demand():
    t = analysing()
    assert send(t, "analysis_evaluate")["ok"]
    a = snap(t)["analysis"]
    board = dl.AnalysisBoard.from_text(HAND)
    legal = {move_words(m, board.view()) for m in board.legal_moves()}
    assert a["evaluated"] and {m["words"] for m in a["moves"]} == legal
    assert a["says"] and not any(ch.isdigit() and ch not in "0123456" for ch in a["says"].replace("-", ""))
    assert "net points" in a["why"]
    bars = [m["value"]["bar"] for m in a["moves"]]
    assert max(bars) == 1.0 and all(0 < b <= 1 for b in bars) and bars == sorted(bars, reverse=True)
    best = a["moves"][0]["value"]
    assert best["verdict"] == "best" and best["words"].endswith(": best") and "net points" in best["figures"]
    assert t.round.history == TableSession("standard", players=2, opponents="greedy", seed=4).round.history


def test_moves_for_any_seat_undo_redo_and_a_branch_go_through_the_board():
    t = analysing()
    assert send(t, "analysis_play", move="4-3 left")["ok"]
    assert snap(t)["analysis"]["turn"] == 1 and not snap(t)["analysis"]["mine"]
    assert send(t, "analysis_play", move="draws 2")["ok"]
    assert t.analysis.events[-1].action == "draw" and t.analysis.events[-1].tile is None
    assert [e.action for e in t.analysis.events[-3:]] == ["play", "draw", "draw"]
    for _ in range(3):  # the two draws, then the move
        assert send(t, "analysis_undo")["ok"]
    assert snap(t)["analysis"]["can_redo"]
    assert send(t, "analysis_play", move="4-0 left")["ok"]  # a variation
    board = t.analysis
    assert len(board.node.parent.variations) == 2
    assert "[\nme: 4-0 left\n*\n]" in snap(t)["analysis"]["text"]  # "*": the place, in the variation
    assert send(t, "analysis_undo")["ok"]
    branches = snap(t)["analysis"]["branches"]
    assert [b["text"] for b in branches] == ["You play 4-3 on the left", "You play 4-0 on the left"]
    assert send(t, "analysis_go", path=branches[0]["path"])["ok"]
    assert t.analysis.events[-1].tile == dl.Tile(4, 3)
    assert send(t, "analysis_redo")["ok"]  # the main line goes on: North's draws
    assert t.analysis.events[-1].seat == 1


def test_bad_moves_and_stale_intents_are_refused_and_change_nothing():
    t = analysing()
    before = snap(t)["analysis"]
    for move in ["6-6 left", "3-3", "pass", "", "draw"]:  # not held; not a draw of your own tile
        reply = send(t, "analysis_play", move=move)
        assert not reply["ok"] and reply["message"]
        assert snap(t)["analysis"]["text"] == before["text"] and snap(t)["analysis"]["rev"] == before["rev"]
    reply = t.handle_intent({"action": "analysis_play", "version": t.version, "rev": before["rev"] - 1,
                             "move": "4-3 left"})
    assert not reply["ok"] and "changed" in reply["message"]
    assert t.analysis.to_text() == before["text"]
    for path in ([9], ["x"], "0"):
        assert not send(t, "analysis_go", path=path)["ok"]
    assert send(t, "analysis_go", path=[])["ok"] and not send(t, "analysis_undo")["ok"]


def test_pasted_text_loads_or_is_refused_with_the_librarys_error_and_the_board_unchanged():
    t = analysing()
    before = t.analysis.to_text()
    bad = HAND.replace("North: 4-2 left", "North: 2-1 left")  # a tile you played, played again
    with pytest.raises(dl.AnalysisTextError) as caught:
        dl.AnalysisBoard.from_text(bad)
    reply = send(t, "analysis_load", text=bad)
    assert not reply["ok"] and str(caught.value) in reply["message"]
    a = snap(t)["analysis"]
    assert a["text"] == before and a["error"] == reply["message"]
    assert snap(t)["message"]["text"] == reply["message"]
    assert send(t, "analysis_evaluate")["ok"]  # the next thing done puts the refusal aside
    assert snap(t)["analysis"]["error"] is None and snap(t)["analysis"]["evaluated"]
    block = "rules: block\nseats: me, North\nmy tiles: 6-5 5-1 4-1 4-0 6-2 1-0 2-2\nNorth: lead 5-5\n"
    assert send(t, "analysis_load", text=block)["ok"]
    a = snap(t)["analysis"]
    assert a["rules"] == "block" and a["error"] is None and a["text"] == dl.AnalysisBoard.from_text(block).to_text()


def test_the_game_is_refused_while_the_board_is_open_and_close_returns_to_it():
    t = analysing()
    move = t.round.legal_moves()[0] if t.round.turn == 0 else None
    reply = t.handle_intent({"action": "hint", "version": t.version})
    assert not reply["ok"] and "analysis board is open" in reply["message"]
    assert send(t, "analysis_close")["ok"]
    assert snap(t)["analysis"] is None and t.analysis is None
    assert not send(t, "analysis_undo")["ok"]
    if move is not None:
        t.act_move(move)


def _finished_reviewed() -> TableSession:
    t = TableSession("standard", players=2, opponents="greedy", seed=11)
    while not t.round.is_over:
        t.act_move(t.round.legal_moves()[0])
    assert t.handle_intent({"action": "review", "version": t.version})["ok"]
    t.wait_review()
    return t


def test_open_in_analysis_from_a_review_decision_shows_the_position_before_the_move():
    t = _finished_reviewed()
    hand = t.round
    assert t.handle_intent({"action": "review_step", "version": t.version, "step": 1})["ok"]
    decision = t.coach.decisions[1]
    assert t.handle_intent({"action": "analysis_open", "version": t.version})["ok"]
    board = t.analysis
    expected = dl.AnalysisBoard.from_record(hand.to_record(), 0, move=decision.index)
    assert board.events == expected.events and board.hand == tuple(decision.view.hand)
    assert set(board.legal_moves()) == set(decision.view.legal)
    assert send(t, "analysis_close")["ok"]
    assert snap(t)["coach"]["kind"] == "review"  # back to the review it was opened from


def test_open_in_analysis_from_a_puzzle_needs_an_answer():
    p = dl.puzzles.load()[0]
    t = TableSession(p.rules, p.players, "greedy", seed=1)
    t.start_puzzles(p)
    reply = t.handle_intent({"action": "analysis_open", "version": t.version})
    assert not reply["ok"] and t.analysis is None
    assert t.handle_intent({"action": "puzzle_answer", "version": t.version, "move": "play",
                            "tile": str(p.best.tile), "end": p.best.end})["ok"]
    assert t.handle_intent({"action": "analysis_open", "version": t.version})["ok"]
    assert t.analysis.view().hand == p.view().hand and t.analysis.legal_moves() == list(p.view().legal)


def test_a_tournament_table_has_no_analysis_board():
    tour = Tournament.create("standard", hands=1, opponents="greedy", seed=2)
    t = TournamentSession(tour.entry("Ana", None))
    reply = t.handle_intent({"action": "analysis_open", "version": t.version})
    assert not reply["ok"] and t.analysis is None


def test_the_widget_opens_a_board_and_reads_it_back():
    pytest.importorskip("anywidget")
    from dominolab.widget import DominoTable

    board = dl.AnalysisBoard.from_text(HAND)
    table = DominoTable.analysis(board, background=False)
    try:
        assert table.snapshot["analysis"]["text"] == board.to_text()
        board.play("4-3 left")  # the table holds a copy
        assert table.board.to_text() != board.to_text()
        fresh = DominoTable.analysis(seed=5, background=False)
        assert fresh.board is not None and fresh.board.events == []
        fresh.close()
        with pytest.raises(ValueError):
            DominoTable.analysis("rules: standard")
    finally:
        table.close()


def test_another_seats_tiles_to_click_are_those_unseen_with_the_ends_they_match():
    t = analysing()
    assert send(t, "analysis_play", move="4-3 left")["ok"]
    board = t.analysis
    a = snap(t)["analysis"]
    seen = set(board.tiles) | {e.tile for e in board.events if e.tile is not None}
    left, right = board.view().ends
    assert {u["tile"] for u in a["unseen"]} == {str(x) for x in dl.Rules.coerce("standard").tiles
                                                if x not in seen and (x.has(left) or x.has(right))}
    for u in a["unseen"]:
        tile = dl.Tile.parse(u["tile"])
        assert u["ends"] == [side for side, n in (("left", left), ("right", right)) if tile.has(n)][:1 if left == right else 2]
    # North has shown no void: any of them is a move the board takes, as clicked.
    u = a["unseen"][-1]
    assert send(t, "analysis_play", move=f"{u['tile']} {u['ends'][-1]}")["ok"]
    assert (str(t.analysis.events[-1].tile), t.analysis.events[-1].end) == (u["tile"], u["ends"][-1])
    assert snap(t)["analysis"]["mine"] and snap(t)["analysis"]["unseen"] == []


def test_a_new_hand_set_up_from_the_tiles_picked():
    t = analysing()
    before = t.analysis.to_text()
    reply = send(t, "analysis_new", tiles=["6-6", "5-5"])
    assert not reply["ok"] and "deal 7" in reply["message"] and t.analysis.to_text() == before
    assert not send(t, "analysis_new", tiles="6-6 5-5")["ok"]
    assert not send(t, "analysis_new", tiles=["6-6"] * 7)["ok"] and t.analysis.to_text() == before
    tiles = ["6-6", "5-5", "4-4", "3-3", "2-2", "1-1", "0-0"]
    assert not send(t, "analysis_new", tiles=tiles, leader=5)["ok"]
    assert send(t, "analysis_new", tiles=tiles, leader=1)["ok"]
    board = t.analysis
    assert [str(x) for x in board.tiles] == tiles and board.events == [] and board.turn == 1
    a = snap(t)["analysis"]
    assert len(a["unseen"]) == 21 and all(u["ends"] == ["lead"] for u in a["unseen"])
    assert a["pick"]["count"] == 7 and len(a["pick"]["tiles"]) == 28


def test_on_two_equal_ends_a_tile_is_offered_once():
    t = analysing("rules: standard\nseats: me, North\nmy tiles: 6-4 5-5 3-1 2-2 6-0 4-1 1-0\nNorth: lead 6-6\n")
    assert t.analysis.legal_moves().count(dl.Play("6-0", "right")) == 1  # the engine lists both ends
    assert [m["words"] for m in snap(t)["analysis"]["moves"]] == ["6-0 on the left", "6-4 on the left", "draw"]
    assert send(t, "analysis_evaluate")["ok"]
    shown = [m["tile"]["tile"] if m["tile"] else m["action"] for m in snap(t)["analysis"]["moves"]]
    assert sorted(shown) == ["6-0", "6-4", "draw"]


@pytest.mark.skipif(sys.platform == "emscripten", reason="no threads under Pyodide")
def test_evaluate_runs_in_the_background_and_keeps_the_values_for_their_position(monkeypatch):
    started, gate = threading.Event(), threading.Event()
    real = dl.AnalysisBoard.evaluate

    def held(self, **options):  # the search, held until the test lets it go
        started.set()
        assert gate.wait(30)
        return real(self, **options)

    monkeypatch.setattr(dl.AnalysisBoard, "evaluate", held)
    t = TableSession("standard", players=2, opponents="greedy", seed=4, background=True)
    try:
        # The table's own computer player may still be making its first move, which changes
        # the version an intent quotes: let it finish before the board's intents are sent.
        assert t.wait(30)
        t.open_analysis(dl.AnalysisBoard.from_text(HAND))
        assert send(t, "analysis_evaluate")["ok"]  # answered at once
        assert started.wait(30)
        a = snap(t)["analysis"]
        assert a["evaluating"] and not a["evaluated"]
        first = t._analysis.run
        assert send(t, "analysis_evaluate")["ok"] and t._analysis.run is first  # asked again: the same search
        assert send(t, "analysis_play", move="4-3 left")["ok"]  # the board is not held up meanwhile
        assert not snap(t)["analysis"]["evaluating"]  # the position shown is not being valued
        gate.set()
        assert t._analysis.wait(30)
        assert not snap(t)["analysis"]["evaluated"]
        assert send(t, "analysis_undo")["ok"]
        assert snap(t)["analysis"]["evaluated"]  # the values, for the position they are of
        # Closed while valuing: the values that come are not kept.
        gate.clear()
        started.clear()
        assert send(t, "analysis_go", path=[])["ok"]  # your lead, not valued yet
        assert send(t, "analysis_evaluate")["ok"] and started.wait(30)
        assert send(t, "analysis_close")["ok"]
        gate.set()
        assert t._analysis.wait(30) and t._analysis.values == {} and t.analysis is None
    finally:
        gate.set()
        t.close()


def test_evaluate_is_refused_when_it_is_not_your_decision():
    t = analysing()
    assert send(t, "analysis_play", move="4-3 left")["ok"]
    reply = send(t, "analysis_evaluate")
    assert not reply["ok"] and reply["message"].startswith("It is North's turn")
    assert not snap(t)["analysis"]["evaluating"]


def test_the_status_line_asks_for_evaluate_only_before_evaluating():
    t = analysing()
    assert "press Evaluate (E)" in snap(t)["analysis"]["status"]
    assert send(t, "analysis_evaluate")["ok"]
    assert t.wait(60)
    status = snap(t)["analysis"]["status"]
    assert snap(t)["analysis"]["evaluated"] and "Evaluate" not in status and "valued" in status
