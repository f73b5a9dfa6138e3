"""The teacher's class setting for solutions (dominolab.exercises.settings): on by default for
a learner alone; off for a class by a file, an environment variable or the kernel's own
setting; released per exercise or lesson; a file that cannot be read keeps them hidden."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import dominolab as dl
from dominolab.exercises import coach, rules, scoring, settings
from dominolab.exercises.settings import ClassSettings, SettingsError


@pytest.fixture(autouse=True)
def no_class_settings(monkeypatch, tmp_path):
    """No setting from the machine running the tests: no variables, no default files."""
    monkeypatch.delenv(settings.FILE_VARIABLE, raising=False)
    monkeypatch.delenv(settings.SOLUTIONS_VARIABLE, raising=False)
    monkeypatch.setattr(settings, "DEFAULT_FILES", (tmp_path / "home" / "class.json", tmp_path / "etc" / "class.json"))
    settings.reset()
    yield
    settings.reset()


def said(exercise, capsys, monkeypatch) -> str:
    monkeypatch.setattr("dominolab.exercises.core.show", print)
    exercise.solution()
    return capsys.readouterr().out


def test_a_learner_alone_sees_every_solution(capsys, monkeypatch):
    assert settings.current() == ClassSettings()
    out = said(scoring.q1, capsys, monkeypatch)
    assert out.startswith("Solution: 57. ") and scoring.q1.solution_code in out


def test_a_class_file_turns_solutions_off_with_a_kind_word(tmp_path, capsys, monkeypatch):
    path = settings.write(tmp_path / "class.json", ClassSettings(solutions=False))
    monkeypatch.setenv(settings.FILE_VARIABLE, str(path))
    out = said(scoring.q1, capsys, monkeypatch)
    assert out == ("Solution: your teacher is keeping the solutions for later, so `ex.q1.solution()` shows "
                   "nothing for now. `ex.q1.hint()` still gives you a nudge, and `ex.q1.check(...)` with your answer "
                   "tells you whether you are right.\n")
    assert "57" not in out and scoring.q1.solution_code not in out
    # hints and checks work as before
    assert scoring.q1.evaluate(scoring.q1.expected()).correct
    with dl.language("es"):
        out = said(scoring.q1, capsys, monkeypatch)
    assert "tu docente guarda las soluciones" in out and "ex.q1.check(...)` con tu respuesta" in out


def test_the_default_files_are_read_in_order(capsys, monkeypatch):
    home, school = settings.DEFAULT_FILES
    assert settings.settings_file() is None
    settings.write(school, ClassSettings(solutions=False))
    assert settings.settings_file() == school and not settings.current().solutions
    settings.write(home, ClassSettings(solutions=True))
    assert settings.settings_file() == home and settings.current().solutions


def test_released_exercises_and_lessons_show_while_the_rest_stay_hidden(tmp_path, capsys, monkeypatch):
    path = settings.write(tmp_path / "class.json", ClassSettings(False, frozenset({"scoring.q2", "coach"})))
    assert settings.read(path) == ClassSettings(False, frozenset({"scoring.q2", "coach"}))
    monkeypatch.setenv(settings.FILE_VARIABLE, str(path))
    assert settings.exercise_id(scoring.q2) == "scoring.q2" and settings.exercise_id(coach.q3) == "coach.q3"
    assert "teacher is keeping" in said(scoring.q1, capsys, monkeypatch)
    assert said(scoring.q2, capsys, monkeypatch).startswith("Solution: ")
    assert "teacher is keeping" not in said(coach.q2, capsys, monkeypatch)
    assert "teacher is keeping" in said(rules.q2, capsys, monkeypatch)


def test_the_environment_variable_overrides_the_files_switch_and_keeps_its_releases(tmp_path, monkeypatch):
    path = settings.write(tmp_path / "class.json", ClassSettings(True, frozenset({"rules.q1"})))
    monkeypatch.setenv(settings.FILE_VARIABLE, str(path))
    monkeypatch.setenv(settings.SOLUTIONS_VARIABLE, "OFF")
    assert settings.current() == ClassSettings(False, frozenset({"rules.q1"}))
    assert settings.shown(rules.q1) is None and settings.shown(rules.q2) is not None
    monkeypatch.setenv(settings.SOLUTIONS_VARIABLE, "on")
    assert settings.shown(rules.q2) is None


def test_the_kernels_own_setting_wins_and_releases_one_at_a_time(monkeypatch):
    """The seam a hub's client uses: configure() in the student's kernel."""
    monkeypatch.setenv(settings.SOLUTIONS_VARIABLE, "on")
    settings.configure(solutions=False)
    assert settings.shown(rules.q3) is not None
    settings.configure(released=["rules.q3"])
    assert settings.shown(rules.q3) is None and settings.shown(rules.q4) is not None
    assert settings.current() == ClassSettings(False, frozenset({"rules.q3"}))
    settings.reset()
    assert settings.shown(rules.q4) is None


@pytest.mark.parametrize("content, problem", [
    ("{", "Expecting property name"),
    ('["off"]', "expected a JSON object"),
    ('{"solutions": "no"}', "solutions is 'on' or 'off', got 'no'"),
    ('{"solutions": "off", "hints": "off"}', "unknown setting(s): hints"),
    ('{"solutions": "off", "released": "rules.q1"}', "released is a list"),
    ('{"solutions": "off", "released": ["Lesson 1"]}', "cannot read Lesson 1"),
])
def test_a_file_that_cannot_be_read_says_why_and_keeps_solutions_hidden(content, problem, tmp_path, capsys,
                                                                        monkeypatch):
    path = tmp_path / "class.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(SettingsError) as raised:
        settings.read(path)
    assert problem in str(raised.value) and str(path) in str(raised.value)
    monkeypatch.setenv(settings.FILE_VARIABLE, str(path))
    out = said(scoring.q1, capsys, monkeypatch)
    assert out.startswith("Solution: the class settings cannot be read (") and problem in out
    assert "57" not in out


def test_a_wrong_environment_value_keeps_solutions_hidden(capsys, monkeypatch):
    monkeypatch.setenv(settings.SOLUTIONS_VARIABLE, "maybe")
    assert "DOMINOLAB_SOLUTIONS is 'on' or 'off', got 'maybe'" in said(scoring.q1, capsys, monkeypatch)


def test_the_command_line_writes_what_the_kernel_reads(tmp_path):
    path = tmp_path / "teacher" / "class.json"
    command = [sys.executable, "-m", "dominolab.exercises.settings"]
    for args in (["off"], ["release", "rules.q1", "drawing"]):
        done = subprocess.run([*command, *args, "--file", str(path)], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
    assert json.loads(path.read_text()) == {"solutions": "off", "released": ["drawing", "rules.q1"]}
    assert settings.read(path) == ClassSettings(False, frozenset({"drawing", "rules.q1"}))
    wrong = subprocess.run([*command, "release", "Lesson 2", "--file", str(path)], capture_output=True, text=True)
    assert wrong.returncode == 2 and "cannot read Lesson 2" in wrong.stderr
    assert settings.read(path) == ClassSettings(False, frozenset({"drawing", "rules.q1"}))  # unchanged
    done = subprocess.run([*command, "on", "--file", str(path)], capture_output=True, text=True)
    assert settings.read(path).solutions and "wrote" in done.stdout


def test_an_exercise_outside_the_lessons_modules_has_no_id_and_follows_the_switch():
    loose = dl.exercises.Exercise(1, "?", answer=dl.exercises.Integer(), expected=lambda: 1, hint="", solution="")
    assert settings.exercise_id(loose) is None
    settings.configure(solutions=False, released=["scoring"])
    assert settings.shown(loose) is not None


@pytest.mark.parametrize("key", ["answer-key.ipynb", "es/clave-de-respuestas.ipynb"])
def test_the_answer_key_shows_solutions_in_a_class_that_keeps_them(key, monkeypatch, capsys):
    """The teacher's key turns solutions on for its own kernel: run its first code cell and a
    solution cell with the class setting off, as in a classroom set-up."""
    path = Path(__file__).resolve().parents[1] / "docs" / "teachers" / key
    if not path.is_file():
        pytest.skip("the answer keys are not next to the tests (e.g. under Pyodide)")
    monkeypatch.setenv(settings.SOLUTIONS_VARIABLE, "off")
    monkeypatch.setattr("dominolab.exercises.core.show", print)
    code = ["".join(c["source"]) for c in json.loads(path.read_text(encoding="utf-8"))["cells"]
            if c["cell_type"] == "code"]
    namespace: dict = {}
    with dl.language("en"):
        try:
            exec(code[0], namespace)  # the key's set-up
            exec(code[1], namespace)  # lessons["rules"].q1.solution()
        finally:
            settings.reset()
            dl.set_language("en")
    out = capsys.readouterr().out
    assert "teacher is keeping" not in out and "guarda las soluciones" not in out
    assert out.startswith(("Solution: 66. ", "Solución: 66. ")), out


def test_the_key_command_copies_the_teachers_key_out(tmp_path):
    command = [sys.executable, "-m", "dominolab.exercises.settings", "key"]
    done = subprocess.run([*command, str(tmp_path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    copied = tmp_path / "answer-key.ipynb"
    assert copied.read_bytes() == settings.answer_key().read_bytes()
    cells = json.loads(copied.read_text(encoding="utf-8"))["cells"]
    assert 'lessons["coach"].q7.solution()' in ["".join(c["source"]) for c in cells]
    done = subprocess.run([*command, str(tmp_path / "clave.ipynb"), "--language", "es"], capture_output=True, text=True)
    assert done.returncode == 0 and "Clave de respuestas" in (tmp_path / "clave.ipynb").read_text(encoding="utf-8")
    wrong = subprocess.run([*command, str(tmp_path), "--language", "fr"], capture_output=True, text=True)
    assert wrong.returncode == 2 and "invalid choice: 'fr'" in wrong.stderr
    with pytest.raises(SettingsError, match="not 'fr'"):
        settings.answer_key("fr")


def test_a_python_without_a_home_folder_has_the_defaults(monkeypatch):
    """In a browser's Python there may be no home folder to look in: solutions stay on."""
    def no_home(self):
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.setattr(settings, "DEFAULT_FILES", (settings.Path("~/.dominolab/class.json"),))
    monkeypatch.setattr(settings.Path, "expanduser", no_home)
    assert settings.settings_file() is None and settings.shown(rules.q1) is None
