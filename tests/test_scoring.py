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
    def test_partnership_domino_scores_all_other_hands(self):
        result = dl.score(dl.Rules.preset("partnership"), pips=[0, 12, 5, 20], went_out=0)
        assert result.team == 0 and result.winner == 0
        assert result.points == (37, 0)
        assert result.side_pips == (5, 32)

    def test_partnership_blocked_team_with_fewer_pips_scores_both(self):
        result = dl.score(dl.Rules.preset("partnership"), pips=[10, 4, 8, 5])
        assert result.team == 1 and result.winner is None
        assert result.points == (0, 27)
        assert "fewest pips: team 1 (seat 1 and seat 3) with 9" in result.explain().lower()

    def test_partnership_equal_teams_score_nothing(self):
        result = dl.score(dl.Rules.preset("partnership"), pips=[10, 4, 0 + 5, 11])
        assert result.team is None and result.points == (0, 0)

    def test_went_out_vs_fewest_pips(self):
        pips = [0, 5, 30, 6]  # seat 0 went out but partner holds 30
        went_out = rules(partnerships=True)
        assert dl.score(went_out, pips=pips, went_out=0).team == 0
        fewest = rules(partnerships=True, team_winner="fewest-pips")
        result = dl.score(fewest, pips=pips, went_out=0)
        assert result.team == 1 and result.points == (0, 30 - 11)

    def test_player_scoring_credits_the_team(self):
        result = dl.score(dl.Rules.preset("basic").__class__(
            **{**dl.Rules.preset("basic").to_dict(), "partnerships": True}), pips=[6, 0, 9, 4], went_out=1)
        assert result.winner == 1 and result.team == 1
        assert result.points == (0, 19)  # 6 + 9 + 4 - 0, credited to team 1
        assert "Partners add their scores" in result.explain()

    def test_team_difference_with_standard_rules(self):
        result = dl.score(rules(partnerships=True), pips=[3, 10, 4, 12])
        assert result.team == 0 and result.points == (22 - 7, 0)


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
