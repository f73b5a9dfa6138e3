"""Play many hands between players and measure them, honestly.

``simulate(rules, ["search", "greedy"], rounds=2000, seed=1)`` deals hands from the seed,
plays each one (by default in *duplicate* format: every deal is replayed with the
players rotated round the seats, so the luck of the deal and the leader's advantage
cancel out) and returns win rates with Wilson 95% intervals and points per hand with
normal-approximation intervals.

Every hand is dealt and every player seeded from ``(seed, deal, seat)`` alone, so the
results are identical whatever ``workers`` is and whichever executor runs the batches:
``executor=`` takes any :class:`concurrent.futures.Executor` (a process pool, or a Dask
cluster's ``client.get_executor()``).  Player specs must then be picklable: names such as
``"greedy"``, classes, ``functools.partial`` objects or player instances.
"""

from __future__ import annotations

import copy
import functools
import math
import statistics
import warnings
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Optional, Union

from .i18n import _, pgettext
from .players import Player, PlayerError, create, player_name
from .playout import derive_seed, play_out
from .round import Round
from .rules import Rules
from .validate import check_int, check_number, excerpt
from .words import decimal

__all__ = ["Comparison", "SimulationResult", "simulate", "wilson_interval"]

#: How a seat's player is given to :func:`simulate`: a name ("greedy"), a player class or a
#: factory taking a seed, or a player object (copied and reseeded for every hand).
PlayerSpec = Union[str, Callable[..., Player], Player]


def wilson_interval(successes: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _mean_interval(values: Sequence[float], z: float = 1.959964) -> tuple[float, float, float]:
    if not values:
        return (0.0, 0.0, 0.0)
    mean = statistics.fmean(values)
    if len(values) < 2:
        return (mean, mean, mean)
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return (mean, mean - half, mean + half)


def _label(spec: PlayerSpec) -> str:
    if isinstance(spec, str):
        return spec
    if isinstance(spec, functools.partial):
        return _label(spec.func)
    name = getattr(spec, "name", None)
    if isinstance(name, str):
        return name
    return getattr(spec, "__name__", type(spec).__name__)


def _spawn(spec: PlayerSpec, seed: int) -> Any:
    """A fresh player for one hand, seeded from the hand alone."""
    if isinstance(spec, str):
        return create(spec, seed)
    if isinstance(spec, type):  # a player class: GreedyPlayer, or a learner's own
        try:
            return spec(seed)
        except TypeError:
            return spec()
    if callable(getattr(spec, "choose", None)):
        player = copy.deepcopy(spec)
        reseed = getattr(player, "reseed", None)
        if callable(reseed):
            reseed(seed)
        return player
    if callable(spec):
        return spec(seed)
    raise ValueError(f"a player must be a name, a class or factory taking a seed, or a player; got {spec!r}")


def _hand_seed(seed: int, deal: int) -> int:
    return derive_seed(seed, deal)


@dataclass(frozen=True)
class _Job:
    rules: dict[str, Any]
    specs: tuple[PlayerSpec, ...]
    players: int
    seed: int
    deals: tuple[int, ...]
    rotations: int
    time_limit: Optional[float]


def _play_batch(job: _Job) -> tuple[list[dict[str, Any]], list[list[float]]]:
    """Play every hand of ``job.deals``; returns one record per hand, and decision times
    per player.  Module-level so process pools and Dask can run it."""
    rules = Rules.from_dict(job.rules)
    n = job.players
    records: list[dict[str, Any]] = []
    times: list[list[float]] = [[] for _ in range(n)]
    for deal in job.deals:
        deal_seed = _hand_seed(job.seed, deal)
        for rotation in range(job.rotations):
            # Player p sits in seat (p + rotation) % n.
            seat_of = [(p + rotation) % n for p in range(n)]
            player_at = [0] * n
            for p, s in enumerate(seat_of):
                player_at[s] = p
            players = [_spawn(job.specs[player_at[s]], (deal_seed + 104_729 * (player_at[s] + 1)) % (2**63))
                       for s in range(n)]
            r = Round.deal(rules, n, seed=deal_seed)

            def timed(seat: int, move: Any, seconds: float, choices: int, player_at: list[int] = player_at) -> None:
                if choices > 1:
                    times[player_at[seat]].append(seconds)

            try:
                play_out(r, players, time_limit=job.time_limit, on_move=timed)
            except PlayerError as exc:
                who = _label(job.specs[player_at[exc.seat]])
                raise PlayerError(exc.seat, exc.move,
                                  f"deal {deal}, rotation {rotation}: player {player_at[exc.seat]} ({who}): "
                                  f"{exc.reason}") from exc
            result = r.result
            assert result is not None  # play_out plays the hand to its end
            side_of = {s: i for i, members in enumerate(result.sides) for s in members}
            winner_side = result.winning_side
            records.append({
                "deal": deal,
                "rotation": rotation,
                "seats": seat_of,
                "leader": player_at[r.leader] if r.leader is not None else None,
                "reason": result.reason,
                "winners": [p for p in range(n) if winner_side is not None and side_of[seat_of[p]] == winner_side],
                "points": [result.points[side_of[seat_of[p]]] for p in range(n)],
                "pips": [result.pips[seat_of[p]] for p in range(n)],
            })
    return records, times


@dataclass
class PlayerStats:
    """One player's figures over a simulation."""

    label: str
    hands: int
    wins: int
    win_rate: float
    win_interval: tuple[float, float]
    points_per_hand: float
    points_interval: tuple[float, float]
    ms_per_decision: Optional[float]


@dataclass(frozen=True)
class Comparison:
    """One player against another over the same deals (see :meth:`SimulationResult.compare`)."""

    a: str
    b: str
    wins: int
    decided: int
    win_share: float
    win_interval: tuple[float, float]
    margin: float
    margin_interval: tuple[float, float]

    @property
    def significant(self) -> bool:
        """True when a's edge shows in wins or in points: an interval clear of "even"."""
        return self.win_interval[0] > 0.5 or self.margin_interval[0] > 0

    def __str__(self) -> str:
        if self.significant:
            text = _("{a} v {b}: {a} won {wins} of {decided} decided hands ({share}%, 95% CI {low}-{high}); "
                     "points margin {margin} a hand (95% CI {margin_low}..{margin_high}): significant")
        else:
            text = _("{a} v {b}: {a} won {wins} of {decided} decided hands ({share}%, 95% CI {low}-{high}); "
                     "points margin {margin} a hand (95% CI {margin_low}..{margin_high}): not significant")
        return text.format(
            a=player_name(self.a), b=player_name(self.b), wins=self.wins, decided=self.decided,
            share=decimal(100 * self.win_share, ".1f"),
            low=decimal(100 * self.win_interval[0], ".1f"), high=decimal(100 * self.win_interval[1], ".1f"),
            margin=decimal(self.margin, "+.2f"), margin_low=decimal(self.margin_interval[0], "+.2f"),
            margin_high=decimal(self.margin_interval[1], "+.2f"))


@dataclass
class SimulationResult:
    """The hands of a simulation and the figures drawn from them.

    ``stats[i]`` are player ``i``'s figures; ``records`` has one dict per hand (see
    :meth:`to_records`).  Equality ignores the decision times, which depend on the machine.
    """

    rules: Rules
    labels: tuple[str, ...]
    records: list[dict[str, Any]]
    duplicate: bool
    seed: int
    times: list[list[float]] = field(default_factory=list, compare=False, repr=False)

    @property
    def hands(self) -> int:
        return len(self.records)

    @property
    def ties(self) -> int:
        """Hands nobody won (a tied blocked hand)."""
        return sum(1 for r in self.records if not r["winners"])

    @property
    def stats(self) -> list[PlayerStats]:
        out = []
        for p, label in enumerate(self.labels):
            wins = sum(1 for r in self.records if p in r["winners"])
            points = [r["points"][p] for r in self.records]
            mean, low, high = _mean_interval(points)
            times = self.times[p] if p < len(self.times) else []
            out.append(PlayerStats(
                label=label, hands=self.hands, wins=wins,
                win_rate=wins / self.hands if self.hands else 0.0,
                win_interval=wilson_interval(wins, self.hands),
                points_per_hand=mean, points_interval=(low, high),
                ms_per_decision=1000 * statistics.fmean(times) if times else None,
            ))
        return out

    def leader_win_rate(self) -> tuple[float, tuple[float, float]]:
        """How often the player who led won the hand, with its interval (the leader's advantage)."""
        led = [r for r in self.records if r["leader"] is not None]
        wins = sum(1 for r in led if r["leader"] in r["winners"])
        return (wins / len(led) if led else 0.0, wilson_interval(wins, len(led)))

    def compare(self, a: int = 0, b: int = 1) -> Comparison:
        """Player ``a`` against player ``b``, paired by deal.

        ``win_share`` is a's share of the hands one of the two won (Wilson interval);
        ``margin`` is a's mean points per hand minus b's, with a 95% interval computed
        over deals, so that in duplicate format the luck of the deal cancels out.
        """
        decided = [r for r in self.records if (a in r["winners"]) != (b in r["winners"])]
        wins = sum(1 for r in decided if a in r["winners"])
        per_deal: dict[int, list[float]] = {}
        for r in self.records:
            per_deal.setdefault(r["deal"], []).append(r["points"][a] - r["points"][b])
        mean, low, high = _mean_interval([statistics.fmean(v) for v in per_deal.values()])
        return Comparison(self.labels[a], self.labels[b], wins, len(decided),
                          wins / len(decided) if decided else 0.0, wilson_interval(wins, len(decided)),
                          mean, (low, high))

    def to_records(self) -> list[dict[str, Any]]:
        """One plain dict per hand: deal, rotation, seat of each player, leader, reason,
        winners (player indices), points and pips per player."""
        return [dict(r) for r in self.records]

    def to_dataframe(self) -> Any:
        """The per-hand records as a pandas DataFrame (pandas must be installed)."""
        try:
            import pandas as pd  # type: ignore[import-untyped]
        except ImportError as exc:  # pandas is optional
            raise ImportError("to_dataframe() needs pandas; use to_records() without it") from exc
        rows = []
        for r in self.records:
            row = {"deal": r["deal"], "rotation": r["rotation"], "leader": r["leader"], "reason": r["reason"]}
            for p, label in enumerate(self.labels):
                row[f"{p}:{label} won"] = p in r["winners"]
                row[f"{p}:{label} points"] = r["points"][p]
            rows.append(row)
        return pd.DataFrame(rows)

    def table(self) -> str:
        """A compact text table of the figures."""
        fmt = "{:<3}{:<12}{:>7}{:>8}{:>17}{:>9}{:>17}{:>12}"
        caption = (_("{rules}, {players} players, {hands} hands (duplicate deals), seed {seed}") if self.duplicate
                   else _("{rules}, {players} players, {hands} hands, seed {seed}"))
        lines = [
            caption.format(rules=self.rules.said_name, players=len(self.labels), hands=self.hands, seed=self.seed),
            fmt.format("", pgettext("table", "player"), pgettext("table", "wins"), pgettext("table", "win %"),
                       pgettext("table", "95% CI"), pgettext("table", "pts/hand"), pgettext("table", "95% CI"),
                       pgettext("table", "ms/decision")),
        ]
        for p, s in enumerate(self.stats):
            ms = "-" if s.ms_per_decision is None else decimal(s.ms_per_decision, ".1f")
            lines.append(fmt.format(
                p, player_name(s.label)[:11], s.wins, decimal(100 * s.win_rate, ".1f"),
                f"{decimal(100 * s.win_interval[0], '.1f')}-{decimal(100 * s.win_interval[1], '.1f')}",
                decimal(s.points_per_hand, ".2f"),
                f"{decimal(s.points_interval[0], '.2f')}..{decimal(s.points_interval[1], '.2f')}", ms))
        rate, (low, high) = self.leader_win_rate()
        lines.append(_("no winner: {ties} hands; the leader won {rate}% ({low}-{high})").format(
            ties=self.ties, rate=decimal(100 * rate, ".1f"), low=decimal(100 * low, ".1f"),
            high=decimal(100 * high, ".1f")))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return self.table()

    def _repr_html_(self) -> str:
        from html import escape

        head = "".join(f"<th>{escape(h)}</th>" for h in (
            pgettext("table", "player"), pgettext("table", "wins"), pgettext("table", "win %"),
            pgettext("table", "95% CI"), pgettext("table", "points/hand"), pgettext("table", "95% CI")))
        rows = "".join(
            f"<tr><td>{escape(player_name(s.label))}</td><td>{s.wins}</td><td>{decimal(100 * s.win_rate, '.1f')}</td>"
            f"<td>{decimal(100 * s.win_interval[0], '.1f')}–{decimal(100 * s.win_interval[1], '.1f')}</td>"
            f"<td>{decimal(s.points_per_hand, '.2f')}</td>"
            f"<td>{decimal(s.points_interval[0], '.2f')}–{decimal(s.points_interval[1], '.2f')}</td></tr>"
            for s in self.stats)
        caption = escape(self.table().splitlines()[0])
        return f"<table><caption>{caption}</caption><tr>{head}</tr>{rows}</table>"

    @classmethod
    def combine(cls, parts: Sequence[SimulationResult]) -> SimulationResult:
        """One result from the parts of a split run (see ``simulate(start=...)``): the same
        rules, players, seed and format, and no deal played in two parts."""
        if not parts:
            raise ValueError("combine needs at least one result")
        first = parts[0]
        seen: set[int] = set()
        for i, part in enumerate(parts):
            if not isinstance(part, SimulationResult):
                raise ValueError(f"parts[{i}]: not a SimulationResult, got {excerpt(part)}")
            ours = (part.rules, part.labels, part.duplicate, part.seed)
            if ours != (first.rules, first.labels, first.duplicate, first.seed):
                raise ValueError(f"parts[{i}] was not played with the rules, players, format and seed of parts[0]")
            deals = {r["deal"] for r in part.records}
            if deals & seen:
                raise ValueError(f"parts[{i}] plays deal {min(deals & seen)} again")
            seen |= deals
        n = len(first.labels)
        times = [[t for part in parts for t in (part.times[p] if p < len(part.times) else [])] for p in range(n)]
        return cls(rules=first.rules, labels=first.labels, records=[r for part in parts for r in part.records],
                   duplicate=first.duplicate, seed=first.seed, times=times)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SimulationResult):
            return NotImplemented
        return (self.rules, self.labels, self.records, self.duplicate, self.seed) == (
            other.rules, other.labels, other.records, other.duplicate, other.seed)


def simulate(
    rules: Union[Rules, str],
    seats: Sequence[PlayerSpec],
    rounds: int = 1000,
    seed: int = 0,
    *,
    duplicate: bool = True,
    workers: int = 1,
    executor: Optional[Executor] = None,
    progress: bool = True,
    time_limit: Optional[float] = None,
    start: int = 0,
) -> SimulationResult:
    """Play ``rounds`` hands between the players in ``seats`` (one spec per seat: a name
    such as "greedy", a player class such as ``dl.GreedyPlayer`` or your own, a factory
    taking a seed, or a player instance, which is copied and reseeded for each hand) and
    return the figures.

    With ``duplicate=True`` each deal is played once per rotation of the players round
    the seats, so ``rounds`` is rounded up to a multiple of the number of players.
    ``workers`` > 1 runs batches in a process pool; ``executor`` runs them on any
    ``concurrent.futures.Executor``.  A player that fails raises :class:`PlayerError`
    naming the deal, the player and the move; ``time_limit`` (seconds) fails a player
    that takes longer over one decision.

    ``start`` is the number of the first deal: with two players,
    ``simulate(..., rounds=200, seed=7, start=100)`` plays deals 100 to 199 of seed 7, the
    second half of what ``rounds=400`` plays, hand for hand.  So a long run can be split,
    stopped and resumed, and its parts joined with :meth:`SimulationResult.combine`.
    """
    rules = Rules.coerce(rules)
    if isinstance(seats, (str, bytes)) or not isinstance(seats, Sequence):
        raise ValueError(f"seats must be a list with one player per seat, got {excerpt(seats)}")
    specs = tuple(seats)
    n = len(specs)
    rules.hand_size(n)
    if rules.partnerships and n != 4:
        raise ValueError(f"partnership rules need 4 players, got {n}")
    for seat, spec in enumerate(specs):
        if not (isinstance(spec, str) or callable(spec) or callable(getattr(spec, "choose", None))):
            raise ValueError(f"seats[{seat}]: a player must be a name, a class or factory taking a seed, "
                             f"or a player; got {excerpt(spec)}")
        if isinstance(spec, str):
            create(spec)  # fail now, with the list of names, not inside a worker
        else:
            _spawn(spec, 0)  # a class or factory that cannot make a player fails here, not in a worker
    check_int(rounds, "rounds", 1)
    check_int(workers, "workers", 1)
    check_int(seed, "seed")
    check_int(start, "start", 0)
    if time_limit is not None:
        check_number(time_limit, "time_limit", positive=True)
    rotations = n if duplicate else 1
    deals = -(-rounds // rotations)
    per_batch = max(1, min(50, deals // (8 * max(workers, 1)) or 1))
    batches = [tuple(range(first, min(start + deals, first + per_batch)))
               for first in range(start, start + deals, per_batch)]
    jobs = [_Job(rules.to_dict(), specs, n, seed, batch, rotations, time_limit) for batch in batches]

    bar = _progress_bar(deals * rotations, _("{rules}: {players}").format(
        rules=rules.said_name, players=pgettext("players", " v ").join(player_name(_label(s)) for s in specs))) \
        if progress else None
    results: list[Optional[tuple[list[dict[str, Any]], list[list[float]]]]] = [None] * len(jobs)
    if executor is None and workers > 1 and not _processes_available():
        warnings.warn("this Python cannot start worker processes (in the browser, for one); "
                      "running in this process instead, with the same results", RuntimeWarning, stacklevel=2)
        workers = 1
    try:
        if executor is None and workers == 1:
            for i, job in enumerate(jobs):
                results[i] = _play_batch(job)
                if bar is not None:
                    bar.update(len(job.deals) * rotations)
        else:
            own = executor is None
            pool: Executor = ProcessPoolExecutor(max_workers=workers) if executor is None else executor
            try:
                futures = {pool.submit(_play_batch, job): i for i, job in enumerate(jobs)}
                from concurrent.futures import as_completed

                for future in as_completed(futures):
                    i = futures[future]
                    results[i] = future.result()
                    if bar is not None:
                        bar.update(len(jobs[i].deals) * rotations)
            finally:
                if own:
                    pool.shutdown(cancel_futures=True)
    finally:
        if bar is not None:
            bar.close()
    records: list[dict[str, Any]] = []
    times: list[list[float]] = [[] for _ in range(n)]
    for batch_records, batch_times in results:  # type: ignore[misc]
        records.extend(batch_records)
        for p in range(n):
            times[p].extend(batch_times[p])
    return SimulationResult(rules=rules, labels=tuple(_label(s) for s in specs), records=records,
                            duplicate=duplicate, seed=seed, times=times)


def _processes_available() -> bool:
    """Whether a process pool can start here (Pyodide, for one, has no processes)."""
    try:
        import multiprocessing.synchronize  # noqa: F401 - what ProcessPoolExecutor needs
    except ImportError:
        return False
    return True


def _progress_bar(total: int, description: str) -> Any:
    try:
        from tqdm.auto import tqdm
    except ImportError:  # tqdm is a lesson dependency, not an engine one
        return None
    return tqdm(total=total, desc=description, unit=pgettext("progress", "hand"), leave=False)
