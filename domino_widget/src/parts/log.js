// The hand, turn by turn.
import { h } from "./dom.js";
import { english } from "./words.js";

/** @param {any} s  the snapshot @param {Function} [t]  the table's words */
export function drawLog(s, t = english) {
  return h("details", { class: "dl-log", open: true }, [
    h("summary", { text: t("This hand, turn by turn ({count})", { count: s.log.length }) }),
    // It scrolls, so it takes the focus (a keyboard can scroll it) and says what it is.
    h("ol", { class: "dl-log-list", tabindex: "0", "data-key": "log", "aria-label": t("This hand, turn by turn") }, s.log.map((line) => h("li", { class: `dl-log-${line.kind}`, text: line.text }))),
  ]);
}
