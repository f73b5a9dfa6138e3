"""Invariants over many random rounds, for every preset and for random rule combinations."""

import dataclasses
import random

from hypothesis import assume, given
from hypothesis import strategies as st

import dominolab as dl
from dominolab import Draw, IllegalMoveError, Pass, Play

from .positions import play_random

PRESET_PLAYERS = [(name, n) for name in dl.Rules.presets() for n in dl.Rules.preset(name).player_counts]
MAX_MOVES = 600  # far above any real hand: a double-six hand has at most 28 plays and 28 draws


@st.composite
def random_rules(draw):
    players = draw(st.sampled_from([2, 3, 4]))
    doubles = draw(st.booleans())
    fields = dict(
        max_pip=draw(st.sampled_from([6, 9] if doubles else [8])),
        doubles=doubles,
        hand_sizes={players: draw(st.integers(3, 7))},
        partnerships=players == 4 and draw(st.booleans()),
        first_leader=draw(st.sampled_from(
            ["highest-double", "turn-up-lowest", "turn-up-highest", "lots", "first-seat"]
            + (["top-double"] if doubles else []))),
        lead_tile=draw(st.sampled_from(["any", "highest-double", "heaviest"])),
        draw_limit=draw(st.sampled_from([None, 0, 1, 2, 3])),
        draw_when_able=draw(st.booleans()),
        boneyard_floor=draw(st.sampled_from([0, 1, 2])),
        draw_cost=draw(st.sampled_from([0, 1])),
        blocked_layout=draw(st.sampled_from(["draw-down", "ends-hand"])),
        stuck_end=draw(st.sampled_from(["at-once", "after-passes"])),
        blocked_tie=draw(st.sampled_from(["nobody", "fewest-tiles", "lowest-heaviest-end", "blocker", "ignore-tied"])),
        scoring=draw(st.sampled_from(["others-minus-own", "differences", "all-pips", "others", "one-point"])),
        team_winner=draw(st.sampled_from(["went-out", "fewest-pips", "player"])),
        tile_values=draw(st.sampled_from([{}, {"0-0": 13}])) if doubles else {},
        redeal_doubles=draw(st.sampled_from([None, 4])) if doubles else None,
        draw_from=draw(st.sampled_from(["shuffled-stock", "row-end"])),
    )
    # The one pairing the rules refuse: a team that dominoes could score nothing.
    assume(not (fields["partnerships"] and fields["team_winner"] == "went-out"
                and fields["scoring"] in ("others-minus-own", "differences")))
    return dl.Rules(**fields), players


def every_move(rules):
    tiles = rules.tiles
    return [Play(t, e) for t in tiles for e in ("left", "right")] + [Draw(), Pass()]


def check_conservation(r):
    places = [t for h in r.hands for t in h] + r.line.tiles + r.boneyard + r.set_aside
    assert sorted(places) == sorted(r.rules.tiles), "each tile is in exactly one place"


def expected_points(rules, result):
    """An independent statement of R13 on the winning side's pips (no draw costs)."""
    w = result.winning_side
    if rules.partnerships and rules.team_winner == "player" and w is not None:
        # Source 001: the winner counts the opponents' hands only, never the partner's.
        pips = list(result.pips)
        own = pips[result.winner]
        others = [p for s, p in enumerate(pips) if s % 2 != result.winner % 2]
    else:
        pips = list(result.side_pips)
        own, others = (pips[w], pips[:w] + pips[w + 1:]) if w is not None else (0, [])
    if w is None:
        return [0] * len(result.points)
    value = {
        "others-minus-own": max(0, sum(others) - own),
        "differences": max(0, sum(o - own for o in others)),
        "all-pips": sum(pips),
        "others": sum(others),
        "one-point": 1,
    }[rules.scoring]
    points = [0] * len(result.points)
    points[w] = value
    return points


def play_checked(r, rng):
    """Play a random hand, checking the invariants after every move."""
    universe = every_move(r.rules)
    for _ in range(MAX_MOVES):
        check_conservation(r)
        if r.is_over:
            break
        moves = r.legal_moves()
        assert moves, "a round that is not over always has a legal move"
        before = r.state_key()
        # Every generated move is legal and undoes exactly.
        for move in moves:
            r.play(move)
            r.undo()
            assert r.state_key() == before
        # Everything else is refused with the round unchanged.
        illegal = [m for m in universe if m not in moves]
        for move in rng.sample(illegal, min(6, len(illegal))):
            if r.is_legal(move):  # the lead at the "right" end: the same as at the left
                assert r.ends is None and Play(move.tile, "left") in moves
                continue
            try:
                r.play(move)
            except IllegalMoveError:
                pass
            else:
                raise AssertionError(f"{move!r} was played but is not in legal_moves()")
            assert r.state_key() == before
        # The seat's view hides every other hand.
        view = r.view(r.turn)
        assert set(view.hand) == set(r.hands[r.turn]) and view.legal_moves() == moves
        assert all(e.tile is None for e in view.history if e.action == "draw")
        r.play(moves[rng.randrange(len(moves))])
    else:
        raise AssertionError("the hand did not end")
    return r


def check_result(r):
    result = r.result
    rules = r.rules
    assert result.pips == tuple(sum(rules.tile_value(t) for t in h) for h in r.hands)
    assert sum(result.draw_costs) == rules.draw_cost * sum(r.draw_counts)
    assert [p + c for p, c in zip(result.points, result.draw_costs, strict=False)] == expected_points(rules, result)
    if result.reason == "domino":
        assert result.went_out is not None and not r.hands[result.went_out]
    else:
        assert all(r.hands)
    again = dl.Round.from_record(r.to_record())
    assert again.state_key() == r.state_key() and again.result == result


@given(st.sampled_from(PRESET_PLAYERS), st.integers(0, 2**32), st.integers(0, 2**32))
def test_every_preset(preset_players, seed, choice_seed):
    preset, players = preset_players
    r = play_checked(dl.Round.deal(preset, players, seed=seed), random.Random(choice_seed))
    check_result(r)


@given(random_rules(), st.integers(0, 2**32), st.integers(0, 2**32))
def test_random_rule_combinations(rules_players, seed, choice_seed):
    rules, players = rules_players
    r = play_checked(dl.Round.deal(rules, players, seed=seed), random.Random(choice_seed))
    check_result(r)


@given(st.sampled_from(PRESET_PLAYERS), st.integers(0, 2**32), st.integers(0, 2**32))
def test_same_seed_same_record(preset_players, seed, choice_seed):
    preset, players = preset_players

    def run():
        return play_random(dl.Round.deal(preset, players, seed=seed), seed=choice_seed).to_record()

    assert run() == run()


@given(st.integers(0, 2**32))
def test_undo_all_the_way_back(seed):
    r = dl.Round.deal("family", 3, seed=seed)
    start = r.state_key()
    play_random(r, seed=seed)
    while r.moves:
        r.undo()
    assert r.state_key() == start


@given(st.lists(st.integers(0, 40), min_size=2, max_size=4), st.sampled_from(dl.Rules.presets()))
def test_score_alone_adds_up(pips, preset):
    rules = dl.Rules.preset(preset)
    if rules.partnerships:
        pips = (pips * 4)[:4]
    if len(pips) not in rules.player_counts:
        rules = dataclasses.replace(rules, hand_sizes={len(pips): 3}, partnerships=False)
    result = dl.score(rules, pips=pips)
    assert list(result.points) == expected_points(rules, result)
    assert sum(1 for p in result.points if p) <= 1
