"""The tournament in Spanish: a simulated class's board, the notices and refusals a student
meets at the table, and the errors about a bad code, name or file, with no English left in
them, names and numbers as in English and a decimal comma where a decimal shows; and the
files unchanged by the language: a Spanish student's result ranks on an English board and back.
"""

from __future__ import annotations

import copy
import json
import re
from dataclasses import replace

import pytest

import dominolab as dl
from dominolab.players import GreedyPlayer, RandomPlayer
from dominolab.session.state import IntentError
from dominolab.session.tournament import TournamentSession
from dominolab.tournament import Entry, Tournament, TournamentError, _seal
from dominolab.tournament import entries as entries_module
from dominolab.tournament.plausible import _far_text

from .english import english_words
from .students import AnyMove, finish

HANDS = 5
NAMES = ["Ana", "José Luis", "Chloé", "Dario", "Eve", "Ñoño", "Li", "Zoë"]


@pytest.fixture(autouse=True)
def _english_after():
    yield
    dl.set_language("en")


@pytest.fixture(scope="module")
def t() -> Tournament:
    return Tournament.create("standard", hands=HANDS, opponents="greedy", seed=31, language="es")


@pytest.fixture(scope="module")
def honest(t):
    """Eight students who play a random tile that fits, and two greedy ones."""
    out = [finish(t.entry(name), RandomPlayer(100 + n)).result() for n, name in enumerate(NAMES)]
    out += [finish(t.entry(f"Greedy {n}"), GreedyPlayer(200 + n)).result() for n in range(2)]
    return out


def resealed(result, name, key="feedfacecafebeef"):
    """A classmate's file under another name, sealed again with Python under a key of its own."""
    out = copy.deepcopy(result)
    out["name"], out["entry"] = name, key
    out["seals"] = [_seal(key, Tournament.from_dict(out["tournament"]).id, name, i, hand)
                    for i, hand in enumerate(out["hands"])]
    return out


@pytest.fixture(scope="module")
def uploads(t, honest):
    """The class's files: the honest ones, a disguised copy (a pair), a renamed copy (its seals
    break), a file handed in twice, and bad files."""
    renamed = {**copy.deepcopy(honest[1]), "name": "Zed"}
    unfinished = copy.deepcopy(honest[2])
    unfinished["hands"].pop()
    claimed = {**copy.deepcopy(honest[3]), "points": honest[3]["points"] + 30}
    other = Tournament.create("standard", hands=HANDS, opponents="greedy", seed=32)
    elsewhere = finish(other.entry("Otro"), RandomPlayer(1)).result()
    return [*((f"{r['name']}.json", r) for r in honest),
            ("aaron.json", resealed(honest[0], "Aaron")), ("zed.json", renamed), ("ana-otra-vez.json", honest[0]),
            ("roto.json", b"esto no es json"), ("binario.json", b"\xff\xfe{}"), ("corto.json", unfinished),
            ("puntos.json", claimed), ("otro.json", elsewhere)]


def numbers(text: str, spanish: bool) -> list[str]:
    """The numbers of a text, read as a reader of its language reads them, sorted."""
    if spanish:
        found = [n.replace("\u00a0", "").replace(",", ".") for n in re.findall(r"\d[\d\u00a0]*(?:,\d+)?", text)]
    else:
        found = [n.replace(",", "") for n in re.findall(r"\d[\d,]*(?:\.\d+)?", text)]
    return sorted(n.rstrip(".") for n in found)


def spanish_lines(board) -> list[str]:
    """Every text of a board a teacher or a student reads."""
    return [board.table(), board.table("duplicate"), board._repr_html_(), *map(str, board.findings),
            *map(str, board.identical), *(row["held"] for row in board.held), *(r for _f, r in board.rejected)]


# ---------------------------------------------------------------------- the board


def test_a_class_board_in_spanish_has_no_english_and_the_numbers_and_names_of_the_english_one(t, uploads):
    board = t.leaderboard(uploads)
    english = replace(t, language="en").leaderboard(uploads)
    for text in spanish_lines(board):
        assert not english_words(text), (english_words(text), text)
    # the same standings, holds and findings, said in Spanish
    assert board.rows == english.rows and [r["name"] for r in board.held] == [r["name"] for r in english.held]
    assert [(f.kind, f.names) for f in board.findings] == [(f.kind, f.names) for f in english.findings]
    assert [label for label, _r in board.rejected] == [label for label, _r in english.rejected]
    kinds = {f.kind for f in board.findings}
    assert {"copy"} <= kinds and len(board.rejected) == 6 and board.held
    for es, en in zip(board.findings, english.findings, strict=True):
        assert numbers(str(es), True) == numbers(str(en), False), (es, en)
        assert all(name in str(es) for name in es.names)
    for es, en in zip(board.identical, english.identical, strict=True):
        assert numbers(str(es), True) == numbers(str(en), False)
        assert re.search(r"\d+,\d bits", str(es)) and not re.search(r"\d\.\d", str(es)), str(es)
    table = board.table()
    assert table.splitlines()[1].split() == ["puesto", "nombre", "puntos", "duplicado", "ganadas"]
    for rank, row in board.ranked():
        line = next(line for line in table.splitlines() if row["name"] in line and line.lstrip().startswith(str(rank)))
        assert f"{row['points']}" in line and f"{row['duplicate']:+d}" in line and f"{row['hands_won']}/{HANDS}" in line
    for name in (*NAMES, "Greedy 0"):
        assert name in table  # names with accents and ñ, as typed
    assert "apartado para revisar: Aaron (aaron.json)" in table and "revisa: " in table
    reasons = dict(board.rejected)
    assert reasons["corto.json"] == f"tiene {HANDS - 1} de las {HANDS} manos: sin terminar"
    assert reasons["ana-otra-vez.json"] == "otra vez el mismo resultado de Ana (las mismas jugadas que Ana.json, que se conserva)"
    assert reasons["binario.json"] == "no es un archivo JSON (no es texto UTF-8)"
    assert "línea 1" in reasons["roto.json"] and "otro torneo" in reasons["otro.json"]
    assert "<th>manos ganadas</th>" in board._repr_html_() and "<p>Rechazados:</p>" in board._repr_html_()


def test_the_chart_is_labelled_in_spanish(t, uploads):
    import matplotlib

    matplotlib.use("Agg")
    board = t.leaderboard(uploads)
    ax = board.plot(by="duplicate")
    assert ax.get_title() == f"Torneo: {len(board.rows)} estudiantes, {HANDS} manos cada cual"
    assert "puntuación duplicada" in ax.get_xlabel() and not english_words(ax.get_xlabel())
    assert board.plot().get_xlabel() == "puntos en total"
    import matplotlib.pyplot as plt

    plt.close("all")


def test_the_kernels_language_reaches_a_board_and_the_tournaments_own_language_wins(t, uploads):
    plain = replace(t, language=None)
    assert "rank" in plain.leaderboard(uploads[:3]).table()
    dl.set_language("es")
    assert "puesto" in plain.leaderboard(uploads[:3]).table()
    assert "rank" in replace(t, language="en").leaderboard(uploads[:3]).table()  # its own language
    pair = plain.leaderboard(uploads).identical[0]
    assert "jugaron" in str(pair)  # a pair is said in the language of the moment it is read
    dl.set_language("en")
    assert "identical" in str(pair)
    assert "jugaron" in str(t.leaderboard(uploads).identical[0])  # or in its tournament's
    with pytest.raises(dl.UnknownLanguageError):
        Tournament.create("standard", hands=2, language="fr")


def test_spanish_numbers_have_a_decimal_comma_and_spanish_grouping():
    dl.set_language("es")
    text = _far_text("Kim", 141, 116, 120, 1 / 20610)
    assert "solo una vez de cada 20\u00a0610 intentos" in text and not english_words(text)
    assert "una vez de cada 2061 intentos" in _far_text("Kim", 141, 116, 120, 1 / 2061)
    assert "nunca llega a 141" in _far_text("Kim", 141, 116, 120, 0.0)
    dl.set_language("en")
    assert "once in 20,610 tries" in _far_text("Kim", 141, 116, 120, 1 / 20610)


# ---------------------------------------------------------------------- what a student meets


@pytest.fixture
def kernel(monkeypatch):
    where = {"id": "kernel-one"}
    monkeypatch.setattr(entries_module, "_here", lambda: where["id"])
    return where


def test_a_student_told_the_name_is_taken_reads_it_in_spanish_also_at_the_table(t, tmp_path, kernel):
    first = t.entry("Ana", tmp_path)
    first.play(first.view().legal[0])
    first.save_progress(tmp_path)
    kernel["id"] = "kernel-two"
    second = t.entry("Ana", tmp_path)
    assert second.notice is not None and second.notice.startswith("Alguien con el nombre Ana ya empezó este torneo")
    assert "carry_on=True" in second.notice and not english_words(second.notice)
    english = Tournament.load(t.code)  # the same tournament, code in hand, in an English kernel
    with dl.language("es"):  # a table in Spanish says the notice in its own language
        table = TournamentSession(english.entry("Ana", tmp_path), save_to=tmp_path)
        assert table.message is not None and table.message.startswith("Alguien con el nombre Ana")


def test_the_tables_refusals_and_its_last_words_are_spanish(tmp_path):
    short = Tournament.create("standard", hands=1, opponents="greedy", seed=5)
    with dl.language("es"):
        table = TournamentSession(short.entry("Ana"), save_to=tmp_path)
        said = []
        for action in ("undo", "hint", "new_match"):
            with pytest.raises(IntentError) as info:
                table.act(action)
            said.append(str(info.value))
        assert said[0].startswith("En un torneo no se puede deshacer")
        student = AnyMove(3)
        while not table.is_finished:
            table.act_move(student.choose(table.round.view(0)))
        with pytest.raises(IntentError) as info:
            table.act_move("pass")
        said.append(str(info.value))
        assert said[-1] == f"Esa fue la última mano del torneo. Tu resultado está guardado en {table.saved_to}."
    for text in said:
        assert not english_words(text.replace(str(tmp_path), "")), text


@pytest.mark.parametrize(("call", "words"), [
    (lambda t: Tournament.load(t.code[:-1] + ("Z" if t.code[-1] != "Z" else "Y"), language="es"), "tiene un error"),
    (lambda t: Tournament.load("no-es-un-codigo", language="es"), "no es un código de torneo"),
    (lambda t: t.entry("   "), "hace falta un nombre"),
    (lambda t: t.entry("x" * 41), "40 caracteres como mucho"),
    (lambda t: t.entry("Ana", carry_on="sí"), "carry_on tiene que ser True, False o None"),
    (lambda t: finish(t.entry("Ana"), RandomPlayer(1)).play("pass"), "la mano terminó"),
    (lambda t: t.entry("Ana").next_hand(), "la mano todavía se está jugando"),
    (lambda t: Entry.resume(t, "Ana", {**t.entry("Bea").progress()}), "el progreso es de 'Bea', no de Ana"),
    (lambda t: Tournament.load("/no/hay/torneo.json", language="es"), "no hay ningún archivo de torneo"),
    (lambda t: t.leaderboard([]).ranked("puntos"), "ordena por 'points' o por 'duplicate'"),
])
def test_errors_a_student_meets_are_spanish(t, call, words):
    with pytest.raises(TournamentError) as info:
        call(t)
    assert words in str(info.value) and not english_words(str(info.value)), str(info.value)


# ---------------------------------------------------------------------- files: one format


def test_a_spanish_students_file_ranks_on_an_english_board_and_back(t, tmp_path):
    english = Tournament.load(t.code)
    assert english.language is None and english == t and english.id == t.id and english.code == t.code
    assert english.to_dict() == t.to_dict()
    assert t.save(tmp_path / "es.json").read_bytes() == english.save(tmp_path / "en.json").read_bytes()
    ana = finish(t.entry("Ana", tmp_path / "es"), RandomPlayer(4))
    ben = finish(english.entry("Ben", tmp_path / "en"), RandomPlayer(5))
    assert set(ana.result()) == set(ben.result()) and ana.result()["tournament"] == ben.result()["tournament"]
    assert ana.filename() == Entry(english, "Ana").filename()  # file names do not depend on the language
    files = [ana.save(tmp_path / "es"), ben.save(tmp_path / "en")]
    for board, words in ((english.leaderboard(files), "rank"), (t.leaderboard(files), "puesto")):
        assert sorted(row["name"] for row in board.rows) == ["Ana", "Ben"] and not board.rejected
        assert words in board.table()
    ana.save_progress(tmp_path / "es")  # and the progress file: an English kernel carries it on
    progress = json.loads((tmp_path / "es" / Entry.progress_name(t, "Ana")).read_text(encoding="utf-8"))
    assert Entry.resume(english, "Ana", progress).progress()["moves"] == ana.progress()["moves"]
