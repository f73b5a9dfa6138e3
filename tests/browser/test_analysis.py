"""The analysis board in real JupyterLab and headless Chromium: a hand pasted as text,
evaluated and played on by keyboard, with Python's state read back from the kernel after each
browser action; screenshots of the board wide (1400 px) and narrow (400 px).

The notebook is a fresh one (made through the server's contents API), so this module shares
no kernel with the other browser tests.  Waits are Playwright's own; nothing sleeps.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from ..positions import README_HAND as HAND  # your move: 4-0 or 4-3 on the left, among others
from .conftest import ARTIFACTS, ROOT, fresh_notebook_page
from .test_lab import CELL_TYPES, TIMEOUT, add_table, kernel, kernel_json

NOTEBOOK = "analysis.ipynb"


@pytest.fixture(scope="module")
def analysis_page(browser, lab):
    with fresh_notebook_page(browser, lab, NOTEBOOK, 1400, 1300) as page:
        yield page


def settled(page, root) -> None:
    """Python has answered the intent just sent (the table is no longer busy)."""
    page.wait_for_function("(r) => !r.hasAttribute('aria-busy')", arg=root.element_handle(), timeout=TIMEOUT)


def test_a_pasted_hand_evaluated_and_played_on_by_keyboard(analysis_page):
    page = analysis_page
    root, _ = add_table(page, "board_table = DominoTable.analysis(seed=2, background=True)\nboard_table")
    expect(root.locator(".dl-analysis")).to_be_visible(timeout=TIMEOUT)
    cells = page.evaluate(CELL_TYPES)

    # Paste the hand: typed into the box (keys stay in it), then loaded with the keyboard.
    box = root.locator('[data-key="analysis:text"]')
    box.fill("")
    box.focus()
    page.keyboard.insert_text(HAND)
    root.locator('[data-key="analysis:load"]').focus()
    page.keyboard.press("Enter")
    settled(page, root)
    expect(root.locator(".dl-analysis-status")).to_contain_text("Your move", timeout=TIMEOUT)
    expected = kernel_json(page, f"dl.AnalysisBoard.from_text({HAND!r}).to_text()")
    assert kernel_json(page, "board_table.board.to_text()") == expected
    # The line says its ends to a screen reader, as the board knows them.
    ends = kernel_json(page, "list(board_table.board.view().ends)")
    spoken = kernel_json(page, "[p.spoken for p in board_table.board.view().line]")
    expect(root.locator(".dl-line")).to_have_attribute(
        "aria-label", f"The line, from the left end: {', '.join(spoken)}. Left end {ends[0]}, right end {ends[1]}.")

    # A bad paste: the library's own error, and the board as it was.
    box.fill(HAND.replace("North: 4-2 left", "North: 2-1 left"))
    root.locator('[data-key="analysis:load"]').click()
    settled(page, root)
    expect(root.locator('[data-key="analysis:error"]')).to_contain_text("line 9", timeout=TIMEOUT)
    assert kernel_json(page, "board_table.board.to_text()") == expected
    root.locator('[data-key="analysis:reset"]').click()  # the board's own text back in the box

    # Evaluate by keyboard (E), from the board's status line.
    root.locator('[data-key="analysis:back"]').focus()
    page.keyboard.press("e")
    says = root.locator('[data-key="analysis:says"]')
    expect(says).to_be_visible(timeout=TIMEOUT)
    bars = root.locator(".dl-analysis-bar")
    legal = kernel_json(page, "len(board_table.board.legal_moves())")
    expect(bars).to_have_count(legal)
    assert bars.first.get_attribute("aria-label").endswith(": best")
    ARTIFACTS.mkdir(exist_ok=True)
    root.screenshot(path=str(ARTIFACTS / "analysis-1400.png"))

    # Play the best move by keyboard: Tab to its button, Enter.
    first = root.locator('[data-key="analysis:move:0"]')
    best = first.inner_text().strip()
    first.focus()
    page.keyboard.press("Enter")
    settled(page, root)
    expect(root.locator(".dl-analysis-status")).to_contain_text("North to move", timeout=TIMEOUT)
    last = kernel_json(page, "[str(board_table.board.events[-1].tile), board_table.board.events[-1].end]")
    assert best == f"{last[0]} on the {last[1]}"
    # North's move typed in its box: a draw (the letters go into the box, not to the table).
    page.keyboard.press("m")
    page.keyboard.type("draws 1")
    page.keyboard.press("Enter")
    settled(page, root)
    assert kernel_json(page, "[e.action for e in board_table.board.events[-2:]]") == ["play", "draw"]
    # Step back twice with the arrow key: the evaluated position, its values shown again.
    root.locator('[data-key="analysis:back"]').focus()
    page.keyboard.press("ArrowLeft")
    settled(page, root)
    page.keyboard.press("ArrowLeft")
    settled(page, root)
    expect(says).to_be_visible(timeout=TIMEOUT)
    assert kernel_json(page, "board_table.board.to_text() == " + repr(expected)) is False  # the move is kept
    assert kernel_json(page, "len(board_table.board.events)") == kernel_json(
        page, f"len(dl.AnalysisBoard.from_text({HAND!r}).events)")
    assert page.evaluate(CELL_TYPES) == cells  # no key reached JupyterLab
    assert not page.errors

    # Narrow: the same board at 400 px, nothing wider than the table, touch-size targets.
    page.evaluate("() => { window.jupyterapp.shell.collapseLeft(); window.jupyterapp.shell.collapseRight(); }")
    page.set_viewport_size({"width": 400, "height": 1400})
    page.wait_for_function("(r) => r.classList.contains('dl-narrow')", arg=root.element_handle(), timeout=TIMEOUT)
    small = root.locator("button:visible, summary:visible, input:visible").evaluate_all(
        "(bs) => bs.map(b => { const r = b.getBoundingClientRect(); return [b.dataset.key, r.width, r.height]; })"
        ".filter(([, w, h]) => w < 44 || h < 44)")
    assert small == [], f"targets smaller than 44 px at 400 px: {small}"
    assert root.evaluate("(r) => r.scrollWidth - r.clientWidth") <= 1
    root.screenshot(path=str(ARTIFACTS / "analysis-400.png"))
    page.set_viewport_size({"width": 1400, "height": 1300})


def test_open_in_analysis_from_a_review_decision_and_back(analysis_page):
    page = analysis_page
    root, _ = add_table(page, "rt = DominoTable(players=2, opponents='greedy', seed=3, pace=0)\nrt")
    kernel(page, "while not rt.round.is_over:\n    rt.move(rt.round.legal_moves()[0])\nprint('over')")
    page.wait_for_function("(r) => r.dataset.over === 'true' && !r.hasAttribute('aria-busy')",
                           arg=root.element_handle(), timeout=TIMEOUT)
    root.locator('[data-key="action:review"]').click()
    expect(root.locator('[data-key="review:heading"]')).to_contain_text("Decision 1 of", timeout=TIMEOUT)
    page.keyboard.press("ArrowRight")
    expect(root.locator('[data-key="review:heading"]')).to_contain_text("Decision 2 of", timeout=TIMEOUT)
    page.keyboard.press("a")  # Open in analysis
    expect(root.locator(".dl-analysis")).to_be_visible(timeout=TIMEOUT)
    same = kernel_json(page, "rt.board.events == dl.AnalysisBoard.from_record(rt.round.to_record(), 0, "
                             "move=rt.coach.decisions[1].index).events")
    assert same is True
    assert kernel_json(page, "set(rt.board.legal_moves()) == set(rt.coach.decisions[1].view.legal)") is True
    page.keyboard.press("Escape")  # back to the review, at the same decision
    expect(root.locator('[data-key="review:heading"]')).to_contain_text("Decision 2 of", timeout=TIMEOUT)
    assert kernel_json(page, "rt.board is None") is True
    assert not page.errors


def test_a_hand_set_up_by_mouse(analysis_page):
    page = analysis_page
    root, _ = add_table(page, "mt = DominoTable.analysis(seed=2, background=True)\nmt")
    expect(root.locator(".dl-analysis")).to_be_visible(timeout=TIMEOUT)
    root.locator('[data-key="analysis:setup"]').click()
    tiles = ["6-4", "5-5", "3-1", "2-2", "6-0", "4-1", "1-0"]
    for tile in tiles:
        root.locator(f'[data-key="analysis:deal:{tile}"]').click()
    expect(root.locator('[data-key="analysis:deal:5-5"]')).to_have_attribute("aria-pressed", "true")
    root.locator('[data-key="analysis:leader"]').select_option(label="North")
    root.locator('[data-key="analysis:start"]').click()
    expect(root.locator(".dl-analysis-status")).to_contain_text("North to move", timeout=TIMEOUT)
    assert kernel_json(page, "[[str(t) for t in mt.board.tiles], mt.board.turn]") == [tiles, 1]
    # North's lead, clicked from the tiles you have not seen; then your reply by mouse.
    root.locator('[data-key="analysis:unseen"]').click()
    root.locator('[data-key="analysis:unseen:6-6"]').click()
    expect(root.locator(".dl-analysis-status")).to_contain_text("Your move", timeout=TIMEOUT)
    ARTIFACTS.mkdir(exist_ok=True)
    root.screenshot(path=str(ARTIFACTS / "analysis-setup-1400.png"))
    first = kernel_json(page, "str(mt.board.legal_moves()[0].tile)")
    expect(root.locator('[data-key="analysis:move:0"]')).to_contain_text(first)
    root.locator('[data-key="analysis:move:0"]').click()
    settled(page, root)
    assert kernel_json(page, "[(e.seat, str(e.tile)) for e in mt.board.events]") == [[1, "6-6"], [0, first]]
    assert not page.errors


#: axe-core as domino_widget/package.json installs it (or where DOMINOLAB_AXE says).
AXE = Path(os.environ.get("DOMINOLAB_AXE", ROOT / "domino_widget" / "node_modules" / "axe-core" / "axe.min.js"))


def test_axe_finds_nothing_on_the_analysis_board(analysis_page):
    if not AXE.is_file():
        pytest.skip("axe-core is not installed (cd domino_widget && npm ci)")
    page = analysis_page
    page.set_viewport_size({"width": 1400, "height": 1300})
    root, _ = add_table(page, f"at = DominoTable.analysis(dl.AnalysisBoard.from_text({HAND!r}), background=True)\nat")
    expect(root.locator(".dl-analysis")).to_be_visible(timeout=TIMEOUT)
    root.locator('[data-key="analysis:evaluate"]').click()
    expect(root.locator('[data-key="analysis:says"]')).to_be_visible(timeout=TIMEOUT)
    page.add_script_tag(content=AXE.read_text(encoding="utf-8"))

    def axe() -> tuple:
        return page.evaluate("""async (el) => {
          const r = await axe.run(el, {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]}});
          return [r.passes.length, r.violations.map(v => [v.id, v.impact, v.nodes.slice(0, 3).map(n => n.target.join(" "))])];
        }""", root.element_handle())

    for key in ("analysis:why", "analysis:keys", "analysis:setup"):
        root.locator(f'[data-key="{key}"]').click()
    valued = axe()  # your move, every move valued, the figures and the set-up open
    root.locator('[data-key="analysis:move:1"]').click()  # another seat to move: its tiles to click
    expect(root.locator(".dl-analysis-status")).to_contain_text("North to move", timeout=TIMEOUT)
    root.locator('[data-key="analysis:unseen"]').click()
    others = axe()
    print("axe on the analysis board (rules passed, violations):", valued, others)
    assert valued[0] > 10 and others[0] > 10  # axe ran its checks
    assert valued[1] == [] and others[1] == [], (valued, others)
