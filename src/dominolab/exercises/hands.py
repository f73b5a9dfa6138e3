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
from ..scoring import RoundResult

__all__ = ["ends_of", "real_hand", "result_of"]


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


def result_of(r: Round) -> RoundResult:
    """The result of a finished hand (an exercise's hand always is)."""
    if r.result is None:
        raise ValueError("this hand is not over yet")
    return r.result


def ends_of(r: Round) -> tuple[int, int]:
    """The two ends of a line that has been started."""
    if r.ends is None:
        raise ValueError("nothing has been played yet")
    return r.ends
