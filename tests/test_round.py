"""The round's mechanics: dealing, legal moves, play, undo, errors that leave it unchanged."""

import dataclasses
import random

import pytest

import dominolab as dl
from dominolab import Draw, IllegalMoveError, Pass, Play
from dominolab.round import StartError

from .positions import play_random, position


class TestDeal:
    @pytest.mark.parametrize(("players", "size"), [(2, 7), (3, 5), (4, 5)])
    def test_standard_deal_sizes(self, players, size):
        r = dl.Round.deal(dl.Rules.preset("standard"), players=players, seed=7)
        assert [len(h) for h in r.hands] == [size] * players
        assert r.boneyard_count == 28 - players * size
        everything = [t for h in r.hands for t in h] + r.boneyard
        assert sorted(everything) == sorted(dl.tile_set(6))
        assert r.line == () and r.ends is None and not r.is_over

    def test_same_seed_same_deal_and_moves(self):
        a = dl.Round.deal("standard", 2, seed=7)
        b = dl.Round.deal("standard", 2, seed=7)
        assert a.hands == b.hands and a.boneyard == b.boneyard and a.leader == b.leader
        assert dl.Round.deal("standard", 2, seed=8).hands != a.hands

    def test_no_seed_picks_one_that_replays(self):
        r = dl.Round.deal("standard", 2)
        assert isinstance(r.seed, int)
        assert dl.Round.deal("standard", 2, seed=r.seed).hands == r.hands

    def test_random_generator_is_accepted(self):
        a = dl.Round.deal("standard", 2, seed=random.Random(3))
        b = dl.Round.deal("standard", 2, seed=random.Random(3))
        assert a.hands == b.hands and a.seed is None

    @pytest.mark.parametrize(
        ("kwargs", "match"),
        [(dict(players=5), "for 2, 3 or 4 players, not 5"), (dict(players=1), "not 1"),
         (dict(players="2"), "whole number"), (dict(seed="x"), "seed"), (dict(seed=1.5), "seed"),
         (dict(leader=2), "leader"), (dict(leader=-1), "leader")],
    )
    def test_bad_arguments(self, kwargs, match):
        kwargs = {"players": 2, **kwargs}
        with pytest.raises(ValueError, match=match):
            dl.Round.deal("standard", **kwargs)

    def test_bad_rules(self):
        with pytest.raises(ValueError, match="no preset named"):
            dl.Round.deal("nope", 2)
        with pytest.raises(ValueError, match="Rules object"):
            dl.Round.deal(42, 2)

    def test_leader_override_leads_any_tile(self):
        r = dl.Round.deal("basic", 2, seed=1, leader=1)
        assert r.turn == 1 and r.leader == 1
        assert len(r.legal_moves()) == 7


class TestLegalMoves:
    def test_lead_any_tile(self):
        r = position(hands=["6-4 3-3", "2-1"], line="")
        assert r.legal_moves() == [Play("3-3", "left"), Play("6-4", "left")]

    def test_matching_both_ends_and_draw_when_able(self):
        r = position(hands=["6-1 4-2 3-3 6-4", "2-2"], line="6-6 6-5 5-4")
        assert r.ends == (6, 4)
        moves = r.legal_moves()
        assert set(moves) == {Play("6-1", "left"), Play("6-4", "left"), Play("4-2", "right"),
                              Play("6-4", "right"), Draw()}
        assert moves[-1] is Draw()  # plays first, then Draw or Pass

    def test_equal_ends_list_both_ends(self):
        r = position(hands=["4-1", "2-2"], line="4-4")
        assert r.legal_moves()[:2] == [Play("4-1", "left"), Play("4-1", "right")]

    def test_must_draw_when_unable(self):
        r = position(hands=["1-0", "2-2"], line="6-6")
        assert r.legal_moves() == [Draw()]

    def test_moves_are_interned_values(self):
        r = position(hands=["6-1", "2-2"], line="6-6")
        assert r.legal_moves()[0] is Play(dl.Tile(1, 6), "left") is Play("6-1", "left") is Play((6, 1))


class TestPlay:
    def test_play_orients_the_tile_and_moves_the_ends(self):
        r = position(hands=["6-1 4-2", "2-2 3-3"], line="6-6 6-4")
        r.play(Play("6-1", "left"))
        assert str(r.line) == "[1|6][6|6][6|4]" and r.ends == (1, 4)
        assert r.turn == 1
        r.play(Draw())
        assert r.turn == 1 and r.turn_draws == 1 and r.draw_counts == [0, 1]

    def test_lead_at_either_end(self):
        r = position(hands=["5-3 2-1", "2-2"], line="")
        r.play(Play("5-3", "right"))
        assert r.ends == (5, 3)
        assert r.history[0].end == "left"

    def test_double_is_placed_crosswise_and_keeps_the_end(self):
        r = position(hands=["4-4 1-0", "2-2"], line="6-4")
        r.play(Play("4-4", "right"))
        assert r.ends == (6, 4) and r.line[-1].is_double

    def test_domino_ends_the_hand(self):
        r = position(hands=["4-1", "6-6 5-5"], line="6-4")
        r.play(Play("4-1", "right"))
        assert r.is_over and r.legal_moves() == []
        result = r.result
        assert result.reason == "domino" and result.winner == 0
        assert result.pips == (0, 22) and result.points == (22, 0)

    def test_result_is_none_until_over(self):
        r = dl.Round.deal("standard", 2, seed=1)
        assert r.result is None


def snapshot(r):
    return (r.state_key(), r.hands, r.line, r.boneyard, r.history, r.legal_moves())


class TestIllegalMovesLeaveTheRoundUnchanged:
    @pytest.fixture
    def r(self):
        return position(hands=["6-1 4-2", "2-2 3-3"], line="6-6 6-4", boneyard="5-5 5-0 1-1")

    @pytest.mark.parametrize(
        ("move", "match"),
        [
            (Play("5-5", "left"), r"5-5 is not in seat 0's hand \(6-1, 4-2\)"),
            (Play("4-2", "left"), r"4-2 does not match the left end, which shows 6 \(the ends are 6 left and 4 right\)"),
            (Play("6-1", "right"), "6-1 does not match the right end, which shows 4"),
            (Pass(), r"cannot pass while holding a playable tile \(6-1, 4-2\); the ends are 6 left and 4 right"),
            ("6-1", "expected a move .* got '6-1' of type str"),
            (None, "got None of type NoneType"),
            (42, "of type int"),
            (dl.Tile(6, 1), "of type Tile"),
        ],
    )
    def test_illegal(self, r, move, match):
        before = snapshot(r)
        with pytest.raises(IllegalMoveError, match=match) as info:
            r.play(move)
        assert snapshot(r) == before
        assert info.value.ends == (6, 4)
        assert info.value.move is move
        assert isinstance(info.value, ValueError)

    def test_out_of_turn(self, r):
        before = snapshot(r)
        with pytest.raises(IllegalMoveError, match="it is seat 0's turn, not seat 1's"):
            r.play(Play("3-3", "left"), seat=1)
        assert snapshot(r) == before
        r.play(Play("6-1", "left"), seat=0)

    def test_draw_at_the_floor(self):
        r = position(hands=["1-0", "6-2"], line="6-6", boneyard="5-5 5-0 3-3 4-0",
                     rule_changes={"boneyard_floor": 4})
        before = snapshot(r)
        assert r.legal_moves() == [Pass()]
        with pytest.raises(IllegalMoveError, match="down to the four tiles that must stay there"):
            r.play(Draw())
        assert snapshot(r) == before

    def test_pass_when_you_must_draw(self):
        r = position(hands=["1-0", "2-2"], line="6-6", boneyard="5-5 5-0 3-3 4-0")
        with pytest.raises(IllegalMoveError, match="no playable tile but must draw"):
            r.play(Pass())

    def test_no_move_after_the_end(self):
        r = position(hands=["4-1", "6-6 5-5"], line="6-4")
        r.play(Play("4-1", "right"))
        before = snapshot(r)
        with pytest.raises(IllegalMoveError, match="the hand is over"):
            r.play(Draw())
        assert snapshot(r) == before

    def test_play_bad_construction(self):
        with pytest.raises(ValueError, match="end must be 'left' or 'right'"):
            Play("6-4", "middle")
        with pytest.raises(ValueError, match="expected a tile"):
            Play(64, "left")


class TestUndo:
    def test_undo_is_the_exact_inverse(self):
        r = dl.Round.deal("standard", 3, seed=11)
        rng = random.Random(0)
        keys = [r.state_key()]
        while not r.is_over:
            moves = r.legal_moves()
            r.play(moves[rng.randrange(len(moves))])
            keys.append(r.state_key())
        result = r.result
        assert result is not None
        for expected in reversed(keys[:-1]):
            r.undo()
            assert r.state_key() == expected
        assert r.result is None and r.moves == []

    def test_undo_returns_the_move(self):
        r = position(hands=["6-1 4-2", "2-2"], line="6-6")
        r.play(Play("6-1", "right"))
        assert r.undo() is Play("6-1", "right")

    def test_nothing_to_undo(self):
        r = dl.Round.deal("standard", 2, seed=1)
        with pytest.raises(ValueError, match="no move to undo"):
            r.undo()


class TestView:
    def test_view_hides_other_hands_and_drawn_tiles(self):
        r = position(hands=["1-0 2-0", "3-3 6-1"], line="6-6", boneyard="5-5 6-2 0-0 5-4")
        r.play(Draw())  # seat 0 draws 5-5 (not playable on 6 | 6)
        r.play(Draw())  # ... then 6-2
        view = r.view(1)
        assert view.hand == dl.Hand([dl.Tile(3, 3), dl.Tile(6, 1)])
        assert view.hand_counts == (4, 2)
        assert [e.action for e in view.history] == ["draw", "draw"]
        assert all(e.tile is None for e in view.history)
        assert view.history[0].ends == (6, 6)
        assert view.legal == () and not view.is_my_turn
        text = repr(view) + repr(view.history)
        for hidden in ("5-5", "6-2", "1-0", "2-0", "0-0"):
            assert hidden not in text
        assert "seed" not in {f for f in view.__dataclass_fields__}
        # Seat 0 sees its own drawn tiles in its hand, and may play.
        own = r.view(0)
        assert dl.Tile(5, 5) in own.hand and own.legal_moves() == r.legal_moves()
        assert own.unseen == sorted(set(dl.tile_set(6)) - set(own.hand) - {dl.Tile(6, 6)} - set(r.set_aside), reverse=True)
        assert own.set_aside == tuple(r.set_aside) and len(own.unseen) == 2 + 2  # seat 1 holds two, two are in the boneyard

    def test_view_says_which_tiles_fit(self):
        r = position(hands=["6-1 2-2", "0-0"], line="6-6 6-4")
        view = r.view(0)
        assert [t for t in map(dl.Tile.parse, ["6-1", "2-2", "4-0", "5-3"]) if view.fits(t)] == [dl.Tile(6, 1), dl.Tile(4, 0)]
        lead = position(hands=["6-1 3-2", "0-0"], line="").view(0)  # the lead: any tile of the leader's
        assert lead.fits(dl.Tile(3, 2)) and lead.fits(dl.Tile(6, 1)) and not lead.fits(dl.Tile(5, 5))
        assert not position(hands=["6-1 3-2", "0-0"], line="").view(1).fits(dl.Tile(0, 0))  # not its lead

    def test_view_says_on_which_ends_any_tile_could_go(self):
        """Whoever holds it: the ends whose number it shows, one of two equal ends, none."""
        view = position(hands=["6-1 2-2", "0-0"], line="6-6 6-4").view(1)  # ends 6 and 4
        where = {t: view.ends_for(dl.Tile.parse(t)) for t in ["6-4", "6-1", "4-0", "5-3"]}
        assert where == {"6-4": ("left", "right"), "6-1": ("left",), "4-0": ("right",), "5-3": ()}
        equal = position(hands=["6-1 2-2", "0-0"], line="5-6 6-6").view(1)  # ends 5 and 6
        assert equal.ends_for(dl.Tile.parse("6-5")) == ("left", "right")
        same = position(hands=["5-1 2-2", "0-0"], line="6-6 6-4 4-1 1-6").view(1)  # ends 6 and 6
        assert same.ends == (6, 6) and same.ends_for(dl.Tile.parse("6-2")) == ("left",)
        assert position(hands=["6-1 3-2", "0-0"], line="").view(1).ends_for(dl.Tile(5, 5)) == ("lead",)

    def test_view_bad_seat(self):
        r = dl.Round.deal("standard", 2, seed=1)
        with pytest.raises(ValueError, match="seat must be a whole number from 0 to 1"):
            r.view(2)

    def test_view_after_the_end_shows_the_result(self):
        r = position(hands=["4-1", "6-6 5-5"], line="6-4")
        r.play(Play("4-1", "right"))
        view = r.view(1)
        assert view.is_over and view.result.points == (22, 0)


class TestFromPosition:
    def test_rest_goes_to_the_boneyard(self):
        r = position(hands=["6-1", "2-2"], line="6-6")
        assert r.boneyard_count == 25

    def test_tiles_named_nowhere_are_set_aside(self):
        r = position(hands=["6-1", "2-2"], line="6-6", boneyard="5-5 4-4")
        assert r.boneyard == [dl.Tile(5, 5), dl.Tile(4, 4)]
        assert len(r.set_aside) == 28 - 5 and dl.Tile(0, 0) in r.set_aside

    def test_line_is_oriented(self):
        r = position(hands=["0-0", "1-1"], line="4-6 6-6 6-1 1-3")
        assert str(r.line) == "[4|6][6|6][6|1][1|3]" and r.ends == (4, 3)

    @pytest.mark.parametrize(
        ("kwargs", "match"),
        [
            (dict(hands=["6-1 6-1", "2-2"]), r"hands\[0\]: 6-1 is already in hands\[0\]"),
            (dict(hands=["6-1", "2-2"], line="6-1"), r"line: 6-1 is already in hands\[0\]"),
            (dict(hands=["7-1", "2-2"]), "7-1 is not in this set"),
            (dict(hands=["6-1", ""]), "hands.1.: an empty hand"),
            (dict(hands=["6-1", "2-2"], line="6-6 5-5"), "6-6 and 5-5 do not match"),
            (dict(hands=["6-1", "2-2"], line="6-6 6-5 4-4"), "4-4 does not match 5"),
            (dict(hands=["6-1", "2-2"], turn=2), "turn must be a whole number from 0 to 1"),
            (dict(hands=["6-1", "2-2"], turn_draws=1), "nobody draws before the first tile"),
        ],
    )
    def test_bad_positions(self, kwargs, match):
        with pytest.raises(ValueError, match=match):
            position(**kwargs)

    def test_hands_must_be_a_list(self):
        with pytest.raises(ValueError, match="one list of tiles per seat"):
            dl.Round.from_position("standard", hands="6-1 2-2")

    def test_a_stuck_position_is_over_at_once(self):
        r = position(hands=["1-0", "2-2"], line="6-6", boneyard=" ".join(
            str(t) for t in dl.tile_set(6) if t not in {dl.Tile(1, 0), dl.Tile(2, 2), dl.Tile(6, 6)}),
            rule_changes={"boneyard_floor": 25})
        assert r.is_over and r.result.reason == "blocked" and r.result.winner == 0


class TestText:
    def test_repr_and_str_are_stable(self):
        r = dl.Round.deal("standard", 2, seed=7)
        assert "0x" not in repr(r) and "0x" not in str(r)
        assert repr(r).startswith("<Round standard, 2 players, seat ")
        assert "Seat 0:" in str(r) and "Boneyard: 14 tiles (2 must stay)" in str(r)

    def test_str_agrees_in_number_and_counts_special_values(self):
        r = position("dutch", hands=["0-0", "6-1 1-0"], line="6-6", boneyard="5-5")
        text = str(r)
        assert "Seat 0: 0-0 (1 tile, 0 pips, counting 13)  <- to play" in text
        assert "Seat 1: 6-1 1-0 (2 tiles, 8 pips)" in text and "Boneyard: 1 tile (2 must stay)" in text

    def test_go_is_a_pass(self):
        r = position("basic", hands=["1-0", "2-2 6-5"], line="6-6", boneyard="")
        assert r.parse_move("go") is Pass() and r.parse_move(" GO ") is Pass()
        assert dl.moves.move_from_text("go") is Pass()

    def test_svg_pictures_are_well_formed(self):
        import xml.etree.ElementTree as ET

        r = dl.Round.deal("standard", 4, seed=3)
        play_random(r, 15, seed=1)
        for picture in (r._repr_svg_(), r.view(0)._repr_svg_(), r.line._repr_svg_(), r.hands[0]._repr_svg_()):
            assert ET.fromstring(picture).tag.endswith("svg")
        assert "0x" not in r._repr_svg_()


class TestWhatMutationTestingFound:
    """Behaviour the suite did not pin down until tools/mutation.py showed it."""

    def test_parse_move_puts_a_play_at_the_end_given(self):
        r = position(hands=["6-1 4-2", "2-2"], line="6-6 6-4")
        assert r.parse_move(Play("6-1", "left"), "left") == Play("6-1", "left")
        r2 = position(hands=["5-4", "2-2"], line="5-5 5-6 6-6 6-4")  # ends 5 and 4: 5-4 fits both
        assert r2.parse_move(Play("5-4", "left"), "right") == Play("5-4", "right")
        assert r2.parse_move("5-4", "right") == Play("5-4", "right")

    def test_parse_move_finds_the_one_end_a_tile_fits(self):
        r = position(hands=["6-1 4-2 3-3", "2-2"], line="6-6 6-4")  # ends 6 and 4
        assert r.parse_move("6-1") == Play("6-1", "left")
        assert r.parse_move("4-2") == Play("4-2", "right")
        with pytest.raises(IllegalMoveError) as info:
            r.parse_move("3-3")
        error = info.value
        assert error.code == "no-match" and error.facts["tile"] == dl.Tile(3, 3) and error.facts["end"] is None
        assert error.seat == 0 and error.move == Play("3-3", "left") and error.ends == (6, 4)

    def test_parse_move_on_the_lead_without_an_end(self):
        r = position(hands=["6-1 4-2", "2-2"], line="")
        assert r.parse_move("4-2") == Play("4-2", "left")

    @pytest.mark.parametrize(("given", "end"), [("6-x", None), (3.5, None), ("6-1", "middle")])
    def test_invalid_move_error_keeps_what_was_given(self, given, end):
        r = position(hands=["6-1", "2-2"], line="6-6")
        with pytest.raises(dl.InvalidMoveError) as info:
            r.parse_move(given, end)
        assert info.value.given == (end if end is not None else given)
        assert str(info.value)

    def test_nothing_is_legal_once_the_hand_is_over(self):
        r = position(hands=["6-1", "2-2"], line="6-6")
        r.play(Play("6-1", "left"))
        assert r.is_over
        assert not any(r.is_legal(m) for m in [Play("2-2", "left"), Draw(), Pass(), Play("6-1", "right")])

    def test_undo_says_why_it_cannot(self):
        with pytest.raises(ValueError, match=r"^there is no move to undo$"):
            dl.Round.deal("standard", 2, seed=1).undo()

    def test_from_position_keeps_its_seed_and_reads_tiles_as_text(self):
        shuffled = dl.Rules.preset("standard")
        r = dl.Round.from_position(shuffled, hands=["6-1 4-2", "2-2"], line=["6-6"], seed=5)
        assert r.seed == 5 and r.start.seed == 5 and r.hands[0] == dl.Hand([dl.Tile(6, 1), dl.Tile(4, 2)])
        with pytest.raises(ValueError, match="seed must be a whole number"):
            dl.Round.from_position(shuffled, hands=["6-1", "2-2"], seed="x")

    def test_from_position_boneyard_left_out_is_drawn_heaviest_first_from_a_row(self):
        r = position(hands=["1-0", "2-1"], line="6-6")  # row-end rules: drawn in the order listed
        used = {dl.Tile(1, 0), dl.Tile(2, 1), dl.Tile(6, 6)}
        assert r.boneyard == [t for t in dl.tile_set(6) if t not in used]

    @pytest.mark.parametrize(("kwargs", "message"), [
        (dict(hands="6-1"), "^hands must be a list with one list of tiles per seat$"),
        (dict(hands=[["6-1"], 7]), r"^hands\[1\] must be a list of tiles, got 7$"),
        (dict(hands=[["6-1"], ["6-x"]]), r"^hands\[1\]: "),
        (dict(hands=[["6-1"], ["2-2"]], boneyard=["6-1"]), r"^boneyard: 6-1 is already in hands\[0\]$"),
        (dict(hands=[["6-1"], ["2-2"]], line=["2-2"]), r"^line: 2-2 is already in hands\[1\]$"),
    ])
    def test_from_position_names_what_is_wrong(self, kwargs, message):
        with pytest.raises(ValueError, match=message):
            dl.Round.from_position("standard", **kwargs)

    def test_from_view_keeps_the_passes_in_a_row_and_the_lead_rule(self):
        r = position("classic", hands=["1-0", "2-2", "6-1 3-0"], line="6-6", boneyard="")
        r.play(Pass())
        r.play(Pass())
        view = r.view(2)
        sub = dl.Round.from_view(view, {0: r.hands[0], 1: r.hands[1]}, [])
        assert sub.start.passes == 2 and sub.leader == r.leader
        sub.play(Play("6-1", "left"))
        assert sub.start.passes == 2 and not sub.is_over
        lead = dl.Round.deal("basic", 2, seed=3)
        view = lead.view(lead.turn)
        other = {1 - lead.turn: lead.hands[1 - lead.turn]}
        again = dl.Round.from_view(view, other, lead.boneyard)
        assert again.start.lead_restricted and again.legal_moves() == lead.legal_moves()
        free = dl.Round.deal("standard", 2, seed=3)
        view = free.view(free.turn)
        again = dl.Round.from_view(view, {1 - free.turn: free.hands[1 - free.turn]}, free.boneyard)
        assert not again.start.lead_restricted

    def test_from_view_of_a_finished_hand_is_refused(self):
        r = position(hands=["6-1", "2-2"], line="6-6")
        r.play(Play("6-1", "left"))
        with pytest.raises(ValueError, match="the hand in this view is over"):
            dl.Round.from_view(r.view(0), {1: r.hands[1]}, r.boneyard)

    def test_str_word_for_word(self):
        r = position(hands=["6-1 4-2", "2-2"], line="6-6 6-4", boneyard="5-5 3-0 1-1")
        assert str(r) == ("Line: [6|6][6|4]   ends 6 | 4\n"
                          "Seat 0: 6-1 4-2 (2 tiles, 13 pips)  <- to play\n"
                          "Seat 1: 2-2 (1 tile, 4 pips)\n"
                          "Boneyard: 3 tiles (2 must stay)")
        empty = position(hands=["6-1", "2-2"], line="", boneyard="", rule_changes={"boneyard_floor": 0})
        assert str(empty).splitlines()[0] == "Line: (empty)" and str(empty).splitlines()[-1] == "Boneyard: 0 tiles"
        assert repr(empty) == "<Round standard, 2 players, seat 0 to play, line (empty), boneyard 0>"
        done = position(hands=["6-1", "2-2"], line="6-6")
        done.play(Play("6-1", "left"))
        assert "<- to play" not in str(done) and repr(done).startswith("<Round standard, 2 players, over,")
        assert str(done).endswith(done.result.explain())

    def test_explain_block_with_two_different_ends(self):
        # In a double-six set each number is on eight halves, so a blocked line shows one number
        # at both ends; in a double-nine set (eleven halves) the two ends differ.
        line = ("7-3 3-0 2-0 2-2 9-2 9-7 7-6 6-6 6-1 8-1 8-3 3-2 7-2 7-5 5-4 4-0 8-0 9-8 9-5 8-5 8-6 6-0 7-0 "
                "8-7 8-4 9-4 9-1 1-0 5-0 5-2 4-2 4-3 5-3 5-5 5-1 7-1 7-7 7-4 6-4 6-2 2-1 1-1 4-1 4-4")
        r = position(hands=["9-9 9-0 8-8 6-3 3-1 0-0", "9-6 8-2 3-3"], line=line, boneyard="",
                     rule_changes={"max_pip": 9})
        assert r.is_blocked and r.ends == (7, 4)
        assert r.explain_block().startswith("The ends show 7 and 4, and all 7s and all 4s are on the table, "
                                            "so no tile can ever be added.")

    @pytest.mark.parametrize(("change", "path", "message"), [
        (lambda s: dataclasses.replace(s, kind="magic"), "kind", "must be 'deal' or 'position', got 'magic'"),
        (lambda s: dataclasses.replace(s, hands=[*s.hands]), "hands", "must be a tuple of hands, got "),
        (lambda s: dataclasses.replace(s, line=["6-6"]), "line", "must be a tuple of tiles, got ['6-6']"),
        (lambda s: dataclasses.replace(s, boneyard=("6-6", *s.boneyard[1:])), "boneyard[0]",
         "expected a Tile, got '6-6'"),
        (lambda s: dataclasses.replace(s, set_aside=(dl.Tile(7, 7),)), "set_aside[0]",
         "7-7 is not in this set (double-6)"),
        (lambda s: dataclasses.replace(s, boneyard=s.boneyard[:2]), "",
         "tiles missing from the start (set aside the tiles out of play): "),
        (lambda s: dataclasses.replace(s, passes=3), "", "start.passes must be a whole number from 0 to 2, got 3"),
        (lambda s: dataclasses.replace(s, turn_draws=-1), "", "start.turn_draws must be a whole number >= 0"),
    ])
    def test_a_bad_start_names_the_field(self, change, path, message):
        start = position(hands=["6-1 4-2", "2-2"], line="6-6", boneyard="5-5 3-0 1-1").start
        with pytest.raises(ValueError) as info:
            dl.Round.from_start("standard", change(start))
        error = info.value
        if isinstance(error, StartError):
            assert error.path == path and error.message.startswith(message)
        else:
            assert str(error).startswith(message)

    def test_missing_tiles_are_listed_ten_at_most(self):
        start = position(hands=["6-1", "2-2"], line="6-6", boneyard="5-5 3-0").start
        few = dataclasses.replace(start, set_aside=start.set_aside[:-10])
        with pytest.raises(StartError, match=r"out of play\): ([0-9]-[0-9], ){9}[0-9]-[0-9]$"):
            dl.Round.from_start("standard", few)
        many = dataclasses.replace(start, set_aside=start.set_aside[:-11])
        with pytest.raises(StartError, match=r"out of play\): ([0-9]-[0-9], ){9}[0-9]-[0-9] …$"):
            dl.Round.from_start("standard", many)


def _error(r, move, seat=None):
    with pytest.raises(IllegalMoveError) as info:
        r.play(move, seat=seat)
    assert r.why_illegal(move, seat) is not None
    return info.value


class TestIllegalMoveErrorsCarryTheirFacts:
    """Each refusal says which move, which seat and which ends it was about."""

    def test_move_seat_and_ends_of_every_refusal(self):
        std = position(hands=["6-1 4-2", "5-5 0-0"], line="6-6 6-3", boneyard="3-3 2-1 1-1 0-1 5-1")
        for move, seat, code in [(Play("4-2", "left"), None, "no-match"), (Pass(), None, "pass-playable"),
                                 (Draw(), 1, "not-your-turn"), ("6-1", None, "not-a-move")]:
            error = _error(std, move, seat)
            assert (error.code, error.move, error.ends) == (code, move, (6, 3))
            assert error.seat == (1 if code == "not-your-turn" else 0)
        assert _error(std, Draw(), 1).facts == {"turn": 0}
        assert _error(std, Pass()).facts["playable"] == dl.Hand([dl.Tile(6, 1)])
        must = position(hands=["4-2", "5-5"], line="6-6", boneyard="3-3 1-1 0-1")
        error = _error(must, Pass())
        assert (error.move, error.ends, error.seat, error.facts) == (Pass(), (6, 6), 0, {"drawable": 1})
        floor = position(hands=["4-2", "6-5"], line="6-6", boneyard="3-3 2-1")
        error = _error(floor, Draw())
        assert (error.code, error.move, error.ends, error.seat) == ("boneyard-floor", Draw(), (6, 6), 0)

    def test_refusals_on_the_lead_have_no_ends(self):
        lead = position("basic", hands=["6-1 4-2", "5-5 0-0"], line="")
        error = _error(lead, Pass())
        assert (error.code, error.move, error.ends, error.seat) == ("pass-on-lead", Pass(), None, 0)
        restricted = dl.Round.deal("basic", 2, seed=1)
        wrong = next(t for t in restricted.hands[restricted.turn] if Play(t, "left") not in restricted.legal_moves())
        error = _error(restricted, Play(wrong, "left"))
        assert (error.move, error.ends, error.seat) == (Play(wrong, "left"), None, restricted.turn)
        assert error.facts["rule"] == "rule lead_tile='highest-double'"

    def test_a_finished_hand_refuses_with_its_last_ends(self):
        r = position(hands=["6-1", "2-2"], line="6-6")
        r.play(Play("6-1", "right"))
        error = _error(r, Draw(), 1)
        assert (error.code, error.move, error.ends, error.seat) == ("hand-over", Draw(), (6, 1), 1)

    def test_a_bad_seat_is_named(self):
        r = position(hands=["6-1", "2-2"], line="6-6")
        with pytest.raises(ValueError, match=r"^seat must be a whole number or None, got 'x'$"):
            r.play(Play("6-1", "left"), seat="x")


class TestHistoryAndViews:
    def test_public_history_hides_draws_and_keeps_the_ends_each_move_faced(self):
        for seed in range(30):
            r = dl.Round.deal("classic", 3, seed=seed)
            faced = []
            while not r.is_over:
                move = r.legal_moves()[seed % len(r.legal_moves())]
                faced.append(r.ends)
                r.play(move)
                public = r.view(r.turn).history  # asked after every move: built incrementally
                assert [e.ends for e in public] == faced
            referee = r.history
            fresh = dl.Round.from_start(r.rules, r.start)  # the same history, built in one go
            for move in r.moves:
                fresh.play(move)
            assert [(e.seat, e.action, e.end, e.ends) for e in referee] == \
                   [(e.seat, e.action, e.end, e.ends) for e in r.view(0).history] == \
                   [(e.seat, e.action, e.end, e.ends) for e in fresh.view(0).history]
            assert [e.tile for e in r.view(0).history if e.action == "draw"] == \
                   [None] * sum(e.action == "draw" for e in referee)

    def test_a_blank_end_is_not_the_lead(self):
        r = position(hands=["0-1 2-2", "5-5"], line="6-0")
        assert r.ends == (6, 0) and r.view(0).lead == () and r.view(0).leader is None
        r.play(Play("0-1", "right"))
        assert r.view(1).history[-1].ends == (6, 0) and r.ends == (6, 1)

    def test_a_position_with_an_empty_line_is_led_by_the_seat_to_move(self):
        r = position(hands=["6-1", "2-2", "3-3"], line="", turn=2)
        assert r.leader == 2 and r.view(2).leader == 2 and r.view(2).lead == (dl.Tile(3, 3),)
        assert position(hands=["6-1", "2-2"], line="6-6", turn=1).leader is None

    def test_undo_gives_back_draws_and_passes(self):
        r = position(hands=["1-0", "6-1"], line="6-6", boneyard="5-5 5-0 3-3")
        r.play(Draw())
        r.play(Pass())
        assert r.undo() is Pass() and r.undo() is Draw()

    def test_lead_restricted_position_under_top_double_without_the_top_double(self):
        rules = dataclasses.replace(dl.Rules(), first_leader="top-double", lead_tile="heaviest")
        start = dl.Round.from_position(rules, hands=[["6-1", "4-2"], ["6-6"]], line=[]).start
        again = dl.Round.from_start(rules, dataclasses.replace(start, lead_restricted=True))
        assert again.legal_moves() == [Play("6-1", "left")]  # lead_tile decides: the heaviest


class TestDealDetails:
    def test_two_players_by_default_and_a_seed_that_fits_63_bits(self):
        r = dl.Round.deal("standard")
        assert r.players == 2 and 0 <= r.seed < 2**63 and r.start.redeals == 0

    def test_redeals_are_counted_exactly(self):
        rules = dataclasses.replace(dl.Rules(), redeal_doubles=3, first_leader="first-seat")  # no tiles turned up
        ids = sorted(t.id for t in dl.tile_set(6))
        doubles = {t.id for t in dl.tile_set(6) if t.is_double}
        for seed in range(40):
            rng, order, thrown = random.Random(seed), ids[:], 0
            while True:
                rng.shuffle(order)
                if all(len(doubles & set(order[i * 7:(i + 1) * 7])) < 3 for i in range(2)):
                    break
                thrown += 1
            assert dl.Round.deal(rules, 2, seed=seed).start.redeals == thrown

    def test_the_top_double_hunt_goes_round_the_table(self):
        top = dataclasses.replace(dl.Rules(), first_leader="top-double", boneyard_floor=0)
        hunted = 0
        for seed in range(60):
            r = dl.Round.deal(top, 3, seed=seed)
            start = r.start
            if start.hunt_first is None:
                continue
            hunted += 1
            taken = start.boneyard.index(dl.Tile(6, 6)) + 1
            for seat in range(3):
                got = [start.boneyard[i] for i in range(taken) if (start.hunt_first + i) % 3 == seat]
                assert sorted(r.hands[seat]) == sorted((*start.hands[seat], *got))
        assert hunted > 20

    @pytest.mark.parametrize(("rule", "change", "message"), [
        ("lots", lambda t: (*t, t[0]), "^lots are drawn once$"),
        ("turn-up-highest", lambda t: (*t, t[-1]), r"^turned_up\[\d+\]: (the lead was already decided|expected seats)"),
        ("turn-up-highest", lambda t: (), "^no tiles were turned up for the lead$"),
    ])
    def test_tiles_turned_up_must_name_the_leader_once(self, rule, change, message):
        rules = dataclasses.replace(dl.Rules(), first_leader=rule)
        start = dl.Round.deal(rules, 3, seed=2).start
        with pytest.raises(ValueError, match=message):
            dl.Round.from_start(rules, dataclasses.replace(start, turned_up=change(start.turned_up)))

    def test_turned_up_decided_early_names_the_extra_round(self):
        rules = dataclasses.replace(dl.Rules(), first_leader="turn-up-highest")
        start = next(s for s in (dl.Round.deal(rules, 2, seed=k).start for k in range(50)) if len(s.turned_up) == 1)
        extra = ((0, dl.Tile(0, 0)), (1, dl.Tile(0, 1)))
        with pytest.raises(ValueError, match=r"^turned_up\[1\]: the lead was already decided$"):
            dl.Round.from_start(rules, dataclasses.replace(start, turned_up=(*start.turned_up, extra)))
