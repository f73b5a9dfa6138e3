"""The students' tournament notebook (notebooks/tournament.ipynb and its Spanish twin) in real
JupyterLab and headless Chromium: opened and run as shipped it shows the instructions, not an
error; with the code and a name filled in, its one cell opens the tournament's table, the
student plays every hand to the end, and the result file is saved next to the notebook."""

from __future__ import annotations

import json

import pytest

from dominolab.tournament import Tournament

from .conftest import ARTIFACTS
from .test_lab import KERNEL_IDLE, TIMEOUT, kernel_json
from .test_tournament import play_tournament, tab  # noqa: F401  (tab is a fixture)

pytestmark = pytest.mark.browser

TOURNAMENT = Tournament.create("standard", hands=2, opponents="greedy", seed=4343)

#: (notebook, its placeholder's message, the banner's first words, the saved line's words)
NOTEBOOKS = [
    ("tournament.ipynb", "Step 1 first: type the tournament code", "Tournament", "Your result is saved as"),
    ("es/torneo.ipynb", "Primero el paso 1: escribe el código del torneo", "Torneo", "Tu resultado está guardado en"),
]

OUTPUTS = """() => window.jupyterapp.shell.currentWidget.content.model.toJSON().cells
  .filter(c => c.cell_type === 'code').map(c => c.outputs.map(o => [].concat(o.text || '').join('')).join(''))"""

#: Fills the student's cell as a student does (the two "..." replaced), then runs it.
FILL_AND_RUN = """([code, name]) => {
  const nb = window.jupyterapp.shell.currentWidget.content;
  const index = nb.model.toJSON().cells.findIndex(c => c.cell_type === 'code');
  const cell = nb.model.cells.get(index);
  const source = cell.sharedModel.getSource();
  cell.sharedModel.setSource(source.replace('"..."', JSON.stringify(code)).replace('"..."', JSON.stringify(name)));
  nb.activeCellIndex = index;
  window.jupyterapp.commands.execute('notebook:run-cell');
}"""


@pytest.mark.parametrize("notebook,placeholder,banner,saved", NOTEBOOKS, ids=["english", "spanish"])
def test_a_student_fills_in_the_tournament_notebook_and_plays_it(tab, lab, notebook, placeholder, banner, saved):  # noqa: F811
    page, errors = tab
    page.goto(f"{lab.url}/lab/tree/{notebook}?reset&token={lab.token}")
    page.wait_for_function(KERNEL_IDLE, timeout=TIMEOUT)
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    page.wait_for_function(f"() => ({OUTPUTS})().join('').includes({json.dumps(placeholder)})", timeout=TIMEOUT)
    assert page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").count() == 0

    name = "Ana" if notebook.startswith("tournament") else "Beto"
    page.evaluate(FILL_AND_RUN, [TOURNAMENT.code, name])
    page.wait_for_function("() => document.querySelectorAll('.dl-root').length === 1", timeout=TIMEOUT)
    root = page.locator(".dl-root").first
    assert f"{banner} {TOURNAMENT.code}" in root.locator('[data-key="tournament:banner"]').inner_text()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"tournament-notebook-{name.lower()}-start.png"), full_page=True)

    assert play_tournament(page, root, 0, "en" if notebook.startswith("tournament") else "es") > 0
    assert saved in root.locator('[data-key="tournament:saved"]').inner_text()
    page.screenshot(path=str(ARTIFACTS / f"tournament-notebook-{name.lower()}-end.png"), full_page=True)
    table = "table" if notebook == "tournament.ipynb" else "mesa"
    checked = kernel_json(page, f"__import__('dominolab').Tournament.from_code({TOURNAMENT.code!r}).check("
                                f"open({table}.session.saved_to, 'rb').read()).points == {table}.session.entry.points")
    assert checked is True  # the file next to the notebook is a valid result with the table's points
    assert errors == []
