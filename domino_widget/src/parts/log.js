// The hand, turn by turn.
import { h } from "./dom.js";

/** @param {any} s  the snapshot */
export function drawLog(s) {
  return h("details", { class: "dl-log", open: true }, [
    h("summary", { text: `This hand, turn by turn (${s.log.length})` }),
    // It scrolls, so it takes the focus (a keyboard can scroll it) and says what it is.
    h("ol", { class: "dl-log-list", tabindex: "0", "data-key": "log", "aria-label": "This hand, turn by turn" }, s.log.map((line) => h("li", { class: `dl-log-${line.kind}`, text: line.text }))),
  ]);
}
