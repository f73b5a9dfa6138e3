"""What a student's kernel uses on a JupyterHub: the classroom hub's service, called with the
kernel's own hub token (standard library only: a kernel needs no extra to play).

* :func:`on_hub`: is this kernel on a hub (``JUPYTERHUB_API_TOKEN`` and the hub's
  ``JUPYTERHUB_SERVICE_PREFIX`` or ``JUPYTERHUB_API_URL`` in the environment)?  Off a hub
  nothing here sends anything.
* :class:`Client`: the service's JSON API (retried while the service restarts: every move
  carries its number and an id, so a retry never plays it twice).
* :class:`HubEntry`: a tournament game played on the service, in the shape of the engine's
  :class:`~dominolab.tournament.Entry`, so that the table's tournament mode plays it.  The
  service answers with seat 0's view only; the table still needs a whole round to draw, so
  :func:`disguise` fills the tiles seat 0 cannot see with a deal that fits everything public
  (the engine's :func:`~dominolab.inference.infer` samples it, and the engine replays the
  hand on it to check it), never with the real ones, which the kernel never receives.
* :func:`report_check`: a lesson's check, reported (lesson, exercise, verdict, the answer as
  typed; nothing else), on a hub only.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Optional

from ..dealing import Start
from ..i18n import _, get_language, ngettext
from ..inference import infer
from ..moves import Move, move_from_text
from ..round import Round
from ..rules import Rules
from ..tiles import Tile
from . import SERVICE_NAME

#: How long a call keeps retrying while the service is unreachable (a restart), in seconds.
RETRY_SECONDS = 30.0


class HubError(Exception):
    """What the service refused or why it could not be reached, in words for the student."""

    def __init__(self, message: str, status: int = 0, answer: Optional[dict[str, Any]] = None):
        super().__init__(message)
        self.message = message
        self.status = status
        self.answer = answer or {}

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled with its status and answer (an error sent back from a worker process)."""
        return type(self), (self.message, self.status, self.answer)


def on_hub(env: Optional[Mapping[str, str]] = None) -> bool:
    """True in a kernel of a JupyterHub user's server (its token and the hub's addresses are
    in the environment)."""
    env = os.environ if env is None else env
    return bool(env.get("JUPYTERHUB_API_TOKEN")) and bool(
        env.get("JUPYTERHUB_SERVICE_PREFIX") or env.get("JUPYTERHUB_API_URL"))


def service_url(env: Optional[Mapping[str, str]] = None) -> str:
    """The service's address as this kernel reaches it: ``DOMINOLAB_HUB_URL`` (what the
    hub's ``c.Spawner.environment`` sets, see docs/teachers/hub.md), else the hub's public
    address (``JUPYTERHUB_PUBLIC_HUB_URL``, ``https://hub.example.org/hub/``, which a hub with
    ``c.JupyterHub.public_url`` gives its servers) with ``services/dominolab/`` for ``hub/``."""
    env = os.environ if env is None else env
    explicit = env.get("DOMINOLAB_HUB_URL")
    if explicit:
        return explicit.rstrip("/") + "/"
    public = (env.get("JUPYTERHUB_PUBLIC_HUB_URL") or "").rstrip("/")
    if public.endswith("/hub"):
        return f"{public[: -len('/hub')]}/services/{SERVICE_NAME}/"
    raise HubError(_("This hub does not say where Domino Lab's class service is: ask the hub's admin to set "
                     "DOMINOLAB_HUB_URL (see the teachers' guide, hub.md)."))


class Client:
    """The service's JSON API with this kernel's hub token."""

    def __init__(self, base: Optional[str] = None, token: Optional[str] = None, *, timeout: float = 15.0,
                 retry_for: float = RETRY_SECONDS):
        self.base = base or service_url()
        self.token = token or os.environ.get("JUPYTERHUB_API_TOKEN", "")
        self.timeout = timeout
        self.retry_for = retry_for

    def call(self, method: str, path: str, body: Any = None) -> Any:
        """One request; the answer's JSON, or :class:`HubError` with the service's words."""
        data = None if body is None else json.dumps(body).encode("utf-8")
        deadline = time.monotonic() + self.retry_for
        pause = 0.2
        while True:
            request = urllib.request.Request(self.base + "api/" + path, data=data, method=method)
            request.add_header("Authorization", f"token {self.token}")
            request.add_header("Accept-Language", get_language())  # the service's refusals in it
            if data is not None:
                request.add_header("Content-Type", "application/json")
            try:
                with urllib.request.urlopen(request, timeout=self.timeout) as response:
                    return json.loads(response.read().decode("utf-8"))
            except urllib.error.HTTPError as error:
                if error.code in (502, 503, 504) and time.monotonic() < deadline:  # the proxy: service restarting
                    time.sleep(pause)
                    pause = min(pause * 2, 2.0)
                    continue
                try:
                    answer = json.loads(error.read().decode("utf-8"))
                except ValueError:
                    answer = {}
                message = answer.get("error") if isinstance(answer, dict) else None
                raise HubError(message or f"HTTP {error.code}", error.code, answer if isinstance(answer, dict)
                               else {}) from None
            except (urllib.error.URLError, ConnectionError, TimeoutError) as error:
                if time.monotonic() >= deadline:
                    raise HubError(_("Domino Lab's class service does not answer ({reason}); try again in a "
                                     "moment, or tell your teacher.").format(reason=error)) from None
                time.sleep(pause)
                pause = min(pause * 2, 2.0)


# ---------------------------------------------------------------------- the table's round


def disguise(rules: Rules, view: Mapping[str, Any], drawn: list[str], *, seed: int = 0,
             tries: int = 400) -> Round:
    """A whole round that seat 0 cannot tell from the real one: seat 0's tiles, the line and
    every public move are the real ones; the tiles seat 0 cannot see are a deal that fits all
    that is public (the engine's sample, checked by replaying the hand with the engine), so
    it tells nothing the view does not.  A finished hand's deal also leaves every seat with
    its real pips, so that its points are the real ones."""
    rng = random.Random(seed)
    players = int(view["players"])
    history = list(view["history"])
    hand = [Tile.parse(t) for t in view["hand"]]
    mine_drawn = [Tile.parse(t) for t in drawn]
    played = {s: [Tile.parse(e["tile"]) for e in history if e["seat"] == s and e["action"] == "play"]
              for s in range(players)}
    # seat 0 at the first event: its hand now, with what it played, without what it drew
    start0 = [*hand, *played[0]]
    for t in mine_drawn:
        start0.remove(t)
    counts = list(view["hand_counts"])
    draws = {s: sum(1 for e in history if e["seat"] == s and e["action"] == "draw") for s in range(players)}
    start_counts = [counts[s] + len(played[s]) - draws[s] for s in range(players)]
    line = {Tile.parse(t) for t, _l, _r in view["line"]}
    seen = set(start0) | set(mine_drawn) | line
    result = view.get("result")
    for attempt in range(tries):
        hidden = _hidden_now(rules, view, hand, seen, rng, attempt, result)
        if hidden is None:
            continue
        hands_now, stock_now = hidden
        made = _replay(rules, view, history, players, start0, start_counts, mine_drawn, played, hands_now,
                       stock_now, rng)
        if made is not None and _same(made, view):
            return made
    raise HubError(_("The table could not draw this position (it found no deal that fits it); the game itself is "
                     "safe on the hub: run the cell again."))


def _hidden_now(rules: Rules, view: Mapping[str, Any], hand: list[Tile], seen: set[Tile], rng: random.Random,
                attempt: int, result: Any) -> Optional[tuple[dict[int, list[Tile]], list[Tile]]]:
    """The other seats' hands and the boneyard now: a sample of the engine's inference (from
    the view rebuilt in a round of the position) while the hand is on; once it is over, a
    deal with each seat's real pips (the result says them)."""
    players = int(view["players"])
    counts = list(view["hand_counts"])
    on_line = {Tile.parse(t) for t, _l, _r in view["line"]}
    pool = [t for t in rules.tiles if t not in on_line and t not in hand]
    rng.shuffle(pool)
    if result is not None:
        pips = result["pips"]
        out: dict[int, list[Tile]] = {}
        for seat in range(1, players):
            k = counts[seat]
            found = None
            for _try in range(3000):
                pick = rng.sample(pool, k)
                if sum(t.pips for t in pick) == pips[seat]:
                    found = pick
                    break
            if found is None:
                return None
            out[seat] = found
            pool = [t for t in pool if t not in found]
        return out, pool[: int(view["boneyard_count"])]
    hands = {seat: pool[sum(counts[1:seat]): sum(counts[1:seat + 1])] for seat in range(1, players)}
    stock = pool[sum(counts[1:]):]
    if attempt % 2 == 0:  # every other try, the engine's sample of the deals that fit the voids
        try:
            probe = _position(rules, view, hand, hands, stock)
            world = infer(probe.view(0), samples=1, seed=rng.randrange(2**31), probabilities=False).sample(rng)
            return {s: list(world.hands.get(s, ())) for s in range(1, players)}, list(world.boneyard)
        except (ValueError, KeyError, IndexError):
            return None
    return hands, stock


def _position(rules: Rules, view: Mapping[str, Any], hand: list[Tile], hands: dict[int, list[Tile]],
              stock: list[Tile]) -> Round:
    """The position now as a round (a start at this point), to ask the engine's inference."""
    players = int(view["players"])
    tiles = [Tile.parse(t) for t, _l, _r in view["line"]]
    start = Start(kind="position", hands=tuple(tuple(hand) if s == 0 else tuple(hands[s]) for s in range(players)),
                  boneyard=tuple(stock), line=tuple(tiles),
                  set_aside=tuple(t for t in rules.tiles if t not in set(tiles) | set(hand) | set(stock)
                                  and all(t not in h for h in hands.values())),
                  turn=int(view["turn"]), turn_draws=int(view["turn_draws"]), leader=view["leader"],
                  draw_counts=tuple(view["draw_counts"]))
    return Round.from_start(rules, start)


def _replay(rules: Rules, view: Mapping[str, Any], history: list[dict[str, Any]], players: int,
            start0: list[Tile], start_counts: list[int], mine_drawn: list[Tile], played: dict[int, list[Tile]],
            hands_now: dict[int, list[Tile]], stock_now: list[Tile], rng: random.Random) -> Optional[Round]:
    """The hand from its first event on, with the others' tiles placed so that every public
    event happens as it did (what they drew: a tile they played later or hold now), checked by
    the engine playing every event; None when the placing does not fit."""
    # what each other seat held at some point after its draws: its tiles now and those it played
    held = {s: [*hands_now.get(s, []), *played[s]] for s in range(1, players)}
    draw_order: list[Tile] = []
    mine = iter(mine_drawn)
    taken: dict[int, set[Tile]] = {s: set() for s in range(1, players)}
    for i, e in enumerate(history):
        if e["action"] != "draw":
            continue
        s = e["seat"]
        if s == 0:
            draw_order.append(next(mine))
            continue
        nxt = history[i + 1] if i + 1 < len(history) else None
        later = [Tile.parse(x["tile"]) for x in history[i + 1:] if x["seat"] == s and x["action"] == "play"]
        if nxt is not None and nxt["seat"] == s and nxt["action"] == "play" and Tile.parse(nxt["tile"]) not in taken[s]:
            choice = Tile.parse(nxt["tile"])  # the tile it drew and played at once
        else:
            options = [t for t in held[s] if t not in taken[s] and (t in hands_now.get(s, []) or t in later)]
            if not options:
                return None
            choice = rng.choice(options)
        taken[s].add(choice)
        draw_order.append(choice)
    hands = []
    for s in range(players):
        if s == 0:
            hands.append(tuple(start0))
            continue
        initial = [t for t in held[s] if t not in taken[s]]
        if len(initial) != start_counts[s]:
            return None
        rng.shuffle(initial)
        hands.append(tuple(initial))
    boneyard = tuple(draw_order) + tuple(stock_now)
    used = {t for h in hands for t in h} | set(boneyard)
    set_aside = tuple(t for t in rules.tiles if t not in used)
    first = history[0]["seat"] if history else int(view["turn"])
    lead_restricted = (not history and not view["line"] and int(view["turn"]) == 0
                       and len(view["lead"]) < len(view["hand"]))
    try:
        r = Round.from_start(rules, Start(kind="position", hands=tuple(hands), boneyard=boneyard, line=(),
                                          set_aside=set_aside, turn=first, leader=view["leader"],
                                          draw_counts=(0,) * players, lead_restricted=lead_restricted))
        for e in history:
            text = f"play {e['tile']} {e['end']}" if e["action"] == "play" else e["action"]
            r.play(move_from_text(text), seat=e["seat"])
    except (ValueError, TypeError):
        return None
    return r


def _same(r: Round, view: Mapping[str, Any]) -> bool:
    """Does seat 0 see in ``r`` what the service said it sees?"""
    from .views import view_to_dict

    mine = view_to_dict(r.view(0))
    keys = ("hand", "line", "ends", "hand_counts", "boneyard_count", "turn", "legal", "is_over", "history")
    if any(sorted(mine[k]) != sorted(view[k]) if k == "hand" else mine[k] != view[k] for k in keys):
        return False
    if view["result"] is not None:
        return mine["result"] is not None and mine["result"]["points"] == view["result"]["points"]
    return True


# ---------------------------------------------------------------------- the game, as an Entry


@dataclass(frozen=True)
class HubTournament:
    """What the table reads of a tournament on the hub (its key stands for its code and id;
    the seed stays on the service)."""

    key: str
    rules: Rules
    hands: int
    opponents: tuple[str, ...]
    title: str = ""
    language: Optional[str] = None
    baseline: str = "strategy"

    @property
    def players(self) -> int:
        return len(self.opponents) + 1

    @property
    def id(self) -> str:
        return self.key

    @property
    def code(self) -> str:
        return self.key

    def __str__(self) -> str:
        return _("{key}: {hands} hands of {rules} on the class hub").format(key=self.key, hands=self.hands,
                                                                            rules=self.rules.title)


@dataclass
class HubEntry:
    """A student's game of a tournament refereed by the hub's service, read and played as
    an :class:`~dominolab.tournament.Entry` (the table's tournament mode plays it)."""

    client: Client
    key: str
    name: str = ""
    state: dict[str, Any] = field(default_factory=dict)
    notice: Optional[str] = None
    slot: int = 1
    _rounds: dict[int, Round] = field(default_factory=dict, repr=False)
    _current: Optional[tuple[int, Round]] = field(default=None, repr=False)

    kind = "hub"

    @classmethod
    def join(cls, key: str, client: Optional[Client] = None) -> HubEntry:
        """The student's game in tournament ``key`` (joined when new; carried on when not: the
        same game at the same move after a kernel restart, in a second notebook, or after the
        service restarted)."""
        client = client or Client()
        me = client.call("GET", "me")
        state = client.call("GET", f"tournaments/{_quote(key)}/game")
        return cls(client, state["tournament"]["key"], str(me["name"]), state)

    @property
    def tournament(self) -> HubTournament:
        t = self.state["tournament"]
        return HubTournament(t["key"], Rules.preset(t["rules"]), int(t["hands"]), tuple(t["opponents"]), t["title"])

    @property
    def index(self) -> int:
        return int(self.state["hand"]) - 1

    @property
    def rounds(self) -> list[Round]:
        """The finished hands before this one (their hidden tiles disguised, their points real)."""
        rules = self.tournament.rules
        for i, past in enumerate(self.state.get("past", [])):
            if i not in self._rounds:
                self._rounds[i] = disguise(rules, past["view"], past["drawn"], seed=i)
        return [self._rounds[i] for i in range(len(self.state.get("past", [])))]

    @property
    def round(self) -> Round:
        """The hand being played, as the table draws it (see :func:`disguise`); a copy."""
        number = int(self.state["number"])
        if self._current is None or self._current[0] != number:
            self._current = (number, disguise(self.tournament.rules, self.state["view"], self.state["drawn"],
                                              seed=number))
        return self._current[1].copy()

    @property
    def is_finished(self) -> bool:
        return len(self.state.get("past", [])) == self.tournament.hands

    def view(self) -> Any:
        return self.round.view(0)

    def _send(self, action: str) -> None:
        body = {"number": int(self.state["next"]), "move": action, "id": uuid.uuid4().hex}
        try:
            self.state = self.client.call("POST", f"tournaments/{_quote(self.key)}/moves", body)
        except HubError as error:
            if "number" in error.answer:  # where the game stands (played elsewhere meanwhile)
                self.state = {k: v for k, v in error.answer.items() if k != "error"}
            raise

    def play(self, move: Any, end: Optional[str] = None) -> None:
        """Send the student's move; the service answers with the opponents' replies."""
        r = self.round
        chosen: Move = r.parse_move(move, end)  # type: ignore[arg-type]  # the engine checks the end
        self._send(str(chosen))

    def next_hand(self) -> None:
        self._send("next")

    def refresh(self) -> None:
        """Read the game again from the service (played in another notebook meanwhile)."""
        self.state = self.client.call("GET", f"tournaments/{_quote(self.key)}/game")

    @property
    def points(self) -> int:
        return int(self.state["points"])

    def _finished(self) -> list[Round]:
        done = self.rounds
        r = self.round
        return [*done, r] if r.is_over else done

    def result(self) -> dict[str, Any]:
        """What the service holds of the game, for the table's download link (the service's
        board is the class's result: nothing is handed in)."""
        return {"format": "dominolab-hub-game", "tournament": self.key, "name": self.name,
                "points": self.points, "hand_points": list(self.state.get("hand_points", []))}

    def filename(self, slot: Optional[int] = None) -> str:
        return f"{self.key}-{self.name}.json"

    def save_progress(self, folder: Any = None) -> None:
        """Nothing to save here: every move is kept by the service as it is made."""
        return None


def _quote(key: str) -> str:
    from urllib.parse import quote

    return quote(key.strip(), safe="")


# ---------------------------------------------------------------------- the lessons' checks


def _lesson_of(exercise: Any) -> Optional[str]:
    """The lesson module that holds ``exercise`` as ``qN`` (``counting``), or None."""
    for name, module in list(sys.modules.items()):
        if name.startswith("dominolab.exercises.") and getattr(module, f"q{exercise.number}", None) is exercise:
            return name.rsplit(".", 1)[1]
    return None


def answer_text(answer: Any) -> str:
    """The answer as typed: text as it is, anything else as Python writes it (at most 500
    characters)."""
    text = answer if isinstance(answer, str) else repr(answer)
    return text[:500]


def report_check(exercise: Any, answer: Any, status: str, *, lesson: Optional[str] = None) -> bool:
    """Tell the hub's service about a lesson's check: the lesson, the exercise, the verdict and
    the answer as typed, and nothing else.  Only on a hub, never raising, waiting two seconds
    at most (a lesson must not stop for the class's board).  Returns whether it was sent.
    ``lesson`` names what is not a lesson's exercise: a puzzle is ``puzzle-<its id>``, its
    only question number 1."""
    if not on_hub() or status == "not attempted":
        return False
    lesson = lesson or _lesson_of(exercise)
    if lesson is None:
        return False
    number = 1 if lesson.startswith("puzzle-") else int(exercise.number)
    try:
        Client(timeout=2.0, retry_for=0.0).call("POST", "reports", {
            "lesson": lesson, "exercise": number, "verdict": status, "answer": answer_text(answer)})
    except Exception:  # the lesson goes on without the board
        return False
    return True


def hub_releases(client: Optional[Client] = None) -> Optional[frozenset[tuple[str, int]]]:
    """The exercises whose solution the teacher has released on the class service, as
    (lesson, number) pairs; None when this kernel is not on a hub with the service (off a hub,
    or a hub that says nowhere where the service is, or whose address answers 404): nothing
    changes there.  One quick call (two seconds at most, no retrying); a service that is set up
    but does not answer is a :class:`HubError`."""
    if not on_hub():
        return None
    if client is None:
        try:
            client = Client(timeout=2.0, retry_for=0.0)
        except HubError:  # no DOMINOLAB_HUB_URL and no public hub address: no service here
            return None
    try:
        data = client.call("GET", "releases")
    except HubError as error:
        if error.status == 404:
            return None
        raise
    return frozenset((str(lesson), int(number)) for lesson, number in data["released"])


# ---------------------------------------------------------------------- the teacher's notebook


def new_tournament(rules: str = "standard", hands: int = 6, opponents: str = "strategy", players: int = 2,
                   title: str = "", client: Optional[Client] = None) -> str:
    """A teacher makes a tournament on the class hub from a notebook; returns its key (what the
    students type: ``DominoTable.tournament("dl-7F3K-9Q2X")``).  The seed stays on the hub."""
    client = client or Client()
    made = client.call("POST", "tournaments", {"rules": rules, "hands": hands, "opponents": opponents,
                                               "players": players, "title": title})
    return str(made["key"])


@dataclass
class HubBoard:
    """The class's board of a tournament on the hub, as the teacher's page shows it, read in
    a notebook: ``print(board)`` says it in plain words; :attr:`data` holds the figures."""

    data: dict[str, Any]

    def __str__(self) -> str:
        t = self.data["tournament"]
        count = len(self.data["students"])
        lines = [ngettext("Tournament {key}: {hands} hands of {rules}, {count} student playing.",
                          "Tournament {key}: {hands} hands of {rules}, {count} students playing.", count).format(
            key=t["key"], hands=t["hands"], rules=t["rules_title"], count=count)]
        for s in self.data["students"]:
            if s["finished"]:
                lines.append(_("{name} has finished: {points} points, {duplicate} against the computer on the same "
                               "deals.").format(name=s["student"], points=s["points"],
                                                duplicate=f"{s['duplicate']:+d}"))
            else:
                lines.append(_("{name} is playing hand {hand} of {hands}: {points} points so far.").format(
                    name=s["student"], hand=s["hand"], hands=s["hands"], points=s["points"]))
        if self.data["ranking"]:
            lines.append(_("Ranking by points: {ranking}.").format(ranking="; ".join(
                f"{r['rank']}. {r['student']} ({r['points']})" for r in self.data["ranking"])))
            lines.append(_("Ranking by duplicate score: {ranking}.").format(ranking="; ".join(
                f"{r['rank']}. {r['student']} ({r['duplicate']:+d})" for r in self.data["by_duplicate"])))
        else:
            lines.append(_("Nobody has finished yet: the ranking starts with the first finished tournament."))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return str(self)


def class_board(key: str, client: Optional[Client] = None) -> HubBoard:
    """The board of tournament ``key`` (teachers only), read now; call again to refresh."""
    client = client or Client()
    return HubBoard(client.call("GET", f"tournaments/{_quote(key)}/board"))
