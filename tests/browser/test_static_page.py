"""The widget's ES module alone in Chromium with a fake model: real layout for saved snapshots.

No Jupyter here, so this is quick; it checks what jsdom cannot (sizes, the snake of a long
line at a narrow width) and takes screenshots of states the Lab tests rarely reach.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import ARTIFACTS, ROOT

STATIC = ROOT / "src" / "dominolab" / "static"
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
    page.set_content(f"<html><head><style>{(STATIC / 'widget.css').read_text()}</style></head>"
                     "<body style='margin:8px'><div id='out'></div></body></html>")
    page.evaluate(MOUNT, [(STATIC / "widget.js").read_text(), FIXTURES[name]])
    page.locator(".dl-root").wait_for()


@pytest.mark.parametrize("width", [1000, 420])
def test_a_long_line_snakes_and_keeps_every_tile(page, width):
    mount(page, "long_line", width)
    line = FIXTURES["long_line"]["line"]
    rows = page.locator(".dl-line .dl-row")
    drawn = page.locator(".dl-line .dl-tile").evaluate_all("(ts) => ts.map((t) => t.dataset.tile)")
    assert drawn == [p["tile"] for p in line]  # every tile, in line order
    table = page.locator(".dl-table").bounding_box()
    for box in page.locator(".dl-line .dl-row").evaluate_all(
            "(rs) => rs.map((r) => { const b = r.getBoundingClientRect(); return [b.left, b.right]; })"):
        assert table["x"] <= box[0] and box[1] <= table["x"] + table["width"] + 1  # no row overflows
    if width < 500:
        assert rows.count() > 1 and "dl-rtl" in rows.nth(1).get_attribute("class")
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator(".dl-root").screenshot(path=str(ARTIFACTS / f"static-long-line-{width}.png"))


def test_the_partnership_result(page):
    mount(page, "over_partnership", 900)
    assert page.locator(".dl-result-title").inner_text() == FIXTURES["over_partnership"]["result"]["title"]
    page.locator(".dl-root").screenshot(path=str(Path(ARTIFACTS) / "static-partnership-result.png"))
