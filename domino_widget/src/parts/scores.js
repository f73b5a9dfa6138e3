// The match scores (progress to the target) and the table of hands played.
import { h } from "./dom.js";
import { english } from "./words.js";

/** Each side's points, with a bar to the target (`t`: the table's words). */
export function drawScores(board, t = english) {
  return h(
    "ol",
    { class: "dl-scores", "aria-label": t("Match scores, first to {target}", { target: board.target }) },
    board.sides.map((side) =>
      h("li", { class: `dl-score${side.mine ? " dl-mine" : ""}${side.winner ? " dl-winner" : ""}` }, [
        h("span", { class: "dl-score-name", text: side.label }),
        h("span", { class: "dl-score-points", text: String(side.points) }),
        h("span", {
          class: "dl-progress",
          role: "progressbar",
          "aria-label": t("{side}: {points} of {target}", { side: side.label, points: side.points, target: board.target }),
          "aria-valuemin": "0",
          "aria-valuemax": String(board.target),
          "aria-valuenow": String(side.points),
        }, [h("span", { class: "dl-progress-bar", style: `width: ${Math.round(side.progress * 100)}%` })]),
      ]),
    ),
  );
}

/** The points of every hand so far, folded away; nothing before the first hand ends. */
export function drawHands(board, t = english) {
  if (!board.hands.length) return null;
  return h("details", { class: "dl-hands" }, [
    h("summary", { text: t("Hands played: {count}", { count: board.hands.length }) }),
    h("table", { class: "dl-hands-table" }, [
      h("thead", {}, [h("tr", {}, [h("th", { text: t("Hand") }), ...board.sides.map((side) => h("th", { text: side.label }))])]),
      h("tbody", {}, board.hands.map((hand) =>
        h("tr", {}, [h("td", { text: String(hand.number) }), ...hand.points.map((p) => h("td", { text: String(p) }))]),
      )),
    ]),
  ]);
}
