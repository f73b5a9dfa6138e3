"""The lessons as a teacher checks them: every position they show can arise in a real hand,
their exercises are the ones the notebooks ask, their texts are gender-neutral and free of
test markers, each has objectives, a recap, a classroom activity and a link onwards, and
the data and sheets they rely on are up to date with the engine.

The positions are found by running every lesson's code in this process with the engine's
round constructors and ``dl.score`` watched (a recorder records what lesson code and the
exercise modules build; the simulator's own deals are not positions a lesson shows).  Study
sizes are cut down for the run: positions, not figures, are what is checked here; nbval
checks the figures.
"""

from __future__ import annotations

import ast
import contextlib
import functools
import importlib
import io
import json
import os
import re
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import dominolab as dl
from dominolab import reachable
from dominolab.exercises import Exercise, studies

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
LESSONS = {
    "01-the-rules.ipynb": "rules",
    "02-drawing-and-blocked-games.ipynb": "drawing",
    "03-scoring.ipynb": "scoring",
    "04-strategy.ipynb": "strategy",
    "05-counting-and-inference.ipynb": "counting",
    "06-partnerships.ipynb": "partnership",
    "07-learn-from-your-games.ipynb": "coach",
}
#: The answer keys, kept for teachers in docs/teachers/, apart from the notebooks students get
#: (named from notebooks/, as cells() reads them).
KEY = "../docs/teachers/answer-key.ipynb"
ES_KEY = "../docs/teachers/es/clave-de-respuestas.ipynb"
#: Each English notebook and its Spanish twin, written for Spanish-speaking students (not word
#: for word) with the same exercises and checks.
SPANISH = {
    "00-start-here.ipynb": "es/00-empieza-aqui.ipynb",
    "01-the-rules.ipynb": "es/01-las-reglas.ipynb",
    "02-drawing-and-blocked-games.ipynb": "es/02-robar-y-tranques.ipynb",
    "03-scoring.ipynb": "es/03-los-puntos.ipynb",
    "04-strategy.ipynb": "es/04-estrategia.ipynb",
    "05-counting-and-inference.ipynb": "es/05-contar-y-deducir.ipynb",
    "06-partnerships.ipynb": "es/06-por-parejas.ipynb",
    "07-learn-from-your-games.ipynb": "es/07-aprende-de-tus-partidas.ipynb",
    # lesson 8 needs the env extra: its exercises are checked in tests/test_env_lesson.py
    "08-teach-the-computer.ipynb": "es/08-ensena-a-la-computadora.ipynb",
    "play.ipynb": "es/la-mesa.ipynb",
    "tournament.ipynb": "es/torneo.ipynb",
    KEY: ES_KEY,
    "projector.ipynb": "es/proyector.ipynb",
}
SPANISH_LESSONS = {SPANISH[name]: module for name, module in LESSONS.items()}
EVERY_NOTEBOOK = sorted(str(p.relative_to(NOTEBOOKS)) for p in NOTEBOOKS.rglob("*.ipynb")
                        if ".ipynb_checkpoints" not in p.parts)
#: Pips quoted from a rule book to show its arithmetic, which the lesson says no real hand gives.
SOURCE_EXAMPLES = {("family", (10, 14, 15))}

pytestmark = pytest.mark.skipif(not NOTEBOOKS.is_dir(), reason="the notebooks are not next to the tests")


def _from_root(name):
    """A notebook's path from the repository's root, as the README links it."""
    return os.path.normpath(f"notebooks/{name}").replace(os.sep, "/")


def cells(name, kind=None):
    nb = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
    return [c for c in nb["cells"] if kind is None or c["cell_type"] == kind]


def source(cell):
    return "".join(cell["source"])


def exercises(module_name):
    module = importlib.import_module(f"dominolab.exercises.{module_name}")
    return [getattr(module, n) for n in module.__all__ if isinstance(getattr(module, n), Exercise)]


# --- running the lessons with the engine watched ---------------------------------------------

class Recorder:
    """Rounds built and pip totals scored by lesson code or by the exercise modules."""

    def __init__(self):
        self.positions = []   # (where, round, verdict at creation)
        self.totals = []      # (where, rules, pips, went_out)
        self.tables = []      # DominoTable arguments
        self.boards = 0       # analysis boards opened (their positions are in ``positions``)

    @staticmethod
    def caller():
        frame = sys._getframe(2)
        while frame is not None and frame.f_code.co_filename == __file__:
            frame = frame.f_back
        name = frame.f_code.co_filename if frame else ""
        if name.startswith("<lesson") or "dominolab/exercises/" in name.replace("\\", "/"):
            return f"{name}:{frame.f_lineno}"
        return None

    @contextlib.contextmanager
    def watching(self, monkeypatch):
        recorder = self

        def wrap(method):
            original = getattr(dl.Round, method).__func__

            def constructor(cls, *args, **kwargs):
                r = original(cls, *args, **kwargs)
                where = recorder.caller()
                if where is not None:
                    recorder.positions.append((where, r, reachable.check(r)))
                return r

            monkeypatch.setattr(dl.Round, method, classmethod(constructor))

        for method in ("deal", "from_position", "from_start"):
            wrap(method)

        def board_wrap(method):
            original = getattr(dl.AnalysisBoard, method).__func__

            def constructor(cls, *args, **kwargs):
                board = original(cls, *args, **kwargs)
                frame, where = sys._getframe(1), None
                for _ in range(6):  # a board opened by a review's decision or a puzzle counts too
                    if frame is None:
                        break
                    name = frame.f_code.co_filename
                    if name.startswith("<lesson") or "dominolab/exercises/" in name.replace("\\", "/"):
                        where = f"{name}:{frame.f_lineno} (analysis board)"
                        break
                    frame = frame.f_back
                if where is not None:
                    r = board._round()
                    recorder.positions.append((where, r, reachable.check(r, first_hand=board.first_hand)))
                    recorder.boards += 1
                return board

            monkeypatch.setattr(dl.AnalysisBoard, method, classmethod(constructor))

        for method in ("from_text", "from_round", "from_view"):
            board_wrap(method)
        real_score = dl.score

        def score(rules, pips=None, went_out=None, **kwargs):
            result = real_score(rules, pips, went_out, **kwargs)
            where = recorder.caller()
            if where is not None:
                recorder.totals.append((where, rules, tuple(result.pips), went_out))
            return result

        monkeypatch.setattr(dl, "score", score)
        for module in ("scoring", "partnership"):
            monkeypatch.setattr(f"dominolab.exercises.{module}.score", score)

        class Table:
            def __init__(self, *args, **kwargs):
                recorder.tables.append((args, kwargs))

        import dominolab.widget

        monkeypatch.setattr(dominolab.widget, "DominoTable", Table)
        yield self


KNOB = re.compile(r"^([A-Z_]+) = (\d+)\b", re.MULTILINE)


def small(code):
    """Cut a lesson's study sizes (``HANDS = 2000``) down to a few dozen."""
    return KNOB.sub(lambda m: f"{m.group(1)} = {min(int(m.group(2)), 40)}", code)


def run_cells(name, namespace):
    for index, cell in enumerate(cells(name, "code")):
        code = small(source(cell))
        exec(compile(code, f"<lesson {name} cell {index}>", "exec"), namespace)


@functools.lru_cache(maxsize=1)
def _mpl():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


@pytest.fixture(scope="module")
def recorded():
    plt = _mpl()
    mp = pytest.MonkeyPatch()
    recorder = Recorder()
    try:
        with recorder.watching(mp), contextlib.redirect_stdout(io.StringIO()), \
                contextlib.redirect_stderr(io.StringIO()), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            mp.setattr(plt, "show", lambda *a, **k: plt.close("all"))
            mp.chdir(NOTEBOOKS)
            for name in LESSONS:
                run_cells(name, {"__name__": "__lesson__"})
            # The exercises' own positions: their answers, hints and solutions.
            for module_name in LESSONS.values():
                module = importlib.import_module(f"dominolab.exercises.{module_name}")
                namespace = {"__name__": "__lesson__", "dl": dl, "ex": module,
                             "dataclasses": importlib.import_module("dataclasses")}
                for exercise in exercises(module_name):
                    exercise._expected()  # what the check compares with, built afresh
                    for code in (exercise.hint_code, exercise.solution_code):
                        if code:
                            exec(compile(code, f"<lesson {module_name} q{exercise.number}>", "exec"), namespace)
    finally:
        mp.undo()
    return recorder


@pytest.mark.slow  # runs every lesson's code cells
def test_every_position_a_lesson_or_exercise_shows_can_arise_in_a_real_hand(recorded):
    assert len(recorded.positions) > 30
    assert recorded.boards >= 4  # lesson 7's analysis boards: typed in, from a review, exercise 7's
    bad = [f"{where}: {verdict}" for where, _, verdict in recorded.positions if not verdict]
    assert not bad, "\n".join(bad)
    built = [where for where, r, _ in recorded.positions if r.start.kind == "position"]
    assert len(built) > 10, "hand-built positions must be among those checked"


@pytest.mark.slow  # runs every lesson's code cells (the fixture), as the test above: CI runs both
def test_every_end_of_hand_a_lesson_scores_is_possible(recorded):
    assert len(recorded.totals) > 10
    bad = []
    for where, rules, pips, went_out in recorded.totals:
        if (rules.name, pips) in SOURCE_EXAMPLES:
            continue
        verdict = reachable.end_of_hand(rules, list(pips), went_out)
        if not verdict:
            bad.append(f"{where}: {rules.name} {pips}: {verdict}")
    assert not bad, "\n".join(bad)


def test_the_rule_books_own_example_is_quoted_as_arithmetic_only():
    text = "\n".join(source(c) for c in cells("03-scoring.ipynb", "markdown"))
    assert "illustrate the arithmetic only" in text and "cannot be the end of a real blocked" in text
    assert not reachable.end_of_hand("family", [10, 14, 15])


@pytest.mark.slow  # runs every lesson's code cells (the fixture): CI runs it
def test_lessons_use_the_table_only_through_its_documented_arguments(recorded):
    assert recorded.tables
    allowed = {"players", "opponents", "seed", "hints", "open_hands"}
    for args, kwargs in recorded.tables:
        assert len(args) <= 1 and set(kwargs) <= allowed, (args, kwargs)


def test_lesson_1s_table_lets_you_play_at_once():
    from dominolab.exercises import rules as ex

    code = "\n".join(source(c) for c in cells("01-the-rules.ipynb", "code"))
    assert 'DominoTable("standard", players=2, opponents="greedy", seed=ex.TABLE_SEED)' in code
    # The table deals the first hand of a match from its seed; you sit in seat 0.
    first = dl.Match("standard", seats=[dl.GreedyPlayer(), dl.GreedyPlayer()], seed=ex.TABLE_SEED).deal_next()
    assert first.turn == 0 and first.leader == 0
    assert all(isinstance(m, dl.Play) for m in first.legal_moves())


# --- what the notebooks say -------------------------------------------------------------------

@pytest.mark.parametrize("name", LESSONS)
def test_each_exercise_is_asked_in_its_notebook_as_the_module_words_it(name):
    text = "\n".join(source(c) for c in cells(name, "markdown"))
    for exercise in exercises(LESSONS[name]):
        assert f"**Exercise {exercise.number}.** {exercise.question}" in text, exercise.number


def test_the_answer_key_answers_every_exercise_as_worded():
    text = "\n".join(source(c) for c in cells(KEY))
    for module_name in LESSONS.values():
        for exercise in exercises(module_name):
            assert f"**Exercise {exercise.number}.** {exercise.question}" in text, (module_name, exercise.number)
            assert f'lessons["{module_name}"].q{exercise.number}.solution()' in text


@pytest.mark.parametrize("name", [*LESSONS, "00-start-here.ipynb"])
def test_each_lesson_has_objectives_a_recap_an_activity_and_a_way_on(name):
    text = "\n".join(source(c) for c in cells(name, "markdown"))
    if name != "00-start-here.ipynb":
        assert "**By the end of this lesson you can**" in text
        assert "## Recap" in text
        assert "## Classroom activity" in text
    links = re.findall(r"\*\*Next:\*\*.*?\]\(([^)]+)\)", text)
    assert links, "a link to what comes next"
    for link in re.findall(r"\]\(([^)#]+\.ipynb)\)", text):
        if "://" not in link:  # the project's pages on GitHub (lesson 0's teacher notes) are not here
            assert (NOTEBOOKS / link).exists(), link


HE = re.compile(r"\b(he|him|his|himself)\b", re.IGNORECASE)


def test_lessons_and_exercises_speak_of_players_as_they():
    texts = {}
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        if path.name == "play.ipynb":  # the table's own notebook
            continue
        for i, cell in enumerate(cells(path.name, "markdown")):
            texts[f"{path.name} cell {i}"] = source(cell)
    for module_name in LESSONS.values():
        for exercise in exercises(module_name):
            for label, text in [("question", exercise.question), ("hint", exercise.hint_text),
                                ("solution", exercise.solution_text), ("nudge", exercise.nudge),
                                *(("nudge", m) for _, m in exercise.nudges)]:
                texts[f"{module_name} q{exercise.number} {label}"] = text
    for path in (ROOT / "docs" / "teachers").glob("*.md"):
        texts[str(path.relative_to(ROOT))] = path.read_text(encoding="utf-8")
    # Quotations of a source's own words are the only exception ("his" in a quoted title, say).
    bad = {where: HE.findall(text) for where, text in texts.items() if HE.search(text)}
    assert not bad


@pytest.mark.parametrize("path", EVERY_NOTEBOOK)
def test_no_test_markers_for_students_to_see(path):
    for cell in cells(path):
        assert "nbval" not in source(cell).lower(), path
        tags = set(cell.get("metadata", {}).get("tags", []))
        assert tags <= {"nbval-ignore-output", "voila-hide"}, tags


def test_lesson_code_parses_and_uses_the_public_api():
    for name in [*LESSONS, "00-start-here.ipynb", "quickstart.ipynb", KEY, *SPANISH.values()]:
        for cell in cells(name, "code"):
            tree = ast.parse(source(cell))
            for node in ast.walk(tree):
                if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
                    raise AssertionError(f"{name} reaches into private state: .{node.attr}")


def test_the_readme_lists_every_lesson():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for name in [*LESSONS, "00-start-here.ipynb", KEY]:
        assert f"({_from_root(name)})" in readme, name
    assert "## For teachers" in readme


def test_scoring_exercises_quote_the_pips_of_their_real_hands():
    from dominolab.exercises import scoring

    for number in scoring.HANDS:
        r = scoring.hand(number)
        question = getattr(scoring, f"q{number}").question
        for seat, hand in enumerate(r.hands):
            if seat == r.result.went_out:
                continue
            # Each hand is quoted by its pips, or tile by tile.
            quoted = str(r.rules.hand_value(hand)) in question or all(str(t) in question for t in hand)
            assert quoted, (number, seat, str(hand))


# --- data and sheets -------------------------------------------------------------------------

def test_the_recorded_studies_are_what_the_engine_plays_today():
    recorded = studies.load()
    assert set(recorded) == {spec.id for spec in studies.STUDIES}
    for spec in studies.STUDIES:
        if spec.id == "ladder-search":
            continue  # the searcher's fingerprint is checked in the slow test below
        assert [list(x) for x in recorded[spec.id].fingerprint] == studies.fingerprint_now(spec), (
            f"{spec.id}: the engine now plays these deals differently; run benchmarks/lesson4_studies.py")


@pytest.mark.slow
def test_the_searchers_study_is_what_the_engine_plays_today():
    spec = next(s for s in studies.STUDIES if s.id == "ladder-search")
    assert [list(x) for x in studies.load()[spec.id].fingerprint] == studies.fingerprint_now(spec)


def test_the_recorded_studies_hold_their_full_size():
    recorded = studies.load()
    for spec in studies.STUDIES:
        hands = recorded[spec.id].hands
        assert hands >= spec.hands, f"{spec.id} holds {hands} hands, not {spec.hands}: run the benchmark at full size"
        assert len(recorded[spec.id].repeats) == (spec.repeats if spec.repeats > 1 else 0)


def test_the_rules_sheets_are_up_to_date():
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "rules_sheets.py"), "--check"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_every_lesson_states_the_time_its_estimate_gives():
    """The headers, the README's table and 00-start-here's table say what
    ``tools/lesson_times.py`` estimates (run it with --write after changing a lesson)."""
    spec = importlib.util.spec_from_file_location("lesson_times", ROOT / "tools" / "lesson_times.py")
    times = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(times)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = (ROOT / "notebooks" / "00-start-here.ipynb").read_text(encoding="utf-8")
    for name, (lesson, activity) in times.estimates().items():
        first = "".join(json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))["cells"][0]["source"])
        assert re.search(rf"\*\*Time:\*\* about {lesson} minutes", first), name
        for table in (readme, start):
            assert re.search(rf"{re.escape(name)}\)[^\n]*\| {re.escape(times.row(lesson, activity))} \|", table), name


@pytest.mark.parametrize("desk", range(1, 31))
def test_lesson1_activity_replays_a_hand_played_on_paper(desk):
    """Lesson 1's activity as a pair does it: play the printed deal 'on paper' (the hands and
    the boneyard stacked in the printed order, drawing from the top), write each move down
    as the activity says, then replay the notes in Python with parse_move."""
    r = dl.Round.deal("standard", players=2, seed=desk)
    hands = [list(h) for h in r.hands]
    stack = list(r.boneyard)  # "boneyard, top first"
    paper = dl.Round.deal("standard", players=2, seed=desk)  # the referee's copy of the paper table
    players = [dl.GreedyPlayer(seed=desk), dl.RandomPlayer(seed=desk)]
    notes, drawn = [], []
    while not paper.is_over:
        move = players[paper.turn].choose(paper.view(paper.turn))
        if move == dl.Draw():
            drawn.append(stack.pop(0))  # from the top of the stack on the desk
            hands[paper.turn].append(drawn[-1])
            notes.append("draw")
        elif move == dl.Pass():
            notes.append("pass")
        else:
            hands[paper.turn].remove(move.tile)
            notes.append(f"{move.tile} {move.end}")
        paper.play(move)
    for text in notes:  # the replay in Python
        r.play(r.parse_move(text))
    assert r.result.points == paper.result.points
    assert [e.tile for e in r.history if e.action == "draw"] == drawn
    assert [sorted(h) for h in r.hands] == [sorted(h) for h in hands]


def _blocked_lines():
    """Lines of real standard hands that ended blocked, shortest first."""
    lines = []
    for seed in range(400):
        r = dl.play_out(dl.Round.deal("standard", 2, seed=seed), [dl.RandomPlayer(seed), dl.RandomPlayer(seed + 1)])
        if r.is_blocked:
            lines.append([str(t) for t in r.line])
    return sorted(lines, key=len)


def test_lesson2_activity_check_builds_a_reachable_blocked_position():
    """The activity's recipe (two unused tiles in the boneyard, the rest shared between the
    hands) gives a position a real hand can reach, for the lesson's example and real lines."""
    example = ["0-1", "1-2", "2-0", "0-0", "0-3", "3-4", "4-0", "0-5", "5-6", "6-0"]
    lines = [example, *_blocked_lines()[:10]]
    assert len(lines) > 5
    for line in lines:
        used = {dl.Tile.parse(t) for t in line}
        rest = [t for t in dl.tile_set(6) if t not in used]
        r = dl.Round.from_position("standard", hands=[rest[2::2], rest[3::2]], boneyard=rest[:2], line=line)
        assert r.is_blocked and reachable.check(r).ok, (line, reachable.check(r))


def test_a_blocked_double_six_line_has_at_least_ten_tiles():
    """Lesson 2's activity says ten is the fewest: the lesson's example has ten, and no
    blocked line in real hands is shorter."""
    assert min(len(line) for line in _blocked_lines()) >= 10


def test_lesson4_activity_quotes_the_recorded_studies_sizes():
    from dominolab.exercises import strategy
    text = " ".join(" ".join(source(c).split()) for c in cells("04-strategy.ipynb", "markdown"))
    studies = strategy.studies()
    assert f"null control's study has {studies['null'].hands:,} hands" in text
    assert f"the ablation's {studies['without-suit_control'].hands:,}" in text


def test_lesson5_reads_its_printed_events_and_voids_as_the_engine_gives_them():
    """Lesson 5 explains the raw output of section 4 in words: the words name these figures."""
    from dominolab.exercises import counting
    from dominolab.inference import known_voids
    view = counting.draw_position().view(0)
    assert known_voids(view) == {1: {}, 2: {0: 5, 5: 5}}
    draw, play = view.history[5], view.history[6]
    assert (draw.seat, draw.action, draw.tile, draw.ends) == (2, "draw", None, (0, 5))
    assert (play.seat, str(play.tile), play.end) == (2, "1-0", "left")
    assert not counting.draw_position().rules.draw_when_able


@pytest.mark.parametrize("path", EVERY_NOTEBOOK)
def test_links_work_wherever_the_notebooks_are_served(path):
    """JupyterLab started in notebooks/ (README command 1), JupyterLite and nbviewer serve the
    notebooks without the rest of the repository: a link may stay inside notebooks/ or go to
    a web page, never up out of it (../docs/... gave 404 there).  A Spanish notebook's links
    are relative to notebooks/es/ and stay there."""
    folder = (NOTEBOOKS / path).parent
    for cell in cells(path, "markdown"):
        for target in re.findall(r"\]\(([^)\s]+)\)", source(cell)):
            assert not target.startswith(("../", "/")), f"{path}: {target}"
            if "://" in target or target.startswith("#"):
                continue
            assert (folder / target.split("#")[0]).exists(), f"{path}: {target}"
    for target in re.findall(r"https://github\.com/dominolab/dominolab/(?:blob|tree)/main/([^)\s#]+)",
                             "".join(source(c) for c in cells(path, "markdown"))):
        assert (ROOT / target).exists(), f"{path}: {target} is not in the repository"


# --- the Spanish lessons (notebooks/es/) --------------------------------------------------------
def spanish_exercises(name):
    """The exercises a Spanish notebook asks: {number: the paragraph that asks it}."""
    text = "\n\n".join(source(c) for c in cells(name, "markdown"))
    return {int(n): f"**Ejercicio {n}.**{rest}"
            for n, rest in re.findall(r"^\*\*Ejercicio (\d+)\.\*\*([^\n]*)", text, re.MULTILINE)}


def test_every_notebook_has_its_spanish_twin_and_no_spanish_notebook_is_left_out():
    spanish = {p for p in EVERY_NOTEBOOK if p.startswith("es/")}
    assert spanish == set(SPANISH.values()) - {ES_KEY}
    english = {p for p in EVERY_NOTEBOOK if "/" not in p}
    assert set(SPANISH) - {KEY} == english - {"quickstart.ipynb"}  # the programmers' tour stays English


def test_the_answer_keys_are_kept_apart_from_what_students_are_given():
    """notebooks/ is what students get (a clone's lessons, Binder, the in-browser site): no
    key there, and no lesson a student opens links to one."""
    assert (NOTEBOOKS / KEY).is_file() and (NOTEBOOKS / ES_KEY).is_file()
    for name in EVERY_NOTEBOOK:
        text = (NOTEBOOKS / name).read_text(encoding="utf-8")
        assert ("answer-key" not in text and "clave-de-respuestas" not in text) or name in (
            "00-start-here.ipynb", "es/00-empieza-aqui.ipynb"), name  # lesson 0's notes for teachers
    for name in (KEY, ES_KEY):  # the key's links lead back to the lessons
        for link in re.findall(r"\]\(([^)#]+\.ipynb)\)", "\n".join(source(c) for c in cells(name, "markdown"))):
            assert ((NOTEBOOKS / name).parent / link).resolve().is_file(), (name, link)


@pytest.mark.parametrize("name", SPANISH_LESSONS)
def test_each_spanish_lesson_asks_every_exercise_of_its_english_twin(name):
    """Same exercises and checks: each of the module's exercises asked once, in order, and
    checked with its own ``check()``; the same lesson module imported as ``ex``."""
    module_name = SPANISH_LESSONS[name]
    numbers = [q.number for q in exercises(module_name)]
    assert list(spanish_exercises(name)) == numbers, f"{name} lacks an exercise its English twin has"
    code = "\n".join(source(c) for c in cells(name, "code"))
    assert f"from dominolab.exercises import {module_name} as ex" in code
    assert sorted({int(n) for n in re.findall(r"ex\.q(\d+)\.check\(", code)}) == numbers
    for number in numbers:  # the help cells, as in English
        assert f"# ex.q{number}.hint()" in code and f"# ex.q{number}.solution()" in code


@pytest.mark.parametrize("name", SPANISH_LESSONS)
def test_each_spanish_lesson_has_the_numbered_sections_of_its_english_twin(name):
    """A section added to an English lesson (lesson 7's analysis board, say) is missed in
    Spanish until it is written there too."""
    english = next(en for en, es in SPANISH.items() if es == name)

    def sections(notebook):
        text = "\n".join(source(c) for c in cells(notebook, "markdown"))
        return [int(n) for n in re.findall(r"^## (\d+)\. ", text, re.MULTILINE)]

    assert sections(name) == sections(english)


@pytest.mark.parametrize("name", SPANISH_LESSONS)
def test_each_spanish_lesson_calls_what_its_english_twin_calls(name):
    """Every engine function and exercise helper the English lesson's code uses (``dl.X``,
    ``ex.X``, methods such as ``.evaluate``) is used by the Spanish lesson's code too."""
    english = next(en for en, es in SPANISH.items() if es == name)

    def used(notebook):
        names = set()
        for cell in cells(notebook, "code"):
            for node in ast.walk(ast.parse(source(cell))):
                if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
                    names.add(node.attr)
        return names

    builtin = {n for kind in (str, list, dict, set) for n in dir(kind)}  # how a text is printed may differ
    missing = used(english) - used(name) - builtin
    assert not missing, f"{name} never uses {sorted(missing)}, which {english} does"


def test_the_spanish_answer_key_answers_every_exercise_as_its_lesson_asks_it():
    key = spanish_exercises(ES_KEY)
    text = "\n".join(source(c) for c in cells(ES_KEY))
    asked = 0
    for name, module_name in SPANISH_LESSONS.items():
        for number, paragraph in spanish_exercises(name).items():
            assert paragraph in text, (name, number)  # the key quotes the lesson's own words
            assert f'lessons["{module_name}"].q{number}.solution()' in text, (module_name, number)
            asked += 1
    assert asked == sum(len(exercises(m)) for m in LESSONS.values())
    assert len(key) >= 7
    english = "\n".join(source(c) for c in cells(KEY, "code"))
    spanish = "\n".join(source(c) for c in cells(ES_KEY, "code"))
    assert ("puzzle.explain()" in english) == ("puzzle.explain()" in spanish)


def test_every_spanish_notebook_speaks_spanish_from_its_first_code_cell():
    """The README says each one starts with ``dl.set_language("es")``."""
    for name in SPANISH.values():
        first = source(cells(name, "code")[0])
        assert 'dl.set_language("es")' in first, name


@pytest.mark.parametrize("name", [*SPANISH_LESSONS, "es/00-empieza-aqui.ipynb"])
def test_each_spanish_lesson_has_objectives_a_recap_an_activity_and_a_way_on(name):
    text = "\n".join(source(c) for c in cells(name, "markdown"))
    if name != "es/00-empieza-aqui.ipynb":
        assert "**Al terminar esta lección sabrás**" in text
        assert "## Repaso" in text
        assert "## Actividad en clase" in text
        assert "## Ejercicios" in text
    links = re.findall(r"\*\*Siguiente:\*\*.*?\]\(([^)]+)\)", text)
    assert links, "a link to what comes next"
    for link in re.findall(r"\]\(([^)#]+\.ipynb)\)", text):
        if "://" not in link:  # the project's pages on GitHub (lesson 0's teacher notes) are not here
            assert (NOTEBOOKS / "es" / link).exists(), link


def _time(name):
    first = source(cells(name)[0])
    found = re.search(r"\*\*(?:Time|Tiempo):\*\* (?:about|unos) (\d+) minut", first)
    return found and int(found[1])


@pytest.mark.parametrize("name", SPANISH_LESSONS)
def test_each_spanish_lesson_states_the_time_of_its_english_twin(name):
    english = next(en for en, es in SPANISH.items() if es == name)
    assert _time(english) and _time(name) == _time(english)


def test_the_spanish_lessons_exercises_hand_is_never_shown_before_the_exercises():
    text = "\n".join(source(c) for c in cells("es/07-aprende-de-tus-partidas.ipynb"))
    before = text.split("## Ejercicios")[0]
    assert "exercise_hand" not in before and "exercise_review" not in before
    assert "mis fichas: 4-2 0-0 5-4 3-0 5-0 6-0 4-4" in before  # section 6's own hand
    assert "6-4 1-1 4-1 6-2 0-0 2-0 4-4" not in before  # exercise 7's


def test_the_spanish_lessons_hand_is_written_in_the_words_the_board_writes_in_spanish():
    """Section 6's text is what ``board.to_text()`` writes at a Spanish table (the same words),
    and the English lesson's text is the same hand."""
    (spanish,) = [source(c) for c in cells("es/07-aprende-de-tus-partidas.ipynb", "code")
                  if source(c).startswith('text = """') and "mis fichas: 4-2" in source(c)]
    (english,) = [source(c) for c in cells("07-learn-from-your-games.ipynb", "code")
                  if source(c).startswith('text = """') and "my tiles: 4-2" in source(c)]
    spanish_text, english_text = (code.split('"""')[1].lstrip("\n") for code in (spanish, english))
    english_text = english_text.replace("Sam", "Sara")  # the Spanish lesson's rival has her own name
    with dl.language("es"):
        assert dl.AnalysisBoard.from_text(spanish_text).to_text() == spanish_text
        assert dl.AnalysisBoard.from_text(english_text).to_text() == spanish_text
    assert dl.AnalysisBoard.from_text(spanish_text).to_text() == english_text


def test_the_readme_has_a_spanish_section_that_lists_every_spanish_notebook_and_opens_them():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## En español", 1)[1].split("\n## ", 1)[0]
    for name in SPANISH.values():
        assert f"({_from_root(name)})" in section, name
    # Its own first command: the extra it installs exists and the notebook it opens is there.
    (command,) = re.findall(r"^python3 -m venv .*$", section, re.MULTILINE)
    extra, target = re.fullmatch(r'.*pip install -e "\.\[(\w+)\]" && jupyter lab (\S+)', command).groups()
    import tomllib

    assert extra in tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert target == "notebooks/es/00-empieza-aqui.ipynb" and (ROOT / target).exists()
    # Binder and JupyterLite open the Spanish start, as they open the English one.
    for url in re.findall(r"\((https://[^)]*(?:urlpath=lab/tree/|path=)(notebooks/[^)]+))\)", section):
        assert (ROOT / url[1]).exists(), url[0]
    assert "mybinder.org" in section and "lab/index.html?path=notebooks/es/00-empieza-aqui.ipynb" in section


@pytest.mark.slow  # runs every Spanish lesson's code cells
def test_every_position_a_spanish_lesson_shows_can_arise_in_a_real_hand():
    """The Spanish lessons' code, run as the English lessons' is above (their
    ``dl.set_language("es")`` is undone after, so it reaches no other test)."""
    plt = _mpl()
    mp = pytest.MonkeyPatch()
    recorder = Recorder()

    def run_all():
        with recorder.watching(mp), contextlib.redirect_stdout(io.StringIO()), \
                contextlib.redirect_stderr(io.StringIO()), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            mp.setattr(plt, "show", lambda *a, **k: plt.close("all"))
            mp.chdir(NOTEBOOKS / "es")
            for name in SPANISH_LESSONS:
                run_cells(name, {"__name__": "__lesson__"})

    before = dl.i18n.get_language()
    try:
        run_all()
    finally:
        mp.undo()
        dl.set_language(before)
    assert len(recorder.positions) > 30
    # Lesson 7's analysis boards: the hand typed in (a review's board may come from a cache
    # that the English lessons, run first, filled).
    assert recorder.boards >= 1 and any("es/07" in where and "analysis board" in where
                                        for where, _, _ in recorder.positions)
    bad = [f"{where}: {verdict}" for where, _, verdict in recorder.positions if not verdict]
    assert not bad, "\n".join(bad)
    bad = [f"{where}: {rules.name} {pips}" for where, rules, pips, went_out in recorder.totals
           if (rules.name, pips) not in SOURCE_EXAMPLES and not reachable.end_of_hand(rules, list(pips), went_out)]
    assert not bad, "\n".join(bad)
    allowed = {"players", "opponents", "seed", "hints", "open_hands", "language"}
    for args, kwargs in recorder.tables:
        assert len(args) <= 1 and set(kwargs) <= allowed, (args, kwargs)
        assert kwargs.get("language", "es") == "es", kwargs


def test_the_spanish_tables_open_in_spanish():
    """Every table a Spanish notebook opens passes ``language="es"`` once the table takes it."""
    import inspect

    from dominolab.widget import DominoTable

    if "language" not in inspect.signature(DominoTable).parameters:
        pytest.skip("DominoTable has no language= yet: the Spanish notebooks rely on dl.set_language('es')")
    for name in SPANISH.values():
        for cell in cells(name, "code"):
            for node in ast.walk(ast.parse(source(cell))):
                if isinstance(node, ast.Call) and ast.unparse(node.func) in ("DominoTable", "DominoTable.puzzle"):
                    words = {k.arg: ast.unparse(k.value) for k in node.keywords}
                    assert words.get("language") == "'es'", f"{name}: {ast.unparse(node)}"


def test_the_spanish_start_lists_each_lesson_with_its_english_twins_time():
    """00-empieza-aqui's table says the time each Spanish lesson's header says, which is
    its English twin's (lesson 1's header is checked, and marked, above)."""
    table = "\n".join(source(c) for c in cells("es/00-empieza-aqui.ipynb", "markdown"))
    for name, spanish in SPANISH.items():
        if name not in LESSONS or spanish == "es/01-las-reglas.ipynb":
            continue
        row = re.search(rf"\]\({re.escape(spanish[3:])}\)[^\n]*\| (\d+) min", table)
        assert row and int(row[1]) == _time(name), spanish
