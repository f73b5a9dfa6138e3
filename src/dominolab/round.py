"""One round (hand) of Draw Dominoes: the state, its legal moves, play and undo, the result.

The state lives in machine-friendly form: each hand is a bitmask of tile ids, the
boneyard a list of ids in draw order, the line two stacks growing outwards from the lead.
The public properties (``hands``, ``line``, ``legal_moves()``...) build friendly objects
from it on demand, so that a complete 2-player hand through the public API costs a few
dozen microseconds.

Every rule question is answered in exactly one method:

=================================  ===========================================
question                           decided in
=================================  ===========================================
who leads, with what (R4-R6)       ``_choose_leader`` / ``_lead_mask``
redeal (R17)                       ``_needs_redeal``
may this seat draw now (R7-R9)     ``_draw_refusal``
which tile comes off (R18)         ``_stock_order``
does the hand end (R10, R11)       ``_after_move``
who won, what it scores (R12-R16)  :func:`dominolab.scoring.score`
=================================  ===========================================
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, Optional, Union

from .moves import DRAW, PASS, Event, IllegalMoveError, Move, Play
from .pieces import Hand, Line, Placed
from .rules import Rules
from .scoring import RoundResult, score, sides_of
from .tiles import TILE_BY_ID, Tile, TileLike, number_plural, tiles_of
from .view import View

__all__ = ["Round"]

_PLAY_LEFT = [Play(t, "left") for t in TILE_BY_ID]
_PLAY_RIGHT = [Play(t, "right") for t in TILE_BY_ID]
_PIPS = [t.pips for t in TILE_BY_ID]

# History entries (tuples, for speed): the first item says what they are.
_PLAY, _DRAW, _PASS = 0, 1, 2


class _SetInfo:
    """Bitmasks of one tile set, shared by every round that uses it."""

    __slots__ = ("doubles", "ids", "mask", "suit", "suit_size", "top_double")

    def __init__(self, rules: Rules):
        tiles = rules.tiles
        self.ids = sorted(t.id for t in tiles)
        self.mask = 0
        for t in tiles:
            self.mask |= t.bit
        self.suit = [0] * (rules.max_pip + 1)
        for t in tiles:
            self.suit[t.high] |= t.bit
            self.suit[t.low] |= t.bit
        self.suit_size = [bin(m).count("1") for m in self.suit]
        self.doubles = 0
        for t in tiles:
            if t.is_double:
                self.doubles |= t.bit
        self.top_double = Tile(rules.max_pip, rules.max_pip).id if rules.doubles else None


_SETS: dict[tuple[int, bool], _SetInfo] = {}


def _set_info(rules: Rules) -> _SetInfo:
    key = (rules.max_pip, rules.doubles)
    info = _SETS.get(key)
    if info is None:
        info = _SETS[key] = _SetInfo(rules)
    return info


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _popcount(mask: int) -> int:
    return bin(mask).count("1")


def _tiles_text(tiles: Iterable[Tile]) -> str:
    return ", ".join(str(t) for t in tiles)


class Round:
    """One hand of Draw Dominoes, from the deal (or a built position) to its result.

    Make one with :meth:`deal` or :meth:`from_position`; then ask :meth:`legal_moves`,
    :meth:`play` a move, :meth:`undo` it, and read :attr:`result` once :attr:`is_over`.
    """

    __slots__ = (
        "_after_passes",
        "_draws",
        "_ends_hand",
        "_events",
        "_floor",
        "_hands",
        "_history",
        "_info",
        "_lead_allowed",
        "_leader",
        "_left",
        "_limit",
        "_line_mask",
        "_lstack",
        "_n",
        "_over",
        "_passes",
        "_result",
        "_right",
        "_rstack",
        "_seed",
        "_start",
        "_stock",
        "_suit",
        "_turn",
        "_turn_draws",
        "_went_out",
        "_when_able",
        "rules",
    )

    # ------------------------------------------------------------------ construction
    def __init__(self) -> None:  # use Round.deal or Round.from_position
        raise TypeError("make a Round with Round.deal(...) or Round.from_position(...)")

    @classmethod
    def _blank(cls, rules: Rules, players: int) -> Round:
        self = object.__new__(cls)
        self.rules = rules
        self._n = players
        info = self._info = _set_info(rules)
        self._suit = info.suit
        self._left = self._right = -1
        self._lstack = []
        self._rstack = []
        self._line_mask = 0
        self._turn = 0
        self._turn_draws = 0
        self._passes = 0
        self._history = []
        self._draws = [0] * players
        self._over = False
        self._went_out = None
        self._result = None
        self._leader = None
        self._seed = None
        self._start = {}
        self._events = []
        self._floor = rules.boneyard_floor
        self._limit = 1 << 30 if rules.draw_limit is None else rules.draw_limit
        self._when_able = rules.draw_when_able
        self._ends_hand = rules.blocked_layout == "ends-hand"
        self._after_passes = rules.stuck_end == "after-passes"
        return self

    @staticmethod
    def _check_rules_players(rules: Any, players: Any) -> Rules:
        if isinstance(rules, str):
            rules = Rules.preset(rules)
        if not isinstance(rules, Rules):
            raise ValueError(f"rules must be a Rules object or a preset name, got {rules!r}")
        if isinstance(players, bool) or not isinstance(players, int):
            raise ValueError(f"players must be a whole number, got {players!r}")
        rules.hand_size(players)  # raises for a player count the rules do not allow
        return rules

    @classmethod
    def deal(
        cls,
        rules: Union[Rules, str],
        players: int = 2,
        seed: Union[int, random.Random, None] = None,
        *,
        leader: Optional[int] = None,
    ) -> Round:
        """Shuffle and deal a new hand.

        The same ``seed`` (an int) gives the same deal, and the same moves give the same
        everything after.  ``seed=None`` picks a fresh seed, kept in ``round.seed`` so the
        hand can be replayed.  A ``random.Random`` may be passed instead (used as is).
        ``leader`` makes that seat lead with any tile (how later hands of a match start
        under rotation); by default the rules' first-lead rule decides.
        """
        rules = cls._check_rules_players(rules, players)
        if leader is not None and (isinstance(leader, bool) or not isinstance(leader, int)
                                   or not 0 <= leader < players):
            raise ValueError(f"leader must be a seat from 0 to {players - 1} or None, got {leader!r}")
        if isinstance(seed, random.Random):
            rng, seed_value = seed, None
        else:
            if seed is None:
                seed_value = random.SystemRandom().getrandbits(63)
            elif isinstance(seed, bool) or not isinstance(seed, int):
                raise ValueError(f"seed must be a whole number, a random.Random or None, got {seed!r}")
            else:
                seed_value = seed
            rng = random.Random(seed_value)
        info = _set_info(rules)
        turned_up = None
        if leader is None and rules.first_leader in ("turn-up-lowest", "turn-up-highest", "lots"):
            turned_up = _turn_up(rules, players, rng, info)
        size = rules.hand_size(players)
        redeals = 0
        order = info.ids[:]
        while True:
            rng.shuffle(order)
            hands = [order[i * size:(i + 1) * size] for i in range(players)]
            if not _needs_redeal(rules, info, hands):
                break
            redeals += 1
            if redeals >= 10_000:
                raise ValueError(
                    "the redeal rules (redeal_doubles / redeal_suit) threw in 10,000 deals in a row; "
                    "they are too strict for this set and hand size"
                )
        stock = order[players * size:]
        self = cls._setup(rules, players, hands, stock, leader=leader, turned_up=turned_up)
        self._seed = seed_value
        self._start["redeals"] = redeals
        return self

    @classmethod
    def _setup(
        cls,
        rules: Rules,
        players: int,
        hands: Sequence[Sequence[int]],
        stock: Sequence[int],
        *,
        leader: Optional[int],
        turned_up: Optional[list],
    ) -> Round:
        """A round from a deal (hand and stock tile ids, stock in draw order).  Runs the
        rules' lead procedure, which may draw tiles (the top-double rule)."""
        self = cls._blank(rules, players)
        if rules.partnerships and players != 4:
            raise ValueError(f"partnership rules need 4 players, got {players}")
        masks = []
        for hand in hands:
            m = 0
            for tid in hand:
                m |= 1 << tid
            masks.append(m)
        self._hands = masks
        self._stock = list(reversed(stock))  # pop() takes the next tile
        self._start = {  # the deal as dealt, for records (the caller's fresh lists, not copied)
            "kind": "deal",
            "hands": hands,
            "boneyard": stock,
            "leader": leader,
            "turned_up": turned_up,
        }
        if leader is None:
            leader, lead_mask = self._choose_leader(turned_up)
        else:
            lead_mask = self._hands[leader]
        self._leader = leader
        self._turn = leader
        self._lead_allowed = lead_mask
        return self

    def _choose_leader(self, turned_up: Optional[list]) -> tuple[int, int]:
        """R4/R5: the seat that leads the first hand, and the tiles it may lead with."""
        rules, info, hands = self.rules, self._info, self._hands
        rule = rules.first_leader
        if rule == "first-seat":
            seat = 0
        elif rule in ("turn-up-lowest", "turn-up-highest", "lots"):
            if turned_up is None:
                raise ValueError(f"first_leader={rule!r} needs the tiles turned up for the lead")
            seat = _leader_from_turn_up(rules, self._n, turned_up)
        elif rule == "top-double":
            top = 1 << info.top_double
            seat = next((s for s, h in enumerate(hands) if h & top), None)
            draw_seat = 0
            while seat is None:  # nobody holds it: draw in turn until somebody does
                if not self._stock:
                    raise ValueError(f"the {rules.max_pip}-{rules.max_pip} is in no hand and not in the boneyard")
                tid = self._stock.pop()
                hands[draw_seat] |= 1 << tid
                if tid == info.top_double:
                    seat = draw_seat
                draw_seat = (draw_seat + 1) % self._n
            return seat, self._lead_mask(hands[seat])
        else:  # highest-double, else heaviest tile
            best = max(range(self._n), key=lambda s: (hands[s] & info.doubles).bit_length())
            if not hands[best] & info.doubles:
                best = max(range(self._n), key=lambda s: max(
                    (_PIPS[t], TILE_BY_ID[t].high) for t in _bits(hands[s])) if hands[s] else (-1, -1))
            seat = best
        return seat, self._lead_mask(hands[seat])

    def _lead_mask(self, hand: int) -> int:
        """R5: which of ``hand``'s tiles may open the hand."""
        rule = self.rules.lead_tile
        if rule == "any":
            return hand
        if rule == "highest-double":
            doubles = hand & self._info.doubles
            if doubles:
                return 1 << (doubles.bit_length() - 1)
        heaviest = max(_PIPS[t] for t in _bits(hand))
        mask = 0
        for t in _bits(hand):
            if _PIPS[t] == heaviest:
                mask |= 1 << t
        return mask

    @classmethod
    def from_position(
        cls,
        rules: Union[Rules, str],
        hands: Sequence[Iterable[TileLike]],
        boneyard: Optional[Iterable[TileLike]] = None,
        line: Iterable[TileLike] = (),
        turn: int = 0,
        *,
        turn_draws: int = 0,
        seed: Optional[int] = None,
    ) -> Round:
        """A round from a hand-built position, for lessons, puzzles and tests.

        ``hands`` lists each seat's tiles, ``line`` the tiles on the table from left to
        right (each tile turned round if needed so that it matches its neighbour), and
        ``boneyard`` the tiles that may be drawn; leave it out and every tile not in a hand or
        on the line is in the boneyard.  Tiles named nowhere are set aside (out of play).
        With ``draw_from="row-end"`` the boneyard is drawn in the order given; with a
        shuffled stock it is shuffled with ``seed``.  With an empty line, ``turn`` leads
        with any tile.  A position where nobody can move is over at once.
        """
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
            raise ValueError("hands must be a list with one list of tiles per seat")
        rules = cls._check_rules_players(rules, len(hands))
        players = len(hands)
        if isinstance(turn, bool) or not isinstance(turn, int) or not 0 <= turn < players:
            raise ValueError(f"turn must be a seat from 0 to {players - 1}, got {turn!r}")
        info = _set_info(rules)
        in_set = set(info.ids)
        where: dict[int, str] = {}

        def take(tiles: Iterable[TileLike], place: str) -> list[Tile]:
            if isinstance(tiles, str):
                from .tiles import parse_tiles
                tiles = parse_tiles(tiles)
            out = []
            for value in tiles:
                tile = Tile.coerce(value)
                if tile.id not in in_set:
                    raise ValueError(f"{place}: {tile} is not in this set ({_set_name(rules)})")
                if tile.id in where:
                    raise ValueError(f"{place}: {tile} is already in {where[tile.id]}")
                where[tile.id] = place
                out.append(tile)
            return out

        hand_tiles = [take(h, f"hands[{i}]") for i, h in enumerate(hands)]
        line_tiles = take(line, "line")
        if boneyard is None:
            rest = [t for t in info.ids if t not in where]
            stock_tiles = [TILE_BY_ID[t] for t in sorted(rest, reverse=True)]
        else:
            stock_tiles = take(boneyard, "boneyard")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise ValueError(f"seed must be a whole number or None, got {seed!r}")
        stock_ids = _stock_order(rules, [t.id for t in stock_tiles], seed)
        self = cls._position(rules, hand_tiles, stock_tiles, line_tiles, turn, turn_draws, stock_ids)
        self._seed = seed
        return self

    @classmethod
    def _position(cls, rules: Rules, hand_tiles: list[list[Tile]], stock_tiles: list[Tile],
                  line_tiles: list[Tile], turn: int, turn_draws: int, stock_ids: list[int]) -> Round:
        """Build a checked position (tiles already parsed, each in one place)."""
        players = len(hand_tiles)
        for seat, hand in enumerate(hand_tiles):
            if not hand:
                raise ValueError(f"hands[{seat}] is empty: that seat would already have gone out")
        if isinstance(turn_draws, bool) or not isinstance(turn_draws, int) or turn_draws < 0:
            raise ValueError(f"turn_draws must be a whole number >= 0, got {turn_draws!r}")
        if turn_draws and not line_tiles:
            raise ValueError("nobody draws before the first tile is led")
        placed = _orient_line(line_tiles)
        self = cls._blank(rules, players)
        self._hands = [sum(t.bit for t in hand) for hand in hand_tiles]
        self._stock = list(reversed(stock_ids))
        if placed:
            self._rstack = [(p.tile.id, p.left, p.right) for p in placed]
            self._left, self._right = placed[0].left, placed[-1].right
            for p in placed:
                self._line_mask |= p.tile.bit
        self._turn = turn
        self._turn_draws = turn_draws
        self._leader = turn if not placed else None
        self._lead_allowed = self._hands[turn]
        used = {t.id for part in (*hand_tiles, stock_tiles, line_tiles) for t in part}
        self._start = {
            "kind": "position",
            "hands": [[t.id for t in hand] for hand in hand_tiles],
            "boneyard": list(stock_ids),
            "set_aside": [t for t in reversed(self._info.ids) if t not in used],
            "line": [(p.tile.id, p.left, p.right) for p in placed],
            "turn": turn,
            "turn_draws": turn_draws,
        }
        if placed:
            if self._ends_hand and self.is_blocked:
                self._finish(None)
            else:
                self._after_move(turn, placed=False)
        return self

    @classmethod
    def from_view(cls, view: View, hands: dict[int, Iterable[Tile]], boneyard: Sequence[Tile]) -> Round:
        """The round as ``view`` sees it, with the hidden tiles filled in: ``hands`` for
        every other seat that holds tiles and ``boneyard`` in draw order.  This is how a
        search player turns a sampled deal into a position it can play out; the new round
        has no history before this point (it cannot be undone past it)."""
        rules = view.rules
        self = cls._blank(rules, view.players)
        masks = [0] * view.players
        for t in view.hand:
            masks[view.seat] |= t.bit
        for seat, tiles in hands.items():
            for t in tiles:
                masks[seat] |= t.bit
        for seat, mask in enumerate(masks):
            if _popcount(mask) != view.hand_counts[seat]:
                raise ValueError(f"seat {seat} must hold {view.hand_counts[seat]} tiles, got {_popcount(mask)}")
        if len(boneyard) != view.boneyard_count:
            raise ValueError(f"the boneyard must hold {view.boneyard_count} tiles, got {len(boneyard)}")
        self._hands = masks
        self._stock = [t.id for t in reversed(boneyard)]
        self._rstack = [(p.tile.id, p.left, p.right) for p in view.line]
        for p in view.line:
            self._line_mask |= p.tile.bit
        if view.line:
            self._left, self._right = view.line[0].left, view.line[-1].right
        self._turn = view.turn
        self._turn_draws = view.turn_draws
        passes = 0
        for event in reversed(view.history):
            if event.action != "pass":
                break
            passes += 1
        self._passes = passes
        self._draws = list(view.draw_counts)
        self._leader = view.leader
        self._lead_allowed = masks[view.turn]
        if not view.line and view.seat == view.turn:
            self._lead_allowed = sum(m.tile.bit for m in view.legal)
        self._over = view.is_over
        self._start = {"kind": "view", "line": [(p.tile.id, p.left, p.right) for p in view.line],
                       "set_aside": [t.id for t in view.set_aside]}
        return self

    # ------------------------------------------------------------------ the state
    @property
    def players(self) -> int:
        """Number of seats."""
        return self._n

    @property
    def turn(self) -> int:
        """The seat to move (after the end: the seat that would have moved)."""
        return self._turn

    @property
    def leader(self) -> Optional[int]:
        """The seat that led this hand (``None`` for a position built mid-hand)."""
        return self._leader

    @property
    def seed(self) -> Optional[int]:
        """The seed this hand was dealt with, when it was dealt from one."""
        return self._seed

    @property
    def hands(self) -> list[Hand]:
        """Every seat's tiles (the referee's view; a player should use :meth:`view`)."""
        return [Hand(tiles_of(m)) for m in self._hands]

    @property
    def hand_counts(self) -> list[int]:
        """How many tiles each seat holds."""
        return [_popcount(m) for m in self._hands]

    @property
    def line(self) -> Line:
        """The tiles on the table, left to right."""
        by_id = TILE_BY_ID
        left = [Placed(by_id[t], a, b) for t, a, b in reversed(self._lstack)]
        right = [Placed(by_id[t], a, b) for t, a, b in self._rstack]
        return Line(left + right)

    @property
    def ends(self) -> Optional[tuple[int, int]]:
        """The numbers open at the (left, right) ends; ``None`` before the lead."""
        return None if self._left < 0 else (self._left, self._right)

    @property
    def boneyard_count(self) -> int:
        """Tiles in the boneyard (including any that must stay there)."""
        return len(self._stock)

    @property
    def drawable_count(self) -> int:
        """Tiles that may still be drawn (the boneyard less its floor)."""
        if not self.rules.can_draw:
            return 0
        return max(0, len(self._stock) - self._floor)

    @property
    def boneyard(self) -> list[Tile]:
        """The boneyard in draw order (the referee's knowledge: hidden from players)."""
        return [TILE_BY_ID[t] for t in reversed(self._stock)]

    @property
    def set_aside(self) -> list[Tile]:
        """Tiles out of play: named nowhere in a built position (a deal sets none aside)."""
        return [TILE_BY_ID[t] for t in self._start.get("set_aside", ())]

    @property
    def turn_draws(self) -> int:
        """Tiles the seat to move has drawn this turn."""
        return self._turn_draws

    @property
    def draw_counts(self) -> list[int]:
        """Tiles each seat has drawn this hand."""
        return list(self._draws)

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def sides(self) -> list[tuple[int, ...]]:
        """The scoring sides: one seat each, or the two partnerships."""
        return sides_of(self.rules, self._n)

    def team_of(self, seat: int) -> Optional[int]:
        """The team of ``seat`` in partnership play, else ``None``."""
        if len(self.sides) == self._n:
            return None
        return seat % 2

    # ------------------------------------------------------------------ moves
    def legal_moves(self) -> list[Move]:
        """Every move the seat to move may make: plays first, then Draw or Pass.

        The lead is listed at the "left" end; :meth:`play` also takes it at the "right"."""
        if self._over:
            return []
        hand = self._hands[self._turn]
        left = self._left
        moves = []
        if left < 0:
            m = hand & self._lead_allowed
            while m:
                low = m & -m
                moves.append(_PLAY_LEFT[low.bit_length() - 1])
                m ^= low
            return moves
        suit = self._suit
        ml = hand & suit[left]
        mr = hand & suit[self._right]
        m = ml
        while m:
            low = m & -m
            moves.append(_PLAY_LEFT[low.bit_length() - 1])
            m ^= low
        m = mr
        while m:
            low = m & -m
            moves.append(_PLAY_RIGHT[low.bit_length() - 1])
            m ^= low
        # May draw (R7-R9); inlined copy of _draw_refusal's test for speed.
        if (len(self._stock) > self._floor and self._turn_draws < self._limit
                and (self._when_able or not moves)):
            moves.append(DRAW)
        elif not moves:
            moves.append(PASS)
        return moves

    def is_legal(self, move: object) -> bool:
        """True when :meth:`play` would accept ``move``.  That is exactly the moves of
        :meth:`legal_moves`, plus the lead placed at the "right" end (the first tile has
        no ends, so either end means the same)."""
        if self._over:
            return False
        if self._left < 0 and move.__class__ is Play:
            move = _PLAY_LEFT[move.tile.id]
        return move in self.legal_moves()

    def _draw_refusal(self, playable: int) -> Optional[str]:
        """R7-R9: why the seat to move may not draw now, or ``None`` if it may."""
        rules = self.rules
        if self._left < 0:
            return "nobody draws before the first tile is led"
        if not rules.can_draw:
            return "these rules have no drawing"
        if len(self._stock) <= self._floor:
            if self._floor:
                return f"the boneyard is down to the {self._floor} tiles that must stay there"
            return "the boneyard is empty"
        if self._turn_draws >= self._limit:
            return f"this seat has already drawn {self._turn_draws}, the most a turn allows"
        if playable and not self._when_able:
            return (f"it holds a playable tile ({_tiles_text(Hand(tiles_of(playable)))}) and these rules "
                    "forbid drawing when able to play")
        return None

    def play(self, move: Move, seat: Optional[int] = None) -> None:
        """Make ``move`` for the seat to move (pass ``seat`` to have it checked too).

        An illegal move raises :class:`IllegalMoveError` naming the move, the ends and the
        reason; the round is left exactly as it was.
        """
        if self._over:
            raise IllegalMoveError("the hand is over; no more moves", move, self.ends, seat)
        turn = self._turn
        if seat is not None and seat != turn:
            raise IllegalMoveError(
                f"it is seat {turn}'s turn, not seat {seat}'s", move, self.ends, seat)
        cls = move.__class__
        if cls is Play:
            tile = move.tile
            bit = tile.bit
            hand = self._hands[turn]
            left = self._left
            if not hand & bit:
                raise IllegalMoveError(
                    f"{tile} is not in seat {turn}'s hand ({Hand(tiles_of(hand))})",
                    move, self.ends, turn)
            tid = tile.id
            if left < 0:
                if not self._lead_allowed & bit:
                    allowed = _tiles_text(Hand(tiles_of(self._lead_allowed)))
                    raise IllegalMoveError(
                        f"seat {turn} must lead with {allowed} (rule lead_tile={self.rules.lead_tile!r}), not {tile}",
                        move, None, turn)
                self._hands[turn] = hand ^ bit
                self._line_mask |= bit
                self._left, self._right = tile.high, tile.low
                self._rstack.append((tid, tile.high, tile.low))
                self._history.append((_PLAY, turn, tid, 0, -1, -1, self._turn_draws, self._passes))
            else:
                right = self._right
                end = left if move.side == 0 else right
                if not bit & self._suit[end]:
                    raise IllegalMoveError(
                        f"{tile} does not match the {move.end} end, which shows {end} "
                        f"(the ends are {left} left and {right} right)",
                        move, (left, right), turn)
                self._hands[turn] = hand ^ bit
                self._line_mask |= bit
                other = _PIPS[tid] - end
                if move.side == 0:
                    self._lstack.append((tid, other, end))
                    self._left = other
                else:
                    self._rstack.append((tid, end, other))
                    self._right = other
                self._history.append((_PLAY, turn, tid, move.side, left, right, self._turn_draws, self._passes))
            self._turn_draws = 0
            self._passes = 0
            self._turn = turn + 1 if turn + 1 < self._n else 0
            self._after_move(turn, placed=True)
        elif move is DRAW:
            playable = self._playable(turn)
            refusal = self._draw_refusal(playable)
            if refusal is not None:
                raise IllegalMoveError(f"seat {turn} cannot draw: {refusal}", move, self.ends, turn)
            tid = self._stock.pop()
            self._hands[turn] |= 1 << tid
            self._history.append((_DRAW, turn, tid, self._turn_draws, self._passes))
            self._turn_draws += 1
            self._draws[turn] += 1
            self._passes = 0
            self._after_move(turn, placed=False)
        elif move is PASS:
            if self._left < 0:
                raise IllegalMoveError(f"seat {turn} must lead; nobody passes on the lead", move, None, turn)
            playable = self._playable(turn)
            if playable:
                raise IllegalMoveError(
                    f"seat {turn} cannot pass while holding a playable tile ({_tiles_text(Hand(tiles_of(playable)))}); "
                    f"the ends are {self._left} left and {self._right} right",
                    move, self.ends, turn)
            if self._draw_refusal(0) is None:
                raise IllegalMoveError(
                    f"seat {turn} cannot pass: it has no playable tile but must draw "
                    f"({self.drawable_count} tile(s) may still be drawn)",
                    move, self.ends, turn)
            self._history.append((_PASS, turn, self._turn_draws, self._passes))
            self._turn_draws = 0
            self._passes += 1
            self._turn = turn + 1 if turn + 1 < self._n else 0
            self._after_move(turn, placed=False)
        else:
            raise IllegalMoveError(
                f"expected a move (Play(tile, end), Draw() or Pass()), got {move!r} "
                f"of type {type(move).__name__}", move, self.ends, turn)

    def _playable(self, seat: int) -> int:
        if self._left < 0:
            return self._hands[seat] & self._lead_allowed
        return self._hands[seat] & (self._suit[self._left] | self._suit[self._right])

    def _after_move(self, seat: int, placed: bool) -> None:
        """R10/R11: end the hand if the last move finished it."""
        if placed:
            if not self._hands[seat]:
                self._finish(seat)
                return
            if self._ends_hand and self.is_blocked:
                self._finish(None)
                return
        if self._after_passes:
            if self._passes >= self._n:
                self._finish(None)
            return
        # At once: the hand is stuck when nobody can draw and nobody can play.
        if len(self._stock) > self._floor and self._limit:
            return
        open_mask = self._suit[self._left] | self._suit[self._right]
        for hand in self._hands:
            if hand & open_mask:
                return
        self._finish(None)

    def _finish(self, went_out: Optional[int]) -> None:
        self._over = True
        self._went_out = went_out
        self._result = None

    def undo(self) -> Move:
        """Take back the last move exactly; returns it.  ``ValueError`` if there is none."""
        if not self._history:
            raise ValueError("there is no move to undo")
        entry = self._history.pop()
        kind = entry[0]
        self._over = False
        self._went_out = None
        self._result = None
        if len(self._events) > len(self._history):
            del self._events[len(self._history):]
        if kind == _PLAY:
            _, seat, tid, side, left, right, turn_draws, passes = entry
            self._hands[seat] |= 1 << tid
            self._line_mask &= ~(1 << tid)
            if left < 0:
                self._rstack.pop()
            elif side == 0:
                self._lstack.pop()
            else:
                self._rstack.pop()
            self._left, self._right = left, right
            move: Move = (_PLAY_LEFT if side == 0 else _PLAY_RIGHT)[tid]
        elif kind == _DRAW:
            _, seat, tid, turn_draws, passes = entry
            self._hands[seat] &= ~(1 << tid)
            self._stock.append(tid)
            self._draws[seat] -= 1
            move = DRAW
        else:
            _, seat, turn_draws, passes = entry
            move = PASS
        self._turn = seat
        self._turn_draws = turn_draws
        self._passes = passes
        return move

    @property
    def moves(self) -> list[Move]:
        """The moves made so far, in order."""
        out: list[Move] = []
        for entry in self._history:
            if entry[0] == _PLAY:
                out.append((_PLAY_LEFT if entry[3] == 0 else _PLAY_RIGHT)[entry[2]])
            else:
                out.append(DRAW if entry[0] == _DRAW else PASS)
        return out

    @property
    def history(self) -> list[Event]:
        """Every action so far, drawn tiles included (the referee's history)."""
        return _walk(self._history, 0, self._start_ends(), reveal=True)

    def _start_ends(self) -> Optional[tuple[int, int]]:
        line = self._start.get("line")
        return (line[0][1], line[-1][2]) if line else None

    def _public_events(self) -> list[Event]:
        """The public history (drawn tiles hidden), extended incrementally."""
        events = self._events
        done = len(events)
        if done < len(self._history):
            if done:
                last = self._history[done - 1]
                ends = _ends_after_play(last) if last[0] == _PLAY else events[-1].ends
            else:
                ends = self._start_ends()
            events.extend(_walk(self._history, done, ends, reveal=False))
        return events

    # ------------------------------------------------------------------ blocked layouts
    @property
    def is_blocked(self) -> bool:
        """True when the layout is blocked: no tile that is not on the line matches an end."""
        if self._left < 0:
            return False
        open_mask = self._suit[self._left] | self._suit[self._right]
        return not open_mask & ~self._line_mask & self._info.mask

    def explain_block(self) -> Optional[str]:
        """Why the layout is blocked and what happens next under these rules, or ``None``."""
        if not self.is_blocked:
            return None
        info = self._info
        left, right = self._left, self._right
        if left == right:
            why = (f"Both ends show {left} and all {_num_word(info.suit_size[left])} "
                   f"{number_plural(left)} are on the table, so no tile can ever be added.")
        else:
            why = (f"The ends show {left} and {right}, and all {number_plural(left)} and all "
                   f"{number_plural(right)} are on the table, so no tile can ever be added.")
        rules = self.rules
        if self._ends_hand:
            nxt = "Under these rules the hand ends at once and is scored; nobody draws."
        elif not rules.can_draw:
            nxt = "There is no drawing, so every player passes and the hand is scored."
        else:
            floor = (f"all but the last {_num_word(self._floor)} tiles of the boneyard" if self._floor
                     else "the whole boneyard")
            if rules.draw_limit is None:
                nxt = (f"Play goes on: the next player cannot play, so he must draw {floor} "
                       "and then pass; then the hand is scored.")
            else:
                nxt = (f"Play goes on: each player in turn draws up to {rules.draw_limit} and passes, "
                       f"until {floor} has been drawn; then the hand is scored.")
        return f"{why} {nxt}"

    # ------------------------------------------------------------------ the result
    @property
    def result(self) -> Optional[RoundResult]:
        """``None`` until the hand is over; then who won, why, and what it scored."""
        if not self._over:
            return None
        if self._result is None:
            hands = [tiles_of(m) for m in self._hands]
            self._result = score(
                self.rules,
                went_out=self._went_out,
                hands=hands,
                blocker=self._last_player(),
                draws=self._draws,
            )
        return self._result

    def _last_player(self) -> Optional[int]:
        for entry in reversed(self._history):
            if entry[0] == _PLAY:
                return entry[1]
        return None

    # ------------------------------------------------------------------ views
    def view(self, seat: int) -> View:
        """What ``seat`` may know: its own hand, the line, everyone's tile counts, the
        boneyard count and the public history (drawn tiles hidden).  Nothing hidden."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self._n:
            raise ValueError(f"seat must be from 0 to {self._n - 1}, got {seat!r}")
        legal = tuple(self.legal_moves()) if seat == self._turn and not self._over else ()
        return View(
            rules=self.rules,
            seat=seat,
            players=self._n,
            hand=Hand(tiles_of(self._hands[seat])),
            line=self.line,
            ends=self.ends,
            hand_counts=tuple(_popcount(m) for m in self._hands),
            boneyard_count=len(self._stock),
            turn=self._turn,
            turn_draws=self._turn_draws,
            draw_counts=tuple(self._draws),
            history=tuple(self._public_events()),
            leader=self._leader,
            legal=legal,
            is_over=self._over,
            result=self.result,
            set_aside=tuple(self.set_aside),
        )

    # ------------------------------------------------------------------ copies, records
    def copy(self) -> Round:
        """An independent copy (for search and what-if analysis)."""
        other = object.__new__(Round)
        for name in Round.__slots__:
            setattr(other, name, getattr(self, name))
        other._hands = self._hands[:]
        other._stock = self._stock[:]
        other._lstack = self._lstack[:]
        other._rstack = self._rstack[:]
        other._history = self._history[:]
        other._draws = self._draws[:]
        other._events = self._events[:]
        return other

    __copy__ = copy

    def state_key(self) -> tuple:
        """Everything that defines the position, as one comparable tuple."""
        return (
            tuple(self._hands), tuple(self._stock), self._left, self._right,
            tuple(self._lstack), tuple(self._rstack), self._turn, self._turn_draws,
            self._passes, tuple(self._draws), self._over, self._went_out, len(self._history),
        )

    def to_record(self) -> dict:
        """The hand as plain JSON-safe data: rules, the deal, every move, the result."""
        from .records import round_to_record

        return round_to_record(self)

    @classmethod
    def from_record(cls, data: dict) -> Round:
        """Rebuild a hand from :meth:`to_record` data, replaying and checking every move.
        A bad record raises :class:`~dominolab.records.RecordError` naming the first bad entry."""
        from .records import round_from_record

        return round_from_record(data)

    # ------------------------------------------------------------------ text and pictures
    def __repr__(self) -> str:
        state = "over" if self._over else f"seat {self._turn} to play"
        return (f"<Round {self.rules.name}, {self._n} players, {state}, "
                f"line {self.line}, boneyard {len(self._stock)}>")

    def __str__(self) -> str:
        lines = [f"Line: {self.line}" + (f"   ends {self._left} | {self._right}" if self._left >= 0 else "")]
        for seat, hand in enumerate(self.hands):
            mark = "  <- to play" if seat == self._turn and not self._over else ""
            lines.append(f"Seat {seat}: {hand} ({len(hand)} tiles, {hand.pips} pips){mark}")
        floor = f" ({self._floor} must stay)" if self._floor and self.rules.can_draw else ""
        lines.append(f"Boneyard: {len(self._stock)} tiles{floor}")
        if self._over:
            lines.append(self.result.explain())
        return "\n".join(lines)

    def _repr_svg_(self) -> str:
        from .render import round_svg

        return round_svg(self)


def _walk(history: list, start: int, ends: Optional[tuple[int, int]], reveal: bool) -> list[Event]:
    """Events for ``history[start:]``, given the ends before it; drawn tiles shown only if
    ``reveal``.  A draw or pass records the ends it faced, which is what makes it informative."""
    out = []
    for entry in history[start:]:
        kind, seat = entry[0], entry[1]
        if kind == _PLAY:
            out.append(Event(seat, "play", TILE_BY_ID[entry[2]], "left" if entry[3] == 0 else "right", ends))
            ends = _ends_after_play(entry)
        elif kind == _DRAW:
            out.append(Event(seat, "draw", TILE_BY_ID[entry[2]] if reveal else None, None, ends))
        else:
            out.append(Event(seat, "pass", None, None, ends))
    return out


def _ends_after_play(entry: tuple) -> tuple[int, int]:
    _, _, tid, side, left, right, _, _ = entry
    tile = TILE_BY_ID[tid]
    if left < 0:
        return (tile.high, tile.low)
    if side == 0:
        return (_PIPS[tid] - left, right)
    return (left, _PIPS[tid] - right)


def _num_word(n: int) -> str:
    words = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
             8: "eight", 9: "nine", 10: "ten", 11: "eleven", 12: "twelve", 13: "thirteen"}
    return words.get(n, str(n))


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


def _stock_order(rules: Rules, ids: list[int], seed: Optional[int]) -> list[int]:
    """R18: the order tiles come off a hand-built boneyard.  A row is drawn as given; a
    shuffled stock is shuffled (with ``seed``), so any tile may come next."""
    if rules.draw_from == "row-end":
        return list(ids)
    out = list(ids)
    random.Random(seed).shuffle(out)
    return out


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


def _turn_up(rules: Rules, players: int, rng: random.Random, info: _SetInfo) -> list:
    """Turn up tiles for the lead (R4) until the rule names one seat.  Returns the rounds
    of tiles turned up: lists of [seat, tile id]."""
    rounds = []
    contenders = list(range(players))
    while True:
        tiles = rng.sample(info.ids, len(contenders))
        rounds.append([[seat, tid] for seat, tid in zip(contenders, tiles, strict=False)])
        if rules.first_leader == "lots":
            return rounds
        key = (lambda t: -_PIPS[t]) if rules.first_leader == "turn-up-highest" else (lambda t: _PIPS[t])
        best = min(key(t) for t in tiles)
        contenders = [seat for seat, t in zip(contenders, tiles, strict=False) if key(t) == best]
        if len(contenders) == 1:
            return rounds


def _leader_from_turn_up(rules: Rules, players: int, rounds: list) -> int:
    """The leader named by tiles turned up (R4), checking that the rounds are consistent."""
    if not isinstance(rounds, list) or not rounds:
        raise ValueError("no tiles were turned up for the lead")
    contenders = list(range(players))
    key = (lambda t: -_PIPS[t]) if rules.first_leader == "turn-up-highest" else (lambda t: _PIPS[t])
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
            total = sum(_PIPS[t] for t in tiles)
            return (total // players) % players
        best = min(key(t) for t in tiles)
        contenders = [s for s, t in zip(seats, tiles, strict=False) if key(t) == best]
        if len(contenders) == 1:
            if index != len(rounds) - 1:
                raise ValueError(f"turned_up[{index + 1}]: the lead was already decided")
            return contenders[0]
    raise ValueError("the tiles turned up leave the lead undecided")
