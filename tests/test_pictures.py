"""The pictures lessons show: readable sizes and contrast, alt text, and the HTML display
that untrusted notebooks, GitHub and nbviewer show (the browser side is tested in
tests/browser/test_lesson_pictures.py)."""

import base64
import re
import xml.etree.ElementTree as ET

import pytest

import dominolab as dl
from dominolab import render

from .positions import play_random


def luminance(colour):
    """WCAG relative luminance of a #rrggbb colour."""
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a, b):
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def svg_of(html):
    """The SVG inside a picture's <img>, parsed."""
    match = re.fullmatch(r'<img src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)" alt="([^"]*)" '
                         r'width="(\d+)" height="(\d+)" style="max-width:100%;height:auto">', html)
    assert match, html[:200]
    root = ET.fromstring(base64.b64decode(match.group(1)).decode("utf-8"))
    assert root.get("width") == match.group(3) and root.get("height") == match.group(4)
    return root, match.group(2)


def a_round():
    r = dl.Round.deal("standard", 3, seed=3)
    return play_random(r, 9, seed=1)


def test_every_picture_is_an_img_with_alt_text():
    r = a_round()
    things = [dl.Tile(6, 4), r.hands[0], r.line, dl.Line(), r, r.view(1), dl.Hand()]
    for thing in things:
        html = thing._repr_html_()
        root, alt = svg_of(html)
        assert root.tag.endswith("svg") and root.get("role") == "img"
        assert root.find("{http://www.w3.org/2000/svg}title") is not None
        assert alt and alt.endswith(".")
    assert svg_of(dl.Tile(6, 4)._repr_html_())[1] == "The tile six-four (6-4)."


def test_alt_text_says_what_the_picture_shows():
    r = a_round()
    alt = render.round_alt(r)
    for seat, hand in enumerate(r.hands):
        assert f"Seat {seat}" in alt and all(t.spoken in alt for t in hand)
    assert f"Face down: {r.boneyard_count} tiles." in alt
    left, right = r.ends
    assert f"The open ends show {left} on the left and {right} on the right." in alt
    view = render.view_alt(r.view(2))
    assert view.startswith("What seat 2 sees.") and "Seat 2 (you)" in view
    assert all(t.spoken not in view for seat in (0, 1) for t in r.hands[seat] if t not in r.hands[2])
    assert render.line_alt(dl.Line()) == "An empty line: no tile has been played yet."
    assert render.hand_alt(dl.Hand([dl.Tile(6, 4), dl.Tile(0, 0)])) == \
        "A hand of 2 tiles, 10 pips: six-four, double-blank."
    dutch = dl.Round.from_position("dutch", hands=[["0-0", "3-1"], ["6-6", "5-5"]], line=["6-4"])
    assert "4 pips, counting 17" in render.round_alt(dutch)


def test_the_line_reads_left_to_right_as_the_tiles_lie():
    r = dl.Round.from_position("standard", hands=[["1-1"], ["0-0"]], line=["6-6", "6-4", "4-3"])
    assert "from left to right: double-six, six-four, four-three." in render.line_alt(r.line)


def test_sizes_suit_a_projector():
    r = a_round()
    root, _ = svg_of(r.line._repr_html_())
    rects = [e for e in root.iter() if e.tag.endswith("rect") and e.get("fill") == render.FACE]
    widths = sorted(float(e.get("width")) for e in rects)
    assert widths and widths[-1] >= 60  # a tile lying along the line: 64 x 32
    root, _ = svg_of(r.hands[0]._repr_html_())
    heights = [float(e.get("height")) for e in root.iter() if e.tag.endswith("rect")]
    assert min(heights) >= 68  # a tile standing in a hand: 36 x 72
    texts = [e for e in ET.fromstring(render.round_svg(r)).iter() if e.tag.endswith("text")]
    assert texts and all(float(e.get("font-size")) >= 14 for e in texts)


def test_captions_read_in_light_and_dark_themes():
    # Captions sit on the light card, whatever the page behind: near-black on near-white.
    assert contrast(render.TEXT, render.PANEL) >= 7
    svg = render.round_svg(a_round())
    root = ET.fromstring(svg)
    first = next(e for e in root if not e.tag.endswith("title"))
    assert first.tag.endswith("rect") and first.get("fill") == render.PANEL
    assert first.get("width") == root.get("width") and first.get("height") == root.get("height")
    assert {e.get("fill") for e in root.iter() if e.tag.endswith("text")} == {render.TEXT}


def test_captions_fit_inside_the_card():
    r = dl.Round.from_position("standard", hands=[["1-1"], ["0-0"]], line=["6-6"])
    root = ET.fromstring(render.round_svg(r))
    width = float(root.get("width"))
    for text in (e for e in root.iter() if e.tag.endswith("text")):
        assert float(text.get("x")) + render._caption_width(text.text) <= width


def test_no_picture_for_other_things():
    with pytest.raises(ValueError, match="no picture for dict"):
        render.picture_html({})
