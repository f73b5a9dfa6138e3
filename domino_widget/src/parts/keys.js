// The table's keys: every key pressed inside the table stays in it (JupyterLab's one-letter
// commands never run from here); letters act as the buttons say.
import { analysisKeys } from "./analysis.js";
import { coachKeys, focusedTile } from "./coach.js";
import { focusHand } from "./focus.js";
import { actionOf, tr } from "./words.js";

/** The actions a letter does at the table (not the coach's or the board's); which letter is
 * each action's comes from Python, in the table's language (`actionOf`). */
const LETTER_ACTIONS = new Set(["draw", "pass", "undo", "hint", "next", "carry", "show", "review"]);

/** The keydown handler of the table's root. @param {any} table @param {KeyboardEvent} event */
export function rootKeys(table, event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return; // the notebook's and the browser's
  if (event.key === "Tab") {
    holdInDialog(table.root, event); // moving the focus stays the browser's, inside an open dialog
    return;
  }
  // Every other key pressed in the table stays in the table: JupyterLab's single-letter
  // commands (R: raw cell, D D: delete the cell) must never run from here.
  event.stopPropagation();
  const shown = table.shown;
  if (!shown) return;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  const root = table.root;
  const focused = /** @type {HTMLElement} */ (root.ownerDocument.activeElement);
  // Typing in one of the table's boxes: the keys are the box's (Escape still closes).
  if (focused && root.contains(focused) && ["INPUT", "TEXTAREA", "SELECT"].includes(focused.tagName) && key !== "Escape") return;
  const onButton = focused && ["BUTTON", "SUMMARY", "A"].includes(focused.tagName) && root.contains(focused);
  if (key === "Enter" || key === " ") {
    if (!onButton) event.preventDefault();
    return; // a focused button acts on its own
  }
  let handled = true;
  const action = key.length === 1 ? actionOf(table, key) : null; // "d" is "right" at a Spanish table
  if (!table.dead && analysisKeys(table, key)) {
    /* the analysis board's key */
  } else if (!table.dead && coachKeys(table, key, focused)) {
    /* the review's or the puzzle's key */
  } else if (key === "Escape") {
    if (table.choosing) table.cancelChoice();
    else if (table.confirming) table.closeConfirm();
    else if (table.hintThinking()) table.cancelHint();
    else handled = false;
  } else if (table.dead) {
    handled = key.length === 1;
  } else if ((key === "ArrowLeft" || key === "ArrowRight" || key === "Home" || key === "End") && !(focused && focused.closest(".dl-hand"))) {
    // Arrows from anywhere else on the table go to the hand (the hand moves along itself).
    handled = !focused || focused === table.root || !focused.closest("details, .dl-log-list") ? focusHand(table) : false;
  } else if (action === "left" || action === "right") {
    const tileText = table.choosing || focusedTile(focused);
    const entry = tileText && shown.hand.find((t) => t.tile === tileText);
    if (entry) {
      if (!shown.your_turn) table.note(table.waitNote());
      else table.playTile(entry, action);
    }
  } else if (LETTER_ACTIONS.has(action)) {
    letter(table, action);
  } else {
    handled = key.length === 1; // other letters: swallowed, not acted on
  }
  if (handled) event.preventDefault();
}

/** A letter key's action at the table (not the coach's). */
function letter(table, action) {
  const shown = table.shown;
  if (action === "next") {
    if (table.skipReplay()) {
      /* shown the end of the replay first */
    } else if (shown.result && shown.tournament && shown.scoreboard.match_over) {
      table.note(shown.tournament.saved_text || shown.status);
    } else if (shown.result) table.send(shown.scoreboard.match_over ? "new_match" : "next_hand");
    else table.note(shown.your_turn ? tr(table)("The hand is still being played.") : table.waitNote());
  } else if (action === "carry") {
    if (shown.offer) table.send("resume");
  } else if (action === "show") {
    if (shown.screen) table.send("reveal");
  } else if (action === "hint") {
    if (shown.options.hints) table.act("hint");
  } else if (action === "undo") {
    if (shown.undo.policy !== "off") table.act("undo");
  } else if (action === "review") {
    if (table.skipReplay()) {
      /* shown the end of the replay first */
    } else if (shown.can_review) table.send("review");
  } else {
    table.act(action);
  }
}

/** Tab and Shift+Tab go round the open dialog (a question the table asks) without leaving it. */
export function holdInDialog(root, event) {
  const dialog = root.querySelector('[role="alertdialog"]');
  if (!dialog) return;
  const stops = Array.from(dialog.querySelectorAll("button:not([disabled]), a[href], [tabindex='0']"));
  if (!stops.length) return;
  const active = root.ownerDocument.activeElement;
  const first = stops[0];
  const last = stops[stops.length - 1];
  let next = null;
  if (!dialog.contains(active)) next = first;
  else if (event.shiftKey && active === first) next = last;
  else if (!event.shiftKey && active === last) next = first;
  if (next) {
    event.preventDefault();
    event.stopPropagation();
    /** @type {HTMLElement} */ (next).focus();
  }
}
