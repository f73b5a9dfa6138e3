"""The search of one sampled deal (:mod:`dominolab.search.lookahead`): alpha-beta to a
depth with an evaluation, checked against the exact solver, which it must equal when the
depth reaches the end of the hand."""

from __future__ import annotations

import random

import pytest

import dominolab as dl
from dominolab import search
from dominolab.search.lookahead import FEATURES, WEIGHTS, Lookahead, LookaheadLimit, features, linear_value


def _endgames(preset: str, count: int) -> list[dl.Round]:
    """Rounds reached by greedy play with at most 8 tiles in hands and 3 in the boneyard."""
    rules = dl.Rules.preset(preset)
    found = []
    seed = 0
    while len(found) < count and seed < 400:
        r = dl.Round.deal(rules, 2, seed=seed)
        players = [dl.GreedyPlayer(seed), dl.GreedyPlayer(seed + 1)]
        while not r.is_over:
            view = r.view(r.turn)
            if len(view.legal) > 1 and (len(r._stock) <= 3 or preset == "block") and sum(h.bit_count() for h in r._hands) <= 8:
                found.append(r)
                break
            r.play(players[r.turn].choose(view))
        seed += 1
    return found


@pytest.mark.parametrize("preset", ["standard", "block"])
def test_searched_to_the_end_it_equals_the_exact_solver(preset: str) -> None:
    rounds = _endgames(preset, 12)
    assert len(rounds) >= 8
    utility = search.net_utility(2)
    for r in rounds:
        view = r.view(r.turn)
        codes = [search._code_of(m) for m in view.legal]
        me = r.rules.side_of(view.seat, 2)
        exact = [v[me] for v in search.Solver(r, utility).values(codes)]
        before = r._fast_save()
        deep = Lookahead(r, utility, linear_value, depth=60, limit=10**8, chance=True, draw_at_will=True)
        assert deep.values(codes, me) == pytest.approx(exact)
        assert r._fast_save() == before  # the round is as it was


def test_a_search_past_its_work_stops() -> None:
    r = _endgames("standard", 1)[0]
    view = r.view(r.turn)
    codes = [search._code_of(m) for m in view.legal]
    with pytest.raises(LookaheadLimit):
        Lookahead(r, search.net_utility(2), linear_value, depth=60, limit=3, chance=True).values(codes, 0)


def _positions(seed: int, presets: tuple[str, ...], count: int, moves: int) -> list[dl.Round]:
    """Positions of hands not yet over: ``count`` deals a preset, each up to ``moves`` random moves in."""
    rng = random.Random(seed)
    found = []
    for preset in presets:
        rules = dl.Rules.preset(preset)
        for _ in range(count):
            r = dl.Round.deal(rules, 4 if rules.partnerships else 2, seed=rng.randrange(10**6))
            for _ in range(rng.randrange(moves)):
                if r.is_over:
                    break
                r.play(rng.choice(r.legal_moves()))
            if not r.is_over:
                found.append(r)
    return found


def test_the_evaluation_is_one_side_against_the_other() -> None:
    positions = _positions(3, ("standard", "partnership"), 20, 8)
    assert len(positions) > 30
    for r in positions:
        assert linear_value(r, 0) == pytest.approx(-linear_value(r, 1))


def test_the_evaluation_weighs_the_features_the_fit_sees() -> None:
    """linear_value is written out for speed; benchmarks/lookahead_fit.py fits on features():
    the two must be one function, or a refit would be read with other numbers."""
    assert len(FEATURES) == len(WEIGHTS)
    positions = _positions(4, ("standard", "partnership", "block"), 30, 12)
    assert len(positions) > 60
    for r in positions:
        x = features(r)
        assert len(x) == len(FEATURES) and x[0] == 1.0
        me = r.rules.side_of(r.turn, r.players)
        assert linear_value(r, me) == pytest.approx(sum(w * f for w, f in zip(WEIGHTS, x, strict=True)))


def test_evaluate_searches_deals_to_a_depth_and_stays_reproducible() -> None:
    rules = dl.Rules.preset("standard")
    r = dl.Round.deal(rules, 2, seed=11)
    players = [dl.GreedyPlayer(1), dl.GreedyPlayer(2)]
    while len(r.legal_moves()) < 2:
        r.play(players[r.turn].choose(r.view(r.turn)))
    view = r.view(r.turn)
    first = search.evaluate(view, budget=6000, rng=random.Random(5), depth=4)
    again = search.evaluate(view, budget=6000, rng=random.Random(5), depth=4)
    plain = search.evaluate(view, budget=6000, rng=random.Random(5))
    assert first == again
    assert first.values != plain.values  # the deals were searched, not played out
    assert {m.move for m in first.moves} == set(view.legal)


def test_an_adaptive_search_stops_when_clear_and_goes_on_when_close() -> None:
    rules = dl.Rules.preset("standard")
    spent = []
    for seed in range(12):
        r = dl.Round.deal(rules, 2, seed=seed)
        players = [dl.GreedyPlayer(seed), dl.GreedyPlayer(seed + 1)]
        while not r.is_over:
            view = r.view(r.turn)
            if len(view.legal) > 1:
                e = search.evaluate(view, budget=3000, rng=random.Random(seed), most=12000)
                spent.append(e.work)
            r.play(players[r.turn].choose(view))
    assert min(spent) < 3000 <= max(spent)  # clear decisions saved work, close ones spent more
    assert max(spent) <= 12000 + 200  # never past ``most`` by more than one deal


def test_a_player_with_no_level_spends_its_work_or_time() -> None:
    assert dl.SearchPlayer(1, level=None, work=5000).budget == 5000
    timed = dl.SearchPlayer(1, level=None, time_limit=0.05)
    assert timed.budget == round(0.05 * dl.SearchPlayer.WORK_PER_SECOND)
    assert dl.SearchPlayer(1, level=None, work=dl.SearchPlayer.TREE_WORK)._tree()
    assert not dl.SearchPlayer(1, level=None, work=dl.SearchPlayer.TREE_WORK - 1)._tree()
    for options, words in [({"level": None}, "needs work or a time_limit"), ({"level": "hard", "work": 9}, "not both"),
                           ({"level": None, "work": 0}, "work")]:
        with pytest.raises(ValueError, match=words):
            dl.SearchPlayer(1, **options)
    r = dl.Round.deal(dl.Rules.preset("standard"), 2, seed=3)
    player = dl.SearchPlayer(4, level=None, work=2000)
    while not r.is_over:
        r.play(player.choose(r.view(r.turn)))
    assert r.result is not None
