"""Could this position arise in a real hand?  Checks for lessons, puzzles and exercises.

``Round.from_position`` builds any position whose tiles are all different and whose line
matches, because lessons and tests need that freedom.  Many such positions could never
happen at a real table: a 2-player boneyard of 16 tiles, hand sizes the turn order cannot
produce, a first tile the lead rule forbids.  A lesson that shows one teaches something
false, so every position a lesson shows is checked here:

>>> import dominolab as dl
>>> r = dl.Round.from_position("standard", hands=[["6-6", "5-4", "3-1"], ["2-2", "4-0"]], line=["6-5", "5-5"])
>>> verdict = dl.reachable.check(r)     # truthy when no check fails
>>> print(verdict)                      # "reachable", or each problem in a sentence
not reachable:
- the boneyard holds 21 tiles, but dealing 7 tiles to each of 2 players leaves 14
>>> dl.reachable.require(r)             # raises UnreachableError naming the problems
Traceback (most recent call last):
    ...
dominolab.reachable.UnreachableError: this position cannot arise in a real hand: the boneyard holds 21 tiles, ...
>>> bool(dl.reachable.end_of_hand("family", pips=[10, 14, 15]))   # totals alone, after a hand
False

Each check is a *necessary* condition, decided from the position alone without any search
(the turn-order check tries each possible leader and number of passes, a few hundred cases
at most): a position that fails one cannot arise in a real hand; one that passes them all
is not proven to arise (that would need a search through every way the hand could have
gone).  The checks use the rules object and the round's public state only (``round.start``,
the hands, the line, the boneyard, the turn):

* every tile of the set is somewhere: in a hand, on the line or in the boneyard;
* the boneyard holds no more tiles than the deal leaves, and never fewer than the tiles
  that must stay (R9); without drawing (R7) it holds exactly what the deal left;
* the hand sizes, the tiles on the line and the seat to play fit the turn order: each turn
  ends with a play or a pass, a seat that holds fewer tiles than it was dealt has played
  at least the difference, and nobody passes while they may still draw;
* the first tile obeys the lead rule where it can be told (R4, R5): when nothing has been
  drawn, the tile the rules make the lead must be on the line;
* a hand the redeal rule (R17) would have thrown in was never played.

:func:`end_of_hand` checks pip totals given without tiles, as rule books and exercises
give them: after a blocked hand with nothing left in the boneyard, the pips left have the
parity of the whole set whenever each number appears on an even number of tile halves
(lesson 2 proves it for the double-six set).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Optional, Union

from .i18n import _, ngettext, pgettext
from .round import Round
from .rules import Rules
from .tiles import Tile
from .validate import check_int, excerpt
from .words import count_in_words, list_and, tiles_count

__all__ = ["CODES", "Problem", "Reachability", "UnreachableError", "check", "end_of_hand", "require"]

#: The kinds of problem, each with what it means.
CODES: dict[str, str] = {
    "set-aside": "tiles are out of play; in a real hand every tile is in a hand, on the line or in the boneyard",
    "boneyard-too-big": "the boneyard holds more tiles than the deal leaves",
    "boneyard-below-floor": "the boneyard holds fewer tiles than must always stay in it",
    "no-drawing": "tiles are missing from the boneyard although the rules allow no drawing",
    "draw-before-lead": "tiles were drawn before the first tile was led",
    "turn-draws": "the seat to play has drawn more tiles this turn than the rules allow",
    "hand-too-big": "a hand holds more tiles than it was dealt plus every tile drawn",
    "turns": "the hand sizes, the line and the seat to play do not fit the turn order",
    "lead-tile": "the tile the lead rule makes the first tile is not on the line",
    "redeal": "a hand the redeal rule throws in was played",
    "players": "the number of hands is not one these rules allow",
    "went-out": "the seat that went out still holds pips",
    "zero-pips": "more hands count nothing than there are tiles that count nothing",
    "too-many-pips": "the hands count more than the whole set",
    "parity": "a blocked hand with an empty boneyard leaves pips of the wrong parity",
}


@dataclass(frozen=True)
class Problem:
    """One reason a position cannot arise: a ``code`` (a key of :data:`CODES`) and a
    sentence for a learner or a teacher."""

    code: str
    message: str

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class Reachability:
    """The verdict of :func:`check` or :func:`end_of_hand`: true when no check failed."""

    problems: tuple[Problem, ...] = ()

    @property
    def ok(self) -> bool:
        """True when every check passed."""
        return not self.problems

    def __bool__(self) -> bool:
        return self.ok

    @property
    def codes(self) -> tuple[str, ...]:
        """The codes of the problems found, in order."""
        return tuple(p.code for p in self.problems)

    def __str__(self) -> str:
        if self.ok:
            return _("reachable: no check found a reason this position could not arise in a real hand")
        return _("not reachable:") + "\n" + "\n".join(f"- {p.message}" for p in self.problems)

    def _repr_markdown_(self) -> str:
        return str(self).replace("\n", "  \n")


class UnreachableError(ValueError):
    """A position that cannot arise in a real hand; ``problems`` says why."""

    def __init__(self, problems: Sequence[Problem]):
        self.problems = tuple(problems)
        super().__init__(_("this position cannot arise in a real hand: {problems}").format(
            problems="; ".join(p.message for p in self.problems)))

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.problems,))


def require(position: Round, *, first_hand: Optional[bool] = None) -> Round:
    """``position`` itself when :func:`check` finds nothing wrong; else raise
    :class:`UnreachableError` naming every problem."""
    verdict = check(position, first_hand=first_hand)
    if not verdict:
        raise UnreachableError(verdict.problems)
    return position


# ------------------------------------------------------------------------------ positions
def check(position: Round, *, first_hand: Optional[bool] = None) -> Reachability:
    """Check that ``position`` (a :class:`~dominolab.round.Round`) could arise in a real hand.

    ``first_hand`` says whether the position is from the first hand of a match, where the
    first-lead rule (R4, R5) applies; ``None`` (the default) works it out: a dealt round
    knows, and a built position may come from any hand of a match.
    """
    if not isinstance(position, Round):
        raise ValueError(f"check() needs a Round (a dealt hand or a built position), got {excerpt(position)}")
    facts = _Facts(position, first_hand)
    problems: list[Problem] = []
    for step in (_check_tiles, _check_boneyard, _check_sizes, _check_lead, _check_redeal):
        problems.extend(step(facts))
    if not problems:  # the turn order is only worth reading once the counts add up
        problems.extend(_check_turns(facts))
    return Reachability(tuple(problems))


class _Facts:
    """What the checks read from a round, computed once."""

    def __init__(self, r: Round, first_hand: Optional[bool]):
        rules = r.rules
        self.r = r
        self.rules = rules
        self.n = n = r.players
        self.dealt = rules.hand_size(n)
        self.counts = r.hand_counts
        self.line = [p.tile for p in r.line]
        self.boneyard = r.boneyard_count
        self.left_by_deal = rules.set_size - n * self.dealt
        self.drawn = self.left_by_deal - self.boneyard
        start = r.start
        self.is_deal = start.kind == "deal"
        if first_hand is None:
            first_hand = True if (self.is_deal and start.leader is None) else (False if self.is_deal else None)
        #: True: the first hand of a match; False: a later hand; None: could be either.
        self.first_hand = first_hand
        # The seat that led, when known: a deal knows it; a position knows it when told.
        if self.is_deal or not self.line:
            self.leader = r.leader
        else:
            self.leader = start.leader
        self.hunt = rules.first_leader == "top-double"  # may draw before the lead (R4)
        self.known_draws = list(r.draw_counts)
        turn = r.turn
        self.known_draws[turn] = max(self.known_draws[turn], r.turn_draws)

    def lead_rules_apply(self) -> Optional[bool]:
        """Whether this hand's lead follows the first-hand rule: True, False or None (could be either)."""
        if self.rules.next_leader == "first-hand-rule":
            return True
        return self.first_hand


def _seat_list(tiles: Sequence[Tile]) -> str:
    shown = " ".join(str(t) for t in tiles[:8])
    return shown + (" …" if len(tiles) > 8 else "")


def _check_tiles(f: _Facts) -> list[Problem]:
    aside = f.r.set_aside
    if not aside:
        return []
    text = ngettext("{count} ({tiles}) is out of play; in a real hand every tile is in a hand, on the line or "
                    "in the boneyard",
                    "{count} ({tiles}) are out of play; in a real hand every tile is in a hand, on the line or "
                    "in the boneyard", len(aside))
    return [Problem("set-aside", text.format(count=tiles_count(len(aside), words=False), tiles=_seat_list(aside)))]


def _check_boneyard(f: _Facts) -> list[Problem]:
    rules, out = f.rules, list[Problem]()
    if f.r.set_aside:
        return out  # the counts below assume every tile is in play
    if f.boneyard > f.left_by_deal:
        out.append(Problem("boneyard-too-big", ngettext(
            "the boneyard holds {boneyard} tiles, but dealing {dealt} tiles to each of {players} players leaves "
            "{left}",
            "the boneyard holds {boneyard} tiles, but dealing {dealt} tiles to each of {players} players leaves "
            "{left}", f.boneyard).format(boneyard=f.boneyard, dealt=f.dealt, players=f.n, left=f.left_by_deal)))
        return out
    if f.drawn and not rules.can_draw and not f.hunt:
        out.append(Problem("no-drawing", ngettext(
            "the boneyard holds {boneyard} tiles, not the {left} the deal leaves, but these rules allow no drawing",
            "the boneyard holds {boneyard} tiles, not the {left} the deal leaves, but these rules allow no drawing",
            f.boneyard).format(boneyard=f.boneyard, left=f.left_by_deal)))
    if rules.can_draw and f.boneyard < min(rules.boneyard_floor, f.left_by_deal) and not f.hunt:
        out.append(Problem("boneyard-below-floor", ngettext(
            "the boneyard holds {tiles}, but the last {count} are never drawn",
            "the boneyard holds {tiles}, but the last {count} are never drawn", rules.boneyard_floor).format(
            tiles=tiles_count(f.boneyard, words=False), count=count_in_words(rules.boneyard_floor))))
    if f.drawn and not f.line and not f.hunt:
        out.append(Problem("draw-before-lead", ngettext(
            "the boneyard holds {boneyard} tiles, not the {left} the deal leaves, but nobody draws before the "
            "first tile",
            "the boneyard holds {boneyard} tiles, not the {left} the deal leaves, but nobody draws before the "
            "first tile", f.boneyard).format(boneyard=f.boneyard, left=f.left_by_deal)))
    limit = rules.draw_limit
    if limit is not None and f.r.turn_draws > limit:
        out.append(Problem("turn-draws", _(
            "seat {seat} has drawn {drawn} tiles this turn, but these rules allow at most {limit}").format(
            seat=f.r.turn, drawn=f.r.turn_draws, limit=limit)))
    return out


def _check_sizes(f: _Facts) -> list[Problem]:
    if f.r.set_aside or f.boneyard > f.left_by_deal:
        return []
    most = f.dealt + max(f.drawn, 0)
    drawn = max(f.drawn, 0)
    text = ngettext("seat {seat} holds {count} tiles, but it was dealt {dealt} and only {drawn} has been drawn",
                    "seat {seat} holds {count} tiles, but it was dealt {dealt} and only {drawn} have been drawn",
                    drawn)
    return [Problem("hand-too-big", text.format(seat=seat, count=count, dealt=f.dealt,
                                                drawn=tiles_count(drawn, words=False)))
            for seat, count in enumerate(f.counts) if count > most]


def _lead_tile(f: _Facts) -> Optional[tuple[Tile, str]]:
    """The tile the first-lead rule makes the first tile of the hand, when it can be told
    from the position alone, with the reason; else ``None``."""
    rules = f.rules
    if rules.first_leader == "top-double" and rules.lead_tile == "highest-double":
        top = Tile(rules.max_pip, rules.max_pip)
        return top, _("the {tile} leads the first hand").format(tile=top)
    if rules.first_leader == "highest-double" and rules.lead_tile == "highest-double" and f.drawn == 0:
        # Nothing drawn: every tile in a hand or on the line was dealt.
        dealt = [t for hand in f.r.hands for t in hand] + f.line
        doubles = [t for t in dealt if t.is_double]
        if doubles:
            return max(doubles), _("the highest double dealt leads")
        heaviest = max(dealt, key=lambda t: (t.pips, t.high))
        return heaviest, _("with no double dealt, the heaviest tile leads")
    return None


def _check_lead(f: _Facts) -> list[Problem]:
    if not f.line or f.lead_rules_apply() is not True:
        return []
    found = _lead_tile(f)
    if found is None:
        return []
    tile, why = found
    if tile in f.line or (not tile.is_double and any(t.pips == tile.pips for t in f.line)):
        return []
    where = next((s for s, hand in enumerate(f.r.hands) if tile in hand), None)
    if where is None:  # in the boneyard: among tiles that must stay, it cannot be hunted
        return []
    text = (_("under these rules {why}, but the {tile} is in seat {seat}'s hand") if f.hunt
            else _("under these rules {why}, but the {tile} is in seat {seat}'s hand and nothing has been drawn"))
    return [Problem("lead-tile", text.format(why=why, tile=tile, seat=where))]


def _check_redeal(f: _Facts) -> list[Problem]:
    rules = f.rules
    if (rules.redeal_doubles is None and rules.redeal_suit is None) or f.drawn:
        return []
    out = []
    # Nothing drawn: each hand is part of what was dealt to it.
    for seat, hand in enumerate(f.r.hands):
        doubles = sum(1 for t in hand if t.is_double)
        if rules.redeal_doubles is not None and doubles >= rules.redeal_doubles:
            out.append(Problem("redeal", _(
                "seat {seat} holds {doubles} doubles, and these rules throw in a hand with {limit} or more").format(
                seat=seat, doubles=doubles, limit=rules.redeal_doubles)))
            continue
        if rules.redeal_suit is not None:
            for number in range(rules.max_pip + 1):
                suit = sum(1 for t in hand if t.has(number))
                if suit >= rules.redeal_suit:
                    out.append(Problem("redeal", _(
                        "seat {seat} holds {count} tiles showing {number}, and these rules throw in a hand with "
                        "{limit} or more of one number").format(
                        seat=seat, count=suit, number=number, limit=rules.redeal_suit)))
                    break
    return out


def _turns_of(seat: int, leader: int, turns: int, n: int) -> int:
    """How many of the first ``turns`` turns, starting with ``leader``, belong to ``seat``."""
    return turns // n + (1 if (seat - leader) % n < turns % n else 0)


def _most_passes(f: _Facts) -> int:
    """The most passes the hand can have seen so far."""
    rules = f.rules
    # While a seat may still draw it passes only after a turn's full quota of draws.
    quota = 0 if not rules.can_draw or rules.draw_limit is None else \
        max(0, f.drawn - f.r.turn_draws) // rules.draw_limit
    if rules.can_draw and f.boneyard > rules.boneyard_floor:
        return quota
    # Once nobody may draw, a round of passes with nobody able to play ends the hand, so
    # each play is followed by fewer passes than there are seats.
    return quota + f.n * (len(f.line) + 1)


def _fit(f: _Facts, leader: int, turns: int, passes_possible: bool) -> Optional[str]:
    """``None`` when ``turns`` completed turns led by ``leader`` can explain the hand sizes;
    else why not, in a sentence."""
    played, limit, n = len(f.line), f.rules.draw_limit, f.n
    if passes_possible:
        setting = ngettext("{tiles} is on the line and seat {seat} is to play, so ",
                           "{tiles} are on the line and seat {seat} is to play, so ", played)
    else:
        setting = ngettext("{tiles} is on the line, seat {seat} is to play and nobody can have passed while the "
                           "boneyard holds more than the tiles that stay, so ",
                           "{tiles} are on the line, seat {seat} is to play and nobody can have passed while the "
                           "boneyard holds more than the tiles that stay, so ", played)
    setting = setting.format(tiles=tiles_count(played, words=False), seat=f.r.turn)
    low_total = high_total = 0
    for seat in range(n):
        had = _turns_of(seat, leader, turns, n)
        least = max(0, f.dealt - f.counts[seat] + f.known_draws[seat])
        if seat == leader and played:
            least = max(least, 1)  # the lead is a play
        most = had
        if limit is not None and not f.hunt:
            # Each turn draws at most `limit` tiles, the turn in progress included.
            draw_turns = had + (1 if seat == f.r.turn else 0)
            most = min(most, limit * draw_turns + f.dealt - f.counts[seat])
        if least > most:
            parts = {"setting": setting, "leader": leader, "seat": seat, "count": f.counts[seat], "dealt": f.dealt,
                     "turns": ngettext("{count} turn", "{count} turns", had).format(count=had)}
            if least > had:
                if f.known_draws[seat]:
                    text = ngettext(
                        "{setting}seat {leader} led and seat {seat} has had {turns}; but seat {seat} holds {count} "
                        "tiles, dealt {dealt} and has drawn {drawn}, so it has played at least {least}",
                        "{setting}seat {leader} led and seat {seat} has had {turns}; but seat {seat} holds {count} "
                        "tiles, dealt {dealt} and has drawn {drawn}, so it has played at least {least}", f.counts[seat])
                else:
                    text = ngettext(
                        "{setting}seat {leader} led and seat {seat} has had {turns}; but seat {seat} holds {count} "
                        "tiles, dealt {dealt}, so it has played at least {least}",
                        "{setting}seat {leader} led and seat {seat} has had {turns}; but seat {seat} holds {count} "
                        "tiles, dealt {dealt}, so it has played at least {least}", f.counts[seat])
                return text.format(drawn=f.known_draws[seat], least=tiles_count(least, words=False), **parts)
            return ngettext(
                "{setting}seat {leader} led and seat {seat} has had {turns}; but seat {seat} holds {count} tiles, "
                "dealt {dealt}, so it has drawn at least {least}, more than {limit} a turn",
                "{setting}seat {leader} led and seat {seat} has had {turns}; but seat {seat} holds {count} tiles, "
                "dealt {dealt}, so it has drawn at least {least}, more than {limit} a turn", f.counts[seat]).format(
                least=f.counts[seat] - f.dealt + least, limit=count_in_words(limit), **parts)  # type: ignore[arg-type]
        low_total += least
        high_total += most
    if low_total > played:
        return _("the hands hold {counts} tiles: dealt {dealt} each, the seats have played at least {low} tiles "
                 "between them, but only {played} are on the line").format(
            counts=list_and(f.counts), dealt=f.dealt, low=low_total, played=played)
    if high_total < played:
        return _("the hands hold {counts} tiles: drawing at most {limit} a turn ({drawn} drawn in all), the seats "
                 "have played at most {high} tiles between them, but {played} are on the line").format(
            counts=list_and(f.counts), limit=count_in_words(limit), drawn=f.drawn,  # type: ignore[arg-type]
            high=high_total, played=played)
    return None


def _check_turns(f: _Facts) -> list[Problem]:
    n, played, turn = f.n, len(f.line), f.r.turn
    leaders = [f.leader] if f.leader is not None else list(range(n))
    most = played + _most_passes(f)
    tried: list[str] = []
    for leader in leaders:
        candidates: Sequence[int]
        if played == 0:
            candidates = [0] if turn == leader else []
        else:
            candidates = range(played + (turn - leader - played) % n, most + 1, n)
        for turns in candidates:
            reason = _fit(f, leader, turns, most > played)
            if reason is None:
                return []
            tried.append(reason)
    if not tried:  # no number of turns ends with this seat to play
        if played == 0:
            return [Problem("turns", _("nobody has played yet, so seat {leader} (the leader) is to play, not seat "
                                       "{seat}").format(leader=leaders[0], seat=turn))]
        return [Problem("turns", _(
            "seat {leader} led and {tiles} are on the line; nobody can have passed while the boneyard holds more "
            "than the tiles that stay, so seat {next} is to play, not seat {seat}").format(
            leader=leaders[0], tiles=tiles_count(played, words=False), next=(leaders[0] + played) % n, seat=turn))]
    if len(tried) > 1:
        return [Problem("turns", _("no order of turns fits the hand sizes; for example, {reason}").format(
            reason=tried[0]))]
    return [Problem("turns", tried[0])]


# ------------------------------------------------------------------------------ pip totals
def _halves_per_number(rules: Rules) -> int:
    """How many tile halves show each number: N + 2 with doubles (the double has two),
    N without."""
    return rules.max_pip + 2 if rules.doubles else rules.max_pip


def end_of_hand(
    rules: Union[Rules, str],
    pips: Sequence[int],
    went_out: Optional[int] = None,
    *,
    boneyard: Optional[int] = None,
) -> Reachability:
    """Check pip totals left in the hands at the end of a hand, given without their tiles.

    ``pips`` are the totals each seat's hand counts (``rules.hand_value``), ``went_out`` the
    seat that dominoed (``None``: the hand was blocked), ``boneyard`` the tiles left in the
    boneyard at the end (``None``: what these rules leave after a blocked hand, when that is
    fixed).  After a blocked hand with an empty boneyard every tile not in a hand is on a
    blocked line, whose pips are even when each number appears on an even number of tile
    halves (double-six: eight); so the hands' pips have the parity of the whole set.
    """
    rules = Rules.coerce(rules)
    if isinstance(pips, (str, bytes)) or not isinstance(pips, Sequence):
        raise ValueError(f"pips must be a list of whole numbers, one per seat; got {excerpt(pips)}")
    for seat, value in enumerate(pips):
        check_int(value, f"pips[{seat}]", 0)
    players = len(pips)
    if went_out is not None:
        check_int(went_out, "went_out", 0, max(players - 1, 0))
    if boneyard is not None:
        check_int(boneyard, "boneyard", 0)
    if players not in rules.player_counts:
        counts = pgettext("numbers", " or ").join(map(str, rules.player_counts))
        return Reachability((Problem("players", _("these rules are for {counts} players, not {players}").format(
            counts=counts, players=players)),))
    problems: list[Problem] = []
    if went_out is not None and pips[went_out]:
        problems.append(Problem("went-out", _("seat {seat} went out, so it holds no tiles, yet it is given {pips} "
                                              "pips").format(seat=went_out, pips=pips[went_out])))
    tiles = rules.tiles
    zero = sum(1 for t in tiles if rules.tile_value(t) == 0)
    holding_nothing = [s for s, p in enumerate(pips) if p == 0 and s != went_out]
    if len(holding_nothing) > zero:
        names = list_and(pgettext("listed", "seat {seat}").format(seat=s) for s in holding_nothing)
        if zero == 1:
            text = ngettext("{names} still hold tiles but count 0, and only one tile counts nothing",
                            "{names} still hold tiles but count 0, and only one tile counts nothing",
                            len(holding_nothing))
        else:
            text = ngettext("{names} still hold tiles but count 0, and {count} tiles count nothing",
                            "{names} still hold tiles but count 0, and {count} tiles count nothing",
                            len(holding_nothing))
        problems.append(Problem("zero-pips", text.format(names=names, count=zero)))
    whole = sum(rules.tile_value(t) for t in tiles)
    if sum(pips) > whole:
        problems.append(Problem("too-many-pips", _("the hands count {total}, more than the {whole} of the whole "
                                                   "set").format(total=sum(pips), whole=whole)))
    if went_out is None:
        left = boneyard if boneyard is not None else _blocked_boneyard(rules, players)
        if left == 0 and not rules.tile_values and _halves_per_number(rules) % 2 == 0:
            whole_pips = sum(t.pips for t in tiles)
            if (sum(pips) - whole_pips) % 2:
                problems.append(Problem("parity", _(
                    "after a blocked hand with nothing in the boneyard, the pips left add up to a number with "
                    "the parity of the whole set ({whole}, {whole_parity}); {sum} = {total} is {parity}").format(
                    whole=whole_pips, whole_parity=_parity(whole_pips), sum=" + ".join(map(str, pips)),
                    total=sum(pips), parity=_parity(sum(pips)))))
    return Reachability(tuple(problems))


def _parity(number: int) -> str:
    """ "even" or "odd", in the current language."""
    return pgettext("parity", "odd") if number % 2 else pgettext("parity", "even")


def _blocked_boneyard(rules: Rules, players: int) -> Optional[int]:
    """Tiles left in the boneyard when a hand under these rules ends blocked, when fixed."""
    left_by_deal = rules.set_size - players * rules.hand_size(players)
    if not rules.can_draw or left_by_deal == 0:
        return left_by_deal
    if rules.blocked_layout == "draw-down":
        # Play goes on after a block, so the hand ends only once nobody may draw.
        return min(rules.boneyard_floor, left_by_deal)
    return None

