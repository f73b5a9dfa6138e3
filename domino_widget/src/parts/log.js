// The hand, turn by turn.
import { h } from "./dom.js";
import { english } from "./words.js";

/** @param {any} s  the snapshot @param {Function} [t]  the table's words */
export function drawLog(s, t = english) {
  // Each turn is numbered as the engine numbers it (`line.number`, the numbering a review's
  // "turn N of the hand" uses too); an undo or a setting is a note between turns, with no number.
  const turns = s.log.reduce((most, line) => (line.number == null ? most : Math.max(most, line.number)), 0);
  return h("details", { class: "dl-log", open: true }, [
    h("summary", { text: t("This hand, turn by turn ({count})", { count: turns }) }),
    // It scrolls, so it takes the focus (a keyboard can scroll it) and says what it is.
    h("ol", { class: "dl-log-list", tabindex: "0", "data-key": "log", "aria-label": t("This hand, turn by turn") },
      s.log.map((line) => h("li", { class: `dl-log-${line.kind}`, value: line.number ?? null, text: line.text }))),
  ]);
}
