// The boneyard: its backs (the ones that must stay marked) and how many may be drawn.
import { h, tileBack } from "./dom.js";

/** @param {any} s  the snapshot */
export function drawBoneyard(s) {
  const b = s.boneyard;
  const label = s.rules.can_draw
    ? `Boneyard: ${b.count} tile${b.count === 1 ? "" : "s"}` + (b.stay ? `; ${b.drawable} may be drawn, the last ${b.stay} stay` : "")
    : "No drawing in these rules" + (b.count ? ` (${b.count} tile${b.count === 1 ? "" : "s"} stay face down)` : "");
  const tiles = [];
  for (let i = 0; i < b.count; i++) tiles.push(tileBack(i >= b.count - b.stay ? "dl-stay" : ""));
  return h("section", { class: "dl-boneyard", "aria-label": label }, [
    h("span", { class: "dl-boneyard-tiles", "aria-hidden": "true" }, tiles),
    h("span", { class: "dl-muted dl-boneyard-text", text: label }),
  ]);
}
