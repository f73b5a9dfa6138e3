// A hand as a row of tile buttons (a toolbar: arrow keys move, one tab stop), shared by the
// table and a puzzle, and the viewer's own seat with its controls.
import { h, plural, tileFace } from "./dom.js";
import { KEYS_HELP, disclosure, drawActions, endChoice } from "./controls.js";

/**
 * `opts.active` says whether a click acts now, `marked(t)` whether the tile is shown as
 * playable (and `opts.say` whether its name says so either way), `classes(t)` and `note(t)`
 * add marks and words.
 * @param {{choosing: string|null, focusTile: string|null, dead: any, useTile: Function, handKeys: Function}} table
 */
export function handRow(table, tiles, label, opts) {
  if (!tiles.some((t) => t.tile === table.focusTile)) {
    const first = tiles.find((t) => t.playable) || tiles[0];
    table.focusTile = first ? first.tile : null;
  }
  const row = h(
    "div",
    { class: "dl-hand", role: "toolbar", "aria-label": label, "aria-orientation": "horizontal", onkeydown: (e) => handKeys(e) },
    tiles.map((t) => {
      const mark = opts.marked(t);
      const where = mark ? (t.ends.length === 2 ? ", playable, fits both ends" : ", playable") : opts.say ? ", cannot be played now" : "";
      return tileFace(t.high, t.low, {
        orient: "v",
        tag: "button",
        extra: [mark ? "dl-playable" : "", table.choosing === t.tile ? "dl-selected" : "", ...(opts.classes ? opts.classes(t) : [])].join(" "),
        attrs: {
          type: "button",
          "data-key": `hand:${t.tile}`,
          "data-tile": t.tile,
          tabindex: t.tile === table.focusTile ? "0" : "-1",
          "aria-label": t.spoken + where + (opts.note ? opts.note(t) : ""),
          "aria-pressed": table.choosing === t.tile ? "true" : null,
          "aria-disabled": opts.active ? null : "true",
          disabled: !!table.dead,
          onclick: () => {
            table.focusTile = t.tile;
            table.useTile(t);
          },
          onfocus: () => {
            table.focusTile = t.tile;
            for (const b of row.querySelectorAll("button")) b.setAttribute("tabindex", b.dataset.tile === t.tile ? "0" : "-1");
          },
        },
      });
    }),
  );
  return row;
}

/** Arrows, Home and End move the focus along the row (and wrap). */
export function handKeys(event) {
  const buttons = Array.from(event.currentTarget.querySelectorAll("button"));
  const index = buttons.indexOf(event.currentTarget.ownerDocument.activeElement);
  if (index < 0) return;
  let next = null;
  if (event.key === "ArrowRight" || event.key === "ArrowDown") next = (index + 1) % buttons.length;
  else if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = (index - 1 + buttons.length) % buttons.length;
  else if (event.key === "Home") next = 0;
  else if (event.key === "End") next = buttons.length - 1;
  if (next === null) return;
  event.preventDefault();
  event.stopPropagation();
  buttons[next].focus();
}

/** The viewer's seat: their hand, the end choice while one is asked, and the controls. */
export function drawYou(table, s) {
  const highlight = s.options.highlight_playable;
  const hintTile = s.hint && s.hint.tile;
  const owner = s.viewer_name === "You" || s.viewer_name === null ? "Your hand" : `${s.viewer_name}'s hand`;
  const hand = handRow(table, s.hand, owner, {
    active: s.your_turn,
    say: highlight && s.your_turn,
    marked: (t) => highlight && t.playable && s.your_turn,
    classes: (t) => [hintTile === t.tile ? "dl-hinted" : "", t.drawn ? "dl-drawn" : ""],
    note: (t) => (t.drawn ? ", just drawn" : ""),
  });
  return h("section", { class: "dl-you" + (s.your_turn ? " dl-to-move" : ""), "aria-label": owner }, [
    h("div", { class: "dl-seat-head" }, [
      h("span", { class: "dl-seat-name", text: owner }),
      h("span", { class: "dl-muted", text: plural(s.hand.length, "tile") }),
    ]),
    hand,
    endChoice(table, s.ends),
    drawActions(table, s),
    disclosure(table, "keys", "Keys", KEYS_HELP),
  ]);
}
