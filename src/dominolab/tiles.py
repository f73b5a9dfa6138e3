"""Tiles and tile sets.

A tile is an unordered pair of numbers (its two *suits*).  Every ``Tile`` is interned:
``Tile(6, 4) is Tile(4, 6)``, so comparisons are identity checks and a tile can be used
as a dictionary key at no cost.

Inside the engine a tile is also known by its ``id``, the triangular index
``high * (high + 1) // 2 + low``.  The ids of a double-N set are ``0 .. (N+1)(N+2)/2 - 1``
whatever N is, so one bit per tile id lets a whole hand, a suit or the line live in a
single Python ``int`` (a bitmask): "which of my tiles match an end" is one ``&``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import ClassVar, Optional, Union

from .i18n import _, pgettext
from .validate import excerpt
from .words import number_word

__all__ = [
    "MAX_PIP",
    "Tile",
    "TileLike",
    "mask_of",
    "parse_tiles",
    "tile_set",
    "tiles_of",
]

#: The largest number a tile half may show (double-18 is the largest set sold).
MAX_PIP = 18

#: The longest text ``Tile.parse`` reads ("[ 18 | 18 ]" needs 11 characters).
MAX_TILE_TEXT = 32

#: The dashes a keyboard or a word processor puts where a hyphen was meant (the en and em
#: dashes, the minus sign, the Unicode hyphens, the small and full-width hyphen-minus): a
#: tile reads the same with any of them, "6–4" as "6-4".
DASHES = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe63\uff0d"

# Two numbers of at most two digits, apart by one separator (with spaces around it) or by
# spaces alone.  Applied to at most MAX_TILE_TEXT characters, so it runs in linear time.
_TILE_TEXT = re.compile(r"(\d{1,2})(?:\s*[-|:/," + DASHES + r"]\s*|\s+)(\d{1,2})")


class Tile:
    """One domino: two halves showing ``high >= low`` pips.

    ``Tile(6, 4) == Tile(4, 6)`` and both are the same object.  ``str(tile)`` is
    ``"6-4"``; ``Tile.parse("6-4")`` reads it back.
    """

    __slots__ = ("_str", "bit", "high", "id", "is_double", "low", "pips")
    _cache: ClassVar[dict[tuple[int, int], Tile]] = {}
    _str: str

    high: int
    low: int
    pips: int
    is_double: bool
    id: int
    bit: int

    def __new__(cls, a: int, b: int) -> Tile:
        if a.__class__ is int and b.__class__ is int:  # (True, 1) would hash like (1, 1)
            cached = cls._cache.get((a, b))
            if cached is not None:
                return cached
        for half in (a, b):
            if isinstance(half, bool) or not isinstance(half, int):
                raise ValueError(_("a tile's halves must be whole numbers, got {a} and {b}").format(
                    a=excerpt(a), b=excerpt(b)))
            if not 0 <= half <= MAX_PIP:
                raise ValueError(_("a tile's halves must be between 0 and {most}, got {a} and {b}").format(
                    most=MAX_PIP, a=excerpt(a), b=excerpt(b)))
        high, low = (a, b) if a >= b else (b, a)
        tile: Optional[Tile] = cls._cache.get((high, low))
        if tile is None:
            tile = object.__new__(cls)
            set_ = object.__setattr__
            set_(tile, "high", high)
            set_(tile, "low", low)
            set_(tile, "pips", high + low)
            set_(tile, "is_double", high == low)
            set_(tile, "id", high * (high + 1) // 2 + low)
            set_(tile, "bit", 1 << (high * (high + 1) // 2 + low))
            set_(tile, "_str", f"{high}-{low}")
            cls._cache[high, low] = tile
            _BY_ID[tile.id] = tile
        cls._cache[a, b] = tile
        return tile

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("tiles are immutable")

    def __reduce__(self) -> tuple[type[Tile], tuple[int, int]]:
        return (Tile, (self.high, self.low))

    def __copy__(self) -> Tile:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Tile:
        return self

    # Interned: the default identity-based __eq__ and __hash__ are exact and fast.

    def __lt__(self, other: Tile) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return (self.high, self.low) < (other.high, other.low)

    def __le__(self, other: Tile) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return (self.high, self.low) <= (other.high, other.low)

    def __gt__(self, other: Tile) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return (self.high, self.low) > (other.high, other.low)

    def __ge__(self, other: Tile) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return (self.high, self.low) >= (other.high, other.low)

    def __str__(self) -> str:
        return self._str

    def __repr__(self) -> str:
        return f"Tile({self.high}, {self.low})"

    def __iter__(self) -> Iterator[int]:
        yield self.high
        yield self.low

    @property
    def suits(self) -> tuple[int, int]:
        """The two numbers on the tile, high first."""
        return (self.high, self.low)

    def has(self, number: int) -> bool:
        """True when either half shows ``number``."""
        return self.high == number or self.low == number

    def other(self, number: int) -> int:
        """The half that is left showing when the ``number`` half is matched."""
        if self.high == number:
            return self.low
        if self.low == number:
            return self.high
        raise ValueError(_("{tile} has no {number}").format(tile=self, number=number))

    @property
    def spoken(self) -> str:
        """The tile in words, for screen readers and lessons: "six-four", "double-blank" (in the
        current language: "seis-cuatro", "doble blanco")."""
        if self.is_double:
            return pgettext("tile", "double-{number}").format(number=number_word(self.high))
        return pgettext("tile", "{high}-{low}").format(high=number_word(self.high), low=number_word(self.low))

    def spoken_from(self, number: int) -> str:
        """The tile in words read from its ``number`` half, as it lies in a line read from that
        side: the 6-5 met from a 5 is "five-six" (a double reads as :attr:`spoken`).  A listener
        hears the chain match: "blank-five, five-six, six-one"."""
        if self.is_double:
            return self.spoken
        return pgettext("tile", "{high}-{low}").format(high=number_word(number),
                                                       low=number_word(self.other(number)))

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read a tile written as ``"6-4"`` (also ``"6|4"``, ``"6:4"``, ``"6 4"``, ``"[6|4]"``).

        Text longer than :data:`MAX_TILE_TEXT` characters is refused at once, so reading
        hostile input costs linear time; the error quotes a short excerpt of it."""
        if not isinstance(text, str):
            raise ValueError(_("expected a tile written like '6-4', got {given}").format(given=excerpt(text)))
        body = text.strip() if len(text) <= MAX_TILE_TEXT else ""
        if body[:1] == "[" and body[-1:] == "]":
            body = body[1:-1].strip()
        match = _TILE_TEXT.fullmatch(body)
        if not match:
            raise ValueError(_("cannot read {given} as a tile; write it like '6-4'").format(given=excerpt(text)))
        return cls(int(match.group(1)), int(match.group(2)))

    @classmethod
    def coerce(cls, value: TileLike) -> Tile:
        """A ``Tile`` from a tile, a string such as ``"6-4"`` or a pair such as ``(6, 4)``."""
        if isinstance(value, Tile):
            return value
        if isinstance(value, str):
            return cls.parse(value)
        if isinstance(value, (tuple, list)) and len(value) == 2:
            return cls(value[0], value[1])
        raise ValueError(_("expected a tile (Tile(6, 4), '6-4' or (6, 4)), got {given}").format(given=excerpt(value)))

    def _repr_svg_(self) -> str:
        from .render import tile_svg

        return tile_svg(self)

    def _repr_html_(self) -> str:
        # The picture as an <img> with alt text: shown even where SVG output is not trusted.
        from .render import picture_html

        return picture_html(self)


TileLike = Union[Tile, str, "tuple[int, int]"]

#: Tile by id, filled as tiles are created.
_BY_ID: dict[int, Tile] = {}

for _h in range(MAX_PIP + 1):
    for _l in range(_h + 1):
        Tile(_h, _l)
del _h, _l

#: Tile by id as a list (ids of all tiles up to double-MAX_PIP are dense).
TILE_BY_ID: list[Tile] = [_BY_ID[i] for i in range(len(_BY_ID))]


def tile_set(max_pip: int = 6, doubles: bool = True) -> list[Tile]:
    """Every tile of a double-``max_pip`` set, heaviest first.

    ``tile_set(6)`` has 28 tiles, ``tile_set(9)`` 55, ``tile_set(12)`` 91 and
    ``tile_set(8, doubles=False)`` (the old Austrian set) 36.
    """
    if isinstance(max_pip, bool) or not isinstance(max_pip, int):
        raise ValueError(f"max_pip must be a whole number, got {max_pip!r}")
    if not 1 <= max_pip <= MAX_PIP:
        raise ValueError(f"max_pip must be between 1 and {MAX_PIP}, got {max_pip}")
    return [
        Tile(high, low)
        for high in range(max_pip, -1, -1)
        for low in range(high, -1, -1)
        if doubles or high != low
    ]


def parse_tiles(values: Iterable[TileLike] | str) -> list[Tile]:
    """Tiles from an iterable of tile-likes or a string such as ``"6-4 5-5 2-0"``."""
    if isinstance(values, str):
        values = values.replace(",", " ").split()
    elif isinstance(values, (bytes, Tile)) or not isinstance(values, Iterable):
        raise ValueError(_("expected tiles: a string such as '6-4 5-5' or a list of tiles, got {given}").format(
            given=excerpt(values)))
    return [Tile.coerce(v) for v in values]


def mask_of(tiles: Iterable[Tile]) -> int:
    """The bitmask holding ``tiles``."""
    mask = 0
    for tile in tiles:
        mask |= tile.bit
    return mask


def tiles_of(mask: int) -> list[Tile]:
    """The tiles in bitmask ``mask``, lightest id first."""
    out = []
    by_id = TILE_BY_ID
    while mask:
        low_bit = mask & -mask
        out.append(by_id[low_bit.bit_length() - 1])
        mask ^= low_bit
    return out
