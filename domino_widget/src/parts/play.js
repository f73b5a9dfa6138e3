// What the person's clicks and keys ask of the table: intents sent to Python (one at a time,
// for the position on screen), or a note saying why not now.
import { coachKeys, puzzleOn } from "./coach.js";
import { focusHand } from "./focus.js";
import { tr } from "./words.js";

/** Milliseconds without an answer from Python before the table says it is waiting. */
export const ANSWER_NOTE_MS = 4000;

/** The moves a person may make while Python is still answering another request (a hint's
 * search finishing after Cancel, in the in-browser site): the last one waits (`table.queued`,
 * said on screen) and is sent, for the position it was made on, once Python has answered.
 * Python checks it then, as any move. */
const QUEUED = new Set(["play", "draw", "pass", "puzzle_answer"]);

/** The table's actions, as methods to merge into `table`. */
export function actions(table) {
  const t = (key, parts) => tr(table)(key, parts);
  /** Send an intent.  Moves go with the position the person sees; the rest (next hand, new
   * match, carry on...) with the newest one received. */
  function send(action, extra = {}) {
    const shown = table.shown;
    if (!shown || table.dead) return false;
    if (table.pending) {
      // A second move while the first is unanswered is a double click: refused.  A move while
      // a hint, a cancel or another request is answered waits for it.
      if (!QUEUED.has(action) || QUEUED.has(table.pending.action)) return false;
      table.queued = { action, extra: { version: shown.version, ...extra } };
      table.draw();
      return true;
    }
    const onScreen = ["play", "draw", "pass", "hint", "undo"].includes(action);
    const id = `${table.viewId}-${++table.intentCount}`;
    const pending = { id, t0: table.now(), action };
    table.pending = pending;
    if (["play", "draw", "pass"].includes(action)) table.replyFrom = pending.t0;
    table.root.setAttribute("aria-busy", "true");
    table.root.classList.add("dl-pending");
    table.answerTimer = table.later(() => {
      if (table.pending && table.pending.id === id) {
        table.localNote = t("No answer from Python yet. If the kernel is busy with another cell, the table carries on when it is done.");
        table.draw();
      }
    }, ANSWER_NOTE_MS);
    try {
      table.model.send({ action, version: onScreen ? shown.version : table.latest().version, id, ...extra });
    } catch (error) {
      table.die(t("The table lost its connection to Python."));
    }
    return true;
  }

  /** The clickable hand: the puzzle's seat's, or the viewer's at the table. */
  function handNow() {
    const puzzle = puzzleOn(table.shown);
    return puzzle ? puzzle.hand : table.shown ? table.shown.hand : [];
  }

  function playTile(tile, end) {
    table.choosing = null;
    if (puzzleOn(table.shown)) send("puzzle_answer", { move: "play", tile: tile.tile, end: end ?? null });
    else send("play", { tile: tile.tile, end: end ?? null });
  }

  /** A click or key on a hand tile (while Python answers the last intent, the move waits). */
  function useTile(tile) {
    const shown = table.shown;
    if (!shown || table.dead) return;
    if (table.pending && QUEUED.has(table.pending.action)) return; // the last move is unanswered: a double click
    const puzzle = puzzleOn(shown);
    // The position has moved on: show it before anything is played (a puzzle's position does
    // not move with the game underneath, so its answer goes on).
    if (table.skipReplay() && !puzzle) return;
    if (puzzle && !puzzle.can_answer) return note(t("This puzzle is done: press Next puzzle (N)."));
    if (!puzzle && !shown.your_turn) return note(waitNote());
    if (!tile.playable) {
      send("play", { tile: tile.tile, end: null }); // Python says why not
      return;
    }
    if (tile.ends.length === 2) {
      table.choosing = tile.tile; // the engine says the two ends give different moves: ask which
      table.focusTile = tile.tile;
      table.draw();
      const first = table.root.querySelector('[data-key="choose:left"]');
      if (first) first.focus();
      return;
    }
    playTile(tile, tile.ends[0]);
  }

  function chooseEnd(end) {
    if (!table.choosing || !table.shown) return;
    const tile = handNow().find((t) => t.tile === table.choosing);
    if (tile) playTile(tile, end);
  }

  function cancelChoice() {
    const tile = table.choosing;
    table.choosing = null;
    table.draw();
    const back = table.root.querySelector(`[data-key="hand:${tile}"]`);
    if (back) /** @type {HTMLElement} */ (back).focus();
  }

  function waitNote() {
    const s = table.shown;
    if (s.offer) return t("First choose: carry on with the saved match, or start a new one.");
    if (s.screen) return t("Pass the screen to {name} first.", { name: s.screen.name });
    if (s.result) return t("The hand is over.");
    return s.thinking === s.turn
      ? t("{name} is thinking; wait for your turn.", { name: s.turn_name })
      : t("It is {name}'s turn.", { name: s.turn_name });
  }

  function note(text) {
    table.localNote = text;
    table.draw();
  }

  /** Draw, pass, undo, hint: during someone else's turn, say whose it is instead. */
  function act(action) {
    if (!table.shown || table.dead) return;
    if (table.skipReplay()) return;
    if (action !== "undo" && !table.shown.your_turn) return note(waitNote());
    if (send(action) && action === "hint") {
      // "Thinking…" at once, with Cancel, until Python answers; then for as long as Python
      // says it is searching (the snapshot's `hinting`): a hint can take a second or more.
      table.hinting = { id: table.pending.id, cancelled: false };
      table.hideHint = false;
      table.draw();
    }
  }

  /** True while the table shows that a hint is being thought about (asked and not yet
   * answered, or Python searching), unless the person cancelled it. */
  function hintThinking() {
    return !table.hideHint && (!!table.hinting || !!(table.shown && table.shown.hinting));
  }

  /** Cancel while a hint is thinking: the hint is not shown or said if it comes, and Python
   * is told to stop its search (at once, or once it has answered the hint's intent). */
  function cancelHint() {
    if (!hintThinking()) return;
    if (table.hinting) table.hinting.cancelled = true;
    table.hideHint = true;
    settleHint();
    table.draw();
    focusHand(table);
  }

  /** A cancelled hint Python still has (searching, or come): ask Python to drop it, as soon
   * as nothing else waits for an answer. */
  function settleHint() {
    const s = table.shown;
    if (table.hideHint && !table.hinting && !table.pending && s && (s.hint || s.hinting)) send("cancel_hint");
  }

  function askNewMatch() {
    const shown = table.shown;
    if (!shown || table.dead) return;
    if (shown.in_progress && !shown.scoreboard.match_over) {
      table.returnTo = table.focusKey ? table.focusKey() || "action:new" : "action:new";
      table.confirming = true;
      table.draw();
      const keep = table.root.querySelector('[data-key="confirm:keep"]');
      if (keep) keep.focus();
    } else {
      send("new_match");
    }
  }

  /** Esc in a puzzle: ask before closing it. */
  function askClosePuzzles() {
    table.returnTo = table.focusKey ? table.focusKey() : null;
    table.asking = "close-puzzles";
    table.draw();
    const keep = table.root.querySelector('[data-key="ask:keep"]');
    if (keep) keep.focus();
  }

  function keepSolving() {
    table.asking = null;
    table.draw();
    table.restoreFocus(table.returnTo || "root");
  }

  /** Keep playing: the question goes, the focus goes back to where it was. */
  function closeConfirm() {
    table.confirming = false;
    table.draw();
    table.restoreFocus(table.returnTo || "action:new");
  }

  function puzzleAnswer(move) {
    const c = puzzleOn(table.shown);
    if (!c || table.dead) return;
    if (!c.can_answer) note(t("This puzzle is done: press Next puzzle (N)."));
    else send("puzzle_answer", { move });
  }

  /** The words for a tile of the hand on screen ("six-three"), or its text. */
  function spoken(tileText) {
    const t = table.shown && handNow().find((x) => x.tile === tileText);
    return t ? t.spoken : tileText;
  }

  /** The move that waited for Python's answer, sent now that it has come (Python says why not,
   * if the position it was made on has gone). */
  function sendQueued() {
    const q = table.queued;
    if (!q || table.pending || table.dead) return;
    table.queued = null;
    send(q.action, q.extra);
    table.draw();
  }

  return {
    send, sendQueued, handNow, playTile, useTile, chooseEnd, cancelChoice, waitNote, note, act, askNewMatch, puzzleAnswer, spoken, cancelHint,
    hintThinking, settleHint,
    closeConfirm, askClosePuzzles, keepSolving,
    coachKey: (key) => coachKeys(table, key, null),
  };
}
