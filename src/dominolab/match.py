"""A match: hands played one after another until a side reaches the target (R16).

Later hands are led by the rules' ``next_leader`` (R6).  Hand ``i`` is dealt from
:meth:`Match.hand_seed` ``(i)``, a seed that depends on the match's seed and ``i`` alone,
and players with a ``reseed`` method start each hand afresh from a seed of the same kind,
so ``Match(rules, seats, seed=3)`` always plays the same match, and a match loaded from its
record plays on exactly as the original would have.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Sequence
from typing import Any, Optional, Union

from .players import Player
from .playout import derive_seed, play_out
from .records import RecordError, _object, round_from_record, rules_from_record
from .round import Round
from .rules import Rules
from .scoring import RoundResult
from .validate import check_int, check_number, check_seed, excerpt, is_int

__all__ = ["MATCH_FORMAT", "Match"]

MATCH_FORMAT = "dominolab-match"
MATCH_VERSION = 2


class Match:
    """Hands between ``seats`` (one player with ``choose(view)`` per seat) to the target.

    ``players`` is the number of seats (as for :class:`~dominolab.round.Round`) and
    ``seats`` the players in them.  ``scores`` holds each side's total (a side is a seat,
    or a team in partnership play); ``winner`` is the side that reached the target,
    ``None`` until then.  ``time_limit`` (seconds) fails a player that has not chosen a
    move in that time (see :func:`dominolab.playout.ask`).
    """

    def __init__(
        self,
        rules: Union[Rules, str],
        seats: Optional[Sequence[Player]] = None,
        seed: Optional[int] = None,
        *,
        target: Optional[int] = None,
        time_limit: Optional[float] = None,
        players: Any = None,
    ):
        rules = Rules.coerce(rules)
        if players is not None:
            if is_int(players):
                raise ValueError(
                    f"Match takes the players themselves, one per seat: Match(rules, seats=[...]); "
                    f"players={players} is a number of seats")
            if seats is not None:
                raise ValueError("give the players once, as seats=[...]")
            warnings.warn("Match(players=[...]) is now Match(seats=[...])", DeprecationWarning, stacklevel=2)
            seats = players
        if seats is None or isinstance(seats, (str, bytes)) or not isinstance(seats, Sequence):
            raise ValueError(f"seats must be a list with one player per seat, got {excerpt(seats)}")
        seats = list(seats)
        for seat, player in enumerate(seats):
            if not callable(getattr(player, "choose", None)) or isinstance(player, type):
                raise ValueError(f"seats[{seat}] is not a player (an object with a choose(view) method): "
                                 f"{excerpt(player)}")
        rules.hand_size(len(seats))
        if rules.partnerships and len(seats) != 4:
            raise ValueError(f"partnership rules need 4 players, got {len(seats)}")
        if target is not None:
            check_int(target, "target", 1)
        check_seed(seed)
        if time_limit is not None:
            check_number(time_limit, "time_limit", positive=True)
        self.rules = rules
        self.seats = seats
        #: Seconds a player may take for one decision (``None``: no limit).
        self.time_limit = time_limit
        self.seed = random.SystemRandom().getrandbits(63) if seed is None else seed
        self.target = target if target is not None else rules.target_for(rules.sides(len(seats)))
        self.scores = [0] * rules.sides(len(seats))
        self.rounds: list[Round] = []
        self.winner: Optional[int] = None

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.seats)

    @property
    def results(self) -> list[RoundResult]:
        """The result of each hand played so far."""
        return [r.result for r in self.rounds]  # type: ignore[misc]

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def hand_seed(self, index: int) -> int:
        """The seed hand ``index`` (0 for the first) is dealt from."""
        return derive_seed(self.seed, check_int(index, "index", 0))

    def next_leader(self) -> Optional[int]:
        """R6: the seat that leads the next hand, or ``None`` when the first-hand rule decides."""
        if not self.rounds:
            return None
        last = self.rounds[-1]
        rule = self.rules.next_leader
        if rule == "rotate-left":
            return None if last.leader is None else (last.leader + 1) % self.players
        if rule == "same":
            return last.leader
        if rule == "winner":
            return last.result.winner  # type: ignore[union-attr]
        return None

    def deal_next(self) -> Round:
        """Deal the next hand (without playing it); seeded players are reseeded for it, and
        players with an ``observe_match(scores, target)`` method are told the score (the
        search player then plays to win the match, not only the hand)."""
        if self.is_over:
            raise ValueError(f"the match is over: side {self.winner} reached {self.target}")
        index = len(self.rounds)
        for seat, player in enumerate(self.seats):
            reseed = getattr(player, "reseed", None)
            if callable(reseed):
                reseed(derive_seed(self.seed, index, seat + 1))
            observe = getattr(player, "observe_match", None)
            if callable(observe):
                observe(tuple(self.scores), self.target)
        return Round.deal(self.rules, self.players, seed=self.hand_seed(index), leader=self.next_leader())

    def play_round(self) -> RoundResult:
        """Deal and play one hand, add its points, and return its result."""
        r = play_out(self.deal_next(), self.seats, time_limit=self.time_limit)
        self.record_round(r)
        return r.result  # type: ignore[return-value]

    def record_round(self, r: Round) -> None:
        """Add a finished hand to the match: the hand :meth:`deal_next` dealt, played out
        (here, in the play table, or anywhere).  Anything else is refused, naming why."""
        if not isinstance(r, Round):
            raise ValueError(f"record_round takes a finished Round, got {excerpt(r)}")
        if self.is_over:
            raise ValueError(f"the match is over: side {self.winner} reached {self.target}")
        if r.rules != self.rules:
            raise ValueError("that hand was played under other rules than the match's")
        if r.players != self.players:
            raise ValueError(f"that hand has {r.players} players; the match has {self.players}")
        if any(r is done for done in self.rounds):
            raise ValueError("that hand is already in the match")
        index = len(self.rounds)
        start = r.start
        if start.kind != "deal" or start.seed != self.hand_seed(index) or start.leader != self.next_leader():
            raise ValueError(f"that hand is not the match's hand {index + 1} (deal it with match.deal_next())")
        if not r.is_over:
            raise ValueError("only a finished hand can be added to the match")
        self.rounds.append(r)
        self.scores = [a + b for a, b in zip(self.scores, r.result.points, strict=True)]  # type: ignore[union-attr]
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

    def to_record(self) -> dict[str, Any]:
        """The match as JSON-safe data: every hand's record and the running scores."""
        return {
            "format": MATCH_FORMAT,
            "version": MATCH_VERSION,
            "rules": self.rules.to_dict(),
            "players": self.players,
            "seed": self.seed,
            "target": self.target,
            "rounds": [r.to_record() for r in self.rounds],
            "scores": list(self.scores),
            "winner": self.winner,
        }

    @classmethod
    def from_record(cls, data: dict[str, Any], seats: Optional[Sequence[Player]] = None) -> Match:
        """Rebuild a match from :meth:`to_record` data, replaying every hand and checking
        seeds, leaders and scores.  Give ``seats`` (players) to play on from where it stopped."""
        return match_from_record(data, seats)

    def __repr__(self) -> str:
        state = f"won by side {self.winner}" if self.is_over else "in play"
        return (f"<Match {self.rules.name}, {self.players} players, to {self.target}: "
                f"scores {self.scores}, {state}>")


class _NoPlayer:
    """Stands in for a seat of a match loaded from a record."""

    def __init__(self, seat: int):
        self.seat = seat

    def choose(self, view: Any) -> Any:
        raise ValueError(f"this match was loaded from a record; give seats=[...] to play on (seat {self.seat})")

    def __repr__(self) -> str:
        return "<no player>"


_MATCH_KEYS = ("format", "version", "rules", "players", "seed", "target", "rounds", "scores", "winner")


def match_from_record(data: Any, seats: Optional[Sequence[Player]] = None) -> Match:
    """See :meth:`Match.from_record`."""
    if not isinstance(data, dict):
        raise RecordError("", f"a match record is a JSON object (dict), got {type(data).__name__}")
    if data.get("format") != MATCH_FORMAT:
        raise RecordError("format", f"expected {MATCH_FORMAT!r}, got {excerpt(data.get('format'))}")
    version = data.get("version")
    if not is_int(version) or version != MATCH_VERSION:
        raise RecordError("version", f"unknown record version {excerpt(version)}; "
                                     f"this Domino Lab reads version {MATCH_VERSION}")
    _object(data, "", _MATCH_KEYS)
    rules = rules_from_record(data["rules"])
    count = data["players"]
    if not is_int(count) or count not in rules.player_counts:
        raise RecordError("players", f"expected one of {rules.player_counts}, got {excerpt(count)}")
    players = list(seats) if seats is not None else [_NoPlayer(s) for s in range(count)]
    if len(players) != count:
        raise RecordError("players", f"the record has {count} players, but {len(players)} were given")
    if not is_int(data["seed"]):
        raise RecordError("seed", f"expected a whole number, got {excerpt(data['seed'])}")
    try:
        match = Match(rules, players, seed=data["seed"], target=data["target"])
    except ValueError as exc:
        raise RecordError("", str(exc)) from None
    rounds = data["rounds"]
    if not isinstance(rounds, list):
        raise RecordError("rounds", "expected a list of round records")
    for i, record in enumerate(rounds):
        where = f"rounds[{i}]"
        try:
            r = round_from_record(record)
        except RecordError as exc:
            raise exc.inside(where) from None
        try:
            match.record_round(r)
        except ValueError as exc:
            raise RecordError(where, str(exc)) from None
    if data["scores"] != match.scores:
        raise RecordError("scores", f"record says {excerpt(data['scores'])}, replay gives {match.scores!r}")
    if data["winner"] != match.winner or isinstance(data["winner"], bool):
        raise RecordError("winner", f"record says {excerpt(data['winner'])}, replay gives {match.winner!r}")
    return match
