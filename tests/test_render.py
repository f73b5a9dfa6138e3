"""SVG pictures: the snake's orientation, and captions that are true in every state."""

import itertools
import re
import xml.etree.ElementTree as ET

import dominolab as dl
from dominolab.render import line_svg, round_svg, view_svg

from .positions import position

NS = "{http://www.w3.org/2000/svg}"

#: A 19-tile chain; at max_width=260 it fills four rows, two of them drawn right to left.
CHAIN = ("0-0 0-1 1-1 1-2 2-2 2-3 3-3 3-4 4-4 4-5 5-5 5-6 6-6 6-0 0-2 2-4 4-6 6-1 1-3").split()


def drawn_tiles(svg: str) -> list[dict]:
    """Each tile of a line picture, in drawing order: its box and the pips on each half
    (left/right for a tile lying down, top/bottom for a double standing across)."""
    tiles = []
    for group in ET.fromstring(svg).iter(f"{NS}g"):
        rect = group.find(f"{NS}rect")
        if rect is None or group.find(f"{NS}title") is None:
            continue
        x, y = float(rect.get("x")), float(rect.get("y"))
        w, h = float(rect.get("width")), float(rect.get("height"))
        spots = [(float(c.get("cx")), float(c.get("cy"))) for c in group.iter(f"{NS}circle")]
        if w > h:
            first = sum(1 for cx, _ in spots if cx < x + w / 2)
        else:
            first = sum(1 for _, cy in spots if cy < y + h / 2)
        tiles.append({"cx": x + w / 2, "cy": y + h / 2, "lying": w > h, "halves": (first, len(spots) - first)})
    return tiles


def test_the_snake_draws_every_row_so_that_touching_halves_match():
    line = position(hands=["5-0", "5-1"], line=" ".join(CHAIN)).line
    tiles = drawn_tiles(line_svg(line, size=20, max_width=260))
    assert len(tiles) == len(CHAIN)
    rows = sorted({round(t["cy"]) for t in tiles})
    assert len(rows) >= 3  # the test needs a row drawn right to left
    reversed_pairs = 0
    for index, (a, b) in enumerate(itertools.pairwise(tiles)):
        if round(a["cy"]) != round(b["cy"]):
            continue  # the turn of the snake
        # The halves that face each other show the number the two tiles share.
        facing = (a["halves"][1], b["halves"][0]) if b["cx"] > a["cx"] else (a["halves"][0], b["halves"][1])
        shared = line[index].right
        assert facing == (shared, shared), (index, line[index], line[index + 1])
        reversed_pairs += b["cx"] < a["cx"]
    assert reversed_pairs >= 3


def test_the_open_ends_of_the_snake_show_the_line_ends():
    line = position(hands=["5-0", "5-1"], line=" ".join(CHAIN)).line
    tiles = drawn_tiles(line_svg(line, size=20, max_width=260))
    first, last = tiles[0], tiles[-1]
    assert first["halves"][0] == line.ends[0]  # the snake starts at the top left
    outer = last["halves"][1] if last["cx"] > tiles[-2]["cx"] else last["halves"][0]
    assert outer == line.ends[1]


def test_one_tile_line_label_is_singular():
    svg = line_svg(position(hands=["5-0", "5-1"], line="6-6").line)
    assert 'aria-label="line of 1 tile; ends 6 and 6"' in svg


def captions(svg: str) -> list[str]:
    return [t.text for t in ET.fromstring(svg).iter(f"{NS}text")]


def test_round_picture_counts_hands_as_the_rules_score_them():
    r = position("dutch", hands=["0-0", "6-1 2-1"], line="6-6", boneyard="5-5 5-0 3-3")
    texts = captions(round_svg(r))
    assert "Seat 0: 1 tile, 0 pips, counting 13 — to play" in texts
    assert "Seat 1: 2 tiles, 10 pips" in texts
    assert "Boneyard: 3 tiles" in texts
    assert "Seat 0: 0-0 (1 tile, 0 pips, counting 13)" in str(r)


def test_singular_captions():
    r = position(hands=["1-0", "6-1"], line="6-6", boneyard="5-5")
    texts = captions(round_svg(r)) + captions(view_svg(r.view(0)))
    assert "Seat 0: 1 tile, 1 pip — to play" in texts and "Boneyard: 1 tile" in texts
    assert "Seat 0 (you): 1 tile — to play" in texts and "Seat 1: 1 tile" in texts
    assert not any(re.search(r"\b1 (tiles|pips)\b", t) for t in texts)


def test_tiles_nobody_may_draw_are_not_called_a_boneyard():
    r = dl.Round.deal("block", 2, seed=3)
    texts = captions(round_svg(r)) + captions(view_svg(r.view(0)))
    assert "Set aside (no drawing): 14 tiles" in texts
    assert not any("Boneyard" in t for t in texts)
    assert "Set aside (no drawing): 14 tiles" in str(r) and "Boneyard" not in str(r)


def test_no_stock_row_when_every_tile_is_dealt():
    r = dl.Round.deal("partnership", 4, seed=3)
    assert not any("Boneyard" in t or "Set aside" in t for t in captions(round_svg(r)))
