// The boneyard: its backs (the ones that must stay marked) and how many may be drawn.
import { h, tileBack } from "./dom.js";
import { english } from "./words.js";

/** @param {any} s  the snapshot @param {Function} [t]  the table's words */
export function drawBoneyard(s, t = english) {
  const b = s.boneyard;
  const parts = { drawable: b.drawable, stay: b.stay };
  const label = s.rules.can_draw
    ? b.stay
      ? t.n("Boneyard: {count} tile; {drawable} may be drawn, the last {stay} stay", "Boneyard: {count} tiles; {drawable} may be drawn, the last {stay} stay", b.count, parts)
      : t.n("Boneyard: {count} tile", "Boneyard: {count} tiles", b.count)
    : b.count
      ? t.n("No drawing in these rules ({count} tile stay face down)", "No drawing in these rules ({count} tiles stay face down)", b.count)
      : t("No drawing in these rules");
  const tiles = [];
  for (let i = 0; i < b.count; i++) tiles.push(tileBack(i >= b.count - b.stay ? "dl-stay" : ""));
  return h("section", { class: "dl-boneyard", "aria-label": label }, [
    h("span", { class: "dl-boneyard-tiles", "aria-hidden": "true" }, tiles),
    h("span", { class: "dl-muted dl-boneyard-text", text: label }),
  ]);
}
