"""Every rule dimension of the catalogue (R1-R18), each on hand-built positions or deals."""

import dataclasses
import itertools
import random
import re

import pytest

import dominolab as dl
from dominolab import Draw, IllegalMoveError, Pass, Play
from dominolab.round import StartError

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
    with pytest.raises(ValueError, match=r"for 4 players \(two partnerships\), not 2"):
        dl.Round.deal("partnership", 2)
    with pytest.raises(ValueError, match=r"are for 4 players \(two partnerships\), not 2"):
        dl.Round.deal(dataclasses.replace(dl.Rules(), partnerships=True), 2)
    assert dataclasses.replace(dl.Rules(), partnerships=True).player_counts == (4,)


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


TOP = dataclasses.replace(dl.Rules(), first_leader="top-double")


def test_r4_top_double_draws_until_someone_has_it():
    """Variation 13 of "Draw Dominoes": the game starts with the 6-6; if nobody holds it the
    players draw in turn, from a seat the shuffle picks, and the two tiles that stay are never drawn."""
    drew, first_drawers = 0, set()
    for seed in SEEDS:
        r = dl.Round.deal(TOP, 2, seed=seed)
        start = r.start
        assert r.legal_moves() == [Play("6-6", "left")]  # whatever lead_tile says (here "any")
        assert dl.Tile(6, 6) in r.hands[r.leader]
        if any(dl.Tile(6, 6) in hand for hand in start.hands):
            assert start.hunt_first is None and [len(h) for h in r.hands] == [7, 7]
            continue
        drew += 1
        first = start.hunt_first
        first_drawers.add(first)
        # The boneyard is drawn in order, one tile each in turn from seat `first`.
        taken = start.boneyard.index(dl.Tile(6, 6)) + 1
        assert taken <= len(start.boneyard) - 2 and r.boneyard_count == len(start.boneyard) - taken
        assert r.leader == (first + taken - 1) % 2
        for seat in range(2):
            got = [start.boneyard[i] for i in range(taken) if (first + i) % 2 == seat]
            assert list(r.hands[seat]) == sorted(start.hands[seat] + tuple(got), reverse=True)
        again = dl.Round.from_record(r.to_record())
        assert again.hands == r.hands and again.start == start
    assert drew > 50 and first_drawers == {0, 1}


def test_r4_top_double_among_the_tiles_that_stay_is_dealt_again():
    stuck = 0
    for seed in range(300):
        rng = random.Random(seed)
        order = sorted(t.id for t in dl.tile_set(6))
        rng.shuffle(order)
        if dl.Tile(6, 6).id in order[-2:]:  # the first shuffle left the 6-6 among the last two
            stuck += 1
            r = dl.Round.deal(TOP, 2, seed=seed)
            assert r.start.redeals >= 1 and dl.Tile(6, 6) not in r.start.boneyard[-2:]
    assert stuck > 5


def test_r4_top_double_hunt_is_checked_in_a_start():
    r = next(r for r in (dl.Round.deal(TOP, 2, seed=s) for s in SEEDS) if r.start.hunt_first is not None)
    start = r.start
    with pytest.raises(StartError, match="hunt_first: the 6-6 is in the boneyard: name the seat"):
        dl.Round.from_start(TOP, dataclasses.replace(start, hunt_first=None))
    with pytest.raises(ValueError, match="hunt_first"):
        dl.Round.from_start(TOP, dataclasses.replace(start, hunt_first=2))
    moved = dataclasses.replace(start, boneyard=start.boneyard[1:] + start.boneyard[:1])
    last_two = (*(t for t in start.boneyard if t != dl.Tile(6, 6)), dl.Tile(6, 6))
    with pytest.raises(StartError, match="6-6 was not dealt and cannot be drawn"):
        dl.Round.from_start(TOP, dataclasses.replace(start, boneyard=last_two))
    assert dl.Round.from_start(TOP, moved).leader is not None
    dealt = next(r for r in (dl.Round.deal(TOP, 2, seed=s) for s in SEEDS) if r.start.hunt_first is None)
    with pytest.raises(StartError, match="the 6-6 was dealt, so nobody draws for it"):
        dl.Round.from_start(TOP, dataclasses.replace(dealt.start, hunt_first=0))
    with pytest.raises(StartError, match="nobody draws for the top double"):
        dl.Round.from_start("standard", dataclasses.replace(dl.Round.deal("standard", 2, seed=1).start,
                                                            hunt_first=0))


def test_r4_top_double_hunt_in_records():
    r = next(r for r in (dl.Round.deal(TOP, 2, seed=s) for s in SEEDS) if r.start.hunt_first is not None)
    record = r.to_record()
    assert record["start"]["hunt_first"] == r.start.hunt_first
    del record["start"]["hunt_first"]
    with pytest.raises(dl.records.RecordError, match=r"start\.hunt_first: the 6-6 is in the boneyard"):
        dl.Round.from_record(record)
    record["start"]["hunt_first"] = 2
    with pytest.raises(dl.records.RecordError, match=r"start.hunt_first: expected a whole number from 0 to 1"):
        dl.Round.from_record(record)
    plain = dl.Round.deal("standard", 2, seed=1).to_record()
    assert "hunt_first" not in plain["start"]  # records without a hunt keep their earlier form


def test_r4_top_double_without_drawing_deals_again_until_someone_holds_it():
    no_draw = dataclasses.replace(dl.Rules.preset("block"), first_leader="top-double")
    redealt = 0
    for seed in range(40):
        r = dl.Round.deal(no_draw, 2, seed=seed)
        assert r.start.hunt_first is None and r.legal_moves() == [Play("6-6", "left")]
        assert [len(h) for h in r.hands] == [7, 7]
        redealt += r.start.redeals > 0
    assert redealt > 10


def test_r4_top_double_in_the_partnership_game():
    six_six = dataclasses.replace(dl.Rules.preset("partnership"), first_leader="top-double")
    for seed in range(20):
        r = dl.Round.deal(six_six, 4, seed=seed)
        assert r.legal_moves() == [Play("6-6", "left")] and r.boneyard_count == 0
        assert r.view(r.turn).lead == (dl.Tile(6, 6),)
        assert r.view(r.turn).fits(dl.Tile(6, 6))
        assert not any(r.view(r.turn).fits(t) for t in r.hands[r.turn] if t != dl.Tile(6, 6))


def test_r4_partnership_draws_for_the_lead():
    for seed in range(20):
        r = dl.Round.deal("partnership", 4, seed=seed)
        assert r.start.turned_up is not None and len(r.legal_moves()) == 7 and r.boneyard_count == 0


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
    drawable = len(stock.split()) - 2
    assert (f"Play goes on: seat 1 cannot play, so they must draw the {dl.words.count_word(drawable)} tiles "
            "that may still be drawn (the last two stay in the boneyard); then the hand ends and is scored.") in text
    count = 0
    while r.legal_moves() == [Draw()]:
        r.play(Draw())
        count += 1
    assert count == len(stock.split()) - 2 and r.turn == 1
    assert r.is_over and r.result.reason == "blocked" and r.result.ending == "blocked"
    assert r.explain_block().endswith("Nothing more may be drawn, so the hand is over and has been scored.")
    assert r.result.explain().startswith("The layout is blocked (no tile can be added at either end) "
                                         "and nothing more may be drawn")


def test_r10_arabic_blocked_layout_ends_the_hand_at_once():
    hands = ["6-4 0-0", "6-6 5-5 3-3"]
    r = position("arabic", hands=hands, line=ALMOST_BLOCKED, boneyard=rest_of_set(ALMOST_BLOCKED, *hands))
    r.play(Play("6-4", "right"))
    assert r.is_over and r.result.reason == "blocked" and r.boneyard_count == 28 - 10 - 4
    assert r.result.winner == 0 and r.result.pips == (0, 28) and r.result.points == (28, 0)
    assert r.drawable_count == 12 and r.result.ending == "blocked"
    assert "Under these rules that ended the hand at once, without drawing" in r.explain_block()
    text = r.result.explain()
    assert "ends the hand at once, without drawing" in text and "nobody can play or draw" not in text.lower()
    r.undo()
    assert not r.is_over


def test_r10_built_blocked_position_under_arabic_rules_is_over():
    r = position("arabic", hands=["0-0", "6-6"], line=BLOCKED_FOURS, boneyard=rest_of_set(BLOCKED_FOURS, "0-0 6-6"))
    assert r.is_over


def test_no_block_explanation_when_open():
    assert position(hands=["0-0", "6-6"], line="6-5").explain_block() is None


# R11 ------------------------------------------------------------------------------------
def test_r11_stuck_hand_ends_at_once():
    r = position("standard", hands=["1-0", "2-2 6-5"], line="6-6", boneyard="", rule_changes={"boneyard_floor": 0})
    assert r.legal_moves() == [Pass()]  # seat 0 is stuck, but seat 1 can still play
    r.play(Pass())
    r.play(Play("6-5", "left"))  # now nobody can play and nobody can draw
    assert r.is_over and r.result.reason == "blocked" and r.result.winner == 0
    assert [e.action for e in r.history] == ["pass", "play"]
    assert not r.is_blocked and r.result.ending == "stuck" and r.explain_block() is None
    assert r.result.explain().startswith("Nobody can play and nothing more may be drawn, so the hand is over.")


def test_r11_basic_ends_when_everybody_passes():
    """ "Dominoes: Rules of Draw Dominoes": a hand nobody goes out of ends when everybody passes."""
    r = position("basic", hands=["1-0", "2-2 6-5"], line="6-6", boneyard="")
    r.play(Pass())
    r.play(Play("6-5", "left"))
    assert not r.is_over and r.legal_moves() == [Pass()]
    r.play(Pass())
    r.play(Pass())
    assert r.is_over and r.result.ending == "passes"
    assert r.result.explain().startswith("Every player passed in turn")


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
    if res.reason == "domino":  # the team that went out scores the losing team's pips
        assert res.team == res.went_out % 2 and res.points[res.team] == res.side_pips[1 - res.team]
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


# explain_block in every state ----------------------------------------------------------------
def blocked_by_6_4(preset="standard", hands=("6-4 0-0", "6-6 5-5 3-3"), **rule_changes):
    """Seat 0 blocks the layout (both ends 4, all seven 4s down) by playing 6-4."""
    r = position(preset, hands=hands, line=ALMOST_BLOCKED, boneyard=rest_of_set(ALMOST_BLOCKED, *hands),
                 rule_changes=rule_changes)
    r.play(Play("6-4", "right"))
    assert r.is_blocked
    return r


WHY = "Both ends show 4 and all seven 4s are on the table, so no tile can ever be added. "


@pytest.mark.parametrize(("preset", "changes", "over", "text"), [
    ("block", {}, True, "There is no drawing, so the hand is over and has been scored."),
    ("block", {"stuck_end": "after-passes"}, False,
     "Nobody can play and there is no drawing, so every player passes in turn and the hand is scored."),
    ("standard", {"draw_limit": 1}, False,
     "Play goes on: the players draw in turn, one tile a turn, passing when they may draw no more, until the "
     "twelve tiles that may still be drawn are gone (the last two stay in the boneyard); then the hand ends "
     "and is scored."),
    ("dutch", {}, False,
     "Play goes on: the players draw in turn, up to two a turn, passing when they may draw no more, until the "
     "twelve tiles that may still be drawn are gone (the last two stay in the boneyard); then the hand ends "
     "and is scored."),
    ("classic", {}, False,
     "Play goes on: seat 1 cannot play, so they must draw the 14 tiles that may still be drawn; then every "
     "player passes in turn and the hand is scored."),
    ("arabic", {}, True, "Under these rules that ended the hand at once, without drawing, and it has been scored."),
])
def test_explain_block_says_what_happens_next(preset, changes, over, text):
    r = blocked_by_6_4(preset, **changes)
    assert r.is_over == over
    assert r.explain_block() == WHY + text


def test_explain_block_after_passes_with_nothing_left_to_draw():
    r = blocked_by_6_4("classic")
    while r.legal_moves() == [Draw()]:
        r.play(Draw())
    assert not r.is_over and r.drawable_count == 0
    assert r.explain_block() == WHY + ("Nobody can play and nothing more may be drawn, so every player passes in "
                                       "turn and the hand is scored.")
    r.play(Pass())
    r.play(Pass())
    assert r.is_over and r.result.ending == "passes"
    assert r.explain_block() == WHY + "Every player passed in turn, so the hand is over and has been scored."


def test_explain_block_when_the_blocking_tile_was_the_last():
    r = blocked_by_6_4(hands=("6-4", "6-6 5-5 3-3"))
    assert r.is_over and r.result.reason == "domino"
    assert r.explain_block() == WHY + "The hand is over: seat 0 played their last tile."


def test_explain_block_and_results_never_say_he():
    texts = []
    for preset in dl.Rules.presets():
        rules = dl.Rules.preset(preset)
        if 2 not in rules.player_counts or not rules.doubles:
            continue
        r = blocked_by_6_4(preset)
        texts.append(r.explain_block())
        play_random(r)
        texts += [r.explain_block() or "", r.result.explain(), str(r)]
    text = "\n".join(texts)
    assert len(texts) == 4 * 8  # eight presets have doubles and allow two players
    assert not re.search(r"\b(he|his|him|himself)\b", text, re.IGNORECASE)
    assert not re.search(r"\b(1|one) (tiles|pips|points)\b", text)
