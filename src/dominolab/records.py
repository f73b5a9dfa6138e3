"""Game records: a hand as plain JSON data that replays and validates.

Like a PGN file for chess, a record holds what is needed to rebuild the hand (the rules,
the start of the hand, every move) plus its result as a check.  It is built on the public
surface of :class:`~dominolab.round.Round` alone: ``round.start`` (a :class:`Start`),
``round.history`` and ``round.result`` out, ``Round.from_start`` and ``round.play`` in.

Loading is strict: every field must be there and nothing else may be, every move is
replayed through the engine, a seeded deal must be the deal its seed gives, and the
recorded result must be the replayed one.  The first entry that does not fit raises
:class:`RecordError` naming it (``moves[7]: ...``), and nothing half-loaded is returned.
What :meth:`Round.to_record` writes, :meth:`Round.from_record` reads back.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, Optional

from .moves import DRAW, PASS, IllegalMoveError, InvalidMoveError
from .round import Round, Start, StartError
from .rules import Rules
from .tiles import Tile
from .validate import excerpt, is_int

__all__ = ["RECORD_VERSION", "ROUND_FORMAT", "RecordError", "round_from_record", "round_to_record",
           "rules_from_record"]

ROUND_FORMAT = "dominolab-round"
#: Version 2 (this one) keeps a position's draw counts, passes and leader, so any round,
#: including one built from a view, can be saved.  Version 1 records are not read.
RECORD_VERSION = 2


class RecordError(ValueError):
    """A record that cannot be loaded.  ``path`` names the first bad entry."""

    def __init__(self, path: str, message: str):
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path
        self.message = message

    def __reduce__(self) -> tuple[type[RecordError], tuple[str, str]]:
        return (type(self), (self.path, self.message))

    def inside(self, prefix: str) -> RecordError:
        """The same error, with ``prefix`` put before its path (a record inside another)."""
        return RecordError(f"{prefix}.{self.path}" if self.path else prefix, self.message)


def _names(tiles: Any) -> list[str]:
    return [str(t) for t in tiles]


_DEAL_KEYS = ("kind", "hands", "boneyard", "leader", "turned_up", "redeals")
#: Deal keys written only when they hold something, so that earlier version-2 records still
#: load: ``hunt_first``, the seat that draws first when the top double must be hunted (R4).
_OPTIONAL_DEAL_KEYS = ("hunt_first",)
_POSITION_KEYS = ("kind", "hands", "boneyard", "line", "set_aside", "turn", "turn_draws", "leader",
                  "draw_counts", "passes", "lead_restricted")
_ROUND_KEYS = ("format", "version", "rules", "players", "seed", "start", "moves", "result")


def round_to_record(r: Round) -> dict[str, Any]:
    """See :meth:`Round.to_record`."""
    start = r.start
    start_data: dict[str, Any]
    if start.kind == "deal":
        start_data = {
            "kind": "deal",
            "hands": [_names(h) for h in start.hands],
            "boneyard": _names(start.boneyard),
            "leader": start.leader,
            "turned_up": None if start.turned_up is None else [
                [[seat, str(tile)] for seat, tile in entries] for entries in start.turned_up],
            "redeals": start.redeals,
        }
        if start.hunt_first is not None:
            start_data["hunt_first"] = start.hunt_first
    else:
        start_data = {
            "kind": "position",
            "hands": [_names(h) for h in start.hands],
            "boneyard": _names(start.boneyard),
            "line": _names(start.line),
            "set_aside": _names(start.set_aside),
            "turn": start.turn,
            "turn_draws": start.turn_draws,
            "leader": start.leader,
            "draw_counts": None if start.draw_counts is None else list(start.draw_counts),
            "passes": start.passes,
            "lead_restricted": start.lead_restricted,
        }
    moves = []
    for event in r.history:
        entry: dict[str, Any] = {"seat": event.seat}
        if event.action == "play":
            entry["play"] = str(event.tile)
            entry["end"] = event.end
        elif event.action == "draw":
            entry["draw"] = str(event.tile)
        else:
            entry["pass"] = True
        moves.append(entry)
    result = r.result
    return {
        "format": ROUND_FORMAT,
        "version": RECORD_VERSION,
        "rules": r.rules.to_dict(),
        "players": r.players,
        "seed": r.seed,
        "start": start_data,
        "moves": moves,
        "result": None if result is None else result.to_dict(),
    }


# ---------------------------------------------------------------------- reading
def _object(data: Any, path: str, keys: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict[str, Any]:
    """``data`` as a JSON object with exactly ``keys``, and perhaps some of ``optional``
    (the first missing or extra one is named)."""
    if not isinstance(data, dict):
        raise RecordError(path, f"expected an object, got {type(data).__name__}")
    for key in keys:
        if key not in data:
            raise RecordError(f"{path}.{key}" if path else key, "missing")
    for key in data:
        if key not in keys and key not in optional:
            raise RecordError(f"{path}.{excerpt(key, 20)}" if path else excerpt(key, 20), "unknown field")
    return data


def _int(value: Any, path: str, low: Optional[int] = 0, high: Optional[int] = None) -> int:
    if not is_int(value) or (low is not None and value < low) or (high is not None and value > high):
        bound = f" from {low} to {high}" if high is not None else ("" if low is None else f" >= {low}")
        raise RecordError(path, f"expected a whole number{bound}, got {excerpt(value)}")
    return int(value)


def _optional_int(value: Any, path: str, low: Optional[int] = 0, high: Optional[int] = None) -> Optional[int]:
    return None if value is None else _int(value, path, low, high)


def _tile(value: Any, path: str, in_set: set[Tile]) -> Tile:
    if not isinstance(value, str):
        raise RecordError(path, f"expected a tile written like '6-4', got {excerpt(value)}")
    try:
        tile = Tile.parse(value)
    except ValueError as exc:
        raise RecordError(path, str(exc)) from None
    if tile not in in_set:
        raise RecordError(path, f"{tile} is not in this set")
    return tile


def _tiles(values: Any, path: str, in_set: set[Tile]) -> tuple[Tile, ...]:
    if not isinstance(values, list):
        raise RecordError(path, f"expected a list of tiles, got {type(values).__name__}")
    return tuple(_tile(v, f"{path}[{i}]", in_set) for i, v in enumerate(values))


def rules_from_record(data: Any, path: str = "rules") -> Rules:
    """Rules from a record's ``rules`` object: every field present, none unknown."""
    fields = tuple(f.name for f in dataclasses.fields(Rules))
    _object(data, path, fields)
    try:
        return Rules.from_dict(data)
    except (ValueError, TypeError) as exc:
        raise RecordError(path, str(exc)) from None


def _start_from_record(data: Any, players: int, rules: Rules, seed: Optional[int]) -> Start:
    if not isinstance(data, dict):
        raise RecordError("start", f"expected an object, got {type(data).__name__}")
    kind = data.get("kind")
    if kind not in ("deal", "position"):
        raise RecordError("start.kind", f"expected 'deal' or 'position', got {excerpt(kind)}")
    if kind == "deal":
        _object(data, "start", _DEAL_KEYS, _OPTIONAL_DEAL_KEYS)
    else:
        _object(data, "start", _POSITION_KEYS)
    in_set = set(rules.tiles)
    hands_raw = data["hands"]
    if not isinstance(hands_raw, list) or len(hands_raw) != players:
        raise RecordError("start.hands", f"expected {players} hands")
    hands = tuple(_tiles(h, f"start.hands[{i}]", in_set) for i, h in enumerate(hands_raw))
    boneyard = _tiles(data["boneyard"], "start.boneyard", in_set)
    leader = _optional_int(data["leader"], "start.leader", 0, players - 1)
    if kind == "deal":
        turned_raw = data["turned_up"]
        turned_up = None
        if turned_raw is not None:
            if not isinstance(turned_raw, list):
                raise RecordError("start.turned_up", "expected a list of rounds of [seat, tile]")
            rounds = []
            for i, entries in enumerate(turned_raw):
                if not isinstance(entries, list):
                    raise RecordError(f"start.turned_up[{i}]", "expected a list of [seat, tile]")
                row = []
                for j, pair in enumerate(entries):
                    where = f"start.turned_up[{i}][{j}]"
                    if not isinstance(pair, list) or len(pair) != 2:
                        raise RecordError(where, "expected [seat, tile]")
                    row.append((_int(pair[0], where, 0, players - 1), _tile(pair[1], where, in_set)))
                rounds.append(tuple(row))
            turned_up = tuple(rounds)
        hunt_first = data.get("hunt_first")
        if "hunt_first" in data:
            hunt_first = _int(hunt_first, "start.hunt_first", 0, players - 1)
        return Start(kind="deal", hands=hands, boneyard=boneyard, leader=leader, turned_up=turned_up,
                     redeals=_int(data["redeals"], "start.redeals"), seed=seed, hunt_first=hunt_first)
    counts_raw = data["draw_counts"]
    if counts_raw is not None:
        if not isinstance(counts_raw, list) or len(counts_raw) != players:
            raise RecordError("start.draw_counts", f"expected one number per seat ({players})")
        counts_raw = tuple(_int(c, f"start.draw_counts[{i}]") for i, c in enumerate(counts_raw))
    restricted = data["lead_restricted"]
    if not isinstance(restricted, bool):
        raise RecordError("start.lead_restricted", f"expected true or false, got {excerpt(restricted)}")
    return Start(
        kind="position", hands=hands, boneyard=boneyard,
        line=_tiles(data["line"], "start.line", in_set),
        set_aside=_tiles(data["set_aside"], "start.set_aside", in_set),
        turn=_int(data["turn"], "start.turn", 0, players - 1),
        turn_draws=_int(data["turn_draws"], "start.turn_draws"),
        leader=leader, draw_counts=counts_raw, passes=_int(data["passes"], "start.passes", 0, players),
        lead_restricted=restricted, seed=seed,
    )


def round_from_record(data: Any) -> Round:
    """See :meth:`Round.from_record`."""
    if not isinstance(data, Mapping):
        raise RecordError("", f"a round record is a JSON object (dict), got {type(data).__name__}")
    data = dict(data)
    fmt = data.get("format")
    if fmt != ROUND_FORMAT:
        raise RecordError("format", f"expected {ROUND_FORMAT!r}, got {excerpt(fmt)}")
    version = data.get("version")
    if not is_int(version) or version != RECORD_VERSION:
        raise RecordError("version", f"unknown record version {excerpt(version)}; "
                                     f"this Domino Lab reads version {RECORD_VERSION}")
    _object(data, "", _ROUND_KEYS)
    rules = rules_from_record(data["rules"])
    players = _int(data["players"], "players", 2)
    try:
        rules.hand_size(players)
        if rules.partnerships and players != 4:
            raise ValueError(f"partnership rules need 4 players, got {players}")
    except ValueError as exc:
        raise RecordError("players", str(exc)) from None
    seed = _optional_int(data["seed"], "seed", None)
    start = _start_from_record(data["start"], players, rules, seed)
    try:
        r = Round.from_start(rules, start)
    except StartError as exc:
        raise RecordError(f"start.{exc.path}" if exc.path else "start", exc.message) from None
    except ValueError as exc:
        raise RecordError("start", str(exc)) from None
    if start.kind == "deal" and seed is not None:
        dealt = Round.deal(rules, players, seed=seed, leader=start.leader).start
        if dealt != start:
            raise RecordError("seed", f"the deal recorded is not the deal that seed {excerpt(seed)} gives")

    moves = data["moves"]
    if not isinstance(moves, list):
        raise RecordError("moves", "expected a list of moves")
    for i, entry in enumerate(moves):
        where = f"moves[{i}]"
        if not isinstance(entry, dict):
            raise RecordError(where, f"expected an object, got {excerpt(entry)}")
        actions = [k for k in ("play", "draw", "pass") if k in entry]
        if len(actions) != 1:
            raise RecordError(where, "expected exactly one of 'play', 'draw' or 'pass'")
        action = actions[0]
        _object(entry, where, ("seat", "play", "end") if action == "play" else ("seat", action))
        seat = _int(entry["seat"], f"{where}.seat", 0, players - 1)
        if r.is_over:
            raise RecordError(where, "the hand was already over")
        if seat != r.turn:
            raise RecordError(where, f"seat {seat} moved, but it was seat {r.turn}'s turn")
        try:
            if action == "play":
                end = entry["end"]
                if end not in ("left", "right"):
                    raise RecordError(f"{where}.end", f"expected 'left' or 'right', got {excerpt(end)}")
                move = r.parse_move(_tile(entry["play"], f"{where}.play", set(rules.tiles)), end)
            elif action == "draw":
                move = DRAW
                drawn = _tile(entry["draw"], f"{where}.draw", set(rules.tiles))
                refusal = r.why_illegal(DRAW, seat)
                if refusal is not None:
                    raise refusal
                nxt = r.boneyard[0]
                if nxt is not drawn:
                    raise RecordError(f"{where}.draw", f"record says seat {seat} drew {drawn}, "
                                                       f"but the boneyard gives {nxt}")
            else:
                if entry["pass"] is not True:
                    raise RecordError(f"{where}.pass", f"expected true, got {excerpt(entry['pass'])}")
                move = PASS
            r.play(move, seat=seat)
        except RecordError:
            raise
        except (IllegalMoveError, InvalidMoveError, ValueError) as exc:
            raise RecordError(where, str(exc)) from None

    recorded = data["result"]
    if recorded is None:
        if r.is_over:
            raise RecordError("result", "the hand is over after its moves, but the record gives no result")
        return r
    if not r.is_over:
        raise RecordError("result", "the record gives a result, but after its moves the hand is not over")
    replayed = r.result.to_dict()  # type: ignore[union-attr]
    _object(recorded, "result", tuple(replayed))
    for key, value in replayed.items():
        if recorded[key] != value or type(recorded[key]) is not type(value):
            raise RecordError(f"result.{key}", f"record says {excerpt(recorded[key])}, replay gives {value!r}")
    return r

