"""Every printed page of the teacher's kit fits one sheet of paper: each rules sheet, lesson
handout and tournament slip page, in English and Spanish, printed to PDF by headless Chromium
(the browser a teacher prints from) at A4 and at US Letter, and its pages counted by reading
the PDF back (pypdf)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TEACHERS = ROOT / "docs" / "teachers"
PAGES = sorted([*TEACHERS.glob("rules/*.html"), *TEACHERS.glob("es/reglas/*.html"),
                *TEACHERS.glob("handouts/*.html"), *TEACHERS.glob("es/fichas/*.html")])


def test_the_kit_has_every_page() -> None:
    names = {p.relative_to(TEACHERS).as_posix() for p in PAGES}
    assert {"rules/standard.html", "es/reglas/standard.html", "handouts/lesson-0.html",
            "handouts/lesson-8.html", "es/fichas/leccion-8.html", "handouts/tournament-slip.html",
            "es/fichas/torneo.html"} <= names
    assert len(PAGES) == 2 * 10 + 2 * 10  # rules sheets; handouts for lessons 0-8 and the slip


def _pages(pdf: bytes) -> int:
    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(pdf)).pages)


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("path", PAGES, ids=[p.relative_to(TEACHERS).as_posix() for p in PAGES])
def test_each_page_prints_on_one_sheet(page, path: Path, paper: str) -> None:
    page.goto(path.as_uri())
    pdf = page.pdf(format=paper)
    assert _pages(pdf) == 1, f"{path.relative_to(ROOT)} prints on {_pages(pdf)} {paper} pages"


def test_a_page_too_long_is_counted_as_two(page, tmp_path: Path) -> None:
    """The count can fail: a sheet with twice its text prints on more than one page."""
    text = (TEACHERS / "rules" / "standard.html").read_text(encoding="utf-8")
    body = text.split("<body>")[1].split("</body>")[0]
    longer = tmp_path / "longer.html"
    longer.write_text(text.replace("</body>", body + "</body>"), encoding="utf-8")
    page.goto(longer.as_uri())
    assert _pages(page.pdf(format="A4")) == 2
