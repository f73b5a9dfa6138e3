"""Domino Lab: learn, play and study Draw Dominoes.

The engine (everything importable from here) is pure Python with no dependencies beyond
the standard library, so it also runs in the browser under Pyodide.  The Jupyter widget
lives in :mod:`dominolab.widget` and is imported only when asked for.

>>> import dominolab as dl
>>> r = dl.Round.deal(dl.Rules.preset("standard"), players=2, seed=7)
>>> r.play(r.legal_moves()[0])
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from . import inference, players, puzzles, reachable, simulation
from .match import Match
from .moves import AmbiguousMoveError, Draw, Event, IllegalMoveError, InvalidMoveError, Pass, Play
from .narration import narrate
from .pieces import Hand, Line, Placed
from .players import (
    GreedyPlayer,
    OmniscientPlayer,
    Player,
    PlayerError,
    RandomPlayer,
    SearchPlayer,
    StrategyPlayer,
)
from .playout import play_out
from .records import RecordError
from .review import Review, review
from .round import Round, Start
from .rules import Rules
from .scoring import RoundResult, score
from .simulation import SimulationResult, simulate
from .tiles import Tile, tile_set
from .tournament import Tournament
from .view import View

__version__ = "0.1.0"

__all__ = [
    "AmbiguousMoveError",
    "Draw",
    "Event",
    "GreedyPlayer",
    "Hand",
    "IllegalMoveError",
    "InvalidMoveError",
    "Line",
    "Match",
    "OmniscientPlayer",
    "Pass",
    "Placed",
    "Play",
    "Player",
    "PlayerError",
    "RandomPlayer",
    "RecordError",
    "Review",
    "Round",
    "RoundResult",
    "Rules",
    "SearchPlayer",
    "SimulationResult",
    "Start",
    "StrategyPlayer",
    "Tile",
    "Tournament",
    "View",
    "inference",
    "narrate",
    "play_out",
    "players",
    "puzzles",
    "reachable",
    "review",
    "score",
    "simulate",
    "simulation",
    "tile_set",
]

_LAZY = {"widget", "render"}


def __getattr__(name: str) -> Any:
    # Submodules that need Jupyter (the widget) load only when first used.
    if name in _LAZY:
        return import_module(f".{name}", __name__)
    raise AttributeError(f"module 'dominolab' has no attribute {name!r}")
