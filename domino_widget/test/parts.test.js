// Each part of the table drawn on its own, from a real snapshot and a stand-in for the table
// (its state fields and spies for what a part may ask of it).
import { afterEach, describe, expect, it, vi } from "vitest";
import { announcement } from "../src/parts/announce.js";
import { drawBoneyard } from "../src/parts/boneyard.js";
import { coachKeys, drawCoach } from "../src/parts/coach.js";
import { drawActions, drawNotes, endChoice } from "../src/parts/controls.js";
import { drawConfirm, drawDead, drawOffer, drawScreen } from "../src/parts/dialogs.js";
import { button, h, tileFace } from "../src/parts/dom.js";
import { drawAll } from "../src/parts/frame.js";
import { drawYou, handKeys, handRow } from "../src/parts/hand.js";
import { drawHeader } from "../src/parts/header.js";
import { layoutLine } from "../src/parts/layout.js";
import { deadReason, watchKernel } from "../src/parts/kernel.js";
import { rootKeys } from "../src/parts/keys.js";
import { drawLine } from "../src/parts/line.js";
import { drawLog } from "../src/parts/log.js";
import { drawOthers } from "../src/parts/others.js";
import { isComputerStep, pacedQueue } from "../src/parts/pacing.js";
import { drawPuzzle } from "../src/parts/puzzle.js";
import { drawResult, resultUrls } from "../src/parts/result.js";
import { drawReview } from "../src/parts/review.js";
import { drawHands, drawScores } from "../src/parts/scores.js";
import { FIXTURES, expectApartInside, snap, tiles } from "./helpers.js";

const reviewAt = (i) => structuredClone(FIXTURES.review_steps[i]);

/** A stand-in for the table: state fields, and spies for its methods. */
function fakeTable(shown = null, extra = {}) {
  const root = h("div", { class: "dl-root" });
  document.body.append(root);
  return {
    root, shown, choosing: null, confirming: false, focusTile: null, localNote: null, dead: null, pending: null,
    deferredKey: null, width: 800,
    unitPx: () => 30, spoken: (t) => `spoken ${t}`, resultUrl: (text) => `data:${text.length}`,
    send: vi.fn(), act: vi.fn(), draw: vi.fn(), note: vi.fn(), useTile: vi.fn(), chooseEnd: vi.fn(), cancelChoice: vi.fn(),
    askNewMatch: vi.fn(), playTile: vi.fn(), puzzleAnswer: vi.fn(), skipReplay: vi.fn(() => false), waitNote: () => "wait",
    restoreFocus: vi.fn(), hintThinking: () => false, cancelHint: vi.fn(),
    ...extra,
  };
}
const texts = (el, sel) => Array.from(el.querySelectorAll(sel)).map((n) => n.textContent);
afterEach(() => document.body.replaceChildren());

describe("dom", () => {
  it("h() skips empty attributes and children; a tile face has two halves with their pips", () => {
    const el = h("p", { class: "x", hidden: false, title: null, "data-a": 1 }, ["a", null, false, h("b")]);
    expect(el.outerHTML).toBe('<p class="x" data-a="1">a<b></b></p>');
    const face = tileFace(6, 1);
    expect(face.querySelectorAll(".dl-half")).toHaveLength(2);
    expect(face.querySelectorAll(".dl-pip")).toHaveLength(7);
    expect(tileFace(12, 10).textContent).toBe("1210");
  });
  it("a button is disabled once Python has gone", () => {
    const click = vi.fn();
    const b = button({ dead: null }, "k", "Go", click, { shortcut: "g" });
    b.click();
    expect(click).toHaveBeenCalledOnce();
    expect(b.getAttribute("aria-keyshortcuts")).toBe("g");
    expect(button({ dead: "gone" }, "k", "Go", click).disabled).toBe(true);
  });
});

describe("header and scores", () => {
  it("names the rules, the hand and the target, with scores and New match", () => {
    const s = snap("match_over");
    const t = fakeTable(s);
    const el = drawHeader(t, s);
    expect(el.textContent).toContain(`first to ${s.scoreboard.target}`);
    expect(el.querySelectorAll(".dl-score")).toHaveLength(s.scoreboard.sides.length);
    el.querySelector('[data-key="action:new"]').click();
    expect(t.askNewMatch).toHaveBeenCalledOnce();
  });
  it("a tournament header has no scores and no New match", () => {
    const s = snap("tournament_playing");
    const el = drawHeader(fakeTable(s), s);
    expect(el.querySelector(".dl-scores")).toBeNull();
    expect(el.querySelector('[data-key="action:new"]')).toBeNull();
    expect(el.querySelector(".dl-tournament-banner").textContent).toContain(s.tournament.banner);
  });
  it("scores: a progress bar per side; the hands table once a hand is over", () => {
    const board = snap("match_over").scoreboard;
    const bars = drawScores(board).querySelectorAll('[role="progressbar"]');
    expect(Array.from(bars).map((b) => b.getAttribute("aria-valuenow"))).toEqual(board.sides.map((s) => String(s.points)));
    expect(drawHands(board).querySelectorAll("tbody tr")).toHaveLength(board.hands.length);
    expect(drawHands({ ...board, hands: [] })).toBeNull();
  });
});

describe("the others, the boneyard, the log", () => {
  it("each other seat shows its name and count", () => {
    const s = snap("four_player_steps")[0] || snap("lead");
    const el = drawOthers(s);
    expect(texts(el, ".dl-seat-name").map((n) => n.replace(" (partner)", ""))).toEqual(s.others.map((o) => o.name));
  });
  it("the boneyard says how many tiles may be drawn", () => {
    const s = snap("error");
    const el = drawBoneyard(s);
    expect(el.querySelectorAll(".dl-tile")).toHaveLength(s.boneyard.count);
    expect(el.getAttribute("aria-label")).toContain(String(s.boneyard.count));
  });
  it("the log lists every turn", () => {
    const s = snap("match_over");
    expect(texts(drawLog(s), "li")).toEqual(s.log.map((l) => l.text));
  });
  it("numbers each turn as the engine does, and no note between turns (issue 44)", () => {
    const s = snap("match_over");
    const turn = (n) => ({ kind: "turn", text: `turn ${n}`, number: n });
    const undo = { kind: "undo", text: "You take back: play 6-4 on the left.", number: null };
    const log = [turn(1), turn(2), turn(3), undo, undo, { ...undo, kind: "setting" }, turn(3), turn(4)];
    const items = [...drawLog({ ...s, log }).querySelectorAll("li")];
    expect(items.map((li) => (li.hasAttribute("value") ? li.value : null))).toEqual([1, 2, 3, null, null, null, 3, 4]);
    expect(drawLog({ ...s, log }).querySelector("summary").textContent).toContain("(4)");
  });
});

describe("the line", () => {
  it("draws every tile in order, with both ends as buttons that choose only while asked", () => {
    const s = snap("long_line");
    const t = fakeTable(s);
    const el = drawLine(t, s);
    expect(Array.from(el.querySelectorAll(".dl-line .dl-tile")).map((n) => n.dataset.tile)).toEqual(s.line.map((p) => p.tile));
    expect(el.querySelector('[data-key="end:left"]').getAttribute("aria-disabled")).toBe("true");
    t.choosing = s.hand[0].tile;
    const asking = drawLine(t, s);
    asking.querySelector('[data-key="end:right"]').click();
    expect(t.chooseEnd).toHaveBeenCalledWith("right");
    expect(drawLine(t, s, false).querySelector(".dl-slot")).toBeNull();
  });
});

describe("the hand and the controls", () => {
  it("a hand row has one tab stop; a click uses the tile; arrows move along", () => {
    const s = snap("both_ends");
    const t = fakeTable(s);
    const row = handRow(t, s.hand, "Your hand", { active: true, marked: (x) => x.playable });
    t.root.append(row);
    const buttons = Array.from(row.querySelectorAll("button"));
    expect(buttons.filter((b) => b.getAttribute("tabindex") === "0")).toHaveLength(1);
    buttons[0].click();
    expect(t.useTile).toHaveBeenCalledWith(s.hand[0]);
    buttons[0].focus();
    buttons[0].dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
    expect(document.activeElement).toBe(buttons[1]);
    expect(typeof handKeys).toBe("function");
  });
  it("the seat shows the hand, and Draw and Pass as the snapshot allows", () => {
    const s = snap("both_ends");
    const t = fakeTable(s);
    const el = drawYou(t, s);
    expect(el.querySelectorAll(".dl-hand button")).toHaveLength(s.hand.length);
    expect(el.querySelector('[data-key="action:draw"]').disabled).toBe(!s.can_draw);
    const actions = drawActions(t, s);
    const which = s.can_draw ? "draw" : "pass";
    actions.querySelector(`[data-key="action:${which}"]`).click();
    expect(t.act).toHaveBeenCalledWith(which);
  });
  it("the end choice appears only while a tile waits for its end", () => {
    const s = snap("both_ends");
    const t = fakeTable(s);
    expect(endChoice(t, s.ends)).toBeNull();
    t.choosing = "x";
    const el = endChoice(t, s.ends);
    el.querySelector('[data-key="choose:cancel"]').click();
    expect(t.cancelChoice).toHaveBeenCalledOnce();
    expect(drawNotes(t, s).querySelector(".dl-status").textContent).toMatch(/^Choose an end/);
  });
  it("the hint's thinking note, with Cancel, only while the table thinks about a hint", () => {
    const s = snap("lead");
    const t = fakeTable(s);
    expect(drawNotes(t, s).querySelector(".dl-hint-thinking")).toBeNull();
    t.hintThinking = () => true;
    const el = drawNotes(t, s);
    expect(el.querySelector(".dl-hint-thinking").textContent).toContain("Thinking about a hint");
    el.querySelector('[data-key="hint:cancel"]').click();
    expect(t.cancelHint).toHaveBeenCalledOnce();
  });
});

describe("dialogs", () => {
  it("Start a new match? only while confirming; Keep playing is primary", () => {
    const s = snap("lead");
    const t = fakeTable(s);
    expect(drawConfirm(t, s)).toBeNull();
    t.confirming = true;
    const el = drawConfirm(t, s);
    expect(el.querySelector('[data-key="confirm:keep"]').dataset.primary).toBe("true");
    el.querySelector('[data-key="confirm:new"]').click();
    expect(t.send).toHaveBeenCalledWith("new_match");
  });
  it("the saved match, the screen and the stopped table", () => {
    const offer = snap("offer");
    const t = fakeTable(offer);
    drawOffer(t, offer).querySelector('[data-key="offer:resume"]').click();
    expect(t.send).toHaveBeenCalledWith("resume");
    const screen = snap("screen");
    expect(drawScreen(t, screen).textContent).toContain(screen.screen.name);
    expect(drawDead(t)).toBeNull();
    t.dead = "gone";
    expect(drawDead(t).textContent).toContain("gone");
  });
});

describe("result", () => {
  it("offers Next hand at the end of a hand, a download at a tournament's end", () => {
    const s = snap("over_partnership");
    const t = fakeTable(s);
    const el = drawResult(t, s);
    expect(el.querySelector('[data-key="action:next"]')).not.toBeNull();
    const done = snap("tournament_over");
    expect(drawResult(t, done).querySelector('[data-key="action:download"]').getAttribute("href")).toMatch(/^data:/);
    expect(drawResult(t, snap("lead"))).toBeNull();
    // on the class hub the service keeps the result: nothing to download, the words say where it is
    const kept = "Every move is kept on the class hub: your teacher sees the result there.";
    const hub = { ...done, tournament: { ...done.tournament, kind: "hub", result: null, saved_text: kept } };
    const end = drawResult(t, hub);
    expect(end.querySelector('[data-key="action:download"]')).toBeNull();
    expect(end.querySelector('[data-key="tournament:saved"]').textContent).toBe(kept);
    const urls = resultUrls();
    expect(urls("a")).toBe(urls("a"));
  });
});

describe("review and puzzle", () => {
  it("a review's decision: heading, played move, label and sentence; Next steps", () => {
    const s = FIXTURES.review_steps.find((x) => x.coach && x.coach.decision);
    const t = fakeTable(s);
    const el = h("div", {}, drawReview(t, s.coach));
    expect(el.querySelector('[data-key="review:heading"]').textContent).toBe(s.coach.decision.heading);
    expect(el.querySelector('[data-key="review:sentence"]').textContent).toBe(s.coach.decision.sentence);
    el.querySelector('[data-key="review:close"]').click();
    expect(t.send).toHaveBeenCalledWith("coach_close");
  });
  it("a puzzle: question, hand, and its buttons", () => {
    const s = snap("puzzle_asking");
    const t = fakeTable(s);
    const el = h("div", {}, drawPuzzle(t, s.coach));
    expect(el.querySelector(".dl-puzzle-question").textContent).toBe(s.coach.question);
    expect(el.querySelectorAll(".dl-hand button")).toHaveLength(s.coach.hand.length);
    el.querySelector('[data-key="puzzle:hint"]').click();
    expect(t.send).toHaveBeenCalledWith("puzzle_hint");
    expect(drawCoach(t, s).getAttribute("aria-label")).toBe("Puzzle");
  });
  it("coach keys: N next puzzle; Esc asks before closing a puzzle, closes a review; other snapshots are not the coach's", () => {
    const s = snap("puzzle_asking");
    const t = fakeTable(s, { askClosePuzzles: vi.fn(), keepSolving: vi.fn() });
    expect(coachKeys(t, "n", null)).toBe(true);
    expect(t.send).toHaveBeenCalledWith("puzzle_next");
    coachKeys(t, "Escape", null);
    expect(t.askClosePuzzles).toHaveBeenCalledOnce();
    expect(t.send).not.toHaveBeenCalledWith("coach_close");
    const r = fakeTable(FIXTURES.review_steps.at(-1));
    coachKeys(r, "Escape", null);
    expect(r.send).toHaveBeenLastCalledWith("coach_close");
    expect(coachKeys(fakeTable(snap("lead")), "n", null)).toBe(false);
  });
});

describe("frame, keys, announcements, pacing, kernel", () => {
  it("the frame draws the game's parts, or only the header and the coach", () => {
    const t = fakeTable(snap("lead"));
    expect(drawAll(t, t.shown).filter(Boolean).length).toBeGreaterThan(5);
    const p = snap("puzzle_asking");
    expect(drawAll(t, p).filter(Boolean).map((n) => n.className)).toContain("dl-coach dl-coach-puzzle");
  });
  it("letters act, and no key leaves the table", () => {
    const s = snap("lead");
    const t = fakeTable(s);
    const event = new KeyboardEvent("keydown", { key: "d", bubbles: true, cancelable: true });
    const stop = vi.spyOn(event, "stopPropagation");
    rootKeys(t, event);
    expect(t.act).toHaveBeenCalledWith("draw");
    expect(stop).toHaveBeenCalled();
    expect(event.defaultPrevented).toBe(true);
  });
  it("a puzzle's question that ends in '?' is announced without a second full stop (issue 44)", () => {
    const p = snap("puzzle_asking");
    const said = announcement(null, p);
    expect(p.coach.question.endsWith("?")).toBe(true);
    expect(said).toContain(p.coach.question);
    expect(said).not.toMatch(/[?!:]\./);
  });
  it("while a puzzle's tile waits for its end, only Cancel (Esc) is offered, not Close (Esc) beside it", () => {
    const p = snap("puzzle_asking");
    const t = fakeTable(p);
    const keys = (els) => els.filter(Boolean).flatMap((el) => Array.from(el.querySelectorAll("[data-key]")).map((n) => n.dataset.key));
    expect(keys(drawPuzzle(t, p.coach))).toContain("puzzle:close");
    t.choosing = p.coach.hand.find((x) => x.playable).tile;
    const shown = keys(drawPuzzle(t, p.coach));
    expect(shown).toContain("choose:cancel");
    expect(shown).not.toContain("puzzle:close");
  });
  it("announces new turns of the log, and nothing for the same snapshot", () => {
    const s = snap("match_over");
    const before = { ...s, log: s.log.slice(0, -1), result: null, scoreboard: { ...s.scoreboard, result: null } };
    expect(announcement(before, s)).toContain(s.log.at(-1).text);
    expect(announcement(s, s)).toBe("");
  });
  it("paces computer moves and skips to the end on demand", () => {
    const steps = FIXTURES.four_player_steps;
    const shownList = [];
    let now = 0;
    const timers = [];
    const q = pacedQueue({
      now: () => now, later: (fn) => timers.push(fn), cancel: () => {}, shown: () => shownList.at(-1),
      show: (x) => { shownList.push(x); q.shownNow(); },
    });
    for (const x of steps) q.push(x);
    expect(shownList.length).toBeLessThan(steps.length);
    expect(isComputerStep(steps[0], steps[1])).toBe(true);
    expect(q.skip()).toBe(true);
    expect(shownList.at(-1)).toBe(steps.at(-1));
  });
  it("the kernel's death is noticed and the listeners go", () => {
    const handlers = {};
    const model = { on: (e, f) => (handlers[e] = f), off: (e) => delete handlers[e] };
    const die = vi.fn();
    const stop = watchKernel(model, die, () => "why");
    handlers["comm:close"]();
    expect(die).toHaveBeenCalledWith("why");
    stop();
    expect(Object.keys(handlers)).toEqual([]);
    expect(deadReason({ in_progress: true, saving: true }, false)).toContain("saved");
  });
});

describe("the line as one chain on a narrow table", () => {
  it("reads like text: rows alternate direction, nothing overlaps or leaves the table, each end marker at its end", async () => {
    const { layoutChain } = await import("../src/parts/layout.js");
    for (const width of [300, 380]) {
      for (let n = 1; n < 28; n++) {
        const layout = layoutChain(tiles(n), width, 22);
        const all = [layout.slots.left, ...layout.items, layout.slots.right];
        expectApartInside(all, width, layout.height);
        all.forEach((a, i) => {
          // one chain: each box touches the next one (within a gap and a tile)
          if (i + 1 < all.length) {
            const b = all[i + 1];
            const dx = Math.max(0, b.x - (a.x + a.w), a.x - (b.x + b.w));
            const dy = Math.max(0, b.y - (a.y + a.h), a.y - (b.y + b.h));
            expect(dx + dy).toBeLessThanOrEqual(22 * 0.15 + 4);
          }
        });
      }
    }
  });
  it("is used below 560 px, with the tiles still in order", () => {
    const s = snap("long_line");
    const t = fakeTable(s, { width: 400, unitPx: () => 22 });
    const el = drawLine(t, s);
    expect(Array.from(el.querySelectorAll(".dl-line .dl-tile")).map((n) => n.dataset.tile)).toEqual(s.line.map((p) => p.tile));
    const first = el.querySelector(".dl-line .dl-tile");
    expect(parseFloat(first.style.top)).toBeLessThan(30); // the left end starts the first row
  });
});

describe("a still line (a review's or the board's picture) keeps no empty room (issue 44, item 9)", () => {
  it("is as high as its tiles, where a live line keeps room above and below for a double to come", () => {
    const line = [{ double: false }, { double: false }, { double: false }];
    expect(layoutLine(line, 1, 600, 30).height).toBe(60);
    expect(layoutLine(line, 1, 600, 30, true).height).toBe(30);
    const withDouble = [{ double: false }, { double: true }, { double: false }];
    expect(layoutLine(withDouble, 0, 600, 30, true).height).toBe(60);
  });
});

describe("the projector's layout (issue 43, item 5)", () => {
  it("puts the log beside the game and lays the line out in the game's column", () => {
    const s = structuredClone(FIXTURES.long_line);
    const wide = fakeTable(s, { width: 1000, projector: () => true });
    const parts = drawAll(wide, s).filter(Boolean);
    const stage = parts.find((p) => p.classList.contains("dl-stage"));
    expect(stage.querySelector(".dl-stage-side .dl-log")).not.toBeNull();
    expect(stage.querySelector(".dl-stage-main .dl-table")).not.toBeNull();
    expect(stage.querySelector(".dl-stage-main .dl-log")).toBeNull();
    // The line's area: the main column (72% of the width after the 16 px gap) less its padding.
    expect(stage.querySelector(".dl-line-area").style.width).toBe(`${Math.floor((1000 - 16) * 0.72) - 20}px`);
    const plain = drawAll(fakeTable(s, { width: 1000 }), s).filter(Boolean);
    expect(plain.some((p) => p.classList.contains("dl-stage"))).toBe(false);
    expect(plain.at(-1).classList.contains("dl-log")).toBe(true); // the log under the table, as before
  });
});
