// Tile movement: a tile new on the line travels from the hand or seat that played it, a drawn
// tile from the boneyard.  Nothing moves where the reader prefers reduced motion.

function rects(root, selector, attr) {
  const out = new Map();
  for (const node of root.querySelectorAll(selector)) {
    const r = node.getBoundingClientRect();
    if (r.width || r.height) out.set(node.getAttribute(attr), r);
  }
  return out;
}

/** Where the hand's tiles, the seats and the boneyard are now (before a re-render). */
export function places(root, before) {
  const boneyard = root.querySelector(".dl-boneyard-tiles");
  return {
    hand: rects(root, ".dl-hand [data-tile]", "data-tile"),
    seats: rects(root, ".dl-seat[data-seat]", "data-seat"),
    bone: boneyard ? boneyard.getBoundingClientRect() : null,
    line: new Set(before.line.map((p) => p.tile)),
    held: new Set(before.hand.map((t) => t.tile)),
  };
}

/** Move each new tile of `shown` from where it came from (`from`: `places()` before). */
export function travel(root, shown, from) {
  const fly = (node, start) => {
    if (!start || typeof node.animate !== "function") return;
    const to = node.getBoundingClientRect();
    const dx = start.left + start.width / 2 - (to.left + to.width / 2);
    const dy = start.top + start.height / 2 - (to.top + to.height / 2);
    if (Math.abs(dx) + Math.abs(dy) < 2) return;
    node.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], {
      duration: 380,
      easing: "cubic-bezier(.2,.7,.3,1)",
    });
  };
  for (const p of shown.line) {
    if (from.line.has(p.tile)) continue;
    const node = root.querySelector(`.dl-line [data-tile="${p.tile}"]`);
    const start = p.by === shown.viewer ? from.hand.get(p.tile) : from.seats.get(String(p.by));
    if (node) fly(node, start);
  }
  for (const t of shown.hand) {
    if (from.held.has(t.tile)) continue;
    const node = root.querySelector(`.dl-hand [data-tile="${t.tile}"]`);
    if (node) fly(node, from.bone);
  }
}
