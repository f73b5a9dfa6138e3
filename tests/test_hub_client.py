"""The classroom hub from a student's kernel: ``DominoTable.tournament(key)`` on a hub plays
on the service with the kernel's token (a real JupyterHub and the service, started here);
a kernel restart, a second notebook and a restart of the service carry on the same game at
the same move; the table says which kind of tournament it is in; off a hub nothing changes
and nothing is sent.  The disguised round the table draws fits everything seat 0 sees and
never holds the real hidden tiles' information (it is made from the view alone)."""

from __future__ import annotations

import random

import pytest

from dominolab.hub.client import HubEntry, HubError, disguise, on_hub, report_check
from dominolab.hub.views import view_to_dict
from dominolab.tournament import Tournament

from .test_session import intent_for, send, snap

# ---------------------------------------------------------------------- without a hub


def test_off_a_hub_nothing_is_on_and_nothing_is_sent(monkeypatch):
    for name in ("JUPYTERHUB_API_TOKEN", "JUPYTERHUB_SERVICE_PREFIX", "JUPYTERHUB_API_URL", "DOMINOLAB_HUB_URL"):
        monkeypatch.delenv(name, raising=False)
    assert not on_hub()
    assert on_hub({"JUPYTERHUB_API_TOKEN": "x", "JUPYTERHUB_SERVICE_PREFIX": "/user/ana/"})
    assert not on_hub({"JUPYTERHUB_SERVICE_PREFIX": "/user/ana/"})
    from dominolab.exercises import counting

    assert report_check(counting.q1, "12", "incorrect") is False  # off a hub: nothing sent


def test_off_a_hub_the_class_settings_ask_nothing_and_change_nothing(tmp_path, monkeypatch):
    from dominolab.exercises import counting, settings

    for name in ("JUPYTERHUB_API_TOKEN", "JUPYTERHUB_SERVICE_PREFIX", "JUPYTERHUB_API_URL", "DOMINOLAB_HUB_URL",
                 "DOMINOLAB_SOLUTIONS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DOMINOLAB_CLASS_SETTINGS", str(tmp_path / "none.json"))
    settings.reset()
    assert settings.hub_released() is None
    assert settings.current() == settings.ClassSettings() and settings.shown(counting.q2) is None
    # on a hub that says nowhere where a Domino Lab service is, nothing changes either
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "x")
    monkeypatch.setenv("JUPYTERHUB_SERVICE_PREFIX", "/user/ana/")
    settings.reset()
    assert settings.hub_released() is None and settings.shown(counting.q2) is None
    settings.reset()


def test_the_teachers_page_speaks_the_language_the_browser_asks_for():
    import json
    import re

    from dominolab.hub.page import page_html
    from dominolab.i18n import language

    english = page_html("ana", True, "/services/dominolab/", "x")
    with language("es"):
        spanish = page_html("ana", True, "/services/dominolab/", "x")
    assert "Create tournament" in english and "Crear torneo" in spanish and "Create tournament" not in spanish
    assert "Domino Lab — ana (docente)" in spanish and 'lang="es"' in spanish
    words = [json.loads(re.search(r'id="dl-config">(.*?)</script>', page).group(1))["words"]
             for page in (english, spanish)]
    assert set(words[0]) == set(words[1])  # the script finds every word in either language
    assert words[0]["release"] == "Release" and words[1]["release"] == "Publicar"
    assert words[1]["step"].count("{") == words[0]["step"].count("{") == 4
    # a student's page holds none of the teacher's words
    with language("es"):
        student = page_html("ben", False, "/services/dominolab/", "x")
    assert "Crear torneo" not in student and "release" not in json.loads(
        re.search(r'id="dl-config">(.*?)</script>', student).group(1))["words"]


def test_the_service_is_found_from_the_hubs_environment():
    from dominolab.hub.client import service_url

    assert service_url({"DOMINOLAB_HUB_URL": "http://127.0.0.1:10101/services/dominolab"}) == \
        "http://127.0.0.1:10101/services/dominolab/"
    assert service_url({"JUPYTERHUB_PUBLIC_HUB_URL": "https://hub.example.org/school/hub/",
                        "JUPYTERHUB_PUBLIC_URL": "https://hub.example.org/school/user/ana/"}) == \
        "https://hub.example.org/school/services/dominolab/"
    with pytest.raises(HubError, match="DOMINOLAB_HUB_URL"):
        service_url({"JUPYTERHUB_API_TOKEN": "x", "JUPYTERHUB_PUBLIC_HUB_URL": ""})


def test_off_a_hub_the_file_tournament_is_unchanged(tmp_path, monkeypatch):
    monkeypatch.delenv("JUPYTERHUB_API_TOKEN", raising=False)
    pytest.importorskip("anywidget")
    from dominolab.widget import DominoTable

    t = Tournament.create("standard", hands=2, opponents="greedy", seed=5)
    table = DominoTable.tournament(t.code, "Ana", tmp_path)
    info = table.session.state().tournament
    assert "kind" not in info and info["name"] == "Ana"
    assert snap(table.session)["tournament"]["banner"] == f"Tournament {t.code} — hand 1 of 2"
    table.close()


@pytest.mark.parametrize("rules, players, kind", [("standard", 2, "greedy"), ("standard", 4, "strategy"),
                                                  ("standard", 3, "random")])
def test_the_disguised_round_fits_everything_seat_0_sees(rules, players, kind):
    """At every point of whole tournaments, the table's round made from the view alone shows
    seat 0 exactly the service's view (hand, line, counts, public history, legal moves, the
    finished hand's points), checked by the engine's own view of it."""
    t = Tournament.create(rules, hands=2, opponents=kind, players=players, seed=11)
    entry = t.entry("x")
    rng = random.Random(3)
    while True:
        real = entry.view()
        drawn = [str(e.tile) for e in entry.round.history if e.seat == 0 and e.action == "draw"]
        made = disguise(t.rules, view_to_dict(real), drawn, seed=rng.randrange(1000))
        mine = made.view(0)
        assert (sorted(mine.hand), mine.line, mine.hand_counts, mine.boneyard_count, mine.legal, mine.history) == (
            sorted(real.hand), real.line, real.hand_counts, real.boneyard_count, real.legal, real.history)
        if real.is_over:
            assert made.result.points == real.result.points
            if entry.index == t.hands - 1:
                break
            entry.next_hand()
            continue
        entry.play(rng.choice(real.legal))


# ---------------------------------------------------------------------- on a hub


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    pytest.importorskip("jupyterhub")
    from .hubkit import start_hub

    hub = start_hub(tmp_path_factory.mktemp("hub"))
    hub.start_service(f"sqlite:///{tmp_path_factory.mktemp('db')}/dominolab.sqlite")
    hub.user("teacher", teacher=True)
    yield hub
    hub.stop()


def kernel_of(hub, monkeypatch, student):
    """The environment a student's kernel has on the hub (as the spawner sets it)."""
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", hub.user(student))
    monkeypatch.setenv("JUPYTERHUB_API_URL", hub.api)
    monkeypatch.setenv("JUPYTERHUB_SERVICE_PREFIX", f"/user/{student}/")
    monkeypatch.setenv("DOMINOLAB_HUB_URL", hub.service_url)


def new_key(hub, **spec):
    from .hubkit import http

    status, t = http("POST", hub.service_url + "api/tournaments", hub.user("teacher"),
                     {"hands": 2, "opponents": "greedy", **spec})
    assert status == 200, t
    return t["key"]


def play_some(session, rng, moves):
    for _ in range(moves):
        if session.is_finished:
            return
        if session.round.is_over:
            assert send(session, "next_hand")["ok"]
            continue
        move = rng.choice(session.round.legal_moves())
        reply = session.handle_intent({**intent_for(move), "version": session.version, "id": "t"})
        assert reply["ok"], reply


@pytest.mark.slow
def test_on_a_hub_the_table_plays_on_the_service_and_says_so(hub, monkeypatch):
    from dominolab.widget import DominoTable

    kernel_of(hub, monkeypatch, "pia")
    key = new_key(hub)
    table = DominoTable.tournament(key)  # no name, no folder: the hub says who this is
    s = table.session
    info = snap(s)["tournament"]
    assert info["kind"] == "hub" and info["name"] == "pia" and info["code"] == key
    assert info["banner"] == f"Tournament {key} on the class hub — hand 1 of 2"
    assert "refereed by the class hub: you play as pia" in snap(s)["message"]["text"]
    play_some(s, random.Random(1), 400)
    assert s.is_finished
    assert snap(s)["tournament"]["saved_text"] == "Every move is kept on the class hub: your teacher sees the result there."
    assert snap(s)["tournament"]["result"] is None  # nothing to hand in: the widget offers no download
    from .hubkit import http

    _, board = http("GET", hub.service_url + f"api/tournaments/{key}/board", hub.user("teacher"))
    assert [r["student"] for r in board["ranking"]] == ["pia"]
    assert board["ranking"][0]["points"] == s.entry.points
    table.close()


@pytest.mark.slow
def test_a_kernel_restart_a_second_notebook_and_a_service_restart_carry_on(hub, monkeypatch):
    from dominolab.widget import DominoTable

    kernel_of(hub, monkeypatch, "quim")
    key = new_key(hub, hands=3)
    rng = random.Random(2)
    first = DominoTable.tournament(key)
    play_some(first.session, rng, 5)
    where = (snap(first.session)["tournament"]["hand"], first.session.entry.state["number"],
             first.session.round.view(0).history)
    first.close()
    again = DominoTable.tournament(key)  # the kernel restarted (or a second notebook opened)
    assert (snap(again.session)["tournament"]["hand"], again.session.entry.state["number"],
            again.session.round.view(0).history) == where
    hub.kill_service()
    hub.start_service(hub.db_url)
    play_some(again.session, rng, 3)  # the same table carries on after the service came back
    assert again.session.entry.state["number"] > where[1]
    again.close()


@pytest.mark.slow
def test_a_move_refused_by_the_service_is_told_at_the_table(hub, monkeypatch):
    from dominolab.widget import DominoTable

    kernel_of(hub, monkeypatch, "rui")
    key = new_key(hub)
    one = DominoTable.tournament(key)
    two = DominoTable.tournament(key)  # two notebooks of the same student
    legal = one.session.round.legal_moves()
    assert len(legal) > 1
    assert one.session.handle_intent({**intent_for(legal[0]), "version": one.session.version, "id": "t"})["ok"]
    s = two.session  # still at move 1 of the game: another move there is refused, a move made is final
    reply = s.handle_intent({**intent_for(legal[-1]), "version": s.version, "id": "t"})
    assert not reply["ok"] and "The class hub did not take the move: move 1 was already made" in reply["message"]
    one.close()
    two.close()


@pytest.mark.slow
def test_a_lessons_check_is_reported_on_a_hub_only(hub, monkeypatch):
    from dominolab.exercises import counting

    kernel_of(hub, monkeypatch, "sol")
    counting.q1.check("12")  # the hook in Exercise.check
    assert report_check(counting.q1, 0.444, "correct") is True
    from .hubkit import http

    _, mine = http("GET", hub.service_url + "api/reports", hub.user("sol"))
    assert [(r["lesson"], r["exercise"], r["verdict"], r["answer"]) for r in mine["records"]] == [
        ("counting", 1, "incorrect", "12"), ("counting", 1, "correct", "0.444")]


@pytest.mark.slow
def test_an_unknown_key_is_refused_in_words(hub, monkeypatch):
    kernel_of(hub, monkeypatch, "tea")
    with pytest.raises(HubError, match="no tournament dl-ZZZZ-ZZZZ on this hub"):
        HubEntry.join("dl-zzzz-zzzz")


@pytest.mark.slow
def test_a_teacher_makes_a_tournament_and_reads_the_board_in_plain_words(hub, monkeypatch):
    from dominolab.hub.client import class_board, new_tournament
    from dominolab.widget import DominoTable

    kernel_of(hub, monkeypatch, "teacher")
    key = new_tournament(hands=2, opponents="greedy")
    assert "Nobody has finished yet" in str(class_board(key))
    kernel_of(hub, monkeypatch, "uma")
    table = DominoTable.tournament(key)
    play_some(table.session, random.Random(7), 400)
    points = table.session.entry.points
    table.close()
    kernel_of(hub, monkeypatch, "teacher")
    words = str(class_board(key))
    assert f"Tournament {key}: 2 hands of Standard Draw Dominoes, 1 student playing." in words
    assert f"uma has finished: {points} points" in words and f"Ranking by points: 1. uma ({points})." in words
    kernel_of(hub, monkeypatch, "uma")
    with pytest.raises(HubError, match="only teachers may do this"):
        class_board(key)


@pytest.mark.slow
def test_a_puzzle_answered_on_a_hub_reaches_the_teachers_page_with_its_nudge(hub, monkeypatch):
    from dominolab import puzzles

    kernel_of(hub, monkeypatch, "vic")
    puzzle = puzzles.load()[0]
    wrong = next(m for m in puzzle.view().legal if not puzzle.evaluate(str(m)).correct)
    puzzle.check(str(wrong))
    from .hubkit import http

    _, mine = http("GET", hub.service_url + "api/reports", hub.user("vic"))
    assert [(r["lesson"], r["exercise"], r["verdict"], r["answer"]) for r in mine["records"]] == [
        (f"puzzle-{puzzle.id}", 1, "incorrect", str(wrong))]
    _, progress = http("GET", hub.service_url + "api/progress", hub.user("teacher"))
    row = next(x for x in progress["exercises"] if x["lesson"] == f"puzzle-{puzzle.id}")
    assert row["wrong"][0]["answer"] == str(wrong) and row["wrong"][0]["nudge"] == puzzle.evaluate(str(wrong)).message


@pytest.mark.slow
def test_on_a_hub_solutions_are_kept_until_the_teacher_releases_them(hub, monkeypatch, tmp_path):
    from dominolab.exercises import counting, settings

    from .hubkit import free_port, http

    monkeypatch.delenv("DOMINOLAB_SOLUTIONS", raising=False)
    monkeypatch.setenv("DOMINOLAB_CLASS_SETTINGS", str(tmp_path / "none.json"))  # no settings file
    kernel_of(hub, monkeypatch, "uma")
    settings.reset()
    try:
        _, before = http("GET", hub.service_url + "api/releases", hub.user("uma"))
        assert ["counting", 3] not in before["released"]
        assert "keeping the solutions for later" in settings.shown(counting.q3)
        status, _ = http("POST", hub.service_url + "api/releases", hub.user("teacher"),
                         {"lesson": "counting", "exercise": 3})
        assert status == 200
        settings.reset()  # (or HUB_CACHE_SECONDS later)
        assert settings.shown(counting.q3) is None  # released on the teacher's page
        assert "keeping the solutions for later" in settings.shown(counting.q4)  # the others stay kept
        assert not settings.current().solutions and "counting.q3" in settings.current().released
        monkeypatch.setenv("DOMINOLAB_SOLUTIONS", "on")  # the hub's admin turned them on for everyone
        assert settings.shown(counting.q4) is None
        monkeypatch.delenv("DOMINOLAB_SOLUTIONS")
        # a hub whose address for the service answers 404 has no service: nothing changes
        monkeypatch.setenv("DOMINOLAB_HUB_URL", hub.api + "/no-such-service/")
        settings.reset()
        assert settings.hub_released() is None and settings.shown(counting.q4) is None
        # the service set up but not answering: the solutions stay kept, and the student is told why
        monkeypatch.setenv("DOMINOLAB_HUB_URL", f"http://127.0.0.1:{free_port()}/services/dominolab/")
        settings.reset()
        said = settings.shown(counting.q3)
        assert "cannot be read" in said and "did not answer" in said
    finally:
        settings.reset()
