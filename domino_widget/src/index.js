// Domino Lab play table (anywidget ESM): the entry point that `npm run build` bundles, with
// every part in parts/, into the one file the wheel ships (widget.js).
//
// Python holds the game: it sends one JSON `snapshot` of what the person looking at the screen
// may see, and this module draws it and sends *intents* back ({action, version, id, ...}).
// There is no rule here: which tiles are playable, which ends a tile goes to, whether Draw,
// Pass and Undo are allowed, every number and sentence come from the snapshot, and Python
// checks every intent against the position it was made for.
import { createTable } from "./parts/table.js";

export { ANSWER_NOTE_MS, createTable } from "./parts/table.js";
export { h, tileBack, tileFace } from "./parts/dom.js";
export { layoutLine } from "./parts/layout.js";

/** anywidget entry point: draw the table; the returned function cleans up. */
function render({ model, el }) {
  const table = createTable(model, el);
  return () => table.destroy();
}

export default { render };
