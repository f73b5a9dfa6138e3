"""The exact solver over every consistent deal: hand-computed positions, every deal listed
once, values equal to brute force averaged over the deals, clear errors past the caps, and
the stored known answers replay to the same values."""

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dominolab as dl
from dominolab import exact
from dominolab.inference import infer, known_voids
from dominolab.search import net_utility

from . import bench
from .budget import examples
from .test_search import after_move


def known_answers_module():
    return bench.load("known_answers")


def endgame(preset, players, seed, hidden):
    """A random hand played on until the seat to move sees at most ``hidden`` hidden tiles
    (None if the hand ends first)."""
    r = dl.Round.deal(preset, players, seed=seed)
    rng = random.Random(seed)
    while not r.is_over:
        view = r.view(r.turn)
        if len(view.unseen) <= hidden:
            return r
        moves = r.legal_moves()
        plays = [m for m in moves if m.__class__ is dl.Play]
        r.play(rng.choice(plays or moves))
    return None


# ---------------------------------------------------------------- hand-computed positions
def test_with_nothing_hidden_the_values_are_the_minimax_net_points():
    """Basic rules, empty boneyard, the rest of the set out of play: the opponent's hand is
    what seat 0 cannot see, so one deal fits.  Ends 4 and 4; seat 0 holds 4-1 and 4-6,
    seat 1 holds 1-0 and 6-6.  4-1: seat 1 must answer 1-0, seat 0 goes out with 4-6 and
    scores the 6-6 left: +12.  4-6: seat 1 must answer 6-6, seat 0 goes out with 4-1 and
    scores the 1-0: +1.  Either end is the same move."""
    r = dl.Round.from_position("basic", hands=[["4-1", "4-6"], ["1-0", "6-6"]], line=["4-4"], boneyard=[])
    solved = exact.solve(r.view(0))
    assert solved.deals == 1 and solved.perfect and solved.robust
    assert {str(m.move): m.value for m in solved.moves} == {
        "play 4-1 left": 12.0, "play 4-1 right": 12.0, "play 6-4 left": 1.0, "play 6-4 right": 1.0}
    assert solved.best == dl.Play("4-1", "left") and all(m.ahead == 1.0 for m in solved.moves)
    assert solved.gap == 11.0  # 4-1 on the right is the same move, not a rival


def test_two_deals_and_a_draw_are_averaged_each_equally_likely():
    """Ends 6 and 2; seat 0 holds 6-1 and 2-3; unseen are 1-1 and 3-3, one in seat 1's hand
    and one in the boneyard (two deals).  Basic rules: a seat draws only when it cannot play.

    6-1 (ends 1, 2): seat 1 with 1-1 goes out (-5, the 2-3 left); with 3-3 it draws 1-1,
    plays it, and seat 0 goes out with 2-3 (+6, the 3-3).  Mean +0.5.
    2-3 (ends 6, 3): seat 1 with 1-1 draws 3-3, plays it, seat 0 goes out with 6-1 (+2);
    with 3-3 it goes out (-7).  Mean -2.5.  Each move is best in one deal: not robust."""
    r = dl.Round.from_position("basic", hands=[["6-1", "2-3"], ["1-1"]], line=["6-5", "5-2"], boneyard=["3-3"])
    view = r.view(0)
    before = r.state_key()
    solved = exact.solve(view)
    assert r.state_key() == before
    assert solved.deals == 2 and not solved.perfect and not solved.robust
    six_one, two_three = solved.moves
    assert (six_one.value, six_one.low, six_one.high, six_one.best_in) == (0.5, -5.0, 6.0, 1)
    assert (two_three.value, two_three.low, two_three.high, two_three.best_in) == (-2.5, -7.0, 2.0, 1)
    assert six_one.ahead == two_three.ahead == 0.5
    assert solved.best == six_one.move and solved.gap == 3.0
    assert solved.values == {six_one.move: 0.5, two_three.move: -2.5}


# ---------------------------------------------------------------- every deal, once
@settings(max_examples=examples(30))
@given(st.sampled_from([("standard", 2), ("standard", 3), ("basic", 3), ("family", 2), ("partnership", 4),
                        ("classic", 2)]),
       st.integers(0, 2**32), st.sampled_from([6, 7, 8]))
def test_the_deals_are_every_deal_that_fits_the_view(preset_players, seed, hidden):
    preset, players = preset_players
    r = endgame(preset, players, seed, hidden)
    if r is None:
        return
    view = r.view(r.turn)
    listed = list(exact.consistent_deals(view))
    keys = [(tuple(sorted((s, h) for s, h in hands.items())), stock) for hands, stock in listed]
    assert len(set(keys)) == len(keys)
    assert len(listed) == exact.count_deals(view) == infer(view, probabilities=False).deals
    # Brute force: every way to share the unseen tiles out, kept when no seat holds a
    # number it is known to lack.
    voids = known_voids(view)
    places = [s for s in range(players) if s != view.seat and view.hand_counts[s]] + ["boneyard"]
    sizes = [view.hand_counts[s] for s in places[:-1]] + [view.boneyard_count]
    expected = set()
    index = view.rules.tiles.index
    for where in itertools.product(range(len(places)), repeat=len(view.unseen)):
        if [where.count(p) for p in range(len(places))] != sizes:
            continue
        groups = [tuple(sorted((t for t, p in zip(view.unseen, where, strict=True) if p == q), key=index))
                  for q in range(len(places))]
        if any(t.high in voids[s] or t.low in voids[s] for s, hand in zip(places, groups, strict=True) for t in hand
               if s != "boneyard"):
            continue
        expected.add((tuple((s, h) for s, h in zip(places, groups, strict=True) if s != "boneyard" and h), groups[-1]))
    assert set(keys) == expected


def test_each_value_is_the_brute_force_value_averaged_over_the_deals():
    """Small endgames of random hands under several presets (brute force has no table, so
    only positions the solver settles in under 1,500 nodes)."""
    compared = 0
    for preset, players in [("standard", 2), ("basic", 2), ("family", 2), ("dutch", 2), ("partnership", 4)]:
        for seed in range(examples(40)):  # every seed in CI, a share in the fast loop (tests/budget.py)
            r = endgame(preset, players, seed, 5)
            if r is None or len(r.legal_moves()) < 2:
                continue
            view = r.view(r.turn)
            solved = exact.try_solve(view, limit=1_500)
            if solved is None:
                continue
            compared += 1
            utility = net_utility(2)
            me = view.rules.side_of(view.seat, players)
            totals = dict.fromkeys(view.legal, 0.0)
            for hands, stock in exact.consistent_deals(view):
                deal = dl.Round.from_view(view, hands, stock)
                for move in view.legal:
                    totals[move] += after_move(deal, move, utility)[me]
            for item in solved.moves:
                assert item.value == pytest.approx(totals[item.move] / solved.deals, abs=1e-9)
                assert item.low <= item.value <= item.high
    assert compared >= examples(20)


# ---------------------------------------------------------------- caps and bad input
def test_past_the_caps_a_clear_error_or_none():
    r = dl.Round.deal("standard", 2, seed=1)
    view = r.view(r.turn)
    with pytest.raises(exact.ExactLimitError, match="more than max_deals=100"):
        exact.solve(view, max_deals=100)
    late = dl.Round.from_position("basic", hands=[["6-1", "2-3"], ["1-1"]], line=["6-5", "5-2"], boneyard=["3-3"])
    late_view = late.view(0)
    with pytest.raises(exact.ExactLimitError, match="more than limit=3 solver nodes") as caught:
        exact.solve(late_view, limit=3)
    assert caught.value.nodes > 3  # what was spent before giving up
    # With project, it gives up once the deals so far project past twice the limit.
    many = endgame("standard", 2, 12, 8)  # 28 deals
    many_view = many.view(many.turn)
    full = exact.solve(many_view)
    assert full.deals >= 4
    assert exact.solve(many_view, limit=10 * full.nodes, project=True).values == full.values
    with pytest.raises(exact.ExactLimitError) as caught:
        exact.solve(many_view, limit=full.nodes // 3, project=True)
    assert 0 < caught.value.nodes
    assert exact.try_solve(late_view, limit=3) is None
    assert exact.try_solve(view, max_deals=100) is None


def test_bad_input_is_refused_with_a_clear_error():
    r = dl.Round.deal("standard", 2, seed=1)
    with pytest.raises(ValueError, match="needs a View"):
        exact.solve(r)
    with pytest.raises(ValueError, match="not this seat's turn"):
        exact.solve(r.view(1 - r.turn))


# ---------------------------------------------------------------- the known answers
def test_the_known_answer_set_is_large_robust_and_replays_to_its_values():
    ka = known_answers_module()
    positions = ka.load()
    assert len(positions) >= 300
    assert {(p["preset"], p["players"]) for p in positions} >= {("standard", 2), ("family", 2), ("family", 3)}
    for index in range(0, len(positions), len(positions) // 8):  # a sample: each takes up to a second
        entry = positions[index]
        r = ka.replay(entry)
        view = r.view(r.turn)
        assert [ka.encode(m) for m in view.legal] == entry["legal"]
        solved = exact.solve(view, max_deals=ka.MAX_DEALS, limit=ka.NODE_LIMIT)
        assert solved.robust and solved.deals == entry["deals"] and solved.perfect == entry["perfect"]
        assert [round(m.value, 4) for m in solved.moves] == entry["values"]


def test_deals_in_which_the_hand_would_have_ended_are_not_solved() -> None:
    """Puerto Rico ends a hand at once when nobody can move (R11); a deal that fits the
    public facts but would have ended the hand is not one the hand is in."""
    text = "\n".join([
        "rules: puerto-rico", "seats: me, seat 1, seat 2", "my tiles: 4-4 6-4 6-5 4-0 4-1 5-0 6-6",
        "hand: first", "me: lead 6-6", "seat 1: 6-3 left", "seat 2: 5-3 left", "me: 5-0 left",
        "seat 1: 6-0 left", "seat 2: 6-2 right", "me: 6-5 left", "seat 1: 3-2 right", "seat 2: 3-3 right",
        "me: draws 5 (4-2, 2-2, 2-0, 6-1, 5-2), 5-2 left", "seat 1: 2-1 left", "seat 2: 3-1 left",
        "me: passes", "seat 1: 3-0 right", "seat 2: 1-0 right", "me: 4-1 right", "seat 1: 5-4 right",
        "seat 2: 5-5 right"])
    board = dl.AnalysisBoard.from_text(text)
    view = board.view()
    solved = exact.solve(view)
    assert 0 < solved.deals < exact.count_deals(view)
    for hands, stock in exact.consistent_deals(view):
        r = dl.Round.from_view(view, hands, stock)
        assert r.is_over or len(r.legal_moves()) == len(view.legal)
    assert "10 deals" in str(board.evaluate(level="easy", seed=0))
