"""Simulated students for the tournament tests: an entry played to its last hand by an engine
player (``RandomPlayer`` is the usual student: a random tile that fits, a draw or a pass only
when none does)."""

import random
from pathlib import Path
from typing import Optional, Protocol, Union

from dominolab import View
from dominolab.moves import Move
from dominolab.players import RandomPlayer
from dominolab.tournament import Entry, Tournament


class Chooser(Protocol):
    def choose(self, view: View) -> Move: ...


class AnyMove:
    """A careless student: any legal move at random, a draw even when a tile fits."""

    def __init__(self, seed: int):
        self._rng = random.Random(seed)

    def choose(self, view: View) -> Move:
        return self._rng.choice(view.legal)


def finish(entry: Entry, player: Chooser, folder: Optional[Union[str, Path]] = None) -> Entry:
    """Play ``entry`` to the end of its last hand, ``player`` choosing every move; with a
    ``folder``, the progress is saved there after each move (as the table does)."""
    while not entry.is_finished:
        while not entry.view().is_over:
            entry.play(player.choose(entry.view()))
            if folder is not None:
                entry.save_progress(folder)
        entry.next_hand()
    return entry


def play_student(t: Tournament, name: str, seed: int) -> Entry:
    """A student called ``name`` who plays the whole tournament ``t`` with a random tile that
    fits each turn (their own ``seed``)."""
    return finish(t.entry(name), RandomPlayer(seed))
