"""Who sits at the table: the seats' default names, the checks on ``seats=[...]``,
``opponents`` and ``names``, and the stand-in for a seat a person plays."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import players as _players
from ..i18n import NP_, _, pgettext
from ..moves import Move
from ..rules import Rules
from ..validate import check_int, excerpt, is_int
from .state import HUMAN

_YOU, _NORTH, _EAST, _SOUTH, _WEST = (NP_("seat", "You"), NP_("seat", "North"), NP_("seat", "East"),
                                      NP_("seat", "South"), NP_("seat", "West"))
_ONE_PERSON = {2: (_YOU, _NORTH), 3: (_YOU, _EAST, _WEST), 4: (_YOU, _EAST, _NORTH, _WEST)}
_COMPASS = {2: (_SOUTH, _NORTH), 3: (_SOUTH, _EAST, _WEST), 4: (_SOUTH, _EAST, _NORTH, _WEST)}
_MAX_NAME = 24


def seat_names(players: int, humans: Sequence[int] = (0,)) -> list[str]:
    """Default names for the seats.  With one person at the table, that seat is "You" and the
    others are named from it going round to the left (North opposite in a four-hand game);
    with several people every seat gets a compass name (South, East, North, West).  The names
    are in the current language ("Tú", "Norte" in Spanish)."""
    check_int(players, "players", 2)
    if len(humans) == 1:
        you = humans[0]
        names = _ONE_PERSON.get(players)
        if names is None:
            return [pgettext("seat", _YOU) if s == you else _("Player {number}").format(number=(s - you) % players)
                    for s in range(players)]
        return [pgettext("seat", names[(s - you) % players]) for s in range(players)]
    names = _COMPASS.get(players)
    return ([pgettext("seat", name) for name in names] if names is not None
            else [_("Player {number}").format(number=s + 1) for s in range(players)])


class _Person:
    """Stands in the match for a seat played by a person at the screen."""

    def __init__(self, seat: int):
        self.seat = seat

    def choose(self, view: Any) -> Move:
        raise RuntimeError(f"seat {self.seat} is played by a person at the table")

    def __repr__(self) -> str:
        return "<person>"



def _kind_of(spec: Any) -> str:
    if isinstance(spec, str):
        return spec
    return str(getattr(spec, "name", type(spec).__name__))


def _make_player(spec: Any, seat: int) -> Any:
    if isinstance(spec, str):
        if spec not in _players.OPPONENTS:
            raise ValueError(f"seat {seat}: no player named {spec!r}; choose {HUMAN!r} or one of "
                             f"{', '.join(_players.OPPONENTS)}")
        return _players.create(spec)
    if isinstance(spec, type) or not callable(getattr(spec, "choose", None)):
        raise ValueError(f"seat {seat}: a player is {HUMAN!r}, a kind name or an object with choose(view); "
                         f"got {excerpt(spec)}")
    return spec


def _seat_specs(rules: Rules, players: Any, opponents: Any, seats: Any) -> list[Any]:
    """One entry per seat: HUMAN, a kind name or a player object."""
    if seats is not None:
        if players is not None and players != (len(seats) if isinstance(seats, Sequence) else None):
            raise ValueError("give either players= and opponents=, or seats=[...] (one entry per seat)")
        if isinstance(seats, (str, bytes)) or not isinstance(seats, Sequence):
            raise ValueError(f"seats must be a list with one entry per seat, got {excerpt(seats)}")
        specs = list(seats)
    else:
        count = 2 if players is None else players
        if not is_int(count) or count not in rules.player_counts:
            counts = " or ".join(str(n) for n in rules.player_counts)
            raise ValueError(f"these rules ({rules.name}) are for {counts} players; got players={excerpt(players)}")
        if isinstance(opponents, str) or callable(getattr(opponents, "choose", None)):
            others = [opponents] * (count - 1)
        elif isinstance(opponents, Sequence) and len(opponents) == count - 1:
            others = list(opponents)
        else:
            raise ValueError(f"opponents must be a kind ({', '.join(_players.OPPONENTS)}), a player, "
                             f"or a list of {count - 1} of those; got {excerpt(opponents)}")
        specs = [HUMAN, *others]
    if len(specs) not in rules.player_counts:
        counts = " or ".join(str(n) for n in rules.player_counts)
        raise ValueError(f"these rules ({rules.name}) are for {counts} players; seats has {len(specs)}")
    if HUMAN not in specs:
        raise ValueError(f"a table needs a person: put {HUMAN!r} in seats=[...] for each seat a person plays")
    return specs


def _check_names(names: Any, players: int) -> list[str]:
    if isinstance(names, (str, bytes)) or not isinstance(names, Sequence) or len(names) != players:
        raise ValueError(f"names must be a list of {players} names, one per seat; got {excerpt(names)}")
    out = []
    for seat, name in enumerate(names):
        if not isinstance(name, str) or not name.strip() or len(name) > _MAX_NAME or not name.isprintable():
            raise ValueError(f"names[{seat}] must be a short name (1 to {_MAX_NAME} printable characters), "
                             f"got {excerpt(name)}")
        out.append(" ".join(name.split()))
    if len(set(out)) != len(out):
        raise ValueError(f"every seat needs its own name; got {excerpt(out)}")
    return out
