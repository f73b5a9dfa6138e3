"""SVG pictures of tiles, hands, the line, rounds and views, for notebooks.

Pure string building (no JavaScript, no dependencies), so a notebook shows the game
anywhere, including nbviewer and GitHub.  Output is deterministic for nbval.

Notebook objects show their picture as HTML: an ``<img>`` whose source is the SVG, with
alt text that says everything the picture shows (:func:`picture_html`).  JupyterLab does
not trust a notebook it did not run itself, and then shows no SVG output at all (only
its text); sanitised HTML it does show, and so do GitHub, nbviewer and screen readers.
Sizes suit a projector: line tiles are 64 × 32 px, tiles in a hand 36 × 72 px.  Pictures
with captions are drawn on a light card, so their text reads in light and dark themes.
Captions and alt text are in the current language (:mod:`dominolab.i18n`).
"""

from __future__ import annotations

import base64
import re
from collections.abc import Iterable, Sequence
from html import escape
from typing import TYPE_CHECKING, Any, Optional

from .i18n import _, ngettext
from .tiles import Tile
from .words import tiles_count

if TYPE_CHECKING:
    from .pieces import Line
    from .round import Round
    from .rules import Rules
    from .view import View

__all__ = [
    "hand_alt",
    "hand_svg",
    "line_alt",
    "line_svg",
    "picture_html",
    "round_alt",
    "round_svg",
    "tile_svg",
    "view_alt",
    "view_svg",
]

FACE = "#fffdf4"
EDGE = "#3b3b3b"
PIP = "#1f1f1f"
BACK = "#2f5d62"
MARK = "#c0392b"
#: Caption text: near-black on the light card (contrast ratio above 14:1).
TEXT = "#1f1f1f"
#: The light card under pictures with captions or open-end marks.
PANEL = "#f4f0e4"
#: Caption font size in px: readable from the back of a classroom.
CAPTION_SIZE = 15

#: Default sizes (the side of one square half, in px) for each kind of picture.
TILE_SIZE = 40
HAND_SIZE = 36
LINE_SIZE = 32
TABLE_SIZE = 30

# Pip positions on a unit square (x, y in 0..1), for 0-12.
_L, _C, _R = 0.25, 0.5, 0.75
_T, _M, _B = 0.25, 0.5, 0.75
_PIP_SPOTS: dict[int, list[tuple[float, float]]] = {
    0: [],
    1: [(_C, _M)],
    2: [(_L, _T), (_R, _B)],
    3: [(_L, _T), (_C, _M), (_R, _B)],
    4: [(_L, _T), (_R, _T), (_L, _B), (_R, _B)],
    5: [(_L, _T), (_R, _T), (_C, _M), (_L, _B), (_R, _B)],
    6: [(_L, _T), (_R, _T), (_L, _M), (_R, _M), (_L, _B), (_R, _B)],
    7: [(_L, _T), (_R, _T), (_L, _M), (_C, _M), (_R, _M), (_L, _B), (_R, _B)],
    8: [(_L, _T), (_C, _T), (_R, _T), (_L, _M), (_R, _M), (_L, _B), (_C, _B), (_R, _B)],
    9: [(x, y) for y in (_T, _M, _B) for x in (_L, _C, _R)],
}
_ROWS4 = (0.2, 0.4, 0.6, 0.8)
_PIP_SPOTS[10] = [(x, y) for y in _ROWS4 for x in (_L, _R)] + [(_C, 0.3), (_C, 0.7)]
_PIP_SPOTS[11] = [(x, y) for y in _ROWS4 for x in (_L, _R)] + [(_C, 0.3), (_C, 0.5), (_C, 0.7)]
_PIP_SPOTS[12] = [(x, y) for y in _ROWS4 for x in (_L, _C, _R)]


def _half(number: int, x: float, y: float, size: float, upright: bool) -> str:
    """Pips for one half whose top-left corner is (x, y)."""
    if number > 12:
        return (f'<text x="{x + size / 2:.1f}" y="{y + size * 0.68:.1f}" font-size="{size * 0.5:.1f}" '
                f'text-anchor="middle" fill="{PIP}" font-family="sans-serif">{number}</text>')
    radius = size * (0.095 if number <= 9 else 0.07)
    out = []
    for px, py in _PIP_SPOTS[number]:
        if not upright:  # rotate the layout a quarter turn so it reads along the tile
            px, py = py, 1 - px
        out.append(f'<circle cx="{x + px * size:.1f}" cy="{y + py * size:.1f}" r="{radius:.1f}" fill="{PIP}"/>')
    return "".join(out)


def _tile(a: int, b: int, x: float, y: float, size: float, vertical: bool,
          label: Optional[str] = None, face_down: bool = False) -> str:
    """One tile with ``a`` on the left (or top) half and ``b`` on the right (or bottom)."""
    w, h = (size, 2 * size) if vertical else (2 * size, size)
    title = f"<title>{escape(label)}</title>" if label else ""
    if face_down:
        return (f'<g>{title}<rect x="{x + 1:.1f}" y="{y + 1:.1f}" width="{w - 2:.1f}" height="{h - 2:.1f}" '
                f'rx="{size * 0.15:.1f}" fill="{BACK}" stroke="{EDGE}" stroke-width="1.2"/></g>')
    parts = [f'<g>{title}<rect x="{x + 1:.1f}" y="{y + 1:.1f}" width="{w - 2:.1f}" height="{h - 2:.1f}" '
             f'rx="{size * 0.15:.1f}" fill="{FACE}" stroke="{EDGE}" stroke-width="1.2"/>']
    if vertical:
        parts.append(f'<line x1="{x + size * 0.18:.1f}" y1="{y + size:.1f}" x2="{x + size * 0.82:.1f}" '
                     f'y2="{y + size:.1f}" stroke="{EDGE}" stroke-width="1.2"/>')
        parts.append(_half(a, x, y, size, True))
        parts.append(_half(b, x, y + size, size, True))
    else:
        parts.append(f'<line x1="{x + size:.1f}" y1="{y + size * 0.18:.1f}" x2="{x + size:.1f}" '
                     f'y2="{y + size * 0.82:.1f}" stroke="{EDGE}" stroke-width="1.2"/>')
        parts.append(_half(a, x, y, size, False))
        parts.append(_half(b, x + size, y, size, False))
    parts.append("</g>")
    return "".join(parts)


def _svg(width: float, height: float, body: str, label: str, panel: bool = False) -> str:
    """An SVG document: its accessible name is ``label`` (also its tooltip); with ``panel``
    it is drawn on the light card."""
    card = (f'<rect x="0" y="0" width="{width:.0f}" height="{height:.0f}" rx="8" fill="{PANEL}"/>'
            if panel else "")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{escape(label)}" '
            f'width="{width:.0f}" height="{height:.0f}" viewBox="0 0 {width:.0f} {height:.0f}">'
            f"<title>{escape(label)}</title>{card}{body}</svg>")


def tile_svg(tile: Tile, size: float = TILE_SIZE, vertical: bool = False) -> str:
    """A single tile."""
    w, h = (size, 2 * size) if vertical else (2 * size, size)
    return _svg(w, h, _tile(tile.high, tile.low, 0, 0, size, vertical, tile.spoken), tile.spoken)


def _hand_body(tiles: Sequence[Tile], x: float, y: float, size: float) -> str:
    return "".join(_tile(t.high, t.low, x + i * (size + 4), y, size, True, t.spoken)
                   for i, t in enumerate(tiles))


def hand_svg(tiles: Sequence[Tile], size: float = HAND_SIZE) -> str:
    """A hand: tiles standing upright side by side."""
    width = max(1, len(tiles)) * (size + 4)
    label = _("hand: {tiles}").format(tiles=", ".join(t.spoken for t in tiles)) if tiles else _("empty hand")
    return _svg(width, 2 * size + 2, _hand_body(tiles, 0, 0, size), label)


def _line_layout(line: Line, size: float, max_width: float) -> tuple[list[str], float, float]:
    """Lay the line out as a snake: left to right, then right to left on the next row...
    Doubles stand crosswise.  Returns SVG parts, width and height."""
    parts: list[str] = []
    row_h = 2 * size + 8
    x, row, direction = 8.0, 0, 1
    width = 0.0
    placed = list(line)
    for index, p in enumerate(placed):
        w = size if p.is_double else 2 * size
        if direction == 1 and x + w > max_width and x > 0:
            row, direction, x = row + 1, -1, max_width
        elif direction == -1 and x - w < 8:
            row, direction, x = row + 1, 1, 8.0
        top = row * row_h
        left = x if direction == 1 else x - w
        label = p.tile.spoken
        if index == 0:
            label = _("{tile} (left end)").format(tile=label)
        if index == len(placed) - 1:
            label = _("{tile} (right end)").format(tile=label)
        if p.is_double:
            parts.append(_tile(p.left, p.right, left, top, size, True, label))
        else:
            a, b = (p.left, p.right) if direction == 1 else (p.right, p.left)
            parts.append(_tile(a, b, left, top + size / 2, size, False, label))
        width = max(width, left + w)
        if index == 0:  # the left end is always the start of the first row
            parts.append(_end_mark(left - 4, top + size))
        if index == len(placed) - 1:
            parts.append(_end_mark(left + w + 4 if direction == 1 else left - 4, top + size))
        x = x + w if direction == 1 else x - w
    height = (row + 1) * row_h
    return parts, width + 6, height


def _end_mark(x: float, y: float) -> str:
    """A small marker beside an open end of the line."""
    title = escape(_("open end"))
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{MARK}"><title>{title}</title></circle>'


def line_svg(line: Line, size: float = LINE_SIZE, max_width: float = 900) -> str:
    """The line, doubles crosswise, in a snake when long; the open ends are marked."""
    if not line:
        empty = _("empty line")
        return _svg(6 * size, 2 * size, f'<text x="10" y="{size + CAPTION_SIZE / 3:.1f}" '
                    f'font-size="{CAPTION_SIZE}" fill="{TEXT}" font-family="sans-serif">{escape(empty)}</text>',
                    empty, panel=True)
    parts, width, height = _line_layout(line, size, max_width)
    ends = line.ends
    assert ends is not None  # the line is not empty
    label = _("line of {tiles}; ends {left} and {right}").format(tiles=tiles_count(len(line), words=False),
                                                                 left=ends[0], right=ends[1])
    return _svg(width, height, "".join(parts), label, panel=True)


def _caption(text: str, x: float, y: float, bold: bool = False) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{CAPTION_SIZE}" fill="{TEXT}" '
            f'font-family="sans-serif"{weight}>{escape(text)}</text>')


def _caption_width(text: str) -> float:
    """A generous estimate of a caption's width in px (no font metrics in pure Python)."""
    return len(text) * CAPTION_SIZE * 0.58


_PAD = 10.0  # the card's margin around what is drawn on it


def _rows_svg(line: Line, rows: Iterable[tuple[str, str]], size: float = TABLE_SIZE) -> str:
    """A line followed by captioned rows of (caption, svg body made at y=0), on the card."""
    body = []
    step = CAPTION_SIZE + 6
    y = _PAD
    ends = line.ends
    caption = (_("Line — ends {left} (left) and {right} (right)").format(left=ends[0], right=ends[1]) if ends
               else _("Line — empty"))
    body.append(_caption(caption, _PAD, y + CAPTION_SIZE, True))
    width = 360.0 + 2 * _PAD
    width = max(width, _caption_width(caption) + 2 * _PAD)
    y += step + 4
    if line:
        parts, w, h = _line_layout(line, size, 900)
        body.append(f'<g transform="translate({_PAD:.1f},{y:.1f})">{"".join(parts)}</g>')
        width = max(width, w + 2 * _PAD)
        y += h + 6
    for text, row in rows:
        body.append(_caption(text, _PAD, y + CAPTION_SIZE))
        width = max(width, _caption_width(text) + 2 * _PAD)
        y += step
        body.append(f'<g transform="translate({_PAD:.1f},{y:.1f})">{row}</g>')
        width = max(width, _row_width(row) + 2 * _PAD)
        y += 2 * size + 12
    return _svg(width, y + _PAD - 6, "".join(body), caption, panel=True)


_RECT = re.compile(r'<rect x="([-\d.]+)" y="[-\d.]+" width="([\d.]+)"')


def _row_width(row: str) -> float:
    """The right edge of the tiles in a row (read back from the SVG just made)."""
    return max((float(x) + float(w) for x, w in _RECT.findall(row)), default=0.0)


def _stock_words(rules: Rules, count: int) -> str:
    """The undealt tiles in words: a boneyard, or tiles set aside when nobody may draw."""
    tiles = tiles_count(count, words=False)
    return (_("Boneyard: {tiles}") if rules.can_draw else _("Set aside (no drawing): {tiles}")).format(tiles=tiles)


def _stock_row(rules: Rules, count: int, size: float) -> tuple[str, str]:
    """The undealt tiles face down, with their caption."""
    backs = "".join(_tile(0, 0, i * (size * 0.6), 0, size, True, face_down=True) for i in range(count))
    return _stock_words(rules, count), backs


def round_svg(r: Round, size: float = TABLE_SIZE) -> str:
    """The referee's picture of a round: the line, every hand face up, the boneyard.  Hand
    totals are what the hands count when scored (``rules.hand_value``: the Dutch 0-0 is 13)."""
    rows = []
    for seat, hand in enumerate(r.hands):
        value = r.rules.hand_value(hand)
        caption = _("Seat {seat}: {tiles}, {pips}").format(seat=seat, tiles=tiles_count(len(hand), words=False),
                                                            pips=_pips(hand.pips))
        if value != hand.pips:
            caption = _("{caption}, counting {value}").format(caption=caption, value=value)
        if seat == r.turn and not r.is_over:
            caption = _to_play(caption)
        rows.append((caption, _hand_body(hand, 0, 0, size)))
    if r.boneyard_count:
        rows.append(_stock_row(r.rules, r.boneyard_count, size))
    return _rows_svg(r.line, rows, size)


def view_svg(view: View, size: float = TABLE_SIZE) -> str:
    """What one seat sees: the line, its own hand, the others' tiles face down."""
    rows = []
    for seat in range(view.players):
        count = view.hand_counts[seat]
        tiles = tiles_count(count, words=False)
        caption = (_("Seat {seat} (you): {tiles}") if seat == view.seat else _("Seat {seat}: {tiles}")).format(
            seat=seat, tiles=tiles)
        if seat == view.turn and not view.is_over:
            caption = _to_play(caption)
        if seat == view.seat:
            rows.append((caption, _hand_body(view.hand, 0, 0, size)))
        else:
            backs = "".join(_tile(0, 0, i * (size + 4), 0, size, True, face_down=True) for i in range(count))
            rows.append((caption, backs))
    if view.boneyard_count:
        rows.append(_stock_row(view.rules, view.boneyard_count, size))
    return _rows_svg(view.line, rows, size)


def _pips(n: int) -> str:
    """ "1 pip", "42 pips", in the current language."""
    return ngettext("{count} pip", "{count} pips", n).format(count=n)


def _to_play(caption: str) -> str:
    """A seat's caption, marked as the seat to play."""
    return _("{caption} — to play").format(caption=caption)


# ---------------------------------------------------------------------- alt text and HTML
def _tiles_in_words(tiles: Iterable[Tile]) -> str:
    return ", ".join(t.spoken for t in tiles)


def hand_alt(tiles: Sequence[Tile]) -> str:
    """What a picture of a hand shows, in words (alt text)."""
    if not tiles:
        return _("An empty hand.")
    pips = sum(t.pips for t in tiles)
    return _("A hand of {tiles}, {pips}: {names}.").format(tiles=tiles_count(len(tiles), False), pips=_pips(pips),
                                                         names=_tiles_in_words(tiles))


def line_alt(line: Line) -> str:
    """What a picture of the line shows, in words: the tiles from left to right and the ends."""
    if not line:
        return _("An empty line: no tile has been played yet.")
    assert line.ends is not None  # the line is not empty
    left, right = line.ends
    tiles = line.spoken  # in chain order, each tile read from the end it meets
    return _("The line of {count}, from left to right: {tiles}. The open ends show {left} on the left and {right} "
             "on the right.").format(count=tiles_count(len(line), False), tiles=tiles, left=left, right=right)


def _seat_words(seat: int, you: bool, to_play: bool) -> str:
    """A seat in alt text: "Seat 1", "Seat 0 (you)", with " (to play)" when it is to play."""
    who = (_("Seat {seat} (you)") if you else _("Seat {seat}")).format(seat=seat)
    return _("{seat} (to play)").format(seat=who) if to_play else who


def _hand_line(r: Any, seat: int, hand: Sequence[Tile], to_play: bool, you: bool = False) -> str:
    value = r.rules.hand_value(hand)
    pips = sum(t.pips for t in hand)
    line = _("{seat}: {tiles}, {pips}").format(seat=_seat_words(seat, you, to_play),
                                                tiles=tiles_count(len(hand), False), pips=_pips(pips))
    if value != pips:
        line = _("{caption}, counting {value}").format(caption=line, value=value)
    if hand:
        line = _("{caption}: {tiles}").format(caption=line, tiles=_tiles_in_words(hand))
    return line + "."


def _stock_alt(rules: Rules, count: int) -> str:
    tiles = tiles_count(count, False)
    return (_("Face down: {tiles}.") if rules.can_draw else _("Face down, set aside (no drawing): {tiles}.")).format(
        tiles=tiles)


def round_alt(r: Round) -> str:
    """What the referee's picture of a round shows, in words: the line, every hand, the boneyard."""
    parts = [line_alt(r.line)]
    for seat, hand in enumerate(r.hands):
        parts.append(_hand_line(r, seat, hand, seat == r.turn and not r.is_over))
    if r.boneyard_count:
        parts.append(_stock_alt(r.rules, r.boneyard_count))
    if r.is_over:
        parts.append(_("The hand is over."))
    return " ".join(parts)


def view_alt(view: View) -> str:
    """What one seat's picture shows, in words: the line, its own hand, the others' tile counts."""
    parts = [_("What seat {seat} sees.").format(seat=view.seat), line_alt(view.line)]
    for seat in range(view.players):
        to_play = seat == view.turn and not view.is_over
        if seat == view.seat:
            parts.append(_hand_line(view, seat, view.hand, to_play, you=True))
        else:
            parts.append(_("{seat}: {tiles}, face down.").format(seat=_seat_words(seat, False, to_play),
                                                                 tiles=tiles_count(view.hand_counts[seat], False)))
    if view.boneyard_count:
        parts.append(_stock_alt(view.rules, view.boneyard_count))
    return " ".join(parts)


_SIZE = re.compile(r'width="(\d+)" height="(\d+)"')


def picture_html(thing: Any) -> str:
    """``thing`` (a tile, hand, line, round or view) as an HTML ``<img>`` of its SVG picture,
    with alt text saying what it shows.  This is the notebook display: sanitised HTML shows
    in untrusted notebooks, on GitHub and nbviewer, where an SVG output does not."""
    from .pieces import Hand, Line
    from .round import Round
    from .view import View

    if isinstance(thing, Tile):
        svg, alt = tile_svg(thing), _("The tile {name} ({tile}).").format(name=thing.spoken, tile=thing)
    elif isinstance(thing, Hand):
        svg, alt = hand_svg(thing), hand_alt(thing)
    elif isinstance(thing, Line):
        svg, alt = line_svg(thing), line_alt(thing)
    elif isinstance(thing, Round):
        svg, alt = round_svg(thing), round_alt(thing)
    elif isinstance(thing, View):
        svg, alt = view_svg(thing), view_alt(thing)
    else:
        raise ValueError(f"no picture for {type(thing).__name__}; "
                         "pictures are of tiles, hands, lines, rounds and views")
    width, height = _SIZE.search(svg).groups()  # type: ignore[union-attr]
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return (f'<img src="data:image/svg+xml;base64,{data}" alt="{escape(alt)}" width="{width}" height="{height}" '
            'style="max-width:100%;height:auto">')
