"""Lesson 8, "Teach the computer", in real JupyterLab and headless Chromium: the notebook run
top to bottom (outputs cleared first) with no error, its learning curve drawn, its figure of
the trained player against greedy printed, an exercise answered, and a hand played at its
table by mouse against the trained player, to the end.  Screenshots go to test-artifacts/.
"""

from __future__ import annotations

import pytest

from .conftest import ARTIFACTS
from .test_lab import KERNEL_IDLE, TIMEOUT, kernel

NOTEBOOK = "08-teach-the-computer.ipynb"

CLEAR_AND_RUN = """() => {
  const app = window.jupyterapp;
  app.commands.execute('notebook:clear-all-cell-outputs');
  app.commands.execute('notebook:run-all-cells');
}"""

RUN_FINISHED = """() => {
  const nb = window.jupyterapp.shell.currentWidget;
  const kernel = nb.sessionContext.session.kernel;
  const cells = nb.model.toJSON().cells.filter(c => c.cell_type === 'code');
  const failed = cells.some(c => c.outputs.some(o => o.output_type === 'error'));
  const done = cells.every(c => c.execution_count !== null);
  return (done || failed) && kernel.status === 'idle';
}"""

OUTPUTS = """() => window.jupyterapp.shell.currentWidget.model.toJSON().cells
  .filter(c => c.cell_type === 'code')
  .map(c => c.outputs.map(o => o.output_type === 'error' ? 'ERROR ' + o.ename + ': ' + o.evalue
                              : o.output_type === 'stream' ? [].concat(o.text).join('')
                              : Object.keys(o.data || {}).join(' ')).join('\\n'))"""


@pytest.fixture(scope="module")
def lesson(browser, lab):
    context = browser.new_context(viewport={"width": 1280, "height": 1100})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{lab.url}/lab/tree/{NOTEBOOK}?reset&token={lab.token}")
    page.wait_for_function(KERNEL_IDLE, timeout=TIMEOUT)
    page.evaluate(CLEAR_AND_RUN)
    page.wait_for_function(RUN_FINISHED, timeout=240_000)
    page.errors = errors
    yield page
    context.close()


def test_the_lesson_runs_top_to_bottom_in_lab_with_its_curve_and_its_figure(lesson):
    outputs = lesson.evaluate(OUTPUTS)
    assert not [o for o in outputs if "ERROR" in o], outputs
    text = "\n".join(outputs)
    assert "image/png" in text  # the learning curve
    assert "On 400 duplicate deals the shipped player scored" in text
    assert "application/vnd.jupyter.widget-view+json" in text  # the table
    ARTIFACTS.mkdir(exist_ok=True)
    curve = lesson.locator(".jp-OutputArea-output img").first
    curve.scroll_into_view_if_needed()
    lesson.screenshot(path=str(ARTIFACTS / "lesson8-curve.png"))
    assert not lesson.errors, lesson.errors


def test_an_exercise_is_answered_in_the_lesson(lesson):
    out = kernel(lesson, "print(ex.q1.evaluate(58).status, ex.q6.evaluate(lambda m: list(m)).status)")
    assert out.split() == ["correct", "incorrect"]


def test_a_hand_is_played_by_mouse_against_the_trained_player(lesson):
    root = lesson.locator(".dl-root").first
    root.scroll_into_view_if_needed()
    kernel(lesson, "table.pace = 0; print('ok')")
    for _ in range(200):
        lesson.wait_for_function("(r) => !r.hasAttribute('aria-busy') && (r.dataset.yourTurn === 'true' || "
                                 "r.dataset.over === 'true')", arg=root.element_handle(), timeout=TIMEOUT)
        if root.get_attribute("data-over") == "true":
            break
        version = root.get_attribute("data-version")
        playable = root.locator(".dl-hand .dl-playable")
        if playable.count():
            playable.first.click()
            if root.locator('[data-key="choose:left"]').count():
                root.locator('[data-key="choose:left"]').click()
        elif root.locator('[data-key="action:draw"]').is_enabled():
            root.locator('[data-key="action:draw"]').click()
        else:
            root.locator('[data-key="action:pass"]').click()
        lesson.wait_for_function("([r, v]) => r.dataset.version !== v", arg=[root.element_handle(), version],
                                 timeout=TIMEOUT)  # the table drew Python's answer to the move
    else:
        pytest.fail("the hand did not end")
    lesson.screenshot(path=str(ARTIFACTS / "lesson8-table.png"))
    said = kernel(lesson, "print(table.round.is_over, repr(table))")
    assert said.startswith("True <DominoTable standard, 2 players: you vs shipped>"), said
    assert not lesson.errors, lesson.errors
