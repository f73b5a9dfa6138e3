"""Load a script of ``benchmarks/`` as a module, for the tests that check a benchmark's data
or its quick path; skips where the benchmarks are not next to the tests (the Pyodide run
copies only ``tests/``)."""

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def load(name: str) -> ModuleType:
    """``benchmarks/<name>.py`` as a module (its folder on ``sys.path`` for the scripts it imports)."""
    path = BENCHMARKS / f"{name}.py"
    if not path.exists():
        pytest.skip("the benchmarks are not next to the tests (the Pyodide run copies only tests)")
    if str(BENCHMARKS) not in sys.path:
        sys.path.insert(0, str(BENCHMARKS))
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
