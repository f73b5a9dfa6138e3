"""The play table in Spanish: each table speaks its own language (``language="es"``), every text
the presenter and the session build for a learner comes out in it, on the caller's thread and
on the table's worker threads, and two tables in one kernel keep their own languages.

The coach's own sentences (a hint's reason, a review's verdicts, a puzzle's feedback) are
translated in their own modules and checked by their own tests; here they are checked to be
*built* in the table's language (the worker threads run inside the table's language block).
"""

from __future__ import annotations

import random
import re
import threading
from collections.abc import Iterator
from typing import Any

import pytest

import dominolab as dl
from dominolab.presenter import present
from dominolab.session import HUMAN, TableSession
from dominolab.widget import DominoTable

from .english import english_words


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    dl.set_language("en")


# ---------------------------------------------------------------------- what a snapshot says
#: Snapshot fields that are codes the browser reads (moves, ends, kinds), not words for people.
CODES = {"tile", "action", "kind", "reason", "verdict", "policy", "send", "end", "ends", "id", "grade", "ack",
         "rules", "path"}


def texts(snapshot: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """Every text a person reads or hears in a snapshot: (where, text)."""
    if isinstance(snapshot, dict):
        for key, value in snapshot.items():
            nested = bool(path)
            if key in CODES or (nested and key == "status") or (
                    path.endswith("decision") and key == "label"):
                continue
            yield from texts(value, f"{path}.{key}" if path else key)
    elif isinstance(snapshot, list):
        for value in snapshot:
            yield from texts(value, path + "[]")
    elif isinstance(snapshot, str) and snapshot:
        yield path, snapshot


def english_in(snapshot: dict) -> list[tuple[str, str, set[str]]]:
    """The texts of ``snapshot`` with English words in them (the engine's and the coach's
    sentences it carries included)."""
    return [(where, text, english_words(text)) for where, text in texts(snapshot) if english_words(text)]


def intent(t: Any, move: Any) -> dict:
    fields = {"tile": str(move.tile), "end": move.end} if isinstance(move, dl.Play) else {}
    return {"action": "play" if isinstance(move, dl.Play) else str(move), "version": t.version, **fields}


def play_through(table: DominoTable, rng: random.Random, hands: int) -> list[dict]:
    """Play ``hands`` hands (or to the end of the match) at ``table`` through intents, with some
    refused ones, undos and passes of the screen; every snapshot and answer, collected."""
    seen: list[dict] = []
    table.observe(lambda change: seen.append(change["new"]), names="snapshot")
    t = table.session
    for _hand in range(hands):
        while not t.round.is_over:
            if t.state().screen is not None:
                seen.append(table.handle_intent({"action": "reveal", "version": t.version}))
                continue
            if rng.random() < 0.2:
                for bad in ({"action": "play", "tile": "9-9", "version": t.version},
                            {"action": "play", "tile": "6-4", "version": t.version - 1},
                            {"action": "play", "tile": "6-4", "end": "middle", "version": t.version},
                            {"action": "next_hand", "version": t.version},
                            {"action": "hint", "version": t.version},
                            {"action": "undo", "version": t.version},
                            {"action": "bogus", "version": t.version}):
                    seen.append(table.handle_intent(bad))
            if t.round.turn in t.humans:
                seen.append(table.handle_intent(intent(t, rng.choice(t.round.legal_moves()))))
                if rng.random() < 0.3:
                    seen.append(table.handle_intent({"action": "undo", "version": t.version}))
            else:
                t.wait()
        seen.append(table.handle_intent({"action": "play", "tile": "6-4", "version": t.version}))
        if t.state().match_over:
            break
        seen.append(table.handle_intent({"action": "next_hand", "version": t.version}))
    return seen


@pytest.mark.parametrize("kw", [
    {"players": 2, "opponents": "greedy", "undo": "free", "target": 40},
    {"players": 3, "opponents": "random", "open_hands": True, "hints": True},
    {"rules": "partnership", "players": 4, "opponents": "greedy"},
    {"seats": [HUMAN, HUMAN], "undo": "last"},
    {"seats": [HUMAN, "greedy", HUMAN]},
])
def test_a_whole_match_at_a_spanish_table_has_no_english_in_its_texts(kw: dict) -> None:
    rules = kw.pop("rules", "standard")
    found = []
    for seed in range(3):
        table = DominoTable(rules, seed=seed, autosave=False, background=False, language="es", **dict(kw))
        assert table.language == "es" and dl.get_language() == "en"
        seen = play_through(table, random.Random(seed), hands=12)
        table.session.configure(hints=not table.session.settings.hints)  # a setting's note in the log
        seen.append(table.snapshot)
        for item in seen:
            if "ok" in item:  # an intent's answer
                if english_words(item["message"]):
                    found.append(("answer", item["message"], english_words(item["message"])))
            else:
                found.extend(english_in(item))
        assert table.match.rounds and any(item.get("ok") is False for item in seen), "hands played, intents refused"
        assert any(line["kind"] == "setting" for line in table.snapshot["log"])
        table.close()
    assert not found, found[:10]


def test_the_spanish_table_says_its_sentences_in_spanish() -> None:
    table = DominoTable("standard", players=2, opponents="greedy", seed=1, autosave=False, background=False,
                        language="es")
    snap = table.snapshot
    assert snap["names"] == ["Tú", "Norte"]
    assert snap["status"].startswith(("Te toca", "Norte", "Le toca")), snap["status"]
    reply = table.handle_intent({"action": "play", "tile": "6-4", "version": table.version - 1})
    assert reply == {"ok": False, "message": reply["message"]}
    assert reply["message"].startswith("La mesa ya había seguido cuando llegó eso, así que no se cambió nada.")
    reply = table.handle_intent({"action": "undo", "version": table.version})
    assert reply["message"] == "En esta mesa no se puede deshacer."
    with pytest.raises(dl.widget.IntentError, match=r"^No se puede: "):
        table.play("9-9")
    table.close()
    # The default names of a table for several people, and the screen passed between them.
    shared = DominoTable("standard", seats=[HUMAN, HUMAN], seed=4, autosave=False, background=False, language="es")
    assert shared.snapshot["names"] == ["Sur", "Norte"]
    assert shared.snapshot["status"].startswith("Pasa la pantalla a ")
    shared.close()


def test_english_stays_the_default_and_a_table_takes_the_kernels_language_when_made() -> None:
    english = DominoTable("standard", players=2, opponents="greedy", seed=1, autosave=False, background=False)
    assert english.language == "en" and english.snapshot["names"] == ["You", "North"]
    dl.set_language("es")
    spanish = DominoTable("standard", players=2, opponents="greedy", seed=1, autosave=False, background=False)
    dl.set_language("en")  # the table keeps the language it was made in
    assert spanish.language == "es" and spanish.snapshot["names"] == ["Tú", "Norte"]
    spanish.handle_intent({"action": "undo", "version": spanish.version})
    assert spanish.message == "En esta mesa no se puede deshacer."
    english.handle_intent({"action": "undo", "version": english.version})
    assert english.message == "Undo is off at this table."
    with pytest.raises(AttributeError):
        spanish.language = "en"  # type: ignore[misc]  # fixed when the table is made
    english.close()
    spanish.close()


# ---------------------------------------------------------------------- worker threads
def watch(session: TableSession) -> list[tuple[str, str, str]]:
    """(hook point, thread name, language of that moment) at each of the table's hook points."""
    seen: list[tuple[str, str, str]] = []
    session._test_hook = lambda point: seen.append((point, threading.current_thread().name, dl.get_language()))
    return seen


def test_a_hint_and_a_review_at_a_spanish_table_are_built_in_spanish_on_their_threads() -> None:
    table = DominoTable("standard", players=2, opponents="greedy", seed=3, hints=True, autosave=False,
                        background=True, language="es")
    t = table.session
    seen = watch(t)
    t.wait()
    move, reason = table.hint()
    assert move in t.round.legal_moves() and reason
    assert ("hint-start", "dominolab-hint", "es") in seen
    assert table.snapshot["hint"]["text"] == reason
    rng = random.Random(3)
    while not t.round.is_over:
        t.act_move(rng.choice(t.round.legal_moves()))
    # The computer player's moves were thought about on the thinker thread, in Spanish.
    assert ("job-start", "dominolab-table", "es") in seen
    coach = table.review_hand()
    assert coach is not None and coach.status == "done"
    assert [s for s in seen if s[0] == "review-progress"] and all(
        (name, code) == ("dominolab-review", "es") for point, name, code in seen if point == "review-progress")
    review = table.snapshot["coach"]
    assert review["kind"] == "review" and review["decision"]["heading"].startswith("Decisión 1 de ")
    assert review["decision"]["label_text"] in ("La mejor jugada", "Buena", "Imprecisión", "Error", "Error grave",
                                                "Jugada obligada")
    assert review["progress_text"].startswith("Repasando: ")
    assert table.snapshot["reviews"] == [] and t.state().language == "es"
    table.close()


def test_the_analysis_board_values_moves_on_its_thread_in_the_tables_language(monkeypatch) -> None:
    seen: list[tuple[str, str]] = []
    evaluate = dl.AnalysisBoard.evaluate

    def watched(board: Any, *args: Any, **kwargs: Any) -> Any:
        seen.append((threading.current_thread().name, dl.get_language()))
        return evaluate(board, *args, **kwargs)

    monkeypatch.setattr(dl.AnalysisBoard, "evaluate", watched)
    table = DominoTable.analysis(seed=2, background=True, language="es")
    t = table.session
    t._analysis.time_limit = None
    state = t.state().analysis
    assert state.names[0] == "Tú" and state.names[1] == "Norte"
    reply = table.handle_intent({"action": "analysis_evaluate", "version": t.version, "rev": state.rev})
    assert reply["ok"], reply
    assert t._analysis.wait(60)
    assert seen == [("dominolab-analysis", "es")]
    board = table.snapshot["analysis"]
    assert board["evaluated"] and board["status"].startswith("Te toca: abajo está el valor de cada jugada")
    # "<the move>: <figures>": the move's words are the coach's (review.move_words), the figures the table's.
    figures = [m["value"]["figures"][len(m["words"]) + 2:] for m in board["moves"]]
    assert figures and all(re.fullmatch(r"[+-]\d+,\d (± \d+,\d|\(exacto\)) puntos netos.*", f) for f in figures), figures
    assert not [f for f in figures if english_words(f)]
    verdicts = [m["value"]["words"][len(m["words"]) + 2:] for m in board["moves"]]
    assert set(verdicts) <= {"la mejor", "casi tan buena como la mejor", "peor"}, verdicts
    table.close()


# ---------------------------------------------------------------------- two tables, one kernel
def test_two_tables_in_one_kernel_keep_their_own_languages_on_every_thread() -> None:
    dl.set_language("es")  # the kernel's language is neither table's business once they are made
    tables = {code: DominoTable("standard", players=2, opponents="greedy", seed=5, hints=True, autosave=False,
                                background=True, language=code) for code in ("en", "es")}
    seen = {code: watch(table.session) for code, table in tables.items()}
    rng = random.Random(5)
    while not all(table.session.round.is_over for table in tables.values()):
        for table in tables.values():  # turn about: both tables' threads think at once
            t = table.session
            t.wait()
            if not t.round.is_over:
                t.act_move(rng.choice(t.round.legal_moves()))
    for code, table in tables.items():
        assert {language for _point, _name, language in seen[code]} == {code}
        assert any(name == "dominolab-table" for _point, name, _language in seen[code])
        assert table.session.state().language == code
    english, spanish = (tables[code].snapshot for code in ("en", "es"))
    assert english["result"]["title"].endswith(("wins the hand", "win the hand", "A tie: nobody scores"))
    assert spanish["result"]["title"].endswith(("gana la mano", "ganas la mano", "Empate: nadie se anota puntos"))
    assert english["status"] == "The hand is over." and spanish["status"] == "La mano terminó."
    assert english["log"][0]["text"].split()[0] in ("You", "North")
    assert spanish["log"][0]["text"].split()[0] in ("Tú", "Norte")
    assert dl.get_language() == "es"
    for table in tables.values():
        table.close()


# ---------------------------------------------------------------------- an unknown language
@pytest.mark.parametrize("bad", ["fr", "", 3, "english"])
def test_an_unknown_language_is_refused_before_anything_is_built(bad: Any) -> None:
    from ipywidgets.widgets import widget as ipywidget

    instances = getattr(ipywidget, "_instances", None)  # every widget made and not closed (ipywidgets 8)
    before = len(instances) if instances is not None else None
    dl.set_language("es")
    makers = [
        lambda: DominoTable("standard", players=2, opponents="greedy", seed=1, autosave=False, language=bad),
        lambda: DominoTable.puzzle(seed=1, language=bad),
        lambda: DominoTable.analysis(seed=1, language=bad),
        lambda: DominoTable.tournament(dl.Tournament.create("standard", hands=1, opponents="greedy", seed=1), "Ana",
                                       None, language=bad),
        lambda: TableSession("standard", players=2, opponents="greedy", seed=1, language=bad),
    ]
    for make in makers:
        with pytest.raises(dl.UnknownLanguageError, match="'es' \\(Español\\)"):
            make()
    assert dl.get_language() == "es"
    if before is not None:
        assert len(instances) == before  # no widget was made
    record = DominoTable("standard", players=2, opponents="greedy", seed=1, autosave=False).record()
    with pytest.raises(dl.UnknownLanguageError):
        DominoTable.from_record(record, language=bad)
    spanish = DominoTable.from_record(record, language="es")
    assert spanish.language == "es" and spanish.snapshot["status"]


def test_the_snapshot_of_an_english_table_built_in_a_spanish_block_stays_english() -> None:
    t = TableSession("standard", players=2, opponents="greedy", seed=2, language="en")
    english = present(t.state())
    with dl.language("es"):
        assert present(t.state()) == {**english, "seq": english["seq"] + 1}
        assert t.handle_intent({"action": "undo", "version": t.version})["message"] == "Undo is off at this table."


# ---------------------------------------------------------------------- puzzles and a tournament
def test_a_puzzle_table_and_a_tournament_table_speak_spanish() -> None:
    table = DominoTable.puzzle(dl.puzzles.select(grade="easy")[0], language="es", background=False)
    t = table.session
    puzzle = table.coach.puzzle
    wrong = next(c.move for c in puzzle.choices[1:] if isinstance(c.move, dl.Play))
    reply = table.handle_intent({"action": "play", "tile": str(wrong.tile), "version": t.version})
    assert reply["message"] == "Hay un problema en la mesa: contéstalo, o cierra los problemas para seguir jugando."
    reply = table.handle_intent({"action": "puzzle_answer", "move": "jump", "version": t.version})
    assert reply["message"] == "La jugada de una respuesta es 'play', 'draw' o 'pass', no 'jump'."
    table.handle_intent({"action": "puzzle_answer", "move": "play", "tile": str(wrong.tile), "end": wrong.end,
                         "version": t.version})
    assert table.snapshot["coach"]["feedback"]["title"] == "Esta vez no"
    table.handle_intent({"action": "puzzle_solution", "version": t.version})
    reply = table.handle_intent({"action": "puzzle_answer", "move": "pass", "version": t.version})
    assert reply["message"] == "Este problema ya está resuelto: pulsa «Siguiente problema»."
    table.close()

    tourney = dl.Tournament.create("standard", hands=2, opponents="greedy", seed=3, title="5.º B")
    student = DominoTable.tournament(tourney, "Ana", None, language="es", background=False)
    assert student.language == "es"
    snap = student.snapshot
    assert snap["tournament"]["banner"] == "Torneo “5.º B” — mano 1 de 2"
    assert snap["reviews"] == [] and snap["names"][0] == "Tú"
    student.close()
