"""Exercises for lesson 6, partnerships.  Expected answers come from the engine.

The positions are real: hands dealt from a seed and played by random players
(:func:`~dominolab.exercises.hands.real_hand`), some of them later hands of a match, which
the partner leads with any tile.  The lesson prints its own hands; the exercises ask about
others, so no answer can be copied from an output above it.  Most hands are of the Draw
game played in partnerships (:func:`team_rules`); two positions about the partner's lead are
of the no-boneyard partnership preset.
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any, Optional

from ..i18n import N_, _
from ..inference import known_voids
from ..moves import Play
from ..narration import turns
from ..round import Round
from ..rules import Rules
from ..scoring import score
from .answers import PASSES, Code, Failed, Integer, MoveAnswer, Sequence, Set, call, describe, whole_number
from .core import Exercise
from .hands import ends_of, real_hand, result_of

__all__ = [
    "blocked_team_hand",
    "cover_position",
    "example_hand",
    "lead_position",
    "partner_position",
    "pass_position",
    "q1",
    "q2",
    "q3",
    "q4",
    "q5",
    "q6",
    "q7",
    "team_hand",
    "team_rules",
]


def team_rules() -> Rules:
    """The standard Draw rules played in partnerships: the lesson's team game."""
    return dataclasses.replace(Rules.preset("standard"), partnerships=True)


def _with_team_rule(rules: Rules, rule: str) -> Rules:
    """``rules`` with one of the three ways of scoring partners (see the lesson's table)."""
    if rule == "fewest-pips":
        return dataclasses.replace(rules, team_winner="fewest-pips", scoring="others-minus-own")
    if rule == "went-out":
        return dataclasses.replace(rules, team_winner="went-out", scoring="others")
    return dataclasses.replace(rules, team_winner="player", scoring="others-minus-own")


def example_hand() -> Round:
    """The lesson's finished team hand (section 3), scored there each way."""
    return real_hand(team_rules(), 4, seed=17)


def team_hand() -> Round:
    """Exercises 2 and 3: another finished team hand, where the two team rules disagree."""
    return real_hand(team_rules(), 4, seed=4)


def blocked_team_hand() -> Round:
    """Exercise 4: a blocked team hand."""
    return real_hand(team_rules(), 4, seed=18)


def lead_position() -> Round:
    """The lesson's position (section 5): a later hand of a partnership match, which seat 2
    led; seat 0 is to play."""
    return real_hand("partnership", 4, seed=16, moves=2, leader=2)


def cover_position() -> Round:
    """Exercise 6's position: another later hand led by seat 2; seat 0 is to play."""
    return real_hand("partnership", 4, seed=22, moves=2, leader=2)


def partner_position() -> Round:
    """The lesson's position (section 6): a team Draw game where seat 2 has drawn and passed."""
    return real_hand(team_rules(), 4, seed=176, moves=20)


def pass_position() -> Round:
    """Exercise 5's position: a team Draw game where seat 2 drew early and passed late."""
    return real_hand(team_rules(), 4, seed=0, moves=26)


def _team_points(r: Round, rule: str) -> list[int]:
    rules = _with_team_rule(r.rules, rule)
    return list(score(rules, hands=r.hands, went_out=result_of(r).went_out).points)


def _first_turns(leader: int, count: int) -> list[int]:
    r = real_hand(team_rules(), 4, seed=1, leader=leader)
    return [run[0].seat for run in turns(r.history)][:count]


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


@functools.cache
def _cases() -> tuple[tuple[int, ...], ...]:
    """Pips left by real partnership hands, for exercise 7."""
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
        wrong_form = _("{call} returned {given}; it should return a list of two whole numbers.").format(
            call=shown, given=describe(got))
        if not isinstance(got, (list, tuple)) or len(got) != 2:
            return wrong_form
        given = [whole_number(x) for x in got]
        for x, whole in zip(got, given, strict=True):
            if whole is None:
                return _("{call} returned a list holding {item}; each team total should be a whole "
                         "number.").format(call=shown, item=describe(x))
        if given != right:
            return _("{call} returned {given}, but the teams hold {right}: team 0 is seats 0 and 2, "
                     "team 1 is seats 1 and 3.").format(call=shown, given=given, right=right)
    return None


_TEAMS = "`teams = dataclasses.replace(dl.Rules.preset('standard'), partnerships=True)`"
_POINTS = Sequence(Integer(), length=2, order=N_("team 0 first"), example="[0, 12]")

q1 = Exercise(
    1,
    "Seat 1 leads a partnership hand. Which seats take the first five turns, in order? Give a list of seat "
    "numbers.",
    answer=Sequence(Integer(), length=5, order=N_("the first turn first"), example="[1, 2, 3, 0, 1]"),
    expected=lambda: _first_turns(leader=1, count=5),
    nudges={(1, 3, 0, 2, 1): N_("that order lets partners play one after the other. The turn passes to the next "
                             "seat each time; partners sit opposite, so an opponent always plays in between."),
            (1, 0, 3, 2, 1): N_("the turn passes to the left, to the next seat number: seat 1, then seat 2.")},
    hint=N_("The turn passes to the next seat each time (seat 3 is followed by seat 0), whatever the teams."),
    solution=N_("The turn goes round the table, so the teams alternate: seat 1 (team 1), seat 2 (team 0), seat 3 "
             "(team 1), seat 0 (team 0), and seat 1 again."),
    code="[(1 + i) % 4 for i in range(5)]",
)

q2 = Exercise(
    2,
    f"The standard rules played in partnerships ({_TEAMS}): in `r = ex.team_hand()` the hand is over (it is "
    "not the hand printed in the lesson). How many points does each team score? Read `print(teams.describe())` "
    "for how these rules decide a team hand, and work it out from `r.hands`. Give a list of two whole numbers, "
    "team 0 (seats 0 and 2) first.",
    answer=_POINTS,
    expected=lambda: _team_points(team_hand(), "fewest-pips"),
    nudges={(12, 0): N_("that is the other team rule, the partnership preset's: under the standard rules in "
                     "partnerships the team with fewer pips wins even when the other team went out."),
            (11, 0): N_("the right score, given to the wrong team: add each team's pips (seats 0 and 2, seats 1 and "
                     "3) and see which total is smaller."),
            (0, 12): N_("12 is a team's total: these rules score the difference between the two totals.")},
    hint=N_("Add up each team's pips first (seats 0 and 2 against seats 1 and 3). Under these rules the team with "
         "fewer pips wins, even against a partner who went out, and scores the difference."),
    hint_code="r = ex.team_hand()\n[r.rules.hand_value(h) for h in r.hands]",
    solution=N_("The team totals decide, not who went out; the engine's arithmetic is `print(r.result.explain())`."),
    code="r = ex.team_hand()\nprint(r.result.explain())\nlist(r.result.points)",
)

q3 = Exercise(
    3,
    "The same hand, `r = ex.team_hand()`, scored by the team rule of the partnership preset "
    "(`team_winner='went-out'`, `scoring='others'`): the team of the player who went out wins and scores the "
    "losing team's pips. How many points does each team score now? Give a list of two whole numbers, team 0 "
    "first.",
    answer=_POINTS,
    expected=lambda: _team_points(team_hand(), "went-out"),
    nudges={(0, 11): N_("that is the standard rule of exercise 2 (fewer pips wins). Here the team of the player who "
                     "went out wins, whatever the totals."),
            (0, 12): N_("the right score, given to the wrong team: find who went out (`r.result.went_out`) and their "
                     "team."),
            (35, 0): N_("the winners' own pips do not count: only the losing team's hands score.")},
    hint=N_("Find the player who went out (`ex.team_hand().result.went_out`); their team wins and scores the pips "
         "left in the two opposing hands."),
    hint_code="r = ex.team_hand()\n[r.rules.hand_value(h) for h in r.hands]",
    solution=N_("Going out wins the hand for the team, and the losing team's pips are the score."),
    code="r = ex.team_hand()\n"
         "went_out_rule = dataclasses.replace(r.rules, team_winner='went-out', scoring='others')\n"
         "result = dl.score(went_out_rule, hands=r.hands, went_out=r.result.went_out)\n"
         "print(result.explain())\n"
         "list(result.points)",
)

q4 = Exercise(
    4,
    "`r = ex.blocked_team_hand()` is a blocked team hand (nobody went out). Score it with "
    "`team_winner='player'`, the engine's reading of \"partners add their scores\" (LearnPlayWin): the player "
    "with the fewest pips wins the hand alone and scores the pips left in the two opponents' hands minus their "
    "own; their partner's hand counts neither for nor against them; then partners add their scores. How many "
    "points does each team score? Give a list of two whole numbers, team 0 first.",
    answer=_POINTS,
    expected=lambda: _team_points(blocked_team_hand(), "player"),
    nudges={(76, 0): N_("the partner's hand does not count: only the two opponents' hands, minus the winner's own."),
            (0, 16): N_("that is the team rule of exercise 2 (team totals). Here each player wins or loses alone: "
                     "find the single player with the fewest pips."),
            (42, 0): N_("almost: the winner's own pips are subtracted from the opponents' pips."),
            (0, 58): N_("that scores the team totals; here each player wins or loses alone.")},
    hint=N_("Find the single player with the fewest pips; add up the pips of the two players of the other team, "
         "and take away the winner's own."),
    hint_code="r = ex.blocked_team_hand()\n[r.rules.hand_value(h) for h in r.hands]",
    solution=N_("The lowest single hand wins, even when its team holds more pips in all."),
    code="r = ex.blocked_team_hand()\n"
         "alone = dataclasses.replace(r.rules, team_winner='player')\n"
         "result = dl.score(alone, hands=r.hands)\n"
         "print(result.explain())\n"
         "list(result.points)",
)

q5 = Exercise(
    5,
    "In `r = ex.pass_position()` (the standard rules in partnerships), your partner (seat 2) drew a tile earlier "
    "in the hand and has just passed. Which numbers is your partner now known to lack? Give a set of whole "
    "numbers.",
    answer=Set(Integer(suits=True), example="{2, 5}"),
    expected=lambda: set(known_voids(pass_position().view(0))[2]),
    nudges={(0, 3, 4, 5): N_("a draw shows nothing under these rules: drawing is allowed even when able to play. "
                          "Only the pass tells."),
            (0, 4): N_("a draw shows nothing under these rules: drawing is allowed even when able to play. Look at "
                    "the pass."),
            (3,): N_("a pass means the partner holds neither end number: both ends."),
            (5,): N_("a pass means the partner holds neither end number: both ends.")},
    hint=N_("Find your partner's events in `r.view(0).history` (those with `seat == 2`) and ask which of them proves "
         "a lack under these rules (read `print(r.rules.describe())` on drawing)."),
    hint_code="r = ex.pass_position()\nfor s in dl.narrate(r.view(0).history): print(s)",
    solution=N_("Only the pass shows a lack: the ends it was made against. The earlier draw proves nothing, because "
             "these rules let a player draw while holding a playable tile."),
    code="r = ex.pass_position()\n"
         "last_pass = [e for e in r.view(0).history if e.seat == 2 and e.action == 'pass'][-1]\n"
         "set(last_pass.ends)",
)

q6 = Exercise(
    6,
    "In `r = ex.cover_position()` (the partnership preset) your partner led the hand and you are to play. Which "
    "of your legal moves cover your partner's number (the higher half of their lead tile), so that it shows at "
    "neither end afterwards? Give a set of moves written like '6-4 left'.",
    answer=Set(MoveAnswer(position=lambda: cover_position().view(0)), example="{'6-4 left', '3-0 right'}"),
    expected=lambda: _covering(cover_position()),
    nudges={("6-2 left", "6-0 left", "6-6 left"): N_("a double leaves its own number showing: after 6-6 a 6 is still "
                                                  "at that end."),
            ("6-2 left",): N_("one more move covers the 6 the same way."),
            ("6-0 left",): N_("one more move covers the 6 the same way.")},
    hint=N_("Try each legal move on a copy of the round (`after = r.copy(); after.play(move)`) and look at "
         "`after.ends`. A double leaves its own number showing."),
    hint_code="r = ex.cover_position()\nfor s in dl.narrate(r.view(0).history): print(s)\nr.legal_moves()",
    solution=N_("The plays on the partner's end that turn it to another number; the double keeps it showing."),
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

q7 = Exercise(
    7,
    "Write a function `team_pips(pips)` that takes the pips left in the four hands (seat 0 first) and returns "
    "the two teams' totals as a list of two whole numbers, team 0 (seats 0 and 2) first. Check it with "
    "`ex.q7.check(team_pips)`: the engine compares it with its own team totals on sixty real partnership hands.",
    answer=Code(_test_team_pips, what=N_("a function team_pips(pips) that returns a list of two totals"),
                example="def team_pips(pips): ..."),
    expected=lambda: PASSES,
    hint=N_("Team 0 is seats 0 and 2, team 1 is seats 1 and 3: `pips[0] + pips[2]`."),
    solution=N_("Add each team's two hands."),
    code="def team_pips(pips):\n    return [pips[0] + pips[2], pips[1] + pips[3]]\n\nteam_pips",
)
