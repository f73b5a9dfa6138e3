// Domino Lab play table (anywidget ESM).
//
// Python holds the game: it sends one JSON `snapshot` of what the person looking at the screen
// may see, and this module draws it and sends *intents* back ({action, version, id, ...}).
// There is no rule here: which tiles are playable, which ends a tile goes to, whether Draw,
// Pass and Undo are allowed, every number and sentence come from the snapshot, and Python
// checks every intent against the position it was made for.
//
// The table keeps every key it uses to itself, from anywhere inside it (JupyterLab never sees
// them), and keeps the focus inside across re-renders.  Computer moves arrive as one snapshot
// each and are shown `options.pace_ms` apart; a move tried during that replay skips to the end
// (and is not made: the person sees the new position first).
// When the kernel goes away the table greys out and says how to carry on.

const PIPS = {
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

/** Milliseconds without an answer from Python before the table says it is waiting. */
export const ANSWER_NOTE_MS = 4000;
/** Kernel states in which the table can no longer play. */
const DEAD_STATES = new Set(["dead", "restarting", "autorestarting", "terminating"]);

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
function half(n, turned = false) {
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
 * Where each tile of the line goes, as on a real table: the lead tile stays put at the top
 * centre, the right end grows rightwards and the left end leftwards, and each turns down and
 * back at the edge of its half of the table.  A tile's place depends only on the tiles between
 * it and the lead, so a tile added at one end never moves any other tile.
 *
 * @param {Array<{double: boolean}>} line  tiles from the left end to the right end
 * @param {number|null} leadIndex  which of them was led (the anchor)
 * @param {number} width  the width of the table area in px
 * @param {number} u  the size of one tile half in px
 * @returns {{items: Array<{index: number, x: number, y: number, w: number, h: number, vertical: boolean, flip: boolean}>,
 *            slots: {left: {x: number, y: number, w: number, h: number}, right: {x: number, y: number, w: number, h: number}},
 *            width: number, height: number}}  boxes in px from the top left of the line's area
 */
export function layoutLine(line, leadIndex, width, u) {
  const g = Math.max(2, Math.round(u * 0.15));
  const half = Math.max(width / 2 - g, 4 * u + 2 * g); // room for each arm, either side of the centre
  const items = [];
  const slots = {};
  let top = -u; // room above the lead row for a double, whether or not one comes: nothing shifts when it does
  let bottom = u;
  const put = (item) => {
    items.push(item);
    top = Math.min(top, item.y);
    bottom = Math.max(bottom, item.y + item.h);
  };
  const lead = leadIndex === null || leadIndex === undefined ? Math.floor(line.length / 2) : leadIndex;
  const at = (box) => ({ ...box, x: box.x + width / 2, y: box.y - top });
  if (!line.length) {
    const slot = at({ x: -u, y: -u / 2, w: 2 * u, h: u });
    return { items, slots: { left: slot, right: slot }, width, height: 2 * u };
  }
  const leadTile = line[lead];
  const lw = leadTile.double ? u : 2 * u;
  const lh = leadTile.double ? 2 * u : u;
  put({ index: lead, x: -lw / 2, y: -lh / 2, w: lw, h: lh, vertical: !!leadTile.double, flip: false });

  // One arm: dir +1 goes right first (the right end), -1 goes left first (the left end).
  const arm = (indices, dir, side) => {
    let y = 0; // the row's centre line
    let going = dir; // +1 right, -1 left
    let edge = dir > 0 ? lw / 2 : -lw / 2; // where the next tile attaches
    let lastDouble = !!leadTile.double;
    let inRow = 1; // tiles in the current row (the lead counts in the first)
    // The outer edge of this arm's half going out, or the centre coming back.
    const limit = () => (going === dir ? dir * half : (dir * g) / 2);
    // A tile reads along the line: flipped where the row runs against the line's order.
    const flipped = () => (side === "right" ? going < 0 : going > 0);
    const place = (tile, isSlot) => {
      const double = !isSlot && !!tile.double;
      const w = double ? u : 2 * u;
      const hgt = double ? 2 * u : u;
      const start = edge + going * g;
      const end = start + going * w;
      const fits = going > 0 ? end <= limit() : end >= limit();
      if (fits || inRow === 0) {
        edge = end;
        lastDouble = double;
        inRow += 1;
        return { x: going > 0 ? start : end, y: y - hgt / 2, w, h: hgt, vertical: double, flip: flipped() };
      }
      // Turn: a tile stood on end under the end of the row; the next row runs back.
      const cornerTop = y + (lastDouble ? u : u / 2) + g;
      const x = going > 0 ? edge - u : edge;
      y = cornerTop + 1.5 * u;
      edge = going > 0 ? x : x + u;
      going = -going;
      lastDouble = false;
      inRow = 0;
      return { x, y: cornerTop, w: u, h: 2 * u, vertical: true, flip: side === "left", corner: true };
    };
    for (const index of indices) put({ index, ...place(line[index], false) });
    const slot = place({ double: false }, true);
    slots[side] = slot;
    top = Math.min(top, slot.y);
    bottom = Math.max(bottom, slot.y + slot.h);
  };
  const right = [];
  for (let i = lead + 1; i < line.length; i++) right.push(i);
  const left = [];
  for (let i = lead - 1; i >= 0; i--) left.push(i);
  arm(right, +1, "right");
  arm(left, -1, "left");
  items.sort((a, b) => a.index - b.index);
  return {
    items: items.map(at),
    slots: { left: at(slots.left), right: at(slots.right) },
    width,
    height: bottom - top,
  };
}

const KEYS = { d: "draw", p: "pass", u: "undo", h: "hint", n: "next", c: "carry", s: "show", v: "review" };

/** A stable id for this browser (autosaves are kept per browser), or a fresh one. */
function clientId() {
  const fresh = () => Math.random().toString(36).slice(2, 12);
  try {
    const store = globalThis.localStorage;
    let id = store.getItem("dominolab-client");
    if (!id || !/^[A-Za-z0-9_-]{1,40}$/.test(id)) {
      id = fresh();
      store.setItem("dominolab-client", id);
    }
    return id;
  } catch {
    return fresh();
  }
}

/**
 * Build a table view on `el` for `model`.  Returns {destroy, show, root} (used by tests).
 * @param {{get: Function, on: Function, off: Function, send: Function, widget_manager?: any}} model
 * @param {HTMLElement} el
 * @param {{now?: () => number, reducedMotion?: boolean, setTimeout?: Function, clearTimeout?: Function, client?: string}} [env]
 */
export function createTable(model, el, env = {}) {
  const now = env.now || (() => (typeof performance !== "undefined" ? performance.now() : Date.now()));
  const later = env.setTimeout || ((fn, ms) => setTimeout(fn, ms));
  const cancel = env.clearTimeout || ((id) => clearTimeout(id));
  const motionQuery = typeof matchMedia === "function" ? matchMedia("(prefers-reduced-motion: reduce)") : null;
  /** Asked at every draw: the reader may change the setting while the table is open. */
  const calm = () => env.reducedMotion ?? !!(motionQuery && motionQuery.matches);
  const inVoila = typeof document !== "undefined" && document.body && document.body.dataset.voila === "voila";

  const root = h("div", {
    class: "dl-root" + (calm() ? " dl-reduced-motion" : ""),
    "data-lm-suppress-shortcuts": "true",
    tabindex: "-1",
    role: "group",
    "aria-label": "Domino table",
  });
  const live = h("div", { class: "dl-live", "aria-live": "polite", role: "status" });
  const body = h("div", { class: "dl-body" });
  root.append(body, live);
  el.append(root);

  /** @type {any} */ let shown = null; // the snapshot on screen
  /** @type {any[]} */ let queue = [];
  let timer = null;
  let answerTimer = null;
  let lastShownAt = -Infinity;
  /** @type {{id: string, t0: number}|null} */ let pending = null;
  /** A review's arrow or Escape pressed while the last intent was still unanswered: it is
   * carried out once the answer arrives (only the last such key), so quick key presses are
   * not lost. */
  /** @type {string|null} */ let deferredKey = null;
  /** @type {number|null} */ let replyFrom = null; // when the last move was sent, until it is our turn again
  let choosing = null; // the tile (text) waiting for an end to be chosen
  let confirming = false; // "start a new match?" is showing
  let focusTile = null; // the hand tile that holds the roving tabindex
  let localNote = null; // a note from this view, not from Python
  let dead = null; // why Python cannot answer, once it cannot
  let intentCount = 0;
  let width = 0;
  let lastFocused = null; // the element that had the focus when the table last drew
  const viewId = Math.random().toString(36).slice(2, 8);

  // ---------------------------------------------------------------- intents
  /** The newest snapshot received (it may still be waiting its turn on screen). */
  function latest() {
    return queue.length ? queue[queue.length - 1] : shown;
  }

  /** Send an intent for the position on screen.  Moves need the position the person sees;
   * the rest (next hand, new match, carry on...) go with the newest one received. */
  function send(action, extra = {}) {
    if (!shown || pending || dead) return false;
    const onScreen = ["play", "draw", "pass", "hint", "undo"].includes(action);
    const id = `${viewId}-${++intentCount}`;
    pending = { id, t0: now() };
    if (["play", "draw", "pass"].includes(action)) replyFrom = pending.t0;
    root.setAttribute("aria-busy", "true");
    root.classList.add("dl-pending");
    answerTimer = later(() => {
      if (pending && pending.id === id) {
        localNote = "No answer from Python yet. If the kernel is busy with another cell, the table carries on when it is done.";
        draw();
      }
    }, ANSWER_NOTE_MS);
    try {
      model.send({ action, version: onScreen ? shown.version : latest().version, id, ...extra });
    } catch (error) {
      die("The table lost its connection to Python.");
    }
    return true;
  }

  /** The puzzle on screen, if the coach shows one. */
  function puzzleOn(s = shown) {
    return s && s.coach && s.coach.kind === "puzzle" ? s.coach : null;
  }

  /** The review on screen, if the coach shows one. */
  function reviewOn(s = shown) {
    return s && s.coach && s.coach.kind === "review" ? s.coach : null;
  }

  /** The clickable hand: the puzzle's seat's, or the viewer's at the table. */
  function handNow() {
    const puzzle = puzzleOn();
    return puzzle ? puzzle.hand : shown ? shown.hand : [];
  }

  function playTile(tile, end) {
    choosing = null;
    if (puzzleOn()) send("puzzle_answer", { move: "play", tile: tile.tile, end: end ?? null });
    else send("play", { tile: tile.tile, end: end ?? null });
  }

  /** A click or key on a hand tile. */
  function useTile(tile) {
    if (!shown || pending || dead) return;
    // The position has moved on: show it before anything is played (a puzzle's position does
    // not move with the game underneath, so its answer goes on).
    if (skipReplay() && !puzzleOn()) return;
    const puzzle = puzzleOn();
    if (puzzle && !puzzle.can_answer) {
      note("This puzzle is done: press Next puzzle (N).");
      return;
    }
    if (!puzzle && !shown.your_turn) {
      note(waitNote());
      return;
    }
    if (!tile.playable) {
      send("play", { tile: tile.tile, end: null }); // Python says why not
      return;
    }
    if (tile.ends.length === 2) {
      choosing = tile.tile; // the engine says the two ends give different moves: ask which
      focusTile = tile.tile;
      draw();
      const first = root.querySelector('[data-key="choose:left"]');
      if (first) first.focus();
      return;
    }
    playTile(tile, tile.ends[0]);
  }

  function chooseEnd(end) {
    if (!choosing || !shown) return;
    const tile = handNow().find((t) => t.tile === choosing);
    if (tile) playTile(tile, end);
  }

  function waitNote() {
    const s = shown;
    if (s.offer) return "First choose: carry on with the saved match, or start a new one.";
    if (s.screen) return `Pass the screen to ${s.screen.name} first.`;
    if (s.result) return "The hand is over.";
    return s.thinking === s.turn ? `${s.turn_name} is thinking; wait for your turn.` : `It is ${s.turn_name}'s turn.`;
  }

  function note(text) {
    localNote = text;
    draw();
  }

  // ---------------------------------------------------------------- the snapshot queue
  function isComputerStep(snap) {
    // An answer to an intent shows at once; a computer's move waits its turn on screen.
    return (
      shown &&
      snap.ack === shown.ack &&
      snap.version !== shown.version &&
      snap.match_number === shown.match_number &&
      snap.hand_number === shown.hand_number &&
      snap.last &&
      !snap.humans.includes(snap.last.seat) &&
      !snap.offer &&
      !snap.coach // the coach hides the game: its moves need no time on screen
    );
  }

  function pump() {
    if (timer !== null) return;
    while (queue.length) {
      const next = queue[0];
      const pace = (next.options && next.options.pace_ms) || 0;
      const wait = isComputerStep(next) ? lastShownAt + pace - now() : 0;
      if (wait > 0) {
        timer = later(() => {
          timer = null;
          pump();
        }, wait);
        return;
      }
      queue.shift();
      show(next);
    }
  }

  /** Show every queued snapshot now (a click during the replay of computer moves). */
  function skipReplay() {
    if (!queue.length) return false;
    if (timer !== null) cancel(timer);
    timer = null;
    while (queue.length) show(queue.shift());
    return true;
  }

  function receive() {
    const snap = model.get("snapshot");
    if (!snap || typeof snap !== "object" || !("version" in snap)) return;
    queue.push(snap);
    pump();
  }

  /** Draw `snap` now (tests call this directly). */
  function show(snap) {
    const before = shown;
    shown = snap;
    lastShownAt = now();
    if (before && (before.version !== snap.version || before.hand_number !== snap.hand_number)) {
      choosing = null;
      if (!snap.in_progress || snap.scoreboard.match_over) confirming = false;
    }
    let latency = null;
    if (pending && snap.ack === pending.id) {
      latency = now() - pending.t0;
      pending = null;
      cancel(answerTimer);
      root.removeAttribute("aria-busy");
      root.classList.remove("dl-pending");
      localNote = null;
      if (snap.your_turn || snap.result) replyFrom = null; // nobody else had to move
    } else if (before && snap.version !== before.version) {
      localNote = null;
    }
    let reply = null;
    if (replyFrom !== null && !pending && (snap.your_turn || snap.result || snap.screen)) {
      reply = now() - replyFrom;
      replyFrom = null;
    }
    draw(before);
    if (latency !== null) root.dataset.latencyMs = latency.toFixed(1);
    if (reply !== null) root.dataset.replyMs = reply.toFixed(1);
    announce(before, snap);
    if (deferredKey !== null && !pending) {
      const key = deferredKey;
      deferredKey = null;
      if (!dead) coachKeys(key, null);
    }
  }

  function announce(before, snap) {
    const parts = [];
    const sameHand =
      before && before.match_number === snap.match_number && before.hand_number === snap.hand_number;
    const fresh = sameHand ? snap.log.length - before.log.length : snap.log.length;
    if (fresh > 0) parts.push(...snap.log.slice(-fresh).map((line) => line.text));
    if (snap.message && (!before || before.seq !== snap.seq)) parts.push(snap.message.text);
    if (snap.hint && !(before && before.hint)) parts.push(`Hint: ${snap.hint.text}`);
    if (snap.result && !(before && before.result)) parts.push(`${snap.result.title}. ${snap.result.why}`);
    if (snap.scoreboard.result && !(before && before.scoreboard.result)) parts.push(snap.scoreboard.result);
    if ((snap.your_turn || snap.screen || snap.offer) && !(before && before.status === snap.status && sameHand)) parts.push(snap.status);
    const c = snap.coach;
    const b = before && before.coach;
    if (c && c.kind === "review" && c.decision && !(b && b.decision && b.index === c.index)) parts.push(`${c.decision.heading}. ${c.decision.sentence}`);
    if (c && c.kind === "puzzle" && c.feedback && !(b && b.feedback && b.feedback.text === c.feedback.text)) parts.push(`${c.feedback.title}: ${c.feedback.text}`);
    if (parts.length) live.textContent = parts.join(". ").replace(/\.\./g, ".");
  }

  // ---------------------------------------------------------------- drawing
  function focusKey() {
    const doc = root.ownerDocument;
    const active = /** @type {HTMLElement|null} */ (doc.activeElement);
    if (active && root.contains(active)) return active === root ? "root" : active.dataset.key || "root";
    // The focused element was inside the table and a re-render took it away: keep the focus here.
    if ((!active || active === doc.body) && lastFocused && !lastFocused.isConnected) return lastFocused.dataset.key || "root";
    return null;
  }

  function restoreFocus(key) {
    if (!key) return;
    let target = key === "root" ? root : root.querySelector(`[data-key="${key.replace(/"/g, "")}"]`);
    if (!target || target.hasAttribute("disabled")) {
      target =
        root.querySelector("[data-primary]:not([disabled])") ||
        root.querySelector('.dl-hand [tabindex="0"]') ||
        root;
    }
    /** @type {HTMLElement} */ (target).focus({ preventScroll: true });
  }

  function rects(selector, attr) {
    const out = new Map();
    for (const node of root.querySelectorAll(selector)) {
      const r = node.getBoundingClientRect();
      if (r.width || r.height) out.set(node.getAttribute(attr), r);
    }
    return out;
  }

  function draw(before = shown) {
    if (!shown) return;
    const key = focusKey();
    // Where things were, so that new tiles can travel from there (hand, seat, boneyard).
    const still = calm();
    root.classList.toggle("dl-reduced-motion", still);
    const motion = !still && before && before !== shown && before.hand_number === shown.hand_number;
    const handRects = motion ? rects(".dl-hand [data-tile]", "data-tile") : null;
    const seatRects = motion ? rects(".dl-seat[data-seat]", "data-seat") : null;
    const boneyard = motion ? root.querySelector(".dl-boneyard-tiles") : null;
    const boneRect = boneyard ? boneyard.getBoundingClientRect() : null;
    const oldLine = before && before.hand_number === shown.hand_number ? new Set(before.line.map((p) => p.tile)) : null;
    const oldHand = before && before.hand_number === shown.hand_number ? new Set(before.hand.map((t) => t.tile)) : null;

    root.style.setProperty("--dl-scale", String((shown.options && shown.options.scale) || 1));
    body.replaceChildren(...drawAll(shown).filter(Boolean));
    const log = body.querySelector(".dl-log-list");
    if (log) log.scrollTop = log.scrollHeight; // the newest turn in view
    root.dataset.version = String(shown.version);
    root.dataset.seq = String(shown.seq);
    root.dataset.yourTurn = String(!!shown.your_turn);
    root.dataset.over = String(!!shown.result);
    root.dataset.screen = String(!!shown.screen);
    root.dataset.dead = String(!!dead);
    root.classList.toggle("dl-dead", !!dead);
    restoreFocus(key);
    if (motion && oldLine) travel(oldLine, oldHand, handRects, seatRects, boneRect);
  }

  /** Tiles new on the line come from the hand or seat that played them; drawn tiles from the boneyard. */
  function travel(oldLine, oldHand, handRects, seatRects, boneRect) {
    const fly = (node, from) => {
      if (!from || typeof node.animate !== "function") return;
      const to = node.getBoundingClientRect();
      const dx = from.left + from.width / 2 - (to.left + to.width / 2);
      const dy = from.top + from.height / 2 - (to.top + to.height / 2);
      if (Math.abs(dx) + Math.abs(dy) < 2) return;
      node.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], {
        duration: 380,
        easing: "cubic-bezier(.2,.7,.3,1)",
      });
    };
    for (const p of shown.line) {
      if (oldLine.has(p.tile)) continue;
      const node = root.querySelector(`.dl-line [data-tile="${p.tile}"]`);
      const from = p.by === shown.viewer ? handRects.get(p.tile) : seatRects.get(String(p.by));
      if (node) fly(node, from);
    }
    for (const t of shown.hand) {
      if (oldHand.has(t.tile)) continue;
      const node = root.querySelector(`.dl-hand [data-tile="${t.tile}"]`);
      if (node) fly(node, boneRect);
    }
  }

  function drawAll(s) {
    if (s.coach) return [drawHeader(s), drawDead(), drawCoach(s)];
    return [
      drawHeader(s),
      drawDead(),
      drawOffer(s),
      drawConfirm(s),
      drawOthers(s),
      drawLine(s),
      drawBoneyard(s),
      s.screen ? drawScreen(s) : drawYou(s),
      drawNotes(s),
      drawResult(s),
      drawLog(s),
    ];
  }

  function button(key, label, onclick, opts = {}) {
    return h("button", {
      class: `dl-button ${opts.extra || ""}`.trim(),
      type: "button",
      "data-key": key,
      "data-primary": opts.primary ? "true" : null,
      "aria-keyshortcuts": opts.shortcut || null,
      "aria-label": opts.aria || null,
      title: opts.title || null,
      disabled: opts.disabled || !!dead,
      onclick,
      text: label,
    });
  }

  function drawHeader(s) {
    const board = s.scoreboard;
    const sides = h(
      "ol",
      { class: "dl-scores", "aria-label": `Match scores, first to ${board.target}` },
      board.sides.map((side) =>
        h("li", { class: `dl-score${side.mine ? " dl-mine" : ""}${side.winner ? " dl-winner" : ""}` }, [
          h("span", { class: "dl-score-name", text: side.label }),
          h("span", { class: "dl-score-points", text: String(side.points) }),
          h("span", {
            class: "dl-progress",
            role: "progressbar",
            "aria-label": `${side.label}: ${side.points} of ${board.target}`,
            "aria-valuemin": "0",
            "aria-valuemax": String(board.target),
            "aria-valuenow": String(side.points),
          }, [h("span", { class: "dl-progress-bar", style: `width: ${Math.round(side.progress * 100)}%` })]),
        ]),
      ),
    );
    const hands = board.hands.length
      ? h("details", { class: "dl-hands" }, [
          h("summary", { text: `Hands played: ${board.hands.length}` }),
          h("table", { class: "dl-hands-table" }, [
            h("thead", {}, [h("tr", {}, [h("th", { text: "Hand" }), ...board.sides.map((side) => h("th", { text: side.label }))])]),
            h("tbody", {}, board.hands.map((hand) =>
              h("tr", {}, [h("td", { text: String(hand.number) }), ...hand.points.map((p) => h("td", { text: String(p) }))]),
            )),
          ]),
        ])
      : null;
    const t = s.tournament;
    return h("header", { class: "dl-header" }, [
      h("div", { class: "dl-title" }, [
        h("strong", { text: "Domino Lab" }),
        t
          ? h("span", { class: "dl-tournament-banner", "data-key": "tournament:banner", text: ` · ${t.banner} · ${t.name}: ${t.points} point${t.points === 1 ? "" : "s"}` })
          : h("span", { class: "dl-muted", text: ` · ${s.rules.name} · hand ${s.hand_number} · first to ${board.target}` }),
      ]),
      t ? null : sides,
      hands,
      // A tournament plays its own hands: no new match, no undo, no hints (Python refuses them too).
      t ? null : button("action:new", "New match", () => askNewMatch(), { extra: "dl-quiet", aria: "Start a new match" }),
    ]);
  }

  function askNewMatch() {
    if (!shown || dead) return;
    if (shown.in_progress && !shown.scoreboard.match_over) {
      confirming = true;
      draw();
      const keep = root.querySelector('[data-key="confirm:keep"]');
      if (keep) keep.focus();
    } else {
      send("new_match");
    }
  }

  function drawConfirm(s) {
    if (!confirming) return null;
    const scores = s.scoreboard.sides.map((side) => `${side.label} ${side.points}`).join(", ");
    return h("section", { class: "dl-confirm", role: "alertdialog", "aria-label": "Start a new match?" }, [
      h("p", { text: `Start a new match? This one (hand ${s.hand_number}; ${scores}) ends here, unfinished.` }),
      h("div", { class: "dl-actions" }, [
        button("confirm:new", "Start a new match", () => {
          confirming = false;
          send("new_match");
        }),
        button("confirm:keep", "Keep playing", () => {
          confirming = false;
          draw();
        }, { primary: true }),
      ]),
    ]);
  }

  function drawDead() {
    if (!dead) return null;
    return h("section", { class: "dl-dead-note", role: "alert" }, [h("strong", { text: "This table has stopped. " }), dead]);
  }

  function drawOffer(s) {
    if (!s.offer) return null;
    return h("section", { class: "dl-offer", role: "alertdialog", "aria-label": "Saved match" }, [
      h("p", { text: s.offer }),
      h("div", { class: "dl-actions" }, [
        button("offer:resume", "Carry on (C)", () => send("resume"), { primary: true, shortcut: "c" }),
        button("offer:discard", "Start a new match", () => send("discard")),
      ]),
    ]);
  }

  function drawOthers(s) {
    return h(
      "section",
      { class: "dl-others", "aria-label": "The other seats" },
      s.others.map((o) => {
        const tiles = o.tiles
          ? h(
              "span",
              { class: "dl-mini-hand", role: "img", "aria-label": `${o.name} holds ${o.tiles.map((t) => t.spoken).join(", ") || "nothing"}` },
              o.tiles.map((t) => tileFace(t.high, t.low, { orient: "v", extra: "dl-small dl-open" })),
            )
          : h("span", { class: "dl-mini-hand", "aria-hidden": "true" }, Array.from({ length: o.count }, () => tileBack()));
        const cls = ["dl-seat", o.to_move && "dl-to-move", o.thinking && "dl-thinking", o.partner && "dl-partner"]
          .filter(Boolean)
          .join(" ");
        return h("div", { class: cls, "data-seat": o.seat }, [
          h("div", { class: "dl-seat-head" }, [
            h("span", { class: "dl-seat-name", text: o.name + (o.partner ? " (partner)" : "") }),
            h("span", { class: "dl-muted", text: `${o.count} tile${o.count === 1 ? "" : "s"}` }),
            o.thinking ? h("span", { class: "dl-spinner", role: "img", "aria-label": `${o.name} is thinking` }) : null,
            o.thinking ? h("span", { class: "dl-thinking-text", text: "thinking…" }) : null,
          ]),
          tiles,
          o.lacks && o.lacks.length
            ? h("div", {
                class: "dl-lacks",
                text: `Known to have no ${o.lacks.join(", ")}`,
                title: "Shown by a pass (or a draw under rules that forbid drawing when able)",
              })
            : null,
        ]);
      }),
    );
  }

  /** The line of `s` (a snapshot, or a coach position: line, lead_index, ends); with
   * `slots` false the ends are shown but cannot be chosen (a review). */
  function drawLine(s, slots = true) {
    const section = h("section", { class: "dl-table", "aria-label": "The line of play" });
    const u = unitPx();
    const room = Math.max((width || 640) - 2 * padPx(), 6 * u);
    const layout = layoutLine(s.line, s.lead_index, room, u);
    const line = h("div", {
      class: "dl-line",
      role: "list",
      "aria-label": s.line.length ? `The line: ${s.line.map((p) => p.spoken).join(", ")}` : "The line is empty",
      style: `width: ${room}px; height: ${Math.ceil(layout.height)}px`,
    });
    const at = (box) => `left: ${box.x}px; top: ${box.y}px; width: ${box.w}px; height: ${box.h}px`;
    const ends = s.ends || [null, null];
    for (const item of layout.items) {
      const p = s.line[item.index];
      // Faces read along the line: the left number first when it runs rightwards, and so on.
      const [a, b] = item.flip ? [p.right, p.left] : [p.left, p.right];
      const endSide = item.index === 0 && s.line.length > 1 ? "left" : item.index === s.line.length - 1 && s.line.length > 1 ? "right" : null;
      const extra = [p.last ? "dl-last" : "", endSide ? `dl-end-tile dl-end-${endSide}` : "", item.corner ? "dl-corner" : ""].join(" ");
      line.append(
        tileFace(a, b, {
          orient: item.vertical ? "v" : "h",
          extra,
          attrs: { role: "listitem", "aria-label": p.spoken, "data-tile": p.tile, style: at(item) },
        }),
      );
    }
    for (const side of ["left", "right"]) {
      if (!slots) break;
      if (!s.line.length && side === "right") break;
      const number = ends[side === "left" ? 0 : 1];
      const active = choosing !== null;
      const label = !s.line.length
        ? "The lead goes here"
        : active
          ? `Play ${spoken(choosing)} on the ${side} end, which shows ${number}`
          : `The ${side} end shows ${number}`;
      line.append(
        h("button", {
          class: `dl-slot dl-slot-${side}${active ? " dl-choose" : ""}`,
          type: "button",
          tabindex: active ? "0" : "-1",
          "data-key": `end:${side}`,
          "aria-label": label,
          "aria-disabled": active ? null : "true",
          "aria-keyshortcuts": side === "left" ? "l" : "r",
          style: at(layout.slots[side]),
          onclick: () => chooseEnd(side),
        }, s.line.length ? [h("span", { class: "dl-slot-letter", text: side === "left" ? "L" : "R" }), h("span", { class: "dl-slot-number", text: String(number) })] : [h("span", { class: "dl-slot-letter", text: "lead" })]),
      );
    }
    section.append(line);
    return section;
  }

  function spoken(tileText) {
    const t = shown && handNow().find((x) => x.tile === tileText);
    return t ? t.spoken : tileText;
  }

  function drawBoneyard(s) {
    const b = s.boneyard;
    const label = s.rules.can_draw
      ? `Boneyard: ${b.count} tile${b.count === 1 ? "" : "s"}` + (b.stay ? `; ${b.drawable} may be drawn, the last ${b.stay} stay` : "")
      : "No drawing in these rules" + (b.count ? ` (${b.count} tile${b.count === 1 ? "" : "s"} stay face down)` : "");
    const tiles = [];
    for (let i = 0; i < b.count; i++) tiles.push(tileBack(i >= b.count - b.stay ? "dl-stay" : ""));
    return h("section", { class: "dl-boneyard", "aria-label": label }, [
      h("span", { class: "dl-boneyard-tiles", "aria-hidden": "true" }, tiles),
      h("span", { class: "dl-muted dl-boneyard-text", text: label }),
    ]);
  }

  function drawScreen(s) {
    const name = s.screen.name;
    return h("section", { class: "dl-you dl-screen", "aria-label": `Pass the screen to ${name}` }, [
      h("p", { class: "dl-screen-text", text: `Pass the screen to ${name}.` }),
      h("p", { class: "dl-muted", text: `${name}: show your tiles when only you can see the screen.` }),
      button("action:show", `Show ${name}'s tiles (S)`, () => send("reveal"), { primary: true, shortcut: "s", extra: "dl-primary" }),
    ]);
  }

  /** A hand as a row of tile buttons (a toolbar: arrow keys move, one tab stop). The table's
   * hand and a puzzle's share it; `opts.active` says whether a click acts now, `marked(t)`
   * whether the tile is shown as playable, `classes(t)` and `note(t)` add marks and words. */
  function handRow(tiles, label, opts) {
    if (!tiles.some((t) => t.tile === focusTile)) {
      const first = tiles.find((t) => t.playable) || tiles[0];
      focusTile = first ? first.tile : null;
    }
    const row = h(
      "div",
      { class: "dl-hand", role: "toolbar", "aria-label": label, "aria-orientation": "horizontal", onkeydown: handKeys },
      tiles.map((t) => {
        const mark = opts.marked(t);
        const where = mark ? (t.ends.length === 2 ? ", fits both ends" : ", playable") : "";
        return tileFace(t.high, t.low, {
          orient: "v",
          tag: "button",
          extra: [mark ? "dl-playable" : "", choosing === t.tile ? "dl-selected" : "", ...(opts.classes ? opts.classes(t) : [])].join(" "),
          attrs: {
            type: "button",
            "data-key": `hand:${t.tile}`,
            "data-tile": t.tile,
            tabindex: t.tile === focusTile ? "0" : "-1",
            "aria-label": t.spoken + where + (opts.note ? opts.note(t) : ""),
            "aria-pressed": choosing === t.tile ? "true" : null,
            "aria-disabled": opts.active ? null : "true",
            disabled: !!dead,
            onclick: () => {
              focusTile = t.tile;
              useTile(t);
            },
            onfocus: () => {
              focusTile = t.tile;
              for (const b of row.querySelectorAll("button")) b.setAttribute("tabindex", b.dataset.tile === t.tile ? "0" : "-1");
            },
          },
        });
      }),
    );
    return row;
  }

  /** Left, right or cancel, while a tile that fits both ends waits for its end. */
  function endChoice(ends) {
    if (!choosing) return null;
    return h("div", { class: "dl-actions dl-choice", role: "group", "aria-label": `Where to play ${spoken(choosing)}` }, [
      button("choose:left", `Left end: ${ends[0]} (L)`, () => chooseEnd("left"), { shortcut: "l" }),
      button("choose:right", `Right end: ${ends[1]} (R)`, () => chooseEnd("right"), { shortcut: "r" }),
      button("choose:cancel", "Cancel (Esc)", () => cancelChoice(), { extra: "dl-quiet" }),
    ]);
  }

  function drawYou(s) {
    const highlight = s.options.highlight_playable;
    const hintTile = s.hint && s.hint.tile;
    const owner = s.viewer_name === "You" || s.viewer_name === null ? "Your hand" : `${s.viewer_name}'s hand`;
    const hand = handRow(s.hand, owner, {
      active: s.your_turn,
      marked: (t) => highlight && t.playable && s.your_turn,
      classes: (t) => [hintTile === t.tile ? "dl-hinted" : "", t.drawn ? "dl-drawn" : ""],
      note: (t) => (t.drawn ? ", just drawn" : ""),
    });
    const undo = s.undo.policy !== "off";
    const choice = endChoice(s.ends);
    const actions = h("div", { class: "dl-actions" }, [
      button("action:draw", "Draw (D)", () => act("draw"), { shortcut: "d", disabled: !s.can_draw }),
      button("action:pass", "Pass (P)", () => act("pass"), { shortcut: "p", disabled: !s.can_pass }),
      undo
        ? button("action:undo", "Undo (U)", () => act("undo"), { shortcut: "u", disabled: !s.undo.available, title: s.undo.why_not || null })
        : null,
      s.options.hints ? button("action:hint", "Hint (H)", () => act("hint"), { shortcut: "h", disabled: !s.your_turn }) : null,
    ]);
    return h("section", { class: "dl-you" + (s.your_turn ? " dl-to-move" : ""), "aria-label": owner }, [
      h("div", { class: "dl-seat-head" }, [
        h("span", { class: "dl-seat-name", text: owner }),
        h("span", { class: "dl-muted", text: `${s.hand.length} tile${s.hand.length === 1 ? "" : "s"}` }),
      ]),
      hand,
      choice,
      actions,
    ]);
  }

  function cancelChoice() {
    const tile = choosing;
    choosing = null;
    draw();
    const back = root.querySelector(`[data-key="hand:${tile}"]`);
    if (back) /** @type {HTMLElement} */ (back).focus();
  }

  /** Draw, pass, undo, hint: during someone else's turn, say whose it is instead. */
  function act(action) {
    if (!shown || dead) return;
    if (skipReplay()) return;
    if (action !== "undo" && !shown.your_turn) {
      note(waitNote());
      return;
    }
    send(action);
  }

  function drawNotes(s) {
    const notes = h("div", { class: "dl-notes" });
    let status = s.status;
    if (choosing) status = `Choose an end for ${spoken(choosing)}: L for the left end (${s.ends[0]}), R for the right end (${s.ends[1]}); Escape cancels.`;
    notes.append(h("p", { class: "dl-status", text: status }));
    if (localNote) notes.append(h("p", { class: "dl-message dl-info dl-local", text: localNote }));
    if (s.message) notes.append(h("p", { class: `dl-message dl-${s.message.kind}`, text: s.message.text }));
    if (s.hint) notes.append(h("p", { class: "dl-message dl-hint", text: `Hint: ${s.hint.text}` }));
    return notes;
  }

  function drawResult(s) {
    if (!s.result) return null;
    const r = s.result;
    const board = s.scoreboard;
    const t = s.tournament;
    const next = board.match_over
      ? t
        ? drawTournamentEnd(t)
        : button("action:next", "New match (N)", () => send("new_match"), { primary: true, shortcut: "n", extra: "dl-primary" })
      : button("action:next", "Next hand (N)", () => send("next_hand"), { primary: true, shortcut: "n", extra: "dl-primary" });
    const review = (s.reviews || []).map((r, i) =>
      button(i === 0 ? "action:review" : `action:review:${r.seat}`, r.text, () => send("review", { seat: r.seat }), i === 0 ? { shortcut: "v" } : {}),
    );
    const won = board.match_over && board.sides.some((side) => side.winner && side.mine);
    return h("section", { class: `dl-result${r.you_won ? " dl-won" : ""}`, "aria-label": "Result of the hand" }, [
      board.result ? h("p", { class: `dl-match-result${won ? " dl-celebrate" : ""}`, role: "status", text: board.result }) : null,
      h("h3", { class: "dl-result-title", text: r.title }),
      h("p", { class: "dl-why", text: r.why }),
      h("pre", { class: "dl-explain", text: r.explanation }),
      next,
      ...review,
    ]);
  }

  /** The end of a tournament: its score, where Python saved the result, and a download of
   * the same file (on JupyterLite the kernel's files live in the browser's storage). */
  function drawTournamentEnd(t) {
    const link = h("a", {
      class: "dl-button dl-primary",
      "data-key": "action:download",
      "data-primary": "true",
      href: resultUrl(t.result),
      download: t.filename,
      text: "Download result",
    });
    return h("div", { class: "dl-tournament-end", role: "status" }, [
      h("p", { class: "dl-saved", "data-key": "tournament:saved", text: t.saved_text }),
      link,
    ]);
  }

  let resultLink = { text: null, url: "" };
  /** One object URL per result text (a Blob where the page has them, else a data: URL). */
  function resultUrl(text) {
    if (resultLink.text === text) return resultLink.url;
    if (resultLink.url.startsWith("blob:")) URL.revokeObjectURL(resultLink.url);
    const canBlob = typeof Blob === "function" && typeof URL !== "undefined" && typeof URL.createObjectURL === "function";
    const url = canBlob
      ? URL.createObjectURL(new Blob([text], { type: "application/json" }))
      : `data:application/json;charset=utf-8,${encodeURIComponent(text)}`;
    resultLink = { text, url };
    return url;
  }

  function drawLog(s) {
    return h("details", { class: "dl-log", open: true }, [
      h("summary", { text: `This hand, turn by turn (${s.log.length})` }),
      h("ol", { class: "dl-log-list" }, s.log.map((line) => h("li", { class: `dl-log-${line.kind}`, text: line.text }))),
    ]);
  }

  function unitPx() {
    const raw = typeof getComputedStyle === "function" ? getComputedStyle(root).getPropertyValue("--dl-line-u") : "";
    const n = parseFloat(raw);
    const scale = (shown && shown.options && shown.options.scale) || 1;
    return (n > 0 ? n : 30) * scale;
  }

  function padPx() {
    return 10;
  }


  // ---------------------------------------------------------------- the coach (review, puzzles)
  function drawCoach(s) {
    const c = s.coach;
    const notes = [];
    if (localNote) notes.push(h("p", { class: "dl-message dl-info dl-local", text: localNote }));
    if (s.message) notes.push(h("p", { class: `dl-message dl-${s.message.kind}`, text: s.message.text }));
    const body = c.kind === "review" ? drawReview(c) : drawPuzzle(c);
    return h("section", { class: `dl-coach dl-coach-${c.kind}`, "aria-label": c.kind === "review" ? "Review of the hand" : "Puzzle" }, [
      ...body,
      ...notes,
    ]);
  }

  /** A move as the coach shows it: its tile (or Draw/Pass) and its words and figures. */
  function coachMove(key, title, m, extra = "") {
    const face = m.tile
      ? tileFace(m.tile.high, m.tile.low, { orient: "v", extra: "dl-small", attrs: { role: "img", "aria-label": m.tile.spoken } })
      : h("span", { class: "dl-move-word", text: m.action === "draw" ? "Draw" : "Pass" });
    return h("div", { class: `dl-coach-move ${extra}`.trim(), "data-key": key }, [
      h("span", { class: "dl-coach-move-title", text: title }),
      face,
      h("span", { class: "dl-coach-move-words", text: m.words + (m.figures ? `: ${m.figures}` : "") }),
    ]);
  }

  function drawReview(c) {
    if (c.status === "running") {
      const share = c.total ? c.done / c.total : 0;
      return [
        h("h3", { class: "dl-coach-title", text: "Review this hand" }),
        h("p", { class: "dl-review-progress-text", "data-key": "review:progress", text: c.progress_text }),
        h("span", {
          class: "dl-progress dl-review-progress",
          role: "progressbar",
          "aria-label": c.progress_text,
          "aria-valuemin": "0",
          "aria-valuemax": String(c.total),
          "aria-valuenow": String(c.done),
        }, [h("span", { class: "dl-progress-bar", style: `width: ${Math.round(share * 100)}%` })]),
        h("div", { class: "dl-actions" }, [button("review:cancel", "Cancel (Esc)", () => send("coach_close"), { primary: true, shortcut: "Escape" })]),
      ];
    }
    const d = c.decision;
    const out = [h("h3", { class: "dl-coach-title", text: "Review of the hand" })];
    if (c.summary) out.push(h("p", { class: "dl-muted dl-review-summary", text: c.summary }));
    if (d) {
      out.push(
        h("p", { class: "dl-review-heading", "data-key": "review:heading", text: d.heading }),
        drawLine(d, false),
        h("div", { class: "dl-review-hand" }, [
          h("span", { class: "dl-coach-move-title", text: "Your tiles then" }),
          h("span", { class: "dl-mini-hand", role: "img", "aria-label": `Your tiles then: ${d.hand.map((t) => t.spoken).join(", ")}` },
            d.hand.map((t) => tileFace(t.high, t.low, { orient: "v", extra: "dl-small" }))),
        ]),
        h("div", { class: "dl-coach-moves" }, [
          coachMove("review:played", "Played", d.played),
          d.same ? null : coachMove("review:best", "Best", d.best, "dl-coach-best"),
        ]),
        h("p", { class: `dl-review-label dl-label-${d.label}`, "data-key": "review:label", text: d.label_text }),
        h("p", { class: "dl-review-sentence", "data-key": "review:sentence", text: d.sentence }),
      );
    }
    out.push(
      h("div", { class: "dl-actions" }, [
        button("review:previous", "Previous (←)", () => send("review_step", { step: -1 }), { shortcut: "ArrowLeft", disabled: !d || c.index <= 0 }),
        button("review:next", "Next (→)", () => send("review_step", { step: 1 }), { primary: true, shortcut: "ArrowRight", disabled: !d || c.index >= c.count - 1 }),
        button("review:close", "Close (Esc)", () => send("coach_close"), { extra: "dl-quiet", shortcut: "Escape" }),
      ]),
    );
    return out;
  }

  function drawPuzzle(c) {
    const hand = handRow(c.hand, "Your hand in the puzzle", { active: c.can_answer, marked: (t) => t.playable });
    const others = c.others.map((o) => `seat ${o.seat}: ${o.count} tile${o.count === 1 ? "" : "s"}`).join("; ");
    const choice = endChoice(c.ends);
    const f = c.feedback;
    const done = c.status === "correct" || c.status === "solution";
    return [
      h("h3", { class: "dl-coach-title", text: `Puzzle ${c.number} of ${c.count} (${c.grade})` }),
      h("p", { class: "dl-puzzle-question", text: c.question }),
      h("p", { class: "dl-muted", text: `Others: ${others}. Boneyard: ${c.boneyard} tile${c.boneyard === 1 ? "" : "s"}.` }),
      drawLine(c, true),
      hand,
      choice,
      h("div", { class: "dl-actions" }, [
        c.can_draw ? button("puzzle:draw", "Draw (D)", () => puzzleAnswer("draw"), { shortcut: "d" }) : null,
        c.can_pass ? button("puzzle:pass", "Pass (P)", () => puzzleAnswer("pass"), { shortcut: "p" }) : null,
      ]),
      f ? h("p", { class: `dl-puzzle-feedback dl-feedback-${f.status}`, "data-key": "puzzle:feedback", role: "status" }, [h("strong", { text: `${f.title}: ` }), f.text]) : null,
      c.hint ? h("p", { class: "dl-message dl-hint", "data-key": "puzzle:hint", text: `Hint: ${c.hint}` }) : null,
      c.explanation ? h("p", { class: "dl-puzzle-explanation", "data-key": "puzzle:explanation", text: c.explanation }) : null,
      c.best && c.status === "solution" ? coachMove("puzzle:best", "Best", c.best, "dl-coach-best") : null,
      h("div", { class: "dl-actions" }, [
        done || c.hint ? null : button("puzzle:hint", "Hint (H)", () => send("puzzle_hint"), { shortcut: "h" }),
        done ? null : button("puzzle:solution", "Show the answer", () => send("puzzle_solution"), { extra: "dl-quiet" }),
        button("puzzle:next", "Next puzzle (N)", () => send("puzzle_next"), { primary: done, shortcut: "n" }),
        button("puzzle:close", "Close (Esc)", () => send("coach_close"), { extra: "dl-quiet", shortcut: "Escape" }),
      ]),
    ];
  }

  function puzzleAnswer(move) {
    const c = puzzleOn();
    if (!c || dead) return;
    if (!c.can_answer) note("This puzzle is done: press Next puzzle (N).");
    else send("puzzle_answer", { move });
  }

  /** Keys while the coach is on screen; true when the key was the coach's. */
  function coachKeys(key, focused) {
    const review = reviewOn();
    const puzzle = puzzleOn();
    if (!review && !puzzle) return false;
    if (pending && review && !choosing && (key === "Escape" || key === "ArrowRight" || key === "ArrowLeft")) {
      deferredKey = key;
      return true;
    }
    if (key === "Escape") {
      if (choosing) cancelChoice();
      else send("coach_close");
      return true;
    }
    if (review) {
      if ((key === "ArrowRight" || key === "ArrowLeft") && review.status !== "running") {
        send("review_step", { step: key === "ArrowRight" ? 1 : -1 });
      } else if (key === "n") note("Close the review first (Esc); then Next hand.");
      return true;
    }
    if (key === "n") send("puzzle_next");
    else if (key === "h" && !puzzle.hint && puzzle.can_answer) send("puzzle_hint");
    else if (key === "d" && puzzle.can_draw) puzzleAnswer("draw");
    else if (key === "p" && puzzle.can_pass) puzzleAnswer("pass");
    else if (key === "l" || key === "r") {
      const tileText = choosing || (focused && focused.dataset && focused.dataset.tile && focused.closest(".dl-hand") ? focused.dataset.tile : null);
      const entry = tileText && puzzle.hand.find((t) => t.tile === tileText);
      if (entry && puzzle.can_answer) playTile(entry, key === "l" ? "left" : "right");
    }
    return true;
  }

  // ---------------------------------------------------------------- Python gone
  function die(reason) {
    if (dead) return;
    dead = reason;
    pending = null;
    deferredKey = null;
    cancel(answerTimer);
    root.removeAttribute("aria-busy");
    root.classList.remove("dl-pending");
    localNote = null;
    choosing = null;
    confirming = false;
    draw();
    live.textContent = `This table has stopped. ${reason}`;
  }

  function deadReason() {
    const saved = shown && shown.in_progress && shown.saving;
    const again = inVoila ? "reload the page" : "run the cell again";
    return (
      "Python is no longer running (the kernel was restarted or shut down), so this table cannot go on. " +
      (saved
        ? `Your ${shown.tournament ? "tournament moves were" : "match was"} saved: ${again} to carry on where you left off.`
        : `To play, ${again}.`)
    );
  }

  const onCommLive = () => die(deadReason());
  model.on("comm_live_update", onCommLive);
  model.on("comm:close", onCommLive);
  let kernel = null;
  const onKernelStatus = (_sender, status) => {
    if (DEAD_STATES.has(status)) die(deadReason());
  };
  const onConnection = (_sender, status) => {
    if (status === "disconnected") die("The connection to the Jupyter server was lost. Reload the page to carry on.");
  };
  try {
    kernel = model.widget_manager && model.widget_manager.kernel;
    if (kernel && kernel.statusChanged && typeof kernel.statusChanged.connect === "function") {
      kernel.statusChanged.connect(onKernelStatus);
      if (kernel.connectionStatusChanged) kernel.connectionStatusChanged.connect(onConnection);
    } else {
      kernel = null;
    }
  } catch {
    kernel = null;
  }

  // ---------------------------------------------------------------- keyboard
  function handKeys(event) {
    const buttons = Array.from(event.currentTarget.querySelectorAll("button"));
    const index = buttons.indexOf(root.ownerDocument.activeElement);
    if (index < 0) return;
    let next = null;
    if (event.key === "ArrowRight" || event.key === "ArrowDown") next = (index + 1) % buttons.length;
    else if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = (index - 1 + buttons.length) % buttons.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = buttons.length - 1;
    if (next === null) return;
    event.preventDefault();
    event.stopPropagation();
    buttons[next].focus();
  }

  function rootKeys(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return; // the notebook's and the browser's
    if (event.key === "Tab") return; // moving the focus stays the browser's
    // Every other key pressed in the table stays in the table: JupyterLab's single-letter
    // commands (R: raw cell, D D: delete the cell) must never run from here.
    event.stopPropagation();
    if (!shown) return;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const focused = /** @type {HTMLElement} */ (root.ownerDocument.activeElement);
    const onButton = focused && focused.tagName === "BUTTON" && root.contains(focused);
    if (key === "Enter" || key === " ") {
      if (!onButton) event.preventDefault();
      return; // a focused button acts on its own
    }
    let handled = true;
    if (!dead && coachKeys(key, focused)) {
      /* the review's or the puzzle's key */
    } else if (key === "Escape") {
      if (choosing) cancelChoice();
      else if (confirming) {
        confirming = false;
        draw();
        restoreFocus("action:new");
      } else handled = false;
    } else if (dead) {
      handled = key.length === 1;
    } else if (key === "l" || key === "r") {
      const end = key === "l" ? "left" : "right";
      const tileText = choosing || (focused && focused.dataset && focused.dataset.tile && focused.closest(".dl-hand") ? focused.dataset.tile : null);
      const entry = tileText && shown.hand.find((t) => t.tile === tileText);
      if (entry) {
        if (!shown.your_turn) note(waitNote());
        else playTile(entry, end);
      }
    } else if (KEYS[key]) {
      const action = KEYS[key];
      if (action === "next") {
        if (skipReplay()) {
          /* shown the end of the replay first */
        } else if (shown.result && shown.tournament && shown.scoreboard.match_over) {
          note(shown.tournament.saved_text || shown.status);
        } else if (shown.result) send(shown.scoreboard.match_over ? "new_match" : "next_hand");
        else note(shown.your_turn ? "The hand is still being played." : waitNote());
      } else if (action === "carry") {
        if (shown.offer) send("resume");
      } else if (action === "show") {
        if (shown.screen) send("reveal");
      } else if (action === "hint") {
        if (shown.options.hints) act("hint");
      } else if (action === "undo") {
        if (shown.undo.policy !== "off") act("undo");
      } else if (action === "review") {
        if (skipReplay()) {
          /* shown the end of the replay first */
        } else if (shown.can_review) send("review");
      } else {
        act(action);
      }
    } else {
      handled = key.length === 1; // other letters: swallowed, not acted on
    }
    if (handled) event.preventDefault();
  }
  root.addEventListener("keydown", rootKeys);
  const onFocusIn = (event) => {
    lastFocused = event.target;
  };
  root.addEventListener("focusin", onFocusIn);


  // ---------------------------------------------------------------- size
  let observer = null;
  if (typeof ResizeObserver === "function") {
    observer = new ResizeObserver((entries) => {
      const w = Math.floor(entries[0].contentRect.width);
      if (Math.abs(w - width) >= 8) {
        width = w;
        root.classList.toggle("dl-narrow", w > 0 && w < 560);
        draw();
      }
    });
    observer.observe(root);
  }

  model.on("change:snapshot", receive);
  receive();
  try {
    model.send({ action: "hello", client: env.client || clientId() });
  } catch {
    /* a view without a kernel (a saved notebook) */
  }

  return {
    root,
    show,
    destroy() {
      model.off("change:snapshot", receive);
      model.off("comm_live_update", onCommLive);
      model.off("comm:close", onCommLive);
      if (kernel) {
        try {
          kernel.statusChanged.disconnect(onKernelStatus);
          if (kernel.connectionStatusChanged) kernel.connectionStatusChanged.disconnect(onConnection);
        } catch {
          /* the kernel is gone already */
        }
      }
      root.removeEventListener("keydown", rootKeys);
      root.removeEventListener("focusin", onFocusIn);
      if (observer) observer.disconnect();
      if (timer !== null) cancel(timer);
      cancel(answerTimer);
      queue = [];
      root.remove();
    },
  };
}

/** anywidget entry point: draw the table; the returned function cleans up. */
function render({ model, el }) {
  const table = createTable(model, el);
  return () => table.destroy();
}

export default { render };
