"""Lesson 4's studies, the opponents' menu lines and the review's labels in Spanish.

Every recorded study's title, ``line()`` and ``verdict()`` (at several confidence levels) is
built in Spanish and checked for English left in it and for a decimal comma; the player labels
``players_for`` gives a simulation follow the language; English stays the source text itself
(byte for byte, as the English lesson 4 and ``benchmarks/lesson4_studies.py`` print it).
"""

from __future__ import annotations

import re

import pytest

import dominolab as dl
from dominolab.exercises.studies import STUDIES, load, players_for
from dominolab.moves import DRAW, PASS
from dominolab.players import OPPONENTS
from dominolab.review import FORCED, LABELS, label_words, move_words

from .english import english_words

LEVELS = (0.9, 0.95, 0.99, 1 - 0.05 / 7, 0.999)


def _texts() -> list[str]:
    out = []
    for study in load().values():
        out += [study.title, study.line(), *(study.verdict(c) for c in LEVELS)]
    return out


def test_every_study_text_is_spanish_with_decimal_commas():
    with dl.language("es"):
        texts = _texts()
    assert len(texts) == 7 * len(load())
    for text in texts:
        assert not english_words(text), (text, english_words(text))
        assert not re.search(r"\d\.\d", text), text   # "0,74", "99,3 %", never "0.74"
    with dl.language("es"):
        study = load()["without-suit_control"]
        assert study.title == "el Estratega completo contra el Estratega sin suit_control"
        assert study.verdict(1 - 0.05 / 7).endswith("todo el intervalo del 99,3 % queda por encima de cero")


def test_english_study_texts_are_the_recorded_ones():
    study = load()["null"]
    assert study.title == study.recorded_title == STUDIES[0].title
    assert study.title == "the Strategist against itself: a null control, where the truth is no difference"
    assert study.line() == ("+0.01 points a hand (-0.13 to +0.15); won 50.0% of decided hands "
                            "(49.3% to 50.7%)")
    assert study.verdict() == "cannot tell apart from no difference: the 95% interval includes zero"
    assert load()["ladder-random"].verdict() == "greedy ahead: the whole 95% interval is below zero"


def test_a_studys_title_follows_the_language_after_loading():
    study = load()["floor-0"]   # loaded once (the lesson caches them), read in either language
    with dl.language("es"):
        spanish = study.title
    assert spanish == "el Estratega contra Botagorda cuando se pueden robar todas las fichas"
    assert study.title == "the Strategist against Greedy when every tile may be drawn"


def test_player_labels_follow_the_language():
    seats = ("strategy", "strategy without blocking", "search (easy)")
    assert [p.name for p in players_for(seats)] == list(seats)
    with dl.language("es"):
        assert [p.name for p in players_for(seats)] == ["Estratega", "Estratega sin blocking", "Calculista (fácil)"]


def test_opponents_lines_are_spanish_and_their_kinds_stay_code():
    english = dict(OPPONENTS)
    with dl.language("es"):
        spanish = dict(OPPONENTS)
    assert list(spanish) == list(english) == ["random", "greedy", "strategy", "search"]
    assert english["greedy"] == "Greedy: always sheds its heaviest tile"
    for kind, line in spanish.items():
        assert line != english[kind] and not english_words(line), line


def test_label_words_give_each_label_in_the_language_of_the_moment():
    labels = [name for name, _ in LABELS] + [FORCED]
    assert [label_words(name) for name in labels] == ["best", "good", "inaccuracy", "mistake", "blunder",
                                                      "only move"]
    with dl.language("es"):
        spanish = [label_words(name) for name in labels]
        assert move_words(DRAW) == "robar" and move_words(PASS) == "pasar"
    assert spanish == ["la mejor", "buena", "imprecisión", "error", "error grave", "obligada"]
    for word in spanish:
        assert not english_words(word), word
    with pytest.raises(ValueError, match="no label 'great'; the labels are best, good"):
        label_words("great")
