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


def test_the_staged_notebooks_say_what_the_sites_kernel_says(tmp_path):
    """Issue 44: a notebook opens in the site unchanged only if it already holds what the
    Pyodide kernel tells JupyterLab; the figures are read again from the kernel's own front
    end, as installed (its kernel spec and its reply to a kernel-info request)."""
    import json
    import sys

    module = build_module()
    for path in module.stage_contents(NOTEBOOKS, tmp_path):
        meta = json.loads(path.read_text(encoding="utf-8"))["metadata"]
        assert meta["kernelspec"] == module.PYODIDE_KERNELSPEC
        assert meta["language_info"] == module.PYODIDE_LANGUAGE_INFO
    extension = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "@jupyterlite" / "pyodide-kernel-extension"
    if not extension.is_dir():
        pytest.skip("jupyterlite-pyodide-kernel is not installed (the lite extra)")
    bundle = "\n".join(p.read_text(encoding="utf-8", errors="replace") for p in (extension / "static").glob("*.js"))
    reply = re.search(r"language_info:\{codemirror_mode:\{name:\"(\w+)\",version:(\d+)\},file_extension:\"([^\"]+)\","
                      r"mimetype:\"([^\"]+)\",name:\"(\w+)\",nbconvert_exporter:\"(\w+)\",pygments_lexer:\"(\w+)\","
                      r"version:\"([^\"]+)\"\}", bundle)
    assert reply, "the Pyodide kernel's kernel-info reply was not found in its bundle"
    mode, mode_version, extension_, mimetype, name, exporter, lexer, version = reply.groups()
    assert module.PYODIDE_LANGUAGE_INFO == {"codemirror_mode": {"name": mode, "version": int(mode_version)},
                                            "file_extension": extension_, "mimetype": mimetype, "name": name,
                                            "nbconvert_exporter": exporter, "pygments_lexer": lexer,
                                            "version": version}
    spec = re.search(r'spec:\{name:"(\w+)",display_name:"([^"]+)",language:"(\w+)"', bundle)
    assert spec and module.PYODIDE_KERNELSPEC == {"name": spec[1], "display_name": spec[2], "language": spec[3]}
