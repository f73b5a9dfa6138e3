"""The tournaments refereed on the service: the engine's :class:`~dominolab.tournament.Entry`
plays each student's game here, beside the deals, and the student is answered with only what
seat 0 may see (its :class:`~dominolab.view.View`, as JSON).

* The tournament's seed never leaves the service: students join with the hub's key
  (``dl-7F3K-9Q2X``), which says nothing about the deals.
* A move is checked against the entry's legal moves, committed to the database, then played.
  Its number is the game's next (``number``); a client may also name it (``id``).  The same
  move sent again (same number and move, or same id) is answered as it stands, not played
  twice; another move under a number already played is refused: a move made is final.
* After a restart, each game is rebuilt from its stored actions by the engine
  (:meth:`Entry.resume`'s replay): the same deals, the same opponents' answers.
* Ranking and the duplicate score are the engine's (:meth:`Tournament.rank` over each
  student's :meth:`Entry.result`, checked by :meth:`Tournament.check`).
"""

from __future__ import annotations

import secrets
import threading
from dataclasses import dataclass, field
from typing import Any, Optional

from ..i18n import _
from ..moves import IllegalMoveError, InvalidMoveError, Move
from ..round import Round
from ..tournament import Entry, Tournament, TournamentError
from ..tournament.board import _baseline
from ..tournament.entries import _student_moves
from .store import Conflict, Store
from .views import view_to_dict

#: The action that deals the next hand once a hand is over.
NEXT = "next"
_KEY_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's: no I, L, O, U


class Refusal(Exception):
    """What the service refuses, with the HTTP status and the words for the student or teacher
    (the state is unchanged)."""

    def __init__(self, status: int, message: str, **extra: Any):
        super().__init__(message)
        self.status = status
        self.message = message
        self.extra = extra

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled with its status and extra fields (``args`` holds the message alone)."""
        return _refusal, (self.status, self.message, self.extra)


def _refusal(status: int, message: str, extra: dict[str, Any]) -> Refusal:
    return Refusal(status, message, **extra)


def new_key() -> str:
    """A fresh tournament key: random, short, unambiguous to type (``dl-7F3K-9Q2X``)."""
    body = "".join(secrets.choice(_KEY_ALPHABET) for _ in range(8))
    return f"dl-{body[:4]}-{body[4:]}"


def normal_key(key: Any) -> str:
    """A key as typed (case, spaces, O for 0) in the form the service keeps, or a Refusal."""
    if not isinstance(key, str) or not 1 <= len(key) <= 40:
        raise Refusal(400, "a tournament key is text such as dl-7F3K-9Q2X")
    text = "".join(key.split()).upper().replace("O", "0").replace("I", "1").replace("L", "1")
    if text.startswith("D1-"):
        text = "DL-" + text[3:]
    return "dl" + text[2:] if text.startswith("DL") else text


@dataclass
class _Game:
    """One student's game in memory: the engine's entry and how many actions it has taken."""

    id: int
    entry: Entry
    actions: int
    client_ids: dict[str, int] = field(default_factory=dict)
    #: every action taken, as stored (so a repeated move is told apart without reading the database)
    done: list[str] = field(default_factory=list)
    past: list[dict[str, Any]] = field(default_factory=list)
    checked: Optional[tuple[int, Any]] = None
    lock: threading.Lock = field(default_factory=threading.Lock)


class Referee:
    """The service's tournaments and games over a :class:`~.store.Store`."""

    def __init__(self, store: Store):
        self.store = store
        self._tournaments: dict[str, Tournament] = {}
        self._games: dict[tuple[str, str], _Game] = {}
        self._open: dict[str, bool] = {}
        self._lock = threading.Lock()

    # ------------------------------------------------------------------ tournaments
    def create(self, by: str, spec: Any) -> str:
        """A new tournament from the teacher's ``spec`` (rules, hands, opponents, players,
        title): the engine's :meth:`Tournament.create`, with a fresh seed kept here."""
        if not isinstance(spec, dict):
            raise Refusal(400, "send the tournament as a JSON object: {\"rules\": \"standard\", \"hands\": 8, ...}")
        allowed = {"rules", "hands", "opponents", "players", "title"}
        unknown = sorted(set(spec) - allowed)
        if unknown:
            raise Refusal(400, f"unknown field(s) {', '.join(unknown)}; a tournament has {', '.join(sorted(allowed))}")
        try:
            t = Tournament.create(spec.get("rules", "standard"), hands=spec.get("hands", 8),
                                  opponents=spec.get("opponents", "strategy"), players=spec.get("players", 2),
                                  title=spec.get("title", ""), language="en")
        except (TournamentError, ValueError, TypeError) as exc:
            raise Refusal(400, f"not a tournament: {exc}") from None
        key = new_key()
        self.store.add_tournament(key, t.to_dict(), t.title, by)
        self._tournaments[key] = t
        return key

    def tournament(self, key: Any) -> Tournament:
        key = normal_key(key)
        found = self._tournaments.get(key)
        if found is None:
            row = self.store.tournament(key)
            if row is None:
                raise Refusal(404, _("no tournament {key} on this hub: check the key your teacher gave").format(
                    key=key))
            found = self._tournaments[key] = Tournament.from_dict(row["spec"], language="en")
        return found

    def is_open(self, key: str) -> bool:
        key = normal_key(key)
        if key not in self._open:  # kept in memory: this service is the only one that changes it
            row = self.store.tournament(key)
            self._open[key] = bool(row and row["open"])
        return self._open[key]

    def set_open(self, key: str, is_open: bool) -> None:
        """Open or close the tournament to new games (games begun carry on)."""
        key = normal_key(key)
        self.tournament(key)
        self.store.set_open(key, is_open)
        self._open[key] = is_open

    def summary(self, key: str) -> dict[str, Any]:
        """What anyone may know of a tournament: no seed, no deal."""
        t = self.tournament(key)
        return {"key": normal_key(key), "title": t.title, "rules": t.rules.name, "rules_title": t.rules.title,
                "hands": t.hands, "players": t.players, "opponents": list(t.opponents),
                "open": self.is_open(key)}

    # ------------------------------------------------------------------ games
    def _game(self, key: str, student: str, *, make: bool) -> Optional[_Game]:
        key = normal_key(key)
        t = self.tournament(key)
        with self._lock:
            game = self._games.get((key, student))
            if game is not None:
                return game
            if make and not self.is_open(key):
                raise Refusal(403, _("this tournament is closed: your teacher no longer takes new games in it"))
            game_id = self.store.game(key, student, make=make)
            if game_id is None:
                return None
            game = self._games[(key, student)] = self._rebuild(t, student, game_id)
            return game

    def _rebuild(self, t: Tournament, student: str, game_id: int) -> _Game:
        """The game as its stored actions leave it, replayed by the engine."""
        entry = Entry(t, _entry_name(student))
        rows = self.store.moves_of(game_id)
        game = _Game(game_id, entry, 0)
        for row in rows:
            if row.number != game.actions + 1:
                raise RuntimeError(f"game {game_id}: stored action {row.number} follows {game.actions}")
            _apply(entry, row.action)
            game.actions += 1
            game.done.append(row.action)
            if row.client_id:
                game.client_ids[row.client_id] = row.number
        return game

    def state(self, key: str, student: str, *, join: bool = True) -> dict[str, Any]:
        """Where ``student``'s game stands (joining the tournament when ``join``)."""
        game = self._game(key, student, make=join)
        if game is None:
            raise Refusal(404, f"{student} has no game in {normal_key(key)} yet")
        with game.lock:
            return self._answer(key, game)

    def move(self, key: str, student: str, body: Any) -> dict[str, Any]:
        """Play ``body["move"]`` (a move's text, or "next" to deal the next hand) as action
        ``body["number"]`` of the game, at most once (see the module notes)."""
        if not isinstance(body, dict):
            raise Refusal(400, "send the move as a JSON object: {\"number\": 1, \"move\": \"6-4 left\"}")
        unknown = sorted(set(body) - {"number", "move", "id"})
        if unknown:
            raise Refusal(400, f"unknown field(s) {', '.join(unknown)}; a move has number, move and id")
        number, text, client_id = body.get("number"), body.get("move"), body.get("id")
        if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= 100_000:
            raise Refusal(400, "number must be the move's number in your game (1 for the first), a whole number")
        if not isinstance(text, str) or not 1 <= len(text) <= 40:
            raise Refusal(400, "move must be a move's text such as \"6-4 left\", \"draw\", \"pass\" or \"next\"")
        if client_id is not None and (not isinstance(client_id, str) or not 1 <= len(client_id) <= 80):
            raise Refusal(400, "id must be text of at most 80 characters (the client's name for this move)")
        game = self._game(key, student, make=True)
        assert game is not None
        with game.lock:
            if client_id is not None and client_id in game.client_ids:
                return {**self._answer(key, game), "repeated": game.client_ids[client_id]}
            if number <= game.actions:
                made = game.done[number - 1]
                if made == _normal_action(game, number, text):
                    return {**self._answer(key, game), "repeated": number}
                raise Refusal(409, _("move {number} was already made ({move}); a move made is final").format(
                    number=number, move=made),
                              **self._answer(key, game))
            if number > game.actions + 1:
                raise Refusal(409, _("your next move is number {next}, not {number}: reload the game to see where it "
                                     "stands").format(next=game.actions + 1, number=number),
                              **self._answer(key, game))
            action = self._check(game.entry, text)
            try:
                self.store.add_move(game.id, number, action, client_id)
            except Conflict:  # pragma: no cover - one service writes each game under its lock
                raise Refusal(409, _("that move number is taken; reload the game")) from None
            _apply(game.entry, action)
            game.actions += 1
            game.done.append(action)
            if client_id is not None:
                game.client_ids[client_id] = number
            return self._answer(key, game)

    def _check(self, entry: Entry, text: str) -> str:
        """The action as stored (the engine's text of the move), or a Refusal saying why not."""
        if text.strip().lower() == NEXT:
            if entry.is_finished:
                raise Refusal(409, _("the tournament is over: there is no next hand"))
            if not entry.view().is_over:
                raise Refusal(409, _("the hand is still being played; finish it before dealing the next one"))
            return NEXT
        view = entry.view()
        if view.is_over:
            raise Refusal(409, _("this hand is over; deal the next hand") if not _last(entry)
                          else _("the tournament is over: every hand is played"))
        try:
            move = entry.round.parse_move(text)
        except (InvalidMoveError, IllegalMoveError, ValueError) as exc:
            raise Refusal(422, _("not allowed: {reason}").format(reason=exc)) from None
        if move not in view.legal:
            raise Refusal(422, _("not allowed: {move} is not one of your legal moves now").format(move=move))
        return str(move)

    def _answer(self, key: str, game: _Game) -> dict[str, Any]:
        entry = game.entry
        t = entry.tournament
        view = entry.view()
        return {
            "tournament": self.summary(key),
            "number": game.actions,
            "next": game.actions + 1,
            "hand": entry.index + 1,
            "hands": t.hands,
            "points": entry.points,
            "finished": entry.is_finished or (view.is_over and _last(entry)),
            "hand_points": [_seat0(r) for r in entry._finished()],
            "view": view_to_dict(view),
            # the tiles seat 0 drew, which seat 0 saw (the view hides every drawn tile)
            "drawn": _drawn(entry.round),
            # the hands finished before this one, as seat 0 saw them (kept: they no longer change)
            "past": self._past(game),
        }

    @staticmethod
    def _checked(game: _Game) -> Any:
        """The engine's check of a finished game's result (replayed once: a finished game no
        longer changes), for the ranking."""
        if game.checked is None or game.checked[0] != game.actions:
            game.checked = (game.actions, game.entry.tournament.check(game.entry.result()))
        return game.checked[1]

    @staticmethod
    def _past(game: _Game) -> list[dict[str, Any]]:
        rounds = game.entry.rounds
        while len(game.past) < len(rounds):
            r = rounds[len(game.past)]
            game.past.append({"view": view_to_dict(r.view(0)), "drawn": _drawn(r)})
        return game.past[: len(rounds)]

    # ------------------------------------------------------------------ the teacher's board
    def board(self, key: str) -> dict[str, Any]:
        """Every student's progress and the ranking (the engine's leaderboard of the results
        finished so far), for the teacher."""
        key = normal_key(key)
        t = self.tournament(key)
        students: list[dict[str, Any]] = []
        checked: list[tuple[str, Any]] = []
        for game_id, student in self.store.games_of(key):
            game = self._game(key, student, make=False)
            assert game is not None and game.id == game_id
            with game.lock:
                entry = game.entry
                done = entry._finished()
                students.append({"student": student, "hand": min(entry.index + 1, t.hands), "hands": t.hands,
                                 "hands_done": len(done), "points": entry.points,
                                 "finished": len(done) == t.hands, "moves": game.actions})
                if len(done) == t.hands:
                    checked.append((student, self._checked(game)))
        ranked = t.rank(checked)
        baseline = _baseline(t)
        rows = [{"rank": rank, "student": row["file"], "points": row["points"], "duplicate": row["duplicate"],
                 "hands_won": row["hands_won"], "hand_points": row["hand_points"]} for rank, row in ranked.ranked()]
        by_duplicate = [{"rank": rank, "student": row["file"], "duplicate": row["duplicate"]}
                        for rank, row in ranked.ranked("duplicate")]
        # every student's running duplicate score over the hands they finished (same deals)
        for s in students:
            game = self._games[(key, str(s["student"]))]
            pts = [_seat0(r) for r in game.entry._finished()]
            s["duplicate"] = sum(pts) - sum(baseline[: len(pts)])
        return {"tournament": self.summary(key), "students": students, "ranking": rows,
                "by_duplicate": by_duplicate, "baseline": list(baseline)}

    def replay(self, key: str, student: str, hand: int) -> dict[str, Any]:
        """Hand ``hand`` (1 for the first) of ``student``'s game as a record, every move (for
        the teacher's page; the deals stay with the teacher)."""
        game = self._game(key, student, make=False)
        if game is None:
            raise Refusal(404, f"{student} has no game in {normal_key(key)}")
        with game.lock:
            entry = game.entry
            hands = [*entry.rounds, *([entry.round] if entry.index < entry.tournament.hands else [])]
            if not isinstance(hand, int) or not 1 <= hand <= len(hands):
                raise Refusal(404, f"{student} has played hands 1 to {len(hands)}, not {hand}")
            r = hands[hand - 1]
            return {"student": student, "hand": hand, "record": r.to_record(),
                    "student_moves": [str(m) for m in _student_moves(r)], "steps": _steps(r)}

    def csv(self, key: str) -> str:
        """The ranking as CSV (the engine's :meth:`Leaderboard.to_csv`)."""
        key = normal_key(key)
        t = self.tournament(key)
        checked = []
        for _id, student in self.store.games_of(key):
            game = self._game(key, student, make=False)
            assert game is not None
            with game.lock:
                if len(game.entry._finished()) == t.hands:
                    checked.append((student, self._checked(game)))
        return t.rank(checked).to_csv()


def _entry_name(student: str) -> str:
    """The hub's user name as an entry's name (names the engine would refuse are kept short)."""
    name = " ".join(student.split())[:40]
    return name or "student"


def _normal_action(game: _Game, number: int, text: str) -> str:
    """``text`` as it would have been stored as action ``number`` (for telling a repeat from a
    different move): "next", or the move as the engine writes it."""
    if text.strip().lower() == NEXT:
        return NEXT
    try:
        from ..moves import move_from_text

        return str(move_from_text(text))
    except (ValueError, TypeError):
        return text


def _apply(entry: Entry, action: str) -> None:
    if action == NEXT:
        entry.next_hand()
    else:
        entry.play(action)


def _last(entry: Entry) -> bool:
    return entry.index == entry.tournament.hands - 1


def _seat0(r: Round) -> int:
    assert r.result is not None
    return r.result.points[r.rules.side_of(0, r.players)]


def _drawn(r: Round) -> list[str]:
    """The tiles seat 0 drew in ``r``, in order (seat 0's own knowledge)."""
    return [str(e.tile) for e in r.history if e.seat == 0 and e.action == "draw"]


def _steps(r: Round) -> list[dict[str, Any]]:
    """The hand move by move, as the engine replays it: the position before any move, then
    after each (the line and every hand), for the teacher's replay."""
    again = Round.from_start(r.rules, r.start)

    def position(move: str, seat: Optional[int]) -> dict[str, Any]:
        return {"move": move, "seat": seat, "line": str(again.line),
                "hands": [" ".join(str(t) for t in h) for h in again.hands], "boneyard": len(again.boneyard)}

    steps = [position("", None)]
    for m, e in zip(r.moves, r.history, strict=True):
        again.play(m)
        steps.append(position(str(m), e.seat))
    return steps


def _move_text(m: Move) -> str:
    return str(m)
