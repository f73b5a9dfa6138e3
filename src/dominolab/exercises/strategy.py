"""Exercises for lesson 4, strategy.

The lesson's large studies are recorded in ``strategy_studies.json`` (see
:mod:`~dominolab.exercises.studies`); exercises that read them compute their answer from the
same file, and ``tests/test_lessons.py`` checks that the engine still plays those studies'
deals the same way.
"""

from __future__ import annotations

import functools
import math
from typing import Any, Optional

from ..i18n import N_, Deferred, _, pgettext
from ..moves import Play
from ..players import StrategyPlayer
from ..round import Round
from ..simulation import wilson_interval
from .answers import PASSES, Boolean, Choice, Code, Failed, Number, call, describe
from .core import Exercise
from .studies import load

__all__ = ["allowed_moves", "q1", "q2", "q3", "q4", "q5", "q6", "studies"]

#: How many pieces of advice lesson 4 tests on their own (the ablations of section 4).
ADVICE = len(StrategyPlayer.COMPONENTS)


@functools.cache
def studies() -> dict[str, Any]:
    """The recorded studies, by id (loaded once)."""
    return load()


def allowed_moves(view: Any) -> list[Any]:
    """What exercise 6's player may choose: the heaviest double it can play, else the
    heaviest tile it can play, else its one legal move (a draw or a pass)."""
    plays = [m for m in view.legal_moves() if isinstance(m, Play)]
    if not plays:
        return [m for m in view.legal_moves() if not isinstance(m, Play)][:1]
    doubles = [m for m in plays if m.tile.is_double]
    pool = doubles or plays
    best = max(m.tile.pips for m in pool)
    return [m for m in pool if m.tile.pips == best]


@functools.cache
def _positions() -> tuple[Any, ...]:
    """Views of the seat to move in real 2-player standard hands (random play), doubles
    in hand among them."""
    from ..players import RandomPlayer

    views = []
    for seed in range(40):
        r = Round.deal("standard", 2, seed=seed)
        seats = [RandomPlayer(seed=seed + s) for s in range(2)]
        while not r.is_over:
            views.append(r.view(r.turn))
            r.play(seats[r.turn].choose(r.view(r.turn)))
    return tuple(views)


def _make_player(answer: Any) -> Any:
    if isinstance(answer, type):
        try:
            return answer(0)
        except TypeError:
            return call(answer, shown=f"{answer.__name__}()")
    return answer


def _test_player(answer: Any) -> Optional[str]:
    """Ask the learner's player for a move in many real positions; the move must be one
    :func:`allowed_moves` lists (the engine's legal moves, filtered by the rule to follow)."""
    try:
        player = _make_player(answer)
    except Failed as failed:
        return failed.message
    if not callable(getattr(player, "choose", None)):
        return _("{given} has no choose(self, view) method.").format(given=describe(answer))
    for view in _positions():
        shown = _("choose(<seat {seat}: hand {hand}, ends {ends}>)").format(seat=view.seat, hand=view.hand,
                                                                           ends=view.ends)
        try:
            move = call(player.choose, view, shown=shown)
        except Failed as failed:
            return failed.message
        if move not in view.legal_moves():
            return _("{call} returned {given}, which is not one of its legal moves {legal}.").format(
                call=shown, given=describe(move), legal=list(view.legal))
        allowed = allowed_moves(view)
        if move not in allowed:
            said = str(allowed[0])
            for other in allowed[1:]:
                said = pgettext("alternatives", "{first} or {second}").format(first=said, second=other)
            return _("{call} chose {move}, but the rule says {allowed}.").format(call=shown, move=move, allowed=said)
    return None


q1 = Exercise(
    1,
    "In duplicate format every deal is played once with each player in each seat. What does that cancel out? "
    "(a) the players' skill, (b) the luck of the deal and of the lead, (c) blocked hands. Answer 'a', 'b' or 'c'.",
    answer=Choice(("a", "b", "c")),
    expected=lambda: "b",
    nudges={
        "a": N_("if skill cancelled out, there would be nothing left to measure."),
        "c": N_("blocked hands still happen in duplicate play. What does playing each deal from both seats even out?"),
    },
    hint=N_("Both players get the same tiles and the same turn to lead, once each."),
    solution=N_("Both players hold the same hands and lead equally often, so only how they play is left to differ."),
)

q2 = Exercise(
    2,
    "A player wins 104 of 200 hands (52%). Does that show, at 95% confidence, that they are better than even? "
    "Answer True or False.",
    answer=Boolean(),
    expected=lambda: wilson_interval(104, 200)[0] > 0.5,
    nudges={True: N_("look at the lower end of the interval, not at the 52%.")},
    hint=N_("Compute the Wilson interval, `dl.simulation.wilson_interval(104, 200)`. Does it stay above 0.5?"),
    solution=N_("The 95% interval is about 45% to 59%, which includes 50%."),
    code="low, high = dl.simulation.wilson_interval(104, 200)\nlow > 0.5",
)

q3 = Exercise(
    3,
    "Predict, then check: the twenty runs of the null control had 1,000 hands each. Had each run played 4,000 "
    "hands, how wide would a typical 95% interval of the margin be, compared with a 1,000-hand run's? Give the "
    "ratio of the new width to the old, to 1 decimal place. (Check it with a live run of each size.)",
    answer=Number(places=1),
    expected=lambda: math.sqrt(1_000 / 4_000),
    nudges={
        0.25: N_("that would be if the width shrank in proportion to the number of hands; "
              "it shrinks with the square root of the number of deals."),
        2.0: N_("more hands make the interval narrower, not wider."),
        4.0: N_("more hands make the interval narrower, not wider."),
    },
    hint=N_("An interval's half-width is 1.96 × (spread of the per-deal margins) / √(number of deals)."),
    solution=N_("Four times the hands means four times the deals, and √4 = 2: the interval is half as wide."),
    code="import math\n\nmath.sqrt(1_000 / 4_000)",
)

q4 = Exercise(
    4,
    f"Section 4 tests {ADVICE} pieces of advice, each at 95% confidence. Suppose none of them made any difference. "
    "What is the chance that at least one still comes out significant, if the tests are independent and each "
    "has a 5% chance of a false alarm? Give a number between 0 and 1, to 2 decimal places (or a percentage as "
    "text, such as '12.5%').",
    answer=Number(places=2, percent=True),
    expected=lambda: 1 - 0.95 ** ADVICE,
    nudges={
        0.05 * ADVICE: N_("adding the chances counts some cases twice: work out the chance that none comes out "
                       "significant, and take it from 1."),
        0.05: N_("that is the chance for one test; there are several."),
        0.95 ** ADVICE: N_("that is the chance that none comes out significant."),
    },
    hint=N_("The chance that one test stays quiet is 0.95; that all of them stay quiet is 0.95 multiplied together."),
    solution=Deferred("1 - 0.95 ** {advice}: close to one chance in three.", advice=ADVICE),
    code=f"1 - 0.95 ** {ADVICE}",
)

q5 = Exercise(
    5,
    "Which StrategyPlayer component stands for the advice 'keep numbers you hold many of on the ends'? "
    "Give its name as a string (`print(dl.StrategyPlayer.__doc__)` explains each).",
    answer=Choice(StrategyPlayer.COMPONENTS, what=N_("a component's name"), example="'blocking'",
                  unknown=N_("there is no component called {answer}; "
                             "the names are the keys of `dl.StrategyPlayer.COMPONENTS`.")),
    expected=lambda: "suit_control",
    nudge=N_("{answer} is a component, but not the one for that advice; "
          "`print(dl.StrategyPlayer.__doc__)` explains each."),
    hint=N_("`list(dl.StrategyPlayer.COMPONENTS)` lists the names; `print(dl.StrategyPlayer.__doc__)` explains each."),
    solution=N_("The class's docstring describes suit_control as keeping numbers you hold many of on the ends."),
)

q6 = Exercise(
    6,
    "Write a player class `DoublesFirst` whose `choose(self, view)` plays the heaviest double it can play; "
    "with no double to play, the heaviest tile it can play; and with nothing to play, its one legal move (a draw "
    "or a pass). `view.legal_moves()` lists the legal moves; a play `m` has `isinstance(m, dl.Play)`, and "
    "`m.tile.is_double` and `m.tile.pips`. Check the class with `ex.q6.check(DoublesFirst)`: the engine asks it "
    "for a move in every position of forty real hands.",
    answer=Code(_test_player, what=N_("a player class DoublesFirst with a choose(self, view) method"),
                example="class DoublesFirst: ...", classes=True),
    expected=lambda: PASSES,
    hint=N_("Keep the legal moves that are plays; among them keep the doubles, if any; then take one with the most "
         "pips with `max(..., key=lambda m: m.tile.pips)`."),
    hint_code="r = dl.Round.deal('standard', 2, seed=3)\n"
              "view = r.view(r.turn)  # the seat to move\n"
              "plays = [m for m in view.legal_moves() if isinstance(m, dl.Play)]\n"
              "m = plays[0]\n"
              "m, m.tile.is_double, m.tile.pips",
    solution=N_("Filter the plays to the doubles when there are any, then take the heaviest."),
    code="class DoublesFirst:\n"
         "    name = 'doubles first'\n\n"
         "    def choose(self, view):\n"
         "        moves = view.legal_moves()\n"
         "        plays = [m for m in moves if isinstance(m, dl.Play)]\n"
         "        if not plays:\n"
         "            return moves[0]\n"
         "        doubles = [m for m in plays if m.tile.is_double]\n"
         "        return max(doubles or plays, key=lambda m: m.tile.pips)\n\n"
         "DoublesFirst",
)
