"""R12-R16 with dl.score(): the one scoring implementation, checked number by number."""

import dataclasses

import pytest

import dominolab as dl


def rules(preset="standard", **changes):
    return dataclasses.replace(dl.Rules.preset(preset), **changes)


def test_others_minus_own_blocked():
    result = dl.score(rules(), pips=[10, 14, 16])
    assert result.reason == "blocked"
    assert result.winner == 0 and result.team is None
    assert result.points == (20, 0, 0)
    text = result.explain()
    assert "Score (others' pips minus own): 14 + 16 - 10 = 20." in text
    assert "Fewest pips: seat 0 with 10, so the hand goes to seat 0." in text


def test_family_sum_of_differences_worked_example():
    result = dl.score(dl.Rules.preset("family"), pips=[10, 14, 15])
    assert result.points == (9, 0, 0)
    assert "(14 - 10) + (15 - 10) = 4 + 5 = 9" in result.explain()


@pytest.mark.parametrize(
    ("scoring", "expected"),
    [("others-minus-own", 20), ("differences", 10), ("all-pips", 40), ("others", 30), ("one-point", 1)],
)
def test_each_scoring_rule_blocked(scoring, expected):
    result = dl.score(rules(scoring=scoring), pips=[10, 14, 16])
    assert result.points == (expected, 0, 0)


@pytest.mark.parametrize(
    ("scoring", "expected"),
    [("others-minus-own", 30), ("differences", 30), ("all-pips", 30), ("others", 30), ("one-point", 1)],
)
def test_each_scoring_rule_after_a_domino(scoring, expected):
    result = dl.score(rules(scoring=scoring), pips=[14, 0, 16], went_out=1)
    assert result.reason == "domino" and result.winner == 1
    assert result.points == (0, expected, 0)
    assert "seat 1 played the last tile" in result.explain().lower()


def test_went_out_must_hold_no_pips():
    with pytest.raises(ValueError, match="seat 1 went out, so it holds no pips"):
        dl.score(rules(), pips=[14, 3], went_out=1)


@pytest.mark.parametrize(
    "bad",
    [dict(pips=[10]), dict(pips=[10, -1]), dict(pips=["a", 3]), dict(pips=[10, 4], went_out=2),
     dict(pips=[10, 4], blocker=True), dict(pips=None), dict(pips=[10, 4], draws=[1])],
)
def test_bad_arguments(bad):
    with pytest.raises(ValueError):
        dl.score(rules(), **bad)


def test_score_needs_rules():
    with pytest.raises(ValueError, match="Rules object"):
        dl.score("standard", pips=[1, 2])


class TestTies:
    def test_nobody(self):
        result = dl.score(rules(), pips=[10, 10, 16])
        assert result.winner is None and result.points == (0, 0, 0)
        assert "Nobody wins this hand" in result.explain()

    def test_fewest_tiles(self):
        result = dl.score(rules(blocked_tie="fewest-tiles"), pips=[10, 10, 16], tile_counts=[3, 2, 4])
        assert result.winner == 1 and result.points == (0, 16, 0)

    def test_fewest_tiles_still_tied(self):
        result = dl.score(rules(blocked_tie="fewest-tiles"), pips=[10, 10], tile_counts=[2, 2])
        assert result.winner is None

    def test_lowest_heaviest_end_from_hands(self):
        hands = [["6-1", "2-1"], ["5-2", "3-0"], ["6-6"]]  # 10, 10, 12 pips
        result = dl.score(rules(blocked_tie="lowest-heaviest-end"), hands=hands)
        assert result.pips == (10, 10, 12)
        assert result.winner == 1 and result.points == (0, 12, 0)

    def test_blocker_among_the_tied(self):
        result = dl.score(rules(blocked_tie="blocker"), pips=[10, 10, 16], blocker=1)
        assert result.winner == 1

    def test_blocker_not_among_the_tied(self):
        result = dl.score(rules(blocked_tie="blocker"), pips=[10, 10, 16], blocker=2)
        assert result.winner is None

    def test_ignore_tied(self):
        result = dl.score(rules(blocked_tie="ignore-tied"), pips=[10, 10, 16, 20])
        assert result.winner == 2
        assert result.points == (0, 0, 24, 0)  # 10 + 10 + 20 - 16

    def test_ignore_tied_clamps_at_zero(self):
        result = dl.score(rules(blocked_tie="ignore-tied"), pips=[3, 3, 10])
        assert result.winner == 2 and result.points == (0, 0, 0)
        assert "which counts as 0" in result.explain()

    def test_missing_information_is_a_clear_error(self):
        with pytest.raises(ValueError, match="needs tile_counts"):
            dl.score(rules(blocked_tie="fewest-tiles"), pips=[10, 10])


def test_special_values_from_hands():
    result = dl.score(dl.Rules.preset("dutch"), hands=[["0-0"], ["2-1", "1-0"]])
    assert result.pips == (13, 4)
    assert result.winner == 1 and result.points == (0, 9)
    assert "0-0 counts 13" in result.explain()


def test_hands_and_pips_must_agree():
    with pytest.raises(ValueError, match="do not match"):
        dl.score(rules(), pips=[1, 2], hands=[["6-6"], ["1-0"]])


class TestPartnerships:
    """R15: the two team rules of "Draw Dominoes" (variation 36) and the "partners add their
    scores" reading of "Dominoes: Rules of Draw Dominoes"."""

    def test_partnership_domino_scores_the_losing_teams_pips(self):
        result = dl.score(dl.Rules.preset("partnership"), pips=[0, 12, 5, 20], went_out=0)
        assert result.team == 0 and result.winner == 0
        assert result.points == (32, 0)  # the losing team's 12 + 20; the partner's 5 does not count
        assert result.side_pips == (5, 32)
        assert "Score (the losing team's pips): 32." in result.explain()

    def test_partnership_blocked_team_with_fewer_pips_scores_the_losers_pips(self):
        result = dl.score(dl.Rules.preset("partnership"), pips=[10, 4, 8, 5])
        assert result.team == 1 and result.winner is None
        assert result.points == (0, 18)
        assert "fewest pips: team 1 (seat 1 and seat 3) with 9" in result.explain().lower()

    def test_partnership_equal_teams_score_nothing(self):
        result = dl.score(dl.Rules.preset("partnership"), pips=[10, 4, 0 + 5, 11])
        assert result.team is None and result.points == (0, 0)

    def test_went_out_vs_fewest_pips(self):
        pips = [0, 5, 30, 6]  # seat 0 went out but partner holds 30
        went_out = rules(partnerships=True, team_winner="went-out", scoring="others")
        result = dl.score(went_out, pips=pips, went_out=0)
        assert result.team == 0 and result.points == (11, 0)
        fewest = rules(partnerships=True, team_winner="fewest-pips")
        result = dl.score(fewest, pips=pips, went_out=0)
        assert result.team == 1 and result.winner is None and result.points == (0, 30 - 11)
        assert "the team with fewer pips wins, even against a domino" in result.explain()

    def test_player_scoring_counts_the_opponents_only(self):
        # "Dominoes: Rules of Draw Dominoes": the winner scores the opponents' pips minus
        # their own, and partners add their scores: seat 3's 4 pips are the partner's.
        basic = rules("basic", partnerships=True)
        result = dl.score(basic, pips=[6, 0, 9, 4], went_out=1)
        assert result.winner == 1 and result.team == 1
        assert result.points == (0, 6 + 9)
        text = result.explain()
        assert "Score (others' pips minus own, the opponents' hands only): 6 + 9 - 0 = 15." in text
        assert "Partners add their scores: team 1 (seat 1 and seat 3) gets 15" in text

    @pytest.mark.parametrize(("scoring", "expected"), [
        ("others-minus-own", 21 - 3), ("differences", (10 - 3) + (11 - 3)), ("others", 21),
        ("all-pips", 3 + 10 + 5 + 11), ("one-point", 1)])
    def test_player_scoring_blocked_hand(self, scoring, expected):
        result = dl.score(rules("basic", partnerships=True, scoring=scoring), pips=[3, 10, 5, 11])
        assert result.winner == 0 and result.team == 0 and result.points == (expected, 0)

    def test_team_difference_with_standard_rules(self):
        result = dl.score(rules(partnerships=True), pips=[3, 10, 4, 12])
        assert result.team == 0 and result.points == (22 - 7, 0)

    def test_a_domino_is_not_worthless_in_the_standard_team_game(self):
        """Issue 9, finding 1: seat 0 dominoes while their partner holds 41 pips."""
        teams = rules(partnerships=True, draw_from="row-end")
        hands = [["4-1"], ["1-1", "2-2", "3-3"], ["6-6", "5-5", "6-5", "4-4"], ["2-1", "3-1"]]
        r = dl.Round.from_position(teams, hands=hands, line=["6-4"], boneyard=["0-0", "0-1"])
        r.play(dl.Play("4-1", "right"))
        # The team with fewer pips wins and scores the difference ("Draw Dominoes", variation 36).
        assert r.result.points == (0, 41 - 19) and r.result.team == 1
        went_out = dl.Round.from_position(
            dataclasses.replace(teams, team_winner="went-out", scoring="others"),
            hands=hands, line=["6-4"], boneyard=["0-0", "0-1"])
        went_out.play(dl.Play("4-1", "right"))
        assert went_out.result.points == (19, 0) and went_out.result.team == 0

    @pytest.mark.parametrize("scoring", ["others-minus-own", "differences"])
    def test_went_out_with_own_pips_subtracted_is_refused(self, scoring):
        with pytest.raises(ValueError, match=r"team_winner='went-out' with scoring=.*use scoring='others'"
                                             r".*or team_winner='fewest-pips'"):
            rules(partnerships=True, team_winner="went-out", scoring=scoring)
        # Without partnerships the team setting is not used, so nothing is refused.
        assert rules(team_winner="went-out", scoring=scoring).scoring == scoring

    @pytest.mark.parametrize("name", dl.Rules.presets())
    def test_every_preset_can_play_in_teams_when_it_allows_four(self, name):
        preset = dl.Rules.preset(name)
        if 4 in dict(preset.hand_sizes):
            teams = dataclasses.replace(preset, partnerships=True)
            assert teams.player_counts == (4,)
            assert "Partnerships (R15): not used" not in teams.describe()


def test_draw_cost_is_charged_to_the_drawer():
    result = dl.score(rules(draw_cost=1), pips=[0, 9], went_out=0, draws=[3, 1])
    assert result.points == (9 - 3, -1)
    assert result.draw_costs == (3, 1)
    assert "seat 0 drew 3 tiles at 1 point each: -3" in result.explain().lower()


def test_explain_with_names():
    text = dl.score(rules(), pips=[10, 14]).explain(names=["You", "West"])
    assert text.splitlines()[2] == "Fewest pips: You with 10, so the hand goes to You."
    assert text.splitlines()[4] == "Points: You 4; everyone else 0."


def test_result_reprs_are_stable():
    result = dl.score(rules(), pips=[10, 14])
    assert "0x" not in repr(result)
    assert result.to_dict() == {"reason": "blocked", "winner": 0, "team": None, "pips": [10, 14], "points": [4, 0]}


class TestHostileInput:
    """Every argument of score() is checked; a bad one is named in a ValueError."""

    @pytest.mark.parametrize(("kwargs", "match"), [
        (dict(pips=[float("inf"), 1]), r"pips\[0\] must be a whole number >= 0, got inf"),
        (dict(pips=[float("nan"), 1]), r"pips\[0\] must be a whole number"),
        (dict(pips=[1.0, 2]), r"pips\[0\] must be a whole number"),
        (dict(pips=[True, 2]), r"pips\[0\] must be a whole number"),
        (dict(pips=[10, -1]), r"pips\[1\] must be a whole number >= 0, got -1"),
        (dict(pips="10 4"), "pips must be a list"),
        (dict(pips=iter([1, 2])), "pips must be a list"),
        (dict(pips=[1, 2, 3, 4, 5]), r"pips gives 5 seats, but these rules \(standard\) are for 2, 3 or 4"),
        (dict(pips=[10, 4], draws=[-3, 0]), r"draws\[0\] must be a whole number >= 0, got -3"),
        (dict(pips=[10, 4], draws=[1]), r"draws must give one number per seat \(2\)"),
        (dict(pips=[10, 4], draws=[0.5, 0]), r"draws\[0\] must be a whole number"),
        (dict(pips=[10, 4], draws="12"), "draws must be a list"),
        (dict(pips=[10, 4], tile_counts=[2, -1]), r"tile_counts\[1\] must be a whole number"),
        (dict(pips=[10, 4], tile_counts=[2, 0]), "seat 1 holds no tiles, so it went out: pass went_out=1"),
        (dict(pips=[0, 4], went_out=0, tile_counts=[1, 2]), r"seat 0 went out, so it holds no tiles, but "
                                                             r"tile_counts\[0\] has 1"),
        (dict(pips=[10, 4], heaviest_ends=[7, 3]), r"heaviest_ends\[0\] must be a whole number from -1 to 6"),
        (dict(pips=[10, 4], tile_counts=[1, 1], heaviest_ends=[-1, 3]), r"heaviest_ends\[0\] must be -1 exactly"),
        (dict(pips=[10, 4], went_out=1.0), "went_out must be a seat from 0 to 1 or None, got 1.0"),
        (dict(pips=[10, 4], blocker=2), "blocker must be a seat from 0 to 1 or None, got 2"),
        (dict(pips=[10, 4], ending="exploded"), "ending must be None or one of 'domino'"),
        (dict(pips=[10, 4], ending="domino"), "ending='domino' needs went_out to be the seat that dominoed"),
        (dict(pips=[0, 4], went_out=0, ending="blocked"), "ending='blocked' needs went_out to be None, got 0"),
        (dict(hands=[["6-6"], ["6-6"]]), r"hands\[1\]\[0\]: 6-6 is already in hands\[0\]"),
        (dict(hands=[["7-7"], ["1-0"]]), r"hands\[0\]\[0\]: 7-7 is not in this set"),
        (dict(hands=[["x"], ["1-0"]]), r"hands\[0\]\[0\]: "),
        (dict(hands=[["6-6"], [3]]), r"hands\[1\]\[0\]: "),
        (dict(hands="6-6 1-0"), "hands must be a list"),
        (dict(hands=[["6-6"], 5]), r"hands\[1\] must be a list of tiles"),
        (dict(hands=[["0-0"], ["1-0"]], went_out=0), r"seat 0 went out, so it holds no tiles, but hands\[0\] has 1"),
        (dict(hands=[["1-1"], ["1-0"]], tile_counts=[1, 1]), "give hands, or tile_counts and heaviest_ends"),
        (dict(hands=[["1-1"], ["1-0"]], pips=[2, 2]), r"pips \[2, 2\] do not match the hands given"),
    ])
    def test_bad_argument_is_named(self, kwargs, match):
        with pytest.raises(ValueError, match=match):
            dl.score(rules(), **kwargs)

    def test_partnership_rules_need_four_seats(self):
        with pytest.raises(ValueError, match=r"pips gives 2 seats, .* are for 4 players \(two partnerships\)"):
            dl.score(rules(partnerships=True), pips=[3, 4])

    def test_good_input_of_other_sequence_types_is_accepted(self):
        result = dl.score(rules(), pips=(10, 14), tile_counts=(2, 3), heaviest_ends=(5, 6), draws=(0, 1))
        assert result.points == (4, 0)


class TestHowTheHandEnded:
    """The explanation tells a domino, a blocked layout, a stuck hand and a round of passes apart."""

    def test_unknown_ending_makes_no_claim_about_the_layout(self):
        first = dl.score(rules(), pips=[10, 14]).explain().splitlines()[0]
        assert first == "Nobody went out, so the hand is scored on the pips left (a blocked game)."

    @pytest.mark.parametrize(("preset", "ending", "first"), [
        ("arabic", "blocked", "The layout is blocked: no tile can be added at either end, and under these "
                              "rules that ends the hand at once, without drawing."),
        ("standard", "blocked", "The layout is blocked (no tile can be added at either end) and nothing more "
                                "may be drawn, so the hand is over."),
        ("block", "blocked", "The layout is blocked (no tile can be added at either end) and there is no "
                             "drawing, so the hand is over."),
        ("standard", "stuck", "Nobody can play and nothing more may be drawn, so the hand is over."),
        ("block", "stuck", "Nobody can play and there is no drawing, so the hand is over."),
        ("classic", "passes", "Every player passed in turn (nobody could play or draw), so the hand is over."),
    ])
    def test_each_ending_in_words(self, preset, ending, first):
        result = dl.score(dl.Rules.preset(preset), pips=[10, 14], ending=ending)
        assert result.ending == ending and result.reason == "blocked"
        assert result.explain().splitlines()[0] == first

    def test_a_domino_is_its_own_ending(self):
        assert dl.score(rules(), pips=[0, 14], went_out=0).ending == "domino"
        assert dl.score(rules(), pips=[0, 14], went_out=0, ending="domino").ending == "domino"


class TestTieWords:
    """The tie-break steps a learner reads, word for word (mutation testing found them unchecked)."""

    @pytest.mark.parametrize(("changes", "kwargs", "lines"), [
        ({}, dict(pips=[10, 10, 10]), ["Seat 0, seat 1 and seat 2 tie on 10 pips.", "Tie rule: on a tie nobody wins.",
                                       "Nobody wins this hand, so nobody scores."]),
        ({"blocked_tie": "fewest-tiles"}, dict(pips=[10, 10, 16], tile_counts=[3, 2, 4]),
         ["Seat 0 and seat 1 tie on 10 pips.", "Tie rule (fewest tiles): seat 0 3, seat 1 2; the hand goes to seat 1."]),
        ({"blocked_tie": "fewest-tiles"}, dict(pips=[10, 10], tile_counts=[2, 2]),
         ["Tie rule (fewest tiles): seat 0 2, seat 1 2; still tied, so nobody wins."]),
        ({"blocked_tie": "lowest-heaviest-end"}, dict(hands=[["6-1", "2-1"], ["5-2", "3-0"], ["6-6"]]),
         ["Tie rule (lowest highest half): seat 0 6, seat 1 5; the hand goes to seat 1."]),
        ({"blocked_tie": "blocker"}, dict(pips=[10, 10, 16], blocker=1),
         ["Tie rule: the player who blocked the game wins, so the hand goes to seat 1."]),
        ({"blocked_tie": "blocker"}, dict(pips=[10, 10, 16], blocker=2),
         ["Tie rule: the player who blocked the game is not among the tied, so nobody wins."]),
        ({"blocked_tie": "ignore-tied"}, dict(pips=[10, 10, 16, 20]),
         ["Tie rule (set the tied aside): among the rest, fewest pips: seat 2 with 16, so the hand goes to seat 2."]),
        ({"blocked_tie": "ignore-tied"}, dict(pips=[10, 10]),
         ["Tie rule (set the tied aside): nobody else is left, so nobody wins."]),
        ({"blocked_tie": "ignore-tied"}, dict(pips=[10, 10, 16, 16]),
         ["Tie rule (set the tied aside): the rest are tied too, so nobody wins."]),
        ({"partnerships": True}, dict(pips=[5, 4, 4, 5]),
         ["Team 0 (seat 0 and seat 2) and team 1 (seat 1 and seat 3) tie on 9 pips."]),
        ({"partnerships": True, "blocked_tie": "blocker"}, dict(pips=[5, 4, 4, 5], blocker=3),
         ["Tie rule: the team of the player who blocked the game wins, so the hand goes to team 1 "
          "(seat 1 and seat 3)."]),
        ({"partnerships": True, "blocked_tie": "lowest-heaviest-end"},
         dict(pips=[5, 4, 4, 5], tile_counts=[1, 1, 1, 1], heaviest_ends=[5, 4, 3, 5]),
         ["Tie rule (lowest highest half): team 0 (seat 0 and seat 2) 5, team 1 (seat 1 and seat 3) 5; still tied, "
          "so nobody wins."]),
        ({"partnerships": True, "blocked_tie": "fewest-tiles"}, dict(pips=[5, 4, 4, 5], tile_counts=[1, 2, 2, 2]),
         ["Tie rule (fewest tiles): team 0 (seat 0 and seat 2) 3, team 1 (seat 1 and seat 3) 4; the hand goes to "
          "team 0 (seat 0 and seat 2)."]),
    ])
    def test_tie_steps(self, changes, kwargs, lines):
        text = dl.score(rules(**changes), **kwargs).explain().splitlines()
        for line in lines:
            assert line in text

    @pytest.mark.parametrize(("tie", "needs"), [("fewest-tiles", "tile_counts"),
                                                ("lowest-heaviest-end", "heaviest_ends"), ("blocker", "blocker")])
    def test_a_tie_rule_names_what_it_needs(self, tie, needs):
        with pytest.raises(ValueError, match=f"^blocked_tie='{tie}' needs {needs} to break the tie$"):
            dl.score(rules(blocked_tie=tie), pips=[10, 10])
        assert dl.score(rules(blocked_tie=tie), pips=[10, 12]).winner == 0  # no tie: nothing needed


class TestExplanationWordForWord:
    """explain() is what a learner reads after every hand: whole explanations, checked line by line."""

    def test_team_hand_with_special_values_and_draw_costs(self):
        teams = rules("dutch", partnerships=True, draw_cost=1)
        result = dl.score(teams, hands=[[], ["0-0"], ["6-6", "5-5"], ["1-0"]], went_out=0, draws=[1, 0, 2, 0],
                          ending="domino")
        assert result.hands == ((), (dl.Tile(0, 0),), (dl.Tile(6, 6), dl.Tile(5, 5)), (dl.Tile(1, 0),))
        assert result.explain().splitlines() == [
            "Seat 0 played the last tile of the hand (domino).",
            "Pips left: seat 0 0, seat 1 13, seat 2 22, seat 3 1.",
            "(Special values: 0-0 counts 13.)",
            "Team totals: team 0 (seat 0 and seat 2) 0 + 22 = 22; team 1 (seat 1 and seat 3) 13 + 1 = 14.",
            "Team rule: the team with fewer pips wins, even against a domino.",
            "Fewest pips: team 1 (seat 1 and seat 3) with 14, so the hand goes to team 1 (seat 1 and seat 3).",
            "Score (the difference between the team totals): 22 - 14 = 8.",
            "Points: team 1 (seat 1 and seat 3) 8; the other team 0.",
            "Seat 0 drew 1 tile at 1 point each: -1.",
            "Seat 2 drew 2 tiles at 1 point each: -2.",
            "Net: team 0 (seat 0 and seat 2) -3, team 1 (seat 1 and seat 3) 8.",
        ]
        assert result.points == (-3, 8) and result.draw_costs == (3, 0)

    @pytest.mark.parametrize(("scoring", "pips", "line"), [
        ("others-minus-own", [10, 10], "Score (others' pips minus own): 10 - 10 = 0."),
        ("others-minus-own", [3, 3, 2], "Score (others' pips minus own): 3 + 3 - 2 = 4."),
        ("differences", [10, 14], "Score (sum of the differences): (14 - 10) = 4."),
        ("differences", [4, 4, 4, 1], "Score (sum of the differences): (4 - 1) + (4 - 1) + (4 - 1) = 3 + 3 + 3 = 9."),
        ("all-pips", [10, 14, 15], "Score (all pips left, own included): 10 + 14 + 15 = 39."),
        ("others", [10, 14, 15], "Score (others' pips): 14 + 15 = 29."),
        ("others", [10, 14], "Score (others' pips): 14."),
        ("one-point", [10, 14], "Score (one point a win): 1."),
    ])
    def test_score_lines(self, scoring, pips, line):
        tie = "fewest-tiles" if pips == [10, 10] else "nobody"
        kwargs = dict(tile_counts=[1, 2]) if tie == "fewest-tiles" else {}
        result = dl.score(rules(scoring=scoring, blocked_tie=tie), pips=pips, **kwargs)
        assert line in result.explain().splitlines()

    def test_a_tie_won_on_a_tie_break_may_score_zero_but_never_less(self):
        for scoring in ("others-minus-own", "differences"):
            result = dl.score(rules(scoring=scoring, blocked_tie="fewest-tiles"), pips=[10, 10], tile_counts=[1, 2])
            assert result.winner == 0 and result.points == (0, 0)
            assert "which counts as 0" not in result.explain()
        clamped = dl.score(rules(scoring="differences", blocked_tie="ignore-tied"), pips=[3, 3, 10])
        assert clamped.points == (0, 0, 0) and "= -14, which counts as 0." in clamped.explain()

    def test_no_draw_steps_when_drawing_is_free(self):
        result = dl.score(rules(), pips=[0, 9], went_out=0, draws=[3, 1])
        assert result.points == (9, 0) and result.draw_costs == (0, 0)
        assert "drew" not in result.explain() and "Net" not in result.explain()

    def test_partners_scoring_alone_with_nobody_winning(self):
        result = dl.score(rules("basic", partnerships=True), pips=[3, 3, 10, 12])
        assert result.winner is None and result.team is None and result.points == (0, 0)
        assert result.explain().splitlines()[-1] == "Nobody wins this hand, so nobody scores."

    def test_hands_with_matching_pips_including_a_seat_that_went_out(self):
        result = dl.score(rules(), hands=[[], ["1-0"]], pips=[0, 1], went_out=0)
        assert result.points == (1, 0)

    @pytest.mark.parametrize(("kwargs", "message"), [
        (dict(pips="10 4"), "^pips must be a list with one whole number per seat, got '10 4'$"),
        (dict(pips=[10, 4], draws=[1]), r"^draws must give one number per seat \(2\), got 1: \[1\]$"),
        (dict(pips=[10, 4], draws=(1,)), r"^draws must give one number per seat \(2\), got 1: \(1,\)$"),
        (dict(hands=5), "^hands must be a list with one list of tiles per seat, got 5$"),
        (dict(hands=[[], 5]), r"^hands\[1\] must be a list of tiles, got 5$"),
        (dict(pips=[1, 2, 3, 4, 5]), r"^pips gives 5 seats, but these rules \(standard\) are for 2, 3 or 4 players$"),
        (dict(pips=[1, 2], ending="x"), "^ending must be None or one of 'domino', 'blocked', 'stuck', 'passes', "
                                        "got 'x'$"),
        (dict(), r"^score\(\) needs the pips left in each hand \(or the hands\)$"),
    ])
    def test_messages_quote_what_was_given(self, kwargs, message):
        with pytest.raises(ValueError, match=message):
            dl.score(rules(), **kwargs)

    def test_score_needs_rules_and_says_what_it_got(self):
        with pytest.raises(ValueError, match=r"^score\(\) needs a Rules object first, got str$"):
            dl.score("standard", pips=[1, 2])


# Going out against a hand that holds only the 0-0 (source 000: a tie for the lowest total) ----------
def _out_against_double_blank(preset: str = "standard", **changes):
    from .positions import position, rest_of_set

    line = "6-6 6-5 5-5 5-4 4-4"
    hands = ("4-3", "0-0")
    r = position(preset, hands=hands, line=line, boneyard=rest_of_set(line, *hands), rule_changes=changes)
    r.play(r.parse_move("4-3 right"))
    return r


def test_going_out_against_only_the_double_blank_is_a_tie_in_the_main_rules():
    r = _out_against_double_blank()
    res = r.result
    assert (res.reason, res.went_out, res.winner, res.team, res.points) == ("domino", 0, None, None, (0, 0))
    text = res.explain(["you", "West"]).splitlines()
    assert text[0] == "You played the last tile of the hand (domino)."
    assert text[2].startswith("Lowest total: you 0, West 0 (tiles that count nothing, such as the 0-0), a tie; ")
    assert text[-1] == "Nobody wins this hand, so nobody scores."


@pytest.mark.parametrize(("preset", "changes"), [
    ("family", {}),                               # sum of differences: source 003, first out wins
    ("classic", {}),                              # the others' pips: 0, won by the player who went out
    ("standard", {"scoring": "one-point"}),       # source 000's early accounts: going out wins a point
    ("dutch", {}),                                # the 0-0 counts 13
])
def test_going_out_against_the_double_blank_wins_where_the_rule_says_so(preset, changes):
    res = _out_against_double_blank(preset, **changes).result
    assert res.winner == 0 and res.went_out == 0
    assert "a tie" not in res.explain()


def test_the_double_blank_tie_in_score_counts_every_opponent_left_at_zero():
    standard = dl.Rules.preset("standard")
    res = dl.score(standard, hands=[[], ["0-0"], ["1-0"]], went_out=0)
    assert res.winner is None and res.points == (0, 0, 0)
    assert "Lowest total: seat 0 0, seat 1 0 " in res.explain()
    assert dl.score(standard, hands=[[], ["1-0"], ["2-0"]], went_out=0).winner == 0
    # partners scoring alone: only an opponent's 0-0 ties; a partner's does not
    alone = dataclasses.replace(dl.Rules.preset("basic"), partnerships=True)
    assert dl.score(alone, hands=[[], ["1-0"], ["0-0"], ["2-0"]], went_out=0).winner == 0
    assert dl.score(alone, hands=[[], ["0-0"], ["1-0"], ["2-0"]], went_out=0).winner is None


def test_explain_refuses_names_that_do_not_give_one_per_seat() -> None:
    r = dl.Round.deal("standard", 3, seed=1)
    while not r.is_over:
        r.play(r.legal_moves()[0])
    assert r.result is not None
    assert "Ana" in r.result.explain(names=["Ana", "Bo", "Cy"])
    for bad in (["Ana", "Bo"], "Ana", 3):
        with pytest.raises(ValueError, match="one name per seat"):
            r.result.explain(names=bad)  # type: ignore[arg-type]
