"""Argument checks shared by the engine: one wording for "a whole number", "a seat", "a seed".

Each check returns the value when it is good and raises ``ValueError`` naming the argument
and quoting (a short excerpt of) what was given when it is not.  ``True`` is not a number
here, although Python lets ``True == 1``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Optional

from . import i18n as _i18n


def _(message: str) -> str:
    """The message in the language of the moment (``dominolab.i18n._``, looked up when called:
    ``i18n`` imports this module for ``PicklableError``)."""
    return _i18n._(message)

__all__ = ["PicklableError", "check_cancel", "check_int", "check_number", "check_seat", "check_seed", "excerpt",
           "is_int"]


class PicklableError(Exception):
    """A base for the package's exceptions whose ``__init__`` takes other arguments than
    the ``args`` it passes on (a language code in, a sentence out): Python pickles an
    exception as ``cls(*args)``, which would call that ``__init__`` with the wrong
    arguments.  This one is rebuilt from its ``args`` and attributes without calling
    ``__init__``, so it comes back whole from a worker process (Dask, multiprocessing); an
    attribute that cannot be pickled (a learner's object) comes back as its excerpt."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild_error, (type(self), self.args, {key: _picklable(value) for key, value in vars(self).items()}))


def _picklable(value: Any) -> Any:
    import pickle

    try:
        pickle.dumps(value)
    except Exception:  # anything at all can be given to a check: keep what it said
        return excerpt(value)
    return value


def _rebuild_error(cls: type[BaseException], args: tuple[Any, ...], state: dict[str, Any]) -> BaseException:
    error = cls.__new__(cls, *args)
    error.args = args
    error.__dict__.update(state)
    return error


def is_int(value: Any) -> bool:
    """True for a whole number (an ``int`` that is not a ``bool``)."""
    return isinstance(value, int) and not isinstance(value, bool)


def excerpt(value: Any, limit: int = 40) -> str:
    """``repr(value)``, cut to ``limit`` characters, for error messages about bad input."""
    if isinstance(value, (str, bytes)) and len(value) > limit:
        value = value[:limit]
        return repr(value)[: limit + 2] + "…"
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__ must not hide the real problem
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit + 2 else text[:limit] + "…"


def check_int(value: Any, name: str, low: Optional[int] = None, high: Optional[int] = None) -> int:
    """``value`` if it is a whole number from ``low`` to ``high`` (either may be ``None``)."""
    if not is_int(value) or (low is not None and value < low) or (high is not None and value > high):
        if low is not None and high is not None:
            text = _("{name} must be a whole number from {low} to {high}, got {given}")
        elif low is not None:
            text = _("{name} must be a whole number >= {low}, got {given}")
        elif high is not None:
            text = _("{name} must be a whole number <= {high}, got {given}")
        else:
            text = _("{name} must be a whole number, got {given}")
        raise ValueError(text.format(name=name, low=low, high=high, given=excerpt(value)))
    return int(value)


def check_number(value: Any, name: str, low: float = 0.0, *, positive: bool = False) -> float:
    """``value`` if it is a finite real number >= ``low`` (> 0 when ``positive``)."""
    ok = isinstance(value, (int, float)) and not isinstance(value, bool) and value == value \
        and value not in (float("inf"), float("-inf"))
    if not ok or value < low or (positive and value <= 0):
        text = _("{name} must be a positive number, got {given}") if positive else \
            _("{name} must be a number >= {low}, got {given}")
        raise ValueError(text.format(name=name, low=f"{low:g}", given=excerpt(value)))
    return float(value)


def check_seat(value: Any, players: int, name: str = "seat") -> int:
    """``value`` if it is a seat of a ``players``-seat table (0 to players - 1)."""
    return check_int(value, name, 0, players - 1)


def check_seed(value: Any, name: str = "seed") -> Optional[int]:
    """``value`` if it is ``None`` or a whole number (any size or sign: records keep it as is)."""
    if value is None:
        return None
    return check_int(value, name)


def check_cancel(cancel: Any) -> Callable[[], bool]:
    """``cancel`` (a ``threading.Event``, a function returning True to stop, or ``None``:
    never) as a function returning True to stop."""
    if cancel is None:
        return lambda: False
    is_set = getattr(cancel, "is_set", None)
    if callable(is_set):
        return is_set  # type: ignore[no-any-return]
    if callable(cancel):
        return cancel  # type: ignore[no-any-return]
    raise ValueError(f"cancel must be a threading.Event or a function returning True to stop, got {excerpt(cancel)}")
