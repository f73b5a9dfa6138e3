"""Issue 44, item 13: the file tournament as a class of six met it in one shared folder.

A finished result is never written over (a progress file cut back and played on under a
classmate's name is refused); names are compared by their Unicode confusable skeleton (UTS
#39, with the teacher's extra) and refused when they hold markup or look like another's in
the folder; every game begun, finished or not, is shown to the teacher.
"""

from __future__ import annotations

import importlib.util
import json

import pytest

from dominolab.tournament import Tournament, TournamentError
from dominolab.tournament.seals import _look_alike, _skeleton

from .students import RandomPlayer, finish, play_student

#: The look-alike checks need the teacher's extra (the Unicode confusables data); without it
#: (a Pyodide kernel) names are compared by case, spacing and NFKC only.
needs_skeleton = pytest.mark.skipif(importlib.util.find_spec("confusable_homoglyphs") is None,
                                    reason="the teacher extra (confusable-homoglyphs) is not installed")


@pytest.fixture(scope="module")
def t():
    return Tournament.create("standard", hands=3, opponents="greedy", seed=4343)


def test_a_finished_result_is_never_written_over_by_its_progress_cut_back(t, tmp_path):
    ana = finish(t.entry("Ana", tmp_path), RandomPlayer(1), tmp_path)
    saved = ana.save(tmp_path)
    before = saved.read_bytes()
    progress = tmp_path / ana.progress_name(t, "Ana")
    honest = progress.read_text()
    data = json.loads(honest)
    data["moves"] = data["moves"][:1]  # cut back to hand 1, under Ana's name and key
    progress.write_text(json.dumps(data))
    with pytest.raises(TournamentError, match="finished result is never written over"):
        t.entry("Ana", tmp_path, carry_on=True)
    # played on anyway (the entry resumed by hand): saving it is refused too
    from dominolab.tournament.entries import Entry

    cheat = finish(Entry.resume(t, "Ana", data), RandomPlayer(99))
    with pytest.raises(TournamentError, match="never written over"):
        cheat.save(tmp_path)
    assert saved.read_bytes() == before
    progress.write_text(honest)
    assert t.entry("Ana", tmp_path, carry_on=True).points == ana.points  # the honest progress carries on
    ana.save(tmp_path)  # the same result again is no change
    assert saved.read_bytes() == before


def test_a_progress_cut_back_at_the_table_keeps_the_result_and_says_why(t, tmp_path):
    from dominolab.session import TournamentSession

    ana = finish(t.entry("Ana", tmp_path), RandomPlayer(1), tmp_path)
    saved = ana.save(tmp_path)
    before = saved.read_bytes()
    from dominolab.tournament.entries import Entry

    entry = Entry(t, "Ana", key=ana.key)  # a game played on under Ana's key, as a cut-back progress is
    player = RandomPlayer(5)
    while not (entry.index == t.hands - 1 and not entry.view().is_over):
        while not entry.view().is_over:
            entry.play(player.choose(entry.view()))
        entry.next_hand()
    table = TournamentSession(entry, save_to=tmp_path)
    while not table.round.is_over:
        move = player.choose(table.round.view(0))
        intent = ({"action": "play", "tile": str(move.tile), "end": move.end} if hasattr(move, "tile")
                  else {"action": str(move)})
        assert table.handle_intent({**intent, "version": table.version, "id": "x"})["ok"]
        assert table.wait(10)
    assert "never written over" in table._mode.save_error and saved.read_bytes() == before


@pytest.mark.parametrize("name", ["<b>Dan 999</b>", "Dan <i>", "＜b＞Dan", "a < b"])
def test_a_name_holding_markup_is_refused_at_the_table_and_on_the_board(t, name):
    with pytest.raises(TournamentError, match="markup"):
        t.entry(name)
    good = play_student(t, "Dan", 3).result()
    board = t.leaderboard([("dan.json", {**good, "name": name})])
    assert board.rows == [] and "markup" in board.rejected[0][1]


@needs_skeleton
@pytest.mark.parametrize("fake, real", [("B\u0435n", "Ben"), ("\u0410na", "Ana"), ("Ana\u0301", "Aná")])
def test_names_that_look_alike_have_one_skeleton(fake, real):
    if fake == "Ana\u0301":  # a combining accent is the accented letter: the same student already
        assert not _look_alike(fake, real)
        return
    assert _skeleton(fake) == _skeleton(real) and _look_alike(fake, real)


def test_different_names_stay_different():
    for a, b in [("Ana", "Ana B"), ("Chloé", "Chloe"), ("José", "Jose"), ("Ben", "Ben"), ("ＡＮＡ", "ana")]:
        assert not _look_alike(a, b)


@needs_skeleton
def test_a_look_alike_name_is_refused_in_a_folder_where_the_other_plays(t, tmp_path):
    ben = t.entry("Ben", tmp_path)
    ben.play(ben.view().legal[0]) if not ben.view().is_over and ben.view().is_my_turn else None
    ben.save_progress(tmp_path)
    with pytest.raises(TournamentError, match="looks like Ben"):
        t.entry("B\u0435n", tmp_path)
    assert t.entry("Ben B", tmp_path).name == "Ben B"


@needs_skeleton
def test_a_look_alike_result_is_held_with_a_finding(t):
    ben = play_student(t, "Ben", 1).result()
    fake = play_student(t, "B\u0435n", 2).result()
    ana = play_student(t, "\u0410na", 3).result()
    board = t.leaderboard([("ben.json", ben), ("fake.json", fake), ("ana.json", ana)])
    # "Аna" looks like no other name here: ranked; "Bеn" looks like Ben: held, with a finding
    assert sorted(row["name"] for row in board.rows) == ["Ben", "\u0410na"]
    assert [row["name"] for row in board.held] == ["B\u0435n"] and "looks like Ben's name" in board.held[0]["held"]
    assert [(f.kind, set(f.names)) for f in board.findings] == [("look-alike", {"Ben", "B\u0435n"})]
    cleared = t.leaderboard([("ben.json", ben), ("fake.json", fake)], accept=["fake.json"])
    assert sorted(row["name"] for row in cleared.rows) == sorted(["Ben", "B\u0435n"])


def test_every_game_begun_is_shown_to_the_teacher(t, tmp_path):
    """A student who opened a new notebook and began again from hand 1: the first game, with
    no result, is listed beside the finished one."""
    first = t.entry("Chloé", tmp_path)
    view = first.view()
    if not view.is_over:
        first.play(view.legal[0])
    first.save_progress(tmp_path)
    again = finish(t.entry("Chloé", tmp_path, carry_on=False), RandomPlayer(4), tmp_path)
    again.save(tmp_path)
    board = t.leaderboard(tmp_path)
    assert [row["name"] for row in board.rows] == ["Chloé"]
    assert [(g["name"], g["entry"]) for g in board.unfinished] == [("Chloé", first.key)]
    assert "not finished: Chloé began the tournament (1 of 3 hands dealt" in board.table()
    assert "not finished: Chlo\u00e9 began" in board._repr_html_()
