// The other seats: name, tile count (backs, or faces when the hands are open), who is
// thinking, and what each is known to lack.
import { h, tileBack, tileFace } from "./dom.js";

/** @param {any} s  the snapshot */
export function drawOthers(s) {
  return h(
    "section",
    { class: "dl-others", "aria-label": "The other seats" },
    s.others.map((o) => {
      const tiles = o.tiles
        ? h(
            "span",
            { class: "dl-mini-hand", role: "img", "aria-label": `${o.name} holds ${o.tiles.map((t) => t.spoken).join(", ") || "nothing"}` },
            o.tiles.map((t) => tileFace(t.high, t.low, { orient: "v", extra: "dl-small dl-open" })),
          )
        : h("span", { class: "dl-mini-hand", "aria-hidden": "true" }, Array.from({ length: o.count }, () => tileBack()));
      const cls = ["dl-seat", o.to_move && "dl-to-move", o.thinking && "dl-thinking", o.partner && "dl-partner"]
        .filter(Boolean)
        .join(" ");
      return h("div", { class: cls, "data-seat": o.seat }, [
        h("div", { class: "dl-seat-head" }, [
          h("span", { class: "dl-seat-name", text: o.name + (o.partner ? " (partner)" : "") }),
          h("span", { class: "dl-muted", text: `${o.count} tile${o.count === 1 ? "" : "s"}` }),
          o.thinking ? h("span", { class: "dl-spinner", role: "img", "aria-label": `${o.name} is thinking` }) : null,
          o.thinking ? h("span", { class: "dl-thinking-text", text: "thinking…" }) : null,
        ]),
        tiles,
        o.lacks && o.lacks.length
          ? h("div", {
              class: "dl-lacks",
              text: `Known to have no ${o.lacks.join(", ")}`,
              title: "Shown by a pass (or a draw under rules that forbid drawing when able)",
            })
          : null,
      ]);
    }),
  );
}
