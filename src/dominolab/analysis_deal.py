"""How the analysis board checks a hand: a deal of the hidden tiles under which every turn is legal.

:class:`~dominolab.analysis.AnalysisBoard` never guesses a rule.  For the public turns of a
path of its tree it looks for a way the hidden tiles could have lain (:meth:`DealChecks._fill`:
the other hands as dealt and which tile each of their draws gave), a matching of each hidden
tile to the places it could have been (:func:`_match`), where a place is barred to a tile
when the seat showed it lacked one of the tile's numbers while holding it, or when the lead
rule rules it out.  Then the whole hand is replayed through :class:`~dominolab.round.Round`
(:meth:`DealChecks._replay`), which answers every rule question, and the position reached is
checked by :func:`dominolab.reachable.check` too.  When no deal fits, :class:`_Bad` names the
first turn that breaks them, in words (:meth:`DealChecks._why_no_deal`,
:meth:`DealChecks._shortfall`).

:class:`DealChecks` is a base of ``AnalysisBoard`` (its checks, apart from its moves and
values); this module does not import the board's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Optional

from .i18n import _, ngettext, pgettext
from .moves import DRAW, PASS, Event, IllegalMoveError, Move, Play
from .pieces import Hand
from .round import Round, Start, StartError
from .rules import Rules
from .tiles import Tile, mask_of, tiles_of
from .validate import PicklableError
from .words import list_and


class _Bad(PicklableError):
    """Inside the board: event ``index`` of a path cannot happen, because ``text``, in which
    "{where}" stands for the place of event ``ref`` (see :meth:`why`)."""

    # Pickled under the board's module, where it was defined before (which re-exports it).
    __module__ = "dominolab.analysis"

    def __init__(self, index: int, text: str, ref: Optional[int] = None, plain: bool = False):
        super().__init__(index)
        self.index = index
        self.text = text
        self.ref = ref
        #: A plain fact broken (found before the engine replays the hand).
        self.plain = plain

    def why(self, where: Callable[[int], str]) -> str:
        """The reason, ``where(i)`` naming event i's place ("at line 7", or "earlier").
        Every message is ready to format: "{where}" is its only placeholder."""
        return self.text if self.ref is None else self.text.replace("{where}", where(self.ref))


#: The place of an event in a :class:`_Bad`'s text, filled in by :meth:`_Bad.why`.
WHERE = "{where}"


class _NoDeal(Exception):
    """No way of dealing the hidden tiles fits the events.  ``why``, when known, says which
    place needs more tiles than can be there (see :meth:`DealChecks._shortfall`)."""

    __module__ = "dominolab.analysis"  # as _Bad's

    def __init__(self, why: Optional[Callable[[], str]] = None):
        super().__init__()
        self._why = why

    @property
    def why(self) -> str:
        """The reason in words, worked out when asked (a search for a deal fails often)."""
        return self._why() if self._why is not None else ""


class _Tally:
    """What the events of a path show, gathered by :meth:`DealChecks._tally`: the analysed
    seat's tiles as dealt (``mine``) and as the events go (``holding``), the event at which
    each tile was played (``where_played``) and each of its draws (``my_draws``), the tiles
    drawn in all (``drawn``), each seat's plays and draws, and each other seat's ``lacks``:
    (event, ends) where it showed it held neither number."""

    __slots__ = ("drawn", "draws", "holding", "in_set", "lacks", "mine", "my_draws", "plays", "where_played")

    def __init__(self, tiles: tuple[Tile, ...], players: int, rules: Rules):
        self.mine = set(tiles)
        self.in_set = set(rules.tiles)
        self.holding = set(tiles)
        self.where_played: dict[Tile, int] = {}
        self.my_draws: dict[Tile, int] = {}
        self.drawn = 0
        self.plays = [0] * players
        self.draws = [0] * players
        self.lacks: dict[int, list[tuple[int, tuple[int, int]]]] = {s: [] for s in range(players)}


# ---------------------------------------------------------------------------- the checks
class DealChecks:
    """The board's checks of its turns (a base of :class:`~dominolab.analysis.AnalysisBoard`,
    which sets these attributes): the analysed seat ``seat`` of ``players``, named
    ``names``, holding ``tiles`` as dealt, under ``rules``, in a hand that is the first of
    a match or not (``first_hand``), led by ``leader`` when known; ``_lines`` are the text
    lines of the path being checked."""

    rules: Rules
    players: int
    seat: int
    names: tuple[str, ...]
    tiles: tuple[Tile, ...]
    first_hand: Optional[bool]
    leader: Optional[int]
    _lines: list[Optional[int]]

    # ------------------------------------------------------------------ names
    def _who(self, seat: int) -> str:
        """A seat in a sentence: "you" for the analysed seat, else its name."""
        return "you" if seat == self.seat else self.names[seat]

    def _speaking(self) -> list[str]:
        """The names the engine's explanations use ("You" speaks to the reader)."""
        return ["You" if s == self.seat else name for s, name in enumerate(self.names)]

    # ------------------------------------------------------------------ the replay
    def _checked(self, events: list[Event]) -> Round:
        """:meth:`_replay`, with the first wrong event found: a fact broken by an event
        (a tile seen twice...) or the engine's refusal of an earlier move comes first; when
        no deal fits, the shortest run of events that no deal fits ends at the event to
        blame, unless the engine refuses a move up to it whatever the deal."""
        try:
            return self._replay(events)
        except _Bad as bad:
            if bad.plain and bad.index > 0:
                try:
                    self._checked(events[:bad.index])
                except _Bad as earlier:
                    raise earlier from None
            raise
        except _NoDeal:
            pass
        low, high = 0, len(events)  # events[:high] fits no deal: find the shortest such run
        while high - low > 1:
            mid = (low + high) // 2
            try:
                self._fill(events[:mid])
                low = mid
            except (_NoDeal, _Bad):
                high = mid
        # A refusal on public grounds alone (whose turn, the ends, the boneyard) comes first.
        try:
            before = self._replay(events[:high - 1])
        except (_Bad, _NoDeal):
            before = None
        event = events[high - 1]
        if before is not None:
            move = (Play(event.tile, event.end or "left") if event.action == "play" and event.tile is not None
                    else DRAW if event.action == "draw" else PASS)
            refused = before.why_illegal(move, seat=event.seat)
            if refused is not None and refused.code in _PUBLIC_REFUSALS:
                speaking = self._speaking()
                raise _Bad(high - 1, refused.explain(speaking))
        raise self._why_no_deal(events[:high])

    def _check_reachable(self, r: Round, last: int) -> None:
        """:func:`dominolab.reachable.check` on the position ``r`` has reached (its hidden
        tiles as the deal found has them): a second opinion, from the position alone."""
        from .reachable import check

        if r.is_over:
            return
        view = r.view(self.seat)
        hands = r.hands
        position = Round.from_view(view, {s: tuple(hands[s]) for s in range(self.players)
                                          if s != self.seat and hands[s]}, r.boneyard)
        verdict = check(position, first_hand=self.first_hand)
        # The deal found need not keep to the redeal rule (R17) in the hidden hands: only
        # the analysed seat's own hand is a fact.
        found = [p for p in verdict.problems if p.code != "redeal" or p.message.startswith(f"seat {self.seat} ")]
        if found:
            problems = "; ".join(p.message for p in found)
            raise _Bad(max(last, 0), _("this position cannot arise in a real hand: {problems}")
                       .format(problems=problems))

    def _replay(self, events: list[Event], forces: tuple[tuple[Tile, int, int], ...] = (),
                tries: Optional[list[int]] = None) -> Round:
        """The engine's round for ``events`` on a deal found by :meth:`_fill`.

        Whether anybody could still play when nobody may draw is not public (under
        ``stuck_end="at-once"`` the hand would have ended at once): when the deal found ends
        the hand that way before a later event, or at the end, another deal is looked for
        in which some other seat holds a tile that fits then (``forces``), as the search
        deals only hands that go on."""
        tries = tries if tries is not None else [0]
        keys = self._lead_keys(events)
        for k, key in enumerate(keys):
            try:
                hands, boneyard = self._fill(events, forces, key)
                r = self._start_round(hands, boneyard, events)
                break
            except (_NoDeal, _Bad) as failed:
                if k == len(keys) - 1 or (isinstance(failed, _Bad) and failed.plain):
                    raise
        speaking = self._speaking()
        for i, event in enumerate(events):
            move: Move
            if event.action == "play":
                assert event.tile is not None
                move = Play(event.tile, event.end or "left")
            else:
                move = DRAW if event.action == "draw" else PASS
            try:
                r.play(move, seat=event.seat)
            except IllegalMoveError as exc:
                if exc.code == "hand-over" and r.result is not None and r.result.ending == "stuck":
                    alive = self._alive(events, forces, i, r, tries)
                    if alive is not None:
                        return alive
                raise _Bad(i, exc.explain(speaking)) from None
        if r.is_over and r.result is not None and r.result.ending == "stuck":
            alive = self._alive(events, forces, len(events), r, tries)
            if alive is not None and not alive.is_over:
                return alive
        return r

    def _alive(self, events: list[Event], forces: tuple[tuple[Tile, int, int], ...], at: int, r: Round,
               tries: list[int]) -> Optional[Round]:
        """A replay of ``events`` on a deal in which, before event ``at``, another seat holds
        a tile that fits the ends of ``r`` (where the hand went stuck); ``None`` if none."""
        ends = r.ends
        assert ends is not None
        seen = set(self.tiles) | {e.tile for e in events[:at] if e.tile is not None}
        for tile in self.rules.tiles:
            if tile in seen or not (tile.has(ends[0]) or tile.has(ends[1])):
                continue
            for seat in range(self.players):
                if seat == self.seat or tries[0] >= ALIVE_TRIES:
                    continue
                tries[0] += 1
                try:
                    return self._replay(events, (*forces, (tile, seat, at)), tries)
                except (_NoDeal, _Bad):
                    continue
        return None

    def _start_round(self, hands: list[tuple[Tile, ...]], boneyard: list[Tile], events: list[Event]) -> Round:
        """The round the deal ``hands``/``boneyard`` starts, led by the seat of the first
        event, under the lead rule that applies (the engine's own)."""
        rules = self.rules
        leader = events[0].seat if events else (self.seat if self.leader is None else self.leader)
        rule_leads = rules.next_leader == "first-hand-rule" or self.first_hand is True
        by_hands = rules.first_leader in ("highest-double", "first-seat", "top-double")
        if not events:  # the table knows who leads: the board takes its word
            start = Start(kind="position", hands=tuple(hands), boneyard=tuple(boneyard), turn=leader,
                          leader=leader, lead_restricted=rule_leads)
        elif rule_leads and by_hands:
            start = Start(kind="deal", hands=tuple(hands), boneyard=tuple(boneyard), leader=None)
        elif rule_leads and rules.lead_tile != "any":
            start = Start(kind="position", hands=tuple(hands), boneyard=tuple(boneyard), turn=leader,
                          leader=leader, lead_restricted=True)
        else:
            start = Start(kind="deal", hands=tuple(hands), boneyard=tuple(boneyard), leader=leader)
        try:
            try:
                r = Round.from_start(rules, start)
            except StartError:
                if start.kind != "deal" or (rules.redeal_doubles is None and rules.redeal_suit is None):
                    raise
                # A deal the redeal rule (R17) would throw in: the search does not deal by
                # that rule either, so the board takes the lead as the table saw it.
                r = Round.from_start(rules, Start(kind="position", hands=tuple(hands), boneyard=tuple(boneyard),
                                                  turn=leader, leader=leader,
                                                  lead_restricted=rule_leads))
        except (StartError, ValueError) as exc:
            message = str(exc)
            raise _Bad(0, _("this deal cannot be played under these rules: {message}").format(message=message)) \
                from None
        if leader is not None and r.leader != leader:
            if r.turn == self.seat:
                text = _("under these rules you would have led this hand, not {who}")
            elif leader == self.seat:
                text = _("under these rules {should} would have led this hand, not you")
            else:
                text = _("under these rules {should} would have led this hand, not {who}")
            raise _Bad(0, text.format(should=self._who(r.turn), who=self._who(leader)))
        return r

    # -- the hidden tiles
    def _fill(self, events: list[Event], forces: tuple[tuple[Tile, int, int], ...] = (),
              key: Optional[Tile] = None) -> tuple[list[tuple[Tile, ...]], list[Tile]]:
        """A deal of the hidden tiles under which ``events`` can happen: every hand as dealt
        and the boneyard in draw order.  Raises :class:`_Bad` for an event that breaks a
        plain fact (a tile seen twice, too many draws...) and :class:`_NoDeal` when no deal
        fits.  Each of ``forces`` (tile, seat, i) asks for the tile in the seat's hand before
        event i; ``key`` is the tile that made the leader lead (see :meth:`_lead_keys`)."""
        rules, n, me = self.rules, self.players, self.seat
        size = rules.hand_size(n)
        stock = rules.set_size - n * size
        seen = self._tally(events, size, stock)
        groups, draw_group = self._places(events, size, stock - seen.drawn)
        mine = set(self.tiles)
        hidden = [t for t in rules.tiles if t not in mine and t not in seen.my_draws]
        bar = self._lead_bar(events, key)
        if key is not None and events and events[0].seat != me:
            forces = (*forces, (key, events[0].seat, 0))
        allowed = [self._tile_options(tile, events, groups, seen, bar, forces) for tile in hidden]
        blocked: list[set[int]] = []
        placed = _match(allowed, [room for _, _, room in groups], blocked)
        if placed is None:
            raise _NoDeal(lambda: self._shortfall(hidden, allowed, groups, blocked, events))
        return self._dealt(events, hidden, placed, groups, draw_group)

    def _tally(self, events: list[Event], size: int, stock: int) -> _Tally:
        """What ``events`` show, checked against the plain facts as they go (raising
        :class:`_Bad` for the first that breaks one): where each tile was played, the
        analysed seat's draws, the counts, and the numbers each other seat showed it lacked."""
        seen = _Tally(self.tiles, self.players, self.rules)
        for i, event in enumerate(events):
            if event.action == "play":
                self._tally_play(i, event, seen, size)
            elif event.action == "draw":
                self._tally_draw(i, event, seen, stock)
            elif event.seat != self.seat and event.ends is not None:
                seen.lacks[event.seat].append((i, event.ends))
        return seen

    def _tally_play(self, i: int, event: Event, seen: _Tally, size: int) -> None:
        """Event ``i``, a play, added to ``seen``: a tile of the set, not played before, not
        one the analysed seat holds (unless it plays it), and within the seat's tiles."""
        seat, me, names = event.seat, self.seat, self._who
        tile = event.tile
        assert tile is not None
        if tile not in seen.in_set:
            raise _Bad(i, plain=True, text=_("{tile} is not in this set").format(tile=tile))
        if tile in seen.where_played:
            j = seen.where_played[tile]
            raise _Bad(i, plain=True, text=_("{tile} was already played {where}").format(
                tile=tile, where=WHERE), ref=j)
        if seat != me and (tile in seen.mine or tile in seen.my_draws):
            text = (_("you were dealt {tile}, so {who} cannot play it") if tile in seen.mine
                    else _("you drew {tile}, so {who} cannot play it"))
            raise _Bad(i, plain=True, text=text.format(tile=tile, who=names(seat)))
        if seat == me and tile not in seen.holding:  # the engine's own words for it
            hand = Hand(tiles_of(mask_of(seen.holding)))
            refused = IllegalMoveError("not-in-hand", Play(tile, event.end or "left"), event.ends, seat,
                                       tile=tile, hand=hand)
            raise _Bad(i, plain=True, text=refused.explain(self._speaking()))
        seen.holding.discard(tile)
        seen.where_played[tile] = i
        seen.plays[seat] += 1
        if seat != me and seen.plays[seat] > size + seen.draws[seat]:
            p, d = seen.plays[seat], seen.draws[seat]
            raise _Bad(i, plain=True, text=(
                _("{who} would be playing a tile number {number}, but was dealt {size} and drew {drawn}")
                .format(who=names(seat), number=p, size=size, drawn=d)))

    def _tally_draw(self, i: int, event: Event, seen: _Tally, stock: int) -> None:
        """Event ``i``, a draw, added to ``seen``: within the boneyard; the analysed seat's
        names a tile nobody has seen; another seat's shows the numbers it lacked, where the
        rules forbid drawing while able to play."""
        seat = event.seat
        seen.drawn += 1
        seen.draws[seat] += 1
        if seen.drawn > stock:
            raise _Bad(i, plain=True, text=(
                _("the boneyard held only {stock} tiles after the deal, and they have all been drawn")
                .format(stock=stock)))
        if seat == self.seat:
            tile = event.tile
            if tile is None:
                raise _Bad(i, plain=True, text=_("say which tile you drew"))
            if tile not in seen.in_set:
                raise _Bad(i, plain=True, text=_("{tile} is not in this set").format(tile=tile))
            if tile in seen.mine or tile in seen.my_draws:
                raise _Bad(i, plain=True, text=(
                    _("you already hold {tile}, so you cannot draw it").format(tile=tile)))
            if tile in seen.where_played:
                j = seen.where_played[tile]
                text = _("{tile} was played {where}, so you cannot draw it")
                raise _Bad(i, plain=True, text=text.format(tile=tile, where=WHERE), ref=j)
            seen.my_draws[tile] = i
            seen.holding.add(tile)
        elif not self.rules.draw_when_able and event.ends is not None:
            seen.lacks[seat].append((i, event.ends))

    def _places(self, events: list[Event], size: int, left: int) -> tuple[list[tuple[int, int, int]], dict[int, int]]:
        """The places a hidden tile may have been, each (seat or -1 for the boneyard, made at,
        room): each other seat's hand as dealt (made at -1), each of their draws (made at the
        draw) and the rest of the boneyard (``left`` tiles); and the place of each such draw."""
        groups: list[tuple[int, int, int]] = []
        for seat in range(self.players):
            if seat != self.seat:
                groups.append((seat, -1, size))
        draw_group: dict[int, int] = {}
        for i, event in enumerate(events):
            if event.action == "draw" and event.seat != self.seat:
                draw_group[i] = len(groups)
                groups.append((event.seat, i, 1))
        groups.append((-1, len(events), left))
        return groups, draw_group

    @staticmethod
    def _tile_options(tile: Tile, events: list[Event], groups: list[tuple[int, int, int]], seen: _Tally,
                      bar: Optional[Callable[[int, Tile], bool]],
                      forces: tuple[tuple[Tile, int, int], ...]) -> list[int]:
        """The places (indices of ``groups``) the hidden ``tile`` may have been: with room;
        the seat that played it, before it did; not a hand the lead rule bars it from
        (``bar``); not a seat that showed it lacked one of its numbers while it held it; and
        where ``forces`` ask for it."""
        played_at = seen.where_played.get(tile)
        owner = events[played_at].seat if played_at is not None else None
        last = len(events)
        options = []
        for g, (seat, made, room) in enumerate(groups):
            if not room:
                continue
            if seat < 0:
                if owner is None:
                    options.append(g)
                continue
            if owner is not None and (seat != owner or made >= played_at):  # type: ignore[operator]
                continue
            if made < 0 and bar is not None and bar(seat, tile):
                continue
            until = played_at if played_at is not None else last
            if any(made < at < until and (tile.has(a) or tile.has(b)) for at, (a, b) in seen.lacks[seat]):
                continue
            options.append(g)
        for forced, holder, at in forces:
            if forced == tile:
                if played_at is not None and played_at < at:
                    options = []
                options = [g for g in options if groups[g][0] == holder and groups[g][1] < at]
        return options

    def _dealt(self, events: list[Event], hidden: list[Tile], placed: list[int], groups: list[tuple[int, int, int]],
               draw_group: dict[int, int]) -> tuple[list[tuple[Tile, ...]], list[Tile]]:
        """The deal a matching (``placed``: the place of each of ``hidden``) gives: every
        hand as dealt, and the boneyard in the order its tiles were drawn."""
        members: list[list[Tile]] = [[] for _ in groups]
        for tile, g in zip(hidden, placed, strict=True):
            members[g].append(tile)
        hands: list[tuple[Tile, ...]] = []
        k = 0
        for seat in range(self.players):
            if seat == self.seat:
                hands.append(self.tiles)
            else:
                hands.append(tuple(members[k]))
                k += 1
        boneyard: list[Tile] = []
        for i, event in enumerate(events):
            if event.action == "draw":
                if event.seat == self.seat:
                    assert event.tile is not None
                    boneyard.append(event.tile)
                else:
                    boneyard.extend(members[draw_group[i]])
        boneyard.extend(members[-1])
        return hands, boneyard

    def _shortfall(self, hidden: list[Tile], allowed: list[list[int]], groups: list[tuple[int, int, int]],
                   blocked: list[set[int]], events: list[Event]) -> str:
        """Why no deal fits, in words: a place (a seat's hand as dealt, a seat's draw, the
        boneyard) that must hold more of the hidden tiles than can be there, or, failing one,
        the tiles that fit only in places with too little room between them (Hall's condition,
        from the matching that failed: ``blocked`` holds its tiles and places)."""
        def place(g: int) -> str:
            seat, made, _room = groups[g]
            if seat < 0:
                return _("the boneyard")
            if made < 0:
                return (_("your hand as dealt") if seat == self.seat
                        else _("{who}'s hand as dealt").format(who=self._who(seat)))
            line = self._line_of(events, made)
            return (_("the tile {who} drew at line {line}").format(who=self._who(seat), line=line) if line else
                    _("a tile {who} drew").format(who=self._who(seat)))

        fits = [[t for t, options in zip(hidden, allowed, strict=True) if g in options] for g in range(len(groups))]
        for g, (seat, made, room) in enumerate(groups):
            if seat >= 0 and made < 0 and len(fits[g]) < room:
                tiles = ", ".join(str(t) for t in fits[g]) or pgettext("tiles", "none")
                return ngettext("{who} was dealt {size} tiles, but only {count} of the tiles you could not see can "
                                "have been among them ({tiles})",
                                "{who} was dealt {size} tiles, but only {count} of the tiles you could not see can "
                                "have been among them ({tiles})", len(fits[g])).format(
                    who=self._who(seat), size=room, count=len(fits[g]), tiles=tiles)
        for g, (_seat, _made, room) in enumerate(groups):
            if room and not fits[g]:
                return _("no tile you could not see can be {place}: each would break something the turns "
                         "showed").format(place=place(g))
        if len(blocked) == 2 and not blocked[1]:
            tiles = ", ".join(str(hidden[k]) for k in sorted(blocked[0], key=lambda k: hidden[k]))
            return _("{tiles} can have been in no place: in every hand, draw or the boneyard it breaks something "
                     "the turns showed").format(tiles=tiles)
        if len(blocked) == 2:
            items, places = blocked
            room = sum(groups[g][2] for g in places)
            tiles = ", ".join(str(hidden[k]) for k in sorted(items, key=lambda k: hidden[k]))
            return ngettext("the tiles {tiles} can only have been in {places}, which hold {room} tile between them",
                            "the tiles {tiles} can only have been in {places}, which hold {room} tiles between them",
                            room).format(tiles=tiles, places=list_and([place(g) for g in sorted(places)]), room=room)
        return ""

    def _line_of(self, events: list[Event], index: int) -> Optional[int]:
        """The text line event ``index`` of the path being checked was read from (None when
        the event was not read from text)."""
        lines = self._lines
        return lines[index] if 0 <= index < len(lines) and len(lines) >= len(events) else None

    def _lead_keys(self, events: list[Event]) -> list[Optional[Tile]]:
        """The tiles that may have made the first mover the leader, under a first-lead rule
        decided by the hands ("highest-double", "top-double"): the highest double dealt, or
        with none dealt the heaviest tile.  ``[None]`` when no such tile is asked for."""
        rules = self.rules
        rule_leads = rules.next_leader == "first-hand-rule" or self.first_hand is True
        if not events or not rule_leads or rules.first_leader not in ("highest-double", "top-double"):
            return [None]
        leader, lead = events[0].seat, events[0].tile
        if rules.first_leader == "top-double":
            return [Tile(rules.max_pip, rules.max_pip)]
        if leader == self.seat:
            doubles = [t for t in self.tiles if t.is_double]
            return [max(doubles) if doubles else max(self.tiles, key=lambda t: (t.pips, t.high))]
        if lead is not None and lead.is_double and rules.lead_tile == "highest-double":
            return [lead]
        mine = set(self.tiles)
        doubles = sorted((t for t in rules.tiles if t.is_double and t not in mine), reverse=True)
        others = sorted((t for t in rules.tiles if not t.is_double and t not in mine),
                        key=lambda t: (-t.pips, -t.high))
        keys: list[Optional[Tile]] = [*doubles, *others]
        if lead is not None and lead in keys:  # the lead itself first: the likeliest
            keys.remove(lead)
            keys.insert(0, lead)
        return keys[:LEAD_KEYS]

    def _lead_bar(self, events: list[Event], key: Optional[Tile]) -> Optional[Callable[[int, Tile], bool]]:
        """Which tiles a seat cannot have been dealt, given the lead (a guide for the deal
        that the engine then checks): under a first-lead rule decided by the hands, none
        above ``key`` (the leader's highest double, or with no double dealt its heaviest
        tile) in another hand; under a lead-tile rule, none the leader should have led
        instead of its lead."""
        rules = self.rules
        if not events or events[0].action != "play" or events[0].tile is None:
            return None
        lead, leader = events[0].tile, events[0].seat
        rule_leads = rules.next_leader == "first-hand-rule" or self.first_hand is True
        if not rule_leads:
            return None

        def above_key(tile: Tile) -> bool:
            if key is None:
                return False
            if key.is_double:
                return tile.is_double and tile.high > key.high
            return tile.is_double or (tile.pips, tile.high) > (key.pips, key.high)

        def above_lead(tile: Tile) -> bool:
            if rules.lead_tile == "highest-double":
                if lead.is_double:
                    return tile.is_double and tile.high > lead.high
                return tile.is_double or tile.pips > lead.pips
            if rules.lead_tile == "heaviest":
                return tile.pips > lead.pips
            return False

        def barred(seat: int, tile: Tile) -> bool:
            return above_lead(tile) if seat == leader else above_key(tile)

        return barred

    def _why_no_deal(self, events: list[Event]) -> _Bad:
        """Why the last of ``events`` cannot happen after the others (which can): a seat
        plays a tile with a number it showed it lacked and has drawn nothing since, or, in
        general, no way of dealing the hidden tiles fits."""
        i = len(events) - 1
        event = events[i]
        seat = event.seat
        who = self._who(seat)
        if event.action == "play" and event.tile is not None:
            tile = event.tile
            reveal = not self.rules.draw_when_able
            for j in range(i - 1, -1, -1):
                other = events[j]
                if other.seat != seat or other.ends is None:
                    continue
                shows = other.action == "pass" or (other.action == "draw" and reveal)
                a, b = other.ends
                if shows and (tile.has(a) or tile.has(b)):
                    since = events[j:i] if other.action == "draw" else events[j + 1:i]  # a draw brings a tile
                    if any(e.seat == seat and e.action == "draw" for e in since):
                        break
                    numbers = f"{a}" if a == b else list_and([a, b])
                    if seat == self.seat:
                        text = (_("you cannot have held {tile}: you passed {where} against {numbers}, so held no "
                                  "{numbers}, and has drawn nothing since") if other.action == "pass" else
                                _("you cannot have held {tile}: you drew {where} against {numbers}, so held no "
                                  "{numbers}, and has drawn nothing since"))
                    else:
                        text = (_("{who} cannot have held {tile}: {who} passed {where} against {numbers}, so held "
                                  "no {numbers}, and has drawn nothing since") if other.action == "pass" else
                                _("{who} cannot have held {tile}: {who} drew {where} against {numbers}, so held "
                                  "no {numbers}, and has drawn nothing since"))
                    return _Bad(i, text.format(who=who, tile=tile, numbers=numbers, where=WHERE), ref=j)
            if i == 0:
                text = (_("under these rules you could not have led {tile} with your tiles as they are")
                        if seat == self.seat else
                        _("under these rules {who} could not have led {tile} with your tiles as they are"))
                return _Bad(i, text.format(who=who, tile=tile))
        try:
            self._fill(events)
            why = ""
        except _NoDeal as none:
            why = none.why
        except _Bad:
            why = ""
        if why:
            text = (_("no way of dealing the tiles you could not see fits the turns so far, so you cannot make this "
                      "move after them: {why}") if seat == self.seat else
                    _("no way of dealing the tiles you could not see fits the turns so far, so {who} cannot make "
                      "this move after them: {why}"))
            return _Bad(i, text.format(who=who, why=why.replace("{", "{{").replace("}", "}}")))
        text = (_("no way of dealing the tiles you could not see fits the turns so far: you cannot make this move "
                  "after them") if seat == self.seat else
                _("no way of dealing the tiles you could not see fits the turns so far: {who} cannot make this "
                  "move after them"))
        return _Bad(i, text.format(who=who))


#: The engine's refusals that do not depend on the hidden tiles (see ``moves.ILLEGAL_CODES``).
_PUBLIC_REFUSALS = frozenset({"hand-over", "not-your-turn", "no-match", "draw-before-lead", "no-drawing",
                              "boneyard-floor", "boneyard-empty", "draw-limit", "pass-on-lead"})

#: Tiles the board tries, at most, as the one that made the first mover the leader.
LEAD_KEYS = 40

#: Deals the board tries, at most, looking for one in which the hand goes on (see
#: ``DealChecks._replay``).
ALIVE_TRIES = 200


def _match(allowed: list[list[int]], rooms: list[int], blocked: Optional[list[set[int]]] = None
           ) -> Optional[list[int]]:
    """Place each item in one of its ``allowed`` groups, group g taking at most
    ``rooms[g]`` (augmenting paths, as for a bipartite matching); ``None`` when impossible,
    and then ``blocked`` (when given) receives the items that fit only in a set of groups
    with too little room, and those groups (every group the failed search reached is full)."""
    placed = [-1] * len(allowed)
    members: list[list[int]] = [[] for _ in rooms]

    def place(item: int, seen: set[int]) -> bool:
        for g in allowed[item]:
            if g in seen:
                continue
            seen.add(g)
            if len(members[g]) < rooms[g]:
                members[g].append(item)
                placed[item] = g
                return True
            for other in members[g]:
                if place(other, seen):
                    members[g].remove(other)
                    members[g].append(item)
                    placed[item] = g
                    return True
        return False

    # Most constrained items first: fewer paths to follow.
    for item in sorted(range(len(allowed)), key=lambda k: len(allowed[k])):
        seen: set[int] = set()
        if not place(item, seen):
            if blocked is not None:
                blocked[:] = [{item, *(other for g in seen for other in members[g])}, seen]
            return None
    return placed
