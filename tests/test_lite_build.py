"""The JupyterLite site's contents, without building the site: ``lite/build.py`` stages every
notebook, the Spanish lessons of ``notebooks/es/`` with the English ones, at the paths the
README's links open.  (``tests/browser/test_lite.py`` builds the site and runs it.)"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"

pytestmark = pytest.mark.skipif(not (ROOT / "lite" / "build.py").exists() or not NOTEBOOKS.is_dir(),
                                reason="the lite build and the notebooks are not next to the tests")


def build_module():
    """lite/build.py as a module (a script beside pyodide_dist.py, not an installed package)."""
    spec = importlib.util.spec_from_file_location("lite_build", ROOT / "lite" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_site_stages_every_notebook_the_spanish_ones_too(tmp_path):
    staged = build_module().stage_contents(NOTEBOOKS, tmp_path)
    got = sorted(p.relative_to(tmp_path).as_posix() for p in staged)
    want = sorted(f"notebooks/{p.relative_to(NOTEBOOKS).as_posix()}" for p in NOTEBOOKS.rglob("*.ipynb")
                  if ".ipynb_checkpoints" not in p.parts)
    assert got == want
    assert "notebooks/es/00-empieza-aqui.ipynb" in got and "notebooks/es/la-mesa.ipynb" in got
    assert len([name for name in got if name.startswith("notebooks/es/")]) >= 9  # lessons 0-7, the table


def test_every_jupyterlite_link_of_the_readme_opens_a_staged_notebook(tmp_path):
    staged = {p.relative_to(tmp_path).as_posix() for p in build_module().stage_contents(NOTEBOOKS, tmp_path)}
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    paths = re.findall(r"lab/index\.html\?path=([^)\s#`]+)", readme)
    assert "notebooks/es/00-empieza-aqui.ipynb" in paths and "notebooks/00-start-here.ipynb" in paths
    for path in paths:
        assert path in staged, path
