"""Lesson 4's studies: what each one compares, how to run it, and the recorded figures.

The large versions take minutes, so ``benchmarks/lesson4_studies.py`` runs them once and
writes their figures to ``strategy_studies.json`` next to this module; the lesson loads
them with :func:`load` and re-runs a small version live with :func:`run`.  Every figure in
the file comes from ``dl.simulate`` and its ``SimulationResult.compare``; a fingerprint of
each study's first deals lets the tests check that the engine still plays them the same.
"""

from __future__ import annotations

import dataclasses
import json
import math
import statistics
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from ..i18n import N_, Deferred, _, said
from ..plain import number, percent
from ..players import StrategyPlayer, create, player_name
from ..rules import Rules
from ..simulation import SimulationResult, simulate, wilson_interval

__all__ = ["DATA", "STUDIES", "Spec", "Study", "label", "load", "players_for", "run"]

#: The recorded figures (written by benchmarks/lesson4_studies.py).
DATA = Path(__file__).with_name("strategy_studies.json")

#: The normal quantile for a two-sided 95% interval (what ``dl.simulate`` uses).
Z95 = 1.959964


@dataclass(frozen=True)
class Spec:
    """One study: which players, under which rules, how many hands, from which seed.

    ``seats`` are player names: "random", "greedy", "strategy", "search (easy)" and
    "strategy without NAME" (the Strategist with one component switched off).  ``repeats``
    runs the study that many times from consecutive seeds (to count chance results).
    """

    id: str
    title: str
    seats: tuple[str, ...]
    hands: int
    seed: int
    preset: str = "standard"
    changes: tuple[tuple[str, Any], ...] = ()
    repeats: int = 1

    @property
    def rules(self) -> Rules:
        return dataclasses.replace(Rules.preset(self.preset), **dict(self.changes)) if self.changes \
            else Rules.preset(self.preset)

    def players_count(self) -> int:
        return len(self.seats)


#: The prefix of a player name that switches one of the Strategist's components off.
WITHOUT = "strategy without "


def label(name: str) -> str:
    """A player name of a :class:`Spec` as a learner reads it, in the language of the
    moment: the kinds ("strategy", "greedy", "search (easy)") are the players' names in
    that language (:func:`~dominolab.players.player_name`: "Estratega", "Botagorda" in
    Spanish; the kinds themselves in English); "strategy without blocking" says its
    "without" in that language."""
    if name.startswith(WITHOUT):
        return _("strategy without {component}").format(component=name.removeprefix(WITHOUT))
    return player_name(name)


def players_for(seats: tuple[str, ...]) -> list[Any]:
    """Player specs for ``dl.simulate`` from the names in a :class:`Spec`, each labelled
    with its name (:func:`label`, in the language of the moment) so that progress bars and
    tables say which study is running."""
    out: list[Any] = []
    for name in seats:
        if name.startswith(WITHOUT):
            player: Any = StrategyPlayer(disable=[name.removeprefix(WITHOUT)])
        elif name == "search (easy)":
            player = create("search", level="easy")
        else:
            player = create(name)
        player.name = label(name)
        out.append(player)
    return out


_COMPONENTS = [c for c in StrategyPlayer.COMPONENTS if c != "partner_suit"]

#: Every study of lesson 4, in the order the lesson shows them.  Each title is the English
#: text (as the data file keeps it) that can be said again in another language (:class:`Deferred`).
STUDIES: tuple[Spec, ...] = (
    Spec("null", Deferred(N_("the Strategist against itself: a null control, where the truth is no difference")),
         ("strategy", "strategy"), 20_000, 401),
    Spec("null-repeats", Deferred(N_("the null control again, twenty times over from twenty seeds")),
         ("strategy", "strategy"), 1_000, 500, repeats=20),
    Spec("ladder-random", Deferred(N_("Random against Greedy")), ("random", "greedy"), 20_000, 402),
    Spec("ladder-strategy", Deferred(N_("the Strategist against Greedy")), ("strategy", "greedy"), 20_000, 403),
    Spec("ladder-search", Deferred(N_("the Searcher (easy level) against Greedy")), ("search (easy)", "greedy"),
         2_000, 404),
    *(Spec(f"without-{c}", Deferred(N_("the full Strategist against the Strategist without {component}"),
                                    component=c),
           ("strategy", f"strategy without {c}"), 10_000, 410 + i) for i, c in enumerate(_COMPONENTS)),
    Spec("without-partner_suit", Deferred(N_("the full Strategist against the Strategist without {component}, "
                                             "in four-player partnership games (two of each, partners alike)"),
                                          component="partner_suit"),
         ("strategy", "strategy without partner_suit", "strategy", "strategy without partner_suit"),
         8_000, 417, preset="partnership"),
    Spec("leader", Deferred(N_("Random against Random: how often the leader wins")), ("random", "random"),
         20_000, 420),
    Spec("floor-2", Deferred(N_("the Strategist against Greedy when the last two tiles stay")),
         ("strategy", "greedy"), 10_000, 421),
    Spec("floor-0", Deferred(N_("the Strategist against Greedy when every tile may be drawn")),
         ("strategy", "greedy"), 10_000, 421, changes=(("boneyard_floor", 0),)),
)


def _figures(result: SimulationResult) -> dict[str, Any]:
    """What the lesson reads from one simulation (all from the engine's own figures)."""
    compare = result.compare(0, 1)
    per_deal: dict[int, list[float]] = {}
    for r in result.records:
        per_deal.setdefault(r["deal"], []).append(r["points"][0] - r["points"][1])
    means = [statistics.fmean(v) for v in per_deal.values()]
    rate, (low, high) = result.leader_win_rate()
    return {
        "hands": result.hands,
        "deals": len(per_deal),
        "stats": [{"label": s.label, "wins": s.wins, "win_rate": s.win_rate, "win_interval": list(s.win_interval),
                   "points_per_hand": s.points_per_hand, "points_interval": list(s.points_interval)}
                  for s in result.stats],
        "compare": {"wins": compare.wins, "decided": compare.decided, "win_share": compare.win_share,
                    "win_interval": list(compare.win_interval), "margin": compare.margin,
                    "margin_interval": list(compare.margin_interval),
                    "margin_sd": statistics.stdev(means) if len(means) > 1 else 0.0,
                    "significant": compare.significant},
        "blocked": sum(1 for r in result.records if r["reason"] == "blocked") / result.hands,
        "leader": {"rate": rate, "interval": [low, high]},
    }


def _fingerprint(result: SimulationResult) -> list[list[Any]]:
    """The first two deals' hands, compactly: rotation, winners and points of each."""
    return [[r["deal"], r["rotation"], r["winners"], r["points"]] for r in result.records if r["deal"] < 2]


def run(spec: Spec, hands: Optional[int] = None, *, workers: int = 1, progress: bool = False) -> dict[str, Any]:
    """Play ``spec`` (at ``hands`` hands, by default its own size) and return its figures
    as the data file keeps them."""
    hands = spec.hands if hands is None else hands
    rules = spec.rules
    data: dict[str, Any] = {"id": spec.id, "title": spec.title, "seats": list(spec.seats), "seed": spec.seed,
                            "preset": spec.preset, "changes": dict(spec.changes)}
    runs = []
    for k in range(spec.repeats):
        result = simulate(rules, players_for(spec.seats), rounds=hands, seed=spec.seed + k,
                          workers=workers, progress=progress)
        runs.append(_figures(result))
        if k == 0:
            data["fingerprint"] = _fingerprint(result)
    data.update(runs[0])
    if spec.repeats > 1:
        data["repeats"] = [{"seed": spec.seed + k, "compare": f["compare"]} for k, f in enumerate(runs)]
    return data


def fingerprint_now(spec: Spec) -> list[list[Any]]:
    """The fingerprint the engine gives today (two deals: a few hands, a second or so)."""
    result = simulate(spec.rules, players_for(spec.seats), rounds=2 * len(spec.seats), seed=spec.seed,
                      progress=False)
    return _fingerprint(result)


@dataclass(frozen=True)
class Study:
    """One recorded study, as the lesson reads it."""

    id: str
    recorded_title: str
    seats: tuple[str, ...]
    seed: int
    hands: int
    deals: int
    rules: Rules
    stats: tuple[Mapping[str, Any], ...]
    compare: Mapping[str, Any]
    blocked: float
    leader: Mapping[str, Any]
    repeats: tuple[Mapping[str, Any], ...] = ()
    fingerprint: tuple[Any, ...] = field(default=(), repr=False)

    @property
    def title(self) -> str:
        """What the study compares, in the language of the moment (the data file keeps it in
        English: :attr:`recorded_title`)."""
        return said(self.recorded_title)

    @property
    def margin(self) -> float:
        """The first player's points a hand minus the second's, averaged over deals."""
        return float(self.compare["margin"])

    def margin_interval(self, confidence: float = 0.95) -> tuple[float, float]:
        """The margin's interval at ``confidence`` (a normal interval over deals, as
        ``SimulationResult.compare`` computes it at 95%)."""
        half = _z(confidence) * self.compare["margin_sd"] / math.sqrt(self.deals)
        return (self.margin - half, self.margin + half)

    @property
    def win_share(self) -> float:
        """The first player's share of the hands one of the two won."""
        return float(self.compare["win_share"])

    def win_interval(self, confidence: float = 0.95) -> tuple[float, float]:
        """The win share's Wilson interval at ``confidence``."""
        return wilson_interval(self.compare["wins"], self.compare["decided"], _z(confidence))

    def verdict(self, confidence: float = 0.95) -> str:
        """What the points margin shows at ``confidence``, in words: which side of zero the
        whole interval lies, or that it cannot tell."""
        low, high = self.margin_interval(confidence)
        first, second = label(self.seats[0]), label(self.seats[1])
        level = _("{number}%").format(number=number(100 * confidence, ".1f").rstrip("0").rstrip(".,"))  # "95%"
        if low > 0:
            return _("{first} ahead: the whole {level} interval is above zero").format(first=first, level=level)
        if high < 0:
            return _("{second} ahead: the whole {level} interval is below zero").format(second=second, level=level)
        return _("cannot tell apart from no difference: the {level} interval includes zero").format(level=level)

    def line(self) -> str:
        """One line for a table: the margin and win share with their 95% intervals."""
        low, high = self.margin_interval()
        wlow, whigh = self.win_interval()
        return _("{margin} points a hand ({low} to {high}); won {share} of decided hands ({share_low} to "
                 "{share_high})").format(
            margin=number(self.margin, "+.2f"), low=number(low, "+.2f"), high=number(high, "+.2f"),
            share=percent(self.win_share, ".1f"), share_low=percent(wlow, ".1f"), share_high=percent(whigh, ".1f"))


def _z(confidence: float) -> float:
    """The two-sided normal quantile for ``confidence`` (0.95 gives 1.96)."""
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1, got {confidence!r}")
    return statistics.NormalDist().inv_cdf(0.5 + confidence / 2)


def load(path: Optional[Path] = None) -> dict[str, Study]:
    """The recorded studies by id."""
    payload = json.loads((path or DATA).read_text(encoding="utf-8"))
    titles = {spec.id: spec.title for spec in STUDIES}
    out = {}
    for s in payload["studies"]:
        rules = Rules.preset(s["preset"])
        if s["changes"]:
            rules = dataclasses.replace(rules, **s["changes"])
        title: str = titles.get(s["id"], s["title"])  # the spec's can be said in another language
        out[s["id"]] = Study(
            id=s["id"], recorded_title=title if title == s["title"] else s["title"], seats=tuple(s["seats"]),
            seed=s["seed"], hands=s["hands"],
            deals=s["deals"], rules=rules, stats=tuple(s["stats"]), compare=s["compare"], blocked=s["blocked"],
            leader=s["leader"], repeats=tuple(s.get("repeats", ())), fingerprint=tuple(s["fingerprint"]))
    return out
