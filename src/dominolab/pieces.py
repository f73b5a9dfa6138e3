"""Read-only pictures of parts of a round: a hand, the line and one placed tile.

These are what ``Round.hands[seat]``, ``Round.line`` and ``View`` hand out: plain tuples
with a stable text form and an SVG picture for notebooks.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple, Optional

from .tiles import Tile

__all__ = ["Hand", "Line", "Placed"]


class Hand(tuple[Tile, ...]):
    """The tiles one seat holds, heaviest first."""

    __slots__ = ()

    def __new__(cls, tiles: Iterable[Tile] = ()) -> Hand:
        return super().__new__(cls, sorted(tiles, reverse=True))

    @property
    def pips(self) -> int:
        """Pips on all tiles (special tile values are a scoring matter: see Rules.tile_value)."""
        return sum(t.pips for t in self)

    def __str__(self) -> str:
        return " ".join(str(t) for t in self) if self else "(empty)"

    def __repr__(self) -> str:
        return f"Hand({self!s})"

    def _repr_svg_(self) -> str:
        from .render import hand_svg

        return hand_svg(self)

    def _repr_html_(self) -> str:
        # The picture as an <img> with alt text: shown even where SVG output is not trusted.
        from .render import picture_html

        return picture_html(self)


class Placed(NamedTuple):
    """A tile on the line, as it lies: ``left`` is the half facing the left end."""

    tile: Tile
    left: int
    right: int

    @property
    def is_double(self) -> bool:
        return self.left == self.right

    @property
    def spoken(self) -> str:
        """The tile in words from its left half, as the line reads from the left end: the chain
        order, so a listener hears each match ("five-six" after "blank-five")."""
        return self.tile.spoken_from(self.left)

    def __str__(self) -> str:
        return f"[{self.left}|{self.right}]"


class Line(tuple[Placed, ...]):
    """The tiles on the table from the left end to the right end."""

    __slots__ = ()

    @property
    def ends(self) -> Optional[tuple[int, int]]:
        """The numbers showing at the (left, right) ends, or ``None`` before the lead."""
        if not self:
            return None
        return (self[0].left, self[-1].right)

    @property
    def tiles(self) -> list[Tile]:
        return [p.tile for p in self]

    @property
    def spoken(self) -> str:
        """The tiles in words from the left end, each read from the end it meets ("blank-five,
        five-six, six-one"): what a screen reader says of the line."""
        return ", ".join(p.spoken for p in self)

    def __str__(self) -> str:
        return "".join(str(p) for p in self) if self else "(empty)"

    def __repr__(self) -> str:
        return f"Line({self!s})"

    def _repr_svg_(self) -> str:
        from .render import line_svg

        return line_svg(self)

    def _repr_html_(self) -> str:
        # The picture as an <img> with alt text: shown even where SVG output is not trusted.
        from .render import picture_html

        return picture_html(self)
