"""The classroom hub's service against a real JupyterHub and a real database (SQLite in WAL
mode, and a throwaway PostgreSQL cluster): students are who the hub says, the deals stay on
the service, each answer is seat 0's view, a move is committed as it is made and is final,
a move sent twice is played once, bad input is refused with a clear JSON error and nothing
changed, every cheat of the file tournament's guide is refused, and a service killed with
SIGKILL mid-class comes back with every move."""

from __future__ import annotations

import json
import os
import random
import shutil
import sqlite3
import tempfile
from pathlib import Path

import pytest

pytest.importorskip("jupyterhub")
pytest.importorskip("sqlalchemy")

from dominolab.tournament import Entry, Tournament, TournamentError

from .hubkit import http, postgres_bin, start_hub, start_postgres

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    hub = start_hub(tmp_path_factory.mktemp("hub"))
    yield hub
    hub.stop()


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def service(request, hub, tmp_path_factory):
    """The service on each database in turn (PostgreSQL: a throwaway cluster of Debian's)."""
    pg = None
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path_factory.mktemp('db')}/dominolab.sqlite"
    else:
        if postgres_bin() is None:
            if os.environ.get("CI"):
                pytest.fail("PostgreSQL is missing: .ci/run installs Debian's postgresql")
            pytest.skip("Debian's PostgreSQL is not installed here (apt-get install postgresql)")
        # not under pytest's folders: those are root's alone, and PostgreSQL runs as another user
        pg = start_postgres(Path(tempfile.mkdtemp(prefix="dominolab-pg-")))
        url = pg.url
    hub.start_service(url)
    yield hub
    if hub.service is not None:
        hub.service.terminate()
        hub.service.wait(15)
        hub.service = None
    if pg is not None:
        pg.stop()
        shutil.rmtree(pg.folder, ignore_errors=True)


def api(hub, method, path, who, body=None):
    return http(method, hub.service_url + "api/" + path, hub.user(who) if who else None, body)


def new_tournament(hub, **spec):
    status, t = api(hub, "POST", "tournaments", "teacher", {"hands": 2, "opponents": "greedy", **spec})
    assert status == 200, t
    return t["key"]


def hub_user(hub, name):
    hub.user(name, teacher=name.startswith("teacher"))
    return name


@pytest.fixture(autouse=True)
def _teacher(service):
    hub_user(service, "teacher")


def play(hub, key, student, rng, moves=None):
    """``student`` plays ``moves`` actions (or to the end) with random legal moves; returns the
    last answer."""
    status, state = api(hub, "GET", f"tournaments/{key}/game", student)
    assert status == 200, state
    done = 0
    while not state["finished"] and (moves is None or done < moves):
        view = state["view"]
        move = "next" if view["is_over"] else rng.choice(view["legal"])
        status, state = api(hub, "POST", f"tournaments/{key}/moves", student, {"number": state["next"], "move": move})
        assert status == 200, state
        done += 1
    return state


def stored_moves(hub, key, student):
    from dominolab.hub.store import Store

    store = Store(hub.db_url)
    try:
        game = store.game(key, student, make=False)
        return [] if game is None else [(m.number, m.action) for m in store.moves_of(game)]
    finally:
        store.close()


# ---------------------------------------------------------------------- the database


def test_the_database_is_sqlite_in_wal_mode_or_postgresql(service):
    from dominolab.hub.store import Store

    store = Store(service.db_url)
    try:
        if store.kind == "sqlite":
            assert store.journal_mode() == "wal"
        else:
            assert store.kind == "postgresql"
    finally:
        store.close()


def test_each_move_is_committed_before_the_answer(service):
    key = new_tournament(service)
    state = play(service, key, hub_user(service, "ana"), random.Random(1), moves=3)
    assert [n for n, _ in stored_moves(service, key, "ana")] == [1, 2, 3] == list(range(1, state["next"]))
    if service.db_url.startswith("sqlite"):  # read by another program, not through the service's engine
        path = service.db_url.removeprefix("sqlite:///")
        with sqlite3.connect(path) as db:
            assert db.execute("select count(*) from dominolab_moves m join dominolab_games g on m.game = g.id "
                              "where g.tournament = ?", (key,)).fetchone()[0] == 3


# ---------------------------------------------------------------------- what a student sees


def test_a_student_sees_only_seat_0s_view_and_never_the_seed(service):
    key = new_tournament(service, hands=3)
    state = play(service, key, hub_user(service, "ana"), random.Random(2), moves=4)
    text = json.dumps(state)
    assert "seed" not in text and "boneyard\"" not in text.replace("boneyard_count", "")
    view = state["view"]
    shown = set(view["hand"]) | {tile for tile, _l, _r in view["line"]}
    played = {e["tile"] for e in view["history"] if e["tile"]}
    assert played <= shown  # drawn tiles are hidden; every tile named is in the hand or on the line
    assert all(e["tile"] is None for e in view["history"] if e["action"] == "draw")
    assert sum(view["hand_counts"]) + view["boneyard_count"] + len(view["line"]) == 28
    # the key tells nothing of the deals: it is not a tournament code
    with pytest.raises(TournamentError):
        Tournament.from_code(key)


def test_the_service_referees_with_the_engines_own_tournament(service):
    """Every answer is the engine's: the student's moves replayed by an Entry of the stored
    tournament give the same view, points and finished hands (checked apart from the service)."""
    from dominolab.hub.store import Store

    key = new_tournament(service, hands=2, opponents="strategy")
    state = play(service, key, hub_user(service, "bea"), random.Random(3))
    store = Store(service.db_url)
    try:
        t = Tournament.from_dict(store.tournament(key)["spec"])
    finally:
        store.close()
    entry = Entry(t, "bea")
    for _n, action in stored_moves(service, key, "bea"):
        entry.next_hand() if action == "next" else entry.play(action)
    assert entry.is_finished or entry.view().is_over
    assert state["points"] == entry.points and state["finished"]
    assert state["view"]["hand"] == [str(tile) for tile in entry.view().hand]


# ---------------------------------------------------------------------- moves: final, once


def test_a_move_sent_twice_is_played_once(service):
    key = new_tournament(service)
    student = hub_user(service, "carla")
    _, state = api(service, "GET", f"tournaments/{key}/game", student)
    move = {"number": 1, "move": state["view"]["legal"][0], "id": "cell-7-try-1"}
    status, first = api(service, "POST", f"tournaments/{key}/moves", student, move)
    assert status == 200 and first["number"] == 1
    status, again = api(service, "POST", f"tournaments/{key}/moves", student, move)  # a retry after a timeout
    assert status == 200 and again["repeated"] == 1 and again["number"] == 1
    status, by_id = api(service, "POST", f"tournaments/{key}/moves", student,
                        {"number": 2, "move": "pass", "id": "cell-7-try-1"})  # same id: the same move
    assert status == 200 and by_id["repeated"] == 1 and by_id["view"] == first["view"]
    assert stored_moves(service, key, student) == [(1, move["move"])]


def test_a_move_made_is_final(service):
    key = new_tournament(service)
    student = hub_user(service, "dani")
    state = play(service, key, student, random.Random(4), moves=2)
    before = stored_moves(service, key, student)
    status, answer = api(service, "POST", f"tournaments/{key}/moves", student, {"number": 2, "move": "pass"})
    assert status == 409 and "move 2 was already made" in answer["error"] and "final" in answer["error"]
    assert answer["number"] == state["number"]  # where the game stands, to carry on from
    status, answer = api(service, "POST", f"tournaments/{key}/moves", student, {"number": 9, "move": "pass"})
    assert status == 409 and "your next move is number 3, not 9" in answer["error"]
    status, answer = http("POST", service.service_url + f"api/tournaments/{key}/moves", service.user(student),
                          {"number": 2, "move": "pass"}, headers={"Accept-Language": "es-MX,es;q=0.9"})
    assert status == 409 and answer["error"].startswith("la jugada 2 ya se hizo (") and "es definitiva" in answer["error"]
    assert stored_moves(service, key, student) == before


# ---------------------------------------------------------------------- the guide's cheats


def test_look_ahead_is_refused(service):
    """The file tournament's look-ahead: deals seen in advance (the seed in the code), the
    hidden tiles read during play, every move tried on a copy before playing it.  On the hub
    the deals and tiles stay on the service and a move tried is a move made."""
    key = new_tournament(service)
    student = hub_user(service, "eli")
    for path in (f"tournaments/{key}/board", f"tournaments/{key}/replay/eli/1", f"tournaments/{key}/board.csv"):
        status, answer = api(service, "GET", path, student)
        assert status == 403 and "only teachers may do this" in answer["error"]
    _, state = api(service, "GET", f"tournaments/{key}/game", student)
    legal = state["view"]["legal"]
    status, _ = api(service, "POST", f"tournaments/{key}/moves", student, {"number": 1, "move": legal[0]})
    assert status == 200
    for other in legal[1:3]:  # "try another move instead"
        status, answer = api(service, "POST", f"tournaments/{key}/moves", student, {"number": 1, "move": other})
        assert status == 409 and "a move made is final" in answer["error"]
    status, answer = api(service, "GET", f"tournaments/{key}", student)
    assert status == 200 and "seed" not in answer


def test_splicing_and_handing_in_results_is_refused(service):
    """The guide's splices and edited files: on the hub a student hands in nothing; the
    result is the moves the service saw, and a move request carrying anything else is refused."""
    key = new_tournament(service)
    student = hub_user(service, "fer")
    _, state = api(service, "GET", f"tournaments/{key}/game", student)
    spliced = {"number": 1, "move": state["view"]["legal"][0], "hands": [{"moves": []}], "points": 99}
    status, answer = api(service, "POST", f"tournaments/{key}/moves", student, spliced)
    assert status == 400 and answer["error"] == "unknown field(s) hands, points; a move has number, move and id"
    status, answer = api(service, "POST", f"tournaments/{key}/result", student, {"points": 99})
    assert status == 404
    assert stored_moves(service, key, student) == []


def test_copying_and_playing_another_students_game_is_refused(service):
    """The guide's copies and games under a classmate's name: a student is who the hub's
    token says; there is no name to type, and a request naming another student is refused."""
    key = new_tournament(service)
    gil, hana = hub_user(service, "gil"), hub_user(service, "hana")
    play(service, key, gil, random.Random(5), moves=2)
    status, answer = api(service, "POST", f"tournaments/{key}/moves", hana,
                         {"number": 3, "move": "pass", "student": "gil"})
    assert status == 400 and "unknown field(s) student" in answer["error"]
    _, mine = api(service, "GET", f"tournaments/{key}/game", hana)  # hana's own game, from the start
    assert mine["number"] == 0
    assert len(stored_moves(service, key, gil)) == 2
    status, answer = http("GET", service.service_url + f"api/tournaments/{key}/game", None)
    assert status == 403 and "sign in to the hub first" in answer["error"]
    status, answer = http("GET", service.service_url + f"api/tournaments/{key}/game", "not-a-token")
    assert status == 403
    # a token of the student's without the service's scope (e.g. a token made for something else)
    other = service.admin("POST", "/users/gil/tokens", {"scopes": ["read:users:name!user"]})["token"]
    status, answer = http("GET", service.service_url + f"api/tournaments/{key}/game", other)
    assert status == 403


def test_practising_first_under_the_same_hub_name_is_the_same_game(service):
    """The guide's "practise first": a second notebook, a restart or a new request for the
    game is the same game at the same move; nobody gets a second try at the deals."""
    key = new_tournament(service)
    student = hub_user(service, "ines")
    state = play(service, key, student, random.Random(6), moves=3)
    _, again = api(service, "GET", f"tournaments/{key}/game", student)
    assert again == state


# ---------------------------------------------------------------------- bad input


@pytest.mark.parametrize("body, status, words", [
    (b"{not json", 400, "the request is not JSON"),
    ([1, 2], 400, "send the move as a JSON object"),
    ({"number": "1", "move": "pass"}, 400, "number must be the move's number"),
    ({"number": True, "move": "pass"}, 400, "number must be the move's number"),
    ({"number": 1, "move": 5}, 400, "move must be a move's text"),
    ({"number": 1, "move": "x" * 41}, 400, "move must be a move's text"),
    ({"number": 1, "move": "9-9 left"}, 422, "not allowed"),
    ({"number": 1, "move": "next"}, 409, "the hand is still being played"),
    ({"number": 1, "move": "pass", "id": 7}, 400, "id must be text"),
    (b"{" + b" " * 20000 + b"}", 413, "the request is too long"),
])
def test_bad_input_gets_a_clear_json_error_and_changes_nothing(service, body, status, words):
    key = new_tournament(service)
    student = hub_user(service, "juan")
    _, before = api(service, "GET", f"tournaments/{key}/game", student)
    got, answer = api(service, "POST", f"tournaments/{key}/moves", student, body)
    assert got == status and words in answer["error"], answer
    _, after = api(service, "GET", f"tournaments/{key}/game", student)
    assert after == before and stored_moves(service, key, student) == []


@pytest.mark.parametrize("spec, words", [
    ({"rules": "nonsense"}, "not a tournament"),
    ({"hands": 0}, "not a tournament"),
    ({"opponents": "genius"}, "not a tournament"),
    ({"seed": 5}, "unknown field(s) seed"),
])
def test_a_bad_tournament_is_refused(service, spec, words):
    status, answer = api(service, "POST", "tournaments", "teacher", spec)
    assert status == 400 and words in answer["error"]


def test_an_unknown_or_closed_tournament_is_refused(service):
    status, answer = api(service, "GET", "tournaments/dl-0000-0000/game", hub_user(service, "kai"))
    assert status == 404 and "no tournament dl-0000-0000 on this hub" in answer["error"]
    key = new_tournament(service)
    status, _ = api(service, "POST", f"tournaments/{key}/open", "teacher", {"open": False})
    assert status == 200
    status, answer = api(service, "GET", f"tournaments/{key}/game", "kai")
    assert status == 403 and "closed" in answer["error"]


# ---------------------------------------------------------------------- the teacher's board


def test_the_board_ranks_by_the_engines_points_and_duplicate_score(service):
    key = new_tournament(service, hands=2, opponents="greedy")
    finals = {name: play(service, key, hub_user(service, name), random.Random(seed))
              for seed, name in enumerate(["lia", "max", "noa"])}
    half = play(service, key, hub_user(service, "oto"), random.Random(9), moves=2)
    status, board = api(service, "GET", f"tournaments/{key}/board", "teacher")
    assert status == 200
    progress = {s["student"]: s for s in board["students"]}
    assert progress["oto"]["hand"] == half["hand"] and not progress["oto"]["finished"]
    assert {r["student"]: r["points"] for r in board["ranking"]} == {n: s["points"] for n, s in finals.items()}
    # the duplicate score, worked out apart: points minus the baseline player's on the same deals
    from dominolab.hub.store import Store

    store = Store(service.db_url)
    t = Tournament.from_dict(store.tournament(key)["spec"])
    store.close()
    baseline = sum(t.baseline_points(i) for i in range(t.hands))
    assert {r["student"]: r["duplicate"] for r in board["by_duplicate"]} == {
        n: s["points"] - baseline for n, s in finals.items()}
    ranks = [r["rank"] for r in board["ranking"]]
    assert ranks == sorted(ranks)
    status, text = api(service, "GET", f"tournaments/{key}/board.csv", "teacher")
    assert status == 200 and text.splitlines()[0].startswith("rank,name,points,duplicate")
    status, replay = api(service, "GET", f"tournaments/{key}/replay/lia/1", "teacher")
    assert status == 200 and replay["steps"][0]["move"] == "" and len(replay["steps"]) == len(
        replay["record"]["moves"]) + 1


# ---------------------------------------------------------------------- killed mid-class


def test_a_service_killed_mid_class_keeps_every_move_and_play_carries_on(service):
    key = new_tournament(service, hands=3, opponents="strategy")
    rng = random.Random(10)
    students = [hub_user(service, f"s{i}") for i in range(4)]
    before = {s: play(service, key, s, rng, moves=3 + i) for i, s in enumerate(students)}
    service.kill_service()
    service.start_service(service.db_url)
    for s in students:
        _, state = api(service, "GET", f"tournaments/{key}/game", s)
        assert state == before[s], s  # every move still there, the same view
    for s in students:
        final = play(service, key, s, rng)
        assert final["finished"]
    _, board = api(service, "GET", f"tournaments/{key}/board", "teacher")
    assert sorted(r["student"] for r in board["ranking"]) == sorted(students)


# ---------------------------------------------------------------------- lessons


def test_lesson_reports_progress_release_and_a_students_own_records(service):
    ana, ben = hub_user(service, "lesson-ana"), hub_user(service, "lesson-ben")
    for who, answer, verdict in [(ana, "12", "incorrect"), (ana, "0.444", "correct"), (ben, "12", "incorrect")]:
        status, stored = api(service, "POST", "reports", who,
                             {"lesson": "counting", "exercise": 1, "verdict": verdict, "answer": answer})
        assert status == 200, stored
    status, answer = api(service, "POST", "reports", ana, {"lesson": "counting", "exercise": 1, "verdict": "correct",
                                                          "answer": "0.444", "name": "Ana", "cell": "x = 0.444"})
    assert status == 400 and "nothing else" in answer["error"]
    status, answer = api(service, "GET", "progress", ana)
    assert status == 403
    _, progress = api(service, "GET", "progress", "teacher")
    row = next(x for x in progress["exercises"] if x["lesson"] == "counting" and x["exercise"] == 1)
    assert row["tried"] >= 2 and row["got"] >= 1 and row["wrong"][0]["answer"] == "12"
    assert row["wrong"][0]["count"] >= 2 and row["wrong"][0]["nudge"]
    status, _ = api(service, "POST", "releases", "teacher", {"lesson": "counting", "exercise": 1})
    assert status == 200
    _, released = api(service, "GET", "releases", ben)
    assert ["counting", 1] in released["released"]
    _, mine = api(service, "GET", "reports", ana)
    assert [r["answer"] for r in mine["records"]] == ["12", "0.444"]
    _, deleted = api(service, "DELETE", "reports", ana)
    assert deleted["deleted"] == 2
    _, mine = api(service, "GET", "reports", ana)
    _, theirs = api(service, "GET", "reports", ben)
    assert mine["records"] == [] and len(theirs["records"]) == 1  # only their own



def test_the_page_shows_a_student_their_records_and_a_teacher_the_class(service):
    student = hub_user(service, "page-ana")
    status, page = http("GET", service.service_url, service.user(student))
    assert status == 200 and "Your lesson records" in page and 'id="create"' not in page
    status, page = http("GET", service.service_url, service.user(student), headers={"Accept-Language": "es"})
    assert status == 200 and "Tus registros de las lecciones" in page and 'lang="es"' in page
    status, page = http("GET", service.service_url, service.user("teacher"))
    assert status == 200 and 'id="create"' in page and 'id="exercises"' in page
