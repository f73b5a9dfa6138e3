// A puzzle on the table: its question, position and hand, the answer's verdict, its hint and
// explanation, and the way on.
import { button, h } from "./dom.js";
import { endChoice, why } from "./controls.js";
import { handRow } from "./hand.js";
import { drawLine } from "./line.js";
import { coachMove } from "./review.js";

/** @param {any} table @param {any} c  the snapshot's `coach` (kind "puzzle") */
export function drawPuzzle(table, c) {
  const hand = handRow(table, c.hand, "Your hand in the puzzle", { active: c.can_answer, say: c.can_answer, marked: (t) => t.playable });
  // The puzzle names seats as its question does ("seat 1"), and only so.
  const others = c.others.map((o) => `${o.name || `seat ${o.seat}`}: ${o.count} tile${o.count === 1 ? "" : "s"}`).join("; ");
  const f = c.feedback;
  const done = c.status === "correct" || c.status === "solution";
  return [
    h("h3", { class: "dl-coach-title", text: `Puzzle ${c.number} of ${c.count} (${c.grade})` }),
    h("p", { class: "dl-puzzle-question", text: c.question }),
    h("p", { class: "dl-muted", text: `Others: ${others}. Boneyard: ${c.boneyard} tile${c.boneyard === 1 ? "" : "s"}.` }),
    drawLine(table, c, true),
    hand,
    endChoice(table, c.ends),
    h("div", { class: "dl-actions" }, [
      c.can_draw ? button(table, "puzzle:draw", "Draw (D)", () => table.puzzleAnswer("draw"), { shortcut: "d" }) : null,
      c.can_pass ? button(table, "puzzle:pass", "Pass (P)", () => table.puzzleAnswer("pass"), { shortcut: "p" }) : null,
    ]),
    f ? h("p", { class: `dl-puzzle-feedback dl-feedback-${f.status}`, "data-key": "puzzle:feedback", role: "status" }, [h("strong", { text: `${f.title}: ` }), f.text]) : null,
    f ? why(table, "puzzle:feedback", f.why, f.text) : null,
    c.hint ? h("p", { class: "dl-message dl-hint", "data-key": "puzzle:hint", text: `Hint: ${c.hint}` }) : null,
    c.explanation ? h("p", { class: "dl-puzzle-explanation", "data-key": "puzzle:explanation", text: c.explanation }) : null,
    c.explanation ? why(table, `puzzle:${c.id}`, c.why, c.explanation) : null,
    c.best && c.status === "solution" ? coachMove("puzzle:best", "Best", c.best, "dl-coach-best") : null,
    h("div", { class: "dl-actions" }, [
      done || c.hint ? null : button(table, "puzzle:hint", "Hint (H)", () => table.send("puzzle_hint"), { shortcut: "h" }),
      done ? null : button(table, "puzzle:solution", "Show the answer", () => table.send("puzzle_solution"), { extra: "dl-quiet" }),
      button(table, "puzzle:next", "Next puzzle (N)", () => table.send("puzzle_next"), { primary: done, shortcut: "n" }),
      button(table, "puzzle:close", "Close (Esc)", () => table.send("coach_close"), { extra: "dl-quiet", shortcut: "Escape" }),
    ]),
  ];
}
