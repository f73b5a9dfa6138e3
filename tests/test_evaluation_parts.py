"""The search evaluation's inner parts (issue 46's tidy-ups): the verdicts' shared lookups."""

from __future__ import annotations

import pickle
import random

import dominolab as dl
from dominolab import exact, search
from dominolab.search.verdict import ByMove


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
