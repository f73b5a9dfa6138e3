import { analysisParts } from "./analysis.js";
import { lineLabel } from "./line.js";
import { english } from "./words.js";

// What the live region says when a snapshot replaces another: the new turns of the log,
// Python's message, the hint, the result, whose turn it is, the coach's news.  Each
// announcement is added to the region as its own line (a screen reader reads each addition in
// order; nothing said is replaced before it is read), and a computer's draws wait for its play
// or pass so that its whole turn is said at once.

/** How many past announcements the region keeps (older ones are removed, not read again). */
export const KEEP = 12;

/** The sentences to say for the change from `before` to `snap` (empty when nothing is new;
 * `t`: the table's words). */
export function announcementParts(before, snap, t = english) {
  if (snap.analysis) return analysisParts(before, snap, t);
  if (snap.coach) return coachParts(before, snap, t);
  const parts = [];
  const sameHand =
    before && before.match_number === snap.match_number && before.hand_number === snap.hand_number;
  // New lines, and a line that grew (the log writes a turn as one sentence: "North draws 2
  // and plays 6-1 on the right" grows from "North draws 1").
  let from = 0;
  if (sameHand) {
    const n = Math.min(before.log.length, snap.log.length);
    while (from < n && before.log[from].text === snap.log[from].text) from += 1;
  }
  const turnSaid = (snap.your_turn || snap.screen || snap.offer) && !(before && before.status === snap.status && sameHand);
  const lines = snap.log.slice(from).map((line) => line.text);
  // Your own turn's line grew ("You draw 1 (3-3)" became "... and play 3-3 on the left"):
  // say only the move just made, so that each draw is said once.
  const last = snap.last;
  const grew = sameHand && from < before.log.length && from === snap.log.length - 1;
  if (grew && last && last.text && snap.humans.includes(last.seat)) lines[0] = last.text;
  parts.push(...lines);
  if (snap.message && (!before || before.seq !== snap.seq)) parts.push(snap.message.text);
  if (snap.hint && !(before && before.hint)) parts.push(t("Hint: {text}", { text: snap.hint.text }));
  if (snap.result && !(before && before.result)) parts.push(`${snap.result.title}. ${snap.result.why}`);
  if (snap.scoreboard.result && !(before && before.scoreboard.result)) parts.push(snap.scoreboard.result);
  // The status as said leaves out "You drew ...": the log's line said each draw once.
  if (turnSaid) parts.push(snap.status_said ?? snap.status);
  return parts;
}

/** While a review or a puzzle is on the table, the game underneath is not said: only the
 * coach's own news, a puzzle's from its own position. */
function coachParts(before, snap, t) {
  const parts = [];
  const c = snap.coach;
  const b = before && before.coach;
  if (snap.message && (!before || before.seq !== snap.seq)) parts.push(snap.message.text);
  if (c.kind === "review" && c.decision && !(b && b.decision && b.index === c.index)) parts.push(`${c.decision.heading}. ${c.decision.sentence}`);
  if (c.kind === "puzzle") {
    if (!(b && b.kind === "puzzle" && b.id === c.id)) {
      parts.push(`${t("Puzzle {number} of {count}", { number: c.number, count: c.count })}. ${c.question}`, lineLabel(c));
    }
    if (c.feedback && !(b && b.feedback && b.feedback.text === c.feedback.text)) parts.push(`${c.feedback.title}: ${c.feedback.text}`);
    if (c.hint && !(b && b.hint === c.hint)) parts.push(t("Hint: {text}", { text: c.hint }));
  }
  return parts;
}

/** The parts as one announcement. */
export function announcement(before, snap, t = english) {
  return join(announcementParts(before, snap, t));
}

function join(parts) {
  // A part that ends its own sentence ("…clearly best?") takes no second full stop.
  return parts.join(". ").replace(/([.?!:])\./g, "$1");
}

/** Whether `snap` shows a computer's draw with its turn still going on (its play comes next). */
function midTurn(snap) {
  const last = snap.last;
  return !!(last && last.action === "draw" && !snap.humans.includes(last.seat) && !snap.result && snap.turn === last.seat && !snap.coach);
}

/**
 * The live region's queue.  `hear(before, snap)` adds what changed; `say(text)` adds a line.
 * @param {HTMLElement} live  an element with aria-live (role "log")
 * @param {Function} [t]  the table's words
 */
export function announcer(live, t = english) {
  let held = null; // the snapshot before a computer's turn that is still going on
  const add = (text) => {
    if (!text) return;
    live.append(live.ownerDocument.createElement("p"));
    live.lastChild.textContent = text;
    while (live.childNodes.length > KEEP) live.firstChild.remove();
  };
  return {
    hear(before, snap) {
      // A computer's turn is said once it is whole, from where it began: its line then says
      // its draws and its play in one sentence.
      if (midTurn(snap)) {
        if (held === null) held = before;
        return;
      }
      add(announcement(held === null ? before : held, snap, t));
      held = null;
    },
    say(text) {
      held = null;
      add(text);
    },
    /** Every line said so far that the region still holds, oldest first (tests read it). */
    said: () => Array.from(live.childNodes, (n) => n.textContent),
  };
}
