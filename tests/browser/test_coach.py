"""The coach on the play table in real JupyterLab and headless Chromium: a hand reviewed and
stepped through with real key presses, and a puzzle solved with a real click, with Python's
state read back from the kernel after each browser action.

The notebook is a fresh one (made through the server's contents API), so this module shares
no kernel with tests/browser/test_lab.py.  Waits are Playwright's own (each returns as soon as
its condition holds); nothing sleeps.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import ARTIFACTS, fresh_notebook_page
from .test_lab import CELL_TYPES, TIMEOUT, add_table, kernel, kernel_json

NOTEBOOK = "coach.ipynb"


@pytest.fixture(scope="module")
def coach_page(browser, lab):
    with fresh_notebook_page(browser, lab, NOTEBOOK, 1280, 1100) as page:
        yield page


def finished_table(page, name: str, arguments: str):
    """A new table ``name = DominoTable(arguments)`` whose first hand is played to the end from
    code (the people's moves too: the review is what is under test); returns its root."""
    root, _ = add_table(page, f"{name} = DominoTable({arguments})\n{name}")
    kernel(page, f"while not {name}.round.is_over:\n    {name}.move({name}.round.legal_moves()[0])\nprint('over')")
    page.wait_for_function("(r) => r.dataset.over === 'true' && !r.hasAttribute('aria-busy')",
                           arg=root.element_handle(), timeout=TIMEOUT)
    return root


def test_review_this_hand_by_mouse_then_arrow_keys(coach_page):
    page = coach_page
    root = finished_table(page, "t", "players=2, opponents='greedy', seed=3, pace=0")
    cells = page.evaluate(CELL_TYPES)
    root.locator('[data-key="action:review"]').click()
    heading = root.locator('[data-key="review:heading"]')
    expect(heading).to_contain_text("Decision 1 of", timeout=TIMEOUT)  # the review ran, in the background
    assert kernel_json(page, "[t.coach.kind, t.coach.status, t.coach.index]") == ["review", "done", 0]
    count = kernel_json(page, "len(t.coach.decisions)")
    assert count >= 3
    first = kernel_json(page, "t.coach.decisions[0].turn")  # the log's numbering (issue 33)
    expect(heading).to_have_text(f"Decision 1 of {count}: turn {first} of the hand")
    # The move played and the best one are drawn as tiles (or Draw/Pass), with the engine's sentence.
    expect(root.locator('[data-key="review:played"]')).to_be_visible()
    expect(root.locator('[data-key="review:sentence"]')).to_have_text(kernel(page, "print(t.coach.decisions[0].sentence('you'))").strip())

    page.keyboard.press("ArrowRight")
    expect(heading).to_contain_text(f"Decision 2 of {count}", timeout=TIMEOUT)
    ARTIFACTS.mkdir(exist_ok=True)
    root.screenshot(path=str(ARTIFACTS / "coach-review.png"))
    page.keyboard.press("ArrowRight")
    expect(heading).to_contain_text(f"Decision 3 of {count}", timeout=TIMEOUT)
    assert kernel_json(page, "t.coach.index") == 2
    page.keyboard.press("ArrowLeft")
    expect(heading).to_contain_text(f"Decision 2 of {count}", timeout=TIMEOUT)
    assert kernel_json(page, "t.coach.index") == 1
    before = kernel_json(page, "[t.version, t.session.hand_number, len(t.round.history)]")

    # Two quick keys: Escape pressed before Python has answered the step still closes.
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Escape")
    expect(root.locator(".dl-coach")).to_have_count(0, timeout=TIMEOUT)
    assert kernel_json(page, "t.coach is None") is True
    assert kernel_json(page, "[t.version, t.session.hand_number, len(t.round.history)]") == before
    page.keyboard.press("n")  # Next hand works as before
    expect(root.locator(".dl-result")).to_have_count(0, timeout=TIMEOUT)
    assert kernel_json(page, "t.session.hand_number") == 2
    assert page.evaluate(CELL_TYPES) == cells  # no key reached JupyterLab (no cell added, changed or deleted)
    assert not page.errors


def test_each_person_at_a_two_person_table_reviews_their_own_moves(coach_page):
    page = coach_page
    root = finished_table(page, "two", "seats=['human', 'human'], names=['Ana', 'Ben'], seed=4, pace=0")
    expect(root.locator('[data-key="action:review"]')).to_have_text("Review Ana's moves (V)")
    root.locator('[data-key="action:review:1"]').click()  # Ben's
    expect(root.locator('[data-key="review:heading"]')).to_contain_text("Decision 1 of", timeout=TIMEOUT)
    assert kernel_json(page, "[two.coach.kind, two.coach.summary.split(':')[0], two.coach.who]") == ["review", "Ben", "Ben"]
    sentence = root.locator('[data-key="review:sentence"]').inner_text()
    assert re.match(r"Turn \d+: Ben (chose|had)", sentence), sentence
    assert kernel_json(page, "two.coach.decisions[0].view.seat") == 1
    page.keyboard.press("Escape")
    expect(root.locator(".dl-coach")).to_have_count(0, timeout=TIMEOUT)
    assert not page.errors


def test_a_puzzle_solved_by_a_real_click(coach_page):
    page = coach_page
    root, _ = add_table(page, "p = dl.puzzles.select(grade='easy')[0]\npz = DominoTable.puzzle(p, background=True)\npz")
    expect(root.locator(".dl-puzzle-question")).to_have_text(kernel(page, "print(p.question)").strip(),
                                                             timeout=TIMEOUT)
    best = kernel_json(page, "[str(p.best.tile), p.best.end] if isinstance(p.best, dl.Play) else [str(p.best), None]")
    game = kernel_json(page, "[pz.version, len(pz.round.history)]")
    wrong = kernel_json(page, "next([str(c.move.tile), c.move.end] for c in p.choices[1:] if isinstance(c.move, dl.Play))")
    feedback = root.locator('[data-key="puzzle:feedback"]')

    root.locator(f'[data-key="hand:{wrong[0]}"]').click()
    if root.locator('[data-key="choose:left"]').count():
        root.locator(f'[data-key="choose:{wrong[1]}"]').click()
    expect(feedback).to_contain_text("Not this time", timeout=TIMEOUT)
    assert kernel_json(page, "pz.coach.status") == "incorrect"
    # Issue 44: the verdict once ("Not this time: Another move is ..."), and no "Why?" while
    # the puzzle is still asked (its figures would give the answer away).
    expect(feedback).not_to_contain_text("Not this one")
    expect(root.locator(".dl-coach .dl-why-more")).to_have_count(0)

    if best[1] is None:
        root.locator(f'[data-key="puzzle:{best[0]}"]').click()
    else:
        root.locator(f'[data-key="hand:{best[0]}"]').click()
        if root.locator('[data-key="choose:left"]').count():
            root.locator(f'[data-key="choose:{best[1]}"]').click()
    expect(feedback).to_contain_text("Correct", timeout=TIMEOUT)
    assert kernel_json(page, "[pz.coach.status, pz.coach.feedback[1] == p.evaluate(p.best).message]") == ["correct", True]
    # One "Why?" after a right answer, and the answer's sentence said once, as the verdict.
    expect(feedback).not_to_contain_text("Yes:")
    expect(root.locator('[data-key="puzzle:explanation"]')).to_have_count(0)
    expect(root.locator(".dl-coach .dl-why-more")).to_have_count(1)
    ARTIFACTS.mkdir(exist_ok=True)
    root.screenshot(path=str(ARTIFACTS / "coach-puzzle.png"))
    assert kernel_json(page, "[pz.version, len(pz.round.history)]") == game  # the game was not touched
    root.locator('[data-key="puzzle:next"]').click()
    expect(feedback).to_have_count(0, timeout=TIMEOUT)
    assert kernel_json(page, "pz.coach.status") == "asking"
    # Issue 33, item 6: Esc pressed from habit asks first (Keep solving is the default), and
    # the puzzle has no match parts in its frame.
    assert root.locator(".dl-scores, [data-key='action:new']").count() == 0
    root.locator(".dl-puzzle-question").click()
    page.keyboard.press("Escape")
    expect(root.locator('[data-key="ask:keep"]')).to_be_focused()
    page.keyboard.press("Enter")
    expect(root.locator(".dl-confirm")).to_have_count(0)
    assert kernel_json(page, "[pz.coach.kind, pz.coach.status]") == ["puzzle", "asking"]
    assert not page.errors


def test_a_running_review_shows_its_progress_and_cancel_leaves_the_table_usable(coach_page):
    page = coach_page
    root, _ = add_table(page, "held = DominoTable(players=2, opponents='greedy', seed=4, pace=0)\nheld")
    kernel(page, "import threading\ngate = threading.Event()\n"
                 "while not held.round.is_over:\n    held.move(held.round.legal_moves()[0])\n"
                 "# hold the review's thread at its first progress report until the test opens the gate\n"
                 "held.session._test_hook = lambda where: gate.wait(60) if where == 'review-progress' else None\n"
                 "print('over')")
    page.wait_for_function("(r) => r.dataset.over === 'true' && !r.hasAttribute('aria-busy')",
                           arg=root.element_handle(), timeout=TIMEOUT)
    root.locator('[data-key="action:review"]').click()
    progress = root.locator('[data-key="review:progress"]')
    expect(progress).to_have_text(re.compile(r"^Reviewing: 0 of \d+ decisions$"), timeout=TIMEOUT)
    assert kernel_json(page, "[held.coach.kind, held.coach.status]") == ["review", "running"]
    root.locator('[data-key="review:cancel"]').click()
    expect(root.locator(".dl-coach")).to_have_count(0, timeout=TIMEOUT)
    expect(root.locator(".dl-message")).to_have_text("Review cancelled.")
    assert kernel_json(page, "held.coach is None") is True
    kernel(page, "gate.set(); held.session._test_hook = None; print('released')")
    assert kernel_json(page, "[held.session.wait_review(30), held.coach is None]") == [True, True]
    root.locator('[data-key="action:next"]').click()
    expect(root.locator(".dl-result")).to_have_count(0, timeout=TIMEOUT)
    assert kernel_json(page, "held.session.hand_number") == 2
    assert not page.errors


def test_a_hint_says_it_is_thinking_and_cancel_stops_its_search(coach_page):
    """Issue 33, item 2: "Thinking about a hint…" at once, driven by Python's state while the
    search runs in the background (the kernel stays free), and Cancel reaches the search.
    The search is made slow deterministically: it waits for its cancel event, then runs the
    real search, which stops with HintCancelled."""
    page = coach_page
    root, _ = add_table(page, "ht = DominoTable(players=2, opponents='greedy', seed=5, hints=True, pace=0)\nht")
    kernel(page, "import threading\nfrom dominolab import players as _pl\n"
                 "real_advise = _pl.advise\nsearching, stopped = threading.Event(), threading.Event()\n"
                 "def until_cancelled(view, *, cancel, **kw):\n"
                 "    searching.set()\n"
                 "    cancel.wait(60)  # only the cancel ends this search\n"
                 "    try:\n        return real_advise(view, cancel=cancel, **kw)\n"
                 "    except _pl.HintCancelled:\n        stopped.set()\n        raise\n"
                 "_pl.advise = until_cancelled\nprint('ok')")
    page.wait_for_function("(r) => r.dataset.yourTurn === 'true' && !r.hasAttribute('aria-busy')",
                           arg=root.element_handle(), timeout=TIMEOUT)
    game = kernel_json(page, "[ht.version, len(ht.round.history)]")
    root.locator('[data-key="action:hint"]').click()
    thinking = root.locator(".dl-hint-thinking")
    expect(thinking).to_contain_text("Thinking about a hint", timeout=TIMEOUT)
    # The kernel answers while the hint is searched, and Python says it is thinking.
    assert kernel_json(page, "[searching.wait(30), ht.session.state().hinting, ht.snapshot['hinting']]") == [
        True, True, True]
    expect(root).not_to_have_attribute("aria-busy", "true", timeout=TIMEOUT)
    ARTIFACTS.mkdir(exist_ok=True)
    root.screenshot(path=str(ARTIFACTS / "coach-hint-thinking.png"))
    root.locator('[data-key="hint:cancel"]').click()
    expect(thinking).to_have_count(0)
    assert kernel_json(page, "[stopped.wait(30), ht.session.state().hinting, ht.session.state().hint is None, "
                             "ht.version, len(ht.round.history)]") == [True, False, True, *game]
    expect(root.locator(".dl-hint")).to_have_count(0)
    kernel(page, "_pl.advise = real_advise\nprint('restored')")
    # The game goes on: a move is made and answered.
    playable = root.locator(".dl-hand .dl-playable")
    if playable.count():
        playable.first.click()
        if root.locator('[data-key="choose:left"]').count():
            root.locator('[data-key="choose:left"]').click()
    else:
        root.locator('[data-key="action:draw"]').click()
    page.wait_for_function("([r, v]) => Number(r.dataset.version) > v", arg=[root.element_handle(), game[0]],
                           timeout=TIMEOUT)
    assert kernel_json(page, "len(ht.round.history)") > game[1]
    assert not page.errors
