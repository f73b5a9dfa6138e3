// The line of play: its tiles laid out as on a table (layout.js) and its two ends, which
// become buttons while a tile that fits both waits for its end.
import { h, tileFace } from "./dom.js";
import { layoutChain, layoutLine } from "./layout.js";
import { keyOf, tr } from "./words.js";

/** The size of one tile half on the line, px: the CSS variable --dl-line-u (smaller on a
 * narrow table) times the table's scale. */
export function unitPx(root, shown) {
  const raw = typeof getComputedStyle === "function" ? getComputedStyle(root).getPropertyValue("--dl-line-u") : "";
  const n = parseFloat(raw);
  const scale = (shown && shown.options && shown.options.scale) || 1;
  return (n > 0 ? n : 30) * scale;
}

/** Below this width (px) the table is narrow: the line is laid out as one chain. */
export const NARROW_PX = 560;
/** Padding of the line's area, px. */
export const PAD_PX = 10;
/** The projector's layout: the game's column takes this share of the table's width after the
 * gap (`.dl-stage` in widget.css: columns 72fr and 28fr, 16 px apart); the log has the rest. */
export const STAGE_MAIN = 0.72;
export const STAGE_GAP_PX = 16;

/** The width the line's area may take, px: the table's, or its game column's on a projector. */
export function lineWidth(table) {
  const width = table.width || 640;
  return table.projector && table.projector() ? Math.floor((width - STAGE_GAP_PX) * STAGE_MAIN) : width;
}

/** The frame a review, a puzzle or the analysis board draws round the line, px each side
 * (`.dl-coach` and `.dl-analysis`: padding 8, border 1). */
export const FRAME_PX = 9;

/**
 * The line of `s` (a snapshot, or a coach position: line, lead_index, ends); with `slots`
 * false the ends are shown but cannot be chosen (a review); `framed` when it is drawn inside the
 * coach's or the board's frame, which takes its width from the line's room.
 * @param {{choosing: string|null, width: number, unitPx: () => number, chooseEnd: Function, spoken: Function}} table
 */
export function drawLine(table, s, slots = true, framed = false) {
  const t = tr(table);
  const section = h("section", { class: "dl-table", "aria-label": t("The line of play") });
  if (!s.line.length && !slots) {
    // Nothing laid and nothing to choose (a review or the board at the lead): the line's words
    // in one short row, not an empty area as tall as a line of tiles.
    section.classList.add("dl-table-empty");
    section.append(h("p", { class: "dl-line-empty", text: lineLabel(s) }));
    return section;
  }
  const u = table.unitPx();
  const room = Math.max(lineWidth(table) - 2 * PAD_PX - (framed ? 2 * FRAME_PX : 0), 6 * u);
  // A narrow table (a phone, a split screen) reads the line as one chain, like text.
  const layout = table.width && table.width < NARROW_PX ? layoutChain(s.line, room, u) : layoutLine(s.line, s.lead_index, room, u, !slots);
  // The tiles are a list; the end buttons sit beside it in the same area (a list holds only
  // list items).
  const area = h("div", { class: slots ? "dl-line-area" : "dl-line-area dl-still", style: `width: ${room}px; height: ${Math.ceil(layout.height)}px` });
  const ends = s.ends || [null, null];
  const line = h("div", { class: "dl-line", role: "list", "aria-label": lineLabel(s) });
  area.append(line);
  const at = (box) => `left: ${box.x}px; top: ${box.y}px; width: ${box.w}px; height: ${box.h}px`;
  for (const item of layout.items) {
    const p = s.line[item.index];
    // Faces read along the line: the left number first when it runs rightwards, and so on.
    const [a, b] = item.flip ? [p.right, p.left] : [p.left, p.right];
    const endSide = item.index === 0 && s.line.length > 1 ? "left" : item.index === s.line.length - 1 && s.line.length > 1 ? "right" : null;
    const extra = [p.last ? "dl-last" : "", endSide ? `dl-end-tile dl-end-${endSide}` : "", item.corner ? "dl-corner" : ""].join(" ");
    line.append(
      tileFace(a, b, {
        orient: item.vertical ? "v" : "h",
        extra,
        attrs: { role: "listitem", "aria-label": p.spoken, "data-tile": p.tile, style: at(item) },
      }),
    );
  }
  for (const side of ["left", "right"]) {
    if (!slots) break;
    if (!s.line.length && side === "right") break;
    const number = ends[side === "left" ? 0 : 1];
    const active = table.choosing !== null;
    // The name starts with what the button shows ("L 6"), so speech input can say it too.
    const letter = (keyOf(table, side) || "").toUpperCase(); // "I" and "D" at a Spanish table
    const parts = { number, tile: active ? table.spoken(table.choosing) : null };
    const label = !s.line.length
      ? t("lead: your lead goes here")
      : active
        ? side === "left"
          ? t("L {number}: play {tile} on the left end, which shows {number}", parts)
          : t("R {number}: play {tile} on the right end, which shows {number}", parts)
        : side === "left"
          ? t("L {number}: the left end shows {number}", parts)
          : t("R {number}: the right end shows {number}", parts);
    area.append(
      h("button", {
        class: `dl-slot dl-slot-${side}${active ? " dl-choose" : ""}`,
        type: "button",
        tabindex: active ? "0" : "-1",
        "data-key": `end:${side}`,
        "aria-label": label,
        "aria-disabled": active ? null : "true",
        "aria-keyshortcuts": keyOf(table, side),
        style: at(layout.slots[side]),
        onclick: () => table.chooseEnd(side),
      }, s.line.length ? [h("span", { class: "dl-slot-letter", text: letter }), " ", h("span", { class: "dl-slot-number", text: String(number) })] : [h("span", { class: "dl-slot-letter", text: t("lead") })]),
    );
  }
  section.append(area);
  return section;
}

/** The line's name for a screen reader, as Python words it (`line_said`): its tiles in chain
 * order from the left end, each read from the end it meets, then both ends.  No word of it is
 * made here. */
export function lineLabel(s) {
  return s.line_said;
}
