"""benchmarks/hint_search.py's quick path: the issue's position comes first, references are
cached by position and a rerun builds none.  The reference's budget is cut to 1x here so
the test is cheap; the figures are the benchmark's, not the test's."""

from . import bench


def hint_search_module():
    return bench.load("hint_search")


def test_quick_run_caches_its_references(tmp_path, monkeypatch, capsys):
    module = hint_search_module()
    monkeypatch.setattr(module, "FACTOR", 1)
    chosen = module.positions(3)
    assert chosen[0] == module.ISSUE
    assert len({module.key_of(p) for p in chosen}) == 3
    cache = tmp_path / "refs.jsonl"
    args = ["--quick", "--count", "3", "--cache", str(cache), "--list"]
    first = module.main(args)
    assert first["positions"] == 3 and first["built"] == 3
    assert first["separated"] + first["others"] == 3
    assert len(cache.read_text().splitlines()) == 3
    again = module.main(args)
    assert again["built"] == 0
    assert again == {**first, "built": 0}
    assert "names the 1x best move (agrees)" in capsys.readouterr().out


def test_positions_have_a_choice_and_replay():
    module = hint_search_module()
    for position in module.positions(7):
        r = module.replay(position)
        assert not r.is_over
        assert module.distinct(r.view(r.turn)) >= 2
