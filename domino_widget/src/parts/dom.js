// Making elements: h(), the faces and backs of tiles, and the table's buttons.
import { keyOf } from "./words.js";

export const PIPS = {
  0: [],
  1: [4],
  2: [0, 8],
  3: [0, 4, 8],
  4: [0, 2, 6, 8],
  5: [0, 2, 4, 6, 8],
  6: [0, 2, 3, 5, 6, 8],
  7: [0, 2, 3, 4, 5, 6, 8],
  8: [0, 1, 2, 3, 5, 6, 7, 8],
  9: [0, 1, 2, 3, 4, 5, 6, 7, 8],
};

/**
 * Make an element.
 * @param {string} tag
 * @param {Record<string, any>} [attrs]
 * @param {Array<Node|string|null|undefined|false>} [children]
 * @returns {HTMLElement}
 */
export function h(tag, attrs = {}, children = []) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else if (key === "style") el.style.cssText = value;
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    el.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return el;
}

/** One half of a tile: pips on a 3x3 grid (numbers above 9 are written).  On a tile lying
 * across (`turned`), the grid is transposed so that a six shows as two rows of three. */
export function half(n, turned = false) {
  if (n > 9) return h("span", { class: "dl-half dl-num", text: String(n) });
  const spots = new Set(PIPS[n].map((i) => (turned ? (i % 3) * 3 + Math.floor(i / 3) : i)));
  const cells = [];
  for (let i = 0; i < 9; i++) cells.push(h("span", { class: spots.has(i) ? "dl-pip" : "dl-spot" }));
  return h("span", { class: "dl-half", "data-n": n }, cells);
}

/**
 * A face-up tile showing `a` then `b` (left-to-right or top-to-bottom).
 * @param {number} a
 * @param {number} b
 * @param {{orient?: "h"|"v", tag?: string, attrs?: Record<string, any>, extra?: string}} [opts]
 */
export function tileFace(a, b, opts = {}) {
  const { orient = "h", tag = "span", attrs = {}, extra = "" } = opts;
  return h(tag, { ...attrs, class: `dl-tile dl-${orient} ${extra}`.trim() }, [
    half(a, orient === "h"),
    h("span", { class: "dl-bar", "aria-hidden": "true" }),
    half(b, orient === "h"),
  ]);
}

/** A face-down tile. */
export function tileBack(extra = "") {
  return h("span", { class: `dl-tile dl-v dl-back dl-small ${extra}`.trim(), "aria-hidden": "true" });
}


/**
 * One of the table's buttons; every button is disabled once Python has gone (`table.dead`).
 * @param {{dead?: any}} table
 * @param {string} key  its `data-key` (the focus comes back to it after a re-render)
 * @param {string} label
 * @param {Function} onclick
 * @param {{extra?: string, primary?: boolean, shortcut?: string, keyed?: string, aria?: string, title?: string, disabled?: boolean}} [opts]
 *   `shortcut`: a key that is the same in every language (Escape, ArrowLeft); `keyed`: the action
 *   whose letter key (in the table's language) the button answers to
 */
export function button(table, key, label, onclick, opts = {}) {
  return h("button", {
    class: `dl-button ${opts.extra || ""}`.trim(),
    type: "button",
    "data-key": key,
    "data-primary": opts.primary ? "true" : null,
    "aria-keyshortcuts": (opts.keyed ? keyOf(table, opts.keyed) : opts.shortcut) || null,
    "aria-label": opts.aria || null,
    title: opts.title || null,
    disabled: opts.disabled || !!table.dead,
    onclick,
    text: label,
  });
}
