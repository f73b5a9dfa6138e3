"""The language switch and the Spanish catalog.

The catalog is checked the way a translator's tools would (every text of the source in it,
translated, not fuzzy, with the same named placeholders, the shipped ``.mo`` the one compiled
from the ``.po``), and the Spanish texts are checked over many hands and every preset for
English left in them.  English itself is checked elsewhere, byte for byte
(``tests/describe.golden.txt`` and every test that matches a message).
"""

from __future__ import annotations

import ast
import dataclasses
import gettext
import random
import re
import string
import threading
from pathlib import Path

import pytest

import dominolab as dl
from dominolab.moves import AmbiguousMoveError, IllegalMoveError, InvalidMoveError, read_move_text
from dominolab.rules import _CHOICES, Rules

from .english import english_words as _english_words

babel = pytest.importorskip("babel")
from babel.messages.extract import extract_from_dir  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
GOLDEN_ES = Path(__file__).with_name("describe.golden.es.txt")
PACKAGE = ROOT / "src" / "dominolab"
PO = PACKAGE / "locale" / "es" / "LC_MESSAGES" / "dominolab.po"
MO = PO.with_suffix(".mo")


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield
    dl.set_language("en")


# ---------------------------------------------------------------------- the switch
def test_english_is_the_default_and_spanish_switches_the_kernel() -> None:
    assert dl.get_language() == "en"
    english = Rules.preset("standard").describe()
    dl.set_language("es")
    assert dl.get_language() == "es"
    spanish = Rules.preset("standard").describe()
    assert spanish.startswith("Dominó de robar estándar") and spanish != english
    dl.set_language("en")
    assert Rules.preset("standard").describe() == english


def test_an_unknown_language_is_refused_naming_the_languages_there_are() -> None:
    dl.set_language("es")
    for bad in ("fr", "", None, 3, "english"):
        with pytest.raises(dl.UnknownLanguageError) as info:
            dl.set_language(bad)  # type: ignore[arg-type]
        assert isinstance(info.value, ValueError)
        assert "'en' (English)" in str(info.value) and "'es' (Español)" in str(info.value)
        assert dl.get_language() == "es"  # unchanged
    with pytest.raises(dl.UnknownLanguageError), dl.language("fr"):
        pass


def test_a_block_speaks_its_own_language_and_gives_it_back() -> None:
    with dl.language("es") as code:
        assert code == "es" and dl.get_language() == "es"
        with dl.language("en"):
            assert Rules.preset("basic").title == "Basic Draw Dominoes"
        assert Rules.preset("basic").title == "Dominó de robar básico"
        with dl.language(None):  # keeps the current language
            assert dl.get_language() == "es"
    assert dl.get_language() == "en"
    with pytest.raises(KeyError), dl.language("es"):
        raise KeyError("left early")
    assert dl.get_language() == "en"


def test_a_block_does_not_leak_into_another_thread() -> None:
    seen: list[str] = []
    inside = threading.Event()
    done = threading.Event()

    def other() -> None:
        inside.wait(5)
        seen.append(dl.get_language())
        seen.append(Rules.preset("block").title)
        done.set()

    thread = threading.Thread(target=other)
    thread.start()
    with dl.language("es"):
        inside.set()
        done.wait(5)
        assert dl.get_language() == "es"
    thread.join(5)
    assert seen == ["en", "Block game"]


def test_a_result_explains_itself_in_the_language_it_is_read_in() -> None:
    result = dl.score(Rules.preset("standard"), pips=[0, 14, 9], went_out=0)
    english = result.explain()
    with dl.language("es"):
        spanish = result.explain()
        assert spanish.splitlines()[0] == "El asiento 0 jugó su última ficha y dominó la mano."
        assert result.explain(["Tú", "Ana", "Luis"]).splitlines()[0] == "Tú jugaste tu última ficha y dominaste la mano."
    assert result.explain() == english
    assert english.splitlines()[0] == "Seat 0 played the last tile of the hand (domino)."


def test_the_switch_uses_only_the_standard_library() -> None:
    """Pyodide runs the engine: i18n may import nothing outside the standard library."""
    tree = ast.parse((PACKAGE / "i18n.py").read_text(encoding="utf-8"))
    imported = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
                for alias in node.names}
    imported |= {node.module.split(".")[0] for node in ast.walk(tree)
                 if isinstance(node, ast.ImportFrom) and node.module and not node.level}
    assert imported <= {"__future__", "gettext", "collections", "contextlib", "contextvars", "pathlib", "typing"}


def test_the_rule_sheets_in_spanish_word_for_word() -> None:
    """The Spanish rule sheets, every preset and every variant of tests/describe.golden.txt, read
    and reviewed in tests/describe.golden.es.txt.  After changing a translation on purpose,
    rewrite it with ``DOMINOLAB_GOLDEN=update pytest tests/test_i18n.py -k word_for_word``."""
    import os

    from tests.test_rules import golden_text

    with dl.language("es"):
        text = golden_text()
    if os.environ.get("DOMINOLAB_GOLDEN") == "update":
        GOLDEN_ES.write_text(text, encoding="utf-8")
    assert text == GOLDEN_ES.read_text(encoding="utf-8")


# ---------------------------------------------------------------------- the catalog
def _catalog():  # type: ignore[no-untyped-def]
    with PO.open("rb") as fh:
        return read_po(fh, locale="es")


def _placeholders(text: str) -> set[str]:
    names = {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    return names | set(re.findall(r"%\((\w+)\)[sd]", text))


def _key(message) -> tuple[str | None, str]:  # type: ignore[no-untyped-def]
    msgid = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
    return (message.context, msgid)


def test_every_text_of_the_source_is_in_the_catalog_and_nothing_else() -> None:
    keywords = {"_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3),
                "N_": None, "NP_": ((1, "c"), 2), "Deferred": (1,)}
    found = set()
    for _, _, message, _, context in extract_from_dir(
            str(PACKAGE), method_map=[("**.py", "python")], keywords=keywords):
        found.add((context, message[0] if isinstance(message, (list, tuple)) else message))
    in_catalog = {_key(m) for m in _catalog() if m.id}
    assert found - in_catalog == set(), "run: python tools/babel_runner.py all, then translate"
    assert in_catalog - found == set(), "run: python tools/babel_runner.py update (obsolete texts)"


def test_every_message_is_translated_not_fuzzy_with_the_same_placeholders() -> None:
    catalog = _catalog()
    assert not catalog.fuzzy
    assert catalog.num_plurals == 2
    problems = []
    for message in catalog:
        if not message.id:
            continue
        if message.fuzzy:
            problems.append(("fuzzy", message.id))
        if isinstance(message.id, (list, tuple)):
            plural = message.id[1]
            forms = list(message.string)
            if not all(forms):
                problems.append(("untranslated", message.id))
                continue
            # The singular may say "one" in words ("una ficha"), as its English does.
            if _placeholders(forms[-1]) != _placeholders(plural):
                problems.append(("placeholders", message.id))
            if not all(_placeholders(form) <= _placeholders(plural) for form in forms):
                problems.append(("placeholders", message.id))
        else:
            if not message.string:
                problems.append(("untranslated", message.id))
            elif _placeholders(message.string) != _placeholders(message.id):
                problems.append(("placeholders", message.id))
    assert problems == []


def test_code_in_a_translation_is_the_code_of_its_english() -> None:
    """Code between backticks runs in the lessons (tests/test_exercises.py runs the English):
    a translation keeps it letter for letter."""
    allowed = {"the answer is None, which is what `print(...)` gives back after it shows something. Write the "
               "value itself, as in `answer = 12`, not `answer = print(12)`.",  # the lessons' own variable name
               # The analysis board's text, which the board writes in Spanish at a Spanish table (and reads in
               # either language); tests/test_lesson7.py checks the Spanish quotes are what it writes.
               "Start the text with three lines: `rules: standard`, `seats: me, Sam` and `my tiles: ...`. Then write "
               "one line per turn, such as `Sam: 6-1 left` or `Sam: draws 1, 4-3 left`; your own draws name their "
               "tiles: `me: draws 3 (6-3, 5-3, 4-0), 4-0 left`. The board's first move in `evaluate()` is the best "
               "one."}
    problems = []
    for message in _catalog():
        if not message.id:
            continue
        ids = list(message.id) if isinstance(message.id, (list, tuple)) else [message.id]
        forms = list(message.string) if isinstance(message.string, (list, tuple)) else [message.string]
        if ids[0] in allowed:
            continue
        code = sorted(re.findall(r"`[^`]+`", ids[-1]))
        problems += [ids[0] for form in forms if sorted(re.findall(r"`[^`]+`", form)) != code]
    assert problems == []


def test_the_shipped_mo_is_the_po_compiled() -> None:
    """The package reads the .mo: it must say what the .po says (python tools/babel_runner.py compile)."""
    with MO.open("rb") as fh:
        shipped = gettext.GNUTranslations(fh)
    expected = {}
    for message in _catalog():
        if not message.id:
            continue
        prefix = f"{message.context}\x04" if message.context else ""
        if isinstance(message.id, (list, tuple)):
            for index, form in enumerate(message.string):
                expected[(prefix + message.id[0], index)] = form
        else:
            expected[prefix + message.id] = message.string
    catalog = {key: value for key, value in shipped._catalog.items() if key != ""}  # type: ignore[attr-defined]
    assert catalog == expected


def test_the_wheel_ships_the_catalogs() -> None:
    """Hatch packs every file under src/dominolab that git does not ignore: the .mo is not ignored."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'packages = ["src/dominolab"]' in text
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    assert not any(pattern in ("*.mo", "locale/", "*.po") for pattern in ignored)


# ---------------------------------------------------------------------- no English left
def _rules_variants() -> list[Rules]:
    rng = random.Random(36)
    out = []
    for name in Rules.presets():
        base = Rules.preset(name)
        out.append(base)
        for _ in range(25):
            changes: dict[str, object] = {key: rng.choice(_CHOICES[key]) for key in rng.sample(list(_CHOICES), 3)}
            if rng.random() < 0.4:
                changes["draw_limit"] = rng.choice([None, 0, 1, 2, 3, 5])
            if rng.random() < 0.3:
                changes["boneyard_floor"] = rng.choice([0, 1, 2, 3])
            if rng.random() < 0.2:
                changes["draw_cost"] = rng.choice([0, 1, 2])
            if rng.random() < 0.2:
                changes["redeal_doubles"] = rng.choice([None, 3])
                changes["redeal_suit"] = rng.choice([None, 5])
            if rng.random() < 0.2:
                changes["tile_values"] = {"0-0": 13}
            if rng.random() < 0.3:
                changes["partnerships"] = rng.random() < 0.5
            try:
                out.append(dataclasses.replace(base, **changes))
            except ValueError:
                pass
    return out


def _spanish_texts(rules: Rules, seed: int) -> list[str]:
    texts = [rules.describe(), rules.title, rules.source, *rules.choices()]
    for players in rules.player_counts:
        names = ["Tú", *(f"P{i}" for i in range(1, players))]
        game = dl.Round.deal(rules, players=players, seed=seed)
        steps = 0
        while not game.is_over and steps < 400:
            moves = game.legal_moves()
            for bad in (dl.Pass(), dl.Draw(), dl.Play(rules.tiles[steps % len(rules.tiles)], "right")):
                if bad not in moves:
                    try:
                        game.play(bad)
                    except IllegalMoveError as exc:
                        texts += [exc.reason, exc.explain(names), exc.explain([*names[1:], "Tú"])]
                    break
            game.play(moves[(seed + steps) % len(moves)])
            steps += 1
        if game.result is not None:
            texts += [game.result.explain(), game.result.explain(names)]
        texts += dl.narrate(game.history) + dl.narrate(game.history, names)
    return texts


def test_no_english_is_left_in_the_spanish_texts_over_many_hands_and_every_preset() -> None:
    variants = _rules_variants()
    assert {r.name for r in variants} >= set(Rules.presets())
    leftovers: dict[str, str] = {}
    with dl.language("es"):
        for index, rules in enumerate(variants):
            for text in _spanish_texts(rules, index % 5):
                for line in text.splitlines():
                    words = _english_words(line)
                    if words:
                        leftovers.setdefault(line, " ".join(sorted(words)))
        for bad in ("jump", "6-x", "x" * 80, 5):
            try:
                read_move_text(bad)  # type: ignore[arg-type]
            except InvalidMoveError as exc:
                if _english_words(str(exc)):
                    leftovers[str(exc)] = "move text"
        game = dl.Round.deal("standard", players=2, seed=1)
        assert not _english_words(str(AmbiguousMoveError(dl.Tile(6, 4), (6, 4), ())))
        try:
            Rules.preset("partnership").hand_size(3)
        except ValueError as exc:
            assert not _english_words(str(exc)), str(exc)
        assert game is not None
    assert leftovers == {}


def test_the_english_word_check_catches_english() -> None:
    """The check above would see an untranslated sentence (so it can fail)."""
    assert _english_words("Tú roba 2 y pasa") == set()
    assert _english_words("Seat 1 draws 2 and passes") == {"Seat", "draws", "and", "passes"}
    assert _english_words('"Draw Dominoes" (fuente 000), team_winner=\'went-out\'') == set()


# ---------------------------------------------------------------------- moves in Spanish
@pytest.mark.parametrize(("text", "parts"), [
    ("robar", ("draw", None, None)),
    ("Robar del pozo", ("draw", None, None)),
    ("pasar", ("pass", None, None)),
    ("¡Paso!", ("pass", None, None)),
    ("6-4 a la izquierda", ("play", dl.Tile(6, 4), "left")),
    ("6-4 por la derecha", ("play", dl.Tile(6, 4), "right")),
    ("juego 6-4 derecha", ("play", dl.Tile(6, 4), "right")),
    ("juega 4-6 a la izquierda", ("play", dl.Tile(6, 4), "left")),
    ("salgo con el 6-6", ("play", dl.Tile(6, 6), None)),
    ("6-4 en el extremo izquierdo", ("play", dl.Tile(6, 4), "left")),
    ("6-4 izq", ("play", dl.Tile(6, 4), "left")),
])
def test_moves_are_read_in_spanish(text: str, parts: tuple[object, ...]) -> None:
    assert read_move_text(text) == parts


def test_the_spanish_narration_reads_back_as_moves() -> None:
    """What the engine writes it reads back: each Spanish play sentence names its move."""
    game = dl.Round.deal("standard", players=2, seed=4)
    for _ in range(8):
        game.play(game.legal_moves()[0])
    with dl.language("es"):
        sentences = dl.narrate(game.history, ["Ana", "Luis"])
    plays = [e for e in game.history if e.action == "play" and e.ends is not None]
    said = [s.split(" y ")[-1].removeprefix("Ana ").removeprefix("Luis ") for s in sentences
            if " a la " in s]
    assert len(said) == len(plays)
    for sentence, event in zip(said, plays, strict=True):
        assert read_move_text(sentence) == ("play", event.tile, event.end)


def test_an_unreadable_move_is_explained_in_spanish() -> None:
    with dl.language("es"), pytest.raises(InvalidMoveError) as info:
        read_move_text("saltar")
    assert str(info.value) == ("no se puede leer 'saltar' como una jugada; escribe '6-4', '6-4 izquierda', "
                               "'robar' o 'pasar'")


# ---------------------------------------------------------------------- answers in Spanish
def test_answers_are_read_as_a_spanish_speaking_student_types_them() -> None:
    from dominolab.exercises import Boolean, MoveAnswer, Number, Sequence, Set, TileAnswer

    assert Boolean().read("sí") is True and Boolean().read("Si") is True and Boolean().read("NO") is False
    assert Boolean().read("verdadero") is True and Boolean().read("falso") is False
    share = Number(places=2, percent=True)
    assert share.read("0,38") == share.read("0.38") == share.read("38%") == share.read("38,0%")
    assert Number(places=1).read("12,5") == Number(places=1).read("12.5")
    assert Sequence(Number(places=2)).read("0,5; 0,25") == Sequence(Number(places=2)).read("0.5, 0.25")
    assert MoveAnswer().read("robar") == dl.Draw() and MoveAnswer().read("pasar") == dl.Pass()
    assert MoveAnswer().read("6-4 a la izquierda") == dl.Play("6-4", "left")
    assert Set(TileAnswer()).read("6-4; 5-5") == Set(TileAnswer()).read("6-4, 5-5")


def test_a_thousands_separator_is_not_read_as_a_decimal_comma() -> None:
    from dominolab.exercises import Number, Unreadable

    for text in ("1,000", "2,125", "1,000,000"):
        with pytest.raises(Unreadable):
            Number(places=3).read(text)


def test_a_check_speaks_spanish() -> None:
    from dominolab.exercises import rules as ex

    with dl.language("es"):
        assert str(ex.q1.evaluate(...)).startswith("Sin responder: cambia los ... por tu respuesta")
        assert str(ex.q1.evaluate("abc")) == ("Incorrecto: se esperaba un número entero, como 12, pero la "
                                              "respuesta es el texto 'abc'.")
        assert str(ex.q1.evaluate(ex.q1.expected())) == "Correcto: ¡bien hecho!"
        assert _english_words(str(ex.q1.evaluate([1, 2]))) == set()
    assert str(ex.q1.evaluate("abc")) == "Incorrect: expected a whole number, such as 12; got the text 'abc'."


_LESSON_MODULES = ("rules", "drawing", "scoring", "counting", "strategy", "partnership", "coach")
#: English allowed in an exercise's Spanish texts: code (functions the learner writes, with
#: their parameters) and the review's own words, which are not translated yet.
_EXERCISE_CODE = re.compile(r"`[^`]*`|'[^']*'|\w+\([^()]*\)|<[^>]*>|\bdef\b")


def _exercise_texts() -> list[str]:
    import importlib

    from dominolab.exercises import Exercise

    answers = [..., None, "", "abc", 5, 0.5, "0,5", True, "sí", [1, 2], {1}, "6-4", "robar", "6-4 a la izquierda",
               dl.Tile(6, 4), 10**80, float("nan"), "x" * 2000, len, int, lambda *a: None, lambda *a: 0]
    texts = []
    for name in _LESSON_MODULES:
        module = importlib.import_module(f"dominolab.exercises.{name}")
        for exercise in vars(module).values():
            if not isinstance(exercise, Exercise):
                continue
            texts += [str(exercise.evaluate(answer)) for answer in answers]
            texts += [str(exercise.evaluate(key)) for key, _message in exercise.nudges]
            texts += [dl.i18n.said(exercise.hint_text), exercise.answer_kind.expects]
            texts.append(dl.i18n.said(exercise.solution_text))
    return texts


def test_no_english_is_left_in_the_exercises_spanish_feedback_hints_and_solutions() -> None:
    untranslated: set[str] = set()
    with dl.language("es"):
        texts = _exercise_texts()
    leftovers = sorted({text for text in texts
                        if text not in untranslated and _english_words(_EXERCISE_CODE.sub(" ", text))})
    assert len(texts) > 1000
    assert leftovers == []
