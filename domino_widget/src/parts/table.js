// The table: its state, the intents it sends, the snapshots it shows and the focus it keeps.
// Each part of the screen is drawn by its own module from this object (`table`), whose
// fields are the view's state and whose methods are what a part may ask of it.
import { h } from "./dom.js";
import { announcer } from "./announce.js";
import { clientId } from "./client.js";
import { focusKeeper, watchFocus } from "./focus.js";
import { drawAll } from "./frame.js";
import { deadReason, watchKernel } from "./kernel.js";
import { rootKeys } from "./keys.js";
import { places, travel } from "./motion.js";
import { pacedQueue } from "./pacing.js";
import { ANSWER_NOTE_MS, actions } from "./play.js";
import { resultUrls } from "./result.js";
import { NARROW_PX, unitPx } from "./line.js";
import { translator } from "./words.js";

export { ANSWER_NOTE_MS };

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
  /** The table's fixed words, in the language Python sent (`words`), else English. */
  const t = translator(() => model.get("words"));

  const root = h("div", {
    class: "dl-root" + (calm() ? " dl-reduced-motion" : ""),
    "data-lm-suppress-shortcuts": "true",
    tabindex: "-1",
    role: "group",
    "aria-label": t("Domino table"),
  });
  const live = h("div", { class: "dl-live", "aria-live": "polite", role: "log", "aria-relevant": "additions" });
  const body = h("div", { class: "dl-body" });
  root.append(body, live);
  el.append(root);

  const table = {
    root,
    model,
    t,
    now,
    later,
    cancel,
    viewId: Math.random().toString(36).slice(2, 8),
    intentCount: 0,
    /** @type {any} */ shown: null, // the snapshot on screen
    /** @type {{id: string, t0: number, action: string}|null} */ pending: null,
    answerTimer: null,
    /** A review's arrow or Escape pressed while the last intent was still unanswered: it is
     * carried out once the answer arrives (only the last such key). */
    /** @type {string|null} */ deferredKey: null,
    /** A move made while the last intent was still unanswered: sent once it is answered. */
    /** @type {{action: string, extra: any}|null} */ queued: null,
    /** @type {number|null} */ replyFrom: null, // when the last move was sent, until it is our turn again
    /** @type {string|null} */ choosing: null, // the tile (text) waiting for an end to be chosen
    confirming: false, // "start a new match?" is showing
    /** @type {string|null} */ focusTile: null, // the hand tile that holds the roving tabindex
    /** @type {string|null} */ localNote: null, // a note from this view, not from Python
    /** @type {any} */ dead: null, // why Python cannot answer, once it cannot
    width: 0,
    lastFocused: null, // the element that had the focus when the table last drew
    /** @type {string|null} */ returnTo: null, // where the focus goes back to when the coach or a dialog closes
    /** @type {{id: string, cancelled: boolean}|null} */ hinting: null, // a hint asked, its intent not yet answered
    /** @type {string|null} */ asking: null, // a question the coach asks ("close-puzzles")
    openWhy: new Set(), // the "Why?" disclosures open (by key)
    hideHint: false, // the hint was cancelled: neither it nor its search shown while Python drops it
    resultUrl: resultUrls(),
    show,
    draw,
    die,
    unitPx: () => unitPx(root, table.shown),
    /** The projector's layout (the model's `projector`): the log beside the line. */
    projector: () => !!model.get("projector"),
  };
  const paced = pacedQueue({ now, later, cancel, show: (snap) => show(snap), shown: () => table.shown });
  table.latest = paced.latest;
  table.skipReplay = paced.skip;
  Object.assign(table, actions(table));
  const { focusKey, restoreFocus } = focusKeeper(table);
  table.restoreFocus = restoreFocus;
  table.focusKey = focusKey;
  const voice = announcer(live, t);
  table.voice = voice;

  function receive() {
    const snap = model.get("snapshot");
    if (!snap || typeof snap !== "object" || !("version" in snap)) return;
    paced.push(snap);
  }

  /** Draw `snap` now (tests call this directly). */
  function show(snap) {
    const before = table.shown;
    table.shown = snap;
    paced.shownNow();
    const held = focusKey(); // null when the focus is outside the table: then it stays there
    const wasConfirming = table.confirming;
    if (before && (before.version !== snap.version || before.hand_number !== snap.hand_number)) {
      table.choosing = null;
      table.confirming = false; // play went on: the question no longer stands
    }
    if (!snap.coach || snap.coach.kind !== "puzzle") table.asking = null;
    let latency = null;
    const pending = table.pending;
    if (table.hinting && snap.ack === table.hinting.id) table.hinting = null;
    if (table.hideHint && !table.hinting && ((!snap.hint && !snap.hinting) || (before && before.version !== snap.version))) {
      table.hideHint = false; // Python has dropped the cancelled hint, or the position changed
    }
    if (pending && snap.ack === pending.id) {
      latency = now() - pending.t0;
      table.pending = null;
      cancel(table.answerTimer);
      root.removeAttribute("aria-busy");
      root.classList.remove("dl-pending");
      table.localNote = null;
      if (snap.your_turn || snap.result) table.replyFrom = null; // nobody else had to move
    } else if (before && snap.version !== before.version) {
      table.localNote = null;
    }
    let reply = null;
    if (table.replyFrom !== null && !table.pending && (snap.your_turn || snap.result || snap.screen)) {
      reply = now() - table.replyFrom;
      table.replyFrom = null;
    }
    if (held && !(before && before.coach) && snap.coach) table.returnTo = held; // the coach opens
    draw(before);
    if (latency !== null) root.dataset.latencyMs = latency.toFixed(1);
    if (reply !== null) root.dataset.replyMs = reply.toFixed(1);
    if (held) {
      // The focus goes where the person looks next: Next hand at the end of a hand, back where
      // it was when the coach or a question closes.
      if (snap.result && !(before && before.result) && !snap.coach) restoreFocus("action:next");
      else if (before && before.coach && !snap.coach) restoreFocus(table.returnTo);
      else if (wasConfirming && !table.confirming && held.startsWith("confirm:")) restoreFocus(table.returnTo);
    }
    voice.hear(before, table.hideHint ? { ...snap, hint: null } : snap);
    table.sendQueued(); // a move made while Python was answering goes first (it drops any hint)
    table.settleHint();
    if (table.deferredKey !== null && !table.pending) {
      const key = table.deferredKey;
      table.deferredKey = null;
      if (!table.dead) table.coachKey(key);
    }
  }

  // ---------------------------------------------------------------- drawing
  function draw(before = table.shown) {
    const shown = table.shown;
    if (!shown) return;
    const key = focusKey();
    // Where things were, so that new tiles can travel from there (hand, seat, boneyard).
    const still = calm();
    root.classList.toggle("dl-reduced-motion", still);
    const motion = !still && before && before !== shown && before.hand_number === shown.hand_number;
    const from = motion ? places(root, before) : null;
    root.style.setProperty("--dl-scale", String((shown.options && shown.options.scale) || 1));
    root.classList.toggle("dl-projector", table.projector());
    body.replaceChildren(...drawAll(table, shown).filter(Boolean));
    const log = body.querySelector(".dl-log-list");
    if (log) log.scrollTop = log.scrollHeight; // the newest turn in view
    root.dataset.version = String(shown.version);
    root.dataset.seq = String(shown.seq);
    root.dataset.yourTurn = String(!!shown.your_turn);
    root.dataset.over = String(!!shown.result);
    root.dataset.screen = String(!!shown.screen);
    root.dataset.dead = String(!!table.dead);
    root.classList.toggle("dl-dead", !!table.dead);
    restoreFocus(key);
    if (from) travel(root, shown, from);
  }

  // ---------------------------------------------------------------- Python gone
  function die(reason) {
    if (table.dead) return;
    table.dead = reason;
    table.pending = null;
    table.deferredKey = null;
    table.queued = null;
    cancel(table.answerTimer);
    root.removeAttribute("aria-busy");
    root.classList.remove("dl-pending");
    table.localNote = null;
    table.choosing = null;
    table.confirming = false;
    table.hinting = null;
    table.asking = null;
    draw();
    voice.say(`${t("This table has stopped.")} ${reason}`);
  }
  const unwatch = watchKernel(model, die, () => deadReason(table.shown, inVoila, t), t);

  // ---------------------------------------------------------------- keys and size
  const onKey = (event) => rootKeys(table, event);
  root.addEventListener("keydown", onKey);
  const unfocus = watchFocus(table);
  let observer = null;
  if (typeof ResizeObserver === "function") {
    observer = new ResizeObserver((entries) => {
      const w = Math.floor(entries[0].contentRect.width);
      if (Math.abs(w - table.width) >= 8) {
        table.width = w;
        root.classList.toggle("dl-narrow", w > 0 && w < NARROW_PX);
        draw();
      }
    });
    observer.observe(root);
  }

  model.on("change:snapshot", receive);
  // Words changed by Python (the table's language switched): the table is drawn again in them.
  const reword = () => {
    root.setAttribute("aria-label", t("Domino table"));
    draw();
  };
  model.on("change:words", reword);
  const relayout = () => draw();
  model.on("change:projector", relayout);
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
      model.off("change:words", reword);
      model.off("change:projector", relayout);
      unwatch();
      root.removeEventListener("keydown", onKey);
      unfocus();
      if (observer) observer.disconnect();
      paced.clear();
      cancel(table.answerTimer);
      root.remove();
    },
  };
}
