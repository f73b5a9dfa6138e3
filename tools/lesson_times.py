"""Estimate each lesson's time from what it asks of a student, so the headers and the
README's table say the same honest figure.

    python tools/lesson_times.py           # print the estimates
    python tools/lesson_times.py --write   # and write them into the lesson headers, the
                                           # README's table and 00-start-here's table

The model (minutes): reading at 120 words a minute; half a minute to read and run each
code cell, plus its own running time where a cell simulates many hands (``SLOW`` below);
3 per exercise that asks for a value, 8 per exercise that asks for code; 10 for a hand at
the play table.  The classroom activity is counted apart, as the lessons show it.
"""

from __future__ import annotations

import json
import math
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
#: Minutes of computing a cell takes beyond the half minute, for the lessons whose studies
#: run while the student waits (lesson 4's simulations).
SLOW = {"04-strategy.ipynb": 15}
#: Times measured when a teacher tried the lessons (issue 23): where a trial took longer
#: than the model says, the trial's figure is the one to print.
TRIED = {"01-the-rules.ipynb": 60, "04-strategy.ipynb": 90}
#: Activities that say how long they take (lesson 6's header: 15 minutes); others count 20.
ACTIVITY = {"06-partnerships.ipynb": 15}


def estimate(path: Path) -> tuple[int, int]:
    """(minutes for the lesson, minutes for its classroom activity), rounded up to 5."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    words = activity = 0
    minutes = 0.0
    for cell in cells:
        text = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            if "Classroom activity" in text:
                activity = ACTIVITY.get(path.name, 20)
                text = text.split("## Exercises")[-1] if "## Exercises" in text else ""
            words += len(text.split())
            if "**Exercise" in text:
                minutes += 8 if "Write a function" in text or "write a function" in text.lower() else 3
        else:
            minutes += 0.5
            if "DominoTable(" in text:
                minutes += 10
    minutes += words / 120 + SLOW.get(path.name, 0)
    return max(5 * math.ceil(minutes / 5), TRIED.get(path.name, 0)), activity


def header(lesson: int, activity: int) -> str:
    """The time line of a lesson's first cell."""
    more = f", and {activity} more for the classroom activity" if activity else ""
    return f"**Time:** about {lesson} minutes{more}."


def row(lesson: int, activity: int) -> str:
    """The time column of the lesson tables (README and 00-start-here)."""
    return f"{lesson} min (+{activity} activity)" if activity else f"{lesson} min"


def write(estimates: dict[str, tuple[int, int]]) -> None:
    """Put the estimates in the lesson headers and in both tables of lessons."""
    readme = ROOT / "README.md"
    start = NOTEBOOKS / "00-start-here.ipynb"
    tables = {readme: readme.read_text(encoding="utf-8"), start: start.read_text(encoding="utf-8")}
    for name, (lesson, activity) in estimates.items():
        path = NOTEBOOKS / name
        text = path.read_text(encoding="utf-8")
        text = re.sub(r"\*\*Time:\*\* about \d+ minutes(?:, and \d+ more for the classroom activity)?\.",
                      header(lesson, activity), text, count=1)
        path.write_text(text, encoding="utf-8")
        for table, body in tables.items():
            pattern = rf"(\]\((?:notebooks/)?{re.escape(name)}\)[^\n]*\| )\d+ min(?: \(\+\d+ activity\))? \|"
            cell = row(lesson, activity)
            tables[table] = re.sub(pattern, lambda m, cell=cell: f"{m.group(1)}{cell} |", body)
    for table, body in tables.items():
        table.write_text(body, encoding="utf-8")


def estimates() -> dict[str, tuple[int, int]]:
    return {path.name: estimate(path) for path in sorted(NOTEBOOKS.glob("0[1-7]-*.ipynb"))}


def model() -> str:
    """How the minutes are counted: the model paragraph of this module's docstring."""
    return next(part for part in (__doc__ or "").split("\n\n") if part.startswith("The model"))


def main() -> None:
    found = estimates()
    for name, (lesson, activity) in found.items():
        extra = f" + {activity} for the classroom activity" if activity else ""
        print(f"{name:<45} about {lesson} minutes{extra}")
    tried = ", ".join(f"{name} {minutes}" for name, minutes in TRIED.items())
    print(f"\n{model()}\nWhere a teacher's trial took longer, its minutes are printed instead ({tried}).")
    if "--write" in sys.argv[1:]:
        write(found)


if __name__ == "__main__":
    sys.exit(main())
