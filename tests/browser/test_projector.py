"""The projector mode in Voilà and Chromium at 1,920×1,080 (issue 43, item 5):
``voila notebooks/projector.ipynb`` (and its Spanish twin) shows one large table, the log beside
the line, nothing above it, all of it on the screen; the line's tiles are measured.

Target: a tile lying on the line is at least 100 px wide at 1,920×1,080 (a twentieth of the
screen's width: about 15 cm on a 3 m wide projection, which the back row of a classroom reads).
The default ``SCALE = 2`` gives 120 px; the address's ``?scale=`` sets it without editing.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
from collections.abc import Iterator

import pytest

from .conftest import ARTIFACTS, FIGURES, ROOT, Server, _free_port, _jupyter_env, _notebooks, _wait_until

TIMEOUT = 90_000  # ms: Voilà runs the whole notebook before it shows the page
WIDTH, HEIGHT = 1920, 1080
#: The width in px a tile lying on the line must reach at 1,920×1,080.
TILE_TARGET_PX = 100
READY = ("() => { const r = document.querySelector('.dl-root');"
         " return r && r.dataset.yourTurn === 'true' && !r.hasAttribute('aria-busy'); }")
MEASURE = """() => {
  const box = (e) => { if (!e) return null; const b = e.getBoundingClientRect();
    return {left: b.left, top: b.top, right: b.right, bottom: b.bottom, width: b.width, height: b.height}; };
  const root = document.querySelector('.dl-root');
  const across = Array.from(root.querySelectorAll('.dl-line .dl-tile.dl-h')).map((t) => t.getBoundingClientRect().width);
  const standing = Array.from(root.querySelectorAll('.dl-line .dl-tile.dl-v')).map((t) => t.getBoundingClientRect().height);
  const pips = Array.from(root.querySelectorAll('.dl-line .dl-pip')).map((p) => p.getBoundingClientRect().width);
  return {root: box(root), line: box(root.querySelector('.dl-line-area')), log: box(root.querySelector('.dl-log')),
          hand: box(root.querySelector('.dl-hand')), actions: box(root.querySelector('.dl-you .dl-actions')),
          tile: Math.max(0, ...across, ...standing), pip: pips.length ? Math.min(...pips) : null,
          scale: root.style.getPropertyValue('--dl-scale'), projector: root.classList.contains('dl-projector'),
          draw: root.querySelector('[data-key="action:draw"]').textContent,
          scrollHeight: document.documentElement.scrollHeight};
}"""


@pytest.fixture(scope="module")
def projector(tmp_path_factory) -> Iterator[Server]:
    """Voilà serving the notebooks' folder, as ``voila notebooks/projector.ipynb`` from the
    repository's root does (voila.json there hides the teacher's cells)."""
    tmp = tmp_path_factory.mktemp("projector")
    port = _free_port()
    root = _notebooks(tmp)
    shutil.copy(ROOT / "voila.json", root / "voila.json")
    log = tmp / "voila.log"
    cmd = [sys.executable, "-m", "voila", str(root), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
           "--ServerApp.port_retries=0", "--show_tracebacks=True"]
    with log.open("wb") as out:
        process = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=_jupyter_env(tmp), cwd=root)
    server = Server(process, f"http://127.0.0.1:{port}", "", log)

    def ready() -> bool:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True

    _wait_until(ready, server, "Voila")
    yield server
    server.stop()


def _open(browser, server: Server, path: str):
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, reduced_motion="reduce")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/voila/render/{path}")
    page.wait_for_function(READY, timeout=TIMEOUT)
    root = page.locator(".dl-root")
    if root.locator(".dl-line .dl-tile").count() == 0:  # the deal made you lead: lead, to see a line
        version = int(root.get_attribute("data-version"))
        root.locator(".dl-hand .dl-playable").first.click()
        page.wait_for_function("(v) => Number(document.querySelector('.dl-root').dataset.version) > v", arg=version,
                               timeout=TIMEOUT)
        page.wait_for_function(READY, timeout=TIMEOUT)
    page.errors = errors
    return context, page


@pytest.mark.parametrize("path, draw", [("projector.ipynb", "Draw (D)"), ("es/proyector.ipynb", "Robar (R)")])
def test_the_projector_shows_a_large_table_with_the_log_beside_the_line(browser, projector, path, draw):
    context, page = _open(browser, projector, path)
    try:
        m = page.evaluate(MEASURE)
        FIGURES.append(f"projector {path} at {WIDTH}x{HEIGHT}: line tile {m['tile']:.0f} px (target >= "
                       f"{TILE_TARGET_PX}), smallest pip {m['pip']:.1f} px, scale {m['scale']}")
        assert m["projector"] and m["scale"] == "2"
        assert m["tile"] >= TILE_TARGET_PX, m
        assert m["pip"] >= 8, m  # pips a back row can count
        assert m["root"]["top"] < 40, m  # no text above the table
        assert m["log"]["left"] >= m["line"]["right"] and m["log"]["top"] < m["line"]["bottom"], m  # beside the line
        for part in ("line", "log", "hand", "actions"):  # all of it on the screen, nothing below
            assert m[part]["bottom"] <= HEIGHT and m[part]["right"] <= WIDTH, (part, m)
        assert m["draw"] == draw  # the table speaks the notebook's language (keys included)
        text = page.locator("body").inner_text()
        assert "SCALE" not in text and "ESCALA" not in text and "Voil" not in text  # no teacher's text
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"projector-{path.replace('/', '-')[:-6]}-1920.png"))
        assert not page.errors
    finally:
        context.close()


def test_the_address_sets_the_size_without_editing(browser, projector):
    context, page = _open(browser, projector, "projector.ipynb?scale=2.5")
    try:
        m = page.evaluate(MEASURE)
        FIGURES.append(f"projector ?scale=2.5 at {WIDTH}x{HEIGHT}: line tile {m['tile']:.0f} px")
        assert m["scale"] == "2.5" and m["tile"] >= 2.5 / 2 * TILE_TARGET_PX
        assert m["log"]["left"] >= m["line"]["right"]
    finally:
        context.close()
