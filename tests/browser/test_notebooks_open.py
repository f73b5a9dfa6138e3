"""Issue 44, item 14: the lessons open in JupyterLab unchanged (no ● with no edit).

A lesson is opened in a real JupyterLab in Chromium; once its kernel has said what it is (Lab
writes the kernel's ``kernelspec`` and ``language_info`` into the notebook then), the document
must not be dirty.  The lessons the issue names, in both languages; ``tests/test_notebook_files.py``
checks the same causes in every notebook without a browser.
"""

from __future__ import annotations

import pytest

LESSONS = ["00-start-here.ipynb", "01-the-rules.ipynb", "07-learn-from-your-games.ipynb",
           "es/00-empieza-aqui.ipynb", "es/01-las-reglas.ipynb", "es/07-aprende-de-tus-partidas.ipynb"]
TIMEOUT = 60_000
OPENED = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const s = w && w.sessionContext;
  return !!(w && w.context && w.context.isReady && w.content.widgets.length > 0 && s && s.session
            && s.session.kernel && s.session.kernel.status === 'idle');
}"""
KERNEL_SAYS = """async () => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const info = await kernel.info;
  const spec = await kernel.spec;
  return {language_info: info.language_info, display_name: spec.display_name};
}"""
#: True once the notebook's metadata is what the kernel said (Lab has written it, or it was so).
WRITTEN = """(said) => {
  const model = window.jupyterapp.shell.currentWidget.context.model;
  const sorted = (x) => JSON.stringify(x, Object.keys(x).sort());
  const spec = model.getMetadata('kernelspec') || {};
  return sorted(model.getMetadata('language_info') || {}) === sorted(said.language_info)
         && spec.display_name === said.display_name;
}"""


@pytest.fixture(scope="module")
def lab_context(browser, lab):
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    yield context
    context.close()


@pytest.mark.parametrize("name", LESSONS)
def test_a_lesson_opens_unchanged(lab_context, lab, name):
    page = lab_context.new_page()
    try:
        page.goto(f"{lab.url}/lab/tree/{name}?reset&token={lab.token}")
        page.wait_for_function(OPENED, timeout=TIMEOUT)
        said = page.evaluate(KERNEL_SAYS)
        page.wait_for_function(WRITTEN, arg=said, timeout=TIMEOUT)
        dirty = page.evaluate("() => window.jupyterapp.shell.currentWidget.context.model.dirty")
        assert dirty is False, f"{name} opens marked as changed"
    finally:
        page.close()
