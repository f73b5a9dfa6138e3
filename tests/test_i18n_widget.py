"""The play table's own labels (the ones its JS writes) in the table's language.

The front end writes each fixed label through ``t("...")`` (``t.n("...", "...", n)`` for a
count, ``N_("...")`` for one kept in a constant) and :mod:`dominolab.table_words` lists each
once, so the catalog has them; the table sends them in ``DominoTable.words``.  Checked here:
every label of the JS sources is in table_words and every one there is used, no English text
is left outside ``t()`` in the JS, each label has Spanish words with no English left and the
same placeholders, and a table made in Spanish sends them (English ones in English).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import dominolab as dl
from dominolab.i18n import LANGUAGES
from dominolab.table_words import LABELS, PLURALS, words

pytest.importorskip("anywidget")
from dominolab.widget import DominoTable

from .english import english_words

ROOT = Path(__file__).resolve().parent.parent
PARTS = ROOT / "domino_widget" / "src" / "parts"
SOURCES = [ROOT / "domino_widget" / "src" / "index.js", *sorted(PARTS.glob("*.js"))]
WORDS_ES = ROOT / "domino_widget" / "test" / "fixtures" / "words.es.json"

_STRING = r'"((?:[^"\\]|\\.)*)"'
#: A label said through the table's words: t("..."), tr(table)("..."), or N_("...") for a constant.
ONE = re.compile(r"(?<![\w$.])(?:t|tr\(\w*\)|N_)\(\s*" + _STRING)
#: A count's pair: t.n("singular", "plural", n, ...).
TWO = re.compile(r"(?<![\w$.])t\.n\(\s*" + _STRING + r"\s*,\s*" + _STRING)
#: Every call of the label functions, literal or not (each must be one of the above).
CALL = re.compile(r"(?<![\w$.])(?:t|t\.n|tr\(\w*\)|N_)\(")
#: What stays as it is in every language: the product's name.
NAMES = {"Domino Lab"}
#: Labels whose examples are moves typed in the analysis board's box, which reads English
#: ("6-4 left", "draws 2", "pass"): those words stay in every language.
MOVE_EXAMPLES = {label for label in LABELS if re.search(r"6-4 left|draw 3-3|draws 2", label)}
MOVE_WORDS = re.compile(r"\b(?:left|draws?|pass)\b")


def _text(path: Path) -> str:
    """The JS source without its comments (a comment is no label)."""
    source = path.read_text(encoding="utf-8")
    source = re.sub(r"/\*.*?\*/", " ", source, flags=re.S)
    return re.sub(r"(?m)(^|[^:\"'`\\])//.*$", r"\1", source)


def _js(literal: str) -> str:
    return json.loads(f'"{literal}"')


def js_labels() -> tuple[set[str], set[tuple[str, str]]]:
    """The labels (and count pairs) the JS sources say through the table's words."""
    single: set[str] = set()
    pairs: set[tuple[str, str]] = set()
    for path in SOURCES:
        text = _text(path)
        single.update(_js(m.group(1)) for m in ONE.finditer(text))
        pairs.update((_js(m.group(1)), _js(m.group(2))) for m in TWO.finditer(text))
    return single, pairs


# ---------------------------------------------------------------- the JS and table_words agree
def test_every_label_of_the_js_is_in_table_words_and_every_one_there_is_used() -> None:
    single, pairs = js_labels()
    assert len(single) > 100 and pairs
    assert sorted(single - set(LABELS)) == [], "add these labels to dominolab/table_words.py"
    assert sorted(pairs - set(PLURALS)) == [], "add these count pairs to table_words._plural_forms"
    assert sorted(set(LABELS) - single) == [], "labels no JS says: take them out of table_words"
    assert sorted(set(PLURALS) - pairs) == []
    assert len(LABELS) == len(set(LABELS)), "a label listed twice"


def test_every_call_of_the_label_functions_names_its_label_as_a_plain_string() -> None:
    """t(variable) would hide a label from the catalog: only the two marked constants are
    said that way (their text is marked with N_ where it is written)."""
    for path in SOURCES:
        text = _text(path)
        for match in CALL.finditer(text):
            rest = text[match.end():].lstrip()
            if rest.startswith('"') or rest.startswith("key, parts)"):  # a label, or one passed on
                continue
            if path.name == "words.js" and re.match(r"(?:key|singular|plural|label)\b", rest):
                continue  # the label functions themselves
            assert re.match(r"(?:KEYS_HELP|ANALYSIS_KEYS_HELP)\)", rest), (
                f"{path.name}: {text[match.start():match.end() + 40]!r} does not name its label")


#: Where a label would sit in the JS: a text, a name, a title or a placeholder given as a
#: string, a button's label, or a string child of an element.
PLACES = re.compile(r"""(?:\b(?:text|title|placeholder|aria)\s*:|"aria-label"\s*:|button\(\s*\w+\s*,\s*[^,]+,)\s*(["`])""")
WORDS_IN = re.compile(r"(?:^|(?<=\s))[A-Za-z][a-z']+(?=[\s,.:;?!…]|$)")


def _strings(text: str) -> list[tuple[int, str]]:
    """Each string literal of ``text`` and where it starts: "..." and '...' as written, a
    template `...` with its ${...} parts blanked (the strings inside those are listed too)."""
    out: list[tuple[int, str]] = []

    def code(i: int, closing: str) -> int:
        """Read code from ``i`` to its ``closing`` brace (or the end); the index after it."""
        depth = 0
        while i < len(text):
            c = text[i]
            if c in "\"'":
                i = quoted(i)
            elif c == "`":
                i = template(i)
            elif c == "/" and re.search(r"[(,=:\[!&|?{};]\s*$|^\s*$|return\s*$", text[max(0, i - 20):i]):
                i = regex(i)
            elif c == "{":
                depth, i = depth + 1, i + 1
            elif c == "}" and closing and depth == 0:
                return i + 1
            else:
                depth -= c == "}"
                i += 1
        return i

    def regex(i: int) -> int:
        """Skip a regular expression literal (/.../ with its flags): its quotes are no string."""
        j, in_class = i + 1, False
        while j < len(text) and (in_class or text[j] != "/") and text[j] != "\n":
            if text[j] == "\\":
                j += 1
            else:
                in_class = (in_class or text[j] == "[") and text[j] != "]"
            j += 1
        return j + 1

    def quoted(i: int) -> int:
        quote, j = text[i], i + 1
        while j < len(text) and text[j] != quote:
            j += 2 if text[j] == "\\" else 1
        out.append((i, text[i + 1:j]))
        return j + 1

    def template(i: int) -> int:
        j, body = i + 1, []
        while j < len(text) and text[j] != "`":
            if text[j] == "\\":
                body.append(text[j:j + 2])
                j += 2
            elif text.startswith("${", j):
                j = code(j + 2, "}")
                body.append(" ")
            else:
                body.append(text[j])
                j += 1
        out.append((i, "".join(body)))
        return j + 1

    code(0, "")
    return out


#: Strings that are code, not words: CSS selectors and styles, class names, a media query.
CODE_LIKE = re.compile(r"\bpx\b|\.dl-|^dl-|^\[|\[\w+[=\]]|^\(prefers")


def english_left(text: str) -> list[str]:
    """The string literals of JS ``text`` (comments taken out) that read as English words and
    are not said through the label functions: two words or more, or one word where a label sits."""
    said = {m.start(1) - 1 for m in ONE.finditer(text)}
    said |= {m.start(k) - 1 for m in TWO.finditer(text) for k in (1, 2)}
    placed = {m.end() - 1 for m in PLACES.finditer(text)}
    left = []
    for start, body in _strings(text):
        if start in said or body in NAMES or CODE_LIKE.search(body):
            continue
        words_in = WORDS_IN.findall(body)
        if len(words_in) >= 2 or (start in placed and words_in):
            left.append(body)
    return left


def test_the_english_check_finds_hard_coded_labels() -> None:
    sample = """
      h("p", { class: "dl-muted dl-x", text: "Boneyard" });
      h("p", { text: t("Why?") }, ["Two words", h("b", { "aria-label": `Seat ${n} thinking` })]);
      button(table, "k:x", "Go", f, { title: t.n("{count} tile", "{count} tiles", n) });
      x.querySelector('[data-key="a b"]'); if (key === "Escape") s = s.replace(/"/g, "");
      const k = `${t("Where to play {tile}", { tile })} (${a} or ${b})`;
    """
    assert english_left(sample) == ["Boneyard", "Two words", "Seat   thinking", "Go"]


def test_no_english_words_are_left_in_the_js_outside_the_label_functions() -> None:
    left = [f"{path.name}: {body!r}" for path in SOURCES for body in english_left(_text(path))]
    assert left == []


def test_the_stylesheet_writes_no_words_of_its_own() -> None:
    """Text drawn by CSS (``content: "new"``) would stay English at a Spanish table: a word
    comes from an attribute the JS fills from the table's words (``attr(data-badge)``)."""
    css = (ROOT / "domino_widget" / "src" / "widget.css").read_text(encoding="utf-8")
    assert re.findall(r"content:\s*(\"[^\"]*[A-Za-z][^\"]*\"|'[^']*[A-Za-z][^']*')", css) == []
    assert "attr(data-badge)" in css


# ---------------------------------------------------------------- the words in Spanish
def _placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


def test_every_label_has_spanish_words_with_the_same_placeholders_and_no_english_left() -> None:
    spanish = words("es")
    english = words("en")
    assert english == {key: key for key in english}
    assert set(spanish) == set(english) == set(LABELS) | {form for pair in PLURALS for form in pair}
    problems = []
    for key, text in spanish.items():
        if _placeholders(text) != _placeholders(key):
            problems.append(("placeholders", key, text))
        if text == key and key not in MOVE_EXAMPLES:
            problems.append(("not translated", key, text))
        checked = re.sub(r"\{\w+\}", " ", text)
        checked = MOVE_WORDS.sub(" ", checked) if key in MOVE_EXAMPLES else checked
        if english_words(checked):
            problems.append(("English left", key, sorted(english_words(checked))))
    assert problems == []


def test_the_spanish_words_say_the_buttons_as_the_glossary_does() -> None:
    spanish = words("es")
    assert spanish["Hint (H)"] == "Pista (H)"
    assert spanish["Draw (D)"] == "Robar (R)" and spanish["Pass (P)"] == "Pasar (P)"  # R for robar (issue 45)
    assert spanish["Next hand (N)"] == "Siguiente mano (N)"
    assert spanish["Why?"] == "¿Por qué?"
    assert spanish["Your hand"] == "Tu mano"
    # Counts: the singular for 1, the plural otherwise, each a whole sentence.
    assert spanish["Boneyard: {count} tile"] == "Pozo: {count} ficha"
    assert spanish["Boneyard: {count} tiles"] == "Pozo: {count} fichas"
    assert spanish["{name}: {count} points"].format(name="Ana", count=3) == "Ana: 3 puntos"


def test_the_words_follow_the_language_switch_and_refuse_an_unknown_one() -> None:
    try:
        assert words() == words("en")
        dl.set_language("es")
        assert words() == words("es") != words("en")
        with dl.language("en"):
            assert words()["Hint (H)"] == "Hint (H)"
        with pytest.raises(dl.UnknownLanguageError):
            words("fr")
    finally:
        dl.set_language("en")


def test_the_js_tests_spanish_words_are_current() -> None:
    """domino_widget/test/fixtures/words.es.json is what a Spanish table sends (the vitest
    tests draw the table with it)."""
    current = json.loads(WORDS_ES.read_text(encoding="utf-8"))
    assert current == words("es"), (
        "stale: PYTHONPATH=src python -m dominolab.table_words es > domino_widget/test/fixtures/words.es.json")


# ---------------------------------------------------------------- the table sends them
def test_a_table_sends_its_words_in_the_language_it_was_made_in() -> None:
    assert DominoTable.class_trait_names(sync=True) and "words" in DominoTable.class_trait_names(sync=True)
    english = DominoTable("standard", players=2, opponents="greedy", seed=3, autosave=False, background=False)
    assert english.words == words("en")
    assert english.get_state("words")["words"]["Hint (H)"] == "Hint (H)"
    try:
        dl.set_language("es")
        spanish = DominoTable("standard", players=2, opponents="greedy", seed=3, autosave=False, background=False,
                              hints=True)
    finally:
        dl.set_language("en")
    assert spanish.words == words("es")
    assert spanish.get_state("words")["words"]["Hint (H)"] == "Pista (H)"
    assert english.words["Hint (H)"] == "Hint (H)"  # one table's language is not the other's


def test_the_coach_and_the_tournament_tables_send_their_words_too() -> None:
    try:
        dl.set_language("es")
        analysis = DominoTable.analysis(seed=4)
    finally:
        dl.set_language("en")
    assert analysis.words["Analysis board"] == "Tablero de análisis"


# ---------------------------------------------------------------- the keys are words too (issue 45)
KEYS_ES = ROOT / "domino_widget" / "test" / "fixtures" / "keys.es.json"
_BRACKETED = re.compile(r"\((\w)\)$")


def test_a_spanish_table_has_i_and_d_for_the_ends_r_to_draw_p_to_pass_and_english_is_unchanged() -> None:
    from dominolab.table_words import keys

    english = keys("en")
    assert english == {"left": "l", "right": "r", "draw": "d", "pass": "p", "undo": "u", "hint": "h", "next": "n",
                       "carry": "c", "show": "s", "review": "v", "analysis": "a", "evaluate": "e", "move": "m"}
    spanish = keys("es")
    assert {a: spanish[a] for a in ("left", "right", "draw", "pass")} == {"left": "i", "right": "d", "draw": "r",
                                                                         "pass": "p"}
    for code in LANGUAGES:  # no two actions share a key, in any language
        made = keys(code)
        assert len(set(made.values())) == len(made), (code, made)
        assert all(len(k) == 1 and k.isalpha() and k.islower() for k in made.values())


def test_every_label_that_shows_a_key_shows_the_key_of_its_action_in_each_language() -> None:
    """A button's "(R)" and the key that does it cannot disagree: every label in brackets, the
    end buttons' letters and the keys' help say the key map of their language."""
    from dominolab.table_words import keys

    by_letter = {letter: action for action, letter in keys("en").items()}
    for code in LANGUAGES:
        made = keys(code)
        said = words(code)
        for label in LABELS:
            found = _BRACKETED.search(label)
            if found and found.group(1).lower() in by_letter:
                shown = _BRACKETED.search(said[label])
                assert shown, (code, label, said[label])
                assert shown.group(1).lower() == made[by_letter[found.group(1).lower()]], (code, label, said[label])
            if re.match(r"[LR] \{number\}: ", label):  # the end buttons on the line ("L 6: ...")
                side = "left" if label[0] == "L" else "right"
                assert said[label].startswith(made[side].upper() + " "), (code, said[label])
    help_es = words("es")["Click the table or Tab into it: the focus goes to your hand. ←/→ move along it, Enter "
                          "plays the tile, L/R play it on the left or right end, D draws, P passes, U undoes, H "
                          "asks for a hint, N deals the next hand, V reviews the hand, Esc cancels. Click outside "
                          "the table to give the notebook its keys back."]
    for words_es in ("I/D la juegan", "R roba", "P pasa", "U deshace", "H pide", "N reparte", "V repasa"):
        assert words_es in help_es
    assert "L/R" not in help_es and "D roba" not in help_es


def test_the_snapshot_sends_the_keys_of_the_tables_language_and_the_js_tests_keys_are_current() -> None:
    from dominolab.table_words import keys

    english = DominoTable("standard", players=2, opponents="greedy", seed=3, autosave=False, background=False)
    spanish = DominoTable("standard", players=2, opponents="greedy", seed=3, autosave=False, background=False,
                          language="es")
    assert english.snapshot["keys"] == keys("en") and english.snapshot["keys"]["draw"] == "d"
    assert spanish.snapshot["keys"] == keys("es") and spanish.snapshot["keys"]["draw"] == "r"
    assert json.loads(KEYS_ES.read_text(encoding="utf-8")) == keys("es"), (
        "stale: PYTHONPATH=src python -m dominolab.table_words es --keys > domino_widget/test/fixtures/keys.es.json")


def test_a_label_without_a_key_or_two_actions_on_one_key_is_refused(monkeypatch) -> None:
    import dominolab.table_words as tw

    monkeypatch.setitem(tw.KEYED, "undo", "Draw (D)")
    with pytest.raises(ValueError, match="share the key d"):
        tw.keys("en")
    monkeypatch.setitem(tw.KEYED, "undo", "Undo")
    with pytest.raises(ValueError, match="shows no key"):
        tw.keys("en")
