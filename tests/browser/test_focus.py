"""The table's keys after a click on any of its controls, in real JupyterLab and Chromium
(issue 44, item 2), and a click made while Python is still answering (item 14a).

One part of the table owns the keys (the hand's tile with the tab stop, else its primary
button): a control that is pressed by the mouse and then disappears ("Hint (H)" in a puzzle,
Cancel while a hint thinks) or that keeps keys of its own ("Keys", "Why?") hands the focus
back to it, so N, Esc, the arrows and Enter go on working and no key reaches the notebook.
Each check reads Python's state back from the kernel after real clicks and key presses.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import ARTIFACTS, fresh_notebook_page
from .test_analysis import settled
from .test_lab import CELL_TYPES, TIMEOUT, add_table, kernel, kernel_json

NOTEBOOK = "focus.ipynb"
#: The focus is inside the table's root given (and not on the page's body or JupyterLab).
FOCUS_IN = "(r) => r.contains(document.activeElement) && document.activeElement !== document.body"
#: The focus is on a tile of the hand (where the arrows and Enter act).
ON_HAND = "(r) => !!document.activeElement.closest('.dl-hand') && r.contains(document.activeElement)"


@pytest.fixture(scope="module")
def focus_page(browser, lab):
    with fresh_notebook_page(browser, lab, NOTEBOOK, 1280, 1100) as page:
        yield page


def test_after_hint_in_a_puzzle_n_and_esc_still_work(focus_page):
    """Clicking "Hint (H)" removes the button (the hint is shown instead): the focus goes to
    the puzzle's hand, so N moves to the next puzzle and Esc asks before closing."""
    page = focus_page
    cells = page.evaluate(CELL_TYPES)
    root, _ = add_table(page, "pz = DominoTable.puzzle(grade='easy', seed=2, background=True)\npz")
    expect(root.locator(".dl-puzzle-question")).to_be_visible(timeout=TIMEOUT)
    assert kernel_json(page, "pz.coach.number") == 1
    root.locator('[data-key="puzzle:hint"]').click()
    expect(root.locator('button[data-key="puzzle:hint"]')).to_have_count(0, timeout=TIMEOUT)  # the button is gone
    expect(root.locator(".dl-message.dl-hint")).to_be_visible()
    settled(page, root)
    assert page.evaluate(FOCUS_IN, root.element_handle()), page.evaluate("() => document.activeElement.outerHTML.slice(0, 80)")
    assert page.evaluate(ON_HAND, root.element_handle())
    page.keyboard.press("Escape")  # Esc asks first (a puzzle is not thrown away by habit)
    expect(root.locator('[data-key="ask:keep"]')).to_be_focused(timeout=TIMEOUT)
    page.keyboard.press("Escape")  # ... and Esc again keeps solving
    expect(root.locator('[data-key="ask:keep"]')).to_have_count(0)
    page.keyboard.press("n")
    page.wait_for_function("(r) => !r.hasAttribute('aria-busy')", arg=root.element_handle(), timeout=TIMEOUT)
    expect(root.locator(".dl-coach-title")).to_contain_text("Puzzle 2 of", timeout=TIMEOUT)
    assert kernel_json(page, "pz.coach.number") == 2
    # Every button of the puzzle that a mouse presses leaves the keys with the table.
    for key in ("puzzle:solution", "puzzle:next"):
        root.locator(f'[data-key="{key}"]').click()
        settled(page, root)
        assert page.evaluate(FOCUS_IN, root.element_handle()), key
    assert kernel_json(page, "pz.coach.number") == 3
    assert page.evaluate(CELL_TYPES) == cells + ",code"  # no key reached JupyterLab
    assert not page.errors


def test_after_keys_or_why_the_arrows_and_enter_play(focus_page):
    """Clicking "Keys" (a disclosure) opens the help and gives the keys back to the hand: ←/→
    move along it and Enter plays the tile (Python's line grows); Enter no longer folds the help."""
    page = focus_page
    cells = page.evaluate(CELL_TYPES)
    root, _ = add_table(page, "kt = DominoTable(players=2, opponents='greedy', seed=5, pace=0, autosave=False)\nkt")
    page.wait_for_function("(r) => r.dataset.yourTurn === 'true' && !r.hasAttribute('aria-busy')",
                           arg=root.element_handle(), timeout=TIMEOUT)
    keys = root.locator('summary[data-key="keys"]')
    keys.click()
    expect(root.locator(".dl-you details[open]")).to_have_count(1)
    assert page.evaluate(ON_HAND, root.element_handle())
    first = page.evaluate("() => document.activeElement.dataset.tile")
    page.keyboard.press("ArrowRight")
    second = page.evaluate("() => document.activeElement.dataset.tile")
    assert second and second != first  # the arrow moved along the hand
    # Enter on a tile that can be played plays it (Python's line grows); the help stays open.
    playable = kernel_json(page, "[str(m.tile) for m in kt.round.legal_moves() if isinstance(m, dl.Play)]")
    history = kernel_json(page, "len(kt.round.history)")
    for _ in range(8):
        if page.evaluate("() => document.activeElement.dataset.tile") in playable:
            break
        page.keyboard.press("ArrowRight")
    if page.evaluate("() => document.activeElement.dataset.tile") in playable:
        page.keyboard.press("Enter")
        if root.locator('[data-key="choose:left"]').count():
            page.keyboard.press("l")
        page.wait_for_function("(r) => r.dataset.yourTurn === 'true' || r.dataset.over === 'true'",
                               arg=root.element_handle(), timeout=TIMEOUT)
        settled(page, root)
        assert kernel_json(page, "len(kt.round.history)") > history
    else:  # nothing to play: D draws
        page.keyboard.press("d")
        settled(page, root)
        assert kernel_json(page, "len(kt.round.history)") > history
    expect(root.locator(".dl-you details[open]")).to_have_count(1)  # Enter did not fold the help
    assert page.evaluate(FOCUS_IN, root.element_handle())
    assert page.evaluate(CELL_TYPES) == cells + ",code"
    assert not page.errors


def test_a_click_after_cancelling_a_hint_is_queued_and_played(focus_page):
    """Item 14a: Python still finishing a hint's search (no background thread, as in the
    in-browser site) when the person cancels and clicks a tile: the click is queued with a
    visible word, then played, not dropped; the focus stays with the table after Cancel."""
    page = focus_page
    root, _ = add_table(page, "ht = DominoTable(players=2, opponents='greedy', seed=8, pace=0, hints=True, "
                              "background=False, autosave=False)\nht")
    page.wait_for_function("(r) => r.dataset.yourTurn === 'true' && !r.hasAttribute('aria-busy')",
                           arg=root.element_handle(), timeout=TIMEOUT)
    legal = kernel_json(page, "[[str(m.tile), m.end] for m in ht.round.legal_moves() if isinstance(m, dl.Play)]")
    assert legal, "seed 8 gives the first move a tile to play"
    tile = legal[0][0]
    both = sum(1 for t, _ in legal if t == tile) > 1
    history = kernel_json(page, "len(ht.round.history)")
    # Whether the word that a move waits was ever on screen (it may come and go between two checks).
    root.evaluate("(r) => { r.__queued = false; new MutationObserver(() => { if (r.querySelector('.dl-queued')) "
                  "r.__queued = true; }).observe(r, { childList: true, subtree: true }); }")
    # Hint, Cancel and the tile within one moment, as a quick hand does: Python has answered none
    # of them yet (and, with no thread, searches for the hint in the kernel's own turn).
    page.evaluate("""([r, tile, both]) => {
      r.querySelector('[data-key="action:hint"]').click();
      r.querySelector('[data-key="hint:cancel"]').click();
      r.querySelector(`[data-key="hand:${tile}"]`).click();
      if (both) r.querySelector('[data-key="choose:left"]').click();
    }""", [root.element_handle(), tile, both])
    assert page.evaluate(FOCUS_IN, root.element_handle())  # Cancel went; the focus did not
    queued = root.locator(".dl-queued")
    page.wait_for_function("([r, n]) => !r.hasAttribute('aria-busy') && (r.dataset.yourTurn === 'true' "
                           "|| r.dataset.over === 'true')", arg=[root.element_handle(), history],
                           timeout=TIMEOUT)
    mine = kernel(page, "print([str(e.tile) for e in ht.round.history if e.seat == 0 and e.action == 'play'])")
    assert tile in mine, mine  # the tile clicked was played
    assert root.evaluate("(r) => r.__queued")  # Python was still busy with the hint: the click waited, said so
    expect(queued).to_have_count(0)
    assert kernel_json(page, "ht.session.state().hint is None")
    ARTIFACTS.mkdir(exist_ok=True)
    root.screenshot(path=str(ARTIFACTS / "focus-queued.png"))
    assert not page.errors


def test_a_spanish_table_takes_r_to_draw_and_i_d_for_the_ends(focus_page):
    """Issue 45: at a Spanish table the keys are the Spanish words' letters, from Python: R
    (robar) draws, and a tile that fits both ends goes left with I and right with D."""
    page = focus_page
    cells = page.evaluate(CELL_TYPES)
    # Seed 3, six moves in: the ends show 2 and 1, the 2-1 fits both, and drawing is allowed.
    root, _ = add_table(page, "es = DominoTable(players=2, opponents='greedy', seed=3, pace=0, autosave=False, "
                              "background=False, language='es')\n"
                              "for _ in range(6):\n    es.move(es.round.legal_moves()[0])\nes")
    page.wait_for_function("(r) => r.dataset.yourTurn === 'true' && !r.hasAttribute('aria-busy')",
                           arg=root.element_handle(), timeout=TIMEOUT)
    expect(root.locator('[data-key="action:draw"]')).to_have_text("Robar (R)")
    assert root.locator('[data-key="action:draw"]').get_attribute("aria-keyshortcuts") == "r"
    root.locator(".dl-status").click()  # a click on the table: the keys go to the hand
    drew = "sum(e.seat == 0 and e.action == 'draw' for e in es.round.history)"
    before = kernel_json(page, drew)
    page.keyboard.press("r")
    page.wait_for_function("(r) => !r.hasAttribute('aria-busy')", arg=root.element_handle(), timeout=TIMEOUT)
    assert kernel_json(page, drew) == before + 1  # R drew
    both = kernel_json(page, "sorted({str(m.tile) for m in es.round.legal_moves() if isinstance(m, dl.Play) "
                             "and m.end == 'right'} & {str(m.tile) for m in es.round.legal_moves() "
                             "if isinstance(m, dl.Play) and m.end == 'left'})")
    assert both == ["2-1"], both
    root.locator(f'[data-key="hand:{both[0]}"]').click()
    expect(root.locator('[data-key="choose:left"]')).to_have_text(re.compile(r"\(I\)$"))
    expect(root.locator('[data-key="choose:right"]')).to_have_text(re.compile(r"\(D\)$"))
    page.keyboard.press("d")  # D: the right end (derecha), not draw
    page.wait_for_function("(r) => r.dataset.yourTurn === 'true' || r.dataset.over === 'true'",
                           arg=root.element_handle(), timeout=TIMEOUT)
    played = kernel_json(page, f"[e.end for e in es.round.history if e.seat == 0 and e.action == 'play' "
                               f"and str(e.tile) == '{both[0]}']")
    assert played == ["right"]
    assert kernel_json(page, drew) == before + 1  # D did not draw
    assert page.evaluate(CELL_TYPES) == cells + ",code"
    ARTIFACTS.mkdir(exist_ok=True)
    root.screenshot(path=str(ARTIFACTS / "focus-spanish-keys.png"))
    assert not page.errors
