"""The classroom tournament in real JupyterLab and headless Chromium: two students each open a
notebook, play the tournament's two hands with clicks and keys to the end (the result is saved in
the shared folder, and downloaded as the JupyterLite route would), then the teacher's notebook
ranks them with ``t.leaderboard(folder)``.

The notebooks are written through the server's contents API into a folder of their own; each
kernel starts in it, so ``folder="results"`` is one shared folder, as on a JupyterHub.
"""

from __future__ import annotations

import json
import urllib.request

import nbformat
import pytest

from dominolab.tournament import Tournament

from .conftest import ARTIFACTS
from .test_lab import KERNEL_IDLE, TIMEOUT, kernel, kernel_json
from .test_static_page import FIXTURES, mount

TOURNAMENT = Tournament.create("standard", hands=2, opponents="greedy", seed=2024)
STUDENTS = ("Ana", "Ben")

STUDENT_CELLS = [
    "import dominolab as dl\nfrom dominolab.widget import DominoTable",
    'table = DominoTable.tournament("{code}", name="{name}", folder="results", pace=0)\ntable',
]
TEACHER_CELLS = [
    "import dominolab as dl\nfrom dominolab.widget import ResultsUpload",
    't = dl.Tournament.from_code("{code}")\nboard = t.leaderboard("results")\nboard',
    "box = ResultsUpload(t)\nbox",
]


def put_notebook(server, path: str, cells: list[str]) -> None:
    """Write a notebook into the server's root through its contents API."""
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source) for source in cells])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    for kind, target, body in (("directory", path.rsplit("/", 1)[0], {"type": "directory"}),
                               ("notebook", path, {"type": "notebook", "content": json.loads(nbformat.writes(nb))})):
        request = urllib.request.Request(f"{server.url}/api/contents/{target}?token={server.token}",
                                         data=json.dumps(body).encode(), method="PUT",
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as reply:
            assert reply.status in (200, 201), (kind, reply.status)


def open_and_run(page, server, path: str) -> None:
    page.goto(f"{server.url}/lab/tree/{path}?reset&token={server.token}")
    page.wait_for_function(KERNEL_IDLE, timeout=TIMEOUT)
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")


@pytest.fixture
def tab(browser):
    """A new browser tab and the page errors it records (closed after the test)."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000}, accept_downloads=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page, errors
    context.close()


def student_table(page, server, path: str, name: str):
    """Open a student's notebook at ``path`` (the tournament's cells, typed by ``name``), run it,
    and return its table once it is drawn."""
    put_notebook(server, path, [cell.format(code=TOURNAMENT.code, name=name) for cell in STUDENT_CELLS])
    open_and_run(page, server, path)
    page.wait_for_function("() => document.querySelectorAll('.dl-root').length === 1", timeout=TIMEOUT)
    return page.locator(".dl-root").first


#: The table's letter keys by language (``table_words.keys``): at a Spanish table I for the
#: left end, R to draw (robar), P to pass (pasar).
KEYS = {"en": {"left": "l", "draw": "d", "pass": "p"}, "es": {"left": "i", "draw": "r", "pass": "p"}}


def make_move(page, root, pick: int = 0, language: str = "en") -> None:
    """One move as a student makes it: a click on a playable tile (the ``pick``-th: 0 the first,
    -1 the last; the left end's key if it fits both ends), else the draw or pass key."""
    keys = KEYS[language]
    playable = root.locator(".dl-hand .dl-playable")
    if playable.count():
        playable.nth(pick if pick >= 0 else playable.count() + pick).click()
        if root.locator('[data-key="choose:left"]').count():
            page.keyboard.press(keys["left"])
    else:
        root.evaluate("(r) => r.focus()")
        page.keyboard.press(keys["draw"] if root.locator('[data-key="action:draw"]').is_enabled() else keys["pass"])


def make_moves(page, root, moves: int) -> None:
    """``moves`` moves, each once it is the student's turn; returns once the table is no longer
    busy with the last one."""
    idle = "(r) => !r.hasAttribute('aria-busy') && r.dataset.yourTurn === 'true'"
    for _ in range(moves):
        page.wait_for_function(idle, arg=root.element_handle(), timeout=TIMEOUT)
        make_move(page, root)
    page.wait_for_function("(r) => !r.hasAttribute('aria-busy')", arg=root.element_handle(), timeout=TIMEOUT)


def play_tournament(page, root, pick: int, language: str = "en") -> int:
    """Play every hand with :func:`make_move` (``pick=0`` and ``pick=-1``: two students must not
    play the very same games, or the leaderboard takes the second for a copy); N deals the next
    hand.  Returns the moves made."""
    moves = 0
    idle = ("(r) => !r.hasAttribute('aria-busy') && "
            "(r.dataset.yourTurn === 'true' || r.dataset.over === 'true')")
    for _ in range(300):
        page.wait_for_function(idle, arg=root.element_handle(), timeout=TIMEOUT)
        if root.get_attribute("data-over") == "true":
            if root.locator('[data-key="tournament:saved"]').count():  # the tournament's end (a hub's has no download)
                return moves
            root.evaluate("(r) => r.focus()")
            page.keyboard.press("n")
            page.wait_for_function("(r) => r.dataset.over === 'false'", arg=root.element_handle(), timeout=TIMEOUT)
            continue
        make_move(page, root, pick, language)
        moves += 1
    pytest.fail("the tournament did not end")


def test_two_students_play_and_the_teacher_ranks_them(tab, lab, tmp_path):
    page, errors = tab
    code = TOURNAMENT.code
    points = {}
    for pick, name in zip((0, -1), STUDENTS, strict=True):
        root = student_table(page, lab, f"tournament/{name.lower()}.ipynb", name)
        banner = root.locator('[data-key="tournament:banner"]')
        assert f"Tournament {TOURNAMENT.code} — hand 1 of 2" in banner.inner_text()
        assert root.locator('[data-key="action:new"]').count() == 0
        assert root.locator('[data-key="action:undo"]').count() == 0
        assert play_tournament(page, root, pick) > 0
        assert f"Tournament {TOURNAMENT.code} — hand 2 of 2" in banner.inner_text()
        state = json.loads(kernel(page, "import json; print(json.dumps([str(table.session.saved_to), "
                                        "table.session.entry.points]))"))
        points[name] = state[1]
        filename = TOURNAMENT.entry(name).filename()
        assert state[0] == f"results/{filename}"
        assert root.locator('[data-key="tournament:saved"]').inner_text() == f"Your result is saved as {state[0]}."
        # The JupyterLite route: the same result, downloaded by the browser.
        with page.expect_download() as download:
            root.locator('[data-key="action:download"]').click()
        assert download.value.suggested_filename == filename
        download.value.save_as(tmp_path / download.value.suggested_filename)
        result = json.loads((tmp_path / download.value.suggested_filename).read_text(encoding="utf-8"))
        assert TOURNAMENT.check(result).points == points[name]
    put_notebook(lab, "tournament/teacher.ipynb", [cell.format(code=code) for cell in TEACHER_CELLS])
    open_and_run(page, lab, "tournament/teacher.ipynb")
    table = page.locator(".jp-OutputArea-output table").first
    table.wait_for(timeout=TIMEOUT)
    rows = table.locator("tr").all_inner_texts()[1:]
    assert "Rejected" not in page.locator(".jp-OutputArea-output").first.inner_text()
    assert sorted(row.split("\t")[1] for row in rows) == sorted(STUDENTS)
    ranks = {row.split("\t")[1]: (int(row.split("\t")[0]), int(row.split("\t")[2])) for row in rows}
    assert {name: ranks[name][1] for name in STUDENTS} == points
    best = max(points.values())
    assert all(ranks[name][0] == 1 for name in STUDENTS if points[name] == best)
    # The Binder and JupyterLite route: the downloaded files, chosen in the upload box, with
    # a classmate's file handed in under another name: its seals no longer match.
    ana = json.loads((tmp_path / TOURNAMENT.entry("Ana").filename()).read_text(encoding="utf-8"))
    (tmp_path / "zed.json").write_text(json.dumps({**ana, "name": "Zed"}), encoding="utf-8")
    box = page.locator(".widget-html").filter(has_text="No result files yet")
    box.wait_for(timeout=TIMEOUT)
    with page.expect_file_chooser() as chooser:
        page.locator(".widget-upload").click()
    chooser.value.set_files(sorted(tmp_path.glob("*.json")))
    page.locator(".widget-html").filter(has_text="3 files added.").wait_for(timeout=TIMEOUT)
    uploaded = page.locator(".widget-html").filter(has_text="3 files added.")
    assert sorted(uploaded.locator("tr td:nth-child(2)").all_inner_texts()) == sorted(STUDENTS)
    held = uploaded.inner_text()
    assert "Held for the teacher" in held and "Zed (zed.json)" in held
    assert "it carries the key of Ana's entry" in held
    with page.expect_download() as csv:
        uploaded.locator("a[download]").click()
    text = open(csv.value.path(), encoding="utf-8").read()
    assert text.startswith("rank,name,points,duplicate,hands_won,hand_1,hand_2") and all(n in text for n in STUDENTS)
    assert not errors


def test_a_kernel_restart_mid_tournament_carries_on_at_the_same_move(tab, lab):
    """The student plays a few moves by mouse and keys, the kernel restarts: the table greys
    out saying the moves were kept, and running the cell again shows the same hand at the
    same move (no hand is dealt twice)."""
    page, errors = tab
    state = "[table.session.entry.progress(), table.session.entry.index, len(table.session.round.history)]"
    root = student_table(page, lab, "tournament/cleo.ipynb", "Cleo")
    make_moves(page, root, 3)
    before = kernel_json(page, state)
    assert len(before[0]["moves"][0]) == 3
    page.evaluate("() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.restart()")
    page.wait_for_function("(r) => r.dataset.dead === 'true'", arg=root.element_handle(), timeout=TIMEOUT)
    assert "Your tournament moves were saved: run the cell again" in root.locator(".dl-dead-note").inner_text()
    page.wait_for_function(KERNEL_IDLE, timeout=TIMEOUT)
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    page.wait_for_function("() => { const r = document.querySelector('.dl-root');"
                           " return r && r.dataset.dead !== 'true' && r.dataset.yourTurn === 'true'; }",
                           timeout=TIMEOUT)
    assert kernel_json(page, state) == before
    assert f"Tournament {TOURNAMENT.code} — hand 1 of 2" in page.locator('[data-key="tournament:banner"]').inner_text()
    assert not errors


@pytest.mark.parametrize("width", [900, 400])
def test_the_end_of_a_tournament_fits_a_phone_and_offers_the_download(page, width):
    """The saved-to sentence (a long path) and the download button wrap, never overflow."""
    mount(page, "tournament_over", width)
    info = FIXTURES["tournament_over"]["tournament"]
    link = page.locator('[data-key="action:download"]')
    assert link.is_visible() and link.get_attribute("download") == info["filename"]
    assert page.locator('[data-key="tournament:banner"]').inner_text().startswith(f" · {info['banner']}")
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    with page.expect_download() as download:
        link.click()
    assert open(download.value.path(), encoding="utf-8").read() == info["result"]
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator(".dl-root").screenshot(path=str(ARTIFACTS / f"static-tournament-over-{width}.png"))


def test_a_second_student_of_the_same_name_plays_a_game_of_their_own(tab, lab):
    """Two students both type "Dora" in one shared folder: the second is told the name is taken
    and plays a game of their own to the end; the first one's game, and file, are untouched."""
    page, errors = tab
    progress = "[table.session.entry.key, table.session.entry.progress()['moves']]"
    first = "same-name/dora.ipynb"
    root = student_table(page, lab, first, "Dora")
    make_moves(page, root, 1)
    before = kernel_json(page, progress)
    assert len(before[1][0]) == 1
    # another student's notebook (another kernel), same folder
    root = student_table(page, lab, "same-name/dora-too.ipynb", "dora")
    message = root.locator(".dl-message")
    message.wait_for(timeout=TIMEOUT)
    assert "Someone called dora has already started this tournament in this folder" in message.inner_text()
    assert kernel_json(page, progress)[0] != before[0]
    assert play_tournament(page, root, -1) > 0
    saved = json.loads(kernel(page, "import json; print(json.dumps(str(table.session.saved_to)))"))
    assert saved.endswith("-2.json")  # beside the first Dora's files, never over them
    assert kernel_json(page, "[table.session.entry.key]")[0] != before[0]
    page.goto(f"{lab.url}/lab/tree/{first}?reset&token={lab.token}")  # the first Dora's kernel: untouched
    page.wait_for_function(KERNEL_IDLE, timeout=TIMEOUT)
    assert kernel_json(page, progress) == before
    assert not errors
