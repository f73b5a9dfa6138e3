"""Exercises for lesson 4, strategy.  Expected answers come from the engine's simulator."""

from __future__ import annotations

from ..players import StrategyPlayer
from ..simulation import simulate, wilson_interval
from .core import Exercise

__all__ = ["q1", "q2", "q3", "q4", "q5"]


def _leader_rate() -> float:
    result = simulate("standard", ["random", "random"], rounds=1000, seed=7, progress=False)
    return result.leader_win_rate()[0]


def _stronger_against_greedy() -> str:
    rates = {}
    for kind in ("strategy", "random"):
        result = simulate("standard", [kind, "greedy"], rounds=400, seed=3, progress=False)
        rates[kind] = result.stats[0].win_rate
    return max(rates, key=rates.get)


q1 = Exercise(
    1,
    "In duplicate format every deal is played again with the players' seats swapped. What does that cancel out? "
    "(a) the players' skill, (b) the luck of the deal and the leader's advantage, (c) blocked hands. "
    "Answer 'a', 'b' or 'c'.",
    expected=lambda: "b",
    hint="Both players get the same tiles and the same turn to lead, once each.",
    solution="'b': both players hold the same hands and lead equally often, so only skill is left to differ.",
    wrong="a",
    judge=lambda answer, expected: None if str(answer).strip().lower().strip("()") == expected else
    "if skill cancelled out, there would be nothing left to measure.",
)

q2 = Exercise(
    2,
    "A player wins 104 of 200 hands (52%). Does that show, at 95% confidence, that he is better than even? "
    "Answer True or False.",
    expected=lambda: wilson_interval(104, 200)[0] > 0.5,
    hint="Compute the Wilson interval: dominolab.simulation.wilson_interval(104, 200). Does it stay above 0.5?",
    solution="False: the 95% interval is about 45% to 59%, which includes 50%.\n\n"
             "from dominolab.simulation import wilson_interval\nwilson_interval(104, 200)",
    wrong=True,
    nudge="look at the lower end of the interval, not at the 52%.",
)

q3 = Exercise(
    3,
    "Run dl.simulate('standard', ['random', 'random'], rounds=1000, seed=7, progress=False) and give the "
    "leader's win rate (result.leader_win_rate()[0]), as a number between 0 and 1.",
    expected=_leader_rate,
    hint="result = dl.simulate(...); result.leader_win_rate() returns (rate, interval).",
    solution="result = dl.simulate('standard', ['random', 'random'], rounds=1000, seed=7, progress=False)\n"
             "result.leader_win_rate()[0]",
    wrong=0.5,
    judge=lambda answer, expected: None if abs(float(answer) - expected) < 0.0005 else
    "run the simulation with exactly these arguments and read leader_win_rate()[0].",
)

q4 = Exercise(
    4,
    "Which StrategyPlayer component stands for the advice 'keep numbers you hold many of on the ends'? "
    "Give its name as a string.",
    expected=lambda: "suit_control",
    hint="dl.StrategyPlayer.COMPONENTS lists the names; the class docstring explains each.",
    solution="'suit_control'\n\nlist(dl.StrategyPlayer.COMPONENTS)",
    wrong="lead_strong_suit",
    judge=lambda answer, expected: None if answer == expected else (
        f"{answer!r} is a component, but not that one." if answer in StrategyPlayer.COMPONENTS
        else f"there is no component called {answer!r}; see dl.StrategyPlayer.COMPONENTS."),
)

q5 = Exercise(
    5,
    "Against the Greedy player (400 duplicate hands, seed 3), which wins more hands: 'strategy' or 'random'?",
    expected=_stronger_against_greedy,
    hint="Simulate each against 'greedy' and compare result.stats[0].win_rate.",
    solution="'strategy'\n\nfor kind in ('strategy', 'random'):\n"
             "    r = dl.simulate('standard', [kind, 'greedy'], rounds=400, seed=3, progress=False)\n"
             "    print(kind, r.stats[0].win_rate)",
    wrong="random",
)
