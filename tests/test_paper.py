"""The teacher's printed kit (tools/rules_sheets.py, tools/handouts.py): current, in a
student's words, and true to the engine and the lessons.  The page counts are printed in
Chromium by tests/browser/test_paper.py."""

from __future__ import annotations

import html
import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

import dominolab as dl
from dominolab.exercises import Exercise

ROOT = Path(__file__).resolve().parents[1]
TEACHERS = ROOT / "docs" / "teachers"


def _tool(name: str):
    spec = importlib.util.spec_from_file_location(f"_tool_{name}", ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[f"_tool_{name}"] = module
    spec.loader.exec_module(module)
    return module


sheets = _tool("rules_sheets")
handouts = _tool("handouts")


def _text(path: Path) -> str:
    """What a reader sees on an HTML page (its words, without tags or styles)."""
    raw = path.read_text(encoding="utf-8")
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<style>.*?</style>|<[^>]+>", "", raw, flags=re.S)))


def test_the_handouts_are_up_to_date() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "handouts.py"), "--check"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("text, said", [
    ("Tiles (R1): a double-six set.", "Tiles: a double-six set."),
    ("Drawing (R7, R8): until they can.", "Drawing: until they can."),
    ('the main rules of "Draw Dominoes" (source 000), with two left.', 'the main rules of "Draw Dominoes", with two left.'),
    ('Starting with it ("Draw Dominoes", source 000) needs drawing.', 'Starting with it ("Draw Dominoes") needs drawing.'),
    ("Nobody wins (the other custom, the blocker wins, is blocked_tie='blocker').", "Nobody wins."),
    ("Low or high is not said. Starting with the 6-6 is first_leader='top-double'.", "Low or high is not said."),
    ("The engine takes the first; the other is team_winner='went-out' with scoring='others'.",
     "The engine takes the first."),
    ("In partnership play (partnerships=True) the team wins.", "In partnership play the team wins."),
    ("las reglas de \"Draw Dominoes\" (fuente 000), con dos.", "las reglas de \"Draw Dominoes\", con dos."),
])
def test_plain_words_leave_out_the_engines_codes(text: str, said: str) -> None:
    assert sheets.plain(text) == said


CODES = re.compile(r"\bR\d+\b|\b(?:source|fuente) \d{3}\b|\w+=(?:'|True|False)|\bpreset '")


@pytest.mark.parametrize("folder", ["rules", "es/reglas"])
def test_every_rules_sheet_says_each_rule_without_codes(folder: str) -> None:
    for name in dl.Rules.presets():
        for path in (TEACHERS / folder / f"{name}.html", TEACHERS / folder / f"{name}.md"):
            text = _text(path) if path.suffix == ".html" else re.sub(r"`[^`]*`", " ", path.read_text("utf-8"))
            assert not CODES.search(text), (path.name, CODES.search(text))
    # Each setting of describe() is on the sheet, under the rule book's rules; each choice
    # in the box of Domino Lab's own choices.
    with dl.language("en"):
        rules = dl.Rules.preset("family")
        page = _text(TEACHERS / "rules" / "family.html")
        settings = [line[2:] for line in rules.describe().split("\n\n")[1].splitlines()]
        assert len(settings) == 15
        for sentence in settings:
            assert sheets.plain(sentence).partition(": ")[2] in page
        rules_part, choices_part = page.split("what Domino Lab chose")
        for choice in rules.choices():
            assert sheets.plain(choice) in choices_part and sheets.plain(choice) not in rules_part


def _exercises(module_name: str) -> list[Exercise]:
    module = importlib.import_module(f"dominolab.exercises.{module_name}")
    return sorted((e for e in vars(module).values() if isinstance(e, Exercise)), key=lambda e: e.number)


@pytest.mark.parametrize("lesson", range(9))
def test_each_handout_holds_its_lessons_exercises_and_recap(lesson: int) -> None:
    english = _text(TEACHERS / "handouts" / f"lesson-{lesson}.html")
    spanish = _text(TEACHERS / "es" / "fichas" / f"leccion-{lesson}.html")
    module = handouts.LESSONS[lesson][2]
    found = _exercises(module) if module else []
    assert bool(found) == (lesson > 0)
    for exercise in found:
        words = _text_of(handouts.inline(exercise.question))
        assert f"Exercise {exercise.number}. {words}" in english
        assert f"Ejercicio {exercise.number}." in spanish
    assert english.count("Answer:") == sum(not isinstance(e.answer_kind, dl.exercises.Code) for e in found)
    assert english.count("Exercise ") == len(found)
    assert "Key ideas" in english and "Ideas clave" in spanish
    # The Spanish page's own words are Spanish (the lesson's words are the lesson's: a menu
    # or a label the engine names in English stays so there).
    assert spanish.count("Respuesta:") == english.count("Answer:")
    for words in ("Key ideas", "Exercise", "Answer", "Name:", "lesson"):
        assert words not in spanish


def _text_of(fragment: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", fragment)))


def test_a_spanish_handout_that_lost_an_exercise_is_refused(monkeypatch) -> None:
    cells = handouts._cells("es/01-las-reglas.ipynb")
    monkeypatch.setattr(handouts, "_cells", lambda name: [c for c in cells if not c.startswith("**Ejercicio 3.")])
    with pytest.raises(SystemExit, match=r"lesson 1 \(es\).*\[1, 2, 4, 5, 6\].*\[1, 2, 3, 4, 5, 6\]"):
        handouts.exercises(1, "es")


def test_a_slip_carries_the_code_and_refuses_a_wrong_one(tmp_path: Path) -> None:
    code = dl.Tournament.create("standard", hands=4, opponents="greedy", seed=11).code
    out = tmp_path / "slips.html"
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "handouts.py"), "--slip", code, "--out", str(out)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    page = out.read_text(encoding="utf-8")
    assert page.count(f'<div class="code">{code}</div>') == 6
    assert page.count(f'DominoTable.tournament(&quot;{code}&quot;, name=&quot;Your name&quot;)') == 6
    wrong = subprocess.run([sys.executable, str(ROOT / "tools" / "handouts.py"), "--slip", "standard-oops"],
                           capture_output=True, text=True)
    assert wrong.returncode == 2 and "not a tournament code" in wrong.stderr
