// Domino Lab play widget (anywidget ESM).
//
// Python is the single source of truth: it sends one JSON `snapshot` of what the human seat
// may see, and this module draws it and sends *intents* back ({action, version, id, tile, end}).
// There is no rule logic here: which tiles are playable, which ends a tile fits and whether
// Draw / Pass are allowed all come from the snapshot, and Python validates every intent.
//
// Opponent moves arrive as one snapshot each; they are shown one by one, `options.pace_ms`
// apart, so a learner can follow them.  A view that is re-displayed, reloaded or reconnected
// simply draws the latest snapshot.

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

/** Milliseconds to wait for Python to answer an intent before saying so. */
export const ANSWER_TIMEOUT_MS = 15000;

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
 * Split the line into rows of a snake that fit `width` pixels: rows alternate direction.
 * @param {Array<{double: boolean}>} line
 * @param {number} width  available width in px (0 or less: one row)
 * @param {number} unit   the size of one tile half in px
 * @returns {Array<Array<number>>} indices of the line's tiles in each row
 */
export function snakeRows(line, width, unit) {
  if (!line.length) return [];
  if (!(width > 0)) return [line.map((_, i) => i)];
  const gap = unit * 0.15;
  const room = Math.max(width - 2 * (unit * 1.6), unit * 2.5); // space for the end markers
  const rows = [];
  let row = [];
  let used = 0;
  line.forEach((p, i) => {
    const w = (p.double ? unit : 2 * unit) + gap + 4;
    if (row.length && used + w > room) {
      rows.push(row);
      row = [];
      used = 0;
    }
    row.push(i);
    used += w;
  });
  rows.push(row);
  return rows;
}

/** Group turns "West draws 2 and passes" etc. come from Python; keys name the actions. */
const KEYS = { d: "draw", p: "pass", u: "undo", h: "hint", n: "next" };

/**
 * Build a table view on `el` for `model`.  Returns {destroy, show, root} (used by tests).
 * @param {{get: Function, on: Function, off: Function, send: Function}} model
 * @param {HTMLElement} el
 * @param {{now?: () => number, reducedMotion?: boolean, setTimeout?: Function, clearTimeout?: Function}} [env]
 */
export function createTable(model, el, env = {}) {
  const now = env.now || (() => (typeof performance !== "undefined" ? performance.now() : Date.now()));
  const later = env.setTimeout || ((fn, ms) => setTimeout(fn, ms));
  const cancel = env.clearTimeout || ((id) => clearTimeout(id));
  const reducedMotion =
    env.reducedMotion ??
    (typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches);

  const root = h("div", {
    class: "dl-root" + (reducedMotion ? " dl-reduced-motion" : ""),
    "data-lm-suppress-shortcuts": "true",
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
  let choosing = null; // the tile (text) waiting for an end to be chosen
  let focusTile = null; // the hand tile that holds the roving tabindex
  let localNote = null; // a message from this view (e.g. Python did not answer)
  let intentCount = 0;
  let width = 0;
  let drawnVersion = null;
  let arriving = false;
  const viewId = Math.random().toString(36).slice(2, 8);

  // ---------------------------------------------------------------- intents
  function send(action, extra = {}) {
    if (!shown || pending) return false;
    const id = `${viewId}-${++intentCount}`;
    pending = { id, t0: now() };
    root.setAttribute("aria-busy", "true");
    root.classList.add("dl-pending");
    answerTimer = later(() => {
      pending = null;
      root.removeAttribute("aria-busy");
      root.classList.remove("dl-pending");
      localNote = "No answer from Python. Is the kernel running? Re-run the cell to start again.";
      draw();
    }, ANSWER_TIMEOUT_MS);
    model.send({ action, version: shown.version, id, ...extra });
    return true;
  }

  function playTile(tile, end) {
    choosing = null;
    send("play", { tile: tile.tile, end: end ?? null });
  }

  function clickTile(tile) {
    if (!shown || pending) return;
    if (shown.your_turn && tile.ends.length === 2) {
      // It fits both ends: ask which (Python told us which ends it fits).
      choosing = tile.tile;
      focusTile = tile.tile;
      draw();
      const first = root.querySelector(".dl-end-left");
      if (first) first.focus();
      return;
    }
    playTile(tile, tile.ends.length === 1 ? tile.ends[0] : null);
  }

  function clickEnd(end) {
    if (!choosing) return;
    const tile = shown.hand.find((t) => t.tile === choosing);
    if (tile) playTile(tile, end);
  }

  // ---------------------------------------------------------------- the snapshot queue
  function isOpponentStep(snap) {
    // An answer to a new intent shows at once; an opponent's move waits its turn on screen.
    return (
      shown &&
      snap.ack === shown.ack &&
      snap.version !== shown.version &&
      snap.match_number === shown.match_number &&
      snap.round_number === shown.round_number &&
      snap.last &&
      snap.last.seat !== 0
    );
  }

  function pump() {
    if (timer !== null) return;
    while (queue.length) {
      const next = queue[0];
      const pace = (next.options && next.options.pace_ms) || 0;
      const wait = isOpponentStep(next) ? lastShownAt + pace - now() : 0;
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
    if (before && (before.version !== snap.version || before.round_number !== snap.round_number)) {
      choosing = null;
    }
    let latency = null;
    if (pending && snap.ack === pending.id) {
      latency = now() - pending.t0;
      pending = null;
      cancel(answerTimer);
      root.removeAttribute("aria-busy");
      root.classList.remove("dl-pending");
      localNote = null;
    }
    draw();
    if (latency !== null) root.dataset.latencyMs = latency.toFixed(1);
    announce(before, snap);
  }

  function announce(before, snap) {
    const parts = [];
    const sameRound =
      before && before.match_number === snap.match_number && before.round_number === snap.round_number;
    const fresh = sameRound ? snap.log_total - before.log_total : snap.log_total;
    if (fresh > 0) parts.push(...snap.log.slice(-Math.min(fresh, snap.log.length)));
    if (snap.message && (!before || before.seq !== snap.seq)) parts.push(snap.message.text);
    if (snap.result && !(before && before.result)) parts.push(`${snap.result.title}. ${snap.result.why}`);
    if (snap.your_turn && !(before && before.your_turn && sameRound)) parts.push(snap.status);
    if (parts.length) live.textContent = parts.join(". ").replace(/\.\./g, ".");
  }

  // ---------------------------------------------------------------- drawing
  function focusKey() {
    const active = /** @type {HTMLElement|null} */ (root.ownerDocument.activeElement);
    if (!active || !root.contains(active)) return null;
    return active.dataset.key || "root";
  }

  function restoreFocus(key) {
    if (!key) return;
    let target = root.querySelector(`[data-key="${key}"]`);
    if (!target || (target.hasAttribute("disabled") && !key.startsWith("hand:"))) {
      target = root.querySelector('.dl-hand [tabindex="0"]') || root.querySelector(".dl-hand");
    }
    if (target) /** @type {HTMLElement} */ (target).focus();
  }

  function draw() {
    if (!shown) return;
    const key = focusKey();
    arriving = shown.version !== drawnVersion; // animate a newly placed tile once, not on every redraw
    drawnVersion = shown.version;
    body.replaceChildren(...drawAll(shown).filter(Boolean));
    const log = body.querySelector(".dl-log-list");
    if (log) log.scrollTop = log.scrollHeight; // the newest turn in view
    root.dataset.version = String(shown.version);
    root.dataset.seq = String(shown.seq);
    root.dataset.yourTurn = String(!!shown.your_turn);
    root.dataset.over = String(!!shown.result);
    restoreFocus(key);
  }

  function drawAll(s) {
    return [drawHeader(s), drawOpponents(s), drawLine(s), drawBoneyard(s), drawYou(s), drawNotes(s), drawResult(s), drawLog(s)];
  }

  function drawHeader(s) {
    const scores = h(
      "ol",
      { class: "dl-scores", "aria-label": `Match scores, first to ${s.target}` },
      s.scores.map((side) =>
        h("li", { class: side.you ? "dl-score dl-mine" : "dl-score" }, [
          h("span", { class: "dl-score-name", text: side.label }),
          h("span", { class: "dl-score-points", text: String(side.points) }),
        ]),
      ),
    );
    return h("header", { class: "dl-header" }, [
      h("div", { class: "dl-title" }, [
        h("strong", { text: "Domino Lab" }),
        h("span", { class: "dl-muted", text: ` · ${s.rules.name} · hand ${s.round_number} · to ${s.target}` }),
      ]),
      scores,
      h("button", {
        class: "dl-button dl-quiet",
        type: "button",
        "data-key": "action:new",
        "aria-label": "Start a new match",
        onclick: () => send("new_match"),
        text: "New match",
      }),
    ]);
  }

  function drawOpponents(s) {
    return h(
      "section",
      { class: "dl-opponents", "aria-label": "Opponents" },
      s.opponents.map((o) => {
        const tiles = o.tiles
          ? h(
              "span",
              { class: "dl-mini-hand", role: "img", "aria-label": `${o.name} holds ${o.tiles.map((t) => t.spoken).join(", ")}` },
              o.tiles.map((t) => tileFace(t.high, t.low, { orient: "v", extra: "dl-small dl-open" })),
            )
          : h("span", { class: "dl-mini-hand", "aria-hidden": "true" }, Array.from({ length: o.count }, () => tileBack()));
        const cls = ["dl-opp", o.to_move && "dl-to-move", o.thinking && "dl-thinking", o.partner && "dl-partner"]
          .filter(Boolean)
          .join(" ");
        return h("div", { class: cls, "data-seat": o.seat }, [
          h("div", { class: "dl-opp-head" }, [
            h("span", { class: "dl-opp-name", text: o.name + (o.partner ? " (partner)" : "") }),
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

  function endButton(side, s) {
    const number = s.ends ? s.ends[side === "left" ? 0 : 1] : null;
    const active = choosing !== null;
    return h("button", {
      class: `dl-end dl-end-${side}${active ? " dl-choose" : ""}`,
      type: "button",
      "data-key": `end:${side}`,
      "aria-label": active
        ? `Play ${spoken(choosing)} on the ${side} end, which shows ${number}`
        : `The ${side} end shows ${number}`,
      "aria-disabled": active ? null : "true",
      "aria-keyshortcuts": side === "left" ? "l" : "r",
      onclick: () => clickEnd(side),
    }, [h("span", { class: "dl-end-arrow", "aria-hidden": "true", text: side === "left" ? "◀" : "▶" }), h("span", { class: "dl-end-number", text: String(number) })]);
  }

  function spoken(tileText) {
    const t = shown && shown.hand.find((x) => x.tile === tileText);
    return t ? t.spoken : tileText;
  }

  function drawLine(s) {
    const section = h("section", { class: "dl-table", "aria-label": "The line of play" });
    if (!s.line.length) {
      section.append(h("p", { class: "dl-empty", text: "The table is empty: the first tile leads." }));
      return section;
    }
    const unit = unitPx();
    const rows = snakeRows(s.line, width, unit);
    const line = h("div", { class: "dl-line", role: "list" });
    rows.forEach((indices, r) => {
      const rtl = r % 2 === 1;
      const row = h("div", { class: `dl-row${rtl ? " dl-rtl" : ""}` });
      if (r === 0) row.append(endButton("left", s));
      for (const i of indices) {
        const p = s.line[i];
        const [a, b] = rtl ? [p.right, p.left] : [p.left, p.right];
        row.append(
          tileFace(a, b, {
            orient: p.double ? "v" : "h",
            extra: p.new ? (arriving ? "dl-new dl-arrive" : "dl-new") : "",
            attrs: { role: "listitem", "aria-label": p.spoken, "data-tile": p.tile },
          }),
        );
      }
      if (r === rows.length - 1) row.append(endButton("right", s));
      line.append(row);
    });
    section.append(line);
    return section;
  }

  function drawBoneyard(s) {
    const b = s.boneyard;
    const label = s.rules.can_draw
      ? `Boneyard: ${b.count} tile${b.count === 1 ? "" : "s"}` + (b.floor ? `, ${b.drawable} may be drawn, the last ${b.floor} stay` : "")
      : "No drawing in these rules" + (b.count ? ` (${b.count} tile${b.count === 1 ? "" : "s"} stay face down)` : "");
    const tiles = [];
    for (let i = 0; i < b.count; i++) tiles.push(tileBack(i >= b.count - b.floor ? "dl-floor" : ""));
    return h("section", { class: "dl-boneyard", "aria-label": label }, [
      h("span", { class: "dl-boneyard-tiles", "aria-hidden": "true" }, tiles),
      h("span", { class: "dl-muted dl-boneyard-text", text: label }),
    ]);
  }

  function drawYou(s) {
    const highlight = s.options.highlight_playable;
    const hintTile = s.hint && s.hint.tile;
    if (!s.hand.some((t) => t.tile === focusTile)) {
      const first = s.hand.find((t) => t.playable) || s.hand[0];
      focusTile = first ? first.tile : null;
    }
    const hand = h(
      "div",
      { class: "dl-hand", role: "toolbar", "aria-label": "Your hand", "aria-orientation": "horizontal", onkeydown: handKeys },
      s.hand.map((t) => {
        const cls = [
          highlight && t.playable && s.your_turn ? "dl-playable" : "",
          choosing === t.tile ? "dl-selected" : "",
          hintTile === t.tile ? "dl-hinted" : "",
        ].join(" ");
        const where = highlight && t.playable && s.your_turn ? (t.ends.length === 2 ? ", fits both ends" : ", playable") : "";
        return tileFace(t.high, t.low, {
          orient: "v",
          tag: "button",
          extra: cls,
          attrs: {
            type: "button",
            "data-key": `hand:${t.tile}`,
            "data-tile": t.tile,
            tabindex: t.tile === focusTile ? "0" : "-1",
            "aria-label": t.spoken + where,
            "aria-pressed": choosing === t.tile ? "true" : null,
            "aria-disabled": s.your_turn ? null : "true",
            onclick: () => {
              focusTile = t.tile;
              clickTile(t);
            },
            onfocus: () => {
              focusTile = t.tile;
              for (const b of hand.querySelectorAll("button")) b.setAttribute("tabindex", b === document.activeElement ? "0" : "-1");
            },
          },
        });
      }),
    );
    const button = (action, label, key, enabled, intent) =>
      h("button", {
        class: "dl-button",
        type: "button",
        "data-key": `action:${action}`,
        "aria-keyshortcuts": key,
        disabled: !enabled,
        onclick: () => send(intent),
        text: label,
      });
    const actions = h("div", { class: "dl-actions" }, [
      button("draw", "Draw (D)", "d", s.can_draw, "draw"),
      button("pass", "Pass (P)", "p", s.can_pass, "pass"),
      button("undo", "Undo (U)", "u", s.can_undo, "undo"),
      s.options.hints ? button("hint", "Hint (H)", "h", s.your_turn, "hint") : null,
    ]);
    return h("section", { class: "dl-you" + (s.your_turn ? " dl-to-move" : ""), "aria-label": "You" }, [
      h("div", { class: "dl-you-head" }, [h("span", { class: "dl-opp-name", text: "Your hand" }), h("span", { class: "dl-muted", text: `${s.hand.length} tile${s.hand.length === 1 ? "" : "s"}` })]),
      hand,
      actions,
    ]);
  }

  function drawNotes(s) {
    const notes = h("div", { class: "dl-notes" });
    let status = s.status;
    if (choosing) status = `Choose an end for ${spoken(choosing)}: press L for the left end (${s.ends[0]}) or R for the right end (${s.ends[1]}), or click it; Escape cancels.`;
    notes.append(h("p", { class: "dl-status", text: status }));
    if (localNote) notes.append(h("p", { class: "dl-message dl-error", role: "alert", text: localNote }));
    if (s.message) notes.append(h("p", { class: `dl-message dl-${s.message.kind}`, text: s.message.text }));
    if (s.hint) notes.append(h("p", { class: "dl-message dl-hint", text: `Hint: ${s.hint.text}` }));
    return notes;
  }

  function drawResult(s) {
    if (!s.result) return null;
    const r = s.result;
    const next = s.match_over
      ? h("button", { class: "dl-button dl-primary", type: "button", "data-key": "action:next", "aria-keyshortcuts": "n", onclick: () => send("new_match"), text: "New match (N)" })
      : h("button", { class: "dl-button dl-primary", type: "button", "data-key": "action:next", "aria-keyshortcuts": "n", onclick: () => send("next_round"), text: "Next round (N)" });
    return h("section", { class: `dl-result${r.you_won ? " dl-won" : ""}`, "aria-label": "Result of the hand" }, [
      h("h3", { class: "dl-result-title", text: r.title }),
      h("p", { class: "dl-why", text: r.why }),
      h("pre", { class: "dl-explain", text: r.explanation }),
      s.match_result ? h("p", { class: "dl-match-result", text: s.match_result }) : null,
      next,
    ]);
  }

  function drawLog(s) {
    return h("details", { class: "dl-log", open: true }, [
      h("summary", { text: "What happened" }),
      h("ol", { class: "dl-log-list", start: String(s.log_total - s.log.length + 1) }, s.log.map((line) => h("li", { text: line }))),
    ]);
  }

  function unitPx() {
    const raw = typeof getComputedStyle === "function" ? getComputedStyle(root).getPropertyValue("--dl-u") : "";
    const n = parseFloat(raw);
    return n > 0 ? n : 24;
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
    if (event.ctrlKey || event.metaKey || event.altKey || !shown) return;
    const key = event.key.toLowerCase();
    const focused = /** @type {HTMLElement} */ (root.ownerDocument.activeElement);
    const tileText = focused && focused.dataset ? focused.dataset.tile : null;
    let handled = true;
    if (key === "escape" && choosing) {
      const tile = choosing;
      choosing = null;
      draw();
      const back = root.querySelector(`[data-key="hand:${tile}"]`);
      if (back) /** @type {HTMLElement} */ (back).focus();
    } else if (key === "l" || key === "r") {
      const end = key === "l" ? "left" : "right";
      const tile = choosing || (tileText && focused.closest(".dl-hand") ? tileText : null);
      const entry = tile && shown.hand.find((t) => t.tile === tile);
      if (entry) playTile(entry, end);
      else handled = false;
    } else if (KEYS[key]) {
      const action = KEYS[key];
      if (action === "next") {
        if (shown.result) send(shown.match_over ? "new_match" : "next_round");
      } else if (action === "hint") {
        if (shown.options.hints) send("hint");
      } else {
        send(action);
      }
    } else {
      handled = false;
    }
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
    }
  }
  root.addEventListener("keydown", rootKeys);

  // ---------------------------------------------------------------- size
  let observer = null;
  if (typeof ResizeObserver === "function") {
    observer = new ResizeObserver((entries) => {
      const w = Math.floor(entries[0].contentRect.width);
      if (Math.abs(w - width) >= 8) {
        width = w;
        root.classList.toggle("dl-narrow", w > 0 && w < 520);
        draw();
      }
    });
    observer.observe(root);
  }

  model.on("change:snapshot", receive);
  receive();

  return {
    root,
    show,
    destroy() {
      model.off("change:snapshot", receive);
      root.removeEventListener("keydown", rootKeys);
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
