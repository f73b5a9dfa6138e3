// The analysis board drawn from real snapshots (tools/widget_fixtures.py: "analysis_steps":
// opened, evaluated, after a move, a branch, back at the fork, a pasted text refused), in the whole
// table (keys, intents, what the live region says) and on its own.
import { afterEach, describe, expect, it, vi } from "vitest";
import { analysisKeys, analysisParts, drawAnalysis } from "../src/parts/analysis.js";
import { h } from "../src/parts/dom.js";
import { FIXTURES, button as byKey, mount as mountTable, press as key } from "./helpers.js";

const step = (i) => structuredClone(FIXTURES.analysis_steps[i]);
const OPENED = 0;
const EVALUATED = 1;
const NORTH = 2;
const BRANCHED = 4;
const FORK = 5;
const REFUSED = 6;

/** The whole table on a clock standing at 0, without motion. */
const mount = (initial) => mountTable(initial, { now: () => 0, reducedMotion: true });

function fakeTable(shown) {
  const root = h("div", { class: "dl-root" });
  document.body.append(root);
  return { root, shown, dead: null, localNote: null, width: 800, unitPx: () => 30, spoken: (t) => t, send: vi.fn(), note: vi.fn(), draw: vi.fn(), openWhy: new Set() };
}

/** Python's answer to the last intent: `next`, acknowledging it. */
const answer = (model, next) => model.push({ ...next, ack: model.intents().at(-1).id });

afterEach(() => document.body.replaceChildren());

describe("the analysis board", () => {
  it("shows the position: the line says its ends, your tiles and the others' counts", () => {
    const s = step(OPENED);
    const a = s.analysis;
    const el = drawAnalysis(fakeTable(s), s);
    const line = el.querySelector(".dl-line");
    expect(line.getAttribute("aria-label")).toContain(`Left end ${a.ends[0]}, right end ${a.ends[1]}`);
    expect(el.querySelector(".dl-review-tiles").getAttribute("aria-label")).toBe(`Your tiles: ${a.hand.map((t) => t.spoken).join(", ")}`);
    expect(el.textContent).toContain(`North: ${a.others[0].count} tiles`);
    expect(el.textContent).toContain(`Boneyard: ${a.boneyard} tiles`);
    expect(el.querySelector(".dl-analysis-status").textContent).toBe(a.status);
    // Your moves, not yet valued: buttons without bars.
    expect(el.querySelectorAll(".dl-analysis-try")).toHaveLength(a.moves.length);
    expect(el.querySelector(".dl-analysis-bar")).toBeNull();
    expect(el.querySelector("textarea").value).toBe(a.text);
  });

  it("once evaluated: the sentence first, a bar per move with its words, the figures behind Why?", () => {
    const s = step(EVALUATED);
    const a = s.analysis;
    const el = drawAnalysis(fakeTable(s), s);
    const says = el.querySelector(".dl-analysis-says");
    expect(says.textContent).toBe(a.says);
    const bars = Array.from(el.querySelectorAll(".dl-analysis-bar"));
    expect(bars).toHaveLength(a.moves.length);
    expect(bars.map((b) => b.getAttribute("aria-label"))).toEqual(a.moves.map((m) => m.value.words));
    expect(bars[0].firstChild.style.width).toBe("100%");
    // Plain words come before the bars, the figures after them and closed.
    expect(says.compareDocumentPosition(bars[0]) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const why = el.querySelector("details.dl-why-more");
    expect(why.open).toBe(false);
    expect(why.textContent).toContain(a.why);
    expect(Array.from(why.querySelectorAll("li"), (li) => li.textContent)).toEqual(a.moves.map((m) => m.value.figures));
    expect(byKey(el, "analysis:evaluate").disabled).toBe(true);
  });

  it("while Python values the moves: it says so, and Evaluate waits", () => {
    const s = step(OPENED);
    s.analysis.evaluating = true; // as Python says while its worker searches
    const t = fakeTable(s);
    const el = drawAnalysis(t, s);
    expect(el.querySelector('[role="status"]').textContent).toContain("Valuing every move");
    expect(byKey(el, "analysis:evaluate").disabled).toBe(true);
    analysisKeys(t, "e");
    expect(t.send).not.toHaveBeenCalled();
  });

  it("a move's button plays it for the board's revision; your draw asks for the tile", () => {
    const s = step(EVALUATED);
    const t = fakeTable(s);
    const el = drawAnalysis(t, s);
    t.root.append(el);
    byKey(el, "analysis:move:0").click();
    expect(t.send).toHaveBeenCalledWith("analysis_play", { rev: s.analysis.rev, move: s.analysis.moves[0].send });
    const draw = s.analysis.moves.findIndex((m) => m.action === "draw");
    byKey(el, `analysis:move:${draw}`).click();
    expect(t.analysisMove).toBe("draw ");
    expect(t.note).toHaveBeenCalled();
  });

  it("another seat's turn: a box for its move, with Draws and Passes", () => {
    const s = step(NORTH);
    const t = fakeTable(s);
    const el = drawAnalysis(t, s);
    t.root.append(el);
    expect(el.querySelector(".dl-analysis-moves")).toBeNull();
    const input = el.querySelector("input");
    expect(input.getAttribute("aria-label")).toContain("Add North's move");
    input.value = "draws 2";
    key(input, "Enter");
    expect(t.send).toHaveBeenCalledWith("analysis_play", { rev: s.analysis.rev, move: "draws 2" });
    byKey(el, "analysis:pass").click();
    expect(t.send).toHaveBeenLastCalledWith("analysis_play", { rev: s.analysis.rev, move: "pass" });
  });

  it("another seat's tile by clicking: one end plays at once, both ends ask which", () => {
    const s = step(NORTH);
    const a = s.analysis;
    const t = fakeTable(s);
    t.openWhy.add("analysis:unseen");
    let el = drawAnalysis(t, s);
    t.root.append(el);
    const buttons = Array.from(el.querySelectorAll('[data-key^="analysis:unseen:"]'));
    expect(buttons.map((b) => b.dataset.key.split(":")[2])).toEqual(a.unseen.map((u) => u.tile));
    const one = a.unseen.find((u) => u.ends.length === 1);
    byKey(el, `analysis:unseen:${one.tile}`).click();
    expect(t.send).toHaveBeenLastCalledWith("analysis_play", { rev: a.rev, move: `${one.tile} ${one.ends[0]}` });
    const both = a.unseen.find((u) => u.ends.length === 2);
    if (both) {
      t.draw = () => {
        el.replaceWith((el = drawAnalysis(t, s)));
      };
      byKey(el, `analysis:unseen:${both.tile}`).click();
      byKey(el, "analysis:end:right").click();
      expect(t.send).toHaveBeenLastCalledWith("analysis_play", { rev: a.rev, move: `${both.tile} right` });
    }
  });

  it("a new hand set up by clicking: the tiles picked and who leads go to Python", () => {
    const s = step(OPENED);
    const a = s.analysis;
    const t = fakeTable(s);
    t.openWhy.add("analysis:setup");
    let el = drawAnalysis(t, s);
    t.root.append(el);
    t.draw = () => {
      el.replaceWith((el = drawAnalysis(t, s)));
    };
    expect(el.querySelectorAll('[data-key^="analysis:deal:"]')).toHaveLength(a.pick.tiles.length);
    for (const tile of ["6-6", "5-5", "6-6", "4-1"]) byKey(el, `analysis:deal:${tile}`).click(); // 6-6 picked, then unpicked
    expect(byKey(el, "analysis:deal:5-5").getAttribute("aria-pressed")).toBe("true");
    expect(byKey(el, "analysis:deal:6-6").getAttribute("aria-pressed")).toBe("false");
    expect(el.textContent).toContain(`picked: 2 of ${a.pick.count}`);
    const leader = byKey(el, "analysis:leader");
    leader.value = "1";
    leader.dispatchEvent(new Event("change"));
    byKey(el, "analysis:start").click();
    expect(t.send).toHaveBeenLastCalledWith("analysis_new", { rev: a.rev, tiles: ["5-5", "4-1"], leader: 1 });
  });

  it("the picker takes no more tiles than the hand holds (issue 44)", () => {
    const s = step(OPENED);
    const a = s.analysis;
    const t = fakeTable(s);
    t.openWhy.add("analysis:setup");
    let el = drawAnalysis(t, s);
    t.root.append(el);
    t.draw = () => {
      el.replaceWith((el = drawAnalysis(t, s)));
    };
    const tiles = a.pick.tiles.map((tile) => tile.tile);
    for (const tile of tiles) byKey(el, `analysis:deal:${tile}`).click(); // every tile of the set, clicked
    expect(t.analysisPick).toEqual(tiles.slice(0, a.pick.count));
    expect(el.textContent).toContain(`picked: ${a.pick.count} of ${a.pick.count}`);
    expect(byKey(el, `analysis:deal:${tiles[a.pick.count]}`).disabled).toBe(true);
    byKey(el, `analysis:deal:${tiles[0]}`).click(); // one unpicked: the others may be picked again
    expect(byKey(el, `analysis:deal:${tiles[a.pick.count]}`).disabled).toBe(false);
  });

  it("the pointer on the board takes the keys from JupyterLab's command mode, not from an editor (issue 44)", () => {
    const s = step(OPENED);
    const t = fakeTable(s);
    t.root.setAttribute("tabindex", "-1");
    const el = drawAnalysis(t, s);
    t.root.append(el);
    const notebook = h("div", { tabindex: "-1", class: "jp-Notebook" });
    const editor = h("div", { contenteditable: "true", tabindex: "-1" });
    document.body.append(notebook, editor);
    notebook.focus();
    el.dispatchEvent(new Event("pointerenter"));
    expect(document.activeElement).toBe(t.root); // m and e now reach the board's keys
    editor.focus();
    el.dispatchEvent(new Event("pointerenter"));
    expect(document.activeElement).toBe(editor); // typing in a cell is never interrupted
  });

  it("the hand's moves and the branches tried go to their positions", () => {
    const s = step(BRANCHED);
    const a = s.analysis;
    const t = fakeTable(s);
    const el = drawAnalysis(t, s);
    const current = el.querySelector('[aria-current="step"]');
    expect(current.textContent).toBe(`${a.at}. ${a.history[a.at - 1].text}`);
    byKey(el, "analysis:at:start").click();
    expect(t.send).toHaveBeenLastCalledWith("analysis_go", { rev: a.rev, path: [] });
    const back = step(FORK); // the position the branch left: two moves tried from it
    const el2 = drawAnalysis(t, back);
    const tried = Array.from(el2.querySelectorAll(".dl-analysis-branches button"));
    expect(tried.map((b) => b.textContent)).toEqual(back.analysis.branches.map((b) => b.text));
  });

  it("a refused text stays in the box with the library's error, the board's text kept for copying", () => {
    const s = step(REFUSED);
    const t = fakeTable(s);
    t.analysisRev = s.analysis.rev;
    t.analysisText = "rules: standard\nseats: me, North\nmy tiles: 6-6\n";
    const el = drawAnalysis(t, s);
    expect(el.querySelector("textarea").value).toBe(t.analysisText);
    expect(el.querySelector('[role="alert"]').textContent).toBe(s.analysis.error);
    expect(s.analysis.error).toContain("line 3");
  });

  it("keys: arrows step, E evaluates, Escape closes, Home goes to the start (as its Keys help says)", () => {
    expect(drawAnalysis(fakeTable(step(OPENED)), step(OPENED)).querySelector('[data-key="analysis:keys"]').parentElement.textContent).toContain("Home goes to its start");
    const s = step(EVALUATED);
    const t = fakeTable(s);
    expect(analysisKeys(t, "ArrowLeft")).toBe(true);
    expect(t.send).toHaveBeenLastCalledWith("analysis_undo", { rev: s.analysis.rev });
    analysisKeys(t, "ArrowRight"); // nothing ahead: not sent
    expect(t.send).toHaveBeenCalledTimes(1);
    analysisKeys(t, "e"); // already valued: not sent
    expect(t.send).toHaveBeenCalledTimes(1);
    analysisKeys(t, "Home");
    analysisKeys(t, "Escape");
    expect(t.send.mock.calls.map((c) => c[0])).toEqual(["analysis_undo", "analysis_go", "analysis_close"]);
    const opened = step(OPENED);
    const fresh = fakeTable(opened);
    analysisKeys(fresh, "e");
    expect(fresh.send).toHaveBeenCalledWith("analysis_evaluate", { rev: opened.analysis.rev });
  });

  it("the live region says the move reached, the line's ends and the verdict", () => {
    const parts = analysisParts(step(OPENED), step(NORTH));
    const a = step(NORTH).analysis;
    expect(parts[0]).toBe(`Move ${a.at}: ${a.history[a.at - 1].text}`);
    expect(parts[1]).toContain(`Left end ${a.ends[0]}, right end ${a.ends[1]}`);
    expect(analysisParts(step(OPENED), step(EVALUATED))).toEqual([step(EVALUATED).analysis.says]);
  });
});

describe("the analysis board in the table", () => {
  it("is complete by keyboard: E evaluates, a move's button plays, the arrow steps back; typing stays in the box", () => {
    const { model, root } = mount(step(OPENED));
    expect(root.querySelector(".dl-analysis")).not.toBeNull();
    expect(root.querySelector(".dl-hand")).toBeNull(); // the game is not on screen
    root.focus();
    key(root, "e");
    expect(model.intents().at(-1)).toMatchObject({ action: "analysis_evaluate", rev: step(OPENED).analysis.rev });
    answer(model, step(EVALUATED));
    expect(root.querySelector(".dl-live").textContent).toContain(step(EVALUATED).analysis.says);
    const first = byKey(root, "analysis:move:0");
    first.focus();
    first.click();
    expect(model.intents().at(-1)).toMatchObject({ action: "analysis_play", move: step(EVALUATED).analysis.moves[0].send });
    answer(model, step(NORTH));
    const input = byKey(root, "analysis:move-input");
    input.focus();
    const typed = new KeyboardEvent("keydown", { key: "e", bubbles: true, cancelable: true });
    input.dispatchEvent(typed);
    expect(typed.defaultPrevented).toBe(false); // the letter goes into the box
    expect(model.intents().at(-1).action).toBe("analysis_play"); // and is not the E key
    root.focus();
    key(root, "ArrowLeft");
    expect(model.intents().at(-1)).toMatchObject({ action: "analysis_undo", rev: step(NORTH).analysis.rev });
  });

  it("a review's decision and an answered puzzle offer Open in analysis", () => {
    const review = structuredClone(FIXTURES.review_worst);
    const { model, root } = mount(review);
    byKey(root, "review:analysis").click();
    expect(model.intents().at(-1).action).toBe("analysis_open");
    document.body.replaceChildren();
    const asking = mount(structuredClone(FIXTURES.puzzle_asking));
    expect(byKey(asking.root, "puzzle:analysis")).toBeNull();
    document.body.replaceChildren();
    const right = mount(structuredClone(FIXTURES.puzzle_right));
    right.root.focus();
    key(right.root, "a");
    expect(right.model.intents().at(-1).action).toBe("analysis_open");
  });
});
