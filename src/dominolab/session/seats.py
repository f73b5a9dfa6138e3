"""Who sits at the table: the seats' default names, the checks on ``seats=[...]``,
``opponents`` and ``names``, and the stand-in for a seat a person plays."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import players as _players
from ..i18n import NP_, SOURCE_LANGUAGE, _, get_language, pgettext
from ..moves import Move
from ..rules import Rules
from ..validate import check_int, excerpt, is_int
from ..words import list_or
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



def _counts(counts: Sequence[int]) -> str:
    """The player counts a preset allows: "2 or 3 or 4" as English has always written it,
    "2, 3 o 4" in another language."""
    if get_language() == SOURCE_LANGUAGE:
        return " or ".join(str(n) for n in counts)
    return list_or(counts)


def _kinds() -> str:
    """The kinds to type, each with its name where the language of the moment has another
    ("greedy (Botagorda)"); in English the kinds alone, as always."""
    return ", ".join(kind if _players.player_name(kind) == kind else f"{kind} ({_players.player_name(kind)})"
                     for kind in _players.OPPONENTS)


def _kind_of(spec: Any) -> str:
    if isinstance(spec, str):
        return spec
    return str(getattr(spec, "name", type(spec).__name__))


def _make_player(spec: Any, seat: int) -> Any:
    if isinstance(spec, str):
        if spec not in _players.OPPONENTS:
            raise ValueError(_("seat {seat}: no player named {given}; choose {human} or one of {kinds}").format(
                seat=seat, given=excerpt(spec), human=repr(HUMAN), kinds=_kinds()))
        return _players.create(spec)
    if isinstance(spec, type) or not callable(getattr(spec, "choose", None)):
        raise ValueError(_("seat {seat}: a player is {human}, a kind name or an object with choose(view); "
                           "got {given}").format(seat=seat, human=repr(HUMAN), given=excerpt(spec)))
    return spec


def _seat_specs(rules: Rules, players: Any, opponents: Any, seats: Any) -> list[Any]:
    """One entry per seat: HUMAN, a kind name or a player object."""
    if seats is not None:
        if players is not None and players != (len(seats) if isinstance(seats, Sequence) else None):
            raise ValueError(_("give either players= and opponents=, or seats=[...] (one entry per seat)"))
        if isinstance(seats, (str, bytes)) or not isinstance(seats, Sequence):
            raise ValueError(_("seats must be a list with one entry per seat, got {given}").format(
                given=excerpt(seats)))
        specs = list(seats)
    else:
        count = 2 if players is None else players
        if not is_int(count) or count not in rules.player_counts:
            raise ValueError(_("these rules ({rules}) are for {counts} players; got players={given}").format(
                rules=rules.said_name, counts=_counts(rules.player_counts), given=excerpt(players)))
        if isinstance(opponents, str) or callable(getattr(opponents, "choose", None)):
            others = [opponents] * (count - 1)
        elif isinstance(opponents, Sequence) and len(opponents) == count - 1:
            others = list(opponents)
        else:
            raise ValueError(_("opponents must be a kind ({kinds}), a player, or a list of {count} of those; "
                               "got {given}").format(kinds=_kinds(), count=count - 1, given=excerpt(opponents)))
        specs = [HUMAN, *others]
    if len(specs) not in rules.player_counts:
        raise ValueError(_("these rules ({rules}) are for {counts} players; seats has {count}").format(
            rules=rules.said_name, counts=_counts(rules.player_counts), count=len(specs)))
    if HUMAN not in specs:
        raise ValueError(_("a table needs a person: put {human} in seats=[...] for each seat a person plays").format(
            human=repr(HUMAN)))
    return specs


def _check_names(names: Any, players: int) -> list[str]:
    if isinstance(names, (str, bytes)) or not isinstance(names, Sequence) or len(names) != players:
        raise ValueError(_("names must be a list of {count} names, one per seat; got {given}").format(
            count=players, given=excerpt(names)))
    out = []
    for seat, name in enumerate(names):
        if not isinstance(name, str) or not name.strip() or len(name) > _MAX_NAME or not name.isprintable():
            raise ValueError(_("names[{seat}] must be a short name (1 to {most} printable characters), "
                               "got {given}").format(seat=seat, most=_MAX_NAME, given=excerpt(name)))
        out.append(" ".join(name.split()))
    if len(set(out)) != len(out):
        raise ValueError(_("every seat needs its own name; got {given}").format(given=excerpt(out)))
    return out
