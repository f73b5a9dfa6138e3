"""Exercises for lesson 4, strategy.

Two answers come from simulations that take a second or more.  A check must be instant, so
the figures are recorded here from the engine, and ``tests/test_exercises.py`` runs the
simulations (the solutions' code) and checks that the engine still gives these figures.
"""

from __future__ import annotations

from ..players import StrategyPlayer
from ..simulation import wilson_interval
from .answers import Boolean, Choice, Number
from .core import Exercise

__all__ = ["q1", "q2", "q3", "q4", "q5"]

#: ``simulate("standard", ["random", "random"], rounds=1000, seed=7).leader_win_rate()[0]``.
RECORDED_LEADER_RATE = 0.551

#: ``simulate("standard", [kind, "greedy"], rounds=400, seed=3).stats[0].win_rate`` for each kind.
RECORDED_WIN_RATES = {"strategy": 0.5675, "random": 0.5025}


q1 = Exercise(
    1,
    "In duplicate format every deal is played again with the players' seats swapped. What does that cancel out? "
    "(a) the players' skill, (b) the luck of the deal and the leader's advantage, (c) blocked hands. "
    "Answer 'a', 'b' or 'c'.",
    answer=Choice(("a", "b", "c")),
    expected=lambda: "b",
    nudges={
        "a": "if skill cancelled out, there would be nothing left to measure.",
        "c": "blocked hands still happen in duplicate play. What does playing each deal from both seats even out?",
    },
    hint="Both players get the same tiles and the same turn to lead, once each.",
    solution="Both players hold the same hands and lead equally often, so only skill is left to differ.",
)

q2 = Exercise(
    2,
    "A player wins 104 of 200 hands (52%). Does that show, at 95% confidence, that he is better than even? "
    "Answer True or False.",
    answer=Boolean(),
    expected=lambda: wilson_interval(104, 200)[0] > 0.5,
    nudges={True: "look at the lower end of the interval, not at the 52%."},
    hint="Compute the Wilson interval, `dl.simulation.wilson_interval(104, 200)`. Does it stay above 0.5?",
    solution="The 95% interval is about 45% to 59%, which includes 50%.",
    code="low, high = dl.simulation.wilson_interval(104, 200)\nlow > 0.5",
)

q3 = Exercise(
    3,
    "Run `result = dl.simulate('standard', ['random', 'random'], rounds=1000, seed=7, progress=False)` and give the "
    "leader's win rate, `result.leader_win_rate()[0]`, to 3 decimal places: a number between 0 and 1 "
    "(or a percentage as text, such as '12.5%').",
    answer=Number(places=3, percent=True),
    expected=lambda: RECORDED_LEADER_RATE,
    nudges={0.5: "that would mean no advantage at all; run the simulation with exactly these arguments "
                 "and read `result.leader_win_rate()[0]`."},
    hint="`result.leader_win_rate()` returns the rate and its 95% interval, as (rate, (low, high)).",
    solution="The leader wins a little more than half the hands.",
    code="result = dl.simulate('standard', ['random', 'random'], rounds=1000, seed=7, progress=False)\n"
         "result.leader_win_rate()[0]",
)

q4 = Exercise(
    4,
    "Which StrategyPlayer component stands for the advice 'keep numbers you hold many of on the ends'? "
    "Give its name as a string.",
    answer=Choice(StrategyPlayer.COMPONENTS, what="a component's name", example="'blocking'",
                  unknown="there is no component called {answer}; "
                          "the names are the keys of `dl.StrategyPlayer.COMPONENTS`."),
    expected=lambda: "suit_control",
    nudge="{answer} is a component, but not the one for that advice; "
          "`print(dl.StrategyPlayer.__doc__)` explains each.",
    hint="`list(dl.StrategyPlayer.COMPONENTS)` lists the names; `print(dl.StrategyPlayer.__doc__)` explains each.",
    solution="The class's docstring describes suit_control as keeping numbers you hold many of on the ends.",
)

q5 = Exercise(
    5,
    "Against the Greedy player (400 duplicate hands, seed 3), which wins more hands: 'strategy' or 'random'? "
    "Give the name as a string.",
    answer=Choice(("strategy", "random"), aliases={"strategist": "strategy", "strategyplayer": "strategy",
                                                     "randomplayer": "random"}),
    expected=lambda: max(RECORDED_WIN_RATES, key=RECORDED_WIN_RATES.get),
    nudges={"random": "run both experiments and compare `rates`: which share of hands won is higher?"},
    hint="Simulate each against 'greedy' and compare `result.stats[0].win_rate`.",
    solution="The strategist wins more hands against Greedy than the random player does.",
    code="rates = {}\n"
         "for kind in ('strategy', 'random'):\n"
         "    result = dl.simulate('standard', [kind, 'greedy'], rounds=400, seed=3, progress=False)\n"
         "    rates[kind] = result.stats[0].win_rate\n"
         "print(rates)\n"
         "max(rates, key=rates.get)",
)
