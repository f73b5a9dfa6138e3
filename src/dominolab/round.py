"""One round (hand) of Draw Dominoes: the state, its legal moves, play and undo, the result.

The state lives in machine-friendly form: each hand is a bitmask of tile ids, the
boneyard a list of ids in draw order, the line two stacks growing outwards from the lead
(laid from the history when read: a move only records itself and the new ends).
The public properties (``hands``, ``line``, ``legal_moves()``...) build friendly objects
from it on demand, so that a complete 2-player hand through the public API costs a few
dozen microseconds.  The search plays on the same state through the fast play-out
interface of :mod:`dominolab.fastround` (``Round``'s base), which asks this module every
rule question.  How a hand begins (the :class:`Start`, its checks, the deal's steps before
the first move) is :mod:`dominolab.dealing`.

Every rule question is answered in exactly one method:

=================================  ===========================================
question                           decided in
=================================  ===========================================
who leads, with what (R4-R6)       ``_choose_leader`` / ``_lead_mask`` (tiles
                                   turned up: ``dealing._turn_up``)
redeal (R17)                       ``dealing._needs_redeal`` (and
                                   ``dealing._hunt``: a top double that cannot
                                   be drawn)
may this seat draw now (R7-R9)     ``_draw_refusal``
which tile comes off (R18)         ``from_position`` (a shuffled stock)
does the hand end (R10, R11)       ``_after_move``
who won, what it scores (R12-R16)  :func:`dominolab.scoring.score`
=================================  ===========================================
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Optional, Union

from .dealing import (
    Start,
    StartError,
    _check_start,
    _Dealt,
    _hunt,
    _needs_redeal,
    _orient_line,
    _set_name,
    _turn_up,
    _turn_up_seats,
)
from .fastround import _DRAW, _PASS, _PIPS, _PLAY, FastRound, _bits, _mask, _popcount, _set_info, _SetInfo
from .fastround import _POINTS_MEMO as _POINTS_MEMO
from .fastround import FAST_DRAW as FAST_DRAW  # the fast interface's move codes, as search.py reads them
from .fastround import FAST_PASS as FAST_PASS
from .fastround import POINTS_MEMO_ENTRIES as POINTS_MEMO_ENTRIES
from .fastround import POINTS_MEMO_RULES as POINTS_MEMO_RULES
from .i18n import _, ngettext
from .moves import (
    DRAW,
    PASS,
    AmbiguousMoveError,
    Draw,
    End,
    Event,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Pass,
    Play,
    read_move_text,
)
from .pieces import Hand, Line, Placed
from .rules import Rules
from .scoring import RoundResult, score
from .shuffling import shuffle
from .tiles import TILE_BY_ID, Tile, TileLike, parse_tiles, tiles_of
from .validate import check_int, check_seat, check_seed, excerpt, is_int
from .words import count_in_words, suit_plural, tiles_count

if TYPE_CHECKING:
    from .view import View  # a view is built from a round: view.py sits above this module

__all__ = ["Round", "Start", "StartError"]

_PLAY_LEFT = [Play(t, "left") for t in TILE_BY_ID]
_PLAY_RIGHT = [Play(t, "right") for t in TILE_BY_ID]
_BIT = [1 << tid for tid in range(len(TILE_BY_ID))]


class _DealPlan:
    """What a round under one rule set at a table of one size needs, worked out once (the
    checks passed, the set, where the hands are cut, the rules' answers that every move
    reads): a deal is the simulator's hot path.  ``given`` is the rules argument as passed
    (a preset name or a ``Rules``)."""

    __slots__ = ("after_passes", "calm", "cuts", "dealt", "ends_hand", "floor", "given", "hunts", "info",
                 "lead_any", "limit", "next", "players", "redeals", "rules", "turns_up", "when_able")

    def __init__(self, given: object, rules: Rules, players: int):
        size = rules.hand_size(players)
        self.given = given
        self.rules = rules
        self.players = players
        self.info = _set_info(rules)
        self.cuts = [(seat * size, (seat + 1) * size) for seat in range(players)]
        self.dealt = players * size
        self.turns_up = rules.first_leader in ("turn-up-lowest", "turn-up-highest", "lots")
        # What Round's moves read (see Round._blank and _after_move).
        self.floor = rules.boneyard_floor
        self.limit = 1 << 30 if rules.draw_limit is None else rules.draw_limit
        self.when_able = rules.draw_when_able
        self.ends_hand = rules.blocked_layout == "ends-hand"
        self.after_passes = rules.stuck_end == "after-passes"
        goes_on = not self.ends_hand and not self.after_passes and self.limit != 0
        self.calm = self.floor if goes_on else _ALWAYS_ASK
        self.next = tuple((seat + 1) % players for seat in range(players))
        # R5: every tile of the leader's hand may lead (see Round._lead_mask).
        self.lead_any = rules.lead_tile == "any" and rules.first_leader != "top-double"
        self.hunts = rules.first_leader == "top-double"
        self.redeals = rules.redeal_doubles is not None or rules.redeal_suit is not None


#: The plays of a mask's tiles at the left end and at the right end, lightest tile first, by
#: mask: what ``legal_moves`` lists for the tiles of a hand that match one end (and the
#: right end's plays followed by Draw, when the seat may also draw).  Filled as masks are
#: met (subsets of one suit: 7 x 128 of them a table for a double-six set) and emptied past
#: _PLAYS_MAX entries, so bigger sets stay bounded.  Never handed out: callers get a new list.
_LEFT_PLAYS: dict[int, list[Move]] = {}
_RIGHT_PLAYS: dict[int, list[Move]] = {}
_RIGHT_PLAYS_DRAW: dict[int, list[Move]] = {}
_PLAYS_MAX = 8192


def _plays(table: dict[int, list[Move]], plays: list[Play], mask: int, then: tuple[Move, ...] = ()) -> list[Move]:
    """``table``'s row for ``mask`` (``plays`` gives each tile id's play at that end, and
    ``then`` follows them), filled."""
    row = table.get(mask)
    if row is None:
        row = [plays[tile.id] for tile in tiles_of(mask)]  # only when a row is first met
        row.extend(then)
        if len(table) >= _PLAYS_MAX:
            table.clear()
        table[mask] = row
    return row


#: ``Round._calm`` when every move must ask ``_after_move`` (more than any boneyard holds).
_ALWAYS_ASK = 1 << 62

#: Deal plans by (id of the rules argument, players); the plan keeps the argument alive, so
#: its id is not reused while the entry stands.  Bounded: emptied past _PLANS_MAX entries.
_PLANS: dict[tuple[int, int], _DealPlan] = {}
_PLANS_MAX = 64
#: The plan the last round was made with: most deals repeat it, and one identity check each
#: for the rules argument and the player count is cheaper than a lookup.
_last_plan: Optional[_DealPlan] = None


def _deal_plan(given: object, rules: Rules, players: int) -> _DealPlan:
    """The plan for dealing ``players`` hands under ``rules`` (already checked), remembered."""
    plan = _DealPlan(given, rules, players)
    if len(_PLANS) >= _PLANS_MAX:
        _PLANS.clear()
    _PLANS[id(given), players] = plan
    return plan


class Round(FastRound):
    """One hand of Draw Dominoes, from the deal (or a built position) to its result.

    Make one with :meth:`deal` or :meth:`from_position`; then ask :meth:`legal_moves`,
    :meth:`play` a move, :meth:`undo` it, and read :attr:`result` once :attr:`is_over`.
    """

    __slots__ = (
        "_after_passes",
        "_calm",
        "_ending",
        "_ends_hand",
        "_floor",
        "_info",
        "_leader",
        "_limit",
        "_next",
        "_start",
        "_when_able",
    )

    # The state in machine form: the hands, boneyard, line, turn and history, which the fast
    # interface also reads and changes, are slots of dominolab.fastround.FastRound; these
    # are the round's own.
    _info: _SetInfo
    _ending: Any
    _leader: Optional[int]
    _floor: int
    _limit: int
    _next: tuple[int, ...]  # the seat after each seat
    _when_able: bool
    _ends_hand: bool
    _after_passes: bool
    _calm: int  # see _after_move
    _start: Union[Start, _Dealt]  # a deal's Start is built when first asked for

    # ------------------------------------------------------------------ construction
    def __init__(self) -> None:  # use Round.deal, Round.from_position or Round.from_start
        raise TypeError("make a Round with Round.deal(...), Round.from_position(...) or Round.from_start(...)")

    @classmethod
    def _blank(cls, plan: _DealPlan) -> Round:
        self = object.__new__(cls)
        self.rules = plan.rules
        self._n = players = plan.players
        info = self._info = plan.info
        self._suit = info.suit
        self._left = self._right = -1
        self._lstack = []
        self._rstack = []
        self._line_mask = 0
        self._folded = 0
        self._turn = 0
        self._turn_draws = 0
        self._passes = 0
        self._history = []
        self._draws = [0] * players
        self._over = False
        self._went_out = None
        self._ending = None
        self._result = None
        self._leader = None
        self._events = []
        self._floor = plan.floor
        self._limit = plan.limit
        self._when_able = plan.when_able
        self._ends_hand = plan.ends_hand
        self._after_passes = plan.after_passes
        self._calm = plan.calm
        self._next = plan.next
        self._fast_memo = None
        return self

    @classmethod
    def _plan(cls, rules: Any, players: Any) -> _DealPlan:
        """The plan for ``rules`` (a ``Rules`` or a preset name) and ``players``, checked."""
        global _last_plan
        plan = _last_plan
        if plan is None or plan.given is not rules or plan.players is not players:  # (is: else look up)
            plan = _PLANS.get((id(rules), players)) if players.__class__ is int else None
            if plan is None or plan.given is not rules:
                plan = _deal_plan(rules, cls._check_rules_players(rules, players), players)
            _last_plan = plan
        return plan

    @staticmethod
    def _check_rules_players(rules: Any, players: Any) -> Rules:
        checked = Rules.coerce(rules)
        check_int(players, "players")
        checked.hand_size(players)  # raises for a player count the rules do not allow
        if checked.partnerships and players != 4:
            raise ValueError(f"partnership rules need 4 players, got {players}")
        return checked

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
        hand can be replayed.  A ``random.Random`` may be passed instead (used as is; the
        hand then has no seed to replay it from, but its :attr:`start` still rebuilds it).
        ``leader`` makes that seat lead with any tile (how later hands of a match start
        under rotation); by default the rules' first-lead rule decides.  Under
        ``first_leader="top-double"`` a deal whose top double cannot be drawn (it lies among
        the tiles that must stay, or nobody may draw) is thrown in like any other redeal.
        """
        plan = _last_plan
        if plan is None or plan.given is not rules or plan.players is not players:
            plan = cls._plan(rules, players)
        rules = plan.rules
        if leader is not None:
            check_seat(leader, players, "leader")
        if isinstance(seed, random.Random):
            rng, seed_value = seed, None
        else:
            if seed is None:
                seed_value = random.SystemRandom().getrandbits(63)
            else:
                seed_value = check_int(seed, "seed")
            rng = random.Random(seed_value)
        info = plan.info
        turned_up = turned_leader = None
        if leader is None and plan.turns_up:
            turned_up, turned_leader = _turn_up(rules, players, rng, info)
        hunts = leader is None and plan.hunts
        hunt_first = None
        redeals = 0
        order = info.ids[:]
        cuts = plan.cuts
        if not (hunts or plan.redeals):  # no deal is ever thrown in: one shuffle
            shuffle(rng, order)
            hands = [order[i:j] for i, j in cuts]
        else:
            while True:
                shuffle(rng, order)
                hands = [order[i:j] for i, j in cuts]
                if not _needs_redeal(rules, info, hands):
                    if not hunts:
                        break
                    hunt = _hunt(rules, info, hands, order[plan.dealt:])
                    if hunt == "dealt":
                        break
                    if hunt == "drawable":  # R4: players draw in turn from a seat the shuffle picks
                        hunt_first = rng.randrange(players)
                        break
                redeals += 1
                if redeals >= 10_000:
                    raise ValueError(
                        "the redeal rules (redeal_doubles / redeal_suit, or a top double that cannot be "
                        "drawn) threw in 10,000 deals in a row; they are too strict for this set and hand size"
                    )
        # tuple.__new__ skips the named tuple's __new__, a Python function: the same tuple, cheaper.
        dealt = tuple.__new__(_Dealt, (hands, order[plan.dealt:], leader, turned_up, redeals, seed_value, hunt_first))
        return cls._from_deal(plan, dealt, turned_leader)

    @classmethod
    def _from_deal(cls, plan: _DealPlan, dealt: _Dealt, turned_leader: Optional[int] = None) -> Round:
        """Set up a dealt round from tile ids and run the lead procedure (which may draw
        tiles under the top-double rule); ``turned_leader`` is the seat the tiles turned up
        named, when the deal has just worked it out.  The :class:`Start` is built only when
        asked for: a deal is the simulator's hot path."""
        self = cls._blank(plan)
        self._start = dealt
        bit = _BIT.__getitem__
        hands = self._hands = [sum(map(bit, hand)) for hand in dealt.hands]  # distinct bits: the sum is the or
        self._stock = dealt.boneyard[::-1]  # pop() takes the next tile
        leader = dealt.leader
        if leader is None:
            leader, lead_mask = self._choose_leader(dealt.turned_up, dealt.hunt_first, turned_leader, plan.lead_any)
        else:
            lead_mask = hands[leader]
        self._leader = leader
        self._turn = leader
        self._lead_allowed = lead_mask
        return self

    @classmethod
    def from_start(cls, rules: Union[Rules, str], start: Start) -> Round:
        """The round that ``start`` begins (see :class:`Start`), checked in full: every tile
        of the set in exactly one place, hand sizes, the lead procedure's tiles, the line.
        Records and matches rebuild hands this way; ``round.start`` gives it back."""
        rules = Rules.coerce(rules)
        if not isinstance(start, Start):
            raise ValueError(f"start must be a Start (see Round.start), got {excerpt(start)}")
        if not isinstance(start.hands, tuple):
            _check_start(rules, start)  # names the first thing wrong: the kind, else the hands
        players = len(start.hands)
        cls._check_rules_players(rules, players)
        _check_start(rules, start)
        return cls._from_checked_start(rules, start)

    @classmethod
    def _from_checked_start(cls, rules: Rules, start: Start) -> Round:
        """Set up the round from a start already checked (run the lead procedure, which
        may draw tiles under the top-double rule)."""
        plan = cls._plan(rules, len(start.hands))
        if start.kind == "deal":
            dealt = _Dealt([[t.id for t in hand] for hand in start.hands], [t.id for t in start.boneyard],
                           start.leader, None if start.turned_up is None else [
                               [tile.id for _, tile in entries] for entries in start.turned_up],
                           start.redeals, start.seed, start.hunt_first)
            made = cls._from_deal(plan, dealt)
            made._start = start
            return made
        self = cls._blank(plan)
        self._start = start
        self._hands = [_mask(hand) for hand in start.hands]
        self._stock = [t.id for t in reversed(start.boneyard)]  # pop() takes the next tile
        placed = _orient_line(list(start.line))
        turn = start.turn if start.turn is not None else 0
        if placed:
            self._rstack = [(p.tile.id, p.left, p.right) for p in placed]
            self._left, self._right = placed[0].left, placed[-1].right
            self._line_mask = _mask(start.line)
        self._turn = turn
        self._turn_draws = start.turn_draws
        self._passes = start.passes
        if start.draw_counts is not None:
            self._draws = list(start.draw_counts)
        self._leader = start.leader if placed else (start.leader if start.leader is not None else turn)
        hand = self._hands[turn]
        self._lead_allowed = self._lead_mask(hand) if (not placed and start.lead_restricted) else hand
        if placed:
            if self._ends_hand and self.is_blocked:
                self._finish(None, "blocked")
            else:
                self._after_move(turn, placed=False)
        return self

    def _choose_leader(self, turned_up: Optional[list[list[int]]], hunt_first: Optional[int],
                       turned_leader: Optional[int] = None, lead_any: bool = False) -> tuple[int, int]:
        """R4/R5: the seat that leads the first hand, and the tiles it may lead with
        (``turned_leader``: the seat ``turned_up`` names, when already known; ``lead_any``:
        the plan says any tile may lead, so :meth:`_lead_mask` need not be asked)."""
        rules, info, hands = self.rules, self._info, self._hands
        rule = rules.first_leader
        if rule == "first-seat":
            seat = 0
        elif rule in ("turn-up-lowest", "turn-up-highest", "lots"):
            if turned_up is None:
                raise ValueError(f"first_leader={rule!r} needs the tiles turned up for the lead")
            seat = _turn_up_seats(rules, self._n, turned_up)[1] if turned_leader is None else turned_leader
        elif rule == "top-double":
            assert info.top_double is not None  # the rules refuse top-double without doubles
            top = 1 << info.top_double
            found = next((s for s, h in enumerate(hands) if h & top), None)
            draw_seat = hunt_first
            while found is None:  # nobody holds it: draw in turn until somebody does
                tid = self._stock.pop()  # _check_start made sure it can be drawn
                hands[draw_seat] |= 1 << tid  # type: ignore[index]
                if tid == info.top_double:
                    found = draw_seat
                draw_seat = (draw_seat + 1) % self._n  # type: ignore[operator]
            seat = found
        else:  # highest-double, else heaviest tile
            best = max(range(self._n), key=lambda s: (hands[s] & info.doubles).bit_length())
            if not hands[best] & info.doubles:
                best = max(range(self._n), key=lambda s: max(
                    (_PIPS[t], TILE_BY_ID[t].high) for t in _bits(hands[s])) if hands[s] else (-1, -1))
            seat = best
        return seat, hands[seat] if lead_any else self._lead_mask(hands[seat])

    def _lead_mask(self, hand: int) -> int:
        """R5: which of ``hand``'s tiles may open the hand.  Under ``first_leader="top-double"``
        the game starts with the top double, so a hand holding it must lead it."""
        top = self._info.top_double
        if self.rules.first_leader == "top-double" and hand >> top & 1:  # type: ignore[operator]
            return 1 << top  # type: ignore[operator]
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
        check_seat(turn, players, "turn")
        check_seed(seed)
        info = _set_info(rules)
        in_set = set(info.ids)
        where: dict[int, str] = {}

        def take(tiles: Any, place: str) -> tuple[Tile, ...]:
            if isinstance(tiles, str):
                tiles = parse_tiles(tiles)
            elif isinstance(tiles, bytes) or not isinstance(tiles, Iterable):
                raise ValueError(f"{place} must be a list of tiles, got {excerpt(tiles)}")
            out = []
            for value in tiles:
                try:
                    tile = Tile.coerce(value)
                except ValueError as exc:
                    raise ValueError(f"{place}: {exc}") from None
                if tile.id not in in_set:
                    raise ValueError(f"{place}: {tile} is not in this set ({_set_name(rules)})")
                if tile.id in where:
                    raise ValueError(f"{place}: {tile} is already in {where[tile.id]}")
                where[tile.id] = place
                out.append(tile)
            return tuple(out)

        hand_tiles = tuple(take(h, f"hands[{i}]") for i, h in enumerate(hands))
        line_tiles = take(line, "line")
        if boneyard is None:
            rest = [t for t in info.ids if t not in where]
            stock_tiles = tuple(TILE_BY_ID[t] for t in sorted(rest, reverse=True))
            where.update(dict.fromkeys(rest, "boneyard"))
        else:
            stock_tiles = take(boneyard, "boneyard")
        if rules.draw_from != "row-end":  # R18: a shuffled stock may give any tile next
            shuffled = list(stock_tiles)
            random.Random(seed).shuffle(shuffled)
            stock_tiles = tuple(shuffled)
        start = Start(
            kind="position",
            hands=hand_tiles,
            boneyard=stock_tiles,
            line=line_tiles,
            set_aside=tuple(TILE_BY_ID[t] for t in reversed(info.ids) if t not in where),
            turn=turn,
            turn_draws=turn_draws,
            seed=seed,
        )
        _check_start(rules, start)
        return cls._from_checked_start(rules, start)

    @classmethod
    def from_view(cls, view: View, hands: Mapping[int, Iterable[Tile]], boneyard: Sequence[Tile]) -> Round:
        """The round as ``view`` sees it, with the hidden tiles filled in: ``hands`` for
        every other seat that holds tiles and ``boneyard`` in draw order.  This is how a
        search player turns a sampled deal into a position it can play out; the new round
        starts at this point (its :attr:`start` is this position: it cannot be undone
        past it, and it can be saved as a record)."""
        rules = view.rules
        filled = [tuple(view.hand) if seat == view.seat else tuple(hands.get(seat, ()))
                  for seat in range(view.players)]
        for seat, tiles in enumerate(filled):
            if len(tiles) != view.hand_counts[seat]:
                raise ValueError(f"seat {seat} must hold {view.hand_counts[seat]} tiles, got {len(tiles)}")
        if len(boneyard) != view.boneyard_count:
            raise ValueError(f"the boneyard must hold {view.boneyard_count} tiles, got {len(boneyard)}")
        passes = 0
        for event in reversed(view.history):
            if event.action != "pass":
                break
            passes += 1
        if view.is_over:
            raise ValueError("the hand in this view is over; there is no position to fill in")
        start = Start(
            kind="position",
            hands=tuple(filled),
            boneyard=tuple(boneyard),
            line=tuple(p.tile for p in view.line),
            set_aside=tuple(view.set_aside),
            turn=view.turn,
            turn_draws=view.turn_draws,
            leader=view.leader,
            draw_counts=tuple(view.draw_counts),
            passes=passes,
            lead_restricted=not view.line and len(view.lead) < len(view.hand) and view.seat == view.turn,
        )
        _check_start(rules, start)
        return cls._from_checked_start(rules, start)

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
        start = self._start
        return start.seed if isinstance(start, Start) else start.seed_value

    @property
    def start(self) -> Start:
        """How this hand began; ``Round.from_start(rules, round.start)`` rebuilds it."""
        start = self._start
        if isinstance(start, _Dealt):
            by_id = TILE_BY_ID
            start = self._start = Start(
                kind="deal",
                hands=tuple(tuple(by_id[t] for t in hand) for hand in start.hands),
                boneyard=tuple(by_id[t] for t in start.boneyard),
                leader=start.leader,
                turned_up=None if start.turned_up is None else tuple(
                    tuple((seat, by_id[tid]) for seat, tid in zip(seats, tiles, strict=True))
                    for seats, tiles in zip(_turn_up_seats(self.rules, self._n, start.turned_up)[0],
                                            start.turned_up, strict=True)),
                redeals=start.redeals,
                seed=start.seed_value,
                hunt_first=start.hunt_first,
            )
        return start

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
        self._fold()
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
        return self.rules.drawable(len(self._stock))

    @property
    def boneyard(self) -> list[Tile]:
        """The boneyard in draw order (the referee's knowledge: hidden from players)."""
        return [TILE_BY_ID[t] for t in reversed(self._stock)]

    @property
    def set_aside(self) -> list[Tile]:
        """Tiles out of play: named nowhere in a built position (a deal sets none aside)."""
        return [] if isinstance(self._start, _Dealt) else list(self._start.set_aside)

    @property
    def turn_draws(self) -> int:
        """Tiles the seat to move has drawn this turn."""
        return self._turn_draws

    @property
    def draw_counts(self) -> list[int]:
        """Tiles each seat has drawn this hand."""
        return list(self._draws)

    if TYPE_CHECKING:
        @property
        def is_over(self) -> bool:
            """True once the hand has ended (then :attr:`result` says how)."""
    else:  # read once a move in every play loop: a getter in C, without a Python frame
        is_over = property(attrgetter("_over"), doc="True once the hand has ended (then :attr:`result` says how).")

    @property
    def sides(self) -> list[tuple[int, ...]]:
        """The scoring sides: one seat each, or the two partnerships."""
        return list(self.rules.seating(self._n))

    def team_of(self, seat: int) -> Optional[int]:
        """The team of ``seat`` in partnership play, else ``None``."""
        if self.rules.sides(self._n) == self._n:
            return None
        return self.rules.side_of(seat, self._n)

    # ------------------------------------------------------------------ moves
    def legal_moves(self) -> list[Move]:
        """Every move the seat to move may make: plays first, then Draw or Pass.

        The lead is listed at the "left" end; :meth:`play` also takes it at the "right"."""
        if self._over:
            return []
        hand = self._hands[self._turn]
        left = self._left
        if left >= 0:
            suit = self._suit
            ml = hand & suit[left]
            mr = hand & suit[self._right]
            # May draw (R7-R9): inlined copies of _draw_refusal's test, for speed.
            if ml | mr:
                if self._when_able and len(self._stock) > self._floor and self._turn_draws < self._limit:
                    try:
                        return _LEFT_PLAYS[ml] + _RIGHT_PLAYS_DRAW[mr]  # a new list
                    except KeyError:
                        return (_plays(_LEFT_PLAYS, _PLAY_LEFT, ml)
                                + _plays(_RIGHT_PLAYS_DRAW, _PLAY_RIGHT, mr, (DRAW,)))
                try:
                    return _LEFT_PLAYS[ml] + _RIGHT_PLAYS[mr]
                except KeyError:
                    return _plays(_LEFT_PLAYS, _PLAY_LEFT, ml) + _plays(_RIGHT_PLAYS, _PLAY_RIGHT, mr)
            if len(self._stock) > self._floor and self._turn_draws < self._limit:
                return [DRAW]
            return [PASS]
        moves: list[Move] = []
        m = hand & self._lead_allowed
        while m:
            low = m & -m
            moves.append(_PLAY_LEFT[low.bit_length() - 1])
            m ^= low
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

    def _draw_refusal(self, playable: int) -> Optional[tuple[str, dict[str, Any]]]:
        """R7-R9: why the seat to move may not draw now (a code and its facts), or ``None``."""
        rules = self.rules
        if self._left < 0:
            return ("draw-before-lead", {})
        if not rules.can_draw:
            return ("no-drawing", {})
        if len(self._stock) <= self._floor:
            if self._floor:
                return ("boneyard-floor", {"floor": self._floor})
            return ("boneyard-empty", {})
        if self._turn_draws >= self._limit:
            return ("draw-limit", {"drawn": self._turn_draws})
        if playable and not self._when_able:
            return ("draw-when-able", {"playable": Hand(tiles_of(playable))})
        return None

    def why_illegal(self, move: object, seat: Optional[int] = None) -> Optional[IllegalMoveError]:
        """The :class:`IllegalMoveError` that :meth:`play` would raise for ``move`` (by
        ``seat``, if given), or ``None`` when the move is legal.  Nothing changes."""
        ends = self.ends
        turn = self._turn
        if self._over:
            return IllegalMoveError("hand-over", move, ends, seat)
        if seat is not None and seat != turn:
            return IllegalMoveError("not-your-turn", move, ends, seat, turn=turn)
        cls = move.__class__
        if cls is Play:
            tile = move.tile  # type: ignore[attr-defined]
            hand = self._hands[turn]
            if not hand & tile.bit:
                return IllegalMoveError("not-in-hand", move, ends, turn, tile=tile, hand=Hand(tiles_of(hand)))
            if ends is None:
                if not self._lead_allowed & tile.bit:
                    return IllegalMoveError("lead-restricted", move, None, turn, tile=tile,
                                            allowed=Hand(tiles_of(self._lead_allowed)),
                                            rule=f"rule lead_tile={self.rules.lead_tile!r}")
                return None
            end = ends[move.side]  # type: ignore[attr-defined]
            if not tile.bit & self._suit[end]:
                return IllegalMoveError("no-match", move, ends, turn, tile=tile, end=move.end)  # type: ignore[attr-defined]
            return None
        if move is DRAW:
            refusal = self._draw_refusal(self._playable(turn))
            return None if refusal is None else IllegalMoveError(refusal[0], move, ends, turn, **refusal[1])
        if move is PASS:
            if ends is None:
                return IllegalMoveError("pass-on-lead", move, None, turn)
            playable = self._playable(turn)
            if playable:
                return IllegalMoveError("pass-playable", move, ends, turn, playable=Hand(tiles_of(playable)))
            if self._draw_refusal(0) is None:
                return IllegalMoveError("pass-must-draw", move, ends, turn, drawable=self.drawable_count)
            return None
        return IllegalMoveError("not-a-move", move, ends, turn)

    def parse_move(self, move: Union[str, Move, TileLike], end: Optional[End] = None) -> Move:
        """The legal move meant by ``move``: text ("6-4", "6-4 left", "draw", "pass", "go"),
        a tile (``"6-4"``, ``Tile(6, 4)``, ``(6, 4)``) with ``end`` optional, or a move object.

        A tile given without an end is played where it fits; when it fits both ends and the
        two plays differ, :class:`AmbiguousMoveError` asks which.  When both ends show the
        same number the two plays are the same move, so no question is asked ("left").
        Raises :class:`InvalidMoveError` for what is not a move at all and
        :class:`IllegalMoveError` (with its ``code``) for a move the rules forbid now.
        Like python-chess's ``parse_san``: callers never guess ends themselves."""
        if end is not None and end not in ("left", "right"):
            raise InvalidMoveError(f"an end must be 'left' or 'right', got {excerpt(end)}", end)
        if isinstance(move, (Play, Draw, Pass)):
            candidate: Move = move
            tile = move.tile if isinstance(move, Play) else None
            if end is not None and tile is not None:
                candidate = Play(tile, end)
        else:
            if isinstance(move, str):
                action, tile, said = read_move_text(move)
                if action != "play":
                    candidate = DRAW if action == "draw" else PASS
                    tile = None
                end = end or said
            else:
                try:
                    tile = Tile.coerce(move)
                except ValueError as exc:
                    raise InvalidMoveError(str(exc), move) from None
            if tile is not None:
                candidate = self._play_for(tile, end)
        error = self.why_illegal(candidate)
        if error is not None:
            raise error
        if candidate.__class__ is Play and self._left < 0:
            return _PLAY_LEFT[candidate.tile.id]
        return candidate

    def _play_for(self, tile: Tile, end: Optional[End]) -> Play:
        """The play of ``tile`` at ``end``, or where it fits when ``end`` is None."""
        if end is not None or self._left < 0 or self._over or not self._hands[self._turn] & tile.bit:
            return Play(tile, end or "left")
        left, right = self._left, self._right
        fits_left = bool(tile.bit & self._suit[left])
        fits_right = bool(tile.bit & self._suit[right])
        if fits_left and fits_right and left != right:
            moves = (_PLAY_LEFT[tile.id], _PLAY_RIGHT[tile.id])
            raise AmbiguousMoveError(tile, (left, right), moves)
        if fits_right and not fits_left:
            return _PLAY_RIGHT[tile.id]
        if not fits_left:  # fits neither: the error names both ends
            raise IllegalMoveError("no-match", Play(tile, "left"), (left, right), self._turn, tile=tile, end=None)
        return _PLAY_LEFT[tile.id]

    def play(self, move: Move, seat: Optional[int] = None) -> None:
        """Make ``move`` for the seat to move (pass ``seat`` to have it checked too).

        An illegal move raises :class:`IllegalMoveError` (see :meth:`why_illegal`) naming
        the move, the ends and the reason; the round is left exactly as it was.
        """
        turn = self._turn
        if self._over or (seat is not None and (seat.__class__ is not int or seat != turn)):
            if seat is not None and not is_int(seat):
                raise ValueError(f"seat must be a whole number or None, got {excerpt(seat)}")
            raise self.why_illegal(move, seat)  # type: ignore[misc]
        if move.__class__ is Play:
            tile = move.tile
            bit = tile.bit
            hands = self._hands
            hand = hands[turn]
            left = self._left
            if left >= 0:
                right = self._right
                side = move.side
                if side:
                    if not hand & bit & self._suit[right]:
                        raise self.why_illegal(move)  # type: ignore[misc]
                    self._right = tile.pips - right
                else:
                    if not hand & bit & self._suit[left]:
                        raise self.why_illegal(move)  # type: ignore[misc]
                    self._left = tile.pips - left
                self._history.append((_PLAY, turn, tile.id, side, left, right, self._turn_draws, self._passes))
            else:
                if not hand & bit & self._lead_allowed:
                    raise self.why_illegal(move)  # type: ignore[misc]
                self._left, self._right = tile.high, tile.low
                self._history.append((_PLAY, turn, tile.id, 0, -1, -1, self._turn_draws, self._passes))
            hands[turn] = hand = hand ^ bit
            self._turn_draws = self._passes = 0
            self._turn = self._next[turn]
            if not hand or len(self._stock) <= self._calm:  # see _after_move
                self._after_move(turn, placed=True)
        elif move is DRAW:
            stock = self._stock
            # _draw_refusal's test, inlined as in legal_moves (why_illegal names the reason).
            if (self._left < 0 or len(stock) <= self._floor or self._turn_draws >= self._limit
                    or (not self._when_able and self._playable(turn))):
                raise self.why_illegal(move)  # type: ignore[misc]
            tid = stock.pop()
            self._hands[turn] |= _BIT[tid]
            self._history.append((_DRAW, turn, tid, self._turn_draws, self._passes))
            self._turn_draws += 1
            self._draws[turn] += 1
            self._passes = 0
            if len(stock) <= self._calm:  # see _after_move
                self._after_move(turn, placed=False)
        elif move is PASS:
            if self._left < 0 or self._playable(turn) or self._draw_refusal(0) is None:
                raise self.why_illegal(move)  # type: ignore[misc]
            self._history.append((_PASS, turn, self._turn_draws, self._passes))
            self._turn_draws = 0
            self._passes += 1
            self._turn = turn + 1 if turn + 1 < self._n else 0
            self._after_move(turn, placed=False)
        else:
            raise self.why_illegal(move)  # type: ignore[misc]

    def _playable(self, seat: int) -> int:
        if self._left < 0:
            return self._hands[seat] & self._lead_allowed
        return self._hands[seat] & (self._suit[self._left] | self._suit[self._right])

    def _after_move(self, seat: int, placed: bool) -> None:
        """R10/R11: end the hand if the last move finished it.

        Its first answer is worked out once, in ``_calm``: when a blocked layout does not
        end the hand, passes are not counted and drawing is allowed, a move that leaves the
        mover holding tiles and more than ``_calm`` (the floor) in the boneyard never ends
        the hand, so :meth:`play` skips the call then (under other rules ``_calm`` is
        larger than any boneyard; ``tests/test_fast_paths.py`` checks the two agree)."""
        if placed:
            if not self._hands[seat]:
                self._finish(seat, "domino")
                return
            if self._ends_hand and self.is_blocked:
                self._finish(None, "blocked")
                return
        if self._after_passes:
            if self._passes >= self._n:
                self._finish(None, "passes")
            return
        # At once: the hand is stuck when nobody can draw and nobody can play.
        if len(self._stock) > self._floor and self._limit:
            return
        open_mask = self._suit[self._left] | self._suit[self._right]
        for hand in self._hands:
            if hand & open_mask:
                return
        self._finish(None, "blocked" if self.is_blocked else "stuck")

    def _finish(self, went_out: Optional[int], ending: str) -> None:
        """End the hand: ``went_out`` is the seat that dominoed; ``ending`` says how it ended
        (see :attr:`RoundResult.ending`)."""
        self._over = True
        self._went_out = went_out
        self._ending = ending
        self._result = None

    def undo(self) -> Move:
        """Take back the last move exactly; returns it.  ``ValueError`` if there is none."""
        if not self._history:
            raise ValueError("there is no move to undo")
        entry = self._history.pop()
        kind = entry[0]
        folded = self._folded > len(self._history)  # the entry is laid on the line (see _fold)
        if folded:
            self._folded = len(self._history)
        self._over = False
        self._went_out = None
        self._result = None
        if len(self._events) > len(self._history):
            del self._events[len(self._history):]
        if kind == _PLAY:
            _, seat, tid, side, left, right, turn_draws, passes = entry
            self._hands[seat] |= 1 << tid
            if folded:
                self._line_mask &= ~(1 << tid)
                if left >= 0 and side == 0:
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
        if isinstance(self._start, _Dealt):
            return None
        line = self._start.line
        if not line:
            return None
        placed = _orient_line(list(line))
        return (placed[0].left, placed[-1].right)

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
        self._fold()
        open_mask = self._suit[self._left] | self._suit[self._right]
        return not open_mask & ~self._line_mask & self._info.mask

    def explain_block(self) -> Optional[str]:
        """Why the layout is blocked and what happens next under these rules (or, once the
        hand is over, how it ended), or ``None`` when the layout is not blocked."""
        if not self.is_blocked:
            return None
        info = self._info
        left, right = self._left, self._right
        if left == right:
            why = _("Both ends show {number} and all {count} {suit} are on the table, so no tile can ever "
                    "be added.").format(number=left, count=count_in_words(info.suit_size[left]),
                                        suit=suit_plural(left))
        else:
            why = _("The ends show {left} and {right}, and all {left_suit} and all {right_suit} are on the "
                    "table, so no tile can ever be added.").format(
                left=left, right=right, left_suit=suit_plural(left), right_suit=suit_plural(right))
        rules = self.rules
        drawable = self.drawable_count
        if self._over:
            if self._went_out is not None:
                nxt = _("The hand is over: seat {seat} played their last tile.").format(seat=self._went_out)
            elif self._ending == "blocked" and self._ends_hand:
                nxt = _("Under these rules that ended the hand at once, without drawing, and it has been scored.")
            elif self._ending == "passes":
                nxt = _("Every player passed in turn, so the hand is over and has been scored.")
            elif rules.can_draw:
                nxt = _("Nothing more may be drawn, so the hand is over and has been scored.")
            else:
                nxt = _("There is no drawing, so the hand is over and has been scored.")
            return _("{why} {next}").format(why=why, next=nxt)
        # Not over: the rules let it go on (draw-down, or passes still to come).
        if not drawable:
            if rules.can_draw:
                nxt = _("Nobody can play and nothing more may be drawn, so every player passes in turn and "
                        "the hand is scored.")
            else:
                nxt = _("Nobody can play and there is no drawing, so every player passes in turn and the hand "
                        "is scored.")
        else:
            stay = (ngettext(" (the last {count} stay in the boneyard)", " (the last {count} stay in the boneyard)",
                             self._floor).format(count=count_in_words(self._floor)) if self._floor else "")
            tiles = tiles_count(drawable)
            if rules.draw_limit is None:
                if self._after_passes:
                    text = _("Play goes on: seat {seat} cannot play, so they must draw the {tiles} that may still "
                             "be drawn{stay}; then every player passes in turn and the hand is scored.")
                else:
                    text = _("Play goes on: seat {seat} cannot play, so they must draw the {tiles} that may still "
                             "be drawn{stay}; then the hand ends and is scored.")
                nxt = text.format(seat=self._turn, tiles=tiles, stay=stay)
            else:
                per_turn = (_("one tile a turn") if rules.draw_limit == 1
                            else _("up to {count} a turn").format(count=count_in_words(rules.draw_limit)))
                if self._after_passes:
                    text = _("Play goes on: the players draw in turn, {per_turn}, passing when they may draw no "
                             "more, until the {tiles} that may still be drawn are gone{stay}; then every player "
                             "passes in turn and the hand is scored.")
                else:
                    text = _("Play goes on: the players draw in turn, {per_turn}, passing when they may draw no "
                             "more, until the {tiles} that may still be drawn are gone{stay}; then the hand ends "
                             "and is scored.")
                nxt = text.format(per_turn=per_turn, tiles=tiles, stay=stay)
        return _("{why} {next}").format(why=why, next=nxt)

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
                ending=self._ending,
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
        from .view import View  # the layer above: imported when first asked, never at load time

        check_seat(seat, self._n)
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
            lead=tuple(Hand(tiles_of(self._hands[seat] & self._lead_allowed)))
            if self._left < 0 and seat == self._turn and not self._over else (),
        )

    # ------------------------------------------------------------------ copies, records
    def copy(self) -> Round:
        """An independent copy (for search and what-if analysis)."""
        other = object.__new__(Round)
        for name in _ROUND_SLOTS:
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

    def state_key(self) -> tuple[Any, ...]:
        """Everything that defines the position, as one comparable tuple."""
        self._fold()
        return (
            tuple(self._hands), tuple(self._stock), self._left, self._right,
            tuple(self._lstack), tuple(self._rstack), self._turn, self._turn_draws,
            self._passes, tuple(self._draws), self._over, self._went_out, len(self._history),
        )

    def to_record(self) -> dict[str, Any]:
        """The hand as plain JSON-safe data: rules, the deal, every move, the result."""
        from .records import round_to_record

        return round_to_record(self)

    @classmethod
    def from_record(cls, data: dict[str, Any]) -> Round:
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
        if self._left >= 0:
            lines = [_("Line: {line}   ends {left} | {right}").format(line=self.line, left=self._left,
                                                                       right=self._right)]
        else:
            lines = [_("Line: {line}").format(line=_("(empty)"))]
        for seat, hand in enumerate(self.hands):
            value = self.rules.hand_value(hand)
            parts = {"seat": seat, "hand": hand if hand else _("(empty)"), "tiles": tiles_count(len(hand), words=False),
                     "pips": ngettext("{count} pip", "{count} pips", hand.pips).format(count=hand.pips)}
            if value != hand.pips:
                text = _("Seat {seat}: {hand} ({tiles}, {pips}, counting {value})").format(value=value, **parts)
            else:
                text = _("Seat {seat}: {hand} ({tiles}, {pips})").format(**parts)
            if seat == self._turn and not self._over:
                text = _("{seat_line}  <- to play").format(seat_line=text)
            lines.append(text)
        lines.append(self._stock_caption())
        if self._over:
            result = self.result
            assert result is not None  # the hand is over
            lines.append(result.explain())
        return "\n".join(lines)

    def _stock_caption(self) -> str:
        """The undealt tiles in words: a boneyard, or tiles set aside when nobody may draw."""
        count = tiles_count(len(self._stock), words=False)
        if not self.rules.can_draw:
            return _("Set aside (no drawing): {count}").format(count=count)
        if self._floor:
            return ngettext("Boneyard: {count} ({floor} must stay)", "Boneyard: {count} ({floor} must stay)",
                            self._floor).format(count=count, floor=self._floor)
        return _("Boneyard: {count}").format(count=count)

    def _repr_svg_(self) -> str:
        from .render import round_svg

        return round_svg(self)

    def _repr_html_(self) -> str:
        # The picture as an <img> with alt text: shown even where SVG output is not trusted.
        from .render import picture_html

        return picture_html(self)


_ROUND_SLOTS = FastRound.__slots__ + Round.__slots__


def _walk(history: list[tuple[int, ...]], start: int, ends: Optional[tuple[int, int]], reveal: bool) -> list[Event]:
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


def _ends_after_play(entry: tuple[int, ...]) -> tuple[int, int]:
    _, _, tid, side, left, right, _, _ = entry
    tile = TILE_BY_ID[tid]
    if left < 0:
        return (tile.high, tile.low)
    if side == 0:
        return (_PIPS[tid] - left, right)
    return (left, _PIPS[tid] - right)


