"""Names are words in the language of the moment, and every error at a Spanish table is in
Spanish (issue 45): the computer players, the presets, the reprs, the tournament's texts."""

from __future__ import annotations

import json
import re

import pytest

import dominolab as dl
from dominolab import puzzles
from dominolab.exercises import rules as lesson1
from dominolab.exercises import studies
from dominolab.players import OPPONENTS, PLAYER_NAMES, player_name
from dominolab.rules import preset_words
from dominolab.session import TableSession
from dominolab.tournament import Tournament, TournamentError

ENGLISH_NAMES = re.compile(r"\b(?:Greedy|Strategist|Searcher|Random|greedy|strategy|search|random)\b")
#: Words of the English errors that a Spanish message never has.
ENGLISH_ERROR = re.compile(r"\b(?:must|got|these rules|no player named|players(?!=)|expected|give either|needs)\b")


def test_the_players_have_spanish_names_and_english_keeps_the_kinds():
    with dl.language("es"):
        names = {kind: player_name(kind) for kind in PLAYER_NAMES}
        lines = dict(OPPONENTS)
    assert names["greedy"] == "Botagorda" and names["strategy"] == "Estratega"
    assert not any(ENGLISH_NAMES.search(text) for text in [*names.values(), *lines.values()])
    assert [player_name(kind) for kind in OPPONENTS] == list(OPPONENTS)  # English: the kinds, as before
    assert player_name("my_player") == "my_player"


def test_the_studies_and_the_simulation_table_name_players_in_spanish():
    with dl.language("es"):
        assert studies.label("greedy") == "Botagorda"
        assert studies.label("strategy without blocking") == "Estratega sin blocking"
        result = dl.simulate("standard", ["greedy", "random"], rounds=4, seed=1, workers=1, progress=False)
        text = result.table()
        assert "Botagorda" in text and "Azar" in text and not ENGLISH_NAMES.search(text)
        assert "estándar" in text
    assert "greedy" in result.table()  # English unchanged


def test_preset_names_are_words_in_sentences():
    assert [preset_words(name) for name in dl.Rules.presets()] == dl.Rules.presets()
    with dl.language("es"):
        words = [preset_words(name) for name in dl.Rules.presets()]
        questions = [p.question for p in puzzles.load()]
    assert "familiares" in words and "estándar" in words
    assert len(questions) == 60
    for question in questions:
        assert question.startswith("Reglas ") and "«" not in question, question
        assert not re.search(r"\b(?:Family|Standard|standard|family|basic)\b", question), question


def test_no_catalog_sentence_names_a_preset_in_english():
    catalog = (dl.i18n.LOCALE_DIR / "es" / "LC_MESSAGES" / "dominolab.po").read_text(encoding="utf-8")
    strings = "\n".join(re.findall(r'^msgstr(?:\[\d\])? "(.*)"$', catalog, flags=re.MULTILINE))
    assert not re.search(r"reglas (?:standard|basic|classic|family|partnership)\b", strings)
    assert not re.search(r"\b(?:Greedy|Strategist|Searcher)\b", strings)


def test_the_tables_repr_is_in_its_language():
    pytest.importorskip("anywidget")
    table = TableSession("standard", 2, "greedy", seed=1, language="es")
    from dominolab.widget import DominoTable

    widget = DominoTable(_session=table)
    try:
        assert repr(widget) == "<DominoTable reglas estándar, 2 jugadores: tú contra Botagorda>"
    finally:
        widget.close()
    english = DominoTable("standard", 2, "greedy", seed=1, language="en", autosave=False)
    try:
        assert repr(english) == "<DominoTable standard, 2 players: you vs greedy>"
    finally:
        english.close()


def test_an_exercises_repr_is_in_the_language_of_the_moment():
    assert repr(lesson1.q1).startswith("Exercise 1: How many tiles")
    with dl.language("es"):
        text = repr(lesson1.q1)
    assert text.startswith("Ejercicio 1:") and "How many" not in text


BAD_TABLES = [
    dict(players=7), dict(opponents="tonto"), dict(opponents=["greedy"] * 3, players=2), dict(seed="x"),
    dict(target=0), dict(pace=20), dict(scale=9), dict(undo="never"), dict(hints="yes"),
    dict(names=["Ana"]), dict(names=["Ana", "Ana"]), dict(names=["Ana", ""]),
    dict(seats=["greedy", "random"]), dict(seats="human"), dict(seats=["human", "tonto"]),
    dict(seats=["human", 5]), dict(players=2, seats=["human", "greedy", "greedy"]),
    dict(rules="partnership", players=2), dict(rules="nada"),
]


@pytest.mark.parametrize("arguments", BAD_TABLES, ids=[repr(a) for a in BAD_TABLES])
def test_every_error_of_a_spanish_tables_constructor_is_in_spanish(arguments):
    arguments = dict(arguments)
    rules = arguments.pop("rules", "standard")
    with pytest.raises(ValueError) as spanish:
        TableSession(rules, language="es", **arguments)
    assert not ENGLISH_ERROR.search(str(spanish.value)), str(spanish.value)
    with pytest.raises(ValueError) as english:  # the same mistake, in English, as before
        TableSession(rules, language="en", **arguments)
    assert str(english.value) != str(spanish.value)


def test_the_table_errors_the_issue_names():
    with pytest.raises(ValueError) as caught:
        TableSession("standard", 7, language="es")
    assert str(caught.value) == "estas reglas (estándar) son para 2, 3 o 4 jugadores, no para players=7"
    with pytest.raises(ValueError) as caught:
        TableSession("standard", 2, "tonto", language="es")
    assert str(caught.value).startswith("Asiento 1: ningún jugador se llama 'tonto'")
    assert "greedy (Botagorda)" in str(caught.value)
    with pytest.raises(ValueError) as caught:
        TableSession("standard", 7, language="en")
    assert str(caught.value) == "these rules (standard) are for 2 or 3 or 4 players; got players=7"


def test_a_spanish_tables_settings_errors_are_in_spanish():
    table = TableSession("standard", 2, "greedy", seed=1, language="es")
    try:
        for change in ({"pace": 20}, {"colour": "red"}, {"undo": "never"}):
            with pytest.raises(ValueError) as caught:
                table.configure(**change)
            assert not ENGLISH_ERROR.search(str(caught.value)), str(caught.value)
        with pytest.raises(ValueError) as caught:
            table.start_puzzles("no-such-puzzle")
        assert str(caught.value).startswith("ningún problema se llama")
    finally:
        table.close()


def test_the_tournaments_texts_name_players_and_json_errors_in_spanish():
    t = Tournament.create("standard", hands=2, opponents="greedy", seed=5, language="es")
    assert "Botagorda" in str(t) and "greedy" not in str(t)
    from dominolab.tournament.files import _parse

    for broken in (b"{", b'{"a" 1}', b'{"a": 1} x', b'"abc'):
        with pytest.raises(TournamentError) as caught, dl.language("es"):
            _parse(broken)
        text = str(caught.value)
        try:
            json.loads(broken)
        except json.JSONDecodeError as exc:
            assert exc.msg not in text, text
        assert text.startswith("no es un archivo JSON"), text


def test_the_tables_header_names_its_rules_in_its_language():
    """The header above the table ("reglas estándar · mano 1 · a 100 tantos") takes the preset's
    word in the table's language from the snapshot, not its code name ("standard")."""
    from .test_session import snap

    spanish = snap(TableSession("standard", 2, "greedy", seed=1, language="es"))["rules"]
    english = snap(TableSession("standard", 2, "greedy", seed=1))["rules"]
    assert (spanish["name"], spanish["said"]) == ("standard", "estándar")
    assert english["said"] == "standard"
    with dl.language("es"):
        header = dl.i18n._("{rules} · hand {hand} · first to {target}").format(rules=spanish["said"], hand=1, target=100)
    assert header == "reglas estándar · mano 1 · a 100 tantos"
