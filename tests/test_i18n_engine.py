"""The engine's own sentences in Spanish, and answers in the forms a Spanish speaker types.

Blocked-game explanations and ``print(round)``, the reachable-position verdicts, simulation
comparisons and tables, inference summaries and the rule sheets are built in Spanish over
every preset and many hands and checked for English left in them; English itself is checked
byte for byte by the tests of each module (test_round, test_reachable, test_simulation ...).
The answer reader takes "5-1, 2-2 y 2-0", "la b", "66,0", "asiento 2", "sí", "izq" wherever
the English forms are taken, and a wrong answer gets its nudge in Spanish.
"""

from __future__ import annotations

import dataclasses
import html as html_text
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

import dominolab as dl
from dominolab import reachable
from dominolab.exercises.answers import (
    Boolean,
    Choice,
    Integer,
    MoveAnswer,
    Number,
    Sequence,
    Set,
    TileAnswer,
    Unreadable,
)
from dominolab.inference import infer

from .english import english_words
from .positions import rest_of_set
from .test_reachable import build

ROOT = Path(__file__).resolve().parents[1]
#: Code a learner types, left as it is in Spanish texts: `dl.Rules.preset('standard')`.
CODE_SPAN = re.compile(r"`[^`]*`|<code>.*?</code>")


def no_english(text: str) -> None:
    for line in str(text).splitlines():
        assert not english_words(line), (english_words(line), line)


def played_out(rules: dl.Rules, players: int, seed: int) -> list[dl.Round]:
    """The positions of one randomly played hand, every one of them (copies)."""
    rng = random.Random(seed)
    r = dl.Round.deal(rules, players=players, seed=seed)
    out = [r.copy()]
    while not r.is_over:
        r.play(rng.choice(r.legal_moves()))
        out.append(r.copy())
    return out


# ---------------------------------------------------------------------- blocked games, print(round)
@pytest.mark.parametrize("preset", dl.Rules.presets())
def test_blocked_games_and_printed_hands_speak_spanish_in_every_preset(preset: str) -> None:
    rules = dl.Rules.preset(preset)
    blocked = 0
    with dl.language("es"):
        for players in rules.player_counts:
            for seed in range(12):
                for r in played_out(rules, players, seed):
                    text = r.explain_block()
                    if text:
                        blocked += 1
                        no_english(text)
                        assert "extremos" in text
                    no_english(str(r))
    assert blocked, "no blocked layout met: the test saw no explanation"


def test_every_way_a_blocked_game_goes_on_is_said_in_spanish() -> None:
    """Draw-down with and without a draw limit, passes, the floor, no drawing: each variant of
    the explanation, built in Spanish over many hands of rule variations."""
    variants = [
        dl.Rules.preset("standard"),
        dataclasses.replace(dl.Rules.preset("family"), blocked_layout="draw-down"),
        dataclasses.replace(dl.Rules.preset("dutch"), blocked_layout="draw-down"),
        dl.Rules.preset("block"),
        dl.Rules.preset("arabic"),
    ]
    seen: set[str] = set()
    with dl.language("es"):
        for rules in variants:
            for seed in range(30):
                for r in played_out(rules, 2, seed):
                    text = r.explain_block()
                    if text:
                        no_english(text)
                        seen.add(text.split(". ", 1)[1][:20])
    assert len(seen) >= 3, seen


def test_a_blocked_game_in_english_is_unchanged_and_in_spanish_the_same_figures() -> None:
    r = dl.Round.from_position("standard", hands=[["6-6", "0-0"], ["5-5", "3-3"]],
                               line=["4-0", "0-1", "1-4", "4-4", "4-2", "2-3", "3-4", "4-5", "5-6", "6-4"])
    english = r.explain_block()
    assert english is not None and english.startswith("Both ends show 4 and all seven 4s are on the table")
    with dl.language("es"):
        spanish = r.explain_block()
    assert spanish is not None
    assert spanish.startswith("Los dos extremos muestran 4 y las siete fichas con 4 ya están en la mesa")
    no_english(spanish)
    assert r.explain_block() == english


def test_a_printed_hand_in_spanish() -> None:
    r = dl.Round.deal("standard", players=2, seed=4)
    with dl.language("es"):
        text = str(r)
    assert text.splitlines()[0].startswith("Línea:")
    assert "fichas" in text and "Pozo: 14 fichas (2 se quedan siempre)" in text and "<- le toca" in text
    no_english(text)
    assert str(r).splitlines()[-1] == "Boneyard: 14 tiles (2 must stay)"


# ---------------------------------------------------------------------- reachable positions
def _impossible_positions() -> list[tuple[dl.Round, dict[str, object]]]:
    used = "6-6 6-4 4-3 3-3 3-1 1-1 1-5 5-5 5-0"
    hunt = dataclasses.replace(dl.Rules.preset("partnership"), first_leader="top-double",
                               lead_tile="highest-double")
    deal = dl.Round.deal(hunt, 4, seed=3)
    tile = next(t for t in deal.hands[deal.leader] if t != dl.Tile(6, 6))
    return [
        (build("basic", hands=["6-1 5-5", "3-3 2-0", "4-5 6-6"], line="6-4", boneyard=""), {}),
        (build(hands=["6-2 5-5 4-1 3-0", "5-4 2-2 1-1 2-0 6-5"], line="6-6 6-4 4-3"), {}),
        (build(hands=["6-4 0-0", "6-6 5-5 3-3"], line="4-0 0-1 1-4 4-4 4-2 2-3 3-4 4-5 5-6"), {}),
        (build(hands=["6-2 5-5 4-1 3-0 1-1 0-0", "5-4 2-2 1-0 2-0 6-5 4-4 3-3"], line="6-6", turn=0), {}),
        (build("family", hands=["6-2 5-5 4-1 3-0 1-1 2-0", "5-4 2-2 1-0 4-4 3-2 5-1 4-0"], line="6-6"), {}),
        (build("dutch", hands=["6-2 5-5 4-1 3-0 1-1 0-0", "5-4 2-2 1-0 2-0 4-4 4-0 3-2 2-1 3-3 5-1 6-5 6-4"],
               line="6-6", turn=1), {}),
        (build("block", hands=["6-2 5-5 4-1 3-0 1-1 0-0", "5-4 2-2 1-0 2-0 6-5 4-4 4-0 3-2"], line="6-6 6-4"), {}),
        (build(hands=["6-2 4-1", rest_of_set(used, "6-2 4-1", "2-1")], line=used, boneyard="2-1"), {}),
        (build(hands=["6-2 5-5 4-1 3-0 1-1 0-0 2-1", "5-4 2-2 1-0 2-0 6-5 4-4 4-0 3-2"]), {}),
        (build("dutch", hands=["6-2 5-5 4-1 3-0 1-1 0-0", "5-4 2-2 1-0 2-0 4-4 4-0 3-2 2-1 3-3 5-1"],
               line="6-6", turn=1, turn_draws=3), {}),
        (build(hands=["6-2 5-5 4-1 3-0 1-1", "5-4 2-2 1-0 2-0 4-4 4-0 3-2 2-1 3-3"], line="6-6", turn=1), {}),
        (build("basic", hands=["6-6 5-5 4-1 3-0 1-1 0-0", "5-4 2-2 1-0 2-0 6-5 4-0"], line="6-4 4-4"), {}),
        (dl.Round.from_position(hunt, hands=[[t for t in h if t != tile] for h in deal.hands], line=[tile],
                                turn=(deal.leader + 1) % 4), {"first_hand": True}),
        (build(hands=["6-6 5-5 4-4 3-3 2-1 1-0 4-0", "6-5 2-2 5-1 2-0 6-4 5-4 3-2"],
               rule_changes={"redeal_doubles": 4}), {}),
        (build(hands=["6-6 6-5 6-4 6-3 6-2 1-0 4-0", "5-5 2-2 5-1 2-0 3-3 5-4 3-2"],
               rule_changes={"redeal_suit": 5}), {}),
    ]


def test_every_impossible_position_is_named_in_spanish() -> None:
    codes: set[str] = set()
    for position, options in _impossible_positions():
        english = str(reachable.check(position, **options))  # type: ignore[arg-type]
        with dl.language("es"):
            verdict = reachable.check(position, **options)  # type: ignore[arg-type]
            text = str(verdict)
            assert text.startswith("imposible en una mano real:"), text
            no_english(text)
            with pytest.raises(reachable.UnreachableError) as error:
                reachable.require(position, **options)  # type: ignore[arg-type]
            no_english(str(error.value))
        assert english.startswith("not reachable:")
        assert verdict.codes == reachable.check(position, **options).codes  # type: ignore[arg-type]
        codes.update(verdict.codes)
    assert codes >= set(reachable.CODES) - {"players", "went-out", "zero-pips", "too-many-pips", "parity"}


@pytest.mark.parametrize("preset", dl.Rules.presets())
def test_positions_and_pip_totals_in_every_preset_are_judged_in_spanish(preset: str) -> None:
    rules = dl.Rules.preset(preset)
    rng = random.Random(preset)
    with dl.language("es"):
        assert str(reachable.check(dl.Round.deal(rules, players=rules.player_counts[0], seed=1))).startswith(
            "posible:")
        for players in rules.player_counts:
            for seed in range(8):
                for r in played_out(rules, players, seed)[::5]:
                    no_english(str(reachable.check(r)))
                tiles = list(rules.tiles)
                rng.shuffle(tiles)
                hands, start = [], 0
                for _seat in range(players):
                    size = rng.randint(0, min(9, (len(tiles) - 1) // players))
                    hands.append(tiles[start:start + size])
                    start += size
                try:
                    position = dl.Round.from_position(rules, hands=hands, line=[tiles[start]],
                                                      turn=rng.randrange(players))
                except ValueError:  # a start these rules forbid outright (an empty hand, one too big)
                    pass
                else:
                    no_english(str(reachable.check(position)))
                pips = [rng.randint(0, 60) for _ in range(players)]
                for went_out in (None, *range(players)):
                    no_english(str(reachable.end_of_hand(rules, pips, went_out=went_out)))
                no_english(str(reachable.end_of_hand(rules, [0] * players)))
                no_english(str(reachable.end_of_hand(rules, [0] * (players + 3))))


def test_the_parity_of_a_blocked_hand_in_spanish() -> None:
    with dl.language("es"):
        text = str(reachable.end_of_hand("family", pips=[10, 14, 15]))
    assert "(suma 168, que es par); 10 + 14 + 15 = 39 es impar" in text
    assert "par o impar igual que el total" not in text  # said as a player says it (issue 45)
    no_english(text)


# ---------------------------------------------------------------------- simulation, inference
def test_a_simulation_comparison_and_table_in_spanish_with_decimal_commas() -> None:
    result = dl.simulate("standard", ["greedy", "random"], rounds=30, seed=3, progress=False)
    english = str(result.compare(0, 1))
    with dl.language("es"):
        comparison = str(result.compare(0, 1))
        table = result.table()
        html = result._repr_html_()
    assert english.startswith("greedy v random: greedy won")
    assert comparison.startswith("Botagorda contra Azar: Botagorda ganó")
    assert re.search(r"\d,\d", comparison) and not re.search(r"\d\.\d", comparison)
    for text in (comparison, table, re.sub(r"<[^>]+>", " ", html)):
        no_english(text)
    assert "semilla 3" in table and "puntos/mano" in html


def test_an_inference_summary_in_spanish() -> None:
    from dominolab.exercises import counting

    view = counting.pass_position().view(0)
    inference = infer(view)
    with dl.language("es"):
        plain = inference.summary()
        named = inference.summary(["Tú", "Oeste", "Norte"][:view.players])
    assert "no tiene" in plain
    no_english(plain)
    no_english(named)
    assert "has no" in inference.summary()


# ---------------------------------------------------------------------- the rule sheets
def test_the_spanish_rule_sheets_are_current_and_spanish() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "rules_sheets.py"), "--check", "--language", "es"],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    folder = ROOT / "docs" / "teachers" / "es" / "reglas"
    sheets = sorted(folder.glob("*.md"))
    assert len(sheets) == len(dl.Rules.presets()) + 1
    for sheet in [*sheets, *folder.glob("*.html")]:
        text = CODE_SPAN.sub(" ", sheet.read_text(encoding="utf-8"))
        if sheet.suffix == ".html":
            text = html_text.unescape(re.sub(r"<style>.*?</style>|<[^>]+>", " ", text, flags=re.S))
        no_english(text)
    assert '<html lang="es">' in (folder / "standard.html").read_text(encoding="utf-8")


# ---------------------------------------------------------------------- answers
def read(kind: object, answer: object) -> object:
    return kind.read(answer)  # type: ignore[attr-defined]


@pytest.mark.parametrize(("kind", "answers", "value"), [
    (Sequence(TileAnswer()), ["5-1, 2-2 y 2-0", "5-1, 2-2 Y 2-0", " 5-1 , 2-2  y  2-0 ", "5-1, 2-2, 2-0"],
     (dl.Tile(5, 1), dl.Tile(2, 2), dl.Tile(2, 0))),
    (Set(TileAnswer()), ["2-0 y 5-1", "5-1, 2-0"], frozenset({dl.Tile(5, 1), dl.Tile(2, 0)})),
    (Choice(("a", "b", "c")), ["la b", "b", "B", "La B", "(b)", "la opción b", "opcion b", "respuesta b", "la letra b"],
     "b"),
    (Number(places=1), ["66,0", "66.0", "66", " 66,0 "], 66),
    (Integer(), ["66,0", "66", "66.0"], 66),
    (Integer(), ["asiento 2", "Asiento 2", "el asiento 2", "asiento2", "seat 2", "2"], 2),
    (Sequence(Integer()), ["asiento 1, asiento 0 y asiento 3", "1, 0 y 3"], (1, 0, 3)),
    (Sequence(Number(places=2)), ["0,5, 0,25 y 0,1", "0,5; 0,25; 0,1", "0.5, 0.25, 0.1"], (0.5, 0.25, 0.1)),
    (Boolean(), ["sí", "si", "Sí", "SI", " sí ", "¡Sí!", "verdadero", "cierto", "verdad", "True", "yes"], True),
    (Boolean(), ["no", "No", "NO.", "falso", "False"], False),
    (MoveAnswer(), ["6-4 izquierda", "6-4 izq", "6-4 a la izquierda", "6-4 IZQUIERDA", "  6-4   izq ",
                    "juego 6-4 a la izquierda", "6-4 left"], dl.Play("6-4", "left")),
    (MoveAnswer(), ["6-4 derecha", "6-4 der", "6-4 a la derecha", "6-4 Der", "6-4 right"], dl.Play("6-4", "right")),
    (MoveAnswer(), ["robar", "Robar", "robo", "robar del pozo", "draw"], dl.Draw()),
    (MoveAnswer(), ["pasar", "paso", "¡Paso!", "pass"], dl.Pass()),
])
def test_spanish_answer_forms_are_read_as_the_english_ones(kind: object, answers: list[str], value: object) -> None:
    from decimal import Decimal

    def same(given: object) -> bool:
        if isinstance(value, tuple) and value and isinstance(value[0], float):
            return tuple(map(Decimal, map(str, value))) == tuple(Decimal(str(v)) for v in given)  # type: ignore[attr-defined]
        return given == value

    for language in ("en", "es"):
        with dl.language(language):
            for answer in answers:
                assert same(read(kind, answer)), (language, answer, read(kind, answer))


@pytest.mark.parametrize(("kind", "answer", "words"), [
    (Choice(("a", "b", "c")), "la d", "se esperaba"),
    (Integer(), "asiento dos", "cifras"),
    (Integer(), "dos", "cifras"),
    (Integer(), "66,000", "se esperaba"),
    (Boolean(), "quizás", "se esperaba"),
    (MoveAnswer(), "6-4 arriba", "se esperaba"),
    (Sequence(TileAnswer()), "5-1, 2-2 y x", "elemento"),
    (Number(places=1), "sesenta", "se esperaba"),
    (TileAnswer(), 4, "entre comillas"),
])
def test_wrong_spanish_answers_get_a_spanish_nudge(kind: object, answer: object, words: str) -> None:
    with dl.language("es"):
        with pytest.raises(Unreadable) as problem:
            read(kind, answer)
    message = problem.value.message
    assert words in message, message
    no_english(message)


def test_english_readings_and_nudges_are_unchanged() -> None:
    with pytest.raises(Unreadable) as problem:
        Integer().read("two")
    assert problem.value.message == "expected a whole number, such as 12; got the text 'two'."
    with pytest.raises(Unreadable) as problem:
        Choice(("a", "b", "c")).read("the d")
    assert problem.value.message.startswith("expected one of 'a', 'b' or 'c'")
    assert Choice(("a", "b", "c")).read("the b") == "b"  # newly read as a teacher reads it (issue 45)
    assert Sequence(Integer()).read("1, 2, 3") == (1, 2, 3)
    with pytest.raises(Unreadable):
        Integer().read("1,000")


# ---------------------------------------------------------------------- tiles
def test_tiles_in_words_and_tile_errors_in_spanish() -> None:
    with dl.language("es"):
        assert [dl.Tile(6, 4).spoken, dl.Tile(0, 0).spoken, dl.Tile(5, 1).spoken] == [
            "seis-cuatro", "doble blanco", "cinco-uno"]
        for bad in ("6/4x", "", "7-x"):
            with pytest.raises(ValueError) as error:
                dl.Tile.parse(bad)
            assert "ficha" in str(error.value)
            no_english(str(error.value))
        with pytest.raises(ValueError) as error:
            dl.Tile(6, 4).other(2)
        no_english(str(error.value))
    assert (dl.Tile(6, 4).spoken, dl.Tile(0, 0).spoken) == ("six-four", "double-blank")
    with pytest.raises(ValueError, match="cannot read '7-x' as a tile; write it like '6-4'"):
        dl.Tile.parse("7-x")
