"""The search's house (issue 46): modules a newcomer can read alone, functions that fit a screen.

Measured with ``ast``: a module's lines, and a function's lines from its ``def`` to its last
line (decorators and docstring included).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "dominolab"

#: The most lines a module may have.
MODULE_LIMITS = {"round.py": 999, "analysis.py": 999, "players.py": 999}
#: Every module of the search package stays under this, and every function in it too.
PART_LIMIT = 500
FUNCTION_LIMIT = 80
#: Functions the issue split, wherever they live now.
SPLIT = [("scoring.py", "score"), ("rules_text.py", "_describe_fields"), ("rules.py", "__post_init__"),
         ("analysis_deal.py", "_fill"), ("advice.py", "_move_facts"), ("analysis_text.py", "read")]
#: Modules outside the search package whose every function stays under FUNCTION_LIMIT.
SHORT_FUNCTIONS = ["analysis_text.py"]


def _functions(path: Path) -> dict[str, int]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    sizes: dict[str, int] = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            assert node.end_lineno is not None
            sizes[node.name] = max(sizes.get(node.name, 0), node.end_lineno - node.lineno + 1)
    return sizes


pytestmark = pytest.mark.skipif(not SRC.is_dir(), reason="reads the checkout's sources")


@pytest.mark.parametrize("name", sorted(MODULE_LIMITS))
def test_large_modules_were_split(name: str) -> None:
    lines = len((SRC / name).read_text(encoding="utf-8").splitlines())
    assert lines <= MODULE_LIMITS[name], f"{name} has {lines} lines"


def test_the_search_is_a_package_of_short_parts() -> None:
    parts = sorted((SRC / "search").glob("*.py"))
    assert {p.stem for p in parts} >= {"worlds", "policy", "solver", "tree", "evaluation"}
    for part in parts:
        lines = len(part.read_text(encoding="utf-8").splitlines())
        assert lines <= PART_LIMIT, f"search/{part.name} has {lines} lines"
        long = {f: n for f, n in _functions(part).items() if n > FUNCTION_LIMIT}
        assert not long, f"search/{part.name}: {long}"


@pytest.mark.parametrize(("module", "function"), SPLIT)
def test_long_functions_were_split(module: str, function: str) -> None:
    size = _functions(SRC / module).get(function)
    assert size is not None, f"{function} is no longer in {module}: say where it went"
    assert size <= FUNCTION_LIMIT, f"{module}: {function} has {size} lines"


@pytest.mark.parametrize("module", SHORT_FUNCTIONS)
def test_every_function_of_a_split_module_is_short(module: str) -> None:
    long = {f: n for f, n in _functions(SRC / module).items() if n > FUNCTION_LIMIT}
    assert not long, f"{module}: {long}"
