"""Hints tell the truth: every figure comes from the search that chose the move, every fact
is true of the position, and every fact tells the move apart from the next best one.

Checked over hundreds of positions from random play under several presets, 2 to 4
players, for every kind of hint and every kind of fact, against facts worked out here from
the view (not from the code under test)."""

import math
import re

import pytest

import dominolab as dl
from dominolab import Draw, Pass, Play, plain
from dominolab.inference import known_voids
from dominolab.players import CLOSE_POINTS, _honest, advise, hint

from .positions import position, rest_of_set, to_move

CONFIGS = [("standard", 2), ("standard", 4), ("partnership", 4), ("block", 2), ("dutch", 2), ("basic", 3),
           ("family", 4)]


def numbers_of(tile):
    return {tile.high, tile.low}


def held(hand, number):
    return sum(1 for t in hand if number in numbers_of(t))


def ends_after(view, move):
    if view.ends is None:
        return (move.tile.high, move.tile.low)
    left, right = view.ends
    return (move.tile.other(left), right) if move.end == "left" else (left, move.tile.other(right))


def blocks(r, move):
    c = r.copy()
    c.play(move)
    return c.is_blocked


def points_text(value):
    text = f"{value:+.1f}"
    return "0.0" if text in ("+0.0", "-0.0") else text


def check_plain(advice):
    """The first sentence is plain (at most 25 words, no figures' words, no digits but the
    tiles' and the ends'), and as sure as the figures: "clearly" and "a little better"
    only when the two moves' 95% intervals are wholly apart."""
    text = advice.reason
    assert not plain.check(text), (text, plain.check(text))
    assert not re.search(r"\d+(\.\d+)|%", text), text
    chosen, runner = advice.chosen, advice.runner_up
    if advice.kind in ("pass", "must-draw", "only-move"):
        assert advice.sure == ""
        return
    if runner is None:
        assert advice.sure == "" and " than " not in text
        return
    gap = chosen.points - runner.points
    apart = gap > _honest(chosen) + _honest(runner)  # the intervals are wholly apart
    assert advice.sure in plain.SURE
    if advice.kind == "close":
        assert advice.sure in ("same", "unsure")
        assert ("about the same: either is fine" in text) == (advice.sure == "same") == (abs(gap) < CLOSE_POINTS)
        assert ("hard to tell apart" in text) == (advice.sure == "unsure")
        return
    assert f"It is {plain.SURE[advice.sure]} than " in text
    if advice.sure == "clear":
        assert apart and gap >= plain.CLEAR_POINTS
    elif advice.sure == "little":
        assert apart and CLOSE_POINTS <= gap < plain.CLEAR_POINTS
    else:
        assert advice.sure == "probably" and not apart and gap >= CLOSE_POINTS
    for fact in advice.facts:  # a fact said plainly is one of the facts checked below
        assert fact.plain and fact.text
    said = [f for f in advice.facts if f.plain in text]
    if not said:
        assert "it does best in many tries" in text


def check_advice(r, advice):
    view = r.view(r.turn)
    legal = list(view.legal)
    assert advice.move in legal
    check_plain(advice)
    text = advice.why
    assert text.endswith(".") and "\n" not in text and " he " not in f" {text} "
    for share in re.findall(r"(\d+)%", text):
        assert 0 <= int(share) <= 100
    if advice.kind == "pass":
        assert legal == [Pass()]
        return
    if advice.kind == "must-draw":
        assert legal == [Draw()]
        assert all(str(n) in text for n in view.ends)
        return
    if advice.kind == "only-move":
        assert legal == [advice.move] and "only tile" in text
        return
    # A choice: the figures are the evaluation's, for the chosen move and the next best.
    ev = advice.evaluation
    chosen, runner = advice.chosen, advice.runner_up
    assert advice.move == ev.best and [m.move for m in ev.moves] == legal
    assert chosen.value == max(m.value for m in ev.moves)
    assert 0.0 <= chosen.ahead <= 1.0
    assert f"in {ev.deals} imagined deals" in text
    if advice.kind == "close":
        # The figures cannot separate the two best moves: the hint names both, with intervals.
        assert runner is not None and "about equal" in text and not advice.facts
        assert f"{points_text(chosen.points)} ± {chosen.margin:.1f}" in text
        assert f"{points_text(runner.points)} ± {runner.margin:.1f}" in text
        gap = chosen.points - runner.points
        bound = math.hypot(_honest(chosen), _honest(runner))  # margins widened for few deals
        assert gap < CLOSE_POINTS or gap <= bound or runner.value >= chosen.value
        # Which of the two held the hint back is said: a clear gap under CLOSE_POINTS, or a
        # gap inside the margins.
        clear = bound < gap < CLOSE_POINTS
        assert (f"less than {CLOSE_POINTS:g} points apart" in text) == clear
        assert ("too close for these figures to pick one" in text) == (not clear)
        return
    if runner is not None:  # a named best move is separated from the next best
        assert chosen.points - runner.points > math.hypot(chosen.margin, runner.margin)
    # Every figure with its 95% margin.
    assert f"a net {points_text(chosen.points)} ± {chosen.margin:.1f} points" in text
    assert f"ahead in {100 * chosen.ahead:.0f}% of them" in text
    if runner is not None:
        assert runner.move != advice.move and runner.value <= chosen.value
        assert f"{points_text(runner.points)} ± {runner.margin:.1f}" in text
    if advice.kind == "draw":
        assert advice.move == Draw() and any(m.__class__ is Play for m in legal) and not advice.facts
        return
    assert advice.kind == "play" and advice.move.__class__ is Play
    tile = advice.move.tile
    other = runner.move if runner is not None and runner.move.__class__ is Play else None
    after = ends_after(view, advice.move)
    value = view.rules.tile_value
    for fact in advice.facts:
        assert fact.text in text
        if fact.kind == "lead-number":
            assert view.ends is None and fact.number in numbers_of(tile)
            counts = [held(view.hand, n) for n in range(view.rules.max_pip + 1)]
            assert fact.count == counts[fact.number] == max(counts)
            assert fact.tied == (counts.count(max(counts)) > 1)
            assert ("one of your strongest" in fact.text) == fact.tied
            assert other is None or fact.number not in numbers_of(other.tile)
        elif fact.kind == "double":
            assert tile.is_double and (other is None or not other.tile.is_double)
        elif fact.kind == "heaviest":
            playable = {m.tile for m in legal if m.__class__ is Play}
            assert fact.count == value(tile) == max(value(t) for t in playable)
            assert other is None or value(other.tile) < fact.count
        elif fact.kind == "blocks":
            assert blocks(r, advice.move) and (other is None or not blocks(r, other))
        elif fact.kind == "keeps-number":
            rest = [t for t in view.hand if t is not tile]
            assert fact.number in after and fact.count == held(rest, fact.number) >= 2
            if other is not None:
                other_rest = [t for t in view.hand if t is not other.tile]
                assert fact.number not in ends_after(view, other) or held(other_rest, fact.number) < fact.count
        elif fact.kind == "void":
            nxt = (view.seat + 1) % view.players
            assert nxt != view.partner and fact.number in after and fact.number in known_voids(view)[nxt]
            assert other is None or fact.number not in ends_after(view, other)
        else:
            pytest.fail(f"unknown fact {fact.kind}")
    # No other number: take out the facts (checked above), the tiles and the figures.
    rest = text
    for fact in advice.facts:
        rest = rest.replace(fact.text, "", 1)
        digits = set(re.findall(r"\d+", re.sub(r"\d+-\d+", "", fact.text)))
        assert digits <= {str(fact.number), str(fact.count)}, fact.text
    rest = re.sub(r"\d+-\d+", "", rest)
    for figure in [str(ev.deals), f"{points_text(chosen.points)} ± {chosen.margin:.1f}", f"{100 * chosen.ahead:.0f}%"] + (
            [f"{points_text(runner.points)} ± {runner.margin:.1f}"] if runner is not None else []):
        rest = rest.replace(figure, "", 1)
    assert not re.search(r"\d", rest), (text, rest)


@pytest.mark.parametrize(("preset", "players"), CONFIGS)
def test_hints_tell_the_truth(preset, players):
    kinds, facts = set(), set()
    seen = 0
    for r in to_move(preset, players, hands=12, seed=players):
        if seen >= 45:
            break
        player = dl.SearchPlayer(seen, level="easy", worlds=8)  # few deals: margins by Student's t
        advice = advise(r.view(r.turn), player=player)
        check_advice(r, advice)
        kinds.add(advice.kind + ("-small-gap" if "points apart" in advice.why else ""))
        facts.update(f.kind for f in advice.facts)
        seen += 1
    assert seen >= 40 and "play" in kinds
    test_hints_tell_the_truth.kinds = getattr(test_hints_tell_the_truth, "kinds", set()) | kinds
    test_hints_tell_the_truth.facts = getattr(test_hints_tell_the_truth, "facts", set()) | facts


def test_every_kind_of_hint_and_fact_was_checked():
    """The positions above met every kind of hint and fact (run after them)."""
    kinds = getattr(test_hints_tell_the_truth, "kinds", None)
    if kinds is None:
        pytest.skip("run with test_hints_tell_the_truth")
    # A named draw needs figures that separate it from every play; these sampled positions
    # (a few deals each) meet none, so a draw is checked by check_advice wherever it occurs.
    assert kinds >= {"play", "close", "must-draw", "only-move", "pass"}
    # Both reasons a hint gives for "about equal" (a gap inside the margins, or a clear one
    # under CLOSE_POINTS) were met and checked.
    assert "close-small-gap" in kinds
    # Leads over a few deals are rarely separated now; the lead tests below check that fact.
    assert test_hints_tell_the_truth.facts >= {"double", "heaviest", "keeps-number", "void"}


def test_a_lead_names_the_strongest_number_only_when_it_is():
    # Three blanks and two 3s: leading 3-3 does not lead the strongest number.
    r = position(hands=["3-3 3-1 2-0 1-0 0-0 6-5 5-4", "6-6"], line="", rule_changes={"lead_tile": "any"})
    advice = advise(r.view(0), player=dl.SearchPlayer(1, worlds=8))
    check_advice(r, advice)
    for fact in advice.facts:
        if fact.kind == "lead-number":
            assert fact.number == 0 and fact.count == 3


def test_a_block_is_a_reason_only_when_the_next_best_does_not_block():
    line = "4-0 0-1 1-4 4-4 4-2 2-3 3-4 4-5 5-6"
    r = position(hands=["6-4 1-1 0-0", "6-6 5-5 3-3"], line=line,
                 boneyard=rest_of_set(line, "6-4 1-1 0-0 6-6 5-5 3-3"), rule_changes={"draw_when_able": False})
    advice = advise(r.view(0), player=dl.SearchPlayer(1, worlds=12))
    check_advice(r, advice)
    assert advice.move == Play("6-4", "right")
    assert [f.kind for f in advice.facts][:1] == ["blocks"]


def test_forced_moves():
    only = position(hands=["6-1 2-2", "0-0"], line="6-4", rule_changes={"draw_when_able": False})
    assert hint(only.view(0)) == (Play("6-1", "left"), "Play 6-1 on the left: it is the only tile that fits.")
    assert advise(only.view(0)).why == "Play 6-1 on the left: it is the only tile that fits."
    draw = position(hands=["1-0", "6-3"], line="6-6", boneyard="5-5 5-0 2-2 3-3")
    assert hint(draw.view(0)) == (Draw(), "Nothing you hold fits 6, so you must draw.")
    stuck = position(hands=["1-0", "6-3"], line="6-6", boneyard="5-5 5-0")
    assert hint(stuck.view(0))[0] == Pass()


def test_hint_arguments():
    r = dl.Round.deal("standard", 2, seed=8)
    with pytest.raises(ValueError, match="not this seat's turn"):
        hint(r.view(1 - r.turn))
    with pytest.raises(ValueError, match="level must be one of"):
        hint(r.view(r.turn), level="godlike")
    with pytest.raises(ValueError, match="needs a View"):
        advise("6-4")
    with pytest.raises(ValueError, match="player must be a SearchPlayer"):
        advise(r.view(r.turn), player=dl.GreedyPlayer(1))


def test_a_hint_does_not_pick_a_move_its_figures_cannot_separate():
    # Issue 21: after 6-6 on the left, medium said "Draw, although you could play" with
    # +2.0 against +1.0 (margins near 3 points each); a 32x search ranks 6-2 at +2.2 and
    # 6-4 at +0.7, and 0 of 20 other seeds choose to draw.
    r = dl.Round.deal("standard", 2, seed=935555325316)
    r.play(next(m for m in r.legal_moves() if str(m.tile) == "6-6"))
    advice = advise(r.view(r.turn))  # at the hint's level (expert's budget, flat)
    check_advice(r, advice)
    assert advice.kind == "close" and "about equal" in advice.why
    # 6-2 is clear of 6-3 (+2.3 ± 0.8 and +0.6 ± 0.8) but by less than 2 points: said so.
    assert f"less than {CLOSE_POINTS:g} points apart" in advice.why
    assert advice.reason == "6-2 on the left and 6-3 on the left are about the same: either is fine."
    assert "Draw, although" not in advice.why
    # The 32x search (benchmarks/hint_search.py) puts 6-2 first; the hint leads with it
    # and does not put the draw (that search's last) among the two it cannot separate.
    assert advice.move == Play("6-2", "left") and advice.runner_up is not None
    assert advice.runner_up.move != Draw()
    medium = advise(r.view(r.turn), level="medium")
    assert medium.kind == "close" and "Draw, although" not in medium.why


def test_a_hint_can_be_cancelled_between_deals():
    """The engine's hook for the table's "thinking… Cancel": ``cancel`` (an Event, or a
    function returning True) is checked between deals; once set, HintCancelled and no hint."""
    import threading

    from dominolab.players import HintCancelled

    r = dl.Round.deal("standard", 2, seed=935555325316)
    event = threading.Event()
    event.set()
    with pytest.raises(HintCancelled):
        advise(r.view(r.turn), cancel=event)
    asked = []

    def after_five():
        asked.append(1)
        return len(asked) > 5

    with pytest.raises(HintCancelled):
        advise(r.view(r.turn), cancel=after_five)
    assert len(asked) == 7  # before each deal after the first, stopped at the sixth; once more after
    with pytest.raises(ValueError, match="cancel must be"):
        advise(r.view(r.turn), cancel="stop")


def test_a_hint_stopped_early_says_no_more_than_its_few_deals_show():
    """A time bound that ends the search after its first deal (a busy machine): the hint
    still names a move only when its figures, over those few deals, with Student's t
    margins, tell the moves apart; here it cannot, so it says they are about the same or
    hard to tell apart (never "clearly")."""
    r = dl.Round.deal("standard", 2, seed=935555325316)
    view = r.view(r.turn)
    advice = advise(view, time_limit=1e-9)
    check_advice(r, advice)
    assert advice.evaluation.deals <= 3 and advice.evaluation.work < dl.SearchPlayer.LEVELS["expert"]
    assert advice.kind == "close" and advice.sure in ("same", "unsure")


def test_margins_over_few_deals_use_students_t():
    from dominolab.search import MoveValue

    few = MoveValue(Draw(), 0.0, 0.0, 0.5, spread=4.0, deals=3)
    assert _honest(few) == pytest.approx(few.margin * 4.303 / 1.96)
    many = MoveValue(Draw(), 0.0, 0.0, 0.5, spread=4.0, deals=30)
    assert _honest(many) == many.margin
    exact = MoveValue(Draw(), 0.0, 0.0, 0.5, spread=4.0, deals=3, exact=True)
    assert _honest(exact) == 0.0
