"""The teachers' lesson plans, the lesson-time data they share with the README and the
lessons, and the tournament notebook students fill in (issue 43).

The figures are written by ``tools/lesson_times.py``; these tests read them back by other
means: the README's and lesson 0's tables parsed as text, the plans' wrong answers typed into
the exercises' own checks, the periods re-added from the data's blocks."""

from __future__ import annotations

import ast
import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import dominolab as dl

ROOT = Path(__file__).resolve().parent.parent
PLANS = ROOT / "docs" / "teachers" / "plans"
SETUP = ROOT / "docs" / "teachers" / "setup"


def _tool():
    spec = importlib.util.spec_from_file_location("lesson_times_for_plans", ROOT / "tools" / "lesson_times.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


times = _tool()
DATA = json.loads((PLANS / "times.json").read_text(encoding="utf-8"))
PLAN_FILES = times.plan_files()


def test_the_data_file_the_headers_tables_and_plans_are_up_to_date():
    """``--check`` recomputes everything from the notebooks and exercises and compares."""
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "lesson_times.py"), "--check"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr


def test_the_readme_and_both_lesson_0_tables_state_the_data_files_times():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = "".join("".join(c["source"]) for c in json.loads(
        (ROOT / "notebooks" / "00-start-here.ipynb").read_text(encoding="utf-8"))["cells"])
    inicio = "".join("".join(c["source"]) for c in json.loads(
        (ROOT / "notebooks" / "es" / "00-empieza-aqui.ipynb").read_text(encoding="utf-8"))["cells"])
    for name, entry in DATA["lessons"].items():
        stated, activity = entry["stated"], entry["activity"]
        for table in (readme, start):
            row = re.search(rf"\]\((?:notebooks/)?{re.escape(name)}\)[^\n]*\| (\d+) min \(\+(\d+) activity\) \|", table)
            assert row and (int(row[1]), int(row[2])) == (stated, activity), name
        spanish = Path(times.LESSONS[name][1]).name
        row = re.search(rf"\]\({re.escape(spanish)}\)[^\n]*\| (\d+) min \(\+(\d+) actividad\) \|", inicio)
        assert row and (int(row[1]), int(row[2])) == (stated, activity), spanish


def test_the_stated_time_is_the_median_rounded_up_or_a_longer_trial():
    for name, entry in DATA["lessons"].items():
        median = sum(b["minutes"]["median"] for b in entry["blocks"])
        assert abs(median - entry["total"]["median"]) < 0.1 * len(entry["blocks"]), name
        rounded = -(-entry["total"]["median"] // 5) * 5
        assert entry["stated"] == max(rounded, entry["tried"] or 0), name
        assert entry["total"]["fast"] < entry["total"]["median"] < entry["total"]["slow"], name


def test_every_exercise_is_timed_once_and_set_once_in_class_or_as_homework():
    modules = {"01": "rules", "02": "drawing", "03": "scoring", "04": "strategy", "05": "counting",
               "06": "partnership", "07": "coach", "08": "teach"}
    for name, entry in DATA["lessons"].items():
        module = importlib.import_module(f"dominolab.exercises.{modules[name[:2]]}")
        count = sum(1 for n in range(1, 20) if hasattr(module, f"q{n}"))
        timed = [int(b["name"].split()[-1]) for b in entry["blocks"] if b["kind"] == "exercise"]
        assert timed == list(range(1, count + 1)), name
        placed = [n for part in entry["periods"] for n in part["in_class"] + part["homework"]]
        assert sorted(placed) == timed, name


def test_each_period_fits_its_forty_working_minutes():
    """Re-added from the blocks: the slow pace's reading and the activity, then the median
    pace's exercises set in class, within 50 minutes less a 5-minute starter and plenary."""
    for name, entry in DATA["lessons"].items():
        blocks = {b["name"]: b for b in entry["blocks"]}
        exercises = {int(b["name"].split()[-1]): b for b in entry["blocks"] if b["kind"] == "exercise"}
        sections = [b for b in entry["blocks"] if b["kind"] == "reading" and b["name"] not in ("exercises", "Recap")]
        assert [s for part in entry["periods"] for s in part["blocks"]] == [s["name"] for s in sections], name
        for part in entry["periods"]:
            slow = sum(blocks[s]["minutes"]["slow"] for s in part["blocks"]) + part["activity"]
            median = sum(exercises[n]["minutes"]["median"] for n in part["in_class"])
            assert slow + median <= 40 + 0.1, (name, part)
        assert sum(1 for part in entry["periods"] if part["activity"]) == 1, name
    assert len(DATA["lessons"]["01-the-rules.ipynb"]["periods"]) == 2  # the lesson of 60 + 20 minutes


@pytest.mark.parametrize("name,language,path", PLAN_FILES, ids=lambda v: getattr(v, "name", str(v)))
def test_each_plan_has_what_a_teacher_needs(name, language, path):
    text = path.read_text(encoding="utf-8")
    words = {"en": ("**What students will say they can do by the end**", "## Period ", "**Starter (5 min).**",
                    "**Plenary (5 min).**", "## Exercises: in class and at home",
                    "## Common wrong answers and what to say"),
             "es": ("**Lo que cada estudiante podrá decir al terminar**", "## Clase ", "**Inicio (5 min).**",
                    "**Cierre (5 min).**", "## Ejercicios: en clase y de tarea",
                    "## Respuestas equivocadas frecuentes y qué decir")}[language]
    for needed in words:
        assert needed in text, (path.name, needed)
    periods = DATA["lessons"][name]["periods"]
    assert len(re.findall(rf"(?m)^{re.escape(words[1])}\d", text)) == len(periods), path.name
    assert text.count(words[2]) == text.count(words[3]) == len(periods), path.name
    if len(periods) > 1:
        assert ("**Stop here.**" if language == "en" else "**Aquí se corta.**") in text or \
            ("splits after" if language == "en" else "se corta después") in text, path.name


@pytest.mark.parametrize("name,language,path", PLAN_FILES, ids=lambda v: getattr(v, "name", str(v)))
def test_the_plans_wrong_answers_get_the_nudge_the_plan_quotes(name, language, path):
    """Each row's wrong answer, typed into the exercise as a student would type it, is
    judged incorrect with exactly the words the plan says the check gives."""
    if times.LESSONS[name][0] == "teach":
        pytest.importorskip("numpy")  # lesson 8's checks need the env extra
    module = importlib.import_module(f"dominolab.exercises.{times.LESSONS[name][0]}")
    block = path.read_text(encoding="utf-8").split("<!-- wrong-answers:begin -->")[1].split("<!-- wrong-answers:end -->")[0]
    rows = re.findall(r"(?m)^\| (?:Exercise|Ejercicio) (\d+) \| `(.*)` \| (.*) \|$", block)
    assert rows, path.name
    with dl.i18n.language(language):
        for number, answer, said in rows:
            try:
                typed = ast.literal_eval(answer)
            except (ValueError, SyntaxError):
                typed = answer
            feedback = getattr(module, f"q{number}").evaluate(typed)
            assert feedback.status == "incorrect", (path.name, number, answer)
            assert feedback.message == said.replace("\\|", "|"), (path.name, number, answer)


def test_every_lesson_has_a_plan_in_both_languages_linked_from_the_index_and_the_readme():
    assert {(n, lang) for n, lang, _ in PLAN_FILES} == {(n, lang) for n in times.LESSONS for lang in ("en", "es")}
    index = (PLANS / "README.md").read_text(encoding="utf-8")
    indice = (PLANS / "es" / "README.md").read_text(encoding="utf-8")
    for _, language, path in PLAN_FILES:
        assert f"]({path.name})" in (index if language == "en" else indice), path.name
    for start in ("00-start-here.md", "es/00-empieza-aqui.md"):
        assert (PLANS / start).exists()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(docs/teachers/plans/README.md)" in readme and "(docs/teachers/setup/README.md)" in readme


def test_the_plan_indexes_state_the_data_files_times():
    for path, word in ((PLANS / "README.md", "activity"), (PLANS / "es" / "README.md", "actividad")):
        text = path.read_text(encoding="utf-8")
        for name, entry in DATA["lessons"].items():
            stem = Path(name if word == "activity" else times.LESSONS[name][1]).stem
            row = re.search(rf"\]\({re.escape(stem)}\.md\) \| (\d+) min \(\+(\d+) {word}\) \| (\d+)", text)
            assert row, (path, stem)
            assert (int(row[1]), int(row[2]), int(row[3])) == (entry["stated"], entry["activity"],
                                                              len(entry["periods"])), (path, stem)


#: The hub guide is written by the hub work (issue 42), merged beside this one.
HUB_GUIDE = ROOT / "docs" / "teachers" / "hub.md"


def test_every_link_of_the_plans_and_setup_pages_reaches_a_file():
    for path in [*PLANS.rglob("*.md"), *SETUP.rglob("*.md")]:
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", path.read_text(encoding="utf-8")):
            if target.startswith("http"):
                continue
            found = (path.parent / target).resolve()
            if found == HUB_GUIDE and not HUB_GUIDE.exists():
                continue
            assert found.exists(), (path.relative_to(ROOT), target)


def test_both_lesson_0s_say_where_the_plans_and_the_setup_pages_are():
    """In the folder ``dl.teachers_folder()`` writes (tests/test_teachers.py), named in words:
    a link to a repository may lead nowhere, and a Lab rooted in notebooks/ cannot reach docs/."""
    for name, plans, setup in (("00-start-here.ipynb", "plans/", "setup/"),
                               ("es/00-empieza-aqui.ipynb", "plans/es/", "setup/es/")):
        text = "".join("".join(c["source"]) for c in json.loads(
            (ROOT / "notebooks" / name).read_text(encoding="utf-8"))["cells"])
        assert "dl.teachers_folder()" in text, name
        for target in (plans, setup):
            assert f"`teachers/{target}`" in text and (ROOT / "docs" / "teachers" / target / "README.md").exists(), (
                name, target)
    hub = (SETUP / "hub.md").read_text(encoding="utf-8")
    assert "](../hub.md)" in hub  # the hub guide is linked, not repeated


# ------------------------------------------------------------------- the tournament notebook


@pytest.mark.parametrize("notebook", ["tournament.ipynb", "es/torneo.ipynb"])
def test_the_tournament_notebook_plays_once_the_code_and_name_are_filled_in(notebook, tmp_path, monkeypatch):
    """The students' cell, with the placeholders replaced as a student types them, opens the
    tournament's table for that name (nbval runs it as shipped, with the instructions)."""
    from dominolab.widget import DominoTable

    cells = json.loads((ROOT / "notebooks" / notebook).read_text(encoding="utf-8"))["cells"]
    (cell,) = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    assert cell.count('"..."') == 3  # the code, the name, and the test of them
    t = dl.Tournament.create("standard", hands=2, opponents="greedy", seed=5)
    filled = cell.replace('"..."', repr(t.code), 1).replace('"..."', '"Ana"', 1)
    monkeypatch.chdir(tmp_path)
    namespace: dict = {}
    try:
        *body, last = filled.strip().splitlines()
        exec("\n".join(body), namespace)
        table = eval(last, namespace)
        assert isinstance(table, DominoTable)
        assert namespace.get("table", namespace.get("mesa")) is table
        assert "tournament" in repr(table).lower() or "torneo" in repr(table).lower() or table.round is not None
        shipped: dict = {}
        exec(cell.rsplit("\n", 1)[0], shipped)  # as shipped: no table, no error
        assert shipped.get("table", shipped.get("mesa", "missing")) is None
    finally:
        dl.set_language("en")  # the Spanish cell sets it for the kernel


@pytest.mark.parametrize("page", ["jupyterlite.md", "es/jupyterlite.md"])
def test_the_pages_workflow_builds_the_site_as_the_page_says_and_uploads_what_the_build_writes(page):
    """The GitHub Pages workflow (a plain block, as the documents' tests run no YAML) is valid
    YAML whose build step runs the page's own two commands and uploads lite/_output, the
    folder lite/build.py writes."""
    yaml = pytest.importorskip("yaml")
    text = (SETUP / page).read_text(encoding="utf-8")
    (block,) = re.findall(r"(?ms)^```\n(name: .*?)^```", text)
    workflow = yaml.safe_load(block)
    steps = workflow["jobs"]["build"]["steps"]
    (run,) = [s["run"] for s in steps if "run" in s]
    assert run == 'pip install -e ".[lite]" && python lite/build.py'
    assert 'pip install -e ".[lite]"' in text and "python lite/build.py " in text
    (upload,) = [s for s in steps if s.get("uses", "").startswith("actions/upload-pages-artifact")]
    assert upload["with"]["path"] == "lite/_output"
    assert '"_output"' in (ROOT / "lite" / "build.py").read_text(encoding="utf-8")
    assert workflow["jobs"]["deploy"]["steps"][0]["uses"].startswith("actions/deploy-pages")


#: Lesson 1's exercises worked as a student works them (the plans' README reports this walk):
#: each cell as typed, in order, and what its check must say ("" for a cell that only looks).
LESSON_1_WALK = [
    ("len(dl.tile_set(10))", ""),
    ("answer = 121\nex.q1.check(answer)", "incorrect"),
    ("answer = 66\nex.q1.check(answer)", "correct"),
    ("answer = {'5-1'}\nex.q2.check(answer)", "incorrect"),
    ("answer = {'5-1', '2-2', '2-0'}\nex.q2.check(answer)", "correct"),
    ("r = dl.Round.deal('basic', players=3, seed=31)\nr.hands", ""),
    ("answer = 3\nex.q3.check(answer)", "incorrect"),
    ("answer = 2\nex.q3.check(answer)", "correct"),
    ("dl.Rules.preset('classic').draw_when_able, dl.Rules.preset('puerto-rico').draw_when_able", ""),
    ("answer = (True, False)\nex.q4.check(answer)", "correct"),
    ("answer = 18\nex.q5.check(answer)", "incorrect"),
    ("answer = 23\nex.q5.check(answer)", "correct"),
    ("def fits(tile, ends):\n    return tile.high in ends\n\nex.q6.check(fits)", "incorrect"),
    ("def fits(tile, ends):\n    return tile.high in ends or tile.low in ends\n\nex.q6.check(fits)", "correct"),
]


def test_lesson_1_worked_as_a_student_matches_what_the_plans_report():
    """Every wrong answer of the walk gets a nudge of its own (not the generic one) and the next
    try is right; the characters typed and the keystroke-level estimate are the README's."""
    from dominolab.exercises import rules as ex

    namespace = {"dl": dl, "ex": ex}
    for code, status in LESSON_1_WALK:
        *body, last = code.split("\n")
        exec("\n".join(body), namespace)
        if status:
            feedback = eval(last.replace(".check(", ".evaluate("), namespace)
            assert feedback.status == status, code
            assert "hint()" not in feedback.message, code  # a nudge of its own
    typed = sum(len(code) for code, _ in LESSON_1_WALK)
    readme = " ".join((PLANS / "README.md").read_text(encoding="utf-8").split())
    spanish = " ".join((PLANS / "es" / "README.md").read_text(encoding="utf-8").split())
    assert f"in {len(LESSON_1_WALK)} cells" in readme and f"en {len(LESSON_1_WALK)} celdas" in spanish
    assert f"({typed} characters)" in readme and f"({typed} caracteres)" in spanish
    decisions = 2 * 6 * 1.35  # a decision to answer and one to check, per exercise
    low, high = ((typed * key + len(LESSON_1_WALK) * (1.35 + 1.2) + decisions) / 60 for key in (0.2, 0.5))
    assert (round(low), round(high)) == (3, 6)
    assert "take 3 to 6 minutes" in readme and "de 3 a 6 minutos" in spanish
    fast = DATA["lessons"]["01-the-rules.ipynb"]["exercises"]["fast"]
    assert f"gives {fast} minutes" in readme and f"da {str(fast).replace('.', ',')} minutos" in spanish
    assert 10 <= fast <= 12  # the fast student of issue 43's trial


#: The code exercises' usual first tries that the English plans quote, with the words quoted.
FIRST_TRIES = [
    ("01-the-rules.md", "rules", 6, "def fits(tile, ends):\n    return tile.high in ends",
     "returned False, but 6-0 fits: one of its halves matches an end."),
    ("03-scoring.md", "scoring", 7,
     "def others_minus_own(pips):\n    low = min(pips)\n    return [sum(pips) - 2 * low if p == low and i == pips.index(low)"
     " else 0 for i, p in enumerate(pips)]",
     "two players tie on 6 pips, and on a tie nobody scores"),
    ("04-strategy.md", "strategy", 6,
     "class DoublesFirst:\n    def choose(self, view):\n        return max(view.legal_moves(), key=lambda m: "
     "m.tile.pips if isinstance(m, dl.Play) else -1)",
     "chose play 5-3 left, but the rule says play 2-2 left"),
    ("06-partnerships.md", "partnership", 7, "def team_pips(pips):\n    return [pips[0] + pips[1], pips[2] + pips[3]]",
     "team 0 is seats 0 and 2, team 1 is seats 1 and 3"),
    ("07-learn-from-your-games.md", "coach", 6, "def sure_losses(rv):\n    return [d.turn for d in rv if d.loss > 0]",
     "when it is larger than its margin of error, `decision.loss > decision.paired`"),
    ("08-teach-the-computer.md", "teach", 6, "def legal(mask):\n    return [v for v in mask if v]",
     "returned [1, 1, 1, 1, 1, 1, 1], but the legal actions are [4, 22, 26, 36, 40, 42, 44]"),
    ("08-teach-the-computer.md", "teach", 6, "def legal(mask):\n    return mask.nonzero()",
     "returned a tuple; expected a list of whole numbers"),
]


@pytest.mark.parametrize("plan,module,number,code,quoted", FIRST_TRIES, ids=[t[0] for t in FIRST_TRIES])
def test_the_plans_quote_what_the_check_says_to_a_usual_first_try(plan, module, number, code, quoted):
    if module == "teach":
        pytest.importorskip("numpy")  # lesson 8's checks need the env extra
    exercises = importlib.import_module(f"dominolab.exercises.{module}")
    namespace: dict = {"dl": dl}
    exec(code, namespace)
    attempt = namespace[code.split()[1].split("(")[0].rstrip(":")]
    feedback = getattr(exercises, f"q{number}").evaluate(attempt)
    assert feedback.status == "incorrect" and quoted in feedback.message, feedback.message
    assert quoted in " ".join((PLANS / plan).read_text(encoding="utf-8").split())


#: Lesson 8's exercises worked as a student works them (its plans report this walk), as
#: LESSON_1_WALK: each cell as typed, in order, and what its check must say.
LESSON_8_WALK = [
    ("game = env(rules='standard', players=2)\ngame.action_space('player_0')", ""),
    ("answer = 56\nex.q1.check(answer)", "incorrect"),
    ("answer = 58\nex.q1.check(answer)", "correct"),
    ("dl.Tile(6, 4).id", ""),
    ("answer = 25\nex.q2.check(answer)", "incorrect"),
    ("answer = 51\nex.q2.check(answer)", "correct"),
    ("answer = 23\nex.q3.check(answer)", "incorrect"),
    ("answer = -23\nex.q3.check(answer)", "correct"),
    ("game.unwrapped.layout.blocks", ""),
    ("answer = 'passes'\nex.q4.check(answer)", "incorrect"),
    ("answer = 'lacks'\nex.q4.check(answer)", "correct"),
    ("answer = True\nex.q5.check(answer)", "correct"),
    ("def legal(mask):\n    return [v for v in mask if v]\n\nex.q6.check(legal)", "incorrect"),
    ("def legal(mask):\n    return [i for i, v in enumerate(mask) if v]\n\nex.q6.check(legal)", "correct"),
]


def test_lesson_8_worked_as_a_student_matches_what_its_plans_report():
    """As lesson 1's walk: every wrong answer gets a nudge of its own and the next try is
    right; the characters, the keystroke-level estimate and the model's fast minutes are the
    ones both plans quote."""
    pytest.importorskip("pettingzoo")
    from dominolab.env import env
    from dominolab.exercises import teach as ex

    namespace = {"dl": dl, "ex": ex, "env": env}
    for code, status in LESSON_8_WALK:
        *body, last = code.split("\n")
        exec("\n".join(body), namespace)
        if status:
            feedback = eval(last.replace(".check(", ".evaluate("), namespace)
            assert feedback.status == status, code
            assert "hint()" not in feedback.message, code
        else:
            eval(last, namespace)
    typed = sum(len(code) for code, _ in LESSON_8_WALK)
    decisions = 2 * 6 * 1.35
    low, high = ((typed * key + len(LESSON_8_WALK) * (1.35 + 1.2) + decisions) / 60 for key in (0.2, 0.5))
    reading = sum(len(getattr(ex, f"q{n}").question.split()) for n in range(1, 7)) / times.READING["fast"]
    fast = DATA["lessons"]["08-teach-the-computer.ipynb"]["exercises"]["fast"]
    english = " ".join((PLANS / "08-teach-the-computer.md").read_text(encoding="utf-8").split())
    spanish = " ".join((PLANS / "es" / "08-ensena-a-la-computadora.md").read_text(encoding="utf-8").split())
    figures = [round(low, 1), round(high, 1), round(reading), round(low + reading, 1), round(high + reading, 1), fast]
    assert f"in {len(LESSON_8_WALK)} cells" in english and f"en {len(LESSON_8_WALK)} celdas" in spanish
    assert f"({typed} characters)" in english and f"({typed} caracteres)" in spanish
    said = "take {} to {} minutes by the keystroke-level model .* plus {} minute to read the questions at the fast " \
           "rate: {} to {} minutes with no thinking time, against the model's {} minutes at the fast pace"
    assert re.search(said.format(*figures), english), figures
    dicho = "lleva de {} a {} minutos según el modelo de pulsaciones .* más {} minuto para leer las preguntas al " \
            "ritmo rápido: de {} a {} minutos sin tiempo para pensar, frente a los {} minutos del modelo"
    assert re.search(dicho.format(*(str(f).replace(".", ",") for f in figures)), spanish), figures


#: Lessons 2 to 7 worked as a student works them (each plan reports its walk), as LESSON_1_WALK:
#: each cell as typed, in order, and what its check must say ("" for a cell that only looks). A
#: value's wrong answer is the first its plan's table lists; a function's is a first try that
#: misses a case (the plan's quoted one where it quotes one). Keyed by the English plan's name,
#: with the exercises' module and the Spanish plan's name.
LESSON_WALKS = {
    "02-drawing-and-blocked-games": ("drawing", "02-robar-y-tranques", [
        ("answer = 6\nex.q1.check(answer)", "incorrect"),
        ("answer = 4\nex.q1.check(answer)", "correct"),
        ("answer = 6\nex.q2.check(answer)", "incorrect"),
        ("answer = 2\nex.q2.check(answer)", "correct"),
        ("answer = True\nex.q3.check(answer)", "incorrect"),
        ("answer = False\nex.q3.check(answer)", "correct"),
        ("answer = 0\nex.q4.check(answer)", "incorrect"),
        ("answer = 4\nex.q4.check(answer)", "correct"),
        ("answer = True\nex.q5.check(answer)", "incorrect"),
        ("answer = False\nex.q5.check(answer)", "correct"),
        ("def is_blocked(on_line, ends):\n    left, right = ends\n    return not any(t.has(left) or t.has(right) for t in dl.tile_set(6))\n\nex.q6.check(is_blocked)", "incorrect"),
        ("def is_blocked(on_line, ends):\n    left, right = ends\n    return not any(t not in on_line and (t.has(left) or t.has(right)) for t in dl.tile_set(6))\n\nex.q6.check(is_blocked)", "correct"),
        ("answer = True\nex.q7.check(answer)", "incorrect"),
        ("answer = False\nex.q7.check(answer)", "correct"),
    ]),
    "03-scoring": ("scoring", "03-los-puntos", [
        ("answer = 71\nex.q1.check(answer)", "incorrect"),
        ("answer = 57\nex.q1.check(answer)", "correct"),
        ("answer = 40\nex.q2.check(answer)", "incorrect"),
        ("answer = 27\nex.q2.check(answer)", "correct"),
        ("answer = (8, 0)\nex.q3.check(answer)", "incorrect"),
        ("answer = (0, 0)\nex.q3.check(answer)", "correct"),
        ("print(dl.Rules.preset('partnership').describe())", ""),
        ("answer = 27\nex.q4.check(answer)", "incorrect"),
        ("answer = 21\nex.q4.check(answer)", "correct"),
        ("answer = 13\nex.q5.check(answer)", "incorrect"),
        ("answer = 26\nex.q5.check(answer)", "correct"),
        ("answer = (61, 61)\nex.q6.check(answer)", "incorrect"),
        ("dl.Rules.preset('basic').target_for(3), dl.Rules.preset('family').target_for(3)", ""),
        ("answer = (100, 100)\nex.q6.check(answer)", "correct"),
        ("def others_minus_own(pips):\n    low = min(pips)\n    return [sum(pips) - 2 * low if p == low and i == pips.index(low)"
         " else 0 for i, p in enumerate(pips)]\n\nex.q7.check(others_minus_own)", "incorrect"),
        ("def others_minus_own(pips):\n    low = min(pips)\n    points = [0] * len(pips)\n    if pips.count(low) == 1:\n"
         "        points[pips.index(low)] = sum(pips) - 2 * low\n    return points\n\nex.q7.check(others_minus_own)", "correct"),
    ]),
    "04-strategy": ("strategy", "04-estrategia", [
        ("answer = 'a'\nex.q1.check(answer)", "incorrect"),
        ("answer = 'b'\nex.q1.check(answer)", "correct"),
        ("dl.simulation.wilson_interval(104, 200)", ""),
        ("answer = True\nex.q2.check(answer)", "incorrect"),
        ("answer = False\nex.q2.check(answer)", "correct"),
        ("answer = 0.3\nex.q3.check(answer)", "incorrect"),
        ("answer = 0.5\nex.q3.check(answer)", "correct"),
        ("answer = 0.35\nex.q4.check(answer)", "incorrect"),
        ("1 - 0.95 ** 7", ""),
        ("answer = 0.30\nex.q4.check(answer)", "correct"),
        ("print(dl.StrategyPlayer.__doc__)", ""),
        ("answer = 'suit_control'\nex.q5.check(answer)", "correct"),
        ("class DoublesFirst:\n    name = 'doubles first'\n\n    def choose(self, view):\n        return max(view.legal_moves(), "
         "key=lambda m: m.tile.pips if isinstance(m, dl.Play) else -1)\n\nex.q6.check(DoublesFirst)", "incorrect"),
        ("class DoublesFirst:\n    name = 'doubles first'\n\n    def choose(self, view):\n        moves = view.legal_moves()\n"
         "        plays = [m for m in moves if isinstance(m, dl.Play)]\n        if not plays:\n            return moves[0]\n"
         "        doubles = [m for m in plays if m.tile.is_double]\n        return max(doubles or plays, key=lambda m: m.tile.pips)\n\n"
         "ex.q6.check(DoublesFirst)", "correct"),
    ]),
    "05-counting-and-inference": ("counting", "05-contar-y-deducir", [
        ("answer = 0.286\nex.q1.check(answer)", "incorrect"),
        ("view = ex.exercise_position().view(0)\nlen(view.unseen), sum(1 for t in view.unseen if view.fits(t))", ""),
        ("answer = 8 / 18\nex.q1.check(answer)", "correct"),
        ("answer = 1.333\nex.q2.check(answer)", "incorrect"),
        ("import math\n1 - math.comb(10, 3) / math.comb(18, 3)", ""),
        ("answer = 0.853\nex.q2.check(answer)", "correct"),
        ("r = ex.pass_position()\nr.view(0).history[-1]", ""),
        ("answer = {1}\nex.q3.check(answer)", "incorrect"),
        ("answer = {1, 6}\nex.q3.check(answer)", "correct"),
        ("r = ex.draw_then_play_position()\nr.view(0).history[-2:]", ""),
        ("answer = True\nex.q4.check(answer)", "incorrect"),
        ("answer = False\nex.q4.check(answer)", "correct"),
        ("from dominolab.inference import infer\nview = ex.exercise_position().view(0)\ninfer(view).suit_probabilities", ""),
        ("answer = 0.908\nex.q5.check(answer)", "incorrect"),
        ("answer = 0.838\nex.q5.check(answer)", "correct"),
        ("def lacks(history, seat):\n    known = set()\n    for event in history:\n        if event.seat == seat and event.action == 'pass':\n"
         "            known |= set(event.ends)\n    return known\n\nex.q6.check(lacks)", "incorrect"),
        ("def lacks(history, seat):\n    known = set()\n    for event in history:\n        if event.seat != seat:\n            continue\n"
         "        if event.action == 'draw':\n            known = set()\n        elif event.action == 'pass':\n"
         "            known |= set(event.ends)\n    return known\n\nex.q6.check(lacks)", "correct"),
    ]),
    "06-partnerships": ("partnership", "06-por-parejas", [
        ("answer = [1, 3, 0, 2, 1]\nex.q1.check(answer)", "incorrect"),
        ("answer = [1, 2, 3, 0, 1]\nex.q1.check(answer)", "correct"),
        ("teams = dataclasses.replace(dl.Rules.preset('standard'), partnerships=True)\nprint(teams.describe())\n"
         "r = ex.team_hand()\nr.hands", ""),
        ("answer = [12, 0]\nex.q2.check(answer)", "incorrect"),
        ("answer = [0, 11]\nex.q2.check(answer)", "correct"),
        ("r.result.went_out", ""),
        ("answer = [0, 11]\nex.q3.check(answer)", "incorrect"),
        ("answer = [12, 0]\nex.q3.check(answer)", "correct"),
        ("r = ex.blocked_team_hand()\nr.hands", ""),
        ("answer = [76, 0]\nex.q4.check(answer)", "incorrect"),
        ("answer = [30, 0]\nex.q4.check(answer)", "correct"),
        ("r = ex.pass_position()\nr.view(0).history", ""),
        ("answer = {0, 3, 4, 5}\nex.q5.check(answer)", "incorrect"),
        ("answer = {3, 5}\nex.q5.check(answer)", "correct"),
        ("r = ex.cover_position()\nr.view(0).history[0], r.legal_moves()", ""),
        ("answer = {'6-0 left', '6-2 left', '6-6 left'}\nex.q6.check(answer)", "incorrect"),
        ("answer = {'6-0 left', '6-2 left'}\nex.q6.check(answer)", "correct"),
        ("def team_pips(pips):\n    return [pips[0] + pips[1], pips[2] + pips[3]]\n\nex.q7.check(team_pips)", "incorrect"),
        ("def team_pips(pips):\n    return [pips[0] + pips[2], pips[1] + pips[3]]\n\nex.q7.check(team_pips)", "correct"),
    ]),
    "07-learn-from-your-games": ("coach", "07-aprende-de-tus-partidas", [
        ("rv = dl.review(ex.exercise_hand(), seat=0)\nrv", ""),
        ("answer = 0\nex.q1.check(answer)", "incorrect"),
        ("answer = 19\nex.q1.check(answer)", "correct"),
        ("answer = 'blunder'\nex.q2.check(answer)", "incorrect"),
        ("answer = 'mistake'\nex.q2.check(answer)", "correct"),
        ("answer = 18\nex.q3.check(answer)", "incorrect"),
        ("answer = 10\nex.q3.check(answer)", "correct"),
        ("answer = '5-4 left'\nex.q4.check(answer)", "incorrect"),
        ("answer = 'draw'\nex.q4.check(answer)", "correct"),
        ("for d in rv:\n    print(d.turn, d.label, d.why())", ""),
        ("answer = True\nex.q5.check(answer)", "incorrect"),
        ("answer = False\nex.q5.check(answer)", "correct"),
        ("def sure_losses(rv):\n    return [d.turn for d in rv if d.loss > 0]\n\nex.q6.check(sure_losses)", "incorrect"),
        ("def sure_losses(rv):\n    return [d.turn for d in rv if d.paired is not None and d.loss > d.paired]\n\n"
         "ex.q6.check(sure_losses)", "correct"),
        ('text = """\nrules: standard\nseats: me, Sam\nmy tiles: 6-4 1-1 4-1 6-2 0-0 2-0 4-4\nme: lead 6-4\nSam: 6-1 left\n'
         'me: 4-4 right\nSam: 1-0 left\nme: 4-1 right\nSam: 3-0 left\nme: 1-1 right\nSam: draws 1, 4-3 left\n'
         'me: draws 3 (6-3, 5-3, 4-0), 4-0 left\nSam: 2-1 right\n"""\nboard = dl.AnalysisBoard.from_text(text)\nboard.evaluate()', ""),
        ("answer = '6-2 right'\nex.q7.check(answer)", "incorrect"),
        ("answer = '2-0 right'\nex.q7.check(answer)", "correct"),
    ]),
}


@pytest.mark.parametrize("plan", sorted(LESSON_WALKS))
def test_lessons_2_to_7_worked_as_a_student_match_what_their_plans_report(plan):
    """As lesson 8's walk: every wrong answer gets a nudge of its own and the next try is right;
    the cells, characters, keystroke-level minutes, reading minutes and the model's minutes are
    the ones both plans quote."""
    import dataclasses

    module, spanish_plan, walk = LESSON_WALKS[plan]
    ex = importlib.import_module(f"dominolab.exercises.{module}")
    english = " ".join((PLANS / f"{plan}.md").read_text(encoding="utf-8").split())
    spanish = " ".join((PLANS / "es" / f"{spanish_plan}.md").read_text(encoding="utf-8").split())
    namespace = {"dl": dl, "ex": ex, "dataclasses": dataclasses}
    for code, status in walk:
        if not status:
            exec(code, namespace)  # a cell that only looks: it must run
            continue
        *body, last = code.split("\n")
        exec("\n".join(body), namespace)
        feedback = eval(last.replace(".check(", ".evaluate("), namespace)
        assert feedback.status == status, code
        assert "hint()" not in feedback.message, code  # a nudge of its own
        if status == "incorrect" and code.startswith("answer = "):  # the nudge the plan's table quotes
            number, value = last.split(".check(")[0].rsplit(".q", 1)[1], body[0].removeprefix("answer = ")
            if value.startswith("["):  # the tables write a list the question asks for as a tuple
                value = f"({value[1:-1]})"
            assert f"| Exercise {number} | `{value}` | {' '.join(feedback.message.split())} |" in english, code
    exercises = [n for n in range(1, 10) if hasattr(ex, f"q{n}")]
    checked = {int(code.split(".check(")[0].rsplit(".q", 1)[1]) for code, status in walk if status == "correct"}
    assert checked == set(exercises)  # every exercise ends right
    typed = sum(len(code) for code, _ in walk)
    decisions = 2 * len(exercises) * 1.35  # a decision to answer and one to check, per exercise
    low, high = ((typed * key + len(walk) * (1.35 + 1.2) + decisions) / 60 for key in (0.2, 0.5))
    reading = sum(len(getattr(ex, f"q{n}").question.split()) for n in exercises) / times.READING["fast"]
    model = DATA["lessons"][f"{plan}.ipynb"]["exercises"]
    figures = [round(low, 1), round(high, 1), round(reading, 1), round(low + reading, 1), round(high + reading, 1),
               model["fast"], model["median"], model["slow"]]
    assert high + reading < model["fast"]  # the fast pace leaves time to think, even typing slowly
    assert f"in {len(walk)} cells" in english and f"en {len(walk)} celdas" in spanish
    assert f"({typed} characters)" in english and f"({typed} caracteres)" in spanish
    said = "take {} to {} minutes by the keystroke-level model .* plus {} minutes to read the questions at the fast " \
           "rate: {} to {} minutes with no thinking time, against the model's {} minutes at the fast pace .* " \
           r"The median \({} minutes\) and slow \({} minutes\) columns"
    assert re.search(said.format(*figures), english), figures
    dicho = "lleva de {} a {} minutos según el modelo de pulsaciones .* más {} minutos para leer las preguntas al " \
            "ritmo rápido: de {} a {} minutos sin tiempo para pensar, frente a los {} minutos del modelo .* " \
            r"Las columnas mediana \({} minutos\) y lenta \({} minutos\)"
    assert re.search(dicho.format(*(str(f).replace(".", ",") for f in figures)), spanish), figures


def test_the_plans_readme_sums_up_the_walks_of_lessons_2_to_7():
    """The README's range of the walks' minutes and its slack at the fast pace come from the walks."""
    low, high, fast, slack = [], [], [], {}
    for plan, (module, _, walk) in LESSON_WALKS.items():
        ex = importlib.import_module(f"dominolab.exercises.{module}")
        exercises = [n for n in range(1, 10) if hasattr(ex, f"q{n}")]
        reading = sum(len(getattr(ex, f"q{n}").question.split()) for n in exercises) / times.READING["fast"]
        typed = sum(len(code) for code, _ in walk)
        low.append((typed * 0.2 + len(walk) * 2.55 + 2 * len(exercises) * 1.35) / 60 + reading)
        high.append((typed * 0.5 + len(walk) * 2.55 + 2 * len(exercises) * 1.35) / 60 + reading)
        fast.append(DATA["lessons"][f"{plan}.ipynb"]["exercises"]["fast"])
        slack[plan[:2]] = round(fast[-1] - high[-1], 1)
    english = " ".join((PLANS / "README.md").read_text(encoding="utf-8").split())
    spanish = " ".join((PLANS / "es" / "README.md").read_text(encoding="utf-8").split())
    figures = [round(min(low), 1), round(max(high), 1), min(fast), max(fast), slack["04"], slack["05"]]
    assert sorted(slack, key=slack.get)[:2] == ["05", "04"]  # the two tightest
    assert max(slack["04"], slack["05"]) <= 1.1
    said = "lessons 2 to 7 take {} to {} minutes of typing, pointing, deciding and reading, against the model's {} to {} " \
           "at the fast pace. .* lessons 4 and 5 leave a fast student a minute or less to think \\({} and {} minutes\\)"
    assert re.search(said.format(*figures), english), figures
    dicho = "las lecciones 2 a 7 llevan de {} a {} minutos de teclear, señalar, decidir y leer, frente a los {} a {} del " \
            "modelo al ritmo rápido. .* dejan un minuto o menos para pensar a quien va rápido \\({} y {} minutos\\)"
    assert re.search(dicho.format(*(str(f).replace(".", ",") for f in figures)), spanish), figures
