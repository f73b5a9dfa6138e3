"""benchmarks/ledger.py: a long run stopped between parts and run again plays only what is
missing and gives the result of one whole run; a ledger of something else is refused."""

import json

import pytest

import dominolab as dl

from . import bench


@pytest.fixture(scope="module")
def ledger():
    return bench.load("ledger")


def test_a_stopped_run_resumes_where_it_stopped(ledger, tmp_path, monkeypatch):
    rules = dl.Rules.preset("standard")
    path = tmp_path / "run.jsonl"
    whole = dl.simulate(rules, ["strategy", "greedy"], rounds=14, seed=8, progress=False)
    real = dl.simulate
    calls = []

    def stops_after_two(*args, **kwargs):
        calls.append(kwargs["start"])
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(ledger.dl, "simulate", stops_after_two)
    with pytest.raises(KeyboardInterrupt):
        ledger.run(rules, ["strategy", "greedy"], 7, 8, ledger=path, what="test", part=3)
    assert len(path.read_text().splitlines()) == 3  # the heading and two parts
    calls.clear()
    monkeypatch.setattr(ledger.dl, "simulate", lambda *a, **k: calls.append(k["start"]) or real(*a, **k))
    result, seconds = ledger.run(rules, ["strategy", "greedy"], 7, 8, ledger=path, what="test", part=3)
    assert calls == [6] and result == whole and seconds >= 0
    again, _ = ledger.run(rules, ["strategy", "greedy"], 7, 8, ledger=path, what="test", part=3)
    assert calls == [6] and again == whole  # nothing left to play


def test_a_ledger_of_something_else_is_refused_and_kept(ledger, tmp_path):
    rules = dl.Rules.preset("standard")
    path = tmp_path / "run.jsonl"
    ledger.run(rules, ["greedy", "random"], 2, 1, ledger=path, what="test", part=2)
    kept = path.read_text()
    with pytest.raises(SystemExit, match="seed differ"):
        ledger.run(rules, ["greedy", "random"], 2, 2, ledger=path, what="test", part=2)
    head = json.loads(kept.splitlines()[0])
    path.write_text(json.dumps({**head, "code": "other"}) + "\n" + "\n".join(kept.splitlines()[1:]) + "\n")
    with pytest.raises(SystemExit, match="code differ"):
        ledger.run(rules, ["greedy", "random"], 2, 1, ledger=path, what="test", part=2)
