"""What a seat can work out about the tiles it cannot see.

From a :class:`~dominolab.view.View` alone:

* the *unseen* tiles (in other hands or the boneyard);
* the numbers each other seat is *known to lack*, and since which event: a seat that
  passed against ends a and b held no a and no b; under rules that forbid drawing when
  able to play, so did a seat that drew.  Later draws of unknown tiles cancel what they
  could contradict;
* how many deals of the unseen tiles fit those facts, and from that the probability that
  each seat holds each unseen tile or at least one tile of each number.

The counting is exact (a dynamic programme over the unseen tiles and the space left in
each hidden place) when its table is small, as it always is for a double-six set, and
sampled otherwise; :attr:`Inference.method` says which.  :meth:`Inference.sample`
draws deals uniformly from those that fit, which is what the search player plays out.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Optional, Union

from .i18n import _
from .moves import Event
from .rules import Rules
from .shuffling import shuffle
from .tiles import Tile
from .view import View
from .words import is_you

__all__ = ["BONEYARD", "Inference", "Voids", "World", "infer", "known_voids"]

#: The name of the boneyard among the hidden places.
BONEYARD = "boneyard"

Place = Union[int, str]
#: count(i, space): the number of ways to place unseen tiles i.. into the space left.
Counter = Callable[[int, tuple[int, ...]], int]

#: Above this many counting states the probabilities are sampled instead.
EXACT_STATE_LIMIT = 60_000


def known_voids(view: View) -> dict[int, dict[int, int]]:
    """For each other seat, the numbers it is known to lack now, each with the index in
    ``view.history`` of the event that showed it.  ``{2: {4: 11, 6: 11}}`` reads "seat 2
    has had no 4 and no 6 since event 11".

    A pass against ends a and b shows the seat had neither.  A draw brings an unknown
    tile, which cancels what it could contradict; but when the rules forbid drawing
    while able to play, a seat that drew against a and b held neither, every tile it kept
    drawing past lacked them too, and the one that fitted is the tile it then played.
    So once that turn ends (with a play or a pass) the seat lacks a and b.
    """
    voids = Voids(view.rules, view.players, view.seat)
    for event in view.history:
        voids.add(event)
    return voids.known


class Voids:
    """:func:`known_voids` kept up to date one public event at a time, for a caller that
    follows a hand as it is played (the reinforcement-learning environment): ``add`` each
    event of the history in order; ``known`` is then what :func:`known_voids` says of a view
    with that history.  ``add`` returns the seat whose voids it changed, or ``None``."""

    __slots__ = ("_draws_reveal", "_index", "_pending", "known", "seat")

    def __init__(self, rules: Rules, players: int, seat: int):
        self.seat = seat
        self.known: dict[int, dict[int, int]] = {s: {} for s in range(players) if s != seat}
        self._pending: dict[int, dict[int, int]] = {}  # voids a drawing seat will have when its turn ends
        self._draws_reveal = not rules.draw_when_able
        self._index = 0

    def add(self, event: Event) -> Optional[int]:
        """Take in the next event of the history."""
        index = self._index
        self._index += 1
        seat = event.seat
        if seat == self.seat or event.ends is None:
            return None
        a, b = event.ends
        if event.action == "draw":
            if self._draws_reveal:
                turn = self._pending.setdefault(seat, {})
                turn.setdefault(a, index)
                turn.setdefault(b, index)
            if not self.known[seat]:
                return None
            self.known[seat] = {}  # mid-turn, the last tile drawn may fit
            return seat
        changed = False
        known = self._pending.pop(seat, None)
        if known is not None:
            self.known[seat] = known
            changed = True
        if event.action == "pass":
            voids = self.known[seat]
            if a not in voids or b not in voids:
                voids.setdefault(a, index)
                voids.setdefault(b, index)
                changed = True
        return seat if changed else None


@dataclass(frozen=True)
class World:
    """One deal of the unseen tiles that fits everything public: each hidden seat's hand
    and the boneyard in draw order."""

    hands: dict[int, tuple[Tile, ...]]
    boneyard: tuple[Tile, ...]


@dataclass
class Inference:
    """Everything ``view.seat`` can infer about the hidden tiles.  Build with :func:`infer`."""

    view: View
    unseen: tuple[Tile, ...]
    voids: dict[int, dict[int, int]]
    places: tuple[Place, ...]
    capacity: tuple[int, ...]
    method: str
    deals: Optional[int] = None
    tile_probabilities: dict[Place, dict[Tile, float]] = field(default_factory=dict)
    suit_probabilities: dict[int, dict[int, float]] = field(default_factory=dict)
    _allowed: tuple[tuple[int, ...], ...] = field(default=(), repr=False)
    _count: Optional[Counter] = field(default=None, repr=False)

    def sample(self, rng: random.Random) -> World:
        """One deal drawn uniformly from the deals that fit the public facts."""
        places = self.places
        caps = list(self.capacity)
        assigned: list[list[Tile]] = [[] for _ in places]
        count = self._count
        if count is not None:
            for i, tile in enumerate(self.unseen):
                options = []
                total = 0
                for p in self._allowed[i]:
                    if caps[p]:
                        caps[p] -= 1
                        ways = count(i + 1, tuple(caps))
                        caps[p] += 1
                        if ways:
                            options.append((p, ways))
                            total += ways
                pick = rng.randrange(total)
                for p, ways in options:  # noqa: B007 - p is the pick after the loop
                    if pick < ways:
                        break
                    pick -= ways
                caps[p] -= 1
                assigned[p].append(tile)
        else:
            assigned = _sample_by_rejection(self, rng)
        hands = {place: tuple(assigned[i]) for i, place in enumerate(places) if isinstance(place, int)}
        stock = assigned[places.index(BONEYARD)] if BONEYARD in places else []
        shuffle(rng, stock)
        return World(hands=hands, boneyard=tuple(stock))

    def lacks(self, seat: int) -> list[int]:
        """The numbers ``seat`` is known to lack, in order."""
        return sorted(self.voids.get(seat, {}))

    def summary(self, names: Optional[list[str]] = None) -> str:
        """One line per other seat: what it is known to lack."""
        lines = []
        for seat in sorted(self.voids):
            lacking = self.lacks(seat)
            numbers = ", ".join(map(str, lacking))
            if names and is_you(names[seat]):
                text = _("{who} have no {numbers}") if lacking else _("{who}: nothing known")
            elif names:
                text = _("{who} has no {numbers}") if lacking else _("{who}: nothing known")
            else:
                text = _("Seat {seat} has no {numbers}") if lacking else _("Seat {seat}: nothing known")
            lines.append(text.format(who=names[seat] if names else "", seat=seat, numbers=numbers))
        return "\n".join(lines)


def hidden_places(view: View) -> tuple[tuple[Place, ...], tuple[int, ...]]:
    """Where the tiles ``view.seat`` cannot see are: each other seat holding tiles, then the
    boneyard when it has any, with how many tiles each holds."""
    places: list[Place] = []
    capacity: list[int] = []
    for seat in range(view.players):
        if seat != view.seat and view.hand_counts[seat]:
            places.append(seat)
            capacity.append(view.hand_counts[seat])
    if view.boneyard_count:
        places.append(BONEYARD)
        capacity.append(view.boneyard_count)
    return tuple(places), tuple(capacity)


def infer(view: View, *, samples: int = 2000, seed: int = 0, probabilities: bool = True) -> Inference:
    """Infer what ``view.seat`` can know about the hidden tiles (see the module's text).

    Probabilities are exact when the counting table is small (``method`` "exact"),
    otherwise estimated from ``samples`` consistent deals (``method`` "sampled").
    ``probabilities=False`` skips them when only :meth:`Inference.sample` is wanted.
    """
    unseen = tuple(view.unseen)
    voids = known_voids(view)
    places, capacity = hidden_places(view)
    if sum(capacity) != len(unseen):
        raise ValueError(
            f"the view does not add up: {len(unseen)} unseen tiles but {sum(capacity)} hidden places")
    # Most constrained tiles first keeps the counting table small.
    def allowed_for(tile: Tile) -> tuple[int, ...]:
        return tuple(i for i, place in enumerate(places)
                     if not isinstance(place, int) or not (tile.high in voids[place] or tile.low in voids[place]))

    order = sorted(unseen, key=lambda t: (len(allowed_for(t)), -t.high, -t.low))
    allowed = tuple(allowed_for(t) for t in order)
    states = _estimate_states(capacity, len(order))
    info = Inference(view=view, unseen=tuple(order), voids=voids, places=places, capacity=capacity,
                     method="exact" if states <= EXACT_STATE_LIMIT else "sampled", _allowed=allowed)
    if info.method == "exact":
        count = _counter(allowed, len(places))
        info._count = count
        info.deals = count(0, capacity)
        if info.deals == 0:
            raise ValueError("no deal of the unseen tiles fits the public facts")
        if probabilities:
            _exact_probabilities(info, count)
    elif probabilities:
        _sampled_probabilities(info, samples, random.Random(seed))
    return info


def _estimate_states(capacity: tuple[int, ...], tiles: int) -> int:
    product = 1
    for c in capacity:
        product *= c + 1
    return product * (tiles + 1)


def _counter(allowed: tuple[tuple[int, ...], ...], n_places: int) -> Counter:
    """count(i, caps): the number of ways to place tiles i.. into the space ``caps``."""
    n = len(allowed)

    @cache
    def count(i: int, caps: tuple[int, ...]) -> int:
        if i == n:
            return 1
        total = 0
        for p in allowed[i]:
            if caps[p]:
                rest = (*caps[:p], caps[p] - 1, *caps[p + 1:])
                total += count(i + 1, rest)
        return total

    return count


def _exact_probabilities(info: Inference, count: Counter) -> None:
    """Tile marginals by a forward pass over the counting table; suit odds by one more
    count per (seat, number) with that number barred from the seat."""
    places, order, allowed = info.places, info.unseen, info._allowed
    total = info.deals
    assert total is not None  # counted by infer() before the probabilities
    # forward[i]: {caps used so far: ways to place tiles < i}
    forward: dict[tuple[int, ...], int] = {tuple(0 for _ in places): 1}
    tile_p: dict[Place, dict[Tile, float]] = {place: {} for place in places}
    capacity = info.capacity
    for i, tile in enumerate(order):
        nxt: dict[tuple[int, ...], int] = {}
        hits = [0] * len(places)
        for used, ways in forward.items():
            for p in allowed[i]:
                if used[p] < capacity[p]:
                    after = (*used[:p], used[p] + 1, *used[p + 1:])
                    remaining = tuple(c - u for c, u in zip(capacity, after, strict=True))
                    completions = count(i + 1, remaining)
                    if completions:
                        hits[p] += ways * completions
                        nxt[after] = nxt.get(after, 0) + ways
        forward = nxt
        for p, place in enumerate(places):
            tile_p[place][tile] = hits[p] / total
    info.tile_probabilities = tile_p
    # Suit odds: P(seat holds at least one tile of n) = 1 - deals with none / deals.
    suit_p: dict[int, dict[int, float]] = {}
    max_pip = info.view.rules.max_pip
    for p, place in enumerate(places):
        if not isinstance(place, int):
            continue
        odds = {}
        for n in range(max_pip + 1):
            if n in info.voids.get(place, {}) or not any(t.has(n) for t in order):
                odds[n] = 0.0
                continue
            barred = tuple(tuple(q for q in allowed[i] if not (q == p and t.has(n)))
                           for i, t in enumerate(order))
            none = _counter(barred, len(places))(0, capacity)
            odds[n] = 1 - none / total
        suit_p[place] = odds
    info.suit_probabilities = suit_p


def _sample_by_rejection(info: Inference, rng: random.Random) -> list[list[Tile]]:
    """A consistent deal when the counting table is too big: try shuffles first; if the
    facts are too tight for that, walk a chain of swaps from a deal that fits (each swap
    keeps the deal consistent, so the walk stays among, and spreads over, such deals)."""
    places, capacity, allowed = info.places, info.capacity, info._allowed
    tiles = list(range(len(info.unseen)))

    def fits(tile: int, p: int) -> bool:
        return p in allowed[tile]

    for _attempt in range(200):
        shuffle(rng, tiles)
        where, start = [0] * len(tiles), 0
        for p in range(len(places)):
            for t in tiles[start:start + capacity[p]]:
                where[t] = p
            start += capacity[p]
        if all(fits(t, where[t]) for t in tiles):
            return _group(info, where)
    where = _first_fit(info)
    for _swap in range(20 * len(tiles) * len(tiles)):
        a, b = rng.randrange(len(tiles)), rng.randrange(len(tiles))
        pa, pb = where[a], where[b]
        if pa != pb and fits(a, pb) and fits(b, pa):
            where[a], where[b] = pb, pa
    return _group(info, where)


def _group(info: Inference, where: list[int]) -> list[list[Tile]]:
    groups: list[list[Tile]] = [[] for _ in info.places]
    for t, p in enumerate(where):
        groups[p].append(info.unseen[t])
    return groups


def _first_fit(info: Inference) -> list[int]:
    """Some consistent deal, by augmenting paths (a small bipartite matching)."""
    allowed, capacity = info._allowed, info.capacity
    slots = [(p, k) for p in range(len(capacity)) for k in range(capacity[p])]
    owner: dict[int, int] = {}

    def place(t: int, seen: set[int]) -> bool:
        for s, (p, _slot) in enumerate(slots):
            if p in allowed[t] and s not in seen:
                seen.add(s)
                if s not in owner or place(owner[s], seen):
                    owner[s] = t
                    return True
        return False

    for t in range(len(allowed)):
        if not place(t, set()):
            raise ValueError("no deal of the unseen tiles fits the public facts")
    where = [0] * len(allowed)
    for s, t in owner.items():
        where[t] = slots[s][0]
    return where


def _sampled_probabilities(info: Inference, samples: int, rng: random.Random) -> None:
    places = info.places
    tile_hits: dict[Place, dict[Tile, int]] = {place: dict.fromkeys(info.unseen, 0) for place in places}
    suit_hits: dict[int, dict[int, int]] = {place: {} for place in places if isinstance(place, int)}
    max_pip = info.view.rules.max_pip
    for _sample in range(samples):
        world = info.sample(rng)
        for seat, hand in world.hands.items():
            numbers = set()
            for t in hand:
                tile_hits[seat][t] += 1
                numbers.add(t.high)
                numbers.add(t.low)
            for n in numbers:
                suit_hits[seat][n] = suit_hits[seat].get(n, 0) + 1
        for t in world.boneyard:
            tile_hits[BONEYARD][t] += 1
    info.tile_probabilities = {p: {t: c / samples for t, c in hits.items()} for p, hits in tile_hits.items()}
    info.suit_probabilities = {
        seat: {n: hits.get(n, 0) / samples for n in range(max_pip + 1)} for seat, hits in suit_hits.items()
    }
