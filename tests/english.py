"""A check for English left in Spanish texts, shared by every test of a Spanish text.

``english_words(line)`` gives the English words of a line (kept titles, site names and code
taken out first), so a test asserts it is empty over the texts it builds in Spanish.
"""

from __future__ import annotations

import re

from dominolab.rules import SOURCES

#: What stays English in Spanish texts on purpose: the sources' titles, the names of other
#: sites, and code (fields and values a learner types).
KEPT = [*SOURCES.values(), "Draw Dominoes", "Domino Pool", "Domino Plaza",
         "Play(tile, end)", "Draw()", "Pass()"]
CODE = re.compile(r"Tile\(\d+, \d+\)|\b\w+=(?:'[^']*'|True|False|None|\d+)|'[a-z-]+'|\b[a-z]+_[a-z_]+\b")
#: English words that no Spanish sentence of the engine contains.
ENGLISH = set("""
the and or of to is are an with without on at in for from by not nobody every each
tile tiles double doubles draw draws drawn drawing pass passes passed play plays played lead leads led
leader hand hands boneyard pip pips point points score scores scored player players team teams seat
you your yours their they it its left right end ends wins win winner tie tied blocked match
target redeal deal dealt rest set first last must may can cannot rule rules source page engine
this that what when who there would will were was have better worse best move moves why hint hints
review next undo new clearly little same either fine about hard tell apart only puzzle puzzles answer
think thinking close open board student students name file result results wrong good
""".split())


def english_words(text: str) -> set[str]:
    """The English words of ``text`` that no Spanish sentence of the engine contains."""
    for kept in KEPT:
        text = text.replace(kept, " ")
    text = CODE.sub(" ", text)
    return {word for word in re.findall(r"[^\W\d_]+", text) if word.lower() in ENGLISH}
