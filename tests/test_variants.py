"""Every rule dimension of the catalogue (R1-R18), each on hand-built positions or deals."""

import dataclasses
import itertools

import pytest

import dominolab as dl
from dominolab import Draw, IllegalMoveError, Pass, Play

from .positions import ALMOST_BLOCKED, BLOCKED_FOURS, play_random, position, rest_of_set

SEEDS = range(150)


# R1 -------------------------------------------------------------------------------------
def test_r1_austrian_set_has_no_doubles():
    r = dl.Round.deal("austrian", 2, seed=4)
    tiles = [t for h in r.hands for t in h] + r.boneyard
    assert len(tiles) == 36 and not any(t.is_double for t in tiles)
    assert max(t.high for t in tiles) == 8
    play_random(r)


def test_r1_double_nine_set():
    nine = dataclasses.replace(dl.Rules(), max_pip=9, hand_sizes={4: 7})
    r = dl.Round.deal(nine, 4, seed=1)
    assert r.boneyard_count == 55 - 28
    play_random(r)


def test_r1_tiles_outside_the_set_are_refused():
    with pytest.raises(ValueError, match="6-6 is not in this set"):
        dl.Round.from_position("austrian", hands=[["6-6"], ["1-0"]])


# R2, R3 ---------------------------------------------------------------------------------
def test_r3_family_five_players_take_five():
    r = dl.Round.deal("family", 5, seed=2)
    assert [len(h) for h in r.hands] == [5] * 5 and r.boneyard_count == 3


def test_r2_partnership_needs_four():
    with pytest.raises(ValueError, match="for 4 players, not 2"):
        dl.Round.deal("partnership", 2)
    with pytest.raises(ValueError, match="partnership rules need 4 players"):
        dl.Round.deal(dataclasses.replace(dl.Rules(), partnerships=True), 2)


def test_r3_eight_minus_players():
    south_american = dataclasses.replace(dl.Rules(), hand_sizes={2: 6, 3: 5, 4: 4})
    assert [len(h) for h in dl.Round.deal(south_american, 4, seed=1).hands] == [4] * 4


# R4, R5 ---------------------------------------------------------------------------------
def test_r4_r5_highest_double_leads_it():
    for seed in SEEDS:
        r = dl.Round.deal("basic", 2, seed=seed)
        doubles = [(t, s) for s, h in enumerate(r.hands) for t in h if t.is_double]
        if not doubles:
            continue
        tile, seat = max(doubles)
        assert r.turn == r.leader == seat
        assert r.legal_moves() == [Play(tile, "left")]


def test_r4_no_double_dealt_heaviest_tile_leads():
    no_doubles = dataclasses.replace(dl.Rules.preset("austrian"), first_leader="highest-double",
                                     lead_tile="highest-double")
    for seed in range(40):
        r = dl.Round.deal(no_doubles, 2, seed=seed)
        best = max((t.pips, t.high, s) for s, h in enumerate(r.hands) for t in h)
        assert r.leader == best[2]
        assert all(m.tile.pips == best[0] for m in r.legal_moves())


def test_r5_wrong_lead_is_illegal():
    r = dl.Round.deal("basic", 2, seed=3)
    lead = r.legal_moves()[0].tile
    other = next(t for t in r.hands[r.turn] if t != lead)
    with pytest.raises(IllegalMoveError, match=f"must lead with {lead}.*not {other}"):
        r.play(Play(other, "left"))


def test_r5_heaviest_tile_lead():
    heaviest = dataclasses.replace(dl.Rules(), first_leader="first-seat", lead_tile="heaviest")
    for seed in range(30):
        r = dl.Round.deal(heaviest, 2, seed=seed)
        top = max(t.pips for t in r.hands[0])
        assert {m.tile for m in r.legal_moves()} == {t for t in r.hands[0] if t.pips == top}


def test_r4_top_double_draws_until_someone_has_it():
    top = dataclasses.replace(dl.Rules(), first_leader="top-double", lead_tile="highest-double")
    drew = 0
    for seed in SEEDS:
        r = dl.Round.deal(top, 2, seed=seed)
        assert r.legal_moves() == [Play("6-6", "left")]
        assert dl.Tile(6, 6) in r.hands[r.leader]
        sizes = [len(h) for h in r.hands]
        if sizes != [7, 7]:
            drew += 1
            assert sum(sizes) + r.boneyard_count == 28
            # Drawing went round from seat 0, so seat 0 drew as many as seat 1 or one more.
            assert sizes[0] - 7 in (sizes[1] - 7, sizes[1] - 7 + 1)
        again = dl.Round.from_record(r.to_record())
        assert again.hands == r.hands
    assert drew > 50  # with 14 of 28 tiles dealt, the 6-6 is often in the boneyard


def test_r4_partnership_six_six_leads():
    for seed in range(40):
        r = dl.Round.deal("partnership", 4, seed=seed)
        assert r.legal_moves() == [Play("6-6", "left")] and r.boneyard_count == 0


@pytest.mark.parametrize("rule", ["turn-up-lowest", "turn-up-highest"])
def test_r4_turn_up(rule):
    rs = dataclasses.replace(dl.Rules(), first_leader=rule)
    ties = 0
    for seed in SEEDS:
        r = dl.Round.deal(rs, 3, seed=seed)
        turned = r.to_record()["start"]["turned_up"]
        last = {seat: dl.Tile.parse(t).pips for seat, t in turned[-1]}
        best = (min if rule == "turn-up-lowest" else max)(last.values())
        assert [s for s, p in last.items() if p == best] == [r.leader]
        ties += len(turned) > 1
        assert len(r.legal_moves()) == 5  # any tile
    assert ties > 0


def test_r4_lots():
    rs = dataclasses.replace(dl.Rules(), first_leader="lots")
    for seed in range(40):
        r = dl.Round.deal(rs, 3, seed=seed)
        (turned,) = r.to_record()["start"]["turned_up"]
        total = sum(dl.Tile.parse(t).pips for _, t in turned)
        assert r.leader == (total // 3) % 3


def test_r4_first_seat():
    rs = dataclasses.replace(dl.Rules(), first_leader="first-seat")
    assert {dl.Round.deal(rs, 3, seed=s).leader for s in range(20)} == {0}


# R6 -------------------------------------------------------------------------------------
def leaders(rs, players=3, seed=5, hands=8):
    match = dl.Match(rs, [dl.RandomPlayer(i) for i in range(players)], seed=seed, target=10_000)
    for _ in range(hands):
        match.play_round()
    return match


def test_r6_rotate_left():
    match = leaders(dl.Rules.preset("standard"))
    seats = [r.leader for r in match.rounds]
    assert all(b == (a + 1) % 3 for a, b in itertools.pairwise(seats))


def test_r6_same():
    match = leaders(dataclasses.replace(dl.Rules(), next_leader="same"))
    assert len({r.leader for r in match.rounds}) == 1


def test_r6_winner_else_first_hand_rule():
    match = leaders(dl.Rules.preset("puerto-rico"), hands=15)
    for previous, r in zip(match.rounds, match.rounds[1:], strict=False):
        start = r.to_record()["start"]
        if previous.result.winner is not None:
            assert start["leader"] == r.leader == previous.result.winner  # leads with any tile
        else:
            assert start["leader"] is None  # the first-hand rule: the highest double leads it
            assert r.history[0].tile == max(t for h in start["hands"] for t in map(dl.Tile.parse, h) if t.is_double)
    assert len(match.rounds) == 15


def test_r6_first_hand_rule():
    match = leaders(dl.Rules.preset("basic"), players=2)
    for r in match.rounds:
        start = r.to_record()["start"]
        assert start["leader"] is None
        doubles = [t for h in start["hands"] for t in map(dl.Tile.parse, h) if t.is_double]
        if doubles:
            assert r.history[0].tile == max(doubles)


# R7, R8 ---------------------------------------------------------------------------------
def test_r7_family_draws_at_most_three_then_passes():
    r = position("family", hands=["1-0", "6-3 2-2"], line="6-6", boneyard="5-5 5-0 3-3 4-0 4-4 6-1")
    for _ in range(3):
        assert r.legal_moves() == [Draw()]
        r.play(Draw())
    assert r.turn == 0 and r.legal_moves() == [Pass()]
    with pytest.raises(IllegalMoveError, match="already drawn 3, the most a turn allows"):
        r.play(Draw())
    r.play(Pass())
    assert r.turn == 1 and r.turn_draws == 0


def test_r7_family_plays_the_drawn_tile():
    r = position("family", hands=["1-0", "6-3 2-2"], line="6-6", boneyard="5-5 6-1 4-0")
    r.play(Draw())
    r.play(Draw())
    assert r.legal_moves() == [Play("6-1", "left"), Play("6-1", "right")]


def test_r7_dutch_draws_two():
    r = position("dutch", hands=["1-0", "6-3 2-2"], line="6-6", boneyard="5-5 5-0 3-3 4-0 4-4")
    r.play(Draw())
    r.play(Draw())
    assert r.legal_moves() == [Pass()]


def test_r7_unlimited_draws_until_playable():
    r = position("basic", hands=["1-0", "6-3 2-2"], line="6-6", boneyard="5-5 5-0 3-3 4-0 6-2 4-4")
    for _ in range(5):
        assert r.legal_moves() == [Draw()]
        r.play(Draw())
    assert r.legal_moves() == [Play("6-2", "left"), Play("6-2", "right")]  # basic: no more drawing


def test_r8_drawing_when_able():
    able = position("standard", hands=["6-1", "2-2"], line="6-6", boneyard="5-5 5-0 3-3")
    assert Draw() in able.legal_moves()
    able.play(Draw())  # legal: hunting for a blocking tile
    assert able.turn == 0

    unable = position("basic", hands=["6-1", "2-2"], line="6-6", boneyard="5-5 5-0 3-3")
    assert Draw() not in unable.legal_moves()
    with pytest.raises(IllegalMoveError, match=r"holds a playable tile \(6-1\) and these rules forbid drawing"):
        unable.play(Draw())


def test_r7_block_game_never_draws():
    r = position("block", hands=["1-0", "6-1 2-2"], line="6-6", boneyard="5-5 5-0")
    assert r.legal_moves() == [Pass()]
    with pytest.raises(IllegalMoveError, match="no drawing"):
        r.play(Draw())


def test_no_draw_before_the_lead():
    r = position(hands=["1-0", "6-1"], line="")
    assert Draw() not in r.legal_moves()
    with pytest.raises(IllegalMoveError, match="nobody draws before the first tile"):
        r.play(Draw())


# R9 -------------------------------------------------------------------------------------
def test_r9_last_two_stay():
    r = position("standard", hands=["1-0", "6-1"], line="6-6", boneyard="5-5 5-0 3-3")
    r.play(Draw())
    assert r.boneyard_count == 2 and r.drawable_count == 0
    assert r.legal_moves() == [Pass()]


def test_r9_floor_zero_draws_the_last_tile():
    r = position("basic", hands=["1-0", "6-1"], line="6-6", boneyard="5-5")
    r.play(Draw())
    assert r.boneyard_count == 0 and r.legal_moves() == [Pass()]


def test_r9_paying_for_draws():
    r = position("standard", hands=["1-0", "6-1 3-1"], line="6-6", boneyard="5-5 5-0 3-3 2-2 2-1",
                 rule_changes={"draw_cost": 2})
    for move in [Draw(), Draw(), Draw(), Pass(), Play("6-1", "left"), Play("1-0", "left"), Pass(),
                 Play("5-0", "left"), Pass(), Play("5-5", "left")]:
        r.play(move)
    res = r.result
    assert res.reason == "blocked" and res.pips == (6, 4) and res.winner == 1
    assert res.draw_costs == (6, 0) and res.points == (-6, 2)
    assert "seat 0 drew 3 tiles at 2 points each: -6" in res.explain().lower()


# R10 ------------------------------------------------------------------------------------
def test_r10_standard_blocked_layout_forces_drawing_down_to_two():
    hands = ["6-4 0-0", "6-6 5-5 3-3"]
    stock = rest_of_set(ALMOST_BLOCKED, *hands)
    r = position("standard", hands=hands, line=ALMOST_BLOCKED, boneyard=stock)
    r.play(Play("6-4", "right"))
    assert r.is_blocked and not r.is_over and r.ends == (4, 4)
    text = r.explain_block()
    assert "Both ends show 4 and all seven 4s are on the table" in text
    assert "must draw all but the last two tiles" in text
    count = 0
    while r.legal_moves() == [Draw()]:
        r.play(Draw())
        count += 1
    assert count == len(stock.split()) - 2 and r.turn == 1
    assert r.is_over and r.result.reason == "blocked"


def test_r10_arabic_blocked_layout_ends_the_hand_at_once():
    hands = ["6-4 0-0", "6-6 5-5 3-3"]
    r = position("arabic", hands=hands, line=ALMOST_BLOCKED, boneyard=rest_of_set(ALMOST_BLOCKED, *hands))
    r.play(Play("6-4", "right"))
    assert r.is_over and r.result.reason == "blocked" and r.boneyard_count == 28 - 10 - 4
    assert r.result.winner == 0 and r.result.pips == (0, 28) and r.result.points == (28, 0)
    assert "the hand ends at once" in r.explain_block()
    r.undo()
    assert not r.is_over


def test_r10_built_blocked_position_under_arabic_rules_is_over():
    r = position("arabic", hands=["0-0", "6-6"], line=BLOCKED_FOURS, boneyard=rest_of_set(BLOCKED_FOURS, "0-0 6-6"))
    assert r.is_over


def test_no_block_explanation_when_open():
    assert position(hands=["0-0", "6-6"], line="6-5").explain_block() is None


# R11 ------------------------------------------------------------------------------------
def test_r11_stuck_hand_ends_at_once():
    r = position("basic", hands=["1-0", "2-2 6-5"], line="6-6", boneyard="")
    assert r.legal_moves() == [Pass()]  # seat 0 is stuck, but seat 1 can still play
    r.play(Pass())
    r.play(Play("6-5", "left"))  # now nobody can play and nobody can draw
    assert r.is_over and r.result.reason == "blocked" and r.result.winner == 0
    assert [e.action for e in r.history] == ["pass", "play"]


def test_r11_after_passes_needs_a_round_of_go():
    r = position("classic", hands=["1-0", "2-2", "3-0"], line="6-6", boneyard="")
    assert not r.is_over
    for seat in (0, 1):
        assert r.turn == seat and r.legal_moves() == [Pass()]
        r.play(Pass())
        assert not r.is_over
    r.play(Pass())
    assert r.is_over and r.result.reason == "blocked" and len(r.moves) == 3
    at_once = position("classic", hands=["1-0", "2-2", "3-0"], line="6-6", boneyard="",
                       rule_changes={"stuck_end": "at-once"})
    assert at_once.is_over


def test_r11_a_play_resets_the_passes():
    r = position("classic", hands=["1-0", "2-2", "6-1 0-0"], line="6-6", boneyard="")
    r.play(Pass())
    r.play(Pass())
    r.play(Play("6-1", "left"))
    assert r.turn == 0 and r.legal_moves() == [Play("1-0", "left")]


# R12-R14 through a real round ------------------------------------------------------------
def test_r14_dutch_double_blank_counts_thirteen_in_a_round():
    r = position("dutch", hands=["6-1 0-0", "6-2"], line="6-6", boneyard="")
    r.play(Play("6-1", "left"))
    r.play(Play("6-2", "right"))
    assert r.result.reason == "domino" and r.result.pips == (13, 0) and r.result.points == (0, 13)


def test_r12_blocker_tie_break_in_a_round():
    hands = ["6-4 6-0", "3-3"]  # after the blocking 6-4 both hands count 6
    r = position("arabic", hands=hands, line=ALMOST_BLOCKED, boneyard=rest_of_set(ALMOST_BLOCKED, *hands),
                 rule_changes={"blocked_tie": "blocker"})
    r.play(Play("6-4", "right"))
    assert r.result.pips == (6, 6) and r.result.blocker == 0 and r.result.winner == 0
    assert "the player who blocked the game wins" in r.result.explain()
    nobody = position("arabic", hands=hands, line=ALMOST_BLOCKED, boneyard=rest_of_set(ALMOST_BLOCKED, *hands))
    nobody.play(Play("6-4", "right"))
    assert nobody.result.winner is None and nobody.result.points == (0, 0)


# R15 ------------------------------------------------------------------------------------
def test_r15_partnership_round_scores_per_team():
    r = play_random(dl.Round.deal("partnership", 4, seed=9))
    res = r.result
    assert len(res.points) == 2 and res.sides == ((0, 2), (1, 3))
    if res.reason == "domino":
        assert res.team == res.went_out % 2 and res.points[res.team] == sum(res.pips)
    assert r.team_of(2) == 0 and r.view(1).partner == 3


# R16 ------------------------------------------------------------------------------------
def test_r16_match_to_target():
    m = dl.Match("standard", [dl.RandomPlayer(1), dl.RandomPlayer(2)], seed=3).play()
    assert m.target == 100 and m.is_over and max(m.scores) >= 100
    assert m.scores == [sum(r.points[i] for r in m.results) for i in range(2)]
    assert m.winner == m.scores.index(max(m.scores))
    assert dl.Match("standard", [dl.RandomPlayer(i) for i in range(3)], seed=3).target == 61
    assert dl.Match("standard", [dl.RandomPlayer(1), dl.RandomPlayer(2)], target=121).target == 121


# R17 ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("field", "value"), [("redeal_doubles", 3), ("redeal_suit", 4)])
def test_r17_redeal(field, value):
    rs = dataclasses.replace(dl.Rules(), **{field: value})
    redealt = 0
    for seed in SEEDS:
        r = dl.Round.deal(rs, 2, seed=seed)
        for hand in r.hands:
            if field == "redeal_doubles":
                assert sum(t.is_double for t in hand) < value
            else:
                assert all(sum(t.has(n) for t in hand) < value for n in range(7))
        redealt += r.to_record()["start"]["redeals"] > 0
    assert redealt > 0


def test_r17_impossible_redeal_rules_fail_clearly():
    with pytest.raises(ValueError, match="threw in 10,000 deals"):
        dl.Round.deal(dataclasses.replace(dl.Rules(), redeal_doubles=1, hand_sizes={4: 7}), 4, seed=1)


# R18 ------------------------------------------------------------------------------------
def test_r18_row_end_draws_in_the_order_given():
    r = position("standard", hands=["1-0", "6-1"], line="6-6", boneyard="5-5 5-0 3-3 2-2")
    assert r.boneyard == [dl.Tile(5, 5), dl.Tile(5, 0), dl.Tile(3, 3), dl.Tile(2, 2)]
    r.play(Draw())
    assert dl.Tile(5, 5) in r.hands[0]


def test_r18_shuffled_stock_is_shuffled_by_seed():
    stock = rest_of_set("1-0 6-1 6-6")
    shuffled = dataclasses.replace(dl.Rules(), draw_from="shuffled-stock")
    a = dl.Round.from_position(shuffled, [["1-0"], ["6-1"]], boneyard=stock.split(), line=["6-6"], seed=1)
    b = dl.Round.from_position(shuffled, [["1-0"], ["6-1"]], boneyard=stock.split(), line=["6-6"], seed=1)
    c = dl.Round.from_position(shuffled, [["1-0"], ["6-1"]], boneyard=stock.split(), line=["6-6"], seed=2)
    assert a.boneyard == b.boneyard != c.boneyard
    assert sorted(a.boneyard) == sorted(dl.Tile.parse(t) for t in stock.split())
