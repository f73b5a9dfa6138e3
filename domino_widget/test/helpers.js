// What the table's tests share: the real snapshots (written by tools/widget_fixtures.py from
// table sessions; pytest checks they are current), a stand-in for the anywidget model, the
// whole table mounted against it on a clock the test moves, and the checks of a line's layout.
import { afterEach, beforeEach, expect, vi } from "vitest";
import { createTable } from "../src/widget.js";
import FIXTURES from "./fixtures/snapshots.json";

export { FIXTURES };

/** A fresh copy of a recorded snapshot, free to change. */
export const snap = (name) => structuredClone(FIXTURES[name]);

/** A stand-in for the anywidget model: get/on/off/send, `push` plays Python's part, `trigger`
 * fires any Backbone event (the widget manager's "comm_live_update" on a kernel restart). */
export function fakeModel(initial, extra = {}) {
  let snapshot = initial;
  const handlers = new Map();
  const sent = [];
  return {
    sent,
    intents: () => sent.filter((m) => m.action !== "hello"),
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
      this.trigger("change:snapshot");
    },
    trigger(event) {
      for (const fn of handlers.get(event) || []) fn();
    },
    listeners: (event) => (handlers.get(event) || []).length,
    ...extra,
  };
}

/** The time the table reads (`clock.now`, in ms): moved by the tests, 1000 as each one starts. */
export const clock = { now: 0 };

/** Fake timers and a clock at 1000 ms for every test of the file; the page emptied after each. */
export function useFakeTime() {
  beforeEach(() => {
    clock.now = 1000;
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    document.body.replaceChildren();
  });
}

/** The whole table (the shipped bundle) drawn in a new element of the page from `initial`. */
export function mount(initial, env = {}, extra = {}) {
  const el = document.createElement("div");
  document.body.append(el);
  const model = fakeModel(initial, extra);
  const table = createTable(model, el, { now: () => clock.now, reducedMotion: false, client: "test-client", ...env });
  return { el, model, table, root: table.root };
}

export const handButtons = (root) => Array.from(root.querySelectorAll(".dl-hand button"));
export const button = (root, key) => root.querySelector(`[data-key="${key}"]`);
export const press = (target, k, opts = {}) => target.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true, ...opts }));
/** Python's answer to the last intent: the same snapshot, acknowledged. */
export const answer = (model, s, changes = {}) => model.push({ ...s, seq: s.seq + 1, ack: model.intents().at(-1).id, ...changes });

/** A line of `n` tiles, every fifth a double. */
export const tiles = (n) => Array.from({ length: n }, (_, i) => ({ double: i % 5 === 2 }));

/** Every box lies inside the table (`width` by `height` px) and no two overlap. */
export function expectApartInside(boxes, width, height) {
  const overlap = (a, b) => a.x < b.x + b.w - 0.01 && b.x < a.x + a.w - 0.01 && a.y < b.y + b.h - 0.01 && b.y < a.y + a.h - 0.01;
  boxes.forEach((a, i) => {
    expect(a.x).toBeGreaterThanOrEqual(-0.01);
    expect(a.x + a.w).toBeLessThanOrEqual(width + 0.01);
    expect(a.y).toBeGreaterThanOrEqual(-0.01);
    expect(a.y + a.h).toBeLessThanOrEqual(height + 0.01);
    boxes.slice(i + 1).forEach((b) => expect(overlap(a, b)).toBe(false));
  });
}
