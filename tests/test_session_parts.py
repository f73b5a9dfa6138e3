"""The table session's parts (undo, coach, threads, autosave), each tested alone: a part is
given what it needs (a hand, the lock, a callback), never the table."""

from __future__ import annotations

import json
import threading

import pytest

import dominolab as dl
from dominolab.session.coach import Coach
from dominolab.session.persist import Persistence
from dominolab.session.state import IntentError
from dominolab.session.threads import Threads, _Job
from dominolab.session.undo import Undo


def a_hand() -> dl.Round:
    return dl.Match(dl.Rules.coerce("standard"), [dl.players.create("greedy") for _ in range(2)], seed=11).deal_next()


def test_the_undo_policy_works_on_a_hand_alone():
    r = a_hand()
    undo = Undo()
    assert undo.check("off", r, (0,), 0) == ("Undo is off at this table.", None)
    assert undo.check("free", r, (0,), 0) == ("There is no move of yours to take back in this hand.", None)
    while r.turn != 0:
        r.play(r.legal_moves()[0])
    before = len(r.history)
    plays = [m for m in r.legal_moves() if isinstance(m, dl.Play)]
    assert plays, "seed 11 gives seat 0 a play"
    r.play(plays[0])
    assert undo.check("last", r, (0,), 0) == ("", before)
    mark, taken = undo.take_back("last", r, (0,), ["You", "North"], 0)
    assert (mark, len(r.history), undo.floor) == (before, before, before) and taken
    with pytest.raises(IntentError, match="There is no move of yours to take back"):
        undo.take_back("last", r, (0,), ["You", "North"], 0)


def test_the_coach_shows_puzzles_without_a_table():
    emitted = []
    lock = threading.RLock()
    coach = Coach(lock, lambda: emitted.append(1), lambda point: None, lambda kind, text: None)
    assert coach.state() is None and coach.refusal(True, True) is None
    coach.start_puzzles(seed=1)
    state = coach.state()
    assert state is not None and state.kind == "puzzle" and state.status == "asking" and emitted == [1]
    assert coach.refusal(True, True) == "The coach is already on screen; close it first."
    with lock:  # as the table calls an intent
        coach.act_puzzle_solution({})
        assert coach.state().status == "solution"
        coach.act_coach_close({})
        assert coach.state() is None
    with pytest.raises(ValueError, match="puzzles are off in a tournament"):
        coach.start_puzzles(coaching=False)


def test_the_thinker_hands_back_the_move_it_chose():
    class Player:
        def choose(self, view):
            return f"a move for {view}"

    applied = []

    def apply(job, move, failed, took):
        applied.append((job.seat, move, failed))
        threads.schedule(None)  # what the table's next change does: nobody else to move
        return True

    lock = threading.RLock()
    threads = Threads(lock, False, apply, lambda point: None)
    with lock:  # as the table's _changed calls it
        threads.schedule(_Job(version=1, seat=1, view="seat 1", player=Player(), seed=None))
    threads.drain()
    assert applied == [(1, "a move for seat 1", None)] and threads.job is None and threads.wait(0)
    with lock:
        threads.close()
        threads.schedule(_Job(version=2, seat=1, view="seat 1", player=Player(), seed=None))
    assert threads.job is None  # a closed table gives nobody a job


def test_autosave_writes_once_someone_has_moved_and_claims_its_key(tmp_path):
    saver, other = Persistence(tmp_path), Persistence(tmp_path)
    assert saver.autosave(lambda: True, lambda: "abc", lambda: {"n": 1}) is None and not saver.saving
    saver.client = other.client = "browser"
    assert saver.autosave(lambda: False, lambda: "abc", lambda: {"n": 1}) is None
    assert list(tmp_path.iterdir()) == []  # nobody has moved yet
    assert saver.autosave(lambda: True, lambda: "abc", lambda: {"n": 1}) is None
    assert saver.key == "abc-browser" and json.loads((tmp_path / "abc-browser.json").read_text()) == {"n": 1}
    other.claim_key("abc-browser")
    assert other.key == "abc-browser-2"  # a second live table never writes over the first
    saver.release_key()
    other.release_key()
    assert saver.key is None and other.key is None
