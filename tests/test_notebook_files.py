"""The notebooks as files (issue 44, item 14): a missing chart library costs only the charts,
and every notebook is saved as JupyterLab keeps it, so it opens unchanged (no ● with no edit).

The real-browser check that Lab opens each notebook unchanged is
``tests/browser/test_notebooks_open.py``; this file checks the causes it found, without a
browser, on every notebook.
"""

from __future__ import annotations

import itertools
import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted(p for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
IDS = [p.relative_to(ROOT / "notebooks").as_posix() for p in NOTEBOOKS]
CHART_LIBRARY = re.compile(r"^\s*(?:import matplotlib|from matplotlib)", re.M)


def code_cells(path: Path) -> list[str]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_the_chart_library_is_imported_only_where_a_chart_is_drawn(path):
    """A cell that imports matplotlib draws a chart with it, and a cell that draws with
    ``plt`` imports it itself: without the chart library (a site with no network), only the
    charts' cells fail, never the first cell that every later one needs."""
    for index, code in enumerate(code_cells(path)):
        rest = CHART_LIBRARY.sub("", code)
        if CHART_LIBRARY.search(code):
            assert re.search(r"\bplt\.", rest), f"{path.name} cell {index} imports matplotlib but draws no chart"
        if re.search(r"\bplt\.", code):
            assert CHART_LIBRARY.search(code), f"{path.name} cell {index} draws with plt without importing it"


def _outputs(path: Path) -> list[tuple[int, list[dict]]]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return [(i, c.get("outputs", [])) for i, c in enumerate(nb["cells"]) if c["cell_type"] == "code"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_a_notebook_is_saved_as_jupyterlab_keeps_it(path):
    """What JupyterLab would rewrite on opening, and so mark as changed (●): two stream
    outputs of one name in a row (Lab joins them into one), a stream's text in pieces Lab
    keeps whole, a cell without an id, and the notebook's JSON in another layout than
    Lab's own (one-space indent, sorted keys, a final newline)."""
    raw = path.read_text(encoding="utf-8")
    nb = json.loads(raw)
    assert raw == json.dumps(nb, indent=1, ensure_ascii=False, sort_keys=True) + "\n"
    assert nb["nbformat"] == 4 and nb["nbformat_minor"] == 5
    # what ipykernel tells Lab when the kernel starts (tools/run_notebooks.py writes it; the
    # version is the Python the outputs were made with)
    assert nb["metadata"]["kernelspec"] == {"display_name": "Python 3 (ipykernel)", "language": "python",
                                            "name": "python3"}
    info = dict(nb["metadata"]["language_info"])
    assert re.fullmatch(r"3\.\d+\.\d+", info.pop("version"))
    assert info == {"codemirror_mode": {"name": "ipython", "version": 3}, "file_extension": ".py",
                    "mimetype": "text/x-python", "name": "python", "nbconvert_exporter": "python",
                    "pygments_lexer": "ipython3"}
    for cell in nb["cells"]:
        assert re.fullmatch(r"[a-zA-Z0-9_-]{1,64}", cell.get("id", "")), f"{path.name}: a cell without a valid id"
    for index, outputs in _outputs(path):
        for a, b in itertools.pairwise(outputs):
            assert not (a["output_type"] == b["output_type"] == "stream" and a["name"] == b["name"]), (
                f"{path.name} cell {index}: two {a['name']} outputs in a row, which Lab joins")


@pytest.mark.slow
def test_lesson_7_without_the_chart_library_fails_only_at_its_chart(monkeypatch):
    """Lesson 7's code run cell by cell with matplotlib missing: only the chart's cell fails."""
    from .test_lessons import small

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib raises ImportError
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    namespace: dict = {}
    failed = []
    for index, code in enumerate(code_cells(ROOT / "notebooks" / "07-learn-from-your-games.ipynb")):
        try:
            exec(compile(small(code), f"<lesson 7 cell {index}>", "exec"), namespace)
        except ImportError:
            failed.append(index)
    charts = [i for i, code in enumerate(code_cells(ROOT / "notebooks" / "07-learn-from-your-games.ipynb"))
              if CHART_LIBRARY.search(code)]
    assert failed == charts and len(charts) == 1
