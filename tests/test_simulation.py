"""The simulator: duplicate deals, honest intervals, same results for any executor."""

import functools
import importlib

import pytest

import dominolab as dl
from dominolab import PlayerError
from dominolab.simulation import wilson_interval

#: The module behind dl.simulate.
SIMULATE = importlib.import_module("dominolab.simulation")


def test_wilson_interval_known_values():
    low, high = wilson_interval(60, 100)
    assert round(low, 4) == 0.5020 and round(high, 4) == 0.6906
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)


def test_duplicate_deals_rotate_the_players():
    res = dl.simulate("standard", ["greedy", "random"], rounds=40, seed=3, progress=False)
    assert res.hands == 40
    by_deal = {}
    for record in res.to_records():
        by_deal.setdefault(record["deal"], []).append(record["seats"])
    assert all(sorted(seats) == [[0, 1], [1, 0]] for seats in by_deal.values())
    stats = res.stats
    assert stats[0].wins + stats[1].wins + res.ties == 40
    assert stats[0].win_interval[0] <= stats[0].win_rate <= stats[0].win_interval[1]
    assert "greedy" in repr(res) and "duplicate deals" in repr(res) and "0x" not in repr(res)
    assert "<table>" in res._repr_html_()


def test_not_duplicate_and_four_players():
    res = dl.simulate("standard", ["greedy", "random", "strategy", "random"], rounds=10, seed=1,
                      duplicate=False, progress=False)
    assert res.hands == 10 and all(r["rotation"] == 0 for r in res.records)
    team = dl.simulate("partnership", ["greedy", "random", "greedy", "random"], rounds=8, seed=1, progress=False)
    for record in team.records:  # partners share their team's points
        assert record["points"][0] == record["points"][2] and record["points"][1] == record["points"][3]


def test_same_results_whatever_the_number_of_workers():
    if not SIMULATE._processes_available():
        pytest.skip("this Python cannot start worker processes (Pyodide)")
    one = dl.simulate("standard", ["strategy", "greedy"], rounds=60, seed=9, progress=False)
    two = dl.simulate("standard", ["strategy", "greedy"], rounds=60, seed=9, progress=False, workers=2)
    assert one == two and one.records == two.records


def test_without_processes_it_runs_here_with_the_same_results(monkeypatch):
    monkeypatch.setattr(SIMULATE, "_processes_available", lambda: False)
    with pytest.warns(RuntimeWarning, match="cannot start worker processes"):
        here = dl.simulate("standard", ["greedy", "random"], rounds=20, seed=4, progress=False, workers=2)
    assert here == dl.simulate("standard", ["greedy", "random"], rounds=20, seed=4, progress=False)


@pytest.mark.slow  # starts a local Dask cluster
def test_same_results_on_a_dask_cluster():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        on_dask = dl.simulate("standard", ["greedy", "random"], rounds=40, seed=5, progress=False,
                              executor=client.get_executor())
    local = dl.simulate("standard", ["greedy", "random"], rounds=40, seed=5, progress=False)
    assert on_dask == local


def test_player_specs():
    strategy_without_blocking = functools.partial(dl.StrategyPlayer, disable=["blocking"])
    res = dl.simulate("standard", [strategy_without_blocking, dl.GreedyPlayer(0)], rounds=10, seed=1, progress=False)
    again = dl.simulate("standard", [strategy_without_blocking, dl.GreedyPlayer(0)], rounds=10, seed=1, progress=False)
    assert res == again and res.labels == ("strategy", "greedy")
    with pytest.raises(ValueError, match="no player named"):
        dl.simulate("standard", ["nobody", "greedy"], rounds=2, progress=False)
    with pytest.raises(ValueError, match="a player must be"):
        dl.simulate("standard", [42, "greedy"], rounds=2, progress=False)
    with pytest.raises(ValueError, match="rounds"):
        dl.simulate("standard", ["greedy", "greedy"], rounds=0, progress=False)


class Raises:
    name = "raiser"

    def choose(self, view):
        raise RuntimeError("boom")


class Garbage:
    name = "garbage"

    def choose(self, view):
        return "not a move"


@pytest.mark.parametrize(("bad", "match"), [
    (Raises(), r"deal 0, rotation 0: player 1 \(raiser\): choose\(\) raised RuntimeError\('boom'\)"),
    (Garbage(), r"player 1 \(garbage\): returned 'not a move', which is illegal"),
])
def test_failing_players_are_named(bad, match):
    with pytest.raises(PlayerError, match=match):
        dl.simulate("standard", ["greedy", bad], rounds=4, seed=1, progress=False)


def test_progress_bar_runs(capsys):
    res = dl.simulate("standard", ["greedy", "random"], rounds=4, seed=1, progress=True)
    assert res.hands == 4


def test_dataframe_export():
    pytest.importorskip("pandas")
    frame = dl.simulate("standard", ["greedy", "random"], rounds=6, seed=1, progress=False).to_dataframe()
    assert len(frame) == 6 and "0:greedy won" in frame.columns


def test_paired_comparison():
    res = dl.simulate("standard", ["strategy", "random"], rounds=400, seed=2, progress=False)
    c = res.compare(0, 1)
    assert c.decided == sum(1 for r in res.records if r["winners"])
    assert c.win_interval[0] <= c.win_share <= c.win_interval[1]
    assert c.margin_interval[0] <= c.margin <= c.margin_interval[1]
    assert c.significant and "strategy v random" in str(c)
    mirror = res.compare(1, 0)
    assert mirror.wins == c.decided - c.wins and mirror.margin == pytest.approx(-c.margin)


def test_a_run_split_at_any_deal_and_combined_is_the_whole_run():
    whole = dl.simulate("standard", ["strategy", "greedy"], rounds=30, seed=11, progress=False)
    first = dl.simulate("standard", ["strategy", "greedy"], rounds=12, seed=11, progress=False)
    rest = dl.simulate("standard", ["strategy", "greedy"], rounds=18, seed=11, progress=False, start=6)
    assert [r["deal"] for r in rest.records][:2] == [6, 6]
    joined = dl.SimulationResult.combine([first, rest])
    assert joined == whole and joined.compare() == whole.compare()
    assert [len(t) for t in joined.times] == [len(a) + len(b) for a, b in zip(first.times, rest.times, strict=True)]


@pytest.mark.parametrize(("parts", "match"), [
    ([], "at least one"),
    (["not a result"], r"parts\[0\]: not a SimulationResult"),
    ("overlap", r"parts\[1\] plays deal 2 again"),
    ("other seed", r"parts\[1\] was not played with the rules, players, format and seed"),
])
def test_combine_refuses_parts_that_are_not_one_run(parts, match):
    a = dl.simulate("standard", ["greedy", "random"], rounds=6, seed=2, progress=False)
    if parts == "overlap":
        parts = [a, dl.simulate("standard", ["greedy", "random"], rounds=6, seed=2, progress=False, start=2)]
    elif parts == "other seed":
        parts = [a, dl.simulate("standard", ["greedy", "random"], rounds=6, seed=3, progress=False, start=3)]
    with pytest.raises(ValueError, match=match):
        dl.SimulationResult.combine(parts)


def test_start_must_be_a_deal_number():
    with pytest.raises(ValueError, match="start"):
        dl.simulate("standard", ["greedy", "random"], rounds=2, progress=False, start=-1)
