// A hand as a row of tile buttons (a toolbar: arrow keys move, one tab stop), shared by the
// table and a puzzle, and the viewer's own seat with its controls.
import { h, tileFace } from "./dom.js";
import { tr } from "./words.js";
import { KEYS_HELP, disclosure, drawActions, endChoice } from "./controls.js";

/**
 * `opts.active` says whether a click acts now, `marked(t)` whether the tile is shown as
 * playable (and `opts.say` whether its name says so either way), `classes(t)` adds marks and
 * `note(t, name)` gives the tile's name with words added, `badge(t)` a word shown on the tile.
 * @param {{choosing: string|null, focusTile: string|null, dead: any, useTile: Function, handKeys: Function}} table
 */
export function handRow(table, tiles, label, opts) {
  if (!tiles.some((x) => x.tile === table.focusTile)) {
    const first = tiles.find((x) => x.playable) || tiles[0];
    table.focusTile = first ? first.tile : null;
  }
  const t = tr(table);
  // The tile's name, with whether it can be played now ("six-three, playable").
  const named = (tile, mark) =>
    mark
      ? tile.ends.length === 2
        ? t("{tile}, playable, fits both ends", { tile: tile.spoken })
        : t("{tile}, playable", { tile: tile.spoken })
      : opts.say
        ? t("{tile}, cannot be played now", { tile: tile.spoken })
        : tile.spoken;
  const row = h(
    "div",
    { class: "dl-hand", role: "toolbar", "aria-label": label, "aria-orientation": "horizontal", onkeydown: (e) => handKeys(e) },
    tiles.map((tile) => {
      const mark = opts.marked(tile);
      const name = named(tile, mark);
      return tileFace(tile.high, tile.low, {
        orient: "v",
        tag: "button",
        extra: [mark ? "dl-playable" : "", table.choosing === tile.tile ? "dl-selected" : "", ...(opts.classes ? opts.classes(tile) : [])].join(" "),
        attrs: {
          type: "button",
          "data-key": `hand:${tile.tile}`,
          "data-tile": tile.tile,
          tabindex: tile.tile === table.focusTile ? "0" : "-1",
          "aria-label": opts.note ? opts.note(tile, name) : name,
          "data-badge": opts.badge ? opts.badge(tile) : null,
          "aria-pressed": table.choosing === tile.tile ? "true" : null,
          "aria-disabled": opts.active ? null : "true",
          disabled: !!table.dead,
          onclick: () => {
            table.focusTile = tile.tile;
            table.useTile(tile);
          },
          onfocus: () => {
            table.focusTile = tile.tile;
            for (const b of row.querySelectorAll("button")) b.setAttribute("tabindex", b.dataset.tile === tile.tile ? "0" : "-1");
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
  const t = tr(table);
  const highlight = s.options.highlight_playable;
  const hintTile = s.hint && s.hint.tile;
  // (The name Python gives the one person at the table is "You", in the table's language.)
  const you = s.viewer_name === null || s.viewer_name === "You" || s.viewer_name === t("You");
  const owner = you ? t("Your hand") : t("{name}'s hand", { name: s.viewer_name });
  const hand = handRow(table, s.hand, owner, {
    active: s.your_turn,
    say: highlight && s.your_turn,
    marked: (tile) => highlight && tile.playable && s.your_turn,
    classes: (tile) => [hintTile === tile.tile ? "dl-hinted" : "", tile.drawn ? "dl-drawn" : ""],
    note: (tile, name) => (tile.drawn ? t("{tile}, just drawn", { tile: name }) : name),
    badge: (tile) => (tile.drawn ? t("new") : null),
  });
  return h("section", { class: "dl-you" + (s.your_turn ? " dl-to-move" : ""), "aria-label": owner }, [
    h("div", { class: "dl-seat-head" }, [
      h("span", { class: "dl-seat-name", text: owner }),
      h("span", { class: "dl-muted", text: t.n("{count} tile", "{count} tiles", s.hand.length) }),
    ]),
    hand,
    endChoice(table, s.ends),
    drawActions(table, s),
    disclosure(table, "keys", t("Keys"), t(KEYS_HELP)),
  ]);
}
