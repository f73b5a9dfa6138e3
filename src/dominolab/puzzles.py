"""Puzzles: positions from the engine's own games where one move is clearly best.

Each puzzle is a moment of a self-play hand (rebuilt from its deal's seed and the moves
made) where the seat to move had a choice and the search found one move **clearly best**:

* its 95% interval of expected net points lies wholly above every other move's, and it
  expects at least :data:`MIN_GAIN` points more than the next best move;
* it is **not the obvious move**: not a play of the heaviest tile the seat could play
  (what a greedy novice does), and not forced.

A puzzle is graded by how much the best move gains over the next best (a large gain is
easier to see) and by how many tiles the seat cannot see (more hidden tiles, more to
work out); see :func:`grade`.  Its explanation is written from the search's figures and
from what the seat can infer (the numbers other seats have shown they lack).

The shipped set (``puzzles.json`` next to this module) is built once by
``tools/build_puzzles.py``; loading it needs no search::

    import dominolab as dl

    p = dl.puzzles.load()[0]
    p                                   # the position as a picture, and the question
    p.check("6-4 left")                 # correct / incorrect with a nudge
    p.hint(); p.solution()
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from html import escape
from pathlib import Path
from typing import Any, Optional

from .exercises.answers import MoveAnswer, Unreadable, describe
from .exercises.core import Feedback, show
from .moves import Move, Play, move_from_text
from .review import Choice, move_words
from .round import Round
from .rules import Rules
from .validate import check_int, check_number, check_seat, excerpt
from .view import View

__all__ = ["GRADES", "MIN_GAIN", "Puzzle", "PuzzleError", "get", "grade", "load", "select"]

#: The least a puzzle's best move must gain over the next best, in expected net points.
MIN_GAIN = 3.0
#: The grades, easiest first.
GRADES = ("easy", "medium", "hard")
#: Where the shipped set lives.
DATA = Path(__file__).with_name("puzzles.json")
FORMAT = "dominolab-puzzles"
VERSION = 1



class PuzzleError(ValueError):
    """A puzzle (or the data file) that does not fit the engine: it names the puzzle."""


def grade(gain: float, hidden: int) -> str:
    """The grade of a puzzle whose best move gains ``gain`` points over the next best
    while the seat cannot see ``hidden`` tiles.  Each counts 0, 1 or 2 towards difficulty:
    a gain of 15 points or more 0, 7 to 15 1, less 2; 7 hidden tiles or fewer 0, 8 to 12
    1, more 2.  A total of 0 or 1 is easy, 2 medium, 3 or 4 hard.  (The cuts split the
    shipped set, mined mostly from the later part of hands, into three groups of about
    the same size.)"""
    gain_part = 0 if gain >= 15 else 1 if gain >= 7 else 2
    hidden_part = 0 if hidden <= 7 else 1 if hidden <= 12 else 2
    return GRADES[min(2, max(0, gain_part + hidden_part - 1))]


def _choice_data(c: Choice) -> list[Any]:
    return [_move_text(c.move), round(c.points, 2), round(c.margin, 2), round(c.ahead, 3)]


def _choice_from_data(item: Any) -> Choice:
    """A :class:`Choice` from its ``[move, points, error, win]`` data (the error ``None`` when
    the search gave none), every figure a finite number."""
    if not isinstance(item, list) or len(item) != 4:
        raise ValueError(f"a choice is [move, points, error, win], got {excerpt(item)}")
    text, points, error, win = item
    if not isinstance(text, str):
        raise ValueError(f"a choice's move must be text, got {excerpt(text)}")
    if not isinstance(points, (int, float)) or isinstance(points, bool) or not math.isfinite(points):
        raise ValueError(f"a choice's points must be a finite number, got {excerpt(points)}")
    return Choice(_move(text), float(points),
                  math.inf if error is None else check_number(error, "a choice's error"),
                  check_number(win, "a choice's win share"))


def _move_text(move: Move) -> str:
    return f"{move.tile} {move.end}" if isinstance(move, Play) else str(move)


def _move(text: str) -> Move:
    return move_from_text(text)


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: the hand (``rules`` preset, ``players``, the deal's ``seed`` and the
    ``moves`` made so far, as text), the ``seat`` to move, every legal move's figures as
    the search found them (``choices``, best first), its ``grade`` and ``explanation``."""

    id: str
    rules: str
    players: int
    seed: int
    moves: tuple[str, ...]
    seat: int
    choices: tuple[Choice, ...]
    grade: str
    explanation: str
    level: str = "hard"

    # -- the position
    def round(self) -> Round:
        """The hand at the puzzle's moment, rebuilt from the deal and the moves."""
        r = Round.deal(self.rules, self.players, seed=self.seed)
        for i, text in enumerate(self.moves):
            try:
                r.play(_move(text))
            except ValueError as exc:
                raise PuzzleError(f"puzzle {self.id}: move {i + 1} ({text!r}) does not replay: {exc}") from None
        if r.is_over or r.turn != self.seat:
            raise PuzzleError(f"puzzle {self.id}: after its moves it is not seat {self.seat}'s turn")
        return r

    def view(self) -> View:
        """What the seat to move knows: the position the puzzle shows."""
        return self.round().view(self.seat)

    @property
    def best(self) -> Move:
        """The clearly best move."""
        return self.choices[0].move

    @property
    def gain(self) -> float:
        """Expected points the best move gains over the next best."""
        return self.choices[0].points - self.choices[1].points

    @property
    def question(self) -> str:
        """What the puzzle asks."""
        return (f"{self.rules.capitalize()} rules, {self.players} players: you are seat {self.seat} "
                f"and it is your turn. Which move is clearly best?")

    def __repr__(self) -> str:
        return f"<Puzzle {self.id} ({self.grade}): {self.question}>"

    def _repr_html_(self) -> str:
        from .render import picture_html

        return (f"<div><p><strong>Puzzle {escape(self.id)}</strong> ({escape(self.grade)}). "
                f"{escape(self.question)}</p>{picture_html(self.view())}</div>")

    def picture(self) -> str:
        """The position as SVG (with alt text), as the seat to move sees it."""
        from .render import view_svg

        return view_svg(self.view())

    # -- answers
    def _same(self, a: Move, b: Move, view: View) -> bool:
        if a == b:
            return True
        mirrored = view.ends is not None and view.ends[0] == view.ends[1]
        return mirrored and isinstance(a, Play) and isinstance(b, Play) and a.tile == b.tile

    def _read(self, answer: Any, view: View) -> Move:
        return MoveAnswer(position=lambda: view).read(answer)

    def evaluate(self, answer: Any = ...) -> Feedback:
        """Judge ``answer`` (a move, or text such as "6-4 left") without showing anything.
        Never raises."""
        if answer is ... or answer is None:
            return Feedback("not attempted", "replace the ... with your move, then run the cell again.")
        try:
            view = self.view()
            try:
                move = self._read(answer, view)
            except Unreadable as problem:
                return Feedback("incorrect", problem.message)
            if self._same(move, self.best, view):
                best = self.choices[0]
                return Feedback("correct", f"{move_words(self.best)}: {best.words()}.")
            figures = next((c for c in self.choices if self._same(move, c.move, view)), None)
            if figures is None:
                return Feedback("incorrect", f"{move_words(move)} is not a legal move here; the legal moves are "
                                             f"{', '.join(move_words(m) for m in view.legal)}.")
            lost = self.choices[0].points - figures.points
            return Feedback("incorrect", f"{move_words(move)} expects {figures.words()}: "
                                         f"{lost:.1f} points less than the best move. Try again, or ask for a hint.")
        except Exception:  # an odd answer must not break the lesson
            return Feedback("incorrect",
                            f"expected a move such as '6-4 left', 'draw' or 'pass'; got {describe(answer)}.")

    def check(self, answer: Any = ...) -> None:
        """Say whether ``answer`` is the best move (never raises)."""
        show(self.evaluate(answer))

    def hint_text(self) -> str:
        """A nudge: how many moves there are and how far apart the best two are."""
        return (f"There are {len(self.choices)} different moves. The best one expects "
                f"{self.gain:.1f} points more than any other, and it is not the heaviest tile you could play. "
                f"Look at which numbers the other seats have shown they lack, and at what each move "
                f"leaves on the ends.")

    def hint(self) -> None:
        """Show the hint."""
        show(Feedback("hint", self.hint_text()))

    def solution(self) -> None:
        """Show the best move and why."""
        show(Feedback("solution", self.explanation))

    # -- data
    def to_dict(self) -> dict[str, Any]:
        """The puzzle as plain JSON-safe data."""
        return {"id": self.id, "rules": self.rules, "players": self.players, "seed": self.seed,
                "moves": list(self.moves), "seat": self.seat, "level": self.level,
                "choices": [_choice_data(c) for c in self.choices], "grade": self.grade,
                "explanation": self.explanation}

    @classmethod
    def from_dict(cls, data: Any) -> Puzzle:
        """A puzzle from :meth:`to_dict` data (checked for shape, not replayed)."""
        keys = {"id", "rules", "players", "seed", "moves", "seat", "level", "choices", "grade", "explanation"}
        if not isinstance(data, dict) or set(data) != keys:
            raise PuzzleError(f"a puzzle is an object with the keys {sorted(keys)}, got {excerpt(data)}")
        name = data["id"] if isinstance(data["id"], str) else excerpt(data["id"])
        try:
            players = check_int(data["players"], "players", 2, 4)
            seat = check_seat(data["seat"], players)
            seed = check_int(data["seed"], "seed")
            for key in ("id", "rules", "level", "explanation"):
                if not isinstance(data[key], str):
                    raise ValueError(f"{key} must be text, got {excerpt(data[key])}")
            if data["rules"] not in Rules.presets():
                raise ValueError(f"rules must be a preset's name, got {excerpt(data['rules'])}")
            if not isinstance(data["moves"], list) or not all(isinstance(m, str) for m in data["moves"]):
                raise ValueError(f"moves must be a list of texts, got {excerpt(data['moves'])}")
            if not isinstance(data["choices"], list):
                raise ValueError(f"choices must be a list, got {excerpt(data['choices'])}")
            choices = tuple(_choice_from_data(c) for c in data["choices"])
        except (TypeError, ValueError) as exc:
            raise PuzzleError(f"puzzle {name}: {exc}") from None
        if len(choices) < 2:
            raise PuzzleError(f"puzzle {name}: a puzzle needs at least two moves to choose from")
        if data["grade"] not in GRADES:
            raise PuzzleError(f"puzzle {name}: grade must be one of {', '.join(GRADES)}")
        return cls(id=data["id"], rules=data["rules"], players=players, seed=seed,
                   moves=tuple(data["moves"]), seat=seat, choices=choices, grade=data["grade"],
                   explanation=data["explanation"], level=data["level"])


# ---------------------------------------------------------------------------- building
def explain(view: View, choices: Sequence[Choice]) -> str:
    """The explanation of a puzzle, from the search's figures and the seat's inferences."""
    from .inference import known_voids
    from .words import join_and, number_plural

    best, second = choices[0], choices[1]
    parts = [f"The best move is {move_words(best.move)}: {best.words()}.",
             f"The next best, {move_words(second.move)}, expects {second.words()}, "
             f"so the best move gains {best.points - second.points:.1f} points."]
    plays = [c for c in choices if isinstance(c.move, Play)]
    if plays:
        heaviest = max(plays, key=lambda c: (view.rules.tile_value(c.move.tile), c.points))  # type: ignore[union-attr]
        if heaviest is not best and heaviest is not second:
            parts.append(f"The heaviest tile, {move_words(heaviest.move)}, expects only "
                         f"{heaviest.points:+.1f} points.")
    for seat, voids in known_voids(view).items():
        if voids:
            parts.append(f"Seat {seat} has shown it has {join_and('no ' + number_plural(n) for n in sorted(voids))}.")
    parts.append(f"You cannot see {len(view.unseen)} tiles.")
    return " ".join(parts)


def candidate(view: View, choices: Sequence[Choice]) -> bool:
    """True when ``choices`` (best first) make a puzzle: two moves or more, the best
    clearly above every other (interval wholly above, :data:`MIN_GAIN` points or more
    ahead), and not a play of the heaviest playable tile."""
    if len(choices) < 2:
        return False
    best = choices[0]
    if best.points - choices[1].points < MIN_GAIN:
        return False
    if any(best.interval[0] <= c.interval[1] for c in choices[1:]):
        return False
    plays = [c.move for c in choices if isinstance(c.move, Play)]
    if isinstance(best.move, Play) and plays:
        heaviest = max(view.rules.tile_value(m.tile) for m in plays)
        if view.rules.tile_value(best.move.tile) == heaviest:
            return False
    return True


def make(id: str, rules: str, players: int, seed: int, moves: Sequence[Move], view: View,
         choices: Sequence[Choice], level: str) -> Puzzle:
    """A puzzle from a position and the search's figures on it (rounded as stored)."""
    choices = [Choice(c.move, round(c.points, 2), round(c.margin, 2), round(c.ahead, 3)) for c in choices]
    return Puzzle(id=id, rules=rules, players=players, seed=seed, moves=tuple(_move_text(m) for m in moves),
                  seat=view.seat, choices=tuple(choices), grade=grade(choices[0].points - choices[1].points,
                                                                      len(view.unseen)),
                  explanation=explain(view, choices), level=level)


# ---------------------------------------------------------------------------- the shipped set
@lru_cache(maxsize=1)
def _load(path: str) -> tuple[Puzzle, ...]:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
        raise PuzzleError(f"{path}: not a version-{VERSION} {FORMAT} file")
    return tuple(Puzzle.from_dict(p) for p in data["puzzles"])


def load(path: Optional[str] = None) -> tuple[Puzzle, ...]:
    """Every shipped puzzle (or those of the file at ``path``), easiest first."""
    return _load(str(path or DATA))


def get(id: str) -> Puzzle:
    """The shipped puzzle named ``id``."""
    for p in load():
        if p.id == id:
            return p
    raise KeyError(f"no puzzle named {id!r}")


def select(rules: Optional[str] = None, grade: Optional[str] = None) -> list[Puzzle]:
    """The shipped puzzles of a rules preset and/or a grade."""
    if grade is not None and grade not in GRADES:
        raise ValueError(f"grade must be one of {', '.join(GRADES)}, got {excerpt(grade)}")
    return [p for p in load() if (rules is None or p.rules == rules) and (grade is None or p.grade == grade)]


def save(puzzles: Sequence[Puzzle], path: Path = DATA) -> None:
    """Write puzzles as the data file (used by ``tools/build_puzzles.py``)."""
    data = {"format": FORMAT, "version": VERSION, "puzzles": [p.to_dict() for p in puzzles]}
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
