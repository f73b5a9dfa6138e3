"""Scoring a finished hand: the one implementation of R12-R15, with its arithmetic in words.

``score(rules, pips=[10, 14, 15])`` works on its own (for lessons and exercises);
``Round.result`` calls the same function with everything the round knows.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Optional

from .i18n import N_, _, ngettext
from .rules import Rules
from .tiles import Tile
from .validate import excerpt, is_int
from .words import contract, is_you, list_and, list_or, seat_name

__all__ = ["ENDINGS", "RoundResult", "score"]


@dataclass(frozen=True)
class RoundResult:
    """How a hand ended and what it scored.

    ``points`` and ``side_pips`` are per scoring side: per seat, or per team when
    partnerships are on.  ``pips`` is always per seat.  ``winner`` is the seat that won,
    or ``None`` when nobody did or when a team won as a whole (a blocked partnership hand);
    ``team`` is the winning team in partnership play, else ``None``.  ``reason`` is
    "domino" or "blocked" (a blocked game: nobody went out); ``ending`` says more: "domino",
    a "blocked" layout, "stuck" (nobody could play and nothing more could be drawn, the
    layout still open), every player passed in turn ("passes"), or ``None`` when
    :func:`score` was not told.
    """

    reason: str
    winner: Optional[int]
    team: Optional[int]
    pips: tuple[int, ...]
    points: tuple[int, ...]
    side_pips: tuple[int, ...]
    sides: tuple[tuple[int, ...], ...]
    went_out: Optional[int] = None
    blocker: Optional[int] = None
    draw_costs: tuple[int, ...] = ()
    ending: Optional[str] = None
    hands: Optional[tuple[tuple[Tile, ...], ...]] = field(default=None, repr=False)
    _steps: tuple[Say, ...] = field(default=(), repr=False, compare=False)

    @property
    def winning_side(self) -> Optional[int]:
        """Index into ``points`` of the side that won, or ``None``."""
        if self.team is not None:
            return self.team
        return self.winner

    def explain(self, names: Optional[Sequence[str]] = None) -> str:
        """Each step of the scoring arithmetic in words, in the current language.  ``names``
        (one per seat) replaces "seat 0" etc."""
        if names is not None and (isinstance(names, (str, bytes)) or not isinstance(names, Sequence)
                                  or len(names) != len(self.pips)):
            raise ValueError(_("names must give one name per seat ({players}), got {given}").format(
                players=len(self.pips), given=excerpt(names)))
        return "\n".join(_render(step, names, self.sides) for step in self._steps)

    def _repr_markdown_(self) -> str:
        return self.explain().replace("\n", "  \n")

    def to_dict(self) -> dict[str, Any]:
        """The result as plain JSON-safe data."""
        return {
            "reason": self.reason,
            "winner": self.winner,
            "team": self.team,
            "pips": list(self.pips),
            "points": list(self.points),
        }


@dataclass(frozen=True)
class Say:
    """One sentence (or part of one) kept as its English message and named parts, and said
    in the language of the moment it is read: a result explains itself in the language of
    ``explain()``, not of ``score()``.  With ``plural`` and ``n`` it is a message that agrees
    with ``n``.  Parts are plain values, other :class:`Say` or :class:`Listed`; seats and
    teams stay as ``{s0}``/``{t1}`` for :meth:`RoundResult.explain` to name."""

    message: str
    parts: tuple[tuple[str, Any], ...] = ()
    plural: Optional[str] = None
    n: int = 0
    #: The same sentence said to the reader, when the seat ``you[1]`` is named "You": its
    #: verbs agree with "you" (in Spanish they differ from the third person's).
    you: Optional[tuple[str, int]] = None

    def text(self) -> str:
        template = _(self.message) if self.plural is None else ngettext(self.message, self.plural, self.n)
        return template.format(**{key: _said(value) for key, value in self.parts})


@dataclass(frozen=True)
class Listed:
    """Parts said one after the other: joined by ``sep``, or as "a, b and c" when ``sep`` is None."""

    items: tuple[Any, ...]
    sep: Optional[str] = ", "

    def text(self) -> str:
        said = [_said(item) for item in self.items]
        return list_and(said) if self.sep is None else self.sep.join(said)


def _said(value: Any) -> str:
    return value.text() if isinstance(value, (Say, Listed)) else str(value)


def _say(message: str, to_you: Optional[tuple[str, int]] = None, **parts: Any) -> Say:
    return Say(message, tuple(parts.items()), you=to_you)


def _seat_you(label: str, unit: Optional[int], message: str) -> Optional[tuple[str, int]]:
    """``message`` as the form said to the reader, when ``unit`` is a seat (not a team)."""
    return (message, unit) if label == "s" and unit is not None else None


def _render(step: Say, names: Optional[Sequence[str]], sides: Sequence[Sequence[int]]) -> str:
    if names is None:
        names = [seat_name(s) for s in range(sum(len(side) for side in sides))]
    mapping = {f"s{seat}": name for seat, name in enumerate(names)}
    for index, members in enumerate(sides):
        if len(members) > 1:
            mapping[f"t{index}"] = _("team {index} ({members})").format(
                index=index, members=list_and(names[m] for m in members))
    if step.you is not None and 0 <= step.you[1] < len(names) and is_you(names[step.you[1]]):
        step = Say(step.you[0], step.parts, step.plural, step.n)
    text = contract(step.text().format(**mapping))
    return text[:1].upper() + text[1:]


_SCORING_NAMES = {
    "others-minus-own": N_("others' pips minus own"),
    "differences": N_("sum of the differences"),
    "all-pips": N_("all pips left, own included"),
    "others": N_("others' pips"),
    "one-point": N_("one point a win"),
}

_TEAM_SCORING_NAMES = {
    "others-minus-own": N_("the difference between the team totals"),
    "differences": N_("the difference between the team totals"),
    "all-pips": N_("all pips left, own included"),
    "others": N_("the losing team's pips"),
    "one-point": N_("one point a win"),
}

#: How a hand can end, for :attr:`RoundResult.ending` and ``score(ending=...)``.
ENDINGS = ("domino", "blocked", "stuck", "passes")


def _ending_step(rules: Rules, ending: Optional[str], went_out: Optional[int]) -> Say:
    """The first line of the explanation: how the hand ended."""
    if went_out is not None:
        return _say(N_("{who} played the last tile of the hand (domino)."),
                    to_you=(N_("{you} played the last tile of the hand (domino)."), went_out),
                    who=f"{{s{went_out}}}", you=f"{{s{went_out}}}")
    if ending == "blocked":
        if rules.blocked_layout == "ends-hand":
            return _say(N_("The layout is blocked: no tile can be added at either end, and under these rules "
                           "that ends the hand at once, without drawing."))
        if rules.can_draw:
            return _say(N_("The layout is blocked (no tile can be added at either end) and nothing more may be "
                           "drawn, so the hand is over."))
        return _say(N_("The layout is blocked (no tile can be added at either end) and there is no drawing, "
                       "so the hand is over."))
    if ending == "stuck":
        if rules.can_draw:
            return _say(N_("Nobody can play and nothing more may be drawn, so the hand is over."))
        return _say(N_("Nobody can play and there is no drawing, so the hand is over."))
    if ending == "passes":
        return _say(N_("Every player passed in turn (nobody could play or draw), so the hand is over."))
    return _say(N_("Nobody went out, so the hand is scored on the pips left (a blocked game)."))


def _per_seat(name: str, values: object, players: int, low: int, high: Optional[int] = None) -> list[int]:
    """``values`` as one whole number per seat, from ``low`` to ``high``; else a ValueError
    naming ``name`` and the first bad entry."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise ValueError(_("{name} must be a list with one whole number per seat, got {given}").format(
            name=name, given=excerpt(values)))
    if len(values) != players:
        raise ValueError(_("{name} must give one number per seat ({players}), got {count}: {given}").format(
            name=name, players=players, count=len(values), given=excerpt(values)))
    out = list(values)
    for seat, value in enumerate(out):
        if not is_int(value) or value < low or (high is not None and value > high):
            text = (_("{name}[{seat}] must be a whole number from {low} to {high}, got {given}") if high is not None
                    else _("{name}[{seat}] must be a whole number >= {low}, got {given}"))
            raise ValueError(text.format(name=name, seat=seat, low=low, high=high, given=excerpt(value)))
    return out


def _hands_of(rules: Rules, hands: object) -> tuple[tuple[Tile, ...], ...]:
    """``hands`` as tiles of the rules' set, each tile in one hand at most."""
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
        raise ValueError(_("hands must be a list with one list of tiles per seat, got {given}").format(
            given=excerpt(hands)))
    in_set = set(rules.tiles)
    seen: dict[Tile, int] = {}
    out = []
    for seat, hand in enumerate(hands):
        if isinstance(hand, (str, bytes)) or not isinstance(hand, Iterable):
            raise ValueError(_("hands[{seat}] must be a list of tiles, got {given}").format(
                seat=seat, given=excerpt(hand)))
        tiles = []
        for i, value in enumerate(hand):
            try:
                tile = Tile.coerce(value)
            except ValueError as exc:
                raise ValueError(f"hands[{seat}][{i}]: {exc}") from None
            if tile not in in_set:
                raise ValueError(f"hands[{seat}][{i}]: {tile} is not in this set")
            if tile in seen:
                raise ValueError(f"hands[{seat}][{i}]: {tile} is already in hands[{seen[tile]}]")
            seen[tile] = seat
            tiles.append(tile)
        out.append(tuple(tiles))
    return tuple(out)


def score(
    rules: Rules,
    pips: Optional[Sequence[int]] = None,
    went_out: Optional[int] = None,
    *,
    hands: Optional[Sequence[Sequence[Tile]]] = None,
    tile_counts: Optional[Sequence[int]] = None,
    heaviest_ends: Optional[Sequence[int]] = None,
    blocker: Optional[int] = None,
    draws: Optional[Sequence[int]] = None,
    ending: Optional[str] = None,
) -> RoundResult:
    """Decide the winner of a finished hand and what each side scores.

    ``pips`` are the counted totals left in each seat's hand (already valued with
    ``rules.tile_value``), or give ``hands`` and they are counted for you.  ``went_out`` is
    the seat that dominoed, ``None`` for a blocked game.  The tie-breaks that need them
    use ``tile_counts``, ``heaviest_ends`` (each hand's highest half) and ``blocker`` (the
    seat that made the last play); ``draws`` counts tiles drawn per seat, for the
    ``draw_cost`` rule.  ``ending`` says how a hand without a domino ended (one of
    :data:`ENDINGS`: "blocked" layout, "stuck" with nothing to draw, every player "passes"),
    for the explanation.  Every argument is checked: a bad one raises ``ValueError``
    naming it.
    """
    if not isinstance(rules, Rules):
        raise ValueError(f"score() needs a Rules object first, got {type(rules).__name__}")
    hand_tiles: Optional[tuple[tuple[Tile, ...], ...]] = None
    if hands is not None:
        hand_tiles, pips, tile_counts, heaviest_ends = _counts_of_hands(rules, hands, pips, tile_counts, heaviest_ends)
    pips = _checked_pips(rules, pips)
    players = len(pips)
    for name, seat in (("went_out", went_out), ("blocker", blocker)):
        if seat is not None and (not is_int(seat) or not 0 <= seat < players):
            raise ValueError(_("{name} must be a seat from 0 to {last} or None, got {given}").format(
                name=name, last=players - 1, given=excerpt(seat)))
    if tile_counts is not None:
        tile_counts = _per_seat("tile_counts", tile_counts, players, 0)
    if heaviest_ends is not None:
        heaviest_ends = _per_seat("heaviest_ends", heaviest_ends, players, -1, rules.max_pip)
    if draws is not None:
        draws = _per_seat("draws", draws, players, 0)
    _check_ending(ending, went_out)
    _check_seats_agree(pips, went_out, tile_counts, heaviest_ends, from_hands=hand_tiles is not None)

    sides = list(rules.seating(players))
    teams = len(sides) < players
    by_team = teams and rules.team_winner != "player"
    steps: list[Say] = [_ending_step(rules, ending, went_out)]
    steps.append(_say(N_("Pips left: {pips}."), pips=Listed(tuple(
        _say(N_("{who} {pips}"), who=f"{{s{s}}}", pips=p) for s, p in enumerate(pips)))))
    if rules.tile_values:
        steps.append(_say(N_("(Special values: {values}.)"), values=Listed(tuple(
            _say(N_("{tile} counts {value}"), tile=t, value=v) for t, v in rules.tile_values))))
    units, unit_pips = _units(pips, sides, by_team, steps)
    winner_unit = _winner_unit(rules, pips, went_out, sides, units, unit_pips, by_team, steps,
                               tile_counts=tile_counts, heaviest_ends=heaviest_ends, blocker=blocker)
    points_by_unit = _hand_score(rules, winner_unit, pips, sides, units, unit_pips, teams, by_team, steps)
    points, team, winner = _side_points(points_by_unit, winner_unit, went_out, sides, teams, by_team, steps)
    points, costs = _pay_for_draws(rules, draws, points, sides, teams, steps)

    return RoundResult(
        reason="domino" if went_out is not None else "blocked",
        winner=winner,
        team=team,
        pips=tuple(pips),
        points=tuple(points),
        side_pips=tuple(sum(pips[s] for s in members) for members in sides),
        sides=tuple(tuple(m) for m in sides),
        went_out=went_out,
        blocker=blocker,
        draw_costs=tuple(costs),
        ending="domino" if went_out is not None else ending,
        hands=hand_tiles,
        _steps=tuple(steps),
    )


def _counts_of_hands(
    rules: Rules, hands: object, pips: Optional[Sequence[int]], tile_counts: Optional[Sequence[int]],
    heaviest_ends: Optional[Sequence[int]],
) -> tuple[tuple[tuple[Tile, ...], ...], list[int], list[int], list[int]]:
    """``score(hands=...)``: the hands as tiles, and the pips, tile counts and heaviest ends
    they give (``pips``, when given too, must agree; the other two may not be given)."""
    hand_tiles = _hands_of(rules, hands)
    counted = [rules.hand_value(hand) for hand in hand_tiles]
    if pips is not None:
        given = _per_seat("pips", pips, len(counted), 0)
        if given != counted:
            raise ValueError(f"pips {given} do not match the hands given, which count {counted}")
    if tile_counts is not None or heaviest_ends is not None:
        raise ValueError("give hands, or tile_counts and heaviest_ends, not both: the hands give them")
    return (hand_tiles, counted, [len(hand) for hand in hand_tiles],
            [max((t.high for t in hand), default=-1) for hand in hand_tiles])


def _checked_pips(rules: Rules, pips: Optional[Sequence[int]]) -> list[int]:
    """``pips`` checked: one whole number per seat, for a table these rules are played at."""
    if pips is None:
        raise ValueError(_("score() needs the pips left in each hand (or the hands)"))
    if isinstance(pips, (str, bytes)) or not isinstance(pips, Sequence):
        raise ValueError(_("{name} must be a list with one whole number per seat, got {given}").format(
            name="pips", given=excerpt(pips)))
    players = len(pips)
    if players not in rules.player_counts:
        text = (_("pips gives {players} seats, but these rules ({name}) are for {counts} players (two partnerships)")
                if rules.partnerships else _("pips gives {players} seats, but these rules ({name}) are for {counts} "
                                             "players"))
        raise ValueError(text.format(players=players, name=rules.said_name, counts=list_or(rules.player_counts)))
    return _per_seat("pips", pips, players, 0)


def _check_ending(ending: Optional[str], went_out: Optional[int]) -> None:
    """``ending`` is one of :data:`ENDINGS` (or None), and "domino" exactly when a seat went out."""
    if ending is not None and ending not in ENDINGS:
        raise ValueError(f"ending must be None or one of {', '.join(map(repr, ENDINGS))}, got {excerpt(ending)}")
    if (ending == "domino") != (went_out is not None) and ending is not None:
        raise ValueError(f"ending={ending!r} needs went_out to be " + (
            "the seat that dominoed" if ending == "domino" else f"None, got {went_out}"))


def _check_seats_agree(pips: list[int], went_out: Optional[int], tile_counts: Optional[list[int]],
                       heaviest_ends: Optional[list[int]], *, from_hands: bool) -> None:
    """Each seat's facts tell one story: the seat that went out holds nothing, every other
    seat holds a tile, and a heaviest end is -1 exactly for an empty hand."""
    for seat in range(len(pips)):
        out = seat == went_out
        if out and pips[seat] != 0:
            raise ValueError(_("seat {seat} went out, so it holds no pips, but pips says {pips}").format(
                seat=seat, pips=pips[seat]))
        if tile_counts is not None:
            count = tile_counts[seat]
            if out and count:
                where = f"hands[{seat}]" if from_hands else f"tile_counts[{seat}]"
                raise ValueError(_("seat {seat} went out, so it holds no tiles, but {where} has {count}").format(
                    seat=seat, where=where, count=count))
            if not out and not count:
                raise ValueError(_("seat {seat} holds no tiles, so it went out: pass went_out={seat}").format(
                    seat=seat))
            if heaviest_ends is not None and (heaviest_ends[seat] < 0) != (count == 0):
                raise ValueError(f"heaviest_ends[{seat}] must be -1 exactly when the hand is empty, "
                                 f"got {heaviest_ends[seat]}")


def _units(pips: list[int], sides: list[tuple[int, ...]], by_team: bool,
           steps: list[Say]) -> tuple[list[tuple[int, ...]], list[int]]:
    """The sides the scoring rule works on (the teams when a team wins together, else each
    seat) and their pips; the team totals are said."""
    if by_team:
        unit_pips = [sum(pips[s] for s in members) for members in sides]
        steps.append(_say(N_("Team totals: {totals}."), totals=Listed(tuple(
            f"{{t{i}}} " + " + ".join(str(pips[s]) for s in members) + f" = {unit_pips[i]}"
            for i, members in enumerate(sides)), "; ")))
        return sides, unit_pips
    return [(seat,) for seat in range(len(pips))], list(pips)


def _unit_sum(name: str, values: Optional[Sequence[int]], units: list[tuple[int, ...]],
              by_team: bool) -> Optional[list[int]]:
    """A tie-break's per-seat ``values`` per scoring unit (a team's heaviest end is its
    members' highest, its other counts their sum)."""
    if values is None:
        return None
    if by_team:
        if name == "heaviest_ends":
            return [max(values[s] for s in members) for members in units]
        return [sum(values[s] for s in members) for members in units]
    return list(values)


def _winner_unit(
    rules: Rules, pips: list[int], went_out: Optional[int], sides: list[tuple[int, ...]],
    units: list[tuple[int, ...]], unit_pips: list[int], by_team: bool, steps: list[Say], *,
    tile_counts: Optional[list[int]], heaviest_ends: Optional[list[int]], blocker: Optional[int],
) -> Optional[int]:
    """R12, R15: the unit that wins the hand, or None for nobody (a level domino, a tie the
    tie rule leaves standing); each reason is said."""
    label = "t" if by_team else "s"
    level = _level_with_domino(rules, pips, went_out, sides, by_team)
    if level:
        steps.append(_say(N_("Lowest total: {zeros} (tiles that count nothing, such as the 0-0), a tie; on a tie "
                             "for the lowest total nobody scores, as in the main rules of \"Draw Dominoes\"."),
                          zeros=Listed(tuple(f"{{s{s}}} 0" for s in [went_out, *level]))))
        return None
    if went_out is not None and not (by_team and rules.team_winner == "fewest-pips"):
        winner_unit = next(i for i, members in enumerate(units) if went_out in members)
        if by_team:
            steps.append(_say(N_("{who} went out, so the hand goes to {team}."),
                              to_you=(N_("{you} went out, so the hand goes to {team}."), went_out),
                              who=f"{{s{went_out}}}", you=f"{{s{went_out}}}", team=f"{{t{winner_unit}}}"))
        return winner_unit
    if went_out is not None:
        steps.append(_say(N_("Team rule: the team with fewer pips wins, even against a domino.")))
    low = min(unit_pips)
    tied = [i for i, p in enumerate(unit_pips) if p == low]
    if len(tied) == 1:
        who = f"{{{label}{tied[0]}}}"
        steps.append(_say(N_("Fewest pips: {who} with {low}, so the hand goes to {who}."),
                          who=who, you=who, low=low,
                          to_you=_seat_you(label, tied[0],
                                           N_("Fewest pips: {you} with {low}, so the hand goes to {you}."))))
        return tied[0]
    steps.append(_say(N_("{tied} tie on {low} pips."),
                      tied=Listed(tuple(f"{{{label}{i}}}" for i in tied), None), low=low))
    return _break_tie(
        rules, tied, unit_pips, steps, label, by_team,
        tile_counts=_unit_sum("tile_counts", tile_counts, units, by_team),
        heaviest_ends=_unit_sum("heaviest_ends", heaviest_ends, units, by_team),
        blocker_unit=None if blocker is None else next(
            i for i, members in enumerate(units) if blocker in members),
    )


def _hand_score(
    rules: Rules, winner_unit: Optional[int], pips: list[int], sides: list[tuple[int, ...]],
    units: list[tuple[int, ...]], unit_pips: list[int], teams: bool, by_team: bool, steps: list[Say],
) -> list[int]:
    """R13: what each unit scores for the hand (the winner's score, the others 0), said.
    With partners scoring alone (team_winner="player") a winner's "others" are the
    opponents: the partner's hand never counts for or against them."""
    points_by_unit = [0] * len(units)
    if winner_unit is None:
        steps.append(_say(N_("Nobody wins this hand, so nobody scores.")))
        return points_by_unit
    w = winner_unit
    own = unit_pips[w]
    if teams and not by_team:
        players = len(pips)
        mates = sides[rules.side_of(w, players)]
        others = [pips[s] for s in range(players) if s not in mates]
    else:
        others = [unit_pips[i] for i in range(len(units)) if i != w]
    scoring_name = _say((_TEAM_SCORING_NAMES if by_team else _SCORING_NAMES)[rules.scoring])
    value, arithmetic = _scoring_arithmetic(rules.scoring, own, others, unit_pips)
    if teams and not by_team and rules.scoring not in ("one-point", "all-pips"):
        scoring_name = _say(N_("{name}, the opponents' hands only"), name=scoring_name)
    steps.append(_say(N_("Score ({name}): {arithmetic}."), name=scoring_name, arithmetic=arithmetic))
    points_by_unit[w] = value
    label = "t" if by_team else "s"
    if by_team:
        steps.append(_say(N_("Points: {who} {value}; the other team 0."), who=f"{{{label}{w}}}", value=value))
    else:
        steps.append(_say(N_("Points: {who} {value}; everyone else 0."), who=f"{{{label}{w}}}", value=value))
    return points_by_unit


def _scoring_arithmetic(scoring: str, own: int, others: list[int], unit_pips: list[int]) -> tuple[int, Any]:
    """R13's scoring rule applied: the winner's score and its arithmetic, as it is shown."""
    arithmetic: Any
    if scoring == "others-minus-own":
        raw = sum(others) - own
        value = max(0, raw)
        arithmetic = " + ".join(map(str, others)) + f" - {own} = {raw}"
        if raw < 0:
            arithmetic = _say(N_("{sum}, which counts as 0"), sum=arithmetic)
    elif scoring == "differences":
        diffs = [o - own for o in others]
        raw = sum(diffs)
        value = max(0, raw)
        arithmetic = " + ".join(f"({o} - {own})" for o in others)
        if len(diffs) > 1:
            arithmetic += " = " + " + ".join(map(str, diffs))
        arithmetic += f" = {raw}"
        if raw < 0:
            arithmetic = _say(N_("{sum}, which counts as 0"), sum=arithmetic)
    elif scoring == "all-pips":
        value = sum(unit_pips)
        arithmetic = " + ".join(map(str, unit_pips)) + f" = {value}"
    elif scoring == "others":
        value = sum(others)
        arithmetic = " + ".join(map(str, others)) + f" = {value}" if len(others) > 1 else f"{value}"
    else:  # one-point
        value = 1
        arithmetic = "1"
    return value, arithmetic


def _side_points(
    points_by_unit: list[int], winner_unit: Optional[int], went_out: Optional[int], sides: list[tuple[int, ...]],
    teams: bool, by_team: bool, steps: list[Say],
) -> tuple[list[int], Optional[int], Optional[int]]:
    """The units' points on the scoring sides (teams in partnership play, else seats), the
    winning team and the winning seat."""
    if teams and not by_team:
        points = [sum(points_by_unit[s] for s in members) for members in sides]
        team = None if winner_unit is None else next(
            i for i, members in enumerate(sides) if winner_unit in members)
        if team is not None:
            steps.append(_say(N_("Partners add their scores: {team} gets {points}."),
                              team=f"{{t{team}}}", points=points[team]))
        return points, team, winner_unit
    if teams:
        team = winner_unit
        winner = went_out if (went_out is not None and team is not None and went_out in sides[team]) else None
        return points_by_unit, team, winner
    return points_by_unit, None, winner_unit


def _pay_for_draws(rules: Rules, draws: Optional[list[int]], points: list[int], sides: list[tuple[int, ...]],
                   teams: bool, steps: list[Say]) -> tuple[list[int], list[int]]:
    """R9's draw cost: each side's points less what its drawn tiles cost, and those costs."""
    costs = [0] * len(sides)
    if not rules.draw_cost or draws is None:
        return points, costs
    for index, members in enumerate(sides):
        costs[index] = rules.draw_cost * sum(draws[s] for s in members)
    for seat, count in enumerate(draws):
        if count:
            steps.append(_say(
                N_("{who} drew {tiles} at {points} each: -{cost}."),
                to_you=(N_("{you} drew {tiles} at {points} each: -{cost}."), seat),
                who=f"{{s{seat}}}", you=f"{{s{seat}}}",
                # the messages of words.tiles_count and words.points_count, said when read
                tiles=Say("{count} tile", (("count", count),), "{count} tiles", count),
                points=Say("{count} point", (("count", rules.draw_cost),), "{count} points",
                           rules.draw_cost),
                cost=count * rules.draw_cost))
    points = [p - c for p, c in zip(points, costs, strict=False)]
    steps.append(_say(N_("Net: {points}."), points=Listed(tuple(
        f"{{{'t' if teams else 's'}{i}}} {p}" for i, p in enumerate(points)))))
    return points, costs


def _level_with_domino(rules: Rules, pips: Sequence[int], went_out: Optional[int],
                       sides: Sequence[Sequence[int]], by_team: bool) -> list[int]:
    """The opponents left with 0 pips (only the 0-0) when ``went_out`` dominoed, under the
    scoring of "Draw Dominoes" (source 000): every hand is scored on the pips left, the lowest
    total wins and a tie for it scores nothing, so going out against a 0-pip hand is a tie.
    The engine reads every "others' pips minus own" rule that way, played alone or with
    partners scoring alone; with team rules the team totals decide (R15)."""
    if went_out is None or by_team or rules.scoring != "others-minus-own":
        return []
    mates = next(members for members in sides if went_out in members)
    return [s for s, p in enumerate(pips) if p == 0 and s not in mates]


def _break_tie(
    rules: Rules,
    tied: list[int],
    unit_pips: list[int],
    steps: list[Say],
    label: str,
    teams: bool,
    *,
    tile_counts: Optional[list[int]],
    heaviest_ends: Optional[list[int]],
    blocker_unit: Optional[int],
) -> Optional[int]:
    """Apply R12's tie rule to the ``tied`` sides; the winner, or None for nobody."""
    rule = rules.blocked_tie

    def need(name: str, value: object) -> None:
        if value is None:
            raise ValueError(f"blocked_tie={rule!r} needs {name} to break the tie")

    def narrow(key: list[int], word: str) -> Optional[int]:
        best = min(key[i] for i in tied)
        left = [i for i in tied if key[i] == best]
        values = Listed(tuple(f"{{{label}{i}}} {key[i]}" for i in tied))
        if len(left) == 1:
            steps.append(_say(N_("Tie rule ({rule}): {values}; the hand goes to {who}."),
                              rule=_say(word), values=values, who=f"{{{label}{left[0]}}}", you=f"{{{label}{left[0]}}}",
                              to_you=_seat_you(label, left[0],
                                               N_("Tie rule ({rule}): {values}; the hand goes to {you}."))))
            return left[0]
        steps.append(_say(N_("Tie rule ({rule}): {values}; still tied, so nobody wins."),
                          rule=_say(word), values=values))
        return None

    if rule == "nobody":
        steps.append(_say(N_("Tie rule: on a tie nobody wins.")))
        return None
    if rule == "fewest-tiles":
        need("tile_counts", tile_counts)
        return narrow(tile_counts, N_("fewest tiles"))  # type: ignore[arg-type]
    if rule == "lowest-heaviest-end":
        need("heaviest_ends", heaviest_ends)
        return narrow(heaviest_ends, N_("lowest highest half"))  # type: ignore[arg-type]
    if rule == "blocker":
        need("blocker", blocker_unit)
        who = f"{{{label}{blocker_unit}}}"
        if blocker_unit in tied:
            steps.append(_say(N_("Tie rule: the team of the player who blocked the game wins, so the hand goes to "
                                 "{who}.") if teams
                              else N_("Tie rule: the player who blocked the game wins, so the hand goes to {who}."),
                              who=who, you=who,
                              to_you=None if teams else _seat_you(
                                  label, blocker_unit,
                                  N_("Tie rule: the player who blocked the game wins, so the hand goes to {you}."))))
            return blocker_unit
        steps.append(_say(N_("Tie rule: the team of the player who blocked the game is not among the tied, so "
                             "nobody wins.") if teams
                          else N_("Tie rule: the player who blocked the game is not among the tied, so nobody "
                                  "wins.")))
        return None
    # ignore-tied
    rest = [i for i in range(len(unit_pips)) if i not in tied]
    if not rest:
        steps.append(_say(N_("Tie rule (set the tied aside): nobody else is left, so nobody wins.")))
        return None
    low = min(unit_pips[i] for i in rest)
    left = [i for i in rest if unit_pips[i] == low]
    if len(left) == 1:
        steps.append(_say(N_("Tie rule (set the tied aside): among the rest, fewest pips: {who} with {low}, "
                             "so the hand goes to {who}."), who=f"{{{label}{left[0]}}}", you=f"{{{label}{left[0]}}}",
                          low=low, to_you=_seat_you(label, left[0], N_(
                              "Tie rule (set the tied aside): among the rest, fewest pips: {you} with {low}, so the "
                              "hand goes to {you}."))))
        return left[0]
    steps.append(_say(N_("Tie rule (set the tied aside): the rest are tied too, so nobody wins.")))
    return None
