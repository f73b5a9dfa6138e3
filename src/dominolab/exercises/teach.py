"""Exercises for lesson 8, "Teach the computer": the PettingZoo environment, its actions,
rewards and observation, and the linear player.

The environment needs numpy and PettingZoo (``pip install "dominolab[env]"``); this module
imports them only when an answer is checked, so the engine's modules never load them.
"""

from __future__ import annotations

import functools
from typing import Any, Optional

from ..i18n import N_, _
from ..rules import Rules
from ..search import net_utility
from ..tiles import Tile
from .answers import PASSES, Boolean, Choice, Code, Failed, Integer, call, describe
from .core import Exercise

__all__ = ["BLOCKS", "q1", "q2", "q3", "q4", "q5", "q6"]

#: The observation's blocks, in order (``dominolab.env.Layout.blocks``; tests/test_env_lesson.py
#: checks the two agree).
BLOCKS = ("hand", "line", "played", "left", "right", "counts", "boneyard", "drawn", "passes", "lacks", "to_move",
          "turn_draws", "scores", "target")


def _actions(rules: str = "standard") -> int:
    """The number of actions: one per tile id and end, then draw and pass."""
    numbers = Rules.preset(rules).max_pip + 1
    return 2 * (numbers * (numbers + 1) // 2) + 2


@functools.cache
def _masks() -> tuple[tuple[int, ...], ...]:
    """The action masks of the seat to move in real 2-player standard hands (random legal play)."""
    import random

    from ..env import raw_env

    game = raw_env(rules="standard", players=2)
    masks = []
    for seed in range(12):
        game.reset(seed=seed)
        rng = random.Random(seed)
        while game.agents and not game.terminations[game.agent_selection]:
            mask = game.observe(game.agent_selection)["action_mask"]
            masks.append(tuple(int(v) for v in mask))
            legal = game.legal_actions()
            game.step(legal[rng.randrange(len(legal))])
    return tuple(masks)


def _test_legal(answer: Any) -> Optional[str]:
    """Call the learner's ``legal(mask)`` on real masks (numpy arrays, as the environment
    gives them); it must return the legal action numbers, smallest first."""
    import numpy as np

    for mask in _masks():
        array = np.array(mask, dtype=np.int8)
        shown = _("legal(<a mask with {count} legal actions>)").format(count=sum(mask))
        try:
            got = call(answer, array, shown=shown)
        except Failed as failed:
            return failed.message
        expected = [i for i, v in enumerate(mask) if v]
        try:
            numbers = [int(x) for x in got]
        except Exception:
            return _("{call} returned {given}; expected a list of whole numbers.").format(
                call=shown, given=describe(got))
        if numbers != expected:
            return _("{call} returned {given}, but the legal actions are {expected}.").format(
                call=shown, given=numbers, expected=expected)
    return None


def _greedy_is_greedy() -> bool:
    """Whether the linear player with the greedy weights plays a heaviest playable tile in
    every position of real hands (the engine's greedy player's rule)."""
    import random

    from ..env.linear import GREEDY, LinearPlayer
    from ..moves import Play
    from ..round import Round

    player = LinearPlayer(GREEDY)
    for seed in range(30):
        r = Round.deal("standard", 2, seed=seed)
        rng = random.Random(seed)
        while not r.is_over:
            view = r.view(r.turn)
            plays = [m for m in view.legal_moves() if isinstance(m, Play)]
            move = player.choose(view)
            if plays and (not isinstance(move, Play) or move.tile.pips != max(m.tile.pips for m in plays)):
                return False
            moves = r.legal_moves()
            r.play(moves[rng.randrange(len(moves))])
    return True


q1 = Exercise(
    1,
    "How many actions does the environment have for the standard double-six set with two players "
    "(`env(rules='standard', players=2)`)? Give a whole number.",
    answer=Integer(),
    expected=lambda: _actions("standard"),
    nudges={
        56: N_("draw and pass are actions too."),
        30: N_("a tile has one action for each end of the line."),
        28: N_("that is the number of tiles; each has an action per end, and draw and pass are actions too."),
    },
    hint=N_("One action per tile and end (28 tiles, 2 ends), then one to draw and one to pass."),
    hint_code="from dominolab.env import env\n\ngame = env(rules='standard', players=2)\n"
              "game.action_space('player_0')",
    solution=N_("28 tiles × 2 ends = 56 plays, and draw and pass make 58."),
    code="from dominolab.env import env\n\nenv(rules='standard', players=2).action_space('player_0').n",
)

q2 = Exercise(
    2,
    "Which action number plays the tile 6-4 on the right end? (`2 * tile.id` plays a tile on the left end and "
    "`2 * tile.id + 1` on the right; `dl.Tile(6, 4).id` is the tile's id.) Give a whole number.",
    answer=Integer(),
    expected=lambda: 2 * Tile(6, 4).id + 1,
    nudges={
        2 * Tile(6, 4).id: N_("that plays 6-4 on the left end."),
        Tile(6, 4).id: N_("that is the tile's id; an action also says the end."),
    },
    hint=N_("Find the tile's id with `dl.Tile(6, 4).id`, then double it and add 1 for the right end."),
    solution=N_("6-4 has id 25, so it is 2 × 25 + 1 on the right end."),
    code="2 * dl.Tile(6, 4).id + 1",
)

q3 = Exercise(
    3,
    "A hand between two players ends with the points (0, 23): seat 1 scored 23. What reward does `player_0` "
    "receive? Give a whole number.",
    answer=Integer(example="-5"),
    expected=lambda: round(net_utility(2)((0, 23))[0]),
    nudges={
        0: N_("the reward is net: a seat's points less the other side's."),
        23: N_("that is the reward of player_1, the side that scored."),
    },
    hint=N_("Rewards are net points: each side's points less the other side's, so the two add up to zero."),
    solution=N_("0 − 23: what seat 1 scored, player_0 loses."),
    code="0 - 23",
)

q4 = Exercise(
    4,
    "Which block of the observation holds the numbers each seat is known to lack? Give its name as a string "
    "(`game.unwrapped.layout.blocks` lists the blocks).",
    answer=Choice(BLOCKS, what=N_("the name of a block"), example="'hand'",
                  unknown=N_("there is no block called {answer}; `game.unwrapped.layout.blocks` lists them.")),
    expected=lambda: "lacks",
    nudges={
        "passes": N_("that block counts each seat's passes; which one says what the passes showed?"),
        "played": N_("that block says who played which tile; which one says what a seat cannot hold?"),
    },
    hint=N_("Lesson 5 called them the numbers a seat is known to lack."),
    solution=N_("The lacks block: one row per seat, a 1 for each number that seat is known to lack."),
    code="'lacks'",
)

q5 = Exercise(
    5,
    "True or False: the linear player with the weights `GREEDY` (1 for the feature pips, 0 for every other one) "
    "plays a heaviest tile it can play in every position, as the greedy player does. Answer True or False.",
    answer=Boolean(),
    expected=_greedy_is_greedy,
    nudges={False: N_("with only pips counted, which play scores highest? And where does a draw score?")},
    hint=N_("A play scores its pips over 12 and a draw scores 0; the highest score is played."),
    solution=N_("Only the pips count, so the heaviest playable tile scores highest, and a draw (0) never beats "
                "a play."),
    code="from dominolab.env.linear import GREEDY, LinearPlayer\n\n"
         "player = LinearPlayer(GREEDY)\n"
         "r = dl.Round.deal('standard', 2, seed=1)\n"
         "view = r.view(r.turn)\n"
         "plays = [m for m in view.legal_moves() if isinstance(m, dl.Play)]\n"
         "player.choose(view).tile.pips == max(m.tile.pips for m in plays)",
)

q6 = Exercise(
    6,
    "Write a function `legal(mask)` that returns the list of the legal action numbers, smallest first, from an "
    "action mask (an array with a 1 for each legal action and a 0 for the others). Check it with "
    "`ex.q6.check(legal)`: the engine tries it on the masks of real positions.",
    answer=Code(_test_legal, what=N_("a function legal(mask)"), example="def legal(mask): ..."),
    expected=lambda: PASSES,
    hint=N_("Go through the mask with `enumerate` and keep the positions that hold a 1."),
    hint_code="mask = [0, 1, 0, 1]\nlist(enumerate(mask))",
    solution=N_("Keep each number whose entry in the mask is 1, in order."),
    code="def legal(mask):\n    return [action for action, allowed in enumerate(mask) if allowed]\n\nlegal",
)
