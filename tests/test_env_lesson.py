"""Lesson 8, "Teach the computer": its exercises (right answers in their natural forms, wrong
ones with their own nudge, the code of every hint and solution runs and finds the answer, in
English and in Spanish), its notebooks (each exercise asked as the module words it, the Spanish
twin asks and checks the same ones), the linear player and its shipped weights.

Apart from tests/test_exercises.py and tests/test_lessons.py because the lesson needs numpy and
PettingZoo (the env extra), which the engine's tests under Pyodide do not have.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import numpy as np
import pytest

import dominolab as dl
from dominolab.env import Layout, raw_env
from dominolab.env.linear import FEATURES, GREEDY, LinearPlayer, choose_action, features, load_weights, play_hands
from dominolab.exercises import Exercise, teach

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "notebooks" / "08-teach-the-computer.ipynb"
SPANISH = ROOT / "notebooks" / "es" / "08-ensena-a-la-computadora.ipynb"
EXERCISES = [getattr(teach, name) for name in teach.__all__ if isinstance(getattr(teach, name), Exercise)]


def legal_by_loop(mask):
    return [i for i in range(len(mask)) if mask[i] == 1]


def legal_unsorted(mask):
    return sorted((i for i, v in enumerate(mask) if v), reverse=True)


def legal_the_mask(mask):
    return list(mask)


def legal_raises(mask):
    raise KeyError("oops")


RIGHT = {
    1: [58, "58", " 58 ", 58.0],
    2: [51, "51"],
    3: [-23, "-23", " -23 ", -23.0],
    4: ["lacks", "Lacks", " lacks ", "'lacks'"],
    5: [True, "True", "true", "yes"],
    6: [lambda mask: [int(a) for a in np.flatnonzero(mask)], legal_by_loop],
}
WRONG = {
    1: [(56, "draw and pass are actions too."), (30, "a tile has one action for each end of the line."), (57, None)],
    2: [(50, "that plays 6-4 on the left end."), (25, "that is the tile's id; an action also says the end."), (52, None)],
    3: [(0, "the reward is net: a seat's points less the other side's."),
        (23, "that is the reward of player_1, the side that scored."), (-46, None)],
    4: [("passes", "that block counts each seat's passes; which one says what the passes showed?"),
        ("played", "that block says who played which tile; which one says what a seat cannot hold?"), ("hand", None)],
    5: [(False, "with only pips counted, which play scores highest? And where does a draw score?")],
    6: [(legal_unsorted, "but the legal actions are"), (legal_the_mask, "but the legal actions are"),
        (legal_raises, "KeyError")],
}
RIGHT_ES = {3: ["-23"], 4: ["lacks"], 5: ["sí", "verdadero", "Sí"]}
WRONG_ES = {5: [("no", False), ("falso", False)], 1: [("56", 56)]}


def test_every_exercise_has_right_and_wrong_answers_listed():
    assert [q.number for q in EXERCISES] == list(range(1, 7))
    assert set(RIGHT) == set(WRONG) == {q.number for q in EXERCISES}


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda q: f"q{q.number}")
def test_the_right_answer_is_accepted_in_every_natural_form(exercise):
    assert exercise.evaluate(exercise.expected()).correct
    for answer in RIGHT[exercise.number]:
        assert exercise.evaluate(answer).correct, answer


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda q: f"q{q.number}")
def test_wrong_answers_get_their_own_nudge(exercise):
    for answer, nudge in WRONG[exercise.number]:
        feedback = exercise.evaluate(answer)
        assert feedback.status == "incorrect", answer
        if nudge is not None:
            assert nudge in feedback.message, (answer, feedback.message)


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda q: f"q{q.number}")
def test_unanswered_is_not_attempted(exercise):
    assert exercise.evaluate().status == "not attempted"
    if exercise.number == 6:
        def legal(mask):
            ...
        assert exercise.evaluate(legal).status == "not attempted"


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda q: f"q{q.number}")
def test_the_hint_and_solution_code_runs_and_the_solution_finds_the_answer(exercise):
    namespace = {"dl": dl, "ex": teach}
    if exercise.hint_code:
        exec(compile(exercise.hint_code, f"<q{exercise.number} hint>", "exec"), dict(namespace))
    *body, last = exercise.solution_code.strip().split("\n")
    exec(compile("\n".join(body), f"<q{exercise.number} solution>", "exec"), namespace)
    answer = eval(last, namespace)
    assert exercise.evaluate(answer).correct


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda q: f"q{q.number}")
def test_the_spanish_forms_are_read_and_judged_in_spanish(exercise):
    with dl.language("es"):
        for answer in RIGHT_ES.get(exercise.number, []):
            assert exercise.evaluate(answer).correct, answer
        for answer, english in WRONG_ES.get(exercise.number, []):
            spanish = exercise.evaluate(answer)
            assert spanish.status == "incorrect" and spanish.message == exercise.evaluate(english).message
        for answer, nudge in WRONG[exercise.number]:
            if nudge is not None and exercise.number != 6:
                said = exercise.evaluate(answer).message
                assert said != nudge, "the nudge is said in Spanish"


def test_the_blocks_the_exercise_names_are_the_observations():
    assert tuple(Layout(dl.Rules.preset("standard"), 2).blocks) == teach.BLOCKS


# --- the notebooks ------------------------------------------------------------------------------

def _markdown(path):
    return "\n".join("".join(c["source"]) for c in json.loads(path.read_text(encoding="utf-8"))["cells"]
                     if c["cell_type"] == "markdown")


def _code(path):
    return "\n".join("".join(c["source"]) for c in json.loads(path.read_text(encoding="utf-8"))["cells"]
                     if c["cell_type"] == "code")


def test_the_lesson_asks_each_exercise_as_the_module_words_it_and_checks_it():
    text, code = _markdown(NOTEBOOK), _code(NOTEBOOK)
    for exercise in EXERCISES:
        assert f"**Exercise {exercise.number}.** {exercise.question}" in text, exercise.number
        assert f"ex.q{exercise.number}.check(" in code
        assert f"# ex.q{exercise.number}.hint()" in code and f"# ex.q{exercise.number}.solution()" in code
    assert "from dominolab.exercises import teach as ex" in code
    for part in ("**By the end of this lesson you can**", "## Recap", "## Classroom activity", "**Next:**"):
        assert part in text


def test_the_spanish_lesson_asks_and_checks_the_same_exercises():
    text, code = _markdown(SPANISH), _code(SPANISH)
    numbers = [int(n) for n in re.findall(r"^\*\*Ejercicio (\d+)\.\*\*", text, re.MULTILINE)]
    assert numbers == [q.number for q in EXERCISES]
    assert sorted({int(n) for n in re.findall(r"ex\.q(\d+)\.check\(", code)}) == numbers
    assert 'dl.set_language("es")' in code and "from dominolab.exercises import teach as ex" in code
    for part in ("**Al terminar esta lección sabrás**", "## Repaso", "## Actividad en clase", "## Ejercicios",
                 "**Siguiente:**"):
        assert part in text
    assert 'language="es"' in code


# --- the linear player and its weights ----------------------------------------------------------

def test_the_shipped_weights_are_read_back_and_name_their_features_and_command():
    data = json.loads((ROOT / "src" / "dominolab" / "env" / "weights.json").read_text(encoding="utf-8"))
    assert data["features"] == list(FEATURES) and len(data["weights"]) == len(FEATURES)
    assert data["made_by"].startswith("python benchmarks/env_train.py --train")
    assert load_weights() == [float(w) for w in data["weights"]]
    assert LinearPlayer().weights == tuple(load_weights())


def test_bad_weights_are_named():
    with pytest.raises(ValueError, match="weights needs 9 numbers"):
        LinearPlayer([1.0, 2.0])


def test_the_linear_player_plays_legal_moves_from_its_view_under_every_preset():
    for preset, players in [("standard", 2), ("partnership", 4), ("austrian", 3), ("basic", 4), ("family", 2)]:
        seats = [LinearPlayer(), LinearPlayer(GREEDY), dl.RandomPlayer(1), LinearPlayer([0] * 9)][:players]
        for seed in range(3):
            r = dl.play_out(dl.Round.deal(preset, players, seed=seed), seats)
            assert r.is_over


def test_the_features_of_a_play_are_what_the_position_says():
    """Hand-checked: seat 0 holds 6-6 and 6-4 against ends 6|2; the other seat is known to lack 2."""
    rules = dl.Rules.preset("standard")
    layout = Layout(rules, 2)
    observation = np.zeros(layout.size, dtype=np.float32)
    for tile in ("6-6", "6-4"):
        observation[layout.blocks["hand"][0] + dl.Tile.coerce(tile).id] = 1
    for tile in ("6-2",):
        observation[layout.blocks["line"][0] + dl.Tile.coerce(tile).id] = 1
    observation[layout.blocks["left"][0] + 6] = 1
    observation[layout.blocks["right"][0] + 2] = 1
    observation[layout.blocks["counts"][0]:layout.blocks["counts"][0] + 2] = (2, 5)
    observation[layout.blocks["lacks"][0] + 7 + 2] = 1  # row 1 (the next seat), number 2
    double = 2 * dl.Tile(6, 6).id  # 6-6 on the left: ends 6|2
    values = dict(zip(FEATURES, features(observation, [double], layout)[0], strict=True))
    assert values["pips"] == 1.0 and values["double"] == 1.0
    assert values["playable_next"] == pytest.approx(1 / 7)  # 6-4 still fits the 6
    assert values["suit_held"] == pytest.approx(1 / 7)  # one 6 left in hand
    assert values["next_lacks"] == 1.0  # the 2 stays open
    # unseen 6s: 7 - 6-6, 6-4 held - 6-2 on the line = 4; unseen 2s: 7 - 6-2 = 6
    assert values["unseen_on_ends"] == pytest.approx((4 + 6) / 14)
    assert values["endgame_pips"] == 0.0  # the other seat holds 5 tiles: not yet the end
    assert values["draw"] == 0.0
    assert choose_action(GREEDY, observation, [2 * dl.Tile(6, 4).id, double], layout) == double


def test_greedy_weights_play_as_the_engines_greedy_player_on_pips():
    game = raw_env(rules="standard", players=2)
    rng = random.Random(0)
    for seed in range(10):
        game.reset(seed=seed)
        r = game.round
        while not r.is_over:
            view = r.view(r.turn)
            move = LinearPlayer(GREEDY).choose(view)
            greedy = dl.GreedyPlayer(0).choose(view)
            if isinstance(greedy, dl.Play):
                assert move.tile.pips == greedy.tile.pips
            else:
                assert move == greedy
            legal = game.legal_actions()
            game.step(legal[rng.randrange(len(legal))])


def test_play_hands_is_zero_sum_between_mirror_players():
    assert play_hands([GREEDY, GREEDY], deals=range(5)) == 0.0
