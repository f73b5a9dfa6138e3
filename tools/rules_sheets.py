"""Printable one-page rules sheets, one per preset, written from the engine's own words.

Usage: ``python tools/rules_sheets.py`` writes ``docs/teachers/rules/PRESET.md`` and
``PRESET.html`` for every preset (``--check`` only says whether the files are up to date;
the tests run it that way).  Each sheet is ``Rules.describe()`` laid out for a classroom: the
preset's title and source, every setting in plain words, and the choices the engine made
where the source is silent.  The HTML has print styles that fit one A4 or Letter page.
Nothing on a sheet is written here: change the engine's descriptions and run this again.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from html import escape
from pathlib import Path

import dominolab as dl

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "teachers" / "rules"

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


def _parts(rules: dl.Rules) -> tuple[str, str, list[str], list[str]]:
    """Title, source, settings and the engine's choices, read from ``describe()``."""
    lines = rules.describe().splitlines()
    title = lines[0]
    source = next((line.removeprefix("Source: ") for line in lines if line.startswith("Source: ")), "")
    settings: list[str] = []
    choices: list[str] = []
    target = settings
    for line in lines[1:]:
        if line.startswith("- "):
            target.append(line[2:])
        elif line.strip() and not line.startswith("Source: "):
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
    out = [f"# {title}", "", f"*Source: {source}*" if source else "", ""]
    out += [f"- {s}" for s in settings]
    if choices:
        out += ["", "## Where the source is silent: the engine's choices", ""]
        out += [f"- {c}" for c in choices]
    partners = _partner_choices(rules)
    if partners:
        out += ["", "## Played in partnerships (partnerships=True)", ""]
        out += [f"- {c}" for c in partners]
    out += ["", "---", "", f"Domino Lab {dl.__version__}: `print(dl.Rules.preset({rules.name!r}).describe())`. "
            "Made by `python tools/rules_sheets.py`.", ""]
    return "\n".join(line for line in out if line is not None)


def html(rules: dl.Rules) -> str:
    """The rules sheet of ``rules`` as a standalone HTML page that prints on one page."""
    title, source, settings, choices = _parts(rules)
    body = [f"<h1>{escape(title)}</h1>"]
    if source:
        body.append(f'<p class="source">Source: {escape(source)}</p>')
    body.append("<ul>" + "".join(f"<li>{escape(s)}</li>" for s in settings) + "</ul>")
    if choices:
        body.append("<h2>Where the source is silent: the engine's choices</h2>")
        body.append("<ul>" + "".join(f"<li>{escape(c)}</li>" for c in choices) + "</ul>")
    partners = _partner_choices(rules)
    if partners:
        body.append("<h2>Played in partnerships (partnerships=True)</h2>")
        body.append("<ul>" + "".join(f"<li>{escape(c)}</li>" for c in partners) + "</ul>")
    body.append(f"<footer>Domino Lab {escape(dl.__version__)}: "
                f"<code>print(dl.Rules.preset({escape(repr(rules.name))}).describe())</code>. "
                "Made by <code>python tools/rules_sheets.py</code>.</footer>")
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{escape(title)}</title>\n<style>{_CSS}</style>\n</head>\n<body>\n"
            + "\n".join(body) + "\n</body>\n</html>\n")


def sheets() -> dict[Path, str]:
    """Every sheet's path and text."""
    out = {}
    for name in dl.Rules.presets():
        rules = dl.Rules.preset(name)
        out[OUT / f"{name}.md"] = markdown(rules)
        out[OUT / f"{name}.html"] = html(rules)
    index = ["# Rules sheets", "", "One printable page per preset, written from the engine's own `describe()`.",
             "Open the HTML file in a browser and print it; the Markdown reads on GitHub.", ""]
    index += [f"- {dl.Rules.preset(n).title}: [{n}.md]({n}.md), [{n}.html]({n}.html)" for n in dl.Rules.presets()]
    out[OUT / "README.md"] = "\n".join(index) + "\n"
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say whether the sheets are up to date")
    args = parser.parse_args()
    stale = []
    for path, text in sheets().items():
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            stale.append(path)
            if not args.check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
    if args.check:
        for path in stale:
            print(f"out of date: {path.relative_to(ROOT)}")
        return 1 if stale else 0
    print(f"wrote {len(stale)} file(s) in {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
