"""Every cache the engine keeps has a limit (issue 20: a long kernel's memory stays flat).
The figure for a long kernel is measured by ``benchmarks/memory.py``."""

from dataclasses import replace

import dominolab as dl
from dominolab import fastround as round_module  # the points memo lives with the fast play-out core
from dominolab.moves import Play
from dominolab.players import SearchPlayer


def _finish(r, seed=0):
    player = SearchPlayer(seed, level="easy")
    while not r.is_over:
        r.play(player.choose(r.view(r.turn)))


def test_the_points_memo_keeps_only_the_most_recently_used_rule_sets(monkeypatch):
    monkeypatch.setattr(round_module, "_POINTS_MEMO", {})
    monkeypatch.setattr(round_module, "POINTS_MEMO_RULES", 3)
    rule_sets = [replace(dl.Rules.preset("standard"), target=t) for t in (100, 150, 200, 250, 300)]
    for rules in rule_sets:
        _finish(dl.Round.deal(rules, 2, seed=1))
        assert len(round_module._POINTS_MEMO) <= 3
    assert list(round_module._POINTS_MEMO) == rule_sets[-3:]
    _finish(dl.Round.deal(rule_sets[2], 2, seed=2))  # used again: now the most recent
    assert list(round_module._POINTS_MEMO)[-1] == rule_sets[2]


def test_each_points_table_is_bounded(monkeypatch):
    monkeypatch.setattr(round_module, "_POINTS_MEMO", {})
    monkeypatch.setattr(round_module, "POINTS_MEMO_ENTRIES", 50)
    for seed in range(6):
        _finish(dl.Round.deal("standard", 2, seed=seed), seed)
    (_values, by_state, by_facts), = round_module._POINTS_MEMO.values()
    assert 0 < len(by_state) <= 50 and 0 < len(by_facts) <= 50


def test_a_caller_cannot_grow_the_play_cache_without_bound(monkeypatch):
    monkeypatch.setattr(Play, "_cache", dict(Play._cache))
    monkeypatch.setattr(Play, "SPELLINGS", len(Play._cache) + 10)
    spellings = [f"{' ' * k}{a}-{b}{' ' * j}" for k in range(5) for j in range(5) for a in range(7) for b in range(a + 1)]
    plays = {Play(text, "right") for text in spellings}
    assert len(Play._cache) <= Play.SPELLINGS
    assert len(plays) == 28  # every spelling still gives the one interned play of its tile
    assert Play("6 - 4", "right") is Play(dl.Tile(6, 4), "right")
