"""Scoring a finished hand: the one implementation of R12-R15, with its arithmetic in words.

``score(rules, pips=[10, 14, 15])`` works on its own (for lessons and exercises);
``Round.result`` calls the same function with everything the round knows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Optional

from .rules import Rules
from .tiles import Tile

__all__ = ["RoundResult", "score"]


@dataclass(frozen=True)
class RoundResult:
    """How a hand ended and what it scored.

    ``points`` and ``side_pips`` are per scoring side: per seat, or per team when
    partnerships are on.  ``pips`` is always per seat.  ``winner`` is the seat that won,
    or ``None`` when nobody did or when a team won as a whole (a blocked partnership hand);
    ``team`` is the winning team in partnership play, else ``None``.
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
    hands: Optional[tuple[tuple[Tile, ...], ...]] = field(default=None, repr=False)
    _steps: tuple[str, ...] = field(default=(), repr=False, compare=False)

    @property
    def winning_side(self) -> Optional[int]:
        """Index into ``points`` of the side that won, or ``None``."""
        if self.team is not None:
            return self.team
        return self.winner

    def explain(self, names: Optional[Sequence[str]] = None) -> str:
        """Each step of the scoring arithmetic in words.  ``names`` (one per seat)
        replaces "seat 0" etc."""
        return "\n".join(_render(step, names, self.sides) for step in self._steps)

    def _repr_markdown_(self) -> str:
        return self.explain().replace("\n", "  \n")

    def to_dict(self) -> dict:
        """The result as plain JSON-safe data."""
        return {
            "reason": self.reason,
            "winner": self.winner,
            "team": self.team,
            "pips": list(self.pips),
            "points": list(self.points),
        }


def _render(step: str, names: Optional[Sequence[str]], sides: Sequence[Sequence[int]]) -> str:
    if names is None:
        names = [f"seat {s}" for s in range(sum(len(side) for side in sides))]
    mapping = {f"s{seat}": name for seat, name in enumerate(names)}
    for index, members in enumerate(sides):
        if len(members) > 1:
            mapping[f"t{index}"] = f"team {index} (" + " and ".join(names[m] for m in members) + ")"
    text = step.format(**mapping)
    return text[:1].upper() + text[1:]


def _seat_list(seats: Sequence[int], teams: bool) -> str:
    prefix = "t" if teams else "s"
    parts = ["{" + f"{prefix}{s}" + "}" for s in seats]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


_SCORING_NAMES = {
    "others-minus-own": "others' pips minus own",
    "differences": "sum of the differences",
    "all-pips": "all pips left, own included",
    "others": "others' pips",
    "one-point": "one point a win",
}


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
) -> RoundResult:
    """Decide the winner of a finished hand and what each side scores.

    ``pips`` are the counted totals left in each seat's hand (already valued with
    ``rules.tile_value``), or give ``hands`` and they are counted for you.  ``went_out`` is
    the seat that dominoed, ``None`` for a blocked hand.  The tie-breaks that need them
    use ``tile_counts``, ``heaviest_ends`` and ``blocker`` (the seat that made the last
    play); ``draws`` counts tiles drawn per seat, for the ``draw_cost`` rule.
    """
    if not isinstance(rules, Rules):
        raise ValueError(f"score() needs a Rules object first, got {type(rules).__name__}")
    hand_tiles: Optional[tuple[tuple[Tile, ...], ...]] = None
    if hands is not None:
        hand_tiles = tuple(tuple(Tile.coerce(t) for t in hand) for hand in hands)
        counted = [sum(rules.tile_value(t) for t in hand) for hand in hand_tiles]
        if pips is not None and list(pips) != counted:
            raise ValueError(f"pips {list(pips)} do not match the hands given, which count {counted}")
        pips = counted
        tile_counts = [len(hand) for hand in hand_tiles]
        heaviest_ends = [max((t.high for t in hand), default=-1) for hand in hand_tiles]
    if pips is None:
        raise ValueError("score() needs the pips left in each hand (or the hands)")
    try:
        pips = [int(p) if not isinstance(p, bool) and int(p) == p else None for p in pips]
    except (TypeError, ValueError):
        raise ValueError(f"pips must be whole numbers, one per seat; got {pips!r}") from None
    if None in pips or any(p < 0 for p in pips):
        raise ValueError(f"pips must be whole numbers >= 0, one per seat; got {pips!r}")
    players = len(pips)
    if players < 2:
        raise ValueError(f"a hand has at least 2 players; got pips for {players}")
    if rules.partnerships and rules.player_counts == (4,) and players != 4:
        raise ValueError(f"these partnership rules are for 4 players; got pips for {players}")
    for name, seq in (("tile_counts", tile_counts), ("heaviest_ends", heaviest_ends), ("draws", draws)):
        if seq is not None and len(seq) != players:
            raise ValueError(f"{name} must give one number per seat ({players}), got {list(seq)!r}")
    for name, seat in (("went_out", went_out), ("blocker", blocker)):
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players):
            raise ValueError(f"{name} must be a seat from 0 to {players - 1} or None, got {seat!r}")
    if went_out is not None and pips[went_out] != 0:
        raise ValueError(f"seat {went_out} went out, so it holds no pips, but pips says {pips[went_out]}")

    sides = list(rules.seating(players))
    teams = len(sides) < players
    by_team = teams and rules.team_winner != "player"
    steps: list[str] = []

    # -- how it ended
    if went_out is not None:
        steps.append(f"{{s{went_out}}} played the last tile of the hand (domino).")
    else:
        steps.append("The hand is blocked: nobody can play or draw.")
    steps.append("Pips left: " + ", ".join(f"{{s{s}}} {p}" for s, p in enumerate(pips)) + ".")
    if rules.tile_values:
        steps.append(
            "(Special values: " + ", ".join(f"{t} counts {v}" for t, v in rules.tile_values) + ".)"
        )

    # -- the sides the scoring rule works on
    if by_team:
        units = sides
        unit_pips = [sum(pips[s] for s in members) for members in sides]
        steps.append(
            "Team totals: "
            + "; ".join(
                f"{{t{i}}} " + " + ".join(str(pips[s]) for s in members) + f" = {unit_pips[i]}"
                for i, members in enumerate(sides)
            )
            + "."
        )
    else:
        units = [(seat,) for seat in range(players)]
        unit_pips = list(pips)
    label = "t" if by_team else "s"

    def unit_sum(name: str, values: Optional[Sequence[int]]) -> Optional[list[int]]:
        if values is None:
            return None
        if by_team:
            if name == "heaviest_ends":
                return [max(values[s] for s in members) for members in units]
            return [sum(values[s] for s in members) for members in units]
        return list(values)

    # -- the winner (R12, R15)
    winner_unit: Optional[int]
    if went_out is not None and not (by_team and rules.team_winner == "fewest-pips"):
        winner_unit = next(i for i, members in enumerate(units) if went_out in members)
        if by_team:
            steps.append(f"{{s{went_out}}} went out, so the hand goes to {{t{winner_unit}}}.")
    else:
        low = min(unit_pips)
        tied = [i for i, p in enumerate(unit_pips) if p == low]
        if len(tied) == 1:
            winner_unit = tied[0]
            who = f"{{{label}{winner_unit}}}"
            steps.append(f"Fewest pips: {who} with {low}, so the hand goes to {who}.")
        else:
            steps.append(f"{_seat_list(tied, by_team)} tie on {low} pips.")
            winner_unit = _break_tie(
                rules, tied, unit_pips, steps, label, by_team,
                tile_counts=unit_sum("tile_counts", tile_counts),
                heaviest_ends=unit_sum("heaviest_ends", heaviest_ends),
                blocker_unit=None if blocker is None else next(
                    i for i, members in enumerate(units) if blocker in members),
            )

    # -- the hand score (R13)
    points_by_unit = [0] * len(units)
    if winner_unit is not None:
        w = winner_unit
        own = unit_pips[w]
        others = [unit_pips[i] for i in range(len(units)) if i != w]
        name = _SCORING_NAMES[rules.scoring]
        if rules.scoring == "others-minus-own":
            raw = sum(others) - own
            value = max(0, raw)
            arithmetic = " + ".join(map(str, others)) + f" - {own} = {raw}"
            if raw < 0:
                arithmetic += ", which counts as 0"
        elif rules.scoring == "differences":
            diffs = [o - own for o in others]
            raw = sum(diffs)
            value = max(0, raw)
            arithmetic = " + ".join(f"({o} - {own})" for o in others)
            if len(diffs) > 1:
                arithmetic += " = " + " + ".join(map(str, diffs))
            arithmetic += f" = {raw}"
            if raw < 0:
                arithmetic += ", which counts as 0"
        elif rules.scoring == "all-pips":
            value = sum(unit_pips)
            arithmetic = " + ".join(map(str, unit_pips)) + f" = {value}"
        elif rules.scoring == "others":
            value = sum(others)
            arithmetic = " + ".join(map(str, others)) + f" = {value}" if len(others) > 1 else f"{value}"
        else:  # one-point
            value = 1
            arithmetic = "1"
        steps.append(f"Score ({name}): {arithmetic}.")
        points_by_unit[w] = value
        steps.append(f"Points: {{{label}{w}}} {value}; everyone else 0.")
    else:
        steps.append("Nobody wins this hand, so nobody scores.")

    # -- map to scoring sides (teams in partnership play, else seats)
    if teams and not by_team:
        points = [sum(points_by_unit[s] for s in members) for members in sides]
        team = None if winner_unit is None else next(
            i for i, members in enumerate(sides) if winner_unit in members)
        winner = winner_unit
        if team is not None:
            steps.append(f"Partners add their scores: {{t{team}}} gets {points[team]}.")
    elif teams:
        points = points_by_unit
        team = winner_unit
        winner = went_out if (went_out is not None and team is not None and went_out in sides[team]) else None
    else:
        points = points_by_unit
        team = None
        winner = winner_unit

    # -- paying for draws (R9)
    costs = [0] * len(sides)
    if rules.draw_cost and draws is not None:
        for index, members in enumerate(sides):
            costs[index] = rules.draw_cost * sum(draws[s] for s in members)
        for seat, count in enumerate(draws):
            if count:
                steps.append(
                    f"{{s{seat}}} drew {count} tile{'s' if count != 1 else ''} at {rules.draw_cost} "
                    f"point{'s' if rules.draw_cost != 1 else ''} each: -{count * rules.draw_cost}."
                )
        points = [p - c for p, c in zip(points, costs, strict=False)]
        steps.append("Net: " + ", ".join(
            f"{{{'t' if teams else 's'}{i}}} {p}" for i, p in enumerate(points)) + ".")

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
        hands=hand_tiles,
        _steps=tuple(steps),
    )


def _break_tie(
    rules: Rules,
    tied: list[int],
    unit_pips: list[int],
    steps: list[str],
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
        values = ", ".join(f"{{{label}{i}}} {key[i]}" for i in tied)
        if len(left) == 1:
            steps.append(f"Tie rule ({word}): {values}; the hand goes to {{{label}{left[0]}}}.")
            return left[0]
        steps.append(f"Tie rule ({word}): {values}; still tied, so nobody wins.")
        return None

    if rule == "nobody":
        steps.append("Tie rule: on a tie nobody wins.")
        return None
    if rule == "fewest-tiles":
        need("tile_counts", tile_counts)
        return narrow(tile_counts, "fewest tiles")  # type: ignore[arg-type]
    if rule == "lowest-heaviest-end":
        need("heaviest_ends", heaviest_ends)
        return narrow(heaviest_ends, "lowest highest half")  # type: ignore[arg-type]
    if rule == "blocker":
        need("blocker", blocker_unit)
        if blocker_unit in tied:
            who = f"{{{label}{blocker_unit}}}"
            steps.append(f"Tie rule: the player who blocked the game wins, so the hand goes to {who}.")
            return blocker_unit
        steps.append("Tie rule: the player who blocked the game is not among the tied, so nobody wins.")
        return None
    # ignore-tied
    rest = [i for i in range(len(unit_pips)) if i not in tied]
    if not rest:
        steps.append("Tie rule (set the tied aside): nobody else is left, so nobody wins.")
        return None
    low = min(unit_pips[i] for i in rest)
    left = [i for i in rest if unit_pips[i] == low]
    if len(left) == 1:
        steps.append(
            f"Tie rule (set the tied aside): among the rest, fewest pips: {{{label}{left[0]}}} with {low}, "
            f"so the hand goes to {{{label}{left[0]}}}."
        )
        return left[0]
    steps.append("Tie rule (set the tied aside): the rest are tied too, so nobody wins.")
    return None
