"""The coach in Spanish: hints, reviews and the plain words, checked against their English.

Over positions from random play (several presets, 2 to 4 players) and several reviewed hands,
the Spanish texts are the English ones said again: the same move, the same figures (every
number of the English text is in the Spanish one, with a decimal comma), the certainty word
that translates the English one and no other, a plain sentence of at most 25 words, and no
English word left.  Switching back gives the English text again, byte for byte.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

import dominolab as dl
from dominolab import plain
from dominolab.players import advise, hint, reasons
from dominolab.review import Review, review

from .english import english_words
from .positions import position, rest_of_set, to_move

#: The Spanish of each certainty word: one for one, so the Spanish says exactly as sure.
SPANISH_SURE = {
    "clear": "claramente mejor",
    "little": "un poco mejor",
    "probably": "probablemente mejor",
    "unsure": "difíciles de distinguir",
    "same": "más o menos lo mismo: cualquiera vale",
}
CONFIGS = [("standard", 2), ("partnership", 4), ("basic", 3), ("family", 4), ("dutch", 2)]
#: A number as a text shows it: "12", "+2.3", "-0.4" ("+2,3" in Spanish), a share "58%".
NUMBER = re.compile(r"[+-]?\d+(?:[.,]\d+)?")
#: Spanish hints that said fewer facts than their English to stay within 25 words.
SHORTER: list[str] = []


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    dl.set_language("en")


def numbers(text: str) -> list[str]:
    """The numbers of ``text`` (tiles and suits taken out), decimal commas read as points, in order."""
    text = re.sub(r"\d+-\d+|\b\d+s\b", "", text)  # tiles, and suits ("6s" is "seises")
    return [n.replace(",", ".") for n in NUMBER.findall(text)]


def check_spanish(english: str, spanish: str) -> None:
    """``spanish`` says ``english``'s figures with a decimal comma and no English word."""
    assert not english_words(spanish), (spanish, english_words(spanish))
    assert not re.search(r"\d\.\d", spanish), spanish
    assert not re.search(r"\d%", spanish), spanish  # "58 %", with the Spanish space
    assert numbers(spanish) == numbers(english), (english, spanish)
    assert not re.search(r"\b(?:de|a) el\b", spanish), spanish  # "del", "al"
    assert spanish != english or not re.search(r"[a-z]{3}", english), spanish


def check_certainty(advice_en: dl.Advice, advice_es: dl.Advice) -> None:
    """The Spanish hint is exactly as sure as the English one: it says the Spanish of the
    English certainty word, and no other certainty word."""
    sure = advice_en.sure
    assert advice_es.sure == sure
    english, spanish = advice_en.reason, advice_es.reason
    for key, word in SPANISH_SURE.items():
        with dl.language("en"):
            said_in_english = plain.SURE[key] in english
        assert (word in spanish) == said_in_english, (key, english, spanish)
    if sure in ("clear", "little", "probably"):
        assert f"Es {SPANISH_SURE[sure]} que " in spanish
    if sure in ("same", "unsure"):
        assert SPANISH_SURE[sure] in spanish


def hint_pair(r: dl.Round, seed: int, **options: object) -> tuple[dl.Advice, dl.Advice]:
    """The hint for the seat to move in English and in Spanish, from the same search."""
    view = r.view(r.turn)
    english = advise(view, player=dl.SearchPlayer(seed, level="easy", **options))  # type: ignore[arg-type]
    with dl.language("es"):
        spanish = advise(view, player=dl.SearchPlayer(seed, level="easy", **options))  # type: ignore[arg-type]
    return english, spanish


def check_hint(english: dl.Advice, spanish: dl.Advice) -> None:
    assert (spanish.move, spanish.kind, spanish.runner_up) == (english.move, english.kind, english.runner_up)
    assert not plain.check(spanish.reason), (spanish.reason, plain.check(spanish.reason))
    assert not re.search(r"\d+(\.\d+)|\d+,\d|%", spanish.reason)
    check_certainty(english, spanish)
    # The same facts said plainly, unless a Spanish sentence with them was too long: then fewer.
    said_en = [f.kind for f in english.facts if f.plain in english.reason]
    said_es = [f.kind for f in spanish.facts if f.plain in spanish.reason]
    assert set(said_es) <= set(said_en)
    if said_es == said_en:
        check_spanish(english.reason, spanish.reason)
    else:
        assert not english_words(spanish.reason) and plain.words(spanish.reason) <= plain.MAX_WORDS
        SHORTER.append(spanish.reason)
    check_spanish(english.why, spanish.why)
    assert [f.kind for f in spanish.facts] == [f.kind for f in english.facts]
    for fact_en, fact_es in zip(english.facts, spanish.facts, strict=True):
        check_spanish(fact_en.text, fact_es.text)
        check_spanish(fact_en.plain, fact_es.plain)
        assert fact_es.text in spanish.why or fact_es.text[:1].upper() + fact_es.text[1:] in spanish.why
    # A fact of the position, or else no reason sentence at all, as in English (issue 44).
    if english.kind in ("play", "draw") and not said_es:
        assert ":" not in spanish.reason and "muchas pruebas" not in spanish.reason, spanish.reason


def test_hints_in_spanish_say_the_english_hint_over_many_positions() -> None:
    kinds, facts = set(), set()
    seen = 0
    for preset, players in CONFIGS:
        for count, r in enumerate(to_move(preset, players, hands=6, seed=players)):
            if count >= 60:
                break
            english, spanish = hint_pair(r, seen, worlds=16)
            check_hint(english, spanish)
            kinds.add(english.kind)
            facts.update(f.kind for f in english.facts)
            seen += 1
            if seen % 10 == 0:  # back in English: the English text again, byte for byte
                again = advise(r.view(r.turn), player=dl.SearchPlayer(seen - 1, level="easy", worlds=16))
                assert (again.reason, again.why) == (english.reason, english.why)
    assert kinds >= {"play", "close", "must-draw", "only-move", "pass"}
    assert len(SHORTER) <= seen // 20, SHORTER  # rarely: Spanish says a fact about as briefly
    assert facts >= {"double", "heaviest", "keeps-number", "void"}


def test_a_lead_and_a_block_in_spanish() -> None:
    # Three blanks and two 3s: a lead of the strongest number; then a tile that blocks the line.
    lead = position(hands=["3-3 3-1 2-0 1-0 0-0 6-5 5-4", "6-6"], line="", rule_changes={"lead_tile": "any"})
    line = "4-0 0-1 1-4 4-4 4-2 2-3 3-4 4-5 5-6"
    block = position(hands=["6-4 1-1 0-0", "6-6 5-5 3-3"], line=line,
                     boneyard=rest_of_set(line, "6-4 1-1 0-0 6-6 5-5 3-3"), rule_changes={"draw_when_able": False})
    found = set()
    for r, seed, worlds in ((lead, 1, 8), (lead, 2, 200), (block, 1, 12)):
        english, spanish = hint_pair(r, seed, worlds=worlds)
        check_hint(english, spanish)
        found.update(f.kind for f in english.facts)
        if english.kind == "play" and r is lead:
            assert spanish.reason.startswith(f"Juega el {english.move.tile} de salida: ")  # type: ignore[union-attr]
        if english.kind == "close" and r is lead:
            assert "salir con el " in spanish.reason
    assert "blocks" in found
    assert "tranca el juego" in hint_pair(block, 1, worlds=12)[1].reason
    # The facts themselves, as a hint (you) and a review (a seat by name) state them.
    view = lead.view(0)
    for who, your in (("you", "tu"), ("Ana", "su")):
        english = reasons(view, dl.Play("2-0"), dl.Play("6-5"), who=who)
        with dl.language("es"):
            spanish = reasons(view, dl.Play("2-0"), dl.Play("6-5"), who=who)
        assert [f.kind for f in english] == [f.kind for f in spanish]
        assert spanish[0].kind == "lead-number" and spanish[0].text == "sale con los blancos, tu número más fuerte (tienes tres)"
        assert spanish[0].plain == f"sale con los blancos, {your} número más fuerte"
        for fact_en, fact_es in zip(english, spanish, strict=True):
            check_spanish(fact_en.text, fact_es.text)
            check_spanish(fact_en.plain, fact_es.plain)


def test_a_match_hint_and_a_named_draw_in_spanish() -> None:
    """In a match the figures are chances of winning it: the same shares, in Spanish."""
    for seed, moves, kind in ((2, 7, "play"), (35, 11, "draw")):
        r = dl.Round.deal("standard", 2, seed=seed)
        rng = random.Random(seed)
        for _ in range(moves):
            legal = r.legal_moves()
            r.play(legal[rng.randrange(len(legal))])
        english, spanish = hint_pair(r, seed, worlds=30, match=([20, 40], 100))
        assert english.kind == kind and "chance of winning the match" in english.why
        check_hint(english, spanish)
        assert "la probabilidad de que ganes la partida" in spanish.why
    assert spanish.reason.startswith("Roba, aunque tengas una ficha que entra")


def test_forced_hints_in_spanish() -> None:
    only = position(hands=["6-1 2-2", "0-0"], line="6-4", rule_changes={"draw_when_able": False})
    draw = position(hands=["1-0", "6-3"], line="6-2", boneyard="5-5 5-0 2-2 3-3")
    stuck = position(hands=["1-0", "6-3"], line="6-6", boneyard="5-5 5-0")
    with dl.language("es"):
        assert hint(only.view(0))[1] == "Juega el 6-1 a la izquierda: es la única ficha que entra."
        assert hint(draw.view(0))[1] == ("Ninguna de tus fichas entra por el 6 ni por el 2, así que tienes "
                                            "que robar.")
        assert hint(stuck.view(0))[1] == "Tienes que pasar: ninguna de tus fichas entra y no puedes robar."
        assert advise(stuck.view(0)).why == "Ninguna de tus fichas entra por ningún extremo y no puedes robar."
    assert hint(draw.view(0))[1] == "Nothing you hold fits 6 or 2, so you must draw."


def reviewed(preset: str, players: int, seed: int) -> Review:
    hand = dl.play_out(dl.Round.deal(preset, players, seed=seed),
                       [dl.GreedyPlayer(seed)] + [dl.RandomPlayer(seed + s) for s in range(1, players)])
    return review(hand, seat=0, level="easy", seed=seed)


REVIEWS = [("standard", 2, 11), ("standard", 2, 7), ("partnership", 4, 3), ("family", 2, 5), ("basic", 3, 2)]


@pytest.mark.parametrize(("preset", "players", "seed"), REVIEWS)
def test_reviews_in_spanish_say_the_english_review(preset: str, players: int, seed: int) -> None:
    rv = reviewed(preset, players, seed)
    english = {who: ([d.sentence(who) for d in rv], [d.why(who) for d in rv], rv.summary(who))
               for who in (None, "you", "Ana")}
    english_table, english_repr = rv.table(), repr(rv)
    dl.set_language("es")
    for who, spanish_who in ((None, None), ("you", "you"), ("you", "Tú"), ("Ana", "Ana")):
        sentences, whys, summary = english[who]
        for d, sentence_en, why_en in zip(rv, sentences, whys, strict=True):
            sentence = d.sentence(spanish_who)
            assert not plain.check(sentence), (sentence, plain.check(sentence))
            check_spanish(sentence_en, sentence)
            check_spanish(why_en, d.why(spanish_who))
            # A reason of the position or none, never the search's own (issue 44), and a
            # reason where English gives one (the Spanish words never run over the length).
            assert "muchas pruebas" not in sentence and "many tries" not in sentence_en
            assert (": " in sentence.split(";", 1)[-1]) == (": " in sentence_en.split(";", 1)[-1]), (sentence_en,
                                                                                                  sentence)
            # As sure as the English: the Spanish of its certainty word, and no other.
            for key, word in SPANISH_SURE.items():
                with dl.language("en"):
                    in_english = plain.SURE[key] in sentence_en
                assert (word in sentence) == in_english, (sentence_en, sentence)
            if who == "you":  # the verbs speak to the reader
                assert re.search(r"^Turno \d+: tú (elegiste|solo tenías)", sentence), sentence
                assert re.search(r"^Turno \d+: tú (elegiste|solo tenías)", d.why(spanish_who))
            else:
                assert re.search(r"^Turno \d+: (el asiento 0|Ana) (eligió|solo tenía) ", sentence), sentence
        check_spanish(summary, rv.summary(spanish_who))
    check_spanish(english_table, rv.table())
    check_spanish(english_repr, repr(rv))
    assert repr(rv).startswith("<Repaso del asiento 0: ")
    assert rv.table().startswith("turno  jugada")
    html = rv._repr_html_()
    assert not english_words(re.sub(r"<[^>]+>|style=\"[^\"]*\"", " ", html))
    dl.set_language("en")
    assert (rv.table(), repr(rv)) == (english_table, english_repr)
    assert [d.sentence("you") for d in rv] == english["you"][0]


def test_a_stopped_review_and_its_chart_in_spanish() -> None:
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    hand = dl.play_out(dl.Round.deal("standard", 2, seed=11), [dl.GreedyPlayer(1), dl.GreedyPlayer(2)])
    done: list[int] = []
    rv = review(hand, seat=1, level="easy", cancel=lambda: len(done) >= 3, progress=lambda d, t: done.append(d))
    english = rv.summary()
    with dl.language("es"):
        spanish = rv.summary()
        check_spanish(english, spanish)
        assert "3 decisiones repasadas en el nivel fácil (el repaso se detuvo antes del final)" in spanish
        ax = rv.plot()
        texts = [ax.get_xlabel(), ax.get_ylabel(), ax.get_title()]
        texts += [t.get_text() for t in ax.get_legend().get_texts()]
        plt.close(ax.figure)
    assert texts[:3] == ["turno de la mano", "puntos netos esperados",
                         "Puntos esperados del asiento 1 a lo largo de la mano"]
    assert not english_words(" ".join(texts))


def test_the_certainty_words_map_one_for_one() -> None:
    """plain.compare's words over a grid of figures: the Spanish word is the English one's
    translation, so the same figures say the same certainty in both languages."""
    grid = [(gap, m, om, ahead) for gap in (-3, 0, 1, 1.9, 2, 2.5, 4, 4.9, 5, 7, 12)
            for m in (0, 0.5, 1.5, 3, 6) for om in (0, 1, 4) for ahead in (True, False)]
    english = [plain.SURE[plain.compare(*g[:3], ahead=g[3])] for g in grid]
    with dl.language("es"):
        spanish = [plain.SURE[plain.compare(*g[:3], ahead=g[3])] for g in grid]
        assert dict(plain.SURE) == SPANISH_SURE
    to_spanish = {plain.SURE.english[k]: v for k, v in SPANISH_SURE.items()}
    assert spanish == [to_spanish[e] for e in english]
    assert len(set(SPANISH_SURE.values())) == len(SPANISH_SURE)
    assert set(english) == set(plain.SURE.values())  # every word met


def test_the_plain_layer_speaks_the_language_of_the_moment() -> None:
    assert plain.number(-2.25, "+.1f") == "-2.2" and plain.number(4764.25, ",.1f") == "4,764.2"
    assert plain.suit(6) == "6s" and plain.suit(0) == "blanks"
    assert plain.person("You") == "You" and plain.person("Ana") == "Ana"
    english = {key: plain.TEXTS[key] for key in plain.TEXTS}
    with dl.language("es"):
        assert plain.number(-2.25, "+.1f") == "-2,2" and plain.number(0.5, ".0%") == "50%"
        assert plain.number(4764.25, ",.1f") == "4\u00a0764,2"
        assert (plain.suit(6), plain.suit(0), plain.suit(2)) == ("seises", "blancos", "doses")
        assert plain.person("You") == plain.person("tú") == "tú" and plain.person("Ana") == "Ana"
        assert plain.reasons(["tranca el juego", "suelta 12 puntos"])[0] == "tranca el juego y suelta 12 puntos"
        for key in plain.TEXTS:
            text = plain.TEXTS[key]
            assert text != english[key] and not english_words(re.sub(r"{\w+}", " ", text)), key
        for key, message in plain.YOU_FORMS.items():
            assert message == plain.TEXTS.english[key]  # the same English, told apart by its context
            parts = {"turn": 4, "who": "you", "move": "robar", "other": "pasar", "best": "pasar",
                     "sure": plain.SURE["clear"], "reason": "tranca el juego"}
            assert plain.say(key, **parts).startswith("Turno 4: tú "), key
    assert {key: plain.TEXTS[key] for key in plain.TEXTS} == english
    assert plain.say("review.forced", turn=4, who="You", move="to draw") == "Turn 4: You had only one move, to draw."


# ---------------------------------------------------------------------------- issue 45: as a native writes it
def _catalog():
    from pathlib import Path

    from babel.messages.pofile import read_po

    path = Path(dl.__file__).parent / "locale" / "es" / "LC_MESSAGES" / "dominolab.po"
    with path.open("rb") as f:
        return read_po(f)


def test_a_seat_in_a_spanish_sentence_has_its_article_in_every_catalog_entry() -> None:
    """A seat without a name is "el asiento 2" inside a sentence (gender-neutral: the seat),
    "Asiento 2" only as the label that opens a line ("Asiento 2: 5 fichas"); "a"/"de" before
    it contract ("le toca al asiento 1")."""
    bare = []
    for message in _catalog():
        for text in message.string if isinstance(message.string, tuple) else (message.string,):
            for found in re.finditer(r"(\S+ |<)?([Aa])siento \{", text or ""):
                before = (found.group(1) or "").strip().lower()
                label = (found.group(2) == "A" and found.start() == 0) or before == "<"  # a label, a repr
                if before not in ("el", "al", "del") and not label:
                    bare.append((message.id, text))
    assert not bare, bare
    with dl.language("es"):
        result = dl.score(dl.Rules.preset("standard"), pips=[14, 18, 10])
        lines = result.explain().splitlines()
        assert "Menos puntos: el asiento 2, con 10, así que la mano es para el asiento 2." in lines
        assert "Se anotan: el asiento 2, 22; los demás, 0." in lines
        assert lines[1].startswith("Puntos que quedan: el asiento 0 (14), el asiento 1 (18)")
        r = dl.Round.deal("standard", 2, seed=3)
        leader = r.turn
        r.play(r.legal_moves()[0])
        assert dl.narrate(r.history)[0].startswith(f"El asiento {leader} ")
        with pytest.raises(dl.IllegalMoveError, match=rf"le toca al asiento {r.turn}, no al asiento {leader}"):
            r.play(r.legal_moves()[0], seat=leader)


def test_the_engine_s_words_are_said_as_a_player_says_them() -> None:
    """No calque of the statistics left in the catalog: "según los cálculos de la computadora",
    not "la búsqueda"; no "estas cifras elijan", no "esperaría … (exacto)", no "suman un número
    par o impar igual que el total"; summaries in whole words; a verb beside a verb."""
    from dominolab.players import pair_words
    from dominolab.review import _counted

    calques = ("la búsqueda", "cifras elijan", "esperaría", "par o impar igual", "(exacto)", "por delante en el")
    for message in _catalog():
        for text in message.string if isinstance(message.string, tuple) else (message.string,):
            assert not any(c in (text or "") for c in calques), (message.id, text)
    r = position(hands=["3-1 6-6", "5-5 4-4"], line="5-3", boneyard="2-2 2-0 1-1")
    view = r.view(0)
    legal = [m for m in view.legal if isinstance(m, dl.Play)]
    assert dl.Draw() in view.legal and legal
    assert pair_words(dl.Draw(), legal[0], view) == ("drawing", "playing 3-1")
    with dl.language("es"):
        first, second = pair_words(dl.Draw(), legal[0], view)
        said = plain.say("hint.same", first=first, second=second)
        assert said == "Robar y jugar el 3-1 dan más o menos lo mismo: cualquiera vale."
        assert _counted("best", 6) == "6 veces la mejor jugada" and _counted("forced", 7) == "7 jugadas obligadas"
        # A match is played to so many "tantos", as players say it.
        assert dl.i18n._("{winner} wins the match, {points} to {others} (first to {target}).").endswith(
            "(gana quien llegue primero a {target} tantos).")


def test_a_move_close_to_the_best_is_not_called_worse_and_best_at_once() -> None:
    """Labelled best while not the search's best move: the figures say it was that close, never
    "The best was drawing … label: best" (it contradicted itself, in both languages)."""
    from dominolab.review import Choice, Decision

    r = position(hands=["3-1 6-6", "5-5 4-4"], line="5-3", boneyard="2-2 2-0 1-1")
    view = r.view(0)
    played = next(m for m in view.legal if isinstance(m, dl.Play))
    d = Decision(0, view, played, (Choice(dl.Draw(), 1.0, 0.6, 0.5), Choice(played, 0.6, 0.6, 0.45)), 0.4, "best",
                 200, 0)
    assert "The best was" not in d.why() and "counts as best too (label: best)" in d.why()
    with dl.language("es"):
        why = d.why()
        assert "Lo mejor era" not in why and "también cuenta como la mejor (etiqueta: la mejor)" in why
        assert "Según los cálculos de la computadora, robar iba por delante" in why
