"""The answer reader (dominolab.exercises.answers): every kind, its forms and its refusals."""

import itertools
import math
import re
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

import dominolab as dl
from dominolab.exercises.answers import (
    MAX_ITEMS,
    PASSES,
    Boolean,
    Choice,
    Code,
    Failed,
    Integer,
    MoveAnswer,
    Number,
    Sequence,
    Set,
    TileAnswer,
    Unreadable,
    call,
    describe,
    whole_number,
)


def _glossary() -> str:
    """The Spanish glossary's text, which lives in the checkout's docs (the Pyodide run holds
    only the tests)."""
    path = Path(__file__).resolve().parent.parent / "docs" / "teachers" / "es" / "glosario.md"
    if not path.is_file():
        pytest.skip("the glossary is in the checkout's docs/, not beside the tests")
    return path.read_text()


def refusal(kind, answer):
    """The plain message with which ``kind`` refuses ``answer``."""
    with pytest.raises(Unreadable) as caught:
        kind.read(answer)
    message = caught.value.message
    assert message and "Error" not in message and "Traceback" not in message and " at 0x" not in message
    return message


class Explosive:
    """An answer whose every special method raises."""

    def __eq__(self, other):
        raise RuntimeError("eq")

    __hash__ = None

    def __iter__(self):
        raise RuntimeError("iter")

    def __str__(self):
        raise RuntimeError("str")

    def __repr__(self):
        raise RuntimeError("repr")

    def __float__(self):
        raise RuntimeError("float")

    def __index__(self):
        raise RuntimeError("index")


# --- Number ------------------------------------------------------------------------------

@pytest.mark.parametrize("answer", [0.381, 8 / 21, "0.381", " 0.381 ", "0.3810", "0.38095", "'0.381'", "8/21",
                                    Fraction(8, 21), Decimal("0.381"), 0.3805, "0.3805"])
def test_number_reads_every_form_at_the_stated_precision(answer):
    assert Number(places=3).read(answer) == Decimal("0.381")


def test_number_rounds_half_up_as_taught_in_school():
    # 0.0625 is exact in binary: half up gives 0.063 (half even would give 0.062).
    assert Number(places=3).read(0.0625) == Decimal("0.063")
    assert Number(places=3).read(0.3804) == Decimal("0.380")
    assert Number(places=0).read("23.4") == Decimal("23")
    assert Number(places=2).read(-0.125) == Decimal("-0.13")


def test_number_percent_only_where_a_share_is_asked():
    share = Number(places=3, percent=True)
    assert share.read("38.1%") == share.read(" 38.1 % ") == Decimal("0.381")
    assert share.read("38.095%") == Decimal("0.381")
    assert "%" in refusal(Number(places=3), "38.1%")


@pytest.mark.parametrize("answer", [True, False, "abc", "", "   ", "0.3.1", "1/0", float("nan"), float("inf"),
                                    float("-inf"), Decimal("NaN"), Decimal("Infinity"), [0.381], (0.381,), {0.381},
                                    b"0.381", object(), Explosive(), 10**100000, "9" * 2000,
                                    itertools.repeat(0.381), None, 1 + 2j], ids=describe)
def test_number_refuses_other_kinds_plainly(answer):
    message = refusal(Number(places=3), answer)
    assert "number" in message or "text" in message or "fraction" in message


def test_number_refusal_names_what_was_expected_and_what_was_given():
    assert refusal(Number(places=3), [1]) == "expected a number to 3 decimal places, such as 0.125; got a list."
    assert refusal(Number(places=3), float("nan")).endswith("got nan (not a number).")
    assert "far too large" in refusal(Number(places=3), 10**1000)


def test_number_reads_huge_exponents_without_working_on_them():
    big = Number(places=3).read("1e9999")
    assert big != Number(places=3).read(0.381)
    assert Number(places=3).read("1e-9999") == Decimal("0")


def test_number_near_misses_explain_the_form_not_the_reasoning():
    share = Number(places=3, percent=True)
    expected = 8 / 21
    assert "2 decimal places" in share.near(0.38, expected)
    assert "1 decimal place;" in share.near("0.4", expected)
    assert "cutting the number short" in share.near(0.628, 1 - 78 / 210)
    assert "between 0 and 1" in share.near(38.1, expected)
    assert share.near(0.5, expected) is None
    assert share.near(0.2, expected) is None  # one decimal place, but 0.2 is not 0.4
    assert share.near(0, expected) is None  # a whole number is not "less precise"
    assert Number(places=3).near(38.1, expected) is None  # not a share: no percent remark


def test_number_rejects_bad_places():
    with pytest.raises(ValueError):
        Number(places=-1)
    with pytest.raises(ValueError):
        Number(places=True)


# --- Integer -------------------------------------------------------------------------------

@pytest.mark.parametrize("answer", [23, "23", " 23 ", "+23", "'23'", 23.0, "23.0", Fraction(46, 2), Decimal("23.00")])
def test_integer_reads_every_form(answer):
    value = Integer().read(answer)
    assert value == 23 and type(value) is int


def test_integer_refuses_fractions_and_other_kinds():
    assert "not a whole number" in refusal(Integer(), 23.5)
    assert "not a whole number" in refusal(Integer(), Fraction(1, 2))
    for answer in (True, "23.5", "twenty-three", "", float("nan"), float("inf"), [23], (23,), b"23", object(),
                   Explosive(), "1" * 5000):
        assert refusal(Integer(), answer)


def test_integer_refuses_huge_numbers_without_turning_them_into_text():
    assert Integer().read(2**200) == 2**200
    assert refusal(Integer(), 10**100000) == "a number with about 100001 digits is far too large to be the answer."
    assert refusal(Integer(), -(10**5000)).endswith("is far too large to be the answer.")


# --- Boolean -------------------------------------------------------------------------------

@pytest.mark.parametrize(("answer", "value"), [(True, True), (False, False), ("True", True), ("false", False),
                                               (" TRUE ", True), ("yes", True), ("No", False), ("'False'", False)])
def test_boolean_reads_words(answer, value):
    assert Boolean().read(answer) is value


@pytest.mark.parametrize("answer", [1, 0, 1.0, "maybe", "", "t", [True], None, object(), Explosive()], ids=describe)
def test_boolean_refuses_other_kinds(answer):
    assert refusal(Boolean(), answer).startswith("expected True or False")


def test_numpy_values_read_like_python_values():
    np = pytest.importorskip("numpy")
    assert Boolean().read(np.bool_(True)) is True
    assert Integer().read(np.int64(23)) == 23
    assert Number(places=3).read(np.float64(8 / 21)) == Decimal("0.381")
    assert Sequence(Integer(), length=2).read(np.array([0, 0])) == (0, 0)


# --- Choice --------------------------------------------------------------------------------

COMPONENTS = Choice(dl.StrategyPlayer.COMPONENTS, what="a component's name", example="'blocking'",
                    unknown="there is no component called {answer}.")


@pytest.mark.parametrize("answer", ["suit_control", "suit control", "Suit-Control", " SUIT_CONTROL ", "suitcontrol",
                                    "'suit_control'", "suit__control"])
def test_choice_ignores_case_spaces_hyphens_and_underscores(answer):
    assert COMPONENTS.read(answer) == "suit_control"


def test_choice_reads_letters_and_aliases():
    letters = Choice("abc")
    assert letters.read("B") == letters.read("(b)") == letters.read("b)") == letters.read(" b ") == "b"
    named = Choice(("strategy", "random"), aliases={"strategist": "strategy"})
    assert named.read("Strategist") == "strategy"


def test_choice_refusals():
    assert refusal(COMPONENTS, "suits") == "there is no component called 'suits'."
    assert refusal(COMPONENTS, "x" * 500) == f"there is no component called {'x' * 37 + '...'!r}."
    assert refusal(Choice("abc"), "d") == "expected one of 'a', 'b' or 'c'; got the text 'd'."
    assert refusal(Choice("abc"), 1) == "expected one of 'a', 'b' or 'c' (as text, in quotes); got the number 1."
    assert "between the quotes" in refusal(Choice("abc"), "  ")


def test_choice_names_must_read_differently():
    with pytest.raises(ValueError):
        Choice(("suit_control", "suit-control"))
    with pytest.raises(ValueError):
        Choice(("a", "b"), aliases={"c": "d"})


# --- tiles and moves -----------------------------------------------------------------------

@pytest.mark.parametrize("answer", [dl.Tile(6, 4), "6-4", "4-6", " 6|4 ", "[6|4]", (6, 4), [4, 6], "'6-4'",
                                    "six-four", "seis-cuatro", "la ficha 6-4", "6–4", "6—4.", "6\u22124"])
def test_tile_reads_every_form(answer):
    assert TileAnswer().read(answer) is dl.Tile(6, 4)


@pytest.mark.parametrize("answer", ["6-", "six-fourteen", (6,), (6, 4, 1), (True, 1), (6, 40), (6, 2**80), 64, 6.4,
                                    dl.Play("6-4", "left"), object(), Explosive()], ids=describe)
def test_tile_refuses_other_kinds(answer):
    assert refusal(TileAnswer(), answer).startswith("expected a tile")


def test_move_reads_moves_and_text():
    move = MoveAnswer()
    assert move.read(dl.Play("6-4", "right")) is move.read("6-4 right") is move.read("play 4-6 right")
    assert move.read("DRAW") is dl.Draw() and move.read(" pass ") is dl.Pass()
    assert move.show(move.read("6-4 right")) == "'6-4 right'" and move.show(dl.Draw()) == "'draw'"
    for answer in ("jump", "6-4 up", 6):
        assert refusal(move, answer).startswith("expected a move")


@pytest.mark.parametrize("answer", ["6-4 on the right", "plays 6-4 on the right", "6-4 on the right end",
                                    "play 4-6 on the right.", "6-4 right", "'6-4 r'"])
def test_move_reads_the_engines_own_wording(answer):
    assert MoveAnswer().read(answer) is dl.Play("6-4", "right")


def test_move_reads_a_tile_as_the_tile_alone():
    assert MoveAnswer().read(dl.Tile(6, 4)) is MoveAnswer().read("6-4")
    assert MoveAnswer().read("to draw") is dl.Draw() and MoveAnswer().read("passes") is dl.Pass()


@pytest.mark.parametrize("kind", [MoveAnswer(), TileAnswer()])
def test_an_unquoted_tile_is_explained_as_a_subtraction(kind):
    assert "put it in quotes, '5-1'" in refusal(kind, 5 - 1)
    assert "quotes" not in refusal(kind, 1234)


@pytest.mark.parametrize("value, whole", [(25, 25), (25.0, 25), (-3, -3), (25.5, None), ("25", None), (True, None),
                                          (float("nan"), None), (float("inf"), None), (None, None), ([4], None)])
def test_whole_number_takes_only_exact_whole_numbers(value, whole):
    assert whole_number(value) == whole


# --- sequences and sets --------------------------------------------------------------------

PAIR = Sequence(Boolean(), length=2, order="standard first")


@pytest.mark.parametrize("answer", [(True, False), [True, False], ("true", "no"), "True, False", "(True, False)",
                                    "[True, False]", "True False", iter([True, False])])
def test_sequence_reads_lists_tuples_and_text(answer):
    assert PAIR.read(answer) == (True, False)


def test_sequence_refusals():
    assert "order matters" in refusal(PAIR, {True, False})
    assert refusal(PAIR, (True,)) == ("expected a list or tuple of 2 True/False values (standard first); "
                                      "got 1 item.")
    assert refusal(PAIR, (True, "maybe")) == "item 2: expected True or False; got the text 'maybe'."
    assert refusal(PAIR, {"a": True}).endswith("got a dict.")
    assert refusal(PAIR, b"TF").endswith("got bytes.")
    assert f"more than {MAX_ITEMS} items" in refusal(PAIR, itertools.repeat(True))
    assert f"more than {MAX_ITEMS} items" in refusal(PAIR, range(10**12))


def test_sequence_near_miss_is_the_order():
    assert PAIR.near((False, True), (True, False)) == "those are the right values, but in the wrong order: standard first."
    assert PAIR.near((False, False), (True, False)) is None


TILES = Set(TileAnswer())


@pytest.mark.parametrize("answer", [{"6-1", "4-2"}, ["4-2", "6-1"], ("1-6", "2-4"), [(6, 1), (4, 2)],
                                    {dl.Tile(6, 1), dl.Tile(4, 2)}, "6-1, 4-2", "6-1 4-2", "{'6-1', '4-2'}",
                                    "{6-1, 4-2}", ["6-1", "4-2", "1-6"], (t for t in ("6-1", "4-2"))])
def test_set_reads_any_collection_regardless_of_order_and_repeats(answer):
    assert TILES.read(answer) == frozenset({dl.Tile(6, 1), dl.Tile(4, 2)})


def test_set_reads_a_lone_item_as_a_set_of_one():
    assert TILES.read(dl.Tile(6, 1)) == TILES.read((6, 1)) == TILES.read("6-1") == frozenset({dl.Tile(6, 1)})
    assert Set(Integer()).read(4) == frozenset({4})


def test_set_reads_a_dict_by_its_keys():
    # inference.known_voids gives {number: ...}; its keys are the numbers.
    assert Set(Integer()).read({1: 1, 4: 1}) == frozenset({1, 4})


def test_set_refusals():
    assert refusal(TILES, "xyz") == "expected a set of tiles; got the text 'xyz'."
    assert refusal(TILES, "6-1, 9-x").startswith("one of the items: expected a tile")
    assert f"more than {MAX_ITEMS} items" in refusal(TILES, itertools.count())
    assert refusal(TILES, "") == "expected a set of tiles; got an empty text: write the answer between the quotes."


def test_show_writes_values_as_a_learner_would_type_them():
    assert TILES.show(TILES.read({"6-1", "4-2"})) == "{'4-2', '6-1'}"
    assert Set(Integer()).show(frozenset()) == "set()"
    assert PAIR.show((True, False)) == "(True, False)"
    assert Sequence(Integer()).show((3,)) == "(3,)"
    assert Number(places=3).show(Number(places=3).read(8 / 21)) == "0.381"


# --- describe --------------------------------------------------------------------------------

def test_describe_never_calls_the_answers_own_methods():
    assert describe(Explosive()) == "an object of type Explosive"
    assert describe(object()) == "a plain object"
    assert describe("x" * 10**6) == "a text of 1000000 characters"
    assert describe("") == "an empty text"
    assert describe([1]) == "a list" and describe({}) == "a dict" and describe(frozenset()) == "a set"
    assert describe(dl.Tile(6, 4)) == "the tile 6-4"
    assert describe(itertools.repeat(1)) == "an object of type repeat"
    assert describe(float("inf")) == "the number inf" and describe(math.nan) == "nan (not a number)"
    assert describe(dl.Round) == "the class Round"
    assert describe(dl.tile_set).startswith("the function tile_set itself; to use its result, call it")
    assert describe(print).startswith("the function print itself")
    assert describe(dl.Rules.preset("standard").target_for).startswith("the function target_for itself")


# --- Code ------------------------------------------------------------------------------------

def _tester(function):
    """A tester in the style of the exercises': square(n) must give n * n for 0 to 9."""
    for n in range(10):
        try:
            got = call(function, n, shown=f"square({n})")
        except Failed as failed:
            return failed.message
        if got != n * n:
            return f"square({n}) returned {describe(got)}, but it should be {n * n}."
    return None


def code_refusal(kind, answer):
    """The message with which a Code kind refuses ``answer`` (it may name an exception)."""
    with pytest.raises(Unreadable) as caught:
        kind.read(answer)
    assert "Traceback" not in caught.value.message and " at 0x" not in caught.value.message
    return caught.value.message


def test_code_runs_the_learners_function_and_says_which_case_fails():
    kind = Code(_tester, what="a function square(n)")
    assert kind.read(lambda n: n * n) == PASSES
    assert code_refusal(kind, lambda n: 2 * n) == "square(1) returned the number 2, but it should be 1."
    assert code_refusal(kind, lambda: 1).startswith("calling square(0) stopped with TypeError: ")
    assert code_refusal(kind, lambda n: 1 / 0) == "calling square(0) stopped with ZeroDivisionError: division by zero."
    assert code_refusal(kind, 42) == "expected a function square(n); got the number 42."
    assert code_refusal(kind, int) == "expected a function square(n); got the class int: define a function with def."
    assert kind.show(PASSES) == "code that passes every case"


def test_code_for_classes_takes_a_class_or_an_object_with_choose():
    seen = []
    kind = Code(lambda answer: seen.append(answer) or None, what="a player class", classes=True)

    class Player:
        def choose(self, view):
            return None

    assert kind.read(Player) == PASSES and kind.read(Player()) == PASSES
    assert code_refusal(kind, lambda view: 1) == \
        "expected a player class; got the function (unnamed) itself; to use its result, call it with ( )."
    assert len(seen) == 2


def test_an_unwritten_body_is_not_attempted():
    kind = Code(_tester, what="a function square(n)")

    def blank(n):
        ...  # write your code here

    def written(n):
        return n * n

    class Blank:
        def choose(self, view):
            pass

    assert not kind.attempted(blank) and kind.attempted(written) and not kind.attempted(Blank)
    assert kind.attempted(42) and kind.attempted(lambda n: n)  # other answers are read (and refused) as usual
    # Bodies that differ from a blank one only in their constants (Python 3.14 compiles them alike).
    assert kind.attempted(lambda n: False) and kind.attempted(lambda n: 1) and kind.attempted(lambda: True)


def test_call_reports_a_hostile_exception_plainly():
    class Hostile(Exception):
        def __str__(self):
            raise RuntimeError("no text")

    def raises(_):
        raise Hostile()

    with pytest.raises(Failed) as caught:
        call(raises, 1, shown="f(1)")
    assert caught.value.message == "calling f(1) stopped with Hostile."


def test_a_move_is_read_against_its_position():
    """Given the position, a lead counts on either end, a tile with no end goes where it
    fits, and a tile that fits both ends must name one."""
    lead = dl.Round.deal("standard", 2, seed=1)
    kind = MoveAnswer(position=lambda: lead.view(lead.turn))
    tile = lead.legal_moves()[0].tile
    assert kind.read(f"{tile} right") == kind.read(f"{tile} left") == kind.read(f"lead {tile}") == kind.read(str(tile))
    r = dl.Round.from_position("standard", hands=[["6-2", "4-3", "1-1"], ["5-5", "0-0", "2-2"]],
                               line=["6-3"], turn=0)
    kind = MoveAnswer(position=lambda: r.view(0))
    assert kind.read("4-3") == dl.Play("4-3", "right")
    assert kind.read("6-2") == dl.Play("6-2", "left")
    assert kind.read("4-3 left") == dl.Play("4-3", "left")  # not legal: judged as given
    both = dl.Round.from_position("standard", hands=[["6-3", "1-1"], ["5-5", "0-0"]], line=["6-4", "4-3"], turn=0)
    with pytest.raises(Unreadable, match="fits both ends"):
        MoveAnswer(position=lambda: both.view(0)).read("6-3")
    assert MoveAnswer().read("6-3") == dl.Play("6-3", "left")  # no position: as written


# --- answers read as a teacher reads them (issue 45) ---------------------------------------

def test_articles_before_an_answer_are_read_past():
    assert MoveAnswer().read("el 2-0 a la derecha") == dl.Play("2-0", "right")
    assert Set(Integer(suits=True)).read("el 1 y el 6") == frozenset({1, 6})
    assert Integer().read("el 23") == 23
    assert TileAnswer().read("la ficha 6-4") is dl.Tile(6, 4)


def test_units_after_a_number_are_read_past():
    assert Integer().read("23 puntos") == Integer().read("23 points") == Integer().read("23 tantos") == 23
    assert Integer().read("66 fichas") == Integer().read("66 tiles") == 66
    assert Number(places=1).read("0,5 puntos") == Decimal("0.5")


@pytest.mark.parametrize("answer", ["23.", "23!", "¡23!", "«23»", "“23”", "'23'.", " 23 \u00a0"])
def test_marks_around_an_answer_are_read_past(answer):
    assert Integer().read(answer) == 23


@pytest.mark.parametrize("dash", ["-", "\u2013", "\u2014", "\u2212", "\u2010", "\u2011", "\uff0d"])
def test_every_kind_of_dash_joins_a_tiles_halves(dash):
    assert TileAnswer().read(f"2{dash}0") is dl.Tile(2, 0)
    assert MoveAnswer().read(f"2{dash}0 a la derecha") == dl.Play("2-0", "right")


@pytest.mark.parametrize("name, tile", [("doble dos", (2, 2)), ("dos-blanco", (2, 0)), ("double two", (2, 2)),
                                        ("double-blank", (0, 0)), ("two-blank", (2, 0)), ("seis-cuatro", (6, 4)),
                                        ("la mula de seis", (6, 6)), ("el doble blanco", (0, 0))])
def test_the_tile_names_the_program_writes_read_back(name, tile):
    assert TileAnswer().read(name) is dl.Tile(*tile)


def test_tile_spoken_reads_back_in_both_languages():
    for language in ("en", "es"):
        with dl.language(language):
            for tile in dl.tile_set(6):
                assert TileAnswer().read(tile.spoken) is tile, tile.spoken


def test_plural_suit_words_name_numbers_where_suits_are_asked():
    suits = Set(Integer(suits=True))
    assert suits.read("los treses y los cincos") == suits.read("the threes and the fives") == frozenset({3, 5})
    assert suits.read("los blancos y los seises") == frozenset({0, 6})


@pytest.mark.parametrize("answer", ["robar", "robo", "robar del pozo", "coger", "cojo del pozo", "tomar",
                                    "tomo una ficha del montón", "agarrar", "agarro del pozo", "voy al pozo",
                                    "draw", "draw a tile", "I draw"])
def test_every_word_for_drawing_the_glossary_lists_reads_as_a_draw(answer):
    assert MoveAnswer().read(answer) == dl.Draw()


def test_every_draw_word_in_the_spanish_glossary_is_read():
    glossary = _glossary()
    row = next(line for line in glossary.splitlines() if line.startswith("| robar"))
    words = re.findall(r"(\w+) \(España\)|, (\w+), (\w+) \(varía", row)
    regional = {w for group in words for w in group if w}
    assert regional >= {"coger", "tomar", "agarrar"}
    for word in regional:
        assert MoveAnswer().read(word) == dl.Draw(), word


def test_a_single_item_where_a_list_is_asked():
    moves = Set(MoveAnswer())
    assert moves.read("6-0 a la izquierda") == frozenset({dl.Play("6-0", "left")})
    assert moves.read("6-0 on the left") == frozenset({dl.Play("6-0", "left")})
    assert Set(Integer()).read("3") == frozenset({3})


def test_a_number_is_echoed_as_the_student_wrote_it():
    near = Number(places=3).near("0,44", 0.4444)
    assert "0,44" in near and "0.44" not in near
    assert "0.44" in Number(places=3).near("0.44", 0.4444)
    share = Number(places=3, percent=True).near("44,4", 0.444)
    assert "44,4" in share and "0,444" in share


def test_the_analysis_boards_move_text_goes_through_the_same_reader():
    from dominolab.analysis_text import moves_of

    assert moves_of("el 2–0 a la derecha", mine=False) == [("play", dl.Tile(2, 0), "right")]
    assert moves_of("el doble dos por la izquierda", mine=False) == [("play", dl.Tile(2, 2), "left")]
    assert moves_of("cojo del montón", mine=False)[0][0] == "draw"
    assert moves_of("toco la mesa", mine=False) == [("pass", None, None)]


def test_a_puzzle_reads_answers_with_the_same_reader():
    from dominolab import puzzles

    puzzle = puzzles.load()[0]
    assert puzzle.best == dl.Play("2-0", "left")
    with dl.language("es"):
        for answer in ("el 2-0 a la izquierda.", "dos-blanco por la izquierda", "2–0 I", "juego el 2-0 a la izquierda"):
            assert puzzle.evaluate(answer).correct, answer


def test_the_glossarys_claims_about_answers_hold():
    """docs/teachers/es/glosario.md lists the table words the answers read: each one is read."""
    glossary = _glossary()
    assert "*coger*, *tomar* y *agarrar*" in glossary and "*tocar la mesa* es pasar" in glossary
    for word in ("coger", "tomar", "agarrar", "ir al pozo"):
        assert MoveAnswer().read(word) == dl.Draw(), word
    assert MoveAnswer().read("tocar la mesa") == dl.Pass()
    assert TileAnswer().read("la mula de seis") is TileAnswer().read("caja de muerto") is dl.Tile(6, 6)
    assert TileAnswer().read("chancho de tres") is dl.Tile(3, 3) and TileAnswer().read("blanquizal") is dl.Tile(0, 0)
    for end in ("punta", "cabeza", "brazo"):
        assert MoveAnswer().read(f"el 2-0 por la {end} derecha") == dl.Play("2-0", "right")
    assert Integer().read("23 puntos") == 23
    assert Set(Integer(suits=True)).read("los treses y los cincos") == frozenset({3, 5})
    assert TileAnswer().read("doble dos") is dl.Tile(2, 2) and TileAnswer().read("dos-blanco") is dl.Tile(2, 0)
