"""Exercises for lesson 2, drawing and blocked games.  Expected answers come from the engine."""

from __future__ import annotations

import dataclasses

from ..moves import DRAW, Play
from ..round import Round
from ..rules import Rules
from ..tiles import tile_set
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


def _draws_after_block() -> int:
    rules = dataclasses.replace(Rules.preset("standard"), draw_from="row-end")
    hands = [["6-4", "0-0"], ["6-6", "5-5", "3-3"]]
    r = Round.from_position(rules, hands=hands, line=ALMOST_BLOCKED)  # the rest is the boneyard
    r.play(Play("6-4", "right"))
    before = r.boneyard_count
    while not r.is_over:
        r.play(r.legal_moves()[0])
    return before - r.boneyard_count


q1 = Exercise(
    1,
    "Standard rules: the boneyard holds 5 tiles and the player to move cannot play. "
    "At most how many tiles may he draw this turn?",
    expected=lambda: _draws_allowed("standard"),
    hint="In the main rules some tiles always stay in the boneyard.",
    solution="3: the last two tiles are never drawn.\n\n"
             'dl.Rules.preset("standard").boneyard_floor  # 2, so 5 - 2 = 3',
    wrong=5,
    nudge="not all of them: what does the standard game say about the last tiles?",
)

q2 = Exercise(
    2,
    "Family rules: a player who cannot play draws one tile at a time. "
    "With 5 tiles in the boneyard and none of them playable, how many does he draw before passing?",
    expected=lambda: _draws_allowed("family"),
    hint="Look at rules.draw_limit for the family preset.",
    solution='3\n\ndl.Rules.preset("family").draw_limit',
    wrong=5,
    nudge="the family rules set a limit on drawing in one turn.",
)

q3 = Exercise(
    3,
    "Is the layout 4-0 0-1 1-4 4-4 4-2 2-3 3-4 4-5 5-6 6-4 blocked? Answer True or False.",
    expected=lambda: Round.from_position(
        "standard", hands=[["0-0"], ["6-6"]], line=[*ALMOST_BLOCKED, "6-4"]).is_blocked,
    hint="What numbers show at the two ends, and where are all the tiles carrying them?",
    solution="True: both ends show 4 and all seven 4s are on the table.\n\n"
             'dl.Round.from_position("standard", hands=[["0-0"], ["6-6"]], line=line).is_blocked',
    wrong=False,
    nudge="count the 4s on the table: how many tiles show a 4 in a double-six set?",
)

q4 = Exercise(
    4,
    "Standard rules, the position of section 5: seat 0 plays 6-4 on the right and blocks the game. "
    "How many tiles does seat 1 then draw before the hand ends?",
    expected=_draws_after_block,
    hint="Seat 1 cannot play, so it must draw; but not every tile of the boneyard.",
    solution="All but the last two tiles of the boneyard: 14 - 2 = 12.\n\n"
             "Play the position out with r.legal_moves() and count the draws.",
    wrong=14,
    nudge="the whole boneyard? Remember the tiles that must stay.",
)

q5 = Exercise(
    5,
    "Could a blocked double-six hand, with nothing left in the boneyard, leave 9, 12 and 14 pips "
    "in the three hands? Answer True or False.",
    expected=lambda: (9 + 12 + 14) % 2 == sum(t.pips for t in tile_set(6)) % 2,
    hint="What did section 6 prove about the pips left after such a hand?",
    solution="False: 9 + 12 + 14 = 35 is odd, but the pips left after a blocked double-six hand "
             "with an empty boneyard always add up to an even number.",
    wrong=True,
    nudge="add the three numbers up and compare with what section 6 proved.",
)
