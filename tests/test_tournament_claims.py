"""Nothing lost, nobody framed: two students who type one name in one folder both keep their
game, two results that claim one student both go to the teacher, a key read from another's
file holds its owner only where the games are the same, and the upload box never replaces a
file without saying so."""

import copy
import json

import pytest

from dominolab.players import RandomPlayer
from dominolab.tournament import Entry, Tournament, _seal
from dominolab.tournament import entries as entries_module

from .students import AnyMove, finish, play_student


@pytest.fixture(scope="module")
def t():
    return Tournament.create("standard", hands=3, opponents="greedy", seed=4242)


def some_moves(entry, seed, moves, folder):
    """A few of ``entry``'s moves, any legal ones, keeping progress in ``folder``."""
    student = AnyMove(seed)
    for _ in range(moves):
        if entry.view().is_over:
            break
        entry.play(student.choose(entry.view()))
        entry.save_progress(folder)


@pytest.fixture
def kernel(monkeypatch):
    """Which Jupyter kernel runs the code (what a kernel restart keeps): set it by hand."""
    where = {"id": "kernel-one"}
    monkeypatch.setattr(entries_module, "_here", lambda: where["id"])
    return where


# ---------------------------------------------------------------------- nothing lost


def test_a_second_student_of_the_same_name_plays_a_game_of_their_own(t, tmp_path, kernel):
    first = t.entry("Ana", tmp_path)
    some_moves(first, 1, 4, tmp_path)
    saved = (tmp_path / Entry.progress_name(t, "Ana")).read_text(encoding="utf-8")
    kernel["id"] = "kernel-two"  # another student's notebook, on the same shared folder
    second = t.entry("ana", tmp_path)
    assert second.key != first.key and second.index == 0 and not second.round.history[1:]
    assert second.notice and "Someone called ana has already started this tournament" in second.notice
    assert "carry_on=True" in second.notice
    some_moves(second, 2, 3, tmp_path)
    assert (tmp_path / Entry.progress_name(t, "Ana")).read_text(encoding="utf-8") == saved  # untouched
    assert (tmp_path / Entry.progress_name(t, "Ana", 2)).exists()
    kernel["id"] = "kernel-one"  # the first student's kernel restarts: same kernel, same game
    back = t.entry("Ana", tmp_path)
    assert back.key == first.key and back.progress()["moves"] == first.progress()["moves"] and back.notice is None
    kernel["id"] = "kernel-two"
    again = t.entry("Ana", tmp_path)
    assert again.key == second.key and again.slot == 2
    finish(back, RandomPlayer(3), tmp_path)
    finish(again, RandomPlayer(4), tmp_path)
    paths = {back.save(tmp_path), again.save(tmp_path)}
    assert len(paths) == 2 and all(p.exists() for p in paths)
    board = t.leaderboard(tmp_path)
    assert board.rejected == [] and board.rows == []
    assert sorted(row["file"] for row in board.held) == sorted(p.name for p in paths)  # both, side by side
    (finding,) = board.findings
    assert finding.kind == "claim" and "2 results claim to be ana's, with different games" in finding.text.lower()
    assert "They come from different runs: two students who typed the same name" in finding.text


def test_a_student_whose_kernel_changed_carries_on_when_asked(t, tmp_path, kernel):
    first = t.entry("Ben", tmp_path)
    some_moves(first, 1, 3, tmp_path)
    kernel["id"] = "a new kernel"  # the server was restarted: a new kernel id
    assert t.entry("Ben", tmp_path).notice  # told the name is taken, with the way back
    back = t.entry("Ben", tmp_path, carry_on=True)
    assert back.key == first.key and back.notice is None
    new = t.entry("Ben", tmp_path, carry_on=False)
    assert new.key != first.key and new.slot == 2


def test_saving_never_writes_over_another_students_file(t, tmp_path):
    one, two = play_student(t, "Cleo", 1), play_student(t, "Cleo", 2)
    a, b = one.save(tmp_path), two.save(tmp_path)
    assert a != b and json.loads(a.read_text(encoding="utf-8"))["entry"] == one.key
    assert json.loads(b.read_text(encoding="utf-8"))["entry"] == two.key
    assert one.save(tmp_path) == a  # the same entry again: its own file, written again
    one.save_progress(tmp_path)
    two.save_progress(tmp_path)
    assert len(list(tmp_path.glob(".*.progress.json"))) == 2
    (tmp_path / "junk").mkdir()
    (tmp_path / "junk" / play_student(t, "Dan", 3).filename()).write_text("not a result", encoding="utf-8")
    assert play_student(t, "Dan", 3).save(tmp_path / "junk").name.endswith("-2.json")  # an unreadable file stays


def test_the_upload_box_never_replaces_a_file_without_saying_so(t):
    pytest.importorskip("anywidget")
    from dominolab.widget import ResultsUpload

    box = ResultsUpload(t)
    ana = play_student(t, "Ana", 1).result()
    other = play_student(t, "Ana", 2).result()
    box.add("ana.json", json.dumps(ana))
    box.add("ana.json", json.dumps(ana))  # the very same file again: nothing changes
    assert box.files == ["ana.json"] and box.notes == []
    box.add("ana.json", json.dumps(other))
    assert box.files == ["ana.json", "ana.json (2)"]
    assert "A second file named ana.json was added. Both are kept" in box.children[1].value
    assert {row["file"] for row in box.leaderboard.held} == {"ana.json", "ana.json (2)"}
    box.accept("ana.json (2)")
    assert [row["file"] for row in box.leaderboard.rows] == ["ana.json (2)"]


# ---------------------------------------------------------------------- two claims, one student


def test_a_prankster_cannot_push_out_a_real_result(t):
    real = play_student(t, "S0", 1).result()
    fake = play_student(t, "S0", 2).result()  # someone else played under S0's name
    files = [("s0.json", real), ("0.json", fake)]
    for order in (files, files[::-1]):
        board = t.leaderboard(order)
        assert board.rows == [] and board.rejected == []
        assert sorted(row["file"] for row in board.held) == ["0.json", "s0.json"]
        (finding,) = board.findings
        assert f"0.json ({fake['points']} points)" in finding.text and f"s0.json ({real['points']} points)" in finding.text
        assert "accept=" in finding.text
    chosen = t.leaderboard(files, accept=["s0.json"])
    assert [row["file"] for row in chosen.rows] == ["s0.json"]
    assert chosen.held[0]["held"] == "you chose s0.json as S0's result"


def test_one_run_played_twice_is_two_claims_from_one_entry(t):
    entry = t.entry("Eve")
    entry.play(entry.view().legal[0])
    fork = copy.deepcopy(entry)  # a save point: play on twice
    a, b = finish(entry, RandomPlayer(1)).result(), finish(fork, RandomPlayer(2)).result()
    assert a["entry"] == b["entry"] and a["hands"] != b["hands"]
    board = t.leaderboard([("a.json", a), ("b.json", b)])
    (finding,) = board.findings
    assert finding.kind == "claim" and "Both carry the key of one entry" in finding.text


# ---------------------------------------------------------------------- nobody framed


def sealed(data, name, key):
    out = copy.deepcopy(data)
    out["name"], out["entry"] = name, key
    tid = Tournament.from_dict(out["tournament"]).id
    out["seals"] = [_seal(key, tid, name, i, hand) for i, hand in enumerate(out["hands"])]
    return out


def test_a_key_read_from_another_file_does_not_hold_its_owner(t):
    s0 = play_student(t, "S0", 1).result()
    own = play_student(t, "Zed", 7).result()
    framed = sealed(own, "Zed", s0["entry"])  # Zed's own games, sealed with the key in S0's file
    board = t.leaderboard([("s0.json", s0), ("zed.json", framed)])
    assert sorted(row["name"] for row in board.rows) == ["S0", "Zed"] and board.held == []
    (finding,) = board.findings
    assert finding.kind == "key" and "copy" not in finding.text and "Python" not in finding.text
    assert "their games differ" in finding.text and "shows nothing against either game" in finding.text


def test_a_copy_sealed_again_with_the_owners_key_says_only_what_is_known(t):
    s0 = play_student(t, "S0", 1).result()
    copied = sealed(s0, "Zed", s0["entry"])
    board = t.leaderboard([("s0.json", s0), ("zed.json", copied)])
    (finding,) = board.findings
    assert finding.kind == "copy" and "The files do not show which one is the original." in finding.text
    assert "made with Python" not in finding.text


def test_the_table_tells_a_second_student_that_the_name_is_taken(t, tmp_path, kernel):
    from dominolab.session import TournamentSession

    first = t.entry("Ana", tmp_path)
    some_moves(first, 1, 2, tmp_path)
    kernel["id"] = "kernel-two"
    table = TournamentSession(t.entry("Ana", tmp_path), save_to=tmp_path)
    assert "Someone called Ana has already started this tournament in this folder" in table.message
    assert table.entry.key != first.key
    kernel["id"] = "kernel-one"
    assert TournamentSession(t.entry("Ana", tmp_path), save_to=tmp_path).message is None


def test_in_a_shared_folder_the_progress_files_show_which_result_is_the_copy(t, tmp_path):
    # random play: unusual enough for a copy to be called one
    ana = finish(t.entry("Ana", tmp_path), RandomPlayer(5), tmp_path)
    ana.save_progress(tmp_path)
    ana.save(tmp_path)
    for n, copied in enumerate([sealed(ana.result(), "Zed", "feedfacecafebeef"),  # a key of its own
                                sealed(ana.result(), "Zed", ana.key)]):  # Ana's key, read from her file
        folder = tmp_path if n == 0 else tmp_path / "again"
        if n:
            folder.mkdir()
            for file in tmp_path.glob("*ana*"):
                (folder / file.name).write_bytes(file.read_bytes())
            for file in tmp_path.glob(".*ana*"):
                (folder / file.name).write_bytes(file.read_bytes())
            (folder / "zed.json").unlink(missing_ok=True)
        (folder / "zed.json").write_text(json.dumps(copied), encoding="utf-8")
        board = t.leaderboard(folder)
        assert [row["name"] for row in board.held] == ["Zed"], board.findings
        assert [row["name"] for row in board.rows] == ["Ana"]  # the honest student is not held
        (finding,) = [f for f in board.findings if f.kind == "copy"]
        assert finding.names == ("Zed", "Ana") and "Zed's result looks like the copy" in finding.text
        assert "Ana's progress file in the folder holds Ana's result, move for move" in finding.text
        listed = t.leaderboard([folder / "zed.json", *sorted(folder.glob("ana*.json"))])  # no folder: no progress
        assert sorted(row["name"] for row in listed.held) == ["Ana", "Zed"]
