"""Results far above the class: a total that the class and the computer's own play on the same
deals make implausible is held for the teacher to look at (never rejected).

The yardstick: each hand's points are taken from a different classmate, or from a computer
player seated in the student's place, at random, and added up.  How often that gives a total
at least as high as a student's is that student's *chance* figure.  Honest play is no random
mix (a strong student scores well in every hand), so a result is held only when its chance is
below :data:`FAR_ABOVE` *and* its total is above what every computer player scored, the
engine's searching player too; benchmarks/tournament_class.py measures how honest classes and
cheats fare.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import _
from ..players import create
from ..playout import derive_seed, play_out
from .codes import Tournament, _points_of_seat
from .findings import Finding
from .seals import _whole

if TYPE_CHECKING:
    from .board import Leaderboard
    from .checks import Checked

#: A total whose chance (see the module notes) is below this, and above every computer
#: player's, is held: 1 in 10,000.  Luck is large in dominoes: in a simulated honest class of
#: 60 (benchmarks/tournament_copies.py's upload box) a student playing like the easy search
#: scored 141 against the next 116, a chance of 1 in 2,061 with these pools.
FAR_ABOVE = 0.0001
#: Fewer results than this say too little about the class: nothing is held for its points.
MIN_RESULTS = 8
#: How many searching players (each with a seed of its own) stand for the strongest honest play.
SEARCHERS = 6
#: The computer players whose points join the class's in each hand (besides the baseline), with
#: the options they play with: the searching player stands for the strongest honest play.
COMPUTERS: tuple[tuple[str, dict[str, str]], ...] = (("random", {}), ("greedy", {}), ("strategy", {}),
                                                    *((("search", {"level": "easy"}),) * SEARCHERS))

_COMPUTER: dict[Tournament, dict[int, tuple[int, ...]]] = {}


def _kinds(t: Tournament) -> list[tuple[str, dict[str, str]]]:
    kinds = list(COMPUTERS)
    if t.baseline not in {kind for kind, _ in COMPUTERS}:
        kinds.append((t.baseline, {}))
    return kinds


def _computer(t: Tournament, n: int) -> tuple[int, ...]:
    """Computer player ``n`` of :func:`_kinds`' points in each hand, from the student's seat
    (kept for a few tournaments)."""
    if t not in _COMPUTER:
        if len(_COMPUTER) >= 8:
            _COMPUTER.pop(next(iter(_COMPUTER)))
        _COMPUTER[t] = {}
    known = _COMPUTER[t]
    if n not in known:
        kind, options = _kinds(t)[n]
        known[n] = tuple(_points_of_seat(play_out(t.deal(i), t.seats(i, create(kind, seed=derive_seed(t.seed, i, 0, n),
                                                                                 **options))), 0)
                         for i in range(t.hands))
    return known[n]


def computer_points(t: Tournament) -> tuple[tuple[int, ...], ...]:
    """Each computer player's points (:data:`COMPUTERS` and the baseline) in each hand, from
    the student's seat: the computer's own play on the same deals (kept for a few tournaments)."""
    return tuple(_computer(t, n) for n in range(len(_kinds(t))))


def _sum_chances(pools: list[list[int]]) -> dict[int, float]:
    """The chance of every total when one value is drawn at random from each pool."""
    chances = {0: 1.0}
    for pool in pools:
        counts: dict[int, int] = {}
        for value in pool:
            counts[value] = counts.get(value, 0) + 1
        size = len(pool)
        new: dict[int, float] = {}
        for total, p in chances.items():
            for value, count in counts.items():
                new[total + value] = new.get(total + value, 0.0) + p * count / size
        chances = new
    return chances


def chance_of(total: int, pools: list[list[int]]) -> float:
    """How often one value from each pool adds up to ``total`` or more."""
    return sum(p for value, p in _sum_chances(pools).items() if value >= total)


def far_above(t: Tournament, kept: list[tuple[str, Checked]], board: Leaderboard) -> dict[int, str]:
    """The results (places in ``kept``) whose total is implausibly high for this class and the
    computer on these deals, each with a finding in plain words; returns what to hold, with why."""
    if len(kept) < MIN_RESULTS:
        return {}
    # Nothing is held that a computer player's own play reaches (below): when the players that
    # do not search already reach every total, the searching ones (the cost) need not play.
    quick = max(sum(_computer(t, n)) for n, (kind, _) in enumerate(_kinds(t)) if kind != "search")
    if all(item.points <= quick for _, item in kept):
        return {}
    computers = computer_points(t)
    pools = [[item.hand_points[h] for _, item in kept] + [c[h] for c in computers] for h in range(t.hands)]
    everyone = _sum_chances(pools)
    computer = max(sum(c) for c in computers)
    held: dict[int, str] = {}
    for n, (_label, item) in enumerate(kept):
        if item.points <= computer:  # the engine's own play reaches it: strong play, maybe
            continue
        if sum(p for value, p in everyone.items() if value >= item.points) >= 10 * FAR_ABOVE:
            continue  # far from the line even with this result's own hands in the pools
        others = [[item2.hand_points[h] for m, (_, item2) in enumerate(kept) if m != n] + [c[h] for c in computers]
                  for h in range(t.hands)]
        chance = chance_of(item.points, others)
        if chance >= FAR_ABOVE:
            continue
        best = max((other.points for m, (_, other) in enumerate(kept) if m != n), default=0)
        board.findings.append(Finding("far above", (item.name,), _far_text(item.name, item.points, best,
                                                                            computer,
                                                                            chance)))
        held[n] = _("far more points than this class and the computer scored on these deals (see findings)")
    return held


def _far_text(name: str, points: int, best: int, computer: int, chance: float) -> str:
    """The finding on a result far above the class."""
    odds = (_("reaches {points} only once in {tries} tries").format(points=points, tries=_whole(round(1 / chance)))
            if chance > 0 else _("never reaches {points}").format(points=points))
    return _("{name}'s {points} points are far above what this class and the computer scored on the same deals "
             "(the best other student scored {best}; no computer player, not even the engine's searching player, "
             "scored more than {computer}). Adding up each hand's points taken from a different classmate or "
             "computer player at random {odds}. "
             "It may be excellent play, or help: the engine choosing the moves, hands taken from others, or "
             "moves tried on a copy first. It is held for you to look at, not rejected.").format(
        name=name, points=points, best=best, computer=computer, odds=odds)
