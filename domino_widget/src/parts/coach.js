// The coach's frame (a review or a puzzle in place of the game) and its keys.
import { button, h } from "./dom.js";
import { queuedNote } from "./controls.js";
import { actionOf, tr } from "./words.js";
import { drawPuzzle } from "./puzzle.js";
import { drawReview } from "./review.js";

/** @param {any} table @param {any} s  a snapshot with `coach` */
export function drawCoach(table, s) {
  const c = s.coach;
  const notes = [];
  if (table.localNote) notes.push(h("p", { class: "dl-message dl-info dl-local", text: table.localNote }));
  notes.push(queuedNote(table));
  if (s.message) notes.push(h("p", { class: `dl-message dl-${s.message.kind}`, text: s.message.text }));
  const body = c.kind === "review" ? drawReview(table, c) : drawPuzzle(table, c);
  return h("section", { class: `dl-coach dl-coach-${c.kind}`, "aria-label": c.kind === "review" ? tr(table)("Review of the hand") : tr(table)("Puzzle") }, [
    c.kind === "puzzle" ? drawCloseQuestion(table) : null,
    ...body,
    ...notes,
  ]);
}

/** The puzzle on screen, if the coach shows one. */
export function puzzleOn(s) {
  return s && s.coach && s.coach.kind === "puzzle" ? s.coach : null;
}

/** The review on screen, if the coach shows one. */
export function reviewOn(s) {
  return s && s.coach && s.coach.kind === "review" ? s.coach : null;
}

/** Keys while the coach is on screen; true when the key was the coach's.  A review's arrow or
 * Escape pressed while the last intent is unanswered waits (`table.deferredKey`). */
export function coachKeys(table, key, focused) {
  const review = reviewOn(table.shown);
  const puzzle = puzzleOn(table.shown);
  if (!review && !puzzle) return false;
  if (table.pending && review && !table.choosing && (key === "Escape" || key === "ArrowRight" || key === "ArrowLeft")) {
    table.deferredKey = key;
    return true;
  }
  if (key === "Escape") {
    if (table.choosing) table.cancelChoice();
    else if (puzzle && table.asking) table.keepSolving();
    else if (puzzle) table.askClosePuzzles(); // Esc from habit must not throw the puzzle away
    else table.send("coach_close");
    return true;
  }
  if (table.asking) return true; // the question first
  // A letter's action in the table's language ("r" draws at a Spanish table).
  const action = key.length === 1 ? actionOf(table, key) : null;
  if (review) {
    if ((key === "ArrowRight" || key === "ArrowLeft") && review.status !== "running") {
      table.send("review_step", { step: key === "ArrowRight" ? 1 : -1 });
    } else if (action === "next") table.note(tr(table)("Close the review first (Esc); then Next hand."));
    else if (action === "analysis" && review.decision) table.send("analysis_open");
    return true;
  }
  if (action === "next") table.send("puzzle_next");
  else if (action === "analysis" && puzzle.status !== "asking") table.send("analysis_open");
  else if (action === "hint" && !puzzle.hint && puzzle.can_answer) table.send("puzzle_hint");
  else if (action === "draw" && puzzle.can_draw) table.puzzleAnswer("draw");
  else if (action === "pass" && puzzle.can_pass) table.puzzleAnswer("pass");
  else if (action === "left" || action === "right") {
    const tileText = table.choosing || focusedTile(focused);
    const entry = tileText && puzzle.hand.find((t) => t.tile === tileText);
    if (entry && puzzle.can_answer) table.playTile(entry, action);
  }
  return true;
}

/** The tile of the hand button that has the focus, if one has. */
export function focusedTile(focused) {
  return focused && focused.dataset && focused.dataset.tile && focused.closest(".dl-hand") ? focused.dataset.tile : null;
}

/** "Close the puzzles?" (asked by Esc): Keep solving is the safe default. */
export function drawCloseQuestion(table) {
  if (table.asking !== "close-puzzles") return null;
  const t = tr(table);
  return h("section", { class: "dl-confirm", role: "alertdialog", "aria-label": t("Close the puzzles?") }, [
    h("p", { text: t("Close the puzzles and go back to your game? This puzzle is left where it is.") }),
    h("div", { class: "dl-actions" }, [
      button(table, "ask:close", t("Close the puzzles"), () => {
        table.asking = null;
        table.send("coach_close");
      }),
      button(table, "ask:keep", t("Keep solving"), () => table.keepSolving(), { primary: true }),
    ]),
  ]);
}
