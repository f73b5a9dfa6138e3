"""Playing a hand out between players: the one loop that asks each seat for its move.

:func:`play_out` is what a match, the simulator, lessons, benchmarks and tests use to play
a hand between :class:`~dominolab.players.Player` objects; :func:`ask` asks one player for
one move and turns its failures (an exception, a move past the time limit) into a
:class:`~dominolab.players.PlayerError` naming the seat.  The search player's play-outs
are not this loop: they run on the round's bitmasks with no player objects at all.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, Optional

from .moves import IllegalMoveError, Move
from .players import Player, PlayerError
from .round import Round
from .validate import check_number, excerpt

__all__ = ["ask", "derive_seed", "play_out"]


def derive_seed(seed: int, *parts: int) -> int:
    """A seed for one part of a larger run (a hand of a match, a seat in a deal), from the
    run's seed and the part's indices alone: the same whatever ran before it."""
    value = seed % (2**63)
    for part in parts:
        value = (value * 1_000_003 + part * 7_919 + 12_345) % (2**63)
    return value


def ask(player: Player, r: Round, seat: int, time_limit: Optional[float] = None) -> Move:
    """The move ``player`` chooses for ``seat`` in ``r``; its failures become PlayerError.

    With ``time_limit`` (seconds) the player thinks in a thread of its own, and a player
    that has not answered when the time is up fails at once ("did not answer within ...");
    its thread is left to finish on its own and its answer is ignored.  Where threads
    cannot start (Pyodide in the browser) the limit is checked when the player returns.
    Players marked ``omniscient`` (for studies) are also handed a copy of the round."""
    if time_limit is not None:
        check_number(time_limit, "time_limit", positive=True)
    view = r.view(seat)
    call: Callable[[], Any]
    if getattr(player, "omniscient", False):
        copy = r.copy()
        call = lambda: player.choose(view, round=copy)  # type: ignore[call-arg]  # noqa: E731
    else:
        call = lambda: player.choose(view)  # noqa: E731
    if time_limit is None:
        try:
            move: Move = call()
            return move
        except Exception as exc:  # a player's bug must not look like ours
            raise PlayerError(seat, None, f"choose() raised {exc!r}") from exc
    return _within(call, seat, time_limit)


def _within(call: Callable[[], Any], seat: int, limit: float) -> Move:
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["move"] = call()
        except BaseException as exc:  # handed back to the asking thread below
            box["error"] = exc

    start = time.perf_counter()
    try:
        thread = threading.Thread(target=run, name=f"dominolab-seat-{seat}", daemon=True)
        thread.start()
    except RuntimeError:  # no threads here: ask in this one and time it afterwards
        run()
    else:
        thread.join(limit)
        if thread.is_alive():
            raise PlayerError(seat, None, f"did not answer within the time limit of {limit:g} s")
    took = time.perf_counter() - start
    if "error" in box:
        exc = box["error"]
        raise PlayerError(seat, None, f"choose() raised {exc!r}") from exc
    move: Move = box["move"]
    if took > limit:
        raise PlayerError(seat, move, f"took {took:.2f} s to choose {excerpt(move)}; the limit is {limit:g} s")
    return move


def play_out(
    r: Round,
    seats: Sequence[Player],
    *,
    time_limit: Optional[float] = None,
    stop: Optional[Callable[[Round], bool]] = None,
    on_move: Optional[Callable[[int, Move, float, int], None]] = None,
) -> Round:
    """Play ``r`` on until the hand is over (or ``stop(r)`` says to stop), asking
    ``seats[seat]`` for each move; returns ``r``.

    A player that fails or returns an illegal move raises :class:`PlayerError` naming
    the seat and the move, with the round as it was before that move.  ``on_move(seat,
    move, seconds, choices)`` is called after each move with the time the player took
    and how many legal moves it had."""
    if len(seats) != r.players:
        raise ValueError(f"play_out needs one player per seat ({r.players}), got {len(seats)}")
    while not r.is_over and not (stop is not None and stop(r)):
        seat = r.turn
        choices = len(r.legal_moves()) if on_move is not None else 0
        start = time.perf_counter()
        move = ask(seats[seat], r, seat, time_limit)
        took = time.perf_counter() - start
        try:
            r.play(move, seat=seat)
        except (IllegalMoveError, ValueError) as exc:
            reason = exc.reason if isinstance(exc, IllegalMoveError) else str(exc)
            raise PlayerError(seat, move, f"returned {excerpt(move)}, which is illegal: {reason}") from exc
        if on_move is not None:
            on_move(seat, move, took, choices)
    return r
