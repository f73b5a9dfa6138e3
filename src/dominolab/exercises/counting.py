"""Exercises for lesson 5, counting and inference.  Expected answers come from the engine.

The lesson's position and the exercises' positions are real: each is a hand dealt from a
seed and played by random players for a number of moves
(:func:`~dominolab.exercises.hands.real_hand`).  The exercises use their own positions, not
the lesson's.
"""

from __future__ import annotations

import functools
import math
from typing import Any, Optional

from ..i18n import N_, Deferred, _, ngettext
from ..inference import infer, known_voids
from ..round import Round
from ..view import View
from .answers import PASSES, Boolean, Code, Failed, Number, Set, call, describe, whole_number
from .answers import Integer as _Integer
from .core import Exercise
from .hands import real_hand

__all__ = [
    "draw_position",
    "draw_then_play_position",
    "exercise_position",
    "pass_position",
    "position",
    "q1",
    "q2",
    "q3",
    "q4",
    "q5",
    "q6",
]


def position() -> Round:
    """The lesson's position: seat 0 to play in a real two-player hand, eight moves in."""
    return real_hand("standard", 2, seed=4, moves=4)


def draw_position() -> Round:
    """Section 4's hand (basic rules): seat 2 has just drawn against ends 0 and 5, then played."""
    return real_hand("basic", 3, seed=4, moves=7)


def exercise_position() -> Round:
    """The exercises' position: seat 0 to play in another real two-player hand."""
    return real_hand("standard", 2, seed=22, moves=7)


def pass_position() -> Round:
    """Exercise 3's hand (standard rules): seat 1 has just passed."""
    return real_hand("standard", 2, seed=15, moves=28)


def draw_then_play_position() -> Round:
    """Exercise 4's hand (basic rules): seat 2 drew against ends 4 and 6, then played."""
    return real_hand("basic", 3, seed=3, moves=15)


def _view() -> View:
    return exercise_position().view(0)


def _counts() -> tuple[int, int, int]:
    """Tiles seat 0 cannot see, how many of them fit an end, and tiles in the whole set."""
    view = _view()
    return len(view.unseen), sum(1 for t in view.unseen if view.fits(t)), len(view.rules.tiles)


def _fit_share() -> float:
    unseen, fits, _ = _counts()
    return fits / unseen


def _three_draws() -> float:
    unseen, fits, _ = _counts()
    return 1 - math.comb(unseen - fits, 3) / math.comb(unseen, 3)


def _odds() -> dict[int, float]:
    return infer(_view()).suit_probabilities[1]


#: The number exercise 5 asks about.
NUMBER_Q5 = 3


@functools.cache
def _views() -> tuple[View, ...]:
    """Views from real Dutch hands (2 to 4 players), passes and later draws among them, for
    exercise 6."""
    from ..players import RandomPlayer

    views = []
    for seed in range(80):
        players = 2 + seed % 3
        r = Round.deal("dutch", players, seed=seed)
        seats = [RandomPlayer(seed=seed + s) for s in range(players)]
        while not r.is_over:
            r.play(seats[r.turn].choose(r.view(r.turn)))
            views.append(r.view(seed % players))
    assert any(e.action == "pass" for v in views for e in v.history)
    return tuple(views)


#: One of a seat's events in words: (action, whether there were ends) -> message.
_EVENT_WORDS = {
    ("play", False): N_("seat {seat} plays"), ("play", True): N_("seat {seat} plays against {ends}"),
    ("draw", False): N_("seat {seat} draws"), ("draw", True): N_("seat {seat} draws against {ends}"),
    ("pass", False): N_("seat {seat} passes"), ("pass", True): N_("seat {seat} passes against {ends}"),
}


def _test_lacks(lacks: Any) -> Optional[str]:
    """Try ``lacks(history, seat)`` on real views; ``known_voids`` says what is right."""
    for view in _views():
        for seat, right in known_voids(view).items():
            shown = ngettext("lacks(<the {count} event of a hand>, {seat})",
                             "lacks(<the {count} events of a hand>, {seat})",
                             len(view.history)).format(count=len(view.history), seat=seat)
            try:
                got = call(lacks, list(view.history), seat, shown=shown)
            except Failed as failed:
                return failed.message
            try:
                numbers_given = [whole_number(n) for n in got]
            except Exception:
                numbers_given = [None]
            if None in numbers_given:
                return _("{call} returned {given}; it should return a set of whole numbers.").format(
                    call=shown, given=describe(got))
            given = {n for n in numbers_given if n is not None}
            if given != set(right):
                events = "; ".join(_(_EVENT_WORDS[(e.action, bool(e.ends))]).format(seat=e.seat, ends=e.ends)
                                   for e in view.history if e.seat == seat)
                return _("{call} returned {given}, but seat {seat} is known to lack {right}. Seat {seat}'s events: "
                         "{events}.").format(call=shown, given=sorted(given), seat=seat, right=sorted(right),
                                             events=events)
    return None


def _last_ends() -> tuple[int, int]:
    """The ends seat 1 passed against in :func:`pass_position`."""
    ends = pass_position().view(0).history[-1].ends
    assert ends is not None
    return ends


q1 = Exercise(
    1,
    "In the exercises' position (`ex.exercise_position()`, seat 0 to play), what share of the tiles seat 0 cannot "
    "see fit an end? Give a number between 0 and 1, to 3 decimal places (or a percentage as text, such as '12.5%').",
    answer=Number(places=3, percent=True),
    expected=_fit_share,
    nudges={
        _counts()[1] / _counts()[2]: N_("divide by the tiles seat 0 cannot see, not by the whole set."),
        1 - _fit_share(): N_("that is the share that does not fit."),
    },
    hint=N_("`view.unseen` lists the tiles seat 0 cannot see, and `view.fits(tile)` tells whether a tile fits an end."),
    hint_code="view = ex.exercise_position().view(0)\nview.ends, len(view.unseen)",
    solution=N_("Count the unseen tiles that fit and divide by all the unseen tiles."),
    code="view = ex.exercise_position().view(0)\n"
         "fits = [t for t in view.unseen if view.fits(t)]\n"
         "len(fits) / len(view.unseen)",
)

q2 = Exercise(
    2,
    "Same position: suppose seat 0 had to draw three tiles. What is the chance that at least one of them fits? "
    "(Every unseen tile is equally likely to be in the boneyard.) Give a number between 0 and 1, to 3 decimal "
    "places (or a percentage as text, such as '12.5%').",
    answer=Number(places=3, percent=True),
    expected=_three_draws,
    nudges={
        3 * _fit_share(): N_("adding the chances of each draw counts some cases twice; "
                          "work out the chance that none fits."),
        _fit_share(): N_("that is the chance for one draw; with three draws there are three chances to find a fit."),
        1 - (1 - _fit_share()) ** 3: N_("that treats each draw as if the tile went back. "
                                     "After a tile that does not fit, one fewer is left of each kind."),
    },
    hint=N_("Count the chance that none fits: choose 3 of the tiles that do not fit, out of 3 of all the unseen "
         "tiles. math.comb(n, k) counts the ways to choose k of n."),
    solution=N_("1 - comb(unseen - fitting, 3) / comb(unseen, 3)."),
    code="import math\n\n"
         "view = ex.exercise_position().view(0)\n"
         "unseen = len(view.unseen)\n"
         "fitting = sum(1 for t in view.unseen if view.fits(t))\n"
         "1 - math.comb(unseen - fitting, 3) / math.comb(unseen, 3)",
)

q3 = Exercise(
    3,
    "In `r = ex.pass_position()` (standard rules), seat 1 has just passed. Look at `r.view(0).history[-1]`. Which "
    "numbers is seat 1 now known to lack? Give a set of whole numbers.",
    answer=Set(_Integer(suits=True), example="{2, 5}"),
    expected=lambda: set(known_voids(pass_position().view(0))[1]),
    nudges=[
        (frozenset({_last_ends()[0]}), N_("a pass says something about both ends.")),
        (frozenset({_last_ends()[1]}), N_("a pass says something about both ends.")),
    ],
    hint=N_("A player passes only when nothing they hold fits either end (and they may not draw)."),
    solution=N_("Seat 1 passed against both ends, so they hold neither number."),
    code="r = ex.pass_position()\n"
         "last = r.view(0).history[-1]\n"
         "print(last)\n"
         "set(last.ends)",
)

q4 = Exercise(
    4,
    "Basic rules (no drawing while able to play): in `r = ex.draw_then_play_position()`, seat 2 drew against "
    "ends 4 and 6 and then played the tile that fitted (see `r.view(0).history[-2:]`). Can seat 2 still hold a "
    "6? Answer True or False.",
    answer=Boolean(),
    expected=lambda: 6 not in known_voids(draw_then_play_position().view(0))[2],
    nudges={True: N_("think about which tiles seat 2 kept: could any of them have fitted?")},
    hint=N_("Under these rules a player may only draw when nothing fits; and the tile that fitted was played."),
    solution=N_("Every tile seat 2 kept lacked 4 and 6, and the tile that fitted was the one it played."),
    code="from dominolab.inference import known_voids\n\n"
         "6 not in known_voids(ex.draw_then_play_position().view(0))[2]",
)

q5 = Exercise(
    5,
    f"Use `infer(view)` on the exercises' position (`view = ex.exercise_position().view(0)`): what is the "
    f"probability that seat 1 holds at least one {NUMBER_Q5}? Give a number between 0 and 1, to 3 decimal places "
    "(or a percentage as text, such as '12.5%').",
    answer=Number(places=3, percent=True),
    expected=lambda: _odds()[NUMBER_Q5],
    nudges={
        **{p: N_("that is the chance for another number; the probabilities are indexed by seat, then by number.")
           for n, p in _odds().items() if round(p, 3) != round(_odds()[NUMBER_Q5], 3)},
        1 - _odds()[NUMBER_Q5]: Deferred("that is the chance that seat 1 holds no {number}.", number=NUMBER_Q5),
    },
    hint=N_("`infer(view).suit_probabilities` maps each seat to the chance it holds each number."),
    hint_code="from dominolab.inference import infer\n\nview = ex.exercise_position().view(0)",
    solution=N_("The inference counts every deal of the unseen tiles that fits what seat 0 has seen."),
    code="from dominolab.inference import infer\n\n"
         "view = ex.exercise_position().view(0)\n"
         f"infer(view).suit_probabilities[1][{NUMBER_Q5}]",
)

q6 = Exercise(
    6,
    "Write a function `lacks(history, seat)` for the Dutch rules (at most two draws a turn, then pass; drawing "
    "is allowed even when able to play): it goes through the events of `history` (each has `.seat`, `.action` "
    "and `.ends`) and returns the set of numbers `seat` is known to lack now. A pass "
    "against ends a and b shows the seat lacks a and b; a draw by the seat brings a tile nobody saw, so forget "
    "what you knew about it. Check it with `ex.q6.check(lacks)`: the engine compares it with `known_voids` on "
    "real Dutch hands.",
    answer=Code(_test_lacks, what=N_("a function lacks(history, seat) that returns a set of numbers"),
                example="def lacks(history, seat): ..."),
    expected=lambda: PASSES,
    hint=N_("Start with an empty set; for each of the seat's events: on a pass add both ends, on a draw start again "
         "with an empty set."),
    hint_code="r = ex.pass_position()\n[e for e in r.view(0).history if e.seat == 1][-3:]",
    solution=N_("Passes add both ends; a draw wipes the slate, because the drawn tile is unknown."),
    code="def lacks(history, seat):\n"
         "    known = set()\n"
         "    for event in history:\n"
         "        if event.seat != seat:\n"
         "            continue\n"
         "        if event.action == 'draw':\n"
         "            known = set()\n"
         "        elif event.action == 'pass':\n"
         "            known |= set(event.ends)\n"
         "    return known\n\n"
         "lacks",
)
