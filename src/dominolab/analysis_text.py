"""The analysis board's words: the text a person types after a game, and the sentences
:meth:`~dominolab.analysis.AnalysisBoard.evaluate` says.

**The text.**  Header lines first, then one line per turn in the words of the table and
of :func:`~dominolab.narration.narrate`::

    rules: standard                 # a preset (rules.presets())
    rule draw_limit: 2              # optional: a field changed from the preset, as JSON
    seats: me, North                # every seat in turn order; "me" is the seat studied
    my tiles: 6-4 5-5 3-1 2-2 6-0 4-1 1-0    # as dealt
    hand: first                     # optional: "first" (the first-lead rule applies) or "later"
    leader: North                   # optional: who leads, before the first tile is down
    match: 45, 80 to 100            # optional: each side's score before the hand, and the target
    North: lead 6-6
    me: 6-4 right
    North: draws 2, passes
    me: draws 1 (3-3), 3-3 left     # your own draws name their tiles
    [
    me: 4-1 ... a variation: another move instead of the line before the bracket
    ]

A turn line is a seat's name, a colon (optional) and its moves, separated by commas or
"and": "lead 6-6", "6-4 right" (or "plays 6-4 on the right"; the end may be left out where
the tile fits one end only), "draws 2" (another seat), "draws 2 (3-3, 5-2)" (you),
"passes" (or "go"); in the past too ("drew", "played", "passed"), and "then" between the
moves as well.  "You" and "I" are other names for "me", so a line of
``narrate(...)`` reads as it is.  A line "[" begins a variation: moves played instead of
the line just before it; "]" ends it, and the main line goes on.  A line "*" is the place
the board is at, after the turn line above it ("* 1": after that line's first move); the
board writes it when the place is not the end of the main line, where a text without one
puts the board.  "#" starts a comment.

**In Spanish.**  The board writes its text in the language of the moment: in English with the
words above, in Spanish with the words a Spanish-speaking player reads and types: the headers
"reglas:", "regla <campo>:", "asientos:", "mis fichas:", "mano: primera" (or "siguiente"),
"sale:" and "partida: 45, 80 a 100" (a preset's and a rule field's names stay as they are); "yo"
for me; the moves "sale con 6-6", "6-4 a la izquierda", "roba 2", "pasa", and for "yo" in the
first person: "salgo con 6-6", "robo 2 (3-3, 5-2)", "paso".  It reads both languages' words
whatever the language of the moment, so a text written in one reads back in the other, and it
reads more of what a player types: "tú" for me, "juega 6-4 derecha", "robas 1", "pasas", moves
separated by commas or "y".  So a line of ``narrate(...)`` in Spanish reads as it is too.  Its
error messages are in the language of the moment.

**The sentences.**  :func:`judge` builds the verdict on a decision from named parts: the
first sentence in plain words without figures, one of :data:`dominolab.plain.TEXTS` with
the hint's words of certainty (:func:`dominolab.plain.compare`), the figures in a second
text (:data:`WHY`).
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable, Sequence
from typing import Any, Optional

from . import plain
from .analysis import ME_ALIASES, Analysis, AnalysisBoard, AnalysisError, AnalysisTextError, MoveAnalysis, Node
from .exercises.answers import move_text
from .i18n import N_, NP_, _, get_language, ngettext, pgettext
from .moves import (
    DRAW,
    DRAW_WORDS,
    LEAD_WORDS,
    PASS,
    End,
    Event,
    InvalidMoveError,
    Move,
    Play,
    read_move_text,
    same_move,
)
from .narration import turns
from .players import _points, _share, pair_words  # the hint's way of writing the same figures and moves
from .rules import Rules
from .tiles import Tile
from .validate import excerpt
from .view import View

__all__ = ["WHY", "judge", "moves_of", "read", "write"]

#: The longest text :func:`read` reads (a hand with many variations fits easily).
MAX_TEXT = 200_000
#: What separates the moves of one turn: a comma (not one inside the brackets of drawn
#: tiles), "and", "then", "and then", ", then" (in Spanish "y", "luego", "después", "y luego").
_PART = re.compile(r"\s*(?:,(?![^()]*\))\s*(?:(?:and|y)\s+)?(?:(?:then|luego|después)\b)?"
                   r"|\b(?:and|y)\s+(?:then|luego|después)\b|\b(?:and|y|then|luego|después)\b)\s*")
_COUNT = re.compile(r"\d{1,3}")


# ---------------------------------------------------------------------------- moves
def moves_of(text: str, *, mine: bool) -> list[tuple[str, Optional[Tile], Optional[End]]]:
    """The moves of one turn written as text ("draws 2, passes", "draws 1 (3-3), 3-3 left",
    "lead 6-6"): ("play" | "lead" | "draw" | "pass", tile, end) each.  ``mine``: the
    analysed seat's turn, whose draws name their tiles.  ``ValueError`` for anything else."""
    if not isinstance(text, str):
        raise ValueError(_("expected moves written as text, got {given}").format(given=excerpt(text)))
    out: list[tuple[str, Optional[Tile], Optional[End]]] = []
    parts = [p.strip() for p in _PART.split(text.strip().rstrip("."))]
    if not any(parts):
        raise ValueError(_("no move given"))
    for part in parts:
        if not part:
            raise ValueError(_("an empty move in {given}").format(given=excerpt(text)))
        part = move_text(part)  # the lessons' reader: "el 2-0 a la derecha", "cojo del montón", "2–0"
        words = part.lower().split()
        if words[0] in _DRAW_WORDS:
            out.extend(_draws(part, words, mine))
            continue
        try:
            action, tile, end = read_move_text(part)
        except InvalidMoveError as exc:
            raise ValueError(str(exc)) from None
        if action == "play" and words[0] in _LEAD_WORDS:
            action = "lead"
        out.append((action, tile, end))
    return out


#: The words that begin a draw, and those that make a play the lead, in English and in
#: Spanish (read whatever the language): the engine's move reader's own lists.
_DRAW_WORDS = DRAW_WORDS
_LEAD_WORDS = LEAD_WORDS


def _how_to_draw() -> str:
    return _("write 'draws 2' or 'draws 2 (3-3, 5-2)'")


def _draws(part: str, words: list[str], mine: bool) -> list[tuple[str, Optional[Tile], Optional[End]]]:
    """ "draws", "draws 2", "draws 2 (3-3, 5-2)", "draws 3-3 5-2". """
    rest = part.split(None, 1)[1] if len(words) > 1 else ""
    if rest.lower().startswith("del pozo"):  # "roba del pozo 2 (3-3)"
        rest = rest[len("del pozo"):].strip()
    count: Optional[int] = None
    shown = rest
    head = rest.split("(", 1)[0].strip()
    if _COUNT.fullmatch(head):
        count = int(head)
        shown = rest[len(rest.split("(", 1)[0]):].strip()
        if shown and not (shown.startswith("(") and shown.endswith(")")):
            raise ValueError(_("cannot read {given}: {how}").format(given=excerpt(part), how=_how_to_draw()))
        shown = shown[1:-1]
    elif head.startswith("(") or rest.startswith("("):
        shown = rest.strip()[1:-1] if rest.strip().endswith(")") else rest
    tiles: list[Tile] = []
    for piece in shown.replace(",", " ").split():
        try:
            tiles.append(Tile.parse(piece))
        except ValueError:
            raise ValueError(_("cannot read {given}: {how}").format(given=excerpt(part), how=_how_to_draw())) from None
    if count is not None and tiles and count != len(tiles):
        raise ValueError(ngettext("{given} says {count} tiles but names {named}",
                                  "{given} says {count} tiles but names {named}", count)
                         .format(given=excerpt(part), count=count, named=len(tiles)))
    if count == 0:
        raise ValueError(_("'draws 0' draws nothing: leave it out"))
    if mine:
        if not tiles:
            raise ValueError(_("say which tiles you drew, as in 'draws 2 (3-3, 5-2)'"))
        return [("draw", t, None) for t in tiles]
    if tiles:
        raise ValueError(_("nobody knows which tiles another seat drew: write how many, as in 'draws 2'"))
    return [("draw", None, None)] * (count or 1)


# ---------------------------------------------------------------------------- reading
@dataclasses.dataclass(frozen=True)
class _Words:
    """The words the board writes in one language.  The reader reads the words of every
    language, whatever the language of the moment: its header words below are built from
    these, and the move words are ones :func:`moves_of` reads (the tests write and read back
    every one of them)."""

    rules: str
    rule: str
    seats: str
    my_tiles: str
    hand: str
    first: str
    later: str
    leader: str
    match: str
    to: str
    me: str
    lead: str      # another seat's lead, "{tile}"
    my_lead: str   # the analysed seat's
    left: str
    right: str
    draws: str     # another seat's draws, "{count}"
    my_draws: str  # the analysed seat's, "{count}" and "{tiles}"
    passes: str
    my_pass: str


#: The board's words by language: English, the file format as it always was, and Spanish, the
#: words a Spanish-speaking player reads and types (first person for "yo", the analysed seat).
#: A language without its own words here writes English.
_WRITTEN = {
    "en": _Words(rules="rules", rule="rule", seats="seats", my_tiles="my tiles", hand="hand", first="first",
                 later="later", leader="leader", match="match", to="to", me="me", lead="lead {tile}",
                 my_lead="lead {tile}", left="{tile} left", right="{tile} right", draws="draws {count}",
                 my_draws="draws {count} ({tiles})", passes="passes", my_pass="passes"),
    "es": _Words(rules="reglas", rule="regla", seats="asientos", my_tiles="mis fichas", hand="mano",
                 first="primera", later="siguiente", leader="sale", match="partida", to="a", me="yo",
                 lead="sale con {tile}", my_lead="salgo con {tile}", left="{tile} a la izquierda",
                 right="{tile} a la derecha", draws="roba {count}", my_draws="robo {count} ({tiles})",
                 passes="pasa", my_pass="paso"),
}
assert all(words.me in ME_ALIASES for words in _WRITTEN.values())


def _words() -> _Words:
    """The board's words in the language of the moment."""
    return _WRITTEN.get(get_language(), _WRITTEN["en"])


_HEADERS = ("rules", "rule", "seats", "my tiles", "hand", "match", "leader")
#: The header words of every language, read whatever the language of the moment, as the
#: English key: every line the board writes reads back in either language.
_HEADER_KEYS = {getattr(words, field): key for words in _WRITTEN.values()
                for field, key in (("rules", "rules"), ("seats", "seats"), ("my_tiles", "my tiles"),
                                   ("hand", "hand"), ("match", "match"), ("leader", "leader"))}
#: The words that begin a changed rule's line ("rule", "regla").
_RULE_WORDS = tuple(sorted({words.rule for words in _WRITTEN.values()}))
#: The header words as a message names them, in the language of the moment (the Spanish
#: ones are those of :data:`_WRITTEN`).
_HEADER_WORDS = {"rules": NP_("header", "rules"), "seats": NP_("header", "seats"),
                 "my tiles": NP_("header", "my tiles"), "hand": NP_("header", "hand"),
                 "match": NP_("header", "match"), "leader": NP_("header", "leader")}


def _header(key: str) -> str:
    return pgettext("header", key) if key in _HEADER_WORDS else key


#: "hand:" in every language: "first" (the first hand of a match) or "later" ("primera",
#: "siguiente").
_HAND_KEYS = {said: key for words in _WRITTEN.values() for said, key in ((words.first, "first"),
                                                                         (words.later, "later"))}
#: "match:": the scores, a word of some language ("to", "a"), the target.
_MATCH = re.compile(r"\s*(\d+(?:\s*,\s*\d+)+)\s+(?:" + "|".join(sorted({re.escape(w.to) for w in _WRITTEN.values()}))
                    + r")\s+(\d+)\s*")


def read(text: str) -> AnalysisBoard:
    """The board ``text`` describes (see the module's text).  Raises
    :class:`~dominolab.analysis.AnalysisTextError` naming the first wrong line."""
    if not isinstance(text, str):
        raise AnalysisError(_("expected the hand as text, got {given}").format(given=excerpt(text)))
    if len(text) > MAX_TEXT:
        raise AnalysisError(_("the text is too long to be one hand ({count} characters; at most {most})")
                            .format(count=len(text), most=MAX_TEXT))
    reader = _Reader()
    last_line = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        last_line = number
        line = raw.split("#", 1)[0].strip()
        if line:
            reader.line(line, number)
    return reader.finish(last_line)


class _Reader:
    """:func:`read` line by line: the header lines until the first turn line makes the
    board, then the turns, the variations' brackets and the place "*"."""

    def __init__(self) -> None:
        self.header: dict[str, tuple[int, str]] = {}  # a header's key: its line and value
        self.changes: dict[str, Any] = {}  # a rule field's name: its line and value
        self.board: Optional[AnalysisBoard] = None  # made by the first line that is no header
        self.node: Optional[Node] = None  # the node the turns so far reach
        self.line_start: Optional[Node] = None  # where the last turn line began: what "[" replaces
        self.stack: list[tuple[Node, Optional[Node], int]] = []  # each open "[": node, line start, line
        self.place: Optional[Node] = None  # where a line "*" puts the board
        self.place_line = 0
        self.line_nodes: list[Node] = []  # the nodes the last turn line made, in order

    def line(self, line: str, number: int) -> None:
        """Read line ``number`` (its comment and outer spaces taken off, not empty)."""
        if self.board is None:
            if self._header(line, number):
                return
            self.board = _board(self.header, self.changes, number)
            self.node = self.line_start = self.board.root
        if not self._mark(line, number):
            self._turn(line, number)

    def _header(self, line: str, number: int) -> bool:
        """Whether the line is a header line ("rules: ...", "rule <field>: ..."), kept."""
        key, colon, value = line.partition(":")
        key = " ".join(key.lower().split())
        key = _HEADER_KEYS.get(key, key)
        rule = next((word for word in _RULE_WORDS if key.startswith(word + " ")), None)
        if rule is not None:
            self.changes[key[len(rule) + 1:].strip()] = (number, value.strip())
            return True
        if key in _HEADERS and colon:
            if key in self.header:
                raise AnalysisTextError(number, _("'{key}' is given twice (first at line {line})")
                                        .format(key=_header(key), line=self.header[key][0]))
            self.header[key] = (number, value.strip())
            return True
        return False

    def _mark(self, line: str, number: int) -> bool:
        """Whether the line is a mark: the place "*", or a variation's "[" or "]"."""
        node = self.node
        assert node is not None
        if line.split(None, 1)[:1] == ["*"]:
            if self.place is not None:
                raise AnalysisTextError(number, _("the place '*' is given twice (first at line {line})")
                                        .format(line=self.place_line))
            self.place, self.place_line = _place(line, node, self.line_nodes, number), number
            return True
        if line == "[":
            if self.line_start is None:
                raise AnalysisTextError(number, _("a variation '[' must follow a turn: it replaces that turn"))
            self.stack.append((node, self.line_start, number))
            self.node, self.line_start = self.line_start, None
            return True
        if line == "]":
            if not self.stack:
                raise AnalysisTextError(number, _("']' without a '[' before it"))
            if self.line_start is None:
                raise AnalysisTextError(number, _("an empty variation: give at least one turn between '[' and ']'"))
            self.node, self.line_start, _opened = self.stack.pop()
            return True
        return False

    def _turn(self, line: str, number: int) -> None:
        """A turn line: its seat's moves, each checked and added after the node reached."""
        board, node = self.board, self.node
        assert board is not None and node is not None
        try:
            seat, rest = _seat_of(board, line, number)
            self.line_start = node
            try:
                parts = moves_of(rest, mine=seat == board.seat)
            except ValueError as exc:
                raise AnalysisTextError(number, str(exc)) from None
        except AnalysisTextError:
            _check_path(board, node.path())  # a wrong line before this one is named first
            raise
        self.line_nodes = []
        for action, tile, end in parts:
            try:
                event = board._event(node, seat, action, tile, end)
            except AnalysisError as exc:
                _check_path(board, node.path())  # a wrong line before this one is named first
                raise AnalysisTextError(number, str(exc)) from None
            if node is board.root and board.leader is not None and seat != board.leader:
                raise AnalysisTextError(number, _("the 'leader:' line says {leader} leads, but {seat} makes the "
                                                  "first move").format(leader=board.names[board.leader],
                                                                       seat=board.names[seat]))
            try:
                node = board._attach(node, event, number)
            except AnalysisError as exc:
                _check_path(board, node.path())  # a wrong line before this one is named first
                raise AnalysisTextError(number, str(exc)) from None
            self.node = node
            self.line_nodes.append(node)

    def finish(self, last_line: int) -> AnalysisBoard:
        """The board read, once every line is: checked whole, at its place."""
        board = self.board
        if board is None:
            board = _board(self.header, self.changes, last_line + 1)
        if self.stack:
            raise AnalysisTextError(self.stack[-1][2], _("this '[' is never closed by a ']'"))
        _check_tree(board)
        main = board.root
        while main.variations:
            main = main.variations[0]
        place = self.place
        board.node = main if place is None else place
        if place is not None:  # redo from the start goes along the way to the place
            step: Optional[Node] = place
            while step is not None and step.parent is not None:
                step.parent._next = step
                step = step.parent
        return board


def _place(line: str, node: Node, line_nodes: list[Node], number: int) -> Node:
    """The node a line "*" (after the last turn line) or "* N" (after that line's first N
    moves, when the place is within a turn) names."""
    rest = line[1:].strip()
    if not rest:
        return node
    if not rest.isdigit() or not 0 < int(rest) <= len(line_nodes):
        raise AnalysisTextError(number, _("write '*' for the place after the turn above, or '* 1' after its first "
                                          "move; got {given}").format(given=excerpt(line)))
    return line_nodes[int(rest) - 1]


def _board(header: dict[str, tuple[int, str]], changes: dict[str, Any], number: int) -> AnalysisBoard:
    """The board the header lines give (``number``: the line after them)."""
    for key in ("rules", "seats", "my tiles"):
        if key not in header:
            raise AnalysisTextError(number, _("the '{key}:' line is missing before the first turn")
                                    .format(key=_header(key)))
    line, name = header["rules"]
    try:
        rules = Rules.preset(name.lower())
    except ValueError as exc:
        raise AnalysisTextError(line, str(exc)) from None
    if changes:
        fields = {f.name for f in dataclasses.fields(Rules)} - {"name"}
        given: dict[str, Any] = {}
        for field, (line, value) in changes.items():
            if field not in fields:
                raise AnalysisTextError(line, _("no rule named {given}; the rules' fields are {fields}")
                                        .format(given=excerpt(field), fields=", ".join(sorted(fields))))
            try:
                given[field] = json.loads(value)
            except ValueError:
                given[field] = value
        try:
            rules = dataclasses.replace(rules, **given)
        except (ValueError, TypeError) as exc:
            raise AnalysisTextError(min(line for line, _ in changes.values()), str(exc)) from None
    names = [n for n in (part.strip() for part in header["seats"][1].split(","))]
    first_hand: Optional[bool] = None
    if "hand" in header:
        line, value = header["hand"]
        said = _HAND_KEYS.get(value.lower(), value.lower())
        if said not in ("first", "later"):
            raise AnalysisTextError(line, _("hand: write 'first' or 'later', got {given}").format(given=excerpt(value)))
        first_hand = said == "first"
    match = None
    if "match" in header:
        line, value = header["match"]
        found = _MATCH.fullmatch(value)
        if found is None:
            raise AnalysisTextError(line, _("match: write each side's score and the target, as '45, 80 to 100'; "
                                            "got {given}").format(given=excerpt(value)))
        match = ([int(s) for s in found.group(1).split(",")], int(found.group(2)))
    leader = None
    if "leader" in header:
        line, value = header["leader"]
        lowered = [n.lower() for n in names]
        key = " ".join(value.lower().split())
        if key in ME_ALIASES:
            key = next((n for n in lowered if n in ME_ALIASES), key)
        if key not in lowered:
            raise AnalysisTextError(line, _("leader: no seat is called {given}").format(given=excerpt(value)))
        leader = lowered.index(key)
    try:
        board = AnalysisBoard(rules, names, header["my tiles"][1], first_hand=first_hand, match=match,
                              leader=leader)
    except (AnalysisError, ValueError) as exc:
        key = getattr(exc, "field", None) or "seats"
        raise AnalysisTextError(header[key][0], str(exc)) from None
    return board


def _seat_of(board: AnalysisBoard, line: str, number: int) -> tuple[int, str]:
    """The seat a turn line is about, and the rest of the line."""
    lowered = line.lower()
    names = [(name.lower(), seat) for seat, name in enumerate(board.names)]
    names += [(alias, board.seat) for alias in ME_ALIASES]
    head, colon, rest = line.partition(":")
    if colon:
        key = " ".join(head.lower().split())
        for name, seat in names:
            if key == name:
                return seat, rest.strip()
        raise AnalysisTextError(number, _("no seat is called {given}; the seats are {seats}")
                                .format(given=excerpt(head.strip()), seats=", ".join(board.names)))
    for name, seat in sorted(names, key=lambda pair: -len(pair[0])):
        if lowered.startswith(name + " "):
            return seat, line[len(name):].strip()
    raise AnalysisTextError(number, _("cannot tell whose turn {given} is: start it with a seat's name ({seats}) "
                                      "and a colon").format(given=excerpt(line), seats=", ".join(board.names)))


def _check_tree(board: AnalysisBoard) -> None:
    """Check every line of play of the tree (each leaf's path) with the engine."""
    leaves: list[Node] = []
    todo = [board.root]
    while todo:
        node = todo.pop()
        if not node.variations:
            leaves.append(node)
        todo.extend(reversed(node.variations))
    for leaf in leaves:
        _check_path(board, leaf.path())


def _check_path(board: AnalysisBoard, path: list[Node]) -> None:
    """Check one line of play with the engine; raise for its first wrong line."""
    from .analysis import _Bad

    try:
        board._solve_path(path)
    except _Bad as bad:
        at = path[bad.index].line if path else None

        def where(j: int) -> str:
            return _("at line {line}").format(line=path[j].line)

        raise AnalysisTextError(at or 1, bad.why(where)) from None


# ---------------------------------------------------------------------------- writing
def write(board: AnalysisBoard) -> str:
    """``board`` as text (see the module's text) in the words of the language of the moment;
    :func:`read` reads it back in any language."""
    words = _words()
    rules = board.rules
    presets = Rules.presets()
    base = Rules.preset(rules.name) if rules.name in presets else Rules.preset("standard")
    out = [f"{words.rules}: {base.name}"]
    data = rules.to_dict()
    for field in rules.changes_from(base):
        out.append(f"{words.rule} {field}: {json.dumps(data[field])}")
    out.append(f"{words.seats}: {', '.join(_name(board, seat, words) for seat in range(board.players))}")
    out.append(f"{words.my_tiles}: {' '.join(str(t) for t in board.tiles)}")
    if board.first_hand is not None:
        out.append(f"{words.hand}: {words.first if board.first_hand else words.later}")
    if board.leader is not None and not board.root.variations:
        out.append(f"{words.leader}: {_name(board, board.leader, words)}")
    if board.match is not None:
        scores, target = board.match
        out.append(f"{words.match}: {', '.join(map(str, scores))} {words.to} {target}")
    if board.node is board.root and board.root.variations:
        out.append("*")  # the place is the start of the hand
    _write_from(board, board.root, None, out, words)
    return "\n".join(out) + "\n"


def _name(board: AnalysisBoard, seat: int, words: _Words) -> str:
    """A seat's name in the text: the analysed seat is ``words.me`` ("me", "yo")."""
    return words.me if seat == board.seat else board.names[seat]


def _main_end(board: AnalysisBoard) -> Node:
    """The end of the main line, where :func:`read` puts a board whose text gives no place."""
    node = board.root
    while node.variations:
        node = node.variations[0]
    return node


def _write_from(board: AnalysisBoard, node: Node, first: Optional[Node], out: list[str], words: _Words) -> None:
    """The lines from ``node`` on: its main line (or ``first`` instead of its first move),
    each turn's alternatives in brackets after it."""
    while node.variations:
        start = first if first is not None else node.variations[0]
        others = [] if first is not None else node.variations[1:]
        first = None
        run = [start]
        while (run[-1].variations and len(run[-1].variations) == 1 and run[-1].event is not None
               and run[-1].event.action == "draw" and run[-1].variations[0].event is not None
               and run[-1].variations[0].event.seat == start.event.seat):  # type: ignore[union-attr]
            run.append(run[-1].variations[0])
        out.append(_turn_text(board, [n.event for n in run if n.event is not None], words))
        if board.node in run and board.node is not _main_end(board):  # the place, when not the default
            k = run.index(board.node)
            out.append("*" if k == len(run) - 1 else f"* {k + 1}")
        for other in others:
            out.append("[")
            _write_from(board, node, other, out, words)
            out.append("]")
        node = run[-1]


def _turn_text(board: AnalysisBoard, events: list[Event], words: _Words) -> str:
    seat = events[0].seat
    mine = seat == board.seat
    parts: list[str] = []
    for run in turns(events):
        drawn = [e for e in run if e.action == "draw"]
        if drawn:
            if mine:
                parts.append(words.my_draws.format(count=len(drawn), tiles=", ".join(str(e.tile) for e in drawn)))
            else:
                parts.append(words.draws.format(count=len(drawn)))
        last = run[-1]
        if last.action == "play":
            if last.ends is None:
                parts.append((words.my_lead if mine else words.lead).format(tile=last.tile))
            else:
                parts.append((words.left if last.end == "left" else words.right).format(tile=last.tile))
        elif last.action == "pass":
            parts.append(words.my_pass if mine else words.passes)
    return f"{_name(board, seat, words)}: {', '.join(parts)}"


# ---------------------------------------------------------------------------- sentences
#: The figures behind the verdict, one step away (the plain first sentence is one of
#: :data:`dominolab.plain.TEXTS`, as the hint's), said to the analysed seat ("for you");
#: translated when said.
WHY = {
    "only": N_("No other move is allowed here."),
    "exact": N_("Nothing is hidden, so these values are exact: {move} ends the hand {points} net points for you, "
                "{other} {other_points}."),
    "exact-one": N_("Nothing is hidden, so this value is exact: {move} ends the hand {points} net points for you."),
    "search": N_("{where}, {move} averaged {points} ± {margin} net points for you, against {other_points} "
                 "± {other_margin} for {other}."),
    "search-one": N_("{where}, {move} averaged {points} ± {margin} net points for you."),
    "solved": N_("{where}, {move} averaged {points} net points for you, against {other_points} for {other}."),
    "solved-one": N_("{where}, {move} averaged {points} net points for you."),
    "match": N_(" That is a {chance} chance of winning the match for you, against {other_chance}."),
    "face-up": N_(" With every hand face up, averaged over every deal that fits, {move} is worth {face} and {other} "
                  "{other_face} (a player who cannot see the hands may not reach these)."),
}
#: The same sentences when the analysed seat plays with a partner ("for your team"): whole
#: sentences of their own, so the words around "your team" agree with it in every language.
WHY_TEAM = {
    **WHY,
    "exact": N_("Nothing is hidden, so these values are exact: {move} ends the hand {points} net points for your "
                "team, {other} {other_points}."),
    "exact-one": N_("Nothing is hidden, so this value is exact: {move} ends the hand {points} net points for your "
                    "team."),
    "search": N_("{where}, {move} averaged {points} ± {margin} net points for your team, against {other_points} "
                 "± {other_margin} for {other}."),
    "search-one": N_("{where}, {move} averaged {points} ± {margin} net points for your team."),
    "solved": N_("{where}, {move} averaged {points} net points for your team, against {other_points} for {other}."),
    "solved-one": N_("{where}, {move} averaged {points} net points for your team."),
    "match": N_(" That is a {chance} chance of winning the match for your team, against {other_chance}."),
}


def _where(deals: int, solved: bool) -> str:
    """Where the board's figures come from, from what was computed, to open a sentence: "In
    1 imagined deal of the hidden tiles", "In 240 imagined deals …" (sampled), or "Over all
    6 deals of the hidden tiles that fit what you know, each solved exactly"."""
    if solved:
        text = ngettext("In the only deal of the hidden tiles that fits what you know, solved exactly",
                        "Over all {deals} deals of the hidden tiles that fit what you know, each solved exactly", deals)
    else:
        text = ngettext("In {deals} imagined deal of the hidden tiles", "In {deals} imagined deals of the hidden tiles",
                        deals)
    return text.format(deals=_count(deals))


def _decimals(text: str) -> str:
    """Figures written by the engine ("+2.3", "0.5") with the decimal sign of the language
    of the moment ("+2,3" in Spanish)."""
    sign = pgettext("decimal separator", ".")
    return text if sign == "." else text.replace(".", sign)


def _count(n: int) -> str:
    """A count of deals: "1,000" in English, "1000" (and "10 000" past four digits) in Spanish."""
    if get_language() == "en":
        return f"{n:,}"
    return str(n) if n < 10_000 else f"{n:,}".replace(",", "\u00a0")


#: A move's place among the others, in words.
VERDICTS = ("best", "about as good", "worse")

Row = tuple[Move, float, float, Optional[float], float, bool]


def judge(view: View, rows: Sequence[Row], method: str, deals: int, faces: dict[Move, float],
          who: Callable[[int], str], honest: Optional[dict[Move, float]] = None) -> Analysis:
    """The :class:`~dominolab.analysis.Analysis` of a decision: ``rows`` are (move, points,
    margin, chance, ahead, exact) best first, ``faces`` the face-up values when known,
    ``honest`` each move's margin as the hint widens it for few deals (by default its own).
    How sure the best beats a move is the hint's rule, :func:`dominolab.plain.compare`: a
    move is "about as good" as the best when that says "same" or "unsure", else "worse";
    the first sentence says the same words of :data:`dominolab.plain.SURE` as a hint would
    for these figures."""
    margins = honest or {}
    best = rows[0]

    def sure_of(row: Row) -> str:
        ahead = best[3] is None or row[3] is None or best[3] > row[3]
        return plain.compare(best[1] - row[1], margins.get(best[0], best[2]), margins.get(row[0], row[2]),
                             ahead=ahead)

    moves: list[MoveAnalysis] = []
    for k, (move, points, margin, chance, ahead, exact) in enumerate(rows):
        verdict = "best" if k == 0 else ("about as good" if sure_of(rows[k]) in ("same", "unsure") else "worse")
        moves.append(MoveAnalysis(move, points, margin, chance, ahead, exact or method == "exact", verdict,
                                  faces.get(move)))
    runner = _runner_up(view, rows)
    texts = WHY_TEAM if view.partner is not None else WHY
    first = _move_words(best[0], view)
    parts: dict[str, str] = {"move": first, "deals": _count(deals), "points": _decimals(_points(best[1])),
                             "margin": _decimals(f"{best[2]:.1f}")}
    if runner is not None:
        parts.update(other=_move_words(runner[0], view), other_points=_decimals(_points(runner[1])),
                     other_margin=_decimals(f"{runner[2]:.1f}"))
    sure = "" if runner is None else sure_of(runner)
    exact = method == "exact"
    if len(view.legal) == 1 or runner is None:
        key = ("board.must-draw" if best[0] is DRAW and len(view.legal) == 1
               else "board.must-pass" if best[0] is PASS and len(view.legal) == 1 else "board.only")
        says = plain.say(key, move=first)
    elif exact and abs(best[1] - runner[1]) < 1e-9:
        pair = pair_words(best[0], runner[0], view, _move_words)
        says = plain.say("board.equal.exact", **dict(zip(("first", "second"), pair, strict=True)))
    elif exact and sure in ("same", "unsure"):
        says = _exact_gap(first, parts["other"], best[1] - runner[1])
    elif sure in ("same", "unsure"):
        first_said, second_said = pair_words(best[0], runner[0], view, _move_words)
        says = plain.say("hint.same" if sure == "same" else "hint.unsure", first=first_said, second=second_said)
    else:
        says = plain.say("board.better.exact" if exact else "board.better", move=first, sure=plain.SURE[sure],
                         other=parts["other"])
    if exact:
        why = _(texts["exact" if runner is not None else "exact-one"]).format(**parts)
    else:
        solved = best[5] and (runner is None or runner[5])  # every deal that fits, each solved exactly
        key = ("solved" if solved else "search") + ("" if runner is not None else "-one")
        why = _(texts[key]).format(where=_where(deals, solved), **parts)
    if len(view.legal) == 1:
        why = _(texts["only"]) + " " + why
    if runner is not None and best[3] is not None and runner[3] is not None:
        why += _(texts["match"]).format(chance=_decimals(_share(best[3])), other_chance=_decimals(_share(runner[3])))
    if runner is not None and best[0] in faces and runner[0] in faces:
        why += _(texts["face-up"]).format(face=_decimals(_points(faces[best[0]])),
                                          other_face=_decimals(_points(faces[runner[0]])), **parts)
    return Analysis(tuple(moves), says, why, method, deals, sure)


def _exact_gap(first: str, second: str, gap: float) -> str:
    """Two exact values close together: not "about the same" (a search's words, for figures
    with a margin) but the difference itself, which is exact ("1 point", "0.5 points")."""
    whole = abs(gap - round(gap)) < 1e-9
    figure = str(round(gap)) if whole else _decimals(f"{gap:.1f}")
    text = ngettext("{first} ends {gap} point ahead of {second}: every tile's place is known, so this is exact.",
                    "{first} ends {gap} points ahead of {second}: every tile's place is known, so this is exact.",
                    round(gap) if whole else 2).format(first=first, second=second, gap=figure)
    return text[:1].upper() + text[1:]


def _runner_up(view: View, rows: Sequence[Row]) -> Optional[Row]:
    """The best move that leads somewhere else than the best (a tile on either of two
    equal ends is one move)."""
    best = rows[0][0]
    return next((row for row in rows[1:] if not same_move(row[0], best, view.ends)), None)


def _move_words(move: Move, view: View) -> str:
    """A move as the subject of a sentence: "6-4 on the right", "leading 6-6", "drawing"."""
    if move is DRAW:
        return _("drawing")
    if move is PASS:
        return _("passing")
    assert isinstance(move, Play)
    ends = view.ends
    if ends is None:
        return _("leading {tile}").format(tile=move.tile)
    if ends[0] == ends[1]:
        return str(move.tile)
    if move.end == "left":
        return _("{tile} on the left").format(tile=move.tile)
    return _("{tile} on the right").format(tile=move.tile)
