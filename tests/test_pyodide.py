"""The engine's own test suite, run by Pyodide's Python 3.14 under Node.js.

Why: the JupyterLite kernel is Pyodide (Python 3.14 for jupyterlite-pyodide-kernel 0.8.6),
while CI's Python is 3.11.  The browser test shows the lessons run there; this runs every
engine test there too, so a 3.12-3.14 change in semantics (or a module Pyodide lacks) shows
up as a failing test, not as a broken lesson in a visitor's browser.

How: ``lite/pyodide_dist.py`` prepares a Pyodide distribution with Domino Lab's wheel and,
from PyPI, the pytest and hypothesis versions installed here; Node loads it, the test files
are copied into Pyodide's in-memory file system, and ``pytest.main`` runs them with the same
configuration (pyproject.toml, conftest.py).  Test modules are chosen by what they import:
only the standard library (less subprocess and multiprocessing), pytest, hypothesis,
dominolab and the tests' own helpers, so tests that start processes, servers or browsers stay
native.  ``pytest -m lite`` runs it with the browser test; it needs node, npm and PyPI.
"""

from __future__ import annotations

import ast
import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .budget import PROFILE

pytestmark = [pytest.mark.lite, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
sys.path.insert(0, str(ROOT / "lite"))

#: The hypothesis profile the tests run with under Pyodide, by the native run's profile: one
#: step lighter (CI's ``ci`` runs ``dev`` here, a fifth of the examples and seeds).  The native
#: run searches each property's inputs at the full count, on the same engine code; this run is
#: for what differs in the interpreter (a module Pyodide lacks, a semantics change of 3.12-3.14),
#: which tends to show on any example of a test that reaches it; repeating every example of CI
#: here took about 40% of the run's time.  A difference found here on one input only (float sum()
#: in 3.12, test_evaluation_parts.py) is kept as an ``@example``, which every profile runs.
PROFILE_UNDER_PYODIDE = {"dev": "dev", "ci": "dev", "thorough": "ci"}

NATIVE_ONLY = {"subprocess", "multiprocessing"}
ALLOWED = (set(sys.stdlib_module_names) - NATIVE_ONLY) | {"pytest", "hypothesis", "dominolab", "tests"}

RUNNER = """
import fs from "node:fs";
import path from "node:path";
const [dist, tests, pyproject, selected, profile] = process.argv.slice(2);
const { loadPyodide } = await import(path.join(dist, "pyodide.mjs"));
const py = await loadPyodide({ indexURL: dist + "/" });
await py.loadPackage(["dominolab", "pytest", "hypothesis"], { messageCallback: () => {} });
py.FS.mkdirTree("/work/tests");
py.FS.writeFile("/work/pyproject.toml", fs.readFileSync(pyproject));
for (const name of fs.readdirSync(tests)) {
  if (name.endsWith(".py") || name.endsWith(".cfg") || name.endsWith(".txt")) py.FS.writeFile("/work/tests/" + name, fs.readFileSync(path.join(tests, name)));
}
py.globals.set("selected", JSON.parse(selected));
py.globals.set("profile", profile);
const code = await py.runPythonAsync(`
import os, sys, pytest
os.chdir("/work")
os.environ["HYPOTHESIS_PROFILE"] = profile
sys.dont_write_bytecode = True
print("python", sys.version.split()[0], sys.platform, flush=True)
int(pytest.main(["-p", "no:cacheprovider", "-v", "--durations=10", *[f"tests/{name}" for name in selected]]))
`);
process.exit(code);
"""


# Modules that check the checkout's documents and source text, not the engine's behaviour:
# the Pyodide file system holds only the tests and pyproject.toml.  (test_i18n_widget.py reads
# the front end's JavaScript and needs the widget's packages.)
# test_typed_answers.py reads its table of answers from tests/data/; test_exceptions.py imports
# every module of the package, the widget's too; test_hub_docs.py reads the hub chapters in docs/.
CHECKOUT_ONLY = {"test_docs.py", "test_doc_claims.py", "test_layers.py", "test_i18n_widget.py", "test_architecture.py",
                 "test_notebook_files.py", "test_typed_answers.py", "test_exceptions.py", "test_hub_docs.py"}


def pyodide_safe(path: Path) -> bool:
    """True if a test module imports only what the Pyodide run provides."""
    if path.name in CHECKOUT_ONLY:
        return False
    tree = ast.parse(path.read_text())
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names <= ALLOWED


def test_engine_tests_pass_under_pyodide(tmp_path: Path) -> None:
    """Every Pyodide-safe test module passes under Python 3.14 in Pyodide."""
    if not (shutil.which("node") and shutil.which("npm")):
        if os.environ.get("CI"):
            pytest.fail("node and npm are needed to run Pyodide")
        pytest.skip("node and npm are needed to run Pyodide")
    import pyodide_dist

    selected = sorted(p.name for p in TESTS.glob("test_*.py") if pyodide_safe(p))
    assert "test_round.py" in selected and "test_properties.py" in selected
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(wheels),
                    str(ROOT)], check=True)
    version, cdn = pyodide_dist.kernel_pyodide()
    # pytest as installed here; hypothesis's newest pure wheel (its recent releases are compiled only).
    specs = [f"pytest=={importlib.metadata.version('pytest')}", "hypothesis"]
    dist = tmp_path / "pyodide"
    # The engine needs only the standard library: leave the lessons' dependencies out.
    pyodide_dist.prepare(dist, version, cdn, wheels=list(wheels.glob("*.whl")), specs=specs,
                         skip_depends=("anywidget", "ipywidgets", "matplotlib", "tqdm"))
    runner = tmp_path / "run.mjs"
    runner.write_text(RUNNER)

    # The run writes each test's name as it starts (-v) to a file, so that a run stopped by the
    # guard below still says which test it was in.
    log = tmp_path / "pyodide.log"
    with log.open("w", encoding="utf-8") as out:
        try:
            code = subprocess.run(["node", str(runner), str(dist), str(TESTS), str(ROOT / "pyproject.toml"),
                                   json.dumps(selected), PROFILE_UNDER_PYODIDE[PROFILE]], stdout=out, stderr=subprocess.STDOUT,
                                  timeout=1800).returncode  # a guard against a hang, not a speed check
        except subprocess.TimeoutExpired:
            pytest.fail("the tests under Pyodide did not end in 1800 s; the run was at:\n"
                        + log.read_text(encoding="utf-8")[-3000:])
    output = log.read_text(encoding="utf-8")
    print(output[-3000:])
    assert re.search(r"^python 3\.14\.\d+ emscripten$", output, re.MULTILINE), output[-3000:]
    assert code == 0, f"tests failed under Pyodide:\n{output[-6000:]}"
    summary = [line for line in output.splitlines() if re.match(r"^=+ .*\d+ passed.* in [\d.]+s", line)]
    assert summary and not re.search(r"\d+ (failed|error)", summary[-1]), summary
