// Issue 37 and 33 (keys, focus, the live region, the puzzle's frame, the hint's wait) on the
// whole table: the shipped bundle against a fake model, as in widget.test.js.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTable } from "../src/widget.js";
import FIXTURES from "./fixtures/snapshots.json";

const snap = (name) => structuredClone(FIXTURES[name]);

function fakeModel(initial) {
  let snapshot = initial;
  const handlers = new Map();
  const sent = [];
  return {
    sent,
    intents: () => sent.filter((m) => m.action !== "hello"),
    get: (key) => (key === "snapshot" ? snapshot : undefined),
    on: (event, fn) => handlers.set(event, [...(handlers.get(event) || []), fn]),
    off: (event, fn) => handlers.set(event, (handlers.get(event) || []).filter((f) => f !== fn)),
    send: (message) => sent.push(message),
    push(next) {
      snapshot = next;
      for (const fn of handlers.get("change:snapshot") || []) fn();
    },
  };
}

let clock = 0;
function mount(initial) {
  const el = document.createElement("div");
  document.body.append(el);
  const model = fakeModel(initial);
  const table = createTable(model, el, { now: () => clock, reducedMotion: true, client: "t" });
  return { model, table, root: table.root };
}
const $ = (root, key) => root.querySelector(`[data-key="${key}"]`);
const hand = (root) => Array.from(root.querySelectorAll(".dl-hand button"));
const press = (target, k, opts = {}) => target.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true, ...opts }));
const answer = (model, s, changes = {}) => model.push({ ...s, seq: s.seq + 1, ack: model.intents().at(-1).id, ...changes });
/** Let the paced replay of computer moves run to its end. */
const flush = () => {
  clock += 60000;
  vi.advanceTimersByTime(60000);
};
const said = (root) => Array.from(root.querySelectorAll(".dl-live > p"), (p) => p.textContent);

beforeEach(() => {
  clock = 1000;
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe("roles and names (axe's rules)", () => {
  it("the line's list holds only its tiles; the end buttons sit beside it; the line says its ends", () => {
    const s = snap("long_line");
    const { root } = mount(s);
    const list = root.querySelector('[role="list"]');
    expect(Array.from(list.children).every((c) => c.getAttribute("role") === "listitem")).toBe(true);
    expect(list.contains($(root, "end:left"))).toBe(false);
    expect(list.getAttribute("aria-label")).toContain(`Left end ${s.ends[0]}, right end ${s.ends[1]}`);
  });
  it("the scrolling log can be reached by keyboard and says what it is; no banner landmark", () => {
    const { root } = mount(snap("match_over"));
    const log = root.querySelector(".dl-log-list");
    expect(log.getAttribute("tabindex")).toBe("0");
    expect(log.getAttribute("aria-label")).toBe("This hand, turn by turn");
    expect(root.querySelector("header, [role='banner']")).toBeNull();
  });
  it("each hand tile says whether it can be played now", () => {
    const s = snap("both_ends");
    const { root } = mount(s);
    hand(root).forEach((b, i) => {
      expect(b.getAttribute("aria-label")).toMatch(s.hand[i].playable ? /, playable/ : /, cannot be played now$/);
    });
  });
});

describe("focus where a person looks next", () => {
  it("goes to Next hand when the hand ends with the focus in the table", () => {
    const s = snap("over_partnership");
    const { root, model } = mount({ ...s, result: null, version: s.version - 1 });
    hand(root)[0].focus();
    model.push(s);
    flush();
    expect(document.activeElement).toBe($(root, "action:next"));
  });
  it("stays outside when the person is elsewhere (the notebook keeps its keys)", () => {
    const s = snap("over_partnership");
    const outside = document.createElement("button");
    document.body.append(outside);
    const { root, model } = mount({ ...s, result: null, version: s.version - 1 });
    hand(root)[0].focus();
    outside.dispatchEvent(new Event("pointerdown", { bubbles: true })); // a click beside the table
    expect(root.contains(document.activeElement)).toBe(false); // let go at once, whatever the click focuses
    model.push(s);
    flush();
    expect(root.contains(document.activeElement)).toBe(false);
  });
  it("comes back where it was when the review closes", () => {
    const over = snap("over_partnership");
    const { root, model } = mount(over);
    $(root, "action:review").focus();
    $(root, "action:review").click();
    const steps = FIXTURES.review_steps;
    answer(model, over, { coach: steps.at(-1).coach });
    $(root, "review:close").click();
    answer(model, over, { coach: null });
    expect(document.activeElement).toBe($(root, "action:review"));
  });
  it("a question holds the focus (Tab goes round it), closes when play goes on, and gives the focus back", () => {
    const s = snap("long_line");
    const { root, model } = mount(s);
    $(root, "action:new").focus();
    $(root, "action:new").click();
    const keep = $(root, "confirm:keep");
    expect(document.activeElement).toBe(keep);
    press(keep, "Tab");
    expect(document.activeElement).toBe($(root, "confirm:new"));
    press(document.activeElement, "Tab", { shiftKey: true });
    expect(document.activeElement).toBe(keep);
    keep.click();
    expect(document.activeElement).toBe($(root, "action:new"));
    $(root, "action:new").click();
    model.push({ ...s, version: s.version + 1, seq: s.seq + 1 }); // a move: the game goes on
    flush();
    expect(root.querySelector(".dl-confirm")).toBeNull();
  });
});

describe("keys as taught", () => {
  it("a click anywhere on the table puts the focus on the hand, and arrows act at once", () => {
    const s = snap("both_ends");
    const cell = document.createElement("div"); // a notebook cell is focusable around the table
    cell.setAttribute("tabindex", "0");
    document.body.append(cell);
    const el = document.createElement("div");
    cell.append(el);
    const model = fakeModel(s);
    const root = createTable(model, el, { now: () => clock, reducedMotion: true, client: "t" }).root;
    root.querySelector(".dl-boneyard").click();
    const tiles = hand(root);
    expect(document.activeElement).toBe(tiles.find((b) => b.getAttribute("tabindex") === "0"));
    const at = tiles.indexOf(document.activeElement);
    press(document.activeElement, "ArrowRight");
    expect(document.activeElement).toBe(tiles[(at + 1) % tiles.length]);
    root.focus();
    press(root, "ArrowLeft");
    expect(root.querySelector(".dl-hand").contains(document.activeElement)).toBe(true);
    expect(model.intents()).toHaveLength(0);
  });
});

describe("the table's own help", () => {
  it("says the keys as the notebooks teach them, one key away", () => {
    const { root } = mount(snap("lead"));
    const keys = $(root, "keys");
    expect(keys.textContent).toBe("Keys");
    const help = keys.parentElement.textContent;
    for (const words of ["Click the table", "←/→", "Enter plays", "L/R", "Esc cancels", "Click outside the table"]) expect(help).toContain(words);
  });
});

describe("the live region: every event once, in order", () => {
  it("adds each announcement (nothing said is replaced) and a computer's draw waits for its play", () => {
    const steps = snap("four_player_steps");
    const { root, model } = mount(steps[0]);
    const before = said(root).length;
    const drew = { ...steps[1], last: { seat: 1, action: "draw" }, turn: 1, log: [...steps[0].log, { kind: "turn", text: "East draws 1" }] };
    const twice = { ...drew, version: drew.version + 1, log: [...steps[0].log, { kind: "turn", text: "East draws 2" }] };
    const played = { ...steps[1], version: drew.version + 2, log: [...steps[0].log, { kind: "turn", text: "East draws 2 and plays 6-2 on the left" }] };
    model.push(drew);
    clock += 10000;
    vi.advanceTimersByTime(10000);
    expect(said(root).length).toBe(before); // not yet: the draw waits for the play
    model.push(twice);
    flush();
    model.push(played);
    flush();
    expect(said(root).slice(before)).toEqual(["East draws 2 and plays 6-2 on the left"]); // once, whole
  });
  it("your own turn's grown line says only the move just made (each draw once)", () => {
    const s = snap("drawn");
    const { root, model } = mount(s);
    const grown = `${s.log.at(-1).text} and play 9-9 on the left`;
    model.push({ ...s, version: s.version + 1, seq: s.seq + 1, your_turn: false, status: "North is thinking…",
      log: [...s.log.slice(0, -1), { kind: "turn", text: grown }], last: { seat: s.viewer, action: "play", text: "You play 9-9 on the left" } });
    flush();
    expect(said(root).at(-1)).toBe("You play 9-9 on the left");
  });
  it("says a line of someone else's that grew in full", () => {
    const s = snap("drawn");
    const { root, model } = mount(s);
    const last = s.log.at(-1).text;
    const more = { ...s, version: s.version + 1, seq: s.seq + 1, log: [...s.log.slice(0, -1), { kind: "turn", text: `${last} again` }],
      last: { seat: 99, action: "pass", text: "Someone passes" } };
    model.push(more);
    flush();
    expect(said(root).at(-1)).toBe(`${last} again`);
  });
  it("your own draw is said once: by the log's line, not again by the status", () => {
    const s = snap("drawn");
    expect(s.status).toMatch(/^You drew /);
    expect(s.status_said).not.toMatch(/drew/);
    const { root, model } = mount({ ...s, version: s.version - 1, log: s.log.slice(0, -1), drawn: [], last: null, status: "Your turn: draw.", status_said: "Your turn: draw." });
    model.push(s);
    expect(said(root).at(-1)).toBe(`${s.log.at(-1).text}. ${s.status_said}`);
  });
});

describe("a hint that is thinking", () => {
  it("says so at once, with Cancel; a cancelled hint is not shown and Python is asked to drop it", () => {
    const s = snap("long_line");
    s.options.hints = true;
    const { root, model } = mount(s);
    $(root, "action:hint").click();
    expect(root.querySelector(".dl-hint-thinking").textContent).toContain("Thinking about a hint");
    $(root, "hint:cancel").click();
    expect(root.querySelector(".dl-hint-thinking")).toBeNull();
    answer(model, s, { hint: { text: "Play 6-4.", action: "play", tile: null, end: null } });
    expect(root.querySelector(".dl-hint")).toBeNull();
    expect(said(root).join(" ")).not.toContain("Play 6-4");
    expect(model.intents().at(-1)).toMatchObject({ action: "cancel_hint" });
  });
  it("shows the hint's Why? only when Python gives figures beside the plain words", () => {
    const s = snap("long_line");
    s.hint = { text: "Play 6-4: it keeps a 4 showing.", why: "In 400 deals: +1.2 ± 0.3.", action: null, tile: null, end: null };
    const { root } = mount(s);
    const summary = $(root, "hint:why");
    expect(summary.tagName).toBe("SUMMARY");
    expect(summary.parentElement.querySelector(".dl-why-text").textContent).toBe(s.hint.why);
    const plain = snap("long_line");
    plain.hint = { text: "Draw.", action: "draw", tile: null, end: null };
    expect($(mount(plain).root, "hint:why")).toBeNull();
  });
});

describe("Why? beside the coach's plain words", () => {
  it("a review decision, a puzzle's verdict and its answer each show their figures behind Why?, and none without them", () => {
    const r = snap("review_worst");
    r.coach.decision.why = "Figures: -1.1 ± 2.2 against +2.3 ± 2.1.";
    const { root } = mount(r);
    const summary = root.querySelector(`[data-key="review:${r.coach.index}:why"]`);
    expect(summary.parentElement.querySelector(".dl-why-text").textContent).toBe(r.coach.decision.why);
    const p = snap("puzzle_right");
    p.coach.feedback.why = "In 800 deals: +3.1 ± 0.4.";
    p.coach.why = p.coach.explanation ? "All the figures." : null;
    const pr = mount(p).root;
    expect($(pr, "puzzle:feedback:why")).not.toBeNull();
    expect(!!$(pr, `puzzle:${p.coach.id}:why`)).toBe(!!p.coach.explanation);
    const plain = snap("puzzle_right");
    plain.coach.feedback.why = null;
    plain.coach.why = null;
    expect(mount(plain).root.querySelectorAll(".dl-why-more")).toHaveLength(0);
  });
});

describe("puzzles have their own frame", () => {
  it("no match parts; the screen reader hears the puzzle's own position; Esc asks first", () => {
    const s = snap("puzzle_asking");
    const { root, model } = mount(snap("lead"));
    model.push(s);
    expect(root.querySelector(".dl-scores")).toBeNull();
    expect($(root, "action:new")).toBeNull();
    expect(root.querySelector(".dl-header").textContent).not.toMatch(/hand \d|first to/);
    const words = said(root).at(-1);
    expect(words).toContain(s.coach.question);
    expect(words).toContain(`Left end ${s.coach.ends[0]}, right end ${s.coach.ends[1]}`);
    for (const line of s.log) expect(words).not.toContain(line.text);
    press(root, "Escape");
    expect(model.intents()).toHaveLength(0);
    expect(document.activeElement).toBe($(root, "ask:keep"));
    press(document.activeElement, "Escape");
    expect(root.querySelector(".dl-confirm")).toBeNull();
    press(root, "Escape");
    $(root, "ask:close").click();
    expect(model.intents().at(-1)).toMatchObject({ action: "coach_close" });
  });
});

describe("the review", () => {
  it("draws its tiles as large as the hand's, and an only move without a Best", () => {
    const s = snap("review_worst");
    const { root } = mount(s);
    expect(root.querySelectorAll(".dl-review-tiles .dl-small, .dl-coach-move .dl-small")).toHaveLength(0);
    const forced = snap("review_worst");
    forced.coach.decision = { ...forced.coach.decision, label: "forced", label_text: "Only move", same: false };
    const f = mount(forced);
    expect($(f.root, "review:best")).toBeNull();
    expect($(f.root, "review:label").textContent).toBe("Only move");
  });
});
