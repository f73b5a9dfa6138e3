"""Game records: a hand as plain JSON data that replays and validates.

Like a PGN file for chess, a record holds what is needed to rebuild the hand (the rules,
the deal or the starting position, every move) plus its result as a check.  Loading
replays every move through the engine; the first entry that does not fit raises
:class:`RecordError` naming it (``moves[7]: ...``), and nothing half-loaded is returned.
Records are never pickled.
"""

from __future__ import annotations

from typing import Any, Optional

from .moves import DRAW, PASS, IllegalMoveError, Play
from .rules import Rules
from .tiles import TILE_BY_ID, Tile

__all__ = ["RECORD_VERSION", "ROUND_FORMAT", "RecordError"]

ROUND_FORMAT = "dominolab-round"
RECORD_VERSION = 1


class RecordError(ValueError):
    """A record that cannot be loaded.  ``path`` names the first bad entry."""

    def __init__(self, path: str, message: str):
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path


def _tile_names(ids: list[int]) -> list[str]:
    return [str(TILE_BY_ID[t]) for t in ids]


def round_to_record(r) -> dict:
    """See :meth:`Round.to_record`."""
    start = r._start
    if start["kind"] == "deal":
        start_data: dict[str, Any] = {
            "kind": "deal",
            "hands": [_tile_names(h) for h in start["hands"]],
            "boneyard": _tile_names(start["boneyard"]),
            "leader": start["leader"],
            "turned_up": None if start["turned_up"] is None else [
                [[seat, str(TILE_BY_ID[tid])] for seat, tid in entries] for entries in start["turned_up"]
            ],
            "redeals": start.get("redeals", 0),
        }
    else:
        start_data = {
            "kind": "position",
            "hands": [_tile_names(h) for h in start["hands"]],
            "boneyard": _tile_names(start["boneyard"]),
            "line": [str(TILE_BY_ID[tid]) for tid, _, _ in start["line"]],
            "set_aside": _tile_names(start["set_aside"]),
            "turn": start["turn"],
            "turn_draws": start["turn_draws"],
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


def _need(data: Any, key: str, path: str) -> Any:
    if not isinstance(data, dict):
        raise RecordError(path, f"expected an object, got {type(data).__name__}")
    if key not in data:
        raise RecordError(f"{path}.{key}" if path else key, "missing")
    return data[key]


def _int(value: Any, path: str, low: int = 0, high: Optional[int] = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
        bound = f" from {low} to {high}" if high is not None else f" >= {low}"
        raise RecordError(path, f"expected a whole number{bound}, got {value!r}")
    return value


def _tiles(values: Any, path: str, seen: dict[Tile, str], in_set: set[Tile]) -> list[Tile]:
    if not isinstance(values, list):
        raise RecordError(path, f"expected a list of tiles, got {type(values).__name__}")
    out = []
    for i, value in enumerate(values):
        where = f"{path}[{i}]"
        if not isinstance(value, str):
            raise RecordError(where, f"expected a tile written like '6-4', got {value!r}")
        try:
            tile = Tile.parse(value)
        except ValueError as exc:
            raise RecordError(where, str(exc)) from None
        if tile not in in_set:
            raise RecordError(where, f"{tile} is not in this set")
        if tile in seen:
            raise RecordError(where, f"{tile} appears twice (also at {seen[tile]})")
        seen[tile] = where
        out.append(tile)
    return out


def round_from_record(data: Any):
    """See :meth:`Round.from_record`."""
    from .round import Round, _needs_redeal, _set_info

    if not isinstance(data, dict):
        raise RecordError("", f"a round record is a JSON object (dict), got {type(data).__name__}")
    fmt = data.get("format")
    if fmt != ROUND_FORMAT:
        raise RecordError("format", f"expected {ROUND_FORMAT!r}, got {fmt!r}")
    version = data.get("version")
    if version != RECORD_VERSION:
        raise RecordError(
            "version", f"unknown record version {version!r}; this Domino Lab reads version {RECORD_VERSION}")
    try:
        rules = Rules.from_dict(_need(data, "rules", ""))
    except RecordError:
        raise
    except (ValueError, TypeError) as exc:
        raise RecordError("rules", str(exc)) from None
    players = _int(_need(data, "players", ""), "players", 2)
    try:
        rules.hand_size(players)
    except ValueError as exc:
        raise RecordError("players", str(exc)) from None
    seed = data.get("seed")
    if seed is not None:
        _int(seed, "seed")

    start = _need(data, "start", "")
    kind = _need(start, "kind", "start")
    in_set = set(rules.tiles)
    seen: dict[Tile, str] = {}
    hands_raw = _need(start, "hands", "start")
    if not isinstance(hands_raw, list) or len(hands_raw) != players:
        raise RecordError("start.hands", f"expected {players} hands")
    hands = [_tiles(h, f"start.hands[{i}]", seen, in_set) for i, h in enumerate(hands_raw)]
    boneyard = _tiles(_need(start, "boneyard", "start"), "start.boneyard", seen, in_set)

    if kind == "deal":
        size = rules.hand_size(players)
        for i, hand in enumerate(hands):
            if len(hand) != size:
                raise RecordError(f"start.hands[{i}]", f"{len(hand)} tiles, but these rules deal {size}")
        missing = sorted(in_set - set(seen), reverse=True)
        if missing:
            raise RecordError("start", "tiles missing from the deal: " + ", ".join(map(str, missing)))
        hand_ids = [[t.id for t in h] for h in hands]
        if _needs_redeal(rules, _set_info(rules), hand_ids):
            raise RecordError("start.hands", "this deal should have been thrown in under the redeal rules")
        leader = start.get("leader")
        if leader is not None:
            _int(leader, "start.leader", 0, players - 1)
        turned_raw = start.get("turned_up")
        turned_up = None
        if turned_raw is not None:
            if not isinstance(turned_raw, list):
                raise RecordError("start.turned_up", "expected a list of rounds of [seat, tile]")
            turned_up = []
            for i, entries in enumerate(turned_raw):
                row = []
                if not isinstance(entries, list):
                    raise RecordError(f"start.turned_up[{i}]", "expected a list of [seat, tile]")
                for j, pair in enumerate(entries):
                    where = f"start.turned_up[{i}][{j}]"
                    if not isinstance(pair, list) or len(pair) != 2:
                        raise RecordError(where, "expected [seat, tile]")
                    seat = _int(pair[0], where, 0, players - 1)
                    try:
                        tile = Tile.parse(pair[1])
                    except ValueError as exc:
                        raise RecordError(where, str(exc)) from None
                    if tile not in in_set:
                        raise RecordError(where, f"{tile} is not in this set")
                    row.append([seat, tile.id])
                turned_up.append(row)
        try:
            r = Round._setup(rules, players, hand_ids, [t.id for t in boneyard],
                             leader=leader, turned_up=turned_up)
        except ValueError as exc:
            raise RecordError("start", str(exc)) from None
        r._start["redeals"] = start.get("redeals", 0)
    elif kind == "position":
        line = _tiles(_need(start, "line", "start"), "start.line", seen, in_set)
        _tiles(start.get("set_aside", []), "start.set_aside", seen, in_set)
        missing = sorted(in_set - set(seen), reverse=True)
        if missing:
            raise RecordError("start", "tiles missing from the position: " + ", ".join(map(str, missing)))
        turn = _int(_need(start, "turn", "start"), "start.turn", 0, players - 1)
        turn_draws = _int(start.get("turn_draws", 0), "start.turn_draws")
        try:
            r = Round._position(rules, hands, boneyard, line, turn, turn_draws, stock_ids=[t.id for t in boneyard])
        except ValueError as exc:
            raise RecordError("start", str(exc)) from None
    else:
        raise RecordError("start.kind", f"expected 'deal' or 'position', got {kind!r}")
    r._seed = seed

    moves = _need(data, "moves", "")
    if not isinstance(moves, list):
        raise RecordError("moves", "expected a list of moves")
    for i, entry in enumerate(moves):
        where = f"moves[{i}]"
        if not isinstance(entry, dict):
            raise RecordError(where, f"expected an object, got {entry!r}")
        seat = _int(_need(entry, "seat", where), f"{where}.seat", 0, players - 1)
        if r.is_over:
            raise RecordError(where, "the hand was already over")
        if seat != r.turn:
            raise RecordError(where, f"seat {seat} moved, but it was seat {r.turn}'s turn")
        actions = [k for k in ("play", "draw", "pass") if k in entry]
        if len(actions) != 1:
            raise RecordError(where, "expected exactly one of 'play', 'draw' or 'pass'")
        try:
            if actions[0] == "play":
                move = Play(entry["play"], entry.get("end", "left"))
            elif actions[0] == "draw":
                move = DRAW
                drawn = Tile.parse(entry["draw"])
                if r.drawable_count and r._stock and r._stock[-1] != drawn.id:
                    nxt = TILE_BY_ID[r._stock[-1]]
                    raise RecordError(where, f"record says seat {seat} drew {drawn}, but the boneyard gives {nxt}")
            else:
                move = PASS
            r.play(move, seat=seat)
        except RecordError:
            raise
        except (IllegalMoveError, ValueError) as exc:
            raise RecordError(where, str(exc)) from None

    recorded = data.get("result")
    if recorded is not None:
        if not r.is_over:
            raise RecordError("result", "the record gives a result, but after its moves the hand is not over")
        replayed = r.result.to_dict()
        if not isinstance(recorded, dict):
            raise RecordError("result", "expected an object")
        for key, value in replayed.items():
            if key in recorded and recorded[key] != value:
                raise RecordError(f"result.{key}", f"record says {recorded[key]!r}, replay gives {value!r}")
    return r
