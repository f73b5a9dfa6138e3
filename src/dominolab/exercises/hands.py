"""Real hands for lessons and exercises: dealt from a seed and played to the end.

A lesson that shows the end of a hand shows one that really happened: the hand dealt from
``seed`` and played by one :class:`~dominolab.players.RandomPlayer` per seat, seat ``s``
seeded ``seed + s``.  The same seed always gives the same hand, so an exercise can quote
its figures and the tests can replay it.
"""

from __future__ import annotations

from typing import Optional, Union

from ..players import RandomPlayer
from ..round import Round
from ..rules import Rules

__all__ = ["real_hand"]


def real_hand(rules: Union[Rules, str], players: int, seed: int, moves: Optional[int] = None, *,
              leader: Optional[int] = None) -> Round:
    """The hand dealt from ``seed`` and played by random players, to the end or for ``moves``
    moves.  ``leader`` makes that seat lead with any tile, as in a later hand of a match."""
    r = Round.deal(rules, players, seed=seed, leader=leader)
    seats = [RandomPlayer(seed=seed + s) for s in range(players)]
    played = 0
    while not r.is_over and (moves is None or played < moves):
        r.play(seats[r.turn].choose(r.view(r.turn)))
        played += 1
    return r
