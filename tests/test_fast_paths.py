"""The public API's fast paths agree with the slow paths they shortcut, on many seeded hands
across the presets and rule variants (issue 20: the round's speed must not change what it does).

- ``Round.deal`` remembers a plan per rules and player count and takes the leader from the
  tiles it turned up; ``Round.from_start`` rebuilds the same hand through the checked path
  (every tile placed, the turned-up tiles read back by ``_leader_from_turn_up``).
- ``legal_moves`` reads the plays from tables by the hand's tiles on each end; the reference
  asks ``why_illegal`` of every move.
- ``play`` skips ``_after_move`` when nothing can end the hand and inlines the draw's checks;
  the reference is the fast play-out interface, which asks both after every move.
"""

import dataclasses
import random

from hypothesis import given
from hypothesis import strategies as st

import dominolab as dl
from dominolab import Draw, Pass, Play
from dominolab import round as round_module

from .test_properties import random_rules

PRESET_PLAYERS = [(name, n) for name in dl.Rules.presets() for n in dl.Rules.preset(name).player_counts]
VARIANTS = [
    dict(first_leader="top-double"),
    dict(first_leader="top-double", boneyard_floor=6),
    dict(first_leader="lots"),
    dict(first_leader="turn-up-lowest"),
    dict(first_leader="first-seat"),
    dict(first_leader="highest-double", lead_tile="heaviest"),
    dict(redeal_doubles=3),
    dict(redeal_suit=4),
    dict(max_pip=9, hand_sizes={2: 10, 3: 8, 4: 7}),
    dict(draw_from="row-end"),
]
CASES = [(dl.Rules.preset(name), n) for name, n in PRESET_PLAYERS] + [
    (rules, n) for rules in (dataclasses.replace(dl.Rules(), **v) for v in VARIANTS) for n in rules.player_counts]


def same_round(a, b):
    assert a.state_key() == b.state_key()
    assert (a.leader, a.turn, a.legal_moves(), a.start) == (b.leader, b.turn, b.legal_moves(), b.start)


@given(st.sampled_from(CASES), st.integers(0, 2**32), st.sampled_from([None, 0, 1]))
def test_deal_agrees_with_its_checked_start(case, seed, leader):
    rules, players = case
    leader = None if leader is None else leader % players
    r = dl.Round.deal(rules, players, seed=seed, leader=leader)
    same_round(r, dl.Round.from_start(rules, r.start))
    # A cold plan (and a rules object seen for the first time) deals the same hand.
    round_module._PLANS.clear()
    same_round(r, dl.Round.deal(dataclasses.replace(rules), players, seed=seed, leader=leader))
    if rules.name in dl.Rules.presets():
        same_round(r, dl.Round.deal(rules.name, players, seed=seed, leader=leader))
    # A shared random.Random: the same draws from it, whatever the plan.
    a, b = random.Random(seed), random.Random(seed)
    same_round(dl.Round.deal(rules, players, seed=a), dl.Round.from_start(rules, dl.Round.deal(rules, players, seed=b).start))
    assert a.random() == b.random()


@given(random_rules(), st.integers(0, 2**32))
def test_deal_agrees_with_its_checked_start_under_random_rules(case, seed):
    rules, players = case
    r = dl.Round.deal(rules, players, seed=seed)
    same_round(r, dl.Round.from_start(rules, r.start))


def test_plans_are_bounded_and_keyed_by_the_object_passed():
    round_module._PLANS.clear()
    for pip in range(round_module._PLANS_MAX + 5):
        rules = dataclasses.replace(dl.Rules(), boneyard_floor=pip % 3)
        dl.Round.deal(rules, 2, seed=pip)
        assert len(round_module._PLANS) <= round_module._PLANS_MAX
    # A rules object the plan was not made for is checked again (and refused when it must be).
    partners = dl.Rules.preset("partnership")
    dl.Round.deal(dl.Rules.preset("standard"), 2, seed=1)
    for bad in ((partners, 2), ("no-such-preset", 2), ("standard", True), ("standard", 5)):
        try:
            dl.Round.deal(*bad, seed=1)
        except ValueError:
            pass
        else:
            raise AssertionError(f"{bad} was dealt")


def reference_moves(r):
    """legal_moves() the slow way: every play, the draw and the pass asked of why_illegal
    (which asks _draw_refusal), plays at the left end first, each end lightest tile id first."""
    if r.is_over:
        return []
    tiles = sorted(r.hands[r.turn], key=lambda t: t.id)
    ends = ("left",) if r.ends is None else ("left", "right")
    plays = [Play(t, end) for end in ends for t in tiles if r.why_illegal(Play(t, end)) is None]
    return plays + [m for m in (Draw(), Pass()) if r.why_illegal(m) is None]


def play_and_compare(rules, players, seed):
    """A random hand through play(), beside a copy moved through the fast interface (which
    asks _after_move and _draw_refusal after every move): the same moves, states and ends."""
    rng = random.Random(seed)
    r = dl.Round.deal(rules, players, seed=seed)
    slow = r.copy()
    while not r.is_over:
        moves = r.legal_moves()
        assert moves == reference_moves(r)
        assert [(m.tile.id * 2 + m.side) if isinstance(m, Play) else (-1 if isinstance(m, Draw) else -2)
                for m in moves] == slow._fast_moves()
        move = moves[rng.randrange(len(moves))]
        r.play(move)
        slow._fast_play(move.tile.id * 2 + move.side if isinstance(move, Play)
                        else (-1 if isinstance(move, Draw) else -2))
        assert r.state_key() == slow.state_key()
        assert (r._ending, r.is_blocked, r.line, r.ends) == (slow._ending, slow.is_blocked, slow.line, slow.ends)
    assert r.legal_moves() == [] and r.result == slow.result


@given(st.sampled_from(CASES), st.integers(0, 2**32))
def test_play_and_legal_moves_agree_with_the_slow_paths(case, seed):
    play_and_compare(*case, seed)


@given(random_rules(), st.integers(0, 2**32))
def test_play_and_legal_moves_agree_with_the_slow_paths_under_random_rules(case, seed):
    play_and_compare(*case, seed)


def test_play_tables_are_bounded():
    tables = (round_module._LEFT_PLAYS, round_module._RIGHT_PLAYS, round_module._RIGHT_PLAYS_DRAW)
    for table in tables:
        table.clear()
    rules = dl.Rules(max_pip=12, hand_sizes={2: 30})
    for seed in range(40):
        r = dl.Round.deal(rules, 2, seed=seed)
        while not r.is_over:
            r.play(r.legal_moves()[0])
        assert all(len(table) <= round_module._PLAYS_MAX for table in tables)
    assert all(tables)  # each was used
    # A row is never handed out: changing the list returned changes nothing.
    r = dl.Round.deal("standard", 2, seed=3)
    r.play(r.legal_moves()[0])
    first = r.legal_moves()
    first.clear()
    assert r.legal_moves() == reference_moves(r)


def replayed(r, moves):
    """The round ``r`` began as, with ``moves`` played through the public API."""
    again = dl.Round.from_start(r.rules, r.start)
    for move in moves:
        again.play(move)
    return again


@given(st.sampled_from(CASES), st.integers(0, 2**32))
def test_the_line_laid_late_is_the_line_laid_every_move(case, seed):
    """Moves record history; the line is laid from it when read (FastRound._fold).  Reading
    it at random moments, undoing moves laid and not yet laid, and the fast interface's
    save and load all leave the same line, mask and state as a round that laid every move."""
    rules, players = case
    rng = random.Random(seed)
    r = dl.Round.deal(rules, players, seed=seed)
    while not r.is_over:
        moves = r.legal_moves()
        r.play(moves[rng.randrange(len(moves))])
        if rng.random() < 0.3:
            assert r.line == replayed(r, r.moves).line
        if rng.random() < 0.15:
            undone = [r.undo() for _ in range(rng.randrange(1, len(r.moves) + 1))]
            assert r.state_key() == replayed(r, r.moves).state_key()
            for move in undone[::-1][: rng.randrange(len(undone) + 1)]:  # the earliest first
                r.play(move)
    again = replayed(r, r.moves)
    assert (r.line, r.is_blocked, r.state_key()) == (again.line, again.is_blocked, again.state_key())
    assert r._line_mask == again._line_mask
    # Save, play on (laying the line or not), load: back to the saved line.
    start = dl.Round.deal(rules, players, seed=seed)
    for _ in range(rng.randrange(6)):
        if not start.is_over:
            start.play(start.legal_moves()[0])
    saved, key, line = start._fast_save(), start.state_key(), start.line
    suit = start._suit

    def lightest(seat, hand, playable, left, right):
        low = playable & -playable
        return (low.bit_length() - 1) << 1 | (0 if left < 0 or low & suit[left] else 1)

    start._fast_rollout(lightest)
    if rng.random() < 0.5:
        start.line  # noqa: B018 - laid before the load
    start._fast_load(saved)
    assert (start.state_key(), start.line) == (key, line)
