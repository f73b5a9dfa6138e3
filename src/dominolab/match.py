"""A match: hands played one after another until a side reaches the target (R16).

Later hands are led by the rules' ``next_leader`` (R6).  Each hand is dealt from a seed
drawn from the match's own generator, so ``Match(rules, players, seed=3)`` always plays
the same match with the same (deterministic) players.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any, Optional, Union

from .moves import IllegalMoveError
from .players import PlayerError
from .round import Round
from .rules import Rules
from .scoring import RoundResult

__all__ = ["MATCH_FORMAT", "Match"]

MATCH_FORMAT = "dominolab-match"


class Match:
    """Hands between ``players`` (one object with ``choose(view)`` per seat) to the target.

    ``scores`` holds each side's total (a side is a seat, or a team in partnership play);
    ``winner`` is the side that reached the target, ``None`` until then.
    """

    def __init__(
        self,
        rules: Union[Rules, str],
        players: Sequence[Any],
        seed: Optional[int] = None,
        *,
        target: Optional[int] = None,
        time_limit: Optional[float] = None,
    ):
        if isinstance(rules, str):
            rules = Rules.preset(rules)
        if not isinstance(rules, Rules):
            raise ValueError(f"rules must be a Rules object or a preset name, got {rules!r}")
        players = list(players)
        for seat, player in enumerate(players):
            if not callable(getattr(player, "choose", None)):
                raise ValueError(f"players[{seat}] has no choose(view) method: {player!r}")
        rules.hand_size(len(players))
        if rules.partnerships and len(players) != 4:
            raise ValueError(f"partnership rules need 4 players, got {len(players)}")
        if target is not None and (isinstance(target, bool) or not isinstance(target, int) or target < 1):
            raise ValueError(f"target must be a whole number >= 1, got {target!r}")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise ValueError(f"seed must be a whole number or None, got {seed!r}")
        if time_limit is not None and not (isinstance(time_limit, (int, float)) and time_limit > 0):
            raise ValueError(f"time_limit must be a positive number of seconds, got {time_limit!r}")
        self.rules = rules
        self.players = players
        #: Seconds a player may take for one decision (``None``: no limit).
        self.time_limit = time_limit
        self.seed = random.SystemRandom().getrandbits(63) if seed is None else seed
        self._rng = random.Random(self.seed)
        sides = rules.sides(len(players))
        self.target = target if target is not None else rules.target_for(sides)
        self.scores = [0] * sides
        self.rounds: list[Round] = []
        self.winner: Optional[int] = None

    @property
    def results(self) -> list[RoundResult]:
        """The result of each hand played so far."""
        return [r.result for r in self.rounds]

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def next_leader(self) -> Optional[int]:
        """R6: the seat that leads the next hand, or ``None`` when the first-hand rule decides."""
        if not self.rounds:
            return None
        last = self.rounds[-1]
        rule = self.rules.next_leader
        if rule == "rotate-left":
            return None if last.leader is None else (last.leader + 1) % len(self.players)
        if rule == "same":
            return last.leader
        if rule == "winner":
            return last.result.winner
        return None

    def deal_next(self) -> Round:
        """Deal the next hand (without playing it)."""
        if self.is_over:
            raise ValueError(f"the match is over: side {self.winner} reached {self.target}")
        return Round.deal(self.rules, len(self.players), seed=self._rng.getrandbits(63),
                          leader=self.next_leader())

    def play_round(self) -> RoundResult:
        """Deal and play one hand, add its points, and return its result."""
        r = self.deal_next()
        while not r.is_over:
            seat = r.turn
            move = ask(self.players[seat], r, seat, self.time_limit)
            try:
                r.play(move, seat=seat)
            except IllegalMoveError as exc:
                raise PlayerError(seat, move, f"returned {move!r}, which is illegal: {exc.reason}") from exc
        self.record_round(r)
        return r.result

    def record_round(self, r: Round) -> None:
        """Add a finished hand (played elsewhere, e.g. in the widget) to the match."""
        if not r.is_over:
            raise ValueError("only a finished hand can be added to the match")
        self.rounds.append(r)
        self.scores = [a + b for a, b in zip(self.scores, r.result.points, strict=False)]
        reached = [side for side, points in enumerate(self.scores) if points >= self.target]
        if reached:
            self.winner = max(reached, key=lambda side: self.scores[side])

    def play(self, max_rounds: int = 10_000) -> Match:
        """Play hands until a side reaches the target; returns the match."""
        for _ in range(max_rounds):
            if self.is_over:
                return self
            self.play_round()
        if not self.is_over:
            raise RuntimeError(f"no side reached {self.target} in {max_rounds} hands")
        return self

    def to_record(self) -> dict:
        """The match as JSON-safe data: every hand's record and the running scores."""
        return {
            "format": MATCH_FORMAT,
            "version": 1,
            "rules": self.rules.to_dict(),
            "players": len(self.players),
            "seed": self.seed,
            "target": self.target,
            "rounds": [r.to_record() for r in self.rounds],
            "scores": list(self.scores),
            "winner": self.winner,
        }

    @classmethod
    def from_record(cls, data: dict, players: Optional[Sequence[Any]] = None) -> Match:
        """Rebuild a match from :meth:`to_record` data, replaying every hand and checking
        seeds, leaders and scores.  Give ``players`` to play on from where it stopped."""
        return match_from_record(data, players)

    def __repr__(self) -> str:
        state = f"won by side {self.winner}" if self.is_over else "in play"
        return (f"<Match {self.rules.name}, {len(self.players)} players, to {self.target}: "
                f"scores {self.scores}, {state}>")


def ask(player: Any, r: Round, seat: int, time_limit: Optional[float] = None) -> Any:
    """The move ``player`` chooses for ``seat`` in ``r``; its failures become PlayerError.
    Players marked ``omniscient`` (for studies) are also handed a copy of the round."""
    start = time.perf_counter()
    try:
        if getattr(player, "omniscient", False):
            move = player.choose(r.view(seat), round=r.copy())
        else:
            move = player.choose(r.view(seat))
    except Exception as exc:  # a player's bug must not look like ours
        raise PlayerError(seat, None, f"choose() raised {exc!r}") from exc
    took = time.perf_counter() - start
    if time_limit is not None and took > time_limit:
        raise PlayerError(seat, move, f"took {took:.2f} s to choose {move!r}; the limit is {time_limit:g} s")
    return move


class _NoPlayer:
    """Stands in for a seat of a match loaded from a record."""

    def __init__(self, seat: int):
        self.seat = seat

    def choose(self, view):
        raise ValueError(f"this match was loaded from a record; give players=[...] to play on (seat {self.seat})")

    def __repr__(self) -> str:
        return "<no player>"


def match_from_record(data: Any, players: Optional[Sequence[Any]] = None) -> Match:
    """See :meth:`Match.from_record`."""
    from .records import RecordError, round_from_record

    if not isinstance(data, dict):
        raise RecordError("", f"a match record is a JSON object (dict), got {type(data).__name__}")
    if data.get("format") != MATCH_FORMAT:
        raise RecordError("format", f"expected {MATCH_FORMAT!r}, got {data.get('format')!r}")
    if data.get("version") != 1:
        raise RecordError("version", f"unknown record version {data.get('version')!r}; this Domino Lab reads version 1")
    try:
        rules = Rules.from_dict(data.get("rules"))
    except (ValueError, TypeError) as exc:
        raise RecordError("rules", str(exc)) from None
    count = data.get("players")
    if isinstance(count, bool) or not isinstance(count, int) or count not in rules.player_counts:
        raise RecordError("players", f"expected one of {rules.player_counts}, got {count!r}")
    seats = list(players) if players is not None else [_NoPlayer(s) for s in range(count)]
    if len(seats) != count:
        raise RecordError("players", f"the record has {count} players, but {len(seats)} were given")
    try:
        match = Match(rules, seats, seed=data.get("seed"), target=data.get("target"))
    except ValueError as exc:
        raise RecordError("", str(exc)) from None
    rounds = data.get("rounds")
    if not isinstance(rounds, list):
        raise RecordError("rounds", "expected a list of round records")
    for i, record in enumerate(rounds):
        where = f"rounds[{i}]"
        if match.is_over:
            raise RecordError(where, "the match was already over")
        expected_seed = match._rng.getrandbits(63)
        try:
            r = round_from_record(record)
        except RecordError as exc:
            raise RecordError(f"{where}.{exc.path}" if exc.path else where, str(exc).split(": ", 1)[-1]) from None
        if r.rules != rules or r.players != count:
            raise RecordError(where, "its rules or players differ from the match's")
        if r.seed != expected_seed:
            raise RecordError(f"{where}.seed", f"record says {r.seed}, the match's seed gives {expected_seed}")
        if r._start.get("leader") != match.next_leader():
            raise RecordError(f"{where}.start.leader",
                              f"record says {r._start.get('leader')}, the rules give {match.next_leader()}")
        if not r.is_over:
            raise RecordError(where, "the hand is not finished")
        match.record_round(r)
    if "scores" in data and data["scores"] != match.scores:
        raise RecordError("scores", f"record says {data['scores']!r}, replay gives {match.scores!r}")
    if "winner" in data and data["winner"] != match.winner:
        raise RecordError("winner", f"record says {data['winner']!r}, replay gives {match.winner!r}")
    return match

