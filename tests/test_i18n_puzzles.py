"""Puzzles and the analysis board in Spanish: every puzzle's texts, evaluate()'s sentences over
many positions, the board's text format read in Spanish (and round-tripped as in English), and
bad pasted text named by its line in Spanish; switching back gives the English texts unchanged.

Some words inside these texts are built by the coach's modules (a move in words, a choice's
figures, the plain sentences of ``dominolab.plain``).  Until those are translated too, the
checks below take those pieces out and check the rest; once they are, every word is checked.
"""

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dominolab as dl
from dominolab import plain, puzzles
from dominolab.analysis import AnalysisBoard, AnalysisError, AnalysisTextError
from dominolab.moves import DRAW
from dominolab.review import _subject, move_words

from .budget import examples
from .english import english_words
from .positions import README_HAND

PRESET_PLAYERS = [(name, n) for name in dl.Rules.presets() for n in dl.Rules.preset(name).player_counts]
#: A figure written with a decimal point ("2.5"), which Spanish writes with a comma.
POINT = re.compile(r"\d\.\d")
COMMA = re.compile(r"\d,\d")


def coach_in_spanish() -> bool:
    """Are the coach's own pieces (move words, plain sentences) translated yet?"""
    with dl.language("es"):
        return move_words(DRAW) != "draw" and plain.say("board.only", move="x") != "X is your only move."


COACH = coach_in_spanish()


def without_coach_words(text: str, pieces) -> str:
    """``text`` without the pieces the coach's modules built, while those are still English."""
    if COACH:
        return text
    for piece in sorted(set(pieces), key=len, reverse=True):
        text = text.replace(piece, " ")
    return text


def coach_pieces(puzzle: puzzles.Puzzle, view: dl.View) -> list[str]:
    pieces = [c.words() for c in puzzle.choices]
    for move in [*view.legal, *(c.move for c in puzzle.choices)]:
        pieces += [move_words(move), move_words(move, view), _subject(move, view)]
    return pieces


def played_round(preset, players, seed, moves):
    rng = random.Random(seed)
    r = dl.Round.deal(preset, players, seed=seed)
    for _ in range(moves):
        if r.is_over:
            break
        r.play(rng.choice(r.legal_moves()))
    return r


# ---------------------------------------------------------------------------- puzzles
def puzzle_texts(puzzle: puzzles.Puzzle) -> list[tuple[str, str]]:
    """(what, text) for every text of ``puzzle`` a learner reads, in the current language;
    the coach's whole sentences only once they are translated."""
    view = puzzle.view()
    html = re.sub(r"<img[^>]*>|<[^>]+>", " ", puzzle._repr_html_())
    texts = [("question", puzzle.question), ("html", html), ("explain", puzzle.explain()),
             ("figures", puzzle.figures()), ("grade", puzzle.grade_words),
             ("not attempted", puzzle.evaluate(...).message), ("unreadable", puzzle.evaluate("zzz").message),
             ("odd answer", puzzle.evaluate(42).message)]
    for check in (puzzle.verified, puzzle.hidden):
        if check is not None:
            texts += [("verified", check.words()), ("verified hidden", check.words(hidden=True))]
    for move in view.legal:
        feedback = puzzle.evaluate(move)
        texts.append((f"why {move}", feedback.why or ""))
        if COACH:
            texts.append((f"says {move}", feedback.message))
    if COACH:
        texts += [("answer", puzzle.answer()), ("hint", puzzle.hint_text())]
    return texts


@pytest.mark.parametrize("puzzle", puzzles.load(), ids=lambda p: p.id)
def test_every_puzzle_text_is_spanish_with_decimal_commas(puzzle):
    view = puzzle.view()
    pieces = coach_pieces(puzzle, view)
    with dl.language("es"):
        texts = puzzle_texts(puzzle)
        pieces += coach_pieces(puzzle, view)
    for what, text in texts:
        mine = without_coach_words(text, pieces)
        assert not english_words(mine), (what, text)
        assert not POINT.search(mine), (what, text)
    explained = dict(texts)["explain"]
    assert COMMA.search(explained) and "puntos" in explained
    assert dict(texts)["question"].endswith("¿Qué jugada es claramente la mejor?")


def test_the_spanish_explanation_is_built_from_the_same_figures_as_the_stored_english():
    for puzzle in puzzles.load():
        assert puzzle.explain() == puzzle.explanation  # English: the stored text, unchanged
        with dl.language("es"):
            spanish = puzzle.explain()
        assert spanish != puzzle.explanation
        # The same figures, written with a decimal comma.
        figures = re.findall(r"(?<![\d-])\d+\.\d\b", puzzles.explain(puzzle.view(), puzzle.choices,
                                                                      puzzle.verified, puzzle.hidden))
        assert figures
        for figure in figures:  # (the coach's pieces, "+2.1 points (±0.6)", keep their point until translated)
            assert figure.replace(".", ",") in spanish or (not COACH and figure in spanish), figure


def test_a_puzzle_in_spanish_and_back_in_english():
    puzzle = puzzles.load()[0]
    english = [text for _, text in puzzle_texts(puzzle)]
    dl.set_language("es")
    try:
        spanish = [text for _, text in puzzle_texts(puzzle)]
        assert puzzle.question.startswith("Reglas familiares, 2 participantes: eres el asiento 0")
        assert puzzle._repr_html_().startswith("<div><p><strong>Problema family-2p-004</strong> (fácil).")
        assert "le saca 17,5 puntos (±5,1) de ventaja a" in puzzle.explain()
        assert "resuelto con exactitud en los 28 repartos que encajan con lo que ves" in puzzle.explain()
        assert "El asiento 1 ya mostró que le faltan los cincos. No puedes ver 9 fichas." in puzzle.explain()
    finally:
        dl.set_language("en")
    assert spanish != english
    assert [text for _, text in puzzle_texts(puzzle)] == english
    assert puzzle.question == ("Family rules, 2 players: you are seat 0 and it is your turn. "
                               "Which move is clearly best?")


def test_asking_for_a_puzzle_that_is_not_there_in_spanish():
    with dl.language("es"):
        with pytest.raises(KeyError, match="no hay ningún problema llamado 'nope'"):
            puzzles.get("nope")
        assert repr(puzzles.load()[0]).startswith("<Problema family-2p-004 (fácil): Reglas familiares, 2 participantes")
    assert repr(puzzles.load()[0]).startswith("<Puzzle family-2p-004 (easy): Family rules")


def test_a_puzzle_reads_spanish_answers():
    puzzle = puzzles.get("family-2p-004")  # best: 2-0 on the left
    with dl.language("es"):
        assert puzzle.evaluate("2-0 a la izquierda").status == "correct"
        assert puzzle.evaluate("juego 2-0 izquierda").status == "correct"
        wrong = puzzle.evaluate("6-2 a la izquierda")
        assert wrong.status == "incorrect"
        assert "Con las manos ocultas, como en una mesa de verdad" in wrong.why


# ---------------------------------------------------------------------------- the board's sentences
def positions(count: int):
    """``count`` boards from random hands of every preset, the analysed seat to move."""
    found = 0
    for seed in range(10 * count):
        preset, players = PRESET_PLAYERS[seed % len(PRESET_PLAYERS)]
        r = played_round(preset, players, seed, random.Random(seed).randrange(0, 40))
        if r.is_over or r.start.hunt_first is not None:
            continue
        match = ([seed % 50] * dl.Rules.preset(preset).sides(players), 100) if seed % 4 == 0 else None
        yield seed, AnalysisBoard.from_round(r, r.turn, match=match)
        found += 1
        if found == count:
            return


def test_evaluate_speaks_spanish_with_decimal_commas_over_many_positions():
    boards = list(positions(60))
    assert len(boards) == 60
    matches = partners = 0
    # The same figures in English: on every position in CI, on a share of them in the fast
    # loop (tests/budget.py), and always where a partner plays (few positions have one).
    every = max(1, round(len(boards) / examples(len(boards))))
    for k, (seed, board) in enumerate(boards):
        with dl.language("es"):
            analysis = board.evaluate(level="easy", seed=seed, face_up=seed % 5 == 0)
            pieces = [move_words(m.move) for m in analysis] if not COACH else []
        texts = [analysis.why] + ([analysis.says] if COACH else [])
        for text in texts:
            mine = without_coach_words(text, pieces)
            assert not english_words(mine), (seed, text)
            assert not POINT.search(mine), (seed, text)
        assert analysis.why.startswith(("No hay nada oculto", "En ", "Al imaginar ", "Aquí no se permite")), analysis.why
        with dl.language("es"):
            assert {m.verdict_words for m in analysis} <= {"la mejor", "casi tan buena como la mejor", "peor"}
        assert analysis[0].verdict_words == "best"
        matches += "partida" in analysis.why
        partners += "tu pareja" in analysis.why
        if k % every and "tu pareja" not in analysis.why:
            continue
        english = board.evaluate(level="easy", seed=seed, face_up=seed % 5 == 0)
        assert [(m.move, m.points, m.verdict) for m in english] == [(m.move, m.points, m.verdict) for m in analysis]
        assert "net points for" in english.why
    assert matches and partners


def test_the_boards_figures_in_spanish():
    board = AnalysisBoard.from_text(README_HAND)
    english = board.evaluate(level="easy")
    with dl.language("es"):
        spanish = board.evaluate(level="easy")
    assert english.why == ("In 28 imagined deals of the hidden tiles, 4-0 on the left averaged +5.4 ± 7.2 net points "
                           "for you, against +2.6 ± 7.1 for 4-0 on the right.")
    assert spanish.why == ("Al imaginar 28 maneras en que pueden estar las fichas que no ves, el 4-0 a la "
                           "izquierda dio en promedio +5,4 ± 7,2 puntos netos para ti, frente a +2,6 ± 7,1 con el "
                           "4-0 a la derecha.")


# ---------------------------------------------------------------------------- the text format
BAD = [
    # (text, line named, words the Spanish message holds)
    (README_HAND.replace("North: 5-3 left", "North: 5-3 right"), 5, "no entra por el extremo derecho"),
    (README_HAND.replace("North: 4-2 left", "North: 2-1 left"), 9, "2-1 ya se jugó en la línea 8"),
    (README_HAND.replace("my tiles: 2-0 6-1 5-2 5-0 0-0 6-5 2-1", "my tiles: 2-0 6-1 5-2"), 3,
     "mis fichas: 3 fichas, pero con estas reglas se reparten 7"),
    (README_HAND.replace("rules: standard\n", ""), 3, "falta la línea 'reglas:'"),
    (README_HAND + "[\n", 10, "nunca se cierra"),
    (README_HAND + "]\n", 10, "']' sin un '[' antes"),
    (README_HAND + "Zed: passes\n", 10, "ningún asiento se llama 'Zed'"),
    (README_HAND + "me: draws 2\n", 10, "di qué fichas robaste"),
    (README_HAND + "me: draws 2 (6-6)\n", 10, "dice 2 fichas pero nombra 1"),
    (README_HAND + "me: draws 1 (2-0)\n", 10, "ya tienes 2-0"),
    (README_HAND.replace("North: 3-1 left", "North: draws 1 (3-3), 3-1 left"), 7,
     "nadie sabe qué fichas robó otro asiento"),
    (README_HAND.replace("seats: me, North", "seats: me, North\nhand: maybe"), 3, "mano: escribe 'primera'"),
    (README_HAND.replace("seats: me, North", "seats: me, North\nmatch: 3 to"), 3, "partida: escribe el tanteo"),
    (README_HAND.replace("seats: me, North", "seats: me, North\nseats: me, North"), 3, "aparece dos veces"),
    (README_HAND.replace("North: 3-1 left", "North 3-1 left\nhand first"), 8, "no se sabe de quién es el turno"),
    (README_HAND.replace("me: lead 5-0", "me: lead 5-0\nNorth: passes"), 6,
     "North no puede haber tenido 5-3: North pasó en la línea 5 ante 5 y 0"),
]


@pytest.mark.parametrize(("text", "line", "words"), BAD)
def test_bad_pasted_text_gets_a_spanish_error_naming_its_line(text, line, words):
    with pytest.raises(AnalysisTextError) as english:
        AnalysisBoard.from_text(text)
    with dl.language("es"), pytest.raises(AnalysisTextError) as spanish:
        AnalysisBoard.from_text(text)
    message = str(spanish.value)
    assert spanish.value.line == english.value.line == line
    assert message.startswith(f"línea {line}: ") and words in message, message
    quoted = [q for q in re.findall(r"'[^']*'", message) if q[1:-1] in text]  # the learner's own words
    assert not english_words(re.sub("|".join(map(re.escape, [*quoted, "North"])), " ", message)), message
    assert str(english.value).startswith(f"line {line}: ")


def test_moves_the_board_refuses_are_told_in_spanish():
    board = AnalysisBoard.from_text(README_HAND)
    with dl.language("es"):
        for move, words in [("draws 2, passes", "di qué fichas robaste"), ("6-6 left", "no entra"),
                            ("lead 4-0", "ya se salió en esta mano"), ("draw 2-0", "ya tienes 2-0"),
                            ("9-9", "9-9 no está en este juego de fichas")]:
            with pytest.raises(AnalysisError) as refused:
                board.play(move)
            assert words in str(refused.value) and not english_words(str(refused.value)), str(refused.value)
        with pytest.raises(AnalysisError, match="no hay ninguna jugada que rehacer"):
            board.redo()
        board.play("4-0 izquierda")
        with pytest.raises(AnalysisError) as turn:
            board.evaluate()
    assert str(turn.value).startswith("le toca a North: el tablero valora tus decisiones")


SPANISH_HEADERS = [("rules:", "reglas:"), ("rule ", "regla "), ("seats:", "asientos:"), ("my tiles:", "mis fichas:"),
                   ("hand: first", "mano: primera"), ("hand: later", "mano: siguiente"), ("leader:", "sale:")]
_PARTS = re.compile(r",(?![^()]*\))")


def in_spanish(text: str) -> str:
    """The board's text with the Spanish words a learner may type for every header and move."""
    out = []
    for line in text.splitlines():
        for english, spanish in SPANISH_HEADERS:
            if line.startswith(english):
                line = spanish + line[len(english):]
                break
        else:
            if line.startswith("match:"):
                line = "partida:" + line[len("match:"):].replace(" to ", " a ")
            elif line.startswith("seats:"):
                pass
            elif line not in ("[", "]") and not line.startswith("*"):  # "*": the place, in any language
                name, _, rest = line.partition(": ")
                name = "yo" if name == "me" else name
                parts = []
                for part in (p.strip() for p in _PARTS.split(rest)):
                    words = part.split()
                    if words[0] == "draws":
                        part = ("robo " if name == "yo" else "roba ") + part[len("draws "):]
                    elif part == "passes":
                        part = "pasa"
                    elif words[0] == "lead":
                        part = "sale con " + words[1]
                    elif words[-1] in ("left", "right"):
                        part = f"{words[0]} a la {'izquierda' if words[-1] == 'left' else 'derecha'}"
                    parts.append(part)
                line = f"{name}: " + (" y ".join(parts) if len(parts) == 2 else ", ".join(parts))
        out.append(line.replace("seats: me,", "asientos: yo,").replace("asientos: me,", "asientos: yo,"))
    return "\n".join(out) + "\n"


@settings(max_examples=examples(60), deadline=None)
@given(st.sampled_from(PRESET_PLAYERS), st.integers(0, 2**32), st.integers(0, 70), st.integers(0, 3), st.data())
def test_the_text_is_written_in_spanish_and_round_trips_in_either_language(preset_players, seed, moves, seat, data):
    preset, players = preset_players
    r = played_round(preset, players, seed, moves)
    seat %= players
    sides = 2 if r.rules.partnerships else players
    match = (list(range(10, 10 * sides + 1, 10)), 150) if data.draw(st.booleans()) else None  # "partida:"
    with dl.language("es"):
        board = AnalysisBoard.from_round(r, seat, match=match)
        for _ in range(data.draw(st.integers(0, 2))):  # variations, written in brackets
            for _ in range(min(data.draw(st.integers(1, 5)), len(board.events))):
                board.undo()
            if not board.is_over and board.turn == board.seat:
                plays = [m for m in board.legal_moves() if isinstance(m, dl.Play)]
                if plays:
                    board.play(data.draw(st.sampled_from(plays)))
        spanish = board.to_text()
    english = board.to_text()
    assert spanish.startswith("reglas: ") and english.startswith("rules: ")
    assert "\nasientos: " in spanish and ("partida: " in spanish) == (match is not None)
    assert not english_words(spanish), english_words(spanish)
    for code, written in (("en", english), ("es", spanish)):
        with dl.language(code):  # each text reads back in either language: the same board
            for text in (spanish, english, in_spanish(english)):
                again = AnalysisBoard.from_text(text)
                assert again.to_text() == written
                assert again.names == board.names and again.first_hand == board.first_hand
                assert again.match == board.match


@settings(max_examples=examples(40), deadline=None)
@given(st.sampled_from(PRESET_PLAYERS), st.integers(0, 2**32), st.integers(1, 70), st.integers(0, 3))
def test_lines_of_the_spanish_narration_read_as_they_are(preset_players, seed, moves, seat):
    preset, players = preset_players
    r = played_round(preset, players, seed, moves)
    seat %= players
    with dl.language("es"):
        board = AnalysisBoard.from_round(r, seat)
        text = board.to_text()
        head = [line for line in text.splitlines() if (":" in line and line.split(":")[0] in
                ("reglas", "asientos", "mis fichas", "mano", "sale", "partida")) or line.startswith("regla ")]
        names = ["Tú" if s == seat else name for s, name in enumerate(board.names)]
        told = dl.narrate(board.events, names)
        assert AnalysisBoard.from_text("\n".join(head + told) + "\n").to_text() == text


SPANISH_README_HAND = """reglas: standard
asientos: yo, North
mis fichas: 2-0 6-1 5-2 5-0 0-0 6-5 2-1
yo: salgo con 5-0
North: 5-3 a la izquierda
yo: robo 1 (4-0), 0-0 a la derecha
North: 3-1 a la izquierda
yo: robo 1 (4-3), 2-1 a la izquierda
North: 4-2 a la izquierda
"""


def test_the_board_writes_its_text_in_the_language_of_the_moment():
    board = AnalysisBoard.from_text(README_HAND)
    with dl.language("es"):
        assert board.to_text() == SPANISH_README_HAND
        assert AnalysisBoard.from_text(README_HAND).to_text() == SPANISH_README_HAND
    assert board.to_text() == README_HAND and AnalysisBoard.from_text(SPANISH_README_HAND).to_text() == README_HAND
    headers = ("rules: block\nrule draw_limit: 2\nseats: Ana, me\nmy tiles: 6-4 5-5 3-1 2-2 6-0 1-1 0-0\n"
               "hand: later\nmatch: 45, 80 to 100\nAna: lead 6-6\nme: 6-4 left\nAna: draws 2, 6-5 right\n")
    board = AnalysisBoard.from_text(headers)
    with dl.language("es"):
        spanish = board.to_text()
    assert spanish == ("reglas: block\nregla draw_limit: 2\nasientos: Ana, yo\n"
                       "mis fichas: 6-4 5-5 3-1 2-2 6-0 1-1 0-0\nmano: siguiente\n"
                       "partida: 45, 80 a 100\nAna: sale con 6-6\nyo: 6-4 a la izquierda\nAna: roba 2, 6-5 a la derecha\n")
    assert AnalysisBoard.from_text(spanish).to_text() == board.to_text() == headers
    empty = AnalysisBoard("standard", ["North", "me"], "6-4 5-5 3-1 2-2 6-0 1-1 0-0", leader=1, first_hand=True)
    with dl.language("es"):
        assert empty.to_text().splitlines()[-2:] == ["mano: primera", "sale: yo"]
        assert AnalysisBoard.from_text(empty.to_text()).leader == 1


def test_the_spanish_format_words_and_the_yo_seat():
    text = ("reglas: standard\nasientos: yo, Norte\nmis fichas: 2-0 6-1 5-2 5-0 0-0 6-5 2-1\n"
            "yo: sale con 5-0\nNorte: 5-3 a la izquierda\nTú robas 1 (4-0) y juegas 0-0 a la derecha\n"
            "Norte juega 3-1 a la izquierda\nyo: robo 1 (4-3), 2-1 izquierda\nNorte: 4-2 izquierda\n")
    board = AnalysisBoard.from_text(text)
    assert board.to_text() == README_HAND.replace("North", "Norte")
    with dl.language("es"):
        assert board.evaluate(level="easy").why.startswith("Al imaginar ")
