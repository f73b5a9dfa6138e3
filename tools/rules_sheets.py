"""Printable one-page rules sheets, one per preset, written from the engine's own words.

Usage: ``python tools/rules_sheets.py`` writes ``docs/teachers/rules/PRESET.md`` and
``PRESET.html`` for every preset, and the same sheets in Spanish in ``docs/teachers/es/reglas/``
(``--language en`` or ``--language es`` writes one language only; ``--check`` only says
whether the files are up to date; the tests run it that way).  Each sheet is
``Rules.describe()`` laid out for students: the preset's title and rule book, every setting
in plain words under the book's rules, and in a box apart the choices Domino Lab made where
the book is silent.  The engine's codes are left out (:func:`plain`): rule numbers ("R7"),
the sources' file numbers ("source 000") and settings written as code.  The HTML prints on
one A4 and one US Letter page (tests/browser/test_paper.py prints each).  Nothing on a sheet
but its headings is written here: change the engine's descriptions and run this again.
"""

from __future__ import annotations

import argparse
import dataclasses
import re
import sys
from html import escape
from pathlib import Path

import dominolab as dl
from dominolab.i18n import _

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "teachers" / "rules"
#: Where each language's sheets go: English beside the teachers' guides, Spanish beside the
#: Spanish glossary.
OUTS = {"en": OUT, "es": ROOT / "docs" / "teachers" / "es" / "reglas"}

#: The sheet's own words (the rules themselves come from ``describe()``), per language.
WORDS = {
    "en": {
        "game": "In Domino Lab these are the rules called “{name}”.",
        "source": "Rule book: ",
        "rules": "How the game is played",
        "rules_note": "Each rule comes from the rule book named above, except the points listed at the end.",
        "silent": "Where the rule book says nothing or is unclear: what Domino Lab chose",
        "silent_note": "The computer plays these points this way. At your own table you may agree otherwise.",
        "partners": "If four players play these rules in two teams",
        "made": "Made by",
        "footer": "Domino Lab {version}: the same rules the computer referees.",
        "index": "Rules sheets",
        "about": ["One page per set of rules, for students, written from the engine's own `describe()`",
                  "(a rule book's rule and the engine's own choice are told apart, in words).",
                  "Open the HTML file in a browser and print it: it fits one A4 or US Letter page.",
                  "The Markdown reads on GitHub."],
    },
    "es": {
        "game": "En Domino Lab estas son las reglas llamadas «{name}».",
        "source": "Reglamento: ",
        "rules": "Cómo se juega",
        "rules_note": "Cada regla viene del reglamento de arriba, salvo los puntos de la lista del final.",
        "silent": "Donde el reglamento no dice nada o no es claro: lo que eligió Domino Lab",
        "silent_note": "La computadora juega estos puntos así. En tu propia mesa pueden acordar otra cosa.",
        "partners": "Si cuatro personas juegan estas reglas en dos parejas",
        "made": "Hecha con",
        "footer": "Domino Lab {version}: las mismas reglas con las que arbitra la computadora.",
        "index": "Hojas de reglas",
        "about": ["Una página por cada juego de reglas, para estudiantes, escrita con el propio `describe()` del motor",
                  "(la regla de un reglamento y lo que elige el motor se distinguen, con palabras).",
                  "Abre el archivo HTML en un navegador e imprímelo: cabe en una página A4 o carta.",
                  "El Markdown se lee en GitHub."],
    },
}

#: A page that fits both papers: A4 is the narrower (210 mm) and US Letter the shorter
#: (279 mm), so the text is laid out for 210 x 279 mm less the margins; ``size: auto`` lets the
#: printer's own paper decide.  tests/browser/test_paper.py prints every sheet at both sizes.
_CSS = """
@page { size: auto; margin: 11mm 13mm; }
body { font-family: Georgia, 'Times New Roman', serif; font-size: 9.5pt; line-height: 1.22;
       max-width: 46em; margin: 1.5em auto; color: #111; }
h1 { font-size: 16pt; margin: 0 0 .1em; }
p { margin: .15em 0; }
p.game { font-size: 10pt; color: #333; }
p.source { margin: .3em 0 .4em; }
p.note { font-style: italic; font-size: 9pt; color: #333; }
ul { padding-left: 1.1em; margin: .25em 0 .5em; }
li { margin: .12em 0; }
h2 { font-size: 12pt; margin: .6em 0 .1em; border-bottom: 1px solid #999; }
section.silent { border: 1px solid #777; padding: .1em .6em .2em; margin-top: .6em; }
section.silent h2 { border: none; margin-top: .3em; }
footer { margin-top: .6em; font-size: 8.5pt; color: #444; }
@media print { body { margin: 0; max-width: none; } a { color: inherit; text-decoration: none; } }
"""

#: Codes that belong to the engine, not to a reader: the catalogue's rule numbers ("R1",
#: "R7, R8"), the sources' file numbers ("source 000") and settings as Python writes them
#: ("team_winner='went-out'", "partnerships=True").
_RULE_IDS = re.compile(r"\s*\((?:R\d+)(?:, R\d+)*\)")
_SOURCE_IDS = re.compile(r"\s*\((?:source|fuente) \d{3}\)|,\s*(?:source|fuente) \d{3}(?=\))")
_SETTING = re.compile(r"\b[a-z]+(?:_[a-z]+)*=(?:'[^']*'|True|False|None|\d+)")
_ASIDE = re.compile(r"\s*\([^()]*\)")
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-ZÁÉÍÓÚÑ¿\"])")


def plain(text: str) -> str:
    """``text`` without the engine's codes: rule and source numbers go, and a bracket,
    clause or sentence that names a setting in code is left out (the sheet says the rule in
    words elsewhere; the code is for programmers, in ``describe()``)."""
    text = _SOURCE_IDS.sub("", _RULE_IDS.sub("", text))
    text = _ASIDE.sub(lambda m: "" if _SETTING.search(m.group()) else m.group(), text)
    kept = []
    for sentence in _SENTENCE.split(text):
        clauses = [c for c in sentence.split("; ") if not _SETTING.search(c)]
        if not clauses:
            continue
        joined = "; ".join(clauses)
        if not joined.endswith((".", ":", "!", "?")):
            joined += "."
        kept.append(joined)
    return " ".join(kept)


def _words() -> dict[str, object]:
    return WORDS[dl.get_language()]


def _parts(rules: dl.Rules) -> tuple[str, str, list[str], list[str]]:
    """Title, source, settings and the engine's choices, read from ``describe()`` (in the
    current language) and said without the engine's codes."""
    lines = rules.describe().splitlines()
    prefix = _("Source: {source}").format(source="")
    source = next((line.removeprefix(prefix) for line in lines if line.startswith(prefix)), "")
    settings: list[str] = []
    choices: list[str] = []
    target = settings
    for line in lines[1:]:
        if line.startswith("- "):
            target.append(plain(line[2:]))
        elif line.strip() and not line.startswith(prefix):
            target = choices
    return rules.title, plain(source), settings, choices


def _partner_choices(rules: dl.Rules) -> list[str]:
    """The choices that apply only when these rules are played in partnerships (four players
    as two teams, ``partnerships=True``), for a preset that allows four players alone."""
    if rules.partnerships or 4 not in rules.player_counts:
        return []
    teams = dataclasses.replace(rules, partnerships=True)
    return [plain(c) for c in teams.choices() if c not in rules.choices()]


def _label(sentence: str) -> tuple[str, str]:
    """A setting's name and what it says ("Tiles", "a double-six set ..."), or ("", sentence)."""
    label, colon, rest = sentence.partition(": ")
    return (label, rest) if colon and len(label) < 40 else ("", sentence)


def markdown(rules: dl.Rules) -> str:
    """The rules sheet of ``rules`` in Markdown."""
    title, source, settings, choices = _parts(rules)
    words = _words()
    out = [f"# {title}", "", str(words["game"]).format(name=rules.name), ""]
    if source:
        out += [f"**{str(words['source']).strip()}** {source}", ""]
    out += [f"## {words['rules']}", "", f"*{words['rules_note']}*", ""]
    for sentence in settings:
        label, rest = _label(sentence)
        out.append(f"- **{label}:** {rest}" if label else f"- {rest}")
    if choices:
        out += ["", f"## {words['silent']}", "", f"*{words['silent_note']}*", ""]
        out += [f"- {c}" for c in choices]
    partners = _partner_choices(rules)
    if partners:
        out += ["", f"## {words['partners']}", ""]
        out += [f"- {c}" for c in partners]
    out += ["", "---", "", str(words["footer"]).format(version=dl.__version__)
            + f" {words['made']} `python tools/rules_sheets.py{_language_option()}`.", ""]
    return "\n".join(out)


def html(rules: dl.Rules) -> str:
    """The rules sheet of ``rules`` as a standalone HTML page that prints on one page."""
    title, source, settings, choices = _parts(rules)
    words = _words()
    body = [f"<h1>{escape(title)}</h1>",
            f'<p class="game">{escape(str(words["game"]).format(name=rules.name))}</p>']
    if source:
        body.append(f'<p class="source"><strong>{words["source"]}</strong>{escape(source)}</p>')
    body.append(f"<h2>{words['rules']}</h2>")
    body.append(f'<p class="note">{words["rules_note"]}</p>')
    items = []
    for sentence in settings:
        label, rest = _label(sentence)
        items.append(f"<li><strong>{escape(label)}:</strong> {escape(rest)}</li>" if label
                     else f"<li>{escape(rest)}</li>")
    body.append("<ul>" + "".join(items) + "</ul>")
    partners = _partner_choices(rules)
    if choices or partners:
        body.append('<section class="silent">')
        if choices:
            body.append(f"<h2>{words['silent']}</h2>")
            body.append(f'<p class="note">{words["silent_note"]}</p>')
            body.append("<ul>" + "".join(f"<li>{escape(c)}</li>" for c in choices) + "</ul>")
        if partners:
            body.append(f"<h2>{words['partners']}</h2>")
            body.append("<ul>" + "".join(f"<li>{escape(c)}</li>" for c in partners) + "</ul>")
        body.append("</section>")
    body.append(f"<footer>{escape(str(words['footer']).format(version=dl.__version__))}</footer>")
    return (f"<!DOCTYPE html>\n<html lang=\"{dl.get_language()}\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{escape(title)}</title>\n<style>{_CSS}</style>\n</head>\n<body>\n"
            + "\n".join(body) + "\n</body>\n</html>\n")


def _language_option() -> str:
    """The command-line option that writes the current language's sheets ("" for English)."""
    return "" if dl.get_language() == "en" else f" --language {dl.get_language()}"


def sheets(language: str = "en") -> dict[Path, str]:
    """Every sheet's path and text in ``language``."""
    out = {}
    folder = OUTS[language]
    with dl.language(language):
        words = WORDS[language]
        for name in dl.Rules.presets():
            rules = dl.Rules.preset(name)
            out[folder / f"{name}.md"] = markdown(rules)
            out[folder / f"{name}.html"] = html(rules)
        index = [f"# {words['index']}", "", *words["about"], ""]  # type: ignore[misc]
        index += [f"- {dl.Rules.preset(n).title}: [{n}.md]({n}.md), [{n}.html]({n}.html)"
                  for n in dl.Rules.presets()]
    out[folder / "README.md"] = "\n".join(index) + "\n"
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say whether the sheets are up to date")
    parser.add_argument("--language", choices=sorted(OUTS), action="append",
                        help="write (or check) only this language's sheets; every language without it")
    args = parser.parse_args()
    stale = []
    written = {path: text for language in (args.language or list(OUTS)) for path, text in sheets(language).items()}
    for path, text in written.items():
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            stale.append(path)
            if not args.check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
    if args.check:
        for path in stale:
            print(f"out of date: {path.relative_to(ROOT)}")
        return 1 if stale else 0
    folders = ", ".join(str(OUTS[language].relative_to(ROOT)) for language in (args.language or list(OUTS)))
    print(f"wrote {len(stale)} file(s) in {folders}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
