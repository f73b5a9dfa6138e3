"""The play table as a Voila app: notebooks/play.ipynb rendered without code, offline.

Voila gives the page no kernel handle, so the Python side is read from what it sends back:
the snapshot drawn after each move (the engine's new line, hand and version).
"""

from __future__ import annotations

from urllib.parse import urlsplit

from .conftest import ARTIFACTS

TIMEOUT = 90_000  # ms: Voila runs the whole notebook before it shows the page

READY = ("() => { const r = document.querySelector('.dl-root');"
         " return r && r.dataset.yourTurn === 'true' && !r.hasAttribute('aria-busy'); }")


def test_the_classroom_app_offline(page, voila):
    """Finding 10: no request leaves the server (Voila's lab template asked a CDN for Font
    Awesome); the intro speaks of the game, not of "seat 0" or a Hint key the app lacks;
    only the game is shown, and a move is made in Python."""
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(f"{voila.url}/")
    root = page.locator(".dl-root").first
    root.wait_for(timeout=TIMEOUT)
    page.wait_for_function(READY, timeout=TIMEOUT)
    outside = sorted({url for url in requests if urlsplit(url).hostname not in ("127.0.0.1", None)
                      and not url.startswith(("data:", "blob:"))})
    assert outside == [], f"the app asked the internet for {outside}"
    text = page.locator("body").inner_text()
    assert "seat 0" not in text and "Hint" not in text and "hint" not in text.lower()
    assert page.locator(".dl-root").count() == 1  # the teacher's tables are removed by voila.json
    assert page.get_by_text('DominoTable("standard"').count() == 0  # no code is shown
    version = int(root.get_attribute("data-version"))
    playable = root.locator(".dl-hand .dl-playable")
    if playable.count():
        tile = playable.first.get_attribute("data-tile")
        playable.first.click()
        if root.locator('[data-key="choose:right"]').count():
            root.locator('[data-key="choose:right"]').click()
    else:
        tile = None
        root.locator('[data-key="action:draw"]').click()
    page.wait_for_function(
        "(v) => { const r = document.querySelector('.dl-root');"
        " return Number(r.dataset.version) > v && !r.hasAttribute('aria-busy'); }", arg=version, timeout=TIMEOUT)
    if tile is not None:  # Python placed the tile: it is on the line and no longer in the hand
        assert root.locator(f'.dl-line .dl-tile[data-tile="{tile}"]').count() == 1
        assert root.locator(f'.dl-hand button[data-tile="{tile}"]').count() == 0
    assert root.get_attribute("data-latency-ms") is not None
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "voila-light.png"), full_page=True)
    page.set_viewport_size({"width": 400, "height": 900})
    page.wait_for_function("() => document.querySelector('.dl-root').classList.contains('dl-narrow')", timeout=TIMEOUT)
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
    page.screenshot(path=str(ARTIFACTS / "voila-400.png"), full_page=True)
