"""The teachers' kit, shipped inside the package and copied into a folder the teacher chooses.

A teacher may have no repository and no network: the lessons came from a hub, the in-browser
site or ``pip install``, and a Lab rooted in ``notebooks/`` cannot reach ``docs/teachers/``.
So the wheel ships ``docs/teachers/`` (pyproject.toml's force-include puts it at
``dominolab/docs/teachers/``; a checkout reads it in place), and one call writes it where a
Lab can open it:

* in a notebook, ``dl.teachers_folder()`` writes ``teachers/`` next to the notebook (the
  kernel's working folder: on a hub, on a laptop, and in JupyterLite, whose file browser shows
  what the kernel writes there);
* from a shell, ``python -m dominolab.teachers docs OUT``.

The answer keys stay out unless asked for (``answer_keys=True``, ``--answer-keys``): the
folder may sit in the students' tree.  Every link of the copies leads somewhere that exists:
links between the kit's pages are kept; a link to a lesson is pointed at the lessons when they
are found next to the folder; any other link (the repository's README, a key left out, a page
not shipped) becomes its plain text.  ``README.md`` at the top is the kit's index.
"""

from __future__ import annotations

import argparse
import json
import posixpath
import re
import sys
from pathlib import Path
from typing import Optional, Union

from .i18n import _, ngettext

__all__ = ["ANSWER_KEYS", "copy_docs", "docs_folder", "kit_files", "teachers_folder"]

#: The answer keys, as paths inside the kit: copied only when asked for.
ANSWER_KEYS = ("answer-key.ipynb", "es/clave-de-respuestas.ipynb")
#: Lesson 0 in each language: where it is found, the lessons are.
_LESSON_ZERO = ("00-start-here.ipynb", "es/00-empieza-aqui.ipynb")
#: Links in Markdown (``[text](target)``) and in HTML (``<a href="target">text</a>``, ``src=``).
_MD_LINK = re.compile(r"(!?)\[([^\]]*)\]\(([^)\s]+)\)")
_HTML_LINK = re.compile(r"<a\s[^>]*?href=\"([^\"]*)\"[^>]*>(.*?)</a>", re.S)
_HTML_SRC = re.compile(r"\b(src|href)=\"([^\"]*)\"")
_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^//")


def docs_folder() -> Path:
    """The kit's folder: the installed package's copy, else the checkout's ``docs/teachers``."""
    here = Path(__file__).resolve().parent
    for folder in (here / "docs" / "teachers", here.parent.parent / "docs" / "teachers"):
        if (folder / "plans").is_dir():
            return folder
    raise FileNotFoundError(f"the teachers' kit is in neither {here / 'docs' / 'teachers'} nor the checkout's "
                            f"docs/teachers (a package built without pyproject.toml's force-include?)")


def kit_files(answer_keys: bool = False) -> list[str]:
    """The kit's files as paths inside it (``"plans/README.md"``), the answer keys only when asked."""
    root = docs_folder()
    names = sorted(p.relative_to(root).as_posix() for p in root.rglob("*")
                   if p.is_file() and "__pycache__" not in p.parts)
    return [n for n in names if answer_keys or n not in ANSWER_KEYS]


def _lessons_near(folder: Path) -> Optional[Path]:
    """The lessons' folder (the one holding lesson 0) at or above ``folder``'s parent, if any."""
    for place in (folder.parent, folder.parent.parent):
        if any((place / zero).is_file() for zero in _LESSON_ZERO):
            return place
    return None


class _Relinker:
    """Rewrites the links of one kit file ``name`` written at ``out / name``."""

    def __init__(self, name: str, out: Path, copied: set[str], lessons: Optional[Path]):
        self.name, self.out, self.copied, self.lessons = name, out, copied, lessons

    def target(self, link: str) -> Optional[str]:
        """The link to write for ``link`` (unchanged, pointed at a lesson), or None to unlink."""
        if not link or link.startswith("#") or _SCHEME.match(link):
            return link  # an anchor, or a web address the page names on purpose
        path, hash_, anchor = link.partition("#")
        where = posixpath.normpath(posixpath.join("docs/teachers", posixpath.dirname(self.name), path))
        if where.startswith("docs/teachers/"):
            inside = where.removeprefix("docs/teachers/")
            inside_dir = inside.rstrip("/")
            if inside in self.copied or any(c.startswith(inside_dir + "/") for c in self.copied):
                return link
            return None
        if where.startswith("notebooks/") and self.lessons is not None:
            lesson = self.lessons / where.removeprefix("notebooks/")
            if lesson.exists():
                here = (self.out / self.name).parent
                relative = Path(posixpath.relpath(lesson.resolve().as_posix(), here.resolve().as_posix()))
                return relative.as_posix() + hash_ + anchor
        return None

    def markdown(self, text: str) -> str:
        def one(match: re.Match[str]) -> str:
            bang, words, link = match.groups()
            new = self.target(link)
            if new is None:
                return words
            return f"{bang}[{words}]({new})"
        return _MD_LINK.sub(one, text)

    def html(self, text: str) -> str:
        def anchor(match: re.Match[str]) -> str:
            new = self.target(match.group(1))
            if new is None:
                return match.group(2)
            return match.group(0).replace(f'href="{match.group(1)}"', f'href="{new}"', 1)

        def source(match: re.Match[str]) -> str:
            new = self.target(match.group(2))
            return f'{match.group(1)}="{new if new is not None else ""}"'
        return _HTML_SRC.sub(source, _HTML_LINK.sub(anchor, text))

    def notebook(self, text: str) -> str:
        notebook = json.loads(text)
        for cell in notebook.get("cells", []):
            if cell.get("cell_type") == "markdown":
                source = cell["source"]
                joined = source if isinstance(source, str) else "".join(source)
                new = self.html(self.markdown(joined))
                if new != joined:
                    cell["source"] = new.splitlines(keepends=True)
        return json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"


def copy_docs(out: Union[str, Path], *, answer_keys: bool = False,
              lessons: Union[str, Path, None] = None) -> list[Path]:
    """Write the teachers' kit into the folder ``out`` (made if need be; the kit's files in it
    are replaced) and return the files written.  ``lessons`` is the folder holding the lessons
    (``00-start-here.ipynb``); by default the one ``out`` sits in, or its parent, if either
    holds lesson 0.  The answer keys are written only with ``answer_keys=True``."""
    out = Path(out).expanduser()
    if out.exists() and not out.is_dir():
        raise NotADirectoryError(f"{out} is a file; the teachers' kit needs a folder to write into")
    lessons_folder = Path(lessons).expanduser() if lessons is not None else _lessons_near(out.resolve())
    if lessons_folder is not None and not any((lessons_folder / z).is_file() for z in _LESSON_ZERO):
        raise FileNotFoundError(f"{lessons_folder} holds no lesson 0 ({' or '.join(_LESSON_ZERO)})")
    root = docs_folder()
    names = kit_files(answer_keys)
    copied = set(names)
    written = []
    for name in names:
        target = out / name
        target.parent.mkdir(parents=True, exist_ok=True)
        source = root / name
        relink = _Relinker(name, out, copied, lessons_folder)
        if source.suffix == ".md":
            target.write_text(relink.html(relink.markdown(source.read_text(encoding="utf-8"))), encoding="utf-8")
        elif source.suffix == ".html":
            target.write_text(relink.html(source.read_text(encoding="utf-8")), encoding="utf-8")
        elif source.suffix == ".ipynb":
            target.write_text(relink.notebook(source.read_text(encoding="utf-8")), encoding="utf-8")
        else:
            target.write_bytes(source.read_bytes())
        written.append(target)
    return written


class KitFolder:
    """What :func:`teachers_folder` wrote, shown in a notebook as a sentence with a link to the
    kit's index (a path relative to the notebook, which JupyterLab opens)."""

    def __init__(self, folder: Path, files: list[Path], shown: str):
        self.folder, self.files, self.shown = folder, files, shown

    def __str__(self) -> str:
        return ngettext("Wrote {count} file for teachers in {folder}/: start with {index}.",
                        "Wrote {count} files for teachers in {folder}/: start with {index}.",
                        len(self.files)).format(count=len(self.files), folder=self.shown,
                                                index=f"{self.shown}/README.md")

    def __repr__(self) -> str:
        return str(self)

    def _repr_markdown_(self) -> str:
        index = f"[{self.shown}/README.md]({self.shown}/README.md)"
        return ngettext("Wrote {count} file for teachers in {folder}/: start with {index}.",
                        "Wrote {count} files for teachers in {folder}/: start with {index}.",
                        len(self.files)).format(count=len(self.files), folder=f"`{self.shown}`", index=index)


def teachers_folder(folder: Union[str, Path] = "teachers", *, answer_keys: bool = False) -> KitFolder:
    """Write the teachers' kit into ``folder`` (``teachers/`` next to this notebook unless told
    otherwise), where JupyterLab's file browser opens it: lesson plans, set-up pages, rules
    sheets, handouts, the glossary and the tournament guide.  ``answer_keys=True`` adds the
    answer keys; leave it off in a folder students can open."""
    path = Path(folder).expanduser()
    files = copy_docs(path, answer_keys=answer_keys)
    return KitFolder(path, files, Path(folder).as_posix())


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dominolab.teachers",
                                     description="Copy the teachers' kit (lesson plans, set-up pages, rules sheets, "
                                                 "handouts, glossary, tournament guide) out of the package.")
    parser.add_argument("action", choices=["docs"])
    parser.add_argument("out", type=Path, help="the folder to write the kit into")
    parser.add_argument("--answer-keys", action="store_true", help="add the answer keys (keep them from students)")
    parser.add_argument("--lessons", type=Path, help="the folder holding the lessons, for the plans' links to them "
                                                     "(default: the folder OUT is in, if it holds lesson 0)")
    args = parser.parse_args(argv)
    try:
        files = copy_docs(args.out, answer_keys=args.answer_keys, lessons=args.lessons)
    except OSError as problem:
        parser.error(str(problem))
    print(str(KitFolder(args.out, files, args.out.as_posix())))
    if args.answer_keys:
        print(_("The answer keys are in it too: keep them from students."))
    return 0


if __name__ == "__main__":
    sys.exit(main())
