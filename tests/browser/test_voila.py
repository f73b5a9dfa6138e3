"""The play widget as a Voila app: notebooks/play.ipynb rendered without code, one move played.

Voila gives the page no kernel handle, so the Python side is read from what it sends back:
the snapshot drawn after the click (the engine's new line, hand and version).
"""

from __future__ import annotations

from .conftest import ARTIFACTS

TIMEOUT = 90_000  # ms: Voila runs the whole notebook before it shows the page


def test_a_move_in_voila(page, voila):
    page.goto(f"{voila.url}/")
    root = page.locator(".dl-root").first
    root.wait_for(timeout=TIMEOUT)
    page.wait_for_function(
        "() => { const r = document.querySelector('.dl-root');"
        " return r.dataset.yourTurn === 'true' && !r.hasAttribute('aria-busy'); }", timeout=TIMEOUT)
    # Only the game: the notebook's teacher cells (options, teaching table, API demo) are
    # removed by voila.json, and no code is shown.
    assert page.locator(".dl-root").count() == 1
    assert page.get_by_text("The same game from Python").count() == 0
    assert page.get_by_text('DominoTable("standard"').count() == 0  # the table cell's code
    version = int(root.get_attribute("data-version"))
    hand = root.locator(".dl-hand button").count()
    line = root.locator(".dl-line .dl-tile").count()
    playable = root.locator(".dl-hand .dl-playable")
    if playable.count():
        tile = playable.first.get_attribute("data-tile")
        playable.first.click()
        if root.locator(".dl-end.dl-choose").count():
            root.locator(".dl-end-right").click()
    else:
        tile = None
        root.locator('[data-key="action:draw"]').click()
    page.wait_for_function(
        "(v) => { const r = document.querySelector('.dl-root');"
        " return Number(r.dataset.version) > v && !r.hasAttribute('aria-busy'); }", arg=version, timeout=TIMEOUT)
    if tile is not None:  # Python placed the tile: it is on the line and no longer in the hand
        assert root.locator(f'.dl-line .dl-tile[data-tile="{tile}"]').count() == 1
        assert root.locator(f'.dl-hand button[data-tile="{tile}"]').count() == 0
        assert root.locator(".dl-line .dl-tile").count() >= line + 1
    else:  # Python dealt a tile from the boneyard into the hand
        assert root.locator(".dl-hand button").count() == hand + 1
    assert root.get_attribute("data-latency-ms") is not None
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "voila-light.png"), full_page=True)
