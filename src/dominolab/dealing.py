"""How a hand begins: the :class:`Start` a round is rebuilt from, its checks
(:class:`StartError`), and the deal's rule steps that come before the first move: tiles
turned up for the lead (R4), the hunt for an undealt top double, and the deals thrown in
(R17).

:class:`~dominolab.round.Round` deals and builds positions with these (``Round.deal``,
``Round.from_start``, ``Round.from_position``); each rule question is still decided in one
place: ``_needs_redeal`` (R17), ``_hunt`` (an undrawable top double), ``_turn_up`` and
``_leader_from_turn_up`` (R4's turned-up tiles), ``_check_start`` (what a start may hold).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple, Optional

from .fastround import _PIPS, _popcount, _set_info, _SetInfo
from .pieces import Placed
from .rules import Rules
from .shuffling import sample
from .tiles import Tile
from .validate import check_int, check_seat, check_seed, excerpt, is_int
from .words import plural

__all__ = ["Start", "StartError"]


@dataclass(frozen=True)
class Start:
    """How a round began: what :meth:`Round.from_start` needs to rebuild it exactly.

    ``kind`` is "deal" (a shuffled deal: full hands, the rest in the boneyard, and the
    rules' lead procedure still to run) or "position" (a hand-built or mid-hand position).
    ``hands`` are each seat's tiles at the start (for a deal: as dealt, before any tile the
    lead procedure draws), ``boneyard`` the boneyard in draw order, ``line`` the tiles on
    the line from left to right and ``set_aside`` tiles out of play.

    A deal also keeps ``leader`` (the seat told to lead, as in later hands of a match;
    ``None`` when the first-lead rule decides), the tiles ``turned_up`` for the lead (rounds
    of (seat, tile)), the seat that draws first when nobody was dealt the top double under
    ``first_leader="top-double"`` (``hunt_first``, chosen with the shuffle; else ``None``),
    how many deals were thrown in (``redeals``) and the ``seed`` it was dealt from.

    A position keeps the seat to move (``turn``), the tiles it has drawn this turn
    (``turn_draws``), the tiles each seat drew earlier in the hand (``draw_counts``,
    which scoring may charge for), the passes just made in a row (``passes``), the seat
    that led the hand (``leader``, when known) and, for an empty line, whether the rules'
    lead-tile restriction applies (``lead_restricted``; otherwise any tile may lead).
    """

    kind: Literal["deal", "position"]
    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...] = ()
    line: tuple[Tile, ...] = ()
    set_aside: tuple[Tile, ...] = ()
    turn: Optional[int] = None
    leader: Optional[int] = None
    turned_up: Optional[tuple[tuple[tuple[int, Tile], ...], ...]] = None
    redeals: int = 0
    turn_draws: int = 0
    draw_counts: Optional[tuple[int, ...]] = None
    passes: int = 0
    lead_restricted: bool = False
    seed: Optional[int] = None
    hunt_first: Optional[int] = None

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.hands)


class _Dealt(NamedTuple):
    """A deal as tile ids (hands, boneyard in draw order, the rounds of tiles turned up, as
    :func:`_turn_up` returns them): what :meth:`Round.start` turns into a :class:`Start`
    when asked."""

    hands: list[list[int]]
    boneyard: list[int]
    leader: Optional[int]
    turned_up: Optional[list[list[int]]]
    redeals: int
    seed_value: Optional[int]
    hunt_first: Optional[int]


def _set_name(rules: Rules) -> str:
    return f"double-{rules.max_pip}" + ("" if rules.doubles else " without doubles")


def _orient_line(tiles: list[Tile]) -> list[Placed]:
    """Lay out ``tiles`` left to right, turning each as needed so neighbours match."""
    if not tiles:
        return []
    placed: list[Placed] = []
    first = tiles[0]
    if len(tiles) == 1:
        return [Placed(first, first.high, first.low)]
    nxt = tiles[1]
    if nxt.has(first.low):
        placed.append(Placed(first, first.high, first.low))
    elif nxt.has(first.high):
        placed.append(Placed(first, first.low, first.high))
    else:
        raise ValueError(f"line: {first} and {nxt} do not match")
    for tile in tiles[1:]:
        end = placed[-1].right
        if not tile.has(end):
            raise ValueError(f"line: {tile} does not match {end}, the number showing after {placed[-1].tile}")
        placed.append(Placed(tile, end, tile.other(end)))
    return placed


def _turned_ids(turned_up: Sequence[Sequence[tuple[int, Tile]]]) -> list[list[list[int]]]:
    """Tiles turned up for the lead, as the [seat, tile id] rounds the lead rule reads."""
    return [[[seat, tile.id] for seat, tile in entries] for entries in turned_up]


class StartError(ValueError):
    """A :class:`Start` these rules forbid.  ``path`` names the field ("hands[1][0]"),
    ``message`` what is wrong with it."""

    def __init__(self, path: str, message: str):
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path
        self.message = message

    def __reduce__(self) -> tuple[type[StartError], tuple[str, str]]:
        return (type(self), (self.path, self.message))


def _check_start(rules: Rules, start: Start) -> None:
    """Raise ``ValueError`` naming the first thing in ``start`` that these rules forbid."""
    if start.kind not in ("deal", "position"):
        raise StartError("kind", f"must be 'deal' or 'position', got {excerpt(start.kind)}")
    in_set = set(rules.tiles)
    where: dict[Tile, str] = {}

    def place(tiles: Any, name: str) -> None:
        if not isinstance(tiles, tuple):
            raise StartError(name, f"must be a tuple of tiles, got {excerpt(tiles)}")
        for i, tile in enumerate(tiles):
            if not isinstance(tile, Tile):
                raise StartError(f"{name}[{i}]", f"expected a Tile, got {excerpt(tile)}")
            if tile not in in_set:
                raise StartError(f"{name}[{i}]", f"{tile} is not in this set ({_set_name(rules)})")
            if tile in where:
                raise StartError(f"{name}[{i}]", f"{tile} is already in {where[tile]}")
            where[tile] = f"{name}[{i}]"

    if not isinstance(start.hands, tuple):
        raise StartError("hands", f"must be a tuple of hands, got {excerpt(start.hands)}")
    players = len(start.hands)
    for i, hand in enumerate(start.hands):
        place(hand, f"hands[{i}]")
    place(start.line, "line")
    place(start.boneyard, "boneyard")
    place(start.set_aside, "set_aside")
    missing = [t for t in rules.tiles if t not in where]
    if missing:
        raise StartError("", "tiles missing from the start (set aside the tiles out of play): "
                         + ", ".join(map(str, missing[:10])) + (" …" if len(missing) > 10 else ""))
    check_int(start.redeals, "start.redeals", 0)
    check_int(start.turn_draws, "start.turn_draws", 0)
    check_int(start.passes, "start.passes", 0, players)
    check_seed(start.seed, "start.seed")
    if start.leader is not None:
        check_seat(start.leader, players, "start.leader")
    if not isinstance(start.lead_restricted, bool):
        raise StartError("lead_restricted", f"must be True or False, got {excerpt(start.lead_restricted)}")
    if start.kind == "deal":
        size = rules.hand_size(players)
        for i, hand in enumerate(start.hands):
            if len(hand) != size:
                raise StartError(f"hands[{i}]", f"{plural(len(hand), 'tile', words=False)}, "
                                 f"but these rules deal {size}")
        extra = [name for name, value in (
            ("line", start.line), ("set_aside", start.set_aside), ("turn", start.turn is not None),
            ("turn_draws", start.turn_draws), ("draw_counts", start.draw_counts is not None),
            ("passes", start.passes), ("lead_restricted", start.lead_restricted)) if value]
        if extra:
            raise StartError("", f"a deal has no {extra[0]} (that belongs to a position)")
        hunts = start.leader is None and rules.first_leader == "top-double"  # an undrawable top double
        if start.redeals and rules.redeal_doubles is None and rules.redeal_suit is None and not hunts:
            raise StartError("redeals", f"{start.redeals}, but these rules never throw a deal in")
        info = _set_info(rules)
        dealt = [[t.id for t in hand] for hand in start.hands]
        if _needs_redeal(rules, info, dealt):
            raise StartError("", "this deal should have been thrown in under the redeal rules")
        _check_hunt(rules, info, start, dealt)
        turns_up = start.leader is None and rules.first_leader in ("turn-up-lowest", "turn-up-highest", "lots")
        if not turns_up:
            if start.turned_up is not None:
                raise StartError("turned_up", "no tiles are turned up for this lead")
            return
        if start.turned_up is None:
            raise StartError("turned_up", f"first_leader={rules.first_leader!r} turns up tiles for the lead")
        if not isinstance(start.turned_up, tuple):
            raise StartError("turned_up", f"must be rounds of (seat, tile), got {excerpt(start.turned_up)}")
        for i, entries in enumerate(start.turned_up):
            if not isinstance(entries, tuple):
                raise StartError(f"turned_up[{i}]", f"must be (seat, tile) pairs, got {excerpt(entries)}")
            for j, pair in enumerate(entries):
                if not (isinstance(pair, tuple) and len(pair) == 2 and is_int(pair[0])
                        and 0 <= pair[0] < players and isinstance(pair[1], Tile) and pair[1] in in_set):
                    raise StartError(f"turned_up[{i}][{j}]", f"expected (seat, tile of this set), "
                                     f"got {excerpt(pair)}")
        _leader_from_turn_up(rules, players, _turned_ids(start.turned_up))
        return
    if start.turned_up is not None or start.redeals or start.hunt_first is not None:
        raise StartError("", "a position has no tiles turned up, no redeals and no hunt_first "
                             "(those belong to a deal)")
    check_seat(start.turn, players, "start.turn")
    for i, hand in enumerate(start.hands):
        if not hand:
            raise StartError(f"hands[{i}]", "an empty hand: that seat would already have gone out")
    _orient_line(list(start.line))
    if start.turn_draws and not start.line:
        raise StartError("", "nobody draws before the first tile is led")
    if start.passes and not start.line:
        raise StartError("", "nobody passes before the first tile is led")
    if not start.line and start.leader is not None and start.leader != start.turn:
        raise StartError("leader", f"seat {start.leader}, but while the line is empty the seat to move "
                         f"(seat {start.turn}) is the one leading")

    if start.lead_restricted and start.line:
        raise StartError("lead_restricted", "is for an empty line (the lead)")
    if start.draw_counts is not None:
        if not isinstance(start.draw_counts, tuple) or len(start.draw_counts) != players:
            raise StartError("draw_counts", f"must give one number per seat, got {excerpt(start.draw_counts)}")
        for seat, count in enumerate(start.draw_counts):
            check_int(count, f"start.draw_counts[{seat}]", 0)
        turn = start.turn
        assert turn is not None  # checked above
        if start.draw_counts[turn] < start.turn_draws:
            raise StartError(f"draw_counts[{turn}]", f"{start.draw_counts[turn]}, but the seat to move "
                             f"has drawn {start.turn_draws} this turn")


def _hunt(rules: Rules, info: _SetInfo, hands: list[list[int]], boneyard: Sequence[int]) -> str:
    """R4 under ``first_leader="top-double"``, for a deal (tile ids; the boneyard in draw
    order): "dealt" when a hand holds the top double, "drawable" when the players can draw
    it, "stuck" when it lies among the tiles that must stay or nobody may draw (the deal is
    then thrown in)."""
    top = info.top_double
    if any(top in hand for hand in hands):
        return "dealt"
    if top in boneyard[:rules.drawable(len(boneyard))]:
        return "drawable"
    return "stuck"


def _check_hunt(rules: Rules, info: _SetInfo, start: Start, dealt: list[list[int]]) -> None:
    """A deal's ``hunt_first`` must name a seat exactly when the top double is hunted."""
    hunts = start.leader is None and rules.first_leader == "top-double"
    first = start.hunt_first
    if not hunts:
        if first is not None:
            raise StartError("hunt_first", "nobody draws for the top double in this deal")
        return
    top = f"{rules.max_pip}-{rules.max_pip}"
    hunt = _hunt(rules, info, dealt, [t.id for t in start.boneyard])
    if hunt == "stuck":
        raise StartError("", f"the {top} was not dealt and cannot be drawn, so this deal should have "
                             "been thrown in")
    if hunt == "dealt":
        if first is not None:
            raise StartError("hunt_first", f"the {top} was dealt, so nobody draws for it")
        return
    if first is None:
        raise StartError("hunt_first", f"the {top} is in the boneyard: name the seat that draws first")
    check_seat(first, start.players, "start.hunt_first")


def _needs_redeal(rules: Rules, info: _SetInfo, hands: list[list[int]]) -> bool:
    """R17: whether some hand must be thrown in."""
    if rules.redeal_doubles is None and rules.redeal_suit is None:
        return False
    for hand in hands:
        mask = 0
        for tid in hand:
            mask |= 1 << tid
        if rules.redeal_doubles is not None and _popcount(mask & info.doubles) >= rules.redeal_doubles:
            return True
        if rules.redeal_suit is not None and any(
            _popcount(mask & suit) >= rules.redeal_suit for suit in info.suit
        ):
            return True
    return False


def _turn_up(rules: Rules, players: int, rng: random.Random, info: _SetInfo) -> tuple[list[list[int]], int]:
    """Turn up tiles for the lead (R4) until the rule names one seat.  Returns the rounds
    of tiles turned up (tile ids, one for each seat still in, in seat order: which seats
    those were, :func:`_turn_up_seats` works out when a :class:`Start` is built) and the
    seat they name."""
    rounds: list[list[int]] = []
    contenders: Sequence[int] = range(players)
    ids = info.ids
    lots = rules.first_leader == "lots"
    while True:
        tiles = sample(rng, ids, len(contenders))
        rounds.append(tiles)
        if lots:
            return rounds, _lots_leader(tiles, players)
        contenders = _turn_up_winners(rules, contenders, tiles)
        if len(contenders) == 1:
            return rounds, contenders[0]


def _turn_up_seats(rules: Rules, players: int, rounds: list[list[int]]) -> tuple[list[list[int]], int]:
    """For rounds of tile ids a deal turned up (see :func:`_turn_up`): the seats that turned
    up each round and the seat the last names."""
    seats: list[list[int]] = []
    contenders: Sequence[int] = range(players)
    for tiles in rounds:
        seats.append(list(contenders))
        if rules.first_leader == "lots":
            return seats, _lots_leader(tiles, players)
        contenders = _turn_up_winners(rules, contenders, tiles)
    return seats, contenders[0]


def _turn_up_winners(rules: Rules, seats: Sequence[int], tiles: list[int]) -> list[int]:
    """R4: the seats still in after ``seats`` turned up ``tiles`` (ids): the most pips
    under ``first_leader="turn-up-highest"``, else the fewest."""
    highest = rules.first_leader == "turn-up-highest"
    winners: list[int] = []
    best = 0
    for i, tid in enumerate(tiles):  # a plain loop: two or four tiles, at every deal
        pips = _PIPS[tid]
        if not winners or (pips > best if highest else pips < best):
            winners = [seats[i]]
            best = pips
        elif pips == best:
            winners.append(seats[i])
    return winners


def _lots_leader(tiles: list[int], players: int) -> int:
    """R4 under ``first_leader="lots"``: the seat the lots (ids turned up once) name."""
    return int(sum(_PIPS[t] for t in tiles) // players) % players


def _leader_from_turn_up(rules: Rules, players: int, rounds: list[list[list[int]]]) -> int:
    """The leader named by tiles turned up (R4), checking that the rounds are consistent."""
    if not isinstance(rounds, list) or not rounds:
        raise ValueError("no tiles were turned up for the lead")
    contenders = list(range(players))
    for index, entries in enumerate(rounds):
        seats = [e[0] for e in entries]
        tiles = [e[1] for e in entries]
        if seats != contenders:
            raise ValueError(f"turned_up[{index}]: expected seats {contenders} to turn up, got {seats}")
        if len(set(tiles)) != len(tiles):
            raise ValueError(f"turned_up[{index}]: the same tile was turned up twice")
        if rules.first_leader == "lots":
            if index != 0 or len(rounds) != 1:
                raise ValueError("lots are drawn once")
            return _lots_leader(tiles, players)
        contenders = _turn_up_winners(rules, seats, tiles)
        if len(contenders) == 1:
            if index != len(rounds) - 1:
                raise ValueError(f"turned_up[{index + 1}]: the lead was already decided")
            return contenders[0]
    raise ValueError("the tiles turned up leave the lead undecided")
