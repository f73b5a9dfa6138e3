// The coach's review of a hand: its progress while it runs, then one decision at a time.
import { button, h, tileFace } from "./dom.js";
import { drawLine } from "./line.js";
import { why } from "./controls.js";
import { english, tr } from "./words.js";

/** A move as the coach shows it: its tile (or Draw/Pass) and its words.  Its figures are not
 * shown here: they stand behind the decision's "Why?" (plain words first, figures one step away).
 * `t`: the table's words. */
export function coachMove(key, title, m, extra = "", t = english) {
  // As large as the hand's tiles: the pips must be read.
  const face = m.tile
    ? tileFace(m.tile.high, m.tile.low, { orient: "v", extra: "dl-coach-tile", attrs: { role: "img", "aria-label": m.tile.spoken } })
    : h("span", { class: "dl-move-word", text: m.action === "draw" ? t("Draw") : t("Pass") });
  return h("div", { class: `dl-coach-move ${extra}`.trim(), "data-key": key }, [
    h("span", { class: "dl-coach-move-title", text: title }),
    face,
    h("span", { class: "dl-coach-move-words", text: m.words }),
  ]);
}

/** @param {any} table @param {any} c  the snapshot's `coach` (kind "review") */
export function drawReview(table, c) {
  const t = tr(table);
  if (c.status === "running") {
    const share = c.total ? c.done / c.total : 0;
    return [
      h("h3", { class: "dl-coach-title", text: t("Review this hand") }),
      h("p", { class: "dl-review-progress-text", "data-key": "review:progress", text: c.progress_text }),
      h("span", {
        class: "dl-progress dl-review-progress",
        role: "progressbar",
        "aria-label": c.progress_text,
        "aria-valuemin": "0",
        "aria-valuemax": String(c.total),
        "aria-valuenow": String(c.done),
      }, [h("span", { class: "dl-progress-bar", style: `width: ${Math.round(share * 100)}%` })]),
      h("div", { class: "dl-actions" }, [button(table, "review:cancel", t("Cancel (Esc)"), () => table.send("coach_close"), { primary: true, shortcut: "Escape" })]),
    ];
  }
  const d = c.decision;
  const out = [h("h3", { class: "dl-coach-title", text: t("Review of the hand") })];
  if (c.summary) out.push(h("p", { class: "dl-muted dl-review-summary", text: c.summary }));
  if (d) {
    out.push(
      h("p", { class: "dl-review-heading", "data-key": "review:heading", text: d.heading }),
      drawLine(table, d, false, true),
      h("div", { class: "dl-review-hand" }, [
        h("span", { class: "dl-coach-move-title", text: t("Your tiles then") }),
        h("span", { class: "dl-review-tiles", role: "img", "aria-label": t("Your tiles then: {tiles}", { tiles: d.hand.map((tile) => tile.spoken).join(", ") }) },
          d.hand.map((tile) => tileFace(tile.high, tile.low, { orient: "v", extra: "dl-coach-tile" }))),
      ]),
      h("div", { class: "dl-coach-moves" }, [
        coachMove("review:played", t("Played"), d.played, "", t),
        // The only move has no better one to show (and is never called best).
        d.same || d.label === "forced" ? null : coachMove("review:best", t("Best"), d.best, "dl-coach-best", t),
      ]),
      h("p", { class: `dl-review-label dl-label-${d.label}`, "data-key": "review:label", text: d.label_text }),
      h("p", { class: "dl-review-sentence", "data-key": "review:sentence", text: d.sentence }),
      why(table, `review:${c.index}`, d.why, d.sentence),
    );
  }
  out.push(
    h("div", { class: "dl-actions" }, [
      button(table, "review:previous", t("Previous (←)"), () => table.send("review_step", { step: -1 }), { shortcut: "ArrowLeft", disabled: !d || c.index <= 0 }),
      button(table, "review:next", t("Next (→)"), () => table.send("review_step", { step: 1 }), { primary: true, shortcut: "ArrowRight", disabled: !d || c.index >= c.count - 1 }),
      d ? button(table, "review:analysis", t("Open in analysis (A)"), () => table.send("analysis_open"), { keyed: "analysis" }) : null,
      button(table, "review:close", t("Close (Esc)"), () => table.send("coach_close"), { extra: "dl-quiet", shortcut: "Escape" }),
    ]),
  );
  return out;
}
