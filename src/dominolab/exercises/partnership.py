"""Exercises for lesson 6, partnerships.  Expected answers come from the engine.

The positions are real: hands dealt from a seed and played by random players
(:func:`~dominolab.exercises.hands.real_hand`), some of them later hands of a match, which
the partner leads with any tile.
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any, Optional

from ..inference import known_voids
from ..moves import Play
from ..round import Round
from ..rules import Rules
from ..scoring import score
from .answers import PASSES, Code, Failed, Integer, MoveAnswer, Set, call, describe
from .core import Exercise
from .hands import ends_of, real_hand, result_of

__all__ = [
    "cover_position",
    "lead_position",
    "pass_position",
    "q1",
    "q2",
    "q3",
    "q4",
    "q5",
    "q6",
    "team_hand",
]


def lead_position() -> Round:
    """The lesson's position: a later hand of a match, which seat 2 led; seat 0 is to play."""
    return real_hand("partnership", 4, seed=16, moves=2, leader=2)


def cover_position() -> Round:
    """Exercise 4's position: another later hand led by seat 2; seat 0 is to play."""
    return real_hand("partnership", 4, seed=22, moves=2, leader=2)


def pass_position() -> Round:
    """Exercise 3's position: seat 2, seat 0's partner, passed; seat 3 played; seat 0 is to play."""
    return real_hand("partnership", 4, seed=6, moves=14)


def team_hand() -> Round:
    """Exercises 2 and 5: a finished hand of the standard rules played in partnerships."""
    rules = dataclasses.replace(Rules.preset("standard"), partnerships=True)
    return real_hand(rules, 4, seed=5)


def _partner_number(r: Round) -> int:
    """The number seat 0's partner opened with: the higher half of its lead tile."""
    tile = next(e.tile for e in r.view(0).history if e.seat == 2 and e.action == "play")
    assert tile is not None  # a play names its tile
    return tile.high


def _covering(r: Round) -> set[Play]:
    """Seat 0's plays that leave the partner's number showing at neither end."""
    number = _partner_number(r)
    out = set()
    for move in r.legal_moves():
        if isinstance(move, Play):
            after = r.copy()
            after.play(move)
            if number not in ends_of(after):
                out.add(move)
    return out


def _team_points(rules: Rules) -> int:
    r = team_hand()
    result = score(rules, hands=r.hands, went_out=result_of(r).went_out)
    side = result.winning_side
    return 0 if side is None else result.points[side]


@functools.cache
def _cases() -> tuple[tuple[int, ...], ...]:
    """Pips left by real partnership hands, for exercise 6."""
    return tuple(tuple(result_of(real_hand("partnership", 4, seed)).pips) for seed in range(60))


def _test_team_pips(team_pips: Any) -> Optional[str]:
    rules = Rules.preset("partnership")
    for pips in _cases():
        shown = f"team_pips({list(pips)})"
        try:
            got = call(team_pips, list(pips), shown=shown)
        except Failed as failed:
            return failed.message
        right = list(score(rules, pips=list(pips)).side_pips)
        try:
            given = [int(x) for x in got]
        except Exception:
            return f"{shown} returned {describe(got)}; it should return a list of two whole numbers."
        if given != right:
            return (f"{shown} returned {given}, but the teams hold {right}: team 0 is seats 0 and 2, "
                    "team 1 is seats 1 and 3.")
    return None


q1 = Exercise(
    1,
    "Four players in partnerships: who is seat 3's partner? Answer with the seat number.",
    answer=Integer(example="0"),
    expected=lambda: Rules.preset("partnership").partner_of(3, 4),
    nudges={2: "partners sit opposite each other: seat 3's neighbours are seats 2 and 0.",
            0: "partners sit opposite each other: seat 3's neighbours are seats 2 and 0."},
    hint="`dl.Rules.preset('partnership').seating(4)` lists the two teams.",
    solution="Seats 1 and 3 sit opposite each other and form a team.",
    code="dl.Rules.preset('partnership').partner_of(3, 4)",
)

q2 = Exercise(
    2,
    "The standard rules played in partnerships (`teams = dataclasses.replace(dl.Rules.preset('standard'), "
    "partnerships=True)`): in `r = ex.team_hand()` the hand is over. How many points does the winning team score? "
    "Read `print(teams.describe())` to see how these rules score a team, work it out from `r.hands`. Give a whole "
    "number.",
    answer=Integer(),
    expected=lambda: _team_points(dataclasses.replace(Rules.preset("standard"), partnerships=True)),
    hint="Add up each team's pips first (seats 0 and 2 against seats 1 and 3); then apply the scoring rule to "
         "the two team totals.",
    hint_code="r = ex.team_hand()\n[r.rules.hand_value(h) for h in r.hands]",
    solution="The engine's arithmetic, step by step, is `print(r.result.explain())`.",
    code="r = ex.team_hand()\nprint(r.result.explain())\nr.result.points[r.result.winning_side]",
)

q3 = Exercise(
    3,
    "In `r = ex.pass_position()`, your partner (seat 2) passed on their last turn. Which numbers is your partner "
    "now known to lack? Give a set of whole numbers.",
    answer=Set(Integer(), example="{2, 5}"),
    expected=lambda: set(known_voids(pass_position().view(0))[2]),
    hint="Find seat 2's pass in `r.view(0).history` and look at the ends it passed against.",
    solution="A pass shows the partner holds neither end number.",
    code="r = ex.pass_position()\n"
         "last_pass = [e for e in r.view(0).history if e.seat == 2 and e.action == 'pass'][-1]\n"
         "set(last_pass.ends)",
)

q4 = Exercise(
    4,
    "In `r = ex.cover_position()` your partner led the hand and you are to play. Which of your legal moves cover "
    "your partner's number (the higher half of their lead tile), so that it shows at neither end afterwards? "
    "Give a set of moves written like '6-4 left'.",
    answer=Set(MoveAnswer(position=lambda: cover_position().view(0)), example="{'6-4 left', '3-0 right'}"),
    expected=lambda: _covering(cover_position()),
    hint="Try each legal move on a copy of the round (`after = r.copy(); after.play(move)`) and look at "
         "`after.ends`. A double leaves its own number showing.",
    hint_code="r = ex.cover_position()\nprint(r.view(0).history[0])\nr.legal_moves()",
    solution="The plays on the partner's end that turn it to another number; the double keeps it showing.",
    code="r = ex.cover_position()\n"
         "number = r.view(0).history[0].tile.high\n"
         "covering = set()\n"
         "for move in r.legal_moves():\n"
         "    after = r.copy()\n"
         "    after.play(move)\n"
         "    if number not in after.ends:\n"
         "        covering.add(move)\n"
         "covering",
)

q5 = Exercise(
    5,
    "Same finished hand as exercise 2, but scored the way \"Dominoes: Rules of Draw Dominoes\" (LearnPlayWin) "
    "describes partners: each player wins or loses alone and partners add their scores "
    "(`team_winner='player'`). How many points does the winning team score now? Give a whole number.",
    answer=Integer(),
    expected=lambda: _team_points(dataclasses.replace(Rules.preset("standard"), partnerships=True,
                                                      team_winner="player")),
    hint="Score the hand as if everyone played alone (`team_winner='player'`), then add the partners' points.",
    hint_code="alone = dataclasses.replace(dl.Rules.preset('standard'), partnerships=True, team_winner='player')\n"
              "print(alone.describe())",
    solution="The engine scores it with `dl.score(alone, hands=r.hands, went_out=r.result.went_out)`.",
    code="alone = dataclasses.replace(dl.Rules.preset('standard'), partnerships=True, team_winner='player')\n"
         "r = ex.team_hand()\n"
         "result = dl.score(alone, hands=r.hands, went_out=r.result.went_out)\n"
         "print(result.explain())\n"
         "result.points[result.winning_side]",
)

q6 = Exercise(
    6,
    "Write a function `team_pips(pips)` that takes the pips left in the four hands (seat 0 first) and returns "
    "the two teams' totals as a list, team 0 (seats 0 and 2) first. Check it with `ex.q6.check(team_pips)`: the "
    "engine compares it with its own team totals on sixty real partnership hands.",
    answer=Code(_test_team_pips, what="a function team_pips(pips) that returns a list of two totals",
                example="def team_pips(pips): ..."),
    expected=lambda: PASSES,
    hint="Team 0 is seats 0 and 2, team 1 is seats 1 and 3: `pips[0] + pips[2]`.",
    solution="Add each team's two hands.",
    code="def team_pips(pips):\n    return [pips[0] + pips[2], pips[1] + pips[3]]\n\nteam_pips",
)
