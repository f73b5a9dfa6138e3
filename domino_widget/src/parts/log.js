// The hand, turn by turn.
import { h } from "./dom.js";

/** @param {any} s  the snapshot */
export function drawLog(s) {
  return h("details", { class: "dl-log", open: true }, [
    h("summary", { text: `This hand, turn by turn (${s.log.length})` }),
    h("ol", { class: "dl-log-list" }, s.log.map((line) => h("li", { class: `dl-log-${line.kind}`, text: line.text }))),
  ]);
}
