"""SVG pictures of tiles, hands, the line, rounds and views, for notebooks.

Pure string building (no JavaScript, no dependencies), so a notebook shows the game
anywhere, including nbviewer and GitHub.  Output is deterministic for nbval.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import TYPE_CHECKING, Optional

from .tiles import Tile
from .words import plural

if TYPE_CHECKING:
    from .pieces import Line
    from .round import Round, View
    from .rules import Rules

__all__ = ["hand_svg", "line_svg", "round_svg", "tile_svg", "view_svg"]

FACE = "#fffdf4"
EDGE = "#3b3b3b"
PIP = "#1f1f1f"
BACK = "#2f5d62"
MARK = "#c0392b"
TEXT = "#444"

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
    radius = size * (0.085 if number <= 9 else 0.065)
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


def _svg(width: float, height: float, body: str, label: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{escape(label)}" '
            f'width="{width:.0f}" height="{height:.0f}" viewBox="0 0 {width:.0f} {height:.0f}">'
            f"{body}</svg>")


def tile_svg(tile: Tile, size: float = 28, vertical: bool = False) -> str:
    """A single tile."""
    w, h = (size, 2 * size) if vertical else (2 * size, size)
    return _svg(w, h, _tile(tile.high, tile.low, 0, 0, size, vertical, tile.spoken), tile.spoken)


def _hand_body(tiles: Sequence[Tile], x: float, y: float, size: float) -> str:
    return "".join(_tile(t.high, t.low, x + i * (size + 4), y, size, True, t.spoken)
                   for i, t in enumerate(tiles))


def hand_svg(tiles: Sequence[Tile], size: float = 24) -> str:
    """A hand: tiles standing upright side by side."""
    width = max(1, len(tiles)) * (size + 4)
    label = "hand: " + ", ".join(t.spoken for t in tiles) if tiles else "empty hand"
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
        label = f"{p.tile.spoken}" + (" (left end)" if index == 0 else "") + (
            " (right end)" if index == len(placed) - 1 else "")
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
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{MARK}"><title>open end</title></circle>'


def line_svg(line: Line, size: float = 20, max_width: float = 720) -> str:
    """The line, doubles crosswise, in a snake when long; the open ends are marked."""
    if not line:
        return _svg(2 * size, 2 * size, f'<text x="2" y="{size}" font-size="11" fill="{TEXT}" '
                    f'font-family="sans-serif">empty</text>', "empty line")
    parts, width, height = _line_layout(line, size, max_width)
    ends = line.ends
    label = f"line of {plural(len(line), 'tile', words=False)}; ends {ends[0]} and {ends[1]}"
    return _svg(width, height, "".join(parts), label)


def _caption(text: str, x: float, y: float, bold: bool = False) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="12" fill="{TEXT}" font-family="sans-serif"{weight}>'
            f"{escape(text)}</text>")


def _rows_svg(line: Line, rows: Iterable[tuple[str, str]], size: float = 20) -> str:
    """A line followed by captioned rows of (caption, svg body made at y=0)."""
    body = []
    y = 4.0
    width = 360.0
    ends = line.ends
    caption = "Line" + (f" — ends {ends[0]} (left) and {ends[1]} (right)" if ends else " — empty")
    body.append(_caption(caption, 0, y + 10, True))
    y += 16
    if line:
        parts, w, h = _line_layout(line, size, 720)
        body.append(f'<g transform="translate(0,{y:.1f})">{"".join(parts)}</g>')
        width = max(width, w)
        y += h + 6
    for text, row in rows:
        body.append(_caption(text, 0, y + 10))
        y += 16
        body.append(f'<g transform="translate(0,{y:.1f})">{row}</g>')
        y += 2 * size + 10
    return _svg(width, y, "".join(body), caption)


def _stock_row(rules: Rules, count: int, size: float) -> tuple[str, str]:
    """The undealt tiles face down: a boneyard, or tiles set aside when nobody may draw."""
    backs = "".join(_tile(0, 0, i * (size * 0.6), 0, size, True, face_down=True) for i in range(count))
    tiles = plural(count, "tile", words=False)
    caption = f"Boneyard: {tiles}" if rules.can_draw else f"Set aside (no drawing): {tiles}"
    return caption, backs


def round_svg(r: Round, size: float = 20) -> str:
    """The referee's picture of a round: the line, every hand face up, the boneyard.  Hand
    totals are what the hands count when scored (``rules.hand_value``: the Dutch 0-0 is 13)."""
    rows = []
    for seat, hand in enumerate(r.hands):
        mark = " — to play" if seat == r.turn and not r.is_over else ""
        value = r.rules.hand_value(hand)
        counted = f", counting {value}" if value != hand.pips else ""
        rows.append((f"Seat {seat}: {plural(len(hand), 'tile', words=False)}, "
                     f"{plural(hand.pips, 'pip', words=False)}{counted}{mark}",
                     _hand_body(hand, 0, 0, size)))
    if r.boneyard_count:
        rows.append(_stock_row(r.rules, r.boneyard_count, size))
    return _rows_svg(r.line, rows, size)


def view_svg(view: View, size: float = 20) -> str:
    """What one seat sees: the line, its own hand, the others' tiles face down."""
    rows = []
    for seat in range(view.players):
        count = view.hand_counts[seat]
        mark = " — to play" if seat == view.turn and not view.is_over else ""
        tiles = plural(count, "tile", words=False)
        if seat == view.seat:
            rows.append((f"Seat {seat} (you): {tiles}{mark}", _hand_body(view.hand, 0, 0, size)))
        else:
            backs = "".join(_tile(0, 0, i * (size + 4), 0, size, True, face_down=True) for i in range(count))
            rows.append((f"Seat {seat}: {tiles}{mark}", backs))
    if view.boneyard_count:
        rows.append(_stock_row(view.rules, view.boneyard_count, size))
    return _rows_svg(view.line, rows, size)
