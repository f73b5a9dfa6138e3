"""The maintainer's translation commands, run from the repository root (Babel's pybabel).

    python tools/babel_runner.py extract   # the marked texts -> src/dominolab/locale/dominolab.pot
    python tools/babel_runner.py update    # the template -> each language's .po (new texts empty,
                                           # changed ones marked fuzzy for a translator)
    python tools/babel_runner.py compile   # each .po -> the .mo the package ships and reads
    python tools/babel_runner.py all       # the three in turn

Translate in ``src/dominolab/locale/<lang>/LC_MESSAGES/dominolab.po`` between ``update`` and
``compile``; ``tests/test_i18n.py`` fails while a text is untranslated, fuzzy, has other
placeholders than its English, or the ``.mo`` is older than its ``.po``.  A new language:
``pybabel init -D dominolab -i src/dominolab/locale/dominolab.pot -d src/dominolab/locale -l fr``
and its code in ``dominolab.i18n.LANGUAGES``.  (After python-docs-theme's babel_runner.py.)
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "src" / "dominolab" / "locale"
TEMPLATE = LOCALE / "dominolab.pot"
#: Beyond Babel's own (_, gettext, ngettext, pgettext, npgettext, N_ ...): the context marker
#: and the texts built with their figures, said again when read (dominolab.i18n.Deferred).
KEYWORDS = ["NP_:1c,2", "Deferred:1"]


def pybabel(*args: str) -> None:
    command = [sys.executable, "-m", "babel.messages.frontend", *args]
    print("$ pybabel " + " ".join(args))
    subprocess.run(command, check=True, cwd=ROOT)


def extract() -> None:
    keywords = [arg for keyword in KEYWORDS for arg in ("-k", keyword)]
    pybabel("extract", "-F", "babel.cfg", *keywords, "--no-location", "--width=100",
            "--copyright-holder=Domino Lab contributors", "--version=0.1.0",
            "--project=dominolab", "-o", str(TEMPLATE.relative_to(ROOT)), "src/dominolab")


def update() -> None:
    pybabel("update", "-D", "dominolab", "-i", str(TEMPLATE.relative_to(ROOT)),
            "-d", str(LOCALE.relative_to(ROOT)), "--width=100", "--ignore-obsolete")


def compile_() -> None:
    pybabel("compile", "-D", "dominolab", "-d", str(LOCALE.relative_to(ROOT)), "--statistics")


COMMANDS = {"extract": [extract], "update": [update], "compile": [compile_], "all": [extract, update, compile_]}

if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] not in COMMANDS:
        sys.exit(f"usage: python tools/babel_runner.py {{{'|'.join(COMMANDS)}}}")
    for step in COMMANDS[sys.argv[1]]:
        step()
