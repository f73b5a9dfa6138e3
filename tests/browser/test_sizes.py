"""What a learner sees at a phone's width, in real JupyterLab and Chromium (issue 44, item 9):
a puzzle's line tiles are read at 400 px (they were 40×20 px with 2 px pips), and a review at
the lead leaves no blank where the empty line was (it left 90 px).  Measured in the browser;
screenshots at 1,400 and 400 px are kept in test-artifacts/.

Targets: at 400 px a tile on the line is at least 56 px long with pips of 4 px or more, and
inside the frame around it; the empty line of a review at the lead is one row of words, at
most 40 px high.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import ARTIFACTS, FIGURES, fresh_notebook_page
from .test_lab import TIMEOUT, add_table, kernel_json

NOTEBOOK = "sizes.ipynb"
LINE = """(r) => {
  const tiles = Array.from(r.querySelectorAll('.dl-line .dl-tile')).map((t) => t.getBoundingClientRect());
  const pips = Array.from(r.querySelectorAll('.dl-line .dl-pip')).map((p) => p.getBoundingClientRect().width);
  const frame = r.querySelector('.dl-table').getBoundingClientRect();
  const boxes = Array.from(r.querySelectorAll('.dl-line .dl-tile, .dl-line-area > .dl-slot')).map((e) => e.getBoundingClientRect());
  return {long: Math.min(...tiles.map((b) => Math.max(b.width, b.height))), pip: Math.min(...pips),
          inside: boxes.every((b) => b.left >= frame.left - 0.5 && b.right <= frame.right + 0.5),
          count: tiles.length, width: r.getBoundingClientRect().width};
}"""


@pytest.fixture(scope="module")
def narrow_page(browser, lab):
    with fresh_notebook_page(browser, lab, NOTEBOOK, 400, 900) as page:
        # A phone's width: the notebook alone, as a learner would have it (the side panels shut).
        page.evaluate("() => { window.jupyterapp.shell.collapseLeft(); window.jupyterapp.shell.collapseRight(); }")
        yield page


def test_a_puzzle_line_is_readable_at_400_px(narrow_page):
    page = narrow_page
    root, _ = add_table(page, "pz = DominoTable.puzzle(grade='easy', seed=2, background=True)\npz")
    expect(root.locator(".dl-puzzle-question")).to_be_visible(timeout=TIMEOUT)
    page.wait_for_function("(r) => r.classList.contains('dl-narrow')", arg=root.element_handle(), timeout=TIMEOUT)
    m = page.evaluate(LINE, root.element_handle())
    FIGURES.append(f"puzzle at 400 px: {m['count']} line tiles, each at least {m['long']:.0f} px long, "
                   f"pips of {m['pip']:.1f} px or more (table {m['width']:.0f} px wide)")
    assert m["count"] == len(kernel_json(page, "[str(t) for t in pz.coach.round.line.tiles]"))
    assert m["long"] >= 56 and m["pip"] >= 4, m
    assert m["inside"], m  # the line's tiles and ends stay inside the puzzle's frame
    assert page.evaluate("() => document.querySelector('.dl-root').scrollWidth <= "
                         "document.querySelector('.dl-root').clientWidth + 1")
    ARTIFACTS.mkdir(exist_ok=True)
    root.screenshot(path=str(ARTIFACTS / "sizes-puzzle-400.png"))
    assert not page.errors


def test_a_review_at_the_lead_leaves_no_blank(narrow_page):
    page = narrow_page
    source = """for seed in range(100):  # a deal where you lead
    rv = DominoTable(players=2, opponents="greedy", seed=seed, pace=0, autosave=False)
    if rv.round.turn == 0 and not rv.round.line:
        break
while not rv.round.is_over:
    rv.move(rv.round.legal_moves()[0])
rv"""
    root, _ = add_table(page, source)
    page.wait_for_function("(r) => r.dataset.over === 'true' && !r.hasAttribute('aria-busy')",
                           arg=root.element_handle(), timeout=TIMEOUT)
    root.locator('[data-key="action:review"]').click()
    heading = root.locator('[data-key="review:heading"]')
    expect(heading).to_contain_text("1 of", timeout=TIMEOUT)
    assert kernel_json(page, "len(rv.coach.decisions[0].view.line)") == 0  # the first decision is the lead
    empty = root.locator(".dl-coach .dl-table")
    expect(empty).to_have_text("The line is empty")
    high = empty.bounding_box()["height"]
    gap = page.evaluate("""(r) => { const h = r.querySelector('[data-key="review:heading"]').getBoundingClientRect();
      const tiles = r.querySelector('.dl-review-hand').getBoundingClientRect(); return tiles.top - h.bottom; }""",
                        root.element_handle())
    FIGURES.append(f"review at the lead, 400 px: the empty line {high:.0f} px high, {gap:.0f} px from the heading "
                   "to the tiles")
    assert high <= 40 and gap <= 70, (high, gap)
    ARTIFACTS.mkdir(exist_ok=True)
    root.screenshot(path=str(ARTIFACTS / "sizes-review-lead-400.png"))
    page.set_viewport_size({"width": 1400, "height": 1000})
    page.wait_for_function("(r) => !r.classList.contains('dl-narrow')", arg=root.element_handle(), timeout=TIMEOUT)
    root.screenshot(path=str(ARTIFACTS / "sizes-review-lead-1400.png"))
    page.keyboard.press("ArrowRight")
    expect(heading).to_contain_text("2 of", timeout=TIMEOUT)
    # A decision's line is as high as its tiles: no room kept for a tile that will not come.
    spare = page.evaluate("""(r) => { const area = r.querySelector('.dl-coach .dl-line-area').getBoundingClientRect();
      const tiles = Array.from(r.querySelectorAll('.dl-coach .dl-line .dl-tile')).map((t) => t.getBoundingClientRect());
      return area.height - (Math.max(...tiles.map((b) => b.bottom)) - Math.min(...tiles.map((b) => b.top))); }""",
                          root.element_handle())
    assert spare <= 1, spare
    root.screenshot(path=str(ARTIFACTS / "sizes-review-1400.png"))
    page.set_viewport_size({"width": 400, "height": 900})
    page.wait_for_function("(r) => r.classList.contains('dl-narrow')", arg=root.element_handle(), timeout=TIMEOUT)
    root.screenshot(path=str(ARTIFACTS / "sizes-review-400.png"))
    assert not page.errors
