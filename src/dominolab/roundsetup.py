"""How a :class:`~dominolab.round.Round` is made: dealt (``Round.deal``), rebuilt from its
:class:`~dominolab.dealing.Start` (``Round.from_start``), built from a position
(``Round.from_position``) or from a view with the hidden tiles filled in
(``Round.from_view``), and the first lead (R4-R6).

:class:`RoundSetup`, the base of ``Round`` between it and
:class:`~dominolab.fastround.FastRound`, holds these constructors and the round's own
state that they set up: the rules' answers every move reads, worked out once per rule set
and table size in a deal plan (``_DealPlan``: a deal is the simulator's hot path).  The
lead's rule questions are decided here, once each: who leads (``_choose_leader``, R4) and
with which tiles (``_lead_mask``, R5-R6); the deal's steps before the first move (tiles
turned up, the top-double hunt, redeals) are :mod:`dominolab.dealing`'s; every rule
question after the lead is :mod:`dominolab.round`'s.

Internal: import ``Round`` from :mod:`dominolab.round` (or ``dominolab``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Optional, Union

from .dealing import (
    Start,
    _check_start,
    _Dealt,
    _hunt,
    _needs_redeal,
    _orient_line,
    _set_name,
    _turn_up,
    _turn_up_seats,
)
from .fastround import _PIPS, FastRound, _bits, _mask, _set_info, _SetInfo
from .rules import Rules
from .shuffling import shuffle
from .tiles import TILE_BY_ID, Tile, TileLike, parse_tiles
from .validate import check_int, check_seat, check_seed, excerpt

if TYPE_CHECKING:
    from .round import Round  # the class these constructors make (round.py builds on this module)
    from .view import View  # a view is built from a round: view.py sits above this module

__all__ = ["RoundSetup"]

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


class RoundSetup(FastRound):
    """The round's constructors and the state they set up besides the fast core's (a base of
    :class:`~dominolab.round.Round`, which plays the hand from there)."""

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
    # are the round's own, set here (_blank, from the deal plan) and read by Round's moves.
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
    @classmethod
    def _blank(cls, plan: _DealPlan) -> Round:
        self: Round = object.__new__(cls)  # type: ignore[assignment]  # cls is Round
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
