"""The play widget: a learner plays Draw Dominoes against the engine's AI players in Jupyter.

Python is the single source of truth.  The browser (``static/widget.js``) renders one JSON
*snapshot* of what the human seat may see and sends *intents* (play a tile at an end, draw,
pass, undo, hint, next round, new match) as messages.  :meth:`DominoTable.handle_intent`
validates each intent against the current position, applies it through the engine, lets the
AI opponents move and publishes the new snapshot.  A malformed, stale or illegal intent only
sets a message; the game is never changed by one.

Every snapshot carries a ``version`` that changes with every change to the game; an intent
must quote the version it was made for, so a double click, a second view of the same widget
or a click that raced an opponent's move cannot act twice or on the wrong position.

The opponents move in a background thread when the widget lives in a kernel, so the notebook
and the widget stay responsive while a slow AI thinks (the snapshot says who is thinking).
Each opponent move is published as its own snapshot; the browser shows them one by one.

>>> from dominolab.widget import DominoTable
>>> table = DominoTable("standard", players=2, opponents="greedy", seed=1)
>>> table.play(table.round.legal_moves()[0].tile)   # the teacher's API, same path as a click
"""

from __future__ import annotations

import random
import re
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Optional, Union

import anywidget
import traitlets

from . import players as _players
from .inference import known_voids
from .match import Match
from .moves import DRAW, PASS, Draw, IllegalMoveError, Move, Pass, Play, move_from_text
from .narration import narrate
from .players import PlayerError
from .round import Round
from .rules import Rules
from .tiles import Tile

__all__ = ["HUMAN", "TABLE_FORMAT", "DominoTable", "IntentError", "seat_names"]

STATIC = Path(__file__).parent / "static"

#: The human always sits in seat 0.
HUMAN = 0
#: The ``format`` field of :meth:`DominoTable.record`.
TABLE_FORMAT = "dominolab-table"

ACTIONS = ("play", "draw", "pass", "undo", "hint", "next_round", "new_match")
#: How many turns the log in the snapshot keeps.
LOG_TURNS = 12

_SEAT_NAMES = {2: ("You", "North"), 3: ("You", "East", "West"), 4: ("You", "East", "North", "West")}


def seat_names(players: int) -> list[str]:
    """Names of the seats at the human's table: seat 0 is "You"; play passes to the left,
    so with four players seats 1, 2, 3 are East, North (the partner in partnership play), West."""
    try:
        return list(_SEAT_NAMES[players])
    except KeyError:
        return ["You"] + [f"Player {seat}" for seat in range(1, players)]


class IntentError(ValueError):
    """An intent the table refused; the message is what the widget shows.  Nothing changed."""


class _HumanSeat:
    """Stands in for the learner in the match: the widget asks no one for seat 0's moves."""

    def choose(self, view: Any) -> Move:
        raise RuntimeError("the human seat is played through the widget")

    def __repr__(self) -> str:
        return "<human>"


def _humanize(reason: str, names: Sequence[str]) -> str:
    """An engine reason, said to the learner in seat 0 ("you cannot draw ...")."""
    text = reason
    for pattern, repl in (
        (r"\bseat 0's hand\b", "your hand"),
        (r"\bseat 0 (cannot|must) (\w+)", r"you \1 \2"),
        (r"\bthis seat has already drawn\b", "you have already drawn"),
        (r"\bit holds\b", "you hold"),
        (r"\bit has no\b", "you have no"),
    ):
        text = re.sub(pattern, repl, text)

    def name(match: re.Match) -> str:
        seat = int(match.group(1))
        return names[seat] if 0 <= seat < len(names) else match.group(0)

    return re.sub(r"\bseat (\d+)", name, text)


def _tile_json(tile: Tile) -> dict:
    return {"tile": str(tile), "high": tile.high, "low": tile.low, "spoken": tile.spoken}


class DominoTable(anywidget.AnyWidget):
    """Play Draw Dominoes in a notebook: you (seat 0) against AI opponents.

    ``rules`` is a :class:`~dominolab.Rules` or a preset name, ``players`` 2 to 4 seats,
    ``opponents`` a kind from ``dl.players.OPPONENTS`` ("random", "greedy", "strategy",
    "search"), a player object, or one of those per opponent seat.  ``seed`` makes the deals
    and the AIs repeatable; ``target`` overrides the match target.  Teaching mode:
    ``open_hands`` shows the opponents' tiles, ``hints`` adds a hint button and the
    inference overlay (numbers each opponent is known to lack).

    Keyword options: ``highlight_playable`` (mark the tiles that fit), ``pace`` (seconds
    between opponent moves on screen) and ``background`` (run opponents in a thread; by
    default on inside a kernel, off in plain Python so scripts and tests stay synchronous).
    """

    _esm = STATIC / "widget.js"
    _css = STATIC / "widget.css"

    #: The human seat's view as JSON, everything the browser draws.  Python writes it only.
    snapshot = traitlets.Dict().tag(sync=True)

    def __init__(
        self,
        rules: Union[Rules, str] = "standard",
        players: int = 2,
        opponents: Union[str, Any, Sequence[Any]] = "strategy",
        seed: Optional[int] = None,
        target: Optional[int] = None,
        open_hands: bool = False,
        hints: bool = False,
        *,
        highlight_playable: bool = True,
        pace: float = 0.6,
        background: Optional[bool] = None,
        _match: Optional[Match] = None,
        _round: Optional[Round] = None,
    ) -> None:
        super().__init__()
        if isinstance(rules, str):
            rules = Rules.preset(rules)
        if not isinstance(rules, Rules):
            raise ValueError(f"rules must be a Rules object or a preset name, got {rules!r}")
        if isinstance(players, bool) or not isinstance(players, int) or players not in rules.player_counts:
            counts = " or ".join(str(n) for n in rules.player_counts)
            raise ValueError(f"these rules ({rules.name}) are for {counts} players; got players={players!r}")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise ValueError(f"seed must be a whole number or None, got {seed!r}")
        if not isinstance(pace, (int, float)) or isinstance(pace, bool) or not 0 <= pace <= 10:
            raise ValueError(f"pace must be a number of seconds from 0 to 10, got {pace!r}")
        self.rules = rules
        self.players = players
        self.names = seat_names(players)
        self.seed = seed
        self.target = target
        self.opponents = opponents
        self._open_hands = bool(open_hands)
        self._hints = bool(hints)
        self._highlight = bool(highlight_playable)
        self._pace_ms = round(pace * 1000)
        self._seeds = random.Random(seed)
        self._ais = _make_opponents(opponents, players - 1, None if seed is None else self._seeds)
        self._lock = threading.RLock()
        self._idle = threading.Condition(self._lock)
        self._background = _in_kernel() if background is None else bool(background)
        self._worker_active = False
        self._thinking: Optional[int] = None
        self._version = 0
        self._seq = 0
        self._ack: Optional[str] = None
        self._message: Optional[dict] = None
        self._hint: Optional[dict] = None
        self._hint_move: Optional[Move] = None
        self._marks: list[int] = []  # history lengths before each of the human's moves
        self._ai_ms: list[float] = []  # thinking time of the opponents' last moves
        self._match_number = 1
        self._round_number = 1
        if _match is not None:
            self.match = _match
            self._round = _round if _round is not None else self._deal()
            self._round_number = len(_match.rounds) + 1
        else:
            self.match = Match(rules, [_HumanSeat(), *self._ais], seed=seed, target=target)
            self._round = self._deal()
        self.on_msg(self._on_msg)
        self._publish()
        self._start_opponents()

    # ------------------------------------------------------------------ set-up
    def _deal(self) -> Round:
        return self.match.deal_next()

    # ------------------------------------------------------------------ options
    @property
    def open_hands(self) -> bool:
        """Show the opponents' tiles face up (teaching mode)."""
        return self._open_hands

    @open_hands.setter
    def open_hands(self, value: bool) -> None:
        with self._lock:
            self._open_hands = bool(value)
            self._publish()

    @property
    def hints(self) -> bool:
        """Offer the hint button and the known-voids overlay (teaching mode)."""
        return self._hints

    @hints.setter
    def hints(self, value: bool) -> None:
        with self._lock:
            self._hints = bool(value)
            self._hint = None
            self._publish()

    @property
    def highlight_playable(self) -> bool:
        """Mark the tiles in your hand that fit an end."""
        return self._highlight

    @highlight_playable.setter
    def highlight_playable(self, value: bool) -> None:
        with self._lock:
            self._highlight = bool(value)
            self._publish()

    @property
    def pace(self) -> float:
        """Seconds the browser shows each opponent move before the next one."""
        return self._pace_ms / 1000

    @pace.setter
    def pace(self, value: float) -> None:
        if not isinstance(value, (int, float)) or isinstance(value, bool) or not 0 <= value <= 10:
            raise ValueError(f"pace must be a number of seconds from 0 to 10, got {value!r}")
        with self._lock:
            self._pace_ms = round(value * 1000)
            self._publish()

    # ------------------------------------------------------------------ the game, for teachers
    @property
    def round(self) -> Round:
        """The hand being played (read it; change the game through the table's methods)."""
        return self._round

    @property
    def version(self) -> int:
        """Changes with every change to the game; intents must quote it."""
        return self._version

    @property
    def message(self) -> Optional[str]:
        """The message the widget shows (why the last intent was refused, or a hint)."""
        return None if self._message is None else self._message["text"]

    def play(self, tile: Union[Tile, str], end: Optional[str] = None) -> None:
        """Play ``tile`` from your hand at ``end`` ("left" or "right"; optional when it
        fits only one end).  Raises :class:`IntentError` for an illegal move."""
        self._act({"action": "play", "tile": str(Tile.coerce(tile)), "end": end})

    def move(self, move: Union[Move, str]) -> None:
        """Make any move for you: a ``Play``/``Draw``/``Pass`` or text such as "6-4 left",
        "draw", "pass" (so ``table.move(table.round.legal_moves()[0])`` works)."""
        if isinstance(move, str):
            move = move_from_text(move)
        if isinstance(move, Play):
            self.play(move.tile, move.end)
        elif isinstance(move, Pass):
            self.pass_()
        elif isinstance(move, Draw):
            self.draw()
        else:
            raise IntentError(f"expected a move (Play, Draw, Pass or text like '6-4 left'), got {move!r}")

    def draw(self) -> None:
        """Draw a tile from the boneyard."""
        self._act({"action": "draw"})

    def pass_(self) -> None:
        """Pass (only when you may neither play nor draw)."""
        self._act({"action": "pass"})

    def undo(self) -> None:
        """Take back your last move and the opponents' moves after it."""
        self._act({"action": "undo"})

    def next_round(self) -> None:
        """Deal the next hand of the match once this one is over."""
        self._act({"action": "next_round"})

    def new_match(self) -> None:
        """Start a new match (new deal, scores back to zero)."""
        self._act({"action": "new_match"})

    def hint(self) -> tuple[Move, str]:
        """The search player's move for you with a one-sentence reason (needs ``hints=True``)."""
        self._act({"action": "hint"})
        return self._hint_move, self._hint["text"]

    def _act(self, intent: dict) -> None:
        self.wait()
        with self._lock:
            intent = {**intent, "version": self._version}
        reply = self.handle_intent(intent)
        self.wait()
        if not reply["ok"]:
            raise IntentError(reply["message"])

    def wait(self, timeout: Optional[float] = 60.0) -> bool:
        """Block until no opponent is thinking (background mode); True if idle."""
        with self._idle:
            return self._idle.wait_for(lambda: not self._worker_active, timeout)

    # ------------------------------------------------------------------ records
    def record(self) -> dict:
        """The match so far as JSON-safe data: finished hands, the hand in play, options."""
        with self._lock:
            return {
                "format": TABLE_FORMAT,
                "version": 1,
                "players": self.players,
                "opponents": [getattr(p, "name", type(p).__name__) for p in self._ais],
                "options": {"seed": self.seed, "open_hands": self._open_hands, "hints": self._hints},
                "match": self.match.to_record(),
                "current": None if self._round in self.match.rounds else self._round.to_record(),
            }

    @classmethod
    def from_record(cls, data: dict, opponents: Union[str, Any, Sequence[Any], None] = None,
                    **options: Any) -> DominoTable:
        """A table that carries on from :meth:`record` data: every hand is replayed and
        checked.  ``opponents`` defaults to the kinds recorded; ``options`` as in the constructor."""
        from .records import RecordError

        if not isinstance(data, dict) or data.get("format") != TABLE_FORMAT:
            raise RecordError("format", f"expected a {TABLE_FORMAT!r} record")
        if data.get("version") != 1:
            raise RecordError("version", f"unknown table record version {data.get('version')!r}")
        saved = data.get("options") or {}
        if opponents is None:
            kinds = data.get("opponents")
            opponents = kinds if isinstance(kinds, list) and all(k in _players.OPPONENTS for k in kinds) else "strategy"
        kw = {"open_hands": saved.get("open_hands", False), "hints": saved.get("hints", False), **options}
        players_count = data.get("players")
        if isinstance(players_count, bool) or not isinstance(players_count, int) or not 2 <= players_count <= 4:
            raise RecordError("players", f"expected 2 to 4 players, got {players_count!r}")
        seed = saved.get("seed")
        ais = _make_opponents(opponents, players_count - 1, None if seed is None else random.Random(seed))
        match = Match.from_record(data.get("match"), seats=[_HumanSeat(), *ais])
        current = data.get("current")
        r = None
        if current is not None:
            saved_round = Round.from_record(current)
            r = match.deal_next()
            if r.seed != saved_round.seed:
                raise RecordError("current.seed", "the hand in play is not the match's next deal")
            for move in saved_round.moves:
                r.play(move)
        table = cls(match.rules, players_count, opponents=ais, seed=seed, target=match.target,
                    _match=match, _round=r, **kw)
        return table

    # ------------------------------------------------------------------ intents
    def _on_msg(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        self.handle_intent(content)

    def handle_intent(self, intent: Any) -> dict:
        """Validate and apply one intent from the browser (what a click or key sends).

        ``intent`` is ``{"action": ..., "version": ..., "id": ...}`` plus ``tile`` and
        ``end`` for a play.  Returns ``{"ok": bool, "message": str}``; a refused intent
        changes nothing but the message shown.  Opponents then move (in the background
        when enabled)."""
        ack = None
        if isinstance(intent, dict) and isinstance(intent.get("id"), (str, int)) and not isinstance(
                intent.get("id"), bool):
            ack = str(intent["id"])[:64]
        with self._lock:
            try:
                info = self._apply(intent)
            except IntentError as exc:
                self._message = {"kind": "error", "text": str(exc)}
                self._ack = ack
                self._publish()
                return {"ok": False, "message": str(exc)}
            self._message = None if info is None else {"kind": "info", "text": info}
            self._ack = ack
            self._publish()
        self._start_opponents()
        return {"ok": True, "message": info or ""}

    def _apply(self, intent: Any) -> Optional[str]:
        """Check ``intent`` and carry it out (lock held).  Raises IntentError, changing nothing."""
        if not isinstance(intent, dict):
            raise IntentError(f"The widget sent something that is not an intent ({type(intent).__name__}); "
                              "nothing was changed.")
        action = intent.get("action")
        if action not in ACTIONS:
            raise IntentError(f"Unknown action {str(action)[:40]!r}; nothing was changed.")
        ident = intent.get("id")
        if ident is not None and (isinstance(ident, bool) or not isinstance(ident, (str, int))):
            raise IntentError("The intent's id must be text or a number; nothing was changed.")
        version = intent.get("version")
        if isinstance(version, bool) or not isinstance(version, int):
            raise IntentError("The intent did not say which position it was for; nothing was changed.")
        if version != self._version:
            raise IntentError("That click was for an earlier position (the game has moved on since); "
                              "nothing was changed. Look again and choose.")
        r = self._round
        if action == "new_match":
            self._new_match()
            return None
        if action == "next_round":
            if not r.is_over:
                raise IntentError("The hand is still being played; finish it first.")
            if self.match.is_over:
                raise IntentError("The match is over; start a new match.")
            self._round = self._deal()
            self._round_number += 1
            self._changed()
            return None
        if action == "undo":
            if not self._marks:
                raise IntentError("There is no move of yours to take back in this hand.")
            if r.is_over:
                raise IntentError("The hand is over and scored; undo works during a hand.")
            mark = self._marks.pop()
            while len(r.history) > mark:
                r.undo()
            self._changed()
            return "Took back your last move."
        if r.is_over:
            raise IntentError("The hand is over; press Next round.")
        if r.turn != HUMAN:
            who = self.names[r.turn]
            thinking = " is thinking" if self._thinking == r.turn else "'s turn"
            raise IntentError(f"Wait: it is {who}'s turn ({who}{thinking}).")
        if action == "hint":
            if not self._hints:
                raise IntentError("Hints are off for this table (DominoTable(..., hints=True) turns them on).")
            move, reason = _players.hint(r.view(HUMAN))
            self._hint_move = move
            self._hint = {"text": reason, "action": _move_action(move),
                          "tile": str(move.tile) if isinstance(move, Play) else None,
                          "end": move.end if isinstance(move, Play) else None}
            return None
        move = self._read_move(action, intent)
        history_before = len(r.history)
        try:
            r.play(move, seat=HUMAN)
        except IllegalMoveError as exc:
            raise IntentError(f"Not allowed: {exc.explain(self.names)}.") from None
        self._marks.append(history_before)
        self._changed()
        return None

    def _read_move(self, action: str, intent: dict) -> Move:
        if action == "draw":
            return DRAW
        if action == "pass":
            return PASS
        tile_text = intent.get("tile")
        if not isinstance(tile_text, str):
            raise IntentError("A play must name a tile such as '6-4'; nothing was changed.")
        try:
            tile = Tile.parse(tile_text)
        except ValueError:
            raise IntentError(f"{tile_text[:20]!r} is not a tile; nothing was changed.") from None
        end = intent.get("end")
        if end is not None and end not in ("left", "right"):
            raise IntentError(f"The end must be 'left' or 'right', not {str(end)[:20]!r}; nothing was changed.")
        r = self._round
        if tile not in r.hands[HUMAN]:
            raise IntentError(f"{tile} is not in your hand.")
        fits = [m.end for m in r.legal_moves() if isinstance(m, Play) and m.tile is tile]
        if end is None:
            if r.ends is None or len(fits) == 1:
                end = fits[0] if fits else "left"
            elif len(fits) == 2:
                raise IntentError(f"{tile} fits both ends: choose the left end ({r.ends[0]}) "
                                  f"or the right end ({r.ends[1]}).")
            else:
                end = "left"
        return Play(tile, end)

    def _new_match(self) -> None:
        if _all_kinds(self.opponents):  # fresh AIs, seeded from the table's seed sequence
            self._ais = _make_opponents(self.opponents, self.players - 1,
                                        None if self.seed is None else self._seeds)
        self.match = Match(self.rules, [_HumanSeat(), *self._ais],
                           seed=None if self.seed is None else self._seeds.getrandbits(63), target=self.target)
        self._round = self._deal()
        self._match_number += 1
        self._round_number = 1
        self._changed()

    def _changed(self) -> None:
        """The game changed (lock held): new version, hint and marks kept consistent."""
        self._version += 1
        self._hint = None
        r = self._round
        if r.is_over and r not in self.match.rounds:
            self.match.record_round(r)
        if not r.history:
            self._marks = []  # a new hand: nothing of yours to take back
        self._thinking = r.turn if self._opponent_to_move() else None

    # ------------------------------------------------------------------ opponents
    def _opponent_to_move(self) -> bool:
        r = self._round
        return not r.is_over and r.turn != HUMAN

    def _start_opponents(self) -> None:
        with self._lock:
            if self._worker_active or not self._opponent_to_move():
                return
            self._worker_active = True
        if self._background:
            try:
                threading.Thread(target=self._run_opponents, name="dominolab-opponents", daemon=True).start()
                return
            except RuntimeError:  # no threads (e.g. Pyodide): move them here and now
                self._background = False
        self._run_opponents()

    def _run_opponents(self) -> None:
        """Let the opponents move until it is the human's turn or the hand is over.  The
        slow part (``choose``) runs without the lock; its move is applied only if the game
        did not change meanwhile (an undo or a new match cancels it)."""
        try:
            while True:
                with self._lock:
                    if not self._opponent_to_move():
                        self._thinking = None
                        return
                    seat = self._round.turn
                    version = self._version
                    view = self._round.view(seat)
                    player = self._ais[seat - 1]
                    if self._thinking != seat:
                        self._thinking = seat
                        self._publish()
                start = time.perf_counter()
                try:
                    move = player.choose(view)
                    error = None
                except Exception as exc:  # an AI's bug must not break the widget
                    move, error = None, f"{self.names[seat]}'s player failed: {exc!r}"
                took = (time.perf_counter() - start) * 1000
                with self._lock:
                    if self._version != version:
                        continue  # the game changed while it thought: ask again
                    if error is None:
                        try:
                            self._round.play(move, seat=seat)
                        except IllegalMoveError as exc:
                            error = f"{self.names[seat]}'s player chose {move!r}, which is illegal: {exc.reason}"
                    if error is not None:
                        self._thinking = None
                        self._message = {"kind": "error", "text": PlayerError(seat, move, error).reason}
                        self._publish()
                        return
                    self._ai_ms = [*self._ai_ms[-499:], took]
                    self._changed()
                    self._thinking = self._round.turn if self._opponent_to_move() else None
                    self._publish()
        finally:
            with self._idle:
                self._worker_active = False
                self._thinking = None
                self._idle.notify_all()

    # ------------------------------------------------------------------ the snapshot
    def _publish(self) -> None:
        """Send the current snapshot to every view (lock held)."""
        self._seq += 1
        self.snapshot = self._snapshot()

    def _snapshot(self) -> dict:
        r = self._round
        names = self.names
        view = r.view(HUMAN)
        legal = view.legal
        plays: dict[str, list[str]] = {}
        for m in legal:
            if isinstance(m, Play):
                plays.setdefault(str(m.tile), []).append(m.end)
        history = view.history
        last = history[-1] if history else None
        line = []
        for index, placed in enumerate(r.line):
            line.append({**_tile_json(placed.tile), "left": placed.left, "right": placed.right,
                         "double": placed.is_double,
                         "new": bool(last and last.action == "play" and last.tile is placed.tile),
                         "index": index})
        hand = [{**_tile_json(t), "playable": str(t) in plays, "ends": plays.get(str(t), [])} for t in view.hand]
        voids = known_voids(view) if self._hints else {}
        partner = view.partner
        opponents = []
        for seat in range(1, r.players):
            opponents.append({
                "seat": seat,
                "name": names[seat],
                "count": view.hand_counts[seat],
                "partner": seat == partner,
                "thinking": self._thinking == seat,
                "to_move": r.turn == seat and not r.is_over,
                "tiles": [_tile_json(t) for t in r.hands[seat]] if (self._open_hands or r.is_over) else None,
                "lacks": sorted(voids.get(seat, {})),
            })
        turns = narrate(history, names)
        floor = self.rules.boneyard_floor if self.rules.can_draw else 0
        return {
            "seq": self._seq,
            "version": self._version,
            "ack": self._ack,
            "match_number": self._match_number,
            "round_number": self._round_number,
            "names": names,
            "players": r.players,
            "rules": {"name": self.rules.name, "can_draw": self.rules.can_draw,
                      "draw_when_able": self.rules.draw_when_able, "partnerships": partner is not None},
            "line": line,
            "ends": list(r.ends) if r.ends else None,
            "hand": hand,
            "can_draw": DRAW in legal,
            "can_pass": PASS in legal,
            "your_turn": view.is_my_turn,
            "turn": r.turn,
            "thinking": self._thinking,
            "opponents": opponents,
            "boneyard": {"count": r.boneyard_count, "floor": min(floor, r.boneyard_count),
                         "drawable": r.drawable_count},
            "scores": self._scores(),
            "target": self.match.target,
            "match_over": self.match.is_over,
            "match_result": self._match_result(),
            "log": turns[-LOG_TURNS:],
            "log_total": len(turns),
            "last": None if last is None else {"seat": last.seat, "action": last.action},
            "status": self._status(view),
            "result": self._result_json(),
            "message": self._message,
            "hint": self._hint,
            "can_undo": bool(self._marks) and not r.is_over,
            "ai_ms": [round(ms, 1) for ms in self._ai_ms[-(r.players - 1):]],
            "options": {"open_hands": self._open_hands, "hints": self._hints,
                        "highlight_playable": self._highlight, "pace_ms": self._pace_ms},
        }

    def _side_labels(self) -> list[str]:
        sides = self._round.sides
        return [" & ".join(self.names[s] for s in members) for members in sides]

    def _scores(self) -> list[dict]:
        labels = self._side_labels()
        return [{"label": label, "points": points, "you": HUMAN in members}
                for label, points, members in zip(labels, self.match.scores, self._round.sides, strict=True)]

    def _match_result(self) -> Optional[str]:
        m = self.match
        if not m.is_over:
            return None
        labels = self._side_labels()
        winner = labels[m.winner]
        others = ", ".join(str(p) for i, p in enumerate(m.scores) if i != m.winner)
        verb = "win" if winner == "You" or winner.startswith("You ") else "wins"
        return f"{winner} {verb} the match, {m.scores[m.winner]} to {others} (target {m.target})."

    def _status(self, view: Any) -> str:
        r = self._round
        if r.is_over:
            return "The hand is over."
        if r.turn != HUMAN:
            who = self.names[r.turn]
            return f"{who} is thinking…" if self._thinking == r.turn else f"{who} to play."
        if r.ends is None:
            return "Your lead: play any highlighted tile."
        left, right = r.ends
        options = []
        if any(isinstance(m, Play) for m in view.legal):
            options.append(f"play a tile with a {left} or a {right}" if left != right else f"play a tile with a {left}")
        if DRAW in view.legal:
            options.append("draw")
        if PASS in view.legal:
            options.append("pass")
        return "Your turn: " + ", or ".join(options) + "."

    def _result_json(self) -> Optional[dict]:
        r = self._round
        result = r.result
        if result is None:
            return None
        labels = self._side_labels()
        side = result.winning_side
        if side is None:
            title = "Nobody wins the hand"
        else:
            who = labels[side]
            title = f"{who} {'win' if who == 'You' or who.startswith('You ') else 'wins'} the hand"
        if result.reason == "domino":
            why = f"{self.names[result.went_out]} played the last tile (domino)."
        else:
            why = r.explain_block() or ("Nobody can play, and nobody may draw"
                                        + (f": the last {self.rules.boneyard_floor} tiles stay in the boneyard."
                                           if self.rules.can_draw and self.rules.boneyard_floor else "."))
        return {
            "title": title,
            "reason": result.reason,
            "why": why,
            "explanation": result.explain(names=self.names),
            "points": list(result.points),
            "side": side,
            "you_won": side is not None and HUMAN in r.sides[side],
        }

    def __repr__(self) -> str:
        # No game state here: in a kernel the opponents may still be moving when this is shown.
        kinds = ", ".join(getattr(p, "name", type(p).__name__) for p in self._ais)
        return f"<DominoTable {self.rules.name}, {self.players} players: you vs {kinds}>"


def _make_opponents(opponents: Any, count: int, seeds: Optional[random.Random]) -> list[Any]:
    """One player per opponent seat from a kind name, a player object, or a list of those.
    Kinds are created with seeds from ``seeds`` (``None``: unseeded)."""
    if isinstance(opponents, str) or callable(getattr(opponents, "choose", None)):
        specs = [opponents] * count
    elif isinstance(opponents, Sequence) and len(opponents) == count:
        specs = list(opponents)
    else:
        raise ValueError(f"opponents must be a kind ({', '.join(_players.OPPONENTS)}), a player, "
                         f"or a list of {count} of those; got {opponents!r}")
    out = []
    for spec in specs:
        if isinstance(spec, str):
            if spec not in _players.OPPONENTS:
                raise ValueError(f"no opponent named {spec!r}; choose one of {', '.join(_players.OPPONENTS)}")
            out.append(_players.create(spec, seed=None if seeds is None else seeds.getrandbits(32)))
        elif callable(getattr(spec, "choose", None)):
            out.append(spec)
        else:
            raise ValueError(f"an opponent must be a kind name or have choose(view); got {spec!r}")
    return out


def _move_action(move: Move) -> str:
    if isinstance(move, Play):
        return "play"
    return "pass" if isinstance(move, Pass) else "draw"


def _all_kinds(opponents: Any) -> bool:
    if isinstance(opponents, str):
        return True
    return isinstance(opponents, Sequence) and all(isinstance(o, str) for o in opponents)


def _in_kernel() -> bool:
    """True when running inside a Jupyter kernel (so a background thread helps)."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None
