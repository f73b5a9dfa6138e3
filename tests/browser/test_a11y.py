"""The table for every learner (issue 37): axe-core, measured contrast, Chromium's
accessibility tree, and a whole hand played by keyboard with every live announcement logged.

Most states are drawn on a page of their own: the widget's ES module and CSS, JupyterLab's own
light or dark theme CSS (the ``--jp-*`` colours the table uses), and a model whose ``send``
goes to a real :class:`~dominolab.session.TableSession` in this process (a Playwright
binding) and whose ``change:snapshot`` events carry what that session publishes, exactly as
the kernel would send it.  No Jupyter server, so one page serves every state in a few seconds.
One test runs axe and the contrast check inside real JupyterLab too, in both themes.

axe-core comes from the npm registry (``domino_widget/package.json``, pinned; ``npm ci``
installs it).  Each check prints what it measured: the violations with their elements, the
table of contrast ratios, the announcements against the move log.
"""

from __future__ import annotations

import difflib
import json
import os
import random
import re
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Optional

import pytest

import dominolab as dl
from dominolab.presenter import present
from dominolab.session import HUMAN, TableSession, TournamentSession
from dominolab.tournament import Entry

from .conftest import ARTIFACTS, FIGURES, ROOT

SOURCE = ROOT / "domino_widget" / "src"
AXE = ROOT / "domino_widget" / "node_modules" / "axe-core" / "axe.min.js"
TIMEOUT = 30_000  # ms; every wait returns as soon as its condition holds
LAB_TIMEOUT = 60_000
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
TEXT_MIN = 4.5  # WCAG 1.4.3 (asked of all text here, large or not)
GRAPHIC_MIN = 3.0  # WCAG 1.4.11: tile edges, end marks, focus rings


def _theme_css(name: str) -> Optional[Path]:
    """JupyterLab's own theme CSS (``theme-light-extension``/``theme-dark-extension``)."""
    for prefix in (sys.prefix, os.environ.get("VIRTUAL_ENV", "")):
        path = Path(prefix) / "share" / "jupyter" / "lab" / "themes" / "@jupyterlab" / f"theme-{name}-extension" / "index.css"
        if path.is_file():
            return path
    return None


THEMES = ("light", "dark")


def _need_axe() -> str:
    if not AXE.is_file():
        if os.environ.get("CI"):
            pytest.fail(f"{AXE} is missing: `npm ci` in domino_widget/ installs axe-core")
        pytest.skip("axe-core is not installed (cd domino_widget && npm ci)")
    return AXE.read_text(encoding="utf-8")


# ----------------------------------------------------------------------------- in the page
#: Load the ES module once per page (as anywidget does: its text, imported from a blob URL).
LOAD = """async (source) => {
  const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  window.__dlModule = await import(url);
}"""

#: Draw a table for ``snapshot`` with a model whose sends go to Python (``dlSend``).
RENDER = """async (snapshot) => {
  if (window.__dlCleanup) { try { window.__dlCleanup(); } catch (e) { console.error(e); } }
  window.__dlCleanup = null;
  const el = document.getElementById("out");
  el.replaceChildren();
  const gen = (window.__dlGen = (window.__dlGen || 0) + 1);
  const handlers = {};
  let current = snapshot;
  const model = {
    get: (key) => (key === "snapshot" ? current : undefined),
    set() {}, save_changes() {},
    on(event, fn) { (handlers[event] ||= []).push(fn); },
    off(event, fn) { handlers[event] = (handlers[event] || []).filter((g) => g !== fn); },
    send(message) {
      window.dlSend(message).then((snaps) => {
        if (gen !== window.__dlGen) return;
        for (const snap of snaps) {
          current = snap;
          for (const fn of handlers["change:snapshot"] || []) fn();
        }
      });
    },
  };
  const out = await window.__dlModule.default.render({ model, el });
  window.__dlCleanup = typeof out === "function" ? out : null;
}"""

#: The table waits for a person: nothing pending, their turn or the hand over (or the coach).
READY = """() => {
  const r = document.querySelector('#out .dl-root');
  return !!r && !r.hasAttribute('aria-busy')
    && (r.dataset.yourTurn === 'true' || r.dataset.over === 'true' || r.dataset.screen === 'true'
        || !!r.querySelector('.dl-coach'));
}"""

#: Every text change inside a live region (role status/alert/log or aria-live), in order.
LISTEN = """() => {
  if (window.__listener) window.__listener.disconnect();  // one listener per page: each pushes to __said
  window.__said = [];
  const live = (node) => {
    const el = node && (node.nodeType === 1 ? node : node.parentElement);
    const region = el && el.closest('[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]');
    return region && document.getElementById('out').contains(region) ? region : null;
  };
  // Each text node is heard once, when it first appears in a region (an element added and
  // then filled gives two records for the same words); a changed text is heard again.
  const heard = new WeakSet();
  const texts = (node) => {
    if (node.nodeType === 3) return [node];
    const out = [];
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) out.push(n);
    return out;
  };
  const observer = new MutationObserver((records) => {
    for (const rec of records) {
      if (!live(rec.target)) continue;  // a region added with its text is not read out
      let text = "";
      if (rec.type === "characterData") text = rec.target.data;
      else for (const added of rec.addedNodes) for (const n of texts(added)) {
        if (heard.has(n)) continue;
        heard.add(n);
        text += (text ? " " : "") + n.data;
      }
      text = text.trim();
      if (text) window.__said.push({ t: performance.now(), text });
    }
  });
  observer.observe(document.getElementById('out'), { subtree: true, childList: true, characterData: true });
  window.__listener = observer;
}"""

#: axe on the table's own element.
AXE_RUN = """async (tags) => {
  const root = document.querySelector('.dl-root');
  const result = await axe.run(root, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
  return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({ target: n.target.join(' '), html: n.html.slice(0, 160),
                                 summary: (n.failureSummary || '').replace(/\\s+/g, ' ').slice(0, 300) })) }));
}"""

#: Contrast of every visible text and of the table's graphics, from the rendered colours.
#: Backgrounds are composited from the canvas up (each ancestor's colour, times the opacity of
#: it and its ancestors); a text's colour is composited over that.  Native :disabled controls
#: are exempt (WCAG 1.4.3), nothing else is.
MEASURE = """(rootIndex) => {
  const root = document.querySelectorAll('.dl-root')[rootIndex || 0];
  const canvas = document.createElement('canvas'); canvas.width = canvas.height = 1;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  const parse = (c) => {
    let m = c.match(/^rgba?\\(([^)]+)\\)$/);
    if (m) { const p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
      return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; }
    m = c.match(/^color\\(srgb ([^)]+)\\)$/);
    if (m) { const p = m[1].split(/[\\s\\/]+/).filter(Boolean).map(Number);
      return [p[0] * 255, p[1] * 255, p[2] * 255, p.length > 3 ? p[3] : 1]; }
    if (c === 'transparent') return [0, 0, 0, 0];
    ctx.clearRect(0, 0, 1, 1); ctx.fillStyle = c; ctx.fillRect(0, 0, 1, 1);
    const d = ctx.getImageData(0, 0, 1, 1).data; return [d[0], d[1], d[2], d[3] / 255];
  };
  const over = (top, alpha, under) => [0, 1, 2].map((i) => top[i] * alpha + under[i] * (1 - alpha));
  const lum = (rgb) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(rgb[0]) + 0.7152 * f(rgb[1]) + 0.0722 * f(rgb[2]); };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const hex = (rgb) => '#' + rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');
  const chain = (el) => { const out = []; for (let e = el; e; e = e.parentElement) out.unshift(e); return out; };
  const opacity = (el) => { let o = 1; for (let e = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity); return o; };
  const behind = (el) => {  // the colour behind el's content
    let bg = [255, 255, 255];
    for (const e of chain(el)) {
      const c = parse(getComputedStyle(e).backgroundColor);
      bg = over(c, c[3] * opacity(e), bg);
    }
    return bg;
  };
  const visible = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.display === 'none' || s.visibility === 'hidden' || s.clip === 'rect(0px, 0px, 0px, 0px)') return false;
      if (e === root) break;
    }
    const r = el.getBoundingClientRect();
    return r.width > 2 && r.height > 2;
  };
  const name = (el) => {
    const cls = [...el.classList].filter((c) => c.startsWith('dl-')).slice(0, 2).join('.');
    return el.tagName.toLowerCase() + (cls ? '.' + cls : '') + (el.dataset.key ? `[${el.dataset.key}]` : '');
  };
  const rows = [];
  const add = (kind, el, what, fg, bg, need) => rows.push({ kind, element: name(el), what: what.slice(0, 40),
    fg: hex(fg), bg: hex(bg), ratio: Math.round(ratio(fg, bg) * 100) / 100, need });
  // text, and text drawn by ::before/::after
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.data.trim() || seen.has(el) || !visible(el) || el.closest(':disabled')) continue;
    seen.add(el);
    const c = parse(getComputedStyle(el).color);
    const bg = behind(el);
    add('text', el, el.textContent.trim(), over(c, c[3] * opacity(el), bg), bg, 4.5);
  }
  for (const el of root.querySelectorAll('*')) {
    if (!visible(el)) continue;
    for (const pseudo of ['::before', '::after']) {
      const s = getComputedStyle(el, pseudo);
      if (!s.content || s.content === 'none' || s.content === 'normal' || s.content === '""') continue;
      const base = behind(el);
      const pb = parse(s.backgroundColor);
      const bg = over(pb, pb[3] * opacity(el), base);
      const c = parse(s.color);
      add('text', el, `${pseudo} ${s.content}`, over(c, c[3] * opacity(el), bg), bg, 4.5);
    }
  }
  // tiles: the edge against what is around the tile (face and pips reported too)
  for (const tile of root.querySelectorAll('.dl-tile')) {
    if (!visible(tile)) continue;
    const s = getComputedStyle(tile);
    const around = behind(tile.parentElement);
    const o = opacity(tile);
    const edge = parse(s.borderTopColor);
    if (Number.parseFloat(s.borderTopWidth) > 0) add('tile edge', tile, tile.dataset.tile || '', over(edge, edge[3] * o, around), around, 3);
    const face = parse(s.backgroundColor);
    if (face[3] > 0 && !tile.classList.contains('dl-back')) {
      const faceOn = over(face, face[3] * o, around);
      add('tile face (info)', tile, tile.dataset.tile || '', faceOn, around, 0);
      const pip = tile.querySelector('.dl-pip');
      if (pip) { const p = parse(getComputedStyle(pip).backgroundColor); add('pips', pip, tile.dataset.tile || '', over(p, p[3] * o, faceOn), faceOn, 3); }
    }
    if (tile.classList.contains('dl-back') && face[3] > 0) add('tile back', tile, '', over(face, face[3] * o, around), around, 3);
    // rings drawn with box-shadow (playable, hinted, the ends of the line)
    const ring = s.boxShadow.match(/^(rgba?\\([^)]+\\)|color\\([^)]+\\)) 0px 0px 0px (\\d+)px/);
    if (ring && Number(ring[2]) >= 2) {
      const c = parse(ring[1]);
      const kind = tile.closest('.dl-line') ? 'end mark' : 'hand mark';
      add(kind, tile, (tile.dataset.tile || '') + ' ' + [...tile.classList].filter((k) => /playable|hinted|selected|end-/.test(k)).join(' '),
          over(c, c[3] * o, around), around, 3);
    }
    if (s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) >= 1 && tile.closest('.dl-line')) {
      const c = parse(s.outlineColor);
      add('last-move mark', tile, tile.dataset.tile || '', over(c, c[3] * o, around), around, 3);
    }
  }
  // the ends' slots: their borders
  for (const slot of root.querySelectorAll('.dl-slot')) {
    if (!visible(slot)) continue;
    const s = getComputedStyle(slot);
    const around = behind(slot.parentElement);
    const c = parse(s.borderTopColor);
    add('end slot edge', slot, slot.textContent.trim(), over(c, c[3] * opacity(slot), around), around, 3);
  }
  return rows;
}"""

#: Focus each focusable element by keyboard semantics and measure its ring against what is
#: around it (the ring is drawn outside the element).
FOCUS_RINGS = """(rootIndex) => {
  const root = document.querySelectorAll('.dl-root')[rootIndex || 0];
  const was = document.activeElement;
  const parse = (c) => { const m = c.match(/[\\d.]+/g).map(Number); return c.startsWith('color(') ? [m[0]*255, m[1]*255, m[2]*255, m.length > 3 ? m[3] : 1] : [m[0], m[1], m[2], m.length > 3 ? m[3] : 1]; };
  const over = (top, a, under) => [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a));
  const lum = (rgb) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(rgb[0]) + 0.7152 * f(rgb[1]) + 0.0722 * f(rgb[2]); };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const hex = (rgb) => '#' + rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');
  const opacity = (el) => { let o = 1; for (let e = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity); return o; };
  const behind = (el) => { const list = []; for (let e = el; e; e = e.parentElement) list.unshift(e);
    let bg = [255, 255, 255]; for (const e of list) { const c = parse(getComputedStyle(e).backgroundColor); bg = over(c, c[3] * opacity(e), bg); } return bg; };
  const rows = [];
  const targets = [root, ...root.querySelectorAll('button:not(:disabled), a[href], summary, [tabindex]:not([tabindex="-1"])')];
  for (const el of targets) {
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) continue;
    el.focus({ focusVisible: true });
    if (document.activeElement !== el) continue;
    const s = getComputedStyle(el);
    const key = el.dataset.key || el.dataset.tile || [...el.classList].filter((c) => c.startsWith('dl-')).slice(0, 2).join('.') || el.tagName.toLowerCase();
    const around = behind(el.parentElement || el);
    if (!el.matches(':focus-visible') || s.outlineStyle === 'none' || Number.parseFloat(s.outlineWidth) < 2) {
      rows.push({ kind: 'focus ring', element: key, what: `no ring (${s.outlineStyle} ${s.outlineWidth})`, fg: '-', bg: hex(around), ratio: 0, need: 3 });
      continue;
    }
    const c = parse(s.outlineColor);
    const ring = over(c, c[3] * opacity(el), around);
    rows.push({ kind: 'focus ring', element: key, what: `${s.outlineWidth} ${s.outlineStyle}`, fg: hex(ring), bg: hex(around),
                ratio: Math.round(ratio(ring, around) * 100) / 100, need: 3 });
  }
  if (was && was.focus) was.focus();
  return rows;
}"""


# ----------------------------------------------------------------------------- the bench
class Bench:
    """One page, one theme at a time, and the Python session the table on it talks to."""

    def __init__(self, page, axe_source: str):
        self.page = page
        self.axe = axe_source
        self.theme: Optional[str] = None
        self.session: Optional[TableSession] = None
        self.outbox: list[dict] = []
        page.expose_function("dlSend", self._send)

    def _send(self, message: dict) -> list[dict]:
        session = self.session
        if session is None:
            return []
        try:
            session.handle_intent(message)
        except Exception as error:  # a refused intent is shown by the session itself
            print(f"intent {message!r} raised {error!r}")
        out, self.outbox = self.outbox, []
        return out

    def load(self, theme: str) -> None:
        if self.theme == theme:
            return
        css = _theme_css(theme)
        if css is None:
            pytest.skip(f"JupyterLab's {theme} theme CSS is not installed")
        light = "true" if theme == "light" else "false"
        self.page.set_content(
            f"<!doctype html><html lang='en'><head><title>Domino table</title>"
            f"<style>{css.read_text(encoding='utf-8')}</style>"
            f"<style>{(SOURCE / 'widget.css').read_text(encoding='utf-8')}</style>"
            "<style>body { margin: 8px; background: var(--jp-layout-color0); color: var(--jp-ui-font-color1);"
            " font-family: var(--jp-ui-font-family); }</style></head>"
            f"<body data-jp-theme-light='{light}' data-jp-theme-name='JupyterLab {theme.title()}'>"
            "<div role='main'><h1>Lesson</h1><h2>Your table</h2><button id='before' type='button'>Before the table</button>"
            "<div id='out'></div><button id='after' type='button'>After the table</button></div></body></html>")
        self.page.evaluate(LOAD, (SOURCE / "widget.js").read_text(encoding="utf-8"))
        self.page.add_script_tag(content=self.axe)
        self.theme = theme

    def mount(self, session: TableSession, theme: str, listen: bool = False) -> None:
        self.load(theme)
        self.session = session
        self.outbox = []
        session.subscribe(lambda state, s=session: self.outbox.append(present(state)) if self.session is s else None)
        if listen:
            self.page.evaluate(LISTEN)
        self.page.evaluate(RENDER, present(session.state()))
        self.page.locator("#out .dl-root").wait_for()
        self.wait_ready()

    def wait_ready(self) -> None:
        self.page.wait_for_function(READY, timeout=TIMEOUT)

    def click(self, selector: str) -> None:
        """Click and wait for Python's answer to be drawn."""
        self.page.locator(f"#out .dl-root {selector}").first.click()
        self.wait_ready()

    @property
    def root(self):
        return self.page.locator("#out .dl-root")


@pytest.fixture(scope="module")
def bench(browser):
    axe = _need_axe()
    context = browser.new_context(viewport={"width": 1100, "height": 1000})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(f"console: {m.text}") if m.type == "error" else None)
    b = Bench(page, axe)
    b.errors = errors
    yield b
    context.close()


# ----------------------------------------------------------------------------- states
def _intent(t: TableSession, move) -> dict:
    fields = {"tile": str(move.tile), "end": move.end} if isinstance(move, dl.Play) else {}
    return {"action": "play" if fields else str(move), "version": t.version, "id": f"setup-{t.version}", **fields}


def _finish(t: TableSession, seed: int) -> TableSession:
    rng = random.Random(seed)
    while not t.round.is_over:
        if t.state().viewer is None and not t.round.is_over:
            t.handle_intent({"action": "reveal", "version": t.version})
            continue
        assert t.handle_intent(_intent(t, rng.choice(t.round.legal_moves())))["ok"]
    return t


def _both_ends() -> TableSession:
    for seed in range(200):
        t = TableSession("standard", players=2, opponents="greedy", seed=seed, pace=0, hints=True)
        while not t.round.is_over:
            s = present(t.state())
            if s["your_turn"] and any(len(h["ends"]) == 2 for h in s["hand"]):
                return t
            t.handle_intent(_intent(t, t.round.legal_moves()[0]))
    raise AssertionError("no tile for both ends in 200 seeds")


def _tournament(finished: bool) -> TournamentSession:
    tour = dl.Tournament.create("standard", hands=2, opponents="greedy", seed=3, title="Class 5B")
    t = TournamentSession(Entry(tour, "Ana", key="0123456789abcdef"), save_to=None)
    while finished and not t.is_finished:
        _finish(t, 3)
        if not t.is_finished:
            t.handle_intent({"action": "next_hand", "version": t.version})
    return t


def _puzzle(answered: bool) -> TableSession:
    t = TableSession("standard", players=2, opponents="greedy", seed=1, pace=0)
    t.start_puzzles(dl.puzzles.select(grade="easy")[0])
    if answered:
        best = t.coach.puzzle.best
        fields = {"move": "play", "tile": str(best.tile), "end": best.end} if isinstance(best, dl.Play) else {"move": str(best)}
        assert t.handle_intent({"action": "puzzle_answer", **fields, "version": t.version, "id": "setup-answer"})["ok"]
    return t


def _teaching() -> TableSession:
    """Four players, hands open, hints on, until some seat is known to lack a number."""
    t = TableSession("standard", players=4, opponents="greedy", seed=3, open_hands=True, hints=True, pace=0)
    rng = random.Random(3)
    while not t.round.is_over and not any(o["lacks"] for o in present(t.state())["others"]):
        t.handle_intent(_intent(t, rng.choice(t.round.legal_moves())))
    assert not t.round.is_over
    return t


def _with_unplayable() -> TableSession:
    for seed in range(200):
        t = TableSession("standard", players=2, opponents="greedy", seed=seed, pace=0, hints=True)
        while not t.round.is_over:
            s = present(t.state())
            if s["your_turn"] and any(not h["playable"] for h in s["hand"]) and any(h["playable"] for h in s["hand"]):
                return t
            t.handle_intent(_intent(t, t.round.legal_moves()[0]))
    raise AssertionError("no unplayable tile in 200 seeds")


def _unplayable_tile(b: Bench) -> str:
    return next(h["tile"] for h in present(b.session.state())["hand"] if not h["playable"])


def _first_both_ends_tile(b: Bench) -> str:
    return next(h["tile"] for h in present(b.session.state())["hand"] if len(h["ends"]) == 2)


#: name -> (make the session, then act in the page)
STATES: dict[str, tuple[Callable[[], TableSession], Callable[[Bench], None]]] = {
    "a new hand": (lambda: TableSession("standard", players=2, opponents="strategy", seed=28, pace=0, hints=True),
                   lambda b: None),
    "a hint shown": (lambda: TableSession("standard", players=2, opponents="strategy", seed=28, pace=0, hints=True),
                     lambda b: b.click('[data-key="action:hint"]')),
    "choosing an end": (_both_ends,
                        lambda b: b.root.locator(f'.dl-hand [data-tile="{_first_both_ends_tile(b)}"]').click()),
    "a refused move": (_with_unplayable, lambda b: b.click(f'.dl-hand [data-tile="{_unplayable_tile(b)}"]')),
    "teaching: four players, hands open": (_teaching, lambda b: None),
    "new match? dialog": (lambda: _finish(TableSession("standard", players=2, opponents="greedy", seed=5, pace=0), 5),
                          lambda b: (b.click('[data-key="action:next"]'), b.root.locator('[data-key="action:new"]').click())),
    "the result": (lambda: _finish(TableSession("standard", players=2, opponents="strategy", seed=28, pace=0), 28),
                   lambda b: None),
    "the review": (lambda: _finish(TableSession("standard", players=2, opponents="strategy", seed=28, pace=0), 28),
                   lambda b: b.click('[data-key="action:review"]')),
    "a puzzle, before the answer": (lambda: _puzzle(False), lambda b: None),
    "a puzzle, after the answer": (lambda: _puzzle(True), lambda b: None),
    "the tournament table": (lambda: _tournament(False), lambda b: None),
    "the tournament's end": (lambda: _tournament(True), lambda b: None),
    "two people: pass the screen": (lambda: TableSession("standard", seats=[HUMAN, HUMAN], names=["Ana", "Ben"], seed=4,
                                                         pace=0), lambda b: None),
    "two people: a hand shown": (lambda: TableSession("standard", seats=[HUMAN, HUMAN], names=["Ana", "Ben"], seed=4,
                                                      pace=0), lambda b: b.click('[data-key="action:show"]')),
}


def show_state(b: Bench, theme: str, state: str) -> None:
    make, act = STATES[state]
    b.mount(make(), theme)
    act(b)
    b.page.wait_for_function("() => !document.querySelector('#out .dl-root').hasAttribute('aria-busy')", timeout=TIMEOUT)


def _violations_text(violations: list[dict]) -> str:
    lines = []
    for v in violations:
        lines.append(f"  {v['id']} ({v['impact']}): {v['help']}")
        for n in v["nodes"][:6]:
            lines.append(f"      at {n['target']}\n         {n['html']}\n         {n['summary']}")
        if len(v["nodes"]) > 6:
            lines.append(f"      ... and {len(v['nodes']) - 6} more elements")
    return "\n".join(lines)


def _shot(b: Bench, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    b.root.screenshot(path=str(ARTIFACTS / f"a11y-{re.sub(r'[^a-z0-9]+', '-', name.lower())}.png"))


# ----------------------------------------------------------------------------- 1. axe
@pytest.mark.parametrize("theme,state", [(theme, state) for theme in THEMES for state in STATES])
def test_axe_finds_nothing(bench, theme, state):
    """0 axe violations (WCAG 2.0/2.1 A and AA, and best practice) on the table's element."""
    show_state(bench, theme, state)
    violations = bench.page.evaluate(AXE_RUN, AXE_TAGS)
    if violations:
        _shot(bench, f"{theme}-{state}")
        print(f"\naxe, {theme} theme, {state}:\n{_violations_text(violations)}")
    assert not violations, f"axe found {[v['id'] for v in violations]} ({theme}, {state}):\n{_violations_text(violations)}"


# ----------------------------------------------------------------------------- 2. contrast
CONTRAST_STATES = ["a hint shown", "choosing an end", "a refused move", "teaching: four players, hands open", "the result", "the review", "a puzzle, after the answer",
                   "the tournament's end", "two people: pass the screen"]


def _table(rows: list[dict]) -> str:
    head = f"  {'kind':<16} {'element':<44} {'what':<26} {'fg':>7} {'bg':>7} {'ratio':>6}  need"
    out = [head]
    for r in rows:
        flag = "  FAIL" if r["ratio"] < r["need"] else ""
        out.append(f"  {r['kind']:<16} {r['element'][:44]:<44} {r['what'][:26]:<26} {r['fg']:>7} {r['bg']:>7} "
                   f"{r['ratio']:>6.2f}  {r['need']:g}{flag}")
    return "\n".join(out)


def _summary(rows: list[dict]) -> list[dict]:
    """The lowest ratio of each kind of element (and every failure)."""
    lowest: dict[tuple, dict] = {}
    for r in rows:
        element = re.sub(r"(hand|end):[^\]]*", r"\1:*", re.sub(r"^\d+-\d+$", "hand:*", r["element"]))
        key = (r["kind"], re.sub(r"\.dl-[hv]\b", "", element), r["fg"], r["bg"])
        if key not in lowest or r["ratio"] < lowest[key]["ratio"]:
            lowest[key] = r
    return sorted(lowest.values(), key=lambda r: (r["kind"], r["ratio"]))


def measure_everything(page, index: int = 0) -> list[dict]:
    page.keyboard.press("Shift")  # the last input was a key: a focus() now shows the focus ring
    return page.evaluate(MEASURE, index) + page.evaluate(FOCUS_RINGS, index)


@pytest.mark.parametrize("theme", THEMES)
def test_contrast_measured_from_the_rendered_colours(bench, theme):
    """Text >= 4.5:1, tile edges, marks and focus rings >= 3:1, measured in many states."""
    rows = []
    for state in CONTRAST_STATES:
        show_state(bench, theme, state)
        rows += [{**r, "state": state} for r in measure_everything(bench.page)]
    table = _summary(rows)
    print(f"\ncontrast, {theme} theme (lowest of each element; states: {', '.join(CONTRAST_STATES)}):\n{_table(table)}")
    failed = [r for r in table if r["ratio"] < r["need"]]
    lowest: dict[str, dict] = {}
    for r in table:
        if r["need"] and (r["kind"] not in lowest or r["ratio"] < lowest[r["kind"]]["ratio"]):
            lowest[r["kind"]] = r
    FIGURES.append(f"contrast, {theme} theme, lowest of each kind: " + "; ".join(
        f"{kind} {r['ratio']:.2f} ({r['element']} {r['fg']} on {r['bg']})" for kind, r in sorted(lowest.items())))
    for r in failed:
        FIGURES.append(f"contrast {theme}: {r['kind']} {r['element']} '{r['what']}' {r['fg']} on {r['bg']} = "
                       f"{r['ratio']:.2f} < {r['need']:g} ({r['state']})")
    kinds = Counter(r["kind"] for r in rows)
    assert kinds["text"] and kinds["tile edge"] and kinds["focus ring"], kinds
    assert not failed, f"{len(failed)} below the minimum ({theme}):\n{_table(failed)}"


# ----------------------------------------------------------------------------- 3. names and roles
NUMBER_WORDS = ["blank", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                "twelve"]


def _says_number(n: int) -> str:
    return rf"(?:\b{n}\b|\b{NUMBER_WORDS[n]}\b{'|zero' if n == 0 else ''})"


def _says_tile(name: str, tile: dict) -> bool:
    low = name.lower()
    if tile["spoken"].lower() in low or tile["tile"] in name or f"{tile['low']}-{tile['high']}" in name:
        return True
    a, b = _says_number(tile["high"]), _says_number(tile["low"])
    return bool(re.search(rf"{a}\W+(?:and\W+)?{b}", low))


PLAYABLE = re.compile(r"\b(playable|can be played|can play|fits)\b")
NOT_PLAYABLE = re.compile(r"\b(not playable|cannot be played|can't be played|can not be played|does not fit|doesn't fit|"
                          r"fits no end|no end|not your turn|unplayable)\b")


class AXTree:
    """Chromium's own accessibility tree (CDP ``Accessibility.getFullAXTree``)."""

    def __init__(self, page):
        cdp = page.context.new_cdp_session(page)
        cdp.send("DOM.enable")
        cdp.send("Accessibility.enable")
        self.cdp = cdp
        nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
        self.by_id = {n["nodeId"]: n for n in nodes}
        self.by_dom = {n["backendDOMNodeId"]: n for n in nodes if "backendDOMNodeId" in n}

    def node_of(self, page, selector: str) -> Optional[dict]:
        handle = self.cdp.send("Runtime.evaluate", {"expression": f"document.querySelector({json.dumps(selector)})"})
        object_id = handle["result"].get("objectId")
        if not object_id:
            return None
        backend = self.cdp.send("DOM.describeNode", {"objectId": object_id})["node"]["backendNodeId"]
        return self.by_dom.get(backend)

    @staticmethod
    def describe(node: dict) -> dict:
        props = {p["name"]: p["value"].get("value") for p in node.get("properties", [])}
        return {"role": node.get("role", {}).get("value"), "name": node.get("name", {}).get("value", ""),
                "description": node.get("description", {}).get("value", ""), "ignored": node.get("ignored", False),
                **{k: props[k] for k in ("disabled", "pressed", "focusable") if k in props}}

    def subtree(self, node: dict) -> list[dict]:
        out, todo = [], [node]
        while todo:
            n = todo.pop()
            out.append(n)
            todo.extend(self.by_id[c] for c in n.get("childIds", []) if c in self.by_id)
        return out


def _hand_nodes(tree: AXTree, page) -> list[dict]:
    """The AX nodes of the tiles in the hand (the hand region's buttons, or its tiles)."""
    hand = tree.node_of(page, "#out .dl-hand")
    assert hand is not None, "the hand has no node in the accessibility tree"
    return [tree.describe(n) for n in tree.subtree(hand)[1:]
            if n.get("role", {}).get("value") in ("button", "option", "listitem", "menuitem", "radio", "checkbox")]


def test_tiles_and_line_say_what_they_are_in_chromiums_accessibility_tree(bench):
    """A tile says its numbers and whether it can be played; the line says its ends; the hand
    and the line have roles a screen reader can use."""
    problems: list[str] = []
    report: list[str] = []
    bench.mount(_with_unplayable(), "light")  # your turn: some tiles fit, some do not
    snap = present(bench.session.state())
    assert snap["your_turn"] and {t["playable"] for t in snap["hand"]} == {True, False}
    tree = AXTree(bench.page)
    hand_node = tree.describe(tree.node_of(bench.page, "#out .dl-hand"))
    report.append(f"hand: role={hand_node['role']} name={hand_node['name']!r}")
    nodes = _hand_nodes(tree, bench.page)
    for tile in snap["hand"]:
        said = [n for n in nodes if _says_tile(n["name"], tile)]
        if len(said) != 1:
            problems.append(f"tile {tile['tile']}: {len(said)} nodes name it among {[n['name'] for n in nodes]}")
            continue
        n = said[0]
        text = (n["name"] + " " + n["description"]).lower()
        report.append(f"tile {tile['tile']:>4} playable={tile['playable']!s:<5} role={n['role']} name={n['name']!r} "
                      f"description={n['description']!r} disabled={n.get('disabled')}")
        if n["role"] != "button":
            problems.append(f"tile {tile['tile']}: role {n['role']}, not button")
        if tile["playable"] and (not PLAYABLE.search(text) or NOT_PLAYABLE.search(text)):
            problems.append(f"tile {tile['tile']} can be played but its name does not say so: {n['name']!r}")
        if not tile["playable"] and not NOT_PLAYABLE.search(text):
            problems.append(f"tile {tile['tile']} cannot be played but its name does not say so: {n['name']!r}")
    # the line
    line_el = "#out .dl-line"
    line = tree.node_of(bench.page, line_el)
    assert line is not None
    ln = tree.describe(line)
    left, right = snap["ends"]
    text = (ln["name"] + " " + ln["description"]).lower()
    report.append(f"line: role={ln['role']} name={ln['name']!r} description={ln['description']!r}")
    if not (re.search(rf"left[^.;]*?{_says_number(left)}", text) and re.search(rf"right[^.;]*?{_says_number(right)}", text)):
        problems.append(f"the line's name does not say its ends (left {left}, right {right}): {ln['name']!r}")
    items = [tree.describe(n) for n in tree.subtree(line)[1:] if not n.get("ignored")]
    roles = Counter(i["role"] for i in items if i["role"] not in ("StaticText", "InlineTextBox", "generic", "none"))
    report.append(f"inside the line: {dict(roles)}")
    if ln["role"] == "list" and set(roles) - {"listitem", "img"}:
        problems.append(f"a list holding other roles than list items: {dict(roles)}")
    for tile in snap["line"]:
        if not any(tile["spoken"] in i["name"] or tile["tile"] in i["name"] for i in items):
            problems.append(f"line tile {tile['tile']} has no node that names it")
    print("\naccessibility tree (Chromium):\n  " + "\n  ".join(report))
    assert not problems, "\n".join(problems)


# ----------------------------------------------------------------------------- 4. a hand by keyboard
HAND_SEED = 28  # the computer leads; it draws before it plays four times; you draw five tiles; one pass


def _my_choice(t: TableSession) -> tuple[str, Optional[str], bool]:
    """The move the test makes: the first tile that fits (its left end when it fits both),
    else draw, else pass; and whether the table must ask for the end."""
    s = present(t.state())
    playable = [h for h in s["hand"] if h["playable"]]
    if playable:
        h = playable[0]
        return "play", h["tile"], len(h["ends"]) == 2
    return ("draw" if s["can_draw"] else "pass"), None, False


def _norm(tile: str) -> str:
    a, b = (int(x) for x in tile.split("-"))
    return f"{max(a, b)}-{min(a, b)}"


def expected_events(t: TableSession) -> list[tuple]:
    """What happened in the hand, from the engine's history: your draws by tile, a computer's
    draws in a row as one count."""
    out: list[tuple] = []
    names = t.names
    for e in t.round.history:
        who = names[e.seat]
        if e.action == "play":
            out.append(("play", who, _norm(str(e.tile))))
        elif e.action == "pass":
            out.append(("pass", who))
        elif e.seat in t.humans:
            out.append(("draw", who, _norm(str(e.tile))))
        elif out and out[-1][0] == "draws" and out[-1][1] == who:
            out[-1] = ("draws", who, out[-1][2] + 1)
        else:
            out.append(("draws", who, 1))
    return out


COUNT_WORDS = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}
TILE = r"\d{1,2}-\d{1,2}"


def heard_events(said: list[str], names: tuple[str, ...]) -> list[tuple]:
    """The events the announcements say, in order, each with the number of its sentence.
    A sentence's subject is the last seat name in it; "You draw 2 (5-2, 2-2)" names two
    draws, "North draws 1 and plays 5-3" a count and a play."""
    who = "|".join(re.escape(n) for n in sorted(set(names), key=len, reverse=True))
    token = re.compile(
        rf"(?P<name>\b(?:{who})\b)(?!')"
        rf"|\b(?P<play>leads?|plays?|played)\s+(?P<ptile>{TILE})"
        rf"|\b(?P<draw>draws?|drew)\s+(?:(?P<list2>{TILE}(?:(?:,\s*|,?\s+and\s+){TILE})*)"
        rf"|(?P<count>\d+|a|one|two|three|four|five|six|seven|eight)\b(?!-)\s*(?:tiles?)?\s*"
        rf"(?:\((?P<list1>{TILE}(?:,\s*{TILE})*)\))?)"
        rf"|\b(?P<pass>passes|passed|pass)\b(?!\s+the\s+screen)")
    out: list[tuple] = []
    sentence = 0
    for chunk in said:
        for text in re.split(r"(?<=[.!?])\s+", chunk):
            sentence += 1
            subject = None
            for m in token.finditer(text):
                if m["name"]:
                    subject = m["name"]
                elif subject is None:
                    continue
                elif m["play"]:
                    out.append(("play", subject, _norm(m["ptile"]), sentence))
                elif m["draw"]:
                    tiles = re.findall(TILE, m["list1"] or m["list2"] or "")
                    if tiles:
                        out.extend(("draw", subject, _norm(x), sentence) for x in tiles)
                    elif m["count"]:
                        n = int(m["count"]) if m["count"].isdigit() else COUNT_WORDS[m["count"]]
                        out.append(("draws", subject, n, sentence))
                elif m["pass"]:
                    out.append(("pass", subject, sentence))
    return out


def test_a_whole_hand_by_keyboard_with_every_event_said_once_in_order(bench):
    """Keyboard only, from the element before the table: Tab into the hand, arrows, Enter,
    L/R, D, P.  Every announcement is logged (a MutationObserver on the live regions) and
    compared with the engine's move log: every event said once and in order, a computer's
    draws and its play in one sentence, no draw said twice; at the end the focus is on
    "Next hand"."""
    page = bench.page
    session = TableSession("standard", players=2, opponents="strategy", seed=HAND_SEED, pace=0.3)
    bench.mount(session, "light", listen=True)
    problems: list[str] = []
    page.focus("#before")
    tabs = 0
    in_hand = "() => { const a = document.activeElement; return !!(a && a.closest('#out .dl-hand') && a.dataset.tile); }"
    while not page.evaluate(in_hand) and tabs < 12:
        page.keyboard.press("Tab")
        tabs += 1
    assert page.evaluate(in_hand), "Tab never reached the hand"
    FIGURES.append(f"keyboard: {tabs} Tab presses from the element before the table to the hand")
    moves = 0
    while True:
        bench.wait_ready()
        if bench.root.get_attribute("data-over") == "true":
            break
        action, tile, asks = _my_choice(session)
        if action == "play":
            extra = 0
            while not page.evaluate(in_hand) and extra < 10:
                page.keyboard.press("Shift+Tab")
                extra += 1
            if extra:
                problems.append(f"move {moves + 1}: the focus had left the hand ({extra} Shift+Tab to get back)")
            for _ in range(len(session.round.hands[0]) + 1):
                if page.evaluate("() => document.activeElement.dataset.tile") == tile:
                    break
                page.keyboard.press("ArrowRight")
            assert page.evaluate("() => document.activeElement.dataset.tile") == tile, f"arrows never reached {tile}"
            page.keyboard.press("Enter")
            if asks:
                bench.root.locator('[data-key="choose:left"]').wait_for(timeout=TIMEOUT)
                page.keyboard.press("l")
        else:
            page.keyboard.press("d" if action == "draw" else "p")
        moves += 1
        assert moves < 60, "the hand did not end"
    result = present(session.state())["result"]
    try:  # announcements may be queued: wait for the result's, then read them all
        page.wait_for_function("(title) => window.__said.some((s) => s.text.includes(title))", arg=result["title"],
                               timeout=15_000)
    except Exception:
        problems.append(f"the result {result['title']!r} was never announced")
    said = [s["text"] for s in page.evaluate("() => window.__said")]
    expected = expected_events(session)
    heard = heard_events(said, session.names)
    got = [h[:-1] for h in heard]
    print(f"\n{len(said)} announcements:\n  " + "\n  ".join(said))
    print(f"\nmove log (engine): {expected}")
    if got != expected:
        diff = "\n  ".join(difflib.unified_diff([repr(e) for e in expected], [repr(g) for g in got], "move log", "said",
                                               lineterm="", n=1))
        problems.append(f"the announcements do not say the move log once and in order:\n  {diff}")
    twice = [tile for (kind, _who, tile), n in Counter((h[0], h[1], h[2]) for h in heard if h[0] == "draw").items() if n > 1]
    if twice:
        problems.append(f"draws said more than once: {twice}")
    # a computer's draws and the play (or pass) that ends its turn: one sentence
    for i, h in enumerate(heard):
        if h[0] == "draws" and h[1] != session.names[0]:
            after = heard[i + 1] if i + 1 < len(heard) else None
            if after is None or after[1] != h[1] or after[-1] != h[-1]:
                problems.append(f"{h[1]} draws {h[2]} said apart from what {h[1]} did next: {after}")
    missing = [e for e in expected if e[0] == "draws" and not any(g[:3] == e for g in got)]
    if missing:
        problems.append(f"computer draws never said: {missing}")
    focus = page.evaluate("() => { const a = document.activeElement; return a ? (a.dataset.key || a.textContent.trim() || a.className) : null; }")
    FIGURES.append(f"keyboard hand: {moves} moves, {len(said)} announcements, {len(expected)} events in the move log; "
                   f"focus at the end: {focus}")
    if focus != "action:next":
        problems.append(f"at the end of the hand the focus is on {focus!r}, not on Next hand")
    assert not bench.errors, bench.errors
    assert not problems, "\n".join(problems)


def test_heard_events_reads_the_sentences_the_table_speaks():
    """The parser of announcements that the keyboard test relies on."""
    names = ("You", "North")
    said = ["North draws 2 and plays 5-3 on the left. Your turn: play a tile with a 3 or draw.",
            "You drew 6-2.", "You draw 2 (6-2, 4-4)", "You play 4-4 on the right. North passes. North wins the hand."]
    assert [h[:-1] for h in heard_events(said, names)] == [
        ("draws", "North", 2), ("play", "North", "5-3"), ("draw", "You", "6-2"), ("draw", "You", "6-2"),
        ("draw", "You", "4-4"), ("play", "You", "4-4"), ("pass", "North")]
    heard = heard_events(said, names)
    assert heard[0][-1] == heard[1][-1]  # one sentence
    assert heard_events(["Pass the screen to Ben."], ("Ana", "Ben")) == []


FOCUSED = """() => { const a = document.activeElement;
  if (!a || !document.getElementById('out').contains(a)) return a === document.body ? 'body' : (a && a.id) || null;
  return a.dataset.key || a.dataset.tile || a.className; }"""


def _tab_to(page, wanted: Callable[[str], bool], limit: int = 25) -> int:
    """Press Tab from where the focus is until ``wanted(focused key)``; returns the presses."""
    for presses in range(limit + 1):
        if wanted(page.evaluate(FOCUSED) or ""):
            return presses
        page.keyboard.press("Tab")
    raise AssertionError(f"{limit} Tab presses never reached it (the focus is on {page.evaluate(FOCUSED)!r})")


def _said(page) -> list[str]:
    return [s["text"] for s in page.evaluate("() => window.__said")]


def _once_in_order(said: list[str], expected: list[str]) -> list[str]:
    """Problems: an expected text not said, said more than once, or out of order."""
    stream = "\n".join(said)
    problems, last = [], -1
    for text in expected:
        n = stream.count(text)
        if n != 1:
            problems.append(f"said {n} times: {text!r}")
            continue
        at = stream.index(text)
        if at < last:
            problems.append(f"said out of order: {text!r}")
        last = at
    return problems


def test_a_review_by_keyboard_says_each_decision_once_and_gives_the_focus_back(bench):
    """V (from the result), → through every decision, Esc: each decision's heading said once
    and in order; the focus stays in the table, and goes back to "Review this hand" at the end."""
    page = bench.page
    session = _finish(TableSession("standard", players=2, opponents="strategy", seed=HAND_SEED, pace=0), HAND_SEED)
    bench.mount(session, "light", listen=True)
    page.focus("#before")
    _tab_to(page, lambda key: key == "action:review")
    page.keyboard.press("Enter")
    bench.wait_ready()
    problems: list[str] = []
    expected: list[str] = []
    for _ in range(60):
        coach = present(session.state())["coach"]
        assert coach and coach["kind"] == "review" and coach["decision"], coach
        expected.append(coach["decision"]["heading"])
        if coach["index"] >= coach["count"] - 1:
            break
        if not page.evaluate("() => document.querySelector('#out .dl-root').contains(document.activeElement)"):
            problems.append(f"decision {coach['index'] + 1}: the focus left the table ({page.evaluate(FOCUSED)!r})")
            break
        page.keyboard.press("ArrowRight")
        page.wait_for_function("(i) => !document.querySelector('#out .dl-root').hasAttribute('aria-busy')", arg=0,
                               timeout=TIMEOUT)
        bench.wait_ready()
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('#out .dl-coach')", timeout=TIMEOUT)
    bench.wait_ready()
    focus = page.evaluate(FOCUSED)
    said = _said(page)
    print(f"\nreview: {len(expected)} decisions, {len(said)} announcements; focus after Esc: {focus!r}; the first:\n  "
          + "\n  ".join(said[:6]))
    problems += _once_in_order(said, expected)
    if focus != "action:review":
        problems.append(f"after the review closes the focus is on {focus!r}, not back on 'Review this hand'")
    assert not problems, "\n".join(problems[:20])


def test_a_puzzle_by_keyboard_is_answered_and_its_verdict_said_once(bench):
    """Tab into the puzzle's hand, arrows to the best tile, Enter (and L/R): the puzzle's
    question and then its verdict are said, once each; the game underneath the puzzle is not
    (issue 33: the reader heard the table's turn, not the puzzle's position); N shows the next
    puzzle without saying the old verdict again."""
    page = bench.page
    session = _puzzle(False)
    bench.mount(session, "light", listen=True)
    question = present(session.state())["coach"]["question"]
    underneath = present(session.state())["status"]
    best = session.coach.puzzle.best
    assert isinstance(best, dl.Play), best
    page.focus("#before")
    _tab_to(page, lambda key: bool(re.search(r"\d+-\d+$", key)))
    tile = str(best.tile)
    focused_tile = "() => document.activeElement.dataset.tile"
    for _ in range(12):
        if page.evaluate(focused_tile) == tile:
            break
        page.keyboard.press("ArrowRight")
    assert page.evaluate(focused_tile) == tile, f"arrows never reached {tile}"
    page.keyboard.press("Enter")
    if bench.root.locator('[data-key="choose:left"]').count():
        page.keyboard.press("l" if best.end == "left" else "r")
    page.wait_for_function("() => !document.querySelector('#out .dl-root').hasAttribute('aria-busy')", timeout=TIMEOUT)
    feedback = present(session.state())["coach"]["feedback"]
    assert feedback and feedback["status"] == "correct", feedback
    page.wait_for_function("(t) => window.__said.some((s) => s.text.includes(t))", arg=feedback["text"][:40],
                           timeout=15_000)
    focus = page.evaluate(FOCUSED)
    page.keyboard.press("n")
    page.wait_for_function("(n) => !document.querySelector('#out .dl-root').hasAttribute('aria-busy')", arg=0,
                           timeout=TIMEOUT)
    said = _said(page)
    print(f"\npuzzle: {len(said)} announcements: {said}; focus after the answer: {focus!r}")
    problems = _once_in_order(said, [question, feedback["text"]])
    if any(underneath in text for text in said):
        problems.append(f"the game under the puzzle was said: {underneath!r}")
    assert not problems, "\n".join(problems)


def test_the_new_match_dialog_holds_the_focus_and_gives_it_back(bench):
    """New match (Enter) opens the question; Tab and Shift+Tab stay in it; Esc closes it and
    the focus is back on New match."""
    page = bench.page
    session = _finish(TableSession("standard", players=2, opponents="greedy", seed=5, pace=0), 5)
    session.handle_intent({"action": "next_hand", "version": session.version})
    bench.mount(session, "light")
    page.focus("#before")
    _tab_to(page, lambda key: key == "action:new")
    page.keyboard.press("Enter")
    dialog = '#out [role="alertdialog"], #out [role="dialog"]'
    page.wait_for_selector(dialog, timeout=TIMEOUT)
    problems = []
    inside = f"() => !!document.activeElement.closest({json.dumps(dialog)})"
    if not page.evaluate(inside):
        problems.append(f"the dialog opened without the focus ({page.evaluate(FOCUSED)!r})")
    for key in ["Tab"] * 4 + ["Shift+Tab"] * 4:
        page.keyboard.press(key)
        if not page.evaluate(inside):
            problems.append(f"{key} took the focus out of the open dialog, to {page.evaluate(FOCUSED)!r}")
            break
    page.keyboard.press("Escape")
    page.wait_for_function(f"() => !document.querySelector({json.dumps(dialog)})", timeout=TIMEOUT)
    if page.evaluate(FOCUSED) != "action:new":
        problems.append(f"after the dialog closes the focus is on {page.evaluate(FOCUSED)!r}, not back on New match")
    assert not problems, "\n".join(problems)


# ----------------------------------------------------------------------------- inside JupyterLab
KERNEL_IDLE = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const s = w && w.sessionContext;
  return !!(s && s.isReady && s.session && s.session.kernel && s.session.kernel.status === 'idle');
}"""

LAB_READY = """() => { const r = document.querySelector('.dl-root');
  return !!r && !r.hasAttribute('aria-busy') && (r.dataset.yourTurn === 'true' || r.dataset.over === 'true'); }"""


@pytest.fixture(scope="module")
def lab_table(browser, lab):
    """play.ipynb run in JupyterLab, its first table ready for a person."""
    axe = _need_axe()
    context = browser.new_context(viewport={"width": 1280, "height": 1100})
    page = context.new_page()
    page.goto(f"{lab.url}/lab/tree/play.ipynb?reset&token={lab.token}")
    page.wait_for_function(KERNEL_IDLE, timeout=LAB_TIMEOUT)
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    page.wait_for_function(LAB_READY, timeout=LAB_TIMEOUT)
    page.add_script_tag(content=axe)
    yield page
    page.evaluate("() => window.jupyterapp && window.jupyterapp.commands.execute('apputils:change-theme', "
                  "{theme: 'JupyterLab Light'})")
    context.close()


def test_in_jupyterlab_axe_and_contrast_in_both_themes(lab_table):
    """The same checks where a class meets the table: play.ipynb in JupyterLab, its first
    table, light and dark."""
    page = lab_table
    problems: list[str] = []
    for theme in ("light", "dark"):
        if theme == "dark":
            page.evaluate("() => window.jupyterapp.commands.execute('apputils:change-theme', {theme: 'JupyterLab Dark'})")
            page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'", timeout=LAB_TIMEOUT)
            page.wait_for_function("() => getComputedStyle(document.querySelector('.dl-root')).backgroundColor "
                                   "!== 'rgb(255, 255, 255)'", timeout=LAB_TIMEOUT)
        page.wait_for_function(LAB_READY, timeout=LAB_TIMEOUT)
        violations = page.evaluate(AXE_RUN, AXE_TAGS)
        if violations:
            problems.append(f"axe in JupyterLab ({theme}):\n{_violations_text(violations)}")
        table = _summary(measure_everything(page))
        print(f"\ncontrast in JupyterLab, {theme} theme, a hand in play:\n{_table(table)}")
        failed = [r for r in table if r["ratio"] < r["need"]]
        if failed:
            problems.append(f"contrast in JupyterLab ({theme}):\n{_table(failed)}")
        ARTIFACTS.mkdir(exist_ok=True)
        page.locator(".dl-root").first.screenshot(path=str(ARTIFACTS / f"a11y-lab-{theme}.png"))
    page.evaluate("() => window.jupyterapp.commands.execute('apputils:change-theme', {theme: 'JupyterLab Light'})")
    page.wait_for_function("() => document.body.dataset.jpThemeLight === 'true'", timeout=LAB_TIMEOUT)
    assert not problems, "\n\n".join(problems)


CELLS = "() => window.jupyterapp.shell.currentWidget.content.model.cells.length"


def test_in_jupyterlab_the_table_lets_go_of_the_keys_once_the_focus_has_left_it(lab_table):
    """Play a tile, then click a cell's prompt outside the table while the computer's reply is
    still coming: once it is drawn, JupyterLab's B adds a cell below, and the table does not
    take the key (nor the focus)."""
    page = lab_table
    root = page.locator(".dl-root").first
    page.wait_for_function(LAB_READY, timeout=LAB_TIMEOUT)
    playable = root.locator(".dl-hand .dl-playable")
    (playable.first if playable.count() else root.locator('[data-key="action:draw"]')).click()
    if root.locator('[data-key="choose:left"]').count():
        root.locator('[data-key="choose:left"]').click()
    # the prompt of the table's own cell, right beside it
    active = "() => { const a = document.activeElement; return a ? (a.dataset.key || a.className || a.tagName) : null; }"
    page.locator(".jp-Notebook .jp-Cell", has=page.locator(".dl-root")).first.locator(".jp-InputPrompt").click()
    clicked = page.evaluate(active)
    page.wait_for_function(LAB_READY, timeout=LAB_TIMEOUT)  # the reply drawn (pace 0.6 s)
    replied = page.evaluate(active)
    print(f"\nthe focus just after the click on the prompt: {clicked!r}; once the reply is drawn: {replied!r}")
    version = root.get_attribute("data-version")
    cells = page.evaluate(CELLS)
    page.keyboard.press("b")
    try:
        page.wait_for_function(f"() => ({CELLS})() === {cells + 1}", timeout=5_000)
    except Exception:
        pass
    after = page.evaluate(CELLS)
    if after == cells + 1:  # leave the notebook as it was for the other tests
        page.keyboard.press("d")
        page.keyboard.press("d")
        page.wait_for_function(f"() => ({CELLS})() === {cells}", timeout=LAB_TIMEOUT)
    assert root.get_attribute("data-version") == version
    assert after == cells + 1, (f"B after a click on a cell's prompt added no cell (the focus just after the click: "
                                f"{clicked!r}; once the computer's reply was drawn: {replied!r})")
