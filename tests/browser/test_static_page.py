"""The table's ES module alone in Chromium with a fake model: real layout for saved snapshots.

No Jupyter here, so this is quick; it checks what jsdom cannot (the line's layout with real
sizes at a wide and a phone width) and takes screenshots of states the Lab tests rarely reach.
"""

from __future__ import annotations

import json

import pytest

from .conftest import ARTIFACTS, ROOT

SOURCE = ROOT / "domino_widget" / "src"
FIXTURES = json.loads((ROOT / "domino_widget" / "test" / "fixtures" / "snapshots.json").read_text())

MOUNT = """async ([source, snapshot]) => {
  const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  const module = await import(url);
  const el = document.getElementById("out");
  const model = { get: () => snapshot, on() {}, off() {}, send(m) { (window.sent ||= []).push(m); } };
  module.default.render({ model, el });
}"""


def mount(page, name: str, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    page.set_content(f"<html><head><style>{(SOURCE / 'widget.css').read_text()}</style></head>"
                     "<body style='margin:8px'><div id='out'></div></body></html>")
    page.evaluate(MOUNT, [(SOURCE / "widget.js").read_text(), FIXTURES[name]])
    page.locator(".dl-root").wait_for()


@pytest.mark.parametrize("width", [1000, 400])
def test_a_long_line_turns_at_the_edges_and_keeps_every_tile(page, width):
    mount(page, "long_line", width)
    line = FIXTURES["long_line"]["line"]
    drawn = page.locator(".dl-line .dl-tile").evaluate_all("(ts) => ts.map((t) => t.dataset.tile)")
    assert drawn == [p["tile"] for p in line]
    boxes = page.locator(".dl-line > .dl-tile, .dl-line-area > .dl-slot").evaluate_all(
        "(els) => els.map((e) => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; })")
    area = page.locator(".dl-table").bounding_box()
    for i, (left, top, right, bottom) in enumerate(boxes):
        assert area["x"] <= left and right <= area["x"] + area["width"] + 0.5  # nothing leaves the table
        for other in boxes[i + 1:]:  # and nothing overlaps
            assert right <= other[0] + 0.5 or other[2] <= left + 0.5 or bottom <= other[1] + 0.5 or other[3] <= top + 0.5
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    if width < 500:
        assert page.locator(".dl-line .dl-corner").count() >= 1  # it turned
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator(".dl-root").screenshot(path=str(ARTIFACTS / f"static-long-line-{width}.png"))


@pytest.mark.parametrize("name", ["over_partnership", "match_over", "screen", "offer"])
def test_rarely_reached_states(page, name):
    mount(page, name, 900)
    snap = FIXTURES[name]
    if snap["result"]:
        assert page.locator(".dl-result-title").inner_text() == snap["result"]["title"]
    if snap["scoreboard"]["result"]:
        assert page.locator(".dl-match-result").inner_text() == snap["scoreboard"]["result"]
    if snap["screen"]:
        assert page.locator(".dl-hand button").count() == 0
    if snap["offer"]:
        assert page.locator(".dl-offer").is_visible()
    page.locator(".dl-root").screenshot(path=str(ARTIFACTS / f"static-{name}.png"))
