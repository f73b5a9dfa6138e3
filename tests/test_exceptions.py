"""Every exception class of the package survives pickling (Dask, multiprocessing and
concurrent.futures send errors back from a worker process that way).

The classes are found by importing every module of ``dominolab`` and collecting the
exception classes defined there, so a new exception is checked the day it is written: it
needs one example instance in ``EXAMPLES`` below, or this test fails naming it.  An
instance goes through ``pickle.dumps``/``loads`` and must come back of the same class,
with the same text, the same ``args`` and the same attributes.
"""

from __future__ import annotations

import importlib
import inspect
import pickle
import pkgutil
from collections.abc import Callable
from typing import Any

import pytest

import dominolab


def _modules() -> list[Any]:
    found = [dominolab]
    for info in pkgutil.walk_packages(dominolab.__path__, "dominolab."):
        try:
            found.append(importlib.import_module(info.name))
        except ImportError as exc:  # an optional extra that is not installed (the hub's client...)
            if exc.name and exc.name.split(".")[0] == "dominolab":
                raise
    return found


def exception_classes() -> dict[str, type[BaseException]]:
    """Every exception class defined in the package, by its module (as the class names it:
    ``TournamentError`` says ``dominolab.tournament``) and qualified name."""
    classes: dict[str, type[BaseException]] = {}
    for module in _modules():
        for _, value in inspect.getmembers(module, inspect.isclass):
            if issubclass(value, BaseException) and value.__module__.split(".")[0] == "dominolab":
                classes[f"{value.__module__}.{value.__qualname__}"] = value
    return classes


def _examples() -> dict[str, Callable[[], BaseException]]:
    from dominolab import Tile
    from dominolab.moves import Draw, Play
    from dominolab.reachable import Problem

    six_four = Tile(6, 4)
    return {
        "dominolab.analysis.AnalysisError": lambda: _with(
            dominolab.analysis.AnalysisError("a 7 is not a pip"), field="my tiles"),
        "dominolab.analysis.AnalysisTextError": lambda: dominolab.analysis.AnalysisTextError(18, "no such seat"),
        "dominolab.analysis._Bad": lambda: dominolab.analysis._Bad(3, "{where} it was played", ref=1, plain=True),
        "dominolab.analysis._NoDeal": lambda: dominolab.analysis._NoDeal(),
        "dominolab.dealing.StartError": lambda: dominolab.dealing.StartError("hands[1][0]", "not a tile"),
        "dominolab.exact.ExactLimitError": lambda: dominolab.exact.ExactLimitError("too many deals", nodes=12),
        "dominolab.exercises.answers.Failed": lambda: dominolab.exercises.answers.Failed("it stopped"),
        "dominolab.exercises.answers.Unreadable": lambda: dominolab.exercises.answers.Unreadable("not a tile"),
        "dominolab.exercises.core._AlsoRight": lambda: dominolab.exercises.core._AlsoRight("right too"),
        "dominolab.i18n.UnknownLanguageError": lambda: dominolab.i18n.UnknownLanguageError("klingon"),
        "dominolab.moves.AmbiguousMoveError": lambda: dominolab.moves.AmbiguousMoveError(
            six_four, (6, 4), [Play(six_four, "left"), Play(six_four, "right")]),
        "dominolab.moves.IllegalMoveError": lambda: dominolab.moves.IllegalMoveError(
            "not-in-hand", Play(six_four, "left"), (6, 1), 2, tile=six_four, hand=(Tile(1, 1),)),
        "dominolab.moves.InvalidMoveError": lambda: dominolab.moves.InvalidMoveError("cannot read '6-x'", "6-x"),
        "dominolab.players.HintCancelled": lambda: dominolab.players.HintCancelled("cancelled"),
        "dominolab.players.PlayerError": lambda: dominolab.players.PlayerError(1, Draw(), "it raised"),
        "dominolab.puzzles.PuzzleError": lambda: dominolab.puzzles.PuzzleError("puzzle 3 is wrong"),
        "dominolab.reachable.UnreachableError": lambda: dominolab.reachable.UnreachableError(
            [Problem("count", "seat 1 holds too many tiles")]),
        "dominolab.search._OutOfBudget": lambda: dominolab.search._OutOfBudget(),
        "dominolab.search.lookahead.LookaheadLimit": lambda: dominolab.search.lookahead.LookaheadLimit(),
        "dominolab.session.state.IntentError": lambda: _with(
            dominolab.session.state.IntentError("not your turn"), gentle=True),
        "dominolab.records.RecordError": lambda: dominolab.records.RecordError("moves[3]", "not a move"),
        "dominolab.validate.PicklableError": lambda: dominolab.validate.PicklableError("a sentence"),
        "dominolab.tournament.TournamentError": lambda: dominolab.tournament.TournamentError("bad code"),
        "dominolab.exercises.settings.SettingsError": lambda: dominolab.exercises.settings.SettingsError(
            "solutions is 'on' or 'off'"),
        # the classroom hub's (the service's need the hub extra: without it they are not found)
        "dominolab.hub.client.HubError": lambda: dominolab.hub.client.HubError(
            "move 1 was already made", 409, {"number": 1}),
        "dominolab.hub.referee.Refusal": lambda: _hub("referee").Refusal(409, "a move made is final", number=1),
        "dominolab.hub.store.Conflict": lambda: _hub("store").Conflict("move 3 of game 1 is stored already"),
    }


def _hub(module: str) -> Any:
    return importlib.import_module(f"dominolab.hub.{module}")


def _with(error: BaseException, **attributes: Any) -> BaseException:
    for name, value in attributes.items():
        setattr(error, name, value)
    return error


CLASSES = exception_classes()


def test_the_walk_finds_the_package_s_exceptions():
    """The walk is not empty-handed: it finds exceptions in the engine, the session and the
    tournament's package (a walk that found nothing would pass every check below)."""
    assert {"dominolab.i18n.UnknownLanguageError", "dominolab.session.state.IntentError",
            "dominolab.tournament.TournamentError", "dominolab.moves.IllegalMoveError"} <= set(CLASSES)


def test_every_exception_class_has_an_example():
    missing = sorted(set(CLASSES) - set(_examples()))
    assert not missing, f"add an example instance of these exception classes to EXAMPLES in {__file__}: {missing}"


@pytest.mark.parametrize("name", sorted(CLASSES))
def test_an_exception_survives_pickling(name):
    make = _examples().get(name)
    if make is None:
        pytest.fail(f"no example of {name} (see test_every_exception_class_has_an_example)")
    error = make()
    assert type(error) is CLASSES[name]
    back = pickle.loads(pickle.dumps(error))
    assert type(back) is type(error)
    assert str(back) == str(error)
    assert back.args == error.args
    assert _state(back) == _state(error)


def _state(error: BaseException) -> dict[str, Any]:
    return {key: repr(value) for key, value in vars(error).items()}


def test_an_attribute_that_cannot_be_pickled_comes_back_as_its_excerpt():
    """What a learner passed may be anything (a lambda): the error still travels, saying it."""
    error = dominolab.moves.InvalidMoveError("cannot read it as a move", lambda: None)
    back = pickle.loads(pickle.dumps(error))
    assert str(back) == str(error)
    assert isinstance(back.given, str) and back.given.startswith("<function")


def test_an_unknown_language_keeps_the_code_it_was_given():
    back = pickle.loads(pickle.dumps(dominolab.i18n.UnknownLanguageError("klingon")))
    assert back.given == "klingon" and "'klingon'" in str(back) and str(back).count("no texts") == 1
