"""The web service (tornado, signed in by the hub as JupyterHub's own service examples are):
the JSON API a student's kernel calls with its hub token, and the teacher's page.

Everyone is who the hub says: a request carries a hub token (``Authorization: token ...``,
what a kernel has in ``JUPYTERHUB_API_TOKEN``) or the service's sign-in cookie (HubOAuth, in a
browser).  Teachers are the members of the hub group ``dominolab-teachers`` and the hub's
admins, as the hub's own API says (the service asks it with its own token, which needs the
``read:users`` scope).  Every answer is JSON; a refusal is ``{"error": "..."}`` with its HTTP
status, and leaves everything as it was.
"""

from __future__ import annotations

import json
import logging
import os
import time
from typing import Any
from urllib.parse import quote

from jupyterhub.services.auth import HubOAuthCallbackHandler, HubOAuthenticated, UserNotAllowed
from jupyterhub.utils import url_path_join
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
from tornado.log import access_log
from tornado.web import Application, HTTPError, RequestHandler

from ..i18n import _, language
from . import TEACHERS_GROUP
from .page import page_html
from .progress import progress, student_records
from .referee import Referee, Refusal
from .store import Store

#: Longest request body the service reads (a move, a report, a tournament: all tiny).
MAX_BODY = 16_000
#: How long a user's teacher status is remembered (seconds).
TEACHER_CACHE_SECONDS = 30.0


class Base(HubOAuthenticated, RequestHandler):
    """A handler whose answers are JSON and whose errors are ``{"error": ...}``."""

    async def prepare(self) -> None:
        """Who this is, awaited: the first request with a token asks the hub (the service goes
        on serving others meanwhile); the hub's answer is then cached by HubAuth."""
        if not hasattr(self, "_hub_auth_user_cache"):
            model = await self.hub_auth.get_user(self, sync=False)
            try:
                self._hub_auth_user_cache = self.check_hub_user(model) if model else None
            except UserNotAllowed:
                self._hub_auth_user_cache = None

    @property
    def referee(self) -> Referee:
        referee: Referee = self.settings["referee"]
        return referee

    @property
    def store(self) -> Store:
        store: Store = self.settings["store"]
        return store

    def user(self) -> str:
        model = self.get_current_user()
        if not model or model.get("kind", "user") != "user":
            raise Refusal(403, _("sign in to the hub first: the service answers the hub's users only (a kernel "
                                 "on the hub has the token it needs)"))
        return str(model["name"])

    async def is_teacher(self, name: str) -> bool:
        cache: dict[str, tuple[float, bool]] = self.settings["teachers"]
        now = time.monotonic()
        hit = cache.get(name)
        if hit is not None and now - hit[0] < TEACHER_CACHE_SECONDS:
            return hit[1]
        api = self.hub_auth.api_url
        request = HTTPRequest(url_path_join(api, "users", quote(name, safe="")),
                              headers={"Authorization": f"token {self.hub_auth.api_token}"})
        try:
            response = await AsyncHTTPClient().fetch(request)
            model = json.loads(response.body)
        except HTTPClientError:
            model = {}
        teacher = bool(model.get("admin")) or TEACHERS_GROUP in (model.get("groups") or [])
        cache[name] = (now, teacher)
        return teacher

    async def teacher(self) -> str:
        name = self.user()
        if not await self.is_teacher(name):
            raise Refusal(403, _("only teachers may do this: ask the hub's admin to add you to the group "
                                 "{group}").format(group=TEACHERS_GROUP))
        return name

    def body(self) -> Any:
        raw = self.request.body
        if len(raw) > MAX_BODY:
            raise Refusal(413, f"the request is too long ({len(raw)} bytes; at most {MAX_BODY})")
        if not raw:
            return {}
        try:
            return json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as exc:
            raise Refusal(400, f"the request is not JSON: {exc}") from None

    def answer(self, data: Any, status: int = 200) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(data))

    def refuse(self, refusal: Refusal) -> None:
        self.answer({"error": refusal.message, **refusal.extra}, refusal.status)

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        reason = self._reason
        exc = kwargs.get("exc_info", (None, None, None))[1]
        if isinstance(exc, HTTPError) and exc.log_message:
            reason = exc.log_message
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.finish(json.dumps({"error": reason, "status": status_code}))

    def language(self) -> str:
        """The language the request asks for (``Accept-Language``: "es" or else "en")."""
        wanted = self.request.headers.get("Accept-Language", "")
        return "es" if wanted.strip().lower().startswith("es") else "en"

    async def run(self, work: Any) -> None:
        """Answer with ``await work()``, or with its :class:`Refusal`, in the request's language."""
        with language(self.language()):
            try:
                self.answer(await work())
            except Refusal as refusal:
                self.refuse(refusal)


class Me(Base):
    async def get(self) -> None:
        async def work() -> Any:
            name = self.user()
            return {"name": name, "teacher": await self.is_teacher(name), "service": self.settings["prefix"]}
        await self.run(work)


class Tournaments(Base):
    async def get(self) -> None:
        async def work() -> Any:
            await self.teacher()
            return {"tournaments": [self.referee.summary(row["key"]) | {"created_by": row["created_by"],
                                                                        "created_at": row["created_at"]}
                                    for row in self.store.all_tournaments()]}
        await self.run(work)

    async def post(self) -> None:
        async def work() -> Any:
            by = await self.teacher()
            key = self.referee.create(by, self.body())
            return self.referee.summary(key)
        await self.run(work)


class OneTournament(Base):
    async def get(self, key: str) -> None:
        async def work() -> Any:
            self.user()
            return self.referee.summary(key)
        await self.run(work)


class Close(Base):
    async def post(self, key: str) -> None:
        async def work() -> Any:
            await self.teacher()
            summary = self.referee.summary(key)
            body = self.body()
            is_open = bool(body.get("open", False)) if isinstance(body, dict) else False
            self.referee.set_open(summary["key"], is_open)
            return self.referee.summary(key)
        await self.run(work)


class Game(Base):
    async def get(self, key: str) -> None:
        async def work() -> Any:
            return self.referee.state(key, self.user())
        await self.run(work)


class Moves(Base):
    async def post(self, key: str) -> None:
        async def work() -> Any:
            student = self.user()
            return self.referee.move(key, student, self.body())
        await self.run(work)


class Board(Base):
    async def get(self, key: str) -> None:
        async def work() -> Any:
            await self.teacher()
            return self.referee.board(key)
        await self.run(work)


class BoardCsv(Base):
    async def get(self, key: str) -> None:
        try:
            await self.teacher()
            text = self.referee.csv(key)
        except Refusal as refusal:
            self.refuse(refusal)
            return
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", f'attachment; filename="{self.referee.summary(key)["key"]}.csv"')
        self.finish(text)


class Replay(Base):
    async def get(self, key: str, student: str, hand: str) -> None:
        async def work() -> Any:
            await self.teacher()
            return self.referee.replay(key, student, int(hand))
        await self.run(work)


class Reports(Base):
    """The lessons' checks: a student reports one (POST); sees (GET) or deletes (DELETE) their own."""

    async def post(self) -> None:
        async def work() -> Any:
            student = self.user()
            body = self.body()
            report = check_report(body)
            self.store.add_report(student, **report)
            return {"stored": report}
        await self.run(work)

    async def get(self) -> None:
        async def work() -> Any:
            return student_records(self.store, self.user())
        await self.run(work)

    async def delete(self) -> None:
        async def work() -> Any:
            student = self.user()
            return {"deleted": self.store.delete_reports(student)}
        await self.run(work)


class Progress(Base):
    async def get(self) -> None:
        async def work() -> Any:
            await self.teacher()
            return progress(self.store)
        await self.run(work)


class Releases(Base):
    async def get(self) -> None:
        async def work() -> Any:
            self.user()
            return {"released": sorted([lesson, n] for lesson, n in self.store.released())}
        await self.run(work)

    async def post(self) -> None:
        async def work() -> Any:
            by = await self.teacher()
            body = self.body()
            if not isinstance(body, dict) or set(body) != {"lesson", "exercise"}:
                raise Refusal(400, "release an exercise as {\"lesson\": \"counting\", \"exercise\": 2}")
            lesson, number = _lesson(body["lesson"]), _exercise(body["exercise"])
            self.store.release(lesson, number, by)
            return {"released": sorted([lesson_, n] for lesson_, n in self.store.released())}
        await self.run(work)


class Page(Base):
    """The teacher's page (a student sees their own records there)."""

    async def get(self) -> None:
        model = self.get_current_user()
        if not model:
            url = self.get_login_url()
            self.redirect(url)
            return
        name = str(model["name"])
        teacher = await self.is_teacher(name)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        with language(self.language()):
            self.finish(page_html(name, teacher, self.settings["prefix"], self.xsrf_token.decode("ascii")))


VERDICTS = ("correct", "incorrect", "not attempted")


def _lesson(value: Any) -> str:
    if not isinstance(value, str) or not 1 <= len(value) <= 80 or not value.replace("_", "").replace("-", "").isalnum():
        raise Refusal(400, "lesson must be the lesson's module name, such as \"counting\"")
    return value


def _exercise(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 999:
        raise Refusal(400, "exercise must be the exercise's number, such as 2")
    return value


def check_report(body: Any) -> dict[str, Any]:
    """A lesson's check as the service keeps it: lesson, exercise, verdict and the answer as
    typed, and nothing else (anything more is refused)."""
    keys = {"lesson", "exercise", "verdict", "answer"}
    if not isinstance(body, dict) or set(body) != keys:
        raise Refusal(400, "a report is {\"lesson\", \"exercise\", \"verdict\", \"answer\"} and nothing else")
    if body["verdict"] not in VERDICTS:
        raise Refusal(400, f"verdict must be one of {', '.join(VERDICTS)}")
    answer = body["answer"]
    if not isinstance(answer, str) or len(answer) > 500:
        raise Refusal(400, "answer must be the answer as typed, at most 500 characters")
    return {"lesson": _lesson(body["lesson"]), "exercise": _exercise(body["exercise"]),
            "verdict": body["verdict"], "answer": answer}


def make_app(store: Store, prefix: str) -> Application:
    """The service's tornado application under ``prefix`` (``/services/dominolab/``)."""
    prefix = prefix if prefix.endswith("/") else prefix + "/"
    api = url_path_join(prefix, "api")
    key = r"([^/]{1,40})"
    handlers: list[Any] = [
        (prefix, Page),
        (url_path_join(prefix, "oauth_callback"), HubOAuthCallbackHandler),
        (api + "/me", Me),
        (api + "/tournaments", Tournaments),
        (api + f"/tournaments/{key}", OneTournament),
        (api + f"/tournaments/{key}/open", Close),
        (api + f"/tournaments/{key}/game", Game),
        (api + f"/tournaments/{key}/moves", Moves),
        (api + f"/tournaments/{key}/board", Board),
        (api + f"/tournaments/{key}/board.csv", BoardCsv),
        (api + f"/tournaments/{key}/replay/([^/]{{1,255}})/([0-9]{{1,3}})", Replay),
        (api + "/reports", Reports),
        (api + "/progress", Progress),
        (api + "/releases", Releases),
    ]
    return Application(handlers, cookie_secret=_cookie_secret(), store=store, referee=Referee(store),
                       teachers={}, prefix=prefix, log_function=log_request)


#: A request slower than this is logged even when it succeeded (seconds).
SLOW_REQUEST = 0.2


def log_request(handler: RequestHandler) -> None:
    """Log refusals, errors and slow requests; a class's every move at INFO would cost the
    service a log line per move (the moves are in the database)."""
    status = handler.get_status()
    took = handler.request.request_time()
    if status < 400 and took < SLOW_REQUEST:
        return
    level = logging.ERROR if status >= 500 else logging.WARNING
    access_log.log(level, "%d %s %.1f ms", status, handler._request_summary(), 1000 * took)


def _cookie_secret() -> bytes:
    secret = os.environ.get("DOMINOLAB_HUB_COOKIE_SECRET")
    return bytes.fromhex(secret) if secret else os.urandom(32)
