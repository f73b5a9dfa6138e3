"""The play widget in real JupyterLab and headless Chromium: run notebooks/play.ipynb, play
complete hands by clicking and by keyboard, and check the Python side after every hand.

The tests share one Lab page (module scope) and run in order: a hand by mouse, a hand by
keyboard, a second view of the same widget, screenshots in the light and the dark theme,
and a kernel restart.  Click-to-render latency (Python round trip included) and the AIs'
thinking time are printed; screenshots go to test-artifacts/.
"""

from __future__ import annotations

import json
import os
import statistics

import pytest

from .conftest import ARTIFACTS, FIGURES, ROOT

TIMEOUT = 60_000  # ms, for Lab start-up and kernel start; each wait returns as soon as its condition holds

KERNEL_EVAL = """async (code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = kernel.requestExecute({ code, store_history: false });
  let out = "";
  future.onIOPub = (msg) => {
    if (msg.header.msg_type === "stream") out += msg.content.text;
    if (msg.header.msg_type === "error") out += `ERROR ${msg.content.ename}: ${msg.content.evalue}`;
  };
  await future.done;
  return out;
}"""

READY = """(index) => {
  const root = document.querySelectorAll('.dl-root')[index];
  return !!root && !root.hasAttribute('aria-busy')
    && (root.dataset.yourTurn === 'true' || root.dataset.over === 'true');
}"""

KERNEL_IDLE = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const s = w && w.sessionContext;
  return !!(s && s.isReady && s.session && s.session.kernel && s.session.kernel.status === 'idle');
}"""

#: Python that prints the human's moves in the hand being played, as the browser test sees them.
MY_MOVES = ("import json; print(json.dumps([[e.action, str(e.tile) if e.action == 'play' else None] "
            "for e in {t}.round.history if e.seat == 0]))")



def play_anything(root) -> None:
    """Click a playable tile (on the left end if it asks), or Draw when nothing fits."""
    playable = root.locator(".dl-hand .dl-playable")
    if playable.count():
        playable.first.click()
        if root.locator(".dl-end.dl-choose").count():
            root.locator(".dl-end-left").click()
    else:
        root.locator('[data-key="action:draw"]').click()

def kernel(page, code: str) -> str:
    """Run ``code`` in the notebook's kernel and return what it printed (raises on an error)."""
    out = page.evaluate(KERNEL_EVAL, code)
    assert not out.startswith("ERROR"), out
    return out


def kernel_json(page, expression: str):
    return json.loads(kernel(page, f"import json; print(json.dumps({expression}))"))


def wait_ready(page, index: int = 0) -> None:
    page.wait_for_function(READY, arg=index, timeout=TIMEOUT)


def run_notebook(page, lab) -> None:
    page.goto(f"{lab.url}/lab/tree/play.ipynb?reset&token={lab.token}")
    page.wait_for_function(KERNEL_IDLE, timeout=TIMEOUT)
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    page.locator(".dl-root").first.wait_for(timeout=TIMEOUT)


@pytest.fixture(scope="module")
def lab_page(browser, lab):
    context = browser.new_context(viewport={"width": 1280, "height": 1100})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    run_notebook(page, lab)
    page.wait_for_function("() => document.querySelectorAll('.dl-root').length >= 2", timeout=TIMEOUT)
    # Opponent moves stay on screen for `pace` seconds each; a short pace keeps the test quick
    # while still going through the paced queue.
    kernel(page, "table.pace = 0.05; print('ok')")
    page.errors = errors
    yield page
    context.close()


def latency_of_next_answer(page, root) -> float:
    """Wait for the answer to the intent just sent; the widget measures click to render."""
    page.wait_for_function(
        "(r) => r.dataset.latencyMs !== undefined && !r.hasAttribute('aria-busy')", arg=root.element_handle(),
        timeout=TIMEOUT)
    return float(root.get_attribute("data-latency-ms"))


def forget_latency(page) -> None:
    page.evaluate("() => { for (const r of document.querySelectorAll('.dl-root')) delete r.dataset.latencyMs; }")


def report(name: str, values: list[float], unit: str = "ms") -> None:
    if values:
        values = sorted(values)
        p95 = values[min(len(values) - 1, round(0.95 * (len(values) - 1)))]
        line = (f"{name}: n={len(values)} median={statistics.median(values):.1f} {unit} "
                f"p95={p95:.1f} {unit} max={values[-1]:.1f} {unit}")
        FIGURES.append(line)
        print("\n" + line)


SLOW_TABLE = """import threading

class SlowPlayer:
    \"\"\"An opponent that thinks until told to move (stands in for a slow search).\"\"\"
    name = "slow"

    def __init__(self):
        self.go = threading.Event()
        self.inner = dl.GreedyPlayer(seed=1)

    def choose(self, view):
        self.go.wait(60)
        return self.inner.choose(view)

slow = SlowPlayer()
slow_table = DominoTable("standard", players=2, opponents=slow, seed=3, pace=0)
slow_table"""


def add_cell(page, source: str) -> None:
    page.evaluate("""(source) => {
      const nb = window.jupyterapp.shell.currentWidget.content;
      nb.model.sharedModel.insertCell(nb.model.cells.length, { cell_type: 'code', source });
      nb.activeCellIndex = nb.model.cells.length - 1;
      window.jupyterapp.commands.execute('notebook:run-cell');
    }""", source)


# ---------------------------------------------------------------------------- tests
def test_play_a_hand_by_clicking(lab_page):
    page = lab_page
    root = page.locator(".dl-root").first
    done: list[list] = [[a, t] for a, t in kernel_json(page, "[[e.action, None] for e in table.round.history "
                                                             "if e.seat == 0]")]
    latencies: list[float] = []
    for _ in range(100):
        wait_ready(page)
        if root.get_attribute("data-over") == "true":
            break
        forget_latency(page)
        playable = root.locator(".dl-hand .dl-playable")
        if playable.count():
            tile = playable.first.get_attribute("data-tile")
            playable.first.click()
            if root.locator(".dl-end.dl-choose").count():  # it fits both ends: click one
                root.locator(".dl-end-left").click()
            done.append(["play", tile])
        elif root.locator('[data-key="action:draw"]').is_enabled():
            root.locator('[data-key="action:draw"]').click()
            done.append(["draw", None])
        else:
            root.locator('[data-key="action:pass"]').click()
            done.append(["pass", None])
        latencies.append(latency_of_next_answer(page, root))
    else:
        pytest.fail("the hand did not end in 100 moves")

    state = kernel_json(page, "{'over': table.round.is_over, 'rounds': len(table.match.rounds), "
                              "'scores': table.match.scores, 'ai_ms': table._ai_ms}")
    assert state["over"] and state["rounds"] == 1
    assert json.loads(kernel(page, MY_MOVES.format(t="table"))) == done
    shown = [int(x) for x in root.locator(".dl-score-points").all_inner_texts()]
    assert shown == state["scores"]
    assert root.locator(".dl-result-title").inner_text()
    report("click-to-render latency, human move (Python round trip included)", latencies)
    report("AI thinking time per move (strategy)", state["ai_ms"])
    ARTIFACTS.mkdir(exist_ok=True)
    root.screenshot(path=str(ARTIFACTS / "lab-light-hand-over.png"))
    assert not page.errors


def test_play_a_hand_by_keyboard(lab_page):
    page = lab_page
    root = page.locator(".dl-root").first
    root.locator('[data-key="action:next"]').focus()
    page.keyboard.press("n")
    page.wait_for_function("(r) => r.dataset.over === 'false'", arg=root.element_handle(), timeout=TIMEOUT)
    assert kernel_json(page, "[len(table.match.rounds), table.round.is_over]") == [1, False]
    done: list[list] = []
    latencies: list[float] = []
    screenshot_taken = False
    for _ in range(100):
        wait_ready(page)
        if root.get_attribute("data-over") == "true":
            break
        forget_latency(page)
        buttons = root.locator(".dl-hand button")
        tiles = buttons.evaluate_all("(bs) => bs.map((b) => [b.dataset.tile, b.classList.contains('dl-playable')])")
        root.locator('.dl-hand button[tabindex="0"]').focus()
        target = next((i for i, (_, ok) in enumerate(tiles) if ok), None)
        if target is not None:
            # Arrow keys move the focus along the hand (roving tabindex) to the first playable tile.
            start = [t for t, _ in tiles].index(page.evaluate("() => document.activeElement.dataset.tile"))
            for _ in range((target - start) % len(tiles)):
                page.keyboard.press("ArrowRight")
            assert page.evaluate("() => document.activeElement.dataset.tile") == tiles[target][0]
            page.keyboard.press("Enter")
            if root.locator(".dl-end.dl-choose").count():
                if not screenshot_taken:
                    root.screenshot(path=str(ARTIFACTS / "lab-light-choose-end.png"))
                    if os.environ.get("DOMINOLAB_DOCS_SCREENSHOT"):  # refresh the README's picture
                        root.screenshot(path=str(ROOT / "docs" / "widget.png"))
                    screenshot_taken = True
                page.keyboard.press("r")
            done.append(["play", tiles[target][0]])
        elif root.locator('[data-key="action:draw"]').is_enabled():
            page.keyboard.press("d")
            done.append(["draw", None])
        else:
            page.keyboard.press("p")
            done.append(["pass", None])
        latencies.append(latency_of_next_answer(page, root))
    else:
        pytest.fail("the hand did not end in 100 moves")
    assert json.loads(kernel(page, MY_MOVES.format(t="table"))) == done
    assert kernel_json(page, "[table.round.is_over, len(table.match.rounds)]") == [True, 2]
    assert root.locator(".dl-live").inner_text()  # the polite live region spoke
    report("keyboard-to-render latency, human move", latencies)


def test_a_second_view_of_the_same_table_stays_in_step(lab_page):
    page = lab_page
    add_cell(page, "table")
    page.wait_for_function("() => document.querySelectorAll('.dl-root').length >= 3", timeout=TIMEOUT)
    views = page.locator(".dl-root")
    first, second = views.nth(0), views.nth(views.count() - 1)
    assert first.get_attribute("data-version") == second.get_attribute("data-version")
    second.locator('[data-key="action:next"]').click()  # the hand is over: deal the next from view 2
    page.wait_for_function("(r) => r.dataset.over === 'false'", arg=first.element_handle(), timeout=TIMEOUT)
    wait_ready(page, views.count() - 1)
    wait_ready(page, 0)
    assert kernel_json(page, "[len(table.match.rounds), table.round.is_over]") == [2, False]
    assert first.get_attribute("data-version") == second.get_attribute("data-version")
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:delete-cell')")


def test_a_slow_opponent_thinks_while_the_page_and_kernel_stay_responsive(lab_page):
    page = lab_page
    count = page.locator(".dl-root").count()
    add_cell(page, SLOW_TABLE)
    page.wait_for_function("(n) => document.querySelectorAll('.dl-root').length > n", arg=count, timeout=TIMEOUT)
    root = page.locator(".dl-root").nth(count)
    index = count
    if kernel_json(page, "slow_table.round.turn") != 0:  # North leads: it is thinking now
        root.locator(".dl-opp .dl-spinner").wait_for(timeout=TIMEOUT)
        kernel(page, "slow.go.set(); slow_table.wait(); slow.go.clear(); print('ok')")
    wait_ready(page, index)
    history = kernel_json(page, "len(slow_table.round.history)")
    play_anything(root)
    # The page shows who is thinking, and the kernel still answers while North thinks.
    root.locator('.dl-opp.dl-thinking .dl-spinner[aria-label="North is thinking"]').wait_for(timeout=TIMEOUT)
    assert root.locator(".dl-status").inner_text() == "North is thinking…"
    assert kernel_json(page, "[slow_table.snapshot['thinking'], slow_table.round.turn]") == [1, 1]
    # Undo works while North thinks: it cancels the move North was thinking about.
    root.locator('[data-key="action:undo"]').click()
    page.wait_for_function(READY, arg=index, timeout=TIMEOUT)
    assert root.get_attribute("data-your-turn") == "true"
    assert kernel_json(page, "len(slow_table.round.history)") == history
    kernel(page, "slow.go.set(); slow_table.wait(); print('ok')")
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:delete-cell')")


def test_screenshots_in_light_and_dark_theme(lab_page):
    page = lab_page
    root = page.locator(".dl-root").first
    lesson = page.locator(".dl-root").nth(1)
    wait_ready(page, 1)
    lesson.locator('[data-key="action:hint"]').click()
    lesson.locator(".dl-message.dl-hint").wait_for(timeout=TIMEOUT)
    ARTIFACTS.mkdir(exist_ok=True)
    root.screenshot(path=str(ARTIFACTS / "lab-light-table.png"))
    lesson.screenshot(path=str(ARTIFACTS / "lab-light-teaching.png"))
    page.evaluate("() => window.jupyterapp.commands.execute('apputils:change-theme', {theme: 'JupyterLab Dark'})")
    page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'", timeout=TIMEOUT)
    page.wait_for_function(
        "() => getComputedStyle(document.querySelector('.dl-root')).backgroundColor !== 'rgb(255, 255, 255)'",
        timeout=TIMEOUT)
    root.screenshot(path=str(ARTIFACTS / "lab-dark-table.png"))
    lesson.screenshot(path=str(ARTIFACTS / "lab-dark-teaching.png"))
    background = page.evaluate("() => getComputedStyle(document.querySelector('.dl-root')).backgroundColor")
    assert background != "rgb(255, 255, 255)"  # it follows the theme's --jp-layout-color1
    page.evaluate("() => { window.jupyterapp.shell.collapseLeft(); window.jupyterapp.shell.collapseRight(); }")
    page.set_viewport_size({"width": 480, "height": 1100})
    page.wait_for_function("() => document.querySelector('.dl-root').classList.contains('dl-narrow')",
                           timeout=TIMEOUT)
    root.screenshot(path=str(ARTIFACTS / "lab-dark-narrow.png"))
    page.set_viewport_size({"width": 1280, "height": 1100})
    page.evaluate("() => window.jupyterapp.commands.execute('apputils:change-theme', {theme: 'JupyterLab Light'})")
    page.wait_for_function("() => document.body.dataset.jpThemeLight === 'true'", timeout=TIMEOUT)


def test_after_a_kernel_restart_the_rerun_widget_works(lab_page):
    page = lab_page
    page.evaluate("() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.restart()")
    page.wait_for_function(KERNEL_IDLE, timeout=TIMEOUT)
    before = page.locator(".dl-root").first.get_attribute("data-version")
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    # The cell's output is replaced by a new table: hand 1 again, no scores.
    page.wait_for_function(
        "() => { const r = document.querySelector('.dl-root');"
        " return r && r.querySelector('.dl-title').textContent.includes('hand 1'); }", timeout=TIMEOUT)
    kernel(page, "table.wait(); table.pace = 0.05; print('ok')")
    wait_ready(page)
    root = page.locator(".dl-root").first
    assert kernel_json(page, "[len(table.match.rounds), table.match.scores]") == [0, [0, 0]]
    history = kernel_json(page, "len(table.round.history)")
    forget_latency(page)
    play_anything(root)
    latency_of_next_answer(page, root)
    assert kernel_json(page, "len(table.round.history)") > history
    assert before is not None
