"""The anywidget around the table session: settings as traitlets, the browser never writing
state, the teacher's API, records, and the front end shipped in the wheel.

The game itself is tested without Jupyter in tests/test_session.py; here only what the
widget adds.  Outside a kernel the table moves the computer players synchronously.
"""

from __future__ import annotations

import datetime
import importlib.util
import json
import random
import re
import subprocess
import sys
import urllib.parse
import zipfile
from pathlib import Path

import pytest

import dominolab as dl
from dominolab.tournament import Tournament, TournamentError
from dominolab.widget import DominoTable, IntentError, ResultsUpload, frontend_file

ROOT = Path(__file__).resolve().parent.parent


def table(**kw) -> DominoTable:
    kw.setdefault("opponents", "greedy")
    kw.setdefault("seed", 11)
    return DominoTable(**kw)


def test_the_engine_and_the_session_import_without_jupyter():
    code = ("import sys, dominolab, dominolab.session, dominolab.presenter; "
            "assert not {'anywidget', 'ipywidgets', 'traitlets', 'IPython'} & set(sys.modules), sys.modules.keys()")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_settings_are_traitlets_that_reach_the_table():
    t = table()
    seen = []
    t.observe(lambda change: seen.append(change["new"]), names="pace")
    t.pace = 0.1
    t.scale = 1.5
    t.undo = "last"
    t.hints = True
    assert seen == [0.1]
    assert t.session.settings.pace == 0.1 and t.session.settings.undo == "last" and t.session.settings.hints
    options = t.snapshot["options"]
    assert options["pace_ms"] == 100 and options["scale"] == 1.5 and options["hints"] is True
    assert t.snapshot["undo"]["policy"] == "last"
    assert [line["text"] for line in t.snapshot["log"] if line["kind"] == "setting"] == [
        "Undo of the last move turned on.", "Hints turned on."]
    with pytest.raises(ValueError, match="pace must be a number of seconds from 0 to 10"):
        t.pace = 20
    with pytest.raises(ValueError, match=r"scale must be a number from 0\.5 to 3"):
        t.scale = 0.1
    assert t.pace == 0.1 and t.scale == 1.5
    with pytest.raises(Exception, match="undo"):
        t.undo = "sometimes"


def test_the_browser_cannot_write_the_snapshot():
    t = table()
    before = t.snapshot
    sent = []
    t.send_state = lambda key=None: sent.append(key)  # what goes back to the browser
    # The comm message a view (or a console's model.set + save_changes) sends to write state.
    t._handle_msg({"content": {"data": {"method": "update", "state": {"snapshot": {"version": 999, "hand": []}},
                                        "buffer_paths": []}}, "buffers": []})
    t._handle_msg({"content": {"data": {"method": "update", "state": {"open_hands": True}, "buffer_paths": []}}, "buffers": []})
    assert t.snapshot == before and t.open_hands is False
    assert sent == ["snapshot", "snapshot"]  # the true snapshot is sent back over the forged one


def test_a_click_arrives_as_a_custom_message():
    t = table()
    move = t.round.legal_moves()[0]
    fields = {"tile": str(move.tile), "end": move.end} if isinstance(move, dl.Play) else {}
    content = {"action": "play" if fields else str(move), "version": t.version, "id": "v-1", **fields}
    t._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})
    assert t.snapshot["ack"] == "v-1" and len(t.round.history) > 0


def test_the_teachers_api_takes_the_same_path_as_a_click():
    t = table(hints=True)
    assert t.snapshot["undo"]["policy"] == "free"
    move, reason = t.hint()
    assert t.round.is_legal(move) and reason
    t.move(move)
    with pytest.raises(IntentError, match="not in your hand"):
        t.play("6-6" if dl.Tile(6, 6) not in t.round.hands[0] else "0-0", "left")
    with pytest.raises(IntentError, match="still being played"):
        t.next_hand()
    with pytest.raises(IntentError, match="cannot read 'jump'"):
        t.move("jump")
    rng = random.Random(0)
    while not t.round.is_over:
        t.move(rng.choice(t.round.legal_moves()))
    with pytest.warns(DeprecationWarning, match="next_hand"):
        t.next_round()
    assert len(t.match.rounds) == 1 and t.snapshot["hand_number"] == 2
    t.new_match()
    assert t.match.rounds == [] and t.snapshot["match_number"] == 2


def test_two_people_can_share_a_table_from_code_too():
    t = DominoTable("standard", seats=["human", "human"], seed=3)
    assert repr(t) == "<DominoTable standard, 2 players: South (human), North (human)>"
    assert t.snapshot["screen"] is not None and t.snapshot["hand"] == []
    t.move(t.round.legal_moves()[0])  # code acts for the person to play
    assert len(t.round.history) >= 1


def test_records_carry_on_and_a_finished_match_loads():
    t = table(target=20, seed=5)
    rng = random.Random(2)
    while not t.match.is_over:
        while not t.round.is_over:
            t.move(rng.choice(t.round.legal_moves()))
        if not t.match.is_over:
            t.next_hand()
    again = DominoTable.from_record(json.loads(json.dumps(t.record())))
    assert again.snapshot["scoreboard"]["match_over"] and again.match.scores == t.match.scores
    again.new_match()
    assert again.snapshot["match_number"] == 2
    with pytest.raises(dl.RecordError, match="format"):
        DominoTable.from_record({"format": "something else"})


def test_a_stable_repr_for_notebooks():
    t = table()
    assert repr(t) == "<DominoTable standard, 2 players: you vs greedy>"


# ---------------------------------------------------------------- the shipped front end
def test_the_front_end_is_read_from_domino_widget_in_a_checkout():
    js = (ROOT / "domino_widget" / "src" / "widget.js").read_text()
    css = (ROOT / "domino_widget" / "src" / "widget.css").read_text()
    assert frontend_file("widget.js").read_text() == js and str(DominoTable._esm) == js
    assert str(DominoTable._css) == css
    # One module bundled from domino_widget/src/parts (npm run build): render is its default export.
    assert re.search(r"export \{[^}]*\bas default\b", js) and "{ render }" in js and "data-lm-suppress-shortcuts" in js
    assert not re.search(r"^\s*import\s", js, re.M)  # anywidget loads it from a string: no imports
    assert "--jp-layout-color1" in css and "prefers-reduced-motion" in css


@pytest.mark.slow  # builds a wheel in a subprocess
def test_the_wheel_ships_the_front_end_and_the_voila_template(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(tmp_path),
                    str(ROOT)], check=True)
    (wheel,) = tmp_path.glob("dominolab-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        assert archive.read("dominolab/static/widget.js") == (ROOT / "domino_widget/src/widget.js").read_bytes()
        assert archive.read("dominolab/static/widget.css") == (ROOT / "domino_widget/src/widget.css").read_bytes()
    template = [n for n in names if "/share/jupyter/voila/templates/dominolab/" in n]
    assert any(n.endswith("index.html.j2") for n in template) and any(n.endswith("conf.json") for n in template)
    assert not any("node_modules" in n or n.endswith(".test.js") for n in names)


def test_the_js_test_fixtures_are_current():
    spec = importlib.util.spec_from_file_location("widget_fixtures", ROOT / "tools" / "widget_fixtures.py")
    fixtures = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fixtures)
    assert fixtures.OUT.read_text(encoding="utf-8") == fixtures.render(), (
        "domino_widget/test/fixtures/snapshots.json is stale: run python tools/widget_fixtures.py")


# ---------------------------------------------------------------------- the classroom tournament


NOON = datetime.datetime(2026, 1, 5, 12, tzinfo=datetime.timezone.utc)


def class_tournament(hands: int = 2) -> Tournament:
    return Tournament.create("standard", hands=hands, opponents="greedy", seed=77)


def play_to_the_end(table: DominoTable, seed: int) -> None:
    rng = random.Random(seed)
    while not table.session.is_finished:
        if table.round.is_over:
            table.next_hand()
        else:
            table.move(rng.choice(table.round.legal_moves()))


def test_a_student_plays_a_tournament_from_its_code_or_its_file(tmp_path):
    t = class_tournament()
    by_code = DominoTable.tournament(t.code, name="Ana", folder=tmp_path)
    by_file = DominoTable.tournament(str(t.save(tmp_path / "class.json")), name="Ben", folder=tmp_path)
    assert by_code.round.start == by_file.round.start == t.deal(0).start
    assert repr(by_code) == f"<DominoTable tournament {t.id}: Ana>"
    # The header names it by the code the students typed, as the board shows it (not its id).
    assert by_code.snapshot["tournament"]["banner"] == f"Tournament {t.code} — hand 1 of 2"
    assert (by_code.undo, by_code.hints, by_code.open_hands) == ("off", False, False)
    with pytest.raises(ValueError, match="undo is fixed at this table"):
        by_code.undo = "free"
    with pytest.raises(ValueError, match="hints is fixed at this table"):
        by_code.hints = True
    assert (by_code.undo, by_code.hints) == ("off", False)
    with pytest.raises(IntentError, match="Undo is off in a tournament"):
        by_code.take_back()
    with pytest.raises(IntentError, match="Hints are off in a tournament"):
        by_code.hint()
    play_to_the_end(by_code, 1)
    play_to_the_end(by_file, 2)
    assert by_code.snapshot["tournament"]["saved_to"] == str(tmp_path / by_code.session.entry.filename())
    board = t.leaderboard(tmp_path)
    assert {row["name"] for row in board.rows} == {"Ana", "Ben"}
    assert board.rejected == [("class.json", "not a Domino Lab tournament result")]


def test_a_tournament_table_names_what_is_wrong_with_its_input(tmp_path):
    t = class_tournament()
    with pytest.raises(TournamentError, match="a name is needed"):
        DominoTable.tournament(t.code, name="")
    with pytest.raises(TournamentError, match="has a typo"):
        DominoTable.tournament(t.code[:-1] + ("0" if t.code[-1] != "0" else "1"), name="Ana")
    with pytest.raises(TournamentError, match="no tournament file at"):
        DominoTable.tournament(str(tmp_path / "missing.json"), name="Ana")


def test_the_upload_box_ranks_results_as_they_arrive_and_says_why_one_is_turned_away(tmp_path):
    t = class_tournament(hands=1)
    files = {}
    for i, name in enumerate(["Ana", "Ben"]):
        table = DominoTable.tournament(t, name=name, folder=tmp_path)
        play_to_the_end(table, i)
        files[name] = table.session.saved_to.read_bytes()
    box = ResultsUpload(t)
    assert "No result files yet" in box.children[1].value and "Download the standings" not in box.children[1].value
    box.add("Ana.json", files["Ana"])
    assert [row["name"] for row in box.leaderboard.rows] == ["Ana"]
    # What ipywidgets.FileUpload gives when files are chosen (several at once).
    forged = json.loads(files["Ben"])
    forged["points"] += 50
    box.children[0].value = (
        {"name": "Ben.json", "type": "application/json", "size": len(files["Ben"]), "content": memoryview(files["Ben"]),
         "last_modified": NOON},
        {"name": "Ben-better.json", "type": "application/json", "size": 1, "content": memoryview(json.dumps(forged).encode()),
         "last_modified": NOON},
    )
    assert box.files == ["Ana.json", "Ben.json", "Ben-better.json"]
    assert {row["name"] for row in box.leaderboard.rows} == {"Ana", "Ben"}
    assert box.leaderboard.rejected == [("Ben-better.json", f"it claims {forged['points']} points, but its hands score {forged['points'] - 50}")]
    html = box.children[1].value
    assert "3 files added." in html and "Ben-better.json" in html and "<td>Ana</td>" in html
    link = re.search(r'<a href="data:text/csv;charset=utf-8,([^"]*)" download="standings-([0-9a-f]+)\.csv">', html)
    assert link and urllib.parse.unquote(link.group(1)) == box.leaderboard.to_csv() and link.group(2) == t.id
    with pytest.raises(ValueError, match="a file needs a name"):
        box.add("", b"{}")
