"""A whole match in Spanish in real JupyterLab and headless Chromium (issue 36).

A table made with ``DominoTable(..., language="es")`` in a kernel that speaks English is played to the end of its match by mouse and
by keyboard, in turn: tiles clicked or reached with the arrows and played with Enter, an end
chosen by its button or by L, Draw and Pass clicked by their Spanish names or pressed as D
and P, the next hand dealt by its button or by N.  After each real click or key, Python's own
state is read back from the kernel (the tile on the line, the hand dealt, the match won), and
the table's buttons are found by their accessible names, which are the Spanish labels the
table received from Python (``DominoTable.words``); the sentences Python builds (the status,
the hint, the result, the announcements) are read for English words at every step.
"""

from __future__ import annotations

import pytest

from ..english import english_words
from .conftest import ARTIFACTS, fresh_notebook_page
from .test_lab import TIMEOUT, add_table, kernel, kernel_json, wait_ready

pytestmark = pytest.mark.browser

#: A short match (to 30 points: two or three hands) so that the whole of it is played here.
TABLE = """table = DominoTable("standard", players=2, opponents="greedy", seed=5, target=30, hints=True, pace=0,
                    autosave=False, language="es")
table"""

#: Where the table shows sentences Python built: the status line, the message, the hint, the
#: result and the live region a screen reader reads.
SENTENCES = ".dl-status, .dl-message, .dl-hint-text, .dl-result, .dl-live"


#: Every sentence read so far (so that the test knows it read some).
READ: set[str] = set()


def _english_on_screen(root) -> list[tuple[str, set[str]]]:
    texts = [text for text in root.locator(SENTENCES).all_inner_texts() if text.strip()]
    texts += [b.get_attribute("data-badge") or "" for b in root.locator("[data-badge]").all()]  # "nueva"
    READ.update(texts)
    return [(text, english_words(text)) for text in texts if english_words(text)]

#: Python's state after a move: the version, the tiles on the line, the hand, the match over.
STATE = ("[table.version, [str(p.tile) for p in table.round.line], table.snapshot['hand_number'], "
         "table.snapshot['scoreboard']['match_over'], table.match.winner is not None]")


def _focused(page) -> dict:
    return page.evaluate("""() => { const e = document.activeElement;
      return { tile: e && e.dataset ? e.dataset.tile || null : null, playable: !!(e && e.classList.contains('dl-playable')) }; }""")


def test_a_whole_match_in_spanish_by_mouse_and_keyboard(browser, lab) -> None:
    with fresh_notebook_page(browser, lab, "spanish.ipynb", 1280, 1100) as page:
        root, index = add_table(page, TABLE)
        wait_ready(page, index)
        # The table and its buttons are named in Spanish, as Python's words say.
        # The table speaks Spanish; the kernel, and so every other table, stays English.
        assert kernel_json(page, "[table.words['Hint (H)'], table.language, dl.get_language()]") == [
            "Pista (H)", "es", "en"]
        assert root.get_attribute("aria-label") == "Mesa de dominó"
        table = page.get_by_role("group", name="Mesa de dominó")
        hint = table.get_by_role("button", name="Pista (H)", exact=True)
        for name in ("Robar (R)", "Pasar (P)", "Deshacer (U)", "Nueva partida"):
            # (New match's accessible name is its aria-label: "Empezar una partida nueva".)
            label = "Empezar una partida nueva" if name == "Nueva partida" else name
            assert table.get_by_role("button", name=label, exact=True).count() == 1, label
        assert hint.is_enabled()
        assert root.locator(".dl-you").get_attribute("aria-label") == "Tu mano"
        assert root.locator(".dl-table").get_attribute("aria-label") == "La línea de juego"

        # The hint, asked by its Spanish button: it comes in Spanish words around Python's text.
        hint.click()
        page.wait_for_function("(r) => !!r.querySelector('.dl-hint-text') && !r.hasAttribute('aria-busy')",
                               arg=root.element_handle(), timeout=TIMEOUT)
        assert root.locator(".dl-hint-text").inner_text().startswith("Pista: ")
        assert _english_on_screen(root) == []
        root.screenshot(path=str(ARTIFACTS / "spanish-hint.png"))  # for a person to look at

        moves = {"mouse": 0, "keys": 0}
        english: list[tuple[str, set[str]]] = []
        hands = 1
        by_keys = False
        for _ in range(400):
            wait_ready(page, index)
            version, _line, hand, match_over, _won = kernel_json(page, STATE)
            if root.get_attribute("data-over") == "true":
                if match_over:
                    break
                # The next hand: its Spanish button, or N.
                if by_keys:
                    root.locator('[data-key="log"]').focus()
                    page.keyboard.press("n")
                else:
                    table.get_by_role("button", name="Siguiente mano (N)", exact=True).click()
                page.wait_for_function("(r) => r.dataset.over === 'false'", arg=root.element_handle(),
                                       timeout=TIMEOUT)
                hands += 1
                assert kernel_json(page, "table.snapshot['hand_number']") == hand + 1
                by_keys = not by_keys
                continue
            playable = root.locator(".dl-hand .dl-playable")
            if playable.count():
                if by_keys:
                    # A click on the table (not on a control) puts the focus on the hand; the
                    # arrows move along it to a playable tile; Enter plays it.
                    root.locator(".dl-boneyard-text").click()
                    for _step in range(30):
                        if _focused(page)["playable"]:
                            break
                        page.keyboard.press("ArrowRight")
                    tile = _focused(page)["tile"]
                    assert tile and _focused(page)["playable"]
                    page.keyboard.press("Enter")
                else:
                    tile = playable.first.get_attribute("data-tile")
                    playable.first.click()
                choice = root.locator('[data-key="choose:left"]')
                if choice.count():
                    # The end choice, named in Spanish: I (izquierda), or its button.
                    assert choice.inner_text().startswith("Extremo izquierdo: ") and choice.inner_text().endswith("(I)")
                    if by_keys:
                        page.keyboard.press("i")
                    else:
                        choice.click()
                page.wait_for_function("([r, v]) => Number(r.dataset.version) !== v", arg=[root.element_handle(), version],
                                       timeout=TIMEOUT)
                wait_ready(page, index)
                after = kernel_json(page, STATE)
                assert after[0] > version
                assert tile in after[1] or after[2] != hand, (tile, after)  # on the line (or the hand ended)
            else:
                draw = table.get_by_role("button", name="Robar (R)", exact=True)
                action = "r" if draw.is_enabled() else "p"  # R robar, P pasar (issue 45)
                if by_keys:
                    root.locator(".dl-boneyard-text").click()
                    page.keyboard.press(action)
                else:
                    (draw if action == "r" else table.get_by_role("button", name="Pasar (P)", exact=True)).click()
                page.wait_for_function("([r, v]) => Number(r.dataset.version) !== v", arg=[root.element_handle(), version],
                                       timeout=TIMEOUT)
                assert kernel_json(page, "table.version") > version
            english.extend(_english_on_screen(root))
            moves["keys" if by_keys else "mouse"] += 1
            by_keys = not by_keys
        else:
            pytest.fail("the match did not end")

        # The match is over in Python, and the table offers a new one in Spanish.
        _version, _line, _hand, match_over, won = kernel_json(page, STATE)
        assert match_over and won and hands >= 2
        english.extend(_english_on_screen(root))
        root.screenshot(path=str(ARTIFACTS / "spanish-match-over.png"))
        assert english == [], english[:5]
        assert len(READ) >= 20 and any(text.startswith("Pista: ") for text in READ), sorted(READ)[:5]
        assert moves["mouse"] >= 5 and moves["keys"] >= 5, moves
        assert table.get_by_role("button", name="Nueva partida (N)", exact=True).count() == 1
        assert root.locator(".dl-log summary").inner_text().startswith("Esta mano, turno por turno (")
        assert root.locator(".dl-result").get_attribute("aria-label") == "Resultado de la mano"
        assert kernel(page, "print(table.words['Next hand (N)'])").strip() == "Siguiente mano (N)"
        assert page.errors == []
