"""Exercises for lesson 1, the rules.  Expected answers come from the engine.

Every position here is one that can arise in a real hand (``dl.reachable`` checks them in
the tests), and none is the lesson's own worked example.
"""

from __future__ import annotations

from typing import Optional

from ..i18n import N_, Deferred, _
from ..moves import Play
from ..pieces import Hand
from ..round import Round
from ..rules import Rules
from ..tiles import Tile, tile_set
from .answers import PASSES, Boolean, Code, Failed, Integer, Sequence, Set, TileAnswer, _is_numpy_bool, call, describe
from .core import Exercise

__all__ = ["LEAD_SEED", "TABLE_SEED", "fits_position", "play_position", "q1", "q2", "q3", "q4", "q5", "q6"]

#: The deal used in exercise 3.
LEAD_SEED = 31
#: The lesson's first table: a deal in which you (seat 0) lead, so your first click is a tile.
TABLE_SEED = 12


def play_position() -> Round:
    """Exercise 2: seat 0 led 5-5, seat 1 played 5-2; seat 0 is to play."""
    return Round.from_position("standard", hands=[["5-1", "2-2", "6-3", "4-0", "2-0", "3-1"],
                                                  ["6-6", "6-4", "4-4", "3-3", "1-0", "0-0"]],
                               line=["5-5", "5-2"], seed=1)


def fits_position(ends: tuple[int, int]) -> Round:
    """A position whose line shows ``ends``, for asking the engine what fits them."""
    a, b = ends
    other = [t for t in tile_set(6) if t != Tile(a, b)]
    return Round.from_position("standard", hands=[[other[0]], [other[1]]], line=[Tile(a, b)])


_PIPS_HAND = [Tile.parse(t) for t in ("6-4", "5-5", "2-1")]


def _fitting() -> set[Tile]:
    return {m.tile for m in play_position().legal_moves() if isinstance(m, Play)}


def _fitting_one_end(number: int) -> frozenset[Tile]:
    return frozenset(t for t in play_position().hands[0] if t.has(number))


def _may_draw() -> tuple[bool, bool]:
    return (Rules.preset("classic").draw_when_able, Rules.preset("puerto-rico").draw_when_able)


def _leader() -> int:
    leader = Round.deal("basic", 3, seed=LEAD_SEED).leader
    assert leader is not None  # a dealt first hand always has its leader
    return leader


def _test_fits(fits: object) -> Optional[str]:
    """Try ``fits`` on every tile against every pair of ends; the engine's View.fits says."""
    for a in range(7):
        for b in range(a + 1):
            view = fits_position((a, b)).view(0)
            for ends in ((a, b), (b, a)):
                for tile in tile_set(6):
                    shown = f"fits(Tile({tile.high}, {tile.low}), {ends})"
                    try:
                        got = call(fits, tile, ends, shown=shown)
                    except Failed as failed:
                        return failed.message
                    if not isinstance(got, bool) and not _is_numpy_bool(got):
                        return _("{call} returned {given}; it should return True or False.").format(
                            call=shown, given=describe(got))
                    right = view.fits(tile)
                    if got != right:
                        text = (_("{call} returned {got}, but {tile} fits: one of its halves matches an end.")
                                if right else _("{call} returned {got}, but {tile} does not fit: neither of its "
                                                "halves matches either end."))
                        return text.format(call=shown, got=got, tile=tile)
    return None


q1 = Exercise(
    1,
    "How many tiles are in a double-ten set? Predict it with the formula, then check with `dl.tile_set`. "
    "Give a whole number.",
    answer=Integer(),
    expected=lambda: len(tile_set(10)),
    nudges={
        sum(not t.is_double for t in tile_set(10)): N_("that leaves out the doubles: 0-0 to 10-10 are tiles too."),
        11 * 11: N_("that counts 6-4 and 4-6 as two tiles; they are the same tile."),
    },
    hint=N_("A double-N set has one tile for every pair of numbers from 0 to N, doubles included: (N+1)(N+2)/2 tiles."),
    solution=N_("A double-ten set has (10 + 1) × (10 + 2) / 2 tiles."),
    code="len(dl.tile_set(10))",
)

q2 = Exercise(
    2,
    "Seat 0 led 5-5 and seat 1 played 5-2, so the ends show 5 and 2. Your hand is 5-1, 2-2, 6-3, 4-0, 2-0 and 3-1. "
    "Which tiles can you play? Give a set (or list) of tiles written like '6-1'.",
    answer=Set(TileAnswer(), example="{'6-6', '5-0'}"),
    expected=_fitting,
    nudges=[
        (_fitting_one_end(5), N_("those fit the 5; check every tile against the 2 on the other end too.")),
        (_fitting_one_end(2), N_("those fit the 2; check every tile against the 5 on the other end too.")),
        (frozenset(play_position().hands[0]), N_("a tile fits only if one of its halves matches an end.")),
    ],
    hint=N_("A tile can be played if one of its halves matches either end. A double shows its number on both halves."),
    solution=N_("5-1 matches the 5; 2-2 and 2-0 match the 2; 6-3, 4-0 and 3-1 match neither."),
    code="r = ex.play_position()\n{move.tile for move in r.legal_moves() if isinstance(move, dl.Play)}",
)

q3 = Exercise(
    3,
    f"Deal `r = dl.Round.deal('basic', players=3, seed={LEAD_SEED})` and look at the hands. Under the basic rules, "
    "which seat leads? Answer with the seat number: 0, 1 or 2 (then check with `r.leader`).",
    answer=Integer(example="0"),
    expected=_leader,
    nudges={_leader() + 1: N_("seats are numbered from 0: the first hand printed is seat 0.")},
    nudge=N_("find the highest double among all three hands; its holder leads."),
    hint=N_("In the basic rules the holder of the highest double leads (and must lead that double)."),
    solution=N_("Seat 2 holds 6-6, the highest double."),
    # The code's comment is words for people, so the code is translated whole (its code unchanged).
    code=Deferred("r = dl.Round.deal('basic', players=3, seed={seed})\n"
                  "for seat, hand in enumerate(r.hands):\n    print(seat, hand)  # who holds the highest double?\n"
                  "r.leader", seed=LEAD_SEED),
)

q4 = Exercise(
    4,
    "You hold a tile that fits, and the boneyard is not empty. May you draw anyway? Predict it for two rule books "
    "this lesson did not test, both of which say so in their own words: the 19th-century rules (preset 'classic') "
    "and the Puerto Rican game the \"Draw Dominoes\" page describes (preset 'puerto-rico'). Answer with a pair "
    "(classic, puerto_rico), each True or False, then check with each preset's draw_when_able.",
    answer=Sequence(Boolean(), length=2, order=N_("the classic rules first, then the Puerto Rican")),
    expected=_may_draw,
    nudges={
        (False, False): N_("the two rule books disagree on this point: the 19th-century text lets a player draw "
                        "as many as they please after the first tile."),
        (True, True): N_("the two rule books disagree on this point: the Puerto Rican game forbids it in as many "
                      "words."),
    },
    hint=N_("Read `dl.Rules.preset('classic').draw_when_able` and the Puerto Rican preset's."),
    solution=N_("The 19th-century text lets a player draw as many as they please after the first tile, whether they "
             "can match or not. The 'Draw Dominoes' page says that in Puerto Rico it is illegal to draw when able to "
             "play. (Some rule books say nothing either way; there the preset's setting is the engine's reading, "
             "and its `describe()` says so.)"),
    code="(dl.Rules.preset('classic').draw_when_able, dl.Rules.preset('puerto-rico').draw_when_able)",
)


q5 = Exercise(
    5,
    "How many pips are in the hand 6-4, 5-5, 2-1? Give a whole number.",
    answer=Integer(),
    expected=lambda: Hand(_PIPS_HAND).pips,
    nudges={
        sum(t.high if t.is_double else t.pips for t in _PIPS_HAND):
            N_("a double has pips on both halves: 5-5 counts 10."),
        sum(t.high for t in _PIPS_HAND): N_("count both halves of every tile, not only the higher one."),
    },
    hint=N_("Add up the spots on both halves of every tile."),
    solution=N_("10 + 10 + 3."),
    code="dl.Hand(dl.Tile.parse(t) for t in ['6-4', '5-5', '2-1']).pips",
)

q6 = Exercise(
    6,
    "Write a function `fits(tile, ends)` that returns True when `tile` can be played on a line whose open ends "
    "are `ends` (a pair such as `(5, 2)`), and False otherwise. Use `tile.high` and `tile.low` (or "
    "`tile.has(number)`). Then check the function itself, `ex.q6.check(fits)`: the engine tries it on every "
    "tile against every pair of ends.",
    answer=Code(_test_fits, what=N_("a function fits(tile, ends) that returns True or False"),
                example="def fits(tile, ends): ..."),
    expected=lambda: PASSES,
    hint=N_("A tile fits when its high half or its low half equals the left end or the right end."),
    hint_code="left, right = (5, 2)\ntile = dl.Tile(2, 0)\ntile.high, tile.low, tile.has(left), tile.has(right)",
    solution=N_("A tile fits when one of its halves matches either end."),
    code="def fits(tile, ends):\n    left, right = ends\n    return tile.has(left) or tile.has(right)\n\nfits",
)
