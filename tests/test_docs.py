"""The documents' examples run, and their shown output is compared (issue 38).

Every fenced code block of README.md, ARCHITECTURE.md and docs/teachers/ is read by Sybil:
a ``python`` block runs (as a doctest when it starts with ``>>>``, so the output it shows
is compared); a shell block (``bash``, ``sh``, ``console``) cannot run here and must be
marked ``<!-- skip: next "why" -->`` in the Markdown, or this test fails.  The docstrings'
examples in ``src/dominolab`` (``>>>`` doctests and ``.. code-block:: python`` blocks) run
the same way.  Warnings are errors: an example that warns (a deprecation, say) is wrong.

Each document's examples run in order in one namespace, in a fresh working directory (an
example may write a file), with matplotlib drawing off screen.
"""

from __future__ import annotations

import ast
import doctest
import random
import re
import textwrap
import unittest
from pathlib import Path
from typing import Any

import pytest
from sybil import Document, Example, Sybil
from sybil.parsers import markdown, rest

from dominolab.moves import Play

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "dominolab"

MARKDOWN = sorted(
    [ROOT / "README.md", ROOT / "ARCHITECTURE.md", *(ROOT / "docs" / "teachers").rglob("*.md")]
)
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
SHELLS = ("bash", "sh", "shell", "console")


def _unmarked_shell(example: Example) -> None:
    """A shell block reached unskipped: say which and how to mark it."""
    raise AssertionError(
        f"{example.path}, line {example.line}: a shell block cannot run in the tests; "
        'mark it with <!-- skip: next "the reason" --> on the line before it'
    )


MARKDOWN_PARSERS = [
    markdown.PythonCodeBlockParser(doctest_optionflags=FLAGS),
    *(markdown.CodeBlockParser(language, _unmarked_shell) for language in SHELLS),
    markdown.SkipParser(),
]
DOCSTRING_PARSERS = [
    rest.DocTestParser(optionflags=FLAGS),
    rest.PythonCodeBlockParser(),
    rest.SkipParser(),
]
markdown_docs = Sybil(MARKDOWN_PARSERS, path=str(ROOT))
docstrings = Sybil(DOCSTRING_PARSERS, path=str(ROOT))


def _has_examples(path: Path) -> bool:
    """Whether a module's docstrings hold an example (a doctest or a code block)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            text = ast.get_docstring(node, clean=False) or ""
            if ">>>" in text or ".. code-block:: python" in text:
                return True
    return False


MODULES = sorted(p for p in SRC.rglob("*.py") if _has_examples(p))


def _class_results(namespace: dict[str, Any]) -> None:
    """What the tournament guide's leaderboard reads: a ``results`` folder with the files of
    two students who played the guide's tournament ``t`` (a random legal tile each turn)."""
    t = namespace["t"]
    for seed, name in enumerate(["Ana", "Ben"]):
        rng = random.Random(seed)
        entry = t.entry(name)
        while not entry.is_finished:
            while not entry.view().is_over:
                legal = entry.view().legal
                plays = [m for m in legal if isinstance(m, Play)]
                entry.play(rng.choice(plays) if plays else legal[0])
            entry.next_hand()
        entry.save("results")


#: What a document takes for granted before one of its blocks (the block's first line that
#: contains the text given): made here, for real, rather than left out.
PREPARE = {
    ("docs/teachers/tournament.md", 'leaderboard("results")'): _class_results,
}


def _run(document: Document) -> int:
    """Evaluate a document's examples in order; the number evaluated.  A block marked
    ``skip: next "reason"`` is left out (Sybil says so with ``SkipTest``) and the rest run."""
    count = 0
    name = Path(document.path).relative_to(ROOT).as_posix()
    for example in document:
        for (where, text), prepare in PREPARE.items():
            if where == name and isinstance(example.parsed, str) and text in example.parsed:
                prepare(example.namespace)
        try:
            example.evaluate()
        except unittest.SkipTest:
            continue
        count += 1
    return count


@pytest.fixture
def workdir(tmp_path, monkeypatch):
    """A fresh working directory and matplotlib off screen, for examples that write or draw."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MPLBACKEND", "Agg")
    return tmp_path


@pytest.mark.filterwarnings("error")
@pytest.mark.parametrize("path", MARKDOWN, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_documents_examples_run(path, workdir):
    _run(markdown_docs.parse(path))


@pytest.mark.filterwarnings("error")
@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_docstrings_examples_run(path, workdir):
    assert _run(docstrings.parse(path)) > 0


def test_every_fenced_block_is_python_a_shell_or_plain_text():
    """A block in another language would be left out of the tests without a word."""
    for path in MARKDOWN:
        languages = re.findall(r"^ *```+ *([^\s`]*)", path.read_text(encoding="utf-8"), flags=re.M)
        strange = set(languages) - {"", "python", *SHELLS}
        assert not strange, f"{path.relative_to(ROOT)}: code blocks in {sorted(strange)} are not run by the tests"


def _literal_blocks(text: str) -> list[tuple[str, str]]:
    """Each reST ``::`` literal block of a docstring: (the line that opens it, its text)."""
    lines = text.splitlines()
    blocks = []
    for i, line in enumerate(lines):
        if line.rstrip().endswith("::") and not line.lstrip().startswith(".."):
            body = []
            for following in lines[i + 1:]:
                if following.strip() and not following.startswith((" ", "\t")):
                    break
                body.append(following)
            blocks.append((line.strip(), textwrap.dedent("\n".join(body))))
    return blocks


def _is_python(source: str) -> bool:
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return False
    return any(isinstance(node, (ast.Call, ast.Import, ast.ImportFrom)) for node in ast.walk(tree))


def test_no_docstring_hides_code_in_a_literal_block():
    """A reST ``::`` literal block is not run by the tests: Python examples are doctests or
    ``.. code-block:: python`` blocks (a literal block may still show text that is not Python,
    such as a file format)."""
    hidden = []
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                for opening, body in _literal_blocks(ast.get_docstring(node, clean=True) or ""):
                    if _is_python(body):
                        hidden.append(f"{path.relative_to(ROOT)}: {opening}")
    assert not hidden, f"Python in literal blocks, never run (make them doctests or code-block directives): {hidden}"


def test_the_literal_block_check_tells_python_from_text():
    doc = "Use it so::\n\n    import dominolab as dl\n    dl.Round.deal('standard')\n\nThe format::\n\n    rules: standard\n    rule draw_limit: 2\n"
    blocks = _literal_blocks(doc)
    assert [_is_python(body) for _, body in blocks] == [True, False]
