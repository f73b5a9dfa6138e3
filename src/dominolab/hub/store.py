"""What the classroom hub keeps, in a database reached through SQLAlchemy by URL, as
JupyterHub keeps its own: SQLite by default (in WAL mode, so the teacher's page reads while
moves are written), PostgreSQL for a district's hub (``postgresql+psycopg://...``).

Every write is one committed transaction before the service answers: a move the student was
told about is on disk, whatever happens to the service next.  The tables:

* ``tournaments``: each tournament made on the hub (its key, the engine's tournament as its
  file's JSON, which holds the seed: students never see it), who made it, open or closed;
* ``games`` and ``moves``: each student's run through a tournament and every action of it in
  order (a move's text, or ``next`` for "deal the next hand"), each with its number and the
  client's id for it (unique per game, so a move sent twice is stored once);
* ``reports``: the lessons' checks (lesson, exercise, verdict, the answer as typed);
* ``releases``: the exercises whose solution the teacher has released.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Optional

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

DEFAULT_URL = "sqlite:///dominolab-hub.sqlite"

metadata = MetaData()

tournaments = Table(
    "dominolab_tournaments", metadata,
    Column("key", String(40), primary_key=True),
    Column("spec", Text, nullable=False),
    Column("title", String(80), nullable=False, default=""),
    Column("created_by", String(255), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("open", Boolean, nullable=False, default=True),
)

games = Table(
    "dominolab_games", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("tournament", String(40), ForeignKey("dominolab_tournaments.key"), nullable=False),
    Column("student", String(255), nullable=False),
    Column("started_at", Float, nullable=False),
    UniqueConstraint("tournament", "student", name="dominolab_one_game_each"),
)

moves = Table(
    "dominolab_moves", metadata,
    Column("game", Integer, ForeignKey("dominolab_games.id"), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("action", String(40), nullable=False),
    Column("client_id", String(80), nullable=True),
    Column("at", Float, nullable=False),
    UniqueConstraint("game", "client_id", name="dominolab_one_move_per_client_id"),
)

reports = Table(
    "dominolab_reports", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("student", String(255), nullable=False, index=True),
    Column("lesson", String(80), nullable=False),
    Column("exercise", Integer, nullable=False),
    Column("verdict", String(20), nullable=False),
    Column("answer", String(500), nullable=False),
    Column("at", Float, nullable=False),
)

releases = Table(
    "dominolab_releases", metadata,
    Column("lesson", String(80), primary_key=True),
    Column("exercise", Integer, primary_key=True),
    Column("released_by", String(255), nullable=False),
    Column("at", Float, nullable=False),
)


#: The one statement every move writes (built once; SQLAlchemy caches its compiled form).
_INSERT_MOVE = insert(moves)


class Conflict(Exception):
    """A write the database refused because of what is already there (a move number or a
    client id taken): nothing was written."""


@dataclass(frozen=True)
class MoveRow:
    number: int
    action: str
    client_id: Optional[str]


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """WAL: readers do not wait for the writer; synchronous=NORMAL keeps every committed
    transaction through a crash or a kill of the service (only a power cut may lose the last
    ones); a busy timeout instead of "database is locked"."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


class Store:
    """The hub's database: one SQLAlchemy engine, tables made if missing."""

    def __init__(self, url: str = DEFAULT_URL):
        self.url = url
        self.engine: Engine = create_engine(url, future=True, pool_pre_ping=not url.startswith("sqlite"))
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        metadata.create_all(self.engine)

    @property
    def kind(self) -> str:
        """The database's kind: "sqlite" or "postgresql"."""
        return self.engine.dialect.name

    def journal_mode(self) -> Optional[str]:
        """SQLite's journal mode ("wal"), or None for another database."""
        if self.kind != "sqlite":
            return None
        with self.engine.connect() as c:
            return str(c.exec_driver_sql("PRAGMA journal_mode").scalar())

    @contextmanager
    def _tx(self) -> Iterator[Connection]:
        with self.engine.begin() as c:
            yield c

    def close(self) -> None:
        self.engine.dispose()

    # ------------------------------------------------------------------ tournaments
    def add_tournament(self, key: str, spec: dict[str, Any], title: str, created_by: str) -> None:
        with self._tx() as c:
            c.execute(insert(tournaments).values(key=key, spec=json.dumps(spec), title=title,
                                                 created_by=created_by, created_at=time.time(), open=True))

    def tournament(self, key: str) -> Optional[dict[str, Any]]:
        with self.engine.connect() as c:
            row = c.execute(select(tournaments).where(tournaments.c.key == key)).mappings().first()
        return None if row is None else {**row, "spec": json.loads(row["spec"])}

    def all_tournaments(self) -> list[dict[str, Any]]:
        with self.engine.connect() as c:
            rows = c.execute(select(tournaments).order_by(tournaments.c.created_at)).mappings().all()
        return [{**row, "spec": json.loads(row["spec"])} for row in rows]

    def set_open(self, key: str, is_open: bool) -> None:
        with self._tx() as c:
            c.execute(update(tournaments).where(tournaments.c.key == key).values(open=is_open))

    # ------------------------------------------------------------------ games and moves
    def game(self, tournament: str, student: str, *, make: bool) -> Optional[int]:
        """The id of ``student``'s game in ``tournament`` (made when ``make`` and missing)."""
        query = select(games.c.id).where(games.c.tournament == tournament, games.c.student == student)
        with self.engine.connect() as c:
            found = c.execute(query).scalar()
        if found is not None or not make:
            return found
        try:
            with self._tx() as c:
                made = c.execute(insert(games).values(tournament=tournament, student=student,
                                                      started_at=time.time())).inserted_primary_key
                assert made is not None
                return int(made[0])
        except IntegrityError:  # made meanwhile by another request of the same student
            with self.engine.connect() as c:
                return c.execute(query).scalar()

    def games_of(self, tournament: str) -> list[tuple[int, str]]:
        with self.engine.connect() as c:
            rows = c.execute(select(games.c.id, games.c.student).where(games.c.tournament == tournament)
                             .order_by(games.c.started_at, games.c.id)).all()
        return [(int(i), str(s)) for i, s in rows]

    def moves_of(self, game: int) -> list[MoveRow]:
        with self.engine.connect() as c:
            rows = c.execute(select(moves.c.number, moves.c.action, moves.c.client_id)
                             .where(moves.c.game == game).order_by(moves.c.number)).all()
        return [MoveRow(int(n), str(a), c_id) for n, a, c_id in rows]

    def add_move(self, game: int, number: int, action: str, client_id: Optional[str]) -> None:
        """Commit one action of a game; :class:`Conflict` (nothing written) when its number or
        its client id is taken already."""
        try:
            with self._tx() as c:  # one prebuilt statement, parameters apart: no building per move
                c.execute(_INSERT_MOVE, {"game": game, "number": number, "action": action, "client_id": client_id,
                                         "at": time.time()})
        except IntegrityError:
            raise Conflict(f"move {number} of game {game} is stored already") from None

    def count_moves(self) -> int:
        with self.engine.connect() as c:
            return int(c.execute(select(func.count()).select_from(moves)).scalar() or 0)

    # ------------------------------------------------------------------ lessons
    def add_report(self, student: str, lesson: str, exercise: int, verdict: str, answer: str) -> None:
        with self._tx() as c:
            c.execute(insert(reports).values(student=student, lesson=lesson, exercise=exercise, verdict=verdict,
                                             answer=answer, at=time.time()))

    def reports(self, student: Optional[str] = None) -> list[dict[str, Any]]:
        query = select(reports).order_by(reports.c.at, reports.c.id)
        if student is not None:
            query = query.where(reports.c.student == student)
        with self.engine.connect() as c:
            return [dict(row) for row in c.execute(query).mappings().all()]

    def delete_reports(self, student: str) -> int:
        with self._tx() as c:
            return int(c.execute(delete(reports).where(reports.c.student == student)).rowcount or 0)

    def release(self, lesson: str, exercise: int, by: str) -> None:
        with self._tx() as c:
            found = c.execute(select(releases.c.lesson).where(releases.c.lesson == lesson,
                                                              releases.c.exercise == exercise)).first()
            if found is None:
                c.execute(insert(releases).values(lesson=lesson, exercise=exercise, released_by=by, at=time.time()))

    def released(self) -> set[tuple[str, int]]:
        with self.engine.connect() as c:
            return {(str(lesson), int(n)) for lesson, n in c.execute(select(releases.c.lesson,
                                                                            releases.c.exercise)).all()}
