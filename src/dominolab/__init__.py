"""Domino Lab: learn, play and study Draw Dominoes.

The engine (everything importable from here) is pure Python with no dependencies beyond
the standard library, so it also runs in the browser under Pyodide.  The Jupyter widget
lives in :mod:`dominolab.widget` and is imported only when asked for.  The parts a first
lesson does not need (the simulator, the puzzles, the tournament, the reachability checker)
also load when first used, so ``import dominolab`` stays quick in
JupyterLite.

>>> import dominolab as dl
>>> r = dl.Round.deal(dl.Rules.preset("standard"), players=2, seed=7)
>>> r.play(r.legal_moves()[0])
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from . import inference, players
from .i18n import UnknownLanguageError, get_language, language, set_language
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
from .review import Review, review  # eager: importing the submodule would rebind dl.review
from .round import Round, Start
from .rules import Rules
from .scoring import RoundResult, score
from .tiles import Tile, tile_set
from .view import View

__version__ = "0.1.0"

__all__ = [
    "AmbiguousMoveError",
    "AnalysisBoard",
    "AnalysisError",
    "AnalysisTextError",
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
    "UnknownLanguageError",
    "View",
    "get_language",
    "inference",
    "language",
    "narrate",
    "play_out",
    "players",
    "puzzles",
    "reachable",
    "review",
    "score",
    "set_language",
    "simulate",
    "simulation",
    "teachers_folder",
    "tile_set",
]

#: Submodules loaded when first used: the widget (it needs Jupyter) and the parts a first
#: lesson does not need.
_LAZY_MODULES = {"analysis", "analysis_text", "widget", "render", "puzzles", "reachable", "simulation", "teachers",
                 "tournament"}
#: Names loaded with their module when first used: name -> (module, attribute).
_LAZY_NAMES = {
    "AnalysisBoard": ("analysis", "AnalysisBoard"),
    "AnalysisError": ("analysis", "AnalysisError"),
    "AnalysisTextError": ("analysis", "AnalysisTextError"),
    "SimulationResult": ("simulation", "SimulationResult"),
    "simulate": ("simulation", "simulate"),
    "teachers_folder": ("teachers", "teachers_folder"),
    "Tournament": ("tournament", "Tournament"),
}


def __getattr__(name: str) -> Any:
    if name in _LAZY_NAMES:
        module, attribute = _LAZY_NAMES[name]
        value = getattr(import_module(f".{module}", __name__), attribute)
    elif name in _LAZY_MODULES:
        value = import_module(f".{name}", __name__)
    else:
        raise AttributeError(f"module 'dominolab' has no attribute {name!r}")
    globals()[name] = value  # later lookups find it directly
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__, *_LAZY_MODULES})
