import copy
import json

import pytest

import dominolab as dl
from dominolab import Draw, PlayerError


def test_match_is_deterministic():
    def run():
        return dl.Match("standard", [dl.RandomPlayer(1), dl.RandomPlayer(2)], seed=3).play()

    a, b = run(), run()
    assert a.scores == b.scores and a.winner == b.winner and len(a.rounds) == len(b.rounds)
    assert [r.to_record() for r in a.rounds] == [r.to_record() for r in b.rounds]


def test_partnership_match_scores_teams():
    m = dl.Match("partnership", [dl.RandomPlayer(i) for i in range(4)], seed=1).play()
    assert len(m.scores) == 2 and m.target == 100 and max(m.scores) >= 100


def test_match_record_round_trip_and_continue():
    m = dl.Match("standard", [dl.RandomPlayer(1), dl.RandomPlayer(2)], seed=4)
    for _ in range(3):
        m.play_round()
    data = json.loads(json.dumps(m.to_record()))
    again = dl.Match.from_record(data)
    assert again.scores == m.scores and len(again.rounds) == 3
    assert again.next_leader() == m.next_leader()
    # Continuing from the record deals exactly the hand the original would deal next.
    assert again.deal_next().hands == m.deal_next().hands
    with pytest.raises(PlayerError, match="loaded from a record"):
        again.play_round()


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (lambda d: d.update(scores=[1, 2]), r"scores: record says \[1, 2\]"),
        (lambda d: d["rounds"][1].update(seed=d["rounds"][1]["seed"] + 1), r"rounds\[1\]\.seed"),
        (lambda d: d["rounds"][2]["result"].update(points=[999, 0]), r"rounds\[2\]\.result\.points"),
        (lambda d: d.update(format="x"), r"format"),
        (lambda d: d.update(players=7), r"players"),
    ],
)
def test_corrupt_match_records(change, match):
    m = dl.Match("standard", [dl.RandomPlayer(1), dl.RandomPlayer(2)], seed=4)
    for _ in range(3):
        m.play_round()
    data = copy.deepcopy(m.to_record())
    change(data)
    with pytest.raises(dl.RecordError, match=match):
        dl.Match.from_record(data)


class Raises:
    def choose(self, view):
        raise RuntimeError("boom")


class Illegal:
    def choose(self, view):
        return Draw() if view.ends is None else "6-6"


def test_player_that_raises_is_named_and_nothing_is_counted():
    m = dl.Match("standard", [dl.RandomPlayer(1), Raises()], seed=1)
    with pytest.raises(PlayerError, match=r"seat 1 failed: choose\(\) raised RuntimeError\('boom'\)") as info:
        m.play()
    assert info.value.seat == 1 and info.value.move is None
    assert m.rounds == [] and m.scores == [0, 0]


def test_player_returning_an_illegal_move_is_named():
    m = dl.Match("standard", [Illegal(), Illegal()], seed=1)
    with pytest.raises(PlayerError, match=r"returned Draw\(\), which is illegal: .*nobody draws before") as info:
        m.play_round()
    assert info.value.move == Draw()


def test_bad_match_arguments():
    with pytest.raises(ValueError, match=r"seats\[1\] is not a player"):
        dl.Match("standard", [dl.RandomPlayer(), object()])
    with pytest.raises(ValueError, match="not 5"):
        dl.Match("standard", [dl.RandomPlayer()] * 5)
    with pytest.raises(ValueError, match="target"):
        dl.Match("standard", [dl.RandomPlayer()] * 2, target=0)


def test_finished_match_refuses_more():
    m = dl.Match("standard", [dl.RandomPlayer(1), dl.RandomPlayer(2)], seed=3, target=5).play()
    with pytest.raises(ValueError, match="the match is over"):
        m.play_round()
    assert "0x" not in repr(m)
