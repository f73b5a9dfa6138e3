"""The JupyterLite site, built by ``lite/build.py`` and run offline in headless Chromium.

What a learner with no Jupyter server gets: the lessons open in JupyterLab in the browser,
the Pyodide kernel (Python 3.14) boots from files the site serves itself, ``import
dominolab`` works with no ``%pip``, and the engine computes exactly what it computes natively.

How: the site is built into a temp folder (or ``DOMINOLAB_LITE_SITE`` names a fresh build
of the current tree), served on 127.0.0.1 by a thread, and opened in Debian's
``/usr/bin/chromium`` through Playwright.  Every request the page, its kernel worker and its
service worker make is recorded, and a test fails on any request that leaves 127.0.0.1
(``blob:`` and ``data:`` URLs never leave the browser).  Chromium also resolves no host but
127.0.0.1, so nothing can leave by a path Playwright does not report.  Tests wait on
conditions in the page (kernel idle, cells executed), never on sleeps, and assert on Python
state that a cell prints.

Run alone: ``pytest -m lite`` (about a minute; needs npm, PyPI and chromium, and skips
without them unless ``CI`` is set, when it fails instead).
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Optional
from urllib.parse import urlsplit

import pytest

pytestmark = [pytest.mark.lite, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"

# The shared ``browser`` fixture (conftest.py) launches Chromium with a host resolver that
# knows only 127.0.0.1: a request to any other host fails in the browser instead of leaving.

BOOT_TIMEOUT_MS = 240_000  # Pyodide boot: ~15 s on an idle 2-core machine
RUN_TIMEOUT_MS = 300_000

#: Defines ``window.__dominolabNotebook(path)``: the notebook panel open at ``path``.
FIND_NOTEBOOK = """
window.__dominolabNotebook = (path) => window.jupyterapp
    && Array.from(window.jupyterapp.shell.widgets('main')).find(w => w.context && w.context.path === path);
"""

KERNEL_IDLE = """(path) => {
    const nb = window.__dominolabNotebook && window.__dominolabNotebook(path);
    const kernel = nb && nb.sessionContext.session && nb.sessionContext.session.kernel;
    return Boolean(kernel && kernel.status === 'idle' && nb.context.isReady);
}"""

#: True once every non-empty code cell has an execution count (they were all cleared first),
#: or a cell shows an error (run-all stops there), and the kernel is idle again.
RUN_FINISHED = """(path) => {
    const nb = window.__dominolabNotebook(path);
    const kernel = nb.sessionContext.session.kernel;
    const cells = nb.model.toJSON().cells.filter(c => c.cell_type === 'code' && [].concat(c.source).join('').trim());
    const failed = cells.some(c => c.outputs.some(o => o.output_type === 'error'));
    const done = cells.every(c => c.execution_count !== null);
    return (done || failed) && kernel.status === 'idle';
}"""

EXECUTE = """async ([path, code, timeoutMs]) => {
    const nb = window.__dominolabNotebook(path);
    const future = nb.sessionContext.session.kernel.requestExecute({code, store_history: false});
    let stdout = '', error = null;
    future.onIOPub = (msg) => {
        const type = msg.header.msg_type;
        if (type === 'stream' && msg.content.name === 'stdout') stdout += msg.content.text;
        if (type === 'error') error = msg.content.ename + ': ' + msg.content.evalue;
    };
    const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error('kernel did not answer')), timeoutMs));
    await Promise.race([future.done, timeout]);
    return {stdout, error};
}"""

#: The same engine workload runs natively (here) and in the browser; their digests must match.
#: It touches every preset, matches, the simulator (which imports concurrent.futures) and the
#: search player, so Python 3.14 semantics are exercised well beyond one notebook.
ENGINE_DIGEST = """
import hashlib, json, sys
import dominolab as dl

digest = {"python": list(sys.version_info[:2]), "platform": sys.platform, "version": dl.__version__,
          "module": dl.__file__.replace("\\\\", "/").split("/")[-3]}
for name in dl.Rules.presets():
    rules = dl.Rules.preset(name)
    seats = 4 if rules.partnerships else 2
    match = dl.Match(rules, seats=[dl.RandomPlayer(seat) for seat in range(seats)], seed=5).play()
    digest[name] = [match.scores, match.winner, len(match.rounds)]
study = dl.simulate("standard", ["strategy", "greedy"], rounds=40, seed=2, progress=False)
digest["simulate"] = hashlib.sha256(json.dumps(study.records, sort_keys=True).encode()).hexdigest()
r = dl.Round.deal(dl.Rules.preset("standard"), players=2, seed=9)
digest["search"] = str(dl.players.create("search", seed=1).choose(r.view(r.turn)))
print(json.dumps(digest, sort_keys=True))
"""

ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")  # as in tests/nbval_sanitize.cfg


def require(condition: Any, reason: str) -> None:
    """Skip when a tool the test needs is missing, except in CI (``CI`` set), where that fails."""
    if not condition:
        if os.environ.get("CI"):
            pytest.fail(f"{reason} (CI must install it: see .ci/run)")
        pytest.skip(reason)


def is_local(url: str) -> bool:
    """True for URLs that do not leave the machine: 127.0.0.1, ``blob:`` and ``data:``."""
    parts = urlsplit(url)
    return parts.scheme in ("blob", "data") or parts.hostname == "127.0.0.1"


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types Pyodide needs (wasm streaming, ES modules), quietly."""

    extensions_map = {  # noqa: RUF012  (the base class's attribute, extended)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
        ".json": "application/json", ".whl": "application/zip",
    }

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="session")
def lite_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site: ``DOMINOLAB_LITE_SITE`` if set, else a fresh build in a temp folder."""
    reuse = os.environ.get("DOMINOLAB_LITE_SITE")
    if reuse:
        return Path(reuse)
    require(shutil.which("npm"), "npm is needed to fetch the pyodide package")
    pytest.importorskip("jupyterlite_core", reason="the site needs the lite extra: pip install -e '.[lite]'")
    work = tmp_path_factory.mktemp("lite")
    subprocess.run([sys.executable, str(ROOT / "lite" / "build.py"), "--output-dir", str(work / "site"),
                    "--work-dir", str(work / "build")], check=True)
    return work / "site"


@pytest.fixture(scope="session")
def site_url(lite_site: Path) -> Iterator[str]:
    """The site served on a free port of 127.0.0.1 for the session."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(SiteHandler, directory=str(lite_site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


class LitePage:
    """One browser context on the site: open a notebook, run it, ask its kernel for state."""

    def __init__(self, context: Any, base_url: str) -> None:
        self.base_url = base_url
        self.requests: list[str] = []
        self.failed: list[str] = []
        context.on("request", lambda request: self.requests.append(request.url))
        context.on("requestfailed", lambda request: self.failed.append(f"{request.url} ({request.failure})"))
        context.add_init_script(FIND_NOTEBOOK)
        self.page = context.new_page()
        self.path = ""

    @property
    def outside(self) -> list[str]:
        """Every request so far that would have left 127.0.0.1."""
        return sorted({url for url in self.requests if not is_local(url)})

    def open(self, notebook: str) -> None:
        """Open ``notebooks/<notebook>`` in JupyterLab and wait until its kernel is idle."""
        self.path = f"notebooks/{notebook}"
        self.page.goto(f"{self.base_url}/lab/index.html?path={self.path}")
        self.page.wait_for_function(KERNEL_IDLE, arg=self.path, timeout=BOOT_TIMEOUT_MS, polling=250)

    def run_all(self) -> dict:
        """Clear every output, run all cells, wait until they finish; return the notebook JSON."""
        self.page.evaluate("() => window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs')")
        self.page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
        self.page.wait_for_function(RUN_FINISHED, arg=self.path, timeout=RUN_TIMEOUT_MS, polling=250)
        return self.page.evaluate("(path) => window.__dominolabNotebook(path).model.toJSON()", self.path)

    def execute(self, code: str) -> str:
        """Run ``code`` in the notebook's kernel and return what it printed; raise on an error."""
        answer = self.page.evaluate(EXECUTE, [self.path, code, RUN_TIMEOUT_MS])
        if answer["error"]:
            raise AssertionError(f"the kernel raised {answer['error']}\nprinted: {answer['stdout']}")
        return answer["stdout"]


@pytest.fixture
def lite(browser: Any, site_url: str) -> Iterator[LitePage]:
    """A fresh browser context (fresh storage, so no autosaved notebook leaks between tests)."""
    context = browser.new_context()
    try:
        yield LitePage(context, site_url)
    finally:
        context.close()


def code_cells(notebook: dict) -> list[dict]:
    """The code cells that run (JupyterLab skips empty ones)."""
    return [c for c in notebook["cells"]
            if c["cell_type"] == "code" and "".join(c["source"]).strip()]


def errors(notebook: dict) -> list[str]:
    """Every error output, as 'cell N: Name: message'."""
    return [f"cell {i}: {o['ename']}: {o['evalue']}" for i, cell in enumerate(code_cells(notebook))
            for o in cell["outputs"] if o["output_type"] == "error"]


def comparable(cell: dict) -> Optional[list]:
    """A cell's outputs in a form to compare across runs, or None for cells that cannot be
    compared (widget views hold model ids; PNG plots need matplotlib, which is not offline)."""
    normalized: list = []
    for out in cell["outputs"]:
        data = out.get("data", {})
        if "application/vnd.jupyter.widget-view+json" in data or "image/png" in data:
            return None
        if out["output_type"] == "stream":
            text = ADDRESS.sub(" at 0xADDR", "".join(out["text"]))
            if normalized and normalized[-1][0] == "stream" and normalized[-1][1] == out["name"]:
                normalized[-1] = ("stream", out["name"], normalized[-1][2] + text)
            else:
                normalized.append(("stream", out["name"], text))
        elif out["output_type"] == "error":
            normalized.append(("error", out["ename"], out["evalue"]))
        else:
            normalized.append((out["output_type"], {mime: ADDRESS.sub(" at 0xADDR", "".join(value))
                                                    for mime, value in sorted(data.items())
                                                    if mime.startswith("text/") or mime == "image/svg+xml"}))
    return normalized


def native_digest() -> dict:
    """ENGINE_DIGEST run by this (native) Python."""
    done = subprocess.run([sys.executable, "-c", ENGINE_DIGEST], check=True, capture_output=True, text=True)
    return json.loads(done.stdout)


def assert_runs_like_committed(lite: LitePage, notebook: str) -> dict:
    """Run a notebook in the browser: no errors, and every comparable cell prints exactly what
    its committed (natively run, nbval-checked) outputs show."""
    lite.open(notebook)
    ran = lite.run_all()
    assert errors(ran) == [], f"{notebook} failed in the browser"
    committed = code_cells(json.loads((NOTEBOOKS / notebook).read_text()))
    assert len(code_cells(ran)) == len(committed)
    compared = 0
    for index, (here, there) in enumerate(zip(code_cells(ran), committed, strict=True)):
        expected = comparable(there)
        if expected is None:
            continue
        compared += 1
        assert comparable(here) == expected, f"{notebook} cell {index} differs from its committed output"
    assert compared > 0, f"{notebook} has no cell whose output could be compared"
    return ran


def test_quickstart_runs_offline_with_the_engine_from_the_site(lite: LitePage) -> None:
    """The quickstart runs top to bottom under Pyodide with every output as committed; the
    engine then computes, in the browser's Python 3.14, what it computes natively."""
    assert_runs_like_committed(lite, "quickstart.ipynb")
    state = json.loads(lite.execute(ENGINE_DIGEST))
    native = native_digest()
    assert (state.pop("python"), state.pop("platform")) == ([3, 14], "emscripten")
    assert state.pop("module") == "site-packages"  # the wheel from the Pyodide lock, not a %pip
    del native["python"], native["platform"], native["module"]
    assert state == native
    assert lite.outside == [], "requests left 127.0.0.1"


@pytest.mark.skipif(not (NOTEBOOKS / "01-the-rules.ipynb").exists(),
                    reason="notebooks/01-the-rules.ipynb arrives with the lessons issue")
def test_rules_lesson_runs_offline(lite: LitePage) -> None:
    """The rules lesson runs top to bottom in the browser with its committed outputs."""
    assert_runs_like_committed(lite, "01-the-rules.ipynb")
    assert lite.outside == [], "requests left 127.0.0.1"


@pytest.mark.skipif(not (NOTEBOOKS / "es" / "02-robar-y-tranques.ipynb").exists(),
                    reason="the Spanish lessons (notebooks/es/) are not here")
def test_a_spanish_lesson_runs_offline_in_spanish(lite: LitePage) -> None:
    """The site holds notebooks/es/: a Spanish lesson runs top to bottom in the browser with
    its committed (Spanish) outputs, and the engine's Spanish catalog loads from the wheel."""
    assert_runs_like_committed(lite, "es/02-robar-y-tranques.ipynb")
    printed = lite.execute("import dominolab as dl\ndl.set_language('es')\nprint(dl.Rules.preset('basic').title)")
    assert printed.strip() == "Dominó de robar básico"
    assert lite.outside == [], "requests left 127.0.0.1"



def test_the_tournament_notebook_runs_offline_and_opens_the_table_once_filled_in(lite: LitePage) -> None:
    """The students' tournament notebook, as shipped, prints its instructions in the browser;
    with the code and a name filled in (the JupyterLite route of the teachers' setup page), its
    cell opens the tournament's table for that name, in the page's own Python."""
    from dominolab.tournament import Tournament

    assert_runs_like_committed(lite, "tournament.ipynb")
    code = Tournament.create("standard", hands=2, opponents="greedy", seed=77).code
    lite.page.evaluate("""([path, code]) => {
        const nb = window.__dominolabNotebook(path).content;
        const index = nb.model.toJSON().cells.findIndex(c => c.cell_type === 'code');
        const cell = nb.model.cells.get(index);
        const source = cell.sharedModel.getSource();
        cell.sharedModel.setSource(source.replace('"..."', JSON.stringify(code)).replace('"..."', '"Ana"'));
        nb.activeCellIndex = index;
        window.jupyterapp.commands.execute('notebook:run-cell');
    }""", [lite.path, code])
    lite.page.wait_for_selector(".dl-root", timeout=RUN_TIMEOUT_MS)
    assert f"Tournament {code} — hand 1 of 2" in lite.page.locator('[data-key="tournament:banner"]').inner_text()
    assert lite.execute("print(table.session.entry.name, len(table.round.hands))").split() == ["Ana", "2"]
    assert lite.outside == [], "requests left 127.0.0.1"

#: Prints the play widget's Python state as JSON: the notebook's first table (``table``, shown
#: by the first widget on the page), the seat it plays for, whose turn it is, the line, the
#: human seat's legal tile plays, and the tiles the table must ask an end for (the engine's
#: parse_move finds them ambiguous: they fit both ends, which show different numbers).
TABLE_STATE = """
import json as _json
import dominolab as _dl

def _asks(r, tile):
    try:
        r.parse_move(tile)
    except _dl.AmbiguousMoveError:
        return True
    return False

_table = table
_round = _table.round
_seat = getattr(_table, "seat", 0)
print(_json.dumps({
    "seat": _seat, "turn": _round.turn, "over": _round.is_over,
    "version": _table.snapshot["version"], "history": len(_round.history),
    "line": [str(t) for t in _round.line.tiles],
    "plays": [[str(m.tile), m.end, m.tile.spoken] for m in _round.legal_moves() if isinstance(m, _dl.Play)],
    "asks": [str(m.tile) for m in _round.legal_moves() if isinstance(m, _dl.Play) and m.end == "right"
             and _asks(_round, m.tile)],
}))
"""


@pytest.mark.skipif(not ((ROOT / "src" / "dominolab" / "widget.py").exists() and (NOTEBOOKS / "play.ipynb").exists()),
                    reason="needs the play widget (src/dominolab/widget.py) and notebooks/play.ipynb, "
                           "which arrive with the widget issue")
def test_play_notebook_moves_played_in_the_widget_happen_in_python(lite: LitePage) -> None:
    """In play.ipynb, three moves made in the widget (a playable tile, or Draw when nothing
    fits) each change the game in Python: the tile is on the line, or the history grew.

    The selectors follow the widget issue: hand tiles are <button>s whose aria-label names the
    tile in words ("six-four"); a tile that fits both ends asks for an end, offered as buttons
    labelled with the end ("left end").
    """
    lite.open("play.ipynb")
    ran = lite.run_all()
    assert errors(ran) == [], "play.ipynb failed in the browser"
    root = lite.page.locator(".jp-OutputArea-output [data-lm-suppress-shortcuts]").first
    root.wait_for(timeout=RUN_TIMEOUT_MS)
    played = 0
    for _ in range(3):
        state = json.loads(lite.execute(TABLE_STATE))
        if state["over"]:
            break
        assert state["turn"] == state["seat"], f"the human seat should be to play: {state}"
        # The page has drawn the position Python is in (opponent moves are shown one by one).
        lite.page.wait_for_function(
            "(v) => { const r = document.querySelector('.jp-OutputArea-output [data-lm-suppress-shortcuts]');"
            " return r && Number(r.dataset.version) === v && r.dataset.yourTurn === 'true'"
            " && !r.hasAttribute('aria-busy'); }", arg=state["version"], timeout=RUN_TIMEOUT_MS)
        if state["plays"]:
            ends: dict[str, list[str]] = {}
            for tile, end, spoken in state["plays"]:
                ends.setdefault(tile, [spoken]).append(end)
            tile, (spoken, end, *other_ends) = min(ends.items(), key=lambda item: len(item[1]))
            root.locator(f'button[aria-label*="{spoken}"]').first.click()
            if other_ends and tile in state["asks"]:
                root.locator(f'[aria-label*="{end} end"]').first.click()
        else:
            tile = None
            root.locator('[data-key="action:draw"]').click()
        for _ in range(100):  # each round trip waits on the kernel; this bounds the wait
            after = json.loads(lite.execute(TABLE_STATE))
            if after["history"] > state["history"] and (after["turn"] == after["seat"] or after["over"]):
                break
        assert after["history"] > state["history"], f"the move made in the widget did not happen: {after}"
        if tile is not None:
            assert tile in after["line"], f"clicking {spoken} did not put it on the line: {after}"
        played += 1
    assert played >= 1
    assert lite.outside == [], "requests left 127.0.0.1"


def test_site_points_other_packages_at_the_cdn(lite: LitePage) -> None:
    """Packages outside the site (numpy here) are fetched from the CDN by a visitor's browser:
    offline the import fails, and the request guard sees the CDN request the kernel's worker
    made.  This also shows the guard above is not blind to the kernel's own fetches."""
    lite.open("quickstart.ipynb")
    printed = lite.execute("try:\n    import numpy\nexcept ImportError as e:\n    print(type(e).__name__)")
    assert printed.strip() == "ModuleNotFoundError"
    cdn = [url for url in lite.outside if url.startswith("https://cdn.jsdelivr.net/pyodide/v")]
    assert any("/numpy-" in url for url in cdn), lite.outside
    assert set(lite.outside) == set(cdn), "only the CDN package request may leave"
