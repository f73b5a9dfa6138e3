// A puzzle on the table: its question, position and hand, the answer's verdict, its hint and
// explanation, and the way on.
import { button, h } from "./dom.js";
import { endChoice, why } from "./controls.js";
import { handRow } from "./hand.js";
import { drawLine } from "./line.js";
import { coachMove } from "./review.js";
import { tr } from "./words.js";

/** @param {any} table @param {any} c  the snapshot's `coach` (kind "puzzle") */
export function drawPuzzle(table, c) {
  const t = tr(table);
  const hand = handRow(table, c.hand, t("Your hand in the puzzle"), { active: c.can_answer, say: c.can_answer, marked: (t) => t.playable });
  // The puzzle names seats as its question does ("seat 1"), and only so.
  const others = c.others
    .map((o) => t.n("{name}: {count} tile", "{name}: {count} tiles", o.count, { name: o.name || t("seat {seat}", { seat: o.seat }) }))
    .join("; ");
  const f = c.feedback;
  const done = c.status === "correct" || c.status === "solution";
  return [
    h("h3", { class: "dl-coach-title", text: t("Puzzle {number} of {count} ({grade})", { number: c.number, count: c.count, grade: c.grade }) }),
    h("p", { class: "dl-puzzle-question", text: c.question }),
    h("p", { class: "dl-muted", text: t.n("Others: {others}. Boneyard: {count} tile.", "Others: {others}. Boneyard: {count} tiles.", c.boneyard, { others }) }),
    drawLine(table, c, true, true),
    hand,
    endChoice(table, c.ends),
    h("div", { class: "dl-actions" }, [
      c.can_draw ? button(table, "puzzle:draw", t("Draw (D)"), () => table.puzzleAnswer("draw"), { keyed: "draw" }) : null,
      c.can_pass ? button(table, "puzzle:pass", t("Pass (P)"), () => table.puzzleAnswer("pass"), { keyed: "pass" }) : null,
    ]),
    f ? h("p", { class: `dl-puzzle-feedback dl-feedback-${f.status}`, "data-key": "puzzle:feedback", role: "status" }, [h("strong", { text: `${f.title}: ` }), f.text]) : null,
    f ? why(table, "puzzle:feedback", f.why, f.text) : null,
    c.hint ? h("p", { class: "dl-message dl-hint", "data-key": "puzzle:hint", text: t("Hint: {text}", { text: c.hint }) }) : null,
    c.explanation ? h("p", { class: "dl-puzzle-explanation", "data-key": "puzzle:explanation", text: c.explanation }) : null,
    c.explanation ? why(table, `puzzle:${c.id}`, c.why, c.explanation) : null,
    c.best && c.status === "solution" ? coachMove("puzzle:best", t("Best"), c.best, "dl-coach-best", t) : null,
    h("div", { class: "dl-actions" }, [
      done || c.hint ? null : button(table, "puzzle:hint", t("Hint (H)"), () => table.send("puzzle_hint"), { keyed: "hint" }),
      done ? null : button(table, "puzzle:solution", t("Show the answer"), () => table.send("puzzle_solution"), { extra: "dl-quiet" }),
      c.status === "asking" ? null : button(table, "puzzle:analysis", t("Open in analysis (A)"), () => table.send("analysis_open"), { keyed: "analysis" }),
      button(table, "puzzle:next", t("Next puzzle (N)"), () => table.send("puzzle_next"), { primary: done, keyed: "next" }),
      // While an end is being chosen, Esc cancels the choice ("Cancel (Esc)"): one Esc button at a time.
      table.choosing ? null : button(table, "puzzle:close", t("Close (Esc)"), () => table.send("coach_close"), { extra: "dl-quiet", shortcut: "Escape" }),
    ]),
  ];
}
