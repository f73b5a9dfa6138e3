"""A teacher previews a lesson from a fresh clone: JupyterLab has never run the notebook, so
it does not trust it, and shows no SVG output (only its text).  The engine's pictures are
HTML <img>s of their SVG, with alt text, so they must show all the same.  Nothing is run:
the test looks at the committed outputs as Lab renders them.
"""

from __future__ import annotations

TIMEOUT = 60_000  # ms; each wait returns as soon as its condition holds

#: Every engine picture in the open notebook: its alt text, whether the image loaded and
#: whether its cell is trusted.  Lab renders only the cells near the viewport, so each cell
#: is scrolled into view (and two frames drawn) before its pictures are read.
PICTURES = """async () => {
  const notebook = window.jupyterapp.shell.currentWidget.content;
  const frames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const out = [];
  const fallbacks = [];
  for (let i = 0; i < notebook.widgets.length; i++) {
    await notebook.scrollToItem(i, "center");
    await frames();
    const cell = notebook.widgets[i];
    for (const img of cell.node.querySelectorAll(".jp-OutputArea-output img[alt]")) {
      try { await img.decode(); } catch (error) { /* reported as not loaded below */ }
      out.push({alt: img.alt, loaded: img.complete && img.naturalWidth > 0,
                width: img.getBoundingClientRect().width, trusted: cell.model.trusted});
    }
    // Text that is only the fallback of a picture (what an untrusted SVG output shows).
    for (const pre of cell.node.querySelectorAll(".jp-OutputArea-output pre")) {
      if (/^(Hand|Line|Tile)\\(|^<(Round|View) /.test(pre.textContent)) fallbacks.push(pre.textContent);
    }
  }
  return {pictures: out, fallbacks};
}"""

def open_untrusted(page, lab, name: str) -> None:
    page.goto(f"{lab.url}/lab/tree/{name}?reset&token={lab.token}")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell.currentWidget "
                           "&& window.jupyterapp.shell.currentWidget.content "
                           "&& window.jupyterapp.shell.currentWidget.content.widgets.length > 3", timeout=TIMEOUT)


def test_committed_pictures_show_in_an_untrusted_lesson(page, lab):
    open_untrusted(page, lab, "01-the-rules.ipynb")
    page.locator(".jp-OutputArea-output img[alt]").first.wait_for(timeout=TIMEOUT)
    seen = page.evaluate(PICTURES)
    pictures = seen["pictures"]
    assert len(pictures) >= 4, pictures
    assert not any(p["trusted"] for p in pictures), "a fresh notebook should not be trusted"
    assert all(p["loaded"] and p["width"] > 40 for p in pictures), pictures
    assert any(p["alt"].startswith("A hand of") for p in pictures)
    assert any(p["alt"].startswith("The line of") for p in pictures)
    assert seen["fallbacks"] == []
