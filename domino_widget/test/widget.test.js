// The widget's ES module rendered in jsdom against a fake model.  The snapshots are real ones,
// written by tools/widget_fixtures.py from DominoTable games (pytest checks they are current).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import widget, { createTable, snakeRows, ANSWER_TIMEOUT_MS } from "../../src/dominolab/static/widget.js";
import FIXTURES from "./fixtures/snapshots.json";

const snap = (name) => structuredClone(FIXTURES[name]);

/** A stand-in for the anywidget model: get/on/off/send, and `push` to play Python's part. */
function fakeModel(initial) {
  let snapshot = initial;
  const handlers = new Map();
  const sent = [];
  return {
    sent,
    get: (key) => (key === "snapshot" ? snapshot : undefined),
    on(event, fn) {
      handlers.set(event, [...(handlers.get(event) || []), fn]);
    },
    off(event, fn) {
      handlers.set(event, (handlers.get(event) || []).filter((f) => f !== fn));
    },
    send(message) {
      sent.push(message);
    },
    push(next) {
      snapshot = next;
      for (const fn of handlers.get("change:snapshot") || []) fn();
    },
    listeners: (event) => (handlers.get(event) || []).length,
  };
}

let clock = 0;
function mount(initial, env = {}) {
  const el = document.createElement("div");
  document.body.append(el);
  const model = fakeModel(initial);
  const table = createTable(model, el, { now: () => clock, reducedMotion: false, ...env });
  return { el, model, table, root: table.root };
}

const handButtons = (root) => Array.from(root.querySelectorAll(".dl-hand button"));
const button = (root, key) => root.querySelector(`[data-key="${key}"]`);
const key = (target, k) => target.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true }));

beforeEach(() => {
  clock = 1000;
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe("drawing a snapshot", () => {
  it("marks the root for JupyterLab and draws the hand as buttons named in words", () => {
    const { root } = mount(snap("lead"));
    expect(root.getAttribute("data-lm-suppress-shortcuts")).toBe("true");
    const s = FIXTURES.lead;
    const buttons = handButtons(root);
    expect(buttons).toHaveLength(s.hand.length);
    buttons.forEach((b, i) => {
      expect(b.tagName).toBe("BUTTON");
      expect(b.getAttribute("aria-label")).toContain(s.hand[i].spoken);
      expect(b.getAttribute("aria-label")).not.toMatch(/\d-\d/);
    });
    expect(root.querySelector(".dl-empty").textContent).toMatch(/first tile leads/);
    expect(root.querySelector(".dl-status").textContent).toBe(s.status);
    expect(root.querySelector(".dl-live").getAttribute("aria-live")).toBe("polite");
  });

  it("enables Draw and Pass exactly as the snapshot says and highlights only playable tiles", () => {
    const s = snap("both_ends");
    const { root } = mount(s);
    expect(button(root, "action:draw").disabled).toBe(!s.can_draw);
    expect(button(root, "action:pass").disabled).toBe(!s.can_pass);
    const playable = handButtons(root).filter((b) => b.classList.contains("dl-playable")).map((b) => b.dataset.tile);
    expect(playable).toEqual(s.hand.filter((t) => t.playable).map((t) => t.tile));
    expect(playable.length).toBeGreaterThan(0);
  });

  it("can turn the playable highlight off", () => {
    const s = snap("both_ends");
    s.options.highlight_playable = false;
    const { root } = mount(s);
    expect(root.querySelectorAll(".dl-playable")).toHaveLength(0);
  });

  it("draws the line as tiles with doubles crosswise and marks both ends", () => {
    const s = snap("over_partnership");
    const { root } = mount(s);
    const tiles = root.querySelectorAll(".dl-line .dl-tile");
    expect(tiles).toHaveLength(s.line.length);
    s.line.forEach((p, i) => expect(tiles[i].classList.contains(p.double ? "dl-v" : "dl-h")).toBe(true));
    expect(button(root, "end:left").textContent).toContain(String(s.ends[0]));
    expect(button(root, "end:right").textContent).toContain(String(s.ends[1]));
  });

  it("shows the boneyard with its floor", () => {
    const s = snap("lead");
    const { root } = mount(s);
    expect(root.querySelectorAll(".dl-boneyard .dl-back")).toHaveLength(s.boneyard.count);
    expect(root.querySelectorAll(".dl-boneyard .dl-floor")).toHaveLength(s.boneyard.floor);
    expect(root.querySelector(".dl-boneyard-text").textContent).toContain(`the last ${s.boneyard.floor} stay`);
  });

  it("shows an error message from Python", () => {
    const s = snap("error");
    const { root } = mount(s);
    expect(root.querySelector(".dl-message.dl-error").textContent).toBe(s.message.text);
    expect(root.querySelector(".dl-live").textContent).toContain(s.message.text);
  });

  it("shows the result, open hands and the next-round button at the end of a hand", () => {
    const s = snap("over_partnership");
    const { root, model } = mount(s);
    expect(root.querySelector(".dl-result-title").textContent).toBe(s.result.title);
    expect(root.querySelector(".dl-explain").textContent).toBe(s.result.explanation);
    expect(root.querySelectorAll(".dl-opp .dl-mini-hand .dl-tile:not(.dl-back)").length).toBeGreaterThan(0);
    expect(root.querySelector(".dl-opp.dl-partner .dl-opp-name").textContent).toContain("partner");
    key(root, "n");
    expect(model.sent.at(-1)).toMatchObject({ action: s.match_over ? "new_match" : "next_round", version: s.version });
  });

  it("shows the known-voids overlay and the hint button in teaching mode", () => {
    const s = snap("four_player_steps").at(-1);
    s.opponents[0].lacks = [4, 6];
    const { root } = mount(s);
    expect(root.querySelector(".dl-opp .dl-lacks").textContent).toBe("Known to have no 4, 6");
    expect(button(root, "action:hint")).not.toBeNull();
  });

  it("splits a long line into a snake whose rows alternate direction", () => {
    const s = snap("long_line");
    const rows = snakeRows(s.line, 300, 20);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.flat()).toEqual(s.line.map((_, i) => i));
    expect(snakeRows(s.line, 0, 20)).toHaveLength(1);
    expect(snakeRows([], 300, 20)).toEqual([]);
  });
});

describe("sending intents", () => {
  it("sends a play with the snapshot's version and refuses a second click until Python answers", () => {
    const s = snap("both_ends");
    const { root, model } = mount(s);
    const single = s.hand.find((t) => t.ends.length === 1);
    const b = handButtons(root).find((x) => x.dataset.tile === single.tile);
    b.click();
    b.click();
    expect(model.sent).toHaveLength(1);
    expect(model.sent[0]).toMatchObject({ action: "play", tile: single.tile, end: single.ends[0], version: s.version });
    expect(root.getAttribute("aria-busy")).toBe("true");
    // Python answers: the next snapshot acknowledges the intent.
    const next = snap("both_ends");
    next.version += 1;
    next.seq += 1;
    next.ack = model.sent[0].id;
    clock += 12;
    model.push(next);
    expect(root.hasAttribute("aria-busy")).toBe(false);
    expect(root.dataset.latencyMs).toBe("12.0");
    handButtons(root).find((x) => x.dataset.tile === single.tile).click();
    expect(model.sent).toHaveLength(2);
  });

  it("asks which end for a tile that fits both, by click or by key", () => {
    const s = snap("both_ends");
    const both = s.hand.find((t) => t.ends.length === 2);
    const { root, model } = mount(s);
    handButtons(root).find((x) => x.dataset.tile === both.tile).click();
    expect(model.sent).toHaveLength(0);
    const right = button(root, "end:right");
    expect(right.classList.contains("dl-choose")).toBe(true);
    expect(right.getAttribute("aria-label")).toBe(`Play ${both.spoken} on the right end, which shows ${s.ends[1]}`);
    expect(document.activeElement).toBe(button(root, "end:left"));
    expect(root.querySelector(".dl-status").textContent).toMatch(/Choose an end/);
    key(document.activeElement, "Escape");
    expect(root.querySelector(".dl-choose")).toBeNull();
    expect(document.activeElement.dataset.tile).toBe(both.tile);
    handButtons(root).find((x) => x.dataset.tile === both.tile).click();
    button(root, "end:right").click();
    expect(model.sent).toEqual([expect.objectContaining({ action: "play", tile: both.tile, end: "right" })]);
  });

  it("plays with the keyboard: roving focus, arrows, Enter, L/R, D and P", () => {
    const s = snap("both_ends");
    const { root, model } = mount(s);
    const buttons = handButtons(root);
    expect(buttons.filter((b) => b.getAttribute("tabindex") === "0")).toHaveLength(1);
    buttons[0].focus();
    key(buttons[0], "ArrowRight");
    expect(document.activeElement).toBe(buttons[1]);
    key(buttons[1], "ArrowLeft");
    key(buttons[0], "ArrowLeft");
    expect(document.activeElement).toBe(buttons.at(-1));
    key(document.activeElement, "Home");
    expect(document.activeElement).toBe(buttons[0]);
    // L on a focused tile plays it on the left end (Python decides whether that is legal).
    key(document.activeElement, "l");
    expect(model.sent.at(-1)).toMatchObject({ action: "play", tile: s.hand[0].tile, end: "left" });
    model.push({ ...snap("both_ends"), seq: s.seq + 1, ack: model.sent.at(-1).id });
    key(root, "d");
    expect(model.sent.at(-1)).toMatchObject({ action: "draw", version: s.version });
    model.push({ ...snap("both_ends"), seq: s.seq + 2, ack: model.sent.at(-1).id });
    key(root, "p");
    expect(model.sent.at(-1)).toMatchObject({ action: "pass" });
    expect(model.sent).toHaveLength(3);
  });

  it("keeps the focused tile focused across a re-render", () => {
    const s = snap("both_ends");
    const { root, model } = mount(s);
    const target = handButtons(root)[2];
    target.focus();
    model.push({ ...snap("both_ends"), seq: s.seq + 1 });
    expect(document.activeElement.dataset.tile).toBe(target.dataset.tile);
    expect(document.activeElement).not.toBe(target); // a new element, same tile
  });

  it("says so when Python does not answer, and stops waiting", () => {
    const { root, model } = mount(snap("both_ends"));
    key(root, "d");
    expect(model.sent).toHaveLength(1);
    vi.advanceTimersByTime(ANSWER_TIMEOUT_MS + 1);
    expect(root.querySelector(".dl-message.dl-error").textContent).toMatch(/No answer from Python/);
    expect(root.hasAttribute("aria-busy")).toBe(false);
  });
});

describe("opponents' turns", () => {
  it("shows each opponent move in turn, pace apart, and announces them", () => {
    const steps = snap("four_player_steps");
    const start = { ...steps[0], version: steps[0].version - 1, last: null, log_total: steps[0].log_total - 1 };
    const { root, model } = mount(start);
    for (const s of steps) model.push(s);
    // The human's own move shows at once; the opponents' follow one per pace.
    expect(root.dataset.version).toBe(String(steps[0].version));
    const pace = steps[0].options.pace_ms;
    for (let i = 1; i < steps.length; i++) {
      clock += pace;
      vi.advanceTimersByTime(pace);
      expect(root.dataset.version).toBe(String(steps[i].version));
    }
    expect(root.querySelector(".dl-live").textContent).toContain(steps.at(-1).log.at(-1));
  });

  it("shows who is thinking", () => {
    const steps = snap("four_player_steps");
    const { root } = mount(steps[0]);
    const thinking = steps[0].opponents.find((o) => o.thinking);
    expect(thinking).toBeDefined();
    expect(root.querySelector(`.dl-opp[data-seat="${thinking.seat}"] .dl-spinner`).getAttribute("aria-label")).toBe(
      `${thinking.name} is thinking`,
    );
  });
});

describe("calm and narrow", () => {
  it("turns animations off when the reader prefers reduced motion", () => {
    const { root } = mount(snap("both_ends"), { reducedMotion: true });
    expect(root.classList.contains("dl-reduced-motion")).toBe(true);
    const { root: moving } = mount(snap("both_ends"), { reducedMotion: false });
    expect(moving.classList.contains("dl-reduced-motion")).toBe(false);
    expect(moving.querySelector(".dl-line .dl-new.dl-arrive")).not.toBeNull(); // the new tile arrives once
  });
});

describe("anywidget lifecycle", () => {
  it("render() draws into el and its cleanup removes everything it added", () => {
    const el = document.createElement("div");
    const model = fakeModel(snap("lead"));
    const cleanup = widget.render({ model, el });
    expect(el.querySelector(".dl-root")).not.toBeNull();
    expect(model.listeners("change:snapshot")).toBe(1);
    cleanup();
    expect(el.querySelector(".dl-root")).toBeNull();
    expect(model.listeners("change:snapshot")).toBe(0);
  });

  it("two views of one model each draw the same state", () => {
    const model = fakeModel(snap("lead"));
    const a = createTable(model, document.createElement("div"));
    const b = createTable(model, document.createElement("div"));
    expect(a.root.dataset.version).toBe(b.root.dataset.version);
    model.push(snap("both_ends")); // an opponent's move: shown after the pace
    vi.advanceTimersByTime(FIXTURES.both_ends.options.pace_ms + 1);
    expect(a.root.dataset.version).toBe(String(FIXTURES.both_ends.version));
    expect(b.root.dataset.version).toBe(String(FIXTURES.both_ends.version));
  });
});
