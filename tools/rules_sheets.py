"""Printable one-page rules sheets, one per preset, written from the engine's own words.

Usage: ``python tools/rules_sheets.py`` writes ``docs/teachers/rules/PRESET.md`` and
``PRESET.html`` for every preset, and the same sheets in Spanish in ``docs/teachers/es/reglas/``
(``--language en`` or ``--language es`` writes one language only; ``--check`` only says
whether the files are up to date; the tests run it that way).  Each sheet is
``Rules.describe()`` laid out for a classroom: the preset's title and source, every setting
in plain words, and the choices the engine made where the source is silent.  The HTML has
print styles that fit one A4 or Letter page.  Nothing on a sheet is written here: change the
engine's descriptions and run this again.
"""

from __future__ import annotations

import argparse
import dataclasses
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
        "source": "Source: ", "silent": "Where the source is silent: the engine's choices",
        "partners": "Played in partnerships (partnerships=True)", "made": "Made by",
        "index": "Rules sheets",
        "about": ["One printable page per preset, written from the engine's own `describe()`.",
                  "Open the HTML file in a browser and print it; the Markdown reads on GitHub."],
    },
    "es": {
        "source": "Fuente: ", "silent": "Donde la fuente no dice nada: lo que decide el motor",
        "partners": "Por parejas (partnerships=True)", "made": "Hecha con",
        "index": "Hojas de reglas",
        "about": ["Una página para imprimir por cada juego de reglas, escrita con el propio `describe()` del motor.",
                  "Abre el archivo HTML en un navegador e imprímelo; el Markdown se lee en GitHub."],
    },
}

_CSS = """
@page { size: auto; margin: 14mm; }
body { font-family: Georgia, 'Times New Roman', serif; font-size: 11.5pt; line-height: 1.35;
       max-width: 46em; margin: 1.5em auto; color: #111; }
h1 { font-size: 18pt; margin: 0 0 .2em; }
p.source { margin: 0 0 .8em; font-style: italic; }
ul { padding-left: 1.2em; margin: .3em 0 .8em; }
li { margin: .15em 0; }
h2 { font-size: 12.5pt; margin: .9em 0 .2em; }
footer { margin-top: 1em; font-size: 9pt; color: #444; }
@media print { body { margin: 0; max-width: none; } a { color: inherit; text-decoration: none; } }
"""


def _words() -> dict[str, object]:
    return WORDS[dl.get_language()]


def _parts(rules: dl.Rules) -> tuple[str, str, list[str], list[str]]:
    """Title, source, settings and the engine's choices, read from ``describe()`` (in the
    current language)."""
    lines = rules.describe().splitlines()
    title = lines[0]
    prefix = _("Source: {source}").format(source="")
    source = next((line.removeprefix(prefix) for line in lines if line.startswith(prefix)), "")
    settings: list[str] = []
    choices: list[str] = []
    target = settings
    for line in lines[1:]:
        if line.startswith("- "):
            target.append(line[2:])
        elif line.strip() and not line.startswith(prefix):
            target = choices
    return title, source, settings, choices


def _partner_choices(rules: dl.Rules) -> list[str]:
    """The choices that apply only when these rules are played in partnerships (four players
    as two teams, ``partnerships=True``), for a preset that allows four players alone."""
    if rules.partnerships or 4 not in rules.player_counts:
        return []
    teams = dataclasses.replace(rules, partnerships=True)
    return [c for c in teams.choices() if c not in rules.choices()]


def markdown(rules: dl.Rules) -> str:
    """The rules sheet of ``rules`` in Markdown."""
    title, source, settings, choices = _parts(rules)
    words = _words()
    out = [f"# {title}", "", f"*{words['source']}{source}*" if source else "", ""]
    out += [f"- {s}" for s in settings]
    if choices:
        out += ["", f"## {words['silent']}", ""]
        out += [f"- {c}" for c in choices]
    partners = _partner_choices(rules)
    if partners:
        out += ["", f"## {words['partners']}", ""]
        out += [f"- {c}" for c in partners]
    out += ["", "---", "", f"Domino Lab {dl.__version__}: `print(dl.Rules.preset({rules.name!r}).describe())`. "
            f"{words['made']} `python tools/rules_sheets.py{_language_option()}`.", ""]
    return "\n".join(line for line in out if line is not None)


def html(rules: dl.Rules) -> str:
    """The rules sheet of ``rules`` as a standalone HTML page that prints on one page."""
    title, source, settings, choices = _parts(rules)
    words = _words()
    body = [f"<h1>{escape(title)}</h1>"]
    if source:
        body.append(f'<p class="source">{words["source"]}{escape(source)}</p>')
    body.append("<ul>" + "".join(f"<li>{escape(s)}</li>" for s in settings) + "</ul>")
    if choices:
        body.append(f"<h2>{words['silent']}</h2>")
        body.append("<ul>" + "".join(f"<li>{escape(c)}</li>" for c in choices) + "</ul>")
    partners = _partner_choices(rules)
    if partners:
        body.append(f"<h2>{words['partners']}</h2>")
        body.append("<ul>" + "".join(f"<li>{escape(c)}</li>" for c in partners) + "</ul>")
    body.append(f"<footer>Domino Lab {escape(dl.__version__)}: "
                f"<code>print(dl.Rules.preset({escape(repr(rules.name))}).describe())</code>. "
                f"{words['made']} <code>python tools/rules_sheets.py{_language_option()}</code>.</footer>")
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
