"""The board always renders: every file that cannot be read or checked is listed with its
reason (never raised, never waited on), the upload box survives any upload, and a bad
tournament file or dict raises TournamentError naming what is wrong."""

import datetime
import json
import os

import pytest

from dominolab.tournament import MAX_FILE_BYTES, Tournament, TournamentError
from dominolab.widget import ResultsUpload

from .students import AnyMove, finish, play_student


@pytest.fixture(scope="module")
def t():
    return Tournament.create("standard", hands=2, opponents="greedy", seed=4242)


@pytest.fixture(scope="module")
def good(t):
    return {name: play_student(t, name, seed).result() for seed, name in enumerate(["Ana", "Ben"])}


def result_with(good, change):
    data = json.loads(json.dumps(good["Ben"]))
    change(data)
    return json.dumps(data).encode()


BAD_UPLOADS = [
    ("out-of-range hands", lambda d: d["tournament"].update(hands=10**6), "hands must be a whole number from 1 to 100"),
    ("out-of-range seed", lambda d: d["tournament"].update(seed=-1), "seed must be a whole number"),
    ("seed as text", lambda d: d["tournament"].update(seed="42"), "seed must be a whole number"),
    ("opponents a dict", lambda d: d["tournament"].update(opponents={"a": 1}), "opponents must be a list"),
    ("opponent unhashable", lambda d: d["tournament"].update(opponents=[["greedy"]]), "no computer player named"),
    ("rules garbage", lambda d: d["tournament"].update(rules=[1, 2]), "its tournament is not this one"),
    ("hands not a list", lambda d: d.update(hands={"0": 1}), "hands must be a list"),
    ("hand a number", lambda d: d["hands"].__setitem__(0, 7), "hand 1: the record does not replay"),
    ("points huge", lambda d: d.update(points=10**4000), "claims .* points"),
    ("name a list", lambda d: d.update(name=["Ben"]), "a name is needed"),
]


@pytest.mark.parametrize(("what", "change", "reason"), BAD_UPLOADS, ids=[b[0] for b in BAD_UPLOADS])
def test_a_result_with_bad_values_is_rejected_with_its_reason(t, good, what, change, reason):
    import re

    board = t.leaderboard([("bad.json", result_with(good, change)), ("Ana.json", json.dumps(good["Ana"]).encode())])
    assert [row["name"] for row in board.rows] == ["Ana"]
    (label, why), = board.rejected
    assert label == "bad.json" and re.search(reason, why), why


@pytest.mark.parametrize(("blob", "reason"), [
    (b"[" * 100_000, "nests too deeply"),
    (b'{"format": ' + b"9" * 5000 + b"}", "not a result file"),
    (b"\xff\xfe{}", "not UTF-8"),
    (b"{" * 5000, "not a JSON file|nests too deeply"),
    (b" " * (MAX_FILE_BYTES + 1), "too large"),
])
def test_garbage_is_rejected_with_its_reason(t, blob, reason):
    import re

    (_, why), = t.leaderboard([("junk.json", blob)]).rejected
    assert re.search(reason, why), why


def test_a_folder_of_odd_entries_still_renders_and_names_each_one(t, good, tmp_path, monkeypatch):
    (tmp_path / "ana.json").write_text(json.dumps(good["Ana"]), encoding="utf-8")
    (tmp_path / "x.json").mkdir()
    (tmp_path / "broken.json").symlink_to(tmp_path / "nowhere.json")
    (tmp_path / "zero.json").symlink_to("/dev/zero")
    (tmp_path / "link.json").symlink_to(tmp_path / "ana.json")
    os.mkfifo(tmp_path / "pipe.json")
    (tmp_path / "locked.json").write_text(json.dumps(good["Ben"]), encoding="utf-8")
    (tmp_path / "deep.json").write_bytes(b"[" * 100_000)
    (tmp_path / "big.json").write_bytes(b" " * (MAX_FILE_BYTES + 10))
    real_open = os.open

    def refusing_open(path, flags, *args, **kw):  # root reads any file: refuse this one by hand
        if str(path).endswith("locked.json"):
            raise PermissionError(13, "Permission denied")
        return real_open(path, flags, *args, **kw)

    monkeypatch.setattr(os, "open", refusing_open)
    board = t.leaderboard(tmp_path)
    reasons = dict(board.rejected)
    assert [row["name"] for row in board.rows] == ["Ana"]
    assert "a folder" in reasons["x.json"]
    assert "broken symbolic link" in reasons["broken.json"]
    assert "symbolic link" in reasons["zero.json"] and "symbolic link" in reasons["link.json"]
    assert "named pipe" in reasons["pipe.json"]
    assert "Permission denied" in reasons["locked.json"]
    assert "nests too deeply" in reasons["deep.json"]
    assert "too large" in reasons["big.json"]
    assert "pipe.json" in board.table() and "x.json" in board._repr_html_()


def test_a_tournament_file_that_is_a_link_to_a_device_or_a_pipe_is_refused(tmp_path):
    (tmp_path / "zero.json").symlink_to("/dev/zero")
    os.mkfifo(tmp_path / "pipe.json")
    (tmp_path / "dir.json").mkdir()
    for name, words in [("zero.json", "a device"), ("pipe.json", "named pipe"), ("dir.json", "a folder"),
                        ("missing.json", "no tournament file")]:
        with pytest.raises(TournamentError, match=words):
            Tournament.load(tmp_path / name)


def good_dict():
    return Tournament.create("standard", hands=2, opponents="greedy", seed=4242).to_dict()


def changed(**fields):
    data = good_dict()
    data.update(fields)
    return data


@pytest.mark.parametrize(("data", "words"), [
    (None, "not a Domino Lab tournament file"),
    ([1, 2], "not a Domino Lab tournament file"),
    (changed(version="1"), "unknown tournament version"),
    (changed(hands=0), "hands must be a whole number from 1 to 100"),
    (changed(hands=2.0), "hands must be a whole number"),
    (changed(hands=10**5000), "hands must be a whole number"),
    (changed(seed=2**40), "seed must be a whole number from 0"),
    (changed(seed=True), "seed must be a whole number"),
    (changed(opponents="greedy"), "opponents must be a list"),
    (changed(opponents=["greedy"] * 50), "opponents must be a list of at most"),
    (changed(opponents=[{"kind": "greedy"}]), "no computer player named"),
    (changed(baseline=None), "no computer player named None"),
    (changed(title=7), "title must be text"),
    (changed(rules="standard"), "rules"),
    (changed(rules={"name": 1}), "rules"),
    (changed(extra=1), "fields are not the ones"),
    (changed(id="0" * 12), "changed after it was made"),
])
def test_a_bad_tournament_dict_raises_tournament_error_naming_it(data, words):
    with pytest.raises(TournamentError, match=words):
        Tournament.from_dict(data)
    with pytest.raises(TournamentError, match=words):
        Tournament.load(data) if isinstance(data, dict) else Tournament.from_dict(data)


@pytest.mark.parametrize(("text", "words"), [
    ("[" * 100_000, "nests too deeply"),
    ('{"seed": ' + "9" * 5000 + "}", "not a result file|digits"),
    ("{not json", "not a JSON file"),
])
def test_a_bad_tournament_file_raises_tournament_error_naming_it(tmp_path, text, words):
    path = tmp_path / "class.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(TournamentError, match=words):
        Tournament.load(path)


@pytest.mark.parametrize("code", ["standard-99-greedy-3-00000000X", "standard-2-greedy-999-00000000X",
                                  "standard-²-greedy-3-00000000X", "standard-" + "9" * 60 + "-greedy-3-00000000X"])
def test_an_out_of_range_code_raises_tournament_error(code):
    with pytest.raises(TournamentError):
        Tournament.load(code)


# ---------------------------------------------------------------------- the upload box


def test_the_upload_box_survives_any_upload_and_can_remove_a_file(t, good):
    box = ResultsUpload(t)
    box.add("deep.json", b"[" * 100_000)
    box.add("range.json", result_with(good, lambda d: d["tournament"].update(hands=10**6)))
    upload = {"type": "application/json", "size": 3, "last_modified": datetime.datetime(2026, 1, 5, tzinfo=datetime.timezone.utc)}
    box.children[0].value = ({**upload, "name": "odd", "content": memoryview(b"\x00\x01")},
                             {**upload, "name": "", "content": memoryview(b"{}")})
    box.add("Ana.json", json.dumps(good["Ana"]))
    box.add("Ben.json", json.dumps(good["Ben"]).encode())
    assert {row["name"] for row in box.leaderboard.rows} == {"Ana", "Ben"}
    assert {label for label, _ in box.leaderboard.rejected} == {"deep.json", "range.json", "odd", "upload 2"}
    box.remove("deep.json")
    box.children[2].children[0].value = "range.json"  # the file chooser, then the Remove button
    box.children[2].children[1].click()
    assert box.files == ["odd", "upload 2", "Ana.json", "Ben.json"]
    assert {label for label, _ in box.leaderboard.rejected} == {"odd", "upload 2"}
    with pytest.raises(ValueError, match=r"no file named .nope\.json."):
        box.remove("nope.json")


def test_the_upload_box_checks_each_file_once(t, good, monkeypatch):
    box = ResultsUpload(t)
    calls = []
    real = Tournament.check
    monkeypatch.setattr(Tournament, "check", lambda self, data: calls.append(1) or real(self, data))
    box.add("Ana.json", json.dumps(good["Ana"]))
    box.add("Ben.json", json.dumps(good["Ben"]))
    box.add("Ben-again.json", json.dumps(good["Ben"]))  # the same bytes: checked already
    assert len(calls) == 2
    box.remove("Ana.json")
    box.add("Ana.json", json.dumps(good["Ana"]))
    assert len(calls) == 2 and {row["name"] for row in box.leaderboard.rows} == {"Ana", "Ben"}


# ---------------------------------------------------------------------- safe outputs

HOSTILE = ['=HYPERLINK("http://x.example","click")', "+1+2", "-3-4", "@SUM(A1:A9)", r"$\frac$", "$x$ and $y$",
           "&lt;script&gt;", "a & b", "\\", "%s %d {0}", "'quoted'", "a_b^c", r"\$escaped"]


@pytest.fixture(scope="module")
def hostile_board(t):
    # Each plays the heaviest tile (what many students play): the names are what is tested, and
    # usual moves cost the leaderboard's check no search (random ones cost it 18 s of the fast loop).
    from dominolab.players import GreedyPlayer

    results = []
    for n, name in enumerate(HOSTILE):
        results.append((f"{n}.json", finish(t.entry(name), GreedyPlayer(n)).result()))
    board = t.leaderboard(results, accept=HOSTILE)
    assert board.rejected == [] and len(board.rows) == len(HOSTILE)
    return board


def test_hostile_names_are_text_in_the_csv(hostile_board):
    import csv
    import io

    rows = list(csv.reader(io.StringIO(hostile_board.to_csv())))[1:]
    cells = {row[1] for row in rows}
    assert not any(cell[:1] in "=+-@\t\r" for cell in cells)
    assert {c[1:] if c.startswith("'") and c[1:2] in "=+-@" else c for c in cells} == set(HOSTILE)


def test_hostile_names_are_escaped_in_html_and_the_table(hostile_board):
    html = hostile_board._repr_html_()
    assert "&lt;script&gt;" not in html and "&amp;lt;script&amp;gt;" in html  # the name's own text, escaped
    assert "a &amp; b" in html
    text = hostile_board.table()
    assert all(name[:20] in text for name in HOSTILE)


def test_hostile_names_are_drawn_literally_in_the_chart(hostile_board):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    for by in ("points", "duplicate"):
        ax = hostile_board.plot(by=by)
        ax.figure.canvas.draw()  # "$\frac$" used to raise here
        shown = [label.get_text() for label in ax.get_yticklabels()]
        assert sorted(s.replace(r"\$", "$").replace("\n", "") for s in shown) == sorted(HOSTILE)  # wrapped only
        for label in ax.get_yticklabels():  # what is drawn is the name itself, not mathematics
            assert label._preprocess_math(label.get_text())[1] is False
        plt.close(ax.figure)


# ---------------------------------------------------------------------- what editors and file systems write


def test_a_result_saved_with_a_byte_order_mark_is_read(t, good, tmp_path):
    bom = b"\xef\xbb\xbf"  # what Notepad writes before UTF-8 text
    board = t.leaderboard([("ana.json", bom + json.dumps(good["Ana"]).encode())])
    assert board.rejected == [] and [row["name"] for row in board.rows] == ["Ana"]
    path = t.save(tmp_path / "class.json")
    path.write_bytes(bom + path.read_bytes())
    assert Tournament.load(path) == t


def test_a_file_name_that_is_not_utf8_is_shown_safely(t, good, tmp_path):
    raw = os.fsdecode(b"caf\xff.json")  # a name written by another system: byte 0xff is not UTF-8
    (tmp_path / raw).write_text(json.dumps(good["Ana"]), encoding="utf-8")
    (tmp_path / os.fsdecode(b"bad\xfe.json")).write_bytes(b"not json")
    board = t.leaderboard(tmp_path)
    html = board._repr_html_()
    html.encode("utf-8")  # used to raise UnicodeEncodeError: a page could not show the board
    board.table().encode("utf-8")
    assert [row["file"] for row in board.rows] == ["caf\\xff.json"]
    assert "bad\\xfe.json" in html


@pytest.mark.parametrize("name", ["\u3164", "\u3164\u3164", "\u115f", "\uffa0", "\u2800", "\u0301", "Ana \u3164",
                                  "\u200b", "a\x00b"])
def test_a_name_that_looks_blank_is_refused_like_other_unprintable_ones(t, good, name):
    with pytest.raises(TournamentError, match=r"at most 40 printable characters|a name is needed"):
        t.entry(name)
    board = t.leaderboard([("x.json", {**good["Ana"], "name": name})])
    assert board.rows == [] and ("printable" in board.rejected[0][1] or "name is needed" in board.rejected[0][1])


def test_names_with_accents_marks_and_emoji_are_still_names(t):
    for name in ("Chloé", "Zoë", "李雷", "José\u0301", "Ana ❤️", "O'Brien", "ㅎ"):
        assert t.entry(name).name == name


def test_long_names_are_drawn_whole_in_the_chart(t):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = ["Maximiliana Wolkenstein", "x" * 40, "Ana", "W" * 30, "Jean-Baptiste Alexandre de la Tour"]
    results = []
    for n, name in enumerate(names):
        results.append((f"{n}.json", finish(t.entry(name), AnyMove(n)).result()))
    board = t.leaderboard(results, accept=names)
    for by in ("points", "duplicate"):
        ax = board.plot(by=by)
        fig = ax.figure
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
        inside = fig.bbox
        for label in ax.get_yticklabels():
            box = label.get_window_extent(renderer)
            assert box.x0 >= inside.x0 - 0.5 and box.x1 <= inside.x1 + 0.5, label.get_text()
        shown = sorted("".join(label.get_text().split()) for label in ax.get_yticklabels())
        assert shown == sorted("".join(name.split()) for name in names)  # whole, only wrapped
        plt.close(fig)
