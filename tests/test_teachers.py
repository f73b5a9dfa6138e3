"""The teachers' kit without a repository or a network (issue 44, item 10).

The notebooks link nowhere outside their own tree and to no host; the kit ships in the
package and ``dominolab.teachers`` writes it into a folder, where every link of every page
leads to a file that exists (a lesson beside it, or another page of the kit), and the answer
keys come only when asked for.  The links are read here with :mod:`html.parser` and a
Markdown pattern of this file's own, not with the module's rewriting.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

import dominolab as dl
from dominolab import teachers
from dominolab.exercises import settings

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
KIT = ROOT / "docs" / "teachers"
KEYS = {"answer-key.ipynb", "es/clave-de-respuestas.ipynb"}

# [words](target) and ![alt](target), the target up to the first space or closing bracket.
MARKDOWN_LINK = re.compile(r"\]\(\s*<?([^)\s>]+)")


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("href", "src", "xlink:href") and value is not None:
                self.found.append(value)


def links_in(text: str) -> list[str]:
    """Every link of a Markdown or HTML text: Markdown's, and the href and src of its tags."""
    parser = _Links()
    parser.feed(text)
    return MARKDOWN_LINK.findall(text) + parser.found


def links_of_file(path: Path) -> list[str]:
    """The links of a kit file or notebook (a notebook's markdown cells and its shown outputs)."""
    if path.suffix == ".ipynb":
        texts = []
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "markdown":
                texts.append("".join(cell["source"]))
            for output in cell.get("outputs", []):
                for kind in ("text/markdown", "text/html"):
                    value = output.get("data", {}).get(kind)
                    if value:
                        texts.append("".join(value))
        return [link for text in texts for link in links_in(text)]
    if path.suffix in (".md", ".html"):
        return links_in(path.read_text(encoding="utf-8"))
    return []


def where(path: Path, link: str):
    """None for a link within the page (``#part``) or a picture's data; the host for a web
    address; else the file the link opens, resolved."""
    parts = urlsplit(link)
    if parts.scheme == "data" or (not parts.scheme and not parts.netloc and not parts.path):
        return None
    if parts.scheme or parts.netloc:
        return parts.netloc or parts.scheme
    return (path.parent / unquote(parts.path)).resolve()


def every_notebook() -> list[Path]:
    return sorted(p for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def test_no_notebook_links_outside_the_notebooks_tree_or_to_a_host():
    """A Lab rooted in notebooks/, the in-browser site and a copy of the folder open every
    link the lessons hold, with no network and no repository."""
    wrong = []
    for notebook in every_notebook():
        for link in links_of_file(notebook):
            target = where(notebook, link)
            if target is None:
                continue
            if isinstance(target, str):
                wrong.append((notebook.relative_to(ROOT).as_posix(), link, "a host"))
            elif not target.is_relative_to(NOTEBOOKS.resolve()):
                wrong.append((notebook.relative_to(ROOT).as_posix(), link, "outside notebooks/"))
            elif not target.exists():
                wrong.append((notebook.relative_to(ROOT).as_posix(), link, "missing"))
    assert not wrong, wrong
    assert len(every_notebook()) >= 20  # the lessons in both languages were read


def test_the_checker_sees_the_links_it_must_refuse(tmp_path):
    """The notebooks' test above would catch the old links of lesson 0."""
    page = tmp_path / "lesson.md"
    old = ("[plans](https://github.com/dominolab/dominolab/blob/main/docs/teachers/plans/README.md) "
           '<a href="../docs/teachers/glossary.md">glossary</a> ![tile](pictures/six.svg)')
    found = [where(page, link) for link in links_in(old)]
    assert sorted(map(str, found)) == sorted(["github.com", str((tmp_path / "pictures" / "six.svg").resolve()),
                                              str((tmp_path.parent / "docs" / "teachers" / "glossary.md").resolve())])


def broken_links(folder: Path, allowed: Path) -> list[tuple[str, str]]:
    """The links of the files under ``folder`` that lead to no file, or out of ``allowed``
    (a web address a page names on purpose, mybinder.org say, is not a file and is allowed)."""
    wrong = []
    for path in sorted(folder.rglob("*")):
        for link in links_of_file(path):
            target = where(path, link)
            if target is None or isinstance(target, str):
                continue
            if not target.is_relative_to(allowed.resolve()) or not target.exists():
                wrong.append((path.relative_to(folder).as_posix(), link))
    return wrong


def words(line: str) -> list[str]:
    return re.findall(r"\w+", line)


def changed_lines(before: str, after: str) -> list[tuple[str, str]]:
    return [(a, b) for a, b in zip(before.splitlines(), after.splitlines(), strict=True) if a != b]


def test_the_kit_is_written_whole_and_every_link_in_it_resolves(tmp_path):
    out = tmp_path / "teachers"
    written = teachers.copy_docs(out)
    shipped = sorted(p.relative_to(KIT).as_posix() for p in KIT.rglob("*") if p.is_file())
    assert sorted(p.relative_to(out).as_posix() for p in written) == sorted(set(shipped) - KEYS)
    assert not any((out / key).exists() for key in KEYS)  # the answer keys only when asked
    assert broken_links(out, out) == []
    # What was written reads back as the kit: the same lines, but for the lines holding a link
    # it could not keep, whose words stay.
    for name in shipped:
        if name in KEYS:
            continue
        source, copy = KIT / name, out / name
        if source.suffix not in (".md", ".html"):
            assert copy.read_bytes() == source.read_bytes(), name
            continue
        before, after = source.read_text(encoding="utf-8"), copy.read_text(encoding="utf-8")
        assert len(before.splitlines()) == len(after.splitlines()), name
        for old, new in changed_lines(before, after):
            assert links_in(old) and len(new) < len(old), (name, old, new)
            assert set(words(new)) <= set(words(old)), (name, old, new)
    # The index names every part, and the plans' index every plan.
    index = (out / "README.md").read_text(encoding="utf-8")
    for part in ("plans/README.md", "setup/README.md", "rules/README.md", "handouts/README.md", "glossary.md",
                 "tournament.md", "es/README.md"):
        assert f"]({part})" in index, part
    # Written again over itself: the same files.
    assert teachers.copy_docs(out) == written


def test_the_answer_keys_come_when_asked_and_open_as_notebooks(tmp_path):
    out = tmp_path / "mine"
    teachers.copy_docs(out, answer_keys=True)
    for key in KEYS:
        copy = json.loads((out / key).read_text(encoding="utf-8"))
        source = json.loads((KIT / key).read_text(encoding="utf-8"))
        assert copy["nbformat"] == 4 and len(copy["cells"]) == len(source["cells"])
        assert [c["source"] for c in copy["cells"] if c["cell_type"] == "code"] == \
            [c["source"] for c in source["cells"] if c["cell_type"] == "code"]
    index = (out / "README.md").read_text(encoding="utf-8")
    assert "[answer key](answer-key.ipynb)" in index  # kept a link: the key is there
    assert broken_links(out, out) == []


def test_beside_the_lessons_the_plans_open_the_lessons(tmp_path, monkeypatch):
    """In a Lab rooted in the lessons' folder, ``dl.teachers_folder()`` run from lesson 0 (in
    English or Spanish) writes the kit next to it, and the plans link the lessons there."""
    lessons = tmp_path / "class"
    shutil.copytree(NOTEBOOKS, lessons, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    monkeypatch.chdir(lessons)
    shown = dl.teachers_folder()
    out = lessons / "teachers"
    assert shown.folder == Path("teachers") and (out / "README.md").is_file()
    assert "](../../01-the-rules.ipynb)" in (out / "plans" / "01-the-rules.md").read_text(encoding="utf-8")
    assert "](../../../es/01-las-reglas.ipynb)" in (out / "plans" / "es" / "01-las-reglas.md").read_text(
        encoding="utf-8")
    assert broken_links(out, lessons) == []
    assert not any((out / key).exists() for key in KEYS)
    # From the Spanish lesson 0's folder, the same, one level down.
    monkeypatch.chdir(lessons / "es")
    dl.teachers_folder()
    spanish = lessons / "es" / "teachers"
    assert "](../../../01-las-reglas.ipynb)" in (spanish / "plans" / "es" / "01-las-reglas.md").read_text(
        encoding="utf-8")
    assert broken_links(spanish, lessons) == []


def test_in_a_notebook_the_folder_is_named_with_a_link_to_its_index(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shown = dl.teachers_folder("kit")
    count = len(shown.files)
    assert count == len(teachers.kit_files())
    assert shown._repr_markdown_() == (f"Wrote {count} files for teachers in `kit`/: start with "
                                       "[kit/README.md](kit/README.md).")
    with dl.language("es"):
        assert str(shown) == f"Se escribieron {count} archivos para docentes en kit/: empieza por kit/README.md."


def test_the_command_writes_the_kit_and_says_what_was_wrong(tmp_path):
    command = [sys.executable, "-m", "dominolab.teachers", "docs"]
    done = subprocess.run([*command, str(tmp_path / "kit")], capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "start with" in done.stdout and (tmp_path / "kit" / "plans" / "README.md").is_file()
    assert not (tmp_path / "kit" / "answer-key.ipynb").exists()
    done = subprocess.run([*command, "keys", "--answer-keys"], capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0 and "keep them from students" in done.stdout
    assert (tmp_path / "keys" / "es" / "clave-de-respuestas.ipynb").is_file()
    (tmp_path / "a-file").write_text("x")
    wrong = subprocess.run([*command, str(tmp_path / "a-file")], capture_output=True, text=True)
    assert wrong.returncode == 2 and "is a file" in wrong.stderr
    wrong = subprocess.run([*command, str(tmp_path / "k2"), "--lessons", str(tmp_path)], capture_output=True,
                           text=True)
    assert wrong.returncode == 2 and "holds no lesson 0" in wrong.stderr and not (tmp_path / "k2").exists()


def test_the_answer_key_command_reads_the_kit_where_the_kit_is():
    assert settings.answer_key().parent == teachers.docs_folder()
    assert settings.answer_key("es") == teachers.docs_folder() / "es" / "clave-de-respuestas.ipynb"


@pytest.mark.slow  # builds a wheel in a subprocess
def test_the_wheel_ships_the_kit_and_writes_it_with_no_checkout(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(tmp_path),
                    str(ROOT)], check=True)
    (wheel,) = tmp_path.glob("dominolab-*.whl")
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        archive.extractall(site)
    shipped = {p.relative_to(KIT).as_posix() for p in KIT.rglob("*") if p.is_file()}
    assert {n.removeprefix("dominolab/docs/teachers/") for n in names
            if n.startswith("dominolab/docs/teachers/")} == shipped
    script = ("import dominolab, sys; from dominolab import teachers; from dominolab.exercises import settings; "
              "assert dominolab.__file__.startswith(sys.argv[1]), dominolab.__file__; "
              "assert str(settings.answer_key()).startswith(sys.argv[1]); "
              "teachers.main(['docs', 'out'])")
    environment = {**os.environ, "PYTHONPATH": str(site)}
    done = subprocess.run([sys.executable, "-c", script, str(site)], capture_output=True, text=True,
                          cwd=tmp_path, env=environment)
    assert done.returncode == 0, done.stderr
    out = tmp_path / "out"
    assert {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()} == shipped - KEYS
    assert broken_links(out, out) == []
