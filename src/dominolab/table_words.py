"""The play table's fixed words: the labels the front end writes itself, in the table's language.

The browser (``domino_widget/src/parts/*.js``) writes a few texts of its own: its buttons
("Hint (H)"), headings, the names a screen reader says ("The line of play") and short notes
("It is {name}'s turn.").  Each is written there in English, through ``t("...")``; Python is
the only source of their words in another language: :func:`words` gives each English label
its text in a language, and the table sends that dict to the browser (``DominoTable.words``).
A label the browser does not find reads as its English self.

Each label is here once, marked for the catalog.  Parts the browser fills in are named
placeholders (``{name}``, ``{tile}``); labels that agree with a number are ``ngettext`` pairs,
sent as two entries (the English singular and the English plural, each with the form of the
language for 1 and for 2: the browser picks the singular for 1 and the plural otherwise,
which is the rule of English and of Spanish).  Sentences the table shows from the game (the
status, the log, the hint, results) come from :mod:`dominolab.presenter`, not from here.

``tests/test_i18n_widget.py`` checks that every ``t("...")`` of the JS is here and every
label here is used, and that each is translated.
"""

from __future__ import annotations

import json
import re
import sys
from typing import Optional

from .i18n import N_, _, language, ngettext, pgettext

__all__ = ["KEYED", "LABELS", "PLURALS", "keys", "words"]

#: Every fixed label of the front end, in English, once (grouped by the part that writes it).
LABELS: tuple[str, ...] = (
    # The table, its controls and notes (table.js, controls.js, play.js, keys.js)
    N_("Domino table"),
    N_("Draw (D)"),
    N_("Pass (P)"),
    N_("Undo (U)"),
    N_("Hint (H)"),
    N_("Where to play {tile}"),
    N_("Left end: {number} (L)"),
    N_("Right end: {number} (R)"),
    N_("Cancel (Esc)"),
    N_("Hint: {text}"),
    N_("Why?"),
    N_("Keys"),
    N_("Click the table or Tab into it: the focus goes to your hand. ←/→ move along it, Enter plays the "
       "tile, L/R play it on the left or right end, D draws, P passes, U undoes, H asks for a hint, N deals "
       "the next hand, V reviews the hand, Esc cancels. Click outside the table to give the notebook its "
       "keys back."),
    N_("Choose an end for {tile}: L for the left end ({left}), R for the right end ({right}); Escape "
       "cancels."),
    N_("Thinking about a hint…"),
    N_("No answer from Python yet. If the kernel is busy with another cell, the table carries on when it "
       "is done."),
    N_("The table lost its connection to Python."),
    N_("Your move waits for Python to finish; it is played then."),
    N_("This puzzle is done: press Next puzzle (N)."),
    N_("First choose: carry on with the saved match, or start a new one."),
    N_("Pass the screen to {name} first."),
    N_("The hand is over."),
    N_("{name} is thinking; wait for your turn."),
    N_("It is {name}'s turn."),
    N_("The hand is still being played."),
    # Your hand (hand.js)
    N_("{tile}, playable, fits both ends"),
    N_("{tile}, playable"),
    N_("{tile}, cannot be played now"),
    N_("{tile}, just drawn"),
    N_("new"),  # the badge on a tile just drawn
    N_("You"),
    N_("Your hand"),
    N_("{name}'s hand"),
    # The header and the scores (header.js, scores.js)
    N_("Puzzles"),
    N_("{rules} · hand {hand} · first to {target}"),
    N_("New match"),
    N_("Start a new match"),
    N_("Match scores, first to {target}"),
    N_("{side}: {points} of {target}"),
    N_("Hands played: {count}"),
    N_("Hand"),
    # The other seats, the boneyard, the line, the log (others.js, boneyard.js, line.js, log.js)
    N_("The other seats"),
    N_("{name} holds {tiles}"),
    N_("{name} holds nothing"),
    N_("{name} (partner)"),
    N_("{name} is thinking"),
    N_("thinking…"),
    N_("Known to have no {numbers}"),
    N_("Shown by a pass (or a draw under rules that forbid drawing when able)"),
    N_("No drawing in these rules"),
    N_("The line of play"),
    N_("lead: your lead goes here"),
    N_("L {number}: play {tile} on the left end, which shows {number}"),
    N_("R {number}: play {tile} on the right end, which shows {number}"),
    N_("L {number}: the left end shows {number}"),
    N_("R {number}: the right end shows {number}"),
    N_("lead"),
    N_("This hand, turn by turn ({count})"),
    N_("This hand, turn by turn"),
    # The end of a hand (result.js)
    N_("New match (N)"),
    N_("Next hand (N)"),
    N_("Result of the hand"),
    N_("Download result"),
    # Questions and the stopped table (dialogs.js, kernel.js)
    N_("Start a new match?"),
    N_("Start a new match? This one (hand {hand}; {scores}) ends here, unfinished."),
    N_("Keep playing"),
    N_("This table has stopped."),
    N_("Saved match"),
    N_("Carry on (C)"),
    N_("Pass the screen to {name}"),
    N_("Pass the screen to {name}."),
    N_("{name}: show your tiles when only you can see the screen."),
    N_("Show {name}'s tiles (S)"),
    N_("Python is no longer running (the kernel was restarted or shut down), so this table cannot go on."),
    N_("Your tournament moves were saved: reload the page to carry on where you left off."),
    N_("Your tournament moves were saved: run the cell again to carry on where you left off."),
    N_("Your match was saved: reload the page to carry on where you left off."),
    N_("Your match was saved: run the cell again to carry on where you left off."),
    N_("To play, reload the page."),
    N_("To play, run the cell again."),
    N_("The connection to the Jupyter server was lost. Reload the page to carry on."),
    # The coach: a review, a puzzle (coach.js, review.js, puzzle.js, announce.js)
    N_("Review of the hand"),
    N_("Puzzle"),
    N_("Close the review first (Esc); then Next hand."),
    N_("Close the puzzles?"),
    N_("Close the puzzles and go back to your game? This puzzle is left where it is."),
    N_("Close the puzzles"),
    N_("Keep solving"),
    N_("Draw"),
    N_("Pass"),
    N_("Review this hand"),
    N_("Your tiles then"),
    N_("Your tiles then: {tiles}"),
    N_("Played"),
    N_("Best"),
    N_("Previous (←)"),
    N_("Next (→)"),
    N_("Open in analysis (A)"),
    N_("Close (Esc)"),
    N_("Your hand in the puzzle"),
    N_("seat {seat}"),
    N_("Puzzle {number} of {count} ({grade})"),
    N_("Puzzle {number} of {count}"),
    N_("Show the answer"),
    N_("Next puzzle (N)"),
    # The analysis board (analysis.js); its move box reads moves written in English
    # ("6-4 left", "draws 2", "pass"), so the examples keep those words.
    N_("Type a move first, such as 6-4 left, draws 2 or pass."),
    N_("Type the tile you drew after “draw” (for example draw 3-3), then press Enter."),
    N_("draw {tile}"),
    N_("Play {move}"),
    N_("Draw (type the tile you drew)"),
    N_("Start of the hand"),
    N_("The hand's moves"),
    N_("Moves tried from here"),
    N_("Tried from here"),
    N_("Add your move"),
    N_("Add {name}'s move"),
    N_("{label}: a tile and its end (6-4 left), or draw and the tile (draw 3-3)"),
    N_("{label}: a tile and its end (6-4 left), draws and how many, or pass"),
    N_("6-4 left · draw 3-3"),
    N_("6-4 left · draws 2 · pass"),
    N_("Add move"),
    N_("Draws 1"),
    N_("Passes"),
    N_("← and → step back and forward through the hand, Home goes to its start, E values every move of "
       "yours, M goes to the move box (type a move, Enter adds it), Esc closes the board. Tab reaches every "
       "button."),
    N_("{tile}, fits both ends"),
    N_("Click the tile {name} played"),
    N_("Tiles {name} could have played"),
    N_("Where {name} played {tile}"),
    N_("Left end: {number}"),
    N_("Right end: {number}"),
    N_("Cancel"),
    N_("Who leads"),
    N_("Set up a new hand by clicking"),
    N_("Pick the {count} tiles you were dealt (picked: {picked} of {count}); the rules and seats stay as "
       "they are."),
    N_("The set's tiles: press the ones you were dealt"),
    N_("Start this hand"),
    N_("The hand as text: paste a hand here and press Load this hand"),
    N_("The hand's text is copied."),
    N_("Press Ctrl+C (⌘C) to copy the selected text."),
    N_("The hand as text"),
    N_("Load this hand"),
    N_("Copy the text"),
    N_("Show this board's text"),
    N_("Analysis board"),
    N_("Analysis board · {rules}"),
    N_("Your tiles"),
    N_("Your tiles: {tiles}"),
    N_("Your tiles: none"),
    N_("Valuing every move…"),
    N_("Your moves, best first"),
    N_("Your moves"),
    N_("Back (←)"),
    N_("Forward (→)"),
    N_("Evaluate (E)"),
    N_("Move {number}: {text}"),
    N_("The start of the hand"),
)


def _plural_forms(n: int) -> list[str]:
    """Each label that agrees with a number, in its form for ``n`` (always in this order)."""
    return [
        ngettext("{count} tile", "{count} tiles", n),
        ngettext("{name}: {count} tile", "{name}: {count} tiles", n),
        ngettext("{name}: {count} point", "{name}: {count} points", n),
        ngettext("Boneyard: {count} tile", "Boneyard: {count} tiles", n),
        ngettext("Boneyard: {count} tile; {drawable} may be drawn, the last {stay} stay",
                 "Boneyard: {count} tiles; {drawable} may be drawn, the last {stay} stay", n),
        ngettext("No drawing in these rules ({count} tile stay face down)",
                 "No drawing in these rules ({count} tiles stay face down)", n),
        ngettext("Others: {others}. Boneyard: {count} tile.", "Others: {others}. Boneyard: {count} tiles.", n),
        ngettext("{others}. Boneyard: {count} tile.", "{others}. Boneyard: {count} tiles.", n),
    ]


with language("en"):
    #: The labels that agree with a number, as (English singular, English plural) pairs.
    PLURALS: tuple[tuple[str, str], ...] = tuple(zip(_plural_forms(1), _plural_forms(2), strict=True))


#: The table's letter keys: each action and the label that shows its key in brackets.  In every
#: language the key is the letter the label's translation shows ("Draw (D)" is "Robar (R)" in
#: Spanish, so R draws there), so a button and its key never disagree.
KEYED: dict[str, str] = {
    "left": "Left end: {number} (L)",
    "right": "Right end: {number} (R)",
    "draw": "Draw (D)",
    "pass": "Pass (P)",
    "undo": "Undo (U)",
    "hint": "Hint (H)",
    "next": "Next hand (N)",
    "carry": "Carry on (C)",
    "show": "Show {name}'s tiles (S)",
    "review": N_("Review this hand (V)"),
    "analysis": "Open in analysis (A)",
    "evaluate": "Evaluate (E)",
}
_BRACKET = re.compile(r"\((\w)\)$")


def keys(code: Optional[str] = None) -> dict[str, str]:
    """The table's letter keys in the language ``code`` (``None``: the current one): each action
    ("left", "draw", ...) and its key, lower case, read from its label's words ("r" for draw in
    Spanish).  The table sends them to the browser (``DominoTable.keys``), which holds no key of
    its own.  Raises ValueError when a label shows no key or two actions share one."""
    with language(code):
        out: dict[str, str] = {}
        for action, label in KEYED.items():
            found = _BRACKET.search(_(label))
            if found is None:
                raise ValueError(f"the label {_(label)!r} shows no key in brackets")
            out[action] = found.group(1).lower()
        out["move"] = pgettext("key that goes to the analysis board's move box", "M").lower()  # no button shows it
    clash = sorted({k for k in out.values() if list(out.values()).count(k) > 1})
    if clash:
        raise ValueError(f"two of the table's actions share the key {', '.join(clash)}: {out}")
    return out


def words(code: Optional[str] = None) -> dict[str, str]:
    """Each English label of the front end and its text in the language ``code`` ("en", "es";
    ``None``: the current language).  A plural pair gives its singular the form for 1 and its
    plural the form for 2.  An unknown code raises :class:`~dominolab.UnknownLanguageError`."""
    with language(code):
        out = {label: _(label) for label in LABELS}
        for (singular, plural), one, other in zip(PLURALS, _plural_forms(1), _plural_forms(2), strict=True):
            out[singular] = one
            out[plural] = other
    return out


if __name__ == "__main__":  # python -m dominolab.table_words es > words.es.json  (--keys: the key map)
    _args = [a for a in sys.argv[1:] if a != "--keys"]
    _made = (keys if "--keys" in sys.argv else words)(_args[0] if _args else None)
    json.dump(_made, sys.stdout, ensure_ascii=False, indent=1, sort_keys=True)
    sys.stdout.write("\n")
