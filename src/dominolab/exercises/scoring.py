"""Exercises for lesson 3, scoring.  Every expected answer comes from ``dl.score``.

The hands scored here really happened: each is the end of a hand dealt from a seed and
played by random players (:func:`~dominolab.exercises.hands.real_hand`), so the pips quoted
are pips a real hand can leave.
"""

from __future__ import annotations

import functools
from typing import Optional

from ..i18n import N_, _
from ..players import RandomPlayer
from ..round import Round
from ..rules import Rules
from ..scoring import score
from .answers import PASSES, Code, Failed, Integer, Sequence, call, describe, whole_number
from .core import Exercise
from .hands import real_hand, result_of

__all__ = ["HANDS", "hand", "q1", "q2", "q3", "q4", "q5", "q6", "q7"]

#: The real hands the exercises score: (preset, players, seed) for :func:`real_hand`.
HANDS = {
    1: ("standard", 3, 102),
    2: ("family", 3, 304),
    3: ("standard", 2, 11),
    4: ("partnership", 4, 9),
    5: ("dutch", 2, 1),
}


def hand(number: int) -> Round:
    """The finished hand exercise ``number`` scores."""
    preset, players, seed = HANDS[number]
    return real_hand(preset, players, seed)


def _pips(number: int) -> list[int]:
    r = hand(number)
    return [r.rules.hand_value(h) for h in r.hands]


def _winner_points(number: int) -> int:
    result = result_of(hand(number))
    side = result.winning_side
    return 0 if side is None else result.points[side]


def _standard() -> Rules:
    return Rules.preset("standard")


@functools.cache
def _cases() -> tuple[tuple[int, ...], ...]:
    """The pips left by the real hands of 600 deals (standard rules, 2 to 4 players) that
    nobody went out of."""
    cases = []
    for seed in range(600):
        players = 2 + seed % 3
        r = Round.deal("standard", players, seed=seed)
        seats = [RandomPlayer(seed=seed + s) for s in range(players)]
        while not r.is_over:
            r.play(seats[r.turn].choose(r.view(r.turn)))
        if result_of(r).went_out is None:
            cases.append(tuple(result_of(r).pips))
    assert any(sorted(c)[0] == sorted(c)[1] for c in cases), "the cases must include ties"
    return tuple(cases)


def _test_others_minus_own(others_minus_own: object) -> Optional[str]:
    """Try the learner's scoring function on the pips left by real hands (:func:`_cases`);
    ``dl.score`` says what is right."""
    for case in _cases():
        pips = list(case)
        shown = f"others_minus_own({pips})"
        try:
            got = call(others_minus_own, list(pips), shown=shown)
        except Failed as failed:
            return failed.message
        right = list(score(_standard(), pips=pips).points)
        given = [whole_number(x) for x in got] if isinstance(got, (list, tuple)) else None
        if given is None or None in given or len(given) != len(pips):
            return _("{call} returned {given}; it should return a list of {count} whole numbers.").format(
                call=shown, given=describe(got), count=len(pips))
        if given != right:
            low = min(pips)
            if pips.count(low) > 1:
                text = _("{call} returned {given}, but the points are {right}: two players tie on {low} pips, and on "
                         "a tie nobody scores.")
            else:
                text = _("{call} returned {given}, but the points are {right}: seat {winner} has the fewest pips and "
                         "scores the others' {others} minus its own {low}.")
            return text.format(call=shown, given=given, right=right, low=low, winner=pips.index(low),
                               others=sum(pips) - low)
    return None


q1 = Exercise(
    1,
    "Standard rules, three players: a hand ended with nobody able to play or draw, and the hands hold 27, 14 and 44 "
    "pips. How many points does the winner score? Give a whole number.",
    answer=Integer(),
    expected=lambda: _winner_points(1),
    nudges={
        27 + 44: N_("that is the others' pips; the standard rule then takes off the winner's own."),
        27 + 14 + 44: N_("that counts every hand, the winner's own included."),
        (27 - 14) + (44 - 14): N_("that is the family rule (the sum of the differences); "
                               "the standard rule subtracts the winner's pips once."),
    },
    hint=N_("The player with the fewest pips wins and scores the others' pips minus their own."),
    solution=N_("Seat 1 has the fewest pips and scores (27 + 44) - 14."),
    code='dl.score(dl.Rules.preset("standard"), pips=[27, 14, 44]).points[1]',
)

q2 = Exercise(
    2,
    "Family rules, three players: a blocked hand leaves 27, 13 and 26 pips. How many points does the winner "
    "score? Give a whole number.",
    answer=Integer(),
    expected=lambda: _winner_points(2),
    nudges={
        27 + 26 - 13: N_("that would be the standard rule (others minus own). "
                      "The family rule subtracts the winner's pips from each other hand."),
        27 + 26: N_("that is the others' pips; the family rule subtracts the winner's pips from each of them."),
    },
    hint=N_("The family rules add up the differences between each other hand and the winner's."),
    solution=N_("(27 - 13) + (26 - 13) = 14 + 13."),
    code='dl.score(dl.Rules.preset("family"), pips=[27, 13, 26]).points[1]',
)

q3 = Exercise(
    3,
    "Standard rules, two players: a hand ended with nobody able to play or draw, and each hand holds 8 pips. "
    "Give the points of both players as a list (or tuple) of two whole numbers, seat 0 first.",
    answer=Sequence(Integer(), length=2, order=N_("seat 0 first"), example="[3, 5]"),
    expected=lambda: list(result_of(hand(3)).points),
    nudges={
        (8, 0): N_("a tie is not a win for either player under the standard rules."),
        (0, 8): N_("a tie is not a win for either player under the standard rules."),
        (8, 8): N_("8 is what each hand holds; what do the standard rules give on a tie?"),
    },
    hint=N_("Look up what the standard rules say about a tie for the fewest pips."),
    solution=N_("On a tie nobody scores."),
    code='list(dl.score(dl.Rules.preset("standard"), pips=[8, 8]).points)',
)

q4 = Exercise(
    4,
    "Partnership rules: seat 3 plays its last tile. Seat 0 holds 12 pips, seat 1 holds 6 and seat 2 holds 9. "
    "How many points does seat 3's team score? Work it out from `print(dl.Rules.preset('partnership').describe())`. "
    "Give a whole number.",
    answer=Integer(),
    expected=lambda: _winner_points(4),
    nudges={
        12 + 6 + 9: N_("that counts the partner's pips too. Seat 1 is seat 3's partner: read R13 and R15 again."),
        12 + 9 - 6: N_("that subtracts the partner's pips. Read the partnership preset's scoring rule (R13)."),
    },
    hint=N_("Print the preset's rules and find how a hand is scored (R13) and how partners count (R15)."),
    solution=N_("Seat 3's team (seats 1 and 3) wins and scores the losing team's pips: 12 + 9."),
    code='dl.score(dl.Rules.preset("partnership"), pips=[12, 6, 9, 0], went_out=3).points[1]',
)

q5 = Exercise(
    5,
    "Dutch rules, two players: seat 0 went out; seat 1 still holds 5-4, 3-1 and 0-0. How many points does seat 0 "
    "score? Give a whole number.",
    answer=Integer(),
    expected=lambda: _winner_points(5),
    nudges={9 + 4: N_("that counts the 0-0 as blank. What does it count in the Dutch game?")},
    hint=N_("In the Dutch game the double-blank is not worth nothing: `dl.Rules.preset('dutch').tile_values`."),
    solution=N_("The 0-0 counts 13 in the Dutch game: 9 + 4 + 13."),
    code='dl.score(dl.Rules.preset("dutch"), hands=[[], ["5-4", "3-1", "0-0"]], went_out=0).points[0]',
)

q6 = Exercise(
    6,
    "Predict, then check: to how many points is a match played under the basic rules (the modern statement) with "
    "three players? And under the family rules with three? Answer with a tuple of two whole numbers, basic first.",
    answer=Sequence(Integer(), length=2, order=N_("the basic rules first, then the family rules"), example="(50, 100)"),
    expected=lambda: (Rules.preset("basic").target_for(3), Rules.preset("family").target_for(3)),
    nudges={
        (_standard().target_for(3), _standard().target_for(3)):
            N_("that is the standard rules' target for three; the basic and family rule books say otherwise."),
        (121, 100): N_("121 is the cribbage-board custom the basic rule book mentions as what some players do; "
                    "its usual target is another number (`target_for(3)` gives the preset's)."),
    },
    hint=N_("A rule book's `target_for(sides)` gives its target for a number of sides; "
         "try `dl.Rules.preset('basic').target_for(3)`."),
    solution=N_("Both rule books play to the same target whatever the number of players."),
    code='(dl.Rules.preset("basic").target_for(3), dl.Rules.preset("family").target_for(3))',
)

q7 = Exercise(
    7,
    "Write a function `others_minus_own(pips)` that returns the list of points each seat scores under the standard "
    "rule, given the pips left in each hand (seat 0 first) at the end of a hand nobody went out of: the player with "
    "the fewest pips scores the others' pips minus their own, everyone else scores 0, and on a tie for the fewest "
    "nobody scores. Check it with `ex.q7.check(others_minus_own)`: the engine tries it on every hand of 600 real "
    "deals that nobody went out of.",
    answer=Code(_test_others_minus_own, what=N_("a function others_minus_own(pips) that returns a list of points"),
                example="def others_minus_own(pips): ..."),
    expected=lambda: PASSES,
    hint=N_("Find the lowest total with `min(pips)`; count how many seats have it with `pips.count(...)`."),
    hint_code="pips = [27, 14, 44]\nlow = min(pips)\nlow, pips.count(low), pips.index(low), sum(pips) - low",
    solution=N_("Find the unique lowest hand; it scores the sum of the others minus itself."),
    code="def others_minus_own(pips):\n"
         "    low = min(pips)\n"
         "    points = [0] * len(pips)\n"
         "    if pips.count(low) == 1:\n"
         "        points[pips.index(low)] = sum(pips) - 2 * low\n"
         "    return points\n\n"
         "others_minus_own",
)
