"""ARCHITECTURE.md's layers, checked: at load time no module imports one from a higher layer.

Each module's top-level imports (those run when the module loads, including those inside a
top-level ``try`` or ``if``, but not those under ``if TYPE_CHECKING:`` nor inside a function)
are read with :mod:`ast`, and each module is given its layer below.  An import that points
to a higher layer fails, naming both modules; so does a module that has no layer yet (a new
module is placed on purpose, and ARCHITECTURE.md says where).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
PACKAGE = SRC / "dominolab"

# The chain ARCHITECTURE.md draws, lowest first, and the modules each step holds.
LAYERS: list[tuple[str, set[str]]] = [
    ("tiles", {"i18n", "tiles", "words", "validate", "shuffling", "plain", "teachers"}),
    ("rules", {"rules", "rules_text", "moves", "scoring"}),
    ("round", {"round", "roundsetup", "pieces", "fastround", "dealing"}),
    ("view", {"view"}),
    ("records, inference, render",
     {"records", "inference", "render", "narration", "reachable",
      # the answer reader and the Exercise class, which the puzzles use too
      "exercises", "exercises.answers", "exercises.core", "exercises.settings"}),
    ("players", {"players", "search", "playout", "exact", "review", "puzzles", "analysis", "analysis_text",
                 "advice", "analysis_deal",
                 # the search's parts (worlds, policy, solver, evaluation, tree)
                 *(f"search.{p.stem}" for p in (PACKAGE / "search").glob("*.py") if p.stem != "__init__")}),
    # the package's own names (``import dominolab``) reach up to the match
    ("match, simulation", {"match", "simulation", "tournament", "",
                           # the PettingZoo environment (numpy, PettingZoo): nothing below imports it
                           "env", *(f"env.{p.stem}" for p in (PACKAGE / "env").glob("*.py") if p.stem != "__init__"),
                           *(f"tournament.{p.stem}" for p in (PACKAGE / "tournament").glob("*.py")
                             if p.stem != "__init__")}),
    ("table session",
     {"session", *(f"session.{p.stem}" for p in (PACKAGE / "session").glob("*.py") if p.stem != "__init__"),
      # the lessons' exercises: nothing below imports them
      *(f"exercises.{p.stem}" for p in (PACKAGE / "exercises").glob("*.py")
        if p.stem not in ("__init__", "answers", "core", "settings")),
      # the classroom hub: its service (beside the table session) and the kernels' client
      "hub", *(f"hub.{p.stem}" for p in (PACKAGE / "hub").glob("*.py") if p.stem != "__init__")}),
    ("widget", {"presenter", "table_words", "widget"}),
]
LAYER = {module: (index, name) for index, (name, modules) in enumerate(LAYERS) for module in modules}


def _module_name(path: Path) -> str:
    """``src/dominolab/session/table.py`` -> ``session.table``; the package itself is ``""``."""
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def load_time_imports(path: Path, module: str | None = None) -> set[str]:
    """The package modules ``path`` (the module ``module``, by default the one at ``path``)
    imports when it loads, as names relative to the package."""
    module = _module_name(path) if module is None else module
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()

    def target(name: str) -> str:
        return name[len("dominolab."):] if name.startswith("dominolab.") else ("" if name == "dominolab" else name)

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.Import):
                found.update(target(a.name) for a in node.names if a.name.split(".")[0] == "dominolab")
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".") if package else []
                    base = base[: len(base) - (node.level - 1)]
                    stem = ".".join([*base, *([node.module] if node.module else [])])
                elif node.module and node.module.split(".")[0] == "dominolab":
                    stem = target(node.module)
                else:
                    continue
                if node.module is None:  # from . import exact: each name is a module
                    found.update(f"{stem}.{a.name}".lstrip(".") for a in node.names)
                else:
                    found.add(stem)
            elif isinstance(node, ast.If):
                if not _is_type_checking(node.test):
                    visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                visit(node.body)
                for handler in node.handlers:
                    visit(handler.body)
                visit(node.orelse)
                visit(node.finalbody)
            elif isinstance(node, ast.With):
                visit(node.body)

    visit(ast.parse(path.read_text(encoding="utf-8")).body)
    return {name for name in found if name in LAYER}


MODULES = sorted(PACKAGE.rglob("*.py"))


def test_every_module_has_a_layer():
    missing = sorted(_module_name(p) or "dominolab" for p in MODULES if _module_name(p) not in LAYER)
    assert not missing, f"place these modules in a layer (tests/test_layers.py and ARCHITECTURE.md): {missing}"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: _module_name(p) or "dominolab")
def test_no_module_imports_a_higher_layer_at_load_time(path):
    here, here_name = LAYER[_module_name(path)]
    upward = sorted(
        f"{name or 'dominolab'} ({LAYER[name][1]})"
        for name in load_time_imports(path)
        if name in LAYER and LAYER[name][0] > here
    )
    assert not upward, f"{_module_name(path) or 'dominolab'} ({here_name}) imports, at load time, {upward}"


def test_the_check_sees_an_import_that_points_up(tmp_path):
    """round.py as it stood (``from .view import View`` at the top) fails; the same import
    under ``if TYPE_CHECKING:`` or inside a function does not count."""
    probe = tmp_path / "round.py"
    probe.write_text("from .rules import Rules\nfrom .view import View\n")
    assert load_time_imports(probe, "round") == {"rules", "view"}
    probe.write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .view import View\n"
        "def view():\n    from .view import View\n    return View\n"
    )
    assert load_time_imports(probe, "round") == set()
    probe.write_text("try:\n    from . import exact, render\nexcept ImportError:\n    pass\nimport dominolab.view\n")
    assert load_time_imports(probe, "round") == {"exact", "render", "view"}


def test_architecture_draws_the_layers_the_test_checks():
    """The chain in ARCHITECTURE.md is the one above, step by step."""
    text = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    chain = re.search(r"^tiles → .*$", text, flags=re.M)
    assert chain, "ARCHITECTURE.md no longer draws the chain of layers"
    assert [step.strip() for step in chain.group(0).split("→")] == [name for name, _ in LAYERS]


def _imports_inside_functions(path: Path) -> set[str]:
    """The package modules ``path`` imports inside its functions (when they are called)."""
    module = _module_name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for fn in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(fn):
            if isinstance(node, ast.ImportFrom) and node.level:
                base = package.split(".") if package else []
                base = base[: len(base) - (node.level - 1)]
                stem = ".".join([*base, *([node.module] if node.module else [])])
                names = [f"{stem}.{a.name}".lstrip(".") for a in node.names] if node.module is None else [stem]
                found.update(n for n in names if n in LAYER)
    return found


def test_the_upward_imports_inside_functions_are_the_ones_architecture_names():
    """ARCHITECTURE.md lists the conveniences that import a higher layer when called: a new
    one is a decision to write down there (and here), not an accident."""
    upward = {
        (_module_name(path), name)
        for path in MODULES
        for name in _imports_inside_functions(path)
        if LAYER[name][0] > LAYER[_module_name(path)][0]
    }
    assert upward == {
        ("round", "view"), ("round", "records"), ("round", "render"),
        ("tiles", "render"), ("pieces", "render"), ("view", "render"),
        # a lesson's check tells the class hub's service, on a hub only
        ("exercises.core", "hub.client"), ("puzzles", "hub.client"),
        # on a hub, the solutions the teacher released on the service
        ("exercises.settings", "hub.client"),
    }
