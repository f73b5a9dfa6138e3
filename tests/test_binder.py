"""Binder: what repo2docker would build from ``binder/`` runs every notebook.

No Docker engine runs here, so the slow test does what repo2docker's Python build pack does:
a fresh environment with the Python of ``binder/runtime.txt``, ``pip install -r
binder/requirements.txt`` from the root of a copy of the repository (tracked and untracked,
not ignored, files: what a clone holds), ``binder/postBuild`` if there is one; then that
environment's own Jupyter runs a notebook reporting where its kernel runs, and every notebook
in ``notebooks/`` and ``notebooks/es/`` runs under nbval on a kernel of that environment's
Python (so the lessons' committed outputs are checked with the packages Binder installs).
It needs PyPI and nothing else; ``pytest -m binder`` runs it alone (about a minute and a half).

The fast tests keep the pins honest: Binder must run the versions CI tests with.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib", reason="reading pyproject.toml needs Python 3.11+")

ROOT = Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"


def pins(lines: list[str]) -> dict[str, str]:
    """``name==version`` requirements by normalized name."""
    found = {}
    for line in lines:
        match = re.fullmatch(r"\s*([A-Za-z0-9_.\-]+)\s*==\s*([^\s;#]+)\s*(#.*)?", line)
        if match:
            found[re.sub(r"[-_.]+", "-", match[1]).lower()] = match[2]
    return found


def binder_requirements() -> list[str]:
    """The lines of binder/requirements.txt."""
    return (BINDER / "requirements.txt").read_text().splitlines()


def runtime_python() -> str:
    """The ``X.Y`` Python version that binder/runtime.txt asks repo2docker for."""
    text = (BINDER / "runtime.txt").read_text().strip()
    match = re.fullmatch(r"python-(\d+\.\d+)", text)
    assert match, f"binder/runtime.txt should read python-X.Y, not {text!r}"
    return match[1]


def test_binder_pins_the_versions_ci_tests_with() -> None:
    """JupyterLab 4 exactly, the widget stack exactly as the `lite` extra, and the project."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    tested = pins(project["optional-dependencies"]["lite"])
    pinned = pins(binder_requirements())
    assert pinned["jupyterlab"].startswith("4.")
    for name in ("anywidget", "ipywidgets", "jupyterlab-widgets"):
        assert pinned[name] == tested[name], f"{name}: binder pins {pinned[name]}, CI tests {tested[name]}"
    assert ".[env]" in [line.strip() for line in binder_requirements()], \
        "binder must install the project itself, with the env extra lesson 8 needs"


def test_binder_python_is_one_the_project_supports() -> None:
    """runtime.txt names a Python that pyproject.toml's requires-python admits."""
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["requires-python"]
    minimum = re.fullmatch(r">=\s*(\d+)\.(\d+)", requires)
    assert minimum, f"expected requires-python like '>=3.X', got {requires!r}"
    major, minor = (int(part) for part in runtime_python().split("."))
    assert (major, minor) >= (int(minimum[1]), int(minimum[2]))


def repository_files() -> list[str]:
    """What a clone would hold: tracked files plus untracked ones that are not ignored."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            cwd=ROOT, check=True, capture_output=True).stdout.decode()
    return [name for name in listed.split("\0") if name and (ROOT / name).is_file()]


def find_python(version: str) -> str:
    """An interpreter of the given X.Y version: this one, or ``pythonX.Y`` on PATH."""
    if f"{sys.version_info.major}.{sys.version_info.minor}" == version:
        return sys.executable
    found = shutil.which(f"python{version}")
    if found is None:
        reason = f"binder/runtime.txt asks for Python {version}, which is not on this machine"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    return found


#: A notebook that reports where its kernel runs and what it imports.
WHERE = {
    "cells": [{"cell_type": "code", "execution_count": None, "id": "where", "metadata": {}, "outputs": [],
               "source": "import json, sys\nimport anywidget, ipywidgets, dominolab\n"
                         "print(json.dumps({'prefix': sys.prefix, 'python': list(sys.version_info[:2]),\n"
                         "  'dominolab': dominolab.__file__, 'anywidget': anywidget.__version__,\n"
                         "  'ipywidgets': ipywidgets.__version__}))"}],
    "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
    "nbformat": 4, "nbformat_minor": 5,
}


@pytest.mark.binder
@pytest.mark.slow
def test_every_notebook_runs_in_the_binder_environment(tmp_path: Path) -> None:
    """Install binder/requirements.txt as repo2docker would, then run every notebook under nbval there."""
    repo, env, home = tmp_path / "repo", tmp_path / "env", tmp_path / "home"
    for name in repository_files():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, repo / name)
    python = find_python(runtime_python())

    subprocess.run([python, "-m", "venv", str(env)], check=True)
    bin_dir = env / "bin"
    run_env = {key: value for key, value in os.environ.items()
               if key not in ("PYTHONPATH", "VIRTUAL_ENV", "JUPYTER_PATH", "PYTHONHOME")}
    run_env["PATH"] = f"{bin_dir}{os.pathsep}{run_env.get('PATH', '')}"
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        run_env[name] = str(home / name.lower())  # no kernelspec or config of this machine's user
    run_env["MPLBACKEND"] = "Agg"

    def run(*command: str) -> None:
        subprocess.run(command, cwd=repo, env=run_env, check=True)

    # repo2docker's environment has a current pip; its install line is
    # `pip install --no-cache-dir -r binder/requirements.txt` (the cache is allowed here, for speed).
    run(str(bin_dir / "python"), "-m", "pip", "install", "--quiet", "--upgrade", "pip")
    run(str(bin_dir / "python"), "-m", "pip", "install", "--quiet", "-r", "binder/requirements.txt")
    post_build = repo / "binder" / "postBuild"
    if post_build.exists():
        post_build.chmod(0o755)
        run(str(post_build))

    # Binder's own Jupyter runs a notebook that reports where its kernel runs.
    (repo / "where.ipynb").write_text(json.dumps(WHERE))
    out = tmp_path / "executed"
    run(str(bin_dir / "jupyter"), "nbconvert", "--to", "notebook", "--execute", "--output-dir", str(out),
        "--ExecutePreprocessor.timeout=600", "where.ipynb")
    (cell,) = json.loads((out / "where.ipynb").read_text())["cells"]
    report = json.loads("".join(cell["outputs"][0]["text"]))
    pinned = pins(binder_requirements())
    assert Path(report["prefix"]) == env, "the kernel must be the Binder environment's Python"
    assert report["python"] == [int(part) for part in runtime_python().split(".")]
    assert Path(report["dominolab"]).is_relative_to(env), "dominolab must be installed from '.', not found elsewhere"
    assert (report["anywidget"], report["ipywidgets"]) == (pinned["anywidget"], pinned["ipywidgets"])

    # Every notebook, the Spanish ones in notebooks/es/ too, under nbval (this test's pytest, CI's
    # sanitizing) with a kernel of the Binder environment's Python: each lesson runs with what
    # Binder installs, and its outputs are the ones committed.  This is CI's only nbval run of
    # notebooks/ (.ci/run checks the answer keys in docs/teachers/ in its own environment), so
    # each lesson runs once, not once here and once more in CI's environment.
    notebooks = sorted(str(p.relative_to(repo)) for p in (repo / "notebooks").rglob("*.ipynb"))
    assert any(n.startswith("notebooks/es/") for n in notebooks), "the Spanish lessons must run on Binder too"
    spec = home / "kernels" / "kernels" / "binder"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [str(bin_dir / "python"), "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "Binder's Python", "language": "python"}))
    nbval_env = {key: value for key, value in run_env.items() if key != "MPLBACKEND"}  # charts inline, as committed
    nbval_env["JUPYTER_PATH"] = str(home / "kernels")
    checked = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-v", "--nbval",
                              "--nbval-kernel-name", "binder", "--nbval-sanitize-with", "tests/nbval_sanitize.cfg",
                              *notebooks], cwd=repo, env=nbval_env, capture_output=True, text=True)
    assert checked.returncode == 0, f"nbval in the Binder environment:\n{checked.stdout[-8000:]}{checked.stderr[-2000:]}"
    # nbval 0.11 names a cell's test "notebooks/play::Cell 0" (the path without its suffix)
    passed = {line.split("::")[0] for line in checked.stdout.splitlines() if " PASSED" in line}
    unchecked = sorted(n for n in notebooks if not {n, n.removesuffix(".ipynb")} & passed)
    assert not unchecked, f"nbval ran no cell of {unchecked}:\n{checked.stdout[-3000:]}"


def test_a_clone_holds_the_spanish_notebooks_binder_runs() -> None:
    """Binder builds from what a clone holds: the Spanish lessons must be in it (not ignored)."""
    files = set(repository_files())
    spanish = {str(p.relative_to(ROOT)) for p in (ROOT / "notebooks" / "es").glob("*.ipynb")}
    assert len(spanish) >= 9 and spanish <= files  # lessons 0-7 and the table (the key is in docs/teachers/)
