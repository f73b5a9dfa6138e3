"""Printable student handouts, one page per lesson, and the tournament slip.

Usage: ``python tools/handouts.py`` writes ``docs/teachers/handouts/lesson-N.html`` (lessons 0
to 8) and ``tournament-slip.html``, and the same in Spanish in ``docs/teachers/es/fichas/``
(``--check`` only says whether the files are up to date; the tests run it that way).
``python tools/handouts.py --slip CODE [--language es] [--out FILE]`` writes a sheet of
tournament slips with the code printed on them (``t.code`` of ``dl.Tournament.create``).

Nothing on a handout is written here but its headings: the key ideas are the lesson's own
recap (lesson 0: how the lessons work), the exercises are the exercise modules' questions
(in Spanish, the Spanish lesson's wording of the same exercises, whose numbers must match the
module's), and the room left to answer follows the kind of answer each exercise reads.  Each
page prints on one A4 and one US Letter sheet (tests/browser/test_paper.py prints them).
"""

from __future__ import annotations

import argparse
import importlib
import json
import re
import sys
from dataclasses import dataclass
from html import escape
from pathlib import Path

import dominolab as dl
from dominolab.exercises import Code, Exercise, Sequence, Set

ROOT = Path(__file__).resolve().parents[1]
OUTS = {"en": ROOT / "docs" / "teachers" / "handouts", "es": ROOT / "docs" / "teachers" / "es" / "fichas"}
#: Lesson number -> (English notebook, Spanish notebook, exercise module or None).
LESSONS = {
    0: ("00-start-here.ipynb", "es/00-empieza-aqui.ipynb", None),
    1: ("01-the-rules.ipynb", "es/01-las-reglas.ipynb", "rules"),
    2: ("02-drawing-and-blocked-games.ipynb", "es/02-robar-y-tranques.ipynb", "drawing"),
    3: ("03-scoring.ipynb", "es/03-los-puntos.ipynb", "scoring"),
    4: ("04-strategy.ipynb", "es/04-estrategia.ipynb", "strategy"),
    5: ("05-counting-and-inference.ipynb", "es/05-contar-y-deducir.ipynb", "counting"),
    6: ("06-partnerships.ipynb", "es/06-por-parejas.ipynb", "partnership"),
    7: ("07-learn-from-your-games.ipynb", "es/07-aprende-de-tus-partidas.ipynb", "coach"),
    8: ("08-teach-the-computer.ipynb", "es/08-ensena-a-la-computadora.ipynb", "teach"),
}

#: The handouts' own words, per language.
WORDS = {
    "en": {
        "file": "lesson-{n}.html", "slip_file": "tournament-slip.html",
        "name": "Name", "date": "Date",
        "ideas": "Key ideas", "exercises": "Exercises",
        "exercise": "Exercise {n}", "answer": "Answer:", "working": "Working:",
        "code": "Plan your code here in words or steps, then write it in the notebook and check it there.",
        "howto": "Work in the lesson's notebook: write your answer here, then check it there, "
                 "ex.q1.check(answer) for exercise 1 and so on.",
        "recap": "## Recap", "start": "## How the lessons work",
        "first": "Your first hand: run the first cell of the notebook and write down the tiles you see.",
        "notes": "Questions and notes for the next lesson:",
        "lessons": "The lessons (tick each one you finish)",
        "footer": "Domino Lab {version} · the questions are the lesson's own exercises, checked by the engine.",
        "index": "Student handouts",
        "about": ["One printable page per lesson (key ideas and the exercises with room to answer), and a",
                  "sheet of tournament slips. Open the HTML file in a browser and print it: each fits one",
                  "A4 or US Letter page. Made from the lessons by `python tools/handouts.py`; for slips with",
                  "your tournament's code printed on them: `python tools/handouts.py --slip CODE --out slips.html`."],
        "lesson": "Lesson {n}",
        "slip": "Domino tournament", "slip_code": "Tournament code:",
        "steps": [
            "Open a notebook and run this cell, with the code above between the first quotes "
            "and your own name between the second:",
            "Play every hand. Everyone gets the same tiles; there is no undo and no hint, "
            "so play on your own and keep your eyes on your own table.",
            "After the last hand, press <strong>Download result</strong> and hand the file in "
            "the way your teacher says.",
        ],
        "your_name": "Your name",
    },
    "es": {
        "file": "leccion-{n}.html", "slip_file": "torneo.html",
        "name": "Nombre", "date": "Fecha",
        "ideas": "Ideas clave", "exercises": "Ejercicios",
        "exercise": "Ejercicio {n}", "answer": "Respuesta:", "working": "Cuentas:",
        "code": "Planea aquí tu código con palabras o pasos; luego escríbelo en el cuaderno y compruébalo allí.",
        "howto": "Trabaja en el cuaderno de la lección: escribe aquí tu respuesta y compruébala allí, "
                 "con ex.q1.check(respuesta) para el ejercicio 1, y así con los demás.",
        "recap": "## Repaso", "start": "## Cómo funcionan las lecciones",
        "first": "Tu primera mano: ejecuta la primera celda del cuaderno y anota las fichas que ves.",
        "notes": "Preguntas y notas para la próxima clase:",
        "lessons": "Las lecciones (marca cada una que termines)",
        "footer": "Domino Lab {version} · las preguntas son los ejercicios de la propia lección, "
                  "que comprueba el motor.",
        "index": "Fichas para estudiantes",
        "about": ["Una página para imprimir por lección (ideas clave y los ejercicios con espacio para",
                  "responder) y una hoja de instrucciones para el torneo. Abre el archivo HTML en un",
                  "navegador e imprímelo: cada una cabe en una página A4 o carta. Se hacen a partir de las",
                  "lecciones con `python tools/handouts.py`; para imprimir las instrucciones con el código de",
                  "tu torneo: `python tools/handouts.py --slip CÓDIGO --language es --out torneo.html`."],
        "lesson": "Lección {n}",
        "slip": "Torneo de dominó", "slip_code": "Código del torneo:",
        "steps": [
            "Abre un cuaderno y ejecuta esta celda, con el código de arriba entre las primeras "
            "comillas y tu nombre entre las segundas:",
            "Juega todas las manos. Todo el mundo recibe las mismas fichas; no se puede deshacer "
            "ni pedir pistas, así que juega por tu cuenta y mira solo tu mesa.",
            "Después de la última mano, pulsa <strong>Download result</strong> (descargar el "
            "resultado) y entrega el archivo como te diga tu docente.",
        ],
        "your_name": "Tu nombre",
    },
}

#: One page: A4 is the narrower paper and US Letter the shorter, so the page is laid out for
#: both (``size: auto`` lets the printer's paper decide).
_CSS = """
@page { size: auto; margin: 11mm 13mm; }
body { font-family: 'DejaVu Sans', Arial, Helvetica, sans-serif; font-size: 9pt; line-height: 1.2;
       max-width: 50em; margin: 1.5em auto; color: #111; }
header { display: flex; justify-content: space-between; align-items: baseline; gap: 1em;
         border-bottom: 1.5px solid #111; padding-bottom: .2em; }
h1 { font-size: 14pt; margin: 0; }
.who { font-size: 9pt; white-space: nowrap; }
h2 { font-size: 11pt; margin: .5em 0 .15em; }
ul { padding-left: 1.1em; margin: .2em 0; }
li { margin: .1em 0; }
p { margin: .15em 0; }
code { font-family: 'DejaVu Sans Mono', Consolas, monospace; font-size: 8pt; }
.ideas { background: #f1f1f1; padding: .15em .6em .3em; border-radius: 4px; }
.howto { font-size: 8.5pt; color: #333; font-style: italic; }
.page, .work, .exercise { display: flex; flex-direction: column; }
.work { flex: 1 1 auto; }
.exercise { flex: 1 1 auto; margin: .35em 0 0; break-inside: avoid; }
.answer { flex: 1 1 auto; min-height: 1.8em; border: 1px solid #888; border-radius: 3px; margin-top: .15em;
          padding: .05em .3em; font-size: 8pt; color: #555; }
.answer.long { flex-grow: 1.5; }
.answer.code { flex-grow: 2; min-height: 3.6em; }
.line { border-bottom: 1px solid #555; height: 1.7em; }
.notes { flex: 1 1 auto; min-height: 7em; border: 1px solid #888; border-radius: 3px; margin-top: .2em; }
table.lessons { border-collapse: collapse; margin: .2em 0; }
table.lessons td { vertical-align: top; padding: .2em .4em; border-bottom: 1px solid #ccc; }
table.lessons td.tick { font-size: 12pt; padding-top: 0; }
footer { margin-top: .5em; font-size: 7.5pt; color: #555; }
.page.dense { font-size: 8.5pt; }
/* On paper the page is one sheet tall (less than US Letter's 257 mm inside the margins) and
   the answer boxes share the room the questions leave. */
@media print { body { margin: 0; max-width: none; } .page { height: 250mm; } }
"""

#: Characters of key ideas and questions above which a page's text is set a little smaller
#: (8.5 pt, not 9), so that the longest handout (lesson 7 in Spanish, 3,826) still fits a US
#: Letter page; the next longest (3,436) keeps the usual size.
DENSE = 3600

_SLIP_CSS = """
@page { size: auto; margin: 8mm; }
body { font-family: 'DejaVu Sans', Arial, Helvetica, sans-serif; font-size: 9.5pt; line-height: 1.25;
       margin: 0; color: #111; }
.sheet { display: grid; grid-template-columns: 1fr 1fr; grid-auto-rows: 86mm; width: 190mm; }
.slip { border: 1px dashed #888; padding: 4mm 5mm; overflow: hidden; }
h1 { font-size: 13pt; margin: 0 0 .3em; }
.code { font-family: 'DejaVu Sans Mono', Consolas, monospace; font-size: 11pt; font-weight: bold;
        border: 1.5px solid #111; padding: .3em .4em; margin: .2em 0 .5em; min-height: 1.3em;
        overflow-wrap: anywhere; }
ol { padding-left: 1.3em; margin: .2em 0; }
li { margin: .3em 0; }
pre { font-family: 'DejaVu Sans Mono', Consolas, monospace; font-size: 8pt; background: #f1f1f1;
      padding: .3em .4em; margin: .3em 0; white-space: pre-wrap; overflow-wrap: anywhere; }
"""

_LINK = re.compile(r"\[([^\]]+)\]\([^)]+\)")
_CODE = re.compile(r"`([^`]+)`")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])")


def inline(text: str) -> str:
    """A line of a lesson's Markdown as HTML: code, bold and italics kept, links as their words."""
    parts = _CODE.split(text)
    out = []
    for i, part in enumerate(parts):
        if i % 2:
            out.append(f"<code>{escape(part)}</code>")
        else:
            part = escape(_LINK.sub(r"\1", part))
            out.append(_ITALIC.sub(r"<em>\1</em>", _BOLD.sub(r"<strong>\1</strong>", part)))
    return "".join(out)


def _cells(name: str) -> list[str]:
    """The Markdown cells of a lesson notebook, as text."""
    notebook = json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "markdown"]


def _bullets(cells: list[str], heading: str) -> list[str]:
    """The bullets of the section that opens with ``heading`` (a bullet's lines joined)."""
    cell = next(c for c in cells if c.startswith(heading + "\n") or f"\n{heading}\n" in c)
    section = cell[cell.index(heading) + len(heading):].split("\n## ")[0]
    bullets: list[str] = []
    for line in section.splitlines():
        if line.startswith("* "):
            bullets.append(line[2:].strip())
        elif line.startswith("  ") and bullets:
            bullets[-1] += " " + line.strip()
        elif line.strip() and bullets:
            break
    return bullets


def _lesson_rows(cells: list[str]) -> list[tuple[str, str]]:
    """Lesson 0's table of lessons: each row's name and what it teaches."""
    rows = []
    for cell in cells:
        for line in cell.splitlines():
            parts = [p.strip() for p in line.strip().strip("|").split("|")]
            if line.startswith("| [") and len(parts) >= 2:
                rows.append((parts[0], parts[1]))
    return rows


@dataclass(frozen=True)
class Question:
    """An exercise as a handout prints it: its number, its words and the room its answer needs."""

    number: int
    text: str
    room: str  # "line", "long", "code"


def _room(exercise: Exercise) -> str:
    kind = exercise.answer_kind
    if isinstance(kind, Code):
        return "code"
    return "long" if isinstance(kind, (Set, Sequence)) else "line"


def exercises(lesson: int, language: str) -> list[Question]:
    """The lesson's exercises in ``language``: the module's questions (English) or the
    Spanish lesson's wording of the same exercises, numbered as the module numbers them."""
    module_name = LESSONS[lesson][2]
    if module_name is None:
        return []
    module = importlib.import_module(f"dominolab.exercises.{module_name}")
    found = {e.number: e for e in vars(module).values() if isinstance(e, Exercise)}
    if language == "en":
        texts = {n: e.question for n, e in found.items()}
    else:
        pattern = re.compile(r"\*\*Ejercicio (\d+)\.\*\* (.*)", re.S)
        texts = {int(m.group(1)): m.group(2).strip()
                 for c in _cells(LESSONS[lesson][1]) if (m := pattern.match(c))}
    if sorted(texts) != sorted(found):
        raise SystemExit(f"lesson {lesson} ({language}): the notebook's exercises {sorted(texts)} "
                         f"are not the module's {sorted(found)}")
    return [Question(n, texts[n], _room(found[n])) for n in sorted(found)]


def handout(lesson: int, language: str) -> str:
    """Lesson ``lesson``'s one-page handout in ``language``, as a standalone HTML page."""
    words = WORDS[language]
    notebook = LESSONS[lesson][0 if language == "en" else 1]
    cells = _cells(notebook)
    title = cells[0].splitlines()[0].lstrip("# ").strip()
    ideas = _bullets(cells, words["recap"] if lesson else words["start"])  # type: ignore[arg-type]
    questions = exercises(lesson, language)
    dense = sum(len(q.text) for q in questions) + sum(len(b) for b in ideas) > DENSE
    page = "page dense" if dense else "page"
    body = [f'<main class="{page}">', f'<header><h1>{escape(title)}</h1><span class="who">{words["name"]}: '
            f'{"_" * 24} &nbsp; {words["date"]}: {"_" * 10}</span></header>',
            f'<h2>{words["ideas"]}</h2>',
            '<div class="ideas"><ul>' + "".join(f"<li>{inline(b)}</li>" for b in ideas) + "</ul></div>"]
    if questions:
        body.append(f'<h2>{words["exercises"]}</h2>')
        body.append(f'<p class="howto">{escape(str(words["howto"]))}</p><section class="work">')
        for q in questions:
            label = escape(str(words["exercise"]).format(n=q.number))
            part = [f'<div class="exercise"><p><strong>{label}.</strong> {inline(q.text)}</p>']
            if q.room == "code":
                part.append(f'<div class="answer code">{escape(str(words["code"]))}</div>')
            else:
                size = " long" if q.room == "long" else ""
                part.append(f'<div class="answer{size}">{words["answer"]}</div>')
            body.append("".join(part) + "</div>")
        body.append("</section>")
    else:
        rows = "".join(f'<tr><td class="tick">☐</td><td><strong>{inline(name)}</strong></td>'
                       f"<td>{inline(what)}</td></tr>" for name, what in _lesson_rows(cells))
        body.append(f'<h2>{words["lessons"]}</h2><table class="lessons">{rows}</table>')
        body.append(f'<h2>{escape(str(words["first"]))}</h2><div class="line"></div><div class="line"></div>')
        body.append(f'<section class="work"><h2>{escape(str(words["notes"]))}</h2><div class="notes"></div></section>')
    footer = str(words["footer"]).format(version=dl.__version__) if questions else f"Domino Lab {dl.__version__}"
    body.append(f"<footer>{escape(footer)}</footer></main>")
    return _page(language, title, _CSS, body)


def slips(language: str, code: str = "", *, count: int = 6) -> str:
    """A page of ``count`` tournament slips (a sixth of a page each): the code, if given,
    and the three steps.  With no code, a box for the teacher to write it in."""
    words = WORDS[language]
    steps: list[str] = words["steps"]  # type: ignore[assignment]
    shown = code or "\u00a0"
    cell = ("from dominolab.widget import DominoTable\n"
            f'DominoTable.tournament("{code or "…"}", name="{words["your_name"]}")')
    slip = (f'<div class="slip"><h1>{words["slip"]}</h1><div>{words["slip_code"]}</div>'
            f'<div class="code">{escape(shown)}</div><ol><li>{steps[0]}<pre>{escape(cell)}</pre></li>'
            + "".join(f"<li>{s}</li>" for s in steps[1:]) + "</ol></div>")
    return _page(language, str(words["slip"]), _SLIP_CSS, ['<div class="sheet">' + slip * count + "</div>"])


def _page(language: str, title: str, css: str, body: list[str]) -> str:
    return (f'<!DOCTYPE html>\n<html lang="{language}">\n<head>\n<meta charset="utf-8">\n'
            f"<title>{escape(title)}</title>\n<style>{css}</style>\n</head>\n<body>\n"
            + "\n".join(body) + "\n</body>\n</html>\n")


def pages(language: str) -> dict[Path, str]:
    """Every handout's path and text in ``language``, with the slip and an index."""
    folder = OUTS[language]
    words = WORDS[language]
    out = {folder / str(words["file"]).format(n=n): handout(n, language) for n in LESSONS}
    out[folder / str(words["slip_file"])] = slips(language)
    index = [f"# {words['index']}", "", *words["about"], ""]  # type: ignore[misc]
    index += [f"- {str(words['lesson']).format(n=n)}: [{path.name}]({path.name})"
              for n, path in zip(LESSONS, out, strict=False)]
    index.append(f"- {words['slip']}: [{words['slip_file']}]({words['slip_file']})")
    out[folder / "README.md"] = "\n".join(index) + "\n"
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say whether the handouts are up to date")
    parser.add_argument("--language", choices=sorted(OUTS), action="append",
                        help="write (or check) only this language's pages; every language without it")
    parser.add_argument("--slip", metavar="CODE", help="write a sheet of tournament slips with this code")
    parser.add_argument("--out", type=Path, help="where --slip writes (default: print the page)")
    args = parser.parse_args()
    if args.slip is not None:
        try:
            dl.Tournament.from_code(args.slip)
        except ValueError as problem:
            parser.error(f"--slip: {problem}")
        text = slips((args.language or ["en"])[0], args.slip)
        if args.out:
            args.out.write_text(text, encoding="utf-8")
            print(f"wrote {args.out}")
        else:
            print(text, end="")
        return 0
    stale = []
    for language in args.language or list(OUTS):
        for path, text in pages(language).items():
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(path)
                if not args.check:
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.write_text(text, encoding="utf-8")
    if args.check:
        for path in stale:
            print(f"out of date: {path.relative_to(ROOT)}")
        return 1 if stale else 0
    print(f"wrote {len(stale)} file(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
