"""The search engine: the round's fast play-out interface makes exactly the moves of the
public API, the exact endgame solver agrees with brute force, and the search values moves
by the points they bring."""

import dataclasses
import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import dominolab as dl
from dominolab import Draw, Pass, Play
from dominolab.round import FAST_DRAW, FAST_PASS
from dominolab.search import (
    ROOT_FLOOR,
    Dealer,
    Policy,
    Solver,
    evaluate,
    match_utility,
    match_win_chance,
    net_utility,
    tree_evaluate,
)
from dominolab.tiles import TILE_BY_ID, parse_tiles

from .budget import examples
from .checks import check_world
from .positions import play_random, position, rest_of_set

PRESET_PLAYERS = [(name, n) for name in dl.Rules.presets() for n in dl.Rules.preset(name).player_counts]


def move_of(code):
    if code == FAST_DRAW:
        return Draw()
    if code == FAST_PASS:
        return Pass()
    return Play(TILE_BY_ID[code >> 1], "left" if code & 1 == 0 else "right")


# ---------------------------------------------------------------- the fast play-out interface
@settings(max_examples=examples(60))
@given(st.sampled_from(PRESET_PLAYERS), st.integers(0, 2**32))
def test_fast_moves_and_plays_are_the_public_ones(preset_players, seed):
    """At every position of a random hand: the codes list the legal moves in order, and a
    move made through the fast path leaves exactly the state play() leaves; the points of
    the finished hand are result.points."""
    preset, players = preset_players
    r = dl.Round.deal(preset, players, seed=seed)
    fast = r.copy()
    rng = random.Random(seed)
    while not r.is_over:
        codes = fast._fast_moves()
        assert [move_of(c) for c in codes] == r.legal_moves()
        assert fast._fast_turn() == r.turn
        i = rng.randrange(len(codes))
        r.play(r.legal_moves()[i])
        fast._fast_play(codes[i])
        assert fast.state_key() == r.state_key()
    assert fast._fast_turn() == -1
    assert fast._fast_points() == r.result.points


@settings(max_examples=examples(80))
@given(st.sampled_from(PRESET_PLAYERS), st.integers(0, 2**32), st.integers(0, 12),
       st.sampled_from([{}, {"keep_bonus": 2.0}, {"noise": 0.0, "keep_bonus": 2.0}]))
def test_a_fast_play_out_is_a_legal_hand_with_the_public_result(preset_players, seed, opening, options):
    """A play-out on the fast path (the shipped policy, or the experimental one that keeps tiles),
    replayed move by move through play(), is legal and ends in the same state with the same
    points; saving and loading restores the state."""
    preset, players = preset_players
    rules = dl.Rules.preset(preset)
    r = play_random(dl.Round.deal(rules, players, seed=seed), opening, seed=seed)
    if r.is_over:
        return
    before = r.state_key()
    saved = r._fast_save()
    pick, _ = Policy(rules, **options).picker([random.Random(seed).random() for _ in range(32)])
    made = r._fast_rollout(pick)
    assert r.is_over and made == len(r.moves) - len(r._history) + made
    replay = dl.Round.from_start(rules, r.start)
    for move in r.moves:
        replay.play(move)  # raises if the fast path made an illegal move
    assert replay.state_key() == r.state_key()
    assert r._fast_points() == replay.result.points == r.result.points
    r._fast_load(saved)
    assert r.state_key() == before and not r.is_over


def keeping_pick(hand, ends, noise=0.0):
    """What the experimental keeping play-out policy (no random moves) plays from ``hand`` on ``ends``."""
    rules = dl.Rules.preset("standard")
    pick, _ = Policy(rules, noise=noise, keep_bonus=2.0).picker([0.99] * 32)
    tiles = parse_tiles(hand)
    mask = sum(t.bit for t in tiles)
    left, right = ends if ends else (-1, -1)
    playable = sum(t.bit for t in tiles if left < 0 or {left, right} & {t.high, t.low})
    code = pick(0, mask, playable, left, right)
    return str(TILE_BY_ID[code >> 1]), "left" if code & 1 == 0 else "right"


def test_keeping_play_outs_keep_tiles_that_match_what_they_leave_showing():
    # 5-4 and 6-3 weigh 9 each; 6-3 on the 6 leaves a 3, which 3-1 and 3-0 match.
    assert keeping_pick("5-4 6-3 3-1 3-0", (5, 6)) == ("6-3", "right")
    assert keeping_pick("6-3 5-4 4-1 4-0 4-2", (5, 6)) == ("5-4", "left")
    # A tile that fits both ends goes where it leaves the number the hand holds more of.
    assert keeping_pick("6-5 5-1 5-0", (6, 5)) == ("6-5", "left")
    assert keeping_pick("6-5 6-1 6-0", (6, 5)) == ("6-5", "right")
    # Leading: 3-3 (6 pips, three 3s kept) before 6-5 (11 pips, nothing kept).
    assert keeping_pick("6-5 3-2 3-1 3-0 3-3", None) == ("3-3", "left")
    assert keeping_pick("6-5 3-2 1-1 4-0 2-2", None) == ("6-5", "left")  # nothing to keep: the heaviest


# ---------------------------------------------------------------- exact endgames
def brute_force(r, utility):
    """Each side's value of ``r`` by plain expectimax over the public API: no pruning, no
    table; a draw averages over the tiles the boneyard holds."""
    if r.is_over:
        return utility(r.result.points)
    side = r.rules.side_of(r.turn, r.players)
    best = None
    for move in r.legal_moves():
        value = after_move(r, move, utility)
        if best is None or value[side] > best[side]:
            best = value
    return best


def after_move(r, move, utility):
    if move != Draw():
        c = r.copy()
        c.play(move)
        return brute_force(c, utility)
    outcomes = []
    for tile in r.boneyard:
        c = r.copy()
        c._stock.remove(tile.id)  # this tile comes next
        c._stock.append(tile.id)
        c.play(Draw())
        outcomes.append(brute_force(c, utility))
    return tuple(sum(v[i] for v in outcomes) / len(outcomes) for i in range(len(outcomes[0])))


def small_endgame(preset, players, seed, tiles_left):
    """A random hand played on until at most ``tiles_left`` tiles are in hands and boneyard."""
    rules = dl.Rules.preset(preset)
    r = dl.Round.deal(rules, players, seed=seed)
    rng = random.Random(seed)
    while not r.is_over and sum(r.hand_counts) + r.boneyard_count > tiles_left:
        moves = r.legal_moves()
        plays = [m for m in moves if m.__class__ is Play]
        r.play(rng.choice(plays or moves))
    return r


@pytest.mark.slow  # a long search: the exact solver against brute force on many positions
@settings(max_examples=examples(40))
@given(st.sampled_from([("standard", 2), ("standard", 3), ("partnership", 4), ("block", 2), ("dutch", 2),
                        ("family", 4), ("classic", 2), ("arabic", 2)]),
       st.integers(0, 2**32), st.sampled_from([7, 8, 9]))
def test_the_solver_agrees_with_brute_force(preset_players, seed, tiles_left):
    preset, players = preset_players
    r = small_endgame(preset, players, seed, tiles_left)
    if r.is_over:
        return
    utility = net_utility(r.rules.sides(players))
    codes = r._fast_moves()
    before = r.state_key()
    solved = Solver(r, utility).values(codes)
    assert r.state_key() == before  # the solver leaves the round as it found it
    for code, value in zip(codes, solved, strict=True):
        expected = after_move(r, move_of(code), utility)
        assert value == pytest.approx(expected, abs=1e-9), move_of(code)


def test_the_solver_gives_up_past_its_node_limit():
    r = dl.Round.deal("standard", 2, seed=1)
    with pytest.raises(OverflowError, match="more than 50 nodes"):
        Solver(r, net_utility(2), limit=50).values(r._fast_moves())


def test_a_known_endgame_is_valued_by_its_exact_net_points():
    """Block game, every tile placed: the opponent's hand is known (it is what is left), so
    the search's value of each move is its exact minimax net points."""
    rules = dataclasses.replace(dl.Rules.preset("block"), draw_from="row-end")
    line = "6-6 6-5 5-5 5-4 4-4 4-3 3-3 3-2 2-2 2-1 1-1 1-0"
    mine = "6-0 6-1 5-0 4-0"
    theirs = "6-2 5-1 4-1 3-0 0-0"
    rest = [t for t in rules.tiles if str(t) not in set((line + " " + mine + " " + theirs).split())]
    r = dl.Round.from_position(rules, hands=[mine.split(), theirs.split() + [str(t) for t in rest[:0]]],
                               line=line.split(), boneyard=[])
    view = r.view(0)
    evaluation = evaluate(view, budget=10_000, rng=random.Random(1))
    assert evaluation.exact == evaluation.deals >= 1
    for item in evaluation.moves:
        expected = after_move(r, item.move, net_utility(2))[0]
        assert item.value == pytest.approx(expected) and item.points == pytest.approx(expected)
        assert item.ahead == (1.0 if expected > 0 else 0.0)
    assert evaluation.best == max(evaluation.moves, key=lambda m: m.value).move


# ---------------------------------------------------------------- dealing and valuing
def test_deals_fit_the_view_and_weights_favour_likely_plays():
    r = play_random(dl.Round.deal("basic", 3, seed=12), 10, seed=12)
    view = r.view(r.turn)
    plain = Dealer(view)
    weighted = Dealer(view, weighting=0.3)
    rng = random.Random(2)
    for _ in range(50):
        hands, stock = plain.deal(rng)
        world = dl.inference.World(
            hands={s: tuple(dl.tiles.tiles_of(m)) for s, m in enumerate(hands) if s != view.seat},
            boneyard=tuple(TILE_BY_ID[t] for t in reversed(stock)))
        check_world(view, plain.knowledge, world)
        assert plain.weight(hands) == 1.0
        assert 0 < weighted.weight(hands) <= 1.0


@pytest.mark.parametrize("search", [evaluate, tree_evaluate])
def test_a_search_is_deterministic_for_a_seed_and_its_shares_are_shares(search):
    r = play_random(dl.Round.deal("standard", 2, seed=4), 6, seed=4)
    view = r.view(r.turn)
    a = search(view, budget=3000, rng=random.Random(9))
    b = search(view, budget=3000, rng=random.Random(9))
    assert a == b
    assert a.work >= 3000 and a.deals >= 1
    for item in a.moves:
        assert 0.0 <= item.ahead <= 1.0
    assert [m.move for m in a.moves] == list(view.legal)
    assert search(view, budget=3000, rng=random.Random(10)) != a


def test_match_chances():
    assert match_win_chance([50, 50]) == pytest.approx([0.5, 0.5])
    assert match_win_chance([0, 30]) == [1.0, 0.0]
    near, far = match_win_chance([10, 90])
    assert near > 0.8 and near + far == pytest.approx(1.0)
    assert match_win_chance([10, 50])[0] > match_win_chance([20, 50])[0]
    three = match_win_chance([30, 30, 30])
    assert three == pytest.approx([1 / 3] * 3)
    utility = match_utility([90, 40], 100)
    # 10 more points win the match: a hand of 10 is worth (nearly) as much as one of 40.
    assert utility((10, 0))[0] == pytest.approx(utility((40, 0))[0])
    assert utility((10, 0))[0] == pytest.approx(-utility((10, 0))[1])


def test_a_search_of_moves_that_all_end_the_hand_stops():
    """Every move goes out, so the solver visits no node: each deal still costs work."""
    r = position("block", hands=["5-3", "0-0 1-1"], line="5-2 2-3")
    evaluation = evaluate(r.view(0), budget=500, rng=random.Random(1))
    assert evaluation.deals <= 250 and evaluation.exact == evaluation.deals
    assert len({m.points for m in evaluation.moves}) == 1 and evaluation.moves[0].ahead == 1.0


def test_the_margin_of_error_shrinks_with_more_deals():
    r = dl.Round.deal("standard", 2, seed=3)
    view = r.view(r.turn)
    few = evaluate(view, budget=0, deals=20, rng=random.Random(1), exact_limit=0)
    many = evaluate(view, budget=0, deals=320, rng=random.Random(1), exact_limit=0)
    for a, b in zip(few.moves, many.moves, strict=True):
        assert a.deals == 20 and b.deals == 320
        assert 0 < b.margin < a.margin < float("inf")
        assert b.margin == pytest.approx(1.96 * b.spread / 320 ** 0.5)


# ---------------------------------------------------------------- the search tree
def known_endgame():
    """Block game, every tile placed: nothing is hidden from seat 0, whose five moves are
    worth +1, +2, +1, +1 and +1 net points with best play on both sides."""
    line = "6-6 6-5 5-5 5-4 4-4 4-3 3-3 3-2 2-2 2-1 1-1 1-0"
    return position("block", hands=["6-0 6-1 5-0 4-0", "6-2 5-1 4-1 3-0 0-0"], line=line, boneyard="")


def test_with_nothing_hidden_the_tree_finds_the_best_move():
    r = known_endgame()
    exact = {m: after_move(r, m, net_utility(2))[0] for m in r.legal_moves()}
    assert len(set(exact.values())) > 1  # a wrong choice would show
    for seed in range(3):
        evaluation = tree_evaluate(r.view(0), budget=20_000, rng=random.Random(seed))
        assert exact[evaluation.best] == max(exact.values())
        assert evaluation[evaluation.best].value == pytest.approx(max(exact.values()), abs=0.25)


@pytest.mark.parametrize("seed", range(4))
def test_the_tree_tries_every_move_a_fair_share_and_plays_the_best_valued(seed):
    r = play_random(dl.Round.deal("standard", 2, seed=4 + seed), 6, seed=4 + seed)
    view = r.view(r.turn)
    a = tree_evaluate(view, budget=3000, rng=random.Random(9))
    assert a.tree and a.exact == 0
    assert sum(m.deals for m in a.moves) == a.deals  # each deal began with one move
    assert all(m.deals >= 1 for m in a.moves)
    tried = [m.deals for m in a.moves]
    assert min(tried) + 1 >= ROOT_FLOOR * max(tried)  # no move is shut out after an unlucky start
    assert a.best == max(a.moves, key=lambda m: (m.value, m.deals)).move
    # Without the floor, UCB alone decides how often each move is tried.
    b = tree_evaluate(view, budget=3000, rng=random.Random(9), root_floor=0.0)
    assert b.best in view.legal and sum(m.deals for m in b.moves) == b.deals


def replayed(preset, players, seed, moves):
    """The round dealt by ``seed`` after ``moves`` in the known-answer notation ("6-4l",
    "6-4r", "d")."""
    r = dl.Round.deal(preset, players, seed=seed)
    for text in moves.split():
        r.play(Draw() if text == "d" else Play(dl.Tile.parse(text[:-1]), "left" if text[-1] == "l" else "right"))
    return r


def test_expert_draws_where_drawing_is_best_though_its_first_tries_after_the_draw_are_poor():
    """Position 97 of benchmarks/known_answers.json: holding 6-0 3-3 3-2 1-0 on ends 0 and 6,
    drawing is best (+3.27 against 6-0 left's -0.95 solved exactly over the 21 deals; ahead
    by about 2 points in play-outs where no seat sees another's tiles).  The tree used to
    play 6-0 left: the draw's mean carried every poor play it tried after drawing, and UCB
    did not come back to it."""
    r = replayed("standard", 2, 1123, "4-1l 4-3l 3-1l d 2-1l 2-0l 3-0l d d d d 1-1r 5-3l 5-5l d 5-4l 4-2l "
                                      "6-2l 6-4l d d 4-4l 4-0l d 6-1r 6-6r")
    view = r.view(r.turn)
    assert " ".join(str(t) for t in view.hand) == "6-0 3-3 3-2 1-0" and view.boneyard_count == 5
    evaluation = dl.SearchPlayer(97, level="expert").analyse(view)
    assert evaluation.tree and evaluation.best == Draw()


def test_the_tree_counts_a_tile_on_two_equal_ends_once():
    r = position(hands=["5-3 6-2 1-0", "4-4 2-2 1-1"], line="5-5", boneyard=rest_of_set("5-3 6-2 1-0 4-4 2-2 1-1 5-5"))
    view = r.view(0)
    left, right = dl.Play(dl.Tile.parse("5-3"), "left"), dl.Play(dl.Tile.parse("5-3"), "right")
    assert left in view.legal and right in view.legal
    evaluation = tree_evaluate(view, budget=2000, rng=random.Random(1))
    assert dataclasses.replace(evaluation[left], move=right) == evaluation[right]


def test_the_other_seats_may_choose_in_the_tree_as_the_play_outs_do():
    """``others="policy"``: the other seats choose in the tree as the policy does (each
    choice a legal move: ``_policy_move`` asserts it); the search stays deterministic for a
    seed and its figures differ from UCB's.  A wrong value for ``others`` is refused before
    any work, naming the word."""
    r = play_random(dl.Round.deal("standard", 2, seed=4), 6, seed=4)
    view = r.view(r.turn)
    a = tree_evaluate(view, budget=6000, rng=random.Random(9), others="policy")
    assert a == tree_evaluate(view, budget=6000, rng=random.Random(9), others="policy")
    assert a.tree and a.work >= 6000 and [m.move for m in a.moves] == list(view.legal)
    assert a != tree_evaluate(view, budget=6000, rng=random.Random(9))
    with pytest.raises(ValueError, match="'ucb'"):
        tree_evaluate(view, budget=6000, rng=random.Random(9), others="ucb")


def test_the_tree_may_weigh_deals_by_the_others_past_plays():
    """``weighting``: each deal is kept with a chance of its weight, so the search stays
    deterministic for a seed, every draw counts as work, and the figures change."""
    r = play_random(dl.Round.deal("standard", 2, seed=5), 8, seed=5)
    view = r.view(r.turn)
    assert Dealer(view, 0.3).evidence  # the others' plays say something about their hands
    a = tree_evaluate(view, budget=6000, rng=random.Random(9), weighting=0.3)
    assert a == tree_evaluate(view, budget=6000, rng=random.Random(9), weighting=0.3)
    assert a.tree and a.work >= 6000 and a.best in view.legal
    assert a != tree_evaluate(view, budget=6000, rng=random.Random(9))


def test_the_tree_tries_every_move_even_past_its_deadline():
    r = dl.Round.deal("standard", 2, seed=3)
    view = r.view(r.turn)
    evaluation = tree_evaluate(view, budget=10**9, rng=random.Random(1), deadline=0.0)
    assert evaluation.deals == len(view.legal) and all(m.deals == 1 for m in evaluation.moves)


@settings(max_examples=examples(40), deadline=None)
@given(st.sampled_from(PRESET_PLAYERS), st.integers(0, 2**32), st.integers(0, 30), st.booleans(),
       st.sampled_from(["tree", "policy"]), st.sampled_from([0.0, 0.3]))
@example(("partnership", 4), 0, 25, False, "tree", 0.0)  # solved exactly at the root, in fewer nodes than the budget
def test_the_tree_searches_any_position_of_any_preset(preset_players, seed, moves, in_match, others, weighting):
    """Any preset, any moment of a hand, the other seats choosing in the tree either way,
    deals weighed or not: the tree chooses a legal move, tries each, and in a match values
    each move by a chance of winning it (less the fair share)."""
    preset, players = preset_players
    r = play_random(dl.Round.deal(preset, players, seed=seed), moves, seed=seed)
    if r.is_over:
        return
    view = r.view(r.turn)
    sides = r.rules.sides(players)
    match = ([seed % 90] * sides, 100) if in_match else None
    before = r.state_key()
    evaluation = tree_evaluate(view, budget=400, rng=random.Random(seed), match=match, others=others,
                               weighting=weighting)
    assert r.state_key() == before
    assert evaluation.best in view.legal and [m.move for m in evaluation.moves] == list(view.legal)
    assert evaluation.objective == ("match" if in_match else "points")
    if evaluation.tree:
        assert evaluation.work >= 400
    else:  # few tiles hidden: the decision was solved exactly instead (never in a match)
        assert not in_match and all(m.exact and m.margin == 0 for m in evaluation.moves)
    for item in evaluation.moves:
        assert item.deals >= 1
        if in_match:
            assert -1.0 <= item.value <= 1.0
        else:
            assert item.value == pytest.approx(item.points)


def test_near_the_end_the_tree_solves_the_decision_or_its_leaves_exactly():
    """With few tiles hidden the tree's decision is the exact solver's (every consistent
    deal), figures exact; told not to, it still values small leaves exactly."""
    from dominolab import exact

    r = position("basic", hands=["6-1 2-3", "1-1"], line="6-5 5-2", boneyard="3-3")
    view = r.view(0)
    solved = exact.solve(view)
    evaluation = tree_evaluate(view, budget=20_000, rng=random.Random(1))
    assert not evaluation.tree and evaluation.exact == evaluation.deals == solved.deals == 2
    assert evaluation.best == solved.best
    for item in evaluation.moves:
        assert item.points == item.value == solved[item.move].value and item.margin == 0
    tree = tree_evaluate(view, budget=20_000, rng=random.Random(1), exact_root=0)
    assert tree.tree and 0 < tree.exact <= tree.deals
    assert tree.best == solved.best


def test_the_search_deals_only_hands_that_go_on():
    """Block rules, three players, nobody may draw, and the seat to move must pass.  A deal
    of the hidden tiles in which neither other seat could play would already have ended the
    hand (R11, stuck_end="at-once"), so it cannot be the real one: the search draws again
    instead of searching from an ended hand (from one, the tree used to loop for ever)."""
    from dominolab.search import _first_round, _next_deal

    r = play_random(dl.Round.deal("block", 3, seed=1149048416), 17, seed=1149048416)
    view = r.view(r.turn)
    assert view.legal == (Pass(),) and r.drawable_count == 0
    open_mask = sum(1 << t.id for t in TILE_BY_ID if t.has(view.ends[0]) or t.has(view.ends[1]))
    rng = random.Random(7)
    dealer = Dealer(view)
    world, hands, _stock = _first_round(view, dealer, rng)
    saved = world._fast_save()
    for _ in range(200):  # checked on the hands themselves: some other seat can play
        assert not world.is_over
        assert any(hands[s] & open_mask for s in range(3) if s != view.seat)
        hands, _stock = _next_deal(world, saved, dealer, rng)
    for evaluation in (tree_evaluate(view, budget=400, rng=random.Random(1)),
                       evaluate(view, budget=400, rng=random.Random(1))):
        assert evaluation.best == Pass() and evaluation.moves[0].deals >= 1


# ---------------------------------------------------------------- the search's parts
def test_evaluate_s_figures_are_its_deals_exact_values_weighed_by_the_dealer():
    """evaluate values each deal on its own and adds the values up by the deal's weight: the
    figures, recomputed from the deals it kept by plain expectimax over the public API and
    the dealer's weights, are the same."""
    from dominolab.tiles import tiles_of

    r = small_endgame("standard", 2, 34, 8)  # 3 moves, 3 tiles in the boneyard, 3 plays to weigh by
    assert not r.is_over
    view = r.view(r.turn)
    evaluation = evaluate(view, budget=10**6, deals=6, rng=random.Random(3), weighting=0.5, keep_worlds=True)
    assert evaluation.exact == evaluation.deals == len(evaluation.worlds) == 6
    dealer = Dealer(view, 0.5)
    utility = net_utility(2)
    me = view.rules.side_of(view.seat, 2)
    weights, values = [], []
    for hands, stock in evaluation.worlds:
        other = 1 - view.seat
        world = dl.Round.from_view(view, {other: tuple(tiles_of(hands[other]))},
                                   [TILE_BY_ID[t] for t in reversed(stock)])
        weights.append(dealer.weight(list(hands)))
        values.append({m: after_move(world, m, utility)[me] for m in view.legal})
    assert len(set(weights)) > 1  # the weights matter here
    for item in evaluation.moves:
        mean = sum(w * v[item.move] for w, v in zip(weights, values, strict=True)) / sum(weights)
        assert item.points == pytest.approx(mean, abs=1e-9) and item.value == pytest.approx(mean, abs=1e-9)
        ahead = sum(w for w, v in zip(weights, values, strict=True) if v[item.move] > 0) / sum(weights)
        assert item.ahead == pytest.approx(ahead, abs=1e-9)
    for (w, nets), weight, v in zip(evaluation.nets, weights, values, strict=True):
        assert w == weight and nets == pytest.approx(tuple(v[m] for m in view.legal), abs=1e-9)


def test_the_search_s_parts_are_short_and_its_names_are_where_they_were():
    """Issue 46: each part of the package at most 500 lines and every function at most 80;
    the names other modules import from ``dominolab.search`` are there, and its classes say
    they are its own (so pickles name ``dominolab.search``, as before the split)."""
    import ast
    import pickle
    from pathlib import Path

    import dominolab.search as search

    for path in Path(search.__file__).parent.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert len(text.splitlines()) <= 500, path.name
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                assert node.end_lineno - node.lineno + 1 <= 80, f"{path.name}: {node.name}"
    for name in ("Dealer", "Evaluation", "MoveValue", "Policy", "Solver", "evaluate", "tree_evaluate",
                 "exact_evaluation", "rollout_values", "net_utility", "match_utility", "match_win_chance",
                 "NODE_COST", "EXACT_SHARE", "EXPLORATION", "ROOT_FLOOR", "ROOT_SHARE", "ROOT_MAX", "LEAF_TILES",
                 "_OutOfBudget", "_code_of", "_first_round", "_next_deal"):
        assert hasattr(search, name), name
    for cls in (search.Dealer, search.Evaluation, search.MoveValue, search.Policy, search.Solver,
                search._OutOfBudget):
        assert cls.__module__ == "dominolab.search" and getattr(search, cls.__name__) is cls
    r = play_random(dl.Round.deal("standard", 2, seed=2), 4, seed=2)
    evaluation = evaluate(r.view(r.turn), budget=500, rng=random.Random(1), keep_worlds=True)
    assert b"dominolab.search\x94\x8c\nEvaluation" in pickle.dumps(evaluation)
    assert pickle.loads(pickle.dumps(evaluation)) == evaluation


def test_a_match_deal_whose_net_points_do_not_fit_the_solver_is_played_out() -> None:
    """In a match the solver values each deal twice (the chance of winning, then the net
    points); the second search prunes differently and may not fit: that deal is played out
    instead of the error escaping (seen at partnership seed 0 and block seed 3)."""
    for preset, seed, at in (("partnership", 0, 15), ("block", 3, 3)):
        rules = dl.Rules.preset(preset)
        n = 4 if rules.partnerships else 2
        r = dl.Round.deal(rules, n, seed=seed)
        players = [dl.GreedyPlayer(seed + i) for i in range(n)]
        for _ in range(at):
            r.play(players[r.turn].choose(r.view(r.turn)))
        view = r.view(r.turn)
        assert len(view.legal) > 1
        e = dl.search.evaluate(view, budget=6000, rng=random.Random(seed * 7 + at), match=((10, 20), 100))
        assert e.objective == "match" and {m.move for m in e.moves} == set(view.legal)
