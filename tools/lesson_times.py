"""Estimate each lesson's time from what it asks of a student, at three paces, so the lesson
headers, the README's table, lesson 0's table and the teachers' lesson plans all say figures
from one data file (``docs/teachers/plans/times.json``).

    python tools/lesson_times.py           # print the estimates and how they are counted
    python tools/lesson_times.py --write   # write the data file, then from it the lesson
                                           # headers (English and Spanish), the README's and
                                           # 00-start-here's tables and the plans' tables
    python tools/lesson_times.py --check   # say what is out of date (exit status 1), change nothing

The model (minutes), at a fast, a median and a slow pace for 12-14-year-olds: reading at 190,
140 and 85 words a minute (the 90th, 50th and 10th percentiles of oral reading fluency in
grades 7 and 8, winter, Hasbrouck and Tindal 2006); 0.25, 0.5 and 1 minute to read and run
each code cell, plus its own running time where a cell simulates many hands (``SLOW``
below); 6, 10 and 14 for a hand at the play table; each exercise's question read at the same
rates, plus the work it asks: 1, 2 and 4 for a value worked out from the text, 1.5, 3 and 5
for a value found by running code (the question names code or says "check"), 4, 8 and 15 for
code to write (a function, a class, a hand typed as text).  The classroom activity is counted
apart, as the lessons show it.  A lesson's stated time is the median pace's total, rounded
up to 5 minutes, or a teacher's trial where it took longer (``TRIED``).

A 50-minute period leaves 40 minutes of work after a 5-minute starter and a 5-minute
plenary.  The plans split a lesson into periods at the end of a section, so that the slow
pace finishes each period's reading and examples; the activity takes its own minutes; the
exercises that the median pace finishes in the minutes left are set in class, the rest as
homework (fast students go on to them in class).
"""

from __future__ import annotations

import importlib
import json
import math
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
PLANS = ROOT / "docs" / "teachers" / "plans"
DATA = PLANS / "times.json"

PACES = ("fast", "median", "slow")
#: Words a minute (Hasbrouck and Tindal 2006, grades 7-8, winter: 90th, 50th, 10th percentile).
READING = {"fast": 190, "median": 140, "slow": 85}
#: Minutes to read and run a code cell of an example.
CELL = {"fast": 0.25, "median": 0.5, "slow": 1.0}
#: Minutes for a hand at the play table.
TABLE = {"fast": 6, "median": 10, "slow": 14}
#: Minutes of work an exercise asks, beyond reading its question.
WORK = {
    "value": {"fast": 1, "median": 2, "slow": 4},
    "run": {"fast": 1.5, "median": 3, "slow": 5},
    "code": {"fast": 4, "median": 8, "slow": 15},
}
#: Minutes of computing a cell takes beyond reading and running it, for the lessons whose
#: studies run while the student waits (lesson 4's live simulations).
SLOW = {"04-strategy.ipynb": 15}
#: Times measured when a teacher tried the lessons (issue 23): where a trial took longer than
#: the model's median pace, the trial's figure is the one stated.
TRIED = {"01-the-rules.ipynb": 60, "04-strategy.ipynb": 90}
#: Activities that say how long they take (lesson 6's header: 15 minutes); others count 20.
ACTIVITY = {"06-partnerships.ipynb": 15}
#: A period's minutes, and the starter's and the plenary's.
PERIOD, STARTER, PLENARY = 50, 5, 5
WORKING = PERIOD - STARTER - PLENARY
#: Each lesson's exercise module and its Spanish twin.
LESSONS = {
    "01-the-rules.ipynb": ("rules", "es/01-las-reglas.ipynb"),
    "02-drawing-and-blocked-games.ipynb": ("drawing", "es/02-robar-y-tranques.ipynb"),
    "03-scoring.ipynb": ("scoring", "es/03-los-puntos.ipynb"),
    "04-strategy.ipynb": ("strategy", "es/04-estrategia.ipynb"),
    "05-counting-and-inference.ipynb": ("counting", "es/05-contar-y-deducir.ipynb"),
    "06-partnerships.ipynb": ("partnership", "es/06-por-parejas.ipynb"),
    "07-learn-from-your-games.ipynb": ("coach", "es/07-aprende-de-tus-partidas.ipynb"),
    "08-teach-the-computer.ipynb": ("teach", "es/08-ensena-a-la-computadora.ipynb"),
}


def _minutes(value: float) -> float:
    return round(value, 1)


class Block:
    """A part of a lesson: its introduction, a numbered section, the recap, an exercise.
    (A plain class: the tests load this script without registering it as a module.)"""

    def __init__(self, name: str, kind: str, *, work: str = "", number: int = 0):
        self.name = name
        self.kind = kind  # "reading", "exercise", "activity"
        self.words = self.cells = 0
        self.table = self.simulates = False
        self.work = work  # an exercise's kind of work: "value", "run" or "code"
        self.number = number
        self.asks = 1 if work else 0  # questions answered in this part (an exercise; lesson 7's puzzles)
        self.extra = 0.0  # computing time (the same at every pace)
        self.minutes: dict[str, float] = {}

    def count(self) -> None:
        for pace in PACES:
            total = self.words / READING[pace] + self.cells * CELL[pace] + self.extra
            if self.table:
                total += TABLE[pace]
            if self.work:
                total += WORK[self.work][pace] * self.asks
            self.minutes[pace] = _minutes(total)


def _work(question: str, cells: list[str], is_code: bool) -> str:
    """The kind of work an exercise asks: code to write, code to run, or a value to reason out."""
    if is_code or any(len(c.strip().splitlines()) > 2 for c in cells):
        return "code"
    if "`" in question or "check" in question.lower():
        return "run"
    return "value"


def blocks(path: Path) -> tuple[list[Block], int]:
    """A lesson's blocks in order, and its classroom activity's minutes."""
    from dominolab.exercises import Code

    module = importlib.import_module(f"dominolab.exercises.{LESSONS[path.name][0]}")
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    found: list[Block] = [Block("introduction", "reading")]
    activity = 0
    for index, cell in enumerate(cells):
        text = "".join(cell["source"])
        if cell["cell_type"] == "code":
            block = found[-1]
            if block.kind == "exercise":
                continue  # the answer and help cells are the exercise's work
            block.cells += 1
            block.table = block.table or "DominoTable(" in text
            block.simulates = block.simulates or "dl.simulate(" in text
            if "answer = ..." in text:  # a question inside a section (lesson 7's puzzles)
                block.work = "value"
                block.asks += 1
            continue
        exercise = re.match(r"\*\*Exercise (\d+)\.\*\*", text)
        if exercise:
            number = int(exercise[1])
            question = getattr(module, f"q{number}")
            code = ["".join(c["source"]) for c in cells[index + 1:index + 2] if c["cell_type"] == "code"]
            found.append(Block(f"exercise {number}", "exercise", number=number,
                               work=_work(text, code, isinstance(question.answer_kind, Code))))
            found[-1].words += len(text.split())
            continue
        for segment in re.split(r"(?m)^(?=## )", text):
            heading = re.match(r"## (\d+\. .*|Recap|Exercises|Classroom activity)", segment)
            if heading and heading[1].startswith("Classroom activity"):
                activity = ACTIVITY.get(path.name, 20)
                found.append(Block("activity", "activity"))
                continue  # its minutes are the activity's own, not reading
            if heading:
                found.append(Block("exercises" if heading[1] == "Exercises" else heading[1].strip(), "reading"))
            if found[-1].kind == "activity":
                continue
            found[-1].words += len(segment.split())
    extra = SLOW.get(path.name, 0)
    if extra:  # the studies run live in the sections that simulate: shared among them
        simulating = [b for b in found if b.simulates]
        for block in simulating:
            block.extra += extra / len(simulating)
    for block in found:
        block.count()
    return [b for b in found if (b.words or b.cells) and b.kind != "activity"], activity


def lesson(path: Path) -> dict[str, Any]:
    """Everything the data file holds for one lesson."""
    found, activity = blocks(path)
    total = {pace: _minutes(sum(b.minutes[pace] for b in found)) for pace in PACES}
    reading = {pace: _minutes(sum(b.minutes[pace] for b in found if b.kind == "reading")) for pace in PACES}
    exercises = {pace: _minutes(sum(b.minutes[pace] for b in found if b.kind == "exercise")) for pace in PACES}
    return {
        "stated": max(5 * math.ceil(total["median"] / 5), TRIED.get(path.name, 0)),
        "tried": TRIED.get(path.name),
        "activity": activity,
        "total": total,
        "reading_and_examples": reading,
        "exercises": exercises,
        "blocks": [{"name": b.name, "kind": b.kind, "words": b.words, "cells": b.cells, "table": b.table,
                    "work": b.work, "questions": b.asks, "minutes": b.minutes} for b in found],
        "periods": periods(found, activity),
    }


def periods(found: list[Block], activity: int) -> list[dict[str, Any]]:
    """The lesson split into 50-minute periods (see the module's docstring)."""
    reading = [b for b in found if b.kind == "reading" and b.name not in ("exercises", "Recap")]
    exercises = [b for b in found if b.kind == "exercise"]
    intro = next((b.minutes["median"] for b in found if b.name == "exercises"), 0.0)
    plan: list[dict[str, Any]] = []

    def start() -> dict[str, Any]:
        plan.append({"blocks": [], "activity": 0, "in_class": [], "homework": [], "used": 0.0,
                     "exercises_median": 0.0})
        return plan[-1]

    def exercise(part: dict[str, Any]) -> None:
        """Set in class the next exercises the median pace finishes in the minutes left."""
        left = WORKING - part["used"] - (intro if not any(p["in_class"] for p in plan) else 0)
        while exercises and part["exercises_median"] + exercises[0].minutes["median"] <= left:
            block = exercises.pop(0)
            part["in_class"].append(block.number)
            part["exercises_median"] += block.minutes["median"]

    current = start()
    for block in reading:
        if current["blocks"] and current["used"] + block.minutes["slow"] > WORKING:
            current = start()
        current["blocks"].append(block.name)
        current["used"] += block.minutes["slow"]
    if activity:
        if current["used"] + activity > WORKING:
            exercise(current)
            current = start()
        current["activity"] = activity
        current["used"] += activity
    exercise(current)
    current["homework"] = [b.number for b in exercises]
    for part in plan:
        part["used"] = _minutes(part["used"])
        part["exercises_median"] = _minutes(part["exercises_median"])
    return plan


def compute() -> dict[str, Any]:
    """The data file's contents, computed from the notebooks and the exercise modules now."""
    lessons = {path.name: lesson(path) for path in sorted(NOTEBOOKS.glob("0[1-8]-*.ipynb"))}
    return {
        "method": model(),
        "paces": {"reading_words_per_minute": READING, "code_cell": CELL, "table_hand": TABLE,
                  "exercise_work": WORK},
        "period": {"minutes": PERIOD, "starter": STARTER, "plenary": PLENARY},
        "lessons": lessons,
    }


def load() -> dict[str, Any]:
    """The data file as written."""
    return json.loads(DATA.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def estimates(data: dict[str, Any] | None = None) -> dict[str, tuple[int, int]]:
    """(stated minutes, activity minutes) for each lesson, from the data file."""
    data = data or load()
    return {name: (entry["stated"], entry["activity"]) for name, entry in data["lessons"].items()}


def header(lesson: int, activity: int) -> str:
    """The time line of a lesson's first cell (English)."""
    more = f", and {activity} more for the classroom activity" if activity else ""
    return f"**Time:** about {lesson} minutes{more}."


def row(lesson: int, activity: int) -> str:
    """The time column of the lesson tables (README and 00-start-here)."""
    return f"{lesson} min (+{activity} activity)" if activity else f"{lesson} min"


def _headers(name: str, lesson: int, text: str, spanish: bool) -> str:
    if spanish:
        return re.sub(r"(\*\*Tiempo:\*\* unos )\d+( minutos)", rf"\g<1>{lesson}\g<2>", text, count=1)
    return re.sub(r"(\*\*Time:\*\* about )\d+( minutes)", rf"\g<1>{lesson}\g<2>", text, count=1)


def _table(name: str, lesson: int, activity: int, body: str, spanish: bool = False) -> str:
    word = "actividad" if spanish else "activity"
    pattern = rf"(\]\((?:notebooks/)?{re.escape(name)}\)[^\n]*\| )\d+ min(?: \(\+\d+ {word}\))? \|"
    cell = f"{lesson} min (+{activity} {word})" if activity else f"{lesson} min"
    return re.sub(pattern, lambda m: f"{m.group(1)}{cell} |", body)


def _fmt(value: float) -> str:
    return f"{value:g}"


_point = _fmt


def _comma(value: float) -> str:
    return f"{value:g}".replace(".", ",")


PLAN_WORDS = {
    "en": {"part": "part", "fast": "fast", "median": "median", "slow": "slow", "total": "the lesson",
           "activity": "classroom activity", "exercise": "Exercise", "period": "Period",
           "work": {"value": "a value from the text", "run": "a value found by running code",
                    "code": "code to write"},
           "names": {"introduction": "introduction and objectives", "Recap": "recap",
                     "exercises": "the exercises' instructions"},
           "in_class": ("exercise {numbers} in class", "exercises {numbers} in class"),
           "homework": ("exercise {numbers} as homework", "exercises {numbers} as homework"),
           "left": "of {working} working minutes: {slow} at the slow pace, "
                   "then {median} of exercises at the median pace",
           "split": "{n} periods of 50 minutes"},
    "es": {"part": "parte", "fast": "rápido", "median": "mediano", "slow": "lento", "total": "la lección",
           "activity": "actividad en clase", "exercise": "Ejercicio", "period": "Clase",
           "work": {"value": "un valor a partir del texto", "run": "un valor que se halla ejecutando código",
                    "code": "código que escribir"},
           "names": {"introduction": "introducción y objetivos", "Recap": "repaso",
                     "exercises": "las instrucciones de los ejercicios"},
           "in_class": ("ejercicio {numbers} en clase", "ejercicios {numbers} en clase"),
           "homework": ("ejercicio {numbers} de tarea", "ejercicios {numbers} de tarea"),
           "left": "de {working} minutos de trabajo: {slow} al ritmo lento, "
                   "y luego {median} de ejercicios al ritmo mediano",
           "split": "{n} clases de 50 minutos"},
}


def _headings(path: Path) -> dict[str, str]:
    """A notebook's numbered section headings by number ("4." -> "4. Who starts")."""
    text = "\n".join("".join(c["source"]) for c in json.loads(path.read_text(encoding="utf-8"))["cells"]
                     if c["cell_type"] == "markdown")
    return {m[1]: f"{m[1]} {m[2].strip()}" for m in re.finditer(r"(?m)^## (\d+\.) (.*)$", text)}


def plan_table(entry: dict[str, Any], language: str, name: str = "") -> str:
    """The timings block of a lesson plan: each part at three paces, then the periods."""
    w: dict[str, Any] = dict(PLAN_WORDS[language])
    if language == "es" and name:
        w["names"] = {**w["names"], **{b["name"]: _headings(NOTEBOOKS / LESSONS[name][1]).get(
            b["name"].split()[0], b["name"]) for b in entry["blocks"] if b["name"][0].isdigit()}}
    _fmt = _comma if language == "es" else _point
    head = f"| {w['part']} | {w['fast']} | {w['median']} | {w['slow']} |"
    lines = [head, "| --- | ---: | ---: | ---: |"]
    for block in entry["blocks"]:
        name = block["name"]
        if block["kind"] == "exercise":
            label = f"{w['exercise']} {name.split()[-1]} ({w['work'][block['work']]})"
        else:
            label = w["names"].get(name, name)
        m = block["minutes"]
        lines.append(f"| {label} | {_fmt(m['fast'])} | {_fmt(m['median'])} | {_fmt(m['slow'])} |")
    t = entry["total"]
    lines.append(f"| **{w['total']}** | **{_fmt(t['fast'])}** | **{_fmt(t['median'])}** | **{_fmt(t['slow'])}** |")
    if entry["activity"]:
        a = entry["activity"]
        lines.append(f"| {w['activity']} | {a} | {a} | {a} |")
    lines.append("")
    lines.append(f"{w['split'].format(n=len(entry['periods']))}:")
    lines.append("")
    for number, part in enumerate(entry["periods"], 1):
        shown = [w["names"].get(b, b) for b in part["blocks"]]
        if part["activity"]:
            shown.append(f"{w['activity']} ({part['activity']} min)")
        for key in ("in_class", "homework"):
            if part[key]:
                numbers = ", ".join(str(n) for n in part[key])
                shown.append(w[key][len(part[key]) > 1].format(numbers=numbers))
        text = f"* **{w['period']} {number}:** {'; '.join(shown) or '—'}"
        text += " (" + w["left"].format(slow=_fmt(part["used"]), median=_fmt(part["exercises_median"]),
                                        working=WORKING) + ")."
        lines.append(text)
    return "\n".join(lines)


def wrong_answers(name: str, language: str) -> str:
    """The plan's block of common wrong answers: each exercise's own nudges, as a check says them."""
    from dominolab import i18n

    module = importlib.import_module(f"dominolab.exercises.{LESSONS[name][0]}")
    w = PLAN_WORDS[language]
    head = ("| exercise | wrong answer | what the check says |" if language == "en"
            else "| ejercicio | respuesta equivocada | lo que dice la comprobación |")
    lines = [head, "| --- | --- | --- |"]
    number = 1
    with i18n.language(language):
        while hasattr(module, f"q{number}"):
            question = getattr(module, f"q{number}")
            for key, _message in question.nudges:
                kind = question.answer_kind
                try:
                    shown = kind.show(kind.read(key))
                except Exception:
                    shown = str(key)
                said = question.evaluate(key).message
                lines.append(f"| {w['exercise']} {number} | `{_cell(shown)}` | {_cell(said)} |")
            number += 1
    return "\n".join(lines)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


BLOCKS = {"times": plan_table, "wrong-answers": None}


def plan_files() -> list[tuple[str, str, Path]]:
    """(lesson, language, path) for every lesson plan that exists."""
    found = []
    for name in LESSONS:
        stem = name.removesuffix(".ipynb")
        found.append((name, "en", PLANS / f"{stem}.md"))
        found.append((name, "es", PLANS / "es" / f"{Path(LESSONS[name][1]).stem}.md"))
    return [item for item in found if item[2].exists()]


def _fill(text: str, marker: str, body: str) -> str:
    pattern = rf"(<!-- {marker}:begin -->\n).*?(<!-- {marker}:end -->)"
    if not re.search(pattern, text, re.DOTALL):
        raise ValueError(f"no <!-- {marker}:begin --> ... <!-- {marker}:end --> block")
    return re.sub(pattern, lambda m: f"{m.group(1)}{body}\n{m.group(2)}", text, count=1, flags=re.DOTALL)


def rendered(data: dict[str, Any]) -> dict[Path, str]:
    """Every file the data writes into, with the text it should have."""
    out: dict[Path, str] = {}
    readme = ROOT / "README.md"
    start = NOTEBOOKS / "00-start-here.ipynb"
    tables = {readme: readme.read_text(encoding="utf-8"), start: start.read_text(encoding="utf-8")}
    for name, (lesson_minutes, activity) in estimates(data).items():
        for path, spanish in ((NOTEBOOKS / name, False), (NOTEBOOKS / LESSONS[name][1], True)):
            out[path] = _headers(name, lesson_minutes, path.read_text(encoding="utf-8"), spanish)
        for table, body in tables.items():
            tables[table] = _table(name, lesson_minutes, activity, body)
    out.update(tables)
    spanish_start = NOTEBOOKS / "es" / "00-empieza-aqui.ipynb"
    body = spanish_start.read_text(encoding="utf-8")
    for name, (lesson_minutes, activity) in estimates(data).items():
        body = _table(Path(LESSONS[name][1]).name, lesson_minutes, activity, body, spanish=True)
    out[spanish_start] = body
    indexes = ((PLANS / "README.md", "activity", False), (PLANS / "es" / "README.md", "actividad", True))
    for index, word, spanish in indexes:
        if index.exists():
            body = out.get(index, index.read_text(encoding="utf-8"))
            for name, entry in data["lessons"].items():
                stem = re.escape(Path(LESSONS[name][1] if spanish else name).stem)
                cell = f"{entry['stated']} min (+{entry['activity']} {word}) | {len(entry['periods'])}"
                body = re.sub(rf"(\]\({stem}\.md\) \| )\d+ min \(\+\d+ {word}\) \| \d+",
                              lambda m, cell=cell: f"{m.group(1)}{cell}", body)
            out[index] = body
    for name, language, path in plan_files():
        text = path.read_text(encoding="utf-8")
        text = _fill(text, "times", plan_table(data["lessons"][name], language, name))
        text = _fill(text, "wrong-answers", wrong_answers(name, language))
        out[path] = text
    return out


def model() -> str:
    """How the minutes are counted: the model paragraphs of this module's docstring."""
    parts = (__doc__ or "").split("\n\n")
    return "\n\n".join(p for p in parts if p.startswith(("The model", "A 50-minute")))


def main() -> int:
    args = sys.argv[1:]
    data = compute()
    for name, entry in data["lessons"].items():
        t = entry["total"]
        extra = f" + {entry['activity']} for the classroom activity" if entry["activity"] else ""
        print(f"{name:<36} about {entry['stated']} minutes{extra} "
              f"(fast {_fmt(t['fast'])}, median {_fmt(t['median'])}, slow {_fmt(t['slow'])}; "
              f"{len(entry['periods'])} period(s) of {PERIOD})")
    print(f"\n{model()}")
    if "--write" in args:
        DATA.parent.mkdir(parents=True, exist_ok=True)
        DATA.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        for path, text in rendered(data).items():
            if path.read_text(encoding="utf-8") != text:
                path.write_text(text, encoding="utf-8")
    if "--check" in args:
        stale = []
        if not DATA.exists() or load() != json.loads(json.dumps(data)):
            stale.append(str(DATA.relative_to(ROOT)))
        for path, text in rendered(data).items():
            if path.read_text(encoding="utf-8") != text:
                stale.append(str(path.relative_to(ROOT)))
        if stale:
            print("\nout of date (run python tools/lesson_times.py --write):", *stale, sep="\n  ")
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
