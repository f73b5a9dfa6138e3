// The other seats: name, tile count (backs, or faces when the hands are open), who is
// thinking, and what each is known to lack.
import { h, tileBack, tileFace } from "./dom.js";
import { english } from "./words.js";

/** @param {any} s  the snapshot @param {Function} [t]  the table's words */
export function drawOthers(s, t = english) {
  return h(
    "section",
    { class: "dl-others", "aria-label": t("The other seats") },
    s.others.map((o) => {
      const tiles = o.tiles
        ? h(
            "span",
            { class: "dl-mini-hand", role: "img", "aria-label": o.tiles.length
                ? t("{name} holds {tiles}", { name: o.name, tiles: o.tiles.map((tile) => tile.spoken).join(", ") })
                : t("{name} holds nothing", { name: o.name }),
            },
            o.tiles.map((tile) => tileFace(tile.high, tile.low, { orient: "v", extra: "dl-small dl-open" })),
          )
        : h("span", { class: "dl-mini-hand", "aria-hidden": "true" }, Array.from({ length: o.count }, () => tileBack()));
      const cls = ["dl-seat", o.to_move && "dl-to-move", o.thinking && "dl-thinking", o.partner && "dl-partner"]
        .filter(Boolean)
        .join(" ");
      return h("div", { class: cls, "data-seat": o.seat }, [
        h("div", { class: "dl-seat-head" }, [
          h("span", { class: "dl-seat-name", text: o.partner ? t("{name} (partner)", { name: o.name }) : o.name }),
          h("span", { class: "dl-muted", text: t.n("{count} tile", "{count} tiles", o.count) }),
          o.thinking ? h("span", { class: "dl-spinner", role: "img", "aria-label": t("{name} is thinking", { name: o.name }) }) : null,
          o.thinking ? h("span", { class: "dl-thinking-text", text: t("thinking…") }) : null,
        ]),
        tiles,
        o.lacks && o.lacks.length
          ? h("div", {
              class: "dl-lacks",
              text: t("Known to have no {numbers}", { numbers: o.lacks.join(", ") }),
              title: t("Shown by a pass (or a draw under rules that forbid drawing when able)"),
            })
          : null,
      ]);
    }),
  );
}
