"""Exercises for lesson 2, drawing and blocked games.  Expected answers come from the engine."""

from __future__ import annotations

import dataclasses

from ..moves import DRAW, Play
from ..round import Round
from ..rules import Rules
from ..tiles import tile_set
from .answers import Boolean, Integer
from .core import Exercise

__all__ = ["ALMOST_BLOCKED", "q1", "q2", "q3", "q4", "q5"]

#: A line whose ends show 4 and 6; the 6-4 is the only 4 still off it.
ALMOST_BLOCKED = "4-0 0-1 1-4 4-4 4-2 2-3 3-4 4-5 5-6".split()


def _draws_allowed(preset: str) -> int:
    """How many tiles a seat that cannot play draws in one turn with 5 in the boneyard."""
    rules = dataclasses.replace(Rules.preset(preset), draw_from="row-end")
    r = Round.from_position(rules, hands=[["1-0"], ["6-3", "2-2"]], line=["6-6"],
                            boneyard=["5-5", "5-0", "3-3", "4-4", "4-0"])
    drawn = 0
    while r.turn == 0 and DRAW in r.legal_moves():
        r.play(DRAW)
        drawn += 1
    return drawn


def _after_block() -> Round:
    """Section 5's position just after seat 0 blocks the game with 6-4."""
    rules = dataclasses.replace(Rules.preset("standard"), draw_from="row-end")
    hands = [["6-4", "0-0"], ["6-6", "5-5", "3-3"]]
    r = Round.from_position(rules, hands=hands, line=ALMOST_BLOCKED)  # the rest is the boneyard
    r.play(Play("6-4", "right"))
    return r


def _draws_after_block() -> int:
    r = _after_block()
    before = r.boneyard_count
    while not r.is_over:
        r.play(r.legal_moves()[0])
    return before - r.boneyard_count


_FLOOR = Rules.preset("standard").boneyard_floor

q1 = Exercise(
    1,
    "Standard rules: the boneyard holds 5 tiles and the player to move cannot play. "
    "At most how many tiles may he draw this turn? Give a whole number.",
    answer=Integer(),
    expected=lambda: _draws_allowed("standard"),
    nudges={
        5: "not all of them: what does the standard game say about the last tiles?",
        _FLOOR: "that is how many tiles must stay in the boneyard; how many may he take?",
    },
    hint="In the standard rules some tiles always stay in the boneyard: `dl.Rules.preset('standard').boneyard_floor`.",
    solution="The last two tiles are never drawn, so he may draw 5 - 2.",
    code="5 - dl.Rules.preset('standard').boneyard_floor",
)

q2 = Exercise(
    2,
    "Family rules: a player who cannot play draws one tile at a time. "
    "With 5 tiles in the boneyard and none of them playable, how many does he draw before passing? "
    "Give a whole number.",
    answer=Integer(),
    expected=lambda: _draws_allowed("family"),
    nudges={5: "the family rules set a limit on drawing in one turn."},
    hint="Look at `dl.Rules.preset('family').draw_limit`.",
    solution="The family rules let a player draw at most three tiles in a turn, and the boneyard has more.",
    code="family = dl.Rules.preset('family')\nmin(family.draw_limit, 5 - family.boneyard_floor)",
)

q3 = Exercise(
    3,
    "Is the layout 4-0 0-1 1-4 4-4 4-2 2-3 3-4 4-5 5-6 6-4 blocked? Answer True or False.",
    answer=Boolean(),
    expected=lambda: Round.from_position(
        "standard", hands=[["0-0"], ["6-6"]], line=[*ALMOST_BLOCKED, "6-4"]).is_blocked,
    nudges={False: "count the 4s on the table: how many tiles show a 4 in a double-six set?"},
    hint="What numbers show at the two ends, and where are all the tiles carrying them?",
    solution="Both ends show 4, and all seven tiles with a 4 are on the table.",
    code='line = "4-0 0-1 1-4 4-4 4-2 2-3 3-4 4-5 5-6 6-4".split()\n'
         'dl.Round.from_position("standard", hands=[["0-0"], ["6-6"]], line=line).is_blocked',
)

q4 = Exercise(
    4,
    "Standard rules, the position of section 5: seat 0 plays 6-4 on the right and blocks the game. "
    "How many tiles does seat 1 then draw before the hand ends? Give a whole number.",
    answer=Integer(),
    expected=_draws_after_block,
    nudges={
        _after_block().boneyard_count: "the whole boneyard? Remember the tiles that must stay.",
        _FLOOR: "that is how many tiles stay in the boneyard; how many does seat 1 take?",
    },
    hint="Seat 1 cannot play, so it must draw; but not every tile of the boneyard.",
    solution="All but the last two tiles of the boneyard: 14 - 2.",
    code='rules = dataclasses.replace(dl.Rules.preset("standard"), draw_from="row-end")\n'
         'r = dl.Round.from_position(rules, hands=[["6-4", "0-0"], ["6-6", "5-5", "3-3"]], line=ex.ALMOST_BLOCKED)\n'
         'r.play(dl.Play("6-4", "right"))\n'
         "before = r.boneyard_count\n"
         "while not r.is_over:\n"
         "    r.play(r.legal_moves()[0])  # every move is forced\n"
         "before - r.boneyard_count",
)

q5 = Exercise(
    5,
    "Could a blocked double-six hand, with nothing left in the boneyard, leave 9, 12 and 14 pips "
    "in the three hands? Answer True or False.",
    answer=Boolean(),
    expected=lambda: (9 + 12 + 14) % 2 == sum(t.pips for t in tile_set(6)) % 2,
    nudges={True: "add the three numbers up and compare with what section 6 proved."},
    hint="What did section 6 prove about the pips left after such a hand?",
    solution="9 + 12 + 14 = 35 is odd, but the pips left after a blocked double-six hand with an empty "
             "boneyard have the parity of the whole set, 168: they are even.",
    code="(9 + 12 + 14) % 2 == sum(t.pips for t in dl.tile_set(6)) % 2",
)
