"""dl.reachable: positions that can arise in a real hand pass, impossible ones are named.

Hand-built positions for each way a position can be impossible; property tests that every
position random play reaches passes (as dealt, and rebuilt as a position without its
history); and pip totals at the end of a hand.
"""

import dataclasses
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

import dominolab as dl
from dominolab.reachable import CODES, Problem, Reachability, UnreachableError, check, end_of_hand, require

from .positions import play_random, rest_of_set


def rules(preset="standard", **changes):
    return dataclasses.replace(dl.Rules.preset(preset), draw_from="row-end", **changes)


def build(preset="standard", hands=(), line="", boneyard=None, turn=0, rule_changes=None, **kw):
    """A position; the boneyard is every tile not named, unless given."""
    return dl.Round.from_position(rules(preset, **(rule_changes or {})), hands=[h.split() for h in hands],
                                  line=line.split(), boneyard=None if boneyard is None else boneyard.split(),
                                  turn=turn, **kw)


def codes(position, **kw):
    return check(position, **kw).codes


# --- positions that can arise ---------------------------------------------------------------

def test_a_fresh_deal_and_its_first_moves_are_reachable():
    r = dl.Round.deal("standard", 2, seed=4)
    assert check(r) and check(r).ok and check(r).codes == ()
    assert str(check(r)).startswith("reachable")
    play_random(r, moves=6, seed=1)
    assert check(r)


def test_a_position_after_three_plays_without_drawing():
    # Seat 0 led 6-6, seat 1 played 6-4, seat 0 played 4-3: seat 0 holds 5, seat 1 holds 6.
    r = build(hands=["6-2 5-5 4-1 3-0 1-1", "5-4 2-2 1-0 2-0 6-5 0-0"], line="6-6 6-4 4-3", turn=1)
    assert check(r), check(r)


def test_a_position_where_the_player_to_move_has_drawn():
    # Seat 1 cannot match 6 or 3 and has drawn two tiles this turn: it holds 6 + 2.
    r = build(hands=["6-2 5-5 4-1 3-0 1-1", "5-4 2-2 1-0 2-0 5-1 0-0 4-4 2-1"], line="6-6 6-4 4-3",
              turn=1, turn_draws=2)
    assert check(r), check(r)

def test_passes_are_possible_once_the_boneyard_is_down_to_its_floor():
    # Standard rules, two tiles left in the boneyard: seat 0 played four of the seven tiles on
    # the line and is to play again, so seat 1 (which drew twelve) passed once.
    line = "6-2 2-4 4-3 3-6 6-4 4-5 5-2"
    r = build(hands=["3-3 2-2 1-1", rest_of_set(line, "3-3 2-2 1-1", "6-0 1-0")], line=line, boneyard="6-0 1-0")
    assert check(r), check(r)
    # With fourteen in the boneyard nobody can have passed: the same turn is impossible.
    r = build(hands=["3-3 2-2 1-1", "6-0 1-0 5-5 4-4"], line=line)
    assert "turns" in codes(r)


# --- positions that cannot ------------------------------------------------------------------

def test_tiles_out_of_play():
    r = build("basic", hands=["6-1 5-5", "3-3 2-0", "4-5 6-6"], line="6-4", boneyard="")
    assert codes(r) == ("set-aside",)
    assert "out of play" in str(check(r))


def test_a_boneyard_bigger_than_the_deal_leaves():
    # Lesson 5's old position: 4 + 5 tiles in hands, 3 on the line, 16 in the boneyard.
    r = build(hands=["6-2 5-5 4-1 3-0", "5-4 2-2 1-1 2-0 6-5"], line="6-6 6-4 4-3")
    assert codes(r) == ("boneyard-too-big",)
    assert check(r).problems[0].message == "the boneyard holds 16 tiles, but dealing 7 tiles to each of 2 players leaves 14"


def test_hand_sizes_that_the_turn_order_cannot_give():
    # Lesson 2's old blocking position: 9 tiles down, nobody drew, seat 0 to play with 2 tiles.
    r = build(hands=["6-4 0-0", "6-6 5-5 3-3"], line="4-0 0-1 1-4 4-4 4-2 2-3 3-4 4-5 5-6")
    assert codes(r) == ("turns",)
    message = check(r).problems[0].message
    assert "seat 1 led and seat 0 has had 4 turns" in message and "played at least 5 tiles" in message


def test_the_seat_to_play_must_fit_the_turns_when_nobody_can_have_passed():
    # One tile down, nothing drawn: seat 0 (holding six) led it, so seat 1 is to play.
    hands = ["6-2 5-5 4-1 3-0 1-1 0-0", "5-4 2-2 1-0 2-0 6-5 4-4 3-3"]
    assert check(build(hands=hands, line="6-6", turn=1))
    r = build(hands=hands, line="6-6", turn=0)
    assert codes(r) == ("turns",)
    assert str(check(r).problems[0]) == (
        "1 tile is on the line, seat 0 is to play and nobody can have passed while the boneyard holds more "
        "than the tiles that stay, so seat 1 led and seat 0 has had 0 turns; but seat 0 holds 6 tiles, dealt 7, "
        "so it has played at least 1 tile")


def test_a_pass_needs_a_full_quota_of_draws_under_a_draw_limit():
    # Family rules (at most three draws a turn): seat 0 led 6-6 and is to play again, so
    # seat 1 passed, which it may do only after drawing three tiles.
    r = build("family", hands=["6-2 5-5 4-1 3-0 1-1 2-0", "5-4 2-2 1-0 4-4 3-2 5-1 4-0"], line="6-6")
    assert codes(r) == ("turns",)
    r = build("family", hands=["6-2 5-5 4-1 3-0 1-1 2-0", "5-4 2-2 1-0 4-4 3-2 5-1 4-0 2-1 0-0 3-3"], line="6-6")
    assert check(r), check(r)

def test_draws_fit_the_turns_under_a_draw_limit():
    # Dutch rules, at most two draws a turn: seat 1, on its first turn, cannot hold twelve.
    hands = ["6-2 5-5 4-1 3-0 1-1 0-0", "5-4 2-2 1-0 2-0 4-4 4-0 3-2 2-1 3-3 5-1 6-5 6-4"]
    r = build("dutch", hands=hands, line="6-6", turn=1)
    assert codes(r) == ("turns",)
    assert "so it has drawn at least 5, more than two a turn" in str(check(r))
    assert check(build("standard", hands=hands, line="6-6", turn=1))  # no limit: it may have drawn five


def test_no_drawing_means_the_boneyard_keeps_what_the_deal_left():
    hands = ["6-2 5-5 4-1 3-0 1-1 0-0", "5-4 2-2 1-0 2-0 6-5 4-4 4-0 3-2"]
    r = build("block", hands=hands, line="6-6 6-4", turn=0)
    assert "no-drawing" in codes(r)


def test_below_the_floor():
    used = "6-6 6-4 4-3 3-3 3-1 1-1 1-5 5-5 5-0"
    hands = ["6-2 4-1", rest_of_set(used, "6-2 4-1", "2-1")]
    r = build(hands=hands, line=used, boneyard="2-1")
    assert "boneyard-below-floor" in codes(r)


def test_nobody_draws_before_the_lead():
    r = build(hands=["6-2 5-5 4-1 3-0 1-1 0-0 2-1", "5-4 2-2 1-0 2-0 6-5 4-4 4-0 3-2"])
    assert codes(r) == ("draw-before-lead", "turns") or "draw-before-lead" in codes(r)


def test_more_draws_this_turn_than_the_limit():
    # Dutch rules: at most two draws a turn.
    r = build("dutch", hands=["6-2 5-5 4-1 3-0 1-1 0-0", "5-4 2-2 1-0 2-0 4-4 4-0 3-2 2-1 3-3 5-1"],
              line="6-6", turn=1, turn_draws=3)
    assert codes(r) == ("turn-draws",)

def test_a_hand_bigger_than_the_deal_and_every_draw():
    # One tile drawn in all, yet seat 1 holds nine.
    r = build(hands=["6-2 5-5 4-1 3-0 1-1", "5-4 2-2 1-0 2-0 4-4 4-0 3-2 2-1 3-3"], line="6-6", turn=1)
    assert codes(r) == ("hand-too-big",)
    assert str(check(r).problems[0]) == "seat 1 holds 9 tiles, but it was dealt 7 and only 1 tile has been drawn"

def test_the_lead_tile_must_be_on_the_line_when_nothing_was_drawn():
    # Basic rules: the highest double leads the first tile of every hand.
    r = build("basic", hands=["6-6 5-5 4-1 3-0 1-1 0-0", "5-4 2-2 1-0 2-0 6-5 4-0"], line="6-4 4-4", turn=0)
    assert "lead-tile" in codes(r)
    assert "6-6 is in seat 0's hand" in str(check(r))
    # Standard rules lead with any tile: no problem with the lead there.
    r = build("standard", hands=["6-6 5-5 4-1 3-0 1-1 0-0", "5-4 2-2 1-0 2-0 6-5 4-0"], line="6-4 4-4", turn=0)
    assert "lead-tile" not in codes(r)


def test_the_partnership_first_hand_starts_with_the_top_double():
    # The preset draws for the lead; variation 13's 6-6 start is first_leader='top-double'.
    hunt = dataclasses.replace(dl.Rules.preset("partnership"), first_leader="top-double",
                               lead_tile="highest-double")
    deal = dl.Round.deal(hunt, 4, seed=3)
    assert check(deal)
    # The leader opens with another tile: impossible in the first hand, fine in a later one,
    # whose lead passes to the left with any tile.
    seat = deal.leader
    tile = next(t for t in deal.hands[seat] if t != dl.Tile(6, 6))
    hands = [[t for t in h if t != tile] for h in deal.hands]
    r = dl.Round.from_position(hunt, hands=hands, line=[tile], turn=(seat + 1) % 4)
    assert codes(r, first_hand=True) == ("lead-tile",)
    assert "the 6-6 is in seat" in str(check(r, first_hand=True))
    assert check(r) and check(r, first_hand=False)

def test_a_hand_the_redeal_rule_throws_in():
    hands = ["6-6 5-5 4-4 3-3 2-1 1-0 4-0", "6-5 2-2 5-1 2-0 6-4 5-4 3-2"]
    r = build(hands=hands, rule_changes={"redeal_doubles": 4})
    assert "redeal" in codes(r)
    r = build(hands=hands, rule_changes={"redeal_suit": 5})
    assert "redeal" not in codes(r)


def test_require_and_the_error():
    good = dl.Round.deal("standard", 3, seed=1)
    assert require(good) is good
    bad = build(hands=["6-2 5-5 4-1 3-0", "5-4 2-2 1-1 2-0 6-5"], line="6-6 6-4 4-3")
    with pytest.raises(UnreachableError, match="boneyard holds 16 tiles") as caught:
        require(bad)
    assert caught.value.problems == check(bad).problems
    assert isinstance(caught.value, ValueError)
    again = pickle.loads(pickle.dumps(caught.value))
    assert again.problems == caught.value.problems and str(again) == str(caught.value)


def test_bad_arguments_are_named():
    with pytest.raises(ValueError, match="check\\(\\) needs a Round"):
        check("6-4")
    with pytest.raises(ValueError, match="pips\\[1\\] must be a whole number"):
        end_of_hand("standard", [3, -1])
    with pytest.raises(ValueError, match="pips must be a list"):
        end_of_hand("standard", "10 14")
    with pytest.raises(ValueError, match="went_out must be a whole number from 0 to 1"):
        end_of_hand("standard", [0, 5], went_out=2)
    with pytest.raises(ValueError, match="no preset named"):
        end_of_hand("nonsense", [1, 2])


def test_every_code_is_described():
    assert all(CODES.values())
    verdict = Reachability((Problem("parity", "x"),))
    assert not verdict and verdict.codes == ("parity",) and "x" in verdict._repr_markdown_()


# --- pip totals at the end of a hand ----------------------------------------------------------

def test_the_family_worked_example_cannot_end_a_real_blocked_hand():
    # Source 003's arithmetic, 10 against 14 and 15: 39 pips, odd.
    verdict = end_of_hand("family", [10, 14, 15])
    assert verdict.codes == ("parity",)
    assert "10 + 14 + 15 = 39 is odd" in str(verdict)
    assert end_of_hand("family", [10, 14, 16])
    # With two tiles left in the boneyard (the standard rules) the hands alone may be odd.
    assert end_of_hand("standard", [10, 14, 15])
    assert end_of_hand("family", [10, 14, 15], boneyard=3)
    # After a domino parity says nothing.
    assert end_of_hand("family", [0, 14, 15], went_out=0)


def test_other_impossible_totals():
    assert end_of_hand("standard", [5, 8], went_out=0).codes == ("went-out",)
    assert end_of_hand("standard", [0, 0, 7]).codes == ("zero-pips",)  # only the 0-0 counts nothing
    assert end_of_hand("standard", [0, 0, 7], went_out=0)
    assert end_of_hand("dutch", [0, 5]).codes == ("zero-pips",)  # the Dutch 0-0 counts 13
    assert end_of_hand("standard", [100, 90]).codes == ("too-many-pips",)
    assert end_of_hand("partnership", [3, 4]).codes == ("players",)


def test_parity_needs_an_even_number_of_halves_per_number():
    # Double-nine: each number is on 11 halves, so a blocked line has two different ends.
    nine = dataclasses.replace(dl.Rules.preset("standard"), max_pip=9, boneyard_floor=0,
                               hand_sizes={2: 7, 3: 7, 4: 7})
    assert end_of_hand(nine, [10, 14, 15])
    assert end_of_hand("austrian", [11, 14], boneyard=0).codes == ("parity",)  # 8 halves per number


# --- properties ---------------------------------------------------------------------------------

CASES = [(name, players) for name in dl.Rules.presets() for players in dl.Rules.preset(name).player_counts]
VARIANTS = [{}, {"boneyard_floor": 0}, {"draw_limit": 1}, {"draw_when_able": False, "draw_limit": 2},
            {"stuck_end": "after-passes"}, {"redeal_doubles": 4}, {"first_leader": "top-double"}]


def rebuilt(r):
    """The same position built by hand: no history, no known leader."""
    return dl.Round.from_position(r.rules, hands=[list(h) for h in r.hands], line=[p.tile for p in r.line],
                                  boneyard=r.boneyard, turn=r.turn, turn_draws=r.turn_draws)


@given(case=st.sampled_from(CASES), variant=st.sampled_from(VARIANTS), seed=st.integers(0, 10**6),
       moves=st.integers(0, 60))
def test_every_position_random_play_reaches_passes(case, variant, seed, moves):
    name, players = case
    try:
        rules_ = dataclasses.replace(dl.Rules.preset(name), **variant)
    except ValueError:
        return  # a variant these rules cannot take (e.g. no doubles for the hunt)
    r = play_random(dl.Round.deal(rules_, players, seed=seed), moves=moves, seed=seed)
    assert check(r), (name, variant, seed, moves, str(check(r)))
    if not r.is_over:
        position = rebuilt(r)
        assert check(position), (name, variant, seed, moves, str(check(position)))


@given(case=st.sampled_from(CASES), seed=st.integers(0, 10**6))
def test_pips_left_by_every_finished_hand_pass(case, seed):
    name, players = case
    r = play_random(dl.Round.deal(name, players, seed=seed), seed=seed)
    pips = [r.rules.hand_value(h) for h in r.hands]
    went_out = r.result.went_out
    assert end_of_hand(r.rules, pips, went_out, boneyard=r.boneyard_count), (name, seed, pips)
    if went_out is None and r.rules.blocked_layout == "draw-down":
        assert end_of_hand(r.rules, pips), (name, seed, pips)  # the boneyard left is the rules' own
