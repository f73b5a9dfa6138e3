"""ARCHITECTURE.md's tables, checked against the code (as tests/test_docs.py runs the docs'
examples and tests/test_layers.py checks the chain of layers): every module of the package
and of the table session is named in its table, every test file in the fast loop's table, and
no table names a module or a test file that is not there; each part of the table session
lists the attributes its ``__init__`` gives it.

A new module or test file fails here until ARCHITECTURE.md names it: say where it lives and
what it owns (and, for a module, its layer in tests/test_layers.py).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "dominolab"
TEXT = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")


def table_after(heading: str) -> list[list[str]]:
    """The rows (cells) of the first Markdown table after the line starting ``heading``."""
    lines = TEXT.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(heading))
    rows: list[list[str]] = []
    for line in lines[start + 1:]:
        if line.startswith("|"):
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if not all(set(cell) <= set("-: ") for cell in cells):
                rows.append(cells)
        elif rows:
            break
    return rows  # the heading row is the line found


def named(cell: str) -> list[str]:
    """The names in backticks in a cell."""
    return re.findall(r"`([^`]+)`", cell)


def test_the_tables_are_found():
    assert len(table_after("| Module (`src/dominolab/`)")) > 10
    assert len(table_after("| layer | tests |")) > 5
    assert len(table_after("| Module | Owns |")) > 5
    assert len(table_after("| Part | Attributes |")) > 5


# ---------------------------------------------------------------------------- the package
def package_entries() -> set[str]:
    """The package's modules ("round.py") and subpackages ("session/"), as the table names them."""
    entries = {p.name for p in PACKAGE.glob("*.py") if p.name != "__init__.py"}
    entries |= {f"{p.name}/" for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    return entries


def test_every_module_of_the_package_is_in_the_table_and_every_one_it_names_is_there():
    names = {name for row in table_after("| Module (`src/dominolab/`)") for name in named(row[0])}
    listed = {n for n in names if n.endswith((".py", "/"))}
    missing = sorted(package_entries() - listed)
    assert not missing, f"ARCHITECTURE.md's module table does not name {missing}: add a row (or name it in one)"
    absent = sorted(listed - package_entries())
    assert not absent, f"ARCHITECTURE.md's module table names {absent}, which src/dominolab/ does not hold"


def test_every_module_of_the_table_session_is_in_its_table_and_none_more():
    names = {name for row in table_after("| Module | Owns |") for name in named(row[0])}
    there = {p.name for p in (PACKAGE / "session").glob("*.py") if p.name != "__init__.py"}
    assert not sorted(there - names), f"the table session's table does not name {sorted(there - names)}"
    assert not sorted(names - there), f"the table session's table names {sorted(names - there)}, not in session/"


# ---------------------------------------------------------------------------- the tests
def test_every_test_file_is_in_the_fast_loops_table_and_every_one_it_names_is_there():
    names = {name for row in table_after("| layer | tests |") for name in named(row[1])}
    files = {n for n in names if n.endswith(".py") and "/" not in n}
    there = {p.name for p in (ROOT / "tests").glob("test_*.py")}
    assert not sorted(there - files), f"the fast loop's table does not name {sorted(there - files)}: put each " \
                                      "in the row of the layer it covers"
    assert not sorted(files - there), f"the fast loop's table names {sorted(files - there)}, not in tests/"
    paths = {n for n in names if "/" in n}
    assert all((ROOT / p).exists() for p in paths), sorted(p for p in paths if not (ROOT / p).exists())
    assert "tests/browser/" in names


# ---------------------------------------------------------------------------- the parts
PARTS = {"Undo": "undo.py", "Coach": "coach.py", "Hints": "hint.py", "Threads": "threads.py",
         "Persistence": "persist.py", "Analyst": "analysis.py", "TableSession": "table.py"}


def init_attributes(cls: str) -> list[str]:
    """The attributes ``cls.__init__`` sets on ``self``, in order."""
    tree = ast.parse((PACKAGE / "session" / PARTS[cls]).read_text(encoding="utf-8"))
    klass = next(n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name == cls)
    init = next(n for n in klass.body if isinstance(n, ast.FunctionDef) and n.name == "__init__")
    found: list[str] = []
    for node in ast.walk(init):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
            node, ast.AnnAssign) else []
        for target in targets:
            if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self":
                if target.attr not in found:
                    found.append(target.attr)
    return found


@pytest.mark.parametrize("cls", sorted(PARTS))
def test_each_part_lists_the_attributes_its_init_sets(cls):
    """A part's public attributes (and, for TableSession, every attribute but the parts it
    holds, which their own rows name) are in its row."""
    rows = {named(row[0])[0]: row for row in table_after("| Part | Attributes |")}
    assert cls in rows, f"the parts' table has no row for {cls}"
    listed = set(named(rows[cls][1]))
    parts = {name for row in rows.values() for name in named(row[0])[1:]}  # "(`_undo`)"
    attributes = init_attributes(cls)
    wanted = [a for a in attributes if not a.startswith("_")] if cls != "TableSession" else [
        a for a in attributes if a not in parts]
    missing = [a for a in wanted if a not in listed]
    assert not missing, f"ARCHITECTURE.md's row for {cls} does not list {missing}"
    gone = sorted(a for a in listed if a not in attributes and not _is_read(cls, a))
    assert not gone, f"ARCHITECTURE.md's row for {cls} lists {gone}, which {cls} does not have"


def _is_read(cls: str, name: str) -> bool:
    """``name`` is a property or method of ``cls`` (a read the row may name too)."""
    tree = ast.parse((PACKAGE / "session" / PARTS[cls]).read_text(encoding="utf-8"))
    klass = next(n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name == cls)
    return any(isinstance(n, ast.FunctionDef) and n.name == name for n in klass.body)
