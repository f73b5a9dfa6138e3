"""The search evaluation's inner parts (issue 46's tidy-ups): the adaptive search's running
sums against the direct computation over every deal, and the verdicts' shared lookups."""

from __future__ import annotations

import math
import pickle
import random
from collections.abc import Iterable

from hypothesis import example, given
from hypothesis import strategies as st

import dominolab as dl
from dominolab import exact, search
from dominolab.search.evaluation import _INF, _Tally
from dominolab.search.verdict import ByMove

#: Net points as the search sees them: whole points from play-outs, fractions from solved deals.
NET = st.one_of(st.integers(-150, 150).map(float), st.floats(-150, 150, allow_nan=False))


def _added(values: Iterable[float]) -> float:
    """Left-to-right float addition, as the running sums add.  Not ``sum()``: from Python 3.12
    it compensates the rounding, so its total can differ in the last place (seen under
    Pyodide's 3.14 with the deals 0, 0, 0, 0, 150, 106.99999999999997, -2)."""
    total = 0.0
    for value in values:
        total += value
    return total


def _direct(deals: list[list[float]]) -> tuple[float, float, float]:
    """The lead, its variance and the check's figure computed from every deal kept, as the
    adaptive search did before it kept running sums."""
    count = len(deals)
    if count < 2 or len(deals[0]) < 2:
        return 0.0, 0.0, _INF
    means = [_added(d[i] for d in deals) / count for i in range(len(deals[0]))]
    first, second = sorted(range(len(means)), key=lambda i: -means[i])[:2]
    lead = means[first] - means[second]
    spread = sum((d[first] - d[second] - lead) ** 2 for d in deals) / (count - 1)
    return lead, spread, (_INF if spread == 0 else lead / math.sqrt(spread / count))


@given(st.integers(1, 6).flatmap(lambda moves: st.lists(st.lists(NET, min_size=moves, max_size=moves),
                                                        min_size=0, max_size=60)))
@example(deals=[[0.0, 0.0, 0.0, 0.0]] * 4 + [[0.0, 0.0, 0.0, net] for net in (150.0, 106.99999999999997, -2.0)])
def test_the_running_sums_give_the_direct_lead_and_spread(deals: list[list[float]]) -> None:
    moves = len(deals[0]) if deals else 3
    tally = _Tally(moves, keep_worlds=False, paired=True)
    for k, nets in enumerate(deals):
        # weights and values do not enter the check: it counts the deals alike
        tally.add(0.5 + k % 3, (list(nets), list(nets)), list(range(moves)))
    lead, spread = tally.lead()
    direct_lead, direct_spread, direct_clear = _direct(deals)
    assert lead == direct_lead  # the same sums in the same order: the same means
    # sum(d^2) - n lead^2 rounds differently from sum((d - lead)^2): a tolerance on the scale of the squares
    if len(deals) >= 2 and moves >= 2:
        scale = max(abs(a - b) for d in deals for a in d for b in d) ** 2 * len(deals) / (len(deals) - 1)
        assert math.isclose(spread, direct_spread, rel_tol=1e-9, abs_tol=1e-12 * (1 + scale))
    clear = tally.clear()
    if direct_clear == _INF:
        assert clear == _INF or clear > search.evaluation.CLEAR or lead == 0
    elif direct_spread > 1e-6 * (1 + lead * lead):
        assert math.isclose(clear, direct_clear, rel_tol=1e-6)


def test_a_tally_without_pairs_keeps_none() -> None:
    tally = _Tally(4, keep_worlds=False)
    tally.add(1.0, ([1.0, 2.0, 3.0, 4.0], [1.0, 2.0, 3.0, 4.0]), [0, 1, 2, 3])
    assert tally.pair_squares == [] and tally.counted == 0
    assert tally.clear() == _INF


def test_a_hand_built_tally_leads_by_what_was_counted() -> None:
    tally = _Tally(3, keep_worlds=False, paired=True)
    for nets in ([4.0, 1.0, 0.0], [6.0, 1.0, 2.0], [2.0, 4.0, 1.0]):
        tally.add(1.0, (nets, nets), [0, 1, 2])
    # means 4, 2, 1: move 0 leads move 1 by 2; the differences 3, 5, -2 vary by 13 (n - 1)
    lead, spread = tally.lead()
    assert lead == 2.0 and math.isclose(spread, 13.0)
    assert math.isclose(tally.clear(), 2.0 / math.sqrt(13.0 / 3))


def _views(count: int) -> list[dl.View]:
    found = []
    for seed in range(40):
        r = dl.Round.deal(dl.Rules.preset("standard"), 2, seed=seed)
        players = [dl.GreedyPlayer(seed), dl.GreedyPlayer(seed + 1)]
        while not r.is_over and len(found) < count:
            view = r.view(r.turn)
            if len(view.legal) > 1 and sum(h.bit_count() for h in r._hands) <= 6 and len(r._stock) <= 2:
                found.append(view)
                break
            r.play(players[r.turn].choose(view))
    return found


def test_both_verdicts_look_moves_up_alike_and_keep_their_faces() -> None:
    view = _views(1)[0]
    sampled = search.evaluate(view, budget=600, rng=random.Random(3), keep_worlds=True)
    solved = exact.solve(view)
    for verdict, item in ((sampled, search.MoveValue), (solved, exact.ExactMove)):
        assert isinstance(verdict, ByMove)
        assert [verdict[m.move] for m in verdict.moves] == list(verdict.moves)
        assert all(isinstance(verdict[m], item) for m in view.legal)
        assert verdict.values == {m.move: m.value for m in verdict.moves}
        assert pickle.loads(pickle.dumps(verdict)) == verdict
        assert repr(verdict).startswith(type(verdict).__name__ + "(seat=")
        assert "ByMove" not in repr(verdict)
    assert type(sampled).__module__ == "dominolab.search" and type(solved).__module__ == "dominolab.exact"
    stranger = dl.Play(dl.Tile(6, 6), "left") if dl.Tile(6, 6) not in {getattr(m, "tile", None) for m in view.legal} \
        else dl.Play(dl.Tile(0, 0), "left")
    for verdict in (sampled, solved):
        try:
            verdict[stranger]
        except KeyError as exc:
            assert exc.args == (stranger,)
        else:
            raise AssertionError("a move not in the verdict was found")
